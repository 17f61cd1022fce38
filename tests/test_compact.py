"""The compact JSON Lines form (``convert --to jsonl --compact [--lossless]``).

Its round trips are checked against routes that do not use it: the compact
form without ``--lossless`` must give the ALN that the full JSON gives once
its comments are emptied by hand; with ``--lossless`` it must give the very
JSON document the ALN gives, positions and all.  The short forms of §3 of
docs/formats.md are checked on a hand-built deal.
"""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aluette_cli import api
from aluette_cli.generate import random_game
from aluette_cli.model import (
    Announce,
    Chant,
    Comment,
    Concede,
    Deal,
    Draw,
    Game,
    Play,
    PointClaim,
    Pos,
    Signal,
)
from aluette_cli.rules import load_ruleset
from aluette_cli.writers.aln import write_game
from tests import independent

from .conftest import ROOT, generated, invoke, write
from .test_convert import (
    _FINDING_LINE,
    BROKEN_AND_WRONG,
    HAND_BUILT_CARDS,
    SOURCES,
    _assert_clean_failure,
    canonical_form,
    convert,
    schema_errors,
)
from .test_properties import PROFILE, SEEDS, forms

COMPACT_SCHEMA = ROOT / "aluette_cli" / "schema" / "aln-compact-row.schema.json"
COMPACT = ("--to", "jsonl", "--compact")
LOSSLESS = (*COMPACT, "--lossless")


@cache
def compact_validator() -> jsonschema.protocols.Validator:
    schema = json.loads(COMPACT_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def compact_errors(row: Any) -> list[str]:
    return [e.message for e in compact_validator().iter_errors(row)]


def out(path: Path, *args: str) -> str:
    result = convert(path, *args)
    assert result.exit_code in (0, 1, 2), result.output  # 2: a ruleset file not beside it
    return result.stdout


def no_comments(value: Any) -> Any:
    """A full JSON record with every comment list emptied."""
    if isinstance(value, dict):
        return {
            k: [] if k in ("comments", "tag_comments", "leading_comments") else no_comments(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [no_comments(v) for v in value]
    return value


@pytest.fixture(params=sorted(SOURCES))
def source(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    return write(tmp_path, "source.aln", SOURCES[request.param]())


# --------------------------------------------------------------------------
# Round trips, for every record of test_convert


def test_lossless_gives_back_the_very_record(source: Path, tmp_path: Path) -> None:
    rows = write(tmp_path, "rows.jsonl", out(source, *LOSSLESS))
    assert out(rows, "--to", "json") == out(source, "--to", "json")
    assert out(rows, "--to", "aln") == canonical_form(source)


def test_compact_gives_the_record_without_its_comments(source: Path, tmp_path: Path) -> None:
    rows = write(tmp_path, "rows.jsonl", out(source, *COMPACT))
    expected = no_comments(json.loads(out(source, "--to", "json")))
    by_hand = write(tmp_path, "by-hand.json", json.dumps(expected))
    assert out(rows, "--to", "aln") == out(by_hand, "--to", "aln")


def test_every_compact_row_fits_both_schemas(source: Path, tmp_path: Path) -> None:
    for args in (COMPACT, LOSSLESS):
        lines = out(source, *args).splitlines()
        assert lines
        for line in lines:
            row = json.loads(line)
            assert compact_errors(row) == [], line
        # expanded to the full form, each row is a valid full record
        full = write(tmp_path, "rows.jsonl", "\n".join(lines) + "\n")
        document = json.loads(out(full, "--to", "json"))
        assert schema_errors(document) == []


def test_findings_of_a_lossless_record_carry_where_the_aln_has_them(tmp_path: Path) -> None:
    """Each finding names its place in the row of its deal, and the ALN's
    position beside it (docs/formats.md, "Where the findings of JSON point")."""
    for name, text in (
        ("broken", BROKEN_AND_WRONG),
        ("hand", HAND_BUILT_CARDS.replace("-> E", "-> S")),
    ):
        aln = write(tmp_path, f"{name}.aln", text)
        written = out(aln, *LOSSLESS)
        rows = write(tmp_path, f"{name}.jsonl", written)
        row_of = {
            json.loads(line)["deal"]["number"]: i for i, line in enumerate(written.splitlines(), 1)
        }

        def found(path: Path) -> list[dict[str, Any]]:
            found: list[dict[str, Any]] = json.loads(
                invoke(["validate", "--format", "json", str(path)]).stdout
            )
            return found

        def said(f: dict[str, Any]) -> tuple[Any, ...]:
            place = (f.get("aln_line", f["line"]), f.get("aln_column", f["column"]))
            return (*place, f["code"], f["message"], f["deal"])

        assert found(aln), name
        assert sorted(map(said, found(rows))) == sorted(map(said, found(aln))), name
        for f in found(rows):
            if f["deal"] is not None:
                assert f["line"] == row_of[f["deal"]], f


def test_without_positions_findings_point_at_the_row_of_their_deal(tmp_path: Path) -> None:
    # Deal 3 claims the wrong side, deal 2 cannot be read: each finding of a
    # deal is on the line of the row that holds it, in its deal.
    path = write(tmp_path, "bad.aln", BROKEN_AND_WRONG)
    text = out(path, *COMPACT)
    rows = write(tmp_path, "bad.jsonl", text)
    row_of = {json.loads(line)["deal"]["number"]: i for i, line in enumerate(text.splitlines(), 1)}
    result = invoke(["validate", "--format", "json", str(rows)])
    findings = json.loads(result.stdout)
    assert {f["code"] for f in findings} >= {"A001", "A302"}
    lines = text.splitlines()
    for f in findings:
        if f["deal"] is not None:
            assert f["line"] == row_of[f["deal"]], f
            assert f["column"] > lines[f["line"] - 1].index('"deal":'), f
            assert "aln_line" not in f  # the row gives no ALN position


@pytest.mark.parametrize("lossless", [False, True], ids=["compact", "lossless"])
def test_a_partly_read_deal_says_in_every_row_what_its_aln_says(
    tmp_path: Path, lossless: bool
) -> None:
    # Deal 1's trick 2 cannot be read, and its trick 1 claims the wrong seat
    # (A301): the row keeps only the text, which is read again, so the A301
    # and the point are there too. Deal 2's and deal 3's headers cannot be
    # read: the rows' stand-in dealers are not checked again (no A105 the ALN
    # does not give).
    text = (
        "deal 1 dealer W\n1. Rc 4d 5c 6b -> E\n2. Rd Re 7c 8x\npoint NS\n\n"
        "deal 2 dealer n\n\nDeal 3\npoint NS\n"
    )
    aln = write(tmp_path, "partly.aln", text)
    rows = write(tmp_path, "partly.jsonl", out(aln, *(LOSSLESS if lossless else COMPACT)))

    def found(path: Path) -> list[dict[str, Any]]:
        return json.loads(invoke(["validate", "--format", "json", str(path)]).stdout)  # type: ignore[no-any-return]

    def said(path: Path) -> list[tuple[Any, ...]]:
        return sorted((f["code"], f["message"], f["deal"]) for f in found(path))

    assert [code for code, _, _ in said(aln)] == ["A001", "A001", "A001", "A301"]
    assert said(rows) == said(aln)
    report = json.loads(invoke(["report", "--format", "json", str(rows)]).stdout)
    assert report["games"][0]["score"] == {"NS": 2, "EW": 0}
    # each finding at the character of the deal's text it is about
    lines = rows.read_text("utf-8").splitlines()
    about = {("A301", 1): "->", ("A001", 1): "8x", ("A001", 2): 'n"', ("A001", 3): "Deal"}
    for f in found(rows):
        at = lines[f["line"] - 1][f["column"] - 1 :]
        assert at.startswith(about[f["code"], f["deal"]]), (f, at[:20])


# --------------------------------------------------------------------------
# The short forms, by hand (docs/formats.md §3)


def test_the_short_forms_of_a_hand_built_deal(tmp_path: Path) -> None:
    # Trick 1 of HAND_BUILT_CARDS is `1. Rc 4d 5c 6b -> N`, trick 2 `-> pourri`;
    # the deal has no chants, signals, sheet..., which are left out.
    text = HAND_BUILT_CARDS.replace("3. 4c", "7. 4c")  # trick 3 numbered 7
    text = text.replace("point N", "point none")
    (line,) = out(write(tmp_path, "h.aln", text), *COMPACT).splitlines()
    row = json.loads(line)
    assert row["version"] == 2
    assert row["game"] == {"index": 1, "tags": {"Event": "Hand-built"}}
    deal = row["deal"]
    assert set(deal) == {"number", "dealer", "hands", "stock", "tricks", "point"}
    assert deal["hands"][0] == {
        "seat": "N",
        "cards": ["Rc", "Rd", "4c", "4b", "6d", "Cb", "4e", "9b", "Vd"],
    }
    assert deal["tricks"][0] == {"cards": ["Rc", "4d", "5c", "6b"], "claim": "N"}
    assert deal["tricks"][1] == {"cards": ["Rd", "Re", "7c", "8d"], "claim": "pourri"}
    assert deal["tricks"][2] == {"number": 7, "cards": ["4c", "3d", "5d", "6c"], "claim": "E"}
    assert deal["point"] == {}
    assert ',"' in line and ", " not in line  # no spaces between items


def test_the_short_forms_with_seats_and_places(tmp_path: Path) -> None:
    # `1. N:Rc E:4d S:5c W:6b -> N` on line 10: the cards at columns 4, 9,
    # 14 and 19, the claim (its arrow) at 24, where the canonical layout puts
    # them, so without `at`; trick 2 has two spaces after `2.`.  A tag
    # repeated makes the tags pairs, one a line from the game's: no `at`
    # either; `{twice}` after `[Event "again"]` and two spaces is at 18.
    text = HAND_BUILT_CARDS.replace("1. Rc 4d 5c 6b", "1. N:Rc E:4d S:5c W:6b")
    text = text.replace("2. Rd Re 7c 8d", "2.  Rd Re 7c 8d")
    text = text.replace("\n\ndeal 1", '\n[Event "again"]  {twice}\n\ndeal 1')
    (line,) = out(write(tmp_path, "h.aln", text), *LOSSLESS).splitlines()
    row = json.loads(line)
    assert row["game"]["tags"] == [["Event", "Hand-built"], ["Event", "again"]]
    assert "at" not in row["game"]
    assert row["game"]["tag_comments"] == [{"text": "twice", "pos": [2, 18]}]
    trick = row["deal"]["tricks"][0]
    assert trick == {
        "cards": ["Rc", "4d", "5c", "6b"],
        "seats": ["N", "E", "S", "W"],
        "claim": "N",
        "pos": [10, 1],
    }
    assert row["deal"]["tricks"][1]["at"] == [5, 8, 11, 14, 17]
    assert row["deal"]["hands"][0]["pos"] == [5, 1]


def test_a_play_on_another_line_is_placed_by_line_and_column(tmp_path: Path) -> None:
    # The grammar lets a trick line go on over a line break.
    text = HAND_BUILT_CARDS.replace("1. Rc 4d 5c 6b -> N", "1. Rc 4d\n   5c 6b -> N")
    path = write(tmp_path, "h.aln", text)
    rows = out(path, *LOSSLESS)
    trick = json.loads(rows)["deal"]["tricks"][0]
    # line 9 holds `1. Rc 4d`, line 10 `   5c 6b -> N`
    assert (trick["pos"], trick["at"]) == ([9, 1], [4, 7, [10, 4], [10, 7], [10, 10]])
    assert out(write(tmp_path, "r.jsonl", rows), "--to", "json") == out(path, "--to", "json")


def test_the_compact_form_is_within_three_times_the_aln(tmp_path: Path) -> None:
    # the corpus of benchmarks/run.py and benchmarks/sizes.py: classic games, seats, hands
    text = generated(1, "--games=40")
    path = write(tmp_path, "c.aln", text)
    size = len(text.encode("utf-8"))
    assert len(out(path, *COMPACT).encode("utf-8")) <= 3 * size
    assert len(out(path, "--to", "jsonl").encode("utf-8")) > 3 * size  # the full form is not


# --------------------------------------------------------------------------
# Reading: detection, mixed forms, malformed lines


def test_compact_rows_are_found_by_their_content(tmp_path: Path) -> None:
    aln = write(tmp_path, "two.aln", generated(5, "--games=2"))
    rows = out(aln, *COMPACT)
    canonical = out(aln, "--to", "aln")
    for name in ("rows.txt", "rows"):
        assert out(write(tmp_path, name, rows), "--to", "aln") == canonical
    result = invoke(["validate", "-"], rows)
    assert (result.exit_code, result.stderr) == (0, "2 games, 10 deals: 0 errors, 0 warnings\n")
    for command in (["report"], ["stats"], ["analyse", "--from-trick", "9"]):
        from_rows = invoke([*command, "-"], rows)
        assert from_rows.exit_code == 0
        from_aln = invoke([*command, "-", "--from", "aln"], aln.read_text())
        assert from_rows.stdout == from_aln.stdout
    told = invoke(["convert", "-", "--from", "jsonl", "--to", "aln"], rows)
    assert told.stdout == canonical


def test_a_game_without_deals_is_one_row_without_a_deal_key(tmp_path: Path) -> None:
    path = write(tmp_path, "e.aln", '[Event "Empty"]\n[Site "Angers"]\n')
    rows = out(path, *COMPACT)
    assert json.loads(rows) == {
        "format": "aluette-record",
        "version": 2,
        "game": {"index": 1, "tags": {"Event": "Empty", "Site": "Angers"}},
    }
    back = invoke(["convert", "-", "--to", "aln"], rows)  # found by content too
    assert back.stdout == out(path, "--to", "aln")


def test_full_and_compact_rows_mix(tmp_path: Path) -> None:
    aln = write(tmp_path, "two.aln", generated(6, "--games=2"))
    full = out(aln, "--to", "jsonl").splitlines()
    short = out(aln, *COMPACT).splitlines()
    mixed = [f if i % 2 else s for i, (f, s) in enumerate(zip(full, short, strict=True))]
    path = write(tmp_path, "mixed.jsonl", "\n".join(mixed) + "\n")
    assert out(path, "--to", "aln") == out(aln, "--to", "aln")


def _compact_rows(tmp_path: Path) -> list[dict[str, Any]]:
    path = write(tmp_path, "two.aln", generated(41, "--games=2", "--options=chanter"))
    return [json.loads(line) for line in out(path, *LOSSLESS).splitlines()]


FAULTS = {
    "pos not a pair": (lambda r: r["deal"].__setitem__("pos", [3]), "pos must be [line, column]"),
    "at too short": (
        lambda r: r["deal"]["tricks"][0].__setitem__("at", [4, 9, 14, 19]),
        "at must place 5 parts",
    ),
    "at not a place": (
        lambda r: r["deal"]["tricks"][0].__setitem__("at", ["x", 9, 14, 19, 24]),
        "pos must be [line, column]",
    ),
    "seats too few": (lambda r: r["deal"]["tricks"][0]["seats"].pop(), "3 seats for 4 cards"),
    "cards missing": (lambda r: r["deal"]["tricks"][0].pop("cards"), "cards must be a list"),
    "claim a number": (lambda r: r["deal"]["tricks"][0].__setitem__("claim", 3), "claim must be"),
    "card Zz": (
        lambda r: r["deal"]["tricks"][0]["cards"].__setitem__(0, "Zz"),
        "'Zz' is not a card",
    ),
    "trick a string": (lambda r: r["deal"]["tricks"].__setitem__(0, "Rc"), "must be a JSON object"),
    "tags a string": (lambda r: r["game"].__setitem__("tags", "Event"), "[name, value] pairs"),
    "tag pairs of three": (
        lambda r: r["game"].__setitem__("tags", [["Event", "x", "y"]]),
        "[name, value] pairs",
    ),
    "comment not an object": (
        lambda r: r["deal"].__setitem__("comments", ["hi"]),
        "a comment must be a JSON object",
    ),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_bad_compact_line_costs_only_itself(tmp_path: Path, fault: str) -> None:
    rows = _compact_rows(tmp_path)
    total = len(rows)
    change, words = FAULTS[fault]
    # the second row is the first game's second deal; a header is read on a
    # game's first row only, so the tag faults break the second game's first row
    first_of_two = next(i for i, r in enumerate(rows) if r["game"]["index"] == 2)
    index = first_of_two if "tag" in fault else 1
    change(rows[index])
    path = write(tmp_path, "rows.jsonl", "\n".join(json.dumps(r) for r in rows) + "\n")
    result = convert(path, "--to", "aln")
    _assert_clean_failure(result)
    said = [_FINDING_LINE.match(line) for line in result.stderr.splitlines()]
    found = [m for m in said if m is not None]
    # the row is one finding of its game, among the game's in file order
    assert [int(m["line"]) for m in found] == sorted(int(m["line"]) for m in found)
    (first,) = [m for m in found if m["code"] == "A001"]
    assert (first["file"], first["line"], first["col"]) == (str(path), str(index + 1), "1")
    assert words in first["msg"], first["msg"]
    assert f"line {index + 1}" in first["msg"]
    assert len(re.findall(r"^deal \d+ dealer", result.stdout, re.M)) == total - 1


def test_a_row_of_an_unknown_version_is_refused(tmp_path: Path) -> None:
    rows = _compact_rows(tmp_path)
    rows[1]["version"] = 3
    path = write(tmp_path, "rows.jsonl", "\n".join(json.dumps(r) for r in rows) + "\n")
    result = convert(path, "--to", "aln")
    _assert_clean_failure(result)
    assert f"{path}:2:1: A001" in result.stderr
    assert '"version" 1 (the full form) or 2 (the compact form)' in result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--to", "json", "--compact"), "--compact is a form of JSON Lines"),
        (("--to", "jsonl", "--lossless"), "add --compact"),
        # accepted and ignored before: as if the cells of JSON were written raw
        (("--to", "json", "--raw-csv"), "use it with --to csv"),
        (("--to", "aln", "--raw-csv"), "use it with --to csv"),
        # so was a style of ALN trick lines given for another format
        (("--to", "json", "--style", "seats"), "--style seats says how ALN trick lines"),
        (("--to", "csv", "--style", "cards"), "use it with --to aln"),
    ],
)
def test_compact_and_lossless_need_each_other_in_order(
    tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    result = convert(write(tmp_path, "h.aln", HAND_BUILT_CARDS), *args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        ["report", "--raw-csv", "--format", "json"],
        ["report", "--raw-csv", "--format", "jsonl", "--level", "deal"],
        ["stats", "--raw-csv"],
    ],
)
def test_raw_csv_with_another_format_is_a_usage_error(tmp_path: Path, args: list[str]) -> None:
    result = invoke([*args, str(write(tmp_path, "h.aln", HAND_BUILT_CARDS))])
    assert result.exit_code == 2
    assert "--raw-csv says how CSV cells are written: use it with --format csv" in result.stderr


def test_the_api_refuses_the_same(tmp_path: Path) -> None:
    (game,) = api.loads(HAND_BUILT_CARDS)
    with pytest.raises(ValueError, match="JSON Lines"):
        api.dumps(game, "json", compact=True)
    with pytest.raises(ValueError, match="add compact"):
        api.dumps(game, "jsonl", lossless=True)


# --------------------------------------------------------------------------
# Properties: every form of record the generators make


def _canonical(text: str) -> str:
    return api.dumps(api.loads(text), "aln")


def _through(text: str, lossless: bool) -> str:
    rows = api.dumps(api.loads(text), "jsonl", compact=True, lossless=lossless)
    return api.dumps(api.loads(rows, fmt="jsonl"), "aln")


_NOWHERE = Pos(0, 0)


def _dressed(game: Game, rng: random.Random, comments: bool) -> None:
    """Add what the generator does not write: chants, signals, doubles,
    concessions, a hand given twice, a point-only deal, the draw, comments."""
    note = [Comment("a note", _NOWHERE)] if comments else []
    for deal in game.deals:
        if rng.random() < 0.3 and deal.hands:
            seat = rng.choice(list(deal.hands))
            cards = deal.hands[seat].cards
            deal.chants.append(Chant(seat, cards[:2], cards[2:4], _NOWHERE, list(note)))
        if rng.random() < 0.3:
            deal.signals.append(Signal("N", "monsieur", rng.randint(0, 9), _NOWHERE))
        if rng.random() < 0.2:
            deal.announces.append(Announce("NS", _NOWHERE, list(note)))
        if rng.random() < 0.2:
            deal.concessions.append(Concede("EW", rng.random() < 0.5, _NOWHERE))
        if rng.random() < 0.1 and deal.hands:
            deal.extra_hands.append(deal.hands["E"])
        if rng.random() < 0.5 and comments:  # the same draws with and without comments
            deal.comments.append(Comment("deal note", _NOWHERE))
            for trick in deal.tricks[:2]:
                trick.comments.append(Comment(" kept", _NOWHERE, line=True))
    if rng.random() < 0.3:
        number = len(game.deals) + 1
        only = Deal(number=number, dealer="N", pos=_NOWHERE)
        only.point = PointClaim("EW", 2 if rng.random() < 0.5 else None, _NOWHERE, list(note))
        game.deals.append(only)
    if rng.random() < 0.3:
        game.draw = Draw(
            [Play(s, c, _NOWHERE) for s, c in zip("NESW", ("5c", "3d", "7b", "2c"), strict=True)],
            _NOWHERE,
            list(note),
        )
    if comments:
        game.leading_comments.append(Comment("before the game", _NOWHERE))
        game.tag_comments.append(Comment("after the tags", _NOWHERE))


@PROFILE
@given(
    seed=SEEDS,
    rules=st.sampled_from(("classic", "team-five", "to-five-points")),
    options=st.sets(st.sampled_from(("chanter", "mordienne", "signals"))),
    style=st.sampled_from(("seats", "cards", "sheet")),
    hands=st.booleans(),
    claims=st.booleans(),
    policy=st.sampled_from(("uniform", "ties")),
    dress=st.booleans(),
)
def test_generated_games_round_trip(
    seed: int,
    rules: str,
    options: set[str],
    style: str,
    hands: bool,
    claims: bool,
    policy: str,
    dress: bool,
) -> None:
    ruleset = load_ruleset(rules)
    ruleset = ruleset.with_options(frozenset(options & set(ruleset.known_options)))
    rng = random.Random(seed)
    kwargs: dict[str, Any] = {
        "hands": hands,
        "claims": claims,
        "style": "seats" if style == "sheet" else style,
        "policy": policy,
        "sheet": style == "sheet",
    }
    game = random_game(1, ruleset, rng, **kwargs)
    plain = random_game(1, ruleset, random.Random(seed), **kwargs)
    if dress:
        _dressed(game, random.Random(seed), comments=True)
        _dressed(plain, random.Random(seed), comments=False)
    with_comments, without = write_game(game), write_game(plain)
    assert _through(with_comments, lossless=True) == _canonical(with_comments)
    assert _through(with_comments, lossless=False) == _canonical(without)


@PROFILE
@given(seed=SEEDS, form=forms(tricky_comments=True))
def test_written_by_hand_games_keep_every_position(seed: int, form: independent.Form) -> None:
    # aliases, loose spacing, several elements on a line, comments anywhere:
    # a lossless row is the record, positions included
    text = independent.random_game(random.Random(seed), form).text
    games = list(api.loads(text))
    rows = api.dumps(games, "jsonl", compact=True, lossless=True)
    assert api.dumps(api.loads(rows, fmt="jsonl"), "json") == api.dumps(games, "json")
    compact = api.dumps(games, "jsonl", compact=True)
    assert len(compact) < len(api.dumps(games, "jsonl"))
    assert all(compact_errors(json.loads(line)) == [] for line in io.StringIO(rows))


@pytest.mark.parametrize(
    ("part", "said"),
    [
        ("trick", "'Claim' is not a key of a trick; did you mean 'claim'?; this deal is skipped"),
        (
            "draw",
            "'Comments' is not a key of a draw; did you mean 'comments'?; this line is skipped",
        ),
        ("comment", "'Pos' is not a key of a comment; did you mean 'pos'?; this deal is skipped"),
        ("no text", "deal: a comment: missing key 'text'; this deal is skipped"),
    ],
)
def test_a_compact_trick_draw_or_comment_with_a_key_it_has_not_is_refused(
    tmp_path: Path, part: str, said: str
) -> None:
    """A compact trick, draw and comment are rebuilt from the keys they may
    have: a misspelt claim was read as no claim (a wrong claim unchecked,
    dropped on conversion), a comment's misspelt place dropped; the full
    form refuses both."""
    game: dict[str, Any] = {"index": 1}
    deal: dict[str, Any] = {"number": 1, "dealer": "N", "tricks": []}
    if part == "trick":
        deal["tricks"] = [{"cards": ["3d", "4d", "5d", "6d"], "Claim": "W"}]
    elif part == "comment":  # its place was lost
        deal["comments"] = [{"text": "from the sheet", "Pos": [4, 29]}]
    elif part == "no text":  # said "comment null cannot be written in ALN"
        deal["comments"] = [{"pos": [4, 29]}]
    else:
        game["draw"] = {"cards": ["3d", "3c", "2d", "2c"], "Comments": []}
    row = {"format": "aluette-record", "version": 2, "game": game, "deal": deal}
    path = write(tmp_path, "row.jsonl", json.dumps(row) + "\n")
    result = invoke(["validate", str(path)])
    assert result.exit_code == 1
    # (a deal skipped is said of it, its number given: a draw's row, of the game)
    of = " (deal 1)" if said.endswith("this deal is skipped") else ""
    assert result.stdout == f"{path}:1:1: A001 line 1: {said}{of}\n"


@pytest.mark.parametrize(
    ("part", "said"),
    [
        ({"comments": [{"text": None}]}, "comment null cannot be written in ALN"),
        ({"tricks": [{"cards": ["3d"], "seats": ["N"], "claim": True}]}, "not true"),
        ({"pos": [4, None]}, "pos must be [line, column], not [4, null]"),
    ],
)
def test_a_compact_row_quotes_what_it_found_as_json_writes_it(
    tmp_path: Path, part: dict[str, Any], said: str
) -> None:
    """null and true, as the row holds them, not Python's None and True."""
    deal: dict[str, Any] = {"number": 1, "dealer": "N", **part}
    row = {"format": "aluette-record", "version": 2, "game": {"index": 1}, "deal": deal}
    result = invoke(["validate", str(write(tmp_path, "row.jsonl", json.dumps(row) + "\n"))])
    assert result.exit_code == 1
    assert said in result.stdout
