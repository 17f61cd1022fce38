"""What placing the findings of a JSON record in its own file costs `validate`.

    python benchmarks/json_places.py --base main                # 20,000 deals, 3 runs
    python benchmarks/json_places.py --base main --deals 2000 --repeat 5

A finding about a record read from JSON names its place in the JSON file
(docs/formats.md, "Where the findings of JSON point"): a game with findings
is read again and its deals with findings placed value by value.  A clean
game is not.  So the cost shows only on a record with findings, and this
runs ``validate`` on two JSON documents of the same generated corpus
(``run.py``'s, seed 1): as ``convert`` writes it (clean), and with every
``NS`` point claim turned to ``EW`` (about half the deals claim the wrong
team, so every game has a finding).  The base revision's code and the
working tree's run alternately on the same files; the table gives the
CPU seconds of each and the ratio of their medians, new/old.  Memory is
``memory.py``'s to measure (``--forms json``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from revisions import GitError, Side, base_tree, check_side, describe_tree  # noqa: E402
from run import ROOT, corpus, measure  # noqa: E402
from tabulate import tabulate  # noqa: E402

#: The claim turned around in the messy document: every deal NS won.
RIGHT, WRONG = b'"point": {"side": "NS"', b'"point": {"side": "EW"'


def documents(deals: int, folder: Path) -> dict[str, Path]:
    """The clean document of a corpus of ``deals`` deals, and the messy one."""
    aln, _ = corpus(deals, folder)
    clean = folder / f"places-{deals}.json"
    messy = folder / f"places-{deals}-messy.json"
    if not clean.exists():
        tool = [sys.executable, "-m", "aluette_cli", "convert", str(aln), "--to", "json"]
        subprocess.run([*tool, "-o", str(clean)], check=True, cwd=ROOT)
    if not messy.exists():
        with open(clean, "rb") as source, open(messy, "wb") as out:
            for line in source:  # a game a line: this process stays small
                out.write(line.replace(RIGHT, WRONG))
    return {"clean": clean, "messy (every game has a finding)": messy}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the revision to compare with")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    args = parser.parse_args()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as temp, base_tree(ROOT, args.base, Path(temp)) as base:
            new = Side("new", ROOT, describe_tree(ROOT))
            for side in (base, new):
                check_side(side)
                side.compile()
            for name, path in documents(args.deals, args.corpora).items():
                cpu: dict[str, list[float]] = {"base": [], "new": []}
                for k in range(args.repeat):
                    for side in (base, new) if k % 2 == 0 else (new, base):
                        print(f"{name}: {side.name}, run {k + 1} ...", file=sys.stderr, flush=True)
                        command = side.command(["validate", str(path)])
                        _, seconds, _, _ = measure(command, cwd=Path(temp), env=side.env())
                        cpu[side.name].append(seconds)
                base_cpu, new_cpu = (statistics.median(cpu[s]) for s in ("base", "new"))
                ratio = f"{new_cpu / base_cpu:.2f}"
                rows.append([name, f"{base_cpu:.2f}", f"{new_cpu:.2f}", ratio])
            print(f"base: {base.description}")
            print(f"new:  {new.description}")
    except (GitError, RuntimeError) as exc:
        raise SystemExit(f"json_places.py: {exc}") from exc
    print(f"validate on a {args.deals:,}-deal JSON document; {args.repeat} runs of each side")
    head = ["document", "base CPU s", "new CPU s", "new/old"]
    print(tabulate(rows, head, tablefmt="github", disable_numparse=True))


if __name__ == "__main__":
    main()
