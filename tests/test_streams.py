"""Safe writes (``aluette_cli/streams.py``): links, pipes, devices, modes, full disks, kills.

Every test makes its own paths in a temporary directory: a full device is a
node made with ``os.mknod`` (tests run as root, as many CIs do), never the
machine's ``/dev/full``.
"""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from aluette_cli.streams import temp_pattern

from .conftest import SAMPLES, dead_pid, generated, run, write

CLASSIC = SAMPLES / "classic-game.aln"
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def aluette(*args: str | os.PathLike[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``aluette ARGS`` in a process of its own, as a user runs it."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run(
        [sys.executable, "-m", "aluette_cli", *map(os.fspath, args)],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        **kwargs,  # type: ignore[call-overload]
    )


def full_device(tmp_path: Path) -> Path:
    """A node of the full device (1, 7): every write fails with ENOSPC."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    node = tmp_path / "full"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    return node


def is_full_device(node: Path) -> bool:
    st = os.lstat(node)
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 7)


def no_temp_left(directory: Path) -> bool:
    return not [p for p in os.listdir(directory) if ".aluette-" in p and p.endswith(".tmp")]


# --------------------------------------------------------------------------
# A full device, as standard output and as -o, for every command


def _commands(tmp_path: Path) -> dict[str, list[str]]:
    wrong = write(tmp_path, "wrong.aln", "deal 1 dealer N\npoint NS\n\ndeal 3 dealer E\npoint NS\n")
    record = write(tmp_path, "rec.aln", CLASSIC.read_bytes())
    return {
        "validate": ["validate", str(wrong)],
        "report": ["report", str(record)],
        "rules": ["rules"],
        "generate": ["generate"],
        "convert": ["convert", str(record), "--to", "json"],
        "annotate": ["annotate", str(record)],
        "stats": ["stats", str(record)],
        "fmt": ["fmt", "-"],
    }


@pytest.mark.parametrize(
    "command", ["validate", "report", "rules", "generate", "convert", "annotate", "stats", "fmt"]
)
def test_a_full_disk_as_standard_output_is_one_line_and_exit_2(
    tmp_path: Path, command: str
) -> None:
    node = full_device(tmp_path)
    args = _commands(tmp_path)[command]
    source = CLASSIC if command == "fmt" else Path(os.devnull)
    with open(node, "w") as out, open(source, "rb") as stdin:
        result = aluette(*args, stdout=out, stdin=stdin)
    assert result.returncode == 2, result.stderr
    assert (
        result.stderr.splitlines()[-1] == "aluette: cannot write <stdout>: No space left on device"
    )
    assert "internal error" not in result.stderr
    assert is_full_device(node)


@pytest.mark.parametrize("command", ["generate", "convert", "annotate"])
def test_a_full_disk_as_output_file_is_one_line_and_the_node_stays(
    tmp_path: Path, command: str
) -> None:
    node = full_device(tmp_path)
    result = aluette(*_commands(tmp_path)[command], "-o", node)
    assert result.returncode == 2
    assert result.stderr == f"aluette: cannot write {node}: No space left on device\n"
    assert is_full_device(node)
    assert no_temp_left(tmp_path)


# --------------------------------------------------------------------------
# Links, pipes, modes and owners


def test_output_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = write(tmp_path, "real.aln", "old\n")
    link = tmp_path / "link.aln"
    link.symlink_to("real.aln")
    result = run("convert", str(CLASSIC), "--to", "aln", "-o", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real.aln"
    assert target.read_text("utf-8").startswith('[Event "')
    assert no_temp_left(tmp_path)


def test_annotate_in_place_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    target = write(tmp_path, "real.aln", CLASSIC.read_bytes())
    link = tmp_path / "link.aln"
    link.symlink_to(target)
    result = run("annotate", str(link), "--in-place")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "{=" in target.read_text("utf-8")


def test_output_to_a_fifo_streams_into_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as pipe:
            got.append(pipe.read())

    reader = threading.Thread(target=read)
    reader.start()
    result = aluette("convert", CLASSIC, "--to", "aln", "-o", fifo)
    reader.join(timeout=60)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and got[0].startswith(b'[Event "')
    assert no_temp_left(tmp_path)


def test_a_new_file_gets_the_umask_mode_and_an_old_one_keeps_its_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.aln"
        assert run("generate", "-o", str(new)).exit_code == 0
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = write(tmp_path, "kept.aln", "x\n")
        kept.chmod(0o640)
        assert run("generate", "-o", str(kept)).exit_code == 0
        assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    finally:
        os.umask(old)


@pytest.mark.parametrize("mode", [0o4755, 0o2755, 0o1644, 0o6750])
def test_a_file_rewritten_keeps_its_special_mode_bits(tmp_path: Path, mode: int) -> None:
    """The set-user-ID and set-group-ID bits too: setting the owner after
    the mode cleared them (cli.md, How files are written)."""
    kept = write(tmp_path, "kept.aln", "deal 1 dealer N\npoint   NS\n")
    kept.chmod(mode)
    assert run("fmt", str(kept)).exit_code == 0
    assert kept.read_text("utf-8") == "deal 1 dealer N\npoint NS\n"
    assert stat.S_IMODE(kept.stat().st_mode) == mode


def test_in_place_keeps_the_owner(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("changing a file's owner needs root")
    record = write(tmp_path, "owned.aln", CLASSIC.read_bytes())
    os.chown(record, 12345, 23456)
    assert run("annotate", str(record), "--in-place").exit_code == 0
    st = record.stat()
    assert (st.st_uid, st.st_gid) == (12345, 23456)


def test_a_missing_directory_is_one_line_and_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "out.aln"
    result = aluette("generate", "-o", target)
    assert result.returncode == 2
    assert result.stderr == f"aluette: cannot write {target}: No such file or directory\n"


@pytest.mark.parametrize("command", [["report"], ["convert", "--to", "json"], ["annotate"]])
def test_an_output_through_a_folder_that_is_not_there_is_not_written(
    tmp_path: Path, command: list[str]
) -> None:
    """``gone/../in.aln`` names no file: the kernel finds no ``gone`` (a
    shell's redirect says so), though the path's text, with ``..`` taken
    off, is the input's; the input stays as it was."""
    record = write(tmp_path, "in.aln", CLASSIC.read_bytes())
    for folder, reason in (("gone", "No such file or directory"), ("in.aln", "Not a directory")):
        target = f"{tmp_path}/{folder}/../in.aln"
        result = run(command[0], str(record), *command[1:], "-o", target)
        assert result.exit_code == 2, result.output
        assert f"aluette: cannot write {target}: {reason}" in result.stderr
    assert record.read_bytes() == CLASSIC.read_bytes()


def test_a_file_the_user_may_not_write_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only file is refused, as a shell's redirect refuses it, though
    renaming over it could replace it (the tests run as root, to whom every
    file is writable: the kernel's answer is made here)."""
    kept = write(tmp_path, "report.txt", "kept\n")
    kept.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: mode != os.W_OK and real_access(path, mode)
    )
    result = run("report", str(CLASSIC), "-o", str(kept))
    assert result.exit_code == 2
    assert result.stderr == f"aluette: cannot write {kept}: Permission denied\n"
    assert kept.read_text() == "kept\n"


@pytest.mark.parametrize(
    ("args", "hint"),
    [(["convert", "--to", "aln"], "aluette fmt"), (["annotate"], "--in-place")],
)
def test_output_naming_the_input_is_refused(tmp_path: Path, args: list[str], hint: str) -> None:
    record = write(tmp_path, "in.aln", CLASSIC.read_bytes())
    link = tmp_path / "alias.aln"
    link.symlink_to(record)
    for output in (record, link):
        result = run(args[0], str(record), *args[1:], "-o", str(output))
        assert result.exit_code == 2
        assert "is the input file" in result.stderr and hint in result.stderr
    assert record.read_bytes() == CLASSIC.read_bytes()


def test_convert_in_place_to_its_own_format_says_so(tmp_path: Path) -> None:
    """No -o was given: the refusal named one ("-o in.aln is the input file")."""
    record = write(tmp_path, "in.aln", CLASSIC.read_bytes())
    result = run("convert", record, "--to", "aln", "--in-place")
    assert result.exit_code == 2
    assert f"--in-place would write over the input file {record}; use `aluette fmt" in (
        result.stderr
    )
    assert "Error: -o " not in result.stderr
    assert record.read_bytes() == CLASSIC.read_bytes()


@pytest.mark.parametrize("to", ["json", "jsonl", "csv"])
def test_a_record_not_of_aln_written_over_itself_is_not_sent_to_fmt(
    tmp_path: Path, to: str
) -> None:
    """fmt writes ALN only: it refuses the JSON it was named for."""
    converted = run("convert", str(CLASSIC), "--to", to).stdout
    record = write(tmp_path, f"in.{to}", converted)
    for args in (["--in-place"], ["-o", str(record)]):
        result = run("convert", record, "--to", to, *args)
        assert result.exit_code == 2
        assert "aluette fmt" not in result.stderr
        assert result.stderr.endswith("; write the output to another file with -o\n")
    assert record.read_text("utf-8") == converted
    result = run("convert", record, "--to", "aln", "-o", str(record))  # (ALN over JSON)
    assert "aluette fmt" not in result.stderr and "another file" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["validate"],
        ["report"],
        ["report", "--format", "html"],
        ["convert", "--to", "json"],
        ["annotate"],
        ["stats"],
        ["analyse"],
    ],
    ids=" ".join,
)
def test_output_naming_the_file_standard_input_is_redirected_from_is_refused(
    tmp_path: Path, args: list[str]
) -> None:
    """``aluette report - -o club.aln < club.aln`` replaced the record with
    its report (validate's with an empty file, status 0): standard input
    redirected from a file reads that file as surely as naming it does.  A
    real process, its standard input the file."""
    record = write(tmp_path, "club.aln", CLASSIC.read_bytes())
    command = [sys.executable, "-m", "aluette_cli", args[0], "-", *args[1:], "-o", str(record)]
    with record.open("rb") as stdin:
        result = subprocess.run(command, stdin=stdin, capture_output=True, check=False)
    assert result.returncode == 2, result.stderr
    assert f"-o {record} is the file standard input is read from" in result.stderr.decode()
    assert record.read_bytes() == CLASSIC.read_bytes()


def test_output_beside_the_file_standard_input_is_redirected_from_is_written(
    tmp_path: Path,
) -> None:
    record = write(tmp_path, "club.aln", CLASSIC.read_bytes())
    target = tmp_path / "club.json"
    command = [sys.executable, "-m", "aluette_cli", "convert", "-", "--to", "json"]
    with record.open("rb") as stdin:
        result = subprocess.run([*command, "-o", str(target)], stdin=stdin, check=False)
    assert result.returncode == 0
    assert target.read_text("utf-8").startswith("{")
    assert record.read_bytes() == CLASSIC.read_bytes()


@pytest.mark.parametrize("args", [["convert", "--to", "aln"], ["annotate"]])
def test_an_output_that_is_another_input_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    # The folder "." holds a.aln and sub/a.aln: -o sub would write a.aln's
    # output over sub/a.aln before it is read.
    write(tmp_path, "a.aln", b"deal 1 dealer N\npoint NS\n")
    (tmp_path / "sub").mkdir()
    inner = write(tmp_path, "sub/a.aln", b"deal 1 dealer E\npoint EW\n")
    monkeypatch.chdir(tmp_path)
    result = run(args[0], ".", *args[1:], "-o", "sub")
    assert result.exit_code == 2
    assert "is an input too" in result.stderr and "sub/a.aln" in result.stderr
    assert inner.read_bytes() == b"deal 1 dealer E\npoint EW\n"
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.aln")) == [
        "a.aln",
        "sub/a.aln",
    ]
    # in place, each output is its own input, and only that
    assert run("annotate", ".", "--in-place").exit_code == 0


# --------------------------------------------------------------------------
# Temporary files: never left on an exit we live through


def _big_record(tmp_path: Path, games: int) -> Path:
    return write(tmp_path, "big.aln", generated(11, "--games", str(games)))


def test_sigterm_during_in_place_leaves_no_temp_and_the_original(tmp_path: Path) -> None:
    record = _big_record(tmp_path, 400)
    before = record.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-m", "aluette_cli", "annotate", str(record), "--in-place"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while no_temp_left(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    assert no_temp_left(tmp_path)
    # The signal may come after the rename, too late to stop it: then the
    # record is annotated whole, whatever the exit status.
    assert record.read_bytes() in (before, _annotated(record, before))


def _annotated(record: Path, text: bytes) -> bytes:
    """What ``annotate`` makes of ``text``, read from a copy beside ``record``."""
    copy = write(record.parent, "copy-" + record.name, text)
    result = run("annotate", str(copy))
    assert result.exit_code == 0, result.stderr
    copy.unlink()
    return result.stdout_bytes


#: ``annotate --in-place FILE`` with a signal sent to itself the instant after
#: the step named (``open``: the temporary file is made; ``replace``: it is
#: renamed over the record), so that each moment of a write is tested, not
#: only those a timer happens to hit.
SIGNAL_AT = """
import os, signal, sys
record, step, signum = sys.argv[1], sys.argv[2], int(sys.argv[3])
real = getattr(os, step)

def then_signal(*args, **kwargs):
    got = real(*args, **kwargs)
    if ".aluette-" in os.fspath(args[0]):
        os.kill(os.getpid(), signum)
    return got

setattr(os, step, then_signal)
sys.argv = ["aluette", "annotate", record, "--in-place"]
from aluette_cli.__main__ import run
run()
"""


@pytest.mark.parametrize(
    ("step", "signum", "status"),
    [
        pytest.param("open", signal.SIGTERM, -signal.SIGTERM, id="SIGTERM-once-made"),
        pytest.param("open", signal.SIGHUP, -signal.SIGHUP, id="SIGHUP-once-made"),
        pytest.param("open", signal.SIGINT, 130, id="SIGINT-once-made"),
        pytest.param("replace", signal.SIGTERM, -signal.SIGTERM, id="SIGTERM-once-renamed"),
        pytest.param("replace", signal.SIGINT, 130, id="SIGINT-once-renamed"),
    ],
)
def test_a_signal_at_each_step_of_a_write_leaves_no_temp(
    tmp_path: Path, step: str, signum: int, status: int
) -> None:
    record = write(tmp_path, "r.aln", CLASSIC.read_bytes())
    proc = subprocess.run(
        [sys.executable, "-c", SIGNAL_AT, str(record), step, str(int(signum))],
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == status, proc.stderr
    assert no_temp_left(tmp_path)
    # Before the rename the record is untouched; after it, annotated whole.
    wanted = CLASSIC.read_bytes() if step == "open" else _annotated(record, CLASSIC.read_bytes())
    assert record.read_bytes() == wanted


def test_a_temp_left_by_a_killed_run_is_recognised_and_removed(tmp_path: Path) -> None:
    record = write(tmp_path, "r.aln", CLASSIC.read_bytes())
    stale = tmp_path / f".r.aln.aluette-{dead_pid()}-0123abcd.tmp"
    stale.write_text("half a record")
    assert temp_pattern("r.aln").fullmatch(stale.name)
    assert run("annotate", str(record), "--in-place").exit_code == 0
    assert not stale.exists()


# --------------------------------------------------------------------------
# SIGKILL at random moments: the original is intact or completely replaced


@pytest.mark.parametrize("command", ["annotate", "fmt"])
def test_sigkill_at_any_moment_never_truncates(tmp_path: Path, command: str) -> None:
    # Generated records are canonical already: extra blank lines give the
    # formatter something to change.
    original = _big_record(tmp_path, 300).read_bytes().replace(b"\n\ndeal ", b"\n\n\ndeal ")
    args = ["annotate", "--in-place"] if command == "annotate" else ["fmt"]

    def start(path: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "aluette_cli", args[0], str(path), *args[1:]],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    done = write(tmp_path, "done.aln", original)
    began = time.monotonic()
    assert start(done).wait(timeout=300) in (0, 1)
    # The kills fall anywhere in a run as long as that one, its end (the
    # rename) included: a kill after the run is over would test nothing.
    took = time.monotonic() - began
    complete = done.read_bytes()  # what a run that finishes leaves
    assert complete != original
    rng = random.Random(20261201)
    began = time.monotonic()
    for _ in range(50 if LONG else 10):
        victim = write(tmp_path, "victim.aln", original)
        proc = start(victim)
        time.sleep(rng.uniform(0.05, max(0.2, 1.1 * took)))
        proc.kill()
        proc.wait(timeout=60)
        assert victim.read_bytes() in (original, complete)
        for leftover in tmp_path.glob(".victim.aln.aluette-*.tmp"):
            leftover.unlink()  # what SIGKILL may leave: recognisable by its name
        if time.monotonic() - began > (900 if LONG else 120):
            break


@pytest.mark.parametrize("command", [["report", "--format", "html"], ["convert", "--to", "json"]])
def test_a_named_pipe_whose_reader_went_away_is_a_write_error(
    tmp_path: Path, command: list[str]
) -> None:
    """docs/cli.md, "Writing errors": a closed pipe to a file named by -o is
    one line and status 2, unlike `| head` on standard output, which ends
    quietly: the user asked for a file, and it did not get the output."""
    record = write(tmp_path, "big.aln", generated(2, "--games", "30"))
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    taken: list[bytes] = []

    def read_a_little() -> None:
        with open(fifo, "rb") as reader:
            taken.append(reader.read(10))

    reader = threading.Thread(target=read_a_little)
    reader.start()
    result = aluette(*command, record, "-o", fifo)
    reader.join(timeout=60)
    assert taken and len(taken[0]) == 10
    assert result.returncode == 2
    assert result.stderr == f"aluette: cannot write {fifo}: Broken pipe\n"


def _at_size_limit() -> None:
    """In the child: files of at most 1 KiB, and writes past it failing
    with EFBIG rather than killing the process (SIGXFSZ)."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


@pytest.mark.parametrize("command", ["rules", "stats", "report", "explain"])
def test_output_cut_short_by_a_size_limit_is_said_even_unbuffered(
    tmp_path: Path, command: str
) -> None:
    """Asked for no buffer (PYTHONUNBUFFERED), Python takes a write the
    system takes in part as done: the output was cut at 1 KiB, with status
    0 and no word.  The system's reason must be said, as on a full disk."""
    args = {**_commands(tmp_path), "explain": ["explain", "A001"]}[command]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for unbuffered in (env, {k: v for k, v in env.items() if k != "PYTHONUNBUFFERED"}):
        with open(tmp_path / "out.txt", "w") as out:
            result = aluette(*args, stdout=out, env=unbuffered, preexec_fn=_at_size_limit)
        assert result.returncode == 2, result.stderr
        assert result.stderr.splitlines()[-1] == "aluette: cannot write <stdout>: File too large"
        assert (tmp_path / "out.txt").stat().st_size == 1024


def test_fmt_says_its_own_temporary_file_could_not_be_written(tmp_path: Path) -> None:
    """fmt formats into a temporary file; when that cannot be written, the
    message named the input (cannot read -), which was read whole."""
    with open(CLASSIC, "rb") as stdin, open(tmp_path / "out.aln", "w") as out:
        env = {**os.environ, "TMPDIR": str(tmp_path)}
        result = aluette("fmt", "-", stdin=stdin, stdout=out, env=env, preexec_fn=_at_size_limit)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines()[-1] == (
        f"aluette: cannot write a temporary file in {tmp_path}: File too large"
    )


# --------------------------------------------------------------------------
# A standard stream closed when the command starts (``>&-``, ``<&-``, ``2>&-``)


def _closing(fd: int) -> object:
    def close() -> None:  # in the child, before the command starts
        os.close(fd)

    return close


BAD_LINE = '[Event "x"]\n\ndeal 1 dealer N\n1. N:3x\n'


def test_with_standard_output_closed_nothing_written_there_is_no_error(tmp_path: Path) -> None:
    """Python gives None for a closed stream: every use of it was an
    AttributeError, "internal error" and status 2, even with -o FILE."""
    bad = write(tmp_path, "bad.aln", BAD_LINE)
    out = tmp_path / "out.txt"
    done = aluette("validate", bad, "-o", out, stdout=None, preexec_fn=_closing(1))
    assert (done.returncode, "internal error" in done.stderr) == (1, False)
    assert f"{bad}:4:6: A001" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [["rules"], ["--version"], ["validate", "BAD"], ["--help"]])
def test_writing_to_a_closed_standard_output_is_said_as_a_write_error(
    tmp_path: Path, args: list[str]
) -> None:
    bad = write(tmp_path, "bad.aln", BAD_LINE)
    args = [str(bad) if a == "BAD" else a for a in args]
    done = aluette(*args, stdout=None, preexec_fn=_closing(1))
    assert done.returncode == 2
    assert "aluette: cannot write <stdout>: Bad file descriptor" in done.stderr.splitlines()
    assert "internal error" not in done.stderr


@pytest.mark.parametrize(
    "args",
    [["validate"], ["report"], ["fmt"], ["convert", "--to", "json"], ["annotate"], ["stats"]],
    ids=lambda a: a[0],
)
def test_reading_a_closed_standard_input_is_said_as_a_file_that_cannot_be_read(
    args: list[str],
) -> None:
    done = aluette(*args, "-", stdin=None, preexec_fn=_closing(0))
    assert done.returncode == 2
    assert "aluette: cannot read <stdin>: standard input is closed" in done.stderr
    assert "internal error" not in done.stderr
    assert "holds no deals" not in done.stderr  # it could not be read: it is not empty


def test_with_standard_error_closed_the_status_still_says_how_it_went(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.aln", BAD_LINE)
    done = subprocess.run(
        [sys.executable, "-m", "aluette_cli", "validate", os.fspath(bad)],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        timeout=120,
        preexec_fn=_closing(2),
    )
    assert done.returncode == 1
    assert f"{bad}:4:6: A001" in done.stdout


def test_an_output_file_names_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    """As standard output does, the name's bytes written as they are: the
    file output was strict, and a report naming such a file ended at an
    internal error, nothing written (docs/cli.md: never an internal error)."""
    name = os.fsdecode(b"b\xffad.aln")
    record = tmp_path / name
    record.write_text("deal 1 dealer W\nwinners: N E S E W N E S N\npoint N\n", "utf-8")
    out = tmp_path / "out.txt"
    for args in (["report", "--format", "csv"], ["validate"], ["report"]):
        result = run(*args, record, "-o", out)
        assert result.exit_code == 1 and "internal error" not in result.output, result.output
        assert b"b\xffad.aln" in out.read_bytes()
        out.unlink()
