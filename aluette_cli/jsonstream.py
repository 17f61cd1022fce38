"""A JSON document read one element of one list at a time, in bounded memory.

A record document is one object whose ``games`` list may hold a season or an
archive.  Decoding it whole (``json.loads``) holds the text and every object
built from it, some forty times the size of one game; this reader holds one
element of the list (and one block of the file) instead, and hands each
element to ``json.loads``, so each value is decoded by the standard library
exactly as before.

It is a scanner of a few regular expressions, not a second JSON parser: it
only finds where each value of the top object ends (counting brackets
outside strings), and the standard library decodes and checks the value.
An incremental parser such as ijson would find the same boundaries, but it
cannot say where a document goes wrong as ``line:column``, and it builds a
value however long it is; here every problem has its line and column in the
document, a list element longer than the limit is skipped without being
held, and an element that is not valid JSON costs that element only.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .jsonmodel import loads, raw_decode

#: How much is read at once.
BLOCK = 1 << 20
#: How much of one value is skipped, past its limit, before reading stops:
#: an endless stream (a device, a value never closed) is not read for ever.
MAX_SKIP = 256 * 1024 * 1024


@dataclass(slots=True)
class Member:
    """A member of the top object, other than the list read element by element."""

    key: str
    value: Any
    line: int
    column: int


@dataclass(slots=True)
class Item:
    """One element of the list, decoded; ``index`` counts from 1."""

    index: int
    value: Any
    line: int
    column: int
    #: the element's text as written, from ``line`` and ``column``: where
    #: each of its values stands can be found again (:mod:`aluette_cli.jsonplace`)
    text: str = field(default="", compare=False, repr=False)
    #: the places (line, column) of the commas too many around it, which
    #: stand for no element: the element's own problems, not lost elements
    strays: tuple[tuple[int, int], ...] = ()
    #: the place of the comma left out after it, the next element starting
    #: there: read as if it were written, as a comma too many is read past
    lacking: tuple[tuple[int, int], ...] = ()


@dataclass(slots=True)
class Problem:
    """Where the document goes wrong.  With an ``index``, only that element of
    the list is lost and reading goes on; without one, reading stops."""

    #: the SYNTAX_ERROR template's variant (findings.TEMPLATES) and its facts
    variant: str
    facts: dict[str, Any]
    line: int
    column: int
    index: int | None = None
    #: the document is JSON (or starts as JSON), but not an object
    not_object: bool = False
    #: as :attr:`Item.strays`: commas too many beside the lost element
    strays: tuple[tuple[int, int], ...] = ()
    #: as :attr:`Item.lacking`: the comma left out after it
    lacking: tuple[tuple[int, int], ...] = ()


_SPACE = re.compile(r"[ \t\n\r]*")
_STRUCTURE = re.compile(r'["{}\[\]]')
#: Where a string's scan stops: its end, an escape, or a line break, which
#: no JSON string holds (a quote lost or one too many: the value is not
#: JSON, and the scan stops at the line's end, not the document's).
_STRING_END = re.compile(r'["\\\n]')
_SCALAR = re.compile(r"[^ \t\n\r,\]}]*")
#: What :meth:`_Text.decoded` gives for a value too long to hold.
_SKIPPED = object()
#: A byte that is not UTF-8, as the decoder keeps it (``surrogateescape``).
_BAD_BYTE = re.compile("[\udc80-\udcff]")
#: The problems of an element after which the next one is looked for: its
#: brackets may not close where it ends (a brace lost, or a byte that is not
#: UTF-8 written over one).
_RESYNC = frozenset({"json", "json-encoding"})
#: A member of an object: its key, then a colon.
_MEMBER = re.compile(r'"(?:[^"\\\n]|\\.)*"[ \t\r\n]*:')
#: A line that starts a list element after a comma: its indent, then ``{``.
_NEXT_ELEMENT = re.compile(r"(?:,[ \t\r]*)?\n(?:[ \t\r]*\n)*([ \t]*)\{")


def _cut_short(text: _Text, problem: Problem) -> Problem:
    """An element whose problem is found at or past the next element's start
    (``text.pos``) ended before its own end, its line cut short: it is said
    where it is cut, at the end of its last line, not on the next element's
    line, which is whole."""
    if (problem.line, problem.column) < text.where(text.pos):
        return problem
    end = text.buf.rfind("\n", 0, text.pos)
    while end > 0 and text.buf[end - 1] in " \t\r,\n":
        end -= 1
    line, column = text.where(end)
    reason = "the game stops here, before its closing brace (a brace lost, or its line cut short)"
    return Problem(problem.variant, {"reason": reason}, line, column, problem.index)


class _Stop(Exception):
    """Reading cannot go on: the problem says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.variant)
        self.problem = problem


class _Said(Exception):
    """Reading stops, its problem said already."""


class _EndsInside(_Stop):
    """The document ends inside an element: after it, if no next element is
    found in the text it ran over, there is nothing left to read."""


class _Text:
    """The document's text from the current value on, read block by block.

    ``buf`` holds the text not yet consumed (one value at most, once the
    consumed part is dropped); ``line`` and ``column`` are where ``buf``
    begins, so that any index into it has its place in the document."""

    def __init__(self, read: Callable[[int], bytes]) -> None:
        self.read = read
        # A byte that is not UTF-8 is kept as a lone surrogate, and the value
        # that holds it refused (:meth:`bad_bytes`): one bad byte costs its
        # game, as a game that is not valid JSON does, not every game after.
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="surrogateescape")
        self.offset = 0  # bytes read so far
        self.buf = ""
        self.pos = 0
        self.line, self.column = 1, 1
        self.mark = (0, 1, 1)  # a place in ``buf`` and its line and column
        self.eof = False
        #: where in ``buf`` the value read last began
        self.began = 0
        #: the last value scanned ended at a line's end inside a string
        self.string_cut = False

    def more(self) -> bool:
        """Read the next block onto the text; False at the end of the input."""
        if self.eof:
            return False
        data = self.read(BLOCK)
        text = self.decoder.decode(data, final=not data)
        self.offset += len(data)
        self.eof = not data
        self.buf += text
        return bool(data) or bool(text)

    def bad_bytes(self, start: int, end: int, index: int | None) -> None:
        """Refuse the value at ``buf[start:end]`` if it holds a byte that is
        not UTF-8, placed at that byte (line, column, and offset in bytes)."""
        m = _BAD_BYTE.search(self.buf, start, end)
        if m is None:
            return
        at = m.start()
        held = self.decoder.getstate()[0]  # bytes read but not decoded yet
        after = self.buf[at:].encode("utf-8", "surrogateescape")
        try:
            after[:4].decode("utf-8")
            reason = "invalid start byte"
        except UnicodeDecodeError as exc:
            reason = exc.reason
        facts = {"reason": reason, "offset": self.offset - len(held) - len(after)}
        raise _Stop(Problem("json-encoding", facts, *self.where(at), index))

    def drop(self, upto: int) -> None:
        """Forget the text before ``upto``, keeping count of its lines."""
        self.line, self.column = self.where(upto)
        self.mark = (0, self.line, self.column)
        self.buf = self.buf[upto:]
        self.pos -= upto
        self.began = max(0, self.began - upto)

    def where(self, index: int) -> tuple[int, int]:
        """The line and column (both from 1, columns in characters, as
        ``json`` counts them) of ``buf[index]``.  Counted on from the last
        place asked for, so that the places of a buffer's values, asked in
        order, cost one pass over it."""
        at, line, column = self.mark
        if index < at:
            at, line, column = 0, self.line, self.column
        lines = self.buf.count("\n", at, index)
        if lines:
            line += lines
            column = index - self.buf.rindex("\n", at, index)
        else:
            column += index - at
        self.mark = (index, line, column)
        return line, column

    def peek(self) -> str:
        """The next character that is not white space ("" at the end).

        White space read past is forgotten, but not the value read last
        while the white space after it is short: a bracket lost from a game
        makes it run on over the games after it, as valid JSON, up to the
        document's end; :meth:`resync` then looks back into it for the next
        game's start, which the text held must still have."""
        run = 0
        while True:
            at = self.pos
            self.pos = _SPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            run += self.pos - at
            self.drop(min(self.began, self.pos) if run <= BLOCK else self.pos)
            if not self.more():
                return ""

    def resync(
        self, start: int, end: int | None, column: int, limit: int, opens: re.Pattern[str] | None
    ) -> bool:
        """After a list element that is not valid JSON: whether the text from
        ``buf[start]`` on (before ``end``, if given) starts the next element
        after a comma, as the list's elements start: a line at ``column``,
        or an object that opens with the key every element opens with
        (``opens``: a document all on one line); if so, the reading goes on
        from there.  A brace missing from a game, or one too many, would
        otherwise make the games after it part of it, or stop the reading.
        Looked for up to ``limit`` characters ahead."""
        while True:
            stop = len(self.buf) if end is None else end
            found = [
                m.end() - 1
                for m in _NEXT_ELEMENT.finditer(self.buf, start, stop)
                if len(m.group(1)) == column - 1
            ][:1]
            if opens is not None and (m := opens.search(self.buf, start, stop)) is not None:
                found.append(m.start(1))
            if found:
                self.pos = min(found)
                return True
            if end is not None or len(self.buf) - start > limit:
                return False
            start = max(start, len(self.buf) - 2 * column - 4)  # a match across blocks
            if not self.more():
                return False

    def stop(self, message: str) -> _Stop:
        """Reading stops here: at a byte that is not UTF-8, that is why."""
        try:
            self.bad_bytes(self.pos, self.pos + 1, None)
        except _Stop as stop:
            return stop
        line, column = self.where(self.pos)
        return _Stop(Problem("json", {"reason": message}, line, column))

    def expect(self, char: str, message: str) -> None:
        if self.peek() != char:
            raise self.stop(message)
        self.pos += 1

    def decoded(self, limit: int, index: int) -> tuple[Any, int, int, str]:
        """The value that starts here, decoded, with its line, column and text;
        :data:`_SKIPPED` for a value longer than ``limit`` characters, which
        is skipped unheld.

        ``json`` decodes the value where it stands in the text read so far,
        and finds its end; when it cannot, the next block is read and it
        tries again.  Only a value that is not valid JSON, or too long, is
        scanned for its end by :meth:`value` and decoded alone, to say why
        at its place."""
        first = self.peek()
        if not first:
            raise self.stop("Expecting value")
        if self.pos > BLOCK // 4:
            self.drop(self.pos)
        start = self.began = self.pos
        self.string_cut = False
        line, column = self.where(start)
        while len(self.buf) - start <= limit:
            try:
                value, end = raw_decode(self.buf, start)
            except (ValueError, RecursionError):  # read again below, to say where
                pass
            else:  # a number at the end of the text read may go on in the next block
                if end < len(self.buf) or self.eof or first in '{["':
                    self.pos = end
                    self.bad_bytes(start, end, index)
                    return value, line, column, self.buf[start:end]
            if not self.more():
                break
        try:
            raw, line, column = self.value(limit)
        except _Stop as stop:
            # The document ends inside this value (a quote lost, and every
            # string after it read the other way round): a problem of this
            # element, so that the next is looked for in the text held.
            if stop.problem.index is None and stop.problem.variant == "json":
                stop.problem.index = index
                raise _EndsInside(stop.problem) from None
            raise
        if raw is None:
            return _SKIPPED, line, column, ""
        self.bad_bytes(0, len(raw), index)  # (the value starts the text held)
        return _decode(raw, line, column, index), line, column, raw

    def value(self, limit: int) -> tuple[str | None, int, int]:
        """The text of the value that starts here, its line and column; None
        for the text of a value longer than ``limit`` characters, which is
        skipped without being held."""
        first = self.peek()
        if not first:
            raise self.stop("Expecting value")
        self.drop(self.pos)
        self.began = 0
        self.string_cut = False
        line, column = self.line, self.column
        depth = 0
        in_string = first == '"'
        i = 1
        skipped = 0
        while True:
            end = -1
            if first in "{[" or in_string:
                while i < len(self.buf):
                    if in_string:
                        m = _STRING_END.search(self.buf, i)
                        if m is None:
                            i = len(self.buf)
                        elif m.group() == "\\":
                            i = m.end() + 1
                        elif m.group() == "\n":
                            end = m.end()
                            self.string_cut = True  # a quote lost: its value goes on
                            break
                        else:
                            in_string, i = False, m.end()
                            if first == '"':
                                end = i
                                break
                        continue
                    m = _STRUCTURE.search(self.buf, i)
                    if m is None:
                        i = len(self.buf)
                        continue
                    i = m.end()
                    char = m.group()
                    if char == '"':
                        in_string = True
                    elif char in "{[":
                        depth += 1
                    elif depth:
                        depth -= 1
                    else:
                        end = i
                        break
            else:
                i = _SCALAR.match(self.buf, 0).end()  # type: ignore[union-attr]
                if i < len(self.buf) or self.eof:
                    end = i
            if end >= 0:
                break
            if skipped or len(self.buf) > limit:  # too long: go on without holding it
                cut = min(i, len(self.buf))
                skipped += cut
                self.drop(cut)
                i -= cut
                if skipped > MAX_SKIP:
                    raise _Stop(Problem("json-endless", {"mib": MAX_SKIP >> 20}, line, column))
            if not self.more():
                if first not in '{["' and not skipped:
                    continue  # a number, true, false or null the input ends with
                self.pos = len(self.buf)
                if skipped:
                    ends = {"reason": "the document ends inside this value"}
                    raise _Stop(Problem("json", ends, line, column))
                raise self._invalid(self.buf, line, column)
        if skipped or end > limit:
            self.drop(end)
            return None, line, column
        self.pos = end
        return self.buf[:end], line, column

    def _invalid(self, text: str, line: int, column: int) -> _Stop:
        """The document ends inside a value: what ``json`` says of it."""
        try:
            loads(text)
        except json.JSONDecodeError as exc:
            return _Stop(_placed(exc, line, column))
        except RecursionError:
            return _Stop(Problem("json-deep", {}, line, column))
        return self.stop("Expecting value")


def _placed(exc: json.JSONDecodeError, line: int, column: int, index: int | None = None) -> Problem:
    """``json``'s error in a value, placed in the document."""
    where = (line + exc.lineno - 1, exc.colno + (column - 1 if exc.lineno == 1 else 0))
    return Problem("json", {"reason": reason_of(exc)}, *where, index)


def reason_of(exc: json.JSONDecodeError) -> str:
    """``json``'s words for an error, less the "at" its place followed
    (``Unterminated string starting at``): the finding gives the place."""
    return re.sub(r"(?: starting)? at$", "", exc.msg)


def _decode(text: str, line: int, column: int, index: int | None) -> Any:
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        raise _Stop(_placed(exc, line, column, index)) from None
    except RecursionError:
        raise _Stop(Problem("json-deep", {}, line, column, index)) from None


def read_document(
    read: Callable[[int], bytes], list_key: str, limit: int, first_key: str | None = None
) -> Iterator[Member | Item | Problem]:
    """The members of the document's top object, the list under ``list_key``
    element by element, and its problems, in document order.  An element
    longer than ``limit`` characters, or that is not valid JSON, is a
    problem with its index, and the next one is read (found again where
    the elements start their lines, or, given ``first_key``, where an
    object opens with that key, as every element does).  An empty list
    has no element to give: it is a member, whose value is ``[]``, so that
    a reader can tell it from a list that is not there."""
    text = _Text(read)
    opens = opener = None
    if first_key is not None:
        key = json.dumps(first_key)
        opens = re.compile(rf",[ \t\r\n]*(\{{)[ \t\r\n]*{re.escape(key)}[ \t\r\n]*:")
        opener = re.compile(rf"{re.escape(key)}[ \t\r\n]*:")
    try:
        yield from _members(text, list_key, limit, opens, opener)
    except _Stop as stop:
        yield stop.problem
    except _Said:
        return


#: How a JSON value other than an object starts.
_OTHER_VALUE = '["-0123456789tfn'


def _members(
    text: _Text,
    list_key: str,
    limit: int,
    opens: re.Pattern[str] | None,
    opener: re.Pattern[str] | None,
) -> Iterator[Member | Item | Problem]:
    first = text.peek()
    if first and first in _OTHER_VALUE:  # JSON, if the value is, but not a record
        raw, line, column = text.value(limit)
        if raw is not None:
            _decode(raw, line, column, None)
        raise _Stop(Problem("json-format", {}, line, column, not_object=True))
    text.expect("{", "Expecting value")
    if text.peek() == "}":
        text.pos += 1
    else:
        while True:
            if text.peek() != '"':
                raise text.stop("Expecting property name enclosed in double quotes")
            raw, line, column = text.value(limit)
            text.bad_bytes(0, len(raw or ""), None)
            key = _decode(raw or '""', line, column, None)
            text.expect(":", "Expecting ':' delimiter")
            if key == list_key and text.peek() == "[":
                line, column = text.where(text.pos)
                text.pos += 1
                if text.peek() == "]":
                    text.pos += 1
                    yield Member(key, [], line, column)
                else:
                    yield from _elements(text, limit, opens, opener)
            else:
                raw, line, column = text.value(limit)
                if raw is None:
                    raise _Stop(Problem("json-long-value", {"key": key}, line, column))
                text.bad_bytes(0, len(raw), None)
                yield Member(key, _decode(raw, line, column, None), line, column)
            if text.peek() == "}":
                text.pos += 1
                break
            text.expect(",", "Expecting ',' delimiter")
    if text.peek():
        raise text.stop("Extra data")


def _elements(
    text: _Text, limit: int, opens: re.Pattern[str] | None, opener: re.Pattern[str] | None
) -> Iterator[Item | Problem]:
    """The elements of the list.  A comma too many (``[a,,b]``, ``[a,]``,
    ``[,a]``: JSON has no empty element) stands for no element: it is a
    problem of the element beside it (:attr:`Item.strays`), the one before
    it or, before the first, the first; it loses nothing and counts as
    nothing, so the elements keep their numbers."""
    strays = _commas(text)
    if text.peek() == "]":
        text.pos += 1
        for line, column in strays:  # commas alone: there is no element to hold them
            yield Problem("json-stray-comma", {}, line, column, 0)
        return
    index = 0
    text.peek()
    column = text.where(text.pos)[1]  # where the elements start on their lines
    while True:
        index += 1
        try:
            found = text.decoded(limit, index)
        except _Stop as stop:
            if stop.problem.index is None:
                raise
            problem = stop.problem
            item: Item | Problem = problem
            # A brace missing: the value ran on into the next elements; a
            # quote lost at a line's end: it ended there, before its own end
            # (whose brackets would then be read as the list's).  Either way
            # the next element is the first found after this one's start.
            start = text.began + 1
            if stop.problem.variant in _RESYNC and text.resync(start, None, column, limit, opens):
                item = _cut_short(text, problem)
                item.strays = strays
                yield item
                strays = ()
                continue
            if isinstance(stop, _EndsInside) or text.string_cut:
                # no element after it: the last, and the document ends inside
                # it, or its quote was lost at a line's end; either way its
                # rest, the list's end with it, is not read: one problem
                item.strays = strays
                yield item
                raise _Said from None
        else:
            value, line, at, raw = found
            if value is _SKIPPED:
                item = Problem("json-long-game", {"limit": limit}, line, at, index)
            else:
                item = Item(index, value, line, at, raw)
        item.strays = strays
        try:
            end, after, lacking = _after_element(text)
        except _Stop as stop:
            # A brace too many: the value ended early, and what follows it
            # up to the next element is the rest of it.
            if not text.resync(text.began + 1, None, column, limit, opens):
                yield item
                if isinstance(item, Problem):
                    # the element could not be read, and no element follows
                    # it: what follows its error is the rest of it, the
                    # list's end with it, said once (read on, it was a game
                    # too many, or more); the reading stops
                    raise _Said from None
                raise
            if isinstance(item, Item):
                p = stop.problem
                item = Problem(p.variant, p.facts, p.line, p.column, index, strays=item.strays)
            yield item
            strays = ()
            continue
        item.strays += after
        if lacking is not None:
            item.lacking = (lacking,)
        if not end and (isinstance(item, Problem) or isinstance(item.value, dict)):
            # An object, or an element that could not be read, followed by an
            # object's member (``"key":``), in a list: a brace too many ended
            # it early, and this is the rest of it.
            text.peek()
            line, at = text.where(text.pos)
            while len(text.buf) - text.pos < 256 and text.more():
                pass  # a key's whole text to match (they are short)
            member = _MEMBER.match(text.buf, text.pos)
            if member and opener is not None and opener.fullmatch(member.group()):
                # ...unless the member is the key every element opens with:
                # then this element stands, and the next lost its opening brace
                yield item
                index += 1
                lost = Problem(
                    "json", {"reason": "Expecting '{' before this member"}, line, at, index
                )
                if text.resync(text.pos, None, column, limit, opens):
                    yield lost
                    strays = ()
                    continue
                raise _Stop(lost)
            if member and isinstance(item, Problem):
                # (its problem says it already; no element after it: the last,
                # and the rest of the document is its rest)
                yield item
                if not text.resync(text.pos, None, column, limit, opens):
                    raise _Said
                strays = ()
                continue
            if member and text.resync(text.pos, None, column, limit, opens):
                extra = {"reason": "Extra data"}
                yield Problem("json", extra, line, at, index, strays=item.strays)
                strays = ()
                continue
        yield item
        if end:
            return
        strays = ()


def _commas(text: _Text) -> tuple[tuple[int, int], ...]:
    """The places of the commas here, each one too many, read past."""
    found = []
    while text.peek() == ",":
        found.append(text.where(text.pos))
        text.pos += 1
    return tuple(found)


def _after_element(
    text: _Text,
) -> tuple[bool, tuple[tuple[int, int], ...], tuple[int, int] | None]:
    """Reads past what follows an element up to the next one: whether the
    list ends there, the places of the commas too many on the way (a comma
    before the list's end stands for no element either), and the place of
    a comma left out, where the next object starts right after this one
    (``}{``, or ``}`` and ``{`` on two lines: one game too few read would
    be two games lost)."""
    if text.peek() == "]":
        text.pos += 1
        return True, (), None
    comma = text.where(text.pos)
    if text.peek() == "{":
        return False, (), comma
    text.expect(",", "Expecting ',' delimiter")
    extra = _commas(text)
    if text.peek() == "]":
        text.pos += 1
        return True, (comma, *extra), None
    return False, extra, None


__all__ = ["BLOCK", "MAX_SKIP", "Item", "Member", "Problem", "read_document"]
