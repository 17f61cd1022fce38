"""The tables laid out without tabulate are tabulate's, byte for byte."""

from __future__ import annotations

import random
import textwrap

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


def _columns(text: str) -> list[int]:
    """Screen width of each line (a CJK character two columns)."""
    return [layout.cells(line) for line in text.splitlines()]


def test_a_table_with_wide_characters_lines_up_on_the_screen() -> None:
    """Four CJK characters are eight columns on a screen: counted as four,
    the row came out four columns wider than the others, every column after
    the name shifted."""
    rows = [["Jean", "1", "3"], ["\u5c71\u7530\u592a\u90ce", "1", "3"], ["(seat S)", "1", "2"]]
    text = layout.Layout().table(rows, ["player", "games", "tricks"])
    widths = _columns(text)
    assert len(set(widths[2:])) == 1, text  # every row as wide as the others
    assert layout.cells("\u5c71\u7530\u592a\u90ce") == 8 and layout.cells("Jos\u00e9") == 4
    assert layout.cells("Jose\u0301") == 4  # a combining accent takes no column


def test_sentences_with_wide_characters_are_wrapped_by_screen_width() -> None:
    event = " ".join(["\u30af\u30e9\u30d6\u306e\u591c"] * 5)  # 5 words of 10 columns
    text = layout.Layout(width=40).para(f"Game 1: {event}", hang="  ")
    assert max(_columns(text)) <= 40 and len(text.splitlines()) == 2
    assert text.splitlines()[1].startswith("  ")
    # narrow text is wrapped by textwrap, as before
    plain = "word " * 30
    assert layout.fill(plain, 40) == textwrap.fill(
        plain, 40, break_long_words=False, break_on_hyphens=False
    )


def test_a_label_column_wraps_when_the_sentences_alone_cannot_make_room() -> None:
    """stats' surprises: a label of 36 characters beside a column of
    sentences went past 40 columns, however narrow the sentences."""
    rows = [
        [
            "points to the side with fewer tricks",
            "2",
            "40%",
            "of 5 points (5 deals with trick counts)",
        ],
        ["deals decided by a tie-break", "2", "40%", "of 5 deals won on trick counts"],
    ]
    for width in (40, 45, 50, 53):
        text = layout.Layout(width=width).table(rows, wrap=3, keep=1)
        assert max(_columns(text)) <= width, (width, text)
        assert "points to the side" in text and "of 5 points" in text
