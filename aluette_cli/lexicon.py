"""The words and token patterns of ALN, in one place.

``grammar/aluette.lark`` defines the notation.  Every other reader of ALN
text — the fast path, the unit splitter, the recovery after a syntax error,
the annotator's scanner, the checks on a JSON record — takes its words and
patterns from this module, so that none of them can drift from the grammar
on its own.

The grammar's terminals are copied here rather than loaded from the grammar
at import: loading it with Lark costs tens of milliseconds, which every run
would pay before reading its first line, most of them never needing the
grammar at all.  ``tests/test_lexicon.py`` holds the copy equal to the
grammar's terminals, so a change to the grammar fails the tests until it is
made here too; everything else below is built from the copy.
"""

from __future__ import annotations

import re

from .cards import RANKS, SUITS

# --------------------------------------------------------------------------
# Characters

#: Whitespace, as the grammar's ``WS`` (Lark's ``common.WS``) has it: space,
#: tab, form feed and the line ends.  Nothing else is whitespace: a no-break
#: space, an ideographic space or a vertical tab is a character out of place.
WHITESPACE = " \t\f\r\n"
#: The characters that end a line.  The reader takes them off, so a line of
#: text never holds one.
LINE_BREAKS = "\r\n"
#: The whitespace that can stand inside a line.
BLANKS = "".join(ch for ch in WHITESPACE if ch not in LINE_BREAKS)

COMMENT_OPEN = "{"
COMMENT_CLOSE = "}"
LINE_COMMENT = ";"
#: read past at the start of a file, and never written but to keep text
#: that begins with one (writers/aln.py)
BYTE_ORDER_MARK = "\ufeff"
QUOTE = '"'
ESCAPE = "\\"

# --------------------------------------------------------------------------
# Literal tokens: the grammar's string terminals

TAG_OPEN = "["
TAG_CLOSE = "]"
COLON = ":"
ARROW = "->"
DEAL = "deal"
DEALER = "dealer"
DRAW = "draw"
STOCK = "stock"
CHANT = "chant"
TAKES = "takes"
DISCARDS = "discards"
ANNOUNCE = "announce"
DOUBLE = "double"
CONCEDE = "concede"
SIGNAL = "signal"
WINNERS = "winners"
POINT = "point"
NONE = "none"
POURRI = "pourri"

LITERALS = frozenset({
    TAG_OPEN, TAG_CLOSE, COLON, ARROW, DEAL, DEALER, DRAW, STOCK, CHANT, TAKES,
    DISCARDS, ANNOUNCE, DOUBLE, CONCEDE, SIGNAL, WINNERS, POINT, NONE, POURRI,
})  # fmt: skip

# --------------------------------------------------------------------------
# Pattern terminals, as Lark compiles them from the grammar

ACCEPTED = "accepted"
REFUSED = "refused"
#: What ends a trick number: ``1.``
TRICK_DOT = "."
#: A pourri trick in a ``winners:`` sheet.
POURRI_MARK = "-"
#: Not followed by a letter, a digit, ``_`` or ``-``: what keeps "3dE" one
#: mistake rather than two tokens.
_APART = "(?![A-Za-z0-9_-])"
#: A number: at most nine digits, for a count beyond that is a mistake.
DIGITS = "[0-9]{1,9}"
_ESCAPE = re.escape(ESCAPE)
#: The text of a brace comment, between its braces.
COMMENT_TEXT = f"[^{COMMENT_CLOSE}]*"

TERMINALS: dict[str, str] = {
    "WS": f"(?:[{WHITESPACE}])+",
    "CARD": "[1-9AVJCRK][dcbeo]" + _APART,
    "CARD_NAME": "(monsieur|madame|borgne|vache|grand-neuf|petit-neuf|deux-de-chene|deux-d-ecrit)"
    + _APART,
    "SEAT": "[NESW]" + _APART,
    "TEAM": "(NS|EW)" + _APART,
    "SIDE": "(NS|EW|[NESW])" + _APART,
    "WINNER": f"([NESW]|{POURRI_MARK})(?![A-Za-z0-9_>-])",
    "CONCEDE_ANSWER": f"(?:{ACCEPTED}|{REFUSED})",
    "SIGNAL_NAME": "[a-z0-9][a-z0-9-]*",
    "TRICK_NO": DIGITS + re.escape(TRICK_DOT),
    "INT": DIGITS + "(?![A-Za-z0-9_.-])",
    "TAG_NAME": "[A-Za-z][A-Za-z0-9_]*",
    "TAG_VALUE": f"{QUOTE}(?:[^{QUOTE}{_ESCAPE}\n]|{_ESCAPE}.)*{QUOTE}",
    "COMMENT": re.escape(COMMENT_OPEN) + COMMENT_TEXT + re.escape(COMMENT_CLOSE),
    "LINE_COMMENT": re.escape(LINE_COMMENT) + "[^\n]*",
}
#: The terminals the grammar skips between tokens.
IGNORED = ("WS", "COMMENT", "LINE_COMMENT")

_GUARD = re.compile(r"\(\?![^)]*\)\Z")
_GROUP = re.compile(r"(?<!\\)\((?!\?)")


def _body(name: str) -> str:
    """A terminal's pattern without its closing "not followed by" guard, and
    with its groups made non-capturing: for a caller that separates tokens
    itself and numbers its own groups."""
    return _GROUP.sub("(?:", _GUARD.sub("", TERMINALS[name]))


def _words(name: str) -> tuple[str, ...]:
    """The words a terminal spells out, one by one: a class of letters such as
    ``[NESW]`` or an alternation of words such as ``(NS|EW)``."""
    pattern = _GUARD.sub("", TERMINALS[name])
    letters = re.fullmatch(r"\[([A-Za-z]+)\]", pattern)
    if letters:
        return tuple(letters.group(1))
    words = re.fullmatch(r"\((?:\?:)?([A-Za-z-]+(?:\|[A-Za-z-]+)*)\)", pattern)
    if words:
        return tuple(words.group(1).split("|"))
    raise ValueError(f"{name} is not a list of words: {pattern}")


SEATS = _words("SEAT")
TEAMS = _words("TEAM")
CARD_NAMES = _words("CARD_NAME")

#: Every word the grammar reads as a keyword, an answer or a card name.
RESERVED = frozenset(
    {w for w in LITERALS if w.isalpha()} | set(CARD_NAMES) | set(_words("CONCEDE_ANSWER"))
)

SEAT = _body("SEAT")
SIDE = _body("SIDE")
WINNER = _body("WINNER")
SIGNAL_NAME = TERMINALS["SIGNAL_NAME"]
TAG_NAME = TERMINALS["TAG_NAME"]
TAG_VALUE = TERMINALS["TAG_VALUE"]
#: A card as the writer spells it: the canonical code, no alias, no name.
CANONICAL_CARD = f"[{RANKS}][{SUITS}]"
#: A card as a record may spell it: a code, aliases allowed, or a card's name.
WRITTEN_CARD = f"(?:{_body('CARD')}|{_body('CARD_NAME')})"
#: Whitespace and comments: what may stand between any two tokens.
SKIPPED = "|".join(TERMINALS[name] for name in IGNORED)


# --------------------------------------------------------------------------
# Strings


def end_of_string(text: str, pos: int) -> int:
    """Where the quoted string whose text starts at ``pos`` ends (just after its
    closing quote, or at the end of ``text`` if it is never closed).  Scanners
    need it to know that a ``{`` or a ``deal`` inside a tag value is text."""
    while pos < len(text):
        ch = text[pos]
        if ch == ESCAPE:
            pos += 2
        elif ch == QUOTE:
            return pos + 1
        else:
            pos += 1
    return len(text)


# Only the two escapes of docs/notation.md §3; any other backslash stays as written
# (``C:\\club`` is a path, not an escape), and the reader reports it.
_ESCAPED = re.compile(_ESCAPE + f"([{re.escape(QUOTE + ESCAPE)}])")


def unescape(value: str) -> str:
    r"""A tag value with its ``\"`` and ``\\`` escapes resolved."""
    return _ESCAPED.sub(r"\1", value) if ESCAPE in value else value
