"""Whether ALN the tool writes reads back whole (``aluette_cli/readback.py``):
the written text read again with the reader's own cut."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from aluette_cli.readback import past_limits
from aluette_cli.reading.decode import MAX_LINE_BYTES

from .conftest import run, write


def past(text: str) -> str | None:
    written = io.BytesIO(text.encode("utf-8"))
    said = past_limits(written)
    assert written.tell() == 0  # put back at its start, to be copied
    return said


def test_a_line_past_the_limit_does_not_read_back() -> None:
    line = "1. Rc 4d 5c 6b -> N  {" + "x" * MAX_LINE_BYTES + "}"
    said = past(f"deal 1 dealer W\n{line}\n2. Rd Re 7c 8d -> pourri\n")
    assert said is not None and "at line 2" in said and "65,536 bytes" in said


def test_a_line_at_the_limit_in_bytes_reads_back() -> None:
    """The limit is of bytes: two-byte letters pass it at half as many."""
    fits = "{" + "x" * (MAX_LINE_BYTES - 2) + "}"
    assert past(f"deal 1 dealer W\n{fits}\n") is None
    wide = "{" + "\u00e9" * (MAX_LINE_BYTES // 2) + "}"
    assert past(f"deal 1 dealer W\n{wide}\n") is not None


def test_a_deal_past_the_limit_does_not_read_back_and_many_short_ones_do() -> None:
    deal = "deal 1 dealer W\n" + "{" + "x" * 60_000 + "}\n"
    assert past(deal * 40) is None  # 2.4 million characters, in deals of 60,000
    big = "deal 1 dealer W\n" + ("{" + "x" * 60_000 + "}\n") * 17  # one deal of 1,020,000
    said = past('[Event "x"]\n\n' + big + '\n[Event "y"]\n')
    assert said is not None and "1,000,000 characters" in said


@pytest.mark.parametrize("starts", ["[", "deal 2 dealer N "])
def test_a_line_inside_a_brace_comment_starts_no_deal(starts: str) -> None:
    """The reader's cut passes over brace comments: a comment's lines that
    start with ``[`` or ``deal`` start no unit, and the deal is past the limit."""
    rows = "\n".join(starts + "x" * 50_000 for _ in range(21))
    text = "deal 1 dealer W\n1. Rc 4d 5c 6b -> N  {" + rows + "}\npoint N\n"
    said = past(text)
    assert said is not None and "1,000,000 characters" in said


def test_fmt_leaves_a_file_its_formatting_would_cut(tmp_path: Path) -> None:
    """A comment on its own line, joined to its trick line, made a line past
    the reader's limit: the rewritten deal no longer read (A002, A009), yet
    fmt said "reformatted" and exited 0."""
    text = "deal 1 dealer W\n1. Rc 4d 5c 6b -> N\n{ " + "x" * (MAX_LINE_BYTES - 8) + " }\n"
    path = write(tmp_path, "g.aln", text)
    before = run("validate", str(path)).stdout
    for args in (["fmt"], ["fmt", "--check"]):
        result = run(*args, str(path))
        assert result.exit_code == 1, (args, result.output)
        said = f"aluette: {path} left as it is: its formatted text would not read back whole"
        assert said in result.stderr
        assert path.read_text() == text
    converted = run("convert", "--to", "aln", str(path))
    assert (converted.exit_code, converted.stdout) == (1, text)
    assert "written out as it is, not formatted: its formatted text would not" in converted.stderr
    assert run("validate", str(path)).stdout == before


def test_fmt_leaves_a_file_whose_deal_formatting_would_take_past_the_limit(
    tmp_path: Path,
) -> None:
    """Short comments each on a line of their own, joined to the line before
    (a character more each), took a deal of 999,995 characters past the
    limit; the comment's lines starting with ``[`` had hidden it."""
    lines = ["deal 1 dealer W", *[f"{k}. Rc 4d 5c 6b -> N" for k in range(1, 10)], "point N"]
    base = "".join(line + "\n{c}\n" for line in lines)
    rows = []
    fill = 999_995 - len(base) - 3
    while fill > 0:
        size = min(60_000, fill)
        rows.append(("[" + "x" * size)[:size])
        fill -= size + 1
    text = base + "{" + "\n".join(rows) + "}\n"
    path = write(tmp_path, "r.aln", text)
    before = run("validate", str(path))
    result = run("fmt", str(path))
    assert result.exit_code == 1 and "1,000,000 characters" in result.stderr
    assert path.read_text() == text
    assert run("validate", str(path)).stdout == before.stdout


def test_a_game_past_the_limit_does_not_read_back() -> None:
    """The deals of a game count to 4,000,000 characters, whatever their
    size: formatting that took a game past it ("{xx}{xx}" written "{xx}
    {xx}") was written, and read back two deals short (A009, A305)."""
    deal = "deal 1 dealer W\n" + ("{" + "x" * 60_000 + "}\n") * 15  # 900,000 characters
    assert past('[Event "x"]\n\n' + deal * 4) is None  # 3.6 million characters
    said = past('[Event "x"]\n\n' + deal * 5 + '\n[Event "y"]\n\n' + deal)
    assert said is not None and "longer than 4,000,000 characters" in said
    assert said.startswith(f"at line {3 + 4 * 16},")  # the fifth deal's header
