"""Conversion between ALN, JSON, JSON Lines and CSV: one pipeline, many ends.

Reading yields model games from any input format; writing takes a checked
game (model + engine outcome) and produces text in the chosen format.  The
engine runs on every game whatever the formats, so the seats of cards-only
tricks, trick winners and problems are known to every writer.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import tempfile
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from typing import IO, Any, BinaryIO, cast

from . import compact as C
from . import findings as F
from . import model
from .cards import SEATS
from .engine import line_seats
from .findings import Finding, Kind, visible
from .framing import Framed
from .jsonmodel import (
    FORMAT,
    MAX_NUMBER,
    TWICE,
    VERSION,
    RecordError,
    game_from_dict,
    game_header_to_dict,
    item_errors,
    item_from_dict,
    item_to_dict,
    loads,
    raw_decode,
    read_unread,
)
from .jsonplace import (
    Mover,
    Node,
    Origins,
    Text,
    member_start,
    move_item,
    moved_finding,
    placed,
    placed_compact,
    places,
    string_mover,
    text_mover,
    with_origins,
)
from .jsonstream import BLOCK, MAX_SKIP, Item, Member, Problem, read_document, reason_of
from .model import BrokenDeal, Deal, Game, Pos, holds_text
from .outcome import GameOutcome
from .pipeline import CheckedGame, Consumer, RuleChoice, check_game, check_units, in_place
from .readback import past_limits
from .reading import read_games, read_units
from .streams import NUL_REASON, WriteError, display_name, holds_nul, rewindable
from .tables import game_tables
from .verdict import EXIT_OK, exit_status
from .writers.aln import BETWEEN_GAMES, STAND_IN, needs_stand_in, write_game
from .writers.tables import csv_header, write_csv

INPUT_FORMATS = ("aln", "json", "jsonl")
OUTPUT_FORMATS = ("aln", "json", "jsonl", "csv")
_EXTENSIONS = {".aln": "aln", ".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}
#: The records' objects are trees built by jsonmodel, never cyclic: the
#: encoder's search for cycles (a fifth of its time) would find nothing.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_encode_tight = json.JSONEncoder(
    ensure_ascii=False, check_circular=False, separators=(",", ":")
).encode


_OPEN = re.compile(rb"\s*\{")
#: What follows a JSON document's ``{``: a key and its colon, or ``}``.
_JSON_KEY = re.compile(rb'\s*(?:"(?:[^"\\\n]|\\.)*"\s*:|\})')


def detect_format(name: str, first: bytes, then: bytes = b"") -> str:
    """The input format from the file name, else from the first non-blank
    line (and ``then``, the next, where the first is a ``{`` alone).

    A JSON document opens with ``{`` and a quoted key and its colon (on the
    line, or the next); an ALN brace comment opens with ``{`` and words,
    which may be quoted (``{ "Club night" at Paul's }``), or with ``{``
    alone above its words.  A first line that is a whole record row (with a
    ``deal`` key) means JSON Lines.
    """
    known = format_from_name(name)
    if known is not None:
        return known
    line = first.removeprefix(b"\xef\xbb\xbf")
    opened = _OPEN.match(line)
    if opened is None:
        return "aln"
    after = line[opened.end() :]
    if not _JSON_KEY.match(after if after.strip() else then):
        return "aln"
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return "json"
    rows = isinstance(data, dict) and ("deal" in data or "game" in data)
    return "jsonl" if rows else "json"


def format_from_name(name: str) -> str | None:
    """The format a file's extension says, if it says one: then nothing
    needs to be read ahead, and a pipe is read as it comes."""
    return _EXTENSIONS.get(Path(name).suffix.lower())


class Rewound:
    """A byte stream whose first lines were read to detect its format, and
    are given back to whoever reads it next."""

    def __init__(self, head: list[bytes], rest: BinaryIO) -> None:
        self.head, self.rest = head, rest

    def __iter__(self) -> Iterator[bytes]:
        while self.head:
            yield self.head.pop(0)
        yield from self.rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            data = b"".join(self.head)
            self.head = []
            return data
        return self.rest.read(size)

    def read1(self, size: int = -1) -> bytes:
        """What is there now, as :meth:`read` but without waiting for a full
        block on a pipe."""
        if self.head:
            return self.read(size)
        read1 = getattr(self.rest, "read1", None) or self.rest.read
        return read1(size)


_BOM = b"\xef\xbb\xbf"
_LONE_CR = re.compile(rb"\r(?!\n)")

#: How much is read ahead to detect a format: a record's first line is far
#: shorter, and an endless line or endless blank lines must not be held.
SNIFF_BYTES = 1 << 20


def open_input(stream: BinaryIO, name: str, fmt: str | None) -> tuple[str, Rewound]:
    """The input's format (given, or detected) and the stream to read it from."""
    head: list[bytes] = []
    lines: list[bytes] = []  # the first non-blank line, and the next if it is a "{" alone

    def enough() -> bool:
        return bool(lines) and (len(lines) == 2 or lines[0].strip().removeprefix(_BOM) != b"{")

    held = 0
    while fmt is None and held < SNIFF_BYTES and not enough():
        line = stream.readline(SNIFF_BYTES - held)
        if not line:
            break
        head.append(line)
        held += len(line)
        # a line may end at a \r alone (docs/formats.md §3), and a byte
        # order mark alone is no line of the record
        for part in _LONE_CR.split(line):
            if part.strip().removeprefix(_BOM).strip() and not enough():
                lines.append(part)
    first, then = [*lines, b"", b""][:2]
    return fmt or detect_format(name, first, then), Rewound(head, stream)


#: a format's name in a sentence
FORMAT_NAMES = {"aln": "ALN", "json": "JSON", "jsonl": "JSON Lines"}


def not_aln(stream: BinaryIO, name: str) -> str | None:
    """Why a command that writes ALN back into its input (fmt, annotate)
    must leave this one alone: a JSON or JSON Lines record, read as ALN,
    would be rewritten as text it is not; else None.  ``stream`` is at its
    start and can be read again (a file, or a pipe's copy on disk): the
    format is detected as every reader detects it, and the stream rewound."""
    kind, _ = open_input(stream, name, None)
    stream.seek(0)
    if kind == "aln":
        return None
    return (
        f"it is a {FORMAT_NAMES[kind]} record, not ALN: 'aluette convert"
        f" {visible(name)} --to aln' writes it as ALN"
    )


@dataclass(slots=True)
class Unreadable:
    """A part of a JSON input that is not a record: where, and why."""

    finding: Finding
    #: what the document leaves out, said with its first game, here one that
    #: cannot be read (:func:`_read_json`): in the same game, before it
    before: tuple[Finding, ...] = ()

    @property
    def findings(self) -> list[Finding]:
        return [*self.before, self.finding]


@dataclass(slots=True)
class FromJson:
    """A game read from JSON, at the positions of the ALN its JSON gives, and
    how to read it again placed in the JSON file (:mod:`aluette_cli.jsonplace`):
    the game, and where each of its new positions came from."""

    game: Game
    #: the game read again, placed: the deals of the given places in it
    #: (from 0) value by value; the others are the deals first read, given,
    #: placed where they start (their parts show nowhere: they have no findings)
    again: Callable[[set[int], list[Deal | BrokenDeal]], tuple[Game, Origins]]


def read_any(stream: Rewound, fmt: str) -> Iterator[Game | Unreadable]:
    """Each game of an input in any format, and each part that could not be
    read; a game from JSON at the positions of the ALN its JSON gives."""
    for item in _read(stream, fmt):
        yield item.game if isinstance(item, FromJson) else item


def _read(stream: Rewound, fmt: str) -> Iterator[Game | FromJson | Unreadable]:
    if fmt == "aln":
        yield from read_games(stream)  # type: ignore[arg-type]
    elif fmt == "json":
        yield from _read_json(stream)
    else:
        yield from _read_jsonl(stream)


def checked_from(
    stream: Rewound,
    fmt: str,
    choice: RuleChoice,
    base: Path | None,
    *,
    keep_read: bool = False,
    placed: bool = True,
) -> Iterator[CheckedGame | Unreadable]:
    """Each game of an input read and replayed, and each part that could not
    be read.  A game from JSON with findings is read again placed in its
    JSON file and replayed again, so that every finding names a place in the
    file read, with the ALN position it was converted from beside it; the
    game read again is the one given, unless ``keep_read``, for a writer that
    writes the record's own positions (``convert``).  A game without
    findings shows no position: it is not placed, which would cost as much
    as reading it; nor is any game unless ``placed``."""
    for item in _read(stream, fmt):
        if isinstance(item, Unreadable):
            yield item
            continue
        if isinstance(item, Game):
            yield check_game(item, choice, base)
            continue
        checked = check_game(item.game, choice, base)
        if placed and checked.outcome.findings:
            # only the deals with findings are placed value by value
            numbers = {f.deal for f in checked.outcome.findings}
            deals = checked.game.deals
            wanted = {k for k, d in enumerate(deals) if d.number in numbers}
            game, origins = item.again(wanted, deals)
            again = check_game(game, choice, base)
            again.outcome.findings = with_origins(again.outcome.findings, origins)
            if keep_read:
                _lines_kept(again.outcome, checked.outcome)
                checked.outcome = again.outcome
            else:
                checked = again
        yield checked


def _lines_kept(placed: GameOutcome, read: GameOutcome) -> None:
    """The tricks of ``placed`` (the replay of a game placed in its JSON
    file) told on the lines of ``read`` (the same game's replay as it was
    read): the game kept is the one read, and a writer finds each trick's
    line in it by its line (``--style seats``), which the JSON's are not."""
    for placed_deal, read_deal in zip(placed.deals, read.deals, strict=False):
        for trick, same in zip(placed_deal.tricks, read_deal.tricks, strict=False):
            trick.line = same.line


def _problem(
    variant: str,
    line: int = 1,
    column: int = 1,
    game: int | None = None,
    deal: int | None = None,
    **facts: object,
) -> Unreadable:
    return Unreadable(Finding.of(F.SYNTAX_ERROR, variant, line, column, game, deal, **facts))


#: The longest game of a JSON document (or of JSON Lines rows) read, in
#: characters: one game is held at a time, and one longer than this is
#: skipped, and reported, without being held.  A game of the most deals a
#: game may hold (model.MAX_DEALS), every position written, fits: some 4,800
#: characters a deal, 9.4 million for a game of 1,971 (a ruleset's longest
#: game, to 1,000 points); at 4,000,000, as for ALN, such a game, legal and
#: written by convert, was skipped whole when read back.
MAX_GAME_CHARS = 12_000_000

#: The most rows of JSON Lines that cannot be read said one by one in one
#: game (or before any): the others are counted in one finding, so that a
#: file of another tool's rows holds no finding a line in memory.
MAX_LOST_ROWS = 1_000


@dataclass(slots=True)
class _LostRows:
    """The rows of one part of JSON Lines (a game, or the rows before any)
    that could not be read past :data:`MAX_LOST_ROWS`: where the first of
    them stands, how many, and the line of the last."""

    said: int = 0  # the rows said one by one
    line: int = 0
    column: int = 0
    count: int = 0
    last: int = 0

    def keeps(self, number: int, column: int) -> bool:
        """Whether the row at ``number`` is said one by one; else counted."""
        if self.said < MAX_LOST_ROWS:
            self.said += 1
            return True
        if not self.count:
            self.line, self.column = number, column
        self.count, self.last = self.count + 1, number
        return False

    def finding(self, game: int | None) -> list[Finding]:
        """The one finding of the rows counted, if any."""
        if not self.count:
            return []
        facts = {"count": self.count, "last": self.last, "limit": MAX_LOST_ROWS}
        return [Finding.of(F.SYNTAX_ERROR, "jsonl-more", self.line, self.column, game, **facts)]


def _read_json(stream: Rewound) -> Iterator[FromJson | Unreadable]:
    """The games of a record document, one at a time (:mod:`aluette_cli.jsonstream`):
    memory holds one game, whatever the length of the document."""
    shown = None
    version: object = None
    has_games = False
    #: commas too many before a game that could be read, for it to hold
    strays: list[tuple[int, int]] = []
    #: commas left out after a game: said with the game, as commas too many are
    lacking: list[tuple[int, int]] = []

    def unsaid(index: int) -> list[Finding]:
        """A format or a version not given before the games: said once, at
        the document's start, with its first game, read or not."""
        nonlocal shown, version
        said = []
        if shown is None:
            shown = False
            said.append(_problem("json-no-format", 1, 1, index, format=FORMAT).finding)
        if version is None:
            version = False
            given = _problem("json-no-version", 1, 1, index, format=FORMAT, version=VERSION)
            said.append(given.finding)
        return said

    # every game convert writes opens with its index (the schema orders no keys)
    for part in read_document(stream.read1, "games", MAX_GAME_CHARS, "index"):
        if isinstance(part, Problem | Item):
            strays += part.strays
            lacking += part.lacking
        if isinstance(part, Problem):
            if part.variant == "json-stray-comma":
                # a list of commas alone: said at the end, with no game
                has_games = True
                strays.append((part.line, part.column))
                continue
            if part.not_object:
                yield _problem("json-format", part.line, part.column, format=FORMAT)
                return
            if part.index is None:  # reading stops
                yield _problem(part.variant, part.line, part.column, **part.facts)
                return
            has_games = True  # a game of the list, that cannot be read
            variant = _SKIPPED.get(part.variant, part.variant)
            why = _problem(variant, part.line, part.column, part.index, **part.facts)
            yield Unreadable(why.finding, tuple(unsaid(part.index)))
        elif isinstance(part, Member):
            if part.key == "format":
                shown = part.value
                if shown != FORMAT:  # the document as a whole: at its start
                    yield _problem("json-format", format=FORMAT)
                    return
            elif part.key == "version":
                version = part.value
                if type(version) is not int or version != VERSION:
                    found = json.dumps(version)[:40]
                    at = (part.line, part.column)
                    yield _problem("json-version", *at, found=found, format=FORMAT, version=VERSION)
                    return
            elif part.key == "games" and part.value == []:
                has_games = True  # a record of no games, as an empty ALN file is
            elif part.key == "games":
                yield _problem("json-games-list", part.line, part.column)
                return
        else:
            has_games = True
            if shown is None and isinstance(part.value, dict) and "file" in part.value:
                # a report's game: the document is one, said once, at its start
                yield _problem("json-report", format=FORMAT)
                return
            where = f"game {part.index}"
            if isinstance(part.value, dict) and type(part.value.get("index")) is int:
                # a game is numbered in file order (docs/formats.md §2): two
                # games of one index were one game once written as JSON Lines
                part.value["index"] = part.index
            said = unsaid(part.index)
            try:
                game = game_from_dict(part.value, where)
            except RecordError as exc:
                why = _problem("json-game", part.line, part.column, part.index, problem=str(exc))
                yield Unreadable(why.finding, tuple(said))
            else:
                source = Text(part.text, part.line, part.column)
                lost = [*said, *(_stray(line, column, game.index) for line, column in strays)]
                lost += [_lacking(line, column, game.index) for line, column in lacking]
                strays, lacking = [], []
                game.errors += lost
                yield FromJson(game, partial(_json_again, part.value, source, where, lost))
    for line, column in strays:  # no game could be read after them
        yield _problem("json-stray-comma", line, column)
    for line, column in lacking:
        yield _problem("json-missing-comma", line, column)
    if shown is None:  # (no game was read: one would have said it)
        yield _problem("json-format", format=FORMAT)
    elif not has_games:
        yield _problem("json-games")


def _stray(line: int, column: int, game: int) -> Finding:
    return _problem("json-stray-comma", line, column, game).finding


def _lacking(line: int, column: int, game: int) -> Finding:
    return _problem("json-missing-comma", line, column, game).finding


def _json_again(
    data: dict[str, Any],
    source: Text,
    where: str,
    lost: list[Finding],
    wanted: set[int],
    read: list[Deal | BrokenDeal],
) -> tuple[Game, Origins]:
    """A game of a record document read again from its decoded value
    ``data`` (rewritten in place) and its text, placed in the document
    (:func:`jsonplace.placed`): the ``wanted`` deals value by value; the
    others are the deals ``read`` the first time, placed where they start.
    ``lost``: the game's findings of the list around it (its commas too
    many), in place already."""
    node = places(source.text, lambda k: k not in wanted, every=False)
    origins: Origins = {}
    texts = _texts_placer(data, node, source, origins, _began(data))  # before placed() moves it
    placed(data, node, source, origins)
    deals = node[1].get("deals") if isinstance(node[1], dict) else None
    found = deals[1] if deals is not None and isinstance(deals[1], list) else []

    def moved(k: int, item: Deal | BrokenDeal) -> None:
        if k < len(found):
            mover = text_mover(data["deals"][k], found[k], source, origins)
            if mover is not None:
                move_item(item, mover)

    def reused(k: int) -> Deal | BrokenDeal | None:
        if k in wanted or k >= len(read) or k >= len(found):
            return None
        return replace(read[k], pos=source.at(found[k][0]))

    game = game_from_dict(data, where, moved, reused, texts)
    game.errors += lost
    return game, origins


def _began(game: dict[str, Any]) -> Pos:
    """Where a game's tag section began in its ALN, as its ``pos`` says."""
    pos = game.get("pos")
    return Pos(pos["line"], pos["column"]) if isinstance(pos, dict) else Pos(1, 1)


def _texts_placer(
    game: dict[str, Any], node: Node | None, source: Text, origins: Origins, began: Pos
) -> Callable[[str, list[Finding], Pos], list[Finding]]:
    """What moves the findings of a game's texts kept as written (read as
    if the text began at ``start``) to their characters in the JSON string
    ``game[key]`` (``node`` its places), noting in ``origins`` each one's
    ALN place: the text before the tags began the file, the tag section
    at ``began``."""

    def texts(key: str, findings: list[Finding], start: Pos) -> list[Finding]:
        mover = None if node is None else string_mover(game, key, start, node, source, {})
        if mover is None:
            return findings
        origin = Pos(1, 1) if key == "leading_text" else began
        moved = [moved_finding(finding, mover) for finding in findings]
        for finding, there in zip(findings, moved, strict=True):
            line = origin.line + finding.line - start.line
            shift = origin.column - start.column if finding.line == start.line else 0
            origins[Pos(there.line, there.column)] = Pos(line, finding.column + shift)
        return moved

    return texts


#: A problem of one game of the document, said as costing that game only.
_SKIPPED = {
    "json": "json-game-json",
    "json-deep": "json-deep-game",
    "json-encoding": "json-encoding-game",
}
#: The longest JSON Lines row read, in bytes (a deal is a few kilobytes):
#: a longer one is skipped, and reported, without being held.
MAX_ROW_BYTES = 4_000_000


def _rows(stream: Rewound, limit: int = MAX_ROW_BYTES) -> Iterator[tuple[int, bytes | bool]]:
    """Each line of the input with its number, a line ending at ``\\n``,
    ``\\r\\n`` or ``\\r`` alone, as an ALN line does (a row holds no line
    break: JSON writes one in a string as an escape); for a line longer
    than ``limit``, which is skipped without being held, False.  A line still
    going after :data:`jsonstream.MAX_SKIP` bytes ends the input (True): an
    endless stream (a device) is not read for ever."""
    number = 0
    rest = bytearray()
    skipped = 0  # bytes of an over-long line passed so far
    after_cr = False  # the last chunk ended a line at a \r: a \n first is its end
    for chunk in iter(lambda: stream.read1(BLOCK), b""):
        start = 1 if after_cr and chunk[:1] == b"\n" else 0
        after_cr = False
        while (m := _ROW_END.search(chunk, start)) is not None:
            end = m.start()
            number += 1
            if skipped or len(rest) + end - start > limit:
                yield number, False
            else:
                yield number, bytes(rest + chunk[start:end]) if rest else chunk[start:end]
            rest.clear()
            skipped = 0
            start = m.end()
            after_cr = m.group() == b"\r" and start == len(chunk)
        if skipped or len(rest) + len(chunk) - start > limit:
            skipped += len(rest) + len(chunk) - start
            rest.clear()
            if skipped > MAX_SKIP:
                yield number + 1, True
                return
        else:
            rest += chunk[start:]
    if rest or skipped:
        yield number + 1, False if skipped else bytes(rest)


def _row_texts(stream: Rewound) -> Iterator[tuple[int, int, str, Any, bool]]:
    """Each row of the input: its line and column, its text, its JSON or
    why it cannot be read (an :class:`Unreadable`), and whether it runs on
    after another row on its line (the line break between them lost: a file
    not ended with one, joined to the next), which is read as the row it
    is (:func:`_run_on`)."""
    for number, raw in _rows(stream):
        if isinstance(raw, bool):
            variant = "jsonl-long-stop" if raw else "jsonl-long"
            yield (
                number,
                1,
                "",
                _problem(variant, number, limit=MAX_ROW_BYTES, mib=MAX_SKIP >> 20),
                False,
            )
            continue
        if not raw.strip().removeprefix(_BOM).strip():  # (a byte order mark alone too)
            continue
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            yield number, 1, "", _problem("jsonl-encoding", number, offset=exc.start), False
            continue
        pieces: Iterator[tuple[int, str, Any]] = iter(((0, text, None),))
        several = False  # whether the line holds rows run together
        while (next_piece := next(pieces, None)) is not None:
            offset, piece, decoded = next_piece
            column = offset + 1
            try:
                row = decoded if decoded is not None else loads(piece)
            except json.JSONDecodeError as exc:
                if exc.msg == "Extra data" and piece.startswith("{", exc.pos) and not several:
                    pieces, several = _run_on(text), True
                    continue
                where = column + exc.colno - 1
                variant = "jsonl-part" if several else "jsonl"
                row = _problem(variant, number, where, reason=reason_of(exc))
            except RecursionError:
                row = _problem("jsonl-deep-part" if several else "jsonl-deep", number, column)
            else:
                row = _checked_row(row, number, column, several)
            yield number, column, piece, row, offset > 0


#: JSON's whitespace between two values
_JSON_BLANKS = re.compile("[ \t\n\r]*")


def _run_on(text: str) -> Iterator[tuple[int, str, Any]]:
    """The rows of a line that holds a whole row and then another's opening
    brace (the line break between two rows lost): where each starts, its
    text and its JSON, decoded where it stands, one at a time (not the rest
    of the line copied for each, nor every row held: a line of many short
    rows costs its length); the last to the line's end, left to be read
    whole for its error if it has one (its JSON None)."""
    start = 0
    while True:
        try:  # (JSON's blanks before a value are the row's, as loads reads them)
            value, end = raw_decode(text, _blanks_end(text, start))
        except (ValueError, RecursionError):
            yield start, text[start:], None
            return
        after = _blanks_end(text, end)
        if after == len(text):
            yield start, text[start:], value
            return
        if not text.startswith("{", after):  # what follows is no row: said with this one
            yield start, text[start:], None
            return
        yield start, text[start:end], value
        start = after


def _blanks_end(text: str, at: int) -> int:
    """Where JSON's blanks from ``at`` end."""
    blanks = _JSON_BLANKS.match(text, at)
    return blanks.end() if blanks else at


def _checked_row(row: Any, number: int, column: int, several: bool = False) -> Any:
    """A row read, or why it is not a record's (an :class:`Unreadable`);
    ``several``: one of the rows run together on its line."""
    problem = _row_problem(row)
    if not problem:
        return row
    return _problem("jsonl-row-part" if several else "jsonl-row", number, column, problem=problem)


#: Where a row ends: a line end of any of the three kinds.
_ROW_END = re.compile(rb"\r\n|\r|\n")


def _read_jsonl(stream: Rewound) -> Iterator[FromJson | Unreadable]:
    """Each game of JSON Lines rows.  A row that cannot be read costs that
    row: it is one of the findings of the game it stands in (or, before
    the first, of the first), as an unreadable deal of ALN is, not a game of
    its own that would split the game in two (its findings out of order,
    its index counted twice)."""
    game: Game | None = None
    #: the current game's rows, to read again to place it: each row's line
    #: and column, its text, and the place in the game of the deal read from it
    rows: list[tuple[int, int, str, int | None]] = []
    #: the rows of the current game that could not be read, as findings
    lost: list[Finding] = []
    #: rows that could not be read before any game, for the first one
    before: list[Unreadable] = []
    #: the current game's first row (:data:`_FirstRow`)
    first_row: _FirstRow = (0, None, lambda: None)
    #: the characters of the current game's rows, held to place it; past
    #: MAX_GAME_CHARS the game is skipped, as in a document, and ``long``
    #: is its index, whose later rows are passed without being held
    held = 0
    #: the game skipped past a limit, whose later rows are passed unread:
    #: its first row, and the place of its last deal
    long: tuple[_FirstRow, Place | None] | None = None
    dealt = 0  # the rows of the current game that give a deal (model.MAX_DEALS)
    #: the line of the current game's last deal, where its rows give it
    last_place: Place | None = None
    games = 0  # games are numbered in file order (docs/formats.md §2)
    #: whether the line above could not be read (it may have been the
    #: first row of the next file joined, the two run together on one line)
    lost_above = False
    #: the rows that could not be read past those said, before any game and in it
    past_before, past = _LostRows(), _LostRows()

    def ended(game: Game) -> FromJson:
        """The game, its rows past those said counted in one finding."""
        counted = past.finding(game.index)
        game.errors += counted
        game.skipped += counted
        lost.extend(counted)
        return FromJson(game, partial(_jsonl_again, rows, lost, game.skipped, game.index))

    for number, column, text, row, run_on in _row_texts(stream):
        bad = row if isinstance(row, Unreadable) else None
        if bad is not None:
            lost_above = True
            if game is None:
                if past_before.keeps(number, column):
                    before.append(bad)
            elif past.keeps(number, column):
                finding = replace(bad.finding, game=game.index)
                game.errors.append(finding)
                game.skipped.append(finding)
                lost.append(finding)
            continue
        assert not isinstance(row, Unreadable)
        index = row["game"]["index"]
        if long is not None:
            if index == long[0][1]["game"]["index"] and not _another_game(
                row, _same_game(row, long[0]), True, long[1], lost_above
            ):
                long = (long[0], _deal_place(row, long[1]))
                lost_above = False
                continue
            long = None
        ours = game is not None and index == first_row[1]["game"]["index"]
        same = ours and _same_game(row, first_row)  # (asked once a row)
        after = lost_above
        lost_above = False
        if (
            game is None
            or not ours
            or _another_game(row, same, bool(game.deals), last_place, after)
        ):
            if game is not None:
                yield ended(game)
            rows, lost, held, dealt, last_place, past = [], [], 0, 0, None, _LostRows()
            try:
                game = _jsonl_header(row, number)
            except RecordError as exc:
                game = None
                if past_before.keeps(number, column):
                    before.append(_problem("jsonl-row", number, column, problem=str(exc)))
                continue
            games += 1
            game.index = games
            lost = [replace(bad.finding, game=game.index) for bad in before]
            lost += past_before.finding(game.index)
            game.errors += lost
            game.skipped += lost
            before, past_before = [], _LostRows()
            first_row = (number, row, cache(partial(_game_said, row)))
        elif not same:
            # Every row repeats its game; one edited in a later row only
            # would be read from the first and the edit lost without a word.
            variant = "jsonl-game"
            facts: dict[str, object] = {"first": first_row[0]}
            if same is None:  # its own game cannot be read: say why
                variant, facts["problem"] = "jsonl-game-unread", _unread_game(row, number)
            edited = _problem(variant, number, column, game.index, None, **facts)
            game.errors.append(edited.finding)
            lost.append(edited.finding)
        if run_on:  # after another row, on one line
            joined = _problem("jsonl-run-on", number, column, game.index).finding
            game.errors.append(joined)
            lost.append(joined)
        dealt += row.get("deal") is not None
        last_place = _deal_place(row, last_place)
        if dealt > model.MAX_DEALS:
            # as the ALN reader skips a game's deals past the most it may
            # hold: the game ends here, its later rows passed unread
            lost.append(game.cut_past_deals(number, 1))
            yield ended(game)
            game, rows, lost, long = None, [], [], (first_row, last_place)
            continue
        first = len(game.deals)  # the place of the row's deal, if it gives one
        unread = _jsonl_deal(game, row, number, column=column)
        if unread is not None:  # (among the deals, as an unreadable deal)
            game.errors.append(unread)
            lost.append(unread)
        rows.append((number, column, text, first if len(game.deals) > first else None))
        held += len(text)
        if held > MAX_GAME_CHARS:
            yield _problem("json-long-game", number, column, game.index, limit=MAX_GAME_CHARS)
            game, rows, lost, long = None, [], [], (first_row, last_place)
    if game is not None:
        yield ended(game)
    if before:  # no game came after them: one part that cannot be read, as
        # unreadable ALN text is (each was a game of its own: five lines of no
        # game were five games)
        said = [finding for bad in before for finding in bad.findings]
        said += past_before.finding(None)
        yield Unreadable(said[-1], tuple(said[:-1]))


def _jsonl_header(row: dict[str, Any], number: int, placing: _Placing | None = None) -> Game:
    """A game from the header of its first JSON Lines row."""
    header = row["game"]
    if row["version"] == C.VERSION:
        header = C.Expander(number, f"line {number}").header(header)
    if placing is None:
        return game_from_dict({**header, "deals": []}, f"line {number}")
    began = _began(header)  # before placing moves it
    placing.header(header)
    game = row["game"]  # the row's own strings, where the compact form keeps them too
    # a compact row without positions gives no ALN place to note
    origins = placing.origins if not placing.compact or "pos" in game else {}
    texts = _texts_placer(game, placing.members.get("game"), placing.source, origins, began)
    return game_from_dict({**header, "deals": []}, f"line {number}", texts=texts)


def _jsonl_deal(
    game: Game,
    row: dict[str, Any],
    number: int,
    placing: _Placing | None = None,
    column: int = 1,
) -> Finding | None:
    """The deal of a JSON Lines row, added to its game; ``placing`` places
    it in the file (:mod:`aluette_cli.jsonplace`).  A deal that cannot be
    read is the finding of why, and keeps its place in the game as an
    unreadable deal of ALN does (:func:`_unread_row`)."""
    deal = row.get("deal")
    if deal is None:
        return None
    compact = row["version"] == C.VERSION
    where = f"line {number}"
    try:
        full = C.Expander(number, where).item(deal) if compact else deal
        if placing is not None:
            placing.deal(full)
        item = item_from_dict(full, where, game.index)
    except RecordError as exc:
        head = dict(deal) if isinstance(deal, dict) else {}
        head.pop(head.get(TWICE), None)  # a key given twice: which value was meant is not known
        said = head.get("number")
        known = said if type(said) is int and 0 <= said <= MAX_NUMBER else None
        # said of its deal, as an unreadable deal of ALN is (and so placed
        # with it, and counted among its findings in the tables)
        finding = _problem("jsonl-deal", number, column, game.index, known, problem=str(exc))
        if isinstance(deal, dict):  # a deal, though not one that can be read: its place is kept
            at = Pos(number, column)
            game.deals.append(_unread_row(at, said, head.get("dealer"), finding.finding))
        return finding.finding
    if isinstance(item, BrokenDeal):
        # The text is the deal: read again, it gives the parts and the
        # findings its ALN gave, in every form of the row.
        last = game.deals[-1].number if game.deals else None
        item = read_unread(item, game.index, last or 0)
        if placing is not None:
            placing.text(full, item)
        elif compact and "pos" not in deal:  # placed at its row, as the rest of it
            move_item(item, _to(Pos(number, column)))
    game.errors += item_errors(item)
    game.deals.append(item)
    return None


def _another_game(
    row: dict[str, Any],
    same: bool | None,
    dealt: bool,
    last_place: Place | None,
    after_lost: bool = False,
) -> bool:
    """Whether a row of the index of the game being read is another game's
    (two files of one game each, joined: ``cat a.jsonl b.jsonl``): its
    game is not the one of the game's first row (``same``, :func:`_same_game`) and
    its deal is a deal 1, or it gives no deal (a game of no deals, one
    row), or the game has given none yet; or its game is the same, and its
    deal is a deal 1 whose place in the record it was written from goes
    back to or before ``last_place``, the place of the game's last deal (two
    such files of the same tags).  Below a line that could not be read
    (``after_lost``: the other file's first row, run into the last row
    above where that file did not end its last line), any deal will do,
    deal 1 being the one lost.  A later row's game otherwise is the
    first's, edited (A001, "jsonl-game"); a deal 1 further down, in a game
    of the same tags, a deal of the game written twice (A104); and rows of
    the game after a row of its header alone (its deal null), its deals.
    A row whose own game cannot be read (``same`` None) starts another
    only as a deal 1 below deals: the first row of a file joined; a
    logger's deal 1 below its header alone is that game's."""
    deal = row.get("deal")
    numbered_1 = isinstance(deal, dict) and deal.get("number") == 1
    if same is None:
        return dealt and numbered_1
    if not same:
        return deal is None or numbered_1 or not dealt or after_lost
    if not (dealt and (numbered_1 or after_lost)):
        return False
    place = _deal_place(row, None)
    return place is not None and last_place is not None and place <= last_place


#: a game's first JSON Lines row: its line, the row, and what its game says
#: (:func:`_game_said`, worked out once for the game's every row that asks)
_FirstRow = tuple[int, Any, Callable[[], "tuple[object, ...] | None"]]


def _same_game(row: dict[str, Any], first: _FirstRow) -> bool | None:
    """Whether a row's game is the one its game's first row gives: the same
    JSON, or the same game in the other form (a file may mix full and
    compact rows, docs/formats.md §3): the same index, tags and draw,
    places aside, and the same comments where both rows carry them (a
    compact row written without places leaves them out).  None where the
    row's game cannot be read."""
    if row["game"] == first[1]["game"]:
        return True
    said, first_said = _game_said(row), first[2]()
    if said is None:
        return None
    if first_said is None or said[:3] != first_said[:3]:
        return False
    return said[3] is None or first_said[3] is None or said[3] == first_said[3]


def _game_said(row: dict[str, Any]) -> tuple[object, ...] | None:
    """What a row's game says, places aside: its index, tags, draw and
    comments (None for a compact row without places that gives none: it
    may have left them out); None where it cannot be read."""
    try:
        game = _jsonl_header(row, 1)
    except RecordError:
        return None
    tags = tuple((t.name, t.value) for t in game.tags)
    draw = game.draw
    cards = None if draw is None else tuple((p.seat, p.card) for p in draw.cards)
    notes = [*game.tag_comments, *game.leading_comments, *(draw.comments if draw else ())]
    said = tuple((c.text, c.line) for c in notes)
    silent = not said and row["version"] == C.VERSION and "pos" not in row["game"]
    return row["game"]["index"], tags, cards, None if silent else said


def _unread_game(row: dict[str, Any], number: int) -> str:
    """Why a row's game cannot be read (:func:`_same_game` found it so)."""
    try:
        _jsonl_header(row, number)
    except RecordError as exc:
        return str(exc)
    return "it cannot be read"  # (not reached: the game was found unreadable)


#: a place in a record: line and column
Place = tuple[int, int]


def _deal_place(row: dict[str, Any], last: Place | None) -> Place | None:
    """The place (line, column) in the record a row's deal was written
    from, where the row gives it (the full form's ``pos``, the compact
    form's ``[line, column]``); else ``last``."""
    deal = row.get("deal")
    pos = deal.get("pos") if isinstance(deal, dict) else None
    if isinstance(pos, dict):
        place = (pos.get("line"), pos.get("column"))
    elif isinstance(pos, list) and len(pos) == 2:
        place = (pos[0], pos[1])
    else:
        return last
    return place if all(type(x) is int for x in place) else last  # type: ignore[return-value]


def _unread_row(place: Pos, number: object, dealer: object, why: Finding) -> BrokenDeal:
    """The deal of a JSON Lines row that could not be read, in its place in
    the game, its number and dealer as the row gives them where it does:
    left out, the deals after it were said to follow a gap (A104), and the
    game to end a deal short (A305)."""
    known = type(number) is int and 0 <= number <= MAX_NUMBER
    return BrokenDeal(
        place,
        number if known else None,  # type: ignore[arg-type]
        dealer if dealer in SEATS else None,  # type: ignore[arg-type]
        "",
        why,
    )


@dataclass(slots=True)
class _Placing:
    """Places the game and the deal of one JSON Lines row in the file."""

    row: dict[str, Any]
    members: dict[str, Node]
    source: Text
    origins: Origins

    @property
    def compact(self) -> bool:
        return bool(self.row["version"] == C.VERSION)

    def header(self, header: dict[str, Any]) -> None:
        if "game" not in self.members:
            return
        if self.compact:
            lossless = "pos" in self.row["game"]
            node = (0, {"game": self.members["game"]})
            placed_compact(header, None, node, self.source, self.origins if lossless else None)
        else:
            placed(header, self.members["game"], self.source, self.origins)

    def deal(self, deal: dict[str, Any]) -> None:
        if "deal" not in self.members:
            return
        if self.compact:
            lossless = "pos" in self.row["deal"]
            node = (0, {"deal": self.members["deal"]})
            placed_compact(None, deal, node, self.source, self.origins if lossless else None)
        else:
            placed(deal, self.members["deal"], self.source, self.origins)

    def text(self, deal: dict[str, Any], item: Deal | BrokenDeal) -> None:
        """Move what was read from a deal kept as text to its characters in
        the row's string (a compact row without positions notes no ALN
        place beside them)."""
        node = self.members["deal"]
        # a compact row without positions has no ALN place to note
        lossless = not self.compact or "pos" in self.row["deal"]
        mover = text_mover(deal, node, self.source, self.origins if lossless else {})
        if mover is not None:
            move_item(item, mover)


def _members_of(node: Node) -> dict[str, Node]:
    return node[1] if isinstance(node[1], dict) else {}


def _jsonl_again(
    rows: list[tuple[int, int, str, int | None]],
    lost: list[Finding],
    skipped: list[Finding],
    index: int,
    wanted: set[int],
    read: list[Deal | BrokenDeal],
) -> tuple[Game, Origins]:
    """A game of JSON Lines read again from its rows, placed in the file
    (:mod:`aluette_cli.jsonplace`): the ``wanted`` deals (from 0) value by
    value; the others are the deals ``read`` the first time, placed at
    their rows' ``deal``; ``lost``, the findings of its rows that could not
    be read (``skipped``, those of rows it skipped whole), are its own again;
    ``index``, its number in the file."""
    origins: Origins = {}
    game: Game | None = None
    for number, column, text, k in rows:
        if game is not None and k is None:
            continue  # no deal was read from it
        if k is not None and k not in wanted and k < len(read):
            if game is None:
                placing = _placing(text, number, column, origins)
                game = _jsonl_header(loads(text), number, placing)
                game.index = index
            start = Text(text, number, column).at(member_start(text, "deal") or 0)
            game.deals.append(replace(read[k], pos=start))
            continue
        row = loads(text)
        placing = _placing(text, number, column, origins, row)
        if game is None:
            game = _jsonl_header(row, number, placing)
            game.index = index  # (before its deals: their findings carry it)
        _jsonl_deal(game, row, number, placing, column)  # (what it says, said when first read)
    assert game is not None
    game.errors += lost
    game.skipped += skipped
    return game, origins


def _placing(
    text: str, number: int, column: int, origins: Origins, row: dict[str, Any] | None = None
) -> _Placing:
    row = loads(text) if row is None else row
    node = places(text, every=row["version"] == C.VERSION)
    return _Placing(row, _members_of(node), Text(text, number, column), origins)


def _to(place: Pos) -> Mover:
    """The move of every position to one place."""
    return lambda _: place


def _row_problem(row: Any) -> str | None:
    """Why a JSON Lines row is not a record row, or None."""
    if not isinstance(row, dict):
        return "a row must be a JSON object"
    version = row.get("version")
    known = type(version) is int and version in (VERSION, C.VERSION)
    if row.get("format") != FORMAT or not known:
        return (
            f'a row must say "format": "{FORMAT}" and "version" {VERSION} (the full form)'
            f" or {C.VERSION} (the compact form)"
        )
    header = row.get("game")
    if not isinstance(header, dict) or type(header.get("index")) is not int:
        return 'a row needs a "game" object with a whole-number "index"'
    if "deals" in header:  # read, they would be dropped without a word
        return 'a row\'s game holds no "deals": each row holds one deal, under "deal"'
    if TWICE in row:
        return f"key {row[TWICE]!r} is given twice in a row"
    unknown = sorted(row.keys() - _ROW_KEYS)
    if unknown:
        return f"{unknown[0]!r} is not a key of a row (its keys: {', '.join(sorted(_ROW_KEYS))})"
    return None


#: The keys of a JSON Lines row, in both forms.
_ROW_KEYS = frozenset({"format", "version", "game", "deal"})


# --------------------------------------------------------------------------
# Writers


def turn_seats(checked: CheckedGame) -> dict[int, list[list[str | None]]]:
    """The engine's seat for every play, by deal position and trick line:
    what ``--style seats`` writes."""
    return {
        i: line_seats(deal, outcome.tricks)
        for i, (deal, outcome) in enumerate(
            zip(checked.game.deals, checked.outcome.deals, strict=False)
        )
        if not outcome.from_sheet
    }


def _seated(checked: CheckedGame) -> set[int]:
    """The deals whose recorded seats ``--style cards`` keeps: those with a
    finding.  Without seats a trick's cards go to the turn order's players,
    which in a clean deal are the recorded ones; in a deal with a finding
    (a card played out of turn, a wrong claim, a card not in the hand) they
    may not be, and the deal would read back with other plays and winners.
    A finding the written text does not give again (:data:`LAYOUT_ONLY`: a
    line out of its place, written in its place) leaves the seats to go:
    kept, the next run, the finding gone, took them off."""
    numbers = {
        f.deal for f in checked.outcome.findings if f.deal is not None and f.code not in LAYOUT_ONLY
    }
    return {
        i
        for i, deal in enumerate(checked.game.deals)
        if isinstance(deal, Deal) and deal.number in numbers
    }


def _deal_texts(checked: CheckedGame) -> Iterator[str]:
    """Each deal's JSON, in order: as stamped when it was read
    (:mod:`aluette_cli.jsonstamp`), else encoded from the model."""
    texts = in_place(
        checked.stamped,
        checked.game.deals,
        lambda deal: _encode(item_to_dict(deal)) if holds_text(deal) else "",
    )
    return (text for text in texts if text)


def _deals_list(head: str, deals: Iterator[str]) -> Iterator[str]:
    """A game's JSON in pieces: ``head`` (the game up to its list of deals),
    each deal's text after the comma before it, and the list's and the
    game's ends."""
    yield head
    for k, text in enumerate(deals):
        yield f", {text}" if k else text
    yield "]}"


class Writer:
    """Writes checked games to a text stream in one output format.

    CSV is the play table of :mod:`aluette_cli.tables`, whose rows name
    ``file`` (the name findings use) so that the CSVs of many files stack.
    ``compact`` writes JSON Lines in the compact form (:mod:`aluette_cli.compact`),
    with positions and comments only when ``lossless``."""

    def __init__(
        self,
        out: IO[str],
        fmt: str,
        style: str = "keep",
        file: str = "<input>",
        *,
        compact: bool = False,
        lossless: bool = False,
        raw_csv: bool = False,
    ) -> None:
        self.out, self.fmt, self.style, self.file = out, fmt, style, file
        self.compact, self.lossless, self.raw_csv = compact, lossless, raw_csv
        self.frame: Framed | None = None
        self.games = 0  # written so far
        #: the index of the game just written, where ALN needed a tag
        #: section written for it (writers.aln.needs_stand_in)
        self.stood_in: int | None = None
        #: the game before, where it has a tag section and no deal (ALN
        #: reads the next game's tags as more of its own), and the index
        #: of the game just written after such a one
        self.tags_alone: int | None = None
        self.run_on: int | None = None
        if fmt == "json":
            opening = f'{{"format": "{FORMAT}", "version": {VERSION}, "games": ['
            self.frame = Framed.json_list(out.write, opening, "]}")
        elif fmt == "aln":
            self.frame = Framed(out.write, between=BETWEEN_GAMES)

    def begin(self) -> None:
        if self.frame is not None:
            self.frame.begin()
        elif self.fmt == "csv":
            self.out.write(csv_header("play"))

    def write(self, checked: CheckedGame) -> int:
        """Writes a game; returns how many characters a game of JSON or JSON
        Lines took (what their reader holds of one game), else 0."""
        game = checked.game
        first, self.games = not self.games, self.games + 1
        if self.fmt == "aln":
            assert self.frame is not None
            seated = _seated(checked) if self.style == "cards" else ()
            self.stood_in = checked.outcome.index if needs_stand_in(game, first) else None
            self.run_on = self.tags_alone
            self.frame.add(write_game(game, turn_seats(checked), self.style, seated, first))
            has_tags = bool(game.tags) or game.tags_text is not None or needs_stand_in(game, first)
            written = any(map(holds_text, game.deals))  # (a row not read is not written)
            self.tags_alone = checked.outcome.index if has_tags and not written else None
        elif self.fmt == "json":
            assert self.frame is not None
            head = _encode({**game_header_to_dict(game), "deals": []})
            assert head.endswith("[]}")  # the deals are the game's last key
            return self.frame.add_pieces(_deals_list(head[:-2], _deal_texts(checked)))
        elif self.fmt == "jsonl":
            return self._write_jsonl(checked)
        else:
            write_csv(self.out, [game_tables(checked, self.file)], "play", self.raw_csv)
        return 0

    def _write_jsonl(self, checked: CheckedGame) -> int:
        game = checked.game
        if self.compact:
            return self._write_compact(game)
        header = game_header_to_dict(game)
        row = _encode({"format": FORMAT, "version": VERSION, "game": header, "deal": None})
        assert row.endswith("null}")  # the deal is the row's last key
        size = 0
        if not checked.stamped and not any(map(holds_text, game.deals)):
            self.out.write(row + "\n")  # a game with no deal written is a row of its own
            size += len(row) + 1
        start = row[:-5]
        for text in _deal_texts(checked):
            line = f"{start}{text}}}\n"
            self.out.write(line)
            size += len(line)
        return size

    def _write_compact(self, game: Game) -> int:
        head = _encode_tight(C.abbreviate_header(game_header_to_dict(game), self.lossless))
        start = f'{{"format":"{FORMAT}","version":{C.VERSION},"game":{head}'
        if not any(map(holds_text, game.deals)):  # a game with no deal written: a row of its own
            self.out.write(start + "}\n")
            return len(start) + 2
        size = 0
        for deal in game.deals:
            if not holds_text(deal):
                continue
            short = C.abbreviate_item(item_to_dict(deal), self.lossless)
            line = f'{start},"deal":{_encode_tight(short)}}}\n'
            self.out.write(line)
            size += len(line)
        return size

    def end(self) -> None:
        if self.frame is not None:
            self.frame.end()


def converted(
    stream: BinaryIO,
    name: str,
    out: IO[str],
    to: str,
    choice: RuleChoice,
    *,
    source: str | None = None,
    style: str = "keep",
    base: Path | None = None,
    compact: bool = False,
    lossless: bool = False,
    raw_csv: bool = False,
) -> Iterator[CheckedGame | Unreadable | NotWhole]:
    """Convert ``stream`` to format ``to`` on ``out``, yielding each game just
    before it is written, and each part that could not be read, so that the
    caller can report a game's problems ahead of its text, as they come (and,
    after it, a game of JSON too long for its reader, :class:`NotWhole`);
    the output is complete once the iterator is exhausted."""
    fmt, rewound = open_input(stream, name, source)
    writer = Writer(
        out, to, style, display_name(name), compact=compact, lossless=lossless, raw_csv=raw_csv
    )
    writer.begin()
    for item in _checked(rewound, fmt, to, choice, base, compact):
        yield item
        if not isinstance(item, Unreadable):
            size = writer.write(item)
            if writer.run_on is not None:
                yield NotWhole(
                    f"game {writer.run_on} has tags and no deal, and the reader takes the tag"
                    " section after it for more of its own: it reads as one game with the next",
                    how="reads otherwise",
                )
            if writer.stood_in is not None:
                yield NotWhole(
                    f"game {writer.stood_in} has no tags, and ALN starts each game after the"
                    " first, or one with a draw line, with its tag section: it is written"
                    f" with {STAND_IN}",
                    how="holds a tag the input does not",
                    warning=True,
                )
            if size > MAX_GAME_CHARS:
                # as convert --to aln says of ALN that would not read back whole
                form = _NAMES[to]
                yield NotWhole(
                    f"game {item.outcome.index} takes {size:,} characters, more than the"
                    f" {MAX_GAME_CHARS:,} a game of it may hold: reading it back skips that game",
                    form,
                )
    writer.end()


def _checked(
    rewound: Rewound, fmt: str, to: str, choice: RuleChoice, base: Path | None, compact: bool
) -> Iterator[CheckedGame | Unreadable]:
    """Each game read and replayed, and each part that could not be read.
    ALN for the full JSON forms is read with a stamp: a deal the quick check
    finds right as the writer writes it is written from its text."""
    if fmt == "aln" and to in ("json", "jsonl") and not compact:
        from .jsonstamp import as_written

        wants = Consumer(models=False, stamp=as_written)
        yield from check_units(read_units(rewound), choice, base, keep=wants)
        return
    yield from checked_from(rewound, fmt, choice, base, keep_read=True)


@dataclass(slots=True)
class Formatted:
    """One ALN text formatted: the new text, and what ``fmt`` says of it."""

    text: str
    #: the parts kept verbatim (syntax and encoding findings), and A401
    said: list[Finding]
    #: why :attr:`text` reads otherwise than the input (:func:`reads_otherwise`):
    #: if so, it must not replace the input either
    otherwise: str | None = None

    @property
    def unreadable(self) -> list[Finding]:
        return _kept_verbatim(self.said)

    @property
    def cut(self) -> list[Finding]:
        """The findings of what :attr:`text` cannot hold whole (:data:`findings.CUT`):
        if any, the text must not replace the input."""
        return F.cut_of(self.unreadable)


def format_aln(
    data: bytes, name: str, choice: RuleChoice, *, style: str = "keep", base: Path | None = None
) -> Formatted:
    """The canonical form of an ALN text (what ``aluette fmt`` writes), with
    the findings of what it kept verbatim because it could not read it."""
    out = io.StringIO(newline="")
    meant = meanings()
    said: list[Finding] = []
    _format_into(io.BytesIO(data), name, out, choice, style, base, Tally(said.append), meant)
    text = out.getvalue()
    new = text.encode("utf-8")
    # (read again only where it changed, as fmt reads a file: FormattedFile)
    otherwise = reads_otherwise(io.BytesIO(new), name, choice, base, meant) if new != data else None
    return Formatted(text, said, otherwise)


class Tally:
    """What ``fmt`` says of a file as it formats it: each finding handed on
    as it is found (``say``), each game's deals counted (``read``, for a
    progress line), and kept only as the little the end of the file decides
    on (the codes of the parts kept verbatim, the exit status), so that
    memory holds no finding, whatever the file's size."""

    __slots__ = ("read", "say", "status", "verbatim")

    def __init__(
        self,
        say: Callable[[Finding], object] | None = None,
        read: Callable[[int], object] | None = None,
    ) -> None:
        self.say = say
        self.read = read
        #: the codes of the parts kept verbatim (:func:`_kept_verbatim`)
        self.verbatim: set[str] = set()
        self.status = EXIT_OK

    def game(self, item: CheckedGame | Unreadable | NotWhole) -> None:
        """One game formatted, or one part kept verbatim (:func:`_said_by_fmt`)."""
        for finding in _said_by_fmt(item):
            if finding.kind is Kind.SYNTAX:
                self.verbatim.add(finding.code)
            self.status = max(self.status, exit_status((finding,)))
            if self.say is not None:
                self.say(finding)
        if self.read is not None and isinstance(item, CheckedGame):
            self.read(item.deals_read)


def _format_into(
    stream: BinaryIO,
    name: str,
    out: IO[str],
    choice: RuleChoice,
    style: str,
    base: Path | None,
    tally: Tally,
    meant: array[int] | None = None,
) -> None:
    """Format ``stream`` onto ``out`` game by game, telling ``tally`` of
    each.  Each game's :func:`meaning` is added to ``meant``, if given."""
    for item in converted(stream, name, out, "aln", choice, source="aln", style=style, base=base):
        tally.game(item)
        if meant is not None and isinstance(item, CheckedGame):
            meant.append(meaning(item))


#: The findings the formatted text does not give again: lines out of their
#: places (A005, each written in its place) and a tag's escape that escapes
#: nothing (A421, written as the value reads).
LAYOUT_ONLY = frozenset({F.LINE_ORDER, "A421"})


def meanings() -> array[int]:
    """Each game's :func:`meaning`, in order: eight bytes a game, so that a
    file of a million deals is formatted in memory of its own size still."""
    return array("q")


def meaning(item: CheckedGame, always: bool = False, record_only: bool = False) -> int:
    """What a game with findings says, as a digest of each finding's code,
    deal and trick (but :data:`LAYOUT_ONLY`'s), or 0 for a game without
    (unless ``always``: a game read again).  The formatter writes each line
    in its place and in its order, and where the reader had to choose, a
    layout written anew can read otherwise: lines out of their places
    (A005) given back or taken ahead with other neighbours, two hand lines
    holding one card (A101) blamed by their order in cards-only play.  A
    game without findings reads the same in any layout the formatter
    writes.  ``record_only``: what the record says, not what its text's
    syntax did (:attr:`Kind.SYNTAX`): a JSON text's unreadable parts are
    left out of the ALN written from it, not kept as ALN's are."""
    found = item.outcome.findings
    if record_only:
        found = [f for f in found if f.kind is not Kind.SYNTAX]
    # a row that could not be read leaves a gap in what is written: read again
    lost = record_only and not all(map(holds_text, item.game.deals))
    if not found and not always and not lost:
        return 0
    said = Counter((f.code, f.deal, f.trick) for f in found if f.code not in LAYOUT_ONLY)
    return hash(frozenset(said.items())) or 1  # (both reads in one process: one hash)


def reads_otherwise(
    new: BinaryIO, name: str, choice: RuleChoice, base: Path | None, meant: array[int]
) -> str | None:
    """Why the formatted text ``new`` must not replace its input, or None:
    a game of it with findings reads otherwise than the input did
    (:func:`meaning`, ``meant`` the input's).  Only then is the text read
    again, a game at a time, so a file without findings costs nothing more.
    ``new`` is put back at its start."""
    read = game_read_otherwise(new, name, choice, base, meant)
    if read is None:
        return None
    if read > len(meant):
        return "its formatted text would read otherwise: it holds another number of games"
    return (
        f"its formatted text would read otherwise: in game {read}, the lines the"
        " reader had to choose between (lines out of their places, A005; hand lines"
        " holding one card, A101) read otherwise written in their places and"
        " order; fix them by hand"
    )


def game_read_otherwise(
    new: BinaryIO,
    name: str,
    choice: RuleChoice,
    base: Path | None,
    meant: array[int],
    record_only: bool = False,
) -> int | None:
    """The first game of the ALN text ``new`` that reads otherwise than
    ``meant`` says (:func:`reads_otherwise`; each game's :func:`meaning`,
    ``record_only`` as it was made), counted from 1; one more than the
    games meant where the text holds another number of them; None where
    every game reads as meant."""
    if not any(meant):
        return None
    new.seek(0)
    _, rewound = open_input(new, name, "aln")
    read = 0
    try:
        for item in checked_from(rewound, "aln", choice, base, placed=False):
            if not isinstance(item, CheckedGame):
                continue
            read += 1
            if read > len(meant):
                return read
            if meant[read - 1] and meaning(item, True, record_only) != meant[read - 1]:
                return read
    finally:
        new.seek(0)
    return None if read == len(meant) else len(meant) + 1


def _unreadable_in(item: CheckedGame | Unreadable | NotWhole) -> list[Finding]:
    """What the formatter keeps verbatim, or cannot keep (:data:`findings.CUT`)."""
    if isinstance(item, Unreadable):
        return item.findings
    if isinstance(item, NotWhole):
        return []  # said of the text written, not of the record read
    return [f for f in item.game.errors if f.kind is Kind.SYNTAX]


def _kept_verbatim(said: list[Finding]) -> list[Finding]:
    """Of what ``fmt`` says (:func:`_said_by_fmt`), the parts it keeps verbatim."""
    return [f for f in said if f.kind is Kind.SYNTAX]


def _said_by_fmt(item: CheckedGame | Unreadable | NotWhole) -> list[Finding]:
    """What ``fmt`` says of a game: what it keeps verbatim, and a ruleset
    the record asks for that the tool does not have (A401), which every
    command says, with exit status 2 (docs/cli.md, Exit status)."""
    said = _unreadable_in(item)
    if isinstance(item, CheckedGame):
        said += [f for f in item.outcome.findings if f.kind is Kind.CONFIG]
    return sorted(said, key=Finding.sort_key)  # in text order, as every command says them


@dataclass(slots=True)
class NotWhole:
    """A record written that the reader would not read back whole: ALN from
    another format (:func:`readback.past_limits`: comments of the record,
    each one ALN can hold, too long together on one line or in one deal),
    or a game of JSON longer than the JSON reader holds of one game."""

    why: str
    form: str = "ALN"
    #: what is wrong with it: more than the reader holds, or another reading
    how: str = "would not read back whole"
    #: said as a warning: the record is whole, written as the format can
    warning: bool = False


@dataclass(slots=True)
class KeptAsIs:
    """An ALN input written out as it was, not formatted: the formatter
    cannot write it back whole (the codes of why, :data:`findings.CUT`), or
    it is not UTF-8 text at all (:func:`streams.holds_nul`)."""

    why: str


def converted_to_aln(
    stream: BinaryIO,
    name: str,
    out: BinaryIO,
    choice: RuleChoice,
    *,
    source: str | None = None,
    style: str = "keep",
    base: Path | None = None,
) -> Iterator[CheckedGame | Unreadable | KeptAsIs | NotWhole]:
    """``convert --to aln``: :func:`converted`, with the promise of the
    formatter it is (docs/formats.md): an ALN input is written back whole or
    not at all.  The text is made in a temporary file; once it is complete
    it goes to ``out``, unless the input is ALN that could not be written
    back whole (past a limit of the reader, bytes that are not UTF-8): then
    the input goes to ``out`` as it was, and a last :class:`KeptAsIs` says
    why.  ALN made from another format that would not read back whole, or
    would read otherwise (:func:`reads_otherwise`), is written all the same
    (there is no ALN text to keep), and a last :class:`NotWhole` says where.
    Neither text is held in memory."""
    with contextlib.ExitStack() as stack:
        new = stack.enter_context(tempfile.TemporaryFile())
        old, kept = stack.enter_context(_kept_input(stream))
        fmt, rewound = open_input(kept, name, source)
        text = _Spool(new, encoding="utf-8", newline="", write_through=True)
        verbatim: set[str] = set()  # (their codes: memory holds no finding)
        meant = meanings()
        items = converted(
            cast(BinaryIO, rewound), name, text, "aln", choice, source=fmt, style=style, base=base
        )
        gaps: set[int] = set()  # the games that lost a row's deal (numbered as read)
        for item in items:
            verbatim.update(f.code for f in _unreadable_in(item))
            if isinstance(item, CheckedGame):
                meant.append(meaning(item, record_only=fmt != "aln"))
                if not all(map(holds_text, item.game.deals)):
                    gaps.add(len(meant))
            yield item
        text.flush()
        text.detach()
        otherwise = partial(reads_otherwise, new, name, choice, base, meant)
        why = kept_because(verbatim, old, new, otherwise) if fmt == "aln" else None
        past = past_limits(new) if fmt != "aln" else None
        other = None
        if fmt != "aln" and past is None:
            read = game_read_otherwise(new, name, choice, base, meant, record_only=True)
            other = _said_otherwise(read, fmt, read in gaps)
        written = new if why is None else old
        written.seek(0)
        shutil.copyfileobj(written, out, BLOCK)
        if why is not None:
            yield KeptAsIs(why)
        if past is not None:
            yield NotWhole(past)
        if other is not None:
            yield NotWhole(other, how="reads otherwise")


#: The formats' names in a sentence.
_NAMES = {"json": "JSON", "jsonl": "JSON Lines", "csv": "CSV"}


def _said_otherwise(game: int | None, fmt: str, gap: bool = False) -> str | None:
    """Why ALN written from another format reads otherwise than it
    (:func:`game_read_otherwise`), or None; ``gap``: a row of the game
    could not be read, and its deal is left out."""
    if game is None:
        return None
    said = f"game {game}, read again, gives other findings than the {_NAMES.get(fmt, fmt)} did:"
    if gap:
        return (
            f"{said} a row of it could not be read, and its deal, of which nothing is"
            " kept, is left out (the deals after it follow a gap); mend that row in the input"
        )
    return (
        f"{said} the reader"
        " places lines it has to choose between (a line out of its place, A005; a hand"
        " line of one card, A101) by their neighbours, and the record's mistakes there"
        " read as others written in canonical order; mend that game in the input"
    )


@contextlib.contextmanager
def _kept_input(stream: BinaryIO) -> Iterator[tuple[BinaryIO, BinaryIO]]:
    """(the input's bytes again from its start, once read; the stream to
    read it from): a file is read again; a stream that cannot be (a pipe) is
    copied to a temporary file as it is read."""
    if rewindable(stream):
        yield stream, stream
        return
    with tempfile.TemporaryFile() as old:
        yield old, cast(BinaryIO, _Copied(stream, old))


class _Copied:
    """A stream read once, copied to ``copy`` as it is read: a pipe's bytes
    kept on disk, for formatting to compare its output with."""

    def __init__(self, stream: BinaryIO, copy: BinaryIO) -> None:
        self.stream, self.copy = stream, copy

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        self.copy.write(data)
        return data

    def read1(self, size: int = -1) -> bytes:
        read1 = getattr(self.stream, "read1", None) or self.stream.read
        data: bytes = read1(size)
        self.copy.write(data)
        return data

    def readline(self, size: int = -1) -> bytes:
        data = self.stream.readline(size)
        self.copy.write(data)
        return data


def kept_because(
    verbatim: Iterable[str],
    old: BinaryIO | None,
    new: BinaryIO | None = None,
    otherwise: Callable[[], str | None] | None = None,
) -> str | None:
    """Why an ALN input cannot be formatted, so stays as it was (fmt) or is
    written out as it was (convert --to aln), or None: parts of it the text
    read does not hold whole (the codes of the parts kept ``verbatim``, of
    :data:`findings.CUT`), a limit of the reader
    the formatted text ``new`` would pass (:func:`readback.past_limits`;
    None: not looked for), or the NUL bytes ``old`` holds
    (:func:`streams.holds_nul`; None: not looked for), or what ``otherwise``
    finds the formatted text reads otherwise than the input
    (:func:`reads_otherwise`, asked last: it reads the text again)."""
    if codes := sorted(F.CUT.intersection(verbatim)):
        why = f"parts of it cannot be written back whole ({', '.join(codes)})"
        if F.BAD_ENCODING in codes:  # most often a file saved in a Windows encoding
            why += (
                "; a file in another encoding is formatted once it is UTF-8"
                " (iconv -f windows-1252 -t utf-8 FILE > NEW, for Latin-1 or Windows-1252)"
            )
        return why
    if new is not None and (past := past_limits(new)) is not None:
        return f"its formatted text would not read back whole: {past}"
    if old is not None and holds_nul(old):
        return NUL_REASON
    return otherwise() if otherwise is not None else None


@dataclass(slots=True)
class FormattedFile:
    """A file formatted into a spool on disk (``new``), beside its bytes as
    they were (``old``): memory holds one game, whatever the file's size."""

    #: what was said of it, as it was formatted
    tally: Tally
    old: BinaryIO
    new: BinaryIO
    changed: bool
    #: why the new text reads otherwise than the old (:func:`reads_otherwise`)
    otherwise: Callable[[], str | None] | None = None

    @property
    def unreadable(self) -> bool:
        """Whether parts of it are kept verbatim (syntax and encoding findings)."""
        return bool(self.tally.verbatim)

    def old_bytes(self) -> bytes:
        self.old.seek(0)
        return self.old.read()

    def new_text(self) -> str:
        self.new.seek(0)
        return self.new.read().decode("utf-8")

    def kept_because(self) -> str | None:
        """Why the new text must not replace the input (:func:`kept_because`):
        asked of an input it leaves unchanged too, so that fmt says of a file
        what convert --to aln says of it (a scan for one byte, at memory
        speed); the new text is read back only when it differs (the same
        bytes read back as the input did)."""
        if not self.changed:
            return kept_because(self.tally.verbatim, self.old)
        return kept_because(self.tally.verbatim, self.old, self.new, self.otherwise)

    def copy_to(self, out: BinaryIO) -> None:
        self.new.seek(0)
        shutil.copyfileobj(self.new, out, BLOCK)

    def copy_old_to(self, out: BinaryIO) -> None:
        self.old.seek(0)
        shutil.copyfileobj(self.old, out, BLOCK)


@contextlib.contextmanager
def formatted_file(
    stream: BinaryIO,
    name: str,
    choice: RuleChoice,
    *,
    style: str = "keep",
    base: Path | None = None,
    tally: Tally | None = None,
) -> Iterator[FormattedFile]:
    """``stream`` formatted as ``aluette fmt`` writes it, into a temporary
    file, and compared with the input block by block: neither text is ever
    held whole, nor what is said of it (told to ``tally`` as it is found).
    A file is read again from its start to compare; a stream that cannot be
    (a pipe) is copied to a second temporary file as it is read."""
    tally = Tally() if tally is None else tally
    with contextlib.ExitStack() as stack:
        new = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the stack, quietly
        # Thrown away: closing it can fail only on what a failed write left
        # in its buffer, which is said already (and never read).
        stack.callback(_close_quietly, new)
        old, source = stack.enter_context(_kept_input(stream))
        text = _Spool(new, encoding="utf-8", newline="", write_through=True)
        meant = meanings()
        _format_into(source, name, text, choice, style, base, tally, meant)
        text.flush()
        text.detach()
        otherwise = partial(reads_otherwise, new, name, choice, base, meant)
        yield FormattedFile(tally, old, new, not _same_bytes(old, new), otherwise)


class _Spool(io.TextIOWrapper):
    """The formatted text's temporary file, whose failures are said as
    writes (a full temporary folder), not as the input's: ``fmt -`` said
    "cannot read -" when it was the spool that could not be written."""

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except OSError as exc:
            raise _spool_error(exc) from exc

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            raise _spool_error(exc) from exc


def _spool_error(exc: OSError) -> WriteError:
    return WriteError(f"a temporary file in {tempfile.gettempdir()}", exc)


def _close_quietly(spool: IO[bytes]) -> None:
    with contextlib.suppress(OSError):
        spool.close()


def _same_bytes(a: BinaryIO, b: BinaryIO) -> bool:
    """Whether two streams hold the same bytes, read from their starts in blocks."""
    a.seek(0)
    b.seek(0)
    while True:
        block = b.read(BLOCK)
        if a.read(len(block) or 1) != block:
            return False
        if not block:
            return True
