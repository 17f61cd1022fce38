"""Prove that the working tree's code prints exactly what a base revision prints.

    python benchmarks/same_output.py                   # working tree against main
    python benchmarks/same_output.py --base v0.1       # against any revision
    python benchmarks/same_output.py --quick --base HEAD   # a small run (the tests do this)

A change to the engine that is meant to change no output must pass this:
every command below, on every input below, gives the same standard output,
the same standard error and the same exit status, byte for byte, with the
base revision's code and with the working tree's code.

The base revision is checked out in a temporary ``git worktree`` (removed
afterwards, also on an error or Ctrl-C).  Neither side is installed: each
runs with ``PYTHONPATH`` set to its own tree (see ``revisions.py``), from
the same input directory, with the same environment.

Inputs:

- every ``samples/*.aln`` of the working tree (with the ruleset file that
  ``house-rules-game.aln`` names beside it);
- corpora written by the base revision's ``aluette generate``: a classic
  corpus of at least 20,000 deals, and smaller ones for each preset, each
  optional rule, each trick-line style (seats, cards only, ``winners:``
  sheets), the ``ties`` play policy, and records without hands or claims;
- copies of the large corpus and of a mix of the smaller ones with a few
  hundred seeded random edits (a card changed, a line removed, a claim
  changed), so that findings and syntax errors are compared too, not only
  clean replays.

Commands: ``validate --format json``, ``validate``, ``report --format
json``, ``report``, ``stats --format json``, ``convert --to json``,
``convert --to aln`` and ``annotate``.

The table has one row per command and input: ``same``, or ``DIFFERENT``
with the first line that differs.  Exit status 0: all the same; 1: some
output differs; 2: the comparison could not be made.
"""

from __future__ import annotations

import argparse
import contextlib
import filecmp
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from revisions import GitError, Side, base_tree, check_side, describe_tree  # noqa: E402
from tabulate import tabulate  # noqa: E402

FILE = "{file}"

#: (name in the table, arguments of ``aluette``, FILE standing for the input)
COMMANDS: list[tuple[str, list[str]]] = [
    ("validate --format json", ["validate", "--format", "json", FILE]),
    ("validate", ["validate", FILE]),
    ("report --format json", ["report", "--format", "json", FILE]),
    ("report", ["report", FILE]),
    ("stats --format json", ["stats", "--format", "json", FILE]),
    ("convert --to json", ["convert", FILE, "--to", "json"]),
    ("convert --to aln", ["convert", FILE, "--to", "aln"]),
    ("annotate", ["annotate", FILE]),
]


@dataclass(frozen=True)
class Corpus:
    """An input made for the comparison.

    Either generated: the concatenation of one ``aluette generate`` run per
    entry of ``parts`` (the first part grown until the file holds ``deals``
    deals, if given); or a mutated copy of the corpora named in ``mutate``,
    with ``edits`` random edits from ``seed``.  A corpus made only to be
    mutated has ``compared`` False, which saves its runs where time counts.
    """

    name: str
    parts: tuple[tuple[str, ...], ...] = ()
    deals: int = 0
    mutate: tuple[str, ...] = ()
    edits: int = 0
    seed: int = 1
    compared: bool = True


def _gen(name: str, *args: str, games: int = 30, seed: int = 1) -> Corpus:
    return Corpus(name, ((*args, "--games", str(games), "--seed", str(seed)),))


FULL: list[Corpus] = [
    Corpus("classic-20k", (("--rules", "classic", "--seed", "1"),), deals=20_000),
    _gen("classic", "--rules", "classic", seed=11),
    _gen("to-five-points", "--rules", "to-five-points", seed=12),
    _gen("team-five", "--rules", "team-five", seed=13),
    _gen("option-chanter", "--options", "chanter", seed=14),
    _gen("option-mordienne", "--options", "mordienne", seed=15),
    _gen("option-signals", "--options", "signals", seed=16),
    _gen(
        "to-five-points-all-options",
        *("--rules", "to-five-points", "--options", "chanter,mordienne,signals"),
        seed=17,
    ),
    _gen("team-five-all-options", "--rules", "team-five", "--options", "chanter,signals", seed=18),
    _gen("style-cards", "--style", "cards", seed=19),
    _gen("style-sheet", "--style", "sheet", seed=20),
    _gen("policy-ties", "--policy", "ties", seed=21),
    _gen("team-five-ties-cards", "--rules", "team-five", "--policy", "ties", "--style", "cards"),
    _gen(
        "to-five-points-ties-sheet",
        "--rules",
        "to-five-points",
        "--policy",
        "ties",
        "--style",
        "sheet",
        seed=22,
    ),
    _gen("no-hands", "--no-hands", seed=23),
    _gen("no-claims", "--no-claims", seed=24),
    Corpus("classic-20k-mutated", mutate=("classic-20k",), edits=300, seed=1),
    Corpus(
        "variants-mutated",
        mutate=(
            "team-five",
            "to-five-points-all-options",
            "style-cards",
            "style-sheet",
            "team-five-ties-cards",
            "to-five-points-ties-sheet",
        ),
        edits=150,
        seed=2,
    ),
]

QUICK: list[Corpus] = [
    Corpus(
        "quick-mix",
        (
            ("--rules", "classic", "--policy", "ties", "--games", "2", "--seed", "7"),
            ("--rules", "team-five", "--style", "cards", "--options", "signals", "--games", "1"),
            ("--rules", "to-five-points", "--style", "sheet", "--games", "1", "--seed", "3"),
        ),
        compared=False,
    ),
    Corpus("quick-mix-mutated", mutate=("quick-mix",), edits=15, seed=1),
]

#: The samples a quick run reads: the one that produces every finding code.
QUICK_SAMPLES = ("violations.aln",)


# --------------------------------------------------------------------------
# Random edits


_CARD = re.compile(r"(?<![A-Za-z0-9_-])[1-9VCR][dcbe](?![A-Za-z0-9_-])")
_DECK = [rank + suit for suit in "dcbe" for rank in "123456789VCR"]
_CLAIM = re.compile(r"(->\s*)([NESW]|pourri)(?![A-Za-z0-9_-])")
_RESULT = re.compile(r'^\[Result "(NS|EW|draw)')


def _change_card(line: str, rng: random.Random) -> str:
    match = rng.choice(list(_CARD.finditer(line)))
    card = rng.choice([c for c in _DECK if c != match.group()])
    return line[: match.start()] + card + line[match.end() :]


def _change_claim(line: str, rng: random.Random) -> str:
    def other(value: str, choices: list[str]) -> str:
        return rng.choice([c for c in choices if c != value])

    if match := _CLAIM.search(line):
        new = other(match.group(2), ["N", "E", "S", "W", "pourri"])
        return line[: match.start(2)] + new + line[match.end(2) :]
    words = line.split(" ")
    if words[0] == "point":
        words[1] = other(words[1], ["NS", "EW", "N", "E", "S", "W", "none"])
        return " ".join(words)
    if words[0] == "winners:":
        k = rng.randrange(1, len(words))
        words[k] = other(words[k], ["N", "E", "S", "W", "-"])
        return " ".join(words)
    if match := _RESULT.match(line):
        new = other(match.group(1), ["NS", "EW", "draw"])
        return line[: match.start(1)] + new + line[match.end(1) :]
    raise AssertionError(f"not a claim line: {line!r}")


def _is_claim(line: str) -> bool:
    return bool(
        _CLAIM.search(line) or line.startswith(("point ", "winners: ")) or _RESULT.match(line)
    )


def mutate(lines: list[str], edits: int, seed: int) -> tuple[list[str], list[str]]:
    """``lines`` with ``edits`` random edits, each on its own line, and a log.

    Three kinds, in equal numbers on average: a card replaced by another
    card (duplicates, wrong tricks, wrong winners), a line removed (missing
    hands, tricks, tags), a claim changed (trick winner, point line,
    ``winners:`` entry, ``Result`` tag).  The same seed gives the same edits.
    """
    rng = random.Random(seed)
    lines = list(lines)
    candidates: dict[str, list[int]] = {
        "card": [i for i, t in enumerate(lines) if not t.startswith("[") and _CARD.search(t)],
        "line": [i for i, t in enumerate(lines) if t.strip()],
        "claim": [i for i, t in enumerate(lines) if _is_claim(t)],
    }
    changes: dict[str, Callable[[str, random.Random], str]] = {
        "card": _change_card,
        "line": lambda _line, _rng: "",
        "claim": _change_claim,
    }
    touched: set[int] = set()
    log = []
    removed = set()
    while len(log) < edits:
        kind = rng.choice(sorted(candidates))
        free = [i for i in candidates[kind] if i not in touched]
        if not free:
            if not any(i not in touched for c in candidates.values() for i in c):
                break
            continue
        i = rng.choice(free)
        touched.add(i)
        before = lines[i]
        lines[i] = changes[kind](before, rng)
        if kind == "line":
            removed.add(i)
        log.append(f"line {i + 1}: {kind}: {before!r} -> {lines[i] if kind != 'line' else None!r}")
    return [t for i, t in enumerate(lines) if i not in removed], log


# --------------------------------------------------------------------------
# Running both sides


@dataclass
class Runner:
    """Starts processes in ``cwd`` and can stop all of them at once."""

    cwd: Path
    running: set[subprocess.Popen[bytes]] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stopping: bool = False

    def run(self, side: Side, args: list[str], stdout: Path, stderr: Path) -> int:
        """Run ``aluette ARGS`` with ``side``'s code; its exit status."""
        with open(stdout, "wb") as out, open(stderr, "wb") as err:
            with self.lock:
                if self.stopping:
                    raise RuntimeError("stopped")
                proc = subprocess.Popen(
                    side.command(args),
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=err,
                    cwd=self.cwd,
                    env=side.env(),
                )
                self.running.add(proc)
            try:
                return proc.wait()
            finally:
                with self.lock:
                    self.running.discard(proc)

    def stop(self) -> None:
        """Kill every process still running and refuse to start more."""
        with self.lock:
            self.stopping = True
            for proc in self.running:
                with contextlib.suppress(OSError):
                    proc.kill()


def generate(runner: Runner, base: Side, corpus: Corpus, folder: Path) -> Path:
    """Write ``corpus`` into ``folder`` with the base revision's generator."""
    path = folder / f"{corpus.name}.aln"
    texts = []
    for k, part in enumerate(corpus.parts):
        args = list(part)
        games = max(1, corpus.deals // 5) if corpus.deals else 0
        while True:
            extra = ["--games", str(games)] if games else []
            out = folder / f"{corpus.name}.part{k}.aln"
            err = folder / f"{corpus.name}.part{k}.err"
            status = runner.run(
                base, ["generate", *args, *extra, "-o", str(out)], err.with_suffix(".log"), err
            )
            if status != 0:
                raise RuntimeError(
                    f"base: aluette generate {' '.join(args + extra)} failed ({status}):\n"
                    + err.read_text(errors="replace")
                )
            text = out.read_text(encoding="utf-8")
            found = count_deals(text)
            if not corpus.deals or found >= corpus.deals or k > 0:
                break
            games = int(games * corpus.deals / max(found, 1) * 1.05) + 1
        texts.append(text.rstrip("\n"))
        for done in (out, err, err.with_suffix(".log")):
            done.unlink()
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return path


def count_deals(text: str) -> int:
    """How many deal headers a record holds (a deal line starts with ``deal``)."""
    return sum(1 for line in text.splitlines() if line.startswith("deal "))


def make_inputs(
    runner: Runner, base: Side, tree: Path, corpora: list[Corpus], samples: list[str] | None
) -> list[str]:
    """Copy the samples and write the corpora under ``runner.cwd``; their names."""
    names = []
    folder = runner.cwd / "samples"
    shutil.copytree(tree / "samples", folder)
    for path in sorted(folder.glob("*.aln")):
        if samples is None or path.name in samples:
            names.append(f"samples/{path.name}")
    out = runner.cwd / "corpora"
    out.mkdir()
    for corpus in corpora:
        if corpus.mutate:
            lines: list[str] = []
            for source in corpus.mutate:
                lines += (out / f"{source}.aln").read_text(encoding="utf-8").splitlines()
                lines.append("")
            edited, log = mutate(lines, corpus.edits, corpus.seed)
            (out / f"{corpus.name}.aln").write_text("\n".join(edited) + "\n", encoding="utf-8")
            (out / f"{corpus.name}.edits").write_text("\n".join(log) + "\n", encoding="utf-8")
        else:
            print(f"generating {corpus.name} ...", file=sys.stderr, flush=True)
            generate(runner, base, corpus, out)
        if corpus.compared:
            names.append(f"corpora/{corpus.name}.aln")
    return names


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def _show(line: bytes | None) -> str:
    if line is None:
        return "(end)"
    text = line.decode("utf-8", errors="replace").rstrip("\n")
    return repr(text if len(text) <= 70 else text[:67] + "...")


def first_difference(old: Path, new: Path) -> str | None:
    """Where two outputs first differ, in words; None if they are identical."""
    if filecmp.cmp(old, new, shallow=False):
        return None
    with open(old, "rb") as a, open(new, "rb") as b:
        for number, (x, y) in enumerate(itertools.zip_longest(a, b), start=1):
            if x != y:
                return f"line {number}: base {_show(x)}, new {_show(y)}"
    return "differ"  # not reached: equal lines make equal files


def compare(
    runner: Runner, sides: tuple[Side, Side], inputs: list[str], commands: list[str], jobs: int
) -> list[list[str]]:
    """Run every command on every input with both sides; the table rows."""
    outputs = runner.cwd.parent / "outputs"
    table = dict(COMMANDS)
    work = []
    for name in inputs:
        folder = outputs / _slug(name)
        folder.mkdir(parents=True)
        for command in commands:
            args = [name if a == FILE else a for a in table[command]]
            for side in sides:
                stem = folder / f"{_slug(command)}.{side.name}"
                work.append((name, command, side.name, args, side, stem))
    # Largest inputs first, so that the small runs fill the gaps at the end.
    work.sort(key=lambda item: -(runner.cwd / item[0]).stat().st_size)
    print(f"running {len(work)} commands, {jobs} at a time ...", file=sys.stderr, flush=True)
    status: dict[tuple[str, str, str], int] = {}

    def one(item: tuple[str, str, str, list[str], Side, Path]) -> None:
        name, command, side_name, args, side, stem = item
        stdout, stderr = Path(f"{stem}.stdout"), Path(f"{stem}.stderr")
        status[name, command, side_name] = runner.run(side, args, stdout, stderr)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(one, item) for item in work]
        try:
            for future in futures:
                future.result()
        except BaseException:
            runner.stop()
            for future in futures:
                future.cancel()
            raise

    rows = []
    old, new = (s.name for s in sides)
    for name in inputs:
        for command in commands:
            stem = outputs / _slug(name) / _slug(command)
            codes = status[name, command, old], status[name, command, new]
            found = []
            if codes[0] != codes[1]:
                found.append(f"exit status: base {codes[0]}, new {codes[1]}")
            for stream in ("stdout", "stderr"):
                where = first_difference(
                    Path(f"{stem}.{old}.{stream}"), Path(f"{stem}.{new}.{stream}")
                )
                if where:
                    found.append(f"{stream} {where}")
            exit_text = str(codes[0]) if codes[0] == codes[1] else f"{codes[0]} / {codes[1]}"
            rows.append(
                [name, command, "DIFFERENT" if found else "same", exit_text, "; ".join(found)]
            )
    return rows


@contextlib.contextmanager
def workdir(keep: bool) -> Iterator[Path]:
    """A temporary directory, kept (and its path printed) with ``--keep``."""
    path = Path(tempfile.mkdtemp(prefix="aluette-same-output-"))
    try:
        yield path
    finally:
        if keep:
            print(f"inputs and outputs kept in {path}", file=sys.stderr)
        else:
            shutil.rmtree(path, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--base", default="main", help="git revision to compare against (default: main)"
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="the working tree whose code is the new side, and whose repository holds"
        " the base revision (default: this checkout)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a small run: one sample, a few generated games"
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=[name for name, _ in COMMANDS],
        metavar="COMMAND",
        help="compare only this command (repeatable), e.g. --only validate",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes to run at once (default: the number of cores)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the inputs and outputs to look at them"
    )
    args = parser.parse_args()
    tree = args.tree.resolve()
    commands = [name for name, _ in COMMANDS if not args.only or name in args.only]
    started = time.monotonic()
    try:
        with workdir(args.keep) as temp, base_tree(tree, args.base, temp) as base:
            new = Side("new", tree, describe_tree(tree))
            for side in (base, new):
                check_side(side)
            print(f"base: {base.description}")
            print(f"new:  {new.description}")
            runner = Runner(temp / "inputs")
            runner.cwd.mkdir()
            inputs = make_inputs(
                runner,
                base,
                tree,
                QUICK if args.quick else FULL,
                list(QUICK_SAMPLES) if args.quick else None,
            )
            rows = compare(runner, (base, new), inputs, commands, max(1, args.jobs))
            sizes = [
                [
                    name,
                    f"{(runner.cwd / name).stat().st_size:,}",
                    f"{count_deals((runner.cwd / name).read_text(errors='replace')):,}",
                ]
                for name in inputs
            ]
    except (GitError, RuntimeError) as exc:
        print(f"same_output: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("same_output: interrupted; the base worktree was removed", file=sys.stderr)
        return 130
    print()
    print(
        tabulate(
            sizes,
            headers=["input", "bytes", "deals"],
            tablefmt="github",
            colalign=("left", "right", "right"),
        )
    )
    print()
    print(
        tabulate(
            rows,
            headers=["input", "command", "output", "exit", "first difference"],
            tablefmt="github",
            disable_numparse=True,
        )
    )
    different = sum(1 for row in rows if row[2] != "same")
    print()
    seconds = time.monotonic() - started
    if different:
        print(f"{different} of {len(rows)} DIFFERENT ({seconds:.0f} s)")
        return 1
    print(f"all {len(rows)} the same: stdout, stderr and exit status ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
