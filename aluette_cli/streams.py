"""Where records come from and where output goes: files, ``-`` and safe writes.

Shared by the command line and the Python API so that both read standard
input the same way and neither ever leaves half a file behind.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

#: The name that means standard input (or output), as in most Unix tools.
STDIO = "-"


def open_source(file: str) -> contextlib.AbstractContextManager[BinaryIO]:
    """The bytes of ``file``, or of standard input for ``-`` (left open: not ours)."""
    if file == STDIO:
        return contextlib.nullcontext(sys.stdin.buffer)
    return open(file, "rb")


def display_name(file: str) -> str:
    """The name findings carry: ``<stdin>`` reads better than ``-`` in a message."""
    return "<stdin>" if file == STDIO else file


def base_of(file: str) -> Path | None:
    """Where a ruleset named by the record's Rules tag is looked for: beside it."""
    return None if file == STDIO else Path(file).parent


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str] | None, binary: bool) -> Iterator[Any]:
    """Standard output, or a file written beside its final place and renamed
    over it only once complete: a crash never leaves half a record."""
    if path is None or str(path) == STDIO:
        stream = sys.stdout.buffer if binary else sys.stdout
        yield stream
        stream.flush()
        return
    target = Path(path)
    fd, temp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent if str(target.parent) else "."
    )
    try:
        out: Any = (
            os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="")
        )
        with out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            shutil.copymode(target, temp)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
