"""Checking games in several processes, with results in input order.

The parent process reads and cuts the text into units (cheap), groups them
into batches of whole games, and hands batches to worker processes, which
parse, replay and *render* them (turn each checked game into what the
command prints).  Results come back in input order.  At most a few batches
per worker are in flight, so memory stays flat however big the file is.

A game is never split: it is the unit of the rules (deal numbers, dealer
rotation, score), so a file with one enormous game gains nothing from more
processes.

Ctrl-C is the parent's alone: workers ignore SIGINT (they are born with it
blocked, so not even a signal sent to the whole process group in the instant
of their start reaches them), and when the parent is interrupted, or its
reader stops early, it terminates them at once instead of waiting for their
batches.  So an interrupt prints no worker's traceback and leaves no worker
behind.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

from .parse import Unit
from .pipeline import CheckedGame, RuleChoice, check_units

T = TypeVar("T")
A = TypeVar("A")
Render = Callable[[CheckedGame, str], T]

#: About how many units (tag sections and deals) a batch holds.
BATCH_UNITS = 600


def batches(units: Iterable[Unit], size: int = BATCH_UNITS) -> Iterator[tuple[int, list[Unit]]]:
    """Runs of whole games, each with the index its first game will have.

    A game starts at a tag section, or at the first deal of an untagged file,
    exactly as :func:`parse.read_records` counts them.
    """
    batch: list[Unit] = []
    first = 1  # index of the first game in this batch
    games = 0  # games begun in this batch
    seen_game = False
    for unit in units:
        starts = unit.kind == "tags" or (unit.kind == "deal" and not seen_game)
        if starts and games and len(batch) >= size:
            yield first, batch
            first += games
            batch, games = [], 0
        if starts:
            games += 1
            seen_game = True
        batch.append(unit)
    if batch:
        yield first, batch


_WORKER: dict[str, object] = {}


def _start_worker(
    choice: RuleChoice, base: Path | None, render: Render, file: str, keep: bool
) -> None:
    # Ignore Ctrl-C first, then let signals in: the parent decides when we end.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _WORKER.update(choice=choice, base=base, render=render, file=file, keep=keep)


def _work(item: tuple[int, list[Unit]]) -> list[object]:
    first, units = item
    w = _WORKER
    render: Render = w["render"]  # type: ignore[assignment]
    return [
        render(checked, w["file"])  # type: ignore[arg-type]
        for checked in check_units(units, w["choice"], w["base"], first, w["keep"])  # type: ignore[arg-type]
    ]


def check_in_order(
    units: Iterable[Unit],
    choice: RuleChoice,
    base: Path | None,
    render: Render,
    file: str,
    jobs: int = 1,
    keep: bool = True,
) -> Iterator[T]:
    """``render(checked_game, file)`` for every game, in input order.

    With ``jobs`` > 1 the work is spread over that many processes; ``render``
    must then be a module-level function and return something picklable.
    """
    if jobs <= 1:
        for checked in check_units(units, choice, base, keep=keep):
            yield render(checked, file)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool: multiprocessing.pool.Pool | None = None
    try:
        with _sigint_blocked():  # the workers are born with Ctrl-C blocked
            pool = context.Pool(jobs, _start_worker, (choice, base, render, file, keep))
        # (a Ctrl-C held back while they were born arrives here, pool in hand)
        pending: deque[multiprocessing.pool.AsyncResult[list[object]]] = deque()
        for item in batches(units):
            pending.append(pool.apply_async(_work, (item,)))
            if len(pending) >= 2 * jobs:
                yield from pending.popleft().get()  # type: ignore[misc]
        while pending:
            yield from pending.popleft().get()  # type: ignore[misc]
    except BaseException:
        if pool is not None:
            _stop_now(pool)  # Ctrl-C, a closed pipe, an error: stop the workers now
        raise
    pool.close()
    pool.join()


def _start_plain_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def map_in_order(func: Callable[[A], T], items: Iterable[A], jobs: int = 1) -> Iterator[T]:
    """``func(item)`` for every item, in input order, over ``jobs`` processes
    (``func`` module-level, items and results picklable): for work that is
    long per item, such as analysing a deal, where batches of whole games
    would leave processes idle.  Items are taken from ``items`` only a few
    ahead of the results, and Ctrl-C is handled as :func:`check_in_order` does."""
    if jobs <= 1:
        for item in items:
            yield func(item)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool: multiprocessing.pool.Pool | None = None
    try:
        with _sigint_blocked():
            pool = context.Pool(jobs, _start_plain_worker)
        pending: deque[multiprocessing.pool.AsyncResult[T]] = deque()
        for item in items:
            pending.append(pool.apply_async(func, (item,)))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    except BaseException:
        if pool is not None:
            _stop_now(pool)
        raise
    pool.close()
    pool.join()


def _stop_now(pool: multiprocessing.pool.Pool) -> None:
    """Kill the workers and leave at once.

    ``Pool.terminate()`` joins the pool's task thread, which may be blocked
    writing a batch into the pipe of a worker that is gone: it would wait for
    ever (one Ctrl-C in six hung so).  The workers hold nothing worth saving,
    so the pool is told to start no more, they are killed, the pool's own
    clean-up is called off, and its threads (daemons) end with the process.
    This reaches into the pool's private parts, the price of a clean Ctrl-C;
    each is looked up, and missing ones are passed over.
    """
    keeper = getattr(pool, "_worker_handler", None)
    if keeper is not None:
        keeper._state = multiprocessing.pool.TERMINATE  # or it would fork new workers
    for worker in getattr(pool, "_pool", ()):
        with contextlib.suppress(OSError):
            worker.kill()
    finalizer = getattr(pool, "_terminate", None)
    if finalizer is not None:
        finalizer.cancel()


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread while inside; delivered on leaving."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
