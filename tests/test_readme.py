"""The README's two commands, as written, in a fresh copy of the project.

A newcomer types the first command to install the tool and see it work,
and the second to install the test extras and run the suite.  Both run here
word for word in a copy of the sources with no virtual environment, so a
command that only works in a set-up checkout (a venv already there, an
extra already installed) fails.  The tests use no network: pip is told to
use no index and to build in place, and the packages the commands need are
the ones of the environment running the tests, seen through ``PYTHONPATH``.
What the test cannot see is the index itself; ``.ci/run`` installs the same
way from it on every run.

The suite inside the copy is the README's command too, narrowed through
``PYTEST_ADDOPTS`` (pytest reads it as extra arguments) to one small file:
the whole suite inside one of its own tests would run this test again.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

#: what the copy leaves out: environments, caches and the repository itself
_IGNORED = shutil.ignore_patterns(
    ".venv", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "*.egg-info"
)


def readme_commands() -> list[str]:
    """The README's first two ``sh`` blocks: install and run, then test."""
    text = README.read_text("utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    return [block.strip() for block in blocks[:2]]


def test_the_readme_opens_with_the_two_commands() -> None:
    install, tests = readme_commands()
    # The tool alone first: the test extras take a minute and are not needed to run it.
    assert ".venv/bin/pip install -e . &&" in install
    assert "[test]" not in install and "samples/" in install
    assert "'.[test]'" in tests and "pytest" in tests
    text = README.read_text("utf-8")
    assert ". .venv/bin/activate" in text and "pipx install ." in text


def _offline() -> dict[str, str]:
    """pip without an index, building with this environment's hatchling."""
    return {
        "PYTHONPATH": sysconfig.get_paths()["purelib"],
        "PIP_NO_INDEX": "1",
        # pip reads a false ``no-build-isolation`` as "build in this environment"
        "PIP_NO_BUILD_ISOLATION": "0",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }


def _bash(command: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTEST"))}
    environ.pop("PYTHONPATH", None)
    environ.update(env)
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=environ, capture_output=True, text=True, timeout=900
    )


def test_the_readme_commands_work_in_a_fresh_copy(tmp_path: Path) -> None:
    copy = tmp_path / "aluette"
    shutil.copytree(ROOT, copy, ignore=_IGNORED)
    install, tests = readme_commands()

    first = _bash(install, copy, **_offline())
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    assert "Final score: NS 2, EW 3. EW win the game." in first.stdout, first.stdout[-2000:]

    narrowed = {"PYTEST_ADDOPTS": "-p no:cacheprovider tests/test_lexicon.py"}
    second = _bash(tests, copy, PYTEST_XDIST_AUTO_NUM_WORKERS="1", **narrowed, **_offline())
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
    assert re.search(r"\d+ passed", second.stdout), second.stdout[-2000:]
