"""The Python API: what the command line prints, it can compute, without printing."""

from __future__ import annotations

import doctest
import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import aluette_cli
from aluette_cli import api
from aluette_cli.convert import format_aln
from aluette_cli.pipeline import RuleChoice

from .conftest import ROOT, SAMPLE_FILES, run, run_noting_lark

SHEET = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n"

# --------------------------------------------------------------------------
# The examples of the docstrings run


def _docstring_tests() -> list[doctest.DocTest]:
    tests = doctest.DocTestFinder().find(api, "aluette_cli.api")
    return [t for t in tests if t.examples]


@pytest.mark.parametrize("test", _docstring_tests(), ids=lambda t: t.name)
def test_docstring_examples(test: doctest.DocTest, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # a few examples name samples/
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=out.write)
    assert result.failed == 0, out.getvalue()


def test_the_docstrings_have_examples() -> None:
    assert len(_docstring_tests()) >= 5


# --------------------------------------------------------------------------
# The package


def test_importing_the_package_loads_no_parser() -> None:
    code = "import sys, aluette_cli; print('lark' in sys.modules, aluette_cli.__version__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", aluette_cli.__version__]


def test_every_exported_name_is_the_api_s() -> None:
    for name in aluette_cli.__all__:
        if name != "__version__":
            assert getattr(aluette_cli, name) is getattr(api, name), name
    assert set(api.__all__) == set(aluette_cli.__all__) - {"__version__"}
    assert set(aluette_cli.__all__) <= set(dir(aluette_cli))
    with pytest.raises(AttributeError):
        aluette_cli.not_a_name  # noqa: B018


# --------------------------------------------------------------------------
# Reading


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.name)
def test_path_bytes_text_and_streams_read_alike(sample: Path) -> None:
    def seen(games: object) -> list[tuple[object, ...]]:
        return [
            (g.outcome.index, g.outcome.score, g.deals_read, g.outcome.findings)
            for g in games  # type: ignore[attr-defined]
        ]

    data = sample.read_bytes()
    want = seen(api.load(sample))
    assert want
    assert seen(api.load(str(sample))) == want
    here = sample.parent  # where a Rules tag naming a file is looked for
    assert seen(api.loads(data, base=here)) == want
    with open(sample, "rb") as binary:
        assert seen(api.load(binary, base=here)) == want
    if data.decode("utf-8", "replace").encode("utf-8") == data:
        assert seen(api.loads(data.decode("utf-8"), base=here)) == want
        with open(sample, encoding="utf-8", newline="") as text:
            assert seen(api.load(text, base=here)) == want
        # a text stream with no name to tell its format by (standard input,
        # a StringIO): the format is told from its first line
        unnamed = io.StringIO(data.decode("utf-8"), newline="")
        assert seen(api.load(unnamed, base=here)) == want


class Trickle(io.RawIOBase):
    """A pipe that gives one line per read and counts how many it gave."""

    def __init__(self, data: bytes) -> None:
        self.lines = data.splitlines(keepends=True)
        self.given = 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        if self.given == len(self.lines):
            return b""
        self.given += 1
        return self.lines[self.given - 1]

    readline = read1  # a line is what either gives


def test_games_come_one_at_a_time_as_the_input_is_read() -> None:
    corpus = run("generate", "--games", "20", "--seed", "4").stdout_bytes
    pipe = Trickle(corpus)
    games = api.load(pipe, keep=False)
    assert pipe.given == 0  # nothing is read before the first game is asked for
    first = next(games)
    assert first.outcome.index == 1
    assert pipe.given < len(pipe.lines) / 10
    rest = list(games)
    assert [g.outcome.index for g in rest] == list(range(2, 21))
    assert pipe.given == len(pipe.lines)


def test_without_keep_no_deal_is_held() -> None:
    corpus = run("generate", "--games", "3", "--seed", "4").stdout_bytes
    kept = list(api.loads(corpus))
    light = list(api.loads(corpus, keep=False))
    assert [g.game.deals for g in light] == [[], [], []]
    assert [g.outcome.deals for g in light] == [[], [], []]
    assert [g.deals_read for g in light] == [len(g.game.deals) for g in kept]
    assert [g.outcome.score for g in light] == [g.outcome.score for g in kept]


def test_outcomes_are_typed_objects() -> None:
    (game,) = api.loads(SHEET)
    assert isinstance(game, api.CheckedGame)
    assert isinstance(game.outcome, api.GameOutcome)
    deal = game.outcome.deals[0]
    assert isinstance(deal, api.DealOutcome)
    assert all(isinstance(t, api.TrickOutcome) for t in deal.tricks)
    assert [t.winner for t in deal.tricks] == ["N", "E", "S", "E", "W", "N", "E", "S", "N"]
    assert deal.point is not None and (deal.point.team, deal.point.points) == ("EW", 1)


def test_findings_are_those_validate_prints() -> None:
    path = ROOT / "samples" / "violations.aln"
    lines = [
        f.format_line(str(path)) + "\n"
        for _, game in api.check_files([path])
        for f in game.outcome.findings
    ]
    result = run("validate", str(path))
    assert result.exit_code == 2  # game 4 names an unknown ruleset
    assert "".join(lines) == result.stdout
    assert all(isinstance(f, api.Finding) for g in api.load(path) for f in g.outcome.findings)


def test_check_files_in_several_processes_keeps_the_order(tmp_path: Path) -> None:
    corpus, copy = tmp_path / "c.aln", tmp_path / "copy.aln"
    corpus.write_bytes(run("generate", "--games", "30", "--seed", "2").stdout_bytes)
    copy.write_bytes(corpus.read_bytes())  # (one file named twice is read once)
    one = [(f, g.outcome.index, g.outcome.score) for f, g in api.check_files([corpus, copy])]
    two = [
        (f, g.outcome.index, g.outcome.score)
        for f, g in api.check_files([corpus, copy], jobs=2, keep=False)
    ]
    assert one == two
    assert len(one) == 60
    assert len(list(api.check_files([corpus, corpus], jobs=2, keep=False))) == 30


def test_an_unreadable_file_raises_or_is_told(tmp_path: Path) -> None:
    missing = tmp_path / "missing.aln"
    good = ROOT / "samples" / "score-sheet.aln"
    with pytest.raises(FileNotFoundError):
        list(api.check_files([missing, good]))
    told: list[tuple[str, str | None]] = []
    games = list(api.check_files([missing, good], on_file=lambda f, r: told.append((f, r))))
    assert told == [(str(missing), "No such file or directory"), (str(good), None)]
    assert [f for f, _ in games] == [str(good)]


def test_rules_and_options_are_checked_when_asked_for() -> None:
    with pytest.raises(api.RulesetError, match="unknown ruleset"):
        api.load(ROOT / "samples" / "classic-game.aln", "no-such-rules")
    with pytest.raises(api.RulesetError):
        api.loads(SHEET, options=["no-such-option"])
    assert api.rule_choice(None, None) == api.RuleChoice()
    assert api.rule_choice("team-five", ["chanter"]).options == {"chanter"}


def test_options_beside_a_rule_choice_are_refused_not_dropped() -> None:
    """The choice holds its options; ``options`` beside it were dropped
    without a word, an unknown one too."""
    choice = api.rule_choice("classic")
    for options in (["no-such-option"], ["mordienne"], "mordienne"):
        with pytest.raises(TypeError, match="options go in the RuleChoice"):
            api.loads(SHEET, choice, options=options)
        with pytest.raises(TypeError, match="options go in the RuleChoice"):
            api.load(ROOT / "samples" / "classic-game.aln", choice, options=options)
    (game,) = api.loads(SHEET, api.rule_choice("classic", ["mordienne"]))
    assert game.outcome.ruleset is not None and game.outcome.ruleset.options == {"mordienne"}


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_keep_is_honoured_for_json_as_for_aln(tmp_path: Path, to: str) -> None:
    """api.md, Big files: with keep=False not even a game's deals are kept.
    A game read from JSON kept them all, whatever keep said."""
    aln = ROOT / "samples" / "violations.aln"
    converted = tmp_path / f"violations.{to}"
    api.dump(api.load(aln), converted, to)
    for keep in (False, "outcomes", True):
        from_aln = list(api.load(aln, keep=keep))
        from_json = list(api.load(converted, keep=keep))
        assert [len(g.game.deals) for g in from_json] == [len(g.game.deals) for g in from_aln]
        assert [len(g.outcome.deals) for g in from_json] == [len(g.outcome.deals) for g in from_aln]
        assert [g.deals_read for g in from_json] == [g.deals_read for g in from_aln]
        # A005 and A421 are said on the way to JSON, which holds the mended text
        said = {"A005", "A421"}
        assert [[f.code for f in g.outcome.findings] for g in from_json] == [
            [f.code for f in g.outcome.findings if f.code not in said] for g in from_aln
        ]


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_keep_is_honoured_for_json_with_processes(tmp_path: Path, to: str) -> None:
    """With jobs > 1, games read from JSON kept their deals whatever keep
    said, and all of a file's games travelled to a worker and back in one
    bundle, held whole before the first came out."""
    from aluette_cli import parallel

    aln = ROOT / "samples" / "violations.aln"
    converted = tmp_path / f"violations.{to}"
    api.dump(api.load(aln), converted, to)
    for keep in (False, "outcomes", True):
        one = [g for _, g in api.check_files([converted], keep=keep)]
        two = [g for _, g in api.check_files([converted], keep=keep, jobs=2)]
        assert [len(g.game.deals) for g in two] == [len(g.game.deals) for g in one]
        assert [len(g.outcome.deals) for g in two] == [len(g.outcome.deals) for g in one]
    # games read here travel a bundle at a time, weighed by their deals
    done = [parallel.Done([k], parallel.BATCH_UNITS // 3) for k in range(7)]
    assert [len(b) for b in parallel._bundles(done)] == [3, 3, 1]


def test_rules_given_override_the_tags() -> None:
    text = '[Rules "to-five-points"]\n\n' + SHEET
    (tagged,) = api.loads(text)
    (overridden,) = api.loads(text, "classic")
    assert tagged.outcome.ruleset is not None and overridden.outcome.ruleset is not None
    assert tagged.outcome.ruleset.name == "to-five-points"
    assert overridden.outcome.ruleset.name == "classic"
    assert api.load_ruleset("classic") == overridden.outcome.ruleset


def test_a_rules_tag_naming_a_file_finds_it_beside_the_record() -> None:
    path = ROOT / "samples" / "house-rules-game.aln"
    games = list(api.load(path))
    assert games and all(g.outcome.ruleset is not None for g in games)
    assert [f.code for g in games for f in g.outcome.findings] == []


# --------------------------------------------------------------------------
# Writing


@pytest.mark.parametrize("fmt", ["aln", "json", "jsonl", "csv"])
@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.name)
def test_dumps_writes_what_convert_writes(sample: Path, fmt: str) -> None:
    result = run("convert", str(sample), "--to", fmt)
    written = api.dumps(list(api.load(sample)), fmt, file=str(sample))
    if "written out as it is" in result.stderr:
        # convert --to aln gives back an input it cannot write whole as it
        # was (the violations sample); the games are what was read of it
        assert fmt == "aln" and result.stdout_bytes == sample.read_bytes()
        written_by_formatter = format_aln(sample.read_bytes(), str(sample), RuleChoice())
        assert written == written_by_formatter.text
    else:
        assert written == result.stdout


def test_dumps_styles_are_those_of_convert() -> None:
    sample = ROOT / "samples" / "cards-only.aln"
    (game,) = api.load(sample)
    for style in api.STYLES:
        want = run("convert", str(sample), "--to", "aln", "--style", style).stdout
        assert api.dumps(game, style=style) == want


def test_dump_to_a_path_and_to_a_stream(tmp_path: Path) -> None:
    games = list(api.load(ROOT / "samples" / "classic-game.aln"))
    target = tmp_path / "out.json"
    api.dump(games, target, "json")
    stream = io.StringIO()
    api.dump(games, stream, "json")
    assert target.read_text(encoding="utf-8") == stream.getvalue()
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary left


def test_json_read_back_gives_the_same_record() -> None:
    sample = ROOT / "samples" / "classic-game.aln"
    games = list(api.load(sample))
    for fmt in ("json", "jsonl"):
        again = list(api.loads(api.dumps(games, fmt), fmt=fmt))
        assert api.dumps(again) == api.dumps(games)
        assert [g.outcome.score for g in again] == [g.outcome.score for g in games]
    assert [api.to_dict(g) for g in games] == json.loads(api.dumps(games, "json"))["games"]


def test_json_that_is_not_a_record_raises_with_its_finding() -> None:
    with pytest.raises(api.ReadError) as caught:
        list(api.loads('{"format": "something-else"}', fmt="json"))
    assert caught.value.finding.code == "A001"


def test_json_that_is_not_a_record_is_said_of_the_file_named(tmp_path: Path) -> None:
    # as an ALN file's findings are: the message is the line validate prints
    path = tmp_path / "old.json"
    path.write_text("null\n")
    with pytest.raises(api.ReadError) as caught:
        list(api.load(path))
    assert str(caught.value) == (
        f"{path}:1:1: A001 not an aluette-record JSON document"
        " (its 'format' key must be 'aluette-record')"
    )
    with pytest.raises(api.ReadError, match=r"^<input>:1:1: A001 "):
        list(api.loads("null\n", fmt="json"))


def test_json_lines_that_are_no_record_raise_at_their_first_line() -> None:
    """Every line of another tool's log was read first, and the error named
    the last of them."""
    log = "".join(f'{{"ts": {k}}}\n' for k in range(3))
    with pytest.raises(api.ReadError, match=r"^<input>:1:1: A001 a row must say"):
        list(api.loads(log, fmt="jsonl"))


def test_csv_rows_have_the_columns_of_the_csv() -> None:
    (game,) = api.load(ROOT / "samples" / "classic-game.aln")
    rows = list(api.csv_rows(game))
    assert rows and all(len(row) == len(api.CSV_COLUMNS) for row in rows)
    assert len(rows) == 4 * sum(len(d.tricks) for d in game.outcome.deals)


def test_an_unknown_format_or_style_is_refused() -> None:
    (game,) = api.loads(SHEET)
    with pytest.raises(ValueError, match="unknown format"):
        api.dumps(game, "xml")
    with pytest.raises(ValueError, match="unknown style"):
        api.dumps(game, style="pretty")
    with pytest.raises(ValueError, match="unknown format"):
        api.loads(SHEET, fmt="csv")  # refused at the call, not at the first game


def test_checking_a_plain_record_imports_no_parser(tmp_path: Path) -> None:
    # The text before the first tag section is read without the grammar too:
    # a file that needs no grammar never pays for importing it.
    record = tmp_path / "plain.aln"
    made = run_noting_lark("generate", "--games", "2", "--seed", "3", "-o", record)
    assert made.stdout.split()[-3:-1] == ["exit", "0"], made.stdout + made.stderr
    record.write_text("\n\n" + record.read_text(encoding="utf-8"), encoding="utf-8")
    out = run_noting_lark("validate", record)
    assert out.stdout.split()[-3:] == ["exit", "0", "False"], out.stdout + out.stderr


def test_validating_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    # Start-up is what a one-deal file costs: the solver, the statistics,
    # importlib.resources and the quick check's loose patterns are imported
    # or compiled only by the commands and records that need them.
    record = tmp_path / "one.aln"
    code = (
        "import sys; from aluette_cli.cli import main; from aluette_cli import quickcheck\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit as e:\n    print('exit', e.code)\n"
        "names = ('aluette_cli.solver', 'aluette_cli.stats', 'importlib.resources', 'secrets',"
        " 'difflib')\n"
        "print(sorted(n for n in names if n in sys.modules), quickcheck._loose.cache_info().misses)"
    )
    cmd = [sys.executable, "-c", code]
    subprocess.run([*cmd, "generate", "--games", "1", "--seed", "3", "-o", str(record)], check=True)
    out = subprocess.run([*cmd, "validate", str(record)], capture_output=True, text=True)
    assert out.stdout.split()[-4:] == ["exit", "0", "[]", "0"], out.stdout + out.stderr


def test_load_places_a_json_records_findings_and_keeps_its_positions(tmp_path: Path) -> None:
    """The findings name the JSON file's places, with the ALN's beside them;
    the game keeps what its JSON says, so dump writes the record back."""
    from .test_jsonplace import MESSY

    aln = tmp_path / "messy.aln"
    aln.write_text(MESSY, encoding="utf-8")
    doc = tmp_path / "messy.json"
    run("convert", aln, "--to", "json", "-o", doc)
    text = doc.read_text("utf-8")
    (from_aln,) = api.load(aln)
    (from_json,) = api.load(doc)
    found = from_json.outcome.findings
    assert [f.origin for f in found] == [(f.line, f.column) for f in from_aln.outcome.findings]
    assert all(f.line == 2 for f in found)  # the document's line of the game
    assert {text.split("\n")[1][f.column - 1 :][:4] for f in found} >= {'"EW"', "6x E"}
    assert api.dumps(from_json, "json") == text


@pytest.mark.parametrize(("bad", "byte"), [("\udcff", "0xff"), ("\ud800", "0xed")])
def test_loads_reports_a_lone_surrogate_where_it_is_as_a_byte_not_utf8(bad: str, byte: str) -> None:
    # Text read with "surrogateescape" holds the file's bad byte as a lone
    # surrogate; any other lone surrogate goes through as its own bytes.
    text = f'[Event "x{bad}"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\npoint NS\n'
    # the same whether given as text or as a text stream: a stream raised a
    # bare UnicodeEncodeError for a surrogate of no byte (docs/api.md)
    for (game,) in (api.loads(text), api.load(io.StringIO(text))):
        (bad_byte,) = [f for f in game.outcome.findings if f.code == "A003"]
        assert (bad_byte.line, bad_byte.column) == (1, 10)
        assert f"byte {byte}" in bad_byte.message
        assert "A302" in {f.code for f in game.outcome.findings}  # the deal is read all the same


def test_text_with_both_kinds_of_lone_surrogate_reads_alike_whole_and_as_a_stream() -> None:
    """Each stands for its own bytes: a surrogate of no byte later in the
    text made loads take the whole text's as its own bytes (U+DCFF became
    ED B3 BF, not the byte FF it stands for), and say other bytes at other
    offsets than a stream read line by line."""
    text = '[Event "Cl\udcffub"]\n[North "Ma\ud800rie"]\n\ndeal 1 dealer N\npoint NS\n'

    def bad_bytes(games: Iterable[api.CheckedGame]) -> list[tuple[int, int, str]]:
        found = [f for game in games for f in game.outcome.findings if f.code == "A003"]
        return [(f.line, f.column, f.message) for f in found]

    said = bad_bytes(api.loads(text))
    assert [message.split(" is ")[0] for _, _, message in said] == [
        "byte 0xff at byte offset 10",
        "byte 0xed at byte offset 26",
    ]
    assert bad_bytes(api.load(io.StringIO(text, newline=""))) == said


@pytest.mark.parametrize("data", [None, 3, ["deal 1 dealer W"], Path("t.aln")])
def test_loads_refuses_what_is_not_text_or_bytes(data: object) -> None:
    with pytest.raises(TypeError, match="str or bytes"):
        api.loads(data)  # type: ignore[arg-type]


def test_loads_takes_bytes_like_objects_as_bytes() -> None:
    text = (ROOT / "samples" / "classic-game.aln").read_bytes()
    expected = [g.outcome.findings for g in api.loads(text)]
    for data in (bytearray(text), memoryview(text)):
        assert [g.outcome.findings for g in api.loads(data)] == expected


# --------------------------------------------------------------------------
# A wrong argument is refused at the call, saying what was expected


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: api.load(None), r"load\(\) takes a path or a file object"),  # type: ignore[arg-type]
        (lambda: api.load(3), r"load\(\) takes a path or a file object"),  # type: ignore[arg-type]
        (lambda: api.to_dict([]), r"to_dict\(\) takes a CheckedGame .*, not list"),  # type: ignore[arg-type]
        (lambda: list(api.csv_rows(None)), r"csv_rows\(\) takes a CheckedGame"),  # type: ignore[arg-type]
        (lambda: list(api.table_rows(3)), r"table_rows\(\) takes a CheckedGame"),  # type: ignore[arg-type]
        (lambda: api.dumps(None), r"dumps\(\) takes a CheckedGame or an iterable"),  # type: ignore[arg-type]
        (lambda: api.dumps([1]), r"dumps\(\) takes a CheckedGame .*, not int"),  # type: ignore[list-item]
        (lambda: api.dumps("deal 1 dealer W"), r"dumps\(\) takes a CheckedGame or an iterable"),  # type: ignore[arg-type]
        (lambda: api.rule_choice(3), "rules is a preset name or a TOML file"),  # type: ignore[arg-type]
        (lambda: api.load("t.aln", rules=3), "rules is a preset name"),  # type: ignore[arg-type]
        (lambda: api.rule_choice("classic", 3), "options are names"),  # type: ignore[arg-type]
        (lambda: api.rule_choice("classic", [1]), "options are names"),  # type: ignore[list-item]
        (lambda: next(api.check_files(None)), "takes a list of paths, not None"),  # type: ignore[arg-type]
        (lambda: next(api.check_files([3])), r"takes paths \(str or Path\), not int"),  # type: ignore[list-item]
    ],
)
def test_a_wrong_argument_is_a_type_error_that_says_what_was_expected(
    call: object, expected: str
) -> None:
    # Not an AttributeError from deep inside a writer, which names neither
    # the function called nor the argument.
    with pytest.raises(TypeError, match=expected):
        call()  # type: ignore[operator]


def test_check_files_refuses_one_path_that_would_be_read_as_its_letters() -> None:
    path = str(ROOT / "samples" / "classic-game.aln")
    for one in (path, Path(path)):
        with pytest.raises(TypeError, match=r"for one file, pass \[path\]"):
            next(api.check_files(one))  # type: ignore[arg-type]
    assert [f for f, _ in api.check_files([Path(path)])] == [path]


def test_options_and_a_rules_path_are_taken_as_any_iterable_and_path_like() -> None:
    once = (name for name in ["mordienne"])  # read once: not consumed by the check
    assert api.rule_choice("classic", once).options == frozenset({"mordienne"})
    toml = ROOT / "samples" / "house-rules.toml"
    assert api.rule_choice(toml).rules == str(toml)


def test_a_game_that_is_not_one_leaves_the_dumped_path_as_it_was(tmp_path: Path) -> None:
    (game,) = api.loads(SHEET)
    target = tmp_path / "out.aln"
    target.write_text("kept\n", encoding="utf-8")
    with pytest.raises(TypeError):
        api.dump([game, None], target)  # type: ignore[list-item]
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.aln"]


@pytest.mark.parametrize(
    ("call", "error", "expected"),
    [
        # raised by the call itself, not by the first game
        (lambda: api.check_files("x.aln"), TypeError, r"for one file, pass \[path\]"),
        (lambda: api.check_files([1]), TypeError, r"takes paths \(str or Path\)"),
        (lambda: api.check_files([], rules="clasic"), api.RulesetError, "unknown ruleset"),
        (lambda: api.check_files([], fmt="xml"), ValueError, "unknown format"),
        (lambda: api.check_files([], jobs="2"), TypeError, r"check_files\(\) jobs is a number"),
        (lambda: api.check_files([], jobs=2.5), TypeError, r"check_files\(\) jobs is a number"),
        (lambda: api.check_files([], jobs=0), ValueError, r"check_files\(\) jobs is at least 1"),
        (lambda: api.check_files([], keep="deals"), ValueError, "keep must be"),
        (lambda: api.load("x.aln", keep=None), TypeError, r"load\(\) keep is True, False"),
        (lambda: api.loads("", keep="deals"), ValueError, "keep must be"),
        (lambda: api.load_ruleset(3), TypeError, r"load_ruleset\(\) takes a preset name"),
        (lambda: api.rule_choice(""), ValueError, "names no ruleset"),
        (lambda: api.load("x.aln", rules=""), ValueError, "names no ruleset"),
        (lambda: api.dumps({}), TypeError, r"dumps\(\) takes a CheckedGame or an iterable"),
        # a callback reached only at the first game; a folder's path
        (lambda: api.check_files([], on_file=1), TypeError, r"on_file is a function"),
        (lambda: api.check_files([], render="x"), TypeError, r"render is a function"),
        (lambda: api.loads("", base=1), TypeError, r"loads\(\) base is a folder's path"),
        (lambda: api.load(io.BytesIO(), base=1), TypeError, r"load\(\) base is a folder's"),
        (lambda: api.load("x.aln", base=1), TypeError, r"load\(\) base is a folder's"),
        # the option that is no name named, not the list it stands in
        (lambda: api.rule_choice(None, ["mordienne", 1]), TypeError, r"and 1 is int"),
        (lambda: api.dumps([], "csv", file=None), TypeError, r"dumps\(\) file is the name"),
    ],
)
def test_every_argument_is_checked_at_the_call(call: object, error: type, expected: str) -> None:
    with pytest.raises(error, match=expected):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        (None, r"dump\(\) writes to a path or a text file object, not None"),
        (3, r"dump\(\) writes to a path or a text file object, not int"),
        (b"x.aln", r"dump\(\) writes to a path or a text file object, not bytes"),
        (io.BytesIO(), r"dump\(\) writes text: open the file in text mode"),
    ],
)
def test_dump_says_what_it_writes_to(target: object, expected: str) -> None:
    (game,) = api.loads(SHEET)
    with pytest.raises(TypeError, match=expected):
        api.dump(game, target)  # type: ignore[arg-type]


@pytest.mark.parametrize("file", [None, b"x.aln", 7])
def test_the_name_of_the_games_file_is_checked_before_a_row_is_written(file: object) -> None:
    """It failed inside the CSV writer, its header row written already, or
    went into every row's game id as it was (``7#1``)."""
    (game,) = api.loads(SHEET)
    out = io.StringIO()
    with pytest.raises(TypeError, match=r"dump\(\) file is the name of the games' file"):
        api.dump(game, out, "csv", file=file)  # type: ignore[arg-type]
    assert out.getvalue() == ""
    with pytest.raises(TypeError, match=r"csv_rows\(\) file is the name"):
        api.csv_rows(game, file)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"table_rows\(\) file is the name"):
        api.table_rows(game, "deal", file)  # type: ignore[arg-type]


def test_the_name_of_the_games_file_may_be_a_path() -> None:
    """Every other path the API takes may be a Path: this one was refused."""
    (game,) = api.loads(SHEET)
    (row,) = api.table_rows(game, "deal", Path("g.aln"))
    assert (row["game_id"], row["file"]) == ("g.aln#1", "g.aln")
    (played,) = api.load(ROOT / "samples" / "classic-game.aln")
    assert next(api.csv_rows(played, Path("g.aln")))[0] == "g.aln#1"
    assert "g.aln#1" in api.dumps(played, "csv", file=Path("g.aln"))


def test_dump_writes_nothing_to_a_stream_before_a_game_of_a_list_is_refused() -> None:
    (game,) = api.loads(SHEET)
    out = io.StringIO()
    with pytest.raises(TypeError):
        api.dump([game, None], out, "json")  # type: ignore[list-item]
    assert out.getvalue() == ""


def test_a_ruleset_file_may_be_a_path() -> None:
    toml = ROOT / "samples" / "house-rules.toml"
    assert api.load_ruleset(toml) == api.load_ruleset(str(toml))


def test_a_text_stream_of_any_class_is_read_as_text(tmp_path: Path) -> None:
    """A temporary file opened for text is no io.TextIOBase: it was read as
    bytes, and failed on the first line."""
    import codecs
    import tempfile

    text = (ROOT / "samples" / "score-sheet.aln").read_text("utf-8")
    expected = [g.outcome.score for g in api.loads(text)]
    with tempfile.NamedTemporaryFile("w+", encoding="utf-8", dir=tmp_path) as handle:
        handle.write(text)
        handle.seek(0)
        assert [g.outcome.score for g in api.load(handle)] == expected
    reader = codecs.getreader("utf-8")(io.BytesIO(text.encode("utf-8")))
    assert [g.outcome.score for g in api.load(reader)] == expected


def test_a_json_file_that_is_no_record_is_a_game_its_finding_names(tmp_path: Path) -> None:
    """Counted as game 1, as unreadable ALN text is, its A001 said
    ``"game": null`` (only A010, a file not read at all, names no game)."""
    for name, text in (("x.json", '{"a": 1}\n'), ("y.json", "[1, 2]\n"), ("z.aln", "hello\n")):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        ((_, checked),) = aluette_cli.check_files([path], keep=False)
        (finding,) = checked.outcome.findings
        assert (finding.code, finding.game, checked.game.index) == ("A001", 1, 1), name


def test_the_type_hints_take_the_documented_calls(tmp_path: Path) -> None:
    """docs/api.md: loads takes bytearray and memoryview too, rules a str or
    a Path, load_ruleset's base a folder's name: the hints refused them,
    and a type checker said so of code that runs; nor did the package say
    it has hints (py.typed), so an installed one's were not read."""
    client = tmp_path / "client.py"
    client.write_text(
        "from pathlib import Path\n"
        "import aluette_cli as aluette\n"
        'aluette.loads(bytearray(b"deal 1 dealer W\\n"))\n'
        'aluette.loads(memoryview(b"deal 1 dealer W\\n"))\n'
        'aluette.load("g.aln", rules=Path("house-rules.toml"))\n'
        'aluette.check_files(["g.aln"], rules=Path("house-rules.toml"))\n'
        'aluette.load_ruleset("house-rules.toml", base="samples")\n',
        "utf-8",
    )
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "c"),
         "--follow-imports=silent", str(client)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout
    assert (ROOT / "aluette_cli" / "py.typed").is_file()
