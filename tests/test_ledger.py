"""The game's ledger (``aluette_cli/ledger.py``), called as the replay calls it.

The :class:`GameLedger` is the game-level referee: the tags, the draw's first
dealer, the deal numbers (A104), the dealer's turn (A105), the end of the
game (A106), the score and the Result (A303-A306).  test_engine,
test_variants and test_messy see it only through the whole pipeline; here
it is fed as ``engine.GameReplay`` feeds it (built with the tags, the
ruleset, the draw and a ``Flags``; each deal placed, then recorded; then
``finish``), on small games of point lines whose every finding, score and
next dealer is worked out by hand from docs/rules.md §2-5 and §7,
docs/notation.md §3-4 and §9 and docs/violations.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from aluette_cli.cards import Team, left_of, team_of
from aluette_cli.findings import Flags
from aluette_cli.ledger import GameLedger
from aluette_cli.model import PLAYER_TAGS, BrokenDeal, Deal, PointClaim, Pos, find_tag
from aluette_cli.policies import PointOutcome
from aluette_cli.reading import read_games
from aluette_cli.rules import Ruleset, load_ruleset

from .conftest import check, record
from .test_pipeline import REFERENCE

CLASSIC = load_ruleset("classic")
TO_FIVE = load_ruleset("to-five-points")


def outcome(point: PointClaim | None) -> tuple[bool | None, PointOutcome | None]:
    """A point line taken at its word (docs/notation.md §9), as (void, point):
    ``point none`` is a void deal, no point line an outcome not recorded."""
    if point is None:
        return None, None
    if point.side is None:
        return True, None
    team = Team(point.side) if point.side in ("NS", "EW") else team_of(point.side)
    return False, PointOutcome(team, point.points or 1)


def replay(*lines: str, ruleset: Ruleset = CLASSIC) -> tuple[GameLedger, Flags]:
    """The ledger of the one game of a record whose line k is ``lines[k - 1]``."""
    (game,) = read_games([record(*lines).encode("utf-8")])
    flag = Flags(1)
    ledger = GameLedger(game.tags, ruleset, game.draw, flag)
    for deal in game.deals:
        assert isinstance(deal, Deal)
        ledger.place(deal)
        ledger.record(deal.number, deal.dealer, *outcome(deal.point))
    return ledger, flag


def game(*deals: str, tags: Sequence[str] = ()) -> list[str]:
    """The tag lines, then deal k numbered k, two lines each: "N EW" is dealt
    by N and scored by EW, "N none" is void, "N ?" has no outcome recorded.
    With t tag lines, deal k's header is line t + 2k - 1."""
    lines = list(tags)
    for k, deal in enumerate(deals, 1):
        dealer, claim = deal.split(" ", 1)
        lines.append(f"deal {k} dealer {dealer}")
        lines.append("{ no outcome }" if claim == "?" else f"point {claim}")
    return lines


def said(flag: Flags) -> list[str]:
    """Each finding raised, in order, as ``validate`` prints it after the file name."""
    return [f"{f.code} {f.line}:{f.column} {f.sentence()}" for f in flag.found]


def fresh() -> tuple[GameLedger, Flags]:
    flag = Flags(1)
    return GameLedger([], CLASSIC, None, flag), flag


def result(claim: str) -> list[str]:
    return [f'[Result "{claim}"]']


# Five scoring deals, N to N: NS 3 (deals 1, 3, 5), EW 2.
NS_3_2 = ("N NS", "E EW", "S NS", "W EW", "N NS")
# The same dealers: NS 2 (the first worth two, a mordienne) + 1, EW 3: level.
DRAWN = ("N NS 2", "E EW", "S EW", "W NS", "N EW")
# EW 4 (deals 1, 2, 4, 5), NS 1.
EW_4_1 = ("N EW", "E EW", "S NS", "W EW", "N EW")
NEXT = "came before it; deals count up by one"
LEFT = "and the deal passes to the left"
UNFINISHED = "A305 1:1 Result claims a finished game, but"
STAR = 'write [Result "*"] for an unfinished game'
OVER = "A306 1:1 Result says '*' (unfinished), but the game is over:"
FIVE_DEALS = "5 scoring deals had been played"


# --------------------------------------------------------------------------
# Deal numbers (docs/notation.md §4; A104)


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["deal 2 dealer N"], "1:1 deal 2 should be deal 1: the first deal of a game is deal 1"),
        ([*game("N NS"), "deal 3 dealer E"], f"3:1 deal 3 should be deal 2: deal 1 {NEXT}"),
        # A void deal is dealt again under the next number, not its own.
        ([*game("N none"), "deal 1 dealer N"], f"3:1 deal 1 should be deal 2: deal 1 {NEXT}"),
    ],
)
def test_a_deal_number_out_of_sequence_is_a104(lines: list[str], expected: str) -> None:
    number = lines[-1].split()[1]
    assert said(replay(*lines, "point NS")[1]) == [f"A104 {expected} (deal {number})"]


MISSING = "A104 5:1 deal {n} follows deal 2: the record leaves out {k} between them, whose"
MISSING += " outcome it does not give ({d} deals as the rotation goes on) (deal {n})"


@pytest.mark.parametrize(
    ("number", "dealer", "expected"),
    [
        # deal 3 (S's) left out: deal 4 is W's, as if it had been played
        (4, "W", [MISSING.format(n=4, k="1 deal", d="W")]),
        # deals 3 and 4 left out: S's then W's, both passing the deal on
        # (N deals deal 5, two turns after S), so both scored: deal 5 is
        # the fifth scoring deal, and the deal after it one too many
        (5, "N", [MISSING.format(n=5, k="2 deals", d="N"), "A106 7:1 the game was over after"
                  " deal 5 (5 scoring deals had been played); this deal is one too many"
                  " (deal 6)"]),
        # the next dealer, S: the number was mistyped, not a deal left out
        (4, "S", ["A104 5:1 deal 4 should be deal 3: deal 2 came before it; deals count up by one"
                  " (deal 4)"]),
        # a dealer no deal left out leads to: two mistakes
        (4, "E", ["A104 5:1 deal 4 should be deal 3: deal 2 came before it; deals count up by one"
                  " (deal 4)", "A105 5:1 E deals, but S should: E dealt deal 2 and the deal"
                  " passes to the left (deal 4)"]),
    ],
    ids=["one left out", "two left out", "number mistyped", "two mistakes"],
)  # fmt: skip
def test_a_deal_left_out_is_one_a104_whose_dealer_goes_on_after_it(
    number: int, dealer: str, expected: list[str]
) -> None:
    lines = [*game("N NS", "E EW"), f"deal {number} dealer {dealer}", "point NS"]
    _, flag = replay(*lines, *[f"deal {number + 1} dealer {left_of(dealer)}", "point EW"])
    assert said(flag) == expected


def test_a_result_beside_a_deal_left_out_is_not_checked_against_the_deals_given() -> None:
    # five deals, the third left out: four scored, one not known
    deals = ("N NS", "E EW", "W NS", "N EW")
    lines = game(*deals, tags=result("NS 3-2"))
    lines[lines.index("deal 3 dealer W")] = "deal 4 dealer W"
    lines[lines.index("deal 4 dealer N")] = "deal 5 dealer N"
    ledger, flag = replay(*lines)
    # W deals deal 4 one turn after S, who would have dealt deal 3: it
    # scored, for a point the record does not give, so the game is over
    # and NS 2, EW 2 leaves who won to that point
    assert ledger.finish() == (True, None)
    assert [f.code for f in flag.found] == ["A104"]
    assert (ledger.unknown, ledger.unscored, ledger.scoring) == (0, (3,), 5)


WRITTEN_LATE = "deal 2 is written after deal 3: the two deals are in each other's place"


def swapped(*deals: str, tags: Sequence[str] = ()) -> list[str]:
    """:func:`game`'s lines with deals 2 and 3 written in each other's place."""
    lines = game(*deals, tags=tags)
    at = len(tags) + 2  # deal 2's header
    return [*lines[:at], *lines[at + 2 : at + 4], *lines[at : at + 2], *lines[at + 4 :]]


@pytest.mark.parametrize(
    ("deals", "unscored", "over"),
    [
        # deal 2 left out: S deals deal 3, two turns after N, so deal 2 scored
        (("1 N", "3 S", "4 W", "5 N"), (2,), 5),
        # deals 2 and 3 left out, W deals deal 4: both scored
        (("1 N", "4 W", "5 N"), (2, 3), 5),
        # deals 2 and 3 left out, S deals deal 4: one scored, one was void
        (("1 N", "4 S", "5 W"), (None,), None),
        (("1 N", "4 S", "5 W", "6 N"), (None,), 6),
        # deal 2 left out, E deals deal 3 as after deal 1: a mistyped number
        (("1 N", "3 E", "4 S", "5 W"), (), None),
        # deal 5 left out right before the last deal: it ends the game, and
        # deal 6 is one too many (counted as the later deal was placed)
        (("1 N", "2 E", "3 S", "4 W", "6 E"), (5,), 5),
        # deal 2 left out, then deal 4 numbered 2: still left out
        (("1 N", "3 S", "2 W", "5 N", "6 E"), (2,), 5),
    ],
)
def test_deals_left_out_that_the_rotation_says_scored_count_toward_the_end(
    deals: tuple[str, ...], unscored: tuple[int | None, ...], over: int | None
) -> None:
    """Each deal passes the deal to the left if it scored and stays with
    its dealer if void: the turns the rotation moved over the deals left
    out say how many scored, and they count toward the game's end, as a
    deal written with its header alone does.  They counted as deals of
    unknown outcome: a game of five scoring deals was "not finished"."""
    lines = []
    for deal in deals:
        number, dealer = deal.split()
        lines += [f"deal {number} dealer {dealer}", "point NS"]
    ledger, _ = replay(*lines)
    complete, _ = ledger.finish()
    assert (ledger.unscored, ledger.unknown, ledger.over_at) == (unscored, 0, over)
    assert complete is (over is not None)


def test_the_last_two_deals_in_each_other_s_place_are_one_slip() -> None:
    """Deals 4 and 5 written 5, 4: counted as left out when deal 5 was
    placed, deal 4 ended the game a deal early, and turned up refused, an
    A106 and its point lost; the swap is one slip, every deal counted."""
    lines = game(*NS_3_2, tags=result("NS 3-2"))
    at = lines.index("deal 4 dealer W")
    lines[at : at + 4] = [*lines[at + 2 : at + 4], *lines[at : at + 2]]
    ledger, flag = replay(*lines)
    assert ledger.finish() == (True, "NS")
    assert [f.code for f in flag.found if f.consequence_of is None] == ["A104"]
    assert "deal 4 is written after deal 5" in flag.found[-1].message
    assert ledger.score == {"NS": 3, "EW": 2}


def test_two_deals_in_each_other_s_place_are_one_unmarked_a104() -> None:
    # deal 3 (S's) first says deal 2 is left out; deal 2 (E's) turns up
    # right after it, and deal 4 (W's) follows deal 3 as if in order
    ledger, flag = replay(*swapped(*NS_3_2, tags=result("NS 3-2")))
    ledger.finish()
    assert [(f.code, f.line, f.consequence_of) for f in flag.found] == [
        ("A104", 4, ("A104", 6, 1)),
        ("A104", 6, None),
    ]
    assert f"A104 6:1 {WRITTEN_LATE} (deal 2 is not left out) (deal 2)" in said(flag)
    # deal 2 is there after all: the Result is held to the five deals
    assert ledger.unknown == 0
    assert ledger.finish() == (True, "NS")


def test_the_result_of_a_game_with_two_deals_in_each_other_s_place_is_checked() -> None:
    ledger, flag = replay(*swapped(*NS_3_2, tags=result("NS 4-1")))
    ledger.finish()
    assert [f.code for f in flag.found if f.consequence_of is None] == ["A104", "A303"]


def test_the_dealer_of_a_deal_written_late_is_checked_against_the_turn_before_it() -> None:
    # deal 2 should be E's, after N's deal 1; N deals it, a seat no turn
    # gives it (W, who deals after deal 3, would make it deal 4 mistyped)
    lines = swapped("N NS", "E EW", "S NS", "W EW")
    lines[lines.index("deal 2 dealer E")] = "deal 2 dealer N"
    found = [f for f in replay(*lines)[1].found if f.consequence_of is None]
    assert [(f.code, f.line) for f in found] == [("A104", 5), ("A105", 5)]
    assert "N deals, but E should: N dealt deal 1 and the deal passes" in found[1].sentence()


def test_a_deal_numbered_as_the_one_left_out_but_dealt_by_the_next_turn_is_a_mistyped_number() -> (
    None
):
    # 1, 3, then deal 4 (W's, after S) written as deal 2: its dealer is the
    # turn after deal 3, not deal 2's (E's): a number mistyped, not a swap
    lines = [*game("N NS"), "deal 3 dealer S", "point NS", "deal 2 dealer W", "point EW"]
    found = replay(*lines)[1].found
    assert [(f.code, f.line) for f in found] == [("A104", 3), ("A104", 5)]
    assert all(WRITTEN_LATE not in f.sentence() for f in found)


def test_the_later_of_two_deals_in_each_other_s_place_is_dealt_by_the_turn_the_earlier_gives() -> (
    None
):
    # deal 2 (E's) was void, so E deals deal 3 again; deal 3 says S, which
    # the deal left out seemed to allow: said once deal 2 turns up
    lines = swapped("N NS", "E none", "S NS", "W EW")
    found = [f for f in replay(*lines)[1].found if f.consequence_of is None]
    assert [(f.code, f.line) for f in found] == [("A104", 5), ("A105", 3)]
    assert "S deals, but E should: deal 2 was void, so its dealer E deals again" in (
        found[1].sentence()
    )


def test_a_deal_left_out_that_turns_up_two_deals_later_is_not_in_its_place() -> None:
    # 1, 3, 4, 2: deal 2 is not right after the deal that skipped it
    lines = [*game("N NS"), "deal 3 dealer S", "point NS", "deal 4 dealer W", "point EW"]
    found = replay(*lines, "deal 2 dealer E", "point EW")[1].found
    assert [(f.code, f.line, f.consequence_of) for f in found][:1] == [("A104", 3, None)]
    assert all(WRITTEN_LATE not in f.sentence() for f in found)


def test_after_a_wrong_number_the_count_goes_on_from_the_number_written() -> None:
    # 1, 3, 4, 5: only deal 3 (line 3) is wrong; 4 follows the 3 written.
    lines = [f"deal {n} dealer {d}\npoint NS" for n, d in [(1, "N"), (3, "E"), (4, "S"), (5, "W")]]
    assert [(f.code, f.line) for f in replay(*lines)[1].found] == [("A104", 3)]


@pytest.mark.parametrize(
    ("numbers", "wrong"),
    [
        # deal 2 written as 3, a slip of the pen: the next deal is deal 3
        ([1, 3, 3, 4], [3]),
        # deal 1 written as 2: the next deal is deal 2
        ([2, 2, 3], [1]),
        # a second slip is a second finding
        ([1, 3, 3, 5], [3, 7]),
        ([1, 3, 2], [3, 5]),
    ],
)
def test_after_a_wrong_number_the_count_may_also_go_on_from_the_right_one(
    numbers: list[int], wrong: list[int]
) -> None:
    """As after a wrong dealer (A105): one slip of the pen was two A104, the
    deal after it said to be out of sequence too."""
    dealers = "NESWN"
    lines = [f"deal {n} dealer {dealers[k]}\npoint NS" for k, n in enumerate(numbers)]
    assert [(f.code, f.line) for f in replay(*lines)[1].found] == [("A104", w) for w in wrong]


@pytest.mark.parametrize("guessed", ["number", "dealer"])
def test_a_header_part_the_reader_could_not_read_is_not_checked(guessed: str) -> None:
    # Deal 1 by N scored, so E deals deal 2; the header gives deal 5, or dealer W.
    ledger, flag = fresh()
    ledger.place_header(1, "N", Pos(1, 1))
    ledger.record(1, "N", False, PointOutcome(Team.NS, 1))
    number, dealer = (5, "E") if guessed == "number" else (2, "W")
    assert ledger.place_header(number, dealer, Pos(3, 1), guessed=(guessed,)) is None
    assert flag.found == []


# --------------------------------------------------------------------------
# The dealer's turn (docs/rules.md §2, §4; docs/notation.md §4, §9; A105)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("N NS", "E EW", None),
        ("N NS", "S EW", f"S deals, but E should: N dealt deal 1 {LEFT}"),
        ("N none", "N EW", None),
        ("N none", "E EW", "E deals, but N should: deal 1 was void, so its dealer N deals again"),
        ("N ?", "N EW", None),
        ("N ?", "E EW", None),
        (
            "N ?",
            "S EW",
            "S deals, but N or E should: deal 1's outcome is not recorded,"
            " so N or the player on the left deals next",
        ),
    ],
)
def test_the_next_dealer_follows_the_last_deal_s_outcome_and_any_other_is_a105(
    first: str, second: str, expected: str | None
) -> None:
    wrong = [f"A105 3:1 {expected} (deal 2)"] if expected else []
    assert said(replay(*game(first, second))[1]) == wrong


@pytest.mark.parametrize("third", ["W", "S"])
def test_one_wrong_dealer_is_one_finding_whichever_seat_the_rotation_follows(third: str) -> None:
    # S deals deal 2 for E: deal 3 may go on from S (W) or from E (S).
    assert [f.code for f in replay(*game("N NS", "S EW", f"{third} NS"))[1].found] == ["A105"]


def test_a_seat_neither_rotation_gives_is_a_second_a105_naming_both() -> None:
    assert said(replay(*game("N NS", "S EW", "N NS"))[1]) == [
        f"A105 3:1 S deals, but E should: N dealt deal 1 {LEFT} (deal 2)",
        f"A105 5:1 N deals, but S or W should: S dealt deal 2 {LEFT} (deal 3)",
    ]


def test_a_void_deal_is_dealt_again_by_the_same_dealer_and_is_not_one_of_the_five() -> None:
    # Deal 2 void: E deals deal 3; the fifth scoring deal is deal 6, NS 3 (1, 4, 6),
    # EW 2; deal 7, dealt by E in turn, is one too many and scores nothing.
    deals = ("N NS", "E none", "E EW", "S NS", "W EW", "N NS", "E EW")
    ledger, flag = replay(*game(*deals))
    assert said(flag) == [
        f"A106 13:1 the game was over after deal 6 ({FIVE_DEALS}); this deal is one too many"
        " (deal 7)"
    ]
    assert (ledger.finish(), ledger.score) == ((True, "NS"), {"NS": 3, "EW": 2})


# --------------------------------------------------------------------------
# The end of the game (docs/rules.md §5; A106)


def test_a_deal_after_the_fifth_scoring_deal_is_a106_and_scores_nothing() -> None:
    ledger, flag = replay(*game(*NS_3_2))
    after_end = ledger.place_header(6, "E", Pos(11, 1))  # E: the right dealer after N
    assert ledger.record(6, "E", False, PointOutcome(Team.EW, 1)) is False
    assert said(flag) == [
        f"A106 11:1 the game was over after deal 5 ({FIVE_DEALS}); this deal is one too many"
        " (deal 6)"
    ]
    assert after_end is flag.found[0]
    assert (ledger.finish(), ledger.score) == ((True, "NS"), {"NS": 3, "EW": 2})


def test_a_deal_1_after_the_end_is_the_next_game_without_its_tags() -> None:
    """Two games run together, the second's tag section left out: one A106
    that says so at its deal 1, not a deal numbered and dealt wrong (A104,
    A105); each later deal's A106 follows from it, its number and dealer
    going on from that deal 1."""
    ledger, flag = replay(*game(*NS_3_2))
    first = ledger.place_header(1, "S", Pos(11, 1))  # S: not the dealer after N
    ledger.record(1, "S", False, PointOutcome(Team.EW, 1))
    later = ledger.place_header(2, "W", Pos(13, 1))
    assert said(flag) == [
        f"A106 11:1 the game was over after deal 5 ({FIVE_DEALS}), and a deal 1 follows: a new"
        " game starts here without its tag section; write its tags above this deal (until"
        " then, the deals from here are read as this game's, each one too many) (deal 1)",
        f"A106 13:1 the game was over after deal 5 ({FIVE_DEALS}); this deal is one too many;"
        " it follows from the mistake on line 11 (deal 2)",
    ]
    assert first is flag.found[0] and later is flag.found[1]
    assert later.consequence_of == ("A106", 11, 1)
    assert (ledger.finish(), ledger.score) == ((True, "NS"), {"NS": 3, "EW": 2})


def test_a_deal_that_could_not_be_read_is_not_reported_after_the_end() -> None:
    ledger, flag = replay(*game(*NS_3_2))
    assert ledger.place(BrokenDeal(Pos(11, 1), 6, "E", "deal 6 dealer E {")) is None
    assert flag.found == []


@pytest.mark.parametrize(
    ("void", "point", "scored"),
    [(False, PointOutcome(Team.EW, 1), True), (True, None, False), (None, None, False)],
)
def test_record_says_whether_the_deal_s_point_went_into_the_score(
    void: bool | None, point: PointOutcome | None, scored: bool
) -> None:
    ledger, _ = fresh()
    ledger.place_header(1, "N", Pos(1, 1))
    assert ledger.record(1, "N", void, point) is scored
    assert ledger.score == {"NS": 0, "EW": 1 if scored else 0}


# --------------------------------------------------------------------------
# The score and the Result (docs/rules.md §5, docs/notation.md §3; A303-A306)


@pytest.mark.parametrize(
    ("deals", "finished", "score"),
    [
        (NS_3_2, (True, "NS"), (3, 2)),
        (EW_4_1, (True, "EW"), (1, 4)),
        (DRAWN, (True, "draw"), (3, 3)),
        (("N NS", "E EW", "S NS", "W none"), (False, None), (2, 1)),  # three scoring deals
    ],
)
def test_the_team_with_more_points_wins_once_five_deals_have_scored(
    deals: tuple[str, ...], finished: tuple[bool, str | None], score: tuple[int, int]
) -> None:
    ledger, flag = replay(*game(*deals))
    assert ledger.finish() == finished
    assert (ledger.score["NS"], ledger.score["EW"], flag.found) == (*score, [])


@pytest.mark.parametrize(
    ("deals", "claim", "expected"),
    [
        (NS_3_2, "NS 3-2", None),
        (DRAWN, "draw 3-3", None),
        (EW_4_1, "EW 3-2", "NS 1, EW 4: EW win"),  # the winner right, not the score
        (EW_4_1, "NS 4-1", "NS 1, EW 4: EW win"),  # the score given to the other team
        (DRAWN, "NS 3-2", "NS 3, EW 3: it is a draw"),
        (DRAWN, "draw 2-2", "NS 3, EW 3: it is a draw"),
    ],
)
def test_the_result_of_a_finished_game_must_be_its_score_or_it_is_a303(
    deals: tuple[str, ...], claim: str, expected: str | None
) -> None:
    ledger, flag = replay(*game(*deals, tags=result(claim)))
    ledger.finish()
    wrong = f"A303 1:1 Result says {claim}, but the deals score {expected}"
    assert said(flag) == ([wrong] if expected else [])


SUM = "does not add up: name the winning team and its score first, or 'draw' with equal scores"
UNREAD = "is not understood: write 'NS 3-2', 'EW 4-1', 'draw 3-3' or '*'"


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        ("NS 0-1", SUM),  # the team named must have the higher score
        ("EW 1-1", SUM),
        ("draw 1-0", SUM),  # a draw has equal scores
        ("NS 1:0", UNREAD),
        # teams are written NS and EW: the fix, as for a dash (below)
        (
            "ns 1-0",
            "is not understood: write 'NS 1-0' (a team in capitals, 'draw' in lower"
            " case, a plain hyphen between the scores)",
        ),
        # digits and blanks in ASCII only, as in every line of a record: a
        # full-width 1 was read as 1 here, and refused in a deal line (A001)
        ("NS １-0", UNREAD),
        ("NS 1-\u0660", UNREAD),
    ],
)
def test_a_result_not_written_as_the_notation_says_is_a304_even_on_an_unfinished_game(
    claim: str, why: str
) -> None:
    ledger, flag = replay(*game("N NS", tags=result(claim)))
    ledger.finish()
    assert said(flag) == [f"A304 1:1 Result '{claim}' {why}"]


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        (("N NS",), "only 1 scoring deal of 5"),
        (("N NS", "E none", "E EW", "S NS"), "only 3 scoring deals of 5"),  # the void is not one
        # deal 2's outcome not recorded, but its dealer deals again: void
        (("N NS", "E ?", "E EW"), "only 2 scoring deals of 5"),
        (("N NS", "E ?", "S EW"), "only 3 scoring deals of 5"),  # passed on: it scored
        (("N NS", "E EW", "S ?", "S ?", "S NS"), "only 3 scoring deals of 5"),
        (("N NS", "E ?"), "at most 2 scoring deals of 5"),  # the last: nothing tells
    ],
)
def test_a_result_on_a_game_short_of_five_scoring_deals_is_a305(
    deals: tuple[str, ...], expected: str | None
) -> None:
    ledger, flag = replay(*game(*deals, tags=result("NS 2-1")))
    assert ledger.finish() == (False, None)
    short = f"{UNFINISHED} the record has {expected}; {STAR}"
    assert said(flag) == ([short] if expected else [])


def test_a_result_on_a_game_of_no_deals_says_where_a_result_stands() -> None:
    ledger, flag = replay(*result("NS 3-2"))
    assert ledger.finish() == (False, None)
    assert said(flag) == [
        f"{UNFINISHED} this game has no deals: tags below a game's deals start a game of"
        " their own; a game's Result stands in its tag section, above its first deal"
    ]


def test_a_result_typed_below_the_last_deal_is_a_game_of_its_own_and_says_so() -> None:
    from .conftest import check_all

    lines = game(*NS_3_2)
    first, below = check_all(record(*lines, *result("NS 3-2")))
    assert first.outcome.findings == []  # the game above has no Result to check
    (finding,) = below.outcome.findings
    assert (finding.code, finding.line, finding.column) == ("A305", len(lines) + 1, 1)
    assert "this game has no deals" in finding.message
    # the same tag above the first deal is the game's, and right
    (whole,) = check_all(record(*result("NS 3-2"), *lines))
    assert whole.outcome.findings == []


@pytest.mark.parametrize(
    ("deals", "written"),
    [(NS_3_2, "NS 3-2"), (EW_4_1, "EW 4-1"), (DRAWN, "draw 3-3"), (NS_3_2[:4], None)],
)
def test_result_star_on_a_finished_game_is_a306_that_says_what_to_write(
    deals: tuple[str, ...], written: str | None
) -> None:
    ledger, flag = replay(*game(*deals, tags=result("*")))
    ledger.finish()
    over = f'{OVER} {FIVE_DEALS}; write [Result "{written}"]'
    assert said(flag) == ([over] if written else [])


@pytest.mark.parametrize("claim", ["*", "EW 5-0"])
def test_a_deal_whose_outcome_is_not_recorded_leaves_the_result_unchecked(claim: str) -> None:
    # Deal 2's outcome not recorded, and the deal passed to the left after
    # it: it scored, for points the record does not give.  Five scoring
    # deals end the game, NS 2, EW 2 and deal 2's point: who won is not
    # known, and no Result can be held to the deals (docs/violations.md
    # A303, A306).
    deals = ("N NS", "E ?", "S EW", "W NS", "N EW")
    ledger, flag = replay(*game(*deals, tags=result(claim)))
    assert ledger.finish() == (True, None)
    assert flag.found == []


@pytest.mark.parametrize(
    ("deals", "winner"),
    [
        (("N NS", "E ?", "S NS", "W NS", "N EW"), "NS"),  # NS 3, EW 1: deal 2 cannot undo it
        (("N NS", "E ?", "S NS", "W NS", "N NS"), "NS"),
        (("N EW", "E ?", "S NS", "W NS", "N EW"), None),  # 2-2: deal 2 decides
    ],
)
def test_a_deal_that_scored_for_points_not_given_leaves_the_winner_known_only_if_it_cannot_matter(
    deals: tuple[str, ...], winner: str | None
) -> None:
    ledger, _ = replay(*game(*deals))
    assert ledger.finish() == (True, winner)
    assert ledger.unscored == (2,)


@pytest.mark.parametrize("dealer", ["E", "N"])
def test_a_deal_1_after_an_unrecorded_last_deal_tells_nothing_of_it(dealer: str) -> None:
    """A deal 1 after the fifth deal is a restart, not the next deal: its
    dealer tells nothing of deal 5's outcome (which left it in this game,
    or ended this game a deal early)."""
    deals = ("W NS", "N EW", "E NS", "S NS", "W ?")
    ledger, _ = replay(*game(*deals))
    ledger.place_header(1, dealer, Pos(30, 1))
    assert (ledger.scoring, ledger.unknown, ledger.unscored) == (4, 1, ())
    assert ledger.over_at is None


def test_a_deal_numbered_wrong_tells_no_outcome_by_its_next_dealer() -> None:
    """The first deal's header moved below its sheet and point line reads
    as that deal without its header and a deal 1 of no lines, numbered
    wrong (A104): that one's dealer passing the deal on says nothing of an
    outcome, and the game is not over a deal early (no A106 at deal 5)."""
    text = record(
        '[Result "NS 3-2"]', "", "winners: S N W E N - E W N", "point N", "deal 1 dealer W",
        "", "deal 2 dealer N", "winners: S W N N E W N E W", "point N",
        "deal 3 dealer E", "winners: S E E E W W S - N", "point E",
        "deal 4 dealer S", "winners: S S S W N W - N S", "point S",
        "deal 5 dealer W", "winners: E E W W W N S S S", "point W",
    )  # fmt: skip
    codes = [f.code for f in check(text).outcome.findings if f.consequence_of is None]
    assert codes == ["A001", "A104"]


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("EW 5-0", "A303 1:1 Result says EW 5-0, but the deals score NS 3, EW 2: NS win"),
        ("*", f'{OVER} {FIVE_DEALS}; write [Result "NS 3-2"]'),
    ],
)
def test_a_deal_its_dealer_deals_again_was_void_and_the_result_is_checked(
    claim: str, expected: str
) -> None:
    # Deal 2's outcome not recorded, but E deals deal 3 too: deal 2 was
    # void, so the five scoring deals are deals 1 and 3 to 6.
    deals = ("N NS", "E ?", "E EW", "S NS", "W EW", "N NS")
    ledger, flag = replay(*game(*deals, tags=result(claim)))
    assert ledger.finish() == (True, "NS")
    assert said(flag) == [expected]


def test_a_deal_after_a_deal_that_scored_for_points_not_given_may_be_one_too_many() -> None:
    """Deal 1 not recorded, N deals deal 2: deal 1 scored, so the game is
    over after deal 5 and deal 6 is one too many.  It was accepted, and the
    game's Result held to the points of deals 2 to 6."""
    deals = ("W ?", "N NS", "E NS", "S NS", "W NS", "N NS")
    ledger, flag = replay(*game(*deals, tags=result("NS 5-0")))
    assert ledger.finish() == (True, "NS")
    assert [f.code for f in flag.found] == ["A106"]
    assert ledger.score == {"NS": 4, "EW": 0}


def test_a_result_tag_in_the_wrong_case_is_checked_as_the_result() -> None:
    ledger, flag = replay(*game(*NS_3_2, tags=['[result "EW 3-2"]']))
    ledger.finish()
    assert said(flag) == [
        "A409 1:1 tag result is read as Result: tag names are case-sensitive; write [Result ...]",
        "A303 1:1 Result says EW 3-2, but the deals score NS 3, EW 2: NS win",
    ]


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("NS 5-0", "A303 1:1 Result says NS 5-0, but the deals score NS 3, EW 2: NS win"),
        ("*", f'{OVER} {FIVE_DEALS}; write [Result "NS 3-2"]'),
    ],
)
def test_a_deal_after_the_end_with_no_outcome_leaves_the_result_checked(
    claim: str, expected: str
) -> None:
    ledger, flag = replay(*game(*NS_3_2, "E ?", tags=result(claim)))
    ledger.finish()
    after_end = f"A106 12:1 the game was over after deal 5 ({FIVE_DEALS});"
    assert said(flag) == [f"{after_end} this deal is one too many (deal 6)", expected]


def test_the_deals_after_the_first_one_too_many_follow_from_its_a106() -> None:
    """Whatever ended the game early ended it for every deal after it: one
    mistake, one finding (docs/violations.md A106); each had its own."""
    ledger, flag = replay(*game(*NS_3_2, "E NS", "S EW"))
    ledger.finish()
    first, second = flag.found
    assert (first.code, second.code) == ("A106", "A106")
    assert first.consequence_of is None
    assert second.consequence_of == ("A106", first.line, first.column)


# --------------------------------------------------------------------------
# Tags (docs/notation.md §3; A403, A404, A409)


def test_a_repeated_tag_is_a404_and_only_the_first_value_is_checked() -> None:
    tags = ['[Event "Club night"]', '[Date "2026.11.14"]', '[Event "Round 2"]', '[Date "14/11"]']
    assert said(replay(*game("N NS", tags=tags))[1]) == [
        "A404 3:1 tag Event is given again; the first value, 'Club night', is used",
        "A404 4:1 tag Date is given again; the first value, '2026.11.14', is used",
    ]


TWICE = "one player sits at one seat; stats counts the two seats' play as one player's"


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        # the same name, blanks around it aside: the later tag is the slip
        (
            ["Anne", "Jean", "Anne "],
            [f"A410 3:1 tag South names 'Anne', as tag North does: {TWICE}"],
        ),
        (
            ["Anne", "Anne", "Anne", "Luc"],
            [
                f"A410 2:1 tag East names 'Anne', as tag North does: {TWICE}",
                f"A410 3:1 tag South names 'Anne', as tag North does: {TWICE}",
            ],
        ),
        (["?", "?", "", ""], []),  # unknown or empty names nobody
        (["Anne", "anne", "Jean", "Luc"], []),  # letter case is kept: two names
        # one name typed on two keyboards: composed (NFC) and decomposed (NFD)
        (
            ["Jos\u00e9", "Luc", "Jose\u0301"],
            [f"A410 3:1 tag South names 'Jos\u00e9', as tag North does: {TWICE}"],
        ),
    ],
)
def test_one_name_at_two_seats_is_a410(names: list[str], expected: list[str]) -> None:
    tags = [f'[{tag} "{name}"]' for tag, name in zip(PLAYER_TAGS.values(), names, strict=False)]
    assert said(replay(*game("N NS", tags=tags))[1]) == expected


def test_a410_reads_a_player_tag_as_every_output_does() -> None:
    """A player tag in the wrong case names the player (A409): stats reads
    it so, and so does the check."""
    tags = ['[North "Anne"]', '[south "Anne"]']
    assert said(replay(*game("N NS", tags=tags))[1]) == [
        f"A409 2:1 tag south is read as South: {CASE} [South ...]",
        f"A410 2:1 tag south names 'Anne', as tag North does: {TWICE}",
    ]


CASE = "tag names are case-sensitive; write"


EMPTY_RULES = (
    "A411 {at} tag {name} is empty: it names no ruleset, and the game is read under"
    " {rules!r}; name the rules played, or leave the tag out for classic"
)
TWICE_OPTION = (
    "A411 {at} tag Options names option {option!r} twice: an option is on or off;"
    " was another option meant?"
)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (['[Rules ""]'], [EMPTY_RULES.format(at="1:1", name="Rules", rules="classic")]),
        (['[Rules "  "]'], [EMPTY_RULES.format(at="1:1", name="Rules", rules="classic")]),
        # read in any case of its name, as the ruleset is chosen (A409 too)
        (
            ['[rules ""]'],
            [
                f"A409 1:1 tag rules is read as Rules: {CASE} [Rules ...]",
                EMPTY_RULES.format(at="1:1", name="rules", rules="classic"),
            ],
        ),
        (['[Rules "classic"]', '[Options ""]'], []),
        (['[Options "mordienne,chanter"]'], []),
        (
            ['[Options "mordienne, chanter,mordienne ,, chanter"]'],
            [
                TWICE_OPTION.format(at="1:1", option="mordienne"),
                TWICE_OPTION.format(at="1:1", option="chanter"),
            ],
        ),
        # only the tag the game is read by: a second one is A404 alone
        (
            ['[Rules "classic"]', '[Rules ""]'],
            ["A404 2:1 tag Rules is given again; the first value, 'classic', is used"],
        ),
    ],
)
def test_an_empty_rules_tag_or_an_option_twice_is_a411(
    tags: list[str], expected: list[str]
) -> None:
    assert said(replay(*game("N NS", tags=tags))[1]) == expected


def test_a411_names_the_ruleset_the_game_is_read_under() -> None:
    """``--rules`` chooses the rules over an empty tag; the warning says so."""
    team_five = load_ruleset("team-five")
    assert said(replay(*game("N NS", tags=['[Rules " "]']), ruleset=team_five)[1]) == [
        EMPTY_RULES.format(at="1:1", name="Rules", rules="team-five")
    ]


GOOD_DATES = ("2026.11.14", "2026.??.??", "????.??.??")
BAD_DATES = (
    "14/11/2026",
    "2026-11-14",
    "2026.1.14",
    "26.11.14",
    "2026.11.14 ",
    "２０２６.１１.１４",  # full-width digits: no number anywhere in a record
    "2026.11.\u0661\u0664",  # Arabic-Indic digits
)


@pytest.mark.parametrize(
    ("date", "wrong"), [(d, False) for d in GOOD_DATES] + [(d, True) for d in BAD_DATES]
)
def test_a_date_not_in_yyyy_mm_dd_form_is_a403(date: str, wrong: bool) -> None:
    message = (
        f"A403 2:1 Date '{date}' is not YYYY.MM.DD{MEANT.get(date, '')} (use ? for unknown parts)"
    )
    assert said(replay('[Event "x"]', f'[Date "{date}"]')[1]) == ([message] if wrong else [])


#: the Date a bad one means, where it can only be one day of the calendar,
#: or, the day and the month either way round, the day first
MEANT = {
    "14/11/2026": ": write '2026.11.14'",
    "2026-11-14": ": write '2026.11.14'",
    "2026.1.14": ": write '2026.01.14'",
    "2026.11.14 ": ": write '2026.11.14'",
    "11/14/2026": ": write '2026.11.14'",
    "03/04/2026": ": write '2026.04.03' if its day comes first, as in France",
}


@pytest.mark.parametrize("date", ["11/14/2026", "03/04/2026", "31/02/2026", "2026-13-01"])
def test_a_date_written_another_way_says_the_date_it_means(date: str) -> None:
    """A403 says what to write where the value is a day of the calendar
    written another way; not where it is none (31 February, month 13)."""
    message = (
        f"A403 2:1 Date '{date}' is not YYYY.MM.DD{MEANT.get(date, '')} (use ? for unknown parts)"
    )
    assert said(replay('[Event "x"]', f'[Date "{date}"]')[1]) == [message]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ('[options "mordienne"]', f"tag options is read as Options: {CASE} [Options ...]"),
        ('[RESULT "*"]', f"tag RESULT is read as Result: {CASE} [Result ...]"),
        (
            '[Evnt "Club night"]',
            "tag Evnt is not a tag aluette knows; did you mean Event?"
            " It is kept as written and not checked",
        ),
        ('[Scorer "Ana"]', None),  # close to no known tag: kept, not warned about
        # a French scorer's names: close to no English one in spelling
        (
            '[Ouest "Anne"]',
            "tag Ouest is not a tag aluette knows; did you mean West?"
            " It is kept as written and not checked",
        ),
        (
            '[Resultat "NS 3-2"]',
            "tag Resultat is not a tag aluette knows; did you mean Result?"
            " It is kept as written and not checked",
        ),
    ],
)
def test_a_known_tag_in_the_wrong_case_or_a_near_miss_is_a409(
    tag: str, expected: str | None
) -> None:
    assert said(replay(tag)[1]) == ([f"A409 1:1 {expected}"] if expected else [])


@pytest.mark.parametrize(
    ("tags", "said_of", "rules"),
    [
        (['[Rles "team-five"]'], "read", "team-five"),
        (['[Regles "team-five"]'], "read", "team-five"),  # the French name
        (['[Rles "house.toml"]'], "read", "house.toml"),
        (['[Rles "nosuch"]'], "kept", "classic"),  # names no ruleset: not read so
        (['[Rules "classic"]', '[Rles "team-five"]'], "kept", "classic"),  # the tag itself
        (['[Optoins "mordienne"]'], "read", "classic"),
        (['[Optoins "fast"]'], "kept", "classic"),
    ],
)
def test_a_slip_for_the_rules_or_options_tag_is_read_as_it_where_its_value_fits(
    tags: list[str], said_of: str, rules: str
) -> None:
    """[Rles "team-five"] was kept as an unknown tag, and the game read as
    classic made a finding of nearly every deal (one slip, dozens of
    findings): a tag that is a slip for Rules (or Options) and whose value
    names a ruleset (or options) is read as it, and A409 says so."""
    from aluette_cli.pipeline import rules_name
    from aluette_cli.rules import RULE_TAGS

    (read,) = read_games([record(*tags, "", "deal 1 dealer N", "point NS").encode("utf-8")])
    assert rules_name(read) == rules
    slip = read.tags[-1]
    meant = "Rules" if slip.name in ("Rles", "Regles") else "Options"
    assert (find_tag(read.tags, meant, RULE_TAGS[meant]) is slip) is (said_of == "read")
    flag = Flags(1)
    GameLedger(read.tags, CLASSIC, None, flag)
    (finding,) = flag.found
    if said_of == "read":
        assert finding.message == (
            f"tag {slip.name} is read as {meant}, the tag it is a slip for, whose value it"
            f" holds; write [{meant} ...]"
        )
    else:
        assert "It is kept as written and not checked" in finding.message


def test_a_team_five_game_whose_rules_tag_is_mistyped_has_that_one_finding() -> None:
    from .conftest import generated

    text = generated(3, "--rules", "team-five").replace('[Rules "team-five"]', '[Rles "team-five"]')
    assert [f.code for f in check(text).outcome.findings] == ["A409"]


def test_a_known_tag_in_the_wrong_case_beside_the_tag_itself_is_a_near_miss() -> None:
    # [Result] is read; [result] is kept as written, and said so (notation.md §3:
    # a name close to a known tag is warned about)
    ledger, flag = replay(*game(*NS_3_2, tags=['[Result "NS 3-2"]', '[result "EW 3-2"]']))
    ledger.finish()
    assert said(flag) == [
        "A409 2:1 tag result is not a tag aluette knows; did you mean Result?"
        " It is kept as written and not checked"
    ]


# --------------------------------------------------------------------------
# The partnership draw's first dealer (docs/rules.md §2, §11.10; A408)

# E gets madame (3c), N borgne, S vache, W monsieur: W and E partners, E deals first.
DRAW = ['[Event "Club night"]', "draw: N:5c E:3c S:Rb W:7e N:2d S:2c W:3d"]
FIRST = "A408 3:1 N deals the first deal, but E drew 3c and deals first (deal 1)"


@pytest.mark.parametrize(
    ("dealers", "expected"),
    [
        (("E NS", "S EW"), []),
        (("N NS", "E EW"), [FIRST]),  # deal 2 is not the draw's: it goes on from N
        # or from E, the header's N a slip: one mistake, one finding (an A105
        # for deal 2 beside the A408)
        (("N NS", "S EW"), [FIRST]),
    ],
)
def test_madame_s_holder_in_the_draw_deals_the_first_deal_and_only_that_one(
    dealers: tuple[str, ...], expected: list[str]
) -> None:
    ledger, flag = replay(*game(*dealers, tags=DRAW))
    assert ledger.first_dealer == "E"
    assert said(flag) == expected


# --------------------------------------------------------------------------
# A game played to points: to-five-points (docs/rules.md §7, §9)


def test_to_five_points_ends_when_a_team_has_five_points_not_after_five_deals() -> None:
    # EW 2 (a mordienne), NS 1, EW 4, EW 5: over after deal 4; deal 5 is one too many.
    deals = ("W EW 2", "N NS", "E EW 2", "S EW", "W NS")
    ledger, flag = replay(*game(*deals, tags=result("EW 5-1")), ruleset=TO_FIVE)
    assert (ledger.finish(), ledger.score) == ((True, "EW"), {"NS": 1, "EW": 5})
    assert said(flag) == [
        "A106 10:1 the game was over after deal 4 (a team had reached 5 points);"
        " this deal is one too many (deal 5)"
    ]


@pytest.mark.parametrize(
    ("deals", "claim", "expected"),
    [
        (
            ("W EW 2", "N NS", "E EW 2", "S EW"),
            "*",
            f'{OVER} a team had reached 5 points; write [Result "EW 5-1"]',
        ),
        # NS 4, EW 2 after six deals: no A106 for deal 6, and the Result is early.
        (
            (*NS_3_2, "E NS"),
            "NS 4-2",
            f"{UNFINISHED} the score is NS 4, EW 2 and the game goes on until a team has"
            f" 5 points; {STAR}",
        ),
        (("W EW 2", "N EW 2", "E ?"), "EW 5-0", None),  # EW 4: deal 3 may have made it 5
    ],
)
def test_to_five_points_judges_the_result_by_the_points(
    deals: tuple[str, ...], claim: str, expected: str | None
) -> None:
    ledger, flag = replay(*game(*deals, tags=result(claim)), ruleset=TO_FIVE)
    ledger.finish()
    assert said(flag) == ([expected] if expected else [])


# --------------------------------------------------------------------------
# What the game's ledger finds after a deal whose claims part from its cards

# Classic cards; W's Ve and S's 1d are swapped in trick 1 (A203 twice): by the
# cards S's ace takes trick 1 and S wins the deal for NS, 4 tricks; by the
# claims W takes it and wins for EW, as the point line says.  So the point
# line follows from the mistake on line 9, and the game's ledger counts NS
# where the record counts EW.
SWAPPED = REFERENCE.replace("1. W:1d N:Cd E:3b S:Ve -> W", "1. W:Ve N:Cd E:3b S:1d -> W") + "\n\n"


def _points(pairs: str) -> str:
    """Point-only deals 2 on: ``"W:NS N:EW"`` is deal 2 dealt by W for NS..."""
    return "".join(
        f"deal {k} dealer {d}\npoint {team}\n\n"
        for k, (d, team) in enumerate((p.split(":") for p in pairs.split()), 2)
    )


def _said(text: str) -> list[tuple[str, int, int | None]]:
    """(code, line, line of the mistake it follows from) of each finding."""
    return [
        (f.code, f.line, f.consequence_of[1] if f.consequence_of else None)
        for f in check(text).outcome.findings
    ]


def _swap_found(line: int) -> list[tuple[str, int, int | None]]:
    """The deal's own findings, its trick 1 on ``line``: the point line 9 lines on."""
    return [
        ("A203", line, None),
        ("A203", line, line),  # each of the two played the other's card: one slip
        ("A301", line, line),
        ("A302", line + 9, line),
    ]


@pytest.mark.parametrize(
    ("head", "rest", "expected"),
    [
        # five deals: the Result is the record's score, EW 3-2; the cards' is NS 3-2
        ('[Result "EW 3-2"]\n\n', "W:NS N:EW E:NS S:EW", [("A303", 1, 9), *_swap_found(9)]),
        # to five points: the cards end the game after deal 5 (NS 5), the
        # record only after deal 6 (NS 4, EW 1 before it)
        (
            '[Rules "to-five-points"]\n\n',
            "W:NS N:NS E:NS S:NS W:NS",
            [*_swap_found(9), ("A106", 32, 9)],
        ),
        # the record's EW 5-0 is a finished game; the cards' NS 1, EW 4 is not
        (
            '[Rules "to-five-points"]\n[Result "EW 5-0"]\n\n',
            "W:EW N:EW E:EW S:EW",
            [("A305", 2, 10), *_swap_found(10)],
        ),
    ],
    ids=["A303", "A106", "A305"],
)
def test_what_the_ledger_finds_only_from_the_cards_follows_from_the_first_mistake(
    head: str, rest: str, expected: list[tuple[str, int, int | None]]
) -> None:
    """Fixing the two swapped cards fixes everything: the Result and the end
    of the game are right for the record's own points.  They were findings
    to act on of their own; they follow from trick 1 (the A203, first to fix)."""
    assert _said(head + SWAPPED + _points(rest)) == expected


def test_a_ledger_finding_the_record_makes_on_its_own_is_not_marked() -> None:
    """Deal 3 is dealt by S where N should deal whoever took deal 1: that
    A105 is the record's own mistake, to act on."""
    assert _said(SWAPPED + _points("W:NS S:EW")) == [*_swap_found(7), ("A105", 21, None)]


def test_a_dealer_after_a_deal_the_cards_make_void_follows_from_it() -> None:
    """Team-five: E's 8c and S's 5e are swapped (A203): by the cards trick 3
    cancels out, both teams have 4 tricks and the deal is void, so W should
    deal again; by the claims NS take it and N deals next, as written."""
    text = """\
[Rules "team-five"]

deal 1 dealer W
N: Cc Rc 4c 7c 1d 5d Cb 3e 4d
E: 6d 8b 3b Vb 9e Vd 5c 5e 1e
S: Re 8c 7e Ve 2d 4e 2b 7d Ce
W: 9c 8e Vc 6b 8d Rb Rd 6e 6c
stock: 5b 3d 2c 9d Cd 1c 1b 2e 7b 3c 9b 4b
1. N:7c E:8c S:Ve W:8d -> S
2. S:2b W:Vc N:4d E:6d -> S
3. S:5e W:8e N:5d E:8b -> N
4. N:4c E:Vb S:7e W:Rb -> W
5. W:6c N:Cb E:Vd S:Ce -> E
6. E:9e S:2d W:9c N:1d -> S
7. S:Re W:Rd N:Rc E:5c -> E
8. E:1e S:7d W:6e N:3e -> E
9. E:3b S:4e W:6b N:Cc -> N
point NS

deal 2 dealer N
point NS
"""
    # (E and S each played a card of the other's hand line; the claim of
    # trick 3 follows its card written under the wrong seat, which hand lines
    # written the wrong way round would not explain, but the two cards
    # written in each other's tricks do, with trick 1's claim: one slip)
    assert _said(text) == [
        ("A203", 9, None),
        ("A203", 11, 9),
        ("A301", 11, 9),
        ("A302", 18, 9),
        ("A105", 20, 9),
    ]


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # both point lines wrong: the dealer of deal 3 is right for line 8's
        # point, whatever line 4 says, so it follows from line 8
        ("none", "NS", [("A302", 4, None), ("A302", 8, None), ("A105", 10, 8)]),
        ("N", "NS", [("A302", 8, None), ("A105", 10, 8)]),  # line 4 fixed: the same
        ("none", "none", [("A302", 4, None), ("A105", 10, None)]),  # line 8 fixed: its own
    ],
    ids=["both", "first-fixed", "second-fixed"],
)
def test_a_ledger_finding_follows_from_the_mistake_whose_fix_fixes_it(
    first: str, second: str, expected: list[tuple[str, int, int | None]]
) -> None:
    """Two point lines wrong for their sheets: deal 1 is N's (claimed
    void), deal 2 void (claimed NS).  S deals deal 3 as if NS had taken
    deal 2, where E deals again after the void deal: fixing line 8 fixes
    that, fixing line 4 does not, so it follows from line 8 alone."""
    text = record(
        '[Result "*"]',
        "deal 1 dealer N",
        "winners: N N N N E E W S -",
        f"point {first}",
        "",
        "deal 2 dealer E",
        "winners: - - - - - - - - -",
        f"point {second}",
        "",
        "deal 3 dealer S",
        "winners: N N N N E E W S -",
        "point NS",
    )
    assert _said(text) == expected


UNKNOWN = "(use ? for unknown parts)"


@pytest.mark.parametrize(
    ("date", "why"),
    [
        ("2026.14.11", "has no month 14: a Date is YYYY.MM.DD, the month before the day"),
        ("2026.00.14", "has no month 0: a Date is YYYY.MM.DD, the month before the day"),
        ("2026.02.30", "has no day 30: that month has 28 days"),
        ("2025.02.29", "has no day 29: that month has 28 days"),
        ("2026.11.31", "has no day 31: that month has 30 days"),
        ("????.02.30", "has no day 30: that month has 29 days"),  # in a leap year, 29
        ("2026.??.32", "has no day 32: that month has 31 days"),
        ("0000.11.14", "has no year 0"),
        ("2024.02.29", None),
        ("2026.??.31", None),
        ("????.02.29", None),
    ],
)
def test_a_date_in_form_that_is_no_day_of_the_calendar_is_a403(date: str, why: str | None) -> None:
    message = f"A403 2:1 Date '{date}' {why} {UNKNOWN}"
    assert said(replay('[Event "x"]', f'[Date "{date}"]')[1]) == ([message] if why else [])


def test_a_huge_gap_in_the_deal_numbers_is_read_at_once() -> None:
    # nine digits of deals left out: the dealers they reach are worked out
    # in four steps at most, not one a deal
    _, flag = replay("deal 1 dealer N", "point NS", "deal 999999999 dealer S", "point NS")
    (found,) = flag.found
    assert (found.code, found.facts["count"]) == ("A104", 999999997)


@pytest.mark.parametrize(
    ("claim", "fixed"),
    [
        ("ew 4-1", "EW 4-1"),  # the side in the wrong case
        ("EW 4\u20131", "EW 4-1"),  # an en dash, from a word processor's autocorrect
        ("Draw 3\u20143", "draw 3-3"),
        ("ns 3 \u2212 2", "NS 3-2"),
    ],
)
def test_a_result_wrong_only_in_its_case_or_dash_is_a304_that_says_what_to_write(
    claim: str, fixed: str
) -> None:
    ledger, flag = replay(*game("N NS", tags=result(claim)))
    ledger.finish()
    assert said(flag) == [
        f"A304 1:1 Result '{claim}' is not understood: write '{fixed}' (a team in capitals,"
        " 'draw' in lower case, a plain hyphen between the scores)"
    ]


def test_an_option_in_capitals_is_read_as_the_option_it_spells_with_a411() -> None:
    """A phone capitalises a list's first word: the option is on, and A411
    says it is read so (the pipeline reads it, :meth:`Ruleset.meant_options`)."""
    tags = ['[Options "Mordienne, chanter, CHANTER"]']
    assert CLASSIC.meant_options(frozenset({"Mordienne", "CHANTER"})) == {"mordienne", "chanter"}
    assert said(replay(*game("N NS", tags=tags))[1]) == [
        "A411 1:1 tag Options names option 'Mordienne': option names are lower-case, and it is"
        " read as 'mordienne'",
        "A411 1:1 tag Options names option 'CHANTER': option names are lower-case, and it is"
        " read as 'chanter'",
        "A411 1:1 tag Options names option 'chanter' twice: an option is on or off; was another"
        " option meant?",
    ]
