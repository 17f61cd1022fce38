"""Fuzz tests: whatever the bytes, every command answers, and damage stays put.

Three generators of input:

* **bytes**: random bytes (``st.binary``), salted with NUL, invalid UTF-8,
  a BOM, lone CRs and CRLFs;
* **soup**: the grammar's own keywords and terminals, read from
  ``grammar/aluette.lark`` when the tests run (every quoted literal, and for
  each named terminal values drawn from its regular expression and a few
  hand-picked ones), with tag lines, deal headers, comments and near misses,
  joined by random whitespace and newlines;
* **mutant**: a legal record written by ``aluette generate`` (any preset,
  style, policy, hands or not, claims or not, optional rules) with one to
  five edits: delete a span, duplicate a span, insert a token, swap two
  lines, repeat or drop a whole line, truncate, change one byte.

What must hold, for each generator:

* the library (``check_source``) reads every game to the end without
  raising; each game's findings are sorted by position, point inside the
  text, and have a one-line message of at most :data:`MAX_LINE` characters;
* through the CLI (``validate``, ``report``, ``report --format json``,
  ``convert --to json``, ``convert --to aln``, ``annotate``, and ``stats``
  in its formats and views), as
  docs/cli.md's contract says: no uncaught exception and no traceback, an exit
  status of 0, 1 or 2 and the same one for every command, each line of
  ``validate`` (and each finding on the standard error of ``convert`` and
  ``annotate``) reading ``FILE:LINE:COL: Annn message``, at most
  :data:`MAX_LINE` characters long; the JSON parses; each game's violations
  are sorted by (line, column) and are the ``validate`` lines, in order;
* damage is contained: a known valid game placed after the fuzzed bytes is
  still reported with its exact score, and without a violation (see
  :data:`BARRIER` for what the fuzz may not do to it, and why).

Each example runs under a wall-clock guard: an input that hangs the reader
fails as :class:`Hang`, with the falsifying example, instead of stalling.
Inputs the fuzz has brought up are kept, reduced, in :data:`REPRODUCTIONS`
and tried on every run.

By default each test runs a bounded number of examples, for CI.  For a long
hunt (20,000 examples per test, under an hour on two cores)::

    HYPOTHESIS_PROFILE=long pytest tests/test_fuzz.py

The number of examples is set per test from that variable, not through a
registered profile, so this file and tests/test_properties.py, which
registers its own "ci" and "long" profiles, never overwrite each other.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import os
import random
import re
import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from aluette_cli.cli import cli
from aluette_cli.pipeline import check_source
from aluette_cli.reading.grammar import grammar_text
from tests.independent import STYLES, Form, random_game

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
FUZZ = settings(
    max_examples=20_000 if LONG else 100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: The longest finding line, however long the bad input (as tests/test_bad_input.py).
MAX_LINE = 1000
#: Wall-clock limit for one example (every command on one input).
HANG_SECONDS = 30.0


# --------------------------------------------------------------------------
# A guard against hangs


class Hang(Exception):
    """One example ran past :data:`HANG_SECONDS`."""


@contextlib.contextmanager
def time_limit(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in the test if the body runs longer than ``seconds``."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield  # no SIGALRM here: run unguarded
        return

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --------------------------------------------------------------------------
# Generator 1: random bytes

SPECIAL_BYTES = (
    b"\x00",
    b"\r",
    b"\r\n",
    b"\n",
    b"\xff",
    b"\xc3",  # a lead byte with no continuation
    b"\x80",  # a continuation byte with no lead
    b"\xe2\x82",  # a three-byte sequence cut short
    b"\xef\xbb\xbf",  # a BOM, here or in the middle
    b"\xed\xa0\x80",  # an encoded surrogate: not UTF-8
    b"\x1b[31m",
    b"\t",
    b"\xe2\x80\xa8",  # U+2028, a line separator for some readers
)


def random_bytes() -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.binary(max_size=2000),
        st.lists(
            st.one_of(st.binary(max_size=40), st.sampled_from(SPECIAL_BYTES)), max_size=60
        ).map(b"".join),
    )


# --------------------------------------------------------------------------
# Generator 2: token soup, from the grammar itself

_RULE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\.\d+)?\s*:(.*)$")
_REGEXP = re.compile(r"/((?:[^/\\\n]|\\.)+)/[imslux]*")
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_LOOKAROUND = re.compile(r"\(\?<?[=!](?:[^()\\]|\\.)*\)")


@dataclass(frozen=True)
class Vocabulary:
    """What the grammar spells out: its quoted literals and its named terminals."""

    literals: tuple[str, ...]
    #: terminal name -> a regular expression for its values (lookarounds removed)
    terminals: dict[str, str]


@functools.cache
def vocabulary() -> Vocabulary:
    literals: set[str] = set()
    terminals: dict[str, str] = {}
    for raw in grammar_text().splitlines():
        line = re.sub(r"(^|\s)//.*$", "", raw).strip()
        if not line or line.startswith("%"):
            continue
        m = _RULE.match(line)
        if m and m.group(1).isupper():
            body = m.group(2).strip()
            regexp = _REGEXP.fullmatch(body)
            if regexp:
                terminals[m.group(1)] = _LOOKAROUND.sub("", regexp.group(1))
            else:
                words = _LITERAL.findall(body)
                if words:
                    terminals[m.group(1)] = "|".join(re.escape(w) for w in words)
        literals.update(_LITERAL.findall(_REGEXP.sub(" ", line)))
    return Vocabulary(tuple(sorted(literals)), terminals)


#: More digits than Python turns into an int by default (``sys.get_int_max_str_digits``).
HUGE = "9" * 4301
#: Values a person would write, for the terminals this grammar names.
SAMPLES: dict[str, tuple[str, ...]] = {
    "CARD": ("3d", "Ao", "Jc", "Ke", "1d", "Rb", "9e", "Vc", "Cc", "2b", "4o", "7e"),
    "CARD_NAME": ("monsieur", "madame", "borgne", "vache", "grand-neuf", "deux-d-ecrit"),
    "SEAT": ("N", "E", "S", "W"),
    "TEAM": ("NS", "EW"),
    "SIDE": ("NS", "EW", "N", "E", "S", "W"),
    "WINNER": ("N", "E", "S", "W", "-"),
    "TRICK_NO": ("1.", "2.", "9.", "10.", "0.", "@HUGE@."),
    "INT": ("1", "2", "5", "0", "99999999999999999999", "@HUGE@"),
    "SIGNAL_NAME": ("monsieur", "borgne", "aces-2", "useless-hand", "mordienne"),
    "TAG_NAME": ("Event", "Result", "Rules", "Options", "Date", "North", "Table"),
    "TAG_VALUE": ('"x"', '"NS 3-2"', '"classic"', '"chanter"', '"2026.11.14"', '""'),
    "COMMENT": ("{comment}", "{ two\nlines }", "{}", "{ deal 2 dealer N }"),
    "LINE_COMMENT": ("; comment", ";", "; {"),
}
TAG_NAMES = (
    "Event",
    "Site",
    "Round",
    "Date",
    "North",
    "East",
    "South",
    "West",
    "Rules",
    "Options",
    "Result",
    "Table",
)
TAG_VALUES = (
    '"x"',
    '"classic"',
    '"nope"',
    '"house.toml"',
    '"chanter"',
    '"mordienne, chanter"',
    '"signals"',
    '"chanter, mordienne, signals"',
    '"bogus"',
    '"NS 3-2"',
    '"EW 4-1"',
    '"draw 3-3"',
    '"NS 5-0"',
    '"*"',
    '"NS 9-9"',
    '"EW @HUGE@-0"',
    '"2026.11.14"',
    '"2026.??.??"',
    '"14/11/2026"',
    '""',
    '"a \\"quoted\\" name"',
    '"unterminated',
)
LONG_VALUE = "x" * 1500
#: The strategies hold short markers for the long values (a short repr when
#: an example fails); :func:`expand` puts the values in.
MARKERS = {"@HUGE@": HUGE, "@LONG@": LONG_VALUE}


def expand(text: str) -> str:
    for marker, value in MARKERS.items():
        text = text.replace(marker, value)
    return text


#: Tags the tool understands, with values it must weigh.
TAG_PAIRS = (
    ("Rules", '"classic"'),
    ("Rules", '"nope"'),
    ("Rules", '"house.toml"'),
    ("Rules", '"../house.toml"'),
    ("Rules", '"ho\x00use.toml"'),
    ("Rules", '"\u2028.toml"'),
    ("Options", '"chanter"'),
    ("Options", '"mordienne, chanter, signals"'),
    ("Options", '"bogus,"'),
    ("Options", '"\x00"'),
    ("Result", '"NS 3-2"'),
    ("Result", '"draw 3-3"'),
    ("Result", '"*"'),
    ("Result", '"EW 9-0"'),
    ("Result", '"NS @HUGE@-1"'),
    ("Result", '"NS \x1b[31m"'),
    ("Date", '"2026.11.14"'),
    ("Date", '"2026.\x00.14"'),
    ("Date", '"@HUGE@.11.14"'),
    # Values longer than a finding line may be (MAX_LINE): a message must not echo them whole.
    ("Result", '"@LONG@"'),
    ("Date", '"@LONG@"'),
    ("Rules", '"@LONG@"'),
    ("Rules", '"@LONG@.toml"'),
    ("Options", '"@LONG@"'),
)
#: Almost tokens: what a careless hand or a damaged file writes.
NEAR_MISSES = (
    "3x",
    "3dE",
    "NSx",
    "11d",
    "Deal",
    "POINT",
    "->N",
    "N:",
    "N::3d",
    "1.2.",
    "-1",
    "\\",
    '"',
    "[",
    "]",
    "{",
    "}",
    "[Event",
    "#",
    "\x00",
    "\u2028",
    "\ufeff",
    "é",
)
WHITESPACE = (" ", " ", "  ", "\t", "\n", "\n", "\r\n", "\r", "\n\n", "")


@functools.cache
def grammar_tokens(lines_only: bool = False) -> st.SearchStrategy[str]:
    """One token of the soup: a literal, a terminal's value, or a few of them put
    together; with ``lines_only``, a whole line: a tag, a deal header or an element."""
    vocab = vocabulary()
    by_regex = {
        name: st.from_regex(pattern, fullmatch=True) for name, pattern in vocab.terminals.items()
    }
    values = {
        name: st.one_of(strategy, st.sampled_from(SAMPLES[name])) if name in SAMPLES else strategy
        for name, strategy in by_regex.items()
    }

    def value(name: str, fallback: tuple[str, ...]) -> st.SearchStrategy[str]:
        return values.get(name, st.sampled_from(fallback))

    card = st.one_of(value("CARD", ("3d",)), value("CARD_NAME", ("monsieur",)))
    seat = value("SEAT", ("N",))
    number = value("INT", ("1",))
    tag_name = st.one_of(st.sampled_from(TAG_NAMES), value("TAG_NAME", ("Event",)))
    tag_value = st.one_of(st.sampled_from(TAG_VALUES), value("TAG_VALUE", ('"x"',)))
    tag_line = st.builds(
        lambda pair, close: f"[{pair[0]} {pair[1]}{close}",
        st.one_of(st.tuples(tag_name, tag_value), st.sampled_from(TAG_PAIRS)),
        st.sampled_from(("]", "]", "]", "", " ]")),
    )
    deal_header = st.builds(lambda n, s: f"deal {n} dealer {s}", number, seat)
    seated_play = st.builds(lambda s, c: f"{s}:{c}", seat, card)
    trick = st.builds(
        lambda k, plays, claim: f"{k} {' '.join(plays)}{claim}",
        value("TRICK_NO", ("1.",)),
        st.lists(st.one_of(seated_play, card), max_size=5),
        st.sampled_from(("", " -> N", " -> pourri", " -> E", " ->")),
    )
    cards = st.lists(card, max_size=10).map(" ".join)
    side = value("SIDE", ("NS",))
    # Whole elements of a deal (docs/notation.md §4), their parts still drawn at random.
    element = st.one_of(
        st.builds(lambda s, cs: f"{s}: {cs}", seat, cards),
        st.builds(lambda cs: f"stock: {cs}", cards),
        st.builds(
            lambda ws: "winners: " + " ".join(ws),
            st.lists(value("WINNER", ("N",)), max_size=10),
        ),
        st.builds(
            lambda x, n: f"point {x}{n}",
            st.one_of(side, st.just("none")),
            st.just("") | number.map(" {}".format),
        ),
        st.builds(lambda s, w: f"signal {s} {w}", seat, value("SIGNAL_NAME", ("monsieur",))),
        st.builds(lambda s, a, b: f"chant {s} takes {a} discards {b}", seat, cards, cards),
        st.builds(lambda t: f"announce {t} double", value("TEAM", ("NS",))),
        st.builds(
            lambda t, a: f"concede {t} {a}",
            value("TEAM", ("NS",)),
            value("CONCEDE_ANSWER", ("accepted",)),
        ),
    )
    if lines_only:
        return st.one_of(tag_line, deal_header, trick, element)
    return st.one_of(
        st.sampled_from(vocab.literals),
        *values.values(),
        st.sampled_from(NEAR_MISSES),
        tag_line,
        deal_header,
        seated_play,
        trick,
        element,
    )


def token_soup() -> st.SearchStrategy[bytes]:
    """Tokens in any order; or whole lines in any order, which reach the rules more often."""
    tokens = st.lists(st.tuples(grammar_tokens(), st.sampled_from(WHITESPACE)), max_size=80)
    lines = st.lists(
        st.tuples(grammar_tokens(lines_only=True), st.sampled_from(("\n", "\r\n", "\r"))),
        max_size=60,
    )
    return st.one_of(tokens, lines).map(
        lambda ps: expand("".join(t + s for t, s in ps)).encode("utf-8", errors="surrogatepass")
    )


# --------------------------------------------------------------------------
# Generator 3: mutants of legal records


@dataclass(frozen=True)
class Recipe:
    """The options of one ``aluette generate`` run."""

    seed: int
    style: str
    policy: str
    hands: bool
    claims: bool
    options: str | None
    games: int
    #: the preset (every one: team-five plays to five tricks, scores by team)
    rules: str | None = None

    def args(self) -> list[str]:
        args = ["generate", "--seed", str(self.seed), "--games", str(self.games)]
        args += ["--rules", self.rules] if self.rules else []
        args += ["--style", self.style, "--policy", self.policy]
        args += ["--hands" if self.hands else "--no-hands"]
        args += ["--claims" if self.claims else "--no-claims"]
        return args + (["--options", self.options] if self.options else [])


@functools.lru_cache(maxsize=256)
def generated(recipe: Recipe) -> bytes:
    result = CliRunner().invoke(cli, recipe.args())
    assert result.exit_code == 0, (recipe, result.output)
    assert result.stdout_bytes
    return result.stdout_bytes


RECIPES = st.builds(
    Recipe,
    seed=st.integers(0, 2**31 - 1),
    style=st.sampled_from(("seats", "cards", "sheet")),
    policy=st.sampled_from(("uniform", "ties")),
    hands=st.booleans(),
    claims=st.booleans(),
    options=st.sampled_from((None, "chanter", "mordienne", "signals", "chanter,mordienne,signals")),
    games=st.integers(1, 2),
    rules=st.sampled_from((None, "classic", "team-five", "to-five-points")),
).filter(lambda r: not (r.rules == "team-five" and r.options and "mordienne" in r.options))
SPAN = 300  # the longest span deleted or duplicated
EDITS = (
    "delete",
    "duplicate",
    "insert",
    "swap-lines",
    "truncate",
    "change-byte",
    "repeat-line",
    "drop-line",
)
EDIT_BYTES = b'NESWdcbeo0123456789RCVAJK-:.[]{}";\r\n \t\x00\xff'


def edit(data: bytes, kind: str, draw: Callable[..., Any]) -> bytes:
    """One byte-level edit of ``data``."""
    n = len(data)
    if kind == "delete":
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + SPAN)))
        return data[:i] + data[j:]
    if kind == "duplicate":
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + SPAN)))
        k = draw(st.integers(0, n))
        return data[:k] + data[i:j] + data[k:]
    if kind == "insert":
        token = draw(st.one_of(grammar_tokens(), st.sampled_from(WHITESPACE)))
        k = draw(st.integers(0, n))
        return data[:k] + expand(token).encode("utf-8", errors="surrogatepass") + data[k:]
    if kind == "swap-lines":
        lines = data.split(b"\n")
        a = draw(st.integers(0, len(lines) - 1))
        b = draw(st.integers(0, len(lines) - 1))
        lines[a], lines[b] = lines[b], lines[a]
        return b"\n".join(lines)
    if kind in ("repeat-line", "drop-line"):
        # a whole line written twice or left out, as a scorer might: a trick
        # line repeated gives a deal ten tricks (once a crash in stats)
        lines = data.split(b"\n")
        a = draw(st.integers(0, len(lines) - 1))
        if kind == "repeat-line":
            lines.insert(a, lines[a])
        else:
            del lines[a]
        return b"\n".join(lines)
    if kind == "truncate":
        return data[: draw(st.integers(0, n))]
    assert kind == "change-byte"
    if n == 0:
        return data
    i = draw(st.integers(0, n - 1))
    new = draw(st.one_of(st.sampled_from(EDIT_BYTES), st.integers(0, 255)))
    return data[:i] + bytes([new]) + data[i + 1 :]


@st.composite
def mutants(draw: st.DrawFn) -> bytes:
    data = generated(draw(RECIPES))
    for _ in range(draw(st.integers(1, 5))):
        data = edit(data, draw(st.sampled_from(EDITS)), draw)
    return data


GENERATORS: dict[str, st.SearchStrategy[bytes]] = {
    "bytes": random_bytes(),
    "soup": st.deferred(token_soup),
    "mutant": mutants(),
}


# --------------------------------------------------------------------------
# Checks


def text_lines(data: bytes) -> list[str]:
    """The lines of the input as docs/notation.md §1 counts them (BOM dropped, any newline)."""
    text = data.decode("utf-8", errors="replace")
    text = text.removeprefix("\ufeff")
    return re.split(r"\r\n|\r|\n", text)


def check_library(data: bytes) -> None:
    """Every game read to the end; findings sorted and inside the text."""
    lines = text_lines(data)
    checked = list(check_source(io.BytesIO(data)))
    if currently_in_test_context():  # which findings the fuzz reaches: --hypothesis-show-statistics
        for code in sorted({f.code for game in checked for f in game.outcome.findings}):
            event(code)
    for index, game in enumerate(checked, start=1):
        assert game.game.index == index
        findings = game.outcome.findings
        positions = [(f.line, f.column) for f in findings]
        assert positions == sorted(positions), findings
        for f in findings:
            assert re.fullmatch(r"A\d{3}", f.code), f
            assert f.game == index, f
            assert "\n" not in f.message and "\r" not in f.message, f
            assert len(f.message) <= MAX_LINE, f"{len(f.message)}-character message: {f}"
            assert 1 <= f.line <= len(lines), (f, len(lines))
            assert 1 <= f.column <= len(lines[f.line - 1]) + 1, (f, lines[f.line - 1])


COMMANDS: dict[str, list[str]] = {
    "validate": ["validate"],
    "report": ["report"],
    "report-json": ["report", "--format", "json"],
    "convert-json": ["convert", "--to", "json"],
    "convert-aln": ["convert", "--to", "aln"],
    "annotate": ["annotate"],
}
#: Commands that read a record but answer in their own way (``stats`` counts
#: what it can and lists the rest): each must still end as the contract says,
#: with no internal error.
OTHER_COMMANDS: dict[str, list[str]] = {
    "stats": ["stats"],
    "stats-json": ["stats", "--format", "json"],
    "stats-csv": ["stats", "--format", "csv"],
    "validate-json": ["validate", "--format", "json"],
    "stats-by-card": ["stats", "--by", "card"],
    "stats-by-team": ["stats", "--by", "team", "--format", "json"],
}


def invoke(args: list[str], path: str) -> Result:
    """Run one command; it must end as docs/cli.md's contract says, whatever the input."""
    result = CliRunner().invoke(cli, [*args, path])
    if isinstance(result.exception, Hang):
        raise result.exception
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        trace = "".join(traceback.format_exception(*result.exc_info))
        raise AssertionError(f"aluette {' '.join(args)}: uncaught exception\n{trace}")
    assert "Traceback" not in result.stdout, args
    assert "Traceback" not in result.stderr, args
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    return result


def finding_line(path: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(path)}:(\d+):(\d+): (A\d{{3}}) ")


def run_all(data: bytes, path: Path) -> dict[str, Result]:
    path.write_bytes(data)
    return {name: invoke(args, str(path)) for name, args in COMMANDS.items()}


def check_cli(data: bytes, path: Path) -> None:
    runs = run_all(data, path)
    # What the formatter cannot write back whole, convert --to aln writes out
    # as it was, and says so once, naming codes among the findings, or the
    # NUL bytes it holds: with status 1 (docs/cli.md, convert), or the
    # findings' own where it is higher (an unknown ruleset, A401, is status 2
    # in every command).
    kept = re.compile(
        rf"^aluette: {re.escape(str(path))} written out as it is, not formatted: (?:parts of it"
        r" cannot be written back whole \((A00[39](?:, A00[39])?)\)(?:; .*)?"
        r"|it holds NUL bytes: .*|its formatted text would read otherwise: .*)$"
    )
    # annotate writes out as it is a file with NUL bytes, its findings said,
    # and so exits 1 at least (docs/formats.md §1), as convert --to aln does
    unnoted = f"aluette: {path} written out as it is, with no notes: it holds NUL bytes: "
    statuses = {name: run.exit_code for name, run in runs.items()}
    if any(kept.match(line) for line in runs["convert-aln"].stderr.splitlines()):
        status = statuses.pop("convert-aln")
        assert status == max(1, *statuses.values()), (status, runs["convert-aln"].stderr)
    if any(line.startswith(unnoted) for line in runs["annotate"].stderr.splitlines()):
        status = statuses.pop("annotate")
        assert status == max(1, *statuses.values()), (status, runs["annotate"].stderr)
    assert len(set(statuses.values())) == 1, statuses

    line_re = finding_line(str(path))
    listed = []
    for line in runs["validate"].stdout.splitlines():
        m = line_re.match(line)
        assert m, line
        assert len(line) <= MAX_LINE, f"{len(line)}-character finding: {line[:200]}..."
        listed.append((int(m[1]), int(m[2]), m[3]))
    for name in ("convert-json", "convert-aln", "annotate"):
        for line in runs[name].stderr.splitlines():
            if name == "convert-aln" and (m := kept.match(line)):
                if m[1] is None:
                    assert b"\0" in data, line
                else:
                    assert set(m[1].split(", ")) <= {code for _, _, code in listed}, line
                continue
            if name == "annotate" and line.startswith(unnoted):
                assert b"\0" in data, line
                continue
            assert line_re.match(line), (name, line)
            assert len(line) <= MAX_LINE, f"{name}: {len(line)}-character finding: {line[:200]}..."

    games = json.loads(runs["report-json"].stdout)["games"]
    for game in games:
        positions = [(v["line"], v["column"]) for v in game["violations"]]
        assert positions == sorted(positions), (game["index"], positions)
    reported = [(v["line"], v["column"], v["code"]) for g in games for v in g["violations"]]
    assert reported == listed

    converted = json.loads(runs["convert-json"].stdout)
    assert isinstance(converted, dict) and isinstance(converted.get("games"), list)

    for name, args in OTHER_COMMANDS.items():
        other = invoke(args, str(path))
        assert "internal error" not in other.stderr, (name, other.stderr)
        if name.endswith("json"):
            json.loads(other.stdout)


# --------------------------------------------------------------------------
# Damage is contained: a valid game after the fuzz

# What could legitimately take the sentinel game into the fuzz before it:
#
# * A brace comment left open.  A comment may span lines (docs/notation.md §1),
#   and the reader ends one left open at a tag or deal line only when the
#   next brace ahead does not close it; a "{" in the fuzz with a "}" in the
#   sentinel's own comments would rightly make the sentinel comment text.
#   So every "{" and "}" is removed from the fuzz (single bytes: never part
#   of a multi-byte UTF-8 sequence).  The other tests keep them.
# * A tag section still open.  Tag lines that follow one another, blank
#   lines or not, are one section (docs/notation.md §3), so the sentinel's tags
#   would join a tag section that ends the fuzz.  A deal header between
#   them (the barrier) closes any section: outside a brace comment a line
#   that starts with "deal <n>" always starts a deal, and after a deal a
#   "[" line starts a new game.
# * Nothing else: a tag string (TAG_VALUE) and a ";" comment end with their
#   line, so the blank lines before the barrier end both.
BARRIER = b"deal 1 dealer N"


@dataclass(frozen=True)
class Sentinel:
    text: bytes
    tags: dict[str, str]
    score: dict[str, int]
    winner: str
    deals: list[tuple[int, str | None]]  # (number, team scoring the point)


def make_sentinel(seed: int) -> Sentinel:
    """A finished classic game from the independent referee, tagged ``Event "Sentinel"``."""
    rng = random.Random(seed)
    form = Form(
        style=STYLES[seed % len(STYLES)],
        hands=seed % 3 != 0,
        claims=True,
        comments=seed % 2 == 0,
        tricky_comments=seed % 4 == 0,
        aliases=seed % 3 == 1,
        void_rate=0.2,
        newline="\r\n" if seed % 5 == 0 else "\n",
    )
    game = random_game(rng, form)
    text, n = re.subn(r'^\[Event "[^"\n]*"\]', '[Event "Sentinel"]', game.text, count=1)
    assert n == 1, game.text
    facts = game.facts
    return Sentinel(
        text.encode("utf-8"),
        {**facts.tags, "Event": "Sentinel"},
        facts.score,
        facts.winner,
        [(d.number, d.point_team) for d in facts.deals],
    )


SENTINELS = tuple(make_sentinel(seed) for seed in range(12))


def assert_is_sentinel(game: dict[str, Any], sentinel: Sentinel) -> None:
    assert game["tags"] == sentinel.tags
    assert game["violations"] == []
    assert game["score"] == sentinel.score
    assert game["winner"] == sentinel.winner
    assert game["complete"] is True
    deals = [(d["number"], d["point"]["team"] if d["point"] else None) for d in game["deals"]]
    assert deals == sentinel.deals


def check_contained(fuzz: bytes, sentinel: Sentinel, path: Path) -> None:
    prefix = fuzz.replace(b"{", b"").replace(b"}", b"")
    head = prefix + b"\n\n" + BARRIER + b"\n\n"
    first_line = len(re.split(rb"\r\n|\r|\n", head))  # where the sentinel starts
    path.write_bytes(head + sentinel.text)
    report = invoke(COMMANDS["report-json"], str(path))
    games = json.loads(report.stdout)["games"]
    assert len(games) >= 2  # the fuzz and the barrier, then the sentinel
    assert_is_sentinel(games[-1], sentinel)
    validate = invoke(COMMANDS["validate"], str(path))
    line_re = finding_line(str(path))
    for line in validate.stdout.splitlines():
        m = line_re.match(line)
        assert m, line
        assert int(m[1]) < first_line, (first_line, line)


# --------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "fuzz.aln"


def test_the_soup_is_read_from_the_grammar() -> None:
    vocab = vocabulary()
    for word in ("deal", "dealer", "point", "->", "winners", "stock", "[", "]", ":"):
        assert word in vocab.literals
    for name in ("CARD", "CARD_NAME", "SEAT", "TEAM", "INT", "TRICK_NO", "TAG_VALUE"):
        assert name in vocab.terminals
    assert re.fullmatch(vocab.terminals["CARD"], "3d")
    assert re.fullmatch(vocab.terminals["POURRI"], "pourri")
    assert re.fullmatch(vocab.terminals["CONCEDE_ANSWER"], "refused")


@pytest.mark.parametrize("sentinel", SENTINELS, ids=[str(i) for i in range(len(SENTINELS))])
def test_the_sentinels_are_clean_alone(sentinel: Sentinel, fuzz_file: Path) -> None:
    fuzz_file.write_bytes(sentinel.text)
    result = invoke(COMMANDS["report-json"], str(fuzz_file))
    assert result.exit_code == 0
    (game,) = json.loads(result.stdout)["games"]
    assert_is_sentinel(game, sentinel)


@pytest.mark.parametrize("source", sorted(GENERATORS))
@FUZZ
@given(data=st.data())
def test_the_library_reads_anything(source: str, data: st.DataObject) -> None:
    fuzz = data.draw(GENERATORS[source], label=source)
    with time_limit():
        check_library(fuzz)


@pytest.mark.parametrize("source", sorted(GENERATORS))
@FUZZ
@given(data=st.data())
def test_every_command_answers_anything(source: str, data: st.DataObject, fuzz_file: Path) -> None:
    fuzz = data.draw(GENERATORS[source], label=source)
    with time_limit():
        check_cli(fuzz, fuzz_file)


@pytest.mark.parametrize("source", sorted(GENERATORS))
@FUZZ
@given(data=st.data())
def test_damage_is_contained(source: str, data: st.DataObject, fuzz_file: Path) -> None:
    fuzz = data.draw(GENERATORS[source], label=source)
    sentinel = data.draw(st.sampled_from(SENTINELS), label="sentinel")
    with time_limit():
        check_contained(fuzz, sentinel, fuzz_file)


def _tagged(name: str, value: str) -> bytes:
    """A game of one tag and one bare deal header (valid: what is missing is no error)."""
    return f'[{name} "{value}"]\n\ndeal 1 dealer N\n'.encode()


#: Inputs the fuzz has brought up, each reduced by hand, kept so that they
#: are tried on every run: (input, the exit status docs/cli.md's contract gives it).
REPRODUCTIONS: dict[str, tuple[bytes, int]] = {
    # Numbers too long for int() (Python's 4300-digit limit): each is a
    # violation (a syntax error, or a Result not understood), never a crash.
    "huge-deal-number": (b"deal " + HUGE.encode() + b" dealer N\n", 1),
    "huge-trick-number": (b"deal 1 dealer N\n" + HUGE.encode() + b". N:3d\n", 1),
    "huge-points": (b"deal 1 dealer N\npoint NS " + HUGE.encode() + b"\n", 1),
    "huge-result": (b'[Result "NS ' + HUGE.encode() + b'-0"]\n\ndeal 1 dealer N\n', 1),
    # A ruleset file name with a NUL cannot be a file: an unknown ruleset (A401).
    "nul-in-ruleset-file-name": (b'[Rules "ho\x00use.toml"]\n\ndeal 1 dealer N\n', 2),
    # Long tag values: the finding is still one line of at most MAX_LINE characters.
    # A Result not understood is an error; a Date not understood a warning (A403);
    # an unknown ruleset or option a configuration error (A401).
    "long-result": (_tagged("Result", LONG_VALUE), 1),
    "long-date": (_tagged("Date", LONG_VALUE), 0),
    "long-rules": (_tagged("Rules", LONG_VALUE), 2),
    "long-ruleset-file-name": (_tagged("Rules", LONG_VALUE + ".toml"), 2),
    "long-options": (_tagged("Options", LONG_VALUE), 2),
    # A byte that is not UTF-8 (convert --to aln writes the file out as it
    # was) in a game whose ruleset is unknown: status 2, from every command.
    "not-utf8-and-unknown-rules": (
        b'\x80Event "G"]\n[Rules "Nlassic"]\n\ndeal 1 dealer W\n1. N:8e E:4e S:Cd W:Vc\n',
        2,
    ),
    # A NUL byte in a comment of a file with nothing else: validate finds
    # nothing (status 0), annotate writes it out as it is (status 1).
    "nul-in-a-comment-alone": (b";\x00", 0),
}


@pytest.mark.parametrize("name", sorted(REPRODUCTIONS))
def test_reproductions(name: str, fuzz_file: Path) -> None:
    data, status = REPRODUCTIONS[name]
    with time_limit():
        check_library(data)
        check_cli(data, fuzz_file)
        assert invoke(COMMANDS["validate"], str(fuzz_file)).exit_code == status
        check_contained(data, SENTINELS[0], fuzz_file)


def test_a_comment_full_of_deal_headers_is_read_in_linear_time(fuzz_file: Path) -> None:
    # A brace comment may span lines that look like deal headers
    # (docs/notation.md §1): 2 x 9,990 such lines, each comment closed, are
    # 320 KB of comments.
    # Reading them must take time in proportion to their size, as a 10 MB
    # line does (tests/test_bad_input.py): seconds, not minutes.
    block = b"{\n" + b"deal 1 dealer N\n" * 9_990 + b"}\n"
    fuzz_file.write_bytes(block * 2)
    with time_limit(5.0):
        result = invoke(COMMANDS["validate"], str(fuzz_file))
    assert result.exit_code == 0
    assert result.stdout == ""


@contextlib.contextmanager
def small_limits() -> Iterator[None]:
    """The reader's bounds (docs/notation.md §11) made small, so that the fuzz
    passes them often: cut lines, cut units, cut tag values."""
    from aluette_cli import pipeline
    from aluette_cli.reading import decode, split

    saved = (decode.MAX_LINE_BYTES, split.MAX_UNIT_CHARS, pipeline.MAX_TAG_VALUE)
    decode.MAX_LINE_BYTES, split.MAX_UNIT_CHARS, pipeline.MAX_TAG_VALUE = 40, 400, 8
    try:
        yield
    finally:
        decode.MAX_LINE_BYTES, split.MAX_UNIT_CHARS, pipeline.MAX_TAG_VALUE = saved


@pytest.mark.parametrize("source", sorted(GENERATORS))
@FUZZ
@given(data=st.data())
def test_the_limits_hold_on_anything(source: str, data: st.DataObject) -> None:
    fuzz = data.draw(GENERATORS[source], label=source)
    with small_limits(), time_limit():
        check_library(fuzz)


# --------------------------------------------------------------------------
# Control characters: whatever a record's tags, players' names, comments and
# file name hold, text for people carries none of them raw (a record must
# not drive the reader's terminal or forge a line of output), every line
# of ``validate`` is a finding line, and no CSV cell starts a formula.

#: What a record may smuggle: every C0 control but tab and the line ends
#: (which the reader splits on), DEL, C1 controls, the Unicode line and
#: paragraph separators, and whole terminal sequences.
CONTROL_PIECES = (
    *(chr(c) for c in range(0x20) if c not in (0x09, 0x0A, 0x0D)),
    "\x7f",
    "\x85",
    "\x9b",
    "\u2028",
    "\u2029",
    "\x1b]0;owned\x07",
    "\x1b[2J",
    "\x1b[31;1m",
    "\x9b2J",
    "=1+2",
    "@SUM(A1)",
    "+cmd|x",
    "-2+3",
)
#: What text output may hold below a space: the line end and tab.
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
#: The players' tags, so that the names (read by ``stats`` and the CSV) are smuggled too.
PLAYER_TAGS = ("North", "East", "South", "West", "Event", "Site")


@st.composite
def controlled(draw: st.DrawFn) -> tuple[str, bytes]:
    """A file name and a generated record, with control pieces in tag
    values, comments and anywhere in the text."""
    pieces = st.lists(st.sampled_from(CONTROL_PIECES), min_size=1, max_size=3).map("".join)
    tags = "".join(f'[{name} "{draw(pieces)}{name}"]\n' for name in PLAYER_TAGS)
    text = draw(st.sampled_from(("", tags))) + generated(draw(RECIPES)).decode("utf-8")
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        where = draw(st.sampled_from(("value", "comment", "anywhere")))
        if where == "value" and '"' in line:
            i = line.index('"') + 1
            lines[at] = line[:i] + draw(pieces) + line[i:]
        elif where == "comment":
            lines[at] = f"{line} {{{draw(pieces)}}}"
        else:
            i = draw(st.integers(0, len(line)))
            lines[at] = line[:i] + draw(pieces) + line[i:]
    name = "ctl" + draw(pieces).replace("\x00", "") + ".aln"
    return name, "\n".join(lines).encode("utf-8")


def check_controls(data: bytes, path: Path) -> None:
    path.write_bytes(data)
    # the file's name as shown: its control characters written as escapes
    line_re = re.compile(rf"^{re.escape(str(path.parent))}/ctl[^\n]*?\.aln:\d+:\d+: A\d{{3}} ")
    for args in (["validate"], ["validate", "--color", "always"], ["report"], ["stats"]):
        result = invoke(args, str(path))
        assert "internal error" not in result.stderr, (args, result.stderr)
        for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
            plain = re.sub("\x1b\\[\\d+m", "", text) if "always" in args else text
            raw = RAW_CONTROL.search(plain)
            assert raw is None, (
                args,
                stream,
                repr(plain[max(raw.start() - 40, 0) : raw.end() + 40]),
            )
        if args[0] == "validate":
            for line in result.stdout.splitlines():
                assert line_re.match(re.sub("\x1b\\[\\d+m", "", line)), (args, line)
    for args in (["report", "--format", "csv", "--level", "game"], ["stats", "--format", "csv"]):
        result = invoke(args, str(path))
        for row in csv.reader(io.StringIO(result.stdout, newline="")):
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (args, cell)
                assert not cell.startswith("-") or re.fullmatch(r"-\d+(\.\d+)?", cell), cell


@FUZZ
@given(case=controlled())
def test_control_characters_in_a_record_reach_no_output_raw(
    case: tuple[str, bytes], tmp_path_factory: pytest.TempPathFactory
) -> None:
    name, data = case
    folder = tmp_path_factory.mktemp("controls", numbered=True)
    with time_limit():
        check_controls(data, folder / name)


# The formatter and the converters lose nothing: three more classes of input
#
# * **duplicate-line**: a generated record with a hand, stock, winners or
#   point line written twice (changed or not, with a comment or not), as a
#   scorer copying a line might;
# * **limit-cut**: a generated record with a long comment, a long tag value
#   or a deal of many lines, read under :func:`small_limits` so that the
#   reader cuts it;
# * **comment-smuggling**: a generated record with comments whose text looks
#   like records: deal headers, tag lines and braces over several lines.
#
# What must hold: ``fmt`` either leaves the file byte for byte as it was, or
# writes back every record it read (the same games, deals and lines of each
# kind, every comment, every part it could not read verbatim); and a JSON
# record with such comments, converted to ALN, reads back with the same deals
# and comments, or the games it refuses are named and left out whole.

REPEATABLE = re.compile(rb"^(?:[NESW]:|stock:|winners:|point )")
SMUGGLED = (
    "deal 5 dealer S",
    "Deal 7",
    '[Event "smuggled"]',
    "{",
    "{ inner",
    "1. N:3d E:4d S:5d W:6d -> N",
    "point NS",
    ";",
    "",
)


@st.composite
def duplicate_lines(draw: st.DrawFn) -> bytes:
    lines = generated(draw(RECIPES)).split(b"\n")
    candidates = [i for i, line in enumerate(lines) if REPEATABLE.match(line)]
    for _ in range(draw(st.integers(1, 3)) if candidates else 0):
        i = draw(st.sampled_from(candidates))
        copy = lines[i]
        if draw(st.booleans()):
            copy = copy.replace(b" ", b"  ", 1) + draw(st.sampled_from([b"", b" {again}", b" ; x"]))
        lines.insert(i + 1, copy)
        candidates = [c + (c > i) for c in candidates]
    return b"\n".join(lines)


@st.composite
def limit_cuts(draw: st.DrawFn) -> bytes:
    """Cut by :func:`small_limits`: lines of 40 bytes, units of 400 characters,
    tag values of 8."""
    lines = generated(draw(RECIPES)).split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["line", "unit", "tag"]))
    if how == "line":
        lines[i] += b"  {" + b"long note " * draw(st.integers(4, 12)) + b"}"
    elif how == "unit":
        lines[i:i] = [b"{ many lines }"] * draw(st.integers(30, 60))
    else:
        lines.insert(0, b'[Annotator "' + b"a" * draw(st.integers(9, 40)) + b'"]')
    return b"\n".join(lines)


def smuggled_text(draw: st.DrawFn) -> str:
    """A comment's text that looks like records, over several lines."""
    parts = draw(st.lists(st.sampled_from(SMUGGLED), min_size=1, max_size=4))
    return "note\n" + "\n".join(parts)


@st.composite
def smuggling_comments(draw: st.DrawFn) -> bytes:
    lines = generated(draw(RECIPES)).split(b"\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        if not lines[i].strip() or lines[i].startswith(b"["):
            continue
        text = smuggled_text(draw).replace("}", "")
        if draw(st.booleans()):
            lines[i] += b"  {" + text.encode() + b"}"
        else:
            lines[i] += b"  ;" + text.split("\n")[-1].encode()
    return b"\n".join(lines)


LOSSLESS_GENERATORS: dict[str, st.SearchStrategy[bytes]] = {
    "duplicate-line": duplicate_lines(),
    "limit-cut": limit_cuts(),
    "comment-smuggling": smuggling_comments(),
}


def lines_of(deal: Any) -> tuple[int, ...]:
    """How many lines of each kind a deal holds, repeated ones included."""
    return (
        len(deal.hands) + len(deal.extra_hands),
        (deal.stock is not None) + len(deal.extra_stocks),
        len(deal.chants),
        len(deal.announces) + len(deal.concessions),
        len(deal.tricks),
        len(deal.signals),
        (deal.winners is not None) + len(deal.extra_winners),
        (deal.point is not None) + len(deal.extra_points),
    )


def record_of(data: bytes) -> tuple[list[Any], list[str], list[str]]:
    """What the formatter must keep of a text: each game's tags and its deals
    (lines of each kind, or the text of one that cannot be read), every
    comment's text, and every part kept verbatim."""
    from aluette_cli.model import Deal
    from aluette_cli.writers.aln import verbatim

    games, comments, kept = [], [], []
    for checked in check_source(io.BytesIO(data)):
        game = checked.game
        deals = []
        for deal in game.deals:
            if isinstance(deal, Deal) and deal.text is None:
                deals.append(lines_of(deal))
                parts = [deal, *deal.hands.values(), *deal.extra_hands, *deal.extra_stocks]
                parts += [deal.stock, deal.winners, deal.point, *deal.extra_winners]
                parts += [*deal.extra_points, *deal.chants, *deal.announces, *deal.concessions]
                parts += [*deal.tricks, *deal.signals]
                for part in parts:
                    for c in getattr(part, "comments", []) if part is not None else []:
                        comments.append(c.text.rstrip(" \t\f") if c.line else c.text)
            else:
                deals.append(("verbatim",))
                kept.append(verbatim(deal.text or ""))
        for comment in [*game.leading_comments, *game.tag_comments]:
            comments.append(comment.text.rstrip(" \t\f") if comment.line else comment.text)
        if game.draw is not None:
            comments += [c.text for c in game.draw.comments]
        kept += [verbatim(t) for t in (game.tags_text, game.leading_text) if t is not None]
        games.append(([(t.name, t.value) for t in game.tags], deals))
    return games, sorted(comments), kept


def check_fmt_keeps_everything(data: bytes, path: Path) -> None:
    path.write_bytes(data)
    result = invoke(["fmt"], str(path))
    after = path.read_bytes()
    # a ruleset the tool does not have (a Rules tag cut, or fuzzed): 2, as for every command
    unknown = re.search(rf"^{re.escape(str(path))}:\d+:\d+: A401 ", result.stderr, re.M) is not None
    if "left as it is" in result.stderr:
        event("fmt left the file as it was")
        assert result.exit_code == (2 if unknown else 1)
        assert after == data  # byte for byte
        assert finding_line(str(path)).search(result.stderr), result.stderr
        return
    # formatted all the same; a part it could not read is a syntax error: status 1
    found = re.search(finding_line(str(path)).pattern, result.stderr, re.M) is not None
    assert result.exit_code == (2 if unknown else 1 if found else 0), result.output
    event("fmt rewrote the file" if after != data else "fmt found it formatted")
    games, comments, kept = record_of(data)
    games_after, comments_after, _ = record_of(after)
    assert games_after == games
    assert comments_after == comments
    text = after.decode("utf-8")
    for part in kept:
        assert part in text, part


@pytest.mark.parametrize("source", sorted(LOSSLESS_GENERATORS))
@FUZZ
@given(data=st.data())
def test_fmt_keeps_every_record_or_leaves_the_file(
    source: str, data: st.DataObject, fuzz_file: Path
) -> None:
    fuzz = data.draw(LOSSLESS_GENERATORS[source], label=source)
    limits = small_limits() if source == "limit-cut" else contextlib.nullcontext()
    with limits, time_limit():
        check_fmt_keeps_everything(fuzz, fuzz_file)


@FUZZ
@given(data=st.data())
def test_convert_to_aln_and_back_keeps_the_deals_and_comments(
    data: st.DataObject, fuzz_file: Path
) -> None:
    record = data.draw(st.one_of(duplicate_lines(), smuggling_comments()), label="record")
    fuzz_file.write_bytes(record)
    with time_limit():
        document = json.loads(invoke(["convert", "--to", "json"], str(fuzz_file)).stdout)
        games = document["games"]
        for game in games:
            for deal in game["deals"]:
                # a deal read in part is written back from its text (`unread`),
                # so only a deal read whole takes a comment added to its list
                whole = "comments" in deal and "unread" not in deal
                if whole and data.draw(st.booleans(), label="hostile"):
                    text = smuggled_text(data.draw).replace("}", "")
                    deal["comments"].append({"text": text, "pos": deal["pos"]})
        source = fuzz_file.with_suffix(".json")
        source.write_text(json.dumps(document), "utf-8")
        aln = invoke(["convert", "--to", "aln"], str(source))
        refused = {int(n) for n in re.findall(r"game (\d+), deal \d+: a comment", aln.stderr)}
        event(f"{len(refused)} game(s) refused")
        fuzz_file.write_text(aln.stdout, "utf-8")
        back = json.loads(invoke(["convert", "--to", "json"], str(fuzz_file)).stdout)["games"]

    def deals_and_comments(game: dict[str, Any]) -> list[Any]:
        return [
            (
                d.get("number"),
                d.get("unread"),
                [c["text"].rstrip(" \t\f") for c in d.get("comments", [])],
            )
            for d in game["deals"]
        ]

    kept = [g for g in games if g["index"] not in refused]
    assert [deals_and_comments(g) for g in back] == [deals_and_comments(g) for g in kept]
