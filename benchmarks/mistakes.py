"""How well the reader recovers: findings to act on for each one-line mistake.

    python benchmarks/mistakes.py                      # 2 games a form, moves of 1 to 3 lines
    python benchmarks/mistakes.py --games 4 --shift 5 --worst 20
    python benchmarks/mistakes.py --typos 400        # and 400 typed slips a game

A scorer's slip should cost one finding (docs/violations.md, "One mistake,
one finding"): a line typed twice, left out, or written a few lines from its
place; or a key slipped inside a line (``--typos``): a character left
out, typed twice, two swapped, or another typed in its place.  This makes
every such line slip, one at a time, in games of every record
form the generator writes (trick lines with seats, cards only, a ``winners:``
sheet; with and without hands; with and without claims), and counts the
findings a person must act on (errors and warnings not marked as following
from another).  A slip that changes nothing the notation cares about (a
blank line moved) gives none.

The table gives, for each kind of slip, how many gave 0, 1, 2, 3, 4 to 5
and 6 or more findings; then the worst slips, with the line they moved.
It measures the reader and the engine together, in one process, with the
package as installed; it prints counts, not times.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import chain
from pathlib import Path

from tabulate import tabulate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aluette_cli.api import loads  # noqa: E402

FORMS = [
    ("seats",),
    ("cards",),
    ("sheet",),
    ("seats", "no hands"),
    ("cards", "no hands"),
    ("sheet", "no hands"),
    ("seats", "no claims"),
    ("cards", "no claims"),
]
BUCKETS = ("0", "1", "2", "3", "4-5", "6+")


def _bucket(n: int) -> str:
    return str(n) if n <= 3 else "4-5" if n <= 5 else "6+"


def slips(lines: list[str], shift: int) -> Iterator[tuple[str, int, list[str]]]:
    """Every one-line slip of ``lines``: (kind, the line's index, the lines after it)."""
    for k in range(len(lines)):
        for by in range(-shift, shift + 1):
            if by and 0 <= k + by < len(lines):
                moved = lines[:k] + lines[k + 1 :]
                moved.insert(k + by, lines[k])
                yield f"moved {'down' if by > 0 else 'up'}", k, moved
        yield "left out", k, lines[:k] + lines[k + 1 :]
        yield "typed twice", k, lines[: k + 1] + lines[k:]


#: What a slipped key types instead: the notation's own characters, and
#: those beside them on a keyboard.
KEYS = "0123456789bcdeRCVNESWx:.-> \t"
TYPOS = (
    "a character left out",
    "a character typed twice",
    "two characters swapped",
    "a character mistyped",
)


def typos(lines: list[str], count: int, seed: int) -> Iterator[tuple[str, int, list[str]]]:
    """``count`` slips of a key, each in one line of ``lines``, drawn with
    ``seed``: (kind, the line's index, the lines after it)."""
    draw = random.Random(seed)
    written = [k for k, line in enumerate(lines) if line.strip()]
    for _ in range(count):
        k = draw.choice(written)
        line = lines[k]
        at = draw.randrange(len(line))
        kind = draw.choice(TYPOS)
        if kind == TYPOS[0]:
            slipped = line[:at] + line[at + 1 :]
        elif kind == TYPOS[1]:
            slipped = line[: at + 1] + line[at:]
        elif kind == TYPOS[2] and at + 1 < len(line):
            slipped = line[:at] + line[at + 1] + line[at] + line[at + 2 :]
        else:
            kind = TYPOS[3]
            slipped = line[:at] + draw.choice(KEYS.replace(line[at], "")) + line[at + 1 :]
        yield kind, k, [*lines[:k], slipped, *lines[k + 1 :]]


def generated(seed: int, form: tuple[str, ...]) -> str:
    """A game of ``form`` as ``aluette generate`` writes it."""
    flags = [f"--{flag.replace(' ', '-')}" for flag in form[1:]]
    command = [sys.executable, "-m", "aluette_cli", "generate", "--seed", str(seed)]
    return subprocess.run(
        [*command, "--style", form[0], *flags], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


def to_act_on(text: str) -> int:
    return sum(1 for game in loads(text) for f in game.outcome.findings if f.consequence_of is None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=2, help="games of each form (seeds 0, 1, ...)")
    parser.add_argument("--shift", type=int, default=3, help="the farthest a line is moved")
    parser.add_argument("--typos", type=int, default=0, help="typed slips a game, at random")
    parser.add_argument("--worst", type=int, default=10, help="how many of the worst to list")
    parser.add_argument(
        "--form",
        action="append",
        choices=[", ".join(form) for form in FORMS],
        help="only this form (repeatable; all by default)",
    )
    args = parser.parse_args()
    forms = [form for form in FORMS if not args.form or ", ".join(form) in args.form]

    table: dict[str, Counter[str]] = {}
    worst: list[tuple[int, str, str, str]] = []
    for seed in range(args.games):
        for form in forms:
            lines = generated(seed, form).split("\n")
            made = chain(slips(lines, args.shift), typos(lines, args.typos, seed))
            for kind, k, changed in made:
                found = to_act_on("\n".join(changed))
                table.setdefault(kind, Counter())[_bucket(found)] += 1
                slip = f"seed {seed}, {kind}"
                worst.append(
                    (
                        found,
                        ", ".join(form),
                        slip,
                        repr((changed if kind in TYPOS else lines)[k][:40]),
                    )
                )
    rows = [
        [kind, *(counts[b] for b in BUCKETS), sum(counts.values())]
        for kind, counts in sorted(table.items())
    ]
    total = sum(table.values(), Counter())
    rows.append(["all", *(total[b] for b in BUCKETS), sum(total.values())])
    print(f"{args.games} game(s) of each of {len(forms)} forms; lines moved 1 to {args.shift}")
    print(tabulate(rows, headers=["slip", *BUCKETS, "slips"], tablefmt="github"))
    print()
    worst.sort(key=lambda row: -row[0])
    print(tabulate(worst[: args.worst], headers=["findings", "form", "slip", "line"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
