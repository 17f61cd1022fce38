"""``aluette analyse`` and ``annotate --analyse``: every play of a recorded
deal valued under perfect information (the solver itself is held to a brute
force in test_solver.py).

samples/thrown-away.aln is a deal built by hand (its comments work it out):
East keeps monsieur for the last trick instead of leading it at trick 8,
and so throws the point away.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from aluette_cli.analysis import (
    DealAnalysis,
    DealTask,
    Limits,
    PlayValue,
    analyse_deal,
    analyse_game,
    deal_tasks,
)
from aluette_cli.pipeline import RuleChoice
from aluette_cli.solver import Solver
from aluette_cli.writers.analysis import deal_lines

from .conftest import ROOT, SAMPLES, check, check_all, generated, run, write

THROWN = SAMPLES / "thrown-away.aln"


def analysed(*args: str | Path) -> dict[str, Any]:
    result = run("analyse", "--format", "json", *map(str, args))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return json.loads(result.stdout)


# --------------------------------------------------------------------------
# The sample


def test_the_thrown_away_deal_names_the_play_and_the_card_that_kept_the_point() -> None:
    data = analysed("--from-trick", "5", THROWN)
    (game,) = data["games"]
    (deal,) = game["deals"]
    assert deal["solved_from_trick"] == 5 and deal["skipped"] is None
    changed = [p for p in deal["plays"] if p["before"] != p["after"]]
    assert changed == [
        {"trick": 8, "seat": "E", "card": "4b", "before": -1, "after": 1, "keeps": ["3d"]}
    ]
    # Every play from trick 5 on, each once, in the order played.
    assert [(p["trick"], p["seat"]) for p in deal["plays"]][:4] == [
        (5, "W"),
        (5, "N"),
        (5, "E"),
        (5, "S"),
    ]
    assert len(deal["plays"]) == 20


def test_the_text_says_it_in_a_sentence() -> None:
    result = run("analyse", "--from-trick", "5", str(THROWN))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"Game 1: A deal thrown away  ({THROWN})",
        "",
        "Deal 1, dealer W: solved from trick 5; with perfect play from there EW win the point.",
        "  trick 8, E plays 4b: EW could still win the point with 3d; after 4b NS win the"
        " point whatever EW do.",
        "  As played: NS win the point.",
    ]


@pytest.mark.parametrize(
    ("before", "after", "said"),
    [
        # the value went to the others: they take it whatever EW do
        (-1, 1, "after 7e NS win the point whatever EW do."),
        # still EW's, less of it: EW win the point only playing well; NS
        # can hold them to it (it said "EW win the point whatever EW do")
        (-2, -1, "after 7e EW can win no more than the point."),
        (-2, 0, "after 7e EW can do no better than a void deal."),
        (2, -1, "after 7e EW win the point whatever NS do."),
    ],
)
def test_a_play_that_lost_value_says_what_is_sure_after_it(
    before: int, after: int, said: str
) -> None:
    from aluette_cli.analysis import PlayValue
    from aluette_cli.writers.analysis import play_sentence

    seat = "E" if before < 0 else "N"
    play = PlayValue(7, seat, "7e", before, after, ("5e",))
    assert play_sentence(play).endswith(said), play_sentence(play)


def test_the_sample_is_a_valid_record() -> None:
    result = run("validate", str(THROWN))
    assert result.exit_code == 0
    assert result.stderr.strip() == "1 game, 1 deal: 0 errors, 0 warnings"


def test_annotate_marks_the_play() -> None:
    result = run("annotate", "--analyse", "--from-trick", "5", str(THROWN))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    trick8 = next(line for line in lines if line.startswith("8. "))
    assert trick8.endswith("{= E:4b ?? best 3d}")
    assert sum("??" in line for line in lines) == 1
    point = next(line for line in lines if line.startswith("point NS"))
    assert (
        "{= analysed from trick 5: with perfect play EW win the point; 1 play changed the value}"
        in point
    )
    # Annotating the annotated record again changes nothing.
    again = run("annotate", "--analyse", "--from-trick", "5", "-", input=result.stdout)
    assert again.stdout == result.stdout


# --------------------------------------------------------------------------
# What the values mean


def _plays(data: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [d["plays"] for g in data["games"] for d in g["deals"] if d["skipped"] is None]


def test_values_chain_and_keeps_hold_what_they_say(tmp_path: Path) -> None:
    """The value after a play is the value before the next one; a play in
    ``keeps`` keeps the value; the last value is the deal's score."""
    record = write(tmp_path, "g.aln", generated(11, "--games", "2"))
    data = analysed("--from-trick", "6", record)
    report = json.loads(run("report", "--format", "json", str(record)).stdout)
    scores = [
        (d["point"]["points"] if d["point"]["team"] == "NS" else -d["point"]["points"])
        if d["point"]
        else 0
        for g in report["games"]
        for d in g["deals"]
    ]
    for plays, score in zip(_plays(data), scores, strict=True):
        assert plays[0]["trick"] == 6
        for play, following in itertools.pairwise(plays):
            assert play["after"] == following["before"]
        for play in plays:
            assert (play["card"] in play["keeps"]) == (play["after"] == play["before"])
            assert play["keeps"]
        assert plays[-1]["after"] == score


@pytest.mark.parametrize(
    "flags",
    [
        ("--rules", "classic"),
        ("--rules", "classic", "--options", "mordienne"),
        ("--rules", "team-five"),
        ("--rules", str(SAMPLES / "house-rules.toml")),
    ],
)
def test_the_line_of_plays_gives_what_valuing_every_card_gives(flags: tuple[str, ...]) -> None:
    """Valued along the record's line (the default: each play from the value
    after it), every play has the values that valuing every card gives, and
    a play that changed the value the same cards that would have kept it
    (without each other card's exact value, which the text does not show);
    a play that kept it lists none, as not asked for, rather than a guess."""
    text = generated(4, "--games", "3", "--no-claims", *flags)
    choice = RuleChoice(flags[1], frozenset(flags[3:]))
    tasks = [t for c in check_all(text, choice) for t in deal_tasks(c) if isinstance(t, DealTask)]
    assert len(tasks) >= 10
    changed = kept = 0
    for task in tasks:
        line = analyse_deal(task, Limits(4, None))
        every = analyse_deal(task, Limits(4, None, every_card=True))
        assert line.solved_from_trick == every.solved_from_trick == 4
        for a, b in zip(line.plays, every.plays, strict=True):
            assert (a.trick, a.seat, a.card, a.before, a.after) == (
                b.trick,
                b.seat,
                b.card,
                b.before,
                b.after,
            )
            if b.changed:
                changed += 1
                assert a.keeps == b.keeps and a.keeps
                assert a.values == () and b.values
            else:
                kept += 1
                assert a.keeps is None and a.values == ()
                assert b.keeps is not None and a.card in b.keeps
    assert changed and kept


def test_a_time_limit_never_gives_a_wrong_value() -> None:
    """Out of time, the deal is solved from a later trick, with exactly the
    values a search without a limit gives for those plays."""
    checked = check(generated(5, "--games", "1"))
    tasks = [t for t in deal_tasks(checked) if isinstance(t, DealTask)]
    assert tasks
    task = tasks[0]
    short = analyse_deal(task, Limits(1, 0.05))
    assert short.solved_from_trick is not None
    assert short.solved_from_trick > 1 and short.out_of_time
    full = analyse_deal(task, Limits(short.solved_from_trick, None))
    assert full.plays == short.plays and not full.out_of_time


def test_the_clock_starts_after_a_compiled_search_even_when_bounds_settle_the_warm_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first search of a process compiles the fast extra's search, which
    is no deal's search time: before a deal's clock starts, the compiled
    search has run once, even where the card and count bounds already value
    the last trick's start (so that no search of it was needed)."""
    kernel = pytest.importorskip("aluette_cli.kernel")
    checked = check(generated(5, "--games", "1"))
    task = next(t for t in deal_tasks(checked) if isinstance(t, DealTask))
    if not Solver(task.ruleset, task.doubled_by).compiled:
        pytest.skip("the ruleset is searched in Python")
    deadlines: list[float | None] = []
    original = kernel.Kernel.play

    def spy(self: Any, *args: Any) -> int:
        deadlines.append(args[-1])
        return original(self, *args)

    monkeypatch.setattr(kernel.Kernel, "play", spy)
    analyse_deal(task, Limits(9, 60.0))
    assert deadlines and deadlines[0] is None


def test_team_five_with_a_double_is_worth_two(tmp_path: Path) -> None:
    text = generated(2, "--games", "1", "--rules", "team-five", "--no-claims")
    record = write(tmp_path, "t5.aln", text)
    doubled = [bool(d.announces) for d in check(text).game.deals]  # type: ignore[union-attr]
    assert any(doubled) and not all(doubled)
    result = run("analyse", "--from-trick", "6", "--format", "json", str(record))
    deals = json.loads(result.stdout)["games"][0]["deals"]
    assert len(deals) == len(doubled)
    for deal, double in zip(deals, doubled, strict=True):
        values = {abs(p["before"]) for p in deal["plays"]} | {abs(deal["plays"][-1]["after"])}
        assert values <= ({0, 2} if double else {0, 1})
        assert values != {0}


def test_jobs_give_the_same_output(tmp_path: Path) -> None:
    record = write(tmp_path, "g.aln", generated(3, "--games", "2"))
    one = run("analyse", "--from-trick", "7", "--format", "json", str(record))
    two = run("analyse", "--from-trick", "7", "--format", "json", "-j", "2", str(record))
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 0


# --------------------------------------------------------------------------
# Deals that cannot be analysed


def test_deals_without_hands_are_skipped_with_a_reason() -> None:
    data = analysed(SAMPLES / "score-sheet.aln")
    reasons = {d["skipped"] for d in data["games"][0]["deals"]}
    assert reasons == {"the record does not give the four hands"}
    for deal in data["games"][0]["deals"]:
        assert deal["solved_from_trick"] is None and deal["plays"] == []


def test_a_hand_written_under_the_wrong_seat_is_analysed_as_the_replay_reads_it(
    tmp_path: Path,
) -> None:
    """N's hand written as a second W line: validate reads the line as N's
    (A107) and plays the deal; so does the analysis, which said "the record
    does not give the four hands"."""
    lines = generated(11, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("N: "))
    lines[k] = "W: " + lines[k][3:]
    record = write(tmp_path, "misseated.aln", "\n".join(lines))
    result = run("analyse", "--from-trick", "7", "--format", "json", str(record))
    assert result.exit_code == 1  # the A107, as validate says
    first = json.loads(result.stdout)["games"][0]["deals"][0]
    assert first["skipped"] is None and first["solved_from_trick"] == 7, first


def test_cards_alone_read_again_with_the_replay_s_seats_are_analysed_so(tmp_path: Path) -> None:
    """E's and W's hand lines exchanged in a record of cards alone without
    claims: validate reads the lines as the replay's seats show them
    (A110, the deal read again); so does the analysis, which named a
    card not in its player's hand, and the match page's table of hands."""
    lines = generated(11, "--games", "1", "--style", "cards", "--no-claims").split("\n")
    e = next(k for k, line in enumerate(lines) if line.startswith("E: "))
    w = next(k for k, line in enumerate(lines) if line.startswith("W: "))
    lines[e], lines[w] = "E: " + lines[w][3:], "W: " + lines[e][3:]
    record = write(tmp_path, "swapped.aln", "\n".join(lines))
    codes = [f.code for f in check("\n".join(lines)).outcome.findings]
    assert codes == ["A110"], codes
    result = run("analyse", "--from-trick", "8", "--format", "json", str(record))
    first = json.loads(result.stdout)["games"][0]["deals"][0]
    assert first["skipped"] is None and first["solved_from_trick"] == 8, first
    page = run("report", "--format", "html", str(record)).stdout
    # the first board: W's seat shows the line written under E, as played
    west = re.search(r'<div class="seat W"><h4>W.*?<p class=hand>([^<]*)</p>', page)
    assert west is not None and west[1] == lines[e][3:], west


_WRONG_DEALER = """[Rules "classic"]

deal 1 dealer {first}
point NS

deal 2 dealer W
N: 9c 4c Ce 2c 7d 8b Rd 7c 4b
E: 6b Rc 9e 5d 5c Rb Re Cc 6e
S: 4d 3e Vd 1e Ve 6c 7e Cb 1c
W: 5b 2d 3b 6d 8d 1b Vc 9d Vb
stock: 1d 3c 9b 5e Cd 2b 8e 2e 4e 8c 3d 7b
1. W:9d N:9c E:5d S:Vd -> N
2. N:2c E:Rc S:6c W:5b -> N
3. N:4b E:Cc S:4d W:2d -> W
4. W:3b N:8b E:6b S:Ve -> S
5. S:1e W:1b N:4c E:6e -> pourri
6. S:7e W:Vc N:Rd E:9e -> N
7. N:Ce E:5c S:Cb W:Vb -> pourri
8. N:7d E:Re S:1c W:8d -> S
9. S:3e W:6d N:7c E:Rb -> E
point N
"""


@pytest.mark.parametrize(
    ("first", "code", "skipped"),
    [
        # S should deal deal 2 (E dealt deal 1): the header's W is one
        # finding, and W, on S's left, may lead trick 1 as the replay says
        ("E", "A105", None),
        # W does deal deal 2, so N leads trick 1, not W: skipped, as
        # validate says it on the trick's line
        ("S", "A202", 12),
    ],
)
def test_trick_1_is_led_by_whom_the_replay_lets_lead_it(
    tmp_path: Path, first: str, code: str, skipped: int | None
) -> None:
    record = write(tmp_path, "dealer.aln", _WRONG_DEALER.format(first=first))
    assert re.findall(r" (A\d{3}) ", run("validate", str(record)).stdout) == [code]
    result = run("analyse", "--from-trick", "7", "--format", "json", str(record))
    deal = json.loads(result.stdout)["games"][0]["deals"][1]
    assert deal["skipped"] == (None if skipped is None else as_validate_says(record, skipped))
    assert deal["solved_from_trick"] == (7 if skipped is None else None)


def a_bad_deal_analysed(tmp_path: Path, text: str) -> tuple[Path, int, dict[str, Any]]:
    """``text`` (one deal) written to a file and analysed as JSON: the
    file, the exit status and the deal."""
    record = write(tmp_path, "bad.aln", text)
    result = run("analyse", "--format", "json", str(record))
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    return record, result.exit_code, deal


def as_validate_says(record: Path, line: int) -> str:
    """Why a deal is not analysed, in the words ``validate`` gives the first
    finding on ``line``: the table referees play for both."""
    said = json.loads(run("validate", "--format", "json", str(record)).stdout)
    first = next(f for f in said if f["line"] == line)
    return f"line {line}: {first['message']} ({first['code']}: see aluette validate)"


@pytest.mark.parametrize(
    ("edit", "code"),
    [
        (("3. E:8c", "3. E:Rd"), "A203"),  # a stock card
        (("3. E:8c", "3. E:Vb"), "A203"),  # N's card
        (("3. E:8c", "3. E:1d"), "A204"),  # played in trick 1
        (("3. E:8c S:7d", "3. S:7d E:8c"), "A202"),  # S leads in E's turn
        (("W:Vc N:Cd", "W:Vc"), "A205"),  # three cards
    ],
    ids=["stock card", "another's card", "card played twice", "out of turn", "three cards"],
)
def test_a_broken_play_is_named_as_validate_names_it(
    tmp_path: Path, edit: tuple[str, str], code: str
) -> None:
    text = THROWN.read_text("utf-8")
    assert edit[0] in text
    record, status, deal = a_bad_deal_analysed(tmp_path, text.replace(*edit))
    assert status == 1  # the record breaks a rule, as validate says
    line = _line_of(text, "3. E:8c")
    assert deal["skipped"] == as_validate_says(record, line)
    assert f"({code}: " in deal["skipped"]


def _line_of(text: str, start: str) -> int:
    """The number of the sample's line that starts with ``start``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_deal_with_a_line_that_cannot_be_read_is_skipped_naming_it(tmp_path: Path) -> None:
    text = THROWN.read_text("utf-8")
    _, _, deal = a_bad_deal_analysed(tmp_path, text.replace("3. E:8c", "3. E:8x"))
    line = _line_of(text, "3. E:8c")
    assert deal["skipped"] == f"line {line} cannot be read (A001: see aluette validate)"


@pytest.mark.parametrize(
    ("edit", "at", "code"),
    [
        (("the point for NS}", "the point for NS"), "point NS", "A002"),
        (("9. N:Vb", "8. E:4b S:3b W:3e N:2d -> N\n" * 40 + "9. N:Vb"), None, "A009"),
        (("N: 1d 4d Cd", "N: 4d Cd"), "N: ", "A102"),
        (("N: 1d 4d Cd", "N: 1d 4d 3c Cd"), "N: ", "A102"),
    ],
    ids=[
        "a brace never closed",
        "more tricks than a deal can hold",
        "a hand short",
        "a hand long",
    ],
)
def test_a_deal_broken_before_its_play_is_skipped_as_validate_says(
    tmp_path: Path, edit: tuple[str, str], at: str | None, code: str
) -> None:
    """A deal the reader could not take whole, or whose hands are not four
    of nine different cards, is named by the finding that says so, on its
    line, in validate's words: not "could not be read" or "the hands are
    not four hands" alone."""
    text = THROWN.read_text("utf-8")
    assert edit[0] in text
    bad = text.replace(*edit)
    record, _, deal = a_bad_deal_analysed(tmp_path, bad)
    said = json.loads(run("validate", "--format", "json", str(record)).stdout)
    line = _line_of(bad, at) if at else next(f["line"] for f in said if f["code"] == code)
    assert deal["skipped"] == as_validate_says(record, line)
    assert f"({code}: " in deal["skipped"]


#: E discards 8c in its chant, a card it was not dealt nor given (A405):
#: E's hand after the chant is not nine cards, though the hand lines are.
BAD_CHANT = (
    '[Event "chant"]\n'
    '[Rules "classic"]\n'
    '[Options "chanter, signals"]\n'
    "\n"
    "deal 1 dealer E\n"
    "N: 8c Ve Cd 7c 6d 3d Vb 9b 1e\n"
    "E: 7d 9e 3b 6e 8b Rb 1c 3c 5c\n"
    "S: 2b 4c Rd 1b Ce 2c 5b 6b 8d\n"
    "W: 6c 4d Cc Vc Vd 2d 4e 4b 9c\n"
    "stock: 7e 1d 8e 5d Re 5e 7b 3e Rc 9d Cb 2e\n"
    "chant S takes 7e 8e Re 7b Rc Cb discards 7e 8e Re 7b Rc Cb\n"
    "chant E takes 1d 5d 5e 3e 9d 2e discards 1d 5d 5e 3e 9d 8c\n"
    "1. S:2b W:Cc N:9b E:6e -> S\n"
    "2. S:2c W:4b N:6d E:3c -> E\n"
    "3. E:Rb S:8d W:Vd N:3d -> N\n"
    "4. N:Cd E:1c S:5b W:2d -> W\n"
    "5. W:9c N:Ve E:3b S:4c -> W\n"
    "6. W:Vc N:7c E:8b S:Rd -> S\n"
    "7. S:6b W:4e N:8c E:5c -> N\n"
    "8. N:1e E:9e S:1b W:6c -> pourri\n"
    "9. N:Vb E:7d S:Ce W:4d -> S\n"
    "point NS\n"
)


def test_a_chant_that_leaves_a_hand_short_is_skipped_naming_the_chant(tmp_path: Path) -> None:
    """Not the hand lines, which are right, but the chant line's own
    finding, as validate says it."""
    record, _, deal = a_bad_deal_analysed(tmp_path, BAD_CHANT)
    line = _line_of(BAD_CHANT, "chant E")
    assert deal["skipped"] == as_validate_says(record, line)
    assert "(A405: " in deal["skipped"]


@pytest.mark.parametrize(
    "edit",
    [
        ("4. N:5e E:6c S:8d W:9c -> W  {W 1}\n", ""),
        ("4. N:5e", "3. N:5e"),
        ("4. N:5e", "9. N:5e"),
    ],
    ids=["missing trick", "numbering mistake", "a later number"],
)
def test_a_deal_whose_tricks_do_not_count_up_is_skipped_as_validate_says(
    tmp_path: Path, edit: tuple[str, str]
) -> None:
    # validate's A201 on the line after the gap, or on the line misnumbered
    text = THROWN.read_text("utf-8")
    assert edit[0] in text
    record, _, deal = a_bad_deal_analysed(tmp_path, text.replace(*edit))
    reason = as_validate_says(record, _line_of(text, "4. N:5e"))
    assert "(A201: " in reason
    assert deal["skipped"] == reason


#: Trick 6 is E's (3d, monsieur), claimed for W, and W leads trick 7: the
#: record goes on from its claim, as the replay follows it (notation.md §4)
_WRONG_CLAIM = """[Event "a wrong claim followed"]
[Rules "classic"]
[Result "*"]

deal 1 dealer W
N: 9b Rd 2d 6e 9c 8c Cb Vc 8d
E: 7d 5c 8e 2c 2e Rc 7b 9e 3d
S: 4d 1e Ve Vd 3e 7e 5d 3c 1b
W: 6b Vb 1c 7c 4c 1d Cc 3b 4e
stock: 5e 4b 9d 6c Rb Ce 5b Cd 6d 8b Re 2b
1. N:Cb E:7b S:1e W:3b -> S
2. S:Vd W:Vb N:Vc E:Rc -> E
3. E:2e S:1b W:1d N:2d -> N
4. N:6e E:2c S:7e W:4c -> E
5. E:9e S:4d W:7c N:8c -> E
6. E:3d S:5d W:Cc N:9b -> W
7. W:4e N:8d E:5c S:3c -> S
8. S:3e W:1c N:Rd E:8e -> W
9. W:6b N:9c E:7d S:Ve -> N
"""


@pytest.mark.parametrize("seats", [True, False], ids=["seats", "cards only"])
def test_a_lead_after_a_wrong_claim_is_skipped_naming_the_claim(
    tmp_path: Path, seats: bool
) -> None:
    # validate finds the claim only (the replay lets the claimed winner
    # lead): the reason names the lead out of turn and that claim's line
    text = _WRONG_CLAIM if seats else re.sub(r"\b[NESW]:(?=\w\w )", "", _WRONG_CLAIM)
    record = write(tmp_path, "claim.aln", text)
    said = json.loads(run("validate", "--format", "json", str(record)).stdout)
    assert [(f["line"], f["code"]) for f in said] == [(16, "A301")]
    result = run("analyse", "--from-trick", "9", "--format", "json", str(record))
    assert result.exit_code == 1  # the A301, as validate says
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    assert deal["skipped"] == (
        "line 17: W leads trick 7, but E should: E won trick 6;"
        " it follows from the mistake on line 16 (A301: see aluette validate)"
    )


def test_trick_lines_written_out_of_order_are_analysed_in_the_order_of_their_numbers(
    tmp_path: Path,
) -> None:
    # The engine reads them so (one A201) and replays the deal; the analysis
    # is the sample's.
    text = THROWN.read_text("utf-8")
    eighth, ninth = (line for line in text.splitlines(keepends=True) if line[:3] in ("8. ", "9. "))
    record = write(tmp_path, "swapped.aln", text.replace(eighth + ninth, ninth + eighth))
    result = run("analyse", "--from-trick", "7", "--format", "json", str(record))
    assert result.exit_code == 1  # the A201, as validate says
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    (expected,) = analysed("--from-trick", "7", THROWN)["games"][0]["deals"]
    assert deal["skipped"] is None
    assert deal["plays"] == expected["plays"] and len(deal["plays"]) == 12


def test_a_trick_line_written_twice_in_a_row_is_analysed_without_its_copy(
    tmp_path: Path,
) -> None:
    text = THROWN.read_text("utf-8")
    (fifth,) = (line for line in text.splitlines(keepends=True) if line.startswith("5. "))
    record = write(tmp_path, "twice.aln", text.replace(fifth, fifth + fifth))
    result = run("analyse", "--from-trick", "7", "--format", "json", str(record))
    assert result.exit_code == 1  # the A201, as validate says
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    (expected,) = analysed("--from-trick", "7", THROWN)["games"][0]["deals"]
    assert deal["skipped"] is None and deal["plays"] == expected["plays"]


@pytest.mark.parametrize("kept", [7, 8])
def test_a_deal_whose_play_stops_early_is_skipped(tmp_path: Path, kept: int) -> None:
    # Values after the last trick line would be of tricks nobody recorded,
    # and the last value would not be what the deal scored (A206).
    text = THROWN.read_text("utf-8")
    lines = text.splitlines(keepends=True)
    cut = "".join(line for line in lines if not re.match(rf"[{kept + 1}-9]\. ", line))
    record = write(tmp_path, "short.aln", cut)
    result = run("analyse", "--from-trick", "5", "--format", "json", str(record))
    assert result.exit_code == 1  # the A206, as validate says
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    # in validate's words, with its code (docs/analysis.md): it said "the
    # record's play stops after trick 8 (line 17), before the deal is over"
    (short,) = (f for f in json.loads(run("validate", "--format", "json", record).stdout))
    assert short["code"] == "A206"
    said = f"line {short['line']}: {short['message']} (A206: see aluette validate)"
    assert deal["skipped"] == said
    assert deal["plays"] == []


def test_a_line_out_of_its_place_is_read_and_the_deal_analysed(tmp_path: Path) -> None:
    # The stock written after the point line is read where it belongs (A005):
    # no line is unread, so the deal is analysed as the sample is.
    text = THROWN.read_text("utf-8")
    stock = next(line for line in text.splitlines(keepends=True) if line.startswith("stock:"))
    point = next(line for line in text.splitlines(keepends=True) if line.startswith("point NS"))
    moved = text.replace(stock, "").replace(point, point + stock)
    record = write(tmp_path, "moved.aln", moved)
    result = run("analyse", "--from-trick", "5", "--format", "json", str(record))
    assert result.exit_code == 1  # the A005, as validate says
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    (same,) = analysed("--from-trick", "5", THROWN)["games"][0]["deals"]
    assert deal["skipped"] is None
    assert [(p["before"], p["after"]) for p in deal["plays"]] == [
        (p["before"], p["after"]) for p in same["plays"]
    ]


def test_an_unknown_ruleset_skips_every_deal(tmp_path: Path) -> None:
    text = THROWN.read_text("utf-8").replace('[Rules "classic"]', '[Rules "nonesuch"]')
    record = write(tmp_path, "r.aln", text)
    result = run("analyse", "--format", "json", str(record))
    assert result.exit_code == 2
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    # why, as validate says it: an unknown name, a file's error, an unknown option
    assert deal["skipped"].startswith("the game's rules could not be loaded (unknown ruleset")
    assert "'nonesuch'" in deal["skipped"]


def test_usage_errors_and_unreadable_files(tmp_path: Path) -> None:
    assert run("analyse", "--from-trick", "10", str(THROWN)).exit_code == 2
    assert run("analyse", "--time-limit", "0", str(THROWN)).exit_code == 2
    missing = run("analyse", str(tmp_path / "none.aln"))
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr


def test_analyse_game_in_process_matches_the_command() -> None:
    checked = check(THROWN.read_text("utf-8"))
    (deal,) = analyse_game(checked, Limits(5, None)).deals
    assert [(p.trick, p.seat, p.card) for p in deal.changed] == [(8, "E", "4b")]
    # The same trick rule as the engine's: 2d takes trick 8.
    solver = Solver(checked.outcome.ruleset)  # type: ignore[arg-type]
    assert checked.outcome.deals[0].tricks[7].winner == "N"
    strength = solver.ruleset.strength
    assert solver.trick_winner((strength["4b"], 1, 1, strength["2d"])) == 3


@pytest.mark.parametrize("flag", ["--help"])
def test_help_has_an_example(flag: str) -> None:
    result = run("analyse", flag)
    assert result.exit_code == 0
    assert "aluette analyse samples/thrown-away.aln" in result.stdout


def _benchmark(name: str) -> Any:
    """``benchmarks/analyse.py``, loaded as module ``name``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "analyse.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    module = _benchmark("bench_analyse")
    args = ["--deals", "2", "--plain", "1", "--deep", "1", "--budget", "0.2", "--quiet"]
    args += ["--from", "6"]
    assert module.main(args) == 0
    out = capsys.readouterr().out
    assert "fast, from trick 6" in out and "plain, from trick 6" in out
    assert "every play from trick 1 within 0.2 s" in out
    # the deals solved are counted, not rounded to a share
    assert re.search(r"\b[01] of 1 deals\b", out)
    assert "from trick 1, median deal" in out and "from trick 1, 95th percentile" in out
    assert "valued: the cards played" in out
    # the deal to look at first, by its number in the run
    assert re.search(r"slowest deals: 0 \(\d+\.\d s, from trick [1-9]\)", out), out


def test_the_benchmark_values_every_card_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """``--every-card``: the figures of ``analyse --format json``."""
    module = _benchmark("bench_analyse_every")
    asked: list[bool] = []
    analyse = module.analyse_deal

    def spy(task: DealTask, limits: Limits) -> object:
        asked.append(limits.every_card)
        return analyse(task, limits)

    module.analyse_deal = spy
    args = ["--deals", "2", "--plain", "0", "--deep", "1", "--quiet", "--from", "6"]
    assert module.main([*args, "--every-card"]) == 0
    out = capsys.readouterr().out
    assert "valued: every card" in out and "fast, from trick 6" in out
    assert asked == [True, True, True]


def test_the_benchmark_times_the_command_on_a_five_deal_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--game SEED``: the command as a player runs it, on a generated game,
    with the deals it valued and from which trick."""
    module = _benchmark("bench_analyse_game")
    assert module.main(["--game", "7", "--budget", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "game of seed 7 (5 deals)" in out and "CPU s" in out
    # from which trick each deal was valued, read from the text
    assert re.search(r"wall-clock +\d(, \d){4} ", out), out


def test_the_benchmark_puts_the_compiled_search_beside_the_python_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--against python``: the same deals by the solver's Python search,
    each value checked to be the compiled one's; ``--quiet``, no progress."""
    module = _benchmark("bench_analyse_python")
    args = ["--deals", "2", "--from", "7", "--budget", "30", "--against", "python", "--quiet"]
    assert module.main(args) == 0
    out, err = capsys.readouterr()
    assert "other, from trick 7" in out and "this, from trick 7" in out
    assert "2/2" in out
    assert "from trick" not in err


# --------------------------------------------------------------------------
# As the player saw it
#
# Trick 8 of a classic deal: N has 3 tricks (first to 3, at trick 5), E 3
# (at trick 7), S 1, W none.  E led 5c, S played 6d, W monsieur (3d): W
# takes trick 8 whatever N plays, and leads the last trick.  N holds 3c and
# 4b; S's last card, 7c, is known to N; E and W hold 2d and 5e between them,
# N cannot see which.
#
# - N keeps 3c for the last trick: it beats 2d, N reaches 4 tricks, NS win
#   the point in both layouts.  So 4b (keeping 3c) is the card that wins in
#   every layout.
# - N keeps 4b: 2d takes the last trick.  With E it gives E a fourth trick:
#   EW win.  With W, N and E end on 3 and N got there first: NS win.  So 3c
#   (keeping 4b) wins in half the layouts, the value after it averages 0.

AS_SEEN_WINNERS = ("N", "E", "N", "E", "N", "S", "E")


def _as_seen_position(east: str, west: str) -> Any:
    from aluette_cli.solver import Position

    hands = {"N": ("3c", "4b"), "E": (east,), "S": ("7c",), "W": (west,)}
    return Position(hands, "E", ("5c", "6d", "3d"), AS_SEEN_WINNERS)


def _judge(card: str, samples: int, seed: int) -> Any:
    import random

    from aluette_cli.analysis import judge_as_seen
    from aluette_cli.rules import load_ruleset

    solver = Solver(load_ruleset("classic"))
    position = _as_seen_position("2d", "5e")
    return judge_as_seen(solver, position, card, ("2d", "5e"), samples, random.Random(seed))


def test_the_hand_worked_layouts_have_the_values_worked_by_hand() -> None:
    from aluette_cli.rules import load_ruleset

    solver = Solver(load_ruleset("classic"))
    assert solver.play_values(_as_seen_position("2d", "5e")) == {"3c": -1, "4b": 1}
    assert solver.play_values(_as_seen_position("5e", "2d")) == {"3c": 1, "4b": 1}


def test_a_card_that_wins_in_every_layout_is_best_in_every_sample() -> None:
    judged = _judge("4b", 60, 1)
    cards = {c.card: c for c in judged.cards}
    assert cards["4b"].mean == 1 and cards["4b"].mean_error == 0
    assert cards["4b"].best == 1 and cards["4b"].best_error == 0
    assert judged.better is None and not judged.mistake


def test_a_card_that_wins_in_half_the_layouts_is_found_within_the_error() -> None:
    judged = _judge("3c", 60, 1)
    cards = {c.card: c for c in judged.cards}
    # 1 in half the layouts, -1 in the other half: mean 0; best in half.
    assert abs(cards["3c"].mean) <= 2 * cards["3c"].mean_error
    assert abs(cards["3c"].best - 0.5) <= 2 * cards["3c"].best_error
    assert 0 < cards["3c"].mean_error < 0.2
    # 4b was better by 2 in the layouts where 3c lost: a clear mistake.
    assert judged.better == "4b" and judged.mistake
    assert abs(judged.margin - 1) <= 2 * judged.margin_error


def test_one_layout_calls_no_play_a_mistake() -> None:
    """One layout has no spread to measure the error by: 3c lost there and
    4b won, by 2 "± 0", which is no clear margin."""
    judged = next(j for j in (_judge("3c", 1, seed) for seed in range(20)) if j.better)
    assert judged.better == "4b" and judged.margin == 2 and judged.margin_error == 0
    assert not judged.mistake
    assert _judge("3c", 2, 1).samples == 2


def test_a_mean_of_nothing_is_written_without_a_sign() -> None:
    """East's 4b averages 0 over the layouts of trick 7: 0.0 for NS, not -0.0."""
    result = run("analyse", "--as-seen", "--from-trick", "7", "--format", "json", str(THROWN))
    assert result.exit_code == 0
    assert '"mean": 0.0' in result.stdout and "-0.0" not in result.stdout


def test_the_same_seed_gives_the_same_figures() -> None:
    assert _judge("3c", 30, 7) == _judge("3c", 30, 7)
    assert any(_judge("3c", 30, 7) != _judge("3c", 30, seed) for seed in range(8, 12))


def test_a_known_card_stays_where_it_is() -> None:
    import random

    from aluette_cli.analysis import deal_unseen

    position = _as_seen_position("2d", "5e")
    rng = random.Random(3)
    for _ in range(20):
        layout = deal_unseen(position, "N", ("2d", "5e", "Rb"), rng)
        assert layout.hands["S"] == ("7c",)
        assert layout.hands["N"] == ("3c", "4b")
        assert {*layout.hands["E"], *layout.hands["W"]} <= {"2d", "5e", "Rb"}


def test_analyse_as_seen_is_reproducible_and_judges_every_play_valued() -> None:
    args = ("--as-seen", "--samples", "8", "--seed", "3", "--from-trick", "8", THROWN)
    first = analysed(*args)
    assert analysed(*args) == first
    plays = first["games"][0]["deals"][0]["plays"]
    assert [p["trick"] for p in plays] == [8] * 4 + [9] * 4
    for play in plays:
        seen = play["as_seen"]
        assert seen["samples"] == 8
        assert play["card"] in seen["cards"]
        for figures in seen["cards"].values():
            assert -2 <= figures["mean"] <= 2 and 0 <= figures["best"] <= 1
    # The last trick's plays have one card each: nothing to choose.
    assert all(not p["as_seen"]["mistake"] for p in plays if p["trick"] == 9)
    other = analysed("--as-seen", "--samples", "8", "--seed", "4", "--from-trick", "8", THROWN)
    assert other != first
    text = run("analyse", *map(str, args))
    assert text.exit_code == 0, text.output
    assert "As seen: 8 plays from trick 8 judged over 8 layouts" in text.stdout


def test_a_deal_the_budget_left_no_time_to_judge_as_seen_says_so() -> None:
    """The exact values come first, within the same time limit: where they
    took all of it, the deal says that no play was judged as seen, and why,
    rather than nothing (asked without ``--as-seen``, nothing is said)."""
    deal = DealAnalysis(3, "E", solved_from_trick=2, out_of_time=True)
    deal.plays.append(PlayValue(2, "N", "Vc", 1, 1, None, 20, 4))
    lines = deal_lines(deal, Limits(time_limit=10.0, samples=20))
    assert lines[-1] == (
        "  As seen: no play judged; the time limit (10 s) went to the values with all cards seen."
    )
    assert not any("As seen" in line for line in deal_lines(deal, Limits(time_limit=10.0)))


def test_a_deal_whose_layouts_took_the_budget_says_so_not_the_values() -> None:
    """Every value found in time, and the layouts of the first play
    judged (the last trick's first) past the limit: the time went to them,
    not to the values with all cards seen."""
    deal = DealAnalysis(3, "E", solved_from_trick=9)
    deal.plays += [
        PlayValue(9, seat, card, 1, 1, None, 20, k)
        for k, (seat, card) in enumerate([("S", "Vc"), ("W", "2b"), ("N", "6d"), ("E", "7e")])
    ]
    lines = deal_lines(deal, Limits(time_limit=1.0, samples=10_000))
    assert lines[-1] == (
        "  As seen: no play judged; the time limit (1 s) ran out before the 10000 layouts"
        " of trick 9's play of S were solved."
    )


def test_analyse_without_as_seen_gives_no_as_seen_figures() -> None:
    plays = analysed("--from-trick", "8", THROWN)["games"][0]["deals"][0]["plays"]
    assert all("as_seen" not in p for p in plays)


# --------------------------------------------------------------------------
# On a Dask cluster


def twice(tmp_path: Path, record: Path) -> tuple[Path, Path]:
    """The record and a copy of it: two files, for two processes (one file
    named twice is read once)."""
    copy = tmp_path / f"copy-{record.name}"
    copy.write_bytes(record.read_bytes())
    return record, copy


def test_analyse_on_a_local_dask_cluster_gives_what_one_process_gives(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    files = twice(tmp_path, THROWN)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        on_cluster = analysed("--from-trick", "7", "--scheduler", address, *files)
    here = analysed("--from-trick", "7", *files)
    assert on_cluster == here
    assert len(here["games"]) == 2


def test_analyse_with_a_scheduler_nobody_runs_says_so() -> None:
    pytest.importorskip("dask.distributed")
    result = run("analyse", "--format", "json", "--scheduler", "tcp://127.0.0.1:9", str(THROWN))
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert result.stdout == ""  # asked before the output begins


@pytest.mark.parametrize("address", ["foo", "tls://127.0.0.1:9"])
def test_a_scheduler_that_cannot_be_used_costs_no_half_written_output(address: str) -> None:
    """Asked before the output begins: a script reading standard output
    gets nothing, not the start of a JSON document; a protocol that needs
    more (tls:// wants certificates) is a usage error like the others."""
    pytest.importorskip("dask.distributed")
    # In a process of its own: a client that failed half-way leaves Dask's
    # event loop to be closed at exit.
    args = ["analyse", "--format", "json", "--scheduler", address, str(THROWN)]
    result = subprocess.run(
        [sys.executable, "-m", "aluette_cli", *args], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"cannot reach the Dask scheduler at {address}" in result.stderr
    assert "internal error" not in result.stderr


def test_a_cluster_lost_on_the_way_is_said_in_one_line_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    """The scheduler gone mid-run: the client logged tracebacks, and the
    lost futures' error came out as an internal error to report.  Said
    once, in words, status 2, and the output named is not written."""
    distributed = pytest.importorskip("dask.distributed")
    record = tmp_path / "t5.aln"
    assert (
        run(
            "generate", "--games", "1", "--seed", "4", "--rules", "team-five", "-o", str(record)
        ).exit_code
        == 0
    )
    out = tmp_path / "out.json"
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0"
    )
    args = ["analyse", "--time-limit", "2", "--format", "json", "-o", str(out)]
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "aluette_cli",
            *args,
            "--scheduler",
            cluster.scheduler_address,
            str(record),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(4)
        assert child.poll() is None, ("finished before the cluster was lost", child.communicate())
    finally:
        cluster.close()
    _, err = child.communicate(timeout=120)
    assert child.returncode == 2, err
    assert err.startswith(f"aluette: the Dask cluster of {cluster.scheduler_address}"), err
    assert "Traceback" not in err and "internal error" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert not out.exists()


def test_analyse_as_seen_gives_the_same_figures_over_several_processes(tmp_path: Path) -> None:
    args = ("--as-seen", "--samples", "5", "--from-trick", "8", *twice(tmp_path, THROWN))
    assert analysed("-j", "2", *args) == analysed(*args)


# --------------------------------------------------------------------------
# As seen, with what the record says the player saw
#
# FINESSE is the position above played out from trick 1, with 2c in N's
# hand where the position had 4b (docs/analysis.md works it through).  At
# trick 8 N holds 3c and 2c, and only 2d, unseen, beats 2c.  N plays 3c and
# keeps 2c: it loses exactly when E holds 2d (E then takes the last trick
# and a fourth), which is so in the deal.  N cannot see 15 cards (the three
# others' last cards and the stock), so E holds 2d in 1 layout in 15: 3c is
# best in 14 of 15, and the value after it averages (14 - 1) / 15.  2c,
# keeping 3c, wins in every layout.  With E's signal of borgne, N knows E
# holds 2d: 3c loses in every layout.

FINESSE = """\
[Rules "classic"]
[Options "signals"]

deal 1 dealer W
N: 1d 5b 1b 7b Rd 8b 3e 3c 2c
E: 4c Rc 6c 1c 8c Vc 1e 5c 2d
S: 4d 5d 6b 8d 9b Re 7d 6d 7c
W: 4e 6e 7e 8e Ve Cd Cb 3d 5e
1. N:1d E:4c S:4d W:4e -> N
2. N:5b E:Rc S:5d W:6e -> E
3. E:6c S:6b W:7e N:1b -> N
4. N:7b E:1c S:8d W:8e -> E
5. E:8c S:9b W:Ve N:Rd -> N
6. N:8b E:Vc S:Re W:Cd -> S
7. S:7d W:Cb N:3e E:1e -> E
8. E:5c S:6d W:3d N:3c -> W
9. W:5e N:2c E:2d S:7c -> E
point EW
"""
SIGNAL = FINESSE.replace("1. N:1d", "signal E borgne\n1. N:1d")


def _norths_play(text: str, samples: int, seed: int = 1) -> Any:
    """N's play at trick 8 as N saw it, judged over ``samples`` layouts."""
    (task,) = deal_tasks(check(text))
    assert isinstance(task, DealTask)
    analysis = analyse_deal(task, Limits(8, None, samples, seed))
    (play,) = [p for p in analysis.plays if p.trick == 8 and p.seat == "N"]
    assert (play.card, play.before, play.after) == ("3c", 1, -1)
    return play.as_seen


def test_a_finesse_that_loses_in_one_layout_of_fifteen_is_found_within_the_error() -> None:
    seen = _norths_play(FINESSE, 400)
    cards = {c.card: c for c in seen.cards}
    assert (cards["2c"].mean, cards["2c"].best) == (1, 1)
    assert abs(cards["3c"].best - 14 / 15) <= 2.5 * cards["3c"].best_error
    assert abs(cards["3c"].mean - 13 / 15) <= 2.5 * cards["3c"].mean_error
    assert 0 < cards["3c"].best_error < 0.03


def test_a_signalled_card_is_in_the_signallers_hand_in_every_layout_as_seen() -> None:
    seen = _norths_play(SIGNAL, 40)
    cards = {c.card: c for c in seen.cards}
    assert (cards["3c"].mean, cards["3c"].best, cards["3c"].best_error) == (-1, 0, 0)
    assert (cards["2c"].mean, cards["2c"].best) == (1, 1)
    assert seen.better == "2c" and seen.mistake and seen.margin == 2


def test_a_signal_says_nothing_without_the_signals_option() -> None:
    off = SIGNAL.replace('[Options "signals"]\n', "")
    assert _norths_play(off, 40) == _norths_play(FINESSE, 40)
    (task,) = deal_tasks(check(off))
    assert isinstance(task, DealTask) and task.signals == ()


def test_the_same_seed_gives_the_same_figures_with_a_signal() -> None:
    assert _norths_play(SIGNAL, 30, 5) == _norths_play(SIGNAL, 30, 5)
    first = _norths_play(FINESSE, 30, 5)
    assert any(first != _norths_play(FINESSE, 30, seed) for seed in range(6, 12))


def test_a_chanter_knows_its_own_discards_are_out_of_play() -> None:
    # The same hands reached by a chant: W and N each take six stock cards
    # (the FINESSE hands' first six) and discard six (the FINESSE stock).
    chanted = (
        FINESSE.replace('"signals"', '"chanter"')
        .replace("N: 1d 5b 1b 7b Rd 8b 3e 3c 2c", "N: 3e 3c 2c 2b 2e 3b 4b 9c 9d")
        .replace("W: 4e 6e 7e 8e Ve Cd Cb 3d 5e", "W: Cb 3d 5e 9e Cc Ce Rb Vb Vd")
        .replace(
            "1. N:1d",
            "stock: 1d 5b 1b 7b Rd 8b 4e 6e 7e 8e Ve Cd\n"
            "chant W takes 4e 6e 7e 8e Ve Cd discards 9e Cc Ce Rb Vb Vd\n"
            "chant N takes 1d 5b 1b 7b Rd 8b discards 2b 2e 3b 4b 9c 9d\n"
            "1. N:1d",
        )
    )
    assert check(chanted).outcome.findings == []
    (task,) = deal_tasks(check(chanted))
    assert isinstance(task, DealTask)
    assert dict(task.discards) == {
        "N": ("2b", "2e", "3b", "4b", "9c", "9d"),
        "W": ("9e", "Cc", "Ce", "Rb", "Vb", "Vd"),
    }
    # N cannot see 9 cards, not 15: E holds 2d in 1 layout in 9.
    seen = _norths_play(chanted, 400)
    cards = {c.card: c for c in seen.cards}
    assert abs(cards["3c"].best - 8 / 9) <= 2.5 * cards["3c"].best_error


def test_the_signals_reach_every_process(tmp_path: Path) -> None:
    path = write(tmp_path, "signal.aln", SIGNAL)
    args = ("--as-seen", "--samples", "6", "--from-trick", "8", *twice(tmp_path, path))
    alone = analysed(*args)
    assert analysed("-j", "2", *args) == alone
    plays = alone["games"][0]["deals"][0]["plays"]
    (north,) = [p for p in plays if p["seat"] == "N" and p["trick"] == 8]
    assert north["as_seen"]["cards"]["3c"]["best"] == 0


#: W's chant written, N's left out: N plays a card of the stock N took.
CHANT_LEFT_OUT = """[Event "chant, one line left out"]
[Options "chanter"]

deal 1 dealer W
N: 3d 2d 9c 2b 1d Rd Cd Vd 8d
E: 3c 2c 9d 2e 1c Rc 1b Vc 8c
S: Cc Rb Cb Vb 9b 8b 7b 6b 5b
W: 1e Re Ce Ve 9e 8e 7e 6e 5e
stock: 7d 6d 5d 4d 7c 6c 5c 4c 4b 4e 3e 3b
chant W takes 7d 6d 5d 4d 7c 6c discards 5e 6e 7e 8e 9e Ve
1. N:9c E:2c S:9b W:Re
2. E:8c S:5b W:6c N:5c
3. E:Vc S:Rb W:1e N:1d
4. E:3c S:8b W:5d N:Cd
5. E:9d S:7b W:6d N:2d
6. N:3d E:Rc S:Cc W:Ce
7. N:2b E:1b S:6b W:7d
8. N:4c E:2e S:Vb W:4d
9. E:1c S:Cb W:7c N:Rd
"""


def test_why_a_deal_is_not_analysed_says_what_validate_says_it_follows_from(
    tmp_path: Path,
) -> None:
    """The A203 on line 12 follows from the chant left out (line 10), as
    validate says: the reason dropped that, and blamed a right trick line."""
    path = write(tmp_path, "chant.aln", CHANT_LEFT_OUT)
    said = run("validate", path).stdout
    assert "A203 card 5c played by N lies in the stock" in said
    assert "it follows from the mistake on line 10" in said
    result = run("analyse", "--from-trick", "7", "--format", "json", path)
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    assert deal["skipped"] == (
        "line 12: card 5c played by N lies in the stock; stock cards are never played;"
        " it follows from the mistake on line 10 (A203: see aluette validate)"
    )


def test_a_deal_whose_dealer_the_record_does_not_give_names_none(tmp_path: Path) -> None:
    """As report names none: analyse showed the reader's stand-in, N."""
    path = write(tmp_path, "q.aln", "deal 1 dealer Q\nwinners: N E N N S - W N E\npoint N\n")
    said = run("analyse", "--format", "json", str(path)).stdout
    (deal,) = json.loads(said)["games"][0]["deals"]
    assert deal["dealer"] is None and deal["skipped"]
    assert "Deal 1: not analysed" in run("analyse", str(path)).stdout
