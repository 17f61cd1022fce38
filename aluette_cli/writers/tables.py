"""The results tables as CSV and JSON Lines (docs/tables.md).

Both forms hold the same values under the same column names: CSV writes
``true``/``false`` for booleans and an empty cell for a value the record
does not give; JSON Lines writes one object a row, with ``null``.  A game's
rows are written together, as soon as the game is replayed, so a table of
any size is written in constant memory.

A CSV file is opened in a spreadsheet, and a spreadsheet runs a cell that
starts like a formula: a tag, a player's name or a file name comes from
whoever wrote the record, so a text cell that starts with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is written after a ``'`` (OWASP,
"CSV injection"), unless the user asks for the raw values.  Numbers are
never changed: a negative number is a value, not a formula, and the
tables hold numbers as numbers, never as text.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from typing import IO

from ..tables import COLUMNS, VALUES, GameTables

#: The table formats of ``report --format``.
TABLE_FORMATS = ("csv", "jsonl")


#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_value(value: object, raw: bool = False) -> object:
    """How a cell is written: booleans in words, nothing for None, and a
    text that a spreadsheet would run as a formula made inert, unless ``raw``."""
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if not raw and isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def values(tables: GameTables, level: str) -> Iterator[tuple[object, ...]]:
    """The rows of one table of one game, as tuples in the order of ``COLUMNS[level]``."""
    get = VALUES[level]
    for row in tables.rows(level):
        yield get(row)


def csv_header(level: str) -> str:
    return ",".join(COLUMNS[level]) + "\n"


def csv_text(tables: Iterable[GameTables], level: str, raw: bool = False) -> str:
    """The CSV rows (no header) of one table for these games; ``raw``: the
    text cells as they are, formulas included."""
    out = io.StringIO(newline="")
    write_csv(out, tables, level, raw)
    return out.getvalue()


def write_csv(out: IO[str], tables: Iterable[GameTables], level: str, raw: bool = False) -> None:
    """:func:`csv_text` written to ``out`` a row at a time, never held whole: a
    game's play rows number 36 a deal."""
    plain = csv.writer(out, lineterminator="\n")
    # Python's writer quotes a cell only for the signs of its own line
    # ending: a bare carriage return (from a file's name: a tag holds none)
    # split the row in two or three for every reader (pandas, DuckDB).
    quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for game in tables:
        writer = quoted if "\r" in game.game.file else plain
        writer.writerows([csv_value(v, raw) for v in row] for row in values(game, level))


def jsonl_text(tables: Iterable[GameTables], level: str) -> str:
    """The JSON Lines rows of one table for these games: one object a line."""
    columns = COLUMNS[level]
    return "".join(
        json.dumps(dict(zip(columns, row, strict=True)), ensure_ascii=False) + "\n"
        for game in tables
        for row in values(game, level)
    )
