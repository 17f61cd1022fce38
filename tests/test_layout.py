"""The tables laid out without tabulate are tabulate's, byte for byte."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from aluette_cli.generate import random_game
from aluette_cli.pipeline import RuleChoice, check_game
from aluette_cli.rules import load_ruleset
from aluette_cli.writers import layout
from aluette_cli.writers.report import TRICK_ALIGN, TRICK_HEADERS, _trick_rows

#: Cells as tables hold them: words, numbers, cards, accents, a middle dot,
#: spaces around them, and now and then what only tabulate lays out (a line
#: break, a tab, an escape code, a combining accent, a wide character).
CELL = st.lists(
    st.sampled_from([*"ab1 .-e3dêé·(", "\n", "\t", "\x1b[1m", "e\u0301", "字"]), max_size=8
).map("".join)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[list[str]], list[str], list[str]]:
    columns = draw(st.integers(1, 5))
    headers = draw(st.lists(CELL, min_size=columns, max_size=columns))
    rows = draw(
        st.lists(st.lists(CELL, min_size=columns, max_size=columns), min_size=1, max_size=5)
    )
    align = draw(st.lists(st.sampled_from(["left", "right"]), min_size=columns, max_size=columns))
    return rows, headers, align


@settings(max_examples=300)
@given(tables())
def test_a_simple_table_is_tabulates_or_is_left_to_it(
    table: tuple[list[list[str]], list[str], list[str]],
) -> None:
    rows, headers, align = table
    made = layout.simple_table(rows, headers, align)
    expected = tabulate(rows, headers=headers, disable_numparse=True, colalign=align)
    assert made is None or made == expected
    assert layout.tabulate(rows, headers, disable_numparse=True, colalign=align) == expected


def test_plain_tables_are_laid_out_here() -> None:
    rows = [["1", "N", "2b (deux de chêne) beats Vb (valet)"], ["10", "", "  x  "]]
    assert layout.simple_table(rows, ["#", "who", "why"], ["right", "left", "left"]) is not None


def test_the_trick_table_says_what_tabulate_would_guess() -> None:
    """The report's columns are told, not guessed, and come out as tabulate's
    guesses did: the number on the right, every card, seat and reason on the left."""
    rng = random.Random(7)
    ruleset = load_ruleset("classic")
    laid_out_here = 0
    for index in range(1, 30):
        checked = check_game(random_game(index, ruleset, rng), RuleChoice())
        for deal in checked.outcome.deals:
            rows = _trick_rows(deal, ruleset)
            guessed = tabulate(rows, headers=TRICK_HEADERS)
            told = layout.PLAIN.table(
                rows, TRICK_HEADERS, colalign=TRICK_ALIGN, disable_numparse=True
            )
            assert told == guessed
            laid_out_here += layout.simple_table(rows, TRICK_HEADERS, TRICK_ALIGN) is not None
    assert laid_out_here > 100
