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
from collections import defaultdict, deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

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
from .parse import LOOKAHEAD_LINES, Lookahead, OpenComment, read_units
from .pipeline import OUTCOMES_AND_READ, CheckedGame, Keep, RuleChoice, check_units
from .quickcheck import FIRST_TRICK_LINE
from .writers.analysis import deal_mark, play_mark
from .writers.report import deal_sentences, game_sentence, trick_why

MARK = "="
#: How much text the reader is fed at a time.  Fed a line at a time, it
#: cuts every line on its own, seven to nine times slower than a block of
#: many lines (parse.RUN_MIN_LINES); a block only holds the lines kept until
#: their game is written a little longer.
TEE_BLOCK = 64 * 1024
_LINES = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


@dataclass(slots=True)
class _Line:
    bom: str
    text: str  # without generated comments or line ending
    ending: bytes
    semicolon: int | None  # where a ";" comment starts
    open_at_end: bool  # the line ends inside a brace comment
    opens_at: int | None  # where the brace comment left open at its end starts


_SPECIAL = re.compile(f"[{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE)}]")
_SPECIAL_BYTES = re.compile(_SPECIAL.pattern.encode("ascii"))
_BLANKS_BYTES = BLANKS.encode("ascii")
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
        self.lines: deque[_Line | bytes] = deque()
        self.first = 1  # number of the first line held
        self.in_comment = False
        self.bom_checked = False
        self.read = 0  # lines read so far
        self.guard = OpenComment()

    def _pieces(self) -> Iterator[bytes]:
        """The stream's lines, each with its ending, cut from blocks: one
        call of the pattern a block, not one a line."""
        read = getattr(self.stream, "read1", None) or self.stream.read  # a pipe: what is there
        unfinished: list[bytes] = []  # a line's bytes that came without its end
        while data := read(TEE_BLOCK):
            # The last line end in the block that cannot be the "\r" of a "\r\n".
            end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1))
            if end < 0:
                unfinished.append(data)
                continue
            yield from _LINES.findall(b"".join([*unfinished, data[: end + 1]]))
            unfinished = [data[end + 1 :]]
        if unfinished:
            yield from _LINES.findall(b"".join(unfinished))

    def __iter__(self) -> Iterator[bytes]:
        pieces = Lookahead(self._pieces())
        block: list[bytes] = []
        size = 0
        for piece in pieces:
            if not self.in_comment and self.bom_checked and not _SPECIAL_BYTES.search(piece):
                # No comment, string or BOM: the line is read as it is, and
                # kept as its bytes (see _flush).
                self.read += 1
                self.lines.append(piece)
                block.append(piece)
                size += len(piece)
                if size >= TEE_BLOCK:
                    yield b"".join(block)
                    block, size = [], 0
                continue
            body = piece.rstrip(b"\r\n")
            text = body.decode("utf-8", "surrogateescape")
            bom = ""
            if not self.bom_checked:
                self.bom_checked = True
                if text.startswith("\ufeff"):
                    bom, text = "\ufeff", text[1:]
            self.read += 1
            if self.in_comment and self.guard.left_open(
                self.read,
                text,
                (p.decode("utf-8", "surrogateescape") for p in pieces.peek(LOOKAHEAD_LINES)),
            ):
                self.in_comment = False  # as the reader decides: see parse.split_units
            clean, semicolon, self.in_comment, opens_at = _scan(text, self.in_comment)
            # A line left blank once its generated comments are gone stays a
            # line: annotate only ever adds to the ends of lines, never lines
            # of its own, so removing a line would remove the scorer's.
            ending = piece[len(body) :]
            line = _Line(bom, clean, ending, semicolon, self.in_comment, opens_at)
            self.lines.append(line)
            block.append((bom + clean).encode("utf-8", "surrogateescape") + ending)
            size += len(block[-1])
            if size >= TEE_BLOCK:
                yield b"".join(block)
                block, size = [], 0
        if block:
            yield b"".join(block)


def _note(text: str) -> str:
    """Generated text that cannot end a brace comment early or break a line."""
    return text.replace(COMMENT_OPEN, "(").replace(COMMENT_CLOSE, ")").replace("\n", " ")


def notes_for(
    checked: CheckedGame, analysis: GameAnalysis | None = None
) -> dict[int, list[str]]:
    """Line number -> the generated comments that belong at its end; with
    ``analysis``, the marks of the plays that changed a deal's value too."""
    notes: dict[int, list[str]] = defaultdict(list)
    analysed = analysis.deals if analysis is not None else []
    outcome, game = checked.outcome, checked.game
    ruleset = outcome.ruleset
    last_line = game.tags[-1].pos.line if game.tags else game.pos.line
    # A deal the quick check found right was not read (OUTCOMES_AND_READ):
    # its outcome is all there is of it, and its lines are the layout's.
    read = {deal.pos: deal for deal in game.deals}
    for k, result in enumerate(outcome.deals):
        deal = read.get(result.pos)
        if isinstance(deal, BrokenDeal):
            continue
        if deal is None:
            first = result.pos.line + FIRST_TRICK_LINE
            lines = list(range(first, first + len(result.tricks)))
            last_line = first + len(result.tricks)
        else:
            lines = [trick.pos.line for trick in deal.tricks]
            last_line = _summary_line(deal)
        if ruleset is not None and not result.from_sheet:
            for line, played in zip(lines, result.tricks, strict=False):
                if played.pourri:
                    notes[line].append(trick_why(played, ruleset))
                elif played.winner:
                    notes[line].append(f"{played.winner} wins: {trick_why(played, ruleset)}")
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
        self.pending: dict[int, list[str]] = defaultdict(list)

    def run(self) -> Iterator[CheckedGame]:
        """Annotate everything, yielding each checked game as it is written."""
        # The analysis plays every deal from its model: then every deal is read.
        keep: Keep = True if self.analyse else OUTCOMES_AND_READ
        units = read_units(self.tee)  # type: ignore[arg-type]
        for checked in check_units(units, self.choice, self.base, keep=keep):  # type: ignore[arg-type]
            game = checked.game
            analysis = analyse_game(checked, self.analyse) if self.analyse else None
            for line, notes in notes_for(checked, analysis).items():
                self.pending[line].extend(notes)
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
        lines, pending = tee.lines, self.pending
        while lines and (before is None or tee.first < before):
            line = lines.popleft()
            notes = pending.pop(tee.first, None) or []
            tee.first += 1
            if type(line) is bytes:
                if notes:
                    # As _insert, on the bytes: no ";" comment, no comment left open.
                    body = line.rstrip(b"\r\n")
                    end = len(body.rstrip(_BLANKS_BYTES))
                    added = _added(notes).encode("utf-8", "surrogateescape")
                    line = body[:end] + added + line[end:]
                written.append(line)
                continue
            assert isinstance(line, _Line)
            if line.opens_at is not None:
                # Lines inside a comment left open here cannot take notes:
                # theirs go before the comment opens.
                for k, inside in enumerate(tee.lines):
                    if type(inside) is bytes:
                        break
                    assert isinstance(inside, _Line)
                    if not inside.open_at_end or inside.opens_at is not None:
                        break
                    notes += self.pending.pop(tee.first + k, [])
            text = (
                _insert(line, notes)
                if notes and not (line.open_at_end and line.opens_at is None)
                else line.text
            )
            written.append((line.bom + text).encode("utf-8", "surrogateescape") + line.ending)
        if written:
            self.out.write(b"".join(written))

