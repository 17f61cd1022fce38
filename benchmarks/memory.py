"""Peak memory of every command that reads records, at two corpus sizes.

    python benchmarks/memory.py                          # 100,000 and 1,000,000 deals
    python benchmarks/memory.py --sizes 2000,20000       # a smoke run

Every command reads a file game by game, so its memory should not grow with
the file.  This runs each one in a fresh process on the generated corpora of
``run.py`` (seed 1, classic games with hands, seat-tagged tricks and claims)
and samples the resident memory of its whole process tree every 10 ms
(``validate -j 2`` has a parent and two workers).  It prints the peak MiB at
each size and the ratio of the largest size to the smallest: flat memory is
a ratio near 1.  CPU seconds are printed too, for scale only: they are not
what this measures.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bare import measure  # noqa: E402
from run import corpus  # noqa: E402
from tabulate import tabulate  # noqa: E402


def commands(path: Path) -> list[tuple[str, list[str]]]:
    tool = [sys.executable, "-m", "aluette_cli"]
    p = str(path)
    return [
        ("validate", [*tool, "validate", p]),
        ("validate -j 2", [*tool, "validate", "-j", "2", p]),
        ("validate --format json", [*tool, "validate", "--format", "json", p]),
        ("report", [*tool, "report", p]),
        ("report --format json", [*tool, "report", "--format", "json", p]),
        ("report --format csv --level play", [*tool, "report", "--format=csv", "--level=play", p]),
        ("stats", [*tool, "stats", p]),
        ("convert --to json", [*tool, "convert", p, "--to", "json"]),
        ("convert --to jsonl", [*tool, "convert", p, "--to", "jsonl"]),
        ("convert --to csv", [*tool, "convert", p, "--to", "csv"]),
        ("annotate", [*tool, "annotate", p]),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100000,1000000", help="deal counts, comma-separated")
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    parser.add_argument("--only", default="", help="run only the commands whose name starts so")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    paths = []
    for size in sizes:
        path, deals = corpus(size, args.corpora)
        paths.append((path, deals))
    rows = []
    for k, (name, _) in enumerate(commands(paths[0][0])):
        if not name.startswith(args.only):
            continue
        peaks, cpus = [], []
        for path, deals in paths:
            print(f"{name}: {deals:,} deals ...", file=sys.stderr, flush=True)
            _, cpu, peak = measure(commands(path)[k][1])
            peaks.append(peak)
            cpus.append(cpu)
        rows.append(
            [name, *(f"{p:.0f}" for p in peaks), f"{peaks[-1] / peaks[0]:.2f}",
             *(f"{c:.1f}" for c in cpus)]
        )  # fmt: skip
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()};"
        f" corpora of {', '.join(f'{d:,}' for _, d in paths)} deals;"
        " peak resident MiB of the whole process tree, sampled every 10 ms"
    )
    head = [
        "command",
        *(f"MiB at {d:,}" for _, d in paths),
        f"{paths[-1][1]:,} / {paths[0][1]:,}",
        *(f"CPU s at {d:,}" for _, d in paths),
    ]
    print(tabulate(rows, head, tablefmt="github"))


if __name__ == "__main__":
    main()
