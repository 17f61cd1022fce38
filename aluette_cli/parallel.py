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
import os
import signal
import stat
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from . import model
from .pipeline import CheckedGame, RuleChoice, Wants, check_units
from .reading import DealCount, SplitEnd, Unit, read_units
from .reading.split import cut_points

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
    exactly as :func:`reading.read_records` counts them; of a game past
    :data:`model.MAX_DEALS` deals, only the first deal past it is kept, as
    the reader reads only that one's place.
    """
    batch: list[Unit] = []
    first = 1  # index of the first game in this batch
    games = 0  # games begun in this batch
    place = DealCount()
    for unit in units:
        # (first + games == 1: no game has begun yet)
        starts = unit.kind == "tags" or (unit.kind == "deal" and first + games == 1)
        if starts and games and len(batch) >= size:
            yield first, batch
            first += games
            batch, games = [], 0
        if starts:
            games += 1
        if place(unit) > model.MAX_DEALS + 1:
            continue  # the reader skips it after the first past the limit: not held
        batch.append(unit)
    if batch:
        yield first, batch


#: A run of whole games of one file: (file, base, first game's index, units).
Work = tuple[str, Path | None, int, Iterable[Unit]]


@dataclass(frozen=True, slots=True)
class Done:
    """Outputs already made in the parent (games read from JSON, a file
    opened or not), passed through in their place in the order; ``units``,
    what they weigh in a bundle (a game's deals), so that a file of JSON
    games travels a bundle at a time, as ALN does, not held whole in one."""

    outputs: list[object]
    units: int = 0


_WORKER: dict[str, object] = {}


def _start_worker(choice: RuleChoice, render: Render, keep: Wants) -> None:
    _start_plain_worker()
    _WORKER.update(choice=choice, render=render, keep=keep)


def _work(bundle: list[Work | Done | Shard]) -> list[object]:
    return [out for item in bundle for out in _outputs(item, **_WORKER)]  # type: ignore[arg-type]


def _outputs(
    item: Work | Done | Shard, choice: RuleChoice, render: Render, keep: Wants
) -> Iterable[object]:
    """An item's outputs: a shard's as its one :class:`Cut`, a run of games'
    as they are checked."""
    if isinstance(item, Done):
        return item.outputs
    if isinstance(item, Shard):
        return [_cut(item, choice, render, keep)]
    return _checked(item, choice, render, keep)


def _checked(item: Work, choice: RuleChoice, render: Render, keep: Wants) -> Iterator[object]:
    file, base, first, units = item
    for checked in check_units(units, choice, base, first, keep):
        yield render(checked, file)


# --------------------------------------------------------------------------
# Shards: a big file cut by the workers themselves
#
# Cutting text into units is a fair part of the work, and in the parent it
# is work that no other process shares.  So a big regular file is cut at the
# places the reader gives (reading.split.cut_points: one search per part, no
# reading of units), and each worker reads and cuts its own part.  Whether a
# part was cut as one reading of the whole file would have cut it is known
# only at its end (reading.split.SplitEnd.exact); a part that ends otherwise
# is read again in the parent, from its start to the end of the file, in one
# reading.

#: The size of the parts of a big file, in bytes; smaller files go as units.
SHARD_BYTES = 1 << 20
#: Near the end of a file parts get smaller, down to this share of
#: SHARD_BYTES: the workers then finish together, instead of one checking
#: a last whole part while the others wait (nine whole parts of a 9 MB
#: file, dealt to two workers, end 8% after an even split; tapered, 1%).
SHARD_TAPER = 4


def next_shard_bytes(left: int, jobs: int) -> int:
    """How long the next part should be with ``left`` bytes of the file after
    its start: SHARD_BYTES, until the rest is no more than two parts a worker;
    then half of a worker's share of what is left, down to the smallest part."""
    return max(SHARD_BYTES // SHARD_TAPER, min(SHARD_BYTES, left // (2 * jobs)))


@dataclass(frozen=True, slots=True)
class Shard:
    """Bytes ``start`` to ``end`` of the file at ``path``, from a tag section
    at line ``line`` to the next part's (or to the end: ``last``).  ``serial``
    tells the files apart, one named twice included."""

    file: str
    base: Path | None
    path: str
    serial: int
    start: int
    end: int
    line: int
    last: bool


@dataclass(frozen=True, slots=True)
class Cut:
    """A shard's outputs, one a game, its game indexes counted from 1, with
    whether it ended where one reading would have."""

    shard: Shard
    outputs: list[object]
    exact: bool
    #: reading stopped in it (a line past the reader's last limit): the
    #: file's later shards are not read, as one reading reads nothing after
    stops: bool = False


class _Part:
    """``size`` bytes of a file from where it stands, read as a stream (a
    part may be one game of any length: it is never held whole)."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        self.stream, self.left, self.lines = stream, size, 0

    def read(self, size: int = -1) -> bytes:
        if self.left <= 0:
            return b""
        data = self.stream.read(self.left if size < 0 else min(size, self.left))
        self.left -= len(data) if data else self.left
        self.lines += data.count(b"\n")
        return data


def _cut(shard: Shard, choice: RuleChoice, render: Render, keep: Wants) -> Cut:
    end = SplitEnd()
    with open(shard.path, "rb") as stream:
        stream.seek(shard.start)
        part = _Part(stream, shard.end - shard.start)
        units = read_units(part, shard.line, shard.start, end)  # type: ignore[arg-type]
        outputs = list(_checked((shard.file, shard.base, 1, units), choice, render, keep))
    exact = shard.last or end.exact(shard.line + part.lines - 1)
    return Cut(shard, outputs, exact, end.stopped)


def file_shards(
    file: str, base: Path | None, path: str, stream: BinaryIO, serial: int, jobs: int = 2
) -> Iterator[Shard] | None:
    """A regular file of at least two :data:`SHARD_BYTES` as shards, or None
    (a pipe, a small file, a file with a carriage return, whose lines the
    search for blank lines would miscount: read as units)."""
    try:
        info = os.fstat(stream.fileno())
    except (OSError, AttributeError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size < 2 * SHARD_BYTES:
        return None
    starts = cut_points(stream, info.st_size, lambda left: next_shard_bytes(left, jobs))
    if starts is None:
        return None
    size = info.st_size
    return (
        Shard(file, base, path, serial, start, end, line, end == size)
        for (start, line), (end, _) in pairwise([*starts, (size, 0)])
    )


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
    items: Iterable[Work | Done | Shard],
    choice: RuleChoice,
    render: Render,
    jobs: int = 1,
    keep: Wants = True,
    shift: Callable[[object, int], object] | None = None,
) -> Iterator[object]:
    """Every output, in input order: ``render(checked_game, file)`` for each
    game of each work item, and the outputs of each :class:`Done` as they are.

    With ``jobs`` > 1 the work is spread over that many processes, one pool
    for all the files, so a folder of many small files gains as much as one
    big file; ``render`` must then be a module-level function and return
    something picklable.  ``items`` is consumed lazily, a few batches ahead
    of the output, so memory stays flat and files are opened one at a time.
    :class:`Shard` items (jobs > 1 only) need ``shift(output, games)``, which
    moves an output's game indexes on by ``games``.
    """
    placed = _Placed(choice, render, keep, shift)
    if jobs <= 1:
        for item in items:
            # (placed passes every output but a shard's Cut through as it is)
            yield from placed(_outputs(item, choice, render, keep))
        return
    # Ctrl-C, a closed pipe, an error: the workers are stopped now (_stop_now).
    start = (_start_worker, (choice, render, keep))
    work = (_work, ((bundle,) for bundle in _bundles(items)))
    with contextlib.closing(_in_pool(jobs, start, work, _stop_now)) as results:
        for outputs in results:
            yield from placed(outputs)


@dataclass(slots=True)
class _Placed:
    """The parent's side of shards: each one's outputs moved on by the games
    of the file's shards before it, and, after a shard that did not end where
    one reading would have, the file read again from that shard's start in
    one reading here (and the later shards' outputs passed over)."""

    choice: RuleChoice
    render: Render
    keep: Wants
    shift: Callable[[object, int], object] | None
    #: games so far in each file, by serial
    games: dict[int, int] = field(default_factory=dict)
    #: files whose later shards are passed over, by serial: read again in
    #: one reading from a shard on, or whose reading stopped in a shard
    reread: set[int] = field(default_factory=set)

    def __call__(self, outputs: Iterable[object]) -> Iterator[object]:
        for output in outputs:
            if type(output) is not Cut:
                yield output
                continue
            shard = output.shard
            if shard.serial in self.reread:
                continue
            before = self.games.get(shard.serial, 0)
            if output.exact:
                self.games[shard.serial] = before + len(output.outputs)
                shift = self.shift
                assert shift is not None
                yield from (shift(x, before) for x in output.outputs) if before else output.outputs
                if output.stops:
                    self.reread.add(shard.serial)  # (the later shards passed over)
                continue
            self.reread.add(shard.serial)
            with open(shard.path, "rb") as stream:
                stream.seek(shard.start)
                units = read_units(stream, shard.line, shard.start)
                work = (shard.file, shard.base, before + 1, units)
                yield from _checked(work, self.choice, self.render, self.keep)


def _bundles(items: Iterable[Work | Done | Shard]) -> Iterator[list[Work | Done | Shard]]:
    """Items gathered into bundles of about :data:`BATCH_UNITS` units: a
    folder of small files then costs a few round trips to the workers, not
    one per file.  A :class:`Done` travels in its place in a bundle; a
    :class:`Shard` is a bundle of its own."""
    bundle: list[Work | Done | Shard] = []
    size = 0
    for item in items:
        if isinstance(item, Shard):
            if bundle:
                yield bundle
                bundle, size = [], 0
            yield [item]
            continue
        bundle.append(item)
        if isinstance(item, Done):
            size += item.units
        else:
            size += len(item[3])  # type: ignore[arg-type]  # a list in batches
        if size >= BATCH_UNITS:
            yield bundle
            bundle, size = [], 0
    if bundle:
        yield bundle


def _start_plain_worker() -> None:
    # Ignore Ctrl-C first, then let signals in: the parent decides when we end.
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
        yield from map(func, items)
        return
    work = (_called, ((func, item) for item in items))
    with contextlib.closing(_in_pool(jobs, (_start_plain_worker, ()), work, _stop_writers)) as out:
        yield from out


def _in_pool(
    jobs: int,
    start: tuple[Callable[..., None], tuple[object, ...]],
    work: tuple[Callable[..., object], Iterable[tuple[object, ...]]],
    stop: Callable[[multiprocessing.pool.Pool], None],
) -> Generator[Any, None, None]:
    """``func(*task)`` for each task of ``work`` (``func``, tasks), in order,
    over ``jobs`` workers each begun by ``start`` (function, arguments);
    tasks are taken only a few ahead of the results.  On Ctrl-C, an error, or
    the iterator closed, ``stop(pool)``."""
    import multiprocessing.pool  # only where there are processes to start

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    func, tasks = work
    pool: multiprocessing.pool.Pool | None = None
    try:
        with _sigint_blocked():  # the workers are born with Ctrl-C blocked
            pool = context.Pool(jobs, *start)
        # (a Ctrl-C held back while they were born arrives here, pool in hand)
        pending: deque[multiprocessing.pool.AsyncResult[object]] = deque()
        for task in tasks:
            pending.append(pool.apply_async(func, task))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    except BaseException:
        if pool is not None:
            stop(pool)
        raise
    pool.close()
    pool.join()


def _stop_writers(pool: multiprocessing.pool.Pool, grace: float = 2.0) -> None:
    """SIGTERM to every worker, so that each removes its temporary file, then
    :func:`_stop_now` for any still alive after ``grace`` seconds."""
    _start_no_more(pool)
    workers = list(getattr(pool, "_pool", ()))
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
    _start_no_more(pool)
    for worker in getattr(pool, "_pool", ()):
        with contextlib.suppress(OSError):
            worker.kill()
    finalizer = getattr(pool, "_terminate", None)
    if finalizer is not None:
        finalizer.cancel()


def _start_no_more(pool: multiprocessing.pool.Pool, wait: float = 1.0) -> None:
    """The pool's keeper thread, which forks a new worker for every one that
    ends, told to stop and waited for (at most ``wait`` seconds).

    Telling is not enough: a keeper already past its check of the pool's
    state, woken by the last result taken, would see a worker just killed
    and fork another.  That one, forked after the parent had let go of
    everything, waited for ever on the lock of a task queue that its killed
    sibling held, keeping the terminal's pipe open (about one Ctrl-C in
    forty on a loaded machine).  Once the keeper has ended, no worker is
    born any more, and killing those in ``pool._pool`` kills them all.
    """
    keeper = getattr(pool, "_worker_handler", None)
    if keeper is None:
        return
    from multiprocessing.pool import TERMINATE  # imported with the pool

    keeper._state = TERMINATE
    notifier = getattr(pool, "_change_notifier", None)
    if notifier is not None:
        with contextlib.suppress(OSError, ValueError):
            notifier.put(None)  # wakes the keeper where it waits for a change
    if keeper.is_alive():
        keeper.join(wait)


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
