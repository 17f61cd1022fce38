"""Rules as data: the variants, the optional rules and the partnership draw.

The presets ``team-five`` and ``to-five-points``, the options ``mordienne``,
``chanter`` and ``signals``, the ``draw:`` line, a house-rules file, and the
``aluette rules`` command.  Every expected winner, count, point and score was
worked out by hand from docs/rules.md (§1 ranking, §2 deal and draw, §3 play, §4
scoring, §6 optional rules, §7 variants and conventions) and the project's
conventions in docs/rules.md; the working is in the comments next to each
record.  Records go through the same pipeline as the command line
(:func:`aluette_cli.pipeline.check_source`) or through the CLI itself.
"""

from __future__ import annotations

import ast
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from aluette_cli.cards import other_team, team_of
from aluette_cli.engine import trick_result
from aluette_cli.pipeline import RuleChoice
from aluette_cli.rules import RulesetError, load_ruleset, preset_names, ruleset_from_toml

from .conftest import ROOT, SAMPLES, check, found, messages, record, report, run

HOUSE_RULES = SAMPLES / "house-rules.toml"
HOUSE_GAME = SAMPLES / "house-rules-game.aln"
ENGINE = ROOT / "aluette_cli" / "engine.py"

# --------------------------------------------------------------------------
# Helpers


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the one line of ``text`` that holds ``fragment``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def column_of(text: str, fragment: str, part: str) -> int:
    """The 1-based column of ``part`` in the line that holds ``fragment``."""
    line = text.splitlines()[line_of(text, fragment) - 1]
    return line.index(part) + 1


def winners(deal: dict[str, Any]) -> list[str | None]:
    return [t["winner"] for t in deal["tricks"]]


def classic_toml(**replace: str) -> str:
    """The classic preset's file with some lines replaced: a house file to start from."""
    text = (resources.files("aluette_cli") / "rulesets" / "classic.toml").read_text("utf-8")
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


# --------------------------------------------------------------------------
# team-five: equal cards cancel (docs/rules.md §7)


def test_cancel_and_spoil_on_the_same_trick() -> None:
    classic, five = load_ruleset("classic"), load_ruleset("team-five")
    two_aces = [("N", "1d"), ("E", "1c"), ("S", "Rd"), ("W", "5c")]
    # Classic: the two aces tie for the top, the trick is pourri.
    assert trick_result(two_aces, classic) == (None, True, ["1d", "1c"])
    # team-five: the aces cancel, S's king is the highest card left.
    assert trick_result(two_aces, five) == ("S", False, ["Rd"])
    # Three aces cancel as well as two (the project's convention): W's king.
    three_aces = [("N", "1d"), ("E", "1c"), ("S", "1b"), ("W", "Rd")]
    assert trick_result(three_aces, five) == ("W", False, ["Rd"])
    # Two pairs: the aces cancel, then the kings; nothing is left.
    two_pairs = [("N", "1d"), ("E", "1c"), ("S", "Rd"), ("W", "Rc")]
    assert trick_result(two_pairs, five)[:2] == (None, True)
    # A pair below a single top card changes nothing: monsieur wins.
    low_pair = [("N", "5d"), ("E", "3d"), ("S", "5b"), ("W", "4c")]
    assert trick_result(low_pair, five) == ("E", False, ["3d"])


# W deals, so N leads trick 1.
TEAM_FIVE_SIX = [
    '[Rules "team-five"]',
    "deal 1 dealer W",
    "1. N:1d E:1c S:Rd W:5c -> S",  # the aces cancel; S's Rd is left.          NS 1
    "2. S:1b W:1e N:Rb E:4c -> N",  # the aces cancel again; N's Rb.          NS 2
    "3. N:3d E:8c S:7c W:6c -> N",  # monsieur.                                NS 3
    "4. N:Vd E:Vc S:Vb W:9e -> W",  # three valets cancel: W's 9e is left.     EW 1
    "5. W:8d N:3c E:7d S:6b -> N",  # madame.                                  NS 4
    "6. N:2d E:5d S:4d W:5b -> N",  # borgne (the fives below cancel).         NS 5
    "point NS",
]


def test_team_five_a_team_with_five_tricks_after_six_takes_the_deal() -> None:
    # NS reach five tricks at trick 6 (tricks 1, 2, 3, 5, 6): play stops there,
    # six tricks are enough, NS score one point.  Under classic the aces of
    # tricks 1 and 2 would tie and spoil those tricks.
    checked = check(record(*TEAM_FIVE_SIX))
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert winners(deal) == ["S", "N", "N", "W", "N", "N"]
    assert [t["leader"] for t in deal["tricks"]] == ["N", "S", "N", "N", "W", "N"]
    assert deal["counts"] == {"N": 4, "E": 0, "S": 1, "W": 1}
    assert deal["point"] == {"team": "NS", "points": 1, "mordienne": False}
    assert deal["void"] is False


def test_team_five_a_trick_after_the_fifth_is_a209() -> None:
    text = record(*TEAM_FIVE_SIX[:-1], "7. N:Cd E:Cc S:Cb W:Ce -> pourri", "point NS")
    checked = check(text)
    assert found(checked) == [("A209", line_of(text, "7. N:Cd"), 1)]
    assert "decided at trick 6" in messages(checked, "A209")[0]
    # The extra trick is left out: the deal still scores one point for NS.
    game = report(checked)
    assert game["score"] == {"NS": 1, "EW": 0}
    assert game["deals"][0]["counts"] == {"N": 4, "E": 0, "S": 1, "W": 1}


def test_team_five_report_does_not_count_a_trick_after_the_end(tmp_path: Path) -> None:
    # Trick 7 comes after the deal was decided (A209) and is left out of the
    # counts; the pourri count of the text report must leave it out too.
    text = record(*TEAM_FIVE_SIX[:-1], "7. N:Cd E:Cc S:Cb W:Ce -> pourri", "point NS")
    path = tmp_path / "t5.aln"
    path.write_text(text, encoding="utf-8")
    result = run("report", str(path))
    assert "Tricks: N 4, E 0, S 1, W 1; pourri: 0." in result.stdout


# Every card of a trick cancelled: nobody takes it, its leader leads again.
ALL_CANCELLED = [
    '[Rules "team-five"]',
    "deal 1 dealer W",
    "1. N:Cd E:Cc S:Cb W:Ce -> pourri",  # four cavaliers cancel.
    "2. N:1d E:1c S:Rd W:Rc -> pourri",  # the aces cancel, then the kings.
    "3. N:5d E:5c S:3e W:3b -> pourri",  # the fives cancel, then the bottom threes.
    "4. N:3d E:4c S:6c W:7c -> N",  # N has led tricks 1-4; monsieur.          NS 1
    "5. N:2d E:4d S:6d W:7d -> N",  # borgne.                                  NS 2
    "6. N:9c E:8c S:8d W:4b -> N",  # grand-neuf (the eights below cancel).    NS 3
    "7. N:9d E:8b S:8e W:4e -> N",  # petit-neuf.                              NS 4
    "8. N:2b E:6b S:6e W:7b -> N",  # deux de chêne.                           NS 5
    "point NS",
]


def test_team_five_a_trick_where_every_card_cancels_belongs_to_nobody() -> None:
    checked = check(record(*ALL_CANCELLED))
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert winners(deal) == [None, None, None, "N", "N", "N", "N", "N"]
    assert [t["pourri"] for t in deal["tricks"][:3]] == [True, True, True]
    assert [t["leader"] for t in deal["tricks"]] == ["N"] * 8
    assert deal["point"] == {"team": "NS", "points": 1, "mordienne": False}


def test_team_five_after_an_all_cancelled_trick_the_leader_leads_again() -> None:
    lines = list(ALL_CANCELLED)
    lines[3] = "2. E:1c S:Rd W:Rc N:1d -> pourri"  # E leads trick 2: N should.
    text = record(*lines)
    checked = check(text)
    assert found(checked) == [("A202", 4, 4)]
    assert "N should" in messages(checked, "A202")[0]


def test_team_five_neither_team_reaches_five_more_tricks_takes_the_deal() -> None:
    # Three tricks spoiled: NS take 4 (N, S, N, S), EW 2 (E, W); nobody reaches
    # five, so the team with more tricks, NS, takes the deal (convention).
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        "winners: N - E S - W N S -",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"] == {
        "team": "NS",
        "points": 1,
        "mordienne": False,
    }
    wrong = check(text.replace("point NS", "point EW"))
    assert found(wrong) == [("A302", 4, 1)]


VOID_SHEET = "winners: N - E S - W N E -"  # NS 3 (N, S, N), EW 3 (E, W, E): equal.


def test_team_five_equal_totals_make_a_void_deal_dealt_again() -> None:
    # 3 tricks each: the deal is void (convention), scores nothing, and the
    # same dealer deals again; it does not pass to the left.
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        VOID_SHEET,
        "point none",
        "deal 2 dealer W",
        "winners: N N N N N",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == []
    game = report(checked)
    assert game["deals"][0]["void"] is True
    assert game["deals"][0]["point"] is None
    assert game["score"] == {"NS": 1, "EW": 0}
    passed_on = check(text.replace("deal 2 dealer W", "deal 2 dealer N"))
    assert found(passed_on) == [("A105", 5, 1)]


def test_team_five_a_point_claimed_on_a_void_deal_gives_the_right_reason() -> None:
    # The deal is void because the teams are level (3 tricks each), not
    # because all nine tricks are pourri: only three are.
    text = record('[Rules "team-five"]', "deal 1 dealer W", VOID_SHEET, "point NS")
    checked = check(text)
    assert found(checked) == [("A302", 4, 1)]
    (message,) = messages(checked, "A302")
    assert "void" in message
    assert "all 9 tricks are pourri" not in message


def test_team_five_a_double_that_succeeds_scores_two() -> None:
    # NS announce, then take five tricks in a row: 2 points to NS.
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        "announce NS double",
        "winners: N S N S N",
        "point NS 2",
    )
    checked = check(text)
    assert found(checked) == []
    assert report(checked)["score"] == {"NS": 2, "EW": 0}
    # A line without a number claims 1, which a doubled deal is never worth.
    one_point = check(text.replace("point NS 2", "point NS"))
    assert found(one_point) == [("A307", 5, 1)]
    assert messages(one_point, "A307") == [
        "point NS, without a number, claims 1: NS announced a double: the deal is worth 2"
        " to whoever takes it; write 'point NS 2'"
    ]


def test_team_five_a_double_that_fails_gives_two_to_the_opponents() -> None:
    # NS announce, EW take five tricks: 2 points to EW.
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        "announce NS double",
        "winners: E W E W E",
        "point EW 2",
    )
    checked = check(text)
    assert found(checked) == []
    assert report(checked)["score"] == {"NS": 0, "EW": 2}


def test_team_five_a_double_on_a_void_deal_scores_nothing() -> None:
    # Convention: twice nothing is nothing; the dealer deals again.
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        "announce EW double",
        VOID_SHEET,
        "point none",
        "deal 2 dealer W",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == []
    game = report(checked)
    assert game["deals"][0]["void"] is True
    assert game["score"] == {"NS": 1, "EW": 0}


def test_team_five_a_second_announce_is_a407_and_the_first_counts() -> None:
    # NS announced first; EW take the deal: 2 points to EW.
    text = record(
        '[Rules "team-five"]',
        "deal 1 dealer W",
        "announce NS double",
        "announce EW double",
        "winners: E W E W E",
        "point EW 2",
    )
    checked = check(text)
    assert found(checked) == [("A407", 4, 1)]
    assert report(checked)["score"] == {"NS": 0, "EW": 2}


def test_announce_under_classic_is_a402() -> None:
    text = record(
        "deal 1 dealer W",
        "announce NS double",
        "winners: N N N N N S S S S",
        "point N",
    )
    checked = check(text)
    assert found(checked) == [("A402", 2, 1)]
    # No double under classic: N's five tricks are worth one point.
    assert report(checked)["score"] == {"NS": 1, "EW": 0}


# A game to 12 points, dealt W, N, E, S, W (void, dealt again), W, N, E, S, W.
TEAM_FIVE_GAME = [
    '[Rules "team-five"]',
    '[Result "NS 12-3"]',
    "deal 1 dealer W",
    "winners: N S N S N",  # NS five tricks:                        NS 1, EW 0
    "point NS",
    "deal 2 dealer N",
    "announce EW double",
    "winners: E W E W E",  # EW double and take it:                 NS 1, EW 2
    "point EW 2",
    "deal 3 dealer E",
    "announce NS double",
    "winners: N N N N N",  # NS double and take it:                 NS 3, EW 2
    "point NS 2",
    "deal 4 dealer S",
    "announce EW double",
    "winners: N S N S N",  # EW double and lose it:                 NS 5, EW 2
    "point NS 2",
    "deal 5 dealer W",
    "winners: - - - - - - - - -",  # all spoiled: void, W again.    NS 5, EW 2
    "point none",
    "deal 6 dealer W",
    "announce NS double",
    "winners: S S S S S",  #                                        NS 7, EW 2
    "point NS 2",
    "deal 7 dealer N",
    "announce NS double",
    "winners: N - S - N - S - N",  # NS reach five at trick 9:      NS 9, EW 2
    "point NS 2",
    "deal 8 dealer E",
    "winners: E E W W E",  #                                        NS 9, EW 3
    "point EW",
    "deal 9 dealer S",
    "announce NS double",
    "winners: N N S S N",  #                                       NS 11, EW 3
    "point NS 2",
    "deal 10 dealer W",
    "winners: N S E W N S N",  # NS 5 (N S N S N) to EW 2:         NS 12, EW 3
    "point N",
]


def test_team_five_a_game_to_12_points_is_complete_when_a_team_has_12() -> None:
    checked = check(record(*TEAM_FIVE_GAME))
    assert found(checked) == []
    game = report(checked)
    assert game["score"] == {"NS": 12, "EW": 3}
    assert game["complete"] is True
    assert game["winner"] == "NS"
    assert [d["void"] for d in game["deals"]] == [False] * 4 + [True] + [False] * 5


def test_team_five_a_wrong_result_is_a303() -> None:
    lines = list(TEAM_FIVE_GAME)
    lines[1] = '[Result "NS 12-2"]'
    checked = check(record(*lines))
    assert found(checked) == [("A303", 2, 1)]


def test_team_five_a_result_on_a_game_short_of_12_points_is_a305() -> None:
    # Without deal 10 the score is NS 11, EW 3: the game is not over.
    lines = TEAM_FIVE_GAME[: TEAM_FIVE_GAME.index("deal 10 dealer W")]
    lines[1] = '[Result "NS 11-3"]'
    checked = check(record(*lines))
    assert found(checked) == [("A305", 2, 1)]
    assert "12 points" in messages(checked, "A305")[0]
    assert report(checked)["complete"] is False
    lines[1] = '[Result "*"]'
    assert found(check(record(*lines))) == []


def test_team_five_a_deal_after_12_points_is_a106_and_says_why() -> None:
    text = record(*TEAM_FIVE_GAME, "deal 11 dealer N", "winners: E E E E E", "point EW")
    checked = check(text)
    assert found(checked) == [("A106", line_of(text, "deal 11"), 1)]
    (message,) = messages(checked, "A106")
    # The game ended because NS reached 12 points, after 9 scoring deals:
    # the message must not speak of "12 scoring deals".
    assert "12 points" in message
    assert "scoring deals" not in message
    assert report(checked)["score"] == {"NS": 12, "EW": 3}


# --------------------------------------------------------------------------
# to-five-points: the game ends when a team has five points (docs/rules.md §7)

TO_FIVE = [
    '[Rules "to-five-points"]',
    '[Options "mordienne"]',
    '[Result "EW 5-1"]',
    "deal 1 dealer W",
    # E: 5 tricks (5-9), none before the run: mordienne, 2.          EW 2, NS 0
    "winners: N N S W E E E E E",
    "point E 2",
    "deal 2 dealer N",
    # N 3, S 2, E 2, W 2: N, one point.                              EW 2, NS 1
    "winners: N N N S S E W E W",
    "point N",
    "deal 3 dealer E",
    # E: 4 tricks (6-9), none before: mordienne again.               EW 4, NS 1
    "winners: S N S N S E E E E",
    "point E 2",
    "deal 4 dealer S",
    # W and N 3 each; W reached 3 at trick 3, N at 9: W.             EW 5, NS 1
    "winners: W W W E N S N S N",
    "point W",
]


def test_to_five_points_the_game_ends_when_a_team_has_five() -> None:
    checked = check(record(*TO_FIVE))
    assert found(checked) == []
    game = report(checked)
    assert game["score"] == {"NS": 1, "EW": 5}
    assert game["complete"] is True
    assert game["winner"] == "EW"
    assert [d["point"]["mordienne"] for d in game["deals"]] == [True, False, True, False]


def test_to_five_points_a_deal_after_five_points_is_a106() -> None:
    text = record(*TO_FIVE, "deal 5 dealer W", "winners: N N N N N N N N N", "point N")
    checked = check(text)
    assert found(checked) == [("A106", line_of(text, "deal 5"), 1)]
    assert "5 points" in messages(checked, "A106")[0]
    assert report(checked)["score"] == {"NS": 1, "EW": 5}


def test_the_same_four_deals_are_an_unfinished_classic_game() -> None:
    # Classic is five scoring deals: after four the Result is premature.
    checked = check(record(*TO_FIVE), RuleChoice(rules="classic"))
    assert found(checked) == [("A305", 3, 1)]
    assert report(checked)["complete"] is False


def test_to_five_points_without_mordienne_each_deal_scores_one() -> None:
    # Without the option deals 1 and 3 are worth 1: EW 3, NS 1, unfinished.
    # Their point lines claim 2, a value no deal is worth without mordienne:
    # A307 (docs/violations.md), as it would be without the tricks.
    checked = check(record(*TO_FIVE), RuleChoice(options=frozenset()))
    assert found(checked) == [("A305", 3, 1), ("A307", 6, 1), ("A307", 12, 1)]
    assert report(checked)["score"] == {"NS": 1, "EW": 3}


# --------------------------------------------------------------------------
# mordienne (docs/rules.md §6) and the mordienne surrender (§7)


def mordienne_deal(sheet: str, point: str) -> str:
    return record('[Options "mordienne"]', "deal 1 dealer W", f"winners: {sheet}", point)


def test_mordienne_a_comeback_scores_two() -> None:
    # E wins nothing in tricks 1-4, then 5-9: five tricks, the most; mordienne.
    checked = check(mordienne_deal("N N S W E E E E E", "point E 2"))
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert deal["point"] == {"team": "EW", "points": 2, "mordienne": True}


def test_mordienne_a_pourri_inside_the_run_breaks_it() -> None:
    # E: tricks 5, 6, 8, 9 (4, the most); trick 7 is pourri, so the final run
    # is 8-9 and E had won before it: one point.
    checked = check(mordienne_deal("N N S W E E - E E", "point E"))
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"]["mordienne"] is False
    two = check(mordienne_deal("N N S W E E - E E", "point E 2"))
    assert found(two) == [("A302", 4, 1)]


def test_mordienne_a_pourri_last_trick_breaks_it() -> None:
    # E: tricks 5-8 (4, the most), trick 9 pourri: no run ends with trick 9.
    checked = check(mordienne_deal("N N S W E E E E -", "point E"))
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"]["points"] == 1


def test_mordienne_winning_from_the_first_trick_is_no_comeback() -> None:
    checked = check(mordienne_deal("E E E E E N S W N", "point E"))
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"]["points"] == 1


# W deals, N leads.  N takes tricks 1-3, then E starts a run; NS concede.
CONCEDED_PLAY = [
    "1. N:3d E:4c S:5c W:6c -> N",
    "2. N:2d E:5d S:6d W:7d -> N",
    "3. N:9c E:7c S:8c W:Vc -> N",
    "4. N:4d E:3c S:8d W:Vd -> E",
    "5. E:2c S:9b W:Ve N:5b -> E",
]


def test_a_concession_accepted_gives_one_point_and_play_may_stop() -> None:
    # Accepted: the opponents of the conceding team score one; five tricks
    # are enough (no A206).
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS accepted",
        *CONCEDED_PLAY,
        "point EW",
    )
    checked = check(text)
    assert found(checked) == []
    game = report(checked)
    assert game["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}
    assert game["score"] == {"NS": 0, "EW": 1}


def test_a_concession_accepted_on_a_short_score_sheet() -> None:
    # The same deal kept as a sheet: it stops where play stopped, as the
    # trick lines may (no A207).
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS accepted",
        "winners: N N N E E",
        "point EW",
    )
    checked = check(text)
    assert found(checked) == []
    assert report(checked)["score"] == {"NS": 0, "EW": 1}


def test_a_concession_refused_and_mordienne_made_scores_two_for_the_opponents() -> None:
    # EW refuse NS's concession; E takes tricks 4-9 after nothing: mordienne, 2 to EW.
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS refused",
        "winners: N N N E E E E E E",
        "point EW 2",
    )
    checked = check(text)
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert deal["point"] == {"team": "EW", "points": 2, "mordienne": True}


def test_a_concession_refused_and_mordienne_missed_scores_two_for_the_conceders() -> None:
    # E has the most tricks (5) but trick 9 is pourri: no mordienne, so the
    # conceding team NS score two, although E won the most tricks.
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS refused",
        "winners: N N N E E E E E -",
        "point NS 2",
    )
    checked = check(text)
    assert found(checked) == []
    assert report(checked)["score"] == {"NS": 2, "EW": 0}
    # The wrong team, and a number (1, left out) a refused concession never
    # scores: both codes, and each says whom the deal went to.
    plain = check(text.replace("point NS 2", "point EW"))
    assert found(plain) == [("A302", 5, 1), ("A307", 5, 1)]
    assert messages(plain, "A302") == [
        "point claimed for EW, but NS score 2: EW refused NS's concession and did not"
        " make mordienne"
    ]
    assert messages(plain, "A307") == [
        "point EW, without a number, claims 1: NS's concession was refused: it scores 2;"
        " write 'point NS 2'"
    ]


def test_a_second_concession_is_a407() -> None:
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS accepted",
        "concede EW accepted",
        "point EW",
    )
    checked = check(text)
    assert found(checked) == [("A407", 4, 1)]
    assert report(checked)["score"] == {"NS": 0, "EW": 1}  # the first is used


def test_a_concession_without_the_mordienne_option_is_a402() -> None:
    text = record(
        "deal 1 dealer W",
        "concede NS accepted",
        *CONCEDED_PLAY,
        "point EW",
    )
    checked = check(text)
    # Without the option there is no concession: the deal needs nine tricks.
    assert found(checked) == [("A206", 1, 1), ("A402", 2, 1)]


def test_a_refused_concession_on_a_deal_all_spoiled_leaves_it_void() -> None:
    # Convention 7 (docs/rules.md §11): nobody made or missed a mordienne.
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "concede NS refused",
        "winners: - - - - - - - - -",
        "point none",
    )
    checked = check(text)
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert (deal["void"], deal["point"], deal["deal_winner"]) == (True, None, None)
    assert report(checked)["score"] == {"NS": 0, "EW": 0}


def test_concessions_without_the_mordienne_option_are_each_a402_and_none_a_second() -> None:
    # Ignored lines are not bids: two of them are two A402s, as two doubles
    # under classic are, and no A407.
    text = record(
        "deal 1 dealer W",
        "concede NS accepted",
        "concede EW refused",
        "winners: N N N N N S S S S",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == [("A402", 2, 1), ("A402", 3, 1)]
    doubles = record(
        "deal 1 dealer W",
        "announce NS double",
        "announce EW double",
        "winners: N N N N N S S S S",
        "point NS",
    )
    assert found(check(doubles)) == [("A402", 2, 1), ("A402", 3, 1)]


# --------------------------------------------------------------------------
# chanter (docs/rules.md §6)

# W deals; the chant goes to W (the dealer) and N (the dealer's left).  The
# hands are as dealt; every card of the deck is once in a hand or the stock.
CHANT_HANDS = [
    "N: 3d 2d 9c 2b 1d Rd Cd Vd 8d",
    "E: 3c 2c 9d 2e 1c Rc 1b Vc 8c",
    "S: Cc Rb Cb Vb 9b 8b 7b 6b 5b",
    "W: 1e Re Ce Ve 9e 8e 7e 6e 5e",
    "stock: 7d 6d 5d 4d 7c 6c 5c 4c 4b 4e 3e 3b",
]
CHANT_W = "chant W takes 7d 6d 5d 4d 7c 6c discards 5e 6e 7e 8e 9e Ve"
CHANT_N = "chant N takes 5c 4c 4b 4e 3e 3b discards 4b 4e 3e 3b Vd 8d"
# After the chant:
#   N: 3d 2d 9c 2b 1d Rd Cd 5c 4c      W: 1e Re Ce 7d 6d 5d 4d 7c 6c
# W and N play cards they took from the stock (4d, 5d, ... 5c, 4c).
CHANT_PLAY = [
    "1. N:3d E:8c S:5b W:4d -> N",  # monsieur
    "2. N:2d E:Vc S:6b W:5d -> N",  # borgne
    "3. N:9c E:1b S:7b W:6d -> N",  # grand-neuf
    "4. N:2b E:Rc S:8b W:7d -> N",  # deux de chêne
    "5. N:1d E:1c S:9b W:6c -> pourri",  # two aces tie: N leads again
    "6. N:Rd E:9d S:Vb W:7c -> E",  # petit-neuf
    "7. E:3c S:Cb W:Ce N:Cd -> E",  # madame
    "8. E:2c S:Rb W:Re N:5c -> E",  # vache
    "9. E:2e S:Cc W:1e N:4c -> E",  # deux d'écrit
    # N and E 4 each: N reached 4 at trick 4, E at trick 9: N, for NS.
    "point N",
]


def chant_record(*chants: str, options: str = "chanter", hands: list[str] | None = None) -> str:
    return record(
        f'[Options "{options}"]',
        "deal 1 dealer W",
        *(CHANT_HANDS if hands is None else hands),
        *chants,
        *CHANT_PLAY,
    )


def test_chanter_the_dealer_and_the_left_exchange_and_play_the_new_hands() -> None:
    checked = check(chant_record(CHANT_W, CHANT_N))
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert winners(deal) == ["N", "N", "N", "N", None, "E", "E", "E", "E"]
    assert deal["tie_break"] == {
        "tied": ["N", "E"],
        "total": 4,
        "reached_at": {"N": 4, "E": 9},
        "winner": "N",
    }
    assert deal["point"] == {"team": "NS", "points": 1, "mordienne": False}


def test_chanter_lines_without_the_option_are_a402_and_change_nothing() -> None:
    text = chant_record(CHANT_W, CHANT_N, options="signals")
    checked = check(text)
    codes = found(checked)
    assert codes[:2] == [("A402", 8, 1), ("A402", 9, 1)]
    # The hands stay as dealt: W's stock cards and N's 5c and 4c are not theirs.
    played = sorted((line, col) for code, line, col in codes if code == "A203")
    assert played == [
        (10, 19),
        (11, 19),
        (12, 19),
        (13, 19),
        (14, 19),
        (15, 19),
        (17, 19),
        (18, 19),
    ]


@pytest.mark.parametrize(
    ("chant_w", "expected"),
    [
        # S sits opposite W: only W and N take the stock when W deals.
        (CHANT_W.replace("chant W", "chant S"), "only W and N take the stock"),
        # 1b was dealt to E.
        (CHANT_W.replace("takes 7d", "takes 1b"), "1b is in a player's hand"),
        # Five cards taken.
        (CHANT_W.replace("takes 7d 6d", "takes 6d"), "takes 5 cards, not 6"),
        # Seven cards taken.
        (CHANT_W.replace("takes 7d", "takes 3e 7d"), "takes 7 cards, not 6"),
        # Five cards discarded.
        (CHANT_W.replace(" Ve", ""), "discards 5 cards, not 6"),
        # 3d is N's: W cannot discard it.
        (CHANT_W.replace("Ve", "3d"), "3d discarded but not held by W"),
    ],
)
def test_chanter_a_wrong_exchange_is_a405(chant_w: str, expected: str) -> None:
    checked = check(chant_record(chant_w, CHANT_N))
    assert ("A405", 8, 1) in found(checked)
    assert any(expected in m for m in messages(checked, "A405")), messages(checked, "A405")


def test_chanter_the_same_player_chanting_twice_is_one_a405() -> None:
    # W's exchange written twice: one mistake, said once.  The first line is
    # the exchange made; the second's cards are not taken a second time.
    checked = check(chant_record(CHANT_W, CHANT_N, CHANT_W))
    assert found(checked) == [("A405", 10, 1)]
    assert messages(checked, "A405") == [
        "chant: W chants twice; the first chant, on line 8, is the exchange made"
    ]


def test_chanter_a_second_chant_changes_no_hand() -> None:
    """A second chant that takes the other player's stock cards and discards
    cards its player goes on to play: the play is checked against the first
    exchange, so the one mistake is the one finding."""
    again = "chant W takes 5c 4c 4b 4e 3e 3b discards 7d 6d 5d 4d 7c 6c"
    checked = check(chant_record(CHANT_W, CHANT_N, again))
    assert found(checked) == [("A405", 10, 1)], found(checked)


def test_chanter_a_card_both_players_take_is_a405() -> None:
    # N takes 7d, which W takes too (in place of 5c, which nobody takes now).
    checked = check(chant_record(CHANT_W, CHANT_N.replace("takes 5c", "takes 7d")))
    assert ("A405", 9, 1) in found(checked)
    assert "chant: 7d is taken twice" in messages(checked, "A405")


def test_chanter_a_one_sided_exchange_is_found_beside_a_wrong_chanter() -> None:
    # W deals: W and N take the stock.  S (W's partner, not a chanter) chants
    # with W, and N does not: S's line is A405 (wrong seat), and W's
    # exchange is one-sided, since N, who must exchange when W does, did not.
    # (S takes what N took in the other deals and discards it again; N then
    # plays 5c and 4c, which S took: A203, beside the point here.)
    chant_s = "chant S takes 5c 4c 4b 4e 3e 3b discards 5c 4c 4b 4e 3e 3b"
    checked = check(chant_record(CHANT_W, chant_s))
    assert [f for f in found(checked) if f[0] == "A405"] == [("A405", 8, 1), ("A405", 9, 1)]
    one_sided, wrong_seat = messages(checked, "A405")
    assert "W exchanges but N does not" in one_sided
    assert "only W and N take the stock when W deals" in wrong_seat


@pytest.mark.parametrize("hands", [None, CHANT_HANDS[4:]], ids=["hands", "stock only"])
def test_chanter_w_s_chant_written_under_another_seat_is_one_slip(
    hands: list[str] | None,
) -> None:
    """W's chant line written as S's (a seat not one of the two): that
    chant is not made (docs/violations.md A405), so the stock cards W plays
    lie in the stock and follow from it, as after W's line left out; S
    took none of them.  They were said as "S took it from the stock", as
    if S's exchange had been made, and not marked."""
    checked = check(chant_record(CHANT_W.replace("chant W", "chant S"), CHANT_N, hands=hands))
    codes = [(f.code, f.consequence_of) for f in checked.outcome.findings]
    wrong_seat, one_sided = checked.outcome.findings[:2]
    assert codes[:2] == [("A405", None), ("A405", None)]
    assert "only W and N take the stock" in wrong_seat.message
    cause = ("A405", one_sided.line, one_sided.column)
    assert codes[2:] == [("A203", cause)] * 6  # 4d 5d 6d 7d 7c 6c, W's six taken
    said = messages(checked, "A203")
    assert all(m.endswith("lies in the stock; stock cards are never played") for m in said)


def test_chanter_a_chant_by_a_seat_not_one_of_the_two_is_not_made() -> None:
    """S chants, W deals: S's exchange is not made, so the stock card S
    plays lies in the stock and follows from S's A405 (one slip: the line
    says an exchange that was made, by another rule or seat)."""
    chant_s = "chant S takes 7d 6d 5d 4d 7c 6c discards Cc Rb Cb Vb 9b 8b"
    checked = check(chant_record(chant_s).replace("S:5b W:4d", "S:7d W:4d"))
    wrong_seat = next(f for f in checked.outcome.findings if f.code == "A405")
    assert wrong_seat.message.startswith("chant: only W and N take the stock when W deals")
    (played,) = [f for f in checked.outcome.findings if f.code == "A203" and "by S" in f.message]
    assert played.message.startswith("card 7d played by S lies in the stock")
    assert played.consequence_of == ("A405", wrong_seat.line, wrong_seat.column)


def test_chanter_a_dealer_written_wrong_leaves_the_chants_right_for_the_one_who_dealt() -> None:
    """S scored deal 1, so W deals deal 2; the header says N.  The chants
    are W's and N's, right for W: one slip, the A105, and the cards W and N
    took from the stock are theirs (no A405, no A203)."""
    text = record(
        '[Options "chanter"]',
        "deal 1 dealer S",
        "point NS",
        "",
        "deal 2 dealer N",
        *CHANT_HANDS,
        CHANT_W,
        CHANT_N,
        *CHANT_PLAY,
    )
    assert [code for code, _, _ in found(check(text))] == ["A105"]
    assert found(check(text.replace("deal 2 dealer N", "deal 2 dealer W"))) == []


def test_chanter_a_first_deal_s_dealer_written_wrong_is_found_by_its_first_lead_alone() -> None:
    """No turn says who deals deal 1: trick 1, led by N in turn and played
    with the cards W and N took, shows W, whose chant seats the chants fit;
    the A202 of the lead is the one finding, and asks whether the header's
    S is the slip."""
    checked = check(chant_record(CHANT_W, CHANT_N).replace("deal 1 dealer W", "deal 1 dealer S"))
    (lead,) = checked.outcome.findings
    assert lead.code == "A202"
    assert lead.message.endswith("as if W dealt: is the header's dealer, S, the slip?")


# The chant deal with no hand lines, only the stock: line 3 is the stock, 4
# and 5 the chants, 6 to 14 the tricks.  What the chant says is still known:
# W keeps 7d 6d 5d 4d 7c 6c and N keeps 5c 4c (taken from the stock), W
# discards 5e 6e 7e 8e 9e Ve (dealt to W) and N discards 4b 4e 3e 3b (taken)
# and Vd 8d (dealt to N).  No one else can play a card W or N kept, and no
# one can play a discarded card (docs/rules.md §6: each card played is
# checked against the hands after the exchange; A203 whether or not the
# hands are written).
STOCK_ONLY = CHANT_HANDS[4:]


@pytest.mark.parametrize(
    ("old", "new", "place", "why"),
    [
        # S plays 4d, which W took from the stock and kept (W plays S's 5b
        # instead: with no hands written, nothing says 5b was not W's).
        ("S:5b W:4d", "S:4d W:5b", (6, 14), "W took it from the stock"),
        # E plays Ve, dealt to W and discarded by W; 2d still takes the trick.
        ("E:Vc", "E:Ve", (7, 9), "W discarded it in the chant"),
        # S plays 4b, which N took from the stock and discarded again.
        ("S:7b", "S:4b", (8, 14), "N discarded it in the chant"),
        # W plays 9e, which W discarded; the two aces still spoil the trick.
        ("W:6c -> pourri", "W:9e -> pourri", (10, 19), "W discarded it in the chant"),
    ],
)
def test_chanter_without_hands_a_card_the_chant_placed_elsewhere_is_a203(
    old: str, new: str, place: tuple[int, int], why: str
) -> None:
    assert found(check(chant_record(CHANT_W, CHANT_N, hands=STOCK_ONLY))) == []
    text = chant_record(CHANT_W, CHANT_N, hands=STOCK_ONLY).replace(old, new)
    checked = check(text)
    assert found(checked) == [("A203", *place)]
    assert messages(checked, "A203")[0].endswith(why)


@pytest.mark.parametrize(
    ("old", "new", "card"),
    [
        ("takes 7d 6d 5d 4d 7c 6c", "takes 7d 6d 5d 4d 7c", "6c"),  # five cards taken
        ("takes 7d", "takes 3d", "7d"),  # a card of N's hand
        ("takes 7d", "takes 3b", "7d"),  # N's to take: taken twice, said on N's line
        ("takes 7d 6d", "takes 7d 7d", "6d"),  # one card twice
    ],
)
def test_chanter_a_stock_card_the_chant_took_wrong_follows_from_its_a405(
    old: str, new: str, card: str
) -> None:
    """W's chant line takes a card wrong, and W plays the stock card it
    meant: one slip, the A203 following from the chant's A405, as after a
    chant line left out."""
    checked = check(chant_record(CHANT_W.replace(old, new), CHANT_N))
    chant, played = checked.outcome.findings
    assert (chant.code, played.code) == ("A405", "A203")
    assert played.consequence_of == (chant.code, chant.line, chant.column)
    assert messages(checked, "A203") == [
        f"card {card} played by W lies in the stock; stock cards are never played"
    ]


def test_chanter_without_hands_the_player_who_kept_a_card_still_plays_it() -> None:
    """S plays 6c at trick 1, which W took and kept (A203); W's own 6c at
    trick 5 is W's play, not a card played twice, as with the hands
    written (docs/violations.md, "One mistake, one finding")."""
    for hands in (STOCK_ONLY, CHANT_HANDS):
        text = chant_record(CHANT_W, CHANT_N, hands=hands).replace("S:5b", "S:6c")
        checked = check(text)
        assert [code for code, *_ in found(checked)] == ["A203"], hands
        assert messages(checked, "A203")[0].endswith("W took it from the stock")


@pytest.mark.parametrize(
    ("chant_w", "chant_s", "why"),
    [
        # W takes Vd and discards it again: nobody holds Vd.
        (
            "chant W takes Vd 4d 4c 4b 4e 5d discards Vd 4d 4c 4b 4e 5d",
            "chant S takes Ve 5c 5b 5e 6d 6c discards Ve 5c 5b 5e 6d 6c",
            "W discarded it in the chant",
        ),
        # W takes Vd and keeps it (discarding 7d, dealt to W): only W holds Vd.
        (
            "chant W takes Vd 4d 4c 4b 4e 5d discards 7d 4d 4c 4b 4e 5d",
            "chant S takes Ve 5c 5b 5e 6d 6c discards Ve 5c 5b 5e 6d 6c",
            "W took it from the stock",
        ),
    ],
)
def test_chanter_the_stock_card_played_by_the_dealer_without_hands(
    chant_w: str, chant_s: str, why: str
) -> None:
    # S deals: W (S's left) and S take the stock; no hand is written.  In
    # each case S's Vd in trick 1 is a card S cannot hold after the chant.
    text = record(
        '[Options "chanter"]',
        "deal 1 dealer S",
        "stock: Vd Ve 4d 4c 4b 4e 5d 5c 5b 5e 6d 6c",
        chant_w,
        chant_s,
        "1. W:1d N:1c E:1b S:Vd",
    )
    checked = check(text)
    assert [f for f in found(checked) if f[0] == "A203"] == [("A203", 6, 19)]
    assert messages(checked, "A203")[0].endswith(why)


def test_chanter_validate_finds_the_stock_card_without_hands(tmp_path: Path) -> None:
    # The same check through the command, whatever reads the deal first.
    text = chant_record(CHANT_W, CHANT_N, hands=STOCK_ONLY).replace("E:Vc", "E:Ve")
    path = tmp_path / "chant.aln"
    path.write_text(text, encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:7:9: A203 card Ve played by E is not in E's hand; W discarded it" in (
        result.stdout
    )


def test_chanter_a_card_the_player_discarded_is_not_played_by_that_player() -> None:
    # S deals; S discards Ve (taken from the stock) and then plays it.
    text = record(
        '[Options "chanter"]',
        "deal 1 dealer S",
        "stock: Vd Ve 4d 4c 4b 4e 5d 5c 5b 5e 6d 6c",
        "chant W takes Vd 4d 4c 4b 4e 5d discards Vd 4d 4c 4b 4e 5d",
        "chant S takes Ve 5c 5b 5e 6d 6c discards Ve 5c 5b 5e 6d 6c",
        "1. W:1d N:1c E:1b S:Ve",
    )
    checked = check(text)
    assert [f for f in found(checked) if f[0] == "A203"] == [("A203", 6, 19)]
    assert messages(checked, "A203") == [
        "card Ve played by S is not in S's hand; S discarded it in the chant"
    ]


def test_chanter_with_hands_a_discarded_card_played_says_who_discarded_it() -> None:
    text = chant_record(CHANT_W, CHANT_N).replace("E:Vc", "E:Ve")
    checked = check(text)
    assert found(checked) == [("A203", 11, 9)]
    assert messages(checked, "A203") == [
        "card Ve played by E is not in E's hand; W discarded it in the chant"
    ]


def test_chanter_without_hands_a_card_the_other_took_cannot_be_discarded() -> None:
    # W's hand is not written, but 4b is one of the cards N takes: W cannot
    # hold it to discard it.
    chant_w = CHANT_W.replace("discards 5e", "discards 4b")
    checked = check(chant_record(chant_w, CHANT_N, hands=STOCK_ONLY))
    assert ("A405", 4, 1) in found(checked)
    assert "4b discarded but not held by W" in messages(checked, "A405")[0]


def test_chanter_taking_a_card_not_in_the_stock_is_a405() -> None:
    # N's hand is not recorded, so 1d is neither in a recorded hand nor in the
    # stock: W cannot have taken it from the stock.
    hands = CHANT_HANDS[1:]
    text = chant_record(CHANT_W.replace("takes 7d", "takes 1d"), CHANT_N, hands=hands)
    checked = check(text)
    assert ("A405", 7, 1) in found(checked)
    assert "1d is not in the stock" in messages(checked, "A405")[0]


def test_chanter_a_card_taken_from_the_stock_was_not_dealt_to_its_taker() -> None:
    # N plays W's 7d (W took it from the stock) and W plays N's 2b: A203 for
    # both.  The message for 7d must not say it was dealt to W: it was in
    # the stock.
    text = chant_record(CHANT_W, CHANT_N).replace(
        "4. N:2b E:Rc S:8b W:7d -> N", "4. N:7d E:Rc S:8b W:2b"
    )
    checked = check(text)
    by_place = {(f.line, f.column): f.message for f in checked.outcome.findings}
    assert by_place[(13, 4)].startswith("card 7d played by N is not in N's hand")
    assert "dealt to W" not in by_place[(13, 4)]
    assert by_place[(13, 19)] == "card 2b played by W is not in W's hand; it was dealt to N"


def test_chanter_a_ruleset_file_giving_the_stock_to_the_partner(tmp_path: Path) -> None:
    # docs/rules.md §7, chanter partner: the stock goes to the dealer's partner
    # (E, when W deals) and the dealer's left (N).
    (tmp_path / "partner.toml").write_text(
        classic_toml(
            **{
                'name = "classic"': 'name = "partner-chant"',
                'seats = ["dealer", "left"]': 'seats = ["partner", "left"]',
            }
        ),
        encoding="utf-8",
    )
    chant_e = "chant E takes 7d 6d 5d 4d 7c 6c discards 7d 6d 5d 4d 7c 6c"
    text = record(
        '[Rules "partner.toml"]',
        '[Options "chanter"]',
        "deal 1 dealer W",
        *CHANT_HANDS,
        chant_e,
        CHANT_N,
    )
    assert found(check(text, base=tmp_path)) == []
    dealer = check(text.replace(chant_e, CHANT_W), base=tmp_path)
    # W may not chant, and N's exchange is then one-sided: E did not chant.
    assert found(dealer) == [("A405", 9, 1), ("A405", 10, 1)]
    assert "only E and N take the stock when W deals" in messages(dealer, "A405")[0]
    assert "N exchanges but E does not" in messages(dealer, "A405")[1]
    # Under classic the same exchange by E is wrong, and W's is missing.
    classic = check(text.replace('[Rules "partner.toml"]', '[Rules "classic"]'))
    assert found(classic) == [("A405", 9, 1), ("A405", 10, 1)]
    assert "N exchanges but W does not" in messages(classic, "A405")[1]


# --------------------------------------------------------------------------
# signals (docs/rules.md §6)

# The hands after the chant above, dealt as they are; the same play.
SIGNAL_HANDS = [
    "N: 3d 2d 9c 2b 1d Rd Cd 5c 4c",
    "E: 3c 2c 9d 2e 1c Rc 1b Vc 8c",
    "S: Cc Rb Cb Vb 9b 8b 7b 6b 5b",
    "W: 1e Re Ce 7d 6d 5d 4d 7c 6c",
    "stock: Vd 8d 4b 4e 3e 3b 5e 6e 7e 8e 9e Ve",
]


def signal_record(before: list[str], after_1: list[str], after_3: list[str]) -> str:
    """The signals deal with signal lines before trick 1, after trick 1 and after trick 3."""
    play = CHANT_PLAY
    return record(
        '[Options "signals"]',
        "deal 1 dealer W",
        *SIGNAL_HANDS,
        *before,
        play[0],
        *after_1,
        *play[1:3],
        *after_3,
        *play[3:],
    )


def test_signals_honest_signals_give_no_finding() -> None:
    # N holds monsieur (3d) before trick 1; E holds two aces (1c, 1b).
    checked = check(signal_record(["signal N monsieur", "signal E aces-2"], [], []))
    assert found(checked) == []
    signals = report(checked)["deals"][0]["signals"]
    assert signals == [
        {"seat": "N", "what": "monsieur", "before_trick": 1, "honest": True},
        {"seat": "E", "what": "aces-2", "before_trick": 1, "honest": True},
    ]


def test_signals_dishonest_signals_are_a406_warnings() -> None:
    # S never holds borgne (2d, N's).  After trick 3 E has played 1b and
    # holds one ace, not two.
    text = signal_record(["signal S borgne"], [], ["signal E aces-2"])
    checked = check(text)
    assert found(checked) == [("A406", 8, 1), ("A406", 12, 1)]
    assert {f.severity for f in checked.outcome.findings} == {"warning"}
    assert "E holds 1 ace" in messages(checked, "A406")[1]
    honest = [s["honest"] for s in report(checked)["deals"][0]["signals"]]
    assert honest == [False, False]


def test_signals_a_signal_made_after_the_card_was_played() -> None:
    # N played monsieur in trick 1: a monsieur signal after it is not borne out.
    text = signal_record([], ["signal N monsieur"], [])
    checked = check(text)
    assert found(checked) == [("A406", 9, 1)]
    (signal,) = report(checked)["deals"][0]["signals"]
    assert signal == {"seat": "N", "what": "monsieur", "before_trick": 2, "honest": False}


def test_signals_an_uncheckable_signal_is_reported_with_honest_null() -> None:
    checked = check(signal_record([], [], ["signal S useless-hand"]))
    assert found(checked) == []
    (signal,) = report(checked)["deals"][0]["signals"]
    assert signal == {"seat": "S", "what": "useless-hand", "before_trick": 4, "honest": None}


def test_signals_cli_a_dishonest_signal_is_a_warning_with_exit_status_0(tmp_path: Path) -> None:
    path = tmp_path / "signals.aln"
    path.write_text(signal_record(["signal S borgne"], [], []), encoding="utf-8")
    result = run("validate", "--format", "json", str(path))
    assert result.exit_code == 0, result.output
    (finding,) = json.loads(result.stdout)
    assert (finding["code"], finding["severity"], finding["line"]) == ("A406", "warning", 8)
    result = run("report", "--format", "json", str(path))
    assert result.exit_code == 0
    deal = json.loads(result.stdout)["games"][0]["deals"][0]
    assert deal["signals"][0]["honest"] is False


def test_signals_without_hands_the_chant_and_the_stock_still_place_a_card() -> None:
    # S deals; no hand is written.  W takes vache (2c) and keeps it; S takes
    # petit-neuf (9d) and discards it; monsieur (3d) is nowhere in the
    # record.  So W holds vache, N does not (W has it), S no longer holds
    # petit-neuf, E's monsieur cannot be judged, and after W plays vache in
    # trick 1 W holds it no more.
    text = record(
        '[Options "chanter, signals"]',
        "deal 1 dealer S",
        "stock: 2c 9d 4d 4c 4b 4e 5d 5c 5b 5e 6d 6c",
        "chant W takes 2c 4d 4c 4b 4e 5d discards 7d 4d 4c 4b 4e 5d",
        "chant S takes 9d 5c 5b 5e 6d 6c discards 9d 5c 5b 5e 6d 6c",
        "signal W vache",
        "signal N vache",
        "signal S petit-neuf",
        "signal E monsieur",
        "1. W:2c N:1c E:1b S:Vd",
        "signal W vache",
    )
    checked = check(text)
    assert [f for f in found(checked) if f[0] == "A406"] == [
        ("A406", 7, 1),
        ("A406", 8, 1),
        ("A406", 11, 1),
    ]
    assert messages(checked, "A406")[:2] == [
        "signal vache by N is not borne out: N does not hold 2c (vache) at that moment",
        "signal petit-neuf by S is not borne out: S does not hold 9d (petit-neuf) at that moment",
    ]
    honest = [s["honest"] for s in report(checked)["deals"][0]["signals"]]
    assert honest == [True, False, False, None, False]


def test_signal_lines_without_the_option_are_a402() -> None:
    text = signal_record(["signal N monsieur"], [], []).replace(
        '[Options "signals"]', '[Options "mordienne"]'
    )
    checked = check(text)
    assert found(checked) == [("A402", 8, 1)]
    assert "signals" not in report(checked)["deals"][0]


# --------------------------------------------------------------------------
# The partnership draw (docs/rules.md §2; the draw: line of docs/notation.md)

# Dealt face up N, E, S, W, N, S, W (E has madame and gets no more):
# madame (3c) to E, borgne (2d) to N, vache (2c) to S, monsieur (3d) to W.
# Monsieur's and madame's holders, W and E, are partners; E deals first.
GOOD_DRAW = "draw: N:5c E:3c S:Rb W:7e N:2d S:2c W:3d"


def draw_record(draw: str, dealer: str = "E") -> str:
    return record('[Event "Club night"]', draw, "", f"deal 1 dealer {dealer}", "point NS")


def test_draw_a_valid_draw() -> None:
    assert found(check(draw_record(GOOD_DRAW))) == []


def test_draw_a_holder_of_a_sought_card_gets_no_more() -> None:
    # N receives madame, then monsieur: N should have been skipped.  The
    # card at column 17 (N:3d) is the fault; monsieur did appear, so the
    # draw does not stop short of it.
    checked = check(draw_record("draw: N:3c E:5c N:3d S:Rb W:9e E:2d S:2c", dealer="N"))
    assert found(checked)[0] == ("A408", 2, 17)
    assert "N already drew 3c" in messages(checked, "A408")[0]
    assert not any("stops before" in m for m in messages(checked, "A408"))


def test_draw_cards_after_the_fourth_sought_card() -> None:
    text = draw_record(GOOD_DRAW + " N:9e")
    checked = check(text)
    assert found(checked) == [("A408", 2, column_of(text, "draw:", "N:9e"))]
    assert "one card too many" in messages(checked, "A408")[0]


def test_draw_that_stops_before_all_four_appear() -> None:
    checked = check(draw_record("draw: N:5c E:3c S:Rb W:7e N:2d S:2c"))
    assert found(checked) == [("A408", 2, 1)]
    assert "stops before 3d appeared" in messages(checked, "A408")[0]


def test_draw_monsieur_and_madame_holders_must_be_partners() -> None:
    # Monsieur to N, madame to E: they sit side by side, not opposite.
    checked = check(draw_record("draw: N:3d E:3c S:2d W:2c"))
    assert found(checked) == [("A408", 2, 1)]
    assert "must be partners" in messages(checked, "A408")[0]


def test_draw_madames_holder_deals_the_first_deal() -> None:
    checked = check(draw_record(GOOD_DRAW, dealer="N"))
    assert found(checked) == [("A408", 4, 1)]
    assert "E drew 3c and deals first" in messages(checked, "A408")[0]


def test_draw_line_round_trips_through_json(tmp_path: Path) -> None:
    text = draw_record(GOOD_DRAW + "  { at the club }")
    source = tmp_path / "draw.aln"
    source.write_text(text, encoding="utf-8")
    to_json = run("convert", str(source), "--to", "json")
    assert to_json.exit_code == 0, to_json.output
    data = json.loads(to_json.stdout)
    draw = data["games"][0]["draw"]
    assert [(c["seat"], c["card"]) for c in draw["cards"]] == [
        ("N", "5c"),
        ("E", "3c"),
        ("S", "Rb"),
        ("W", "7e"),
        ("N", "2d"),
        ("S", "2c"),
        ("W", "3d"),
    ]
    back = tmp_path / "draw.json"
    back.write_text(to_json.stdout, encoding="utf-8")
    to_aln = run("convert", str(back), "--to", "aln")
    assert to_aln.exit_code == 0, to_aln.output
    # The canonical form (docs/notation.md §10): the record as written, ending
    # with one line end.
    assert to_aln.stdout == text


# --------------------------------------------------------------------------
# The engine reads settings, never ruleset names


def test_the_engine_has_no_branch_on_a_ruleset_name() -> None:
    tree = ast.parse(ENGINE.read_text(encoding="utf-8"))
    names = set(preset_names())
    assert {"classic", "team-five", "to-five-points"} <= names
    literals = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert not literals & names
    # The ruleset's name is only ever put into a message, never compared.
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "name"
            and "ruleset" in ast.unparse(node.value)
        ):
            assert isinstance(parents[node], ast.FormattedValue), ast.unparse(parents[node])


# Cancelling ties (like team-five) with the classic deal scoring: no preset
# has this mix.  W deals, N leads.
CANCEL_MOST_TRICKS = [
    '[Rules "cancel.toml"]',
    "deal 1 dealer W",
    "1. N:1d E:1c S:Rd W:5c -> S",  # aces cancel: Rd.                      S 1
    "2. S:Cd W:Cc N:Cb E:Ce -> pourri",  # all cancel: S leads again.
    "3. S:1b W:1e N:Rb E:4c -> N",  # aces cancel: Rb.                      N 1
    "4. N:Vd E:3d S:Vb W:Vc -> E",  # monsieur.                             E 1
    "5. E:3c S:8c W:7c N:6c -> E",  # madame.                               E 2
    "6. E:2d S:8d W:7d N:6b -> E",  # borgne.                               E 3
    "7. E:5d S:5b W:4d N:4b -> pourri",  # fives cancel, then fours: E again.
    "8. E:6d S:2c W:8e N:7e -> S",  # vache.                                S 2
    "9. S:9e W:6e N:2b E:5e -> N",  # deux de chêne.                        N 2
    # N 2, S 2, E 3, W 0: E has the most, for EW, although NS took 4 to 3.
    "point E",
]


def test_a_house_file_mixing_cancel_with_most_tricks(tmp_path: Path) -> None:
    (tmp_path / "cancel.toml").write_text(
        classic_toml(
            **{
                'name = "classic"': 'name = "cancel-most"',
                'tie = "spoil"': 'tie = "cancel"',
            }
        ),
        encoding="utf-8",
    )
    text = record(*CANCEL_MOST_TRICKS)
    checked = check(text, base=tmp_path)
    assert found(checked) == []
    game = report(checked)
    assert game["rules"] == "cancel-most"
    deal = game["deals"][0]
    assert winners(deal) == ["S", None, "N", "E", "E", "E", None, "S", "N"]
    assert deal["counts"] == {"N": 2, "E": 3, "S": 2, "W": 0}
    assert deal["deal_winner"] == "E"
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}
    # team-five pools the tricks: NS 4 to EW 3, nobody reaches five, NS take
    # it; the claim for E is then wrong.
    five = check(text, RuleChoice(rules="team-five"))
    assert found(five) == [("A302", line_of(text, "point E"), 1)]
    assert report(five)["deals"][0]["point"]["team"] == "NS"


def test_a_misspelt_key_in_a_ruleset_file_is_refused() -> None:
    # "lenght" for "length": ignored, the file would silently give a game of
    # five deals instead of the points game it means.  The file must be
    # refused with a message naming the key.
    text = classic_toml(**{'length = "deals"': 'lenght = "points"'})
    with pytest.raises(RulesetError, match="lenght"):
        ruleset_from_toml(text, "typo.toml")


# --------------------------------------------------------------------------
# aluette rules


def test_rules_team_five_text_shows_every_setting() -> None:
    result = run("rules", "--rules", "team-five")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Ruleset team-five: ")
    settings = {
        line.split(None, 1)[0]: line.split(None, 1)[1]
        for line in out.splitlines()
        if line.split(None, 1)[:1]
        in (["ties"], ["deal"], ["doubles"], ["game"], ["chant"], ["draw"])
    }
    assert "cancel" in settings["ties"]
    assert "first team to 5 tricks" in settings["deal"]
    assert "2 points" in settings["doubles"]
    assert "12 points" in settings["game"]
    assert "the dealer" in settings["chant"]
    assert "the player on the dealer's left" in settings["chant"]
    assert "3d, 3c, 2d, 2c" in settings["draw"]
    assert "3c deals first" in settings["draw"]
    assert any(line.split() == ["options", "chanter,", "signals"] for line in out.splitlines())
    assert any(line.split() == ["options", "on", "none"] for line in out.splitlines())
    # The 19 rows of the ranking, aces on row 9 as in docs/rules.md §1.
    assert any(line.split()[:5] == ["9", "1d", "1c", "1b", "1e"] for line in out.splitlines())
    assert any(line.split()[:3] == ["19", "3e", "3b"] for line in out.splitlines())


def test_rules_team_five_json_shows_every_setting() -> None:
    result = run("rules", "--rules", "team-five", "--format", "json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    classic = json.loads(run("rules", "--format", "json").stdout)
    assert {k: v for k, v in shown.items() if k not in ("name", "description")} == {
        "tie": "cancel",
        "deal_scoring": "team-tricks",
        "deal_target": 5,
        "doubles": True,
        "game_length": "points",
        "game_target": 12,
        "chant_seats": ["dealer", "left"],
        "draw_cards": ["3d", "3c", "2d", "2c"],
        "draw_dealer": "3c",
        "known_options": ["chanter", "signals"],
        "options": [],
        "ranking": classic["ranking"],
    }
    assert shown["name"] == "team-five"
    assert len(shown["ranking"]) == 19


def test_rules_of_the_house_rules_sample() -> None:
    text = run("rules", "--rules", str(HOUSE_RULES))
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    # The aces are row 7, just below petit-neuf; the twos of clubs and swords follow.
    assert any(line.split()[:5] == ["7", "1d", "1c", "1b", "1e"] for line in lines)
    assert any(line.split()[:2] == ["8", "2b"] for line in lines)
    assert any(line.split()[:2] == ["9", "2e"] for line in lines)
    chant = next(line for line in lines if line.startswith("chant"))
    assert "the dealer's partner" in chant
    assert "the player on the dealer's left" in chant
    shown = json.loads(run("rules", "--rules", str(HOUSE_RULES), "--format", "json").stdout)
    assert shown["name"] == "house-rules"
    assert shown["ranking"][6] == ["1d", "1c", "1b", "1e"]
    assert shown["ranking"][7:9] == [["2b"], ["2e"]]
    assert shown["chant_seats"] == ["partner", "left"]
    assert (shown["tie"], shown["deal_scoring"]) == ("spoil", "most-tricks")
    assert (shown["game_length"], shown["game_target"]) == ("deals", 5)


# --------------------------------------------------------------------------
# The house-rules sample: one game, two results


def test_the_house_rules_game_under_its_own_rules() -> None:
    result = run("report", "--format", "json", str(HOUSE_GAME))
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.stdout)["games"]
    assert game["violations"] == []
    assert game["rules"] == "house-rules"
    # Deals 1, 3 and 5 (score sheets): E for EW, W for EW, N for NS (N and S
    # 3 each, N first).  Deals 2 and 4: the ace takes trick 9, N and S win 4-3.
    assert [d["point"]["team"] for d in game["deals"]] == ["EW", "NS", "EW", "NS", "NS"]
    assert winners(game["deals"][1])[8] == "N"
    assert winners(game["deals"][3])[8] == "S"
    assert game["score"] == {"NS": 3, "EW": 2}
    assert game["winner"] == "NS"


def test_the_house_rules_game_under_classic() -> None:
    # The deux de chêne and the deux d'écrit beat the aces: E and W take the
    # ninth tricks, win deals 2 and 4 by 4 tricks to 3, and EW win 4-1.
    result = run("validate", "--rules", "classic", str(HOUSE_GAME))
    assert result.exit_code == 1
    text = HOUSE_GAME.read_text(encoding="utf-8")
    nine_2 = line_of(text, "9. N:1d E:2b")
    nine_4 = line_of(text, "9. S:1d W:2e")
    name = str(HOUSE_GAME)
    assert result.stdout.splitlines() == [
        # The Result is right for the point lines, which are right for the
        # claims: it follows from the first wrong claim too.
        f"{name}:{line_of(text, '[Result')}:1: A303 Result says NS 3-2, but the deals score"
        f" NS 1, EW 4: EW win; it follows from the mistake on line {nine_2}",
        f"{name}:{nine_2}:24: A301 trick 9 is claimed for N, but E's 2b (deux de chêne) is"
        " the highest card (deal 2, trick 9)",
        # Issue 10: each point line is right for the claims, so it follows from
        # the wrong claim of trick 9 and says so.
        f"{name}:{nine_2 + 1}:1: A302 point claimed for N, but E wins the deal for EW with"
        f" 4 tricks; it follows from the mistake on line {nine_2} (deal 2)",
        f"{name}:{nine_4}:24: A301 trick 9 is claimed for S, but W's 2e (deux d'écrit) is"
        " the highest card (deal 4, trick 9)",
        f"{name}:{nine_4 + 1}:1: A302 point claimed for S, but W wins the deal for EW with"
        f" 4 tricks; it follows from the mistake on line {nine_4} (deal 4)",
    ]
    data = json.loads(run("report", "--format", "json", "--rules", "classic", name).stdout)
    (game,) = data["games"]
    assert [d["point"]["team"] for d in game["deals"]] == ["EW", "EW", "EW", "EW", "NS"]
    assert game["score"] == {"NS": 1, "EW": 4}
    assert game["winner"] == "EW"


@pytest.mark.parametrize(
    "play",
    ["", "winners: N N N E E E E E -", "winners: E E E E E E E E E"],
    ids=["point line only", "sheet, mordienne missed", "sheet, no comeback"],
)
@pytest.mark.parametrize("bid", ["concede NS refused", "announce NS double"])
def test_a_point_line_without_a_number_is_checked_as_one(play: str, bid: str) -> None:
    """'1 when left out' (docs/notation.md §4): the same findings as the
    line with 1 written, in every form of the record."""
    rules = '[Rules "team-five"]' if "double" in bid else '[Options "mordienne"]'
    if "double" in bid and play:
        play = "winners: N S N S N"
    lines = [rules, "deal 1 dealer W", bid, *([play] if play else []), "point NS"]
    omitted = check(record(*lines))
    written = check(record(*lines).replace("point NS", "point NS 1"))
    assert found(omitted) == found(written) != []
    assert [c for c, _, _ in found(omitted)] == ["A307"]
    if not play:
        # scored as the least the deal can be worth, never a point it cannot give
        assert report(omitted)["score"] == {"NS": 2, "EW": 0}


def test_a_seat_claiming_a_refused_concession_that_failed_is_told_who_scores() -> None:
    # S took the most tricks for NS, who refused EW's concession and made no
    # mordienne: EW score two, and S did not win the deal for EW.
    text = record(
        '[Options "mordienne"]',
        "deal 1 dealer E",
        "concede EW refused",
        "winners: - S S - N N - S -",
        "point S 2",
    )
    checked = check(text)
    assert found(checked) == [("A302", 5, 1)]
    assert messages(checked, "A302") == [
        "point claimed for S, but EW score 2: NS refused EW's concession and did not make mordienne"
    ]
    assert report(checked)["score"] == {"NS": 0, "EW": 2}


def test_a_mordienne_under_a_double_is_worth_four_whoever_makes_it(tmp_path: Path) -> None:
    """docs/rules.md §11, convention 9: a double doubles the deal's worth,
    a mordienne's 2 included, whether the announcers make it or their
    opponents do; the A307 of a point line written 1 and the report say
    both why."""
    (tmp_path / "doubles.toml").write_text(
        classic_toml(**{'scoring = "most-tricks"': 'scoring = "most-tricks"\ndoubles = true'}),
        encoding="utf-8",
    )
    text = record(
        '[Rules "doubles.toml"]',
        '[Options "mordienne"]',
        "deal 1 dealer W",
        "announce NS double",
        "winners: N E W - S S S S S",
        "point S 4",
        "",
        "deal 2 dealer N",
        "announce NS double",
        "winners: N N S W E E E E E",
        "point E",
    )
    checked = check(text, base=tmp_path)
    assert messages(checked, "A307") == [
        "point E, without a number, claims 1: NS announced a double: the deal is worth"
        " 2 to whoever takes it, 4 with a mordienne; write 'point E 4'"
    ]
    assert [(d["point"]["team"], d["point"]["points"]) for d in report(checked)["deals"]] == [
        ("NS", 4),
        ("EW", 4),
    ]
    (tmp_path / "d.aln").write_text(text, encoding="utf-8")
    told = run("report", tmp_path / "d.aln").stdout
    assert (
        "Mordienne: S won nothing before taking tricks 5 to 9, a deal worth 2;"
        " NS announced a double and took the deal: NS score 4 points." in told
    )
    assert (
        "Mordienne: E won nothing before taking tricks 5 to 9, a deal worth 2;"
        " NS announced a double and lost the deal: EW score 4 points." in told
    )


@pytest.mark.parametrize(
    ("concession", "winners", "point"),
    [
        # accepted: 1 to the other side, doubled
        ("concede EW accepted", "N N N", "NS 2"),
        # refused, and NS make mordienne: 2, doubled
        ("concede EW refused", "E W E W N N N N N", "N 4"),
        # refused, and NS miss it: 2 to EW, doubled
        ("concede EW refused", "N S N S E E W W E", "EW 4"),
    ],
    ids=["accepted", "refused, made", "refused, missed"],
)
def test_a_double_doubles_a_concession_s_worth_too(
    tmp_path: Path, concession: str, winners: str, point: str
) -> None:
    """docs/rules.md §11, convention 9: a double doubles the deal's worth,
    whatever gives it; a concession's 1 or 2 is no exception.  The point
    line written undoubled is the A307, with the doubled number to write."""
    (tmp_path / "doubles.toml").write_text(
        classic_toml(**{'scoring = "most-tricks"': 'scoring = "most-tricks"\ndoubles = true'}),
        encoding="utf-8",
    )
    lines = ['[Rules "doubles.toml"]', '[Options "mordienne"]', "deal 1 dealer W"]
    lines += ["announce NS double", concession, f"winners: {winners}"]
    checked = check(record(*lines, f"point {point}"), base=tmp_path)
    assert found(checked) == []
    side, points = point.split()
    team = side if side in ("NS", "EW") else team_of(side)
    assert report(checked)["score"] == {team: int(points), other_team(team): 0}
    half = f"point {side} {int(points) // 2}"
    (said,) = messages(check(record(*lines, half), base=tmp_path), "A307")
    assert said.startswith(f"{half}: EW's concession was ")
    assert said.endswith(f", and NS's double makes it {points}; write 'point {side} {points}'")


#: E deals; E and S chant.  E discards Rb (dealt to E) and plays 8e (taken)
#: in trick 6, which S's Rd takes.
OWN_DISCARD = [
    '[Options "chanter"]',
    "deal 1 dealer E",
    "N: 8c Ve Cd 7c 6d 3d Vb 9b 1e",
    "E: 7d 9e 3b 6e 8b Rb 1c 3c 5c",
    "S: 2b 4c Rd 1b Ce 2c 5b 6b 8d",
    "W: 6c 4d Cc Vc Vd 2d 4e 4b 9c",
    "stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e",
    "chant E takes 7e 8e Re 7b Rc Cb discards 7d 8b Rb 7b Rc Cb",
    "chant S takes 1d 5d 5e 3e 9d 2e discards 1b 5b 5e 3e 9d 2e",
    "1. S:2b W:Cc N:9b E:6e -> S",
    "2. S:2c W:4b N:6d E:3c -> E",
    "3. E:Re S:8d W:Vd N:3d -> N",
    "4. N:Cd E:1c S:5d W:2d -> W",
    "5. W:9c N:Ve E:3b S:4c -> W",
    "6. W:Vc N:7c E:8e S:Rd -> S",
    "7. S:6b W:4e N:8c E:5c -> N",
    "8. N:1e E:9e S:1d W:6c -> pourri",
    "9. N:Vb E:7e S:Ce W:4d -> S",
    "point NS",
]


@pytest.mark.parametrize("card", ["Rb", "1b"], ids=["its own discard", "another's discard"])
@pytest.mark.parametrize("claims", [True, False], ids=["claims", "no claims"])
def test_chanter_a_discarded_card_written_for_a_card_held_is_one_finding(
    card: str, claims: bool
) -> None:
    """E's Rb (its own discard) makes trick 6 pourri, S's 1b (S's discard)
    E's: the claim for S, or without claims S's lead of trick 7, follows
    from the A203, for E's 8e gives the trick to S.  With E's own discard
    it stood as a mistake of its own: no other holder could play it, and
    no card of E's hand was tried in its place."""
    lines = [line.replace("E:8e S:Rd", f"E:{card} S:Rd") for line in OWN_DISCARD]
    if not claims:
        lines = [line.split(" ->")[0] for line in lines]
    text = record(*lines)
    assert found(check(text.replace(f"E:{card} S:Rd", "E:8e S:Rd"))) == []
    findings = check(text).outcome.findings
    fault = next(f for f in findings if f.code == "A203")
    told = next(f for f in findings if f.code == ("A301" if claims else "A202"))
    assert told.consequence_of == (fault.code, fault.line, fault.column)
    # the point line, right for the trick mended, with claims or without
    assert [f.code for f in findings if f.consequence_of is None] == ["A203"]


#: S scored deal 1, so W deals deal 2 and W and N chant; N leads trick 1.
CHANTS_FOR_W = [
    '[Options "chanter"]',
    "deal 1 dealer S",
    "point S",
    "",
    "deal 2 dealer W",
    "N: 9c 6d 1e Cd 2e Ve 6b 4c 8d",
    "E: 7c Re 7b Rb 3b 6c 2c 2d Vd",
    "S: 3c 6e 7e 9d 1b 5d 4b Rc 7d",
    "W: 9e 8c Cb 8e 5c Vb 3e 9b Cc",
    "stock: 1c 4e Rd 3d 5b 1d Vc Ce 8b 4d 2b 5e",
    "chant W takes Vc Ce 8b 1c 4e Rd discards 3e 9b Cc 1c 4e Rd",
    "chant N takes 4d 2b 5e 3d 5b 1d discards 6b 4c 8d 3d 5b 1d",
    "1. N:4d E:Rb S:5d W:8c -> E",
    "2. E:Vd S:Rc W:8b N:2b -> N",
    "3. N:2e E:7c S:7d W:Cb -> N",
    "4. N:6d E:7b S:6e W:Vb -> W",
    "5. W:5c N:9c E:2c S:3c -> S",
    "6. S:9d W:8e N:Cd E:3b -> S",
    "7. S:7e W:Ce N:1e E:Re -> N",
    "8. N:Ve E:6c S:4b W:9e -> N",
    "9. N:5e E:2d S:1b W:Vc -> E",
    "point N",
]


def test_chanter_chants_are_not_the_turn_s_dealer_s_where_the_first_lead_says_the_header_s() -> (
    None
):
    """The header says N, and E (N's left) leads trick 1: the lead says N
    dealt, so the chants of W's two seats are not taken as W's deal (one
    deal read as dealt by two players): they are A405, as under N."""
    lines = [line.replace("deal 2 dealer W", "deal 2 dealer N") for line in CHANTS_FOR_W]
    lines[lines.index("1. N:4d E:Rb S:5d W:8c -> E")] = "1. E:Rb S:5d W:8c N:4d -> E"
    codes = {f.code for f in check(record(*lines)).outcome.findings}
    assert {"A105", "A405"} <= codes


def test_chanter_a_deal_whose_header_names_the_wrong_dealer_is_analysed_as_its_chants_say() -> None:
    """The replay reads the chants as the dealer the turn wanted (one A105):
    analyse reads them so too, not refusing the deal for a stock card the
    replay found no fault with."""
    from aluette_cli.analysis import DealAnalysis, deal_tasks

    lines = [line.replace("deal 2 dealer W", "deal 2 dealer E") for line in CHANTS_FOR_W]
    checked = check(record(*lines))
    assert [f.code for f in checked.outcome.findings] == ["A105"]
    first, second = deal_tasks(checked)
    assert isinstance(first, DealAnalysis)  # (deal 1: no hands)
    assert not isinstance(second, DealAnalysis), second.skipped


#: team-five, no claims: W's 2b takes trick 2 and W leads trick 3; the deal
#: is decided at trick 7.
TEAM_FIVE_NO_CLAIMS = [
    '[Rules "team-five"]',
    "deal 1 dealer W",
    "N: 9c Vd 3d 6d 2c 6b 9d 2e 3e",
    "E: Ce 8c Re Vc 6c 1b 9e 5c Rb",
    "S: Cc 4b 2d 4d 3b Ve 7e 8e 4e",
    "W: 7d 8b 2b Rc Vb 7c 9b 1e 1d",
    "stock: 1c Rd Cd 6e 5d Cb 7b 3c 4c 5e 8d 5b",
    "1. N:Vd E:Re S:8e W:9b",
    "2. E:5c S:4b W:2b N:6d",
    "3. W:7d N:3d E:9e S:3b",
    "4. N:2e E:1b S:Ve W:7c",
    "5. N:6b E:Rb S:7e W:Rc",
    "6. S:4d W:1e N:9c E:Vc",
    "7. N:9d E:6c S:4e W:Vb",
]


def test_team_five_without_claims_a_deal_that_goes_on_as_a_card_slip_mended_ends_follows() -> None:
    """W's 2b written as 4e (S's): N takes trick 2 and the deal is decided at
    trick 6, yet play goes on, as it does with W's 2b: the A209 follows
    from the card slip, as the lead of trick 3 does."""
    assert found(check(record(*TEAM_FIVE_NO_CLAIMS))) == []
    lines = [line.replace("W:2b N:6d", "W:4e N:6d") for line in TEAM_FIVE_NO_CLAIMS]
    findings = check(record(*lines)).outcome.findings
    assert {f.code for f in findings} == {"A203", "A202", "A209"}
    assert [f.code for f in findings if f.consequence_of is None] == ["A203"]


def test_chanter_chants_are_the_turn_s_dealer_s_where_the_first_lead_says_neither() -> None:
    """Header E where W should deal, W leading trick 1: the lead says
    neither E nor W dealt, so nothing says the header's E did, and the
    chants, right for W, are W's (no A405, no A203 for their cards)."""
    lines = [line.replace("deal 2 dealer W", "deal 2 dealer E") for line in CHANTS_FOR_W]
    lines[lines.index("1. N:4d E:Rb S:5d W:8c -> E")] = "1. W:8c N:4d E:Rb S:5d -> E"
    codes = [f.code for f in check(record(*lines)).outcome.findings]
    assert "A105" in codes
    assert "A405" not in codes and "A203" not in codes
