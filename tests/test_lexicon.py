"""One lexicon: every reader of ALN text agrees with the grammar.

``aluette_cli.lexicon`` holds a copy of the grammar's terminals, and the fast
path, the unit splitter, the recovery code, the annotator and the JSON
record's checks are built from it.  These tests hold the copy to the grammar,
then hold the fast path to the grammar where they are most likely to part:
characters that one reader might take for whitespace and the other not.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.lexer import Pattern, PatternStr

from aluette_cli import lexicon
from aluette_cli.cards import DECK, NAMED_CARDS, SEATS, TEAMS
from aluette_cli.cli import cli
from aluette_cli.reading import Unit, fastpath, parse_unit, parse_unit_with_grammar
from aluette_cli.reading.decode import decode_lines
from aluette_cli.reading.grammar import raw_parser
from aluette_cli.reading.split import split_units

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.aln"))

# Characters a reader may or may not take for whitespace.
ODD_SPACES = ["\u00a0", "\u000b", "\u000c", "\u0085", "\u2028", "\u3000", "\t", "\x1c", "\x1f"]
CONTROLS = [chr(c) for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)] if chr(c) not in "\r\n"]


@cache
def grammar_terminals() -> dict[str, Pattern]:
    return {t.name: t.pattern for t in raw_parser().terminals}


# --------------------------------------------------------------------------
# The lexicon is the grammar's


def test_the_pattern_terminals_are_the_grammars() -> None:
    grammar = {
        name: pattern.to_regexp()
        for name, pattern in grammar_terminals().items()
        if not isinstance(pattern, PatternStr)
    }
    assert grammar == lexicon.TERMINALS


def test_the_literal_terminals_are_the_grammars() -> None:
    grammar = {
        pattern.value for pattern in grammar_terminals().values() if isinstance(pattern, PatternStr)
    }
    assert grammar == lexicon.LITERALS


def test_the_skipped_terminals_are_the_grammars() -> None:
    assert set(raw_parser().ignore_tokens) == set(lexicon.IGNORED)


def test_whitespace_is_exactly_what_the_grammar_skips_as_ws() -> None:
    ws = re.compile(lexicon.TERMINALS["WS"])
    every = (chr(c) for c in range(sys.maxunicode + 1))
    assert {ch for ch in every if ws.fullmatch(ch)} == set(lexicon.WHITESPACE)
    assert set(lexicon.BLANKS) == set(lexicon.WHITESPACE) - set(lexicon.LINE_BREAKS)


def test_the_words_are_the_ones_the_rest_of_the_code_knows() -> None:
    assert lexicon.SEATS == SEATS
    assert lexicon.TEAMS == TEAMS
    assert set(lexicon.CARD_NAMES) == set(NAMED_CARDS)


def test_every_reserved_word_is_some_other_token_to_the_grammar() -> None:
    others = [
        re.compile(pattern.to_regexp())
        for name, pattern in grammar_terminals().items()
        if name != "SIGNAL_NAME"
    ]
    signal = re.compile(lexicon.SIGNAL_NAME)
    for word in lexicon.RESERVED:
        assert signal.fullmatch(word), word
        assert any(p.fullmatch(word) for p in others), word
    # and every literal word of the grammar is reserved
    assert {w for w in lexicon.LITERALS if signal.fullmatch(w)} <= lexicon.RESERVED


def test_the_canonical_card_pattern_is_the_deck() -> None:
    card = re.compile(lexicon.CANONICAL_CARD)
    grammar = re.compile(lexicon.TERMINALS["CARD"])
    ascii_ = [chr(c) for c in range(0x21, 0x7F)]
    assert {a + b for a in ascii_ for b in ascii_ if card.fullmatch(a + b)} == set(DECK)
    assert all(grammar.fullmatch(c) for c in DECK)


def test_strings_and_escapes() -> None:
    text = '[Event "a \\"b\\" {not a comment}"] {a comment}'
    end = lexicon.end_of_string(text, text.index('"') + 1)
    assert text[end:] == "] {a comment}"
    assert lexicon.end_of_string('"never closed', 1) == len('"never closed')
    assert lexicon.unescape('a \\"b\\" \\\\ c') == 'a "b" \\ c'


# --------------------------------------------------------------------------
# The fast path and the grammar agree on odd characters


def units_of(text: str) -> list[Unit]:
    data = text.encode("utf-8")
    return [u for u in split_units(decode_lines(io.BytesIO(data))) if u.kind != "other"]


def read_alike(unit: Unit) -> None:
    """The reader's verdict on a unit is the grammar's, whichever path took it."""
    assert parse_unit(unit) == parse_unit_with_grammar(unit), unit.text


@pytest.mark.parametrize("odd", ODD_SPACES, ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_line_of_one_odd_character_gets_the_grammars_verdict(odd: str) -> None:
    text = f"deal 1 dealer N\n{odd}\npoint NS\n"
    (unit,) = units_of(text)
    read_alike(unit)
    result, _, error = parse_unit(unit)
    # A line that cannot be read costs that line: its A001 is
    # on the deal (``unread``) instead of breaking the whole unit.
    problems = [error] if error else getattr(result, "unread", [])
    assert (not problems) == (odd in lexicon.WHITESPACE), repr(odd)


@pytest.mark.parametrize("odd", ODD_SPACES, ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_tag_section_with_a_line_of_one_odd_character(odd: str) -> None:
    (unit,) = units_of(f'[Event "x"]\n{odd}\n[Site "y"]\n')
    read_alike(unit)


@cache
def generated(seed: int, *args: str) -> str:
    result = CliRunner().invoke(
        cli, ["generate", "--games", "1", "--seed", str(seed), "--policy", "ties", *args]
    )
    assert result.exit_code == 0
    return result.stdout


STYLES = [(), ("--style", "cards"), ("--style", "sheet"), ("--options", "signals")]


def mutate(text: str, rng: random.Random, count: int) -> str:
    """``text`` with odd characters put in at random places: inserted, in the
    place of a blank, or on a line of their own."""
    lines = text.split("\n")
    for _ in range(count):
        i = rng.randrange(len(lines))
        odd = rng.choice(ODD_SPACES + CONTROLS)
        line = lines[i]
        how = rng.randrange(4)
        if how == 0:
            cut = rng.randint(0, len(line))
            lines[i] = line[:cut] + odd + line[cut:]
        elif how == 1 and " " in line:
            blanks = [k for k, ch in enumerate(line) if ch == " "]
            k = rng.choice(blanks)
            lines[i] = line[:k] + odd + line[k + 1 :]
        elif how == 2:
            lines.insert(i, odd * rng.randint(1, 3))
        else:
            lines[i] = line + odd
    return "\n".join(lines)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    style=st.sampled_from(STYLES),
    count=st.integers(1, 6),
)
def test_records_with_odd_characters_are_read_alike(
    seed: int, style: tuple[str, ...], count: int
) -> None:
    text = mutate(generated(seed % 20, *style), random.Random(seed), count)
    for unit in units_of(text):
        read_alike(unit)


# --------------------------------------------------------------------------
# Whole runs: validate gives the same with the fast path on and off


def validate(path: Path, fastpath_on: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, bytes]:
    with monkeypatch.context() as m:
        m.setattr(fastpath, "FASTPATH", fastpath_on)
        result = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout_bytes + b"\0" + result.stderr_bytes


def same_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert validate(path, True, monkeypatch) == validate(path, False, monkeypatch)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_validate_json_is_the_same_without_the_fast_path_on_samples(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    same_both_ways(sample, monkeypatch)


@pytest.mark.parametrize("style", STYLES, ids=lambda s: " ".join(s) or "seats")
def test_validate_json_is_the_same_without_the_fast_path_on_generated_games(
    style: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = CliRunner().invoke(cli, ["generate", "--games", "4", "--seed", "9", *style])
    path = tmp_path / "games.aln"
    path.write_bytes(result.stdout_bytes)
    same_both_ways(path, monkeypatch)


@pytest.mark.parametrize("seed", range(8))
def test_validate_json_is_the_same_without_the_fast_path_on_odd_characters(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    text = mutate(generated(seed, *STYLES[seed % len(STYLES)]), rng, 3)
    path = tmp_path / "odd.aln"
    path.write_text(text, encoding="utf-8")
    same_both_ways(path, monkeypatch)


def commented(text: str, rng: random.Random) -> str:
    """``text`` annotated, then with comments of both kinds put where blanks
    stand and at the ends of lines, and one trick claim made wrong."""
    annotated = CliRunner().invoke(cli, ["annotate", "-"], input=text).stdout
    lines = annotated.split("\n")
    for i, line in enumerate(lines):
        r = rng.random()
        if r < 0.2 and " " in line:
            k = rng.choice([k for k, ch in enumerate(line) if ch == " "])
            lines[i] = line[:k] + rng.choice([" {x} ", "{y}", " {; z} "]) + line[k + 1 :]
        elif r < 0.35:
            lines[i] = line + rng.choice([" ; note", ";", " {= not mine} ; both"])
        elif r < 0.4:
            lines.insert(i, rng.choice(["{a line of its own}", "; alone"]))
    joined = "\n".join(lines)
    return joined.replace("-> N ", "-> E ", 1)


@pytest.mark.parametrize("seed", range(6))
def test_validate_json_is_the_same_without_the_fast_path_on_commented_records(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = commented(generated(seed, *STYLES[seed % len(STYLES)]), random.Random(seed))
    path = tmp_path / "commented.aln"
    path.write_text(text, encoding="utf-8")
    same_both_ways(path, monkeypatch)
    units = units_of(text)
    assert sum(fastpath.read_unit(u.kind, u.parts, u.line, u.column) is not None for u in units)


def test_a_comment_does_not_change_the_verdict_on_a_no_break_space(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path once took a line of U+00A0 for a blank line and the grammar
    did not, so adding a comment (which sends the deal to the grammar) turned
    a passing file into a failing one."""
    plain = tmp_path / "plain.aln"
    plain.write_text("deal 1 dealer N\n\u00a0\npoint NS\n", encoding="utf-8")
    commented = tmp_path / "commented.aln"
    commented.write_text("deal 1 dealer N {c}\n\u00a0\npoint NS\n", encoding="utf-8")
    for path in (plain, commented):
        status, output = validate(path, True, monkeypatch)
        assert status == 1
        assert b'"code": "A001"' in output
        assert "U+00A0" in output.decode()


def test_the_switch_turns_the_fast_path_off(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the fast path was used")

    monkeypatch.setattr(fastpath, "parse_deal", refuse)
    monkeypatch.setattr(fastpath, "parse_tags", refuse)
    monkeypatch.setattr(fastpath, "FASTPATH", False)
    for unit in units_of(generated(1)):
        parse_unit(unit)


def test_the_environment_turns_the_fast_path_off() -> None:
    check = "from aluette_cli.reading import fastpath; print(fastpath.FASTPATH)"
    env = {**os.environ, "ALUETTE_NO_FASTPATH": "1"}
    off = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True)
    assert off.stdout.strip() == "False", off.stderr
