"""Many small files: a club's archive of one game a file, checked as a folder.

    python benchmarks/folders.py                   # 1,000 files, 3 repetitions
    python benchmarks/folders.py --files 200 --repeat 1 --base main

Writes a tree of FILES record files (one generated classic game each, in ten
folders), then times, alternately and side by side in one run:

- ``validate TREE`` and ``validate -j 2 TREE``;
- two plain CPU loops in one process and in two processes, which is what
  the machine gives a second process at this moment: the yardstick for the
  speed-up of ``-j 2``;
- with ``--base REV``, that revision's ``validate -j 2`` on the same files
  named one by one (a revision without folder input), to compare with the
  pool shared across files.

CPU seconds are the process tree's (user + system, workers included), and
the speed-up is of wall-clock time, each the median of the repetitions.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from revisions import Side, base_tree, check_side, describe_tree  # noqa: E402
from tabulate import tabulate  # noqa: E402

from aluette_cli.generate import random_game  # noqa: E402
from aluette_cli.rules import load_ruleset  # noqa: E402
from aluette_cli.writers.aln import write_game  # noqa: E402

#: PROCESSES plain CPU loops of COUNT steps each, one per process.
LOOPS = """
import multiprocessing, sys

def work(count):
    n = 0
    for i in range(count):
        n += i * i
    return n

count, processes = int(sys.argv[1]), int(sys.argv[2])
with multiprocessing.get_context("fork").Pool(processes) as pool:
    pool.map(work, [count] * processes)
"""


def make_tree(folder: Path, files: int) -> list[str]:
    import random

    ruleset = load_ruleset("classic")
    rng = random.Random(1)
    names = []
    for k in range(files):
        path = folder / f"club-{k % 10}" / f"game-{k:05d}.aln"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_game(random_game(1, ruleset, rng)), encoding="utf-8")
        names.append(str(path))
    return sorted(names, key=lambda n: Path(n).parts)


def measure(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children)."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(command[:6])} ... failed:\n{err.decode(errors='replace')}")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def loops(count: int, processes: int) -> list[str]:
    return [sys.executable, "-c", LOOPS, str(count), str(processes)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", help="a revision whose validate -j 2 to time on the files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        tree = Path(temp) / "archive"
        names = make_tree(tree, args.files)
        new = Side("new", ROOT, describe_tree(ROOT))
        new.compile()
        runs: dict[str, list[tuple[float, float]]] = {}

        def time_it(label: str, command: list[str], env: dict[str, str] | None = None) -> None:
            runs.setdefault(label, []).append(measure(command, env))

        # One loop's length: about what validate takes for the tree in one process.
        wall, _ = measure(new.command(["validate", str(tree)]), new.env())
        count = 1000
        while measure(loops(count, 1))[0] < wall / 2:
            count *= 2
        with contextlib.ExitStack() as stack:
            base = None
            if args.base:
                base = stack.enter_context(base_tree(ROOT, args.base, Path(temp)))
                check_side(base)
                base.compile()
            for _ in range(args.repeat):
                time_it("validate TREE", new.command(["validate", str(tree)]), new.env())
                command = new.command(["validate", "-j", "2", str(tree)])
                time_it("validate -j 2 TREE", command, new.env())
                time_it("one CPU loop", loops(count, 1))
                time_it("two CPU loops, two processes", loops(count, 2))
                if base is not None:
                    command = base.command(["validate", "-j", "2", *names])
                    time_it(f"{args.base}: validate -j 2 FILES", command, base.env())
        # Two loops in one process would take twice one loop's time.
        one_loop = statistics.median(w for w, _ in runs["one CPU loop"])
        two_loops = statistics.median(w for w, _ in runs["two CPU loops, two processes"])
        machine = 2 * one_loop / two_loops
        rows = []
        for label, values in runs.items():
            walls = [w for w, _ in values]
            cpus = [c for _, c in values]
            median_wall, median_cpu = statistics.median(walls), statistics.median(cpus)
            rows.append([label, f"{median_wall:.2f}", f"{median_cpu:.2f}"])
        serial = statistics.median(w for w, _ in runs["validate TREE"])
        parallel = statistics.median(w for w, _ in runs["validate -j 2 TREE"])
        print(
            f"{args.files:,} files, {args.repeat} runs each;"
            f" machine: {platform.machine()}, {os.cpu_count()} cores, Python"
            f" {platform.python_version()}"
        )
        print(tabulate(rows, headers=["task", "wall s", "CPU s"], tablefmt="github"))
        print()
        print(f"speed-up of -j 2 over -j 1:            {serial / parallel:.2f}x")
        print(f"speed-up of two CPU loops (the machine): {machine:.2f}x")
        print(f"share of what the machine gives:       {serial / parallel / machine:.0%}")


if __name__ == "__main__":
    main()
