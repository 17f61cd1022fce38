"""Findings of a record read from JSON name places in the JSON file.

A messy record (a tag in the wrong case, a card typo that leaves a line
unreadable, a wrong claim beside it, a wrong point claim, a trick line left
out) is converted to JSON as ``convert`` writes it, pretty-printed, and to
JSON Lines.  ``validate`` on each gives the codes it gives on the ALN, with
the ALN's positions beside them (``aln_line``, ``aln_column``); and the
place each finding names is read back from the JSON file: the value there
must be the one the finding is about (the tag's name, the mistyped card,
the claim, the point's side, the number of the trick after the gap).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from aluette_cli import convert
from aluette_cli.jsonplace import Text, places, string_places

from .conftest import invoke, write
from .test_jsonmodel import BASE, TYPO_AND_WRONG_CLAIM, _typed

MESSY = _typed(
    TYPO_AND_WRONG_CLAIM,
    ('[Rules "classic"]', '[rules "classic"]'),
    ("9. N:8e E:5d S:9c W:6d -> S\npoint S\n", "9. N:8e E:5d S:9c W:6d -> S\npoint EW\n"),
    ("5. N:Vd E:7e S:Rd W:9c -> W\n", ""),
)

#: What the value at each finding's place in the JSON file must be: a value
#: of the record, or the text of a line kept as written (a deal with a line
#: that cannot be read is read from its text, kept in the JSON as a string).
CONCERNS = {
    "A409": ["rules", "classic"],  # the tag's name as written (a compact row: its value)
    "A001": ["6x", "2. S:2c W:4b N:6x"],  # the mistyped card (or its line), in the deal's text
    "A301": ["E", "-> E"],  # the claim: its seat, or as written in the text
    "A302": ["EW"],  # the point line's side
    "A201": [6],  # the number of the trick after the one left out
}


def validated(path: Path) -> list[dict[str, Any]]:
    result = invoke(["validate", "--format", "json", str(path)])
    assert result.exit_code == 1, result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def value_at(text: str, line: int, column: int) -> Any:
    """The JSON value that starts at ``line:column`` of ``text``; inside a
    string, the characters from there to the string's next escape or end."""
    lines = text.split("\n")
    assert 1 <= line <= len(lines), f"line {line} of a file of {len(lines)}"
    before, rest = lines[line - 1][: column - 1], lines[line - 1][column - 1 :]
    assert rest, f"column {column} is past the end of line {line}"
    # a JSON string never spans lines: quotes not escaped before it say if it is in one
    if len(re.findall(r'(?<!\\)(?:\\\\)*"', before)) % 2:
        return re.match(r'[^"\\]*', rest).group()  # type: ignore[union-attr]
    value, _ = json.JSONDecoder().raw_decode(rest)
    return value


def concerns(code: str, value: Any) -> bool:
    return any(
        value == want
        or (isinstance(value, str) and isinstance(want, str) and value.startswith(want))
        for want in CONCERNS[code]
    )


FORMS = ["document", "pretty", "rows", "lossless", "compact"]


def _forms(tmp_path: Path) -> list[Path]:
    """The messy record as each of :data:`FORMS`: the JSON document, the
    same pretty-printed, JSON Lines, compact rows with and without positions."""
    aln = write(tmp_path, "messy.aln", MESSY)
    doc = tmp_path / "messy.json"
    rows = tmp_path / "messy.jsonl"
    lossless = tmp_path / "lossless.jsonl"
    compact = tmp_path / "compact.jsonl"
    for target, *flags in (
        (doc,),
        (rows,),
        (lossless, "--compact", "--lossless"),
        (compact, "--compact"),
    ):
        invoke(["convert", str(aln), "--to", target.suffix[1:], *flags, "-o", str(target)])
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads(doc.read_text("utf-8")), indent=2), "utf-8")
    return [doc, pretty, rows, lossless, compact]


def test_the_messy_record_has_one_finding_of_each_kind(tmp_path: Path) -> None:
    found = validated(write(tmp_path, "messy.aln", MESSY))
    assert sorted(f["code"] for f in found) == sorted(CONCERNS)


@pytest.mark.parametrize("form", FORMS)
def test_every_finding_names_the_json_value_it_is_about(tmp_path: Path, form: str) -> None:
    path = _forms(tmp_path)[FORMS.index(form)]
    from_aln = validated(tmp_path / "messy.aln")
    from_json = validated(path)

    def said(found: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return sorted((f["code"], f["message"], f["deal"], f["trick"]) for f in found)

    # the deal kept as text is read again in every form, positions or not
    assert said(from_json) == said(from_aln)
    text = path.read_text("utf-8")
    by_code = {f["code"]: f for f in from_aln}
    for finding in from_json:
        assert finding["file"] == str(path)
        value = value_at(text, finding["line"], finding["column"])
        assert concerns(finding["code"], value), (finding, value)
        if form == "compact":
            assert "aln_line" not in finding  # the row gives no ALN position
            continue
        # the ALN position it was converted from is beside it
        aln = by_code[finding["code"]]
        assert (finding["aln_line"], finding["aln_column"]) == (aln["line"], aln["column"])


def test_the_text_line_and_convert_name_places_in_the_json_file(tmp_path: Path) -> None:
    doc = _forms(tmp_path)[0]
    text = doc.read_text("utf-8")
    for command in (["validate", str(doc)], ["convert", str(doc), "--to", "aln"]):
        result = invoke(command)
        said = result.stderr if command[0] == "convert" else result.stdout
        places_said = re.findall(rf"^{re.escape(str(doc))}:(\d+):(\d+): (A\d+)", said, re.M)
        assert sorted(code for _, _, code in places_said) == sorted(CONCERNS), result.output
        for line, column, code in places_said:
            assert concerns(code, value_at(text, int(line), int(column))), (command, code)


def test_a_json_written_by_hand_is_placed_by_its_values_not_its_pos_keys(tmp_path: Path) -> None:
    """Every ``pos`` the same (a record typed as JSON): each finding is still
    placed at its own value, and the ALN position beside it is what the
    JSON says."""
    doc = json.loads(_forms(tmp_path)[0].read_text("utf-8"))

    def same(value: Any) -> None:
        if isinstance(value, dict):
            if "pos" in value and "unread" not in value:
                value["pos"] = {"line": 1, "column": 1}
            for v in value.values():
                same(v)
        elif isinstance(value, list):
            for v in value:
                same(v)

    same(doc)
    path = write(tmp_path, "typed.json", json.dumps(doc, indent=1))
    text = path.read_text("utf-8")
    found = validated(path)
    assert sorted(f["code"] for f in found) == sorted(CONCERNS)
    for finding in found:
        assert concerns(finding["code"], value_at(text, finding["line"], finding["column"]))
    assert len({(f["line"], f["column"]) for f in found}) == len(found)


def test_a_game_without_findings_is_not_placed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Placing a game costs as much as reading it: a game with nothing to
    say is not placed."""
    aln = write(tmp_path, "clean.aln", BASE)
    target = tmp_path / "clean.json"
    invoke(["convert", str(aln), "--to", "json", "-o", str(target)])

    def never(*args: object) -> None:
        raise AssertionError("a game without findings was placed")

    monkeypatch.setattr(convert, "_json_again", never)
    assert invoke(["validate", str(target)]).exit_code == 0


def test_places_gives_the_offset_of_every_value() -> None:
    text = '{"a": [1, "x\\"y", {"b": null}], "k\\u00e9": -2.5e3, "a": [true]}'
    root = places(text)
    offset, members = root
    assert offset == 0 and isinstance(members, dict)
    # a key written twice keeps its last value, as json does
    assert set(members) == {"a", "ké"}
    assert text[members["a"][0] :].startswith("[true]")
    assert text[members["ké"][0] :].startswith("-2.5e3")
    first = places(text[: text.index(', "k')] + "}")[1]
    assert isinstance(first, dict)
    elements = first["a"][1]
    assert isinstance(elements, list)
    assert [text[o : o + 3] for o, _ in elements] == ["1, ", '"x\\', '{"b']
    inner = elements[2][1]
    assert isinstance(inner, dict) and text[inner["b"][0] :].startswith("null")


def test_string_places_steps_over_escapes() -> None:
    literal = '"a\\nb\\u00e9\\ud83d\\ude00c"'
    decoded = json.loads(literal)
    assert decoded == "a\nbé\U0001f600c"
    offsets = string_places(literal)
    assert len(offsets) == len(decoded) + 1
    assert [literal[o] for o in offsets] == ["a", "\\", "b", "\\", "\\", "c", '"']


def test_text_counts_lines_and_columns_from_where_it_starts() -> None:
    text = Text('{"a":\n  1,\n"b": 2}', 3, 5)
    assert text.at(0) == (3, 5)
    assert text.at(text.text.index("1")) == (4, 3)
    assert text.at(text.text.index('"b"')) == (5, 1)


@pytest.mark.parametrize("form", FORMS)
def test_the_tables_count_each_deals_findings_as_from_the_aln(tmp_path: Path, form: str) -> None:
    """A JSON document writes a game on one line: a finding falls in the
    deal whose value holds it, compared by line and column."""
    path = _forms(tmp_path)[FORMS.index(form)]

    def counts(path: Path) -> list[tuple[str, str]]:
        result = invoke(["report", "--format", "csv", "--level", "deal", str(path)])
        return [
            (row["deal"], row["findings"]) for row in csv.DictReader(io.StringIO(result.stdout))
        ]

    assert counts(path) == counts(tmp_path / "messy.aln")


def test_the_html_page_places_findings_among_the_records_lines(tmp_path: Path) -> None:
    """The page lays out the record: its findings are placed, and named, by
    the lines of the ALN its JSON gives, the same page as from the ALN."""
    doc = _forms(tmp_path)[0]
    aln = tmp_path / "messy.aln"
    pages = []
    for path in (aln, doc):
        out = tmp_path / f"{path.suffix[1:]}.html"
        invoke(["report", "--format", "html", str(path), "-o", str(out)])
        pages.append(out.read_text("utf-8").replace(str(path), "FILE"))
    assert pages[0] == pages[1]


def test_convert_writes_the_records_own_positions_back(tmp_path: Path) -> None:
    """Placing names findings in the JSON file; the record converted on
    keeps the positions its JSON gives, as from the ALN."""
    doc, pretty = _forms(tmp_path)[:2]
    outs = []
    for path in (tmp_path / "messy.aln", pretty, doc):
        target = tmp_path / f"back-{path.stem}-{path.suffix[1:]}.json"
        result = invoke(["convert", str(path), "--to", "json", "-o", str(target)])
        assert result.exit_code == 1  # the mistakes are said
        outs.append(target.read_text("utf-8"))
    assert outs[1] == outs[0] and outs[2] == outs[0]


#: A game whose own texts are kept as written: words before its tags, and a
#: tag whose value is not quoted (the tag section cannot be read).
GAME_TEXTS = "Scored by Rose\n[Event \"Club\"]\n[Site 'Cholet']\n\ndeal 1 dealer N\npoint NS\n"


@pytest.mark.parametrize("form", FORMS)
def test_the_games_own_texts_are_read_again_and_placed_in_their_strings(
    tmp_path: Path, form: str
) -> None:
    aln = write(tmp_path, "texts.aln", GAME_TEXTS)
    from_aln = validated(aln)
    assert [(f["code"], f["line"], f["column"]) for f in from_aln] == [
        ("A001", 1, 1),
        ("A001", 3, 7),
    ]
    target = tmp_path / ("texts.json" if form in ("document", "pretty") else "texts.jsonl")
    flags = {"lossless": ["--compact", "--lossless"], "compact": ["--compact"]}.get(form, [])
    invoke(["convert", str(aln), "--to", target.suffix[1:], *flags, "-o", str(target)])
    if form == "pretty":
        target.write_text(json.dumps(json.loads(target.read_text("utf-8")), indent=2), "utf-8")
    from_json = validated(target)  # in the JSON's order: the tags come first
    assert sorted(f["message"] for f in from_json) == sorted(f["message"] for f in from_aln)
    text = target.read_text("utf-8")
    for finding in from_json:
        (aln_finding,) = [f for f in from_aln if f["message"] == finding["message"]]
        want = "Scored" if aln_finding["line"] == 1 else "'Cholet'"
        assert value_at(text, finding["line"], finding["column"]).startswith(want), finding
        if form == "compact":
            assert "aln_line" not in finding
        else:
            where = (aln_finding["line"], aln_finding["column"])
            assert (finding["aln_line"], finding["aln_column"]) == where


@pytest.mark.parametrize("to", ["json", "jsonl", "compact"])
def test_a_deal_that_cannot_be_read_with_a_line_above_its_header_is_placed_in_its_string(
    tmp_path: Path, to: str
) -> None:
    """Its pos named the line its text starts on, where a deal read names
    its header's: its text was taken to start a line higher still, and its
    A002 kept the ALN's line 6, of a JSON file of 3 lines (or 1), with no
    place in the ALN beside it.  Its header names it now, as it does a deal
    read (deal 1, dealer N: it had neither)."""
    aln = write(
        tmp_path,
        "broken.aln",
        '[Event "x"]\n\nN: 1d 4d Cd 5e 6d 1c 8b 2d Vb\ndeal 1 dealer N\n'
        "winners: E E E W N S - N E\npoint EW {never closed\n",
    )
    (aln_said,) = json.loads(invoke(["validate", "--format", "json", str(aln)]).stdout)
    assert (aln_said["code"], aln_said["line"], aln_said["column"], aln_said["deal"]) == (
        "A002",
        6,
        10,
        1,
    )
    record = tmp_path / f"broken.{'jsonl' if to == 'compact' else to}"
    invoke(
        ["convert", str(aln), "--to", "jsonl" if to == "compact" else to, "-o", str(record)]
        + (["--compact"] if to == "compact" else [])
    )
    text = record.read_text("utf-8")
    (said,) = json.loads(invoke(["validate", "--format", "json", str(record)]).stdout)
    # (the compact form keeps no positions: the ALN's place is not known)
    aln_place = None if to == "compact" else (6, 10)
    assert (said.get("aln_line") and (said["aln_line"], said["aln_column"])) == aln_place
    assert said["deal"] == 1
    line = text.split("\n")[said["line"] - 1]
    assert line[said["column"] - 1 :].startswith("{never closed")


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_a_deal_kept_as_text_with_lines_above_its_header_is_placed_in_its_string(
    tmp_path: Path, to: str
) -> None:
    """The deal's text starts two lines above its header, which its pos
    names: its findings were moved from the header's line, and the one on
    a line above it kept its ALN place (line 2 of a JSON Lines file of one
    line).  Each is now the place of its character in the JSON string."""
    aln = write(
        tmp_path,
        "above.aln",
        '[Event "G"]\nN:\n1. S:5b W:5c N:5e E:4b\ndeal 1 dealer E\n2. S:3e W:1e N:8e E:1b\n',
    )
    record = tmp_path / f"above.{to}"
    invoke(["convert", str(aln), "--to", to, "-o", str(record)])
    text = record.read_text("utf-8")
    said = json.loads(invoke(["validate", "--format", "json", str(record)]).stdout)
    assert sorted(f["code"] for f in said) == ["A001", "A005", "A206"]
    for finding in (f for f in said if f["code"] != "A206"):
        line = text.split("\n")[finding["line"] - 1]
        at = line[finding["column"] - 1 :]
        # the A001 at the empty hand's end (its line's newline in the string),
        # the A005 at the header
        expected = "\\n1. S:5b" if finding["code"] == "A001" else "deal 1 dealer E"
        assert at.startswith(expected), (finding, at[:30])
