"""Runs: blocks of clean text cut into units by searching the whole block.

:func:`decode.decode_runs` leaves each block of valid UTF-8 whole, and
:func:`split.split_units` cuts it by searching for what can end a unit.
The line-by-line reading (:func:`decode.decode_lines`) is the reference: on
any text, and with blocks cut anywhere, both must give the same units, with
the same parts, positions and findings.
"""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aluette_cli import findings as F
from aluette_cli.reading import Unit, decode, split
from aluette_cli.reading.decode import Line, Run, decode_lines, decode_runs
from aluette_cli.reading.split import split_units

from .test_hostile import REPEATED_TRICK_LINE

# Pieces of ALN, right and wrong, from which texts are drawn: tags, headers
# well and badly typed, comments that open and close on other lines, strings
# with braces in them, bad bytes, a form feed, line ends of every kind.
PIECES = [
    '[Event "x"]\n',
    '[Event "a { b"]\n',
    '[Rules "classic"] ; a note\n',
    "deal 1 dealer N\n",
    "Deal 2 dealer E\n",
    "deal3 dealer S\n",
    "dealer N\n",
    "N: 3d 3c 2d 2c 9c 9d 2b 2e 1d\n",
    "1. N:3d E:4d S:5d W:6d -> N\n",
    "2. 3d 4d 5d 6d {= E:4b} -> pourri\n",
    "signal N deal\n",
    "point NS\n",
    "{ a comment\n",
    "that spans lines }\n",
    "{ never closed\n",
    "} stray\n",
    "; whole-line comment\n",
    "d\n",
    "\n",
    "   \n",
    "\r\n",
    "\r",
    "\x0c\n",
    "\u2028 text\n",
    "1. N:3d {deal 2 [x} E:4d ; deal 3 {\n",
    "point NS {a} {b} } ; [Event\n",
    '{x} deal 4 dealer S {"}\n',
    "N: 3d {;} 3c\n",
    'stock: {"deal 5"} 2c\n',
    "1. N:3d {a {b} deal 3 dealer N}\n",
    '[Event "a {deal 2} b"] {c}\n',
    '2. "{x}" deal 6 {y}\n',
    '[Event "a \\" deal 9 {"]\n',
    '[Site\t "x"]  \n',
    "deal 7 dealer W extra\n",
    "deal  8\tdealer E \x0c\n",
]


@pytest.fixture(autouse=True)
def _every_block_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of any length, down to one line: a run then starts and ends
    everywhere a unit can."""
    monkeypatch.setattr(decode, "RUN_MIN_LINES", 1)


def _units(data: bytes, runs: bool) -> list[tuple[object, ...]]:
    """What is compared of each unit: its kind, place, text and findings (a
    run puts many lines into one part, lines read alone a part each: the
    same text)."""
    decode = decode_runs if runs else decode_lines
    units: list[Unit] = list(split_units(decode(io.BytesIO(data))))
    return [(u.kind, u.line, u.column, u.text, u.findings) for u in units]


@given(st.lists(st.sampled_from(PIECES), max_size=60), st.sampled_from([7, 64, 1 << 20]))
def test_runs_cut_as_lines_do(pieces: list[str], block: int) -> None:
    data = "".join(pieces).encode("utf-8")
    original = decode.BLOCK
    decode.BLOCK = block  # blocks cut anywhere: a run may start in a unit
    try:
        assert _units(data, runs=True) == _units(data, runs=False)
    finally:
        decode.BLOCK = original


@given(st.lists(st.sampled_from(PIECES), max_size=40), st.binary(max_size=3))
def test_runs_around_a_bad_byte(pieces: list[str], junk: bytes) -> None:
    text = "".join(pieces).encode("utf-8")
    data = text[: len(text) // 2] + b"\xff" + junk + text[len(text) // 2 :]
    assert _units(data, runs=True) == _units(data, runs=False)


def test_a_unit_over_the_limit_inside_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit on a unit's size is met in the middle of a run: the finding
    stands on the line that passes it, as when lines are read one by one."""
    monkeypatch.setattr(split, "MAX_UNIT_CHARS", 200)
    data = REPEATED_TRICK_LINE.encode() * 3
    units = _units(data, runs=True)
    assert units == _units(data, runs=False)
    assert any(f.code == F.OVER_LIMIT for *_, found in units for f in found)


def test_a_long_line_leaves_its_block_to_the_line_reader() -> None:
    long = "x" * (decode.MAX_LINE_BYTES // 4 + 10)
    data = f"deal 1 dealer N\n{{{long}}}\npoint NS\n".encode() + REPEATED_TRICK_LINE.encode()
    assert data.count(b"\n") >= decode.RUN_MIN_LINES  # only the long line keeps it from a run
    items = list(decode_runs(io.BytesIO(data)))
    assert all(isinstance(item, Line) for item in items)
    assert _units(data, runs=True) == _units(data, runs=False)


def test_a_clean_block_is_one_run() -> None:
    data = REPEATED_TRICK_LINE.encode()
    assert data.count(b"\n") >= 20
    items = list(decode_runs(io.BytesIO(data)))
    assert len(items) == 1 and isinstance(items[0], Run)
    assert [line.text for line in items[0].lines()] == REPEATED_TRICK_LINE.split("\n")[:-1]


def test_a_block_of_a_few_lines_is_read_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decode, "RUN_MIN_LINES", 32)
    data = REPEATED_TRICK_LINE.encode()
    assert all(isinstance(item, Line) for item in decode_runs(io.BytesIO(data)))
    assert len(list(decode_runs(io.BytesIO(data * 2)))) == 1


@pytest.mark.parametrize("limit", [4, 5, 6, 7, 40, 41, 400])
def test_a_long_line_is_found_wherever_it_stands(limit: int) -> None:
    """The window search agrees with measuring every line, for lines just
    under, at and over the length, at every offset against the windows."""
    longest = limit // 4
    rng = random.Random(limit)
    for _ in range(300):
        lines = [
            "y" * rng.choice([0, 1, longest - 1, longest, longest + 1, longest + 2, 3 * longest])
            for _ in range(rng.randint(1, 12))
        ]
        text = "\n".join(lines) + rng.choice(["", "\n"])
        expected = any(len(line) > longest for line in text.split("\n"))
        assert decode.has_long_line(text, limit) == expected, (lines, limit)
