"""The compact JSON Lines row: the full record row with its noise left out.

A full row (``jsonmodel``) spells out every element as an object with a
``pos`` object and a ``comments`` list, and every part a deal could have,
empty or not: most of its bytes say "nothing here" or "line 12, column 4".
The compact row (version 2) is that row abbreviated, and nothing else:

- empty lists and null fields are left out (jq reads a missing key as null);
- positions and comments are left out, unless ``lossless``: then a ``pos``
  is ``[line, column]``, and the parts of an element (the cards of a trick
  and its claim, the cards of a draw, the tags of a game) are where the
  canonical layout puts them from that ``pos`` (``laid_out``), unless
  ``at`` places them: a column on the element's own line or a
  ``[line, column]`` pair.  Most records are canonical, and their places
  were a fifth of a lossless row;
- a trick is ``{"cards": [...], "seats": [...], "claim": "N"}``, its number
  written only when it is not its place in the deal; the tags are an
  object ``{name: value}`` when no name repeats (a list of pairs if one does).

The writer abbreviates the full row and the reader expands the compact one
back to it, so that the full reader (``jsonmodel``) checks both the same way
and there is one description of what a record holds.  ``expand`` of
``abbreviate(row, lossless=True)`` is the row again; without ``lossless``,
every position becomes the row's own line in the JSON Lines file, so that a
finding points at the line that holds the deal.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from .jsonmodel import TWICE, RecordError, check_keys, json_quoted

#: the version of a compact row (a full row is version 1)
VERSION = 2

Json = dict[str, Any]
#: a line and a column
Place = tuple[int, int]

#: what each list of a deal holds: the full reader's defaults for a part left out
_DEAL_LISTS = ("hands", "extra_hands", "chants", "announces", "concessions", "tricks", "signals")
_DEAL_NONES = ("stock", "winners", "point")
#: the lines a deal gives twice, present in a deal only when there are some
_DEAL_EXTRAS = ("extra_winners", "extra_stocks", "extra_points")


# --------------------------------------------------------------------------
# Abbreviating: full row -> compact row


def _comment(c: Json) -> Json:
    short: Json = {"text": c["text"], "pos": [c["pos"]["line"], c["pos"]["column"]]}
    if c.get("line"):
        short["line"] = True
    return short


def _element(data: Json, lossless: bool, skip: tuple[str, ...] = ()) -> Json:
    """Any element: nulls and empty lists out, positions and comments out
    unless ``lossless`` (then compact)."""
    short: Json = {}
    for key, value in data.items():
        if key in skip or value is None or value == []:
            continue
        if key == "pos":
            if lossless:
                short["pos"] = [value["line"], value["column"]]
        elif key in ("comments", "tag_comments", "leading_comments"):
            if lossless:
                short[key] = [_comment(c) for c in value]
        elif key == "cut":
            short[key] = [_element(c, lossless) for c in value]
        else:
            short[key] = value
    return short


def laid_out(start: tuple[int, int], lead: str, tokens: list[str], claim: bool) -> list[Place]:
    """Where the canonical layout puts the parts of a line that starts at
    ``start`` with ``lead``: one space after it and after each token, then
    the claim's arrow.  A lossless row writes ``at`` only when its parts are
    elsewhere."""
    columns = accumulate((len(token) + 1 for token in tokens), initial=start[1] + len(lead) + 1)
    places = [(start[0], column) for column in columns]  # and where a claim would be
    return places if claim else places[:-1]


def tag_places(start: tuple[int, int], count: int) -> list[Place]:
    """Where the canonical layout puts the tags: one a line from the game's, at column 1."""
    return [(start[0] + k, 1) for k in range(count)]


def tokens(seats: list[Any], cards: list[Any]) -> list[str]:
    return [f"{s}:{c}" if s is not None else str(c) for s, c in zip(seats, cards, strict=False)]


def _place(pos: Json) -> Place:
    return pos["line"], pos["column"]


def _short_at(places: list[Place], canonical: list[Place], line: int) -> Json:
    """``{"at": ...}``, or nothing when the parts are where the canonical layout puts them."""
    if places == canonical:
        return {}
    return {"at": [p[1] if p[0] == line else [p[0], p[1]] for p in places]}


def _plays_at(element: Json, plays: list[Json], lead: str, claim: Json | None = None) -> Json:
    """:func:`_short_at` for the plays (and the claim) of a trick or a draw."""
    start = _place(element["pos"])
    places = [_place(p["pos"]) for p in plays]
    if claim is not None:
        places.append(_place(claim["pos"]))
    written = tokens([p["seat"] for p in plays], [p["card"] for p in plays])
    return _short_at(places, laid_out(start, lead, written, claim is not None), start[0])


def _plays(plays: list[Json]) -> Json:
    """Cards, and seats when any is written."""
    parts: Json = {"cards": [p["card"] for p in plays]}
    if any(p["seat"] is not None for p in plays):
        parts["seats"] = [p["seat"] for p in plays]
    return parts


def _trick(t: Json, place: int, lossless: bool) -> Json:
    short: Json = {} if t["number"] == place else {"number": t["number"]}
    short.update(_plays(t["plays"]))
    claim = t["claim"]
    if claim is not None:
        short["claim"] = claim["seat"] or "pourri"
    if lossless:
        short["pos"] = list(_place(t["pos"]))
        short.update(_plays_at(t, t["plays"], f"{t['number']}.", claim))
        if t["comments"]:
            short["comments"] = [_comment(c) for c in t["comments"]]
    return short


#: What the compact form keeps of a deal kept as text.
_UNREAD_KEYS = ("unread", "pos", "number", "dealer", "cut")


def abbreviate_item(deal: Json, lossless: bool = False) -> Json:
    """A deal (or a deal kept as text) of the full form, abbreviated."""
    if "unread" in deal:  # the text is what is read back: the parts read from it are left out
        return _element({k: deal[k] for k in _UNREAD_KEYS if k in deal}, lossless)
    parts = (*_DEAL_LISTS, *_DEAL_NONES, *_DEAL_EXTRAS)
    short = _element(deal, lossless, skip=parts)
    for key, value in deal.items():
        if key not in parts or value is None or value == []:
            continue
        if key == "tricks":
            short[key] = [_trick(t, i, lossless) for i, t in enumerate(value, 1)]
        elif isinstance(value, list):
            short[key] = [_element(e, lossless) for e in value]
        else:
            short[key] = _element(value, lossless)
    return short


def abbreviate_header(game: Json, lossless: bool = False) -> Json:
    """A game's part of a row (without deals), abbreviated."""
    short: Json = {"index": game["index"]}
    if lossless:
        short["pos"] = [game["pos"]["line"], game["pos"]["column"]]
    tags = game["tags"]
    if tags:
        names = [t["name"] for t in tags]
        if len(set(names)) == len(names):
            short["tags"] = {t["name"]: t["value"] for t in tags}
        else:
            short["tags"] = [[t["name"], t["value"]] for t in tags]
        if lossless:
            start = _place(game["pos"])
            places = [_place(t["pos"]) for t in tags]
            short.update(_short_at(places, tag_places(start, len(tags)), start[0]))
    short.update(_element(game, lossless, skip=("index", "pos", "tags", "draw")))
    draw = game.get("draw")
    if draw is not None:
        short["draw"] = {**_plays(draw["cards"]), **_element(draw, lossless, skip=("cards",))}
        if lossless:
            short["draw"].update(_plays_at(draw, draw["cards"], "draw:"))
    return short


# --------------------------------------------------------------------------
# Expanding: compact row -> full row


#: The keys of a compact trick, draw and comment (the row's schema).
_TRICK_KEYS = frozenset({"at", "cards", "claim", "comments", "number", "pos", "seats"})
_DRAW_KEYS = frozenset({"at", "cards", "comments", "pos", "seats"})
_COMMENT_KEYS = frozenset({"line", "pos", "text"})


class Expander:
    """Expands one compact row as the full reader reads it (:meth:`header`,
    :meth:`item`: a deal, or a deal kept as text); ``row`` is its line in
    the JSON Lines file, the place of everything the row does not place
    itself."""

    def __init__(self, row: int, where: str) -> None:
        self.row, self.where = row, where

    def fail(self, what: str) -> RecordError:
        return RecordError(f"{self.where}: {what}")

    def obj(self, value: Any, what: str) -> Json:
        if not isinstance(value, dict):
            raise self.fail(f"{what} must be a JSON object")
        return value

    def keys(self, data: Json, allowed: frozenset[str], kind: str) -> None:
        """A trick, a draw or a comment, rebuilt from the keys it may have,
        has no other (docs/formats.md §7)."""
        check_keys(data, allowed, kind, self.where)

    def array(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list")
        return value

    def whole(self, value: Any) -> bool:
        return type(value) is int and value >= 0

    def pos(self, data: Json, what: str, key: str = "pos") -> Json:
        value = data.get(key)
        if value is None:
            return {"line": self.row, "column": 1}
        if not (isinstance(value, list) and len(value) == 2 and all(map(self.whole, value))):
            raise self.fail(f"{what}: {key} must be [line, column], not {json_quoted(value)}")
        return {"line": value[0], "column": value[1]}

    def places(self, data: Json, canonical: list[Place], line: int, what: str) -> list[Json]:
        """The places of an element's parts: from ``at``; else where the
        canonical layout puts them, for an element with a ``pos``; else at the row."""
        if "at" not in data:
            if "pos" not in data:
                return [{"line": self.row, "column": 1}] * len(canonical)
            return [{"line": p[0], "column": p[1]} for p in canonical]
        at = self.array(data["at"], f"{what}: at")
        if len(at) != len(canonical):
            raise self.fail(f"{what}: at must place {len(canonical)} parts, not {len(at)}")
        out = []
        for entry in at:
            if self.whole(entry):
                out.append({"line": line, "column": entry})
            else:
                out.append(self.pos({"pos": entry}, f"{what}: at"))
        return out

    def comments(self, data: Json, what: str, key: str = "comments") -> list[Json]:
        full = []
        for c in self.array(data.get(key, []), f"{what}: {key}"):
            c = self.obj(c, f"{what}: a comment")
            self.keys(c, _COMMENT_KEYS, "comment")
            if "text" not in c:  # as the full form says it
                raise self.fail(f"{what}: a comment: missing key 'text'")
            comment = {"text": c["text"], "pos": self.pos(c, f"{what}: a comment")}
            if "line" in c:
                comment["line"] = c["line"]
            full.append(comment)
        return full

    def element(self, data: Any, what: str) -> Json:
        data = self.obj(data, what)
        return {**data, "pos": self.pos(data, what), "comments": self.comments(data, what)}

    def plays(self, data: Json, what: str, lead: str) -> tuple[list[Json], Json]:
        """The plays of a trick or a draw, and the claim's place (for a trick)."""
        cards = self.array(data.get("cards"), f"{what}: cards")
        seats = self.array(data.get("seats", [None] * len(cards)), f"{what}: seats")
        if len(seats) != len(cards):
            raise self.fail(f"{what}: {len(seats)} seats for {len(cards)} cards")
        pos = self.pos(data, what)
        claimed = data.get("claim") is not None
        start = (pos["line"], pos["column"])
        canonical = laid_out(start, lead, tokens(seats, cards), claimed)
        places = self.places(data, canonical, pos["line"], what)
        plays = [
            {"seat": s, "card": c, "pos": p} for s, c, p in zip(seats, cards, places, strict=False)
        ]
        return plays, places[-1] if claimed else pos

    def trick(self, data: Any, place: int) -> Json:
        what = f"trick {place}"
        data = self.obj(data, what)
        self.keys(data, _TRICK_KEYS, "trick")
        plays, claim_pos = self.plays(data, what, f"{data.get('number', place)}.")
        claim = data.get("claim")
        if claim is not None and not isinstance(claim, str):
            raise self.fail(f'{what}: claim must be a seat or "pourri", not {json_quoted(claim)}')
        return {
            "number": data.get("number", place),
            "plays": plays,
            "claim": None
            if claim is None
            else {
                "seat": None if claim == "pourri" else claim,
                "pourri": claim == "pourri",
                "pos": claim_pos,
            },
            "pos": self.pos(data, what),
            "comments": self.comments(data, what),
        }

    def cut(self, data: Json) -> Json:
        """The ``cut`` entries of a deal or a game, each with its ``pos``."""
        if "cut" not in data:
            return {}
        entries = [self.obj(c, "cut") for c in self.array(data["cut"], "cut")]
        return {"cut": [{**c, "pos": self.pos(c, "cut")} for c in entries]}

    def item(self, data: Any) -> Json:
        data = self.obj(data, "deal")
        if "unread" in data:
            return {
                "number": None,
                "dealer": None,
                **data,
                "pos": self.pos(data, "deal"),
                **self.cut(data),
            }
        full: Json = {
            **{key: [] for key in _DEAL_LISTS},
            **{key: None for key in _DEAL_NONES},
            **self.element(data, "deal"),
            **self.cut(data),
        }
        full["tricks"] = [
            self.trick(t, i) for i, t in enumerate(self.array(full["tricks"], "tricks"), 1)
        ]
        for key in (*_DEAL_LISTS, *_DEAL_EXTRAS):
            if key != "tricks" and key in full:
                full[key] = [self.element(e, key) for e in self.array(full[key], key)]
        for key in _DEAL_NONES:
            if full[key] is not None:
                full[key] = self.element(full[key], key)
        if full["point"] is not None:
            full["point"] = {"side": None, "points": None, **full["point"]}
        if "extra_points" in full:
            full["extra_points"] = [
                {"side": None, "points": None, **p} for p in full["extra_points"]
            ]
        return full

    def header(self, data: Any) -> Json:
        data = self.obj(data, "game")
        pos = self.pos(data, "game")
        tags = data.get("tags", {})
        if isinstance(tags, dict):
            if TWICE in tags:
                raise self.fail(f"tag {tags[TWICE]!r} is given twice in the tags")
            pairs = list(tags.items())
        elif isinstance(tags, list) and all(isinstance(p, list) and len(p) == 2 for p in tags):
            pairs = tags
        else:
            raise self.fail("tags must be an object, or a list of [name, value] pairs")
        start = (pos["line"], pos["column"])
        places = self.places(data, tag_places(start, len(pairs)), pos["line"], "tags")
        full: Json = {
            **data,
            "pos": pos,
            "tags": [
                {"name": n, "value": v, "pos": p} for (n, v), p in zip(pairs, places, strict=True)
            ],
            "tag_comments": self.comments(data, "game", "tag_comments"),
            "leading_comments": self.comments(data, "game", "leading_comments"),
            "draw": None,
            **self.cut(data),
        }
        full.pop("at", None)
        draw = data.get("draw")
        if draw is not None:
            draw = self.obj(draw, "draw")
            self.keys(draw, _DRAW_KEYS, "draw")
            cards, _ = self.plays(draw, "draw", "draw:")
            full["draw"] = {
                "cards": cards,
                "pos": self.pos(draw, "draw"),
                "comments": self.comments(draw, "draw"),
            }
        return full


__all__ = ["VERSION", "Expander", "abbreviate_header", "abbreviate_item"]
