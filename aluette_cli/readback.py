"""Whether ALN written by the tool reads back whole.

The formatter joins what a scorer spread over lines (a comment onto its
trick line, a run of comments into one) and may add seat letters: a record
the reader takes whole can come out with a line, or a deal, past the
reader's limits (A009, docs/notation.md §11), which the reader would cut and
skip.  A text that would be cut must not replace the one read, so the text
is watched as it is written, in the chunks the writer makes, at the speed
of the string searches (no character is looked at in Python).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .reading.decode import MAX_LINE_BYTES, has_long_line
from .reading.split import MAX_UNIT_CHARS

#: where the writer starts a unit: a deal header or a tag, at a line's start
_UNIT_START = re.compile(r"^(?:deal[ \t]|\[)", re.MULTILINE)
#: a deal's size is counted from its header to the next unit's start, blank
#: lines and comments between them included, which the reader may count
#: with the next unit: a little short of the limit is past it here
_UNIT_MARGIN = 1024


#: what opens or closes a comment or a tag's value
_TOKENS = re.compile(r'[{}";\n]')


def _escaped(text: str, at: int) -> bool:
    """Whether the quote at ``at`` is escaped (an odd run of backslashes before it)."""
    run = at
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (at - run) % 2 == 1


def _bytes(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogateescape"))


class ReadBack:
    """Watches the text written, chunk after chunk; :attr:`past` says the
    first limit it passes, or None while it reads back whole."""

    def __init__(self) -> None:
        #: bytes of the line not ended yet; characters of the unit not ended yet
        self.line = self.unit = 0
        self.at_line_start = True
        self.past: str | None = None
        #: inside a brace comment; inside a ``;`` comment (False) or a tag's
        #: quoted value (True), or neither (None), at the end of the text seen
        self.in_comment = False
        self.in_line: bool | None = None

    def __call__(self, text: str) -> None:
        if self.past is not None or not text:
            return
        first, last = text.find("\n"), text.rfind("\n")
        if first < 0:
            self.line += _bytes(text)
        else:
            self.line += _bytes(text[:first])
            middle = text[first + 1 : last]
            if self.line > MAX_LINE_BYTES or (
                has_long_line(middle)
                and any(_bytes(line) > MAX_LINE_BYTES for line in middle.split("\n"))
            ):
                self._line_past()
                return
            self.line = _bytes(text[last + 1 :])
        if self.line > MAX_LINE_BYTES:
            self._line_past()
            return
        done = 0
        for found in self._starts(text):
            start = found.start()
            if start == 0 and not self.at_line_start:
                continue
            self.unit += start - done
            self._check_unit()
            self.unit, done = 0, start
        self.unit += len(text) - done
        self._check_unit()
        self.at_line_start = text.endswith("\n")

    def _starts(self, text: str) -> Iterator[re.Match[str]]:
        """Where units start in ``text``: at a line's start outside brace
        comments, which the reader's cut passes over (a comment's line that
        starts with ``[`` starts nothing).  Whole lines with no brace,
        outside a comment, are searched at once (nearly every chunk)."""
        if not self.in_comment and "{" not in text and text.endswith("\n"):
            self.in_line = None  # whole lines: nothing goes on after them
            yield from _UNIT_START.finditer(text)
            return
        outside = 0  # where the text outside a comment began
        for token in _TOKENS.finditer(text):
            char, at = token.group(), token.start()
            if self.in_comment:
                if char == "}":
                    self.in_comment, outside = False, token.end()
            elif self.in_line is not None:
                if char == "\n" or (char == '"' and self.in_line and not _escaped(text, at)):
                    self.in_line = None  # a ; comment or a string ends
            elif char == '"' or char == ";":
                self.in_line = char == '"'
            elif char == "{":
                yield from _UNIT_START.finditer(text, outside, at)
                self.in_comment = True
        if not self.in_comment:
            yield from _UNIT_START.finditer(text, outside)

    def _line_past(self) -> None:
        self.past = (
            "its formatted text would hold a line past the reader's limit of"
            f" {MAX_LINE_BYTES:,} bytes (A009)"
        )

    def _check_unit(self) -> None:
        if self.past is None and self.unit > MAX_UNIT_CHARS - _UNIT_MARGIN:
            self.past = (
                "its formatted text would hold a deal past the reader's limit of"
                f" {MAX_UNIT_CHARS:,} characters (A009)"
            )
