"""The documentation stands on its own: every page, section and anchor cited exists.

A user of the installed tool has the repository's pages and nothing else, so
a comment, docstring, help text, sample or page that sends the reader to a
page the repository does not hold sends them nowhere.  Three checks, over
every file of the repository:

- every Markdown page named (``notation.md``, ``docs/rules.md``,
  ``../samples/README.md``) is a file of the repository;
- every cited section (``docs/rules.md §4``, ``notation.md §1-4``,
  ``rules.md §2, §4``; in the pages, a bare ``§5`` of the page itself or of
  the page its link points to) is a numbered section (``## 4. ...``) of that
  page in docs/;
- every link to an anchor of a page (``[§8](notation.md#8-how-...)``,
  ``(#the-contract)``) names a heading of that page, as a Markdown host
  turns headings into anchors.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ROOT

DOCS = ROOT / "docs"
# What the repository never holds, whether or not git can list its files.
SKIPPED_DIRS = {
    ".git",
    ".venv",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".mypy_cache",
    ".hypothesis",
    "build",
    "dist",
    "corpora",
}


def repository_files() -> list[Path]:
    """The files of the repository: git's list where there is one, else the tree."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z"],
            capture_output=True,
            check=True,
            timeout=30,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        listed = b""
    if listed:
        paths = [ROOT / os.fsdecode(name) for name in listed.split(b"\0") if name]
        return sorted(p for p in paths if p.is_file())
    found: list[Path] = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        found.extend(Path(folder) / name for name in names)
    return sorted(found)


FILES = repository_files()


def text_of(path: Path) -> str | None:
    """The file as text (a bad byte, as in a sample made to have one, costs one
    character), or None for a binary file."""
    data = path.read_bytes()
    return None if b"\0" in data else data.decode("utf-8", errors="replace")


TEXTS = {path: text for path in FILES if (text := text_of(path)) is not None}


def where(path: Path, text: str, offset: int) -> str:
    return f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, offset) + 1}"


# --------------------------------------------------------------------------
# Pages named

PAGE_NAME = re.compile(r"(?<![\w./-])([\w./-]*[\w-])\.md\b")


def test_every_markdown_page_named_is_in_the_repository() -> None:
    held = {path.name for path in FILES}
    missing = [
        f"{where(path, text, m.start())}: {m.group()} is not a file of the repository"
        for path, text in TEXTS.items()
        for m in PAGE_NAME.finditer(text)
        if Path(m.group()).name not in held
    ]
    assert missing == []


def test_the_specifications_are_pages_of_the_repository() -> None:
    """The names once used for the specifications kept outside the repository
    are not files of it, so the test above finds any citation of them."""
    held = {path.name for path in FILES}
    outside = [f"{name}.md" for name in ("NOTATION", "RULES", "CLI_CONTRACT", "DESIGN")]
    assert [name for name in outside if name in held] == []
    # Names put together, so that the check above does not read them here.
    cited = f"see {outside[0]} §6 and docs/rules.md §4"
    assert [m.group() for m in PAGE_NAME.finditer(cited)] == [outside[0], "docs/rules.md"]
    for page in ("notation.md", "rules.md", "cli.md"):
        assert (DOCS / page).is_file()


# --------------------------------------------------------------------------
# Sections cited

SECTION = r"§(\d+)(?:\s*[–-]\s*§?(\d+))?"
# "docs/rules.md §4", "`rules.md` §1–2", "notation.md §1-4", "rules.md §2, §4".
NAMED = re.compile(rf"(?<![\w./-])(?:[\w./-]*/)?(\w+)\.md`?\s*({SECTION}(?:,\s*{SECTION})*)")
BARE = re.compile(SECTION)
# A Markdown link: its text and its target.
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def numbered_sections(page: str) -> set[int]:
    """The numbers of a docs page's numbered sections, ``## 4. Deals``."""
    path = DOCS / page
    if not path.is_file():
        return set()
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {int(n) for n in re.findall(r"^## (\d+)\. ", text, re.M)}


def cited_numbers(sections: str) -> list[int]:
    numbers: list[int] = []
    for m in BARE.finditer(sections):
        numbers.extend(int(n) for n in m.groups() if n is not None)
    return numbers


def citations(path: Path, text: str) -> Iterator[tuple[int, str, int]]:
    """(offset, page, section number) of each section the text cites."""
    named_spans: list[tuple[int, int]] = []
    for m in NAMED.finditer(text):
        named_spans.append(m.span())
        for number in cited_numbers(m.group(2)):
            yield m.start(), f"{m.group(1)}.md", number
    if path.parent != DOCS or path.suffix != ".md":
        return
    # In a page, a bare "§5" is a section of the page its link points to, or
    # else of the page itself ("the deal of §4", "[§1](#1-lexical-rules)").
    links = [(m.span(), m.group(2)) for m in LINK.finditer(text)]
    for m in BARE.finditer(text):
        if any(a <= m.start() < b for a, b in named_spans):
            continue
        page = path.name
        for (a, b), target in links:
            if a <= m.start() < b and target.split("#")[0]:
                page = Path(target.split("#")[0]).name
        for number in cited_numbers(m.group()):
            yield m.start(), page, number


def test_every_section_cited_exists() -> None:
    wrong = [
        f"{where(path, text, offset)}: {page} §{number}: docs/{page} has sections {sorted(have)}"
        for path, text in TEXTS.items()
        for offset, page, number in citations(path, text)
        if number not in (have := numbered_sections(page))
    ]
    assert wrong == []


def test_the_section_check_reads_every_form() -> None:
    page = DOCS / "notation.md"
    sample = "docs/rules.md §2, §4-5 and `rules.md` §1–2; see [§8](notation.md#x) or §3"
    found = [(p, n) for _, p, n in citations(page, sample)]
    assert found == [
        ("rules.md", 2),
        ("rules.md", 4),
        ("rules.md", 5),
        ("rules.md", 1),
        ("rules.md", 2),
        ("notation.md", 8),
        ("notation.md", 3),
    ]
    # Outside the pages, only named citations count.
    assert [(p, n) for _, p, n in citations(ROOT / "x.py", "the §4 example")] == []
    assert numbered_sections("rules.md") >= set(range(1, 8))
    assert numbered_sections("notation.md") >= set(range(1, 12))
    assert numbered_sections("nosuch" + ".md") == set()  # apart, or the name check reads it


# --------------------------------------------------------------------------
# Anchors linked


def slug(heading: str) -> str:
    """The anchor a Markdown host (GitHub) gives a heading."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+?)\s*$", text, re.M):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    # an explicit anchor (<a id="...">) names a paragraph, as a heading would
    found.update(re.findall(r'<a id="([^"]+)"></a>', text))
    return found


MARKDOWN = [path for path in TEXTS if path.suffix == ".md"]


@pytest.mark.parametrize("path", MARKDOWN, ids=[str(p.relative_to(ROOT)) for p in MARKDOWN])
def test_every_anchor_linked_exists(path: Path) -> None:
    text = FENCE.sub(lambda m: "\n" * m.group().count("\n"), TEXTS[path])
    wrong = []
    for m in LINK.finditer(text):
        target, _, anchor = m.group(2).partition("#")
        if not anchor or "://" in target:
            continue
        linked = (path.parent / target).resolve() if target else path
        if not linked.is_file():
            wrong.append(f"{where(path, text, m.start())}: {m.group(2)}: no such file")
        elif anchor not in anchors(linked):
            wrong.append(f"{where(path, text, m.start())}: {m.group(2)}: no such heading")
    assert wrong == []


def test_slugs_are_those_of_a_markdown_host() -> None:
    assert slug("8. How the reader recovers from errors") == "8-how-the-reader-recovers-from-errors"
    assert (
        slug("The partnership draw — rules `draw` and `draw_card`")
        == "the-partnership-draw--rules-draw-and-draw_card"
    )
    assert slug("A306 finished game with Result *") == "a306-finished-game-with-result-"
    assert slug("`report --format json`") == "report---format-json"


# --------------------------------------------------------------------------
# docs/design.md, "Where the tests are": every module has a test file of
# its name or a row of the table that says where it is tested


def map_of_tests(text: str | None = None) -> tuple[set[str], list[str]]:
    """The modules the table of ``text`` (design.md's by default) names, and
    the test files it names that do not exist."""
    page = text if text is not None else (DOCS / "design.md").read_text(encoding="utf-8")
    table = page.split("## Where the tests are", 1)[1].split("\n## ", 1)[0]
    modules: set[str] = set()
    missing: list[str] = []
    for row in re.findall(r"^\| (`.*?) \| (.*?) \|$", table, re.M):
        modules.update(re.findall(r"`([\w/]+)\.py`", row[0]))
        named = re.findall(r"`(test_\w+\.py)`", row[1])
        assert named, row
        missing += [name for name in named if not (ROOT / "tests" / name).is_file()]
    return modules, missing


def untested(modules: set[str]) -> list[str]:
    """The package's modules with neither a test file of their name nor a row."""
    package = ROOT / "aluette_cli"
    return sorted(
        str(path.relative_to(package).with_suffix(""))
        for path in package.rglob("*.py")
        if path.name != "__init__.py"
        and not (ROOT / "tests" / f"test_{path.stem}.py").is_file()
        and str(path.relative_to(package).with_suffix("")) not in modules
    )


def test_every_module_has_its_tests_and_the_map_names_files_that_exist() -> None:
    modules, missing = map_of_tests()
    assert {"reading/grammar", "reading/records"} <= modules  # the table was found and read
    assert missing == []
    assert untested(modules) == []


def test_the_tests_map_check_can_fail() -> None:
    table = "## Where the tests are\n\n| module | its tests |\n|---|---|\n"
    modules, missing = map_of_tests(table + "| `outcome.py` | `test_no_such_file.py` |\n")
    assert (modules, missing) == ({"outcome"}, ["test_no_such_file.py"])
    assert "reading/records" in untested(set())  # no test_records.py: it needs its row
    assert "engine" not in untested(set())  # tests/test_engine.py
