"""Instructions, not seconds: a base revision's code and the working tree's,
and the bare checker, counted by valgrind's callgrind on the same corpora.

    python benchmarks/instructions.py --base HEAD            # 2,000 deals
    python benchmarks/instructions.py --base main --deals 5000

On a shared machine CPU seconds move by a tenth from one run to the next,
more than many changes gain.  The number of instructions a run executes
does not depend on what else the machine is doing: the same code on the
same input gives the same count, so a change of a few percent shows.  It
is no stand-in for time (a cache miss costs more than an instruction), so
``run.py`` and ``bare.py bench`` still give the figures that count; this
says which way a change went, and how far, when those cannot.

Each task runs once for each side, under ``valgrind --tool=callgrind``
(about fifty times slower than a plain run), with a fixed hash seed.  The
counts include start-up, the same on both sides.  It needs valgrind
(Debian's ``valgrind`` package).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tabulate import tabulate

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bare import other_corpora  # noqa: E402
from revisions import GitError, Side, base_tree, check_side, describe_tree  # noqa: E402
from run import MORE_SIDE_BY_SIDE, SIDE_BY_SIDE, corpus  # noqa: E402

_COLLECTED = re.compile(rb"Collected : (\d+)")


def instructions(command: list[str], env: dict[str, str] | None, cwd: Path) -> int:
    """The instructions one run of ``command`` executes, start-up included."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}/callgrind.out",
                *command,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            check=False,
        )
    found = _COLLECTED.search(done.stderr)
    if done.returncode not in (0, 1) or found is None:
        raise SystemExit(
            f"{' '.join(command)} failed ({done.returncode}):\n"
            + done.stderr.decode(errors="replace")[-2000:]
        )
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="git revision to compare against")
    parser.add_argument("--deals", type=int, default=2000, help="corpus size (default 2000)")
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    args = parser.parse_args()
    path, deals = corpus(args.deals, args.corpora)
    files = {"{file}": str(path), **other_corpora(path, args.deals, args.corpora)}
    bare = instructions([sys.executable, str(HERE / "bare.py"), str(path)], None, ROOT)
    rows = [["bare checker", "", f"{bare:,}", "", "100%"]]
    try:
        with tempfile.TemporaryDirectory() as temp, base_tree(ROOT, args.base, Path(temp)) as base:
            new = Side("new", ROOT, describe_tree(ROOT))
            for side in (base, new):
                check_side(side)
                side.compile()
            for task, template in SIDE_BY_SIDE + MORE_SIDE_BY_SIDE:
                argv = [files.get(a, a) for a in template]
                old = instructions(base.command(argv), base.env(), Path(temp))
                now = instructions(new.command(argv), new.env(), Path(temp))
                share = f"{bare / now:.0%}" if "{file}" in template else ""
                rows.append([task, f"{old:,}", f"{now:,}", f"{now / old:.3f}", share])
            print(f"base: {base.description}")
            print(f"new:  {new.description}")
    except (GitError, RuntimeError) as exc:
        raise SystemExit(f"instructions.py: {exc}") from exc
    print(f"{deals:,} deals; instructions of one run each (callgrind), start-up included")
    print()
    print(
        tabulate(
            rows,
            headers=["task", "base", "new", "new/old", "bare/new"],
            tablefmt="github",
            disable_numparse=True,
        )
    )


if __name__ == "__main__":
    main()
