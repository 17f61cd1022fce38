"""The progress line: shown on a terminal, never in a pipe or a file."""

from __future__ import annotations

import io

import pytest

from aluette_cli import progress as progress_module
from aluette_cli.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_written_when_the_stream_is_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(stream)
    progress.add(10_000)
    progress.close()
    assert stream.getvalue() == ""


def test_a_terminal_sees_the_count_and_rate_then_a_clean_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = iter([0.0, 1.0, 1.1, 2.0])
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: next(clock))
    stream = Terminal()
    progress = Progress(stream)  # starts at t=0
    progress.add(5_000)  # t=1: shown
    progress.add(100)  # t=1.1: too soon, not shown
    progress.add(4_900)  # t=2: shown
    shown = stream.getvalue()
    assert "\r5,000 deals read, 5,000 deals/s" in shown
    assert "\r10,000 deals read, 5,000 deals/s" in shown
    assert "5,100" not in shown
    progress.close()
    assert stream.getvalue().endswith("\r")
    assert stream.getvalue()[len(shown) :].strip() == ""


def test_the_cli_writes_no_progress_into_captured_output(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from aluette_cli.cli import cli

    corpus = tmp_path / "c.aln"
    result = CliRunner().invoke(cli, ["generate", "--games", "50", "-o", str(corpus)])
    assert result.exit_code == 0
    for args in (["validate", str(corpus)], ["convert", str(corpus), "--to", "csv"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0
        assert "deals read" not in result.stderr


def test_output_to_the_same_terminal_erases_the_line_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard output on the terminal the line is shown on: each write
    erases the line first, which the next count shows again below; a
    finding or a record line was written glued to the count."""
    import sys

    from aluette_cli.streams import atomic_output

    clock = iter([0.0, 1.0, 2.0])
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: next(clock))
    screen = Terminal()  # (standard error and standard output alike)
    monkeypatch.setattr(sys, "stdout", screen)
    with Progress(screen) as progress, atomic_output(None, binary=False) as out:
        progress.add(5_000)
        out.write("a finding\n")
        progress.add(5_000)
    shown = screen.getvalue()
    line = "5,000 deals read, 5,000 deals/s"
    assert f"\r{line}\r{' ' * len(line)}\ra finding\n" in shown
    assert shown.endswith("\r" + " " * len("10,000 deals read, 5,000 deals/s") + "\r")


def test_output_elsewhere_leaves_the_line_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from aluette_cli.streams import atomic_output

    clock = iter([0.0, 1.0, 2.0])
    monkeypatch.setattr(progress_module.time, "monotonic", lambda: next(clock))
    screen, piped = Terminal(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", piped)
    with Progress(screen) as progress, atomic_output(None, binary=False) as out:
        progress.add(5_000)
        out.write("a finding\n")
    assert piped.getvalue() == "a finding\n"
    assert screen.getvalue().count("\r") == 3  # shown once, erased once, at the end


def on_a_terminal(*args: str) -> str:
    """What ``aluette ARGS`` writes to standard error when it is a terminal
    (a pseudo-terminal of the test's own), with standard output piped."""
    import os
    import pty
    import subprocess
    import sys

    main, side = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "aluette_cli", *args],
            stdout=subprocess.PIPE,
            stderr=side,
            timeout=600,
        )
        os.close(side)
        side = -1
        shown = b""
        while True:
            try:
                piece = os.read(main, 1 << 16)
            except OSError:  # (the terminal's other end is closed: all is read)
                break
            if not piece:
                break
            shown += piece
    finally:
        if side != -1:
            os.close(side)
        os.close(main)
    assert done.returncode in (0, 1), shown
    return shown.decode("utf-8")


def test_fmt_counts_the_deals_it_formats_and_says_a_finding_on_a_clean_line(
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    """A long file formatted shows its count, as validate does; a part that
    cannot be read is said as it is met, not glued to the count, and the
    line is erased before the run's summary."""
    from .conftest import generated, write

    games = generated(3, "--games", "1200").split("\n\n[Event")
    games.insert(600, ' "broken"]\n\ndeal 1 dealer N\nN: 3d zz\npoint NS')
    corpus = write(tmp_path, "c.aln", "\n\n[Event".join(games))
    shown = on_a_terminal("fmt", "--check", str(corpus))
    assert "deals formatted" in shown, shown
    said = f"{corpus}:{shown.split(f'{corpus}:')[1].split(':')[0]}"
    finding = shown.index(f"{said}:7: A001")
    assert shown[:finding].endswith("\r"), shown  # (the count erased first)
    assert shown.index("deals formatted") < finding < shown.rindex("deals formatted"), shown
    assert shown.endswith(
        "\rwould reformat " + f"{corpus}\r\n1 file would be reformatted, 0 files left unchanged\r\n"
    ), shown
