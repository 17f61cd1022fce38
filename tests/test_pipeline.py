"""The pipeline's own decisions (``aluette_cli/pipeline.py``).

Nearly every test reaches the pipeline through conftest's ``check``, where a
wrong choice shows only as some rule's test failing for no reason of its
own.  Here each decision is held by name, with values worked out by hand:
the rules each game is replayed under (the command line over the Rules and
Options tags over ``classic``: docs/notation.md §3, docs/rules.md §8,
docs/cli.md), a record's ruleset file found in its folder only (rules.md
§8, §12), A401 and what the game then gets (docs/violations.md), what each
consumer keeps (docs/design.md), and a damaged part that costs its own game
only (notation.md §8)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

import pytest

from aluette_cli.pipeline import (
    EVERYTHING,
    FINDINGS,
    OUTCOMES,
    OUTCOMES_AND_READ,
    CheckedGame,
    Consumer,
    RuleChoice,
    check_game,
    check_source,
    check_units,
    in_place,
)
from aluette_cli.quickcheck import Checked
from aluette_cli.reading import read_games, read_units

from .conftest import found, record

#: The reference deal of docs/violations.md, right under classic.  S deals,
#: W leads; the tricks go W W W W S S S N N: W has the most (4), EW score.
#: Under team-five (equal cards cancel, the first team to five tricks) the
#: tricks fall alike (8c 8e cancel in trick 2, Re Rd in 5, 4b 4e in 8, none
#: of them the top card) and NS reach five at trick 9: `point EW` is A302.
REFERENCE = """\
deal 1 dealer S
N: 4c Cd Re 5e 8c 1c 1e 6c Rb
E: Rd 5c Vb Vc 4e Ce 8d 8e 3b
S: 5b Ve 8b Cc 9c 7b 4b 6d 3d
W: 1b 7e 3c 6b 9d 1d 3e 7c 2d
stock: 2c 9b 9e 2e Rc 7d Cb 5d 4d 6e 2b Vd
1. W:1d N:Cd E:3b S:Ve -> W
2. W:1b N:8c E:8e S:6d -> W
3. W:2d N:5e E:Vc S:7b -> W
4. W:9d N:1c E:Vb S:8b -> W
5. W:3c N:Re E:Rd S:3d -> S
6. S:9c W:7c N:6c E:8d -> S
7. S:Cc W:3e N:4c E:5c -> S
8. S:4b W:7e N:Rb E:4e -> N
9. N:1e E:Ce S:5b W:6b -> N
point EW"""
#: docs/rules.md §4: E reaches three tricks first, so EW score; `point NS` is A302.
TIE = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint NS"
#: docs/rules.md §6: E wins tricks 5-9 after none, a mordienne worth 2 with
#: the option; without it 2 is a value no deal is worth, A307.
MORDIENNE = "deal 1 dealer W\nwinners: N N S W E E E E E\npoint E 2"
#: A deal taken at its word, for games whose deals do not matter.
POINT = "deal 1 dealer W\npoint EW"
KEEPS = pytest.mark.parametrize("keep", [EVERYTHING, FINDINGS], ids=["everything", "findings"])
NOT_REPLAYED = "; the game is not replayed"
PRESETS = "(presets: classic, team-five, to-five-points; or name a .toml file)"
SHOUTING, KNOWN = "unknown option 'shouting' for ruleset", "(known: chanter, mordienne, signals)"
#: docs/rules.md §9: team-five knows chanter and signals, not mordienne.
TEAM_FIVE_MORDIENNE = "unknown option 'mordienne' for ruleset 'team-five' (known: chanter, signals)"
CLASSIC_TOML = (resources.files("aluette_cli") / "rulesets" / "classic.toml").read_text("utf-8")


def games(
    text: str | bytes,
    choice: RuleChoice | None = None,
    base: Path | None = None,
    keep: Consumer = EVERYTHING,
) -> list[CheckedGame]:
    """Every game of ``text`` as a command gets it: read, replayed, kept as ``keep`` wants."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(check_source(io.BytesIO(data), choice or RuleChoice(), base, keep))


def rules(checked: CheckedGame) -> str | None:
    """The ruleset's name and options on (``classic: mordienne``); None: not replayed."""
    r = checked.outcome.ruleset
    return None if r is None else f"{r.name}: {', '.join(sorted(r.options))}".rstrip(": ")


def house(path: Path, name: str, old: str = "", new: str = "") -> Path:
    """The classic preset as a file of its own called ``name`` (``old`` made ``new``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = CLASSIC_TOML.replace('name = "classic"', f'name = "{name}"')
    path.write_text(text.replace(old, new) if old else text, encoding="utf-8")
    return path


def a401(checked: CheckedGame) -> list[str]:
    """The A401 messages whole: what they say of the record is the point."""
    return [f.message for f in checked.outcome.findings if f.code == "A401"]


# --------------------------------------------------------------------------
# Which rules each game is replayed under


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        ("", "classic"),
        ('[Rules "team-five"]', "team-five"),
        ('[Options "mordienne, signals"]', "classic: mordienne, signals"),
        (
            '[Rules "to-five-points"]\n[Options " chanter ,mordienne "]',
            "to-five-points: chanter, mordienne",
        ),
        ('[rules "team-five"]', "team-five"),  # A409: a known name in the wrong case is read
        ('[Rules "team-five"]\n[Rules "to-five-points"]', "team-five"),  # A404: the first is used
        ('[rules "team-five"]\n[Rules "to-five-points"]', "to-five-points"),  # A409: the right one
        ('[Options "Mordienne, SIGNALS"]', "classic: mordienne, signals"),  # A411: in capitals
    ],
)
def test_a_game_is_replayed_under_the_rules_and_options_its_tags_name(
    tags: str, expected: str
) -> None:
    (checked,) = games(record(tags, POINT))
    assert rules(checked) == expected


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        (RuleChoice(rules="classic"), "classic: mordienne"),
        (RuleChoice(options=frozenset()), "to-five-points"),  # --options ""
        (RuleChoice(options=frozenset({"signals"})), "to-five-points: signals"),
        (RuleChoice("team-five", frozenset({"chanter"})), "team-five: chanter"),
    ],
)
def test_the_command_line_overrides_the_tag_it_names_and_only_that_one(
    choice: RuleChoice, expected: str
) -> None:
    (checked,) = games(record('[Rules "to-five-points"]', '[Options "mordienne"]', POINT), choice)
    assert rules(checked) == expected


@pytest.mark.parametrize("keep", [EVERYTHING, FINDINGS, OUTCOMES, OUTCOMES_AND_READ])
@pytest.mark.parametrize(
    ("choice", "expected"), [(RuleChoice(), [("A302", 18, 1)]), (RuleChoice(rules="classic"), [])]
)
def test_the_game_s_own_ruleset_judges_its_deals_whatever_the_consumer_wants(
    keep: Consumer, choice: RuleChoice, expected: list[tuple[str, int, int]]
) -> None:
    # The deal is right and in the writer's layout: a consumer that wants no
    # model has it judged by the quick check, which must judge by team-five.
    (checked,) = games(record('[Rules "team-five"]', "", REFERENCE), choice, keep=keep)
    assert found(checked) == expected


# --------------------------------------------------------------------------
# An unknown ruleset or option, and what the game then gets


@pytest.mark.parametrize(
    ("tags", "line", "problem"),
    [
        ('[Event "x"]\n[Rules "house"]', 2, f"unknown ruleset 'house' {PRESETS}"),
        ('[Event "x"]\n[Options "mordienne, shouting"]', 2, f"{SHOUTING} 'classic' {KNOWN}"),
        (
            '[Rules "to-five-points"]\n[Options "shouting"]',
            2,
            f"{SHOUTING} 'to-five-points' {KNOWN}",
        ),
        ('[Rules "team-five"]\n[Options "mordienne"]', 2, TEAM_FIVE_MORDIENNE),
    ],
)
def test_an_unknown_ruleset_or_option_in_a_record_is_a401_at_its_tag(
    tags: str, line: int, problem: str
) -> None:
    (checked,) = games(record(tags, POINT))
    assert found(checked) == [("A401", line, 1)]
    assert a401(checked) == [problem + NOT_REPLAYED]
    assert rules(checked) is None


@pytest.mark.parametrize(
    ("choice", "tags", "line"),
    [
        # --rules chose the ruleset; the record's Options tag chose the option at fault
        (RuleChoice(rules="team-five"), '[Event "x"]\n[Options "mordienne"]', 2),
        # --options chose the option; the Rules tag only named a ruleset that has none
        (RuleChoice(options=frozenset({"mordienne"})), '[Event "x"]\n[Rules "team-five"]', 1),
    ],
    ids=["option from the tag", "option from the command line"],
)
def test_the_a401_stands_on_the_tag_that_chose_what_failed(
    choice: RuleChoice, tags: str, line: int
) -> None:
    # team-five knows no mordienne (docs/rules.md §7): what chose it is at fault,
    # and a choice of the command line is said at the game's start (line 1)
    (checked,) = games(record(tags, POINT), choice)
    assert found(checked) == [("A401", line, 1)]
    assert a401(checked) == [TEAM_FIVE_MORDIENNE + NOT_REPLAYED]


@KEEPS
def test_a_game_under_an_unknown_ruleset_is_read_but_not_replayed(keep: Consumer) -> None:
    # Replayed, line 5 would be A302 (TIE); only the reading error of line 8
    # (docs/notation.md §8: 'X' at column 27) is said beside the A401.
    bad_claim = "deal 2 dealer N\n1. W:1d N:Cd E:3b S:Ve -> X"
    (checked,) = games(record('[Rules "house"]', "", TIE, "", bad_claim), keep=keep)
    assert found(checked) == [("A401", 1, 1), ("A001", 8, 27)]
    outcome = checked.outcome
    assert outcome.deals == [] and outcome.score == {"NS": 0, "EW": 0}
    assert (outcome.complete, outcome.winner, checked.deals_read) == (False, None, 2)
    assert len(checked.game.deals) == (2 if keep.deals else 0)  # kept to be written back


def test_options_from_the_command_line_cost_only_a_game_whose_rules_lack_them() -> None:
    text = record('[Rules "team-five"]', POINT, "", '[Rules "to-five-points"]', MORDIENNE)
    first, second = games(text, RuleChoice(options=frozenset({"mordienne"})))
    assert a401(first) == [TEAM_FIVE_MORDIENNE + NOT_REPLAYED]
    assert first.outcome.findings[0].game == 1
    assert rules(second) == "to-five-points: mordienne"
    assert (found(second), second.outcome.score) == ([], {"NS": 0, "EW": 2})


# --------------------------------------------------------------------------
# A ruleset file named by a record: in its folder or below, nowhere else


@pytest.mark.parametrize("whole", [False, True], ids=["streamed", "held-whole"])
@pytest.mark.parametrize(("name", "expected"), [("h.toml", "beside"), ("sub/h.toml", "below")])
def test_a_record_s_ruleset_file_is_found_from_base_not_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole: bool, name: str, expected: str
) -> None:
    folder = tmp_path / "records"
    house(folder / "h.toml", "beside")
    house(folder / "sub" / "h.toml", "below")
    house(tmp_path / name, "decoy")  # where the work is done: never looked at
    monkeypatch.chdir(tmp_path)
    text = record(f'[Rules "{name}"]', POINT)
    if whole:  # convert's way: the game read whole first, under the same choice
        (game, again) = read_games([text.encode("utf-8")] * 2)
        checked = check_game(game, RuleChoice(), folder)
        assert rules(check_game(again, RuleChoice(rules="team-five"), folder)) == "team-five"
    else:
        (checked,) = games(text, base=folder)
    assert (rules(checked), found(checked)) == (expected, [])


def test_a_record_names_a_file_in_its_own_folder_only_and_the_command_line_any_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outside = house(tmp_path / "pipeline-outside.toml", "outside")
    folder = tmp_path / "records"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    climbing = record('[Rules "../pipeline-outside.toml"]', POINT)
    (checked,) = games(climbing, base=folder)
    assert found(checked) == [("A401", 1, 1)]
    assert a401(checked) == [
        "ruleset file '../pipeline-outside.toml' is not in the record's folder: a Rules tag"
        " may name a preset or a .toml file in the record's own folder or below it" + NOT_REPLAYED
    ]
    (checked,) = games(record(f'[Rules "{outside}"]', POINT), base=folder)
    assert found(checked) == [("A401", 1, 1)]
    # without a base (standard input), the record's folder is the working one
    (checked,) = games(record(f'[Rules "{outside.name}"]', POINT))
    assert (rules(checked), found(checked)) == ("outside", [])
    # the user's own path, absolute or from where they stand, may be anywhere
    for given in (str(outside), outside.name):
        (chosen,) = games(climbing, RuleChoice(rules=given), base=folder)
        assert (rules(chosen), found(chosen)) == ("outside", [])


# --------------------------------------------------------------------------
# Several games: each under its own tags, in order


@KEEPS
def test_each_game_of_a_source_is_replayed_under_its_own_tags_in_order(keep: Consumer) -> None:
    # Games at lines 1-3, 5-7, 9-12, 14-17 and 19-22, each tag on its first
    # line; game 5 has no option left on from game 3: its claim of 2 is A307.
    tags = ['[Rules "team-five"]', '[Options "mordienne"]', '[Rules "nonesuch"]', '[Event "5"]']
    deals = [POINT, MORDIENNE, MORDIENNE, MORDIENNE]
    text = "\n\n".join([MORDIENNE, *(f"{t}\n{d}" for t, d in zip(tags, deals, strict=True))])
    checked = games(text, keep=keep)
    assert [
        (c.outcome.index, c.game.index, rules(c), found(c), c.outcome.score) for c in checked
    ] == [
        (1, 1, "classic", [("A307", 3, 1)], {"NS": 0, "EW": 1}),
        (2, 2, "team-five", [], {"NS": 0, "EW": 1}),
        (3, 3, "classic: mordienne", [], {"NS": 0, "EW": 2}),
        (4, 4, None, [("A401", 14, 1)], {"NS": 0, "EW": 0}),
        (5, 5, "classic", [("A307", 22, 1)], {"NS": 0, "EW": 1}),
    ]
    assert [f.game for c in checked for f in c.outcome.findings] == [1, 4, 5]


def test_a_part_of_a_file_numbers_its_games_from_where_it_begins() -> None:
    # --jobs: a worker's part counts its games on from the parts before it.
    text = record(POINT, "", '[Rules "nonesuch"]', POINT)
    first, second = check_units(read_units([text.encode("utf-8")]), first_index=7)
    assert (first.outcome.index, second.outcome.index) == (7, 8)
    assert [(f.code, f.line, f.game) for f in second.outcome.findings] == [("A401", 4, 8)]


# --------------------------------------------------------------------------
# What a consumer that wants less is given, and that it is given no more

#: Deal 2 (line 6) is the reference deal, which the quick check vouches for;
#: deals 1 and 3 are point lines only, which it declines.  E, then S (E's
#: left), then W deal; NS, EW, NS score.
MIXED = record(
    '[Event "mixed"]\n\ndeal 1 dealer E\npoint NS\n',
    REFERENCE.replace("deal 1", "deal 2"),
    "\ndeal 3 dealer W\npoint NS",
)


@pytest.mark.parametrize(
    ("keep", "kept", "outcomes"),
    [
        (EVERYTHING, [1, 2, 3], [1, 2, 3]),
        (FINDINGS, [], []),
        (OUTCOMES, [], [1, 2, 3]),
        (OUTCOMES_AND_READ, [1, 3], [1, 2, 3]),  # the deals the check declines, as read
        (Consumer(deals=True, outcomes=False), [1, 2, 3], []),
    ],
    ids=["everything", "findings", "outcomes", "outcomes-and-read", "deals-only"],
)
def test_each_consumer_is_given_what_it_wants_and_no_more(
    keep: Consumer, kept: list[int], outcomes: list[int]
) -> None:
    (checked,) = games(MIXED, keep=keep)
    assert [d.number for d in checked.game.deals] == kept
    assert [d.number for d in checked.outcome.deals] == outcomes
    assert (checked.deals_read, checked.outcome.score) == (3, {"NS": 2, "EW": 1})
    assert (found(checked), checked.stamped) == ([], {})
    if outcomes:  # deal 2 whole, whether the quick check vouched for it or it was read
        deal = checked.outcome.deals[1]
        assert [t.winner for t in deal.tricks] == ["W", "W", "W", "W", "S", "S", "S", "N", "N"]
        assert (deal.counts, deal.deal_winner) == ({"N": 2, "E": 0, "S": 3, "W": 4}, "W")
        assert deal.point is not None and (deal.point.team, deal.point.points) == ("EW", 1)
        assert (deal.number, deal.dealer, deal.pos.line) == (2, "S", 6)


@pytest.mark.parametrize("keep", [EVERYTHING, OUTCOMES], ids=["read", "vouched"])
def test_a_deal_that_begins_mid_line_is_placed_where_it_begins(keep: Consumer) -> None:
    # docs/notation.md §9: `deal` and a number begin a deal anywhere; here
    # after `[Event "x"] `, twelve characters, so at column 13.
    (checked,) = games('[Event "x"] ' + REFERENCE, keep=keep)
    (deal,) = checked.outcome.deals
    assert (deal.pos.line, deal.pos.column, deal.point is not None) == (1, 13, True)


@dataclass(frozen=True)
class Noted:
    """A stamp that says which deal it was given, and where that deal begins."""

    gives: Literal["plays", "as written"] = "plays"

    def __call__(self, checked: Checked, line: int, /) -> str:
        return f"deal {checked.number} stamped at line {line}"


def test_a_stamp_is_given_the_vouched_deals_and_the_outcomes_the_others() -> None:
    keep = Consumer(deals=False, outcomes=True, models=False, stamp=Noted())
    (checked,) = games(MIXED, keep=keep)
    assert checked.stamped == {1: "deal 2 stamped at line 6"}  # deal 2, place 1 from 0
    assert [d.number for d in checked.outcome.deals] == [1, 3]
    assert checked.game.deals == []
    texts = in_place(checked.stamped, checked.outcome.deals, lambda d: f"deal {d.number}")
    assert list(texts) == ["deal 1", "deal 2 stamped at line 6", "deal 3"]
    assert (checked.deals_read, checked.outcome.score) == (3, {"NS": 2, "EW": 1})


# --------------------------------------------------------------------------
# A part that cannot be read costs its own game only


@pytest.mark.parametrize(
    ("tags", "expected", "error"),
    [
        ('[Rules "team-five"]\n[Event Club night]', "team-five", ("A001", 7, 8)),
        ('[Rules team-five]\n[Event "two"]', "classic", ("A001", 6, 8)),
    ],
    ids=["rules-kept", "rules-lost"],
)
def test_tags_that_cannot_be_read_keep_their_well_formed_lines_for_their_own_game(
    tags: str, expected: str, error: tuple[str, int, int]
) -> None:
    # docs/notation.md §8: the malformed tag line is lost, the others kept;
    # the value's first word stands at column 8, after `[Event ` or `[Rules `.
    first, second = games(record('[Event "one"]', "", POINT, "", tags, "", POINT))
    assert (rules(first), found(first)) == ("classic", [])
    assert (rules(second), found(second)) == (expected, [error])
    assert (second.game.index, second.deals_read, second.outcome.score["EW"]) == (2, 1, 1)


@KEEPS
def test_a_bad_byte_or_an_unreadable_deal_costs_only_its_own_game(keep: Consumer) -> None:
    # Line 37 `point EW ; café`: `point EW ; caf` is 14 wide, and é is
    # written as the Latin-1 byte 0xe9, no UTF-8 (A003 at 15).  Line 39:
    # its `{` at 18 never closes; the comment ends before the tag of line
    # 42 (A002), and deal 2 is lost.
    two = REFERENCE + " ; café\n\ndeal 2 dealer W  { dealt by Paul\npoint NS"
    text = "\n\n".join(['[Event "1"]', REFERENCE, '[Event "2"]', two, '[Event "3"]', REFERENCE])
    checked = games(text.encode("utf-8").replace("é".encode(), b"\xe9"), keep=keep)
    assert [found(c) for c in checked] == [[], [("A003", 37, 15), ("A002", 39, 18)], []]
    assert [c.outcome.score for c in checked] == [{"NS": 0, "EW": 1}] * 3
    assert [c.deals_read for c in checked] == [1, 2, 1]


def test_reading_errors_and_rule_findings_come_out_together_by_position() -> None:
    # The A302 of line 3 comes from the replay, the A001 of line 5 (`XY` is
    # no team, at column 7) from the reading, which is done first.
    (checked,) = games(record(TIE, "deal 2 dealer N", "point XY"))
    assert found(checked) == [("A302", 3, 1), ("A001", 5, 7)]


# --------------------------------------------------------------------------
# Known faults


@pytest.mark.parametrize("name", ["optional", "house.toml"])
def test_a_ruleset_at_fault_is_a401_at_the_rules_tag_beside_an_options_tag(
    tmp_path: Path, name: str
) -> None:
    house(tmp_path / "house.toml", "house", '"chanter", "mordienne", "signals"', '"mordiene"')
    text = record(f'[Rules "{name}"]', '[Options "chanter"]', POINT)
    (checked,) = games(text, base=tmp_path)
    assert found(checked) == [("A401", 1, 1)]


#: The reference deal as deal 1 of two; deal 2 a deal W deals, taken at its word.
SECOND = "\ndeal 2 dealer W\npoint NS\n"


@pytest.mark.parametrize(
    "keep", [EVERYTHING, OUTCOMES, FINDINGS], ids=["read", "outcomes", "findings"]
)
@pytest.mark.parametrize("comment", ["", "  { typed twice }"], ids=["as is", "a comment more"])
def test_a_deal_pasted_twice_is_one_a104_and_the_copy_is_left_out(
    keep: Consumer, comment: str
) -> None:
    # whether the quick check vouched for the first or it was read, the copy
    # is compared with it as read; a comment more makes it no other deal
    header, rest = REFERENCE.split("\n", 1)
    text = f"{REFERENCE}\n\n{header}{comment}\n{rest}\n{SECOND}"
    (checked,) = games(text, keep=keep)
    at = REFERENCE.count("\n") + 3
    assert found(checked) == [("A104", at, 1)]
    assert checked.outcome.findings[0].message == (
        "deal 1 is written twice in a row; the copy is left out"
    )
    assert checked.outcome.score == {"NS": 1, "EW": 1}  # deal 1 counted once
    if keep is not FINDINGS:
        copy = checked.outcome.deals[1]
        assert copy.copy_of is not None and copy.tricks == [] and copy.point is None


@pytest.mark.parametrize("keep", [EVERYTHING, FINDINGS], ids=["read", "findings"])
def test_a_deal_with_the_header_above_s_but_other_cards_is_no_copy(keep: Consumer) -> None:
    # the same header, another trick 9 claim: two deals, the second misnumbered
    text = f"{REFERENCE}\n\n{REFERENCE.replace('-> N', '-> pourri')}\n"
    (checked,) = games(text, keep=keep)
    assert "A104" in [code for code, _, _ in found(checked)]
    assert "copy" not in checked.outcome.findings[0].message


@pytest.mark.parametrize(
    "keep", [EVERYTHING, OUTCOMES, FINDINGS], ids=["read", "outcomes", "findings"]
)
@pytest.mark.parametrize(
    ("header", "said"), [("deal 2 dealer Q", "a seat"), ("deal x dealer W", "a number")]
)
def test_a_deal_past_a_limit_has_a_header_part_it_could_not_read_from_the_sequence(
    keep: Consumer, header: str, said: str
) -> None:
    """Not replayed, the deal has it filled from the game's sequence all the
    same, as a replayed deal has: the reader's stand-in ("dealer N") was
    taken at its word, "A105 N deals, but E should"."""
    over = "N:" + " 2c" * 49
    deal = record(header, over, "winners: N N N E E - S W W", "point NS")
    (checked,) = games(f"{REFERENCE}\n\n{deal}", keep=keep)
    at = REFERENCE.count("\n") + 3  # the header's line
    column = 15 if said == "a seat" else 6  # the Q, the x
    assert found(checked) == [("A001", at, column), ("A009", at + 1, 1)]
    assert f"expected {said}" in checked.outcome.findings[0].message


@pytest.mark.parametrize("replayed", [True, False], ids=["replayed", "past a limit"])
def test_the_deal_after_one_whose_dealer_could_not_be_read_is_checked_alike(
    replayed: bool,
) -> None:
    """Deal 3's dealer slip is said of deal 3 whether deal 2 (dealer
    unreadable) is replayed or past a limit; past it, deal 2 was given no
    dealer, and the right deal 4 was blamed."""
    play = "winners: S - S W - N S W -\npoint S\n"
    if not replayed:
        play = "".join(f"{k}. N:3d E:8d S:6e W:3b\n" for k in range(1, 38))  # past 36 tricks
    text = (
        '[Result "*"]\n\n'
        "deal 1 dealer N\nwinners: N E S E W N E S N\npoint EW\n\n"
        f"deal 2 dealer Q\n{play}\n"
        "deal 3 dealer N\nwinners: W W N - E W S N N\npoint W\n\n"
        "deal 4 dealer W\nwinners: N N N N N - - - -\npoint N\n"
    )
    (checked,) = games(text, keep=EVERYTHING)
    slips = [(f.deal, f.line) for f in checked.outcome.findings if f.code == "A105"]
    assert slips == [(3, text.splitlines().index("deal 3 dealer N") + 1)]


def test_a_deal_past_a_limit_whose_number_could_not_be_read_keeps_its_place() -> None:
    """Its number comes from the sequence: it was no deal ("Deal ?"), and
    its dealer's finding said of no deal."""
    tricks = "".join(f"{k}. N:3d E:8d S:6e W:3b\n" for k in range(1, 38))
    text = f"deal 1 dealer N\nwinners: N E S E W N E S N\npoint EW\n\ndeal x dealer E\n{tricks}"
    (checked,) = games(text, keep=EVERYTHING)
    assert [(f.code, f.deal) for f in checked.outcome.findings] == [("A001", 2), ("A009", 2)]
    assert [d.number for d in checked.outcome.deals] == [1, 2]
