"""Bytes to lines, within limits.

Invalid UTF-8 is reported with its byte offset and replaced, so the rest of
the line and of the file is still read; a line past :data:`MAX_LINE_BYTES`
is cut and its rest skipped, never held.  A block of valid UTF-8 whose lines
are all short is left whole as a :class:`Run`, for the splitter to cut with a
few searches.  These limits hold for every reader of ALN text: the others
read what this module gives, so they hold once for all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .split import Notice


@dataclass(slots=True)
class Line:
    number: int
    text: str
    #: an encoding problem in this line: (column, byte offset, bad byte)
    bad_byte: tuple[int, int, int] | None = None
    #: how many bytes of this line were skipped past :data:`MAX_LINE_BYTES`
    skipped: int = 0


BLOCK = 1 << 20
#: The longest line read, in bytes.  A real record's lines are under 200
#: bytes; past the limit the rest of the line is skipped (and reported), so a
#: stream with no line end (``/dev/zero``) is read in constant memory.
MAX_LINE_BYTES = 64 * 1024
#: How much of one line is skipped before reading stops altogether.  A stream
#: that never ends a line (``/dev/zero``, a binary file's megabytes) would
#: otherwise be read for ever with its finding never shown; nothing of a
#: record can follow 256 MiB without a line end.
MAX_LINE_SKIP = 256 * 1024 * 1024


def _line_end(data: bytes | bytearray, start: int = 0) -> int:
    """Where the first line end at or after ``start`` stands, or -1."""
    lf, cr = data.find(b"\n", start), data.find(b"\r", start)
    return lf if cr < 0 else cr if lf < 0 else min(lf, cr)


def _char_start(data: bytes, index: int) -> int:
    """``index``, moved back to the start of the UTF-8 character it falls in:
    the lead byte at most three bytes before whose sequence reaches it.  A
    continuation byte that no such lead byte reaches is a (bad) character
    of its own, so a line of them is cut at ``index`` like any other."""
    if data[index] & 0xC0 != 0x80:
        return index
    for back in range(1, 4):
        if back > index:
            break
        lead = data[index - back]
        if lead & 0xC0 == 0x80:
            continue
        length = 4 if lead >= 0xF0 else 3 if lead >= 0xE0 else 2 if lead >= 0xC0 else 1
        return index - back if length > back else index
    return index


def _blocks(
    stream: Iterable[bytes], block: int = 0, spill: Callable[[bytes, bool], object] | None = None
) -> Iterator[tuple[bytes, int]]:
    """The stream in pieces that end at a line end, each with the number of
    bytes skipped from it: blocks of ``block`` bytes (:data:`BLOCK`) from a
    file, whatever the iterable gives otherwise.

    A line longer than :data:`MAX_LINE_BYTES` comes as a piece of its own,
    its first bytes and its line end, with the count of the bytes between
    them, which are never held.  Each byte is looked at a bounded number of
    times, and what is kept between reads is at most one line's limit: the
    cost is linear and the memory constant, whatever the lines' lengths.

    ``spill``, for a reader that writes the text back (annotate's tee), is
    handed such a line's skipped bytes as they are read (``spill(data,
    False)``), then its own line end (``spill(end, True)``), all before its
    piece comes (a ``\\r`` at the end of a read waits for the next).
    """
    # read1: what is there now, so that a pipe or a terminal is read as it comes.
    read = getattr(stream, "read1", None) or getattr(stream, "read", None)
    chunks: Iterable[bytes] = iter(lambda: read(block or BLOCK), b"") if read else stream
    rest = b""  # the start of a line not ended yet (at most MAX_LINE_BYTES)
    head: bytes | None = None  # the kept start of a line being skipped
    skipped = 0
    lf_may_follow = False  # a cut line ended with "\r": a "\n" next belongs to it
    held: tuple[bytes, int] | None = None  # such a line, while its end is not known
    for chunk in chunks:
        if lf_may_follow and chunk:
            lf_may_follow = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
                if spill is not None:
                    spill(b"\n", True)
                elif held is not None:  # the reader's piece ends as the line did
                    held = held[0] + b"\n", held[1]
            if held is not None:
                yield held
                held = None
        if head is not None:
            end = _line_end(chunk)
            if end < 0:
                skipped += len(chunk)
                if spill is not None:
                    spill(chunk, False)
                if skipped >= MAX_LINE_SKIP:
                    # said as the limit itself, not as the blocks read past it,
                    # so that a part of the file read on its own says the same
                    yield head, MAX_LINE_SKIP
                    return  # endless: reading stops, and the line's finding says so
                continue
            skipped += end
            size = 2 if chunk[end : end + 2] == b"\r\n" else 1
            if chunk[end : end + 1] == b"\r" and end + 1 == len(chunk):
                lf_may_follow = True
            if spill is not None:
                spill(chunk[:end], False)
                spill(chunk[end : end + size], True)
            # The reader's piece keeps the line's own end, so that the bytes
            # counted after it start where the next line does; annotate's
            # has its end spilled.
            ending = b"\n" if spill is not None else chunk[end : end + size]
            if lf_may_follow:
                held = head + ending, skipped
            else:
                yield head + ending, skipped
            chunk, head, skipped = chunk[end + size :], None, 0
        data = rest + chunk if rest else chunk
        cut = data.rfind(b"\n") + 1
        last_cr = data.rfind(b"\r", cut, len(data) - 1) + 1  # a final "\r" may start "\r\n"
        cut = max(cut, last_cr)
        if cut:
            yield data[:cut], 0
        rest = data[cut:]
        if len(rest) > MAX_LINE_BYTES:
            keep = _char_start(rest, MAX_LINE_BYTES)
            head, skipped = rest[:keep], len(rest) - keep
            if data.endswith(b"\r"):  # the long line ends right here
                skipped -= 1
                lf_may_follow = True
                if spill is not None:
                    spill(rest[keep:-1], False)
                    spill(b"\r", True)
                    held = head + b"\n", skipped
                else:
                    held = head + b"\r", skipped  # "\r\n" if the next read starts so
                head, skipped = None, 0
            elif spill is not None:
                spill(rest[keep:], False)
            rest = b""
    if held is not None:
        yield held
    if head is not None:
        yield head, skipped
    elif rest:
        yield rest, 0


@dataclass(slots=True)
class Run:
    """Lines of a block of valid UTF-8, none of them long, left as one text.

    ``text[start:]`` holds whole lines, each ending with ``\\n``, the first of
    them line ``number``.  Most of an archive's lines need nothing but to be
    added to the unit they belong to: kept together, they are cut into units
    by a few searches over the whole text instead of a step of Python per line.
    """

    number: int
    text: str
    start: int = 0
    #: where the run's text needs a look, shared by what is left of the run
    notice: Notice | None = None

    def lines(self) -> Iterator[Line]:
        """The run's lines, one by one, for a reader that needs them so."""
        pieces = self.text[self.start :].split("\n")
        pieces.pop()  # the text ends with a line end
        return (Line(i, piece) for i, piece in enumerate(pieces, self.number))


def decode_lines(stream: Iterable[bytes]) -> Iterator[Line]:
    """Lines of text from a byte stream; ``\\n``, ``\\r\\n`` and ``\\r`` all end a line.

    A block of valid UTF-8 (nearly always the whole file) is decoded and split
    in one go; a block with a bad byte, or a line cut at the length limit, is
    read line by line so that each problem is reported where it stands.
    """
    for item in decode_runs(stream):
        yield from item.lines() if isinstance(item, Run) else (item,)


#: The fewest lines a block needs to be left whole as a run: setting up the
#: searches of a run costs more than a few lines read one by one (a stream
#: fed a line at a time is read so: ``annotate`` feeds the reader blocks).
RUN_MIN_LINES = 32


def has_long_line(text: str, limit: int = MAX_LINE_BYTES) -> bool:
    """Whether ``text`` holds a line of more than a quarter of ``limit`` in
    characters, which may pass ``limit`` in bytes.

    Such a line holds a whole window of ``width`` characters starting at a
    multiple of ``width``, so a window with a line end in it clears itself with
    one ``str.find`` that stops at its first line end: a few hundred finds a
    mebibyte, where a pattern would be tried at every character.  Only a
    window with no line end is looked at closely."""
    longest = limit // 4
    width = (longest + 1) // 2
    for start in range(0, len(text), width):
        if text.find("\n", start, start + width) < 0:
            return any(len(line) > longest for line in text.split("\n"))
    return False


def decode_runs(stream: Iterable[bytes], number: int = 1, offset: int = 0) -> Iterator[Line | Run]:
    """What :func:`decode_lines` gives, with each block of valid UTF-8 whose
    lines are all short left whole as a :class:`Run`.  A stream that is the
    rest of a file starts at its line ``number`` and byte ``offset``."""
    first = number == 1 and offset == 0
    for block, skipped in _blocks(stream):
        try:
            text = None if skipped else block.decode("utf-8")  # a cut line is read on its own
        except UnicodeDecodeError:
            text = None
        if text is None:
            for line in _decode_slowly(block, number, offset, first):
                number = line.number + 1
                line.skipped += skipped
                yield line
        else:
            # A byte-order mark is read past, but its bytes are the first
            # line's, as everywhere a line is measured against the limit.
            mark = 3 if first and text.startswith("\ufeff") else 0
            if mark:
                text = text[1:]
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            ends = text.count("\n")  # a mebibyte counted once
            # a line of more than a quarter of the limit in characters may
            # pass it in bytes: only those are measured
            longest = MAX_LINE_BYTES // 4
            marked_long = mark and text.find("\n", 0, longest) < 0
            if (
                ends >= RUN_MIN_LINES
                and text.endswith("\n")
                and not marked_long
                and not has_long_line(text)
            ):
                yield Run(number, text)  # not empty: it holds RUN_MIN_LINES line ends
                number += ends
            else:
                lines = text.split("\n")
                if lines[-1] == "":
                    lines.pop()
                for i, piece in enumerate(lines, number):
                    before = mark if i == number else 0
                    long = len(piece) > longest - before
                    yield _cut_line(i, piece, before) if long else Line(i, piece)
                number += len(lines)
        first = False
        offset += len(block) + skipped


def _cut_line(number: int, text: str, before: int = 0) -> Line:
    """A line of a decoded block, cut at :data:`MAX_LINE_BYTES` if longer;
    ``before``: the bytes of a byte-order mark read past at its start."""
    data = text.encode("utf-8")
    if len(data) + before <= MAX_LINE_BYTES:
        return Line(number, text)
    keep = _char_start(data, MAX_LINE_BYTES - before)
    return Line(number, data[:keep].decode("utf-8"), None, len(data) - keep)


def _decode_slowly(block: bytes, number: int, offset: int, first: bool) -> Iterator[Line]:
    for raw in block.splitlines(keepends=True):  # bytes: only \n, \r\n and \r end a line
        bad: tuple[int, int, int] | None = None
        size, skipped = len(raw), 0
        body = raw.rstrip(b"\r\n")
        if len(body) > MAX_LINE_BYTES:
            keep = _char_start(body, MAX_LINE_BYTES)
            skipped = len(body) - keep
            raw = body[:keep] + raw[len(body) :]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            prefix = raw[: exc.start].decode("utf-8", "replace")
            bad = (len(prefix) + 1, offset + exc.start, raw[exc.start])
            text = raw.decode("utf-8", "replace")
        if first:
            first = False
            if text.startswith("\ufeff"):
                text = text[1:]
                if bad is not None:
                    bad = (bad[0] - 1, bad[1], bad[2])
        offset += size
        yield Line(number, text.rstrip("\r\n"), bad, skipped)
        number += 1
