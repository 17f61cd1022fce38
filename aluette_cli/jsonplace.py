"""Where each value of a JSON record stands in its own file.

A record read from JSON holds the positions of the ALN text it was converted
from (its ``pos`` keys).  A finding must name a place in the file it is
about, the JSON file, so that an editor sent to ``file.json:LINE:COL`` lands
on the value the finding concerns.  This module finds where every value of
one game's JSON text stands, and rewrites the game's ``pos`` keys to those
places before the game is read into the model again: the engine then places
every finding in the JSON file without knowing it came from JSON.

Finding the places costs a pass of a tokenizer over the text, about as much
as reading it; the standard library's decoder does not say where values
are.  So a game is read with its ALN positions first, and only a game with
findings is placed and checked again (:func:`convert.checked_from`): its
deals with findings value by value, the others only where they start (the
deals first read serve again).  The text is one game, or one row of JSON
Lines, already decoded and so known to be valid JSON: the tokenizer needs
no error handling.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Union

from .findings import Finding
from .model import BrokenDeal, Deal, Game, Pos
from .reading.split import text_start

#: A value's offset in its text, and its members (an object) or its elements
#: (an array); None for a string, a number, true, false or null.
Node = tuple[int, Union[dict[str, "Node"], list["Node"], None]]  # noqa: UP007

_STRING_TEXT = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_TOKEN = re.compile(_STRING_TEXT + r'|[{}\[\]]|[^\s,:{}\[\]"]+')
_STRING = re.compile(_STRING_TEXT)

#: Which member of an object that has a ``pos`` is the value a finding about
#: it points at, the first present of these: a play's card, a hand's seat, a
#: claim's seat, a point's side, a deal's or trick's number, a tag's name, a
#: comment's text, the stock's cards, the sheet's entries, a cut's code.  An
#: object with none of them (a game) is placed at its opening brace.
PRIMARY = ("card", "seat", "team", "side", "number", "name", "text", "cards", "entries", "code")


#: A value whose own values a full record never points at: a ``pos``
#: object, a list of cards or of sheet entries (no object or list in it).
_FLAT = re.compile(r'[{\[][^"{}\[\]]*(?:' + _STRING_TEXT + r'[^"{}\[\]]*)*[}\]]')


def places(text: str, skip: Callable[[int], bool] | None = None, every: bool = True) -> Node:
    """The offset of every value in ``text``, a JSON value known to be valid,
    as a tree of the same shape (a key written twice keeps its last value,
    as ``json`` does).  A deal of the top object's ``deals`` for which
    ``skip(k)`` is true (``k`` from 0) is placed, but not its values: the
    standard library's decoder finds its end.  Unless ``every``, an object
    or a list that holds neither (a ``pos``, a list of cards) is placed but
    not its values: most of a full record's values, and none a finding
    points at (a compact row's cards are: :func:`placed_compact`)."""
    root: Node | None = None
    stack: list[tuple[dict[str, Node] | list[Node], list[str | None]]] = []
    deals: list[Node] | None = None  # the elements of the top object's deals
    tokens = _TOKEN.finditer(text)
    while (m := next(tokens, None)) is not None:
        token = m.group()
        first = token[0]
        if first in "]}":
            stack.pop()
            continue
        if stack:
            members, key = stack[-1]
            if isinstance(members, dict) and key[0] is None:  # a key, not a value
                key[0] = json.loads(token) if "\\" in token else token[1:-1]
                continue
        if skip is not None and first == "{" and stack and stack[-1][0] is deals:
            assert deals is not None
            if skip(len(deals)):
                deals.append((m.start(), {}))
                tokens = _TOKEN.finditer(text, _END(text, m.start())[1])
                continue
        children: dict[str, Node] | list[Node] | None = None
        if first in "{[" and not every and (whole := _FLAT.match(text, m.start())) is not None:
            children = {} if first == "{" else []
            node: Node = (m.start(), children)
            tokens = _TOKEN.finditer(text, whole.end())
            children = None  # nothing to read in it
        else:
            if first == "{":
                children = {}
            elif first == "[":
                children = []
            node = (m.start(), children)
        if stack:
            members, key = stack[-1]
            if isinstance(members, dict):
                if len(stack) == 1 and key[0] == "deals" and isinstance(children, list):
                    deals = children
                members[key[0]] = node  # type: ignore[index]
                key[0] = None
            else:
                members.append(node)
        else:
            root = node
        if children is not None:
            stack.append((children, [None]))
    assert root is not None
    return root


#: Where a JSON value known to be valid ends (the second of the pair).
_END = json.JSONDecoder().raw_decode
_MEMBER = re.compile(r"\s*[{,]\s*(" + _STRING_TEXT + r")\s*:\s*")


def member_start(text: str, key: str) -> int | None:
    """The offset of the value of ``key`` in the object ``text`` (known to
    be valid JSON), found without reading the other values (the decoder
    skips them): where a deal of no interest starts in its row."""
    at = 0
    found = None
    while (m := _MEMBER.match(text, at)) is not None:
        if json.loads(m.group(1)) == key:
            found = m.end()  # the last one, as json keeps it
        at = _END(text, m.end())[1]
    return found


@dataclass(slots=True)
class Text:
    """One game's (or one row's) JSON text, and where it starts in its file."""

    text: str
    line: int
    column: int
    _breaks: list[int] = field(default_factory=list)
    _counted: bool = False

    def at(self, offset: int) -> Pos:
        """The line and column (from 1, in characters) in the file of ``text[offset]``."""
        if not self._counted:
            self._breaks = [m.start() for m in re.finditer("\n", self.text)]
            self._counted = True
        lines = bisect_right(self._breaks, offset - 1)
        if not lines:
            return Pos(self.line, self.column + offset)
        return Pos(self.line + lines, offset - self._breaks[lines - 1])


#: The move of a position to its place in the JSON file.
Mover = Callable[[Pos], Pos]

#: Where each position of a placed record came from: the ALN position its
#: JSON gave (``pos``), by the position in the JSON file.
Origins = dict[Pos, Pos]


def placed(data: Any, node: Node, text: Text, origins: Origins) -> None:
    """Rewrite, in place, every ``pos`` of ``data`` (the decoded value whose
    places are ``node``) to the place in the file of its object's
    :data:`PRIMARY` member, noting each ALN position in ``origins``.  A deal
    kept as text (``unread``) keeps its positions: its text is read from
    its ``pos``, and :func:`text_mover` moves what is read from it, and
    what it keeps beside (``cut``)."""
    offset, children = node
    if isinstance(data, dict) and "unread" in data:
        return  # read from its text: text_mover moves what is read from it
    if isinstance(data, dict) and isinstance(children, dict):
        if "pos" in data:
            key = next((k for k in PRIMARY if k in children), None)
            at = text.at(offset if key is None else children[key][0])
            old = data["pos"]
            if isinstance(old, dict) and type(old.get("line")) is int:
                column = old.get("column")
                origins[at] = Pos(old["line"], column if type(column) is int else 0)
            data["pos"] = {"line": at.line, "column": at.column}
        for key, value in data.items():
            child = children.get(key)
            if child is not None and child[1] is not None:
                placed(value, child, text, origins)
    elif isinstance(data, list) and isinstance(children, list):
        for value, child in zip(data, children, strict=False):
            if child[1] is not None:
                placed(value, child, text, origins)


def _members(node: Node | None) -> dict[str, Node]:
    return node[1] if node is not None and isinstance(node[1], dict) else {}


def _elements(node: Node | None) -> list[Node]:
    return node[1] if node is not None and isinstance(node[1], list) else []


@dataclass(slots=True)
class _Compact:
    """Places the full form of a compact row (:mod:`aluette_cli.compact`)
    by the values of the row as written: the compact form keeps the lists
    and most keys of the full one, and a trick's cards and claim, the
    draw's cards and the tags are values of their own."""

    text: Text
    #: None: the row has no positions (written without ``--lossless``),
    #: so its full form's are its row's, not the ALN's
    origins: Origins | None

    def put(self, full: dict[str, Any], node: Node) -> None:
        at = self.text.at(node[0])
        old = full.get("pos")
        if self.origins is not None and isinstance(old, dict):
            self.origins[at] = Pos(old["line"], old["column"])
        full["pos"] = {"line": at.line, "column": at.column}

    def element(self, full: Any, node: Node | None) -> None:
        if not isinstance(full, dict) or node is None:
            return
        members = _members(node)
        key = next((k for k in PRIMARY if k in members), None)
        self.put(full, node if key is None else members[key])
        for key in ("comments", "tag_comments", "leading_comments"):
            for comment, at in zip(full.get(key) or [], _elements(members.get(key)), strict=False):
                self.element(comment, at)

    def plays(self, plays: list[Any], node: Node | None) -> None:
        for play, at in zip(plays, _elements(_members(node).get("cards")), strict=False):
            if isinstance(play, dict):
                self.put(play, at)

    def deal(self, deal: dict[str, Any], node: Node) -> None:
        members = _members(node)
        if "unread" in deal:  # read from its text: text_mover moves it
            return
        self.element(deal, node)
        for key, value in deal.items():
            at = members.get(key)
            if key in ("pos", "comments"):
                continue
            if key == "tricks":
                for trick, t in zip(value, _elements(at), strict=False):
                    self.trick(trick, t)
            elif isinstance(value, list):
                for part, p in zip(value, _elements(at), strict=False):
                    self.element(part, p)
            elif isinstance(value, dict):
                self.element(value, at)

    def trick(self, trick: Any, node: Node) -> None:
        if not isinstance(trick, dict):
            return
        self.element(trick, node)
        self.plays(trick.get("plays") or [], node)
        claim = _members(node).get("claim")
        if isinstance(trick.get("claim"), dict) and claim is not None:
            self.put(trick["claim"], claim)

    def header(self, game: dict[str, Any], node: Node) -> None:
        self.put(game, node)
        members = _members(node)
        for key in ("tag_comments", "leading_comments"):
            for comment, at in zip(game.get(key) or [], _elements(members.get(key)), strict=False):
                self.element(comment, at)
        for entry, at in zip(game.get("cut") or [], _elements(members.get("cut")), strict=False):
            self.element(entry, at)
        tags = members.get("tags")
        pairs = _elements(tags)
        for k, tag in enumerate(game.get("tags") or []):
            if pairs and k < len(pairs):  # a list of [name, value]
                self.put(tag, _elements(pairs[k])[0] if _elements(pairs[k]) else pairs[k])
            elif isinstance(tag, dict) and tag.get("name") in _members(tags):
                self.put(tag, _members(tags)[tag["name"]])
        draw = game.get("draw")
        if isinstance(draw, dict) and "draw" in members:
            self.element(draw, members["draw"])
            self.plays(draw.get("cards") or [], members["draw"])


def placed_compact(
    header: dict[str, Any] | None,
    deal: dict[str, Any] | None,
    node: Node,
    text: Text,
    origins: Origins | None,
) -> None:
    """Rewrite, in place, every ``pos`` of the full form of a compact row's
    game (``header``) and ``deal`` to the place in the file of the value of
    the row it comes from (a tag's value, a trick's card or claim, an
    element's :data:`PRIMARY` member), noting each ALN position in
    ``origins`` (None for a row without positions)."""
    places = _Compact(text, origins)
    members = _members(node)
    if header is not None and "game" in members:
        places.header(header, members["game"])
    if deal is not None and "deal" in members:
        places.deal(deal, members["deal"])


def string_places(literal: str) -> list[int]:
    """The offset in ``literal`` (a JSON string, quotes included) of each
    character it decodes to, and last of its closing quote."""
    out = []
    i = 1
    end = len(literal) - 1
    while i < end:
        out.append(i)
        if literal[i] != "\\":
            i += 1
        elif literal[i + 1] != "u":
            i += 2
        else:
            high = 0xD800 <= int(literal[i + 2 : i + 6], 16) < 0xDC00
            i += 12 if high and literal.startswith("\\u", i + 6) else 6
    out.append(end)
    return out


def text_mover(deal: dict[str, Any], node: Node, text: Text, origins: Origins) -> Mover | None:
    """The move of a position in a deal kept as text (``unread``) to the
    place in the file of that character of the JSON string; None when the
    deal holds no such string."""
    pos = deal.get("pos")
    if not isinstance(pos, dict) or type(pos.get("line")) is not int:
        return None
    column = pos.get("column")
    start = Pos(pos["line"], column if type(column) is int else 1)
    unread = deal.get("unread")
    if isinstance(unread, str):
        start = text_start(start, unread)  # (pos names its header, wherever it stands)
    return string_mover(deal, "unread", start, node, text, origins)


def string_mover(
    obj: dict[str, Any], key: str, start: Pos, node: Node, text: Text, origins: Origins
) -> Mover | None:
    """The move of a position in the text ``obj[key]``, read as if it began
    at ``start``, to the place in the file of that character of the JSON
    string; None when ``obj`` holds no such string."""
    children = node[1]
    value = obj.get(key)
    if not isinstance(children, dict) or key not in children or not isinstance(value, str):
        return None
    literal = _STRING.match(text.text, children[key][0])
    assert literal is not None
    at_string = children[key][0]
    chars = string_places(literal.group())
    # where each line of the text starts, as a character of the string
    starts = [0] + [m.end() for m in re.finditer("\n", value)]
    line0, column0 = start

    def move(at: Pos) -> Pos:
        k = at.line - line0
        if not 0 <= k < len(starts):
            return at
        index = starts[k] + at.column - (column0 if k == 0 else 1)
        index = min(max(index, 0), len(chars) - 1)
        moved = text.at(at_string + chars[index])
        origins[moved] = at
        return moved

    return move


def move_item(item: Deal | BrokenDeal | Game, move: Mover) -> None:
    """Move, in place, every position in a deal (or a game's own parts), its
    reading errors' too."""
    _move(item, move)


def _move(obj: Any, move: Mover) -> Any:
    if isinstance(obj, Pos):
        return move(obj)
    if isinstance(obj, Finding):
        return moved_finding(obj, move)
    if isinstance(obj, list):
        obj[:] = [_move(x, move) for x in obj]
    elif isinstance(obj, dict):
        for key, value in obj.items():
            obj[key] = _move(value, move)
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            value = getattr(obj, f.name)
            if isinstance(value, Pos | Finding | list | dict) or is_dataclass(value):
                setattr(obj, f.name, _move(value, move))
    return obj


def moved_finding(finding: Finding, move: Mover) -> Finding:
    at = move(Pos(finding.line, finding.column))
    cause = finding.consequence_of
    if cause is not None:
        code, line, column = cause
        cause = (code, *move(Pos(line, column)))
    return replace(finding, line=at.line, column=at.column, consequence_of=cause)


def with_origins(findings: list[Finding], origins: Origins) -> list[Finding]:
    """Each finding with the ALN position its place was converted from, when
    the JSON gave one."""
    return [
        f if (o := origins.get(Pos(f.line, f.column))) is None else replace(f, origin=o)
        for f in findings
    ]


__all__ = [
    "PRIMARY",
    "Mover",
    "Node",
    "Origins",
    "Text",
    "member_start",
    "move_item",
    "moved_finding",
    "placed",
    "placed_compact",
    "places",
    "string_places",
    "text_mover",
    "with_origins",
]
