"""Lines to units: a tag section, or one deal, cut out without parsing.

The text is scanned for ``[`` and the keyword ``deal`` outside comments and
strings.  It needs no grammar, so it keeps working where the grammar fails:
a syntax error costs one unit, and the next deal or tag section is read as
if nothing happened.
"""

from __future__ import annotations

import re
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from heapq import heappop, heappush
from itertools import chain, islice
from typing import BinaryIO, NamedTuple

from .. import findings as F
from ..cards import HAND_SIZE
from ..findings import Finding
from ..lexicon import (
    ANNOUNCE,
    ARROW,
    BLANKS,
    CHANT,
    COLON,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    CONCEDE,
    DEAL,
    DEALER,
    DIGITS,
    DRAW,
    ESCAPE,
    LINE_COMMENT,
    POINT,
    QUOTE,
    SEAT,
    SEATS,
    SIGNAL,
    STOCK,
    TAG_CLOSE,
    TAG_NAME,
    TAG_OPEN,
    TRICK_DOT,
    WHITESPACE,
    WINNERS,
    end_of_string,
)
from ..model import KNOWN_TAGS, Pos, known_tag
from . import decode
from .decode import Line, Run
from .syntax import ARROW_LIKE

#: The longest unit (a tag section or a deal) read, in characters.  A real
#: deal is about a kilobyte; past the limit the rest of the unit, up to the
#: next deal or tag section, is skipped (and reported), so that no stretch of
#: text without a deal header is ever held whole.
MAX_UNIT_CHARS = 1_000_000


@dataclass(slots=True)
class Unit:
    """A stretch of text parsed on its own: ``tags``, ``deal`` or ``other``.

    Its ``parts`` joined are its text: a line, a piece of one, or many lines
    at once (a run's lines between two places that needed a look are one
    part, not cut into lines only to be joined again)."""

    kind: str
    line: int
    column: int
    parts: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: how many findings of each code its lines made (:func:`_tell`)
    counts: dict[str, int] | None = None

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def pos(self, text: str, index: int) -> Pos:
        """The position of ``text[index]`` in the file, ``text`` being the unit's."""
        row = text.count("\n", 0, index)
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        return Pos(self.line + row, column + (self.column - 1 if row == 0 else 0))


_WS = f"[{WHITESPACE}]"
_SCAN = re.compile(
    f"[{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE + TAG_OPEN)}]|\\b{DEAL}\\b"
)
# A line that starts a tag section or a deal ends a brace comment left open:
# one missing "}" must not swallow the rest of the file.
# (Its words may touch, and run over lines, as the grammar reads them:
# ``deal2 dealerE``, ``[Event"x"]``; and its seat be mistyped or missing,
# ``deal 2 dealer X``, as a header it is then read, with its finding.)
_RESUME = re.compile(
    f"{_WS}*(?:{re.escape(TAG_OPEN)}{_WS}*{TAG_NAME}{_WS}*{QUOTE}"
    f"|{DEAL}{_WS}*{DIGITS}{_WS}*{DEALER}(?:{_WS}*{SEAT}\\b|\\b))"
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
        # (nothing is taken from the lookahead while it is peeked at)
        for item in islice(self.items, max(0, limit - len(self.ahead))):
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
        for distance, line in enumerate(chain((text,), ahead)):
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
    #: reading stopped in a line past :data:`decode.MAX_LINE_SKIP`: nothing
    #: after it is read, in this text or in the rest of the file
    stopped: bool = False

    def exact(self, last_line: int) -> bool:
        """Whether text that ended here, at its ``last_line``, was cut as one
        reading of it and of what follows would have cut it, what follows
        being read on its own from a place of :func:`cut_points`: no brace
        comment open at the end, a deal last (not a tag section, which the
        tags after a cut would have continued, nor the text before any
        record, which one reading gives the first game), and no look ahead
        for a comment's end cut short by the end of the text."""
        return (
            not self.in_comment
            and self.last_kind == "deal"
            and (self.ran_out == 0 or last_line - self.ran_out >= LOOKAHEAD_LINES)
        )


#: a blank line, then a tag at the start of a line: where a text may be cut
_CUT = b"\n\n" + TAG_OPEN.encode("ascii")


def cut_points(
    stream: BinaryIO, size: int, next_size: Callable[[int], int], block_size: int = 1 << 20
) -> list[tuple[int, int]] | None:
    """Where a file of ``size`` bytes may be cut into parts that are each
    read on their own (:func:`read_units` from the place), as (byte offset,
    line number) from ``(0, 1)``: at the first tag after a blank line that
    stands at least ``next_size(bytes left)`` bytes after the last cut.

    It is one search a block, no reading of units, so it may be wrong: a
    part was cut as one reading would have cut it only if the part before
    it ended :meth:`SplitEnd.exact`, and from the first one that did not,
    the file must be read again in one reading.  ``stream`` is read from its
    start and put back there; None if it holds a carriage return (a line
    end this search does not count).
    """
    starts = [(0, 1)]
    base = 0  # where ``data`` starts in the file
    lines = 1  # the line at the start of ``data``
    # the next part ends at the first cut at or after it
    target = next_size(size)
    tail = b""  # the last bytes of the block before: a cut may span two blocks
    stream.seek(0)
    try:
        while block := stream.read(block_size):
            if b"\r" in block:
                return None
            data = tail + block
            counted = 0  # ``lines`` counts the line ends before data[counted]
            while target < size:
                found = data.find(_CUT, max(target - base, 0))
                if found < 0:
                    break
                cut = found + len(_CUT) - 1  # the "[" of the tag
                lines += data.count(b"\n", counted, cut)
                counted = cut
                starts.append((base + cut, lines))
                target = base + cut + next_size(size - base - cut)
            kept = max(counted, len(data) - (len(_CUT) - 1))
            lines += data.count(b"\n", counted, kept)
            tail = data[kept:]
            base += kept
    finally:
        stream.seek(0)
    return starts


class SkipWatch:
    """The lines of a deal past its limit (:data:`MAX_UNIT_CHARS`) that the
    reader skips whole, told as it reads them (the last stretch of them,
    ``first`` to ``last``), to a reader of the same text that holds its
    lines (annotate's :class:`tee.Tee`): such lines take no note, and it
    may let go of them."""

    __slots__ = ("first", "last")

    def __init__(self) -> None:
        self.first = self.last = 0

    def skipped(self, number: int) -> None:
        if number != self.last + 1:
            self.first = number
        self.last = number


def split_units(
    lines: Iterable[Line | Run], left_off: SplitEnd | None = None, watch: SkipWatch | None = None
) -> Iterator[Unit]:
    """Cut text into tag sections and deals, without parsing them.

    A :class:`Run` is cut by :meth:`_Splitter.run`, a line read alone by
    :meth:`_Splitter.line`; a line with nothing on it that can end a unit
    joins the unit being read here, at no more cost than an append.  A deal
    whose point line is followed by what starts a deal is two deals, the
    second without its header (:func:`_next_deal`); where the second has no
    point line before the next deal's header, its lines are that deal's,
    written before its header, and go with it.  The last lines of a deal
    written below the next deal's header go back to it (:func:`_given_back`).
    ``left_off``, if given, is told how the text left off once its last
    unit is taken, and ``watch`` of the lines of a deal it skips.
    """
    for unit in _units_cut(lines, left_off, watch):
        yield _settled(unit)


def _units_cut(
    lines: Iterable[Line | Run], left_off: SplitEnd | None, watch: SkipWatch | None
) -> Iterator[Unit]:
    """:func:`split_units`' units, as they come, their findings of lines not
    settled yet (:func:`_settled`)."""
    #: lines of the next deal written before its header, and the unit they
    #: were read in, whole: which of the two is yielded waits for what follows
    ahead: tuple[Unit, Unit, Unit] | None = None
    #: the last deal cut, until the next unit says whether lines below its
    #: header are the held deal's
    held: Unit | None = None
    finished = False  # whether it has its trick 9 and its point line (_finished)
    #: the last deal cut without its header, and the number it follows
    headless: tuple[Unit, int] | None = None
    #: the tags of a next game cut from a stray tag's section (:func:`_stray_tag`)
    pending: list[Unit] = []
    for unit in _pushed_back(_split(lines, left_off, watch), pending):
        if ahead is not None:
            first, tail, whole = ahead
            ahead = None
            if unit.kind == "deal" and (
                _ends_before(tail, unit.line) or (first.kind != "deal" and _abuts(tail, unit))
            ):
                held = first
                unit = _joined(tail, unit)
            elif unit.kind == "deal":  # cut short at the limit: a deal of its own
                yield first
                held = tail
            else:  # no deal follows: the lines stay where they are (A005)
                held = whole
            finished = False
        if headless is not None and held is headless[0] and _header_below(*headless, unit):
            unit, held = _joined(held, unit), None
        headless = None
        # (not below a deal whose brace comment was left open: it ended
        # before the tag's line (A002), and joined, it would run on over
        # the tag and every line after it up to its next '}')
        tag = None
        if held is not None and not _left_open(held.text):
            tag = _tag_right_below(held, unit)
        if held is not None and tag is not None:
            merged = _stray_tag(held, unit, tag)
            if merged is not None:
                (unit, next_game), held = merged, None
                if next_game is not None:
                    pending.append(next_game)
            else:
                below = _tag_below(held, unit, tag)
                if below is not None:
                    held, unit = below
        if held is not None and _header_twice(held, unit):
            unit, held = _joined(held, unit), None
        if held is not None:
            if unit.kind == "deal" and held.kind == "deal" and not finished:
                given = _hands_given_back(held, unit)
                if given is None and (given := _given_back(held, unit)) is not None:
                    # ...and the next deal's trick 1 above the header, where
                    # the point line given back stood: the two swapped
                    given = _taken_ahead(*given, swapped=True) or given
                given = given or _taken_ahead(held, unit) or _bids_taken_ahead(held, unit)
                if given is not None:
                    held, unit = given
            yield held
            held = None
        if unit.kind != "deal":
            start, closed = _headless_after(unit.text)
            if start < 0:
                yield unit
                continue
            kind = unit.kind
            first, tail = _cut(unit, unit.text, start)
            first.kind = kind
            if not closed:
                ahead = first, tail, unit
                continue
            yield first
            unit = tail
        while True:
            text = unit.text
            start, closed, point = _next_deal(text)
            if start < 0:
                held, finished = unit, _finished(text, point)
                break
            first, second = _cut(unit, text, start)
            if not closed:
                if _left_open(second.text):
                    # the comment ended before the header (A002): read with
                    # the header, it would run on over it
                    held, finished = unit, False
                else:
                    ahead = first, second, unit
                break
            yield first
            unit = second
            number = _HEADER_ALONE.match(first.text)
            headless = (unit, int(number[1])) if number is not None else None
    if ahead is not None:
        held = ahead[2]
    if held is not None:
        yield held


def _header_below(before: Unit, number: int, after: Unit) -> bool:
    """Whether the deal ``after`` is the header of ``before``, a deal cut
    without its header after deal ``number`` (:func:`_next_deal`), written
    below its lines: ``after`` is a header alone, the next deal's number,
    with nothing below it, right after ``before``.

    A deal written as a score sheet and its point line, its header moved
    down past both, reads as a deal without its header and, after it, a
    deal with no lines, one deal too many: its number, its dealer and the
    game's end each a finding.  A header alone that takes the number after
    (``deal 6`` where the deal cut is deal 5) is the next deal's, not yet
    written, and stays."""
    if after.kind != "deal" or not _ends_before(before, after.line):
        return False
    text = after.text
    head = _HEADER_ALONE.match(text if text.endswith("\n") else f"{text}\n")
    return (
        head is not None and int(head[1]) == number + 1 and not text[head.end() :].strip(WHITESPACE)
    )


def _header_twice(before: Unit, after: Unit) -> bool:
    """Whether the deal ``before`` is a header alone that the deal
    ``after`` starts with again on the next line (the same number and
    dealer): one header typed twice, not a deal with nothing in it.  Read as
    two, the first is a deal whose outcome is unknown (the game's Result
    no longer held to its deals) and the second's number one too few, and
    so every number after it: read as one, the second header is one line
    of the deal that is not read (A001), kept as written."""
    if before.kind != "deal" or after.kind != "deal" or len(before.parts) > 4:
        return False  # (most deals: far more than a line or two)
    if sum(map(len, before.parts)) > 256 or not _ends_before(before, after.line):
        return False
    again = _HEADER_COMMENTED.match(after.text)
    if again is None:
        return False
    header = words_said(again[0])
    *lines, end = before.text.split("\n")
    # (typed more than twice too; a blank line between is how deals stand
    # apart, as the formatter writes an empty deal before the next)
    return not end and all(words_said(line) == header for line in lines)


def _tag_right_below(before: Unit, tags: Unit) -> re.Match[str] | None:
    """The first tag of the tag section ``tags``, where it stands alone on
    its line right below a line of the deal ``before`` (no blank line
    between); None if it does not (a blank line above a tag section is how
    games start, read first), or ``before`` is no deal."""
    if before.kind != "deal" or tags.kind != "tags" or tags.column != 1:
        return None
    last = next((part for part in reversed(before.parts) if part), "")
    if not last[last.rfind("\n", 0, len(last) - 1) + 1 :].strip(WHITESPACE):
        return None
    if not _ends_before(before, tags.line):
        return None
    return _TAG_ALONE.match(tags.text)


def _pushed_back(units: Iterator[Unit], pending: list[Unit]) -> Iterator[Unit]:
    """``units``, each unit put in ``pending`` meanwhile read first."""
    for unit in units:
        while pending:
            yield pending.pop()
        yield unit
    while pending:
        yield pending.pop()


def _stray_tag(before: Unit, tags: Unit, tag: re.Match[str]) -> tuple[Unit, Unit | None] | None:
    """The deal ``before`` with the tag section ``tags`` read as more of its
    lines, where that section is one tag among the deal's lines (None if it
    is not): right below a line of the deal (``tag``, from
    :func:`_tag_right_below`), and above tricks that go on from the deal's
    own (:func:`_continues`).

    A tag moved down from the tag section (``[Result "NS 3-2"]`` below the
    first deal's header, a hand or trick 1) starts a tag section, and so a
    game: the deal is cut short there, its other tricks are a deal without its header
    in a game of their own, three or four findings for one line.  A tag
    there is no part of the deal; but read with it, it is one line that
    cannot be read (A001), kept as written, and the deal and its game stand
    as they were.  The line below it goes on with the deal: tricks numbered
    on from its own, a sheet where it has no play, a point line where it has
    none, a hand or the stock it does not have yet, before its play.

    Its section runs on to the next deal's header, so where the deal is
    its game's last, it holds the next game's tags too, below the deal's
    lines: those are cut off at the first tag line below the stray tag's,
    and returned to be read as the tag section they are, so that the next
    game is not lost in this one."""
    text = before.text
    own = tags.text
    cut = _NEXT_SECTION.search(own, tag.end())
    if cut is not None:
        lines, next_game = _cut(tags, own, cut.end())
        next_game.kind = "tags"
        own, tags = lines.text, lines
    else:
        next_game = None
    rest = own[tag.end() :]
    first = len(rest) - len(rest.lstrip(BLANKS))
    if _below().point_start.match(rest, first):  # a point line, where it has none
        if not _continues(before, [], 0, 1, tags.line):
            return None
        return _joined(before, tags), next_game
    m = _restart_patterns()[0].match(rest)
    if m is None or m.start(m.lastindex or 0) != first:
        return None  # (blank lines after it, or no line of a deal's)
    if m.lastindex == 1:  # tricks: going on from the deal's own
        trick = _below().trick_number
        numbers: list[int] = []
        for line in COMMENT_SPAN.sub("", rest).split("\n"):
            found = [int(n) for n in trick.findall(line)] if line[:1].isdigit() else []
            if not found:
                break
            numbers += found
        if not _continues(before, numbers, 0, 0, tags.line):
            return None
    elif m.lastindex == 4:  # a sheet, where the deal has no play
        if not _continues(before, [], 1, 0, tags.line):
            return None
    elif _like(m.lastindex or 0, m[m.lastindex or 0]).search(text) is not None or (
        _below().play_below.search("\n" + text) is not None
    ):
        return None  # a hand or the stock the deal has, or after its play
    return _joined(before, tags), next_game


#: A tag at a line's start, after blanks or brace comments only: where a
#: next game's tag section starts, below the lines of the deal a stray tag
#: is among (a point line and such; a blank line, a comment line between
#: or none).  The match ends at the tag's bracket.
_NEXT_SECTION = re.compile(
    f"^(?:[{BLANKS}]|{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}\n]*"
    f"{re.escape(COMMENT_CLOSE)})*(?={re.escape(TAG_OPEN)}[{BLANKS}]*{TAG_NAME})",
    re.M,
)


#: Blank lines, then a tag, at a line's start or after blanks.
_BLANK_LINES_THEN_TAG = re.compile(f"(?:[{BLANKS}]*\n)+[{BLANKS}]*(?={re.escape(TAG_OPEN)})")


def _tag_below(before: Unit, tags: Unit, tag: re.Match[str]) -> tuple[Unit, Unit] | None:
    """The deal ``before`` with the first line of the tag section ``tags``
    read as its last line, and the rest of the section, where that line is
    one tag right below the deal (``tag``, from :func:`_tag_right_below`)
    and blank lines part it from the tags below it (None if it is not).

    A scorer writes the game's ``[Result "EW 4-1"]`` at the foot of its
    last deal, where the next game's tags follow after a blank line.  Read
    as the notation reads it, it opens the next game's tag section: that
    game's Result, checked against the other game's deals (or given again
    beside its own), and the game it was written for has none.  Read with
    the deal, it is one line that cannot be read (A001), kept as written,
    that says where a game's tags stand, and the next game is read as its
    own tags say."""
    own = tags.text
    gap = _BLANK_LINES_THEN_TAG.match(own, tag.end())
    if gap is None or gap.end() == tag.end():
        return None
    line, rest = _cut(tags, own, gap.end())
    rest.kind = "tags"
    return _joined(before, line), rest


def _joined(before: Unit, after: Unit) -> Unit:
    """One deal unit of two that stand one below the other."""
    merged = Unit("deal", before.line, before.column, [*before.parts, *after.parts])
    merged.findings = [*before.findings, *after.findings]  # (said whole: _settled)
    return merged


def _ends_before(unit: Unit, line: int) -> bool:
    """Whether ``unit``'s text runs to the start of ``line``: a unit cut
    short at :data:`MAX_UNIT_CHARS` does not, and no text joined to it
    from that line would stand at its place."""
    text = unit.text
    return text.endswith("\n") and unit.line + text.count("\n") == line


def _abuts(unit: Unit, after: Unit) -> bool:
    """Whether ``after`` starts where ``unit``'s text ends, on its last line
    (``winners:deal 2``): lines below the tags end so where the deal's
    header follows them on their line.  Read with it, they are written
    back as they stand, and read again the same."""
    text = unit.text
    rows = text.count("\n")
    last = len(text) - (text.rfind("\n") + 1)
    column = last + 1 if rows else unit.column + last
    return after.line == unit.line + rows and after.column == column


def _split(
    lines: Iterable[Line | Run], left_off: SplitEnd | None, watch: SkipWatch | None
) -> Iterator[Unit]:
    cut = _Splitter(lines, watch)
    source = cut.source
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
            if cut.in_comment:
                # Each line on its own, until the comment's end is found.
                ahead.extendleft(reversed(list(line.lines())))
            else:
                yield from cut.run(line)
            continue
        text = line.text
        if (
            not cut.in_comment
            and not line.skipped
            and line.bad_byte is None
            and _SCAN.search(text) is None
            and not ((text.startswith(("D", "d")) or DEALER in text) and _loose_start(text))
        ):
            # Most lines: no comment, string, tag or deal on them, nothing to
            # report; they belong to the unit being read.
            grown = cut.size + len(text) + 1
            if grown <= MAX_UNIT_CHARS:
                cut.unit.parts.append(text + "\n")
                cut.size = grown
                continue
        yield from cut.line(line)
    yield cut.unit
    if left_off is not None:
        left_off.in_comment, left_off.last_kind = cut.in_comment, cut.unit.kind
        left_off.ran_out = cut.guard.ran_out
        left_off.stopped = cut.stopped


class _Splitter:
    """One splitting's state between lines: the unit being read and its size
    in characters, whether a brace comment is open, the lines ahead."""

    __slots__ = ("guard", "in_comment", "size", "source", "stopped", "unit", "watch")

    def __init__(self, lines: Iterable[Line | Run], watch: SkipWatch | None = None) -> None:
        self.watch = watch
        self.unit = Unit("other", 1, 1)
        self.stopped = False
        self.size = 0
        self.in_comment = False
        self.source = Lookahead(lines)
        self.guard = OpenComment()

    def run(self, run: Run) -> Iterator[Unit]:
        """The units a run ends, found by searching its whole text for what
        can end a unit (:class:`Notice`: the :data:`_SCAN` tokens, or a line
        starting with a D that may be a mistyped header), going past the
        comments that end on their line.  The lines before it join the unit
        at once, and a plain deal header or tag starts its unit; any other
        line found is put back ahead, to be read alone, with the rest of the
        run after it."""
        ahead = self.source.ahead
        unit, size = self.unit, self.size
        text, start, number = run.text, run.start, run.number
        notice = run.notice or Notice(text)
        seek = start  # where to look next: past the comments that end on their line
        while start < len(text):
            at = notice.next(seek)
            if at >= 0:
                # A comment that ends on its line, or a stray closing brace,
                # leaves its line whole in the unit: what line() makes of
                # it, without making a line of it.
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
                unit.parts.append(text[start:end])  # whole lines, in one piece
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
                # A deal header or a tag and nothing else: what line() does
                # with it, without making a line of it.  A tag in a tag
                # section goes on with it.
                if starts != "tags" or unit.kind != "tags" or _deal_since_tag(unit):
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
        self.unit, self.size = unit, size

    def line(self, line: Line) -> Iterator[Unit]:
        """The units a line read alone ends, scanning it for brace comments,
        ``;`` comments, strings, tags and deal headers; with the findings of
        its bad byte, its length, and the unit's length."""
        text = line.text
        unit, size, in_comment = self.unit, self.size, self.in_comment
        beyond = size > MAX_UNIT_CHARS  # (a line of it skipped)
        past = beyond and unit.kind == "deal"
        bad = None
        if line.bad_byte is not None:
            column, offset, byte = line.bad_byte
            bad = Finding.of(
                F.BAD_ENCODING, "", line.number, column, byte=byte, offset=offset, per_line=True
            )
        # A comment left open ends before a line that starts a tag section:
        # that line starts a unit of its own even within a tag section, so
        # that the section the comment was opened in is the one reported.
        reopened = False
        if in_comment and self.guard.left_open(
            line.number, text, _texts_ahead(self.source, LOOKAHEAD_LINES)
        ):
            in_comment, reopened = False, True
        pos = start = 0
        if not in_comment and _loose_start(text):
            # A mistyped header (``Deal 2``, ``deal2``, ``deeal 2 dealer N``)
            # still starts a deal: the deal before it must not swallow it.
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
            cuts = reopened  # the line's first token only
            reopened = False
            if token == COMMENT_OPEN:
                in_comment = True
            elif token == LINE_COMMENT:
                break
            elif token == QUOTE:
                pos = end_of_string(text, pos)
            elif (
                token == COMMENT_CLOSE
                or (
                    token == TAG_OPEN
                    and unit.kind == "tags"
                    and not cuts
                    and not (m.start() == 0 and _deal_since_tag(unit))
                )
                or (token == TAG_OPEN and unit.kind == "deal" and not _opens_tags(text, m, unit))
                or (token == DEAL and not _starts_deal(text, m))
            ):
                continue
            else:
                if bad is not None and bad.column <= m.start():
                    _tell(unit, bad, beyond)  # the bad byte stands before the boundary
                    bad = None
                at = m.start()
                if token == TAG_OPEN:
                    at = _bracket_late(text, at)
                if size <= MAX_UNIT_CHARS:
                    unit.parts.append(text[start:at])
                yield unit
                unit = Unit("tags" if token == TAG_OPEN else "deal", line.number, at + 1)
                start = at
                size = 0
        if bad is not None:
            _tell(unit, bad, beyond and unit is self.unit)
        if line.skipped:
            stops = line.skipped >= decode.MAX_LINE_SKIP
            self.stopped = self.stopped or stops
            cut = Finding.of(
                F.OVER_LIMIT,
                "line-stop" if stops else "line",
                line.number,
                len(text) + 1,
                limit=decode.MAX_LINE_BYTES,
                skipped=line.skipped,
                stop=decode.MAX_LINE_SKIP // (1 << 20),
                per_line=not stops,
            )
            if stops:  # (said whatever came before: nothing after it is read)
                unit.findings.append(cut)
            else:
                _tell(unit, cut, beyond and unit is self.unit)
        if size <= MAX_UNIT_CHARS:
            piece = text[start:] + "\n"
            size += len(piece)
            if size <= MAX_UNIT_CHARS:
                unit.parts.append(piece)
            else:
                what = _UNIT_NAMES.get(unit.kind, "text")
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
        if past and unit is self.unit and self.watch is not None:
            self.watch.skipped(line.number)  # (skipped whole: no unit starts on it)
        self.unit, self.size, self.in_comment = unit, size, in_comment


#: How many findings of one kind a unit says line by line: the bytes that
#: are not UTF-8 (A003) and the lines past the limit (A009).  Past it, one
#: finding at the last such line counts the others: a file in another
#: encoding has a bad byte on every line, and a deal of half a million such
#: lines made half a million findings (350 MB, held with their game).
MAX_SAID_LINES = 100

#: a unit's kind in a sentence
_UNIT_NAMES = {"tags": "tag section", "deal": "deal"}

#: The codes said of a line, one a line, capped (:func:`_tell`); a finding
#: of them has the fact ``per_line`` (an A009 that stops the reading has not).
_PER_LINE = (F.BAD_ENCODING, F.OVER_LIMIT)


def _tell(unit: Unit, finding: Finding, beyond: bool = False) -> None:
    """Add a finding of a line (A003, A009) to ``unit``: the first
    :data:`MAX_SAID_LINES` of its code as they are; past them, the line's
    place and facts go into one finding of the lines not said yet (four
    numbers a line, :func:`_untold`), which goes where its lines go when
    the unit is cut in two, and is said once the unit is whole
    (:func:`_settled`: the first hundred of its lines one by one, one
    finding counting the others).  Lines ``beyond`` the unit's limit, which
    no cut reaches, are only counted: they can be as many as the file has."""
    counts = unit.counts
    if counts is None:
        counts = unit.counts = {}
    code = finding.code
    seen = counts[code] = counts.get(code, 0) + 1
    if seen <= MAX_SAID_LINES:
        unit.findings.append(finding)
        return
    entry = (finding.line, finding.column, *_two_facts(finding))
    if seen > MAX_SAID_LINES + 1:
        # (the finding of the lines not said is the last of its code)
        found = unit.findings
        untold = next(f for f in reversed(found) if f.code == code).facts
    else:
        told = _untold(code, array("q"), [], (finding.line, finding.column))
        unit.findings.append(told)
        untold = told.facts
    if beyond:
        last = untold["beyond"]
        last[:] = [last[0] + 1 if last else 1, finding.line, finding.column]
    else:
        untold["untold"].extend(entry)


def _two_facts(finding: Finding) -> tuple[int, int]:
    facts = finding.facts
    if finding.code == F.BAD_ENCODING:
        return facts["byte"], facts["offset"]
    return facts["skipped"], 0


def _untold(
    code: str, lines: array[int], beyond: list[int] | None = None, at: tuple[int, int] = (0, 0)
) -> Finding:
    """A finding of the lines of ``code`` a unit has not said yet: their
    line, column and two facts each, in ``lines``, and of those past the
    unit's limit, ``beyond``: how many, and the last one's line and column
    (said by :func:`_settled`, which counts them: the count here is none)."""
    where = (lines[0], lines[1]) if lines else at
    limit = {"limit": decode.MAX_LINE_BYTES} if code == F.OVER_LIMIT else {}
    return Finding.of(
        code,
        "more",
        *where,
        count=0,
        shown=MAX_SAID_LINES,
        what="unit",
        untold=lines,
        beyond=beyond or [],
        per_line=True,
        **limit,
    )


def _said_of(code: str, entry: Sequence[int]) -> Finding:
    """The finding of one line kept as four numbers (:func:`_untold`)."""
    line, column, a, b = entry
    if code == F.BAD_ENCODING:
        return Finding.of(code, "", line, column, byte=a, offset=b, per_line=True)
    stop = decode.MAX_LINE_SKIP // (1 << 20)
    limit = decode.MAX_LINE_BYTES
    return Finding.of(code, "line", line, column, limit=limit, skipped=a, stop=stop, per_line=True)


def _part(findings: Iterable[Finding], keep: Callable[[int], bool]) -> list[Finding]:
    """Those of ``findings`` on the lines ``keep`` takes, where a unit is
    cut in two: a finding of lines not said yet (:func:`_untold`) keeps
    those of its lines."""
    taken: list[Finding] = []
    for finding in findings:
        untold = finding.facts.get("untold") if finding.code in _PER_LINE else None
        if untold is None:
            if keep(finding.line):
                taken.append(finding)
            continue
        mine = array("q")
        for k in range(0, len(untold), 4):
            if keep(untold[k]):
                mine.extend(untold[k : k + 4])
        beyond = finding.facts["beyond"]
        # (lines past the limit are past every line read: they go together)
        beyond = beyond if beyond and keep(beyond[1]) else []
        if mine or beyond:
            at = (beyond[1], beyond[2]) if beyond else (0, 0)
            taken.append(_untold(finding.code, mine, beyond, at))
    return taken


def _settled(unit: Unit) -> Unit:
    """The unit as it is yielded, whole: of each code said line by line, its
    first :data:`MAX_SAID_LINES` lines one by one and one finding at the
    last of the others that counts them, wherever the lines were told
    (a unit cut in two, or two joined, moves them)."""
    found = unit.findings
    if not found:  # (most units: nothing to settle)
        return unit
    for code in _PER_LINE:
        mine = [f for f in found if f.code == code and f.facts.get("per_line")]
        if len(mine) <= MAX_SAID_LINES and not any("untold" in f.facts for f in mine):
            continue
        # (line, column, the finding said, or the numbers of one not said yet):
        # each finding's lines not said yet are in order, so the first of
        # each are enough to find the unit's first, and its last the last
        entries: list[tuple[int, int, Finding | Sequence[int]]] = []
        total = 0
        last = (0, 0)  # the last line past the unit's limit, if any
        for f in mine:
            untold = f.facts.get("untold")
            if untold is None:
                entries.append((f.line, f.column, f))
                total += 1
                continue
            total += len(untold) // 4
            if untold:
                ends = {*range(0, min(len(untold), 4 * MAX_SAID_LINES), 4), len(untold) - 4}
                entries += [(untold[n], untold[n + 1], untold[n : n + 4]) for n in sorted(ends)]
            if beyond := f.facts["beyond"]:
                total += beyond[0]
                last = (beyond[1], beyond[2])
        entries.sort(key=lambda e: (e[0], e[1]))
        said = [
            told if isinstance(told, Finding) else _said_of(code, told)
            for _, _, told in entries[:MAX_SAID_LINES]
        ]
        if total > MAX_SAID_LINES:
            line, column = max([(e[0], e[1]) for e in entries[-1:]] + [last])
            facts = {"limit": decode.MAX_LINE_BYTES} if code == F.OVER_LIMIT else {}
            count = total - MAX_SAID_LINES
            what = _UNIT_NAMES.get(unit.kind, "text")
            said.append(
                Finding.of(
                    code,
                    "more",
                    line,
                    column,
                    count=count,
                    shown=MAX_SAID_LINES,
                    what=what,
                    **facts,
                )
            )
        others = [f for f in found if not (f.code == code and f.facts.get("per_line"))]
        found = unit.findings = others + said
    return unit


def _deal_since_tag(unit: Unit) -> bool:
    """Whether the tag section ``unit`` holds, below its last tag, a whole
    deal's lines (:func:`_headless_after`: a point line or a trick 9 below
    them): a game's only deal, its header left out.  A tag then starts the
    next game, as it does below a deal with its header; read as more of
    the section, it and the deal were lost in one unreadable tag section.
    Only the parts below the last tag are looked at, each once."""
    since: list[str] = []
    for part in reversed(unit.parts):
        if part.lstrip(BLANKS).startswith(TAG_OPEN):
            break
        since.append(part)
    if not since:
        return False
    start, whole = _headless_after("".join(reversed(since)))
    return start >= 0 and whole


#: letters alone before a bracket, at the start of a line, and the tag name after it
_LATE_BRACKET = re.compile(r"[ \t]*([A-Za-z]+)\[[ \t]*([A-Za-z]+)")


def _bracket_late(text: str, bracket: int) -> int:
    """Where a tag section starts whose bracket opens ``text`` at
    ``bracket``: at the letters before it, where they alone open the line
    and make a known tag with the name after it (``E[vent "..."]``, the
    bracket typed a letter late), so that the tag is read as the scorer
    meant it (records.py salvages it) and the letters are not a stray line
    of their own, nor the end of the deal above; else at the bracket."""
    m = _LATE_BRACKET.match(text)
    if m is None or m.end(1) != bracket or known_tag(m[2]) is not None:
        return bracket
    return m.start(1) if m[1] + m[2] in KNOWN_TAGS else bracket


#: The comments as the grammar's lexer finds them, left to right: a brace
#: comment runs to the first ``}`` (a ``{`` inside it opens nothing, nor does
#: a ``;``), a ``;`` comment to the line's end (a brace inside it is text).  A
#: brace left open runs to the end of the text, where the grammar reports it.
COMMENT_SPAN = re.compile(
    f"{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}]*(?:{re.escape(COMMENT_CLOSE)})?"
    f"|{re.escape(LINE_COMMENT)}[^\n]*"
)
#: The text of a line up to a word on it that is no comment's: brace
#: comments closed on the line may stand before the word, a ``;`` comment
#: may not (it runs to the line's end).
ON_THE_LINE = (
    f"(?:[^\n{re.escape(LINE_COMMENT)}{re.escape(COMMENT_OPEN)}]"
    f"|{re.escape(COMMENT_OPEN)}[^\n{re.escape(COMMENT_CLOSE)}]*{re.escape(COMMENT_CLOSE)})*?"
)
#: Blanks and brace comments closed on the line, before a line's first word
NOTES_FIRST = (
    f"[{BLANKS}]*(?:{re.escape(COMMENT_OPEN)}[^\n{re.escape(COMMENT_CLOSE)}]*"
    f"{re.escape(COMMENT_CLOSE)}[{BLANKS}]*)*"
)
#: After a seat and its colon: no arrow on the rest of its line.  A seat's
#: line with an arrow on it is a trick whose number was left out, not a
#: hand: the deal's own, whatever hands it has (recover._unnumbered_trick
#: reads it), never the start of the next deal.
_NO_ARROW = f"(?!{ON_THE_LINE}(?:{'|'.join(map(re.escape, (ARROW, *ARROW_LIKE)))}))"
#: A point line, at the start of its line.
_POINT_LINE = "\n" + POINT


@cache
def _restart_patterns() -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...]]:
    """Blank lines, then a line that starts a deal's play or its hands:
    a trick, a hand, the stock, a score sheet (after a deal's point line,
    the last of its lines, it is the next deal's, whose header was left
    out, if the deal has a line of its own like it: :func:`_like`); and
    the same lines, one pattern for each kind, anywhere in a deal's text.
    Compiled when a deal first has a line after its point line: a
    well-kept record never does."""
    starts = (
        f"[0-9]+{re.escape(TRICK_DOT)}",
        f"{SEAT}[{BLANKS}]*{COLON}{_NO_ARROW}",
        f"{STOCK}[{BLANKS}]*{COLON}",
        f"{WINNERS}[{BLANKS}]*{COLON}",
    )
    first = "|".join(f"({start})" for start in starts)
    again = tuple(re.compile(f"(?:\\A|\\n)[{BLANKS}]*{start}") for start in starts)
    # lines of a comment alone may stand before it too: the header written
    # as a comment ("{ deal 2 }"), or a note where it should be
    comment = (
        f"{re.escape(LINE_COMMENT)}[^\n]*"
        f"|{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}\n]*{re.escape(COMMENT_CLOSE)}"
    )
    between = f"(?:[{BLANKS}]*(?:(?:{comment})[{BLANKS}]*)*\n)*"
    return re.compile(f"{between}[{BLANKS}]*(?:{first})"), again


@cache
def _like(kind: int, word: str) -> re.Pattern[str]:
    """A deal's own line like the line of kind ``kind`` (a group of
    :func:`_restart_patterns`) that starts with ``word``, after its point
    line: the trick of the same number, the same seat's hand, a stock, a
    sheet.  A trick or a hand the deal does not have is its own, out of its
    place; one it has again is the next deal's."""
    if kind == 1:
        return re.compile(f"(?:\\A|\\n)[{BLANKS}]*{re.escape(word)}")
    if kind == 2:
        return re.compile(f"(?:\\A|\\n)[{BLANKS}]*{re.escape(word[0])}[{BLANKS}]*{COLON}")
    return _restart_patterns()[1][kind - 1]


def _next_deal(text: str) -> tuple[int, bool, int]:
    """Where in a deal's text the next deal starts without its header (-1
    if it does not), whether that deal's point line follows in the text, and
    where the deal's first point line is (-1: it has none).

    A deal's point line ends it (docs/notation.md §4); a scorer who leaves
    out the next deal's header line writes that deal's trick 1 (or its
    hands, its stock, its score sheet) right after the point line.  Read as
    one deal, the second deal's tricks would be the first's tenth to
    eighteenth, each card played again: dozens of findings for one line
    left out.  Where the deal already has a line like it before the point
    line (the trick of the same number, the same seat's hand, a stock, a
    sheet: :func:`_like`), the line after the point line starts a deal of
    its own: with a point line of its own after
    it, one without its header (the reader says so, and takes its number
    and dealer from the game's sequence); without one, the next deal's
    lines written before its header (the header moved down, the reader
    reads them with it).  A point line written before its deal's tricks
    (A005) has no trick before it, and cuts nothing, as a trick or a hand
    moved below the point line does (its deal has no other).  A deal with no
    point line (the claims left out) is cut by :func:`_unpointed`."""
    point = at = text.find(_POINT_LINE)
    if at < 0:
        return (*_unpointed(text), -1)
    while at >= 0:
        end = text.find("\n", at + 1)
        if end < 0:
            return -1, False, point
        if not text[end + 1 :].strip(WHITESPACE):
            return -1, False, point  # blank lines only after it: the deal's end, as most are
        first = _restart_patterns()[0]
        m = first.match(text, end + 1)
        if m is not None and m.lastindex is not None:
            start = m.start(m.lastindex)
            own = _like(m.lastindex, m[m.lastindex]).search(text, 0, at)
            if own is not None and not _commented(text, (own.end() - 1, at + 1, start)):
                return start, _POINT_LINE in text[m.end() :], point
        at = text.find(_POINT_LINE, end)
    return -1, False, point


def _headless_after(text: str) -> tuple[int, bool]:
    """Where, in a tag section's text (or the text before the first one), a
    deal's lines start (-1: they do not), and whether they are a deal of
    their own.

    A scorer who leaves out the first deal's header writes its hands (or
    its trick 1, its stock, its sheet) right below the tags.  Read as more
    of the tag section, they made it unreadable and lost the deal, and
    every deal after it was numbered one off.  Past the last tag, a line
    that starts a deal's lines starts them; with a point line below it, or
    a trick 9 (a record without claims), they are a deal without its
    header; else (the first deal's header moved down among its lines, or
    its first lines moved up) they are the next deal's lines, written above
    its header, as :func:`_next_deal` says of lines after a point line."""
    end = text.rfind(TAG_CLOSE) + 1  # (0: no tag)
    if not text[end:].strip(WHITESPACE):
        return -1, False  # a tag section and blank lines: nearly every one
    found = [m.start() for p in _restart_patterns()[1] if (m := p.search(text, end))]
    if not found:
        return -1, False
    start = min(found)
    start += text[start] == "\n"  # the line's start: its blanks are the deal's
    blanks = _BLANKS_RUN.match(text, start)  # (text kept as written keeps them)
    word = blanks.end() if blanks is not None else start
    if _commented(text, (word,)) or _left_open(text):
        return -1, False
    # (below their first line: one stray trick 9 is no whole deal)
    below = text.find("\n", word)
    rest = text[below:] if below >= 0 else ""
    return start, _POINT_LINE in rest or _LAST_TRICK in rest


def _finished(text: str, point: int) -> bool:
    """Whether a deal's ``text``, its first point line at ``point``, has its
    trick 9 on the line before it, as most deals do: then no line below the
    next deal's header can be its (:func:`_given_back`), and nothing more
    is looked at."""
    return point >= 0 and text.startswith(_LAST_TRICK, text.rfind("\n", 0, point))


@cache
def _unpointed_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A hand or stock line right after a trick line (blank lines between
    them), its word in group 1; and a line of the play (a trick, a sheet)."""
    trick = f"[0-9]+{re.escape(TRICK_DOT)}"
    after = re.compile(
        f"\\n[{BLANKS}]*{trick}[^\\n]*\\n(?:[{BLANKS}]*\\n)*[{BLANKS}]*"
        f"({SEAT}(?=[{BLANKS}]*{COLON}{_NO_ARROW})|{STOCK})[{BLANKS}]*{COLON}"
    )
    play = re.compile(f"\\n[{BLANKS}]*(?:{trick}|{WINNERS}[{BLANKS}]*{COLON})")
    return after, play


def _unpointed(text: str) -> tuple[int, bool]:
    """:func:`_next_deal` for a deal with no point line: a record written
    without claims has no line that ends a deal, and a header left out
    joins two deals.  A hand line after a trick line, for a seat whose hand
    the deal has already (the stock line, where it has one already), is the
    next deal's.  A hand line moved among the tricks is its seat's only
    one, and cuts nothing; nor does one followed by the deal's own last
    tricks only (:func:`_among_last_tricks`: the next deal's line moved up
    past its header and those tricks, which :func:`_taken_ahead` gives
    back to it).  The next deal is one without its header if lines of play
    follow in the text, else lines of it written before its header."""
    after, play = _unpointed_patterns()
    m = after.search(text)
    while m is not None:
        start = m.start(1)
        line = re.compile(f"(?:\\A|\\n)[{BLANKS}]*{m[1]}[{BLANKS}]*{COLON}")
        own = line.search(text, 0, m.start())
        if (
            own is not None
            and not _commented(text, (own.end() - 1, start))
            and not _finishes_trick(text, m.start() + 1, start)
        ):
            if _among_last_tricks(text) == text.rfind("\n", 0, start) + 1:
                return -1, False
            return start, play.search(text, start) is not None
        m = after.search(text, m.end(1))
    return -1, False


def _finishes_trick(text: str, trick: int, start: int) -> bool:
    """Whether the line at ``start`` in a deal's ``text``, which looks like
    a hand (``E:5d``), is the rest of the trick on the line at ``trick``:
    that trick has fewer than four cards and no claim, and the line is
    plays written as the trick's are (a seat and its card, no blank
    between) that make it four, and its claim if it has one.

    A trick broken over two lines reads as one (whitespace is free,
    docs/notation.md §1); its last card alone on the next line, a seat
    whose hand the deal has, would otherwise start the next deal."""
    above = COMMENT_SPAN.sub("", text[trick : text.find("\n", trick)])
    numbers = list(_TRICK_NUMBERS.finditer(above))
    if not numbers or ARROW in above[numbers[-1].end() :]:
        return False
    cards = above[numbers[-1].end() :].split()
    end = text.find("\n", start)
    rest = COMMENT_SPAN.sub("", text[start : len(text) if end < 0 else end]).split()
    if len(rest) > 2 and rest[-2] == ARROW:
        del rest[-2:]  # the trick's claim, after its last card
    return (
        bool(rest)
        and len(cards) + len(rest) == len(SEATS)
        and all(_PLAY.fullmatch(word) for word in rest)
    )


#: A play with its seat, as a trick line gives it: ``E:5d``.
_PLAY = re.compile(f"{SEAT}{COLON}[^{WHITESPACE}{COLON}]+")


def _among_last_tricks(text: str) -> int:
    """Where the line starts, in a deal's ``text`` without a point line,
    that stands above the deal's last tricks and below its others (-1:
    none does): the tricks below it numbered on from those above it (the
    first the next, none again), with nothing else below it but blank
    lines.  Read as the deal's, such a line (the next deal's hand or trick
    1, moved up past its header) splits the deal's play; the deal does not
    need it, whatever it is, to go on from one trick to the next."""
    end = len(text.rstrip(WHITESPACE))
    trick = _below().trick_number
    below: list[int] = []
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        # (what a comment says is no line: a note's "pourri: 1." names no trick)
        words = COMMENT_SPAN.sub("", line).lstrip(BLANKS)
        if words:
            if not words[0].isdigit() or not (numbers := trick.findall(words)):
                break
            below[:0] = map(int, numbers)
        end = start - 1
    else:
        return -1
    had = set(trick_numbers(text[:start]))
    if not below or not had or below[0] != max(had) + 1 or had & set(below):
        return -1
    if max(below) > HAND_SIZE:
        return -1  # a deal has nine tricks
    return start


def trick_numbers(text: str) -> list[int]:
    """The numbers of the tricks a deal's ``text`` writes, in order, what its
    comments say aside (a note's "pourri: 1." names no trick)."""
    return [int(n) for n in _below().trick_number.findall(COMMENT_SPAN.sub("", text))]


def _cut(unit: Unit, text: str, start: int) -> tuple[Unit, Unit]:
    """A deal unit whose ``text`` holds, from ``start`` (:func:`_next_deal`:
    a line's first word, the line indented or not), the next deal's lines:
    the two, each with its findings."""
    line, column = unit.pos(text, start)
    first = Unit("deal", unit.line, unit.column, [text[:start]])
    second = Unit("deal", line, column, [text[start:]])
    first.findings = _part(unit.findings, lambda n: n < line)
    second.findings = _part(unit.findings, lambda n: n >= line)
    return first, second


#: A header that says nothing: where a deal's lines are read without their
#: own, what it says is not kept.
ANY_HEADER = f"{DEAL} 1 {DEALER} N\n"


#: Each trick's number in a deal's text, wherever it stands on its line.
_TRICK_NUMBERS = re.compile(f"(?<![0-9])([0-9]+){re.escape(TRICK_DOT)}")
#: Blanks, up to a line's first word.
_BLANKS_RUN = re.compile(f"[{BLANKS}]*")
#: A deal's trick 9, at a line's start (:func:`_finished`).
_LAST_TRICK = f"\n9{TRICK_DOT}"
#: A deal header, well typed or not, at the start of a line or a unit.
HEADER_WORD = re.compile(f"(?i){_WS}*{DEAL}")
#: The most lines looked at below a header for lines of the deal before.
_MOST_LOOKED_AT = 24


class _Below(NamedTuple):
    """The patterns of the look below a header (:func:`_given_back`)."""

    #: the lines of a deal before its play: a hand, the stock, a chant, a bid
    before_play: re.Pattern[str]
    #: a deal's first line of play (the line's end before it): a trick (its
    #: number), a sheet, a point line
    first_play: re.Pattern[str]
    #: a trick's number, where a trick starts (at a line's start, or after
    #: the trick before it on its line: notation §1)
    trick_number: re.Pattern[str]
    point_start: re.Pattern[str]
    sheet_start: re.Pattern[str]
    #: a line of play (a trick, a sheet), or a point line, after a line's end
    play_below: re.Pattern[str]
    point_below: re.Pattern[str]


@cache
def _below() -> _Below:
    """Compiled when a deal that does not end with its trick 9 and its
    point line first meets the next deal: a well-kept record never has one."""
    dot = re.escape(TRICK_DOT)
    return _Below(
        before_play=re.compile(
            f"[{BLANKS}]*(?:(?:{SEAT}|{STOCK})[{BLANKS}]*{COLON}"
            f"|(?:{CHANT}|{ANNOUNCE}|{CONCEDE})\\b)"
        ),
        first_play=re.compile(f"\\n[{BLANKS}]*({POINT}\\b|{WINNERS}|[0-9]+(?={dot}))"),
        trick_number=re.compile(f"(?:^|(?<=[{BLANKS}]))([0-9]{{1,3}}){dot}(?=[{BLANKS}])", re.M),
        point_start=re.compile(f"{POINT}\\b"),
        sheet_start=re.compile(f"{WINNERS}[{BLANKS}]*{COLON}"),
        play_below=_unpointed_patterns()[1],
        point_below=re.compile(f"\\n[{BLANKS}]*{POINT}\\b"),
    )


def _headed(unit: Unit) -> bool:
    """Whether a deal unit starts at a line's start with its header, well
    typed or not: the looks below a header (:func:`_given_back`,
    :func:`_hands_given_back`, :func:`_taken_ahead`) start there."""
    head = unit.parts[0] if unit.parts else ""
    return unit.column == 1 and (head.startswith(DEAL) or HEADER_WORD.match(head) is not None)


def _given_back(before: Unit, after: Unit) -> tuple[Unit, Unit] | None:
    """The two deal units with the lines of ``before`` that a scorer wrote
    below the header of ``after`` given back to it; None if there are none.

    A deal header moved up among the deal before's last lines (or those
    lines moved down below it) leaves them below the header, above its
    deal's own play: above or among its hands, its stock and its bids, or,
    in a deal without them, above its trick 1, its sheet, its point line.
    Read as the second deal's, the first deal's trick 9 is that deal's
    trick 1, its cards in the stock, and every trick after it is numbered
    one off: a score of findings for one line.  They are the deal before's
    when they continue it (:func:`_continues`) and the second deal has
    lines of that kind of its own after them.  The header is then the line
    out of its place: an A005 at it, said of the deal before, which reads
    them as its last lines.  Each unit keeps every line at its place in the
    file: the header's line and the second deal's lines among them are
    blank lines in the first, the lines given back blank lines in the
    second.  A comment over lines among them leaves every line where it is."""
    if len(after.parts) < 2 or not _headed(after):
        return None
    text = after.text
    start = text.find("\n") + 1
    if not start or not _may_give_back(before, text, start):
        return None
    if _left_open(text[:start]):
        return None  # a comment over lines from the header's line
    below = _below()
    below_header = list(islice(_lines_below(text, start), _MOST_LOOKED_AT))
    if None in below_header:
        return None
    looked = [x for x in below_header if x is not None]  # each line's start, end and words
    at = looked[-1][1] if looked else start
    given: list[tuple[int, int]] = []  # where each line given back starts and ends
    numbers: list[int] = []  # the tricks' numbers in them
    points = sheets = 0
    hands = False  # whether a hand, the stock or a bid came before
    stop = at  # where the deal's own play starts
    for k, (begin, end, line) in enumerate(looked):
        stop = begin
        if not line:
            continue
        if below.before_play.match(line):
            hands = True
            continue
        # the deal's own first line of play: after its hands and the like,
        # with none of them after it; a trick numbered again; a second sheet
        # or point line; play after a point line
        then = next((words for _, _, words in looked[k + 1 :] if words), "")
        if hands and below.before_play.match(then) is None:
            break
        tricks = [int(n) for n in below.trick_number.findall(line)] if line[0].isdigit() else []
        if tricks:
            if tricks[0] <= max(numbers, default=0):
                break
            if points and not _own_play_below(then, tricks[0], below):
                break
            numbers += tricks
        elif below.sheet_start.match(line):
            if points or sheets:
                break
            sheets += 1
        elif below.point_start.match(line):
            if points:
                break
            points += 1
        else:
            return None
        given.append((begin, end))
    else:
        return None  # no line of play of the deal's own among those looked at
    if not given and hands:
        # below the deal's own hands and its first tricks, the point line
        # the deal before lacks (put down late, as below)
        late = _late_point(looked, below)
        if late is None:
            return None
        given, numbers, points, stop = [late], [1], 1, late[1]
    own = below.play_below if numbers or sheets else below.point_below
    if not given or own.search(text, stop - 1) is None:
        return None  # the second deal's own lines, out of their place
    stray = False  # the point line alone, below the deal's own first tricks
    if not _continues(before, numbers, sheets, points, after.line):
        # The deal before's point line written below the next deal's header
        # and its first tricks (the claim left out, then put down late): the
        # point line alone is given back, where the next deal has its own.
        if not (points and numbers[:1] == [1] and _continues(before, [], 0, 1, after.line)):
            return None
        if below.point_below.search(text, stop - 1) is None:
            return None
        given, numbers, sheets, stray = given[-1:], [], 0, True
    mine: list[str] = [*before.parts, "\n"]  # (a blank line for the header's)
    theirs: list[str] = [text[:start]]
    done = start
    for line_start, line_end in given:
        kept = text[done:line_start]
        theirs += (kept, "\n")
        mine += ("\n" * kept.count("\n"), text[line_start:line_end])
        done = line_end
    theirs.append(text[done:])
    first = Unit("deal", before.line, before.column, mine)
    second = Unit("deal", after.line, after.column, theirs)
    lines = {after.line + text.count("\n", 0, begin) for begin, _ in given}
    first.findings = [*before.findings, *_part(after.findings, lambda n: n in lines)]
    if stray:
        at = after.line + text.count("\n", 0, given[0][0])
        first.findings.append(Finding.of(F.LINE_ORDER, "point-below-header", at, 1))
    elif (points or below.point_below.search("\n" + before.text) is None) and not _behind(
        before, numbers
    ):
        first.findings.append(Finding.of(F.LINE_ORDER, "next-header", after.line, after.column))
    else:
        # The deal before has its point line, above the header, or tricks
        # numbered after those given back: the header stands in its place,
        # and each line given back is out of its own.
        first.findings += [
            Finding.of(F.LINE_ORDER, "below-header", after.line + text.count("\n", 0, begin), 1)
            for begin, _ in given
        ]
    second.findings = _part(after.findings, lambda n: n not in lines)
    return first, second


def _lines_below(text: str, start: int) -> Iterator[tuple[int, int, str] | None]:
    """The lines of a deal's ``text`` from ``start`` (below its header),
    each as its start, its end and its words (comments taken out); None
    for a line where a comment runs over lines, which the looks below a
    header do not look into (nor past)."""
    at = start
    while (end := text.find("\n", at)) >= 0:
        line = text[at:end]
        if _left_open(line):
            yield None
            return
        line = COMMENT_SPAN.sub("", line).strip(WHITESPACE)
        if COMMENT_CLOSE in line:
            yield None
            return
        yield at, end + 1, line
        at = end + 1


def _late_point(looked: list[tuple[int, int, str]], below: _Below) -> tuple[int, int] | None:
    """Where the point line stands (its start and end) among the lines
    ``looked`` at below a deal's header (:func:`_given_back`), where it
    stands among the deal's first tricks, below its hands, stock and bids:
    tricks numbered from 1 above it, and the next trick below it, the deal
    going on (a point line below its last trick is its own).  The deal
    before's, put down late; None if there is none."""
    expected = 1
    point: tuple[int, int] | None = None
    for begin, end, line in looked:
        if not line or (below.before_play.match(line) and expected == 1):
            continue
        if line.startswith(SIGNAL):
            continue  # (a signal stands among the play: notation §4)
        tricks = [int(n) for n in below.trick_number.findall(line)] if line[0].isdigit() else []
        if tricks and tricks[0] == expected:
            if point is not None:
                return point  # the deal goes on below it
            expected += len(tricks)
        elif below.point_start.match(line) and expected > 1 and point is None:
            point = begin, end
        else:
            return None
    return None


#: A hand or stock line's word (the seat, or ``stock``), in group 1.
_HAND_WORD = re.compile(f"[{BLANKS}]*({SEAT}|{STOCK})[{BLANKS}]*{COLON}")


def _hands_given_back(before: Unit, after: Unit) -> tuple[Unit, Unit] | None:
    """The two deal units with the lines of ``before`` written below the
    header of ``after`` given back to it, where the header stands among the
    deal before's hands; None if it does not.

    The deal before has hand lines and nothing after them (or nothing at
    all, the next header on the line right below its own); below the next
    header come the hands of the other seats (and the stock, where it has
    none), then a whole deal's play: tricks numbered from 1 on, a sheet, a
    point line (or, in a record without claims, tricks 1 to 9).  Read as
    the next deal's, every card of that deal is played twice once the next
    deal's own hands and play follow (tricks 10 to 18, a hand given twice):
    a score of findings for one line.  The next deal's
    own lines start at the first hand or stock line after that play, which
    must have play of its own below it.  The header is then the line out of
    its place: an A005 at it, said of the deal before, which reads the
    lines as its own; every line stays at its place (:func:`_given_back`)."""
    if len(after.parts) < 2 or not _headed(after):
        return None
    below = _below()
    mine = "\n" + COMMENT_SPAN.sub("", before.text)
    if below.play_below.search(mine) or below.point_below.search(mine):
        return None  # (lines of play below the header: _given_back's)
    seen = {m[1] for m in re.finditer(f"\n{_HAND_WORD.pattern}", mine)}
    variant = "next-header-hands"
    if not seen:
        # the deal before its header alone, the next header on the line
        # right below it: moved up one line, above all the deal's lines
        if mine.strip(WHITESPACE).count("\n") or after.line != before.line + 1:
            return None
        variant = "next-header-top"
    if not _ends_before(before, after.line):
        return None
    text = after.text
    start = text.find("\n") + 1
    if not start or _left_open(text[:start]):
        return None
    stop = -1
    expected, points, sheets = 1, 0, 0
    for looked in _lines_below(text, start):
        if looked is None:
            return None
        at, _, line = looked
        played = expected > 1 or points or sheets
        hand = _HAND_WORD.match(line)
        if not line:
            pass
        elif below.before_play.match(line):
            if played:
                stop = at  # the next deal's own first line
                break
            if hand is not None:
                if hand[1] in seen:
                    return None  # a hand the deal before has: the next deal's
                seen.add(hand[1])
        elif line[0].isdigit():
            numbers = [int(n) for n in below.trick_number.findall(line)]
            if not numbers or numbers != list(range(expected, expected + len(numbers))):
                return None
            expected += len(numbers)
        elif below.sheet_start.match(line) and not (played or sheets):
            sheets += 1
        elif below.point_start.match(line) and not points and (expected > 1 or sheets):
            points += 1
        elif not line.startswith(SIGNAL):  # (a signal stands among the play: notation §4)
            return None
    if stop < 0 or expected > HAND_SIZE + 1:
        return None
    if not points and expected != HAND_SIZE + 1:
        return None  # a point line, or (a record without claims) all nine tricks
    if _leads_for(text[start:stop], after.parts[0]) and not _leads_for(text[start:stop], mine):
        return None  # trick 1 led from the next header's dealer's left: the lines are its
    if below.play_below.search(text, stop - 1) is None:
        return None  # the next deal has no play of its own below: those lines are its
    first = Unit("deal", before.line, before.column, [*before.parts, "\n", text[start:stop]])
    second = Unit(
        "deal",
        after.line,
        after.column,
        [text[:start], "\n" * text.count("\n", start, stop), text[stop:]],
    )
    last = after.line + text.count("\n", 0, stop)
    first.findings = [*before.findings, *_part(after.findings, lambda n: n < last)]
    first.findings.append(Finding.of(F.LINE_ORDER, variant, after.line, 1))
    second.findings = _part(after.findings, lambda n: n >= last)
    return first, second


#: A header's dealer, in group 1.
_DEALER_SEAT = re.compile(f"{DEALER}[{BLANKS}]+({SEAT})")
#: The seat written with trick 1's first card, in group 1.
_FIRST_LEAD = re.compile(
    f"(?:^|\n)[{BLANKS}]*1{re.escape(TRICK_DOT)}[{BLANKS}]*({SEAT})[{BLANKS}]*{COLON}"
)


def _leads_for(lines: str, header: str) -> bool:
    """Whether trick 1 among ``lines`` is led, by the seat written with its
    first card, from the left of the dealer the deal header in ``header``
    names: play of that deal, as far as its lead tells.  Cards alone, or a
    header without a dealer, tell nothing (False)."""
    lead, dealer = _FIRST_LEAD.search(lines), _DEALER_SEAT.search(header)
    if lead is None or dealer is None:
        return False
    return SEATS.index(lead[1]) == (SEATS.index(dealer[1]) + 1) % len(SEATS)


def _behind(before: Unit, numbers: list[int]) -> bool:
    """Whether tricks ``numbers`` come before a trick of the deal ``before``
    in the order of the numbers (trick 8 below the next header, after trick
    9): lines moved down, not a header moved up."""
    had = trick_numbers(before.text)
    return bool(numbers and had) and min(numbers) < max(had)


def _taken_ahead(before: Unit, after: Unit, swapped: bool = False) -> tuple[Unit, Unit] | None:
    """The two deal units with the line of ``after`` that a scorer wrote
    above the point line of ``before`` taken ahead to it; None if there is
    none.

    The next deal's first line (its trick 1, its N hand) moved up past its
    header and the point line before it stands among the deal before's
    last lines, and is read as more of that deal: its trick 1 again, after
    trick 9, every card of it played twice, and the next deal without it.
    It is the next deal's when the deal before has a line like it above it
    (the same trick's number, the same seat's hand: :func:`_like`) and the
    next deal has none, but begins with the line after it: a trick 1 where
    its first trick is trick 2, a hand where its next line is another
    seat's hand.  The next deal's unit then starts at that line,
    the lines between (the point line) blank lines in it, and the line a
    blank line in the deal before: every line stays at its place.  The
    line is the one out of its place: an A005 at it, said of the next
    deal, which reads it below its header.

    ``swapped``: the deal before's point line was given back to it from
    below the header (:func:`_given_back`), and the line looked at is the
    last above the header, blank lines between: the two lines swapped
    across the header, each read in the other's place."""
    if not _headed(after) or not (swapped or _ends_before(before, after.line)):
        return None
    text = before.text
    point = text.find(_POINT_LINE)  # the end of the line above the point line
    variant = "above-point"
    if point >= 0:
        start = text.rfind("\n", 0, point) + 1
    else:  # a record without claims: the line above the deal's last tricks
        start = _among_last_tricks(text)
        if start < 0:
            return None
        point = text.find("\n", start)
        variant = "among-tricks"
    end = point  # the end of the line looked at
    if swapped:
        while start and not text[start:end].strip(WHITESPACE):
            end = start - 1
            start = text.rfind("\n", 0, end) + 1
        if before.line + text.count("\n", 0, start) >= after.line:
            return None
        variant = "above-header"
    line = text[start:end]
    plain = _unnoted(line)
    if not start or any(mark in plain for mark in (COMMENT_OPEN, COMMENT_CLOSE, LINE_COMMENT)):
        return None
    m = _restart_patterns()[0].match(line)
    if m is None or m.lastindex not in (1, 2):
        return None  # a trick or a hand only
    word = m[m.lastindex]
    like = _like(m.lastindex, word)
    own = like.search(text, 0, start)
    if own is None or _commented(text, (own.end() - 1, start)):
        return None
    if _left_open(after.text):
        return None
    # (what a comment says is no line: a note's "pourri: 1." names no trick)
    theirs = COMMENT_SPAN.sub("", after.text)
    body = theirs.find("\n")  # the end of the header's line
    if body < 0 or like.search(theirs, body) is not None:
        return None
    if m.lastindex == 1:
        # trick 1, and the next deal's first trick, wherever it stands on
        # its line (a deal written compact: on its header's line too), is
        # trick 2: it has no trick 1
        head = _DEALER_SEAT.search(theirs, 0, body)
        numbers = _TRICK_NUMBERS.findall(theirs, body if head is None else head.end())
        if word != f"1{TRICK_DOT}" or numbers[:1] != ["2"] or "1" in numbers:
            return None
    elif _restart_patterns()[1][1].match(theirs, body) is None:
        return None  # its next line is no hand (of another seat)
    at = before.line + text.count("\n", 0, start)
    first = Unit("deal", before.line, before.column, [text[:start], "\n", text[end + 1 :]])
    between = "\n" * (after.line - at - 1)  # the lines down to the header
    second = Unit("deal", at, 1, [line, "\n", between, *after.parts])
    first.findings = _part(before.findings, lambda n: n != at)
    second.findings = [
        *_part(before.findings, lambda n: n == at),
        Finding.of(F.LINE_ORDER, variant, at, 1),
        *after.findings,
    ]
    return first, second


def _bids_taken_ahead(before: Unit, after: Unit) -> tuple[Unit, Unit] | None:
    """The two deal units with the bid lines (``announce``, ``concede``) that
    end ``before``, below its point line and right above the header of
    ``after``, taken ahead to it; None if there are none.

    A deal's bids come before its play, never after its point line: bid
    lines there, a blank line above them and none before the next header,
    are the next deal's, written above its header (a double, a concession read as the
    deal before's would make both point lines wrong).  The next deal's unit
    then starts at them, each line at its place, and they are the lines out
    of their place: an A005 said of the next deal, which reads them below
    its header."""
    if not _headed(after) or not _ends_before(before, after.line):
        return None
    text = before.text
    lines = text.split("\n")[:-1]  # (the text ends with its line end)
    count = 0
    while count < len(lines) and _BID_LINE.match(lines[len(lines) - 1 - count]):
        count += 1
    if not count:
        return None
    start = len(text) - sum(len(line) + 1 for line in lines[-count:])
    if _POINT_LINE not in text[:start] or _left_open(text[:start]):
        return None
    if len(lines) == count or lines[-count - 1].strip(WHITESPACE):
        return None  # (right below the point line: the deal's own, out of its place)
    at = before.line + len(lines) - count
    first = Unit("deal", before.line, before.column, [text[:start]])
    second = Unit("deal", at, 1, [text[start:], *after.parts])
    first.findings = _part(before.findings, lambda n: n < at)
    second.findings = [
        *_part(before.findings, lambda n: n >= at),
        Finding.of(F.LINE_ORDER, "bid-above-header", at, 1),
        *after.findings,
    ]
    return first, second


#: a bid line, whole: the keyword, then words and no comment mark
_BID_LINE = re.compile(f"[{BLANKS}]*(?:{ANNOUNCE}|{CONCEDE})[{BLANKS}][^{{}};]*")


def _may_give_back(before: Unit, text: str, start: int) -> bool:
    """Whether the deal ``text``, its header line ending at ``start``, may
    hold lines of the deal ``before``: a first look, cheap enough for every
    deal, which :func:`_given_back` makes sure of.  Most deals start with
    their hands, and their first line of play (their trick 1, their sheet)
    is followed by more play; in a deal without hands, that line comes
    first, where the deal before has its own."""
    below = _below()
    m = below.first_play.search(text, start - 1)
    if m is None:
        return False
    end = text.find("\n", m.end())
    if end >= 0 and below.before_play.match(text, end + 1) is not None:
        return True  # a line of play above a hand, the stock or a bid
    mine = "\n" + before.text
    # the deal before's point line put down late, below this deal's first
    # tricks (its hands above them or not), this deal with its own further down
    late = (
        m[1] == "1"
        and text.count(POINT, start) > 1  # (most deals: one point line, found at once)
        and len(below.point_below.findall(text, start - 1)) > 1
        and below.point_below.search(mine) is None
    )
    between = text[start : m.start()]
    if between.strip(WHITESPACE) and (
        (COMMENT_OPEN not in between and LINE_COMMENT not in between)
        or COMMENT_SPAN.sub("", between).strip(WHITESPACE)
    ):
        return late  # below the hands and the like
    if m[1] == POINT:
        return below.point_below.search(mine) is None
    if m[1] in (WINNERS, "1"):  # the deal's own, unless the deal before has no play
        if below.play_below.search(mine) is None:
            return True
        # ...or no point line, which may stand below this one, before the
        # deal's own (the deal before's, put down late)
        return late
    return True


def _own_play_below(then: str, number: int, below: _Below) -> bool:
    """Whether a trick numbered ``number``, after a point line given back,
    is given back too: the line after it (``then``) is a trick line that
    starts the second deal's own play (numbered no later), so the trick is
    one the deal before lacks, put down late below its point line.  The
    same lines written as the formatter writes them (the point line above
    the header, the trick below it) are read so."""
    own = [int(n) for n in below.trick_number.findall(then)] if then[:1].isdigit() else []
    return bool(own) and own[0] <= number


def _continues(before: Unit, numbers: list[int], sheets: int, points: int, header: int) -> bool:
    """Whether lines of play (tricks ``numbers``, ``sheets`` sheets) and
    ``points`` point lines continue the deal ``before``, which ends on the
    line before ``header``: each trick numbered as none of its tricks is,
    the first after one of them (or, in a deal with no play and no point
    line, trick 1), a sheet only where it has no play, a point line only
    where it has none."""
    if not _ends_before(before, header):
        return False  # (a deal cut short at the reader's limit)
    below = _below()
    text = COMMENT_SPAN.sub(lambda m: re.sub("[^\\n]", " ", m.group()), before.text)
    if points and below.point_below.search("\n" + text) is not None:
        return False
    had = set(trick_numbers(text))
    played = below.play_below.search("\n" + text) is not None
    if sheets and played:
        return False
    if not numbers:
        return True
    if max(numbers) > HAND_SIZE:
        return False  # a deal has nine tricks: a tenth continues none (trick 1 mistyped)
    if not had:  # the deal's every trick: where it has no sheet, nor a point line
        return numbers[0] == 1 and not played and below.point_below.search("\n" + text) is None
    return not had & set(numbers) and numbers[0] - 1 in had


def leads_in(text: str) -> list[str]:
    """Every :func:`lead_in` a deal's text may have stood after: a text
    whose header is moved down among its lines was cut so after a game's
    tags or after a deal's point line, and the two cut alike only where the
    tags are followed by a whole deal (:func:`_headless_after`)."""
    lead = lead_in(text)
    if lead and header_line(text, text.find("\n") + 1 or len(text)):
        return [lead, f"{ANY_HEADER}{POINT} none\n\n"]
    return [lead]


def lead_in(text: str) -> str:
    """What a deal's ``text``, read alone, is read after so as to be read as
    it was in its record.  Nothing for most: the text starts with its
    header.  For one that starts as :func:`_next_deal` cuts one (its header
    left out, or moved down among its lines), a deal with a line like its
    first (:func:`_like`) and a point line (a trick line, for a text with no
    point line, as :func:`_unpointed` cuts), which the splitter cuts it
    from: the second deal of the two is the text's; for a game's first
    deal without its header in a record without claims, a tag section
    (:func:`_headless_after`)."""
    m = _restart_patterns()[0].match(text)
    if m is None or m.lastindex is None:
        return ""
    if header_line(text, text.find("\n") + 1 or len(text)):
        # its first lines written above its header: read as the first deal's
        # after the tags are (_headless_after), or as the next deal's after
        # a point line (:func:`leads_in` gives both)
        return f"{TAG_OPEN}Event {QUOTE}?{QUOTE}{TAG_CLOSE}\n"
    if _POINT_LINE not in "\n" + text and m.lastindex in (2, 3):
        # cut from a deal without a point line (_unpointed): after a trick
        word = m[m.lastindex].rstrip(f"{BLANKS}{COLON}")
        return f"{ANY_HEADER}{word}{COLON} 1d\n1{TRICK_DOT} 1d\n"
    if _POINT_LINE not in "\n" + text:
        # a game's first deal, its header left out, in a record without
        # claims: cut from the tags (_headless_after)
        return f"{TAG_OPEN}Event {QUOTE}?{QUOTE}{TAG_CLOSE}\n"
    word = m[m.lastindex]
    # a line like it (_like): the same trick's number, the same seat's hand
    like = (f"{word} 1d", f"{word[0]}{COLON} 1d", f"{STOCK}{COLON} 1d", f"{WINNERS}{COLON} N")
    return f"{ANY_HEADER}{like[m.lastindex - 1]}\n{POINT} none\n"


#: A deal header at the start of a line, its word in any case.
HEADER_LINE = re.compile(f"(?im)^[{BLANKS}]*{DEAL}\\b")


def header_line(text: str, start: int = 0) -> re.Match[str] | None:
    """The first :data:`HEADER_LINE` of ``text`` from ``start``, what its
    comments say aside: a brace comment's line that starts with the word
    (``{a long`` then ``deal of thinking}``) is no header."""
    masked = COMMENT_SPAN.sub(lambda m: re.sub("[^\n]", " ", m.group()), text)
    return HEADER_LINE.search(masked, start)


def header_below(text: str) -> int | None:
    """Where in a deal's text its header word stands, where the header is
    below the deal's first lines (split._next_deal); None where it heads its
    text, or where there is none.  A deal's ``pos`` is its header's, read or
    kept as text alike: the text then starts that many lines above it
    (:func:`text_start`)."""
    header = header_line(text)
    if header is None or not header.start():
        return None
    return header.end() - len(DEAL)


def text_start(pos: Pos, text: str) -> Pos:
    """Where a deal's text starts in the file, its ``pos`` being its
    header's: at the start of the line that many lines above a header below
    the first lines (:func:`header_below`), and at ``pos`` otherwise.  The
    one rule for the JSON forms, which keep the text and the ``pos``."""
    below = header_below(text)
    if below is None:
        return pos
    return Pos(pos.line - text.count("\n", 0, below), 1)


def restarts(text: str) -> bool:
    """Whether a deal's text starts as :func:`_next_deal` cuts one: with the
    line that follows a point line where the header was left out, or moved
    down among the deal's lines; or with bid lines written above its header
    (:func:`_bids_taken_ahead`)."""
    return _restart_patterns()[0].match(text) is not None or _BID_LINE.match(text) is not None


def _left_open(text: str) -> bool:
    """Whether ``text`` ends inside a brace comment left open."""
    last = None
    for match in COMMENT_SPAN.finditer(text):
        last = match
    return (
        last is not None
        and last.end() == len(text)
        and last.group().startswith(COMMENT_OPEN)
        and not last.group().endswith(COMMENT_CLOSE)
    )


def _commented(text: str, places: tuple[int, ...]) -> bool:
    """Whether any of ``places`` in ``text`` stands inside a comment."""
    for m in COMMENT_SPAN.finditer(text, 0, max(places) + 1):
        if any(m.start() < place < m.end() for place in places):
            return True
    return False


_DEAL_NUMBER = re.compile(f"{_WS}+[0-9]")
#: A generated comment (``{= ...}``, docs/formats.md §5), with the blanks
#: before it: ``annotate`` adds them at the ends of lines, and the look at
#: how lines stand reads a line as it was before they were added, so that
#: an annotated record reads as the record it annotates.
_NOTE = re.compile(
    f"[{BLANKS}]*{re.escape(COMMENT_OPEN)}={'[^'}{re.escape(COMMENT_CLOSE)}]*"
    f"{re.escape(COMMENT_CLOSE)}"
)
_HEADER = f"{DEAL}[{BLANKS}]+({DIGITS})[{BLANKS}]+{DEALER}[{BLANKS}]+{SEAT}"
_TAG = (
    f"{re.escape(TAG_OPEN)}{TAG_NAME}[{BLANKS}]+{QUOTE}[^{QUOTE}{re.escape(ESCAPE)}\n]*{QUOTE}"
    f"{re.escape(TAG_CLOSE)}"
)
#: A deal header (its number in group 1), and a tag whose value has no
#: escape, alone on their line: nothing on them but what starts a unit.
_PLAIN_HEADER = re.compile(f"{_HEADER}[{BLANKS}]*\n")
_PLAIN_TAG = re.compile(f"{_TAG}[{BLANKS}]*\n")
#: The same, but for generated comments after them.
_HEADER_ALONE = re.compile(f"{_HEADER}(?:{_NOTE.pattern})*[{BLANKS}]*\n")
#: A tag alone on its line (a known tag's value without its quotes too,
#: ``[Event Club]``, which starts a tag section all the same): below a line
#: of a deal, one line of it (:func:`_stray_tag`).
_TAG_ALONE = re.compile(
    f"{re.escape(TAG_OPEN)}[{BLANKS}]*"
    f"(?:{TAG_NAME}[{BLANKS}]+{QUOTE}(?:[^{QUOTE}{re.escape(ESCAPE)}\n]|{re.escape(ESCAPE)}.)*{QUOTE}"
    f"|(?i:{'|'.join(KNOWN_TAGS)})[{BLANKS}]+[^{QUOTE}{re.escape(TAG_CLOSE)}\n]+)"
    f"[{BLANKS}]*{re.escape(TAG_CLOSE)}"
    # (blanks are free in a tag, and a comment may follow it on its line)
    f"(?:[{BLANKS}]*{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}\n]*"
    f"{re.escape(COMMENT_CLOSE)})*[{BLANKS}]*(?:{re.escape(LINE_COMMENT)}[^\n]*)?\n"
)


#: A comment on one line, a brace one or a ``;`` one, with the blanks before
#: it: a header typed twice is the same header whatever comments stand on
#: either line (``deal 2 dealer E  { typed twice }``).
_ONE_LINE_COMMENT = (
    f"[{BLANKS}]*(?:{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_CLOSE)}\n]*"
    f"{re.escape(COMMENT_CLOSE)}|{re.escape(LINE_COMMENT)}[^\n]*)"
)
_HEADER_COMMENTED = re.compile(f"{_HEADER}(?:{_ONE_LINE_COMMENT})*[{BLANKS}]*\n")
_COMMENTS_ON_A_LINE = re.compile(_ONE_LINE_COMMENT)


def words_said(line: str) -> list[str]:
    """A line's words, its comments on it left out (:data:`_ONE_LINE_COMMENT`)."""
    return _COMMENTS_ON_A_LINE.sub("", line).split()


def _unnoted(line: str) -> str:
    """``line`` without its generated comments (:data:`_NOTE`)."""
    return _NOTE.sub("", line) if COMMENT_OPEN in line else line


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
            text = ONE_LINE_COMMENT.sub(lambda m: " " * len(m.group()), text)
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


#: A brace comment that closes on its line (the quick check cuts them too).
ONE_LINE_COMMENT = re.compile(
    f"{re.escape(COMMENT_OPEN)}[^{re.escape(COMMENT_OPEN + COMMENT_CLOSE)}\n]*"
    + re.escape(COMMENT_CLOSE)
)


def _texts_ahead(source: Lookahead, limit: int) -> Iterator[str]:
    """The texts of the next ``limit`` lines, left in place; a run among them
    is counted by its lines, and only it is held."""
    lines = chain.from_iterable(
        item.lines() if isinstance(item, Run) else (item,) for item in source.peek(limit)
    )
    return (line.text for line in islice(lines, limit))


def _loose_start(text: str) -> bool:
    """Whether a line is a mistyped deal header (the well-typed ones are
    found by the scan): one that starts with a D, or holds ``dealer``."""
    if text.startswith(("D", "d")):
        if text.startswith(DEAL) and text[len(DEAL) : len(DEAL) + 1] in WHITESPACE:
            return False
        if _LOOSE_START.match(text) is not None:
            return True
    if QUOTE in text and _QUOTED_START.match(text) is not None:
        return True  # (a stray quote hides what follows it on the line)
    return DEALER in text and _mistyped_header().match(text) is not None


#: A header that a stray quote before it would hide from the scan, which
#: reads a quote as a tag's value to the end of its line: ``"deal 4 dealer
#: S`` swallowed deal 4 into the deal before it, card after card.  Blanks
#: and brace comments may stand before it (annotate puts its note there).
_QUOTED_START = re.compile(f"{NOTES_FIRST}{QUOTE}{_WS}*{DEAL}{_WS}*[0-9]")


#: A bracket and a tag's name, and the quote of its value if it follows
_TAG_AHEAD = re.compile(f"{re.escape(TAG_OPEN)}{_WS}*({TAG_NAME})(?:{_WS}*({QUOTE}))?")


def _opens_tags(text: str, m: re.Match[str], unit: Unit) -> bool:
    """Whether the bracket ``m`` in the line ``text`` of a deal ``unit``
    starts the next game's tags: a tag's name and its value's quote after
    it; or, at the start of its line, a known tag's name (``[Event Club
    night]``, the quotes left out), or any name below a blank line, where a
    tag section starts (``[Eve``, the file cut short).  Any other (``-> W
    [checked]``, ``[x]`` right below a trick) is a slip in the deal, one
    line that cannot be read: cut there, the deal's lines below it were
    read as a deal without its header, and its game as two."""
    tag = _TAG_AHEAD.match(text, m.start())
    if tag is None:
        return False
    if tag[2] is not None:
        return True
    if text[: m.start()].strip(WHITESPACE):
        return False
    return (
        known_tag(tag[1]) is not None
        or _BLANK_ABOVE.search(unit.parts[-1] if unit.parts else "\n") is not None
    )


#: a unit's text that ends with a blank line (or is one)
_BLANK_ABOVE = re.compile(f"(?:\\A|\\n)[{BLANKS}]*\\n\\Z")


def _starts_deal(text: str, m: re.Match[str]) -> bool:
    """Whether the word ``deal`` begins a deal: at the start of a line, or
    followed by a number.  Elsewhere (``signal N deal``) it is just a word."""
    return not text[: m.start()].strip(WHITESPACE) or _DEAL_NUMBER.match(text, m.end()) is not None


#: A line that can only be a mistyped deal header: it starts a deal of its own.
_LOOSE_START = re.compile(f"(?i){DEAL}{_WS}*[0-9]")
#: What starts a comment, a string or a tag: no header's word holds it.
_OPENS = re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT + QUOTE + TAG_OPEN + TAG_CLOSE)
#: A character of a mistyped header's word (``de2l``, ``4eal``), where the
#: ``deal`` of a header the scan finds (``\ufeffdeal``) does not start.
_TYPO = f"(?:(?!\\b{DEAL}\\b)[^{WHITESPACE}{_OPENS}])"
#: The word ``deal`` mistyped: at most eight characters, and a piece of at
#: most three after a space typed inside it (``dea l3``), which holds no
#: digit (in ``eal 12``, the 1 is the number's).
MISTYPED_WORD = f"{_TYPO}{{1,8}}(?:[{BLANKS}][^{WHITESPACE}0-9{_OPENS}]{{1,3}})?"
#: The words that start the other lines of a deal: no header's word.
_OTHER_LINES = "|".join((DRAW, STOCK, CHANT, ANNOUNCE, CONCEDE, SIGNAL, WINNERS, POINT))


@cache
def _mistyped_header() -> re.Pattern[str]:
    """A deal header whose word ``deal`` is mistyped (``deeal 3 dealer E``,
    ``dael``, ``eal``, ``de2l``, ``dea l3``): at the start of its line, that
    word, the deal's number and ``dealer`` as the notation writes it.  No
    other line of a record has that shape, and a header the deal before
    swallowed would cost every line of its deal a finding.  Compiled on
    first use: only a line read alone that holds ``dealer`` and is no
    well-typed header asks it, which a well-kept record never has."""
    return re.compile(
        f"{_WS}*(?!{DEAL}[{WHITESPACE}0-9]|(?:{_OTHER_LINES})\\b){MISTYPED_WORD}"
        f"[{BLANKS}]*[0-9]{{1,9}}[{BLANKS}]+{DEALER}\\b"
    )
