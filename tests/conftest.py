"""What many test files need: running the command, writing records, replaying text.

Plain functions rather than fixtures, imported where used (``from .conftest
import run``), so that a test reads as the call it makes.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from aluette_cli.cli import cli
from aluette_cli.pipeline import CheckedGame, RuleChoice, check_source
from aluette_cli.writers.report import game_dict

# No example has a time limit, in every file, as most already said one by
# one.  On a shared machine one example can take ten times as long as the
# one before, and Hypothesis then fails the test for its timing, not for
# anything it found; speed is measured by benchmarks/, not by tests.
settings.register_profile("aluette", deadline=None)
settings.load_profile("aluette")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: The bundled records, for tests that must hold for every one of them.
SAMPLE_FILES = sorted(SAMPLES.glob("*.aln"))


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output as wide as its content and without colour, whatever the shell
    that runs the tests has set; the tests of width and colour set their own."""
    for name in ("COLUMNS", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


# --------------------------------------------------------------------------
# The command line, in-process


def invoke(args: Sequence[str | os.PathLike[str]], input: str | bytes | None = None) -> Result:
    """Run ``aluette ARGS``; a crash inside the command must not pass for an
    exit status, and no input may ever show the user a traceback."""
    result = CliRunner().invoke(cli, [os.fspath(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout
    assert "Traceback" not in result.stderr
    return result


def run(*args: str | os.PathLike[str], input: str | bytes | None = None) -> Result:
    """:func:`invoke`, with the arguments written out as on a command line."""
    return invoke(args, input)


def generated(seed: int, *flags: str) -> str:
    """``aluette generate --seed SEED FLAGS...``: legal records to start from."""
    result = run("generate", "--seed", str(seed), *flags)
    assert result.exit_code == 0, result.output
    return result.stdout


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    """A record file under ``tmp_path``: text is written as UTF-8, bytes as they are."""
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# --------------------------------------------------------------------------
# Replaying text directly, for tests of the rules


def record(*lines: str) -> str:
    """ALN text whose line k (1-based) is ``lines[k - 1]``: positions are easy to read."""
    return "\n".join(lines) + "\n"


def check_all(
    text: str, choice: RuleChoice | None = None, base: Path | None = None
) -> list[CheckedGame]:
    """Every game of an ALN text, read and replayed (under its own tags by default)."""
    return list(check_source(io.BytesIO(text.encode("utf-8")), choice or RuleChoice(), base))


def check(text: str, choice: RuleChoice | None = None, base: Path | None = None) -> CheckedGame:
    """The one game of an ALN text, read and replayed."""
    (checked,) = check_all(text, choice, base)
    return checked


def found(checked: CheckedGame) -> list[tuple[str, int, int]]:
    """(code, line, column) of each finding, in the order the engine sorts them."""
    return [(f.code, f.line, f.column) for f in checked.outcome.findings]


def messages(checked: CheckedGame, code: str) -> list[str]:
    return [f.message for f in checked.outcome.findings if f.code == code]


def report(checked: CheckedGame) -> dict[str, Any]:
    """The game as ``report --format json`` shows it."""
    return game_dict(checked, "t.aln")


#: A command line run in a fresh interpreter, which says last whether it
#: imported Lark: ``exit CODE`` then ``True`` or ``False``.
_NOTING_LARK = (
    "import sys; from aluette_cli.cli import main\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit as e:\n    print('exit', e.code)\n"
    "print('lark' in sys.modules)"
)


def run_noting_lark(*args: str | os.PathLike[str]) -> subprocess.CompletedProcess[str]:
    """``aluette ARGS`` in a process of its own, to tell whether it loaded
    the grammar's parser: the last three words of its output are ``exit``,
    the status, and whether ``lark`` was imported."""
    return subprocess.run(
        [sys.executable, "-c", _NOTING_LARK, *map(str, args)], capture_output=True, text=True
    )


def dead_pid() -> int:
    """The number of a process that has ended: what a run killed with
    SIGKILL leaves in the name of its temporary file."""
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(ended.stdout)
