"""The formatter drops nothing, and every game stays itself.

For any input — a broken deal, a tag section nobody can read, random bytes
— formatting and reading back gives the same games, the same tags and the
same results for every deal the input could read; formatting twice equals
once.  ``annotate`` twice equals once, and removing its comments gives the
input back.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from aluette_cli.convert import format_aln
from aluette_cli.model import Deal
from aluette_cli.pipeline import CheckedGame, RuleChoice, check_source

from .conftest import SAMPLE_FILES, generated, run, write

#: More examples with HYPOTHESIS_PROFILE=long, as in tests/test_properties.py.
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"

GOOD_1 = """\
deal 1 dealer N  ; the first deal
winners: E E E W N S - N E
point EW
"""
BROKEN_2 = """\
deal 2 dealer E
1. N:3x   E:4d   {typed in a hurry}
; the broken deal's own note
"""
GOOD_3 = """\
deal 3 dealer S
winners: N N N S S W W E E
point NS
"""
RECORD = f'; Tuesday\n[Event "Club"]\n\n{GOOD_1}\n{BROKEN_2}\n{GOOD_3}'
#: The same without the broken deal: nothing in it is a finding.
READABLE = f'; Tuesday\n[Event "Club"]\n\n{GOOD_1}\n{GOOD_3}'


def test_a_broken_deal_between_two_good_ones_is_kept_in_place(tmp_path: Path) -> None:
    path = write(tmp_path, "club.aln", RECORD.replace("point EW", "point   EW"))
    result = run("fmt", str(path))
    assert result.exit_code == 1, result.output  # a syntax error found, as every command says
    assert "A001" in result.stderr and "reformatted" in result.stderr
    text = path.read_text("utf-8")
    assert re.findall(r"^deal (\d)", text, re.M) == ["1", "2", "3"]
    assert BROKEN_2 in text  # byte for byte
    for comment in ("; Tuesday", "; the first deal", "; the broken deal's own note"):
        assert comment in text
    assert "point EW\n" in text
    again = run("fmt", "--check", str(path))
    assert again.exit_code == 1, again.output  # nothing to change, the broken deal still broken
    assert "A001" in again.stderr and "would reformat" not in again.stderr


@pytest.mark.parametrize("mode", [["--check"], ["--diff"], [], ["-"]])
def test_no_keep_broken_leaves_the_file_alone_in_every_mode(
    tmp_path: Path, mode: list[str]
) -> None:
    """--check and --diff say what the run would do: they said a file with
    a line that cannot be read would be reformatted, which the run then
    refused; fmt - gave the formatted text, as if it were kept."""
    text = RECORD.replace("point EW", "point   EW")
    path = write(tmp_path, "broken.aln", text)
    args = ["fmt", "--no-keep-broken", *mode] + ([] if mode == ["-"] else [str(path)])
    result = run(*args, input=text if mode == ["-"] else None)
    assert result.exit_code == 1
    assert "not rewritten: parts of it cannot be read" in result.stderr
    assert "would reformat" not in result.stderr
    assert result.stdout == (text if mode == ["-"] else "")
    assert path.read_text(encoding="utf-8") == text


def test_check_changes_nothing_and_says_which_files(tmp_path: Path) -> None:
    messy = write(tmp_path, "messy.aln", READABLE.replace("point EW", "point   EW"))
    clean = write(tmp_path, "clean.aln", format_aln(messy.read_bytes(), "m", RuleChoice()).text)
    before = messy.read_bytes()
    result = run("fmt", "--check", str(messy), str(clean))
    assert result.exit_code == 1
    assert f"would reformat {messy}" in result.stderr
    assert f"would reformat {clean}" not in result.stderr
    assert messy.read_bytes() == before
    assert run("fmt", "--check", str(clean)).exit_code == 0


def test_diff_shows_the_change_and_changes_nothing(tmp_path: Path) -> None:
    messy = write(tmp_path, "messy.aln", READABLE.replace("point EW", "point   EW"))
    before = messy.read_bytes()
    result = run("fmt", "--diff", str(messy))
    assert result.exit_code == 0
    assert "-point   EW\n+point EW\n" in result.stdout
    assert result.stdout.startswith(f"--- {messy}\n+++ {messy} (formatted)\n")
    assert messy.read_bytes() == before


def apply_unified_diff(old: str, diff: str) -> str:
    """``old`` patched by the unified ``diff`` as ``patch`` reads one: lines
    end at ``\\n``, each hunk's counts hold, and ``\\ No newline`` marks
    only a last line."""
    lines = old.split("\n")
    lines = [f"{x}\n" for x in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    rows = diff.split("\n")[2:]  # (the two file names)
    out: list[str] = []
    at = 0
    k = 0
    while k < len(rows) and rows[k]:
        head = re.fullmatch(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", rows[k])
        assert head is not None, rows[k]
        start, count = int(head[1]), int(head[2] or 1)
        start -= 1 if count else 0
        out += lines[at:start]
        at, taken, given = start, 0, 0
        k += 1
        while k < len(rows) and rows[k][:1] in (" ", "-", "+", "\\"):
            row, k = rows[k], k + 1
            ends = "" if k < len(rows) and rows[k].startswith("\\") else "\n"
            if row[0] in " -":
                assert lines[at] == row[1:] + ends, (lines[at], row)
                at, taken = at + 1, taken + 1
            if row[0] in " +":
                out.append(row[1:] + ends)
                given += 1
        assert (taken, given) == (count, int(head[4] or 1))
    return "".join(out + lines[at:])


@pytest.mark.parametrize(
    "text",
    [
        "deal 1 dealer N\fpoint  NS\n",  # a form feed: whitespace, no line end
        '[Event "a\u2028b"]\n\ndeal 1 dealer N\npoint  NS\n',
        "deal 1 dealer N\rpoint  NS\r",  # old Mac line ends: one line to patch
        "deal 1 dealer N\npoint  NS",  # no line end at the end
        # a terminal's escape sequences in a comment, which click.echo took out
        "deal 1 dealer N {pasted \x1b[1mbold\x1b[0m}\npoint  NS\n",
    ],
    ids=["form feed", "U+2028", "CR", "no last line end", "escape sequences"],
)
def test_the_diff_patches_the_file_into_its_formatted_text(tmp_path: Path, text: str) -> None:
    """`fmt --diff` is a unified diff that `patch` applies: lines end at
    \\n alone.  Cut where `str.splitlines` cuts (a form feed, U+2028),
    it said a one-line file had two, and `patch` refused it."""
    messy = write(tmp_path, "messy.aln", text)
    result = run("fmt", "--diff", str(messy))
    assert result.exit_code == 0
    formatted = run("convert", "--to", "aln", str(messy)).stdout
    # (the bytes: the runner's text turns the \\r\\n before a marker into \\n)
    assert apply_unified_diff(text, result.stdout_bytes.decode()) == formatted


def test_an_unknown_ruleset_is_said_and_exits_2_as_convert_does(tmp_path: Path) -> None:
    """Every command exits 2 for a ruleset the tool does not have (the
    contract); fmt said nothing and exited 0 where ``convert --to aln``,
    the formatter it is, said A401 and exited 2."""
    # a line that cannot be read after it: the two are said in text order
    messy = READABLE.replace("point EW", "point   EW").replace("point NS", "point XX")
    path = write(tmp_path, "house.aln", '[Rules "house"]\n' + messy)
    converted = run("convert", "--to", "aln", str(path))
    assert converted.exit_code == 2
    for args in (["--check"], ["--diff"], []):
        result = run("fmt", *args, str(path))
        assert result.exit_code == 2, (args, result.output)
        assert f"{path}:1:1: A401 unknown ruleset 'house'" in result.stderr, args
        codes = re.findall(rf"^{re.escape(str(path))}:\d+:\d+: (A\d+)", result.stderr, re.M)
        assert codes == ["A401", "A001"], args
    assert path.read_text(encoding="utf-8") == converted.stdout  # formatted all the same


def test_no_keep_broken_leaves_a_file_with_unreadable_parts(tmp_path: Path) -> None:
    path = write(tmp_path, "club.aln", RECORD.replace("point EW", "point   EW"))
    before = path.read_bytes()
    result = run("fmt", "--no-keep-broken", str(path))
    assert result.exit_code == 1
    assert "not rewritten" in result.stderr
    # counted as not formatted: it said "1 file reformatted" of the file it
    # did not write, and then "1 file left unchanged" of a file fmt would change
    assert "0 files reformatted, 0 files left unchanged, 1 file not formatted" in result.stderr
    assert path.read_bytes() == before


def test_a_game_without_a_readable_deal_stays_a_game_of_its_own(tmp_path: Path) -> None:
    text = (
        '[Event "one"]\n[Rules "team-five"]\n\ndeal 1 dealer N\n1. N:3x\n\n'
        '[Event "two"]\n\ndeal 1 dealer N\nwinners: N N N E E - S W W\npoint NS\n'
    )
    out = format_aln(text.encode(), "t.aln", RuleChoice()).text
    games = checked(out)
    assert [g.game.tags[0].value for g in games] == ["one", "two"]
    assert [f.code for f in games[1].outcome.findings] == []


def test_a_tag_section_without_a_readable_tag_still_starts_its_game(tmp_path: Path) -> None:
    text = 'deal 1 dealer N\npoint NS\n\n[Event "unclosed]\n\ndeal 1 dealer N\npoint NS\n'
    before = checked(text)
    out = format_aln(text.encode(), "t.aln", RuleChoice()).text
    assert '[Event "unclosed]' in out
    after = checked(out)
    assert len(before) == len(after) == 2
    assert codes(after) == codes(before)


def test_a_second_sheet_is_a_finding_and_both_are_kept() -> None:
    text = "deal 1 dealer N\nwinners: E E E E E E E E E\nwinners: N N N S S W W E E\npoint NS\n"
    (game,) = checked(text)
    assert "A420" in codes([game])
    assert "A302" in codes([game])  # the point is checked against the first sheet
    out = format_aln(text.encode(), "t.aln", RuleChoice()).text
    assert out.count("winners:") == 2
    document = json.loads(run("convert", "-", "--from", "aln", "--to", "json", input=text).stdout)
    assert document["games"][0]["deals"][0]["extra_winners"][0]["entries"][0] == "N"


#: issue 29's record: two stock lines and two point lines, a comment on the first point
TWICE = (
    "deal 1 dealer W\n"
    "stock: 8c Ce Cd 8d 7b 1d 4d 1e 4b 1c 9b 9e\n"
    "stock: Ce 4d 4b Re 5e 1b Cb 6e 3e 6b Rc 3d\n"
    "winners: N E S E W N E S N\n"
    "point NS  { first claim }\n"
    "point EW\n"
)


def test_a_second_stock_and_point_line_are_findings_and_both_are_kept() -> None:
    (game,) = checked(TWICE)
    found = [(f.code, f.line) for f in game.outcome.findings]
    assert ("A108", 3) in found and ("A109", 6) in found
    assert ("A302", 5) in found  # the first point line is the claim checked
    out = format_aln(TWICE.encode(), "t.aln", RuleChoice()).text
    assert out == TWICE  # already canonical: every line where it was, comment too
    for fmt in ("json", "jsonl"):
        data = run("convert", "-", "--from", "aln", "--to", fmt, input=TWICE).stdout
        back = run("convert", "-", "--from", fmt, "--to", "aln", input=data)
        assert back.stdout == out, fmt
    for flags in (["--compact"], ["--compact", "--lossless"]):
        data = run("convert", "-", "--from", "aln", "--to", "jsonl", *flags, input=TWICE).stdout
        back = run("convert", "-", "--from", "jsonl", "--to", "aln", input=data)
        assert back.stdout.count("stock:") == 2 and back.stdout.count("point") == 2, flags


#: Each input the reader cannot hold whole, under small limits (the bounds of
#: docs/notation.md §11 set low with monkeypatch): (limits, text, line, column).
CUT_INPUTS = {
    "long line": (
        {"decode.MAX_LINE_BYTES": 40},
        b"deal 1 dealer N\npoint NS  { a comment far longer than forty bytes, and more }\n",
        2,
        41,
    ),
    "long unit": (
        {"split.MAX_UNIT_CHARS": 200},
        b"deal 1 dealer N\n" + b"{ a note }\n" * 30 + b"point NS\n",
        18,
        1,
    ),
    "long tag value": (
        {"pipeline.MAX_TAG_VALUE": 8},
        b'[Event "a long event name"]\n\ndeal 1 dealer N\npoint NS\n',
        1,
        1,
    ),
    "endless line": (
        {"decode.MAX_LINE_SKIP": 100, "decode.MAX_LINE_BYTES": 40},
        b"deal 1 dealer N\npoint NS {" + b"x" * 300 + b"}\ndeal 2 dealer E\npoint EW\n",
        2,
        41,
    ),
    "too many cards": (
        {"pipeline.MAX_CARDS_PER_LINE": 4},
        b"deal 1 dealer N\nN: 3d 4d 5d 6d 7d\npoint NS\n",
        2,
        1,
    ),
    "not UTF-8": ({}, b"deal 1 dealer N\npoint NS  {Andr\xe9}\n", 2, 16),
    "too many deals": (
        {"model.MAX_DEALS": 2},
        b'[Event "a"]\n\ndeal 1 dealer N\npoint NS\n\ndeal 2 dealer E\npoint EW\n\n'
        b"deal 3 dealer S\npoint NS\n",
        9,
        1,
    ),
}


def cut_input(case: str, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, int, int]:
    """The input of ``case`` with the reader's limits it needs in force: its
    bytes, and the line and column of the finding that cuts it."""
    from aluette_cli import model, pipeline
    from aluette_cli.reading import decode, split

    limits, data, line, column = CUT_INPUTS[case]
    modules = {"decode": decode, "split": split, "pipeline": pipeline, "model": model}
    for name, value in limits.items():
        module, attribute = name.split(".")
        monkeypatch.setattr(modules[module], attribute, value)
    return data, line, column


@pytest.mark.parametrize("case", sorted(CUT_INPUTS))
def test_fmt_leaves_a_file_it_cannot_write_back_whole(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, line, column = cut_input(case, monkeypatch)
    path = write(tmp_path, "club.aln", data.replace(b"\n", b"\r\n"))  # would be reformatted
    before = path.read_bytes()
    for args in (["fmt"], ["fmt", "--check"], ["fmt", "--diff"]):
        result = run(*args, str(path))
        assert result.exit_code == 1, (args, result.output)
        assert path.read_bytes() == before, args
        assert re.search(rf"^{re.escape(str(path))}:{line}:{column}: A00[39] ", result.stderr, re.M)
        assert "left as it is" in result.stderr
    piped = run("fmt", "-", input=data)
    assert piped.exit_code == 1
    assert piped.stdout_bytes == data  # standard input copied whole, never cut


def test_fmt_says_how_to_make_a_file_in_another_encoding_utf8(tmp_path: Path) -> None:
    """A Latin-1 letter left the file as it is, with no word of what to do."""
    data = '[Event "Caf\u00e9"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n'
    path = write(tmp_path, "club.aln", data.encode("latin-1"))
    result = run("fmt", str(path))
    assert result.exit_code == 1
    assert "(A003); a file in another encoding is formatted once it is UTF-8 (iconv -f" in (
        result.stderr
    )
    assert path.read_bytes() == data.encode("latin-1")


@pytest.mark.parametrize("case", sorted(CUT_INPUTS))
def test_convert_to_aln_writes_a_file_it_cannot_write_back_whole_as_it_was(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # convert --to aln is the formatter (docs/formats.md): whole or not at all,
    # so the output is the input as it was, never the part that could be read.
    data, line, column = cut_input(case, monkeypatch)
    data = data.replace(b"\n", b"\r\n")  # would be reformatted
    path = write(tmp_path, "club.aln", data)
    target = tmp_path / "out.aln"
    result = run("convert", str(path), "--to", "aln", "-o", str(target))
    assert result.exit_code == 1, result.output
    assert target.read_bytes() == data
    assert re.search(rf"^{re.escape(str(path))}:{line}:{column}: A00[39] ", result.stderr, re.M)
    assert f"aluette: {path} written out as it is, not formatted" in result.stderr
    piped = run("convert", "-", "--to", "aln", input=data)
    assert piped.exit_code == 1
    assert piped.stdout_bytes == data  # standard input copied whole, never cut
    # To JSON, the record is converted as read (what was cut is reported).
    document = json.loads(run("convert", str(path), "--to", "json").stdout)
    assert len(document["games"]) == 1


def test_an_unknown_escape_is_kept_and_reported() -> None:
    text = '[Site "C:\\club\\new"]\n\ndeal 1 dealer N\npoint NS\n'
    (game,) = checked(text)
    assert game.game.tags[0].value == "C:\\club\\new"
    assert codes([game]).count("A421") == 2
    out = format_aln(text.encode(), "t.aln", RuleChoice()).text
    (again,) = checked(out)
    assert again.game.tags[0].value == "C:\\club\\new"
    assert "A421" not in codes([again])


def test_json_keeps_line_comments_and_unreadable_parts(tmp_path: Path) -> None:
    canonical = format_aln(RECORD.encode(), "r.aln", RuleChoice()).text
    for fmt in ("json", "jsonl"):
        data = run("convert", "-", "--from", "aln", "--to", fmt, input=RECORD).stdout
        back = run("convert", "-", "--from", fmt, "--to", "aln", input=data)
        assert back.stdout == canonical, fmt
        assert "A001" in back.stderr  # the unread deal is reported again


# --------------------------------------------------------------------------
# Properties


def checked(text: str | bytes) -> list[CheckedGame]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(check_source(io.BytesIO(data), RuleChoice()))


def codes(games: list[CheckedGame]) -> list[str]:
    return [f.code for g in games for f in g.outcome.findings]


def summary(games: list[CheckedGame]) -> list[dict[str, Any]]:
    """What must survive formatting: each game's tags and the result of
    every deal the input could read."""
    out = []
    for g in games:
        deals = []
        for deal, outcome in zip(g.game.deals, g.outcome.deals, strict=False):
            if isinstance(deal, Deal):
                point = outcome.point
                deals.append(
                    (
                        deal.number,
                        deal.dealer,
                        outcome.deal_winner,
                        None if point is None else repr(point),
                    )
                )
        out.append({"tags": [(t.name, t.value) for t in g.game.tags], "deals": deals})
    return out


def formatted(data: bytes) -> str:
    return format_aln(data, "x.aln", RuleChoice()).text


TOKENS = [
    "deal 1 dealer N",
    "deal 2 dealer E",
    "deal",
    "dealer",
    '[Event "x"]',
    '[Site "a\\b"]',
    "[",
    "]",
    '"',
    "{",
    "}",
    "{ c }",
    "; note",
    "N:",
    "3d",
    "Rc",
    "1.",
    "2.",
    "->",
    "pourri",
    "winners:",
    "point NS",
    "point",
    "N E S W",
    "stock:",
    "-",
    "\\",
    "\n",
    "\n\n",
    " ",
    "\t",
    "\r\n",
    "signal N monsieur",
    "announce NS double",
    "draw: N:5c",
    "\ufeff",
    "é",
]

token_soup = st.lists(st.sampled_from(TOKENS), max_size=40).map(lambda t: " ".join(t).encode())
random_bytes = st.binary(max_size=300)


@st.composite
def mutated_records(draw: st.DrawFn) -> bytes:
    text = draw(st.sampled_from(_RECORDS))
    lines = text.split("\n")
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        how = draw(st.sampled_from(["drop", "dup", "junk", "cut"]))
        if how == "drop" and lines:
            del lines[i]
        elif how == "dup" and lines:
            lines.insert(i, lines[i])
        elif how == "junk":
            lines.insert(i, draw(st.sampled_from(TOKENS)))
        elif how == "cut" and lines and lines[i]:
            j = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:j]
    return "\n".join(lines).encode()


_RECORDS = [
    generated(5, "--games", "2"),
    generated(6, "--style", "sheet", "--games", "2"),
    generated(7, "--style", "cards"),
    RECORD,
    *(p.read_text("utf-8", "replace") for p in SAMPLE_FILES[:3]),
]

inputs = st.one_of(random_bytes, token_soup, mutated_records())


@settings(
    max_examples=2000 if LONG else 120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(inputs)
def test_formatting_keeps_every_game_tag_and_readable_result(data: bytes) -> None:
    before = checked(data)
    once = formatted(data)
    after = checked(once)
    assert len(after) == len(before)
    assert summary(after) == summary(before)
    assert formatted(once.encode("utf-8")) == once


def strip_annotations(text: bytes) -> bytes:
    """What docs/formats.md gives to remove annotate's comments."""
    return re.sub(rb"[ \t]*\{=[^}]*\}", b"", text)


def annotated(data: bytes) -> bytes:
    result = run("annotate", "-", input=data)
    assert result.exit_code in (0, 1, 2), result.output
    return result.stdout_bytes


@settings(
    max_examples=1000 if LONG else 80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@example(b"\n\x80")  # a note on a blank line, then a bad byte: its offset kept
@example(b"{}")  # a JSON object, as the content says: refused, not annotated
@given(st.one_of(random_bytes, token_soup, mutated_records()))
def test_annotate_twice_equals_once_and_stripping_gives_the_input(data: bytes) -> None:
    refused = run("annotate", "-", input=data)
    if refused.exit_code == 2 and "a JSON record, not ALN" in refused.stderr:
        # read as JSON (docs/formats.md §6: "{}" is a JSON object), which
        # annotate does not write: nothing to annotate, nothing written
        assert refused.stdout_bytes == b""
        return
    once = annotated(data)
    assert annotated(once) == once
    if b"{=" not in data:
        assert strip_annotations(once) == data


def test_annotate_after_a_stray_quote_and_a_leading_blank_line() -> None:
    for data in (
        b'[Event "x"]\n\ndeal 1 dealer N "\nwinners: N N N E E - S W W\npoint NS\n',
        b"\ndeal 1 dealer N\nwinners: N N N E E - S W W\npoint NS\n",
    ):
        once = annotated(data)
        assert b"{=" in once
        assert annotated(once) == once
        assert strip_annotations(once) == data


def test_a_record_saved_as_utf16_is_left_as_it_is(tmp_path: Path) -> None:
    """ASCII text saved as UTF-16 reads as UTF-8 with a NUL beside every
    byte: line by line, the formatter and annotate put a line end or a
    comment in it a byte out of step, and the file was lost for the
    encoding it is really in (read back as UTF-16, nothing but noise)."""
    data = '[Event "x"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n'
    data16 = data.encode("utf-16-be")
    path = write(tmp_path, "club.aln", data16)
    for args in (["fmt"], ["fmt", "--check"], ["annotate", "--in-place"]):
        result = run(*args, str(path))
        assert result.exit_code == 1, (args, result.output)
        assert path.read_bytes() == data16, args
        assert f"aluette: {path} left as it is: it holds NUL bytes" in result.stderr, args
        if args[0] == "fmt":  # not counted as a file already in canonical form
            assert "0 files left unchanged, 1 file not formatted" in result.stderr, args
    target = tmp_path / "out.aln"
    result = run("convert", str(path), "--to", "aln", "-o", str(target))
    assert result.exit_code == 1
    assert target.read_bytes() == data16
    assert "written out as it is, not formatted: it holds NUL bytes" in result.stderr
    piped = run("fmt", "-", input=data16)
    assert (piped.exit_code, piped.stdout_bytes) == (1, data16)
    # annotate to another file, or to standard output, wrote its notes in
    # UTF-8 into the UTF-16 bytes: the same file, with no notes
    noted = tmp_path / "noted.aln"
    for args in (["-o", str(noted)], []):
        result = run("annotate", str(path), *args)
        assert result.exit_code == 1, (args, result.output)
        written = noted.read_bytes() if args else result.stdout_bytes
        assert written == data16, args
        assert "written out as it is, with no notes: it holds NUL bytes" in result.stderr
    # the same record in UTF-8 is formatted as usual
    utf8 = write(tmp_path, "utf8.aln", data.replace("\n", "\r\n"))
    assert run("fmt", str(utf8)).exit_code == 0
    assert utf8.read_text() == data


def test_a_record_with_nul_bytes_piped_to_annotate_is_written_out_as_it_is() -> None:
    """Through a pipe, which cannot be read twice, the NUL bytes were not
    looked for: annotate wrote its notes in UTF-8 into the UTF-16 bytes.  A
    real pipe (the test runner's standard input can be read again)."""
    data16 = '[Event "x"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\n'.encode("utf-16-be")
    for data in (data16, b"deal 1 dealer N\npoint EW \x00\n"):
        piped = subprocess.run(
            [sys.executable, "-m", "aluette_cli", "annotate", "-"],
            input=data,
            capture_output=True,
            check=False,
        )
        assert (piped.returncode, piped.stdout) == (1, data)
        assert b"<stdin> written out as it is, with no notes: it holds NUL bytes" in piped.stderr


def test_a_formatted_record_with_a_nul_byte_is_said_as_convert_says_it(tmp_path: Path) -> None:
    """A NUL byte in a record already in canonical form: fmt said nothing and
    exited 0 (the text did not change), while convert --to aln and fmt of the
    same file one blank away said it holds NUL bytes and exited 1."""
    data = b'[Event "x\x00y"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n'
    path = write(tmp_path, "club.aln", data)
    converted = run("convert", str(path), "--to", "aln")
    assert (converted.exit_code, converted.stdout_bytes) == (1, data)
    for args in (["fmt"], ["fmt", "--check"], ["annotate", "--in-place"]):
        result = run(*args, str(path))
        assert result.exit_code == 1, (args, result.output)
        assert path.read_bytes() == data, args
        assert f"aluette: {path} left as it is: it holds NUL bytes" in result.stderr, args
    piped = run("fmt", "-", input=data)
    assert (piped.exit_code, piped.stdout_bytes) == (1, data)
    assert "left as it is: it holds NUL bytes" in piped.stderr


@pytest.mark.parametrize("to", ["json", "jsonl"])
@pytest.mark.parametrize("name", ["rec.{to}", "rec"])
def test_a_json_record_is_never_rewritten_as_if_it_were_aln(
    tmp_path: Path, to: str, name: str
) -> None:
    """fmt and annotate write ALN into their input: a JSON or JSON Lines
    record read as ALN would come back as text it is not (annotate's notes
    broke it).  Known by its name or its first line, as every reader knows
    it, it is left as it is, and said to be (status 2, a usage error);
    ``fmt -`` passes it through unchanged, as it does any file it leaves."""
    aln = write(tmp_path, "g.aln", READABLE.replace("deal 3 dealer S", "deal 2 dealer E"))
    converted = run("convert", aln, "--to", to)
    assert converted.exit_code == 0, converted.stderr
    path = write(tmp_path, name.format(to=to), converted.stdout)
    before = path.read_bytes()
    kind = {"json": "a JSON record", "jsonl": "a JSON Lines record"}[to]
    for args, said in [
        (["fmt", path], "left as it is"),
        (["fmt", "--check", path], "left as it is"),
        (["annotate", "--in-place", path], "not annotated"),
        (["annotate", path], "not annotated"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, args
        assert f"aluette: {path} {said}: it is {kind}, not ALN" in result.stderr
        assert result.stdout == "" or "file" in result.stdout
        assert path.read_bytes() == before
    piped = run("fmt", "-", input=before)
    assert (piped.exit_code, piped.stdout_bytes) == (2, before)
    assert "not annotated" in run("annotate", "-", input=before).stderr
    # the ALN it came from is formatted and annotated as ever
    assert run("fmt", "--check", aln).exit_code == 0
    assert run("annotate", aln).exit_code == 0


#: A stock line written among the hands (A005): the deal's only finding,
#: one the formatted text does not give again.
STOCK_AMONG_HANDS = """\
[Event "Club"]

deal 1 dealer W
N: 2c 9d 2b Rd Cb Vd 8b 7e 3e
E: 1d 1e Rb 9b 8c 6c 5b 5e 3b
S: 3d 3c 1b Ce Vc 8e 7d 7c 5d
stock: 2d Cd Cc Vb 9e 8d 6b 6e 5c 4d 4c 4e
W: 9c 2e 1c Rc Re Ve 7b 6d 4b
1. N:9d E:8c S:Ce W:6d -> N
2. N:7e E:5e S:7d W:7b -> pourri
3. N:8b E:1d S:1b W:1c -> pourri
4. N:Rd E:Rb S:3c W:2e -> S
5. S:7c W:4b N:Cb E:9b -> N
6. N:3e E:3b S:3d W:Re -> S
7. S:5d W:Ve N:Vd E:5b -> pourri
8. S:Vc W:9c N:2c E:1e -> N
9. N:2b E:6c S:8e W:Rc -> N
point NS
"""


@pytest.mark.parametrize("style", ["keep", "seats", "cards"])
def test_formatting_in_any_style_twice_equals_once(tmp_path: Path, style: str) -> None:
    """--style cards kept the seats of a deal with a finding, the line out of
    its place among them, which the formatting itself puts back: the next
    run, the finding gone, took the seats off."""
    path = write(tmp_path, "club.aln", STOCK_AMONG_HANDS)
    assert run("fmt", "--style", style, path).exit_code == 0
    once = path.read_text(encoding="utf-8")
    assert run("fmt", "--style", style, "--check", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == once
    assert run("validate", path).exit_code == 0
