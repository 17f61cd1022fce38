"""A fast reader for the lines most records are made of.

Almost every line in a real archive is in the canonical layout the writer
produces: one element a line, canonical card codes, no comments.  For such
units this module builds the model with one regular expression a line,
many times faster than the general LALR parser; cards written as aliases
(``Ad``, ``Kc``) or by name (``monsieur``) are made canonical as the grammar
makes them.  Comments are common (a
scorer's notes, ``annotate``'s ``{= ...}``): :func:`read_unit` cuts brace
comments and ``;`` comments off each line, keeping their text and position
as the grammar would, and reads what is left.  Anything else — two
elements on a line, a line out of order, a comment that spans lines,
anything unusual — makes it give up on the unit (return None), and the Lark
grammar in
``grammar/aluette.lark`` reads it instead.  The grammar stays the one
definition of the notation: the tests hold this module to producing exactly
what the grammar produces on every unit it accepts.  Its words and patterns,
down to which characters are blank, come from :mod:`aluette_cli.lexicon`.
"""

from __future__ import annotations

import os
import re
from functools import partial

from ..cards import canonical_card
from ..lexicon import (
    ARROW,
    BLANKS,
    CANONICAL_CARD,
    COLON,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    DEAL,
    DEALER,
    DIGITS,
    LINE_COMMENT,
    NONE,
    POINT,
    POURRI,
    POURRI_MARK,
    QUOTE,
    RESERVED,
    SEAT,
    SEATS,
    SIDE,
    SIGNAL,
    SIGNAL_NAME,
    STOCK,
    TAG_CLOSE,
    TAG_NAME,
    TAG_OPEN,
    TAG_VALUE,
    TRICK_DOT,
    WINNER,
    WINNERS,
    WRITTEN_CARD,
    end_of_string,
    unescape,
)
from ..model import (
    Comment,
    Deal,
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

#: Whether units may be read by the fast path (and deals checked by the
#: quick check).  Off (``ALUETTE_NO_FASTPATH=1`` in the environment, or set to
#: False in-process) every unit goes through the grammar and every deal
#: through the full replay: a testing aid, so that whole runs of both paths
#: can be compared.
FASTPATH = not os.environ.get("ALUETTE_NO_FASTPATH")

_GAP = f"[{BLANKS}]+"  # between two tokens on a line
_END = f"[{BLANKS}]*\\n?\\Z"
_CARD = CANONICAL_CARD
_NUMBER = f"({DIGITS}){re.escape(TRICK_DOT)}"
_CLAIM = f"(?:{_GAP}({re.escape(ARROW)}){_GAP}({SEAT}|{POURRI}))?{_END}"
_HEADER = re.compile(f"{DEAL}{_GAP}({DIGITS}){_GAP}{DEALER}{_GAP}({SEAT}){_END}")
_HAND = re.compile(f"({SEAT}){COLON}((?:{_GAP}{_CARD})+){_END}")
_STOCK = re.compile(f"{STOCK}{COLON}((?:{_GAP}{_CARD})+){_END}")
_TRICK = re.compile(f"{_NUMBER}((?:{_GAP}{SEAT}{COLON}{_CARD})+|(?:{_GAP}{_CARD})+){_CLAIM}")
# The usual trick line, four plays, read in one match (the general one above
# handles any other count, which the engine then reports).
_SEATED4 = re.compile(_NUMBER + _GAP + _GAP.join([f"({SEAT}){COLON}({_CARD})"] * 4) + _CLAIM)
_BARE4 = re.compile(_NUMBER + _GAP + _GAP.join([f"({_CARD})"] * 4) + _CLAIM)
# Their groups where each play, then the claim, is placed: its seat, or its card.
_SEATED4_AT, _BARE4_AT = (2, 4, 6, 8, 10), (2, 3, 4, 5, 6)
# The same lines with cards as people write them (aliases, names), tried
# only when the canonical form does not match: the usual line pays nothing.
_HAND_ANY = re.compile(f"({SEAT}){COLON}((?:{_GAP}{WRITTEN_CARD})+){_END}")
_STOCK_ANY = re.compile(f"{STOCK}{COLON}((?:{_GAP}{WRITTEN_CARD})+){_END}")
_TRICK_ANY = re.compile(
    f"{_NUMBER}((?:{_GAP}{SEAT}{COLON}{WRITTEN_CARD})+|(?:{_GAP}{WRITTEN_CARD})+){_CLAIM}"
)
_WINNERS = re.compile(f"{WINNERS}{COLON}((?:{_GAP}{WINNER})+){_END}")
_POINT = re.compile(f"{POINT}{_GAP}({SIDE}|{NONE})(?:{_GAP}({DIGITS}))?{_END}")
_SIGNAL = re.compile(f"{SIGNAL}{_GAP}({SEAT}){_GAP}({SIGNAL_NAME}){_END}")
_TAG = re.compile(
    f"{re.escape(TAG_OPEN)}({TAG_NAME}){_GAP}({TAG_VALUE}){re.escape(TAG_CLOSE)}{_END}"
)
_ITEM = re.compile(f"[^{BLANKS}]+")
_SEAT_LETTERS = "".join(SEATS)

#: a line with its line end, or a last piece without one
_LINES = re.compile("[^\n]*\n|[^\n]+\\Z")

# What is left of a blank line once its leading blanks are taken off: only
# the grammar's whitespace makes a line blank (docs/notation.md §2).
_BLANK = ("", "\n")

# A position made without a Python call: a named tuple's own constructor is a
# Python function, and the fast path makes about sixty positions a deal.
_pos = partial(tuple.__new__, Pos)

# What may start a comment, or a string in which it would be text.
_COMMENTISH = re.compile(f"[{re.escape(COMMENT_OPEN + LINE_COMMENT + QUOTE)}]")

# Parts of a deal, in the order the grammar allows them.
_HANDS, _STOCK_PART, _PLAY, _POINT_PART = 1, 2, 3, 4


def read_unit(
    kind: str, parts: list[str], line0: int, col0: int
) -> tuple[list[Tag] | Deal, list[Comment]] | None:
    """A tag section's tags or a deal, with its comments in text order, or
    None if the unit needs the grammar.

    The grammar skips a comment as it skips whitespace, so a comment cut out
    and replaced by as many spaces leaves every other token where it stood:
    the rest of the line is read as if the comment were not there, and its
    columns are unchanged.  Each comment keeps the position of its opening
    ``{`` or ``;``; the reader then gives it to the element before it, as it
    does for the grammar's.
    """
    if col0 != 1:  # a unit that starts inside a line: the grammar's
        return None
    # The unit's lines: a part is a line or a piece of one, or many lines
    # (a run's, in one piece), each then with its line end; an empty part
    # (where the splitter closed a unit) is no line.
    parts = [line for part in parts for line in _LINES.findall(part)]
    comments: list[Comment] = []
    for offset, text in enumerate(parts):
        if COMMENT_OPEN in text or LINE_COMMENT in text:
            cut = _cut_comments(text, line0 + offset, comments)
            if cut is None:
                return None
            parts[offset] = cut
    result = parse_deal(parts, line0) if kind == "deal" else parse_tags(parts, line0)
    if result is None:
        return None
    return result, comments


def _cut_comments(text: str, line: int, comments: list[Comment]) -> str | None:
    """The line with its comments turned to spaces, each added to ``comments``;
    None for a brace comment that goes on past the line (the grammar's)."""
    pos = 0
    while (m := _COMMENTISH.search(text, pos)) is not None:
        start = m.start()
        ch = text[start]
        if ch == QUOTE:
            pos = end_of_string(text, start + 1)
            continue
        if ch == COMMENT_OPEN:
            end = text.find(COMMENT_CLOSE, start + 1)
            if end < 0:
                return None
            comments.append(Comment(text[start + 1 : end], _pos((line, start + 1))))
            stop = end + 1
        else:
            stop = len(text) - 1 if text.endswith("\n") else len(text)
            comments.append(Comment(text[start + 1 : stop], _pos((line, start + 1)), line=True))
        text = text[:start] + " " * (stop - start) + text[stop:]
        pos = stop
    return text


def parse_tags(parts: list[str], line0: int) -> list[Tag] | None:
    """The tags of a tag-section unit, or None if it needs the grammar."""
    tags = []
    for offset, text in enumerate(parts):
        body = text.lstrip(BLANKS)
        if body in _BLANK:
            continue
        m = _TAG.match(body)
        if m is None:
            return None
        column = len(text) - len(body) + 1
        tags.append(Tag(m.group(1), unescape(m.group(2)[1:-1]), _pos((line0 + offset, column))))
    return tags or None


def parse_deal(parts: list[str], line0: int) -> Deal | None:
    """The deal of a deal unit, or None if it needs the grammar."""
    if not parts:
        return None
    m = _HEADER.match(parts[0])
    if m is None:
        return None
    deal = Deal(number=int(m.group(1)), dealer=m.group(2), pos=_pos((line0, 1)))
    stage = 0
    for offset, text in enumerate(parts[1:], 1):
        body = text.lstrip(BLANKS)
        if body in _BLANK:
            continue
        line = line0 + offset
        indent = len(text) - len(body)
        first = body[0]
        if first.isdigit():
            if stage > _PLAY:
                return None
            stage = _PLAY
            trick = _trick4(body, line, indent)
            if trick is None:
                m = _TRICK.match(body) or _TRICK_ANY.match(body)
                if m is None:
                    return None
                trick = _trick(m, line, indent, written=m.re is _TRICK_ANY)
            deal.tricks.append(trick)
        elif first in _SEAT_LETTERS:
            m, cards = _cards(_HAND, _HAND_ANY, body, 2)
            if m is None or stage > _HANDS:
                return None
            stage = _HANDS
            hand = Hand(m.group(1), cards, _pos((line, indent + 1)))
            if deal.hands.setdefault(hand.seat, hand) is not hand:
                deal.extra_hands.append(hand)  # a seat's first hand is its hand
        elif body.startswith(STOCK):
            m, cards = _cards(_STOCK, _STOCK_ANY, body, 1)
            if m is None or stage >= _STOCK_PART:
                return None
            stage = _STOCK_PART
            deal.stock = Stock(cards, _pos((line, indent + 1)))
        elif body.startswith(SIGNAL):
            m = _SIGNAL.match(body)
            if m is None or stage > _PLAY or m.group(2) in RESERVED:
                return None
            stage = _PLAY
            deal.signals.append(
                Signal(m.group(1), m.group(2), len(deal.tricks), _pos((line, indent + 1)))
            )
        elif body.startswith(WINNERS):
            m = _WINNERS.match(body)
            if m is None or stage > _PLAY or deal.winners is not None:
                return None
            stage = _PLAY
            entries = [None if e == POURRI_MARK else e for e in m.group(1).split()]
            deal.winners = Winners(entries, _pos((line, indent + 1)))
        elif body.startswith(POINT):
            m = _POINT.match(body)
            if m is None or stage >= _POINT_PART:
                return None
            stage = _POINT_PART
            side = None if m.group(1) == NONE else m.group(1)
            points = int(m.group(2)) if m.group(2) is not None else None
            deal.point = PointClaim(side, points, _pos((line, indent + 1)))
        else:
            return None
    return deal


def _cards(
    canonical: re.Pattern[str], written: re.Pattern[str], body: str, group: int
) -> tuple[re.Match[str] | None, list[str]]:
    """A line of cards (its match and its cards): canonical, else written as
    people write them (aliases, names), then made canonical."""
    m = canonical.match(body)
    if m is not None:
        return m, m.group(group).split()
    m = written.match(body)
    return m, [canonical_card(c) for c in m.group(group).split()] if m is not None else []


def _trick(m: re.Match[str], line: int, indent: int, written: bool = False) -> Trick:
    """A trick line of any number of plays; ``written``: its cards may be
    aliases or names, to be made canonical."""
    plays = []
    base = indent + m.start(2) + 1
    for item in _ITEM.finditer(m.group(2)):
        token = item.group()
        column = base + item.start()
        seat = token[0] if token[1:2] == COLON else None
        card = token[2:] if seat is not None else token
        if written:
            card = canonical_card(card)
        plays.append(Play(seat, card, _pos((line, column))))
    claim = None
    if m.group(3) is not None:
        seat = m.group(4)
        claim = TrickClaim(None if seat == POURRI else seat, _pos((line, indent + m.start(3) + 1)))
    return Trick(int(m.group(1)), plays, claim, _pos((line, indent + 1)))


def _trick4(body: str, line: int, indent: int) -> Trick | None:
    """A four-card trick line in one match, or None for any other line.

    The commonest line of all: its groups are taken in one call and its plays
    made without a loop (this runs nine times a deal)."""
    m = _SEATED4.match(body)
    if m is not None:
        number, s1, c1, s2, c2, s3, c3, s4, c4, arrow, seat = m.groups()
        g1, g2, g3, g4, where = _SEATED4_AT
    else:
        m = _BARE4.match(body)
        if m is None:
            return None
        number, c1, c2, c3, c4, arrow, seat = m.groups()
        s1 = s2 = s3 = s4 = None
        g1, g2, g3, g4, where = _BARE4_AT
    at = indent + 1
    start = m.start
    plays = [
        Play(s1, c1, _pos((line, at + start(g1)))),
        Play(s2, c2, _pos((line, at + start(g2)))),
        Play(s3, c3, _pos((line, at + start(g3)))),
        Play(s4, c4, _pos((line, at + start(g4)))),
    ]
    claim = None
    if arrow is not None:
        claim = TrickClaim(None if seat == POURRI else seat, _pos((line, at + start(where))))
    return Trick(int(number), plays, claim, _pos((line, at)))
