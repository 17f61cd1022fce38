"""Renderers: one checked game turned into what a command prints.

Under ``--jobs`` they run in the worker processes (the text is the costly
part), so they are module-level functions returning picklable results.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from .analysis import GameAnalysis, Limits
from .findings import Finding
from .pipeline import OUTCOMES, CheckedGame, Consumer
from .tables import game_tables
from .writers.analysis import analysis_dict, analysis_text
from .writers.layout import PLAIN, Layout
from .writers.report import game_json, game_text
from .writers.tables import csv_header, csv_text, jsonl_text


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


@dataclass(frozen=True, slots=True)
class FindingsOnly:
    """Only the findings: ``validate`` words them itself, after --select/--ignore.

    What it renders names its game only in its findings, so :meth:`shift`
    can move it to another game index: a big file's parts can then be
    checked apart, each counting its games from 1 (:class:`parallel.Shard`).
    """

    def __call__(self, checked: CheckedGame, file: str) -> Rendered:
        return Rendered(checked.outcome.findings, checked.deals_read)

    @staticmethod
    def shift(rendered: Rendered, games: int) -> Rendered:
        """The same game as the ``games``-th after it in its file."""
        findings = [
            f if f.game is None else replace(f, game=f.game + games) for f in rendered.findings
        ]
        return Rendered(findings, rendered.deals)


render_findings = FindingsOnly()


@dataclass(frozen=True, slots=True)
class ReportText:
    """The text report for a :class:`Layout` (a picklable render, for ``-j``)."""

    layout: Layout = PLAIN

    def __call__(self, checked: CheckedGame, file: str) -> Rendered:
        text = game_text(checked, file, self.layout)
        return Rendered(checked.outcome.findings, checked.deals_read, text)


render_report_text = ReportText()


@dataclass(frozen=True, slots=True)
class ReportJson:
    """The report's JSON of a game: its object, or (``lines``) that object on
    a line of its own, as ``report --format jsonl`` lists the games."""

    lines: bool = False

    @property
    def wants(self) -> Consumer:
        """The outcomes of the deals read, and of each deal the quick check
        finds right its JSON, written from what the check read
        (:mod:`aluette_cli.jsonstamp`)."""
        from .jsonstamp import reported  # the quick check's patterns cost start-up: only here

        return Consumer(deals=False, outcomes=True, models=False, stamp=reported)

    def __call__(self, checked: CheckedGame, file: str) -> Rendered:
        text = game_json(checked, file) + ("\n" if self.lines else "")
        return Rendered(checked.outcome.findings, checked.deals_read, text)


render_report_json = ReportJson()
#: One line per game: the object ``report --format json`` lists under "games".
render_report_jsonl = ReportJson(lines=True)


def report_keep(render: Callable[[CheckedGame, str], Rendered]) -> Consumer:
    """What a report's render wants of each game, as it declares it
    (``wants``): by default the outcomes of the deals, never read into the
    model when the quick check finds them right."""
    wants = getattr(render, "wants", OUTCOMES)
    assert isinstance(wants, Consumer)
    return wants


def render_table(
    checked: CheckedGame, file: str, fmt: str, level: str, raw_csv: bool = False
) -> Rendered:
    """One game's rows of the results table ``level``, as CSV or JSON Lines."""
    tables = [game_tables(checked, file)]
    text = csv_text(tables, level, raw_csv) if fmt == "csv" else jsonl_text(tables, level)
    return Rendered(checked.outcome.findings, checked.deals_read, text)


def table_output(
    fmt: str, level: str | None, raw_csv: bool = False
) -> tuple[Callable[[CheckedGame, str], Rendered], str]:
    """What ``report --format csv|jsonl [--level L]`` renders each game with, and
    what it prints before the first: JSON Lines without a level is one game a
    line; otherwise the table ``level`` (``game`` by default), CSV with its header."""
    if fmt == "jsonl" and level is None:
        return render_report_jsonl, ""
    level = level or "game"
    opening = csv_header(level) if fmt == "csv" else ""
    return partial(render_table, fmt=fmt, level=level, raw_csv=raw_csv), opening


def render_analysis_text(
    checked: CheckedGame, analysis: GameAnalysis, file: str, limits: Limits
) -> Rendered:
    text = analysis_text(checked, analysis, file, limits)
    return Rendered(checked.outcome.findings, checked.deals_read, text)


def render_analysis_json(
    checked: CheckedGame, analysis: GameAnalysis, file: str, limits: Limits
) -> Rendered:
    text = json.dumps(analysis_dict(checked, analysis, file))
    return Rendered(checked.outcome.findings, checked.deals_read, text)
