"""The engine (``aluette_cli/engine.py``) held to the rules of Aluette
(docs/rules.md) by examples worked out by hand.

The engine replays a record through the table and the checks and says who
took each trick, deal and game, so this is the file to run after changing
it; the table's own rules of play, card by card, are in
``tests/test_table.py``.  Every expected winner, leader, count, tie-break,
point and score below was worked out from docs/rules.md with pencil and
paper; the comments next to each record show the working.  The records are
ALN text run through the same pipeline as the command line, or single
tricks and sheets run through the engine's pure functions.
"""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest

from aluette_cli.cards import SEATS, left_of
from aluette_cli.engine import deal_result, is_mordienne, trick_result
from aluette_cli.pipeline import CheckedGame
from aluette_cli.rules import Ruleset, load_ruleset

from .conftest import check, found, generated, messages, record, report, run
from .test_pipeline import REFERENCE
from .test_properties import MUTATIONS
from .test_scoring import SLIPPED

# --------------------------------------------------------------------------
# Helpers


def deal_report(text: str, index: int = 0) -> dict:
    checked = check(text)
    assert found(checked) == []
    return report(checked)["deals"][index]


@pytest.fixture(scope="module")
def classic() -> Ruleset:
    return load_ruleset("classic")


def winner_of(ruleset: Ruleset, *cards: str) -> tuple[str | None, bool, list[str]]:
    """The trick result when N, E, S, W play ``cards`` in that order."""
    return trick_result(zip("NESW", cards, strict=False), ruleset)


# The ranking table of docs/rules.md §1, copied row by row (highest first).
ROWS: list[list[str]] = [
    ["3d"],  # monsieur
    ["3c"],  # madame
    ["2d"],  # borgne
    ["2c"],  # vache
    ["9c"],  # grand-neuf
    ["9d"],  # petit-neuf
    ["2b"],  # deux de chêne
    ["2e"],  # deux d'écrit
    ["1d", "1c", "1b", "1e"],
    ["Rd", "Rc", "Rb", "Re"],
    ["Cd", "Cc", "Cb", "Ce"],
    ["Vd", "Vc", "Vb", "Ve"],
    ["9e", "9b"],
    ["8d", "8c", "8b", "8e"],
    ["7d", "7c", "7b", "7e"],
    ["6d", "6c", "6b", "6e"],
    ["5d", "5c", "5b", "5e"],
    ["4d", "4c", "4b", "4e"],
    ["3e", "3b"],
]


# --------------------------------------------------------------------------
# Ranking (docs/rules.md §1)


def test_the_table_holds_all_48_cards_once() -> None:
    cards = [c for row in ROWS for c in row]
    assert len(cards) == len(set(cards)) == 48


def test_the_named_cards_rank_monsieur_madame_borgne_vache_grand_petit_chene_ecrit(
    classic: Ruleset,
) -> None:
    named = ["3d", "3c", "2d", "2c", "9c", "9d", "2b", "2e"]
    for i, high in enumerate(named):
        for low in named[i + 1 :]:
            # High card led, then played last: position in the trick does not matter.
            assert winner_of(classic, high, low, "3e", "4d") == ("N", False, [high])
            assert winner_of(classic, "3e", "4d", low, high) == ("W", False, [high])


def test_deux_d_ecrit_beats_every_ace_and_every_ace_beats_every_king(classic: Ruleset) -> None:
    for ace in ROWS[8]:
        assert winner_of(classic, ace, "2e", "5d", "6c")[0] == "E"
        for king in ROWS[9]:
            assert winner_of(classic, king, "8d", ace, "7c") == ("S", False, [ace])


@pytest.mark.parametrize("row", range(8, len(ROWS) - 1))
def test_every_card_of_a_row_beats_every_card_of_every_lower_row(
    classic: Ruleset, row: int
) -> None:
    # Aces > kings > cavaliers > valets > 9e/9b > 8s > 7s > 6s > 5s > 4s > 3e/3b.
    lower = [c for r in ROWS[row + 1 :] for c in r]
    for high, low in product(ROWS[row], lower):
        assert winner_of(classic, low, high) == ("E", False, [high])
        assert winner_of(classic, high, low) == ("N", False, [high])


def test_two_kings_on_top_tie_and_spoil_the_trick(classic: Ruleset) -> None:
    assert winner_of(classic, "Rb", "5d", "Re", "Vc") == (None, True, ["Rb", "Re"])


def test_nine_of_swords_and_nine_of_clubs_are_equal(classic: Ruleset) -> None:
    assert winner_of(classic, "9e", "8d", "4c", "9b") == (None, True, ["9e", "9b"])


def test_nine_of_swords_and_clubs_rank_below_the_named_nines_and_the_valets(
    classic: Ruleset,
) -> None:
    assert winner_of(classic, "9e", "9d", "9b", "8c")[0] == "E"  # petit-neuf
    assert winner_of(classic, "9b", "9e", "Ve", "8c") == ("S", False, ["Ve"])


def test_3e_and_3b_tie_at_the_bottom_but_a_higher_card_takes_the_trick(
    classic: Ruleset,
) -> None:
    # The two lowest cards tie with each other; the trick is not pourri, the 5 wins.
    assert winner_of(classic, "3e", "3b", "4c", "5c") == ("W", False, ["5c"])
    assert winner_of(classic, "3b", "4e", "3e", "4d") == (None, True, ["4e", "4d"])


def test_3d_and_3c_are_not_in_the_bottom_group(classic: Ruleset) -> None:
    assert winner_of(classic, "3e", "3d", "4c", "5c") == ("E", False, ["3d"])
    assert winner_of(classic, "3c", "3b", "4c", "5c") == ("N", False, ["3c"])
    assert winner_of(classic, "3c", "3d", "3b", "3e") == ("E", False, ["3d"])


# --------------------------------------------------------------------------
# Pourri (docs/rules.md §3)


def test_a_tie_below_the_top_card_does_not_spoil(classic: Ruleset) -> None:
    assert winner_of(classic, "Rd", "Rc", "1b", "5d") == ("S", False, ["1b"])


@pytest.mark.parametrize("row", [8, 9, 10, 11, 14])
def test_four_tied_cards_spoil_the_trick(classic: Ruleset, row: int) -> None:
    # The four aces, kings, cavaliers, valets, sevens.
    winner, pourri, top = winner_of(classic, *ROWS[row])
    assert (winner, pourri, sorted(top)) == (None, True, sorted(ROWS[row]))


def test_three_tied_valets_spoil_the_trick(classic: Ruleset) -> None:
    assert winner_of(classic, "Vd", "Vc", "8b", "Vb") == (None, True, ["Vd", "Vc", "Vb"])


# --------------------------------------------------------------------------
# A whole deal, worked by hand (dealer W, so N leads trick 1)
#
#  1. N:1d E:1c S:1b W:1e   four aces tie: pourri, N leads again
#  2. N:Rd E:Rc S:5d W:4d   two kings tie on top: pourri, N leads again
#  3. N:3e E:3b S:4c W:5c   3e/3b tie low, the 5 is highest: W
#  4. W:6d N:7d E:8d S:Vd   valet: S
#  5. S:2b W:2e N:9e E:9b   deux de chêne beats deux d'écrit: S
#  6. S:Cd W:Cc N:Cb E:Ce   four cavaliers: pourri, S leads again
#  7. S:6c W:7c N:8c E:Vc   valet: E
#  8. E:3d S:3c W:2d N:2c   monsieur: E
#  9. E:9c S:9d W:Rb N:Re   grand-neuf beats petit-neuf: E
#
# Winners - - W S S - E E E: N 0, E 3, S 2, W 1; E wins the deal for EW.

HANDS = [
    "N: 1d Rd 3e 7d 9e Cb 8c 2c Re",
    "E: 1c Rc 3b 8d 9b Ce Vc 3d 9c",
    "S: 1b 5d 4c Vd 2b Cd 6c 3c 9d",
    "W: 1e 4d 5c 6d 2e Cc 7c 2d Rb",
    "stock: 4b 4e 5b 5e 6b 6e 7b 7e 8b 8e Vb Ve",
]
TRICKS = [
    ("N:1d E:1c S:1b W:1e", "pourri"),
    ("N:Rd E:Rc S:5d W:4d", "pourri"),
    ("N:3e E:3b S:4c W:5c", "W"),
    ("W:6d N:7d E:8d S:Vd", "S"),
    ("S:2b W:2e N:9e E:9b", "S"),
    ("S:Cd W:Cc N:Cb E:Ce", "pourri"),
    ("S:6c W:7c N:8c E:Vc", "E"),
    ("E:3d S:3c W:2d N:2c", "E"),
    ("E:9c S:9d W:Rb N:Re", "E"),
]
LEADERS = ["N", "N", "N", "W", "S", "S", "S", "E", "E"]
WINNERS = [None, None, "W", "S", "S", None, "E", "E", "E"]


def trick_lines(
    *, seats: bool = True, claims: bool = True, replace: dict[int, str] | None = None
) -> list[str]:
    lines = []
    for k, (plays, claim) in enumerate(TRICKS, 1):
        plays = (replace or {}).get(k, plays)
        if not seats:
            plays = " ".join(p.split(":")[1] for p in plays.split())
        lines.append(f"{k}. {plays}" + (f" -> {claim}" if claims else ""))
    return lines


def test_the_hand_worked_deal_is_clean_and_scores_for_ew() -> None:
    checked = check(record("deal 1 dealer W", *HANDS, *trick_lines(), "point E"))
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert [t["leader"] for t in deal["tricks"]] == LEADERS
    assert [t["winner"] for t in deal["tricks"]] == WINNERS
    assert [t["pourri"] for t in deal["tricks"]] == [w is None for w in WINNERS]
    assert deal["counts"] == {"N": 0, "E": 3, "S": 2, "W": 1}
    assert deal["deal_winner"] == "E"
    assert deal["tie_break"] is None
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}
    assert deal["void"] is False


def test_a_wrong_trick_claim_is_reported_at_the_arrow() -> None:
    lines = trick_lines()
    lines[2] = "3. N:3e E:3b S:4c W:5c -> pourri"  # 3e/3b tie, but the 5c is higher
    text = record("deal 1 dealer W", *HANDS, *lines)
    checked = check(text)
    # 1 header + 5 hand/stock lines: trick 3 is line 9; "3. " and 19 characters
    # of plays, a space, then "->" at column 24
    assert found(checked) == [("A301", 9, 24)]
    assert "claimed pourri" in messages(checked, "A301")[0]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("4. Rd Re 7c 8d -> N", "claimed for N, but it is pourri: Rd and Re tie for the top"),
        ("4. Cd 1c 5b 2d -> pourri", "claimed pourri, but 2d (borgne) is the highest card,"),
    ],
)
def test_after_a_missing_trick_cards_alone_are_held_to_a_claim_wrong_whoever_played(
    line: str, said: str
) -> None:
    # Trick 3 is left out, so nobody knows who led trick 4's cards; its claim
    # is wrong however they were seated.
    text = (
        "deal 1 dealer E\n"
        "1. S:2b W:Cc N:9b E:6e -> S\n"
        "2. S:2c W:4b N:6d E:3c -> E\n"
        f"{line}\n"
        "5. W:9c N:Ve E:3b S:4c -> W\n"
    )
    checked = check(text)
    assert ("A301", 4, line.index("->") + 1) in found(checked)
    (message,) = messages(checked, "A301")
    assert said in message


#: The reference deal with S's Ve (trick 1) and 3d (trick 5) swapped, its
#: claims as they were: trick 1 is S's now, but the record goes on from W.
SWAPPED_HANDS = [
    "N: 4c Cd Re 5e 8c 1c 1e 6c Rb",
    "E: Rd 5c Vb Vc 4e Ce 8d 8e 3b",
    "S: 5b Ve 8b Cc 9c 7b 4b 6d 3d",
    "W: 1b 7e 3c 6b 9d 1d 3e 7c 2d",
    "stock: 2c 9b 9e 2e Rc 7d Cb 5d 4d 6e 2b Vd",
]
SWAPPED_SEATED = [
    "1. W:1d N:Cd E:3b S:3d -> W",
    "2. W:1b N:8c E:8e S:6d -> W",
    "3. W:2d N:5e E:Vc S:7b -> W",
    "4. W:9d N:1c E:Vb S:8b -> W",
    "5. W:3c N:Re E:Rd S:Ve -> S",
    "6. S:9c W:7c N:6c E:8d -> S",
    "7. S:Cc W:3e N:4c E:5c -> S",
    "8. S:4b W:7e N:Rb E:4e -> N",
    "9. N:1e E:Ce S:5b W:6b -> N",
]


@pytest.mark.parametrize("hands", [SWAPPED_HANDS, []], ids=["hands", "no-hands"])
def test_a_wrong_claim_lets_its_winner_lead_cards_alone_as_it_does_seats(hands: list[str]) -> None:
    """docs/violations.md: a wrong claim (A301) lets the winner it names
    lead the next trick.  A line of cards alone does not say who led it:
    the hand holding its first card says, or its own claim, or the record's
    word; it was seated from the rules' winner, so one swapped card put every
    later card in the wrong hand (16 A203, and the point for the other team)."""
    bare = [re.sub(r"\b[NESW]:", "", line) for line in SWAPPED_SEATED]
    seated = check(record("deal 1 dealer S", *hands, *SWAPPED_SEATED, "point EW"))
    cards = check(record("deal 1 dealer S", *hands, *bare, "point EW"))
    assert [f.code for f in seated.outcome.findings] == ["A301", "A301"]
    assert [f.code for f in cards.outcome.findings] == ["A301", "A301"]
    said = report(cards)["deals"][0]
    assert said == report(seated)["deals"][0] | {"tricks": said["tricks"]}
    assert [t["leader"] for t in said["tricks"]] == ["W"] * 5 + ["S"] * 3 + ["N"]
    assert said["point"]["team"] == "EW"


def test_cards_alone_after_a_wrong_claim_are_led_by_the_hand_that_holds_the_first() -> None:
    # The claim of trick 1 is wrong and trick 2 was led by the true winner,
    # as its first card's hand says: one finding, no cards in the wrong hands.
    # (Trick 5's claim is wrong too, as in the deal above.)
    lines = ["1. 1d Cd 3b 3d -> E", "2. 6d 1b 8c 8e -> W", *SWAPPED_SEATED[2:]]
    checked = check(record("deal 1 dealer S", *SWAPPED_HANDS, *lines))
    assert [(f.code, f.line) for f in checked.outcome.findings] == [("A301", 7), ("A301", 11)]
    assert report(checked)["deals"][0]["tricks"][1]["leader"] == "S"


def test_cards_alone_after_a_wrong_claim_are_led_as_most_of_their_hands_say() -> None:
    # 8b (trick 4) and 3c (trick 5) swapped: trick 4's claim for W is wrong,
    # and trick 5's first card, 8b, is S's; but Re, Rd and 3d are N's, E's
    # and S's, which only W's lead fits: the one mistaken card does not say.
    reference = [*SWAPPED_SEATED]
    reference[0], reference[4] = "1. W:1d N:Cd E:3b S:Ve -> W", "5. W:3c N:Re E:Rd S:3d -> S"
    reference[3:5] = ["4. W:9d N:1c E:Vb S:3c -> W", "5. W:8b N:Re E:Rd S:3d -> S"]
    seated = check(record("deal 1 dealer S", *SWAPPED_HANDS, *reference, "point EW"))
    bare = [re.sub(r"\b[NESW]:", "", line) for line in reference]
    cards = check(record("deal 1 dealer S", *SWAPPED_HANDS, *bare, "point EW"))
    codes = ["A203", "A301", "A203", "A302"]
    assert [f.code for f in seated.outcome.findings] == codes
    assert [f.code for f in cards.outcome.findings] == codes
    assert report(cards)["deals"][0]["tricks"][4]["leader"] == "W"


@pytest.mark.parametrize("hands", [SWAPPED_HANDS, []], ids=["hands", "no-hands"])
def test_a_fifth_card_of_cards_alone_goes_round_to_the_leader(hands: list[str]) -> None:
    """It was nobody's: a trick taken by a card nobody played had no
    winner, so the claimed one did not lead next and every later card went
    to the wrong hand.  Played by the leader, as the turn goes round, the
    deal reads as the seated record does (less its A202, which a line
    without seats cannot show)."""
    reference = [*SWAPPED_SEATED]
    reference[0], reference[4] = "1. W:1d N:Cd E:3b S:Ve -> W", "5. W:3c N:Re E:Rd S:3d -> S"
    reference[7] = "8. S:4b W:7e N:Rb E:4e S:3d -> N"  # 3d again, after the four
    seated = check(record("deal 1 dealer S", *hands, *reference, "point EW"))
    bare = [re.sub(r"\b[NESW]:", "", line) for line in reference]
    cards = check(record("deal 1 dealer S", *hands, *bare, "point EW"))
    codes = [f.code for f in seated.outcome.findings]
    assert codes == ["A205", "A202", "A204", "A301"]
    assert [f.code for f in cards.outcome.findings] == ["A205", "A204", "A301"]
    said, expected = report(cards)["deals"][0], report(seated)["deals"][0]
    assert said["tricks"][7]["plays"] == expected["tricks"][7]["plays"]
    assert [t["leader"] for t in said["tricks"]] == [t["leader"] for t in expected["tricks"]]
    assert (said["counts"], said["point"]) == (expected["counts"], expected["point"])


#: A deal whose first line lost E's lead card: 7c, 2d and 4c are S's, W's
#: and N's, in turn after E.
DROPPED = [
    "N: 7b 8d 2e 5c 8c Cd 4c Ce 8b",
    "E: 2b 6b 3b Vb 7e 9e Ve 5e 6e",
    "S: 8e 3c 1d Vd 4d 7c 5b 6d 9b",
    "W: 1c 2d Re Rc Rd 4e 3e 3d 5d",
    "stock: Cb Cc Rb 1b 7d 6c 2c 4b Vc 9d 1e 9c",
    "1. S:7c W:2d N:4c -> W",
    "2. W:Re N:5c E:6b S:4d -> W",
    "3. W:Rd N:2e E:Ve S:5b -> N",
    "4. N:7b E:9e S:1d W:1c -> pourri",
    "5. N:8d E:7e S:8e W:5d -> pourri",
    "6. N:8c E:2b S:9b W:Rc -> E",
    "7. E:Vb S:3c W:4e N:8b -> S",
    "8. S:6d W:3e N:Cd E:6e -> N",
    "9. N:Ce E:5e S:Vd W:3d -> W",
    "point W",
]


def test_a_short_line_of_cards_alone_is_seated_as_the_hands_say() -> None:
    """Given to the turn order (E, S, W), the three cards went to the wrong
    hands: three A203, a wrong claim, and the point for the other team.
    The hands say E's card is the one missing, as the seated record does."""
    seated = check(record("deal 1 dealer N", *DROPPED))
    bare = [re.sub(r"\b[NESW]:", "", line) if line[0].isdigit() else line for line in DROPPED]
    cards = check(record("deal 1 dealer N", *bare))
    assert [f.code for f in seated.outcome.findings] == ["A205", "A202"]
    assert [f.code for f in cards.outcome.findings] == ["A205", "A202"]
    said, expected = report(cards)["deals"][0], report(seated)["deals"][0]
    assert said["tricks"][0]["plays"] == [["S", "7c"], ["W", "2d"], ["N", "4c"]]
    assert (said["counts"], said["point"]) == (expected["counts"], expected["point"])


@pytest.mark.parametrize(
    ("hands", "line"),
    [
        (False, "1. 7c 2d 4c -> W"),  # no hands to say
        (True, "1. 6b 7c 2d -> W"),  # the turn order fits: N's card is the one missing
        (True, "1. Cb Cc Rb -> E"),  # stock cards, in nobody's hand: nothing fits better
    ],
)
def test_a_short_line_the_hands_do_not_place_better_keeps_the_turn_order(
    hands: bool, line: str
) -> None:
    text = record("deal 1 dealer N", *(DROPPED[:5] if hands else []), line)
    plays = report(check(text))["deals"][0]["tricks"][0]["plays"]
    assert [seat for seat, _ in plays] == ["E", "S", "W"]


@pytest.mark.parametrize("seats", [True, False], ids=["seats", "cards"])
def test_a_trick_line_written_twice_in_a_row_is_one_finding(seats: bool) -> None:
    """The copy was played as trick 3: four A204, every later line one
    number off (A201 each), a tenth trick (A206), and the point for the
    other team.  It is one A201 on the copy, which is left out."""
    lines = DROPPED[5:]
    lines[0] = "1. E:3b S:7c W:2d N:4c -> W"
    lines.insert(2, lines[1])
    if not seats:
        lines = [re.sub(r"\b[NESW]:", "", line) for line in lines]
    checked = check(record("deal 1 dealer N", *DROPPED[:5], *lines))
    (finding,) = checked.outcome.findings
    assert (finding.code, finding.line) == ("A201", 9)
    assert finding.message == "trick 2 is written twice in a row; the copy is left out"
    said = report(checked)["deals"][0]
    assert len(said["tricks"]) == 9 and said["point"]["team"] == "EW"


def test_a_line_like_the_one_above_with_another_claim_is_not_a_copy() -> None:
    lines = DROPPED[5:]
    lines[0] = "1. E:3b S:7c W:2d N:4c -> W"
    lines.insert(2, lines[1].replace("-> W", "-> N"))
    checked = check(record("deal 1 dealer N", *DROPPED[:5], *lines))
    assert "A204" in {f.code for f in checked.outcome.findings}


@pytest.mark.parametrize(
    ("numbers", "roots"),
    [
        (range(10, 19), [1]),  # numbered on from the deal before: 10 to 18
        (range(0, 9), [1]),  # numbered from 0
        ([1, 2, 3, 4, 4, 5, 6, 7, 8], [5]),  # 4 twice, then on from it
        ([1, 2, 4, 4, 5, 6, 7, 8, 9], [3]),  # 3 written as 4: one line
    ],
    ids=["from 10", "from 0", "4 twice", "3 as 4"],
)
def test_tricks_numbered_on_from_a_misnumbered_one_are_one_mistake(
    numbers: list[int], roots: list[int]
) -> None:
    lines = [
        f"{n}.{line.partition('.')[2]}" for n, line in zip(numbers, trick_lines(), strict=True)
    ]
    checked = check(hand_worked(tricks=[*lines, "point E"]))
    found = [f for f in checked.outcome.findings if f.code == "A201"]
    assert found and {f.code for f in checked.outcome.findings} == {"A201"}
    assert [f.line - 6 for f in found if f.consequence_of is None] == roots  # trick k: line k + 6


def test_one_misnumbered_line_of_a_deal_that_stopped_early_is_one_finding() -> None:
    # Team-five stops at a team's fifth trick: seven lines, the third
    # numbered 9.  Read as tricks 3 to 8 missing, the lines after it were
    # tricks 10 to 13 (A201 and A206 each); the numbers do not go on rising
    # after the 9, so it is one line misnumbered.
    lines = [
        "1. S:7c W:7d N:9c E:1e -> N", "2. N:3e E:Rd S:1d W:Rc -> S",
        "9. S:8e W:8b N:9e E:9b -> pourri", "4. S:9d W:4e N:6d E:4c -> S",
        "5. S:3c W:Ve N:Rb E:8d -> S", "6. S:Ce W:2d N:1c E:4b -> W",
        "7. W:6c N:2c E:5d S:7b -> N",
    ]  # fmt: skip
    text = record('[Rules "team-five"]', "", "deal 1 dealer E", "announce EW double", *lines)
    checked = check(text + "point NS 2\n")
    (finding,) = checked.outcome.findings
    assert (finding.code, finding.line, finding.message) == ("A201", 7, "trick 9 should be trick 3")


@pytest.mark.parametrize(
    ("k", "line"),
    [
        (0, "1. N:Cd E:3b S:Ve W:1d -> W"),  # led by N, out of turn
        (4, "5. N:Re E:Rd S:3d W:3c -> S"),  # the same, at trick 5
        (3, "4. W:9d N:1c E:Vb W:2d S:8b -> W"),  # 2d again, in the middle
        (0, "1. W:1d N:Cd N:1e E:3b S:Ve -> W"),  # N's card of trick 9, in the middle
    ],
    ids=["out-of-turn", "out-of-turn-later", "played-card-put-in", "held-card-put-in"],
)
def test_a_line_of_cards_alone_the_turn_order_gets_wrong_reads_as_the_hands_say(
    k: int, line: str
) -> None:
    """Given card by card to the turn order, one card out of place put every
    card after it in the wrong hand (A203 each), and often the point on the
    other team.  The hands say who played; the line then reads as with
    seats, less the A202 that only seats can show."""
    reference = [*SWAPPED_SEATED]
    reference[0], reference[4] = "1. W:1d N:Cd E:3b S:Ve -> W", "5. W:3c N:Re E:Rd S:3d -> S"
    reference[k] = line
    seated = check(record("deal 1 dealer S", *SWAPPED_HANDS, *reference, "point EW"))
    bare = [re.sub(r"\b[NESW]:", "", x) for x in reference]
    cards = check(record("deal 1 dealer S", *SWAPPED_HANDS, *bare, "point EW"))
    codes = [f.code for f in seated.outcome.findings if f.code != "A202"]
    assert [f.code for f in cards.outcome.findings if f.code != "A202"] == codes
    assert "A203" not in codes
    said, expected = report(cards)["deals"][0], report(seated)["deals"][0]
    assert (said["counts"], said["point"]) == (expected["counts"], expected["point"])


@pytest.mark.parametrize(("kept", "short"), [(4, False), (2, True)])
def test_a_deal_that_stopped_early_is_not_short_if_its_missing_trick_may_have_decided_it(
    kept: int, short: bool
) -> None:
    # Team-five stops at a team's fifth trick.  Trick 1 is left out, and NS
    # take the four tricks after it: trick 1 may have been their fifth, so
    # the deal may have stopped there (no A206).  Of three tricks, it is short.
    lines = [
        "2. N:3d E:8c S:2e W:Ve -> N", "3. N:5c E:5d S:9c W:Vd -> S",
        "4. S:6d W:Vc N:Rc E:Ce -> N", "5. N:3c E:1e S:4d W:2b -> N",
    ]  # fmt: skip
    text = record('[Rules "team-five"]', "", "deal 1 dealer E", *lines[:kept], "point NS")
    codes = [f.code for f in check(text).outcome.findings]
    assert codes.count("A206") == short
    assert "A201" in codes


def test_the_same_player_leads_again_after_a_pourri_with_seats() -> None:
    # Trick 1 is pourri; E leading trick 2 is out of turn: N led trick 1 and leads again.
    lines = trick_lines(replace={2: "E:Rc S:5d W:4d N:Rd"})
    checked = check(record("deal 1 dealer W", *HANDS, *lines))
    assert found(checked) == [("A202", 8, 4)]
    (message,) = messages(checked, "A202")
    assert message.startswith("E leads trick 2, but N should")
    assert "pourri" in message


def test_the_same_player_leads_again_after_a_pourri_cards_only() -> None:
    # Seats derived by the engine: if it passed the lead on after a pourri,
    # the cards of trick 2 would land in the wrong hands (A203).
    checked = check(record("deal 1 dealer W", *HANDS, *trick_lines(seats=False), "point E"))
    assert found(checked) == []
    tricks = report(checked)["deals"][0]["tricks"]
    assert tricks[1]["leader"] == "N"
    assert tricks[1]["plays"] == [["N", "Rd"], ["E", "Rc"], ["S", "5d"], ["W", "4d"]]
    assert tricks[6]["leader"] == "S"  # after the pourri trick 6, led by S
    assert tricks[6]["plays"] == [["S", "6c"], ["W", "7c"], ["N", "8c"], ["E", "Vc"]]
    assert [t["winner"] for t in tricks] == WINNERS


def test_the_winner_of_a_trick_leads_the_next() -> None:
    # W won trick 3 with the 5c; N leading trick 4 is out of turn.
    lines = trick_lines(replace={4: "N:7d E:8d S:Vd W:6d"})
    checked = check(record("deal 1 dealer W", *HANDS, *lines))
    assert found(checked) == [("A202", 10, 4)]
    assert messages(checked, "A202")[0].startswith("N leads trick 4, but W should")


def test_trick_one_is_led_by_the_player_on_the_dealers_left_with_seats() -> None:
    lines = trick_lines(replace={1: "E:1c S:1b W:1e N:1d"})
    checked = check(record("deal 1 dealer W", *HANDS, *lines))
    assert found(checked) == [("A202", 7, 4)]
    message = messages(checked, "A202")[0]
    assert message.startswith("E leads trick 1, but N should")
    assert "dealer's left" in message


@pytest.mark.parametrize(
    ("dealer", "order"), [("N", "ESWN"), ("E", "SWNE"), ("S", "WNES"), ("W", "NESW")]
)
def test_trick_one_is_led_by_the_player_on_the_dealers_left_cards_only(
    dealer: str, order: str
) -> None:
    checked = check(record(f"deal 1 dealer {dealer}", *trick_lines(seats=False, claims=False)))
    assert found(checked) == []
    first = report(checked)["deals"][0]["tricks"][0]
    assert first["leader"] == order[0]
    assert [seat for seat, _ in first["plays"]] == list(order)


# --------------------------------------------------------------------------
# The deck and the play, card by card (docs/rules.md §1-3), on the same deal:
# line 1 the header, 2-5 the hands, 6 the stock, 7-15 tricks 1 to 9.


def hand_worked(hands: list[str] | None = None, tricks: list[str] | None = None) -> str:
    return record("deal 1 dealer W", *(HANDS if hands is None else hands), *(tricks or []))


def test_a_card_in_a_hand_and_in_the_stock_is_a101_at_the_second_place() -> None:
    # 1d is N's; written in the stock too (in place of 4b), the deck has it twice.
    checked = check(hand_worked([*HANDS[:4], HANDS[4].replace("4b", "1d")]))
    assert found(checked) == [("A101", 6, 1)]
    message = messages(checked, "A101")[0]
    assert "dealt in the stock and in N's hand" in message
    assert "write 4b in the stock in place of 1d" in message


def test_a_card_twice_in_one_hand_is_a101_and_the_hand_is_short() -> None:
    # N's Re written as a second 1d: N holds eight cards, one of them twice.
    checked = check(hand_worked([HANDS[0].replace("Re", "1d"), *HANDS[1:]]))
    assert ("A101", 2, 1) in found(checked)
    assert "card 1d is dealt twice in N's hand" in messages(checked, "A101")[0]


def test_after_a_card_written_twice_in_one_hand_play_goes_on_from_both_cards() -> None:
    # The same slip, and the deal played: N plays its 1d in trick 1 and Re,
    # the card meant, in trick 9.  Both were N's, so the slip is the only
    # finding: the A101 line says what to write, and play is not blamed.
    hands = [HANDS[0].replace("Re", "1d"), *HANDS[1:]]
    checked = check(hand_worked(hands, [*trick_lines(), "point E"]))
    assert found(checked) == [("A101", 2, 1)]
    assert messages(checked, "A101") == [
        "card 1d is dealt twice in N's hand, and Re is dealt nowhere:"
        " write Re in N's hand in place of one 1d"
    ]


def test_a_hand_of_eight_cards_is_a102_and_a_stock_of_eleven_a103() -> None:
    # N's Re left out of every line: N has 8 cards; then the stock's Ve too.
    checked = check(hand_worked([HANDS[0].replace(" Re", ""), *HANDS[1:]]))
    assert found(checked) == [("A102", 2, 1)]
    assert messages(checked, "A102") == ["N's hand has 8 cards; the deal gives each player 9"]
    checked = check(hand_worked([*HANDS[:4], HANDS[4].replace(" Ve", "")]))
    assert found(checked) == [("A103", 6, 1)]


def test_a_card_played_twice_is_a204_where_it_is_played_again() -> None:
    # W plays 1e again in trick 9 (in place of Rb); E's grand-neuf still wins.
    lines = trick_lines(replace={9: "E:9c S:9d W:1e N:Re"})
    checked = check(hand_worked(tricks=[*lines, "point E"]))
    assert found(checked) == [("A204", 15, 14)]
    assert messages(checked, "A204") == ["card 1e was already played in trick 1"]


#: Trick 3 with N's 3e written as 7d, the card N plays in trick 4.
SLIP_IN_TRICK_3 = "N:7d E:3b S:4c W:5c"


def test_a_card_written_in_an_earlier_trick_for_the_one_played_there_is_one_mistake() -> None:
    # Trick 3's claim (W) is wrong with 7d, right with N's 3e (3e and 3b
    # cancel below W's 5c); trick 4 plays 7d where the hands say. The slip
    # is in trick 3, where the A301 says it; the A204 follows from it and
    # says which card the claim wants.
    checked = check(hand_worked(tricks=[*trick_lines(replace={3: SLIP_IN_TRICK_3}), "point E"]))
    assert found(checked) == [("A301", 9, 24), ("A204", 10, 9)]
    again = checked.outcome.findings[1]
    assert again.consequence_of == ("A301", 9, 24)
    assert messages(checked, "A204") == [
        "card 7d was already played in trick 3, by N too; trick 3's claim holds with N's 3e"
        " in its place: the card written there is likely the slip"
    ]


@pytest.mark.parametrize("seats", [True, False], ids=["seats", "cards-only"])
@pytest.mark.parametrize(
    ("slip", "again"),
    [
        (SLIP_IN_TRICK_3, (5, 9, 7)),  # N plays 7d again in trick 4
        ("N:3d E:3b S:4c W:5c", (9, 4, 4)),  # E plays its monsieur in trick 8
    ],
    ids=["same-player", "its-holder"],
)
def test_without_hands_a_card_written_for_another_earlier_is_one_mistake(
    seats: bool, slip: str, again: tuple[int, int, int]
) -> None:
    # No hand says what N held: any card nobody has played yet may be the
    # one N played in trick 3, and the claims say which line is wrong.
    lines = trick_lines(replace={3: slip}, seats=seats)
    checked = check(record("deal 1 dealer W", *lines, "point E"))
    arrow = (4, 24 if seats else 16)
    line, column, cards_only_column = again
    assert found(checked) == [
        ("A301", *arrow),
        ("A204", line, column if seats else cards_only_column),
    ]
    assert checked.outcome.findings[1].consequence_of == ("A301", *arrow)
    card = slip.split()[0][2:]
    assert messages(checked, "A204") == [
        f"card {card} was already played in trick 3, by N; trick 3's claim holds with a card"
        " nobody has played yet in its place: the card written there is likely the slip"
    ]


@pytest.mark.parametrize("seats", [True, False], ids=["seats", "cards-only"])
def test_without_claims_the_next_lead_tells_a_card_written_for_another_earlier(
    seats: bool,
) -> None:
    # No claims: with 7d, N takes trick 3, but W leads trick 4 (A202), as
    # W would with N's 3e in its place; N's 7d in trick 4 follows from the
    # slip in trick 3, and says so, as a claim would have told it.
    lines = trick_lines(replace={3: SLIP_IN_TRICK_3}, claims=False, seats=seats)
    checked = check(hand_worked(tricks=lines))
    assert found(checked) == [("A202", 10, 4), ("A204", 10, 9 if seats else 7)]
    assert checked.outcome.findings[1].consequence_of == ("A202", 10, 4)
    assert messages(checked, "A204") == [
        "card 7d was already played in trick 3, by N too; with N's 3e in its place there,"
        " trick 3 goes to W, who leads trick 4: the card written there is likely the slip"
    ]
    # without hands either, any card nobody has played yet may be the one
    checked = check(record("deal 1 dealer W", *trick_lines(replace={3: SLIP_IN_TRICK_3},
                                                           claims=False)))  # fmt: skip
    assert messages(checked, "A204") == [
        "card 7d was already played in trick 3, by N; with a card nobody has played yet in"
        " its place there, trick 3 goes to W, who leads trick 4: the card written there is"
        " likely the slip"
    ]


@pytest.mark.parametrize("claim", ["E", "pourri"])
def test_a_card_played_twice_after_a_claim_no_card_makes_right_is_two_mistakes(claim: str) -> None:
    # No card of N's hand in place of 7d gives trick 3 to E, or to nobody:
    # that claim is wrong whatever N played, and the A204 stands alone.
    lines = trick_lines(replace={3: SLIP_IN_TRICK_3})
    lines[2] = lines[2].replace("-> W", f"-> {claim}")
    checked = check(hand_worked(tricks=[*lines, "point E"]))
    said = {f.code: f for f in checked.outcome.findings}
    assert said["A301"].consequence_of is None
    assert said["A204"].consequence_of is None
    assert messages(checked, "A204") == ["card 7d was already played in trick 3"]


def test_a_card_played_again_by_another_player_is_not_read_as_a_slip_before() -> None:
    # W plays E's 1c in trick 3 (for 5c), and trick 1 is claimed for W: W's
    # 2d in E's place would make that claim right, but E played 1c there, and
    # what W holds says nothing of what E played.
    lines = trick_lines(replace={3: "N:3e E:3b S:4c W:1c"})
    lines[0] = lines[0].replace("-> pourri", "-> W")
    checked = check(hand_worked(tricks=[*lines, "point E"]))
    assert [(f.code, f.consequence_of) for f in checked.outcome.findings] == [
        ("A301", None),
        ("A204", None),
    ]


def test_a_trick_of_three_cards_is_a205() -> None:
    # N's Re left out of trick 9: E's grand-neuf still takes it.
    lines = trick_lines(replace={9: "E:9c S:9d W:Rb"})
    checked = check(hand_worked(tricks=[*lines, "point E"]))
    assert found(checked) == [("A205", 15, 1)]


def test_eight_tricks_are_a206_and_the_point_is_not_checked() -> None:
    # Without trick 9, E has 2 tricks and S 2: who takes the deal is not
    # known, so the point line is taken as written; the deal is short.
    checked = check(hand_worked(tricks=[*trick_lines()[:8], "point E"]))
    assert found(checked) == [("A206", 1, 1)]


def test_a_line_out_of_its_place_stands_for_no_missing_trick() -> None:
    # The point line before the tricks is read where it belongs (A005): no
    # line is unread, so the missing trick 9 is the deal's (A206), and a gap
    # in the numbers is a missing trick (A201), as without the A005.
    tricks = trick_lines()
    short = check(hand_worked(tricks=["point E", *tricks[:8]]))
    assert found(short) == [("A206", 1, 1), ("A005", 7, 1)]
    gap = check(hand_worked(tricks=["point E", *tricks[:4], *tricks[5:]]))
    assert [code for code, _, _ in found(gap)] == ["A005", "A201"]


@pytest.mark.parametrize("copy", [False, True], ids=["tenth", "copy-of-ninth"])
def test_a_trick_line_past_the_ninth_is_a206_and_decides_nothing(copy: bool) -> None:
    # A tenth line (trick 8's cards again), or trick 9 written twice: the
    # deal is scored from its nine tricks, as without it (E 3, S 2, W 1: E
    # for EW).  The tenth is one too many (A206); the copy, one A201.
    tricks = trick_lines()
    extra = tricks[-1] if copy else "10." + tricks[-2].partition(".")[2]
    checked = check(hand_worked(tricks=[*tricks, extra, "point E"]))
    codes = [code for code, _, _ in found(checked)]
    if copy:
        assert codes == ["A201"]
    else:
        assert codes[0] == "A206"
    assert "A302" not in codes
    deal = report(checked)["deals"][0]
    assert deal["counts"] == {"N": 0, "E": 3, "S": 2, "W": 1}
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_under_team_five_a_tenth_trick_does_not_take_a_tied_deal() -> None:
    # Nine tricks leave NS 4, EW 4: void, as the point line says.  A copy of
    # trick 9 (EW's) would make EW's fifth trick; it decides nothing.
    lines = [
        "1. N:Rd E:Rb S:Rc W:Re -> pourri", "2. N:3e E:1e S:1d W:Cc -> W",
        "3. W:5c N:2d E:8e S:8b -> N", "4. N:Ve E:Vb S:6d W:Vc -> S",
        "5. S:9e W:5e N:5b E:Vd -> E", "6. E:2c S:1b W:Cb N:4b -> E",
        "7. E:5d S:Ce W:6c N:4c -> S", "8. S:7b W:7d N:1c E:7c -> N",
        "9. N:8c E:3c S:7e W:6b -> E",
    ]  # fmt: skip
    text = record('[Rules "team-five"]', "", "deal 1 dealer W", *lines, lines[-1], "point none")
    checked = check(text)
    assert "A302" not in {code for code, _, _ in found(checked)}
    deal = report(checked)["deals"][0]
    assert deal["void"] is True and deal["point"] is None


def test_a_sheet_of_eight_entries_is_a207_and_both_forms_are_a208() -> None:
    checked = check(record("deal 1 dealer W", "winners: - - W S S - E E", "point E"))
    assert found(checked) == [("A207", 2, 1)]
    both = record("deal 1 dealer W", *trick_lines(), "winners: - - W S S - E E E", "point E")
    assert found(check(both)) == [("A208", 11, 1)]


def test_a_sheet_of_ten_entries_is_a207_and_scored_from_its_first_nine() -> None:
    # As trick lines past the ninth (A206): N took the nine tricks of the
    # deal, and the tenth entry decides nothing, so a point for EW is wrong.
    sheet = "winners: N N N N N N N N N E"
    checked = check(record("deal 1 dealer W", sheet, "point EW"))
    assert found(checked) == [("A207", 2, 1), ("A302", 3, 1)]
    deal = report(check(record("deal 1 dealer W", sheet, "point NS")))["deals"][0]
    assert deal["counts"] == {"N": 9, "E": 0, "S": 0, "W": 0}
    assert deal["point"] == {"team": "NS", "points": 1, "mordienne": False}


# --------------------------------------------------------------------------
# Tie-breaks for the most tricks (docs/rules.md §4)


def test_rules_example_tie_break_e_wins_for_ew_although_ns_took_five() -> None:
    # N: tricks 1, 6, 9; E: 2, 4, 7; S: 3, 8; W: 5.  N and E have 3 each;
    # E reached 3 at trick 7, N at trick 9: E wins, EW score.
    deal = deal_report(record("deal 1 dealer N", "winners: N E S E W N E S N", "point EW"))
    assert deal["counts"] == {"N": 3, "E": 3, "S": 2, "W": 1}
    assert deal["counts"]["N"] + deal["counts"]["S"] == 5
    assert deal["tie_break"] == {
        "tied": ["N", "E"],
        "total": 3,
        "reached_at": {"N": 9, "E": 7},
        "winner": "E",
    }
    assert deal["deal_winner"] == "E"
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_three_way_tie_goes_to_the_first_to_reach_the_total() -> None:
    # W: 1, 8; E: 4, 6; S: 3, 7; N: 5; tricks 2 and 9 pourri.
    # E reaches 2 at trick 6, S at 7, W at 8 (W won the first trick, yet loses).
    deal = deal_report(record("deal 1 dealer N", "winners: W - S E N E S W -"))
    assert deal["counts"] == {"N": 1, "E": 2, "S": 2, "W": 2}
    assert deal["tie_break"] == {
        "tied": ["E", "S", "W"],
        "total": 2,
        "reached_at": {"E": 6, "S": 7, "W": 8},
        "winner": "E",
    }
    assert deal["point"]["team"] == "EW"


def test_four_way_tie_at_two_tricks_each() -> None:
    # N: 1, 9; E: 2, 8; S: 3, 7; W: 4, 6; trick 5 pourri.  W reaches 2 first (trick 6).
    deal = deal_report(record("deal 1 dealer N", "winners: N E S W - W S E N"))
    assert deal["tie_break"] == {
        "tied": ["N", "E", "S", "W"],
        "total": 2,
        "reached_at": {"N": 9, "E": 8, "S": 7, "W": 6},
        "winner": "W",
    }
    assert (deal["deal_winner"], deal["point"]["team"]) == ("W", "EW")


def test_four_way_tie_at_one_trick_each_after_five_pourri() -> None:
    # Tricks 1-5 pourri, then S, N, W, E one each: S reached 1 first (trick 6).
    deal = deal_report(record("deal 1 dealer N", "winners: - - - - - S N W E"))
    assert deal["tie_break"] == {
        "tied": ["N", "E", "S", "W"],
        "total": 1,
        "reached_at": {"N": 7, "E": 9, "S": 6, "W": 8},
        "winner": "S",
    }
    assert deal["point"]["team"] == "NS"


def test_no_tie_break_when_one_player_has_strictly_the_most() -> None:
    deal = deal_report(record("deal 1 dealer N", "winners: E N N E S W N - S"))
    # N: 2, 3, 7 = 3; E 2; S 2; W 1.
    assert deal["counts"] == {"N": 3, "E": 2, "S": 2, "W": 1}
    assert deal["tie_break"] is None
    assert (deal["deal_winner"], deal["point"]["team"]) == ("N", "NS")


def test_deal_result_pure_function_agrees_with_the_rules_example(classic: Ruleset) -> None:
    counts, winner, tie, point = deal_result(list("NESEWNESN"), classic)
    assert counts == {"N": 3, "E": 3, "S": 2, "W": 1}
    assert winner == "E"
    assert tie is not None and tie.reached_at == {"N": 9, "E": 7}
    assert point is not None and (point.team, point.points) == ("EW", 1)


# --------------------------------------------------------------------------
# Void deals (docs/rules.md §4 convention)

ALL_POURRI = "winners: - - - - - - - - -"
# Five scoring sheets, worked by hand:
#   N N N E E S W - -  -> N 3            NS
#   E E E N S W - - -  -> E 3            EW
#   N E S E W N E S N  -> E (tie-break)  EW
#   S S N N W W E - S  -> S 3            NS
#   N E S W - W S E N  -> W (tie-break)  EW      NS 2, EW 3
SHEETS = [
    "winners: N N N E E S W - -",
    "winners: E E E N S W - - -",
    "winners: N E S E W N E S N",
    "winners: S S N N W W E - S",
    "winners: N E S W - W S E N",
]


def five_deals(result: str | None = None, dealers: str = "NESWN") -> str:
    lines = [f'[Result "{result}"]'] if result is not None else ['[Event "five deals"]']
    for k, (dealer, sheet) in enumerate(zip(dealers, SHEETS, strict=True), 1):
        lines += [f"deal {k} dealer {dealer}", sheet]
    return record(*lines)


def test_an_all_pourri_deal_is_void_and_scores_nothing() -> None:
    checked = check(record("deal 1 dealer N", ALL_POURRI, "point none"))
    assert found(checked) == []
    game = report(checked)
    deal = game["deals"][0]
    assert deal["void"] is True
    assert deal["point"] is None
    assert deal["deal_winner"] is None
    assert all(t["pourri"] for t in deal["tricks"])
    assert game["score"] == {"NS": 0, "EW": 0}


def test_a_void_deal_is_redealt_by_the_same_dealer_and_is_not_one_of_the_five() -> None:
    # Deal 1 void (dealer N), deal 2 dealt again by N, then E, S, W, N: six deals,
    # five scoring ones, the game is complete at NS 2, EW 3.
    lines = ['[Result "EW 3-2"]', "deal 1 dealer N", ALL_POURRI]
    for k, (dealer, sheet) in enumerate(zip("NESWN", SHEETS, strict=True), 2):
        lines += [f"deal {k} dealer {dealer}", sheet]
    checked = check(record(*lines))
    assert found(checked) == []
    game = report(checked)
    assert [d["void"] for d in game["deals"]] == [True, False, False, False, False, False]
    assert game["score"] == {"NS": 2, "EW": 3}
    assert (game["complete"], game["winner"]) == (True, "EW")


def test_a_different_dealer_after_a_void_deal_is_a105() -> None:
    checked = check(record("deal 1 dealer N", ALL_POURRI, "deal 2 dealer E", SHEETS[0]))
    assert found(checked) == [("A105", 3, 1)]
    message = messages(checked, "A105")[0]
    assert message.startswith("E deals, but N should")
    assert "void" in message


def test_a_redealt_void_deal_takes_the_next_number() -> None:
    checked = check(record("deal 1 dealer N", ALL_POURRI, "deal 1 dealer N", SHEETS[0]))
    assert found(checked) == [("A104", 3, 1)]
    assert messages(checked, "A104")[0].startswith("deal 1 should be deal 2")


# --------------------------------------------------------------------------
# A game and its Result (docs/rules.md §5)


def test_a_full_game_decided_3_2() -> None:
    checked = check(five_deals("EW 3-2"))
    assert found(checked) == []
    game = report(checked)
    assert [d["point"]["team"] for d in game["deals"]] == ["NS", "EW", "EW", "NS", "EW"]
    assert [d["deal_winner"] for d in game["deals"]] == ["N", "E", "E", "S", "W"]
    assert game["score"] == {"NS": 2, "EW": 3}
    assert (game["complete"], game["winner"]) == (True, "EW")


@pytest.mark.parametrize("claim", ["NS 3-2", "EW 4-1", "EW 5-0"])
def test_a_wrong_result_is_a303(claim: str) -> None:
    checked = check(five_deals(claim))
    assert found(checked) == [("A303", 1, 1)]
    assert "NS 2, EW 3" in messages(checked, "A303")[0]


@pytest.mark.parametrize("claim", ["EW 3:2", "EW three-two", "NS 2-3", "draw 3-2", "EW"])
def test_a_malformed_result_is_a304(claim: str) -> None:
    checked = check(five_deals(claim))
    assert found(checked) == [("A304", 1, 1)]


def test_an_unfinished_game_claiming_a_result_is_a305() -> None:
    text = record(
        '[Result "EW 2-1"]',
        "deal 1 dealer N",
        SHEETS[0],
        "deal 2 dealer E",
        SHEETS[1],
        "deal 3 dealer S",
        SHEETS[2],
    )
    checked = check(text)
    assert found(checked) == [("A305", 1, 1)]
    assert "3 scoring deals of 5" in messages(checked, "A305")[0]


def test_result_star_on_a_short_game_is_fine() -> None:
    checked = check(
        record('[Result "*"]', "deal 1 dealer N", SHEETS[0], "deal 2 dealer E", SHEETS[1])
    )
    assert found(checked) == []
    game = report(checked)
    assert game["score"] == {"NS": 1, "EW": 1}
    assert (game["complete"], game["winner"]) == (False, None)


def test_the_first_dealer_also_deals_the_fifth() -> None:
    checked = check(five_deals("EW 3-2", dealers="NESWE"))
    assert found(checked) == [("A105", 10, 1)]
    assert messages(checked, "A105")[0].startswith("E deals, but N should")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_first_dealer_written_wrong_is_one_finding(seed: int) -> None:
    """No rotation says who deals first, so a wrong seat in the first header
    is found by the first lead (A202); the second deal may go on from the
    dealer the first trick shows (the leader's right), as after an A105
    from the one who should have dealt.  A second slip is still found."""
    text = generated(seed, "--games", "1")
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if line.startswith("deal 1 dealer"))
    second = next(k for k, line in enumerate(lines) if line.startswith("deal 2 dealer"))
    dealer = lines[first][-1]
    for wrong in SEATS:
        if wrong == dealer:
            continue
        slipped = [*lines]
        slipped[first] = f"deal 1 dealer {wrong}"
        checked = check("\n".join(slipped))
        assert [(code, line) for code, line, _ in found(checked)] == [("A202", first + 7)]
        # ...and says the header is the line to look at
        assert messages(checked, "A202")[0].endswith(
            f"each card by its holder, as if {dealer} dealt: is the header's dealer,"
            f" {wrong}, the slip?"
        )
        next_dealer = lines[second][-1]
        for other in SEATS:
            if other in (next_dealer, left_of(wrong)):
                continue
            twice = [*slipped]
            twice[second] = f"deal 2 dealer {other}"
            codes = [(code, line) for code, line, _ in found(check("\n".join(twice)))]
            assert ("A105", second + 1) in codes, (wrong, other, codes)


@pytest.mark.parametrize("style", ["seats", "cards"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_first_dealer_written_wrong_is_shown_alike_with_seats_or_cards_alone(
    seed: int, style: str
) -> None:
    """Trick 1 as the replay seats it shows the dealer: cards alone by the
    hands that hold them, though one hand line is not given (a record
    and the same with its seats written say one thing: one A202, and the
    next deal goes on from the dealer shown, no A105)."""
    text = generated(seed, "--games", "1", "--style", style)
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if line.startswith("deal 1 dealer"))
    dealer = lines[first][-1]
    wrong = left_of(dealer)
    lines[first] = f"deal 1 dealer {wrong}"
    del lines[first + 2]  # E's hand line (E plays in trick 1, whoever leads)
    checked = check("\n".join(lines))
    assert [(code, line) for code, line, _ in found(checked)] == [("A202", first + 6)]
    assert messages(checked, "A202")[0].endswith(
        f"as if {dealer} dealt: is the header's dealer, {wrong}, the slip?"
    )


@pytest.mark.parametrize("style", ["seats", "cards", "sheet"])
def test_a_first_dealer_that_cannot_be_read_is_the_one_trick_1_shows_or_none(style: str) -> None:
    """The first header's dealer mistyped (``dealr``, A001): no rotation
    says who dealt, so the dealer is the right of trick 1's leader, whom a
    seat written shows, or the hand that holds the card led (cards alone).
    A score sheet shows no leader: the dealer is then unknown, and the
    second deal's is not checked against a stand-in (it was: an A105 for a
    slip of one line)."""
    text = generated(4, "--games", "1", "--style", style)
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if line.startswith("deal 1 dealer"))
    dealer = lines[first][-1]
    lines[first] = f"deal 1 dealr {dealer}"
    for where in ("the seat", "a lone seat"):
        # the seat that ends the line is read, however the word before it is
        # typed; without it, what trick 1 shows
        if where == "a lone seat":
            lines[first] = "deal 1 dealr"
        checked = check("\n".join(lines))
        assert [(code, line) for code, line, _ in found(checked)] == [("A001", first + 1)]
        said = report(checked)["deals"][0]["dealer"]
        if where == "the seat" or style != "sheet":
            assert said == dealer, where
        else:  # (the stand-in N was shown as the dealer, and counted so by stats)
            assert said is None, where


# --------------------------------------------------------------------------
# Point claims (docs/rules.md §4, docs/notation.md §4 "point")

RULES_EXAMPLE = "winners: N E S E W N E S N"  # E wins the deal for EW with 3 tricks


@pytest.mark.parametrize("claim", ["point EW", "point E", "point EW 1", "point E 1"])
def test_a_right_point_claim_is_accepted(claim: str) -> None:
    assert found(check(record("deal 1 dealer N", RULES_EXAMPLE, claim))) == []


@pytest.mark.parametrize(
    ("claim", "side"),
    [
        ("point NS", "NS"),  # wrong team: NS took five tricks, but tricks are not pooled
        ("point N", "N"),  # wrong seat: N has 3 too but lost the tie-break
        ("point W", "W"),  # right team, wrong seat
        ("point S", "S"),
    ],
)
def test_a_point_claimed_for_the_wrong_side_is_a302(claim: str, side: str) -> None:
    checked = check(record("deal 1 dealer N", RULES_EXAMPLE, claim))
    assert found(checked) == [("A302", 3, 1)]
    message = messages(checked, "A302")[0]
    assert message.startswith(f"point claimed for {side}, but E wins the deal for EW")
    assert "3 tricks" in message


def test_point_none_on_a_deal_that_scores_is_a302() -> None:
    checked = check(record("deal 1 dealer N", RULES_EXAMPLE, "point none"))
    assert found(checked) == [("A302", 3, 1)]
    assert "E wins the deal for EW" in messages(checked, "A302")[0]


#: N reaches three tricks first: N wins the deal for NS.
NS_SHEET = "winners: N N N E W S E S N"


def sheets(*deals: tuple[str, str, str]) -> list[str]:
    """Deal k (from 1) as three lines, header, sheet, point: deal k's point
    line is line 3k + 1 below one tag line."""
    return [
        line
        for k, (dealer, sheet, point) in enumerate(deals, 1)
        for line in (f"deal {k} dealer {dealer}", sheet, f"point {point}")
    ]


def test_a_result_that_follows_the_record_s_points_follows_from_its_wrong_point() -> None:
    # Deal 2 is EW's by its sheet, NS's by its point line; the Result adds
    # the point lines up (NS 3-2), the cards make it EW 3-2. One mistake:
    # the A303 follows from the A302 (the sheet or the point, to fix first).
    deals = [("N", RULES_EXAMPLE, "EW"), ("E", RULES_EXAMPLE, "NS"), ("S", NS_SHEET, "NS")]
    deals += [("W", NS_SHEET, "NS"), ("N", RULES_EXAMPLE, "EW")]
    checked = check(record('[Result "NS 3-2"]', *sheets(*deals)))
    assert found(checked) == [("A303", 1, 1), ("A302", 7, 1)]
    assert checked.outcome.findings[0].consequence_of == ("A302", 7, 1)
    assert checked.outcome.score == {"NS": 2, "EW": 3}  # the score stays the cards'
    # a Result that neither the cards nor the point lines give is its own mistake
    wrong = check(record('[Result "NS 4-1"]', *sheets(*deals)))
    assert [f.consequence_of for f in wrong.outcome.findings] == [None, None]


def test_a_deal_written_void_that_scored_is_one_mistake_for_the_dealers_after_it() -> None:
    # Deal 2 written void: the record has E deal again, and plays six deals
    # (five scoring, as it tells them). By the cards deal 2 scored, so E's
    # deal 3 (A105) and deal 6 (A106) follow from that one point line.
    deals = [("N", RULES_EXAMPLE, "EW"), ("E", RULES_EXAMPLE, "none"), ("E", NS_SHEET, "NS")]
    deals += [("S", NS_SHEET, "NS"), ("W", NS_SHEET, "NS"), ("N", RULES_EXAMPLE, "EW")]
    checked = check(record('[Result "NS 3-2"]', *sheets(*deals)))
    assert found(checked) == [("A302", 7, 1), ("A105", 8, 1), ("A106", 17, 1)]
    assert [f.consequence_of for f in checked.outcome.findings] == [
        None,
        ("A302", 7, 1),
        ("A302", 7, 1),
    ]


@pytest.mark.parametrize("claim", ["point NS", "point EW", "point S"])
def test_a_point_claimed_on_a_void_deal_is_a302(claim: str) -> None:
    checked = check(record("deal 1 dealer N", ALL_POURRI, claim))
    assert found(checked) == [("A302", 3, 1)]
    assert "void" in messages(checked, "A302")[0]


def test_two_points_claimed_without_mordienne_is_a307() -> None:
    # Classic, no option: no deal is ever worth 2, whatever its tricks, so the
    # number is a value the rules never give (A307, docs/violations.md), not
    # a wrong claim about this deal's tricks (A302).
    checked = check(record("deal 1 dealer N", RULES_EXAMPLE, "point EW 2"))
    assert found(checked) == [("A307", 3, 1)]
    assert "write 'point EW'" in messages(checked, "A307")[0]


def test_validate_finds_an_impossible_value_in_the_writer_s_own_layout(tmp_path: Path) -> None:
    # The hand-worked deal in the layout the writer gives (hands, stock,
    # seated trick lines, point line): the layout the quick check reads, so
    # the command must not vouch for it with "point E 2".
    text = record("deal 1 dealer W", *HANDS, *trick_lines(), "point E 2")
    path = tmp_path / "deal.aln"
    path.write_text(text, encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:16:1: A307 point E 2:" in result.stdout


@pytest.mark.parametrize(
    "play",
    [
        [],  # the point line alone
        [RULES_EXAMPLE],  # a score sheet: E wins for EW
        # The deal of docs/rules.md §3, trick by trick: E wins for EW as well.
        [
            "N: 3d Rc 9e 7b 1d 4c Vd 5e 2b",
            "E: 2d 1c Cc 8d 6b 4e 9b 5b 7c",
            "S: Re Cb 8c 6e 5d Vc 4b 3e 7e",
            "W: 9c 1e Rd Cd 8e 6c 5c Vb 3b",
            "1. N:3d E:8d S:6e W:3b -> N",
            "2. N:Rc E:Cc S:Re W:Rd -> pourri",
            "3. N:5e E:9b S:3e W:6c -> E",
            "4. E:2d S:Vc W:5c N:7b -> E",
            "5. E:7c S:Cb W:8e N:4c -> S",
            "6. S:5d W:Cd N:9e E:1c -> E",
            "7. E:4e S:7e W:9c N:Vd -> W",
            "8. W:Vb N:1d E:5b S:8c -> N",
            "9. N:2b E:6b S:4b W:1e -> N",
        ],
    ],
    ids=["points-only", "sheet", "tricks"],
)
@pytest.mark.parametrize("claim", ["point EW 2", "point E 3", "point EW 0"])
def test_an_impossible_point_value_is_a307_in_every_form_of_the_record(
    play: list[str], claim: str
) -> None:
    # The right side, an impossible number: the same single A307 whether the
    # record gives the tricks, a sheet, or nothing to check the point against.
    checked = check(record("deal 1 dealer W", *play, claim))
    assert found(checked) == [("A307", 2 + len(play), 1)]


def test_an_impossible_point_value_on_the_wrong_side_is_both_mistakes() -> None:
    # NS is the wrong team (E wins for EW) and 2 is never a classic point:
    # two mistakes on one line, each with its own code.
    checked = check(record("deal 1 dealer N", RULES_EXAMPLE, "point NS 2"))
    assert sorted(found(checked)) == [("A302", 3, 1), ("A307", 3, 1)]


def test_a_record_of_point_lines_only_is_scored_from_its_claims() -> None:
    # N, EW, S, W, NS: NS 3 (N, S, NS), EW 2 (EW, W).
    text = record(
        '[Result "NS 3-2"]',
        "deal 1 dealer N",
        "point N",
        "deal 2 dealer E",
        "point EW",
        "deal 3 dealer S",
        "point none",
        "deal 4 dealer S",
        "point S",
        "deal 5 dealer W",
        "point W",
        "deal 6 dealer N",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == []
    game = report(checked)
    assert game["score"] == {"NS": 3, "EW": 2}
    assert (game["complete"], game["winner"]) == (True, "NS")
    assert game["deals"][2]["void"] is True


def test_a_record_of_point_lines_only_still_checks_the_dealer_and_result() -> None:
    text = record(
        '[Result "EW 3-2"]',
        "deal 1 dealer N",
        "point N",
        "deal 2 dealer S",  # E should deal after N's scoring deal
        "point EW",
        "deal 3 dealer W",
        "point S",
        "deal 4 dealer N",
        "point W",
        "deal 5 dealer E",
        "point NS",
    )
    checked = check(text)
    assert found(checked) == [("A303", 1, 1), ("A105", 4, 1)]


# --------------------------------------------------------------------------
# The sequence of deals (docs/notation.md §4, docs/rules.md §2, §5)


def test_deal_numbers_out_of_sequence_are_a104() -> None:
    checked = check(record("deal 1 dealer N", "point NS", "deal 3 dealer E", "point EW"))
    assert found(checked) == [("A104", 3, 1)]
    assert messages(checked, "A104")[0].startswith("deal 3 should be deal 2")


def test_the_first_deal_is_deal_one() -> None:
    checked = check(record("deal 2 dealer N", "point NS"))
    assert found(checked) == [("A104", 1, 1)]
    assert messages(checked, "A104")[0].startswith("deal 2 should be deal 1")


def test_the_deal_passes_to_the_left_after_a_scoring_deal() -> None:
    checked = check(record("deal 1 dealer N", "point NS", "deal 2 dealer S", "point EW"))
    assert found(checked) == [("A105", 3, 1)]
    assert messages(checked, "A105")[0].startswith("S deals, but E should")


def test_a_deal_after_the_fifth_scoring_deal_is_a106() -> None:
    lines = []
    for k, dealer in enumerate("NESWNE", 1):
        lines += [f"deal {k} dealer {dealer}", "point NS"]
    checked = check(record(*lines))
    assert found(checked) == [("A106", 11, 1)]
    assert "after deal 5" in messages(checked, "A106")[0]


# --------------------------------------------------------------------------
# Mordienne (docs/rules.md §6)


def mordienne_deal(sheet: str, claim: str | None = None) -> CheckedGame:
    lines = ['[Options "mordienne"]', "deal 1 dealer N", f"winners: {sheet}"]
    return check(record(*lines, *([claim] if claim else [])))


def test_a_comeback_run_to_the_last_trick_scores_two() -> None:
    # E wins nothing in tricks 1-5, then 6, 7, 8, 9: E 4, most tricks, mordienne.
    checked = mordienne_deal("N S N S W E E E E", "point EW 2")
    assert found(checked) == []
    deal = report(checked)["deals"][0]
    assert deal["deal_winner"] == "E"
    assert deal["point"] == {"team": "EW", "points": 2, "mordienne": True}
    assert report(checked)["score"] == {"NS": 0, "EW": 2}


def test_the_same_comeback_scores_one_without_the_option() -> None:
    checked = check(record("deal 1 dealer N", "winners: N S N S W E E E E", "point EW"))
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_a_pourri_inside_the_run_breaks_it() -> None:
    # E wins 5, 6, 8, 9 with trick 7 pourri: the final run is 8-9, and E won before it.
    checked = mordienne_deal("N S N S E E - E E", "point EW")
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_a_pourri_last_trick_is_not_mordienne() -> None:
    # E wins 6, 7, 8 (3, the most), trick 9 pourri: no run ends with the ninth trick.
    checked = mordienne_deal("N S N S W E E E -", "point EW")
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_winning_every_trick_from_the_first_is_no_comeback() -> None:
    checked = mordienne_deal("E E E E E E E E E", "point EW")
    assert found(checked) == []
    assert report(checked)["deals"][0]["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_claiming_one_point_on_a_mordienne_deal_is_a302() -> None:
    checked = mordienne_deal("N S N S W E E E E", "point EW")
    assert found(checked) == [("A302", 4, 1)]
    assert "worth 2" in messages(checked, "A302")[0]
    assert "mordienne" in messages(checked, "A302")[0]


def test_an_impossible_value_on_a_mordienne_deal_proposes_the_deal_s_own_value() -> None:
    # The comeback deal above is worth 2 to E; 3 is never a point with
    # mordienne (1, or 2): A307, and the fix it proposes is E's 2, not the
    # least a deal is worth.
    checked = mordienne_deal("N N S W E E E E E", "point E 3")
    assert found(checked) == [("A307", 4, 1)]
    assert messages(checked, "A307")[0].endswith("write 'point E 2'")


def test_is_mordienne_by_hand() -> None:
    assert is_mordienne(list("NSNSWEEEE"), "E")
    assert is_mordienne([None, None, "N", "E", "E", "E", "E", "E", "E"], "E")
    assert not is_mordienne(["N", "S", "N", "S", "E", "E", None, "E", "E"], "E")
    assert not is_mordienne(["N", "S", "N", "S", "W", "E", "E", "E", None], "E")
    assert not is_mordienne(list("EEEEEEEEE"), "E")
    assert not is_mordienne(list("NSNSWEEEN"), "E")  # the last trick is not E's


def test_with_mordienne_a_game_can_end_in_a_draw() -> None:
    # NS 1; E's comeback from trick 6, 2 for EW; S 3 (won 1-2 before the run), NS 1;
    # E by tie-break, EW 1; N 3, NS 1.  NS 3, EW 3: a draw (docs/rules.md §5 convention).
    sheets = [
        "winners: N N N E E S W - -",
        "winners: N S N S W E E E E",
        "winners: S S N N W W E - S",
        "winners: N E S E W N E S N",
        "winners: E N N E S W N - S",
    ]
    lines = ['[Options "mordienne"]', '[Result "draw 3-3"]']
    for k, (dealer, sheet) in enumerate(zip("NESWN", sheets, strict=True), 1):
        lines += [f"deal {k} dealer {dealer}", sheet]
    checked = check(record(*lines))
    assert found(checked) == []
    game = report(checked)
    assert [d["point"]["points"] for d in game["deals"]] == [1, 2, 1, 1, 1]
    assert game["score"] == {"NS": 3, "EW": 3}
    assert (game["complete"], game["winner"]) == (True, "draw")


# --------------------------------------------------------------------------
# The checklist of docs/rules.md §15 names tests that exist


def test_every_test_the_rules_checklist_names_exists() -> None:
    root = Path(__file__).resolve().parent
    page = (root.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    checklist = page.split("## 15. Rule, check, test", 1)[1]
    defined = {
        name
        for path in root.glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    named = re.findall(r"`(test_\w+)`", checklist)
    assert named, "the checklist names no test"
    assert sorted(set(named) - defined) == []
    # and the files it names them in, without their test_ prefix
    files = set(re.findall(r"`(\w+)`: ", checklist))
    assert {"engine", "properties"} <= files
    assert sorted(f for f in files if not (root / f"test_{f}.py").is_file()) == []
    mutations = re.findall(r"`([a-z]+(?:-[a-z]+)+)`", checklist)
    assert sorted(set(mutations) - set(MUTATIONS)) == []


# A generated deal in cards-only form (worked: N wins trick 1 and leads
# trick 2, which W takes with 2c; W leads trick 3, which E takes with 2e).
CARDS_ONLY = """[Rules "classic"]

deal 1 dealer W
1. 2d Rd 6d 9e -> N
2. 7c Cd 4e 2c -> W
3. 5e 8e 2e 3e -> E
4. 9b 8b Vc 9d -> N
5. 6e 3b 5d 5c -> N
6. 4d Cb 1e 3d -> W
7. 3c 4b 7d 2b -> W
8. 9c 4c 8d 1c -> W
9. Rb 8c Ve 5b -> W
point W
"""


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        ("2. 7c Cd 4e 2x -> W", [("A001", 5, 13)]),  # a typo: the line is unreadable
        ("", [("A201", 5, 1)]),  # the line left out
    ],
    ids=["unreadable", "missing"],
)
def test_after_a_lost_line_cards_alone_are_seated_by_their_claims(
    damage: str, expected: list[tuple[str, int, int]]
) -> None:
    """Who leads trick 3 is not known once trick 2 is lost; its claim tells
    (E took it with 2e, the third card: W led).  Guessing the leader instead
    put every card of the deal in the wrong hand, and every claim after it
    was called wrong."""
    assert found(check(CARDS_ONLY)) == []
    text = CARDS_ONLY.replace("2. 7c Cd 4e 2c -> W\n", f"{damage}\n" if damage else "")
    checked = check(text)
    assert found(checked) == expected
    (deal,) = report(checked)["deals"]
    assert [t["leader"] for t in deal["tricks"]] == ["N", None, "W", "E", "N", "N", "W", "W", "W"]
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_cards_alone_whose_leader_nothing_tells_are_not_judged() -> None:
    # Trick 2 lost, and trick 3's claim left out: who played 5e, 8e, 2e, 3e
    # cannot be known, so nothing is said of them (trick 4's claim tells
    # again who led it).
    text = CARDS_ONLY.replace("2. 7c Cd 4e 2c -> W\n", "").replace("2e 3e -> E", "2e 3e")
    checked = check(text)
    assert found(checked) == [("A201", 5, 1)]
    (deal,) = report(checked)["deals"]
    assert [t["leader"] for t in deal["tricks"]][:4] == ["N", None, None, "E"]


# Team-five: E's 3d (monsieur) takes trick 1, so by the cards EW have their
# fifth trick at trick 7; the record claims trick 1 for S, and by its claims
# NS take their fifth at trick 9 (S, S, N, N, N), as the point line says
# (E plays 2b in trick 2 and 8c in trick 7, W takes trick 7 and leads trick
# 8, so that nothing else is wrong).
CLAIMED_ON = """\
[Rules "team-five"]

deal 1 dealer W
N: 2e Cc Rd 8e 2d 5c 6d 7c Rc
E: Vd 2c 2b 8c 5d Ce 3d 7b Ve
S: 8d Vb 1e 3e 6b 3b 9c 7d 9e
W: 5b 8b 6c 4d Re 1d 4e 1b 4c
stock: Cb 6e 5e 4b Cd 3c Rb 7e Vc 9d 1c 9b
1. N:5c E:3d S:9c W:4d -> S
2. S:9e W:4c N:Rd E:2b -> E
3. E:2c S:1e W:1b N:7c -> E
4. E:7b S:7d W:1d N:6d -> W
5. W:4e N:8e E:5d S:Vb -> S
6. S:6b W:5b N:2d E:Ve -> N
7. N:Cc E:8c S:3b W:Re -> W
8. W:8b N:2e E:Ce S:8d -> N
9. N:Rc E:Vd S:3e W:6c -> N
point NS
"""

# Team-five: N's 2b and E's 3e are swapped in trick 5 (A203): by the cards N
# takes it and neither team has five after eight tricks; by the claims E
# does, and EW have their fifth at trick 8, where the record stops.
STOPPED_AS_CLAIMED = """\
[Rules "team-five"]

deal 1 dealer W
N: Rd 2e 8b 2d 4e 3e 9b 5e Re
E: 3c 1c 2b 9d 9c 1d 1e 5d 8e
S: 4b 2c Ve Rb Ce 6b 3d Vb 5b
W: 6e Vc 5c 3b 6d 1b Cc 7d 7c
stock: 6c 8d 4c Cd Rc Vd 8c 9e 7b Cb 7e 4d
1. 4e 8e Vb 3b -> S
2. 5b 7c Re 9d -> E
3. 5d 2c 6e 2e -> S
4. 3d 7d Rd 1d -> S
5. Ce 1b 2b 3e -> E
6. 1c 6b Cc 5e -> E
7. 1e Ve 5c 9b -> E
8. 9c 4b Vc 8b -> E
point EW
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the deal's end and its point line are right for the claims
        (CLAIMED_ON, [("A301", 9, None), ("A209", 17, 9), ("A302", 18, 9)]),
        (
            # (N and E each play the other's card: the second A203 follows)
            STOPPED_AS_CLAIMED,
            [("A206", 3, 13), ("A203", 13, None), ("A203", 13, 13), ("A301", 13, 13)],
        ),
    ],
    ids=["decided later by the claims", "decided where the record stops"],
)
def test_where_the_claims_end_a_team_five_deal_follows_from_the_wrong_claim(
    text: str, expected: list[tuple[str, int, int | None]]
) -> None:
    """Under team-five the claims decide where play stops.  A deal the cards
    end sooner (A209), or not at all (A206), than the claims do is one
    mistake with the claim: its findings follow from it.  The point line was
    not marked either: it was checked against the claims only up to where
    the cards had ended the deal."""
    said = [
        (f.code, f.line, f.consequence_of[1] if f.consequence_of else None)
        for f in check(text).outcome.findings
    ]
    assert said == expected


#: the reference deal of docs/violations.md, its header and hands only
HANDS_S_DEALS = "".join(REFERENCE.splitlines(keepends=True)[:6])


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        # W's card left out: W should have led, and W's ace would have taken it
        (
            "1. N:Cd E:3b S:Ve -> W",
            [("A205", 1, None), ("A202", 4, "A205@1"), ("A301", 19, "A205@1")],
        ),
        # a fifth card: W's turn comes round again; the card lies in the
        # stock, and striking it out mends both the count and the card
        (
            "1. W:1d N:Cd E:3b S:Ve W:Vd -> W",
            [("A205", 1, None), ("A202", 24, "A205@1"), ("A203", 24, "A205@1")],
        ),
        # a fifth card from the stock that takes the trick: the claim, right
        # for the four cards, follows from the count, the first to fix, never
        # from the turn (A202) or the card (A203) that follow from it
        (
            "1. W:1d N:Cd E:3b S:Ve N:2c -> W",
            [
                ("A205", 1, None),
                ("A202", 24, "A205@1"),
                ("A203", 24, "A205@1"),
                ("A301", 29, "A205@1"),
            ],
        ),
        # S's card left out, and N leads where W, who is there, should: the
        # lead is a mistake of its own, and W's ace takes the trick as claimed
        ("1. N:Cd E:3b W:1d -> W", [("A205", 1, None), ("A202", 4, None)]),
    ],
    ids=[
        "a card missing",
        "a fifth card",
        "a fifth card that takes it",
        "a card missing and a wrong lead",
    ],
)
def test_the_turns_a_trick_of_three_or_five_cards_puts_out_follow_from_it(
    trick: str, expected: list[tuple[str, int, str | None]]
) -> None:
    """One card too few or too many is one mistake (A205): the turn it
    breaks (A202) and the claim it may change (A301) follow from it.  Before,
    each was a finding to act on of its own."""
    checked = check(HANDS_S_DEALS + trick + "\n")
    line = HANDS_S_DEALS.count("\n") + 1
    said = [
        (
            f.code,
            f.column,
            f"{f.consequence_of[0]}@{f.consequence_of[2]}" if f.consequence_of else None,
        )
        for f in checked.outcome.findings
        if f.line == line
    ]
    assert said == expected
    assert all(f.line == line for f in checked.outcome.findings if f.code in ("A202", "A205"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_two_cards_of_a_trick_written_the_wrong_way_round_are_one_mistake(seed: int) -> None:
    """Each of two players plays the other's card: one slip of the pen.  The
    second A203 follows from the first, as the claim and what the claims
    decide do; one finding is left to act on."""
    lines = generated(seed, "--games", "1").split("\n")
    tricks = [k for k, line in enumerate(lines) if line[:2] in ("1.", "4.", "7.")][:3]
    for k, (a, b) in zip(tricks, [(0, 1), (0, 3), (1, 2)], strict=True):
        words = lines[k].split()
        (sa, ca), (sb, cb) = words[1 + a].split(":"), words[1 + b].split(":")
        words[1 + a], words[1 + b] = f"{sa}:{cb}", f"{sb}:{ca}"
        slipped = [*lines]
        slipped[k] = " ".join(words)
        findings = check("\n".join(slipped)).outcome.findings
        to_fix = [(f.code, f.line) for f in findings if f.consequence_of is None]
        assert to_fix == [("A203", k + 1)], (lines[k], [f.sentence() for f in findings])
        assert [f.code for f in findings if f.line == k + 1][:2] == ["A203", "A203"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_trick_s_seat_letters_shifted_by_one_are_one_mistake(seed: int) -> None:
    """Every card of a trick under the seat of the player after its holder:
    the lead (A202) and the four A203 are one slip, and so is the claim."""
    lines = generated(seed, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("3."))
    plays = [word.split(":") for word in lines[k].split()[1:5]]
    shifted = [f"{left_of(seat)}:{card}" for seat, card in plays]
    slipped = [*lines]
    slipped[k] = " ".join(["3.", *shifted, *lines[k].split()[5:]])
    findings = check("\n".join(slipped)).outcome.findings
    on_line = [f.code for f in findings if f.line == k + 1]
    assert on_line[:5] == ["A202", "A203", "A203", "A203", "A203"], on_line
    to_fix = [(f.code, f.line) for f in findings if f.consequence_of is None]
    assert to_fix == [("A203", k + 1)], [f.sentence() for f in findings]


@pytest.mark.parametrize("claims", [True, False], ids=["claims", "no claims"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_seat_letter_typed_as_another_is_one_mistake(seed: int, claims: bool) -> None:
    """A card written for another seat of its trick: out of turn (A202), by
    a player who does not hold it (A203), dealt to the player whose turn it
    was.  The A203 follows from the A202, and the trick is read as the
    holder played it: its claim, its winner and the next lead are what the
    clean record gives, with claims or without."""
    clean = generated(seed, "--games", "1")
    if not claims:
        clean = re.sub(r" -> \S+", "", clean)
    lines = clean.split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("3."))
    words = lines[k].split()
    truth = report(check(clean))["deals"][0]
    for p, q in [(0, 1), (1, 3), (2, 0), (3, 2)]:  # the lead, and each other turn
        typed = [*words]
        typed[1 + p] = words[1 + q][0] + words[1 + p][1:]
        slipped = [*lines]
        slipped[k] = " ".join(typed)
        checked = check("\n".join(slipped))
        findings = checked.outcome.findings
        to_fix = [(f.code, f.line, f.column) for f in findings if f.consequence_of is None]
        column = 1 + sum(len(w) + 1 for w in words[: 1 + p])
        assert to_fix == [("A202", k + 1, column)], (typed, [f.sentence() for f in findings])
        assert [(f.code, f.consequence_of) for f in findings] == [
            ("A202", None),
            ("A203", ("A202", k + 1, column)),
        ]
        deal = report(checked)["deals"][0]
        assert deal["tricks"] == truth["tricks"] and deal["point"] == truth["point"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_two_cards_written_in_each_other_s_hand_line_are_one_mistake(seed: int) -> None:
    """A card of N's hand line and one of E's written the wrong way round:
    N plays a card "dealt to E" and E one "dealt to N", in two tricks, and
    neither ever plays the other's.  The second A203 follows from the
    first; where E had played N's card too, the two would be two slips."""
    lines = generated(seed, "--games", "1").split("\n")
    n, e = (next(k for k, line in enumerate(lines) if line.startswith(s)) for s in ("N:", "E:"))
    slipped = [*lines]
    a, b = lines[n].split()[3], lines[e].split()[5]
    slipped[n], slipped[e] = lines[n].replace(a, b), lines[e].replace(b, a)
    findings = check("\n".join(slipped)).outcome.findings
    assert [f.code for f in findings] == ["A203", "A203"], [f.sentence() for f in findings]
    assert [f.consequence_of is None for f in findings] == [True, False]


def test_a_fifth_card_explains_the_claim_its_four_cards_make() -> None:
    """W's fifth card is not W's, and no card of W's hand would have let E
    take the trick: the claim is what the four cards give, so it follows
    from the count (A205), as do the card's own faults, here and when it is
    played again in the next trick (A204)."""
    text = record(
        "deal 1 dealer S",
        "W: 4b 3d 3c 2d 2c 9d 2b 2e 1b",
        "1. W:4b N:5c E:1d S:6e W:9c -> E",
        "2. E:7c S:7d W:9c N:8c -> W",
    )
    said = [(f.code, f.line, f.consequence_of) for f in check(text).outcome.findings]
    assert said == [
        ("A206", 1, None),
        ("A205", 3, None),
        ("A202", 3, ("A205", 3, 1)),
        ("A203", 3, ("A205", 3, 1)),
        ("A301", 3, ("A205", 3, 1)),
        ("A204", 4, ("A205", 3, 1)),
    ]


def test_a_wrong_claim_no_card_fault_explains_is_a_mistake_of_its_own() -> None:
    """N's Ce and E's Vb written in each other's hand lines (one slip: two
    A203, the second marked), and trick 1, where N plays Ce, claimed for S
    although Re and Rd tie whatever N played: the claim is a second
    mistake, to act on, not a consequence of the hand lines."""
    lines = generated(8, "--games", "1").split("\n")
    n, e = (
        lines.index("N: 2e Cc 6c 4e 3e 5c 7c Cb Ce"),
        lines.index("E: Rd Vd Vb 6e 1d 8d Rb 8b 6b"),
    )
    lines[n], lines[e] = lines[n].replace("Ce", "Vb"), lines[e].replace("Vb", "Ce")
    trick = lines.index("1. S:Cd W:Re N:Ce E:Rd -> pourri")
    said = [(f.code, f.consequence_of is None) for f in check("\n".join(lines)).outcome.findings]
    assert said == [("A203", True), ("A203", False)]  # the hand lines alone
    lines[trick] = lines[trick].replace("pourri", "S")
    said = [(f.code, f.consequence_of is None) for f in check("\n".join(lines)).outcome.findings]
    assert said == [("A203", True), ("A301", True), ("A203", False)]


def _swap(line: str, a: int, b: int) -> str:
    """A trick line with the cards of its plays ``a`` and ``b`` exchanged."""
    words = line.split()
    (sa, ca), (sb, cb) = words[1 + a].split(":"), words[1 + b].split(":")
    words[1 + a], words[1 + b] = f"{sa}:{cb}", f"{sb}:{ca}"
    return " ".join(words)


def _to_fix(text: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in check(text).outcome.findings if f.consequence_of is None]


@pytest.mark.parametrize("style", ["cards", "seats"])
def test_a_card_typed_as_another_of_its_trick_is_one_mistake(style: str) -> None:
    """A card of a trick typed as another of the same trick: the last as
    the second (played twice, A204), or the third as the last (not the
    third player's, A203, and the last player's own after it).  The claim
    the true card made right is wrong for the cards as written, and follows
    from the card's fault: the player at fault holds a card that makes it
    right (for the A204 the last player, not the second, who played the
    card rightly; for the A203 the third, not the last)."""
    lines = generated(0, "--games", "1", "--style", style).split("\n")
    wrong_claims = {"A204": 0, "A203": 0}
    for k, line in enumerate(lines):
        words = line.split()
        if not (words and words[0][:-1].isdigit() and words[0].endswith(".")):
            continue
        for code, at, like in [("A204", 4, 2), ("A203", 3, 4)]:
            card = words[like].split(":")[-1]
            typed = f"{words[at].split(':')[0]}:{card}" if style == "seats" else card
            slipped = [*lines]
            slipped[k] = " ".join([*words[:at], typed, *words[at + 1 :]])
            to_fix = _to_fix("\n".join(slipped))
            assert to_fix == [(code, k + 1)], (slipped[k], to_fix)
            findings = check("\n".join(slipped)).outcome.findings
            wrong_claims[code] += any(f.code == "A301" for f in findings)
    # the claims the slips make wrong, each a consequence
    assert min(wrong_claims.values()) >= 5, wrong_claims


@pytest.mark.parametrize("style", ["cards", "seats"])
def test_without_claims_the_next_lead_follows_from_a_card_typed_as_one_played(
    style: str,
) -> None:
    """A trick's third card typed as the first card of trick 1 (played
    twice, A204), in records without claims: the next trick's lead is
    what says who took the trick, and where the slip gave the trick to
    another seat, that lead (A202) follows from the A204, as a claim
    would: one finding to act on."""
    lines = generated(0, "--games", "1", "--style", style, "--no-claims").split("\n")
    tricks = [k for k, line in enumerate(lines) if re.match(r"[1-9]\. ", line)]
    wrong_leads = 0
    for k in tricks:
        words = lines[k].split()
        if words[0] in ("1.", "9."):
            continue
        first = max(j for j in tricks if j < k and lines[j].startswith("1. "))
        card = lines[first].split()[1].split(":")[-1]
        typed = f"{words[3].split(':')[0]}:{card}" if style == "seats" else card
        slipped = [*lines]
        slipped[k] = " ".join([*words[:3], typed, *words[4:]])
        to_fix = _to_fix("\n".join(slipped))
        assert to_fix == [("A204", k + 1)], (slipped[k], to_fix)
        findings = check("\n".join(slipped)).outcome.findings
        wrong_leads += any(f.code == "A202" for f in findings)
    assert wrong_leads >= 3  # the leads the slips make wrong, each a consequence


@pytest.mark.parametrize("seed", [5, 6])
def test_two_swaps_are_two_mistakes_in_one_trick_or_in_two(seed: int) -> None:
    """Each swap of two cards is one slip: two in one trick (two cycles of
    cards), or two between the same players in two tricks (not hand lines
    written the wrong way round, which each trick's own swap explains), are
    two findings to act on, not one."""
    lines = generated(seed, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("3."))
    both = [*lines]
    both[k] = _swap(_swap(lines[k], 0, 1), 2, 3)
    assert [code for code, line in _to_fix("\n".join(both))] == ["A203", "A203"]
    later = next(j for j, line in enumerate(lines) if line.startswith("8.") and j > k)
    played = [w.split(":")[0] for w in lines[k].split()[1:5]]
    again = [w.split(":")[0] for w in lines[later].split()[1:5]]
    apart = [*lines]
    apart[k] = _swap(lines[k], 0, 1)
    apart[later] = _swap(lines[later], again.index(played[0]), again.index(played[1]))
    assert _to_fix("\n".join(apart)) == [("A203", k + 1), ("A203", later + 1)]


def test_a_claim_wrong_whatever_the_swap_was_is_a_mistake_of_its_own() -> None:
    """Two cards of trick 1 swapped, and its claim changed to pourri where,
    the cards given to their holders, one card takes it: two mistakes.  A
    card the player plays later was tried in place of the swapped one."""
    lines = generated(10, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("1."))
    slipped = [*lines]
    slipped[k] = _swap(lines[k], 0, 1)
    assert [code for code, _ in _to_fix("\n".join(slipped))] == ["A203"]
    assert "-> pourri" not in lines[k]
    slipped[k] = slipped[k].rsplit("->", 1)[0] + "-> pourri"
    assert [code for code, _ in _to_fix("\n".join(slipped))] == ["A203", "A301"]


def test_after_a_wrong_dealer_and_a_wrong_claim_the_record_s_leader_leads_again() -> None:
    """Deal 2 dealt by E, written W (A105): S, on the real dealer's left,
    leads trick 1, which is pourri but claimed for E (A301).  S leads
    trick 2 again, as the record's leader of a pourri trick may: two
    mistakes, two findings, where trick 2 had an A202 too."""
    text = generated(56, "--games", "1")
    text = text.replace("deal 2 dealer E", "deal 2 dealer W")
    text = text.replace("1. S:6e W:Rd N:Rc E:6b -> pourri", "1. S:6e W:Rd N:Rc E:6b -> E")
    assert [code for code, _ in _to_fix(text)] == ["A105", "A301"]


def test_a_team_five_deal_short_by_its_claims_is_short_whatever_its_cards_say() -> None:
    """Trick 9's line left out (A206), and in trick 4 N's 5e and E's 9c
    written the wrong way round: by the cards as written NS take five tricks
    at trick 7 (the lines after it, a marked A209); by the claims the deal
    is not decided after trick 8, so it is short of a trick all the same.
    The A206 disappeared."""
    text = generated(13, "--games", "1", "--rules", "team-five")
    deal = text[text.index("deal 10 dealer W") : text.index("deal 11 dealer")]
    head = '[Rules "team-five"]\n\n'
    assert _to_fix(head + deal.replace("deal 10", "deal 1")) == []
    slipped = deal.replace("4. S:7b W:1c N:5e E:9c -> E", "4. S:7b W:1c N:9c E:5e -> E")
    slipped = slipped.replace("9. W:7e N:1b E:Cd S:2e -> S\n", "")
    record = head + slipped.replace("deal 10", "deal 1")
    assert [code for code, _ in _to_fix(record)] == ["A206", "A203"]
    marked = [f.code for f in check(record).outcome.findings if f.consequence_of is not None]
    assert marked == ["A203", "A301", "A209"]


#: S leads trick 2 after a pourri trick 1, and S's card is left out of it:
#: W's lead and the claim follow from the three cards (A205).
LEADER_LEFT_OUT = """deal 1 dealer E
N: Vc Ve 4c Rd 9e 2e 1c Cb 3d
E: 9c 7c 3b 6d 6b 1b 4d 2c Re
S: Ce 9b 8e Vd 7d 5d 4b 3c 8b
W: Cd Cc 1e 4e 5b Rb 5c 9d 2d
stock: 8c 7b Rc 7e 5e 8d 1d 6c 3e 6e Vb 2b
1. S:8b W:1e N:1c E:1b -> pourri
2. W:5b N:9e E:6b -> pourri
3. S:8e W:2d N:Ve E:Re -> W
4. W:9d N:2e E:6d S:3c -> S
5. S:7d W:Cd N:Cb E:9c -> E
6. E:7c S:Vd W:5c N:Vc -> pourri
7. E:3b S:5d W:Rb N:Rd -> pourri
8. E:2c S:Ce W:Cc N:3d -> N
9. N:4c E:4d S:4b W:4e -> pourri
point W
"""


def test_after_a_trick_claimed_pourri_its_rightful_leader_may_lead_again() -> None:
    """A claim of nobody lets the trick's leader lead again: the record's
    (W), or, where that lead was wrong, the rules' (S, whose card is the
    one missing).  S leading trick 3 was an A202 to act on of its own."""
    said = [
        (f.code, f.line, f.consequence_of[1] if f.consequence_of else None)
        for f in check(LEADER_LEFT_OUT).outcome.findings
    ]
    assert said == [("A205", 8, None), ("A202", 8, 8), ("A301", 8, 8), ("A302", 16, 8)]
    # the record's leader of trick 2 may lead trick 3 just as well
    w_leads = LEADER_LEFT_OUT.replace("3. S:8e W:2d N:Ve E:Re", "3. W:2d N:Ve E:Re S:8e")
    assert [f.code for f in check(w_leads).outcome.findings if f.line == 9] == []
    # as may N, whose 9e takes the three cards; but not E
    n_leads = LEADER_LEFT_OUT.replace("3. S:8e W:2d N:Ve E:Re", "3. N:Ve E:Re S:8e W:2d")
    assert [f.code for f in check(n_leads).outcome.findings if f.line == 9] == []
    e_leads = LEADER_LEFT_OUT.replace("3. S:8e W:2d N:Ve E:Re", "3. E:Re S:8e W:2d N:Ve")
    assert [f.code for f in check(e_leads).outcome.findings if f.line == 9] == ["A202"]


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        # the card left out of E's hand line is the card E plays
        ("1. W:1d N:Cd E:3b S:Ve -> W", [("A102", 3, 1, None), ("A203", 7, 14, 3)]),
        # a stock card is another mistake: E's hand is short all the same
        ("1. W:1d N:Cd E:2c S:Ve -> E", [("A102", 3, 1, None), ("A203", 7, 14, None)]),
    ],
    ids=["the card left out", "a card of the stock"],
)
def test_a_card_left_out_of_a_hand_line_and_played_is_one_mistake(
    trick: str, expected: list[tuple[str, int, int, int | None]]
) -> None:
    """E's hand is written without its 3b (A102), and E plays it: the A203
    that said E did not hold it was a second finding to act on."""
    text = HANDS_S_DEALS.replace("E: Rd 5c Vb Vc 4e Ce 8d 8e 3b", "E: Rd 5c Vb Vc 4e Ce 8d 8e")
    checked = check(text + trick + "\n")
    said = [
        (f.code, f.line, f.column, f.consequence_of[1] if f.consequence_of else None)
        for f in checked.outcome.findings
        if f.code in ("A102", "A203")
    ]
    assert said == expected


def _unmarked(text: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in check(text).outcome.findings if f.consequence_of is None]


@pytest.mark.parametrize(
    "trick",
    [
        "1. W:1d N:Cd E:3b S:Ve N:4d -> E",  # E's 3b takes it with four cards or five
        "1. W:1d N:Cd E:3b -> E",  # nor does any card of S's added
    ],
    ids=["a fifth card", "a card missing"],
)
def test_a_claim_no_reading_of_a_trick_of_three_or_five_cards_gives_is_a_mistake_of_its_own(
    trick: str,
) -> None:
    """The claim was marked as following from any A205; struck out of the
    trick (or the card put in), the count was mended and the claim came
    back, to act on, as a second mistake the mark had hidden."""
    assert _unmarked(HANDS_S_DEALS + trick + "\n")[1:] == [("A205", 7), ("A301", 7)]  # (A206)


def test_a_fifth_card_explains_one_later_playing_by_its_holder_only() -> None:
    """N's Rb written as a fifth card in trick 2: N playing it in trick 3
    follows from that, but N playing it again in trick 8 is a mistake of its
    own; E playing it, in place of E's own card, too."""
    lines = REFERENCE.splitlines()
    lines[7] = "2. W:1b N:8c E:8e S:6d N:Rb -> W"
    lines[8] = "3. W:2d N:Rb E:Vc S:7b -> W"
    assert _unmarked("\n".join(lines) + "\n")[1:] == [("A204", 14)]
    lines = REFERENCE.splitlines()
    lines[6] = "1. W:1d N:Cd E:3b S:Ve W:Rb -> W"
    lines[7] = "2. W:1b N:8c E:Rb S:6d -> W"
    assert ("A204", 8) in _unmarked("\n".join(lines) + "\n")


def test_cards_alone_are_read_again_with_the_seats_the_replay_gave_them() -> None:
    """N's and E's hand lines exchanged, cards alone, and trick 1's card
    of S mistyped (1d, played again at trick 6): by the rules S's ace
    takes trick 1, so the turn read before play seats trick 2 from S,
    where the replay seats it from E, whose cards fit the hands (A202).
    Read again with the seats the replay gave, the lines are one slip
    (A110), as the same record with its seats written (fmt --style seats)
    says: not an A203 a card."""
    head = [
        "deal 1 dealer N",
        "E: 1e 8d 5b Rc 6d 4e Vd Cc 7c",
        "N: 8c Ce Rd 5d 6e 7e Vc 4b 1c",
        "S: 4d 6c 8e Cb Re 7d 5c Vb 1d",
        "W: 6b 5e Cd 4c Rb 7b 1b Ve 8b",
        "stock: 2d 2b 3d 9b 2e 9e 3c 9d 9c 2c 3e 3b",
    ]
    tricks = [
        ("Ce 1d Cd Cc", ""),
        ("4b 4d 4c 4e", " -> pourri"),
        ("8c 8e 8b 8d", " -> pourri"),
        ("6e 6c 6b 6d", ""),
        ("Rd Re Rb Rc", " -> pourri"),
        ("1c 1d 1b 1e", ""),
        ("7e 7d 7b 7c", " -> pourri"),
        ("Vc Vb Ve Vd", " -> pourri"),
        ("5d 5c 5e 5b", ""),
    ]
    alone = [f"{k}. {cards}{claim}" for k, (cards, claim) in enumerate(tricks, 1)]
    seats = [
        f"{k}. " + " ".join(f"{s}:{c}" for s, c in zip("ESWN", cards.split(), strict=True)) + claim
        for k, (cards, claim) in enumerate(tricks, 1)
    ]
    said = [
        [
            (f.code, f.line, f.trick)
            for f in check(record(*head, *lines, "point none")).outcome.findings
        ]
        for lines in (alone, seats)
    ]
    assert (
        said[0]
        == said[1]
        == [("A110", 2, None), ("A202", 8, 2), ("A204", 12, 6), ("A302", 16, None)]
    )


def test_a_hand_given_twice_in_cards_alone_is_told_by_the_seats_the_replay_gave() -> None:
    """W's line written as a first N line, in a record of cards alone: the
    deck's check cannot tell which N line is N's before play (no seat
    written), and took the first; with the seats the replay gave, the
    first is W's (A107), as the same record with its seats written says,
    and its 18 cards are no A203."""
    hands = [
        "deal 1 dealer N",
        "N: 2d 6d 3d Ce 5b Vb Vc Vd 6c",
        "S: 1b 8e 9b 1d 6b 3c 6e 7d 2b",
        "N: Rb Cd 1c 3e Rc 8d 4c 5e 9d",
        "E: 5d 1e 8b 4b 3b 4d 2e 9c 7c",
        "stock: 8c Re Ve Rd 5c Cc 7e 7b 9e Cb 4e 2c",
    ]
    play = [
        "1. 9c 7d Ce Cd -> E", "2. 7c 6b 3d 9d -> W", "3. Vc 3e 2e 3c -> S",
        "4. 8e 6c 8d 8b -> pourri", "5. 2b 6d 1c 5d -> S", "6. 1d Vb Rb 1e -> pourri",
        "7. 1b 2d 4c 3b", "8. Vd Rc 4d 9b -> N", "9. 5e 4b 6e 5b -> S", "point S",
    ]  # fmt: skip
    (finding,) = check(record(*hands, *play)).outcome.findings
    assert (finding.code, finding.line) == ("A107", 4)
    assert "the play shows that the first is W's" in finding.message


def test_a_line_given_twice_in_cards_alone_is_told_though_no_card_is_away() -> None:
    """W's line written as a second N line, cards alone: the replay plays N
    from the first, W from no line at all, so no card of W's is away (its
    cards are not checked); with the seats the replay gave, the second N
    line is W's, as the record with its seats written says."""
    text = generated(11, "--games", "1", "--style", "cards", "--no-claims")
    lines = text.split("\n")
    w = next(k for k, line in enumerate(lines) if line.startswith("W: "))
    lines[w] = "N: " + lines[w][3:]
    checked = check("\n".join(lines))
    said = [f.message for f in checked.outcome.findings if f.code == "A107" and f.deal == 1]
    assert said == [
        "N's hand is given a second time, and W's not at all: the play shows that the"
        " second is W's, and it is read so"
    ]
    assert [f.code for f in checked.outcome.findings if f.deal == 1] == ["A107"]


@pytest.mark.parametrize(
    ("edit", "short"),
    [
        (("N: 2c 9d 2b", "N: 2c 9x 2b"), True),  # a hand line: no trick nobody wrote
        (("deal 1 dealer W", "deal 1"), True),  # the header
        (("2. 7e 5e 7d 7b", "2. 7e 5e 7d 7x"), False),  # a trick line: trick 2, unknown
    ],
    ids=["hand line", "header", "trick line"],
)
def test_only_an_unreadable_line_that_may_be_a_trick_is_counted_one(
    edit: tuple[str, str], short: bool
) -> None:
    """A deal of two trick lines, one line of it unreadable: a hand line or
    the header is no trick the record left unread (counted one, the report
    showed a trick 3 nobody wrote, and the deal's A206 was lost)."""
    text = (
        "deal 1 dealer W\nN: 2c 9d 2b Rd Cb Vd 8b 7e 3e\nE: 1d 1e Rb 9b 8c 6c 5b 5e 3b\n"
        "S: 3d 3c 1b Ce Vc 8e 7d 7c 5d\nW: 9c 2e 1c Rc Re Ve 7b 6d 4b\n"
        "stock: 2d Cd Cc Vb 9e 8d 6b 6e 5c 4d 4c 4e\n1. 9d 8c Ce 6d\n2. 7e 5e 7d 7b\n"
    )
    assert edit[0] in text
    checked = check(text.replace(*edit))
    (deal,) = checked.outcome.deals
    assert len(deal.tricks) == 2  # the two written (the second unknown, where unreadable)
    codes = [code for code, *_ in found(checked)]
    assert "A001" in codes
    assert ("A206" in codes) == short


#: No claims: test_scoring's deal without its option, its concession and
#: its claims, as played: E's Rc and N's Rb tying trick 8 (pourri), W's 2
#: tricks (2 and 9) win it for EW.
NO_CLAIMS = re.sub(
    r" -> \w+",
    "",
    SLIPPED.split("\n\n", 1)[1].replace("concede EW refused\n", "").replace("point W 2", "point W"),
)


def test_without_claims_a_point_line_right_for_a_card_slip_mended_follows_from_it() -> None:
    """E's Rc written as 7c (N's, played in trick 2): N's Rb takes trick 8
    and NS the deal.  Nothing but the point line says who took trick 8; it
    is right with E's card that is left (Rc) in place of the one written,
    so its A302 follows from the A204, as it would from a wrong claim."""
    assert found(check(NO_CLAIMS)) == []
    slipped = check(NO_CLAIMS.replace("E:Rc S:4b", "E:7c S:4b"))
    said = {f.code: f for f in slipped.outcome.findings}
    assert set(said) == {"A204", "A302"}
    assert said["A302"].consequence_of == ("A204", said["A204"].line, said["A204"].column)


def test_without_claims_a_point_line_no_mending_makes_right_is_a_mistake_of_its_own() -> None:
    # E cannot win the deal whoever took trick 8: the point line is wrong twice
    slipped = check(NO_CLAIMS.replace("E:Rc S:4b", "E:7c S:4b").replace("point W", "point E"))
    acted_on = [f.code for f in slipped.outcome.findings if f.consequence_of is None]
    assert acted_on == ["A204", "A302"]


#: A deal E deals: the hands and the stock, for the tricks below them.
_DEALT_E = """\
N: 8c Ve Cd 7c 6d 3d Vb 9b 1e
E: 7d 9e 3b 6e 8b Rb 1c 3c 5c
S: 2b 4c Rd 1b Ce 2c 5b 6b 8d
W: 6c 4d Cc Vc Vd 2d 4e 4b 9c
stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e
"""


#: W's Cc in trick 5 ties N's Cd: pourri, and its leader E leads trick 6.
LEADER_AGAIN = f"""\
deal 1 dealer E
{_DEALT_E}1. S:2b W:Vc N:Vb E:8b
2. S:6b W:6c N:6d E:6e
3. S:5b W:4d N:3d E:9e
4. N:1e E:3c S:2c W:9c
5. E:3b S:8d W:Cc N:Cd
6. E:7d S:4c W:2d N:9b
7. W:4e N:8c E:Rb S:Rd
8. W:4b N:Ve E:1c S:1b
9. W:Vd N:7c E:5c S:Ce
"""


def test_a_card_played_again_after_a_trick_its_leader_leads_again_follows_from_that_lead() -> None:
    """W's 4b written in trick 5 for Cc: N's Cd takes it, yet its leader E
    leads trick 6 again, which says it was pourri (Cc gives that), and W's
    4b in trick 8 (A204) follows from the lead (A202), as it does where the
    lead names the winner."""
    assert found(check(LEADER_AGAIN)) == []
    slipped = check(LEADER_AGAIN.replace("W:Cc N:Cd", "W:4b N:Cd"))
    lead, again = slipped.outcome.findings
    assert (lead.code, again.code) == ("A202", "A204")
    assert again.consequence_of == ("A202", lead.line, lead.column)
    assert "with W's Cc in its place there, trick 5 is pourri and its leader E leads" in (
        again.message
    )


def test_a_first_deal_without_its_header_is_dealt_as_its_claims_show() -> None:
    """Cards alone, claims, no hands: only E's deal (S leading) makes trick
    1's claim right.  A stand-in dealer (N) seated trick 1 from E and made
    a right claim an A301, and the report said "dealer N" as a fact."""
    tricks = [
        "1. Vb 2b 6d 9b -> W", "2. 4e Ve 1d Cd -> E", "3. Rb 4d 7c 1c -> N",
        "4. 2e 9c 3b 8c -> E", "5. 5e Cb 9e Re -> N", "6. 7e Rd 9d 3e -> S",
        "7. Ce Vd Rc 4b -> N", "8. 6c 3c 4c Vc -> E", "9. 6e 3d 6b Cc -> S",
    ]  # fmt: skip
    assert found(check(record("deal 1 dealer E", *tricks, "point NS"))) == []
    headless = check(record('[Event "x"]', "", *tricks, "point NS"))
    assert [f.code for f in headless.outcome.findings] == ["A001"]
    assert report(headless)["deals"][0]["dealer"] == "E"


CROSS_TRICKS = f"""\
deal 1 dealer E
{_DEALT_E}1. S:2b W:Vc N:Vb E:8b -> S
2. S:6b W:6c N:6d E:6e -> pourri
3. S:5b W:4d N:3d E:9e -> N
4. N:1e E:3c S:2c W:9c -> E
5. E:3b S:8d W:Cc N:Cd -> pourri
6. E:7d S:4c W:2d N:9b -> W
7. W:4e N:8c E:Rb S:Rd -> pourri
8. W:4b N:Ve E:1c S:1b -> pourri
9. W:Vd N:7c E:5c S:Ce -> S
point S
"""


def test_two_cards_written_in_each_other_s_tricks_are_one_slip_though_a_claim_goes_wrong() -> None:
    """N's 6d (trick 2) and W's Vd (trick 9) written in each other's place:
    trick 2 goes to N's Vd, against its claim.  The claim follows from the
    first A203, and so, the two cards put back giving every claim, does the
    second: it stood alone, the claim having taken the first for its own."""
    assert found(check(CROSS_TRICKS)) == []
    swapped = CROSS_TRICKS.replace("N:6d E:6e", "N:Vd E:6e").replace("9. W:Vd", "9. W:6d")
    findings = check(swapped).outcome.findings
    assert [f.code for f in findings if f.consequence_of is None] == ["A203"]
    assert sorted(f.code for f in findings) == ["A203", "A203", "A301", "A302"]
    # a claim the two cards put back do not give is a mistake of its own
    wrong = swapped.replace("9. W:6d N:7c E:5c S:Ce -> S", "9. W:6d N:7c E:5c S:Ce -> W")
    acted_on = [f.code for f in check(wrong).outcome.findings if f.consequence_of is None]
    assert acted_on.count("A203") == 2


def test_a_first_deal_without_its_header_whose_claims_tie_says_one_slip_and_no_dealer() -> None:
    """Trick 1 claimed for N, where E's deal (S leading) gives it to W: S's
    deal (W leading) makes trick 1's claim right and trick 2's wrong, E's
    the other way round.  Either reading is one A301; the dealer is not
    known, so deal 2's (S) is not held to a dealer taken from a slip."""
    tricks = [
        "1. Vb 2b 6d 9b -> N", "2. 4e Ve 1d Cd -> E", "3. Rb 4d 7c 1c -> N",
        "4. 2e 9c 3b 8c -> E", "5. 5e Cb 9e Re -> N", "6. 7e Rd 9d 3e -> S",
        "7. Ce Vd Rc 4b -> N", "8. 6c 3c 4c Vc -> E", "9. 6e 3d 6b Cc -> S",
    ]  # fmt: skip
    deal_2 = ["", "deal 2 dealer S", "point EW"]
    headless = check(record('[Event "x"]', "", *tricks, "point NS", *deal_2))
    assert sorted(f.code for f in headless.outcome.findings) == ["A001", "A301"]


SEATS_NO_HANDS = """\
deal 1 dealer E
1. S:Vb W:2b N:6d E:9b -> W
2. W:4e N:Ve E:1d S:Cd -> E
3. E:Rb S:4d W:7c N:1c -> N
4. N:2e E:9c S:3b W:8c -> E
5. E:5e S:Cb W:9e N:Re -> N
6. N:7e E:Rd S:9d W:3e -> S
7. S:Ce W:Vd N:Rc E:4b -> N
8. N:6c E:3c S:4c W:Vc -> E
9. E:6e S:3d W:6b N:Cc -> S
point NS
"""


@pytest.mark.parametrize("claims", [True, False], ids=["claims", "no claims"])
def test_without_hands_a_seat_written_twice_for_the_one_whose_turn_it_was_is_one_slip(
    claims: bool,
) -> None:
    """W's 2b written for S, who plays trick 1's first card too: W, whose
    turn it was, plays no card of the trick, so the card is read as W's
    (one A202), as it is with hands; the trick's claim, or the next lead,
    was a second finding."""
    text = SEATS_NO_HANDS if claims else re.sub(r" -> \w+", "", SEATS_NO_HANDS)
    assert found(check(text)) == []
    slipped = check(text.replace("S:Vb W:2b", "S:Vb S:2b"))
    assert [(f.code, f.line) for f in slipped.outcome.findings] == [("A202", 2)]


def test_a_wrong_claim_under_cancelling_ties_names_the_cards_that_cancelled() -> None:
    """docs/violations.md, A301: under team-five the highest card *left*
    takes the trick; the finding called the winner's card the highest
    card where stronger ones had been played, and cancelled out."""
    text = '[Rules "team-five"]\ndeal 1 dealer W\n1. N:1d E:1c S:1b W:Rd -> S\n'
    (message,) = messages(check(text), "A301")
    assert message == (
        "trick 1 is claimed for S, but W's Rd (king of coins) is the highest card left:"
        " 1d, 1c and 1b cancel out"
    )
    text = text.replace("W:Rd", "W:5d")
    text = text.replace("E:1c", "E:Rc")
    (message,) = messages(check(text), "A301")
    assert message.endswith(
        "but E's Rc (king of cups) is the highest card left: 1d and 1b cancel out"
    )


@pytest.mark.parametrize("left_out", [(9,), (8, 9)], ids=["one", "two"])
def test_trick_lines_left_out_at_the_end_are_unknown_tricks_in_their_places(
    left_out: tuple[int, ...],
) -> None:
    """The deal's unknown named them, and the scoring tried every way they
    went, but its tricks stopped at the last line: the report had no '?'
    row for them, the trick table no row, where a trick left out in the
    middle has both."""
    text = "\n".join(
        line
        for line in REFERENCE.splitlines()
        if not line.startswith(tuple(f"{k}." for k in left_out))
    )
    checked = check(text)
    assert [code for code, _, _ in found(checked)] == ["A206"]
    deal = checked.outcome.deals[0]
    assert deal.unknown == list(left_out)
    assert [t.number for t in deal.tricks] == list(range(1, 10))
    assert [t.number for t in deal.tricks if t.unknown] == list(left_out)
    tricks = report(checked)["deals"][0]["tricks"]
    assert [t["number"] for t in tricks] == list(range(1, 10))


def test_a_first_dealer_the_draw_settles_leaves_trick_1_led_as_the_draw_says() -> None:
    """The header names N, the draw S (madame, 3c), and W (S's left) leads
    trick 1: one slip, the header's, one A408.  An A202 asked whether the
    header's dealer was the slip, which the draw had settled."""
    text = '[Event "x"]\ndraw: S:3c N:3d E:2d W:2c\n\n' + REFERENCE.replace(
        "deal 1 dealer S", "deal 1 dealer N"
    )
    checked = check(text)
    assert [f.code for f in checked.outcome.findings] == ["A408"]
    assert checked.outcome.score == {"NS": 0, "EW": 1}
