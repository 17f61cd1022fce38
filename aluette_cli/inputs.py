"""Which files a command reads, with folders walked, and where its outputs go.

A folder stands for every record below it, found the way linters find
sources: recursively, in a stable order (names sorted, byte-wise, at each
level), skipping hidden files and folders (``.git``, and the ``.NAME.tmp``
files a write in progress leaves), and taking only the record extensions.
A file named on the command line is read whatever its name: the user chose
it.  Symbolic links to folders are not followed, so a link loop cannot make
the walk endless.  A file found by the walk is a
:class:`~aluette_cli.streams.Walked` path, opened only if it is a regular
file: a FIFO among the records would block every command.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from .findings import visible
from .streams import STDIO, Walked, not_replaceable, same_file

#: What a folder walk takes: the formats records are read from.
RECORD_SUFFIXES = (".aln", ".json", ".jsonl", ".ndjson")
#: What ``fmt`` and ``annotate`` take from a folder: only ALN is rewritten.
ALN_SUFFIXES = (".aln",)


def expand(
    paths: Iterable[str], suffixes: tuple[str, ...] = RECORD_SUFFIXES, once: bool = False
) -> Iterator[str]:
    """Each path as given, a folder replaced by the record files below it;
    with ``once`` (the commands that read records and count or report their
    games), a file met again (named twice, or named and found in a folder
    named too, or through a link) only the first time, as linters take a
    source once: read twice, its games were counted twice (``stats``).  A
    command that writes a file for each input writes one for each name: a
    hard link's two names are two files once one is written beside it and
    renamed.

    A folder that cannot be listed, or holds no record, is yielded itself,
    so that opening it fails in its place with the reason, as a missing
    file does (:func:`aluette_cli.streams.open_source`).
    """
    met: set[tuple[int, int]] | None = set() if once else None
    for path in paths:
        if is_folder(path):
            found = False
            for found_path in _walk(path, suffixes):
                found = True
                if met is None or _first_time(found_path, met):
                    yield found_path
            if not found:
                yield path
        elif met is None or _first_time(path, met):
            yield path


def _first_time(path: str, met: set[tuple[int, int]]) -> bool:
    """Whether the file ``path`` is not among those ``met`` (by device and
    inode), which it joins; a path that is no file there (standard input, a
    name that does not exist) is always new: it fails, or is read, in its
    place."""
    if path == STDIO:
        return True
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return True
    key = (found.st_dev, found.st_ino)
    if key in met:
        return False
    met.add(key)
    return True


def _walk(top: str, suffixes: tuple[str, ...]) -> Iterator[str]:
    """The record files below ``top``, depth first, as :class:`Walked` paths.

    The walk keeps its own stack of folders rather than recursing, so a
    folder nested thousands deep costs memory in proportion, never
    Python's recursion limit.  A folder that cannot be listed is yielded
    itself: opening it will say why."""
    try:
        first = _entries(top)
    except OSError:
        yield top
        return
    stack = [iter(first)]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        if entry.name.startswith("."):
            continue
        path = entry.path  # the folder's path as walked, joined with the name
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            try:
                stack.append(iter(_entries(path)))
            except OSError:
                yield path
        elif entry.name.lower().endswith(suffixes):
            yield Walked(path)


def _entries(folder: str) -> list[os.DirEntry[str]]:
    with os.scandir(folder) as found:
        return sorted(found, key=lambda e: os.fsencode(e.name))  # byte-wise, as promised


def is_folder(path: str) -> bool:
    return path != STDIO and os.path.isdir(path)


#: what ends a name that names a folder
_SEPARATORS = tuple({os.sep, os.altsep or os.sep, "/"})


def names_folder(path: str) -> bool:
    """Whether ``path`` ends in a separator (``new/``): it names a folder,
    there or not (dropped, the name is a file's)."""
    return path.endswith(_SEPARATORS)


def output_paths(
    files: tuple[str, ...],
    output: str | None,
    in_place: bool,
    suffix: str | None,
    suffixes: tuple[str, ...],
) -> tuple[list[tuple[str, str | None]], bool]:
    """Each input with where its output goes (``None``: standard output),
    and whether the outputs' folders may be made (several outputs, or one
    into a folder named with a final ``/`` that is not there yet).

    One file goes to ``-o`` (a file, or into a folder) or to standard
    output.  Several files, or a folder, go each to a file of its own: into
    the ``-o`` folder, keeping the folders below the one named, or beside
    the input (``--in-place``; ``suffix`` None keeps the name: the file is
    replaced).  Two inputs never share an output: that is refused before
    anything is written.  A choice that cannot be carried out raises
    ValueError with the sentence to show.
    """
    if in_place and output is not None:
        raise ValueError("--in-place and -o exclude each other")
    many = len(files) > 1 or any(is_folder(f) for f in files)
    if in_place or many:
        if STDIO in files:
            # each output is named for its input, and - has no name
            said = "not in place" if in_place else "not with other inputs"
            raise ValueError(f"- (standard input) can only be read alone, {said}")
        if output == STDIO:
            raise ValueError("several outputs cannot all go to standard output")
    if not many:
        (file,) = files
        if in_place:
            if suffix is None:
                _replaceable(file)
            return [(file, file if suffix is None else str(Path(file).with_suffix(suffix)))], False
        # a name ending in / names a folder, made if need be (it was written
        # as a file of that name, the / dropped)
        to_make = output is not None and names_folder(output) and not is_folder(output)
        if output is not None and (is_folder(output) or to_make):
            name = Path("stdin.aln" if file == STDIO else file).name
            place = Path(output, name)
            return [(file, str(place if suffix is None else place.with_suffix(suffix)))], to_make
        return [(file, output)], False
    if not in_place and output is None:
        if len(files) == 1 and [str(f) for f in expand(files, suffixes)] == list(files):
            # a folder with no record: said where it is read, as validate says it
            return [(files[0], None)], False
        raise ValueError(
            "several inputs: give -o FOLDER for the outputs, or --in-place to write each"
            " beside its input"
        )
    pairs: list[tuple[str, str | None]] = []
    for arg in files:
        for file in expand([arg], suffixes):
            if in_place:
                if suffix is None and not isinstance(file, Walked):
                    _replaceable(file)  # a walked pipe is skipped where it is read
                place = Path(file)
            else:
                assert output is not None
                # a folder with no record stands for itself (reading it fails
                # in its place): it gets a name of its own, not the -o folder
                inside = is_folder(arg) and file != arg
                below = Path(file).relative_to(arg) if inside else Path(Path(file).name)
                place = Path(output, below)
            pairs.append((file, str(place if suffix is None else place.with_suffix(suffix))))
    seen: dict[str, str] = {}
    for file, target in pairs:
        assert target is not None
        key = os.path.normpath(os.path.abspath(target))
        if key in seen:
            first, second = visible(seen[key]), visible(file)
            raise ValueError(f"{first} and {second} would both be written to {visible(target)}")
        seen[key] = file
    return pairs, True


def writes_into_inputs(files: tuple[str, ...], output: str | None) -> str | None:
    """``-o`` must not name a record being read, nor a record file inside a
    folder being read: the report would replace the record (or be read as
    one).  The sentence that says so, or None."""
    if output is None or output == STDIO:
        return None
    target = os.path.realpath(output)  # links resolved: a folder may be named through one
    for file in files:
        if same_file(file, output):
            if file == STDIO:
                return f"-o {visible(output)} is the file standard input is read from"
            return f"-o {visible(output)} is one of the input files"
        folder = os.path.realpath(file)
        if (
            is_folder(file)
            and output.lower().endswith(RECORD_SUFFIXES)
            and os.path.commonpath([folder, target]) == folder
        ):
            return (
                f"-o {visible(output)} is inside the folder {visible(file)},"
                " whose records are being read"
            )
    return None


def _replaceable(file: str) -> None:
    """Refuse to replace an input that cannot be written back (a pipe, a
    device): the sentence says what to do instead."""
    why = not_replaceable(file)
    if why is not None:
        raise ValueError(
            f"{visible(file)} cannot be replaced in place: {why}; write the output with -o,"
            " or to standard output"
        )
