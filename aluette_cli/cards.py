"""Cards, seats and teams of Aluette, and the words people use for them.

A card is its canonical two-character code (``"3d"``, ``"Rc"``): a plain
string is hashable, cheap to compare and prints as the notation writes it,
so the rest of the code never needs a card class.  The ranking of cards is
not here: it belongs to a ruleset (see :mod:`aluette_cli.rules`), because
house rules may change it.
"""

from __future__ import annotations

RANKS = "123456789VCR"
SUITS = "dcbe"

#: The 48 cards, suit by suit, in rank order: the order used for sorting hands.
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
DECK_SET = frozenset(DECK)

RANK_ALIASES = {"A": "1", "J": "V", "K": "R"}
SUIT_ALIASES = {"o": "d"}

#: The eight cards with a name of their own, accepted on input.
NAMED_CARDS = {
    "monsieur": "3d",
    "madame": "3c",
    "borgne": "2d",
    "vache": "2c",
    "grand-neuf": "9c",
    "petit-neuf": "9d",
    "deux-de-chene": "2b",
    "deux-d-ecrit": "2e",
}
CARD_NICKNAMES = {code: name for name, code in NAMED_CARDS.items()}
# Output spells the last two as a player would say them.
CARD_NICKNAMES["2b"] = "deux de chêne"
CARD_NICKNAMES["2e"] = "deux d'écrit"

RANK_NAMES = {
    "1": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "V": "valet",
    "C": "cavalier",
    "R": "king",
}
SUIT_NAMES = {"d": "coins", "c": "cups", "b": "clubs", "e": "swords"}

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")


def canonical_card(token: str) -> str:
    """The canonical code for a card as written in a record (aliases and names allowed).

    Raises ``ValueError`` for anything that is not one of the 48 cards, so a
    caller cannot mistake a typo for a card.
    """
    named = NAMED_CARDS.get(token)
    if named is not None:
        return named
    if len(token) == 2:
        rank = RANK_ALIASES.get(token[0], token[0])
        suit = SUIT_ALIASES.get(token[1], token[1])
        card = rank + suit
        if card in DECK_SET:
            return card
    raise ValueError(f"not a card: {token!r}")


def card_name(card: str) -> str:
    """A card in words: 'king of cups', 'three of coins (monsieur)'."""
    words = f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    nickname = CARD_NICKNAMES.get(card)
    return f"{words} ({nickname})" if nickname else words


def left_of(seat: str) -> str:
    """The next seat clockwise: play and the deal pass to the left."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def seats_from(leader: str) -> tuple[str, ...]:
    """The four seats in play order, starting with ``leader``."""
    i = SEATS.index(leader)
    return SEATS[i:] + SEATS[:i]


def team_of(seat: str) -> str:
    """The partnership a seat belongs to: partners sit opposite."""
    return "NS" if seat in ("N", "S") else "EW"


def other_team(team: str) -> str:
    return "EW" if team == "NS" else "NS"


HAND_SIZE = 9
STOCK_SIZE = 12
TRICKS_PER_DEAL = 9
