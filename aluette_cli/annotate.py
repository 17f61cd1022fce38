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

import shutil
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from .analysis import GameAnalysis, Limits, analyse_game
from .lexicon import BLANKS, COMMENT_CLOSE, COMMENT_OPEN
from .model import BrokenDeal, Deal
from .outcome import DealOutcome, TrickOutcome
from .pipeline import EVERYTHING, OUTCOMES_AND_READ, CheckedGame, RuleChoice, check_units
from .quickcheck import FIRST_TRICK_LINE
from .reading import read_units
from .reading.tee import GENERATED, TEE_BLOCK, KeptLine, LongLine, Tee
from .rules import Ruleset
from .writers.analysis import deal_mark, play_mark
from .writers.report import deal_sentences, game_sentence, trick_why

#: what ends a line's content: its blanks, then its line end
_TRAILING = (BLANKS + "\r\n").encode("ascii")


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


class DealNotes:
    """Each deal's note (its counts, tie-break and point in words), made once
    for all the deals whose facts are the same: an archive's deals come in a
    few thousand outcomes, and looking one up is several times quicker than
    putting its sentences together.  Only the usual deal is looked up (read
    whole, no signal, every trick known); any other is told afresh."""

    #: notes kept at most, for memory to stay flat whatever is read
    LIMIT = 20_000

    def __init__(self) -> None:
        self.said: dict[tuple[object, ...], str] = {}

    def __call__(self, deal: DealOutcome) -> str:
        """The note of a deal."""
        if deal.broken or deal.signals or deal.unknown or deal.counts is None:
            return " ".join(deal_sentences(deal))
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
            note = self.said[key] = " ".join(deal_sentences(deal))
        return note


def notes_for(
    checked: CheckedGame,
    analysis: GameAnalysis | None,
    notes: defaultdict[int, list[str]],
    tricks: TrickNotes,
    deals: DealNotes,
) -> None:
    """Line number -> the generated comments that belong at its end, added to
    ``notes``; with ``analysis``, the marks of the plays that changed a
    deal's value too.  ``tricks`` says the tricks' notes, and ``deals`` the
    deals', and they remember them from game to game."""
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
            notes[last_line].append(deals(result))
        valued = analysed[k] if k < len(analysed) else None
        if valued is not None:
            for play in valued.changed:
                notes[play.line].append(play_mark(play))
            notes[last_line].append(deal_mark(valued))
    for finding in outcome.findings:
        notes[finding.line].append(f"{finding.code} {finding.message}")
    notes[last_line].append(game_sentence(outcome))


def _summary_line(deal: Deal) -> int:
    if deal.point is not None:
        return deal.point.pos.line
    parts: list = [deal, *deal.hands.values(), *deal.tricks, *deal.signals, *deal.chants]
    parts += [part for part in (deal.stock, deal.winners) if part is not None]
    return max(part.pos.line for part in parts + deal.announces + deal.concessions)


def _insert(line: KeptLine, notes: list[str]) -> str:
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
        return f"  {GENERATED} {_note(notes[0])}{COMMENT_CLOSE}"
    return "  " + " ".join([f"{GENERATED} {_note(n)}{COMMENT_CLOSE}" for n in notes])


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
        self.tee = Tee(stream)
        self.analyse = analyse
        self.out = out
        self.choice = choice
        self.base = base
        self.pending: defaultdict[int, list[str]] = defaultdict(list)
        self.tricks = TrickNotes()
        self.deals = DealNotes()

    def run(self) -> Iterator[CheckedGame]:
        """Annotate everything, yielding each checked game as it is written."""
        # The analysis plays every deal from its model: then every deal is read.
        wants = EVERYTHING if self.analyse else OUTCOMES_AND_READ
        units = read_units(self.tee)  # type: ignore[arg-type]
        for checked in check_units(units, self.choice, self.base, keep=wants):  # type: ignore[arg-type]
            game = checked.game
            analysis = analyse_game(checked, self.analyse) if self.analyse else None
            notes_for(checked, analysis, self.pending, self.tricks, self.deals)
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
        take, note_of, keep = lines.popleft, pending.pop, written.append
        for number in range(first, first + count):
            line = take()
            notes = note_of(number, None)
            if type(line) is bytes:
                if notes is not None:
                    # As _insert, on the bytes: no ";" comment, no comment left open.
                    end = len(line.rstrip(_TRAILING))
                    line = line[:end] + added(notes) + line[end:]
                keep(line)
                continue
            if type(line) is LongLine:
                # Its notes go at its end: the text is copied, never held.
                self.out.write(b"".join([*written, line.head]))
                written.clear()
                line.rest.seek(0)
                shutil.copyfileobj(line.rest, self.out, TEE_BLOCK)
                line.rest.close()
                written.append((added(notes) if notes else b"") + line.ending)
                continue
            notes = notes or []
            assert isinstance(line, KeptLine)
            if line.opens_at is not None:
                # Lines inside a comment left open here cannot take notes:
                # theirs go before the comment opens.
                for k, inside in enumerate(tee.lines):
                    if not isinstance(inside, KeptLine):
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

