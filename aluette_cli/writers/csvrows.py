"""One CSV row per card played: the shape spreadsheets, pandas and DuckDB want.

Rows come from the engine's outcome, so cards-only tricks get their seats
from the turn order and every row carries its trick's result.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import card_name
from ..pipeline import CheckedGame

CSV_COLUMNS = (
    "game",
    "deal",
    "dealer",
    "trick",
    "order",
    "seat",
    "card",
    "card_name",
    "rank_group",
    "trick_winner",
    "pourri",
)


def csv_rows(checked: CheckedGame) -> Iterator[list[object]]:
    outcome = checked.outcome
    ruleset = outcome.ruleset
    for deal in outcome.deals:
        for trick in deal.tricks:
            for order, (seat, card) in enumerate(trick.plays, 1):
                yield [
                    outcome.index,
                    deal.number,
                    deal.dealer,
                    trick.number,
                    order,
                    seat or "",
                    card,
                    card_name(card),
                    ruleset.rank_group(card) if ruleset else "",
                    trick.winner or "",
                    "true" if trick.pourri else "false",
                ]
