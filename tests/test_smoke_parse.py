"""Reading the notation: units, positions, comments and recovery."""

from __future__ import annotations

import io

from aluette_cli.parse import read_games


def games(text: str):
    return list(read_games(io.BytesIO(text.encode("utf-8"))))


def test_a_bad_deal_costs_only_itself():
    text = (
        '[Event "x"]\n'
        "deal 1 dealer N\npoint NS\n"
        "deal 2 dealer E\n1. N:3x\n"
        "deal 3 dealer S\npoint EW\n"
    )
    (game,) = games(text)
    assert [type(d).__name__ for d in game.deals] == ["Deal", "BrokenDeal", "Deal"]
    (error,) = game.errors
    assert (error.code, error.line, error.column, error.deal) == ("A001", 5, 6, 2)
    assert "expected a card" in error.message
