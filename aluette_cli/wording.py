"""How things are said: lists, counts and cards in the words of the messages.

Findings, the report and the policies all speak of cards, seats and counts;
saying them in one place keeps every sentence of the tool alike.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import Any

from .cards import CARD_NICKNAMES, RANK_NAMES, card_name


def listed(items: Iterable[str]) -> str:
    """'N', 'N and E', 'N, E and S'."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def either(items: Iterable[str]) -> str:
    """'N', 'N or E', 'N, E or S'."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def plural(n: int, word: str) -> str:
    """'1 trick', '2 tricks'; 'entry' becomes 'entries'."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("ry") else f"{n} {word}s"


def plural_grouped(n: int, word: str) -> str:
    """:func:`plural`, its thousands grouped: '1 line', '999,900 lines'."""
    return plural(n, word).replace(str(n), f"{n:,}", 1)


def named(card: str) -> str:
    """'3d (monsieur)', '1e (ace of swords)': the code with what a player calls it."""
    return f"{card} ({CARD_NICKNAMES.get(card) or card_name(card)})"


def short_name(card: str) -> str:
    """'monsieur', 'king', 'nine': what a player calls the card at the table."""
    return CARD_NICKNAMES.get(card) or RANK_NAMES[card[0]]


class _Wording(string.Formatter):
    """``str.format`` with the tool's own format specs, so that message
    templates hold facts and not pre-made phrases:

    - ``{seats:and}`` — a list as 'N, E and S';
    - ``{seats:or}`` — a list as 'N, E or S';
    - ``{card:named}`` — '3d (monsieur)';
    - ``{n:plural card}`` — '1 card', '2 cards'.
    - ``{n:plural, line}`` — the same, its thousands grouped: '1,200 lines'.
    """

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "and":
            return listed(value)
        if format_spec == "or":
            return either(value)
        if format_spec == "named":
            return named(value)
        if format_spec.startswith("plural, "):
            return plural_grouped(value, format_spec[8:])
        if format_spec.startswith("plural "):
            return plural(value, format_spec[7:])
        return str(super().format_field(value, format_spec))


_WORDING = _Wording()


def fill(template: str, facts: Mapping[str, Any]) -> str:
    """A template of :mod:`aluette_cli.findings` filled with a finding's facts."""
    return _WORDING.vformat(template, (), facts)


def tricks_named(numbers: Iterable[int]) -> str:
    """'trick 4', 'tricks 3 and 7'."""
    named = [str(n) for n in numbers]
    return f"{'trick' if len(named) == 1 else 'tricks'} {listed(named)}"
