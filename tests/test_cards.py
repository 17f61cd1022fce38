"""The vocabulary (``aluette_cli/cards.py``): the deck, the words for cards, seats and teams.

Every other module takes these for granted: the parser turns what a scorer
typed into canonical codes with :func:`canonical_card`, the engine and the
generator go round the table with :func:`left_of` and :func:`seats_from`,
and the score is kept by team.  A mistake here would show up everywhere at
once and be hard to trace, so it is held here first, against values written
out by hand from docs/rules.md §1-2 and docs/notation.md §2, never against
the module's own tables.
"""

from __future__ import annotations

import re

import pytest

from aluette_cli.cards import (
    DECK,
    DECK_SET,
    HAND_SIZE,
    NAMED_CARDS,
    SEATS,
    STOCK_SIZE,
    TEAMS,
    TRICKS_PER_DEAL,
    Seat,
    Team,
    canonical_card,
    card_name,
    left_of,
    other_team,
    seats_from,
    side_team,
    team_of,
)

from .test_engine import ROWS

# notation.md §2: ranks 1-9, V, C, R; suits coins d, cups c, clubs b, swords e.
COINS = ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Vd", "Cd", "Rd"]
CUPS = ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Vc", "Cc", "Rc"]
CLUBS = ["1b", "2b", "3b", "4b", "5b", "6b", "7b", "8b", "9b", "Vb", "Cb", "Rb"]
SWORDS = ["1e", "2e", "3e", "4e", "5e", "6e", "7e", "8e", "9e", "Ve", "Ce", "Re"]
EVERY_CARD = [*COINS, *CUPS, *CLUBS, *SWORDS]

# notation.md §2, the table of named cards, as a scorer may type them.
NAMES = {
    "monsieur": "3d",
    "madame": "3c",
    "borgne": "2d",
    "vache": "2c",
    "grand-neuf": "9c",
    "petit-neuf": "9d",
    "deux-de-chene": "2b",
    "deux-d-ecrit": "2e",
}

# --------------------------------------------------------------------------
# The deck


def test_the_deck_is_the_four_suits_in_rank_order_one_after_another() -> None:
    # The order hands are sorted in: coins, cups, clubs, swords, each 1 to R.
    assert list(DECK) == EVERY_CARD
    assert frozenset(EVERY_CARD) == DECK_SET
    assert len(DECK) == len(DECK_SET) == 48  # 4 suits x 12 ranks, none twice


def test_the_deck_is_exactly_the_cards_of_the_ranking_table() -> None:
    # rules.md §1, its 19 rows (copied in tests/test_engine.py): every card
    # of the deck on one row, and no other card
    ranked = [card for row in ROWS for card in row]
    assert sorted(ranked) == sorted(DECK)


def test_a_deal_is_four_hands_of_nine_a_stock_of_twelve_and_nine_tricks() -> None:
    # rules.md §2: nine cards to each of four players, twelve left in the
    # stock (4 x 9 + 12 = 48, the deck), and all nine tricks are played.
    assert (HAND_SIZE, STOCK_SIZE, TRICKS_PER_DEAL) == (9, 12, 9)


# --------------------------------------------------------------------------
# Reading a card


@pytest.mark.parametrize("card", EVERY_CARD)
def test_a_canonical_code_reads_as_itself(card: str) -> None:
    assert canonical_card(card) == card


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("Ad", "1d"),  # A is the ace
        ("Ao", "1d"),  # and o is coins: both aliases in one token
        ("1o", "1d"),
        ("Kc", "Rc"),  # K is the king
        ("Ko", "Rd"),
        ("Jb", "Vb"),  # J is the valet
        ("Jo", "Vd"),
        ("3o", "3d"),
        ("Co", "Cd"),  # C is the cavalier's own letter, o still coins
        ("Ae", "1e"),
    ],
)
def test_an_alias_reads_as_the_canonical_code(token: str, card: str) -> None:
    assert canonical_card(token) == card


@pytest.mark.parametrize(("name", "card"), NAMES.items())
def test_a_named_card_reads_as_its_code(name: str, card: str) -> None:
    assert canonical_card(name) == card


def test_exactly_eight_cards_may_be_written_by_name() -> None:
    assert NAMED_CARDS == NAMES


@pytest.mark.parametrize(
    "token",
    [
        "3D",  # case matters (notation.md §2)
        "1x",  # no suit x
        "10d",  # the ten is not in the deck, and a card is two characters
        "0d",
        "d3",  # rank first, then suit
        "ad",  # the aliases are upper case A, J, K and lower case o
        "kc",
        "3O",
        "oA",  # an alias counts only in its own place
        "",
        "3",
        "3dd",
        " 3d",  # whitespace is the reader's business, not part of a card
        "Monsieur",  # names are lower case
        "deux-de-chêne",  # and without accents
        "deux de chêne",  # the spelling used on output is not read back
        "trois",
    ],
)
def test_anything_else_is_refused_and_named_in_the_error(token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(token))):
        canonical_card(token)


# --------------------------------------------------------------------------
# A card in words


@pytest.mark.parametrize(
    ("card", "words"),
    [
        ("Rc", "king of cups"),
        ("1d", "ace of coins"),
        ("Vb", "valet of clubs"),
        ("Ce", "cavalier of swords"),
        ("4d", "four of coins"),
        ("5c", "five of cups"),
        ("6b", "six of clubs"),
        ("7e", "seven of swords"),
        ("8c", "eight of cups"),
        ("9e", "nine of swords"),  # the nines of cups and coins have names, not this one
        ("3b", "three of clubs"),  # nor the threes of clubs and swords
        ("2e", "two of swords (deux d'écrit)"),  # output spells it as said, with accents
        ("2b", "two of clubs (deux de chêne)"),
        ("3d", "three of coins (monsieur)"),
        ("3c", "three of cups (madame)"),
        ("2d", "two of coins (borgne)"),
        ("2c", "two of cups (vache)"),
        ("9c", "nine of cups (grand-neuf)"),
        ("9d", "nine of coins (petit-neuf)"),
    ],
)
def test_a_card_is_named_rank_of_suit_with_its_nickname(card: str, words: str) -> None:
    assert card_name(card) == words


def test_only_the_eight_named_cards_carry_a_nickname() -> None:
    nicknamed = {card for card in EVERY_CARD if card_name(card).endswith(")")}
    assert nicknamed == set(NAMES.values())


# --------------------------------------------------------------------------
# Seats and teams


def test_the_seats_go_clockwise_and_the_teams_are_ns_and_ew() -> None:
    assert SEATS == ("N", "E", "S", "W")
    assert TEAMS == ("NS", "EW")


def test_a_seat_is_its_plain_letter_wherever_it_is_shown() -> None:
    # So a dict keyed by Seat or Team reads back with plain strings and prints as before.
    assert Seat.N == "N" and Seat("E") is Seat.E
    assert {Seat.S: 1}["S"] == 1
    assert f"{Seat.W}" == "W"
    assert repr({Team.NS: 3, Seat.E: 1}) == "{'NS': 3, 'E': 1}"


@pytest.mark.parametrize(("seat", "left"), [("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")])
def test_the_seat_on_the_left_is_the_next_one_clockwise(seat: str, left: str) -> None:
    assert left_of(seat) is Seat(left)
    assert Seat(seat).left is Seat(left)


@pytest.mark.parametrize(
    ("leader", "order"),
    [("N", "NESW"), ("E", "ESWN"), ("S", "SWNE"), ("W", "WNES")],
)
def test_play_goes_round_clockwise_from_the_leader(leader: str, order: str) -> None:
    assert seats_from(leader) == tuple(Seat(s) for s in order)


def test_the_player_on_the_dealers_left_leads() -> None:
    # rules.md §3's example: dealt by W, so N leads and trick 1 is N E S W.
    assert seats_from(left_of("W")) == ("N", "E", "S", "W")
    # and with dealer N, E leads: E S W N.
    assert seats_from(left_of(Seat.N)) == ("E", "S", "W", "N")


@pytest.mark.parametrize(
    ("seat", "partner", "team"),
    [("N", "S", "NS"), ("E", "W", "EW"), ("S", "N", "NS"), ("W", "E", "EW")],
)
def test_partners_sit_opposite_and_make_a_team(seat: str, partner: str, team: str) -> None:
    assert Seat(seat).partner is Seat(partner)
    assert team_of(seat) is Team(team)
    assert Seat(seat).team is Team(team)
    assert seat in Team(team).seats and partner in Team(team).seats


def test_the_teams_alternate_round_the_table() -> None:
    # N E S W: each player's left-hand neighbour is an opponent.
    assert [team_of(s) for s in "NESW"] == ["NS", "EW", "NS", "EW"]
    assert all(team_of(left_of(s)) != team_of(s) for s in "NESW")


@pytest.mark.parametrize(("team", "seats"), [("NS", ("N", "S")), ("EW", ("E", "W"))])
def test_a_team_is_its_two_seats_in_clockwise_order(team: str, seats: tuple[str, str]) -> None:
    assert Team(team).seats == seats


@pytest.mark.parametrize(("team", "other"), [("NS", "EW"), ("EW", "NS")])
def test_the_other_team_is_the_opponents(team: str, other: str) -> None:
    assert other_team(team) is Team(other)
    assert Team(team).other is Team(other)


def test_a_point_line_s_side_names_a_team_itself_or_by_a_seat() -> None:
    assert [side_team(side) for side in ("NS", "EW", "N", "E", "S", "W")] == [
        Team.NS, Team.EW, Team.NS, Team.EW, Team.NS, Team.EW,
    ]  # fmt: skip
    assert all(type(side_team(side)) is Team for side in ("NS", "W"))
