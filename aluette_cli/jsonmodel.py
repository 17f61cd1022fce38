"""The model as JSON: everything a record holds, and back again.

This is the *record* (what the text says, with positions and comments), not
the report (what the engine concluded).  ``game_from_dict(game_to_dict(g))``
rebuilds ``g`` exactly, so ALN → JSON → ALN loses nothing.  The shape is
described by ``schema/aln-record.schema.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from . import model
from .cards import canonical_card
from .findings import CUT, Finding
from .lexicon import (
    COMMENT_OPEN,
    COMMENT_TEXT,
    DEAL,
    LINE_BREAKS,
    SEATS,
    SIGNAL_NAME,
    TAG_NAME,
    TAG_OPEN,
    TEAMS,
    WHITESPACE,
)
from .model import (
    Announce,
    BrokenDeal,
    Chant,
    Comment,
    Concede,
    Deal,
    Draw,
    Game,
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
    holds_text,
)
from .writers.aln import verbatim

FORMAT = "aluette-record"
VERSION = 1


class RecordError(ValueError):
    """A JSON record that does not have the documented shape."""


#: The longest integer a JSON record may write.  Python refuses to turn a
#: longer one into a number (``sys.get_int_max_str_digits``) with a
#: ValueError that is not a JSON error; a record's numbers have at most
#: nine digits, so any longer one is refused as invalid anyway.
MAX_JSON_DIGITS = 4300


class _TooLong(ValueError):
    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def _parse_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_JSON_DIGITS:
        raise _TooLong(literal)
    return int(literal)


#: The key an object decoded with a key given twice holds, naming that key:
#: the decoder keeps the last value, so the reader refuses the object
#: (:func:`check_keys`) rather than lose the first without a word.
TWICE = "\x00twice"


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                data[TWICE] = key
                break
            seen.add(key)
    return data


_DECODER = json.JSONDecoder(parse_int=_parse_int, object_pairs_hook=_pairs)
#: An escape of half a surrogate pair: JSON allows one alone, Unicode has no
#: such character (it cannot be written as UTF-8, nor be a record's text).
_HALF = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(\\u[dD][c-fC-F][0-9a-fA-F]{2})?|\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_LONE = re.compile("[\ud800-\udfff]")


def raw_decode(text: str, start: int) -> tuple[Any, int]:
    """``raw_decode`` of a decoder that refuses an integer too long to
    convert, and a lone surrogate (a ``ValueError``): the caller reads such
    a value again with :func:`loads`, which places the error."""
    value, end = _DECODER.raw_decode(text, start)
    if _HALF.search(text, start, end) and _holds_lone(value):
        raise ValueError("a lone surrogate")
    return value, end


def _holds_lone(value: Any) -> bool:
    """Whether a decoded value holds a lone surrogate in a string (a key too)."""
    if isinstance(value, str):
        return _LONE.search(value) is not None
    if isinstance(value, dict):
        return any(_holds_lone(k) or _holds_lone(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone(v) for v in value)
    return False


def loads(text: str) -> Any:
    """``json.loads``, with an integer too long to convert, and a lone
    surrogate (half a pair, no character), refused as a JSON error at its
    place (line and column), as a syntax error is."""
    try:
        value = json.loads(text, parse_int=_parse_int, object_pairs_hook=_pairs)
    except _TooLong as exc:
        digits = len(exc.literal.lstrip("-"))
        # The decoder does not say where the number was: the first place the
        # same digits stand is found again (another one in a string before
        # it would need as many digits).
        raise json.JSONDecodeError(
            f"a number of {digits:,} digits (at most {MAX_JSON_DIGITS:,})",
            text,
            max(text.find(exc.literal), 0),
        ) from None
    if _HALF.search(text) and _holds_lone(value):
        lone = (m for m in _LONE_ESCAPE.finditer(text) if m.group(1) is None)
        at = next(lone, None)
        raise json.JSONDecodeError(
            "a lone surrogate escape (half of a pair) is no character",
            text,
            at.start() if at is not None else 0,
        )
    return value


def _pos(pos: Pos) -> dict[str, int]:
    return {"line": pos.line, "column": pos.column}


def _comments(comments: list[Comment]) -> list[dict[str, Any]]:
    """Brace comments as ``{text, pos}``; a ``;`` comment adds ``"line": true``
    (left out otherwise, so records without one read as they always did)."""
    return [
        {"text": c.text, "pos": _pos(c.pos), "line": True}
        if c.line
        else {"text": c.text, "pos": _pos(c.pos)}
        for c in comments
    ]


def _sheet(sheet: Winners) -> dict[str, Any]:
    return {"entries": sheet.entries, "pos": _pos(sheet.pos), "comments": _comments(sheet.comments)}


def _stock(stock: Stock) -> dict[str, Any]:
    return {"cards": stock.cards, "pos": _pos(stock.pos), "comments": _comments(stock.comments)}


def _point(point: PointClaim) -> dict[str, Any]:
    return {
        "side": point.side,
        "points": point.points,
        "pos": _pos(point.pos),
        "comments": _comments(point.comments),
    }


def _extras(deal: Deal) -> dict[str, Any]:
    """The lines a deal gives twice (A420, A108, A109), under keys present
    only when there are some: documents without them are as they always were."""
    extras: dict[str, Any] = {}
    if deal.extra_winners:
        extras["extra_winners"] = [_sheet(w) for w in deal.extra_winners]
    if deal.extra_stocks:
        extras["extra_stocks"] = [_stock(s) for s in deal.extra_stocks]
    if deal.extra_points:
        extras["extra_points"] = [_point(p) for p in deal.extra_points]
    return {**extras, **_cut(deal.cut)}


def _cut(cut: list[Finding]) -> dict[str, Any]:
    """What the reader could not hold of a text (A009, A003), under a key
    present only when there is some: the record read shows nothing of it,
    so the finding itself is kept, and a record read from JSON gives it
    again, where the ALN gave it."""
    if not cut:
        return {}
    return {
        "cut": [
            {"code": f.code, "message": f.message, "pos": {"line": f.line, "column": f.column}}
            for f in cut
        ]
    }


def unread_to_dict(deal: BrokenDeal | Deal) -> dict[str, Any]:
    """A deal that could not be read, or not all of it: its text as written,
    so that JSON keeps it and converts back to the same ALN."""
    assert deal.text is not None
    return {
        "unread": verbatim(deal.text),
        "pos": _pos(deal.pos),
        "number": deal.number,
        "dealer": deal.dealer,
        **_cut(deal.cut),
    }


def item_to_dict(deal: Deal | BrokenDeal) -> dict[str, Any]:
    if isinstance(deal, BrokenDeal):
        return unread_to_dict(deal)
    if deal.text is not None:
        return partly_read_to_dict(deal)
    return deal_to_dict(deal)


def partly_read_to_dict(deal: Deal) -> dict[str, Any]:
    """A deal with lines that could not be read: what could be read, as any
    deal, and beside it the deal as written (``unread``, so that a reader
    that knows only unread deals still reads it, and ALN is written back
    byte for byte) and each line that could not be read (``unread_lines``:
    its text, and where reading it failed)."""
    from .reading.split import text_start

    assert deal.text is not None
    lines = deal.text.split("\n")
    first = text_start(deal.pos, deal.text).line  # (its header may stand below its first lines)
    unread = []
    for finding in deal.unread:
        at = finding.line - first
        line = lines[at] if 0 <= at < len(lines) else ""
        unread.append(
            {"text": line.rstrip("\r"), "pos": {"line": finding.line, "column": finding.column}}
        )
    return {**deal_to_dict(deal), "unread": verbatim(deal.text), "unread_lines": unread}


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    def hand(h: Hand) -> dict[str, Any]:
        return {
            "seat": h.seat,
            "cards": h.cards,
            "pos": _pos(h.pos),
            "comments": _comments(h.comments),
        }

    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "pos": _pos(deal.pos),
        "comments": _comments(deal.comments),
        "hands": [hand(h) for h in deal.hands.values()],
        "extra_hands": [hand(h) for h in deal.extra_hands],
        "stock": None if deal.stock is None else _stock(deal.stock),
        "chants": [
            {
                "seat": c.seat,
                "takes": c.takes,
                "discards": c.discards,
                "pos": _pos(c.pos),
                "comments": _comments(c.comments),
            }
            for c in deal.chants
        ],
        "announces": [
            {"team": a.team, "pos": _pos(a.pos), "comments": _comments(a.comments)}
            for a in deal.announces
        ],
        "concessions": [
            {
                "team": c.team,
                "accepted": c.accepted,
                "pos": _pos(c.pos),
                "comments": _comments(c.comments),
            }
            for c in deal.concessions
        ],
        "tricks": [
            {
                "number": t.number,
                "plays": [{"seat": p.seat, "card": p.card, "pos": _pos(p.pos)} for p in t.plays],
                "claim": None
                if t.claim is None
                else {
                    "seat": t.claim.seat,
                    "pourri": t.claim.seat is None,
                    "pos": _pos(t.claim.pos),
                },
                "pos": _pos(t.pos),
                "comments": _comments(t.comments),
            }
            for t in deal.tricks
        ],
        "signals": [
            {
                "seat": s.seat,
                "what": s.what,
                "before": s.before,
                "pos": _pos(s.pos),
                "comments": _comments(s.comments),
            }
            for s in deal.signals
        ],
        "winners": None if deal.winners is None else _sheet(deal.winners),
        "point": None if deal.point is None else _point(deal.point),
        **_extras(deal),
    }


def game_header_to_dict(game: Game) -> dict[str, Any]:
    """The game's own part, without its deals (repeated on every JSON Lines row)."""
    return {
        "index": game.index,
        "pos": _pos(game.pos),
        "tags": [{"name": t.name, "value": t.value, "pos": _pos(t.pos)} for t in game.tags],
        "tag_comments": _comments(game.tag_comments),
        "leading_comments": _comments(game.leading_comments),
        "draw": None
        if game.draw is None
        else {
            "cards": [
                {"seat": p.seat, "card": p.card, "pos": _pos(p.pos)} for p in game.draw.cards
            ],
            "pos": _pos(game.draw.pos),
            "comments": _comments(game.draw.comments),
        },
        **({"tags_text": verbatim(game.tags_text)} if game.tags_text is not None else {}),
        **({"leading_text": verbatim(game.leading_text)} if game.leading_text is not None else {}),
        **_cut(game.cut),
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    data = game_header_to_dict(game)
    data["deals"] = [item_to_dict(d) for d in game.deals if holds_text(d)]
    return data


# --------------------------------------------------------------------------
# Back to the model


#: The keys each object of a record may have (the record schema's
#: ``properties``, which ``tests/test_jsonmodel.py`` holds these to).  A key
#: that is not one of them is refused, never dropped: a ``"Point"`` typed for
#: ``"point"`` would otherwise lose the claim without a word.
_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset(keys.split())
    for kind, keys in {
        "pos": "line column",
        "comment": "text pos line",
        "tag": "name value pos",
        "draw": "cards pos comments",
        "draw card": "seat card pos",
        "game": "index pos tags tag_comments leading_comments draw tags_text leading_text"
        " cut deals",
        "deal": "number dealer pos comments hands extra_hands stock chants announces"
        " concessions tricks signals winners point extra_winners extra_stocks extra_points"
        " unread unread_lines cut",
        "hand": "seat cards pos comments",
        "stock": "cards pos comments",
        "chant": "seat takes discards pos comments",
        "announce": "team pos comments",
        "concession": "team accepted pos comments",
        "trick": "number plays claim pos comments",
        "play": "seat card pos",
        "claim": "seat pourri pos",
        "signal": "seat what before pos comments",
        "winners": "entries pos comments",
        "point": "side points pos comments",
        "cut": "code message pos",
    }.items()
}


def _known(data: Any, kind: str, where: str) -> Any:
    """``data``, an object of the record of that kind, whose every key is
    one the record has (:data:`_KEYS`), each given once (:data:`TWICE`)."""
    if not isinstance(data, dict):
        return data
    check_keys(data, _KEYS[kind], kind, where)
    return data


def check_keys(data: dict[str, Any], allowed: Collection[str], kind: str, where: str) -> None:
    """RecordError, naming the key meant, where ``data`` has a key that a
    ``kind`` has not: a misspelt key would lose what it holds without a
    word; or one given twice (:data:`TWICE`), whose first value would be."""
    twice = data.get(TWICE)
    if twice is not None:
        raise RecordError(f"{where}: key {twice!r} is given twice in a {kind}")
    if data.keys() <= set(allowed):
        return
    from difflib import get_close_matches  # a wrong key only: validating imports no more

    key = min(data.keys() - set(allowed))
    near = [k for k in allowed if k.lower() == str(key).lower()] or get_close_matches(
        str(key), allowed, n=1
    )
    meant = f"; did you mean {near[0]!r}?" if near else ""
    raise RecordError(f"{where}: {key!r} is not a key of a {kind}{meant}")


def _get(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise RecordError(f"{where}: missing key {key!r}")
    return data[key]


def _card(value: Any, where: str) -> str:
    try:
        return canonical_card(value) if isinstance(value, str) else canonical_card("")
    except ValueError:
        raise RecordError(f"{where}: {json_quoted(value)} is not a card") from None


def _cards(values: Any, where: str) -> list[str]:
    if not isinstance(values, list) or not values:
        raise RecordError(f"{where}: expected a list of cards, not {json_quoted(values)}")
    return [_card(v, where) for v in values]


def _seat(value: Any, where: str, allowed: tuple[str, ...] = SEATS) -> str:
    if value not in allowed:
        raise RecordError(f"{where}: {json_quoted(value)} is not one of {', '.join(allowed)}")
    return str(value)


def _maybe_seat(value: Any, where: str) -> str | None:
    return None if value is None else _seat(value, where)


def _shape(exc: Exception) -> str:
    """A reader's word for a record whose JSON has the wrong shape."""
    if isinstance(exc, KeyError):
        return f"missing key {exc.args[0]!r}"
    return "a value has the wrong type (see the record schema, aln-record.schema.json)"


#: The largest number the notation writes (nine digits: its grammar's INT).
MAX_NUMBER = 999_999_999


def _int(value: Any, where: str, what: str) -> int:
    """A whole number >= 0, as the notation can write it (no bools, floats or signs)."""
    if type(value) is not int or value < 0:
        raise RecordError(f"{where}: {what} must be a whole number, not {json_quoted(value)}")
    if value > MAX_NUMBER:
        raise RecordError(f"{where}: {what} must have at most nine digits, not {value}")
    return value


def json_quoted(value: Any) -> str:
    """A value as a message quotes it: ``null``, ``true`` and ``false`` as
    JSON writes them (not Python's None and True), the rest as every
    message quotes what it found ('Zz')."""
    if value is None or isinstance(value, bool | list | dict):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def _object(value: Any, where: str, what: str) -> Any:
    """``value``, where it is a JSON object (a dict)."""
    if not isinstance(value, dict):
        raise RecordError(f"{where}: {what} must be an object, not {json_quoted(value)}")
    return value


def _items(data: Any, key: str, where: str) -> list[Any]:
    """An optional list of a deal (``[]`` when left out): anything else,
    an object among them, is said, not read as empty."""
    value = data.get(key, []) if isinstance(data, dict) else []
    return _list(value, where, key)


def _text(value: Any, where: str, what: str, pattern: re.Pattern[str]) -> str:
    """A string the ALN writer can write back so that it reads the same."""
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise RecordError(f"{where}: {what} {json_quoted(value)} cannot be written in ALN")
    return value


def _list(value: Any, where: str, what: str, empty: bool = True) -> list[Any]:
    if not isinstance(value, list) or (not empty and not value):
        raise RecordError(f"{where}: {what} must be a{'' if empty else ' non-empty'} list")
    return value


# What the writer can write back as it was: a comment cannot hold its closing
# brace; a tag value is escaped on writing, but cannot span lines.
_COMMENT_TEXT = re.compile(COMMENT_TEXT)
_TAG_NAME = re.compile(TAG_NAME)
_TAG_VALUE = re.compile(f"[^{LINE_BREAKS}]*")
_SIGNAL = re.compile(SIGNAL_NAME)


def _pos_from(data: Any, where: str) -> Pos:
    pos = _known(_get(data, "pos", where), "pos", where)
    return Pos(
        _int(_get(pos, "line", where), where, "line"),
        _int(_get(pos, "column", where), where, "column"),
    )


_LINE_COMMENT_TEXT = re.compile(f"[^{LINE_BREAKS}]*")


def _comments_from(data: Any, where: str, key: str = "comments") -> list[Comment]:
    comments = []
    for c in _list(_get(data, key, where), where, key):
        c = _known(c, "comment", where)
        # (a "line" that is not true or false was read as false: a brace comment)
        line = _bool(c.get("line", False), where, "a comment's line")
        pattern = _LINE_COMMENT_TEXT if line else _COMMENT_TEXT
        text = _text(_get(c, "text", where), where, "comment", pattern)
        _within_a_line(text, where)
        if not line:
            _one_comment(text, where)
        comments.append(Comment(text, _pos_from(c, where), line))
    return comments


#: Where a line of text starts a unit for the reader: a tag section, or a
#: deal header however mistyped (``Deal 2`` starts a deal too).
_UNIT_START = re.compile(f"[{re.escape(WHITESPACE)}]*(?:{re.escape(TAG_OPEN)}|(?i:{DEAL}))")


def _within_a_line(text: str, where: str) -> None:
    """Refuse a comment with a line longer than the reader's limit, which no
    ALN line holds: written as ALN, the line would be cut (A009) and its
    deal skipped.  (A comment the reader cut is as long as the limit at
    most, and the record's ``cut`` says its A009 again.)"""
    from .reading.decode import MAX_LINE_BYTES  # the reader needs this module's neighbours

    longest = max(len(line.encode("utf-8", "surrogatepass")) for line in text.split("\n"))
    if longest > MAX_LINE_BYTES:
        raise RecordError(
            f"{where}: a comment line of {longest:,} bytes cannot be written as ALN"
            f" (at most {MAX_LINE_BYTES:,}): the reader would cut its line"
        )


def _one_comment(text: str, where: str) -> None:
    """Refuse a brace comment's text that would not read back as this one
    comment once written as ALN (docs/formats.md, "Comments from JSON").

    Over several lines, a comment that has a line starting a tag section or
    a deal, and after it a ``{`` before its end, is what the reader takes for
    a comment left open by mistake (A002, docs/design.md): the rest would be
    read as new records.  So is one with more line breaks than the reader
    looks ahead for the comment's end.  A carriage return would read back
    as a line feed (the reader ends lines at either)."""
    if "\r" in text:
        raise RecordError(
            f"{where}: a comment with a carriage return cannot be written as ALN: it would"
            " read back as a line feed; write \\n for a line break"
        )
    if "\n" not in text:
        return
    from .reading import LOOKAHEAD_LINES  # (as above: imported where it is needed)

    lines = text.split("\n")
    if len(lines) > LOOKAHEAD_LINES:
        raise RecordError(
            f"{where}: a comment of {len(lines):,} lines cannot be written as ALN"
            f" (at most {LOOKAHEAD_LINES:,}); this is not a record"
        )
    for i, line in enumerate(lines[1:], 1):
        if _UNIT_START.match(line) and COMMENT_OPEN in "\n".join(lines[i:]):
            raise RecordError(
                f"{where}: a comment whose line {i + 1} starts a deal or a tag section and"
                f" is followed by '{COMMENT_OPEN}' cannot be written as ALN: it would read"
                " back as another record"
            )


#: a tag section after a deal's text, as the next game's stands in ALN
_NEXT_GAME = '[Event "?"]\n'


def _one_deal(text: str, where: str) -> str:
    """Refuse a deal's text as written (``unread``) that the ALN reader would
    not read back as this one deal: it is written as it stands, so a tag
    section or another deal in it (after a comment left open, say) would
    come back as other records, and the record would not be the same."""
    from .reading import read_units, split  # the reader needs this module's neighbours

    # A deal whose header was left out, or moved down, is read so after the
    # deal before it (split._next_deal): after a deal that cuts it so, it
    # must be one deal still.
    # And it is read as the writer puts it: before the next game's tags,
    # which keep a game's Result written at the foot of its last deal in
    # the deal (split._tag_below) as they did in the text it was read from.
    read = []
    for lead in split.leads_in(text):
        data = f"{lead}{text}\n\n\n{_NEXT_GAME}"
        units = list(read_units([data.encode("utf-8", "surrogatepass")]))
        # (the text before the first deal or tag section comes first, empty here)
        kinds = [unit.kind for unit in units if unit.kind != "other" or unit.text.strip()]
        if lead:
            kinds = kinds[1:]  # the deal it is read after
        if kinds[-1:] == ["tags"] and units[-1].text.strip() == _NEXT_GAME.strip():
            kinds = kinds[:-1]
        if kinds == ["deal"]:
            return text
        read.append(kinds)
    kinds = read[0]
    said = "no deal" if "deal" not in kinds else f"{len(kinds)} records"
    raise RecordError(
        f"{where}: unread must be one deal as written; the ALN reader would read {said} in it"
    )


#: a cut's message: one line (the messages of A009 and A003 are short)
_CUT_MESSAGE = re.compile(f"[^{LINE_BREAKS}]{{1,1000}}")


def _cut_from(
    data: dict[str, Any], where: str, game: int | None, deal: int | None
) -> list[Finding]:
    """The findings a ``cut`` list keeps (:func:`_cut`), said again."""
    found = []
    for entry in _list(data.get("cut", []), where, "cut"):
        entry = _known(entry, "cut", where)
        code = _get(entry, "code", where)
        if code not in CUT:
            codes = " or ".join(sorted(CUT))
            raise RecordError(f"{where}: a cut's code is {json_quoted(code)}, not {codes}")
        message = _text(_get(entry, "message", where), where, "a cut's message", _CUT_MESSAGE)
        pos = _pos_from(entry, where)
        try:
            found.append(Finding.kept(code, message, pos.line, pos.column, game, deal))
        except ValueError as exc:
            raise RecordError(f"{where}: a cut's message: {exc}") from None
    return found


def _bool(value: Any, where: str, what: str) -> bool:
    if type(value) is not bool:
        raise RecordError(f"{where}: {what} must be true or false, not {json_quoted(value)}")
    return value


def _claim_from(claim: Any, where: str) -> TrickClaim:
    """A trick's claim: a seat, or pourri (no seat).  ``pourri`` must say
    the same as the seat: where they disagree the record says two things."""
    claim = _known(_object(claim, where, "a trick's claim"), "claim", where)
    seat = _maybe_seat(claim.get("seat"), where)
    pourri = _bool(claim.get("pourri", seat is None), where, "a claim's pourri")
    if pourri != (seat is None):
        said = f"cannot be both for {seat} and pourri" if pourri else "with no seat is pourri"
        raise RecordError(f"{where}: a claim {said}; its seat and its pourri disagree")
    return TrickClaim(seat, _pos_from(claim, where))


def _verbatim(value: Any, where: str, what: str) -> str:
    """Text written back as it stands."""
    if not isinstance(value, str):
        raise RecordError(f"{where}: {what} must be a string")
    return value


def read_unread(
    deal: BrokenDeal, game: int | None = None, last_number: int = 0
) -> Deal | BrokenDeal:
    """A deal kept as text, read again as the ALN reader reads it: a record
    from JSON then gives the findings its ALN gave.  The lines that can be
    read make the deal (its unreadable lines are findings in ``unread``, a
    header number that cannot be read follows ``last_number``, as in ALN);
    a deal none of whose lines can be read stays text, with the finding
    that broke it."""
    # the reader needs this module's neighbours
    from .reading import Unit, header_number, parse_unit
    from .reading.split import text_start

    # (``pos`` names its header, which may stand below its first lines:
    # the text then starts that many lines above it, split.text_start)
    start = text_start(deal.pos, deal.text)
    result, _, error = parse_unit(Unit("deal", start.line, start.column, [deal.text + "\n"]))
    if isinstance(result, Deal):
        header_number(result, last_number)
        result.unread = [replace(f, game=game, deal=result.number) for f in result.unread]
        result.misplaced = [replace(f, game=game, deal=result.number) for f in result.misplaced]
        result.cut = [replace(f, game=game, deal=result.number) for f in deal.cut]
        return result
    deal.cut = [replace(f, game=game, deal=deal.number) for f in deal.cut]
    if error is not None:
        deal.error = replace(error, game=game, deal=deal.number)
    if isinstance(result, BrokenDeal):
        deal.unread = [replace(f, game=game, deal=deal.number) for f in result.unread]
    return deal


def text_findings(key: str, text: str, start: Pos, game: int) -> list[Finding]:
    """What the ALN reader finds in a game's text kept as written: the text
    before its first tag section (``leading_text``), or a tag section that
    could not be read (``tags_text``), read again as if it began at
    ``start``, so that the record from JSON gives the findings its ALN gave."""
    from .reading import Unit, parse_unit  # the reader needs this module's neighbours

    kind = "other" if key == "leading_text" else "tags"
    unit = Unit(kind, start.line, start.column, [text + "\n"])
    _, _, error = parse_unit(unit)
    return [] if error is None else [replace(error, game=game)]


def unread_finding(deal: BrokenDeal, game: int | None = None) -> Finding | None:
    """Why a deal kept as text cannot be read, found again by reading it."""
    read = read_unread(deal, game)
    if isinstance(read, Deal):
        return next(iter(read.unread), None)
    return read.error


def item_errors(item: Deal | BrokenDeal) -> list[Finding]:
    """What could not be read in a deal: the game's reading errors from it."""
    if isinstance(item, BrokenDeal):
        broken = [] if item.error is None else [item.error, *item.unread]
        return sorted([*broken, *item.cut], key=Finding.sort_key)
    return sorted([*item.unread, *item.misplaced, *item.cut], key=Finding.sort_key)


def item_from_dict(data: Any, where: str = "deal", game: int | None = None) -> Deal | BrokenDeal:
    """A deal, or a deal that could not be read (``unread``: its text as written)."""
    _object(data, where, "a deal")
    if "unread" in data:
        _known(data, "deal", where)
        try:
            number = data.get("number")
            dealer = data.get("dealer")
            return BrokenDeal(
                _pos_from(data, where),
                number if type(number) is int else None,
                dealer if isinstance(dealer, str) else None,
                _one_deal(_verbatim(data["unread"], where, "unread"), where),
                cut=_cut_from(data, where, game, None),
            )
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"{where}: {_shape(exc)}") from None
    return deal_from_dict(data, where, game)


def deal_from_dict(data: dict[str, Any], where: str = "deal", game: int | None = None) -> Deal:
    """A deal from its JSON form; anything malformed raises :class:`RecordError`."""
    try:
        return _deal_from_dict(data, where, game)
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise RecordError(f"{where}: {_shape(exc)}") from None


def _deal_from_dict(data: dict[str, Any], where: str, game: int | None) -> Deal:
    data = _known(data, "deal", where)

    def hand(h: dict[str, Any]) -> Hand:
        h = _known(h, "hand", where)
        return Hand(
            _seat(_get(h, "seat", where), where),
            _cards(_get(h, "cards", where), where),
            _pos_from(h, where),
            _comments_from(h, where),
        )

    deal = Deal(
        number=_int(_get(data, "number", where), where, "a deal number"),
        dealer=_seat(_get(data, "dealer", where), where),
        pos=_pos_from(data, where),
        comments=_comments_from(data, where),
    )
    # A seat's first hand is its hand and any other one is given again
    # (A107), in list order, as the ALN reader reads them in text order: a
    # seat listed twice replaced its first hand, and a seat given only among
    # the extra hands had none (an internal error).
    for h in [
        *_list(_get(data, "hands", where), where, "hands"),
        *_items(data, "extra_hands", where),
    ]:
        made = hand(h)
        if made.seat in deal.hands:
            deal.extra_hands.append(made)
        else:
            deal.hands[made.seat] = made

    def stock_from(stock: dict[str, Any]) -> Stock:
        stock = _known(_object(stock, where, "a stock"), "stock", where)
        return Stock(
            _cards(_get(stock, "cards", where), where),
            _pos_from(stock, where),
            _comments_from(stock, where),
        )

    def point_from(point: dict[str, Any]) -> PointClaim:
        point = _known(point, "point", where)
        side = point.get("side")
        if side is not None:
            _seat(side, where, SEATS + TEAMS)
        points = point.get("points")
        if points is not None:
            _int(points, where, "points")
        return PointClaim(side, points, _pos_from(point, where), _comments_from(point, where))

    stock = data.get("stock")
    if stock is not None:
        deal.stock = stock_from(stock)
    deal.extra_stocks = [stock_from(s) for s in _items(data, "extra_stocks", where)]
    deal.chants = [
        Chant(
            _seat(c["seat"], where),
            _cards(c["takes"], where),
            _cards(c["discards"], where),
            _pos_from(c, where),
            _comments_from(c, where),
        )
        for c in (_known(c, "chant", where) for c in _items(data, "chants", where))
    ]
    deal.announces = [
        Announce(_seat(a["team"], where, TEAMS), _pos_from(a, where), _comments_from(a, where))
        for a in (_known(a, "announce", where) for a in _items(data, "announces", where))
    ]
    deal.concessions = [
        Concede(
            _seat(c["team"], where, TEAMS),
            _bool(c["accepted"], where, "a concession's accepted"),
            _pos_from(c, where),
            _comments_from(c, where),
        )
        for c in (_known(c, "concession", where) for c in _items(data, "concessions", where))
    ]
    for t in _list(_get(data, "tricks", where), where, "tricks"):
        t = _known(t, "trick", where)
        claim = t.get("claim")
        deal.tricks.append(
            Trick(
                _int(_get(t, "number", where), where, "a trick number"),
                [
                    Play(
                        _maybe_seat(_get(p, "seat", where), where),
                        _card(_get(p, "card", where), where),
                        _pos_from(p, where),
                    )
                    for p in (
                        _known(p, "play", where)
                        for p in _list(_get(t, "plays", where), where, "plays", empty=False)
                    )
                ],
                None if claim is None else _claim_from(claim, where),
                _pos_from(t, where),
                _comments_from(t, where),
            )
        )
    deal.signals = [
        Signal(
            _seat(s["seat"], where),
            _text(s["what"], where, "signal", _SIGNAL),
            _int(s["before"], where, "a signal's place"),
            _pos_from(s, where),
            _comments_from(s, where),
        )
        for s in (_known(s, "signal", where) for s in _items(data, "signals", where))
    ]
    winners = _known(data.get("winners"), "winners", where)
    if winners is not None:
        entries = [
            _maybe_seat(e, where)
            for e in _list(_get(winners, "entries", where), where, "entries", empty=False)
        ]
        deal.winners = Winners(entries, _pos_from(winners, where), _comments_from(winners, where))
    for sheet in _items(data, "extra_winners", where):
        sheet = _known(sheet, "winners", where)
        deal.extra_winners.append(
            Winners(
                [
                    _maybe_seat(e, where)
                    for e in _list(_get(sheet, "entries", where), where, "entries", empty=False)
                ],
                _pos_from(sheet, where),
                _comments_from(sheet, where),
            )
        )
    point = data.get("point")
    if point is not None:
        deal.point = point_from(point)
    deal.extra_points = [point_from(p) for p in _items(data, "extra_points", where)]
    deal.cut = _cut_from(data, where, game, deal.number)
    return deal


def game_from_dict(
    data: dict[str, Any],
    where: str = "game",
    moved: Callable[[int, Deal | BrokenDeal], None] | None = None,
    reused: Callable[[int], Deal | BrokenDeal | None] | None = None,
    texts: Callable[[str, list[Finding], Pos], list[Finding]] | None = None,
) -> Game:
    """A game from its JSON form.  ``moved(k, deal)`` hears of each deal kept
    as text once it is read (``k`` counts the deals from 0): its positions
    are then in that text, and a reader that places findings in the JSON
    file moves them there (:mod:`aluette_cli.jsonplace`).  ``reused(k)``
    may give a deal read before, which is then not read again.  The game's
    own texts kept as written (``leading_text``, ``tags_text``) are read
    again for what the ALN reader found in them; ``texts(key, findings,
    start)`` may move those findings, read as if the text began at
    ``start``."""
    try:
        data = _known(data, "game", where)
        game = Game(
            index=_int(_get(data, "index", where), where, "index"), pos=_pos_from(data, where)
        )
        game.tags = [
            Tag(
                _text(_get(t, "name", where), where, "tag name", _TAG_NAME),
                _text(_get(t, "value", where), where, "tag value", _TAG_VALUE),
                _pos_from(t, where),
            )
            for t in (_known(t, "tag", where) for t in _get(data, "tags", where))
        ]
        game.tag_comments = _comments_from(data, where, "tag_comments")
        game.leading_comments = _comments_from(data, where, "leading_comments")
        draw = _known(data.get("draw"), "draw", where)
        if draw is not None:
            game.draw = Draw(
                [
                    Play(
                        _seat(_get(p, "seat", where), where),
                        _card(_get(p, "card", where), where),
                        _pos_from(p, where),
                    )
                    for p in (_known(p, "draw card", where) for p in _get(draw, "cards", where))
                ],
                _pos_from(draw, where),
                _comments_from(draw, where),
            )
        game.cut = _cut_from(data, where, game.index, None)
        game.errors += game.cut
        for key in ("leading_text", "tags_text"):
            if data.get(key) is not None:
                setattr(game, key, _verbatim(data[key], where, key))
                start = Pos(1, 1) if key == "leading_text" else game.pos
                found = text_findings(key, getattr(game, key), start, game.index)
                game.errors += found if texts is None else texts(key, found, start)
        last_number = 0
        for i, d in enumerate(data.get("deals", []), 1):
            where_deal = f"{where}, deal {i}"
            if i > model.MAX_DEALS:  # as the ALN reader skips them
                has_pos = isinstance(d, dict) and "pos" in d
                pos = _pos_from(d, where_deal) if has_pos else game.pos
                game.cut_past_deals(pos.line, pos.column)
                break
            again = None if reused is None else reused(i - 1)
            item = item_from_dict(d, where_deal, game.index) if again is None else again
            if again is None:
                if isinstance(item, BrokenDeal):
                    item = read_unread(item, game.index, last_number)
                    if moved is not None:
                        moved(i - 1, item)
                game.errors += item_errors(item)
            last_number = item.number if item.number is not None else last_number
            game.deals.append(item)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"{where}: {_shape(exc)}") from None
    return game


__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "deal_from_dict",
    "deal_to_dict",
    "game_from_dict",
    "game_header_to_dict",
    "game_to_dict",
    "item_errors",
    "item_from_dict",
    "item_to_dict",
    "partly_read_to_dict",
    "read_unread",
    "unread_finding",
]
