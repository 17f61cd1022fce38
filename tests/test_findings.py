"""Findings carry facts; their sentences come from one table of templates,
and docs/violations.md lists that table."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from aluette_cli import findings as F
from aluette_cli.findings import CODES, TEMPLATES, Finding, Kind, templates_markdown
from aluette_cli.pipeline import check_source
from aluette_cli.wording import fill

ROOT = Path(__file__).resolve().parent.parent
START = "<!-- templates: generated from aluette_cli.findings.TEMPLATES -->\n"
END = "<!-- end of templates -->"


def test_docs_list_the_template_table() -> None:
    doc = (ROOT / "docs" / "violations.md").read_text("utf-8")
    listed = doc[doc.index(START) + len(START) : doc.index(END)]
    assert listed == templates_markdown()


def test_every_rule_and_config_code_has_templates() -> None:
    for code, info in CODES.items():
        if info.kind in (Kind.SYNTAX, Kind.INPUT):
            assert code not in TEMPLATES  # the reader words these itself
        else:
            assert TEMPLATES.get(code), code


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_templates_name_only_simple_facts(code: str) -> None:
    """A template is filled with facts, not phrases made elsewhere: each field
    is a plain name with one of the known format specs."""
    for template in TEMPLATES[code].values():
        for _, field, spec, _ in string.Formatter().parse(template):
            if field is None:
                continue
            assert field.isidentifier(), (code, field)
            assert spec in ("", "and", "or", "named") or spec.startswith("plural "), spec


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
        "file", "line", "column", "code", "severity", "message", "game", "deal", "trick"
    }
