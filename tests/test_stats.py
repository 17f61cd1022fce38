"""``aluette stats``: figures added up over many games (docs/stats.md).

Three kinds of checks:

- on a generated corpus of every ruleset and record form, every figure of
  ``stats --format json`` equals a recount written here from
  ``report --format json`` and the ranking of docs/rules.md §1
  (``tests/independent.py``), not from the stats code;
- on the samples, the table a person reads matches figures counted by hand
  from the trick lines (each trick is worked out in the comments below);
- records that break rules are counted as far as they are valid, and the
  output says what was skipped and why.
"""

from __future__ import annotations

import csv
import io
import json
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aluette_cli.generate import random_games
from aluette_cli.model import Pos, Tag
from aluette_cli.pipeline import check_source
from aluette_cli.rules import load_ruleset
from aluette_cli.stats import CardTally, StatsAccumulator
from aluette_cli.writers.aln import write_game
from tests.independent import RANKING, STRENGTH, team_of

from .conftest import SAMPLES, generated, run
from .test_pipeline import REFERENCE

SEATS = ("N", "E", "S", "W")
NAME_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def stats_json(*args: str, input: str | None = None) -> dict[str, Any]:
    result = run("stats", "--format", "json", *args, input=input)
    assert "Traceback" not in result.output
    return json.loads(result.stdout)


# --------------------------------------------------------------------------
# A generated corpus, and an independent recount from report --format json

NAMES = ["Marie", "Jean", "Paul", "Anne", "Luc", "Rose"]


def _named(games: Iterator[Any], start: int) -> Iterator[Any]:
    """Seat the players: they change seats from game to game, and some seats
    have no name (no tag, an empty name, or '?')."""
    for i, game in enumerate(games, start):
        for j, seat in enumerate(SEATS):
            name = NAMES[(i + j) % len(NAMES)]
            if seat == "W" and i % 4 == 0:
                continue  # no West tag
            if seat == "E" and i % 7 == 0:
                name = "?"
            if seat == "S" and i % 9 == 0:
                name = "  "
            game.tags.append(Tag(NAME_TAGS[seat], name, Pos(0, 0)))
        yield game


# (ruleset, options, games, generate() keywords): every record form and scoring rule
CORPUS = [
    ("classic", (), 10, {"policy": "uniform"}),
    ("classic", ("mordienne",), 10, {"policy": "ties", "style": "cards"}),
    ("classic", (), 6, {"policy": "ties", "sheet": True}),
    ("classic", (), 4, {"policy": "ties", "claims": False, "hands": False}),
    ("to-five-points", ("mordienne",), 4, {"policy": "ties"}),
    ("team-five", (), 2, {"policy": "ties"}),
    ("team-five", (), 1, {"policy": "uniform", "sheet": True}),
]


# A valid game kept in part: a deal with nothing recorded (outcome unknown),
# point lines only, and a sheet where all four tie at 2 (N first, at trick 6).
KEPT_IN_PART = """\
[Event "Kept in part"]
[North "Marie"]
[East "Luc"]

deal 1 dealer N

deal 2 dealer E
point N

deal 3 dealer S
point EW

deal 4 dealer W
winners: N E S W - N E S W
point N
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stats") / "corpus.aln"
    texts = []
    start = 1
    for seed, (name, options, count, kwargs) in enumerate(CORPUS, 11):
        ruleset = load_ruleset(name).with_options(frozenset(options))
        for game in _named(random_games(count, ruleset, seed, **kwargs), start):
            texts.append(write_game(game))
        start += count
    texts.append(KEPT_IN_PART)
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def report(corpus: Path) -> dict[str, Any]:
    result = run("report", "--format", "json", str(corpus))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _player(tags: dict[str, str], seat: str) -> str:
    name = tags.get(NAME_TAGS[seat], "").strip()
    return name if name and name != "?" else f"(seat {seat})"


def recount(report: dict[str, Any]) -> dict[str, Any]:
    """Every figure of stats, counted again from the report of each deal."""
    players: dict[str, Counter] = defaultdict(Counter)
    seats: dict[str, Counter] = defaultdict(Counter)
    teams: dict[frozenset[str], Counter] = defaultdict(Counter)
    cards: dict[str, Counter] = defaultdict(Counter)
    card_tricks: dict[str, list[int]] = defaultdict(list)
    totals: Counter = Counter()
    surprise: Counter = Counter()
    tie_sizes: Counter = Counter()
    winning: Counter = Counter()
    for game in report["games"]:
        assert game["rules"] is not None
        totals["games"] += 1
        totals["games_finished"] += game["complete"]
        tags = game["tags"]
        who = {seat: _player(tags, seat) for seat in SEATS}
        side: dict[str, frozenset[str]] = {}
        for team in ("NS", "EW"):
            pair = {who[team[0]], who[team[1]]}
            unnamed = all(p.startswith("(seat ") for p in pair)
            side[team] = frozenset({team}) if unnamed else frozenset(pair)
        views: list[tuple[dict[Any, Counter], dict[str, Any]]] = [
            (players, who),
            (seats, {s: s for s in SEATS}),
            (teams, {s: side[team_of(s)] for s in SEATS}),
        ]
        for tallies, key in views:
            for k in set(key.values()):
                tallies[k]["games"] += 1
                won = {team_of(s) for s in SEATS if key[s] == k}
                tallies[k]["games_won"] += game["winner"] in won
        sheet_like = game["rules"] == "team-five"
        for deal in game["deals"]:
            totals["deals"] += 1
            tricks = deal["tricks"]
            if sheet_like:
                totals["team_trick_deals"] += 1
            if tricks:
                totals["deals_with_tricks"] += 1
                totals["deals_from_sheets"] += all(not t["plays"] for t in tricks)
            elif deal["void"] is not None:
                totals["deals_from_point_lines"] += 1
            if deal["void"] is None:
                totals["deals_outcome_unknown"] += 1
            for tallies, key in views:
                for k in set(key.values()):
                    tallies[k]["deals"] += 1
                    tallies[k]["deals_with_tricks"] += bool(tricks)
            for trick in tricks:
                surprise["tricks"] += 1
                if trick["winner"]:
                    for tallies, key in views:
                        tallies[key[trick["winner"]]]["tricks"] += 1
                if trick["pourri"]:
                    surprise["pourri"] += 1
                    if trick["leader"] is None:
                        surprise["without_leader"] += 1
                    else:
                        for tallies, key in views:
                            tallies[key[trick["leader"]]]["pourri_led"] += 1
                _recount_cards(trick, cards, card_tricks, game["rules"])
                totals["plays"] += len(trick["plays"])
            point, winner, counts = deal["point"], deal["deal_winner"], deal["counts"]
            if deal["void"] is not None:
                surprise["known"] += 1
                surprise["void"] += deal["void"]
            if point is not None:
                team, pts = point["team"], point["points"]
                totals["scoring_deals"] += 1
                totals["points"] += pts
                if winner is None or team_of(winner) != team:
                    winner = None
                    totals["deals_without_scorer"] += 1
                    totals["points_without_scorer"] += pts
                for tallies, key in views:
                    for k in {key[s] for s in SEATS if team_of(s) == team}:
                        tallies[k]["team_points"] += pts
                teams[side[team]]["deals_won"] += 1
                teams[side[team]]["points"] += pts
                teams[side[team]]["mordiennes"] += point["mordienne"]
                if winner is not None:
                    where = (SEATS.index(winner) - SEATS.index(deal["dealer"]) - 1) % 4
                    for tallies, key in views[:2]:
                        tallies[key[winner]]["deals_won"] += 1
                        tallies[key[winner]]["points"] += pts
                        tallies[key[winner]]["mordiennes"] += point["mordienne"]
                        tallies[key[winner]][f"position_{where}"] += pts
            tie = deal["tie_break"]
            if tie is not None:
                for tallies, key in views:
                    tallies[key[tie["winner"]]]["tie_breaks_won"] += 1
                    for k in {key[s] for s in tie["tied"]} - {key[tie["winner"]]}:
                        tallies[k]["tie_breaks_lost"] += 1
            if counts is not None and winner is not None:
                surprise["won_on_counts"] += 1
                winning[counts[winner]] += 1
                if tie is not None:
                    surprise["tie_breaks"] += 1
                    tie_sizes[len(tie["tied"])] += 1
            if counts is not None and point is not None:
                surprise["scoring_with_counts"] += 1
                surprise["points_with_counts"] += point["points"]
                ns = counts["N"] + counts["S"]
                ew = counts["E"] + counts["W"]
                mine, theirs = (ns, ew) if point["team"] == "NS" else (ew, ns)
                if mine < theirs:
                    surprise["fewer_deals"] += 1
                    surprise["fewer_points"] += point["points"]
                    teams[side[point["team"]]]["fewer_tricks_deals"] += 1
    return {
        "players": players,
        "seats": seats,
        "teams": teams,
        "cards": cards,
        "card_tricks": card_tricks,
        "totals": totals,
        "surprise": surprise,
        "tie_sizes": tie_sizes,
        "winning": winning,
    }


def _recount_cards(
    trick: dict[str, Any],
    cards: dict[str, Counter],
    card_tricks: dict[str, list[int]],
    rules: str,
) -> None:
    plays = trick["plays"]
    if not plays:
        return
    for _, card in plays:
        cards[card]["played"] += 1
        card_tricks[card].append(trick["number"])
    strengths = [STRENGTH[card] for _, card in plays]
    if trick["winner"]:
        card = next(c for s, c in plays if s == trick["winner"])
        cards[card]["won"] += 1
        if rules == "team-five":  # equal cards above the winner cancelled out
            for _, other in plays:
                if STRENGTH[other] > STRENGTH[card]:
                    cards[other]["cancelled"] += 1
    elif rules == "team-five":  # every card cancelled
        for _, card in plays:
            cards[card]["spoiled"] += 1
    else:  # the cards tied at the top spoil it
        for _, card in plays:
            if STRENGTH[card] == max(strengths):
                cards[card]["spoiled"] += 1


TALLY_KEYS = [
    "games",
    "games_won",
    "deals",
    "deals_won",
    "points",
    "team_points",
    "deals_with_tricks",
    "tricks",
    "tie_breaks_won",
    "tie_breaks_lost",
    "mordiennes",
    "pourri_led",
]


def _expected_tally(c: Counter, by: str) -> dict[str, Any]:
    keys = [k for k in TALLY_KEYS if not (by == "team" and k == "team_points")]
    row = {k: c[k] for k in keys}
    row["tricks_per_deal"] = (
        round(c["tricks"] / c["deals_with_tricks"], 3) if c["deals_with_tricks"] else None
    )
    if by == "team":
        row["fewer_tricks_deals"] = c["fewer_tricks_deals"]
    if by == "seat":
        for i, name in enumerate(["first_leader", "second", "third", "dealer"]):
            row[f"points_as_{name}"] = c[f"position_{i}"]
    return row


def _row_key(row: dict[str, Any], by: str) -> Any:
    if by == "team":
        return frozenset(row["team"].split(" & "))
    return row[by]


@pytest.mark.parametrize("by", ["player", "seat", "team"])
def test_every_tally_equals_the_recount(report: dict[str, Any], corpus: Path, by: str) -> None:
    counted = recount(report)[{"player": "players", "seat": "seats", "team": "teams"}[by]]
    data = stats_json("--by", by, str(corpus))
    assert data["by"] == by
    rows = {_row_key(r, by): r for r in data["rows"]}
    assert set(rows) == set(counted)
    for key, c in counted.items():
        row = dict(rows[key])
        row.pop(by)
        named = row.pop("named", None)
        if by == "player":
            assert named == (not key.startswith("(seat "))
        assert row == _expected_tally(c, by), key
    # the corpus really exercises what it should
    if by == "player":
        assert {"(seat W)", "(seat E)", "(seat S)", "Marie"} <= set(rows)
        marie = {
            seat
            for game in report["games"]
            for seat in SEATS
            if game["tags"].get(NAME_TAGS[seat]) == "Marie"
        }
        assert marie == set(SEATS)  # the same player, counted across seats


def test_positions_equal_the_recount(report: dict[str, Any], corpus: Path) -> None:
    seats = recount(report)["seats"]
    data = stats_json("--by", "seat", str(corpus))
    points = [sum(seats[s][f"position_{i}"] for s in SEATS) for i in range(4)]
    total = sum(points)
    assert data["positions"]["of_points"] == total > 0
    assert [p["points"] for p in data["positions"]["positions"]] == points
    assert [p["position"] for p in data["positions"]["positions"]] == [
        "first leader",
        "second",
        "third",
        "dealer",
    ]
    assert [p["share"] for p in data["positions"]["positions"]] == [
        round(p / total, 3) for p in points
    ]
    t = recount(report)["totals"]
    assert data["positions"]["of_deals"] == t["scoring_deals"] - t["deals_without_scorer"]


def test_every_card_figure_equals_the_recount(report: dict[str, Any], corpus: Path) -> None:
    again = recount(report)
    counted, card_tricks = again["cards"], again["card_tricks"]
    data = stats_json("--by", "card", str(corpus))
    rows = {r["card"]: r for r in data["rows"]}
    assert set(rows) == set(counted)
    group = {card: row + 1 for row, cards in enumerate(RANKING) for card in cards}
    for card, c in counted.items():
        numbers = card_tricks[card]
        assert rows[card] == {
            "card": card,
            "name": rows[card]["name"],
            "rank_group": group[card],
            "played": c["played"],
            "won": c["won"],
            "spoiled": c["spoiled"],
            "cancelled": c["cancelled"],
            "mean_trick": round(statistics.mean(numbers), 3),
            "median_trick": statistics.median(numbers),
            "by_trick": [numbers.count(n) for n in range(1, 10)],
        }, card
    # rows in the order of the ranking
    order = [group[r["card"]] for r in data["rows"]]
    assert order == sorted(order)
    assert sum(c["cancelled"] for c in counted.values()) > 0  # team-five is in the corpus
    assert rows["3d"]["name"] == "three of coins (monsieur)"


def test_totals_and_surprises_equal_the_recount(report: dict[str, Any], corpus: Path) -> None:
    again = recount(report)
    t, s = again["totals"], again["surprise"]
    data = stats_json(str(corpus))
    assert data["totals"] == {
        "files": 1,
        "files_unreadable": 0,
        "games_read": t["games"],
        "games": t["games"],
        "games_skipped": 0,
        "games_finished": t["games_finished"],
        "deals_read": t["deals"],
        "deals": t["deals"],
        "deals_skipped": 0,
        "deals_in_skipped_games": 0,
        "deals_with_tricks": t["deals_with_tricks"],
        "deals_from_sheets": t["deals_from_sheets"],
        "deals_from_point_lines": t["deals_from_point_lines"],
        "deals_outcome_unknown": t["deals_outcome_unknown"],
        "team_trick_deals": t["team_trick_deals"],
        "scoring_deals": t["scoring_deals"],
        "points": t["points"],
        "deals_without_scorer": t["deals_without_scorer"],
        "points_without_scorer": t["points_without_scorer"],
        "tricks": s["tricks"],
        "plays": t["plays"],
    }
    assert data["surprises"] == {
        "tie_breaks": {
            "deals": s["tie_breaks"],
            "of_deals": s["won_on_counts"],
            "by_players_tied": {str(k): v for k, v in sorted(again["tie_sizes"].items())},
        },
        "fewer_tricks": {
            "deals": s["fewer_deals"],
            "points": s["fewer_points"],
            "of_deals": s["scoring_with_counts"],
            "of_points": s["points_with_counts"],
        },
        "void": {"deals": s["void"], "of_deals": s["known"]},
        "winning_tricks": {
            "deals": {str(k): v for k, v in sorted(again["winning"].items())},
            "of_deals": s["won_on_counts"],
        },
        "pourri": {
            "tricks": s["pourri"],
            "of_tricks": s["tricks"],
            "without_leader": s["without_leader"],
        },
    }
    assert data["skipped"] == []
    assert data["violations"] == {
        "errors": 0,
        "warnings": 0,
        "games_with_errors": 0,
        "by_code": {},
    }
    # the corpus reaches the rare paths: tie-breaks, the side with fewer
    # tricks scoring, void deals, a deal won with two tricks, mordiennes
    assert s["tie_breaks"] and s["fewer_deals"] and s["void"] and again["winning"][2]
    assert sum(c["mordiennes"] for c in again["seats"].values()) > 0
    assert t["deals_outcome_unknown"] and t["deals_from_sheets"] and t["team_trick_deals"]


@pytest.mark.parametrize("by", ["player", "seat", "team", "card"])
def test_csv_carries_the_json_figures(corpus: Path, by: str) -> None:
    data = stats_json("--by", by, str(corpus))
    result = run("stats", "--by", by, "--format", "csv", str(corpus))
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == len(data["rows"])
    for row, expected in zip(rows, data["rows"], strict=True):
        by_trick = expected.pop("by_trick", None)
        for key, value in expected.items():
            text = "" if value is None else str(value).lower() if isinstance(value, bool) else value
            assert row[key] == str(text), (key, row)
        if by_trick is not None:
            assert [int(row[f"trick_{n}"]) for n in range(1, 10)] == by_trick
    # the summary goes to standard error, so the CSV stays clean
    assert "games and" in result.stderr and "counted" in result.stderr


# --------------------------------------------------------------------------
# The samples, counted by hand
#
# samples/classic-game.aln (N Marie, E Jean, S Paul, W Anne), each trick
# worked out from the ranking of docs/rules.md §1:
#   deal 1, dealer W: 9d N; 7e 7d 7b tie: pourri (N led); aces tie: pourri
#     (N led); 3c S; Cb over 9b N; 3d S; Ve Vd tie: pourri (S led); 2c N;
#     2b N.  N 4, S 2: N scores for NS (NS 6 tricks, EW 0).
#   deal 2, dealer N: 1c E; 2c E; 5c 5b: pourri (E); 9d E; aces: pourri (E);
#     Cc N; 9b N; 9c N; 3d S.  N 3, E 3, S 1: E reached 3 at trick 4, N at
#     trick 8: E scores for EW with 3 tricks against NS's 4.
#   deal 3, dealer E: nine pourri tricks, all led by S: void.
#   deal 4, dealer E: 2b N; 7d 7e: pourri (N); 3c W; 2e N; Cc E; aces:
#     pourri (E); Rb S; 9d E; 3d W.  N, E, W 2 each, S 1: N reached 2 at
#     trick 4, E at 8, W at 9: N scores for NS with 3 tricks against 4.
#   deal 5, dealer S: 3c E; 8c 8e: pourri (E); aces: pourri (E); 9c E; 2d S;
#     Rb N; 2e N; Rd W; 3d E.  E 3, N 2: E scores for EW.
#   deal 6, dealer W: 3d E; Rc N; 9d N; valets: pourri (N); 2d W; Vc E; 1b S;
#     Cc E; Cb S.  E 3, N 2, S 2, W 1: E scores for EW (4 tricks each side).
# Score NS 2, EW 3: EW win.
#
# Columns: games, games won, deals, deals won, points, team points, tricks,
# tricks per deal, tie-breaks won, lost, mordiennes, pourri led.
CLASSIC_PLAYERS = {
    "Anne": ["1", "1", "6", "0", "0", "3", "4", "0.67", "0", "1", "0", "0"],
    "Jean": ["1", "1", "6", "3", "3", "3", "11", "1.83", "1", "1", "0", "5"],
    "Marie": ["1", "0", "6", "2", "2", "2", "13", "2.17", "1", "1", "0", "4"],
    "Paul": ["1", "0", "6", "0", "0", "2", "7", "1.17", "0", "0", "0", "10"],
}
# Where the deal winner sat, from the dealer's left: deal 1 N after W (first),
# deal 2 E after N (first), deal 4 N after E (third), deal 5 E after S
# (third), deal 6 E after W (second).
CLASSIC_POSITIONS = {
    "N": ["1", "0", "1", "0", "2"],
    "E": ["1", "1", "1", "0", "3"],
    "S": ["0", "0", "0", "0", "0"],
    "W": ["0", "0", "0", "0", "0"],
    "all": ["2 (40%)", "1 (20%)", "2 (40%)", "0 (0%)", "5"],
}

# samples/cards-only.aln (N Luc, E Rose, S Yves, W Odile); the seats follow
# from the leader, then clockwise:
#   deal 1, dealer N, E leads: 1b N; 9c W; Re Rd: pourri (W led); Cd S;
#     2e N; Vb W; 1d N; 3d N; 2c W.  N 4, W 3, S 1: N scores for NS.
#   deal 2, dealer E, S leads: 2d W; four 6s: pourri (W); 3d S; kings:
#     pourri (S); 9d S; 3c N; Ve Vb: pourri (N); 2e N; 1b W.  W, S, N 2
#     each: S reached 2 at trick 5, N at 8, W at 9: S scores for NS.
#   deal 3, dealer S, W leads: 3d W; 1e N; 2e W; 2d W; Rb S; 1d E; 9c E;
#     2c E; 8d E.  E 4, W 3: E scores for EW.
#   deal 4, dealer W, N leads: cavaliers: pourri (N); Rc S; 3d S; 1e 1b:
#     pourri (S); 2d N; 1c 1d: pourri (N); 9c E; Rb S; 2c S.  S 4: NS.
#   deal 5, dealer N, E leads: Ve Vd: pourri (E); 2c W; 9c E; 9e N; 2b N;
#     aces: pourri (N); Vc S; 9d W; 2e E.  N, W, E 2 each: N reached 2 at
#     trick 5, W at 8, E at 9: N scores for NS with 3 tricks against 4.
# Score NS 4, EW 1: NS win.
CARDS_ONLY_PLAYERS = {
    "Luc": ["1", "1", "5", "2", "2", "4", "10", "2.00", "1", "1", "0", "4"],
    "Odile": ["1", "0", "5", "0", "0", "1", "10", "2.00", "0", "2", "0", "2"],
    "Rose": ["1", "0", "5", "1", "1", "1", "7", "1.40", "0", "1", "0", "1"],
    "Yves": ["1", "1", "5", "2", "2", "4", "9", "1.80", "1", "0", "0", "2"],
}

# samples/score-sheet.aln (N Hélène, E Marc, S Denis, W Sylvie): winners only.
#   deal 1 N E S E W N E S N: N 3, E 3 (E reached 3 at trick 7, N at 9),
#     S 2, W 1: E scores for EW although NS took 5 tricks to 4.
#   deal 2 S - S W - N S W -: S 3, W 2, N 1, 3 pourri: S for NS.
#   deal 3: nine pourri: void.
#   deal 4 W W N - E W S N N: W 3 (at trick 6), N 3 (at trick 9), E 1, S 1:
#     W for EW; 4 tricks each side.
#   deal 5 N S N E - N W S E: N 3, S 2, E 2, W 1: N for NS.
#   deal 6 S E S - W S N E -: S 3, E 2, W 1, N 1: S for NS.
# Score NS 3, EW 2.  No leader is recorded on a sheet: no pourri is "led".
SHEET_PLAYERS = {
    "Denis": ["1", "1", "6", "2", "2", "3", "11", "1.83", "0", "0", "0", "0"],
    "Hélène": ["1", "1", "6", "1", "1", "3", "11", "1.83", "0", "2", "0", "0"],
    "Marc": ["1", "0", "6", "1", "1", "2", "8", "1.33", "1", "0", "0", "0"],
    "Sylvie": ["1", "0", "6", "1", "1", "2", "8", "1.33", "1", "0", "0", "0"],
}


def table_rows(text: str, title: str) -> dict[str, list[str]]:
    """The rows of the table under ``title``: first cell -> the other cells."""
    lines = text.splitlines()
    start = lines.index(title)
    rule = next(i for i in range(start, len(lines)) if lines[i].startswith("---"))
    rows: dict[str, list[str]] = {}
    for line in lines[rule + 1 :]:
        if not line.strip():
            break
        cells = re.split(r"\s{2,}", line.strip())
        rows[cells[0]] = cells[1:]
    return rows


def surprise_rows(text: str) -> dict[str, list[str]]:
    lines = text.splitlines()
    start = lines.index("Surprises") + 1
    rows = {}
    for line in lines[start:]:
        if not line.strip():
            break
        cells = re.split(r"\s{2,}", line.strip())
        rows[cells[0]] = cells[1:]
    return rows


@pytest.mark.parametrize(
    ("sample", "players"),
    [
        ("classic-game.aln", CLASSIC_PLAYERS),
        ("cards-only.aln", CARDS_ONLY_PLAYERS),
        ("score-sheet.aln", SHEET_PLAYERS),
    ],
)
def test_sample_player_tables_match_the_hand_count(
    sample: str, players: dict[str, list[str]]
) -> None:
    result = run("stats", str(SAMPLES / sample))
    assert result.exit_code == 0, result.output
    text = result.stdout
    header = text.splitlines()[text.splitlines().index("Players") + 1]
    assert header.split()[:4] == ["player", "games", "games", "deals"]
    assert table_rows(text, "Players") == players
    deals = int(players[next(iter(players))][2])
    assert text.startswith(f"1 game and {deals} deals counted, from 1 file.\n")


def test_sample_surprises_match_the_hand_count() -> None:
    classic = run("stats", str(SAMPLES / "classic-game.aln")).stdout
    assert surprise_rows(classic) == {
        "deals decided by a tie-break": ["2", "40%", "of 5 deals won on trick counts"],
        "points to the side with fewer tricks": [
            "2",
            "40%",
            "of 5 points (5 deals with trick counts); 2 deals",
        ],
        "void deals": ["1", "17%", "of 6 deals with a known outcome"],
        "pourri tricks": ["19", "35%", "of 54 tricks"],
    }
    # the deal winners took 4, 3, 2, 3 and 3 tricks
    assert table_rows(classic, "Tricks the deal winner took (5 deals won on trick counts)") == {
        "2": ["1", "20%"],
        "3": ["3", "60%"],
        "4": ["1", "20%"],
    }
    cards_only = run("stats", str(SAMPLES / "cards-only.aln")).stdout
    assert surprise_rows(cards_only) == {
        "deals decided by a tie-break": ["2", "40%", "of 5 deals won on trick counts"],
        "points to the side with fewer tricks": [
            "1",
            "20%",
            "of 5 points (5 deals with trick counts); 1 deal",
        ],
        "void deals": ["0", "0%", "of 5 deals with a known outcome"],
        "pourri tricks": ["9", "20%", "of 45 tricks"],
    }
    # won with 4, 2, 4, 4 and 2 tricks
    assert table_rows(cards_only, "Tricks the deal winner took (5 deals won on trick counts)") == {
        "2": ["2", "40%"],
        "4": ["3", "60%"],
    }
    sheet = run("stats", str(SAMPLES / "score-sheet.aln")).stdout
    assert surprise_rows(sheet)["deals decided by a tie-break"][:2] == ["2", "40%"]
    assert surprise_rows(sheet)["points to the side with fewer tricks"][:2] == ["1", "20%"]
    assert surprise_rows(sheet)["void deals"] == ["1", "17%", "of 6 deals with a known outcome"]
    assert surprise_rows(sheet)["pourri tricks"] == ["16", "30%", "of 54 tricks"]
    assert "16 pourri tricks of score sheets have no recorded leader" in sheet


def test_sample_seat_table_and_positions() -> None:
    result = run("stats", "--by", "seat", str(SAMPLES / "classic-game.aln"))
    assert result.exit_code == 0
    seats = table_rows(result.stdout, "Seats")
    by_name = dict(zip(["N", "E", "S", "W"], ["Marie", "Jean", "Paul", "Anne"], strict=True))
    assert seats == {seat: CLASSIC_PLAYERS[name] for seat, name in by_name.items()}
    title = next(line for line in result.stdout.splitlines() if line.startswith("Deal points by"))
    assert title.endswith("(5 deals with a known winner and dealer)")
    assert table_rows(result.stdout, title) == CLASSIC_POSITIONS
    assert "deals won, points: as the seat that took the deal for the side;" in result.stdout


def test_a_deal_whose_dealer_the_record_does_not_give_has_no_place(tmp_path: Path) -> None:
    """Deal 1's header lost its dealer, and nothing else in its sheet says
    who dealt: the reader's stand-in (N) was counted as the dealer, N's
    point placed "as dealer"."""
    sheet = "winners: N N N E E S - W W\npoint N\n"
    path = tmp_path / "lost.aln"
    path.write_text(f"deal 1\n{sheet}\ndeal 2 dealer S\n{sheet}", "utf-8")
    result = run("stats", "--by", "seat", "--format", "json", str(path))
    placed = json.loads(result.stdout)["positions"]
    assert placed["of_deals"] == 1 and placed["of_points"] == 1
    rows = {row["seat"]: row for row in json.loads(result.stdout)["rows"]}
    assert rows["N"]["points"] == 2 and rows["N"]["points_as_second"] == 1
    assert rows["N"]["points_as_dealer"] == 0
    text = run("stats", "--by", "seat", str(path)).stdout
    assert "(1 deal with a known winner and dealer)" in text


def test_sample_team_table() -> None:
    # NS: Marie & Paul, EW: Anne & Jean (names sorted).  EW took deals 2, 5, 6;
    # NS deals 1 and 4, NS with fewer tricks in deal 4, EW in deal 2.
    result = run("stats", "--by", "team", str(SAMPLES / "classic-game.aln"))
    teams = table_rows(result.stdout, "Teams")
    # games, won, deals, deals won, points, tricks, per deal, tie-breaks
    # won, lost, mordiennes, pourri led, won with fewer tricks
    assert teams == {
        "Anne & Jean": ["1", "1", "6", "3", "3", "15", "2.50", "1", "1", "0", "5", "1"],
        "Marie & Paul": ["1", "0", "6", "2", "2", "20", "3.33", "1", "1", "0", "14", "1"],
    }


def test_sample_card_table() -> None:
    # In the cards-only sample, 3d (monsieur) is played in deal 1 trick 8,
    # deal 2 trick 3, deal 3 trick 1 and deal 4 trick 3, and wins each time;
    # the kings Re and Rd tie at the top of deal 1 trick 3 and Re, Rb, Rd in
    # deal 2 trick 4 (with 8c), Re again in deal 4 trick 4 (1e, 1b above it).
    result = run("stats", "--by", "card", str(SAMPLES / "cards-only.aln"))
    cards = table_rows(result.stdout, "Cards")
    assert cards["3d"] == ["three of coins (monsieur)", "4", "4", "0", "3.0", "3.75"]
    # Re: deal 1 trick 3 (spoiled), deal 2 trick 4 (spoiled), deal 4 trick 4
    # (1e and 1b spoil it, not Re), deal 5 trick 3 (9c wins)
    assert cards["Re"] == ["king of swords", "4", "0", "2", "3.5", "3.50"]
    assert list(cards)[:2] == ["3d", "3c"]  # in the order of the ranking
    # no card lies in all five stocks (Cb and Vc, in the first two, are
    # dealt in deals 4 and 3): every card is played at least once
    assert len(cards) == 48


def test_no_cards_in_a_score_sheet() -> None:
    result = run("stats", "--by", "card", str(SAMPLES / "score-sheet.aln"))
    assert result.exit_code == 0
    assert "No card plays in the records" in result.stdout


# --------------------------------------------------------------------------
# Invalid records: counted as far as they are valid


def test_a_game_of_json_that_cannot_be_read_is_skipped_with_its_finding(tmp_path: Path) -> None:
    """Like a game of an unknown ruleset, it says why and where: it said
    "the game could not be replayed", with no code and no place."""
    from .conftest import write

    game = run("convert", str(SAMPLES / "score-sheet.aln"), "--to", "json").stdout
    bad = write(tmp_path, "g.json", game.replace('"dealer": "W"', '"dealer": "X"', 1))
    (skip,) = stats_json(str(bad))["skipped"]
    assert (skip["what"], skip["code"], skip["count"]) == ("game", "A001", 1)
    assert re.match(
        rf"{re.escape(str(bad))}:\d+:\d+: A001 .*'X' is not one of", skip["examples"][0]
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_row_of_json_lines_that_cannot_be_read_is_a_skipped_deal(
    tmp_path: Path, jobs: str
) -> None:
    """A JSON Lines row costs its deal only; stats counted the game's other
    deals and said nothing of the lost one, where an unreadable deal of ALN
    is listed as skipped, with its finding."""
    from .conftest import write

    rows = run("convert", str(SAMPLES / "score-sheet.aln"), "--to", "jsonl").stdout.splitlines()
    assert len(rows) > 3
    rows[1] = rows[1].replace('"dealer": "', '"dealer": "X', 1)  # 'XW': not a seat
    rows[2] = "this line is not JSON"
    bad = write(tmp_path, "g.jsonl", "\n".join(rows) + "\n")
    whole = stats_json(str(SAMPLES / "score-sheet.aln"))["totals"]
    data = stats_json("-j", jobs, str(bad))
    t = data["totals"]
    assert (t["deals_read"], t["deals"], t["deals_skipped"]) == (
        whole["deals_read"],
        whole["deals"] - 2,
        2,
    )
    (skip,) = data["skipped"]
    assert (skip["what"], skip["code"], skip["count"]) == ("deal", "A001", 2)
    assert [e.split(": A001 ")[0] for e in skip["examples"]] == [f"{bad}:2:1", f"{bad}:3:1"]
    text = run("stats", str(bad)).stdout
    assert "Not counted: 2 deals; see Skipped below." in text


def test_violations_sample_says_what_was_skipped_and_why() -> None:
    path = str(SAMPLES / "violations.aln")
    result = run("stats", "--format", "json", path)
    assert result.exit_code == 2  # the unknown ruleset (A401)
    data = json.loads(result.stdout)
    t = data["totals"]
    # fourteen games, one (boules) not replayed; 46 deals: the boules game's one,
    # deal 6 of game 3 (after the end), the unreadable deal 3 of game 8 and the
    # deal over a limit of game 11 are left out (deal 2 of game 8 loses only its
    # unreadable line)
    assert (t["games_read"], t["games"], t["games_skipped"]) == (14, 13, 1)
    assert (t["deals_read"], t["deals"], t["deals_skipped"]) == (46, 42, 3)
    assert t["deals_in_skipped_games"] == 1
    skipped = {(s["what"], s["code"]): s for s in data["skipped"]}
    assert {k: s["count"] for k, s in skipped.items()} == {
        ("game", "A401"): 1,
        ("deal", "A002"): 1,
        ("deal", "A009"): 1,
        ("deal", "A106"): 1,
    }
    assert skipped[("game", "A401")]["reason"] == "unknown ruleset or option"
    assert skipped[("game", "A401")]["examples"][0].startswith(f"{path}:67:1: A401 ")
    assert skipped[("deal", "A106")]["examples"][0].startswith(f"{path}:62:1: A106 ")
    assert data["violations"]["errors"] == 36 and data["violations"]["warnings"] == 8
    assert data["violations"]["by_code"]["A203"] == 1
    # the table says it too, and still shows the figures
    table = run("stats", path)
    assert table.exit_code == 2
    assert "Not counted: 1 game (with 1 deal), 3 deals; see Skipped below." in table.stdout
    assert "1 game  A401 unknown ruleset or option" in table.stdout
    assert "1 deal  A106 deal after the game was over" in table.stdout
    assert "Violations: 36 errors, 8 warnings" in table.stdout
    assert "(seat N)" in table_rows(table.stdout, "Players")


TEAM_FIVE = """\
[Event "Pooled tricks"]
[Rules "team-five"]
[North "Ann"]
[East "Bob"]
[South "Cy"]
[West "Di"]

deal 1 dealer N
winners: S N - S N S E W N
point NS

deal 2 dealer E
announce NS double
winners: E W - E N W S E
point EW 2
"""


def test_team_five_deals_have_no_individual_winner() -> None:
    # Deal 1: NS reach five tricks at trick 6 (S N - S N S); the three sheet
    # entries after it (A209) do not count.  Deal 2: EW reach five at trick
    # 8 (E W - E N W S E) and NS lose their double: 2 points to EW.
    result = run("stats", "--format", "json", "-", input=TEAM_FIVE)
    assert result.exit_code == 1  # A209
    data = json.loads(result.stdout)
    rows = {r["player"]: r for r in data["rows"]}
    assert {p: rows[p]["tricks"] for p in rows} == {"Ann": 3, "Bob": 3, "Cy": 4, "Di": 2}
    assert {p: rows[p]["deals_won"] for p in rows} == dict.fromkeys(rows, 0)
    assert {p: rows[p]["team_points"] for p in rows} == {"Ann": 1, "Bob": 2, "Cy": 1, "Di": 2}
    assert data["totals"]["deals_without_scorer"] == 2
    assert data["totals"]["points_without_scorer"] == 3
    assert data["totals"]["team_trick_deals"] == 2
    assert data["totals"]["tricks"] == 14  # 6 + 8
    assert data["surprises"]["tie_breaks"] == {"deals": 0, "of_deals": 0, "by_players_tied": {}}
    assert data["surprises"]["winning_tricks"] == {"deals": {}, "of_deals": 0}
    team_rows = {r["team"]: r for r in stats_json("--by", "team", "-", input=TEAM_FIVE)["rows"]}
    assert team_rows["Ann & Cy"]["points"] == 1 and team_rows["Ann & Cy"]["tricks"] == 7
    assert team_rows["Bob & Di"]["points"] == 2 and team_rows["Bob & Di"]["tricks"] == 5
    assert stats_json("--by", "seat", "-", input=TEAM_FIVE)["positions"]["of_deals"] == 0


PARTIAL = """\
[Event "Half kept"]
[North "Ann"]
[West "?"]

deal 1 dealer N
winners: E E S - W N N E
point EW

deal 2 dealer E
winners: N N E E E E E E E
point NS

deal 3 dealer S
point S
"""


def test_a_deal_with_violations_counts_what_the_engine_established() -> None:
    # Deal 1: eight sheet entries (A207): its tricks count (E 3, S 1, W 1,
    # N 2, one pourri led by nobody), but which entry the sheet lacks it does
    # not say, so who won the deal is not known, and the point line stands
    # as the record's claim: EW 1, with no individual winner.  Deal 2: E
    # takes 7 tricks; the point line claims NS (A302): the engine's outcome
    # counts, E wins a point for EW.  Deal 3: a point line only: S wins for
    # NS, no tricks.
    result = run("stats", "--by", "seat", "--format", "json", "-", input=PARTIAL)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    rows = {r["seat"]: r for r in data["rows"]}
    assert {s: rows[s]["tricks"] for s in SEATS} == {"N": 4, "E": 10, "S": 1, "W": 1}
    assert {s: rows[s]["deals_won"] for s in SEATS} == {"N": 0, "E": 1, "S": 1, "W": 0}
    assert {s: rows[s]["team_points"] for s in SEATS} == {"N": 1, "E": 2, "S": 1, "W": 2}
    assert {s: rows[s]["deals_with_tricks"] for s in SEATS} == dict.fromkeys(SEATS, 2)
    assert rows["E"]["tricks_per_deal"] == 5.0
    t = data["totals"]
    assert (t["deals"], t["deals_with_tricks"], t["deals_from_point_lines"]) == (3, 2, 1)
    assert (t["deals_without_scorer"], t["points_without_scorer"]) == (1, 1)
    assert data["surprises"]["tie_breaks"]["of_deals"] == 1  # deal 2 only
    assert data["surprises"]["pourri"] == {"tricks": 1, "of_tricks": 17, "without_leader": 1}
    # only deal 2 has trick counts and a winner: E with 7
    assert data["surprises"]["winning_tricks"] == {"deals": {"7": 1}, "of_deals": 1}
    assert data["violations"]["by_code"] == {"A207": 1, "A302": 1}
    assert data["skipped"] == []
    # West's '?' is no name: the West player is '(seat W)'; East and South
    # have no tag at all
    assert [r["player"] for r in stats_json("-", input=PARTIAL)["rows"]] == [
        "Ann",
        "(seat E)",
        "(seat S)",
        "(seat W)",
    ]


MORDIENNE = """\
[Options "mordienne"]
[North "Ann"]
[East "Bob"]
[South "Cy"]
[West "Di"]

deal 1 dealer N
winners: N S E E E E E E E
point E 2

[Options "mordienne"]
[North "Bob"]
[East "Ann"]
[South "Di"]
[West "Cy"]

deal 1 dealer W
winners: E W E W E N N E W
point E
"""


def test_players_are_followed_across_seats_and_mordiennes_counted() -> None:
    # Game 1: E (Bob) wins nothing in tricks 1-2, then 3 to 9: a mordienne,
    # 2 points.  Game 2: Bob is North, Ann East; E (Ann) has 4 (reached at
    # trick 8), W (Cy) 3: Ann scores 1 for EW; no mordienne (she won trick 1).
    result = run("stats", "--format", "json", "-", input=MORDIENNE)
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in json.loads(result.stdout)["rows"]}
    assert rows["Bob"]["games"] == 2 and rows["Bob"]["deals"] == 2
    assert rows["Bob"]["tricks"] == 7 + 2
    assert (rows["Bob"]["deals_won"], rows["Bob"]["points"], rows["Bob"]["mordiennes"]) == (
        1,
        2,
        1,
    )
    assert (rows["Ann"]["deals_won"], rows["Ann"]["points"], rows["Ann"]["mordiennes"]) == (
        1,
        1,
        0,
    )
    assert rows["Ann"]["tricks"] == 1 + 4
    assert rows["Ann"]["team_points"] == 1 and rows["Bob"]["team_points"] == 2
    assert rows["Cy"]["team_points"] == 1 and rows["Di"]["team_points"] == 2
    # the teams are the pairs, whatever their seats: Ann & Cy, then Bob & Di
    # in game 1; Bob & Di (NS) and Ann & Cy (EW) in game 2
    teams = run("stats", "--by", "team", "--format", "json", "-", input=MORDIENNE)
    team_rows = {r["team"]: r for r in json.loads(teams.stdout)["rows"]}
    assert set(team_rows) == {"Ann & Cy", "Bob & Di"}
    assert team_rows["Bob & Di"]["points"] == 2 and team_rows["Bob & Di"]["mordiennes"] == 1
    assert team_rows["Ann & Cy"]["points"] == 1


def test_a_name_typed_with_composed_or_decomposed_accents_is_one_player() -> None:
    """Two games, "José" composed in one and decomposed in the other (the same
    name on screen): one row, with both games."""
    record = MORDIENNE.replace('"Bob"', '"Jose\u0301"', 1).replace('"Bob"', '"Jos\u00e9"')
    result = run("stats", "--format", "json", "-", input=record)
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in json.loads(result.stdout)["rows"]}
    assert "Jose\u0301" not in rows
    assert rows["Jos\u00e9"]["games"] == 2 and rows["Jos\u00e9"]["tricks"] == 7 + 2


# --------------------------------------------------------------------------
# The command line


def test_unreadable_file_is_reported_and_counted(tmp_path: Path) -> None:
    missing = str(tmp_path / "nosuch.aln")
    result = run("stats", "--format", "json", missing, str(SAMPLES / "score-sheet.aln"))
    assert result.exit_code == 2
    assert f"aluette: cannot read {missing}" in result.stderr
    data = json.loads(result.stdout)
    assert data["totals"]["files"] == 1 and data["totals"]["files_unreadable"] == 1
    assert data["skipped"][0]["what"] == "file"
    assert data["totals"]["games"] == 1  # the other file is still counted
    csv_result = run("stats", "--format", "csv", missing, str(SAMPLES / "score-sheet.aln"))
    assert csv_result.exit_code == 2
    assert "1 unreadable file" in csv_result.stderr and "Skipped" in csv_result.stderr
    assert csv_result.stdout.startswith("player,named,games,")


@pytest.mark.parametrize("text", ["; just a note\n", "{ a brace comment }\n"])
def test_comments_alone_are_a_game_with_no_deal_as_every_command_reads_them(text: str) -> None:
    """validate says "1 game, 0 deals" of such a file, report shows the game:
    stats counts it so, rather than call it something it could not read."""
    assert "1 game, 0 deals" in run("validate", "-", input=text).output
    data = stats_json("-", input=text)
    assert (data["totals"]["games_read"], data["totals"]["games"]) == (1, 1)
    assert data["skipped"] == []


def test_a_trick_line_missing_from_a_deal_is_not_counted_as_a_trick() -> None:
    """A deal whose trick 5 line is missing (A201) records eight tricks, as
    one whose trick 9 line is missing (A206) does: the missing trick, whose
    outcome nobody knows, counted in the tricks (and the pourri share's
    denominator) in the one case only."""
    lines = generated(7, "--games", "1").split("\n")
    counts = []
    for number in ("5.", "9."):
        k = next(k for k, line in enumerate(lines) if line.startswith(number))
        data = stats_json("-", input="\n".join(lines[:k] + lines[k + 1 :]))
        counts.append(data["surprises"]["pourri"]["of_tricks"])
    assert counts == [44, 44]


def test_text_with_no_game_in_it_is_skipped() -> None:
    data = stats_json("-", input="hello, this is not a record\n")
    assert (data["totals"]["games_read"], data["totals"]["games"]) == (1, 0)
    assert [(s["what"], s["code"], s["count"]) for s in data["skipped"]] == [("game", "A001", 1)]
    assert data["rows"] == []
    result = run("stats", "-", input="hello\n")
    assert result.exit_code == 1
    assert "Not counted: 1 game; see Skipped below." in result.stdout
    assert "No games to count." in result.stdout


def test_a_json_game_skipped_unread_is_not_said_to_hold_no_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of JSON past its limit is skipped without being read: how many
    deals it holds is not known, so the summary gives no count.  (The limit
    made small here: a game as long as the real one is 12 MB of text.)"""
    from aluette_cli import convert

    path = tmp_path / "big.json"
    games = generated(3, "--games", "2")
    record = json.loads(run("convert", "--to", "json", "-", input=games).stdout)
    monkeypatch.setattr(convert, "MAX_GAME_CHARS", 100_000)
    record["games"][0]["tags"][0]["value"] = "x" * 100_000
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("stats", str(path))
    assert "A001" in result.stdout and "this game is skipped" in result.stdout
    assert "Not counted: 1 game; see Skipped below." in result.stdout


def test_exit_status_and_many_files() -> None:
    valid = [str(SAMPLES / n) for n in ("classic-game.aln", "cards-only.aln", "score-sheet.aln")]
    result = run("stats", *valid)
    assert result.exit_code == 0
    assert result.stdout.startswith("3 games and 17 deals counted, from 3 files.\n")
    data = stats_json("--by", "seat", *valid)
    # 13 + 10 + 11 tricks for North over the three games
    assert {r["seat"]: r["tricks"] for r in data["rows"]}["N"] == 13 + 10 + 11
    bad = run("stats", "-", input=PARTIAL)
    assert bad.exit_code == 1 and "Players" in bad.stdout


def test_usage_errors() -> None:
    result = run("stats", "--rules", "nosuch", str(SAMPLES / "classic-game.aln"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert run("stats", "--by", "suit", str(SAMPLES / "classic-game.aln")).exit_code == 2
    assert run("stats").exit_code == 2


def test_help_has_an_example() -> None:
    result = run("stats", "--help")
    assert result.exit_code == 0
    assert "aluette stats " in result.stdout and "--by" in result.stdout
    assert "[default: player]" in result.stdout and "[default: table]" in result.stdout


def test_rules_option_overrides_the_tags() -> None:
    # Under team-five, deal 2 of the PARTIAL record (N N E E E E E E E) is
    # decided at trick 7, when EW reach five: the last two entries do not
    # count.  Deal 1 (E E S - W N N E) reaches no decision: E keeps 3.
    data = stats_json("--by", "seat", "--rules", "team-five", "-", input=PARTIAL)
    rows = {r["seat"]: r["tricks"] for r in data["rows"]}
    assert rows["E"] == 3 + 5


# --------------------------------------------------------------------------
# The accumulator


def test_accumulator_adds_up_linearly() -> None:
    text = (SAMPLES / "classic-game.aln").read_bytes()
    once, thrice = StatsAccumulator(), StatsAccumulator()
    for checked in check_source(io.BytesIO(text)):
        once.add(checked, "a.aln")
    for _ in range(3):
        for checked in check_source(io.BytesIO(text)):
            thrice.add(checked, "a.aln")
    a, b = once.result(), thrice.result()
    for x, y in zip(a.players, b.players, strict=True):
        assert (3 * x.tricks, 3 * x.points, 3 * x.games) == (y.tricks, y.points, y.games)
        assert x.tricks_per_deal == y.tricks_per_deal
    assert [3 * c.played for c in a.cards] == [c.played for c in b.cards]
    assert len(thrice.players) == 4 and len(thrice.cards) == 48  # bounded by names and cards
    assert b.totals.games == 3 and b.surprises.tie_break_deals == 6


def test_card_median_and_mean() -> None:
    card = CardTally("3d", 1)
    card.by_trick = [1, 0, 2, 0, 0, 0, 0, 0, 1]  # tricks 1, 3, 3, 9
    card.played = 4
    assert card.median_trick == 3
    assert card.mean_trick == 4
    card.by_trick = [1, 1, 0, 0, 0, 0, 0, 0, 0]  # tricks 1, 2
    card.played = 2
    assert card.median_trick == 1.5
    assert CardTally("3c", 2).median_trick is None


# --------------------------------------------------------------------------
# --analyse: each player's plays judged (docs/stats.md, Plays analysed)
#
# samples/thrown-away.aln is one deal built by hand: East (Jean) keeps
# monsieur (3d) for the last trick instead of leading it at trick 8, and so
# turns EW's won point into NS's.  The referee values every card of every
# hand from trick 7 on by brute force (tests/test_solver.py) and applies the
# definitions of docs/stats.md to those values.

THROWN = SAMPLES / "thrown-away.aln"
THROWN_PLAYERS = {"N": "Marie", "E": "Jean", "S": "Paul", "W": "Anne"}
FIGURES = (
    "plays_judged",
    "decisive_plays",
    "mistakes",
    "thrown_away",
    "saved",
)


def _refereed(path: Path, from_trick: int) -> dict[str, Counter[str]]:
    """Each seat's figures from ``from_trick`` on, from brute-force values."""
    from aluette_cli.analysis import DealTask, deal_tasks
    from aluette_cli.solver import Position

    from .test_solver import _after, brute

    (checked,) = check_source(io.BytesIO(path.read_bytes()))
    ruleset = checked.outcome.ruleset
    assert ruleset is not None
    (task,) = deal_tasks(checked)
    assert isinstance(task, DealTask)
    position = Position(task.hands, task.tricks[0][0], (), ())
    figures: dict[str, Counter[str]] = {seat: Counter() for seat in SEATS}
    thrown: set[str] = set()
    saved: set[str] = set()
    for number, (_, plays, _) in enumerate(task.tricks, 1):
        for seat, card, _, _ in plays:
            if number >= from_trick:
                sign = 1 if seat in "NS" else -1
                values = {
                    c: sign * brute(ruleset, None, _after(ruleset, position, c))
                    for c in position.hands[seat]
                }
                best, played = max(values.values()), values[card]
                tally = figures[seat]
                tally["plays_judged"] += 1
                tally["decisive_plays"] += len(set(values.values())) > 1
                tally["mistakes"] += played != best
                if best > 0 > played:
                    thrown.add(seat)
                if best > 0 and played > 0 and min(values.values()) < 0:
                    saved.add(seat)
            position = _after(ruleset, position, card)
    for seat in thrown:
        figures[seat]["thrown_away"] += 1
    for seat in saved:
        figures[seat]["saved"] += 1
    return figures


def test_analysed_figures_per_player_equal_the_brute_force_referee() -> None:
    data = stats_json("--analyse", "--from-trick", "7", str(THROWN))
    rows = {row["player"]: row for row in data["rows"]}
    refereed = _refereed(THROWN, 7)
    for seat, name in THROWN_PLAYERS.items():
        row = rows[name]
        assert {k: row[k] for k in FIGURES} == {k: refereed[seat][k] for k in FIGURES}, seat
        assert row["deals_analysed"] == 1
        decisive = refereed[seat]["decisive_plays"]
        expected = 1 - refereed[seat]["mistakes"] / decisive if decisive else None
        assert row["accuracy"] == (None if expected is None else round(expected, 3))
    # What the deal was built to show: Jean's one mistake threw the point away;
    # nobody else changed the value.
    assert rows["Jean"]["mistakes"] == 1 and rows["Jean"]["thrown_away"] == 1
    assert sum(row["mistakes"] for row in rows.values()) == 1
    assert all(row["plays_judged"] == 3 for row in rows.values())
    # No sampling asked: nothing judged as seen, no accuracy as seen.
    assert all(row["plays_judged_as_seen"] == 0 for row in rows.values())
    assert all(row["accuracy_as_seen"] is None for row in rows.values())
    assert data["analysis"] == {
        "from_trick": 7,
        "time_limit": 10.0,
        "samples": None,
        "seed": None,
        "deals": 1,
        "deals_from_trick_1": 0,
        "deals_not_analysed": 0,
        "plays": 12,
        "plays_as_seen": 0,
        "not_analysed": [],
    }


def test_seat_and_team_rows_add_up_the_players_plays() -> None:
    players = {
        r["player"]: r for r in stats_json("--analyse", "--from-trick", "7", str(THROWN))["rows"]
    }
    seats = {
        r["seat"]: r
        for r in stats_json("--analyse", "--from-trick", "7", "--by", "seat", str(THROWN))["rows"]
    }
    teams = {
        r["team"]: r
        for r in stats_json("--analyse", "--from-trick", "7", "--by", "team", str(THROWN))["rows"]
    }
    for seat, name in THROWN_PLAYERS.items():
        assert {k: seats[seat][k] for k in FIGURES} == {k: players[name][k] for k in FIGURES}
    side = teams["Anne & Jean"]
    east, west = players["Jean"], players["Anne"]
    for key in ("plays_judged", "decisive_plays", "mistakes"):
        assert side[key] == east[key] + west[key]
    # a deal counts once for a side, whichever partner threw it away
    assert side["thrown_away"] == 1 and side["deals_analysed"] == 1


def test_as_seen_mistakes_are_the_plays_analyse_calls_clear_mistakes() -> None:
    # 100 layouts a play: East's 4b is never better than 3d and worse in a
    # fifth of the layouts, a clear mistake whatever the seed
    args = ("--as-seen", "--samples", "100", "--seed", "3", "--from-trick", "8", str(THROWN))
    data = stats_json("--analyse", *args)
    rows = {row["player"]: row for row in data["rows"]}
    analysed = json.loads(run("analyse", "--format", "json", *args).stdout)
    (deal,) = analysed["games"][0]["deals"]
    judged: Counter[str] = Counter()
    mistakes: Counter[str] = Counter()
    decisive: Counter[str] = Counter()
    for play in deal["plays"]:
        seen = play["as_seen"]
        judged[play["seat"]] += 1
        mistakes[play["seat"]] += seen["mistake"]
        means = [c["mean"] for c in seen["cards"].values()]
        decisive[play["seat"]] += max(means) != min(means)
    for seat, name in THROWN_PLAYERS.items():
        assert rows[name]["plays_judged_as_seen"] == judged[seat] == 2
        assert rows[name]["mistakes_as_seen"] == mistakes[seat]
        assert rows[name]["decisive_plays_as_seen"] == decisive[seat]
    # docs/analysis.md: monsieur was never worse than 4b in any layout, and
    # better in some, so East's 4b is a clear mistake as East saw it too.
    assert rows["Jean"]["mistakes_as_seen"] == 1
    assert data["analysis"]["samples"] == 100 and data["analysis"]["seed"] == 3
    assert data["analysis"]["plays_as_seen"] == 8
    # the same seed, the same figures, with -j too
    again = stats_json("--analyse", "-j", "2", *args)
    assert again == data


def test_the_table_and_csv_carry_the_analysed_figures() -> None:
    text = run("stats", "--analyse", "--from-trick", "5", str(THROWN)).stdout
    rows = table_rows(text, "Plays analysed")
    assert rows["Jean"] == ["1", "5", "4", "1", "1", "1", "75%"]
    assert "1 deal analysed from trick 5 (10 s a deal): 0 of them from trick 1, 20 plays" in text
    assert "mistakes\nas seen" not in text  # no sampling asked, no columns for it
    result = run("stats", "--analyse", "--from-trick", "5", "--format", "csv", str(THROWN))
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    jean = next(r for r in table if r["player"] == "Jean")
    assert (jean["mistakes"], jean["thrown_away"], jean["accuracy"]) == ("1", "1", "0.75")
    assert jean["accuracy_as_seen"] == ""
    # without --analyse, the columns are not there
    plain = run("stats", "--format", "csv", str(THROWN)).stdout
    assert "mistakes" not in plain.splitlines()[0]


def test_deals_that_cannot_be_analysed_are_counted_with_the_reason() -> None:
    data = stats_json("--analyse", "--time-limit", "1", str(SAMPLES / "score-sheet.aln"))
    analysis = data["analysis"]
    assert analysis["deals"] == 0 and analysis["plays"] == 0
    assert analysis["deals_not_analysed"] == data["totals"]["deals"]
    (reason,) = analysis["not_analysed"]
    assert reason["reason"] == "the record does not give the four hands"
    assert reason["examples"][0].endswith(": deal 1")
    assert all(row["plays_judged"] == 0 and row["accuracy"] is None for row in data["rows"])


def test_analyse_usage_errors() -> None:
    assert run("stats", "--as-seen", str(THROWN)).exit_code == 2
    assert run("stats", "--analyse", "--by", "card", str(THROWN)).exit_code == 2
    assert "slow" in run("stats", "--help").stdout


def _play(seat: str, before: int, after: int, values: dict[str, int]) -> Any:
    from aluette_cli.analysis import PlayValue

    keeps = tuple(c for c, v in values.items() if v == before)
    card = next(c for c, v in values.items() if v == after)
    return PlayValue(1, seat, card, before, after, keeps, values=tuple(values.items()))


@pytest.mark.parametrize(
    ("seat", "before", "after", "values", "expected"),
    [
        # every card alike: not a choice
        ("N", 1, 1, {"1d": 1, "2d": 1}, (False, False, False, False)),
        # NS won, another card would have lost it: kept, so saved
        ("S", 1, 1, {"1d": 1, "2d": -1}, (True, False, False, True)),
        # EW's point given to NS: thrown away (values are for NS)
        ("E", -1, 1, {"1d": -1, "2d": 1}, (True, True, True, False)),
        # a won point made void: a mistake, not thrown away
        ("W", -1, 0, {"1d": -1, "2d": 0}, (True, True, False, False)),
        # a mordienne's second point lost, the deal still won
        ("N", 2, 1, {"1d": 2, "2d": 1, "3d": -1}, (True, True, False, True)),
        # a lost deal stays lost, whichever card: nothing to save
        ("N", -1, -1, {"1d": -1, "2d": -2}, (True, False, False, False)),
    ],
)
def test_what_a_play_counts_for(
    seat: str, before: int, after: int, values: dict[str, int], expected: tuple[bool, ...]
) -> None:
    from aluette_cli.stats import play_figures

    figures = play_figures(_play(seat, before, after, values))
    assert (figures.decisive, figures.mistake, figures.thrown_away, figures.saved) == expected


#: the reference deal of docs/rules.md §4, EW's concession refused: NS score 2
REFUSED = '[Options "mordienne"]\n\n' + REFERENCE.replace(
    "\n1. ", "\nconcede NS refused\n1. "
).replace("point EW", "point NS 2")


def test_a_deal_whose_point_goes_to_the_other_side_is_no_player_s(tmp_path: Path) -> None:
    """W takes the most tricks, but EW refused NS's concession and missed
    the mordienne: NS score 2.  The tables name W with the most tricks; no
    player took the deal for the side, so stats credits nobody and counts
    the points as without a scorer (docs/stats.md, deals_won)."""
    path = tmp_path / "refused.aln"
    path.write_text(REFUSED, "utf-8")
    assert run("validate", str(path)).exit_code == 0
    deal = json.loads(run("report", "--format", "jsonl", "--level", "deal", str(path)).stdout)
    assert (deal["deal_winner"], deal["point_team"], deal["points"]) == ("W", "NS", 2)
    data = stats_json(str(path))
    assert [row["deals_won"] for row in data["rows"]] == [0, 0, 0, 0]
    totals = data["totals"]
    assert (totals["deals_without_scorer"], totals["points_without_scorer"]) == (1, 2)


def test_the_note_on_points_without_a_deal_winner_names_a_concession_among_its_causes() -> None:
    """An accepted concession gives its point to a side, no player winning
    the deal: the note named only team-five rules and a point line naming a
    side, of a classic record with neither."""
    text = (
        '[Options "mordienne"]\n[Result "*"]\n\n'
        "deal 1 dealer W\nconcede NS accepted\nwinners: N N S W E E E\n"
    )
    assert stats_json("-", input=text)["totals"]["deals_without_scorer"] == 1
    out = run("stats", "-", input=text).stdout
    assert "1 point of 1 deal went to a side with no recorded deal winner" in out
    assert "a concession" in out
