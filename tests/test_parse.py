"""Reading the notation: units, positions, comments and recovery."""

from __future__ import annotations

import io

import pytest

from aluette_cli.reading import read_games


def games(text: str):
    return list(read_games(io.BytesIO(text.encode("utf-8"))))


def test_a_bad_line_costs_only_itself():
    # Issue 10: a line that cannot be read costs that line, not the deal (the
    # deal was a BrokenDeal before); the deals around it are untouched.
    text = (
        '[Event "x"]\n'
        "deal 1 dealer N\npoint NS\n"
        "deal 2 dealer E\n1. N:3x\npoint EW\n"
        "deal 3 dealer S\npoint EW\n"
    )
    (game,) = games(text)
    assert [type(d).__name__ for d in game.deals] == ["Deal", "Deal", "Deal"]
    assert game.deals[1].point is not None and game.deals[1].point.side == "EW"
    (error,) = game.errors
    assert (error.code, error.line, error.column, error.deal) == ("A001", 5, 6, 2)
    assert "expected a card" in error.message


def test_an_open_comment_still_costs_the_deal():
    text = "deal 1 dealer N  { open\npoint NS\n\ndeal 2 dealer E\npoint EW\n"
    (game,) = games(text)
    assert [type(d).__name__ for d in game.deals] == ["BrokenDeal", "Deal"]


def test_a_deal_given_up_for_an_open_comment_names_every_line_before_it_too():
    # The open brace skips deal 2 (A002); its line that cannot be read either
    # is named in the same run, worded for the deal it is in.
    text = "deal 1 dealer S\nN:3x\npoint NS\n\ndeal 2 dealer W\n1. N:3z\npoint EW {\n"
    (game,) = games(text)
    first, second = game.deals
    assert type(first).__name__ == "Deal" and type(second).__name__ == "BrokenDeal"
    assert (second.number, second.dealer, second.text) == (2, "W", text[text.index("deal 2") :])
    said = [(f.code, f.line, f.column, f.deal) for f in game.errors]
    assert said == [("A001", 2, 3, 1), ("A001", 6, 6, 2), ("A002", 7, 10, 2)]
    assert "the deal is skipped: a brace comment in it is never closed" in game.errors[1].message
    assert second.error == game.errors[1]  # the first thing in it that could not be read
    assert [(f.code, f.line, f.column) for f in second.unread] == [("A002", 7, 10)]


def test_positions_are_file_positions_even_mid_line():

    (game,) = games("deal 7 dealer E\npoint NS  deal 8 dealer S\n1. N:3d E:3c S:2d W:2c\n")
    first, second = game.deals
    assert first.pos.line == 1 and first.pos.column == 1
    assert (second.pos.line, second.pos.column) == (2, 11)
    (trick,) = second.tricks
    assert (trick.pos.line, trick.pos.column) == (3, 1)
    assert [(p.pos.line, p.pos.column) for p in trick.plays] == [(3, 4), (3, 9), (3, 14), (3, 19)]


def test_text_before_the_first_deal():
    (game,) = games("hello\ndeal 1 dealer N\npoint NS\n")
    (error,) = game.errors
    assert (error.code, error.line, error.column) == ("A001", 1, 1)
    assert "expected a tag section" in error.message
    assert len(game.deals) == 1


def test_aliases_and_named_cards_are_canonical():
    (game,) = games("deal 1 dealer N\nN: Ad Jc Kb 3o monsieur grand-neuf deux-d-ecrit 5e 6e\n")
    hand = game.deals[0].hands["N"]
    assert hand.cards == ["1d", "Vc", "Rb", "3d", "3d", "9c", "2e", "5e", "6e"]


def test_comments_attach_to_the_element_before_them():
    text = (
        '{ before all }\n[Event "e"] { on tags }\n'
        "deal 1 dealer W { on header }\n"
        "N: 3d Rc 9e 7b 1d 4c Vd 5e 2b { on N }\n"
        "1. N:3d E:8d S:6e W:3b -> N { on trick } ; kept, a line comment\n"
        "point EW { on point }\n"
    )
    (game,) = games(text)
    deal = game.deals[0]
    assert [c.text for c in game.leading_comments] == [" before all "]
    assert [c.text for c in game.tag_comments] == [" on tags "]
    assert [c.text for c in deal.comments] == [" on header "]
    assert [c.text for c in deal.hands["N"].comments] == [" on N "]
    assert [(c.text, c.line) for c in deal.tricks[0].comments] == [
        (" on trick ", False),
        (" kept, a line comment", True),
    ]
    assert [c.text for c in deal.point.comments] == [" on point "]


def test_crlf_cr_and_bom():
    for newline in ("\r\n", "\r"):
        text = "\ufeff" + newline.join(['[Event "e"]', "deal 1 dealer N", "point N", ""])
        (game,) = games(text)
        assert game.tags[0].value == "e"
        assert game.deals[0].point.pos.line == 3


def test_unclosed_comment_stops_at_the_next_deal():
    (game,) = games("deal 1 dealer N { never closed\nN: 3d\ndeal 2 dealer E\npoint EW\n")
    assert [type(d).__name__ for d in game.deals] == ["BrokenDeal", "Deal"]
    (error,) = game.errors
    assert (error.code, error.line, error.column) == ("A002", 1, 17)


def test_invalid_utf8_is_reported_with_its_byte_offset():
    data = b'[Event "caf\xe9"]\ndeal 1 dealer N\npoint NS\n'
    (game,) = list(read_games(io.BytesIO(data)))
    (error,) = game.errors
    assert (error.code, error.line, error.column) == ("A003", 1, 12)
    assert "byte offset 11" in error.message
    assert game.tags[0].value == "caf\ufffd"
    assert len(game.deals) == 1


def test_a_new_tag_section_starts_a_new_game_and_escapes_are_read():
    text = '[Event "a \\"b\\" \\\\ c"]\ndeal 1 dealer N\n[Event "two"]\ndeal 1 dealer E\n'
    first, second = games(text)
    assert first.tags[0].value == 'a "b" \\ c'
    assert (first.index, second.index) == (1, 2)
    assert second.deals[0].dealer == "E"


def test_broken_tag_section_salvages_its_good_tags():
    (game,) = games('[Event "ok"]\n[Site oops]\ndeal 1 dealer N\n')
    assert [t.name for t in game.tags] == ["Event"]
    assert game.errors[0].code == "A001"
    assert len(game.deals) == 1


def test_a_tag_written_in_a_comment_of_a_broken_section_is_not_salvaged():
    """What the grammar skips is skipped by the salvage too: a tag in a
    brace or line comment is a note, not a tag (it made a Result tag
    "given again"), and a comment's brace inside a value opens nothing."""
    text = (
        '[Event "x"]\n[Rules "classic"\n[Result "NS 1-0"] {[Result "*"]}\n'
        '; [Site "noted"]\n[Round "a {b"] [Annotator "c}"]\ndeal 1 dealer N\npoint NS\n'
    )
    (game,) = games(text)
    assert [(t.name, t.value) for t in game.tags] == [
        ("Event", "x"),
        ("Result", "NS 1-0"),
        ("Round", "a {b"),
        ("Annotator", "c}"),
    ]
    assert [f.code for f in game.errors] == ["A001"]


def test_a_tag_whose_bracket_was_typed_a_letter_late_is_read_as_the_tag_meant():
    """``R[esult``: the section cannot be read (A001), and the tag kept is
    Result, where its letter opens the line, so that the Result is checked
    rather than kept as an unknown ``esult`` (A409 on top of the A001)."""
    text = '[Event "x"]\n  R[esult "NS 1-0"]\nRo[und "2"] Si[te "a"]\nb[Zap "c"]\ndeal 1 dealer N\n'
    (game,) = games(text)
    assert [(t.name, t.value, tuple(t.pos)) for t in game.tags] == [
        ("Event", "x", (1, 1)),
        ("Result", "NS 1-0", (2, 3)),
        ("Round", "2", (3, 1)),
        ("te", "a", (3, 15)),  # not at the line's start: the letters are not the tag's
        ("Zap", "c", (4, 2)),  # bZap is no tag
    ]
    assert [f.code for f in game.errors] == ["A001"]


@pytest.mark.parametrize("before", ["", "deal 1 dealer N\npoint NS\n\n", "; a note\n"])
def test_a_section_whose_first_bracket_is_a_letter_late_starts_at_the_letter(before: str):
    """``E[vent`` opening a section: its letter is not a line of its own
    (an A001 of the text before the file's first game, or the end of the
    deal above), but the section's, whose A001 says the slip; the tag is
    Event, not an unknown ``vent`` (A409)."""
    text = f'{before}  E[vent "x"]\n[Site "y"]\ndeal 1 dealer N\n'
    *_, game = games(text)
    line = before.count("\n") + 1
    assert [(t.name, t.value, tuple(t.pos)) for t in game.tags] == [
        ("Event", "x", (line, 3)),
        ("Site", "y", (line + 1, 1)),
    ]
    assert [(f.code, f.line, f.column) for f in game.errors] == [("A001", line, 3)]
    if before.startswith("deal"):
        first, _ = games(text)
        assert first.errors == []


@pytest.mark.parametrize(
    "note", ["", "  {= a note}", "  { typed twice }", "  ; Paul deals", " {a} ; b"]
)
def test_a_header_typed_twice_is_one_deal_whose_second_header_is_not_read(note: str):
    """``deal 2 dealer N`` on two lines one below the other: one deal, the
    copy a line of it not read (A001), not an empty deal before it that
    leaves the game's outcome unknown and every later number one off.  A
    scorer's comment on either line makes it no other header (it did)."""
    text = (
        "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n\n"
        f"deal 2 dealer N{note}\ndeal 2 dealer N\nwinners: S - S W - N S W -\npoint S\n"
    )
    (game,) = games(text)
    assert [(d.number, d.dealer) for d in game.deals] == [(1, "W"), (2, "N")]
    (said,) = game.deals[1].unread
    assert (said.code, said.line, said.column) == ("A001", 6, 1)
    assert "the deal's header written again" in said.message
    # the comment on the copy
    (game,) = games(text.replace(f"N{note}\ndeal 2 dealer N", f"N\ndeal 2 dealer N{note}"))
    assert [(d.number, d.dealer) for d in game.deals] == [(1, "W"), (2, "N")]
    # a blank line between is how deals stand apart: an empty deal, then one
    (game,) = games(text.replace(f"N{note}\ndeal 2", f"N{note}\n\ndeal 2"))
    assert [d.number for d in game.deals] == [1, 2, 2]
    # another header (number or dealer) is another deal, empty
    (game,) = games(text.replace("deal 2 dealer N\nwinners", "deal 3 dealer N\nwinners"))
    assert [d.number for d in game.deals] == [1, 2, 3]


#: A deal whose comments span lines and hold braces: the header's holds a
#: ``{`` on a line of its own, another stands alone after the hand, and ``;``
#: comments hold a ``{`` that opens nothing.
SPANNING = [
    "deal 1 dealer E  {note\n{\n{ inner}",
    "N: 3d Rc 9e 7b 1d 4c Vd 5e 2b ; a { in a line comment",
    "{ alone\n{ over ; lines\n}",
    "; {",
    "stock: 8c Ce Cd 8d 7b 1e 4d 4b 1c 9b 9e Re {stock\n{ note}",
    "1. 2b 6b 4c 4e -> S {trick\n}",
    "point W {point\n{ note}",
]


def _with(lines: list[str], at: int, line: str) -> str:
    return '[Event "x"]\n\n' + "\n".join([*lines[:at], line, *lines[at:]]) + "\n"


def test_a_repeated_point_or_stock_line_reads_as_the_deal_without_it():
    # A second point or stock line is kept (the engine reports it: A109,
    # A108); the rest of the deal, comments over several lines included, reads
    # as it does without the repeat (a blank line in its place keeps every
    # position).  It was read line by line, a comment's lines joined until
    # its braces balanced: a ``{`` inside a comment then joined the whole
    # deal to its header, which could not be read (A001).
    for at, repeat in ((5, "stock: 8c Ce Cd {again\n{}"), (len(SPANNING), "point W {again\n{}")):
        ((game,), (plain,)) = games(_with(SPANNING, at, repeat)), games(_with(SPANNING, at, "\n"))
        assert game.errors == plain.errors == []
        (deal,), (expected,) = game.deals, plain.deals
        extra = deal.extra_stocks if repeat.startswith("stock") else deal.extra_points
        (kept,) = extra
        line = 3 + sum(part.count("\n") + 1 for part in SPANNING[:at])
        assert (kept.pos.line, [c.text for c in kept.comments]) == (line, ["again\n{"])
        extra.clear()
        assert deal == expected
        assert [c.text for c in deal.comments] == ["note\n{\n{ inner"]
        assert [c.text for c in deal.hands["N"].comments] == [
            " a { in a line comment",
            " alone\n{ over ; lines\n",
            " {",
        ]
        assert [c.text for c in deal.stock.comments] == ["stock\n{ note"]
        assert [c.text for c in deal.tricks[0].comments] == ["trick\n"]
        assert [c.text for c in deal.point.comments] == ["point\n{ note"]


def test_a_keyword_may_touch_what_follows_a_number_may_not():
    # docs/notation.md §1: "deal2 dealer E" is "deal 2 dealer E"; "2dealer" is a mistake.
    (game,) = games("deal1 dealer N\npoint NS\n\ndeal 2 dealerE\npoint EW\n")
    assert [(d.number, d.dealer) for d in game.deals] == [(1, "N"), (2, "E")]
    assert game.errors == []
    (game,) = games("deal 1 dealer N\npoint NS\n\ndeal 2dealer E\npoint EW\n")
    (error,) = game.errors
    assert (error.code, error.line, error.column) == ("A001", 4, 6)


@pytest.mark.parametrize(
    "header", ["deal 2 dealer W", "deal 2 {by Paul} dealer W", "deal2 dealer W", "deal 2 dealerW"]
)
def test_a_deal_lost_to_a_comment_left_open_keeps_its_header(header: str) -> None:
    """Its number and dealer take part in the sequence checks (docs/notation.md
    §8), however the grammar lets them be written: a comment in the header,
    or words touching, made it a deal of no number or dealer."""
    from .conftest import check

    text = f"deal 1 dealer N\npoint NS\n\n{header}  {{ never closed\npoint NS\n"
    checked = check(text)
    deal = checked.game.deals[1]
    assert (deal.number, deal.dealer) == (2, "W")
    assert [(f.code, f.deal) for f in checked.outcome.findings] == [("A105", 2), ("A002", 2)]
