"""What goes around and between the items a command streams (``aluette_cli/framing.py``).

Items are written as soon as each is ready, so a JSON array or a page of
reports is framed piece by piece; scripts read those bytes (docs/cli.md,
the contract), so the exact layout is pinned here, and each framed text
that claims to be JSON is read back as JSON.
"""

from __future__ import annotations

import json

import pytest

from aluette_cli.framing import Framed


def framed_json(items: list[str], closing: str = "]", change: str | None = None) -> str:
    out: list[str] = []
    frame = Framed.json_list(out.append, "[", closing)
    frame.begin()
    for item in items:
        frame.add(item)
    if change is not None:
        frame.close_with(change)
    frame.end()
    return "".join(out)


@pytest.mark.parametrize(
    ("items", "text"),
    [
        ([], "[]\n"),  # no item: the brackets on one line
        (["1"], "[\n1\n]\n"),
        (["1", "2"], "[\n1,\n2\n]\n"),  # one item a line, a comma after all but the last
        (['{"a": 1}', '{"b": [2]}', "3"], '[\n{"a": 1},\n{"b": [2]},\n3\n]\n'),
    ],
)
def test_a_json_list_holds_one_item_a_line(items: list[str], text: str) -> None:
    assert framed_json(items) == text
    assert json.loads(text) == [json.loads(item) for item in items]


def test_a_list_inside_an_object_closes_the_list_then_the_object() -> None:
    # report --format json: {"games": [ ... ]} with the list's items a line each
    out: list[str] = []
    frame = Framed.json_list(out.append, '{"games": [', "]}")
    frame.begin()
    frame.add('{"n": 1}')
    frame.add('{"n": 2}')
    frame.end()
    text = "".join(out)
    assert text == '{"games": [\n{"n": 1},\n{"n": 2}\n]}\n'
    assert json.loads(text) == {"games": [{"n": 1}, {"n": 2}]}


@pytest.mark.parametrize(
    ("items", "text"),
    [([], '[], "unread": ["x.aln"]}\n'), (["1"], '[\n1\n], "unread": ["x.aln"]}\n')],
)
def test_the_closing_may_change_once_every_item_is_written(items: list[str], text: str) -> None:
    # what is known only at the end (files that could not be read) goes in the closing
    assert framed_json(items, "]}", change='], "unread": ["x.aln"]}') == text
    games = [json.loads(item) for item in items]
    assert json.loads('{"games": ' + text) == {"games": games, "unread": ["x.aln"]}


def test_pages_are_separated_and_nothing_is_written_around_them() -> None:
    # report's text pages: a rule between two pages, none before the first or after the last
    out: list[str] = []
    frame = Framed(out.append, between="\n====\n\n")
    frame.begin()
    for page in ("page 1\n", "page 2\n", "page 3\n"):
        frame.add(page)
    frame.end()
    assert out == ["page 1\n", "\n====\n\npage 2\n", "\n====\n\npage 3\n"]


def test_nothing_at_all_is_written_for_an_empty_unframed_stream() -> None:
    out: list[str] = []
    frame = Framed(out.append, between="\n")
    frame.begin()
    frame.end()
    assert out == []
    assert frame.count == 0


def test_each_item_is_written_as_soon_as_it_is_added() -> None:
    # a long run shows its first results at once: nothing is held back
    out: list[str] = []
    frame = Framed.json_list(out.append, "[", "]")
    frame.begin()
    assert out == ["["]
    frame.add("1")
    assert out == ["[", "\n1"]
    frame.add("2")
    assert out == ["[", "\n1", ",\n2"]
    assert frame.count == 2
