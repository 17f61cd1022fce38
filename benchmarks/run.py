"""Throughput and memory of aluette on generated corpora, in one run.

    python benchmarks/run.py                      # 10k, 100k and 1M deals
    python benchmarks/run.py --sizes 10000        # one size
    python benchmarks/run.py --sizes 200 --quiet  # a smoke run (the tests do this)

Each corpus is a file of finished classic games written by the project's own
generator (seed 1), with hands, seat-tagged tricks and claims: what a club
archive looks like.  Every task runs in a fresh process, so its peak memory
(maximum resident set size) is its own.  Tasks:

- ``lark tree (file)``: the plain Lark LALR parse of the whole file with the
  grammar in grammar/aluette.lark, building its parse tree: the baseline the
  speed target is measured against.
- ``lark tree (units)``: the same grammar building a tree for each tag
  section and deal separately, as the reader cuts them: a stronger baseline,
  shown for honesty.
- ``validate``, ``validate -j 2``, ``report --format json``,
  ``convert --to json``: the commands, output sent to /dev/null.

Corpora are kept in benchmarks/corpora/ (not in git) and reused.

Side by side with a base revision:

    python benchmarks/run.py --base main                 # 10k deals, 5 repetitions
    python benchmarks/run.py --base main --sizes 100000 --repeat 3

runs ``validate`` and ``report --format json`` with the base revision's code
(a temporary git worktree) and with the working tree's code, alternately on
the same corpus, and prints the CPU seconds of each and the ratio new/old.
Both sides run uninstalled, the same way (see ``revisions.py``).  CPU time
rather than wall-clock time, and runs interleaved rather than one side after
the other, because on a shared machine other work comes and goes: it then
slows both sides alike instead of whichever happened to run during it.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
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

from revisions import GitError, Side, base_tree, check_side, describe_tree  # noqa: E402
from tabulate import tabulate  # noqa: E402

from aluette_cli.generate import random_game  # noqa: E402
from aluette_cli.rules import load_ruleset  # noqa: E402
from aluette_cli.writers.aln import write_game  # noqa: E402

LARK_FILE = """
import sys
from aluette_cli.reading.grammar import raw_parser
with open(sys.argv[1], encoding="utf-8") as f:
    raw_parser().parse(f.read())
"""

LARK_UNITS = """
import sys
from lark import Lark
from aluette_cli.reading import read_units
from aluette_cli.reading.grammar import grammar_text
parser = Lark(grammar_text(), parser="lalr", lexer="contextual", start=["tag_section", "deal"])
with open(sys.argv[1], "rb") as f:
    for unit in read_units(f):
        if unit.kind != "other":
            parser.parse(unit.text, start="deal" if unit.kind == "deal" else "tag_section")
"""


def corpus(size: int, folder: Path) -> tuple[Path, int]:
    """A file of whole generated games holding at least ``size`` deals."""
    path = folder / f"deals-{size}.aln"
    count_file = path.with_suffix(".count")
    if path.exists() and count_file.exists():
        return path, int(count_file.read_text())
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    ruleset = load_ruleset("classic")
    deals = 0
    index = 0
    with open(path, "w", encoding="utf-8") as out:
        while deals < size:
            index += 1
            game = random_game(index, ruleset, rng)
            if index > 1:
                out.write("\n")
            out.write(write_game(game))
            deals += len(game.deals)
    count_file.write_text(str(deals))
    return path, deals


def measure(
    command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None
) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak resident MiB, exit status) of one process.

    CPU seconds are user plus system time of the process (and of any worker
    processes it waited for), from the kernel's accounting.
    """
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        proc = subprocess.Popen(command, stdout=devnull, stderr=subprocess.PIPE, cwd=cwd, env=env)
        assert proc.stderr is not None
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({code}):\n{err.decode(errors='replace')}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def tasks(path: Path) -> list[tuple[str, list[str]]]:
    py = sys.executable
    tool = [py, "-m", "aluette_cli"]
    return [
        ("lark tree (file)", [py, "-c", LARK_FILE, str(path)]),
        ("lark tree (units)", [py, "-c", LARK_UNITS, str(path)]),
        ("validate", [*tool, "validate", str(path)]),
        ("validate -j 2", [*tool, "validate", "-j", "2", str(path)]),
        ("report --format json", [*tool, "report", "--format", "json", str(path)]),
        ("convert --to json", [*tool, "convert", str(path), "--to", "json"]),
    ]


#: The commands timed side by side with --base: the check, and the full replay.
SIDE_BY_SIDE = [
    ("validate", ["validate", "{file}"]),
    ("report --format json", ["report", "--format", "json", "{file}"]),
]
#: With --all: the other commands, and validate on the other corpora of
#: bare.py (the corpus after annotate, written by hand, and with typos).
MORE_SIDE_BY_SIDE = [
    ("convert --to json", ["convert", "{file}", "--to", "json"]),
    ("annotate", ["annotate", "{file}"]),
    ("validate, annotated", ["validate", "{annotated}"]),
    ("validate, hand-style", ["validate", "{hand}"]),
    ("validate, typos", ["validate", "{typos}"]),
]


def _spread(values: list[float]) -> str:
    """The median of CPU seconds, with the lowest and highest when they differ."""
    median = f"{statistics.median(values):.2f}"
    if len(values) == 1:
        return median
    return f"{median} ({min(values):.2f}-{max(values):.2f})"


def side_by_side(
    base_rev: str, sizes: list[int], repeat: int, folder: Path, quiet: bool, every: bool = False
) -> None:
    """Time the base revision's code and the working tree's on the same corpora.

    The two sides alternate, and which goes first alternates too, so that
    slow minutes on a shared machine, and caches warmed by the run before,
    fall on both.  The ratio is of medians, which one disturbed run cannot
    move much.
    """
    rows = []
    try:
        with (
            tempfile.TemporaryDirectory() as temp,
            base_tree(ROOT, base_rev, Path(temp)) as base,
        ):
            new = Side("new", ROOT, describe_tree(ROOT))
            for side in (base, new):
                check_side(side)
                side.compile()
            for size in sizes:
                path, deals = corpus(size, folder)
                files = {"{file}": str(path)}
                if every:
                    from bare import other_corpora

                    files.update(other_corpora(path, size, folder))
                for task, template in SIDE_BY_SIDE + (MORE_SIDE_BY_SIDE if every else []):
                    args = [files.get(a, a) for a in template]
                    cpu: dict[str, list[float]] = {"base": [], "new": []}
                    peak: dict[str, list[float]] = {"base": [], "new": []}
                    codes: dict[str, set[int]] = {"base": set(), "new": set()}
                    for k in range(repeat):
                        for side in (base, new) if k % 2 == 0 else (new, base):
                            if not quiet:
                                print(
                                    f"{deals:,} deals: {task}, {side.name}, run {k + 1} ...",
                                    file=sys.stderr,
                                    flush=True,
                                )
                            _, seconds, mib, code = measure(
                                side.command(args), cwd=Path(temp), env=side.env()
                            )
                            cpu[side.name].append(seconds)
                            peak[side.name].append(mib)
                            codes[side.name].add(code)
                    if codes["base"] != codes["new"]:
                        raise SystemExit(
                            f"{task}: exit status {codes['base']} (base) but {codes['new']} (new);"
                            " run benchmarks/same_output.py"
                        )
                    ratio = statistics.median(cpu["new"]) / statistics.median(cpu["base"])
                    rows.append(
                        [
                            f"{deals:,}",
                            task,
                            _spread(cpu["base"]),
                            _spread(cpu["new"]),
                            f"{ratio:.3f}",
                            f"{statistics.median(peak['base']):,.0f}",
                            f"{statistics.median(peak['new']):,.0f}",
                        ]
                    )
            print(f"base: {base.description}")
            print(f"new:  {new.description}")
    except (GitError, RuntimeError) as exc:
        raise SystemExit(f"run.py: {exc}") from exc
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )
    print(f"{repeat} runs of each side, interleaved; CPU seconds: median (lowest-highest)")
    print()
    print(
        tabulate(
            rows,
            headers=["deals", "task", "base CPU s", "new CPU s", "new/old", "base MiB", "new MiB"],
            tablefmt="github",
            disable_numparse=True,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        help="comma-separated corpus sizes in deals"
        " (default: 10000,100000,1000000; with --base: 10000)",
    )
    parser.add_argument(
        "--base",
        metavar="REV",
        help="time validate and report --format json of this git revision and of the"
        " working tree side by side, instead of the tasks above",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="with --base: runs of each side for each task (default: 5)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="with --base: also convert, annotate, and validate on the annotated and"
        " hand-style corpora of bare.py",
    )
    parser.add_argument(
        "--lark-file-max",
        type=int,
        default=100_000,
        help="largest corpus for the whole-file Lark parse, whose tree must fit"
        " in memory at once (default: 100000 deals)",
    )
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args()
    default = "10000" if args.base else "10000,100000,1000000"
    sizes = [int(s) for s in (args.sizes or default).split(",")]
    if args.base:
        side_by_side(
            args.base, sizes, max(1, args.repeat), args.corpora.resolve(), args.quiet, args.all
        )
        return

    rows = []
    ratios = []
    for size in sizes:
        path, deals = corpus(size, args.corpora)
        megabytes = path.stat().st_size / 1e6
        seen: dict[str, float] = {}
        for name, command in tasks(path):
            if name == "lark tree (file)" and deals > args.lark_file_max:
                rows.append(
                    [
                        f"{deals:,}",
                        name,
                        "",
                        "",
                        "",
                        "",
                        "not run: its tree of the whole file exceeds memory; see --lark-file-max",
                    ]
                )
                continue
            if not args.quiet:
                print(f"{deals:,} deals: {name} ...", file=sys.stderr, flush=True)
            seconds, _, peak, _ = measure(command)
            seen[name] = seconds
            rows.append(
                [
                    f"{deals:,}",
                    name,
                    f"{seconds:.2f}",
                    f"{deals / seconds:,.0f}",
                    f"{megabytes / seconds:.2f}",
                    f"{peak:,.0f}",
                    "",
                ]
            )
        for base in ("lark tree (file)", "lark tree (units)"):
            if base in seen:
                for task in ("validate", "validate -j 2"):
                    ratios.append(
                        [f"{deals:,}", f"{task} vs {base}", f"{seen[base] / seen[task]:.1f}x"]
                    )
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()} {platform.release()}"
    )
    print()
    print(
        tabulate(
            rows,
            headers=["deals", "task", "seconds", "deals/s", "MB/s", "peak MiB", "note"],
            tablefmt="github",
        )
    )
    print()
    print(tabulate(ratios, headers=["deals", "speed-up", "times"], tablefmt="github"))


if __name__ == "__main__":
    main()
