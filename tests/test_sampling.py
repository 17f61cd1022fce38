"""The layouts of the unseen cards judged as seen (``aluette_cli.sampling``):
every fact the player saw holds in every layout, and the layouts that fit
are drawn alike.

The position is trick 8 of a classic deal built by hand (the record is in
test_analysis.py, FINESSE): after seven tricks and three cards of trick 8,
N holds 3c and 2c, E 2d, S 7c, W 5e; the twelve cards of the stock are
hidden.  N cannot see 15 cards: the three others' and the stock's.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from aluette_cli.cards import DECK
from aluette_cli.sampling import OUT, Holds, Layouts, Seen, Signalled, seen_by

TRICKS = [
    [("N", "1d"), ("E", "4c"), ("S", "4d"), ("W", "4e")],
    [("N", "5b"), ("E", "Rc"), ("S", "5d"), ("W", "6e")],
    [("E", "6c"), ("S", "6b"), ("W", "7e"), ("N", "1b")],
    [("N", "7b"), ("E", "1c"), ("S", "8d"), ("W", "8e")],
    [("E", "8c"), ("S", "9b"), ("W", "Ve"), ("N", "Rd")],
    [("N", "8b"), ("E", "Vc"), ("S", "Re"), ("W", "Cd")],
    [("S", "7d"), ("W", "Cb"), ("N", "3e"), ("E", "1e")],
    [("E", "5c"), ("S", "6d"), ("W", "3d")],
]
HANDS = {"N": ("3c", "2c"), "E": ("2d",), "S": ("7c",), "W": ("5e",)}
STOCK = ("2b", "2e", "3b", "4b", "9c", "9d", "9e", "Cc", "Ce", "Rb", "Vb", "Vd")


def _seen(seat: str = "N", signals: tuple[Signalled, ...] = (), out: tuple[str, ...] = ()) -> Seen:
    return seen_by(seat, HANDS, TRICKS, DECK, signals, out)


def _draws(seen: Seen, n: int, seed: int = 1) -> list[dict[str, tuple[str, ...]]]:
    layouts = Layouts(seen)
    rng = random.Random(seed)
    return [layouts.draw(rng) for _ in range(n)]


def test_what_n_cannot_see_is_the_others_cards_and_the_stock() -> None:
    seen = _seen()
    assert set(seen.pool) == {"2d", "7c", "5e", *STOCK}
    assert dict(seen.room) == {"E": 1, "S": 1, "W": 1, OUT: 12}
    assert seen.holds == ()
    assert Layouts(seen).count == math.factorial(15) // math.factorial(12)


def test_every_layout_deals_the_pool_by_the_rooms() -> None:
    seen = _seen()
    for layout in _draws(seen, 50):
        assert {h: len(c) for h, c in layout.items()} == dict(seen.room)
        assert sorted(c for cards in layout.values() for c in cards) == sorted(seen.pool)


def test_a_signalled_card_is_in_the_signallers_hand_in_every_layout() -> None:
    # Without the signal, 2d is in E's hand in one layout in 15.
    assert any("2d" not in layout["E"] for layout in _draws(_seen(), 30))
    seen = _seen(signals=(Signalled("E", "borgne", 0),))
    assert seen.holds == (Holds("E", frozenset({"2d"}), 1),)
    assert all(layout["E"] == ("2d",) for layout in _draws(seen, 200))
    # The others' cards and the stock are still dealt at random.
    assert len({layout["W"] for layout in _draws(seen, 200)}) > 5


def test_an_aces_signal_gives_the_signaller_that_many_aces_less_those_played_since() -> None:
    # Before trick 1, E signals two aces: E has played 1c and 1e since, so
    # E holds none now.  N holds no ace and has seen 1d, 1b, 1c, 1e played.
    seen = _seen(signals=(Signalled("E", "aces-2", 0),))
    assert seen.holds == ()  # no ace is left unseen: nothing to say
    # Earlier, at trick 4, with one ace of E's still to come (1e), E holds
    # exactly one ace among those N cannot see.
    hands = {"N": ("Rd", "8b", "3e", "3c", "2c"), "E": ("8c", "Vc", "1e", "5c", "2d")}
    hands |= {"S": ("8d", "9b", "Re", "7d", "6d", "7c"), "W": ("8e", "Ve", "Cd", "Cb", "3d", "5e")}
    tricks = [*TRICKS[:3], [("N", "7b"), ("E", "1c")]]
    seen = seen_by("N", hands, tricks, DECK, [Signalled("E", "aces-2", 0)])
    assert seen.holds == (Holds("E", frozenset({"1e"}), 1),)
    assert all("1e" in layout["E"] for layout in _draws(seen, 100))


def test_an_aces_signal_fixes_the_count_not_the_cards() -> None:
    pool = ("1d", "1c", "1b", "4d", "5d")
    seen = Seen("N", pool, (("E", 2), ("W", 2), (OUT, 1)), (Holds("W", frozenset(pool[:3]), 1),))
    counts = Counter(sum(c[0] == "1" for c in layout["W"]) for layout in _draws(seen, 300))
    assert counts == Counter({1: 300})
    assert {c for layout in _draws(seen, 300) for c in layout["W"] if c[0] == "1"} == set(pool[:3])


def test_the_layouts_that_fit_are_drawn_alike() -> None:
    """Worked by hand: W gets one of the three aces (3 ways) and one of the
    two other cards (2 ways); E and the stock share the rest, E two of the
    three (3 ways): 18 layouts.  Drawing the forced ace first and then
    dealing the rest without the table's weights would favour some."""
    pool = ("1d", "1c", "1b", "4d", "5d")
    seen = Seen("N", pool, (("E", 2), ("W", 2), (OUT, 1)), (Holds("W", frozenset(pool[:3]), 1),))
    everyone = set()
    for e in itertools.combinations(pool, 2):
        rest = [c for c in pool if c not in e]
        for w in itertools.combinations(rest, 2):
            if sum(c[0] == "1" for c in w) == 1:
                everyone.add((frozenset(e), frozenset(w)))
    assert len(everyone) == 18 == Layouts(seen).count
    n = 18 * 400
    drawn = Counter(
        (frozenset(layout["E"]), frozenset(layout["W"])) for layout in _draws(seen, n, seed=5)
    )
    assert set(drawn) == everyone
    # Each layout 400 times on average; a binomial's spread is about 20.
    assert all(abs(k - 400) < 5 * math.sqrt(400 * 17 / 18) for k in drawn.values())


def test_a_signal_the_player_can_see_is_false_says_nothing() -> None:
    # N holds madame itself; W played monsieur at trick 8, not E.
    assert _seen(signals=(Signalled("E", "madame", 0),)).holds == ()
    assert _seen(signals=(Signalled("E", "monsieur", 0),)).holds == ()
    # Monsieur signalled by W before trick 8 was W's, and W has played it since.
    assert _seen(signals=(Signalled("W", "monsieur", 7),)).holds == ()
    # Two players cannot both hold borgne: the first signal counts.
    both = _seen(signals=(Signalled("W", "borgne", 0), Signalled("E", "borgne", 0)))
    assert both.holds == (Holds("W", frozenset({"2d"}), 1),)


def test_signals_the_player_has_not_seen_yet_or_cannot_read_say_nothing() -> None:
    assert _seen(signals=(Signalled("E", "borgne", 8),)).holds == ()  # after trick 8
    assert _seen(signals=(Signalled("E", "useless-hand", 0),)).holds == ()
    # E's own signal tells E nothing.
    assert _seen("E", signals=(Signalled("E", "borgne", 0),)).holds == ()


def test_a_chanters_own_discards_are_out_of_play() -> None:
    discards = STOCK[:6]
    seen = _seen(out=discards)
    assert not set(discards) & set(seen.pool)
    assert dict(seen.room) == {"E": 1, "S": 1, "W": 1, OUT: 6}
    for layout in _draws(seen, 100):
        assert not set(discards) & {c for cards in layout.values() for c in cards}


def test_the_same_seed_draws_the_same_layouts() -> None:
    seen = _seen(signals=(Signalled("E", "borgne", 0),))
    assert _draws(seen, 20, seed=3) == _draws(seen, 20, seed=3)
    assert _draws(seen, 20, seed=3) != _draws(seen, 20, seed=4)


def test_facts_no_layout_fits_are_refused() -> None:
    seen = Seen("N", ("1d", "4d"), (("E", 1), (OUT, 1)), (Holds("E", frozenset({"1d"}), 2),))
    with pytest.raises(ValueError, match="no layout fits"):
        Layouts(seen)
