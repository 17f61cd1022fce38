"""A deal written to JSON from its text must be the writer's JSON of it.

``convert`` to JSON or JSON Lines writes a deal the quick check finds right,
as the writer writes it, from a template (:mod:`aluette_cli.jsonstamp`),
and reads every other deal into the model; ``report --format json|jsonl``
writes every deal the quick check finds right from another, and replays
the others.  These tests convert or report each record twice, so and with
the quick check declining every deal, and compare the output byte for byte
and every finding; they also count the deals stamped, so that they cannot
pass by no deal's being stamped at all.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aluette_cli import quickcheck
from aluette_cli.convert import Unreadable, converted
from aluette_cli.pipeline import CheckedGame, RuleChoice, check_units
from aluette_cli.reading import read_units
from aluette_cli.render import render_report_json, report_keep

from .conftest import generated, run, run_noting_lark
from .test_quickcheck import MUTATION, hand_written, mutate, without_quick_check

FORMATS = ("json", "jsonl")
SAMPLES = Path(__file__).parent.parent / "samples"


def convert(text: str | bytes, to: str) -> tuple[str, list[object], int]:
    """``text`` converted: the output, every finding, and how many deals
    were stamped."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    out = io.StringIO(newline="")
    said: list[object] = []
    stamped = 0
    for item in converted(io.BytesIO(data), "g.aln", out, to, RuleChoice()):
        if isinstance(item, Unreadable):
            said.append(item.finding)
        else:
            assert isinstance(item, CheckedGame)
            said.append([f.format_line("g.aln") for f in item.outcome.findings])
            said.append(item.deals_read)
            stamped += len(item.stamped)
    return out.getvalue(), said, stamped


def same_both_ways(text: str | bytes, to: str) -> int:
    """Convert ``text`` with stamps and without; the number of deals stamped."""
    stamped_text, stamped_said, stamped = convert(text, to)
    with without_quick_check():
        read_text, read_said, none = convert(text, to)
    assert none == 0
    assert stamped_text == read_text
    assert stamped_said == read_said
    return stamped


def deals_in(text: str) -> int:
    return len(re.findall(r"(?m)^deal ", text))


def test_the_pattern_reads_what_the_template_takes() -> None:
    assert quickcheck._AS_WRITTEN.groups == quickcheck.AS_WRITTEN_GROUPS


@pytest.mark.parametrize("to", FORMATS)
@pytest.mark.parametrize(
    "flags",
    [
        (),
        ("--policy", "ties"),
        ("--rules", "team-five", "--policy", "ties"),
        ("--rules", "to-five-points"),
        ("--options", "chanter,signals,mordienne", "--policy", "ties"),
    ],
    ids=lambda f: " ".join(f) or "classic",
)
def test_stamped_deals_are_the_writers(flags: tuple[str, ...], to: str) -> None:
    text = generated(41, "--games", "5", *flags)
    stamped = same_both_ways(text, to)
    # The writer's layout: all nine tricks, and no line of an optional rule.
    optional = ("announce ", "chant ", "signal ", "concede ")
    as_written = sum(
        block.startswith("deal ")
        and sum(line[:1].isdigit() for line in block.split("\n")) == 9
        and not any(line.startswith(optional) for line in block.split("\n"))
        for block in text.split("\n\n")
    )
    assert stamped == as_written > 0


def rewrite(text: str, how: str, rng: random.Random) -> str:
    """The same games written otherwise, in ways the writer's layout allows
    or nearly allows."""
    lines = text.split("\n")
    out = []
    for line in lines:
        if how == "no claims" and line[:1].isdigit() and rng.random() < 0.5:
            line = line.split(" -> ")[0]
        elif how == "points" and line.startswith("point ") and line.count(" ") == 1:
            line += rng.choice([" 1", " 01", " 2"])
        elif how == "zeros" and line.startswith("deal "):
            line = line.replace("deal ", "deal 00", 1)
        elif how == "blanks" and line and not line.startswith("["):
            line += rng.choice(["", " ", "\t", "  \t"])
        elif how == "no tricks" and line[:1].isdigit() and line[:2] != "1.":
            continue
        out.append(line)
    if how == "seat order":
        for k in [k for k, line in enumerate(out) if line.startswith("deal ")]:
            out[k + 1 : k + 5] = out[k + 1 : k + 5][::-1]
    if how == "blank lines":
        return "\n\n\n".join(text.split("\n\n")) + "\n\n\n"
    if how == "crlf":
        return "\r\n".join(out)
    return "\n".join(out)


HOWS = ("no claims", "points", "zeros", "blanks", "no tricks", "seat order", "blank lines", "crlf")


@pytest.mark.parametrize("how", HOWS)
def test_deals_written_otherwise(how: str) -> None:
    text = rewrite(generated(42, "--games", "4", "--policy", "ties"), how, random.Random(7))
    stamped = same_both_ways(text, "json")
    assert same_both_ways(text, "jsonl") == stamped
    if how == "no tricks":
        assert stamped == 0
    elif how != "points":
        assert stamped == deals_in(text)  # the layout as the quick check reads it


def test_void_deals_and_wrong_points() -> None:
    """A void deal's ``point none``, and a point line the tricks contradict."""
    sample = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
    text = re.sub(r"[ \t]*\{[^}]*\}", "", sample)  # the sample's notes taken out
    assert "\npoint none\n" in text
    assert same_both_ways(text, "json") == deals_in(text)
    wrong = text.replace("\npoint N", "\npoint EW", 1)
    assert wrong != text
    assert same_both_ways(wrong, "json") == deals_in(text) - 1


def test_a_deal_read_between_stamped_ones_keeps_its_place() -> None:
    text = generated(44, "--games", "1")
    blocks = text.split("\n\n")
    deal = next(k for k, b in enumerate(blocks) if b.startswith("deal 2 "))
    blocks[deal] = blocks[deal].replace("\n", " {a note}\n", 1)
    text = "\n\n".join(blocks)
    assert same_both_ways(text, "json") == same_both_ways(text, "jsonl") == deals_in(text) - 1


@pytest.mark.parametrize("to", FORMATS)
def test_a_game_without_deals(to: str) -> None:
    text = '[Event "empty"]\n\n' + generated(45, "--games", "1")
    assert same_both_ways(text, to) == deals_in(text)


def test_hand_written_and_annotated_deals_are_read(tmp_path: pytest.TempPathFactory) -> None:
    text = generated(46, "--games", "3", "--policy", "ties")
    assert same_both_ways(hand_written(text, random.Random(5)), "json") == 0
    path = tmp_path / "g.aln"  # type: ignore[operator]
    path.write_text(text)
    annotated = run("annotate", str(path)).stdout
    assert "{=" in annotated
    assert same_both_ways(annotated, "jsonl") == 0


@settings(max_examples=60, deadline=None)
@given(*MUTATION, st.sampled_from(FORMATS))
def test_one_mutation_is_converted_as_the_reader_reads_it(
    text: str, kind: str, rng: random.Random, to: str
) -> None:
    same_both_ways(mutate(text, kind, rng), to)


def test_the_template_is_the_writers_not_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key the writer adds to every deal appears in every stamped deal."""
    from aluette_cli import jsonmodel, jsonstamp

    original = jsonmodel.deal_to_dict

    def with_key(deal: object) -> dict[str, object]:
        return {**original(deal), "new": 1}  # type: ignore[arg-type]

    monkeypatch.setattr(jsonmodel, "deal_to_dict", with_key)
    monkeypatch.setattr(jsonstamp, "deal_to_dict", with_key)
    jsonstamp.template.cache_clear()
    try:
        text = generated(47, "--games", "1")
        out, _, stamped = convert(text, "json")
        assert stamped == deals_in(text) > 0
        assert out.count('"new": 1') == stamped
    finally:
        jsonstamp.template.cache_clear()


# --------------------------------------------------------------------------
# The report's JSON


def report(text: str | bytes, fmt: str, *flags: str) -> tuple[str, str, int]:
    """``aluette report --format FMT FLAGS -`` on ``text``: its output, its
    error output and its exit status."""
    result = run("report", "--format", fmt, *flags, "-", input=text)
    return result.stdout, result.stderr, result.exit_code


def reported_both_ways(text: str | bytes, *flags: str) -> int:
    """Report ``text`` as JSON and JSON Lines with stamps and without; the
    number of deals stamped."""
    for fmt in FORMATS:
        stamped = report(text, fmt, *flags)
        with without_quick_check():
            read = report(text, fmt, *flags)
        assert stamped == read
    data = text.encode("utf-8") if isinstance(text, str) else text
    games = check_units(read_units([data]), keep=report_keep(render_report_json))
    return sum(len(game.stamped) for game in games)


def test_reported_deals_are_the_writers() -> None:
    text = generated(51, "--games", "5", "--policy", "ties")
    assert reported_both_ways(text) == deals_in(text)


@pytest.mark.parametrize(
    "flags",
    [
        ("--rules", "team-five", "--policy", "ties"),
        ("--rules", "to-five-points"),
        ("--options", "chanter,signals,mordienne", "--policy", "ties"),
    ],
    ids=" ".join,
)
def test_reported_deals_under_every_ruleset(flags: tuple[str, ...]) -> None:
    """Tricks stopped early, ties cancelled, mordiennes, deals with lines of
    the optional rules (read, not stamped)."""
    text = generated(52, "--games", "5", *flags)
    assert reported_both_ways(text, *flags[:2]) > 0


@pytest.mark.parametrize("how", HOWS)
def test_reported_deals_written_otherwise(how: str) -> None:
    text = rewrite(generated(53, "--games", "3", "--policy", "ties"), how, random.Random(8))
    stamped = reported_both_ways(text)
    if how == "no tricks":
        assert stamped == 0
    elif how != "points":
        assert stamped == deals_in(text)


def test_commented_and_hand_written_deals_are_reported_from_their_text(
    tmp_path: pytest.TempPathFactory,
) -> None:
    """Unlike convert's, the report's stamp takes any deal the quick check
    vouches for: comments, aliases and cards-only lines say nothing in it."""
    text = generated(54, "--games", "3", "--policy", "ties")
    path = tmp_path / "g.aln"  # type: ignore[operator]
    path.write_text(text)
    annotated = run("annotate", str(path)).stdout
    assert "{=" in annotated
    assert reported_both_ways(annotated) == deals_in(text)
    assert reported_both_ways(hand_written(text, random.Random(6))) > 0


def test_void_deals_wrong_points_and_samples() -> None:
    for sample in sorted(SAMPLES.glob("*.aln")):
        reported_both_ways(sample.read_bytes())
    text = re.sub(r"[ \t]*\{[^}]*\}", "", (SAMPLES / "classic-game.aln").read_text("utf-8"))
    assert "\npoint none\n" in text
    assert reported_both_ways(text) == deals_in(text)
    wrong = text.replace("\npoint N", "\npoint EW", 1)
    assert reported_both_ways(wrong) == deals_in(text) - 1


def test_a_deal_replayed_between_stamped_ones_keeps_its_place() -> None:
    text = generated(55, "--games", "2")
    blocks = text.split("\n\n")
    deal = next(k for k, b in enumerate(blocks) if b.startswith("deal 2 "))
    blocks[deal] = blocks[deal].replace(" -> ", " -> pourri ", 1)  # a claim it cannot read
    text = "\n\n".join(blocks)
    assert reported_both_ways(text) == deals_in(text) - 1


def test_reported_with_two_processes(tmp_path: pytest.TempPathFactory) -> None:
    """The stamp goes to the workers with what they keep."""
    text = generated(56, "--games", "40")
    path = tmp_path / "g.aln"  # type: ignore[operator]
    path.write_text(text)
    for fmt in FORMATS:
        one = run("report", "--format", fmt, str(path))
        with without_quick_check():
            read = run("report", "--format", fmt, str(path))
        two = run("report", "--format", fmt, "-j", "2", str(path))
        assert one.stdout == two.stdout == read.stdout
        assert one.exit_code == two.exit_code == read.exit_code == 0


def test_a_deal_after_the_game_s_end_is_reported_as_the_replay_reports_it() -> None:
    """A deal right in itself, played after the game was over: its JSON says
    it is not counted (A106) whether or not the quick check could vouch for
    it, so the quick check leaves it to the replay."""
    text = generated(3, "--games", "1")
    deals = re.findall(r"(?ms)^deal \d+ dealer [NESW]\n.*?(?=^deal |\Z)", text)
    numbers = [int(d.split()[1]) for d in deals]
    # a deal after the last, dealt by the seat on the last dealer's left: one
    # of the game's own deals that seat dealt, renumbered, right in itself
    last = deals[-1].split()[3]
    left = "NESW"[("NESW".index(last) + 1) % 4]
    dealt = next(d for d in deals if d.split()[3] == left)
    again = re.sub(r"^deal \d+", f"deal {numbers[-1] + 1}", dealt)
    extra = text.rstrip("\n") + "\n\n" + again
    reported_both_ways(extra)
    out, _, _ = report(extra, "json")
    assert '"counted": false' in out


@settings(max_examples=40, deadline=None)
@given(*MUTATION)
def test_one_mutation_is_reported_as_the_replay_reports_it(
    text: str, kind: str, rng: random.Random
) -> None:
    reported_both_ways(mutate(text, kind, rng))


def test_the_report_template_is_the_writers_not_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key the report writer adds to every deal, and one to every trick,
    appear in every stamped deal."""
    from aluette_cli import jsonstamp
    from aluette_cli.writers import report as writer

    deal_dict, trick_dict = writer.deal_dict, writer.trick_dict
    monkeypatch.setattr(writer, "deal_dict", lambda deal: {**deal_dict(deal), "new": 1})
    monkeypatch.setattr(writer, "trick_dict", lambda trick: {**trick_dict(trick), "old": 2})
    jsonstamp.report_template.cache_clear()
    try:
        text = generated(57, "--games", "1")
        out, _, status = report(text, "json")
        assert status == 0
        assert out.count('"new": 1') == deals_in(text) > 0
        assert out.count('"old": 2') == 9 * deals_in(text)
    finally:
        jsonstamp.report_template.cache_clear()


def test_converting_a_plain_record_to_json_imports_no_parser(tmp_path: Path) -> None:
    # The template is made from its sample by the fast path: a record in
    # the writer's layout converts without loading the grammar.
    record = tmp_path / "plain.aln"
    made = run_noting_lark("generate", "--games", "2", "--seed", "3", "-o", record)
    assert made.stdout.split()[-3:-1] == ["exit", "0"], made.stdout + made.stderr
    out = run_noting_lark("convert", record, "--to", "json", "-o", tmp_path / "plain.json")
    assert out.stdout.split()[-3:] == ["exit", "0", "False"], out.stdout + out.stderr
    assert (tmp_path / "plain.json").stat().st_size > 0
