"""The size of each JSON Lines form against the ALN it came from, and what
writing and reading each costs, in one run.

    python benchmarks/sizes.py                 # 10,000 deals
    python benchmarks/sizes.py --deals 2000    # smaller

The corpus is the one of run.py (finished classic games by the project's
generator, seed 1, with hands, seat-tagged tricks and claims), the same
corpus after ``annotate`` and written by hand (bare.py), and the other forms
the generator writes: cards-only tricks, ``winners:`` sheets, no hands,
team-five.  Each is converted by the command itself (``aluette convert``) to
the full JSON Lines form, the compact form and the compact form with
``--lossless``; the sizes are printed as multiples of the ALN's, plain and
gzipped.  Then, on the first corpus, the CPU seconds of each conversion and
of ``validate`` reading each output, side by side in this run, as ratios to
``validate`` on the ALN (CPU time, because the machine is shared).
"""

from __future__ import annotations

import argparse
import gzip
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bare import commented_corpora  # noqa: E402
from run import corpus, measure  # noqa: E402
from tabulate import tabulate  # noqa: E402

from aluette_cli.generate import random_game  # noqa: E402
from aluette_cli.rules import load_ruleset  # noqa: E402
from aluette_cli.writers.aln import write_game  # noqa: E402

TOOL = [sys.executable, "-m", "aluette_cli"]
FORMS = {
    "full": ["--to", "jsonl"],
    "compact": ["--to", "jsonl", "--compact"],
    "compact --lossless": ["--to", "jsonl", "--compact", "--lossless"],
}
#: the other forms of record: (name, ruleset, generator keywords)
OTHERS: list[tuple[str, str, dict[str, object]]] = [
    ("cards-only tricks", "classic", {"style": "cards"}),
    ("winners: sheets", "classic", {"sheet": True}),
    ("no hands", "classic", {"hands": False}),
    ("sheets without hands", "classic", {"sheet": True, "hands": False}),
    ("team-five", "team-five", {}),
]


def other_corpus(
    name: str, rules: str, kwargs: dict[str, object], deals: int, folder: Path
) -> Path:
    path = folder / f"sizes-{name.split()[0].rstrip(':')}-{deals}.aln"
    if path.exists():
        return path
    ruleset = load_ruleset(rules)
    rng = random.Random(1)
    written, index, texts = 0, 0, []
    while written < deals:
        index += 1
        game = random_game(index, ruleset, rng, **kwargs)  # type: ignore[arg-type]
        texts.append(write_game(game))
        written += len(game.deals)
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


def converted(path: Path, form: str, folder: Path) -> Path:
    """``path`` in ``form``, converted now (never a file left by an earlier run
    of other code): the corpora are reused, the outputs are not."""
    target = folder / f"{path.stem}.{form.replace(' --', '-')}.jsonl"
    if not target.exists():
        command = [*TOOL, "convert", str(path), *FORMS[form], "-o", str(target)]
        subprocess.run(command, cwd=ROOT, check=True)
    return target


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def sizes(corpora: list[tuple[str, Path]], out: Path) -> None:
    rows, zipped = [], []
    for name, path in corpora:
        aln, aln_gz = path.stat().st_size, gz(path)
        outputs = [converted(path, form, out) for form in FORMS]
        rows.append([name, f"{aln:,}", *(f"{o.stat().st_size / aln:.2f}x" for o in outputs)])
        zipped.append([name, f"{aln_gz:,}", *(f"{gz(o) / aln_gz:.2f}x" for o in outputs)])
    header = ["corpus", "ALN bytes", *(f"jsonl {form}" for form in FORMS)]
    print("Size, as a multiple of the ALN's:\n")
    print(tabulate(rows, header, tablefmt="github", disable_numparse=True))
    print("\nGzipped (level 6), as a multiple of the gzipped ALN's:\n")
    print(
        tabulate(
            zipped,
            ["corpus", "ALN.gz bytes", *header[2:]],
            tablefmt="github",
            disable_numparse=True,
        )
    )


def costs(path: Path, repeat: int, out: Path) -> None:
    tasks = [("validate the ALN", [*TOOL, "validate", str(path)])]
    for form in FORMS:
        target = converted(path, form, out)
        tasks.append(
            (
                f"convert {' '.join(FORMS[form][2:]) or '(full)'}",
                [*TOOL, "convert", str(path), *FORMS[form], "-o", "/dev/null"],
            )
        )
        tasks.append((f"validate the jsonl, {form}", [*TOOL, "validate", str(target)]))
    cpu: dict[str, list[float]] = {name: [] for name, _ in tasks}
    for k in range(repeat):
        for name, command in tasks if k % 2 == 0 else tasks[::-1]:
            print(f"run {k + 1}: {name} ...", file=sys.stderr, flush=True)
            _, seconds, _, status = measure(command)
            if status not in (0, 1):
                raise SystemExit(f"{name} ended with status {status}")
            cpu[name].append(seconds)
    base = min(cpu["validate the ALN"])
    rows = [[name, f"{min(s):.2f}", f"{min(s) / base:.2f}"] for name, s in cpu.items()]
    print(
        f"\nCPU seconds on {path.name} (best of {repeat}), and the ratio to validating the ALN:\n"
    )
    print(tabulate(rows, ["task", "CPU s", "ratio"], tablefmt="github", disable_numparse=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    args = parser.parse_args()
    folder: Path = args.corpora
    folder.mkdir(parents=True, exist_ok=True)
    path, count = corpus(args.deals, folder)
    annotated, handed = commented_corpora(path, args.deals, folder)
    corpora = [
        (f"generated, classic ({count:,} deals)", path),
        ("the same, annotated", annotated),
        ("the same, written by hand", handed),
        *((name, other_corpus(name, rules, kw, args.deals, folder)) for name, rules, kw in OTHERS),
    ]
    with tempfile.TemporaryDirectory() as out:
        sizes(corpora, Path(out))
        costs(path, args.repeat, Path(out))


if __name__ == "__main__":
    main()
