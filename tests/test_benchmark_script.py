"""The benchmark script keeps working: a tiny run prints its table, alone or side by
side with a base revision."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def test_a_tiny_benchmark_run_prints_every_task(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--sizes", "60", "--quiet", "--corpora", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    for task in (
        "lark tree (file)",
        "lark tree (units)",
        "validate",
        "validate -j 2",
        "report --format json",
        "convert --to json",
    ):
        assert f"| {task} " in result.stdout
    assert "validate vs lark tree (file)" in result.stdout
    # the corpus holds whole games with at least the deals asked for
    assert int((tmp_path / "deals-60.count").read_text()) >= 60


def test_a_tiny_side_by_side_run_prints_both_sides_and_the_ratio(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    inside = subprocess.run(
        ["git", "-C", str(SCRIPT.parent), "rev-parse", "--is-inside-work-tree"],
        capture_output=True,
        text=True,
        check=False,
    )
    if inside.stdout.strip() != "true":
        pytest.skip("not a git checkout")
    result = subprocess.run(
        [
            *(sys.executable, str(SCRIPT), "--base", "HEAD", "--sizes", "60"),
            *("--repeat", "1", "--quiet", "--corpora", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "base: HEAD (" in result.stdout
    for task in ("validate", "report --format json"):
        row = next(line for line in result.stdout.splitlines() if f"| {task} " in line)
        cells = [c.strip() for c in row.strip("|").split("|")]
        base, new, ratio = (float(c) for c in cells[2:5])
        assert base > 0 and new > 0
        # the ratio is of unrounded medians; the seconds shown are rounded to
        # 0.01, and the ratio to 0.001
        low, high = (new - 0.005) / (base + 0.005), (new + 0.005) / (base - 0.005)
        assert low - 0.0005 <= ratio <= high + 0.0005
    # the lark baselines are not part of a side-by-side run
    assert "lark tree" not in result.stdout


BARE = SCRIPT.parent / "bare.py"


def test_the_bare_checker_names_the_deals_validate_names(tmp_path: Path) -> None:
    """The yardstick stays a checker: on a small corpus and its single-mutation
    copies it finds wrong deals, the same ones as validate."""
    result = subprocess.run(
        [sys.executable, str(BARE), "agree", "--deals", "100", "--corpora", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line.split("|") for line in result.stdout.splitlines() if line.startswith("| one ")]
    assert len(rows) == 9
    for row in rows:
        assert row[4].strip() == "same"
        assert int(row[2].replace(",", "")) > 0  # every kind of mutation is found


def test_the_memory_script_prints_a_ratio_for_each_command(tmp_path: Path) -> None:
    script = SCRIPT.parent / "memory.py"
    args = ["--sizes", "20,60", "--only", "validate", "--corpora", str(tmp_path)]
    result = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| validate")]
    assert [row.split("|")[1].strip() for row in rows] == [
        "validate", "validate -j 2", "validate --format json",
    ]  # fmt: skip
    for row in rows:
        small, large, ratio = (float(cell) for cell in row.split("|")[2:5])
        # the MiB are printed rounded to a whole number, the ratio to two places
        low, high = (large - 0.5) / (small + 0.5), (large + 0.5) / (small - 0.5)
        assert small > 0 and large > 0 and low - 0.005 <= ratio <= high + 0.005


def test_the_memory_script_measures_each_input_form_against_the_goal(tmp_path: Path) -> None:
    script = SCRIPT.parent / "memory.py"
    args = ["--scale", "0.0002", "--only", "fmt", "--corpora", str(tmp_path)]
    result = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    head = next(line for line in result.stdout.splitlines() if line.startswith("| command"))
    forms = [cell.strip() for cell in head.strip("|").split("|")][1:]
    assert forms == [
        "one 0.02 MB line", "JSON, 4 deals", "ALN, 0.06 MB", "JSON, 0.06 MB",
        "JSON Lines, 0.06 MB", "one 0.04 MB JSON Lines line", "one game, ALN, 0.06 MB",
        "no record, JSON Lines, 0.06 MB",
    ]  # fmt: skip
    (row,) = [line for line in result.stdout.splitlines() if line.startswith("| fmt --check")]
    cells = [cell.strip() for cell in row.strip("|").split("|")][1:]
    # fmt reads ALN only; each peak is a whole number of MiB, under the goal
    assert [c == "-" for c in cells] == [False, True, False, True, True, True, False, True]
    assert all(0 < int(c) < 100 for c in cells if c != "-")
    assert "goal: under 100 MiB" in result.stdout


#: The kinds of typed slip mistakes.py makes (its TYPOS).
TYPOS = (
    "a character left out",
    "a character typed twice",
    "two characters swapped",
    "a character mistyped",
)


def test_the_mistakes_script_counts_every_slip_once(tmp_path: Path) -> None:
    script = SCRIPT.parent / "mistakes.py"
    args = ["--games", "1", "--shift", "1", "--form", "seats", "--worst", "2", "--typos", "20"]
    result = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    rows = {
        cells[0]: [int(c) for c in cells[1:]]
        for line in result.stdout.splitlines()
        if line.startswith("| ")
        and (cells := [c.strip() for c in line.strip("|").split("|")])
        and cells[0] in ("left out", "typed twice", "moved up", "moved down", "all", *TYPOS)
    }
    game = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "generate", "--seed", "0", "--style", "seats"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = len(game.split("\n"))
    # each line left out once and typed twice once; moved up or down by one
    # from every line that has a neighbour there
    expected = {"left out": lines, "typed twice": lines, "moved up": lines - 1}
    expected["moved down"] = lines - 1
    for kind, total in expected.items():
        assert rows[kind][-1] == sum(rows[kind][:-1]) == total, (kind, rows[kind])
    # and the typed slips asked for, each of one of the four kinds
    typed = [rows[kind] for kind in TYPOS if kind in rows]
    assert sum(row[-1] for row in typed) == 20
    assert all(row[-1] == sum(row[:-1]) for row in typed)
    assert rows["all"][-1] == sum(expected.values()) + 20
    # most slips of a clean record cost at most one finding
    assert rows["all"][0] + rows["all"][1] > rows["all"][-1] * 0.9
