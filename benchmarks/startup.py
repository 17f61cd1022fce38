"""How long ``aluette validate`` takes on a one-deal file, next to ``python -c pass``.

    python benchmarks/startup.py                  # this tree, 40 runs of each
    python benchmarks/startup.py --base main      # and a base revision's code, interleaved

Start-up is what a one-deal file costs: importing the package and reading
the rules, since the deal itself takes a few milliseconds.  Each command
runs many times, the commands interleaved, and the median is reported, in
wall-clock and in CPU milliseconds (user plus system): on a shared machine
the CPU time moves less.  Both sides run uninstalled (``revisions.py``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from revisions import Side, base_tree, describe_tree  # noqa: E402

ONE_DEAL = """[Event "one deal"]

deal 1 dealer E
N: Re 6d Ve 1c Cc 2e Rc 6c 7e
E: 3c Rd 9b 9c 6e Rb 1d 4b 5e
S: 3d 4c Ce Cb 3b 9d Vb Cd 4d
W: Vd Vc 6b 8c 4e 3e 7c 9e 2b
stock: 2d 8e 7d 2c 1b 7b 5b 8b 8d 5c 5d 1e
1. S:Vb W:2b N:6d E:9b -> W
2. W:4e N:Ve E:1d S:Cd -> E
3. E:Rb S:4d W:7c N:1c -> N
4. N:2e E:9c S:3b W:8c -> E
5. E:5e S:Cb W:9e N:Re -> N
6. N:7e E:Rd S:9d W:3e -> S
7. S:Ce W:Vd N:Rc E:4b -> N
8. N:6c E:3c S:4c W:Vc -> E
9. E:6e S:3d W:6b N:Cc -> S
point NS
"""


def timed(command: list[str], env: dict[str, str] | None, cwd: str) -> tuple[float, float]:
    """(wall ms, CPU ms) of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", metavar="REV", help="also time this revision's code")
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp, contextlib_base(args.base, Path(temp)) as base:
        record = Path(temp) / "one.aln"
        record.write_text(ONE_DEAL, encoding="utf-8")
        sides = [Side("new", ROOT, describe_tree(ROOT))]
        if base is not None:
            sides.insert(0, base)
        commands: dict[str, tuple[list[str], dict[str, str] | None]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], None)
        }
        for side in sides:
            side.compile()
            name = f"{side.name}: validate one deal" if base is not None else "validate one deal"
            commands[name] = (side.command(["validate", str(record)]), side.env())
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                runs[name].append(timed(command, env, temp))
        for side in sides:
            print(f"{side.name}: {side.description}")
        print(f"{args.runs} runs of each, interleaved; medians (lowest-highest)")
        print()
        print("| command | wall ms | CPU ms |")
        print("|---|---|---|")
        for name, values in runs.items():
            wall = [w for w, _ in values]
            cpu = [c for _, c in values]
            print(
                f"| {name} | {statistics.median(wall):.0f} ({min(wall):.0f}-{max(wall):.0f}) |"
                f" {statistics.median(cpu):.0f} ({min(cpu):.0f}-{max(cpu):.0f}) |"
            )


def contextlib_base(rev: str | None, temp: Path):  # type: ignore[no-untyped-def]
    """The base revision's tree, or nothing."""
    import contextlib

    if rev is None:
        return contextlib.nullcontext(None)
    return base_tree(ROOT, rev, temp)


if __name__ == "__main__":
    main()
