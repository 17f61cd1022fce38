"""The results tables as CSV and JSON Lines (docs/tables.md).

Both forms hold the same values under the same column names: CSV writes
``true``/``false`` for booleans and an empty cell for a value the record
does not give; JSON Lines writes one object a row, with ``null``.  A game's
rows are written together, as soon as the game is replayed, so a table of
any size is written in constant memory.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator

from ..tables import COLUMNS, VALUES, GameTables

#: The table formats of ``report --format``.
TABLE_FORMATS = ("csv", "jsonl")


def csv_value(value: object) -> object:
    """How a cell is written: booleans in words, nothing for None."""
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    return value


def values(tables: GameTables, level: str) -> Iterator[tuple[object, ...]]:
    """The rows of one table of one game, as tuples in the order of ``COLUMNS[level]``."""
    get = VALUES[level]
    for row in tables.rows(level):
        yield get(row)


def csv_header(level: str) -> str:
    return ",".join(COLUMNS[level]) + "\n"


def csv_text(tables: Iterable[GameTables], level: str) -> str:
    """The CSV rows (no header) of one table for these games."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    for game in tables:
        writer.writerows([csv_value(v) for v in row] for row in values(game, level))
    return out.getvalue()


def jsonl_text(tables: Iterable[GameTables], level: str) -> str:
    """The JSON Lines rows of one table for these games: one object a line."""
    columns = COLUMNS[level]
    return "".join(
        json.dumps(dict(zip(columns, row, strict=True)), ensure_ascii=False) + "\n"
        for game in tables
        for row in values(game, level)
    )
