r"""Aluette from Python: read records, check them under a ruleset, write them out.

Everything the ``aluette`` command does goes through these functions; they
print nothing and never exit, so a notebook, a web service or a test can use
them as they are.  The names follow two libraries people already know:
``load``/``loads``/``dump``/``dumps`` as in json and endplay, and games read
one at a time from a stream as chess.pgn does (``next(games)`` is its
``read_game``).

A game comes back as a :class:`CheckedGame`: ``game`` is what the record
says (:mod:`aluette_cli.model`), ``outcome`` what the replay found
(:class:`GameOutcome` with its :class:`DealOutcome`\ s and
:class:`TrickOutcome`\ s), and ``outcome.findings`` every problem, each a
:class:`Finding` with a stable code (docs/violations.md).

>>> import aluette_cli as aluette
>>> text = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n"
>>> (game,) = aluette.loads(text)
>>> game.outcome.score, game.outcome.findings
({'NS': 0, 'EW': 1}, [])
>>> aluette.dumps(game).splitlines()
['deal 1 dealer W', 'winners: N E S E W N E S N', 'point EW']
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import IO, Any, BinaryIO, TypeVar, cast, overload

from .convert import (
    INPUT_FORMATS,
    OUTPUT_FORMATS,
    Unreadable,
    Writer,
    checked_from,
    format_from_name,
    open_input,
)
from .findings import Finding
from .inputs import expand
from .jsonmodel import game_to_dict
from .model import Game, Pos
from .outcome import DealOutcome, GameOutcome, TrickOutcome
from .parallel import Done, Shard, Work, check_in_order, file_shards, file_work
from .pipeline import (
    CheckedGame,
    Consumer,
    RuleChoice,
    Wants,
    as_wanted,
    check_source,
    consumer,
)
from .reading import read_units
from .rules import Ruleset, RulesetError, load_ruleset, parse_options
from .streams import atomic_output, base_of, display_name, open_source, reason_of
from .tables import COLUMNS, LEVELS, game_tables
from .writers.aln import STYLES
from .writers.tables import values

#: The columns of ``convert --to csv``: the play table (docs/tables.md).
CSV_COLUMNS = COLUMNS["play"]
#: The columns of each results table, by level (``report --level``).
TABLE_COLUMNS = COLUMNS

__all__ = [
    "CSV_COLUMNS",
    "INPUT_FORMATS",
    "LEVELS",
    "OUTPUT_FORMATS",
    "STYLES",
    "TABLE_COLUMNS",
    "CheckedGame",
    "DealOutcome",
    "Finding",
    "Game",
    "GameOutcome",
    "ReadError",
    "RuleChoice",
    "Ruleset",
    "RulesetError",
    "TrickOutcome",
    "check_files",
    "csv_rows",
    "dump",
    "dumps",
    "load",
    "load_ruleset",
    "loads",
    "rule_choice",
    "table_rows",
    "to_dict",
]

T = TypeVar("T")
Source = str | os.PathLike[str] | IO[bytes] | IO[str]


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _game_arg(value: object, function: str) -> CheckedGame:
    """A game argument, refused at once when it is not one: an
    AttributeError from deep inside a writer says nothing of the call."""
    if not isinstance(value, CheckedGame):
        raise TypeError(
            f"{function}() takes a CheckedGame (a game from load or loads), not {_kind(value)}"
        )
    return value


def _games_arg(games: CheckedGame | Iterable[CheckedGame], function: str) -> Iterator[CheckedGame]:
    """Each game of ``games`` (one game, or an iterable of them), checked:
    the argument itself at once, before anything is written, each game as
    it comes."""
    if isinstance(games, CheckedGame):
        return iter([games])
    if isinstance(games, str | bytes | Mapping) or not isinstance(games, Iterable):
        raise TypeError(
            f"{function}() takes a CheckedGame or an iterable of them, not {_kind(games)}"
        )
    if isinstance(games, Sequence):  # in memory already: every game checked first
        return iter([_game_arg(game, function) for game in games])
    return (_game_arg(game, function) for game in games)


def _file_arg(file: object, function: str) -> str:
    """The name a writer gives the games' file (a path is its name),
    refused at once when it is neither: a TypeError from deep inside the
    CSV writer, after its header row, said nothing of the call."""
    if isinstance(file, os.PathLike):
        file = os.fspath(file)
    if not isinstance(file, str):
        raise TypeError(
            f"{function}() file is the name of the games' file (str or Path), not {_kind(file)}"
        )
    return file


def _base_arg(base: object, function: str) -> Path | None:
    """Where a record read from memory or a stream looks for a house-rules
    file, checked at the call."""
    if base is None:
        return None
    if not isinstance(base, str | os.PathLike):
        raise TypeError(f"{function}() base is a folder's path (str or Path), not {_kind(base)}")
    return Path(base)


def _callable_arg(value: object, name: str, function: str) -> None:
    """A callback, refused at the call rather than at its first use, which
    a generator reaches only at its first game."""
    if value is not None and not callable(value):
        raise TypeError(f"{function}() {name} is a function (or None), not {_kind(value)}")


class ReadError(ValueError):
    """A part of a JSON or JSON Lines input that is not a record.

    ALN never raises it: a deal that cannot be read becomes a finding on its
    game, and reading goes on.  A JSON document has no such places to resume
    from, so the problem stops the reading; ``finding`` says where and why.
    """

    def __init__(self, finding: Finding, file: str = "") -> None:
        # named as the input was (a path, a file object's name), else <input>
        super().__init__(finding.format_line(file or "<input>"))
        self.finding = finding


def rule_choice(
    rules: str | os.PathLike[str] | None = None, options: Iterable[str] | str | None = None
) -> RuleChoice:
    """What to play under, checked now rather than once per game.

    ``rules`` is a preset name or a TOML file; None leaves it to each
    record's Rules tag.  ``options`` (a list, or text as in the Options tag)
    overrides the records' Options tag; None leaves it to them.  A name or
    an option that does not exist raises :class:`RulesetError`, so a typo
    fails at once instead of becoming an A401 finding on every game.

    >>> rule_choice("classic", "mordienne")
    RuleChoice(rules='classic', options=frozenset({'mordienne'}))
    >>> rule_choice("clasic")
    Traceback (most recent call last):
    ...
    aluette_cli.rules.RulesetError: unknown ruleset 'clasic'...
    """
    chosen: frozenset[str] | None
    if isinstance(rules, os.PathLike):
        rules = os.fspath(rules)
    if rules is not None and not isinstance(rules, str):
        raise TypeError(f"rules is a preset name or a TOML file's path, not {_kind(rules)}")
    if rules == "":  # as --rules '' is refused: None leaves it to the records
        raise ValueError("rules names no ruleset: give a preset or a TOML file, or None")
    if options is None:
        chosen = None
    elif isinstance(options, str):
        chosen = parse_options(options)
    else:
        names = list(options) if isinstance(options, Iterable) else None
        if names is None:
            raise TypeError(f"options are names (a list of str, or text), not {_kind(options)}")
        for name in names:  # (the item that is no name, not the list it is in)
            if not isinstance(name, str):
                raise TypeError(f"options are names (str), and {name!r} is {_kind(name)}")
        chosen = frozenset(names)
    ruleset = load_ruleset(rules or "classic")
    if chosen is not None:
        ruleset.with_options(chosen)
    return RuleChoice(rules, chosen)


def _choice(
    rules: str | os.PathLike[str] | RuleChoice | None, options: Iterable[str] | str | None
) -> RuleChoice:
    """A RuleChoice holds its options already: ``options`` beside one was
    dropped without a word, an unknown name among them too."""
    if not isinstance(rules, RuleChoice):
        return rule_choice(rules, options)
    if options is not None:
        raise TypeError("options go in the RuleChoice (rule_choice(rules, options)), not beside it")
    return rules


class _Encoded:
    """A text stream seen as the UTF-8 bytes it was decoded from, so that a
    file opened in text mode reads like one opened in binary mode."""

    def __init__(self, text: IO[str]) -> None:
        self.text = text

    def readline(self, size: int = -1) -> bytes:
        # (size bounds characters here, not bytes: it bounds memory all the same)
        return _utf8(self.text.readline(size))

    def read(self, size: int = -1) -> bytes:
        return _utf8(self.text.read(size))

    def __iter__(self) -> Iterator[bytes]:
        return (_utf8(line) for line in self.text)


def _lone_surrogates(error: UnicodeError) -> tuple[bytes, int]:
    """Each lone surrogate as the byte it stands for (U+DC80 to U+DCFF: text
    read with "surrogateescape", as os.fsdecode and sys.argv do), or as its
    own bytes (the others: text read with "surrogatepass", or made from a
    JSON escape), one at a time: text may hold both kinds, and a stream read
    in pieces must come out as the same text whole does."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = bytearray()
    for char in error.object[error.start : error.end]:
        code = ord(char)
        escaped = 0xDC80 <= code <= 0xDCFF
        out += bytes((code - 0xDC00,)) if escaped else char.encode("utf-8", "surrogatepass")
    return bytes(out), error.end


codecs.register_error("aluette.surrogates", _lone_surrogates)


def _utf8(text: str) -> bytes:
    """Text as the bytes it stands for (:func:`_lone_surrogates`): the
    reader reports a lone surrogate where it is, as in a file that is not
    UTF-8."""
    return text.encode("utf-8", "aluette.surrogates")


def _as_bytes(stream: IO[bytes] | IO[str]) -> BinaryIO:
    """A binary view of ``stream``: text mode is told by what it reads (an
    empty read takes nothing), not by its class, since a temporary file or
    a codecs reader opened for text is no io.TextIOBase."""
    if isinstance(stream, io.TextIOBase):
        return _Encoded(stream)  # type: ignore[return-value]
    if isinstance(stream, io.RawIOBase | io.BufferedIOBase):
        return stream  # type: ignore[return-value]
    read = getattr(stream, "read", None)
    try:
        sample = read(0) if callable(read) else stream.readline(0)
    except Exception:  # a stream that cannot say: read as bytes, as before
        return stream  # type: ignore[return-value]
    if isinstance(sample, str):
        return _Encoded(stream)  # type: ignore[arg-type, return-value]
    return stream  # type: ignore[return-value]


def _check_format(fmt: str | None) -> None:
    """Refuse a format name now: the games are read later, maybe much later."""
    if fmt is not None and fmt not in INPUT_FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected one of {', '.join(INPUT_FORMATS)}")


def _check_keep(keep: Wants, function: str) -> None:
    """Refuse ``keep`` now, as the format: not at the first game."""
    if not isinstance(keep, bool | str | Consumer):
        raise TypeError(
            f"{function}() keep is True, False, 'outcomes' or a Consumer, not {_kind(keep)}"
        )
    consumer(keep)  # a ValueError for another word


def _checked(
    stream: BinaryIO,
    name: str,
    choice: RuleChoice,
    base: Path | None,
    fmt: str | None,
    keep: Wants,
    lenient: bool = False,
    placed: bool = True,
    keep_read: bool = False,
) -> Iterator[CheckedGame]:
    """The games of one stream.  A part of a JSON input that is not a record
    raises :class:`ReadError`, or, ``lenient``, is a game of its own holding
    only that finding, so that a command reports it and goes on.  A game
    from JSON with findings is placed in its JSON file unless not ``placed``;
    ``keep_read`` keeps the game as read, at its own positions, beside the
    placed findings (:func:`convert.checked_from`)."""
    fmt = fmt or format_from_name(name)
    if fmt == "aln":
        # The streaming reader: one game in memory, or one deal with keep=False.
        yield from check_source(stream, choice, base, keep)
        return
    fmt, rewound = open_input(stream, name, fmt)
    if fmt == "aln":
        yield from check_source(rewound, choice, base, keep)  # type: ignore[arg-type]
        return
    items = checked_from(rewound, fmt, choice, base, keep_read=keep_read, placed=placed)
    wants = consumer(keep)
    for index, item in enumerate(items, 1):
        if isinstance(item, Unreadable):
            if not lenient:  # (the first place it is not a record)
                raise ReadError(item.findings[0], name)
            yield _unreadable_game(item.findings, index)
        else:
            yield as_wanted(item, wants)


def _unreadable_game(findings: list[Finding], index: int) -> CheckedGame:
    """A part that could not be read, as a game of its own, its findings
    the last of which says why; they name that game, as a game of
    unreadable ALN text names its own (a JSON file that is no record said
    "game": null, yet counted as game 1)."""
    last = findings[-1]
    number = last.game or index
    findings = [f if f.game is not None else replace(f, game=number) for f in findings]
    game = Game(number, Pos(last.line, last.column))
    outcome = GameOutcome(game.index, None, [], {"NS": 0, "EW": 0}, False, None, findings)
    return CheckedGame(game, outcome)


def load(
    source: Source,
    rules: str | os.PathLike[str] | RuleChoice | None = None,
    options: Iterable[str] | str | None = None,
    *,
    fmt: str | None = None,
    keep: Wants = True,
    base: str | os.PathLike[str] | None = None,
) -> Iterator[CheckedGame]:
    """Each game of a file, read and checked as the file is read.

    ``source`` is a path, or a file object open for reading (bytes, or
    text).  ``fmt`` is ``"aln"``, ``"json"`` or ``"jsonl"``; None guesses it
    from the file's extension, else its first line.  ``rules`` and
    ``options`` are as in :func:`rule_choice` (or a :class:`RuleChoice`).
    A Rules tag that names a TOML file finds it beside the record (in
    ``base`` for a file object; the current directory by default).

    Only one game is held at a time; with ``keep=False`` not even its deals,
    only the findings and the score, so memory stays flat whatever the
    file's size (a game of JSON is held whole while it is replayed, and is
    at most 4,000,000 characters); with ``keep="outcomes"`` each deal's outcome
    but not the deal as read (``game.deals`` is then empty), which spares
    reading every deal that is right into the model.  A path is opened on the first ``next()`` and
    closed when the games run out.

    The findings of a record read from JSON name places in the JSON file
    (docs/formats.md, "Where the findings of JSON point"); the game keeps
    the positions its JSON gives, so that :func:`dump` writes it back as read.

    >>> games = load("samples/score-sheet.aln")
    >>> first = next(games)
    >>> first.outcome.score, first.outcome.winner, first.deals_read
    ({'NS': 3, 'EW': 2}, 'NS', 6)
    >>> next(games, None) is None
    True
    """
    choice = _choice(rules, options)
    _check_format(fmt)
    _check_keep(keep, "load")
    where = _base_arg(base, "load")  # (checked for a path too, which finds its own)
    if isinstance(source, str | os.PathLike):
        name = os.fspath(source)
        return _load_path(name, choice, fmt, keep)
    if not callable(getattr(source, "readline", None)):
        raise TypeError(
            f"load() takes a path or a file object open for reading, not {_kind(source)}"
        )
    name = str(getattr(source, "name", ""))
    return _checked(_as_bytes(source), name, choice, where, fmt, keep, keep_read=True)


def _load_path(
    name: str, choice: RuleChoice, fmt: str | None, keep: Wants
) -> Iterator[CheckedGame]:
    with open(name, "rb") as stream:
        yield from _checked(stream, name, choice, Path(name).parent, fmt, keep, keep_read=True)


def loads(
    data: str | bytes | bytearray | memoryview,
    rules: str | os.PathLike[str] | RuleChoice | None = None,
    options: Iterable[str] | str | None = None,
    *,
    fmt: str | None = None,
    keep: Wants = True,
    base: str | os.PathLike[str] | None = None,
) -> Iterator[CheckedGame]:
    r"""Each game of a record held in memory, as text or bytes; see :func:`load`.

    >>> text = "deal 1 dealer W\nwinners: N E S E W N E S N\npoint NS\n"
    >>> (game,) = loads(text)
    >>> [f.code for f in game.outcome.findings]
    ['A302']
    >>> print(game.outcome.findings[0].format_line("t.aln"))
    t.aln:3:1: A302 point claimed for NS, but ... (deal 1)
    >>> deal = game.outcome.deals[0]
    >>> deal.counts, deal.deal_winner, deal.tie_break.reached_at
    ({'N': 3, 'E': 3, 'S': 2, 'W': 1}, 'E', {'N': 9, 'E': 7})
    """
    _check_format(fmt)
    _check_keep(keep, "loads")
    if isinstance(data, str):
        raw = _utf8(data)
    elif isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
    else:
        raise TypeError(f"loads() takes str or bytes, not {type(data).__name__}")
    where = _base_arg(base, "loads")
    choice = _choice(rules, options)
    return _checked(io.BytesIO(raw), "", choice, where, fmt, keep, keep_read=True)


@overload
def check_files(
    files: Iterable[str | os.PathLike[str]],
    rules: str | os.PathLike[str] | RuleChoice | None = ...,
    options: Iterable[str] | str | None = ...,
    *,
    jobs: int = ...,
    keep: Wants = ...,
    on_file: Callable[[str, str | None], object] | None = ...,
    fmt: str | None = ...,
    placed: bool = ...,
) -> Iterator[tuple[str, CheckedGame]]: ...


@overload
def check_files(
    files: Iterable[str | os.PathLike[str]],
    rules: str | os.PathLike[str] | RuleChoice | None = ...,
    options: Iterable[str] | str | None = ...,
    *,
    render: Callable[[CheckedGame, str], T],
    jobs: int = ...,
    keep: Wants = ...,
    on_file: Callable[[str, str | None], object] | None = ...,
    fmt: str | None = ...,
    placed: bool = ...,
) -> Iterator[tuple[str, T]]: ...


def check_files(
    files: Iterable[str | os.PathLike[str]],
    rules: str | os.PathLike[str] | RuleChoice | None = None,
    options: Iterable[str] | str | None = None,
    *,
    render: Callable[[CheckedGame, str], Any] | None = None,
    jobs: int = 1,
    keep: Wants = True,
    on_file: Callable[[str, str | None], object] | None = None,
    fmt: str | None = None,
    placed: bool = True,
) -> Iterator[tuple[str, Any]]:
    """``(file, game)`` for every game of every file, in input order.

    This is what ``validate``, ``report`` and ``stats`` run on.  A folder
    stands for the records below it (:mod:`aluette_cli.inputs`: walked
    recursively in a stable order).  Each file is ALN, JSON or JSON Lines,
    as ``fmt`` says, else as its extension or its first line says.  ``-`` names
    standard input, which findings call ``<stdin>``.  With ``jobs`` > 1 the
    games are checked in that many processes (whole games to each, results
    still in order).  ``render(game, file)``, when given, turns each game
    into what the caller wants *in the worker*, where it is cheap to do;
    it must then be a module-level function returning something picklable.

    A file that cannot be read raises its ``OSError``, unless ``on_file`` is
    given: then ``on_file(file, reason)`` is told and the next file read.
    A part of a JSON input that is not a record comes as a game of its own
    that holds only its finding (A001), and the reading goes on.
    ``on_file(file, None)`` is called as each file is opened; ``file`` is
    then the name as given (``-``, not ``<stdin>``).  The findings of a
    record read from JSON name places in the JSON file, and so do its
    positions; with ``placed=False``, the positions of the ALN its JSON
    gives (docs/formats.md, "Where the findings of JSON point").

    >>> for file, game in check_files(["samples/score-sheet.aln", "samples/cards-only.aln"]):
    ...     print(file, game.outcome.score)
    samples/score-sheet.aln {'NS': 3, 'EW': 2}
    samples/cards-only.aln {'NS': 4, 'EW': 1}
    """
    # Every argument is checked here, at the call; the games come from a
    # generator, which would check nothing before its first game.
    choice = _choice(rules, options)
    _check_format(fmt)
    _check_keep(keep, "check_files")
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"check_files() jobs is a number of processes (int), not {_kind(jobs)}")
    if jobs < 1:
        raise ValueError(f"check_files() jobs is at least 1, not {jobs}")
    _callable_arg(render, "render", "check_files")
    _callable_arg(on_file, "on_file", "check_files")
    convert: Callable[[CheckedGame, str], Any] = render or _pair
    if isinstance(files, str | bytes | os.PathLike):
        # A path is itself an iterable (of characters): read as a list of
        # one-letter files, it would fail on a file nobody named.
        raise TypeError("check_files() takes a list of paths: for one file, pass [path]")
    if not isinstance(files, Iterable):
        raise TypeError(f"check_files() takes a list of paths, not {_kind(files)}")
    names = []
    for path in files:
        if not isinstance(path, str | os.PathLike):
            raise TypeError(f"check_files() takes paths (str or Path), not {_kind(path)}")
        names.append(os.fspath(path))
    return _checked_files(names, choice, render, convert, jobs, keep, on_file, fmt, placed)


def _checked_files(
    names: list[str],
    choice: RuleChoice,
    render: Callable[[CheckedGame, str], Any] | None,
    convert: Callable[[CheckedGame, str], Any],
    jobs: int,
    keep: Wants,
    on_file: Callable[[str, str | None], object] | None,
    fmt: str | None,
    placed: bool,
) -> Iterator[tuple[str, Any]]:
    """:func:`check_files`' games, its arguments checked."""
    # In one process a file is read as it is replayed, so an error while
    # reading it is met inside the replay: _check_one catches it there.  With
    # processes the parent reads everything, and _feed catches it.
    if jobs <= 1:
        for file in expand(names, once=True):
            yield from _check_one(file, choice, convert, keep, fmt, on_file, placed)
        return
    # Several processes: the files are read here, a few batches ahead, and
    # whatever is not ALN text to replay (a JSON game, a file that cannot be
    # opened) passes through the pool's queue in its place.
    # A render that can move its outputs to another game index lets a big
    # file be cut by the workers themselves (parallel.Shard).
    moved: Callable[[Any, int], Any] | None = getattr(render, "shift", None)
    shift = None if moved is None else partial(_shifted, moved)
    files = expand(names, once=True)
    work = _feed(files, choice, convert, fmt, jobs, shift is not None, placed, keep)
    for output in check_in_order(work, choice, _Paired(convert), jobs, keep, shift):
        if isinstance(output, _Told):
            if output.error is not None and on_file is None:
                raise output.error
            if on_file is not None:
                on_file(output.file, output.reason)
        else:
            yield output  # type: ignore[misc]  # a (file, result) pair of _Paired


def _check_one(
    file: str,
    choice: RuleChoice,
    convert: Callable[[CheckedGame, str], Any],
    keep: Wants,
    fmt: str | None,
    on_file: Callable[[str, str | None], object] | None,
    placed: bool = True,
) -> Iterator[tuple[str, Any]]:
    shown = display_name(file)
    try:
        with open_source(file) as stream:
            if on_file is not None:
                on_file(file, None)
            for checked in _checked(stream, file, choice, base_of(file), fmt, keep, True, placed):
                yield shown, convert(checked, shown)
    except OSError as exc:
        if on_file is None or isinstance(exc, BrokenPipeError):
            raise
        on_file(file, reason_of(exc))


@dataclass(frozen=True, slots=True)
class _Told:
    """What ``on_file`` is to hear, in its place among the games."""

    file: str
    reason: str | None = None
    error: OSError | None = None


@dataclass(frozen=True, slots=True)
class _Paired:
    """A render that keeps the file's name beside each result (picklable)."""

    render: Callable[[CheckedGame, str], Any]

    def __call__(self, checked: CheckedGame, file: str) -> tuple[str, Any]:
        return file, self.render(checked, file)


def _shifted(shift: Callable[[Any, int], Any], output: object, games: int) -> object:
    file, result = cast(tuple[str, Any], output)  # a (file, result) pair of _Paired
    return file, shift(result, games)


def _feed(
    files: Iterable[str],
    choice: RuleChoice,
    convert: Callable[[CheckedGame, str], Any],
    fmt: str | None,
    jobs: int,
    shards: bool = False,
    placed: bool = True,
    keep: Wants = True,
) -> Iterator[Work | Done | Shard]:
    for serial, file in enumerate(files):
        shown, base = display_name(file), base_of(file)
        try:
            with open_source(file) as stream:
                yield Done([_Told(file)])
                kind = fmt or format_from_name(file)
                rewound: BinaryIO = stream
                if kind is None:
                    kind, rewound = open_input(stream, file, None)  # type: ignore[assignment]
                parts = None
                if kind == "aln" and shards and rewound is stream and file != "-":
                    parts = file_shards(shown, base, file, stream, serial, jobs)
                if parts is not None:
                    yield from parts
                elif kind == "aln":
                    yield from file_work(shown, base, read_units(rewound), jobs)
                else:
                    for checked in _checked(rewound, file, choice, base, kind, keep, True, placed):
                        # (at least 1: a game of no deals weighs too)
                        deals = max(1, len(checked.outcome.deals))
                        yield Done([(shown, convert(checked, shown))], deals)
        except OSError as exc:
            yield Done([_Told(file, reason_of(exc), exc)])


def _pair(checked: CheckedGame, file: str) -> CheckedGame:
    return checked


def dump(
    games: CheckedGame | Iterable[CheckedGame],
    target: str | os.PathLike[str] | IO[str],
    fmt: str = "aln",
    *,
    style: str = "keep",
    file: str | os.PathLike[str] = "<input>",
    compact: bool = False,
    lossless: bool = False,
) -> None:
    r"""Write games as ALN, JSON, JSON Lines or CSV, as ``aluette convert`` does.

    ``target`` is a text file object, or a path: a regular file is then
    written beside its place and renamed over it once complete (a link is
    followed, mode and owner kept); a pipe or a device is written directly
    (docs/cli.md, "How files are written").  A failure to write raises
    :class:`~aluette_cli.streams.WriteError`, an ``OSError`` naming the path.  ``style`` decides
    how ALN trick lines are written: ``"keep"`` as recorded, ``"seats"``
    with every seat (from the turn order), ``"cards"`` with none.  ``file``
    is the name the CSV rows give the games' file (``convert`` gives the
    input's).  ``compact`` (JSON Lines only) writes the compact rows of
    ``convert --compact``, with positions and comments when ``lossless``.
    Games read with ``keep=False`` have no deals left to write.  The games
    are written as they were read: where ``convert --to aln`` writes an
    input past a limit of the reader out as it was (it has the input's
    bytes; these are games), this writes what was read of it.

    >>> out = io.StringIO()
    >>> dump(loads("deal 1 dealer W\nwinners: N E S E W N E S N\n"), out, "jsonl")
    >>> out.getvalue().count("\n"), '"winners": {"entries": ["N", "E", "S"' in out.getvalue()
    (1, True)
    """
    if isinstance(target, str | os.PathLike):
        with atomic_output(target, binary=False) as out:
            _write(games, out, fmt, style, file, compact, lossless, "dump")
        return
    if not callable(getattr(target, "write", None)):
        raise TypeError(f"dump() writes to a path or a text file object, not {_kind(target)}")
    if isinstance(target, io.RawIOBase | io.BufferedIOBase):
        raise TypeError("dump() writes text: open the file in text mode, not binary")
    _write(games, target, fmt, style, file, compact, lossless, "dump")


def dumps(
    games: CheckedGame | Iterable[CheckedGame],
    fmt: str = "aln",
    *,
    style: str = "keep",
    file: str | os.PathLike[str] = "<input>",
    compact: bool = False,
    lossless: bool = False,
) -> str:
    r"""The text :func:`dump` would write.

    >>> (game,) = loads("deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n")
    >>> print(dumps(game, "json"), end="")  # doctest: +ELLIPSIS
    {"format": "aluette-record", "version": 1, "games": [
    {"index": 1, ...}
    ]}
    >>> dumps(game, "csv").splitlines()[0]
    'game_id,file,game,deal_index,deal,dealer,trick,order,seat,card,card_name,rank_group,...'
    >>> print(dumps(game, "jsonl", compact=True), end="")
    {"format":"aluette-record","version":2,"game":{"index":1},"deal":{"number":1,"dealer":"W","winners":{"entries":["N","E","S","E","W","N","E","S","N"]},"point":{"side":"EW"}}}
    """
    out = io.StringIO(newline="")
    _write(games, out, fmt, style, file, compact, lossless, "dumps")
    return out.getvalue()


def _write(
    games: CheckedGame | Iterable[CheckedGame],
    out: IO[str],
    fmt: str,
    style: str,
    file: str | os.PathLike[str],
    compact: bool = False,
    lossless: bool = False,
    function: str = "dump",
) -> None:
    if compact and fmt != "jsonl":
        raise ValueError("compact is a form of JSON Lines: use it with fmt='jsonl'")
    if lossless and not compact:
        raise ValueError("lossless keeps positions and comments in the compact form: add compact")
    if fmt not in OUTPUT_FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected one of {', '.join(OUTPUT_FORMATS)}")
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}: expected one of {', '.join(STYLES)}")
    name = _file_arg(file, function)
    each = _games_arg(games, function)
    writer = Writer(out, fmt, style, name, compact=compact, lossless=lossless)
    writer.begin()
    for checked in each:
        writer.write(checked)
    writer.end()


def csv_rows(
    checked: CheckedGame, file: str | os.PathLike[str] = "<input>"
) -> Iterator[tuple[object, ...]]:
    r"""The rows ``convert --to csv`` writes for one game: one tuple per card
    played, in the order of :data:`CSV_COLUMNS`, ``file`` naming the game's
    file in each.  Values are Python's: None where the CSV has an empty cell,
    True and False where it has ``true`` and ``false``.

    >>> (game,) = loads("deal 1 dealer W\n1. 3d 1d 1c 1b\n")
    >>> dict(zip(CSV_COLUMNS, next(csv_rows(game, "t.aln"))))["game_id"]
    't.aln#1'
    """
    return values(game_tables(_game_arg(checked, "csv_rows"), _file_arg(file, "csv_rows")), "play")


def table_rows(
    checked: CheckedGame, level: str = "game", file: str | os.PathLike[str] = "<input>"
) -> Iterator[dict[str, object]]:
    r"""The rows of one results table for one game (``report --format jsonl
    --level LEVEL``), as dicts in the order of :data:`TABLE_COLUMNS[level]`.

    >>> (game,) = loads("deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n")
    >>> (deal,) = table_rows(game, "deal")
    >>> deal["record"], deal["deal_winner"], deal["point_team"], deal["tie_won_at"]
    ('sheet', 'E', 'EW', 7)
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    columns = COLUMNS[level]
    game = _game_arg(checked, "table_rows")
    rows = values(game_tables(game, _file_arg(file, "table_rows")), level)
    return (dict(zip(columns, row, strict=True)) for row in rows)


def to_dict(checked: CheckedGame) -> dict[str, Any]:
    r"""The game as the JSON record format holds it (docs/formats.md): plain
    dicts and lists, ready for ``json.dumps`` or a document store.

    >>> (game,) = loads("deal 1 dealer W\nwinners: N E S E W N E S N\npoint EW\n")
    >>> to_dict(game)["deals"][0]["winners"]["entries"]
    ['N', 'E', 'S', 'E', 'W', 'N', 'E', 'S', 'N']
    """
    return game_to_dict(_game_arg(checked, "to_dict").game)
