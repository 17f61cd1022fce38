"""Does writing many files into one folder cost linear time?

    python benchmarks/many_files.py                    # 250 and 1,000 files
    python benchmarks/many_files.py --files 500,2000,8000
    python benchmarks/many_files.py --tree /tmp/old   # another revision's aluette_cli/

For each count N, writes N small records (one deal each, with an extra
blank line for ``fmt`` to remove) into one folder, then times ``aluette
fmt FOLDER`` in a fresh process, which rewrites every file.  All counts
run side by side in one run, and the table gives the time per file and its
ratio to the smallest count's: a flat ratio is a linear cost, a ratio that
grows with N a cost per file that grows with the folder (a folder listed
again for every file written made it quadratic).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tabulate import tabulate  # noqa: E402

RECORD = '[Event "One deal"]\n\n\ndeal 1 dealer N\npoint NS\n'


def time_fmt(count: int, work: Path, tree: str | None) -> float:
    folder = work / f"n{count}"
    folder.mkdir()
    for n in range(count):
        (folder / f"r{n:06}.aln").write_text(RECORD, encoding="utf-8")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "aluette_cli", "fmt", str(folder)],
        check=True,
        capture_output=True,
        cwd=tree,  # python -m finds the package in the current folder first
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", default="250,1000", help="comma-separated file counts")
    parser.add_argument("--tree", help="a folder holding another revision's aluette_cli/")
    args = parser.parse_args()
    counts = sorted(int(n) for n in args.files.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        seconds = {count: time_fmt(count, Path(tmp), args.tree) for count in counts}
    first = seconds[counts[0]] / counts[0]
    rows = [
        [
            count,
            f"{seconds[count]:.2f}",
            f"{1000 * seconds[count] / count:.2f}",
            f"{seconds[count] / count / first:.2f}",
        ]
        for count in counts
    ]
    print(tabulate(rows, headers=["files", "fmt s", "ms per file", "ratio per file"]))


if __name__ == "__main__":
    main()
