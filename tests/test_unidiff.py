"""The unified diff of fmt --diff, made a window of lines at a time
(aluette_cli.unidiff): the diff difflib makes of the whole texts where
they fit one window, and one that patches the old text into the new
wherever the windows cut."""

from __future__ import annotations

import difflib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aluette_cli import unidiff
from aluette_cli.unidiff import lines_of, unified_diff

from .test_lossless import apply_unified_diff

#: Few distinct lines, so that texts share many and match in many ways.
LINE = st.sampled_from(["a\n", "b\n", "c\n", "deal 1 dealer N\n", "point NS\n", "\n"])


@st.composite
def texts(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A text and the same text changed in a few places, as formatting
    changes one: a line replaced, put in, taken out; perhaps no last line
    end on either."""
    old = draw(st.lists(LINE, max_size=60))
    new = list(old)
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(new)))
        kind = draw(st.sampled_from(["replace", "insert", "delete"]))
        if kind == "insert" or not new:
            new.insert(at, draw(LINE))
        elif kind == "replace":
            new[min(at, len(new) - 1)] = draw(LINE)
        else:
            del new[min(at, len(new) - 1)]
    for side in (old, new):
        if side and draw(st.booleans()):
            side[-1] = side[-1].rstrip("\n") or "x"
    return old, new


def difflib_diff(old: list[str], new: list[str]) -> str:
    """What ``diff -u`` prints, from difflib, the whole texts at once."""
    lines = difflib.unified_diff(old, new, "f", "f (formatted)")
    return "".join(x if x.endswith("\n") else x + "\n\\ No newline at end of file\n" for x in lines)


@settings(max_examples=300)
@given(pair=texts())
def test_within_one_window_the_diff_is_difflib_s(pair: tuple[list[str], list[str]]) -> None:
    old, new = pair
    assert "".join(unified_diff(old, new, "f", "f (formatted)")) == difflib_diff(old, new)


@settings(max_examples=300)
@given(pair=texts(), window=st.integers(1, 8))
def test_across_windows_the_diff_patches_the_old_text_into_the_new(
    pair: tuple[list[str], list[str]], window: int
) -> None:
    old, new = pair
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(unidiff, "WINDOW", window)
        diff = "".join(unified_diff(old, new, "f", "f (formatted)"))
    assert (diff == "") == (old == new)
    if diff:
        assert apply_unified_diff("".join(old), diff) == "".join(new)


def test_a_long_text_is_matched_a_window_at_a_time() -> None:
    """Five hundred thousand lines, a change in every thousand: the diff
    is as difflib's, while no match holds more than two windows."""
    old = [f"line {k}\n" for k in range(500_000)]
    new = [f"LINE {k}\n" if k % 1_000 == 0 else line for k, line in enumerate(old)]
    sizes: list[int] = []
    real = unidiff.SequenceMatcher

    def matcher(junk: object, a: list[str], b: list[str], autojunk: bool) -> object:
        sizes.append(len(a) + len(b))
        return real(junk, a, b, autojunk=autojunk)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(unidiff, "SequenceMatcher", matcher)
        diff = "".join(unified_diff(iter(old), iter(new), "f", "f (formatted)"))
    assert max(sizes) <= 2 * unidiff.WINDOW
    assert diff.count("\n@@ ") + diff.startswith("@@") == 500
    assert apply_unified_diff("".join(old[:2_000]), _first_hunks(diff, 2)) == "".join(new[:2_000])


def _first_hunks(diff: str, count: int) -> str:
    """The diff's head and its first ``count`` hunks."""
    parts = diff.split("\n@@ ")
    return "\n@@ ".join(parts[: count + 1]) + "\n"


def test_lines_are_read_from_bytes_at_newlines_alone() -> None:
    data = b"a\x0cb\r\nc\xff\n\xe2\x80\xa8d"
    assert list(lines_of(io.BytesIO(data))) == ["a\x0cb\r\n", "c\ufffd\n", "\u2028d"]
