"""Findings carry facts; their sentences come from one table of templates,
and docs/violations.md lists that table."""

from __future__ import annotations

import ast
import io
import string
from pathlib import Path

import pytest

from aluette_cli import findings as F
from aluette_cli.findings import CODES, TEMPLATES, Finding, shorten, templates_markdown, visible
from aluette_cli.pipeline import check_source
from aluette_cli.wording import fill
from aluette_cli.writers.report import game_text

ROOT = Path(__file__).resolve().parent.parent
START = "<!-- templates: generated from aluette_cli.findings.TEMPLATES -->\n"
END = "<!-- end of templates -->"


def test_docs_list_the_template_table() -> None:
    doc = (ROOT / "docs" / "violations.md").read_text("utf-8")
    listed = doc[doc.index(START) + len(START) : doc.index(END)]
    assert listed == templates_markdown()


def test_every_code_has_templates() -> None:
    """The reader's findings and the unreadable file's too: no finding is
    worded anywhere but in the table."""
    for code in CODES:
        assert TEMPLATES.get(code), code


def _finding_calls() -> list[tuple[str, int, ast.Call]]:
    """Every ``Finding(...)`` made outside findings.py, with where it is."""
    calls = []
    for path in sorted((ROOT / "aluette_cli").rglob("*.py")):
        if path.name == "findings.py" and path.parent.name == "aluette_cli":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Finding"
            ):
                calls.append((str(path.relative_to(ROOT)), node.lineno, node))
    return calls


def test_no_finding_is_worded_outside_the_table() -> None:
    """A finding is made by ``Finding.of`` from its code's template; outside
    findings.py, ``Finding(...)`` only copies the message of one so made."""
    worded = []
    for where, line, call in _finding_calls():
        message = call.args[1] if len(call.args) > 1 else None
        copied = isinstance(message, ast.Attribute) and message.attr == "message"
        if not copied:
            worded.append(f"{where}:{line}: {ast.unparse(call)[:80]}")
    assert not worded, "\n".join(worded)


def test_the_readers_findings_say_what_they_said() -> None:
    """The reader's findings, now filled from the table, read as before."""
    assert fill(TEMPLATES[F.UNCLOSED_COMMENT][""], {}) == (
        "this brace comment is never closed: its closing brace is missing"
    )
    assert fill(TEMPLATES[F.BAD_ENCODING][""], {"byte": 0xFF, "offset": 7}) == (
        "byte 0xff at byte offset 7 is not valid UTF-8; read as U+FFFD"
    )
    line = {"limit": 1_000_000, "skipped": 12_345, "stop": 64}
    assert fill(TEMPLATES[F.OVER_LIMIT]["line-stop"], line) == (
        "this line is longer than the limit of 1,000,000 bytes; the 12,345 bytes after the"
        " limit are skipped; reading stops here, 64 MiB into the line"
    )
    assert fill(TEMPLATES[F.FILE_UNREADABLE][""], {"file": "a.aln", "reason": "gone"}) == (
        "cannot read a.aln: gone"
    )
    (checked,) = check_source([b'[Event "x"]\n\ndeal 1 dealer W\nN: 3d Rc\n1. N:3d E:Xx\n'])
    (syntax,) = [f for f in checked.outcome.findings if f.code == F.SYNTAX_ERROR]
    assert syntax.message.startswith("found ")
    assert syntax.message.endswith(
        "; this line cannot be read, it is skipped; the rest of the deal is read"
    )
    assert set(syntax.facts) == {"found", "expected"}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_templates_name_only_simple_facts(code: str) -> None:
    """A template is filled with facts, not phrases made elsewhere: each field
    is a plain name with one of the known format specs."""
    for template in TEMPLATES[code].values():
        for _, field, spec, _ in string.Formatter().parse(template):
            if field is None:
                continue
            assert field.isidentifier(), (code, field)
            known = ("", "and", "or", "named", ",", "02x")  # and str.format's thousands, hex
            assert spec in known or spec.startswith(("plural ", "plural, ")), spec


def test_a_finding_is_its_facts_said_in_the_template() -> None:
    record = b"""[Event "x"]

deal 1 dealer W
N: 3d Rc 9e 7b 1d 4c Vd 5e 2b
1. N:3d E:8d S:6e W:3b -> E
"""
    (checked,) = check_source([record])
    wrong = [f for f in checked.outcome.findings if f.code == F.TRICK_CLAIM]
    assert len(wrong) == 1
    finding = wrong[0]
    assert dict(finding.facts) == {
        "trick": 1,
        "claimed": "for E",
        "winner": "N",
        "card": "3d",
    }
    assert finding.message == fill(TEMPLATES[F.TRICK_CLAIM]["winner"], finding.facts)
    assert finding.message == "trick 1 is claimed for E, but N's 3d (monsieur) is the highest card"


def test_facts_do_not_change_equality_or_the_json_shape() -> None:
    a = Finding.of(F.TRICK_NUMBER, "", 3, 1, 1, 2, 5, number=4, expected=5)
    b = Finding(F.TRICK_NUMBER, "trick 4 should be trick 5", 3, 1, 1, 2, 5)
    assert a == b
    assert set(a.as_dict("f")) == {
        "file",
        "line",
        "column",
        "code",
        "severity",
        "message",
        "game",
        "deal",
        "trick",
    }


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("'" + "x" * 10_000 + "'", "'" + "x" * 40 + "…' (10,000 characters)"),
        ('"' + "y" * 70 + '";', '"' + "y" * 40 + '…" (70 characters);'),
        ("z" * 70 + ",", "z" * 40 + "… (71 characters)"),
        ("'" + "w" * 70, "'" + "w" * 39 + "… (71 characters)"),
    ],
    ids=["quoted", "quoted then punctuation", "bare", "a quote never closed"],
)
def test_a_long_quoted_value_keeps_its_quotes_and_its_own_length(word: str, said: str) -> None:
    """A 10,000-character tag value was said as ``'xxx… (10,002
    characters)``: its closing quote cut away, and the quotes counted."""
    assert shorten(f"unknown ruleset {word} (presets: a, b)") == (
        f"unknown ruleset {said} (presets: a, b)"
    )


@pytest.mark.parametrize("mark", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c"])
def test_a_mark_that_turns_the_direction_of_text_is_written_as_an_escape(mark: str) -> None:
    """After U+202E a terminal shows the rest of the line backwards: a tag
    value could make a report or a finding line show other words than it
    holds.  Accented letters and tabs stay as they are."""
    assert visible(f"É{mark}\tb") == f"É\\u{ord(mark):04x}\tb"
    record = f'[Event "a{mark}b"]\n\ndeal 1 dealer W\npoint NS\n'.encode()
    (game,) = list(check_source(io.BytesIO(record)))
    assert f"Game 1: a\\u{ord(mark):04x}b" in game_text(game, "t.aln")


def test_a_finding_marked_after_its_cause_was_held_follows_the_cause_s_root() -> None:
    """A cause held from before it was marked itself (the replay keeps the
    finding it raised) still leads to the first to fix: a chain of marks
    named a finding that was itself marked."""
    flag = F.Flags(1)
    size = flag(F.TRICK_SIZE, "", (14, 1), 1, 8, trick=8, count=5)
    turn = flag(F.OUT_OF_TURN, "fifth", (14, 24), 1, 8, seat="S", trick=8)
    flag.follows(turn, size)  # ``turn`` is now a stale copy of the marked one
    claim = flag(
        F.TRICK_CLAIM, "winner", (14, 29), 1, 8, trick=8, claimed="for N", winner="S", card="2c"
    )
    flag.follows(claim, turn)
    assert [f.consequence_of for f in flag.found] == [None, ("A205", 14, 1), ("A205", 14, 1)]


def test_findings_marked_after_a_finding_that_is_marked_later_follow_its_root() -> None:
    """A claim marked as following a card fault, which a later look at the
    whole deal finds to follow an earlier card fault (two cards written in
    each other's hand lines): the claim names the earlier one, the first to
    fix, not the fault that is now marked itself."""
    flag = F.Flags(1)
    first = flag(F.NOT_IN_HAND, "dealt", (9, 14), 1, 1, card="8c", seat="E", holder="S")
    second = flag(F.NOT_IN_HAND, "dealt", (11, 4), 1, 3, card="5e", seat="S", holder="E")
    claim = flag(
        F.TRICK_CLAIM, "winner", (11, 24), 1, 3, trick=3, claimed="for N", winner="S", card="5e"
    )
    flag.follows(claim, second)
    flag.follows(second, first)
    assert [f.consequence_of for f in flag.found] == [None, ("A203", 9, 14), ("A203", 9, 14)]
    # and a finding marked later as following the held, stale copy of the
    # second fault names the first too
    again = flag(
        F.TRICK_CLAIM, "winner", (12, 24), 1, 4, trick=4, claimed="for N", winner="S", card="5e"
    )
    assert flag.follows(again, second).consequence_of == ("A203", 9, 14)


def test_findings_dropped_are_forgotten_with_what_they_followed() -> None:
    """A deal replayed again takes back what it said (Flags.drop): a
    finding raised afresh at a dropped one's place, and marked, follows
    its own cause, not the dropped finding's."""
    flag = F.Flags(1)
    kept = flag(F.DEAL_NUMBER, "first", (1, 1), 1, number=2, expected=1)
    size = flag(F.TRICK_SIZE, "", (14, 1), 1, 8, trick=8, count=5)
    turn = flag(F.OUT_OF_TURN, "fifth", (14, 24), 1, 8, seat="S", trick=8)
    flag.follows(turn, size)
    flag.drop(1)
    assert flag.found == [kept]
    fault = flag(F.NOT_IN_HAND, "dealt", (9, 14), 1, 1, card="8c", seat="E", holder="S")
    turn = flag(F.OUT_OF_TURN, "fifth", (14, 24), 1, 8, seat="S", trick=8)
    claim = flag(
        F.TRICK_CLAIM, "winner", (14, 29), 1, 8, trick=8, claimed="for N", winner="S", card="2c"
    )
    flag.follows(claim, turn)  # (turn, raised afresh, follows nothing)
    assert flag.found[-1].consequence_of == ("A202", 14, 24)
    assert fault.consequence_of is None
