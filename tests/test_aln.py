"""The canonical ALN writer (``aluette_cli/writers/aln.py``), the parser's inverse.

``fmt``, ``convert --to aln`` and ``generate`` write every record through
it, and test_convert and test_lossless see it only through those commands,
on samples and generated games.  Here small records are read with the
project's reader and written as ``convert`` writes them (``write_game``,
games put ``BETWEEN_GAMES`` apart), and each text is worked out by hand from
docs/notation.md: the order of §4, the comments of §1, the tags of §3, what
§9 keeps that version 1 drops, and the layout of §10.  Each canonical text
is also read and written again, since the canonical form must be a fixed
point.
"""

from __future__ import annotations

import pytest

from aluette_cli.framing import Framed
from aluette_cli.model import Game, Pos
from aluette_cli.reading import read_games
from aluette_cli.writers.aln import (
    BETWEEN_GAMES,
    STYLES,
    escape,
    trick_line,
    verbatim,
    write_game,
)

from .conftest import record


def read(*lines: str) -> list[Game]:
    return list(read_games([record(*lines).encode("utf-8")]))


def formatted(*lines: str) -> str:
    """The one game of a record whose line k is ``lines[k - 1]``, written canonically."""
    (game,) = read(*lines)
    return write_game(game)


def assert_canonical(written: str, canonical: str) -> None:
    """``written`` is ``canonical``, and writing ``canonical`` again changes nothing."""
    assert written == canonical
    assert formatted(*canonical.removesuffix("\n").split("\n")) == canonical


def test_every_part_of_a_deal_is_one_line_in_the_order_of_section_4() -> None:
    written = formatted(
        "deal 1 dealer N ; header note   ",  # a ';' comment loses its trailing blanks
        "{ on its own line }",  # after a ';' comment: still the header's, on the next line
        "S: Ao 2c",  # hands in any order are written N, E, S, W (§9)
        "W: 7c",
        "N:   monsieur Kb",  # aliases and names become codes (§2)
        "E: 8c",
        "N: 4c",  # a repeated hand comes after the four (§9)
        "stock: 5d  {stock}",
        "chant S takes 6d discards 7d",
        "concede EW refused",  # bids: announce lines, then concede lines, as §4 names them
        "announce NS double",
        "signal N look-up",  # before trick 1
        "1. N:Jd 8d -> pourri",  # a trick line keeps its form: seats where written
        "signal E y",
        "2. 9d   ->   N",
        "signal S z",  # after the last trick
        "winners: N -",
        "winners: - N",  # a second sheet is kept, after the first (§9)
        "point W 0",  # the number only when given, 0 included (A307, but kept)
    )
    canonical = (
        "deal 1 dealer N  ; header note\n"
        "{ on its own line }\n"
        "N: 3d Rb\n"
        "E: 8c\n"
        "S: 1d 2c\n"
        "W: 7c\n"
        "N: 4c\n"
        "stock: 5d  {stock}\n"
        "chant S takes 6d discards 7d\n"
        "announce NS double\n"
        "concede EW refused\n"
        "signal N look-up\n"
        "1. N:Vd 8d -> pourri\n"
        "signal E y\n"
        "2. 9d -> N\n"
        "signal S z\n"
        "winners: N -\n"
        "winners: - N\n"
        "point W 0\n"
    )
    assert_canonical(written, canonical)


def test_tags_keep_their_order_and_the_section_s_comments_follow_the_last() -> None:
    written = formatted(
        "{ lead }",  # before the first game: its leading comments, first
        "; l2",
        '[Zeta "z"] { tc }',  # a comment anywhere in the section is the section's
        r'[Site "C:\club \"x\""] ; semi',  # '\c' is kept as written (A421)
        "draw: N:5c E:Ao {dc}",
        "deal 1 dealer N",
        "point none",
    )
    canonical = (
        "{ lead }\n"
        "; l2\n"
        '[Zeta "z"]\n'
        r'[Site "C:\\club \"x\""]  { tc } ; semi' + "\n"  # only \" and \\ are escapes
        "draw: N:5c E:1d  {dc}\n"
        "\n"  # one empty line after the tag section (§10)
        "deal 1 dealer N\n"
        "point none\n"
    )
    assert_canonical(written, canonical)


@pytest.mark.parametrize(
    ("header", "canonical"),
    [
        ("deal 1 dealer N {a}{b}", "deal 1 dealer N  {a} {b}"),  # two spaces, then one
        ("deal 1 dealer N {  x  } ; y", "deal 1 dealer N  {  x  } ; y"),  # braces: as written
        ("deal 1 dealer N ;  note \t\f", "deal 1 dealer N  ;  note"),  # the notation's blanks
        ("deal 1 dealer N ; nbsp\xa0", "deal 1 dealer N  ; nbsp\xa0"),  # not one of them (§1)
        ("deal 1 dealer N ; a\n; b\n{c}", "deal 1 dealer N  ; a\n; b\n{c}"),  # ';' ends a line
    ],
)
def test_comments_follow_their_element_on_its_line(header: str, canonical: str) -> None:
    assert_canonical(formatted(header, "point NS"), canonical + "\npoint NS\n")


def test_what_cannot_be_read_is_written_back_where_it_stood() -> None:
    written = formatted(
        "junk here",  # A001: text before the first unit
        '[Event "ok"]',
        '[Site "unclosed]',  # A001: the section is kept whole, its good tag too
        "deal 1 dealer N",
        "1. N:3x",  # A001: the deal is kept as written
        "point   NS",
        "deal 2 dealer E",
        "point   EW",  # a deal that reads is written canonically
    )
    canonical = (
        "junk here\n"
        '[Event "ok"]\n'
        '[Site "unclosed]\n'
        "\n"
        "deal 1 dealer N\n"
        "1. N:3x\n"
        "point   NS\n"
        "\n"
        "deal 2 dealer E\n"
        "point EW\n"
    )
    assert_canonical(written, canonical)


def test_text_that_begins_with_a_byte_order_mark_is_written_after_one() -> None:
    """A file that begins with two marks: the first is read past, the second
    is text (A001) kept as written; at the top of the output it would be
    read back as a mark and lost (and the A001 with it), so a mark goes
    before it."""
    written = formatted("\ufeff\ufeffdeal 1 dealer N", "point NS")
    assert_canonical(written, "\ufeff\ufeff\ndeal 1 dealer N\npoint NS\n")
    (game,) = read(*written.removesuffix("\n").split("\n"))
    assert [(e.code, e.line, e.column) for e in game.errors] == [("A001", 1, 1)]
    assert formatted("deal 1 dealer N  { \ufeff }", "point NS").startswith("deal")


def test_games_are_two_empty_lines_apart_and_the_text_ends_with_one_line_end() -> None:
    out: list[str] = []
    frame = Framed(out.append, between=BETWEEN_GAMES)  # as convert --to aln writes
    for game in read('[Event "one"]', "deal 1 dealer N", "point NS", "", "", "", '[Event "two"]'):
        frame.add(write_game(game))
    frame.end()
    assert "".join(out) == '[Event "one"]\n\ndeal 1 dealer N\npoint NS\n\n\n[Event "two"]\n'


@pytest.mark.parametrize(
    ("lines", "canonical"),
    [
        (["{ nothing yet }"], "{ nothing yet }\n"),
        (['[Event "x"]', "", ""], '[Event "x"]\n'),  # no empty line at the end
        (["deal 1 dealer N", "", "", "deal 2 dealer E"], "deal 1 dealer N\n\ndeal 2 dealer E\n"),
    ],
)
def test_a_game_ends_with_its_last_line(lines: list[str], canonical: str) -> None:
    assert_canonical(formatted(*lines), canonical)


def test_a_game_with_nothing_in_it_is_no_text_at_all() -> None:
    assert write_game(Game(1, Pos(1, 1))) == ""


@pytest.mark.parametrize(
    ("written", "style", "seats", "canonical"),
    [
        ("1. N:3d 8d S:6e 1e -> S", "keep", None, "1. N:3d 8d S:6e 1e -> S"),
        ("1. N:3d 8d S:6e 1e -> S", "cards", None, "1. 3d 8d 6e 1e -> S"),
        ("1. N:3d 8d S:6e 1e -> S", "seats", ["N", "E", "S", "W"], "1. N:3d E:8d S:6e W:1e -> S"),
        # a seat the record gives is never replaced by the turn order's (A202 is kept)
        ("1. W:3d 8d S:6e 1e -> W", "seats", ["N", "E", "S", "W"], "1. W:3d E:8d S:6e W:1e -> W"),
        ("1. N:3d 8d S:6e 1e -> S", "seats", None, "1. N:3d 8d S:6e 1e -> S"),  # no turn order
        ("1. 3d 8d", "seats", ["N"], "1. N:3d 8d"),  # seats only as far as the order goes
    ],
)
def test_a_trick_line_is_written_in_the_style_asked(
    written: str, style: str, seats: list[str | None] | None, canonical: str
) -> None:
    assert style in STYLES  # keep, seats, cards: convert --style (docs/cli.md)
    (game,) = read("deal 1 dealer N", written)
    (trick,) = game.deals[0].tricks
    assert trick_line(trick, seats, style) == canonical


def test_the_turn_order_of_a_deal_is_found_by_its_place_in_the_game() -> None:
    # convert's seats are keyed by the deal's position (0, 1, ...), not its number
    (game,) = read("deal 1 dealer N", "point NS", "deal 2 dealer E", "1. 3d 8d 6e 1e")
    written = write_game(game, {1: [["S", "W", "N", "E"]]}, "seats")
    assert written == "deal 1 dealer N\npoint NS\n\ndeal 2 dealer E\n1. S:3d W:8d N:6e E:1e\n"


@pytest.mark.parametrize(
    ("value", "escaped"),
    [
        ("Club night", "Club night"),
        ('say "hi"', r"say \"hi\""),
        ("C:\\club", r"C:\\club"),
        ('\\"', r"\\\""),  # the backslash first, or the quote's own would be doubled
    ],
)
def test_a_tag_value_escapes_its_quotes_and_backslashes(value: str, escaped: str) -> None:
    assert escape(value) == escaped


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("deal 2 dealer E\n1. N:3x\n \t\f\n\n", "deal 2 dealer E\n1. N:3x"),
        ("  a\n\nb  \n", "  a\n\nb  "),  # blanks within, and at a line's end, stay
        ("x\n\xa0\n", "x\n\xa0"),  # a no-break space is not the notation's blank (§1)
        ("\n \n", ""),
    ],
)
def test_verbatim_text_loses_only_its_empty_lines_at_the_end(text: str, kept: str) -> None:
    assert verbatim(text) == kept


def test_comments_before_a_later_game_go_with_its_tag_section() -> None:
    """A game read from JSON may have comments before its tags where it is
    not the first (two files of JSON Lines joined): written there, they were
    read back as the foot of the game above."""
    from aluette_cli import api

    rows = "".join(
        api.dumps(api.loads(text), "jsonl")
        for text in (
            '; Tuesday, scored by Rose\n[Event "Tuesday"]\n\ndeal 1 dealer N\npoint NS\n',
            '; Friday, scored by Paul\n[Event "Friday"]\n\ndeal 1 dealer E\npoint EW\n',
        )
    )
    games = list(api.loads(rows, fmt="jsonl"))
    assert [c.text for c in games[1].game.leading_comments] == [" Friday, scored by Paul"]
    back = [checked.game for checked in api.loads(api.dumps(games, "aln"))]
    assert [c.text for c in back[0].leading_comments] == [" Tuesday, scored by Rose"]
    assert [c.text for c in back[1].tag_comments] == [" Friday, scored by Paul"]
    assert all(c.text != " Friday, scored by Paul" for d in back[0].deals for c in d.comments)
    assert all(not d.point or not d.point.comments for d in back[0].deals)
