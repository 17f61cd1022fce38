"""The record as JSON: a deal with lines that cannot be read is the same deal
in ALN and in JSON.  Its JSON keeps what could be read, the lines that could
not (as written), and the deal's text; validate finds the same findings from
the ALN, the JSON document, the JSON Lines and the lossless compact rows, and
from the older JSON that kept such a deal as text only.

The records are generated legal games with two mistakes typed into one deal
by hand (a card typo that makes a line unreadable, and a wrong claim or a
header typo); the findings are compared between the routes, and the ALN's
are checked against what the mistakes must give."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from aluette_cli.jsonmodel import (
    RecordError,
    _claim_from,
    game_to_dict,
    item_from_dict,
    item_to_dict,
    loads,
    raw_decode,
)
from aluette_cli.model import BrokenDeal, Deal
from aluette_cli.reading import read_games

from .conftest import generated, invoke, run, write


def _typed(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    return text


BASE = generated(3)
# In deal 1 of the seed-3 game, trick 2 is taken by E and trick 7 by N (the
# generated claims say so): 6x is no card, and E did not take trick 7.
TYPO_AND_WRONG_CLAIM = _typed(
    BASE,
    ("2. S:2c W:4b N:6d E:3c -> E", "2. S:2c W:4b N:6x E:3c -> E"),
    ("7. S:6b W:4e N:8c E:5c -> N", "7. S:6b W:4e N:8c E:5c -> E"),
)
# The header of deal 2 cannot be read (its number is then the one after deal
# 1's), and a card of one of its tricks is a typo.
HEADER_AND_TYPO = _typed(
    BASE,
    ("deal 2 dealer S", "deal two dealer S"),
    ("1. W:5b N:4d E:9d S:Rb -> E", "1. W:5b N:4x E:9d S:Rb -> E"),
)


def validated(path: Path) -> list[dict[str, Any]]:
    result = invoke(["validate", "--format", "json", str(path)])
    assert result.exit_code == 1, result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def findings(path: Path) -> list[tuple[Any, ...]]:
    """What validate says, placed in the ALN: a JSON file's findings name
    places in that file, and the ALN positions beside them."""
    return [
        (
            f["code"],
            f.get("aln_line", f["line"]),
            f.get("aln_column", f["column"]),
            f["message"],
            f["deal"],
            f["trick"],
        )
        for f in validated(path)
    ]


def unplaced(path: Path) -> list[tuple[Any, ...]]:
    return [(f["code"], f["message"], f["deal"], f["trick"]) for f in validated(path)]


def converted(tmp_path: Path, source: Path, to: str, *args: str) -> Path:
    target = tmp_path / f"{source.stem}{'-' + args[-1].strip('-') if args else ''}.{to}"
    result = invoke(["convert", str(source), "--to", to, *args, "-o", str(target)])
    assert result.exit_code == 1, result.output  # the mistakes are reported
    return target


@pytest.mark.parametrize("text", [TYPO_AND_WRONG_CLAIM, HEADER_AND_TYPO], ids=["claim", "header"])
def test_a_partly_read_deal_gives_the_same_findings_from_every_form(
    tmp_path: Path, text: str
) -> None:
    aln = write(tmp_path, "season.aln", text)
    expected = findings(aln)
    assert expected[0][0] == "A001" and len(expected) >= 2
    compact = converted(tmp_path, aln, "jsonl", "--compact", "--lossless")
    forms = [converted(tmp_path, aln, "json"), converted(tmp_path, aln, "jsonl"), compact]
    for path in forms:
        # a compact row is not the shape of the record: its findings are
        # placed at its deal, without the ALN's positions
        if path == compact:
            assert unplaced(path) == unplaced(aln), path.name
        else:
            assert findings(path) == expected, path.name
        back = invoke(["convert", str(path), "--to", "aln"]).stdout
        assert back == invoke(["convert", str(aln), "--to", "aln"]).stdout, path.name


LONG = 70_000  # past the reader's line limit of 65,536 bytes
CUT_TEXTS = {
    "a deal's line": _typed(BASE, ("point NS\n\ndeal 2", f"point NS ;{'x' * LONG}\n\ndeal 2")),
    "a partly read deal's line": _typed(
        TYPO_AND_WRONG_CLAIM, ("point NS\n\ndeal 2", f"point NS ;{'x' * LONG}\n\ndeal 2")
    ),
    "a tag value": _typed(BASE, ('[Event "Generated game 1"]', f'[Event "{"e" * 10_005}"]')),
    "a tag line": _typed(BASE, ("[Rules ", f"; {'t' * LONG}\n[Rules ")),
    "the text before the game": f"hello {'h' * LONG}\n\n{BASE}",
    "a deal that cannot be read": _typed(
        BASE, ("1. S:2b W:Cc N:9b E:6e -> S", f"1. S:2b W:Cc N:9b E:6e -> S {{ {'c' * LONG}")
    ),
}
# bytes that are not UTF-8 in a tag, in a deal, in a deal that is partly read
NOT_UTF8 = _typed(
    TYPO_AND_WRONG_CLAIM,
    ('[Event "Generated', '[Event "Gen\udcffrated'),
    ("point NS\n\ndeal 2", "point NS ;caf\udce9\n\ndeal 2"),
).encode("utf-8", "surrogateescape")


@pytest.mark.parametrize("where", [*CUT_TEXTS, "bytes that are not UTF-8"])
def test_what_the_reader_could_not_hold_is_said_from_every_form(tmp_path: Path, where: str) -> None:
    """A line or a tag value past a limit of the reader (A009), a byte that
    is not UTF-8 (A003): nothing in the record read shows them, so the JSON
    forms keep the findings (``cut``), and validate says them again, where
    the ALN said them, with the same exit status."""
    text = CUT_TEXTS.get(where, NOT_UTF8)
    aln = write(tmp_path, "season.aln", text)
    expected = findings(aln)
    codes = {"A003"} if where.startswith("bytes") else {"A009"}
    assert codes <= {f[0] for f in expected}
    compact = converted(tmp_path, aln, "jsonl", "--compact")
    forms = [
        converted(tmp_path, aln, "json"),
        converted(tmp_path, aln, "jsonl"),
        converted(tmp_path, aln, "jsonl", "--compact", "--lossless"),
    ]
    for path in forms:
        assert findings(path) == expected, path.name
    assert sorted(unplaced(compact)) == sorted(unplaced(aln))
    for path in [*forms, compact]:
        # back to ALN, the cut is said again: the text written cannot hold it
        back = invoke(["convert", str(path), "--to", "aln"])
        assert back.exit_code == 1
        assert codes <= {line.split()[1] for line in back.stderr.splitlines()}, path.name


def test_a_cut_names_a_finding_of_the_reader_only() -> None:
    data = {"unread": "deal 1 dealer S\npoint EW", "pos": {"line": 1, "column": 1}}
    cut = {"code": "A302", "message": "point claimed", "pos": {"line": 2, "column": 1}}
    with pytest.raises(RecordError, match="a cut's code is 'A302', not A003 or A009"):
        item_from_dict({**data, "cut": [cut]}, "game 1, deal 1")
    cut = {**cut, "code": "A009", "message": "two\nlines"}
    with pytest.raises(RecordError, match="a cut's message"):
        item_from_dict({**data, "cut": [cut]}, "game 1, deal 1")
    # its words are those of the code's own templates: no finding is worded
    # outside the table, not even one read from a file
    cut = {**cut, "message": "anything at all"}
    with pytest.raises(RecordError, match="'anything at all' is not how A009 is said"):
        item_from_dict({**data, "cut": [cut]}, "game 1, deal 1")
    said = "byte 0xe9 at byte offset 29 is not valid UTF-8; read as U+FFFD"
    item = item_from_dict({**data, "cut": [{**cut, "code": "A003", "message": said}]})
    assert [(f.code, f.message, f.line) for f in item.cut] == [("A003", said, 2)]


def test_the_issue_record_gives_the_typo_and_the_wrong_claim(tmp_path: Path) -> None:
    got = validated(converted(tmp_path, write(tmp_path, "s.aln", TYPO_AND_WRONG_CLAIM), "json"))
    # the document's second line holds the game; the ALN's lines are beside
    assert [(f["code"], f["line"], f["aln_line"], f["trick"]) for f in got] == [
        ("A001", 2, 12, None),
        ("A301", 2, 17, 7),
    ]


def test_the_json_keeps_what_could_be_read_and_the_lines_that_could_not(tmp_path: Path) -> None:
    game = next(read_games([TYPO_AND_WRONG_CLAIM.encode()]))
    data = game_to_dict(game)["deals"][0]
    assert data["unread_lines"] == [
        {"text": "2. S:2c W:4b N:6x E:3c -> E", "pos": {"line": 12, "column": 16}}
    ]
    assert [t["number"] for t in data["tricks"]] == [1, 3, 4, 5, 6, 7, 8, 9]
    assert len(data["hands"]) == 4 and data["point"]["side"] == "NS"
    assert data["unread"].startswith("deal 1 dealer E\n") and "N:6x" in data["unread"]
    # a reader that knows only deals kept as text still reads it as one
    old = item_from_dict({k: data[k] for k in ("unread", "pos", "number", "dealer")})
    assert isinstance(old, BrokenDeal)
    assert item_to_dict(old) == {k: data[k] for k in ("unread", "pos", "number", "dealer")}


def test_json_that_kept_the_deal_as_text_only_gives_the_same_findings(tmp_path: Path) -> None:
    """JSON written before the readable parts were kept: the deal's text is
    read again as its ALN is, so the wrong claim is found there too."""
    aln = write(tmp_path, "s.aln", TYPO_AND_WRONG_CLAIM)
    doc = json.loads(converted(tmp_path, aln, "json").read_text(encoding="utf-8"))
    for game in doc["games"]:
        game["deals"] = [
            {k: d[k] for k in ("unread", "pos", "number", "dealer")} if "unread" in d else d
            for d in game["deals"]
        ]
    older = write(tmp_path, "older.json", json.dumps(doc))
    assert findings(older) == findings(aln)


def test_a_deal_read_back_from_its_json_is_the_deal_read_from_its_aln() -> None:
    """The header could not be read: the deal's number follows the deal before
    it, from JSON as from ALN, and every part and reading error is the same."""
    from aluette_cli.jsonmodel import deal_to_dict, game_from_dict

    game = next(read_games([HEADER_AND_TYPO.encode()]))
    back = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    deal, again = game.deals[1], back.deals[1]
    assert isinstance(deal, Deal) and isinstance(again, Deal)
    assert deal.text is not None and again.number == deal.number == 2
    assert deal_to_dict(again) == deal_to_dict(deal)
    assert again.text is not None and again.text.strip() == deal.text.strip()

    def said(found: list[Any]) -> list[tuple[str, int, int, str]]:
        return [(f.code, f.line, f.column, f.message) for f in found]

    assert said(again.unread) == said(deal.unread) and len(deal.unread) == 2
    assert said(back.errors) == said(game.errors)


#: Deal 2's header below its hand line and trick 1, and its trick 2 unreadable.
MOVED_HEADER = """\
deal 1 dealer W
N: 3d Rc 9e 7b 1d 4c Vd 5e 2b
1. N:3d E:Rb S:4e W:8d
point NS

N: 8e Cc 1e 5c Cd 2e 4d 8b 1d
1. E:9d S:Rb W:5b N:4d
deal 2 dealer N
2. E:3x
point EW
"""


def test_the_unread_lines_of_a_deal_starting_above_its_header_are_the_lines_that_failed() -> None:
    """Each line's text was taken counting from the header, one line below
    where the deal's text starts: the line named was the one above the
    line that could not be read (here the header itself)."""
    game = next(read_games([MOVED_HEADER.encode()]))
    (row,) = game_to_dict(game)["deals"][1]["unread_lines"]
    assert row == {"text": "2. E:3x", "pos": {"line": 9, "column": 6}}


def test_a_deal_whose_header_was_moved_down_reads_back_from_its_json() -> None:
    """Kept as written, it starts above its header: read again from JSON
    after a deal the reader cuts it from, its findings stand where its ALN
    put them."""
    from aluette_cli.jsonmodel import deal_to_dict, game_from_dict

    game = next(read_games([MOVED_HEADER.encode()]))
    back = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    deal, again = game.deals[1], back.deals[1]
    assert isinstance(deal, Deal) and isinstance(again, Deal)
    assert deal.pos.line == again.pos.line == 8 and deal.text is not None
    assert deal_to_dict(again) == deal_to_dict(deal)

    def said(found: list[Any]) -> list[tuple[str, int, int, str]]:
        return [(f.code, f.line, f.column, f.message) for f in found]

    assert [f[:3] for f in said(deal.misplaced)] == [("A005", 8, 1)]
    assert [f[:2] for f in said(deal.unread)] == [("A001", 9)]
    assert said(again.misplaced) == said(deal.misplaced)
    assert said(again.unread) == said(deal.unread)
    assert said(back.errors) == said(game.errors)


#: Deal 2 starts with its trick 2, above its hands (deal 1 has a trick 2
#: already: a headless deal), and its header cannot be read: it is kept as
#: text, its tricks put in order.
TRICK_ABOVE_HANDS = """\
deal 1 dealer W
N: 3d Rc 9e 7b 1d 4c Vd 5e 2b
1. N:3d E:Rb S:4e W:8d
2. N:Rc E:9c S:1e W:8c
point NS

2. E:9d S:Rb W:5b N:4d
ddeal 2 dealer N
N: 8e Cc 1e 5c Cd 2e 4d 8b 1d
1. N:8e E:3c S:Rc W:Vd
point EW
"""


def test_a_deal_kept_as_text_reads_back_with_its_tricks_in_order(tmp_path: Path) -> None:
    """Read again from its JSON as the ALN reader reads it: the trick above
    its hands goes where its number puts it, not first (no A201)."""
    from aluette_cli.jsonmodel import deal_to_dict, game_from_dict

    game = next(read_games([TRICK_ABOVE_HANDS.encode()]))
    back = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    deal, again = game.deals[1], back.deals[1]
    assert isinstance(deal, Deal) and isinstance(again, Deal) and deal.text is not None
    assert [t.number for t in again.tricks] == [t.number for t in deal.tricks] == [1, 2]
    assert deal_to_dict(again) == deal_to_dict(deal)
    aln = write(tmp_path, "above.aln", TRICK_ABOVE_HANDS)
    codes = [f[0] for f in unplaced(aln)]
    assert "A005" in codes and "A201" not in codes
    assert unplaced(converted(tmp_path, aln, "json")) == unplaced(aln)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # an open comment: the ALN reader ends it at the next deal line
        ("deal 1 dealer S { open\npoint EW\n\ndeal 7 dealer N\npoint NS", "2 records"),
        ('deal 1 dealer S\npoint EW\n[Event "Injected"]\ndeal 1 dealer E', "3 records"),
        ("point EW\n", "no deal"),
    ],
)
def test_a_deal_kept_as_text_must_read_back_as_that_one_deal(text: str, said: str) -> None:
    # Written as it stands, such text would come back as other records.
    data = {"unread": text, "pos": {"line": 1, "column": 1}, "number": 1, "dealer": "S"}
    with pytest.raises(RecordError, match=f"unread must be one deal as written; .* {said} in it"):
        item_from_dict(data, "game 1, deal 1")
    # the text of a deal written by convert (trailing comments and all) is one deal
    ok = "deal 1 dealer S { open\npoint EW\n\n; a note after it"
    assert isinstance(item_from_dict({**data, "unread": ok}), BrokenDeal)


#: A game's Result typed at the foot of its last deal, above the next game:
#: one A001 in the deal, the line kept in its text (docs/notation.md §8).
FOOT = """\
[Event "Tuesday"]

deal 1 dealer W
winners: N E S E W N E S N
point EW
[Result "EW 1-0"]


[Event "Friday"]

deal 1 dealer N
winners: S S S N N - W E E
point NS
"""


#: The same in a game's last deal written without its header: the deal's
#: text starts where the point line before cuts it, and was checked alone
#: without the next game's tags below it (the game was skipped).
FOOT_HEADLESS = FOOT.replace("point EW\n", "point EW\n\nwinners: - N E N - W W W N\npoint W\n", 1)
#: A game's first deal with its first lines above its header, a hand line
#: among them holding no card: its text was checked after a deal, not after
#: the tags it stands below (the game was skipped).
LINES_ABOVE = """\
[Event "G"]
N:
1. S:5b W:5c N:5e E:4b
deal 1 dealer E
2. S:3e W:1e N:8e E:1b
"""


@pytest.mark.parametrize("to", ["json", "jsonl"])
@pytest.mark.parametrize(
    "text",
    [FOOT, FOOT_HEADLESS, LINES_ABOVE],
    ids=["result at the foot", "of a deal without its header", "lines above the header"],
)
def test_a_deal_kept_as_text_reads_back_from_every_form(tmp_path: Path, to: str, text: str) -> None:
    """The deal's text ends with the tag line, which the next game's tags
    keep in the deal (or starts with lines above its header, which the
    tags keep in it): read back, it is that deal still, and no game is
    lost; written as ALN again, it reads as the text it came from."""
    aln = write(tmp_path, "foot.aln", text)
    if text == FOOT:
        assert [f[:3] for f in findings(aln)] == [("A001", 6, 1)]
    assert any(f[0] == "A001" for f in findings(aln))
    back = converted(tmp_path, aln, to)
    # (ordered by their places in the JSON, which JSON Lines gives otherwise)
    assert sorted(findings(back), key=str) == sorted(findings(aln), key=str)
    again = invoke(["convert", back, "--to", "aln"])
    if text != LINES_ABOVE:
        assert again.stdout == text
    # (the tags written apart from the deal by a blank line: lines one down)
    said = [(f[0], *f[3:]) for f in findings(aln)]
    assert [(f[0], *f[3:]) for f in findings(write(tmp_path, "again.aln", again.stdout))] == said


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ('{"v": "ev\\ud800x"}', 10),  # a high half alone
        ('{"v": "\\udc00"}', 8),  # a low half alone
        ('{"\\ud800": 1}', 3),  # in a key
        ('{"v": "\\ude00\\ud83d"}', 8),  # the halves in the wrong order
    ],
)
def test_a_lone_surrogate_is_no_character_and_is_refused_at_its_place(
    text: str, column: int
) -> None:
    # JSON lets \\ud800 stand alone; Unicode has no such character, and no
    # record text can hold one (it could not be written as UTF-8).
    with pytest.raises(json.JSONDecodeError, match="lone surrogate") as caught:
        loads(text)
    assert (caught.value.lineno, caught.value.colno) == (1, column)
    with pytest.raises(ValueError):
        raw_decode(text, 0)


def test_a_surrogate_pair_is_one_character() -> None:
    assert loads('{"v": "\\ud83d\\ude00 \\u00e9"}') == {"v": "\U0001f600 é"}
    assert raw_decode('["\\ud83d\\ude00"] tail', 0) == (["\U0001f600"], 16)


# --------------------------------------------------------------------------
# What a record's objects may hold: the schema's keys, each once


def _schema_objects() -> dict[str, set[str]]:
    """Each kind of object of the record schema, by the reader's name for
    it, with the keys the schema allows it."""
    schema = json.loads(
        (
            Path(__file__).resolve().parent.parent
            / "aluette_cli"
            / "schema"
            / "aln-record.schema.json"
        ).read_text("utf-8")
    )
    defs = schema["$defs"]
    deal = defs["deal"]["properties"]

    def obj(node: dict[str, Any]) -> dict[str, Any]:
        """The object a property holds, through arrays and a null choice."""
        node = node.get("items", node)
        for choice in node.get("oneOf", ()):
            if choice.get("type") == "object":
                return choice
        return node

    trick = obj(deal["tricks"])["properties"]
    draw = obj(defs["game_header"]["properties"]["draw"])
    return {
        "pos": set(defs["pos"]["properties"]),
        "comment": set(defs["comment"]["properties"]),
        "tag": set(defs["tag"]["properties"]),
        "draw": set(draw["properties"]),
        "draw card": set(obj(draw["properties"]["cards"])["properties"]),
        "game": {*defs["game_header"]["properties"], *defs["game"]["properties"]},
        "deal": set(deal) | set(defs["unread_deal"]["properties"]),
        "hand": set(defs["hand"]["properties"]),
        "stock": set(obj(deal["stock"])["properties"]),
        "chant": set(obj(deal["chants"])["properties"]),
        "announce": set(obj(deal["announces"])["properties"]),
        "concession": set(obj(deal["concessions"])["properties"]),
        "trick": set(trick),
        "play": set(obj(trick["plays"])["properties"]),
        "claim": set(obj(trick["claim"])["properties"]),
        "signal": set(obj(deal["signals"])["properties"]),
        "winners": set(obj(deal["winners"])["properties"]),
        "point": set(obj(deal["point"])["properties"]),
        "cut": set(obj(defs["cut"])["properties"]),
    }


def test_the_reader_allows_each_object_the_keys_of_the_schema() -> None:
    from aluette_cli.jsonmodel import _KEYS

    assert {kind: set(keys) for kind, keys in _KEYS.items()} == _schema_objects()


def _document(deal_edit: dict[str, Any] | None = None, **claim: Any) -> str:
    """A one-deal document from ALN, with its deal's keys or trick 1's claim changed."""
    (game,) = read_games([b"deal 1 dealer W\n1. N:3d E:1d S:1c W:1b -> N\npoint NS\n"])
    data = {"format": "aluette-record", "version": 1, "games": [game_to_dict(game)]}
    deal = data["games"][0]["deals"][0]
    deal["tricks"][0]["claim"].update(claim)
    deal.update(deal_edit or {})
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (_document({"Point": None}), "'Point' is not a key of a deal; did you mean 'point'?"),
        (_document({"pointt": None}), "'pointt' is not a key of a deal; did you mean 'point'?"),
        (_document({"x-note": 1}), "'x-note' is not a key of a deal; this game"),
        (_document(pourri=True), "a claim cannot be both for N and pourri"),
        (_document(seat=None, pourri=False), "a claim with no seat is pourri"),
        (_document(pourri="false"), "a claim's pourri must be true or false, not 'false'"),
        (
            _document().replace(
                '"point": {',
                '"point": {"side": "EW", "points": 1, "pos": '
                '{"line": 3, "column": 1}, "comments": []}, "point": {',
            ),
            "key 'point' is given twice in a deal",
        ),
        (
            _document().replace(
                '"pos": {"line": 2, "column": 4}', '"pos": {"line": 2, "column": 4, "col": 1}'
            ),
            "'col' is not a key of a pos",
        ),
        # a play's seat left out: it was read as a card alone, in a trick with seats
        (_document().replace('{"seat": "N", "card": "3d"', '{"card": "3d"'), "missing key 'seat'"),
    ],
    ids=["case", "typo", "unknown", "both", "neither", "type", "twice", "nested", "no seat"],
)
def test_a_key_the_record_has_not_or_gives_twice_is_said_never_dropped(
    tmp_path: Path, text: str, said: str
) -> None:
    """A misspelt or repeated key, or a claim whose seat and pourri
    disagree, would lose or change what the record says without a word."""
    path = write(tmp_path, "edited.json", text)
    result = invoke(["validate", path])
    assert result.exit_code == 1
    assert said in result.stdout + result.stderr


def test_a_claim_without_pourri_is_read_from_its_seat(tmp_path: Path) -> None:
    data = json.loads(_document())
    del data["games"][0]["deals"][0]["tricks"][0]["claim"]["pourri"]
    lenient = invoke(["validate", write(tmp_path, "a.json", json.dumps(data))])
    whole = invoke(["validate", write(tmp_path, "a.json", _document())])
    assert (lenient.exit_code, lenient.output) == (whole.exit_code, whole.output)
    assert "A206" in whole.output and "A001" not in whole.output


@pytest.mark.parametrize(
    "where",
    ["comment", "line comment", "tag value", "trick line", "point line"],
)
def test_a_nul_the_aln_holds_is_carried_by_the_json_and_back(tmp_path: Path, where: str) -> None:
    """The ALN reader takes a NUL as any other character: a NUL in a comment
    or a tag is text, one in a play line makes it unreadable (A001).  The
    JSON says the same, and reads back to the same findings and the same
    ALN; refused there, it cost the whole game and findings the ALN never
    gave."""
    lines = generated(3, "--games", "1").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("1."))
    point = next(i for i, line in enumerate(lines) if line.startswith("point"))
    if where == "comment":
        lines.insert(first, "{a\x00b}")
    elif where == "line comment":
        lines.insert(first, "; a\x00b")
    elif where == "tag value":
        lines[0] = lines[0].replace('"]', '\x00"]', 1)
    else:
        at = first if where == "trick line" else point
        lines[at] += "\x00"
    aln = write(tmp_path, "nul.aln", "\n".join(lines) + "\n")

    def codes(path: Path) -> list[tuple[str, int, int]]:
        found = json.loads(invoke(["validate", "--format", "json", str(path)]).stdout)
        return [(f["code"], f["game"], f["deal"]) for f in found]

    def deals(path: Path) -> int:
        report = json.loads(invoke(["report", "--format", "json", str(path)]).stdout)
        return sum(len(game["deals"]) for game in report["games"])

    broken = where in ("trick line", "point line")
    assert codes(aln) == ([("A001", 1, 1)] if broken else [])
    for kind in ("json", "jsonl"):
        converted = tmp_path / f"nul.{kind}"
        invoke(["convert", "--to", kind, "-o", str(converted), str(aln)])
        assert "\\u0000" in converted.read_text(encoding="utf-8")
        assert codes(converted) == codes(aln), kind
        assert deals(converted) == deals(aln) == 5, kind
    back = invoke(["convert", "--to", "aln", str(tmp_path / "nul.json")]).stdout
    assert "\x00" in back
    assert codes(write(tmp_path, "back.aln", back)) == codes(aln)


def test_a_deal_whose_header_is_moved_down_after_a_deal_reads_back_from_json(
    tmp_path: Path,
) -> None:
    """Deal 2's lines above its header, after deal 1, a line of it unread:
    its text was checked as if after the game's tags, where it reads as two
    records, and the JSON's own reader skipped the whole game."""
    text = (
        '[Event "x"]\n\ndeal 1 dealer N\nN: 6d 2e 3b 5d 9b Ce 3e 1b 7e\npoint EW\n\n'
        "N: 4b Rb Cb 2b 7d 4d Cc Rc 9c\n9. S:8e W:8c N:2b E:9e -> N\nponit NS\ndeal 2 dealer W\n"
    )
    aln = tmp_path / "rec.aln"
    aln.write_text(text, encoding="utf-8")
    as_json = tmp_path / "rec.json"
    assert run("convert", aln, "--to", "json", "-o", as_json).exit_code == 1
    codes = [
        (f["code"], f["deal"]) for f in json.loads(run("validate", "--format", "json", aln).stdout)
    ]
    again = json.loads(run("validate", "--format", "json", as_json).stdout)
    assert [(f["code"], f["deal"]) for f in again] == codes
    assert "A001" in {code for code, _ in codes}
    assert run("convert", as_json, "--to", "aln").stdout == run("fmt", "-", input=text).stdout


@cache
def _game() -> str:
    """A generated game, all four hands written."""
    return generated(5, "--games", "1")


def _first_deal_json(tmp_path: Path, text: str) -> tuple[Path, dict[str, Any]]:
    source = write(tmp_path, "g.aln", text)
    target = tmp_path / "g.json"
    assert run("convert", source, "--to", "json", "-o", target).exit_code == 0
    return target, json.loads(target.read_text("utf-8"))


@pytest.mark.parametrize("form", ["hands", "extra_hands"])
def test_a_seat_given_twice_in_the_json_is_a107_as_in_the_aln(tmp_path: Path, form: str) -> None:
    """E's hand labelled N: the ALN says A107 (the second N is E's, as the
    play shows).  In the JSON the second N replaced the first, and the deal
    read as a hand of N's that played E's cards (18 A203s); given among the
    extra hands only, a seat with no first hand was an internal error."""
    text = _game().replace("\nE: ", "\nN: ", 1)
    aln = write(tmp_path, "slip.aln", text)
    expected = [f["code"] for f in validated(aln)]
    assert expected == ["A107"]
    path, document = _first_deal_json(tmp_path, _game())
    deal = document["games"][0]["deals"][0]
    east = next(h for h in deal["hands"] if h["seat"] == "E")
    east["seat"] = "N"
    if form == "extra_hands":  # (listed apart, after the others)
        deal["hands"].remove(east)
        deal["extra_hands"] = [east]
    else:  # (listed after N's own)
        deal["hands"].remove(east)
        deal["hands"].append(east)
    path.write_text(json.dumps(document), "utf-8")
    assert [f["code"] for f in validated(path)] == expected


def test_a_seat_given_only_among_the_extra_hands_is_its_hand(tmp_path: Path) -> None:
    path, document = _first_deal_json(tmp_path, _game())
    deal = document["games"][0]["deals"][0]
    east = next(h for h in deal["hands"] if h["seat"] == "E")
    deal["hands"].remove(east)
    deal["extra_hands"] = [east]
    path.write_text(json.dumps(document), "utf-8")
    result = run("validate", path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("tricks", {}, "tricks must be a list"),
        ("hands", None, "hands must be a list"),
        ("signals", {}, "signals must be a list"),
        ("dealer", None, "null is not one of N, E, S, W"),
        ("number", 1234567890, "a deal number must have at most nine digits, not 1234567890"),
        ("number", True, "a deal number must be a whole number, not true"),
        ("stock", ["1d"], 'a stock must be an object, not ["1d"]'),
    ],
)
def test_a_json_value_of_the_wrong_shape_is_named_as_json_says_it(
    tmp_path: Path, key: str, value: Any, said: str
) -> None:
    """An object where a list belongs was read as an empty list (exit 0),
    and values were said as Python says them (None, True); the file whose
    only game was skipped was said to hold nothing to check."""
    path, document = _first_deal_json(tmp_path, _game())
    document["games"][0]["deals"][0][key] = value
    path.write_text(json.dumps(document), "utf-8")
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"game 1, deal 1: {said}; this game is skipped" in result.stdout
    assert "nothing to check" not in result.stderr


def test_a_claim_that_is_no_object_is_named() -> None:
    with pytest.raises(RecordError, match="a trick's claim must be an object, not 'N'"):
        _claim_from("N", "game 1, deal 1")


@pytest.mark.parametrize("value", ["x", ["deal"], None, 3])
def test_a_deal_that_is_no_object_is_said_to_be_one(value: object) -> None:
    """A row's deal written as a string was "missing key 'number'"."""
    with pytest.raises(RecordError, match=r"^line 1: a deal must be an object, not "):
        item_from_dict(value, "line 1")


@pytest.mark.parametrize("line", ['"yes"', "1", "null"])
def test_a_comment_whose_line_is_not_true_or_false_is_refused(tmp_path: Path, line: str) -> None:
    """It was read as false, a brace comment: a ';' note came back in braces."""
    source = write(
        tmp_path, "c.aln", "deal 1 dealer N ; note\nwinners: N N N E E - S W W\npoint NS\n"
    )
    rows = run("convert", source, "--to", "jsonl").stdout.replace('"line": true', f'"line": {line}')
    result = run("validate", write(tmp_path, "c.jsonl", rows))
    assert result.exit_code == 1
    assert "a comment's line must be true or false, not " in result.stdout


def test_a_comment_line_starting_with_deal_is_no_header_below_a_deal_s_first_lines() -> None:
    """A deal without its header, a brace comment over two lines whose
    second starts with "deal", and a comment left open (A002): its text was
    taken for a deal whose header stands below its first lines, and its
    JSON refused ("the ALN reader would read no deal in it"), the game lost."""
    text = (
        "deal 1 dealer E\nwinners: S E N W W S N - S\npoint NS\n\n"
        "winners: E W N W S S - N S {a long\ndeal of thinking here}\npoint S {open\n"
    )
    from aluette_cli.jsonmodel import game_from_dict

    game = next(read_games([text.encode()]))
    back = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    assert len(back.deals) == len(game.deals) == 2
    assert [f.code for f in back.errors] == [f.code for f in game.errors] == ["A002"]
