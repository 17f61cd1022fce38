"""Annotation: the record as it was written, with the engine's explanations added.

Annotating keeps the scorer's own layout and comments byte for byte and adds
*generated* brace comments at the ends of lines: each trick's winner and why,
each deal's counts, tie-break and point, the game's score, and every finding
on the line it concerns.  A generated comment starts with ``= `` (``{= ...}``);
annotating again first removes every such comment, so annotating twice
gives the same text as annotating once.

The text is streamed: lines are held only until the game they belong to has
been replayed.
"""

from __future__ import annotations

import shutil
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import chain, pairwise
from pathlib import Path
from typing import BinaryIO

from . import findings as F
from . import model
from .analysis import GameAnalysis, Limits, analyse_game
from .findings import Finding
from .lexicon import BLANKS, COMMENT_CLOSE, COMMENT_OPEN
from .model import BrokenDeal, Deal
from .outcome import DealOutcome, TrickOutcome
from .pipeline import EVERYTHING, OUTCOMES_AND_READ, CheckedGame, RuleChoice, check_units
from .quickcheck import FIRST_TRICK_LINE
from .reading import DealCount, Unit, decode, read_units, split
from .reading.tee import GENERATED, TEE_BLOCK, KeptLine, LongLine, SkippedLines, Tee
from .rules import Ruleset
from .writers.analysis import deal_mark, play_mark
from .writers.report import deal_sentences, game_sentence, trick_why

#: what ends a line's content: its blanks, then its line end
_TRAILING = (BLANKS + "\r\n").encode("ascii")
#: how the text read is written back: byte for byte, bad bytes included
_AS_READ = ("utf-8", "surrogateescape")


class TrickNotes:
    """Each trick's note, under one ruleset, made once for all the tricks
    its words are the same for, and kept as the bytes it adds to a line
    (:func:`added`): an archive's tens of thousands of tricks are told in a
    few thousand sentences, and looking one up is several times quicker
    than putting it together."""

    #: sentences kept at most, for memory to stay flat whatever is read
    LIMIT = 20_000

    def __init__(self) -> None:
        self.ruleset: Ruleset | None = None
        self.said: dict[tuple[str | None, ...], bytes] = {}

    def under(self, ruleset: Ruleset) -> TrickNotes:
        """The notes of a game under ``ruleset``."""
        if ruleset != self.ruleset:
            self.ruleset, self.said = ruleset, {}
        return self

    def __call__(self, trick: TrickOutcome) -> bytes | None:
        """The note of a trick, as :func:`added` (None: nothing to say of it)."""
        # What the words depend on: who won, the cards that explain it, and
        # the leader who leads again after a pourri; where the winner beat
        # no card (the others cancelled below it), the others in order.
        key = (trick.winner, trick.leader if trick.pourri else None, trick.beaten, *trick.top)
        if trick.cancelled:
            key += (None, *trick.cancelled)
        if trick.beaten is None and trick.winner is not None:
            key += (None, *(card for _, card in trick.plays))
        note = self.said.get(key)
        if note is None:
            assert self.ruleset is not None
            if not (trick.pourri or trick.winner):
                return None
            text = trick_why(trick, self.ruleset)
            text = text if trick.pourri else f"{trick.winner} wins: {text}"
            if len(self.said) >= self.LIMIT:
                self.said.clear()
            note = self.said[key] = added(text)
        return note


class DealNotes:
    """Each deal's note (its counts, tie-break and point in words), made once
    for all the deals whose facts are the same: an archive's deals come in a
    few thousand outcomes, and looking one up is several times quicker than
    putting its sentences together.  Only the usual deal is looked up (read
    whole, no signal, every trick known); any other is told afresh."""

    #: notes kept at most, for memory to stay flat whatever is read
    LIMIT = 20_000

    def __init__(self) -> None:
        self.said: dict[tuple[object, ...], bytes] = {}

    def __call__(self, deal: DealOutcome) -> bytes:
        """The note of a deal, as :func:`added`."""
        if deal.broken or deal.signals or deal.unknown or deal.counts is None:
            return added(" ".join(deal_sentences(deal)))
        # Every fact deal_sentences reads of such a deal.
        tie = deal.tie_break
        played = deal.sequence if deal.sequence is not None else [t.winner for t in deal.tricks]
        key = (
            tuple(deal.counts.items()),
            played.count(None),
            deal.void,
            deal.dealer if deal.void else None,
            deal.void_reason,
            deal.point,
            deal.deal_winner,
            None if tie is None else (*tie.tied, tie.total, *tie.reached_at.items(), tie.winner),
            deal.mordienne_from,
            None if deal.sequence is None else len(deal.sequence),
        )
        note = self.said.get(key)
        if note is None:
            if len(self.said) >= self.LIMIT:
                self.said.clear()
            note = self.said[key] = added(" ".join(deal_sentences(deal)))
        return note


def notes_for(
    checked: CheckedGame,
    analysis: GameAnalysis | None,
    notes: dict[int, bytes],
    tricks: TrickNotes,
    deals: DealNotes,
) -> None:
    """Line number -> the generated comments that belong at its end, as
    :func:`added` makes them, put in ``notes`` (each one space after the one
    before); with ``analysis``, the marks of the plays that changed a deal's
    value too.  ``tricks`` says the
    tricks' notes, and ``deals`` the deals', and they remember them from game
    to game."""
    analysed = analysis.deals if analysis is not None else []
    outcome, game = checked.outcome, checked.game
    ruleset = outcome.ruleset
    said = tricks.under(ruleset) if ruleset is not None else None
    last_line = game.tags[-1].pos.line if game.tags else game.pos.line
    # A deal the quick check found right was not read (OUTCOMES_AND_READ):
    # its outcome is all there is of it, and its lines are the layout's.
    read = {deal.pos: deal for deal in game.deals}
    for k, result in enumerate(outcome.deals):
        deal = read.get(result.pos) if read else None
        if isinstance(deal, BrokenDeal):
            continue
        if deal is None:
            # Vouched for by the quick check: nine trick lines in order, in
            # the layout's places.
            first = result.pos.line + FIRST_TRICK_LINE
            lines: Iterable[int | None] = range(first, first + len(result.tricks))
            last_line = first + len(result.tricks)
        else:
            # Each trick's own line, as the replay placed it: a trick the
            # record does not give has none, and a trick written out of
            # order keeps its line (never the line beside it).
            lines = _trick_ends(deal, [played.line for played in result.tricks])
            last_line = _summary_line(deal)
        if said is not None and not result.from_sheet:
            for line, played in zip(lines, result.tricks, strict=True):
                if line is not None and (note := said(played)) is not None:
                    before = notes.get(line)  # (_add, without a call a trick)
                    notes[line] = note if before is None else before + note[1:]
        if ruleset is not None:
            _add(notes, last_line, deals(result))
        valued = analysed[k] if k < len(analysed) else None
        if valued is not None:
            for play in valued.changed:
                _add(notes, play.line, added(play_mark(play)))
            _add(notes, last_line, added(deal_mark(valued)))
    for finding in outcome.findings:
        _add(notes, finding.line, added(f"{finding.code} {finding.message}"))
    _add(notes, last_line, added(game_sentence(outcome)))


def _as_written(checked: CheckedGame, tee: Tee) -> None:
    """The game's findings at their places in the lines as written: the
    reader read them without the notes an earlier run put in (the same
    finding was at another column than ``validate`` gives it, on a line
    that had notes before it)."""

    def placed(finding: Finding) -> Finding:
        column = tee.column(finding.line, finding.column)
        cause = finding.consequence_of
        if cause is not None:
            cause = (cause[0], cause[1], tee.column(cause[1], cause[2]))
        message, facts = finding.message, finding.facts
        fed = facts.get("offset") if finding.code == F.BAD_ENCODING else None
        if type(fed) is int:  # where the bad byte is in the file
            facts = {**facts, "offset": tee.offset(finding.line, finding.column, fed)}
            message = Finding.of(F.BAD_ENCODING, "", 0, 0, **facts).message  # said anew
        if (column, cause, message) == (finding.column, finding.consequence_of, finding.message):
            return finding
        return replace(finding, column=column, consequence_of=cause, message=message, facts=facts)

    outcome = checked.outcome
    outcome.findings[:] = [placed(f) for f in outcome.findings]


def _trick_ends(deal: Deal, starts: list[int | None]) -> list[int | None]:
    """The line each trick ends on, the tricks given by the lines they start
    on (``starts``, the replay's, in its order): a trick broken over lines
    is said at its last card or its claim, as a scorer's comment would be,
    not between its lines.  Tricks that start on one line (a deal written
    compact) are matched in order."""
    ends: dict[int, list[int]] = {}
    for trick in deal.tricks:
        last = max([trick.pos.line, *(play.pos.line for play in trick.plays)])
        if trick.claim is not None:
            last = max(last, (trick.claim.end or trick.claim.pos).line)
        ends.setdefault(trick.pos.line, []).append(last)
    found: list[int | None] = []
    for line in starts:
        mine = ends.get(line) if line is not None else None
        found.append(mine.pop(0) if mine else line)
    return found


def _summary_line(deal: Deal) -> int:
    """The deal's point line, or else its last line: a trick broken over
    lines (read joined) ends at its last card or its claim, not where it
    starts."""
    if deal.point is not None:
        return deal.point.pos.line
    parts: list = [deal, *deal.hands.values(), *deal.tricks, *deal.signals, *deal.chants]
    parts += [part for part in (deal.stock, deal.winners) if part is not None]
    for trick in deal.tricks:
        parts += trick.plays
        if trick.claim is not None:
            parts.append(trick.claim)
    last = max(part.pos.line for part in parts + deal.announces + deal.concessions)
    ends = [(t.claim.end or t.claim.pos).line for t in deal.tricks if t.claim is not None]
    return max([last, *ends])


def _insert(line: KeptLine, note: bytes) -> bytes:
    """The line with ``note`` added where its content ends: before a ``;``
    comment and before trailing blanks, which stay as they were; a line
    inside a comment takes none."""
    if line.open_at_end and line.opens_at is None:
        note = b""
    text = line.text
    end = len(text)
    if line.semicolon is not None:
        end = line.semicolon
    elif line.opens_at is not None:
        end = line.opens_at
    end = len(text[:end].rstrip(BLANKS))
    head = (line.bom + text[:end]).encode(*_AS_READ)
    tail = text[end:].encode(*_AS_READ) + line.ending
    return head + (note if _fits(len(head) + len(tail), note) else b"") + tail


def added(note: str) -> bytes:
    """A generated comment as it is added to a line, after two spaces, its
    text unable to end the comment early or break the line."""
    note = note.replace(COMMENT_OPEN, "(").replace(COMMENT_CLOSE, ")").replace("\n", " ")
    return f"  {GENERATED}{note}{COMMENT_CLOSE}".encode(*_AS_READ)


def _add(notes: dict[int, bytes], line: int, note: bytes) -> None:
    before = notes.get(line)
    notes[line] = note if before is None else before + note[1:]


def _noted(line: bytes, note: bytes) -> bytes:
    """A line kept as its bytes with ``note`` added, as :func:`_insert` adds
    it (such a line holds no comment)."""
    if not _fits(len(line), note):
        return line
    end = len(line.rstrip(_TRAILING))
    return line[:end] + note + line[end:]


#: how far below the reader's limit on a unit (:data:`split.MAX_UNIT_CHARS`,
#: read when it is needed, as every limit of the reader is) a deal's notes
#: must stop: room for what the reader may count with the deal that its
#: lines here do not hold
_DEAL_MARGIN = 4096


def _fits(size: int, note: bytes) -> bool:
    """Whether a line of ``size`` bytes (its ending too) takes ``note``:
    within the reader's limit, as a note that took it past would have the
    reader cut the line, and skip its deal, in the record annotated; or a
    line past the limit already, which the reader cuts whatever is added."""
    limit = decode.MAX_LINE_BYTES
    return size + len(note) <= limit or size > limit


class Annotator:
    """Writes ``stream`` to ``out`` with generated comments; collects the findings."""

    def __init__(
        self,
        stream: BinaryIO,
        out: BinaryIO,
        choice: RuleChoice,
        base: Path | None = None,
        analyse: Limits | None = None,
    ) -> None:
        """``analyse``: also mark the plays that changed a deal's value."""
        #: the lines of a deal the reader skips past its limit take no note:
        #: the tee lets go of them as the reader tells it (split.SkipWatch)
        self.watch = split.SkipWatch()
        self.tee = Tee(stream, self.watch)
        self.analyse = analyse
        self.out = out
        self.choice = choice
        self.base = base
        #: line number -> the notes added to it (:func:`added`)
        self.pending: dict[int, bytes] = {}
        #: the reader is skipping the rest of the game (model.MAX_DEALS)
        self.cutting = False
        self.tricks = TrickNotes()
        self.deals = DealNotes()
        #: the deal units read and not yet annotated: where each starts, its
        #: game's characters up to its end as the reader counts them
        #: (:class:`reading.DealCount`), and its game's place among them
        self.read: deque[tuple[int, int, int]] = deque()
        self.games_read = 0

    def run(self) -> Iterator[CheckedGame]:
        """Annotate everything, yielding each checked game as it is written."""
        # The analysis plays every deal from its model: then every deal is read.
        wants = EVERYTHING if self.analyse else OUTCOMES_AND_READ
        last = None  # the line the game before's last deal starts on
        for checked in check_units(self._units(), self.choice, self.base, keep=wants):
            game = checked.game
            analysis = analyse_game(checked, self.analyse) if self.analyse else None
            # The game before's last deal ends where this game starts.
            self._within_deal_limit(last, game.pos.line)
            # The lines before the game's are written first: none of its notes
            # is theirs.
            self._flush(before=min([game.pos.line, *(f.line for f in game.errors)]))
            # The notes say the findings as read without the notes of an
            # earlier run (a bad byte's offset too), so that annotating again
            # gives the same notes; what is printed names the file as it is.
            notes_for(checked, analysis, self.pending, self.tricks, self.deals)
            starts = sorted({deal.pos.line for deal in checked.outcome.deals})
            for start, end in pairwise(starts):
                self._within_deal_limit(start, end)
            if starts:
                self._within_game_limit(max(starts))
            last = starts[-1] if starts else None
            if self.tee.cuts:
                _as_written(checked, self.tee)
            if self.cutting:
                # The rest of the game is skipped (model.MAX_DEALS): no note
                # goes on it, and its lines are written out as they come.
                self._flush(before=None)
                last = None
            yield checked
        self._within_deal_limit(last, None)
        self._flush(before=None)

    def _units(self) -> Iterator[Unit]:
        """The units read, as the reader gets them; the lines of a deal the
        reader skips past the most deals a game may hold, which take no
        note, are written out before it comes, not held (the game it ends
        has had its notes, :class:`reading.GameCut`)."""
        place = DealCount()
        for unit in read_units(self.tee, watch=self.watch):  # type: ignore[arg-type]
            deal = place(unit)
            if unit.kind != "other":
                self.cutting = deal > model.MAX_DEALS
            if unit.kind == "tags":
                self.games_read += 1  # (where the count of characters starts again)
            elif deal and not self.cutting:
                self.read.append((unit.line, place.chars, self.games_read))
            if deal > model.MAX_DEALS + 1:
                self._flush(before=unit.line)
            yield unit

    def _within_deal_limit(self, start: int | None, end: int | None) -> None:
        """Leave out the notes of the deal from line ``start`` to ``end``
        (None: the end of the text) if they would take it past the reader's
        limit on a deal (:data:`split.MAX_UNIT_CHARS`, less a margin): the
        reader would cut it, and skip its last tricks, in the record
        annotated.  Its lines are held; bytes count for characters (at least
        as many), and a line, notes and all, is within the line limit."""
        if start is None:
            return
        tee, pending = self.tee, self.pending
        lines, first = tee.lines, tee.first
        limit = split.MAX_UNIT_CHARS - _DEAL_MARGIN
        count = (first + tee.lines_held() if end is None else end) - max(start, first)
        if count * decode.MAX_LINE_BYTES <= limit:
            return  # too few lines to reach it (a usual deal of fifteen)
        stop = len(lines) if end is None else max(0, tee.index(end))
        held = slice(max(0, tee.index(start)), stop)
        size = sum(map(len, lines[held]))
        if size <= limit // 2:
            return
        mine = [n for n in pending if start <= n and (end is None or n < end)]
        if size + sum(len(pending[n]) for n in mine) > limit:
            for number in mine:
                del pending[number]

    def _within_game_limit(self, last: int) -> None:
        """Keep the notes of the game's deals, first deal first, only while
        the game's characters and the notes kept stay within the reader's
        limit on a game (:data:`model.MAX_GAME_CHARS`), the game's last deal
        starting on line ``last``: past it, the reader would skip a deal and
        every one after it in the record annotated.  The game's characters
        are counted as the reader counts them (:class:`reading.DealCount`,
        the text as read, without the notes of an earlier run); bytes count
        for characters (at least as many)."""
        read = self.read
        if not read or read[0][0] > last:
            return  # (none of its deals read as a deal unit)
        game = read[0][2]
        starts: list[int] = []
        chars = 0  # the game's, up to its last deal's end
        while read and read[0][2] == game:
            line, chars, _ = read.popleft()
            starts.append(line)
        pending = self.pending
        room = model.MAX_GAME_CHARS - chars
        if sum(map(len, pending.values())) <= room:
            return  # (nearly every game: far from it, notes and all)
        for start, end in zip(starts, [*starts[1:], None], strict=True):
            lines = [n for n in pending if start <= n and (end is None or n < end)]
            size = sum(len(pending[n]) for n in lines)
            if size > room:
                room = 0  # (and no note after it either)
                for number in lines:
                    del pending[number]
            else:
                room -= size

    def _flush(self, before: int | None) -> None:
        lines, first = self.tee.lines, self.tee.first
        count = len(lines) if before is None else max(0, min(len(lines), self.tee.index(before)))
        held = lines[:count]
        del lines[:count]
        spans = sum(line.count - 1 for line in held if type(line) is SkippedLines)
        self.tee.first = stop = first + count + spans
        self.tee.forget(stop)  # lines written out: their findings are said
        # The notes of the lines written now (a note on a line already
        # written is lost, as it always was); the others wait.
        here, self.pending = self.pending, {}
        if here and (min(here) < first or max(here) >= stop):
            self.pending = {number: note for number, note in here.items() if number >= stop}
            here = {number: note for number, note in here.items() if first <= number < stop}
        if self.tee.kept < first:
            # Every line as its bytes: the noted ones changed in place, and
            # all written at once (standard output is unbuffered under
            # PYTHONUNBUFFERED or python -u: a write a line was a system call).
            for number, noted in here.items():
                held[number - first] = _noted(held[number - first], noted)  # type: ignore[arg-type]
            self.out.write(b"".join(held))  # type: ignore[arg-type]
            return
        written: list[bytes] = []
        number = first  # (a stretch of skipped lines is one entry of many lines)
        for k, line in enumerate(held):
            at = number
            number += line.count if type(line) is SkippedLines else 1
            note = here.get(at)
            if type(line) is SkippedLines:
                # (no note: they are lines of a deal past its limit, which takes none)
                self.out.write(b"".join(written))
                written.clear()
                line.rest.seek(0)
                shutil.copyfileobj(line.rest, self.out, TEE_BLOCK)
                line.rest.close()
                continue
            if type(line) is bytes:
                written.append(line if note is None else _noted(line, note))
                continue
            if type(line) is LongLine:
                # Its notes go at its end: the text is copied, never held.
                self.out.write(b"".join([*written, line.head]))
                written.clear()
                line.rest.seek(0)
                shutil.copyfileobj(line.rest, self.out, TEE_BLOCK)
                line.rest.close()
                written.append((note or b"") + line.ending)
                continue
            assert isinstance(line, KeptLine)
            if line.opens_at is not None:
                # Lines inside a comment left open here cannot take notes:
                # theirs go before the comment opens.
                # (a stretch of skipped lines ends it: no line after it is counted)
                for within, inside in enumerate(chain(held[k + 1 :], lines), at + 1):
                    if (
                        not (isinstance(inside, KeptLine) and inside.open_at_end)
                        or inside.opens_at is not None
                    ):
                        break
                    more = (here if within < stop else self.pending).pop(within, None)
                    if more is not None:
                        note = more if note is None else note + more[1:]
            written.append(_insert(line, note or b""))
        if written:
            self.out.write(b"".join(written))
