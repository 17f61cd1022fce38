"""``aluette convert``: the formatter, JSON, JSON Lines and CSV, and their errors.

Expected values are worked out by hand from docs/notation.md and docs/rules.md (the
hand-built deals below say how), or compared between two independent routes
through the tool (ALN -> JSON -> ALN against ALN -> ALN, CSV against the
report), never copied from one output of the tool.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import Result

from aluette_cli.convert import format_aln
from aluette_cli.pipeline import RuleChoice

from .conftest import ROOT, generated, invoke, run, write
from .conftest import SAMPLE_FILES as SAMPLES

SCHEMA_PATH = ROOT / "aluette_cli" / "schema" / "aln-record.schema.json"

# --------------------------------------------------------------------------
# Records, checked by hand

# Every kind of element carries a brace comment, the cards use every input
# alias (A/J/K ranks, the `o` suit, named cards), a comment stands before the
# first game, the tags are in an unusual order with escapes in a value, and
# `;` comments are spread around.  The play is legal: dealer E, so S leads.
#  1. S:2b (deux de chêne, group 7) beats the valets: S.
#  2. four sixes: pourri, S leads again.    3. 3d (monsieur): N.
#  4. 3c (madame): E.   5. Cc and Cd tie: pourri, E again.   6. 2d (borgne): W.
#  7. Rb and Rd tie: pourri.  8. 1c and 1b tie: pourri.  9. Ce beats Vd: S.
# N 1, E 1, S 2, W 1: S wins the point for NS.  Deal 2 (dealer S, since deal
# 1 scored): E takes tricks 1, 2 and 9, N 2, S 2, W 1: E, so EW.
DECORATED = """\
{ a leading comment, before the first game }
; a line comment, kept
[Zeta "last letter first"]
[Event "Decorated \\"quoted\\" \\\\ back"]  {tag comment on a middle tag}
[Site "Angers"] ; a line comment, kept in the tag section
[Options "signals"]
{ between the tags and the first deal }

deal 1 dealer E  {deal header comment}
N: 8c Ve Cd 7c 6d
   monsieur Jb 9b Ae  {north hand, on two lines}
{ north again, on its own line }
E: 7d 9e 3b 6e 8b Kb 1c 3c 5c {east hand}
S: 2b 4c Rd 1b Ce 2c 5b 6b 8d
W: 6c 4o Cc Vc Vd borgne 4e 4b 9c
stock: 7e 1o 8e 5d Re 5e 7b 3e Rc 9d Cb 2e  {the stock}
signal S deux-de-chene {signal before trick 1}
1. S:deux-de-chene W:Vc N:Jb E:8b -> S  {trick one}
2. S:6b W:6c {mid-trick} N:6d E:6e -> pourri
signal N monsieur  {signal between tricks}
3. S:5b W:4o N:monsieur E:9e -> N
4.   N:Ae  E:3c  S:2c  W:9c  ->  E
5. E:3b S:8d W:Cc N:Cd -> pourri
6. E:7d S:4c W:borgne N:9b -> W
7. W:4e N:8c E:Kb S:Rd -> pourri
8. W:4b N:Ve E:1c S:1b -> pourri
9. W:Vd N:7c E:5c S:Ce -> S ; line comment
point S  {point comment: monsieur Ao stays as written}

deal 2 dealer S {sheet deal}
winners: E E - W N S S N E {winners comment}
point EW
"""

# Its canonical form, written by hand from docs/notation.md and the formatter's
# rules: aliases normalised, one element per line, hands N E S W, tags in
# their order, every brace comment after its element, every `;` comment at the
# end of its element's line, and a blank line after the tag section and after
# every deal.
DECORATED_CANONICAL = """\
{ a leading comment, before the first game }
; a line comment, kept
[Zeta "last letter first"]
[Event "Decorated \\"quoted\\" \\\\ back"]
[Site "Angers"]
[Options "signals"]  {tag comment on a middle tag} ; a line comment, kept in the tag section
{ between the tags and the first deal }

deal 1 dealer E  {deal header comment}
N: 8c Ve Cd 7c 6d 3d Vb 9b 1e  {north hand, on two lines} { north again, on its own line }
E: 7d 9e 3b 6e 8b Rb 1c 3c 5c  {east hand}
S: 2b 4c Rd 1b Ce 2c 5b 6b 8d
W: 6c 4d Cc Vc Vd 2d 4e 4b 9c
stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e  {the stock}
signal S deux-de-chene  {signal before trick 1}
1. S:2b W:Vc N:Vb E:8b -> S  {trick one}
2. S:6b W:6c N:6d E:6e -> pourri  {mid-trick}
signal N monsieur  {signal between tricks}
3. S:5b W:4d N:3d E:9e -> N
4. N:1e E:3c S:2c W:9c -> E
5. E:3b S:8d W:Cc N:Cd -> pourri
6. E:7d S:4c W:2d N:9b -> W
7. W:4e N:8c E:Rb S:Rd -> pourri
8. W:4b N:Ve E:1c S:1b -> pourri
9. W:Vd N:7c E:5c S:Ce -> S  ; line comment
point S  {point comment: monsieur Ao stays as written}

deal 2 dealer S  {sheet deal}
winners: E E - W N S S N E  {winners comment}
point EW
"""

# A cards-only deal, dealer W, so N leads trick 1.  Who plays each card:
#  1. N:Rc E:4d S:5c W:6b   Rc (king) is highest: N, who leads trick 2.
#  2. N:Rd E:Re S:7c W:8d   two kings tie: pourri, N leads again.
#  3. N:4c E:3d S:5d W:6c   3d (monsieur): E leads next.
#  4. E:7d S:1c W:8c N:4b   1c (ace): S.
#  5. S:5b W:2c N:6d E:7b   2c (vache): W.
#  6. W:Vb N:Cb E:8b S:5e   Cb (cavalier) beats Vb (valet): N.
#  7. N:4e E:9e S:6e W:7e   9e (group 13) beats 7e: E.
#  8. E:8e S:Vc W:Cc N:9b   Cc (cavalier): W.
#  9. W:Ve N:Vd E:Cd S:Ce   Cd and Ce tie: pourri.
# N 2, E 2, S 1, W 2; N reached 2 at trick 6, E at 7, W at 8: N scores for NS.
HAND_BUILT_HEAD = """\
[Event "Hand-built"]

deal 1 dealer W
N: Rc Rd 4c 4b 6d Cb 4e 9b Vd
E: 4d Re 3d 7d 7b 8b 9e 8e Cd
S: 5c 7c 5d 1c 5b 5e 6e Vc Ce
W: 6b 8d 6c 8c 2c Vb 7e Cc Ve
stock: 1d 2d 3c 9d 9c 1b 2b 3b Rb 1e 2e 3e
"""
HAND_BUILT_CARDS = (
    HAND_BUILT_HEAD
    + """\
1. Rc 4d 5c 6b -> N
2. Rd Re 7c 8d -> pourri
3. 4c 3d 5d 6c -> E
4. 7d 1c 8c 4b -> S
5. 5b 2c 6d 7b -> W
6. Vb Cb 8b 5e -> N
7. 4e 9e 6e 7e -> E
8. 8e Vc Cc 9b -> W
9. Ve Vd Cd Ce -> pourri
point N
"""
)
HAND_BUILT_SEATS = (
    HAND_BUILT_HEAD
    + """\
1. N:Rc E:4d S:5c W:6b -> N
2. N:Rd E:Re S:7c W:8d -> pourri
3. N:4c E:3d S:5d W:6c -> E
4. E:7d S:1c W:8c N:4b -> S
5. S:5b W:2c N:6d E:7b -> W
6. W:Vb N:Cb E:8b S:5e -> N
7. N:4e E:9e S:6e W:7e -> E
8. E:8e S:Vc W:Cc N:9b -> W
9. W:Ve N:Vd E:Cd S:Ce -> pourri
point N
"""
)

# Three sheet deals; deal 2 cannot be read ('3x' is no card, line 8 col 6).
# Deal 3: N takes tricks 1-3, nobody else more than 2: N, so NS scores and
# the claim `point EW` is false.
BROKEN_AND_WRONG = """\
[Event "Bad"]

deal 1 dealer N
winners: E E E W N S - N E
point EW

deal 2 dealer E
1. N:3x E:4d

deal 3 dealer E
winners: N N N S S W W E E
point EW
"""

# The lines of optional rules and variants, each with its comment: the
# converters must keep them whatever the engine thinks of them.
OPTION_LINES = """\
[Event "Option lines"]
[Options "chanter, mordienne"]

deal 1 dealer W
N: Rc Rd 4c 4b 6d Cb 4e 9b Vd
E: 4d Re 3d 7d 7b 8b 9e 8e Cd
S: 5c 7c 5d 1c 5b 5e 6e Vc Ce
W: 6b 8d 6c 8c 2c Vb 7e Cc Ve
stock: 1d 2d 3c 9d 9c 1b 2b 3b Rb 1e 2e 3e
chant W takes 1d 2d 3c 9d 9c 1b discards 6b 8d 6c 8c 7e Ve {west chants}
chant N takes 2b 3b Rb 1e 2e 3e discards 4c 4b 6d 4e 9b Vd {north chants}
announce NS double {announced}
concede EW refused {refused}
point NS 2 {two points}

deal 2 dealer N
winners: - - - - - - - - -
point none {void}
"""

# docs/rules.md §1, row by row: the rank group of every card.
RANK_GROUP: dict[str, int] = {
    "3d": 1,
    "3c": 2,
    "2d": 3,
    "2c": 4,
    "9c": 5,
    "9d": 6,
    "2b": 7,
    "2e": 8,
    "9e": 13,
    "9b": 13,
    "3e": 19,
    "3b": 19,
}
for _suit in "dcbe":
    for _rank, _group in zip("1RCV8765", (9, 10, 11, 12, 14, 15, 16, 17), strict=True):
        RANK_GROUP[_rank + _suit] = _group
    RANK_GROUP["4" + _suit] = 18
assert len(RANK_GROUP) == 48

# The play table of docs/tables.md: the game's identity first, so that the
# CSVs of many files stack without two games merging.
CSV_HEADER = [
    "game_id",
    "file",
    "game",
    "deal_index",
    "deal",
    "dealer",
    "trick",
    "order",
    "seat",
    "card",
    "card_name",
    "rank_group",
    "trick_winner",
    "pourri",
    "won",
    "spoiled",
    "cancelled",
    "counted",
]

# --------------------------------------------------------------------------
# Helpers


def convert(path: Path, *args: str) -> Result:
    return invoke(["convert", str(path), *args])


def converted(tmp_path: Path, text: str | bytes, to: str, name: str = "in.aln", *args: str) -> str:
    result = convert(write(tmp_path, name, text), "--to", to, *args)
    assert result.exit_code in (0, 1, 2), result.output
    return result.stdout


@cache
def schema_validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_errors(document: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in schema_validator().iter_errors(document)
    ]


def without_pos(value: Any) -> Any:
    """A JSON record with its source positions left out."""
    if isinstance(value, dict):
        return {k: without_pos(v) for k, v in value.items() if k != "pos"}
    if isinstance(value, list):
        return [without_pos(v) for v in value]
    return value


_COMMENT = re.compile(r"\{[^}]*\}")


def outside_comments(line: str) -> str:
    return _COMMENT.sub("", line).rstrip()


def report_json(path: Path) -> Result:
    return invoke(["report", "--format", "json", str(path)])


# --------------------------------------------------------------------------
# Decorating generated games: comments on every element, aliases, signals

_CARD = re.compile(r"(?<![A-Za-z0-9])([1-9VCR])([dcbe])(?![A-Za-z0-9])")
_NAMES = {
    "3d": "monsieur",
    "3c": "madame",
    "2d": "borgne",
    "2c": "vache",
    "9c": "grand-neuf",
    "9d": "petit-neuf",
    "2b": "deux-de-chene",
    "2e": "deux-d-ecrit",
}
_ALIAS_RANK = {"1": "A", "V": "J", "R": "K"}


def _alias(card: str, k: int) -> str:
    """One of the spellings of ``card`` (docs/notation.md §2), chosen by ``k``."""
    rank, suit = card[0], card[1]
    spellings = [card]
    if card in _NAMES:
        spellings.append(_NAMES[card])
    if rank in _ALIAS_RANK:
        spellings.append(_ALIAS_RANK[rank] + suit)
    if suit == "d":
        spellings.append(rank + "o")
        if rank in _ALIAS_RANK:
            spellings.append(_ALIAS_RANK[rank] + "o")
    return spellings[k % len(spellings)]


def decorate(canonical: str) -> str:
    """The same games written the way a person might: aliases for cards, extra
    spaces, a hand over two lines, and a comment on every element whose text is
    the canonical line of that element (``{@<line>}``), plus signal lines.

    The tag section's comment reads ``{@tags}``; the leading one ``{@leading}``.
    """
    counter = iter(range(10**6))

    def spell(match: re.Match[str]) -> str:
        return _alias(match.group(), next(counter))

    out = ["{@leading monsieur Ao Kd stay as written}"]
    in_tags = False
    tricks_seen = 0
    for line in canonical.split("\n"):
        if line.startswith("["):
            out.append(line + ("" if in_tags else "  {@tags}"))
            in_tags = True
            continue
        in_tags = False
        if not line:
            out.append(line)
            continue
        note = f"{{@{line}}}"
        if line.startswith("deal "):
            tricks_seen = 0
            out.append(f"{line}{note}")  # no space before the comment
        elif line.startswith("N: "):
            cards = [spell(m) for m in _CARD.finditer(line)]
            out.append("N:  " + " ".join(cards[:4]))
            out.append("\t" + "  ".join(cards[4:]) + "  " + note)
        elif line[:2] in ("E:", "S:", "W:") or line.startswith("stock:"):
            out.append(_CARD.sub(spell, line) + " " + note)
        elif re.match(r"\d+\. ", line):
            tricks_seen += 1
            if tricks_seen == 1:
                out.append("signal N look-up  {@signal N look-up}")
            body = _CARD.sub(spell, line)
            if tricks_seen == 2:  # the comment in the middle of the line
                first, rest = body.split(" ", 1)
                out.append(f"{first}  {note}  {rest}")
            else:
                out.append(body.replace(" ", "  ") + " " + note)
            if tricks_seen == 5:
                out.append("signal S aces-shown  {@signal S aces-shown}")
        elif line.startswith("winners:"):
            out.append("signal E look-down {@signal E look-down}")
            out.append(line + " " + note)
        else:  # point
            out.append(line + "   " + note)
    return "\n".join(out)


# Every combination of the generator's options that changes what a record
# holds: trick style, hands or not, claims or not, and the `ties` policy.
GENERATED_FLAGS: list[tuple[str, ...]] = [
    (f"--style={style}", hands, claims)
    for style in ("seats", "cards", "sheet")
    for hands in ("--hands", "--no-hands")
    for claims in ("--claims", "--no-claims")
] + [
    ("--style=seats", "--policy=ties"),
    ("--style=cards", "--policy=ties", "--no-claims"),
    ("--style=sheet", "--policy=ties"),
    ("--style=seats", "--games=3"),
]


def _gen(i: int, flags: tuple[str, ...]) -> Callable[[], str]:
    return lambda: generated(100 + i, *flags)


def _decorated(i: int, flags: tuple[str, ...]) -> Callable[[], str]:
    return lambda: decorate(generated(200 + i, "--options=signals", *flags))


SOURCES: dict[str, Callable[[], str | bytes]] = {
    # samples as bytes: one of them may hold invalid UTF-8 on purpose
    **{f"sample-{p.name}": (lambda p=p: p.read_bytes()) for p in SAMPLES},
    **{f"gen{''.join(f)}": _gen(i, f) for i, f in enumerate(GENERATED_FLAGS)},
    **{f"decorated{''.join(f)}": _decorated(i, f) for i, f in enumerate(GENERATED_FLAGS)},
    "decorated-by-hand": lambda: DECORATED,
    "hand-built-cards": lambda: HAND_BUILT_CARDS,
    "hand-built-seats": lambda: HAND_BUILT_SEATS,
    "broken-and-wrong": lambda: BROKEN_AND_WRONG,
    "option-lines": lambda: OPTION_LINES,
}


@pytest.fixture(params=sorted(SOURCES))
def source(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    return write(tmp_path, "source.aln", SOURCES[request.param]())


# --------------------------------------------------------------------------
# Round trips, for every sample and generated record


def test_samples_are_found() -> None:
    assert SAMPLES, "samples/*.aln is empty"


def test_canonical_is_idempotent(source: Path, tmp_path: Path) -> None:
    canonical = convert(source, "--to", "aln").stdout
    assert canonical
    again = converted(tmp_path, canonical, "aln", "canonical.aln")
    assert again == canonical


def canonical_form(source: Path) -> str:
    """The formatter's text of ``source``, made even where ``convert --to
    aln`` writes the input out as it was instead (a record past a limit of
    the reader, such as the violations sample: docs/formats.md)."""
    return format_aln(source.read_bytes(), str(source), RuleChoice(), base=source.parent).text


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_formats_round_trip_to_the_canonical_aln(
    source: Path, tmp_path: Path, fmt: str
) -> None:
    canonical = canonical_form(source)
    data = convert(source, "--to", fmt).stdout
    back = converted(tmp_path, data, "aln", f"record.{fmt}")
    assert back == canonical


def test_canonical_form_keeps_everything_the_record_holds(source: Path, tmp_path: Path) -> None:
    # Tags and their order, every comment on its element, every part of every
    # deal: the record read from the original and from its canonical form
    # are the same apart from source positions.
    original = json.loads(convert(source, "--to", "json").stdout)
    canonical = canonical_form(source)
    again = json.loads(converted(tmp_path, canonical, "json", "canonical.aln"))
    # What the reader could not hold of the original (a byte that is not
    # UTF-8, a line past the limit) its canonical form cannot show: the
    # original's JSON keeps it as the findings themselves, and the
    # formatter never writes such a text (docs/formats.md).
    cut = pop_cut(original)
    assert pop_cut(again) == []
    assert without_pos(again) == without_pos(original)
    found = invoke(["validate", "--format", "json", source]).stdout
    said = [json.loads(line.rstrip(",")) for line in found.splitlines() if line.startswith("{")]
    assert cut == [
        (f["code"], f["message"], f["line"], f["column"])
        for f in said
        if f["code"] == "A003" or f["message"].startswith("this line is longer")
    ]


def pop_cut(record: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """The ``cut`` entries of a JSON record (code, message, line, column),
    in record order, taken out of it."""
    out = []
    for game in record["games"]:
        for holder in [game, *game["deals"]]:
            for c in holder.pop("cut", []):
                out.append((c["code"], c["message"], c["pos"]["line"], c["pos"]["column"]))
    return out


def test_json_output_validates_against_the_schema(source: Path) -> None:
    document = json.loads(convert(source, "--to", "json").stdout)
    assert schema_errors(document) == []
    assert document["format"] == "aluette-record"
    assert document["version"] == 1


def test_each_jsonl_line_is_self_contained(source: Path) -> None:
    lines = convert(source, "--to", "jsonl").stdout.splitlines()
    assert lines
    for line in lines:
        row = json.loads(line)
        assert set(row) >= {"format", "version", "game", "deal"}
        assert row["format"] == "aluette-record"
        assert row["version"] == 1
        assert isinstance(row["game"]["index"], int)
        assert isinstance(row["game"]["tags"], list)
        # The row as a one-game document of its own is a valid record.
        game = {**row["game"], "deals": [] if row["deal"] is None else [row["deal"]]}
        document = {"format": row["format"], "version": row["version"], "games": [game]}
        assert schema_errors(document) == []


def test_a_jsonl_line_alone_converts(tmp_path: Path) -> None:
    text = generated(7, "--games=2")
    lines = converted(tmp_path, text, "jsonl").splitlines()
    assert len(lines) >= 10
    for i in (0, len(lines) - 1):
        single = write(tmp_path, f"line{i}.jsonl", lines[i] + "\n")
        result = convert(single, "--to", "aln")
        row = json.loads(lines[i])
        tags = [f'[{t["name"]} "{t["value"]}"]' for t in row["game"]["tags"]]
        out = result.stdout.splitlines()
        assert out[: len(tags)] == tags
        assert f"deal {row['deal']['number']} dealer {row['deal']['dealer']}" in out
        assert "A001" not in result.stderr


def test_generated_records_convert_without_findings(tmp_path: Path) -> None:
    for i, flags in enumerate(GENERATED_FLAGS):
        path = write(tmp_path, f"g{i}.aln", generated(100 + i, *flags))
        for fmt in ("aln", "json", "jsonl", "csv"):
            result = convert(path, "--to", fmt)
            assert (result.exit_code, result.stderr) == (0, ""), (flags, fmt)


# --------------------------------------------------------------------------
# The formatter: aliases, comments, layout


def test_decorated_record_by_hand(tmp_path: Path) -> None:
    result = convert(write(tmp_path, "d.aln", DECORATED), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == DECORATED_CANONICAL


@pytest.mark.parametrize("flags", GENERATED_FLAGS, ids=lambda f: "".join(f))
def test_decorated_generated_games(tmp_path: Path, flags: tuple[str, ...]) -> None:
    plain = generated(300, "--options=signals", *flags)
    decorated = decorate(plain)
    result = convert(write(tmp_path, "d.aln", decorated), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    canonical = result.stdout
    lines = canonical.split("\n")

    # Every comment is kept, and stands on the line of the element it was
    # written after: its text is that element's canonical line.
    assert canonical.count("{@") == decorated.count("{@")
    for number, line in enumerate(lines):
        for note in re.findall(r"\{@([^}]*)\}", line):
            if note.startswith("leading"):
                assert number == 0
            elif note == "tags":
                assert line.startswith("[")
                assert not lines[number + 1].startswith("[")
            else:
                assert outside_comments(line) == note

    # Apart from the comments and the signal lines, the canonical form is the
    # canonical form of the plain record.
    stripped = [outside_comments(line) for line in lines[1:] if not line.startswith("signal ")]
    plain_canonical = converted(tmp_path, plain, "aln", "plain.aln")
    assert stripped == plain_canonical.split("\n")


def test_decorated_generated_uses_aliases_and_output_has_none(tmp_path: Path) -> None:
    decorated = decorate(generated(301, "--options=signals"))
    # the input really is full of aliases ...
    body = "\n".join(outside_comments(line) for line in decorated.split("\n"))
    for alias in (r"\bA[dcbeo]\b", r"\bJ[dcbeo]\b", r"\bK[dcbeo]\b", r"\b[1-9VCR]o\b"):
        assert re.search(alias, body), alias
    for name in _NAMES.values():
        assert name in body, name
    # ... and the canonical output has none of them outside comments.
    canonical = converted(tmp_path, decorated, "aln")
    assert_no_aliases(canonical)


def assert_no_aliases(text: str) -> None:
    for line in text.split("\n"):
        if line.startswith(("[", "signal ")):
            continue
        body = outside_comments(line)
        assert not re.search(r"(?<![A-Za-z])[AJK][dcbeo]\b", body), line
        assert not re.search(r"(?<![A-Za-z])[1-9VCR]o\b", body), line
        for name in _NAMES.values():
            assert name not in body, line


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("1. N:Ad E:Jc S:Kb W:Ae", "1. N:1d E:Vc S:Rb W:1e"),
        ("1. N:3o E:Ao S:Jo W:Ko", "1. N:3d E:1d S:Vd W:Rd"),
        ("1. N:monsieur E:madame S:borgne W:vache", "1. N:3d E:3c S:2d W:2c"),
        (
            "1. grand-neuf petit-neuf deux-de-chene deux-d-ecrit",
            "1. 9c 9d 2b 2e",
        ),
    ],
)
def test_aliases_are_normalised(tmp_path: Path, written: str, canonical: str) -> None:
    text = f'[Event "aliases"]\n\ndeal 1 dealer W\n{written}\n'
    out = converted(tmp_path, text, "aln")
    assert canonical in out.split("\n")
    assert_no_aliases(out)


def test_crlf_and_bom_input_give_the_same_canonical_form(tmp_path: Path) -> None:
    lf = converted(tmp_path, DECORATED, "aln", "lf.aln")
    crlf = DECORATED.replace("\n", "\r\n").encode("utf-8")
    assert converted(tmp_path, b"\xef\xbb\xbf" + crlf, "aln", "crlf.aln") == lf


# --------------------------------------------------------------------------
# --style seats / cards


def test_style_seats_fills_in_the_turn_order(tmp_path: Path) -> None:
    result = convert(write(tmp_path, "c.aln", HAND_BUILT_CARDS), "--to", "aln", "--style", "seats")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == HAND_BUILT_SEATS
    check = invoke(["validate", str(write(tmp_path, "seats.aln", result.stdout))])
    assert (check.exit_code, check.stdout) == (0, "")


@pytest.mark.parametrize("via", ["json", "jsonl"])
def test_style_seats_from_json_of_a_game_with_findings_seats_every_card(
    tmp_path: Path, via: str
) -> None:
    """formats.md §2: ALN from JSON is the ALN from the record, byte for
    byte, in every style.  A game with a finding is replayed placed in its
    JSON file, and its tricks were looked for on the JSON's lines: no card
    got its seat."""
    short = HAND_BUILT_CARDS.replace("point", "{short} point", 1)
    text = "\n".join(x for x in short.split("\n") if not x.startswith("9. ")) + "\n"
    record = write(tmp_path, "c.aln", text)
    direct = convert(record, "--to", "aln", "--style", "seats")
    assert direct.exit_code == 1 and "A206" in direct.stderr
    assert re.search(r"^1\. [NESW]:", direct.stdout, re.M)
    json_file = tmp_path / f"c.{via}"
    convert(record, "--to", via, "-o", str(json_file))
    back = convert(json_file, "--to", "aln", "--style", "seats")
    assert back.stdout == direct.stdout


def test_style_cards_drops_the_seats(tmp_path: Path) -> None:
    result = convert(write(tmp_path, "s.aln", HAND_BUILT_SEATS), "--to", "aln", "--style", "cards")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == HAND_BUILT_CARDS
    check = invoke(["validate", str(write(tmp_path, "cards.aln", result.stdout))])
    assert (check.exit_code, check.stdout) == (0, "")


def test_style_keep_writes_tricks_as_recorded(tmp_path: Path) -> None:
    assert converted(tmp_path, HAND_BUILT_CARDS, "aln", "c.aln") == HAND_BUILT_CARDS
    assert converted(tmp_path, HAND_BUILT_SEATS, "aln", "s.aln") == HAND_BUILT_SEATS


def test_style_seats_on_a_generated_corpus_matches_the_report(tmp_path: Path) -> None:
    cards = generated(11, "--style=cards", "--games=2", "--policy=ties")
    path = write(tmp_path, "cards.aln", cards)
    seats = convert(path, "--to", "aln", "--style", "seats").stdout
    played = [
        [[seat, card] for seat, card in (p.split(":") for p in line.split()[1:5])]
        for line in seats.split("\n")
        if re.match(r"\d+\. ", line)
    ]
    reported = json.loads(report_json(path).stdout)
    expected = [
        trick["plays"]
        for game in reported["games"]
        for deal in game["deals"]
        for trick in deal["tricks"]
    ]
    assert played == expected
    check = invoke(["validate", str(write(tmp_path, "seats.aln", seats))])
    assert (check.exit_code, check.stdout) == (0, "")
    # and back: cards-only again gives the generated text's canonical form
    back = converted(tmp_path, seats, "aln", "back.aln", "--style", "cards")
    assert back == converted(tmp_path, cards, "aln", "cards2.aln")


def test_the_seats_written_in_change_no_finding(tmp_path: Path) -> None:
    """Deal 1 of samples/cards-only.aln with E's and W's hand lines under
    each other's seats: the findings of the cards alone, and of the same
    record with the seats written in, are the same (formats.md §1:
    formatting changes the layout, never the record): one A110."""
    sample = (Path(__file__).parent.parent / "samples" / "cards-only.aln").read_text("utf-8")
    deal = sample[sample.index("deal 1 ") : sample.index("deal 2 ")]
    seat = {"E:": "W:", "W:": "E:"}
    deal = "".join(seat.get(line[:2], line[:2]) + line[2:] for line in deal.splitlines(True))
    path = write(tmp_path, "swapped.aln", deal)
    written = converted(tmp_path, deal, "aln", "c.aln", "--style", "seats")
    seats = write(tmp_path, "seats.aln", written)

    def codes(source: Path) -> list[str]:
        return re.findall(r": (A\d{3}) ", invoke(["validate", str(source)]).stdout)

    assert codes(seats) == codes(path) == ["A110"]


def test_style_seats_after_an_unreadable_deal(tmp_path: Path) -> None:
    # The broken deal takes a place in the game (and is written back as it
    # was): the seats of the next deal must still be its own.
    text = HAND_BUILT_CARDS.replace("deal 1 dealer W", "deal 1 dealer S\n1. 3x\n\ndeal 2 dealer W")
    out = converted(tmp_path, text, "aln", "b.aln", "--style", "seats")
    # The unreadable line costs only itself, and the formatter keeps it as written.
    assert out == HAND_BUILT_SEATS.replace(
        "deal 1 dealer W", "deal 1 dealer S\n1. 3x\n\ndeal 2 dealer W"
    )


# --------------------------------------------------------------------------
# CSV


def csv_rows(text: str) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text))
    assert reader.fieldnames == CSV_HEADER
    return list(reader)


def test_csv_of_the_hand_built_deal(tmp_path: Path) -> None:
    rows = csv_rows(converted(tmp_path, HAND_BUILT_CARDS, "csv"))
    assert len(rows) == 36
    seats = [line.split()[1:5] for line in HAND_BUILT_SEATS.split("\n") if re.match(r"\d\. ", line)]
    winners = ["N", "", "E", "S", "W", "N", "E", "W", ""]
    for i, row in enumerate(rows):
        trick, order = divmod(i, 4)
        seat, card = seats[trick][order].split(":")
        assert row["game"] == "1"
        assert row["deal"] == "1"
        assert row["dealer"] == "W"
        assert row["trick"] == str(trick + 1)
        assert row["order"] == str(order + 1)
        assert (row["seat"], row["card"]) == (seat, card)
        assert row["rank_group"] == str(RANK_GROUP[card])
        assert row["trick_winner"] == winners[trick]
        assert row["pourri"] == ("true" if winners[trick] == "" else "false")
    by_card = {row["card"]: row for row in rows}
    assert by_card["3d"]["rank_group"] == "1"
    assert by_card["3d"]["card_name"] == "three of coins (monsieur)"
    assert by_card["1c"]["rank_group"] == "9"
    assert by_card["1c"]["card_name"] == "ace of cups"
    assert by_card["2c"]["card_name"] == "two of cups (vache)"
    assert by_card["Rc"]["card_name"] == "king of cups"


def test_csv_rank_groups_of_the_extremes(tmp_path: Path) -> None:
    # Aces all in group 9, monsieur alone in 1, 3e and 3b in 19 (docs/rules.md §1).
    text = '[Event "x"]\n\ndeal 1 dealer W\n1. 3d 1d 1c 1b\n2. 1e 3e 3b 2e\n'
    rows = csv_rows(converted(tmp_path, text, "csv"))
    assert [(r["card"], r["rank_group"]) for r in rows] == [
        ("3d", "1"),
        ("1d", "9"),
        ("1c", "9"),
        ("1b", "9"),
        ("1e", "9"),
        ("3e", "19"),
        ("3b", "19"),
        ("2e", "8"),
    ]


def _winner(plays: list[tuple[str, str]]) -> str:
    """docs/rules.md §3: the single highest card wins; a tie for the top is pourri."""
    best = min(RANK_GROUP[card] for _, card in plays)
    top = [seat for seat, card in plays if RANK_GROUP[card] == best]
    return top[0] if len(top) == 1 else ""


_RANK_WORDS = dict(
    zip(
        "123456789VCR",
        [
            "ace",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "valet",
            "cavalier",
            "king",
        ],
        strict=True,
    )
)
_SUIT_WORDS = {"d": "coins", "c": "cups", "b": "clubs", "e": "swords"}


@pytest.mark.parametrize("style", ["seats", "cards"])
def test_csv_of_a_generated_corpus_agrees_with_the_report(tmp_path: Path, style: str) -> None:
    text = generated(21, f"--style={style}", "--games=3", "--policy=ties")
    path = write(tmp_path, "corpus.aln", text)
    result = convert(path, "--to", "csv")
    assert (result.exit_code, result.stderr) == (0, "")
    rows = csv_rows(result.stdout)
    reported = json.loads(report_json(path).stdout)

    expected = []
    for game in reported["games"]:
        for deal in game["deals"]:
            for trick in deal["tricks"]:
                winner = trick["winner"] or ""
                assert trick["pourri"] == (winner == "")
                for order, (seat, card) in enumerate(trick["plays"], 1):
                    expected.append(
                        {
                            "game": str(game["index"]),
                            "deal": str(deal["number"]),
                            "dealer": deal["dealer"],
                            "trick": str(trick["number"]),
                            "order": str(order),
                            "seat": seat,
                            "card": card,
                            "trick_winner": winner,
                            "pourri": "true" if trick["pourri"] else "false",
                        }
                    )
    assert len(rows) == len(expected)  # one row per card played
    assert len(rows) == 4 * len(re.findall(r"^\d+\. ", text, re.M))
    for row, want in zip(rows, expected, strict=True):
        assert {k: row[k] for k in want} == want
        assert row["rank_group"] == str(RANK_GROUP[row["card"]])
        words = f"{_RANK_WORDS[row['card'][0]]} of {_SUIT_WORDS[row['card'][1]]}"
        assert row["card_name"].split(" (")[0] == words

    # And each trick's winner, worked out from the rows alone with docs/rules.md.
    tricks: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for row in rows:
        tricks.setdefault((row["game"], row["deal"], row["trick"]), []).append(row)
    for plays in tricks.values():
        assert [r["order"] for r in plays] == ["1", "2", "3", "4"]
        assert len({r["seat"] for r in plays}) == 4
        assert plays[0]["trick_winner"] == _winner([(r["seat"], r["card"]) for r in plays])


def test_csv_of_score_sheets_has_no_rows(tmp_path: Path) -> None:
    rows = csv_rows(converted(tmp_path, generated(22, "--style=sheet"), "csv"))
    assert rows == []


# --------------------------------------------------------------------------
# Input format detection


@pytest.fixture
def three_forms(tmp_path: Path) -> dict[str, bytes]:
    text = generated(31, "--games=2")
    path = write(tmp_path, "g.aln", text)
    return {
        "aln": text.encode("utf-8"),
        "json": convert(path, "--to", "json").stdout.encode("utf-8"),
        "jsonl": convert(path, "--to", "jsonl").stdout.encode("utf-8"),
        "canonical": convert(path, "--to", "aln").stdout.encode("utf-8"),
    }


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("r.aln", "aln"),
        ("r.json", "json"),
        ("r.jsonl", "jsonl"),
        ("r.ndjson", "jsonl"),
    ],
)
def test_format_from_the_extension(
    tmp_path: Path, three_forms: dict[str, bytes], name: str, kind: str
) -> None:
    result = convert(write(tmp_path, name, three_forms[kind]), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.encode("utf-8") == three_forms["canonical"]


def test_the_extension_decides_and_from_overrides_it(
    tmp_path: Path, three_forms: dict[str, bytes]
) -> None:
    # ALN text in a .json file is read as JSON (and fails), unless --from says otherwise.
    path = write(tmp_path, "mislabelled.json", three_forms["aln"])
    result = convert(path, "--to", "aln")
    assert result.exit_code == 1
    assert "JSON" in result.stderr
    fixed = convert(path, "--to", "aln", "--from", "aln")
    assert (fixed.exit_code, fixed.stderr) == (0, "")
    assert fixed.stdout.encode("utf-8") == three_forms["canonical"]
    # JSON Lines in a .json file, and a JSON document in a .aln file.
    for name, kind, source in (("rows.json", "jsonl", "jsonl"), ("doc.aln", "json", "json")):
        path = write(tmp_path, name, three_forms[kind])
        result = convert(path, "--to", "aln", "--from", source)
        assert (result.exit_code, result.stderr) == (0, ""), name
        assert result.stdout.encode("utf-8") == three_forms["canonical"]


@pytest.mark.parametrize("name", ["record.txt", "record", "record.dat"])
@pytest.mark.parametrize("kind", ["aln", "json", "jsonl"])
def test_format_from_the_content_for_unknown_extensions(
    tmp_path: Path, three_forms: dict[str, bytes], name: str, kind: str
) -> None:
    result = convert(write(tmp_path, name, three_forms[kind]), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.encode("utf-8") == three_forms["canonical"]


def test_format_from_the_content_of_small_jsonl(tmp_path: Path) -> None:
    text = generated(32, "--style=sheet", "--no-hands")
    rows = converted(tmp_path, text, "jsonl")
    result = convert(write(tmp_path, "rows.txt", rows), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == converted(tmp_path, text, "aln")


def test_aln_starting_with_a_brace_comment_is_detected_as_aln(tmp_path: Path) -> None:
    # A brace comment may stand before the first game (docs/notation.md §1): the
    # leading '{' does not make the text JSON.
    expected = converted(tmp_path, DECORATED, "aln", "d.aln")
    result = convert(write(tmp_path, "d.txt", DECORATED), "--to", "aln")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == expected
    done = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "convert", "-", "--to", "aln"],
        input=DECORATED.encode("utf-8"),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("utf-8") == expected


@pytest.mark.parametrize(
    ("first", "kind"),
    [
        (b'{ "Club night" at Paul\'s }\n', "aln"),  # quoted words, no key
        (b"{\n  a comment over\n  lines }\n", "aln"),  # a "{" alone above words
        (b"\xef\xbb\xbf{ a note }\n", "aln"),
        (b'{"format": "aluette-record", "version": 1, "games": []}\n', "json"),
        (b'{\n  "format": "aluette-record",\n', "json"),  # a key on the next line
        (b'  {  "games" : []}\n', "json"),
        (b"{}\n", "json"),
    ],
)
def test_a_first_brace_is_json_only_before_a_key_and_its_colon(first: bytes, kind: str) -> None:
    """formats.md §6: an ALN record may well start with a brace comment,
    whose words may be quoted; a JSON document's brace opens a key."""
    from aluette_cli.convert import open_input

    fmt, rewound = open_input(io.BytesIO(first + b'[Event "x"]\n'), "-", None)
    assert fmt == kind
    assert b"".join(rewound) == first + b'[Event "x"]\n'  # nothing lost to the look


@pytest.mark.parametrize("kind", ["aln", "json", "jsonl"])
def test_format_from_the_content_of_standard_input(
    three_forms: dict[str, bytes], kind: str
) -> None:
    # A real process, so that standard input is what a shell pipe gives.
    done = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "convert", "-", "--to", "aln"],
        input=three_forms[kind],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == three_forms["canonical"]


def test_from_overrides_for_standard_input(three_forms: dict[str, bytes]) -> None:
    result = invoke(["convert", "-", "--to", "aln", "--from", "json"], three_forms["json"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.encode("utf-8") == three_forms["canonical"]
    result = invoke(["convert", "-", "--to", "aln", "--from", "jsonl"], three_forms["jsonl"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.encode("utf-8") == three_forms["canonical"]


# --------------------------------------------------------------------------
# Deals that cannot be read, and violations

_FINDING_LINE = re.compile(
    r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>A\d{3}) (?P<msg>.+)$"
)


@pytest.mark.parametrize("fmt", ["aln", "json", "jsonl"])
def test_a_syntax_error_costs_one_line(tmp_path: Path, fmt: str) -> None:
    # Issue 10: the unreadable trick line costs that line; deal 2 is kept.
    path = write(tmp_path, "bad.aln", BROKEN_AND_WRONG)
    result = convert(path, "--to", fmt)
    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    first = _FINDING_LINE.match(errors[0])
    assert first is not None, errors[0]
    assert (first["file"], first["line"], first["col"], first["code"]) == (
        str(path),
        "8",
        "6",
        "A001",
    )
    assert first["msg"].endswith("(deal 2)")
    assert "3x" in first["msg"]
    # The deal that cannot be read is kept as written, in its place.
    if fmt == "aln":
        numbers = re.findall(r"^deal (\d+) ", result.stdout, re.M)
        assert "deal 2 dealer E\n1. N:3x E:4d\n" in result.stdout
    elif fmt == "json":
        deals = json.loads(result.stdout)["games"][0]["deals"]
        numbers = [str(d["number"]) for d in deals]
        assert deals[1]["unread"] == "deal 2 dealer E\n1. N:3x E:4d"
    else:
        rows = [json.loads(x)["deal"] for x in result.stdout.splitlines()]
        numbers = [str(d["number"]) for d in rows]
        assert rows[1]["unread"] == "deal 2 dealer E\n1. N:3x E:4d"
    assert numbers == ["1", "2", "3"]


def test_the_other_deals_are_written_as_recorded(tmp_path: Path) -> None:
    out = converted(tmp_path, BROKEN_AND_WRONG, "aln")
    assert out == (
        '[Event "Bad"]\n\n'
        "deal 1 dealer N\nwinners: E E E W N S - N E\npoint EW\n\n"
        "deal 2 dealer E\n1. N:3x E:4d\n\n"
        "deal 3 dealer E\nwinners: N N N S S W W E E\npoint EW\n"
    )


def test_a_violation_exits_1_and_the_deal_is_converted_as_recorded(tmp_path: Path) -> None:
    # Trick 1 is N's (Rc), not E's: the claim is false; the point is N's, not EW's.
    text = HAND_BUILT_SEATS.replace(
        "1. N:Rc E:4d S:5c W:6b -> N", "1. N:Rc E:4d S:5c W:6b -> E"
    ).replace("point N\n", "point EW\n")
    path = write(tmp_path, "wrong.aln", text)
    for fmt in ("aln", "json", "jsonl", "csv"):
        result = convert(path, "--to", fmt)
        assert result.exit_code == 1, fmt
        codes = [m["code"] for m in map(_FINDING_LINE.match, result.stderr.splitlines()) if m]
        assert codes == ["A301", "A302"], fmt
        assert "(deal 1, trick 1)" in result.stderr.splitlines()[0]
    assert converted(tmp_path, text, "aln", "wrong.aln") == text
    # CSV rows carry the engine's winner, not the false claim.
    rows = csv_rows(converted(tmp_path, text, "csv", "wrong.aln"))
    assert rows[0]["trick_winner"] == "N"


def test_syntax_error_in_csv_output(tmp_path: Path) -> None:
    text = HAND_BUILT_CARDS.replace("deal 1 dealer W", "deal 1 dealer S\n1. 3x\n\ndeal 2 dealer W")
    result = convert(write(tmp_path, "b.aln", text), "--to", "csv")
    assert result.exit_code == 1
    assert "A001" in result.stderr
    rows = csv_rows(result.stdout)
    assert len(rows) == 36
    assert {r["deal"] for r in rows} == {"2"}


# --------------------------------------------------------------------------
# Malformed JSON and JSON Lines


@pytest.fixture
def two_games(tmp_path: Path) -> dict[str, Any]:
    """Two small games (score sheets), as a JSON document and as rows."""
    path = write(tmp_path, "two.aln", generated(41, "--games=2", "--style=sheet", "--no-hands"))
    return {
        "doc": json.loads(convert(path, "--to", "json").stdout),
        "rows": [json.loads(x) for x in convert(path, "--to", "jsonl").stdout.splitlines()],
    }


def _set_first_deal(doc: dict[str, Any], key: str, value: Any) -> None:
    doc["games"][0]["deals"][0][key] = value


def _trick(card: str, seat: str | None = "N") -> list[dict[str, Any]]:
    at = {"line": 1, "column": 1}
    play = {"seat": seat, "card": card, "pos": at}
    return [{"number": 1, "plays": [play], "claim": None, "pos": at, "comments": []}]


BAD_GAME: dict[str, Callable[[dict[str, Any]], None]] = {
    "card Zz": lambda d: _set_first_deal(d, "tricks", _trick("Zz")),
    "dealer X": lambda d: _set_first_deal(d, "dealer", "X"),
    "play seat Q": lambda d: _set_first_deal(d, "tricks", _trick("3d", "Q")),
    "winner Q": lambda d: d["games"][0]["deals"][0]["winners"]["entries"].__setitem__(0, "Q"),
    "deal not an object": lambda d: d["games"][0]["deals"].__setitem__(0, 5),
    "hands not a list": lambda d: _set_first_deal(d, "hands", 5),
    "claim a list": lambda d: _set_first_deal(d, "tricks", [{**_trick("3d")[0], "claim": [1]}]),
    "game a string": lambda d: d["games"].__setitem__(0, "x"),
}


def _assert_clean_failure(result: Result) -> None:
    assert result.exit_code == 1, result.output
    assert result.stderr.strip()
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr


@pytest.mark.parametrize("fault", sorted(BAD_GAME))
def test_a_bad_game_in_a_json_document(
    tmp_path: Path, two_games: dict[str, Any], fault: str
) -> None:
    doc = two_games["doc"]
    BAD_GAME[fault](doc)
    result = convert(write(tmp_path, "bad.json", json.dumps(doc)), "--to", "aln")
    _assert_clean_failure(result)
    # the message names the game, and the other game is still converted
    assert "game 1" in result.stderr
    assert '[Event "Generated game 2"]' in result.stdout
    assert '[Event "Generated game 1"]' not in result.stdout


def test_bad_card_and_seat_messages(tmp_path: Path, two_games: dict[str, Any]) -> None:
    doc = json.loads(json.dumps(two_games["doc"]))
    BAD_GAME["card Zz"](doc)
    result = convert(write(tmp_path, "card.json", json.dumps(doc)), "--to", "aln")
    assert "'Zz' is not a card" in result.stderr
    doc = json.loads(json.dumps(two_games["doc"]))
    BAD_GAME["dealer X"](doc)
    result = convert(write(tmp_path, "seat.json", json.dumps(doc)), "--to", "aln")
    assert "'X'" in result.stderr
    assert "N, E, S, W" in result.stderr


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "aluette-record", "version": 1, "games": [', "not valid JSON"),
        ('{"format": "something-else", "version": 1, "games": []}', "format"),
        ("[1, 2]", "format"),
        ('{"format": "aluette-record", "version": 1}', "games"),
        ("", "JSON"),
    ],
    ids=["truncated", "wrong-format", "array", "no-games", "empty"],
)
def test_a_bad_json_document(tmp_path: Path, text: str, words: str) -> None:
    result = convert(write(tmp_path, "bad.json", text), "--to", "aln")
    _assert_clean_failure(result)
    assert words in result.stderr
    assert result.stdout == ""


# JSON that cannot be written as ALN must not come out as ALN the tool cannot
# read back: the game is refused with a message, like any malformed game.  All
# of these but the newline break the schema too.
NOT_WRITABLE: dict[str, Callable[[dict[str, Any]], None]] = {
    "comment with a closing brace": lambda d: d["games"][0]["deals"][0]["comments"].append(
        {"text": "a } b", "pos": {"line": 1, "column": 1}}
    ),
    "tag value with a newline": lambda d: d["games"][0]["tags"][0].__setitem__("value", "a\nb"),
    "tag name with a space": lambda d: d["games"][0]["tags"][0].__setitem__("name", "bad name"),
    "signal name with spaces": lambda d: d["games"][0]["deals"][0]["signals"].append(
        {
            "seat": "N",
            "what": "Bad Sign",
            "before": 0,
            "pos": {"line": 1, "column": 1},
            "comments": [],
        }
    ),
    "negative deal number": lambda d: _set_first_deal(d, "number", -2),
    "trick without cards": lambda d: _set_first_deal(
        d, "tricks", [{**_trick("3d")[0], "plays": []}]
    ),
    "points true": lambda d: d["games"][0]["deals"][0]["point"].__setitem__("points", True),
}


@pytest.mark.parametrize("fault", sorted(NOT_WRITABLE))
def test_json_that_cannot_be_written_as_aln_is_refused(
    tmp_path: Path, two_games: dict[str, Any], fault: str
) -> None:
    doc = two_games["doc"]
    NOT_WRITABLE[fault](doc)
    assert bool(schema_errors(doc)) == (fault != "tag value with a newline")
    result = convert(write(tmp_path, "bad.json", json.dumps(doc)), "--to", "aln")
    _assert_clean_failure(result)
    assert '[Event "Generated game 2"]' in result.stdout
    # whatever was written reads back without a syntax error
    check = invoke(["validate", str(write(tmp_path, "out.aln", result.stdout))])
    assert " A00" not in check.stdout


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "aluette-record", "version": 1, "games": [{"index": 1e400}]}',
        '{"format": "aluette-record", "version": 1, "games": [{"index": Infinity}]}',
    ],
    ids=["deeply-nested", "huge-number", "infinity"],
)
def test_pathological_json_is_a_clean_failure(tmp_path: Path, text: str) -> None:
    result = convert(write(tmp_path, "bad.json", text), "--to", "aln")
    _assert_clean_failure(result)


def _rows_file(tmp_path: Path, rows: list[Any]) -> Path:
    lines = [row if isinstance(row, str) else json.dumps(row) for row in rows]
    return write(tmp_path, "rows.jsonl", "\n".join(lines) + "\n")


@pytest.mark.parametrize(
    "fault",
    ["bad JSON", "card Zz", "dealer X", "not an object", "no game", "index not a number"],
)
def test_a_bad_jsonl_line_costs_only_itself(
    tmp_path: Path, two_games: dict[str, Any], fault: str
) -> None:
    rows: list[Any] = two_games["rows"]
    total = len(rows)
    bad = rows[1]
    if fault == "bad JSON":
        rows[1] = json.dumps(bad)[:-5]
    elif fault == "card Zz":
        bad["deal"]["tricks"] = _trick("Zz")
    elif fault == "dealer X":
        bad["deal"]["dealer"] = "X"
    elif fault == "not an object":
        rows[1] = "[1, 2]"
    elif fault == "no game":
        del bad["game"]
    else:
        bad["game"]["index"] = "abc"
    result = convert(_rows_file(tmp_path, rows), "--to", "aln")
    _assert_clean_failure(result)
    said = [_FINDING_LINE.match(line) for line in result.stderr.splitlines()]
    found = [(m["line"], m["code"]) for m in said if m is not None]
    # the row is one finding of its game, in the order of the file, not a
    # game of its own said before the game it stands in
    assert ("2", "A001") in found
    assert [int(line) for line, _ in found] == sorted(int(line) for line, _ in found)
    assert len(re.findall(r"^deal \d+ dealer", result.stdout, re.M)) == total - 1
    assert '[Event "Generated game 2"]' in result.stdout
    assert result.stdout.count('[Event "Generated game 1"]') == 1
    report = json.loads(invoke(["report", "--format", "json", _rows_file(tmp_path, rows)]).stdout)
    assert [game["index"] for game in report["games"]] == [1, 2]


@pytest.mark.parametrize(("key", "value"), [("format", "something-else"), ("version", 99)])
def test_a_jsonl_line_of_another_format_is_refused(
    tmp_path: Path, two_games: dict[str, Any], key: str, value: Any
) -> None:
    rows: list[Any] = two_games["rows"]
    total = len(rows)
    rows[1][key] = value
    result = convert(_rows_file(tmp_path, rows), "--to", "aln")
    _assert_clean_failure(result)
    assert key in result.stderr
    assert len(re.findall(r"^deal \d+ dealer", result.stdout, re.M)) == total - 1


# --------------------------------------------------------------------------
# Output file


def test_output_option_writes_the_file(tmp_path: Path) -> None:
    source = write(tmp_path, "in.aln", DECORATED)
    target = tmp_path / "out" / "record.json"
    target.parent.mkdir()
    result = convert(source, "--to", "json", "-o", str(target))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert target.read_text(encoding="utf-8") == convert(source, "--to", "json").stdout
    assert [p.name for p in target.parent.iterdir()] == ["record.json"]  # no temporary left


def test_output_option_replaces_an_existing_file(tmp_path: Path) -> None:
    source = write(tmp_path, "in.aln", DECORATED)
    target = write(tmp_path, "out.aln", "old content\n")
    result = convert(source, "--to", "aln", "--output", str(target))
    assert result.exit_code == 0
    assert target.read_text(encoding="utf-8") == DECORATED_CANONICAL


@pytest.mark.parametrize("where", ["missing-directory", "under-a-file"])
def test_unwritable_output_exits_2(tmp_path: Path, where: str) -> None:
    source = write(tmp_path, "in.aln", DECORATED)
    if where == "missing-directory":
        target = tmp_path / "no" / "such" / "out.json"
    else:
        target = write(tmp_path, "plain-file", "x") / "out.json"
    result = convert(source, "--to", "json", "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr.startswith("aluette: ")
    assert "Traceback" not in result.stderr
    assert not target.exists()


def test_missing_input_exits_2(tmp_path: Path) -> None:
    result = convert(tmp_path / "nope.aln", "--to", "json")
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr


# --------------------------------------------------------------------------
# Comments from JSON that would read back as records (docs/formats.md)

TWO_GAMES = (
    '[Event "one"]\n\ndeal 1 dealer N  {note}\nwinners: N N N E E - S W W\npoint NS\n\n'
    "deal 2 dealer E\npoint EW\n\n\n"
    '[Event "two"]\n\ndeal 1 dealer N  {note}\npoint NS\n'
)


def _with_first_comment(tmp_path: Path, text: str) -> Path:
    """TWO_GAMES as JSON, the first deal's comment replaced by ``text``."""
    document = json.loads(converted(tmp_path, TWO_GAMES, "json"))
    document["games"][0]["deals"][0]["comments"][0]["text"] = text
    return write(tmp_path, "hostile.json", json.dumps(document))


def _read_back(aln: str) -> list[tuple[str, list[int], list[str]]]:
    """Each game of an ALN text: its Event, its deal numbers, its comments' texts."""
    document = json.loads(invoke(["convert", "-", "--from", "aln", "--to", "json"], aln).stdout)
    return [
        (
            game["tags"][0]["value"],
            [deal.get("number") for deal in game["deals"]],
            [c["text"] for deal in game["deals"] for c in deal.get("comments", [])],
        )
        for game in document["games"]
    ]


def test_comments_too_long_together_for_aln_are_said_when_written(tmp_path: Path) -> None:
    """Two comments of 40,000 bytes, each one ALN can hold, on one deal
    header: its ALN line is past the reader's limit.  convert wrote it and
    said nothing (exit 0); it still writes it, there being no other ALN to
    write, and says where it would not read back (exit 1)."""
    document = json.loads(converted(tmp_path, TWO_GAMES, "json"))
    comment = document["games"][0]["deals"][0]["comments"][0]
    document["games"][0]["deals"][0]["comments"] = [
        {**comment, "text": "a" * 40_000},
        {**comment, "text": "b" * 40_000},
    ]
    path = write(tmp_path, "long.json", json.dumps(document))
    assert invoke(["validate", str(path)]).exit_code == 0  # as JSON, a record
    result = convert(path, "--to", "aln")
    assert result.exit_code == 1
    said = f"aluette: {path}: its ALN, written all the same, would not read back whole: at line"
    assert said in result.stderr and "65,536 bytes" in result.stderr
    assert "a" * 40_000 in result.stdout and "b" * 40_000 in result.stdout


@pytest.mark.parametrize(
    "hostile",
    [
        "a\ndeal 5 dealer S {",
        'a\n[Event "x"] { b',
        "a\n  Deal 5\nb {c",
        # read back as a line feed
        "a\rb",
        "a\r\nb",
        # a line the reader would cut, and the deal with it skipped
        "x" * 70_000,
        "a\n" + "\u00e9" * 33_000,
    ],
    ids=["deal", "tag", "Deal", "cr", "crlf", "long", "long in bytes"],
)
def test_a_comment_that_would_read_back_as_a_record_is_refused(
    tmp_path: Path, hostile: str
) -> None:
    result = convert(_with_first_comment(tmp_path, hostile), "--to", "aln")
    assert result.exit_code == 1
    assert "cannot be written as ALN" in result.stderr and "game is skipped" in result.stderr
    # nothing the JSON did not hold: the refused game is left out, the other is whole
    assert _read_back(result.stdout) == [("two", [1], ["note"])]


@pytest.mark.parametrize(
    "safe", ['a\ndeal 5 dealer S\n[Event "x"] b', "a {b}\ndeal 5", "{ a\n; b\n  c"]
)
def test_a_comment_over_lines_converts_to_aln_and_back_whole(tmp_path: Path, safe: str) -> None:
    safe = safe.replace("}", ")")  # a brace comment holds no '}' (docs/notation.md §1)
    result = convert(_with_first_comment(tmp_path, safe), "--to", "aln")
    assert result.exit_code == 0, result.stderr
    assert _read_back(result.stdout) == [("one", [1, 2], [safe]), ("two", [1], ["note"])]


# --------------------------------------------------------------------------
# Bounded memory: no input is held whole


def _bounded_run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The tool in a process allowed 1 GiB of address space: an input read
    whole (an endless device, say) ends in MemoryError rather than swapping."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-m", "aluette_cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        preexec_fn=limit,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("name", "args", "words"),
    [
        ("zero.aln", ["validate"], "A009"),
        ("zero.json", ["validate"], "not valid JSON"),
        ("zero.jsonl", ["validate"], "reading stops 256 MiB into it"),
        ("zero.jsonl", ["convert", "--to", "aln"], "reading stops 256 MiB into it"),
        ("zero.aln", ["fmt", "--check"], "A009"),
    ],
)
def test_a_link_to_an_endless_device_ends_with_a_finding(
    tmp_path: Path, name: str, args: list[str], words: str
) -> None:
    """Reading stops at a limit with the limit's finding: no MemoryError.
    (The link is only read; nothing is written to the device.)"""
    (tmp_path / name).symlink_to("/dev/zero")
    result = _bounded_run([*args, name], tmp_path)
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert words in said
    assert "internal error" not in said and "Traceback" not in said


def test_a_json_lines_row_past_the_limit_is_skipped_unread(tmp_path: Path) -> None:
    from aluette_cli.convert import MAX_ROW_BYTES

    rows = convert(write(tmp_path, "in.aln", DECORATED), "--to", "jsonl").stdout.splitlines()
    long = '{"format": "aluette-record", "version": 1, "x": "' + "y" * MAX_ROW_BYTES + '"}'
    path = write(tmp_path, "long.jsonl", "\n".join([long, *rows, long]) + "\n")
    result = convert(path, "--to", "aln")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}:{n}:1: A001 this line is longer than the limit of {MAX_ROW_BYTES:,} bytes;"
        " it is skipped"
        for n in (1, len(rows) + 2)
    ]
    assert result.stdout == DECORATED_CANONICAL


def test_fmt_check_reads_a_file_once_in_blocks(tmp_path: Path) -> None:
    """fmt formats into a file and compares it with the input block by
    block: an unchanged file is said unchanged, a changed one changed, and
    standard input (read once) the same way."""
    same = write(tmp_path, "same.aln", DECORATED_CANONICAL)
    other = write(tmp_path, "other.aln", DECORATED)
    result = invoke(["fmt", "--check", str(same), str(other)])
    assert result.exit_code == 1
    assert f"would reformat {other}" in result.stderr
    assert f"would reformat {same}" not in result.stderr
    assert invoke(["fmt", "--check", "-"], input=DECORATED_CANONICAL).exit_code == 0
    assert invoke(["fmt", "--check", "-"], input=DECORATED).exit_code == 1
    assert invoke(["fmt", "-"], input=DECORATED).stdout == DECORATED_CANONICAL
    assert invoke(["fmt", str(other)]).exit_code == 0
    assert other.read_text(encoding="utf-8") == DECORATED_CANONICAL


def test_a_record_of_no_games_converts_to_json_and_reads_back_as_none(tmp_path: Path) -> None:
    # An empty ALN file is valid (no deals: status 0); so is its JSON, whose
    # games list is there and empty, unlike a document without one.
    for fmt in ("json", "jsonl"):
        data = converted(tmp_path, b"", fmt, "empty.aln")
        back = invoke(["validate", "--from", fmt, "-"], data)
        assert (back.exit_code, back.stdout) == (0, ""), (fmt, data, back.stderr)
    missing = invoke(["validate", "--from", "json", "-"], '{"format": "aluette-record"}')
    assert missing.exit_code == 1
    assert "A001 the document has no 'games' list" in missing.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_lone_surrogate_in_a_json_record_costs_its_game_and_is_said(
    tmp_path: Path, fmt: str
) -> None:
    data = convert(write(tmp_path, "g.aln", generated(3)), "--to", fmt).stdout
    assert '"Generated game 1"' in data
    bad = write(tmp_path, f"bad.{fmt}", data.replace('"Generated game 1"', '"Game \\ud800"'))
    for command in (["validate"], ["report"], ["convert", "--to", "aln"], ["stats"]):
        result = invoke([*command, str(bad)])  # never an internal error
        assert result.exit_code == 1, (command, result.output)
    said = invoke(["validate", str(bad)]).stdout
    assert "A001 not valid JSON: a lone surrogate escape (half of a pair) is no character" in said
    assert "no 'games' list" not in said  # the list is there: one of its games is not


def test_seats_written_after_a_missing_trick_are_each_lines_own(tmp_path: Path) -> None:
    """Each trick line gets the seats of the trick it was replayed as, by
    its line: by place, the line after a missing trick got none and each
    later one the seats of the trick before it, and the record read back
    with nineteen errors."""
    from .test_engine import CARDS_ONLY

    hands = (
        "N: 8c 4d 9d 4c 6e 8e 4b 7c 2d\nE: 2e Rd Ve 8d 3b Cb 7d 9b Cd\n"
        "S: 5d 3e 2b 8b 1c 1e 6d 4e 5b\nW: 2c 9c Rb Vc 5c 3d 9e 5e 3c\n"
        "stock: 6b Re 7b Rc 1d 1b Vd Cc Ce Vb 7e 6c\n"
    )
    text = CARDS_ONLY.replace("dealer W\n", "dealer W\n" + hands)
    source = write(tmp_path, "r.aln", text.replace("2. 7c Cd 4e 2c -> W\n", ""))
    seated = tmp_path / "seated.aln"
    assert (
        invoke(["convert", "--to", "aln", "--style", "seats", source, "-o", seated]).exit_code == 1
    )
    assert "3. W:5e N:8e E:2e S:3e -> E\n4. E:9b S:8b W:Vc N:9d -> N\n" in seated.read_text()
    again = invoke(["validate", seated])
    assert again.stdout == f"{seated}:10:1: A201 trick 2 is missing: trick 3 follows trick 1;" + (
        " the tricks after it are checked as their numbers say (deal 1, trick 3)\n"
    )


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        # a line typed twice: the copy gets its line's seats, and is still one
        ("3. 5e 8e 2e 3e -> E\n", "3. 5e 8e 2e 3e -> E\n" * 2, "3. W:5e N:8e E:2e S:3e -> E\n" * 2),
        # a fifth card goes round to the leader (A205); seated, it would be
        # one card too many for its seat (A202): the line keeps its cards alone
        ("3. 5e 8e 2e 3e -> E\n", "3. 5e 8e 2e 3e 7e -> E\n", "3. 5e 8e 2e 3e 7e -> E\n"),
    ],
)
def test_lines_the_replay_left_aside_read_back_alike_once_seated(
    tmp_path: Path, old: str, new: str, kept: str
) -> None:
    """formats.md §1: formatting changes the layout, never the record.  A
    copy seated on one line only was a trick of its own, and every trick
    after it one place late (twelve findings for one)."""
    from .test_engine import CARDS_ONLY

    source = write(tmp_path, "r.aln", CARDS_ONLY.replace(old, new))
    seated = tmp_path / "seated.aln"
    invoke(["convert", "--to", "aln", "--style", "seats", source, "-o", seated])
    assert kept in seated.read_text()

    def found(path: Path) -> list[tuple[str, object, object]]:
        rows = json.loads(invoke(["validate", "--format", "json", path]).stdout)
        return [(row["code"], row["deal"], row["trick"]) for row in rows]

    assert found(seated) == found(source) != []


@pytest.mark.parametrize("where", ["before the first game", "at the end"])
def test_a_bad_jsonl_line_outside_a_game_is_no_game_of_its_own(
    tmp_path: Path, two_games: dict[str, Any], where: str
) -> None:
    """A line before the first game is the first game's finding; one after
    the last, the last game's.  Before, the first was a game of its own:
    two games with index 1 in the report, and one game too many counted."""
    rows: list[Any] = list(two_games["rows"])
    if where == "before the first game":
        rows.insert(0, "this line is not JSON")
    else:
        rows.append("this line is not JSON")
    path = _rows_file(tmp_path, rows)
    report = json.loads(invoke(["report", "--format", "json", path]).stdout)
    assert [game["index"] for game in report["games"]] == [1, 2]
    said = invoke(["validate", path])
    assert said.exit_code == 1
    line = 1 if where == "before the first game" else len(rows)
    assert f"{path}:{line}:1: A001 not valid JSON" in said.stdout
    assert said.stderr.startswith("2 games,")


def _validated(path: Path, *args: str) -> tuple[Result, list[list[str]]]:
    """``validate`` of a file, and the codes ``report --format json`` gives
    each of its games, in order (games numbered 1, 2, ... as read)."""
    report = json.loads(invoke(["report", "--format", "json", path]).stdout)
    assert [g["index"] for g in report["games"]] == list(range(1, len(report["games"]) + 1))
    codes = [[f["code"] for f in g["violations"]] for g in report["games"]]
    return invoke(["validate", *args, path]), codes


@pytest.mark.parametrize(
    ("commas", "game"),
    [("{0},\n{1}@\n", 2), ("{0},@\n{1}\n", 1), ("@{0},\n{1}\n", 1)],
    ids=["trailing", "doubled", "leading"],
)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_comma_too_many_in_a_json_games_list_is_a_finding_of_a_game_not_a_game(
    tmp_path: Path, two_games: dict[str, Any], commas: str, game: int, jobs: str
) -> None:
    """``[G1, G2,]`` holds two games and a comma too many: before, the comma
    was read as a third game that could not be read ("this game is
    skipped"), counted, and reported with a game of its own.  It is a
    finding of the game beside it (``@`` marks it here)."""
    doc = two_games["doc"]
    before, after = commas.split("@")
    games = [json.dumps(g) for g in doc["games"]]
    start = _games_head(doc) + before.format(*games)
    text = start + "," + after.format(*games) + "]}\n"
    said = "a comma too many in the games list; read as if not there"
    codes = _one_slip_in_the_games_list(write(tmp_path, "commas.json", text), start, said, jobs)
    assert codes == [["A001"] if k == game else [] for k in (1, 2)]


def _games_head(doc: dict[str, Any]) -> str:
    """A record document's text up to its games list's first game."""
    return json.dumps({k: v for k, v in doc.items() if k != "games"})[:-1] + ', "games": [\n'


def _one_slip_in_the_games_list(path: Path, start: str, said: str, jobs: str) -> list[list[str]]:
    """Validate a document of two games with one slip in its list, right
    after ``start``: one A001 there that says ``said``, both games read; the
    codes each game gives."""
    row = start.count("\n") + 1
    column = len(start) - start.rfind("\n")
    result, codes = _validated(path, "-j", jobs)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{path}:{row}:{column}: A001 not valid JSON: {said}"]
    assert result.stderr.startswith("2 games, ")
    assert convert(path, "--to", "aln").stdout.count("[Event ") == 2
    return codes


@pytest.mark.parametrize("between", ["\n", "", " \n  "], ids=["lines", "joined", "blanks"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_comma_left_out_between_json_games_loses_no_game(
    tmp_path: Path, two_games: dict[str, Any], between: str, jobs: str
) -> None:
    """``[G1 G2]``: the comma left out was read as the end of G1 gone wrong,
    G1 skipped, and G2 with it (formats.md: a game that is not valid JSON in
    itself costs that game only, and here none is).  Both are read, and the
    comma's place is a finding of the game before it, as a comma too many's."""
    first, second = (json.dumps(g) for g in two_games["doc"]["games"])
    start = _games_head(two_games["doc"]) + first + between
    path = write(tmp_path, "comma.json", start + second + "\n]}\n")
    said = "a comma left out between two games; read as if it were there"
    assert _one_slip_in_the_games_list(path, start, said, jobs) == [["A001"], []]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["CR", "CRLF", "LF"])
@pytest.mark.parametrize("block", [1, 7, 1 << 16])
def test_json_lines_rows_end_at_any_line_end_as_aln_lines_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, end: str, block: int
) -> None:
    """A row ends at \\n, \\r\\n or \\r alone (notation §1's line ends):
    rows ended by \\r alone were one line, every deal lost to one A001,
    where the same record as ALN reads whole.  However the input is read
    in blocks (a \\r\\n cut between two blocks is one line end)."""
    from aluette_cli import convert as C

    record = write(tmp_path, "two.aln", generated(3, "--games", "2"))
    rows = convert(record, "--to", "jsonl").stdout.splitlines()
    path = tmp_path / "two.jsonl"
    path.write_bytes((end.join(rows) + end).encode())
    monkeypatch.setattr(C, "BLOCK", block)
    said = invoke(["validate", str(path)])
    assert (said.exit_code, said.stdout) == (0, "")
    assert said.stderr.startswith("2 games, 10 deals")
    with_error = (end.join([*rows[:3], "{oops", *rows[3:]]) + end).encode()
    path.write_bytes(with_error)
    assert "two.jsonl:4:" in invoke(["validate", str(path)]).stdout


@pytest.mark.parametrize("version", ["banana", 2, None, 1.0, True])
def test_a_json_document_of_another_version_is_refused_as_jsonl_rows_are(
    tmp_path: Path, two_games: dict[str, Any], version: object
) -> None:
    """The version was never looked at in a .json document (any value, or
    none, was read as 1), while each JSON Lines row's is checked."""
    doc = {"format": "aluette-record", "version": version, "games": two_games["doc"]["games"]}
    text = json.dumps(doc)
    path = write(tmp_path, "v.json", text)
    said = invoke(["validate", path])
    assert said.exit_code == 1
    at = text.index('"version"') + len('"version": ')
    assert said.stdout.splitlines() == [
        f"{path}:1:{at + 1}: A001 not an aluette-record JSON document of version 1"
        f" (its 'version': {json.dumps(version)})"
    ]
    # nothing is read as the wrong version (and a file with an error is no
    # file with "nothing to check")
    assert said.stderr == "1 game, 0 deals: 1 error, 0 warnings\n"


@pytest.mark.parametrize(
    ("left_out", "said"),
    [
        (
            "version",
            "the document gives no 'version' before its games (an aluette-record document"
            " is of version 1); its games are read as of that version",
        ),
        # (the finding came after the games' own, out of place order, and was
        # counted a game of its own: a game of no deals in the report)
        (
            "format",
            "the document gives no 'format' before its games (an aluette-record document"
            ' says "format": "aluette-record"); its games are read as such',
        ),
    ],
)
def test_a_json_document_without_its_version_or_format_is_said_once_and_read(
    tmp_path: Path, two_games: dict[str, Any], left_out: str, said: str
) -> None:
    doc = {"format": "aluette-record", "version": 1, "games": two_games["doc"]["games"]}
    del doc[left_out]
    path = write(tmp_path, "left-out.json", json.dumps(doc))
    result, codes = _validated(path)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{path}:1:1: A001 {said}"]
    assert result.stderr.startswith("2 games, ")
    assert codes == [["A001"], []]
    report = json.loads(run("report", "--format", "json", path).stdout)
    assert len(report["games"]) == 2
    # the first game unreadable: said with it, still first, and in game 1
    # (it was said with game 2, after game 1's own, out of place order)
    games = [dict(doc["games"][0], deals=5), doc["games"][1]]
    text = json.dumps({**doc, "games": games})
    broken = text.replace('"deals": 5', '"deals": 5 5', 1)  # (nor valid JSON)
    assert broken != text
    for name, data in (("first-lost.json", text), ("first-broken.json", broken)):
        path = write(tmp_path, name, data)
        result, codes = _validated(path)
        assert result.stdout.splitlines()[0] == f"{path}:1:1: A001 {said}", name
        assert result.stderr.startswith("2 games, ")
        assert codes == [["A001", "A001"], []], name


def _rows(seed: int) -> list[dict[str, Any]]:
    result = invoke(["convert", "-", "--to", "jsonl"], input=generated(seed, "--games", "1"))
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_a_game_edited_in_a_later_jsonl_row_is_said(tmp_path: Path) -> None:
    """Every row repeats its game; only the first row's is read.  An edit of
    the Result in the last row was dropped without a word."""
    rows = _rows(4)
    tags = rows[-1]["game"]["tags"]
    (result,) = [t for t in tags if t["name"] == "Result"]
    result["value"] = "EW 0-5"
    path = write(tmp_path, "edited.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    said = invoke(["validate", path])
    assert said.exit_code == 1
    assert (
        f"edited.jsonl:{len(rows)}:1: A001 this row's game differs from that of line 1,"
        in said.stdout
    )
    same = write(tmp_path, "same.jsonl", "".join(json.dumps(r) + "\n" for r in _rows(4)))
    assert invoke(["validate", same]).exit_code == 0


def test_a_jsonl_game_longer_than_a_document_game_may_be_is_skipped_unheld(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's rows are held to place its findings: one game of 200,000
    deals held 1.2 GB.  Past the limit a document's game has, the game is
    skipped, as in a document, its later rows passed unheld, and the next
    game is read."""
    from aluette_cli import convert

    text = invoke(["convert", "--to", "jsonl", "-"], generated(3, "--games", "2")).stdout
    rows = text.splitlines()
    first = [r for r in rows if json.loads(r)["game"]["index"] == 1]
    second = next(r for r in rows if json.loads(r)["game"]["index"] == 2)  # one deal
    assert len(first) >= 3
    limit = sum(len(r) for r in first[:2])  # passed at the game's third row
    monkeypatch.setattr(convert, "MAX_GAME_CHARS", limit)
    path = write(tmp_path, "long.jsonl", "\n".join([*first, second]) + "\n")
    found = json.loads(invoke(["validate", "--format", "json", path]).stdout)
    assert [(f["code"], f["line"], f["game"], f["message"]) for f in found if f["game"] == 1] == [
        ("A001", 3, 1, f"longer than the limit of {limit:,} characters; this game is skipped")
    ]
    report = json.loads(invoke(["report", "--format", "json", path]).stdout)
    assert [g["index"] for g in report["games"] if g["deals"]] == [2]


def test_a_jsonl_row_with_a_key_of_its_own_is_skipped_and_said(tmp_path: Path) -> None:
    rows = _rows(4)
    rows[1]["note"] = "checked by Rose"
    path = write(tmp_path, "edited.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    said = invoke(["validate", path])
    assert said.exit_code == 1
    assert "edited.jsonl:2:1: A001 'note' is not a key of a row" in said.stdout


def test_a_byte_not_utf8_in_a_json_document_costs_its_game_only(tmp_path: Path) -> None:
    """formats.md §7: the games after it were lost, and not counted."""
    text = generated(5, "--games", "3")
    converted = invoke(["convert", "-", "--to", "json"], input=text).stdout.encode()
    second = converted.index(b"Generated game 2")
    broken = converted[:second] + b"G\xe9n" + converted[second + 3 :]
    said = invoke(["validate", write(tmp_path, "bad.json", broken)])
    assert "A001 not UTF-8 text: invalid continuation byte" in said.stdout
    assert "this game is skipped" in said.stdout
    assert "3 games, 10 deals: 1 error, 0 warnings" in said.stderr
    aln = invoke(["convert", write(tmp_path, "bad2.json", broken), "--to", "aln"]).stdout
    assert "Generated game 3" in aln and "Generated game 1" in aln


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_a_game_too_long_for_the_json_reader_is_said_when_written(
    to: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The JSON reader holds a game at a time, up to MAX_GAME_CHARS, and skips
    # a longer one: convert writes it all the same, says so, and exits 1, as
    # it does for ALN that would not read back whole.
    from aluette_cli import convert as module

    record = write(tmp_path, "two.aln", generated(6, "--games", "2"))
    whole = tmp_path / f"whole.{to}"
    assert convert(record, "--to", to, "-o", str(whole)).exit_code == 0
    sizes = [len(g) for g in re.split(r'(?="index": 2\b)', whole.read_text(encoding="utf-8"))]
    monkeypatch.setattr(module, "MAX_GAME_CHARS", min(sizes) // 2)
    target = tmp_path / f"out.{to}"
    result = convert(record, "--to", to, "-o", str(target))
    assert result.exit_code == 1, result.output
    said = [line for line in result.stderr.splitlines() if "would not read back whole" in line]
    assert len(said) == 2 and "game 1 takes" in said[0] and "game 2 takes" in said[1]
    form = "JSON Lines" if to == "jsonl" else "JSON"
    assert f"its {form}, written all the same" in said[0]
    assert target.read_bytes() == whole.read_bytes()  # written all the same
    read_back = invoke(["validate", str(target)])
    assert read_back.stdout.count("this game is skipped") == 2


def test_a_report_given_as_a_record_is_named_so(tmp_path: Path) -> None:
    """report --format json's output read as a record: its findings say it
    is a report, and what writes a record in JSON."""
    sample = ROOT / "samples" / "classic-game.aln"
    report = write(tmp_path, "report.json", run("report", "--format", "json", sample).stdout)
    result = run("validate", report)
    assert result.exit_code == 1
    assert (
        f"{report}:1:1: A001 not an aluette-record JSON document: a report, as 'aluette report"
        " --format json' writes it; 'aluette convert --to json' writes a record in JSON"
    ) in result.stdout.splitlines()
    # said once, alone, at its start: each game was said not to read before it
    assert len(result.stdout.splitlines()) == 1, result.stdout
    record = write(tmp_path, "record.json", run("convert", sample, "--to", "json").stdout)
    assert run("validate", record).exit_code == 0


# --------------------------------------------------------------------------
# Formatting says what the record says (convert.reads_otherwise)


def _degenerate() -> str:
    """Two deals (tests/test_agreement.py): deal 2's header among deal 1's
    hands, and deal 2's W hand moved up below deal 1's stock.  Read, deal 2
    holds both deals, every card dealt and played twice; written with each
    line in its place, the hands are in another order, and the cards alone
    of the tricks are seated otherwise (other A202 and A203)."""
    from .test_agreement import BASE

    w2 = "W: Vb 6b 3c Rc 5b 6d Ve Cb 8c\n"
    text = BASE.replace("\ndeal 2 dealer S\n", "\n").replace(w2, "")
    text = text.replace("S: 2b 4c", "deal 2 dealer S\nS: 2b 4c")
    return text.replace("1. 2b Cc", w2 + "1. 2b Cc")


def _codes(path: Path) -> list[str]:
    found = json.loads(run("validate", "--format", "json", str(path)).stdout)
    return sorted(f["code"] for f in found if f["code"] != "A005")


def test_a_record_whose_formatted_text_would_read_otherwise_is_not_formatted(
    tmp_path: Path,
) -> None:
    """fmt wrote each line of such a record in its place, and the record
    then said other things: formatting must never change what a record
    says, so it is left as it is, and says why."""
    text = _degenerate()
    path = write(tmp_path, "club.aln", text)
    assert {"A107", "A201", "A206"} <= set(_codes(path))
    why = "its formatted text would read otherwise: in game 1, the lines the reader had to"
    for args in ([], ["--check"]):
        result = run("fmt", *args, str(path))
        assert result.exit_code == 1, (args, result.output)
        assert f"aluette: {path} left as it is: {why}" in result.stderr, args
        assert "1 file not formatted" in result.stderr, args
        assert path.read_text("utf-8") == text
    converted = run("convert", str(path), "--to", "aln")
    assert (converted.exit_code, converted.stdout) == (1, text)
    assert f"written out as it is, not formatted: {why}" in converted.stderr
    formatted = format_aln(text.encode(), "club.aln", RuleChoice())
    assert formatted.otherwise is not None and formatted.otherwise.startswith(why)
    assert format_aln(SWAPPED.encode(), "club.aln", RuleChoice()).otherwise is None


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_aln_written_from_json_that_would_read_otherwise_says_so(tmp_path: Path, to: str) -> None:
    """JSON has no text to keep: its ALN is written all the same, but a
    game that, read again, gives other findings than the JSON did (here
    a wrong point claim lost, deal 1's sheet given back to it) is named,
    as fmt names such a record it leaves as it is."""
    text = (
        "deal 1 dealer W\npoint E\n\ndeal 2\ndealer N\nwinners: N S N E - E E S S\n"
        "winners: N W - W - N N N S\npoint NS\n"
    )
    path = write(tmp_path, "club.aln", text)
    assert _codes(path) == ["A302", "A420"]
    assert "would read otherwise: in game 1" in run("fmt", "--check", str(path)).stderr
    record = tmp_path / f"club.{to}"
    assert run("convert", str(path), "--to", to, "-o", str(record)).exit_code == 1
    back = tmp_path / "back.aln"
    result = run("convert", str(record), "--to", "aln", "-o", str(back))
    assert result.exit_code == 1
    name = {"json": "JSON", "jsonl": "JSON Lines"}[to]
    assert (
        f"aluette: {record}: its ALN, written all the same, reads otherwise: game 1, read"
        f" again, gives other findings than the {name} did:" in result.stderr
    )
    assert _codes(back) != _codes(path)
    # a record that reads the same written anew is said nothing of
    clean = write(tmp_path, "clean.aln", text.replace("deal 2\ndealer N", "deal 2 dealer N"))
    run("convert", str(clean), "--to", to, "-o", str(record))
    result = run("convert", str(record), "--to", "aln", "-o", str(back))
    assert "reads otherwise" not in result.stderr


#: Cards-only play, the hands written from the dealer (E S N W), E's 4b
#: written as a second 6c (A101), and trick 7, where 4b was played, missing.
HANDS_FROM_THE_DEALER = """\
deal 1 dealer E
E: 3c Rd 9b 9c 6e Rb 1d 6c 5e
S: 3d 4c Ce Cb 3b 9d Vb Cd 4d
N: Re 6d Ve 1c Cc 2e Rc 6c 7e
W: Vd Vc 6b 8c 4e 3e 7c 9e 2b
stock: 2d 8e 7d 2c 1b 7b 5b 8b 8d 5c 5d 1e
1. Vb 2b 6d 9b -> W
2. 4e Ve 1d Cd -> E
3. Rb 4d 7c 1c -> N
4. 2e 9c 3b 8c -> E
5. 5e Cb 9e Re -> N
6. 7e Rd 9d 3e -> S
8. 6c 3c 4c Vc -> E
9. 6e 3d 6b Cc -> S
point NS
"""


def test_which_hand_holds_a_card_written_twice_is_told_by_the_play_in_any_order(
    tmp_path: Path,
) -> None:
    """Which of the two hands holding 6c is the slip was told by the hand
    lines' order (the part written second), and fmt, sorting them N E S W,
    changed it: such a record was left as it was.  The play tells it: in
    trick 8, 6c is played first, before E's 3c, S's 4c and W's Vc, so by
    N, and E's 6c is the slip (its 4b), whatever the order of the lines."""
    path = write(tmp_path, "club.aln", HANDS_FROM_THE_DEALER)
    assert _codes(path) == ["A101", "A201"]
    said = run("validate", path).stdout
    assert "write 4b in E's hand in place of 6c" in said
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output  # (rule violations are validate's to say)
    assert "read otherwise" not in result.stderr
    assert path.read_text("utf-8") != HANDS_FROM_THE_DEALER
    assert _codes(path) == ["A101", "A201"]
    assert "write 4b in E's hand in place of 6c" in run("validate", path).stdout


#: Deal 1's point line and deal 2's trick 1 swapped across deal 2's header:
#: each is read in its place (docs/notation.md §8), and written there.
SWAPPED = """\
[Event "Club"]

deal 1 dealer W
1. N:8e E:4e S:Cd W:Vc -> S
2. S:6b W:Vb N:1b E:3e -> N
3. N:5b E:6c S:4b W:9d -> W
4. W:Rb N:Vd E:3c S:1d -> E
5. E:Rd S:7d W:4d N:2d -> N
6. N:5d E:Rc S:Re W:Ce -> pourri
7. N:6e E:1e S:Ve W:7c -> E
8. E:7e S:4c W:8d N:6d -> W
9. W:Cb N:9c E:1c S:5e -> N
1. E:Cc S:1b W:6e N:8b -> S

deal 2 dealer N
point N
2. S:6b W:2d N:1d E:Rb -> W
3. W:4c N:8e E:3b S:7d -> N
4. N:2b E:Rc S:Cd W:1c -> N
5. N:Ve E:1e S:8d W:6c -> E
6. E:9b S:4d W:Re N:8c -> W
7. W:9c N:3c E:7c S:9e -> N
8. N:Vb E:2c S:Vc W:4b -> E
9. E:3e S:5b W:2e N:Cb -> W
point N
"""


def test_a_record_with_lines_out_of_place_is_formatted_as_it_reads(tmp_path: Path) -> None:
    path = write(tmp_path, "club.aln", SWAPPED)
    found = json.loads(run("validate", "--format", "json", str(path)).stdout)
    assert [(f["line"], f["code"], f["deal"]) for f in found] == [(13, "A005", 2), (15, "A005", 1)]
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output
    trick, point = "1. E:Cc S:1b W:6e N:8b -> S\n", "point N\n"
    assert path.read_text("utf-8") == SWAPPED.replace(
        f"{trick}\ndeal 2 dealer N\n{point}", f"{point}\ndeal 2 dealer N\n{trick}"
    )
    assert _codes(path) == []


ROW = (
    '{{"format":"aluette-record","version":2,"game":{{"index":{game}}},"deal":{{"number":1,'
    '"dealer":"{dealer}","winners":{{"entries":["N","N","N","E","E",null,"S","W","W"]}},'
    '"point":{{"side":"NS"}}}}}}\n'
)


def test_a_json_game_without_tags_after_the_first_stays_a_game_of_its_own_in_aln(
    tmp_path: Path,
) -> None:
    """ALN starts every game after the first with its tag section: without
    one, the second game's deals were written as the first game's (status
    0, no word), and read back as one game with an A104."""
    rows = write(
        tmp_path, "log.jsonl", ROW.format(game=1, dealer="N") + ROW.format(game=2, dealer="E")
    )
    assert run("validate", rows).stderr.endswith("2 games, 2 deals: 0 errors, 0 warnings\n")
    result = run("convert", rows, "--to", "aln")
    assert result.exit_code == 0
    assert (
        f"aluette: warning: {rows}: its ALN holds a tag the input does not: game 2 has no tags"
        in result.stderr
    )
    assert result.stdout.count('[Event "?"]') == 1
    aln = write(tmp_path, "log.aln", result.stdout)
    assert run("validate", aln).stderr.endswith("2 games, 2 deals: 0 errors, 0 warnings\n")


def test_a_json_game_without_tags_keeps_its_draw_and_tag_comments_in_aln(tmp_path: Path) -> None:
    """A draw line and the tag section's comments stand in a tag section:
    written without one, they were left out."""
    aln = write(tmp_path, "d.aln", '[Event "x"]  {by Rose}\ndraw: N:3d E:2d S:3c W:2c\n\n'
                "deal 1 dealer S\nwinners: N N N E E - S W W\npoint NS\n")  # fmt: skip
    record = json.loads(run("convert", aln, "--to", "json").stdout)
    record["games"][0]["tags"] = []
    path = write(tmp_path, "d.json", json.dumps(record))
    result = run("convert", path, "--to", "aln")
    assert result.exit_code == 0
    assert result.stdout.startswith('[Event "?"]  {by Rose}\ndraw: N:3d E:2d S:3c W:2c\n')


def test_a_json_game_of_tags_alone_before_another_says_the_aln_reads_as_one_game(
    tmp_path: Path,
) -> None:
    """ALN reads the tag section after a game of no deals as more of its
    tags: the two games run together, which convert said nothing of."""
    aln = write(tmp_path, "t.aln", '[Event "G1"]\n')
    record = json.loads(run("convert", aln, "--to", "json").stdout)
    second = json.loads(json.dumps(record["games"][0]))
    second["index"], second["tags"][0]["value"] = 2, "G2"
    record["games"].append(second)
    path = write(tmp_path, "t.json", json.dumps(record))
    result = run("convert", path, "--to", "aln")
    assert result.exit_code == 1
    assert "reads otherwise: game 1 has tags and no deal" in result.stderr
    assert '[Event "G2"]' in result.stdout  # written all the same: nothing left out
    # so too a game of no tags and no deal, given a tag section to stand apart
    record["games"][0]["tags"] = []
    record["games"].insert(
        0,
        json.loads(
            run(
                "convert", write(tmp_path, "d.aln", "deal 1 dealer S\npoint NS\n"), "--to", "json"
            ).stdout
        )["games"][0],
    )
    for k, game in enumerate(record["games"], 1):
        game["index"] = k
    path = write(tmp_path, "t3.json", json.dumps(record))
    result = run("convert", path, "--to", "aln")
    assert "reads otherwise: game 2 has tags and no deal" in result.stderr


def test_fmt_holds_no_finding_of_the_file_it_formats() -> None:
    """Each finding is handed on as it is found (the command says it at
    once), and only its code is kept: a file of 1,500 broken games is
    formatted in the memory of one of 300.  The findings were held to the
    file's end, 0.7 KB each: 100 MB for a file of 100,000 broken deals."""
    import tracemalloc

    from aluette_cli.convert import Tally, formatted_file

    def peak(games: int) -> tuple[int, int]:
        broken = '[Event "x"]\n\ndeal 1 dealer N\nN: 3d 2e zz\npoint NS\n\n' * games
        heard = [0]

        def said(finding: object) -> None:
            heard[0] += 1

        tally = Tally(said)
        tracemalloc.start()
        try:
            with formatted_file(io.BytesIO(broken.encode()), "x.aln", RuleChoice(), tally=tally):
                top = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert tally.verbatim == {"A001"} and tally.status == 1
        return top, heard[0]

    peak(100)  # (what is loaded once, and the tables built once, not counted)
    (small, heard_small), (large, heard_large) = peak(300), peak(1_500)
    assert (heard_small, heard_large) == (300, 1_500)
    assert large - small < 256 << 10, (small, large)


@pytest.mark.parametrize("row", [1, 4])
@pytest.mark.parametrize("compact", [True, False])
def test_a_json_lines_deal_that_cannot_be_read_keeps_its_place(
    tmp_path: Path, row: int, compact: bool
) -> None:
    """An unreadable row costs its deal, as an unreadable deal of ALN does:
    the deals after it were said to follow a gap (A104), and a game whose
    last deal was lost to end a deal short (A305), none of it marked as
    following from the row's A001."""
    text = generated(11, "--games", "1")
    assert '[Result "' in text  # (a finished game: a deal short is A305)
    source = write(tmp_path, "g.aln", text)
    flags = ["--compact"] if compact else []
    rows = run("convert", source, "--to", "jsonl", *flags).stdout.splitlines()
    head, deal = rows[row].split('"deal"', 1)
    card = re.search(r'"([1-9CVR][dcbe])"', deal)
    assert card is not None
    rows[row] = head + '"deal"' + deal.replace(card.group(0), '"Zz"', 1)
    path = write(tmp_path, "g.jsonl", "\n".join(rows) + "\n")
    result = run("validate", "--format", "json", path)
    found = json.loads(result.stdout)
    assert [(f["code"], f["line"]) for f in found] == [("A001", row + 1)]
    deals = len(rows)
    assert run("validate", path).stderr.startswith(f"1 game, {deals} deals: 1 error")


def test_the_games_of_a_json_document_are_numbered_in_file_order(tmp_path: Path) -> None:
    """Two games both given index 1: read as two games, they were one game
    once written as JSON Lines (each row names its game by its index)."""
    text = generated(2, "--games", "2")
    source = write(tmp_path, "g.aln", text)
    document = json.loads(run("convert", source, "--to", "json").stdout)
    for game in document["games"]:
        game["index"] = 1
    path = write(tmp_path, "g.json", json.dumps(document))
    rows = tmp_path / "g.jsonl"
    assert run("convert", path, "--to", "jsonl", "-o", rows).exit_code == 0
    indexes = {json.loads(row)["game"]["index"] for row in rows.read_text("utf-8").splitlines()}
    assert indexes == {1, 2}
    said = run("validate", rows)
    assert (said.exit_code, said.stdout) == (0, "")
    assert said.stderr.startswith("2 games")


@pytest.mark.parametrize("compact", [False, True])
def test_two_files_of_json_lines_joined_are_two_games(tmp_path: Path, compact: bool) -> None:
    """``cat a.jsonl b.jsonl``, each a game of index 1: a deal 1 whose game
    is not the one of the rows above starts another game.  It was read as
    the first game's row, edited (A001, "make them the same"), and its deal
    as a deal numbered wrong (A104).  (A later row of one game edited is
    still said: test_a_game_edited_in_a_later_jsonl_row_is_said.)"""
    flags = ["--compact"] if compact else []
    parts = []
    for seed in (3, 4):
        source = write(tmp_path, f"g{seed}.aln", generated(seed, "--games", "1"))
        parts.append(run("convert", source, "--to", "jsonl", *flags).stdout)
    path = write(tmp_path, "both.jsonl", "".join(parts))
    said = run("validate", path)
    assert (said.exit_code, said.stdout) == (0, ""), said.output
    assert said.stderr.startswith("2 games")


@pytest.mark.parametrize("compact", [False, True])
def test_json_lines_games_are_numbered_in_file_order(tmp_path: Path, compact: bool) -> None:
    """As a document's (docs/formats.md §2): the second game of two files
    joined was game 1 again in its findings, its report and its table rows
    (one ``game_id`` for both), and a file whose rows of index 2 come first
    numbered its first game 2, and 1 once converted to a document."""
    flags = ["--compact"] if compact else []
    first = run("convert", write(tmp_path, "a.aln", generated(5)), "--to", "jsonl", *flags)
    wrong = generated(6).replace("point NS\n", "point EW\n").replace("point EW\n", "point NS\n")
    second = run("convert", write(tmp_path, "b.aln", wrong), "--to", "jsonl", *flags)
    joined = write(tmp_path, "ab.jsonl", first.stdout + second.stdout)
    found = json.loads(run("validate", "--format", "json", joined).stdout)
    assert found and {f["game"] for f in found} == {2}
    report = json.loads(run("report", "--format", "json", joined).stdout)
    assert [g["index"] for g in report["games"]] == [1, 2]
    table = run("convert", joined, "--to", "csv").stdout.splitlines()[1:]
    assert {row.split(",")[0] for row in table} == {f"{joined}#1", f"{joined}#2"}
    # rows of index 2 first
    rows = run("convert", write(tmp_path, "two.aln", generated(5, "--games", "2")), "--to", "jsonl")
    lines = rows.stdout.splitlines()
    cut = next(k for k, r in enumerate(lines) if json.loads(r)["game"]["index"] == 2)
    turned = write(tmp_path, "turned.jsonl", "\n".join(lines[cut:] + lines[:cut]) + "\n")
    report = json.loads(run("report", "--format", "json", turned).stdout)
    as_document = json.loads(run("convert", turned, "--to", "json").stdout)
    assert [g["index"] for g in report["games"]] == [1, 2]
    assert [g["index"] for g in as_document["games"]] == [1, 2]
    assert [len(g["deals"]) for g in report["games"]] == [
        len(g["deals"]) for g in as_document["games"]
    ]


def test_two_files_of_json_lines_with_the_same_tags_joined_are_two_games(
    tmp_path: Path,
) -> None:
    """``generate --no-claims`` writes the same tags for every seed: the
    rows of two such files, joined, were one game of ten deals, its last
    five after the end (A106).  A deal 1 whose place in the record goes
    back up is another file's; after a game of no deals (one row, its deal
    null) another game's rows start another game, whatever their deal, and
    a row of no deal after a game's deals is another game of no deals."""
    parts = []
    for seed in (3, 4):
        source = write(tmp_path, f"g{seed}.aln", generated(seed, "--no-claims"))
        parts.append(run("convert", source, "--to", "jsonl").stdout)
    assert (
        json.loads(parts[0].splitlines()[0])["game"] == json.loads(parts[1].splitlines()[0])["game"]
    )
    said = run("validate", write(tmp_path, "both.jsonl", "".join(parts)))
    assert (said.exit_code, said.stdout) == (0, ""), said.output
    assert said.stderr.startswith("2 games, 10 deals")
    tags = run("convert", write(tmp_path, "t.aln", '[Event "x"]\n'), "--to", "jsonl").stdout
    said = run("validate", write(tmp_path, "tags-then-game.jsonl", tags + parts[1]))
    assert (said.exit_code, said.stdout) == (0, ""), said.output
    assert said.stderr.startswith("2 games, 5 deals")
    said = run("validate", write(tmp_path, "game-then-tags.jsonl", parts[1] + tags))
    assert (said.exit_code, said.stdout) == (0, ""), said.output
    assert said.stderr.startswith("2 games, 5 deals")


def test_a_game_logged_as_it_goes_opens_with_a_row_of_its_header_alone(tmp_path: Path) -> None:
    """A program that logs a game writes its header first (deal null), then
    a row a deal: one game, as its ALN is."""
    source = write(tmp_path, "g.aln", generated(3))
    rows = run("convert", source, "--to", "jsonl").stdout.splitlines(keepends=True)
    header = json.loads(rows[0])
    header["deal"] = None
    path = write(tmp_path, "logged.jsonl", json.dumps(header) + "\n" + "".join(rows))
    said = run("validate", path)
    assert said.output == run("validate", source).output.replace(str(source), str(path))


def test_json_lines_files_joined_whose_games_differ_only_in_a_comment_are_two_games(
    tmp_path: Path,
) -> None:
    """A full row carries its game's comments, none where it has none: a
    game without them and one with a note above its tags, joined, were one
    game (A104), the note lost without a word, as they are not in ALN; and
    a note added in a later row of one game was not said."""
    a = '[Event "Club"]\n\ndeal 1 dealer N\nwinners: N N N E E - S W W\npoint NS\n'
    b = "; table 2\n" + a.replace("dealer N", "dealer E")
    rows = [
        run("convert", write(tmp_path, f"{n}.aln", t), "--to", "jsonl").stdout
        for n, t in (("a", a), ("b", b))
    ]
    joined = write(tmp_path, "ab.jsonl", "".join(rows))
    said = run("validate", joined)
    assert (said.exit_code, said.stdout) == (0, ""), said.output
    assert said.stderr.startswith("2 games, 2 deals")
    assert "; table 2" in run("convert", joined, "--to", "aln").stdout
    two = a + "\ndeal 2 dealer E\nwinners: N N N E E - S W W\npoint NS\n"
    lines = run("convert", write(tmp_path, "two.aln", two), "--to", "jsonl").stdout.splitlines()
    edited = json.loads(lines[1])
    edited["game"]["tag_comments"] = [{"text": "checked", "pos": {"line": 1, "column": 17}}]
    path = write(tmp_path, "edited.jsonl", lines[0] + "\n" + json.dumps(edited) + "\n")
    assert "2:1: A001 this row's game differs from that of line 1" in run("validate", path).stdout


def test_rows_run_together_on_one_line_are_each_read_where_they_stand(tmp_path: Path) -> None:
    """Three rows on a line, spaces between them, the last torn: two read,
    each run-on row said at its column, and the torn one's error placed
    in the line as a row of its own line is."""
    row = '{"format":"aluette-record","version":2,"game":{"index":1},"deal":DEAL}'
    first = row.replace("DEAL", '{"number":1,"dealer":"N","point":{"side":"NS"}}')
    second = row.replace("DEAL", '{"number":2,"dealer":"E","point":{"side":"EW"}}')
    line = first + "  " + second + " " + second[:20]
    said = run("validate", path := write(tmp_path, "run.jsonl", line + "\n"))
    at = len(first) + 3
    torn = at + len(second) + 1
    assert said.stdout == (
        f"{path}:1:{at}: A001 another row starts here, on the same line: a line break is"
        " missing between the two rows; read as two\n"
        f"{path}:1:{torn + 10}: A001 not valid JSON: Unterminated string; this row of the"
        " line is skipped\n"
    ), said.stdout
    assert said.stderr.startswith("1 game, 2 deals")


def test_a_row_run_on_is_said_at_its_own_column(tmp_path: Path) -> None:
    """Its deal's finding named column 1, the row before it on the line;
    and a value before it that is no row was "this line is skipped", where
    the rest of the line is read."""
    row = '{"format":"aluette-record","version":2,"game":{"index":1},"deal":DEAL}'
    first = row.replace("DEAL", '{"number":1,"dealer":"N","point":{"side":"NS"}}')
    second = row.replace("DEAL", '{"number":2,"dealer":"E","hands":"oops"}')
    path = write(tmp_path, "run.jsonl", first + second + "\n")
    at = len(first) + 1
    said = run("validate", path).stdout.splitlines()
    assert (
        f"{path}:1:{at}: A001 line 1: hands must be a list; this deal is skipped (deal 2)" in said
    )
    path = write(tmp_path, "value.jsonl", "[1,2]" + first + "\n")
    said = run("validate", path)
    assert said.stdout.startswith(
        f"{path}:1:1: A001 a row must be a JSON object; this row of the line is skipped\n"
    ), said.stdout
    assert said.stderr.startswith("1 game, 1 deal")


def test_a_row_run_on_nested_too_deeply_is_that_row_skipped(tmp_path: Path) -> None:
    """The row before it on the line is read: "this line is skipped"
    said otherwise."""
    row = '{"format":"aluette-record","version":2,"game":{"index":1},"deal":DEAL}'
    first = row.replace("DEAL", '{"number":1,"dealer":"N","point":{"side":"NS"}}')
    deep = '{"deal":' + "[" * 100_000 + "]" * 100_000 + "}"
    path = write(tmp_path, "deep.jsonl", first + deep + "\n")
    said = run("validate", path)
    at = len(first) + 1
    assert said.stdout == (
        f"{path}:1:{at}: A001 the JSON is nested too deeply; this row of the line is skipped\n"
    ), said.stdout
    assert said.stderr.startswith("1 game, 1 deal")


def test_a_logged_games_deal_1_whose_game_cannot_be_read_stays_in_it(tmp_path: Path) -> None:
    """Below a row of the game's header alone, deal 1's row, its game
    unreadable, is the game's (docs/formats.md §3: the game is not split
    around it): it ended the game, and the rows after it were another,
    deal 1 lost (A104 at deal 2, and A305 for tags below no deals)."""
    source = write(tmp_path, "g.aln", generated(3))
    rows = run("convert", source, "--to", "jsonl", "--compact").stdout.splitlines()
    header = json.loads(rows[0])
    del header["deal"]
    rows[0] = rows[0].replace('"game":{"index":1,', '"game":{"index":1,"index":1,', 1)
    path = write(tmp_path, "logged.jsonl", "\n".join([json.dumps(header), *rows]) + "\n")
    said = run("validate", path)
    assert said.stdout == (
        f"{path}:2:1: A001 this row's game cannot be read (line 2: key 'index' is given"
        " twice in a game); that of line 1, the first row of its game, is read in its place\n"
    )
    assert said.stderr.startswith("1 game, 5 deals")


@pytest.mark.parametrize("flags", [[], ["--compact"]], ids=["full", "compact"])
def test_json_lines_files_joined_on_one_line_are_two_games(
    tmp_path: Path, flags: list[str]
) -> None:
    """The first file's last line not ended, its last row and the second's
    first are one line: both rows were lost (not valid JSON, "Extra
    data"), and the second file's rows below read as edits of the first's
    game (an A001 at each, its deals past the first game's end).  They are
    read as the two rows they are, the finding at the second; and where
    the second is torn, the rows below it are another game still."""
    parts = []
    for seed in (3, 4):
        source = write(tmp_path, f"g{seed}.aln", generated(seed))
        parts.append(run("convert", source, "--to", "jsonl", *flags).stdout)
    alone = [json.loads(run("report", "--format", "json", "-", input=p).stdout) for p in parts]
    glued = parts[0].rstrip("\n") + parts[1]
    path = write(tmp_path, "ab.jsonl", glued)
    said = run("validate", path)
    line = parts[0].count("\n")
    column = len(parts[0].splitlines()[-1]) + 1
    assert said.stdout == (
        f"{path}:{line}:{column}: A001 another row starts here, on the same line: a line break"
        " is missing between the two rows; read as two\n"
    )
    report = json.loads(run("report", "--format", "json", path).stdout)
    for game, single in zip(report["games"], alone, strict=True):
        assert game["deals"] == single["games"][0]["deals"]
    # the second row torn: lost, and the rows below it another game's
    torn = parts[0].rstrip("\n") + parts[1][: len(parts[1].splitlines()[0]) // 2] + "\n"
    torn += "".join(parts[1].splitlines(keepends=True)[1:])
    said = run("validate", write(tmp_path, "torn.jsonl", torn))
    assert said.stderr.startswith("2 games, 9 deals"), said.output
    assert "this row's game differs" not in said.stdout


def test_full_and_compact_rows_of_one_game_mixed_are_one_game(tmp_path: Path) -> None:
    """A file may mix full and compact rows (docs/formats.md §3): a row in
    the other form than the game's first was said to edit the game (A001,
    "make them the same"), which no one could do."""
    # a comment in the header: the compact form leaves it out, the others keep it
    text = generated(3).replace("\n", "  { club night }\n", 1)
    source = write(tmp_path, "g.aln", text)
    full = run("convert", source, "--to", "jsonl").stdout.splitlines(keepends=True)
    for flags in (["--compact"], ["--compact", "--lossless"]):
        compact = run("convert", source, "--to", "jsonl", *flags).stdout.splitlines(keepends=True)
        for first, rest in ((full, compact), (compact, full)):
            path = write(tmp_path, "mixed.jsonl", "".join(first[:2] + rest[2:]))
            said = run("validate", path)
            assert (said.exit_code, said.stdout) == (0, ""), (flags, said.output)
            assert said.stderr.startswith("1 game, 5 deals")
    # a tag edited in a later compact row is still said
    edited = json.loads(compact[1])
    edited["game"]["tags"]["Event"] = "another"
    path = write(tmp_path, "edited.jsonl", "".join([full[0], json.dumps(edited) + "\n", *full[2:]]))
    assert "A001 this row's game differs from that of line 1" in run("validate", path).stdout


def test_a_deal_1_written_twice_in_one_game_stays_in_it_as_json_lines(tmp_path: Path) -> None:
    """The same tags and a deal 1 again, further down the record: one game's
    deal written twice (A104), as the record says, not a second game."""
    text = "deal 1 dealer E\npoint NS\n\ndeal 2 dealer S\npoint EW\n\ndeal 1 dealer E\npoint NS\n"
    source = write(tmp_path, "twice.aln", text)
    rows = write(tmp_path, "twice.jsonl", run("convert", source, "--to", "jsonl").stdout)
    as_aln = json.loads(run("validate", "--format", "json", source).stdout)
    as_rows = json.loads(run("validate", "--format", "json", rows).stdout)
    assert "A104" in {f["code"] for f in as_aln}
    assert [(f["code"], f["game"], f["deal"]) for f in as_rows] == [
        (f["code"], f["game"], f["deal"]) for f in as_aln
    ]


@pytest.mark.parametrize("limit", ["deals", "characters"])
def test_a_jsonl_game_after_one_skipped_past_a_limit_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: str
) -> None:
    """The rows of a game skipped past a limit are passed unread up to the
    next game, even one of the same index (two files joined): the second
    file's game was passed with them, without a word."""
    from aluette_cli import convert, model

    parts = []
    for seed in (3, 4):
        source = write(tmp_path, f"g{seed}.aln", generated(seed))
        parts.append(run("convert", source, "--to", "jsonl").stdout)
    if limit == "deals":
        monkeypatch.setattr(model, "MAX_DEALS", 4)  # the first game's fifth row passes it
        parts[1] = "".join(parts[1].splitlines(keepends=True)[:4])
    else:
        rows = parts[0].splitlines()
        monkeypatch.setattr(convert, "MAX_GAME_CHARS", len(rows[0]) + len(rows[1]))
    alone = json.loads(invoke(["report", "--format", "json", "-"], parts[1]).stdout)["games"][0]
    path = write(tmp_path, "both.jsonl", "".join(parts))
    report = json.loads(invoke(["report", "--format", "json", path]).stdout)
    assert [g["index"] for g in report["games"]] == [1, 2]
    assert report["games"][1]["tags"] == alone["tags"]
    assert report["games"][1]["deals"] == alone["deals"]


@pytest.mark.parametrize(
    ("row", "said"),
    [
        (
            '{"format":"aluette-record","version":2,"game":{"index":1},'
            '"deal":{"number":1,"dealer":"N","tricks":[{"cards":["3d"],"cards":["4d"]}]}}',
            "line 1: key 'cards' is given twice in a trick; this deal is skipped",
        ),
        (
            '{"format":"aluette-record","version":2,"game":{"index":1,'
            '"draw":{"cards":["3d"],"cards":["4d"]}},"deal":null}',
            "line 1: key 'cards' is given twice in a draw; this line is skipped",
        ),
        (
            '{"format":"aluette-record","version":2,'
            '"game":{"index":1,"tags":{"Event":"a","Event":"b"}},"deal":null}',
            "line 1: tag 'Event' is given twice in the tags; this line is skipped",
        ),
        (
            '{"format":"aluette-record","version":2,"game":{"index":1},"deal":null,"deal":null}',
            "key 'deal' is given twice in a row; this line is skipped",
        ),
    ],
)
def test_a_key_given_twice_in_a_row_is_named(tmp_path: Path, row: str, said: str) -> None:
    """The reader's mark of a key given twice stood in the message for the
    key ('\\x00twice' is not a key of a trick), where a full row's deal
    named it."""
    path = write(tmp_path, "twice.jsonl", row + "\n")
    result = run("validate", path)
    assert result.exit_code == 1
    of = " (deal 1)" if said.endswith("this deal is skipped") else ""  # said of its deal
    assert result.stdout == f"{path}:1:1: A001 {said}{of}\n"


def test_a_row_skipped_for_a_dealer_given_twice_gives_its_place_no_dealer(tmp_path: Path) -> None:
    """Which of the two was meant is not known: the last one made the deal's
    place say "A105 W deals, but E should" of a deal the reader skipped."""
    row = '{"format":"aluette-record","version":2,"game":{"index":1},'
    first = row + '"deal":{"number":1,"dealer":"N","point":{"side":"NS"}}}\n'
    second = row + '"deal":{"number":2,"dealer":"E","dealer":"W","point":{"side":"NS"}}}\n'
    result = run("validate", write(tmp_path, "twice.jsonl", first + second))
    assert [line.split()[1] for line in result.stdout.splitlines()] == ["A001"]


@pytest.mark.parametrize("version", [1, 2])
def test_a_row_whose_game_holds_its_deals_is_refused(tmp_path: Path, version: int) -> None:
    """A game copied whole from a document into a row: its deals were
    dropped without a word, and the record said to hold none (exit 0)."""
    document = json.loads(
        run("convert", write(tmp_path, "g.aln", generated(3)), "--to", "json").stdout
    )
    game = document["games"][0]
    row = {"format": "aluette-record", "version": version, "game": game, "deal": None}
    if version == 2:
        row["game"] = {"index": 1, "deals": game["deals"]}
    result = run("validate", write(tmp_path, "whole.jsonl", json.dumps(row) + "\n"))
    assert result.exit_code == 1
    assert 'A001 a row\'s game holds no "deals": each row holds one deal, under "deal"' in (
        result.stdout
    )


@pytest.mark.parametrize("form", ["full", "compact", "document"])
@pytest.mark.parametrize("start", [b"", b"\xef\xbb\xbf\n\n"], ids=["as is", "a mark alone first"])
def test_json_whose_lines_end_at_a_carriage_return_alone_is_told_by_its_content(
    tmp_path: Path, form: str, start: bytes
) -> None:
    """A line ends at a \\r alone too (docs/formats.md §3): rows so ended,
    on standard input, were one line to the format's detection, read as a
    JSON document and refused whole; and a byte order mark alone on the
    first line was a line of ALN, or a row that is not JSON."""
    source = write(tmp_path, "g.aln", generated(3))
    flags = {"full": ["jsonl"], "compact": ["jsonl", "--compact"], "document": ["json"]}[form]
    data = run("convert", source, "--to", *flags).stdout.replace("\n", "\r").encode()
    expected = run("validate", source).stderr
    for path in ("-", write(tmp_path, "rows.txt", start + data)):
        said = invoke(["validate", str(path)], start + data if path == "-" else None)
        assert (said.exit_code, said.stdout, said.stderr) == (0, "", expected), (path, said.output)


@pytest.mark.parametrize("flags", [[], ["--compact", "--lossless"]], ids=["full", "lossless"])
def test_a_deal_1_written_twice_on_one_line_stays_in_its_game_as_json_lines(
    tmp_path: Path, flags: list[str]
) -> None:
    """A place goes back by its line and its column: the second deal 1,
    further along the same line, was read as another file's, two games."""
    text = "deal 1 dealer W winners: N E S E W N E S N point EW"
    text += " deal 1 dealer N winners: S - S W - N S W - point S\n"
    source = write(tmp_path, "one.aln", text)
    rows = write(tmp_path, "one.jsonl", run("convert", source, "--to", "jsonl", *flags).stdout)
    as_aln = json.loads(run("validate", "--format", "json", source).stdout)
    as_rows = json.loads(run("validate", "--format", "json", rows).stdout)
    assert (
        [(f["code"], f["game"], f["deal"]) for f in as_rows]
        == [(f["code"], f["game"], f["deal"]) for f in as_aln]
        == [("A104", 1, 1)]
    )


def test_the_findings_of_an_unreadable_deal_of_a_json_lines_game_carry_its_number(
    tmp_path: Path,
) -> None:
    """Read again to be placed, the game had the index its rows give while
    its deals were read: the second game's unreadable header said game 1."""
    parts = []
    for seed in (3, 4):
        text = generated(seed)
        if seed == 4:
            text = text.replace("deal 1 dealer", "deal 1 dealer Q x", 1)
        source = write(tmp_path, f"g{seed}.aln", text)
        parts.append(run("convert", source, "--to", "jsonl").stdout)
    path = write(tmp_path, "both.jsonl", "".join(parts))
    found = json.loads(run("validate", "--format", "json", path).stdout)
    assert found and {f["game"] for f in found} == {2}
    report = json.loads(run("report", "--format", "json", path).stdout)
    assert {v["game"] for v in report["games"][1]["violations"]} == {2}


def test_a_first_row_that_cannot_be_read_ends_the_game_above(tmp_path: Path) -> None:
    """Two files joined, the second's first row's game unreadable: the rows
    after it are the second game's still, not edits of the first's (A001
    at each, its deals after the first game's end)."""
    parts = []
    for seed in (3, 4):
        source = write(tmp_path, f"g{seed}.aln", generated(seed))
        parts.append(run("convert", source, "--to", "jsonl").stdout.splitlines(keepends=True))
    bad = json.loads(parts[1][0])
    bad["game"]["tags"] = "Event"
    parts[1][0] = json.dumps(bad) + "\n"
    said = run("validate", write(tmp_path, "both.jsonl", "".join(parts[0] + parts[1])))
    assert said.stderr.startswith("2 games, 9 deals"), said.output
    assert "this row's game differs" not in said.stdout


@pytest.mark.parametrize("to", ["json", "jsonl", "compact", "aln"])
def test_a_json_lines_row_that_cannot_be_read_is_left_out_of_what_is_written(
    tmp_path: Path, to: str
) -> None:
    """Its place was written as a deal of no text ({"unread": ""}), which
    stopped the whole game being read from the JSON written; in ALN, blank
    lines, and no word that the ALN reads otherwise."""
    source = write(tmp_path, "g.aln", generated(3))
    rows = run("convert", source, "--to", "jsonl").stdout.splitlines(keepends=True)
    broken = json.loads(rows[1])
    broken["deal"]["hands"][0]["cards"][0] = "Zz"
    path = write(tmp_path, "rows.jsonl", "".join([rows[0], json.dumps(broken) + "\n", *rows[2:]]))
    flags = {"compact": ["jsonl", "--compact"]}.get(to, [to])
    converted = run("convert", path, "--to", *flags)
    assert converted.exit_code == 1
    assert "'Zz' is not a card" in converted.stderr
    assert '"unread": ""' not in converted.stdout and '"unread":""' not in converted.stdout
    suffix = {"compact": "jsonl"}.get(to, to)
    again = run("report", "--format", "json", write(tmp_path, f"again.{suffix}", converted.stdout))
    (game,) = json.loads(again.stdout)["games"]
    assert [d["number"] for d in game["deals"]] == [1, 3, 4, 5]
    assert (
        game["tags"]
        == json.loads(run("report", "--format", "json", source).stdout)["games"][0]["tags"]
    )
    if to == "aln":
        assert "\n\n\n" not in converted.stdout
        assert "a row of it could not be read, and its deal, of which nothing is kept, is left" in (
            converted.stderr
        )


def test_the_longest_game_a_ruleset_sets_reads_back_from_its_json(tmp_path: Path) -> None:
    """A game of 1,000 deals (``game.target`` at most 1,000) took 4.76
    million characters as JSON, past a game's limit then: convert wrote it,
    with a warning, and reading it back skipped the whole game."""
    classic = (ROOT / "aluette_cli" / "rulesets" / "classic.toml").read_text("utf-8")
    longest = classic.replace("target = 5\n", "target = 1000\n")
    assert longest != classic
    write(tmp_path, "longest.toml", longest.replace('name = "classic"', 'name = "longest"'))
    record = tmp_path / "g.aln"
    made = run("generate", "--rules", tmp_path / "longest.toml", "--seed", "3", "-o", record)
    assert made.exit_code == 0, made.output
    for to in ("json", "jsonl"):
        converted = run("convert", record, "--to", to, "-o", tmp_path / f"g.{to}")
        assert converted.exit_code == 0, converted.stderr
        said = run("validate", tmp_path / f"g.{to}")
        assert said.exit_code == 0 and said.stderr.startswith("1 game, 1000 deals"), said.output


def test_a_json_lines_row_whose_deal_is_no_object_keeps_no_place(tmp_path: Path) -> None:
    """A place is kept for a deal that is an object (docs/formats.md §3):
    one that is a string was counted a deal."""
    row = '{"format":"aluette-record","version":2,"game":{"index":1},"deal":"x"}\n'
    said = run("validate", write(tmp_path, "x.jsonl", row))
    assert said.exit_code == 1
    assert said.stderr.startswith("1 game, 0 deals")


def test_json_lines_of_no_game_that_can_be_read_are_one_part_not_a_game_a_line(
    tmp_path: Path,
) -> None:
    """Rows that no game follows, as text that is no record in ALN is: five
    such lines were five games."""
    sample = ROOT / "samples" / "classic-game.aln"
    rows = [
        json.loads(line)
        for line in run("convert", sample, "--to", "jsonl").stdout.split("\n")
        if line
    ]
    for row in rows:
        row["game"]["tags"] = 5  # (no game's tags: the row cannot be read)
    path = write(tmp_path, "lost.jsonl", "".join(json.dumps(r) + "\n" for r in rows) + "[1]\n")
    said = run("validate", path)
    assert said.exit_code == 1
    assert [line.split(": A001 ")[0] for line in said.stdout.splitlines()] == [
        f"{path}:{n}:1" for n in range(1, len(rows) + 2)
    ]
    assert said.stderr == f"1 game, 0 deals: {len(rows) + 1} errors, 0 warnings\n"
    (game,) = json.loads(run("report", "--format", "json", path).stdout)["games"]
    assert {f["game"] for f in game["violations"]} == {1}


@pytest.mark.parametrize("where", ["before any game", "in a game"])
def test_json_lines_that_cannot_be_read_past_the_most_said_are_counted_in_one_finding(
    tmp_path: Path, where: str
) -> None:
    """Another tool's log of JSON Lines held a finding a line, all in
    memory until a game came or the file ended (368 MB for 400,000 lines):
    past convert.MAX_LOST_ROWS a part's lines are counted, not said."""
    from aluette_cli.convert import MAX_LOST_ROWS

    log = "".join(f'{{"ts": {k}}}\n' for k in range(MAX_LOST_ROWS + 5))
    game = run("convert", ROOT / "samples" / "classic-game.aln", "--to", "jsonl").stdout
    text = log + game if where == "before any game" else game + log
    path = write(tmp_path, "log.jsonl", text)
    said = run("validate", path)
    assert said.exit_code == 1
    lines = said.stdout.splitlines()
    first = 1 if where == "before any game" else game.count("\n") + 1
    assert len(lines) == MAX_LOST_ROWS + 1
    assert lines[0].startswith(f"{path}:{first}:1: A001 a row must say")
    assert lines[-1] == (
        f"{path}:{first + MAX_LOST_ROWS}:1: A001 5 lines from here to line"
        f" {first + MAX_LOST_ROWS + 4} cannot be read either, and are skipped: a game says"
        " at most 1,000 lines that cannot be read one by one"
    )
    # (the lines said with the game they stand in, or before: one game)
    assert said.stderr.startswith("1 game, ")


@pytest.mark.parametrize("to", [["jsonl"], ["jsonl", "--compact"], ["json"]])
def test_a_game_whose_rows_could_none_be_read_is_still_written(
    tmp_path: Path, to: list[str]
) -> None:
    """Its deals left out, it is a game of no deal, a row of its own: it
    was written as nothing, its tags lost, and the record one game less."""
    head = '{"format":"aluette-record","version":2,"game":{"index":%d,"tags":{"Event":"%s"}},'
    one = (
        head % (1, "One")
        + '"deal":{"number":1,"dealer":"N","hands":[{"seat":"N","cards":["Zz"]}]}}'
    )
    two = head % (2, "Two") + '"deal":{"number":1,"dealer":"N","point":{"side":"NS"}}}'
    path = write(tmp_path, "in.jsonl", f"{one}\n{two}\n")
    converted = run("convert", path, "--to", *to)
    assert converted.exit_code == 1
    again = write(tmp_path, f"again.{to[0]}", converted.stdout)
    report = json.loads(run("report", "--format", "json", again).stdout)
    assert [g["tags"].get("Event") for g in report["games"]] == ["One", "Two"]
