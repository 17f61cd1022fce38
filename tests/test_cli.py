"""The command line as its users and scripts see it (docs/cli.md, The contract).

Every expected value here is worked out by hand from docs/rules.md and
docs/notation.md, not copied from the tool's output.
"""

from __future__ import annotations

import builtins
import json
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from aluette_cli.cli import cli

from .conftest import SAMPLES, run, write

# --------------------------------------------------------------------------
# Records, checked by hand

# docs/rules.md §4: winners N, E, S, E, W, N, E, S, N.  N and E both finish with
# three; E reached three at trick 7, N only at trick 9: E-W score the point.
TIE_SHEET = """\
[Event "Tie-break"]
[Date "2026.11.14"]

deal 1 dealer W
winners: N E S E W N E S N
point EW
"""

# A played deal, dealer W, so N leads trick 1.  Trick by trick:
#  1. 3d (monsieur) is the highest card: N.
#  2. Rc, Re and Rd are kings, equal and highest: pourri, N leads again.
#  3. 3c (madame): E.          4. 2d (borgne): E.
#  5. 2c (vache) beats 1e: S.  6. 9c (grand-neuf): N.
#  7. 9d (petit-neuf) beats Vc: W.   8. 1c (ace) beats Cb and the valets: E.
#  9. 1d (ace) beats 9b: N.
# Counts N 3, E 3, S 1, W 1, one pourri; E reached 3 at trick 8, N at
# trick 9, so E wins the point for EW.
PLAYED_DEAL = """\
deal 1 dealer W
N: 3d Rc 4c 7b 5e 9c 7d Vd 1d
E: 8d Cc 3c 2d 5b 6b 4e 1c 9b
S: 6e Re 8c 5d 2c 4b Vc Cb 3e
W: 3b Rd 6c 7c 1e 8e 9d Vb 5c
stock: 4d 6d Cd 1b 2b 8b Rb 2e 7e 9e Ve Ce
1. N:3d E:8d S:6e W:3b -> N
2. N:Rc E:Cc S:Re W:Rd -> pourri
3. N:4c E:3c S:8c W:6c -> E
4. E:2d S:5d W:7c N:7b -> E
5. E:5b S:2c W:1e N:5e -> S
6. S:4b W:8e N:9c E:6b -> N
7. N:7d E:4e S:Vc W:9d -> W
8. W:Vb N:Vd E:1c S:Cb -> E
9. E:9b S:3e W:5c N:1d -> N
point EW
"""
PLAYED_GAME = '[Event "Played"]\n\n' + PLAYED_DEAL

# (trick, leader, winner or "pourri") for PLAYED_DEAL.
PLAYED_TRICKS = [
    (1, "N", "N"),
    (2, "N", "pourri"),
    (3, "N", "E"),
    (4, "E", "E"),
    (5, "E", "S"),
    (6, "S", "N"),
    (7, "N", "W"),
    (8, "W", "E"),
    (9, "E", "N"),
]

# A finished classic game of five scoring deals (docs/rules.md §5).  The dealer
# moves to the left after each scoring deal: W, N, E, S, and W again.
#  1. the §4 example: E wins the tie-break, EW.
#  2. N takes 5: NS.   3. S takes 4: NS.   4. W takes 4: EW.
#  5. N 3, E 2, S 2, W 1, one pourri: N has strictly the most, NS.
# NS 3, EW 2: NS win.
FULL_GAME = """\
[Event "Five deals"]
[Result "NS 3-2"]

deal 1 dealer W
winners: N E S E W N E S N
point EW

deal 2 dealer N
winners: N N N N N S S E W
point NS

deal 3 dealer E
winners: S S S S E E E W W
point S

deal 4 dealer S
winners: W W W W N N E E S
point EW

deal 5 dealer W
winners: N N N E E S S W -
point N
"""

# Findings at places counted by hand:
#  2:1  A403 the Date is not YYYY.MM.DD (a warning)
# 12:24 A301 trick 3 is claimed for N, but E's 3c (madame) is highest
# 19:1  A302 the point is claimed for NS, but E wins it for EW
# 21:1  A104 deal 3 comes after deal 1
ERRORS_GAME = (
    '[Event "Errors"]\n[Date "14/11/2026"]\n\n'
    + PLAYED_DEAL.replace("S:8c W:6c -> E", "S:8c W:6c -> N").replace("point EW", "point NS")
    + "\ndeal 3 dealer N\nwinners: N N N N N S S E W\npoint NS\n"
)
ERRORS_EXPECTED = [
    (2, 1, "A403", None, None),
    (12, 24, "A301", 1, 3),
    (19, 1, "A302", 1, None),
    (21, 1, "A104", 3, None),
]

CONTRACT_KEYS = {"file", "line", "column", "code", "severity", "message", "game", "deal", "trick"}
LINE_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>A\d{3}) (?P<message>.+?)"
    r"(?: \((?P<where>deal \d+(?:, trick \d+)?|trick \d+)\))?$"
)

# docs/rules.md §1, highest first; cards on one row are equal.
RANKING = [
    {"3d"},
    {"3c"},
    {"2d"},
    {"2c"},
    {"9c"},
    {"9d"},
    {"2b"},
    {"2e"},
    {"1d", "1c", "1b", "1e"},
    {"Rd", "Rc", "Rb", "Re"},
    {"Cd", "Cc", "Cb", "Ce"},
    {"Vd", "Vc", "Vb", "Ve"},
    {"9e", "9b"},
    {"8d", "8c", "8b", "8e"},
    {"7d", "7c", "7b", "7e"},
    {"6d", "6c", "6b", "6e"},
    {"5d", "5c", "5b", "5e"},
    {"4d", "4c", "4b", "4e"},
    {"3e", "3b"},
]


# --------------------------------------------------------------------------
# Helpers


def finding_lines(result: Result) -> list[re.Match[str]]:
    lines = result.stdout.splitlines()
    matches = [LINE_RE.match(line) for line in lines]
    assert all(matches), lines
    return [m for m in matches if m is not None]


def codes(result: Result) -> list[str]:
    return [m["code"] for m in finding_lines(result)]


# --------------------------------------------------------------------------
# Help


def test_group_help_lists_the_commands_and_an_example() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for name in ("validate", "report", "rules", "generate"):
        assert name in result.stdout
    assert any(line.strip().startswith("aluette ") for line in result.stdout.splitlines())


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_command_help_has_an_example(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert f"{command} [OPTIONS]" in result.stdout
    examples = [
        line.strip()
        for line in result.stdout.splitlines()
        if line.strip().startswith(f"aluette {command}")
    ]
    assert examples, result.stdout


def test_short_help_option() -> None:
    result = run("validate", "-h")
    assert result.exit_code == 0
    assert "FILE..." in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "SAMPLE"],
        ["report", "SAMPLE"],
        ["analyse", "--from-trick", "9", "SAMPLE"],
        ["explain", "A101"],
        ["rules"],
        ["generate"],
        ["convert", "--to", "json", "SAMPLE"],
        ["annotate", "SAMPLE"],
        ["stats", "SAMPLE"],
        ["scorer"],
    ],
    ids=lambda args: args[0],
)
def test_an_empty_output_names_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """``-o "$OUT"`` with OUT unset: the empty name was opened as the
    working folder ("cannot write : Is a directory")."""
    monkeypatch.chdir(tmp_path)
    sample = str(Path(__file__).parent.parent / "samples" / "classic-game.aln")
    result = run(*[sample if a == "SAMPLE" else a for a in args], "-o", "")
    assert result.exit_code == 2
    assert "Invalid value for '-o' / '--output': names nothing: give a file" in result.stderr
    # every command writes standard output for -o -, and its hint says so
    assert "or - for standard output" in result.stderr
    assert list(tmp_path.iterdir()) == []
    dash = run(*[sample if a == "SAMPLE" else a for a in args], "-o", "-")
    assert dash.exit_code == 0, dash.output
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------
# validate


def test_validate_line_format_and_positions(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    result = run("validate", path)
    assert result.exit_code == 1
    found = []
    for m in finding_lines(result):
        assert m["file"] == path
        deal = trick = None
        if m["where"]:
            parts = dict(p.split(" ") for p in m["where"].split(", "))
            deal = int(parts["deal"]) if "deal" in parts else None
            trick = int(parts["trick"]) if "trick" in parts else None
        found.append((int(m["line"]), int(m["col"]), m["code"], deal, trick))
    for expected in ERRORS_EXPECTED:
        assert expected in found
    positions = [(line, col) for line, col, *_ in found]
    assert positions == sorted(positions)


def test_validate_line_names_deal_and_trick(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    result = run("validate", path)
    lines = result.stdout.splitlines()
    (a301,) = [line for line in lines if " A301 " in line]
    assert a301.startswith(f"{path}:12:24: A301 ")
    assert a301.endswith(" (deal 1, trick 3)")
    (a302,) = [line for line in lines if " A302 " in line]
    assert a302.startswith(f"{path}:19:1: A302 ")
    assert a302.endswith(" (deal 1)")
    (a403,) = [line for line in lines if " A403 " in line]
    assert a403.startswith(f"{path}:2:1: A403 ")
    assert not re.search(r"\((deal|trick) \d+", a403)


def test_validate_json_has_the_contract_keys(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    result = run("validate", "--format", "json", path)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    assert data
    for item in data:
        assert set(item) >= CONTRACT_KEYS
        assert item["file"] == path
        assert item["game"] == 1
        assert item["severity"] in ("error", "warning")
        assert isinstance(item["line"], int)
        assert isinstance(item["column"], int)
        assert isinstance(item["message"], str)
        assert item["message"]
    by_code = {item["code"]: item for item in data}
    for line, column, code, deal, trick in ERRORS_EXPECTED:
        item = by_code[code]
        assert (item["line"], item["column"], item["deal"], item["trick"]) == (
            line,
            column,
            deal,
            trick,
        )
    assert by_code["A403"]["severity"] == "warning"
    assert by_code["A301"]["severity"] == "error"
    assert [(d["line"], d["column"]) for d in data] == sorted(
        (d["line"], d["column"]) for d in data
    )


def test_validate_json_and_text_agree(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    text = run("validate", path)
    data = json.loads(run("validate", "--format", "json", path).stdout)
    assert [(int(m["line"]), int(m["col"]), m["code"]) for m in finding_lines(text)] == [
        (d["line"], d["column"], d["code"]) for d in data
    ]


def test_validate_json_is_an_empty_array_when_valid(tmp_path: Path) -> None:
    path = str(write(tmp_path, "tie.aln", TIE_SHEET))
    result = run("validate", "--format", "json", path)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


@pytest.mark.parametrize("text", [TIE_SHEET, PLAYED_GAME, FULL_GAME])
def test_validate_valid_record_exits_0(tmp_path: Path, text: str) -> None:
    result = run("validate", write(tmp_path, "ok.aln", text))
    assert result.exit_code == 0
    assert result.stdout == ""


def test_validate_warns_when_a_file_holds_no_deals(tmp_path: Path) -> None:
    """Nothing to check is not a pass: like ruff with no files, say so."""
    empty = str(write(tmp_path, "empty.aln", ""))
    comment = str(write(tmp_path, "comment.aln", "{ nothing yet }\n"))
    ok = str(write(tmp_path, "ok.aln", TIE_SHEET))
    # a warning said of its tags is still nothing checked (an error is not)
    tags = str(write(tmp_path, "tags.aln", '[Event "x"]\n[Evnt "y"]\n'))
    result = run("validate", empty, ok, comment, tags)
    assert result.exit_code == 0
    warned = [line for line in result.stderr.splitlines() if line.startswith("aluette:")]
    assert warned == [
        f"aluette: warning: {empty} holds no deals: nothing to check",
        f"aluette: warning: {comment} holds no deals: nothing to check",
        f"aluette: warning: {tags} holds no deals: nothing to check",
    ]
    assert run("validate", "-q", empty).stderr == ""


@pytest.mark.parametrize(
    ("command", "nothing"),
    [
        (["report"], "nothing to report"),
        (["report", "--format", "html"], "nothing to report"),
        (["report", "--format", "html", "--analyse", "--from-trick", "9"], "nothing to report"),
        (["stats"], "nothing to count"),
        (["stats", "--analyse", "--from-trick", "9"], "nothing to count"),
        (["analyse", "--from-trick", "9"], "nothing to analyse"),
    ],
)
def test_every_command_that_reads_records_says_a_file_holds_no_deals(
    tmp_path: Path, command: list[str], nothing: str
) -> None:
    """As validate says it: one line a file without deals, under the name
    findings give it (standard input too), and none of a file that held one."""
    empty = str(write(tmp_path, "empty.aln", "{ nothing yet }\n"))
    full = str(write(tmp_path, "full.aln", "deal 1 dealer S\npoint NS\n"))
    result = run(*command, empty, full)
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stderr.splitlines() if "holds no deals" in line]
    assert warned == [f"aluette: warning: {empty} holds no deals: {nothing}"]
    empty_stdin = run(*command, "-", input="; only a note\n")
    assert f"aluette: warning: <stdin> holds no deals: {nothing}" in empty_stdin.stderr
    assert "holds no deals" not in run(*command, "-", input="deal 1 dealer S\npoint NS\n").stderr


def test_validate_violation_exits_1(tmp_path: Path) -> None:
    # docs/rules.md §4: E, not N, wins the point of the tie-break example.
    path = str(write(tmp_path, "bad.aln", TIE_SHEET.replace("point EW", "point NS")))
    result = run("validate", path)
    assert result.exit_code == 1
    assert codes(result) == ["A302"]
    assert result.stdout.startswith(f"{path}:6:1: A302 ")


def test_validate_unknown_rules_option_exits_2(tmp_path: Path) -> None:
    path = str(write(tmp_path, "tie.aln", TIE_SHEET))
    result = run("validate", "--rules", "no-such-rules", path)
    assert result.exit_code == 2
    assert "no-such-rules" in result.stderr


@pytest.mark.parametrize(
    "command", [["validate"], ["report"], ["stats"], ["rules"], ["generate"], ["scorer"]]
)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_rules_option_is_refused_not_taken_as_none(
    tmp_path: Path, command: list[str], empty: str
) -> None:
    # `--rules "$RULES"` with the variable unset: the records' own rules
    # would otherwise be used without a word.
    path = str(write(tmp_path, "tie.aln", TIE_SHEET))
    files = [path] if command[0] in ("validate", "report", "stats") else []
    result = run(*command, "--rules", empty, *files)
    assert result.exit_code == 2
    assert "'--rules': names no ruleset" in result.stderr


def test_validate_unknown_options_option_exits_2(tmp_path: Path) -> None:
    path = str(write(tmp_path, "tie.aln", TIE_SHEET))
    result = run("validate", "--options", "no-such-option", path)
    assert result.exit_code == 2
    assert "no-such-option" in result.stderr


def test_validate_missing_file_exits_2(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.aln")
    result = run("validate", missing)
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
    assert missing in result.stderr


def test_validate_record_naming_unknown_ruleset_exits_2(tmp_path: Path) -> None:
    text = TIE_SHEET.replace('[Date "2026.11.14"]', '[Rules "no-such-rules"]')
    path = str(write(tmp_path, "unknown.aln", text))
    result = run("validate", path)
    assert result.exit_code == 2
    (m,) = finding_lines(result)
    assert (m["line"], m["col"], m["code"]) == ("2", "1", "A401")
    assert "no-such-rules" in m["message"]


def test_validate_record_naming_unknown_option_exits_2(tmp_path: Path) -> None:
    text = TIE_SHEET.replace('[Date "2026.11.14"]', '[Options "mordienne, no-such-option"]')
    path = str(write(tmp_path, "unknown.aln", text))
    result = run("validate", path)
    assert result.exit_code == 2
    assert codes(result) == ["A401"]


def test_validate_warning_alone_exits_0(tmp_path: Path) -> None:
    path = str(write(tmp_path, "date.aln", TIE_SHEET.replace("2026.11.14", "14/11/2026")))
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{path}:2:1: A403 ")
    data = json.loads(run("validate", "--format", "json", path).stdout)
    assert [(d["code"], d["severity"]) for d in data] == [("A403", "warning")]


def test_validate_warning_and_error_exits_1(tmp_path: Path) -> None:
    text = TIE_SHEET.replace("2026.11.14", "14/11/2026").replace("point EW", "point NS")
    result = run("validate", write(tmp_path, "both.aln", text))
    assert result.exit_code == 1
    assert codes(result) == ["A403", "A302"]


def test_validate_several_files(tmp_path: Path) -> None:
    good = str(write(tmp_path, "good.aln", TIE_SHEET))
    bad1 = str(write(tmp_path, "bad1.aln", TIE_SHEET.replace("point EW", "point NS")))
    bad2 = str(write(tmp_path, "bad2.aln", ERRORS_GAME))
    result = run("validate", good, bad1, bad2)
    assert result.exit_code == 1
    files = [m["file"] for m in finding_lines(result)]
    assert good not in files
    assert files.count(bad1) == 1
    assert files.count(bad2) >= len(ERRORS_EXPECTED)
    # file after file, in the order given
    assert files == sorted(files, key=[bad1, bad2].index)
    data = json.loads(run("validate", "--format", "json", good, bad1, bad2).stdout)
    assert {d["file"] for d in data} == {bad1, bad2}
    assert next(d for d in data if d["file"] == bad1)["line"] == 6


def test_validate_several_files_worst_status_wins(tmp_path: Path) -> None:
    bad = str(write(tmp_path, "bad.aln", TIE_SHEET.replace("point EW", "point NS")))
    missing = str(tmp_path / "missing.aln")
    result = run("validate", bad, missing)
    assert result.exit_code == 2
    assert codes(result) == ["A302"]
    assert "cannot read" in result.stderr


def test_validate_reads_standard_input() -> None:
    result = run("validate", "-", input=TIE_SHEET.replace("point EW", "point NS"))
    assert result.exit_code == 1
    (m,) = finding_lines(result)
    assert (m["file"], m["line"], m["col"], m["code"]) == ("<stdin>", "6", "1", "A302")
    data = json.loads(
        run("validate", "--format", "json", "-", input=TIE_SHEET.replace("EW", "NS")).stdout
    )
    assert [d["file"] for d in data] == ["<stdin>"]


def test_validate_standard_input_valid() -> None:
    result = run("validate", "-", input=PLAYED_GAME)
    assert result.exit_code == 0
    assert result.stdout == ""


def test_validate_stdin_and_file_together(tmp_path: Path) -> None:
    path = str(write(tmp_path, "bad.aln", ERRORS_GAME))
    result = run("validate", path, "-", input=TIE_SHEET.replace("point EW", "point NS"))
    assert result.exit_code == 1
    files = {m["file"] for m in finding_lines(result)}
    assert files == {path, "<stdin>"}


def test_validate_rules_option_overrides_the_tag(tmp_path: Path) -> None:
    text = TIE_SHEET.replace('[Date "2026.11.14"]', '[Rules "no-such-rules"]')
    path = str(write(tmp_path, "unknown.aln", text))
    result = run("validate", "--rules", "classic", path)
    assert result.exit_code == 0


# --------------------------------------------------------------------------
# report


def trick_rows(text: str) -> dict[int, list[str]]:
    """The rows of the trick table: number -> the other cells."""
    rows: dict[int, list[str]] = {}
    for line in text.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit() and len(cells) >= 2:
            rows[int(cells[0])] = cells[1:]
    return rows


def test_report_text_trick_winners_and_pourri(tmp_path: Path) -> None:
    result = run("report", write(tmp_path, "played.aln", PLAYED_GAME))
    assert result.exit_code == 0
    rows = trick_rows(result.stdout)
    assert sorted(rows) == list(range(1, 10))
    plays = {
        k: dict(p.split(":") for p in line.split(" -> ")[0].split(" ")[1:])
        for k, line in enumerate(
            (line for line in PLAYED_DEAL.splitlines() if re.match(r"\d\. ", line)), 1
        )
    }
    for number, leader, winner in PLAYED_TRICKS:
        cells = rows[number]
        # trick | leader | N | E | S | W | won by | why
        assert cells[0] == leader, (number, cells)
        assert cells[1:5] == [plays[number][seat] for seat in "NESW"], (number, cells)
        assert cells[5] == winner, (number, cells)
    assert "pourri" in result.stdout


def test_report_text_explains_the_tie_break_of_a_played_deal(tmp_path: Path) -> None:
    result = run("report", write(tmp_path, "played.aln", PLAYED_GAME))
    assert "N and E both have 3; E reached 3 at trick 8, N at trick 9" in result.stdout
    assert "E wins the point for EW." in result.stdout


def test_report_text_tie_break_sentence_of_rules_example(tmp_path: Path) -> None:
    result = run("report", write(tmp_path, "tie.aln", TIE_SHEET))
    assert result.exit_code == 0
    assert (
        "N and E both have 3; E reached 3 at trick 7, N at trick 9: E wins the point for EW."
        in result.stdout
    )


def test_report_text_sheet_winners(tmp_path: Path) -> None:
    """A score sheet's deal is one line, as the sheet was written, not a
    table of nine one-cell rows."""
    result = run("report", write(tmp_path, "tie.aln", TIE_SHEET))
    assert "Won by, trick 1 to 9: N E S E W N E S N\n" in result.stdout
    assert trick_rows(result.stdout) == {}


def test_report_text_final_score(tmp_path: Path) -> None:
    result = run("report", write(tmp_path, "full.aln", FULL_GAME))
    assert result.exit_code == 0
    assert "Final score: NS 3, EW 2." in result.stdout
    assert "NS win the game." in result.stdout
    assert "pourri" in result.stdout  # the '-' of deal 5


def test_report_text_unfinished_game_says_so(tmp_path: Path) -> None:
    result = run("report", write(tmp_path, "tie.aln", TIE_SHEET))
    assert "NS 0, EW 1" in result.stdout
    assert "Final score" not in result.stdout


def test_report_text_lists_violations(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    result = run("report", path)
    assert result.exit_code == 1
    assert f"{path}:12:24: A301 " in result.stdout
    assert f"{path}:19:1: A302 " in result.stdout


GAME_KEYS = {
    "file",
    "index",
    "tags",
    "rules",
    "options",
    "deals",
    "score",
    "winner",
    "complete",
    "violations",
}
DEAL_KEYS = {
    "number",
    "dealer",
    "void",
    "tricks",
    "counts",
    "deal_winner",
    "tie_break",
    "point",
}
TRICK_KEYS = {"number", "leader", "plays", "winner", "pourri"}


def check_report_shape(data: object) -> None:
    assert isinstance(data, dict)
    assert set(data) == {"games"}
    assert isinstance(data["games"], list)
    for game in data["games"]:
        assert set(game) == GAME_KEYS
        assert isinstance(game["tags"], dict)
        assert isinstance(game["options"], list)
        assert set(game["score"]) == {"NS", "EW"}
        assert game["winner"] in ("NS", "EW", "draw", None)
        assert isinstance(game["complete"], bool)
        for finding in game["violations"]:
            assert set(finding) >= CONTRACT_KEYS
        for deal in game["deals"]:
            assert set(deal) >= DEAL_KEYS
            assert set(deal) - DEAL_KEYS <= {"broken"}
            assert isinstance(deal["void"], bool)
            if deal["point"] is not None:
                assert set(deal["point"]) == {"team", "points", "mordienne"}
            if deal["tie_break"] is not None:
                assert set(deal["tie_break"]) == {"tied", "total", "reached_at", "winner"}
            for trick in deal["tricks"]:
                assert set(trick) == TRICK_KEYS
                assert isinstance(trick["plays"], list)
                assert isinstance(trick["pourri"], bool)


def test_report_json_shape_of_a_played_game(tmp_path: Path) -> None:
    path = str(write(tmp_path, "played.aln", PLAYED_GAME))
    result = run("report", "--format", "json", path)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    check_report_shape(data)
    (game,) = data["games"]
    assert game["file"] == path
    assert game["index"] == 1
    assert game["tags"] == {"Event": "Played"}
    assert game["rules"] == "classic"
    assert game["options"] == []
    (deal,) = game["deals"]
    assert (deal["number"], deal["dealer"], deal["void"]) == (1, "W", False)
    assert [(t["number"], t["leader"]) for t in deal["tricks"]] == [
        (k, leader) for k, leader, _ in PLAYED_TRICKS
    ]
    assert [("pourri" if t["pourri"] else t["winner"]) for t in deal["tricks"]] == [
        winner for _, _, winner in PLAYED_TRICKS
    ]
    assert deal["tricks"][1]["winner"] is None
    assert deal["tricks"][0]["plays"] == [["N", "3d"], ["E", "8d"], ["S", "6e"], ["W", "3b"]]
    assert deal["tricks"][7]["plays"] == [["W", "Vb"], ["N", "Vd"], ["E", "1c"], ["S", "Cb"]]
    assert deal["counts"] == {"N": 3, "E": 3, "S": 1, "W": 1}
    assert deal["deal_winner"] == "E"
    assert deal["tie_break"] == {
        "tied": ["N", "E"],
        "total": 3,
        "reached_at": {"N": 9, "E": 8},
        "winner": "E",
    }
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}
    assert game["score"] == {"NS": 0, "EW": 1}
    assert game["winner"] is None
    assert game["complete"] is False
    assert game["violations"] == []


def test_report_json_of_a_score_sheet(tmp_path: Path) -> None:
    path = str(write(tmp_path, "tie.aln", TIE_SHEET))
    data = json.loads(run("report", "--format", "json", path).stdout)
    check_report_shape(data)
    (deal,) = data["games"][0]["deals"]
    assert all(t["plays"] == [] for t in deal["tricks"])
    assert [t["winner"] for t in deal["tricks"]] == ["N", "E", "S", "E", "W", "N", "E", "S", "N"]
    assert deal["tie_break"] == {
        "tied": ["N", "E"],
        "total": 3,
        "reached_at": {"N": 9, "E": 7},
        "winner": "E",
    }
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_report_json_of_a_finished_game(tmp_path: Path) -> None:
    path = str(write(tmp_path, "full.aln", FULL_GAME))
    data = json.loads(run("report", "--format", "json", path).stdout)
    check_report_shape(data)
    (game,) = data["games"]
    assert game["tags"] == {"Event": "Five deals", "Result": "NS 3-2"}
    assert [(d["number"], d["dealer"]) for d in game["deals"]] == [
        (1, "W"),
        (2, "N"),
        (3, "E"),
        (4, "S"),
        (5, "W"),
    ]
    assert [d["deal_winner"] for d in game["deals"]] == ["E", "N", "S", "W", "N"]
    assert [d["point"]["team"] for d in game["deals"]] == ["EW", "NS", "NS", "EW", "NS"]
    # one winner strictly ahead: no tie-break
    assert [d["tie_break"] is None for d in game["deals"]] == [False, True, True, True, True]
    last = game["deals"][4]
    assert last["tricks"][8]["pourri"] is True
    assert last["tricks"][8]["winner"] is None
    assert last["counts"] == {"N": 3, "E": 2, "S": 2, "W": 1}
    assert game["score"] == {"NS": 3, "EW": 2}
    assert game["winner"] == "NS"
    assert game["complete"] is True
    assert game["violations"] == []


def test_report_json_violations_match_validate(tmp_path: Path) -> None:
    path = str(write(tmp_path, "errors.aln", ERRORS_GAME))
    report = run("report", "--format", "json", path)
    assert report.exit_code == 1
    data = json.loads(report.stdout)
    check_report_shape(data)
    validate = json.loads(run("validate", "--format", "json", path).stdout)
    assert data["games"][0]["violations"] == validate


def test_report_json_several_games_and_files(tmp_path: Path) -> None:
    one = str(write(tmp_path, "one.aln", TIE_SHEET + "\n" + FULL_GAME))
    two = str(write(tmp_path, "two.aln", PLAYED_GAME))
    data = json.loads(run("report", "--format", "json", one, two).stdout)
    check_report_shape(data)
    assert [(g["file"], g["index"]) for g in data["games"]] == [(one, 1), (one, 2), (two, 1)]


def test_report_json_reads_standard_input() -> None:
    result = run("report", "--format", "json", "-", input=TIE_SHEET)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    check_report_shape(data)
    assert data["games"][0]["file"] == "<stdin>"


def test_report_unknown_rules_exits_2(tmp_path: Path) -> None:
    result = run("report", "--rules", "no-such-rules", write(tmp_path, "t.aln", TIE_SHEET))
    assert result.exit_code == 2


# --------------------------------------------------------------------------
# rules


def test_rules_text_shows_the_ranking_with_names() -> None:
    result = run("rules")
    assert result.exit_code == 0
    rows = {}
    for line in result.stdout.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit():
            rows[int(cells[0])] = line
    assert sorted(rows) == list(range(1, 20))
    for number, card, name in [
        (1, "3d", "monsieur"),
        (2, "3c", "madame"),
        (3, "2d", "borgne"),
        (4, "2c", "vache"),
        (5, "9c", "grand-neuf"),
        (6, "9d", "petit-neuf"),
    ]:
        assert card in rows[number].split()
        assert name in rows[number]
    for number, group in enumerate(RANKING, 1):
        assert set(rows[number].split()) >= group


def test_rules_json_ranking() -> None:
    result = run("rules", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    ranking = data["ranking"]
    assert len(ranking) == 19
    cards = [card for group in ranking for card in group]
    assert len(cards) == 48
    assert len(set(cards)) == 48
    assert [set(group) for group in ranking] == RANKING
    assert data["name"] == "classic"


def test_rules_with_options() -> None:
    data = json.loads(run("rules", "--options", "mordienne", "--format", "json").stdout)
    assert data["options"] == ["mordienne"]


def test_rules_unknown_ruleset_exits_2() -> None:
    assert run("rules", "--rules", "no-such-rules").exit_code == 2


# --------------------------------------------------------------------------
# Real processes: the installed entry point, stdin and exit status


def aluette(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "aluette_cli", *args],
        input=input,
        capture_output=True,
        timeout=60,
        check=False,
    )


def test_module_entry_point_help() -> None:
    proc = aluette("--help")
    assert proc.returncode == 0
    assert b"validate" in proc.stdout
    assert b"Traceback" not in proc.stderr


def test_process_validate_exit_status(tmp_path: Path) -> None:
    good = str(write(tmp_path, "good.aln", TIE_SHEET))
    bad = str(write(tmp_path, "bad.aln", TIE_SHEET.replace("point EW", "point NS")))
    assert aluette("validate", good).returncode == 0
    proc = aluette("validate", bad)
    assert proc.returncode == 1
    assert proc.stdout.decode().startswith(f"{bad}:6:1: A302 ")
    assert aluette("validate", "--rules", "no-such-rules", good).returncode == 2
    missing = aluette("validate", str(tmp_path / "missing.aln"))
    assert missing.returncode == 2
    assert b"cannot read" in missing.stderr
    assert b"Traceback" not in missing.stderr


def test_process_validate_stdin() -> None:
    proc = aluette("validate", "-", input=TIE_SHEET.replace("point EW", "point NS").encode())
    assert proc.returncode == 1
    assert proc.stdout.decode().startswith("<stdin>:6:1: A302 ")


def test_process_report_json() -> None:
    proc = aluette("report", "--format", "json", "-", input=FULL_GAME.encode())
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    check_report_shape(data)
    assert data["games"][0]["winner"] == "NS"


def test_process_interrupted_exits_130() -> None:
    # The first game is reported once the second one's tags are read; then,
    # while the tool waits for more input, it is interrupted as by Ctrl-C.
    proc = subprocess.Popen(
        [sys.executable, "-m", "aluette_cli", "validate", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdin is not None
        assert proc.stdout is not None
        bad = TIE_SHEET.replace("point EW", "point NS")
        proc.stdin.write(f'{bad}\n[Event "next"]\n\ndeal 1 dealer W\n'.encode())
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, "no output from the first game"
        assert proc.stdout.readline().startswith(b"<stdin>:6:1: A302 ")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert b"Traceback" not in err
    # 1 would claim a violation; an interrupted run is neither valid nor invalid
    assert proc.returncode == 130, (proc.returncode, err)


# --------------------------------------------------------------------------
# The module's shape


def test_each_option_is_declared_once() -> None:
    """An option several commands take (``-j``, ``-o``, ``--format``, ...) is
    declared by one helper: its flags appear in one ``click.option`` call of
    cli.py, so that its type and default cannot drift apart between commands."""
    import ast

    source = (Path(__file__).resolve().parent.parent / "aluette_cli" / "cli.py").read_text()
    seen: dict[str, list[int]] = {}
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "option"
        ):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and str(arg.value).startswith("-"):
                    for flag in str(arg.value).split("/"):
                        seen.setdefault(flag, []).append(node.lineno)
    again = {flag: lines for flag, lines in seen.items() if len(lines) > 1}
    assert not again, again


def test_every_command_keeps_its_options() -> None:
    """The shared helpers give each command the options it had: flags, help
    and defaults as docs/cli.md describes them."""
    commands = cli.commands  # type: ignore[attr-defined]
    jobs = {name: p for name, c in commands.items() for p in c.params if p.name == "jobs"}
    assert sorted(jobs) == ["analyse", "annotate", "convert", "report", "stats", "validate"]
    assert {p.default for p in jobs.values()} == {1}
    assert "Do this many files at once" in (jobs["convert"].help or "")
    outputs = {name: p for name, c in commands.items() for p in c.params if p.name == "output"}
    assert all(o.type.allow_dash for o in outputs.values())  # type: ignore[attr-defined]
    assert outputs["convert"].type.dir_okay is True  # type: ignore[attr-defined]
    assert outputs["report"].type.dir_okay is False  # type: ignore[attr-defined]
    (validate_format,) = [p for p in commands["validate"].params if p.name == "fmt"]
    assert validate_format.opts == ["--format", "--output-format"]
    (stats_format,) = [p for p in commands["stats"].params if p.name == "fmt"]
    assert stats_format.default == "table"


@pytest.mark.parametrize(
    ("args", "needs", "with_it"),
    [
        (["annotate", "--from-trick", "7"], "--from-trick needs --analyse", ["--analyse"]),
        (["annotate", "--time-limit", "3"], "--time-limit needs --analyse", ["--analyse"]),
        (["stats", "--from-trick", "7"], "--from-trick needs --analyse", ["--analyse"]),
        (["stats", "--as-seen"], "--as-seen needs --analyse", ["--analyse"]),
        (["stats", "--analyse", "--samples", "5"], "--samples needs --as-seen", ["--as-seen"]),
        (
            ["report", "--format", "html", "--time-limit", "3"],
            "--time-limit needs --analyse",
            ["--analyse"],
        ),
        (["analyse", "--seed", "5"], "--seed needs --as-seen", ["--as-seen"]),
    ],
)
def test_an_option_of_an_option_left_off_is_a_usage_error(
    tmp_path: Path, args: list[str], needs: str, with_it: list[str]
) -> None:
    # Ignored, it would let the user believe it had been applied.
    record = write(tmp_path, "r.aln", "deal 1 dealer N\nwinners: E E E W N S - N E\npoint EW\n")
    result = run(*args, record)
    assert result.exit_code == 2, result.output
    assert needs in result.stderr
    accepted = run(*args, *with_it, record)  # and with the option it shapes, it is taken
    assert accepted.exit_code == 0, accepted.output


@pytest.mark.parametrize(
    "args", [["convert", "--to", "json"], ["convert", "--to", "aln"], ["annotate"]]
)
def test_standard_input_is_read_with_many_jobs_as_with_one(tmp_path: Path, args: list[str]) -> None:
    """``-j 2 -`` handed standard input to a worker process, whose standard
    input is empty: no game written, status 0, and an ``-o`` file emptied.
    Real processes, as a shell runs them (the test runner's stand-in for
    standard input is a Python object a forked worker would still see)."""
    record = "deal 1 dealer W\n1. Rc 4d 5c 6x\n"

    def aluette(*more: str) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "aluette_cli", *args, *more]
        return subprocess.run(command, input=record.encode(), capture_output=True, check=False)

    one, many = aluette("-j", "1", "-"), aluette("-j", "2", "-")
    assert one.returncode == 1 and b"A001" in one.stderr
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
    target = tmp_path / "out"
    target.write_text("kept until written\n")
    written = aluette("-j", "2", "-", "-o", str(target))
    assert written.returncode == 1
    assert target.read_bytes() == one.stdout


@pytest.mark.parametrize("args", [["annotate"], ["convert", "--to", "json"]])
def test_an_output_named_with_a_slash_is_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """``-o new/`` wrote a file named ``new``; where one output may go into
    a folder it goes into that folder, made; elsewhere the name is refused."""
    monkeypatch.chdir(tmp_path)
    sample = str(Path(__file__).parent.parent / "samples" / "classic-game.aln")
    result = run(*args, sample, "-o", "new/")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new").is_dir() and len(list((tmp_path / "new").iterdir())) == 1
    refused = run("report", sample, "-o", "page/")
    assert refused.exit_code == 2
    assert "page/ names a folder (it ends in /)" in refused.stderr
    assert not (tmp_path / "page").exists()


#: how each format names a finding of A010 (text leaves it to standard error)
A010_SAID = {
    "json": '"code": "A010"',
    "jsonl": '"code": "A010"',
    "github": "title=A010",
    "sarif": '"ruleId": "A010"',
}


@pytest.mark.parametrize(
    "chosen",
    [["--ignore", "A010"], ["--select", "A2"], ["--ignore", "error"]],
)
@pytest.mark.parametrize("fmt", sorted(A010_SAID))
def test_a_file_not_read_is_left_out_as_any_finding_is(
    tmp_path: Path, chosen: list[str], fmt: str
) -> None:
    """--ignore A010 still printed the A010 of a file that cannot be read,
    and --statistics counted it; the file was not read all the same: status
    2, and its line on standard error."""
    missing = str(tmp_path / "nosuch.aln")
    sample = str(Path(__file__).parent.parent / "samples" / "classic-game.aln")
    kept = run("validate", "--format", fmt, missing, sample)
    assert A010_SAID[fmt] in kept.stdout and kept.exit_code == 2
    result = run("validate", "--format", fmt, *chosen, missing, sample)
    assert result.exit_code == 2
    assert A010_SAID[fmt] not in result.stdout
    assert f"aluette: cannot read {missing}" in result.stderr
    counted = run("validate", "--statistics", "--format", "json", *chosen, missing, sample)
    assert "A010" not in counted.stdout


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_that_cannot_show_a_character_gets_its_escape(
    tmp_path: Path, encoding: str
) -> None:
    """A locale whose encoding lacks a character the output holds (U+FFFD
    for a byte of a Latin-1 record, monsieur's middle dot, a section
    sign): the character is written as its escape, and the command says
    its verdict with its own status, never an internal error."""
    record = write(tmp_path, "latin1.aln", b'[Event "Caf\xe9"]\n\ndeal 1 dealer W\npoint NS\n')
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for args, status in (
        (["report", str(record)], 0),
        (["validate", str(record), str(SAMPLES / "violations.aln")], 2),
        (["explain", "A203"], 0),
        (["rules"], 0),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "aluette_cli", *args], capture_output=True, env=env, check=False
        )
        assert proc.returncode == status, (args, proc.stderr)
        assert b"internal error" not in proc.stderr, args
    report = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "report", str(record)],
        capture_output=True,
        env=env,
        check=False,
    )
    assert b"Game 1: Caf\\ufffd" in report.stdout


def test_a_file_the_user_may_not_read_is_said_and_the_others_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/cli.md, Common points: a file that cannot be read is reported
    when it is opened, and the other files are still read (status 2); the
    arguments are not refused before anything is read.  (The tests run as
    root, to whom every file is readable: the kernel's refusal is made
    here, for the one file.)"""
    locked = write(tmp_path, "locked.aln", TIE_SHEET)
    good = write(tmp_path, "good.aln", TIE_SHEET)
    real_open = builtins.open

    def refusing(path: Any, *args: Any, **kwargs: Any) -> Any:
        if path == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "access", lambda path, mode: os.fspath(path) != str(locked))
    monkeypatch.setattr(builtins, "open", refusing)
    result = run("validate", str(locked), str(good))
    assert result.exit_code == 2, result.output
    assert f"aluette: cannot read {locked}: Permission denied" in result.stderr
    assert "1 game, 1 deal: 0 errors, 0 warnings; 1 file could not be read" in result.stderr


@pytest.mark.parametrize(
    "command",
    [["generate"], ["report", "g.aln"], ["convert", "g.aln", "--to", "json"], ["stats", "g.aln"]],
)
@pytest.mark.parametrize("through", ["h.toml", "link.toml"])
def test_an_output_over_the_ruleset_file_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], through: str
) -> None:
    """The ruleset would be lost, and records written under it would name
    rules no longer there (generate's would name the very file they are in)."""
    monkeypatch.chdir(tmp_path)
    rules = (SAMPLES / "house-rules.toml").read_bytes()
    (tmp_path / "h.toml").write_bytes(rules)
    (tmp_path / "link.toml").symlink_to("h.toml")
    (tmp_path / "g.aln").write_bytes((SAMPLES / "classic-game.aln").read_bytes())
    result = run(*command, "--rules", "h.toml", "-o", through)
    assert result.exit_code == 2
    assert f"-o {through} is the ruleset file --rules reads" in result.stderr
    assert (tmp_path / "h.toml").read_bytes() == rules
    # elsewhere, as ever; and a preset is read from the package, whatever
    # file of its name the folder holds
    assert run(*command, "--rules", "h.toml", "-o", "out.txt").exit_code in (0, 1)
    (tmp_path / "classic").write_text("an old output\n", encoding="utf-8")
    assert run(*command, "--rules", "classic", "-o", "classic").exit_code in (0, 1)
