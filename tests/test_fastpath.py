"""The fast path must read every unit it accepts exactly as the grammar does.

``aluette_cli.reading.fastpath`` reads canonical lines with regular expressions and
gives up on anything else; these tests compare it with the Lark grammar on
every unit of the samples, of generated games in every style, and of
randomly edited units, so that the grammar stays the one definition.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from aluette_cli.model import Comment
from aluette_cli.reading import Unit, fastpath, parse_unit_with_grammar, recover
from aluette_cli.reading.decode import decode_lines
from aluette_cli.reading.split import split_units

from .conftest import SAMPLE_FILES as SAMPLES
from .conftest import run


def units_of(data: bytes) -> list[Unit]:
    return [u for u in split_units(decode_lines(io.BytesIO(data))) if u.kind != "other"]


def fast(unit: Unit) -> object:
    """What the fast path reads: the model object and the comments, as the
    grammar's reader gives them, or None."""
    read = fastpath.read_unit(unit.kind, unit.parts, unit.line, unit.column)
    if read is None:
        return None
    result, comments = read
    return (result if unit.kind == "deal" else (result, None)), comments


def agree(unit: Unit) -> bool:
    """Whether the fast path accepted the unit; fails if it read it otherwise."""
    mine = fast(unit)
    if mine is None:
        return False
    grammar, comments, error = parse_unit_with_grammar(unit)
    assert error is None, (unit.text, error)
    assert mine == (grammar, comments), unit.text
    return True


def generated(*args: str) -> bytes:
    result = run("generate", *args)
    assert result.exit_code == 0
    return result.stdout_bytes


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples(sample: Path) -> None:
    for unit in units_of(sample.read_bytes()):
        agree(unit)


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "1"],
        ["--seed", "2", "--style", "cards"],
        ["--seed", "3", "--style", "sheet"],
        ["--seed", "4", "--no-hands", "--no-claims"],
        ["--seed", "5", "--rules", "team-five", "--policy", "ties"],
        ["--seed", "6", "--options", "mordienne", "--policy", "ties"],
    ],
)
def test_generated_units_are_all_taken_by_the_fast_path(args: list[str]) -> None:
    units = units_of(generated("--games", "5", *args))
    assert units
    # announce lines (team-five doubles) are rare: the grammar reads them
    taken = [agree(unit) for unit in units]
    assert all(t for t, u in zip(taken, units, strict=True) if "announce" not in u.text)


def test_unusual_units_go_to_the_grammar() -> None:
    unusual = [
        "deal 1 dealer N\nN: Ad 3c 2d 2dd\n",  # not a card
        "deal 1 dealer N\nN: Monsieur 3c 2d\n",  # a name in capitals
        "deal 1 dealer N\n1. N:3d E:3c {why\nnot} S:2d W:2c -> N\n",  # a comment over lines
        "deal 1 dealer N\n1. N:3d E:3c S:2d W:2c -> N {a {b} c}\n",  # a brace too many
        "deal 1 dealer N\n1. N:{x}3d E:3c S:2d W:2c\n",  # a comment inside a play
        "deal 1 dealer N\n1.N:3d E:3c S:2d W:2c\n",  # no blank after the number
        "deal 1 dealer N\npoint NS\n1. 3d 3c 2d 2c\n",  # out of order
        "deal 1 dealer N\nsignal N point\n",  # a keyword as a signal name
        "deal 1 dealer N\nchant N takes 1d discards 2d\n",  # a rare line
        "deal 1 dealer N\n1. N:3d 3c S:2d W:2c\n",  # mixed forms
        '[Event "x"]\ndraw: N:3d\n',  # the draw extension
    ]
    for text in unusual:
        (unit,) = units_of(text.encode())
        assert fast(unit) is None, text


def test_commented_units_are_read_by_the_fast_path_as_the_grammar_reads_them() -> None:
    """Comments on a line, of both kinds, anywhere a blank may stand, with
    braces and semicolons inside strings and inside each other."""
    text = (
        '[Event "a {b} ; c"] {after a tag} ; and a line comment\n'
        "{a comment line}\n"
        '[Site "x"]\n'
        "\n"
        "deal 1 dealer N {= the header}\n"
        "N: 3d 3c 2d {mid-hand} 2c 9c 9d 2b 2e 1d ; the hand\n"
        "{alone on its line}\n"
        "; a line comment alone\n"
        "1. E:1c {one; two} S:1b W:1e N:Rd -> pourri {= pourri}\n"
        "2. E:Rc S:Rb{tight}W:Re N:Cd ; {not a brace comment}\n"
        "point NS{=x}\n"
    )
    units = units_of(text.encode())
    assert [agree(unit) for unit in units] == [True, True]
    (_, comments) = fast(units[1])  # type: ignore[misc]
    assert len(comments) == 10
    assert comments[-1].text == "=x" and comments[-1].pos == (11, 9)


def test_aliases_and_names_are_read_by_the_fast_path_as_the_grammar_reads_them() -> None:
    text = (
        "deal 1 dealer N\n"
        "N: Ad Kc Jo monsieur grand-neuf deux-d-ecrit 4o Ae 1b\n"
        "stock: vache Ko Jb\n"
        "1. E:Ae S:madame W:Kb N:Jo -> S\n"
        "2. Ad borgne Vc 9e\n"
        "3. petit-neuf Rc Cc Vb Ko -> pourri\n"
    )
    (unit,) = units_of(text.encode())
    assert agree(unit)
    deal, _ = fast(unit)  # type: ignore[misc]
    assert deal.hands["N"].cards == ["1d", "Rc", "Vd", "3d", "9c", "2e", "4d", "1e", "1b"]
    assert [p.card for p in deal.tricks[0].plays] == ["1e", "3c", "Rb", "Vd"]


@pytest.mark.parametrize("seed", range(3))
def test_annotated_games_are_all_taken_by_the_fast_path(seed: int) -> None:
    data = generated("--games", "3", "--seed", str(seed), "--policy", "ties")
    annotated = run("annotate", "-", input=data)
    assert b"{=" in annotated.stdout_bytes
    units = units_of(annotated.stdout_bytes)
    assert all(agree(unit) for unit in units)


_PIECES = [
    " ", "  ", "\t", "\n", "deal", "dealer", "1", "12", "1.", "9.", "N", "E", "S", "W",
    "NS", "EW", ":", "3d", "Rc", "9e", "1b", "Ad", "->", "pourri", "point", "none",
    "stock", "winners", "-", "signal", "monsieur", "x", "[", "]", '"', '"v"', "Event",
    "{", "}", "{x}", "{= N wins}", ";", "; note", "{;}", '"{"', "{a\nb}",
    "Kc", "Jo", "4o", "vache", "grand-neuf", "Monsieur", "ko",
]  # fmt: skip


def edited(lines: list[str], edits: list[int], rng: random.Random) -> list[str]:
    """``lines`` with a piece of the notation put in, or a character or two
    taken out, at each place ``edits`` names."""
    for edit in edits:
        i = edit % len(lines)
        line = lines[i]
        cut = rng.randint(0, len(line))
        piece = rng.choice(_PIECES)
        lines[i] = line[:cut] + piece + line[cut + rng.randint(0, 2) :]
    return lines


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), edits=st.lists(st.integers(0, 10**6), max_size=4))
def test_edited_units_are_read_alike_or_left_to_the_grammar(seed: int, edits: list[int]) -> None:
    """Random edits of canonical units: whenever the fast path still accepts
    one, the grammar reads the very same thing."""
    data = generated("--games", "1", "--seed", str(seed % 1000), "--policy", "ties")
    lines = edited(data.decode().split("\n"), edits, random.Random(seed))
    for unit in units_of("\n".join(lines).encode()):
        if fast(unit) is not None:
            grammar, comments, error = parse_unit_with_grammar(unit)
            assert error is None, unit.text
            assert fast(unit) == (grammar, comments), unit.text


# --------------------------------------------------------------------------
# A deal the grammar cannot read whole: its good lines read fast


def _grammar_alone(unit: Unit) -> object:
    """The grammar's reading of the unit with every line of the recovery its own."""
    saved = fastpath.FASTPATH
    fastpath.FASTPATH = False
    try:
        return parse_unit_with_grammar(unit)
    finally:
        fastpath.FASTPATH = saved


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    edits=st.lists(st.integers(0, 10**6), min_size=1, max_size=4),
    flags=st.sampled_from(
        [(), ("--style", "cards"), ("--options", "chanter,signals", "--policy", "ties")]
    ),
)
def test_a_broken_deal_is_read_line_by_line_alike_with_its_lines_read_fast(
    seed: int, edits: list[int], flags: tuple[str, ...]
) -> None:
    """Edits that break a line, and comments: the deal read line by line
    with the fast path taking the lines it can is the very deal the grammar
    reads alone (its elements, comments, positions and findings)."""
    data = generated("--games", "1", "--seed", str(seed % 1000), *flags)
    rng = random.Random(seed)
    lines = edited(data.decode().split("\n"), edits, rng)
    for i in rng.sample(range(len(lines)), 3):
        lines[i] += rng.choice([" {a note}", " ; a note", "{=x}"])
    for unit in units_of("\n".join(lines).encode()):
        with fast_lines() as counted:
            got = parse_unit_with_grammar(unit)
        assert got == _grammar_alone(unit), unit.text
        if counted[0]:
            event("a broken deal had lines read fast")


@contextmanager
def fast_lines() -> Iterator[list[int]]:
    """Count the lines the recovery reads by the fast path: [count]."""
    counted = [0]
    real = recover._read_element_fast

    def counting(seg: str, line: int) -> tuple[object, list[Comment]] | None:
        read = real(seg, line)
        counted[0] += read is not None
        return read

    recover._read_element_fast = counting
    try:
        yield counted
    finally:
        recover._read_element_fast = real


def test_the_lines_of_a_broken_deal_are_read_fast() -> None:
    """A misspelt card on one line: every other line of the deal is read by
    the fast path, and the deal is the grammar's."""
    data = generated("--games", "1", "--seed", "3").decode()
    head, _, rest = data.partition("\n3. ")
    broken = f"{head}\n3. N:3q{rest[4:]}"
    deal = next(u for u in units_of(broken.encode()) if u.kind == "deal" and "3q" in u.text)
    with fast_lines() as counted:
        got = parse_unit_with_grammar(deal)
    lines = [line for line in deal.text.split("\n")[1:] if line.strip()]
    assert counted == [len(lines) - 1]  # all but the header and the broken line
    assert got == _grammar_alone(deal)
    result, _comments, error = got
    assert error is None and [f.code for f in result.unread] == ["A001"]  # type: ignore[attr-defined]


def test_an_empty_part_is_no_line() -> None:
    # The splitter closes a unit with an empty part; one that is not the
    # last (a deal given lines from below the next header, notation §8)
    # must not push the lines after it one line down.
    unit = Unit(
        "deal", 1, 1, ["deal 1 dealer N\n", "1. 3d 4d 5d 6d\n", "", "\n", "2. 2d 4c 5c 6c\n"]
    )
    assert agree(unit)
    deal = fast(unit)[0]  # type: ignore[index]
    assert [trick.pos.line for trick in deal.tricks] == [2, 4]
