"""benchmarks/same_output.py is trusted to prove that a change keeps every
output, so it is tested both ways: it says "same" when nothing changed, and
it finds a change when one word of a message changed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "same_output.py"


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


@pytest.fixture
def checkout() -> Path:
    """This checkout, if the tests run in a git working tree with git installed."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    try:
        inside = _git(ROOT, "rev-parse", "--is-inside-work-tree")
    except subprocess.CalledProcessError:
        inside = "false"
    if inside != "true":
        pytest.skip("not a git checkout")
    return ROOT


def _clone(checkout: Path, into: Path) -> Path:
    """A throwaway clone of the checkout's HEAD, sharing its objects."""
    clone = into / "clone"
    subprocess.run(
        ["git", "clone", "--quiet", "--shared", "--no-checkout", str(checkout), str(clone)],
        check=True,
    )
    _git(clone, "checkout", "--quiet", "--detach", _git(checkout, "rev-parse", "HEAD"))
    return clone


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def _rows(stdout: str) -> list[list[str]]:
    """The rows of the comparison table: input, command, output, exit, difference."""
    rows = []
    for line in stdout.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[2] in ("same", "DIFFERENT"):
            rows.append(cells)
    return rows


def test_an_unchanged_tree_prints_the_same_as_head(checkout: Path, tmp_path: Path) -> None:
    # A clean clone of HEAD of its own: uncommitted work on the code would
    # rightly count as a difference, and other runs (tests in parallel) may
    # add worktrees to this checkout while this one counts its own.
    tree = _clone(checkout, tmp_path)
    worktrees = _git(tree, "worktree", "list")

    result = _run("--base", "HEAD", "--tree", str(tree))

    assert result.returncode == 0, result.stdout + result.stderr
    rows = _rows(result.stdout)
    assert len(rows) == 2 * 8  # two inputs, eight commands
    assert {row[2] for row in rows} == {"same"}
    assert {row[3] for row in rows} >= {"1", "2"}  # findings were compared, not only clean runs
    assert "all 16 the same" in result.stdout
    # the temporary worktree of the base revision is gone
    assert _git(tree, "worktree", "list") == worktrees


def test_one_changed_word_is_found(checkout: Path, tmp_path: Path) -> None:
    clone = _clone(checkout, tmp_path)
    cli = clone / "aluette_cli" / "cli.py"
    text = cli.read_text(encoding="utf-8")
    old = "plural(warnings, 'warning')"
    assert old in text, "validate's summary line changed: edit another word in this test"
    cli.write_text(text.replace(old, "plural(warnings, 'caution')"), encoding="utf-8")
    _git(
        clone,
        *("-c", "user.name=test", "-c", "user.email=test@example.invalid"),
        *("commit", "--quiet", "--all", "--message", "Say caution for warning"),
    )

    result = _run("--base", "HEAD~1", "--tree", str(clone), "--only", "validate")

    assert result.returncode == 1, result.stdout + result.stderr
    rows = _rows(result.stdout)
    assert len(rows) == 2
    for _input, command, output, _exit, difference in rows:
        assert command == "validate"
        assert output == "DIFFERENT"
        # the summary goes to standard error; the findings themselves are unchanged
        assert difference.startswith("stderr line ")
        assert "warning" in difference and "caution" in difference
    assert "2 of 2 DIFFERENT" in result.stdout
