"""Rulesets as data (``aluette_cli/rules.py``): the classic preset, a house-rules file, bad files.

The house rules used here are the classic ones with the four aces split
into four rows (coins > cups > clubs > swords), so a trick of the four aces,
pourri in the classic game, goes to the ace of coins.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from aluette_cli.pipeline import RuleChoice
from aluette_cli.rules import (
    RulesetError,
    load_record_ruleset,
    load_ruleset,
    preset_names,
    rules_tag_for,
    ruleset_from_toml,
)
from aluette_cli.writers.report import game_dict

from .conftest import SAMPLES, check, found, invoke
from .test_engine import ROWS  # the ranking table of docs/rules.md §1

# --------------------------------------------------------------------------
# Helpers

HOUSE_ROWS = [*ROWS[:8], ["1d"], ["1c"], ["1b"], ["1e"], *ROWS[9:]]


def toml_groups(rows: list[list[str]]) -> str:
    return "groups = [\n" + "".join(f"  {json.dumps(row)},\n" for row in rows) + "]\n"


def ruleset_text(
    rows: list[list[str]] | None = None,
    *,
    name: str = "house",
    tie: str = '"spoil"',
    target: str = "5",
    ranking: bool = True,
) -> str:
    text = f'name = "{name}"\ndescription = "Aces ranked by suit."\n'
    if ranking:
        text += "\n[ranking]\n" + toml_groups(HOUSE_ROWS if rows is None else rows)
    text += f"\n[play]\ntie = {tie}\n"
    text += '\n[deal]\nscoring = "most-tricks"\n'
    text += f'\n[game]\nlength = "deals"\ntarget = {target}\n'
    text += '\n[options]\nknown = ["mordienne"]\n'
    return text


# Dealer W, so N leads.  Trick 1 is the four aces: classic, pourri (N leads
# again); house rules, N's ace of coins wins (N leads next).  Either way N
# leads trick 2, so the rest of the deal is the same under both rulesets:
# winners (house) N - W S S - E E E, E has 3 and wins the deal for EW.
TRICKS = [
    "1. N:1d E:1c S:1b W:1e -> N",
    "2. N:Rd E:Rc S:5d W:4d -> pourri",
    "3. N:3e E:3b S:4c W:5c -> W",
    "4. W:6d N:7d E:8d S:Vd -> S",
    "5. S:2b W:2e N:9e E:9b -> S",
    "6. S:Cd W:Cc N:Cb E:Ce -> pourri",
    "7. S:6c W:7c N:8c E:Vc -> E",
    "8. E:3d S:3c W:2d N:2c -> E",
    "9. E:9c S:9d W:Rb N:Re -> E",
]


def house_record(rules_tag: str | None = None) -> str:
    tags = [f'[Rules "{rules_tag}"]'] if rules_tag else []
    return "\n".join([*tags, "deal 1 dealer W", *TRICKS, "point E"]) + "\n"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# The classic preset


def test_classic_ruleset_fields() -> None:
    classic = load_ruleset("classic")
    assert classic.name == "classic"
    assert classic.ranking == tuple(tuple(row) for row in ROWS)
    assert classic.tie.name == "spoil"
    assert classic.deal_scoring.name == "most-tricks"
    assert classic.game_length.name == "deals"
    assert classic.game_target == 5
    assert classic.chant_seats == ("dealer", "left")
    assert classic.known_options == frozenset({"chanter", "mordienne", "signals"})
    assert classic.options == frozenset()


def test_classic_strength_follows_the_table() -> None:
    classic = load_ruleset("classic")
    assert classic.rank_group("3d") == 1
    assert classic.rank_group("1e") == 9
    assert classic.rank_group("9b") == 13
    assert classic.rank_group("3b") == 19
    assert classic.strength["3d"] > classic.strength["3c"] > classic.strength["2d"]
    assert classic.strength["9e"] == classic.strength["9b"] > classic.strength["8d"]
    assert classic.strength["3e"] == classic.strength["3b"] < classic.strength["4e"]


def test_options_switch_on_known_rules_only() -> None:
    classic = load_ruleset("classic")
    assert classic.with_options(frozenset({"mordienne"})).options == frozenset({"mordienne"})
    with pytest.raises(RulesetError, match="unknown option 'team-five'"):
        classic.with_options(frozenset({"team-five"}))


def test_preset_names_lists_classic_in_order() -> None:
    names = preset_names()
    assert "classic" in names
    assert names == sorted(names)
    for name in names:
        assert load_ruleset(name).name == name


def test_an_unknown_preset_name_raises() -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'nonesuch'"):
        load_ruleset("nonesuch")


# --------------------------------------------------------------------------
# A user's house-rules file


def test_a_house_file_loads_relative_to_base(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", ruleset_text())
    house = load_ruleset("house.toml", base=tmp_path)
    assert house.name == "house"
    assert len(house.ranking) == 22
    assert house.strength["1d"] > house.strength["1c"] > house.strength["1b"]
    assert house.strength["1e"] > house.strength["Rd"]
    assert house.known_options == frozenset({"mordienne"})


def test_the_four_aces_are_pourri_under_classic() -> None:
    checked = check(house_record())
    assert found(checked) == [("A301", 2, 24)]  # the "->" of trick 1
    trick = game_dict(checked, "t.aln")["deals"][0]["tricks"][0]
    assert (trick["winner"], trick["pourri"]) == (None, True)


def test_a_rules_tag_naming_a_file_next_to_the_record(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", ruleset_text())
    checked = check(house_record("house.toml"), base=tmp_path)
    assert found(checked) == []
    game = game_dict(checked, "t.aln")
    assert game["rules"] == "house"
    deal = game["deals"][0]
    assert [t["winner"] for t in deal["tricks"]] == ["N", None, "W", "S", "S", None, "E", "E", "E"]
    assert deal["counts"] == {"N": 1, "E": 3, "S": 2, "W": 1}
    assert deal["point"] == {"team": "EW", "points": 1, "mordienne": False}


def test_a_rules_tag_file_is_not_looked_for_elsewhere(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", ruleset_text())
    other = tmp_path / "elsewhere"
    other.mkdir()
    checked = check(house_record("house.toml"), base=other)
    assert found(checked) == [("A401", 1, 1)]


def test_rules_choice_overrides_the_tag(tmp_path: Path) -> None:
    path = write(tmp_path / "house.toml", ruleset_text())
    assert found(check(house_record(), RuleChoice(rules=str(path)))) == []
    assert found(check(house_record(str(path)), RuleChoice(rules="classic"))) == [("A301", 3, 24)]


def test_cli_rules_tag_file_resolved_next_to_the_record(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", ruleset_text())
    aln = write(tmp_path / "game.aln", house_record("house.toml"))
    result = invoke(["validate", str(aln)])
    assert result.exit_code == 0, result.output
    assert "A301" not in result.stdout


def test_cli_rules_option_with_a_file(tmp_path: Path) -> None:
    path = write(tmp_path / "house.toml", ruleset_text())
    aln = write(tmp_path / "game.aln", house_record())
    assert invoke(["validate", str(aln)]).exit_code == 1  # classic: A301
    result = invoke(["validate", "--rules", str(path), str(aln)])
    assert result.exit_code == 0, result.output
    result = invoke(["report", "--format", "json", "--rules", str(path), str(aln)])
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.stdout)["games"]
    assert game["rules"] == "house"
    assert game["deals"][0]["tricks"][0]["winner"] == "N"


def test_cli_rules_option_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A path given on the command line is the user's path, from where they stand.
    rules_dir, records = tmp_path / "rules", tmp_path / "records"
    rules_dir.mkdir()
    records.mkdir()
    write(rules_dir / "house.toml", ruleset_text())
    aln = write(records / "game.aln", house_record())
    monkeypatch.chdir(rules_dir)
    result = invoke(["validate", "--rules", "house.toml", str(aln)])
    assert result.exit_code == 0, result.output
    assert "A401" not in result.output


def test_cli_rules_command_shows_a_house_ranking(tmp_path: Path) -> None:
    path = write(tmp_path / "house.toml", ruleset_text())
    result = invoke(["rules", "--rules", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["name"] == "house"
    assert shown["ranking"] == HOUSE_ROWS


# --------------------------------------------------------------------------
# Malformed ruleset files


def load_text(tmp_path: Path, text: str) -> None:
    write(tmp_path / "bad.toml", text)
    load_ruleset("bad.toml", base=tmp_path)


def test_a_ruleset_that_is_not_toml(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"bad\.toml.*not valid TOML"):
        load_text(tmp_path, 'name = "house"\n[ranking\ngroups = []\n')


def test_a_ruleset_without_ranking(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"missing key 'ranking\.groups'"):
        load_text(tmp_path, ruleset_text(ranking=False))


def test_a_ruleset_without_name() -> None:
    text = ruleset_text().replace('name = "house"\n', "")
    with pytest.raises(RulesetError, match="missing key 'name'"):
        ruleset_from_toml(text, "house.toml")


def test_a_card_ranked_twice(tmp_path: Path) -> None:
    rows = [*HOUSE_ROWS[:-1], ["3e", "3b", "3d"]]
    with pytest.raises(RulesetError, match=r"'ranking\.groups'.*3d is ranked twice"):
        load_text(tmp_path, ruleset_text(rows))


def test_a_card_left_out(tmp_path: Path) -> None:
    rows = [*HOUSE_ROWS[:-1], ["3b"]]
    with pytest.raises(RulesetError, match=r"'ranking\.groups' leaves out 3e$"):
        load_text(tmp_path, ruleset_text(rows))


def test_something_that_is_not_a_card(tmp_path: Path) -> None:
    rows = [*HOUSE_ROWS, ["Xx"]]
    with pytest.raises(RulesetError, match=r"'ranking\.groups' entry 23: 'Xx' is not a card"):
        load_text(tmp_path, ruleset_text(rows))


@pytest.mark.parametrize(("written", "code"), [("Ao", "1d"), ("monsieur", "3d"), ("Kc", "Rc")])
def test_a_card_written_as_a_record_may_write_it_is_given_its_code(
    tmp_path: Path, written: str, code: str
) -> None:
    """A record takes aliases and names (docs/notation.md §2); a ruleset file
    takes the codes, and says which one was meant."""
    rows = [[written if card == code else card for card in row] for row in HOUSE_ROWS]
    assert rows != HOUSE_ROWS
    with pytest.raises(RulesetError, match=f"'{written}' is not a card: write '{code}'"):
        load_text(tmp_path, ruleset_text(rows))


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("true", "true"),
        ("1979-05-27", "1979-05-27"),
        ("07:32:00", "07:32:00"),
        ("{ a = 1, 'b c' = [2, false] }", "{ a = 1, 'b c' = [2, false] }"),
        ("nan", "nan"),
    ],
)
def test_a_wrong_value_is_shown_as_the_file_writes_it(
    tmp_path: Path, value: str, shown: str
) -> None:
    """Not as Python would (True, datetime.date(1979, 5, 27)): the user
    looks for it in the file."""
    text = ruleset_text(tie=value)
    with pytest.raises(RulesetError) as caught:
        load_text(tmp_path, text)
    assert str(caught.value).endswith(f": 'play.tie' must be a string, not {shown}")


DESCRIPTION = 'description = "Aces ranked by suit."'


@pytest.mark.parametrize(
    ("old", "line", "expected"),
    [
        ('tie = "spoil"', "tie" + ".a" * 250 + " = 1", "'play.tie' must be a string, not { a = "),
        ('name = "house"', "name" + ".a" * 250 + " = 1", "'name' must be a string, not { a = "),
        (
            DESCRIPTION,
            "a" + ".a" * 30000 + " = 1",
            "nested too deeply (a key of more than 256 dots",
        ),
        (DESCRIPTION, "x = " + "1" * 5000, "not valid TOML: a number too long to read"),
        (DESCRIPTION, "k" * 5000 + " = 1", "unknown key 'kkkk"),
        (DESCRIPTION, f"[{'k' * 5000}]\n[{'k' * 5000}]", "Cannot declare ('kkkk"),
        (DESCRIPTION, "description = [" + "'x', " * 5000 + "]", "'description' must be a string"),
    ],
    ids=[
        "nested-value",
        "nested-name",
        "dotted-key",
        "huge-number",
        "long-key",
        "long-key-twice",
        "long-value",
    ],
)
def test_a_hostile_value_is_refused_in_a_short_message(
    tmp_path: Path, old: str, line: str, expected: str
) -> None:
    """A value a message quotes may nest hundreds of tables deep or run to
    megabytes; quoting it whole overflowed Python's recursion or buried the
    message.  It is cut, and the file is refused, not crashed on.  A key of
    thousands of dots, which ``tomllib`` takes seconds to read, is refused
    before it is read."""
    text = ruleset_text()
    assert old in text
    with pytest.raises(RulesetError) as caught:
        load_text(tmp_path, text.replace(old, line, 1))
    assert expected in str(caught.value)
    assert len(str(caught.value)) < 400
    result = invoke(["rules", "--rules", str(tmp_path / "bad.toml")])
    assert result.exit_code == 2
    assert "internal error" not in result.output
    assert expected in result.output


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("# " + "." * 300 + "\n", None),  # a comment
        ('description = """Many dots:\n' + "." * 300 + '=\n"""\n', None),  # a text's line
        ('"' + "." * 300 + '" = 1\n', "unknown key"),  # one quoted key: its dots are its own
    ],
    ids=["comment", "text", "quoted-key"],
)
def test_dots_that_are_no_key_parts_are_not_counted(
    tmp_path: Path, text: str, refused: str | None
) -> None:
    """Only a key's parts make it deep: a comment or a text of dots was
    refused as "nested too deeply", a file tomllib reads at once."""
    body = ruleset_text().replace('description = "Aces ranked by suit."\n', "", 1)
    if refused is None:
        load_text(tmp_path, text + body)
        return
    with pytest.raises(RulesetError, match=refused):
        load_text(tmp_path, text + body)


def test_an_unknown_tie_policy(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"'play\.tie' is 'shuffle'"):
        load_text(tmp_path, ruleset_text(tie='"shuffle"'))


@pytest.mark.parametrize(
    ("text_args", "key"),
    [
        ({"target": '"five"'}, "game.target"),
        ({"tie": "1"}, "play.tie"),
    ],
)
def test_a_value_of_the_wrong_type(tmp_path: Path, text_args: dict[str, str], key: str) -> None:
    with pytest.raises(RulesetError) as info:
        load_text(tmp_path, ruleset_text(**text_args))  # type: ignore[arg-type]
    assert f"'{key}'" in str(info.value)
    assert "must be" in str(info.value)


def test_a_wrong_type_message_reads_as_english(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as info:
        load_text(tmp_path, ruleset_text(target='"five"'))
    assert re.search(r"'game\.target' must be an (int|integer)\b", str(info.value))


def test_ranking_groups_of_the_wrong_type() -> None:
    text = ruleset_text().replace("groups = [", 'groups = "3d"\nold = [', 1)
    with pytest.raises(RulesetError, match=r"'ranking\.groups' must be a list"):
        ruleset_from_toml(text, "house.toml")


def test_a_malformed_rules_file_named_by_a_record_is_a401(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", ruleset_text(tie='"shuffle"'))
    checked = check(house_record("house.toml"), base=tmp_path)
    assert found(checked) == [("A401", 1, 1)]
    assert "play.tie" in checked.outcome.findings[0].message


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ('ties = "x"', "unknown key 'play.ties' (known in [play]: tie)"),
        ('"t i e s" = "x"', "unknown key (a quoted key, not shown) (known in [play]: tie)"),
    ],
)
def test_a_misspelt_key_in_a_file_named_by_a_record_is_named(
    tmp_path: Path, extra: str, said: str
) -> None:
    # Its values are not quoted (the file may be anyone's), but a bare key is
    # a name, and it is what must be fixed.
    text = ruleset_text().replace('tie = "spoil"\n', f'tie = "spoil"\n{extra}\n')
    write(tmp_path / "house.toml", text)
    checked = check(house_record("house.toml"), base=tmp_path)
    assert found(checked) == [("A401", 1, 1)]
    assert said in checked.outcome.findings[0].message
    assert '"x"' not in checked.outcome.findings[0].message


# --------------------------------------------------------------------------
# Unknown rules and options


def test_an_unknown_ruleset_in_the_rules_tag_is_a401() -> None:
    text = '[Event "x"]\n[Rules "nonesuch"]\ndeal 1 dealer N\npoint NS\n'
    checked = check(text)
    assert found(checked) == [("A401", 2, 1)]
    assert "unknown ruleset 'nonesuch'" in checked.outcome.findings[0].message
    assert checked.outcome.ruleset is None


def test_cli_exits_2_on_an_unknown_ruleset_in_the_rules_tag(tmp_path: Path) -> None:
    aln = write(tmp_path / "g.aln", '[Rules "nonesuch"]\ndeal 1 dealer N\npoint NS\n')
    result = invoke(["validate", str(aln)])
    assert result.exit_code == 2
    assert f"{aln}:1:1: A401 " in result.stdout


def test_an_unknown_option_in_the_options_tag_is_a401(tmp_path: Path) -> None:
    text = '[Event "x"]\n[Options "mordienne, shouting"]\ndeal 1 dealer N\npoint NS\n'
    checked = check(text)
    assert found(checked) == [("A401", 2, 1)]
    assert "'shouting'" in checked.outcome.findings[0].message


def test_cli_unknown_option_is_a_usage_error(tmp_path: Path) -> None:
    aln = write(tmp_path / "g.aln", "deal 1 dealer N\npoint NS\n")
    result = invoke(["validate", "--options", "mordienne,shouting", str(aln)])
    assert result.exit_code == 2
    assert "shouting" in result.stderr
    assert result.stdout == ""


def test_cli_unknown_rules_name_is_a_usage_error(tmp_path: Path) -> None:
    aln = write(tmp_path / "g.aln", "deal 1 dealer N\npoint NS\n")
    result = invoke(["report", "--rules", "nonesuch", str(aln)])
    assert result.exit_code == 2
    assert "nonesuch" in result.stderr


def test_cli_known_option_is_accepted(tmp_path: Path) -> None:
    aln = write(tmp_path / "g.aln", "deal 1 dealer N\nwinners: N S N S W E E E E\npoint EW 2\n")
    assert invoke(["validate", str(aln)]).exit_code == 1  # worth 1 without it
    result = invoke(["validate", "--options", "mordienne", str(aln)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("key", "value", "code", "at"),
    [
        ("name", "house\\u001b[31m", "001B", 6),
        ("name", "house\\nrules", "000A", 6),
        ("description", "right\\u202eto left", "202E", 6),
    ],
)
def test_an_unprintable_name_or_description_is_refused(
    key: str, value: str, code: str, at: int
) -> None:
    # Reports print both; an escape there would drive the reader's terminal.
    text = ruleset_text()
    old = 'name = "house"' if key == "name" else 'description = "Aces ranked by suit."'
    text = text.replace(old, f'{key} = "{value}"')
    with pytest.raises(RulesetError) as info:
        ruleset_from_toml(text, "house.toml")
    assert str(info.value) == (
        f"house.toml: '{key}' holds the unprintable character U+{code}"
        f" (character {at}); it must be printable text"
    )


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_refused(name: str) -> None:
    """It was accepted, and `rules` printed "Ruleset : ..." with no name."""
    text = ruleset_text().replace('name = "house"', f'name = "{name}"')
    with pytest.raises(RulesetError, match="'name' is empty; it names the rules in reports"):
        ruleset_from_toml(text, "house.toml")


def test_a_description_may_hold_line_breaks() -> None:
    text = ruleset_text().replace('"Aces ranked by suit."', '"one\\ntwo"')
    assert ruleset_from_toml(text, "house.toml").description == "one\ntwo"


def test_a_ruleset_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xef\xbb\xbf" + ruleset_text().encode("utf-8"))
    assert load_ruleset(str(path)).name == "house"
    checked = check(house_record("house.toml"), base=tmp_path)
    assert found(checked) == []


# --------------------------------------------------------------------------
# The Rules tag a generated record gets finds its file, or is refused


def test_a_ruleset_file_with_another_name_is_refused_as_a_record_would_refuse_it(
    tmp_path: Path,
) -> None:
    """generate and scorer wrote [Rules "h.toml"] for a file with a hard
    link, and validate then refused the record they wrote (A401, status 2)."""
    house = tmp_path / "h.toml"
    house.write_text((SAMPLES / "house-rules.toml").read_text(encoding="utf-8"), encoding="utf-8")
    out = str(tmp_path / "g.aln")
    assert rules_tag_for(str(house), out) == "h.toml"
    os.link(house, tmp_path / "h-copy.toml")
    with pytest.raises(ValueError, match=r"has other names \(hard links\).*would not find it"):
        rules_tag_for(str(house), out)
    for command in (["generate", "--games", "1"], ["scorer"]):
        result = invoke([*command, "--rules", str(house), "-o", out])
        assert result.exit_code == 2, result.output
        assert "hard links" in result.output
        assert not os.path.exists(out)


def test_a_ruleset_file_whose_name_begins_with_a_blank_is_refused(tmp_path: Path) -> None:
    """The reader takes a tag's value without its blanks: generate wrote
    [Rules " house.toml"] and validate read house.toml, another file or none.
    (A name that ends with a blank does not end in .toml: no ruleset file.)"""
    name = " house.toml"
    text = (SAMPLES / "house-rules.toml").read_text(encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / name.strip()).write_text(text.replace('"spoil"', '"cancel"'), encoding="utf-8")
    out = str(tmp_path / "g.aln")
    with pytest.raises(ValueError, match="begins or ends with a blank"):
        rules_tag_for(str(tmp_path / name), out)
    result = invoke(["generate", "--games", "1", "--rules", str(tmp_path / name), "-o", out])
    assert result.exit_code == 2 and "begins or ends with a blank" in result.output
    assert not os.path.exists(out)


def test_mordienne_is_refused_where_a_team_s_tricks_are_pooled(tmp_path: Path) -> None:
    """No player wins a team-tricks deal, so none makes a mordienne: a
    refusal gave the conceders 2 points whatever the play, and a deal was
    allowed a 2 no play could give it."""
    text = ruleset_text().replace('scoring = "most-tricks"', 'scoring = "team-tricks"')
    with pytest.raises(RulesetError, match=r"cannot hold mordienne under deal\.scoring"):
        load_text(tmp_path, text)
    load_text(tmp_path, text.replace('known = ["mordienne"]', "known = []"))


def test_the_rules_sheet_says_a_doubled_mordienne_is_worth_4(tmp_path: Path) -> None:
    from aluette_cli.writers.rulesheet import ruleset_text as sheet

    text = ruleset_text().replace(
        'scoring = "most-tricks"', 'scoring = "most-tricks"\ndoubles = true'
    )
    write(tmp_path / "d.toml", text)
    doubles = load_ruleset("d.toml", base=tmp_path)
    assert "the deal is then worth 2 points to whichever team takes it" in sheet(doubles)
    said = sheet(doubles.with_options(frozenset({"mordienne"})))
    # to the opponents too (docs/rules.md §11, 9): it said "2 points if it
    # takes the deal (4 with a mordienne), 2 to the opponents if not"
    assert "worth 2 points (4 with a mordienne) to whichever team takes it" in said


def test_an_unknown_option_names_the_option_it_is_close_to() -> None:
    with pytest.raises(RulesetError, match="for 'mordiene', did you mean 'mordienne'\\?"):
        load_ruleset("classic").with_options(frozenset({"mordiene"}))


@pytest.mark.parametrize(
    "written", ["mordienne chanter", "mordienne;chanter", "Mordienne / chanter"]
)
def test_options_run_together_are_told_to_be_separated_by_commas(written: str) -> None:
    """The closest single option ('mordienne') would drop the other one."""
    meant = "mordienne, chanter"
    with pytest.raises(RulesetError, match=f"for '{written}', did you mean '{meant}'\\?"):
        load_ruleset("classic").with_options(frozenset({written}))


def test_a_ruleset_that_cannot_be_loaded_holds_no_game_that_asked_for_it() -> None:
    """A record's unknown ruleset is looked up once a run, and its failure
    kept: raised again, the one kept gathered each raise's frames in its
    traceback, and with them every game that asked (convert, annotate and
    fmt grew by the whole model of each such game)."""
    import gc
    import io

    from aluette_cli.model import Game
    from aluette_cli.pipeline import check_source

    errors = []
    for _ in range(3):
        with pytest.raises(RulesetError) as raised:
            load_record_ruleset("no-such-rules", None)
        errors.append(raised.value)
    assert len({id(error) for error in errors}) == 3
    assert len({str(error) for error in errors}) == 1

    def alive() -> int:
        gc.collect()
        return sum(type(o) is Game for o in gc.get_objects())  # (no proxy looked into)

    before = alive()
    game = '[Rules "no-such-rules"]\n\ndeal 1 dealer S\nwinners: N E S W N E S W N\npoint NS\n\n'
    for checked in check_source(io.BytesIO((game * 200).encode())):
        assert checked.outcome.findings[0].code == "A401"
    checked = None
    assert alive() - before < 5


def test_a_ruleset_file_is_read_again_once_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files loaded were kept by the name given, for the process: an API
    user who edited the file, or changed folder, got the old rules without a
    word (a notebook, a service)."""
    for folder, target in (("a", "5"), ("b", "7")):
        (tmp_path / folder).mkdir()
        write(tmp_path / folder / "house.toml", ruleset_text(target=target))
    monkeypatch.chdir(tmp_path / "a")
    assert load_ruleset("house.toml").game_target == 5
    monkeypatch.chdir(tmp_path / "b")
    assert load_ruleset("house.toml").game_target == 7
    edited = ruleset_text(target="9")
    write(tmp_path / "b" / "house.toml", edited + "\n# edited\n")
    assert load_ruleset("house.toml").game_target == 9
    assert load_record_ruleset("house.toml", tmp_path / "a").game_target == 5
    write(tmp_path / "a" / "house.toml", edited + "\n# edited too\n")
    assert load_record_ruleset("house.toml", tmp_path / "a").game_target == 9
