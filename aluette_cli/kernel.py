"""The fast search of :mod:`aluette_cli.solver`, compiled with numba.

An optional extra (``pip install 'aluette[fast]'``): where numba imports and
the ruleset's policies declare what the fast search needs, a
:class:`~aluette_cli.solver.Solver` runs its null-window tests here instead
of in Python; the values are the same (the tests hold this search to the
plain one, to the Python fast one and to brute force).  The first run after
an install compiles the search (about thirteen seconds of CPU) and caches the
machine code next to this module (``cache=True``); later runs load it and
build the ruleset's tables in well under a second.

The search is the Python fast search, move for move: the same null-window
driver (in the solver), the same card bounds, table of bounds, move order
and groups of cards that play alike, with one bound more where tricks are
pooled per team (team-five): each team's sure tricks (:func:`_pooled_sure`),
which settle many trick starts sooner, so that there it searches fewer; and
at a trick start the table of bounds is asked before the card bounds are
worked out, since it settles most trick starts by itself (the values are
the same, and so were the trick starts visited on every position compared).
Otherwise what differs is only how a position is held, and what it costs to
hold it:

- a hand is one 64-bit integer, three bits a strength level (how many cards
  of that level it holds: a ruleset of up to 21 levels, none of more than
  seven cards, fits), so playing a card is one subtraction;
- the table of bounds is one numpy array keyed by the four hands over the
  levels somebody still holds (relative ranks: three bits a card, its seat
  and whether it ends its level), the leader and the tally state (none
  where the solver keeps bounds by margin, as its docstring says: there an
  entry's bounds are on the trick difference still to come); an entry
  is four words, its bounds beside its key, and a bucket of two entries is
  one 64-byte cache line, the entry that cost less replaced;
- the rules are tables filled by asking the policies, never written here:
  who takes a trick by the pattern of its four strengths (which is
  strongest, which are equal: 75 patterns, each asked of the tie policy
  once through :meth:`Solver.trick_winner`), and the tally states
  (:class:`Tables`): every state reachable from the deal's, numbered, with
  the next state for each trick winner, the value of a finished deal (the
  deal scoring's), and the bounds from the counts alone.  The bounds from
  the cards held are the tally's own, asked of the solver once per state and
  card counts (a call back into Python, remembered in a table here);
- the search allocates nothing: its stack of frames and its rows of cards
  to try are arrays the kernel makes once, read and written by index, and
  the helpers it calls at every position are inlined into it.  So it is
  compiled without the runtime's reference counts (:data:`_BARE`), which
  otherwise cost an atomic operation for every array handed to a helper or
  row taken of one: 16% of the search's time with rows taken as views, 7%
  without them.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from .cards import TRICKS_PER_DEAL

try:  # numpy comes with numba: neither is a dependency of the base install
    import numpy as np
    from numba import njit, objmode
    from numba.cpython.unsafe import numbers as _bits

    #: count leading and trailing zero bits: one machine instruction each
    leading_zeros: Callable[[int], int] = cast(Any, _bits.leading_zeros)
    trailing_zeros: Callable[[int], int] = cast(Any, _bits.trailing_zeros)

    AVAILABLE = True
except ImportError:  # pragma: no cover - the extra is not installed
    AVAILABLE = False

#: Options of the search's compilation: without the runtime's reference
#: counts where numba offers to leave them out (``_nrt``, an option of its
#: own that its tests use, and not promised); where it does not, the search
#: keeps them and is only slower.
_BARE: dict[str, bool] = {}
try:
    from numba.core import cpu as _numba_cpu

    if hasattr(getattr(_numba_cpu, "_options_mixin", None), "_nrt"):
        _BARE["_nrt"] = False
except ImportError:  # pragma: no cover - no numba
    pass

if TYPE_CHECKING:
    from .solver import Solver

#: The most strength levels a packed hand holds (3 bits a level in 64 bits).
MAX_LEVELS = 21
#: The most cards of one level a packed hand can count in its 3 bits.  The
#: presets rank at most four cards alike, but a house file may rank a dozen
#: equal, and a hand of nine could then hold eight of them.
MAX_LEVEL_CARDS = 7
#: Buckets of the table of bounds (two entries each): about 60 MB in all.
TABLE_BITS = 20
#: Entries of the memo of card bounds, a power of two.
BOUND_BITS = 20
#: Trick starts between two looks at the clock.
CLOCK_EVERY = 4096

# Columns of the state table.
_NEXT = 0  # 0..4: the next state by trick winner + 1
_OVER = 5  # whether play stops here
_LEAF = 6  # the value of the deal when it does
_CLO = 7  # bounds from the counts alone
_CHI = 8
_PLAYED = 9
_KEY = 10  # the state's part of a position's key
_MARGIN = 11  # NS's tricks less EW's, where the table keeps bounds by margin

# Slots of the control array.
_NODES = 0
_TIMEUP = 1
_SPOILS = 2
_TOPWINS = 3
_NLEVELS = 4
_HASCLOCK = 5
_POOLED = 6
_CANCELS = 7
_MARGINS = 8  # the double's factor where the table keeps bounds by margin, else 0

# Fields of a frame of the search's stack.
(
    _F_KIND,
    _F_LEADER,
    _F_N,
    _F_T0,
    _F_T1,
    _F_T2,
    _F_SID,
    _F_ALPHA,
    _F_BETA,
    _F_HINT,
    _F_K,
    _F_X,
    _F_BEST,
    _F_CHOSEN,
    _F_LO,
    _F_HI,
    _F_SLOT,
    _F_B,
    _F_K0,
    _F_K1,
    _F_K2,
    _F_A,
    _F_BB,
    _F_WORK,
    _F_NH,
) = range(25)
#: Frames of the stack: a trick start and four cards a trick, and the root.
_FRAMES = 5 * TRICKS_PER_DEAL + 2

_EMPTY = -(2**63)
#: The lowest bit of every level's three; the levels of every other pair;
#: bit 0 of each 6-bit field (a sum of two levels), to add them all.
_LOW = sum(1 << (3 * k) for k in range(MAX_LEVELS))
_PAIRS = sum(7 << (6 * k) for k in range(11))
_SUM = sum(1 << (6 * k) for k in range(11))
# Odd multipliers for hashing, as signed 64-bit integers (the kernel's arithmetic wraps).
_M1 = 0x9E3779B97F4A7C15 - (1 << 64)
_M2 = 0xBF58476D1CE4E5B9 - (1 << 64)
_M3 = 0x94D049BB133111EB - (1 << 64)

#: Who answers the kernel's questions about card bounds: the solver being
#: searched for (set around each call, under _ONE_AT_A_TIME).
_ASK: list[Callable[[int], tuple[int, int]]] = []
#: The deadline of the search in progress, as a time.monotonic instant.
_DEADLINE: list[float] = [0.0]
#: Whether Ctrl-C came during the search in progress (:func:`_held_sigint`).
_SIGNALLED: list[bool] = [False]
#: One search at a time in a process.  The compiled search holds the GIL,
#: so threads (a Dask worker's) never ran two at once; but it calls back
#: into Python, where another thread could start a search of its own and
#: change _ASK, _DEADLINE and the ruleset's shared tables under it (wrong
#: bounds for a deal of another ruleset, a solver gone).  Reentrant: a
#: search's own callbacks may search.
_ONE_AT_A_TIME = threading.RLock()


def _ask_bounds(ckey: int) -> tuple[int, int]:
    """The tally's bounds for a packed card-bounds key, from the solver."""
    return _ASK[-1](ckey)


def _past_deadline() -> bool:
    return _SIGNALLED[0] or time.monotonic() > _DEADLINE[0]


def _note_sigint(signum: int, frame: object) -> None:
    _SIGNALLED[0] = True


@contextlib.contextmanager
def _held_sigint() -> Iterator[bool]:
    """Ctrl-C during the compiled search, noted and not raised there;
    raised by the process's own handler once the search has returned.
    Yields whether it is held (the search must then look at the clock).

    A Python handler that raises (the command's, or KeyboardInterrupt's)
    runs at the next Python step, which in the compiled search is one of
    its calls back into Python (``objmode``): numba turns the exception
    raised there into a SystemError, and Ctrl-C became an internal error.
    Only in the main thread (where signals are handled), and only where the
    handler is Python's: a worker that ignores SIGINT still does."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        yield False
        return
    _SIGNALLED[0] = False
    signal.signal(signal.SIGINT, _note_sigint)
    try:
        yield True
    finally:
        signal.signal(signal.SIGINT, previous)
        if _SIGNALLED[0]:
            _SIGNALLED[0] = False
            signal.raise_signal(signal.SIGINT)  # to the handler put back


def _level_codes() -> tuple[Any, Any]:
    """A level's part of a table key, by its four counts (three bits each,
    seat 0 lowest): three bits a card, the seat that holds it and whether it
    is the level's last, so a key costs three bits a card held (at most 108)
    whatever the level's size.  The last card's bit ends each level, so two
    different layouts never share a key."""
    code = np.zeros(1 << 12, dtype=np.int64)
    bits = np.zeros(1 << 12, dtype=np.int64)
    for x in range(1 << 12):
        seats = [seat for seat in range(4) for _ in range((x >> (3 * seat)) & 7)]
        if len(seats) > MAX_LEVEL_CARDS:  # no level holds more (Kernel.fits)
            continue
        for k, seat in enumerate(seats):
            code[x] |= (seat | (4 if k == len(seats) - 1 else 0)) << (3 * k)
        bits[x] = 3 * len(seats)
    return code, bits


def _aligned_table(entries: int) -> Any:
    """The table of bounds: four words an entry (three of key, one of
    bounds, lead and work), its buckets of two entries each on one 64-byte
    cache line, so a look-up reads one line.  Zeros, not a fill: the pages
    are only touched as the table fills (a key's third word is never 0)."""
    raw = np.zeros(entries * 4 + 8, dtype=np.int64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip : skip + entries * 4].reshape(entries, 4)


def winner_table(solver: Solver, levels: Sequence[int]) -> np.ndarray:
    """Who takes a trick (offset from its leader, -1 nobody) by its pattern:
    the tie policy's answer for representative cards of each pattern (-2:
    no four cards of the deck make that pattern, so it never comes up).
    ``levels``: the ruleset's strengths, weakest first."""
    cards_of: dict[int, int] = {}
    for s in solver.ruleset.strength.values():
        cards_of[s] = cards_of.get(s, 0) + 1
    table = np.full(256, -2, dtype=np.int8)
    for code in range(256):
        ranks = [(code >> (6 - 2 * k)) & 3 for k in range(4)]
        distinct = sorted(set(ranks))
        if distinct != list(range(len(distinct))):
            continue
        need = [ranks.count(r) for r in distinct]
        chosen: list[int] = []
        at = 0
        for count in need:  # the weakest levels with enough cards, in order
            while at < len(levels) and cards_of[levels[at]] < count:
                at += 1
            if at == len(levels):
                break
            chosen.append(levels[at])
            at += 1
        if len(chosen) < len(need):
            continue
        table[code] = solver.trick_winner(tuple(chosen[r] for r in ranks))
    return table


class Tables:
    """The tally states of one ruleset (and double), numbered for the
    kernel, and what the kernel remembers across deals: the memo of card
    bounds.  Built by asking a solver of that ruleset; shared by every
    solver of it (:func:`tables_for`)."""

    def __init__(self, solver: Solver) -> None:
        strengths = sorted(set(solver.ruleset.strength.values()))
        self.level_of = {s: k for k, s in enumerate(strengths)}
        self.win = winner_table(solver, strengths)
        self.ids: dict[tuple[int, object], int] = {}
        #: per state: (tricks played, tally state, a sequence of winners to it)
        self.states: list[tuple[int, tuple[object, ...], tuple[int, ...]]] = []
        self.rows = np.zeros((64, 12), dtype=np.int32)
        self.bound_keys = np.full(1 << BOUND_BITS, _EMPTY, dtype=np.int64)
        self.bound_vals = np.zeros((1 << BOUND_BITS, 2), dtype=np.int16)
        self.bound_count = np.zeros(1, dtype=np.int64)

    def state(self, solver: Solver, seq: tuple[int, ...], tally: tuple[object, ...]) -> int:
        """The number of the state after ``seq``, every state reachable from
        it numbered too (the kernel looks the next one up, never asks)."""
        key = (len(seq), solver._tally.key(tally))
        root = self.ids.get(key)
        if root is None:
            root = self._add(solver, key, seq, tally)
        todo = [root]
        while todo:
            sid = todo.pop()
            if self.rows[sid, _OVER] or self.rows[sid, _NEXT] != -2:
                continue
            played, tally, seq = self.states[sid]
            for winner in range(-1, 4):
                ntally = solver._tally.advance(tally, winner, played + 1)
                nkey = (played + 1, solver._tally.key(ntally))
                nid = self.ids.get(nkey)
                if nid is None:
                    nid = self._add(solver, nkey, (*seq, winner), ntally)
                self.rows[sid, _NEXT + winner + 1] = nid
                todo.append(nid)
        return root

    def _add(
        self,
        solver: Solver,
        key: tuple[int, object],
        seq: tuple[int, ...],
        tally: tuple[object, ...],
    ) -> int:
        sid = len(self.states)
        self.ids[key] = sid
        self.states.append((key[0], tally, seq))
        if sid == len(self.rows):
            self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
        played = key[0]
        row = self.rows[sid]
        row[_NEXT : _NEXT + 5] = -2  # not numbered yet
        over = played >= TRICKS_PER_DEAL or (solver._stops_early and solver.over(seq))
        row[_OVER] = over
        row[_LEAF] = solver.leaf(seq) if over else 0
        lo, hi = (row[_LEAF], row[_LEAF]) if over else solver._bounds_of(played, tally, None)
        row[_CLO], row[_CHI] = lo, hi
        row[_PLAYED] = played
        row[_KEY] = 0 if solver._by_margin else sid
        row[_MARGIN] = solver._tally.margin(tally) or 0
        return sid

    def ask(self, solver: Solver) -> Callable[[int], tuple[int, int]]:
        """The kernel's question, a packed card-bounds key, put to ``solver``."""

        def answer(ckey: int) -> tuple[int, int]:
            sid = ckey >> 24
            holder = ((ckey >> 20) & 15) - 1
            total = (ckey >> 16) & 15
            most = [(ckey >> (12 - 4 * k)) & 15 for k in range(4)]
            played, tally, _ = self.states[sid]
            return solver._bounds_of(played, tally, (holder, total, *most))

        return answer


_TABLES: dict[tuple[object, ...], Tables] = {}


def tables_for(solver: Solver) -> Tables:
    """The tables of the solver's ruleset and double, built once a process."""
    # A double changes what a finished deal scores: the announcers count.
    key = (solver.ruleset, solver.doubled_by if solver._factor > 1 else None)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) > 8:
            _TABLES.clear()
        found = _TABLES[key] = Tables(solver)
    return found


# --------------------------------------------------------------------------
# The compiled search

if AVAILABLE:
    _LEVEL_CODE, _LEVEL_BITS = _level_codes()

    @njit(cache=True, inline="always")
    def _size(h: int, nlevels: int) -> int:
        """How many cards a packed hand holds (at most 15): the levels' counts
        added in pairs, then all pairs at once by one multiplication."""
        pairs = (h & _PAIRS) + ((h >> 3) & _PAIRS)
        return ((pairs * _SUM) >> 60) & 15

    @njit(cache=True, inline="always")
    def _top(h: int, nlevels: int) -> int:
        """The strongest level of a packed hand (-1: empty)."""
        held = (h | (h >> 1) | (h >> 2)) & _LOW
        return -1 if held == 0 else (63 - leading_zeros(held)) // 3

    @njit(cache=True, inline="always")
    def _bottom(h: int, nlevels: int) -> int:
        """The weakest level of a packed hand (-1: empty)."""
        held = (h | (h >> 1) | (h >> 2)) & _LOW
        return -1 if held == 0 else trailing_zeros(held) // 3

    @njit(cache=True, inline="always")
    def _above(h: int, level: int, nlevels: int) -> int:
        """How many cards of ``h`` are stronger than ``level``."""
        return _size(h >> (3 * (level + 1)), nlevels)

    @njit(cache=True, inline="always")
    def _dense(a: int, b: int, c: int, d: int, x: int) -> int:
        """How many distinct strengths of the trick are below ``x``."""
        n = 0
        if a < x:
            n += 1
        if b < x and b != a:
            n += 1
        if c < x and c != a and c != b:
            n += 1
        if d < x and d != a and d != b and d != c:
            n += 1
        return n

    @njit(cache=True, inline="always")
    def _winner(win: np.ndarray, a: int, b: int, c: int, d: int) -> int:
        """The tie policy's answer for a trick, by its pattern (offset)."""
        ra = _dense(a, b, c, d, a)
        rb = _dense(a, b, c, d, b)
        rc = _dense(a, b, c, d, c)
        rd = _dense(a, b, c, d, d)
        return int(win[(ra << 6) | (rb << 4) | (rc << 2) | rd])

    @njit(cache=True, inline="always")
    def _bound_lookup(
        keys: np.ndarray, vals: np.ndarray, count: np.ndarray, ckey: int
    ) -> tuple[int, int]:
        """The tally's bounds for ``ckey``, remembered: the memo's probe
        here, where the search inlines it; the question to the solver on a
        miss, which is rare, in :func:`_bound_miss`."""
        mask = len(keys) - 1
        i = (ckey * _M1) >> 40 & mask
        while True:
            k = keys[i]
            if k == ckey:
                return int(vals[i, 0]), int(vals[i, 1])
            if k == _EMPTY:
                break
            i = (i + 1) & mask
        return _bound_miss(keys, vals, count, ckey, i)

    @njit(cache=True)
    def _bound_miss(
        keys: np.ndarray, vals: np.ndarray, count: np.ndarray, ckey: int, i: int
    ) -> tuple[int, int]:
        """Asks the solver the bounds for ``ckey`` and remembers them at
        slot ``i`` (the memo starts again empty when full)."""
        mask = len(keys) - 1
        with objmode(lo="int64", hi="int64"):
            lo, hi = _ask_bounds(ckey)
        if count[0] * 4 >= len(keys) * 3:  # full: start again empty
            keys[:] = _EMPTY
            count[0] = 0
            i = (ckey * _M1) >> 40 & mask
            while keys[i] != _EMPTY:
                i = (i + 1) & mask
        keys[i] = ckey
        vals[i, 0] = lo
        vals[i, 1] = hi
        count[0] += 1
        return lo, hi

    @njit(cache=True, inline="always")
    def _card_bounds(
        hands: np.ndarray,
        sid: int,
        holder: int,
        total: int,
        left: int,
        ctl: np.ndarray,
        rows: np.ndarray,
        bkeys: np.ndarray,
        bvals: np.ndarray,
        bcount: np.ndarray,
        partner: int,
    ) -> tuple[int, int]:
        """The solver's ``_bounds`` (``partner``: a seat the sure tricks do
        not cap, where they are the team's, or -1): the most tricks each seat can take, and
        the strongest card's sure ones, looked up as the tally bounds them."""
        if not ctl[_TOPWINS]:
            return int(rows[sid, _CLO]), int(rows[sid, _CHI])
        nlevels = ctl[_NLEVELS]
        m0 = m1 = m2 = m3 = left
        if ctl[_SPOILS]:
            l0 = _bottom(hands[0], nlevels)
            l1 = _bottom(hands[1], nlevels)
            l2 = _bottom(hands[2], nlevels)
            l3 = _bottom(hands[3], nlevels)
            floor = max(max(l0, l1), max(l2, l3))
            m0 = _above(hands[0], floor, nlevels)
            m1 = _above(hands[1], floor, nlevels)
            m2 = _above(hands[2], floor, nlevels)
            m3 = _above(hands[3], floor, nlevels)
            if (l0 == floor) + (l1 == floor) + (l2 == floor) + (l3 == floor) == 1:
                if l0 == floor:
                    m0 = left
                elif l1 == floor:
                    m1 = left
                elif l2 == floor:
                    m2 = left
                else:
                    m3 = left
        if total:
            cap = left - total
            if holder != 0 and partner != 0 and m0 > cap:
                m0 = cap
            if holder != 1 and partner != 1 and m1 > cap:
                m1 = cap
            if holder != 2 and partner != 2 and m2 > cap:
                m2 = cap
            if holder != 3 and partner != 3 and m3 > cap:
                m3 = cap
        ckey = (sid << 24) | ((holder + 1) << 20) | (total << 16) | (m0 << 12) | (m1 << 8)
        ckey |= (m2 << 4) | m3
        return _bound_lookup(bkeys, bvals, bcount, ckey)

    @njit(cache=True, inline="always")
    def _team_sure(
        hands: np.ndarray, left: int, holder: int, total: int
    ) -> tuple[int, int, int, int]:
        """Where tricks are pooled per team and a card stronger than every
        other card of a trick takes it: the tricks the team with more of
        them can make sure of (:func:`_pooled_sure`), as (a seat of it, the
        count, its partner), or the holder's own; and the other team's."""
        ns = _pooled_sure(hands, 0, left)
        ew = _pooled_sure(hands, 1, left)
        if ns >= ew:
            p = 0
            team = ns
            other = ew
        else:
            p = 1
            team = ew
            other = ns
        if team <= total:
            return holder, total, -1, 0
        return p, team, p + 2, other

    @njit(cache=True, inline="always")
    def _pooled_sure(hands: np.ndarray, p: int, left: int) -> int:
        """The tricks the team of seats ``p`` and ``p + 2`` can make sure of
        where tricks are pooled per team and a card stronger than every
        other card of a trick takes it.

        For a level ``v``, let ``a`` and ``b`` be each partner's cards at
        levels ``v`` and above, ``j = a + b``, and ``k`` the other team's
        cards at levels ``v`` and above.  In a trick where the team plays
        one card of level ``v`` or above, or two of different levels, and
        the other team nothing of level ``v`` or above, the strongest card
        is the team's and the only one of its level, so it takes the trick.
        The team can play such cards in ``c`` tricks, whatever the others
        do (no card has to follow anything):

        - ``j`` where ``j`` is at most the tricks left: each of those cards
          in a trick of its own, the partner playing one below ``v`` there
          (it has ``left - b`` of them, at least ``a``, and the other way
          round);
        - otherwise all the tricks left but those that get two equal cards:
          every trick gets one of the ``j`` (a partner's cards below ``v``
          go to tricks where the other plays one of its own), ``d = j -
          left`` tricks get two, one of each partner, and as many as ``m``
          of those pairs can be of different levels, ``m`` the largest
          matching of the one partner's cards with the other's of another
          level: ``min(a, b, j - w)``, ``w`` the team's cards of its most
          held level (Hall's condition: a set of one partner's cards of
          two levels or more meets every card of the other; of one level,
          those of the other levels).  So ``c = left - max(0, d - m)``.

        Each of the other team's ``k`` cards is played in one trick only,
        so it spoils at most one of them: the team takes at least ``c - k``
        tricks whatever the others do, and so whenever it wants them (it
        can play those tricks first), and the other team takes at most the
        rest, which is all the pooled bounds ask of a count of sure tricks.
        The best ``v`` is kept; with ``v`` just above the other team's
        strongest card, ``k`` is 0: the cards above everything the other
        team holds."""
        mine = hands[p]
        partner = hands[p + 2]
        both = mine + partner  # a level's counts add up to at most 4
        theirs = hands[1 - p] + hands[3 - p]
        every = _held(both) | _held(theirs)
        a = 0
        b = 0
        w = 0
        k = 0
        best = 0
        while every:
            bit = 63 - leading_zeros(every)
            every ^= 1 << bit
            a += (mine >> bit) & 7
            b += (partner >> bit) & 7
            here = (both >> bit) & 7
            if here > w:
                w = here
            k += (theirs >> bit) & 7
            if left - k <= best:
                break
            j = a + b
            c = j
            if j > left:
                m = min(a, min(b, j - w))
                c = left if j - left <= m else left - (j - left - m)
            if c - k > best:
                best = c - k
        return best

    @njit(cache=True, inline="always")
    def _matched(
        hands: np.ndarray,
        sid: int,
        holder: int,
        total: int,
        left: int,
        nlevels: int,
        bkeys: np.ndarray,
        bvals: np.ndarray,
        bcount: np.ndarray,
    ) -> tuple[int, int]:
        """The solver's ``_matched_bounds``: each seat takes at most as many
        tricks as it can match its cards with weaker cards of every other."""
        cap = left - total
        ckey = (sid << 24) | ((holder + 1) << 20) | (total << 16)
        for p in range(4):
            m = left if p == holder else cap
            mine = hands[p]
            for q in range(4):
                if q == p:
                    continue
                theirs = hands[q]
                free = 0  # q's cards below the level, not matched yet
                j = 0
                for level in range(nlevels):
                    c = (mine >> (3 * level)) & 7
                    if c and free:
                        k = c if c < free else free
                        j += k
                        free -= k
                    free += (theirs >> (3 * level)) & 7
                if j < m:
                    m = j
                    if not m:
                        break
            ckey |= m << (12 - 4 * p)
        return _bound_lookup(bkeys, bvals, bcount, ckey)

    @njit(cache=True, inline="always")
    def _held(h: int) -> int:
        """The lowest bit of each level a packed hand holds cards of."""
        return (h | (h >> 1) | (h >> 2)) & _LOW

    @njit(cache=True, inline="always")
    def _groups(
        hands: np.ndarray,
        seat: int,
        n: int,
        t0: int,
        t1: int,
        t2: int,
        nlevels: int,
        out: np.ndarray,
        row: int,
        dead: int,
    ) -> int:
        """The seat's groups of cards that play alike (the solver's
        ``_groups``), in row ``row`` of ``out``: one level each, the
        weakest, strongest first.
        ``dead`` 1: a card takes a trick only if stronger than every other
        card of it, so the seat's cards below another seat's weakest (held
        or on the table) are one group; 2: equal cards cancel, and the
        seat's cards below :func:`_cancel_floor` of the four seats' (held
        or on the table) are one group."""
        mine = _held(hands[seat])
        others = 0
        for q in range(4):
            if q != seat:
                others |= _held(hands[q])
        if n > 0:
            others |= 1 << (3 * t0)
        if n > 1:
            others |= 1 << (3 * t1)
        if n > 2:
            others |= 1 << (3 * t2)
        sole = mine & ~others
        every = mine | others
        k = 0
        run = False
        while every:
            bit = 63 - leading_zeros(every)
            every ^= 1 << bit
            one = 1 << bit
            if sole & one:
                if run:
                    out[row, k - 1] = bit // 3
                else:
                    out[row, k] = bit // 3
                    k += 1
                    run = True
            else:
                run = False
                if mine & one:
                    out[row, k] = bit // 3
                    k += 1
        if dead and k > 1:
            if dead == 1:
                floor = _floor(hands, seat, n, t0, t1, t2, nlevels)
            else:
                m0 = _held(hands[0])
                m1 = _held(hands[1])
                m2 = _held(hands[2])
                m3 = _held(hands[3])
                for i in range(n):
                    card = 1 << (3 * (t0 if i == 0 else t1 if i == 1 else t2))
                    q = (seat + 4 - n + i) % 4
                    if q == 0:
                        m0 |= card
                    elif q == 1:
                        m1 |= card
                    elif q == 2:
                        m2 |= card
                    else:
                        m3 |= card
                floor = _cancel_floor(m0, m1, m2, m3)
            j = 0
            while j < k and out[row, j] >= floor:
                j += 1
            if j < k - 1:
                out[row, j] = out[row, k - 1]
                k = j + 1
        return k

    @njit(cache=True, inline="always")
    def _floor(
        hands: np.ndarray, seat: int, n: int, t0: int, t1: int, t2: int, nlevels: int
    ) -> int:
        """The strongest of the other seats' weakest cards, each seat's
        card on the table this trick counted with its hand: every card of
        ``seat`` below it meets a stronger card in every trick it can be
        played in (that seat's), so it never takes or spoils a trick."""
        floor = -1
        for i in range(1, 4):
            q = (seat + i) % 4
            low = _bottom(hands[q], nlevels)
            at = i - 4 + n  # the place of q's card on the table, if played
            if at >= 0:
                card = t0 if at == 0 else t1 if at == 1 else t2
                if low < 0 or card < low:
                    low = card
            if low > floor:
                floor = low
        return floor

    @njit(cache=True, inline="always")
    def _cancel_floor(m0: int, m1: int, m2: int, m3: int) -> int:
        """The solver's ``_cancel_floor`` (which says why), of the levels
        each seat holds (the lowest bit of each level's three, its card on
        the table this trick included): the strongest weakest level if no
        other seat holds a level of that seat; else the second, if those
        two seats hold none in common; else the third."""
        ms = (m0, m1, m2, m3)
        lows = (
            -1 if m0 == 0 else trailing_zeros(m0) // 3,
            -1 if m1 == 0 else trailing_zeros(m1) // 3,
            -1 if m2 == 0 else trailing_zeros(m2) // 3,
            -1 if m3 == 0 else trailing_zeros(m3) // 3,
        )
        first = 0
        for q in range(1, 4):
            if lows[q] > lows[first]:
                first = q
        second = -1
        for q in range(4):
            if q != first and (second < 0 or lows[q] > lows[second]):
                second = q
        third = -1
        for q in range(4):
            if q != first and q != second and (third < 0 or lows[q] > lows[third]):
                third = q
        rest = 0
        for q in range(4):
            if q != first:
                rest |= ms[q]
        if ms[first] & rest == 0:
            return lows[first]
        if ms[first] & ms[second] == 0:
            return lows[second]
        return lows[third]

    @njit(cache=True, inline="always")
    def _order(
        scratch: np.ndarray,
        src: int,
        k: int,
        n: int,
        t0: int,
        t1: int,
        t2: int,
        hint: int,
        dst: int,
        low_leads: bool,
    ) -> None:
        """The solver's ``_order``: the strengths to try, in a good order,
        from the groups in row ``src`` of ``scratch`` to row ``dst``; a
        leader's low first where ``low_leads`` (tricks pooled per team)."""
        if n == 0:
            for x in range(k):
                scratch[dst, x] = scratch[src, k - 1 - x if low_leads else x]
            if hint >= 0 and scratch[dst, 0] != hint:
                for x in range(1, k):
                    if scratch[dst, x] == hint:
                        for y in range(x, 0, -1):
                            scratch[dst, y] = scratch[dst, y - 1]
                        scratch[dst, 0] = hint
                        break
            return
        if n == 1:
            for x in range(k):
                scratch[dst, x] = scratch[src, k - 1 - x]
            return
        top = max(t0, t1)
        if n == 3:
            top = max(top, t2)
        partner = t0 if n == 2 else t1
        times = (t0 == top) + (t1 == top) + (n == 3 and t2 == top)
        if partner == top and times == 1:
            for x in range(k):
                scratch[dst, x] = scratch[src, k - 1 - x]
            return
        nb = 0
        while nb < k and scratch[src, nb] > top:
            nb += 1
        at = 0
        for x in range(nb - 1, -1, -1):  # cheapest that beats first
            scratch[dst, at] = scratch[src, x]
            at += 1
        low_end = k - 1
        if nb < k and scratch[src, nb] == top:  # the card that ties, then the low ones
            scratch[dst, at] = top
            at += 1
            for x in range(k - 1, nb, -1):
                scratch[dst, at] = scratch[src, x]
                at += 1
            return
        for x in range(low_end, nb - 1, -1):
            scratch[dst, at] = scratch[src, x]
            at += 1

    @njit(cache=True)
    def _hash(w0: int, w1: int, w2: int) -> int:
        h = w0 * _M1
        h ^= (h >> 29) ^ w1
        h *= _M2
        h ^= (h >> 31) ^ w2
        h *= _M3
        return h ^ (h >> 29)

    @njit(cache=True, inline="always")
    def _store(
        table: np.ndarray,
        slot: int,
        k0: int,
        k1: int,
        k2: int,
        lo: int,
        hi: int,
        lead: int,
        work: int,
    ) -> None:
        table[slot, 0] = k0
        table[slot, 1] = k1
        table[slot, 2] = k2
        table[slot, 3] = (
            (lo & 0xFFFF) | ((hi & 0xFFFF) << 16) | (lead << 32) | (min(work, 30000) << 48)
        )

    @njit(cache=True, inline="always")
    def _sign(x: int) -> int:
        """The solver's ``_sign``."""
        return (x > 0) - (x < 0)

    @njit(cache=True, inline="always")
    def _margin_bounds(lo: int, hi: int, margin: int) -> tuple[int, int]:
        """The solver's ``_margin_bounds`` (30: its ``_FAR``)."""
        low = 1 - margin if lo > 0 else -margin if lo == 0 else -30
        high = -1 - margin if hi < 0 else -margin if hi == 0 else 30
        return low, high

    @njit(cache=True, inline="always")
    def _entry_lo(word: int) -> int:
        return ((word & 0xFFFF) ^ 0x8000) - 0x8000

    @njit(cache=True, inline="always")
    def _entry_hi(word: int) -> int:
        return (((word >> 16) & 0xFFFF) ^ 0x8000) - 0x8000

    @njit(cache=True, inline="always")
    def _entry_lead(word: int) -> int:
        return (word >> 32) & 0xFFFF

    @cast(Any, njit)(cache=True, **_BARE)
    def search(
        hands: np.ndarray,
        leader: int,
        n: int,
        t0: int,
        t1: int,
        t2: int,
        sid: int,
        alpha: int,
        beta: int,
        ctl: np.ndarray,
        win: np.ndarray,
        rows: np.ndarray,
        table: np.ndarray,
        bkeys: np.ndarray,
        bvals: np.ndarray,
        bcount: np.ndarray,
        frames: np.ndarray,
        scratch: np.ndarray,
    ) -> int:
        """The solver's ``_play`` from a root with ``n`` cards on the table
        (``t0``..``t2``), and ``_node`` at every trick start below it:
        fail-soft alpha-beta, with a stack of frames in ``frames`` (one row
        a card played or a trick start) rather than recursion."""
        nlevels = ctl[_NLEVELS]
        # which cards are only counted: 1 below the strongest weakest card
        # (a tie spoils), 2 below _cancel_floor (equal cards cancel)
        dead = 1 if ctl[_SPOILS] and ctl[_TOPWINS] else 2 if ctl[_CANCELS] else 0
        # bounds kept by margin (the solver's _by_margin): the value's factor
        factor = ctl[_MARGINS]
        mask = len(table) - 1
        d = 0
        frames[d, _F_KIND] = 1
        frames[d, _F_LEADER] = leader
        frames[d, _F_N] = n
        frames[d, _F_T0] = t0
        frames[d, _F_T1] = t1
        frames[d, _F_T2] = t2
        frames[d, _F_SID] = sid
        frames[d, _F_ALPHA] = alpha
        frames[d, _F_BETA] = beta
        frames[d, _F_HINT] = -1
        entering = True
        value = 0  # what the frame just left returned
        chosen_below = -1  # and, from a lead, the level it chose
        while True:
            if frames[d, _F_KIND] == 0:
                # ---------------- a trick start (the solver's _node)
                sid = frames[d, _F_SID]
                leader = frames[d, _F_LEADER]
                if entering:
                    alpha = frames[d, _F_ALPHA]
                    beta = frames[d, _F_BETA]
                    done = False
                    if rows[sid, _OVER]:
                        value = int(rows[sid, _LEAF])
                        done = True
                    else:
                        ctl[_NODES] += 1
                        if ctl[_HASCLOCK] and ctl[_NODES] % CLOCK_EVERY == 0:
                            with objmode(late="boolean"):
                                late = _past_deadline()
                            if late:
                                ctl[_TIMEUP] = 1
                                return 0
                        lo = int(rows[sid, _CLO])
                        hi = int(rows[sid, _CHI])
                        if lo >= beta or lo == hi:
                            value = lo
                            done = True
                        elif hi <= alpha:
                            value = hi
                            done = True
                    if not done:
                        left = TRICKS_PER_DEAL - rows[sid, _PLAYED]
                        if left == 1:
                            c0 = _top(hands[0], nlevels)
                            c1 = _top(hands[1], nlevels)
                            c2 = _top(hands[2], nlevels)
                            c3 = _top(hands[3], nlevels)
                            cs = (c0, c1, c2, c3)
                            off = _winner(
                                win,
                                cs[leader],
                                cs[(leader + 1) % 4],
                                cs[(leader + 2) % 4],
                                cs[(leader + 3) % 4],
                            )
                            w = -1 if off < 0 else (leader + off) % 4
                            value = int(rows[rows[sid, _NEXT + w + 1], _LEAF])
                            done = True
                    if not done:
                        # the key: the hands over the levels somebody holds
                        k0 = k1 = 0
                        nh = 0
                        shift = 0
                        every = (
                            _held(hands[0]) | _held(hands[1]) | _held(hands[2]) | _held(hands[3])
                        )
                        k2 = leader | (int(rows[sid, _KEY]) << 2) | (1 << 40)
                        if dead:
                            # Cards below the strongest of the four weakest
                            # cards never take or spoil a trick, nor, where
                            # equal cards cancel, those below _cancel_floor:
                            # only how many each seat holds counts.
                            if dead == 1:
                                floor = max(
                                    max(_bottom(hands[0], nlevels), _bottom(hands[1], nlevels)),
                                    max(_bottom(hands[2], nlevels), _bottom(hands[3], nlevels)),
                                )
                            else:
                                m01 = (_held(hands[0]), _held(hands[1]))
                                m23 = (_held(hands[2]), _held(hands[3]))
                                floor = _cancel_floor(m01[0], m01[1], m23[0], m23[1])
                            below = (1 << (3 * floor)) - 1
                            every &= ~below
                            k2 |= _size(hands[0] & below, nlevels) << 41
                            k2 |= _size(hands[1] & below, nlevels) << 45
                            k2 |= _size(hands[2] & below, nlevels) << 49
                            k2 |= _size(hands[3] & below, nlevels) << 53
                        while every:
                            bit = trailing_zeros(every)
                            every &= every - 1
                            level = bit // 3
                            x = (
                                ((hands[0] >> (3 * level)) & 7)
                                | (((hands[1] >> (3 * level)) & 7) << 3)
                                | (((hands[2] >> (3 * level)) & 7) << 6)
                                | (((hands[3] >> (3 * level)) & 7) << 9)
                            )
                            code = _LEVEL_CODE[x]
                            # 3 bits a card: at most 36 cards, 108 bits in
                            # two words, a level's code across both at need
                            if shift < 64:
                                k0 |= code << shift
                                if shift + _LEVEL_BITS[x] > 64:
                                    k1 |= code >> (64 - shift)
                            else:
                                k1 |= code << (shift - 64)
                            shift += _LEVEL_BITS[x]
                            scratch[3 * d + 2, nh] = level
                            nh += 1
                        b = (_hash(k0, k1, k2) & mask) & ~1
                        slot = -1
                        for s in range(b, b + 2):
                            if table[s, 2] == k2 and table[s, 0] == k0 and table[s, 1] == k1:
                                slot = s
                                break
                        lead = -1
                        if slot >= 0:
                            found = table[slot, 3]
                            e_lo = _entry_lo(found)
                            e_hi = _entry_hi(found)
                            if factor:
                                margin = rows[sid, _MARGIN]
                                e_lo = factor * _sign(margin + e_lo)
                                e_hi = factor * _sign(margin + e_hi)
                            if e_lo > lo:
                                lo = e_lo
                            if e_hi < hi:
                                hi = e_hi
                            if lo >= beta or lo == hi:
                                value = lo
                                done = True
                            elif hi <= alpha:
                                value = hi
                                done = True
                            if _entry_lead(found) < nh:
                                lead = int(scratch[3 * d + 2, _entry_lead(found)])
                    if not done:
                        holder = -1
                        total = 0
                        if ctl[_TOPWINS] or ctl[_SPOILS]:
                            a0 = _top(hands[0], nlevels)
                            a1 = _top(hands[1], nlevels)
                            a2 = _top(hands[2], nlevels)
                            a3 = _top(hands[3], nlevels)
                            best = max(max(a0, a1), max(a2, a3))
                            if (a0 == best) + (a1 == best) + (a2 == best) + (a3 == best) == 1:
                                if a0 == best:
                                    holder = 0
                                    second = max(a1, max(a2, a3))
                                elif a1 == best:
                                    holder = 1
                                    second = max(a0, max(a2, a3))
                                elif a2 == best:
                                    holder = 2
                                    second = max(a0, max(a1, a3))
                                else:
                                    holder = 3
                                    second = max(a0, max(a1, a2))
                                total = _above(hands[holder], second, nlevels)
                        t_holder = holder
                        t_total = total
                        partner = -1
                        other = 0
                        if ctl[_POOLED] and ctl[_TOPWINS]:
                            t_holder, t_total, partner, other = _team_sure(
                                hands, left, holder, total
                            )
                        c_lo, c_hi = _card_bounds(
                            hands,
                            sid,
                            t_holder,
                            t_total,
                            left,
                            ctl,
                            rows,
                            bkeys,
                            bvals,
                            bcount,
                            partner,
                        )
                        if c_lo > lo:
                            lo = c_lo
                        if c_hi < hi:
                            hi = c_hi
                        if other and lo < beta and lo != hi and hi > alpha:
                            # the other team's sure tricks bound it too
                            o = 1 - t_holder % 2
                            o_lo, o_hi = _card_bounds(
                                hands,
                                sid,
                                o,
                                other,
                                left,
                                ctl,
                                rows,
                                bkeys,
                                bvals,
                                bcount,
                                o + 2,
                            )
                            if o_lo > lo:
                                lo = o_lo
                            if o_hi < hi:
                                hi = o_hi
                        if lo >= beta or lo == hi:
                            value = lo
                            done = True
                        elif hi <= alpha:
                            value = hi
                            done = True
                    if not done and slot < 0 and ctl[_SPOILS]:
                        m_lo, m_hi = _matched(
                            hands, sid, holder, total, left, nlevels, bkeys, bvals, bcount
                        )
                        if m_lo > lo:
                            lo = m_lo
                        if m_hi < hi:
                            hi = m_hi
                        if lo >= beta or lo == hi or hi <= alpha:
                            slot = b if table[b, 3] >> 48 <= table[b + 1, 3] >> 48 else b + 1
                            s_lo, s_hi = lo, hi
                            if factor:
                                s_lo, s_hi = _margin_bounds(lo, hi, rows[sid, _MARGIN])
                            _store(table, slot, k0, k1, k2, s_lo, s_hi, 0, 0)
                            value = lo if lo >= beta or lo == hi else hi
                            done = True
                    if done:
                        d -= 1
                        entering = False
                        chosen_below = -1
                        if d < 0:
                            return value
                        continue
                    frames[d, _F_LO] = lo
                    frames[d, _F_HI] = hi
                    frames[d, _F_SLOT] = slot
                    frames[d, _F_B] = b
                    frames[d, _F_K0] = k0
                    frames[d, _F_K1] = k1
                    frames[d, _F_K2] = k2
                    frames[d, _F_A] = alpha if alpha > lo else lo
                    frames[d, _F_BB] = beta if beta < hi else hi
                    frames[d, _F_WORK] = ctl[_NODES]
                    frames[d, _F_NH] = nh
                    frames[d + 1, _F_KIND] = 1
                    frames[d + 1, _F_LEADER] = leader
                    frames[d + 1, _F_N] = 0
                    frames[d + 1, _F_SID] = sid
                    frames[d + 1, _F_ALPHA] = frames[d, _F_A]
                    frames[d + 1, _F_BETA] = frames[d, _F_BB]
                    frames[d + 1, _F_HINT] = lead
                    d += 1
                    continue
                # back from the lead: remember what it found
                lo = frames[d, _F_LO]
                hi = frames[d, _F_HI]
                a = frames[d, _F_A]
                bb = frames[d, _F_BB]
                if value <= a:
                    hi = value
                elif value >= bb:
                    lo = value
                else:
                    lo = hi = value
                slot = frames[d, _F_SLOT]
                b = frames[d, _F_B]
                if slot < 0:
                    slot = b if table[b, 3] >> 48 <= table[b + 1, 3] >> 48 else b + 1
                if factor:
                    # as bounds on the difference to come, with those the
                    # entry holds if it is still this position's
                    lo, hi = _margin_bounds(lo, hi, rows[frames[d, _F_SID], _MARGIN])
                    if (
                        table[slot, 2] == frames[d, _F_K2]
                        and table[slot, 0] == frames[d, _F_K0]
                        and table[slot, 1] == frames[d, _F_K1]
                    ):
                        lo = max(lo, _entry_lo(table[slot, 3]))
                        hi = min(hi, _entry_hi(table[slot, 3]))
                idx = 0
                while idx < frames[d, _F_NH] and scratch[3 * d + 2, idx] != chosen_below:
                    idx += 1
                _store(
                    table,
                    slot,
                    frames[d, _F_K0],
                    frames[d, _F_K1],
                    frames[d, _F_K2],
                    lo,
                    hi,
                    idx,
                    ctl[_NODES] - frames[d, _F_WORK],
                )
                d -= 1
                entering = False
                chosen_below = -1
                if d < 0:
                    return value
                continue
            # ---------------- one card of a trick (the solver's _play)
            n = frames[d, _F_N]
            leader = frames[d, _F_LEADER]
            seat = (leader + n) % 4
            maximising = seat % 2 == 0
            if entering:
                k = _groups(
                    hands,
                    seat,
                    n,
                    frames[d, _F_T0],
                    frames[d, _F_T1],
                    frames[d, _F_T2],
                    nlevels,
                    scratch,
                    3 * d,
                    dead,
                )
                _order(
                    scratch,
                    3 * d,
                    k,
                    n,
                    frames[d, _F_T0],
                    frames[d, _F_T1],
                    frames[d, _F_T2],
                    frames[d, _F_HINT],
                    3 * d + 1,
                    ctl[_POOLED] != 0,
                )
                frames[d, _F_K] = k
                frames[d, _F_X] = 0
                frames[d, _F_BEST] = -100000 if maximising else 100000
                frames[d, _F_CHOSEN] = scratch[3 * d + 1, 0]
            else:
                level = scratch[3 * d + 1, frames[d, _F_X]]
                hands[seat] += 1 << (3 * level)
                best = frames[d, _F_BEST]
                cut = False
                if maximising:
                    if value > best:
                        frames[d, _F_BEST] = value
                        frames[d, _F_CHOSEN] = level
                        if value > frames[d, _F_ALPHA]:
                            frames[d, _F_ALPHA] = value
                            cut = value >= frames[d, _F_BETA]
                elif value < best:
                    frames[d, _F_BEST] = value
                    frames[d, _F_CHOSEN] = level
                    if value < frames[d, _F_BETA]:
                        frames[d, _F_BETA] = value
                        cut = frames[d, _F_ALPHA] >= value
                frames[d, _F_X] += 1
                if cut or frames[d, _F_X] == frames[d, _F_K]:
                    value = frames[d, _F_BEST]
                    chosen_below = frames[d, _F_CHOSEN] if n == 0 else -1
                    d -= 1
                    entering = False
                    if d < 0:
                        return value
                    continue
            # the next card to try
            level = scratch[3 * d + 1, frames[d, _F_X]]
            hands[seat] -= 1 << (3 * level)
            if n < 3:
                frames[d + 1, _F_KIND] = 1
                frames[d + 1, _F_LEADER] = leader
                frames[d + 1, _F_N] = n + 1
                frames[d + 1, _F_T0] = frames[d, _F_T0] if n else level
                frames[d + 1, _F_T1] = frames[d, _F_T1] if n != 1 else level
                frames[d + 1, _F_T2] = level
                frames[d + 1, _F_SID] = frames[d, _F_SID]
                frames[d + 1, _F_HINT] = -1
            else:
                off = _winner(win, frames[d, _F_T0], frames[d, _F_T1], frames[d, _F_T2], level)
                w = -1 if off < 0 else (leader + off) % 4
                frames[d + 1, _F_KIND] = 0
                frames[d + 1, _F_LEADER] = leader if w < 0 else w
                frames[d + 1, _F_SID] = rows[frames[d, _F_SID], _NEXT + w + 1]
            frames[d + 1, _F_ALPHA] = frames[d, _F_ALPHA]
            frames[d + 1, _F_BETA] = frames[d, _F_BETA]
            d += 1
            entering = True


class Kernel:
    """The compiled fast search for one solver: its table of bounds, and
    the ruleset's shared tables (:func:`tables_for`)."""

    def __init__(self, solver: Solver) -> None:
        # The solver owns its kernel; a strong reference back would make a
        # cycle, and the table (64 MB) would outlive each deal's
        # solver until the garbage collector happened to run.
        self.solver = cast("Solver", weakref.proxy(solver))
        self.tables = tables_for(solver)
        n = len(self.tables.level_of)
        self.ctl = np.zeros(9, dtype=np.int64)
        self.ctl[_SPOILS] = solver._spoils
        self.ctl[_TOPWINS] = solver._top_wins
        self.ctl[_NLEVELS] = n
        self.ctl[_POOLED] = solver._tally.pooled
        self.ctl[_CANCELS] = solver._cancels
        self.ctl[_MARGINS] = solver._factor if solver._by_margin else 0
        self.table = _aligned_table(2 << TABLE_BITS)
        self.frames = np.zeros((_FRAMES, 25), dtype=np.int64)
        #: per frame: its seat's groups, their order, the levels held
        self.scratch = np.zeros((3 * _FRAMES, 24), dtype=np.int64)

    @staticmethod
    def fits(solver: Solver) -> bool:
        """Whether the kernel can search for this solver's ruleset: its
        levels and their cards must fit the packed hands."""
        counts = Counter(solver.ruleset.strength.values())
        return AVAILABLE and len(counts) <= MAX_LEVELS and max(counts.values()) <= MAX_LEVEL_CARDS

    def play(
        self,
        hands: Sequence[Sequence[int]],
        leader: int,
        played: Sequence[int],
        seq: tuple[int, ...],
        tally: tuple[object, ...],
        alpha: int,
        beta: int,
        deadline: float | None,
    ) -> int:
        """The solver's ``_play`` at a root: the card of the player to move,
        then the rest of the deal, fail-soft in (``alpha``, ``beta``).
        Raises the solver's TimeUp past ``deadline``."""
        from .solver import TimeUp

        if deadline is not None and time.monotonic() > deadline:
            raise TimeUp
        with _ONE_AT_A_TIME:
            tables = self.tables
            level_of = tables.level_of
            sid = tables.state(self.solver, seq, tally)
            packed = np.zeros(4, dtype=np.int64)
            for seat, hand in enumerate(hands):
                for s in hand:
                    packed[seat] += 1 << (3 * level_of[s])
            t = [level_of[s] for s in played] + [0, 0, 0]
            ctl = self.ctl
            ctl[_TIMEUP] = 0
            _DEADLINE[0] = deadline if deadline is not None else float("inf")
            _ASK.append(tables.ask(self.solver))
            nodes = int(ctl[_NODES])
            held = contextlib.ExitStack()
            try:
                ctl[_HASCLOCK] = held.enter_context(_held_sigint()) or deadline is not None
                value = search(
                    packed,
                    leader,
                    len(played),
                    t[0],
                    t[1],
                    t[2],
                    sid,
                    alpha,
                    beta,
                    ctl,
                    tables.win,
                    tables.rows,
                    self.table,
                    tables.bound_keys,
                    tables.bound_vals,
                    tables.bound_count,
                    self.frames,
                    self.scratch,
                )
            finally:
                _ASK.pop()
                self.solver.stats.nodes += int(ctl[_NODES]) - nodes
                held.close()  # (Ctrl-C raised here, once the search is out)
            if ctl[_TIMEUP]:
                raise TimeUp
            return int(value)
