"""What a syntax finding says (``aluette_cli/reading/syntax.py``), made as the reader makes it.

Every error of the grammar becomes one finding here, for a whole tag section
or deal (``parse_unit_with_grammar``) and for a line or header of a deal read
line by line (the recovery).  The whole-record tests (test_messy,
test_bad_input, test_parse) see these sentences only as pieces of
``validate``'s output; here a wrong place, a wrong word found, the words that
could stand there in another order, or a fix for a word written right, is
caught where it is made.  Each expected sentence is an A001 or A002 template
of docs/violations.md filled in by hand with what docs/notation.md allows there.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from lark.exceptions import UnexpectedCharacters, UnexpectedInput

from aluette_cli.reading.grammar import _parser
from aluette_cli.reading.split import Unit
from aluette_cli.reading.syntax import (
    _accepts,
    _expected_words,
    _found,
    _hint,
    _printable,
    _syntax_finding,
    _unclosed_comment,
)

from .conftest import check

# What each unit, or piece of one, says it loses (docs/violations.md, A001).
DEAL = "; this deal cannot be read, it is skipped"
LINE = "; this line cannot be read, it is skipped; the rest of the deal is read"
HEADER = "; this deal header cannot be read; the deal's lines are still read and checked"
TAGS = "; this tag section cannot be read, its well-formed tags are kept"
#: What may begin a line of a deal after its header (docs/notation.md §4): a
#: hand's seat, a trick number and the keywords, in the order of
#: docs/notation.md §1's example for a no-break space.
ELEMENT = (
    "a seat (N, E, S or W), a trick number such as '1.', 'announce', 'chant', 'concede',"
    " 'point', 'signal', 'stock'"
)
CLAIM = "a seat (N, E, S or W) or 'pourri'"  # after "->" (notation §4, Claim)
VALUE = 'a quoted value ("...")'  # after a tag's name (notation §3)
UNCLOSED = "this brace comment is never closed: its closing brace is missing"
#: How the reader reads a text: (the unit's kind, the grammar's start rule,
#: what its finding says is lost).  ``line`` and ``header`` are the recovery's.
HOW = {
    "deal": ("deal", "deal", None),
    "tags": ("tags", "tag_section", None),
    "line": ("deal", "deal_element", "line"),
    "header": ("deal", "deal_header", "header"),
}


def error_of(text: str, start: str) -> UnexpectedInput:
    """The grammar's error on ``text`` read from the rule ``start``."""
    parser, _ = _parser()
    with pytest.raises(UnexpectedInput) as caught:
        parser.parse(text, start=start)
    return caught.value


def finding_on(
    text: str, how: str = "deal", at: tuple[int, int] = (1, 1)
) -> tuple[str, int, int, str]:
    """(code, line, column, message) of the finding on a text that starts at
    ``at``, the parser's builder placed there as the reader places it."""
    kind, start, lost = HOW[how]
    unit = Unit(kind, at[0], at[1], [text])
    _, builder = _parser()
    builder.start_unit(unit)
    finding = _syntax_finding(error_of(text, start), unit, builder, lost)
    return finding.code, finding.line, finding.column, finding.message


# --------------------------------------------------------------------------
# Where, what was found, what could stand there


@pytest.mark.parametrize(
    ("how", "text", "where", "said"),
    [
        # docs/notation.md §8 word for word: the line alone, as the recovery
        # reads it (line 2), then the whole deal, as the reader first reads it.
        ("line", "1. W:1d N:Cd E:3b S:Ve -> X", (2, 27), "found 'X', expected " + CLAIM + LINE),
        ("deal", "deal 1 dealer S\n1. W:1d N:Cd E:3b S:Ve -> X\n", (2, 27), "found 'X', expected "
         + CLAIM + DEAL),
        # "oops" is read up to the next space, the "]" with it.
        ("tags", '[Event "x"]\n[Site oops]\n', (2, 7), "found 'oops]', expected " + VALUE + TAGS),
        ("header", "Deal 2", (1, 1), "found 'Deal' (write 'deal': keywords are lower-case),"
         " expected 'deal'" + HEADER),
        # After the header: a line of a deal, or its end.
        ("deal", "deal 1 dealer S\nPoint NS\n", (2, 1), "found 'Point' (write 'point': keywords"
         f" are lower-case), expected {ELEMENT}, 'winners' or the end of the deal" + DEAL),
        # Ended too soon: right after "[Eve" a tag's value is due; right after
        # "dealer" (not after the blanks that follow it) a seat; after a chant's
        # cards taken, more or "discards" (notation §4).
        ("tags", "[Eve", (1, 5), "found the end of the tag section, expected " + VALUE + TAGS),
        ("deal", "deal 1 dealer  \n\n", (1, 14), "found the end of the deal, expected a seat"
         " (N, E, S or W)" + DEAL),
        ("line", "chant S takes 3d", (2, 17), "found the end of the line, expected a card or"
         " 'discards'" + LINE),
        # A deal has one point line, last: after "point NS" a number of points or its end.
        ("deal", "deal 1 dealer S\npoint NS\npoint EW\n", (3, 1), "found 'point', expected a number"
         " (at most nine digits) or the end of the deal" + DEAL),
        # After a seated play a trick takes another play (a seat, or a bare card),
        # its claim or nothing more: never a stock or a chant.  'a card' is said
        # once for CARD and CARD_NAME; '-' sorts before 'a'.
        ("line", "1. N:3d \x00", (2, 9), "found character U+0000, expected '->', a card, a seat"
         " (N, E, S or W) or the end of the line" + LINE),
    ],
)  # fmt: skip
def test_the_finding_says_where_what_was_found_and_what_could_stand_there(
    how: str, text: str, where: tuple[int, int], said: str
) -> None:
    at = (2, 1) if how == "line" else (1, 1)
    assert finding_on(text, how, at) == ("A001", *where, said)


@pytest.mark.parametrize("odd", ["\u00a0", "\u3000", "\x0b"], ids=["U+00A0", "U+3000", "U+000B"])
def test_a_character_out_of_place_is_named_by_its_code_point(odd: str) -> None:
    # docs/notation.md §1: no other character is whitespace, however blank it looks.
    said = f"found character U+{ord(odd):04X}, expected {ELEMENT} or 'winners'" + LINE
    assert finding_on(odd, "line", (2, 1)) == ("A001", 2, 1, said)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("deal 8 dealer %\n", (7, 25)), ("deal 8 dealer X\n", (7, 25)),
        ("deal 8 dealer E\n1. N:3x\n", (8, 6)), ("deal 8 dealer E\npoint NS\npoint EW\n", (9, 1)),
    ],
    ids=["character", "word", "character on line 2", "word on line 3"],
)  # fmt: skip
def test_only_the_first_line_counts_its_columns_from_where_the_unit_starts(
    text: str, where: tuple[int, int]
) -> None:
    # The deal starts at line 7, column 11 (after "point NS  " on the same
    # line): the dealer, 14 characters in, stands at column 11 + 14 = 25.
    assert finding_on(text, at=(7, 11))[1:3] == where


@pytest.mark.parametrize(
    ("text", "how", "at", "where"),
    [
        ("deal 1 dealer S  { dealt by Paul\npoint EW\n\n", "deal", (1, 1), (1, 18)),
        ('[Event "x"] { never closed\n\n', "tags", (1, 1), (1, 13)),
        ("deal 2 dealer W {x\n", "deal", (3, 11), (3, 27)),
    ],
    ids=["deal of notation §8", "tag section", "unit started mid-line"],
)
def test_a_brace_comment_never_closed_is_a002_at_its_brace(
    text: str, how: str, at: tuple[int, int], where: tuple[int, int]
) -> None:
    assert _unclosed_comment(error_of(text, HOW[how][1]), text)
    assert finding_on(text, how, at) == ("A002", *where, UNCLOSED)


@pytest.mark.parametrize(
    "text",
    ["deal 1 dealer S\n1. N:3x\n", "deal 1 dealer S\npoint NS\npoint EW\n", "deal 1 dealer S }\n"],
    ids=["a word no token reads", "a token out of place", "a closing brace"],
)
def test_no_other_error_is_taken_for_a_comment_left_open(text: str) -> None:
    assert not _unclosed_comment(error_of(text, "deal"), text)
    assert finding_on(text)[0] == "A001"


def test_without_the_parsers_own_answer_the_lexers_guess_is_used() -> None:
    """An error path must never raise: an error with no parser to ask says
    what its lexer allowed, and a parser that fails when asked says nothing."""
    text = "deal 1 dealer %\n"
    unit = Unit("deal", 1, 1, [text])
    _, builder = _parser()
    builder.start_unit(unit)
    bare = UnexpectedCharacters(text, 14, 1, 15, allowed={"SEAT"})
    finding = _syntax_finding(bare, unit, builder)
    assert (finding.line, finding.column) == (1, 15)
    assert finding.message == "found '%', expected a seat (N, E, S or W)" + DEAL
    failing = SimpleNamespace(interactive_parser=SimpleNamespace(accepts=lambda: 1 / 0))
    assert _accepts(failing) == set()  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# The words of the sentence


@pytest.mark.parametrize(
    ("names", "what", "said"),
    [
        ({"$END"}, "deal", "the end of the deal"), (set(), "deal", "nothing more"),
        ({"$END"}, "tag section", "the end of the tag section"),
        ({"CARD", "CARD_NAME"}, "deal", "a card"),
        # sorted without their quotes: "a seat" before "pourri"
        ({"POURRI", "SEAT"}, "deal", "a seat (N, E, S or W) or 'pourri'"),
        # the end is said last, though "the" sorts before "winners"
        ({"$END", "WINNERS"}, "deal", "'winners' or the end of the deal"),
        ({"$END", "INT"}, "deal", "a number (at most nine digits) or the end of the deal"),
        # a name with no words of its own is said as it is, sorted in lower case
        ({"SEAT", "FOO"}, "deal", "a seat (N, E, S or W) or FOO"),
    ],
)  # fmt: skip
def test_what_could_stand_there_is_sorted_with_the_end_last(
    names: set[str], what: str, said: str
) -> None:
    assert _expected_words(names, what) == said


@pytest.mark.parametrize(
    ("text", "index", "said"),
    [
        ("3x E:8d", 0, "'3x'"), ("", 0, "the end of the text"), ("ab", 2, "the end of the text"),
        ("\t", 0, "character U+0009"), ("\x00", 0, "character U+0000"),
        (" ", 0, "character U+0020"),  # a blank is named, never quoted
        ("x" * 30, 0, "'" + "x" * 20 + "'"),  # at most 20 characters of a word
        ("Cd{note}", 0, "'Cd'"), ("Cd;note", 0, "'Cd'"), ("}", 0, "'}'"),
        ("é\u00a0x", 0, "'é'"),  # a no-break space ends the word a person reads
        ("3\x01d", 0, "'3\\x01d'"),
    ],
)  # fmt: skip
def test_what_was_found_is_the_word_a_person_reads_there(text: str, index: int, said: str) -> None:
    assert _found(text, index) == said


@pytest.mark.parametrize(
    ("text", "shown"),
    [("\x1b[31m", "\\x1b[31m"), ("a\x85b", "a\\x85b"), ("\u2028", "\\u2028"), ("chêne", "chêne")],
)
def test_control_characters_are_spelled_out(text: str, shown: str) -> None:
    assert _printable(text) == shown


# --------------------------------------------------------------------------
# The fix for a known word mistyped (docs/violations.md, A001)

CARD_CASE = ": a card is its rank in capitals, its suit in lower case"
KEYWORD = ": keywords are lower-case"
TEAM = ": a team is its two seats in capitals, NS or EW"
NO_QUEEN = (
    "the Spanish deck has no queens: its figures are the valet (V or J), the cavalier (C)"
    " and the king (R or K)"
)
NO_TEN = "the deck of 48 cards has no tens: its numbers run from 1 to 9"
QUOTES = ', a typographic quote: write the value between straight double quotes, "..."'
COMMENT = "a comment starts with ';', or is written in braces"
SWORDS = "write '{}': the suits are d, c, b and e (swords are e, épées)"


@pytest.mark.parametrize(
    ("text", "index", "fix"),
    [
        ("CD", 0, "write 'Cd'" + CARD_CASE), ("cd", 0, "write 'Cd'" + CARD_CASE),
        ("n:3d", 0, "write 'N:3d'"), ("n:CD", 0, "write 'N:Cd'"), ("e", 0, "write 'E'"),
        ("w:monsieur", 0, "write 'W:monsieur'"),
        ("N:Monsieur", 0, "write 'N:monsieur' or 'N:3d'"),
        ("Point NS", 0, "write 'point'" + KEYWORD), ("DEALER", 0, "write 'dealer'" + KEYWORD),
        ("1. n:3d", 3, "write 'N:3d'"),  # the word where the error is, not the line's first
        ("deux de chêne E:8d", 0, "write 'deux-de-chene' or '2b'"),
        ("deux - de chêne", 0, "write 'deux-de-chene' or '2b'"),
        ("Grand Neuf", 0, "write 'grand-neuf' or '9c'"),
        ("deux d'écrit", 0, "write 'deux-d-ecrit' or '2e'"), ("Vache", 0, "write 'vache' or '2c'"),
        ("n: 3d 8d", 0, "write 'N:'"),  # a hand's seat keeps its colon
        ("West", 0, "write 'W'"), ("nord:", 0, "write 'N:'"),  # a seat by its name
        # after a claim's arrow: a sheet's dash for a trick nobody takes, a misspelling
        ("1. 3d 8d 6e 3b -> -", 18, "write 'pourri'"), ("-> pouri", 3, "write 'pourri'"),
        ("->  Pourrri", 4, "write 'pourri'"),
        # a team in lower case or with a dash; cards of other decks; a draw out of place
        ("point ew", 6, "write 'EW'" + TEAM), ("E-W", 0, "write 'EW'" + TEAM),
        ("n/s", 0, "write 'NS'" + TEAM),
        ("Qd", 0, NO_QUEEN), ("N:qc", 0, NO_QUEEN), ("10b", 0, NO_TEN), ("E:10e", 0, NO_TEN),
        ("draw: N:3d", 0, "a draw line comes after the game's tags, before its first deal"),
        # a tag value in a word processor's quotes: the character named, as A003 names one
        ('[Event \u201cClub\u201d]', 7, "\u201c is U+201C" + QUOTES),
        ("[Site \u00ab Nantes \u00bb]", 6, "\u00ab is U+00AB" + QUOTES),
        ('x\n[Event \u201cClub\u201d]', 9, "\u201c is U+201C" + QUOTES),
        # a seat by Ouest's initial; a team written from its other seat; swords
        # by the English initial; a claim's arrow run into the last card
        ("O:", 0, "write 'W:'"), ("point WE", 6, "write 'EW'" + TEAM),
        ("point s/n", 6, "write 'NS'" + TEAM), ("5s", 0, SWORDS.format("5e")),
        ("N:Rs", 0, SWORDS.format("N:Re")), ("W:3b-> N", 0, "write 'W:3b ->'"),
        ("3b->N", 0, "write '3b ->'"), ("monsieur-> N", 0, "write 'monsieur ->'"),
        # a comment as other notations write it: never a card's name in it
        ("-> N # monsieur takes it", 5, COMMENT), ("-> N (monsieur)", 5, COMMENT),
        ("-> N -- the vache", 5, COMMENT), ("deal 1 dealer W // first", 16, COMMENT),
        # but an arrow drawn long, or short of its '>' before a claim, is an arrow
        ("1. 3d 8d 6e 3b --> N", 15, "write '->'"), ("1. 3d 8d 6e 3b -- pourri", 15, "write '->'"),
        ("1. 3d 8d 6e 3b --W", 15, "write '->'"),
        # ...only in a trick line with no arrow yet: a note after a claim, or a header's
        ("1. 3d 8d 6e 3b -> N -- W led", 20, COMMENT), ("deal 1 dealer W -- N", 16, COMMENT),
    ],
)  # fmt: skip
def test_a_known_word_mistyped_gets_its_fix(text: str, index: int, fix: str) -> None:
    assert _hint(text, index) == fix


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("points EW", "'points' (write 'point')"),
        ("signals S monsieur", "'signals' (write 'signal')"),
        ("Points EW", "'Points' (write 'point': keywords are lower-case)"),
    ],
)
def test_a_keyword_written_in_the_plural_is_found_whole_and_said_singular(
    line: str, found: str
) -> None:
    """Keywords may touch what follows them, so ``points`` is read as
    ``point`` and an ``s``, where the error is: said as a seat in lower
    case, its fix (``pointS``) was another error."""
    checked = check(f"deal 1 dealer W\nwinners: N E S W N E S W N\n{line}\n")
    (said,) = [f.message for f in checked.outcome.findings if f.code == "A001"]
    assert said.startswith(f"found {found}, expected ")


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("Ao", 0), ("N:Ao", 0), ("N", 0),  # an alias, a seat, written right
        ("3x", 0), ("x:3d", 0), ("n:xyz", 0), (" x", 0), ("", 0),
        ("deux\nde chêne", 0),  # a name is looked for on the error's line only
        ("-", 0), ("pouri", 0), ("-> xyz", 3),  # a dash, a claim's slip: after an arrow only
        ("NS", 0), ("EW", 0), ("Q", 0), ("1b", 0), ("100b", 0),  # right, or no card at all
        ("point \u201cNS\u201d", 6), ("\u201cx", 0),  # quotes outside a tag: none to write
        ("deal #1", 5), ("(1) N:3d", 0),  # a number as people write it: no comment
    ],
)  # fmt: skip
def test_a_word_that_is_no_known_word_mistyped_gets_no_fix(text: str, index: int) -> None:
    assert _hint(text, index) == ""


@pytest.mark.parametrize(
    ("text", "where", "said"),
    [
        ("n:3d", (2, 1), f"found 'n:3d' (write 'N:3d'), expected {ELEMENT} or 'winners'"),
        ("1. W:1d N:CD", (2, 11), f"found 'CD' (write 'Cd'{CARD_CASE}), expected a card"),
        ("1. W:deux de chêne", (2, 6), "found 'deux' (write 'deux-de-chene' or '2b'), expected"
         " a card"),
    ],
    ids=["seat", "card", "name"],
)  # fmt: skip
def test_the_fix_is_said_after_the_word_found(text: str, where: tuple[int, int], said: str) -> None:
    assert finding_on(text, "line", (2, 1)) == ("A001", *where, said + LINE)


@pytest.mark.parametrize(
    ("text", "where", "said"),
    [
        ("1. W:1d N:Cd E:3b S:Ve -> monsieur", (2, 27), f"found 'monsieur', expected {CLAIM}"),
        ("chant S takes monsieur", (2, 23), "found the end of the line, expected a card or"
         " 'discards'"),
    ],
    ids=["a claim", "the end of a line"],
)  # fmt: skip
def test_a_card_name_written_right_gets_no_fix(
    text: str, where: tuple[int, int], said: str
) -> None:
    assert finding_on(text, "line", (2, 1)) == ("A001", *where, said + LINE)


@pytest.mark.parametrize("text", ["Stock: 2c 9b", "Winners: N E S"])
def test_a_keyword_in_capitals_gets_its_fix_before_its_colon(text: str) -> None:
    keyword = text.split(":")[0].lower()
    assert _hint(text, 0) == f"write '{keyword}'" + KEYWORD


def test_a_draw_line_above_the_tags_says_where_it_goes() -> None:
    """Text before the tags is read without the grammar: its word gets
    the same fix."""
    checked = check('draw: N:3d E:1c\n[Event "x"]\n\ndeal 1 dealer W\npoint EW\n')
    assert [(f.code, f.line, f.message) for f in checked.outcome.findings] == [
        (
            "A001",
            1,
            "found 'draw:' (a draw line comes after the game's tags, before its first deal),"
            " expected a tag section ('[') or a deal ('deal'); the text up to the next tag"
            " section or deal is skipped",
        )
    ]
