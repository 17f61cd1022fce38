"""Units to the model through the Lark grammar (``grammar/aluette.lark``).

The LALR parser calls :class:`_Builder` as it reduces, so model objects are
built with no parse tree.  Lark is imported, and the parser built, only when
a unit needs the grammar: a file the fast reader reads whole never pays for
either (about 60 ms).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..cards import canonical_card
from ..lexicon import ACCEPTED, DISCARDS, LINE_COMMENT, NONE, POURRI, POURRI_MARK, unescape
from ..model import (
    Announce,
    Chant,
    Comment,
    Concede,
    Deal,
    Draw,
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

    from .split import Unit


def grammar_text() -> str:
    """The grammar, from the installed package or from the source tree."""
    from importlib import resources  # only the grammar's readers need it

    packaged = resources.files("aluette_cli") / "grammar" / "aluette.lark"
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[2] / "grammar" / "aluette.lark").read_text(
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
        lexer_callbacks=dict.fromkeys(("COMMENT", "LINE_COMMENT"), builder.collect_comment),
    )
    return parser, builder


def raw_parser(start: str = "file") -> Lark:
    """A plain tree-building parser for the whole language (benchmarks, tools)."""
    from lark import Lark

    return Lark(grammar_text(), parser="lalr", lexer="contextual", start=start)


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
        """A brace or ``;`` comment, kept where it stands."""
        self.comments.append(comment(token.value, self.pos(token)))
        return token

    # tags -------------------------------------------------------------
    def tag(self, c: list[Token]) -> Tag:
        return Tag(str(c[1]), unescape(c[2].value[1:-1]), self.pos(c[0]))

    def tag_section(self, parts: list) -> tuple[list[Tag], Draw | None]:
        draw = parts[-1] if isinstance(parts[-1], Draw) else None
        return [t for t in parts if isinstance(t, Tag)], draw

    def seated_play(self, c: list) -> Play:
        return Play(str(c[0]), c[2][0], self.pos(c[0]))

    draw_card = seated_play  # a draw's card is written as a seated play

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

    def bare_play(self, c: list) -> Play:
        card, token = c[0]
        return Play(None, card, self.pos(token))

    def claim(self, c: list[Token]) -> TrickClaim:
        arrow, end = self.pos(c[0]), self.pos(c[1])
        seat = None if c[1] == POURRI else str(c[1])
        return TrickClaim(seat, arrow, end if end.line != arrow.line else None)

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
            kind = type(part)
            if kind is Hand:
                if deal.hands.setdefault(part.seat, part) is not part:
                    deal.extra_hands.append(part)  # a seat's first hand is its hand
            elif kind in _ONE:
                first, extra = _ONE[kind]
                if getattr(deal, first) is None:
                    setattr(deal, first, part)
                else:
                    getattr(deal, extra).append(part)
            elif kind in _MANY:
                if kind is Signal:
                    part.before = len(deal.tricks)
                getattr(deal, _MANY[kind]).append(part)
        return deal


#: The lines a deal has one of, and where it keeps the others: each is kept,
#: and reported (a second stock A108, a second point line A109, both by the
#: engine; a second sheet when the deal is read).
_ONE: dict[type, tuple[str, str]] = {
    Stock: ("stock", "extra_stocks"),
    Winners: ("winners", "extra_winners"),
    PointClaim: ("point", "extra_points"),
}
#: The lines a deal has any number of, in the order they are written.
_MANY: dict[type, str] = {
    Chant: "chants",
    Announce: "announces",
    Concede: "concessions",
    Trick: "tricks",
    Signal: "signals",
}


def _attach_comments(deal: Deal, comments: list[Comment]) -> None:
    """Give each comment to the element that stands just before it."""
    elements: list = sorted([deal, *_parts(deal)], key=lambda e: e.pos)
    keys = [e.pos for e in elements]
    import bisect

    for comment in comments:
        i = bisect.bisect_left(keys, comment.pos) - 1
        elements[max(i, 0)].comments.append(comment)


def _parts(deal: Deal) -> list:
    """Every element of a deal but its header, in no particular order."""
    parts: list = [*deal.hands.values(), *deal.extra_hands, *deal.extra_winners]
    parts += deal.extra_stocks + deal.extra_points
    parts += [part for part in (deal.stock, deal.winners, deal.point) if part is not None]
    return parts + deal.chants + deal.announces + deal.concessions + deal.tricks + deal.signals


def comment(text: str, pos: Pos) -> Comment:
    """A comment as written, a brace comment or a ``;`` comment, without its marks."""
    if text.startswith(LINE_COMMENT):
        return Comment(text[1:], pos, line=True)
    return Comment(text[1:-1], pos)
