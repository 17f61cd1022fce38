"""Renderers: one checked game turned into what a command prints.

Under ``--jobs`` they run in the worker processes (the text is the costly
part), so they are module-level functions returning picklable results.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .findings import Finding
from .pipeline import CheckedGame
from .writers.layout import PLAIN, Layout
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


def render_findings(checked: CheckedGame, file: str) -> Rendered:
    """Only the findings: ``validate`` words them itself, after --select/--ignore."""
    return Rendered(checked.outcome.findings, checked.deals_read)


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


@dataclass(frozen=True, slots=True)
class ReportText:
    """The text report for a :class:`Layout` (a picklable render, for ``-j``)."""

    layout: Layout = PLAIN

    def __call__(self, checked: CheckedGame, file: str) -> Rendered:
        text = game_text(checked, file, self.layout)
        return Rendered(checked.outcome.findings, checked.deals_read, text)


render_report_text = ReportText()


def render_report_json(checked: CheckedGame, file: str) -> Rendered:
    return Rendered(
        checked.outcome.findings, checked.deals_read, json.dumps(game_dict(checked, file))
    )
