"""Whether ALN the tool writes reads back whole (``aluette_cli/readback.py``):
the reader's own limits, met in the chunks a writer makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from aluette_cli.readback import ReadBack
from aluette_cli.reading.decode import MAX_LINE_BYTES
from aluette_cli.reading.split import MAX_UNIT_CHARS

from .conftest import run, write


def watched(*chunks: str) -> str | None:
    readback = ReadBack()
    for chunk in chunks:
        readback(chunk)
    return readback.past


@pytest.mark.parametrize("cut", [1, 7, 1000, 70_000])
def test_a_line_past_the_limit_is_seen_however_it_is_written(cut: int) -> None:
    line = "1. Rc 4d 5c 6b -> N  {" + "x" * MAX_LINE_BYTES + "}"
    text = f"deal 1 dealer W\n{line}\n2. Rd Re 7c 8d -> pourri\n"
    chunks = [text[k : k + cut] for k in range(0, len(text), cut)]
    said = watched(*chunks)
    assert said is not None and "a line past the reader's limit of 65,536 bytes" in said


def test_a_line_at_the_limit_in_bytes_reads_back() -> None:
    """The limit is of bytes: two-byte letters pass it at half as many."""
    fits = "{" + "x" * (MAX_LINE_BYTES - 2) + "}"
    assert watched(f"deal 1 dealer W\n{fits}\n") is None
    assert watched(f"deal 1 dealer W\n{fits}", "\n") is None
    wide = "{" + "\u00e9" * (MAX_LINE_BYTES // 2) + "}"
    assert watched(f"deal 1 dealer W\n{wide}\n") is not None


def test_a_deal_past_the_limit_is_seen_and_many_short_ones_are_not() -> None:
    deal = "deal 1 dealer W\n" + "{" + "x" * 60_000 + "}\n"
    assert watched(*[deal] * 40) is None  # 2.4 million characters, in deals of 60,000
    big = "deal 1 dealer W\n" + ("{" + "x" * 60_000 + "}\n") * 17  # one deal of 1,020,000
    said = watched('[Event "x"]\n\n', big, '\n[Event "y"]\n')
    assert said is not None and f"a deal past the reader's limit of {MAX_UNIT_CHARS:,}" in said
    # "deal" or "[" inside a line starts nothing, nor does a chunk that starts mid-line
    inside = ["deal 1 dealer W\n"] + ["{ a comment  deal 2 [x] " + "y" * 50_000 + "}\n"] * 21
    assert watched(*inside) is not None
    split = ["deal 1 dealer W\n{ " + "y" * 50_000] + ["deal 2 " + "y" * 50_000] * 20 + ["}\n"]
    assert watched(*split) is not None


@pytest.mark.parametrize("starts", ["[", "deal 2 dealer N "])
@pytest.mark.parametrize("cut", [10_000_000, 7, 40_000])
def test_a_line_inside_a_brace_comment_starts_no_deal(starts: str, cut: int) -> None:
    """The reader's cut passes over brace comments: a comment's lines that
    start with ``[`` or ``deal`` counted as many small units, and a deal
    past the limit went by."""
    rows = "\n".join(starts + "x" * 50_000 for _ in range(21))
    text = "deal 1 dealer W\n1. Rc 4d 5c 6b -> N  {" + rows + "}\npoint N\n"
    chunks = [text[k : k + cut] for k in range(0, len(text), cut)]
    said = watched(*chunks)
    assert said is not None and "a deal past" in said
    # outside a comment, the same lines start units, as the reader cuts them
    assert watched(*[text.replace("{", "").replace("}", "")]) is None


@pytest.mark.parametrize(
    "opener",
    ['[Event "a { b"]\n', "1. Rc 4d 5c 6b -> N ; a { b\n", '[Event "a \\" { b"]\n'],
    ids=["in a tag value", "in a ; comment", "after an escaped quote"],
)
def test_a_brace_in_a_value_or_a_line_comment_opens_nothing(opener: str) -> None:
    """Only a brace comment hides the lines after it: a ``{`` in a tag's
    value or after ``;`` is text, and the deals after it start units."""
    deal = "deal 1 dealer W\n; " + "x" * 60_000 + "\n"  # no brace after the opener
    text = opener + deal * 20
    assert watched(text) is None
    assert watched(*[text[k : k + 5] for k in range(0, 3000, 5)], text[3000:]) is None


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
        said = f"aluette: {path} left as it is: its formatted text would hold a line past"
        assert said in result.stderr
        assert path.read_text() == text
    converted = run("convert", "--to", "aln", str(path))
    assert (converted.exit_code, converted.stdout) == (1, text)
    assert "written out as it is, not formatted: its formatted text would hold" in converted.stderr
    assert run("validate", str(path)).stdout == before
