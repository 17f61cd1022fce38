"""One output per input (``aluette_cli/filejobs.py``): the jobs of ``convert`` and
``annotate`` on many files.

Through the command line (test_daily, test_hostile) a job is seen only as
the lines printed and the exit status; here each job is called on one
``(input, output)`` pair, as ``cli._run_jobs`` calls it, and what it says is
compared event by event: the findings of a game with the game's status, the
deals read, and a file that cannot be read or written as one line that costs
only itself.  The records are the examples of docs/violations.md (A104,
A403), whose finding lines the page gives word for word; the other sentences
are the system's reasons as docs/cli.md quotes them ("cannot read FILE:
REASON", "cannot write FILE: REASON").
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import pickle
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import aluette_cli
import aluette_cli.filejobs
from aluette_cli.analysis import Limits
from aluette_cli.filejobs import AnnotateJob, ConvertJob, Read, Said, told
from aluette_cli.pipeline import RuleChoice
from aluette_cli.streams import Walked, WriteError

from .conftest import SAMPLES, check, write

CHOICE = RuleChoice()
#: docs/violations.md, A104: deal 2 is missing (its finding on line 4)
A104 = "deal 1 dealer S\npoint EW\n\ndeal 3 dealer W\npoint NS\n"
SAID_A104 = "A104 deal 3 should be deal 2: deal 1 came before it; deals count up by one (deal 3)"
#: docs/violations.md, A403: a warning, on the tag's line
DATED = '[Date "14/11/2026"]\n\n'
SAID_A403 = "A403 Date '14/11/2026' is not YYYY.MM.DD: write '2026.11.14' (use ? for unknown parts)"
CLEAN = "deal 1 dealer S\npoint EW\n"


@pytest.mark.parametrize(
    ("text", "said", "deals"),
    [
        (CLEAN, [], 1),
        # a warning alone leaves the status at 0 (docs/cli.md, Exit status)
        (DATED + CLEAN, [(f"r.aln:1:1: {SAID_A403}", 0)], 1),
        # with an error in the game, every line of it says 1, the warning's too;
        # the A104 deal line moves from line 4 to 6 below the two tag lines
        (DATED + A104, [(f"r.aln:1:1: {SAID_A403}", 1), (f"r.aln:6:1: {SAID_A104}", 1)], 2),
    ],
    ids=["clean", "warning", "warning-and-error"],
)
def test_told_gives_each_finding_with_its_games_status_then_the_deals_read(
    text: str, said: list[tuple[str, int]], deals: int
) -> None:
    assert list(told(check(text), "r.aln")) == [*(Said(*s) for s in said), Read(deals)]


def test_a_converted_file_is_written_into_the_folders_made_for_it(tmp_path: Path) -> None:
    source = str(write(tmp_path, "r.aln", A104))
    target = tmp_path / "out" / "autumn" / "r.json"
    events = list(ConvertJob(CHOICE, True, "json")((source, str(target))))
    assert events == [Said(f"{source}:4:1: {SAID_A104}", 1), Read(2)]
    document = json.loads(target.read_text("utf-8"))
    assert [deal["number"] for deal in document["games"][0]["deals"]] == [1, 3]
    assert os.listdir(target.parent) == ["r.json"]  # no temporary file left


@pytest.mark.parametrize(
    ("make_folder", "in_the_way", "reason"),
    [(False, False, "No such file or directory"), (True, True, "Not a directory")],
)
def test_an_output_that_cannot_be_written_is_said_and_nothing_made(
    tmp_path: Path, make_folder: bool, in_the_way: bool, reason: str
) -> None:
    """Without make_folder (one output) the folder is the user's to make;
    with it, a file where a folder must go stops it."""
    source = str(write(tmp_path, "r.aln", CLEAN))
    if in_the_way:
        write(tmp_path, "out", "mine")
    target = str(tmp_path / "out" / "autumn" / "r.json")
    events = list(ConvertJob(CHOICE, make_folder, "json")((source, target)))
    assert events == [Said(f"aluette: cannot write {target}: {reason}", 2)]
    assert sorted(os.listdir(tmp_path)) == (["out", "r.aln"] if in_the_way else ["r.aln"])
    assert not in_the_way or (tmp_path / "out").read_text() == "mine"


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("missing", "No such file or directory"),
        ("empty folder", "a folder with no records in it"),
        ("walked pipe", "a named pipe, not a regular file: not opened"),
    ],
)
def test_an_input_that_cannot_be_read_costs_only_itself(
    tmp_path: Path, kind: str, reason: str
) -> None:
    """It is said before any folder is made for its output: out/b is never made."""
    first, last = (str(write(tmp_path, name, CLEAN)) for name in ("a.aln", "c.aln"))
    bad = str(tmp_path / "b")
    if kind == "empty folder":
        os.mkdir(bad)
    elif kind == "walked pipe":
        os.mkfifo(bad)
        bad = Walked(bad)
    out = tmp_path / "out"
    pairs = [(first, out / "a.json"), (bad, out / "b" / "b.json"), (last, out / "c.json")]
    job = ConvertJob(CHOICE, True, "json")
    events = [list(job((file, str(target)))) for file, target in pairs]
    assert events == [[Read(1)], [Said(f"aluette: cannot read {bad}: {reason}", 2)], [Read(1)]]
    assert sorted(os.listdir(out)) == ["a.json", "c.json"]


class FailingDisk(io.BytesIO):
    """A file whose reading fails part way, as on a failing disk or a
    dropped network mount (EIO)."""

    def read(self, size: int | None = -1) -> bytes:
        if self.tell() >= 10:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return super().read(10 if size is None or size < 0 else min(size, 10))

    readline = read  # type: ignore[assignment]
    read1 = read


@pytest.mark.parametrize("to", [None, "-", "out"])
@pytest.mark.parametrize(
    "job",
    [ConvertJob(CHOICE, True, "json"), AnnotateJob(CHOICE, True)],
    ids=["convert", "annotate"],
)
def test_an_input_failing_part_way_is_said_as_unread_and_costs_only_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, job: Any, to: str | None
) -> None:
    """A read that fails inside the output's writing was said as that
    output's ("cannot write <stdout>"), and ended the command: the files
    after it were not read."""
    first, last = (str(write(tmp_path, name, CLEAN)) for name in ("a.aln", "c.aln"))
    bad = str(tmp_path / "b.aln")
    real_open = aluette_cli.filejobs.open_source

    def opened(file: str) -> Any:
        if file == bad:
            return contextlib.nullcontext(FailingDisk(CLEAN.encode("utf-8")))
        return real_open(file)

    monkeypatch.setattr(aluette_cli.filejobs, "open_source", opened)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO()))
    out = tmp_path / "out"
    targets = {name: None if to is None else to if to == "-" else str(out / name) for name in "abc"}
    events = [list(job((f, targets[n]))) for f, n in [(first, "a"), (bad, "b"), (last, "c")]]
    said = Said(f"aluette: cannot read {bad}: {os.strerror(errno.EIO)}", 2)
    assert events[1][-1] == said
    assert events[0] == events[2] and events[0][-1] == Read(1)
    if to == "out":
        assert sorted(os.listdir(out)) == ["a", "c"]


class FullOutput(io.StringIO):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("target", [None, "-"])
def test_standard_output_that_cannot_be_written_ends_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str | None
) -> None:
    """Any other output that fails costs only its file; standard output is
    every file's, so its failure ends the command, as it ends every command."""
    source = str(write(tmp_path, "r.aln", CLEAN))
    monkeypatch.setattr(sys, "stdout", FullOutput())
    with pytest.raises(WriteError, match=r"^cannot write <stdout>: No space left on device$"):
        list(ConvertJob(CHOICE, False, "json")((source, target)))


#: docs/formats.md §7: a JSON Lines line that is not JSON, one A001 finding
NOT_JSON = "this line is not JSON\n"
SAID_NOT_JSON = "A001 not valid JSON: Expecting value; this line is skipped"


@pytest.mark.parametrize(
    ("name", "job", "data", "said"),
    [
        ("-", ConvertJob(CHOICE, False, "aln", "jsonl"), NOT_JSON, [f"1:1: {SAID_NOT_JSON}"]),
        ("bad.jsonl", ConvertJob(CHOICE, False, "aln"), NOT_JSON, [f"1:1: {SAID_NOT_JSON}"]),
        ("-", ConvertJob(CHOICE, False, "json"), A104, [f"4:1: {SAID_A104}", 2]),
        ("-", AnnotateJob(CHOICE, False), A104, [f"4:1: {SAID_A104}", 2]),
    ],
    ids=["stdin-jsonl", "file-jsonl", "stdin-convert", "stdin-annotate"],
)
def test_what_is_said_names_the_input_and_standard_input_as_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, job: Any, data: str, said: list[Any]
) -> None:
    """Each line with status 1 (a syntax error, a rule broken); a number is
    the deals read.  The format comes from --from, the extension, or the
    first line (docs/cli.md, Record formats); a part that is no record
    counts no deal."""
    if name == "-":
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data.encode())))
        file, shown = name, "<stdin>"
    else:
        file = shown = str(write(tmp_path, name, data))
    events = list(job((file, str(tmp_path / "out"))))
    assert events == [Said(f"{shown}:{e}", 1) if isinstance(e, str) else Read(e) for e in said]


@pytest.mark.parametrize(
    "job",
    [ConvertJob(CHOICE, True, "json"), AnnotateJob(CHOICE, True)],
    ids=["convert", "annotate"],
)
def test_a_ruleset_file_named_by_the_record_is_found_beside_it(tmp_path: Path, job: Any) -> None:
    """docs/rules.md: a Rules tag may name a .toml file in the record's own
    folder, wherever the command runs; found there, no A401 is said."""
    classic = Path(aluette_cli.__file__).parent / "rulesets" / "classic.toml"
    text = classic.read_text("utf-8").replace('name = "classic"', 'name = "house"')
    (tmp_path / "club").mkdir()
    write(tmp_path / "club", "house.toml", text)
    record = str(write(tmp_path / "club", "r.aln", '[Rules "house.toml"]\n\n' + CLEAN))
    assert list(job((record, str(tmp_path / "club" / "r.out")))) == [Read(1)]


@pytest.mark.parametrize(
    ("compact", "lossless", "version", "positions"),
    [(False, False, 1, True), (True, False, 2, False), (True, True, 2, True)],
)
def test_the_compact_form_is_written_as_asked(
    tmp_path: Path, compact: bool, lossless: bool, version: int, positions: bool
) -> None:
    """docs/formats.md: the full form (version 1) keeps positions; the
    compact one (version 2) drops them unless lossless."""
    record = str(write(tmp_path, "r.aln", CLEAN))
    job = ConvertJob(CHOICE, False, "jsonl", compact=compact, lossless=lossless)
    assert list(job((record, str(tmp_path / "r.jsonl")))) == [Read(1)]
    (line,) = (tmp_path / "r.jsonl").read_text("utf-8").splitlines()
    row = json.loads(line)
    assert (row["version"], "pos" in row["deal"]) == (version, positions)


@pytest.mark.parametrize("in_place", [True, False])
def test_annotating_adds_only_generated_comments(tmp_path: Path, in_place: bool) -> None:
    """docs/formats.md §5: the finding on the line it concerns, and with every
    {= ...} removed (the page's sed expression) the record as it was written."""
    (tmp_path / "in").mkdir()
    source = write(tmp_path / "in", "r.aln", A104)
    target = source if in_place else tmp_path / "out" / "deep" / "r.aln"
    events = list(AnnotateJob(CHOICE, not in_place)((str(source), str(target))))
    assert events == [Said(f"{source}:4:1: {SAID_A104}", 1), Read(2)]
    written = target.read_bytes()
    assert re.sub(rb"[ \t]*\{=[^}]*\}", b"", written) == A104.encode()
    assert [b"A104" in line for line in written.splitlines()] == [False] * 3 + [True, False]
    assert os.listdir(target.parent) == ["r.aln"]  # no temporary file left
    assert in_place or source.read_text() == A104


class ChangedMeanwhileJob(AnnotateJob):
    """Another program appends to the file once it is annotated, before the rename."""

    def run(self, file: str, target: str | None, stream: object, out: object) -> Iterator[Any]:
        yield from AnnotateJob.run(self, file, target, stream, out)
        with open(file, "a", encoding="utf-8") as other:
            other.write("{their note}\n")


def test_a_file_changed_while_annotated_in_place_is_left_as_changed(tmp_path: Path) -> None:
    """docs/cli.md, "A file changed while it is rewritten is left alone": said
    after the file's findings, with status 1, the other program's text kept
    (test_hostile sees only the exit status and the message's words)."""
    record = write(tmp_path, "r.aln", A104)
    events = list(ChangedMeanwhileJob(CHOICE, False)((str(record), str(record))))
    changed = "not written: it changed after it was read, so it was not overwritten"
    assert events == [
        Said(f"{record}:4:1: {SAID_A104}", 1),
        Read(2),
        Said(f"aluette: {record} {changed}; run again to include the change", 1),
    ]
    assert record.read_text("utf-8") == A104 + "{their note}\n"
    assert os.listdir(tmp_path) == ["r.aln"]


def test_jobs_and_what_they_say_go_to_and_from_worker_processes_whole() -> None:
    """With -j each file is a job of a worker process: the job and its
    events are pickled (parallel.map_in_order)."""
    jobs = [
        ConvertJob(CHOICE, True, "jsonl", "aln", "seats", compact=True, lossless=True),
        AnnotateJob(RuleChoice("team-five", frozenset()), False, Limits(4, 2.5)),
    ]
    events = [Said("r.aln:4:1: A104", 1), Read(7)]
    for value in (*jobs, events):
        assert pickle.loads(pickle.dumps(value)) == value


#: A game under a ruleset file beside the record (docs/rules.md §8)
HOUSE = '[Rules "house.toml"]\n\n' + CLEAN


@pytest.mark.parametrize("job", [ConvertJob(CHOICE, True, "json"), AnnotateJob(CHOICE, True)])
def test_an_output_away_from_its_ruleset_file_is_warned_of(tmp_path: Path, job: Any) -> None:
    """The Rules tag goes with the record, the file it names does not: an
    output written where that name finds no file, or another ruleset, would
    be checked under other rules, so the job says so (once a file), and
    says nothing where the same ruleset lies beside it."""
    house = (SAMPLES / "house-rules.toml").read_text("utf-8")
    club = tmp_path / "club"
    club.mkdir()
    (club / "house.toml").write_text(house, encoding="utf-8")
    source = str(write(club, "r.aln", HOUSE + "\n" + HOUSE))  # two games, one warning
    target = tmp_path / "away" / "r.out"  # (no ruleset file there)
    said = [e for e in job((source, str(target))) if isinstance(e, Said)]
    assert said == [
        Said(
            f"aluette: warning: {target} names the ruleset file 'house.toml' in its Rules tag,"
            f" but {target.parent / 'house.toml'} cannot be read: copy {club / 'house.toml'}"
            " beside it, or it is read under other rules than the game was checked under"
        )
    ]
    for folder, ruleset, warned in (("older", "older", True), ("copy", "house-rules", False)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "house.toml").write_text(house.replace("house-rules", ruleset))
        target = tmp_path / folder / "r.out"
        said = [e for e in job((source, str(target))) if isinstance(e, Said)]
        another = f"but {target.parent / 'house.toml'} is another ruleset"
        assert [another in e.text for e in said] == ([True] if warned else [])
    assert [e for e in job((source, None)) if isinstance(e, Said)] == []  # (standard output)


def test_an_output_interrupted_before_it_is_written_leaves_no_folder_made_for_it(
    tmp_path: Path,
) -> None:
    """Ctrl-C while the first output into ``-o FOLDER`` is written: the
    temporary file goes, and so do the folders made for it, still empty;
    a folder that was there before stays."""

    class Stopped(ConvertJob):
        def run(self, file: str, target: str | None, stream: object, out: object) -> Iterator[Any]:
            yield Read(0)
            raise KeyboardInterrupt

    source = str(write(tmp_path, "r.aln", A104))
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "autumn" / "week 1" / "r.json"
    with pytest.raises(KeyboardInterrupt):
        list(Stopped(CHOICE, True, "json")((source, str(target))))
    assert list((tmp_path / "out").iterdir()) == []
    events = list(ConvertJob(CHOICE, True, "json")((source, str(target))))  # (done: kept)
    assert events[-1] == Read(2) and target.is_file()
