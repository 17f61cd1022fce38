"""Annotate's reading of a record: the text fed to the reader, and each line
kept, as the notation reads it, until it is written back with notes.

Its blocks are the reader's (:func:`decode._blocks`, the bytes of a line
past the limit handed over to be put aside), so a line is long here exactly
when it is for the reader.  Its scanner of comments and strings is a second
one beside :mod:`.split`, kept on purpose: annotate must write every byte
back, remove its own ``{= ...}`` comments before the reader sees them, and
know for each line where a ``;`` comment starts and whether it ends inside
a brace comment, so that a note is put where the reader will read it.  The
splitter keeps none of that (a run's lines are never looked at one by one),
and making it keep it would slow every reader.  ``tests/test_tee.py`` holds
this scanner to the splitter: on drawn texts, each line's comment state is
the splitter's, line by line.
"""

from __future__ import annotations

import re
import tempfile
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate, chain, islice
from typing import IO, BinaryIO

from ..lexicon import BLANKS, COMMENT_CLOSE, COMMENT_OPEN, LINE_COMMENT, QUOTE, TAG_VALUE
from . import decode
from .split import LOOKAHEAD_LINES, Lookahead, OpenComment, SkipWatch

MARK = "="
#: How much text the reader is fed at a time.  Fed a line at a time, it
#: cuts every line on its own, seven to nine times slower than a block of
#: many lines (decode.RUN_MIN_LINES); a block only holds the lines kept until
#: their game is written a little longer.
TEE_BLOCK = 64 * 1024


@dataclass(slots=True)
class KeptLine:
    bom: str
    text: str  # without generated comments or line ending
    ending: bytes
    semicolon: int | None  # where a ";" comment starts
    open_at_end: bool  # the line ends inside a brace comment
    opens_at: int | None  # where the brace comment left open at its end starts

    def __len__(self) -> int:
        """Its length as the reader counts a unit's (characters, its end too)."""
        return len(self.bom) + len(self.text) + len(self.ending)


@dataclass(slots=True)
class LongLine:
    """A line longer than the reader's limit (:data:`decode.MAX_LINE_BYTES`):
    its first bytes, as the reader reads them, are held; the rest waits in a
    temporary file until the line is written out, so that memory stays
    bounded whatever the line's length and the scorer's text is still
    written back byte for byte."""

    head: bytes
    rest: IO[bytes]
    ending: bytes  # b"" when the file ends in the line, or reading stopped in it

    def __len__(self) -> int:
        """Its length as the reader counts a unit's: the part it reads."""
        return len(self.head) + len(self.ending)


@dataclass(slots=True)
class SkippedLines:
    """Lines of a deal past its limit that the reader skips whole
    (:class:`split.SkipWatch`), written as they will be written out (their
    generated comments taken out, as any line's) into a temporary file, so
    that memory does not grow with them: a deal past the limit takes no
    note (annotate leaves out the notes of a deal they would take past it),
    and a million lines of one were held as a million lines."""

    first: int  # the number of the first line
    count: int
    size: int  # bytes
    rest: IO[bytes]

    def __len__(self) -> int:
        return self.size


#: A line held: its bytes (no comment nor string in it), read as the notation
#: reads it, too long to hold, or one of a stretch of skipped lines.
Held = KeptLine | LongLine | bytes | SkippedLines

#: A block of the stream: its bytes and its lines, or a line too long to hold.
Block = tuple[bytes, list[bytes], LongLine | None]


#: what may start or end a comment or a string
_SPECIALS = re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE)
#: the same, each alone, to be found with ``bytes.find``
_SPECIAL_BYTES = [ch.encode("ascii") for ch in COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE]
#: A line whose one string is closed on it and holds no backslash, and
#: which has no comment: it reads as it is written, whatever the string holds.
_OUTSIDE = f"[^{_SPECIALS}\r\n]*"
_STRING = f"{QUOTE}[^{QUOTE}\\\\\r\n]*{QUOTE}"
_PLAIN_STRING = re.compile(f"{_OUTSIDE}{_STRING}{_OUTSIDE}(?:\r\n|\r|\n)?".encode("ascii"))
#: how every note annotate writes opens: a brace, ``=`` and a space.  A
#: scorer's ``{=checked}`` is a comment of the scorer's, kept.
GENERATED = COMMENT_OPEN + MARK + " "
#: The notes annotate puts at the end of a line too long to hold: two
#: spaces, then each generated comment, one space apart (a note's text
#: holds no brace: :func:`annotate.added`).
_NOTE = (
    re.escape(GENERATED)
    + f"[^{re.escape(COMMENT_OPEN + COMMENT_CLOSE)}\r\n]*"
    + re.escape(COMMENT_CLOSE)
)
#: They end the line, or stand before its trailing blanks, where a line
#: read up to the limit has them (:func:`annotate._insert`).
_END_NOTES = re.compile(f"  {_NOTE}(?: {_NOTE})*(?=[{BLANKS}]*\\Z)".encode("ascii"))
#: how far from a long line's end its notes are looked for: a line at most
#: this much past the limit is held whole to take them off
_END_NOTES_REACH = 64 * 1024
_CLOSE = re.escape(COMMENT_CLOSE)
#: A line outside brace comments, piece by piece: a generated comment, a
#: brace comment closed on the line, one left open, a string closed on the
#: line (as the grammar reads a tag's value: a line holds no line end, which
#: alone the value cannot hold), a ";" comment or a string never closed, a
#: stray "}", text.
_PIECE = re.compile(
    f"(?P<generated>{re.escape(GENERATED)}[^{_CLOSE}]*{_CLOSE})"
    f"|{re.escape(COMMENT_OPEN)}[^{_CLOSE}]*{_CLOSE}|(?P<open>{re.escape(COMMENT_OPEN)})"
    f"|{TAG_VALUE}|(?P<to_end>[{re.escape(QUOTE + LINE_COMMENT)}])"
    f"|{_CLOSE}|[^{_SPECIALS}]+"
)


#: Where a line lost text to :func:`_scan`: for each cut, the column (from
#: 0) in the text the reader is fed where it stood, and the text taken out.
Cuts = list[tuple[int, str]]


#: What a line the reader was fed differs by from the line as written: its
#: cuts, and its bytes as written less its bytes fed.
LineCuts = tuple[Cuts, int]


def _scan(
    text: str, in_comment: bool, cuts: Cuts | None = None
) -> tuple[str, int | None, bool, int | None]:
    """Read one line as the notation does: the line without generated comments
    (and the blanks before them), where a ``;`` comment starts in it, whether
    it ends inside a brace comment and where that comment opened on this line.
    ``{=`` inside a tag value, a ``;`` comment or a person's brace comment is
    text, not a generated comment.  Each cut is added to ``cuts``."""
    out: list[str] = []
    i = 0
    if in_comment:
        i = text.find(COMMENT_CLOSE) + 1
        if not i:
            return text, None, True, None
        out.append(text[:i])
    for m in _PIECE.finditer(text, i):
        piece = m.lastgroup
        if piece == "generated":
            joined = "".join(out)
            kept = joined.rstrip(BLANKS)
            if cuts is not None:
                cuts.append((len(kept), joined[len(kept) :] + m.group()))
            out = [kept]
        elif piece == "open":
            before = "".join(out)
            return before + text[m.start() :], None, True, len(before)
        elif piece == "to_end":
            # A ";" comment runs to the end of the line, and so does a string
            # never closed: notes go before it, or the next run would read
            # them as its text.
            before = "".join(out)
            return before + text[m.start() :], len(before), False, None
        else:
            out.append(m.group())
    return "".join(out), None, False, None


def _ahead(blocks: Lookahead, now: Iterable[bytes] = ()) -> Iterator[bytes]:
    """The lines after a line, up to :data:`LOOKAHEAD_LINES`: those ``now``
    left of its block, then the next blocks', looked at in place."""
    later = chain.from_iterable(item[1] for item in blocks.peek(LOOKAHEAD_LINES))
    return islice(chain(now, later), LOOKAHEAD_LINES)


def _as_read(line: str | bytes) -> str:
    """A line's text as the reader reads it: up to the limit in bytes."""
    data = line if isinstance(line, bytes) else line.encode("utf-8", "surrogateescape")
    if len(data) > decode.MAX_LINE_BYTES:
        data = data[: decode._char_start(data, decode.MAX_LINE_BYTES)]
    elif isinstance(line, str):
        return line
    return data.decode("utf-8", "surrogateescape")


def written(line: KeptLine) -> bytes:
    """A line kept as the notation reads it, written out with no note."""
    return (line.bom + line.text).encode("utf-8", "surrogateescape") + line.ending


class Tee:
    """Feeds the reader the text without generated comments, in blocks of
    whole lines, and keeps each line, read as the notation reads it, until
    it is written out."""

    def __init__(self, stream: BinaryIO, watch: SkipWatch | None = None) -> None:
        self.stream = stream
        #: each line held: a line with no comment or string in it as its bytes;
        #: a stretch of lines the reader skips (``watch``) as one entry
        self.lines: list[Held] = []
        self.watch = watch
        #: the stretches held (:class:`SkippedLines`), in order
        self.runs: list[SkippedLines] = []
        self.spilled = 0  # the last line put in a stretch
        self.first = 1  # number of the first line held
        self.kept = 0  # the last line held as more than its bytes
        self.in_comment = False
        self.bom_checked = False
        self.read = 0  # lines read so far
        self.after_cr = False  # whether the line before ended in a lone "\r"
        self.guard = OpenComment()
        #: line number -> how it was cut (:data:`LineCuts`), for the lines
        #: held that were fed to the reader otherwise than written (their
        #: generated comments taken out): the findings' places are the text's
        #: as fed, and :meth:`column` and :meth:`offset` put them back in the
        #: text as written; :meth:`forget` lets go of the lines written out
        self.cuts: dict[int, LineCuts] = {}
        #: bytes as written less bytes fed, over the lines forgotten
        self.dropped = 0
        #: the block last searched for comment and string characters, and
        #: where each of them is next in it (:meth:`_special`)
        self._searched: bytes | None = None
        self._next: dict[bytes, int] = {}

    def index(self, number: int) -> int:
        """Where line ``number`` is held in :attr:`lines` (the stretch that
        holds it; ``len(lines)`` past the last)."""
        k = number - self.first
        for run in self.runs:
            if run.first >= number:
                break
            k -= min(run.count - 1, number - run.first)
        return k

    def lines_held(self) -> int:
        """How many lines :attr:`lines` holds."""
        return len(self.lines) + sum(run.count - 1 for run in self.runs)

    def column(self, line: int, column: int) -> int:
        """The column (from 1) in the line as written of ``column`` in the
        line as the reader read it: past each generated comment taken out
        before it."""
        cut = self.cuts.get(line)
        at = column - 1
        return column + sum(len(gone) for col, gone in cut[0] if col <= at) if cut else column

    def offset(self, line: int, column: int, offset: int) -> int:
        """The byte offset in the text as written of ``offset`` in the text
        fed, at ``line`` and ``column`` (as fed): past every byte taken out
        before it."""
        offset += self.dropped
        for number, (cuts, dropped) in self.cuts.items():
            if number < line:
                offset += dropped
            elif number == line:
                offset += sum(
                    len(gone.encode("utf-8", "surrogateescape"))
                    for col, gone in cuts
                    if col <= column - 1
                )
        return offset

    def forget(self, before: int) -> None:
        """The lines before ``before`` are written out: no finding is said of
        them any more."""
        if self.cuts and min(self.cuts) < before:
            gone = [number for number in self.cuts if number < before]
            for number in gone:
                self.dropped += self.cuts.pop(number)[1]
        while self.runs and self.runs[0].first < before:
            self.runs.pop(0)

    def _blocks(self) -> Iterator[Block]:
        """The stream in blocks of whole lines, cut as the reader cuts it
        (:func:`decode._blocks`): each block's bytes, and its lines, each
        with its ending (``\\n``, ``\\r\\n`` or ``\\r``, the notation's line ends,
        and the only ones ``bytes.splitlines`` knows).  A line past the
        reader's limit comes alone, as a :class:`LongLine`, its bytes after
        the limit put aside in a temporary file."""
        long: LongLine | None = None  # the long line being read

        def spill(data: bytes, ending: bool) -> None:
            nonlocal long
            if long is None:
                rest = tempfile.TemporaryFile()  # noqa: SIM115 (closed once written out)
                long = LongLine(b"", rest, b"")
            if ending:
                long.ending += data
            else:
                long.rest.write(data)

        for piece, _ in decode._blocks(self.stream, TEE_BLOCK, spill):
            if long is None:
                yield piece, piece.splitlines(keepends=True), None
                continue
            long.head = piece[:-1] if piece.endswith(b"\n") else piece
            yield b"", [long.head + long.ending], long
            long = None

    def __iter__(self) -> Iterator[bytes]:
        blocks = Lookahead(self._blocks())
        out: list[bytes] = []
        size = 0
        for block, pieces, long in blocks:
            if self.watch is not None and self.watch.last > self.spilled:
                self._spill(self.watch)
            if long is not None:
                whole = self._unnoted(long)
                if whole is not None:  # within the limit once its notes are gone
                    out.append(self._line(whole, _ahead(blocks)))
                    size += len(out[-1])
                    continue
                if out:
                    yield b"".join(out)
                    out, size = [], 0
                yield from self._long_line(long, blocks)
                continue
            starts = list(accumulate(map(len, pieces), initial=0))
            k, count = 0, len(pieces)
            while k < count:
                if not self.in_comment and self.bom_checked:
                    # The lines up to the next comment, string or BOM are
                    # read as they are, and kept as their bytes (see _flush).
                    plain = self._plain(block, pieces, starts, k)
                    if plain > k:
                        self.lines.extend(pieces[k:plain])
                        self.after_cr = pieces[plain - 1].endswith(b"\r")
                        self.read += plain - k
                        out.append(block[starts[k] : starts[plain]])
                        size += starts[plain] - starts[k]
                        k = plain
                        if size >= TEE_BLOCK:
                            yield b"".join(out)
                            out, size = [], 0
                        continue
                piece = pieces[k]
                k += 1
                out.append(self._line(piece, _ahead(blocks, islice(pieces, k, None))))
                size += len(out[-1])
                if size >= TEE_BLOCK:  # (a block of lines with comments is fed too)
                    yield b"".join(out)
                    out, size = [], 0
        if out:
            yield b"".join(out)

    def _spill(self, watch: SkipWatch) -> None:
        """Put the lines the reader has skipped whole since the last look
        into a stretch on disk (:class:`SkippedLines`): the last one held,
        if they go on from it, or a new one."""
        start = max(watch.first, self.spilled + 1, self.first)
        stop = min(watch.last, self.read)  # (the lines held so far)
        if stop < start:
            return
        at, end = self.index(start), self.index(stop) + 1
        last = self.lines[at - 1] if at > 0 else None
        if type(last) is SkippedLines and last.first + last.count == start:
            run, at = last, at - 1
            moved = self.lines[at + 1 : end]
        else:
            rest = tempfile.TemporaryFile()  # noqa: SIM115 (closed once written out)
            run = SkippedLines(start, 0, 0, rest)
            self.runs.append(run)
            moved = self.lines[at:end]
        out = run.rest
        for line in moved:
            if type(line) is bytes:
                out.write(line)
                run.size += len(line)
            elif type(line) is KeptLine:
                data = written(line)
                out.write(data)
                run.size += len(data)
            else:
                assert type(line) is LongLine
                out.write(line.head)
                line.rest.seek(0)
                run.size += len(line.head) + len(line.ending)
                while data := line.rest.read(TEE_BLOCK):
                    out.write(data)
                    run.size += len(data)
                line.rest.close()
                out.write(line.ending)
        # (the lines' generated comments taken out stay in :attr:`cuts`: a
        # finding on one is placed as on any line)
        run.count += stop - start + 1
        self.lines[at:end] = [run]
        self.spilled = stop
        self.kept = max(self.kept, stop)  # (held as more than its bytes: no plain write)

    def _unnoted(self, long: LongLine) -> bytes | None:
        """Takes off a line too long to hold the notes annotate put on it:
        past the limit, the reader never sees them to remove them, and they
        would be written back, counted as skipped bytes, and noted again.
        A line short enough to hold (notes are far shorter than the reach)
        is returned whole, to be read as any other line; a longer one loses
        the notes at its end, where annotate puts them, and None."""
        rest = long.rest
        size = rest.seek(0, 2)
        if len(long.head) + size <= decode.MAX_LINE_BYTES + _END_NOTES_REACH:
            rest.seek(0)
            whole = long.head + rest.read() + long.ending
            rest.close()
            return whole
        rest.seek(size - _END_NOTES_REACH)
        tail = rest.read()
        notes = _END_NOTES.search(tail)
        if notes is not None:
            rest.seek(size - len(tail) + notes.start())
            rest.write(tail[notes.end() :])  # the blanks after them, if any
            rest.truncate()
        return None

    def _long_line(self, long: LongLine, blocks: Lookahead) -> Iterator[bytes]:
        """Feeds the reader a line too long to hold, a block at a time, and
        keeps it for writing out.  Its comments are read in its first bytes
        only, as the reader reads them; it is written back as it is."""
        self.bom_checked = True
        text = long.head.decode("utf-8", "surrogateescape")
        self._resume(text, _ahead(blocks))
        self.in_comment = _scan(text, self.in_comment)[2]
        self.lines.append(long)
        self.kept = self.read
        self.after_cr = long.ending == b"\r"
        yield long.head
        long.rest.seek(0)
        while data := long.rest.read(TEE_BLOCK):
            yield data
        yield long.ending

    def _plain(self, block: bytes, pieces: list[bytes], starts: list[int], k: int) -> int:
        """Where the lines from ``k`` on that read as they are written end:
        the first with a comment or a string in it, but for a string that
        is the line's only one and holds nothing to read (a tag's value)."""
        at = starts[k]
        while (found := self._special(block, at)) >= 0:
            line = bisect_right(starts, found) - 1
            if not _PLAIN_STRING.fullmatch(pieces[line]):
                return line
            at = starts[line + 1]
        return len(pieces)

    def _special(self, block: bytes, at: int) -> int:
        """Where the first comment or string character of ``block`` at or
        after ``at`` is, or -1.  Each character is found with ``bytes.find``
        and its place kept until the reading passes it, so the block is
        searched once for each (the reading only goes forward in a block):
        a pattern of a class of characters looked at every byte, and cost
        a tenth of ``annotate``."""
        if self._searched is not block:
            self._searched = block
            self._next = dict.fromkeys(_SPECIAL_BYTES, -2)  # -2: not looked for yet
        found, first = self._next, -1
        for ch, place in found.items():
            if place != -1 and place < at:  # -1: not in the rest of the block
                place = found[ch] = block.find(ch, at)
            if place >= 0 and (first < 0 or place < first):
                first = place
        return first

    def _resume(self, text: str, ahead: Iterable[bytes]) -> None:
        """The next line is read: a comment open at it ends if it was left
        open by mistake, as the splitter decides (:class:`split.OpenComment`)
        on the lines as it reads them, each up to the limit."""
        self.read += 1
        if self.in_comment and self.guard.left_open(
            self.read, _as_read(text), (_as_read(p.rstrip(b"\r\n")) for p in ahead)
        ):
            self.in_comment = False

    def _line(self, piece: bytes, ahead: Iterable[bytes]) -> bytes:
        """A line with a comment, a string or a BOM in it, or in a comment,
        read as the notation reads it and kept: the text the reader is fed
        of it.  ``ahead``: the lines after it."""
        body = piece.rstrip(b"\r\n")
        if len(body) > decode.MAX_LINE_BYTES:
            # Past the limit, its notes went at its end, where the reader,
            # reading up to the limit, would not see them to remove them.
            tail = len(body) - _END_NOTES_REACH
            notes = _END_NOTES.search(body, max(tail, 0))
            if notes is not None:
                body = body[: notes.start()] + body[notes.end() :]
        text = body.decode("utf-8", "surrogateescape")
        bom = ""
        if not self.bom_checked:
            self.bom_checked = True
            if text.startswith("\ufeff"):
                bom, text = "\ufeff", text[1:]
        self._resume(text, ahead)
        before = self.in_comment
        cuts: Cuts = []
        clean, semicolon, self.in_comment, opens_at = _scan(text, before, cuts)
        fed = (bom + clean).encode("utf-8", "surrogateescape")
        if len(fed) > decode.MAX_LINE_BYTES:
            # The reader reads what it is fed up to its limit: so is the line,
            # and its notes go at its end, as those of a line too long to hold.
            head = fed[: decode._char_start(fed, decode.MAX_LINE_BYTES)]
            read = head.decode("utf-8", "surrogateescape")[len(bom) :]
            self.in_comment = _scan(read, before)[2]
            semicolon, opens_at = None, len(clean) if self.in_comment else None
        # A line left blank once its generated comments are gone stays a
        # line: annotate only ever adds to the ends of lines, never lines
        # of its own, so removing a line would remove the scorer's.
        ending = piece[len(piece.rstrip(b"\r\n")) :]
        self.lines.append(KeptLine(bom, clean, ending, semicolon, self.in_comment, opens_at))
        self.kept = self.read
        after_cr, self.after_cr = self.after_cr, ending == b"\r"
        if not fed and text and ending[:1] == b"\n" and after_cr:
            # Emptied, it would join the "\r" before it into one "\r\n": a
            # blank keeps it a line, as it is in the text written back.  (Only
            # then: a blank the line never had would move the bytes after it.)
            fed = b" "
        dropped = len(piece) - len(fed) - len(ending)
        if dropped or cuts:
            self.cuts[self.read] = (cuts, dropped)
        return fed + ending
