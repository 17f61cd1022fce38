"""Rules as behaviour: a new policy is one class and one registry line, and every
command then knows it; a house ranking is a TOML file.  Also the shape rules
that keep it so: writers ask policies and never name them, and the engine's
classes stay small."""

from __future__ import annotations

import ast
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from aluette_cli import policies
from aluette_cli.cards import DECK
from aluette_cli.cli import cli as main
from aluette_cli.engine import trick_result
from aluette_cli.policies import PlayT, TiePolicy, TrickResult
from aluette_cli.rules import load_ruleset, ruleset_from_toml

PACKAGE = Path(policies.__file__).parent
CLASSIC_TOML = (PACKAGE / "rulesets" / "classic.toml").read_text("utf-8")


class LowestTiedCard(TiePolicy):
    """A tie for the top goes to the tied card lowest in the deck's suit order
    (coins, cups, clubs, swords: the sword wins a tie with the coin)."""

    name = "lowest-tied"
    nobody_word = "left to nobody"
    summary = "a tie for the top goes to the tied card of the lowest suit"

    def result(self, plays: Sequence[PlayT], strength: dict[str, int]) -> TrickResult:
        best = max(strength[card] for _, card in plays)
        tied = [(seat, card) for seat, card in plays if strength[card] == best]
        seat, card = max(tied, key=lambda play: DECK.index(play[1]))
        others = [c for _, c in plays if c != card]
        beaten = max(others, key=strength.__getitem__) if others else None
        return TrickResult(seat, False, (card,), (), beaten)

    def nobody_why(self, top: Sequence[str]) -> str:
        return "nobody takes it"

    def nobody_truth(self, top: Sequence[str]) -> str:
        return "it belongs to nobody"


@pytest.fixture
def lowest_tied(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The new policy registered (the one line), and a ruleset file that uses it."""
    monkeypatch.setitem(policies.TIE_POLICIES, "lowest-tied", LowestTiedCard())
    text = CLASSIC_TOML.replace('name = "classic"', 'name = "lowest-tied-house"')
    text = text.replace('tie = "spoil"', 'tie = "lowest-tied"')
    assert 'tie = "lowest-tied"' in text
    path = tmp_path / "lowest.toml"
    path.write_text(text, encoding="utf-8")
    return path


TWO_ACES = """\
[Event "Two aces"]

deal 1 dealer W
1. N:1d E:1e S:5c W:4b -> E
"""


def test_a_new_tie_policy_is_one_class_and_one_registry_line(
    lowest_tied: Path, tmp_path: Path
) -> None:
    ruleset = ruleset_from_toml(lowest_tied.read_text("utf-8"), "lowest.toml")
    assert ruleset.tie.name == "lowest-tied"
    # The pure rule: the ace of swords beats the ace of coins on a tie.
    assert trick_result([("N", "1d"), ("E", "1e"), ("S", "5c"), ("W", "4b")], ruleset) == (
        "E",
        False,
        ["1e"],
    )
    record = tmp_path / "aces.aln"
    record.write_text(TWO_ACES, encoding="utf-8")
    runner = CliRunner()
    # report: the trick goes to E, and the sentence says why in the usual words
    result = runner.invoke(
        main, ["report", "--format", "json", "--rules", str(lowest_tied), str(record)]
    )
    assert result.exit_code in (0, 1), result.output
    trick = json.loads(result.output)["games"][0]["deals"][0]["tricks"][0]
    assert (trick["winner"], trick["pourri"]) == ("E", False)
    text = runner.invoke(main, ["report", "--rules", str(lowest_tied), str(record)]).output
    assert "1e (ace) beats 1d (ace)" in text
    # validate: the claim "-> E" is right under these rules, wrong under classic
    ok = runner.invoke(
        main, ["validate", "--format", "json", "--rules", str(lowest_tied), str(record)]
    )
    assert "A301" not in ok.output
    classic = runner.invoke(main, ["validate", str(record)])
    assert "A301 trick 1 is claimed for E, but it is pourri: 1d and 1e tie for the top" in (
        classic.output
    )
    # rules: the sheet shows the policy's own summary and name
    sheet = runner.invoke(main, ["rules", "--rules", str(lowest_tied)]).output
    assert "a tie for the top goes to the tied card of the lowest suit" in sheet
    as_json = json.loads(
        runner.invoke(main, ["rules", "--format", "json", "--rules", str(lowest_tied)]).output
    )
    assert as_json["tie"] == "lowest-tied"


def test_an_unregistered_policy_is_refused_with_the_registry_names() -> None:
    text = CLASSIC_TOML.replace('tie = "spoil"', 'tie = "lowest-tied"')
    with pytest.raises(Exception, match=r"expected one of spoil, cancel"):
        ruleset_from_toml(text, "x.toml")


ACES_LOW = """\
[Event "Aces low"]

deal 1 dealer W
1. N:1d E:Rd S:5c W:4b -> E
"""


def test_a_house_ranking_is_a_toml_file(tmp_path: Path) -> None:
    """Some scorers' sheets put the aces lowest: moving the aces' row to the
    bottom of ``ranking.groups`` is all it takes."""
    classic = load_ruleset("classic")
    aces = next(group for group in classic.ranking if "1d" in group)
    rows = [list(group) for group in classic.ranking if group is not aces] + [list(aces)]
    groups = ",\n".join("  " + json.dumps(row) for row in rows)
    start = CLASSIC_TOML.index("[ranking]")
    end = CLASSIC_TOML.index("\n]\n", start) + 2
    text = CLASSIC_TOML[:start] + f"[ranking]\ngroups = [\n{groups},\n]" + CLASSIC_TOML[end:]
    text = text.replace('name = "classic"', 'name = "aces-low"')
    house = tmp_path / "aces-low.toml"
    house.write_text(text, encoding="utf-8")
    ruleset = ruleset_from_toml(text, str(house))
    assert ruleset.rank_group("1d") == len(ruleset.ranking)
    record = tmp_path / "aces.aln"
    record.write_text(ACES_LOW, encoding="utf-8")
    runner = CliRunner()
    assert "A301" in runner.invoke(main, ["validate", str(record)]).output  # the ace wins
    house_run = runner.invoke(main, ["validate", "--rules", str(house), str(record)])
    assert "A301" not in house_run.output  # the king wins


# --------------------------------------------------------------------------
# The shape that keeps rules as behaviour


def _string_literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_writers_and_stats_never_name_a_policy() -> None:
    names = set(policies.TIE_POLICIES) | set(policies.DEAL_SCORINGS) | set(policies.GAME_LENGTHS)
    readers = [
        *sorted((PACKAGE / "writers").glob("*.py")),
        PACKAGE / "stats.py",
        PACKAGE / "annotate.py",
        PACKAGE / "engine.py",
        PACKAGE / "table.py",
        PACKAGE / "ledger.py",
        PACKAGE / "scoring.py",
    ]
    for path in readers:
        # "points" and "deals" are also the names of JSON fields and table columns:
        # what matters is that no code compares a policy with them.
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                literals = {
                    c.value
                    for c in ast.walk(node)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                }
                assert not literals & names, f"{path.name}:{node.lineno} compares a policy name"
        assert not _string_literals(path) & (names - {"points", "deals"}), path.name


ENGINE_MODULES = ["engine", "table", "ledger", "scoring", "deal_checks", "policies", "outcome"]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_no_engine_class_is_over_300_lines(module: str) -> None:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            assert node.end_lineno - node.lineno < 300, f"{module}.{node.name}"


@pytest.mark.parametrize("scoring", sorted(policies.DEAL_SCORINGS))
@pytest.mark.parametrize("target", [5, 3])
def test_void_possible_is_whether_some_way_the_tricks_not_given_went_is_void(
    scoring: str, target: int
) -> None:
    """Held to every way up to three tricks not given could have gone (a seat
    or nobody each), on every short sequence of known winners: the scoring
    of a deal whose tricks cannot all be tried leans on it."""
    from itertools import product

    deal_scoring = policies.DEAL_SCORINGS[scoring]
    seats: tuple[str | None, ...] = ("N", "E", "S", "W", None)
    checked = 0
    for given in range(0, 5):
        for known in product(seats, repeat=given):
            for unknown in range(0, 4):
                ways = (
                    deal_scoring.result([*known, *rest], target, False).point is None
                    for rest in product(seats, repeat=unknown)
                )
                assert deal_scoring.void_possible(known, unknown, target) == any(ways), (
                    known,
                    unknown,
                )
                checked += 1
    assert checked == 4 * sum(5**k for k in range(5))
