"""``aluette explain``: each code's entry is its section of docs/violations.md."""

from __future__ import annotations

import re
from pathlib import Path

from aluette_cli.explain import entries, explain, listing, violations_text
from aluette_cli.findings import CODES

from .conftest import run, write


def test_explain_covers_every_code() -> None:
    found = entries()
    assert sorted(found) == sorted(CODES)
    for code, entry in found.items():
        assert entry.startswith(f"## {code} {CODES[code].title}\n"), code
        assert "**Meaning.**" in entry and "**Rule.**" in entry, code


def test_explain_prints_the_docs_entry() -> None:
    result = run("explain", "a203")
    assert result.exit_code == 0
    assert result.stdout.startswith("## A203 card not in the player's hand\n")
    assert "**Example.**" in result.stdout and "<!--" not in result.stdout
    unknown = run("explain", "A999")
    assert unknown.exit_code == 2 and "unknown code 'A999'" in unknown.stderr


def test_a_section_runs_to_the_next_heading_without_the_pages_comments() -> None:
    page = (
        "# Codes\n\nintro\n\n"
        "## A101 first\n<!-- example: a.aln -->\nbody one\n\n"
        "## A102 second\nbody two\n"
    )
    assert entries(page) == {
        "A101": "## A101 first\nbody one\n",
        "A102": "## A102 second\nbody two\n",
    }


def test_a_code_is_looked_up_in_any_case_and_spacing() -> None:
    assert explain(" a203\n") == explain("A203") != None  # noqa: E711
    assert explain("A999") is None
    assert explain("203") is None


def test_explain_without_a_code_lists_every_code_with_its_severity_and_title() -> None:
    result = run("explain")
    assert result.exit_code == 0
    assert result.stdout == listing()
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == sorted(CODES)
    assert "A203  error    card not in the player's hand" in lines
    assert "A403  warning  Date not in YYYY.MM.DD form" in lines


def test_an_example_made_from_the_reference_deal_shows_that_deal_and_can_be_tried(
    tmp_path: Path,
) -> None:
    """ "In the reference deal, line 7 has S play Vd": the deal stands once
    at the page's head, which ``explain`` did not print, and the example
    could not be tried from the terminal."""
    page = violations_text()
    made = set(re.findall(r"^## (A\d{3}) (?:(?!^## ).)*?= reference\.aln", page, re.M | re.S))
    assert {"A101", "A203", "A206", "A301"} <= made
    for code in made:
        said = explain(code)
        assert said is not None
        assert said.index("**The reference deal**") < said.index("**Example.**"), code
    # A203's, as a reader would build it: the deal, with its line 7 as shown
    said = explain("A203")
    assert said is not None
    deal = re.search(r"```\n( 1  deal 1 dealer S\n.*?)```", said, re.S)
    assert deal is not None
    lines = [line[4:] for line in deal.group(1).splitlines()]
    lines[6] = "1. W:1d N:Cd E:3b S:Vd -> W"
    assert lines[6] in said
    result = run("validate", write(tmp_path, "a203.aln", "\n".join(lines) + "\n"))
    assert [line.split()[1] for line in result.stdout.splitlines()] == ["A203"]
