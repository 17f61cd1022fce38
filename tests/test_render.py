"""A render says what it wants of each game, and the pipeline gives that.

``report`` hands the pipeline what its render declares (``wants``), as a
python-chess visitor declares what it wants of a game; nothing picks a mode
by which function the render is."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import partial

import pytest

from aluette_cli import jsonstamp
from aluette_cli.pipeline import (
    EVERYTHING,
    FINDINGS,
    OUTCOMES,
    CheckedGame,
    Consumer,
    check_source,
    consumer,
)
from aluette_cli.render import (
    Rendered,
    ReportJson,
    render_report_json,
    render_report_jsonl,
    render_table,
    report_keep,
)

from .conftest import generated


@dataclass(frozen=True)
class CountsOnly:
    """A render of a caller's own, which wants nothing but the findings."""

    wants: Consumer = FINDINGS

    def __call__(self, checked: CheckedGame, file: str) -> Rendered:
        return Rendered(checked.outcome.findings, checked.deals_read)


def test_a_render_is_given_what_it_declares() -> None:
    assert report_keep(CountsOnly()) is FINDINGS
    assert report_keep(partial(render_table, fmt="csv", level="deal")) == OUTCOMES
    for render in (render_report_json, render_report_jsonl, ReportJson()):
        wants = report_keep(render)
        assert wants.stamp is jsonstamp.reported and wants.gives == "plays"
        assert (wants.deals, wants.outcomes, wants.models) == (False, True, False)


def test_the_api_words_name_consumers() -> None:
    assert consumer(True) is EVERYTHING
    assert consumer(False) is FINDINGS
    assert consumer("outcomes") is OUTCOMES
    assert consumer(OUTCOMES) is OUTCOMES
    with pytest.raises(ValueError, match="keep must be"):
        consumer("everything")  # type: ignore[arg-type]


def test_each_consumer_keeps_what_it_wants() -> None:
    text = generated(3, "--games", "2").encode("utf-8")
    for wants, deals, outcomes in [
        (EVERYTHING, True, True),
        (FINDINGS, False, False),
        (OUTCOMES, False, True),
        (Consumer(deals=True, outcomes=False), True, False),
    ]:
        for game in check_source(io.BytesIO(text), keep=wants):
            assert bool(game.game.deals) == deals
            assert bool(game.outcome.deals) == outcomes
            assert game.deals_read == 5
