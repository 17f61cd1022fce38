"""Two versions of the code side by side: a git revision and a working tree.

``same_output.py`` and ``run.py --base`` both compare the code of a base
revision with the code of the working tree.  Neither side is installed: each
runs as ``python -P -c 'from aluette_cli.cli import main; main()'`` with
``PYTHONPATH`` set to its own tree, so the two can never import each other's
modules by accident (an editable install of the working tree stays in the
virtual environment, but ``PYTHONPATH`` comes first on ``sys.path``, and
``-P`` keeps the current directory off it).  The package finds
``grammar/aluette.lark`` next to itself in such a tree; :func:`check_side`
proves it for every run, because a side quietly reading the other side's
grammar would make any comparison worthless.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

#: Starts the command-line tool of whatever tree is first on PYTHONPATH.
LAUNCH = "from aluette_cli.cli import main; main()"

#: Prints where the package and its grammar came from, for check_side.
_PROBE = """
import sys
import aluette_cli
print(aluette_cli.__file__)
try:
    from aluette_cli.reading.grammar import grammar_text
except ImportError:  # a tree from before the reading package
    try:
        from aluette_cli.parse import grammar_text
    except ImportError:
        grammar_text = None
if grammar_text is None:
    print("")
else:
    print(len(grammar_text()))
    sys.stdout.write(grammar_text())
"""


@dataclass(frozen=True)
class Side:
    """One version of the code: a name for tables, and the tree it lives in."""

    name: str
    root: Path
    description: str

    def env(self) -> dict[str, str]:
        """The environment of every run of this side.

        The hash seed is fixed so that a set's order cannot make two runs of
        the same code differ; the encoding is fixed so that the locale of the
        machine cannot either.
        """
        env = dict(os.environ)
        env["PYTHONPATH"] = str(self.root)
        env["PYTHONHASHSEED"] = "0"
        env["PYTHONIOENCODING"] = "utf-8"
        for name in ("PYTHONSTARTUP", "PYTHONHOME", "PYTHONSAFEPATH"):
            env.pop(name, None)
        return env

    def command(self, args: list[str]) -> list[str]:
        """The command line that runs ``aluette ARGS`` with this side's code."""
        return [sys.executable, "-P", "-c", LAUNCH, *args]

    def compile(self) -> None:
        """Write the bytecode of this side's package ahead of any timed run.

        A fresh worktree has none, so without this its first run would pay
        for compiling every module, and the base side would look slower.
        """
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(self.root / "aluette_cli")],
            env=self.env(),
            capture_output=True,
            check=True,
        )


class GitError(RuntimeError):
    """A git command failed; the message holds what git said."""


def git(repo: Path, *args: str) -> str:
    """Run git in ``repo`` and return its standard output, stripped."""
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError as exc:
        raise GitError("git is not installed") from exc
    if done.returncode != 0:
        raise GitError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def resolve(repo: Path, rev: str) -> tuple[str, str]:
    """The full commit id of ``rev`` and the name it was found under.

    A fresh CI clone has ``origin/main`` but no local ``main``, so a missing
    branch is looked for among the remote-tracking branches too.
    """
    for name in (rev, f"origin/{rev}"):
        with contextlib.suppress(GitError):
            return git(repo, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}"), name
    raise GitError(f"no commit named {rev!r} in {repo}")


def describe_tree(root: Path) -> str:
    """The working tree in words: its commit, and whether its code has edits."""
    head = git(root, "rev-parse", "--short", "HEAD")
    changed = git(root, "status", "--porcelain", "--", "aluette_cli", "grammar", "pyproject.toml")
    return f"working tree {root} (HEAD {head}{', code changed since' if changed else ''})"


@contextlib.contextmanager
def base_tree(repo: Path, rev: str, parent: Path) -> Iterator[Side]:
    """A temporary git worktree of ``rev`` under ``parent``, removed on exit.

    The worktree is removed however the block ends: normally, by an error,
    by Ctrl-C, or by SIGTERM (turned into an exception here so that the
    ``finally`` runs).  ``git worktree prune`` then drops its bookkeeping
    even if the directory was already gone.
    """
    commit, name = resolve(repo, rev)
    path = parent / "base"
    previous = _raise_on_sigterm()
    git(repo, "worktree", "add", "--quiet", "--detach", str(path), commit)
    try:
        yield Side("base", path, f"{name} ({commit[:9]})")
    finally:
        with contextlib.suppress(GitError):
            git(repo, "worktree", "remove", "--force", str(path))
        shutil.rmtree(path, ignore_errors=True)
        with contextlib.suppress(GitError):
            git(repo, "worktree", "prune")
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _raise_on_sigterm() -> Any:
    """Make SIGTERM raise SystemExit in the main thread; the old handler, or None."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        return signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        return None


def check_side(side: Side) -> None:
    """Fail unless ``side`` runs its own package with its own grammar.

    Run from an empty directory with the same interpreter, environment and
    flags as the real runs.  A tree whose reader has no
    ``grammar_text`` is only checked for where the package comes from.
    """
    with tempfile.TemporaryDirectory() as empty:
        done = subprocess.run(
            [sys.executable, "-P", "-c", _PROBE],
            capture_output=True,
            env=side.env(),
            cwd=empty,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(
            f"{side.name}: cannot import aluette_cli from {side.root}:\n"
            + done.stderr.decode(errors="replace")
        )
    package, length, grammar = done.stdout.decode("utf-8").split("\n", 2)
    if Path(package).resolve().parent != (side.root / "aluette_cli").resolve():
        raise RuntimeError(f"{side.name}: imported {package}, not the package in {side.root}")
    own = side.root / "grammar" / "aluette.lark"
    if length and own.is_file():
        text = own.read_text(encoding="utf-8")
        if len(text) != int(length) or grammar != text:
            raise RuntimeError(f"{side.name}: the package reads a grammar other than {own}")
