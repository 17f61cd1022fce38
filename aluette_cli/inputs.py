"""Which files a command reads: the paths given, with folders walked.

A folder stands for every record below it, found the way linters find
sources: recursively, in a stable order (names sorted, byte-wise, at each
level), skipping hidden files and folders (``.git``, and the ``.NAME.tmp``
files a write in progress leaves), and taking only the record extensions.
A file named on the command line is read whatever its name: the user chose
it.  Symbolic links to folders are not followed, so a link loop cannot make
the walk endless.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from .streams import STDIO

#: What a folder walk takes: the formats records are read from.
RECORD_SUFFIXES = (".aln", ".json", ".jsonl", ".ndjson")
#: What ``fmt`` and ``annotate`` take from a folder: only ALN is rewritten.
ALN_SUFFIXES = (".aln",)


def expand(paths: Iterable[str], suffixes: tuple[str, ...] = RECORD_SUFFIXES) -> Iterator[str]:
    """Each path as given, a folder replaced by the record files below it.

    A folder that cannot be listed, or holds no record, is yielded itself,
    so that opening it fails in its place with the reason, as a missing
    file does (:func:`aluette_cli.streams.open_source`).
    """
    for path in paths:
        if is_folder(path):
            found = False
            for found_path in _walk(path, suffixes):
                found = True
                yield found_path
            if not found:
                yield path
        else:
            yield path


def _walk(top: str, suffixes: tuple[str, ...]) -> Iterator[str]:
    try:
        entries = sorted(os.scandir(top), key=lambda e: e.name)
    except OSError:
        yield top  # opening it will say why
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = os.path.join(top, entry.name)
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            yield from _walk(path, suffixes)
        elif entry.name.lower().endswith(suffixes):
            yield path


def is_folder(path: str) -> bool:
    return path != STDIO and os.path.isdir(path)
