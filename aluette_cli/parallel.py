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
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .parse import Unit
from .pipeline import CheckedGame, Keep, RuleChoice, check_units

if TYPE_CHECKING:
    import multiprocessing.pool

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


#: A run of whole games of one file: (file, base, first game's index, units).
Work = tuple[str, Path | None, int, Iterable[Unit]]


@dataclass(frozen=True, slots=True)
class Done:
    """Outputs already made in the parent (games read from JSON, a file
    opened or not), passed through in their place in the order."""

    outputs: list[object]


_WORKER: dict[str, object] = {}


def _start_worker(choice: RuleChoice, render: Render, keep: Keep) -> None:
    # Ignore Ctrl-C first, then let signals in: the parent decides when we end.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _WORKER.update(choice=choice, render=render, keep=keep)


def _work(bundle: list[Work | Done]) -> list[object]:
    w = _WORKER
    out: list[object] = []
    for item in bundle:
        if isinstance(item, Done):
            out.extend(item.outputs)
        else:
            out.extend(_checked(item, w["choice"], w["render"], w["keep"]))  # type: ignore[arg-type]
    return out


def _checked(item: Work, choice: RuleChoice, render: Render, keep: Keep) -> Iterator[object]:
    file, base, first, units = item
    for checked in check_units(units, choice, base, first, keep):
        yield render(checked, file)


def file_work(file: str, base: Path | None, units: Iterable[Unit], jobs: int) -> Iterator[Work]:
    """One file's units as work: batches of whole games for the pool, or,
    in one process, the whole stream as it is read (a game of a million
    deals is then never held at once)."""
    if jobs <= 1:
        yield file, base, 1, units
        return
    for first, batch in batches(units):
        yield file, base, first, batch


def check_in_order(
    items: Iterable[Work | Done],
    choice: RuleChoice,
    render: Render,
    jobs: int = 1,
    keep: Keep = True,
) -> Iterator[object]:
    """Every output, in input order: ``render(checked_game, file)`` for each
    game of each work item, and the outputs of each :class:`Done` as they are.

    With ``jobs`` > 1 the work is spread over that many processes, one pool
    for all the files, so a folder of many small files gains as much as one
    big file; ``render`` must then be a module-level function and return
    something picklable.  ``items`` is consumed lazily, a few batches ahead
    of the output, so memory stays flat and files are opened one at a time.
    """
    if jobs <= 1:
        for item in items:
            if isinstance(item, Done):
                yield from item.outputs
            else:
                yield from _checked(item, choice, render, keep)
        return
    import multiprocessing.pool  # only where there are processes to start

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool: multiprocessing.pool.Pool | None = None
    try:
        with _sigint_blocked():  # the workers are born with Ctrl-C blocked
            pool = context.Pool(jobs, _start_worker, (choice, render, keep))
        # (a Ctrl-C held back while they were born arrives here, pool in hand)
        pending: deque[multiprocessing.pool.AsyncResult[list[object]]] = deque()
        for bundle in _bundles(items):
            pending.append(pool.apply_async(_work, (bundle,)))
            if len(pending) >= 2 * jobs:
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()
    except BaseException:
        if pool is not None:
            _stop_now(pool)  # Ctrl-C, a closed pipe, an error: stop the workers now
        raise
    pool.close()
    pool.join()


def _bundles(items: Iterable[Work | Done]) -> Iterator[list[Work | Done]]:
    """Items gathered into bundles of about :data:`BATCH_UNITS` units: a
    folder of small files then costs a few round trips to the workers, not
    one per file.  A :class:`Done` travels in its place in a bundle."""
    bundle: list[Work | Done] = []
    size = 0
    for item in items:
        bundle.append(item)
        if not isinstance(item, Done):
            size += len(item[3])  # type: ignore[arg-type]  # a list in batches
        if size >= BATCH_UNITS:
            yield bundle
            bundle, size = [], 0
    if bundle:
        yield bundle


def _start_plain_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _called(func: Callable[[A], T], item: A) -> T | list[object]:
    """``func(item)`` in a worker; a generator's results, listed (a generator
    cannot travel back to the parent)."""
    result = func(item)
    return list(result) if isinstance(result, Iterator) else result


def map_in_order(func: Callable[[A], T], items: Iterable[A], jobs: int = 1) -> Iterator[T]:
    """``func(item)`` for every item, in input order, over ``jobs`` processes
    (``func`` picklable, items and results too): for work that is long per
    item, such as analysing a deal or converting a file, where batches of
    whole games would leave processes idle.  In one process a generator
    ``func`` is handed back as it is, so its results come as they are made;
    in several, its results come as a list once the item is done.  Items are
    taken from ``items`` only a few ahead of the results.

    On Ctrl-C or an error the workers are sent SIGTERM, on which a file being
    written removes its temporary file (streams.py), and are killed if they
    do not end at once.
    """
    if jobs <= 1:
        for item in items:
            yield func(item)
        return
    import multiprocessing.pool  # only where there are processes to start

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool: multiprocessing.pool.Pool | None = None
    try:
        with _sigint_blocked():
            pool = context.Pool(jobs, _start_plain_worker)
        pending: deque[multiprocessing.pool.AsyncResult[T]] = deque()
        for item in items:
            pending.append(pool.apply_async(_called, (func, item)))  # type: ignore[arg-type]
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    except BaseException:
        if pool is not None:
            _stop_writers(pool)
        raise
    pool.close()
    pool.join()


def _stop_writers(pool: multiprocessing.pool.Pool, grace: float = 2.0) -> None:
    """SIGTERM to every worker, so that each removes its temporary file, then
    :func:`_stop_now` for any still alive after ``grace`` seconds."""
    workers = list(getattr(pool, "_pool", ()))
    keeper = getattr(pool, "_worker_handler", None)
    if keeper is not None:
        from multiprocessing.pool import TERMINATE  # imported with the pool

        keeper._state = TERMINATE  # or it would fork new workers
    for worker in workers:
        with contextlib.suppress(OSError):
            worker.terminate()
    for worker in workers:
        worker.join(grace)
    _stop_now(pool)


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
        from multiprocessing.pool import TERMINATE  # imported with the pool

        keeper._state = TERMINATE  # or it would fork new workers
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
