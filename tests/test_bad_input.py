"""Bad input of every kind: never a traceback, always a clear finding.

For ``validate`` and ``report``, in text and JSON, whatever the bytes:
no Python traceback, an exit status of 0, 1 or 2 (docs/cli.md, The contract), each
problem as ``file:line:col: CODE message``, and a valid game that follows
the damage is still read and reported.  Positions are counted by hand.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from aluette_cli.cli import cli

from . import conftest

# docs/rules.md §4: E wins the tie-break, so "point EW" is right and the deal is
# valid; "point NS" would be wrong (A302).
VALID_GAME = """\
[Event "Valid"]

deal 1 dealer W
winners: N E S E W N E S N
point EW
"""
VALID_DEAL = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n"

FINDING_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>A\d{3}) \S")
MAX_LINE = 1000  # a finding is one readable line, however long the bad input


@dataclass
class Run:
    """One input through validate and report, in text and JSON."""

    validate: Result
    validate_json: list[dict[str, object]]
    report: Result
    report_json: dict[str, object]
    file: str

    def findings(self) -> list[tuple[int, int, str]]:
        """(line, column, code) of each validate line, checking its format."""
        out = []
        for line in self.validate.stdout.splitlines():
            m = FINDING_RE.match(line)
            assert m, line
            assert m["file"] == self.file
            out.append((int(m["line"]), int(m["col"]), m["code"]))
        return out

    def messages(self, code: str) -> list[str]:
        return [str(d["message"]) for d in self.validate_json if d["code"] == code]

    def games(self) -> list[dict]:
        return self.report_json["games"]  # type: ignore[return-value]


def invoke(args: list[str], input: bytes | None = None) -> Result:
    """:func:`conftest.invoke`, which also holds the exit status to the
    contract and every line printed to a readable length."""
    result = conftest.invoke(args, input)
    assert result.exit_code in (0, 1, 2)
    if "json" in args:  # one JSON value per game: check each message instead
        data = json.loads(result.stdout)
        games = data["games"] if isinstance(data, dict) else [{"violations": data}]
        lines = [str(v["message"]) for g in games for v in g["violations"]]
    else:
        lines = result.stdout.splitlines()
    for line in [*lines, *result.stderr.splitlines()]:
        assert len(line) <= MAX_LINE, f"{len(line)}-character line: {line[:200]}..."
    return result


def check(target: str, input: bytes | None = None) -> Run:
    """Run all four commands on a file (or ``-`` with ``input``); same status for all."""
    validate = invoke(["validate", target], input)
    validate_json = invoke(["validate", "--format", "json", target], input)
    report = invoke(["report", target], input)
    report_json = invoke(["report", "--format", "json", target], input)
    status = {validate.exit_code, validate_json.exit_code, report.exit_code, report_json.exit_code}
    assert len(status) == 1, status
    run = Run(
        validate,
        json.loads(validate_json.stdout),
        report,
        json.loads(report_json.stdout),
        "<stdin>" if target == "-" else target,
    )
    assert [(d["line"], d["column"], d["code"]) for d in run.validate_json] == run.findings()
    reported = [v for g in run.games() for v in g["violations"]]
    assert reported == run.validate_json
    return run


def check_bytes(tmp_path: Path, data: bytes, name: str = "input.aln") -> Run:
    path = tmp_path / name
    path.write_bytes(data)
    return check(str(path))


def assert_valid_game_reported(game: dict) -> None:
    """The VALID_GAME deal, replayed as docs/rules.md §4 says."""
    deals = [d for d in game["deals"] if not d.get("broken")]
    assert deals, game
    deal = deals[-1]
    assert [t["winner"] for t in deal["tricks"]] == ["N", "E", "S", "E", "W", "N", "E", "S", "N"]
    assert deal["deal_winner"] == "E"
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}
    assert game["score"] == {"NS": 0, "EW": 1}


def valid_game_json(run: Run, clean: bool = True) -> dict:
    """The game tagged "Valid", replayed; ``clean``: with no violation of its own."""
    (game,) = [g for g in run.games() if g["tags"].get("Event") == "Valid"]
    if clean:
        assert game["violations"] == []
    assert_valid_game_reported(game)
    return game


# --------------------------------------------------------------------------
# Nothing to read


def test_empty_file(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, b"")
    assert run.validate.exit_code == 0
    assert run.findings() == []
    assert run.report_json == {"games": []}


@pytest.mark.parametrize(
    "data",
    [
        b"   \n\t\n\n",
        b"; a line comment\n\n; another\n",
        b"{ a brace comment\n  over two lines }\n  ; and a line comment\n",
    ],
)
def test_only_whitespace_and_comments(tmp_path: Path, data: bytes) -> None:
    run = check_bytes(tmp_path, data)
    assert run.validate.exit_code == 0
    assert run.findings() == []
    for game in run.games():
        assert game["deals"] == []
        assert game["violations"] == []


# --------------------------------------------------------------------------
# Not text


def test_random_binary_bytes(tmp_path: Path) -> None:
    data = random.Random(20261114).randbytes(8192)
    run = check_bytes(tmp_path, data)
    assert run.validate.exit_code == 1
    found = run.findings()
    assert found
    assert {code for _, _, code in found} <= {"A001", "A002", "A003"}
    assert "A003" in {code for _, _, code in found}
    # each A003 names a real invalid byte at its offset
    for message in run.messages("A003"):
        m = re.search(r"byte 0x([0-9a-f]{2}) at byte offset (\d+)", message)
        assert m, message
        assert data[int(m[2])] == int(m[1], 16)


def test_random_binary_bytes_then_a_valid_game(tmp_path: Path) -> None:
    junk = random.Random(7).randbytes(4096).replace(b"[", b"(").replace(b"deal", b"xxxx")
    run = check_bytes(tmp_path, junk + b"\n" + VALID_GAME.encode())
    assert run.validate.exit_code == 1
    # what stands before the first tag section belongs to the first game
    game = valid_game_json(run, clean=False)
    assert {v["code"] for v in game["violations"]} <= {"A001", "A002", "A003"}


def test_random_binary_on_standard_input() -> None:
    data = random.Random(99).randbytes(2048)
    run = check("-", data)
    assert run.validate.exit_code == 1
    assert run.findings()
    assert all(line.startswith("<stdin>:") for line in run.validate.stdout.splitlines())


def test_invalid_utf8_in_a_tag_then_a_valid_game(tmp_path: Path) -> None:
    # 0xe9 is Latin-1 "é": invalid as UTF-8.  '[Event "Caf' is 11 bytes.
    data = b'[Event "Caf\xe9 night"]\n\ndeal 1 dealer W\npoint EW\n\n' + VALID_GAME.encode()
    run = check_bytes(tmp_path, data)
    # the byte costs nothing but its finding, a warning: the record is valid
    assert run.validate.exit_code == 0
    assert run.findings() == [(1, 12, "A003")]
    (message,) = run.messages("A003")
    assert "byte offset 11" in message
    assert "0xe9" in message
    first, _ = run.games()
    assert first["tags"]["Event"] == "Caf\ufffd night"
    assert [d["number"] for d in first["deals"]] == [1]
    valid_game_json(run)


def test_invalid_utf8_column_counts_characters_offset_counts_bytes(tmp_path: Path) -> None:
    # '[Event "Café ' is 13 characters but 14 bytes (é is two bytes).
    data = '[Event "Café '.encode() + b'\xff"]\n' + b'[Site "x"]\n\n' + VALID_DEAL.encode()
    run = check_bytes(tmp_path, data)
    assert run.findings() == [(1, 14, "A003")]
    (message,) = run.messages("A003")
    assert "byte offset 14" in message
    assert "0xff" in message


def test_invalid_utf8_on_a_later_line(tmp_path: Path) -> None:
    # Offsets count from the start of the file: 12 + 1 + 16 = 29, then '[Site "' is 7.
    data = b'[Event "x"]\n\n[Round "third"]\n[Site "\x80"]\n' + VALID_DEAL.encode()
    run = check_bytes(tmp_path, data)
    assert run.findings() == [(4, 8, "A003")]
    assert "byte offset 36" in run.messages("A003")[0]


def test_invalid_utf8_inside_a_deal(tmp_path: Path) -> None:
    data = VALID_GAME.replace("point EW", "point EW { \x00 }").encode().replace(b"\x00", b"\xc3")
    run = check_bytes(tmp_path, data)
    assert (5, 12, "A003") in run.findings()
    (game,) = run.games()
    assert_valid_game_reported(game)


def test_utf8_bom_is_ignored(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, b"\xef\xbb\xbf" + VALID_GAME.encode())
    assert run.validate.exit_code == 0
    assert run.findings() == []
    valid_game_json(run)


def test_utf8_bom_does_not_shift_columns(tmp_path: Path) -> None:
    # The Date tag starts at column 17 of line 1; the BOM is not a column.
    data = b'\xef\xbb\xbf[Event "Valid"] [Date "14/11/2026"]\n' + VALID_DEAL.encode()
    run = check_bytes(tmp_path, data)
    assert run.validate.exit_code == 0
    assert run.findings() == [(1, 17, "A403")]
    (game,) = run.games()
    assert game["tags"]["Event"] == "Valid"


def test_utf8_bom_and_an_invalid_byte_on_the_first_line(tmp_path: Path) -> None:
    # '[Event "' is column 9, but the byte offset counts the three BOM bytes.
    run = check_bytes(tmp_path, b'\xef\xbb\xbf[Event "\xff"]\n' + VALID_DEAL.encode())
    assert run.findings() == [(1, 9, "A003")]
    assert "byte offset 11" in run.messages("A003")[0]


# --------------------------------------------------------------------------
# Newlines

# Line numbers: the Date warning on 2, the wrong point on 6 (docs/rules.md §4:
# E wins it), a bad card ("3x", column 6) on 9.
NEWLINE_TEXT = (
    '[Event "x"]\n[Date "bad"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\n'
    "point NS\n\ndeal 2 dealer N\n1. E:3x S:4d W:5d N:6d\n\n" + VALID_GAME
)
NEWLINE_FINDINGS = [(2, 1, "A403"), (6, 1, "A302"), (9, 6, "A001")]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_newlines_keep_positions(tmp_path: Path, newline: str) -> None:
    data = NEWLINE_TEXT.replace("\n", newline).encode()
    run = check_bytes(tmp_path, data)
    assert run.validate.exit_code == 1
    assert run.findings() == NEWLINE_FINDINGS
    valid_game_json(run)
    assert "\r" not in json.dumps(run.report_json)


def test_mixed_newlines_keep_positions(tmp_path: Path) -> None:
    lines = NEWLINE_TEXT.split("\n")
    endings = ["\n", "\r", "\r\n"]  # never "\r" then "\n": that is one CRLF
    data = "".join(line + endings[i % 3] for i, line in enumerate(lines[:-1])) + lines[-1]
    run = check_bytes(tmp_path, data.encode())
    assert run.findings() == NEWLINE_FINDINGS
    valid_game_json(run)


def test_lone_cr_with_an_invalid_byte_on_the_second_line(tmp_path: Path) -> None:
    # '[Event "x"]\r' is 12 bytes, '[Site "' 7 more: offset 19, line 2 column 8.
    data = b'[Event "x"]\r[Site "\xff"]\r\r' + VALID_DEAL.replace("\n", "\r").encode()
    run = check_bytes(tmp_path, data)
    assert run.findings() == [(2, 8, "A003")]
    assert "byte offset 19" in run.messages("A003")[0]


# --------------------------------------------------------------------------
# Control characters


def test_nul_bytes_inside_a_deal(tmp_path: Path) -> None:
    # 'winners: N E S' is 14 characters: the NUL is column 15 of line 4.
    data = (
        b'[Event "x"]\n\ndeal 1 dealer W\nwinners: N E S\x00 E W N E S N\npoint EW\n\n'
        + VALID_GAME.encode()
    )
    run = check_bytes(tmp_path, data)
    assert run.validate.exit_code == 1
    assert run.findings() == [(4, 15, "A001")]
    (message,) = run.messages("A001")
    assert "U+0000" in message
    first, _ = run.games()
    # Issue 10: the unreadable sheet costs its line; the point line is still read.
    assert first["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}
    valid_game_json(run)


def test_nul_bytes_then_the_next_deal_is_read(tmp_path: Path) -> None:
    # deal 1 is lost, so deal 2 may be dealt by N or by E (docs/rules.md §2, §4)
    data = (
        b"deal 1 dealer N\n\x00\x00\x00\n"
        + VALID_DEAL.replace("deal 1 dealer W", "deal 2 dealer E").encode()
    )
    run = check_bytes(tmp_path, data)
    assert run.findings() == [(2, 1, "A001")]
    (game,) = run.games()
    assert [d["number"] for d in game["deals"]] == [1, 2]
    assert game["deals"][1]["deal_winner"] == "E"


def test_syntax_error_message_names_only_what_may_follow(tmp_path: Path) -> None:
    # After a card in a trick line, a stock, a hand's "chant" or "discards"
    # cannot come: the message must not suggest them.
    data = b'[Event "x"]\n\ndeal 1 dealer W\n1. N:3d \x00\n'
    run = check_bytes(tmp_path, data)
    assert run.findings() == [(4, 9, "A001")]
    (message,) = run.messages("A001")
    for word in ("'stock'", "'chant'", "'discards'"):
        assert word not in message, message


def test_escape_sequences_are_not_echoed_raw(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, b"deal 1 dealer W\n1. N:3d \x1b]0;title\x07\n")
    assert run.validate.exit_code == 1
    assert "\x1b" not in run.validate.stdout
    assert "\x1b" not in run.report.stdout


# --------------------------------------------------------------------------
# Very long lines


@pytest.fixture(scope="module")
def ten_mb_junk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "junk.aln"
    path.write_bytes(b"x" * 10_000_000 + b"\n" + VALID_GAME.encode())
    return path


def test_ten_megabyte_line_then_a_valid_game(ten_mb_junk: Path) -> None:
    start = time.perf_counter()
    validate = invoke(["validate", str(ten_mb_junk)])
    report = invoke(["report", "--format", "json", str(ten_mb_junk)])
    assert time.perf_counter() - start < 10
    assert validate.exit_code == 1
    assert validate.stdout.startswith(f"{ten_mb_junk}:1:1: A001 ")
    data = json.loads(report.stdout)
    game = data["games"][-1]
    assert game["tags"] == {"Event": "Valid"}
    assert_valid_game_reported(game)


def test_ten_megabyte_word_inside_a_deal(tmp_path: Path) -> None:
    # One 10 MB "word" where a hand or a trick should be.
    path = tmp_path / "word.aln"
    path.write_bytes(b"deal 1 dealer W " + b"zq" * 5_000_000 + b"\n\n" + VALID_GAME.encode())
    start = time.perf_counter()
    validate = invoke(["validate", str(path)])
    report = invoke(["report", "--format", "json", str(path)])
    assert time.perf_counter() - start < 10
    assert validate.exit_code == 1
    assert validate.stdout.startswith(f"{path}:1:17: A001 ")
    game = json.loads(report.stdout)["games"][-1]
    assert game["tags"] == {"Event": "Valid"}
    assert_valid_game_reported(game)


# --------------------------------------------------------------------------
# Truncated files

PLAYED = """\
[Event "Cut"]

deal 1 dealer W
winners: N E S E W N E S N
point EW

deal 2 dealer N
1. E:3d S:4d W:5d N:6d -> E
2. E:Rc S:Rd W:1e N:1c -> pourri
"""


def test_truncated_in_the_middle_of_a_trick_line(tmp_path: Path) -> None:
    # cut after "3. E:7d S:8" on line 10: '8' (column 11) is not a card
    run = check_bytes(tmp_path, (PLAYED + "3. E:7d S:8").encode())
    assert run.validate.exit_code == 1
    assert run.findings() == [(10, 11, "A001")]
    (game,) = run.games()
    assert game["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}
    assert game["deals"][1]["number"] == 2


def test_truncated_after_a_seat_and_colon(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, (PLAYED + "3. E:7d S:").encode())
    assert run.findings() == [(10, 11, "A001")]
    (game,) = run.games()
    assert game["deals"][0]["deal_winner"] == "E"


def test_truncated_in_the_middle_of_a_tag_value(tmp_path: Path) -> None:
    # the second game's tag breaks off inside its value (line 7, column 8)
    run = check_bytes(tmp_path, (VALID_GAME + '\n[Event "Club ni').encode())
    assert run.validate.exit_code == 1
    assert run.findings() == [(7, 8, "A001")]
    valid_game_json(run)


def test_truncated_in_the_middle_of_a_tag_name(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, (VALID_GAME + "\n[Eve").encode())
    assert run.validate.exit_code == 1
    ((line, _, code),) = run.findings()
    assert (line, code) == (7, "A001")
    valid_game_json(run)


def test_truncated_before_a_valid_game(tmp_path: Path) -> None:
    # a tag broken off mid-value, then a whole game on the next lines
    run = check_bytes(tmp_path, b'[Event "Club ni\n\n' + VALID_GAME.encode())
    assert run.validate.exit_code == 1
    assert run.findings()[0][:2] == (1, 8)
    assert_valid_game_reported(run.games()[-1])


# --------------------------------------------------------------------------
# Unclosed brace comments


def test_unclosed_brace_comment_then_a_valid_deal(tmp_path: Path) -> None:
    # The "{" is column 28 of line 4; the next deal header ends the comment.
    data = (
        '[Event "Valid"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N { oops\npoint NS\n\n'
        + VALID_DEAL.replace("deal 1", "deal 2")
    )
    run = check_bytes(tmp_path, data.encode())
    assert run.validate.exit_code == 1
    assert run.findings() == [(4, 28, "A002")]
    (game,) = run.games()
    assert [d["number"] for d in game["deals"]] == [1, 2]
    assert game["deals"][1]["deal_winner"] == "E"
    assert game["deals"][1]["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_unclosed_brace_comment_in_the_tags_then_a_valid_deal(tmp_path: Path) -> None:
    run = check_bytes(tmp_path, ('[Event "Valid"] { never closed\n\n' + VALID_DEAL).encode())
    assert run.findings() == [(1, 17, "A002")]
    (game,) = run.games()
    assert game["tags"] == {"Event": "Valid"}
    assert_valid_game_reported(game)


def test_unclosed_brace_comment_before_any_deal_names_no_deal(tmp_path: Path) -> None:
    # The comment opens on line 1, before deal 1 (line 3): it is not in a deal.
    run = check_bytes(tmp_path, ("{ oops\n\n" + VALID_DEAL).encode())
    assert run.findings() == [(1, 1, "A002")]
    (finding,) = run.validate_json
    assert finding["deal"] is None
    assert "(deal" not in run.validate.stdout
    (game,) = run.games()
    assert_valid_game_reported(game)


# --------------------------------------------------------------------------
# Files that cannot be read


def test_directory_as_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder.aln"
    folder.mkdir()
    for args in (
        ["validate", str(folder)],
        ["validate", "--format", "json", str(folder)],
        ["report", str(folder)],
        ["report", "--format", "json", str(folder)],
    ):
        result = invoke(args)
        assert result.exit_code == 2
        assert "cannot read" in result.stderr
        assert str(folder) in result.stderr


def test_directory_does_not_stop_the_other_files(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    bad = tmp_path / "bad.aln"
    bad.write_text(VALID_GAME.replace("point EW", "point NS"), encoding="utf-8")
    result = invoke(["validate", str(folder), str(bad)])
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{bad}:5:1: A302 ")
    data = json.loads(invoke(["report", "--format", "json", str(folder), str(bad)]).stdout)
    assert [g["file"] for g in data["games"]] == [str(bad)]


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.aln"
    for args in (
        ["validate", str(missing)],
        ["validate", "--format", "json", str(missing)],
        ["report", str(missing)],
        ["report", "--format", "json", str(missing)],
    ):
        result = invoke(args)
        assert result.exit_code == 2
        assert "cannot read" in result.stderr
    # A program reading the JSON sees the file that was not read, as a finding.
    (finding,) = json.loads(invoke(["validate", "--format", "json", str(missing)]).stdout)
    assert finding["code"] == "A010" and finding["file"] == str(missing)
    assert finding["line"] is None and "No such file" in finding["message"]
    report = json.loads(invoke(["report", "--format", "json", str(missing)]).stdout)
    assert report["games"] == [] and report["unreadable"] == [finding]


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file"
)
def test_file_without_read_permission(tmp_path: Path) -> None:
    path = tmp_path / "secret.aln"
    path.write_text(VALID_GAME, encoding="utf-8")
    path.chmod(0)
    try:
        for args in (["validate", str(path)], ["report", "--format", "json", str(path)]):
            result = invoke(args)
            assert result.exit_code == 2
            assert "cannot read" in result.stderr
    finally:
        path.chmod(0o600)


# --------------------------------------------------------------------------
# Standard input


def test_standard_input_damaged_then_valid() -> None:
    data = b"\xff\xfe junk\n" + VALID_GAME.encode()
    run = check("-", data)
    assert run.validate.exit_code == 1
    assert run.validate.stdout.startswith("<stdin>:1:1: ")
    assert all(d["file"] == "<stdin>" for d in run.validate_json)
    valid_game_json(run, clean=False)


def test_standard_input_empty() -> None:
    run = check("-", b"")
    assert run.validate.exit_code == 0
    assert run.report_json == {"games": []}


# --------------------------------------------------------------------------
# Ruleset files named by a record or by --rules


def broken_ruleset(tmp_path: Path, name: str, old: str, new: str) -> Path:
    from importlib import resources

    text = (resources.files("aluette_cli") / "rulesets" / "classic.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


RULESET_DAMAGE = [
    ("toml-syntax.toml", "[ranking]", "[ranking"),
    ("nested-group.toml", '["3d"], ["3c"]', '[["3d"]], ["3c"]'),
    ("table-seat.toml", 'seats = ["dealer", "left"]', 'seats = [{a = 1}, "left"]'),
    ("missing-card.toml", '["3d"], ', ""),
    ("ranking-not-table.toml", "[ranking]", "ranking = 5"),
    ("bad-options.toml", 'known = ["chanter", "mordienne", "signals"]', "known = [1, [2]]"),
]


@pytest.mark.parametrize(("name", "old", "new"), RULESET_DAMAGE, ids=[d[0] for d in RULESET_DAMAGE])
def test_bad_ruleset_file_on_the_command_line(
    tmp_path: Path, name: str, old: str, new: str
) -> None:
    ruleset = broken_ruleset(tmp_path, name, old, new)
    game = tmp_path / "game.aln"
    game.write_text(VALID_GAME, encoding="utf-8")
    for command in ("validate", "report"):
        result = invoke([command, "--rules", str(ruleset), str(game)])
        assert result.exit_code == 2
        assert name in result.stderr


@pytest.mark.parametrize(("name", "old", "new"), RULESET_DAMAGE, ids=[d[0] for d in RULESET_DAMAGE])
def test_bad_ruleset_file_named_by_a_record(tmp_path: Path, name: str, old: str, new: str) -> None:
    broken_ruleset(tmp_path, name, old, new)
    # the first game names the broken file (relative to the record); the second is valid
    text = f'[Event "House"]\n[Rules "{name}"]\n\n{VALID_DEAL}\n{VALID_GAME}'
    run = check_bytes(tmp_path, text.encode(), "games.aln")
    assert run.validate.exit_code == 2
    assert run.findings() == [(2, 1, "A401")]
    valid_game_json(run)


def test_ruleset_file_that_is_a_directory(tmp_path: Path) -> None:
    (tmp_path / "house.toml").mkdir()
    text = f'[Event "House"]\n[Rules "house.toml"]\n\n{VALID_DEAL}\n{VALID_GAME}'
    run = check_bytes(tmp_path, text.encode(), "games.aln")
    assert run.validate.exit_code == 2
    assert run.findings() == [(2, 1, "A401")]
    valid_game_json(run)


# --------------------------------------------------------------------------
# A closed pipe: `aluette report big.aln | head -n 1`


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pipe") / "big.aln"
    result = CliRunner().invoke(cli, ["generate", "--games", "200", "--seed", "5", "-o", str(path)])
    assert result.exit_code == 0
    assert path.stat().st_size > 256 * 1024  # far more than a pipe holds
    return path


def shell_pipeline(command: str, tail: str, tmp_path: Path) -> tuple[int, str, str]:
    """Run ``aluette <command> 2>err | <tail>``: (aluette's status, first output, stderr)."""
    err = tmp_path / "stderr.txt"
    script = (
        f'"{sys.executable}" -m aluette_cli {command} 2>"{err}" | {tail}\n'
        'exit "${PIPESTATUS[0]}"\n'
    )
    proc = subprocess.run(
        ["bash", "-c", script], capture_output=True, timeout=120, check=False, text=True
    )
    return proc.returncode, proc.stdout, err.read_text(encoding="utf-8", errors="replace")


@pytest.mark.parametrize(
    ("command", "tail"),
    [("report {}", "head -n 1"), ("report --format json {}", "head -c 100")],
    ids=["text", "json"],
)
def test_report_into_a_closed_pipe(big_file: Path, tmp_path: Path, command: str, tail: str) -> None:
    status, out, err = shell_pipeline(command.format(f'"{big_file}"'), tail, tmp_path)
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err
    assert "Exception ignored" not in err
    assert out.startswith("Game 1: ") or out.startswith('{"games": [')
    # the file is valid: a reader that stops early is not a violation (exit 1)
    assert status == 0, (status, err)


def test_validate_into_a_closed_pipe(big_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.aln"
    # every claim for N made false: thousands of findings
    bad.write_text(
        re.sub(r"-> N$", "-> S", big_file.read_text(encoding="utf-8"), flags=re.M),
        encoding="utf-8",
    )
    status, out, err = shell_pipeline(f'validate "{bad}"', "head -n 1", tmp_path)
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err
    assert FINDING_RE.match(out)
    assert status == 1


def test_file_the_system_refuses_to_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The no-permission path, also where the tests run as root: opening the
    record fails with PermissionError, as it does for a user without rights."""
    import builtins

    secret = tmp_path / "secret.aln"
    secret.write_text(VALID_GAME, encoding="utf-8")
    other = tmp_path / "other.aln"
    other.write_text(VALID_GAME, encoding="utf-8")
    real_open = builtins.open

    def refusing_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(file) == str(secret):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    for args in (
        ["validate", str(secret), str(other)],
        ["report", "--format", "json", str(secret), str(other)],
        ["stats", str(secret), str(other)],
    ):
        result = invoke(args)
        assert result.exit_code == 2, args
        assert f"aluette: cannot read {secret}: Permission denied" in result.stderr
    # the readable file after it is still read
    report = json.loads(invoke(["report", "--format", "json", str(secret), str(other)]).stdout)
    assert [g["file"] for g in report["games"]] == [str(other)]


def test_a_message_is_one_line_whatever_the_record_quotes(tmp_path: Path) -> None:
    """A form feed, a line separator or an escape character quoted from the
    record is written as an escape: it can neither cut a validate line in
    two nor drive the reader's terminal."""
    path = tmp_path / "odd.aln"
    path.write_bytes(b'[Event "\\\x0c"]\n[Site "\\\x1b[31m"]\n\ndeal 1 dealer N\npoint NS\n')
    result = invoke(["validate", str(path)])
    lines = result.stdout.splitlines()
    assert len(lines) == 2, lines
    assert all(line.startswith(f"{path}:") and " A421 " in line for line in lines)
    assert "\\x0c" in lines[0] and "\\x1b" in lines[1]
    assert "\x1b" not in result.stdout
