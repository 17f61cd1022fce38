"""What a command makes of the findings (``aluette_cli/verdict.py``): which
it keeps and the exit status they give.

The exit statuses are the contract scripts and CI pipelines are built on
(docs/cli.md, The contract), and ``--select``/``--ignore`` decide which
findings reach them, so both are held here on findings made by hand,
without reading a record.  What the command line does with a whole file is
``tests/test_daily.py``'s.  Severities and kinds are those of the table of
docs/violations.md: A003, A403, A404, A406, A409 and A421 are warnings,
A401 is the one configuration finding, the others here are errors.
"""

from __future__ import annotations

import re

import pytest

from aluette_cli.findings import Finding
from aluette_cli.verdict import EXIT_INVALID, EXIT_OK, EXIT_USAGE, Selection, exit_status


def found(*codes: str) -> list[Finding]:
    """Findings as bare as can be: only a finding's code decides whether it is
    kept and what status it gives, so nothing else is made up."""
    return [Finding(code, "a finding", line, 1) for line, code in enumerate(codes, 1)]


def kept(selection: Selection, *codes: str) -> list[str]:
    return [f.code for f in found(*codes) if selection.keeps(f)]


# A file's worth of findings: two play errors, a claim, a warning, an error
# of the deal and one of reading.
MIXED = ("A001", "A105", "A202", "A203", "A301", "A403")

# --------------------------------------------------------------------------
# Which findings are kept


def test_with_no_entry_every_finding_is_kept_and_the_selection_is_empty() -> None:
    selection = Selection()
    assert kept(selection, *MIXED) == list(MIXED)
    assert not selection


@pytest.mark.parametrize(
    ("select", "ignore", "codes"),
    [
        (["A203"], [], ["A203"]),  # one code
        (["A2"], [], ["A202", "A203"]),  # a prefix: every play finding
        (["A20"], [], ["A202", "A203"]),
        (["A0"], [], ["A001"]),  # reading the text
        (["warning"], [], ["A403"]),  # a severity
        (["error"], [], ["A001", "A105", "A202", "A203", "A301"]),
        (["A1", "A3"], [], ["A105", "A301"]),  # several entries: any one keeps
        ([], ["A2"], ["A001", "A105", "A301", "A403"]),
        ([], ["warning"], ["A001", "A105", "A202", "A203", "A301"]),  # errors only
        ([], ["A"], []),  # every code begins with A
    ],
)
def test_a_finding_is_kept_when_an_entry_selects_it_and_none_ignores_it(
    select: list[str], ignore: list[str], codes: list[str]
) -> None:
    assert kept(Selection(select, ignore), *MIXED) == codes


def test_ignoring_is_the_last_word_over_selecting() -> None:
    # docs/cli.md's own example: --select A2 --ignore A205.
    assert kept(Selection(["A2"], ["A205"]), "A203", "A205", "A206", "A301") == ["A203", "A206"]
    # A finding both selected and ignored by name is left out too.
    assert kept(Selection(["A203"], ["A203"]), "A203") == []
    assert kept(Selection(["error"], ["A3"]), "A203", "A301", "A403") == ["A203"]


@pytest.mark.parametrize(
    ("select", "ignore", "truth"),
    [([], [], False), (["A203"], [], True), ([], ["A4"], True), (["error"], ["A2"], True)],
)
def test_a_selection_is_true_when_it_has_any_entry(
    select: list[str], ignore: list[str], truth: bool
) -> None:
    assert bool(Selection(select, ignore)) is truth


# --------------------------------------------------------------------------
# Spelling the entries


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        ("A203", "A203"),
        ("a203", "A203"),  # codes in any case
        ("a2", "A2"),
        (" A3 ", "A3"),  # "--select A2, A3" leaves a space before A3
        ("Warning", "warning"),  # severities too
        ("ERROR", "error"),
        ("a", "A"),
    ],
)
def test_an_entry_is_kept_in_its_canonical_spelling(raw: str, canonical: str) -> None:
    assert Selection([raw]).select == (canonical,)
    assert Selection(ignore=[raw]).ignore == (canonical,)


def test_entries_in_any_case_choose_the_same_findings() -> None:
    assert kept(Selection([" a2", "WARNING"]), *MIXED) == ["A202", "A203", "A403"]


@pytest.mark.parametrize(
    "raw",
    [
        "A999",  # no such code
        "A5",  # no A5xx code
        "A2031",  # longer than any code
        "B2",
        "2",  # the A is part of the code
        "warnings",  # a severity misspelt
        "warn",  # or cut short
        "",  # an empty entry names nothing
        "   ",
    ],
)
def test_an_entry_that_names_nothing_is_refused_by_name(raw: str) -> None:
    # A typo would otherwise select nothing and pass every check.
    with pytest.raises(ValueError, match=rf"^{re.escape(repr(raw))} is neither a code"):
        Selection([raw])
    with pytest.raises(ValueError, match=rf"^{re.escape(repr(raw))} .* nor a severity"):
        Selection(ignore=["A2", raw])


# --------------------------------------------------------------------------
# The exit status (docs/cli.md, Exit status; docs/violations.md)


def test_the_statuses_are_those_of_the_contract() -> None:
    assert (EXIT_OK, EXIT_INVALID, EXIT_USAGE) == (0, 1, 2)


@pytest.mark.parametrize(
    ("codes", "status"),
    [
        ((), 0),  # nothing found: valid
        (("A403",), 0),  # warnings alone leave the status at 0
        (("A403", "A404", "A406", "A421", "A409", "A003"), 0),
        (("A203",), 1),  # a rule violation
        (("A001",), 1),  # a syntax error
        (("A403", "A301", "A404"), 1),  # one error among warnings
        (("A401",), 2),  # a ruleset the tool does not have
        (("A203", "A401"), 2),  # the highest status, whichever comes first
        (("A401", "A203"), 2),
        (("A403", "A401", "A404"), 2),
    ],
)
def test_the_worst_finding_decides_the_status(codes: tuple[str, ...], status: int) -> None:
    assert exit_status(found(*codes)) == status


def test_the_findings_may_come_one_at_a_time() -> None:
    # Status.account hands over a list, filejobs a game's findings: any iterable.
    assert exit_status(iter(found("A403", "A203"))) == 1
    assert exit_status(f for f in found("A404", "A401")) == 2


def test_a_selected_warning_alone_passes() -> None:
    # docs/cli.md: "--select A403 passes (status 0) when only that warning is found".
    selection = Selection(["A403"])
    shown = [f for f in found("A203", "A403", "A301") if selection.keeps(f)]
    assert [f.code for f in shown] == ["A403"]
    assert exit_status(shown) == 0
