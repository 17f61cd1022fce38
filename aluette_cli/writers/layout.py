"""How text output fits the reader's screen: width and colour.

A :class:`Layout` is chosen once per command (docs/cli.md, "Width and
colour") and handed to the text writers.  With no width every table is as
wide as its content, byte for byte what the writers always wrote, which is
what files, pipes and scripts get.  With a width (``--width``, ``COLUMNS``,
or the terminal's) a table first wraps its one long text column, if it has
one, then splits its columns into blocks that fit, each repeating the key
column, as pandas prints a wide frame; sentences are wrapped at word
boundaries.  Colour is only ever added for a terminal, or when asked for,
and never when ``NO_COLOR`` is set (https://no-color.org).
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click
from tabulate import tabulate

#: A wrapped text column is never made narrower than this; past it, the
#: table is split instead.
MIN_WRAP = 16
#: The narrowest width asked for that is honoured (a table needs some room).
MIN_WIDTH = 40


@dataclass(frozen=True, slots=True)
class Layout:
    """Width in columns (None: unbounded) and whether to colour."""

    width: int | None = None
    color: bool = False

    def table(
        self,
        rows: Sequence[Sequence[Any]],
        headers: Sequence[str] | str = (),
        tablefmt: str = "simple",
        wrap: int | None = None,
        keep: int = 1,
        **options: Any,
    ) -> str:
        """``tabulate(rows, headers)``, made to fit :attr:`width`.

        ``wrap`` is the index of a column of free text that may be wrapped;
        ``keep`` how many leading columns name a row and are repeated in
        every block when the table must be split.
        """
        text = tabulate(rows, headers=headers, tablefmt=tablefmt, **options)
        if self.width is None or _widest(text) <= self.width:
            return text
        if wrap is not None and rows:
            others = _widest(text) - _column_width(rows, headers, wrap)
            room = self.width - others
            if room >= MIN_WRAP:
                widths: list[int | None] = [None] * len(rows[0])
                widths[wrap] = room
                wrapped = tabulate(
                    rows, headers=headers, tablefmt=tablefmt, maxcolwidths=widths, **options
                )
                if _widest(wrapped) <= self.width:
                    return wrapped
        return self._split(rows, headers, tablefmt, keep, **options)

    def _split(
        self,
        rows: Sequence[Sequence[Any]],
        headers: Sequence[str] | str,
        tablefmt: str,
        keep: int,
        **options: Any,
    ) -> str:
        """The table as blocks of columns that fit, each led by the key columns."""
        assert self.width is not None
        count = len(rows[0]) if rows else len(headers)
        heads = list(headers) if not isinstance(headers, str) else []
        aligns = options.pop("colalign", None)
        blocks: list[list[int]] = []
        block = list(range(keep))
        for index in range(keep, count):
            trial = [*block, index]
            if len(block) > keep and self._width_of(rows, heads, trial, tablefmt) > self.width:
                blocks.append(block)
                block = [*range(keep), index]
            else:
                block = trial
        blocks.append(block)
        parts = []
        for columns in blocks:
            part_rows = [[row[i] for i in columns] for row in rows]
            part_heads = [heads[i] for i in columns] if heads else headers
            extra = dict(options)
            if aligns is not None:
                extra["colalign"] = [aligns[i] for i in columns]
            parts.append(tabulate(part_rows, headers=part_heads, tablefmt=tablefmt, **extra))
        return "\n\n".join(parts)

    @staticmethod
    def _width_of(
        rows: Sequence[Sequence[Any]], heads: list[str], columns: list[int], tablefmt: str
    ) -> int:
        part_rows = [[row[i] for i in columns] for row in rows]
        part_heads = [heads[i] for i in columns] if heads else ()
        return _widest(tabulate(part_rows, headers=part_heads, tablefmt=tablefmt))

    def para(self, text: str, indent: str = "", hang: str | None = None) -> str:
        """``text`` on lines of at most :attr:`width`, ``indent`` before the
        first and ``hang`` (default: ``indent``) before the others."""
        if self.width is None or len(indent) + len(text) <= self.width:
            return indent + text
        return textwrap.fill(
            text,
            self.width,
            initial_indent=indent,
            subsequent_indent=indent if hang is None else hang,
            break_long_words=False,
            break_on_hyphens=False,
        )

    def style(self, text: str, **styles: Any) -> str:
        """``click.style(text, ...)`` when colouring, else the text itself."""
        return click.style(text, **styles) if self.color else text


#: Text as wide as its content, no colour: what files and pipes get.
PLAIN = Layout()


def _widest(text: str) -> int:
    return max((len(click.unstyle(line)) for line in text.splitlines()), default=0)


def _column_width(rows: Sequence[Sequence[Any]], headers: Sequence[str] | str, index: int) -> int:
    cells = [str(row[index]) for row in rows]
    if not isinstance(headers, str) and len(headers) > index:
        cells.append(str(headers[index]))
    return max((len(line) for cell in cells for line in cell.splitlines()), default=0)


def choose(
    width: int | None, color: str, stream: Any = None, to_file: bool = False
) -> Layout:
    """The layout for one command's output.

    Width: ``--width``; else ``COLUMNS``; else the terminal's, when the
    output is a terminal; else unbounded.  Colour (``--color``): ``always``,
    ``never``, or ``auto`` — only on a terminal, and never with ``NO_COLOR``.
    """
    stream = sys.stdout if stream is None else stream
    tty = not to_file and _isatty(stream)
    if width is None:
        columns = os.environ.get("COLUMNS", "")
        if columns.isdigit() and int(columns) > 0:
            width = int(columns)
        elif tty:
            width = shutil.get_terminal_size().columns
    if width is not None:
        width = max(width, MIN_WIDTH)
    if color == "always":
        colored = True
    elif color == "never" or os.environ.get("NO_COLOR"):
        colored = False
    else:
        colored = tty
    return Layout(width, colored)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
