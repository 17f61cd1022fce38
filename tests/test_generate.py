"""Random legal games (``aluette_cli/generate.py``): ``aluette generate``.

The generator makes the practice records, the test corpora and the
benchmarks' input, so what it makes must be legal under the rules it is
asked for: every record here is validated clean by the tool, whatever the
style, the policy or the options, and the same seed gives the same games.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from aluette_cli.cards import DECK, HAND_SIZE, STOCK_SIZE, left_of
from aluette_cli.generate import random_deal
from aluette_cli.policies import doubled
from aluette_cli.rules import load_ruleset

from .conftest import run


def generate(*args: str) -> str:
    result = run("generate", *args)
    assert result.exit_code == 0
    assert result.stdout
    return result.stdout


def test_generate_same_seed_same_output() -> None:
    assert generate("--games", "2", "--seed", "7") == generate("--games", "2", "--seed", "7")


def test_generate_different_seed_different_output() -> None:
    assert generate("--games", "2", "--seed", "7") != generate("--games", "2", "--seed", "8")


def test_generate_refuses_a_negative_seed_which_would_repeat_a_positive_one() -> None:
    result = run("generate", "--seed", "-1")
    assert result.exit_code == 2
    assert "--seed" in result.output and ">=0" in result.output.replace(" ", "")


def test_generate_games_count() -> None:
    text = generate("--games", "3", "--seed", "1")
    assert text.count("[Event ") == 3
    data = json.loads(run("report", "--format", "json", "-", input=text).stdout)
    assert len(data["games"]) == 3
    assert all(g["complete"] for g in data["games"])


def validates_clean(text: str) -> None:
    result = run("validate", "-", input=text)
    assert result.stdout == ""
    assert result.exit_code == 0


@pytest.mark.parametrize("seed", ["0", "1", "2"])
def test_generate_default_validates_clean(seed: str) -> None:
    text = generate("--games", "3", "--seed", seed)
    validates_clean(text)
    lines = trick_lines(text)
    assert len(lines) >= 3 * 5 * 9
    assert all(re.fullmatch(r"\d\. (?:[NESW]:\S\S ){4}-> (?:[NESW]|pourri)", x) for x in lines)
    assert "stock:" in text
    assert "[Result " in text


def trick_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


def test_generate_style_cards() -> None:
    text = generate("--games", "2", "--seed", "3", "--style", "cards")
    validates_clean(text)
    lines = trick_lines(text)
    assert lines
    assert all(":" not in line for line in lines)


def test_generate_style_sheet() -> None:
    text = generate("--games", "2", "--seed", "3", "--style", "sheet")
    validates_clean(text)
    assert trick_lines(text) == []
    sheets = [line for line in text.splitlines() if line.startswith("winners:")]
    assert len(sheets) >= 10
    assert all(len(line.split()) == 10 for line in sheets)


def test_generate_no_hands() -> None:
    text = generate("--games", "2", "--seed", "3", "--no-hands")
    validates_clean(text)
    assert "stock:" not in text
    assert not re.search(r"^[NESW]: ", text, re.M)
    assert trick_lines(text)


def test_generate_no_claims() -> None:
    text = generate("--games", "2", "--seed", "3", "--no-claims")
    validates_clean(text)
    assert "->" not in text
    assert not re.search(r"^point ", text, re.M)
    assert "[Result " not in text


@pytest.mark.parametrize("rules", ["classic", "team-five"])
def test_the_same_seed_deals_the_same_games_with_claims_or_without(rules: str) -> None:
    """The help says the same seed gives the same games: a claim left out
    must not leave a random draw out (which seat a point line names), and
    with it every deal after the first."""
    args = ["--games", "3", "--seed", "3", "--rules", rules]
    claimed = generate(*args)
    unclaimed = generate(*args, "--no-claims")
    plain = re.sub(r" -> \S+|^point .*\n|^\[Result .*\n", "", claimed, flags=re.M)
    assert plain == unclaimed
    assert claimed.count("\ndeal ") > 5


def test_generate_policy_ties() -> None:
    uniform = generate("--games", "10", "--seed", "3")
    ties = generate("--games", "10", "--seed", "3", "--policy", "ties")
    validates_clean(ties)
    assert ties.count("-> pourri") > uniform.count("-> pourri")


@pytest.mark.parametrize(
    "args",
    [
        ["--style", "cards", "--no-hands", "--policy", "ties"],
        ["--style", "sheet", "--no-claims"],
        ["--options", "mordienne", "--policy", "ties"],
    ],
)
def test_generate_combinations_validate_clean(args: list[str]) -> None:
    validates_clean(generate("--games", "3", "--seed", "5", *args))


def test_generate_output_file(tmp_path: Path) -> None:
    out = tmp_path / "corpus.aln"
    result = run("generate", "--games", "2", "--seed", "9", "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert out.read_text(encoding="utf-8") == generate("--games", "2", "--seed", "9")
    assert run("validate", str(out)).exit_code == 0


def test_generate_output_in_missing_directory_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "no-such-dir" / "corpus.aln"
    result = run("generate", "-o", str(out))
    assert result.exit_code == 2
    assert not out.exists()


def test_generate_bad_count_exits_2() -> None:
    assert run("generate", "--games", "0").exit_code == 2


# --------------------------------------------------------------------------
# One deal, as the rules deal it


def test_a_deal_is_dealt_in_packets_of_three_from_the_dealers_left() -> None:
    # docs/rules.md §2: nine cards to each player in packets of three, and
    # twelve stay in the stock; the generator deals them round the table
    # from the dealer's left, as play goes.  From the shuffled deck, dealer
    # S: W takes cards 1-3, N 4-6, E 7-9, S 10-12, then W 13-15 and so on;
    # the stock is cards 37-48.
    shuffled = list(DECK)
    random.Random(11).shuffle(shuffled)
    deal, _ = random_deal(1, "S", load_ruleset("classic"), random.Random(11))
    assert left_of("S") == "W"
    for k, seat in enumerate("WNES"):
        packets = [shuffled[12 * p + 3 * k : 12 * p + 3 * k + 3] for p in range(3)]
        assert deal.hands[seat].cards == [card for packet in packets for card in packet]
    assert deal.stock is not None
    assert deal.stock.cards == shuffled[36:]
    assert (HAND_SIZE, STOCK_SIZE) == (9, 12)


@pytest.mark.parametrize("rules", ["classic", "team-five"])
def test_a_deal_is_played_out_and_scores_what_its_rules_say(rules: str) -> None:
    ruleset = load_ruleset(rules)
    for seed in range(20):
        deal, point = random_deal(1, "N", ruleset, random.Random(seed))
        played = [play.card for trick in deal.tricks for play in trick.plays]
        assert len(played) == len(set(played)) == 4 * len(deal.tricks)
        winners = [trick.claim.seat if trick.claim else None for trick in deal.tricks]
        # the claims name the winners, and the point is the rules' for them
        result = ruleset.deal_scoring.result(winners, ruleset.deal_target, ruleset.mordienne)
        expected = result.point
        if expected is not None and deal.announces:  # a double (team-five) counts twice
            expected = doubled(expected, deal.announces[0].team)
        assert point == expected
        totals = [sum(1 for w in winners if w is not None and w in team) for team in ("NS", "EW")]
        if rules == "classic":
            assert len(deal.tricks) == 9  # every trick is played
        else:  # play stops when a team has five
            assert len(deal.tricks) == 9 or max(totals) == 5
            assert max(totals) <= 5


def test_a_game_stops_unfinished_at_the_most_deals_a_game_may_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Past model.MAX_DEALS a reader skips the rest of a game: a generated
    # game stops there, its Result "*", and reads back whole and clean.
    from aluette_cli import model

    monkeypatch.setattr(model, "MAX_DEALS", 3)  # a classic game needs five
    text = run("generate", "--seed", "4", "--games", "2").stdout
    assert len(re.findall(r"^deal ", text, re.M)) == 6
    assert text.count('[Result "*"]') == 2
    validates_clean(text)
