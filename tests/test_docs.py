"""Every example of the user documentation runs, and prints what the page shows.

The pages checked are docs/cli.md, notation.md, violations.md, formats.md,
rules.md, html.md, tables.md and analysis.md.  They follow these conventions,
which this module reads.

Input files
    ``<!-- file: NAME -->`` on a line of its own (an HTML comment, invisible
    once the page is rendered) says that the next fenced block is the whole
    content of the file NAME, each of its lines ending with a newline.

    ``<!-- file: NAME, numbered -->``: the same, for a block whose lines start
    with their line number, which is not part of the file.

    ``<!-- file: NAME = BASE, line N replaced -->``: NAME is the file BASE,
    given earlier in the page, with its line N replaced by the lines of the
    next fenced block.  ``line N inserted``: the lines of the next block are
    inserted before line N of BASE, so that the first of them becomes line N.
    ``line N removed``: BASE without its line N; no block follows.

    The files of samples/ are there too, as ``samples/NAME``.

Sessions
    A fenced block whose first line starts with ``$ `` is a terminal session:
    each ``$ `` line is a command, and the lines under it, up to the next
    ``$ `` line, are what it prints.  Each session runs in a new directory,
    its current directory, holding the input files of its page and the
    samples, so that file names are relative and no temporary path shows.
    The commands a session may use:

    - ``$ aluette ARGS``: run in-process with Click's CliRunner, ARGS split
      with shlex.  What it prints is its standard output and its standard
      error, one after the other (either may come first on the page: they
      are captured apart, so how a terminal interleaves them is not
      checked).
    - ``$ cat FILE | aluette ARGS``: FILE is the standard input.
    - ``$ aluette ARGS | head -N`` (or ``head -n N``): the first N lines of
      standard output, and standard error.
    - ``2>/dev/null`` among the ARGS leaves standard error out.
    - ``$ aluette ARGS | jq [-c] 'FILTER'``: standard output through one of
      the filters of ``JQ_FILTERS``, Python versions of the few jq filters
      the pages use, printed as jq prints (``-c``: one compact value a line;
      else indented by two).  A filter missing from the table fails the test.
      Standard error is printed as is.
    - ``$ echo $?``: prints the exit status of the last ``aluette`` command.
    - ``$ printf 'TEXT' > FILE``: writes FILE, with the escapes ``\\n``,
      ``\\\\`` and ``\\xHH`` (for a byte that is not UTF-8).

    Any other command fails the test.  The output is compared line by line,
    exactly, once trailing whitespace is removed from each line and blank
    lines from the end.  A line that is just ``...`` stands for one or more
    lines left out.

JSON shown spaced out
    ``<!-- json: aluette ARGS -->`` before a fenced block: the block is the
    standard output of the command (which may end in ``| jq`` as above),
    laid out for reading; it is compared as JSON values, and the command
    must print nothing on standard error.

Recipes
    A fenced block opened with ```` ```sh ```` that names ``aluette`` holds
    the commands of a recipe, ``aluette ARGS > FILE`` each, that make the
    input of the page's ``python`` and ``pycon`` blocks;
    ``test_the_recipes_run`` runs them all, in page order (the pages of
    ``RECIPE_PAGES``).  Other ``sh`` blocks (a benchmark's command line)
    are not run.

Lines of other fenced blocks that start with ``aluette`` (or pipe into it)
are not run.  They must be synopses, listed in ``NOT_RUN``, so that no
command is left unchecked without a word.
"""

from __future__ import annotations

import doctest
import json
import re
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from aluette_cli.cli import cli

from .conftest import ROOT, SAMPLES

DOCS = ROOT / "docs"
PAGES = (
    "cli.md",
    "notation.md",
    "violations.md",
    "formats.md",
    "rules.md",
    "html.md",
    "tables.md",
    "analysis.md",
    "stats.md",
)

# Lines of the pages that name the command but are synopses, not examples.
NOT_RUN: dict[str, list[str]] = {
    "cli.md": [
        "aluette [OPTIONS] COMMAND [ARGS]...",
        "aluette fmt [OPTIONS] FILE...",
        "aluette validate [OPTIONS] FILE...",
        "aluette report [OPTIONS] FILE...",
        "aluette analyse [OPTIONS] FILE...",
        "aluette rules [OPTIONS]",
        "aluette generate [OPTIONS]",
        "aluette convert [OPTIONS] FILE... --to FORMAT",
        "aluette annotate [OPTIONS] FILE...",
        "aluette stats [OPTIONS] FILE...",
    ],
    "html.md": ["aluette report --format html FILE... -o match.html"],
    "stats.md": ["aluette stats FILE... [--by player|seat|team|card] [--format table|json|csv]"],
    "tables.md": [
        "aluette report FILE... --format csv|jsonl [--level game|deal|trick|play]",
    ],
    "formats.md": [
        "aluette convert FILE --to aln|json|jsonl|csv [--from aln|json|jsonl]",
        "aluette annotate FILE [-o OUT | --in-place] [--rules NAME] [--options LIST]",
        "aluette convert FILE --to jsonl --compact [--lossless]",
    ],
}


def _del(value: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k != key}


def _del_deals(data: dict[str, Any]) -> dict[str, Any]:
    games = [_del(data["games"][0], "deals"), *data["games"][1:]]
    return {**data, "games": games}


# jq filter -> the values it yields, for the filters the pages use.
JQ_FILTERS: dict[str, Callable[[Any], list[Any]]] = {
    ".games[0].deals[] | del(.tricks)": lambda d: [
        _del(deal, "tricks") for deal in d["games"][0]["deals"]
    ],
    ".games[0].deals[1].tricks[0]": lambda d: [d["games"][0]["deals"][1]["tricks"][0]],
    ".games[0].deals[0].tricks[0]": lambda d: [d["games"][0]["deals"][0]["tricks"][0]],
    ".games[0].deals[0].tricks[4]": lambda d: [d["games"][0]["deals"][0]["tricks"][4]],
    ".games[0].deals[0].signals": lambda d: [d["games"][0]["deals"][0]["signals"]],
    ".games[0].deals[0].plays[3]": lambda d: [d["games"][0]["deals"][0]["plays"][3]],
    "del(.games[0].deals)": lambda d: [_del_deals(d)],
    ".deal.tricks[0:2]": lambda d: [d["deal"]["tricks"][0:2]],
    "[.deal.tricks[]?.claim]": lambda d: [[t.get("claim") for t in d["deal"].get("tricks", [])]],
    "{name, options, known_options, top: .ranking[:3]}": lambda d: [
        {
            "name": d["name"],
            "options": d["options"],
            "known_options": d["known_options"],
            "top": d["ranking"][:3],
        }
    ],
}


# --------------------------------------------------------------------------
# Reading the pages


class DocError(Exception):
    """A page that breaks the conventions above."""


@dataclass(frozen=True)
class Block:
    line: int  # of the opening fence, from 1
    lines: list[str]
    language: str = ""


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    kind: str  # "session" or "json"
    lines: list[str]  # the session's lines, or the JSON block's
    command: str = ""  # for "json": the command that prints it
    index: int = 0  # its place among the examples of its page, from 1

    @property
    def id(self) -> str:
        return f"{self.page}-{self.index}-line{self.line}"


@dataclass
class Page:
    name: str
    files: dict[str, list[str]] = field(default_factory=dict)
    examples: list[Example] = field(default_factory=list)
    unrun: list[str] = field(default_factory=list)  # lines naming aluette, not run
    recipes: list[str] = field(default_factory=list)  # the commands of ```sh blocks
    bases: set[str] = field(default_factory=set)  # files others are made from


FENCE = re.compile(r"^(\s*)(```+)(\w*)")
FILE_DIRECTIVE = re.compile(
    r"^\s*<!-- file: (?P<name>[^\s,=]+)"
    r"(?:(?P<numbered>, numbered)"
    r"| = (?P<base>[^\s,]+), line (?P<n>[0-9]+) (?P<how>replaced|inserted|removed))?"
    r" -->\s*$"
)
JSON_DIRECTIVE = re.compile(r"^\s*<!-- json: (?P<command>aluette .*) -->\s*$")
NAMES_ALUETTE = re.compile(r"^(?:\$ )?aluette\b|\|\s*aluette\b")
NUMBERED = re.compile(r"^ *[0-9]+  ")


def _derived(page: Page, name: str, base: str, n: int, how: str, block: list[str]) -> None:
    if base not in page.files:
        raise DocError(f"{name} is made from {base}, which the page does not give before it")
    lines = list(page.files[base])
    if not 1 <= n <= len(lines) + (how == "inserted"):
        raise DocError(f"{base} has no line {n}")
    if how == "replaced":
        lines[n - 1 : n] = block
    elif how == "inserted":
        lines[n - 1 : n - 1] = block
    else:
        del lines[n - 1]
    _add_file(page, name, lines)
    page.bases.add(base)


def _add_file(page: Page, name: str, lines: list[str]) -> None:
    if name in page.files and page.files[name] != lines:
        raise DocError(f"{name} is given twice, with different contents")
    page.files[name] = lines


def _take_block(page: Page, block: Block, directive: re.Match[str] | None) -> None:
    """Files, examples and unrun command lines, from one fenced block."""
    if directive is not None and directive.re is JSON_DIRECTIVE:
        command = directive["command"]
        index = len(page.examples) + 1
        page.examples.append(Example(page.name, block.line, "json", block.lines, command, index))
    elif directive is not None and directive["base"]:
        how, n = directive["how"], int(directive["n"])
        _derived(page, directive["name"], directive["base"], n, how, block.lines)
    elif directive is not None and directive["numbered"]:
        for line in block.lines:
            if not NUMBERED.match(line):
                raise DocError(f"line {block.line}: {line!r} has no line number")
        _add_file(page, directive["name"], [NUMBERED.sub("", s, count=1) for s in block.lines])
    elif directive is not None:
        _add_file(page, directive["name"], block.lines)
    elif block.lines and block.lines[0].startswith("$ "):
        index = len(page.examples) + 1
        page.examples.append(Example(page.name, block.line, "session", block.lines, "", index))
    elif block.language == "sh" and any(NAMES_ALUETTE.search(line) for line in block.lines):
        page.recipes += [line for line in block.lines if line.strip()]
    else:
        page.unrun += [line for line in block.lines if NAMES_ALUETTE.search(line)]


def read_page(name: str) -> Page:
    page = Page(name)
    lines = (DOCS / name).read_text(encoding="utf-8").split("\n")
    pending: re.Match[str] | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        directive = FILE_DIRECTIVE.match(line) or JSON_DIRECTIVE.match(line)
        opened = FENCE.match(line)
        if directive is not None:
            if pending is not None:
                raise DocError(f"{name}:{i + 1}: the directive before it has no block")
            if directive.re is FILE_DIRECTIVE and directive["how"] == "removed":
                _derived(
                    page, directive["name"], directive["base"], int(directive["n"]), "removed", []
                )
            else:
                pending = directive
        elif opened is not None:
            indent, fence, language = opened.group(1), opened.group(2), opened.group(3)
            body: list[str] = []
            j = i + 1
            while j < len(lines) and lines[j].strip() != fence:
                body.append(lines[j].removeprefix(indent))
                j += 1
            if j == len(lines):
                raise DocError(f"{name}:{i + 1}: this fenced block is never closed")
            _take_block(page, Block(i + 1, body, language), pending)
            pending = None
            i = j
        elif line.strip() and pending is not None:
            raise DocError(f"{name}:{i + 1}: a directive must stand just before its block")
        i += 1
    if pending is not None:
        raise DocError(f"{name}: the last directive has no block")
    return page


PAGE_OF: dict[str, Page] = {name: read_page(name) for name in PAGES}
EXAMPLES = [example for page in PAGE_OF.values() for example in page.examples]


# --------------------------------------------------------------------------
# Running the commands


@dataclass(frozen=True)
class Printed:
    stdout: str
    stderr: str
    status: int | None  # None for a command that is not aluette


def _jq(args: list[str], text: str) -> str:
    compact = args[:1] == ["-c"]
    rest = args[1:] if compact else args
    if len(rest) != 1:
        raise DocError(f"jq {shlex.join(args)}: expected [-c] 'FILTER'")
    if rest[0] not in JQ_FILTERS:
        raise DocError(f"jq filter {rest[0]!r} is not in JQ_FILTERS")
    values = JQ_FILTERS[rest[0]](json.loads(text))
    if compact:
        dumped = [json.dumps(v, separators=(",", ":"), ensure_ascii=False) for v in values]
    else:
        dumped = [json.dumps(v, indent=2, ensure_ascii=False) for v in values]
    return "".join(d + "\n" for d in dumped)


def _head(args: list[str], text: str) -> str:
    if len(args) == 1 and re.fullmatch(r"-[0-9]+", args[0]):
        count = int(args[0][1:])
    elif len(args) == 2 and args[0] == "-n" and args[1].isdigit():
        count = int(args[1])
    else:
        raise DocError(f"head {shlex.join(args)}: expected -N or -n N")
    return "".join(text.splitlines(keepends=True)[:count])


def _printf(template: str) -> bytes:
    out = bytearray()
    parts = re.split(r"(\\x[0-9a-fA-F]{2}|\\n|\\\\)", template)
    for part in parts:
        if part == "\\n":
            out += b"\n"
        elif part == "\\\\":
            out += b"\\"
        elif part.startswith("\\x") and len(part) == 4:
            out.append(int(part[2:], 16))
        elif "\\" in part or "%" in part:
            raise DocError(f"printf: unsupported escape in {part!r}")
        else:
            out += part.encode("utf-8")
    return bytes(out)


def run_command(command: str, last_status: int | None) -> Printed:
    """One command of a session, run in the current directory."""
    words = shlex.split(command)
    stages: list[list[str]] = [[]]
    for word in words:
        if word == "|":
            stages.append([])
        else:
            stages[-1].append(word)
    if stages == [["echo", "$?"]]:
        if last_status is None:
            raise DocError("echo $? before any aluette command")
        return Printed(f"{last_status}\n", "", None)
    if len(stages) == 1 and stages[0][:1] == ["printf"]:
        if len(stages[0]) != 4 or stages[0][2] != ">":
            raise DocError(f"{command}: expected printf 'TEXT' > FILE")
        Path(stages[0][3]).write_bytes(_printf(stages[0][1]))
        return Printed("", "", None)
    stdin: bytes | None = None
    if stages[0][:1] == ["cat"] and len(stages[0]) == 2 and len(stages) > 1:
        stdin = Path(stages.pop(0)[1]).read_bytes()
    if stages[0][:1] != ["aluette"]:
        raise DocError(f"{command}: not a command these tests know how to run")
    quiet = "2>/dev/null" in stages[0]  # (standard error left out)
    args = [word for word in stages[0][1:] if word != "2>/dev/null"]
    result = CliRunner().invoke(cli, args, input=stdin, prog_name="aluette")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{command} raised {result.exception!r}") from result.exception
    stdout = result.stdout
    for stage in stages[1:]:
        if stage[:1] == ["head"]:
            stdout = _head(stage[1:], stdout)
        elif stage[:1] == ["jq"]:
            stdout = _jq(stage[1:], stdout)
        else:
            raise DocError(f"{command}: cannot run {stage[0]!r} in a pipeline")
    return Printed(stdout, "" if quiet else result.stderr, result.exit_code)


def normalised(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(shown: list[str], printed: list[str]) -> bool:
    """``shown`` equals ``printed``, a ``...`` line standing for one or more lines."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(matches(shown[1:], printed[k:]) for k in range(1, len(printed) + 1))
    return bool(printed) and shown[0] == printed[0] and matches(shown[1:], printed[1:])


def steps(example: Example) -> list[tuple[int, str, list[str]]]:
    """The commands of a session, each with its line in the page and the lines
    shown under it."""
    found: list[tuple[int, str, list[str]]] = []
    for offset, line in enumerate(example.lines, 1):
        if line.startswith("$ "):
            found.append((example.line + offset, line[2:], []))
        else:
            found[-1][2].append(line)
    return found


def enter_workdir(page: Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``tmp_path`` hold the page's input files and the samples, and go there."""
    for name, lines in page.files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    shutil.copytree(SAMPLES, tmp_path / "samples")
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    enter_workdir(PAGE_OF[example.page], tmp_path, monkeypatch)
    if example.kind == "json":
        printed = run_command(example.command, None)
        assert printed.stderr == "", f"{example.command} printed on standard error"
        assert json.loads(printed.stdout) == json.loads("\n".join(example.lines))
        return
    status: int | None = None
    for line, command, shown in steps(example):
        printed = run_command(command, status)
        if printed.status is not None:
            status = printed.status
        want = normalised("\n".join(shown))
        orders = [printed.stdout + printed.stderr, printed.stderr + printed.stdout]
        if not any(matches(want, normalised(text)) for text in orders):
            # Show the difference against the order the page most likely meant.
            err = normalised(printed.stderr)
            best = orders[1] if err and want[: len(err)] == err else orders[0]
            where = f"{example.page}:{line}: $ {command}"
            assert "\n".join(want) == "\n".join(normalised(best)), where


# --------------------------------------------------------------------------
# The conventions themselves


@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_examples_and_inputs(name: str) -> None:
    page = PAGE_OF[name]
    assert page.examples, f"{name}: no example found; are the conventions still followed?"
    commands = [e.command for e in page.examples] + [
        command for e in page.examples if e.kind == "session" for _, command, _ in steps(e)
    ]
    for file in page.files:
        named = [c for c in commands if file in shlex.split(c)]
        # A file may also be used by another file (a Rules tag naming a ruleset).
        cited = [f for f, other in page.files.items() if f != file and file in "".join(other)]
        assert named or cited or file in page.bases, f"{name}: {file} is never used"


def test_every_jq_filter_is_used() -> None:
    text = "".join((DOCS / name).read_text(encoding="utf-8") for name in PAGES)
    assert [f for f in JQ_FILTERS if f"'{f}'" not in text] == []


@pytest.mark.parametrize("name", PAGES)
def test_every_command_line_is_run_or_a_synopsis(name: str) -> None:
    unrun = [line.strip() for line in PAGE_OF[name].unrun]
    assert unrun == NOT_RUN.get(name, [])


def test_the_helpers_can_fail() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert not matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "b"], ["a", "b", "c"])
    assert not matches(["a", "b"], ["a", "c"])
    assert normalised("a  \nb\n\n\n") == ["a", "b"]
    assert _printf("Ren\\xe9\\n") == b"Ren\xe9\n"
    assert _head(["-n", "2"], "1\n2\n3\n") == "1\n2\n"
    with pytest.raises(DocError):
        _jq(["-c", ".unknown"], "{}")
    with pytest.raises(DocError):
        run_command("ls -l", None)


# --------------------------------------------------------------------------
# The Python examples of docs/api.md and README.md
#
# Every fenced block of api.md is Python: ``python`` blocks are run, ``pycon``
# blocks are doctests (what they show is compared, ``...`` standing for any
# text).  They run in order in one namespace, in a directory holding the
# samples.  Blocks that import pandas run once without the others' pandas
# blocks (api-core, what a user without pandas can run) and once with them;
# pandas is a test dependency, so they always run.  The README's Python
# blocks run the same way.

API_PAGE = DOCS / "api.md"
README = ROOT / "README.md"
PYTHON = ("python", "pycon")
ANY_FENCE = re.compile(r"^```(\w*)\s*$")


def fenced_blocks(path: Path) -> list[tuple[int, str, str]]:
    """(line of the opening fence, language, source) of each fenced block."""
    blocks: list[tuple[int, str, str]] = []
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        opened = ANY_FENCE.match(lines[i])
        if opened is None:
            i += 1
            continue
        j = lines.index("```", i + 1)
        blocks.append((i + 1, opened.group(1), "\n".join(lines[i + 1 : j]) + "\n"))
        i = j + 1
    return blocks


def needs_pandas(source: str) -> bool:
    return re.search(r"^\s*import pandas\b", source, re.M) is not None


def run_python_block(
    namespace: dict[str, Any], path: Path, line: int, language: str, source: str
) -> None:
    """One ``python`` block (run) or ``pycon`` block (a doctest), in ``namespace``."""
    if language == "python":
        exec(compile(source, f"{path.name}:{line}", "exec"), namespace)
        return
    test = doctest.DocTestParser().get_doctest(source, namespace, path.name, path.name, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    runner.run(test, out=out.append, clear_globs=False)
    assert runner.failures == 0, "".join(out)
    namespace.update(test.globs)  # the test ran on a copy


def run_python_blocks(path: Path, with_pandas: bool) -> None:
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for line, language, source in fenced_blocks(path):
        if language not in PYTHON or (needs_pandas(source) and not with_pandas):
            continue
        run_python_block(namespace, path, line, language, source)


def test_api_page_blocks_are_all_python() -> None:
    blocks = fenced_blocks(API_PAGE)
    assert len(blocks) >= 10
    assert {language for _, language, _ in blocks} == set(PYTHON)
    assert any(needs_pandas(source) for _, _, source in blocks)


def test_the_readme_has_a_python_example() -> None:
    assert any(language == "python" for _, language, _ in fenced_blocks(README))


@pytest.mark.parametrize(
    ("path", "with_pandas"),
    [(API_PAGE, False), (API_PAGE, True), (README, False)],
    ids=["api-core", "api-pandas", "readme"],
)
def test_python_examples(
    path: Path,
    with_pandas: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    run_python_blocks(path, with_pandas)


# --------------------------------------------------------------------------
# The recipes: the results tables in DuckDB and pandas
#
# The ``sh`` blocks of these pages hold commands ``aluette ARGS > FILE``:
# each is run, and what it prints on standard output is written to FILE.
# The ``python`` and ``pycon`` blocks then run in page order, in one
# namespace, in a directory holding the page's files and the samples, as
# those of api.md do.  The pycon blocks of stats.md show what the tables of
# two sample files add up to (games, deals, points), so a recipe, or a
# table, that merges two files' games fails here.

RECIPE_PAGES = ("stats.md", "formats.md")
SHELL_COMMAND = re.compile(r"^aluette (?P<args>[^>|]+) > (?P<file>[\w.-]+)$")


def run_shell_line(command: str) -> None:
    m = SHELL_COMMAND.match(command)
    if m is None:
        raise DocError(f"{command!r}: a recipe's command must read aluette ARGS > FILE")
    result = CliRunner().invoke(cli, shlex.split(m["args"]), prog_name="aluette")
    assert result.exit_code == 0, (command, result.stderr)
    Path(m["file"]).write_text(result.stdout, encoding="utf-8")


@pytest.mark.parametrize("name", RECIPE_PAGES)
def test_the_recipes_run(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import duckdb

    # Never reach for the network, even for an extension DuckDB would like.
    duckdb.execute("SET autoinstall_known_extensions = false")
    duckdb.execute("SET autoload_known_extensions = false")
    page = PAGE_OF.get(name) or read_page(name)
    enter_workdir(page, tmp_path, monkeypatch)
    path = DOCS / name
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for line, language, source in fenced_blocks(path):
        if language == "sh" and any(map(NAMES_ALUETTE.search, source.splitlines())):
            for command in source.splitlines():
                if command.strip():
                    run_shell_line(command)
        elif language in PYTHON:
            run_python_block(namespace, path, line, language, source)
    assert page.recipes, f"{name}: no recipe commands"
    sources = "".join(source for _, language, source in fenced_blocks(path) if language in PYTHON)
    assert "import duckdb" in sources and "import pandas" in sources


def test_every_recipe_is_run() -> None:
    unrun = [name for name, page in PAGE_OF.items() if page.recipes and name not in RECIPE_PAGES]
    assert unrun == []
