"""Where the reader cuts text into units, held to one reading of it.

:func:`split.cut_points` finds places to cut a file with a byte search, so
that several processes can each read a part (aluette_cli.parallel); a part
is trusted only if the part before it ended :meth:`split.SplitEnd.exact`,
and the file is read again in one reading from the first that did not.
Whatever the text, the units that come out must be those of one reading.
"""

from __future__ import annotations

import io
from itertools import pairwise
from unittest import mock

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from aluette_cli.reading import Unit, read_units, split

#: Lines that make a cut go wrong: comments over lines holding blank lines
#: and tags, comments left open, tag sections split by blank lines, strings
#: and comments holding what looks like a unit's start, a mistyped header,
#: bad bytes.
PIECES = [
    b"\n",
    b"\n",
    b'[Event "x"]\n',
    b'[Round "{ deal 3"]\n',
    b"[\n",
    b"deal 1 dealer N\n",
    b"Deal 2\n",
    b"deeal 4 dealer S\n",
    b"; dael 5 dealer W\n",
    b"N: 3d 4d 5d\n",
    b"1. N:3d E:4d S:5d W:6d -> N\n",
    b"point NS\n",
    b"{ a note }\n",
    b"{ a note\n",
    b"over lines }\n",
    b"}\n",
    b"; a line comment {\n",
    b'"\n',
    b"signal N deal\n",
    b"\xff\n",
    b'\n\n[Event "y"]\n',
    b'\n\n[Event "z"]\n',
    b'\n\n[Event "w"]\n',
    b'{\n\n[Event "in a comment"]\n}\n',
    b'[Event "open"] {oops\n[Site "s"]\n[Result "*"] {a note}\n',
    b'E[vent "late"]\n',
]


def units_of(
    data: bytes, line: int = 1, offset: int = 0, end: split.SplitEnd | None = None
) -> list:
    """What is compared of each unit; the empty text a part starts with
    (before its first tag) is no unit of the file."""
    units: list[Unit] = list(read_units(io.BytesIO(data), line, offset, end))
    return [
        (u.kind, u.line, u.column, u.text, u.findings)
        for u in units
        if u.kind != "other" or u.text or u.findings
    ]


@settings(max_examples=300)
@example(  # a comment's end looked for, and not found, before a part's end
    pieces=[b"{ a note\n", b"deal 1 dealer N\n", b'\n\n[Event "y"]\n', b"over lines }\n"],
    part=1,
    block=7,
    lookahead=split.LOOKAHEAD_LINES,
)
@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=80),
    part=st.integers(1, 30),
    block=st.integers(1, 30),
    lookahead=st.sampled_from([1, 3, split.LOOKAHEAD_LINES]),
)
def test_parts_trusted_by_their_ends_give_the_units_of_one_reading(
    pieces: list[bytes], part: int, block: int, lookahead: int
) -> None:
    data = b"".join(pieces)
    with mock.patch.object(split, "LOOKAHEAD_LINES", lookahead):
        whole = units_of(data)
        starts = split.cut_points(io.BytesIO(data), len(data), lambda left: part, block)
        assert starts is not None
        got: list = []
        bounds = [*starts, (len(data), 0)]
        for (start, line), (stop, _) in pairwise(bounds):
            end = split.SplitEnd()
            units = units_of(data[start:stop], line, start, end)
            last_line = line + data[start:stop].count(b"\n") - 1
            if stop == len(data) or end.exact(last_line):
                got += units
                continue
            event("read again from a part's start")
            got += units_of(data[start:], line, start)
            break
    event(f"{len(starts)} parts")
    assert got == whole


def test_a_carriage_return_gives_no_places() -> None:
    data = b'deal 1 dealer N\r\n\n\n[Event "x"]\n' * 4
    assert split.cut_points(io.BytesIO(data), len(data), lambda left: 1) is None


def test_a_comment_left_open_in_a_tag_section_ends_before_the_next_tag_line() -> None:
    """As after a deal (docs/notation.md §8): the next brace after the tag
    line is an opening one, so the comment was left open, and the section
    it was opened in is the one the reader reports (A002).  Read on to the
    next closing brace, the comment swallowed two tags without a word, and
    a JSON record could not hold it."""
    data = b'[Event "Club"] {oops\n[Site "Cholet"]\n[Result "*"]  {a note}\n\ndeal 1 dealer N\n'
    kinds = [(kind, line, text) for kind, line, _, text, _ in units_of(data)]
    assert kinds == [
        ("tags", 1, '[Event "Club"] {oops\n'),
        ("tags", 2, '[Site "Cholet"]\n[Result "*"]  {a note}\n\n'),
        ("deal", 5, "deal 1 dealer N\n"),
    ]
    # a comment that a closing brace ends goes on over the tag line
    closed = b'[Event "Club"] {over\n[Site "Cholet"] lines}\n'
    assert [u[0] for u in units_of(closed)] == ["tags"]


@pytest.mark.parametrize(
    "header",
    ["deeal 3 dealer E", "dael 3 dealer E", "eal 3 dealer E", "d:al 3 dealer E",
     "dea l3 dealer E", "de2l 3 dealer E", " Deal 3 dealer E", "deal3 dealer E", "Deal 3"],
)  # fmt: skip
@pytest.mark.parametrize("alone", [False, True], ids=["in a run", "read alone"])
def test_a_header_with_its_word_mistyped_still_starts_a_deal(header: str, alone: bool) -> None:
    """A slip in the word ``deal`` is a slip of one line: read as a line of
    the deal before, the header took its deal's every line with it.  The
    same cut whether the line comes in a run of plain lines or is read
    alone (a brace comment before it makes the reader look at each line)."""
    before = "{ a note\n}\n" if alone else ""
    data = f"{before}{ONE}\n{header}\n1. E:Re S:1e W:1d N:1b -> pourri\npoint EW\n".encode()
    deals = texts(data)
    assert [line for line, _ in deals] == [1 + before.count("\n"), 6 + before.count("\n")]
    assert deals[1][1].startswith(header)


@pytest.mark.parametrize(
    "line",
    ["; deeal 3 dealer E", "{ deeal 3 dealer E }", '[Round "deeal 3 dealer E"]',
     "signal N 3 dealer E", "deeal dealer E", "deeal 3 dealers E", "a longer word 3 dealer E"],
)  # fmt: skip
def test_a_line_that_is_no_mistyped_header_starts_nothing(line: str) -> None:
    # a comment, a string, a line with no number, more than a word and a
    # piece of one before the number
    data = f"{ONE}{line}\n".encode()
    assert [u.kind for u in read_units(io.BytesIO(data)) if u.text].count("deal") == 1


# --------------------------------------------------------------------------
# A deal whose header is left out


def texts(data: bytes) -> list[tuple[int, str]]:
    """Each deal unit's first line and text."""
    return [(u.line, u.text) for u in read_units(io.BytesIO(data)) if u.kind == "deal"]


ONE = "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb -> pourri\n2. N:1b E:3e S:1d W:9d -> W\npoint NS\n"
TWO = "1. E:Re S:1e W:1d N:1b -> pourri\n2. E:3e S:3b W:Ce N:2b -> N\npoint EW\n"


def test_a_deal_after_a_point_line_without_its_header_is_a_unit_of_its_own() -> None:
    data = f"{ONE}\n{TWO}".encode()
    assert texts(data) == [(1, ONE + "\n"), (6, TWO)]


@pytest.mark.parametrize(
    "between", ["{ deal 2 }\n", "; the second deal\n", "\n  { deal 2 } ; the second\n\n"]
)
def test_a_deal_without_its_header_is_its_own_after_lines_of_comments_alone(between: str) -> None:
    """The header written as a comment, or a note where it should be: the
    deal's lines were read as more of the deal above (dozens of findings,
    the deal lost); the comments stay with the deal above, as blank lines do."""
    data = f"{ONE}{between}{TWO}".encode()
    assert texts(data) == [(1, ONE + between), (5 + between.count("\n"), TWO)]


NINE = "".join(f"{k}. N:{k}c E:{k}e S:{k}b W:{k}d\n" for k in range(1, 10))


@pytest.mark.parametrize(
    "deal", [NINE, "1. N:3d E:4d S:5d W:6d -> N\npoint NS\n"], ids=["trick 9", "a point line"]
)
@pytest.mark.parametrize("between", ["\n", "", "{ next }\n"], ids=["blank", "none", "comment"])
def test_a_game_s_only_deal_without_its_header_ends_before_the_next_game_s_tags(
    deal: str, between: str
) -> None:
    """The game's first deal without its header is cut from its tag
    section (_headless_after) when another deal follows; when the next
    game's tags did, they went on with the section, and the deal and the
    next game's tags were lost in one unreadable tag section."""
    first = f'[Event "a"]\n{deal}{between}'
    data = f'{first}[Event "b"]\n\ndeal 1 dealer N\npoint NS\n'
    kinds = [(u.kind, u.line) for u in read_units(io.BytesIO(data.encode())) if u.text]
    assert kinds == [
        ("tags", 1),
        ("deal", 2),
        ("tags", first.count("\n") + 1),
        ("deal", kinds[3][1]),
    ]


def test_a_stray_trick_9_among_the_tags_starts_no_game() -> None:
    """One trick line is no whole deal, though its number is 9: the tags
    below it stay the game's (its Options with them), the line one A001."""
    data = b'[Event "G"]\n[Options "mordienne"]\n9. N:3d E:6c S:Vb W:9c -> N\n[Result "*"]\n'
    data += b"\ndeal 1 dealer N\npoint NS 2\n"
    kinds = [u.kind for u in read_units(io.BytesIO(data)) if u.text]
    assert kinds == ["tags", "deal"]


def test_a_hand_line_among_the_tags_starts_no_game() -> None:
    """Lines of a deal below a tag that are no whole deal (a hand) leave
    the next tag in the section: one game, its tag section unreadable."""
    data = b'[Event "a"]\nN: 3d 4d\n[Site "b"]\n\ndeal 1 dealer N\npoint NS\n'
    kinds = [u.kind for u in read_units(io.BytesIO(data)) if u.text]
    assert kinds == ["tags", "deal"]


@pytest.mark.parametrize(
    "start",
    [
        "N: 8e Rc Re Vb 1b 3e 1d 9d 2d\n",
        "stock: 8e Rc Re Vb 1b 3e 1d 9d 2d 2c 2e 2b\n",
        "winners: N E S W - - - - N\n",
    ],
)
def test_a_hand_a_stock_or_a_sheet_after_a_point_line_starts_a_deal_too(start: str) -> None:
    # as trick 1 does: the deal before has a line of the same kind
    first = f"deal 1 dealer W\n{start}point NS\n"
    second = f"{start}point EW\n"
    assert texts(f"{first}\n{second}".encode()) == [(1, first + "\n"), (5, second)]


def test_a_trick_or_a_hand_the_deal_has_after_its_point_line_starts_the_next_deal() -> None:
    # the next deal's trick 2 (its trick 1 lost), its header left out
    later = TWO.split("\n", 1)[1]
    assert texts(f"{ONE}{later}".encode()) == [(1, ONE), (5, later)]
    # the next deal's trick 2 above its header: it goes with it
    moved = "2. E:Re S:1e W:1d N:1b\n"
    rest = "deal 2 dealer N\n1. E:3e S:3b W:Ce N:2b\npoint EW\n"
    assert texts(f"{ONE}{moved}{rest}".encode()) == [(1, ONE), (5, moved + rest)]
    # N's hand again
    first = "deal 1 dealer W\nN: 8e Rc\npoint NS\n"
    second = "N: 2c 3c\npoint EW\n"
    assert texts(f"{first}{second}".encode()) == [(1, first), (4, second)]


@pytest.mark.parametrize(
    "line",
    ["N:Rc E:1d -> N\n", "  N:Rc E:1d { a note } -> pourri\n", "N:Rc \u2192 N\n"],
    ids=["plain", "indented, a note before the arrow", "a phone's arrow"],
)
def test_a_trick_without_its_number_after_a_point_line_stays_with_its_deal(line: str) -> None:
    # a seat's play, not its hand (the deal has N's hand): the deal's own,
    # below its point line, not the next deal's written above its header
    first = f"deal 1 dealer W\nN: 8e Rc\nE: 3e 1d\n1. N:8e E:3e -> N\npoint NS\n{line}"
    second = "deal 2 dealer N\nE: 2c\npoint EW\n"
    assert texts(f"{first}{second}".encode()) == [(1, first), (7, second)]


def test_two_headers_left_out_make_three_deals() -> None:
    data = f"{ONE}{TWO}\n{TWO}".encode()
    assert texts(data) == [(1, ONE), (5, TWO + "\n"), (9, TWO)]


@pytest.mark.parametrize(
    "data",
    [
        # a point line before its own deal's tricks (A005): no trick 1 before it
        "deal 1 dealer W\npoint NS\n1. N:8e E:Rc S:Re W:Vb\n2. N:1b E:3e S:1d W:9d\n",
        # the point line, or the line after it, inside a comment
        f"deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb {{ a note\npoint NS\n}}\n{TWO}",
        f"{ONE}{{ the next deal:\n{TWO}}}\n",
        # the deal's own trick 1 inside a comment
        f"deal 1 dealer W\n{{\n1. a note }}\npoint NS\n{TWO}",
        # a point line indented: the look for a point line is a plain search
        # for one at a line's start, kept cheap for every deal read
        f"{ONE[:-9]}  point NS\n{TWO}",
        # a trick the deal does not have, or a hand of a seat it has none
        # for: its own, below its point line (A005)
        f"{ONE}3. N:2c E:2d S:2b W:2e\n",
        "deal 1 dealer W\nN: 8e Rc\nE: 3e 1d\npoint NS\nW: 2c 3c\nS: 4c 4d\n",
    ],
    ids=[
        "point first",
        "point commented",
        "next commented",
        "own commented",
        "indented",
        "trick not had",
        "hand not had",
    ],
)
def test_a_line_after_a_point_line_that_is_no_new_deal_cuts_nothing(data: str) -> None:
    assert len(texts(data.encode())) == 1 + data.count("deal 2")


MOVED = "1. E:Re S:1e W:1d N:1b\n"  # the next deal's trick 1, above its header
REST = "deal 2 dealer N\n2. E:3e S:3b W:Ce N:2b\npoint EW\n"

#: Without point lines (a record written without claims): two deals' lines
U_ONE = "deal 1 dealer W\nN: 8e Rc\nstock: 1d\n1. N:8e E:Rc S:Re W:Vb\n2. N:1b E:3e S:1d W:9d\n"
U_TWO = "N: 2c 3c\nstock: 2d\n1. E:Re S:1e W:1d N:1b\n"
U_HEAD = "deal 2 dealer N\n1. E:Re S:1e W:1d N:1b\n"


def test_the_next_deal_s_lines_above_its_header_go_with_it() -> None:
    # Its header moved down: no point line of its own before the header.
    assert texts(f"{ONE}{MOVED}{REST}".encode()) == [(1, ONE), (5, MOVED + REST)]
    # after blank lines, or indented: from its first word, as a deal without
    # its header starts (the blanks are the deal's before)
    units = [u for u in read_units(io.BytesIO(f"{ONE}\n  {MOVED}{REST}".encode()))]
    assert [(u.line, u.column, u.text) for u in units if u.kind == "deal"] == [
        (1, 1, ONE + "\n  "),
        (6, 3, MOVED + REST),
    ]
    # after a deal without its header: the third deal's lines
    third = MOVED + REST.replace("deal 2", "deal 3")
    assert texts(f"{ONE}{TWO}{third}".encode()) == [(1, ONE), (5, TWO), (8, third)]


def test_lines_above_a_header_that_end_a_comment_left_open_stay_where_they_are() -> None:
    # The comment ends before the header (A002, notation §8): read with the
    # header, it would run on over it to the brace in the header's comment.
    left_open = "1. E:Re S:1e W:1d N:1b  {a note\n"
    rest = REST.replace("\n", "  {dealt by Jean}\n", 1)
    assert texts(f"{ONE}{left_open}{rest}".encode()) == [(1, ONE + left_open), (6, rest)]


@pytest.mark.parametrize(
    "after", ['[Event "Next"]\n', ""], ids=["a tag section follows", "the text ends"]
)
def test_lines_of_a_next_deal_that_does_not_come_stay_with_the_deal_before(after: str) -> None:
    # no header below them to read them with: they are the deal's (A005)
    data = f"{ONE}{MOVED}{after}"
    assert texts(data.encode()) == [(1, ONE + MOVED)]


@pytest.mark.parametrize(
    "text",
    [
        *(MOVED + REST, TWO, "N: 8e\n" + REST, "winners: N\n" + REST, REST),
        *("2. E:Re S:1e W:1d N:1b\n" + REST, "W: 8e\npoint NS\n"),
        *(U_TWO, "N: 2c 3c\n" + U_HEAD, "stock: 2d\n" + U_HEAD),  # without point lines
    ],
)
def test_a_deal_s_text_read_after_its_lead_in_is_one_deal_as_it_stood(text: str) -> None:
    # A deal kept as written, read again alone (from JSON): after its lead-in
    # it is cut where it was cut after the deal before it (or, its first
    # lines above its header, after a tag section, as a game's first deal)
    lead = split.lead_in(text)
    assert bool(lead) == (text != REST)  # a text with its header first needs none
    units = texts((lead + text).encode())
    assert units[-1][1] == text and len(units) == 1 + lead.startswith("deal")


def test_a_first_deal_without_its_header_nor_claims_is_read_after_a_tag_section() -> None:
    # cut from its game's tags (a trick 9, no point line), where no deal
    # before it could cut it so: its lead-in is a tag section
    text = "".join(f"{k}. N:{k}d E:{k}c\n" for k in range(1, 10))
    lead = split.lead_in(text)
    units = [(u.kind, u.text) for u in read_units(io.BytesIO((lead + text).encode())) if u.text]
    assert units == [("tags", lead), ("deal", text)]


def test_without_point_lines_a_deal_s_hands_after_a_trick_start_the_next_deal() -> None:
    # N's hand again, after trick 2: the next deal, its header left out
    assert texts(f"{U_ONE}\n{U_TWO}".encode()) == [(1, U_ONE + "\n"), (7, U_TWO)]
    # the stock again, where the deal before gave it
    stock = U_TWO.split("\n", 1)[1]
    assert texts(f"{U_ONE}{stock}".encode()) == [(1, U_ONE), (6, stock)]
    # lines of it above its header, no play among them: they go with it
    above = "N: 2c 3c\n"
    assert texts(f"{U_ONE}{above}{U_HEAD}".encode()) == [(1, U_ONE), (6, above + U_HEAD)]


@pytest.mark.parametrize(
    "short, rest",
    [
        ("2. N:1b E:3e S:1d\n", "W:9d\n"),
        ("2. N:1b E:3e S:1d\n", "W:9d  {= its note}\n"),
        ("2. N:1b E:3e\n", "  S:1d W:9d\n"),
        ("2. N:1b E:3e S:1d\n", "W:9d -> W\n"),
        ("2. N:1b E:3e S:1d\n", "W:9d\n\n"),
    ],
    ids=["last card", "with a note", "two cards", "and the claim", "blank line below"],
)
def test_a_trick_s_last_cards_alone_on_the_next_line_are_no_hand(short: str, rest: str) -> None:
    """Without claims, a hand line after a trick starts the next deal; the
    rest of a trick of fewer than four cards, written with its seats, is
    the trick's (whitespace is free), though its seat's hand is given."""
    deal = f"deal 1 dealer W\nS: 5c 6c\nW: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\n{short}{rest}"
    after = "deal 2 dealer N\nW: 2c 3c\n1. E:Re S:1e W:1d N:1b\n"
    assert texts(f"{deal}{after}".encode()) == [(1, deal), (deal.count("\n") + 1, after)]


@pytest.mark.parametrize(
    "line",
    ["W: Vb\n", "W:Vb E:2c\n"],
    ids=["a hand's blank after the colon", "too many cards"],
)
def test_a_hand_after_a_short_trick_that_does_not_finish_it_starts_the_next_deal(
    line: str,
) -> None:
    deal = "deal 1 dealer W\nW: 8e Rc\n1. N:8e E:Rc S:Re\n"
    assert texts(f"{deal}{line}1. E:Re S:1e W:1d N:1b\n".encode()) == [
        (1, deal),
        (4, f"{line}1. E:Re S:1e W:1d N:1b\n"),
    ]


@pytest.mark.parametrize(
    "data",
    [
        # E's hand moved below the tricks: the deal has no other, so it is E's
        "deal 1 dealer W\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\nE: 2c 3c\n",
        # N's hand again, not after a trick line (given twice, A107)
        "deal 1 dealer W\nN: 8e Rc\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\n",
        # the hand before it inside a comment
        "deal 1 dealer W\n{N: 8e Rc}\n1. N:8e E:Rc S:Re W:Vb\nN: 2c 3c\n",
        # a trick written without its number: a seat's play, not its hand (it
        # was cut as the next deal, whose header the reader then looked for in
        # it, and the JSON of it could not be read back)
        "deal 1 dealer W\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb -> W\nN:1b E:3e S:1d W:9d -> N\n"
        "3. N:Rc E:2c S:3c W:4c -> N\n",
    ],
    ids=["moved hand", "hand repeated", "own commented", "trick without its number"],
)
def test_without_point_lines_a_hand_that_is_no_next_deal_s_cuts_nothing(data: str) -> None:
    assert len(texts(data.encode())) == 1


TAGS = '[Event "Club"]\n[Result "*"]\n'


@pytest.mark.parametrize(
    "lead",
    [TAGS + "\n", TAGS + "{ a note }\n\n", TAGS + "junk\n", ""],
    ids=["tags", "note", "a line it cannot read", "no tags"],
)
@pytest.mark.parametrize(
    "first",
    ["N: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\n", "1. 8e Rc Re Vb\n", "winners: N E S W - - - - N\n"],
)
def test_a_first_deal_without_its_header_is_a_deal_not_more_of_the_tags(
    lead: str, first: str
) -> None:
    """The first deal's header left out: its lines below the tags (or at the
    text's start) are a deal without its header, not a tag section that
    cannot be read; the tags are kept as they were."""
    deal = f"{first}point NS\n"
    data = f"{lead}{deal}\ndeal 2 dealer N\n".encode()
    units = [(u.kind, u.line, u.text) for u in read_units(io.BytesIO(data)) if u.text]
    line = 1 + lead.count("\n")
    assert units == [
        *([("tags", 1, lead)] if lead else []),
        ("deal", line, deal + "\n"),
        ("deal", line + deal.count("\n") + 1, "deal 2 dealer N\n"),
    ]


def test_the_first_deal_s_lines_above_its_header_go_with_it() -> None:
    """Its header moved down (or its first lines up): lines with no point
    line and no trick 9 below the tags are the deal's, written above its
    header, as lines above any later deal's header are (A005)."""
    above = "N: 8e Rc\n1. N:8e E:Rc S:Re W:Vb -> N\n2. N:1b E:3e S:1d W:9d -> W\n"
    below = "deal 1 dealer W\n3. W:2d N:2c E:2e S:2b -> pourri\npoint NS\n"
    data = f"{TAGS}\n{above}{below}".encode()
    units = [(u.kind, u.line, u.text) for u in read_units(io.BytesIO(data)) if u.text]
    assert units == [("tags", 1, TAGS + "\n"), ("deal", 4, above + below)]


@pytest.mark.parametrize(
    "after",
    [
        "N: 8e Rc\n",
        "{\nN: 8e Rc\n1. 8e Rc Re Vb\n}\n",
        "draw N:1c E:2c S:3c W:4c\n",
    ],
    ids=["no play", "in a comment", "a draw"],
)
def test_lines_below_the_tags_that_start_no_deal_stay_with_them(after: str) -> None:
    data = f"{TAGS}{after}".encode()
    assert [u.kind for u in read_units(io.BytesIO(data)) if u.text] == ["tags"]


def test_a_deal_s_line_before_its_header_on_the_same_line_goes_with_it() -> None:
    # "winners:deal 2 ...": the deal's line above its header, on the header's
    # own line; read with the deal, it is written back as it stands (as two
    # lines, it would read again as another record)
    units = [(u.kind, u.text) for u in read_units(io.BytesIO(b"winners:deal 2 dealer N\n"))]
    assert units == [("other", ""), ("deal", "winners:deal 2 dealer N\n")]


def test_a_finding_of_the_text_goes_with_the_deal_it_stands_in() -> None:
    # a byte that is not UTF-8 in the second deal's first trick
    data = f"{ONE}\n".encode() + TWO.encode().replace(b"Re", b"R\xff", 1)
    first, second = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    assert first.findings == []
    assert [(f.code, f.line) for f in second.findings] == [("A003", 6)]


def test_a_deal_without_its_header_starts_at_its_first_word_however_indented() -> None:
    data = f"{ONE}\n  {TWO}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [(u.line, u.column, u.text) for u in units][1] == (6, 3, TWO)


#: A deal, and the next deal's header with the first deal's last lines
#: below it, above that deal's own (its hands, or its trick 1).
GIVEN_BACK = [
    # claims: the last trick and the point line
    (
        "deal 1 dealer W\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\n",
        "2. N:1b E:3e S:1d W:9d\npoint NS\n",
        "N: 2c 3c\n1. E:Re S:1e W:1d N:1b\npoint EW\n",
    ),
    # without claims: the last trick
    (U_ONE[: U_ONE.index("2.")], U_ONE[U_ONE.index("2.") :], U_TWO),
    # without hands: the deal's own trick 1 ends them
    (
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n",
        "2. N:1b E:3e S:1d W:9d -> W  {a note}\n\npoint NS\n",
        "1. E:Re S:1e W:1d N:1b\npoint EW\n",
    ),
    # a sheet and its point line; then the deal's own sheet
    ("deal 1 dealer W\n", "winners: N E S W - - - - N\npoint NS\n", "winners: N\npoint EW\n"),
    # the point line only
    ("deal 1 dealer W\n", "point NS\n", "point EW\n"),
    # the point line, then the last trick put down late: the deal's own
    # trick 1 below it ends them (as the formatter writes these lines, the
    # point line above the header, the trick below it, they read alike)
    (
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n",
        "point NS\n\n2. N:1b E:3e S:1d W:9d -> W\n",
        "1. E:Re S:1e W:1d N:1b\npoint EW\n",
    ),
]


@pytest.mark.parametrize(
    "first, given, second",
    GIVEN_BACK,
    ids=["claims", "no claims", "no hands", "sheet", "point", "late trick"],
)
def test_a_deal_s_last_lines_below_the_next_header_go_back_to_it(
    first: str, given: str, second: str
) -> None:
    header = "deal 2 dealer N\n"
    data = f"{first}{header}{given}{second}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    at = first.count("\n") + 1  # the header's line
    # each keeps every line of the file at its place: the header's is a
    # blank line in the first, the lines given back blank in the second
    blanks = "\n" * given.count("\n")
    assert [(u.line, u.text) for u in units] == [
        (1, f"{first}\n{given}"),
        (at, f"{header}{blanks}{second}"),
    ]
    assert [(f.code, f.line, f.column, f.deal) for f in units[0].findings] == [
        ("A005", at, 1, None)
    ]
    assert units[1].findings == []


def test_a_deal_s_last_line_among_the_next_deal_s_hands_and_bids_goes_back_to_it() -> None:
    # moved three lines down, past the header and N's hand; the lines of
    # the second deal around it stay, each at its place
    first = "deal 1 dealer W\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\n"
    moved = "2. N:1b E:3e S:1d W:9d\n"
    data = f"{first}deal 2 dealer N\nN: 2c 3c\n{moved}announce NS double\n1. E:Re S:1e W:1d N:1b\n"
    one, two = (u for u in read_units(io.BytesIO(data.encode())) if u.kind == "deal")
    assert one.text == f"{first}\n\n{moved}"
    assert two.text == "deal 2 dealer N\nN: 2c 3c\n\nannounce NS double\n1. E:Re S:1e W:1d N:1b\n"
    assert [(f.code, f.line) for f in one.findings] == [("A005", 4)]


def test_a_line_given_back_from_below_a_header_under_the_point_line_is_the_one_out_of_place() -> (
    None
):
    # Trick 2 moved down past its deal's point line and the next header:
    # the header stands below the point line, in its place; the trick is
    # given back, and is the line out of its place (its own A005, not the
    # header's)
    first = "deal 1 dealer W\nN: 8e Rc\n1. N:8e E:Rc S:Re W:Vb\npoint NS\n\n"
    moved = "2. N:1b E:3e S:1d W:9d\n"
    data = f"{first}deal 2 dealer N\n{moved}N: 2c 3c\n1. E:Re S:1e W:1d N:1b\n"
    one, two = (u for u in read_units(io.BytesIO(data.encode())) if u.kind == "deal")
    assert one.text == f"{first}\n{moved}"
    assert [(f.code, f.line) for f in one.findings] == [("A005", 7)]
    assert "written below the next deal's header" in one.findings[0].message
    assert two.findings == []


#: A deal without hands and without its point line; the next deal's header
#: and trick 1, the deal before's point line put down below them, then the
#: rest of the next deal, and its own point line.
LATE_POINT = (
    "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n\n",
    "deal 2 dealer N\n1. E:Re S:1e W:1d N:1b\n",
    "point NS\n",
    "2. E:3e S:3b W:Ce N:2b\npoint EW\n",
)


def test_the_deal_before_s_point_line_below_the_next_deal_s_first_trick_goes_back_to_it() -> None:
    before, head, late, rest = LATE_POINT
    data = "".join(LATE_POINT).encode()
    one, two = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    at = (before + head).count("\n") + 1  # the point line's
    assert one.text == f"{before}\n\n{late}"
    assert two.text == f"{head}\n{rest}"
    assert [(f.code, f.line) for f in one.findings] == [("A005", at)]
    assert "this point line is this deal's" in one.findings[0].message
    assert two.findings == []


@pytest.mark.parametrize(
    "before, rest",
    [
        # the deal before has its point line: this one is the next deal's second
        (LATE_POINT[0].replace("\n\n", "\npoint EW\n\n"), LATE_POINT[3]),
        # the next deal has no point line of its own below it: it is its own
        (LATE_POINT[0], "2. E:3e S:3b W:Ce N:2b\n"),
    ],
    ids=["its own point line", "the next deal's only one"],
)
def test_a_point_line_below_the_next_deal_s_first_trick_that_is_its_own_stays(
    before: str, rest: str
) -> None:
    data = f"{before}{LATE_POINT[1]}{LATE_POINT[2]}{rest}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [u.text for u in units] == [before, f"{LATE_POINT[1]}{LATE_POINT[2]}{rest}"]
    assert all(u.findings == [] for u in units)


def test_a_point_line_and_the_next_deal_s_trick_1_swapped_across_its_header_go_back() -> None:
    """Deal 1's point line below deal 2's header, deal 2's trick 1 above it
    (the two lines swapped): each goes to its deal, an A005 at each, every
    line at its place."""
    above = "deal 1 dealer W\n1. N:1c E:2c S:3c W:4c\n9. N:8e E:Rc S:Re W:Vb\n"
    trick, point = "1. E:Re S:1e W:1d N:1b\n", "point NS\n"
    rest = "2. E:3e S:3b W:Ce N:2b\npoint EW\n"
    data = f"{above}{trick}\ndeal 2 dealer N\n{point}{rest}"
    one, two = (u for u in read_units(io.BytesIO(data.encode())) if u.kind == "deal")
    assert "point NS" in one.text and "1. E:Re" not in one.text
    assert two.text.startswith(trick) and "point NS" not in two.text
    assert [(f.code, f.line) for f in one.findings] == [("A005", 6)]
    assert [(f.code, f.line) for f in two.findings] == [("A005", 4)]
    assert "written above its header" in two.findings[0].message
    assert (one.text.count("\n"), two.text.count("\n")) == (7, 6)  # lines 1-7, 4-9


#: Deal 1 with its N hand above deal 2's header, the rest of it below.
AMONG_HANDS = (
    "deal 1 dealer W\nN: 8e Rc Re Vb 1b 3e 1d 9d 2b\n",
    "deal 2 dealer N\n",
    "E: 1e 3b 4c 5d 6e 7b 8c 9d Vc\n1. N:8e E:1e\n2. N:Rc E:3b\npoint EW\n\n",
    "N: Cd 2c 7d 6b 5b 4d 3d 9b 1c\n1. E:5c S:1d W:6d N:Cd\npoint NS\n",
)


def test_a_deal_header_among_the_hands_before_gives_the_lines_below_it_back() -> None:
    before, head, theirs, own = AMONG_HANDS
    data = "".join(AMONG_HANDS).encode()
    one, two = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    assert one.text == f"{before}\n{theirs}"
    assert two.text == head + "\n" * theirs.count("\n") + own
    assert [(f.code, f.line) for f in one.findings] == [("A005", 3)]
    assert "stands among this deal's hands" in one.findings[0].message
    assert two.findings == []


#: The same, in a record without claims: the lines below the header are
#: a whole deal's play, tricks 1 to 9, where a point line said so.
NINE = "".join(f"{k}. N:{k}d E:{k}c S:{k}b W:{k}e\n" for k in range(1, 10))


@pytest.mark.parametrize("tricks", [9, 8], ids=["all nine tricks", "eight"])
def test_without_claims_a_header_among_the_hands_before_gives_back_a_whole_deal(
    tricks: int,
) -> None:
    play = "".join(NINE.splitlines(keepends=True)[:tricks])
    before, head = "deal 1 dealer W\nN: 8e Rc Re Vb 1b 3e 1d 9d 2b\n", "deal 2 dealer N\n"
    theirs = f"E: 1e 3b 4c 5d 6e 7b 8c 9d Vc\n{play}\n"
    own = "N: Cd 2c 7d 6b 5b 4d 3d 9b 1c\n1. E:5c S:1d W:6d N:Cd\n"
    data = f"{before}{head}{theirs}{own}".encode()
    one, two, *_ = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    if tricks == 9:
        assert (one.text, two.text) == (
            f"{before}\n{theirs}",
            head + "\n" * theirs.count("\n") + own,
        )
        assert [(f.code, f.line) for f in one.findings] == [("A005", 3)]
    else:  # not a whole deal's: nothing tells whose the lines are, they stay
        assert one.text == before and two.text.startswith(head + theirs)


def test_a_deal_header_right_below_the_header_before_gives_the_lines_below_it_back() -> None:
    """Deal 2's header on the line below deal 1's, above all of deal 1's lines."""
    before, head, theirs, own = AMONG_HANDS
    hand = before.split("\n", 1)[1]
    data = f"deal 1 dealer W\n{head}{hand}{theirs}{own}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [u.text for u in units] == [
        f"deal 1 dealer W\n\n{hand}{theirs}",
        head + "\n" * (hand + theirs).count("\n") + own,
    ]
    assert [(f.code, f.line) for f in units[0].findings] == [("A005", 2)]
    assert "right below this deal's header" in units[0].findings[0].message
    # a blank line between the two headers: the deal before is a header alone
    data = f"deal 1 dealer W\n\n{head}{hand}{theirs}{own}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert units[0].text == "deal 1 dealer W\n\n"
    assert not any(f.code == "A005" for u in units for f in u.findings)


@pytest.mark.parametrize(
    "theirs, own",
    [
        # a hand the deal before has, right below the header: the next deal's
        ("N: 1e 3b 4c 5d 6e 7b 8c 9d Vc\n1. N:1e E:3b\npoint EW\n\n", AMONG_HANDS[3]),
        # the next deal has no play of its own below the hands that follow
        (AMONG_HANDS[2], "N: Cd 2c 7d 6b 5b 4d 3d 9b 1c\n"),
        # no point line: no whole deal's play to give back
        (AMONG_HANDS[2].replace("point EW\n", ""), AMONG_HANDS[3]),
        # a line the look does not know
        (AMONG_HANDS[2].replace("point EW", "scored by Rose\npoint EW"), AMONG_HANDS[3]),
        # tricks not numbered from 1 on
        (AMONG_HANDS[2].replace("2. N:Rc", "3. N:Rc"), AMONG_HANDS[3]),
    ],
    ids=["its own hand", "no play of its own", "no point line", "unknown line", "numbering"],
)
def test_lines_below_a_header_among_the_hands_stay_where_they_are_not_a_deal_s_rest(
    theirs: str, own: str
) -> None:
    before, head = AMONG_HANDS[:2]
    data = f"{before}{head}{theirs}{own}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert units[0].text == before  # (the rest may be cut again: its second deal headless)
    assert "".join(u.text for u in units[1:]) == f"{head}{theirs}{own}"
    assert not any(f.code == "A005" for u in units for f in u.findings)


@pytest.mark.parametrize(
    "before",
    ["deal 1 dealer W\nN: 8e Rc Re Vb 1b 3e 1d 9d 2b\n\n", "deal 1 dealer W\n\n"],
    ids=["a hand line", "nothing"],
)
@pytest.mark.parametrize("signal", ["", "signal E aces-2\n"], ids=["", "a signal"])
def test_a_point_line_below_hands_and_trick_1_goes_back_to_a_deal_without_play(
    before: str, signal: str
) -> None:
    """A point line below the next deal's hands and its first tricks is the
    deal before's, put down late, whether or not that deal has play of its
    own: the next deal's point line is at its end, and a claim with no play
    is checked as far as it goes.  (A scorer noting only their own hand,
    and deal 1's point late: kept with deal 2, it was a false A302 there.)
    A signal line among the tricks is of the play (notation §4)."""
    head = f"deal 2 dealer N\nN: 1e 3b 4c 5d 6e 7b 8c 9d Vc\n{signal}1. E:Re S:1e W:1d N:1b\n"
    rest = "2. E:3e S:3b W:Ce N:2b\npoint EW\n"
    data = f"{before}{head}{LATE_POINT[2]}{rest}".encode()
    one, two = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    assert "point NS" in one.text and "point NS" not in two.text
    assert [f.code for f in one.findings] == ["A005"] and two.findings == []


def test_lines_below_a_header_right_below_the_header_before_stay_where_trick_1_is_theirs() -> None:
    """Deal 1 a header alone, deal 2 whole below its header, and deal 3's
    lines without theirs: trick 1 below deal 2's header is led from deal
    2's dealer's left (W, after S), not deal 1's (S, after E): the lines
    are deal 2's, and the header is not the line out of its place."""
    text = (
        "deal 1 dealer E\ndeal 2 dealer S\nN: 9c 4c Ce 2c 7d 8b Rd 7c 4b\n"
        "1. W:9d N:9c E:5d S:Vd -> N\n2. N:2c E:Rc S:6c W:5b -> N\npoint N\n\n"
        "N: Rd 4d 1e 5e 2b 3c 6b 7e 8e\n1. N:5e E:1d S:7b W:2b -> W\npoint S\n"
    )
    units = [u for u in read_units(io.BytesIO(text.encode())) if u.kind == "deal"]
    assert units[0].text == "deal 1 dealer E\n"
    assert not any(f.code == "A005" for u in units for f in u.findings)
    # the same lines led from deal 1's dealer's left (S, after E): deal 1's
    moved = text.replace("1. W:9d N:9c E:5d S:Vd", "1. S:Vd W:9d N:9c E:5d")
    units = [u for u in read_units(io.BytesIO(moved.encode())) if u.kind == "deal"]
    assert [(f.code, f.line) for f in units[0].findings] == [("A005", 2)]


def test_a_signal_line_among_the_play_below_a_header_among_the_hands_goes_back_with_it() -> None:
    before, head, theirs, own = AMONG_HANDS
    theirs = theirs.replace("1. N:8e", "signal E aces-2\n1. N:8e")
    one, two = (
        u
        for u in read_units(io.BytesIO(f"{before}{head}{theirs}{own}".encode()))
        if u.kind == "deal"
    )
    assert "signal E" in one.text and [f.code for f in one.findings] == ["A005"]
    assert "signal" not in two.text


@pytest.mark.parametrize(
    "above",
    ["deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n", "deal 1 dealer W\n"],
    ids=["below trick 1", "below the header"],
)
@pytest.mark.parametrize(
    "tag",
    [
        '[Result "NS 3-2"]\n',
        "[Result NS 3-2]\n",
        "[event Club]\n",
        # blanks are free in a tag, and a comment may follow it
        '[ Result "NS 3-2" ]\n',
        '[Result "NS 3-2"] {moved} ; here\n',
        '[Event "Club \\"X\\""]\n',  # an escape in its value
    ],
)
def test_a_tag_among_a_deal_s_lines_is_read_with_the_deal(above: str, tag: str) -> None:
    # a tag moved down into the first deal: the deal's lines on either side;
    # a known tag's value without its quotes too (it started a game of its
    # own, the deal's later tricks a deal without its header)
    rest = "2. N:1b E:3e S:1d W:9d\n3. N:2b E:2c S:2d W:2e\n"
    rest = rest if "1." in above else "1. N:8e E:Rc S:Re W:Vb\n" + rest
    data = f'[Event "E"]\n\n{above}{tag}{rest}'.encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind != "other"]
    assert [(u.kind, u.text) for u in units] == [
        ("tags", '[Event "E"]\n\n'),
        ("deal", f"{above}{tag}{rest}"),
    ]


@pytest.mark.parametrize(
    "below",
    ["point NS\n", "2. N:1b E:3e S:1d W:9d\npoint NS\n", "winners: N N N S S W W E E\n"],
    ids=["point line", "tricks", "sheet"],
)
@pytest.mark.parametrize(
    "gap",
    ["", "\n", "\n\n", "\n \t\n", "; game two\n", "\n{ game two }\n"],
    ids=["none", "one", "two", "blanks", "a comment line", "a brace comment line"],
)
def test_a_tag_among_the_last_deal_s_lines_leaves_the_next_game_its_tags(
    below: str, gap: str
) -> None:
    """The section a stray tag starts runs on to the next deal's header:
    in a game's last deal, over the next game's tags.  Read with the deal,
    the tag takes only the deal's lines; the next game keeps its tags, and
    is not read as more deals of this one."""
    deal = "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n" if "2." in below else "deal 1 dealer N\n"
    stray, tags = '[Round "2"]\n', '[Event "Tuesday"]\n[Site "S"]\n\n'
    data = f'[Event "Monday"]\n\n{deal}{stray}{below}{gap}{tags}deal 1 dealer E\npoint NS\n'
    units = [u for u in read_units(io.BytesIO(data.encode())) if u.kind != "other"]
    at = 3 + (deal + stray + below + gap).count("\n")
    assert [(u.kind, u.line, u.text) for u in units] == [
        ("tags", 1, '[Event "Monday"]\n\n'),
        ("deal", 3, f"{deal}{stray}{below}{gap}"),
        ("tags", at, tags),
        ("deal", at + 3, "deal 1 dealer E\npoint NS\n"),
    ]


@pytest.mark.parametrize("tag", ['{c} [Event "G2"]', '[ Event "G2"]', '[Event"G2"]'])
def test_the_next_game_s_tags_however_typed_are_cut_from_a_stray_tag_s_section(tag: str) -> None:
    data = (
        f'[Event "G1"]\n\ndeal 1 dealer N\nwinners: E E E W N S - N E\n[Round "2"]\n'
        f"point EW\n{tag}\n\ndeal 1 dealer E\npoint NS\n"
    )
    units = [u for u in read_units(io.BytesIO(data.encode())) if u.kind != "other"]
    assert [(u.kind, u.line) for u in units] == [("tags", 1), ("deal", 3), ("tags", 7), ("deal", 9)]
    assert units[2].text.startswith(tag[tag.index("[") :])


@pytest.mark.parametrize(
    "between",
    [
        '\n[Result "NS 3-2"]\n',  # a blank line above it: a tag section
        '[Result "NS 3-2"]\n[Site "S"]\n',  # two tags: a tag section
        '[Result "NS 3-2"]\n1. W:2b N:2c E:2d S:2e\n',  # a trick the deal has
    ],
    ids=["blank line", "two tags", "its own trick 1"],
)
def test_a_tag_that_starts_a_tag_section_after_a_deal_does(between: str) -> None:
    data = f"deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\n{between}2. N:1b E:3e S:1d W:9d\n"
    kinds = [u.kind for u in read_units(io.BytesIO(data.encode()))]
    assert "tags" in kinds


@pytest.mark.parametrize("gap", ["\n", "\n\n", "\n  \n"], ids=["one", "two", "blanks"])
def test_a_tag_right_below_a_deal_and_above_blank_lines_and_tags_is_the_deal_s(
    gap: str,
) -> None:
    """A game's Result written at the foot of its last deal, where the next
    game's tags follow after blank lines: a line of the deal (read as a tag
    among its lines, A001), not the first tag of the next game."""
    deal, tag = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n", '[Result "EW 1-0"]\n'
    tags = '[Event "Two"]\n\n'
    data = f"{deal}{tag}{gap}{tags}deal 1 dealer N\npoint NS\n".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind != "other"]
    at = 5 + gap.count("\n")  # the deal's three lines, the tag's, the blank lines
    assert [(u.kind, u.line, u.text) for u in units] == [
        ("deal", 1, f"{deal}{tag}{gap}"),
        ("tags", at, tags),
        ("deal", at + 2, "deal 1 dealer N\npoint NS\n"),
    ]


@pytest.mark.parametrize(
    "below",
    [
        '\n[Result "EW 1-0"]\n\n[Event "Two"]\n',  # a blank line above it too
        '[Result "EW 1-0"]\n[Date "?"]\n\n[Event "Two"]\n',  # two tags
        '[Result "EW 1-0"]\n',  # no tags below it: a game of its own (A305)
    ],
    ids=["blank line above", "two tags", "nothing below"],
)
def test_tags_below_a_deal_that_are_a_section_stay_one(below: str) -> None:
    deal = "deal 1 dealer W\npoint EW\n"
    units = [u for u in read_units(io.BytesIO(f"{deal}{below}".encode())) if u.kind != "other"]
    assert [(u.kind, u.text) for u in units] == [
        ("deal", deal + "\n" * below.startswith("\n")),  # a blank line stays with the deal
        ("tags", below.lstrip("\n")),
    ]


#: (the deal before, down to its last line of play; the next deal's first
#: line moved up above the point line; the next deal after its header)
TAKEN_AHEAD = [
    (
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb -> N\n2. N:1b E:3e S:1d W:9d -> W\n",
        "1. W:2d N:2c E:2e S:2b -> pourri\n",
        "2. W:3d N:3c E:3e S:3b -> W\npoint EW\n",
    ),
    (
        "deal 1 dealer W\nN: 8e Rc\nE: 1b 3e\n1. N:8e E:Rc S:Re W:Vb -> N\n",
        "N: 2c 3c\n",
        "E: 2e 3d\n1. E:Re S:1e W:1d N:1b -> E\npoint EW\n",
    ),
]


@pytest.mark.parametrize("before, taken, after", TAKEN_AHEAD, ids=["trick 1", "N's hand"])
def test_the_next_deal_s_first_line_above_the_point_line_is_taken_ahead_to_it(
    before: str, taken: str, after: str
) -> None:
    """The next deal's first line moved up past its header and the point
    line before it: the deal before has a line like it already, the next
    deal lacks it and has the one after it.  Every line keeps its place:
    the line is a blank line in the first, the point line and the blank
    line blank lines in the second, which starts at the line (A005)."""
    point, header = "point NS\n\n", "deal 2 dealer N\n"
    data = f"{before}{taken}{point}{header}{after}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    at = before.count("\n") + 1
    assert [(u.line, u.text) for u in units] == [
        (1, f"{before}\n{point}"),
        (at, f"{taken}\n\n{header}{after}"),
    ]
    assert units[0].findings == []
    assert [(f.code, f.line, f.column) for f in units[1].findings] == [("A005", at, 1)]


@pytest.mark.parametrize(
    "before, taken, after",
    [
        # the next deal has its own trick 1: the line is the deal's, twice
        (*TAKEN_AHEAD[0][:2], "1. W:3d N:3c E:3e S:3b -> W\npoint EW\n"),
        # the deal has no trick 1 of its own: the line is its, out of place
        ("deal 1 dealer W\n2. N:1b E:3e S:1d W:9d -> W\n", *TAKEN_AHEAD[0][1:]),
        # a comment on the line
        (TAKEN_AHEAD[0][0], "1. W:2d N:2c E:2e S:2b -> pourri {x}\n", TAKEN_AHEAD[0][2]),
        # the next deal does not go on with the trick after it
        (*TAKEN_AHEAD[0][:2], "3. W:3d N:3c E:3e S:3b -> W\npoint EW\n"),
        # N's hand again, and the next deal has its own
        (*TAKEN_AHEAD[1][:2], "N: 9c\n" + TAKEN_AHEAD[1][2]),
        # a later trick renumbered as one the deal has (A201), and the next
        # deal written compact: its trick 1 mid-line, no line starting "1."
        (
            TAKEN_AHEAD[0][0],
            "1. W:6b N:6d E:6c S:6e -> W\n",
            "N: 2c  1. W:3d N:3c E:3e S:3b -> W  2. W:4d N:4c E:4e S:4b -> W\npoint EW\n",
        ),
        (TAKEN_AHEAD[0][0], "2. W:6b N:6d E:6c S:6e -> W\n", "3. W:3d N:3c E:3e S:3b\n"),
        # the next deal written compact, its trick 1 on its header's line
        (
            TAKEN_AHEAD[0][0],
            "1. W:6b N:6d E:6c S:6e -> W\n",
            " 1. W:3d N:3c E:3e S:3b -> W\n2. W:4d N:4c E:4e S:4b -> W\npoint EW\n",
        ),
    ],
    ids=[
        "its own trick 1",
        "the deal's own",
        "a comment",
        "no trick 2",
        "its own hand",
        "compact",
        "trick 2",
        "trick 1 on the header's line",
    ],
)
def test_a_line_above_the_point_line_that_is_not_the_next_deal_s_stays(
    before: str, taken: str, after: str
) -> None:
    header = "deal 2 dealer N" + ("" if after.startswith(" ") else "\n")
    data = f"{before}{taken}point NS\n\n{header}{after}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [u.line for u in units] == [1, before.count("\n") + 4]


#: (a deal without claims, down to the line above its last tricks; the next
#: deal's N hand moved up past its header among them; the deal's last tricks)
AMONG_TRICKS = (
    "deal 1 dealer W\nN: 8e Rc\nE: 1b 3e\n1. N:8e E:Rc S:Re W:Vb\n",
    "N: 2c 3c\n",
    "2. N:1b E:3e S:1d W:9d\n",
)


def test_the_next_deal_s_hand_among_the_last_tricks_of_a_deal_without_claims_is_taken_ahead() -> (
    None
):
    """Without point lines, the next deal's N hand moved up past its header
    and the deal's last trick: the deal has N's hand already, the tricks
    below the line go on from those above it, and the next deal lacks N's
    hand and has E's.  Every line keeps its place (A005 at the line)."""
    before, taken, last = AMONG_TRICKS
    header, after = "deal 2 dealer N\n", "E: 2e 3d\n1. E:Re S:1e W:1d N:1b\n"
    data = f"{before}{taken}{last}\n{header}{after}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    at = before.count("\n") + 1
    assert [(u.line, u.text) for u in units] == [
        (1, f"{before}\n{last}\n"),
        (at, f"{taken}\n\n{header}{after}"),
    ]
    assert units[0].findings == []
    assert [(f.code, f.line, f.column) for f in units[1].findings] == [("A005", at, 1)]
    assert "among the deal before's last tricks" in units[1].findings[0].message


@pytest.mark.parametrize(
    "last, after",
    [
        # the tricks below it do not go on from those above it
        ("3. N:1b E:3e S:1d W:9d\n", "E: 2e 3d\n"),
        ("1. N:1b E:3e S:1d W:9d\n", "E: 2e 3d\n"),
        # the next deal has its own N hand
        (AMONG_TRICKS[2], "N: 9c\nE: 2e 3d\n"),
        # the next deal starts with no hand
        (AMONG_TRICKS[2], "1. E:Re S:1e W:1d N:1b\n"),
        # a line other than a trick below it
        (AMONG_TRICKS[2] + "S: 4b\n", "E: 2e 3d\n"),
    ],
    ids=["trick 3", "trick 1 again", "its own hand", "no hand", "a hand below"],
)
def test_a_hand_among_the_last_tricks_that_is_not_the_next_deal_s_is_not_taken_ahead(
    last: str, after: str
) -> None:
    before, taken, _ = AMONG_TRICKS
    data = f"{before}{taken}{last}\ndeal 2 dealer N\n{after}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert all("last tricks" not in f.message for u in units for f in u.findings)
    assert units[-1].line == (before + taken + last).count("\n") + 2


SHEET_DEAL = "deal 1 dealer W\nwinners: N E S W N E S W N\npoint NS\n\n"
SHEET_LINES = "winners: W S N W S E E E N\npoint EW\n"


@pytest.mark.parametrize("blank", ["", "\n"], ids=["right below", "a blank line between"])
def test_a_header_alone_below_a_deal_cut_without_its_header_is_that_deal_s(blank: str) -> None:
    """A sheet and its point line after a deal's point line, then a header
    alone with the next number: the header was moved down below its deal's
    lines, which it heads (A005 there, said by the reader)."""
    data = f"{SHEET_DEAL}{SHEET_LINES}{blank}deal 2 dealer N\n\n".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [(u.line, u.text) for u in units] == [
        (1, SHEET_DEAL),
        (5, f"{SHEET_LINES}{blank}deal 2 dealer N\n\n"),
    ]


@pytest.mark.parametrize(
    "after",
    [
        "deal 3 dealer N\n",  # the number after: the next deal, not written yet
        "deal 2 dealer N\nwinners: N N N N N E E E E\n",  # a deal of its own lines
        "deal 2 dealer N  {later}\n",  # more on the header's line
    ],
    ids=["next number", "its own lines", "a comment"],
)
def test_a_header_that_is_not_the_deal_above_s_stays(after: str) -> None:
    data = f"{SHEET_DEAL}{SHEET_LINES}{after}".encode()
    units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [u.line for u in units] == [1, 5, 7]


def test_a_finding_in_a_line_given_back_goes_with_it() -> None:
    first, given, second = GIVEN_BACK[0]
    data = f"{first}deal 2 dealer N\n{given}{second}".encode().replace(b"1b", b"1\xff", 1)
    one, two = (u for u in read_units(io.BytesIO(data)) if u.kind == "deal")
    assert [(f.code, f.line) for f in one.findings] == [("A003", 5), ("A005", 4)]
    assert two.findings == []


@pytest.mark.parametrize(
    "data",
    [
        # the next deal's own trick 1, above its hands
        f"{ONE}deal 2 dealer N\n1. E:Re S:1e W:1d N:1b\nN: 2c 3c\n2. E:3e S:3b W:Ce N:2b\n",
        # a trick numbered as one the deal before has
        f"{ONE}deal 2 dealer N\n2. E:Re S:1e W:1d N:1b\nN: 2c 3c\n1. E:3e S:3b W:Ce N:2b\n",
        # a trick that does not follow the deal before's last
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\n3. E:Re S:1e W:1d N:1b\n"
        "N: 2c 3c\n1. E:3e S:3b W:Ce N:2b\n",
        # a point line where the deal before has one
        f"{ONE}deal 2 dealer N\npoint EW\nN: 2c 3c\n1. E:Re S:1e W:1d N:1b\npoint NS\n",
        # a point line, and no point line of the deal's own below
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\npoint EW\nN: 2c 3c\n"
        "1. E:Re S:1e W:1d N:1b\n",
        # a trick, and no play of the deal's own below
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\n2. E:Re S:1e W:1d N:1b\n"
        "N: 2c 3c\npoint EW\n",
        # a sheet where the deal before has its tricks
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\nwinners: N\nN: 2c 3c\n"
        "1. E:Re S:1e W:1d N:1b\n",
        # a line the look does not know among them
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\n2. E:Re S:1e W:1d N:1b\n"
        "what?\nN: 2c 3c\n1. E:3e S:3b W:Ce N:2b\n",
        # a comment over lines among them, or from the header: not looked into
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N\n2. E:Re S:1e W:1d N:1b {a\n"
        "note}\nN: 2c 3c\n1. E:3e S:3b W:Ce N:2b\n",
        "deal 1 dealer W\n1. N:8e E:Rc S:Re W:Vb\ndeal 2 dealer N {a\n2. E:Re S:1e W:1d N:1b\n"
        "note}\nN: 2c 3c\n1. E:3e S:3b W:Ce N:2b\n",
        # a tenth trick after a deal's ninth: the next deal's trick 1 misnumbered
        "deal 1 dealer W\n"
        + "".join(f"{n}. N:{n}b E:{n}c S:{n}d W:{n}e\n" for n in range(1, 10))
        + "\ndeal 2 dealer N\n10. E:Re S:1e W:1d N:Rb\n2. E:3e S:3b W:Ce N:2b\n",
    ],
    ids=[
        "own trick 1",
        "number taken",
        "number skipped",
        "point taken",
        "no own point",
        "no own play",
        "sheet after tricks",
        "unknown line",
        "comment over lines",
        "comment from the header",
        "a tenth trick",
    ],
)
def test_lines_below_a_header_that_do_not_continue_the_deal_before_stay(data: str) -> None:
    units = [u for u in read_units(io.BytesIO(data.encode())) if u.kind == "deal"]
    header = data.index("deal 2")
    assert [u.text for u in units] == [data[:header], data[header:]]


def test_lines_above_a_header_cut_short_at_the_limit_are_a_deal_of_their_own() -> None:
    # The next deal's lines after the point line, no point line of their
    # own, cut short at the unit's limit: joined to the header below, the
    # lines skipped between them would move every line after one up.
    tricks = "".join(f"{n}. E:Re S:1e W:1d N:1b\n" for n in range(1, 6))
    last = "deal 3 dealer N\n1. E:3e S:3b W:Ce N:2b\npoint EW\n"
    data = f"{ONE}\n{tricks}{last}".encode()
    with mock.patch.object(split, "MAX_UNIT_CHARS", len(ONE) + 60):
        units = [u for u in read_units(io.BytesIO(data)) if u.kind == "deal"]
    assert [u.line for u in units] == [1, 6, 11]
    assert units[2].text == last
    assert [f.code for f in units[1].findings] == ["A009"]


def test_a_unit_says_its_first_lines_of_bad_bytes_one_by_one_then_counts_the_rest() -> None:
    """A file in another encoding has a bad byte on every line: a deal of
    250 such lines says the first 100 (A003 each), then one finding at the
    last that counts the 150 others; the next deal starts its count anew."""
    bad = b"{caf\xe9}\n"
    data = b"deal 1 dealer N\n" + bad * 250 + b"deal 2 dealer E\n" + bad * 3
    first, second = [unit for unit in read_units(io.BytesIO(data)) if unit.kind == "deal"]
    said = [(f.line, f.message) for f in first.findings if f.code == "A003"]
    assert len(said) == split.MAX_SAID_LINES + 1 == 101
    assert [line for line, _ in said[:100]] == list(range(2, 102))
    assert all("byte 0xe9" in message for _, message in said[:100])
    assert said[100] == (
        251,
        "150 lines of this deal after the first 100 said hold bytes that are not valid"
        " UTF-8 too, this one the last; each is read as U+FFFD",
    )
    assert [f.line for f in second.findings if f.code == "A003"] == [253, 254, 255]


def test_a_unit_says_its_first_long_lines_one_by_one_then_counts_the_rest() -> None:
    """Lines past the limit: past the sixteenth the deal is past its own
    limit too, and its skipped rest says no more than 100 of them one by
    one, and one finding the rest (each costs 64 KB of input at least, so
    a file of gigabytes made tens of thousands)."""
    from aluette_cli.reading import decode

    long = b"{" + b"y" * decode.MAX_LINE_BYTES + b"}\n"
    data = b"deal 1 dealer N\n" + long * 300 + b"deal 2 dealer E\n"
    deal, _ = [unit for unit in read_units(io.BytesIO(data)) if unit.kind == "deal"]
    lines = [f for f in deal.findings if f.code == "A009" and "bytes after" in f.message]
    assert len(lines) == 101
    assert [f.line for f in lines[:100]] == list(range(2, 102))
    assert lines[-1].line == 301
    assert lines[-1].message == (
        f"200 lines of this deal after the first 100 said are longer than the limit of"
        f" {decode.MAX_LINE_BYTES:,} bytes too, this one the last; the bytes after the limit"
        " are skipped"
    )
    assert [f for f in deal.findings if "characters" in f.message]  # (the deal's own A009)


def test_a_deal_cut_from_the_one_above_it_says_its_own_first_bad_lines() -> None:
    """Deal 2 written without its header is cut from deal 1's unit once
    both are read: each says its first 100 bad lines and counts its other
    50.  The lines were counted as first read, one unit: deal 1 counted
    none of its last 50, and deal 2 said none and counted 200."""
    bad = "; caf\udce9 {}\n"
    hands = [
        "N: 2c 9d 2b Rd Cb Vd 8b 7e 3e\n", "E: 1d 1e Rb 9b 8c 6c 5b 5e 3b\n",
        "S: 3d 3c 1b Ce Vc 8e 7d 7c 5d\n", "W: 9c 2e 1c Rc Re Ve 7b 6d 4b\n",
    ]  # fmt: skip
    text = "".join(
        [
            "deal 1 dealer W\n",
            *(bad.format(k) for k in range(150)),
            *hands,
            "point NS\n",
            "N: 3c 9c Cd Cc Vc Vb 9b 5b 4d\n",  # deal 2, its header left out
            *(bad.format(k) for k in range(150)),
            "E: 2c 9d 1d 1c Ce Ve 8b 5c 5e\npoint E\n",
        ]
    )
    data = text.encode("utf-8", "surrogateescape")
    deals = [unit for unit in read_units(io.BytesIO(data)) if unit.kind == "deal"]
    assert [unit.line for unit in deals] == [1, 157]
    for unit, first in zip(deals, (2, 158), strict=True):
        said = [f for f in unit.findings if f.code == "A003"]
        assert len(said) == 101
        assert [f.line for f in said[:100]] == list(range(first, first + 100))
        assert said[100].line == first + 149
        assert said[100].message.startswith("50 lines of this deal after the first 100 said")
        assert "byte 0xe9 at byte offset" in said[99].message


def test_the_bad_lines_past_a_deal_s_limit_are_counted_in_memory_that_does_not_grow() -> None:
    """Lines past the limit are skipped: of their bad bytes only how many
    and the last are kept, however many lines there are (the lines within
    the limit keep four numbers each, for a cut of the unit to move)."""
    import tracemalloc

    def read(bad_lines: int) -> tuple[int, Unit]:
        data = b"".join(
            [
                b"deal 1 dealer N\n",
                (b"{" + b"x" * 997 + b"}\n") * 1_050,  # past 1,000,000 characters at line 1,001
                b"caf\xe9\n" * bad_lines,
                b"deal 2 dealer E\n",
            ]
        )
        # (fed in small pieces: a block's lines are held while it is read)
        pieces = (data[k : k + 4096] for k in range(0, len(data), 4096))
        tracemalloc.start()
        try:
            deal, _ = [u for u in read_units(pieces) if u.kind == "deal"]
            top = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        return top, deal

    small, _ = read(20_000)
    large, deal = read(100_000)
    assert large - small < 1 << 20, (small, large)
    said = [f for f in deal.findings if f.code == "A003"]
    assert [f.line for f in said[:100]] == list(range(1_052, 1_152))
    assert said[100].line == 1_051 + 100_000
    assert said[100].message.startswith("99,900 lines of this deal after the first 100 said")


@pytest.mark.parametrize(
    "header",
    [
        "deal 2 dealer E",
        "deal2 dealer E",
        "deal 2 dealerE",
        "deal 2  dealer\tE",
        "deal 2 dealer X",
        "deal 2 dealer e",
        "deal 2 dealer",
    ],
)
def test_a_comment_left_open_ends_before_a_header_however_its_words_are_spaced(
    header: str,
) -> None:
    """The grammar reads ``deal2 dealerE`` as ``deal 2 dealer E`` (docs/notation.md
    §1): the comment left open ran on over it, and the deal was lost
    without a word; so it was over a header whose seat is mistyped or left
    out (``deal 2 dealer X``), which is read, with its own finding."""
    data = f"deal 1 dealer N {{oops\npoint NS\n\n{header}\npoint EW {{checked}}\n".encode()
    assert [(kind, line) for kind, line, _, _, _ in units_of(data)] == [("deal", 1), ("deal", 4)]


def test_a_comment_left_open_ends_before_a_tag_touching_its_value() -> None:
    data = b'deal 1 dealer N {oops\npoint NS\n\n[Event"y"]\n\ndeal 1 dealer E {a}\n'
    kinds = [kind for kind, _, _, _, _ in units_of(data)]
    assert kinds == ["deal", "tags", "deal"]


def test_a_tag_below_a_deal_whose_comment_was_left_open_is_not_joined_to_it() -> None:
    """A tag line among a deal's lines is read with the deal (a stray tag);
    but where the deal's comment was left open and ended before the tag
    (A002), joined again it ran on over the tag and the tricks below, up
    to the next '}': tricks 1 to 7 gone without a word (A201), and a
    comment that the JSON written from it could not hold (game skipped)."""
    data = (
        b'deal 1 dealer W  {long note\n[Rules "classic"]\n1. N:Cd E:6b S:Cb W:7b -> pourri\n'
        b"2. N:2e E:Ce S:Ve W:Vd -> N  {monsieur takes it}\npoint NS\n"
    )
    kinds = [(kind, line) for kind, line, _, _, _ in units_of(data)]
    assert kinds == [("deal", 1), ("tags", 2), ("deal", 3)]


# --------------------------------------------------------------------------
# A slip in a deal's lines that looks like the start of another unit


def kinds(data: str) -> list[tuple[str, int]]:
    """Each unit's kind and first line."""
    return [(u.kind, u.line) for u in read_units(io.BytesIO(data.encode())) if u.kind != "other"]


@pytest.mark.parametrize(
    "slip",
    [
        "2. N:1b E:3e S:1d W:9d -> W [checked]\n",  # a note in brackets after a claim
        "2. N:1b E:3e S:1d W:9d -> W\n[checked]\n",  # ...alone, right below the trick
        "2. N:1b E:3e S:1d W:9d -> W\n  [x] [y]\n",
        "2. N:1b E:3e S:1d W:9d -> W [Note: Paul checked]\n",
    ],
)
def test_a_bracket_that_starts_no_tag_cuts_no_deal(slip: str) -> None:
    """It is a line of the deal that cannot be read (A001): cut there, the
    deal's lines below it were a deal without its header, the next deals
    another game."""
    deal = ONE.replace("2. N:1b E:3e S:1d W:9d -> W\n", slip)
    assert kinds(f'[Event "a"]\n\n{deal}\ndeal 2 dealer N\n') == [
        ("tags", 1),
        ("deal", 3),
        ("deal", 7 + slip.count("\n")),
    ]


@pytest.mark.parametrize(
    ("lines", "cut"),
    [
        ('[Event "b"]\n', 5),  # a tag, right below the deal
        ('  [ Site  "b"]\n', 5),
        ('1. N:8e -> N [Event "b"]\n', 5),  # (a tag on the line: its quote says so)
        ("[Event Club night]\n", 5),  # a known tag's name, its quotes left out
        ("[rules classic]\n", 5),
        ("\n[Eve", 6),  # below a blank line: the file cut short in a tag's name
        ("\n[checked]\n", 6),
    ],
)
def test_a_bracket_that_starts_a_tag_starts_the_next_game(lines: str, cut: int) -> None:
    found = kinds(f"{ONE}{lines}")
    assert found[:1] == [("deal", 1)] and ("tags", cut) in found, found


@pytest.mark.parametrize("before", ["", "  ", "  {= A001 a note annotate wrote} "])
def test_a_quote_before_a_header_hides_no_deal(before: str) -> None:
    """Read as a tag's value to the end of its line, the quote hid the
    header, and the deal was read as more lines of the one before: every
    card of it played again, dozens of findings for one slip.  Annotate
    puts its note before the quote (a string never closed runs to the
    line's end), and the record annotated must read as the record did."""
    second = ONE.replace("deal 1 dealer W", f'{before}"deal 2 dealer N')
    assert texts(f"{ONE}\n{second}".encode()) == [(1, ONE + "\n"), (6, second)]
