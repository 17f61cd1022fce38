"""Hostile input and faults: no crash, no hang, no unbounded memory, and no
file read outside the record's folder.

Each test is one thing an attacker (or an unlucky disk) could do to the
tool, with the answer the tool must give.
"""

from __future__ import annotations

from pathlib import Path

from .conftest import dead_pid, run, write

# A team-five deal whose fifth trick line is written twice: ten trick lines.
# ``stats`` once indexed its per-trick tally with the tenth trick and crashed.
REPEATED_TRICK_LINE = """[Event "Generated game 3"]
[Rules "team-five"]
[Result "NS 12-8"]

deal 1 dealer W
N: Re 1b 2c 1d 4b Cd 4e 9d 4c
E: 7c 7b 2b 5c 6e 9e 9c 6b 8d
S: Ve 6c Ce 1e 9b 5e Vb Vd 8b
W: 4d Cb Rc 2e 2d Vc 7e Cc 8e
stock: 3e 5b Rd 1c 8c Rb 5d 6d 3d 7d 3c 3b
1. N:4e E:7c S:9b W:Cb -> W
2. W:8e N:1d E:8d S:1e -> pourri
3. W:4d N:4b E:6b S:Vb -> S
4. S:8b W:Cc N:9d E:2b -> N
5. N:1b E:9c S:Ce W:Rc -> E
5. N:1b E:9c S:Ce W:Rc -> E
6. E:5c S:Vd W:7e N:Re -> N
7. N:4c E:6e S:Ve W:2e -> W
8. W:Vc N:2c E:7b S:6c -> N
9. N:Cd E:9e S:5e W:2d -> W
point none
"""


def test_stats_counts_a_deal_with_a_repeated_trick_line(tmp_path: Path) -> None:
    record = write(tmp_path, "repeated.aln", REPEATED_TRICK_LINE)
    for command in ("stats", "validate", "report"):
        result = run(command, record)
        assert result.exit_code == 1, (command, result.output)
        assert "internal error" not in result.stderr
    stats = run("stats", "--format", "json", record)
    assert '"games": 1' in stats.stdout or '"games":1' in stats.stdout


# --------------------------------------------------------------------------
# Rulesets: any error while loading one is a finding or a usage error, and a
# record may name only a preset or a regular .toml file in its own folder.

SECRET = 'name = ["secret=hunter2"]\n'
TWO_GAMES = (
    '[Event "a"]\n[Rules "{rules}"]\n\ndeal 1 dealer N\npoint NS\n\n'
    '[Event "b"]\n\ndeal 1 dealer N\npoint NS\n'
)


def deep_toml(depth: int = 500) -> str:
    """TOML nested deeper than ``tomllib`` can recurse."""
    return 'name = "deep"\nx = ' + "[" * depth + "]" * depth + "\n"


def record_naming(folder: Path, rules: str) -> Path:
    return write(folder, "games.aln", TWO_GAMES.format(rules=rules))


def assert_one_a401(record: Path, *hidden: str) -> str:
    """One A401 at the Rules tag, the other game replayed, nothing of the file shown."""
    result = run("validate", "--format", "json", record)
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.stderr
    import json

    findings = json.loads(result.stdout)
    assert [(f["code"], f["line"], f["game"]) for f in findings] == [("A401", 2, 1)]
    for text in hidden:
        assert text not in result.output
    converted = run("convert", "--to", "json", record)
    assert len(json.loads(converted.stdout)["games"]) == 2  # complete JSON, both games
    return str(findings[0]["message"])


def test_a_deeply_nested_ruleset_named_by_a_record(tmp_path: Path) -> None:
    write(tmp_path, "deep.toml", deep_toml())
    message = assert_one_a401(record_naming(tmp_path, "deep.toml"))
    assert "nested too deeply" in message


def test_a_deeply_nested_ruleset_on_the_command_line(tmp_path: Path) -> None:
    rules = write(tmp_path, "deep.toml", deep_toml())
    record = record_naming(tmp_path, "classic")
    result = run("validate", "--rules", rules, record)
    assert result.exit_code == 2
    assert "nested too deeply" in result.stderr
    assert "internal error" not in result.stderr


def test_ruleset_size_and_encoding_errors_are_findings(tmp_path: Path) -> None:
    from aluette_cli.rules import MAX_RULESET_BYTES

    write(tmp_path, "big.toml", "# " + "x" * MAX_RULESET_BYTES + "\n")
    assert "limit" in assert_one_a401(record_naming(tmp_path, "big.toml"))
    write(tmp_path, "latin.toml", b'name = "caf\xe9"\n')
    assert "UTF-8" in assert_one_a401(record_naming(tmp_path, "latin.toml"))


def test_a_record_cannot_name_a_file_above_its_folder(tmp_path: Path) -> None:
    write(tmp_path, "secret.toml", SECRET)
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("../secret.toml", str(tmp_path / "secret.toml"), "sub/../../secret.toml"):
        message = assert_one_a401(record_naming(folder, name), "hunter2")
        assert "record's own folder" in message
    # the same words whether or not the file exists elsewhere
    missing = assert_one_a401(record_naming(folder, "../nonesuch.toml"))
    assert missing == message.replace("sub/../../secret.toml", "../nonesuch.toml")


def test_a_symbolic_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "secret.toml", SECRET)
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "link.toml").symlink_to(tmp_path / "secret.toml")
    assert "record's own folder" in assert_one_a401(record_naming(folder, "link.toml"), "hunter2")


def test_a_file_below_the_folder_is_read(tmp_path: Path) -> None:
    from importlib import resources

    classic = (resources.files("aluette_cli") / "rulesets" / "classic.toml").read_text("utf-8")
    (tmp_path / "rules").mkdir()
    write(tmp_path / "rules", "house.toml", classic.replace('name = "classic"', 'name = "house"'))
    result = run("validate", record_naming(tmp_path, "rules/house.toml"))
    assert result.exit_code == 0, result.output


def test_values_of_a_record_named_file_are_not_echoed(tmp_path: Path) -> None:
    write(tmp_path, "inside.toml", SECRET)
    message = assert_one_a401(record_naming(tmp_path, "inside.toml"), "hunter2")
    assert "'name'" in message  # the key is named, its value is not


def test_a_fifo_named_by_a_record_does_not_block(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "f.toml")
    message = assert_one_a401(record_naming(tmp_path, "f.toml"))
    assert "not a regular file" in message


def test_a_device_named_by_a_record_is_refused(tmp_path: Path) -> None:
    import os
    import stat

    os.mknod(tmp_path / "zero.toml", stat.S_IFCHR | 0o600, os.makedev(1, 5))
    assert "not a regular file" in assert_one_a401(record_naming(tmp_path, "zero.toml"))


def test_rules_option_refuses_a_fifo_with_a_usage_error(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "f.toml")
    result = run("validate", "--rules", tmp_path / "f.toml", record_naming(tmp_path, "classic"))
    assert result.exit_code == 2
    assert "not a regular file" in result.stderr


def test_a_game_target_no_game_reaches_is_refused(tmp_path: Path) -> None:
    from importlib import resources

    from aluette_cli.rules import MAX_GAME_TARGET

    classic = (resources.files("aluette_cli") / "rulesets" / "classic.toml").read_text("utf-8")
    assert "target = 5" in classic
    rules = write(
        tmp_path, "long.toml", classic.replace("target = 5", "target = 9223372036854775807")
    )
    result = run("generate", "--rules", rules)
    assert result.exit_code == 2
    assert str(MAX_GAME_TARGET) in result.stderr


# --------------------------------------------------------------------------
# Reading: every line and unit is bounded, every cost linear

from collections.abc import Iterator  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from aluette_cli.reading import decode, split  # noqa: E402

VALID = '[Event "After"]\n\ndeal 1 dealer N\npoint NS\n'


def reference_lines(data: bytes, limit: int) -> list[tuple[str, int]]:
    """What decode_lines must give, worked out the plain way: (text, bytes skipped)."""
    out = []
    for raw in data.splitlines():
        keep = min(len(raw), limit)
        while 0 < keep < len(raw) and raw[keep] & 0xC0 == 0x80:
            keep -= 1
        out.append((raw[:keep].decode("utf-8", "replace"), len(raw) - keep))
    return out


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "é", "€", "x" * 5]), st.sampled_from(["", "\n", "\r", "\r\n"])
        ),
        max_size=40,
    ),
    st.lists(st.integers(1, 12), min_size=1, max_size=10),
)
def test_lines_are_cut_at_the_limit_however_the_stream_is_chunked(
    pieces: list[tuple[str, str]], sizes: list[int]
) -> None:
    data = "".join(a + b for a, b in pieces).encode("utf-8")

    def chunks() -> Iterator[bytes]:
        i = k = 0
        while i < len(data):
            step = sizes[k % len(sizes)]
            yield data[i : i + step]
            i, k = i + step, k + 1

    saved = decode.MAX_LINE_BYTES
    decode.MAX_LINE_BYTES = 8
    try:
        got = [(line.text, line.skipped) for line in decode.decode_lines(chunks())]
    finally:
        decode.MAX_LINE_BYTES = saved
    assert got == reference_lines(data, 8)


def findings_of(result_stdout: str) -> list[tuple[int, int, str]]:
    import json

    return [(f["line"], f["column"], f["code"]) for f in json.loads(result_stdout)]


def test_an_over_long_line_is_cut_and_the_rest_of_the_file_read(tmp_path: Path) -> None:
    limit = decode.MAX_LINE_BYTES
    record = write(tmp_path, "long.aln", "{" + "x" * (3 * limit) + "}\n" + VALID)
    result = run("validate", "--format", "json", record)
    found = findings_of(result.stdout)
    assert (1, limit + 1, "A009") in found
    report = run("report", "--format", "json", record)
    assert "After" in report.stdout
    message = run("validate", record).stdout
    assert f"{limit:,} bytes" in message and f"{2 * limit + 2:,} bytes" in message


def test_an_over_long_unit_is_cut_at_a_line_and_the_next_deal_read(tmp_path: Path) -> None:
    junk = ("{" + "x" * 1000 + "}\n") * (split.MAX_UNIT_CHARS // 1000 + 5)
    record = write(tmp_path, "unit.aln", "deal 1 dealer N\n" + junk + "point NS\n\n" + VALID)
    result = run("validate", "--format", "json", record)
    codes = [code for _, _, code in findings_of(result.stdout)]
    assert codes.count("A009") == 1
    assert "After" in run("report", "--format", "json", record).stdout


def endless_zeros(megabytes: int) -> Iterator[bytes]:
    block = bytes(1 << 20)
    for _ in range(megabytes):
        yield block


def test_a_stream_with_no_line_end_is_read_in_constant_memory() -> None:
    import tracemalloc

    from aluette_cli.pipeline import check_source

    tracemalloc.start()
    try:
        (checked,) = check_source(endless_zeros(64), keep=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20, peak
    codes = [(f.line, f.column, f.code) for f in checked.outcome.findings]
    assert (1, decode.MAX_LINE_BYTES + 1, "A009") in codes


def validate_fed_by(loop: str) -> tuple[int, int, str]:
    """``validate -`` reading NUL bytes that a second process writes in 1 MB
    blocks (``loop`` repeats the write): its exit status, the peak memory of
    the processes it ran (KB), and what it printed."""
    import subprocess
    import sys

    feeder = f"import sys\nb = bytes(1 << 20)\n{loop} sys.stdout.buffer.write(b)\n"
    script = (
        "import resource, subprocess, sys\n"
        f"feed = subprocess.Popen([sys.executable, '-c', {feeder!r}], stdout=subprocess.PIPE,"
        " stderr=subprocess.DEVNULL)\n"
        "tool = subprocess.run([sys.executable, '-m', 'aluette_cli', 'validate', '-'],"
        " stdin=feed.stdout, capture_output=True, text=True)\n"
        "feed.kill(); feed.wait()\n"
        "print(tool.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(tool.stdout)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    first, _, printed = done.stdout.partition("\n")
    status, peak_kb = map(int, first.split())
    return status, peak_kb, printed


def test_validate_on_an_endless_pipe_stays_small() -> None:
    """The real command, fed 200 MB of NUL bytes through a pipe (like /dev/zero)."""
    status, peak_kb, printed = validate_fed_by("for _ in range(200):")
    assert status == 1
    assert peak_kb < 100 * 1024, peak_kb
    assert f"<stdin>:1:{decode.MAX_LINE_BYTES + 1}: A009" in printed


@pytest.mark.parametrize(("shape", "kilobytes"), [("line", 1024), ("broken-deals", 16)])
def test_reading_cost_is_linear(shape: str, kilobytes: int) -> None:
    """Four times the input costs at most six times as much (a ratio, never a
    time).  Broken deals are slow to read (each is a syntax error, explained),
    so their sizes are smaller; benchmarks/linear.py goes to 100 MB.  The cost
    is this process's CPU time: on a shared machine the wall clock also
    counts what other processes took, and more of it in one run than the
    other would look like a slope."""
    import time

    from aluette_cli.pipeline import check_source

    def make(size: int) -> bytes:
        if shape == "line":
            return b"x" * size
        unit = b"deal 1 dealer N zz\n"
        return unit * (size // len(unit))

    def cost(size: int) -> float:
        data = make(size)
        blocks = [data[i : i + (1 << 20)] for i in range(0, len(data), 1 << 20)]
        best = float("inf")
        for _ in range(2):
            start = time.process_time()
            for _ in check_source(blocks, keep=False):
                pass
            best = min(best, time.process_time() - start)
        return best

    cost(1024)  # the grammar is built on first use: not part of either figure
    small, large = cost(kilobytes << 10), cost(4 * kilobytes << 10)
    assert large <= 6 * max(small, 0.01), (small, large)


# --------------------------------------------------------------------------
# Ctrl-C: every worker ended, one line, no temporary file, status 130, quickly

import os  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

LONG_RUN = os.environ.get("HYPOTHESIS_PROFILE") == "long"
INTERRUPTS = 50 if LONG_RUN else 10


#: Times the generated games are written into the record (55 MB): enough
#: for the fastest command (``validate -j 2``, about 0.23 s a copy on the
#: standard machine) to be still at work when the longest wait (1.5 s) is
#: over, on a machine twice as fast too.  A command that finished first was
#: never interrupted, and a Ctrl-C that came while the interpreter was
#: ending killed it with no word at all.
COPIES = 16


@pytest.fixture(scope="module")
def big_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sigint") / "big.aln"
    result = run("generate", "--games", "1500", "--seed", "4", "-o", path)
    assert result.exit_code == 0
    path.write_text("\n".join([path.read_text(encoding="utf-8")] * COPIES), encoding="utf-8")
    return path


def interrupt_commands(record: Path, out: Path) -> list[list[str]]:
    r, o = str(record), str(out)
    return [
        ["validate", "-j", "2", r],
        ["report", "-j", "2", "--format", "json", r],
        ["stats", "-j", "2", r],
        ["stats", r],
        ["convert", "--to", "json", r, "-o", o],
        ["annotate", r, "-o", o],
        ["generate", "--games", "100000", "-o", o],
        # one file a process: the workers' temporary files go too
        ["convert", "--to", "json", "-j", "2", r, f"{r[:-4]}-2.aln", "-o", f"{o}.d"],
        ["annotate", "-j", "2", r, f"{r[:-4]}-2.aln", "-o", f"{o}.d"],
    ]


def test_ctrl_c_at_random_moments(big_record: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    second = big_record.with_name("big-2.aln")
    if not second.exists():
        second.write_bytes(big_record.read_bytes())
    commands = interrupt_commands(big_record, out)
    rng = random.Random(16)
    for i in range(INTERRUPTS):
        args = commands[i % len(commands)]
        child = subprocess.Popen(
            [sys.executable, "-m", "aluette_cli", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, as a terminal gives it
        )
        # after the interpreter's own start (before any of our code runs)
        time.sleep(rng.uniform(0.3, 1.5))
        assert child.poll() is None, (args, "finished before the Ctrl-C: nothing was tested")
        sent = time.monotonic()
        os.killpg(child.pid, signal.SIGINT)
        try:
            _, err = child.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            pytest.fail(f"{args} still running 10 s after Ctrl-C")
        took = time.monotonic() - sent
        stderr = err.decode("utf-8", "replace")
        assert child.returncode == 130, (args, child.returncode, stderr)
        assert "Traceback" not in stderr, (args, stderr)
        assert stderr == "aluette: interrupted\n", (args, stderr)
        assert took < 3, (args, took)  # a second, with room for a loaded machine
        time.sleep(0.1)
        with pytest.raises(ProcessLookupError):
            os.killpg(child.pid, 0)  # no worker left in the group
        assert [p.name for p in tmp_path.rglob("*") if p.name.endswith(".tmp")] == []


# --------------------------------------------------------------------------
# What a line or a deal may hold


def test_bounds_on_tags_cards_tricks_and_sheets(tmp_path: Path) -> None:
    from aluette_cli.pipeline import MAX_CARDS_PER_LINE, MAX_TAG_VALUE, MAX_TRICKS

    tricks = "".join(f"{i}. N:3d E:4d S:5d W:6d\n" for i in range(1, MAX_TRICKS + 5))
    text = (
        f'[Event "{"e" * (MAX_TAG_VALUE + 1)}"]\n\n'
        f"deal 1 dealer N\nN: {'3d ' * (MAX_CARDS_PER_LINE + 1)}\n\n"
        f"deal 2 dealer E\n{tricks}\n"
        f"deal 3 dealer S\nwinners: {'N ' * (MAX_TRICKS + 1)}\n\n"
        "deal 4 dealer W\npoint NS\n"
    )
    record = write(tmp_path, "limits.aln", text)
    result = run("validate", "--format", "json", record)
    assert result.exit_code == 1
    found = findings_of(result.stdout)
    assert [(line, code) for line, _, code in found] == [
        (1, "A009"),
        (4, "A009"),
        (7 + MAX_TRICKS, "A009"),
        (9 + MAX_TRICKS + 4, "A009"),
    ]
    for command in ("report", "stats", "convert"):
        assert "internal error" not in run(command, record).stderr


def deals_text(count: int, first: int = 1) -> str:
    """``count`` short deals numbered on from ``first``, one a few lines."""
    seats = "NESW"
    return "".join(
        f"deal {n} dealer {seats[n % 4]}\npoint {'NS' if n % 2 else 'EW'}\n\n"
        for n in range(first, first + count)
    )


def test_a_game_past_the_most_characters_is_cut_there_for_every_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deals of up to a unit's limit each, kept whole by the commands that
    hold a game (annotate, convert, fmt), made a game of a few dozen of them
    hold gigabytes: past model.MAX_GAME_CHARS of deals, the rest of the game
    is skipped as past MAX_DEALS, with its own A009, and the next game is
    read whole."""
    from aluette_cli import model
    from aluette_cli.pipeline import check_source

    monkeypatch.setattr(model, "MAX_GAME_CHARS", 5_000)
    note = "{" + "long note " * 100 + "}"  # 1,002 characters
    deals = "".join(
        f"{line}  {note}\n" if line.startswith("point") else f"{line}\n"
        for line in deals_text(8).splitlines()
    )
    text = '[Event "Long"]\n\n' + deals + '[Event "Next"]\n\n' + deals_text(3)
    first_skipped = text.splitlines().index("deal 5 dealer E") + 1
    long, after = check_source([text.encode("ascii")])
    assert long.deals_read == len(long.game.deals) == 4
    assert [(f.code, f.line) for f in long.outcome.findings] == [("A009", first_skipped)]
    assert "longer than 5,000 characters" in long.outcome.findings[0].message
    assert after.deals_read == 3 and not after.game.cut
    record = write(tmp_path, "long.aln", text)
    for command in ("validate", "annotate", "report"):
        result = run(command, record)
        assert result.exit_code == 1 and f"long.aln:{first_skipped}:1: A009" in (
            result.stdout + result.stderr
        ), command
    shards = run("validate", "-j", "2", record)
    assert f"long.aln:{first_skipped}:1: A009" in shards.stdout


def test_a_game_past_the_most_deals_is_cut_there_for_every_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game may hold MAX_DEALS deals: the rest of it, up to the next tag
    section, is skipped with one A009, whichever reader reads it and
    whatever the command, and the next game is read whole."""
    from aluette_cli import model
    from aluette_cli.pipeline import check_source

    monkeypatch.setattr(model, "MAX_DEALS", 5)
    text = '[Event "Long"]\n\n' + deals_text(8) + '[Event "Next"]\n\n' + deals_text(3)
    record = write(tmp_path, "long.aln", text)
    first_skipped = text.splitlines().index("deal 6 dealer S") + 1
    long, after = check_source([text.encode("ascii")])
    assert long.deals_read == len(long.game.deals) == 5
    assert [(f.code, f.line, f.column) for f in long.outcome.findings if f.code == "A009"] == [
        ("A009", first_skipped, 1)
    ]
    assert "more than 5 deals" in long.game.cut[0].message
    assert after.deals_read == 3 and not after.game.cut
    validated = run("validate", "--format", "json", record)
    assert validated.exit_code == 1
    assert (first_skipped, 1, "A009") in findings_of(validated.stdout)
    # Converted to JSON, the game keeps its five deals and the finding,
    # which reading the JSON gives again; a JSON document written by
    # another program with more deals than that is cut where ALN is.
    document = json.loads(run("convert", str(record), "--to", "json").stdout)
    assert [len(g["deals"]) for g in document["games"]] == [5, 3]
    for game in document["games"]:
        game.pop("cut", None)
    document["games"][0]["deals"] *= 2
    for data in (run("convert", str(record), "--to", "json").stdout, json.dumps(document)):
        path = write(tmp_path, "long.json", data)
        result = run("validate", "--format", "json", path)
        assert result.exit_code == 1
        assert [f for f in findings_of(result.stdout) if f[2] == "A009"]
        again = json.loads(run("report", "--format", "json", path).stdout)
        assert [len(g["deals"]) for g in again["games"]] == [5, 3]
    # JSON Lines, a row a deal: the game ends at the row past the limit
    rows = run("convert", str(record), "--to", "jsonl").stdout.splitlines()
    assert len(rows) == 5 + 3
    with monkeypatch.context() as limit:  # the rows of the whole game, written where it may be
        limit.setattr(model, "MAX_DEALS", 100)
        rows = run("convert", str(record), "--to", "jsonl").stdout.splitlines()
    assert len(rows) == 8 + 3
    longer = write(tmp_path, "long.jsonl", "\n".join(rows) + "\n")
    result = run("validate", "--format", "json", longer)
    assert (6, 1, "A009") in findings_of(result.stdout)
    again = json.loads(run("report", "--format", "json", longer).stdout)
    assert [len(g["deals"]) for g in again["games"]] == [5, 3]
    for command in ("report", "stats", "annotate"):
        result = run(command, record)
        assert result.exit_code == 1 and "internal error" not in result.stderr, command
    # the shards of -j hold what the reader reads, and say the same
    alone, shared = run("report", record), run("report", "-j", "2", record)
    assert shared.stdout == alone.stdout and shared.exit_code == 1


def test_the_largest_number_is_nine_digits(tmp_path: Path) -> None:
    record = write(tmp_path, "n.aln", "deal 1234567890 dealer N\npoint NS\n\n" + VALID)
    result = run("validate", "--format", "json", record)
    assert (1, 6, "A001") in findings_of(result.stdout)
    assert "After" in run("report", "--format", "json", record).stdout


def test_the_linear_benchmark_runs(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "linear.py"
    args = ["--shapes", "line", "--sizes", "0.01", "--commands", "validate", "--quiet"]
    done = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "| line " in done.stdout and "validate" in done.stdout


def test_a_line_that_never_ends_stops_the_reading_with_its_finding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stream that never ends a line cannot be read to its end: past
    MAX_LINE_SKIP bytes of one line, reading stops and the finding says so."""
    from aluette_cli.pipeline import check_source

    def forever() -> Iterator[bytes]:
        block = bytes(1 << 20)
        while True:
            yield block

    monkeypatch.setattr(decode, "MAX_LINE_SKIP", 8 << 20)
    (checked,) = check_source(forever(), keep=False)
    (finding,) = [f for f in checked.outcome.findings if f.code == "A009"]
    assert (finding.line, finding.column) == (1, decode.MAX_LINE_BYTES + 1)
    assert "reading stops here, 8 MiB into the line" in finding.message


def test_validate_on_a_pipe_that_never_ends_reports_and_exits() -> None:
    """Like ``validate /dev/zero``: the command ends by itself, reports the line,
    and stays small."""
    status, peak_kb, printed = validate_fed_by("while True:")
    assert status == 1, printed
    assert peak_kb < 100 * 1024, peak_kb
    assert f"<stdin>:1:{decode.MAX_LINE_BYTES + 1}: A009" in printed
    assert "reading stops here, 256 MiB into the line" in printed


# --------------------------------------------------------------------------
# Outputs carry no injection: a CSV cell a spreadsheet would run is made
# inert, control characters never reach a terminal raw.

import contextlib  # noqa: E402
import csv as _csv  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from typing import Any  # noqa: E402

from .conftest import ROOT, SAMPLES  # noqa: E402

FORMULAS = {
    "Event": '=HYPERLINK(\\"http://x\\",\\"y\\")',
    "Site": "-2+3",
    "North": "=1+2",
    "East": "+cmd|x",
    "South": "@SUM(1)",
    "West": "\t=x",
}


def formula_record(tmp_path: Path, name: str = "=HYPERLINK(1).aln") -> Path:
    """The classic sample with every player and the event a formula."""
    text = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
    for tag, value in FORMULAS.items():
        line = f'[{tag} "{value}"]'
        text = re.sub(rf'^\[{tag} "[^"]*"\]', lambda _m, line=line: line, text, flags=re.M)
    return write(tmp_path, name, text)


def csv_outputs(record: Path, *extra: str) -> dict[str, list[list[str]]]:
    commands = {
        "report": ["report", "--format", "csv", *extra, str(record)],
        "report play": ["report", "--format", "csv", "--level", "play", *extra, str(record)],
        "convert": ["convert", "--to", "csv", *extra, str(record)],
        "stats": ["stats", "--format", "csv", *extra, str(record)],
    }
    tables = {}
    for name, args in commands.items():
        result = run(*args)
        assert result.exit_code == 0, (name, result.output)
        tables[name] = list(_csv.reader(result.stdout.splitlines()))
    return tables


def test_csv_cells_that_a_spreadsheet_would_run_are_made_inert(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    record = formula_record(tmp_path).relative_to(tmp_path)
    tables = csv_outputs(record)
    for name, rows in tables.items():
        cells = [cell for row in rows for cell in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")], name
        # a negative number is data; a text starting with - is not
        assert not [c for c in cells if c.startswith("-") and not re.fullmatch(r"-\d+", c)]
        assert ("'=1+2" if name == "stats" else "'=HYPERLINK(1).aln") in cells, name
    row = dict(zip(tables["report"][0], tables["report"][1], strict=True))
    assert row["event"].startswith("'=HYPERLINK")
    assert (row["site"], row["east"], row["south"]) == ("'-2+3", "'+cmd|x", "'@SUM(1)")
    assert (row["north"], row["west"]) == ("'=1+2", "'=x")


def test_raw_csv_writes_the_cells_as_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    record = formula_record(tmp_path).relative_to(tmp_path)
    for name, rows in csv_outputs(record, "--raw-csv").items():
        cells = [cell for row in rows for cell in row]
        assert ("=1+2" if name == "stats" else "=HYPERLINK(1).aln") in cells, name
        assert not [c for c in cells if c.startswith("'")], name


def test_numbers_are_never_quoted_as_formulas() -> None:
    from aluette_cli.writers.tables import csv_value

    assert csv_value(-3) == -3
    assert csv_value(-0.5) == -0.5
    assert csv_value("-3") == "'-3"
    assert csv_value("-3", raw=True) == "-3"
    assert csv_value("\r=1") == "'\r=1"
    assert csv_value("a=1") == "a=1"


def escape_record(tmp_path: Path) -> Path:
    """The classic sample whose title sets the window's title and whose
    players clear the screen and ring the bell."""
    text = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
    text = re.sub('^\\[Event "', '[Event "\x1b]0;pwned\x07 ', text, flags=re.M)
    text = re.sub('^\\[North "', '[North "\x1b[2J\x9b1m', text, flags=re.M)
    return write(tmp_path, "escapes.aln", text)


@pytest.mark.parametrize(
    "args",
    [
        ["report"],
        ["stats"],
        ["stats", "--by", "seat"],
        ["analyse", "--from-trick", "8"],
    ],
)
def test_control_characters_of_a_record_are_shown_not_obeyed(
    tmp_path: Path, args: list[str]
) -> None:
    record = escape_record(tmp_path)
    result = run(*args, record)
    assert result.exit_code == 0, result.output
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", result.stdout), result.stdout
    if args[0] != "stats" or "--by" not in args:
        assert "\\x1b]0;pwned\\x07" in result.stdout or "\\x1b[2J" in result.stdout


def test_a_newline_in_a_walked_file_name_forges_no_validate_line(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    record = folder / "a.aln:9:9: A999 forged\nb.aln"
    record.write_text("deal 1 dealer N\npoint XX\n", encoding="utf-8")
    for extra in ([], ["--color", "always"]):
        result = run("validate", *extra, folder)
        assert result.exit_code == 1, result.output
        lines = result.stdout.splitlines()
        assert lines, result.output
        plain = [re.sub("\x1b\\[[0-9;]*m", "", line) for line in lines]
        assert all(line.startswith(str(folder)) for line in plain), lines
        assert "a.aln:9:9: A999 forged\\x0ab.aln:" in result.stdout


# --------------------------------------------------------------------------
# Folders as an attacker lays them out: a FIFO among the records, a tree a
# thousand deep.


def aluette_in_subprocess(
    *args: str | os.PathLike[str], timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, so that a hang fails the test."""
    return subprocess.run(
        [sys.executable, "-m", "aluette_cli", *map(os.fspath, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_a_fifo_in_a_walked_folder_is_reported_not_opened(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "good.aln").write_bytes((SAMPLES / "classic-game.aln").read_bytes())
    os.mkfifo(folder / "pipe.aln")
    os.mkfifo(tmp_path / "outside")
    (folder / "link.aln").symlink_to(tmp_path / "outside")
    commands = [
        ["validate", folder],
        ["validate", "-j", "2", folder],
        ["validate", "--format", "json", folder],
        ["report", folder],
        ["stats", folder],
        ["fmt", "--check", folder],
        ["annotate", "-o", tmp_path / "annotated", folder],
        ["convert", "--to", "json", "-o", tmp_path / "json", folder],
    ]
    for args in commands:
        result = aluette_in_subprocess(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert "internal error" not in result.stderr
        for name in ("pipe.aln", "link.aln"):
            assert f"cannot read {folder / name}: a named pipe" in result.stderr, args
        if args[0] == "validate" and "json" in args:
            codes = [(f["file"], f["code"]) for f in json.loads(result.stdout)]
            assert codes == [(str(folder / "link.aln"), "A010"), (str(folder / "pipe.aln"), "A010")]
    # the good record was read all the same
    assert "1 game, 6 deals: 0 errors" in aluette_in_subprocess("validate", folder).stderr


def test_a_walked_file_made_a_fifo_after_the_walk_is_not_opened(tmp_path: Path) -> None:
    from aluette_cli.streams import Walked, open_source

    os.mkfifo(tmp_path / "late.aln")
    with pytest.raises(OSError, match="named pipe"):
        open_source(Walked(str(tmp_path / "late.aln")))


def test_a_fifo_named_on_the_command_line_is_still_read(tmp_path: Path) -> None:
    fifo = tmp_path / "named.aln"
    os.mkfifo(fifo)
    proc = subprocess.Popen(
        [sys.executable, "-m", "aluette_cli", "validate", fifo],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    fifo.write_bytes((SAMPLES / "classic-game.aln").read_bytes())
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "1 game, 6 deals" in err


def remove_tree(top: Path) -> None:
    """``shutil.rmtree`` without its recursion: pytest's own clean-up of old
    temporary folders would otherwise fail on a tree a thousand deep."""
    folders, stack = [str(top)], [str(top)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                    stack.append(entry.path)
                else:
                    os.unlink(entry.path)
    for folder in reversed(folders):
        os.rmdir(folder)


def test_folders_nested_a_thousand_deep(tmp_path: Path) -> None:
    top = tmp_path / "deep"
    path = str(top)
    os.mkdir(path)
    try:
        for _ in range(1000):
            path = os.path.join(path, "d")
            os.mkdir(path)
        Path(path, "g.aln").write_bytes((SAMPLES / "classic-game.aln").read_bytes())
        commands = [
            ["validate", top],
            ["validate", "-j", "2", top],
            ["report", top],
            ["stats", top],
            ["fmt", "--check", top],
            ["annotate", "-o", tmp_path / "annotated", top],
            ["convert", "--to", "json", "-o", tmp_path / "json", top],
        ]
        for args in commands:
            result = run(*args)
            assert "internal error" not in result.stderr, args
            assert result.exit_code == 0, (args, result.output)
            if args[0] == "fmt":  # the bundled sample is fmt-clean, and the file was found
                assert "1 file left unchanged" in result.output, result.output
        below = os.path.relpath(path, top)
        assert os.path.isfile(os.path.join(tmp_path, "json", below, "g.json"))
    finally:
        for tree in ("deep", "annotated", "json"):
            if (tmp_path / tree).exists():
                remove_tree(tmp_path / tree)


# --------------------------------------------------------------------------
# JSON: an integer too long for Python to convert is a syntax error at its
# place, in every reading command, and the SARIF log is whole.


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_json_integer_of_thousands_of_digits(tmp_path: Path, suffix: str) -> None:
    record = tmp_path / f"big{suffix}"
    converted = run("convert", SAMPLES / "classic-game.aln", "--to", suffix[1:], "-o", record)
    assert converted.exit_code == 0, converted.output
    text = record.read_text(encoding="utf-8")
    at = text.index('"number": 1,') + len('"number": ')
    record.write_text(text[:at] + "1" + "0" * 5000 + text[at + 1 :], encoding="utf-8")
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at)
    place = f"{record}:{line}:{column}: A001 not valid JSON: a number of 5,001 digits"
    for args in (
        ["validate"],
        ["report"],
        ["stats"],
        ["convert", "--to", "aln"],
        ["report", "--format", "json"],
    ):
        result = run(*args, record)
        assert result.exit_code == 1, (args, result.output)
        assert "internal error" not in result.stderr
        if args == ["report", "--format", "json"]:
            assert f'"line": {line}, "column": {column}, "code": "A001"' in result.stdout
            json.loads(result.stdout)
        elif args[0] != "stats":  # stats counts the finding, and says the game was skipped
            assert place in result.output, (args, result.output)
    sarif = run("validate", "--format", "sarif", record)
    assert sarif.exit_code == 1
    log = json.loads(sarif.stdout)
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (line, column)


# --------------------------------------------------------------------------
# generate: a valid ruleset under which every deal is void ends with a
# message, never an endless loop.


def all_tie_ruleset(folder: Path) -> Path:
    """The classic ruleset with all 48 cards in one ranking group."""
    from aluette_cli.cards import DECK

    text = (ROOT / "aluette_cli" / "rulesets" / "classic.toml").read_text(encoding="utf-8")
    groups = "groups = [[" + ", ".join(f'"{card}"' for card in DECK) + "]]"
    text = re.sub(r"groups = \[.*?\n\]", groups, text, flags=re.S)
    text = text.replace('name = "classic"', 'name = "all-tie"')
    return write(folder, "all-tie.toml", text)


def test_generate_under_a_ruleset_where_every_deal_is_void(tmp_path: Path) -> None:
    rules = all_tie_ruleset(tmp_path)
    assert run("rules", "--rules", rules).exit_code == 0  # a valid ruleset
    output = tmp_path / "games.aln"
    # it once ran for ever, 1.78 GB after a minute: 30 s is many times what it needs
    result = aluette_in_subprocess("generate", "--rules", rules, "-o", output, timeout=30)
    assert result.returncode == 2, result.stderr
    assert "scored no point in 1,000 deals in a row" in result.stderr
    assert "internal error" not in result.stderr
    assert not output.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["all-tie.toml"]


# --------------------------------------------------------------------------
# Numeric options: NaN and the infinities are no number of seconds.


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "Infinity", "-1", "0"])
@pytest.mark.parametrize("command", [["analyse"], ["annotate", "--analyse"]])
def test_time_limit_refuses_nan_infinities_and_negatives(command: list[str], value: str) -> None:
    # a score sheet has no hands: nothing to analyse, so a limit let through ends at once
    result = run(*command, "--time-limit", value, SAMPLES / "score-sheet.aln")
    assert result.exit_code == 2, result.output
    assert "--time-limit" in result.stderr


# --------------------------------------------------------------------------
# Writing many files into one folder: the folder is listed once, not once
# per file written (which made fmt of 10,000 files quadratic).


def test_writing_many_files_lists_their_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    text = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
    for n in range(40):
        (folder / f"r{n:02}.aln").write_text(text.replace("\n\ndeal ", "\n\n\ndeal "))
    stale = folder / f".r07.aln.aluette-{dead_pid()}-0123abcd.tmp"
    stale.write_text("half a record")
    listed: list[str] = []
    real_scandir = os.scandir

    def counting_scandir(path: str | os.PathLike[str] = ".") -> Any:
        listed.append(os.path.abspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", counting_scandir)
    result = run("fmt", folder)
    assert result.exit_code == 0, result.output
    assert "40 files reformatted" in result.output
    # once to find the records, once for the stale temporary files
    assert listed.count(str(folder)) <= 2, listed.count(str(folder))
    assert not stale.exists()


# --------------------------------------------------------------------------
# Lost update: a file another program changes while fmt or annotate works
# on it is not overwritten with the result of its old content.

THEIRS = '[Event "Their edit"]\n\ndeal 1 dealer N\npoint NS\n'


def replace_file(path: Path) -> None:
    """Another program replaces the file (an editor's save: a new file renamed over it)."""
    fresh = path.with_name("editor.tmp")
    fresh.write_text(THEIRS, encoding="utf-8")
    os.replace(fresh, path)


def append_to_file(path: Path) -> None:
    """Another program writes into the file itself."""
    with path.open("a", encoding="utf-8") as out:
        out.write("{their note}\n")


@pytest.mark.parametrize("change", [replace_file, append_to_file])
def test_fmt_does_not_overwrite_a_file_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: Any
) -> None:
    import aluette_cli.cli as cli_module

    messy = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
    record = write(tmp_path, "r.aln", messy.replace("\n\ndeal ", "\n\n\ndeal "))
    real_format = cli_module.formatted_file

    @contextlib.contextmanager
    def format_then_change(*args: Any, **kwargs: Any) -> Iterator[Any]:
        with real_format(*args, **kwargs) as result:
            change(record)
            yield result

    monkeypatch.setattr(cli_module, "formatted_file", format_then_change)
    result = run("fmt", record)
    assert result.exit_code == 1, result.output
    assert "changed after it was read, so it was not overwritten" in result.stderr
    text = record.read_text(encoding="utf-8")
    assert text == THEIRS if change is replace_file else text.endswith("{their note}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.aln"]


@pytest.mark.parametrize("change", [replace_file, append_to_file])
def test_annotate_in_place_does_not_overwrite_a_file_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: Any
) -> None:
    from aluette_cli.filejobs import AnnotateJob

    record = write(tmp_path, "r.aln", (SAMPLES / "classic-game.aln").read_bytes())
    real_run = AnnotateJob.run

    def run_then_change(
        self: AnnotateJob, file: str, target: str | None, stream: object, out: object
    ) -> Any:
        yield from real_run(self, file, target, stream, out)
        change(record)

    monkeypatch.setattr(AnnotateJob, "run", run_then_change)
    result = run("annotate", "--in-place", record)
    assert result.exit_code == 1, result.output
    assert "changed after it was read, so it was not overwritten" in result.stderr
    text = record.read_text(encoding="utf-8")
    assert text == THEIRS if change is replace_file else text.endswith("{their note}\n")
    assert "{=" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.aln"]


def test_an_unchanged_file_is_still_written_in_place(tmp_path: Path) -> None:
    record = write(tmp_path, "r.aln", (SAMPLES / "classic-game.aln").read_bytes())
    assert run("annotate", "--in-place", record).exit_code == 0
    assert "{=" in record.read_text(encoding="utf-8")


# --------------------------------------------------------------------------
# Confinement of a record's ruleset file: each step opened relative to the
# folder before it, none through a link; a hard-linked file refused.


def named_ruleset(folder: Path, name: str) -> Path:
    text = (ROOT / "aluette_cli" / "rulesets" / "classic.toml").read_text(encoding="utf-8")
    return write(folder, "rules.toml", text.replace('name = "classic"', f'name = "{name}"'))


def test_a_folder_swapped_for_a_link_while_loading_leads_nowhere_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder is swapped at the first file opened: before the confined
    walk starts, or, where a path is resolved first and opened later,
    between the two (the race once lost 50 times in 48,088 calls)."""
    from aluette_cli import rules

    outside = tmp_path / "outside" / "sub"
    outside.mkdir(parents=True)
    named_ruleset(outside, "outside")
    records = tmp_path / "records"
    (records / "sub").mkdir(parents=True)
    named_ruleset(records / "sub", "inside")
    real_open = os.open
    swapped: list[bool] = []

    def swap_then_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if not swapped:
            swapped.append(True)
            os.rename(records / "sub", tmp_path / "moved")
            (records / "sub").symlink_to(outside, target_is_directory=True)
        return real_open(path, flags, *args, **kwargs)

    rules._load_record_ruleset.cache_clear()
    monkeypatch.setattr(os, "open", swap_then_open)
    try:
        loaded = rules.load_record_ruleset("sub/rules.toml", records)
    except rules.RulesetError as exc:
        assert "record's own folder" in str(exc)
    else:
        assert loaded.name != "outside"
    finally:
        rules._load_record_ruleset.cache_clear()
    assert swapped


def test_a_ruleset_reached_through_a_linked_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    named_ruleset(outside, "outside")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "sub").symlink_to(outside, target_is_directory=True)
    assert "record's own folder" in assert_one_a401(record_naming(folder, "sub/rules.toml"))


def test_a_hard_linked_ruleset_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    write(outside, "secret.toml", SECRET)
    folder = tmp_path / "records"
    folder.mkdir()
    os.link(outside / "secret.toml", folder / "h.toml")
    message = assert_one_a401(record_naming(folder, "h.toml"), "hunter2")
    assert "hard links" in message


def test_fmt_shows_a_walked_file_name_with_its_controls_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "a\x1b[2J\nb.aln").write_text('[Event "x"]\n\n\ndeal 1 dealer N\npoint NS\n')
    for args in (["fmt", "--check", "--diff"], ["fmt"]):
        result = run(*args, folder)
        assert result.exit_code in (0, 1), result.output
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", result.output), result.output
        assert "a\\x1b[2J\\x0ab.aln" in result.output


def test_a_file_name_s_controls_are_escaped_in_github_lines_and_usage_errors(
    tmp_path: Path,
) -> None:
    """docs/cli.md, "Control characters": a record cannot set the
    terminal's title.  The github format wrote the name raw in ``file=``
    (a workflow's log is shown as a terminal shows it), and so did the
    usage error of an -o that names an input."""
    name = tmp_path / "x\x1b]0;pwned\x07.aln"
    name.write_text('[Date "\x1b[2J"]\n\ndeal 1 dealer S\npoint EW\n')
    said = run("validate", "--output-format", "github", name)
    assert said.exit_code == 0
    assert "file=" in said.stdout and "x\\x1b]0;pwned\\x07.aln" in said.stdout
    for args in (
        ["report", name, "-o", name],
        ["convert", name, name, "--to", "json", "-o", tmp_path / "j"],
    ):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", result.output), result.output
        assert "x\\x1b]0;pwned\\x07" in result.output, result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["fmt"], "cannot format {} in place: it is a named pipe, not a file"),
        (["annotate", "--in-place"], "{} cannot be replaced in place: it is a named pipe"),
    ],
    ids=["fmt", "annotate"],
)
def test_a_fifo_is_never_written_back_in_place(tmp_path: Path, args: list[str], said: str) -> None:
    """Replacing the pipe being read would write into it: the command would
    wait for ever for the end of its own input, or its output would be lost.
    It is refused, and the pipe is never opened (nobody writes into it here:
    an open would block)."""
    fifo = tmp_path / "named.aln"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "aluette_cli", *args, fifo],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    assert said.format(fifo) in proc.stderr
