"""The yardstick: a bare checker of canonical classic records, and every command
measured against it.

    python benchmarks/bare.py FILE                 # the bare checker's verdicts, as JSON
    python benchmarks/bare.py agree                # its verdicts against validate's
    python benchmarks/bare.py bench                # every command as a ratio to it
    python benchmarks/bare.py bench --deals 100000 --repeat 3
    python benchmarks/bare.py bench --deals 100000 --repeat 3 --only validate --only annotate
    python benchmarks/bare.py scale --deals 100000 --repeat 7   # -j 2 against the machine

The bare checker is what a person would write in an afternoon to check the
records the generator writes, in plain Python with nothing imported from the
package: split the text into blocks at blank lines, a rank table, the winner
of each trick, the 48-card deck, the cards in each hand, who leads, the trick
claims, the point line, and around the deals the deal numbers, the dealer's
turn, the end of the game after five scoring deals and the Result tag.  It
reads only the canonical layout (one element a line, seat-tagged tricks, no
comments, no aliases) and knows only the classic rules.  It says which deals
are wrong, not why.  A card under the seat letter of another player of its
trick, where the player whose turn it was plays no card of it and holds
that one, is that player's: one letter mistyped, the trick, the point and
the Result go by the cards.  What it costs is what checking costs with nothing else
around it: the figure ``aluette`` is held to.

``agree`` holds it to ``aluette validate``: on a generated corpus, and on
corpora where every game has exactly one mutation of one kind (a trick's
claim, a card played, a card dealt, the point line, two plays swapped, a seat,
the dealer, a deal number, the Result), both must name the same wrong deals
(game, deal; deal 0 for a finding about the game).

``bench`` times, each in a fresh process, in CPU seconds (user plus system,
of the process and of the workers it waited for): the bare checker, then
``validate``, ``validate -j 2``, ``report --format json``, ``convert --to
json`` and ``--to jsonl``, ``annotate``, ``validate`` on the annotated corpus
``validate`` on a hand-style corpus (the same games with brace and ``;``
comments, aliases, card names and cards-only trick lines) and ``validate`` on
a corpus with a typo in most deals (a mistyped card, which the grammar reads
line by line), each as deals per CPU-second and as a ratio to the bare
checker's.  ``validate -j 2`` is also
timed on the wall clock against ``validate``, side by side with two plain CPU
loops (what a second process gets from the machine at that moment), and its
memory is the sum of the resident memory of the whole process tree, sampled.

``scale`` times only that comparison, in rounds of four runs (``validate``,
``validate -j 2``, one loop, two loops), and gives each round's ratios and
their medians: on a shared machine a ratio taken within a round moves far
less than times taken minutes apart.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# --------------------------------------------------------------------------
# The bare checker (plain Python, nothing from the package)

_GROUPS = [
    ["3d"], ["3c"], ["2d"], ["2c"], ["9c"], ["9d"], ["2b"], ["2e"],
    ["1d", "1c", "1b", "1e"], ["Rd", "Rc", "Rb", "Re"], ["Cd", "Cc", "Cb", "Ce"],
    ["Vd", "Vc", "Vb", "Ve"], ["9e", "9b"], ["8d", "8c", "8b", "8e"], ["7d", "7c", "7b", "7e"],
    ["6d", "6c", "6b", "6e"], ["5d", "5c", "5b", "5e"], ["4d", "4c", "4b", "4e"], ["3e", "3b"],
]  # fmt: skip
RANK = {card: len(_GROUPS) - i for i, group in enumerate(_GROUPS) for card in group}
DECK = frozenset(RANK)
LEFT = {"N": "E", "E": "S", "S": "W", "W": "N"}
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
ORDER = {"N": "NESW", "E": "ESWN", "S": "SWNE", "W": "WNES"}
SCORING_DEALS = 5


def check_text(text: str) -> list[tuple[int, int]]:
    """The wrong deals of a file of canonical classic records: (game, deal),
    deal 0 for something wrong with the game itself."""
    wrong: list[tuple[int, int]] = []
    game = 0
    state: list = []
    for block in text.split("\n\n"):
        block = block.strip("\n")
        if not block:
            continue
        if block[0] == "[":
            if game:
                _finish(game, state, wrong)
            game += 1
            result = None
            for line in block.split("\n"):
                if line.startswith('[Result "'):
                    result = line[9:-2]
            # last deal number, expected dealer, scoring deals, score, Result,
            # and the number the last deal should have had when it was wrong
            state = [0, None, 0, {"NS": 0, "EW": 0}, result, None]
            continue
        if _deal(block, state):
            wrong.append((game, state[0]))
    if game:
        _finish(game, state, wrong)
    return wrong


def _deal(block: str, state: list) -> bool:
    """Check one deal; True if anything in it is wrong."""
    lines = block.split("\n")
    head = lines[0].split()
    number, dealer = int(head[1]), head[3]
    # after a wrong number the count may go on from it or from the right one
    bad = number != state[0] + 1 and (state[5] is None or number != state[5] + 1)
    right = state[0] + 1 if bad else None
    instead = None  # after a wrong dealer, the ones the rotation wanted
    if state[1] is not None and dealer not in state[1]:
        bad = True
        instead = state[1]
    over = state[2] >= SCORING_DEALS
    bad = bad or over
    hands: dict[str, set[str]] = {}
    seen: set[str] = set()
    for line in lines[1:5]:
        seat, *cards = line.split()
        hands[seat[0]] = set(cards)
        if len(cards) != 9:
            bad = True
        seen.update(cards)
    stock = lines[5].split()[1:]
    seen.update(stock)
    if len(seen) != 48 or len(stock) != 12 or not seen <= DECK:
        bad = True
    leader = LEFT[dealer]
    # a wrong dealer is one mistake: the right dealer's left may lead too
    also = LEFT[next(iter(instead))] if instead is not None and len(instead) == 1 else None
    counts = {"N": 0, "E": 0, "S": 0, "W": 0}
    reached: dict[str, int] = {}
    tricks = 0
    shown = None  # the dealer trick 1 shows, where it is not one allowed
    for k, line in enumerate(lines[6:-1], 1):
        tricks += 1
        words = line.split()
        if words[0] != f"{k}.":
            bad = True
        if k == 1:
            seats = [word.split(":")[0] for word in words[1:5]]
            if list(ORDER.get(seats[0], ())) == seats and seats[0] not in (LEFT[dealer], also):
                shown = seats[3]
        if k == 1 and also is not None and words[1].split(":")[0] == also:
            leader = also
        order = ORDER[leader]
        best = -1
        top = 0
        winner = None
        for i in range(4):
            seat, card = words[1 + i].split(":")
            if seat != order[i]:
                bad = True
                written = [word.split(":")[0] for word in words[1:5]]
                if order[i] not in written and card in hands[order[i]]:
                    seat = order[i]  # a seat letter mistyped: the card is its holder's
            hand = hands[seat]
            if card in hand:
                hand.remove(card)
            else:
                bad = True
            r = RANK[card]
            if r > best:
                best, top, winner = r, 1, seat
            elif r == best:
                top += 1
        if top > 1:
            winner = None
        claim = words[6]
        if claim != (winner or "pourri"):
            bad = True
        if winner is not None:
            counts[winner] += 1
            reached[winner] = k
            leader = winner
    if tricks != 9:
        bad = True
    most = max(counts.values())
    point = lines[-1].split()
    if most == 0:
        void = True
        if point[1] != "none":
            bad = True
    else:
        void = False
        win = min((s for s in "NESW" if counts[s] == most), key=reached.__getitem__)
        side = point[1]
        if side not in (TEAM[win], win) or (len(point) > 2 and point[2] != "1"):
            bad = True
        if not over:
            state[3][TEAM[win]] += 1
            state[2] += 1
    state[0], state[5] = number, right
    # after a wrong dealer the next deal may follow the written dealer or the
    # one the rotation wanted: one mistake, one wrong deal
    # (or the dealer the first trick shows)
    dealers = {dealer} | (instead or set()) | ({shown} if shown else set())
    state[1] = dealers if void else {LEFT[d] for d in dealers}
    return bad


def _finish(game: int, state: list, wrong: list[tuple[int, int]]) -> None:
    """The game's end: the Result tag against the score."""
    result = state[4]
    if result is None:
        return
    complete = state[2] >= SCORING_DEALS
    score = state[3]
    if result == "*":
        if complete:
            wrong.append((game, 0))
        return
    words = result.replace("-", " ").split()
    ok = complete and len(words) == 3
    if ok:
        side, a, b = words[0], int(words[1]), int(words[2])
        claimed = {"NS": a, "EW": b} if side == "NS" else {"EW": a, "NS": b}
        ok = side in ("NS", "EW") and a > b and claimed == score
    if not ok:
        wrong.append((game, 0))


# --------------------------------------------------------------------------
# Corpora

sys.path.insert(0, str(ROOT))


def corpus(deals: int, folder: Path) -> tuple[Path, int]:
    """The benchmark corpus of run.py (seed 1), shared with it."""
    sys.path.insert(0, str(HERE))
    from run import corpus as make

    return make(deals, folder)


def _games(text: str) -> list[str]:
    """A corpus's games, each as its text (a tag section and its deals)."""
    games = text.split("\n\n[")
    return [games[0], *("[" + g for g in games[1:])]


MUTATIONS = ("claim", "card", "hand", "point", "swap", "seat", "dealer", "number", "result")


def mutate(game: str, kind: str, rng: random.Random) -> str:
    """The game with one mutation of this kind, at a random deal."""
    lines = game.split("\n")
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    d = rng.choice(deals)
    tricks = list(range(d + 6, d + 15))
    if kind == "result":
        i = next(i for i, line in enumerate(lines) if line.startswith("[Result"))
        lines[i] = rng.choice(['[Result "NS 5-3"]', '[Result "EW 5-0"]', '[Result "*"]'])
    elif kind == "dealer":
        words = lines[d].split()
        words[3] = rng.choice([s for s in "NESW" if s != words[3]])
        lines[d] = " ".join(words)
    elif kind == "number":
        words = lines[d].split()
        words[1] = str(int(words[1]) + rng.choice([1, 2, -1]))
        lines[d] = " ".join(words)
    elif kind == "point":
        words = lines[d + 15].split()
        choices = ["point NS", "point EW", "point N", "point E", "point none", "point NS 2"]
        lines[d + 15] = rng.choice([c for c in choices if c != " ".join(words)])
    elif kind == "hand":
        h = d + rng.randint(1, 4)
        words = lines[h].split()
        words[rng.randint(1, 9)] = rng.choice(sorted(DECK))
        lines[h] = " ".join(words)
    else:
        t = rng.choice(tricks)
        words = lines[t].split()
        if kind == "claim":
            words[6] = rng.choice([s for s in ("N", "E", "S", "W", "pourri") if s != words[6]])
        elif kind == "card":
            k = rng.randint(1, 4)
            words[k] = words[k][:2] + rng.choice(sorted(DECK))
        elif kind == "swap":
            a, b = rng.sample(range(1, 5), 2)
            words[a], words[b] = words[b], words[a]
        elif kind == "seat":
            k = rng.randint(1, 4)
            words[k] = rng.choice([s for s in "NESW" if s != words[k][0]]) + words[k][1:]
        lines[t] = " ".join(words)
    return "\n".join(lines)


def validate_verdicts(path: Path) -> list[tuple[int, int]]:
    """The deals ``aluette validate`` finds wrong: (game, deal), 0 for the game."""
    out = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "validate", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if out.returncode not in (0, 1):
        raise SystemExit(f"validate failed ({out.returncode}): {out.stderr}")
    found = {(f["game"], f["deal"] or 0) for f in json.loads(out.stdout)}
    return sorted(found)


def agree(deals: int, folder: Path) -> int:
    """Compare the bare checker's verdicts with validate's; 0 if all agree."""
    path, count = corpus(deals, folder)
    text = path.read_text(encoding="utf-8")
    rows = []
    failed = 0
    with tempfile.TemporaryDirectory() as temp:
        inputs = [("generated", path, text)]
        for kind in MUTATIONS:
            rng = random.Random(kind)
            mutated = "\n\n".join(mutate(g.rstrip("\n"), kind, rng) for g in _games(text)) + "\n"
            where = Path(temp) / f"{kind}.aln"
            where.write_text(mutated, encoding="utf-8")
            inputs.append((f"one {kind} mutation a game", where, mutated))
        for name, where, body in inputs:
            bare = sorted(set(check_text(body)))
            tool = validate_verdicts(where)
            same = bare == tool
            failed += not same
            diff = (
                ""
                if same
                else f"bare only {sorted(set(bare) - set(tool))[:5]}, "
                f"validate only {sorted(set(tool) - set(bare))[:5]}"
            )
            rows.append((name, len(bare), len(tool), "same" if same else "DIFFERENT " + diff))
    print(f"{count:,} deals, {len(_games(text)):,} games")
    print()
    print("| corpus | wrong deals (bare) | wrong deals (validate) | verdicts |")
    print("|---|---|---|---|")
    for name, a, b, verdict in rows:
        print(f"| {name} | {a:,} | {b:,} | {verdict} |")
    return 1 if failed else 0


# --------------------------------------------------------------------------
# Hand-style records: what a scorer types

_ALIAS_RANK = {"1": "A", "V": "J", "R": "K"}
_NAMES = {"3d": "monsieur", "3c": "madame", "2d": "borgne", "2c": "vache", "9c": "grand-neuf"}
_NOTES = ["{good lead}", "{long think}", "{; not a line comment}", "{W hesitated}"]


def hand_style(text: str, rng: random.Random) -> str:
    """The same games as a person writes them: a brace comment on one line in
    three, a ``;`` comment on one in five, aliases and card names, and one
    trick line in three cards-only."""
    out = []
    for line in text.split("\n"):
        if line and line[0].isdigit() and rng.random() < 0.33:
            words = line.split()
            line = " ".join([words[0], *(w[2:] for w in words[1:5]), *words[5:]])
        if line and (line[0].isdigit() or line[1:2] == ":"):
            words = line.split(" ")
            for k, word in enumerate(words):
                card = word[-2:]
                if card in _NAMES and rng.random() < 0.5:
                    words[k] = word[:-2] + _NAMES[card]
                elif card[0] in _ALIAS_RANK and card[1] in "dcbe" and rng.random() < 0.2:
                    words[k] = word[:-2] + _ALIAS_RANK[card[0]] + card[1]
            line = " ".join(words)
        if line and not line.startswith("["):
            r = rng.random()
            if r < 0.33:
                line += " " + rng.choice(_NOTES)
            elif r < 0.53:
                line += " ; " + rng.choice(["ok", "checked by S", "redo?"])
        out.append(line)
    return "\n".join(out)


def with_typos(text: str, rng: random.Random) -> str:
    """The same games with a scorer's typo in most deals: on the third trick
    line of nine deals in ten, one card's suit mistyped (``3q``).  The
    grammar cannot read such a deal whole; the reader reads it again line by
    line, and only the mistyped line is lost (A001)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("3. ") and rng.random() < 0.9:
            words = line.split(" ")
            k = rng.randrange(1, 5)
            words[k] = words[k][:-1] + "q"
            line = " ".join(words)
        out.append(line)
    return "\n".join(out)


# --------------------------------------------------------------------------
# Measuring


def _tree_rss(pid: int, before: bytes) -> int:
    """Resident KiB of a process and all its descendants (from /proc); 0 while
    the process is still the fork of this one (its command line ``before``)."""
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            if p == pid:
                with open(f"/proc/{p}/cmdline", "rb") as f:
                    if f.read() == before:
                        return 0
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
                        break
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return total


def measure(command: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MiB of the whole process tree) of one run."""
    start = time.perf_counter()
    peak = 0
    with open("/proc/self/cmdline", "rb") as f:
        own = f.read()
    with open(os.devnull, "wb") as devnull:
        proc = subprocess.Popen(command, stdout=devnull, stderr=devnull, cwd=ROOT)
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not done.is_set():
                peak = max(peak, _tree_rss(proc.pid, own))
                done.wait(0.01)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        done.set()
        sampler.join()
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({code})")
    # (the kernel's ru_maxrss would count the fork of this process before its exec)
    return wall, usage.ru_utime + usage.ru_stime, peak / 1024


_LOOP = "n = 0\nfor i in range({}):\n    n += i\n"


def _two_loops(size: int) -> tuple[float, float]:
    """Wall seconds of one plain CPU loop, and of two at once in two processes."""
    one = [sys.executable, "-c", _LOOP.format(size)]
    start = time.perf_counter()
    subprocess.run(one, check=True)
    single = time.perf_counter() - start
    start = time.perf_counter()
    procs = [subprocess.Popen(one) for _ in range(2)]
    for p in procs:
        p.wait()
    double = time.perf_counter() - start
    return single, double


def typo_corpus(path: Path, deals: int, folder: Path) -> Path:
    """The corpus with a typo in nine deals in ten; made once, then reused."""
    typos = folder / f"deals-{deals}.typos.aln"
    if not typos.exists():
        text = path.read_text(encoding="utf-8")
        typos.write_text(with_typos(text, random.Random(1)), encoding="utf-8")
    return typos


def other_corpora(path: Path, deals: int, folder: Path) -> dict[str, str]:
    """The corpora beside the clean one, by the names a side-by-side task
    gives them (``run.py``'s ``MORE_SIDE_BY_SIDE``)."""
    annotated, hand = commented_corpora(path, deals, folder)
    typos = typo_corpus(path, deals, folder)
    return {"{annotated}": str(annotated), "{hand}": str(hand), "{typos}": str(typos)}


def commented_corpora(path: Path, deals: int, folder: Path) -> tuple[Path, Path]:
    """The corpus after ``annotate``, and written by hand; made once, then reused."""
    annotated = folder / f"deals-{deals}.annotated.aln"
    handed = folder / f"deals-{deals}.hand.aln"
    if not annotated.exists():
        tool = [sys.executable, "-m", "aluette_cli"]
        with open(annotated, "wb") as out:
            subprocess.run([*tool, "annotate", str(path)], stdout=out, cwd=ROOT, check=False)
    if not handed.exists():
        text = path.read_text(encoding="utf-8")
        handed.write_text(hand_style(text, random.Random(1)), encoding="utf-8")
    return annotated, handed


def _compile() -> None:
    """Write the package's bytecode ahead of the timed runs: where it is
    stale and cannot be written (PYTHONDONTWRITEBYTECODE), every run would
    pay for compiling modules, which no installed copy does."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "aluette_cli")],
        capture_output=True,
        check=True,
    )


def bench(deals: int, repeat: int, folder: Path, only: list[str] | None = None) -> None:
    """Every task (or the bare checker and the tasks ``only`` names) as a
    share of the bare checker's rate."""
    path, count = corpus(deals, folder)
    _compile()
    tool = [sys.executable, "-m", "aluette_cli"]
    others = {"validate, annotated corpus", "validate, hand-style corpus", "validate, typo corpus"}
    if only and not others & set(only):
        # the corpora derived from the clean one are made only for their tasks
        annotated = handed = typos = path
    else:
        annotated, handed = commented_corpora(path, deals, folder)
        typos = typo_corpus(path, deals, folder)
    tasks = [
        ("bare checker", [sys.executable, str(Path(__file__)), str(path)]),
        ("validate", [*tool, "validate", str(path)]),
        ("validate -j 2", [*tool, "validate", "-j", "2", str(path)]),
        ("report --format json", [*tool, "report", "--format", "json", str(path)]),
        ("convert --to json", [*tool, "convert", str(path), "--to", "json"]),
        ("convert --to jsonl", [*tool, "convert", str(path), "--to", "jsonl"]),
        ("annotate", [*tool, "annotate", str(path)]),
        ("validate, annotated corpus", [*tool, "validate", str(annotated)]),
        ("validate, hand-style corpus", [*tool, "validate", str(handed)]),
        ("validate, typo corpus", [*tool, "validate", str(typos)]),
    ]
    if only:
        unknown = set(only) - {name for name, _ in tasks}
        if unknown:
            raise SystemExit(f"no such task: {', '.join(sorted(unknown))}")
        tasks = [(name, c) for name, c in tasks if name == "bare checker" or name in only]
    cpu: dict[str, list[float]] = {name: [] for name, _ in tasks}
    wall: dict[str, list[float]] = {name: [] for name, _ in tasks}
    peak: dict[str, list[float]] = {name: [] for name, _ in tasks}
    loops: list[tuple[float, float]] = []
    for k in range(repeat):
        order = tasks if k % 2 == 0 else tasks[::-1]
        for name, command in order:
            print(f"run {k + 1}: {name} ...", file=sys.stderr, flush=True)
            w, c, m = measure(command)
            cpu[name].append(c)
            wall[name].append(w)
            peak[name].append(m)
            if name == "validate -j 2":
                loops.append(_two_loops(20_000_000))
    med = {name: statistics.median(v) for name, v in cpu.items()}
    bare = count / med["bare checker"]
    sizes = {
        "validate, annotated corpus": annotated.stat().st_size,
        "validate, hand-style corpus": handed.stat().st_size,
    }
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}; {count:,} deals ({path.stat().st_size / 1e6:.1f} MB);"
        f" median of {repeat} run(s), CPU seconds (user + system, workers included)"
    )
    print()
    print("| task | CPU s | deals per CPU-second | of the bare checker | peak MiB (tree) |")
    print("|---|---|---|---|---|")
    for name, _ in tasks:
        rate = count / med[name]
        note = f" ({sizes[name] / 1e6:.1f} MB)" if name in sizes else ""
        print(
            f"| {name}{note} | {med[name]:.2f} | {rate:,.0f} | {rate / bare:.0%} |"
            f" {statistics.median(peak[name]):,.0f} |"
        )
    if "validate, annotated corpus" in med and "validate" in med:
        print()
        share = med["validate, annotated corpus"] / med["validate"]
        print(
            f"validate, annotated corpus: {share:.2f}x the CPU time of validate on the clean corpus"
        )
    if not loops:
        return
    j1 = statistics.median(wall["validate"])
    j2 = statistics.median(wall["validate -j 2"])
    single = statistics.median(a for a, _ in loops)
    double = statistics.median(b for _, b in loops)
    machine = 2 * single / double
    print(
        f"validate -j 2: {j1 / j2:.2f}x the wall-clock speed of validate; two plain CPU loops"
        f" in two processes: {machine:.2f}x one; -j 2 gets {j1 / j2 / machine:.0%} of what"
        " the machine gives"
    )


def scale(deals: int, rounds: int, folder: Path) -> None:
    """``validate -j 2`` against ``validate``, and two CPU loops against one,
    in rounds: each round times all four one after another, so the two
    ratios of a round see the same machine, and the rounds' ratios are
    compared, not times taken minutes apart."""
    path, count = corpus(deals, folder)
    _compile()
    tool = [sys.executable, "-m", "aluette_cli", "validate"]
    ours: list[float] = []
    machine: list[float] = []
    for k in range(rounds):
        print(f"round {k + 1} ...", file=sys.stderr, flush=True)
        j1 = measure([*tool, str(path)])[0]
        j2 = measure([*tool, "-j", "2", str(path)])[0]
        # a loop about as long as ``validate`` on the corpus
        single, double = _two_loops(int(25_000_000 * j1))
        ours.append(j1 / j2)
        machine.append(2 * single / double)
    shares = [a / b for a, b in zip(ours, machine, strict=True)]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}; {count:,} deals ({path.stat().st_size / 1e6:.1f} MB);"
        f" {rounds} rounds, wall-clock seconds"
    )
    print()
    print("| round | validate -j 2 over validate | two loops over one | share |")
    print("|---|---|---|---|")
    for k, (a, b, c) in enumerate(zip(ours, machine, shares, strict=True), 1):
        print(f"| {k} | {a:.2f}x | {b:.2f}x | {c:.0%} |")
    print(
        f"| median | {statistics.median(ours):.2f}x | {statistics.median(machine):.2f}x"
        f" | {statistics.median(shares):.0%} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", help="a file to check, or 'agree', 'bench' or 'scale'")
    parser.add_argument("--deals", type=int, default=20_000, help="corpus size (default 20000)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="bench: runs of each task; scale: rounds"
    )
    parser.add_argument("--corpora", type=Path, default=HERE / "corpora")
    parser.add_argument(
        "--only",
        action="append",
        metavar="TASK",
        help="bench: run only this task beside the bare checker (repeatable), e.g."
        " --only validate --only annotate",
    )
    args = parser.parse_args()
    if args.what == "agree":
        sys.exit(agree(args.deals, args.corpora))
    if args.what == "bench":
        bench(args.deals, max(1, args.repeat), args.corpora, args.only)
        return
    if args.what == "scale":
        scale(args.deals, max(1, args.repeat), args.corpora)
        return
    with open(args.what, encoding="utf-8") as f:
        wrong = check_text(f.read())
    json.dump(wrong, sys.stdout)
    print()


if __name__ == "__main__":
    main()
