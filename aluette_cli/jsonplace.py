"""Where each value of a JSON record stands in its own file.

A record read from JSON holds the positions of the ALN text it was converted
from (its ``pos`` keys).  A finding must name a place in the file it is
about, the JSON file, so that an editor sent to ``file.json:LINE:COL`` lands
on the value the finding concerns.  This module finds where every value of
one game's JSON text stands, and rewrites the game's ``pos`` keys to those
places before the game is read into the model again: the engine then places
every finding in the JSON file without knowing it came from JSON.

Finding the places costs a pass of a tokenizer over the game's text, about
as much as reading the game; the standard library's decoder does not say
where values are.  So a game is read with its ALN positions first, and only
a game with findings is placed and checked again (:func:`convert.checked_from`).
The text is one game, or one row of JSON Lines, already decoded and so known
to be valid JSON: the tokenizer needs no error handling.
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

#: A value's offset in its text, and its members (an object) or its elements
#: (an array); None for a string, a number, true, false or null.
Node = tuple[int, Union[dict[str, "Node"], list["Node"], None]]  # noqa: UP007

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]|[^\s,:{}\[\]"]+')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

#: Which member of an object that has a ``pos`` is the value a finding about
#: it points at, the first present of these: a play's card, a hand's seat, a
#: claim's seat, a point's side, a deal's or trick's number, a tag's name, a
#: comment's text, the stock's cards, the sheet's entries.  An object with
#: none of them (a game) is placed at its opening brace.
PRIMARY = ("card", "seat", "team", "side", "number", "name", "text", "cards", "entries")


def places(text: str) -> Node:
    """The offset of every value in ``text``, a JSON value known to be valid,
    as a tree of the same shape (a key written twice keeps its last value,
    as ``json`` does)."""
    root: Node | None = None
    stack: list[tuple[dict[str, Node] | list[Node], list[str | None]]] = []
    for m in _TOKEN.finditer(text):
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
        children: dict[str, Node] | list[Node] | None = None
        if first == "{":
            children = {}
        elif first == "[":
            children = []
        node: Node = (m.start(), children)
        if stack:
            members, key = stack[-1]
            if isinstance(members, dict):
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
    kept as text (``unread``) keeps its ``pos``: its text is read from that
    position, and :func:`text_mover` moves what is read from it."""
    offset, children = node
    if isinstance(data, dict) and isinstance(children, dict):
        if "pos" in data and "unread" not in data:
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
    children = node[1]
    value = deal.get("unread")
    pos = deal.get("pos")
    if not isinstance(children, dict) or "unread" not in children or not isinstance(value, str):
        return None
    if not isinstance(pos, dict) or type(pos.get("line")) is not int:
        return None
    start = children["unread"][0]
    literal = _STRING.match(text.text, start)
    assert literal is not None
    chars = string_places(literal.group())
    # where each line of the deal's text starts, as a character of the string
    starts = [0] + [m.end() for m in re.finditer("\n", value)]
    line0, column0 = pos["line"], pos.get("column")
    column0 = column0 if type(column0) is int else 1

    def move(at: Pos) -> Pos:
        k = at.line - line0
        if not 0 <= k < len(starts):
            return at
        index = starts[k] + at.column - (column0 if k == 0 else 1)
        index = min(max(index, 0), len(chars) - 1)
        moved = text.at(start + chars[index])
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
    "move_item",
    "moved_finding",
    "placed",
    "places",
    "string_places",
    "text_mover",
    "with_origins",
]
