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
from typing import BinaryIO

from .engine import DealOutcome
from .findings import Finding
from .model import Deal
from .parse import _RESUME, _end_of_string, read_games
from .pipeline import CheckedGame, RuleChoice, check_game
from .writers.report import deal_sentences, game_sentence, trick_why

MARK = "="
_GENERATED = re.compile(rb"[ \t]*\{=[^}\r\n]*\}")
_LINES = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


class _Tee:
    """Feeds the reader the text without generated comments, and keeps each
    line (with its ending) until it is written out."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lines: deque[bytes] = deque()
        self.first = 1  # number of the first line held

    def __iter__(self) -> Iterator[bytes]:
        for raw in self.stream:
            clean = [_GENERATED.sub(b"", piece) for piece in _LINES.findall(raw)]
            self.lines.extend(clean)
            yield b"".join(clean)


def _note(text: str) -> str:
    """Generated text that cannot end a brace comment early or break a line."""
    return text.replace("{", "(").replace("}", ")").replace("\n", " ")


def notes_for(checked: CheckedGame) -> dict[int, list[str]]:
    """Line number -> the generated comments that belong at its end."""
    notes: dict[int, list[str]] = defaultdict(list)
    outcome, game = checked.outcome, checked.game
    ruleset = outcome.ruleset
    last_line = game.tags[-1].pos.line if game.tags else game.pos.line
    for deal, result in zip(game.deals, outcome.deals, strict=False):
        if not isinstance(deal, Deal):
            continue
        if ruleset is not None and not result.from_sheet:
            for trick, played in zip(deal.tricks, result.tricks, strict=False):
                if played.pourri:
                    notes[trick.pos.line].append(trick_why(played, ruleset))
                elif played.winner:
                    notes[trick.pos.line].append(
                        f"{played.winner} wins: {trick_why(played, ruleset)}"
                    )
        last_line = _summary_line(deal)
        if ruleset is not None:
            notes[last_line].append(" ".join(deal_sentences(result)))
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


def _insert(text: str, notes: list[str], in_comment: bool) -> tuple[str | None, bool]:
    """The line with ``notes`` added at its end (before a ``;`` comment), or None
    when the line ends inside a brace comment; and whether the next line starts
    inside one."""
    i = 0
    semicolon = None
    while i < len(text):
        if in_comment:
            j = text.find("}", i)
            if j < 0:
                return None, True
            in_comment, i = False, j + 1
            continue
        ch = text[i]
        if ch == "{":
            in_comment = True
        elif ch == '"':
            i = _end_of_string(text, i + 1)
            continue
        elif ch == ";":
            semicolon = i
            break
        i += 1
    if in_comment:
        return None, True
    if not notes:
        return text, False
    added = "  " + " ".join(f"{{{MARK} {_note(n)}}}" for n in notes)
    if semicolon is None:
        return text.rstrip(" \t") + added, False
    return text[:semicolon].rstrip(" \t") + added + " " + text[semicolon:], False


class Annotator:
    """Writes ``stream`` to ``out`` with generated comments; collects the findings."""

    def __init__(
        self, stream: BinaryIO, out: BinaryIO, choice: RuleChoice, base: object = None
    ) -> None:
        self.tee = _Tee(stream)
        self.out = out
        self.choice = choice
        self.base = base
        self.pending: dict[int, list[str]] = defaultdict(list)
        self.carry: list[str] = []
        self.in_comment = False

    def run(self) -> Iterator[CheckedGame]:
        """Annotate everything, yielding each checked game as it is written."""
        for game in read_games(self.tee):  # type: ignore[arg-type]
            checked = check_game(game, self.choice, self.base)  # type: ignore[arg-type]
            for line, notes in notes_for(checked).items():
                self.pending[line].extend(notes)
            start = min([game.pos.line, *(f.line for f in game.errors)])
            self._flush(before=start)
            yield checked
        self._flush(before=None)

    def _flush(self, before: int | None) -> None:
        tee = self.tee
        while tee.lines and (before is None or tee.first < before):
            raw = tee.lines.popleft()
            number = tee.first
            tee.first += 1
            body = raw.rstrip(b"\r\n")
            ending = raw[len(body) :]
            text = body.decode("utf-8", "surrogateescape")
            if number == 1 and text.startswith("\ufeff"):
                bom, text = "\ufeff", text[1:]
            else:
                bom = ""
            if self.in_comment and _RESUME.match(text):
                self.in_comment = False  # as the reader does: see parse.split_units
            notes = self.carry + self.pending.pop(number, [])
            new, self.in_comment = _insert(text, notes, self.in_comment)
            if new is None:
                self.carry, new = notes, text
            else:
                self.carry = []
            self.out.write((bom + new).encode("utf-8", "surrogateescape") + ending)
        if before is None and self.carry:
            self.out.write(
                ("{" + " ".join(f"{MARK} {_note(n)}" for n in self.carry) + "}\n").encode("utf-8")
            )


__all__ = ["MARK", "Annotator", "DealOutcome", "Finding", "notes_for"]
