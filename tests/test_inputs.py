"""Which files a command reads and where its outputs go (``aluette_cli/inputs.py``).

The command-line tests (test_daily, test_convert, test_hostile) show a wrong
order or a misplaced output only as a changed message far from its cause.
Here the functions are called as ``aluette_cli/cli.py`` calls them, in a
temporary folder made the current one (paths read as a user types them),
every expected list worked out by hand from docs/cli.md ("Folders", "Output
file", convert, annotate) and the module's notes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from aluette_cli.inputs import ALN_SUFFIXES, RECORD_SUFFIXES, expand, is_folder, output_paths
from aluette_cli.inputs import writes_into_inputs as writes_into
from aluette_cli.streams import Walked

from .conftest import run

ALONE = "- (standard input) can only be read alone, not in place"
WITH_OTHERS = "- (standard input) can only be read alone, not with other inputs"
NOT_ALL = "several outputs cannot all go to standard output"
GIVE_O = (
    "several inputs: give -o FOLDER for the outputs, or --in-place to write each beside its input"
)
INSIDE = "-o {} is inside the folder {}, whose records are being read"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def lay_out(*names: str) -> None:
    """Empty files, or folders for names ending in "/" (what a file holds is
    never read here)."""
    for name in names:
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).mkdir() if name.endswith("/") else Path(name).write_bytes(b"")


def found(top: str, suffixes: tuple[str, ...] = RECORD_SUFFIXES) -> list[str]:
    return [Path(p).relative_to(top).as_posix() for p in expand([top], suffixes)]


# --------------------------------------------------------------------------
# expand: what a folder stands for


def test_names_are_sorted_at_each_level_byte_wise_not_as_whole_paths() -> None:
    """At the top level B.aln (0x42) < a < "a b" (a space after the shorter
    "a") < a.aln ("." is 0x2e), each folder walked where its name falls.
    Whole paths would put "a b/x.aln" and a.aln before a/x.aln ("/" is 0x2f);
    a sort without case would put B.aln last."""
    lay_out("t/a.aln", "t/a b/x.aln", "t/a/x.aln", "t/B.aln")
    assert found("t") == ["B.aln", "a/x.aln", "a b/x.aln", "a.aln"]


def test_a_name_that_is_not_utf8_is_sorted_by_its_bytes() -> None:
    os.mkdir("t")
    for name in (b"t/\x80.aln", "t/é.aln".encode()):
        open(name, "wb").close()
    assert found("t") == [os.fsdecode(b"\x80.aln"), "é.aln"]  # 0x80 < 0xc3


@pytest.mark.parametrize(
    ("suffixes", "expected"),
    [(RECORD_SUFFIXES, ["a.aln", "b.JSON", "c.jsonl", "d.NDJSON"]), (ALN_SUFFIXES, ["a.aln"])],
)
def test_only_the_record_extensions_are_taken_in_any_case(
    suffixes: tuple[str, ...], expected: list[str]
) -> None:
    # "t/haln" and "x.aln.bak" end in the letters, not in the extension
    lay_out(*(f"t/{n}" for n in ("a.aln", "b.JSON", "c.jsonl", "d.NDJSON", "haln", "x.aln.bak")))
    assert found("t", suffixes) == expected


def test_a_hidden_folder_named_on_the_command_line_is_walked() -> None:
    """Only what the walk meets is skipped for its dot: the folder the user
    named, "." or ".archive", is walked, and its own hidden entries skipped."""
    lay_out("a.aln", ".git/x.aln", ".archive/r.aln", ".archive/.r.aln")
    assert list(expand(["."])) == ["./a.aln"]
    assert list(expand([".archive"])) == [".archive/r.aln"]


def test_files_found_by_the_walk_are_walked_paths_and_named_ones_are_not() -> None:
    """A Walked path is opened only if it is a regular file, so the FIFO is
    listed (listing does not block) as one, and so is a link to a record; a
    link to a folder is not followed.  A file the user named is read
    whatever it is: a plain path."""
    lay_out("records/a.aln", "elsewhere/x.aln", "elsewhere/y.aln")
    os.mkfifo("records/pipe.aln")
    Path("records/linked").symlink_to(Path("elsewhere").resolve(), True)
    Path("records/r.aln").symlink_to(Path("elsewhere/x.aln").resolve())
    paths = list(expand(["records", "elsewhere/y.aln", "-"]))
    walked = ["records/a.aln", "records/pipe.aln", "records/r.aln"]
    assert paths == [*walked, "elsewhere/y.aln", "-"]
    assert [isinstance(p, Walked) for p in paths] == [True, True, True, False, False]


def test_a_file_met_again_is_taken_once_where_it_is_first_met() -> None:
    """Named twice, named and found in a folder named too, or reached
    through a link: one file, read once (``stats`` counted its games
    twice).  A name that is no file, and standard input, keep every place:
    each fails, or is read, where it stands."""
    lay_out("records/a.aln", "records/b.aln")
    Path("records/link.aln").symlink_to(Path("records/b.aln").resolve())
    os.link("records/a.aln", "hard.aln")
    given = ["records/b.aln", "records", "./records/a.aln", "hard.aln", "records/b.aln"]
    assert list(expand(given, once=True)) == ["records/b.aln", "records/a.aln"]
    lost = ["gone.aln", "gone.aln", "-", "-"]
    assert list(expand(lost, once=True)) == lost
    # A command that writes for each input writes for each name: a hard
    # link's second name, written beside and renamed, is a file of its own
    # (fmt of a folder left it unformatted, and said the folder was done).
    walked = ["records/a.aln", "records/b.aln", "records/link.aln"]
    assert list(expand(given)) == ["records/b.aln", *walked, "./records/a.aln", *given[3:]]
    pairs, _ = output_paths(("records", "hard.aln"), None, True, None, RECORD_SUFFIXES)
    assert [file for file, _ in pairs] == [*walked, "hard.aln"]


@pytest.mark.parametrize("names", [[], ["notes.txt", "sub/"], [".r.aln", "sub/.x.json"]], ids=str)
def test_a_folder_with_no_record_stands_for_itself(names: list[str]) -> None:
    """As a plain path, so that opening it says why it cannot be read."""
    lay_out("club/", *(f"club/{name}" for name in names))
    (path,) = expand(["club"])
    assert path == "club" and not isinstance(path, Walked)


def test_a_folder_that_cannot_be_listed_keeps_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root, who may list any folder: the refusal is made here."""
    lay_out("season/a.aln", "season/locked/b.aln", "season/z.aln", "shut/c.aln")
    real_scandir = os.scandir

    def refusing(path: str) -> object:
        if path in ("season/locked", "shut"):
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    paths = list(expand(["season", "shut"]))
    assert paths == ["season/a.aln", "season/locked", "season/z.aln", "shut"]
    assert [isinstance(p, Walked) for p in paths] == [True, False, True, False]


def test_a_dash_is_standard_input_even_beside_a_folder_named_dash() -> None:
    lay_out("-/r.aln")
    assert is_folder("-") is False and is_folder("./-") is True
    # the paths in the order given, a folder's joined as spelled ("./-" + "/r.aln")
    assert list(expand(["b.aln", "-", "./-", "a.aln"])) == ["b.aln", "-", "./-/r.aln", "a.aln"]
    # one input, so one output: a folder would have made several, and a refusal
    assert output_paths(("-",), None, False, ".json", RECORD_SUFFIXES) == ([("-", None)], False)


# --------------------------------------------------------------------------
# output_paths: where each output goes


@pytest.mark.parametrize(
    ("file", "output", "in_place", "suffix", "target"),
    [
        ("season/r1.aln", None, False, ".json", None),
        ("season/r1.aln", "x.json", False, ".json", "x.json"),
        ("season/r1.aln", "-", False, ".json", "-"),
        ("season/r1.aln", "out", False, ".json", "out/r1.json"),
        ("-", "out", False, None, "out/stdin.aln"),
        ("season/r1.aln", None, True, ".csv", "season/r1.csv"),
        ("season/r1.aln", None, True, None, "season/r1.aln"),
        ("season/old.tar.aln", None, True, ".json", "season/old.tar.json"),
    ],
)
def test_one_input_goes_to_standard_output_to_a_file_or_into_a_folder(
    file: str, output: str | None, in_place: bool, suffix: str | None, target: str | None
) -> None:
    lay_out("season/r1.aln", "season/old.tar.aln", "out/")  # out: an existing folder
    pairs = output_paths((file,), output, in_place, suffix, RECORD_SUFFIXES)
    assert pairs == ([(file, target)], False)


def test_one_input_into_a_folder_named_with_a_slash_that_is_not_there_yet() -> None:
    """``-o new/`` names a folder: the output goes into it, made (it was
    written as a file named ``new``, the / dropped)."""
    lay_out("season/r1.aln", "out/")
    assert output_paths(("season/r1.aln",), "new/", False, ".json", RECORD_SUFFIXES) == (
        [("season/r1.aln", "new/r1.json")],
        True,
    )
    # an existing folder, with or without its /: nothing to make
    assert output_paths(("season/r1.aln",), "out/", False, ".json", RECORD_SUFFIXES) == (
        [("season/r1.aln", "out/r1.json")],
        False,
    )


@pytest.mark.parametrize(
    ("output", "suffix", "suffixes", "targets"),
    [
        # into -o: the tree below the folder named kept, a file named alone at the top
        ("out", ".json", RECORD_SUFFIXES, "out/autumn/r1.json out/n.json out/r2.json out/r3.json"),
        ("out", None, ALN_SUFFIXES, "out/autumn/r1.aln out/r2.aln out/r3.aln"),
        ("out", None, RECORD_SUFFIXES, "out/autumn/r1.aln out/n.json out/r2.aln out/r3.aln"),
        # --in-place: beside each input
        (None, ".csv", RECORD_SUFFIXES, "s/autumn/r1.csv s/n.csv s/r2.csv solo/r3.csv"),
        (None, None, ALN_SUFFIXES, "s/autumn/r1.aln s/r2.aln solo/r3.aln"),
    ],
)
def test_several_inputs_each_get_an_output_of_their_own(
    output: str | None, suffix: str | None, suffixes: tuple[str, ...], targets: str
) -> None:
    """The inputs in walk order: autumn/ < n.json < r2.aln, then solo's r3.aln."""
    inputs = ["s/autumn/r1.aln", "s/n.json", "s/r2.aln", "solo/r3.aln"]
    lay_out(*inputs)
    pairs = output_paths(("s", "solo/r3.aln"), output, output is None, suffix, suffixes)
    taken = [i for i in inputs if i.endswith(suffixes)]
    expected = list(zip(taken, targets.split(), strict=True))
    assert pairs == (expected, True)
    # the folder alone is several inputs too: the same pairs but solo's, the last
    alone = output_paths(("s",), output, output is None, suffix, suffixes)
    assert alone == (expected[:-1], True)


@pytest.mark.parametrize(
    ("files", "output", "in_place", "sentence"),
    [
        (("r1.aln",), "out", True, "--in-place and -o exclude each other"),
        (("-",), None, True, ALONE),
        (("r1.aln", "-"), "out", False, WITH_OTHERS),
        (("r1.aln", "r2.aln"), "-", False, NOT_ALL),
        (("season",), "-", False, NOT_ALL),
        (("r1.aln", "r2.aln"), None, False, GIVE_O),
        (("season",), None, False, GIVE_O),  # one folder is several inputs
    ],
)
def test_a_choice_that_cannot_be_carried_out_is_refused_with_its_sentence(
    files: tuple[str, ...], output: str | None, in_place: bool, sentence: str
) -> None:
    lay_out("r1.aln", "r2.aln", "season/a.aln")
    with pytest.raises(ValueError, match=f"^{re.escape(sentence)}$"):
        output_paths(files, output, in_place, ".json", RECORD_SUFFIXES)


def test_one_folder_with_no_record_goes_to_be_read_and_said_as_validate_says_it() -> None:
    """An empty folder is no several inputs: it goes on, alone, to the
    reading, which says it cannot be read (a folder with no records in it),
    as validate does, not that -o is wanted."""
    lay_out("r1.aln")
    os.makedirs("empty/sub")
    assert output_paths(("empty",), None, False, ".json", RECORD_SUFFIXES) == (
        [("empty", None)],
        False,
    )
    result = run("convert", "--to", "json", "empty")
    assert result.exit_code == 2
    assert result.stderr == "aluette: cannot read empty: a folder with no records in it\n"
    # fmt, too, said it cannot format a folder in place, and to give it as
    # standard input
    for args in ([], ["--check"]):
        result = run("fmt", *args, "empty")
        assert result.exit_code == 2
        said = result.stderr.splitlines()
        assert said[0] == "aluette: cannot read empty: a folder with no records in it", args


@pytest.mark.parametrize(
    ("files", "output", "sentence"),
    [
        # season/a.aln -> out/a.json, and so does solo/a.aln
        (("season", "solo/a.aln"), "out", "season/a.aln and solo/a.aln {} out/a.json"),
        # in place: p/r.aln -> p/r.json, which p/r.json also becomes
        (("p",), None, "p/r.aln and p/r.json {} p/r.json"),
        # one file named twice: r.json and sub/../r.json are one path
        (("p/r.aln", "p/sub/../r.aln"), None, "p/r.aln and p/sub/../r.aln {} p/sub/../r.json"),
    ],
)
def test_two_inputs_bound_for_one_output_are_refused_naming_both(
    files: tuple[str, ...], output: str | None, sentence: str
) -> None:
    lay_out("season/a.aln", "solo/a.aln", "p/r.aln", "p/r.json")
    sentence = sentence.format("would both be written to")
    with pytest.raises(ValueError, match=f"^{re.escape(sentence)}$"):
        output_paths(files, output, output is None, ".json", RECORD_SUFFIXES)


@pytest.mark.parametrize(("output", "written"), [("out", "out/a.json"), (".", "a.json")])
def test_a_folder_with_no_record_among_several_inputs_costs_only_itself(
    output: str, written: str
) -> None:
    # e1 and e2 stand for themselves (reading them will fail in their place),
    # each under a name of its own, never the -o folder itself
    lay_out("season/a.aln", "e1/", "e2/")
    pairs, many = output_paths(("e1", "e2", "season"), output, False, ".json", RECORD_SUFFIXES)
    assert [file for file, _ in pairs] == ["e1", "e2", "season/a.aln"] and many
    assert pairs[-1] == ("season/a.aln", written)
    assert len({target for _, target in pairs}) == 3


# --------------------------------------------------------------------------
# writes_into_inputs: -o must not name what is read


def test_o_may_not_name_an_input_file_nor_a_link_to_one() -> None:
    lay_out("club/r.aln")
    os.symlink("club/r.aln", "soft.txt")
    os.link("club/r.aln", "hard.txt")
    for output in ("club/r.aln", "./club/r.aln", "soft.txt", "hard.txt"):
        assert writes_into(("-", "club/r.aln"), output) == f"-o {output} is one of the input files"
    for output in (None, "-", "club/other.aln"):
        assert writes_into(("club/r.aln",), output) is None


@pytest.mark.parametrize(
    ("output", "inside"),
    [
        ("club/report.aln", True),
        ("club/sub/deep/REPORT.JSON", True),  # deeper, not made yet, any case
        ("./club/report.ndjson", True),
        ("club/report.txt", False),  # not a record: never read back
        ("club2/report.aln", False),  # the folder's name is only its prefix
        ("club/../report.aln", False),  # beside the folder, not in it
        ("club.aln", False),
    ],
)
def test_o_may_not_name_a_record_file_inside_a_folder_being_read(output: str, inside: bool) -> None:
    lay_out("club/r.aln", "club2/x.aln")
    said = writes_into(("club2/x.aln", "club"), output)
    assert said == (INSIDE.format(output, "club") if inside else None)


@pytest.mark.parametrize(("folder", "output"), [("link", "club/r.aln"), ("club", "link/r.aln")])
def test_o_through_a_link_to_the_folder_being_read_is_refused(folder: str, output: str) -> None:
    lay_out("club/a.aln")
    Path("link").symlink_to(Path("club").resolve(), True)
    assert writes_into((folder,), output) == INSIDE.format(output, folder)


@pytest.mark.parametrize("files", [("pipe.aln",), ("r1.aln", "pipe.aln")], ids=["alone", "among"])
def test_a_named_pipe_named_is_not_replaced_in_place(files: tuple[str, ...]) -> None:
    """Written back into the pipe being read, the output would block the
    command for ever, or be thrown away: refused before anything is opened."""
    lay_out("r1.aln")
    os.mkfifo("pipe.aln")
    sentence = (
        "pipe.aln cannot be replaced in place: it is a named pipe, not a file;"
        " write the output with -o, or to standard output"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(sentence)}$"):
        output_paths(files, None, True, None, ALN_SUFFIXES)
    # beside it under another name, or to -o, it is only read
    assert output_paths(files[-1:], None, True, ".json", RECORD_SUFFIXES)[0] == [
        ("pipe.aln", "pipe.json")
    ]
    assert output_paths(("pipe.aln",), "out.aln", False, None, ALN_SUFFIXES)[0] == [
        ("pipe.aln", "out.aln")
    ]


def test_a_pipe_found_in_a_folder_costs_only_itself_in_place() -> None:
    # it is skipped where it is read (a walked path is opened only if it is
    # a regular file); the folder's records are still annotated
    lay_out("club/a.aln")
    os.mkfifo("club/pipe.aln")
    pairs, _ = output_paths(("club",), None, True, None, ALN_SUFFIXES)
    assert pairs == [("club/a.aln", "club/a.aln"), ("club/pipe.aln", "club/pipe.aln")]
