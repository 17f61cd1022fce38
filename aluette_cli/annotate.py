"""Annotation: the record as it was written, with the engine's explanations added.

Annotating keeps the scorer's own layout and comments byte for byte and adds
*generated* brace comments at the ends of lines: each trick's winner and why,
each deal's counts, tie-break and point, the game's score, and every finding
on the line it concerns.  A generated comment starts with ``=`` (``{= ...}``);
annotating again first removes every such comment, so annotating twice
gives the same text as annotating once.

The text is streamed: lines are held only until the game they belong to has
been replayed.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from bisect import bisect_right
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate, chain, islice
from typing import IO, BinaryIO

from .analysis import GameAnalysis, Limits, analyse_game
from .lexicon import (
    BLANKS,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    LINE_COMMENT,
    QUOTE,
    end_of_string,
)
from .model import BrokenDeal, Deal
from .outcome import TrickOutcome
from .pipeline import EVERYTHING, OUTCOMES_AND_READ, CheckedGame, RuleChoice, check_units
from .quickcheck import FIRST_TRICK_LINE
from .reading import LOOKAHEAD_LINES, decode, read_units
from .reading.split import Lookahead, OpenComment
from .rules import Ruleset
from .writers.analysis import deal_mark, play_mark
from .writers.report import deal_sentences, game_sentence, trick_why

MARK = "="
#: How much text the reader is fed at a time.  Fed a line at a time, it
#: cuts every line on its own, seven to nine times slower than a block of
#: many lines (decode.RUN_MIN_LINES); a block only holds the lines kept until
#: their game is written a little longer.
TEE_BLOCK = 64 * 1024


@dataclass(slots=True)
class _Line:
    bom: str
    text: str  # without generated comments or line ending
    ending: bytes
    semicolon: int | None  # where a ";" comment starts
    open_at_end: bool  # the line ends inside a brace comment
    opens_at: int | None  # where the brace comment left open at its end starts


@dataclass(slots=True)
class _LongLine:
    """A line longer than the reader's limit (:data:`decode.MAX_LINE_BYTES`):
    its first bytes, as the reader reads them, are held; the rest waits in a
    temporary file until the line is written out, so that memory stays
    bounded whatever the line's length and the scorer's text is still
    written back byte for byte."""

    head: bytes
    rest: IO[bytes]
    ending: bytes  # b"" when the file ends in the line, or reading stopped in it


#: A block of the stream: its bytes and its lines, or a line too long to hold.
_Block = tuple[bytes, list[bytes], _LongLine | None]


_SPECIAL = re.compile(f"[{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE)}]")
_SPECIAL_BYTES = re.compile(_SPECIAL.pattern.encode("ascii"))
#: what ends a line's content: its blanks, then its line end
_TRAILING = (BLANKS + "\r\n").encode("ascii")
#: A line whose one string is closed on it and holds no backslash, and
#: which has no comment: it reads as it is written, whatever the string holds.
_OUTSIDE = f"[^{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE)}\r\n]*"
_STRING = f"{QUOTE}[^{QUOTE}\\\\\r\n]*{QUOTE}"
_PLAIN_STRING = re.compile(f"{_OUTSIDE}{_STRING}{_OUTSIDE}(?:\r\n|\r|\n)?".encode("ascii"))
_GENERATED = COMMENT_OPEN + MARK


def _scan(text: str, in_comment: bool) -> tuple[str, int | None, bool, int | None]:
    """Read one line as the notation does: the line without generated comments
    (and the blanks before them), where a ``;`` comment starts in it, whether
    it ends inside a brace comment and where that comment opened on this line.
    ``{=`` inside a tag value, a ``;`` comment or a person's brace comment is
    text, not a generated comment."""
    out: list[str] = []
    opened = None
    i = 0
    while i < len(text):
        if in_comment:
            j = text.find(COMMENT_CLOSE, i)
            if j < 0:
                out.append(text[i:])
                return "".join(out), None, True, opened
            out.append(text[i : j + 1])
            i, in_comment, opened = j + 1, False, None
            continue
        m = _SPECIAL.search(text, i)
        if m is None:
            out.append(text[i:])
            break
        k, ch = m.start(), m.group()
        out.append(text[i:k])
        if ch == COMMENT_OPEN:
            end = text.find(COMMENT_CLOSE, k)
            if text.startswith(_GENERATED, k) and end >= 0:
                out = ["".join(out).rstrip(BLANKS)]
                i = end + 1
                continue
            in_comment = True
            opened = len("".join(out))
            out.append(ch)
            i = k + 1
        elif ch == QUOTE:
            end = end_of_string(text, k + 1)
            if not _closed(text, k, end):
                # A string never closed runs to the end of the line, like a
                # ";" comment: notes go before it, or the next run would
                # read them as its text.
                before = "".join(out)
                return before + text[k:], len(before), False, None
            out.append(text[k:end])
            i = end
        elif ch == LINE_COMMENT:
            before = "".join(out)
            return before + text[k:], len(before), False, None
        else:  # a stray "}"
            out.append(ch)
            i = k + 1
    return "".join(out), None, in_comment, opened if in_comment else None


def _closed(text: str, start: int, end: int) -> bool:
    """Whether the string opened at ``start`` and read up to ``end`` was closed."""
    if end <= start + 1 or text[end - 1] != QUOTE:
        return False
    backslashes = len(text[start + 1 : end - 1]) - len(text[start + 1 : end - 1].rstrip("\\"))
    return backslashes % 2 == 0


class _Tee:
    """Feeds the reader the text without generated comments, in blocks of
    whole lines, and keeps each line, read as the notation reads it, until
    it is written out."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        #: each line held: a line with no comment or string in it as its bytes
        self.lines: deque[_Line | _LongLine | bytes] = deque()
        self.first = 1  # number of the first line held
        self.in_comment = False
        self.bom_checked = False
        self.read = 0  # lines read so far
        self.guard = OpenComment()

    def _blocks(self) -> Iterator[_Block]:
        """The stream in blocks of whole lines: each block's bytes, and its
        lines, each with its ending (``\\n``, ``\\r\\n`` or ``\\r``, the
        notation's line ends, and the only ones ``bytes.splitlines`` knows).
        A line that grows past the reader's limit without an end comes alone,
        as a :class:`_LongLine`."""
        read = getattr(self.stream, "read1", None) or self.stream.read  # a pipe: what is there
        unfinished: list[bytes] = []  # a line's bytes that came without its end
        size = 0  # their length
        while data := read(TEE_BLOCK):
            # The last line end in the block that cannot be the "\r" of a "\r\n".
            end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1))
            if end < 0:
                unfinished.append(data)
                size += len(data)
                if size > decode.MAX_LINE_BYTES:
                    long, data = self._long(b"".join(unfinished), read)
                    yield b"", [long.head + long.ending], long
                    # What came after it in the same read: whole lines, then
                    # the start of one.
                    end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1))
                    if end >= 0:
                        block = data[: end + 1]
                        yield block, block.splitlines(keepends=True), None
                    unfinished = [data[end + 1 :]]
                    size = len(unfinished[0])
                continue
            block = b"".join([*unfinished, data[: end + 1]])
            yield block, block.splitlines(keepends=True), None
            unfinished = [data[end + 1 :]]
            size = len(unfinished[0])
        if unfinished and (block := b"".join(unfinished)):
            yield block, block.splitlines(keepends=True), None

    @staticmethod
    def _long(start: bytes, read: Callable[[int], bytes]) -> tuple[_LongLine, bytes]:
        """A line past the limit, begun with ``start``: its first bytes as the
        reader keeps them, the rest put aside up to its end, or until the
        reader would stop (:data:`decode.MAX_LINE_SKIP`); and what follows it
        in the block read last."""
        keep = decode._char_start(start, decode.MAX_LINE_BYTES)
        rest = tempfile.TemporaryFile()  # noqa: SIM115 (closed once written out)
        rest.write(start[keep:])
        skipped = len(start) - keep
        while data := read(TEE_BLOCK):
            end = decode._line_end(data)
            if end < 0:
                rest.write(data)
                skipped += len(data)
                if skipped >= decode.MAX_LINE_SKIP:
                    break  # where the reader stops reading: so does annotate
                continue
            rest.write(data[:end])
            if data[end : end + 1] == b"\r" and end + 1 == len(data):
                data += read(1)  # the "\n" of a "\r\n" may be next
            size = 2 if data[end : end + 2] == b"\r\n" else 1
            return _LongLine(start[:keep], rest, data[end : end + size]), data[end + size :]
        return _LongLine(start[:keep], rest, b""), b""

    def __iter__(self) -> Iterator[bytes]:
        blocks = Lookahead(self._blocks())
        out: list[bytes] = []
        size = 0
        for block, pieces, long in blocks:
            if long is not None:
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
                later = chain.from_iterable(item[1] for item in blocks.peek(LOOKAHEAD_LINES))
                ahead = islice(chain(islice(pieces, k, None), later), LOOKAHEAD_LINES)
                out.append(self._line(piece, ahead))
                size += len(out[-1])
        if out:
            yield b"".join(out)

    def _long_line(self, long: _LongLine, blocks: Lookahead) -> Iterator[bytes]:
        """Feeds the reader a line too long to hold, a block at a time, and
        keeps it for writing out.  Its comments are read in its first bytes
        only, as the reader reads them; it is written back as it is."""
        self.bom_checked = True
        self.read += 1
        text = long.head.decode("utf-8", "surrogateescape")
        if self.in_comment:
            later = chain.from_iterable(item[1] for item in blocks.peek(LOOKAHEAD_LINES))
            ahead = (p.decode("utf-8", "surrogateescape") for p in islice(later, LOOKAHEAD_LINES))
            if self.guard.left_open(self.read, text, ahead):
                self.in_comment = False
        self.in_comment = _scan(text, self.in_comment)[2]
        self.lines.append(long)
        yield long.head
        long.rest.seek(0)
        while data := long.rest.read(TEE_BLOCK):
            yield data
        yield long.ending

    @staticmethod
    def _plain(block: bytes, pieces: list[bytes], starts: list[int], k: int) -> int:
        """Where the lines from ``k`` on that read as they are written end:
        the first with a comment or a string in it, but for a string that
        is the line's only one and holds nothing to read (a tag's value)."""
        at = starts[k]
        while (m := _SPECIAL_BYTES.search(block, at)) is not None:
            line = bisect_right(starts, m.start()) - 1
            if not _PLAIN_STRING.fullmatch(pieces[line]):
                return line
            at = starts[line + 1]
        return len(pieces)

    def _line(self, piece: bytes, ahead: Iterable[bytes]) -> bytes:
        """A line with a comment, a string or a BOM in it, or in a comment,
        read as the notation reads it and kept: the text the reader is fed
        of it.  ``ahead``: the lines after it."""
        body = piece.rstrip(b"\r\n")
        text = body.decode("utf-8", "surrogateescape")
        bom = ""
        if not self.bom_checked:
            self.bom_checked = True
            if text.startswith("\ufeff"):
                bom, text = "\ufeff", text[1:]
        self.read += 1
        if self.in_comment and self.guard.left_open(
            self.read, text, (p.decode("utf-8", "surrogateescape") for p in ahead)
        ):
            self.in_comment = False  # as the reader decides: see reading.split.split_units
        clean, semicolon, self.in_comment, opens_at = _scan(text, self.in_comment)
        # A line left blank once its generated comments are gone stays a
        # line: annotate only ever adds to the ends of lines, never lines
        # of its own, so removing a line would remove the scorer's.
        ending = piece[len(body) :]
        self.lines.append(_Line(bom, clean, ending, semicolon, self.in_comment, opens_at))
        return (bom + clean).encode("utf-8", "surrogateescape") + ending


def _note(text: str) -> str:
    """Generated text that cannot end a brace comment early or break a line."""
    return text.replace(COMMENT_OPEN, "(").replace(COMMENT_CLOSE, ")").replace("\n", " ")


class TrickNotes:
    """Each trick's note, under one ruleset, made once for all the tricks
    its words are the same for, and added to a line as bytes once: an
    archive's tens of thousands of tricks are told in a few thousand
    sentences, and looking one up is several times quicker than putting it
    together."""

    #: sentences kept at most, for memory to stay flat whatever is read
    LIMIT = 20_000

    def __init__(self) -> None:
        self.ruleset: Ruleset | None = None
        self.said: dict[tuple[str | None, ...], str] = {}
        #: each sentence of ``said`` as :func:`_added` adds it to a line
        self.written: dict[str, bytes] = {}

    def under(self, ruleset: Ruleset) -> TrickNotes:
        """The notes of a game under ``ruleset``."""
        if ruleset != self.ruleset:
            self.ruleset, self.said, self.written = ruleset, {}, {}
        return self

    def __call__(self, trick: TrickOutcome) -> str | None:
        """The note of a trick (None: nothing to say of it)."""
        # What the words depend on: who won, the cards that explain it, and
        # the leader who leads again after a pourri.
        key = (trick.winner, trick.leader if trick.pourri else None, trick.beaten, *trick.top)
        if trick.cancelled:
            key += (None, *trick.cancelled)
        note = self.said.get(key)
        if note is None:
            assert self.ruleset is not None
            if trick.pourri:
                note = trick_why(trick, self.ruleset)
            elif trick.winner:
                note = f"{trick.winner} wins: {trick_why(trick, self.ruleset)}"
            else:
                return None
            if len(self.said) >= self.LIMIT:
                self.said.clear()
                self.written.clear()
            self.said[key] = note
            self.written[note] = _added([note]).encode("utf-8", "surrogateescape")
        return note

    def added(self, notes: list[str]) -> bytes:
        """:func:`_added` as bytes, looked up for a trick's note alone on its line."""
        if len(notes) == 1 and (text := self.written.get(notes[0])) is not None:
            return text
        return _added(notes).encode("utf-8", "surrogateescape")


def notes_for(
    checked: CheckedGame,
    analysis: GameAnalysis | None = None,
    notes: defaultdict[int, list[str]] | None = None,
    tricks: TrickNotes | None = None,
) -> defaultdict[int, list[str]]:
    """Line number -> the generated comments that belong at its end, added to
    ``notes``; with ``analysis``, the marks of the plays that changed a
    deal's value too.  ``tricks`` says the tricks' notes, and remembers them
    from game to game."""
    if notes is None:
        notes = defaultdict(list)
    analysed = analysis.deals if analysis is not None else []
    outcome, game = checked.outcome, checked.game
    ruleset = outcome.ruleset
    said = (tricks or TrickNotes()).under(ruleset) if ruleset is not None else None
    last_line = game.tags[-1].pos.line if game.tags else game.pos.line
    # A deal the quick check found right was not read (OUTCOMES_AND_READ):
    # its outcome is all there is of it, and its lines are the layout's.
    read = {deal.pos: deal for deal in game.deals}
    for k, result in enumerate(outcome.deals):
        deal = read.get(result.pos) if read else None
        if isinstance(deal, BrokenDeal):
            continue
        lines: Iterable[int | None]
        if deal is None:
            # Vouched for by the quick check: nine trick lines in order, in
            # the layout's places.
            first = result.pos.line + FIRST_TRICK_LINE
            lines = range(first, first + len(result.tricks))
            last_line = first + len(result.tricks)
        else:
            # Each trick's own line, as the replay placed it: a trick the
            # record does not give has none, and a trick written out of
            # order keeps its line (never the line beside it).
            lines = [played.line for played in result.tricks]
            last_line = _summary_line(deal)
        if said is not None and not result.from_sheet:
            for line, played in zip(lines, result.tricks, strict=True):
                note = said(played) if line is not None else None
                if note is not None:
                    notes[line].append(note)  # type: ignore[index]
        if ruleset is not None:
            notes[last_line].append(" ".join(deal_sentences(result)))
        valued = analysed[k] if k < len(analysed) else None
        if valued is not None:
            for play in valued.changed:
                notes[play.line].append(play_mark(play))
            notes[last_line].append(deal_mark(valued))
    for finding in outcome.findings:
        notes[finding.line].append(f"{finding.code} {finding.message}")
    notes[last_line].append(game_sentence(outcome))
    return notes


def _summary_line(deal: Deal) -> int:
    if deal.point is not None:
        return deal.point.pos.line
    lines = [deal.pos.line, *(h.pos.line for h in deal.hands.values())]
    lines += [t.pos.line for t in deal.tricks] + [s.pos.line for s in deal.signals]
    for part in (deal.stock, deal.winners):
        if part is not None:
            lines.append(part.pos.line)
    lines += [c.pos.line for c in deal.chants + deal.announces + deal.concessions]
    return max(lines)


def _insert(line: _Line, notes: list[str]) -> str:
    """The line with ``notes`` added where its content ends: before a ``;``
    comment and before trailing blanks, which stay as they were."""
    text = line.text
    end = len(text)
    if line.semicolon is not None:
        end = line.semicolon
    elif line.opens_at is not None:
        end = line.opens_at
    end = len(text[:end].rstrip(BLANKS))
    return text[:end] + _added(notes) + text[end:]


def _added(notes: list[str]) -> str:
    """The generated comments added to a line, after two spaces."""
    if len(notes) == 1:  # most lines: a trick's or a deal's one note
        return f"  {_GENERATED} {_note(notes[0])}{COMMENT_CLOSE}"
    return "  " + " ".join([f"{_GENERATED} {_note(n)}{COMMENT_CLOSE}" for n in notes])


class Annotator:
    """Writes ``stream`` to ``out`` with generated comments; collects the findings."""

    def __init__(
        self,
        stream: BinaryIO,
        out: BinaryIO,
        choice: RuleChoice,
        base: object = None,
        analyse: Limits | None = None,
    ) -> None:
        """``analyse``: also mark the plays that changed a deal's value."""
        self.tee = _Tee(stream)
        self.analyse = analyse
        self.out = out
        self.choice = choice
        self.base = base
        self.pending: defaultdict[int, list[str]] = defaultdict(list)
        self.tricks = TrickNotes()

    def run(self) -> Iterator[CheckedGame]:
        """Annotate everything, yielding each checked game as it is written."""
        # The analysis plays every deal from its model: then every deal is read.
        wants = EVERYTHING if self.analyse else OUTCOMES_AND_READ
        units = read_units(self.tee)  # type: ignore[arg-type]
        for checked in check_units(units, self.choice, self.base, keep=wants):  # type: ignore[arg-type]
            game = checked.game
            analysis = analyse_game(checked, self.analyse) if self.analyse else None
            notes_for(checked, analysis, self.pending, self.tricks)
            start = min([game.pos.line, *(f.line for f in game.errors)])
            self._flush(before=start)
            yield checked
        self._flush(before=None)

    def _flush(self, before: int | None) -> None:
        tee = self.tee
        # One write for a game's lines: standard output is unbuffered under
        # PYTHONUNBUFFERED (or python -u), and a write a line was then a
        # system call a line.
        written: list[bytes] = []
        lines, pending, added = tee.lines, self.pending, self.tricks.added
        first = tee.first
        count = len(lines) if before is None else max(0, min(len(lines), before - first))
        tee.first += count
        for number in range(first, first + count):
            line = lines.popleft()
            notes = pending.pop(number, None)
            if type(line) is _LongLine:
                # Its notes go at its end: the text is copied, never held.
                self.out.write(b"".join([*written, line.head]))
                written = []
                line.rest.seek(0)
                shutil.copyfileobj(line.rest, self.out, TEE_BLOCK)
                line.rest.close()
                written.append((added(notes) if notes else b"") + line.ending)
                continue
            if type(line) is bytes:
                if notes is not None:
                    # As _insert, on the bytes: no ";" comment, no comment left open.
                    end = len(line.rstrip(_TRAILING))
                    line = line[:end] + added(notes) + line[end:]
                written.append(line)
                continue
            notes = notes or []
            assert isinstance(line, _Line)
            if line.opens_at is not None:
                # Lines inside a comment left open here cannot take notes:
                # theirs go before the comment opens.
                for k, inside in enumerate(tee.lines):
                    if not isinstance(inside, _Line):
                        break
                    if not inside.open_at_end or inside.opens_at is not None:
                        break
                    notes += self.pending.pop(number + 1 + k, [])
            text = (
                _insert(line, notes)
                if notes and not (line.open_at_end and line.opens_at is None)
                else line.text
            )
            written.append((line.bom + text).encode("utf-8", "surrogateescape") + line.ending)
        if written:
            self.out.write(b"".join(written))

