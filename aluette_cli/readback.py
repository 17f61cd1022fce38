"""Whether ALN written by the tool reads back whole.

The formatter joins what a scorer spread over lines (a comment onto its
trick line, a run of comments into one) and may add seat letters: a record
the reader takes whole can come out with a line, or a deal, past the
reader's limits (A009, docs/notation.md §11), which the reader would cut and
skip.  A text that would be cut must not replace the one read.  It is read
back with the reader's own cut (:func:`reading.read_units`, units, not
parsed), so that what counts as a deal, a comment or a line is the reader's
and no one else's.
"""

from __future__ import annotations

from typing import BinaryIO

from . import findings as F
from .model import MAX_DEALS, Game, Pos
from .reading import read_units
from .reading.records import DealCount


def past_limits(written: BinaryIO) -> str | None:
    """Where the text in ``written`` (a file that can be read again, read
    from its start and put back there) does not read back whole: the first
    limit of the reader it passes, at its line; None when it reads back whole."""
    written.seek(0)
    try:
        place = DealCount()  # (a game's deals, and their characters, counted as read)
        for unit in read_units(written):
            for finding in unit.findings:
                if finding.code == F.OVER_LIMIT:
                    return f"at line {finding.line}, {finding.message} (A009)"
            if place(unit) > MAX_DEALS:
                cut = Game(0, Pos(unit.line, unit.column))
                finding = cut.cut_past_deals(unit.line, unit.column, place.too_long)
                return f"at line {finding.line}, {finding.message} (A009)"
        return None
    finally:
        written.seek(0)
