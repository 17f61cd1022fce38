"""aluette: read, check, explain and convert recorded games of Aluette.

The Python API (docs/api.md) is importable from here: ``aluette_cli.load``,
``aluette_cli.loads``, ``aluette_cli.dump`` and the rest of
:mod:`aluette_cli.api`.  They are imported on first use, so that
``import aluette_cli`` stays cheap for a program that only wants the version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .api import (
        CSV_COLUMNS,
        INPUT_FORMATS,
        LEVELS,
        OUTPUT_FORMATS,
        STYLES,
        TABLE_COLUMNS,
        CheckedGame,
        DealOutcome,
        Finding,
        Game,
        GameOutcome,
        ReadError,
        RuleChoice,
        Ruleset,
        RulesetError,
        TrickOutcome,
        check_files,
        csv_rows,
        dump,
        dumps,
        load,
        load_ruleset,
        loads,
        rule_choice,
        table_rows,
        to_dict,
    )

__all__ = [
    "CSV_COLUMNS",
    "INPUT_FORMATS",
    "LEVELS",
    "OUTPUT_FORMATS",
    "STYLES",
    "TABLE_COLUMNS",
    "CheckedGame",
    "DealOutcome",
    "Finding",
    "Game",
    "GameOutcome",
    "ReadError",
    "RuleChoice",
    "Ruleset",
    "RulesetError",
    "TrickOutcome",
    "__version__",
    "check_files",
    "csv_rows",
    "dump",
    "dumps",
    "load",
    "load_ruleset",
    "loads",
    "rule_choice",
    "table_rows",
    "to_dict",
]


def __getattr__(name: str) -> Any:
    if name in __all__ and name != "__version__":
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module 'aluette_cli' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
