"""The usual deal, checked straight from its text.

Nearly every deal of an archive is written in the layout the writer gives
it (the header, four hands, the stock, trick lines with their seats, the
point line) and nearly every one is right.  ``validate`` wants to know only
that, and what the game's ledger needs to go on: the deal's number, its
dealer and its point.  :class:`QuickCheck` answers from the deal's text
without building the model: one regular expression reads the whole deal,
the cards are played with the ruleset's own tie policy, the deal is scored
with its own deal scoring, and every claim is checked.

It vouches for a deal or declines it, never anything in between: a deal in
any other layout, or with anything wrong or doubtful in it, is declined
(None) and read and replayed the full way, which finds what is wrong and
says why.  So it never has to explain anything, and it cannot make a
finding the full replay would not make.  The tests hold it to the full
replay: every deal it vouches for, the full replay finds right and scores
the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Literal, NamedTuple

from .cards import DECK_SET, HAND_SIZE, STOCK_SIZE, TRICKS_PER_DEAL, canonical_card
from .deal_checks import dealt_once
from .lexicon import (
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
    QUOTE,
    SEAT,
    SIDE,
    STOCK,
    TRICK_DOT,
    WRITTEN_CARD,
)
from .outcome import TrickOutcome
from .policies import DealResult, PointOutcome
from .reading.split import ONE_LINE_COMMENT
from .rules import Ruleset
from .scoring import claim_wrong, played_result
from .table import LeanTable

_GAP = f"[{BLANKS}]+"
_EOL = f"[{BLANKS}]*\\n"


def _cards(count: int) -> str:
    """``count`` cards as people write them, each after a gap, as one group."""
    return f"((?:{_GAP}{WRITTEN_CARD}){{{count}}})"


def _trick(group: str) -> str:
    """One trick line of four plays, each with its seat or not, its claim
    optional; ``group`` opens each of its groups: ``(`` to capture, ``(?:`` not."""
    play = f"(?:{group}{SEAT}){COLON})?{group}{WRITTEN_CARD})"
    claim = f"(?:{_GAP}{re.escape(ARROW)}{_GAP}{group}{SEAT}|{POURRI}))?"
    return f"{group}{DIGITS}){re.escape(TRICK_DOT)}{_GAP}" + _GAP.join([play] * 4) + claim + _EOL


#: A trick line's number, four seats (empty when left out) and cards, and
#: its claim (empty when left out).
_TRICK_LINE = _trick("(")
#: The whole deal in the order the writer gives it, as people may write it:
#: any blanks between tokens and at line ends, aliases and card names,
#: trick lines with or without seats; the header, four hands of nine cards,
#: the stock of twelve, trick lines, the point line, blank lines.
_DEAL = (
    f"{DEAL}{_GAP}({DIGITS}){_GAP}{DEALER}{_GAP}({SEAT}){_EOL}"
    + f"({SEAT}){COLON}{_cards(HAND_SIZE)}{_EOL}" * 4
    + f"{STOCK}{COLON}{_cards(STOCK_SIZE)}{_EOL}"
    + f"((?:{_trick('(?:')})+)"
    + f"{POINT}{_GAP}({SIDE}|{NONE})(?:{_GAP}({DIGITS}))?[{BLANKS}]*(?:\\n[{BLANKS}]*)*\\Z"
)


@cache
def _loose() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The deal and trick line patterns above, compiled when a deal first
    needs them: compiling them costs a run 3 ms, and a record in the writer's
    layout never does."""
    return re.compile(_DEAL), re.compile(_TRICK_LINE)


#: The same deal as the writer writes it, with its nine tricks: one space
#: between tokens (blanks at line ends, where a comment was), every card its
#: own group.  Most deals are written so, and this reads them in about half
#: the time of the looser pattern.  Nothing optional in it is a repeat of a
#: group (``(?:X)?``, ``(?:X)*``): at each pass through one the regex engine
#: saves every group matched so far, some 300 places by the last trick, and
#: that copying cost more than the matching.  An optional part is a branch
#: with an empty side instead (``(?:X|)``), which saves nothing outside a
#: repeat, and the blank lines after the point line one class of characters.
_CARD = f"({CANONICAL_CARD})"
_PLAY_AS_WRITTEN = f"({SEAT}){COLON}{_CARD}"
_AS_WRITTEN = re.compile(
    f"{DEAL} ({DIGITS}) {DEALER} ({SEAT}){_EOL}"
    + (f"({SEAT}){COLON}" + f" {_CARD}" * HAND_SIZE + _EOL) * 4
    + f"{STOCK}{COLON}"
    + f" {_CARD}" * STOCK_SIZE
    + _EOL
    + (
        f"({DIGITS}){re.escape(TRICK_DOT)} "
        + " ".join([_PLAY_AS_WRITTEN] * 4)
        + f"(?: {re.escape(ARROW)} ({SEAT}|{POURRI})|){_EOL}"
    )
    * TRICKS_PER_DEAL
    + f"{POINT} ({SIDE}|{NONE})(?: ({DIGITS})|)[{BLANKS}\\n]*\\Z"
)
#: Where ``_AS_WRITTEN`` puts what it reads, in order: the deal's number and
#: dealer; each hand's seat, then its cards; the stock's cards; each trick's
#: number, its four seats each before its card, and its claim (None when left
#: out); the point's side, then its points (None when left out).
HAND_GROUPS = 1 + HAND_SIZE
STOCK_GROUP = 2 + 4 * HAND_GROUPS
TRICK_GROUP = STOCK_GROUP + STOCK_SIZE
TRICK_GROUPS = 2 + 2 * 4
POINT_GROUP = TRICK_GROUP + TRICK_GROUPS * TRICKS_PER_DEAL
AS_WRITTEN_GROUPS = POINT_GROUP + 2
#: each hand's seat group and the slice of its cards, in the order written
_HAND_SLICES = tuple(
    (2 + HAND_GROUPS * k, slice(3 + HAND_GROUPS * k, 2 + HAND_GROUPS * (k + 1))) for k in range(4)
)
#: Where a deal's first trick line is, counted from its header line: in
#: both patterns the four hands and the stock come between, and no line is
#: left blank before the point line, which follows the last trick line.
FIRST_TRICK_LINE = 1 + 4 + 1

#: A comment on one line, and a ``;`` comment to the end of its line, with
#: the blanks after it.  Each is cut to one space: the grammar reads a
#: comment as whitespace, so two tokens it stood between stay apart.  (No
#: blanks before it in the pattern: a pattern that may start with a blank
#: is tried at every character.)
_BRACED = ONE_LINE_COMMENT.pattern
_COMMENTS = re.compile(f"(?:{_BRACED}|{re.escape(LINE_COMMENT)}[^\\n]*)[{BLANKS}]*")
#: The same for a deal with brace comments only, as ``annotate`` writes
#: them: a pattern with one opening character is searched for with a fast
#: scan for it, one with two is tried at every character (twice as long).
_BRACE_COMMENTS = re.compile(f"{_BRACED}[{BLANKS}]*")


def _canonical(card: str) -> str:
    """A card as its code: most are written so already."""
    return card if card in DECK_SET else canonical_card(card)


class Checked(NamedTuple):
    """What the ledger needs of a deal found right."""

    number: int
    dealer: str
    #: None: a void deal
    point: PointOutcome | None
    #: when outcomes are asked for: each trick, and what the winners decide
    tricks: list[TrickOutcome] | None = None
    #: when outcomes or plays are asked for: what the winners decide
    result: DealResult | None = None
    #: when only the writer's layout is taken: what the deal's pattern read
    #: (:data:`AS_WRITTEN_GROUPS`), for a writer that writes straight from it
    groups: tuple[str | None, ...] | None = None
    #: when plays are asked for: each trick as :data:`PLAYED` values, its
    #: four seats each before its card in play order, then who took it
    #: (None: nobody), for a writer that writes straight from them
    played: list[str | None] | None = None


#: What a deal found right comes with (:class:`Checked`): its point only
#: (``validate``); each trick's outcome, for the commands that report them
#: (``report``, ``stats``, ``annotate``); its plays and result, for a writer
#: that writes the report from them; what its pattern read, when only deals
#: exactly as the writer writes them, with no comment, are taken (``convert``
#: to JSON writes them from that, and reads every other deal into the model).
Gives = Literal["point", "outcomes", "plays", "as written"]
#: the values of a trick in :attr:`Checked.played`
PLAYED = 2 * 4 + 1


class QuickCheck:
    """Deals checked from their text under one ruleset, each deal found
    right coming with what ``gives`` asks for (:data:`Gives`)."""

    def __init__(self, ruleset: Ruleset, gives: Gives = "point") -> None:
        self._outcomes = gives == "outcomes"
        self._plays = gives == "plays"
        self._as_written = gives == "as written"
        self._ruleset = ruleset
        self._table = LeanTable(ruleset, POURRI)

    def deal(self, parts: list[str]) -> Checked | None:
        """The deal of a deal unit's lines if it is right, else None."""
        text = "".join(parts)
        if COMMENT_OPEN in text or LINE_COMMENT in text or QUOTE in text:
            if self._as_written:
                return None
            text = (_COMMENTS if LINE_COMMENT in text else _BRACE_COMMENTS).sub(" ", text)
            if COMMENT_OPEN in text or COMMENT_CLOSE in text or QUOTE in text:
                return None  # a comment over several lines, or a string
        m = _AS_WRITTEN.match(text)
        if m is not None:
            g = m.groups()
            # the hands, the stock and the tricks cut from the groups without
            # a loop in Python: a comprehension costs a call, and a trick a slice
            (a, cards_a), (b, cards_b), (c, cards_c), (d, cards_d) = _HAND_SLICES
            hands = {
                g[a]: set(g[cards_a]),
                g[b]: set(g[cards_b]),
                g[c]: set(g[cards_c]),
                g[d]: set(g[cards_d]),
            }
            stock: Sequence[str] = g[STOCK_GROUP:TRICK_GROUP]
            tricks: Sequence[Sequence[str]] = list(
                zip(*[iter(g[TRICK_GROUP:POINT_GROUP])] * TRICK_GROUPS, strict=False)
            )
            side, points = g[POINT_GROUP], g[POINT_GROUP + 1]
        elif self._as_written:
            return None
        else:
            m = _loose()[0].match(text)
            if m is None:
                return None
            g = m.groups()
            try:
                hands = {g[k]: set(map(_canonical, g[k + 1].split())) for k in (2, 4, 6, 8)}
                stock = [_canonical(c) for c in g[10].split()]
                tricks = [
                    (n, s1, _canonical(c1), s2, _canonical(c2), s3, _canonical(c3), s4,
                     _canonical(c4), claim)
                    for n, s1, c1, s2, c2, s3, c3, s4, c4, claim in _loose()[1].findall(g[11])
                ]  # fmt: skip
            except ValueError:
                return None  # a written card that is no card
            side, points = g[12], g[13]
        if len(hands) != 4 or not dealt_once(hands, stock):
            return None  # a seat given two hands, or a card dealt twice
        kept: list[TrickOutcome] | None = [] if self._outcomes else None
        played: list[str | None] | None = [] if self._plays else None
        winners = self._table.play(g[1], hands, tricks, kept, played)
        if winners is None:
            return None
        result = played_result(winners, self._ruleset)
        if result is None or (side == NONE and points is not None):
            return None  # tricks missing or after the end; "none" with points: unusual
        point = result.point
        claimed = None if points is None else int(points)
        if claim_wrong(None if side == NONE else side, claimed, point, result.winner):
            return None
        if kept is None and played is None:
            result = None  # given with the outcomes or the plays only
        groups = g if self._as_written else None
        # (made whole at once: a named tuple's _replace costs a Python call)
        return Checked(int(g[0]), g[1], point, kept, result, groups, played)
