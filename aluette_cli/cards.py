"""Cards, seats and teams of Aluette, and the words people use for them.

A card is its canonical two-character code (``"3d"``, ``"Rc"``): a plain
string is hashable, cheap to compare and prints as the notation writes it,
so the rest of the code never needs a card class.  The ranking of cards is
not here: it belongs to a ruleset (see :mod:`aluette_cli.rules`), because
house rules may change it.
"""

from __future__ import annotations

from enum import StrEnum

RANKS = "123456789VCR"
SUITS = "dcbe"

#: The 48 cards, suit by suit, in rank order: the order used for sorting hands.
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
DECK_SET = frozenset(DECK)
#: Each card's code to the one string that stands for it: a record names the
#: same 48 cards tens of times a deal, and a game held whole would otherwise
#: hold a string of its own for every card written.
_THE_CARD = {card: card for card in DECK}

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


class Seat(StrEnum):
    """A place at the table.  A ``str`` too: ``Seat.N == "N"``, so the model's
    plain strings and the vocabulary mix freely, and output is unchanged."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # Shown as the plain string it equals: a score or count dict reads
    # {'NS': 3} in a program's output, as it always has.
    __repr__ = str.__repr__

    @property
    def left(self) -> Seat:
        """The next seat clockwise: play and the deal pass to the left."""
        return _LEFT[self]

    @property
    def partner(self) -> Seat:
        """Partners sit opposite."""
        return _PARTNER[self]

    @property
    def team(self) -> Team:
        return _TEAM[self]


class Team(StrEnum):
    """A partnership: the two seats that face each other."""

    NS = "NS"
    EW = "EW"

    __repr__ = str.__repr__

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)


SEATS: tuple[Seat, ...] = tuple(Seat)
TEAMS: tuple[Team, ...] = tuple(Team)
_LEFT = {seat: SEATS[(i + 1) % 4] for i, seat in enumerate(SEATS)}
_PARTNER = {seat: SEATS[(i + 2) % 4] for i, seat in enumerate(SEATS)}
_TEAM = {Seat.N: Team.NS, Seat.S: Team.NS, Seat.E: Team.EW, Seat.W: Team.EW}
_FROM = {seat: SEATS[i:] + SEATS[:i] for i, seat in enumerate(SEATS)}


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
        card = _THE_CARD.get(rank + suit)
        if card is not None:
            return card
    raise ValueError(f"not a card: {token!r}")


def card_name(card: str) -> str:
    """A card in words: 'king of cups', 'three of coins (monsieur)'."""
    words = f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    nickname = CARD_NICKNAMES.get(card)
    return f"{words} ({nickname})" if nickname else words


def left_of(seat: str) -> Seat:
    """The next seat clockwise: play and the deal pass to the left."""
    return _LEFT[seat]  # type: ignore[index]


def seats_from(leader: str) -> tuple[Seat, ...]:
    """The four seats in play order, starting with ``leader``."""
    return _FROM[leader]  # type: ignore[index]


def team_of(seat: str) -> Team:
    """The partnership a seat belongs to: partners sit opposite."""
    return _TEAM[seat]  # type: ignore[index]


def side_team(side: str) -> Team:
    """The team a side of a point line names: a team, or a seat's team (a
    player scores for the partnership)."""
    return Team(side) if side in TEAMS else team_of(side)


def other_team(team: str) -> Team:
    return Team.EW if team == "NS" else Team.NS


HAND_SIZE = 9
STOCK_SIZE = 12
TRICKS_PER_DEAL = 9
