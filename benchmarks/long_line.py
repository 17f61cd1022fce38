"""Peak memory of the commands that read records, on one very long line.

    python benchmarks/long_line.py              # one line of 100 MB
    python benchmarks/long_line.py --mb 20      # a smoke run

Every reader cuts a line at the reader's limit (``reading.decode.MAX_LINE_BYTES``)
and reports the rest as skipped, so its memory should not grow with the
line.  ``annotate`` writes the line back whole, so it puts the rest aside on
disk instead of holding it.  Each command runs in a fresh process on the
same file; the table gives its peak MiB and its ratio to ``validate``'s, in
the same run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bare import measure  # noqa: E402
from tabulate import tabulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=100, help="the line's length in MB")
    args = parser.parse_args()
    tool = [sys.executable, "-m", "aluette_cli"]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.aln"
        with path.open("wb") as f:
            f.write(b'[Event "One long line"]\n\ndeal 1 dealer N\n{')
            for _ in range(args.mb):
                f.write(b"x" * 1_000_000)
            f.write(b"}\npoint NS\n")
        out = str(Path(folder) / "out.aln")
        commands = [
            ("validate", [*tool, "validate", str(path)]),
            ("report", [*tool, "report", str(path)]),
            ("report --format json", [*tool, "report", "--format", "json", str(path)]),
            ("annotate", [*tool, "annotate", str(path), "-o", out]),
        ]
        rows = []
        base = None
        for name, command in commands:
            print(f"{name} ...", file=sys.stderr, flush=True)
            _, cpu, peak = measure(command)
            base = base or peak
            rows.append([name, f"{peak:.0f}", f"{peak / base:.2f}", f"{cpu:.1f}"])
    print(f"one line of {args.mb} MB; peak resident MiB of the process tree, sampled every 10 ms")
    print(tabulate(rows, ["command", "peak MiB", "/ validate", "CPU s"], tablefmt="github"))


if __name__ == "__main__":
    main()
