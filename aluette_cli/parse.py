"""Reading ALN: bytes to text, text to units, units to the model.

The reader works in three steps, each streaming:

1. :func:`decode_lines` turns bytes into lines of text.  Invalid UTF-8 is
   reported with its byte offset and replaced, so the rest of the line and
   of the file is still read.
2. :func:`split_units` cuts the text into units — a tag section, or one
   deal — by scanning for ``[`` and the keyword ``deal`` outside comments and
   strings.  It needs no grammar, so it keeps working where the grammar fails.
3. Each unit is parsed on its own by the Lark grammar (``grammar/aluette.lark``)
   and built into model objects by :class:`_Builder`.  A syntax error costs
   that one unit; the next deal or tag section is read as if nothing happened.

:func:`read_games` puts the three together and yields one :class:`Game` at a
time, holding at most one game in memory.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from heapq import heappop, heappush
from pathlib import Path
from typing import TYPE_CHECKING

from . import fastpath
from . import findings as F
from .cards import NAMED_CARDS, canonical_card
from .findings import Finding
from .lexicon import (
    ACCEPTED,
    BLANKS,
    CARD_NAMES,
    COLON,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    DEAL,
    DEALER,
    DIGITS,
    DISCARDS,
    ESCAPE,
    LINE_COMMENT,
    LITERALS,
    NONE,
    POURRI,
    POURRI_MARK,
    QUOTE,
    SEAT,
    SEATS,
    SKIPPED,
    TAG_CLOSE,
    TAG_NAME,
    TAG_OPEN,
    TAG_VALUE,
    WHITESPACE,
    end_of_string,
    unescape,
)
from .model import (
    Announce,
    BrokenDeal,
    Chant,
    Comment,
    Concede,
    Deal,
    Draw,
    Game,
    Hand,
    Play,
    PointClaim,
    Pos,
    Signal,
    Stock,
    Tag,
    Trick,
    TrickClaim,
    Winners,
)

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput

# --------------------------------------------------------------------------
# The grammar
#
# Lark is imported, and the parser built, only when a unit needs the grammar:
# a file the fast path reads whole never pays for either (about 60 ms).


def grammar_text() -> str:
    """The grammar, from the installed package or from the source tree."""
    from importlib import resources  # only the grammar's readers need it

    packaged = resources.files("aluette_cli") / "grammar" / "aluette.lark"
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parent.parent / "grammar" / "aluette.lark").read_text(
        encoding="utf-8"
    )


@cache
def _parser() -> tuple[Lark, _Builder]:
    from lark import Lark, Transformer

    # The builder's methods are Lark's callbacks, one per rule: a Transformer.
    builder: _Builder = type("GrammarBuilder", (_Builder, Transformer), {})()
    parser = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["tag_section", "deal", "deal_header", "deal_element"],
        transformer=builder,
        keep_all_tokens=True,
        lexer_callbacks={
            "COMMENT": builder.collect_comment,
            "LINE_COMMENT": builder.collect_line_comment,
        },
    )
    return parser, builder


def raw_parser(start: str = "file") -> Lark:
    """A plain tree-building parser for the whole language (benchmarks, tools)."""
    from lark import Lark

    return Lark(grammar_text(), parser="lalr", lexer="contextual", start=start)


# --------------------------------------------------------------------------
# Step 1: bytes to lines


@dataclass(slots=True)
class Line:
    number: int
    text: str
    #: an encoding problem in this line: (column, byte offset, bad byte)
    bad_byte: tuple[int, int, int] | None = None
    #: how many bytes of this line were skipped past :data:`MAX_LINE_BYTES`
    skipped: int = 0


BLOCK = 1 << 20
#: The longest line read, in bytes.  A real record's lines are under 200
#: bytes; past the limit the rest of the line is skipped (and reported), so a
#: stream with no line end (``/dev/zero``) is read in constant memory.
MAX_LINE_BYTES = 64 * 1024
#: How much of one line is skipped before reading stops altogether.  A stream
#: that never ends a line (``/dev/zero``, a binary file's megabytes) would
#: otherwise be read for ever with its finding never shown; nothing of a
#: record can follow 256 MiB without a line end.
MAX_LINE_SKIP = 256 * 1024 * 1024
#: The longest unit (a tag section or a deal) read, in characters.  A real
#: deal is about a kilobyte; past the limit the rest of the unit, up to the
#: next deal or tag section, is skipped (and reported), so that no stretch of
#: text without a deal header is ever held whole.
MAX_UNIT_CHARS = 1_000_000


def _line_end(data: bytes | bytearray, start: int = 0) -> int:
    """Where the first line end at or after ``start`` stands, or -1."""
    lf, cr = data.find(b"\n", start), data.find(b"\r", start)
    return lf if cr < 0 else cr if lf < 0 else min(lf, cr)


def _char_start(data: bytes, index: int) -> int:
    """``index``, moved back to the start of a UTF-8 character."""
    while index > 0 and data[index] & 0xC0 == 0x80:
        index -= 1
    return index


def _blocks(stream: Iterable[bytes]) -> Iterator[tuple[bytes, int]]:
    """The stream in pieces that end at a line end, each with the number of
    bytes skipped from it: big blocks from a file, whatever the iterable gives
    otherwise.

    A line longer than :data:`MAX_LINE_BYTES` comes as a piece of its own,
    its first bytes and its line end, with the count of the bytes between
    them, which are never held.  Each byte is looked at a bounded number of
    times, and what is kept between reads is at most one line's limit: the
    cost is linear and the memory constant, whatever the lines' lengths.
    """
    # read1: what is there now, so that a pipe or a terminal is read as it comes.
    read = getattr(stream, "read1", None) or getattr(stream, "read", None)
    chunks: Iterable[bytes] = iter(lambda: read(BLOCK), b"") if read else stream
    rest = b""  # the start of a line not ended yet (at most MAX_LINE_BYTES)
    head: bytes | None = None  # the kept start of a line being skipped
    skipped = 0
    lf_may_follow = False  # a cut line ended with "\r": a "\n" next belongs to it
    for chunk in chunks:
        if lf_may_follow and chunk:
            lf_may_follow = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
        if head is not None:
            end = _line_end(chunk)
            if end < 0:
                skipped += len(chunk)
                if skipped >= MAX_LINE_SKIP:
                    yield head, skipped
                    return  # endless: reading stops, and the line's finding says so
                continue
            skipped += end
            size = 2 if chunk[end : end + 2] == b"\r\n" else 1
            if chunk[end : end + 1] == b"\r" and end + 1 == len(chunk):
                lf_may_follow = True
            yield head + b"\n", skipped
            chunk, head, skipped = chunk[end + size :], None, 0
        data = rest + chunk if rest else chunk
        cut = data.rfind(b"\n") + 1
        last_cr = data.rfind(b"\r", cut, len(data) - 1) + 1  # a final "\r" may start "\r\n"
        cut = max(cut, last_cr)
        if cut:
            yield data[:cut], 0
        rest = data[cut:]
        if len(rest) > MAX_LINE_BYTES:
            keep = _char_start(rest, MAX_LINE_BYTES)
            head, skipped, rest = rest[:keep], len(rest) - keep, b""
            if data.endswith(b"\r"):  # the long line ends right here
                skipped -= 1
                lf_may_follow = True
                yield head + b"\n", skipped
                head, skipped = None, 0
    if head is not None:
        yield head, skipped
    elif rest:
        yield rest, 0


@dataclass(slots=True)
class Run:
    """Lines of a block of valid UTF-8, none of them long, left as one text.

    ``text[start:]`` holds whole lines, each ending with ``\\n``, the first of
    them line ``number``.  Most of an archive's lines need nothing but to be
    added to the unit they belong to: kept together, they are cut into units
    by a few searches over the whole text instead of a step of Python per line.
    """

    number: int
    text: str
    start: int = 0
    #: where the run's text needs a look, shared by what is left of the run
    notice: Notice | None = None

    def lines(self) -> Iterator[Line]:
        """The run's lines, one by one, for a reader that needs them so."""
        pieces = self.text[self.start :].split("\n")
        pieces.pop()  # the text ends with a line end
        return (Line(i, piece) for i, piece in enumerate(pieces, self.number))


def decode_lines(stream: Iterable[bytes]) -> Iterator[Line]:
    """Lines of text from a byte stream; ``\\n``, ``\\r\\n`` and ``\\r`` all end a line.

    A block of valid UTF-8 (nearly always the whole file) is decoded and split
    in one go; a block with a bad byte, or a line cut at the length limit, is
    read line by line so that each problem is reported where it stands.
    """
    for item in decode_runs(stream):
        if isinstance(item, Run):
            yield from item.lines()
        else:
            yield item


#: The fewest lines a block needs to be left whole as a run: setting up the
#: searches of a run costs more than a few lines read one by one (a stream
#: fed a line at a time is read so: ``annotate`` feeds the reader blocks).
RUN_MIN_LINES = 32


def has_long_line(text: str, limit: int = MAX_LINE_BYTES) -> bool:
    """Whether ``text`` holds a line of more than a quarter of ``limit`` in
    characters, which may pass ``limit`` in bytes.

    Such a line holds a whole window of ``width`` characters starting at a
    multiple of ``width``, so a window with a line end in it clears itself with
    one ``str.find`` that stops at its first line end: a few hundred finds a
    mebibyte, where a pattern would be tried at every character.  Only a
    window with no line end is looked at closely."""
    longest = limit // 4
    width = (longest + 1) // 2
    for start in range(0, len(text), width):
        if text.find("\n", start, start + width) < 0:
            return any(len(line) > longest for line in text.split("\n"))
    return False


def decode_runs(stream: Iterable[bytes], number: int = 1, offset: int = 0) -> Iterator[Line | Run]:
    """What :func:`decode_lines` gives, with each block of valid UTF-8 whose
    lines are all short left whole as a :class:`Run`.  A stream that is the
    rest of a file starts at its line ``number`` and byte ``offset``."""
    first = number == 1 and offset == 0
    for block, skipped in _blocks(stream):
        text = None if skipped else _utf8(block)  # a cut line is read on its own
        if text is None:
            for line in _decode_slowly(block, number, offset, first):
                number = line.number + 1
                line.skipped += skipped
                yield line
        else:
            if first and text.startswith("\ufeff"):
                text = text[1:]
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            if (
                text.count("\n") >= RUN_MIN_LINES
                and text.endswith("\n")
                and not has_long_line(text)
            ):
                if text:
                    yield Run(number, text)
                number += text.count("\n")
                first = False
                offset += len(block) + skipped
                continue
            lines = text.split("\n")
            if lines[-1] == "":
                lines.pop()
            for i, piece in enumerate(lines, number):
                # a line of more than a quarter of the limit in characters may
                # pass it in bytes: only those are measured
                yield _cut_line(i, piece) if len(piece) > MAX_LINE_BYTES // 4 else Line(i, piece)
            number += len(lines)
        first = False
        offset += len(block) + skipped


def _cut_line(number: int, text: str) -> Line:
    """A line of a decoded block, cut at :data:`MAX_LINE_BYTES` if longer."""
    data = text.encode("utf-8")
    if len(data) <= MAX_LINE_BYTES:
        return Line(number, text)
    keep = _char_start(data, MAX_LINE_BYTES)
    return Line(number, data[:keep].decode("utf-8"), None, len(data) - keep)


def _utf8(block: bytes) -> str | None:
    try:
        return block.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _decode_slowly(block: bytes, number: int, offset: int, first: bool) -> Iterator[Line]:
    for raw in block.splitlines(keepends=True):  # bytes: only \n, \r\n and \r end a line
        bad: tuple[int, int, int] | None = None
        size, skipped = len(raw), 0
        body = raw.rstrip(b"\r\n")
        if len(body) > MAX_LINE_BYTES:
            keep = _char_start(body, MAX_LINE_BYTES)
            skipped = len(body) - keep
            raw = body[:keep] + raw[len(body) :]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            prefix = raw[: exc.start].decode("utf-8", "replace")
            bad = (len(prefix) + 1, offset + exc.start, raw[exc.start])
            text = raw.decode("utf-8", "replace")
        if first:
            first = False
            if text.startswith("\ufeff"):
                text = text[1:]
                if bad is not None:
                    bad = (bad[0] - 1, bad[1], bad[2])
        offset += size
        yield Line(number, text.rstrip("\r\n"), bad, skipped)
        number += 1


# --------------------------------------------------------------------------
# Step 2: lines to units


@dataclass(slots=True)
class Unit:
    """A stretch of text parsed on its own: ``tags``, ``deal`` or ``other``."""

    kind: str
    line: int
    column: int
    parts: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts)


_WS = f"[{WHITESPACE}]"
_SCAN = re.compile(
    f"[{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE + TAG_OPEN)}]|\\b{DEAL}\\b"
)
# A line that starts a tag section or a deal ends a brace comment left open:
# one missing "}" must not swallow the rest of the file.
_RESUME = re.compile(
    f"{_WS}*(?:{re.escape(TAG_OPEN)}{_WS}*{TAG_NAME}{_WS}+{QUOTE}"
    f"|{DEAL}{_WS}+{DIGITS}{_WS}+{DEALER}\\b)"
)
_BRACE = re.compile(f"[{re.escape(COMMENT_OPEN + COMMENT_CLOSE)}]")
#: How far ahead to look for the end of a comment before calling it unclosed.
LOOKAHEAD_LINES = 10_000


class Lookahead:
    """An iterator that can look at what comes next without losing it."""

    def __init__(self, items: Iterable) -> None:
        self.items = iter(items)
        self.ahead: deque = deque()

    def __iter__(self) -> Lookahead:
        return self

    def __next__(self):  # type: ignore[no-untyped-def]
        if self.ahead:
            return self.ahead.popleft()
        return next(self.items)

    def peek(self, limit: int) -> Iterator:
        """The next items, up to ``limit``, left in place."""
        yield from list(self.ahead)[:limit]
        while len(self.ahead) < limit:
            try:
                item = next(self.items)
            except StopIteration:
                return
            self.ahead.append(item)
            yield item


class OpenComment:
    """Decides whether a brace comment still open at a line was left open by mistake.

    It was if the line starts a tag section or a deal and the next brace, on
    this line or ahead, opens a comment rather than closing one.  A comment
    may span lines (docs/notation.md §1), so a line that merely looks like a deal
    header inside a comment that closes later is text of the comment.  Once a
    closing brace is found ahead, the lines up to it are not looked at again:
    reading stays linear however many such lines a comment holds.
    """

    def __init__(self) -> None:
        self.closing_line = 0
        #: the last line at which it looked ahead and found no brace (0: none)
        self.ran_out = 0

    def left_open(self, number: int, text: str, ahead: Iterable[str]) -> bool:
        if number <= self.closing_line or not _RESUME.match(text):
            return False
        for distance, line in enumerate(_chain(text, ahead)):
            m = _BRACE.search(line)
            if m is not None:
                if m.group() == COMMENT_CLOSE:
                    self.closing_line = number + distance
                    return False
                return True
        self.ran_out = number
        return True


@dataclass(slots=True)
class SplitEnd:
    """How :func:`split_units` left off at the end of its text: what a reader
    of a part of a file needs to know whether the rest of the file, read on
    its own from there, is cut as it would be in one reading
    (:mod:`aluette_cli.parallel`)."""

    #: a brace comment still open at the end
    in_comment: bool = False
    #: the kind of the last unit
    last_kind: str = "other"
    #: the last line at which an open comment was looked past for its end
    #: without finding one (0: none): up to :data:`LOOKAHEAD_LINES` after it,
    #: text beyond the end could have changed what was decided there
    ran_out: int = 0


def _chain(first: str, rest: Iterable[str]) -> Iterator[str]:
    yield first
    yield from rest


def split_units(
    lines: Iterable[Line | Run], left_off: SplitEnd | None = None
) -> Iterator[Unit]:
    """Cut text into tag sections and deals, without parsing them.

    A :class:`Run` is cut by searching its whole text for what can end a
    unit (:class:`Notice`: the :data:`_SCAN` tokens, or a line starting
    with a D that may be a mistyped header), going past the comments that
    end on their line; the lines before it join the unit at once, a plain
    deal header starts its unit, and any other line found goes through the
    same steps as a line read alone.  ``left_off``, if given, is told how the
    text left off once its last unit is taken.
    """
    unit = Unit("other", 1, 1)
    size = 0  # characters in the unit so far
    in_comment = False
    source = Lookahead(lines)
    guard = OpenComment()
    items, ahead = source.items, source.ahead
    while True:
        # Lookahead's __next__, without a call a line
        if ahead:
            line = ahead.popleft()
        else:
            line = next(items, None)
            if line is None:
                break
        if type(line) is Run:
            if in_comment:
                # Each line on its own, until the comment's end is found.
                ahead.extendleft(reversed(list(line.lines())))
                continue
            text, start, number = line.text, line.start, line.number
            notice = line.notice or Notice(text)
            seek = start  # where to look next: past the comments that end on their line
            while start < len(text):
                at = notice.next(seek)
                if at >= 0:
                    # A comment that ends on its line, or a stray closing
                    # brace, leaves its line whole in the unit: what the
                    # steps below make of it, without making a line of it.
                    mark = text[at]
                    if mark == COMMENT_OPEN:
                        shut = text.find(COMMENT_CLOSE, at + 1, text.index("\n", at))
                        if shut >= 0:
                            seek = shut + 1
                            continue
                    elif mark == COMMENT_CLOSE:
                        seek = at + 1
                        continue
                    elif mark == LINE_COMMENT:
                        seek = text.index("\n", at) + 1
                        continue
                end = len(text) if at < 0 else text.rfind("\n", 0, at) + 1
                if size + end - start > MAX_UNIT_CHARS:
                    # Each line on its own: the limit is met on its line.
                    ahead.extendleft(reversed(list(Run(number, text, start).lines())))
                    break
                if end > start:
                    unit.parts.extend(_WHOLE_LINES.findall(text, start, end))
                    size += end - start
                    number += text.count("\n", start, end)
                if at < 0:
                    break
                close = text.index("\n", end)
                starts = None
                if at == end:
                    if _PLAIN_HEADER.match(text, end, close + 1):
                        starts = "deal"
                    elif _PLAIN_TAG.match(text, end, close + 1):
                        starts = "tags"
                if starts is not None and size + close + 1 - end <= MAX_UNIT_CHARS:
                    # A deal header or a tag and nothing else: what the steps
                    # below do with it, without making a line of it.  A tag
                    # in a tag section goes on with it.
                    if starts != "tags" or unit.kind != "tags":
                        unit.parts.append("")
                        yield unit
                        unit = Unit(starts, number, 1)
                        size = 0
                    unit.parts.append(text[end : close + 1])
                    size += close + 1 - end
                    number += 1
                    start = seek = close + 1
                    continue
                if close + 1 < len(text):
                    ahead.appendleft(Run(number + 1, text, close + 1, notice))
                ahead.appendleft(Line(number, text[end:close]))
                break
            continue
        text = line.text
        if (
            not in_comment
            and not line.skipped
            and line.bad_byte is None
            and _SCAN.search(text) is None
            and not (text.startswith(("D", "d")) and _loose_start(text))
        ):
            # Most lines: no comment, string, tag or deal on them, nothing to
            # report; they belong to the unit being read.
            grown = size + len(text) + 1
            if grown <= MAX_UNIT_CHARS:
                unit.parts.append(text + "\n")
                size = grown
                continue
        bad = None
        cut = None
        if line.skipped:
            cut = Finding.of(
                F.OVER_LIMIT,
                "line-stop" if line.skipped >= MAX_LINE_SKIP else "line",
                line.number,
                len(text) + 1,
                limit=MAX_LINE_BYTES,
                skipped=line.skipped,
                stop=MAX_LINE_SKIP // (1 << 20),
            )
        if line.bad_byte is not None:
            column, offset, byte = line.bad_byte
            bad = Finding.of(F.BAD_ENCODING, "", line.number, column, byte=byte, offset=offset)
        if in_comment and guard.left_open(line.number, text, _texts_ahead(source, LOOKAHEAD_LINES)):
            in_comment = False
        pos = start = 0
        if not in_comment and text.startswith(("D", "d")) and _loose_start(text):
            # A mistyped header (``Deal 2``, ``deal2``) still starts a deal: the
            # deal before it must not swallow it.
            yield unit
            unit = Unit("deal", line.number, 1)
        while True:
            if in_comment:
                end = text.find(COMMENT_CLOSE, pos)
                if end < 0:
                    break
                in_comment = False
                pos = end + 1
                continue
            m = _SCAN.search(text, pos)
            if m is None:
                break
            token = m.group()
            pos = m.end()
            if token == COMMENT_OPEN:
                in_comment = True
            elif token == LINE_COMMENT:
                break
            elif token == QUOTE:
                pos = end_of_string(text, pos)
            elif (
                token == COMMENT_CLOSE
                or (token == TAG_OPEN and unit.kind == "tags")
                or (token == DEAL and not _starts_deal(text, m))
            ):
                continue
            else:
                if bad is not None and bad.column <= m.start():
                    unit.findings.append(bad)  # the bad byte stands before the boundary
                    bad = None
                if size <= MAX_UNIT_CHARS:
                    unit.parts.append(text[start : m.start()])
                yield unit
                unit = Unit("tags" if token == TAG_OPEN else "deal", line.number, m.start() + 1)
                start = m.start()
                size = 0
        if bad is not None:
            unit.findings.append(bad)
        if cut is not None:
            unit.findings.append(cut)
        if size <= MAX_UNIT_CHARS:
            piece = text[start:] + "\n"
            size += len(piece)
            if size <= MAX_UNIT_CHARS:
                unit.parts.append(piece)
            else:
                what = {"tags": "tag section", "deal": "deal"}.get(unit.kind, "text")
                unit.findings.append(
                    Finding.of(
                        F.OVER_LIMIT,
                        "unit",
                        line.number,
                        start + 1,
                        what=what,
                        limit=MAX_UNIT_CHARS,
                    )
                )
    yield unit
    if left_off is not None:
        left_off.in_comment, left_off.last_kind = in_comment, unit.kind
        left_off.ran_out = guard.ran_out


_DEAL_NUMBER = re.compile(f"{_WS}+[0-9]")
_WHOLE_LINES = re.compile("[^\n]*\n")
#: A deal header, and a tag whose value has no escape, alone on their line:
#: nothing on them but what starts a unit.
_PLAIN_HEADER = re.compile(
    f"{DEAL}[{BLANKS}]+{DIGITS}[{BLANKS}]+{DEALER}[{BLANKS}]+{SEAT}[{BLANKS}]*\n"
)
_PLAIN_TAG = re.compile(
    f"{re.escape(TAG_OPEN)}{TAG_NAME}[{BLANKS}]+{QUOTE}[^{QUOTE}{re.escape(ESCAPE)}\n]*{QUOTE}"
    f"{re.escape(TAG_CLOSE)}[{BLANKS}]*\n"
)


class Notice:
    """Where a run's text next needs a look: a character of the :data:`_SCAN`
    tokens, the word ``deal`` (in ``dealer`` too: a line looked at for
    nothing only costs time), or a D at the start of a line (a deal header,
    well typed or not).

    Each is found with ``str.find``, many times faster than a regular
    expression with alternatives, and kept in a heap by its next place until
    the reading passes it: the text is searched once for each.
    """

    _NEEDLES = (
        COMMENT_OPEN, COMMENT_CLOSE, LINE_COMMENT, QUOTE, TAG_OPEN, DEAL, "\nD", "\nd",
    )  # fmt: skip

    def __init__(self, text: str) -> None:
        # A brace comment that closes on its line is blanked out first: what
        # is in it needs no look, and most commented lines need none at all.
        # (Where such braces stand inside a string, a ``;`` comment or a
        # comment opened before them, what opened it is still seen, and its
        # line is looked at.)  The blanks keep every place where it was.
        if COMMENT_OPEN in text:
            text = _ONE_LINE_COMMENT.sub(_blanked, text)
        self.text = text
        #: (next place, needle), for the needles still in the text
        self.heap: list[tuple[int, str]] = []
        for needle in self._NEEDLES:
            self._find(needle, 0)

    def _find(self, needle: str, start: int) -> None:
        if len(needle) == 2:  # a line start, found from the line end before it
            at = self.text.find(needle, max(start - 1, 0))
            at = at + 1 if at >= 0 else -1
        else:
            at = self.text.find(needle, start)
        if at >= 0:
            heappush(self.heap, (at, needle))

    def next(self, start: int) -> int:
        """The first place at or after ``start`` that needs a look, or -1."""
        text, heap = self.text, self.heap
        if start < len(text) and text[start] in "Dd" and (start == 0 or text[start - 1] == "\n"):
            return start
        while heap and heap[0][0] < start:
            _, needle = heappop(heap)
            self._find(needle, start)
        return heap[0][0] if heap else -1


_ONE_LINE_COMMENT = re.compile(
    f"{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_OPEN + COMMENT_CLOSE)}\n]*"
    + re.escape(COMMENT_CLOSE)
)


def _blanked(m: re.Match[str]) -> str:
    return " " * (m.end() - m.start())


def _texts_ahead(source: Lookahead, limit: int) -> Iterator[str]:
    """The texts of the next ``limit`` lines, left in place; a run among them
    is counted by its lines, and only it is held."""
    count = 0
    for item in source.peek(limit):
        if isinstance(item, Run):
            for line in item.lines():
                yield line.text
                count += 1
                if count >= limit:
                    return
        else:
            yield item.text
            count += 1
            if count >= limit:
                return


def _loose_start(text: str) -> bool:
    """Whether a line that starts with a D is a mistyped deal header (the
    well-typed ones are found by the scan)."""
    if text.startswith(DEAL) and text[len(DEAL) : len(DEAL) + 1] in WHITESPACE:
        return False
    return _LOOSE_START.match(text) is not None


def _starts_deal(text: str, m: re.Match[str]) -> bool:
    """Whether the word ``deal`` begins a deal: at the start of a line, or
    followed by a number.  Elsewhere (``signal N deal``) it is just a word."""
    return not text[: m.start()].strip(WHITESPACE) or _DEAL_NUMBER.match(text, m.end()) is not None


# --------------------------------------------------------------------------
# Step 3: units to the model


class _Builder:
    """Builds model objects while the LALR parser reduces (no parse tree).

    Mixed into Lark's ``Transformer`` by :func:`_parser`, so that defining it
    needs no Lark."""

    def __init__(self) -> None:
        super().__init__()
        self.line0 = 1
        self.col0 = 1
        self.comments: list[Comment] = []

    def start_unit(self, unit: Unit) -> None:
        self.line0, self.col0 = unit.line, unit.column
        self.comments = []

    def pos(self, token: Token) -> Pos:
        line = token.line or 1
        column = token.column or 1
        if line == 1:
            column += self.col0 - 1
        return Pos(self.line0 + line - 1, column)

    def collect_comment(self, token: Token) -> Token:
        self.comments.append(Comment(token.value[1:-1], self.pos(token)))
        return token

    def collect_line_comment(self, token: Token) -> Token:
        """A ``;`` comment, kept where it stands like a brace comment."""
        self.comments.append(Comment(token.value[1:], self.pos(token), line=True))
        return token

    # tags -------------------------------------------------------------
    def tag(self, c: list[Token]) -> Tag:
        return Tag(str(c[1]), unescape(c[2].value[1:-1]), self.pos(c[0]))

    def tag_section(self, parts: list) -> tuple[list[Tag], Draw | None]:
        draw = parts[-1] if isinstance(parts[-1], Draw) else None
        return [t for t in parts if isinstance(t, Tag)], draw

    def draw_card(self, c: list) -> Play:
        return Play(str(c[0]), c[2][0], self.pos(c[0]))

    def draw(self, c: list) -> Draw:
        return Draw([p for p in c if isinstance(p, Play)], self.pos(c[0]))

    # deal parts -------------------------------------------------------
    def card(self, c: list[Token]) -> tuple[str, Token]:
        return canonical_card(c[0].value), c[0]

    def deal_header(self, c: list[Token]) -> Deal:
        return Deal(number=int(c[1]), dealer=str(c[3]), pos=self.pos(c[0]))

    def hand(self, c: list) -> Hand:
        return Hand(str(c[0]), [card for card, _ in c[2:]], self.pos(c[0]))

    def stock(self, c: list) -> Stock:
        return Stock([card for card, _ in c[2:]], self.pos(c[0]))

    def chant(self, c: list) -> Chant:
        split = next(i for i, x in enumerate(c) if isinstance(x, str) and x == DISCARDS)
        return Chant(
            str(c[1]),
            [card for card, _ in c[3:split]],
            [card for card, _ in c[split + 1 :]],
            self.pos(c[0]),
        )

    def announce(self, c: list[Token]) -> Announce:
        return Announce(str(c[1]), self.pos(c[0]))

    def concede(self, c: list[Token]) -> Concede:
        return Concede(str(c[1]), c[2] == ACCEPTED, self.pos(c[0]))

    def seated_play(self, c: list) -> Play:
        return Play(str(c[0]), c[2][0], self.pos(c[0]))

    def bare_play(self, c: list) -> Play:
        card, token = c[0]
        return Play(None, card, self.pos(token))

    def claim(self, c: list[Token]) -> TrickClaim:
        return TrickClaim(None if c[1] == POURRI else str(c[1]), self.pos(c[0]))

    def trick(self, c: list) -> Trick:
        claim = c[-1] if isinstance(c[-1], TrickClaim) else None
        plays = [x for x in c[1:] if isinstance(x, Play)]
        return Trick(int(c[0][:-1]), plays, claim, self.pos(c[0]))

    def signal(self, c: list[Token]) -> Signal:
        return Signal(str(c[1]), str(c[2]), 0, self.pos(c[0]))

    def winners(self, c: list[Token]) -> Winners:
        return Winners([None if t == POURRI_MARK else str(t) for t in c[2:]], self.pos(c[0]))

    def point(self, c: list[Token]) -> PointClaim:
        side = None if c[1] == NONE else str(c[1])
        points = int(c[2]) if len(c) > 2 else None
        return PointClaim(side, points, self.pos(c[0]))

    def deal(self, parts: list) -> Deal:
        deal: Deal = parts[0]
        for part in parts[1:]:
            if isinstance(part, Hand):
                if part.seat in deal.hands:
                    deal.extra_hands.append(part)
                else:
                    deal.hands[part.seat] = part
            elif isinstance(part, Stock):
                if deal.stock is None:
                    deal.stock = part
                else:  # a second stock line: kept, and reported by the engine (A108)
                    deal.extra_stocks.append(part)
            elif isinstance(part, Chant):
                deal.chants.append(part)
            elif isinstance(part, Announce):
                deal.announces.append(part)
            elif isinstance(part, Concede):
                deal.concessions.append(part)
            elif isinstance(part, Trick):
                deal.tricks.append(part)
            elif isinstance(part, Signal):
                part.before = len(deal.tricks)
                deal.signals.append(part)
            elif isinstance(part, Winners):
                if deal.winners is None:
                    deal.winners = part
                else:  # a second sheet: kept, and reported when the deal is read
                    deal.extra_winners.append(part)
            elif isinstance(part, PointClaim):
                if deal.point is None:
                    deal.point = part
                else:  # a second point line: kept, and reported by the engine (A109)
                    deal.extra_points.append(part)
        return deal


def _attach_comments(deal: Deal, comments: list[Comment]) -> None:
    """Give each comment to the element that stands just before it."""
    elements: list = [deal, *deal.hands.values(), *deal.extra_hands, *deal.extra_winners]
    elements += deal.extra_stocks + deal.extra_points
    for part in (deal.stock, deal.winners, deal.point):
        if part is not None:
            elements.append(part)
    elements += deal.chants + deal.announces + deal.concessions + deal.tricks + deal.signals
    elements.sort(key=lambda e: (e.pos.line, e.pos.column))
    keys = [(e.pos.line, e.pos.column) for e in elements]
    import bisect

    for comment in comments:
        i = bisect.bisect_left(keys, (comment.pos.line, comment.pos.column)) - 1
        elements[max(i, 0)].comments.append(comment)


# Lark's terminal names, in words a person reads in an error message.
_WORDS = {
    "CARD": "a card",
    "CARD_NAME": "a card",
    "SEAT": "a seat (N, E, S or W)",
    "TEAM": "a team (NS or EW)",
    "SIDE": "a team or a seat",
    "WINNER": "a seat or '-'",
    "POURRI": "'pourri'",
    "NONE": "'none'",
    "CONCEDE_ANSWER": "'accepted' or 'refused'",
    "SIGNAL_NAME": "a signal name",
    "TRICK_NO": "a trick number such as '1.'",
    "INT": "a number (at most nine digits)",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a quoted value ("...")',
}


def _expected_words(names: Iterable[str], what: str) -> str:
    parser, _ = _parser()
    literals = {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
    words: list[str] = []
    for name in sorted(names):
        if name == "$END":
            word = f"the end of the {what}"
        else:
            word = _WORDS.get(name) or (f"'{literals[name]}'" if name in literals else name)
        if word not in words:
            words.append(word)
    words.sort(key=lambda w: (w.startswith("the end"), w.strip("'").lower()))
    if not words:
        return "nothing more"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _found(text: str, index: int) -> str:
    ch = text[index] if index < len(text) else ""
    if not ch:
        return "the end of the text"
    if not ch.isprintable() or ch.isspace():
        return f"character U+{ord(ch):04X}"
    m = _WORD.match(text, index)
    return f"'{_printable(m.group() if m else ch)}'"


# What a person reads as the word that stands at an error: up to any space,
# in Unicode's sense, or a comment.
_WORD = re.compile(f"[^\\s{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT)}]{{1,20}}")


def _printable(text: str) -> str:
    """Text safe to put in a one-line message: control characters spelled out."""
    return "".join(
        ch if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}"
        for ch in text
    )


def _unclosed_comment(exc: UnexpectedInput, text: str) -> bool:
    """Whether the error is a brace comment never closed (A002, not A001):
    the lexer stops at its ``{``, which nothing can follow."""
    from lark.exceptions import UnexpectedCharacters

    if not isinstance(exc, UnexpectedCharacters):
        return False
    index = exc.pos_in_stream or 0
    return text[index : index + 1] == COMMENT_OPEN


def _syntax_finding(
    exc: UnexpectedInput, unit: Unit, builder: _Builder, lost: str | None = None
) -> Finding:
    # ``lost``: the A001 variant that says what is lost (the unit, by default)
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    text = unit.text
    what = "tag section" if unit.kind == "tags" else "deal"
    if isinstance(exc, UnexpectedCharacters):
        at = Token("X", "", 0, exc.line, exc.column)
        where = builder.pos(at)
        index = exc.pos_in_stream or 0
        if _unclosed_comment(exc, text):
            return Finding.of(F.UNCLOSED_COMMENT, "", where.line, where.column)
        expected = _expected_words(_accepts(exc) or exc.allowed or (), what)
        found = _found(text, index)
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        where = builder.pos(exc.token)
        expected = _expected_words(_accepts(exc) or exc.accepts or exc.expected, what)
        start = exc.token.start_pos
        found = _found(text, start) if start is not None else f"'{_printable(str(exc.token)[:20])}'"
    else:
        # The unit ended too soon: say so at the end of its text.
        where = _end_pos(unit)
        names = (
            (exc.accepts or exc.expected)
            if isinstance(exc, UnexpectedToken)
            else getattr(exc, "expected", ())
        )
        expected = _expected_words(names, what)
        found = f"the end of the {what}"
    hint = _hint(text, exc)
    if hint:
        found += f" ({hint})"
    if lost is None:
        lost = "tags" if unit.kind == "tags" else "deal"
    return Finding.of(
        F.SYNTAX_ERROR, lost, where.line, where.column, found=found, expected=expected
    )


#: What a person may write for a card's name: accents, spaces, apostrophes
#: and capitals set aside ("Deux de chêne", "deux d'écrit", "Monsieur").
_NAME_KEYS = {re.sub(r"[^a-z]", "", name): name for name in CARD_NAMES}
_HINT_WORD = re.compile(r"[^\s{};\[\]\"]+")
_CARD_LIKE = re.compile(r"([1-9AVJCRKavjcrk])([DCBEOdcbeo])")


def _name_key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z]", "", plain)


def _hint(text: str, exc: UnexpectedInput) -> str:
    """The fix, when the word at a syntax error is a known word mistyped: a
    card, a seat or a keyword in the wrong case, a card's name written as
    people say it.  Empty when there is nothing sure to say."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    index = exc.pos_in_stream if isinstance(exc, UnexpectedCharacters) else None
    if isinstance(exc, UnexpectedToken) and exc.token.start_pos is not None:
        index = exc.token.start_pos
    if index is None:
        return ""
    m = _HINT_WORD.match(text, index)
    if m is None:
        return ""
    word = m.group()
    seat, colon, card = word.rpartition(COLON)
    prefix = ""
    if colon and seat.upper() in SEATS and card:
        prefix = seat.upper() + COLON
        fixed = _fix_card(card) or card
        if (seat, card) != (seat.upper(), fixed) and (fixed in CARD_NAMES or _fix_card(card)):
            return f"write '{prefix}{fixed}'"
        index += len(seat) + 1
    else:
        fixed_card = _fix_card(word)
        if fixed_card and fixed_card != word:
            return f"write '{fixed_card}': a card is its rank in capitals, its suit in lower case"
        if word.lower() in LITERALS and word != word.lower():
            return f"write '{word.lower()}': keywords are lower-case"
        if word.upper() in SEATS and word != word.upper():
            return f"write '{word.upper()}'"
    # A card's name as people say it, perhaps over several words ("deux de chêne").
    words = text[index : index + 40].split("\n", 1)[0].split()
    for count in range(min(4, len(words)), 0, -1):
        name = _NAME_KEYS.get(_name_key("".join(words[:count])))
        if name is not None:
            return f"write '{prefix}{name}' or '{prefix}{NAMED_CARDS[name]}'"
    return ""


def _fix_card(word: str) -> str | None:
    """The card a two-letter word means with its case set right, or None."""
    m = _CARD_LIKE.fullmatch(word)
    if m is None:
        return None
    return m.group(1).upper() + m.group(2).lower()


def _accepts(exc: UnexpectedInput) -> set[str]:
    """What the parser could take at the error: exact, unlike the lexer's guess."""
    parser = getattr(exc, "interactive_parser", None)
    if parser is None:
        return set()
    try:
        return set(parser.accepts())
    except Exception:  # an error path must never raise a second error
        return set()


def _end_pos(unit: Unit) -> Pos:
    text = unit.text.rstrip()
    lines = text.split("\n")
    line = unit.line + len(lines) - 1
    column = len(lines[-1]) + (unit.column if len(lines) == 1 else 1)
    return Pos(line, column)


# What can still be read of a unit the grammar cannot read: a deal's number
# and dealer, a tag section's well-formed tags.
_DEAL_HEAD = re.compile(f"{DEAL}{_WS}+({DIGITS})(?![0-9])(?:{_WS}+{DEALER}{_WS}+({SEAT})\\b)?")
_TAG_LINE = re.compile(
    f"{re.escape(TAG_OPEN)}{_WS}*({TAG_NAME}){_WS}+({TAG_VALUE}){_WS}*{re.escape(TAG_CLOSE)}"
)
_COMMENT_OR_SPACE = re.compile(SKIPPED)

#: Whether units may be read by the fast path (and deals checked by the
#: quick check).  Off (``ALUETTE_NO_FASTPATH=1`` in the environment, or set to
#: False in-process) every unit goes through the grammar and every deal
#: through the full replay: a testing aid, so that whole runs of both paths
#: can be compared.
FASTPATH = not os.environ.get("ALUETTE_NO_FASTPATH")


def parse_unit(unit: Unit) -> tuple[object, list[Comment], Finding | None]:
    """Parse one unit: (model object or list of tags, comments, syntax error)."""
    if FASTPATH and unit.kind != "other":
        fast = fastpath.read_unit(unit.kind, unit.parts, unit.line, unit.column)
        if fast is not None:
            result, comments = fast
            return (result if unit.kind == "deal" else (result, None)), comments, None
    return parse_unit_with_grammar(unit)


def parse_unit_with_grammar(unit: Unit) -> tuple[object, list[Comment], Finding | None]:
    """Parse one unit with the Lark grammar (what the fast path must agree with)."""
    if unit.kind == "other":
        return _parse_other(unit)  # no grammar: a file that needs none never imports it
    from lark.exceptions import UnexpectedInput

    parser, builder = _parser()
    builder.start_unit(unit)
    text = unit.text
    try:
        result = parser.parse(text, start="tag_section" if unit.kind == "tags" else "deal")
    except UnexpectedInput as exc:
        if unit.kind == "tags":
            error = _syntax_finding(exc, unit, builder)
            tags = [
                Tag(m.group(1), unescape(m.group(2)[1:-1]), builder.pos(_token_at(text, m.start())))
                for m in _TAG_LINE.finditer(text)
            ]
            return (tags, None), [], error
        if not _unclosed_comment(exc, text):
            # Most deals the grammar cannot read whole are read line by line:
            # the whole deal's finding (what it expected, the hint) is then
            # never said, so it is only made when that fails too.
            recovered = _recover_deal(unit, parser, builder)
            if recovered is not None:
                return recovered, builder.comments, None
            builder.start_unit(unit)  # the positions of the whole unit again
        error = _syntax_finding(exc, unit, builder)
        m = _DEAL_HEAD.match(text)
        number = int(m.group(1)) if m else None
        dealer = m.group(2) if m else None
        return BrokenDeal(Pos(unit.line, unit.column), number, dealer, text), [], error
    return result, builder.comments, None


# --------------------------------------------------------------------------
# Recovery inside a deal: line by line


#: A deal header as people mistype it (``Deal 2``, ``deal2``, ``deal 2 dealer e``):
#: enough to start a deal and to read what can be read of its number and dealer.
_LOOSE_HEAD = re.compile(
    f"(?i){_WS}*{DEAL}{_WS}*([0-9]{{1,9}})?(?:[^0-9a-z]*{DEALER}{_WS}*([nesw])\\b)?"
)
#: A line that can only be a mistyped deal header: it starts a deal of its own.
_LOOSE_START = re.compile(f"(?i){DEAL}{_WS}*[0-9]")

#: Where each kind of line stands in a deal (docs/notation.md §4), and how a
#: finding says where it belongs.
_ORDER: dict[type, tuple[int, str]] = {
    Hand: (0, "hand"),
    Stock: (1, "stock"),
    Chant: (2, "chant"),
    Announce: (3, "bid"),
    Concede: (3, "bid"),
    Trick: (4, "play"),
    Signal: (4, "play"),
    Winners: (4, "play"),
    PointClaim: (5, "point"),
}


#: The comments as the grammar's lexer finds them, left to right: a brace
#: comment runs to the first ``}`` (a ``{`` inside it opens nothing, nor does
#: a ``;``), a ``;`` comment to the line's end (a brace inside it is text).  A
#: brace left open runs to the end of the text, where the grammar reports it.
_COMMENT_SPAN = re.compile(
    f"{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}]*(?:{re.escape(COMMENT_CLOSE)})?"
    f"|{re.escape(LINE_COMMENT)}[^\n]*"
)


def _segments(text: str) -> list[tuple[int, str]]:
    """The unit's lines as (index of the first line, text), a line that opens a
    brace comment joined with the lines up to its close.

    The comments are found as the lexer finds them: counting braces would
    take a ``{`` inside a comment, or inside a ``;`` comment, for one left
    open, and join the rest of the deal to its line."""
    joined = {  # the line ends inside a comment
        m.start() + i
        for m in _COMMENT_SPAN.finditer(text)
        for i, ch in enumerate(m.group())
        if ch == "\n"
    }
    out: list[tuple[int, str]] = []
    lines = text.split("\n")
    i = end = 0
    while i < len(lines):
        first, seg = i, lines[i]
        end += len(lines[i])  # where the line ends
        while end in joined:
            i += 1
            seg += "\n" + lines[i]
            end += 1 + len(lines[i])
        out.append((first, seg))
        i += 1
        end += 1
    return out


def _recover_deal(unit: Unit, parser: Lark, builder: _Builder) -> Deal | None:
    """Read a deal the grammar cannot read whole, one line at a time.

    Each line of a deal is one element in the notation's common layout, so
    the grammar reads the header with its ``deal_header`` rule and every other
    line with ``deal_element``.  A line it cannot read is one A001 and is left
    out; a header it cannot read still starts the deal, with the number and
    dealer that can be read (the engine takes the rest from the game's
    sequence).  Lines in the wrong order are read where they belong, and
    named (A005).  None if even this fails (a comment left open)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput

    builder.comments = []
    deal: Deal | None = None
    parts: list[object] = []
    unread: list[Finding] = []
    for index, seg in _segments(unit.text):
        if not seg.strip(WHITESPACE) or _COMMENT_OR_SPACE.fullmatch(seg):
            if index == 0:
                return None
            if COMMENT_OPEN in seg or LINE_COMMENT in seg:
                builder.line0 = unit.line + index
                builder.col0 = unit.column if index == 0 else 1
                _collect_comments(seg, builder)
            continue
        builder.line0 = unit.line + index
        builder.col0 = unit.column if index == 0 else 1
        if index and FASTPATH:
            read = _read_element_fast(seg, builder.line0)
            if read is not None:
                parts.append(read[0])
                builder.comments.extend(read[1])
                continue
        piece = Unit("deal", builder.line0, builder.col0, [seg])
        start = "deal_header" if index == 0 else "deal_element"
        try:
            parsed = parser.parse(seg, start=start)
        except UnexpectedInput as exc:
            if isinstance(exc, UnexpectedCharacters) and seg[exc.pos_in_stream or 0 :][:1] == "{":
                return None
            if index == 0:
                deal = _loose_header(seg, builder, exc, piece)
                unread.append(deal.unread.pop())
            else:
                unread.append(_syntax_finding(exc, piece, builder, "line"))
            continue
        if index == 0:
            deal = parsed  # type: ignore[assignment]
        else:
            parts.append(parsed)
    if deal is None:
        return None
    unread.extend(_out_of_order(parts))
    deal = builder.deal([deal, *parts])
    deal.unread = sorted(unread, key=Finding.sort_key)
    if any(f.code != F.LINE_ORDER for f in unread):
        deal.text = unit.text
    _attach_comments(deal, builder.comments)
    builder.comments = []
    return deal


#: A header for a line read alone by the fast path: what it says is not kept.
_ANY_HEADER = f"{DEAL} 1 {DEALER} {SEATS[0]}"


def _read_element_fast(seg: str, line: int) -> tuple[object, list[Comment]] | None:
    """One line of a deal as the fast path reads it (the element and its
    comments), or None: then the grammar reads it.

    Most lines of a deal the grammar cannot read whole are fine, and this is
    many times faster than the grammar.  It is the same reading: the fast
    path reads the line as the second line of a deal under any header, and
    gives exactly what the grammar gives for that deal (the tests hold it to
    that), one element; the grammar's ``deal_element`` reads the line alone
    into the same element, from the same tokens, at the same positions."""
    if "\n" in seg:  # a brace comment over several lines: the grammar's
        return None
    fast = fastpath.read_unit("deal", [_ANY_HEADER, seg], line - 1, 1)
    if fast is None:
        return None
    deal, comments = fast
    assert isinstance(deal, Deal)
    found = [*deal.hands.values(), *deal.extra_hands, *deal.tricks, *deal.signals]
    found += [part for part in (deal.stock, deal.winners, deal.point) if part is not None]
    return (found[0], comments) if len(found) == 1 else None


def _collect_comments(seg: str, builder: _Builder) -> None:
    """The comments of a line that holds nothing else, kept as the grammar
    keeps them: ``;`` comments too."""
    for m in _COMMENT_SPAN.finditer(seg):
        token = _token_at(seg, m.start(), m.group())
        if token.value.startswith(LINE_COMMENT):
            builder.collect_line_comment(token)
        else:
            builder.collect_comment(token)


def _loose_header(seg: str, builder: _Builder, exc: UnexpectedInput, piece: Unit) -> Deal:
    """A deal header the grammar cannot read: what can be read of it, and its A001."""
    from lark import Token

    m = _LOOSE_HEAD.match(seg)
    number = m.group(1) if m else None
    dealer = m.group(2) if m else None
    guessed = tuple(
        name for name, value in (("number", number), ("dealer", dealer)) if value is None
    )
    deal = Deal(
        number=int(number) if number else 0,
        dealer=dealer.upper() if dealer else "N",
        pos=builder.pos(Token("X", "", 0, 1, 1)),
        guessed=guessed,
    )
    deal.unread.append(_syntax_finding(exc, piece, builder, "header"))
    return deal


def _out_of_order(parts: list[object]) -> list[Finding]:
    """A005 for the lines out of the notation's order: the fewest lines whose
    moving puts the rest in order (those outside a longest ordered run)."""
    ranks = [_ORDER[type(p)][0] for p in parts]
    n = len(ranks)
    if all(ranks[i] <= ranks[i + 1] for i in range(n - 1)):
        return []
    # Hands and tricks weigh a little more: between a point line and a trick,
    # or a stock and a hand, the lone line is the one put in the wrong place.
    weight = [1.1 if r in (0, 4) else 1.0 for r in ranks]
    best = list(weight)
    back = [-1] * n
    for i in range(n):
        for j in range(i):
            if ranks[j] <= ranks[i] and best[j] + weight[i] > best[i]:
                best[i], back[i] = best[j] + weight[i], j
    keep: set[int] = set()
    i = max(range(n), key=lambda k: (best[k], -k))
    while i >= 0:
        keep.add(i)
        i = back[i]
    found = []
    for i, part in enumerate(parts):
        if i not in keep:
            pos: Pos = part.pos  # type: ignore[attr-defined]
            kind = _ORDER[type(part)][1]
            found.append(Finding.of(F.LINE_ORDER, kind, pos.line, pos.column))
    return found


def _token_at(text: str, index: int, value: str = "") -> Token:
    from lark import Token

    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return Token("X", value, index, line, column)


def _pos_in(unit: Unit, text: str, index: int) -> Pos:
    """The position of ``text[index]`` in the file, ``text`` being the unit's."""
    row = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return Pos(unit.line + row, column + (unit.column - 1 if row == 0 else 0))


def _parse_other(unit: Unit) -> tuple[None, list[Comment], Finding | None]:
    """Text before the first tag section or deal: only comments may stand
    there.  Read without the grammar, so a file that needs no grammar never
    builds it."""
    text = unit.text
    comments: list[Comment] = []
    pos = 0
    while pos < len(text):
        m = _COMMENT_OR_SPACE.match(text, pos)
        if m is None:
            where = _pos_in(unit, text, pos)
            if text[pos] == COMMENT_OPEN:
                return (
                    None,
                    comments,
                    Finding.of(F.UNCLOSED_COMMENT, "", where.line, where.column),
                )
            return (
                None,
                comments,
                Finding.of(
                    F.SYNTAX_ERROR, "between", where.line, where.column, found=_found(text, pos)
                ),
            )
        if m.group().startswith(COMMENT_OPEN):
            comments.append(Comment(m.group()[1:-1], _pos_in(unit, text, pos)))
        elif m.group().startswith(LINE_COMMENT):
            comments.append(Comment(m.group()[1:], _pos_in(unit, text, pos), line=True))
        pos = m.end()
    return None, comments, None


def read_records(
    units: Iterable[Unit],
    first_index: int = 1,
    take: Callable[[Unit], int | None] | None = None,
) -> Iterator[Game | Deal | BrokenDeal]:
    """Games and deals as they come: a :class:`Game` when one begins (its
    ``deals`` left empty), then each of its deals.  Reading errors are added
    to the current game's ``errors`` as they are found, so a game of any
    length streams through without being held whole.

    ``take`` may take a deal unit of the current game whole, unread (it
    returns the deal's number, or None to leave it to the reader): a checker
    that can vouch for a deal from its lines.
    """
    game: Game | None = None
    index = first_index - 1
    leading: list[Comment] = []
    leading_text: str | None = None
    pending: list[Finding] = []
    last_number = 0  # the number of the game's last deal, for a header without one

    def start(pos: Pos) -> Game:
        nonlocal index
        index += 1
        return Game(index=index, pos=pos)

    for unit in units:
        if (
            take is not None
            and unit.kind == "deal"
            and game is not None
            and not leading
            and not pending
            and leading_text is None
        ):
            taken = take(unit)
            if taken is not None:
                last_number = taken
                continue
        result, comments, error = parse_unit(unit)
        errors = [*unit.findings, *([error] if error else [])]
        if unit.kind == "tags":
            errors += _unknown_escapes(unit)
            last_number = 0
        if isinstance(result, Deal) and result.unread:
            if "number" in result.guessed:
                result.number = last_number + 1
            errors.extend(result.unread)
        if isinstance(result, Deal | BrokenDeal) and result.number is not None:
            last_number = result.number
        if unit.kind == "other":
            leading.extend(comments)
            pending.extend(errors)
            if error is not None:  # kept verbatim: the formatter drops nothing
                leading_text = unit.text
            continue
        started = None
        if unit.kind == "tags":
            game = started = start(Pos(unit.line, unit.column))
            game.tags, game.draw = result  # type: ignore[misc]
            if error is not None:  # kept verbatim: the formatter drops nothing
                game.tags_text = unit.text
            if game.draw is not None:
                at = (game.draw.pos.line, game.draw.pos.column)
                game.draw.comments = [c for c in comments if (c.pos.line, c.pos.column) > at]
                comments = [c for c in comments if (c.pos.line, c.pos.column) < at]
            game.tag_comments = comments
        elif game is None:
            game = started = start(Pos(unit.line, unit.column))
        if leading:
            game.leading_comments, leading = leading, []
        if leading_text is not None:
            game.leading_text, leading_text = leading_text, None
        game.errors.extend(_in_game(finding, game, None) for finding in pending)
        pending = []
        placed = [_in_game(finding, game, result) for finding in errors]
        game.errors.extend(placed)
        if isinstance(result, BrokenDeal) and placed:
            result.error = placed[0]  # the first thing in its text that could not be read
        if started is not None:
            yield started
        if unit.kind == "deal":
            if isinstance(result, Deal):
                if comments:
                    _attach_comments(result, comments)
                game.errors.extend(_in_game(f, game, result) for f in _second_sheets(result))
            yield result  # type: ignore[misc]
    if game is None and (pending or leading):
        game = start(Pos(1, 1))
        game.leading_comments = leading
        game.leading_text = leading_text
        game.errors = [_in_game(f, game, None) for f in pending]
        yield game


def read_units(
    stream: Iterable[bytes], line: int = 1, offset: int = 0, left_off: SplitEnd | None = None
) -> Iterator[Unit]:
    """The units (tag sections and deals) of a byte stream: a whole file, or
    the rest of one from its ``line`` and byte ``offset`` (``left_off``: see
    :func:`split_units`)."""
    return split_units(decode_runs(stream, line, offset), left_off)


def read_games(stream: Iterable[bytes]) -> Iterator[Game]:
    """The games of a byte stream, one at a time, each with its deals and errors."""
    game: Game | None = None
    for record in read_records(read_units(stream)):
        if isinstance(record, Game):
            if game is not None:
                yield game
            game = record
        elif game is not None:
            game.deals.append(record)
    if game is not None:
        yield game


def _second_sheets(deal: Deal) -> list[Finding]:
    """A deal has one score sheet: a second one is reported, never silently
    put in place of the first (both are kept and written back)."""
    first = deal.winners
    if first is None:
        return []
    return [
        Finding.of(F.SECOND_SHEET, "", sheet.pos.line, sheet.pos.column, first=first.pos.line)
        for sheet in deal.extra_winners
    ]


_ESCAPE_IN_VALUE = re.compile(r"\\(.)")


def _unknown_escapes(unit: Unit) -> list[Finding]:
    """Tag values whose backslash escapes nothing the notation knows: the
    value keeps the backslash as written, and the record is told."""
    text = unit.text
    if "\\" not in text:
        return []
    found = []
    for m in _TAG_LINE.finditer(text):
        for e in _ESCAPE_IN_VALUE.finditer(m.group(2), 1, len(m.group(2)) - 1):
            if e.group(1) not in ('"', "\\"):
                start = m.start()
                row = text.count("\n", 0, start)
                line = unit.line + row
                column = start - (text.rfind("\n", 0, start) + 1) + 1
                column += unit.column - 1 if row == 0 else 0
                found.append(
                    Finding.of(
                        F.UNKNOWN_ESCAPE, "", line, column, name=m.group(1), escape=e.group()
                    )
                )
    return found


def _in_game(finding: Finding, game: Game, result: object) -> Finding:
    deal = result.number if isinstance(result, Deal | BrokenDeal) else None
    return replace(finding, game=game.index, deal=deal, trick=None)
