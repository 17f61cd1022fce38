"""The shipped pre-commit hook and pre-commit's own file hooks agree.

A club's repository runs ``aluette-fmt`` (``.pre-commit-hooks.yaml``) beside
pre-commit's ``end-of-file-fixer`` and ``trailing-whitespace``; if the
formatter wrote a file they change, or they changed a file it would write
back, every commit would be refused by one and undone by the other.  The
fixers' rules are written here as pre-commit states them: a file ends with
exactly one line end and no blank line, and no line ends in spaces or tabs.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .conftest import ROOT, SAMPLE_FILES, generated, run

HOOKS = ROOT / ".pre-commit-hooks.yaml"


def hook_entry(hook_id: str) -> list[str]:
    """The command of one hook of the shipped file (its ``entry:``, split as a shell would)."""
    text = HOOKS.read_text("utf-8")
    block = re.search(rf"^- id: {re.escape(hook_id)}\n((?:[ \t]+.*\n?)*)", text, re.M)
    assert block is not None, hook_id
    entry = re.search(r"^\s+entry:\s*(.+)$", block.group(1), re.M)
    assert entry is not None, hook_id
    return shlex.split(entry.group(1))


def end_of_file_fixed(data: bytes) -> bytes:
    """pre-commit's end-of-file-fixer: one line end at the end of a file that
    has text, no blank lines after the last line of text."""
    stripped = data.rstrip(b"\r\n")
    return stripped + b"\n" if stripped else b""


def trailing_whitespace_fixed(data: bytes) -> bytes:
    """pre-commit's trailing-whitespace: no spaces or tabs before a line end."""
    return re.sub(rb"[ \t]+(?=\r?\n|\Z)", b"", data)


def run_fmt_hook(path: Path) -> None:
    command = hook_entry("aluette-fmt")
    assert command[:2] == ["aluette", "fmt"]
    result = run(*command[1:], str(path))
    assert result.exit_code in (0, 1), result.output


MESSY = (
    '[Event "Club"]  ; Tuesday   \n'
    '[Site  "Cholet"]\n\n\n'
    "deal 1 dealer N  {first}\n"
    "winners: E E E W N S - N E\n"
    "point EW\n\n\n\n"
)


@pytest.mark.parametrize(
    "text",
    [MESSY, generated(3, "--games", "2"), *(p.read_text("utf-8") for p in SAMPLE_FILES[:2])],
    ids=["messy", "generated", *(p.name for p in SAMPLE_FILES[:2])],
)
def test_the_fmt_hook_and_the_end_of_file_fixer_never_undo_each_other(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "club.aln"
    path.write_text(text, "utf-8", newline="")
    # fmt, then the fixers: they find nothing to change
    run_fmt_hook(path)
    formatted = path.read_bytes()
    assert end_of_file_fixed(formatted) == formatted
    assert trailing_whitespace_fixed(formatted) == formatted
    # the fixers, then fmt: the same bytes either way
    other = tmp_path / "other.aln"
    other.write_bytes(trailing_whitespace_fixed(end_of_file_fixed(text.encode("utf-8"))))
    run_fmt_hook(other)
    assert other.read_bytes() == formatted
    # and fmt again changes nothing
    run_fmt_hook(path)
    assert path.read_bytes() == formatted


def test_fmt_output_passes_git_diff_check(tmp_path: Path) -> None:
    """No blank line at the end and no trailing blank on any line, as
    ``git diff --check`` asks; several games included."""
    out = run("fmt", "-", input=MESSY + "\n" + MESSY.replace("Club", "Club 2")).stdout
    assert out.endswith("\n") and not out.endswith("\n\n")
    assert all(line == line.rstrip(" \t") for line in out.split("\n"))
