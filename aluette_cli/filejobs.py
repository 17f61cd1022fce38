"""One output per input: ``convert`` and ``annotate`` of many files, in order.

A job takes one input and the path of its output (None: standard output),
reads the one and writes the other (safely: :func:`streams.atomic_output`),
and yields what the command is to say about it: the findings, lines to
print, and the deals read, for the progress line.  In one process the events
are said as they come; with ``-j`` each file is a job of a worker process,
and its events are said when it is done, in input order
(:func:`parallel.map_in_order`).  A file that cannot be read or written is
said and costs only itself: the other files are still done.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

from .analysis import Limits
from .annotate import Annotator
from .convert import KeptAsIs, NotWhole, Unreadable, converted, converted_to_aln, not_aln
from .findings import visible
from .pipeline import CheckedGame, RuleChoice, rules_name
from .rules import RulesetError, load_record_ruleset
from .streams import (
    NUL_REASON,
    STDIO,
    ChangedMeanwhile,
    NamedInput,
    Nowhere,
    ReadError,
    WriteError,
    atomic_output,
    base_of,
    cannot_read,
    display_name,
    holds_nul,
    make_folders,
    open_source,
    reason_of,
    remove_empty,
    rewindable_copy,
    same_file,
)
from .verdict import EXIT_INVALID, EXIT_OK, EXIT_USAGE, exit_status


@dataclass(frozen=True, slots=True)
class Said:
    """A line for standard error, and the exit status it calls for."""

    text: str
    status: int = 0


@dataclass(frozen=True, slots=True)
class Read:
    """Deals read, for the progress line."""

    deals: int


Event = Said | Read


def told(checked: CheckedGame, file: str) -> Iterator[Event]:
    """A checked game's findings, as ``validate`` prints them, then its deals."""
    status = exit_status(checked.outcome.findings)
    for finding in checked.outcome.findings:
        yield Said(finding.format_line(file), status)
    yield Read(checked.deals_read)


def rules_left_behind(
    checked: CheckedGame, file: str, target: str | None, named: set[str]
) -> Iterator[Event]:
    """A warning where the game's Rules tag names a ruleset file that the
    output's folder does not hold alike: the tag goes with the record, the
    file does not, and the output read where it is would be checked under
    other rules, or none (A401).  Once a file name (``named``: those said)."""
    name = rules_name(checked.game)  # (the tag's, as the output will be read)
    if target is None or target == STDIO or not name.endswith(".toml") or name in named:
        return
    named.add(name)
    try:  # (both confined to their folders, as any record's Rules tag is)
        used = load_record_ruleset(name, base_of(file))
    except RulesetError:
        return  # the record's own A401 says why
    there = Path(target).parent
    copy = visible(str(there / name))
    try:
        if load_record_ruleset(name, there) == used:
            return
        found = f"{copy} is another ruleset"
    except RulesetError:
        found = f"{copy} cannot be read"
    source = visible(str((base_of(file) or Path()) / name))
    yield Said(
        f"aluette: warning: {visible(display_name(target))} names the ruleset file {name!r}"
        f" in its Rules tag, but {found}: copy {source} beside it, or it is read under"
        " other rules than the game was checked under"
    )


@dataclass(frozen=True, slots=True)
class _Job:
    """What every job needs: the rules, and whether to make the output's
    folder (one of several outputs into ``-o FOLDER``)."""

    choice: RuleChoice
    make_folder: bool

    def __call__(self, pair: tuple[str, str | None]) -> Iterator[Event]:
        file, target = pair
        try:
            stream_cm = open_source(file)
        except OSError as exc:
            yield Said(cannot_read(file, reason_of(exc)), EXIT_USAGE)
            return
        made: list[str] = []
        try:
            if self.make_folder and target is not None and target != STDIO:
                folder = os.path.dirname(target)
                if folder:
                    try:
                        made = make_folders(folder)
                    except OSError as exc:
                        raise WriteError(target, exc) from exc
            with contextlib.ExitStack() as opened:
                # (its reads failing are said as the input's, not the output's)
                stream = cast(BinaryIO, NamedInput(opened.enter_context(stream_cm), file))
                if self.writes_into:  # a pipe is looked at for NUL bytes as a file is
                    stream = opened.enter_context(rewindable_copy(stream))
                # Written in place: the file as read, so that a change made
                # meanwhile by another program is not overwritten.
                in_place = target is not None and same_file(file, target)
                read_as = os.fstat(stream.fileno()) if in_place else None
                nul = (in_place or self.writes_into) and stream.seekable() and holds_nul(stream)
                if nul and in_place:
                    display = visible(display_name(file))
                    yield Said(f"aluette: {display} left as it is: {NUL_REASON}", EXIT_INVALID)
                    return
                why_not = not_aln(stream, file) if self.writes_into else None
                if why_not is not None:  # (notes written into JSON would break it)
                    display = visible(display_name(file))
                    yield Said(f"aluette: {display} not annotated: {why_not}", EXIT_USAGE)
                    return
                with atomic_output(target, binary=self.binary, read_as=read_as) as out:
                    if nul:  # written out as it is, for the reason said; checked all the same
                        shutil.copyfileobj(stream, out)  # type: ignore[misc]
                        stream.seek(0)
                        display = visible(display_name(file))
                        said = (
                            f"aluette: {display} written out as it is, with no notes: {NUL_REASON}"
                        )
                        yield Said(said, EXIT_INVALID)
                        out = Nowhere()
                    yield from self.run(file, target, stream, out)
        except ChangedMeanwhile as exc:
            yield Said(f"aluette: {exc}", EXIT_INVALID)
        except ReadError as exc:  # the other files are still read, as validate reads them
            remove_empty(made)
            yield Said(cannot_read(file, reason_of(exc.cause)), EXIT_USAGE)
        except WriteError as exc:
            remove_empty(made)
            if target is None or target == STDIO:
                raise  # standard output is gone: the command ends, as every command does
            yield Said(f"aluette: {exc}", EXIT_USAGE)
        except BaseException:  # Ctrl-C among them: no folder left for an output not written
            remove_empty(made)
            raise

    binary = False
    #: whether the job writes into the input's own text (annotate): a file
    #: holding NUL bytes is then written out as it is, wherever it goes
    writes_into = False

    def run(self, file: str, target: str | None, stream: object, out: object) -> Iterator[Event]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ConvertJob(_Job):
    to: str = "aln"
    source: str | None = None
    style: str = "keep"
    #: JSON Lines in the compact form; with ``lossless``, positions and comments kept
    compact: bool = False
    lossless: bool = False
    #: CSV cells as they are, formulas included (``--raw-csv``)
    raw_csv: bool = False

    @property
    def binary(self) -> bool:  # type: ignore[override]
        """ALN is written in bytes: an input kept as it is (:class:`KeptAsIs`)
        may hold bytes that are not UTF-8."""
        return self.to == "aln"

    def run(self, file: str, target: str | None, stream: object, out: object) -> Iterator[Event]:
        display = display_name(file)
        named: set[str] = set()
        items: Iterator[CheckedGame | Unreadable | KeptAsIs | NotWhole]
        if self.to == "aln":
            items = converted_to_aln(
                stream,  # type: ignore[arg-type]
                file,
                out,  # type: ignore[arg-type]
                self.choice,
                source=self.source,
                style=self.style,
                base=base_of(file),
            )
        else:
            items = converted(
                stream,  # type: ignore[arg-type]
                file,
                out,  # type: ignore[arg-type]
                self.to,
                self.choice,
                source=self.source,
                style=self.style,
                base=base_of(file),
                compact=self.compact,
                lossless=self.lossless,
                raw_csv=self.raw_csv,
            )
        for item in items:
            if isinstance(item, Unreadable):
                for finding in item.findings:
                    yield Said(finding.format_line(display), EXIT_INVALID)
            elif isinstance(item, KeptAsIs):
                yield Said(
                    f"aluette: {visible(display)} written out as it is, not formatted: {item.why}",
                    EXIT_INVALID,
                )
            elif isinstance(item, NotWhole) and item.warning:
                said = f"its {item.form} {item.how}: {item.why}"
                yield Said(f"aluette: warning: {visible(display)}: {said}", EXIT_OK)
            elif isinstance(item, NotWhole):
                said = f"its {item.form}, written all the same, {item.how}: {item.why}"
                yield Said(f"aluette: {visible(display)}: {said}", EXIT_INVALID)
            else:
                yield from told(item, display)
                yield from rules_left_behind(item, file, target, named)


@dataclass(frozen=True, slots=True)
class AnnotateJob(_Job):
    #: with ``annotate --analyse``, how far back and how long to analyse
    limits: Limits | None = None
    binary = True
    writes_into = True

    def run(self, file: str, target: str | None, stream: object, out: object) -> Iterator[Event]:
        annotator = Annotator(
            stream,  # type: ignore[arg-type]
            out,  # type: ignore[arg-type]
            self.choice,
            base_of(file),
            self.limits,
        )
        named: set[str] = set()
        for checked in annotator.run():
            yield from told(checked, display_name(file))
            yield from rules_left_behind(checked, file, target, named)
