"""Units to records: each unit read by the fast reader, the grammar or
recovery, and the records put together into games as they come.

:func:`read_games` yields one :class:`Game` at a time, holding at most one
game in memory; :func:`read_records` streams a game of any length.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import count

from .. import findings as F
from .. import model
from ..findings import Finding
from ..lexicon import (
    DEAL,
    DEALER,
    DIGITS,
    SEAT,
    TAG_CLOSE,
    TAG_NAME,
    TAG_OPEN,
    TAG_VALUE,
    TERMINALS,
    unescape,
)
from ..model import BrokenDeal, Comment, Deal, Game, Pos, Tag
from . import fastpath
from .decode import decode_runs
from .grammar import _attach_comments, _parser
from .recover import _parse_other, _recover_deal, by_number, lines_crossed
from .split import _WS, SkipWatch, SplitEnd, Unit, header_below, split_units
from .syntax import _syntax_finding, _unclosed_comment

# What can still be read of a unit the grammar cannot read: a deal's number
# and dealer, a tag section's well-formed tags.
#: (the words may touch, and a comment may stand between them, as the
#: grammar reads them: ``deal2 dealer E``, ``deal 2 {by Paul} dealer E``)
_GAP = f"(?:{_WS}|{TERMINALS['COMMENT']})*"
_DEAL_HEAD = re.compile(f"{DEAL}{_GAP}({DIGITS})(?![0-9])(?:{_GAP}{DEALER}{_GAP}({SEAT})\\b)?")
_TAG_LINE = re.compile(
    f"{re.escape(TAG_OPEN)}{_WS}*({TAG_NAME}){_WS}+({TAG_VALUE}){_WS}*{re.escape(TAG_CLOSE)}"
)
#: A tag, or what the grammar skips or reads whole and a tag cannot begin
#: in: a comment, a string.  Scanned left to right, so that a tag written
#: inside a comment (``{[Result "*"]}``) is never taken for one.
_TAG_OR_NOT = re.compile(
    "|".join((_TAG_LINE.pattern, TERMINALS["COMMENT"], TERMINALS["LINE_COMMENT"], TAG_VALUE))
)


def _tags_in(text: str) -> Iterator[re.Match[str]]:
    """The well-formed tags of a tag section's text, comments left out."""
    return (m for m in _TAG_OR_NOT.finditer(text) if m.group(1) is not None)


#: Letters that start a line, right before a tag's bracket (``R[esult``).
_BEFORE_BRACKET = re.compile(r"(?:\A|\n)[ \t]*([A-Za-z]+)\Z")


def _salvaged(m: re.Match[str], text: str, unit: Unit) -> Tag:
    """A well-formed tag of a section that cannot be read.  Where letters
    open its line before the bracket and the name with them is a known tag
    (``R[esult "NS 3-2"]``: the bracket typed one letter late), the tag is
    that one, read from the letters: the section's A001 says the slip, and
    the tag is checked as the scorer meant it."""
    name, start = m.group(1), m.start()
    before = _BEFORE_BRACKET.search(text, max(0, start - 64), start)
    if before is not None and model.known_tag(name) is None:
        whole = before.group(1) + name
        if whole in model.KNOWN_TAGS:
            name, start = whole, before.start(1)
    return Tag(name, unescape(m.group(2)[1:-1]), unit.pos(text, start))


def header_number(deal: Deal, last_number: int) -> None:
    """The number of a header the reader could not read whole, from the
    number of the deal before it: a number that could not be read follows
    it; one whose last digit stands where the space before ``dealer``
    should (``deal 23dealer`` after deal 1) is read without that digit
    where so it follows, and as written where not."""
    slipped = "last digit" in deal.guessed and deal.number // 10 == last_number + 1
    if "number" in deal.guessed or slipped:
        deal.number = last_number + 1


def parse_unit(unit: Unit) -> tuple[object, list[Comment], Finding | None]:
    """Parse one unit: (model object or list of tags, comments, syntax error)."""
    parsed = _parse_unit(unit)
    deal = parsed[0]
    if isinstance(deal, Deal) and (deal.misplaced or unit.findings):
        # tricks out of their place (A005), those recovery names and those
        # the cut gave back from below the next header, where their numbers
        # put them
        by_number(deal, {f.line for f in unit.findings if f.code == F.LINE_ORDER})
    return parsed


def _parse_unit(unit: Unit) -> tuple[object, list[Comment], Finding | None]:
    if fastpath.FASTPATH and unit.kind != "other":
        fast = fastpath.read_unit(unit.kind, unit.parts, unit.line, unit.column)
        if fast is not None:
            result, comments = fast
            if unit.kind != "deal":
                return (result, None), comments, None
            if isinstance(result, Deal) and lines_crossed(result):
                return _by_lines(unit, result, comments)
            return result, comments, None
    return parse_unit_with_grammar(unit)


def _by_lines(
    unit: Unit, whole: Deal, comments: list[Comment]
) -> tuple[object, list[Comment], Finding | None]:
    """A deal that reads whole with its lines crossed
    (:func:`recover.lines_crossed`), read line by line as recovery reads a
    deal; read as it stands (``whole``, ``comments``) where that fails."""
    parser, builder = _parser()
    builder.start_unit(unit)
    recovered = _recover_deal(unit, parser, builder)
    if isinstance(recovered, Deal):
        return recovered, builder.comments, None
    return whole, comments, None


def parse_unit_with_grammar(unit: Unit) -> tuple[object, list[Comment], Finding | None]:
    """Parse one unit with the Lark grammar (what the fast path must agree with)."""
    if unit.kind == "other":
        return _parse_other(unit)  # no grammar: a file that needs none never imports it
    from lark.exceptions import UnexpectedInput

    why: list[Finding] = []  # what recovery found, if it failed
    parser, builder = _parser()
    builder.start_unit(unit)
    text = unit.text
    try:
        result = parser.parse(text, start="tag_section" if unit.kind == "tags" else "deal")
    except UnexpectedInput as exc:
        if unit.kind == "deal" and not _unclosed_comment(exc, text):
            # Most deals the grammar cannot read whole are read line by line:
            # the whole deal's finding (what it expected, the hint) is then
            # never said, so it is only made when that fails too.
            recovered = _recover_deal(unit, parser, builder)
            if isinstance(recovered, Deal):
                return recovered, builder.comments, None
            why = recovered
            builder.start_unit(unit)  # the positions of the whole unit again
        error = why[0] if why else _syntax_finding(exc, unit, builder)
        if unit.kind == "tags":
            tags = [_salvaged(m, text, unit) for m in _tags_in(text)]
            return (tags, None), [], error
        # (its header below its first lines: the deal's place and name are
        # the header's, as for a deal read, split.text_start)
        word = header_below(text) or 0
        m = _DEAL_HEAD.match(text, word)
        number = int(m.group(1)) if m else None
        dealer = m.group(2) if m else None
        at = unit.pos(text, word) if word else Pos(unit.line, unit.column)
        broken = BrokenDeal(at, number, dealer, text, unread=why[1:])
        return broken, [], error
    if isinstance(result, Deal) and lines_crossed(result):
        return _by_lines(unit, result, builder.comments)
    return result, builder.comments, None


class DealCount:
    """The place in its game of each deal unit, counted as the reader counts
    them (a tag section starts a game), so that whoever follows the units
    (a shard cutter, annotate) knows the deals the reader skips: those past
    :data:`model.MAX_DEALS`, and those past :data:`model.MAX_GAME_CHARS`,
    counted as past it too (``too_long`` says which)."""

    def __init__(self) -> None:
        self.deals = self.chars = 0
        self.too_long = False

    def __call__(self, unit: Unit) -> int:
        """The deal's place in its game, from 1; 0 for a unit that is not a deal."""
        if unit.kind == "tags":
            self.deals = self.chars = 0
            self.too_long = False
        elif unit.kind == "deal":
            self.chars += sum(map(len, unit.parts))
            if self.chars > model.MAX_GAME_CHARS and self.deals < model.MAX_DEALS:
                self.deals, self.too_long = model.MAX_DEALS, True
            self.deals += 1
            return self.deals
        return 0


@dataclass(frozen=True, slots=True)
class GameCut:
    """Said once of a game that passes :data:`model.MAX_DEALS`, right after
    its A009: none of its deals follows, so whoever waits for its end (to
    place notes on its lines, say) need not wait for the next game."""

    game: Game


def read_records(
    units: Iterable[Unit],
    first_index: int = 1,
    take: Callable[[Unit], int | None] | None = None,
) -> Iterator[Game | Deal | BrokenDeal | GameCut]:
    """Games and deals as they come: a :class:`Game` when one begins (its
    ``deals`` left empty), then each of its deals, up to
    :data:`model.MAX_DEALS` (then a :class:`GameCut`, and the rest of the
    game is skipped).  Reading errors are added to the current game's
    ``errors`` as they are found, so a game of any length streams through
    without being held whole.

    ``take`` may take a deal unit of the current game whole, unread (it
    returns the deal's number, or None to leave it to the reader): a checker
    that can vouch for a deal from its lines.
    """
    game: Game | None = None
    indexes = count(first_index)  # the next game's index
    leading: list[Comment] = []
    leading_text: str | None = None
    pending: list[Finding] = []
    last_number = 0  # the number of the game's last deal, for a header without one
    place = DealCount()

    for unit in units:
        deal = place(unit)
        if deal > model.MAX_DEALS and game is not None:
            if deal == model.MAX_DEALS + 1:
                game.cut_past_deals(unit.line, unit.column, place.too_long)
                yield GameCut(game)
            continue
        if take is not None and unit.kind == "deal" and game is not None:
            taken = take(unit)
            if taken is not None:
                last_number = taken
                continue
        result, comments, error = parse_unit(unit)
        errors = [*unit.findings, *([error] if error else [])]
        if unit.kind == "tags":
            errors += _unknown_escapes(unit)
            last_number = 0
        if isinstance(result, BrokenDeal):
            errors.extend(result.unread)
        if isinstance(result, Deal) and (result.unread or result.misplaced):
            header_number(result, last_number)
            errors.extend(sorted([*result.unread, *result.misplaced], key=Finding.sort_key))
        if isinstance(result, Deal | BrokenDeal) and result.number is not None:
            last_number = result.number
        if unit.kind == "other":
            # (Only a text's first unit is "other": what it holds goes to the
            # first game, or to a game of its own if no game follows.)
            leading, pending = comments, errors
            # kept verbatim: the formatter drops nothing
            leading_text = unit.text if error is not None else None
            continue
        started = None
        if unit.kind == "tags" or game is None:
            game = started = Game(index=next(indexes), pos=Pos(unit.line, unit.column))
        if unit.kind == "tags":
            game.tags, game.draw = result  # type: ignore[misc]
            if error is not None:  # kept verbatim: the formatter drops nothing
                game.tags_text = unit.text
            if game.draw is not None:
                at = game.draw.pos
                game.draw.comments = [c for c in comments if c.pos > at]
                comments = [c for c in comments if c.pos < at]
            game.tag_comments = comments
        if started is not None and started.index == first_index:
            game.leading_comments, game.leading_text = leading, leading_text
            before = [_in_game(finding, game, None) for finding in pending]
            game.errors.extend(before)
            game.cut += F.cut_of(before)
        placed = [_in_game(finding, game, result) for finding in errors]
        game.errors.extend(placed)
        cut = F.cut_of(placed)
        if isinstance(result, Deal | BrokenDeal):
            result.cut = cut
        else:
            game.cut += cut
        if isinstance(result, BrokenDeal) and placed:
            result.error = placed[0]  # the first thing in its text that could not be read
        if started is not None:
            yield started
        if unit.kind == "deal":
            if isinstance(result, Deal) and comments:
                _attach_comments(result, comments)
            yield result  # type: ignore[misc]
    if game is None and (pending or leading):
        game = Game(index=next(indexes), pos=Pos(1, 1))
        game.leading_comments = leading
        game.leading_text = leading_text
        game.errors = [_in_game(f, game, None) for f in pending]
        game.cut = F.cut_of(game.errors)
        yield game


def read_units(
    stream: Iterable[bytes],
    line: int = 1,
    offset: int = 0,
    left_off: SplitEnd | None = None,
    watch: SkipWatch | None = None,
) -> Iterator[Unit]:
    """The units (tag sections and deals) of a byte stream: a whole file, or
    the rest of one from its ``line`` and byte ``offset`` (``left_off`` and
    ``watch``: see :func:`split_units`)."""
    return split_units(decode_runs(stream, line, offset), left_off, watch)


def read_games(stream: Iterable[bytes]) -> Iterator[Game]:
    """The games of a byte stream, one at a time, each with its deals and errors."""
    game: Game | None = None
    for record in read_records(read_units(stream)):
        if isinstance(record, Game):
            if game is not None:
                yield game
            game = record
        elif game is not None and not isinstance(record, GameCut):
            game.deals.append(record)
    if game is not None:
        yield game


_ESCAPE_IN_VALUE = re.compile(r"\\(.)")


def _unknown_escapes(unit: Unit) -> list[Finding]:
    """Tag values whose backslash escapes nothing the notation knows: the
    value keeps the backslash as written, and the record is told."""
    text = unit.text
    if "\\" not in text:
        return []
    return [
        Finding.of(
            F.UNKNOWN_ESCAPE, "", *unit.pos(text, m.start()), name=m.group(1), escape=e.group()
        )
        for m in _tags_in(text)
        for e in _ESCAPE_IN_VALUE.finditer(m.group(2), 1, len(m.group(2)) - 1)
        if e.group(1) not in ('"', "\\")
    ]


def _in_game(finding: Finding, game: Game, result: object) -> Finding:
    # (its trick kept: a line read as a trick says which, as from JSON)
    deal = result.number if isinstance(result, Deal | BrokenDeal) else None
    return replace(finding, game=game.index, deal=deal)
