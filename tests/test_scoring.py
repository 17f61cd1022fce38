"""The point line beside tricks the record does not give (docs/notation.md §8).

A trick line that cannot be read, or is missing, leaves its trick unknown.
The point line is still checked when the tricks the record gives decide the
deal whoever took the unknown ones; when they do not, the point is taken as
the record claims, and the report says it was not checked and why.  Every
deal below is worked out by hand from docs/rules.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aluette_cli.writers.report import deal_sentences, game_text

from .conftest import ROOT, check, found, generated, messages, report
from .test_annotate import HAND_BUILT

# Classic rules, dealer E, so S leads trick 1 (cards-only lines: the leader first).
#  1. S:2b W:Cc N:9b E:6e  deux de chêne: S.   2. S:2c W:4b N:6d E:3c  madame: E.
#  3. E:Rb S:8d W:Vd N:3d  monsieur: N.        4. N:Cd E:1c S:5b W:2d  borgne: W.
#  5. W:9c N:Ve E:3b S:4c  grand-neuf: W.      6. W:Vc N:7c E:8b S:Rd  king: S.
#  7. S:6b W:4e N:8c E:5c  eight: N.           8. N:1e E:9e S:1b W:6c  two aces: pourri.
#  9. N:Vb E:7d S:Ce W:4d  cavalier: S.
# Without trick 4: S 3 (tricks 1, 6, 9), N 2 (3, 7), E 1, W 1, one pourri.
# Whoever took trick 4, NS take the deal: N would have 3, reached at trick 7
# before S's third at trick 9 (N wins); S would have 4; E or W would have 2
# and nobody none, so S's 3 win.  So "point EW" is wrong whatever trick 4
# was, and "point S" cannot be checked (N or S).
DECIDED = """\
[Event "Decided"]

deal 1 dealer E
N: 8c Ve Cd 7c 6d 3d Vb 9b 1e
E: 7d 9e 3b 6e 8b Rb 1c 3c 5c
S: 2b 4c Rd 1b Ce 2c 5b 6b 8d
W: 6c 4d Cc Vc Vd 2d 4e 4b 9c
stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e
1. 2b Cc 9b 6e -> S
2. 2c 4b 6d 3c -> E
3. Rb 8d Vd 3d -> N
4. Cd 1c 5b 2d -> W
5. 9c Ve 3b 4c -> W
6. Vc 7c 8b Rd -> S
7. 6b 4e 8c 5c -> N
8. 1e 9e 1b 6c -> pourri
9. Vb 7d Ce 4d -> S
point NS
"""
TYPO = ("4. Cd 1c 5b", "4. Cd 1x 5b")  # line 12 cannot be read
POINT_LINE = 18


def decided(point: str, missing: bool = False) -> str:
    """DECIDED with trick 4 unreadable (or left out) and ``point`` claimed."""
    text = DECIDED.replace("point NS", f"point {point}")
    if missing:
        return text.replace("4. Cd 1c 5b 2d -> W\n", "")
    return text.replace(*TYPO)


def test_a_wrong_team_beside_an_unreadable_trick_is_found() -> None:
    checked = check(decided("EW"))
    assert [(code, line) for code, line, _ in found(checked)] == [
        ("A001", 12),
        ("A302", POINT_LINE),
    ]
    assert messages(checked, "A302") == [
        "point claimed for EW, but NS take the deal whoever took trick 4"
    ]
    # The deal scores what the tricks decide, not what the record claims.
    deal = checked.outcome.deals[0]
    assert (deal.point and deal.point.team, deal.deal_winner) == ("NS", None)
    assert checked.outcome.score == {"NS": 1, "EW": 0}


def test_a_wrong_team_beside_a_missing_trick_is_found() -> None:
    checked = check(decided("EW", missing=True))
    assert [(code, line) for code, line, _ in found(checked)] == [
        ("A201", 12),  # trick 5 follows trick 3
        ("A302", POINT_LINE - 1),
    ]
    assert messages(checked, "A302") == [
        "point claimed for EW, but NS take the deal whoever took trick 4"
    ]


def test_a_seat_the_known_tricks_cannot_tell_is_not_checked() -> None:
    # N or S takes the deal, as trick 4 went: "point S" may be right.
    for point in ("S", "N", "NS"):
        checked = check(decided(point))
        assert [code for code, _, _ in found(checked)] == ["A001"], point
        assert checked.outcome.score == {"NS": 1, "EW": 0}


#: Deal 1 of samples/cards-only.aln, dealer N, without its point line: N 4
#: (tricks 1, 5, 7, 8), W 3 (2, 6, 9), S 1 (4), one pourri (3).
CARDS_DEAL_1 = (
    "deal 1 dealer N\n"
    "N: 3d 2e 1d 1c 1b 9b 7b 7e 3e\n"
    "E: 9d Rd Cc 8c 7c 5c 5e 4d 4c\n"
    "S: 1e Cd Ce Vd Ve 9e 4b 4e 3b\n"
    "W: 2c 9c Re Vb 8d 7d 6d 6c 6e\n"
    "stock: 3c 2d 2b Rc Rb Cb Vc 8b 8e 6b 5d 5b\n"
    "1. Cc Ve 6c 1b -> N\n"
    "2. 7b 9d 1e 9c -> W\n"
    "3. Re 3e Rd Ce -> pourri\n"
    "4. 7d 7e 7c Cd -> S\n"
    "5. 4e 6e 2e 4c -> N\n"
    "6. 9b 8c 9e Vb -> W\n"
    "7. 6d 1d 5c Vd -> N\n"
    "8. 3d 4d 4b 8d -> N\n"
    "9. 1c 5e 3b 2c -> W\n"
)
#: The same stopping after trick 8: N 4, W 2 (2, 6), S 1, one pourri.
#: Whoever took trick 9, N wins: W would have 3 at most, N 4 or 5.
SHORT = CARDS_DEAL_1.replace("9. 1c 5e 3b 2c -> W\n", "point EW\n")


def test_trick_lines_that_stop_a_trick_short_still_have_their_point_checked() -> None:
    """The tricks left out at the end are unknown as a missing line's are
    (their numbers say which): where those given decide the deal, the
    point line is held to them."""
    checked = check(SHORT)
    assert [(code, at) for code, at, _ in found(checked)] == [("A206", 1), ("A302", 15)]
    assert messages(checked, "A302") == [
        "point claimed for EW, but N wins the deal for NS whoever took trick 9"
    ]
    deal = checked.outcome.deals[0]
    assert (deal.point and deal.point.team, deal.deal_winner) == ("NS", "N")
    assert checked.outcome.score == {"NS": 1, "EW": 0}


def test_a_sheet_short_of_an_entry_is_taken_as_claimed() -> None:
    """Which entry a short sheet lacks it does not say: every entry after
    it may stand a trick off (the pourri of ``N W - S ...`` left out reads
    as N W S ...), so the point is not checked against where they stand."""
    checked = check("deal 1 dealer N\nwinners: N W - S N W N N\npoint EW\n")
    assert [code for code, _, _ in found(checked)] == ["A207"]
    assert checked.outcome.score == {"NS": 0, "EW": 1}
    # and the report says why, not that the tricks do not decide the deal
    # (here N has 5 of 8 whatever the ninth was)
    assert deal_sentences(checked.outcome.deals[0])[-1] == (
        "Point: EW, 1 point, as the record claims (not checked: the sheet gives 8 tricks"
        " and does not say which it lacks)."
    )


def test_a_record_short_by_more_tricks_than_are_tried_is_taken_as_claimed() -> None:
    # Four tricks left out: 625 ways are more than are tried (at most three).
    text = SHORT.replace("5. 4e 6e 2e 4c -> N\n", "").replace("6. 9b 8c 9e Vb -> W\n", "")
    text = text.replace("7. 6d 1d 5c Vd -> N\n", "").replace("8. 3d 4d 4b 8d -> N\n", "")
    checked = check(text)
    assert [code for code, _, _ in found(checked)] == ["A206"]
    assert checked.outcome.score == {"NS": 0, "EW": 1}


def test_a_seat_the_known_tricks_decide_is_checked() -> None:
    # CARDS_DEAL_1 without trick 4 (S's): N 4 (tricks 1, 5, 7, 8), W 3 (2,
    # 6, 9), one pourri (3).  Whoever took trick 4, N wins: with it N has 5;
    # W with it has 4, but reached 4 at trick 9, after N's fourth at trick 8.
    # So "point S" is wrong.
    text = CARDS_DEAL_1.replace("4. 7d 7e", "4. 7d 7x") + "point S\n"
    checked = check(text)
    assert [(code, line) for code, line, _ in found(checked)] == [("A001", 10), ("A302", 16)]
    assert messages(checked, "A302") == [
        "point claimed for S, but N wins the deal for NS whoever took trick 4"
    ]
    sentences = deal_sentences(checked.outcome.deals[0])
    assert sentences == [
        "Tricks: N 4, E 0, S 0, W 3; pourri: 1; not in the record: trick 4.",
        "Whoever took trick 4, N wins the point for NS.",
        "NS score 1 point.",
    ]


# tests/test_annotate.py's HAND_BUILT, dealer W, with trick 3 (E's monsieur)
# unreadable: N 2 (tricks 1, 6), E 1 (7), S 1 (4), W 2 (5, 8), two pourri.
# Trick 3 decides the deal: taken by W, W has 3 and EW score; taken by N, N
# has 3 and NS score.  The point line cannot be checked either way.
UNDECIDED = (
    HAND_BUILT.split("\n\n", 1)[1]
    .replace("3. 4c 3d 5d 6c -> E", "3. 4c 3x 5d 6c -> E")
    .replace("point N\n", "point EW\n")
)


def test_a_point_the_known_tricks_do_not_decide_is_taken_as_claimed() -> None:
    checked = check(UNDECIDED)
    assert [code for code, _, _ in found(checked)] == ["A001"]
    deal = checked.outcome.deals[0]
    assert (deal.point and deal.point.team, deal.unknown, deal.decided) == ("EW", [3], False)
    assert deal_sentences(deal) == [
        "Point: EW, 1 point, as the record claims (not checked: the record does not"
        " give trick 3, and the tricks it gives do not decide the deal)."
    ]


def test_the_report_says_only_what_is_true_of_an_unknown_trick() -> None:
    for text in (decided("EW"), UNDECIDED):
        checked = check(text)
        said = game_text(checked, "t.aln")
        assert "score sheet" not in said  # the record has none
        assert "no tricks to check it against" not in said  # it lists 8 of 9
        (row,) = [line for line in said.splitlines() if line.split()[1:2] == ["?"]]
        assert row.split(maxsplit=2)[2] == "not in the record (line missing or unreadable)"
    # The unknown trick is not counted as pourri; the counts are the known tricks'.
    data = report(check(decided("EW")))["deals"][0]
    assert data["counts"] == {"N": 2, "E": 1, "S": 3, "W": 1}
    assert data["point"] == {"team": "NS", "points": 1, "mordienne": False}
    assert [t["winner"] for t in data["tricks"]] == ["S", "E", "N", None, "W", "S", "N", None, "S"]
    assert [t["pourri"] for t in data["tricks"]].count(True) == 1


def test_cards_nobody_can_seat_are_named_on_their_own_row() -> None:
    # Trick 3 left out, and trick 4 in cards alone with neither a seat nor a
    # claim nor hands to say who led: its line is in the record all the same.
    text = (
        "deal 1 dealer E\n"
        "1. S:2b W:Cc N:9b E:6e -> S\n"
        "2. S:2c W:4b N:6d E:3c -> E\n"
        "4. Cd 1c 5b 2d\n"
        "5. W:9c N:Ve E:3b S:4c -> W\n"
        "point NS\n"
    )
    checked = check(text)
    trick = checked.outcome.deals[0].tricks[3]
    assert (trick.unknown, trick.unseated, trick.line) == (True, ("Cd", "1c", "5b", "2d"), 4)
    said = game_text(checked, "t.aln")
    rows = {r.split()[0]: r for r in said.splitlines() if r.split()[1:2] == ["?"]}
    assert rows["3"].split(maxsplit=2)[2] == "not in the record (line missing or unreadable)"
    assert rows["4"].split(maxsplit=2)[2] == (
        "cards only (Cd 1c 5b 2d) after a missing trick, and nothing says who led them"
        " (a seat on the first card, or a claim, would)"
    )


@pytest.mark.parametrize(
    ("sheet", "who"),
    [
        ("N N W W W W W - S", "W has the most tricks (5)."),
        ("W W N N - - - - -", "N and W both have 2; W reached 2 at trick 2, N at trick 4."),
    ],
)
def test_a_refused_concession_lost_says_who_won_the_deal_not_for_whom(sheet: str, who: str) -> None:
    # NS conceded, EW refused and W won the deal without a mordienne: the
    # point goes to NS, not to W's team (docs/rules.md §6).
    text = (
        '[Options "mordienne"]\n\ndeal 1 dealer W\nconcede NS refused\n'
        f"winners: {sheet}\npoint NS 2\n"
    )
    checked = check(text)
    assert found(checked) == []
    assert deal_sentences(checked.outcome.deals[0])[1:] == [
        who,
        "NS score 2 points: EW refused NS's concession and did not make mordienne.",
    ]


@pytest.mark.parametrize(("claim", "tail"), [("N 2", True), ("S 2", True), ("W 2", False)])
def test_a_seat_claiming_the_conceders_point_is_told_to_name_the_side(
    claim: str, tail: bool
) -> None:
    """The conceders' 2 points after a refused concession are the side's:
    none of its players won the deal (W has the most tricks), so a seat of
    theirs is wrong and the finding says what to write; W's own claim is
    wrong for the other reason, and told only that."""
    text = (
        '[Options "mordienne"]\n\ndeal 1 dealer W\nconcede NS refused\n'
        f"winners: N N W W W W W - S\npoint {claim}\n"
    )
    seat = claim.split()[0]
    said = (
        f"point claimed for {seat}, but NS score 2: EW refused NS's concession and did not"
        " make mordienne"
    )
    if tail:
        said += "; the point is the side's, not a player's, as W has the most tricks:"
        said += " write point NS 2"
    checked = check(text)
    assert found(checked) == [("A302", 6, 1)] and messages(checked, "A302") == [said]


def test_a_deal_without_tricks_still_has_nothing_to_check_against() -> None:
    checked = check("deal 1 dealer W\npoint EW\n")
    assert deal_sentences(checked.outcome.deals[0]) == [
        "Point: EW, 1 point, as the record claims (no tricks to check it against)."
    ]


@pytest.mark.parametrize("claimed", ["2", "0"])
def test_a_number_the_rules_never_give_is_not_said_to_be_the_record_s(claimed: str) -> None:
    """``point S 2`` without the mordienne option (A307) is counted as 1:
    the report said "1 point, as the record claims", of a record claiming 2."""
    checked = check(f"deal 1 dealer N\npoint S {claimed}\n")
    assert [f.code for f in checked.outcome.findings] == ["A307"]
    assert checked.outcome.score == {"NS": 1, "EW": 0}
    assert deal_sentences(checked.outcome.deals[0]) == [
        f"NS score 1 point: the record claims {claimed} points for S, which these rules never"
        " give (A307): counted as the least a deal is worth."
    ]


@pytest.mark.parametrize(("rules", "winner"), [("classic", "S"), ("team-five", None)])
def test_a_point_line_alone_names_a_player_only_where_a_player_wins_the_deal(
    rules: str, winner: str | None
) -> None:
    """Under team-five a team, not a player, takes the deal (cli.md:
    deal_winner is always null there): `point S` names S's team.  It made
    S the deal's winner, so stats credited S's player with the deal."""
    checked = check(f'[Rules "{rules}"]\n\ndeal 1 dealer N\npoint S\n')
    deal = checked.outcome.deals[0]
    assert (deal.deal_winner, deal.point.team if deal.point else None) == (winner, "NS")
    assert checked.outcome.findings == []


def test_more_unknown_tricks_than_are_tried_are_named() -> None:
    # Tricks 2 to 5 left out: four unknown tricks are more than scoring tries
    # (scoring.UNKNOWN_TRIED), so the point is taken as claimed, and the
    # report names the tricks without saying whether the others decide.
    text = decided("EW", missing=True)
    for number in (2, 3, 5):
        (line,) = [x for x in text.splitlines() if x.startswith(f"{number}. ")]
        text = text.replace(line + "\n", "")
    checked = check(text)
    assert [code for code, _, _ in found(checked)] == ["A201"]
    deal = checked.outcome.deals[0]
    assert (deal.unknown, deal.decided) == ([2, 3, 4, 5], None)
    assert deal_sentences(deal) == [
        "Point: EW, 1 point, as the record claims (not checked: the record does not"
        " give tricks 2, 3, 4 and 5)."
    ]


@pytest.mark.parametrize(
    ("sheet", "counts"),
    [
        ("N E S E W N E S N", {"N": 3, "E": 3, "S": 2, "W": 1}),
        ("N E S", {"N": 1, "E": 1, "S": 1, "W": 0}),
    ],
    ids=["nine tricks", "conceded after three"],
)
def test_an_accepted_concession_keeps_the_counts_of_the_tricks_played(
    sheet: str, counts: dict[str, int]
) -> None:
    """A deal conceded and accepted ends there: the tricks played before it
    are all its tricks (cli.md: counts are null only when the record does not
    give the tricks that decide the deal).  The JSON gave null, while the
    text report counted them; nobody wins such a deal on tricks."""
    head = '[Options "mordienne"]\n\ndeal 1 dealer W\nconcede EW accepted\n'
    text = f"{head}winners: {sheet}\npoint NS\n"
    checked = check(text)
    assert found(checked) == []
    (deal,) = report(checked)["deals"]
    assert deal["counts"] == counts
    assert (deal["deal_winner"], deal["tie_break"], deal["void"]) == (None, None, False)
    assert deal["point"] == {"team": "NS", "points": 1, "mordienne": False}
    said = ", ".join(f"{seat} {n}" for seat, n in counts.items())
    assert f"Tricks: {said}; pourri: 0." in game_text(checked, "t.aln")


@pytest.mark.parametrize(
    ("claim", "said"),
    [
        ("point N", []),  # N takes the deal if trick 1 went to N, to S or to nobody
        ("point E", []),  # or E, if it went to E
        ("point S", ["point claimed for S, but whoever took trick 1, the deal is not S's"]),
        (
            "point none",
            ["point none claims a void deal, but whoever took trick 1, the deal is not void"],
        ),
    ],
)
def test_a_point_line_no_way_of_a_missing_trick_gives_is_wrong(claim: str, said: list[str]) -> None:
    """Trick 1's line is missing (A201): who takes the deal depends on who
    took it, so the point line is the outcome.  But one that no winner of
    trick 1 (a seat, or nobody) gives is wrong all the same, and was not
    found: two mistakes, one finding."""
    lines = generated(9, "--games", "1").split("\n")
    start = lines.index("deal 3 dealer E")
    deal = lines[start : start + 16]
    assert deal[6] == "1. S:9c W:1c N:Cb E:Vb -> S" and deal[15] == "point N"
    header = deal[0].replace("deal 3", "deal 1")  # a deal of its own, as the record's first
    text = "\n".join([header, *deal[1:6], *deal[7:15], claim]) + "\n"
    checked = check(text)
    assert [f.code for f in checked.outcome.findings if f.code != "A302"] == ["A201"]
    assert messages(checked, "A302") == said
    # a line that cannot be the outcome is not taken as it: the deal's
    # outcome stays unknown, and a next deal dealt as if it scored is right
    then = check(text + "\ndeal 2 dealer S\npoint NS\n")
    assert [f.code for f in then.outcome.findings if f.code not in ("A201", "A302")] == []


#: NS conceded and EW refused; W takes tricks 1 to 6 (the 3 and 2 of each
#: suit in turn), so W wins the deal whoever takes the rest, and, having
#: won trick 1, makes no mordienne (docs/rules.md §6): NS score 2 whatever
#: tricks 7 to 9 were.
REFUSED = """\
[Options "mordienne"]
deal 1 dealer S
concede NS refused
1. W:3d N:4c E:5c S:6c -> W
2. W:3c N:4d E:5d S:6d -> W
3. W:2d N:4b E:5b S:6b -> W
4. W:2c N:4e E:5e S:6e -> W
5. W:9c N:7c E:8c S:Vc -> W
6. W:9d N:7d E:8d S:Vd -> W
7. W:Vb N:7b E:8b S:9b -> W
8. W:Ve N:7e E:8e S:9e -> W
point NS 2
"""


@pytest.mark.parametrize(
    ("cut", "which", "codes"),
    [
        ((), "trick 9", ["A206"]),
        (("7.", "8."), "tricks 7, 8 and 9", ["A206"]),
        (("4.",), "tricks 4 and 9", ["A206", "A201"]),
    ],
    ids=["one short", "three short", "one missing"],
)
@pytest.mark.parametrize("claim", ["point NS 2", "point EW 2", "point none"])
def test_a_refused_concession_beside_unknown_tricks_is_scored_when_they_cannot_matter(
    cut: tuple[str, ...], which: str, codes: list[str], claim: str
) -> None:
    """A refused concession is scored like any deal whose tricks the record
    leaves out: every way they could have gone is tried.  The refused
    concession's score was taken as claimed, so `point EW 2` went unseen."""
    text = REFUSED.replace("point NS 2", claim)
    text = "".join(x for x in text.splitlines(True) if not x.startswith(cut))
    checked = check(text)
    assert [f.code for f in checked.outcome.findings] == [
        *codes,
        *(["A302"] if claim != "point NS 2" else []),
    ]
    (deal,) = checked.outcome.deals
    assert (deal.point and (deal.point.team, deal.point.points)) == ("NS", 2)
    said = messages(checked, "A302")
    if claim == "point EW 2":
        assert said == [
            f"point claimed for EW, but NS score 2 whoever took {which}: EW refused NS's"
            " concession and did not make mordienne"
        ]


@pytest.mark.parametrize(("claim", "wrong"), [("point NS 2", True), ("point NS", False)])
def test_a_point_number_no_way_of_a_missing_trick_gives_is_wrong(claim: str, wrong: bool) -> None:
    """With the mordienne option, trick 9 left out: S's fourth trick (NS 1)
    or W's three ahead (EW 1), and no way makes a mordienne.  A 2 for NS is
    wrong whichever way trick 9 went, though the side may be right: it was
    taken as claimed."""
    text = (
        '[Options "mordienne"]\ndeal 1 dealer S\n1. W:3d N:4c E:5c S:6c -> W\n'
        "2. W:3c N:4d E:5d S:6d -> W\n3. W:2d N:4b E:5b S:6b -> W\n"
        "4. W:4e N:5e E:6e S:2c -> S\n5. S:9c W:7c N:8c E:Vc -> S\n"
        "6. S:9d W:7d N:8d E:Vd -> S\n7. S:7b W:8b N:2b E:Vb -> N\n"
        f"8. N:7e E:2e S:8e W:Ve -> E\n{claim}\n"
    )
    checked = check(text)
    said = ["point claims 2 for NS, but whoever took trick 9, the deal scores EW 1 or NS 1"]
    assert messages(checked, "A302") == (said if wrong else [])
    assert [f.code for f in checked.outcome.findings if f.code != "A302"] == ["A206"]


@pytest.mark.parametrize(
    ("rules", "lines"),
    [
        ('[Rules "team-five"]', ["announce NS double", "winners: N E N E N E N E -"]),
        ('[Options "mordienne"]', ["concede NS refused", "winners: - - - - - - - - -"]),
    ],
    ids=["a double", "a refused concession"],
)
def test_the_line_to_write_for_a_void_deal_worth_2_is_point_none(
    rules: str, lines: list[str]
) -> None:
    """A void deal scores nothing, double or not: 'point EW 2', the least a
    doubled deal is worth, would be wrong again (A302)."""
    text = "\n".join([rules, "", "deal 1 dealer W", *lines, "point EW", ""])
    (said,) = messages(check(text), "A307")
    assert said.endswith("write 'point none'")
    fixed = check(text.replace("point EW", "point none"))
    assert found(fixed) == []


@pytest.mark.parametrize(
    ("rules", "because"),
    [
        ("", "a deal scores 1 point; 2 only for a mordienne (mordienne option)"),
        ('[Rules "team-five"]', "a deal scores 1 point; 2 only for a double"),
    ],
)
def test_a_307_names_only_the_ways_to_2_the_rules_have(rules: str, because: str) -> None:
    text = f"{rules}\n\ndeal 1 dealer W\npoint NS 2\n"
    (said,) = messages(check(text), "A307")
    assert said == f"point NS 2: {because}; write 'point NS'"


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        # the tricks make the deal void: nothing else is right
        (
            [
                '[Rules "team-five"]',
                "",
                "deal 1 dealer W",
                "announce NS double",
                "winners: N E N E N E N E -",
                "point NS 0",
            ],
            "point NS 0: a deal never scores 0 points; write 'point none'",
        ),
        # EW take a doubled deal: 'point EW' would be A307 again
        (
            [
                '[Rules "team-five"]',
                "",
                "deal 1 dealer W",
                "announce NS double",
                "winners: E E E E E",
                "point EW 0",
            ],
            "point EW 0: a deal never scores 0 points; write 'point EW 2'",
        ),
        # no tricks after a double: void, or the least a doubled deal scores
        (
            ['[Rules "team-five"]', "", "deal 1 dealer W", "announce NS double", "point NS 0"],
            "point NS 0: a deal never scores 0 points; write 'point none' for a void deal,"
            " or 'point NS 2' for the least it can score",
        ),
        (
            ["deal 1 dealer W", "point none 2"],
            "point none 2: a void deal scores nothing; write 'point none'",
        ),
    ],
    ids=["void", "doubled", "doubled, no tricks", "none with a number"],
)
def test_a_point_of_0_or_a_void_deal_s_number_proposes_a_line_that_is_right(
    lines: list[str], said: str
) -> None:
    """'point EW 0' proposed 'point EW' whatever the deal was worth, a line
    that was A307 again after a double; 'point none 2' was taken in silence."""
    text = "\n".join(lines) + "\n"
    assert messages(check(text), "A307") == [said]
    fix = said.split("write '")[-1].rstrip("'")
    assert "A307" not in [f.code for f in check(text.replace(lines[-1], fix)).outcome.findings]


#: docs/rules.md §6: E wins tricks 5-9 after none, a mordienne worth 2 with
#: the option (test_pipeline.MORDIENNE).
COMEBACK = "winners: N N S W E E E E E"


@pytest.mark.parametrize("side", ["E", "EW"])
def test_a_mordienne_s_2_where_the_option_is_off_says_the_options_tag_may_be_missing(
    side: str,
) -> None:
    text = f"deal 1 dealer W\n{COMEBACK}\npoint {side} 2\n"
    (said,) = messages(check(text), "A307")
    assert said == (
        f"point {side} 2: the tricks make this deal a mordienne, worth 2 with the mordienne"
        " option, which this game is not played with: if it was, name mordienne among its"
        " options (its Options tag, or --options on the command line); else write"
        f" 'point {side}'"
    )
    assert found(check('[Options "mordienne"]\n\n' + text)) == []
    # a deal that is no mordienne: the rules' own words, as before
    plain = messages(check(text.replace(COMEBACK, "winners: E E E N N S W W S")), "A307")
    assert plain == [
        f"point {side} 2: a deal scores 1 point; 2 only for a mordienne (mordienne option);"
        f" write 'point {side}'"
    ]


def test_a_result_that_counts_a_mordienne_s_2_without_the_option_follows_from_it() -> None:
    deals = "".join(
        f"deal {k} dealer {d}\n{sheet}\npoint {p}\n\n"
        for k, (d, sheet, p) in enumerate(
            [
                ("W", COMEBACK, "E 2"),
                ("N", "winners: N N N E W S E S N", "NS"),
                ("E", "winners: N N N E W S E S N", "NS"),
                ("S", "winners: N N N E W S E S N", "NS"),
                ("W", COMEBACK, "E 2"),
            ],
            1,
        )
    )
    checked = check('[Result "EW 4-3"]\n\n' + deals)  # as the record's points add up
    said = [(f.code, f.consequence_of is not None) for f in checked.outcome.findings]
    assert said == [("A303", True), ("A307", False), ("A307", False)]


@pytest.mark.parametrize(("result", "follows"), [("NS 3-2", True), ("NS 3-1", False)])
def test_a_result_that_counts_a_point_number_the_deal_does_not_give_follows_from_it(
    result: str, follows: bool
) -> None:
    """A point line whose number the rules allow but not this deal's bids
    (A307: a refused concession scores 2) is counted by the record as
    written: a Result that adds up the record's points (EW 1 for deal 4)
    follows from it; one that adds up neither is a mistake of its own.  It
    stood as one: one slip, two findings."""
    deals = "".join(
        f"deal {k} dealer {d}\n{bid}point {p}\n\n"
        for k, (d, bid, p) in enumerate(
            [("N", "", "NS"), ("E", "", "EW"), ("S", "", "NS"),
             ("W", "concede EW refused\n", "EW"), ("N", "", "NS")],
            1,
        )
    )  # fmt: skip
    checked = check(f'[Options "mordienne"]\n[Result "{result}"]\n\n{deals}')
    said = [(f.code, f.consequence_of is not None) for f in checked.outcome.findings]
    assert said == [("A303", follows), ("A307", False)]


#: NS refuse EW's concession and do not make mordienne: EW score 2, and W,
#: who took tricks 2 and 9, wins the deal.  Trick 8's E:Rc is the card
#: the slip below writes as 7c, one N played in trick 2.
SLIPPED = """\
[Options "mordienne"]

deal 1 dealer E
N: 6b 9c 8b Re 5e 7c Vb Cc Rb
E: Rc 4e 6e 3c 9b 9e Cb 2e Rd
S: 2b 1d 4b 6d 7b 5c 8c 7e 7d
W: 6c 9d 5b Ve 8d 5d Cd 2c Vc
stock: 8e 3b 1e 1c Vd 3d 3e Ce 4c 4d 2d 1b
concede EW refused
1. S:7b W:Cd N:Cc E:Cb -> pourri
2. S:7e W:9d N:7c E:2e -> W
3. W:Ve N:Vb E:4e S:7d -> pourri
4. W:6c N:6b E:6e S:6d -> pourri
5. W:5d N:5e E:9b S:2b -> S
6. S:1d W:Vc N:8b E:3c -> E
7. E:9e S:8c W:8d N:9c -> N
8. N:Rb E:Rc S:4b W:5b -> pourri
9. N:Re E:Rd S:5c W:2c -> W
point W 2
"""


@pytest.mark.parametrize("bid", ["concede EW refused\n", ""])
def test_a_point_line_right_for_the_claims_follows_from_a_card_slip_under_any_bid(
    bid: str,
) -> None:
    """The slip makes N's Rb the highest card of trick 8, and NS take the
    deal; the point line is right for the claims (and for the card as it
    should be), so its A302 follows from the slip, as the claims' A301
    does: the winners the claims give are scored as the deal's own are,
    a refused concession included."""
    text = SLIPPED.replace("concede EW refused\n", bid)
    if not bid:
        text = text.replace("point W 2", "point W")
    assert found(check(text)) == []
    slipped = check(text.replace("E:Rc S:4b", "E:7c S:4b"))
    acted_on = [f.code for f in slipped.outcome.findings if f.consequence_of is None]
    assert acted_on == ["A204"]
    assert {f.code for f in slipped.outcome.findings} == {"A204", "A301", "A302"}


# Tricks 1 and 9 unreadable: S 1 (trick 6), N 2 (3, 7), E 1, W 2 (4, 5), one
# pourri.  Whoever took the two, someone took a trick: the deal is not void
# (docs/rules.md §4), though which side scores they decide (two to W: EW;
# two to N: NS).
OPEN_SIDE = (
    DECIDED.replace("1. 2b Cc 9b 6e", "1. 2x Cc 9b 6e")
    .replace("9. Vb 7d Ce 4d", "9. Vb 7x Ce 4d")
    .replace("point NS\n", "")
)


def test_tricks_left_out_that_leave_the_side_open_still_show_the_deal_scored() -> None:
    """It counted as a deal that may be void: a game it ended was not
    finished, and a next deal dealt by the same seat was not A105."""
    checked = check(OPEN_SIDE)
    deal = checked.outcome.deals[0]
    assert (deal.void, deal.point, deal.decided) == (False, None, False)
    assert deal_sentences(deal)[-1] == (
        "The deal is not void, but the record does not say enough to know who scores it."
    )
    assert checked.outcome.unscored == (1,)


@pytest.mark.parametrize("unreadable", [(1, 9), (1, 2, 5, 9)], ids=["tried", "too many"])
def test_a_void_claimed_beside_tricks_left_out_that_show_a_trick_taken_is_wrong(
    unreadable: tuple[int, ...],
) -> None:
    """Every way the tricks could have gone is tried where they are few; where
    they are more, the rules say none is void (one trick taken is enough)."""
    text = DECIDED.replace("point NS", "point none")
    for number in unreadable:
        (line,) = [x for x in text.splitlines() if x.startswith(f"{number}. ")]
        text = text.replace(line, line[:-6] + "8x" + line[-4:])
    checked = check(text)
    said = messages(checked, "A302")
    which = "tricks 1 and 9" if len(unreadable) == 2 else "tricks 1, 2, 5 and 9"
    assert said == [
        f"point none claims a void deal, but whoever took {which}, the deal is not void"
    ]


def test_a_deal_left_open_that_scored_ends_a_game_it_decides() -> None:
    """NS lead 3-1 after four deals of five; the last, two trick lines left
    out, scored for someone (tricks were taken): the game is over, and NS
    win whatever it gave.  It was said not to be finished."""
    sheets = ["N N N E E S W - -", "E E E N N S W - -", "N N N E E S W - -", "S S S E E N W - -"]
    deals = [
        f"deal {k} dealer {dealer}\nwinners: {sheet}\npoint {'EW' if k == 2 else 'NS'}\n"
        for k, (dealer, sheet) in enumerate(zip("WNES", sheets, strict=True), 1)
    ]
    last = (
        "deal 5 dealer W\n1. N:4b E:Ce S:5c W:4d -> E\n2. E:4e S:6c W:Cd N:Re -> N\n"
        "3. N:2e E:7d S:1d W:5e -> N\n4. N:6e E:3e S:1e W:8e -> S\n"
        "6. N:1c E:8b S:Rb W:9c -> W\n7. W:Cc N:7b E:Cb S:Vd -> pourri\n"
        "8. W:2b N:5b E:5d S:3d -> S\n"
    )
    checked = check('[Result "NS 4-1"]\n\n' + "\n".join([*deals, last]))
    outcome = checked.outcome
    assert (outcome.complete, outcome.winner, outcome.unscored) == (True, "NS", (5,))
    assert [f.code for f in outcome.findings] == ["A206", "A201"]
    assert (
        game_text(checked, "t.aln").count(
            "Final score: NS 3, EW 1, and deal 5's point, which the record does not give (its"
            " tricks show it scored). NS win the game whatever it was."
        )
        == 1
    )


@pytest.mark.parametrize("deal_2", ["1. E:3d S:4c W:5c N:6c -> E", "winners: E - -"])
def test_a_deal_cut_short_after_a_trick_taken_passes_the_deal_to_the_left(deal_2: str) -> None:
    """Cut short (trick lines, or a sheet short of entries), a deal one of
    whose tricks was taken scored: dealt again by the same seat is A105, as
    it is below the same deal written whole."""
    sheet = "deal {n} dealer {d}\nwinners: N N N E E S W - -\npoint NS\n"
    deals = [sheet.format(n=1, d="W"), f"deal 2 dealer N\n{deal_2}\n", sheet.format(n=3, d="N")]
    text = "\n".join(['[Result "*"]\n', *deals])
    checked = check(text)
    assert messages(checked, "A105") == [
        "N deals, but E should: N dealt deal 2 and the deal passes to the left"
    ]


def test_a_deal_left_open_that_scored_may_end_a_game_to_points() -> None:
    """NS have 4 of 5 points; deal 5, cut short, scored for a side the
    record does not give: NS may have reached 5.  The Result "NS 5-0" was
    an A305 ("the game goes on"), where the same deal without its tricks,
    its outcome unknown, was rightly none."""
    deals = "".join(f"deal {k} dealer {d}\npoint NS\n\n" for k, d in enumerate("ESWN", 1))
    last = (
        "deal 5 dealer E\nN: 8c Ve Cd 7c 6d 3d Vb 9b 1e\nE: 7d 9e 3b 6e 8b Rb 1c 3c 5c\n"
        "S: 2b 4c Rd 1b Ce 2c 5b 6b 8d\nW: 6c 4d Cc Vc Vd 2d 4e 4b 9c\n"
        "stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e\n"
        "1. S:2b W:Cc N:9b E:6e -> S\n2. S:2c W:4b N:6d E:3c -> E\n"
        "3. E:Rb S:8d W:Vd N:3d -> N\n4. N:Cd E:1c S:5b W:2d -> W\n5. W:9c N:Ve E:3b S:4c -> W\n"
    )
    checked = check(f'[Rules "to-five-points"]\n[Result "NS 5-0"]\n\n{deals}{last}')
    assert [f.code for f in checked.outcome.findings] == ["A206"]
    assert checked.outcome.unscored == (5,)
    assert (
        game_text(checked, "t.aln").count(
            "Score so far: NS 4, EW 0, and deal 5's point, which the record does not give (its"
            " tricks show it scored): the game may be over; the record does not say."
        )
        == 1
    )


def test_a_deal_the_same_player_takes_whoever_took_the_tricks_left_out_names_its_winner() -> None:
    """N has 5 of the 6 tricks given, after E's trick 1: N takes the deal
    whatever tricks 7 to 9 gave, for 1 point, or 2 for a mordienne if N took
    them all.  It was said that the record does not say who scores it, beside
    an A302 that said the deal was not E's."""
    tricks = (
        "1. N:4c E:3d S:5c W:6c -> E\n2. E:4d S:5d W:6d N:3c -> N\n"
        "3. N:2d E:4e S:5e W:6e -> N\n4. N:2c E:4b S:5b W:6b -> N\n"
        "5. N:9c E:7c S:7d W:7e -> N\n6. N:9d E:8c S:8d W:8e -> N\n"
    )
    checked = check(f'[Options "mordienne"]\n\ndeal 1 dealer W\n{tricks}')
    deal = checked.outcome.deals[0]
    # (point and deal_winner null together, as the report's contract has them)
    assert (deal.void, deal.point, deal.deal_winner, deal.taker) == (False, None, None, "N")
    assert deal_sentences(deal)[-1] == (
        "Whoever took tricks 7, 8 and 9, N wins the deal for NS; the record does not say"
        " enough to know for how many points."
    )


#: Deal 5 of a game: N takes it whatever tricks 7 to 9 gave, for 1 point or
#: 2 (a mordienne): its points alone are open.
N_TAKES_IT = (
    "deal 5 dealer W\n1. N:4c E:3d S:5c W:6c -> E\n2. E:4d S:5d W:6d N:3c -> N\n"
    "3. N:2d E:4e S:5e W:6e -> N\n4. N:2c E:4b S:5b W:6b -> N\n"
    "5. N:9c E:7c S:7d W:7e -> N\n6. N:9d E:8c S:8d W:8e -> N\n"
)


@pytest.mark.parametrize(
    ("rules", "before", "result", "codes", "winner"),
    [
        # NS 0, EW 4 of 5: N's 1 or 2 cannot end the game, "EW 5-1" is early
        ('[Rules "to-five-points"]', "EW EW EW EW", "EW 5-1", ["A305", "A206"], None),
        # NS 2, EW 2 after four of five deals: NS win whatever N's deal was worth
        ("", "NS NS EW EW", "*", ["A206"], "NS"),
    ],
    ids=["to points", "five deals"],
)
def test_a_deal_whose_points_alone_are_open_counts_for_its_side_in_the_game(
    rules: str, before: str, result: str, codes: list[str], winner: str | None
) -> None:
    """Its open points could go either way: a game to points that they
    cannot end was said to be perhaps over (its early Result no A305), and
    a game they cannot change the winner of had no winner."""
    deals = "".join(
        f"deal {k} dealer {d}\npoint {side}\n\n"
        for k, (d, side) in enumerate(zip("WNES", before.split(), strict=True), 1)
    )
    text = f'{rules}\n[Options "mordienne"]\n[Result "{result}"]\n\n{deals}{N_TAKES_IT}'
    checked = check(text)
    assert [f.code for f in checked.outcome.findings] == codes
    assert (checked.outcome.winner, checked.outcome.may_be_over) == (winner, False)


def test_a_deal_whose_side_alone_is_known_ends_a_game_to_points_it_takes_there() -> None:
    """NS have 4 of 5 points, and N takes deal 5 whatever tricks 7 to 9
    gave: NS reach 5 at least, the game is over, and deal 6 one too many.
    It was "perhaps over", deal 6 scored."""
    deals = "".join(f"deal {k} dealer {d}\npoint NS\n\n" for k, d in enumerate("WNES", 1))
    after = "\ndeal 6 dealer N\npoint EW\n"
    text = f'[Rules "to-five-points"]\n[Options "mordienne"]\n\n{deals}{N_TAKES_IT}{after}'
    outcome = check(text).outcome
    assert [f.code for f in outcome.findings] == ["A206", "A106"]
    assert (outcome.complete, outcome.winner, outcome.score) == (True, "NS", {"NS": 4, "EW": 0})


def test_a_doubled_deal_whose_side_alone_is_known_counts_its_least_worth(tmp_path: Path) -> None:
    """NS announced a double and N takes deal 5 whatever tricks 7 to 9
    gave: 2 points at least (4 with a mordienne), so NS, 2 to 3 behind
    after four deals, win the game. It counted 1 point at least: no winner."""
    toml = (ROOT / "aluette_cli" / "rulesets" / "classic.toml").read_text("utf-8")
    assert 'scoring = "most-tricks"\n' in toml
    toml = toml.replace('scoring = "most-tricks"\n', 'scoring = "most-tricks"\ndoubles = true\n')
    (tmp_path / "doubled.toml").write_text(toml, "utf-8")
    deals = "".join(
        f"deal {k} dealer {d}\npoint {side}\n\n"
        for k, (d, side) in enumerate(zip("WNES", ["EW", "NS", "NS", "EW"], strict=True), 1)
    )
    deals = deals.replace("deal 1 dealer W\n", "deal 1 dealer W\nannounce EW double\n")
    deals = deals.replace("point EW\n\ndeal 2", "point EW 2\n\ndeal 2")
    last = N_TAKES_IT.replace("deal 5 dealer W\n", "deal 5 dealer W\nannounce NS double\n")
    text = f'[Rules "doubled.toml"]\n[Options "mordienne"]\n\n{deals}{last}'
    outcome = check(text, base=tmp_path).outcome
    assert [f.code for f in outcome.findings] == ["A206"]
    assert (outcome.score, outcome.complete, outcome.winner) == ({"NS": 2, "EW": 3}, True, "NS")


def test_a_game_to_points_the_other_side_may_have_reached_first_has_no_known_winner() -> None:
    """EW lead 3 to 0 when deal 3 scored for points the record does not
    give (deal 4's dealer says so): an EW mordienne there ended the game at
    5.  NS's 6 after it do not make NS the winners."""
    text = (
        '[Rules "to-five-points"]\n[Options "mordienne"]\n\n'
        "deal 1 dealer W\npoint EW 2\n\ndeal 2 dealer N\npoint EW\n\n"
        "deal 3 dealer E\n\ndeal 4 dealer S\npoint NS 2\n\ndeal 5 dealer W\npoint NS 2\n\n"
        "deal 6 dealer N\npoint NS 2\n"
    )
    outcome = check(text).outcome
    assert outcome.unscored == (3,)
    assert (outcome.complete, outcome.winner) == (True, None)


def test_two_deals_of_one_number_each_count_their_own_side() -> None:
    """Deal 4 written twice (the second should be 5, A104): N takes the
    first and E the second, each for its points alone open.  The second's
    side stood for both (kept by the deal's number): EW at 5 at least, the
    game over and deal 6 one too many, where NS hold 1 at least and EW may
    still be short of 5."""
    first = N_TAKES_IT.replace("deal 5 dealer W", "deal 4 dealer S").replace(
        "1. N:4c E:3d S:5c W:6c -> E", "1. W:6c N:4c E:3d S:5c -> E"
    )
    second = (
        "deal 4 dealer W\n1. N:3d E:4c S:5c W:6c -> N\n2. N:4d E:3c S:5d W:6d -> E\n"
        "3. E:2d S:5e W:6e N:4e -> E\n4. E:2c S:5b W:6b N:4b -> E\n"
        "5. E:9c S:7d W:7e N:7c -> E\n6. E:9d S:8d W:8e N:8c -> E\n"
    )
    deals = "".join(f"deal {k} dealer {d}\npoint EW\n\n" for k, d in enumerate("WNE", 1))
    text = (
        f'[Rules "to-five-points"]\n[Options "mordienne"]\n\n{deals}{first}\n{second}'
        "\ndeal 6 dealer N\npoint NS\n"
    )
    outcome = check(text).outcome
    assert "A106" not in [f.code for f in outcome.findings]
    assert [d.taker for d in outcome.deals[3:5]] == ["N", "E"]
    assert (outcome.complete, outcome.winner) == (False, None)
