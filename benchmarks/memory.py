"""Peak memory of every command that reads records: against the goal, and as files grow.

    python benchmarks/memory.py                          # every input form, full size
    python benchmarks/memory.py --scale 0.01             # the same forms, a hundredth
    python benchmarks/memory.py --forms line,json --only validate
    python benchmarks/memory.py --sizes 100000,1000000   # growth: two corpus sizes

Every command reads a file game by game, so its memory should neither
pass the goal (100 MiB) nor grow with the file.  Each command runs in a
fresh process and the resident memory of its whole process tree is sampled
every 10 ms (``validate -j 2`` has a parent and two workers).

The forms table (``--scale``, the default) runs validate, report (text and
JSON), convert (to JSON and to ALN), annotate, ``fmt --check`` and stats on
each form of input a user has reported: one 100 MB line, a 20,000-deal JSON
document, and a 300 MB file as ALN, as a JSON document and as JSON Lines,
one 200 MB JSON Lines line, the 300 MB of ALN as one game, and 300 MB of
another tool's JSON Lines (no row a record's); ``--scale`` multiplies every size.  A
command that does not read a form (annotate and fmt read ALN only) is
``-``; a peak over the goal is marked.

The growth table (``--sizes``) runs the commands on the generated corpora of
``run.py`` (seed 1, classic games with hands, seat-tagged tricks and
claims) at each size and prints the ratio of the largest size's peak to the
smallest's: flat memory is a ratio near 1.  CPU seconds are printed too,
for scale only: they are not what this measures.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
from collections.abc import Callable
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


#: The goal for every command on every form, in MiB.
GOAL = 100
MB = 1_000_000
#: Bytes of ALN, and of the full JSON form, per generated deal (about: the
#: corpora are cut at whole games).
ALN_PER_DEAL = 457
JSON_PER_DEAL = 5200


def form_commands(path: Path) -> list[tuple[str, list[str] | None]]:
    """Each command of the forms table on ``path`` (None: it does not read that form)."""
    tool = [sys.executable, "-m", "aluette_cli"]
    p = str(path)
    aln = path.suffix == ".aln"
    return [
        ("validate", [*tool, "validate", p]),
        ("report", [*tool, "report", p]),
        ("report --format json", [*tool, "report", "--format", "json", p]),
        ("convert --to json", [*tool, "convert", p, "--to", "json"]),
        ("convert --to aln", [*tool, "convert", p, "--to", "aln"]),
        ("annotate", [*tool, "annotate", p] if aln else None),
        ("fmt --check", [*tool, "fmt", "--check", p] if aln else None),
        ("stats", [*tool, "stats", p]),
    ]


def _write_repeated(path: Path, head: bytes, fill: bytes, size: int, tail: bytes) -> Path:
    """A file of ``size`` bytes or so: ``head``, ``fill`` repeated, ``tail``
    (written in blocks, never held)."""
    if path.exists():
        return path
    block = fill * ((1 << 20) // len(fill))
    left = max(0, size - len(head) - len(tail))
    with open(path, "wb") as out:
        out.write(head)
        while left > 0:
            out.write(block[:left])
            left -= len(block)
        out.write(tail)
    return path


def _one_game(source: Path, target: Path) -> Path:
    """The deals of ``source`` under its first tag section only: one game of
    them all (written a line at a time, never held), whose deals past the
    most a game may hold the reader skips."""
    if not target.exists():
        with open(source, "rb") as lines, open(target, "wb") as out:
            dealt = False
            for line in lines:
                if line.startswith(b"[") and dealt:
                    continue
                dealt = dealt or line.startswith(b"deal ")
                out.write(line)
    return target


def _converted(source: Path, to: str, target: Path) -> Path:
    if not target.exists():
        tool = [sys.executable, "-m", "aluette_cli", "convert", str(source), "--to", to]
        subprocess.run([*tool, "-o", str(target)], check=True, cwd=HERE.parent)
    return target


#: The forms of input, by the short name ``--forms`` takes.
FORMS = ("line", "json", "aln", "json-big", "jsonl", "row", "game", "log")


def forms(scale: float, folder: Path, chosen: tuple[str, ...] = FORMS) -> list[tuple[str, Path]]:
    """Each chosen form of input the table measures, made once in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)

    def deals(size: float, per_deal: int) -> Path:
        return corpus(max(1, int(size / per_deal)), folder)[0]

    line = int(100 * MB * scale)
    big = int(300 * MB * scale)
    row = int(200 * MB * scale)
    json_deals = max(1, int(20_000 * scale))
    head = b'{"format": "aluette-record", "version": 1, "game": {"index": 1}, "deal": "'
    makers: dict[str, tuple[str, Callable[[], Path]]] = {
        "line": (
            f"one {line / MB:g} MB line",
            lambda: _write_repeated(
                folder / f"line-{line}.aln", b"{ ", b"a long comment ", line, b"}\n"
            ),
        ),
        "json": (
            f"JSON, {json_deals:,} deals",
            lambda: _converted(
                corpus(json_deals, folder)[0], "json", folder / f"deals-{json_deals}.json"
            ),
        ),
        "aln": (f"ALN, {big / MB:g} MB", lambda: deals(big, ALN_PER_DEAL)),
        "json-big": (
            f"JSON, {big / MB:g} MB",
            lambda: _converted(deals(big, JSON_PER_DEAL), "json", folder / f"big-{big}.json"),
        ),
        "jsonl": (
            f"JSON Lines, {big / MB:g} MB",
            lambda: _converted(deals(big, JSON_PER_DEAL), "jsonl", folder / f"big-{big}.jsonl"),
        ),
        "row": (
            f"one {row / MB:g} MB JSON Lines line",
            lambda: _write_repeated(folder / f"row-{row}.jsonl", head, b"x", row, b'"}\n'),
        ),
        "game": (
            f"one game, ALN, {big / MB:g} MB",
            lambda: _one_game(deals(big, ALN_PER_DEAL), folder / f"game-{big}.aln"),
        ),
        # another tool's JSON Lines read by mistake: every row a finding
        "log": (
            f"no record, JSON Lines, {big / MB:g} MB",
            lambda: _write_repeated(
                folder / f"log-{big}.jsonl", b"", b'{"ts": 1, "msg": "request served"}\n', big, b""
            ),
        ),
    }
    return [(makers[key][0], makers[key][1]()) for key in chosen]


def forms_table(scale: float, folder: Path, only: str, chosen: tuple[str, ...]) -> None:
    made = forms(scale, folder, chosen)
    rows = []
    over = 0
    for k, (name, _) in enumerate(form_commands(made[0][1])):
        if not name.startswith(only):
            continue
        cells = []
        for form, path in made:
            command = form_commands(path)[k][1]
            if command is None:
                cells.append("-")
                continue
            print(f"{name}: {form} ...", file=sys.stderr, flush=True)
            try:
                peak = measure(command)[2]
            except SystemExit as exc:  # an exit status other than 0 or 1: said, not measured
                cells.append(f"failed: {exc}"[:40])
                over += 1
                continue
            over += peak >= GOAL
            cells.append(f"{peak:.0f}" + (" (over)" if peak >= GOAL else ""))
        rows.append([name, *cells])
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()};"
        f" peak resident MiB of the whole process tree, sampled every 10 ms;"
        f" goal: under {GOAL} MiB"
    )
    print(tabulate(rows, ["command", *(form for form, _ in made)], tablefmt="github"))
    print(f"{over} peaks at or over the goal of {GOAL} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, help="the forms table, every size times this")
    parser.add_argument(
        "--forms", default=",".join(FORMS), help=f"the forms to run, of {', '.join(FORMS)}"
    )
    parser.add_argument("--sizes", help="the growth table: deal counts, comma-separated")
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    parser.add_argument("--only", default="", help="run only the commands whose name starts so")
    args = parser.parse_args()
    if args.scale is not None or args.sizes is None:
        chosen = tuple(args.forms.split(","))
        forms_table(1.0 if args.scale is None else args.scale, args.corpora, args.only, chosen)
    if args.sizes is not None:
        growth_table([int(s) for s in args.sizes.split(",")], args.corpora, args.only)


def growth_table(sizes: list[int], folder: Path, only: str) -> None:
    paths = []
    for size in sizes:
        path, deals = corpus(size, folder)
        paths.append((path, deals))
    rows = []
    for k, (name, _) in enumerate(commands(paths[0][0])):
        if not name.startswith(only):
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
