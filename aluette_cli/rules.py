"""Rulesets: the rules of a game of Aluette as data.

The engine never asks *which* ruleset it runs; it reads the settings here
(ranking groups, tie policy, scoring, game length, chant seats, options).
Presets ship as TOML files in ``aluette_cli/rulesets``; a user's own file
loads the same way, so house rules need no code.
"""

from __future__ import annotations

import dataclasses
import datetime
import errno
import functools
import os
import re
import stat
import tomllib
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import DECK_SET, SEATS, Seat, canonical_card
from .policies import (
    DEAL_SCORINGS,
    GAME_LENGTHS,
    TIE_POLICIES,
    DealScoring,
    GameLength,
    TiePolicy,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

PRESET_DIR = "rulesets"

#: The seats a chant may give the stock to, by their place from the dealer.
CHANT_SEATS = {"dealer": 0, "left": 1, "partner": 2}


class RulesetError(Exception):
    """A ruleset that cannot be used; the message names the key and the problem."""


#: The largest ruleset file read, in bytes.  The presets are about 1.5 kB; a
#: bound keeps a record from making the tool read a huge file.
MAX_RULESET_BYTES = 64 * 1024
#: The most dots in a key (``a.b.c``: two).  ``tomllib`` builds a dotted
#: key's tables in time that grows with the square of its parts: 64 kB of
#: ``a.a.a...`` took it seconds.  A ruleset's keys have one or two.
MAX_KEY_DOTS = 256
#: The largest game target (deals or points).  A real game ends after a handful
#: of deals; a target no game reaches would make ``generate`` play for ever.
MAX_GAME_TARGET = 1000
#: The longest ruleset name and description, in characters: they are printed
#: in reports, so a ruleset cannot make every report line enormous.
MAX_NAME = 100
MAX_DESCRIPTION = 2000

#: How a value of a ruleset file is shown in a message.  A file named on the
#: command line is the user's own, and its values help them fix it; a file
#: named by a record may be anyone's, so only the kind of value is said.
Show = Callable[[object], str]


def _hidden(value: object) -> str:
    return f"a value of type {type(value).__name__}"


def _as_toml(value: object) -> str:
    """A value as the file writes it (``true``, ``1979-05-27``, ``["a", 1]``,
    ``{ a = 1 }``), not as Python would show it: the user fixes the file.

    Tables and arrays nested deeper than a reader can take in are shown as
    ``{ ... }`` and ``[ ... ]``, and a long value is cut: a message quotes
    the value to point at it, and a file may nest a thousand levels deep."""
    return _cut(_toml_text(value, _SHOWN_DEPTH))


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 4] + " ..."


#: How deep and how long a value quoted in a message goes.
_SHOWN_DEPTH = 3
_SHOWN_LENGTH = 80


def _toml_text(value: object, depth: int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)  # 'Xx', as TOML writes a literal string
    if isinstance(value, list):
        if not value:
            return "[]"
        if not depth:
            return "[ ... ]"
        return "[" + ", ".join(_toml_text(item, depth - 1) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        if not depth:
            return "{ ... }"
        inner = ", ".join(
            f"{_key_as_toml(str(k))} = {_toml_text(v, depth - 1)}" for k, v in value.items()
        )
        return "{ " + inner + " }"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return str(value)


def _key_as_toml(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else repr(key)


@dataclass(frozen=True)
class Ruleset:
    """A complete set of rules, its settings resolved to behaviour.

    ``tie``, ``deal_scoring`` and ``game_length`` are policy objects (see
    :mod:`aluette_cli.policies`): ask them, never compare their names.
    """

    name: str
    description: str
    ranking: tuple[tuple[str, ...], ...]
    tie: TiePolicy = TIE_POLICIES["spoil"]
    deal_scoring: DealScoring = DEAL_SCORINGS["most-tricks"]
    #: tricks a team needs to take the deal (team-tricks scoring)
    deal_target: int = 5
    #: whether a team may announce a double before play
    doubles: bool = False
    game_length: GameLength = GAME_LENGTHS["deals"]
    game_target: int = 5
    chant_seats: tuple[str, str] = ("dealer", "left")
    #: partnership draw: the four cards sought (two pairs of partners) and the
    #: card whose holder deals first
    draw_cards: tuple[str, str, str, str] = ("3d", "3c", "2d", "2c")
    draw_dealer: str = "3c"
    known_options: frozenset[str] = frozenset()
    options: frozenset[str] = frozenset()
    #: card -> strength, higher wins; derived from ``ranking``.
    strength: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        top = len(self.ranking)
        for i, group in enumerate(self.ranking):
            for card in group:
                self.strength[card] = top - i

    @functools.lru_cache(maxsize=64)  # noqa: B019 - rulesets are few and live all run
    def with_options(self, options: frozenset[str]) -> Ruleset:
        """The same rules with ``options`` switched on; unknown names raise."""
        unknown = sorted(options - self.known_options)
        if unknown:
            import difflib  # only for an option the ruleset does not have

            close = [
                # options run together: each is known, but commas separate them
                [", ".join(map(self.meant_option, parts))]
                if len(parts := re.split(r"[\s;/+]+", o.strip())) > 1
                and all(self.meant_option(p) in self.known_options for p in parts)
                else difflib.get_close_matches(o, self.known_options, n=1)
                for o in unknown
            ]
            meant = [
                f"for {o!r}, did you mean {m[0]!r}?"
                for o, m in zip(unknown, close, strict=True)
                if m
            ]
            hint = f"; {' '.join(meant)}" if meant else ""
            raise RulesetError(
                f"unknown option {', '.join(map(repr, unknown))} for ruleset {self.name!r}"
                f" (known: {', '.join(sorted(self.known_options)) or 'none'}){hint}"
            )
        return dataclasses.replace(self, options=frozenset(options), strength={})

    def meant_options(self, options: frozenset[str]) -> frozenset[str]:
        """``options``, each as :meth:`meant_option` reads it."""
        return frozenset(map(self.meant_option, options))

    def meant_option(self, option: str) -> str:
        """The known option ``option`` spells in another case (``Mordienne``,
        capitalised by a phone), else ``option``: the game is checked under
        the rules meant, and the tag's A411 says so."""
        if option in self.known_options:
            return option
        return next((o for o in self.known_options if o.casefold() == option.casefold()), option)

    # The optional rules of docs/rules.md §6, as switches the engine reads.
    @property
    def chanter(self) -> bool:
        """Two players may exchange six cards with the stock before play."""
        return "chanter" in self.options

    @property
    def mordienne(self) -> bool:
        """A comeback run scores 2, and a team may concede."""
        return "mordienne" in self.options

    @property
    def signals(self) -> bool:
        """Players may signal what they hold; a false signal is a warning."""
        return "signals" in self.options

    def most_a_deal_scores(self) -> int:
        """The most points one deal can be worth: 1, 2 for a mordienne (or a
        refused concession), twice that under a double."""
        return (2 if self.mordienne else 1) * (2 if self.doubles else 1)

    def rank_group(self, card: str) -> int:
        """1 for the highest group of the ranking, counting down the table."""
        return len(self.ranking) - self.strength[card] + 1

    def beats_everything(self, card: str) -> bool:
        """Whether ``card`` alone tops the ranking (monsieur, in the classic order)."""
        return self.rank_group(card) == 1 and len(self.ranking[0]) == 1

    def chant_seats_for(self, dealer: str) -> list[Seat]:
        """The seats that may take the stock when ``dealer`` deals."""
        i = SEATS.index(dealer)  # type: ignore[arg-type]
        return [SEATS[(i + CHANT_SEATS[role]) % 4] for role in self.chant_seats]


def _card_meant(card: object) -> str | None:
    """The card's code, for a card written as a record may write it (an
    alias such as ``Ao``, a name such as ``monsieur``), else None."""
    if not isinstance(card, str):
        return None
    try:
        return canonical_card(card)
    except ValueError:
        return None


def _presets() -> Traversable:
    """The presets' folder: beside this module, where every install but a
    zipped one puts it.  ``importlib.resources`` finds it in a zip too, but
    importing it (with tempfile and shutil) costs every run about 5 ms."""
    here = Path(__file__).resolve().parent / PRESET_DIR
    if here.is_dir():
        return here
    from importlib import resources

    return resources.files("aluette_cli") / PRESET_DIR


def preset_names() -> list[str]:
    folder = _presets()
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def parse_options(text: str) -> frozenset[str]:
    """The option names of an ``Options`` tag or ``--options`` value."""
    return frozenset(part.strip() for part in text.split(",") if part.strip())


def _names_ruleset(value: str) -> bool:
    """Whether a tag's value names a ruleset: a preset, or a file."""
    name = value.strip()
    return name in preset_names() or name.endswith(".toml")


def _names_options(value: str) -> bool:
    """Whether a tag's value names options only (``mordienne, chanter``)."""
    named = parse_options(value)
    return bool(named) and named <= set(OPTIONS)


#: The tags that choose a game's rules, and what a value must name for a
#: tag whose name is a slip for one (``Rles``) to be read as it
#: (:func:`model.find_tag`).
RULE_TAGS: dict[str, Callable[[str], bool]] = {
    "Rules": _names_ruleset,
    "Options": _names_options,
}


def load_ruleset(name: str | os.PathLike[str], base: Path | str | None = None) -> Ruleset:
    """A preset by name, or a ruleset file (``*.toml``, a ``str`` or a
    ``Path``), relative to ``base`` if given.

    Loaded once a file as it is: an archive names the same few rulesets in
    every game, and a long-lived process (a notebook, a service) that edits
    a file, or changes its working folder, reads the file as it is now
    (:func:`_file_key`).
    """
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if not isinstance(name, str):
        raise TypeError(
            f"load_ruleset() takes a preset name or a TOML file, not {type(name).__name__}"
        )
    where = None if base is None else Path(base)
    return _load_ruleset(name, where, _file_key(name, where))


def _file_key(name: str, base: Path | None) -> tuple[object, ...] | None:
    """What tells one ruleset file from another for the caches: its absolute
    path, and its identity, size and time of change (a file edited in place,
    or another file under the same name); None for a preset."""
    if not name.endswith(".toml"):
        return None
    path = os.path.abspath(os.path.join(base, name) if base is not None else name)
    try:
        found = os.stat(path)
    except (OSError, ValueError):  # (said when it is read)
        return (path,)
    return (path, found.st_dev, found.st_ino, found.st_mtime_ns, found.st_size)


@functools.lru_cache(maxsize=64)
def _load_ruleset(name: str, base: Path | None, key: tuple[object, ...] | None = None) -> Ruleset:
    # (``key``, :func:`_file_key`, is for the cache alone)
    if name.endswith(".toml"):
        path = Path(name)
        if base is not None and not path.is_absolute():
            path = base / path
        return ruleset_from_toml(read_ruleset_file(path, str(path)), str(path))
    if name not in preset_names():
        raise RulesetError(
            f"unknown ruleset {name!r}{_did_you_mean(name)}"
            f" (presets: {', '.join(preset_names())}; or name a .toml file)"
        )
    text = (_presets() / f"{name}.toml").read_text("utf-8")
    return ruleset_from_toml(text, name)


def _did_you_mean(name: str) -> str:
    """': did you mean 'classic'?' for a preset name in the wrong case or
    with a typo; nothing when no preset is close."""
    import difflib  # only for a name that is no preset

    presets = preset_names()
    folded = {preset.casefold(): preset for preset in presets}
    best = folded.get(name.casefold()) or next(
        iter(difflib.get_close_matches(name.casefold(), presets, n=1, cutoff=0.8)), None
    )
    return f": did you mean {best!r}?" if best else ""


def read_ruleset_file(path: Path, where: str, follow: bool = True) -> str:
    """The text of a ruleset file: a regular file of at most
    :data:`MAX_RULESET_BYTES` bytes of UTF-8, or a :class:`RulesetError`.

    The file is opened without blocking and checked once open, so a FIFO or a
    device named ``f.toml`` is refused instead of read (a FIFO would block for
    ever, ``/dev/zero`` never ends), and nothing can be swapped in between the
    check and the read.  ``follow=False`` refuses a symbolic link.
    """
    flags = _READ_FLAGS
    if not follow:
        flags |= _NOFOLLOW
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise _unreadable(where, exc) from None
    return _read_ruleset_fd(fd, where)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def _unreadable(where: str, exc: OSError | ValueError) -> RulesetError:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return RulesetError(f"cannot read ruleset file {where!r}: {reason}")


def _read_ruleset_fd(fd: int, where: str, single: RulesetError | None = None) -> str:
    """The text of the ruleset file open as ``fd`` (closed here); with
    ``single``, the error to raise if the file has other names (hard links)."""
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise RulesetError(f"cannot read ruleset file {where!r}: it is not a regular file")
        if single is not None and status.st_nlink > 1:
            raise single
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(MAX_RULESET_BYTES + 1)
    except OSError as exc:
        raise RulesetError(f"cannot read ruleset file {where!r}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_RULESET_BYTES:
        raise RulesetError(
            f"ruleset file {where!r} is larger than the limit of {MAX_RULESET_BYTES:,} bytes"
        )
    try:
        # A byte-order mark is how some editors save UTF-8; TOML allows none,
        # but it says nothing about the rules, so it is read past as the
        # record reader reads past one.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RulesetError(
            f"ruleset file {where!r} is not UTF-8 text (byte offset {exc.start})"
        ) from None


def load_record_ruleset(name: str, base: Path | None) -> Ruleset:
    """The ruleset a record's ``Rules`` tag names: a preset, or a ``.toml``
    regular file in ``base`` (the record's folder; the working directory for
    standard input) or below it.

    A record is data, often someone else's: it must not make the tool read
    any file on the machine.  So an absolute path, a path that climbs out of
    the folder (``../x.toml``, or a symbolic link pointing outside) gets one
    message that says only what a record may name, without looking at what
    lies outside; and what is wrong in a file inside is said without quoting
    its values.  Results, failures included, are kept for the run.
    """
    result = _load_record_ruleset(name, base, _file_key(name, base))
    if isinstance(result, RulesetError):
        # (a copy: the one kept would gather the frames of every raise in
        # its traceback, and with them every game that asked, for the run)
        raise RulesetError(*result.args)
    return result


@functools.lru_cache(maxsize=64)
def _load_record_ruleset(
    name: str, base: Path | None, key: tuple[object, ...] | None = None
) -> Ruleset | RulesetError:
    try:
        if not name.endswith(".toml"):
            return _load_ruleset(name, None)
        return _confined(name, base)
    except RulesetError as exc:
        return exc


def _confined(name: str, base: Path | None) -> Ruleset:
    outside = RulesetError(
        f"ruleset file {name!r} is not in the record's folder: a Rules tag may name a preset"
        " or a .toml file in the record's own folder or below it"
    )
    if "\x00" in name:
        raise RulesetError(f"ruleset file {name!r} cannot be a file name: it holds a NUL")
    relative = Path(name)
    if relative.is_absolute() or ".." in relative.parts:
        raise outside  # decided from the name alone: nothing outside is looked at
    # Each step is opened relative to the folder opened before it, none
    # through a symbolic link: no path is resolved first and opened later,
    # so swapping a folder for a link meanwhile cannot lead outside.  A file
    # with other names (a hard link) may be the same file as one outside.
    hard_link = RulesetError(
        f"ruleset file {name!r} has other names (hard links): a Rules tag may name"
        " only a file that is in the record's own folder alone"
    )
    try:
        folder = os.open(base if base is not None else ".", _READ_FLAGS | _DIRECTORY)
    except OSError as exc:
        raise _unreadable(name, exc) from None
    try:
        for part in relative.parts[:-1]:
            step = os.open(part, _READ_FLAGS | _DIRECTORY | _NOFOLLOW, dir_fd=folder)
            os.close(folder)
            folder = step
        fd = os.open(relative.name, _READ_FLAGS | _NOFOLLOW | _NOCTTY, dir_fd=folder)
    except OSError as exc:
        # ELOOP (EMLINK on BSD): a symbolic link opened without following it;
        # ENOTDIR: a link, or a file, where a folder was to be
        if exc.errno in (errno.ELOOP, errno.EMLINK) or (
            exc.errno == errno.ENOTDIR and _is_link(exc.filename, folder)
        ):
            raise outside from None  # where the link leads is not looked at
        raise _unreadable(name, exc) from None
    finally:
        os.close(folder)
    text = _read_ruleset_fd(fd, name, single=hard_link)
    return ruleset_from_toml(text, name, show=_hidden)


def _is_link(name: object, folder: int) -> bool:
    try:
        return stat.S_ISLNK(os.stat(str(name), dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False


_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)


_KIND_WORDS = {str: "a string", int: "an integer", list: "a list", bool: "true or false"}


def _get(
    table: dict, key: str, kind: type, where: str, default: Any = None, show: Show = _as_toml
) -> Any:
    section, _, leaf = key.rpartition(".")
    node = table
    for part in section.split(".") if section else []:
        node = node.get(part, {})
        if not isinstance(node, dict):
            raise RulesetError(f"{where}: [{section}] must be a table")
    if leaf not in node:
        if default is None:
            raise RulesetError(f"{where}: missing key {key!r}")
        return default
    value = node[leaf]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RulesetError(f"{where}: {key!r} must be {_KIND_WORDS[kind]}, not {show(value)}")
    return value


def _choice(
    value: object, allowed: Iterable[str], key: str, where: str, show: Show = _as_toml
) -> str:
    allowed = list(allowed)
    if value not in allowed:
        raise RulesetError(
            f"{where}: {key!r} is {show(value)}; expected one of {', '.join(allowed)}"
        )
    return str(value)


#: Every key a ruleset file may have, by table ("" for the top level).
KEYS = {
    "": {"name", "description", "ranking", "play", "deal", "game", "draw", "chant", "options"},
    "ranking": {"groups"},
    "play": {"tie"},
    "deal": {"scoring", "target", "doubles"},
    "game": {"length", "target"},
    "draw": {"cards", "dealer"},
    "chant": {"seats"},
    "options": {"known"},
}
#: The optional rules the engine implements (docs/rules.md §6).
OPTIONS = ("chanter", "mordienne", "signals")


#: A key as TOML writes it bare: a name, which a message may say even where
#: the file's values are not shown (a quoted key may hold any text).
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}(?:\.[A-Za-z0-9_-]{1,40})?")


def _key_name(key: str, show: Show) -> str:
    """How a message names a key: as the file's values are shown, but a bare
    key by its name where they are not (it is what must be fixed)."""
    if show is _as_toml or _BARE_KEY.fullmatch(key):
        return _cut(repr(key))
    return "(a quoted key, not shown)"


def _check_keys(data: dict, where: str, show: Show = _as_toml) -> None:
    """A misspelt key would silently leave a rule at its default: refuse it."""
    for key, value in data.items():
        if key not in KEYS[""]:
            raise RulesetError(
                f"{where}: unknown key {_key_name(key, show)}"
                f" (known: {', '.join(sorted(KEYS['']))})"
            )
        if key in KEYS and key != "" and isinstance(value, dict):
            for sub in value:
                if sub not in KEYS[key]:
                    raise RulesetError(
                        f"{where}: unknown key {_key_name(f'{key}.{sub}', show)}"
                        f" (known in [{key}]: {', '.join(sorted(KEYS[key]))})"
                    )
        elif key in KEYS and not isinstance(value, dict):
            raise RulesetError(f"{where}: [{key}] must be a table")


def _printable(key: str, value: str, where: str, allowed: str = "") -> None:
    """Refuse a control or format character in a text that reports print:
    an escape sequence there would drive the reader's terminal.  The
    message names the character's code and place, never the text (the file
    may be anyone's)."""
    for i, char in enumerate(value, 1):
        if char not in allowed and unicodedata.category(char) in _UNPRINTABLE:
            raise RulesetError(
                f"{where}: {key!r} holds the unprintable character U+{ord(char):04X}"
                f" (character {i}); it must be printable text"
            )


#: Unicode categories refused in a printed name: controls, formats (such as
#: the bidirectional overrides), surrogates, private use and unassigned.
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


#: A line that starts with a dotted key (``a."b.c".d =``, ``[a.b]``,
#: ``[[a.b]]``): its parts, bare or quoted; the dots inside quotes are
#: the key's own.  A comment, or a line of a text, is no such line.
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
_DOTTED_KEY = re.compile(
    rf"[ \t]*\[{{0,2}}[ \t]*({_KEY_PART}(?:[ \t]*\.[ \t]*{_KEY_PART})*)[ \t]*(?:\]{{1,2}}|=)"
)


def _toml_error(exc: tomllib.TOMLDecodeError) -> str:
    """tomllib's message, which may quote a key of any length (``Cannot
    declare ('kkk...',) twice``), cut as a value is, its place kept."""
    message = str(exc)
    place = re.search(r" \(at (?:line \d+, column \d+|end of document)\)$", message)
    if place is None:
        return _cut(message)
    return _cut(message[: place.start()]) + place[0]


def _short_keys(text: str, where: str) -> None:
    """Refuse, before ``tomllib`` reads it, a key of more than
    :data:`MAX_KEY_DOTS` dots between its parts, on a line that starts with
    a key (:data:`_DOTTED_KEY`).  A line of a multi-line text that reads as
    a key is counted too; none has that many parts."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.count(".") <= MAX_KEY_DOTS:
            continue  # the usual line, looked at no further
        match = _DOTTED_KEY.match(line)
        if match and len(re.findall(_KEY_PART, match[1])) - 1 > MAX_KEY_DOTS:
            raise RulesetError(
                f"{where}: not valid TOML: nested too deeply (a key of more than"
                f" {MAX_KEY_DOTS} dots at line {number})"
            )


def ruleset_from_toml(text: str, where: str, show: Show = _as_toml) -> Ruleset:
    """Build and check a ruleset from TOML text; ``where`` names it in messages,
    ``show`` says how a value of the file is shown in them.

    Every way the text can be wrong is a :class:`RulesetError`: a value out of
    its bounds names the bound, and TOML nested deeper than the parser can
    follow (``tomllib`` recurses) is refused like any other bad TOML.
    """
    if len(text) > MAX_RULESET_BYTES:
        raise RulesetError(f"{where}: larger than the limit of {MAX_RULESET_BYTES:,} bytes")
    _short_keys(text, where)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{where}: not valid TOML: {_toml_error(exc)}") from None
    except RecursionError:
        raise RulesetError(f"{where}: not valid TOML: nested too deeply") from None
    except ValueError:  # Python's bound on the digits of an integer it reads
        raise RulesetError(f"{where}: not valid TOML: a number too long to read") from None

    def get(key: str, kind: type, default: Any = None) -> Any:
        return _get(data, key, kind, where, default, show)

    def choice(value: object, allowed: Iterable[str], key: str) -> str:
        return _choice(value, allowed, key, where, show)

    name = get("name", str)
    if not name.strip():
        raise RulesetError(f"{where}: 'name' is empty; it names the rules in reports")
    if len(name) > MAX_NAME:
        raise RulesetError(f"{where}: 'name' is longer than the limit of {MAX_NAME} characters")
    description = get("description", str, "")
    if len(description) > MAX_DESCRIPTION:
        raise RulesetError(
            f"{where}: 'description' is longer than the limit of {MAX_DESCRIPTION} characters"
        )
    _printable("name", name, where)
    _printable("description", description, where, allowed="\n")
    groups = get("ranking.groups", list)
    ranking: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for i, group in enumerate(groups, 1):
        if not isinstance(group, list) or not group:
            raise RulesetError(f"{where}: 'ranking.groups' entry {i} must be a non-empty list")
        for card in group:
            if not isinstance(card, str) or card not in DECK_SET:
                meant = _card_meant(card)
                fix = f": write {meant!r} (a ruleset file takes the cards' codes)" if meant else ""
                raise RulesetError(
                    f"{where}: 'ranking.groups' entry {i}: {show(card)} is not a card{fix}"
                )
            if card in seen:
                raise RulesetError(f"{where}: 'ranking.groups': {card} is ranked twice")
            seen.add(card)
        ranking.append(tuple(group))
    missing = sorted(DECK_SET - seen)
    if missing:
        raise RulesetError(f"{where}: 'ranking.groups' leaves out {', '.join(missing)}")
    seats = get("chant.seats", list, ["dealer", "left"])
    for seat in seats:
        choice(seat, CHANT_SEATS, "chant.seats")
    if len(seats) != 2 or len(set(seats)) != 2:
        raise RulesetError(f"{where}: 'chant.seats' must name two different seats")
    draw_cards = get("draw.cards", list, ["3d", "3c", "2d", "2c"])
    if (
        len(draw_cards) != 4
        or len(set(map(str, draw_cards))) != 4
        or not all(isinstance(c, str) and c in DECK_SET for c in draw_cards)
    ):
        raise RulesetError(f"{where}: 'draw.cards' must be four different cards")
    draw_dealer = get("draw.dealer", str, "3c")
    if draw_dealer not in draw_cards:
        raise RulesetError(f"{where}: 'draw.dealer' must be one of 'draw.cards'")
    known = get("options.known", list, [])
    for option in known:
        choice(option, OPTIONS, "options.known")
    scoring = DEAL_SCORINGS[
        choice(get("deal.scoring", str, "most-tricks"), DEAL_SCORINGS, "deal.scoring")
    ]
    if "mordienne" in known and scoring.pooled:
        raise RulesetError(
            f"{where}: 'options.known' cannot hold mordienne under deal.scoring ="
            ' "team-tricks": a mordienne is the run of the player who wins the deal, and'
            " where a team's tricks are pooled no player wins it (docs/rules.md §6, §9)"
        )
    target = get("game.target", int, 5)
    deal_target = get("deal.target", int, 5)
    doubles = get("deal.doubles", bool, False)
    if not 1 <= deal_target <= 9:  # type: ignore[operator]
        raise RulesetError(f"{where}: 'deal.target' must be between 1 and 9")
    if not 1 <= target <= MAX_GAME_TARGET:
        raise RulesetError(
            f"{where}: 'game.target' must be between 1 and {MAX_GAME_TARGET}"
            " (the limit on a game's length)"
        )
    _check_keys(data, where, show)  # last: a wrong value says more than a stray key
    return Ruleset(
        name=str(name),
        description=str(description),
        ranking=tuple(ranking),
        tie=TIE_POLICIES[choice(get("play.tie", str, "spoil"), TIE_POLICIES, "play.tie")],
        deal_scoring=scoring,
        deal_target=int(deal_target),  # type: ignore[arg-type]
        doubles=bool(doubles),
        game_length=GAME_LENGTHS[
            choice(get("game.length", str, "deals"), GAME_LENGTHS, "game.length")
        ],
        game_target=int(target),  # type: ignore[arg-type]
        chant_seats=(str(seats[0]), str(seats[1])),
        draw_cards=tuple(draw_cards),  # type: ignore[arg-type]
        draw_dealer=str(draw_dealer),
        known_options=frozenset(str(o) for o in known),
    )


def rules_tag_for(rules: str | None, output: str | None) -> str | None:
    """The Rules tag that makes a generated record find its ruleset file:
    its path from the output's folder (from the current one for standard
    output).  A record may only name a file in its own folder or below
    (docs/rules.md), and only one it is the file's one name for: a file
    elsewhere, or with other names (hard links), is refused, since the
    games would not validate where they are written."""
    if rules is None or not rules.endswith(".toml"):
        return None  # a preset: its name is the tag
    folder = Path(output).parent if output not in (None, "-") else Path(".")
    try:
        relative = os.path.relpath(Path(rules).resolve(), folder.resolve())
    except ValueError:  # another drive
        relative = os.pardir
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        raise ValueError(
            f"{rules} is not in the output's folder or below it, where the record's Rules tag"
            " could name it; copy it there, or write the output beside it"
        )
    tag = Path(relative).as_posix()
    if tag != tag.strip():  # (the reader takes a tag's value without its blanks)
        raise ValueError(
            f"{rules!r}: a Rules tag cannot name a file whose name begins or ends with a blank;"
            " the record written would look for another; rename the file"
        )
    try:  # found as the record's reader will look for it, or refused now
        _confined(tag, folder)
    except RulesetError as exc:
        raise ValueError(f"{exc}; the record written would not find it") from None
    return tag
