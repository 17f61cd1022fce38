"""What can be read of a deal the grammar cannot read whole, line by line,
and of the text before the first tag section or deal."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .. import findings as F
from ..cards import HAND_SIZE
from ..findings import Finding
from ..lexicon import (
    ANNOUNCE,
    ARROW,
    BLANKS,
    CHANT,
    COLON,
    COMMENT_OPEN,
    CONCEDE,
    DEAL,
    DEALER,
    DIGITS,
    LINE_COMMENT,
    POINT,
    SEAT,
    SEATS,
    SIGNAL,
    SKIPPED,
    STOCK,
    TERMINALS,
    TRICK_DOT,
    WHITESPACE,
    WINNERS,
)
from ..model import (
    NO_PLAY_LINES,
    Announce,
    Chant,
    Comment,
    Concede,
    Deal,
    Hand,
    PointClaim,
    Pos,
    Signal,
    Stock,
    Trick,
    Winners,
)
from . import fastpath
from .grammar import _attach_comments, _parts, comment
from .split import (
    _TAG_ALONE,
    _WS,
    ANY_HEADER,
    COMMENT_SPAN,
    HEADER_WORD,
    MISTYPED_WORD,
    NOTES_FIRST,
    ON_THE_LINE,
    Unit,
    restarts,
    trick_numbers,
    words_said,
)
from .syntax import (
    _ARROW_LIKE,
    ARROW_LIKE,
    _content_end,
    _expected_words,
    _fixed,
    _found,
    _syntax_finding,
    _unclosed_comment,
)

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    from .grammar import _Builder

_COMMENT_OR_SPACE = re.compile(SKIPPED)
#: A line of blanks and comments only, however many
_ONLY_SKIPPED = re.compile(f"(?:{SKIPPED})+")


@cache
def _loose_head() -> re.Pattern[str]:
    """A deal header as people mistype it (``Deal 2``, ``deal2``, ``deal 2
    dealer e``, ``deeal 2 dealer N``, ``deal 2 dealr N``): enough to start a
    deal and to read what can be read of its number and dealer (a seat
    alone that ends the line is the dealer, however ``dealer`` was typed).
    A number of more than nine digits is no number (docs/notation.md §9):
    it is passed over whole, so the dealer after it is still read.
    Compiled on first use: a record whose headers all read never asks it."""
    return re.compile(
        f"(?i){_WS}*(?:{DEAL}|{MISTYPED_WORD}(?={_WS}*[0-9])){_WS}*"
        f"(?:([0-9]{{1,9}})(?![0-9])|[0-9]+)?"
        f"(?:[^0-9a-z]*{DEALER}{_WS}*([nesw])\\b|[^\\n]*?[{BLANKS}]([nesw])[{BLANKS}]*$)?"
    )


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


def _segments(text: str) -> list[tuple[int, str]]:
    """The unit's lines as (index of the first line, text), a line that opens a
    brace comment joined with the lines up to its close.

    The comments are found as the lexer finds them: counting braces would
    take a ``{`` inside a comment, or inside a ``;`` comment, for one left
    open, and join the rest of the deal to its line."""
    joined = {  # the line ends inside a comment
        m.start() + i
        for m in COMMENT_SPAN.finditer(text)
        for i, ch in enumerate(m.group())
        if ch == "\n"
    }
    out: list[tuple[int, str]] = []
    first = start = 0  # the segment's first line, and where it starts
    for number, end in enumerate(re.finditer("\n", text), 1):
        if end.start() not in joined:
            out.append((first, text[start : end.start()]))
            first, start = number, end.end()
    out.append((first, text[start:]))
    return out


def _header_over_lines(
    segments: list[tuple[int, str]], parser: Lark, builder: _Builder
) -> list[tuple[int, str]]:
    """The unit's segments with its header's line joined to the one or two
    below it, where the header is cut short at its line's end (``deal 2``,
    then ``dealer W``) and the lines together are one header.

    Whitespace is free (docs/notation.md §1): read whole, such a deal reads
    its header over its lines; read line by line (a mistake elsewhere in
    it), each half was a line that could not be read, the dealer lost (the
    game's sequence stood in for it, and a wrong dealer, A105, went
    unsaid)."""
    from lark.exceptions import UnexpectedInput

    mark = len(builder.comments)
    try:
        for k in range(min(3, len(segments))):
            if segments[k][0] != segments[0][0] + k:
                break  # (a segment of several lines: a comment over them)
            text = "\n".join(seg for _, seg in segments[: k + 1])
            try:
                parser.parse(text, start="deal_header")
            except UnexpectedInput as exc:
                if _stop(exc) >= 0:
                    break  # no header cut short: a mistake in it
                continue
            return [(segments[0][0], text), *segments[k + 1 :]] if k else segments
        return segments
    finally:
        del builder.comments[mark:]  # (read again, as the deal's)


def _recover_deal(unit: Unit, parser: Lark, builder: _Builder) -> Deal | list[Finding]:
    """Read a deal the grammar cannot read whole, one line at a time.

    Each line of a deal is one element in the notation's common layout, so
    the grammar reads the header with its ``deal_header`` rule and every other
    line with ``deal_element``.  A line it cannot read is one A001 and is left
    out; a header it cannot read still starts the deal, with the number and
    dealer that can be read (the engine takes the rest from the game's
    sequence).  Lines in the wrong order are read where they belong, and
    named (A005).

    Where even this fails, the deal cannot be read, and what is returned is
    why, in order: a brace comment left open (everything after its ``{`` is
    comment, so the deal is skipped, docs/notation.md §8) is one A002, and
    each line before it that cannot be read either one A001, so that one
    reading names every mistake, not the first one only.  An empty list: a
    unit with nothing on its first line, which the whole unit's finding
    says best."""
    builder.comments = []
    parts: list[object] = []  # the header, then the elements of the other lines
    unread: list[Finding] = []
    misplaced: list[Finding] = []
    # A deal whose header was left out (split._next_deal): a header that says
    # nothing stands in for it, and its first line is read as the others.
    headless = restarts(unit.text)
    met = False  # whether a headless deal's header was met among its lines
    #: the last line, if the next may go on with it (:func:`_runs_on`)
    above: _Above | None = None
    if headless:
        text = unit.text
        word = len(text) - len(text.lstrip(WHITESPACE))  # (0 for a unit the reader cut)
        at = unit.pos(text, word)
        parts.append(Deal(number=0, dealer=SEATS[0], pos=at, guessed=("number", "dealer")))
        misplaced.append(Finding.of(F.SYNTAX_ERROR, "no-header", *at, found=_found(text, word)))
    segments = _segments(unit.text)
    if not headless:
        segments = _header_over_lines(segments, parser, builder)
    for index, seg in segments:
        builder.line0 = unit.line + index
        builder.col0 = unit.column if index == 0 else 1
        piece = Unit("deal", builder.line0, builder.col0, [seg])
        if not seg.strip(WHITESPACE) or _ONLY_SKIPPED.fullmatch(seg):
            if index == 0:
                return []
            # the comments of a line that holds nothing else, ``;`` ones too
            for m in COMMENT_SPAN.finditer(seg):
                builder.comments.append(comment(m.group(), piece.pos(seg, m.start())))
            continue
        # (its header moved down among its lines: the header still; the
        # first such line only, a second is a line that cannot be read)
        heading = headless and not met and HEADER_WORD.match(seg) is not None
        met = met or heading
        element = (index or headless) and not heading
        last, above = above, None
        if element and fastpath.FASTPATH:
            read = _read_element_fast(seg, builder.line0)
            if read is not None:
                parts.append(read[0])
                builder.comments.extend(read[1])
                above = _Above(index, seg, len(parts) - 1, len(builder.comments) - len(read[1]))
                continue
        mark = len(builder.comments)
        elements, exc, rest = _read_line(
            seg, piece, parser, builder, "deal_element" if element else "deal_header"
        )
        chain: _Above | None = None  # lines cut short together so far
        joined = None
        if last is not None and (exc is not None or all(_a_play(e) for e in elements)):
            joined = _runs_on(last, index, seg, parts, builder, parser, unit)
            if joined == OPEN:
                elements = []  # (read alone, it was no element either)
                chain = last._replace(text=f"{last.text}\n{seg}")
            elif isinstance(joined, tuple):
                elements, exc, rest = joined
                index, seg, mark = last.first, f"{last.text}\n{seg}", last.comments
                for k in sorted(last.unread, reverse=True):
                    del unread[k]
        if element and exc is not None and joined is None and not _cut_short(last, parts):
            lexed = builder.comments[mark:]
            del builder.comments[mark:]
            builder.line0, builder.col0 = piece.line, piece.column
            above_no = _number_above(parts, segments, index, unit.line)
            numbered = _unnumbered_trick(seg, above_no, parser, builder, piece)
            if numbered is not None:
                parts.append(numbered[0])
                unread += numbered[1]  # (so written back as it was: no number made up)
                above = _Above(index, seg, len(parts) - 1, mark)
                continue
            builder.comments[mark:] = lexed
        parts += elements
        if exc is None and len(elements) == 1 and element:
            above = _Above(index, seg, len(parts) - 1, mark)
        if exc is not None:
            if _unclosed_comment(exc, rest.text):
                return [
                    *(
                        Finding.of(F.SYNTAX_ERROR, "line-skipped", f.line, f.column, **f.facts)
                        for f in unread
                    ),
                    _syntax_finding(exc, rest, builder),
                ]
            if element and not elements and rest.text == seg:
                kept = _trick_kept(seg, exc, parser, builder)
                if kept is not None:
                    # the claim, or what follows it, cannot be read: not the
                    # cards (its trick named: a line read, no trick the record
                    # leaves unread, engine.unread_tricks)
                    parts.append(kept[0])
                    claim = _syntax_finding(exc, rest, builder, kept[1])
                    unread.append(replace(claim, trick=kept[0].number))
                    if _stop(exc) < 0:  # cut at its arrow: the next line may hold its claim
                        above = _Above(index, seg, len(parts) - 1, mark, (len(unread) - 1,))
                    continue
            if not element and not elements:
                parts.append(_loose_header(seg, piece))
            said = "rest" if elements else "line" if element else "header"
            if said == "line" and _TAG_ALONE.match(f"{seg}\n"):
                said = "tag"  # (split._stray_tag: a tag moved among the deal's lines)
            elif said == "line" and words_said(seg) == words_said(unit.text.split("\n", 1)[0]):
                said = "header-again"  # (split._header_twice: the header typed twice)
            finding = _syntax_finding(exc, rest, builder, said)
            if said in NO_PLAY_LINES:  # (a line known to hold no play: Deal.left_unread)
                finding = replace(finding, facts={**finding.facts, "line": said})
            unread.append(finding)
            if chain is not None:
                above = chain._replace(unread=(*chain.unread, len(unread) - 1))
            elif element and not elements and _stop(exc) < 0:
                above = _Above(index, seg, None, mark, (len(unread) - 1,))  # cut short at its end
    moved = [i for i, part in enumerate(parts) if i and isinstance(part, Deal)] if headless else []
    if moved:
        # The deal's lines came first, then its header: the header is the
        # deal's, and is the one line out of its place.
        header = parts.pop(moved[0])
        assert isinstance(header, Deal)
        parts[0] = header
        misplaced = [Finding.of(F.LINE_ORDER, "header", *header.pos)]
        lead = [p for p in parts[1 : moved[0]] if isinstance(p, Trick)]
        numbers = [p.number for p in parts[1:] if isinstance(p, Trick)]
        if len(lead) == moved[0] - 1 and numbers != sorted(set(numbers)):
            # ...unless they are tricks that the header above them would
            # leave out of the order of the numbers (trick 3 moved up above
            # the header): those are the lines moved, read where their
            # numbers put them (by_number, asked by records.parse_unit)
            misplaced = [Finding.of(F.LINE_ORDER, "above-header", *t.pos) for t in lead]
        if any(f.code == F.LINE_ORDER and f.line == unit.line for f in unit.findings):
            misplaced = []  # its first line taken ahead from the deal before: that one said
        headless = False
    deal = builder.deal(parts)
    deal.unread = unread  # in the order of the lines
    # (lines the cut said were out of place, given back from below the next
    # header: their A005 is said; the rest are ordered without them)
    given = {f.line for f in unit.findings if f.code == F.LINE_ORDER}
    ordered = [p for p in parts[1:] if _line(p) not in given] if given else parts[1:]
    deal.misplaced = misplaced + _out_of_order(ordered)
    if unread or headless:  # written back as it was: no header is made up for it
        deal.text = unit.text
    _attach_comments(deal, builder.comments)
    builder.comments = []
    return deal


def by_number(deal: Deal, given: set[int]) -> None:
    """Each trick out of its place among the deal's other lines (A005) read
    where its number puts it among the tricks: "as if it stood there" is
    where the scorer meant it.  Trick 8 below trick 9 and the point line,
    or trick 2 above the stock, moved up past trick 1, is one slip; read
    in the order written, it was a trick out of the order of the numbers
    too (A201), and the same slip said twice.  So is each trick on a line
    ``given`` back from below the next deal's header.  (:func:`records.parse_unit`
    asks it of every deal read with a line out of its place, by either reader.)"""
    moved = {(f.line, f.column) for f in deal.misplaced if f.code == F.LINE_ORDER}
    if not moved and not given:
        return
    for trick in [
        t for t in deal.tricks if (t.pos.line, t.pos.column) in moved or t.pos.line in given
    ]:
        deal.tricks.remove(trick)
        at = next((k for k, t in enumerate(deal.tricks) if t.number > trick.number), None)
        deal.tricks.insert(len(deal.tricks) if at is None else at, trick)


def hand_in_trick(deal: Deal) -> bool:
    """Whether a trick of ``deal``, read whole, holds a hand line.

    Whitespace is free in the notation, so a hand line written after a
    trick line without a claim (``3. N:8b E:1d S:1b W:1c`` and then ``N: 8c
    Ve Cd ...``) reads as the trick's fifth card and more: one misplaced
    line would be a trick of thirteen cards and every card of the hand
    played again, a finding for each.  A trick of more than four cards is a
    mistake whatever it holds; where one of its cards after the first
    starts a line with its seat, and cards with no seat follow it on that
    line, that line is a hand, and the deal is read line by line: the line
    is then the hand it is, read where it belongs (A005)."""
    for trick in deal.tricks:
        plays = trick.plays
        if len(plays) <= 4:
            continue
        for before, play, after in zip(plays, plays[1:], plays[2:], strict=False):
            if (
                play.seat is not None
                and play.pos.line > before.pos.line
                and after.seat is None
                and after.pos.line == play.pos.line
            ):
                return True
    return False


def trick_in_hand(deal: Deal) -> bool:
    """Whether a trick of ``deal``, read whole, cuts a hand's line short.

    A card of a hand typed as a trick's number (``N: Ve 6c 4. 2e Vb ...``,
    for ``4e``) reads, whitespace being free, as a hand of two cards and a
    trick 4 of the rest (and, without claims, of the lines after it too):
    a score of findings for one key.  A hand and the play may share a line
    (a deal written on one line), but the hand is then whole, and the trick
    after it trick 1, or one renumbered (A201).  So a first trick other than
    trick 1 on the line of a hand of fewer than nine cards is a card
    mistyped, and the deal is read line by line, where that line is one
    A001 (:func:`_starts`).  Such a trick is the deal's first: the hands
    come before the play, so only that one is looked at."""
    if not deal.tricks or deal.tricks[0].number == 1:
        return False
    line = deal.tricks[0].pos.line
    hands = (*deal.hands.values(), *deal.extra_hands)
    return any(hand.pos.line == line and len(hand.cards) < HAND_SIZE for hand in hands)


def line_in_trick(deal: Deal) -> bool:
    """Whether a trick of ``deal``, read whole, runs on over a trick's line
    whose number was mistyped as a card.

    A trick's number typed as a card (``4b 4b 6b 2d 5e``, for ``4.``) leaves
    its cards no trick to start, and, whitespace being free, a record
    without claims reads them as more cards of the trick above: a trick of
    nine cards, each of the five played again, a finding for each.  A trick
    whose own line holds four cards, followed by a line of five cards, the
    first with no seat, is two tricks' lines, and the deal is read line by
    line: the second is then one A001, skipped (the trick it was is
    missing, and nothing else is said of it).  So is a trick whose own line
    holds four cards and no claim, followed by a line of at most four, with
    their seats all or none, that holds the claim: the next trick written
    without its number (:func:`_unnumbered_trick`), below a trick whose
    claim was left out.  Fewer cards on the next line, and no claim, are
    more cards of the trick (A205), as written."""
    for trick in deal.tricks:
        plays = trick.plays
        if len(plays) > 4 and plays[3].pos.line == trick.pos.line < plays[4].pos.line:
            line = plays[4].pos.line
            below = [p for p in plays[4:] if p.pos.line == line]
            if len(below) < len(plays) - 4:
                continue  # (the trick goes on over more lines: no one line is a trick)
            if plays[4].seat is None and len(below) == 5:
                return True
            claimed = trick.claim is not None and trick.claim.pos.line == line
            seated = {p.seat is not None for p in below}
            if claimed and len(below) <= len(SEATS) and len(seated) == 1:
                return True
    return False


def lines_crossed(deal: Deal) -> bool:
    """Whether ``deal``, read whole, must be read again line by line: a hand
    line read into a trick (:func:`hand_in_trick`), a trick read out of a
    hand's line (:func:`trick_in_hand`), or a line read into the trick above
    it (:func:`line_in_trick`).  Asked after either reader."""
    return hand_in_trick(deal) or trick_in_hand(deal) or line_in_trick(deal)


def _a_play(element: object) -> bool:
    """Whether ``element``, read from a line alone, may be a card of a trick
    with its seat (``S:4e``, a hand of one card)."""
    return isinstance(element, Hand) and len(element.cards) == 1


def _short(element: object, slack: int = 0) -> bool:
    """Whether ``element`` holds fewer cards than a whole one (a trick four,
    a hand nine), or, with a ``slack`` of one, no more."""
    if isinstance(element, Trick):
        return len(element.plays) < 4 + slack
    if isinstance(element, Hand):
        return len(element.cards) < HAND_SIZE + slack
    return True


class _Above(NamedTuple):
    """A line of a deal read line by line, that the next line may go on."""

    first: int  # its segment's first line, from the unit's
    text: str
    #: where its one element stands in the deal's parts (None: the line
    #: could not be read, cut short at its end)
    element: int | None
    comments: int  # the deal's comments before it
    #: where the A001s of its lines stand, those that could not be read alone
    unread: tuple[int, ...] = ()


def _runs_on(
    last: _Above,
    index: int,
    seg: str,
    parts: list[object],
    builder: _Builder,
    parser: Lark,
    unit: Unit,
) -> tuple[list[object], UnexpectedInput | None, Unit] | str | None:
    """The line above (``last``) read again with the line ``seg`` under it;
    None if the two are not one element, :data:`OPEN` if they are one cut
    short at their end, which the next line may end (``9.``, ``W:Cb N:9c
    E:1c S:5e ->``, ``N``).

    Whitespace is free (docs/notation.md §1): a trick or a hand may go on
    over the next line (``1. N:8e E:4e`` and then ``S:Cd W:Vc -> S``), and
    the grammar reads such a deal whole.  Read line by line (a mistake
    elsewhere in it), each half alone was an element cut short and a line
    that cannot be read: a finding or two each where the deal read whole
    had none.  The two lines are one element where the one above could not
    be read for want of what follows (``3. 3b 2d Cc 4e ->``, then ``S``)
    and the two read together are one element; or where the one above was
    read, and the two read together are one element of its kind (a trick
    and its claim, a hand and more of its cards, a point line and its
    points), no longer than a whole one (a trick of four cards, a hand of
    nine): a line of cards under a whole trick is no more of it
    (:func:`line_in_trick`).  A trick whose claim, on the line below, cannot
    be read is one too, its claim left out as on one line: the two lines
    and the grammar's stop are returned, for :func:`_trick_kept`.
    The element read alone is then taken out of ``parts``."""
    above = parts[last.element] if last.element is not None else None
    if last.first + last.text.count("\n") + 1 != index:
        return None
    if above is not None and (
        not _short(above, isinstance(above, Trick))  # (four cards may still take a claim)
        or (isinstance(above, Trick) and above.claim is not None)
    ):
        return None
    if _starts(seg, len(seg) - len(seg.lstrip(WHITESPACE)), above):
        return None  # a line that starts an element of its own (most mistyped lines)
    joined = f"{last.text}\n{seg}"
    line = unit.line + last.first
    column = unit.column if last.first == 0 else 1
    kept = builder.comments[last.comments :]
    del builder.comments[last.comments :]
    saved = builder.line0, builder.col0  # where the line's own error is placed
    builder.line0, builder.col0 = line, column
    piece = Unit("deal", line, column, [joined])
    found, exc, rest = _read_line(joined, piece, parser, builder, "deal_element")
    whole = found[0] if exc is None and len(found) == 1 else None
    if whole is None and exc is not None and not found and isinstance(above, Trick):
        # the trick's cards go on below, and its claim cannot be read: one
        # trick whose claim is left out, as on one line (_trick_kept, which
        # the caller asks of the two lines together)
        mark = len(builder.comments)
        trick = _trick_kept(joined, exc, parser, builder)
        del builder.comments[mark:]
        if trick is not None and _short(trick[0], 1):
            if last.element is not None:
                del parts[last.element :]
            return [], exc, rest
    if whole is None or (
        above is not None and (type(whole) is not type(above) or not _short(whole, 1))
    ):
        builder.comments[last.comments :] = kept
        builder.line0, builder.col0 = saved
        if exc is not None and not found and _stop(exc) < 0:
            return OPEN  # the two cut short at their end: the next line may end them
        return None
    if last.element is not None:
        del parts[last.element :]
    return found, None, rest


#: A line that starts as a trick's plays do, a seat and its colon or a card
#: (brace comments before it aside), and has an arrow before any ``;``
#: comment, or one as a phone writes it (``→``): a trick, whatever it
#: starts with
_UNNUMBERED = re.compile(
    f"{NOTES_FIRST}(?P<play>{SEAT}{_WS}*{re.escape(COLON)}|{TERMINALS['CARD']})"
    f"{ON_THE_LINE}(?:{'|'.join(map(re.escape, (ARROW, *ARROW_LIKE)))})"
)


def _cut_short(above: _Above | None, parts: list[object]) -> bool:
    """Whether the line above is a trick short of a card and without its
    claim, whose plays the next line may go on with (:func:`_runs_on` says
    whether it does); four cards are a whole trick, its claim left out."""
    if above is None or above.element is None:
        return False
    trick = parts[above.element]
    return isinstance(trick, Trick) and trick.claim is None and len(trick.plays) < len(SEATS)


#: A line that starts with a trick's number (brace comments before it aside)
_NUMBERED = re.compile(f"{NOTES_FIRST}(?P<number>{DIGITS}){re.escape(TRICK_DOT)}")


def _number_above(
    parts: list[object], segments: list[tuple[int, str]], index: int, first: int
) -> int:
    """The number of the trick line nearest above the line ``index`` of a
    unit starting at line ``first``: a trick read, or a line that could not
    be read but starts with a trick's number (``4. N:Rd E:Rb S:3c W:2x``:
    the line below it is trick 5, not the trick after the last one read);
    0 where none is."""
    read = {p.pos.line: p.number for p in parts if isinstance(p, Trick) and p.pos is not None}
    for i, text in reversed(segments):
        if i >= index:
            continue
        # (the last trick of the line, read or not: a line may hold several,
        # ``3. ... -> N 4. N:Cd ... W:2x``, its last one unreadable)
        numbers = [read[first + i]] if first + i in read else []
        written = _NUMBERED.match(text)
        if written is not None:  # (its own number, glued to its first play too: "4.N:Rd")
            numbers += [int(written["number"]), *trick_numbers(text)]
        if numbers:
            return max(numbers)
    return 0


def _unnumbered_trick(
    seg: str, above: int, parser: Lark, builder: _Builder, piece: Unit
) -> tuple[Trick, list[Finding]] | None:
    """The trick of a line written without its number (``S:Vc W:9c N:2c
    E:1e -> N``), read as the trick after the trick line above it, the A001
    that says so, and, where its claim cannot be read either (``-> pouri``,
    ``→ N``, ``->`` and nothing), the A001 of the claim left out; None for
    any other line.

    Read as it stands, its first play is a hand (``S: Vc``), and each play
    after it another, each a second hand of its seat, and its claim a line
    that cannot be read: seven findings for a number left out, and the
    trick's cards never checked.  Its arrow says it is a trick; the number
    the order of the lines gives it is the one the reader takes, and the
    finding says which.  A slip in its claim as well leaves its cards the
    trick, as it does on a line with its number (:func:`_trick_kept`)."""
    starts = _UNNUMBERED.match(seg)
    if starts is None:
        return None
    from lark.exceptions import UnexpectedInput

    number = above + 1  # (:func:`_number_above`)
    prefix = f"{number}{TRICK_DOT} "
    mark, col0 = len(builder.comments), builder.col0
    builder.col0 -= len(prefix)  # (the cards' columns are the line's own)
    claim: list[Finding] = []
    read: object
    try:
        read = parser.parse(prefix + seg, start="deal_element")
    except UnexpectedInput as exc:
        del builder.comments[mark:]
        kept = _trick_kept(prefix + seg, exc, parser, builder)
        read = kept[0] if kept is not None else None
        if kept is not None:
            # (the unit of the line as read, its number put before it)
            whole = Unit("deal", piece.line, piece.column - len(prefix), [prefix + seg])
            claim.append(replace(_syntax_finding(exc, whole, builder, kept[1]), trick=number))
    finally:
        builder.col0 = col0
    # (more than four plays, or seats on some only: a trick whose number was
    # mistyped into a card, ``9b E:4b S:Vc W:Ve N:Cb``, one line unread)
    seated = {play.seat is not None for play in read.plays} if isinstance(read, Trick) else ()
    if not isinstance(read, Trick) or len(read.plays) > len(SEATS) or len(seated) > 1:
        del builder.comments[mark:]
        return None
    word = starts.start("play")  # (its first play: a note may stand before it)
    at = Pos(builder.line0, builder.col0 + word)
    read.pos = at
    found = _found(seg, word)
    # (what was expected is said where the deal is skipped after all: a
    # brace comment below it never closed, "line-skipped")
    expected = _expected_words(["TRICK_NO"], "line")
    # (its trick named: a finding of a line read, which counts as no trick
    # the record leaves unread, engine.unread_tricks)
    said = Finding.of(
        F.SYNTAX_ERROR,
        "no-number",
        *at,
        None,
        None,
        number,
        found=found,
        number=number,
        expected=expected,
    )
    return read, [said, *claim]


#: What :func:`_runs_on` says of two lines cut short together at their end.
OPEN = "open"


def _read_line(
    seg: str, piece: Unit, parser: Lark, builder: _Builder, start: str
) -> tuple[list[object], UnexpectedInput | None, Unit]:
    """The elements of one line of a deal, left to right, and what stopped
    the reading, if anything, with the rest of the line it stands in.

    A line may hold several elements (a deal may be written on one line,
    docs/notation.md §1), which the start rule, one element, cannot read
    whole: where it stops at a word that starts an element (:func:`_starts`),
    the text before it is read as an element alone, and the rest of the line
    from that word.  So a mistake is named where it is, not at the next
    element, and the elements before it are kept.  Where the text before
    the stop is no element, or the word starts none (a card misspelt:
    ``2. Kd Ke 7c 8x``), the stop stands, and with it the element it is in."""
    from lark.exceptions import UnexpectedInput

    parts: list[object] = []
    text = seg
    while True:
        mark = len(builder.comments)
        try:
            parts.append(parser.parse(text, start=start))
            return parts, None, piece
        except UnexpectedInput as exc:
            at = _stop(exc)
            if not 0 < at < len(text) or text[at - 1] not in WHITESPACE:
                return parts, exc, piece
            if not text[:at].strip(WHITESPACE) or _unclosed_comment(exc, text):
                return parts, exc, piece
            lexed = builder.comments[mark:]  # the comments met before the stop
            del builder.comments[mark:]
            try:
                before = parser.parse(text[:at], start=start)
            except UnexpectedInput:
                before = None
            if before is None or not _starts(text, at, before):
                builder.comments[mark:] = lexed
                return parts, exc, piece
            parts.append(before)
        line, column = piece.pos(text, at)
        builder.line0, builder.col0 = line, column
        text = text[at:]
        piece = Unit("deal", line, column, [text])
        start = "deal_element"


#: Words that start an element of a deal wherever they stand: a trick's
#: number, a keyword; and a seat and its colon (a hand), after the header or
#: a hand only (elsewhere, ``S:6e`` is a card of a trick).
_KEYWORDS = (STOCK, CHANT, ANNOUNCE, CONCEDE, SIGNAL, WINNERS, POINT)
_ELEMENT = re.compile(f"{TERMINALS['TRICK_NO']}|(?:{'|'.join(_KEYWORDS)})\\b")
_HAND = re.compile(f"{SEAT}{_WS}*{re.escape(COLON)}")
_NO_CARD = re.compile(f"[{BLANKS}]*(?:{re.escape(ARROW)}|\\n|\\Z)")


def _starts(text: str, at: int, before: object) -> bool:
    """Whether ``text`` has an element of a deal start at ``at``, after the
    element ``before``.  A trick's number with no card after it starts no
    trick: it is a card mistyped (``5. Rd 7d 4d 2. -> N``, for ``2d``), and
    the stop stands in the trick it is in; nor does one, but trick 1's,
    after a hand of fewer than nine cards (:func:`trick_in_hand`)."""
    element = _ELEMENT.match(text, at)
    if element is not None:
        if element.group()[-1] != TRICK_DOT:
            return True  # a keyword
        if (
            isinstance(before, Hand)
            and len(before.cards) < HAND_SIZE
            and element.group() != f"1{TRICK_DOT}"
        ):
            return False  # a card of the hand cut short, mistyped (trick_in_hand)
        return _NO_CARD.match(text, element.end()) is None
    return isinstance(before, Deal | Hand) and _HAND.match(text, at) is not None


#: A card, or a seat and its colon: a play of a trick.
_A_PLAY = re.compile(f"(?:{SEAT}{_WS}*{re.escape(COLON)}|{TERMINALS['CARD']})")


def _trick_kept(
    seg: str, exc: UnexpectedInput, parser: Lark, builder: _Builder
) -> tuple[Trick, str] | None:
    """The trick of a line that cannot be read where only its end is
    wrong, and the A001 variant that says what is left out: a claim that
    cannot be read (``-> -``, ``-> pouri``, ``->`` and nothing: the cards
    before its arrow are the trick, "claim"), or words after a claim (``-> pourri (kings)``:
    the line up to them is, "after-claim").  A slip there is no reason to
    leave four cards unchecked; a line that is no trick up to there, or
    whose cards cannot be read either, is left as it was."""
    at = _stop(exc)
    if at < 0:  # the line ends at its arrow (``-> ``): the claim left out
        at = len(seg)
    arrow = seg.rfind(ARROW, 0, at)
    if arrow < 0 and _ARROW_LIKE.match(seg, at):
        # an arrow as a phone writes it (``→``): the cards before it are the trick
        return _read_up_to(seg, at, parser, builder, "claim")
    if arrow < 0:
        return None
    # (a comment after the arrow is no claim: ``-> {note}`` is cut at its arrow)
    after = COMMENT_SPAN.sub("", seg[arrow + len(ARROW) : at]).strip(WHITESPACE)
    if after and _A_PLAY.match(seg, at):
        return None  # a card after the claim: of the trick, which the line cannot say
    if after:
        return _read_up_to(seg, at, parser, builder, "after-claim")
    return _read_up_to(seg, arrow, parser, builder, "claim")


def _read_up_to(
    seg: str, end: int, parser: Lark, builder: _Builder, variant: str
) -> tuple[Trick, str] | None:
    """The trick the text of ``seg`` before ``end`` reads as, and
    ``variant``; None if it is no trick."""
    from lark.exceptions import UnexpectedInput

    mark = len(builder.comments)
    try:
        read = parser.parse(seg[:end], start="deal_element")
    except UnexpectedInput:  # no trick up to there
        read = None
    if not isinstance(read, Trick):
        del builder.comments[mark:]  # (the comments met reading it are the line's)
        return None
    return read, variant


def _stop(exc: UnexpectedInput) -> int:
    """Where in its text the grammar stopped: the start of the word it could
    not take (-1: at the text's end)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        return -1 if exc.token.type == "$END" else exc.token.start_pos or 0
    if isinstance(exc, UnexpectedCharacters):
        return exc.pos_in_stream or 0
    return -1


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
    fast = fastpath.read_unit("deal", [ANY_HEADER, seg], line - 1, 1)
    if fast is None:
        return None
    deal, comments = fast
    assert isinstance(deal, Deal)
    found = _parts(deal)
    return (found[0], comments) if len(found) == 1 else None


def _loose_header(seg: str, piece: Unit) -> Deal:
    """What can be read of a deal header the grammar cannot read (the
    comments that end its line are none of it: a seat alone before them
    still ends the header)."""
    seg = seg[: _content_end(seg)]
    m = _loose_head().match(seg)
    number, dealer, last = m.groups() if m else (None, None, None)
    dealer = dealer or last
    guessed = tuple(
        name for name, value in (("number", number), ("dealer", dealer)) if value is None
    )
    end = m.end(1) if m is not None and number is not None and len(number) > 1 else -1
    if end >= 0 and seg[end : end + len(DEALER)].lower() == DEALER:
        # ``deal 23dealer``: the last digit may stand where the space
        # should, which only the game's sequence can tell
        guessed += ("last digit",)
    return Deal(
        number=int(number) if number else 0,
        dealer=dealer.upper() if dealer else "N",
        pos=Pos(piece.line, piece.column),
        guessed=guessed,
    )


def _line(part: object) -> int:
    """The line an element of a deal starts on."""
    pos = getattr(part, "pos", None)
    return pos.line if isinstance(pos, Pos) else 0


def _out_of_order(parts: list[object]) -> list[Finding]:
    """A005 for the lines out of the notation's order: the fewest lines whose
    moving puts the rest in order (those outside a longest ordered run)."""
    ranks = [_ORDER[type(p)][0] for p in parts]
    n = len(ranks)
    if all(ranks[i] <= ranks[i + 1] for i in range(n - 1)):
        return []
    # Hands and tricks weigh a little more: between a point line and a trick,
    # or a stock and a hand, the lone line is the one put in the wrong place;
    # but a trick kept after a trick of a later number weighs less (trick 8
    # below trick 9 and the point line: trick 8 is the line moved, as the
    # engine says of it, A201).
    weight = [1.1 if r in (0, 4) else 1.0 for r in ranks]
    numbers = [p.number if isinstance(p, Trick) else 0 for p in parts]
    best = list(weight)
    back = [-1] * n
    for i in range(n):
        for j in range(i):
            if ranks[j] <= ranks[i]:
                gain = weight[i] - 0.2 * (numbers[j] > numbers[i] > 0)
                if best[j] + gain > best[i]:
                    best[i], back[i] = best[j] + gain, j
    keep: set[int] = set()
    i = max(range(n), key=lambda k: (best[k], -k))
    while i >= 0:
        keep.add(i)
        i = back[i]
    return [
        Finding.of(F.LINE_ORDER, _ORDER[type(part)][1], *part.pos)  # type: ignore[attr-defined]
        for i, part in enumerate(parts)
        if i not in keep
    ]


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
            where = unit.pos(text, pos)
            if text[pos] == COMMENT_OPEN:
                error = Finding.of(F.UNCLOSED_COMMENT, "", *where)
            else:
                found = _fixed(_found(text, pos), text, pos)
                error = Finding.of(F.SYNTAX_ERROR, "between", *where, found=found)
            return None, comments, error
        if m.group()[:1] in (COMMENT_OPEN, LINE_COMMENT):
            comments.append(comment(m.group(), unit.pos(text, pos)))
        pos = m.end()
    return None, comments, None
