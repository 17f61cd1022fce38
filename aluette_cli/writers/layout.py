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


def tabulate(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str] | str = (),
    tablefmt: str = "simple",
    **options: Any,
) -> str:
    """tabulate's table, or the same text laid out here when tabulate has
    nothing to guess (:func:`simple_table`).

    tabulate is imported only when a table needs it: importing it (and the
    package metadata it reads) costs every run tens of milliseconds, and
    ``validate`` on a clean file makes no table."""
    if tablefmt == "simple" and options.get("disable_numparse") is True:
        colalign = options.get("colalign")
        if set(options) <= {"disable_numparse", "colalign"} and colalign is not None:
            fast = simple_table(rows, headers, colalign)
            if fast is not None:
                return fast
    from tabulate import tabulate as table

    return str(table(rows, headers=headers, tablefmt=tablefmt, **options))


#: Below this every printable character is one column wide (Latin letters
#: with their accents, the middle dot); from it on come combining accents
#: and, further on, wide characters, which tabulate measures with wcwidth.
_WIDE_OR_COMBINING = "\u0300"
#: The alignments :func:`simple_table` lays out, as tabulate pads them.
_ALIGN = {"left": "<", "right": ">"}


def simple_table(
    rows: Sequence[Sequence[Any]], headers: Sequence[str] | str, colalign: Sequence[str]
) -> str | None:
    """tabulate's ``simple`` format, byte for byte, for a table of one-line
    plain strings (one column a character) with headers, each column's
    alignment given and no number parsing; None for any other table, which
    tabulate then lays out.

    A report makes one table a deal, and tabulate spends most of its time
    learning what it is told here (each cell's type, escape codes, line
    breaks, wide characters): this lays the same table out in a fraction of
    the time.  tests/test_layout.py holds it to tabulate.
    """
    if isinstance(headers, str) or not headers or not rows:
        return None
    count = len(headers)
    if len(colalign) != count or any(a not in _ALIGN for a in colalign):
        return None
    try:  # every cell and header a string
        text = "".join(headers) + "".join(["".join(row) for row in rows])
    except TypeError:
        return None
    if any(len(row) != count for row in rows):
        return None
    if not text.isprintable() or (text and max(text) >= _WIDE_OR_COMBINING):
        # escape codes, line breaks, tabs, and characters whose width is not
        # one column: tabulate's cases
        return None
    # tabulate strips the cells, not the headers, and gives each column the
    # room of its header and two more
    columns = [[cell.strip() for cell in column] for column in zip(*rows, strict=True)]
    widths = [
        max(len(head) + 2, *map(len, column)) for head, column in zip(headers, columns, strict=True)
    ]
    line = "  ".join(
        f"{{:{_ALIGN[align]}{width}}}" for align, width in zip(colalign, widths, strict=True)
    )
    lines = [line.format(*headers).rstrip(), "  ".join(["-" * width for width in widths])]
    lines.extend(line.format(*row).rstrip() for row in zip(*columns, strict=True))
    return "\n".join(lines)


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
        every block when the table must be split.  Options that go column
        by column (``colalign``, a list of ``floatfmt``, the indices of
        ``disable_numparse``) follow their columns into the blocks.
        """
        text = tabulate(rows, headers=headers, tablefmt=tablefmt, **options)
        if self.width is None or _widest(text) <= self.width:
            return text
        count = max((len(row) for row in rows), default=len(headers))
        full = [[*row, *[""] * (count - len(row))] for row in rows]
        heads = [] if isinstance(headers, str) else list(headers)
        fitted = self._fit(full, heads, tablefmt, wrap, options)
        if _widest(fitted) <= self.width:
            return fitted
        blocks: list[list[int]] = []
        block = list(range(keep))
        for index in range(keep, count):
            trial = [*block, index]
            part = _part(full, heads, trial, options)
            if len(block) > keep and _widest(tabulate(*part[:2], tablefmt=tablefmt)) > self.width:
                blocks.append(block)
                block = [*range(keep), index]
            else:
                block = trial
        blocks.append(block)
        parts = []
        for columns in blocks:
            part_rows, part_heads, part_options = _part(full, heads, columns, options)
            part_wrap = columns.index(wrap) if wrap in columns else None
            parts.append(self._fit(part_rows, part_heads, tablefmt, part_wrap, part_options))
        return "\n\n".join(parts)

    def _fit(
        self,
        rows: list[list[Any]],
        heads: list[str],
        tablefmt: str,
        wrap: int | None,
        options: dict[str, Any],
    ) -> str:
        """The table, its ``wrap`` column wrapped to what room is left (no
        narrower than :data:`MIN_WRAP`)."""
        assert self.width is not None
        text = tabulate(rows, headers=heads, tablefmt=tablefmt, **options)
        if _widest(text) <= self.width or not rows:
            return text
        # The column of sentences first; then, where a label column is still
        # too wide beside it (a stats label of 36 characters at 40 columns),
        # the widest other column of words, each no narrower than MIN_WRAP.
        others = sorted(
            (i for i in range(len(rows[0])) if i != wrap),
            key=lambda i: -_column_width(rows, heads, i),
        )
        for column in others if wrap is None else [wrap, *others]:
            width = _column_width(rows, heads, column)
            room = max(self.width - (_widest(text) - width), MIN_WRAP)
            if room >= width:
                continue
            # Wrapped here rather than by tabulate, which would break
            # "grand-neuf" at its hyphen: words stay whole, as in the sentences.
            rows = [
                [_wrapped(cell, room) if i == column else cell for i, cell in enumerate(row)]
                for row in rows
            ]
            text = tabulate(rows, headers=heads, tablefmt=tablefmt, **options)
            if _widest(text) <= self.width:
                break
        return text

    def para(self, text: str, indent: str = "", hang: str | None = None) -> str:
        """``text`` on lines of at most :attr:`width`, ``indent`` before the
        first and ``hang`` (default: ``indent``) before the others."""
        if self.width is None or cells(indent) + cells(text) <= self.width:
            return indent + text
        return fill(text, self.width, indent, indent if hang is None else hang)

    def style(self, text: str, **styles: Any) -> str:
        """``click.style(text, ...)`` when colouring, else the text itself."""
        return click.style(text, **styles) if self.color else text


#: Text as wide as its content, no colour: what files and pipes get.
PLAIN = Layout()


def cells(text: str) -> int:
    """How many columns ``text`` takes on a screen: a wide (CJK) character
    two, a combining accent none, as tabulate counts them (wcwidth)."""
    if text.isascii() or max(text) < _WIDE_OR_COMBINING:
        return len(text)
    from wcwidth import wcswidth  # only for text that needs it

    width: int = wcswidth(text)
    return width if width >= 0 else len(text)  # (a control character: one each)


def fill(text: str, width: int, first: str = "", then: str = "") -> str:
    """``text`` on lines of at most ``width`` screen columns, between words
    (never inside one, nor at a hyphen), ``first`` before the first line and
    ``then`` before the others: textwrap, which counts characters, for text
    whose characters are each one column wide."""
    if all(cells(part) == len(part) for part in (text, first, then)):
        return textwrap.fill(
            text,
            width,
            initial_indent=first,
            subsequent_indent=then,
            break_long_words=False,
            break_on_hyphens=False,
        )
    lines: list[str] = []
    line, words = first, 0  # the line being filled, and its words
    for word in text.split():
        if words and cells(line) + 1 + cells(word) > width:
            lines.append(line)
            line, words = then + word, 1
        else:
            line, words = f"{line} {word}" if words else line + word, words + 1
    lines.append(line)
    return "\n".join(lines)


def _wrapped(cell: Any, width: int) -> Any:
    if not isinstance(cell, str) or cells(cell) <= width:
        return cell
    return fill(cell, width)


def _widest(text: str) -> int:
    return max((cells(click.unstyle(line)) for line in text.splitlines()), default=0)


def _part(
    rows: list[list[Any]], heads: list[str], columns: list[int], options: dict[str, Any]
) -> tuple[list[list[Any]], list[str], dict[str, Any]]:
    """Some of a table's columns, with their column-by-column options."""
    part_rows = [[row[i] for i in columns] for row in rows]
    part_heads = [heads[i] for i in columns] if heads else []
    part_options = dict(options)
    for key in ("colalign", "floatfmt", "maxcolwidths"):
        value = options.get(key)
        if isinstance(value, list | tuple):
            # a list may be shorter than the row: the rest take the default
            known = [i for i in columns if i < len(value)]
            part_options[key] = [value[i] for i in columns[: len(known)]]
    numparse = options.get("disable_numparse")
    if isinstance(numparse, list | tuple):
        part_options["disable_numparse"] = [columns.index(i) for i in numparse if i in columns]
    return part_rows, part_heads, part_options


def _column_width(rows: Sequence[Sequence[Any]], headers: Sequence[str] | str, index: int) -> int:
    texts = [str(row[index]) for row in rows if len(row) > index]
    if not isinstance(headers, str) and len(headers) > index:
        texts.append(str(headers[index]))
    return max((cells(line) for cell in texts for line in cell.splitlines()), default=0)


def choose(width: int | None, color: str, stream: Any = None, to_file: bool = False) -> Layout:
    """The layout for one command's output.

    Width: ``--width``; else ``COLUMNS``; else the terminal's, when the
    output is a terminal; else unbounded.  Colour (``--color``): ``always``,
    ``never``, or ``auto`` — only on a terminal, and never with ``NO_COLOR``.
    """
    stream = sys.stdout if stream is None else stream
    tty = not to_file and _isatty(stream)
    if width is None:
        columns = os.environ.get("COLUMNS", "")
        if columns.isascii() and columns.isdigit() and int(columns) > 0:
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
