"""The exact value of a deal under perfect information: every card visible.

Given the cards each player still holds, the trick in progress and who took
the tricks so far, the value of the position is what the deal ends in when
all four play perfectly, seen from North-South: 1 (NS take the point), -1
(EW take it), 0 (the deal is void), 2 or -2 where a deal can score two (a
mordienne, a double).  NS play to raise it, EW to lower it.

The rules are not written again here.  Who takes a trick is the ruleset's
tie policy (``ruleset.tie.result``), asked once per pattern of strengths and
remembered; what a finished deal scores is the ruleset's deal scoring
(``ruleset.deal_scoring.result``, with :func:`policies.doubled` for a
double), asked once per sequence of trick winners.  The only thing the
search assumes about a tie policy is that a trick's winner depends on the
strengths of its cards and the order they were played (every policy is given
nothing else); the tests check it.

Two searches share those pieces:

- :meth:`Solver.plain_value`, the reference: a plain alpha-beta minimax
  over every group of equal cards, in the order of the hand, with a table
  of positions already valued;
- :meth:`Solver.value`, the fast one: alpha-beta over the five values, a
  table of bounds keyed by a compact description of the position (strength
  levels nobody holds dropped; of the tricks taken, only the counts, the
  order in which equal counts were reached, and the player on a mordienne
  run; where the deal goes to the team with more tricks, none of them, see
  below), bounds from the cards (a card stronger than everything the others
  hold takes a trick; under spoiling ties, a card takes one only if every
  other player still holds something weaker), moves tried in a good order
  (a lead that decided a position before is tried first when it comes
  back), and one search for each group of cards that play alike.  The
  tricks taken are a numbered state, so that the next state and what the
  scoring makes of the counts and the card bounds are looked up, not
  worked out again: most positions are settled by those bounds, so their
  price is the search's.

The fast search runs compiled where it can (:mod:`aluette_cli.kernel`, the
``fast`` extra: numba importable, a tally declared, and a tie policy that
declares a strongest card takes the trick): the same driver here asks the
kernel each null-window test instead of :meth:`Solver._play`.

Where tricks are pooled per team and the deal goes to the team with more
(team-five: the first team to five has more than the other can reach), the
value of a position is ``factor * sign(margin + X)``: ``margin`` is NS's
tricks less EW's so far, ``X`` the same difference over the tricks still to
play, with the best play of both teams, which depends on the cards and the
leader alone.  So the table keys such positions by the cards and the leader
only and holds bounds on ``X``: a position met after other tricks, won by
others, learns from what was found about it then (:func:`_margin_bounds`).
The solver checks the claim against the deal scoring, state by state,
before it relies on it (:meth:`Solver._plays_by_margin`).

What the fast search may assume it asks the policies, which declare it of
their own rules: a tie policy whether a card stronger than all the others
always takes the trick, and whether only such a card ever does
(``TiePolicy.declares``); a deal scoring which compact description of the
tricks taken it may key positions by and bound
(``DealScoring.search_tally``).  A policy that declares nothing, or a
subclass that changes a rule without declaring again, gets the plain
description (the whole sequence of winners, no bounds), which is slower
and as exact.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, cast

from .cards import SEATS, TRICKS_PER_DEAL
from .policies import SEAT_COUNTS, TEAM_TOTALS, DealScoring, PointOutcome, doubled
from .rules import Ruleset

if TYPE_CHECKING:
    from .kernel import Kernel

T = TypeVar("T")

#: Seats as the search counts them: N, E, S, W; NS are the even ones.
SEAT_INDEX: dict[str, int] = {str(seat): i for i, seat in enumerate(SEATS)}
#: The largest value any scoring gives, as a bound where none is known.
_UNBOUNDED = 1000
#: How many trick starts the search visits between two looks at the clock.
_CLOCK_EVERY = 512
_NONE_SURE = (0, 0, 0, 0)
#: The most positions a table keeps.  Past it the table starts again empty:
#: slower, never wrong, and the memory of one deal's search stays bounded
#: (about a few hundred megabytes) whatever the time limit.
MAX_TABLE = 600_000
#: :meth:`Solver._plays_by_margin` by ruleset and double
_BY_MARGIN: dict[tuple[Ruleset, str | None], bool] = {}


class TimeUp(Exception):
    """The search ran past its deadline; nothing it found is used."""


@dataclass(frozen=True)
class Position:
    """A moment of a deal: what the search needs to value it.

    ``hands`` are the cards each seat still holds; ``leader`` is who led the
    trick in progress (or leads the next one when ``trick`` is empty);
    ``trick`` the cards already on the table, in play order; ``winners`` who
    took each trick so far (None: nobody), which gives the counts, the order
    in which they were reached and any mordienne run.
    """

    hands: Mapping[str, Iterable[str]]
    leader: str
    trick: tuple[str, ...] = ()
    winners: tuple[str | None, ...] = ()

    @property
    def turn(self) -> str:
        """Whose turn it is."""
        return SEATS[(SEAT_INDEX[self.leader] + len(self.trick)) % 4]


@dataclass
class Stats:
    """What a search did: trick starts visited, and the table's size."""

    nodes: int = 0
    table: int = 0


@dataclass
class _Internal:
    hands: list[tuple[int, ...]]
    leader: int
    played: tuple[int, ...]
    seq: tuple[int, ...]
    state: tuple[object, ...] = field(default=())


class Solver:
    """Values positions of deals under one ruleset (and one deal's double).

    One solver is meant for one deal: its tables remember positions of that
    deal, so valuing every play of it costs little more than the first.
    ``doubled_by`` is the team that announced a double, if any.
    """

    def __init__(
        self, ruleset: Ruleset, doubled_by: str | None = None, kernel: bool | None = None
    ) -> None:
        self.ruleset = ruleset
        self.doubled_by = doubled_by
        strength = ruleset.strength
        self._strength = strength
        #: strength -> the cards of that strength (representatives for the policy)
        self._cards_of: dict[int, list[str]] = {}
        for card in sorted(strength):
            self._cards_of.setdefault(strength[card], []).append(card)
        self._tricks: dict[tuple[int, ...], int] = {}
        self._leaves: dict[tuple[int, ...], int] = {}
        self._decided: dict[tuple[int, ...], bool] = {}
        #: trick starts: key -> (lower bound, upper bound, the lead that decided)
        self._table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        self._lead = -1
        self._plain_table: dict[tuple[object, ...], tuple[int, int]] = {}
        self._tally = _tally_for(ruleset)
        #: tally states of the fast search, by number: (tricks played, state)
        self._states: list[tuple[int, tuple[object, ...]]] = []
        self._state_ids: dict[tuple[int, tuple[object, ...]], int] = {}
        #: per state, the next state by trick winner + 1 (-1: not known yet)
        self._next: list[list[int]] = []
        #: per state, the number of its tally key (states that play alike share it)
        self._state_keys: list[int] = []
        self._tally_keys: dict[object, int] = {}
        #: per state, NS's tricks less EW's, where the table keeps bounds on
        #: the difference still to come (:attr:`_by_margin`)
        self._margins: list[int] = []
        self._bound_memo: dict[tuple[int, ...], tuple[int, int]] = {}
        #: per state, the bounds from the counts alone (no card known)
        self._count_bounds: list[tuple[int, int]] = []
        self._factor = 2 if doubled_by is not None and ruleset.doubles else 1
        #: no value is further from 0 than this
        self._span = self._factor * (2 if ruleset.mordienne else 1) * self._tally.span
        #: whether the tables key positions by the cards alone and keep bounds
        #: on the trick difference still to come (the module's docstring);
        #: asked once a process of each ruleset and double, as the kernel's
        #: tables are, not once a deal
        known = (ruleset, doubled_by if self._factor > 1 else None)
        by_margin = _BY_MARGIN.get(known)
        if by_margin is None:
            if len(_BY_MARGIN) > 64:
                _BY_MARGIN.clear()
            by_margin = _BY_MARGIN[known] = self._plays_by_margin()
        self._by_margin = by_margin
        #: a card takes a trick only if stronger than every other card of it
        self._spoils = ruleset.tie.declares("only_top_wins")
        #: whether the scoring can end play before the ninth trick
        self._stops_early = (
            type(ruleset.deal_scoring).decided_after is not DealScoring.decided_after
        )
        #: a strictly strongest card takes the trick, as the policy declares
        self._top_wins = ruleset.tie.declares("unique_top_wins")
        #: a trick is taken by its strictly strongest card and by no other,
        #: so cards below every other seat's weakest never decide one
        #: (:func:`_groups`)
        self._dead = self._spoils and self._top_wins
        #: a trick goes to its strongest card whose strength no other card
        #: of it shares, so cards below :func:`_cancel_floor` never decide one
        self._cancels = ruleset.tie.declares("single_top_wins")
        self.stats = Stats()
        self._deadline: float | None = None
        #: the compiled fast search (:mod:`aluette_cli.kernel`), where numba
        #: imports and the scoring declares a tally; ``kernel=False`` keeps
        #: the Python one, ``True`` insists on the compiled one
        self._kernel: Kernel | None = None
        if kernel is not False:
            from .kernel import Kernel

            # The kernel asks who takes a trick once per pattern of strengths:
            # it needs a tie policy that declares how it decides (one that
            # declares nothing may single out cards, as a house rule can).
            if type(self._tally) is not _Tally and self._top_wins and Kernel.fits(self):
                self._kernel = Kernel(self)
            elif kernel:
                raise ValueError(
                    "the compiled search needs numba, a declared tally and a tie policy"
                    " that declares a strongest card takes the trick"
                )

    @property
    def compiled(self) -> bool:
        """Whether the fast search runs compiled (:mod:`aluette_cli.kernel`)."""
        return self._kernel is not None

    # ------------------------------------------------------------------
    # The rules, asked of the ruleset and remembered

    def trick_winner(self, levels: tuple[int, ...]) -> int:
        """Who takes a trick of these strengths, as an offset from its leader
        (0-3), or -1 when it belongs to nobody: the tie policy's answer."""
        found = self._tricks.get(levels)
        if found is not None:
            return found
        used: dict[int, int] = {}
        plays = []
        for offset, level in enumerate(levels):
            k = used.get(level, 0)
            used[level] = k + 1
            cards = self._cards_of[level]
            plays.append((SEATS[offset], cards[min(k, len(cards) - 1)]))
        result = self.ruleset.tie.result(plays, self._strength)
        found = -1 if result.winner is None else SEAT_INDEX[result.winner]
        self._tricks[levels] = found
        return found

    def point_value(self, point: PointOutcome | None) -> int:
        """A deal's score as a value for NS."""
        if point is None:
            return 0
        if self.doubled_by is not None and self.ruleset.doubles:
            point = doubled(point, self.doubled_by)
        return point.points if point.team == "NS" else -point.points

    def leaf(self, seq: tuple[int, ...]) -> int:
        """The value of a finished deal: the deal scoring's answer."""
        found = self._leaves.get(seq)
        if found is None:
            rules = self.ruleset
            winners = [None if w < 0 else SEATS[w] for w in seq]
            result = rules.deal_scoring.result(winners, rules.deal_target, rules.mordienne)
            found = self._leaves[seq] = self.point_value(result.point)
        return found

    def over(self, seq: tuple[int, ...]) -> bool:
        """Whether play stops after these tricks."""
        if len(seq) >= TRICKS_PER_DEAL:
            return True
        found = self._decided.get(seq)
        if found is None:
            rules = self.ruleset
            winners = [None if w < 0 else SEATS[w] for w in seq]
            decided = rules.deal_scoring.decided_after(winners, rules.deal_target)
            found = self._decided[seq] = decided is not None
        return found

    def _plays_by_margin(self) -> bool:
        """Whether a position's value is ``factor * sign(margin + X)`` (the
        module's docstring): the tally tells how far NS lead, and the deal
        scoring gives every finished deal the sign of its final margin and
        ends play early only when the team behind can no longer catch up.
        Asked of the scoring, state by state from the first trick: a race
        to four tricks of nine, say, is not one (the first to four may
        end with fewer than the other could have made)."""
        tally = self._tally
        if tally.margin(tally.start()) is None:
            return False
        todo: list[tuple[tuple[int, ...], tuple[object, ...]]] = [((), tally.start())]
        seen: set[tuple[int, object]] = set()
        while todo:
            seq, state = todo.pop()
            key = (len(seq), tally.key(state))
            if key in seen:
                continue
            seen.add(key)
            margin = cast(int, tally.margin(state))
            left = TRICKS_PER_DEAL - len(seq)
            if self.over(seq):
                if self.leaf(seq) != self._factor * _sign(margin) or (left and abs(margin) <= left):
                    return False
                continue
            for winner in range(-1, 4):
                todo.append(((*seq, winner), tally.advance(state, winner, len(seq) + 1)))
        return True

    # ------------------------------------------------------------------
    # The public searches

    def value(self, position: Position, deadline: float | None = None) -> int:
        """The exact value of ``position`` (fast search).  ``deadline`` is a
        :func:`time.monotonic` instant; past it, :class:`TimeUp` is raised."""
        p = self._internal(position)
        self._deadline = deadline
        return self._solve(p)

    def value_after(self, position: Position, card: str, deadline: float | None = None) -> int:
        """The exact value once the player to move has played ``card``."""
        p = self._internal(position)
        self._deadline = deadline
        return self._solve(self._child(p, self._strength[card]))

    def value_beside(self, position: Position, after: int, deadline: float | None = None) -> int:
        """The exact value of ``position``, knowing that one of the mover's
        cards leads to ``after``: the mover's side can do no worse, so only
        "better" is tested.  Where no card does better (most plays of a
        record), that is one test, made at the edge of ``after``, since a
        test further off may be answered only loosely and call for a second
        one; and none when ``after`` is the best the side can get.  A play's
        own value comes from the position after it, so a line of plays is
        valued without a proof for each other card."""
        p = self._internal(position)
        self._deadline = deadline
        if (p.leader + len(p.played)) % 2 == 0:
            return self._solve(p, lo=after, first=after)
        return self._solve(p, hi=after, first=after)

    def warm(self, position: Position) -> None:
        """Run the compiled search once on ``position`` (a cheap one, such as
        the last trick's start), whatever the bounds already say of it: the
        first search of a process may compile it, and a caller with a clock
        starts the clock after that, not during it."""
        if self._kernel is not None:
            p = self._internal(position)
            self._kernel.play(p.hands, p.leader, p.played, p.seq, p.state, -1, 0, None)

    def plain_value(self, position: Position, deadline: float | None = None) -> int:
        """The exact value of ``position`` by the plain search, the reference."""
        p = self._internal(position)
        self._deadline = deadline
        return self._plain(p)

    def _plain(self, p: _Internal) -> int:
        if self.over(p.seq):
            return self.leaf(p.seq)
        return self._plain_play(
            p.hands, p.leader, p.played, p.state, p.seq, -_UNBOUNDED, _UNBOUNDED
        )

    def _solve(
        self,
        p: _Internal,
        lo: int | None = None,
        hi: int | None = None,
        first: int | None = None,
    ) -> int:
        """The exact value by tests of "at least t", each a search with a
        null window, which cuts far more than one wide search: the values
        are few.  ``lo`` and ``hi`` are bounds known already; ``first`` is
        the value to test first."""
        if self.over(p.seq):
            return self.leaf(p.seq)
        hands = [hand[::-1] for hand in p.hands]
        sid = self._state(len(p.seq), p.state)
        low, high = -self._span, self._span
        if not p.played:
            b_lo, b_hi = self._bounds(hands, sid, self._top_sure(hands))
            low, high = max(low, b_lo), min(high, b_hi)
            entry = self._table.get(self._key(hands, p.leader, sid))
            if entry is not None:
                e_lo, e_hi = self._entry_bounds(entry, sid)
                low, high = max(low, e_lo), min(high, e_hi)
        if lo is not None:
            low = max(low, lo)
        if hi is not None:
            high = min(high, hi)
        lo, hi = low, high
        while lo < hi:
            if first is not None and lo < first <= hi:
                t = first
            elif first is not None and lo < first + 1 <= hi:
                t = first + 1
            else:
                t = (lo + hi + 1) // 2
            first = None
            v = self._test(p, t)
            # Fail-soft: the value is at least v when v >= t, at most v otherwise.
            if v >= t:
                lo = v
            else:
                hi = v
        return lo

    def _test(self, p: _Internal, t: int) -> int:
        """One null-window test of "is the value at least ``t``?" (fail-soft:
        at least the answer when it is ``t`` or more, at most it otherwise),
        compiled where the kernel is."""
        if self._kernel is not None:
            return self._kernel.play(
                p.hands, p.leader, p.played, p.seq, p.state, t - 1, t, self._deadline
            )
        hands = [hand[::-1] for hand in p.hands]
        sid = self._state(len(p.seq), p.state)
        groups = _groups(hands, p.played, p.leader, self._dead, self._cancels)
        return self._play(hands, p.leader, p.played, sid, p.seq, t - 1, t, groups)

    def play_values(
        self,
        position: Position,
        deadline: float | None = None,
        plain: bool = False,
        value: int | None = None,
        guess: int | None = None,
    ) -> dict[str, int]:
        """The value after each card the player to move holds: card -> value.

        The fast search values one card of each group that plays alike
        (:func:`_groups`) and gives each card its group's value; the plain
        one, the reference, only shares a value between equal cards.
        ``value``, the position's own value when the caller knows it, bounds
        every card's (none is better for the player than the best), so a card
        that keeps it is known after one test.  ``guess``, where the value is
        not known, is a likely one (the value after the play the record
        made), tested first: when it is right, the first test is the one
        that proves it."""
        p = self._internal(position)
        seat = (p.leader + len(p.played)) % 4
        hand = p.hands[seat]
        by_level: dict[int, int] = {}
        self._deadline = deadline
        if plain:
            for level in dict.fromkeys(hand):
                by_level[level] = self._plain(self._child(p, level))
        else:
            if value is None:
                value = self._solve(p, first=guess)
            known = value

            def exact(child: _Internal) -> int:
                if seat % 2 == 0:
                    return self._solve(child, hi=known, first=known)
                return self._solve(child, lo=known, first=known)

            by_level = self._by_group(p, exact)
        cards = [str(c) for c in position.hands[SEATS[seat]]]
        return {card: by_level[self._strength[card]] for card in cards}

    def _by_group(self, p: _Internal, judge: Callable[[_Internal], T]) -> dict[int, T]:
        """``judge`` of the position after each strength the player to move
        holds, asked once a group of cards that play alike (:func:`_groups`):
        a group's cards are consecutive in the hand (strongest first), and
        its weakest stands for it."""
        seat = (p.leader + len(p.played)) % 4
        reps = _groups(p.hands, p.played, p.leader, self._dead, self._cancels)[seat]
        by_level: dict[int, T] = {}
        k = 0
        for level in dict.fromkeys(p.hands[seat]):
            while reps[k] > level:
                k += 1
            rep = reps[k]
            if rep not in by_level:
                by_level[rep] = judge(self._child(p, rep))
            by_level[level] = by_level[rep]
        return by_level

    def keeping(
        self, position: Position, value: int, deadline: float | None = None
    ) -> tuple[str, ...]:
        """The cards of the player to move after which ``value``, the
        position's own, still holds, in the hand's order: one test for each
        group of cards that play alike, where :meth:`play_values` goes on to
        value every other card exactly.  All a play that changed the value
        is judged by: the cards that would have kept it."""
        p = self._internal(position)
        seat = (p.leader + len(p.played)) % 4
        self._deadline = deadline

        def keeps(child: _Internal) -> bool:
            if self.over(child.seq):
                after = self.leaf(child.seq)
            else:
                # the side that moved wants at least ``value`` (NS) or at
                # most it (EW): one test, at the value's edge
                after = self._test(child, value if seat % 2 == 0 else value + 1)
            return after >= value if seat % 2 == 0 else after <= value

        by_level = self._by_group(p, keeps)
        cards = [str(c) for c in position.hands[SEATS[seat]]]
        return tuple(card for card in cards if by_level[self._strength[card]])

    # ------------------------------------------------------------------
    # Positions as the search holds them

    def _internal(self, position: Position) -> _Internal:
        strength = self._strength
        leader = SEAT_INDEX[position.leader]
        seq = tuple(-1 if w is None else SEAT_INDEX[w] for w in position.winners)
        if len(seq) > TRICKS_PER_DEAL:
            raise ValueError(f"a deal has {TRICKS_PER_DEAL} tricks, not {len(seq)}")
        if len(position.trick) > 3:
            raise ValueError("a trick in progress has at most three cards on the table")
        hands: list[tuple[int, ...]] = []
        seen: set[str] = set(position.trick)
        left = TRICKS_PER_DEAL - len(seq)
        for i, seat in enumerate(SEATS):
            cards = list(position.hands.get(seat, ()))
            for card in cards:
                if card not in strength:
                    raise ValueError(f"{card!r} is not a card of ruleset {self.ruleset.name!r}")
                if card in seen:
                    raise ValueError(f"{card} is held twice or already on the table")
                seen.add(card)
            played = (i - leader) % 4 < len(position.trick)
            want = left - 1 if played else left
            if not self.over(seq) and len(cards) != want:
                raise ValueError(
                    f"{seat} holds {len(cards)} cards; with {len(seq)} tricks played"
                    f" and {len(position.trick)} cards on the table, {seat} should hold {want}"
                )
            hands.append(tuple(sorted((strength[c] for c in cards), reverse=True)))
        played_levels = tuple(strength[c] for c in position.trick)
        state = self._tally.start()
        for number, winner in enumerate(seq, 1):
            state = self._tally.advance(state, winner, number)
        return _Internal(hands, leader, played_levels, seq, state)

    def _child(self, p: _Internal, level: int) -> _Internal:
        seat = (p.leader + len(p.played)) % 4
        hands = list(p.hands)
        hand = hands[seat]
        k = hand.index(level)
        hands[seat] = hand[:k] + hand[k + 1 :]
        played = (*p.played, level)
        if len(played) < 4:
            return _Internal(hands, p.leader, played, p.seq, p.state)
        offset = self.trick_winner(played)
        winner = -1 if offset < 0 else (p.leader + offset) % 4
        seq = (*p.seq, winner)
        state = self._tally.advance(p.state, winner, len(seq))
        return _Internal(hands, p.leader if winner < 0 else winner, (), seq, state)

    # ------------------------------------------------------------------
    # The plain search

    def _clock(self) -> None:
        stats = self.stats
        stats.nodes += 1
        if (
            self._deadline is not None
            and stats.nodes % _CLOCK_EVERY == 0
            and time.monotonic() > self._deadline
        ):
            raise TimeUp

    def _plain_node(
        self,
        hands: list[tuple[int, ...]],
        leader: int,
        state: tuple[object, ...],
        seq: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        if self.over(seq):
            return self.leaf(seq)
        self._clock()
        key = self._plain_key(hands, leader, state)
        lo, hi = self._plain_table.get(key, (-_UNBOUNDED, _UNBOUNDED))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        value = self._plain_play(hands, leader, (), state, seq, a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        if len(self._plain_table) >= MAX_TABLE:
            self._plain_table.clear()
        self._plain_table[key] = (lo, hi)
        return value

    def _plain_key(
        self, hands: list[tuple[int, ...]], leader: int, state: tuple[object, ...]
    ) -> tuple[object, ...]:
        """The position with strength levels nobody holds dropped."""
        levels = sorted({*hands[0], *hands[1], *hands[2], *hands[3]})
        rank = {level: i for i, level in enumerate(levels)}
        return (
            *(tuple([rank[x] for x in hand]) for hand in hands),
            leader,
            self._tally.key(state),
        )

    def _plain_play(
        self,
        hands: list[tuple[int, ...]],
        leader: int,
        played: tuple[int, ...],
        state: tuple[object, ...],
        seq: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        seat = (leader + len(played)) % 4
        hand = hands[seat]
        maximising = seat % 2 == 0
        best = -_UNBOUNDED - 1 if maximising else _UNBOUNDED + 1
        for level in dict.fromkeys(hand):
            k = hand.index(level)
            child = list(hands)
            child[seat] = hand[:k] + hand[k + 1 :]
            now = (*played, level)
            if len(now) < 4:
                value = self._plain_play(child, leader, now, state, seq, alpha, beta)
            else:
                offset = self.trick_winner(now)
                winner = -1 if offset < 0 else (leader + offset) % 4
                nseq = (*seq, winner)
                nstate = self._tally.advance(state, winner, len(nseq))
                nleader = leader if winner < 0 else winner
                value = self._plain_node(child, nleader, nstate, nseq, alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    # ------------------------------------------------------------------
    # The fast search.  It holds each hand weakest first, so that the cards
    # above a strength are counted by one bisection, and the tricks taken as
    # the number of a tally state (:meth:`_state`), so that the next state,
    # the key of a state and the bounds of a state are looked up, not
    # computed again.

    def _state(self, played: int, state: tuple[object, ...]) -> int:
        """The number of a tally state after ``played`` tricks."""
        whole = (played, state)
        found = self._state_ids.get(whole)
        if found is None:
            found = self._state_ids[whole] = len(self._states)
            self._states.append(whole)
            self._next.append([-1, -1, -1, -1, -1])
            tally_key = None if self._by_margin else self._tally.key(state)
            self._state_keys.append(self._tally_keys.setdefault(tally_key, len(self._tally_keys)))
            self._margins.append(self._tally.margin(state) or 0)
            self._count_bounds.append(self._tally_bounds((found,)))
        return found

    def _advance(self, sid: int, winner: int) -> int:
        """The state after one more trick, taken by ``winner`` (-1: nobody)."""
        played, state = self._states[sid]
        found = self._state(played + 1, self._tally.advance(state, winner, played + 1))
        self._next[sid][winner + 1] = found
        return found

    def _node(
        self,
        hands: list[tuple[int, ...]],
        leader: int,
        sid: int,
        seq: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        """A trick about to be led: the card bounds, the table of bounds, then play."""
        if len(seq) >= TRICKS_PER_DEAL or (self._stops_early and self.over(seq)):
            return self.leaf(seq)
        stats = self.stats
        stats.nodes += 1
        if (
            not stats.nodes % _CLOCK_EVERY
            and self._deadline is not None
            and time.monotonic() > self._deadline
        ):
            raise TimeUp
        # The counts alone often settle it, which costs a look-up.
        lo, hi = self._count_bounds[sid]
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        h0, h1, h2, h3 = hands
        if len(h0) == 1:
            # One card each: the last trick plays itself.
            cards = (h0[0], h1[0], h2[0], h3[0])
            last = cards[leader:] + cards[:leader]
            offset = self.trick_winner(last)
            return self.leaf((*seq, -1 if offset < 0 else (leader + offset) % 4))
        top = self._top_sure(hands)
        lo, hi = self._bounds(hands, sid, top)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        levels = self._live(hands)
        key = self._key(hands, leader, sid, levels)
        table = self._table
        entry = table.get(key)
        hint = -1
        if entry is not None:
            e_lo, e_hi = self._entry_bounds(entry, sid)
            if e_lo > lo:
                lo = e_lo
            if e_hi < hi:
                hi = e_hi
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if entry[2] < len(levels):
                hint = levels[entry[2]]
        elif self._spoils:
            # A position met for the first time: the dearer bounds, once.
            m_lo, m_hi = self._matched_bounds(hands, sid, top)
            if m_lo > lo:
                lo = m_lo
            if m_hi < hi:
                hi = m_hi
            if lo >= beta or lo == hi or hi <= alpha:
                if len(table) >= MAX_TABLE:
                    table.clear()
                table[key] = self._entry(lo, hi, 0, sid, None)
                return lo if lo >= beta or lo == hi else hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        groups = _groups(hands, (), leader, self._dead, self._cancels)
        value = self._play(hands, leader, (), sid, seq, a, b, groups, hint)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        # The lead that decided, by its place among the strengths held that
        # the key keeps (past them: a card the key counts only), so that a
        # position with the same key can try it first.
        at = bisect_left(levels, self._lead)
        if at < len(levels) and levels[at] != self._lead:
            at = len(levels)
        if len(table) >= MAX_TABLE:
            table.clear()
        table[key] = self._entry(lo, hi, at, sid, entry)
        return value

    def _entry_bounds(self, entry: tuple[int, int, int], sid: int) -> tuple[int, int]:
        """The bounds on the value in state ``sid`` that a table entry gives."""
        if not self._by_margin:
            return entry[0], entry[1]
        margin = self._margins[sid]
        return self._factor * _sign(margin + entry[0]), self._factor * _sign(margin + entry[1])

    def _entry(
        self, lo: int, hi: int, at: int, sid: int, old: tuple[int, int, int] | None
    ) -> tuple[int, int, int]:
        """The table entry for bounds ``lo``, ``hi`` on the value in state
        ``sid``: as they are, or, keyed by the cards alone, as bounds on the
        trick difference still to come, with those of ``old``, the entry the
        position had when the search met it (found in another state, they
        may be tighter than these say, and they hold even if the table was
        cleared meanwhile: they are facts about the position's cards)."""
        if not self._by_margin:
            return lo, hi, at
        low, high = _margin_bounds(lo, hi, self._margins[sid])
        if old is not None:
            low, high = max(low, old[0]), min(high, old[1])
        return low, high, at

    def _live(self, hands: list[tuple[int, ...]]) -> list[int]:
        """The strengths held at a trick start (hands weakest first) that
        the key keeps: all of them, or, where only a strictly strongest card
        takes a trick, those from the strongest of the four weakest cards
        up.  A card below that meets a stronger card in every trick it can
        be played in (that seat's, whose cards are all at least as strong),
        so it never takes or spoils one: two positions that differ only in
        such cards, seat by seat as many, have the same value.  Where equal
        cards cancel: those from :func:`_cancel_floor` up, for its reasons."""
        h0, h1, h2, h3 = hands
        levels = sorted({*h0, *h1, *h2, *h3})
        if self._dead:
            floor = max(h0[0], h1[0], h2[0], h3[0])
            levels = levels[bisect_left(levels, floor) :]
        elif self._cancels:
            levels = levels[bisect_left(levels, _cancel_floor(hands)) :]
        return levels

    def _key(
        self,
        hands: list[tuple[int, ...]],
        leader: int,
        sid: int,
        levels: list[int] | None = None,
    ) -> tuple[object, ...]:
        """The position with strength levels nobody holds dropped: only the
        order and equality of the cards left decide tricks; and with the
        cards that never decide a trick (:meth:`_live`) counted, seat by
        seat, not ranked.  ``levels``: the strengths :meth:`_live` keeps, if
        already known (hands weakest first)."""
        if levels is None:
            levels = self._live(hands)
        floor = levels[0]
        rank = dict(zip(levels, range(len(levels)), strict=True))
        cut = [bisect_left(hand, floor) for hand in hands]
        kept = b"".join(
            bytes(map(rank.__getitem__, hand[k:])) for hand, k in zip(hands, cut, strict=True)
        )
        return (kept, tuple(cut), leader, self._state_keys[sid])

    def _top_sure(self, hands: list[tuple[int, ...]]) -> tuple[int, int]:
        """:func:`_top_sure` where a bound uses it (a tie policy that declares
        a strongest card takes the trick, or spoiling ties); else nobody's."""
        if self._top_wins or self._spoils:
            return _top_sure(hands)
        return -1, 0

    def _bounds(
        self, hands: list[tuple[int, ...]], sid: int, top: tuple[int, int]
    ) -> tuple[int, int]:
        """Bounds on the value at a trick start, from the cards held and the
        tricks taken; what the scoring makes of the card counts is remembered
        per state and counts.  ``top``: the strongest card's holder and its
        sure tricks (:func:`_top_sure`), worked out once per position."""
        if not self._top_wins:
            ckey: tuple[int, ...] = (sid,)
        else:
            h0, h1, h2, h3 = hands
            left = len(h0)
            holder, total = top
            if self._spoils:
                # A card takes a trick only if the three others play weaker
                # ones: each must still hold one.  The holder of the single
                # highest weakest card can take a trick with any of its cards.
                lows = (h0[0], h1[0], h2[0], h3[0])
                floor = max(lows)
                m0 = left - bisect_right(h0, floor)
                m1 = left - bisect_right(h1, floor)
                m2 = left - bisect_right(h2, floor)
                m3 = left - bisect_right(h3, floor)
                if lows.count(floor) == 1:
                    q = lows.index(floor)
                    if q == 0:
                        m0 = left
                    elif q == 1:
                        m1 = left
                    elif q == 2:
                        m2 = left
                    else:
                        m3 = left
            else:
                m0 = m1 = m2 = m3 = left
            if total:
                cap = left - total
                if holder != 0 and m0 > cap:
                    m0 = cap
                if holder != 1 and m1 > cap:
                    m1 = cap
                if holder != 2 and m2 > cap:
                    m2 = cap
                if holder != 3 and m3 > cap:
                    m3 = cap
            ckey = (sid, holder, total, m0, m1, m2, m3)
        found = self._bound_memo.get(ckey)
        if found is None:
            found = self._tally_bounds(ckey)
            if len(self._bound_memo) >= MAX_TABLE:
                self._bound_memo.clear()
            self._bound_memo[ckey] = found
        return found

    def _matched_bounds(
        self, hands: list[tuple[int, ...]], sid: int, top: tuple[int, int]
    ) -> tuple[int, int]:
        """Stronger bounds at a trick start under spoiling ties, dearer to
        work out, so asked only of a position the table does not know.

        A player takes a trick only with a card strictly stronger than each
        of the three others' cards in it (a tie for the top spoils the
        trick, a stronger card takes it).  So the tricks player ``p`` takes
        from here are matched, one to one, with cards of each other player
        ``q`` weaker than ``p``'s card in that trick: ``p`` takes at most as
        many tricks as the largest such matching, for every ``q``.  Walking
        both hands weakest first and matching each of ``p``'s cards to
        ``q``'s weakest card left below it finds the largest matching (a
        card matched later is never weaker, so an earlier choice never
        blocks a better one).  The holder of the single strongest card
        still has its sure tricks, and the others share what is left."""
        left = len(hands[0])
        holder, total = top
        cap = left - total
        most = []
        for p in range(4):
            mine = hands[p]
            m = left if p == holder else cap
            for q in range(4):
                if q == p:
                    continue
                theirs = hands[q]
                j = 0
                for x in mine:
                    if theirs[j] < x:
                        j += 1
                        if j == left:
                            break
                if j < m:
                    m = j
                    if not m:
                        break
            most.append(m)
        ckey = (sid, holder, total, *most)
        found = self._bound_memo.get(ckey)
        if found is None:
            found = self._tally_bounds(ckey)
            if len(self._bound_memo) >= MAX_TABLE:
                self._bound_memo.clear()
            self._bound_memo[ckey] = found
        return found

    def _bounds_of(
        self, played: int, state: tuple[object, ...], cards: tuple[int, ...] | None
    ) -> tuple[int, int]:
        """The scoring's bounds after ``played`` tricks in tally ``state``:
        from the counts alone (``cards`` None), or with the card counts
        ``cards`` = (holder of the strongest card, its sure tricks, the most
        each seat can take), as :meth:`_bounds` gives them."""
        left = TRICKS_PER_DEAL - played
        if cards is None:
            sure: Sequence[int] = _NONE_SURE
            most: Sequence[int] = (left,) * 4
        else:
            holder, total = cards[0], cards[1]
            sure = [total if p == holder else 0 for p in range(4)]
            most = cards[2:]
        lo, hi = self._tally.bounds(state, played, left, sure, most, self.ruleset)
        return lo * self._factor, hi * self._factor

    def _tally_bounds(self, ckey: tuple[int, ...]) -> tuple[int, int]:
        """The scoring's bounds for a state and the card counts of ``ckey``."""
        played, state = self._states[ckey[0]]
        return self._bounds_of(played, state, ckey[1:] if len(ckey) > 1 else None)

    def _play(
        self,
        hands: list[tuple[int, ...]],
        leader: int,
        played: tuple[int, ...],
        sid: int,
        seq: tuple[int, ...],
        alpha: int,
        beta: int,
        groups: list[list[int]],
        hint: int = -1,
    ) -> int:
        """The card of the player to move, then the rest of the trick; a
        leader tries ``hint`` first (the lead that decided last time), then
        high cards first, or, where tricks are pooled per team, low ones:
        measured on generated deals, low leads take less than half the
        trick starts on the hardest team-five deals, where a team gives the
        lead to the partner's strength, and twice as many on most classic
        deals, where each player takes tricks for itself."""
        i = len(played)
        seat = (leader + i) % 4
        hand = hands[seat]
        maximising = not seat % 2
        best = -_UNBOUNDED - 1 if maximising else _UNBOUNDED + 1
        if i:
            order = _order(groups[seat], played)
        else:
            order = groups[seat][::-1] if self._tally.pooled else groups[seat]
            if hint >= 0 and hint in order and order[0] != hint:
                order = order.copy()
                order.remove(hint)
                order.insert(0, hint)
        chosen = order[0]
        if i == 3:
            tricks = self._tricks
            nexts = self._next[sid]
        for level in order:
            k = hand.index(level)
            child = hands.copy()
            child[seat] = hand[:k] + hand[k + 1 :]
            now = (*played, level)
            if i < 3:
                value = self._play(child, leader, now, sid, seq, alpha, beta, groups)
            else:
                offset = tricks.get(now)
                if offset is None:
                    offset = self.trick_winner(now)
                winner = -1 if offset < 0 else (leader + offset) % 4
                nsid = nexts[winner + 1]
                if nsid < 0:
                    nsid = self._advance(sid, winner)
                value = self._node(
                    child, leader if winner < 0 else winner, nsid, (*seq, winner), alpha, beta
                )
            if maximising:
                if value > best:
                    best, chosen = value, level
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best, chosen = value, level
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        if not i:
            self._lead = chosen
        return best


#: a set of holders (one bit per seat) held by one seat alone -> that seat
_SOLE = {1: 0, 2: 1, 4: 2, 8: 3}
#: a set of holders -> the seats in it
_HOLDERS = tuple(tuple(p for p in range(4) if bits >> p & 1) for bits in range(16))


def _groups(
    hands: list[tuple[int, ...]],
    played: tuple[int, ...],
    leader: int = 0,
    dead: bool = False,
    cancels: bool = False,
) -> list[list[int]]:
    """For each seat, one strength for each group of its cards that play
    alike, strongest first: equal cards, and cards next to each other in
    strength with no card of anyone else (held, or on the table) at or
    between their strengths.  The weakest of a group stands for it.
    ``dead`` (a trick is taken by its strictly strongest card and by no
    other): also, as one group, a seat's cards below another seat's weakest
    card, that seat's card on the table this trick (``leader`` led it)
    counted with its hand.  ``cancels`` (a trick goes to its strongest card
    whose strength nobody else played, as where equal cards cancel): also,
    as one group, a seat's cards below :func:`_cancel_floor` of the four
    seats' cards, held or on the table this trick.

    Why such cards play alike.  The ranking is one fixed order of strengths
    (no suit to follow, no trump), and a trick's winner depends only on the
    strengths of its four cards and the order they were played (the one
    thing the search assumes of a tie policy; a test checks it).  Let ``a``
    and ``b`` be cards of one seat with no card of any other seat, held or
    on the table, at a strength from ``a``'s to ``b``'s (ends included,
    unless that card is ``a`` or ``b`` itself).  Every card ``a`` or ``b``
    will ever meet in a trick is another seat's: the table's, or a card
    still held by one of the three others (a seat plays one card a trick,
    and the cards already played are gone).  Each such card ``c`` is
    stronger than both, or weaker than both: none is equal to either or
    between them.  So ``a`` and ``b`` compare alike (above, below, or tied:
    never, since a tie needs an equal card) with every card they can meet,
    and swapping them in any line of play changes no trick's winner.  The
    position after playing ``a`` is then the one after playing ``b`` with
    ``b`` in the hand for ``a``; dropping the strengths nobody holds, the two
    are the same position, of the same value.  (Cards of one strength are
    the case ``a`` equal to ``b``, where a tie is the same tie.)  The
    grouping must be redone at every position: once a card of another seat
    between them is played, it no longer separates anything, which only
    joins groups, never splits them.

    Why a seat's cards below another seat's weakest play alike there.  That
    other seat plays a card at least as strong as its weakest in every trick
    (or has played one in this trick), and later its weakest only rises:
    such a card of the seat never is the strongest card of a trick nor tied
    with it, so it never takes or spoils one, whichever of them is played.
    No card of the other seat lies among them, so they are the seat's
    weakest groups.  (Where equal cards cancel, :func:`_cancel_floor` says
    why: a group straddling the floor plays like its weakest card, below
    it, so it joins them too.)
    """
    owners: dict[int, int] = {}
    bit = 1
    for hand in hands:
        for level in hand:
            owners[level] = owners.get(level, 0) | bit
        bit <<= 1
    for level in played:
        owners[level] = owners.get(level, 0) | 16
    out: list[list[int]] = [[], [], [], []]
    run = -1  # the seat whose group the strength above belongs to, if one alone holds it
    for level in sorted(owners, reverse=True):
        bits = owners[level]
        p = _SOLE.get(bits, -1)
        if p < 0:
            run = -1
            for q in _HOLDERS[bits & 15]:
                out[q].append(level)
        elif p == run:
            out[p][-1] = level
        else:
            out[p].append(level)
            run = p
    if dead:
        n = len(played)
        for p in range(4):
            floor = -1
            for q in range(4):
                if q == p:
                    continue
                low = min(hands[q], default=None)
                i = (q - leader) % 4
                if i < n and (low is None or played[i] < low):
                    low = played[i]
                if low is not None and low > floor:
                    floor = low
            out[p] = _below_as_one(out[p], floor)
    elif cancels:
        n = len(played)
        held = [list(hand) for hand in hands]
        for i in range(n):
            held[(leader + i) % 4].append(played[i])
        floor = _cancel_floor(held)
        out = [_below_as_one(reps, floor) for reps in out]
    return out


def _below_as_one(reps: list[int], floor: int) -> list[int]:
    """A seat's groups (strongest first) with those below ``floor`` made
    one, its weakest: such cards never decide a trick, so one of them stands
    for all (the floors' proofs are in :func:`_groups` and
    :func:`_cancel_floor`)."""
    j = 0
    while j < len(reps) and reps[j] >= floor:
        j += 1
    return [*reps[:j], reps[-1]] if j < len(reps) - 1 else reps


def _cancel_floor(held: Sequence[Iterable[int]]) -> int:
    """Where a trick goes to its strongest card whose strength no other
    card of it shares (and to nobody if there is none), the strength below
    which no card ever decides a trick from here: of the four seats' cards
    (each seat's card on the table this trick counted with its hand), order
    the seats by their weakest, strongest first: P, Q, R, and the last.
    The floor is P's weakest if no other seat holds a strength P holds;
    else Q's weakest if P and Q hold none in common; else R's weakest.

    Why.  Call the cards below the floor *low*, and a seat that holds one
    low.  A trick's winner is decided by its strongest unshared strength;
    a card's strength is shared only with equal cards, so whether a card
    at or above the floor is shared never depends on the low cards.  If
    some card of the trick at or above the floor is unshared, the
    strongest such decides the trick whichever low cards are played.  If
    none is and at most one low card is played, it is unshared and takes
    the trick (or, with none, nobody does), whichever it is.  So the low
    cards matter only in a trick with two or more low cards where every
    card at or above the floor is shared, and none comes up:
    - R's weakest: only the last seat can be low, one card a trick.
    - Q's weakest (P and Q share no strength): P and Q are never low, so
      a trick with two low cards has the last two seats' cards low, and
      P's and Q's unequal: neither is shared.
    - P's weakest (nobody shares a strength with P): P is never low; with
      three low cards P's card is alone at or above the floor, with two
      the fourth card is unequal to P's: P's is unshared either way.
    The cards at or above the floor only leave the hands, so no seat
    becomes low and no strength becomes shared: this holds in every trick
    to come.  Two positions that differ only in low cards, each seat
    holding as many, are then the same game (match each seat's low cards
    one to one; every trick goes to the same seat), of the same value; and
    the floor read from the other one is the same, since it reads only
    which seats are low and the cards at or above it."""
    sets = [set(h) for h in held]
    lows = [min(h, default=-1) for h in sets]
    first, second, third, _ = sorted(range(4), key=lows.__getitem__, reverse=True)
    top = sets[first]
    if not any(q != first and not top.isdisjoint(sets[q]) for q in range(4)):
        return lows[first]
    if top.isdisjoint(sets[second]):
        return lows[second]
    return lows[third]


def _top_sure(hands: list[tuple[int, ...]]) -> tuple[int, int]:
    """The holder of the single strongest card (-1 when it is shared) and
    its sure tricks: its cards above every card of the three others (hands
    weakest first).  Only that seat can hold such cards."""
    h0, h1, h2, h3 = hands
    tops = (h0[-1], h1[-1], h2[-1], h3[-1])
    top = max(tops)
    if tops.count(top) != 1:
        return -1, 0
    holder = tops.index(top)
    second = max(tops[holder - 1], tops[holder - 2], tops[holder - 3])
    return holder, len(h0) - bisect_right(hands[holder], second)


def _order(levels: list[int], played: tuple[int, ...]) -> list[int]:
    """The strengths to try (``levels``, strongest first, all different), in
    a good order: a leader high first (where tricks are pooled per team,
    low first, :meth:`Solver._play`); the second to play, and a follower
    whose partner holds the trick, low first (the second's high card can
    still be beaten by both who follow: measured, low first settles more
    positions sooner); otherwise the cheapest card that beats the table,
    then one that ties it (a spoiled trick is nobody's), then low."""
    if not played:
        return levels
    top = max(played)
    i = len(played)
    if i == 1:
        return levels[::-1]
    if i >= 2 and played[i - 2] == top and played.count(top) == 1:
        return levels[::-1]
    n = 0
    for level in levels:
        if level <= top:
            break
        n += 1
    beat = levels[:n]
    beat.reverse()
    low = levels[n:]
    low.reverse()
    if low and low[-1] == top:
        # the card that ties: after those that beat, before the low ones
        low.pop()
        return [*beat, top, *low]
    return beat + low


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


#: a bound on the trick difference still to come that says nothing
_FAR = 30


def _margin_bounds(lo: int, hi: int, margin: int) -> tuple[int, int]:
    """Bounds on a position's value, where NS lead by ``margin`` tricks, as
    bounds on the difference ``X`` still to come (the module's docstring): a
    value above 0 says ``margin + X >= 1``, a value of at least 0 that
    ``margin + X >= 0``, and likewise from above."""
    low = 1 - margin if lo > 0 else -margin if lo == 0 else -_FAR
    high = -1 - margin if hi < 0 else -margin if hi == 0 else _FAR
    return low, high


# --------------------------------------------------------------------------
# What the fast search knows of each scoring: a compact description of the
# tricks taken, and bounds on the result.


class _Tally:
    """The tricks taken so far, described by the whole sequence of winners:
    right for any scoring, and no bounds."""

    #: the most points a deal is worth under this scoring (mordienne, double aside)
    span = _UNBOUNDED
    #: whether only the teams' totals count (:meth:`bounds` reads the sure
    #: tricks of a seat as its team's, and the partner's most as uncapped),
    #: so that the compiled search may count sure tricks per team
    pooled = False

    def start(self) -> tuple[object, ...]:
        return ()

    def advance(self, state: tuple[object, ...], winner: int, number: int) -> tuple[object, ...]:
        return (*state, winner)

    def key(self, state: tuple[object, ...]) -> object:
        return state

    def margin(self, state: tuple[object, ...]) -> int | None:
        """NS's tricks less EW's, where this tally counts per team."""
        return None

    def bounds(
        self,
        state: tuple[object, ...],
        played: int,
        left: int,
        sure: Sequence[int],
        most: Sequence[int],
        ruleset: Ruleset,
    ) -> tuple[int, int]:
        return -_UNBOUNDED, _UNBOUNDED


class _MostTricksTally(_Tally):
    """Most tricks, first to the final count on a tie (docs/rules.md §4): the
    counts, when each seat reached its count, and the seat on a mordienne
    run (won nothing before a run of tricks that is still going, begun after
    the first trick), or -1."""

    span = 1

    def __init__(self, mordienne: bool = True) -> None:
        #: without the mordienne option the run is kept but not keyed: it
        #: changes nothing, and keying it would split equal positions
        self.mordienne = mordienne

    def start(self) -> tuple[object, ...]:
        return ((0, 0, 0, 0), (0, 0, 0, 0), -1)

    def advance(self, state: tuple[object, ...], winner: int, number: int) -> tuple[object, ...]:
        counts, reached, runner = state
        if winner < 0:
            return (counts, reached, -1)
        c = list(counts)  # type: ignore[call-overload]
        r = list(reached)  # type: ignore[call-overload]
        if c[winner] == 0:
            runner = winner if number >= 2 else -1
        elif runner != winner:
            runner = -1
        c[winner] += 1
        r[winner] = number
        return (tuple(c), tuple(r), runner)

    def key(self, state: tuple[object, ...]) -> object:
        # Of the times counts were reached, only the order among equal counts
        # matters: it breaks a tie if neither takes another trick.
        counts, reached, runner = state
        order = tuple(sorted(range(4), key=lambda s: (counts[s], reached[s])))  # type: ignore[index]
        return (counts, order, runner if self.mordienne else -1)

    def bounds(
        self,
        state: tuple[object, ...],
        played: int,
        left: int,
        sure: Sequence[int],
        most: Sequence[int],
        ruleset: Ruleset,
    ) -> tuple[int, int]:
        counts = cast(tuple[int, int, int, int], state[0])
        reached = cast(tuple[int, ...], state[1])
        runner = state[2]
        c0, c1, c2, c3 = counts
        s0, s1, s2, s3 = sure
        m0, m1, m2, m3 = most
        low = (c0 + s0, c1 + s1, c2 + s2, c3 + s3)
        high = (c0 + m0, c1 + m1, c2 + m2, c3 + m3)
        l0, l1, l2, l3 = low
        # Most seats are out of the running on counts alone: ask only the others.
        best_low = max(low)
        can = [
            high[p] >= best_low and _can_win(p, reached, low, high, sure, most) for p in range(4)
        ]
        n_can = can[0] or can[2]
        e_can = can[1] or can[3]
        void = not (l0 or l1 or l2 or l3)
        n_two = e_two = False
        if ruleset.mordienne:
            # A mordienne: the winner took nothing before a run to the end.
            n_two = n_can and any(
                (runner == p and most[p] == left) or (counts[p] == 0 and most[p] >= 1)
                for p in (0, 2)
            )
            e_two = e_can and any(
                (runner == p and most[p] == left) or (counts[p] == 0 and most[p] >= 1)
                for p in (1, 3)
            )
        hi = 2 if n_two else 1 if n_can else 0 if void else -1
        lo = -2 if e_two else -1 if e_can else 0 if void else 1
        return lo, hi


def _can_win(
    p: int,
    reached: Sequence[int],
    low: Sequence[int],
    high: Sequence[int],
    sure: Sequence[int],
    most: Sequence[int],
) -> bool:
    """Whether seat ``p`` can still end with the most tricks, or first to a
    shared most: its most must reach every other seat's least, and where it
    only equals the count another seat already has, ``p`` must have reached
    it first, and take nothing more."""
    top = high[p]
    if top < 1:
        return False
    for q in range(4):
        if q == p:
            continue
        if top < low[q]:
            return False
        if top == low[q] and not sure[q] and (most[p] or reached[p] > reached[q]):
            return False
    return True


class _TeamTricksTally(_Tally):
    """Tricks pooled per team, first team to the target takes the deal
    (docs/rules.md §7): the two totals."""

    span = 1
    pooled = True

    def start(self) -> tuple[object, ...]:
        return (0, 0)

    def advance(self, state: tuple[object, ...], winner: int, number: int) -> tuple[object, ...]:
        ns, ew = state
        if winner < 0:
            return state
        return (ns + 1, ew) if winner % 2 == 0 else (ns, ew + 1)  # type: ignore[operator]

    def margin(self, state: tuple[object, ...]) -> int | None:
        ns, ew = cast(tuple[int, int], state)
        return ns - ew

    def bounds(
        self,
        state: tuple[object, ...],
        played: int,
        left: int,
        sure: Sequence[int],
        most: Sequence[int],
        ruleset: Ruleset,
    ) -> tuple[int, int]:
        ns, ew = state
        target = ruleset.deal_target
        ns_sure, ew_sure = sure[0] + sure[2], sure[1] + sure[3]
        ns_lo, ew_lo = ns + ns_sure, ew + ew_sure  # type: ignore[operator]
        ns_hi = ns + min(left - ew_sure, most[0] + most[2])  # type: ignore[operator]
        ew_hi = ew + min(left - ns_sure, most[1] + most[3])  # type: ignore[operator]
        ns_can = ns_hi >= target or ns_hi > ew_lo
        ew_can = ew_hi >= target or ew_hi > ns_lo
        void = ns_lo < target and ew_lo < target and ns_hi >= ew_lo and ew_hi >= ns_lo
        hi = 1 if ns_can else 0 if void else -1
        lo = -1 if ew_can else 0 if void else 1
        return lo, hi


#: the fast search's tallies, by what a deal scoring declares it may use
_TALLIES: dict[str, type[_Tally]] = {SEAT_COUNTS: _MostTricksTally, TEAM_TOTALS: _TeamTricksTally}


def _tally_for(ruleset: Ruleset) -> _Tally:
    """The tally the deal scoring declares the fast search may use
    (``DealScoring.search_tally``); the whole sequence of winners, with no
    bounds, for a scoring that declares none."""
    declared = ruleset.deal_scoring.search_tally()
    tally = _TALLIES.get(declared) if declared is not None else None
    if tally is _MostTricksTally:  # the mordienne run counts only where the option is on
        return _MostTricksTally(ruleset.mordienne)
    return tally() if tally is not None else _Tally()
