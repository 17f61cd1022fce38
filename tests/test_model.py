"""What a record says, held without rules: positions, tags, a rule-breaking deal."""

from __future__ import annotations

from aluette_cli.model import Deal, Game, Pos, Tag

from .conftest import check


def test_positions_compare_in_text_order() -> None:
    assert Pos(2, 1) > Pos(1, 80) > Pos(1, 3)
    assert sorted([Pos(3, 1), Pos(1, 9), Pos(1, 2)]) == [Pos(1, 2), Pos(1, 9), Pos(3, 1)]


def test_a_tag_is_found_by_its_exact_name_before_another_case() -> None:
    game = Game(
        index=0,
        pos=Pos(1, 1),
        tags=[Tag("rules", "team-five", Pos(1, 1)), Tag("Rules", "classic", Pos(2, 1))],
    )
    found = game.tag("Rules")
    assert found is not None and found.value == "classic"
    folded = game.tag("RULES")
    assert folded is not None and folded.value == "team-five"
    assert game.tag("Event") is None


def test_players_are_named_as_any_tag_is_read_trimmed_and_never_unknown() -> None:
    game = Game(
        index=0,
        pos=Pos(1, 1),
        tags=[
            Tag("north", "Anne", Pos(1, 1)),  # read as North (A409)
            Tag("East", "  Jean  ", Pos(2, 1)),
            Tag("South", "?", Pos(3, 1)),  # unknown: nobody
            Tag("West", "", Pos(4, 1)),
        ],
    )
    assert game.players() == {"N": "Anne", "E": "Jean"}


def test_a_player_is_one_name_however_the_accents_were_typed() -> None:
    """An accent typed as one character (NFC) or as a letter and a combining
    mark (NFD, as some keyboards and programs write it) looks the same and
    names the same player: every output reads the composed form."""
    composed, decomposed = "Jos\u00e9 L\u00e9on", "Jose\u0301 Le\u0301on"
    game = Game(
        index=0,
        pos=Pos(1, 1),
        tags=[Tag("North", decomposed, Pos(1, 1)), Tag("South", composed, Pos(2, 1))],
    )
    assert game.players() == {"N": composed, "S": composed}


def test_a_deal_that_breaks_every_rule_is_still_held_as_written() -> None:
    """Five cards in a trick, a card nobody holds twice, the wrong dealer: the
    model keeps them all, so that the engine can say what is wrong."""
    checked = check("deal 1 dealer W\n1. N:1c E:1c S:1c W:1c N:2c -> N\n")
    (deal,) = checked.game.deals
    assert isinstance(deal, Deal)
    assert (deal.number, deal.dealer) == (1, "W")
    (trick,) = deal.tricks
    assert [(p.seat, p.card) for p in trick.plays] == [
        ("N", "1c"),
        ("E", "1c"),
        ("S", "1c"),
        ("W", "1c"),
        ("N", "2c"),
    ]
    assert checked.outcome.findings


def test_a_game_is_called_by_its_event_or_by_whether_it_has_tags() -> None:
    at = Pos(1, 1)
    assert Game(1, at).title() == "Untagged game"
    dated = Game(1, at, tags=[Tag("Date", "2026.11.14", at)])
    assert dated.title() == "Game without an Event tag"
    named = Game(1, at, tags=[Tag("event", "Club night", at), Tag("Date", "?", at)])
    assert named.title() == "Club night"  # a known tag in another case is read as it
