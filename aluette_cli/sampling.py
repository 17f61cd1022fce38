"""Layouts of the unseen cards, as one player at the table could imagine them.

Judging a play as the player saw it (``analyse --as-seen``) means solving
it over layouts of the cards that player could not see, each drawn as
likely as any other layout that fits everything the player *did* see:

- the own hand, and every card played so far;
- how many cards each other player still holds;
- under the ``signals`` option, every signal made so far: signals are part
  of the rules there, made openly, and a false one is a breach (A406), so
  every player may take them at their word (``deal_checks.signal_says``
  reads them: a card's name says "I hold it", ``aces-N`` "I hold exactly N
  aces");
- under the ``chanter`` option, what a chanter saw of the stock: the cards
  it took and kept are in its hand, and the six it discarded are out of
  play.  The other chanter's stock cards were dealt face down: nobody else
  learns anything of the stock.

A signal still says something later on: a card signalled and not played
since is still in the signaller's hand, and of ``aces-N`` the signaller
keeps N less the aces it has played since.  A signal the player can see is
false (the card is in the player's own hand, another player played it, or
no layout fits it with the facts before it) is no fact, and is left out.
A signal that is false without the player being able to tell misleads the
layouts as it misled the table: that is what the player saw.

Not used: what a play suggests of the rest of a hand (a player who did not
take a trick cheaply may not hold the card to), which depends on how the
others play, not on the rules.  In Aluette any card may be played at any
time, so no play shows that a hand lacks a kind of card.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from .cards import DECK, SEATS
from .deal_checks import signal_says

#: The holder of the unseen cards nobody plays: the stock the rules keep
#: hidden, or the cards discarded in a chant.
OUT = "out"


@dataclass(frozen=True, slots=True)
class Holds:
    """A fact the player saw: ``seat`` holds exactly ``count`` of ``cards``,
    all of them cards the player cannot see."""

    seat: str
    cards: frozenset[str]
    count: int


@dataclass(frozen=True, slots=True)
class Signalled:
    """A signal of the record: who made it, what it was, and how many tricks
    had been played when it was made."""

    seat: str
    what: str
    before: int


@dataclass(frozen=True, slots=True)
class Seen:
    """What one player knows of the cards it cannot see, at one moment."""

    seat: str
    #: the cards the player cannot see, in deck order
    pool: tuple[str, ...]
    #: how many of them each other seat holds, and how many nobody plays
    #: (``OUT``), in seat order
    room: tuple[tuple[str, int], ...]
    #: the facts every layout must bear out
    holds: tuple[Holds, ...] = ()


def seen_by(
    seat: str,
    hands: Mapping[str, Iterable[str]],
    tricks: Sequence[Sequence[tuple[str, str]]],
    deck: Iterable[str],
    signals: Iterable[Signalled] = (),
    out: Collection[str] = (),
) -> Seen:
    """What ``seat`` knows when the others hold ``hands`` (its own hand
    included, as it is) after the plays of ``tricks`` (seat and card,
    trick by trick, the trick in progress last): the signals made before
    the trick in progress began, and ``out``, cards it knows nobody plays
    (its own chant discards).  A signal it can see is false is left out."""
    own = set(hands[seat])
    played = {card for trick in tricks for _, card in trick}
    pool = tuple(sorted(set(deck) - own - played - set(out), key=DECK.index))
    room: list[tuple[str, int]] = [
        (s, len(tuple(hands[s]))) for s in SEATS if s != seat and s in hands
    ]
    room.append((OUT, len(pool) - sum(n for _, n in room)))
    if room[-1][1] < 0:
        raise ValueError("the other hands hold more cards than the player cannot see")
    seen = Seen(seat, pool, tuple(room))
    current = len(tricks) - 1
    for signal in signals:
        fact = _signal_fact(signal, seat, set(pool), tricks, current)
        if fact is None or (not fact.cards and fact.count == 0):
            continue  # nothing the player does not know already
        tried = replace(seen, holds=(*seen.holds, fact))
        if next(_tables(tried), None) is not None:
            seen = tried
    return seen


def _signal_fact(
    signal: Signalled,
    seat: str,
    pool: set[str],
    tricks: Sequence[Sequence[tuple[str, str]]],
    current: int,
) -> Holds | None:
    """What ``signal`` still says to ``seat`` now, or None when it says
    nothing ``seat`` does not know (its own signal, one made later, one that
    names no card)."""
    if signal.seat == seat or signal.before > current:
        return None
    says = signal_says(signal.what)
    if says is None:
        return None
    cards, count = says
    since = {c for trick in tricks[signal.before :] for s, c in trick if s == signal.seat}
    return Holds(signal.seat, frozenset(cards & pool), count - len(cards & since))


# --------------------------------------------------------------------------
# Drawing layouts


class Layouts:
    """Layouts of ``seen.pool`` among the other seats and ``OUT``, each
    holding its room, every one that bears out ``seen.holds`` as likely as
    any other.

    Why uniform is right: the deal is a uniform shuffle, and each fact the
    player saw is one every fitting layout would have shown alike (a card
    held, a count of aces, a hand's size), so the layouts that fit are
    equally likely given what the player saw, and the others impossible.
    Where it is only near that: what players chose is weighted as chance
    would have it.  A chanter keeps its best cards, so a player who saw a
    chant could guess the discards are weak ones, and a player who holds
    monsieur is likelier to signal it than to signal nothing; the layouts
    do not lean that way.  Such leanings depend on the players, not on the
    rules, and leaving them out errs towards the player judged: no layout
    it could not have imagined is ever drawn.

    How it is drawn, exactly uniform and never by rejection: the cards are
    split into *atoms*, the cards that the same facts speak of (each
    signalled card, the aces of an ``aces-N`` signal, and the rest, of which
    no fact speaks).  A layout is a choice of how many of each atom every
    holder gets (a *table*), then which cards.  Every table that fits the
    facts is listed once, with the number of layouts it stands for (for
    each atom, its size's factorial over the factorials of its counts), and
    a table is drawn with that weight: the forced cards are placed first.
    Then each atom's cards are shuffled and dealt out by the table's counts,
    the unconstrained cards last, uniformly among the holders with room
    left.  Every layout thus comes out with probability one over their
    number.  The tables are few: facts speak of a handful of cards (at most
    the eight named cards and the four aces), and a card signal leaves its
    card one place to go."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self._holders = tuple(h for h, _ in seen.room)
        self._atoms = _atoms(seen)
        tables = list(_tables(seen))
        if not tables:
            raise ValueError("no layout fits what the player saw")
        self._tables = [t for t, _ in tables]
        self._cumulative: list[int] = []
        total = 0
        for _, weight in tables:
            total += weight
            self._cumulative.append(total)
        #: how many layouts fit what the player saw
        self.count = total

    def draw(self, rng: random.Random) -> dict[str, tuple[str, ...]]:
        """One layout: the cards each other seat holds, and ``OUT``."""
        table = self._tables[bisect.bisect_right(self._cumulative, rng.randrange(self.count))]
        dealt: dict[str, list[str]] = {h: [] for h in self._holders}
        for atom, counts in zip(self._atoms, table, strict=True):
            cards = list(atom)
            rng.shuffle(cards)
            at = 0
            for holder, n in zip(self._holders, counts, strict=True):
                dealt[holder].extend(cards[at : at + n])
                at += n
        return {h: tuple(sorted(cards, key=DECK.index)) for h, cards in dealt.items()}


def _atoms(seen: Seen) -> list[tuple[str, ...]]:
    """The pool split by which facts speak of each card, the cards no fact
    speaks of last."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for card in seen.pool:
        key = tuple(i for i, fact in enumerate(seen.holds) if card in fact.cards)
        groups.setdefault(key, []).append(card)
    free = groups.pop((), [])
    return [tuple(cards) for _, cards in sorted(groups.items())] + [tuple(free)]


def _tables(seen: Seen) -> Iterator[tuple[tuple[tuple[int, ...], ...], int]]:
    """Every table of counts (per atom, per holder) that fits the rooms and
    the facts, with the number of layouts it stands for."""
    atoms = _atoms(seen)
    holders = [h for h, _ in seen.room]
    facts = [
        (holders.index(f.seat), [i for i, a in enumerate(atoms) if a and a[0] in f.cards], f.count)
        for f in seen.holds
    ]
    fixed, free = atoms[:-1], atoms[-1]

    def fits(table: list[tuple[int, ...]], final: bool) -> bool:
        for holder, members, count in facts:
            got = sum(table[i][holder] for i in members if i < len(table))
            left = sum(len(atoms[i]) for i in members if i >= len(table))
            if got > count or got + left < count or (final and got != count):
                return False
        return True

    def walk(
        table: list[tuple[int, ...]], room: list[int]
    ) -> Iterator[tuple[tuple[tuple[int, ...], ...], int]]:
        if len(table) == len(fixed):
            if sum(room) != len(free) or not fits(table, True):
                return
            counts = [*table, tuple(room)]
            weight = 1
            for atom, row in zip(atoms, counts, strict=True):
                weight *= math.factorial(len(atom))
                for n in row:
                    weight //= math.factorial(n)
            yield tuple(counts), weight
            return
        for row in _splits(len(fixed[len(table)]), room):
            table.append(row)
            if fits(table, False):
                yield from walk(table, [r - n for r, n in zip(room, row, strict=True)])
            table.pop()

    if any(f.seat not in holders for f in seen.holds):
        return
    yield from walk([], [n for _, n in seen.room])


def _splits(n: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way of sharing ``n`` cards among holders with ``room`` left."""
    if len(room) == 1:
        if n <= room[0]:
            yield (n,)
        return
    for first in range(min(n, room[0]) + 1):
        for rest in _splits(n - first, room[1:]):
            yield (first, *rest)


__all__ = ["OUT", "Holds", "Layouts", "Seen", "Signalled", "seen_by"]
