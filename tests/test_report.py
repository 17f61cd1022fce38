"""The text report (``aluette_cli/writers/report.py``): the table of a deal's
tricks shows every card the record gives, in the column of the seat the
engine credits it to, as the JSON report does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import generated, invoke, run, write


def trick_row(text: str) -> dict[str, str]:
    """The first row of the first trick table, by its column headers: the
    rule under the headers gives each column's span."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("trick"))
    header, rule, row = lines[head : head + 3]
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]
    return {header[a:b].strip(): row[a:b].strip() for a, b in spans}


@pytest.mark.parametrize(
    ("line", "seat", "cell"),
    [
        # N plays twice: both cards are N's, as the engine credits them (E,
        # whose turn it was, plays a card of the trick too: not a seat
        # letter mistyped, as it would be were E's card missing)
        ("1. N:9d N:2c E:Ce W:6d", "N", "9d 2c"),
        # E leads out of turn; the card after it goes to the turn's seat, E again
        ("1. E:8c 9d Ce 6d", "E", "8c 9d"),
    ],
)
def test_a_seat_credited_twice_shows_both_cards(
    tmp_path: Path, line: str, seat: str, cell: str
) -> None:
    path = write(tmp_path, "twice.aln", f"deal 1 dealer W\n{line}\n")
    text = invoke(["report", path])
    assert text.exit_code == 1
    assert "A202" in text.stdout
    assert trick_row(text.stdout)[seat] == cell
    data = json.loads(invoke(["report", "--format", "json", path]).stdout)
    plays = data["games"][0]["deals"][0]["tricks"][0]["plays"]
    assert [card for who, card in plays if who == seat] == cell.split()
    # every card of the line is in the table
    row = trick_row(text.stdout)
    shown = " ".join(row[s] for s in "NESW").split()
    assert sorted(shown) == sorted(card for _, card in plays)


def test_a_deal_after_the_game_s_end_says_it_is_not_counted(tmp_path: Path) -> None:
    """Six scoring deals of a five-deal game: the sixth (A106) is worth its
    point, and the score leaves it out; the text and the JSON say so, so
    that the deals' points add up to the score."""
    deals = [("N", "EW"), ("E", "NS"), ("S", "NS"), ("W", "EW"), ("N", "NS"), ("E", "EW")]
    text = "".join(f"deal {k} dealer {d}\npoint {p}\n\n" for k, (d, p) in enumerate(deals, 1))
    path = write(tmp_path, "six.aln", text)
    report = invoke(["report", path]).stdout
    sixth = report[report.index("Deal 6") :]
    assert "it is not counted in the score" in sixth
    assert report.count("not counted") == 1
    game = json.loads(invoke(["report", "--format", "json", path]).stdout)["games"][0]
    assert [d.get("counted", True) for d in game["deals"]] == [True] * 5 + [False]
    counted = [d["point"] for d in game["deals"] if d.get("counted", True)]
    assert game["score"] == {
        team: sum(p["points"] for p in counted if p["team"] == team) for team in ("NS", "EW")
    }


@pytest.mark.parametrize(
    ("rules", "trick", "why"),
    [
        # the cavaliers cancel among themselves, below vache: not "the only card"
        (
            "team-five",
            "1. N:Cc E:2c S:Cb W:Cd -> E",
            "2c (vache) is the highest card; Cc, Cb and Cd cancel out below it",
        ),
        ("team-five", "1. N:1d E:1c S:Rd W:5c -> S", "1d and 1c cancel out, and Rd (king)"),
        ("classic", "1. N:Cc E:2c S:Cb W:Cd -> E", "2c (vache) beats Cc (cavalier)"),
    ],
)
def test_a_trick_s_reason_names_what_its_winner_beat(
    tmp_path: Path, rules: str, trick: str, why: str
) -> None:
    path = write(tmp_path, "why.aln", f'[Rules "{rules}"]\n\ndeal 1 dealer W\n{trick}\n')
    assert why in invoke(["report", path]).stdout


def test_a_mordienne_of_one_trick_says_so(tmp_path: Path) -> None:
    text = '[Options "mordienne"]\n\ndeal 1 dealer W\nwinners: - - - - - - - - E\npoint E 2\n'
    report = invoke(["report", write(tmp_path, "m.aln", text)]).stdout
    assert "Mordienne: E won nothing before taking trick 9, so EW score 2 points." in report


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_a_file_of_no_deals_is_said_to_hold_none_as_validate_says_it(
    tmp_path: Path, fmt: str
) -> None:
    """Like a linter given nothing to lint: an empty report is no report."""
    empty = write(tmp_path, "empty.aln", "; only a note\n")
    full = write(tmp_path, "full.aln", "deal 1 dealer S\npoint NS\n")
    result = run("report", "--format", fmt, empty, full)
    assert result.exit_code == 0
    warned = [line for line in result.stderr.splitlines() if "holds no deals" in line]
    assert warned == [f"aluette: warning: {empty} holds no deals: nothing to report"]


@pytest.mark.parametrize("left_out", [True, False])
def test_a_deal_that_scored_for_a_point_not_given_counts_in_the_score_so_far(
    left_out: bool,
) -> None:
    """Deal 2 left out, or written with its header alone: S deals deal 3,
    so deal 2 scored.  The game is not over, and the sentence counts three
    scoring deals, saying whose point is not given; it counted two."""
    from aluette_cli.writers.report import game_sentence

    from .conftest import check

    middle = "" if left_out else "deal 2 dealer E\n\n"
    checked = check(f"deal 1 dealer N\npoint NS\n\n{middle}deal 3 dealer S\npoint NS\n")
    assert game_sentence(checked.outcome) == (
        "Score so far: NS 2, EW 0, and deal 2's point, which the record does not give (the"
        " next deal passed to the left, so it scored), after 3 scoring deals of 5: the game"
        " is not finished."
    )


def test_a_signal_below_the_last_trick_is_said_after_it() -> None:
    """It read "before trick 10", of a deal of nine tricks."""
    from aluette_cli.outcome import SignalOutcome
    from aluette_cli.writers.report import signal_sentence

    late = SignalOutcome(seat="N", what="aces-2", before=9, honest=False, fact="N holds 0 aces")
    said = signal_sentence(late, 9)
    assert said == "Signal: N signalled aces-2 after trick 9: NOT borne out (N holds 0 aces)."
    early = SignalOutcome(seat="N", what="aces-2", before=0, honest=True)
    assert signal_sentence(early, 9) == "Signal: N signalled aces-2 before trick 1: borne out."
    # a deal whose play is not recorded: before trick 1, not "after trick 0"
    assert signal_sentence(early, 0) == "Signal: N signalled aces-2 before trick 1: borne out."


def test_a_signal_below_the_last_trick_of_a_short_deal_is_said_after_it(tmp_path: Path) -> None:
    """A team-five deal ends once a team has five tricks: a signal written
    below its last trick read "before trick 7" of a deal of six, in the text
    and on the page."""
    text = generated(2, "--rules", "team-five", "--options", "signals").split("\n")
    start = text.index("deal 2 dealer E")
    end = next(k for k in range(start, len(text)) if text[k].startswith("point"))
    last = int(text[end - 1].split(".")[0])
    assert last < 9
    text.insert(end, "signal N monsieur")
    path = write(tmp_path, "s.aln", "\n".join(text))
    said = [line for line in run("report", path).stdout.splitlines() if "signalled" in line]
    assert len(said) == 1
    assert said[0].startswith(f"Signal: N signalled monsieur after trick {last}: ")
    page = run("report", "--format", "html", path).stdout
    assert f"signalled monsieur after trick {last}" in page
    assert f"signalled monsieur before trick {last + 1}" not in page


def test_one_trick_is_said_in_the_singular(tmp_path: Path) -> None:
    """'NS and EW have 1 tricks each', '(NS 1 tricks, EW 1)': a team-five
    sheet of two tricks taken, one a side, and seven that cancelled out."""
    text = '[Rules "team-five"]\ndeal 1 dealer W\nwinners: N E - - - - - - -\npoint NS\n'
    said = run("report", write(tmp_path, "one.aln", text)).stdout
    assert "neither side takes it (NS 1 trick, EW 1)" in said
    assert "NS and EW have 1 trick each: the deal is void" in said
    assert "1 tricks" not in said
