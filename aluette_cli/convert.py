"""Conversion between ALN, JSON, JSON Lines and CSV: one pipeline, many ends.

Reading yields model games from any input format; writing takes a checked
game (model + engine outcome) and produces text in the chosen format.  The
engine runs on every game whatever the formats, so the seats of cards-only
tricks, trick winners and problems are known to every writer.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from . import findings as F
from .findings import Finding
from .jsonmodel import (
    FORMAT,
    VERSION,
    RecordError,
    deal_from_dict,
    deal_to_dict,
    game_from_dict,
    game_header_to_dict,
    game_to_dict,
)
from .model import BrokenDeal, Deal, Game, Pos
from .parse import read_games
from .pipeline import CheckedGame
from .writers.aln import write_game
from .writers.csvrows import CSV_COLUMNS, csv_rows

INPUT_FORMATS = ("aln", "json", "jsonl")
OUTPUT_FORMATS = ("aln", "json", "jsonl", "csv")
_EXTENSIONS = {".aln": "aln", ".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def detect_format(name: str, head: bytes) -> str:
    """The input format from the file name, else from the first bytes."""
    ext = Path(name).suffix.lower()
    if ext in _EXTENSIONS:
        return _EXTENSIONS[ext]
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        first = text.split(b"\n", 1)[0]
        try:
            data = json.loads(first)
        except ValueError:
            return "json"
        return "jsonl" if isinstance(data, dict) and "deal" in data else "json"
    return "aln"


@dataclass(slots=True)
class Unreadable:
    """A part of a JSON input that is not a record: where, and why."""

    finding: Finding


def read_any(stream: BinaryIO, fmt: str) -> Iterator[Game | Unreadable]:
    if fmt == "aln":
        yield from read_games(stream)
    elif fmt == "json":
        yield from _read_json(stream)
    else:
        yield from _read_jsonl(stream)


def _problem(message: str, line: int = 1, column: int = 1, game: int | None = None) -> Unreadable:
    return Unreadable(Finding(F.SYNTAX_ERROR, message, line, column, game))


def _read_json(stream: BinaryIO) -> Iterator[Game | Unreadable]:
    try:
        data = json.load(io.TextIOWrapper(stream, encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        yield _problem(f"not UTF-8 text: {exc.reason} at byte offset {exc.start}")
        return
    except json.JSONDecodeError as exc:
        yield _problem(f"not valid JSON: {exc.msg}", exc.lineno, exc.colno)
        return
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        yield _problem(f"not an {FORMAT} JSON document (its 'format' key must be {FORMAT!r})")
        return
    games = data.get("games")
    if not isinstance(games, list):
        yield _problem("the document has no 'games' list")
        return
    for i, item in enumerate(games, 1):
        try:
            yield game_from_dict(item, f"game {i}")
        except RecordError as exc:
            yield _problem(f"{exc}; this game is skipped", game=i)


def _read_jsonl(stream: BinaryIO) -> Iterator[Game | Unreadable]:
    game: Game | None = None
    for number, raw in enumerate(stream, 1):
        if not raw.strip():
            continue
        try:
            row = json.loads(raw.decode("utf-8-sig"))
            header = row["game"]
            index = int(header["index"])
        except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            yield _problem(f"not a JSON Lines record row ({exc}); this line is skipped", number)
            continue
        if game is None or index != game.index:
            if game is not None:
                yield game
            try:
                game = game_from_dict({**header, "deals": []}, f"line {number}")
            except RecordError as exc:
                game = None
                yield _problem(f"{exc}; this line is skipped", number)
                continue
        if row.get("deal") is None:
            continue
        try:
            game.deals.append(deal_from_dict(row["deal"], f"line {number}"))
        except RecordError as exc:
            yield _problem(f"{exc}; this deal is skipped", number, game=index)
    if game is not None:
        yield game


# --------------------------------------------------------------------------
# Writers


def turn_seats(checked: CheckedGame) -> dict[int, list[list[str | None]]]:
    """The engine's seat for every play, by deal position: what ``--style seats`` writes."""
    return {
        i: [[seat for seat, _ in trick.plays] for trick in outcome.tricks]
        for i, outcome in enumerate(checked.outcome.deals)
        if not outcome.from_sheet
    }


class Writer:
    """Writes checked games to a text stream in one output format."""

    def __init__(self, out: TextIO, fmt: str, style: str = "keep") -> None:
        self.out, self.fmt, self.style = out, fmt, style
        self.count = 0
        self.csv = csv.writer(out, lineterminator="\n") if fmt == "csv" else None

    def begin(self) -> None:
        if self.fmt == "json":
            self.out.write(f'{{"format": "{FORMAT}", "version": {VERSION}, "games": [')
        elif self.csv is not None:
            self.csv.writerow(CSV_COLUMNS)

    def write(self, checked: CheckedGame) -> None:
        game = checked.game
        if self.fmt == "aln":
            if self.count:
                self.out.write("\n")
            self.out.write(write_game(game, turn_seats(checked), self.style))
        elif self.fmt == "json":
            self.out.write(
                ("\n" if not self.count else ",\n")
                + json.dumps(game_to_dict(game), ensure_ascii=False)
            )
        elif self.fmt == "jsonl":
            self._write_jsonl(game)
        else:
            assert self.csv is not None
            self.csv.writerows(csv_rows(checked))
        self.count += 1

    def _write_jsonl(self, game: Game) -> None:
        header = game_header_to_dict(game)
        deals: Iterable[Deal | None] = [d for d in game.deals if isinstance(d, Deal)] or [None]
        for deal in deals:
            row: dict[str, Any] = {
                "format": FORMAT,
                "version": VERSION,
                "game": header,
                "deal": None if deal is None else deal_to_dict(deal),
            }
            self.out.write(json.dumps(row, ensure_ascii=False) + "\n")

    def end(self) -> None:
        if self.fmt == "json":
            self.out.write("\n]}\n" if self.count else "]}\n")


def skipped_deals(game: Game) -> list[BrokenDeal]:
    return [d for d in game.deals if isinstance(d, BrokenDeal)]


__all__ = [
    "INPUT_FORMATS",
    "OUTPUT_FORMATS",
    "Pos",
    "Unreadable",
    "Writer",
    "detect_format",
    "read_any",
    "skipped_deals",
]
