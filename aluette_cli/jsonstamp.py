"""Deals written to JSON straight from their text.

Nearly every deal of an archive is right and in the writer's layout, and
its JSON differs from any other's only in its values: its cards, seats,
numbers, claims, point and lines for ``convert``, its plays, winners and
result for ``report``.  So the JSON of such a deal is a template filled in
from what the quick check read, several times faster than reading the deal
into the model (or replaying it into its outcome), building its dict and
encoding that (docs/performance.md).

Each template is made once, by its writer itself: a deal (or a deal's
outcome) is built with markers in place of its values, and the writer's
encoding of it is cut at the markers.  So the shape is the writer's own,
never a second copy of it that could drift from it; and
``tests/test_jsonstamp.py`` holds every stamped deal's JSON to the writer's.
"""

from __future__ import annotations

import json
import re
from functools import cache
from operator import itemgetter
from typing import Any, ClassVar, Literal

from .cards import HAND_SIZE, SEATS, STOCK_SIZE, TRICKS_PER_DEAL
from .jsonmodel import deal_to_dict
from .lexicon import NONE, POURRI
from .model import Deal, Pos
from .outcome import DealOutcome, TrickOutcome
from .quickcheck import (
    AS_WRITTEN_GROUPS,
    HAND_GROUPS,
    PLAYED,
    POINT_GROUP,
    STOCK_GROUP,
    TRICK_GROUP,
    TRICK_GROUPS,
    Checked,
)
from .writers import report

#: The same encoder as the JSON writer's (convert._encode): its output is
#: what a stamped deal must equal, byte for byte.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode

#: A deal in the writer's layout; its values do not matter, only where
#: they are.  Its first trick claims a seat and its second is pourri, for
#: the two forms a claim's JSON takes.
SAMPLE = """\
deal 1 dealer E
N: 1b 2b 3b 4b 5b 6b 7b 8b 9b
E: Vb Cb Rb 1c 2c 3c 4c 5c 6c
S: 7c 8c 9c Vc Cc Rc 1d 2d 3d
W: 4d 5d 6d 7d 8d 9d Vd Cd Rd
stock: 1e 2e 3e 4e 5e 6e 7e 8e 9e Ve Ce Re
1. S:7c W:4d N:1b E:Vb -> N
2. N:2b E:Cb S:8c W:5d -> pourri
3. N:3b E:Rb S:9c W:6d -> N
4. N:4b E:1c S:Vc W:7d -> N
5. N:5b E:2c S:Cc W:8d -> N
6. N:6b E:3c S:Rc W:9d -> N
7. N:7b E:4c S:1d W:Vd -> N
8. N:8b E:5c S:2d W:Cd -> N
9. N:9b E:6c S:3d W:Rd -> N
point NS
"""

#: What fills the template, by index: the pattern's groups, then these.
_NUMBER = AS_WRITTEN_GROUPS
_SIDE = _NUMBER + 1
_POINTS = _SIDE + 1
_CLAIMS = _POINTS + 1
_LINES = _CLAIMS + TRICKS_PER_DEAL

#: Markers: one for a whole JSON value (what fills it is JSON text:
#: ``null``, ``3``, ``{...}``), one for the text of a JSON string (a card, a
#: seat).  Every value of a template's deal is a marker, and no key holds
#: an ``@``; markers in ASCII are written alike by an encoder that escapes
#: the rest (the report's) and one that does not (convert's).
_VALUE, _TEXT, _CLOSE = "@v", "@t", "@"
_MARKED = re.compile(f'"({_VALUE}|{_TEXT})([0-9]+){_CLOSE}"')


def _value(index: int) -> Any:
    """A marker for value ``index`` (typed Any: it stands in the model for
    values of every type)."""
    return f"{_VALUE}{index}{_CLOSE}"


def _text(index: int) -> Any:
    """A marker for the text of the string that is value ``index``."""
    return f"{_TEXT}{index}{_CLOSE}"


def _cut(text: str) -> tuple[list[str], list[int]]:
    """A writer's text with markers cut at them: the text before, between
    and after the fields, and the index of the value each field takes."""
    pieces = _MARKED.split(text)
    between = [pieces[0]]
    for kind, piece in zip(pieces[1::3], pieces[3::3], strict=True):
        if kind == _TEXT:  # the string's quotes stay in the text around it
            between[-1] += '"'
            piece = '"' + piece
        between.append(piece)
    return between, [int(index) for index in pieces[2::3]]


def _template(text: str, fields: int) -> str:
    """A writer's text with markers for the values ``0`` to ``fields - 1``,
    in that order, as a ``%`` template."""
    between, order = _cut(text)
    assert order == list(range(fields))
    return "%s".join(piece.replace("%", "%%") for piece in between)


def _picker(fields: list[int], values: int) -> Any:
    """What picks a deal's JSON out of its ``values`` followed by the text
    around the ``fields`` (:func:`_cut`), in order: joining them is a third
    faster than filling a ``%`` template of two hundred fields."""
    order = [values]
    for k, index in enumerate(fields, 1):
        order += [index, values + k]
    return itemgetter(*order)


class Template:
    """The writer's JSON of a deal in its layout, with fields for its values."""

    def __init__(self, deal: Deal) -> None:
        assert deal.stock is not None and deal.point is not None
        first = deal.pos.line
        #: the deal's lines, from its header to its point
        self.lines = deal.point.pos.line - first + 1

        def at(pos: Pos) -> Pos:
            return Pos(_value(_LINES + pos.line - first), pos.column)

        deal.number, deal.dealer, deal.pos = _value(_NUMBER), _text(1), at(deal.pos)
        for k, hand in enumerate(deal.hands.values()):
            seat = 2 + HAND_GROUPS * k
            hand.seat, hand.pos = _text(seat), at(hand.pos)
            hand.cards = [_text(seat + 1 + i) for i in range(HAND_SIZE)]
        deal.stock.cards = [_text(STOCK_GROUP + i) for i in range(STOCK_SIZE)]
        deal.stock.pos = at(deal.stock.pos)
        #: each trick's line, counted from the deal's: where its claim is
        self.trick_lines = [trick.pos.line - first for trick in deal.tricks]
        for k, trick in enumerate(deal.tricks):
            number = TRICK_GROUP + TRICK_GROUPS * k
            trick.number, trick.pos = _value(number), at(trick.pos)
            for j, play in enumerate(trick.plays):
                play.seat, play.card = _text(number + 1 + 2 * j), _text(number + 2 + 2 * j)
                play.pos = at(play.pos)
        seat_claim, pourri_claim = deal.tricks[0].claim, deal.tricks[1].claim
        assert seat_claim is not None and pourri_claim is not None and pourri_claim.seat is None
        seat_claim.seat, seat_claim.pos = _text(0), Pos(_value(1), seat_claim.pos.column)
        pourri_claim.pos = Pos(_value(0), pourri_claim.pos.column)
        deal.point.side, deal.point.points = _value(_SIDE), _value(_POINTS)
        deal.point.pos = at(deal.point.pos)
        data = deal_to_dict(deal)
        #: a claim's JSON: of a seat (its seat, its line), and pourri (its line)
        self.seat_claim = _template(_encode(data["tricks"][0]["claim"]), 2)
        self.pourri_claim = _template(_encode(data["tricks"][1]["claim"]), 1)
        for k, trick in enumerate(data["tricks"]):
            trick["claim"] = _value(_CLAIMS + k)
        #: the text around the fields, put after the values
        self.between, fields = _cut(_encode(data))
        self.pick = _picker(fields, _LINES + self.lines)

    def fill(self, checked: Checked, line: int) -> str:
        """The JSON of the deal the quick check read at ``line``."""
        g = checked.groups
        assert g is not None
        lines = list(map(str, range(line, line + self.lines)))
        seat_claim, pourri_claim = self.seat_claim, self.pourri_claim
        claims = []
        for k, at in enumerate(self.trick_lines):
            claim = g[TRICK_GROUP + TRICK_GROUPS * (k + 1) - 1]
            claims.append(
                "null"
                if claim is None
                else pourri_claim % lines[at]
                if claim == POURRI
                else seat_claim % (claim, lines[at])
            )
        side, points = g[POINT_GROUP], g[POINT_GROUP + 1]
        values = [
            *g,
            str(checked.number),
            "null" if side == NONE else f'"{side}"',
            "null" if points is None else str(int(points)),
            *claims,
            *lines,
            *self.between,
        ]
        return "".join(self.pick(values))


@cache
def template() -> Template:
    """The template, made when a deal is first stamped.  The sample is given
    to the reader a line a part, as the reader cuts a file: so the fast path
    reads it, and no run that writes JSON pays for loading the grammar."""
    from .reading import Unit, parse_unit

    deal, _, error = parse_unit(Unit("deal", 1, 1, SAMPLE.splitlines(keepends=True)))
    assert isinstance(deal, Deal) and error is None, "the sample deal reads"
    return Template(deal)


class AsWritten:
    """``convert``'s JSON of a deal the quick check read as written, at ``line``."""

    gives: ClassVar[Literal["as written"]] = "as written"

    def __call__(self, checked: Checked, line: int) -> str:
        return template().fill(checked, line)


# --------------------------------------------------------------------------
# The report's JSON of a deal

#: A trick's winner as a JSON value, and whether it is pourri
_WINNER: dict[str | None, str] = {None: "null", **{seat: f'"{seat}"' for seat in SEATS}}
_POURRI: dict[str | None, str] = {None: "true", **dict.fromkeys(SEATS, "false")}


class ReportTemplate:
    """The report's JSON of a deal of ``tricks`` tricks, with fields for its
    values: its plays (:attr:`Checked.played`), then each trick's winner,
    whether it is pourri, and what its result says.  The tricks' numbers
    are the template's own: the quick check takes tricks numbered from 1 in
    order, and each is led by the seat that plays first in it."""

    def __init__(self, tricks: int) -> None:
        wins = PLAYED * tricks
        pourri = wins + tricks
        after = pourri + tricks
        number, dealer, void, counts, winner, tie, point = range(after, after + 7)
        #: how many values come before the text around them
        self.values = point + 1
        played = [
            TrickOutcome(
                k + 1,
                _text(PLAYED * k),
                [(_text(PLAYED * k + 2 * j), _text(PLAYED * k + 2 * j + 1)) for j in range(4)],
                _value(wins + k),
                _value(pourri + k),
                [],
            )
            for k in range(tricks)
        ]
        outcome = DealOutcome(
            _value(number),
            _text(dealer),
            Pos(1, 1),
            played,
            counts=_value(counts),
            deal_winner=_value(winner),
            void=_value(void),
        )
        data = report.deal_dict(outcome)
        data["tie_break"], data["point"] = _value(tie), _value(point)
        self.between, fields = _cut(report.encode(data))
        self.pick = _picker(fields, self.values)

    def fill(self, checked: Checked) -> str:
        played, result, point = checked.played, checked.result, checked.point
        assert played is not None and result is not None
        winners = played[PLAYED - 1 :: PLAYED]
        encode = report.encode
        counts = result.counts
        counts_key = tuple(counts.items())
        counts_json = _COUNTS.get(counts_key) or _kept(_COUNTS, counts_key, encode(counts))
        point_json = "null"
        if point is not None:
            point_key = (point.team, point.points, point.mordienne)
            point_json = _POINTS_JSON.get(point_key) or _kept(
                _POINTS_JSON, point_key, encode(report.point_dict(point))
            )
        values = [
            *played,
            *map(_WINNER.__getitem__, winners),
            *map(_POURRI.__getitem__, winners),
            str(checked.number),
            checked.dealer,
            "true" if point is None else "false",
            counts_json,
            _WINNER[result.winner],
            "null" if result.tie_break is None else encode(report.tie_break_dict(result.tie_break)),
            point_json,
            *self.between,
        ]
        return "".join(self.pick(values))


#: The JSON of the tricks' counts and of the point, by what it is made of
#: (what :func:`report.point_dict` reads of a point): a few hundred counts
#: and a few points recur in every archive, and the encoder's call costs a
#: deal more than a look-up.  At most :data:`_KEPT` of each are kept.
_COUNTS: dict[tuple[tuple[str, int], ...], str] = {}
_POINTS_JSON: dict[tuple[str, int, bool], str] = {}
_KEPT = 4096


def _kept(cache: dict[Any, str], key: Any, text: str) -> str:
    """``text`` kept in ``cache`` under ``key``, the cache emptied when full."""
    if len(cache) >= _KEPT:
        cache.clear()
    cache[key] = text
    return text


#: The template for deals of so many tricks, made when one is first stamped.
report_template = cache(ReportTemplate)


class Reported:
    """``report``'s JSON of a deal the quick check found right."""

    gives: ClassVar[Literal["plays"]] = "plays"

    def __call__(self, checked: Checked, line: int) -> str:
        assert checked.played is not None
        return report_template(len(checked.played) // PLAYED).fill(checked)


#: the stamps, for a :class:`pipeline.Consumer` that wants them
as_written = AsWritten()
reported = Reported()
