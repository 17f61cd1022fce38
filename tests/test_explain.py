"""``aluette explain``: each code's entry is its section of docs/violations.md."""

from __future__ import annotations

from aluette_cli.explain import entries, explain, listing
from aluette_cli.findings import CODES

from .conftest import run


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
