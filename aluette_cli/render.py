"""Renderers: one checked game turned into what a command prints.

Under ``--jobs`` they run in the worker processes (the text is the costly
part), so they are module-level functions returning picklable results.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .analysis import GameAnalysis, Limits
from .findings import Finding
from .pipeline import CheckedGame
from .writers.analysis import analysis_dict, analysis_text
from .writers.report import game_dict, game_text


@dataclass(slots=True)
class Rendered:
    """One checked game as a command prints it, with what the exit status needs."""

    findings: list[Finding]
    deals: int
    text: str = ""
    checked: CheckedGame | None = None


def render_checked(checked: CheckedGame, file: str) -> Rendered:
    """No text: the game itself, for commands that add games up (``stats``)."""
    return Rendered(checked.outcome.findings, checked.deals_read, checked=checked)


def render_validate_text(checked: CheckedGame, file: str) -> Rendered:
    findings = checked.outcome.findings
    return Rendered(
        findings, checked.deals_read, "".join(f.format_line(file) + "\n" for f in findings)
    )


def render_validate_json(checked: CheckedGame, file: str) -> Rendered:
    findings = checked.outcome.findings
    return Rendered(
        findings, checked.deals_read, ",\n".join(json.dumps(f.as_dict(file)) for f in findings)
    )


def render_report_text(checked: CheckedGame, file: str) -> Rendered:
    return Rendered(checked.outcome.findings, checked.deals_read, game_text(checked, file))


def render_report_json(checked: CheckedGame, file: str) -> Rendered:
    return Rendered(
        checked.outcome.findings, checked.deals_read, json.dumps(game_dict(checked, file))
    )


def render_analysis_text(
    checked: CheckedGame, analysis: GameAnalysis, file: str, limits: Limits
) -> Rendered:
    text = analysis_text(checked, analysis, file, limits.time_limit)
    return Rendered(checked.outcome.findings, checked.deals_read, text)


def render_analysis_json(
    checked: CheckedGame, analysis: GameAnalysis, file: str, limits: Limits
) -> Rendered:
    text = json.dumps(analysis_dict(checked, analysis, file))
    return Rendered(checked.outcome.findings, checked.deals_read, text)
