"""What the text report costs beside the JSON report, in one run.

    python benchmarks/report_text.py                     # 5,000 deals, 3 runs of each
    python benchmarks/report_text.py --deals 20000 --repeat 5
    python benchmarks/report_text.py --deals 200 --repeat 1 --quiet   # a smoke run

Both reports say the same things about the same outcomes: the JSON report
as objects, the text report as tables and sentences.  So the text report
should cost about what the JSON report costs; what it costs beyond that is
the laying out of its tables.  The goal: the text report within 2x the JSON
report's CPU time.

The corpus is run.py's (finished classic games by the project's generator,
seed 1, in benchmarks/corpora/).  Each command runs in a fresh process, the
two alternating (and which goes first alternating too), so that a busy
minute on a shared machine slows both alike.  CPU seconds (user plus
system) rather than wall-clock seconds, for the same reason.  The ratio is
of the medians.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import corpus, measure  # noqa: E402
from tabulate import tabulate  # noqa: E402

#: The goal: the text report costs at most this many times the JSON report.
GOAL = 2.0

COMMANDS = [
    ("report --format json", ["report", "--format", "json"]),
    ("report", ["report"]),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5000, help="corpus size (default: 5000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default: 3)")
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args()
    path, deals = corpus(args.deals, args.corpora.resolve())
    tool = [sys.executable, "-m", "aluette_cli"]
    cpu: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
    for k in range(max(1, args.repeat)):
        for name, command in COMMANDS if k % 2 == 0 else COMMANDS[::-1]:
            if not args.quiet:
                print(f"{deals:,} deals: {name}, run {k + 1} ...", file=sys.stderr, flush=True)
            _, seconds, _, _ = measure([*tool, *command, str(path)])
            cpu[name].append(seconds)
    json_cpu = statistics.median(cpu["report --format json"])
    text_cpu = statistics.median(cpu["report"])
    ratio = text_cpu / json_cpu
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; {deals:,} deals, {max(1, args.repeat)} runs of each,"
        " interleaved; CPU seconds: median (lowest-highest)"
    )
    print()
    rows = [
        [
            name,
            f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})",
            f"{deals / statistics.median(v):,.0f}",
        ]
        for name, v in cpu.items()
    ]
    print(
        tabulate(
            rows,
            headers=["command", "CPU s", "deals per CPU s"],
            tablefmt="github",
            disable_numparse=True,
        )
    )
    print()
    verdict = "within" if ratio <= GOAL else "over"
    print(f"text report / JSON report: {ratio:.2f}x ({verdict} the goal of {GOAL:g}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
