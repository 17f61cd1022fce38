"""Is every cost linear?  Time per megabyte of hostile inputs, as they grow.

    python benchmarks/linear.py                          # modest sizes
    python benchmarks/linear.py --sizes 1,10,25,100      # the full run
    python benchmarks/linear.py --shapes line --sizes 1,10,25,100,500
    python benchmarks/linear.py --sizes 0.1,0.4 --quiet  # a smoke run

Three shapes of input, each written to a temporary file of the size asked
(in megabytes), then read by each command in a fresh process (output to
/dev/null):

- ``line``: one line of that size with no line end (``x`` repeated): the
  reader cuts it at its limit and skips the rest without holding it.
- ``broken-deals``: ``deal 1 dealer N zz`` over and over: every deal is a
  syntax error, explained, and ``stats`` lists it among the skipped deals.
- ``findings``: generated classic games whose trick claims are all wrong:
  one finding per trick.

If a cost were quadratic somewhere, time per MB would grow with the size;
linear costs keep it flat (it falls a little at first, as the fixed cost of
starting Python and building the grammar spreads over more bytes).  Broken
deals are slow to read (about a millisecond each), so their default sizes
are smaller.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tabulate import tabulate  # noqa: E402

COMMANDS = {
    "validate": ["validate"],
    "report": ["report", "--format", "json"],
    "stats": ["stats"],
    "convert": ["convert", "--to", "json"],
    "tables": ["report", "--format", "csv", "--level", "play"],
}
SHAPES = ("line", "broken-deals", "findings")
DEFAULT_SIZES = {"line": "1,10,25,100", "broken-deals": "0.1,0.5,1", "findings": "1,4"}
MB = 1 << 20


def write_line(path: Path, size: int) -> None:
    block = b"x" * MB
    with path.open("wb") as out:
        for _ in range(size // MB):
            out.write(block)
        out.write(b"x" * (size % MB))


def write_repeated(path: Path, unit: bytes, size: int) -> None:
    with path.open("wb") as out:
        written = 0
        while written < size:
            out.write(unit)
            written += len(unit)


def findings_unit() -> bytes:
    """Fifty generated games with every trick claim turned wrong."""
    from aluette_cli.generate import random_games
    from aluette_cli.rules import load_ruleset
    from aluette_cli.writers.aln import write_game

    text = "\n".join(write_game(g) for g in random_games(50, load_ruleset("classic"), 1))
    other = {"N": "E", "E": "S", "S": "W", "W": "N", "pourri": "N"}
    text = re.sub(r"-> (N|E|S|W|pourri)$", lambda m: "-> " + other[m.group(1)], text, flags=re.M)
    return (text + "\n").encode("utf-8")


def make(shape: str, size: int, folder: Path) -> Path:
    path = folder / f"{shape}-{size}.aln"
    if shape == "line":
        write_line(path, size)
    elif shape == "broken-deals":
        write_repeated(path, b"deal 1 dealer N zz\n", size)
    else:
        write_repeated(path, findings_unit(), size)
    return path


def timed(command: list[str], path: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "aluette_cli", *command, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        cwd=ROOT,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="sizes in MB, comma-separated (default: by shape)")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="which inputs")
    parser.add_argument("--commands", default=",".join(COMMANDS), help="which commands")
    parser.add_argument("--quiet", action="store_true", help="only the table")
    args = parser.parse_args()
    commands = [c for c in args.commands.split(",") if c]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for shape in [s for s in args.shapes.split(",") if s]:
            sizes = [float(s) for s in (args.sizes or DEFAULT_SIZES[shape]).split(",")]
            for megabytes in sizes:
                path = make(shape, int(megabytes * MB), Path(tmp))
                real = path.stat().st_size / MB
                row: list[object] = [shape, f"{real:.2f}"]
                for command in commands:
                    row.append(f"{timed(COMMANDS[command], path) / real:.3f}")
                    if not args.quiet:
                        print(f"{shape} {real:.2f} MB {command}: {row[-1]} s/MB", file=sys.stderr)
                rows.append(row)
                path.unlink()
    print("Time per MB (seconds), by input and command:\n")
    print(tabulate(rows, headers=["input", "MB", *commands], tablefmt="github"))


if __name__ == "__main__":
    main()
