"""Checking in several processes (``aluette_cli/parallel.py``): a big file cut into parts.

The workers read their own parts (``parallel.Shard``).  Where a part ends
is found by a search for a blank line before a tag, not by reading units;
whether the part was cut as one reading would have cut it is known only at
its end.  These tests hold ``validate -j 2`` on parts to ``validate`` in
one reading, on records made to defeat the search: brace comments over
several lines that hold blank lines and tags, comments left open, tag
sections split by blank lines, bad bytes, and mutations of every kind.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from aluette_cli import parallel
from aluette_cli.reading.split import cut_points

from .conftest import SAMPLES, generated, run
from .test_quickcheck import KINDS, POOL, mutate


@contextmanager
def cuts_counted() -> Iterator[list[int]]:
    """Count the parts the workers read: [ended as one reading, read again]."""
    counts = [0, 0]
    original = parallel._Placed.__call__

    def placed(self: parallel._Placed, outputs: list[object]) -> Iterator[object]:
        for output in outputs:
            if isinstance(output, parallel.Cut) and output.shard.serial not in self.reread:
                counts[0 if output.exact else 1] += 1
        return original(self, outputs)

    parallel._Placed.__call__ = placed  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        parallel._Placed.__call__ = original  # type: ignore[method-assign]


def messy_record(rng: random.Random, games: int) -> bytes:
    """Games of the pool, some mutated, with text between them that looks
    like a place to cut and is not one."""
    pieces = []
    for _ in range(games):
        text = rng.choice(POOL)
        if rng.random() < 0.5:
            text = mutate(text, rng.choice(KINDS), rng)
        if rng.random() < 0.3:
            # a blank line inside a tag section, the tags after it going on
            # with it, and none before it: the search finds only the inner one
            text = text.replace('"]\n[', '"]\n\n[', 2)
            if pieces and pieces[-1] == "\n":
                pieces.pop()
        pieces.append(text.rstrip("\n") + "\n")
        roll = rng.random()
        if roll < 0.1:
            # a comment over lines, holding a blank line and a tag
            pieces.append('\n{ a note\n\n[Event "inside a comment"]\nstill the note }\n')
        elif roll < 0.15:
            pieces.append("\n{ left open\n")
        elif roll < 0.25:
            # left open right before a tag, whose look ahead for a closing
            # brace may be ended by a part's end, and a brace that closes it
            # a few games on
            pieces.append("\n{ left open just before the next game\n")
            pieces.append(rng.choice(POOL).rstrip("\n") + "\nsome text }\n\n")
            continue
        elif roll < 0.3:
            pieces.append('\n[Round "a tag section goes on past a blank line"]\n')
        elif roll < 0.35:
            pieces.append("\n; a line comment\n")
        pieces.append("\n")
    data = "".join(pieces).encode("utf-8")
    if rng.random() < 0.5:
        at = rng.randrange(len(data))
        data = data[:at] + b"\xff" + data[at:]
    return data


def same_in_parts(tmp_path: Path, data: bytes, part_bytes: int) -> list[int]:
    path = tmp_path / "big.aln"
    path.write_bytes(data)
    whole = [run("validate", "--format", fmt, str(path)) for fmt in ("json", "text")]
    saved = parallel.SHARD_BYTES
    parallel.SHARD_BYTES = part_bytes
    try:
        with cuts_counted() as counts:
            parts = [run("validate", "-j", "2", "--format", f, str(path)) for f in ("json", "text")]
    finally:
        parallel.SHARD_BYTES = saved
    for one, cut in zip(whole, parts, strict=True):
        assert (cut.exit_code, cut.stdout, cut.stderr) == (one.exit_code, one.stdout, one.stderr)
    return counts


@pytest.mark.parametrize("seed", range(8))
def test_parts_are_checked_as_one_reading_checks_the_file(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    data = messy_record(rng, 14)
    ended, again = same_in_parts(tmp_path, data, rng.choice([200, 700, 2000]))
    assert ended + again >= 2


def test_the_messy_records_make_parts_read_again(tmp_path: Path) -> None:
    # Not every part ends where one reading would: those are read again, and
    # the tests above go through both ways.
    totals = [0, 0]
    for seed in range(8):
        rng = random.Random(seed)
        data = messy_record(rng, 14)
        counts = same_in_parts(tmp_path, data, rng.choice([200, 700, 2000]))
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
    assert totals[0] > 10 and totals[1] > 0


def test_a_clean_archive_is_read_in_parts(tmp_path: Path) -> None:
    text = generated(41, "--games", "40")
    ended, again = same_in_parts(tmp_path, text.encode("utf-8"), 1500)
    assert again == 0 and ended > 10


def test_where_parts_start(tmp_path: Path) -> None:
    """Every start is the tag after a blank line first met a part's size on,
    with its line number, however the reads fall."""
    rng = random.Random(3)
    for _ in range(300):
        pieces = [b"\n", b"[a]\n", b"x\n", b"\n\n[", b"[", b"ab"]
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 200)))
        saved = parallel.SHARD_BYTES
        parallel.SHARD_BYTES = rng.randint(1, 50)
        jobs = rng.randint(1, 4)
        try:
            path = tmp_path / "p"
            path.write_bytes(data)
            with path.open("rb") as stream:
                got = cut_points(
                    stream,
                    len(data),
                    lambda left, jobs=jobs: parallel.next_shard_bytes(left, jobs),
                    rng.randint(1, 20),
                )
            expected = [(0, 1)]
            target = parallel.next_shard_bytes(len(data), jobs)
            while target < len(data):
                found = data.find(b"\n\n[", target)
                if found < 0:
                    break
                expected.append((found + 2, data.count(b"\n", 0, found + 2) + 1))
                target = found + 2 + parallel.next_shard_bytes(len(data) - found - 2, jobs)
        finally:
            parallel.SHARD_BYTES = saved
        assert got == expected


def test_parts_get_smaller_near_the_end() -> None:
    """Each worker's last parts are small, so that none checks a whole part
    while the others wait; the rest are whole parts, which keep memory flat."""
    whole, least = parallel.SHARD_BYTES, parallel.SHARD_BYTES // parallel.SHARD_TAPER
    for jobs in (1, 2, 3, 8):
        sizes = []
        left = 50 * whole + whole // 3
        while left > 0:
            sizes.append(min(left, parallel.next_shard_bytes(left, jobs)))
            left -= sizes[-1]
        assert all(least <= size <= whole for size in sizes[:-1])
        assert sizes.count(whole) >= 50 - 2 * jobs - 1
        assert sizes[-jobs:] == [least] * (jobs - 1) + [sizes[-1]]
        # dealt to the first free worker, in order: they finish within a small part
        free = [0] * jobs
        for size in sizes:
            free[free.index(min(free))] += size
        assert max(free) - min(free) <= whole // 4


def test_carriage_returns_and_small_files_are_read_as_units(tmp_path: Path) -> None:
    text = generated(42, "--games", "30")
    path = tmp_path / "crlf.aln"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    with path.open("rb") as stream:
        assert parallel.file_shards("f", None, str(path), stream, 0) is None
    small = tmp_path / "small.aln"
    small.write_text(text, encoding="utf-8")
    with small.open("rb") as stream:
        assert parallel.file_shards("f", None, str(small), stream, 0) is None


# --------------------------------------------------------------------------
# Stopping the pool


def _idle(_: object) -> None:
    return None


@pytest.mark.parametrize("stop", [parallel._stop_now, parallel._stop_writers])
def test_no_worker_is_born_once_the_pool_is_stopped(stop: object) -> None:
    """The keeper thread, which replaces every worker that ends, has ended
    when a stop returns: a keeper still running could fork a worker after
    the kill, and that one would outlive the command."""
    import multiprocessing

    with parallel._sigint_blocked():
        pool = multiprocessing.get_context("fork").Pool(2, parallel._start_plain_worker)
    assert pool.apply_async(_idle, (None,)).get(timeout=30) is None
    workers = list(pool._pool)
    stop(pool)  # type: ignore[operator]
    assert not pool._worker_handler.is_alive()
    for worker in workers:
        worker.join(5)
        assert worker.exitcode is not None
    assert [w for w in pool._pool if w.is_alive()] == []


@pytest.mark.parametrize(
    "prelude",
    ["; club archive, season notes\n" * 400, "garbage line here\n" * 400],
    ids=["comments", "text"],
)
def test_text_before_the_first_game_longer_than_a_part_is_the_first_game_s(
    tmp_path: Path, prelude: str
) -> None:
    """The first part held only the text before the first game: read alone,
    it was a game of its own, and every game after it was numbered one on."""
    data = (prelude + "\n" + generated(41, "--games", "12")).encode("utf-8")
    assert same_in_parts(tmp_path, data, 1500)[1] >= 1  # the first part read again


def test_reading_stops_in_a_part_as_it_stops_in_one_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line past the reader's last limit stops the reading of the file:
    the parts after it were read all the same, their findings printed."""
    from aluette_cli.reading import decode

    monkeypatch.setattr(decode, "MAX_LINE_SKIP", 200_000)
    games = generated(41, "--games", "12")
    cut = games.index('\n\n[Event "Generated game 4"]')
    long_line = "\n; " + "x" * 3_000_000 + "\n"  # over reading blocks
    tail = (SAMPLES / "violations.aln").read_text("utf-8", "surrogateescape")
    text = games[:cut] + "\n" + long_line + "\n" + games[cut:] + "\n" + tail
    data = text.encode("utf-8", "surrogateescape")
    same_in_parts(tmp_path, data, 1500)
    said = run("validate", "--format", "json", str(tmp_path / "big.aln")).stdout
    assert '"A009"' in said and '"A203"' not in said  # nothing after the line is read


def test_a_batch_holds_no_deal_the_reader_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past model.MAX_DEALS the reader reads only the first deal's place, to
    # say A009 there: the batches sent to workers hold that one, not the rest,
    # and the games after are batched whole.
    from aluette_cli import model
    from aluette_cli.reading import read_units

    games = generated(8, "--games", "3")
    monkeypatch.setattr(model, "MAX_DEALS", 2)
    units = [u for _, batch in parallel.batches(read_units([games.encode()]), 4) for u in batch]
    per_game: list[int] = []
    for unit in units:
        if unit.kind == "tags":
            per_game.append(0)
        elif unit.kind == "deal":
            per_game[-1] += 1
    assert per_game == [3, 3, 3]  # each game has five deals or more
    assert [u.kind for u in read_units([games.encode()])].count("deal") > 9
