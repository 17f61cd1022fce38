"""A unified diff of two texts read line by line, in bounded memory.

``fmt --diff`` shows what formatting would change in a file of any size:
:func:`difflib.unified_diff` holds both texts whole and matches them at
once, which grows with the file in memory and faster than it in time.
Here the texts are matched a window of lines at a time: what is settled
(up to the middle of the window's last run of equal lines) is written, the
rest is matched again with the next lines read.  The formatter changes
lines where they stand, so the windows meet the same changes a whole match
would; a hunk larger than memory should hold is spooled to disk.  Lines end
at ``\\n`` alone, as ``patch`` and ``git apply`` read them.
"""

from __future__ import annotations

import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from difflib import SequenceMatcher
from itertools import islice
from typing import IO

#: The lines of each text matched at once.
WINDOW = 2_000
#: The equal lines shown around a change, as ``diff -u`` shows them.
CONTEXT = 3
_NO_NEWLINE = "\\ No newline at end of file\n"


def unified_diff(old: Iterable[str], new: Iterable[str], name: str, new_name: str) -> Iterator[str]:
    """The diff of ``old`` and ``new`` (their lines, each ending at ``\\n``
    but perhaps the last), in pieces to write one after the other; nothing
    when they are the same."""
    a_lines, b_lines = iter(old), iter(new)
    a: list[str] = []
    b: list[str] = []
    a_start = b_start = 0  # the place in its text of a[0], b[0]
    hunks = _Hunks(name, new_name)
    while True:
        a_done = _fill(a, a_lines)
        b_done = _fill(b, b_lines)
        if not a and not b:
            break
        ops = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        cut_a, cut_b = len(a), len(b)
        if not (a_done and b_done):
            # settled up to the middle of the last equal run: past it, lines
            # still to be read may match otherwise
            last = next((k for k in range(len(ops) - 1, -1, -1) if ops[k][0] == "equal"), None)
            if last is not None:
                _, i1, i2, j1, _ = ops[last]
                half = max(1, (i2 - i1) // 2)
                ops = [*ops[:last], ("equal", i1, i1 + half, j1, j1 + half)]
                cut_a, cut_b = i1 + half, j1 + half
        for tag, i1, i2, j1, j2 in ops:
            yield from hunks.add(tag, a[i1:i2], b[j1:j2], a_start + i1, b_start + j1)
        del a[:cut_a], b[:cut_b]
        a_start, b_start = a_start + cut_a, b_start + cut_b
    yield from hunks.close()


def _fill(lines: list[str], source: Iterator[str]) -> bool:
    """Read ``source`` until ``lines`` holds a window; whether it has ended."""
    want = WINDOW - len(lines)
    if want <= 0:
        return False
    got = list(islice(source, want))
    lines += got
    return len(got) < want


class _Hunks:
    """The hunks of a diff, from its operations in order: each change with
    :data:`CONTEXT` equal lines around it, changes closer than twice that
    in one hunk."""

    def __init__(self, name: str, new_name: str) -> None:
        self.head = f"--- {name}\n+++ {new_name}\n"
        #: the equal lines since the last change: how many, the first of them
        #: (the context after it, or all of them between two changes), and
        #: the last (the context before the next change)
        self.run = 0
        self.first: list[str] = []
        self.last: deque[str] = deque(maxlen=CONTEXT)
        self.body: IO[str] | None = None  # the open hunk's lines
        self.start = (0, 0)
        self.counts = [0, 0]

    def add(self, tag: str, a: list[str], b: list[str], a_at: int, b_at: int) -> Iterator[str]:
        if tag == "equal":
            for line in a:
                if len(self.first) <= 2 * CONTEXT:
                    self.first.append(line)
                self.last.append(line)
            self.run += len(a)
            if self.body is not None and self.run > 2 * CONTEXT:
                yield from self._close()
            return
        if self.body is None:
            before = list(self.last)
            self.start = (a_at - len(before), b_at - len(before))
            self.counts = [0, 0]
            # (closed once written out, by _close)
            spool = tempfile.SpooledTemporaryFile(1 << 20, "w+", encoding="utf-8", newline="")  # noqa: SIM115
            self.body = spool
        else:
            before = self.first  # (no more than twice the context: else closed)
        self._lines(" ", before, both=True)
        self._lines("-", a)
        self._lines("+", b, new=True)
        self.run, self.first = 0, []
        self.last.clear()

    def close(self) -> Iterator[str]:
        if self.body is not None:
            yield from self._close()

    def _lines(self, mark: str, lines: list[str], both: bool = False, new: bool = False) -> None:
        assert self.body is not None
        for line in lines:
            self.body.write(
                f"{mark}{line}" if line.endswith("\n") else f"{mark}{line}\n{_NO_NEWLINE}"
            )
        if both or not new:
            self.counts[0] += len(lines)
        if both or new:
            self.counts[1] += len(lines)

    def _close(self) -> Iterator[str]:
        assert self.body is not None
        self._lines(" ", self.first[:CONTEXT], both=True)
        body, self.body = self.body, None
        (a_start, b_start), (a_count, b_count) = self.start, self.counts
        if self.head:
            yield self.head
            self.head = ""
        yield f"@@ -{_range(a_start, a_count)} +{_range(b_start, b_count)} @@\n"
        body.seek(0)
        yield from iter(lambda: body.read(1 << 16), "")
        body.close()


def _range(start: int, count: int) -> str:
    """A hunk's range as ``diff -u`` writes it (:func:`difflib.unified_diff`)."""
    if count == 1:
        return str(start + 1)
    return f"{start + (1 if count else 0)},{count}"


def lines_of(stream: IO[bytes]) -> Iterator[str]:
    """A byte stream's lines, each ending at ``\\n`` (the last perhaps not),
    read as UTF-8, a byte that is not UTF-8 as U+FFFD."""
    stream.seek(0)
    for line in stream:
        yield line.decode("utf-8", "replace")
