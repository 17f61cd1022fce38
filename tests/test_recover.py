"""What the reader recovers (``aluette_cli/reading/recover.py``), called as the reader calls it.

A deal the grammar cannot read whole is read again line by line, and the
text before the first unit without the grammar.  docs/notation.md §8 says
what must come of it: one A001 a line that cannot be read, the rest read; a
header that cannot be read still starts the deal; lines out of order read
where they belong, the fewest named (A005); a comment left open gives up.
test_parse, test_messy and test_bad_input see this only through whole
records; here each piece is pinned on a few lines worked out by hand, the
fast path on and off, since what is recovered must not depend on it.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aluette_cli.findings import Finding
from aluette_cli.model import (
    Announce,
    Chant,
    Comment,
    Concede,
    Deal,
    Hand,
    PointClaim,
    Pos,
    Signal,
    Stock,
    Trick,
    Winners,
)
from aluette_cli.reading import fastpath
from aluette_cli.reading.grammar import _parser
from aluette_cli.reading.records import parse_unit
from aluette_cli.reading.recover import (
    _loose_header,
    _out_of_order,
    _parse_other,
    _read_element_fast,
    _recover_deal,
    _segments,
    hand_in_trick,
    line_in_trick,
    trick_in_hand,
)
from aluette_cli.reading.split import Unit

from .conftest import check, found, generated, record, run

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

#: More examples with HYPOTHESIS_PROFILE=long, as in tests/test_properties.py.
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
LINE = "; this line cannot be read, it is skipped; the rest of the deal is read"
HEADER = "; this deal header cannot be read; the deal's lines are still read and checked"
BETWEEN = (
    ", expected a tag section ('[') or a deal ('deal'); the text up to the next tag section"
    " or deal is skipped"
)
UNCLOSED = "this brace comment is never closed: its closing brace is missing"
#: Where each kind of line goes, as A005 says it (docs/violations.md).
THERE = "; this one is read as if it stood there"
GOES = {
    "hand": "hand lines come first, after the deal header" + THERE,
    "stock": "the stock line comes after the hands; it is read as if it stood there",
    "chant": "chant lines come after the hands and the stock, before the tricks" + THERE,
    "bid": "announce and concede lines come after any chant, before the tricks" + THERE,
    "play": "trick, signal and winners lines come after the hands, the stock and the bids,"
    " before the point line" + THERE,
    "point": "point lines come after the tricks" + THERE,
}
CARD_3X = "found '3x', expected a card" + LINE  # a card was due after "N:"
SHEET = ["N", "E", "S", "E", "W", "N", "E", "S", "N"]
HAND = ["3d", "Rc", "9e", "7b", "1d", "4c", "Vd", "5e", "2b"]


@pytest.fixture(params=[True, False], ids=["fast path", "grammar only"])
def either_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastpath, "FASTPATH", request.param)


def recovered(text: str, at: tuple[int, int] = (1, 1)) -> Deal | list[Finding]:
    """The deal recovered from a unit whose text starts at ``at``, the
    parser's builder first placed on the unit as the reader places it."""
    unit = Unit("deal", at[0], at[1], [text])
    parser, builder = _parser()
    builder.start_unit(unit)
    return _recover_deal(unit, parser, builder)


def header(deal: Deal | list[Finding]) -> tuple[int, str, Pos, tuple[str, ...]]:
    """What the deal's header gives: number, dealer, place, and the parts guessed."""
    assert isinstance(deal, Deal)
    return deal.number, deal.dealer, deal.pos, deal.guessed


def unread(deal: Deal | list[Finding]) -> list[tuple[str, int, int, str]]:
    assert isinstance(deal, Deal)
    return [(f.code, f.line, f.column, f.message) for f in deal.unread]


def misplaced(deal: Deal | list[Finding]) -> list[tuple[str, int, int, str]]:
    assert isinstance(deal, Deal)
    return [(f.code, f.line, f.column, f.message) for f in deal.misplaced]


# --------------------------------------------------------------------------
# A deal read line by line


@pytest.mark.usefixtures("either_path")
def test_a_line_that_cannot_be_read_costs_that_line_only() -> None:
    # Line 4 holds a no-break space, no whitespace however blank (notation §1).
    lines = ["deal 3 dealer E", "N: " + " ".join(HAND), "1. N:3x E:8d S:6e W:3b", "\u00a0"]
    text = record(*lines, "point EW")
    deal = recovered(text)
    assert header(deal) == (3, "E", Pos(1, 1), ())
    assert isinstance(deal, Deal) and deal.hands == {"N": Hand("N", HAND, Pos(2, 1))}
    assert deal.tricks == []
    assert deal.point == PointClaim("EW", None, Pos(5, 1))
    nbsp = (
        "found character U+00A0, expected a seat (N, E, S or W), a trick number such as '1.',"
        " 'announce', 'chant', 'concede', 'point', 'signal', 'stock' or 'winners'" + LINE
    )
    assert unread(deal) == [("A001", 3, 6, CARD_3X), ("A001", 4, 1, nbsp)]
    assert deal.text == text  # written back as it stands: nothing is dropped


REST = (
    "; the line's elements before this one are read, this one and the rest of the line are"
    " skipped; the rest of the deal is read"
)


def plays(trick: Trick) -> list[str]:
    return [play.card for play in trick.plays]


@pytest.mark.usefixtures("either_path")
def test_a_line_of_several_elements_is_read_up_to_the_one_that_cannot_be() -> None:
    # notation §1: a deal may be written on one line.  The mistake is named
    # where it is (8x, not the "2." after trick 1), and trick 1 is kept.
    text = record(
        "deal 1 dealer W  1. Rc 4d 5c 6b -> N   2. Rd Re 7c 8x -> pourri   3. 4c 3d 5d 6c",
    )
    deal = recovered(text)
    assert header(deal) == (1, "W", Pos(1, 1), ())
    assert isinstance(deal, Deal) and [plays(t) for t in deal.tricks] == [["Rc", "4d", "5c", "6b"]]
    said = "found '8x', expected '->', a card, a seat (N, E, S or W) or the end of the deal"
    assert unread(deal) == [("A001", 1, 52, said + REST)]
    assert deal.text == text


@pytest.mark.usefixtures("either_path")
def test_a_header_and_a_point_on_one_line_name_the_point_s_mistake() -> None:
    deal = recovered(record("deal 1 dealer W point XX", "1. Rc 4d 5c 6b"))
    assert header(deal) == (1, "W", Pos(1, 1), ())  # read, not guessed
    assert isinstance(deal, Deal) and len(deal.tricks) == 1
    said = "found 'XX', expected a team or a seat or 'none'"
    assert unread(deal) == [("A001", 1, 23, said + REST)]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("line", "column", "found"),
    [
        # a seat and its colon after a trick is a card of it, not a hand
        ("1. N:3d E:8d S:6e W:3b -> N S:6e", 29, "found 'S:6e', expected the end"),
        ("1. N:3d E:8d S:6e -> N W:3b", 24, "found 'W:3b', expected the end"),
        # a trick's number with no card after it: a card mistyped (2d), not
        # a trick 2 of no card after a trick 1 of three
        ("1. 3d 8d 6e 2. -> N", 13, "found '2.', expected the end"),
        ("1. N:3d E:8d S:6e 2.", 19, "found '2.', expected the end"),
    ],
)
def test_a_stop_that_starts_no_element_costs_the_whole_line(
    line: str, column: int, found: str
) -> None:
    deal = recovered(record("deal 1 dealer W", line, "point NS"))
    assert isinstance(deal, Deal) and deal.tricks == [] and deal.hands == {}
    ((code, at_line, at_column, message),) = unread(deal)
    assert (code, at_line, at_column) == ("A001", 2, column)
    assert message.startswith(found) and message.endswith(LINE)


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("line", "column", "said", "claim"),
    [
        # a claim that cannot be read: the cards before its arrow are the trick
        ("1. N:3d E:8d S:6e W:3b -> -", 27, "found '-' (write 'pourri'), expected", None),
        ("1. N:3d E:8d S:6e W:3b -> pouri", 27, "found 'pouri' (write 'pourri'), expected", None),
        ("1. N:3d E:8d S:6e W:3b -> NS", 27, "found 'NS', expected", None),
        # the line cut at its arrow: the claim left out, and the line's end said
        ("1. N:3d E:8d S:6e W:3b ->", 26, "found the end of the line, expected", None),
        ("1. N:3d E:8d S:6e W:3b ->  ", 26, "found the end of the line, expected", None),
        # a comment after the arrow is no claim (annotate writes its note so)
        ("1. N:3d E:8d S:6e W:3b -> {= N wins}", 26, "found the end of the line", None),
        ("1. N:3d E:8d S:6e W:3b -> ; note", 26, "found the end of the line", None),
        # an arrow as a phone writes it: the cards are read, the fix said
        ("1. N:3d E:8d S:6e W:3b \u2192 N", 24, "found '\u2192' (write '->'), expected", None),
        ("1. N:3d E:8d S:6e W:3b => S", 24, "found '=>' (write '->'), expected", None),
        # words after a claim, a note without its braces: the trick and its claim
        ("1. N:3d E:8d S:6e W:3b -> N xyz", 29, "found 'xyz' after the trick's claim", "N"),
        (
            "1. N:3d E:8d S:6e W:3b -> pourri (kings)",
            34,
            "found '(kings)' (a comment starts with ';', or is written in braces) after",
            "pourri",
        ),
    ],
)
def test_a_trick_whose_claim_or_what_follows_it_cannot_be_read_keeps_its_cards(
    line: str, column: int, said: str, claim: str | None
) -> None:
    deal = recovered(record("deal 1 dealer W", line, "point NS"))
    assert isinstance(deal, Deal)
    (trick,) = deal.tricks
    assert [(p.seat, p.card) for p in trick.plays] == [
        ("N", "3d"),
        ("E", "8d"),
        ("S", "6e"),
        ("W", "3b"),
    ]
    if claim is None:
        assert trick.claim is None
    else:
        assert trick.claim is not None and (trick.claim.seat or "pourri") == claim
    ((code, at_line, at_column, message),) = unread(deal)
    assert (code, at_line, at_column) == ("A001", 2, column)
    assert message.startswith(said)
    assert message.endswith("the trick's cards are read, and the rest of the deal") or (
        message.endswith("the trick is read, and the rest of the deal")
    )
    assert deal.point is not None  # the deal goes on below it


@pytest.mark.parametrize(
    ("lines", "column"),
    [
        (("1. N:3d E:8d", "S:6e W:3b -> X"), 14),
        (("1. N:3d E:8d S:6e", "W:3b => N"), 6),
        (("1. 3d 8d", "6e 3b -> X"), 10),
    ],
)
def test_a_trick_over_two_lines_whose_claim_cannot_be_read_keeps_its_cards(
    lines: tuple[str, str], column: int
) -> None:
    """As on one line: one A001 for the claim, left out, and the trick's four
    cards (its second line was two hands of one card each, A102 and A107,
    and the trick two cards short, with winners the report got wrong)."""
    deal = recovered(record("deal 1 dealer W", *lines, "point NS"))
    assert isinstance(deal, Deal)
    (trick,) = deal.tricks
    assert [p.card for p in trick.plays] == ["3d", "8d", "6e", "3b"] and trick.claim is None
    assert not deal.hands
    ((code, at_line, at_column, message),) = unread(deal)
    assert (code, at_line, at_column) == ("A001", 3, column)
    assert "the trick's claim cannot be read" in message or "the trick's cards are read" in message
    assert deal.point is not None


@pytest.mark.usefixtures("either_path")
def test_a_line_of_two_good_elements_in_a_deal_read_line_by_line_is_read_whole() -> None:
    deal = recovered(record("deal 1 dealer W", "1. N:3x", "2. Rc 4d 5c 6b -> N  3. 9e 4c 5d 6c"))
    assert isinstance(deal, Deal) and [t.number for t in deal.tricks] == [2, 3]
    assert [(f.code, f.line) for f in deal.unread] == [("A001", 2)]
    # after the header, a seat and its colon start a hand
    deal = recovered(record("deal 1 dealer W  N: 3d 4d  E: 5d", "1. N:3x"))
    assert isinstance(deal, Deal) and list(deal.hands) == ["N", "E"]
    assert deal.hands["E"] == Hand("E", ["5d"], Pos(1, 28))


@pytest.mark.usefixtures("either_path")
def test_lines_above_a_header_with_a_second_header_like_line_read_it_as_a_line() -> None:
    # A deal's lines above its header (moved down), then a line that starts
    # like a header again: the first is the header, the second a line that
    # cannot be read (it was a second header among the deal's parts, and a
    # crash).
    deal = recovered(record("1. N:8e E:Rc S:Re W:Vb", "deal 2 dealer N", "deal_", "point NS"))
    assert header(deal) == (2, "N", Pos(2, 1), ())
    assert isinstance(deal, Deal) and [t.number for t in deal.tricks] == [1]
    assert [(code, line) for code, line, _, _ in misplaced(deal)] == [("A005", 2)]
    assert [(code, line) for code, line, _, _ in unread(deal)] == [("A001", 3)]


@pytest.mark.usefixtures("either_path")
def test_a_header_that_cannot_be_read_still_starts_the_deal_where_it_stands() -> None:
    # After "point NS  " on line 7, the deal starts at column 11: its header's
    # "s", 14 characters in, is column 25; the next lines count from column 1.
    # What the header gives is kept (notation §8), the dealer in capitals.
    deal = recovered(record("deal 8 dealer s", "1. N:3x", "point NS"), at=(7, 11))
    assert header(deal) == (8, "S", Pos(7, 11), ())
    assert isinstance(deal, Deal) and deal.point == PointClaim("NS", None, Pos(9, 1))
    said = "found 's' (write 'S'), expected a seat (N, E, S or W)" + HEADER
    assert unread(deal) == [("A001", 7, 25, said), ("A001", 8, 6, CARD_3X)]


@pytest.mark.parametrize(
    "lines",
    [
        ("deal 2", "dealer W"), ("deal 2 dealer", "W"), ("deal", "2 dealer W"),
        ("deal 2 {x}", "dealer W"), ("deal 2 ; y", "dealer W"), ("deal 2", "dealer", "W"),
    ],
)  # fmt: skip
def test_a_header_over_lines_is_one_header_in_a_deal_read_line_by_line(
    lines: tuple[str, ...],
) -> None:
    """Whitespace is free: read whole, the deal reads its header over its
    lines; read line by line (for the "1. N:3x" below), each half was a line
    that could not be read, and the dealer was lost."""
    deal = recovered(record(*lines, "1. N:3x", "point NS"))
    assert header(deal) == (2, "W", Pos(1, 1), ())
    assert [code for code, *_ in unread(deal)] == ["A001"]  # the card, alone
    assert isinstance(deal, Deal) and deal.point == PointClaim("NS", None, Pos(len(lines) + 2, 1))


@pytest.mark.parametrize(
    ("seg", "number", "dealer", "guessed"),
    [
        ("Deal 2", 2, "N", ("dealer",)), ("deal2", 2, "N", ("dealer",)),
        ("deal 2 dealer e", 2, "E", ()), ("DEAL 7 DEALER w", 7, "W", ()),
        ("deal 4, dealer W", 4, "W", ()),
        ("deal 3 dealer east", 3, "N", ("dealer",)),  # "e" is no seat standing alone
        ("deal dealer S", 0, "S", ("number",)), ("deal x", 0, "N", ("number", "dealer")),
        # the word deal mistyped; dealer mistyped (the seat that ends the line)
        ("deeal 3 dealer E", 3, "E", ()), ("dea l3 dealer W", 3, "W", ()),
        ("eal 12 dealer S", 12, "S", ()), ("deal 4 dealr S", 4, "S", ()),
        ("deal 5 deealer n ", 5, "N", ()), ("deal x dealer W", 0, "W", ("number",)),
        # the number runs into dealer: its last digit may be the space (the
        # sequence tells, below); one digit is the space left out
        ("deal 23dealer N", 23, "N", ("last digit",)), ("deal 2dealer N", 2, "N", ()),
    ],
)  # fmt: skip
def test_what_can_be_read_of_a_mistyped_header_is_kept(
    seg: str, number: int, dealer: str, guessed: tuple[str, ...]
) -> None:
    # What cannot be read is a stand-in (0, N), named in ``guessed``: the
    # engine takes it from the game's sequence (docs/notation.md §8).
    got = header(_loose_header(seg, Unit("deal", 5, 3, [seg])))
    assert got == (number, dealer, Pos(5, 3), guessed)


@pytest.mark.parametrize(
    ("header", "number", "a104"),
    [("deal 23dealer E", 2, False), ("deal 12dealer E", 12, True), ("deal 2dealer E", 2, False)],
)
def test_a_digit_typed_for_the_space_before_dealer_is_read_as_the_sequence_says(
    tmp_path: Path, header: str, number: int, a104: bool
) -> None:
    """After deal 1, ``deal 23dealer`` is deal 2 (the 3 typed where the space
    should be): its A001 alone, from ALN and from its JSON alike; ``deal
    12dealer`` is deal 12 as written, out of sequence (A104) too."""
    text = generated(3, "--games", "1")
    head = next(line for line in text.split("\n") if line.startswith("deal 2 dealer"))
    text = text.replace(head, header[: header.index("dealer")] + head[head.index("dealer") :])
    aln = tmp_path / "t.aln"
    aln.write_text(text, encoding="utf-8")
    json_path = tmp_path / "t.json"
    assert run("convert", str(aln), "--to", "json", "-o", str(json_path)).exit_code == 1
    for path in (aln, json_path):
        found = json.loads(run("validate", "--format", "json", str(path)).stdout)
        assert sorted(f["code"] for f in found) == ["A001", *(["A104"] if a104 else [])]
        assert {f["deal"] for f in found} == {number}


def test_a_number_of_ten_digits_is_not_read_as_its_first_nine() -> None:
    # docs/notation.md §9: a longer number is a syntax error, not a count.
    seg = "deal 1234567890 dealer E"
    assert header(_loose_header(seg, Unit("deal", 1, 1, [seg]))) == (0, "E", Pos(1, 1), ("number",))


@pytest.mark.usefixtures("either_path")
def test_a_line_out_of_order_is_read_where_it_belongs_and_named() -> None:
    # docs/violations.md, A005: the point line written before the sheet.
    deal = recovered(record("deal 1 dealer W", "point EW", "winners: " + " ".join(SHEET)))
    assert isinstance(deal, Deal)
    assert deal.point == PointClaim("EW", None, Pos(2, 1))
    assert deal.winners == Winners(SHEET, Pos(3, 1))
    assert misplaced(deal) == [("A005", 2, 1, GOES["point"])]
    assert unread(deal) == []  # read, only out of its place: no line is missing
    assert deal.text is None  # every line was read: the formatter puts it in place
    # With a line that cannot be read after it, each is named for what it is.
    text = record("deal 1 dealer W", "point EW", "1. N:3x", "winners: " + " ".join(SHEET))
    deal = recovered(text)
    assert misplaced(deal) == [("A005", 2, 1, GOES["point"])]
    assert unread(deal) == [("A001", 3, 6, CARD_3X)]
    assert isinstance(deal, Deal) and deal.text == text


#: Trick 1 of a deal dealt by W (N leads), with no claim.
TRICK_1 = "1. N:3d E:Rb S:4e W:8d"
HAND_N = "N: " + " ".join(HAND)


def read_deal(text: str) -> Deal:
    """The deal of ``text``, read as the reader reads a deal unit."""
    deal, _, error = parse_unit(Unit("deal", 1, 1, [text]))
    assert error is None and isinstance(deal, Deal)
    return deal


def parse_whole(text: str) -> Deal:
    """The deal of ``text`` as the grammar reads it whole, before any look
    at whether its lines must be read again one by one."""
    unit = Unit("deal", 1, 1, [text])
    parser, builder = _parser()
    builder.start_unit(unit)
    deal = parser.parse(text, start="deal")
    assert isinstance(deal, Deal)
    return deal


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "trick",
    [TRICK_1, "1. 3d Rb 4e 8d", "1. N:3d E:Rb S:4e 8d"],
    ids=["seats", "cards only", "mixed"],
)
def test_a_hand_line_after_a_trick_without_its_claim_is_the_hand_it_is(trick: str) -> None:
    # Whitespace is free: read whole, the hand line is nine more cards of
    # trick 1, each played again.  Read line by line, it is N's hand, out
    # of its place (docs/notation.md §8).
    at = 3
    deal = read_deal(record("deal 1 dealer W", trick, HAND_N, "point NS"))
    assert [len(t.plays) for t in deal.tricks] == [4]
    assert deal.hands == {"N": Hand("N", HAND, Pos(at, 1))}
    assert misplaced(deal) == [("A005", at, 1, GOES["hand"])]
    assert unread(deal) == [] and deal.text is None  # the formatter puts it in place


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize("claims", ["", " -> N"], ids=["no claims", "claims"])
def test_a_card_of_a_hand_typed_as_a_trick_s_number_costs_the_hand_line(claims: str) -> None:
    # "N: 3d Rc 4. 7b ...", for 4e: read whole, a hand of two cards and a
    # trick 4 of the rest (without claims, and of every line after it).
    # Read line by line, the hand line is one A001 at the "4.".
    hand = "N: 3d Rc 4. 7b 1d 4c Vd 5e 2b"
    text = record("deal 1 dealer W", hand, "E: 2c 3c", TRICK_1 + claims, "point NS")
    deal = read_deal(text)
    assert [t.number for t in deal.tricks] == [1] and list(deal.hands) == ["E"]
    assert [(code, line, column) for code, line, column, _ in unread(deal)] == [("A001", 2, 10)]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("lines", "number"),
    [
        # a deal on one line: its hands, then its trick 1
        (("deal 1 dealer W  N: 3d 4d  E: 5d  1. N:3d E:5d",), 1),
        # ... its trick 1 renumbered (A201): the hand before it is whole
        ((f"deal 1 dealer W  {HAND_N}  3. N:3d E:Rb S:4e W:8d",), 3),
        # a trick on its own line after the hands
        (("deal 1 dealer W", "N: 3d 4d", "2. N:3d E:5d"), 2),
    ],
    ids=["trick 1", "renumbered", "own line"],
)
def test_a_trick_on_a_hand_s_line_is_a_card_mistyped_only_in_a_hand_cut_short(
    lines: tuple[str, ...], number: int
) -> None:
    deal = read_deal(record(*lines))
    assert [t.number for t in deal.tricks] == [number] and deal.unread == []
    assert not trick_in_hand(deal)


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "lines",
    [
        (TRICK_1 + " N:5e",),  # a fifth card on the trick's own line
        (TRICK_1, "N:5e"),  # a fifth card alone on the next line
        (TRICK_1, "N:5e E:7b"),  # a seat to each card: more plays, no hand
        (TRICK_1, "5e 7b"),  # no seat: no hand line
        (TRICK_1 + " N:5e 7b",),  # a hand's shape, not at a line's start
        ("1. N:3d E:Rb", "S: 4e 8d"),  # four cards in all: a trick, as long as may be
    ],
)
def test_a_trick_of_more_cards_is_read_as_it_stands_unless_a_line_of_it_is_a_hand(
    lines: tuple[str, ...],
) -> None:
    text = record("deal 1 dealer W", *lines, "point NS")
    deal = read_deal(text)
    assert not hand_in_trick(deal)
    assert deal.hands == {} and deal.misplaced == []
    assert len(deal.tricks) == 1
    assert [p.card for p in deal.tricks[0].plays] == " ".join(lines)[3:].replace("N:", "").replace(
        "E:", ""
    ).replace("S:", "").replace("W:", "").split()


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "typed",
    ["2b 5e 7b 4c 9d", "2c N:5e E:7b S:4c W:9d", "2e 5e 7b 4c 9d"],
    ids=["cards only", "seats", "a card of the deal"],
)
def test_a_trick_s_number_typed_as_a_card_costs_its_line(typed: str) -> None:
    # "2." typed "2b": read whole, without claims, its five cards are more
    # of trick 1, a trick of nine cards.  Read line by line, the line is
    # one A001 at its first word, and trick 2 is missing.
    text = record("deal 1 dealer W", "1. 3d Rb 4e 8d", typed, "3. 6b 6c 1e 3c")
    deal = read_deal(text)
    assert line_in_trick(parse_whole(text))
    assert [(t.number, len(t.plays)) for t in deal.tricks] == [(1, 4), (3, 4)]
    assert [(code, line, column) for code, line, column, _ in unread(deal)] == [("A001", 3, 1)]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "lines",
    [
        ("1. 3d Rb 4e", "8d 2b 5e 7b 4c"),  # the trick's own line is not whole
        ("1. 3d Rb 4e 8d", "2b 5e 7b 4c"),  # four cards: no number mistyped
        ("1. 3d Rb 4e 8d", "N:2b 5e 7b 4c 9d"),  # a seat first: a hand's shape
        ("1. 3d Rb 4e 8d 2b 5e 7b 4c 9d",),  # all on the trick's line
    ],
    ids=["wrapped", "four cards", "seat first", "one line"],
)
def test_a_trick_that_runs_on_otherwise_is_not_a_number_mistyped(lines: tuple[str, ...]) -> None:
    assert not line_in_trick(parse_whole(record("deal 1 dealer W", *lines)))


#: A deal's lines, some of them going on over the next line, as whitespace
#: allows; the last trick has a card mistyped, so the deal is read line by line.
WRAPPED = (
    "deal 1 dealer W",
    "N: 3d Rc 9e 7b",
    "   1d 4c Vd 5e 2b",
    "1. N:3d E:Rb",
    "   S:4e W:8d",
    "   -> N",
    "2. N:Rc E:5x S:6e W:7e -> N",
    "point NS",
)


@pytest.mark.usefixtures("either_path")
def test_lines_that_go_on_over_the_next_are_read_as_one_when_a_deal_is_read_line_by_line() -> None:
    # Read whole, the deal is a hand of nine cards and a trick of four with
    # its claim; read line by line (for the 5x), each line alone was a
    # hand, a trick or a claim cut short, and a finding or two each.
    deal = read_deal(record(*WRAPPED))
    assert unread(deal) == [("A001", 7, 11, "found '5x', expected a card" + LINE)]
    assert deal.misplaced == []
    assert deal.hands["N"] == Hand("N", HAND, Pos(2, 1))
    first = deal.tricks[0]
    assert [p.card for p in first.plays] == ["3d", "Rb", "4e", "8d"]
    assert first.claim is not None and first.claim.seat == "N" and first.claim.pos == Pos(6, 4)
    assert [p.pos for p in first.plays][2:] == [Pos(5, 4), Pos(5, 9)]


@cache
def _deals(seed: int, flags: tuple[str, ...]) -> list[str]:
    """The deals of a generated game, each its own text."""
    text = generated(seed, *flags)
    return [f"{deal.strip(chr(10))}\n" for deal in text.split("\n\n") if deal.startswith("deal")]


#: The forms of a record: the trick style, and what is left out.
FORMS = [
    (f"--style={style}", *flags)
    for style in ("seats", "cards", "sheet")
    for flags in ((), ("--no-hands",), ("--no-claims",), ("--rules=team-five", "--options=chanter"))
]


@st.composite
def wrapped_deals(draw: st.DrawFn) -> str:
    """A legal deal of any form, any of its lines after the header broken
    at any of its blanks, the rest indented or not, a line at most twice."""
    deals = _deals(draw(st.integers(0, 3)), draw(st.sampled_from(FORMS)))
    lines = draw(st.sampled_from(deals)).rstrip("\n").split("\n")
    out = [lines[0]]
    for line in lines[1:]:
        blanks = [k for k, char in enumerate(line) if char == " "]
        cuts = sorted(draw(st.sets(st.sampled_from(blanks), max_size=2))) if blanks else []
        start = 0
        for cut in cuts:
            out.append(line[start:cut])
            start = cut + 1
        out.append(draw(st.sampled_from(("", "   "))) * bool(cuts) + line[start:])
    return "\n".join(out) + "\n"


@pytest.mark.usefixtures("either_path")
@settings(max_examples=1000 if LONG else 120, suppress_health_check=[HealthCheck.too_slow])
@given(wrapped_deals())
def test_a_deal_that_reads_whole_reads_the_same_line_by_line(text: str) -> None:
    # Whitespace is free, so a deal that reads whole may have any line
    # broken anywhere; read line by line (as when a mistake elsewhere in it
    # makes the grammar stop), it must give the same deal, no line lost or
    # misread for its break.
    assert recovered(text) == parse_whole(text)


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "lines",
    [
        ("1. N:3d E:Rb S:4e W:8d", "   -> N"),  # a claim under a whole trick
        ("1. N:3d", "E:Rb S:4e W:8d -> N"),  # a seat to each card below
        ("1. N:3d E:Rb", "4e 8d -> N"),  # cards alone below
    ],
    ids=["claim", "seats", "cards"],
)
def test_a_trick_cut_short_at_a_line_s_end_goes_on_over_the_next(lines: tuple[str, ...]) -> None:
    deal = read_deal(record("deal 1 dealer W", *lines, "2. N:Rc E:5x S:6e W:7e -> N"))
    assert [(code, line) for code, line, _, _ in unread(deal)] == [("A001", 4)]
    assert deal.misplaced == [] and len(deal.tricks) == 1
    assert [p.card for p in deal.tricks[0].plays] == ["3d", "Rb", "4e", "8d"]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "lines, cards, hands, skipped",
    [
        # a line of cards under a whole trick: no more of it (line_in_trick)
        (("1. N:3d E:Rb S:4e W:8d", "4b 4c 6b 2d 5e"), 4, [], [3, 4]),
        # the two lines together would be a trick of five cards: the line is
        # read alone, as far as it can be (a hand of one card, then A001)
        (("1. N:3d E:Rb S:4e", "W:8d N:Rc -> N"), 3, ["W"], [3, 4]),
        # a trick with its claim is whole: the line below is read alone, two
        # hands of one card each
        (("1. N:3d E:Rb -> N", "S:4e W:8d"), 2, ["S", "W"], [4]),
    ],
    ids=["a whole trick", "too many", "claimed"],
)
def test_a_line_that_would_make_more_than_one_element_is_not_read_with_the_one_above(
    lines: tuple[str, ...], cards: int, hands: list[str], skipped: list[int]
) -> None:
    deal = read_deal(record("deal 1 dealer W", *lines, "2. N:Rc E:5x S:6e W:7e -> N"))
    assert [len(t.plays) for t in deal.tricks] == [cards]
    assert list(deal.hands) == hands
    assert [line for _, line, _, _ in unread(deal)] == skipped


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "line, number",
    [
        # its plays with their seats, below trick 1: trick 2
        ("S:4e W:8d N:Rc E:5b -> N", 2),
        # its cards alone, indented: the same
        ("  4e 8d Rc 5b -> N", 2),
        # the first trick line of the deal: trick 1
        ("S:4e W:8d N:Rc E:5b -> N  { a note }", 1),
        # a note before its first play
        ("{ a note } S:4e W:8d N:Rc E:5b -> N", 2),
    ],
    ids=["seats", "cards", "first", "a note first"],
)
def test_a_trick_written_without_its_number_is_read_as_the_trick_after_the_one_above(
    line: str, number: int
) -> None:
    above = [TRICK_1 + " -> S"] if number > 1 else []
    deal = read_deal(record("deal 1 dealer W", HAND_N, *above, line))
    assert [t.number for t in deal.tricks] == [*range(1, number), number]
    trick = deal.tricks[-1]
    assert [p.card for p in trick.plays] == ["4e", "8d", "Rc", "5b"]
    assert trick.claim is not None and trick.claim.seat == "N"
    word = re.search("S:4e|4e", line).start()  # type: ignore[union-attr]
    at = (2 + len(above) + 1, word + 1)
    # (where W's play starts: the columns are the line's)
    second = line.index(line[word:].split()[1]) + 1
    assert trick.pos == Pos(*at) and trick.plays[1].pos == Pos(at[0], second)
    assert not deal.hands.keys() - {"N"}  # (no hand made of its first play)
    found_word = line[word:].split()[0]
    said = (
        f"found '{found_word}' where a trick's number was expected: a trick line starts with"
        f" its number ('{number}.'); this line is read as trick {number}, the trick after"
        " the one above it, and kept as written"
    )
    assert unread(deal) == [("A001", *at, said)]
    assert [c.text for c in trick.comments] == ([" a note "] if line.endswith("}") else [])


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "claim, word, said",
    [
        (
            "\u2192 N",
            "\u2192",
            "found '\u2192' (write '->'), expected '->', a card, a seat"
            " (N, E, S or W) or the end of the line",
        ),
        (
            "-> pouri",
            "pouri",
            "found 'pouri' (write 'pourri'), expected a seat (N, E, S or W) or 'pourri'",
        ),
        ("->", None, "found the end of the line, expected a seat (N, E, S or W) or 'pourri'"),
    ],
    ids=["phone arrow", "misspelt", "left out"],
)
def test_a_trick_without_its_number_whose_claim_cannot_be_read_keeps_its_cards(
    claim: str, word: str | None, said: str
) -> None:
    """Two slips on one line, its number left out and its claim unreadable,
    are two findings and the trick's cards checked, as one slip is: it was
    three hands given twice, each with its A005 and A107, and the line's
    rest unread."""
    line = f"S:4e W:8d N:Rc E:5b {claim}"
    deal = read_deal(record("deal 1 dealer W", HAND_N, TRICK_1 + " -> S", line))
    assert [(t.number, len(t.plays)) for t in deal.tricks] == [(1, 4), (2, 4)]
    assert deal.tricks[-1].claim is None
    assert not deal.hands.keys() - {"N"}
    column = line.index(word) + 1 if word else len(line) + 1
    assert [(f.code, f.line, f.column, f.trick) for f in deal.unread] == [
        ("A001", 4, 1, 2),
        ("A001", 4, column, 2),
    ]
    assert deal.unread[1].message == (
        f"{said}; the trick's claim cannot be read, it is left out; the trick's cards are"
        " read, and the rest of the deal"
    )


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize("seated", [True, False], ids=["seats", "cards"])
@pytest.mark.parametrize("slip", [False, True], ids=["read whole", "read line by line"])
def test_a_trick_without_its_claim_then_one_without_its_number_are_two_tricks(
    seated: bool, slip: bool
) -> None:
    """Read whole, the grammar took the second line's cards for more of the
    trick above (whitespace is free): one trick of eight cards, four
    findings; read line by line, for a slip elsewhere in the deal, the same
    lines were two tricks and one A001.  They read alike either way."""
    first, second = "1. N:3d E:Rb S:4e W:8d", "S:4e W:8d N:Rc E:5b -> N"
    if not seated:
        first, second = "1. 3d Rb 4e 8d", "4e 8d Rc 5b -> N"
    lines = [HAND_N, first, second]
    if slip:
        lines.append("3. N:Rc E:5x S:6e W:7e -> N")
    deal = read_deal(record("deal 1 dealer W", *lines))
    assert [(t.number, len(t.plays)) for t in deal.tricks] == [(1, 4), (2, 4)]
    assert deal.tricks[0].claim is None and deal.tricks[1].claim is not None
    assert [(f.code, f.line, f.trick) for f in deal.unread][:1] == [("A001", 4, 2)]
    assert len(deal.unread) == 1 + slip


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "unreadable",
    [
        "4. N:3d E:Rb S:4e W:8x -> S",
        "{ late } 4. N:3d E:Rb S:4e W:8x -> S",
        "4.N:3d E:Rb S:4e W:8x -> S",  # its number glued to its first play
    ],
    ids=["number first", "a note first", "glued"],
)
def test_a_trick_without_its_number_below_a_trick_line_that_cannot_be_read(
    unreadable: str,
) -> None:
    """The trick after the one above it is the trick after the line's number,
    read or not: below an unreadable trick 4 it was read as trick 3 (the
    last one read, plus one), led out of turn, and trick 5 was missing."""
    above = [TRICK_1 + " -> S", "2. S:4e W:8d N:Rc E:5b -> N", unreadable]
    deal = read_deal(record("deal 1 dealer W", HAND_N, *above, "S:4e W:8d N:Rc E:5b -> N"))
    assert [t.number for t in deal.tricks] == [1, 2, 5]
    assert [(f.line, f.trick) for f in deal.unread] == [(5, None), (6, 5)]


@pytest.mark.usefixtures("either_path")
def test_a_trick_without_its_number_below_a_line_of_two_tricks_the_second_unread() -> None:
    """The line above holds tricks 2 and 3, trick 3 unreadable: the line
    below is trick 4, not 3 (the trick read on the line above, plus one)."""
    two = "2. S:4e W:8d N:Rc E:5b -> N 3. N:3d E:Rb S:4e W:8x -> S"
    deal = read_deal(record("deal 1 dealer W", HAND_N, TRICK_1 + " -> S", two, "S:4e W:8d -> N"))
    assert [t.number for t in deal.tricks] == [1, 2, 4]


@pytest.mark.usefixtures("either_path")
def test_a_trick_without_its_number_below_a_whole_trick_without_its_claim() -> None:
    """Four cards are a whole trick: the line below it, which goes on with
    no short trick, is a trick of its own, its number left out (read line
    by line, for a slip below it, it was three hands and a line that cannot
    be read)."""
    slip = "3. N:Rc E:5x S:6e W:7e -> N"
    deal = read_deal(record("deal 1 dealer W", HAND_N, TRICK_1, "W:9d N:Rc E:5b S:7e -> W", slip))
    assert [(t.number, len(t.plays)) for t in deal.tricks] == [(1, 4), (2, 4)]
    assert not deal.hands.keys() - {"N"}


@pytest.mark.usefixtures("either_path")
def test_a_trick_without_its_number_in_a_deal_skipped_for_a_comment_left_open() -> None:
    """Its finding said as the other lines' of a deal skipped are: it had no
    ``expected`` to say it with, and every command stopped on a KeyError."""
    found = recovered(record("deal 1 dealer E", "S:Vb W:2b N:6d E:9b -> W", "{"))
    assert isinstance(found, list)
    assert [(f.code, f.line, f.message) for f in found] == [
        (
            "A001",
            2,
            "found 'S:Vb', expected a trick number such as '1.'; this line cannot be read,"
            " and the deal is skipped: a brace comment in it is never closed",
        ),
        ("A002", 3, "this brace comment is never closed: its closing brace is missing"),
    ]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    "line",
    [
        "S: 4e 8d Rc 5b 3c",  # a hand: no arrow
        "S:4e W:8d { N:Rc -> N }",  # the arrow in a comment
        "S:4e W:8x -> N",  # no trick, with a number either
        # a trick's number mistyped into a card ("9." as 9b): five plays,
        # or seats on some only, one line unread (it was four findings)
        "9b 4b Vc Ve Cb -> N",
        "9b E:4b S:Vc W:Ve N:Cb -> N",
        "9b E:4b S:Vc W:Ve -> N",
    ],
    ids=["hand", "commented", "unreadable", "five cards", "five plays", "seats on some"],
)
def test_a_line_without_a_number_that_is_no_trick_is_read_as_before(line: str) -> None:
    deal = read_deal(record("deal 1 dealer W", line))
    assert deal.tricks == []


@pytest.mark.usefixtures("either_path")
def test_a_deal_without_its_header_is_read_under_a_header_that_says_nothing() -> None:
    # The unit the splitter cuts (split._next_deal) after a deal's point line, at line 12:
    # every line is read, the first too, and the header's number and dealer
    # are the game's sequence's to give (the engine's).
    text = record("winners: " + " ".join(SHEET), "point EW")
    deal = recovered(text, at=(12, 1))
    assert header(deal) == (0, "N", Pos(12, 1), ("number", "dealer"))
    assert isinstance(deal, Deal) and deal.winners == Winners(SHEET, Pos(12, 1))
    assert deal.point == PointClaim("EW", None, Pos(13, 1))
    said = (
        "found 'winners:' where a deal header ('deal <n> dealer <seat>') was expected:"
        " a deal starts here without its header; its lines are read and checked as that"
        " deal's"
    )
    assert misplaced(deal) == [("A001", 12, 1, said)]
    assert unread(deal) == []  # no line is missing: the tricks are all there
    assert deal.text == text  # written back as it stands, with no header made up


HEADER_FIRST = (
    "the deal header comes first; the lines above it are read as its deal's,"
    " as if it stood before them"
)


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("head", "read"),
    [
        ("deal 4 dealer E", (4, "E", ())),
        ("deal 4 dealer E  {dealt by Jean}", (4, "E", ())),
        ("Deal 4", (4, "N", ("dealer",))),  # read as far as it can be
    ],
    ids=["header", "with its comment", "mistyped"],
)
def test_a_header_below_its_deal_s_first_lines_is_the_deal_s_header(
    head: str, read: tuple[int, str, tuple[str, ...]]
) -> None:
    # The unit the splitter gives the lines written above the next deal's
    # header (split._next_deal), at line 12: the header is the deal's, and
    # the one line out of place.
    text = record(HAND_N, TRICK_1, head, "point NS")
    deal = recovered(text, at=(12, 1))
    assert isinstance(deal, Deal)
    assert header(deal) == (*read[:2], Pos(14, 1), read[2])
    assert deal.hands == {"N": Hand("N", HAND, Pos(12, 1))}
    assert [t.pos for t in deal.tricks] == [Pos(13, 1)]
    assert deal.point == PointClaim("NS", None, Pos(15, 1))
    assert misplaced(deal) == [("A005", 14, 1, HEADER_FIRST)]
    assert [c.text for c in deal.comments] == (["dealt by Jean"] if "{" in head else [])
    if read[2]:  # the header that cannot be read is one line that cannot be
        assert [f[:3] for f in unread(deal)] == [("A001", 14, 1)]
        assert deal.text == text
    else:  # every line read: the formatter writes it in order
        assert unread(deal) == [] and deal.text is None


#: A line of each kind: only its kind and place count here.
PARTS: dict[str, Callable[[Pos], object]] = {
    "hand": lambda at: Hand("N", [], at), "stock": lambda at: Stock([], at),
    "chant": lambda at: Chant("N", [], [], at), "announce": lambda at: Announce("NS", at),
    "concede": lambda at: Concede("NS", True, at), "trick": lambda at: Trick(1, [], None, at),
    "signal": lambda at: Signal("N", "monsieur", 0, at), "winners": lambda at: Winners([], at),
    "point": lambda at: PointClaim("NS", None, at),
}  # fmt: skip


@pytest.mark.parametrize(
    ("lines", "named"),
    [
        ("point winners", [(2, "point")]),  # docs/violations.md, A005
        ("stock hand", [(2, "stock")]),  # notation §4: "a stock line before a hand"
        ("point trick trick trick", [(2, "point")]),  # one line moved, not three
        ("hand trick trick hand point", [(5, "hand")]),
        ("announce trick chant trick", [(4, "chant")]),
        ("announce trick trick concede point", [(5, "bid")]),
        ("trick hand hand stock point", [(2, "play")]),
        # Two lines moved, at the least: the point, and the stock before the hand.
        ("point stock hand trick", [(2, "point"), (3, "stock")]),
        # In order: bids in any order among themselves, the play's lines too.
        ("hand hand stock chant announce concede signal trick winners point", []),
        ("concede announce trick signal winners trick", []),
        ("point", []),
        ("", []),
    ],
)
def test_the_misplaced_lines_are_the_fewest_whose_moving_puts_the_rest_in_order(
    lines: str, named: list[tuple[int, str]]
) -> None:
    # The lines are numbered from 2, after the header.
    parts = [PARTS[kind](Pos(n, 1)) for n, kind in enumerate(lines.split(), 2)]
    found = [(f.code, f.line, f.column, f.message) for f in _out_of_order(parts)]
    assert found == [("A005", n, 1, GOES[goes]) for n, goes in named]


@pytest.mark.parametrize(
    ("numbers", "named"),
    [
        # trick 8 below trick 9 and the point line: trick 8 was moved
        ([7, 9, 0, 8], [(5, "play")]),
        # trick 9 below the point line, in the order of the numbers: the
        # point line is the lone line (a trick weighs more)
        ([7, 8, 0, 9], [(4, "point")]),
        # trick 2 above the stock, before trick 1: trick 2 was moved
        ([2, -1, 1, 3], [(2, "play")]),
    ],
    ids=["trick 8 down", "trick 9 down", "trick 2 up"],
)
def test_of_the_tricks_a_line_could_be_the_one_out_of_order_of_its_numbers_is(
    numbers: list[int], named: list[tuple[int, str]]
) -> None:
    # (0: the point line, -1: the stock; the lines numbered from 2)
    def part(number: int, at: Pos) -> object:
        if number > 0:
            return Trick(number, [], None, at)
        return PARTS["point" if number == 0 else "stock"](at)

    parts = [part(number, Pos(n, 1)) for n, number in enumerate(numbers, 2)]
    found = [(f.code, f.line, f.message) for f in _out_of_order(parts)]
    assert found == [("A005", n, GOES[goes]) for n, goes in named]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("lines", "at"),
    [
        # trick 2 moved up above the stock, and so above trick 1
        (("N: 3d", "2. N:Rc E:5d S:6e W:7e", "stock: 9e", TRICK_1, "3. N:2c E:2d S:2e W:2b"), 3),
        # trick 2 moved down below trick 3 and the point line
        ((TRICK_1, "3. N:2c E:2d S:2e W:2b", "point NS", "2. N:Rc E:5d S:6e W:7e"), 5),
    ],
    ids=["up past the stock", "down past the point line"],
)
def test_a_trick_out_of_its_place_is_read_where_its_number_puts_it(
    lines: tuple[str, ...], at: int
) -> None:
    deal = read_deal(record("deal 1 dealer W", *lines))
    assert [(code, line) for code, line, _, _ in misplaced(deal)] == [("A005", at)]
    assert [t.number for t in deal.tricks] == [1, 2, 3]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("above", "below", "named"),
    [
        # trick 3 moved up above the header: the trick is the line moved
        (("3. N:2c E:2d S:2e W:2b",), (TRICK_1, "2. N:Rc E:5d S:6e W:7e"), [("A005", 1)]),
        # trick 1 above the header, the rest in order below: the header moved
        ((TRICK_1,), ("2. N:Rc E:5d S:6e W:7e", "3. N:2c E:2d S:2e W:2b"), [("A005", 2)]),
    ],
    ids=["trick 3 above", "trick 1 above"],
)
def test_tricks_above_their_header_out_of_the_order_of_the_numbers_are_the_lines_moved(
    above: tuple[str, ...], below: tuple[str, ...], named: list[tuple[str, int]]
) -> None:
    deal = read_deal(record(*above, "deal 1 dealer W", *below))
    assert [(code, line) for code, line, _, _ in misplaced(deal)] == named
    assert [t.number for t in deal.tricks] == [1, 2, 3]


# --------------------------------------------------------------------------
# Comments in a deal read line by line


@pytest.mark.usefixtures("either_path")
def test_a_line_of_comments_alone_goes_to_the_element_before_it() -> None:
    # The trick on line 3 is not read, so the element before lines 4-6 is the hand.
    lines = ["deal 1 dealer N", "N: 3d", "1. N:3x", "; a note", "{ over", "two lines }"]
    deal = recovered(record(*lines, "point NS  {on point}"))
    assert isinstance(deal, Deal)
    assert deal.comments == []
    notes = [Comment(" a note", Pos(4, 1), line=True), Comment(" over\ntwo lines ", Pos(5, 1))]
    assert deal.hands["N"].comments == notes
    assert deal.point == PointClaim("NS", None, Pos(7, 1), [Comment("on point", Pos(7, 11))])
    assert unread(deal) == [("A001", 3, 6, CARD_3X)]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("line", "notes"),
    [
        ("  ; checked", [Comment(" checked", Pos(3, 3), line=True)]),
        ("{a} {b}", [Comment("a", Pos(3, 1)), Comment("b", Pos(3, 5))]),
    ],
    ids=["indented", "two comments"],
)
def test_a_line_of_comments_alone_is_never_a_line_that_cannot_be_read(
    line: str, notes: list[Comment]
) -> None:
    deal = recovered(record("deal 1 dealer N", "N: 3d", line, "1. N:3x", "point NS"))
    assert isinstance(deal, Deal) and deal.hands["N"].comments == notes
    assert unread(deal) == [("A001", 4, 6, CARD_3X)]


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("hand", "note"),
    [
        ("N: 3d ; a { here", Comment(" a { here", Pos(2, 7), line=True)),
        ("N: 3d {a { b}", Comment("a { b", Pos(2, 7))),  # brace comments do not nest
    ],
    ids=["in a ; comment", "in a brace comment"],
)
def test_a_brace_inside_a_comment_opens_nothing(hand: str, note: Comment) -> None:
    # Taken for a comment left open, it would join lines 2-4 into one, unreadable.
    deal = recovered(record("deal 1 dealer N", hand, "1. N:3x", "point NS"))
    assert isinstance(deal, Deal)
    assert deal.hands == {"N": Hand("N", ["3d"], Pos(2, 1), [note])}
    assert deal.point == PointClaim("NS", None, Pos(4, 1))
    assert unread(deal) == [("A001", 3, 6, CARD_3X)]


@pytest.mark.usefixtures("either_path")
def test_a_comment_over_two_lines_is_read_with_the_line_that_opens_it() -> None:
    # "point NS {a" and "b} EW" are one line of the deal: its "EW", where a
    # number of points or the end was due, is on line 4, column 4.
    deal = recovered(record("deal 1 dealer N", "N: 3d Rc", "point NS {a", "b} EW"))
    assert isinstance(deal, Deal)
    assert deal.hands["N"].cards == ["3d", "Rc"] and deal.point is None
    said = "found 'EW', expected a number (at most nine digits) or the end of the line" + LINE
    assert unread(deal) == [("A001", 4, 4, said)]


SKIPPED_TOO = (
    "; this line cannot be read, and the deal is skipped: a brace comment in it is never closed"
)


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize(
    ("lines", "why"),
    [
        (
            ("deal 1 dealer S", "1. N:3x", "2. N:3y", "point NS { open"),
            [
                ("A001", 2, 6, "found '3x', expected a card" + SKIPPED_TOO),
                ("A001", 3, 6, "found '3y', expected a card" + SKIPPED_TOO),
                ("A002", 4, 10, UNCLOSED),
            ],
        ),
        (("deal 1 dealer S { open", "1. N:3x"), [("A002", 1, 17, UNCLOSED)]),
    ],
    ids=["on a line", "on the header"],
)
def test_a_comment_left_open_gives_the_deal_up_and_every_line_before_it_is_named(
    lines: tuple[str, ...], why: list[tuple[str, int, int, str]]
) -> None:
    # Everything after the brace is comment: the lines before it are all that
    # can be named, each once.
    found = recovered(record(*lines))
    assert isinstance(found, list)
    assert [(f.code, f.line, f.column, f.message) for f in found] == why


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("deal 1 dealer N\npoint NS", [(0, "deal 1 dealer N"), (1, "point NS")]),
        ("a\n", [(0, "a"), (1, "")]), ("a ; {\nb", [(0, "a ; {"), (1, "b")]),
        ("a {x\ny}\nc", [(0, "a {x\ny}"), (2, "c")]),
        ("a {x { y\n}\nb", [(0, "a {x { y\n}"), (2, "b")]),
        ("a {x ; y\nb} c\nd", [(0, "a {x ; y\nb} c"), (2, "d")]),
        ("{a}\n{b\n\nc}\nd", [(0, "{a}"), (1, "{b\n\nc}"), (4, "d")]),
        ("a {x\nb\nc", [(0, "a {x\nb\nc")]),  # left open: to the end
    ],
)  # fmt: skip
def test_a_deal_is_cut_into_lines_as_the_lexer_finds_its_comments(
    text: str, lines: list[tuple[int, str]]
) -> None:
    assert _segments(text) == lines


# --------------------------------------------------------------------------
# A line read by the fast path


def test_a_line_read_fast_is_one_element_its_comments_apart() -> None:
    # The comments are given apart, for the recovery to attach them with the others.
    point = PointClaim("EW", 2, Pos(5, 1))
    assert _read_element_fast("point EW 2 ; two", 5) == (point, [Comment(" two", Pos(5, 12), True)])
    # What the fast path cannot take is left to the grammar.
    for seg in ("1. N:3x", "Point NS", "N: 3d {a\nb}"):
        assert _read_element_fast(seg, 2) is None


# --------------------------------------------------------------------------
# The text before the first tag section or deal


def test_before_the_first_unit_comments_and_blanks_are_kept() -> None:
    unit = Unit("other", 1, 1, ["; note\n{ a\nb }  \n\n"])
    comments = [Comment(" note", Pos(1, 1), line=True), Comment(" a\nb ", Pos(2, 1))]
    assert _parse_other(unit) == (None, comments, None)


@pytest.mark.parametrize(
    ("text", "comments", "finding"),
    [
        ("; ok\nhello\n", [Comment(" ok", Pos(1, 1), True)],
         ("A001", 2, 1, "found 'hello'" + BETWEEN)),
        ("\tx;y\n", [], ("A001", 1, 2, "found 'x'" + BETWEEN)),
        ("  \u00a0\n", [], ("A001", 1, 3, "found character U+00A0" + BETWEEN)),
        ("}\n", [], ("A001", 1, 1, "found '}'" + BETWEEN)),
        ("{ oops\n\n", [], ("A002", 1, 1, UNCLOSED)),
        ("{ok}  {\n", [Comment("ok", Pos(1, 1))], ("A002", 1, 7, UNCLOSED)),
    ],
)  # fmt: skip
def test_before_the_first_unit_anything_else_is_one_finding(
    text: str, comments: list[Comment], finding: tuple[str, int, int, str]
) -> None:
    # The comments before it are kept; what follows it is skipped.
    result, kept, error = _parse_other(Unit("other", 1, 1, [text]))
    assert (result, kept) == (None, comments)
    assert error is not None
    assert (error.code, error.line, error.column, error.message) == finding


@pytest.mark.parametrize(
    ("rules", "bid", "point"),
    [
        ('[Rules "team-five"]', "announce EW double", "point EW 2"),
        ('[Options "mordienne"]', "concede NS accepted", "point EW"),
    ],
    ids=["announce", "concede"],
)
def test_a_bid_written_above_its_deal_s_header_is_that_deal_s(
    rules: str, bid: str, point: str
) -> None:
    """Below the deal before's point line, right above the next header: a
    bid never comes after a deal's point line, so it is the next deal's,
    out of its place (one A005); read as the deal before's, it doubled or
    conceded the wrong deal, and both point lines were wrong."""
    deal_1 = ["deal 1 dealer E", "winners: S E S N W S N N S", "point S"]
    if rules.endswith('"team-five"]'):
        deal_1[1:] = ["winners: S E S N W S N", "point NS"]
    deal_2 = ["deal 2 dealer S", "winners: E W E N S W E", point]
    if bid.startswith("concede"):
        deal_2[1] = "winners: N N S W E E E"
    in_order = record(rules, "", *deal_1, "", deal_2[0], bid, *deal_2[1:])
    assert found(check(in_order)) == []
    above = record(rules, "", *deal_1, "", bid, *deal_2)
    (moved,) = check(above).outcome.findings
    assert (moved.code, moved.line, moved.deal) == ("A005", 7, 2)
    # with a blank line between it and the header, it is the deal before's, as
    # ever; and so it is right below the point line, no blank line between
    for lines in ([*deal_1, "", bid, "", *deal_2], [*deal_1, bid, *deal_2]):
        said = check(record(rules, "", *lines)).outcome.findings
        assert any(f.deal == 1 and f.code == "A005" for f in said), lines
