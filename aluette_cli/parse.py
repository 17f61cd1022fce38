"""The reading package's entry points under their former module name.

Kept only for :mod:`aluette_cli.jsonmodel`, which still imports from here;
everything else imports :mod:`aluette_cli.reading`.  Nothing is defined here.
"""

from __future__ import annotations

from .reading import LOOKAHEAD_LINES, Unit, parse_unit_with_grammar

__all__ = ["LOOKAHEAD_LINES", "Unit", "parse_unit_with_grammar"]
