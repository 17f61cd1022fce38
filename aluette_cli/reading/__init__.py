"""Reading ALN: bytes with limits, to lines, to units, to the model.

Every reader of ALN text goes through this package, so the limits, the
unit boundaries and the model are the same for every command:

1. :mod:`.decode` turns bytes into lines within the limits (a bad byte or a
   line too long is reported where it stands, and never stops the reading).
2. :mod:`.split` cuts the lines into units, a tag section or one deal,
   without the grammar, so that it keeps working where the grammar fails.
3. Each unit becomes model objects: by :mod:`.fastpath` for canonical
   lines, else by :mod:`.grammar`, and a deal the grammar cannot read whole
   by :mod:`.recover`, line by line; :mod:`.syntax` words what cannot be read.
4. :mod:`.records` puts the records together into games as they come.

:func:`read_units` and :func:`read_records` (or :func:`read_games`, a game
held whole) are the entry points.
"""

from .records import (
    DealCount,
    GameCut,
    header_number,
    parse_unit,
    parse_unit_with_grammar,
    read_games,
    read_records,
    read_units,
)
from .split import LOOKAHEAD_LINES, SplitEnd, Unit

__all__ = [
    "LOOKAHEAD_LINES", "DealCount", "GameCut", "SplitEnd", "Unit", "header_number", "parse_unit",
    "parse_unit_with_grammar", "read_games", "read_records", "read_units",
]  # fmt: skip
