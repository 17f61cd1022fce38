"""Findings as ``validate`` writes them (``aluette_cli/writers/diagnostics.py``).

Elsewhere these writers are seen only through whole runs of ``validate``,
checked for their shape; scripts read their bytes, so here each is driven as
``validate`` drives it, on findings made by hand, and held to the text that
docs/cli.md and docs/violations.md print, to GitHub's escaping of workflow
commands and to the fields of a SARIF 2.1.0 log.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from aluette_cli import findings as F
from aluette_cli.findings import Finding
from aluette_cli.writers.diagnostics import (
    OUTPUT_FORMATS,
    artifact_uri,
    diagnostics,
    statistics_json,
    statistics_text,
    unreadable,
)
from aluette_cli.writers.layout import PLAIN, Layout

from .conftest import ROOT

# The findings of the docs' examples: the contract's line (A203), practice.aln's
# A001, a403.aln's warning, and docs/violations.md's unreadable file (A010).
A203 = Finding.of(F.NOT_IN_HAND, "", 42, 7, 1, 3, 4, card="5c", seat="S")
A001_MESSAGE = (
    "found '3x', expected a card; this line cannot be read, it is skipped;"
    " the rest of the deal is read"
)
A001 = Finding(F.SYNTAX_ERROR, A001_MESSAGE, 16, 6, 1, 4)
A403 = Finding.of(F.DATE_FORMAT, "fix", 1, 1, 1, value="14/11/2026", fixed="2026.11.14")
MISSING = unreadable("nosuch.aln", "No such file or directory")

A203_LINE = "A203 card 5c played by S is not in S's hand (deal 3, trick 4)"
A403_LINE = "A403 Date '14/11/2026' is not YYYY.MM.DD: write '2026.11.14' (use ? for unknown parts)"
A403_TITLE = "title=A403 Date not in YYYY.MM.DD form"

# The objects of docs/cli.md's `--format json` example and docs/violations.md's A010.
A001_JSON = (
    '{"file": "practice.aln", "line": 16, "column": 6, "code": "A001", "severity": "error",'
    f' "message": "{A001_MESSAGE}", "game": 1, "deal": 4, "trick": null}}'
)
A403_JSON = (
    '{"file": "a403.aln", "line": 1, "column": 1, "code": "A403", "severity": "warning",'
    " \"message\": \"Date '14/11/2026' is not YYYY.MM.DD: write '2026.11.14'"
    ' (use ? for unknown parts)",'
    ' "game": 1, "deal": null, "trick": null}'
)
A010_JSON = (
    '{"file": "nosuch.aln", "line": null, "column": null, "code": "A010", "severity": "error",'
    ' "message": "cannot read nosuch.aln: No such file or directory",'
    ' "game": null, "deal": null, "trick": null}'
)
THREE_FILES = [("practice.aln", [A001]), ("a403.aln", [A403]), ("nosuch.aln", [MISSING])]


def written(
    fmt: str, *games: tuple[str, list[Finding]], version: str = "", layout: Layout = PLAIN
) -> str:
    """What ``validate --output-format FMT`` writes for these games' findings."""
    out: list[str] = []
    shown = diagnostics(fmt, out.append, version, layout)
    shown.begin()
    for file, found in games:
        shown.add(file, found)
    shown.end()
    return "".join(out)


@pytest.mark.parametrize(
    ("file", "finding", "text"),
    [
        ("games.aln", A203, f"games.aln:42:7: {A203_LINE}\n"),  # the contract's line
        ("practice.aln", A001, f"practice.aln:16:6: A001 {A001_MESSAGE} (deal 4)\n"),
        ("a403.aln", A403, f"a403.aln:1:1: {A403_LINE}\n"),  # about a tag: no parenthesis
        ("nosuch.aln", MISSING, ""),  # said on standard error, as by every command
    ],
)
def test_a_text_line_is_the_one_docs_cli_md_gives(file: str, finding: Finding, text: str) -> None:
    assert written("text", (file, [finding])) == text


# ANSI: 1 bold, 31 red (an error), 33 yellow (a warning), 0 resets; the file
# name's newline is still an escape (docs/cli.md, "Control characters")
@pytest.mark.parametrize(
    ("finding", "text"),
    [
        (A203, f"\x1b[1ma\\x0ab.aln:42:7:\x1b[0m \x1b[31m\x1b[1mA203\x1b[0m {A203_LINE[5:]}\n"),
        (A403, f"\x1b[1ma\\x0ab.aln:1:1:\x1b[0m \x1b[33m\x1b[1mA403\x1b[0m {A403_LINE[5:]}\n"),
    ],
)
def test_in_colour_the_place_is_bold_and_the_code_red_or_yellow(
    finding: Finding, text: str
) -> None:
    assert written("text", ("a\nb.aln", [finding]), layout=Layout(color=True)) == text


@pytest.mark.parametrize(
    ("fmt", "games", "text"),
    [
        ("json", THREE_FILES, f"[\n{A001_JSON},\n{A403_JSON},\n{A010_JSON}\n]\n"),
        ("json", [], "[]\n"),  # "It prints [] when there is no finding."
        ("jsonl", THREE_FILES, f"{A001_JSON}\n{A403_JSON}\n{A010_JSON}\n"),
        ("jsonl", [], ""),
    ],
)
def test_json_and_json_lines_hold_the_objects_the_docs_print(
    fmt: str, games: list[tuple[str, list[Finding]]], text: str
) -> None:
    assert written(fmt, *games) == text


@pytest.mark.parametrize(
    ("file", "finding", "command"),
    [
        ("a403.aln", A403, f"::warning file=a403.aln,line=1,col=1,{A403_TITLE}::{A403_LINE}"),
        ("games.aln", A203, "::error file=games.aln,line=42,col=7,title=A203 card not in the"
         f" player's hand::{A203_LINE}"),
        # a whole file: no line, no column; the message's ':' is data, not escaped
        ("nosuch.aln", MISSING, "::error file=nosuch.aln,title=A010 file cannot be read"
         "::A010 cannot read nosuch.aln: No such file or directory"),
        # a property escapes '%' first, CR, LF (which would start a command), then ':'
        # and ',' (which would end the properties or start one)
        ("%0A,b:\r\n.aln", A403, f"::warning file=%250A%2Cb%3A%0D%0A.aln,line=1,col=1,"
         f"{A403_TITLE}::{A403_LINE}"),
        # a message escapes '%' (and CR, LF) only: ':' and ',' are escaped in properties
        ("t.aln", Finding.of(F.TAG_REPEATED, "", 3, 1, 1, name="Event", first="50%: a, b"),
         "::warning file=t.aln,line=3,col=1,title=A404 tag given twice"
         "::A404 tag Event is given again; the first value, '50%25: a, b', is used"),
    ],
)  # fmt: skip
def test_a_github_command_is_the_one_docs_cli_md_gives(
    file: str, finding: Finding, command: str
) -> None:
    assert written("github", (file, [finding])) == command + "\n"


def sarif_run(*games: tuple[str, list[Finding]], version: str = "") -> dict[str, Any]:
    """The one run of the log, once the log's own head is checked."""
    text = written("sarif", *games, version=version)
    assert text.endswith("]}\n")  # the log ends its last line, as every output does
    log = json.loads(text)
    schemas = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    assert log["$schema"] == schemas + "sarif-schema-2.1.0.json"
    assert (log["version"], len(log["runs"])) == ("2.1.0", 1)
    run: dict[str, Any] = log["runs"][0]
    return run


#: Each rule's title and severity (docs/violations.md's table), where it is
#: written (the code's "Rule." line) and its kind: what it is about, which
#: decides the exit status (a rule broken: 1; a file unread: 2, docs/cli.md).
RULES = {
    "A203": ("card not in the player's hand", "docs/rules.md §3", "error", "rule"),
    "A403": ("Date not in YYYY.MM.DD form", "docs/notation.md §3", "warning", "rule"),
    "A010": ("file cannot be read", "docs/cli.md, Exit status", "error", "input"),
}


def test_a_sarif_log_is_one_run_of_aluette_listing_every_code_as_a_rule() -> None:
    table = (ROOT / "docs" / "violations.md").read_text(encoding="utf-8")
    codes = re.findall(r"^\| \[(A\d{3})\]", table, re.M)  # the table "All codes"
    run = sarif_run(version="0.1.0")
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("aluette", "0.1.0")
    assert sorted(rule["id"] for rule in driver["rules"]) == sorted(codes)
    for rule in driver["rules"]:
        assert not re.search(r"[\s'-]", rule["name"])  # an identifier (SARIF §3.49.7)
        if rule["id"] in RULES:
            title, where, level, kind = RULES[rule["id"]]
            assert rule["shortDescription"] == {"text": title}
            assert rule["fullDescription"] == {"text": f"{title} ({where})"}
            assert rule["defaultConfiguration"] == {"level": level}
            assert rule["properties"] == {"kind": kind}
    assert run["columnKind"] == "unicodeCodePoints"  # columns count characters
    assert run["results"] == []
    assert "version" not in sarif_run()["tool"]["driver"]  # none given, none claimed


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("A002", "BraceCommentNeverClosed"),
        ("A101", "CardDealtTwice"),
        ("A203", "CardNotInThePlayersHand"),  # the apostrophe dropped within the word
        ("A403", "DateNotInYyyyMmDdForm"),  # every sign left out
        ("A306", "FinishedGameWithResult"),
    ],
)  # fmt: skip
def test_a_sarif_rule_is_named_by_its_title_in_upper_camel_case(code: str, name: str) -> None:
    (rule,) = [r for r in sarif_run()["tool"]["driver"]["rules"] if r["id"] == code]
    assert rule["name"] == name


def place(uri: str, line: int = 0, column: int = 0) -> list[dict[str, Any]]:
    location: dict[str, Any] = {"artifactLocation": {"uri": uri}}
    if line:
        location["region"] = {"startLine": line, "startColumn": column}
    return [{"physicalLocation": location}]


def test_a_sarif_result_gives_the_place_and_the_game_deal_and_trick() -> None:
    run = sarif_run(("games.aln", [A203, A403]), ("nosuch.aln", [MISSING]))
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    for result in run["results"]:  # ruleIndex points into tool.driver.rules (SARIF §3.27.6)
        assert rules[result.pop("ruleIndex")] == result["ruleId"]
    assert run["results"] == [
        {"ruleId": "A203", "level": "error", "message": {"text": A203_LINE[5:]},
         "locations": place("games.aln", 42, 7), "properties": {"game": 1, "deal": 3, "trick": 4}},
        {"ruleId": "A403", "level": "warning", "message": {"text": A403_LINE[5:]},
         "locations": place("games.aln", 1, 1), "properties": {"game": 1}},
        # "An unreadable file is a result without a region."
        {"ruleId": "A010", "level": "error",
         "message": {"text": "cannot read nosuch.aln: No such file or directory"},
         "locations": place("nosuch.aln")},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("file", "uri"),
    [
        ("records/club night.aln", "records/club%20night.aln"),  # relative stays relative
        ("a:b.aln", "a%3Ab.aln"),  # not read as a URI scheme 'a:'
        ("/srv/records/r#1.aln", "file:///srv/records/r%231.aln"),  # absolute: a file: URI
        ("<stdin>", "stdin"),
        ("été.aln", "%C3%A9t%C3%A9.aln"),  # UTF-8, percent-encoded (RFC 3986)
        ("<draft>.aln", "%3Cdraft%3E.aln"),  # a file, whatever its first sign
        # a name's bytes that are not UTF-8, as the system gives them: the
        # log was cut off at "results" by an internal error
        (b"b\xffad.aln".decode("utf-8", "surrogateescape"), "b%FFad.aln"),
        (b"/r/b\xffad.aln".decode("utf-8", "surrogateescape"), "file:///r/b%FFad.aln"),
    ],
)  # fmt: skip
def test_a_file_name_is_a_sarif_artifact_uri(file: str, uri: str) -> None:
    assert artifact_uri(file) == uri


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "github", "sarif"])
def test_each_game_s_findings_are_written_as_soon_as_they_are_added(fmt: str) -> None:
    assert fmt in OUTPUT_FORMATS  # the five of docs/cli.md, "Output formats"
    # a million-deal archive is reported as it is read: nothing waits for end()
    out: list[str] = []
    shown = diagnostics(fmt, out.append)
    shown.begin()
    shown.add("games.aln", [A203])
    assert "card 5c played by S is not in S's hand" in "".join(out)


def test_statistics_are_most_frequent_first_then_by_code() -> None:
    assert json.loads(statistics_json(Counter({"A403": 1, "A203": 3, "A001": 1}))) == [
        {"code": "A203", "severity": "error", "title": "card not in the player's hand", "count": 3},
        {"code": "A001", "severity": "error", "title": "syntax error", "count": 1},
        {"code": "A403", "severity": "warning", "title": "Date not in YYYY.MM.DD form", "count": 1},
    ]
    # docs/cli.md's table for practice.aln and a403.aln (printed without trailing blanks)
    text = statistics_text(Counter({"A403": 1, "A001": 1}))
    assert text.endswith("\n")
    assert [line.rstrip() for line in text.splitlines()] == [
        "  count  code    severity    what",
        "      1  A001    error       syntax error",
        "      1  A403    warning     Date not in YYYY.MM.DD form",
    ]
    assert statistics_text(Counter()) == ""  # no finding, no table
