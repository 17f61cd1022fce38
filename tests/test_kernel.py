"""The compiled fast search against the Python searches and brute force.

:mod:`aluette_cli.kernel` holds positions and rules in its own form (packed
hands, a winner by pattern of strengths, numbered tally states, a hash
table): every value it gives must be the plain search's (the reference),
the Python fast search's and, on late positions, brute force's, under
classic, classic with mordienne, team-five (with and without a double), two
team games made from it (a race to four tricks; spoiling ties) and a house
ranking.  Skipped where numba is not installed (the ``fast`` extra).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

import numpy as np  # comes with numba

from aluette_cli import kernel
from aluette_cli.cards import DECK
from aluette_cli.rules import Ruleset, load_ruleset, ruleset_from_toml
from aluette_cli.solver import Position, Solver, TimeUp

from .test_solver import (
    FULL,
    NEW_POLICIES,
    RULESETS,
    _after,
    brute,
    random_position,
    small_endings,
)


def _compiled(name: str) -> tuple[Solver, Solver]:
    """A compiled solver and a Python one of ruleset ``name``."""
    make, double = RULESETS[name]
    ruleset = make()
    fast = Solver(ruleset, double, kernel=True)
    assert fast.compiled
    return fast, Solver(ruleset, double, kernel=False)


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_kernel_agrees_with_brute_force_on_late_positions(name: str) -> None:
    make, double = RULESETS[name]
    ruleset = make()
    rng = random.Random(f"kernel-late-{name}")
    for _ in range(60 if FULL else 12):
        position = random_position(ruleset, rng, (6, 9))
        expected = brute(ruleset, double, position)
        assert Solver(ruleset, double, kernel=True).value(position) == expected, position


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_kernel_agrees_with_both_python_searches_earlier(name: str) -> None:
    """Tricks 3 to 5: several tricks searched, where the table, the bounds
    and the ordering decide most positions."""
    make, double = RULESETS[name]
    ruleset = make()
    rng = random.Random(f"kernel-early-{name}")
    for _ in range(20 if FULL else 4):
        position = random_position(ruleset, rng, (3, 5))
        compiled = Solver(ruleset, double, kernel=True).value(position)
        assert compiled == Solver(ruleset, double, kernel=False).value(position), position
        if len(position.winners) >= 3:
            assert compiled == Solver(ruleset, double).plain_value(position), position


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_card_is_valued_as_by_the_plain_search(name: str) -> None:
    """What ``analyse`` asks: the value after each card, one solver (and
    its table) for many positions, against ``play_values(plain=True)`` and
    brute force."""
    make, double = RULESETS[name]
    ruleset = make()
    rng = random.Random(f"kernel-cards-{name}")
    fast = Solver(ruleset, double, kernel=True)
    plain = Solver(ruleset, double, kernel=False)
    for _ in range(8):
        position = random_position(ruleset, rng, (5, 8))
        values = fast.play_values(position)
        assert values == plain.play_values(position, plain=True), position
        if len(position.winners) >= 6:
            for card, value in values.items():
                assert value == brute(ruleset, double, _after(ruleset, position, card))


@settings(max_examples=600 if FULL else 100)
@given(small_endings(1, 4))
def test_the_kernel_agrees_on_small_endings(case: tuple[str, Position]) -> None:
    """Any cards dealt evenly, any tricks taken before (a deal already
    decided too), 0 to 3 cards on the table: equal and neighbouring cards in
    every arrangement, where packing, grouping and keys could go wrong."""
    name, position = case
    fast, python = _compiled(name)
    assert fast.value(position) == python.plain_value(position) == python.value(position)
    ruleset = fast.ruleset
    if len(position.winners) < 9 and not ruleset.deal_scoring.decided_after(
        position.winners, ruleset.deal_target
    ):
        assert fast.play_values(position) == python.play_values(position, plain=True)


@pytest.mark.parametrize("name", list(RULESETS))
def test_a_trick_is_taken_as_the_tie_policy_says(name: str) -> None:
    """The kernel's winner by pattern of strengths, for every four strengths
    the deck can put on a trick, is the solver's (the tie policy's)."""
    fast, python = _compiled(name)
    tables = kernel.tables_for(fast)
    count: dict[int, int] = {}
    for s in fast.ruleset.strength.values():
        count[s] = count.get(s, 0) + 1
    levels = sorted(count)
    rng = random.Random(name)
    for trick in itertools.product(levels, repeat=4):
        if any(trick.count(s) > count[s] for s in trick) or rng.random() > 0.05:
            continue
        packed = [tables.level_of[s] for s in trick]
        got = kernel._winner(tables.win, *packed)
        assert got == python.trick_winner(trick), trick


@pytest.mark.parametrize("name", list(NEW_POLICIES))
def test_a_policy_that_declares_nothing_is_not_compiled(name: str) -> None:
    """The kernel asks a tie policy once per pattern of strengths and keys
    by a declared tally: a policy that declares neither gets the Python
    search, and a compiled one still gives brute force's values."""
    make, tally, top_wins, _ = NEW_POLICIES[name]
    ruleset = make()
    solver = Solver(ruleset)
    assert solver.compiled == (tally != "_Tally" and top_wins)
    if solver.compiled:
        rng = random.Random(f"kernel-new-{name}")
        for _ in range(6):
            position = random_position(ruleset, rng, (6, 9))
            assert Solver(ruleset).value(position) == brute(ruleset, None, position)
    else:
        with pytest.raises(ValueError, match="compiled search"):
            Solver(ruleset, kernel=True)


def test_a_deadline_stops_the_kernel_in_the_middle_of_a_search() -> None:
    """The clock is looked at inside the compiled search, not only between
    its calls: a search from trick 1 stops soon after its deadline."""
    ruleset = load_ruleset("classic")
    position = random_position(ruleset, random.Random(2), (1, 1))
    solver = Solver(ruleset, kernel=True)
    start = time.monotonic()
    with pytest.raises(TimeUp):
        solver.value(position, deadline=start + 0.05)
    assert time.monotonic() - start < 5
    assert solver.stats.nodes > 0


class _CtrlC(BaseException):
    """What the command's own SIGINT handler raises (cli.Interrupted)."""


@pytest.mark.parametrize("budget", [60.0, None], ids=["a deadline", "none"])
def test_ctrl_c_in_the_middle_of_a_search_reaches_the_handler_s_exception(
    budget: float | None,
) -> None:
    """Ctrl-C is noted in the search (its handler is put aside while the
    search runs: below), which stops at its next look at the clock, made
    for it without a deadline too; the handler put back then raises its
    own exception, to the caller."""
    ruleset = load_ruleset("classic")
    # 17 million trick starts, seconds of search: long past the Ctrl-C
    position = random_position(ruleset, random.Random(7), (1, 1))
    solver = Solver(ruleset, kernel=True)
    solver.value(random_position(ruleset, random.Random(3), (8, 8)))  # compiled, loaded
    solver.stats.nodes = 0

    def handler(signum: int, frame: object) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # as the command's does
        raise _CtrlC

    previous = signal.signal(signal.SIGINT, handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    try:
        start = time.monotonic()
        timer.start()
        with pytest.raises(_CtrlC):
            solver.value(position, deadline=None if budget is None else start + budget)
        assert time.monotonic() - start < 5
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # the handler's own
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert 0 < solver.stats.nodes < 8_000_000  # stopped in the middle, not at the end


def test_ctrl_c_during_analyse_s_compiled_search_ends_the_command_as_any_ctrl_c(
    tmp_path: Path,
) -> None:
    """In the command, the handler's exception raised in the search's look
    at the clock came out as a SystemError ("<built-in function monotonic>
    returned a result with an exception set"): "internal error", status 2,
    where docs/cli.md promises "aluette: interrupted" and 130."""
    record = tmp_path / "t5.aln"
    command = [sys.executable, "-m", "aluette_cli"]
    made = subprocess.run(
        [*command, "generate", "--games", "1", "--seed", "4", "--rules", "team-five"],
        capture_output=True,
        check=True,
    )
    record.write_bytes(made.stdout)
    # compiled and cached before: the Ctrl-C must find the search at work
    subprocess.run([*command, "analyse", "--from-trick", "9", str(record)], capture_output=True)
    child = subprocess.Popen(
        [*command, "analyse", "--time-limit", "60", str(record)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(4)
    assert child.poll() is None, "finished before the Ctrl-C: nothing was tested"
    os.killpg(child.pid, signal.SIGINT)
    try:
        _, err = child.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        pytest.fail("still running 20 s after Ctrl-C")
    assert (child.returncode, err.decode()) == (130, "aluette: interrupted\n")


def _team_can_make(solver: Solver, hands: tuple[tuple[int, ...], ...], team: int) -> int:
    """The most tricks the team of seats ``team`` and ``team + 2`` can make
    sure of, North leading, every trick played: brute force over the
    strengths held, each trick taken as the tie policy says."""

    @functools.cache
    def best(hands: tuple[tuple[int, ...], ...], leader: int) -> int:
        if not hands[0]:
            return 0

        def play(i: int, table: tuple[int, ...], held: tuple[tuple[int, ...], ...]) -> int:
            if i == 4:
                offset = solver.trick_winner(table)
                winner = -1 if offset < 0 else (leader + offset) % 4
                ours = winner >= 0 and winner % 2 == team
                return ours + best(held, leader if winner < 0 else winner)
            seat = (leader + i) % 4
            values = []
            for s in set(held[seat]):
                rest = list(held[seat])
                rest.remove(s)
                after = (*held[:seat], tuple(rest), *held[seat + 1 :])
                values.append(play(i + 1, (*table, s), after))
            return max(values) if seat % 2 == team else min(values)

        return play(0, (), hands)

    return best(hands, 0)


def _pooled_sure(solver: Solver, cards: Sequence[Sequence[str]], team: int) -> tuple[int, int]:
    """The kernel's sure tricks of a team-five team from ``cards`` (N, E, S,
    W), and brute force's count of the tricks that team can make sure of."""
    tables = kernel.tables_for(solver)
    strength = solver.ruleset.strength
    packed = np.zeros(4, dtype=np.int64)
    for seat, hand in enumerate(cards):
        for card in hand:
            packed[seat] += 1 << (3 * tables.level_of[strength[card]])
    held = tuple(tuple(sorted(strength[c] for c in hand)) for hand in cards)
    return kernel._pooled_sure(packed, team, len(cards[0])), _team_can_make(solver, held, team)


@pytest.mark.parametrize(
    ("cards", "team", "sure"),
    [
        # madame beats only one of monsieur, borgne and vache: two of three
        ((["3d", "4d", "5d"], ["3c", "4c", "5c"], ["2d", "2c", "6d"], ["4b", "5b", "6b"]), 0, 2),
        # two aces of a team that holds nothing above, over kings and below:
        # the partners never have to play them in the same trick
        ((["1d", "4d", "5d"], ["Rd", "4c", "5c"], ["1c", "6c", "6d"], ["Rc", "5b", "6b"]), 0, 2),
        # four cards above the others' in two tricks: each trick gets two,
        # ace with king
        ((["1d", "Rd"], ["4d", "5d"], ["1c", "Rc"], ["5c", "6b"]), 0, 2),
        # three aces and a king in two tricks: one trick gets two aces
        ((["1d", "1c"], ["4d", "5d"], ["1b", "Rc"], ["5c", "6b"]), 0, 1),
    ],
)
def test_a_team_is_sure_of_tricks_its_cards_outnumber(
    cards: Sequence[Sequence[str]], team: int, sure: int
) -> None:
    """Team-five sure tricks count cards that the other team's stronger or
    equal cards outnumber, and partners' equal cards, exactly where brute
    force finds the team can make sure of them."""
    fast, _ = _compiled("team-five")
    assert _pooled_sure(fast, cards, team) == (sure, sure)


def test_a_team_is_sure_of_no_more_than_it_can_make_sure_of() -> None:
    """The kernel's team-five sure tricks never exceed what brute force
    finds the team can make sure of, whatever the play, on random hands of
    two to four cards (equal cards of both partners and of both teams)."""
    fast, _ = _compiled("team-five")
    rng = random.Random("pooled-sure")
    deck = sorted(fast.ruleset.strength)
    for _ in range(300 if FULL else 60):
        left = rng.choice((2, 3, 3, 4))
        # the strongest cards mostly, where sure tricks come from
        pool = sorted(deck, key=lambda c: -fast.ruleset.strength[c])[: rng.randint(4 * left, 24)]
        rng.shuffle(pool)
        cards = [pool[left * s : left * s + left] for s in range(4)]
        for team in (0, 1):
            count, brute_force = _pooled_sure(fast, cards, team)
            assert count <= brute_force, (cards, team)


def test_a_kernel_and_its_table_go_with_their_solver() -> None:
    """``analyse`` makes a solver a deal: its kernel's table (about 100 MB)
    must go when the deal's solver does, by reference counting alone, or an
    archive's analysis grows by a table a deal until the garbage collector
    happens to run."""
    import gc
    import weakref

    fast, _ = _compiled("classic")
    position = random_position(load_ruleset("classic"), random.Random("kernel-gone"), (7, 9))
    fast.value(position)
    assert fast._kernel is not None
    gone = weakref.ref(fast._kernel)
    gc.disable()
    try:
        del fast
        assert gone() is None
    finally:
        gc.enable()


def test_the_search_keeps_no_reference_counts() -> None:
    """The search allocates nothing and takes no row of an array as a view
    (its frames are read by index), so it is compiled without the
    runtime's reference counts where numba offers that: an atomic
    operation for every array handed to a helper cost a sixth of its time.
    Compiled again here (machine code loaded from the cache cannot be
    read), with the options the kernel uses: a change that brings a count
    back, or an option that no longer leaves them out, shows in the code."""
    from numba import njit

    if not kernel._BARE:
        pytest.skip("this numba does not offer to leave reference counts out")
    ruleset = load_ruleset("team-five")
    Solver(ruleset, kernel=True).warm(random_position(ruleset, random.Random("bare"), (6, 9)))
    (signature,) = kernel.search.signatures
    fresh = njit(**kernel._BARE)(kernel.search.py_func)
    fresh.compile(signature)
    code = fresh.inspect_llvm(signature)
    assert "define" in code and "search" in code
    assert "NRT_incref" not in code and "NRT_decref" not in code


def _one_big_group(size: int) -> Ruleset:
    """A house ranking whose weakest group holds ``size`` equal cards (the
    others, six each: few levels, a search quick enough for a test)."""
    top = ["3d", "3c", "2d", "2c", "9c", "9d"]
    rest = [c for c in DECK if c not in top]
    others, big = rest[:-size], rest[-size:]
    groups = [[c] for c in top] + [others[i : i + 6] for i in range(0, len(others), 6)] + [big]
    text = f'name = "big"\n[ranking]\ngroups = {json.dumps(groups)}\n'
    return ruleset_from_toml(text, "big.toml")


@pytest.mark.parametrize("size", [7, 8, 12])
def test_a_hand_of_many_equal_cards_is_valued_right(size: int) -> None:
    """A hand counts its cards of a level in three bits: eight equal cards
    would read as none.  Where a hand could hold eight, the Python search
    is used; up to seven, the kernel."""
    ruleset = _one_big_group(size)
    big = [c for c in DECK if ruleset.strength[c] == min(ruleset.strength.values())]
    assert len(big) == size
    assert Solver(ruleset, kernel=None).compiled == (size <= kernel.MAX_LEVEL_CARDS)
    rng = random.Random(f"big-{size}")
    for _ in range(3):
        held = rng.sample(big, min(size, 8))
        rest = [c for c in DECK if c not in held]
        rng.shuffle(rest)
        north = held + rest[: 8 - len(held)]
        rest = rest[8 - len(held) :]
        hands = {"N": north, "E": rest[:8], "S": rest[8:16], "W": rest[16:24]}
        position = Position(hands, "N", (), ("N",))
        expected = Solver(ruleset, kernel=False).value(position)
        assert Solver(ruleset).value(position) == expected, position


@st.composite
def house_rulesets(draw: st.DrawFn) -> tuple[Ruleset, str | None]:
    """Any ruleset a house file can write: the deck cut anywhere into groups
    of equal cards, either tie policy, either deal scoring (any team
    target), doubles or not.  The presets leave most of these untried."""
    deck = draw(st.permutations(DECK))
    # Groups of up to seven cards, the rest in the last: mostly rankings
    # the kernel takes, sometimes one it leaves to the Python search.
    sizes = draw(st.lists(st.integers(1, 7), min_size=7, max_size=20))
    cuts = list(itertools.accumulate(sizes))
    cuts = [c for c in cuts if c < len(DECK)]
    groups = [list(deck[a:b]) for a, b in itertools.pairwise([0, *cuts, len(DECK)])]
    tie = draw(st.sampled_from(["spoil", "cancel"]))
    scoring = draw(st.sampled_from(["most-tricks", "team-tricks"]))
    target = draw(st.integers(1, 9))
    doubles = scoring == "team-tricks" and draw(st.booleans())
    text = (
        f'name = "drawn"\n[ranking]\ngroups = {json.dumps(groups)}\n'
        f'[play]\ntie = "{tie}"\n'
        f'[deal]\nscoring = "{scoring}"\ntarget = {target}\ndoubles = {str(doubles).lower()}\n'
    )
    doubled_by = draw(st.sampled_from(["NS", "EW"])) if doubles else None
    return ruleset_from_toml(text, "drawn.toml"), doubled_by


@settings(max_examples=200 if FULL else 25, deadline=None)
@given(house_rulesets(), st.randoms(use_true_random=False))
def test_the_kernel_agrees_with_brute_force_under_any_house_ruleset(
    drawn: tuple[Ruleset, str | None], rng: random.Random
) -> None:
    ruleset, doubled_by = drawn
    position = random_position(ruleset, rng, (6, 9))
    solver = Solver(ruleset, doubled_by)
    expected = brute(ruleset, doubled_by, position)
    assert solver.value(position) == expected, (ruleset.ranking, position)
    if len(position.winners) < 9 and not ruleset.deal_scoring.decided_after(
        position.winners, ruleset.deal_target
    ):
        every = Solver(ruleset, doubled_by, kernel=False).play_values(position, plain=True)
        assert solver.play_values(position) == every, (ruleset.ranking, position)


def test_searches_in_threads_of_one_process_answer_as_one_at_a_time() -> None:
    """A Dask worker runs deals in threads of one process: each search must
    still get its own solver's answers and its own deadline, though the
    compiled code calls back into Python (where another thread may run),
    under the same ruleset or another."""
    import sys
    import threading

    rng = random.Random("kernel-threads")
    work = []
    for name in ("classic", "team-five", "classic", "team-five"):
        make, double = RULESETS[name]
        ruleset = make()
        positions = [random_position(ruleset, rng, (4, 6)) for _ in range(4)]
        work.append((ruleset, double, positions))
    alone = [
        [Solver(r, d, kernel=True).play_values(p) for p in positions] for r, d, positions in work
    ]
    got: list[object] = [None] * len(work)
    kernel._TABLES.clear()  # the answers the searches above remembered are asked for again

    def run(i: int) -> None:
        ruleset, double, positions = work[i]
        try:
            # a solver a position, dropped at once: its answers must not be asked for after
            got[i] = [Solver(ruleset, double, kernel=True).play_values(p) for p in positions]
        except Exception as exc:  # the test reports it below
            got[i] = exc

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert got == alone
