"""How fast ``aluette analyse`` values every play of a deal, in one run.

    python benchmarks/analyse.py --deals 100 --plain 5 --deep 0   # a table of docs/analysis.md
    python benchmarks/analyse.py --deals 20 --deep 5 --plain 3   # a smoke run

The deals are random deals written by the project's generator (classic,
or the ruleset ``--rules`` names; seed 1, cards played at random, so with
many mistakes to find), each analysed in this process by
:func:`aluette_cli.analysis.analyse_deal`, as the command does for one
deal.  Figures are CPU seconds per deal (user and
system time of this process, so other work on a shared machine slows them
less than wall-clock time).  Printed:

- every play valued from trick 4 and from trick 3 with the fast search:
  median, 90th percentile and worst over ``--deals`` deals, against the
  targets (worst under 2 s from trick 4, median under 1 s from trick 3);
- the same deals' first ``--plain`` ones valued with the plain search (the
  reference the tests hold the fast one to), side by side, and the ratio;
- from trick 1 under a budget of ``--budget`` seconds per deal, on the first
  ``--deep`` deals: how many were solved from trick 1 and how far back the
  others were, the median and 95th percentile against the targets
  (under 1 s and under 5 s), and the ten slowest deals by number.

Each play is valued as ``analyse`` values it by default (the text, the
annotations, the match page): the position's value before it and after
it, and every card of the hand only where the play changed the value;
``--every-card`` values every card of every hand, as ``analyse --format
json`` and ``stats --analyse`` ask.

``--game SEED`` measures instead what a player runs after a match: the
five-deal game ``aluette generate --games 1 --seed SEED`` analysed by
``aluette analyse`` with its defaults (``--budget`` is its
``--time-limit``, 10 s a deal by default as the command's), in a process of
its own as from the shell (start-up and loading the compiled search
included): its CPU and wall-clock seconds, and from which trick each deal
was valued, against the goal of under 10 s (with ``--every-card``, the
command is ``analyse --format json``).

``--against FILE`` compares this search with another version of
``aluette_cli/solver.py`` instead (``git show main:aluette_cli/solver.py >
/tmp/old_solver.py``), in the same run: each deal is analysed by one and
then the other, alternately, from each trick of ``--from`` under
``--budget``; printed are the median, 95th percentile and worst CPU seconds
per deal of each, the median ratio other/this, how far back each solved,
and a check that every value both gave is the same.  ``--against python``
compares the compiled search (:mod:`aluette_cli.kernel`, the ``fast``
extra) with this solver's own Python search, on the same deals.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabulate import tabulate  # noqa: E402

from aluette_cli import kernel  # noqa: E402
from aluette_cli.analysis import DealTask, Limits, analyse_deal, deal_tasks  # noqa: E402
from aluette_cli.generate import random_games  # noqa: E402
from aluette_cli.pipeline import RuleChoice, check_game  # noqa: E402
from aluette_cli.rules import load_ruleset  # noqa: E402
from aluette_cli.solver import Solver  # noqa: E402


def random_deals(count: int, seed: int, rules: str = "classic") -> list[DealTask]:
    """``count`` random deals of ruleset ``rules`` with hands and every card played."""
    ruleset = load_ruleset(rules)
    tasks: list[DealTask] = []
    games = random_games(10**6, ruleset, seed, hands=True, claims=False)
    for game in games:
        checked = check_game(game, RuleChoice(rules))
        tasks.extend(t for t in deal_tasks(checked) if isinstance(t, DealTask))
        if len(tasks) >= count:
            return tasks[:count]
    return tasks


def _plain_analysis(task: DealTask, limits: Limits) -> object:
    """The analysis with every value from the plain search (of every card:
    the plain search is asked card by card)."""
    original = Solver.play_values

    def plain(self: Solver, position: object, deadline: float | None = None, **_: object) -> object:
        return original(self, position, deadline, plain=True)  # type: ignore[arg-type]

    Solver.play_values = plain  # type: ignore[method-assign,assignment]
    try:
        return analyse_deal(task, replace(limits, every_card=True))
    finally:
        Solver.play_values = original  # type: ignore[method-assign]


def cpu(run: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def load_solver(path: str) -> ModuleType:
    """Another version of the solver module, as a module of the package (its
    relative imports find the package's other modules)."""
    spec = importlib.util.spec_from_file_location("aluette_cli._solver_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


#: the compiled search's tables of each ruleset (:func:`kernel.tables_for`),
#: kept apart for the other solver module
_OTHER_TABLES: dict[tuple[object, ...], object] = {}


@contextlib.contextmanager
def solver_module(module: ModuleType) -> Iterator[None]:
    """``analyse_deal`` imports the solver when called: hand it ``module``,
    with the compiled search's tables of its own (tally states, memo of card
    bounds).  While the two shared them, this solver ran about 20% slower on
    most deals than the other, the same solver.py: a median ratio of 0.80 on
    30 classic deals from trick 1, and 1.00 apart."""
    name = "aluette_cli.solver"
    saved = sys.modules[name]
    tables = kernel._TABLES
    sys.modules[name] = module
    kernel._TABLES = _OTHER_TABLES  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.modules[name] = saved
        kernel._TABLES = tables


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


@contextlib.contextmanager
def python_search() -> Iterator[None]:
    """Solvers made meanwhile run the fast search in Python, not compiled."""
    defaults = Solver.__init__.__defaults__
    Solver.__init__.__defaults__ = (None, False)
    try:
        yield
    finally:
        Solver.__init__.__defaults__ = defaults


def compare(
    tasks: list[DealTask],
    starts: list[int],
    budget: float,
    path: str,
    every_card: bool,
    quiet: bool = False,
) -> None:
    """This search and the one in ``path``, deal by deal, alternately
    (``python``: this solver's Python search)."""
    if path == "python":
        other_search: Callable[[], contextlib.AbstractContextManager[None]] = python_search
    else:
        module = load_solver(path)
        other_search = lambda: solver_module(module)  # noqa: E731
    rows = []
    for first in starts:
        mine: list[float] = []
        theirs: list[float] = []
        reach: dict[str, list[int | None]] = {"this": [], "other": []}
        for k, task in enumerate(tasks):
            limits = Limits(first, budget, every_card=every_card)
            t_new, new = cpu(lambda task=task, limits=limits: analyse_deal(task, limits))  # type: ignore[misc]
            with other_search():
                t_old, old = cpu(lambda task=task, limits=limits: analyse_deal(task, limits))  # type: ignore[misc]
            mine.append(t_new)
            theirs.append(t_old)
            reach["this"].append(new.solved_from_trick)
            reach["other"].append(old.solved_from_trick)
            # Where both valued a play, the values are the same.
            common = {(p.trick, p.seat): p for p in old.plays}
            for play in new.plays:
                if (play.trick, play.seat) in common:
                    assert common[(play.trick, play.seat)] == play, (k, play)
            if not quiet:
                print(f"\rfrom trick {first}: {k + 1}/{len(tasks)}", end="", file=sys.stderr)
        if not quiet:
            print(file=sys.stderr)
        ratio = statistics.median(o / max(n, 1e-6) for o, n in zip(theirs, mine, strict=True))
        for who, times in (("other", theirs), ("this", mine)):
            solved = sum(1 for r in reach[who] if r == first)
            rows.append(
                [
                    f"{who}, from trick {first}",
                    len(times),
                    f"{statistics.median(times):.3f}",
                    f"{p95(times):.3f}",
                    f"{max(times):.3f}",
                    f"{solved}/{len(times)}",
                    f"{ratio:.2f}x" if who == "this" else "",
                ]
            )
    print(
        tabulate(
            rows,
            headers=[
                "analysis of every play",
                "deals",
                "median s",
                "95% s",
                "worst s",
                "solved from it",
                "median other/this",
            ],
        )
    )


def game(seed: int, budget: float, every_card: bool) -> int:
    """The five-deal game of ``seed`` analysed by the command with its
    defaults (the text; ``every_card``: ``--format json``), timed as a
    child process."""
    aluette = [sys.executable, "-m", "aluette_cli"]
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "game.aln"
        subprocess.run(
            [*aluette, "generate", "--games", "1", "--seed", str(seed), "-o", str(record)],
            check=True,
            cwd=ROOT,
        )
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        fmt = "json" if every_card else "text"
        done = subprocess.run(
            [*aluette, "analyse", "--format", fmt, "--time-limit", f"{budget:g}", str(record)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return 2
    cpu_s = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if every_card:
        deals = [
            d["solved_from_trick"] for g in json.loads(done.stdout)["games"] for d in g["deals"]
        ]
    else:  # "Deal 3, dealer S: solved from trick 1; ..." or "...: not analysed: ..."
        heads = re.findall(r"^Deal .*", done.stdout, re.MULTILINE)
        deals = [
            int(m[1]) if (m := re.search(r": solved from trick (\d+)", h)) else None for h in heads
        ]
    reached = ", ".join(str(d) for d in deals)
    met = cpu_s < 10 and wall < 10
    print(
        tabulate(
            [
                [
                    f"aluette analyse, game of seed {seed} ({len(deals)} deals)",
                    "under 10 s",
                    f"{cpu_s:.2f} CPU s, {wall:.2f} s wall-clock",
                    reached,
                    "met" if met else "NOT met",
                ]
            ],
            headers=["target", "goal", "measured", "solved from trick", ""],
        )
    )
    return 0


def summary(times: list[float]) -> list[str]:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return [f"{statistics.median(ordered):.3f}", f"{p90:.3f}", f"{ordered[-1]:.3f}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals from tricks 4 and 3")
    parser.add_argument("--plain", type=int, default=10, help="of them, valued by the plain search")
    parser.add_argument("--deep", type=int, default=40, help="deals tried from trick 1")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal from trick 1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", help="the ruleset of the deals")
    parser.add_argument(
        "--from", dest="starts", default="4,3", help="the tricks to analyse from (default 4,3)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    parser.add_argument(
        "--every-card", action="store_true", help="value every card, as analyse --format json"
    )
    parser.add_argument("--against", metavar="FILE", help="another solver.py to compare with")
    parser.add_argument(
        "--game", type=int, metavar="SEED", help="time the command on a generated five-deal game"
    )
    args = parser.parse_args(argv)
    if args.game is not None:
        return game(args.game, args.budget, args.every_card)

    tasks = random_deals(max(args.deals, args.deep), args.seed, args.rules)
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()},"
        f" {platform.system()} {platform.release()}; {len(tasks)} random {args.rules} deals,"
        f" seed {args.seed}; valued: {'every card' if args.every_card else 'the cards played'}"
    )
    if args.against:
        compare(
            tasks[: args.deals],
            [int(x) for x in args.starts.split(",")],
            args.budget,
            args.against,
            args.every_card,
            args.quiet,
        )
        return 0

    starts = [int(x) for x in args.starts.split(",")]
    rows = []
    fast: dict[int, list[float]] = {}
    for first in starts:
        fast[first] = []
        for k, task in enumerate(tasks[: args.deals]):
            limits = Limits(first, None, every_card=args.every_card)
            seconds, _ = cpu(lambda task=task, limits=limits: analyse_deal(task, limits))  # type: ignore[misc]
            fast[first].append(seconds)
            if not args.quiet:
                print(f"\rfrom trick {first}: {k + 1}/{args.deals}", end="", file=sys.stderr)
        if not args.quiet:
            print(file=sys.stderr)
        if fast[first]:
            rows.append([f"fast, from trick {first}", len(fast[first]), *summary(fast[first])])

    side = []
    for first in starts:
        plain_times = []
        fast_same = []  # the fast search, also of every card
        for task in tasks[: args.plain]:
            limits = Limits(first, None, every_card=True)
            seconds, plain = cpu(lambda task=task, limits=limits: _plain_analysis(task, limits))  # type: ignore[misc]
            fast_seconds, same = cpu(lambda task=task, limits=limits: analyse_deal(task, limits))  # type: ignore[misc]
            assert plain == same, "the plain and the fast search disagree"
            plain_times.append(seconds)
            fast_same.append(fast_seconds)
        if not plain_times:
            continue
        rows.append([f"plain, from trick {first}", len(plain_times), *summary(plain_times)])
        ratio = statistics.median(p / f for p, f in zip(plain_times, fast_same, strict=True))
        side.append(
            [
                f"from trick {first}",
                len(plain_times),
                f"{sum(plain_times):.2f}",
                f"{sum(fast_same):.2f}",
                f"{ratio:.1f}x",
            ]
        )

    print()
    headers = ["analysis of every play", "deals", "median s", "90% s", "worst s"]
    print(tabulate(rows, headers=headers))
    print()
    print(
        tabulate(
            side,
            headers=["same deals", "deals", "plain, total s", "fast, total s", "median plain/fast"],
        )
    )
    print()
    targets = []
    if fast.get(4):
        worst4 = max(fast[4])
        targets.append(
            [
                "every play from trick 4, worst deal",
                "under 2 s",
                f"{worst4:.3f} s",
                "met" if worst4 < 2 else "NOT met",
            ]
        )
    if fast.get(3):
        median3 = statistics.median(fast[3])
        targets.append(
            [
                "every play from trick 3, median deal",
                "under 1 s",
                f"{median3:.3f} s",
                "met" if median3 < 1 else "NOT met",
            ]
        )

    reached = []
    deep_times = []
    for k, task in enumerate(tasks[: args.deep]):
        limits = Limits(1, args.budget, every_card=args.every_card)
        seconds, result = cpu(lambda task=task, limits=limits: analyse_deal(task, limits))  # type: ignore[misc]
        reached.append(result.solved_from_trick)  # type: ignore[attr-defined]
        deep_times.append(seconds)
        if not args.quiet:
            print(f"\rfrom trick 1: {k + 1}/{args.deep}", end="", file=sys.stderr)
    if not args.quiet and args.deep:
        print(file=sys.stderr)
    if reached:
        solved = sum(1 for r in reached if r == 1)
        median1, p95_1 = statistics.median(deep_times), p95(deep_times)
        targets += [
            [
                f"every play from trick 1 within {args.budget:g} s",
                "every deal",
                f"{solved} of {len(reached)} deals",
                "met" if solved == len(reached) else "NOT met",
            ],
            [
                "every play from trick 1, median deal",
                "under 1 s",
                f"{median1:.2f} s",
                "met" if median1 < 1 else "NOT met",
            ],
            [
                "every play from trick 1, 95th percentile",
                "under 5 s",
                f"{p95_1:.2f} s",
                "met" if p95_1 < 5 else "NOT met",
            ],
        ]
        counts = {t: reached.count(t) for t in sorted(set(reached), key=lambda t: t or 10)}
        print(
            f"from trick 1 within {args.budget:g} s per deal: solved from trick "
            + ", ".join(f"{t}: {n} deals" for t, n in counts.items())
            + f" (CPU s per deal: median {median1:.2f},"
            f" 95% {p95_1:.2f}, worst {max(deep_times):.2f})"
        )
        # The deals to look at first, by their number in the run (as the
        # docs and `--against` runs name them).
        slowest = sorted(range(len(deep_times)), key=deep_times.__getitem__, reverse=True)[:10]
        print(
            "slowest deals: "
            + ", ".join(f"{k} ({deep_times[k]:.1f} s, from trick {reached[k]})" for k in slowest)
        )
        print()
    print(tabulate(targets, headers=["target", "goal", "measured", ""]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
