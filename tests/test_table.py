"""The table (``aluette_cli/table.py``): one deal in play, card by card.

The table is the one place that knows the rules of play: whose turn it is,
that a card comes from the player's hand and is played once, who takes a
trick and who leads the next.  The engine replays records through it, the
generator plays random games through it and the quick check lays whole
tricks with its :func:`lay`, so a change to it is held here first, on small
deals worked out by hand from docs/rules.md §1-3 (the ranking: aces above
kings above cavaliers above valets above the 8s, 7s, 6s, 5s and 4s; the
dealer's left leads trick 1; the single strongest card takes the trick and
its player leads next; a tie for the top spoils it and its leader leads
again).  What the engine makes of the problems, on the record's lines, is
``tests/test_engine.py``'s.
"""

from __future__ import annotations

import pytest

from aluette_cli import findings as F
from aluette_cli.deal_checks import Exchange, hand_lines
from aluette_cli.model import Play, Pos
from aluette_cli.reading import read_games
from aluette_cli.rules import load_ruleset
from aluette_cli.table import LeanTable, Problem, Table, dealer_shown, lay

from .conftest import generated

CLASSIC = load_ruleset("classic")
TEAM_FIVE = load_ruleset("team-five")


def hands() -> dict[str, list[str]]:
    """Three cards a hand, dealer N, so E leads.  Worked by hand:

    - trick 1, E leads: E Rd, S 1c, W 4b, N Vd: the ace is the strongest
      card, S takes it and leads;
    - trick 2: S 5c, W 5b, N 7d, E 5d: three equal 5s below the 7, which is
      the single strongest card: N takes it;
    - trick 3: N 8d, E 6d, S 6c, W 6b: N again."""
    return {
        "E": ["Rd", "5d", "6d"],
        "S": ["1c", "5c", "6c"],
        "W": ["4b", "5b", "6b"],
        "N": ["Vd", "7d", "8d"],
    }


TRICKS = [
    [("E", "Rd"), ("S", "1c"), ("W", "4b"), ("N", "Vd")],
    [("S", "5c"), ("W", "5b"), ("N", "7d"), ("E", "5d")],
    [("N", "8d"), ("E", "6d"), ("S", "6c"), ("W", "6b")],
]


def codes(problems: object) -> list[tuple[str, str]]:
    assert isinstance(problems, (list, tuple))
    return [(p.code, p.variant) for p in problems if isinstance(p, Problem)]


def play_trick(table: Table, plays: list[tuple[str, str]]) -> None:
    for seat, card in plays:
        assert table.play(seat, card) == ()


# --------------------------------------------------------------------------
# Turns, winners and leaders


def test_the_player_on_the_dealers_left_leads_and_play_goes_clockwise() -> None:
    table = Table(CLASSIC, "N", hands())
    assert (table.number, table.leader) == (1, "E")
    turns = []
    for seat, card in TRICKS[0]:
        turns.append(table.turn)
        table.play(seat, card)
    assert turns == ["E", "S", "W", "N"]
    assert table.turn is None  # four cards on the table: nobody's turn


def test_the_single_strongest_card_takes_the_trick_and_its_player_leads_next() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0])
    trick, problems = table.end_trick()
    assert problems == ()
    assert (trick.number, trick.leader, trick.winner, trick.pourri) == (1, "E", "S", False)
    assert (trick.top, trick.beaten) == (["1c"], "Rd")  # the ace beat the king
    assert (table.number, table.leader, table.turn) == (2, "S", "S")


def test_equal_cards_below_the_top_do_not_spoil_the_trick() -> None:
    table = Table(CLASSIC, "N", hands())
    for plays in TRICKS:
        play_trick(table, plays)
        table.end_trick()
    # the three 5s of trick 2 tie, but the 7 is above them
    assert table.winners == ["S", "N", "N"]
    assert table.held == {"E": set(), "S": set(), "W": set(), "N": set()}


def test_a_tie_for_the_top_spoils_the_trick_and_its_leader_leads_again() -> None:
    table = Table(CLASSIC, "N", {"E": ["Rd"], "S": ["Rc"], "W": ["4b"], "N": ["Vd"]})
    play_trick(table, [("E", "Rd"), ("S", "Rc"), ("W", "4b"), ("N", "Vd")])
    trick, _ = table.end_trick()
    assert (trick.winner, trick.pourri, sorted(trick.top)) == (None, True, ["Rc", "Rd"])
    assert (table.leader, table.winners) == ("E", [None])


def test_where_equal_cards_cancel_the_strongest_card_left_takes_the_trick() -> None:
    # team-five: the two kings cancel, the valet is the strongest card left
    table = Table(TEAM_FIVE, "N", {"E": ["Rd"], "S": ["Rc"], "W": ["4b"], "N": ["Vd"]})
    play_trick(table, [("E", "Rd"), ("S", "Rc"), ("W", "4b"), ("N", "Vd")])
    trick, _ = table.end_trick()
    assert (trick.winner, sorted(trick.cancelled)) == ("N", ["Rc", "Rd"])
    assert table.leader == "N"


def test_the_seat_may_be_left_out_and_is_then_the_turns() -> None:
    table = Table(CLASSIC, "N", hands())
    for _, card in TRICKS[0]:
        assert table.play(None, card) == ()
    trick, _ = table.end_trick()
    assert trick.plays == TRICKS[0]
    assert trick.winner == "S"


# --------------------------------------------------------------------------
# Play that breaks a rule: the problem, before the engine places it


def test_a_lead_out_of_turn_says_who_should_lead_and_why() -> None:
    table = Table(CLASSIC, "N", hands())
    (problem,) = table.play("S", "1c")
    assert (problem.code, problem.variant) == (F.OUT_OF_TURN, "lead-left")
    assert (problem.facts["seat"], problem.facts["leader"], problem.facts["trick"]) == ("S", "E", 1)


def test_the_trick_led_out_of_turn_is_the_record_leaders() -> None:
    table = Table(CLASSIC, "N", hands())
    table.play("S", "1c")  # E should lead: reported
    for seat, card in [("W", "4b"), ("N", "Vd"), ("E", "Rd")]:
        table.play(seat, card)
    trick, _ = table.end_trick()
    assert (trick.leader, trick.winner) == ("S", "S")


def test_a_lead_out_of_turn_after_a_trick_names_the_trick_its_leader_won() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0])
    table.end_trick()
    (problem,) = table.play("W", "5b")  # S took trick 1 and leads trick 2
    assert (problem.variant, problem.facts["leader"], problem.facts["previous"]) == (
        "lead-won",
        "S",
        1,
    )


def test_a_lead_out_of_turn_after_a_spoiled_trick_says_nobody_took_it() -> None:
    table = Table(CLASSIC, "N", {"E": ["Rd", "5d"], "S": ["Rc", "5c"], "W": ["4b"], "N": ["Vd"]})
    play_trick(table, [("E", "Rd"), ("S", "Rc"), ("W", "4b"), ("N", "Vd")])
    table.end_trick()
    (problem,) = table.play("S", "5c")  # E led the pourri trick and leads again
    assert (problem.variant, problem.facts["leader"], problem.facts["nobody"]) == (
        "lead-nobody",
        "E",
        "pourri",
    )


def test_a_card_out_of_turn_inside_a_trick_names_whose_turn_it_was() -> None:
    table = Table(CLASSIC, "N", hands())
    table.play("E", "Rd")
    (problem,) = table.play("W", "4b")
    assert (problem.variant, problem.facts["turn"], problem.facts["leader"]) == ("turn", "S", "E")
    # one finding for the trick is enough: the next card out of order says nothing
    assert table.play("S", "1c") == ()


def test_a_fifth_card_on_a_trick_is_out_of_turn() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0])
    assert codes(table.play("E", "5d")) == [(F.OUT_OF_TURN, "fifth")]


@pytest.mark.parametrize(
    ("exchange", "stock", "card", "variant", "holder"),
    [
        (None, (), "1c", "dealt", "S"),  # S was dealt the ace of cups
        (None, ("9e",), "9e", "stock", None),  # left in the stock: nobody plays it
        (Exchange(discarded={"7e": "E"}), (), "7e", "discarded", "E"),
        (Exchange(taken={"9e"}, kept={"9e": "W"}), (), "9e", "taken", "W"),
    ],
)
def test_a_card_the_player_does_not_hold_says_where_it_is(
    exchange: Exchange | None, stock: tuple[str, ...], card: str, variant: str, holder: str | None
) -> None:
    table = Table(CLASSIC, "N", hands(), exchange, stock)
    (problem,) = table.play("E", card)
    assert (problem.code, problem.variant) == (F.NOT_IN_HAND, variant)
    assert (problem.facts["card"], problem.facts["seat"], problem.facts["holder"]) == (
        card,
        "E",
        holder,
    )


def test_without_hands_a_card_is_only_checked_against_the_cards_played() -> None:
    table = Table(CLASSIC, "N")
    for seat, card in TRICKS[0]:
        assert table.play(seat, card) == ()
    table.end_trick()
    (problem,) = table.play("S", "Rd")
    assert (problem.code, problem.facts["previous"]) == (F.PLAYED_TWICE, 1)


def test_a_card_played_again_names_the_trick_it_was_played_in() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0])
    table.end_trick()
    problems = table.play("S", "Rd")  # E's king, played in trick 1
    assert codes(problems) == [(F.PLAYED_TWICE, "")]
    assert problems[0].facts == {"card": "Rd", "previous": 1}


def test_the_holder_plays_a_card_someone_else_played_first_without_a_second_finding() -> None:
    # E plays S's ace (A203, the record's mistake) and takes trick 1 with
    # it; E leads trick 2 and S then plays its own ace: that play is right,
    # not A204
    table = Table(CLASSIC, "N", hands())
    assert codes(table.play("E", "1c")) == [(F.NOT_IN_HAND, "dealt")]
    play_trick(table, [("S", "5c"), ("W", "4b"), ("N", "Vd")])
    assert table.end_trick()[0].winner == "E"
    assert table.play("E", "Rd") == ()
    assert table.play("S", "1c") == ()
    # a third play of it is A204 again
    assert codes(table.play("W", "1c")) == [(F.PLAYED_TWICE, "")]


def test_a_card_played_first_by_another_may_be_played_by_a_player_whose_hand_is_not_given() -> None:
    """S's hand is left out: E plays S's ace (A203: it is not E's), and S,
    who may hold it (no written hand, nor the stock, holds it), plays it
    later without a second finding; one mistake, one finding."""
    dealt = hands()
    del dealt["S"]
    table = Table(CLASSIC, "N", dealt)
    assert codes(table.play("E", "1c")) == [(F.NOT_IN_HAND, "")]
    play_trick(table, [("S", "5c"), ("W", "4b"), ("N", "Vd")])
    assert table.end_trick()[0].winner == "E"
    assert table.play("E", "Rd") == ()
    assert table.play("S", "1c") == ()
    # a third play of it is A204 again, as is one by a player that may not hold it
    assert codes(table.play("W", "1c")) == [(F.PLAYED_TWICE, "")]


def test_a_card_is_reseated_to_its_holder_only_if_it_has_no_card_of_the_trick() -> None:
    """A seat letter mistyped: N's card written for E is N's, where N has
    played no card of the trick; a player plays one card a trick, so a
    card of a seat that has one on the table already stays where it is."""
    table = Table(CLASSIC, "N", hands())
    assert codes(table.play("E", "Vd")) == [(F.NOT_IN_HAND, "dealt")]  # N's valet
    assert table.reseat("Vd", "N")
    assert not table.reseat("Vd", "S")  # (S does not hold it)
    table = Table(CLASSIC, "N", hands())
    assert codes(table.play("E", "Vd")) == [(F.NOT_IN_HAND, "dealt")]
    play_trick(table, [("S", "1c"), ("W", "4b")])
    assert codes(table.play("N", "7d")) == []
    assert not table.reseat("Vd", "N")  # N has played 7d
    trick, _ = table.end_trick()
    assert trick.plays == [("E", "Vd"), ("S", "1c"), ("W", "4b"), ("N", "7d")]


def test_a_trick_of_three_cards_is_a_problem_when_it_is_gathered() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0][:3])
    trick, problems = table.end_trick()
    assert codes(problems) == [(F.TRICK_SIZE, "")]
    assert problems[0].facts == {"trick": 1, "count": 3}
    assert trick.winner == "S"  # the ace still takes the three cards


# --------------------------------------------------------------------------
# Tricks the record leaves out, and leads a claim allowed


def test_after_a_missing_trick_whoever_the_record_says_leads_without_a_problem() -> None:
    table = Table(CLASSIC, "N", hands())
    table.skip(1)
    assert table.tricks[0].unknown
    assert table.number == 2
    assert table.play("W", "4b") == ()
    assert (table.leader, table.turn) == ("W", "N")


def test_after_a_missing_trick_a_lead_without_a_seat_is_its_holders() -> None:
    table = Table(CLASSIC, "N", hands())
    table.skip(2)
    assert table.play(None, "7d") == ()
    assert table.leader == "N"
    assert table.number == 3


def test_a_lead_a_wrong_claim_named_is_accepted_once() -> None:
    table = Table(CLASSIC, "N", hands())
    play_trick(table, TRICKS[0])
    table.end_trick()
    table.also_lead("W")  # the record claimed trick 1 for W, already reported
    assert table.play("W", "5b") == ()
    assert table.turn == "N"


# --------------------------------------------------------------------------
# When play is over


def test_classic_play_is_over_after_nine_tricks_only() -> None:
    table = Table(CLASSIC, "N")
    table.skip(8)
    assert not table.over
    table.skip(1)
    assert table.over


def test_team_five_play_stops_when_a_team_reaches_five_tricks() -> None:
    # Dealer E, so S leads.  S leads its four aces and takes four tricks, N
    # playing a 7 and W and E 4s, 5s and 6s under them; S leads the 8 of
    # coins to the fifth and N's king takes it: NS has five, play stops.
    table = Table(TEAM_FIVE, "E")
    low = iter(["4d", "4c", "4b", "4e", "5d", "5c", "5b", "5e", "6d", "6c"])
    leads = [("1d", "7d"), ("1c", "7c"), ("1b", "7b"), ("1e", "7e"), ("8d", "Rd")]
    for k, (lead, partner) in enumerate(leads, 1):
        play_trick(table, [("S", lead), ("W", next(low)), ("N", partner), ("E", next(low))])
        table.end_trick()
        assert table.over == (k == 5)
    assert table.winners == ["S", "S", "S", "S", "N"]
    assert table.decided_after() == 5


# --------------------------------------------------------------------------
# A whole trick at once: play_all and lay


def test_a_right_trick_is_laid_at_once_with_the_outcome_of_four_plays() -> None:
    at_once = Table(CLASSIC, "N", hands())
    one_by_one = Table(CLASSIC, "N", hands())
    for plays in TRICKS:
        assert at_once.play_all([Play(seat, card, Pos(1, 1)) for seat, card in plays])
        play_trick(one_by_one, plays)
        assert at_once.end_trick() == one_by_one.end_trick()
    assert at_once.held == one_by_one.held


@pytest.mark.parametrize(
    "plays",
    [
        [("S", "1c"), ("E", "Rd"), ("W", "4b"), ("N", "Vd")],  # S before E
        [("E", "5c"), ("S", "1c"), ("W", "4b"), ("N", "Vd")],  # E does not hold 5c
        [("E", "Rd"), ("S", "1c"), ("W", "4b")],  # three cards
    ],
)
def test_a_wrong_trick_is_not_laid_and_nothing_changes(plays: list[tuple[str, str]]) -> None:
    table = Table(CLASSIC, "N", hands())
    assert not table.play_all([Play(seat, card, Pos(1, 1)) for seat, card in plays])
    assert table.held == {seat: set(cards) for seat, cards in hands().items()}
    assert table.turn == "E"


def test_a_card_laid_at_once_is_played_once() -> None:
    table = Table(CLASSIC, "N", hands())
    assert table.play_all([Play(seat, card, Pos(1, 1)) for seat, card in TRICKS[0]])
    table.end_trick()
    problems = table.play("S", "Vd")  # N's valet, laid in trick 1
    assert codes(problems) == [(F.PLAYED_TWICE, "")]
    assert problems[0].facts["previous"] == 1


def test_a_card_already_played_is_never_laid_at_once() -> None:
    table = Table(CLASSIC, "N", {**hands(), "S": ["1c", "5c", "6c", "Rd"]})
    play_trick(table, TRICKS[0])
    table.end_trick()
    # S holds a second Rd only by the record's mistake: the table plays it card by card
    again = [("S", "Rd"), ("W", "5b"), ("N", "7d"), ("E", "5d")]
    assert not table.play_all([Play(seat, card, Pos(1, 1)) for seat, card in again])


def test_lay_takes_the_cards_from_the_hands_or_leaves_them() -> None:
    held = {seat: set(cards) for seat, cards in hands().items()}
    order = ("E", "S", "W", "N")
    wrong = (None, "E", "Rd", "S", "1c", "W", "4b", "N", "Rd", None)  # Rd twice
    assert not lay(order, held, wrong)
    assert held == {seat: set(cards) for seat, cards in hands().items()}
    # a card dealt twice (the record's mistake) is played once in a trick
    twice = {**held, "N": {"Rd", "7d", "8d"}}
    assert not lay(order, twice, (None, "E", "Rd", "S", "1c", "W", "4b", "N", "Rd", None))
    assert twice["E"] == {"Rd", "5d", "6d"}
    right = (None, "", "Rd", "", "1c", "W", "4b", "", "Vd", None)  # seats may be left out
    assert lay(order, held, right)
    assert held == {"E": {"5d", "6d"}, "S": {"5c", "6c"}, "W": {"5b", "6b"}, "N": {"7d", "8d"}}


# --------------------------------------------------------------------------
# The lean table: the same rules, for a whole deal at once


def lean_tricks(claims: list[str]) -> list[tuple[str, ...]]:
    return [
        (str(k), *[x for play in plays for x in play], claim)
        for k, (plays, claim) in enumerate(zip(TRICKS, claims, strict=True), 1)
    ]


def test_the_lean_table_gives_the_winners_the_table_gives() -> None:
    lean = LeanTable(CLASSIC, "pourri")
    held = {seat: set(cards) for seat, cards in hands().items()}
    assert lean.play("N", held, lean_tricks(["S", "N", ""])) == ["S", "N", "N"]
    assert held == {"E": set(), "S": set(), "W": set(), "N": set()}


@pytest.mark.parametrize(
    "claims",
    [["S", "E", ""], ["pourri", "N", "N"]],  # trick 2 is N's; trick 1 is S's
)
def test_the_lean_table_declines_a_deal_whose_claim_is_wrong(claims: list[str]) -> None:
    lean = LeanTable(CLASSIC, "pourri")
    held = {seat: set(cards) for seat, cards in hands().items()}
    assert lean.play("N", held, lean_tricks(claims)) is None


def test_the_lean_table_declines_a_deal_led_by_the_wrong_seat() -> None:
    lean = LeanTable(CLASSIC, "pourri")
    held = {seat: set(cards) for seat, cards in hands().items()}
    # dealer E: S should lead trick 1, but the record has E lead it
    assert lean.play("E", held, lean_tricks(["", "", ""])) is None


def test_the_lean_table_declines_tricks_out_of_their_order() -> None:
    lean = LeanTable(CLASSIC, "pourri")
    held = {seat: set(cards) for seat, cards in hands().items()}
    first, second, third = lean_tricks(["S", "N", "N"])
    assert lean.play("N", held, [first, ("3", *second[1:]), ("2", *third[1:])]) is None


def _after_a_missing_trick() -> Table:
    """A table without hands (a cards-only record) after trick 1 and a
    trick the record leaves out: nobody knows who leads trick 3."""
    table = Table(load_ruleset("classic"), "W")
    play_trick(table, [("N", "2d"), ("E", "Rd"), ("S", "6d"), ("W", "9e")])
    table.end_trick()
    table.skip(1)
    return table


def _cards(*cards: str) -> list[Play]:
    return [Play(None, card, Pos(1, 1)) for card in cards]


@pytest.mark.parametrize(("claimed", "leader"), [("E", "W"), ("N", "S"), ("W", "E"), ("S", "N")])
def test_after_a_missing_trick_a_claim_tells_who_led_cards_alone(claimed: str, leader: str) -> None:
    # 2e, the third card, is the strongest: whoever the claim names played it.
    table = _after_a_missing_trick()
    assert table.settle_lead(_cards("5e", "8e", "2e", "3e"), claimed)  # type: ignore[arg-type]
    for play in _cards("5e", "8e", "2e", "3e"):
        assert table.play(None, play.card) == ()
    trick, problems = table.end_trick()
    assert (trick.leader, trick.winner, problems) == (leader, claimed, ())


@pytest.mark.parametrize(
    ("cards", "claimed"),
    [
        (("5e", "8e", "2e", "3e"), False),  # no claim
        (("5e", "8e", "2e", "3e"), None),  # a pourri claim, which no lead makes right
        (("Rc", "Rb", "5e", "3e"), None),  # a pourri trick: any seat could have led
        (("5e", "8e", "2e"), "E"),  # three cards
    ],
)
def test_after_a_missing_trick_cards_alone_may_not_tell_who_led(
    cards: tuple[str, ...], claimed: str | bool | None
) -> None:
    table = _after_a_missing_trick()
    assert not table.settle_lead(_cards(*cards), claimed)  # type: ignore[arg-type]
    table.skip_unseated(cards)
    assert table.number == 4 and table.tricks[-1].unknown
    assert table.tricks[-1].unseated == cards  # for the report to name them
    # its cards were played all the same
    assert [p.code for p in table.play(None, cards[0])] == [F.PLAYED_TWICE]


@pytest.mark.parametrize(
    ("ruleset", "cards", "claimed", "wrong"),
    [
        # Two kings tie for the top however the four cards were seated.
        ("classic", ("Rd", "Re", "7c", "8d"), "N", ("nobody", "it is pourri: Rd and Re tie")),
        # 2e takes the trick whoever played it: pourri is wrong in every seating.
        ("classic", ("5e", "8e", "2e", "3e"), None, ("whoever", "2e")),
        # Right in every seating, or no claim: nothing to say.
        ("classic", ("Rd", "Re", "7c", "8d"), None, None),
        ("classic", ("5e", "8e", "2e", "3e"), False, None),
        # A card written twice in the line, or five cards: the cards say nothing sure.
        ("classic", ("Rd", "Rd", "7c", "8d"), "N", None),
        ("classic", ("Rd", "Re", "7c", "8d", "8d"), "N", None),
        ("classic", ("Rd", "Re", "7c"), "N", None),
        # team-five: the kings cancel, and 8d is the highest card left.
        ("team-five", ("Rd", "Re", "7c", "8d"), None, ("whoever-left", "8d")),
        ("team-five", ("Rd", "7e", "7c", "8d"), None, ("whoever", "Rd")),
        ("team-five", ("Rd", "Re", "7c", "7d"), "N", ("nobody", "it belongs to nobody")),
    ],
)
def test_after_a_missing_trick_a_claim_wrong_whoever_played_is_found(
    ruleset: str,
    cards: tuple[str, ...],
    claimed: str | bool | None,
    wrong: tuple[str, str] | None,
) -> None:
    table = Table(load_ruleset(ruleset), "W")
    table.skip(2)
    assert not table.settle_lead(_cards(*cards), claimed)  # type: ignore[arg-type]
    problems = table.skip_unseated(cards, 5, claimed)
    assert table.tricks[-1].unknown and table.tricks[-1].unseated == cards
    if wrong is None:
        assert problems == ()
        return
    (problem,) = problems
    variant, said = wrong
    assert (problem.code, problem.variant, problem.facts["trick"]) == (F.TRICK_CLAIM, variant, 3)
    assert said in str(problem.facts.get("truth", problem.facts.get("card")))


def test_a_seat_or_a_hand_tells_who_led_after_a_missing_trick() -> None:
    table = _after_a_missing_trick()
    assert table.settle_lead([Play("S", "5e", Pos(1, 1))], False)
    held = Table(load_ruleset("classic"), "W", hands())
    held.skip(1)
    assert held.settle_lead(_cards(hands()["E"][0]), False)


def test_the_dealer_trick_1_shows_is_the_leader_s_right_when_its_cards_are_its_players() -> None:
    """Trick 1 played in turn from W says E dealt, where the header says N;
    not if a card of it is not its player's (the seats may be what is
    wrong, not the dealer), nor if its seats are not in turn.  Cards alone
    are seated by the replay (tests/test_engine.py)."""
    text = generated(1, "--games", "1")
    (game,) = read_games([text.encode("utf-8")])
    deal = game.deals[0]
    dealer = deal.dealer
    lines = hand_lines(deal, CLASSIC)
    played: list[tuple[str | None, str]] = [(p.seat, p.card) for p in deal.tricks[0].plays]
    assert dealer_shown(played, lines, {dealer}) is None  # the header's dealer: nothing to say
    others = {s for s in "NESW" if s != dealer}
    assert dealer_shown(played, lines, others) == dealer  # another header: the play shows it
    (s1, c1), (s2, c2), *rest = played
    assert dealer_shown([(s1, c2), (s2, c1), *rest], lines, others) is None  # not its player's
    assert dealer_shown([(s2, c1), (s1, c2), *rest], lines, others) is None  # out of turn
    assert dealer_shown([(None, c1), (s2, c2), *rest], lines, others) is None
    assert dealer_shown(played[:3], lines, others) is None
    assert dealer_shown(None, lines, others) is None
