"""The results tables (docs/tables.md): ``report --format csv|jsonl --level``.

Hand-worked records for what each column says, the other outputs of the
tool for what the rows must agree with (the report's JSON, the score, the
statistics), and files put together for the identity that keeps two games
apart.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from aluette_cli import api
from aluette_cli.tables import COLUMNS, LEVELS, game_tables

from .conftest import SAMPLES, check, generated, record, run, write

PRACTICE = record(
    '[Event "Practice"]',
    '[Site "?"]',
    '[North " Ana "]',
    '[Result "*"]',
    "",
    "deal 1 dealer W",
    "winners: N E S E W N E S N",
    "point EW",
    "",
    "deal 2 dealer N",
    "winners: - - - - - - - - -",
    "point none",
    "",
    "deal 3 dealer N",
    "point S",
    "",
    "deal 4 dealer E",
    "1. N:3x",
)


def table(text: str, level: str) -> list[dict[str, str]]:
    """The CSV rows of ``report --format csv --level LEVEL``, by column name."""
    reader = csv.DictReader(io.StringIO(text))
    assert reader.fieldnames == list(COLUMNS[level])
    return list(reader)


def report_table(level: str, *files: Path | str, code: int = 0) -> list[dict[str, str]]:
    result = run("report", "--format", "csv", "--level", level, *files)
    assert result.exit_code == code, result.stderr
    return table(result.stdout, level)


def jsonl(level: str | None, *files: Path | str) -> list[dict[str, Any]]:
    args = ["--level", level] if level else []
    result = run("report", "--format", "jsonl", *args, *files)
    return [json.loads(line) for line in result.stdout.splitlines()]


# --------------------------------------------------------------------------
# Each table, by hand


def test_the_game_row(tmp_path: Path) -> None:
    (game,) = report_table("game", write(tmp_path, "p.aln", PRACTICE), code=1)
    assert game["game_id"] == f"{tmp_path / 'p.aln'}#1"
    assert (game["event"], game["site"], game["north"], game["east"]) == ("Practice", "", "Ana", "")
    assert (game["rules"], game["options"], game["team_tricks"]) == ("classic", "", "false")
    assert (game["result_claimed"], game["result"], game["winner"]) == ("*", "", "")
    assert (game["score_ns"], game["score_ew"], game["complete"]) == ("1", "1", "false")
    found = (game["deals"], game["errors"], game["warnings"], game["valid"])
    assert found == ("4", "1", "0", "false")
    assert game["replayed"] == "true"


def test_the_deal_rows_of_every_form_of_record() -> None:
    rows = [dict(zip(COLUMNS["deal"], r, strict=True)) for r in _values(PRACTICE, "deal")]
    sheet, void, point, unread = rows
    # The example of docs/rules.md §4: N and E have 3; E reached 3 at trick 7, N at 9.
    assert sheet["record"] == "sheet" and sheet["tricks"] == 9
    counts = [sheet[f"tricks_{s}"] for s in "nesw"]
    assert counts == [3, 3, 2, 1] and sheet["pourri"] == 0
    assert (sheet["deal_winner"], sheet["tie_break"], sheet["tied"]) == ("E", True, "N E")
    assert (sheet["tie_total"], sheet["tie_won_at"]) == (3, 7)
    assert (sheet["point_team"], sheet["points"], sheet["void"], sheet["scored"]) == (
        "EW",
        1,
        False,
        True,
    )
    assert (void["pourri"], void["void"], void["point_team"]) == (9, True, None)
    assert void["points"] is None
    assert void["scored"] is False and void["deal_winner"] is None
    # A point line alone is the outcome: no tricks, no counts, the seat it names.
    assert (point["record"], point["tricks"], point["tricks_n"]) == ("point", 0, None)
    assert (point["deal_winner"], point["point_team"], point["points"]) == ("S", "NS", 1)
    # The trick line that cannot be read is the deal's one finding (A001).
    assert (unread["record"], unread["void"], unread["findings"]) == ("none", None, 1)
    assert [r["findings"] for r in rows] == [0, 0, 0, 1]
    assert [r["deal_index"] for r in rows] == [1, 2, 3, 4]


def _values(text: str, level: str, file: str = "t.aln") -> list[tuple[object, ...]]:
    from aluette_cli.writers.tables import values

    return list(values(game_tables(check(text), file), level))


def test_a_sheet_has_trick_rows_without_cards_and_no_play_rows() -> None:
    tricks = [dict(zip(COLUMNS["trick"], r, strict=True)) for r in _values(PRACTICE, "trick")]
    assert len(tricks) == 18  # the two sheets; the point line and the unread deal have none
    first = tricks[0]
    assert (first["deal"], first["trick"], first["winner"], first["leader"]) == (1, 1, "N", None)
    assert [first[f"card_{s}"] for s in "nesw"] == [None] * 4
    assert all(t["pourri"] and t["winner"] is None for t in tricks[9:])
    assert _values(PRACTICE, "play") == []


def test_plays_mark_the_card_that_won_and_the_cards_that_cancelled() -> None:
    # Under team-five equal cards above the winner cancel out: Rc and Rd go,
    # and 6b beats 5c.  Under classic the two kings tie for the top: pourri.
    line = "1. N:Rc E:Rd S:5c W:6b"
    five = check(record('[Rules "team-five"]', "", "deal 1 dealer W", line))
    plays = [dict(zip(COLUMNS["play"], r, strict=True)) for r in api.csv_rows(five, "t.aln")]
    assert [(p["card"], p["won"], p["cancelled"], p["spoiled"]) for p in plays] == [
        ("Rc", False, True, False),
        ("Rd", False, True, False),
        ("5c", False, False, False),
        ("6b", True, False, False),
    ]
    (trick,) = api.table_rows(five, "trick")
    assert (trick["winner"], trick["winning_card"], trick["pourri"]) == ("W", "6b", False)
    classic = check(record("deal 1 dealer W", line))
    plays = [dict(zip(COLUMNS["play"], r, strict=True)) for r in api.csv_rows(classic)]
    assert [(p["card"], p["won"], p["spoiled"]) for p in plays] == [
        ("Rc", False, True),
        ("Rd", False, True),
        ("5c", False, False),
        ("6b", False, False),
    ]
    assert {p["trick_winner"] for p in plays} == {None} and all(p["pourri"] for p in plays)


def test_a_game_that_is_not_replayed_has_its_game_row_only(tmp_path: Path) -> None:
    path = write(tmp_path, "x.aln", record('[Rules "boules"]', "", "deal 1 dealer W", "point NS"))
    (game,) = report_table("game", path, code=2)
    assert (game["replayed"], game["rules"], game["deals"], game["valid"]) == (
        "false",
        "",
        "1",
        "false",
    )
    for level in ("deal", "trick", "play"):
        assert report_table(level, path, code=2) == []


def test_an_unreadable_deal_and_one_after_the_end(tmp_path: Path) -> None:
    sheet = "winners: N N N N N N N N N\npoint NS\n"
    dealers = enumerate("WNESWNE", 1)
    deals = "".join(f"deal {n} dealer {d}\n{sheet}\n" for n, d in dealers)
    text = deals.replace("deal 3 dealer E\n", "deal 3 dealer E\n{never closed\n")
    rows = report_table("deal", write(tmp_path, "b.aln", text), code=1)
    assert [r["record"] for r in rows] == ["sheet", "sheet", "unread", *["sheet"] * 4]
    assert [r["broken"] for r in rows] == ["false", "false", "true", *["false"] * 4]
    assert rows[2]["findings"] == "1"  # A002, on the deal's lines
    # Deal 3 scored (S deals deal 4, passed to the left), for points not
    # read: five scoring deals end a classic game at deal 5, and deals 6
    # and 7 come after its end.
    assert [r["after_end"] for r in rows] == ["false"] * 5 + ["true"] * 2
    assert [r["scored"] for r in rows] == [
        "true",
        "true",
        "false",
        "true",
        "true",
        "false",
        "false",
    ]
    assert sum(int(r["points"] or 0) for r in rows if r["scored"] == "true") == 4


def test_a_deal_whose_header_cannot_be_read_has_the_number_its_findings_name(
    tmp_path: Path,
) -> None:
    """docs/tables.md said the column was then empty; the number and the
    dealer are the game's sequence's, as the findings say "(deal 2)"."""
    sheet = "winners: N N N N N N N N N\npoint NS\n"
    text = f"deal 1 dealer W\n{sheet}\ndeal ? dealer Q\n{sheet}"
    rows = report_table("deal", write(tmp_path, "h.aln", text), code=1)
    assert [(r["deal"], r["dealer"]) for r in rows] == [("1", "W"), ("2", "N")]
    said = run("validate", tmp_path / "h.aln").stdout
    assert "this deal header cannot be read" in said and said.endswith("(deal 2)\n")


def test_a_deal_pasted_twice_is_a_copy_and_not_scored(tmp_path: Path) -> None:
    """The copy's row says why its points are left out (A104), as JSON's
    ``copy`` does; the deal it repeats scores as any other."""
    sheet = "winners: N N N N N N N N N\npoint NS\n"
    deals = [f"deal {n} dealer {d}\n{sheet}\n" for n, d in enumerate("WNESW", 1)]
    deals.insert(2, deals[1])
    rows = report_table("deal", write(tmp_path, "c.aln", "".join(deals)), code=1)
    assert [r["deal"] for r in rows] == ["1", "2", "2", "3", "4", "5"]
    assert [r["copy"] for r in rows] == ["false", "false", "true", *["false"] * 3]
    assert [r["scored"] for r in rows] == ["true", "true", "false", *["true"] * 3]
    assert [r["findings"] for r in rows] == ["0", "0", "1", *["0"] * 3]


# --------------------------------------------------------------------------
# Files put together


def test_two_files_with_games_of_the_same_index_stay_apart(tmp_path: Path) -> None:
    a = write(tmp_path, "a.aln", generated(1, "--games=2"))
    b = write(tmp_path, "b.aln", generated(2, "--games=3"))
    together = report_table("deal", a, b)
    apart = report_table("deal", a)[:], report_table("deal", b)
    assert together == apart[0] + apart[1]  # one table, or two stacked: the same rows
    games = {r["game_id"] for r in together}
    assert len(games) == 5 and {r["game"] for r in together} == {"1", "2", "3"}
    assert {r["file"] for r in together} == {str(a), str(b)}
    played = report_table("play", a, b)
    assert {r["game_id"] for r in played} == games


def test_a_header_once_for_many_files_and_only_a_header_for_none(tmp_path: Path) -> None:
    empty = write(tmp_path, "empty.aln", "")
    for level in LEVELS:
        both = (empty, SAMPLES / "cards-only.aln")
        result = run("report", "--format", "csv", "--level", level, *both)
        lines = result.stdout.splitlines()
        assert lines[0] == ",".join(COLUMNS[level]) and lines.count(lines[0]) == 1
        assert run("report", "--format", "csv", "--level", level, empty).stdout == lines[0] + "\n"
        assert run("report", "--format", "jsonl", "--level", level, empty).stdout == ""


def test_standard_input_is_named_as_findings_name_it() -> None:
    result = run("report", "--format", "csv", "-", input=PRACTICE)
    assert table(result.stdout, "game")[0]["game_id"] == "<stdin>#1"


# --------------------------------------------------------------------------
# The two forms, the defaults, and the other outputs they agree with


@pytest.mark.parametrize("level", LEVELS)
def test_csv_and_jsonl_hold_the_same_values(level: str) -> None:
    files = [SAMPLES / "classic-game.aln", SAMPLES / "violations.aln", SAMPLES / "score-sheet.aln"]
    rows = report_table(level, *files, code=2)
    objects = jsonl(level, *files)
    assert len(rows) == len(objects) > 0
    for row, obj in zip(rows, objects, strict=True):
        assert list(obj) == list(COLUMNS[level])
        for key, value in obj.items():
            cell = "" if value is None else str(value).lower() if isinstance(value, bool) else value
            assert row[key] == str(cell), (key, row, obj)


def test_defaults_csv_is_the_game_table_and_jsonl_is_the_report_json() -> None:
    files = [SAMPLES / "classic-game.aln", SAMPLES / "score-sheet.aln"]
    assert (
        run("report", "--format", "csv", *files).stdout
        == run("report", "--format", "csv", "--level", "game", *files).stdout
    )
    games = json.loads(run("report", "--format", "json", *files).stdout)["games"]
    assert jsonl(None, *files) == games


def test_level_needs_a_table_format() -> None:
    for fmt in ("text", "json"):
        result = run("report", "--format", fmt, "--level", "deal", SAMPLES / "classic-game.aln")
        assert result.exit_code == 2 and "--level needs" in result.stderr


def test_jobs_give_the_same_table(tmp_path: Path) -> None:
    path = write(tmp_path, "c.aln", generated(5, "--games=30"))
    one = run("report", "--format", "csv", "--level", "trick", path)
    two = run("report", "--format", "csv", "--level", "trick", "-j", "2", path)
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 0


@pytest.mark.parametrize(
    "flags",
    [
        ("--policy=ties",),
        ("--style=cards", "--options=mordienne"),
        ("--style=sheet", "--no-hands"),
        ("--rules=team-five", "--policy=ties"),
        ("--rules=to-five-points", "--no-claims"),
    ],
)
def test_the_rows_agree_with_the_report(tmp_path: Path, flags: tuple[str, ...]) -> None:
    path = write(tmp_path, "g.aln", generated(7, "--games=6", *flags))
    games = json.loads(run("report", "--format", "json", path).stdout)["games"]
    game_rows = jsonl("game", path)
    deal_rows = jsonl("deal", path)
    trick_rows = jsonl("trick", path)
    play_rows = jsonl("play", path)
    assert [(g["index"], g["score"]["NS"], g["score"]["EW"], g["winner"]) for g in games] == [
        (r["game"], r["score_ns"], r["score_ew"], r["winner"]) for r in game_rows
    ]
    deals = [d for g in games for d in g["deals"]]
    assert len(deals) == len(deal_rows)
    for deal, row in zip(deals, deal_rows, strict=True):
        counts = deal["counts"] or {}
        assert [row[f"tricks_{s.lower()}"] for s in "NESW"] == [counts.get(s) for s in "NESW"]
        assert row["deal_winner"] == deal["deal_winner"]
        tie = deal["tie_break"]
        assert row["tie_break"] == (tie is not None)
        if tie is not None:
            assert row["tied"].split() == tie["tied"] and row["tie_total"] == tie["total"]
            assert row["tie_won_at"] == tie["reached_at"][tie["winner"]]
        point = deal["point"] if not deal["void"] else None
        assert row["point_team"] == (point and point["team"])
        assert row["points"] == (point and point["points"])
    # The score is the sum of the deals that scored.
    for game in game_rows:
        mine = [d for d in deal_rows if d["game_id"] == game["game_id"] and d["scored"]]
        for side, column in (("NS", "score_ns"), ("EW", "score_ew")):
            assert sum(d["points"] for d in mine if d["point_team"] == side) == game[column]
    tricks = [t for d in deals for t in d["tricks"]]
    assert [(t["winner"], t["pourri"], t["leader"]) for t in tricks] == [
        (r["winner"], r["pourri"], r["leader"]) for r in trick_rows
    ]
    assert len(play_rows) == sum(len(t["plays"]) for t in tricks)
    by_trick: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for play in play_rows:
        by_trick.setdefault((play["game_id"], play["deal_index"], play["trick"]), []).append(play)
    for trick in trick_rows:
        plays = by_trick.get((trick["game_id"], trick["deal_index"], trick["trick"]), [])
        won = [p for p in plays if p["won"]]
        if trick["winner"] is None:
            assert won == []
        elif plays:  # one card took the trick, the winner's
            took = (trick["winner"], trick["winning_card"])
            assert [(p["seat"], p["card"]) for p in won] == [took]
        if trick["pourri"] and plays:
            assert sum(p["spoiled"] for p in plays) >= 2


def test_a_trick_the_record_does_not_give_does_not_count_in_the_tables(tmp_path: Path) -> None:
    """A trick line missing (A201), or one that cannot be read (A001): its
    row, empty, was counted, and the deal's ``tricks`` said 9, where stats
    counts the tricks whose outcome the record shows."""
    lines = generated(9, "--games=1").split("\n")
    fives = [k for k, line in enumerate(lines) if line.startswith("5. ")]
    threes = [k for k, line in enumerate(lines) if line.startswith("3. ")]
    del lines[fives[0]]  # deal 1: trick 5 missing
    # deal 2: trick 3 unread (a card the notation cannot read; a claim that
    # cannot be read costs only the claim)
    lines[threes[1] - 1] = lines[threes[1] - 1].replace(":", ":x", 1)
    path = write(tmp_path, "gaps.aln", "\n".join(lines))
    said = run("validate", path).stdout
    assert " A201 " in said and " A001 " in said
    tricks = jsonl("trick", path)
    gaps = [(t["deal"], t["trick"]) for t in tricks if t["winner"] is None and not t["pourri"]]
    assert gaps == [(1, 5), (2, 3)]
    assert not any(t["counted"] for t in tricks if (t["deal"], t["trick"]) in gaps)
    deals = jsonl("deal", path)
    assert [d["tricks"] for d in deals[:2]] == [8, 8]
    data = json.loads(run("stats", "--format", "json", path).stdout)
    counted = sum(t["counted"] for t in tricks)
    assert data["totals"]["tricks"] == counted == sum(d["tricks"] for d in deals)
    assert data["surprises"]["pourri"]["of_tricks"] == counted


def test_stats_adds_up_what_the_tables_hold(tmp_path: Path) -> None:
    """The figures of ``stats`` are sums over the tables' rows."""
    text = generated(9, "--games=8", "--policy=ties") + generated(10, "--games=4", "--style=sheet")
    path = write(tmp_path, "s.aln", text)
    totals = json.loads(run("stats", "--format", "json", path).stdout)["totals"]
    deals = [d for d in jsonl("deal", path) if not d["broken"] and not d["after_end"]]
    tricks = [t for t in jsonl("trick", path) if t["counted"]]
    plays = [p for p in jsonl("play", path) if p["counted"]]
    assert totals["deals"] == len(deals)
    assert totals["scoring_deals"] == sum(1 for d in deals if d["point_team"] is not None)
    assert totals["points"] == sum(d["points"] or 0 for d in deals)
    assert totals["deals_with_tricks"] == sum(1 for d in deals if d["tricks"])
    assert totals["deals_from_sheets"] == sum(1 for d in deals if d["record"] == "sheet") > 0
    assert totals["tricks"] == len(tricks) and totals["plays"] == len(plays)
    by_card = {
        row["card"]: row
        for row in json.loads(run("stats", "--by", "card", "--format", "json", path).stdout)["rows"]
    }
    for card, row in by_card.items():
        mine = [p for p in plays if p["card"] == card]
        assert (row["played"], row["won"], row["spoiled"]) == (
            len(mine),
            sum(p["won"] for p in mine),
            sum(p["spoiled"] for p in mine),
        )


def test_a_carriage_return_in_a_file_name_is_quoted_in_csv(tmp_path: Path) -> None:
    """Python's writer quotes only the signs of its own line ending: a bare
    CR in a file's name (a tag holds none) split the game row in three for
    every reader."""
    path = write(tmp_path, "a\rb.aln", "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n")
    for level in ("game", "deal"):
        text = run("report", "--format", "csv", "--level", level, path).stdout
        rows = list(csv.reader(io.StringIO(text, newline="")))
        assert len(rows) == 2 and len(rows[1]) == len(COLUMNS[level]), rows
        assert rows[1][0] == f"{path}#1"


def test_an_unreadable_json_lines_deal_counts_its_own_finding(tmp_path: Path) -> None:
    """docs/tables.md: a deal's findings are those on its lines, and in JSON
    Lines a deal's lines are its row.  The finding of a row whose deal
    could not be read was counted on the deal above (or, on the first row,
    on none), the broken deal showing none."""
    source = write(tmp_path, "g.aln", generated(3))
    rows = run("convert", source, "--to", "jsonl", "--compact").stdout.splitlines()
    for broken in (0, 1):
        bad = json.loads(rows[broken])
        bad["deal"]["dealer"] = "Q"
        lines = [*rows[:broken], json.dumps(bad), *rows[broken + 1 :]]
        path = write(tmp_path, f"bad{broken}.jsonl", "\n".join(lines) + "\n")
        deals = jsonl("deal", path)
        assert [d["findings"] for d in deals] == [int(k == broken) for k in range(len(deals))]
        assert deals[broken]["broken"] is True
