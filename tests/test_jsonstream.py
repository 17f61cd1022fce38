"""A record document is read one game at a time: problems are placed at
their line and column in the document, a bad or over-long game costs that
game only, and memory does not follow the document's length.

Positions are counted by hand on the small documents below; the values are
compared with what ``json.loads`` gives for the same text."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from aluette_cli import jsonstream
from aluette_cli.convert import Rewound, Unreadable, read_any
from aluette_cli.jsonmodel import game_to_dict
from aluette_cli.jsonstream import Item, Member, Problem, read_document, reason_of
from aluette_cli.model import Game
from aluette_cli.reading import read_games

from .conftest import generated, run


def parts(text: str | bytes, limit: int = 1000) -> list[Member | Item | Problem]:
    data = text.encode() if isinstance(text, str) else text
    return list(read_document(io.BytesIO(data).read, "games", limit))


def at(text: str, marker: str) -> tuple[int, int]:
    """The line and column of ``marker`` in ``text``, counted as ``json`` counts."""
    before = text[: text.index(marker)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def test_members_and_items_come_in_document_order_with_their_places() -> None:
    text = '{"format": "x",\n "games": [ {"a": 1},\n   [2, "]"], "s\\"}" ], "n": null}'
    assert parts(text) == [
        Member("format", "x", 1, 12),
        Item(1, {"a": 1}, *at(text, '{"a"')),
        Item(2, [2, "]"], *at(text, "[2")),
        Item(3, 's"}', *at(text, '"s')),
        Member("n", None, *at(text, "null")),
    ]
    assert at(text, '{"a"') == (2, 13)  # the helper counts as a person does


@pytest.mark.parametrize(
    "text",
    [
        '{"games": [1 2]}',
        '{"games" [1]}',
        '{"a": 1,}',
        '{"a": 1} x',
        "",
        "\n  {",
        '{"games": [{"a": "open\n',
        '{\n"a": tru}',
        '{"a": 1\n"b": 2}',
        '{"a": 12',  # a number the input ends with, inside an object
        "nul",
    ],
)
def test_a_document_that_is_not_json_is_placed_as_json_places_it(text: str) -> None:
    """The first problem is the one ``json.loads`` finds, at the same place."""
    with pytest.raises(json.JSONDecodeError) as exc:
        json.loads(text)
    problem = next(p for p in parts(text) if isinstance(p, Problem))
    assert (problem.variant, problem.facts) == ("json", {"reason": reason_of(exc.value)})
    assert (problem.line, problem.column) == (exc.value.lineno, exc.value.colno)


@pytest.mark.parametrize("text", ["null", "42", "-1.5e3", "true", "false", "null\n", " 7 "])
def test_json_that_is_not_an_object_is_said_to_be_json_but_no_record(text: str) -> None:
    """A number, true, false or null the input ends with ends there: read
    as unfinished, it was called "not valid JSON" past the end of the text."""
    json.loads(text)
    (problem,) = parts(text)
    assert isinstance(problem, Problem) and problem.variant == "json-format"
    assert (problem.line, problem.column) == at(text, text.strip())


def test_a_game_that_is_not_json_costs_that_game_only() -> None:
    text = '{"games": [{"a": 1},\n  {"b": tru},\n {"c": 3}]}'
    got = parts(text)
    assert got[0] == Item(1, {"a": 1}, 1, 12)
    assert got[1] == Problem("json", {"reason": "Expecting value"}, *at(text, "tru"), 2)
    assert got[2] == Item(3, {"c": 3}, *at(text, '{"c"'))


@pytest.mark.parametrize(
    ("text", "elements", "commas"),
    [
        ('{"games": [1,]}', [(1, 1)], {1: [",]"]}),
        ('{"games": [1, ,2]}', [(1, 1), (2, 2)], {1: [",2"]}),
        ('{"games": [1,\n,\n 2 , ,\n]}', [(1, 1), (2, 2)], {1: [",\n 2"], 2: [", ,", ",\n]"]}),
        ('{"games": [ , ,1, 2]}', [(1, 1), (2, 2)], {1: [", ,1", ",1"]}),
        ('{"games": [1,, {"b": tru}, 3]}', [(1, 1), (2, None), (3, 3)], {1: [", {"]}),
    ],
)
def test_a_comma_too_many_is_a_problem_of_the_element_beside_it_not_an_element(
    text: str, elements: list[tuple[int, int | None]], commas: dict[int, list[str]]
) -> None:
    """JSON has no empty element: ``[a,,b]`` and ``[a,]`` are not JSON, but
    nothing is missing from them.  Read as an element that cannot be read,
    the comma was counted as a game lost; it is its neighbour's problem."""
    got = [p for p in parts(text) if isinstance(p, Item | Problem)]
    assert [(p.index, p.value if isinstance(p, Item) else None) for p in got] == elements
    for p in got:
        assert list(p.strays) == [at(text, c) for c in commas.get(p.index, [])]


def test_a_list_of_commas_alone_is_one_problem_a_comma() -> None:
    text = '{"games": [ ,\n, ]}'
    assert [(p.variant, p.line, p.column) for p in parts(text)] == [
        ("json-stray-comma", 1, 13),
        ("json-stray-comma", 2, 1),
    ]


def test_a_game_longer_than_the_limit_is_skipped_and_the_next_read() -> None:
    long = '{"x": "' + "y]}" * 500 + '"}'
    got = parts(f'{{"games": [{long}, {{"c": 3}}]}}', limit=100)
    assert got[0] == Problem("json-long-game", {"limit": 100}, 1, 12, 1)
    assert got[1] == Item(2, {"c": 3}, 1, 14 + len(long))


def test_places_hold_across_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonstream, "BLOCK", 3)
    text = '{"format": "x",\n "games": [ {"a": "é\\"\\\\"},\n   [2, "]"], 7 ], "n": null}'
    assert parts(text) == [
        Member("format", "x", 1, 12),
        Item(1, {"a": 'é"\\'}, *at(text, '{"a"')),
        Item(2, [2, "]"], *at(text, "[2")),
        Item(3, 7, *at(text, "7")),
        Member("n", None, *at(text, "null")),
    ]
    assert parts('{"games": [1, {"b": tru}]}')[1] == Problem(
        "json", {"reason": "Expecting value"}, 1, 21, 2
    )


def test_an_empty_list_is_a_member_so_it_is_told_from_no_list() -> None:
    assert parts('{"format": "x", "games": [ ]}') == [
        Member("format", "x", 1, 12),
        Member("games", [], 1, 26),
    ]
    assert parts('{"format": "x"}') == [Member("format", "x", 1, 12)]


def test_a_byte_order_mark_is_not_text_and_bad_utf8_is_said() -> None:
    assert parts(b'\xef\xbb\xbf{"a": 1}') == [Member("a", 1, 1, 7)]
    (problem,) = parts(b'{"a": "\xff"}')
    assert problem.variant == "json-encoding" and problem.facts["offset"] == 7


@pytest.mark.parametrize("block", [1, 2, 5, 1 << 20])
@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"])
def test_a_bad_byte_costs_its_game_only_and_is_placed(block: int, mark: bytes) -> None:
    """formats.md §7: a game that is not UTF-8 text costs that game only, as
    one that is not valid JSON does; the games before and after it are
    read.  Decoded a block at a time, a bad byte cost every game of its
    block (a mebibyte: the whole of most files), and was placed at the
    block's start; then every game after it.  Blocks of one byte cut "é"
    in two."""
    head = '{"games": [\n {"n": "é1"},\n {"n": "2"},\n {"n": "'.encode()
    data = mark + head + b'\xe9"},\n {"n": "\xc3\xa94"}, {"\xff": 5}\n]}'
    chunks = iter([data[i : i + block] for i in range(0, len(data), block)])
    found = list(read_document(lambda size: next(chunks, b""), "games", 1000))
    read = [x.value for x in found if isinstance(x, Item)]
    assert read == [{"n": "é1"}, {"n": "2"}, {"n": "é4"}]
    lost = [x for x in found if isinstance(x, Problem)]
    assert lost == [
        Problem(
            "json-encoding",
            {"reason": "invalid continuation byte", "offset": len(mark + head)},
            4,
            9,
            3,
        ),
        Problem(
            "json-encoding",
            {"reason": "invalid start byte", "offset": data.index(b"\xff")},
            5,
            17,
            5,
        ),
    ]


def test_a_bad_byte_outside_the_games_stops_the_reading_there() -> None:
    member, problem = parts(b'{"format": "x", \xff "games": []}')
    assert member == Member("format", "x", 1, 12)
    assert isinstance(problem, Problem)
    assert (problem.variant, problem.index, problem.facts["offset"]) == ("json-encoding", None, 16)


class Endless(io.RawIOBase):
    """A stream of ``head`` and then ``fill`` for ever (as a device is)."""

    def __init__(self, head: bytes, fill: bytes) -> None:
        self.head, self.fill, self.given = head, fill, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.head[: len(buffer)] if self.head else (self.fill * len(buffer))[: len(buffer)]
        self.head = self.head[len(data) :]
        buffer[: len(data)] = data
        self.given += len(data)
        return len(data)


def test_an_endless_value_stops_reading_with_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonstream, "MAX_SKIP", 8 << 20)
    stream = Endless(b'{"games": [{"x": "', b"a")
    got = list(read_document(stream.read, "games", 1000))
    assert got == [Problem("json-endless", {"mib": 8}, 1, 12)]
    assert stream.given < 16 << 20


def _game() -> bytes:
    return json.dumps(game_to_dict(next(read_games(io.BytesIO(generated(3).encode()))))).encode()


def _games(count: int, game: bytes) -> Iterator[bytes]:
    """A record document of ``count`` copies of one game, made as it is read."""
    yield b'{"format": "aluette-record", "version": 1, "games": ['
    for i in range(count):
        yield (b", " if i else b"") + game


class Lazy(io.RawIOBase):
    def __init__(self, pieces: Iterator[bytes]) -> None:
        self.pieces, self.rest, self.given = pieces, b"", 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self.rest:
            self.rest = next(self.pieces, b"")
            if not self.rest:
                return 0
        data, self.rest = self.rest[: len(buffer)], self.rest[len(buffer) :]
        buffer[: len(data)] = data
        self.given += len(data)
        return len(data)


def test_a_document_is_read_one_game_at_a_time() -> None:
    """Each game is checked when the text read holds it and at most a block
    more: what is held does not grow with the document (here some 2 MB, in
    games of some 23 kB).  The document is cut short after its last game:
    the games before are still read, and the end is said."""
    game = _game()
    stream = Lazy(_games(100, game))
    items = list(_tracked(read_any(Rewound([], io.BufferedReader(stream)), "json"), stream))
    games = [(item, given) for item, given in items if isinstance(item, Game)]
    assert len(games) == 100
    for k, (_, given) in enumerate(games, 1):
        assert given <= 60 + k * (len(game) + 2) + jsonstream.BLOCK
    assert stream.given > 2 * jsonstream.BLOCK
    (end, _) = items[-1]
    assert isinstance(end, Unreadable) and "Expecting" in end.finding.message


def _tracked(items: Iterator[object], stream: Lazy) -> Iterator[tuple[object, int]]:
    for item in items:
        yield item, stream.given


CUT_SHORT = "the game stops here, before its closing brace (a brace lost, or its line cut short)"


@pytest.mark.parametrize("block", [1, 7, 1 << 20])
@pytest.mark.parametrize("indent", ["", "  "])
@pytest.mark.parametrize(
    ("broken", "said"),
    [
        # a brace missing: said where the element stops, not where the
        # next one starts (where json finds it out)
        ('{"n": 2, "x": {"a": 1, "b": 2}', (3, CUT_SHORT)),
        # one too many: the object ends early, and the rest is no element
        ('{"n": 2, "x": {"a": 1}}, "b": 2}', (3, "Extra data")),
        ('{"n": 2, "x": [1, 2}', (3, "Expecting ',' delimiter")),  # a bracket for a brace
        # a byte that is not UTF-8 written over a brace: said as such
        ('{"n": 2, "x": {"a": 1\udce9, "b": 2}', (3, "invalid continuation byte")),
        # a quote lost: the string runs to the line's end, no further
        ('{"n": 2, "x": "ab}', (3, "Invalid control character")),
        # a byte that is not UTF-8 in a string of a game otherwise whole: it
        # was read again and again, for ever
        ('{"n": 2, "x": "a\udce9b"}', (3, "invalid continuation byte")),
    ],
    ids=["missing", "too many", "mismatched", "bad byte", "quote lost", "bad byte in a string"],
)
def test_a_brace_missing_or_too_many_costs_its_element_only(
    block: int, indent: str, broken: str, said: tuple[int, str]
) -> None:
    """formats.md §7: counted as brackets, a game that lost a closing brace
    ran on into the games after it, and one with a brace too many ended
    early and stopped the reading: every game after it was lost.  The next
    element starts a line as the elements do, after a comma."""
    lines = [
        f'{indent}{{"n": 1}}',
        f"{indent}{broken}",
        f'{indent}{{"n": 3}}',
        f'{indent}{{"n": 4}}',
    ]
    data = ('{"games": [\n' + ",\n".join(lines) + "\n]}").encode("utf-8", "surrogateescape")
    chunks = iter([data[i : i + block] for i in range(0, len(data), block)])
    found = list(read_document(lambda size: next(chunks, b""), "games", 1000))
    assert [x.value for x in found if isinstance(x, Item)] == [{"n": 1}, {"n": 3}, {"n": 4}]
    (lost,) = [x for x in found if isinstance(x, Problem)]
    assert (lost.index, lost.line, lost.facts["reason"]) == (2, *said)


@pytest.mark.parametrize(
    "broken",
    [
        '{"index": 2, "x": {"a": 1, "b": 2}',  # a brace missing
        '{"index": 2, "x": {"a": 1}}, "b": 2}',  # one too many
        '{"index": 2, "x": ["a, "b"]}',  # a quote lost: every string after it inverted
        '{"index": 2, "x": "a\\"}',  # a quote escaped away
    ],
    ids=["missing", "too many", "quote lost", "quote escaped"],
)
def test_on_one_line_the_next_element_opens_with_the_key_every_element_opens_with(
    broken: str,
) -> None:
    """A document all on one line (a program's log): no line starts the next
    game, but each opens with its index, as convert writes it."""
    data = f'{{"games": [{{"index": 1}}, {broken}, {{"index": 3}}, {{"index": 4}}]}}'.encode()
    found = list(read_document(io.BytesIO(data).read, "games", 1000, "index"))
    read = [x.value for x in found if isinstance(x, Item)]
    assert read == [{"index": 1}, {"index": 3}, {"index": 4}]
    (lost,) = [x for x in found if isinstance(x, Problem)]
    assert lost.index == 2
    # without the key, the games after it on the line are lost, as before
    found = list(read_document(io.BytesIO(data).read, "games", 1000))
    assert {"index": 4} not in [x.value for x in found if isinstance(x, Item)]


def _laid_out(layout: str, broken: str, at: int = 2) -> bytes:
    """Four games, game ``at`` ``broken``: one a line (``line``), indented as
    ``json.dumps(indent=2)`` writes them (``indented``), or all on one line."""
    games = ['{"index": 1, "x": ["a", "b"]}', '{"index": 2}', '{"index": 3}', '{"index": 4}']
    games[at - 1] = broken
    if layout == "indented":
        games = [g.replace(", ", ",\n      ").replace('["a"', '[\n        "a"') for g in games]
        return ('{\n  "games": [\n    ' + ",\n    ".join(games) + "\n  ]\n}").encode()
    between = ",\n" if layout == "line" else ", "
    return ('{"games": [' + between.join(games) + "]}").encode()


@pytest.mark.parametrize("layout", ["line", "indented", "one line"])
@pytest.mark.parametrize(
    "broken",
    [
        '"index": 2, "x": ["a", "b"]}',  # its opening brace lost
        '{"index": 2, "x": ["a", "b]}',  # a quote lost at a line's end when indented
    ],
    ids=["opening brace lost", "quote lost"],
)
def test_a_game_that_lost_its_opening_brace_or_a_quote_costs_itself_only(
    layout: str, broken: str
) -> None:
    """A game without its ``{`` read as the rest of the game before it (a
    brace too many there), which was lost; a quote lost at a line's end
    ended the game there, and the rest of it was read as the list's end:
    the games after it were lost."""
    data = _laid_out(layout, broken)
    found = list(read_document(io.BytesIO(data).read, "games", 1000, "index"))
    read = [x.value["index"] for x in found if isinstance(x, Item)]
    assert read == [1, 3, 4], (layout, found)
    assert [x.index for x in found if isinstance(x, Problem)] == [2]


@pytest.mark.parametrize("block", [7, 1 << 20])
@pytest.mark.parametrize("layout", ["line", "indented", "one line"])
@pytest.mark.parametrize("at", [1, 2])
def test_a_game_that_lost_its_two_closing_brackets_costs_itself_only(
    block: int, layout: str, at: int
) -> None:
    """Without its ``]}``, a game takes the games after it as more values of
    its list, and the document's own ``]}`` close it: valid JSON up to the
    document's end, which the white space before it had made the reader
    forget, so that the next game's start could not be found again in it,
    and every game after the broken one was lost."""
    data = _laid_out(layout, f'{{"index": {at}, "x": ["a", "b"', at)
    chunks = iter([data[i : i + block] for i in range(0, len(data), block)])
    found = list(read_document(lambda size: next(chunks, b""), "games", 1000, "index"))
    read = [x.value["index"] for x in found if isinstance(x, Item)]
    assert read == [k for k in (1, 2, 3, 4) if k != at], (layout, found)
    assert [x.index for x in found if isinstance(x, Problem)] == [at], found


@pytest.mark.parametrize("layout", ["line", "indented", "one line"])
@pytest.mark.parametrize(
    "broken",
    [
        '{"index": 4, "x": "a": 1}, "y": 2}',  # an inner opening brace lost
        '{"index": 4, "x": ["a", "b]}',  # a quote lost at a line's end when indented
    ],
    ids=["inner brace lost", "quote lost"],
)
def test_the_last_game_broken_is_one_problem_and_no_game_more(layout: str, broken: str) -> None:
    """The rest of the last game, after its error, was read as more games
    (``missing key 'index'``) or as the list's end and the document's
    members ("Extra data"): one game broken counted as two or three."""
    data = _laid_out(layout, broken, at=4)
    found = list(read_document(io.BytesIO(data).read, "games", 1000, "index"))
    assert [x.value["index"] for x in found if isinstance(x, Item)] == [1, 2, 3], found
    assert [x.index for x in found if isinstance(x, Problem)] == [4], found


def test_a_quote_lost_in_the_last_element_on_one_line_is_one_problem() -> None:
    """The document ends inside the last element: its problem, and no other
    (the list's ``]`` and the document's ``}`` were read as its text)."""
    data = b'{"games": [{"index": 1}, {"index": 2, "x": ["a, "b"]}]}'
    found = list(read_document(io.BytesIO(data).read, "games", 1000, "index"))
    assert [x.value for x in found if isinstance(x, Item)] == [{"index": 1}]
    (lost,) = [x for x in found if isinstance(x, Problem)]
    assert lost.index == 2


def test_a_program_s_one_line_log_with_a_quote_lost_keeps_the_other_games(
    tmp_path: Path,
) -> None:
    """Five games written by ``json.dumps`` (one line), a card's closing quote
    lost in game 2: every game after it was lost, and validate counted 2."""
    games = generated(5, "--games", "5")
    record = json.loads(run("convert", "--to", "json", "-", input=games).stdout)
    text = json.dumps(record)
    cards = text.index('"cards": ["', text.index('"index": 2')) + len('"cards": ["')
    close = text.index('"', cards)
    path = tmp_path / "log.json"
    path.write_text(text[:close] + text[close + 1 :], "utf-8")
    said = run("validate", str(path))
    assert said.exit_code == 1
    (line,) = said.stdout.splitlines()
    assert "A001 not valid JSON" in line and line.endswith("this game is skipped")
    assert said.stderr.startswith("5 games, 20 deals: 1 error")


def test_an_element_that_is_no_object_does_not_cost_the_game_before_it() -> None:
    """Only an object's member after an object (``"key":``) is taken for the
    rest of a game a brace too many ended early."""
    data = b'{"games": [{"index": 1}, 5, {"index": 2}]}'
    found = list(read_document(io.BytesIO(data).read, "games", 1000, "index"))
    assert [x.value for x in found if isinstance(x, Item)] == [{"index": 1}, 5, {"index": 2}]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a": "x', "Unterminated string"),
        ('{"a": "x\x01"}', "Invalid control character"),
        ('{"a": }', "Expecting value"),
    ],
)
def test_json_reasons_end_where_the_place_would_follow(text: str, said: str) -> None:
    """json's "Unterminated string starting at" ended a message mid-sentence:
    the place it announces is the finding's own line and column."""
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    assert reason_of(caught.value) == said


@pytest.mark.parametrize("block", [1, 7, 1 << 20])
@pytest.mark.parametrize("cut", [3, 9, 14])
def test_a_game_s_line_cut_short_with_its_comma_costs_that_game_only(block: int, cut: int) -> None:
    """A document as convert writes it, one game a line: a line cut short
    loses its comma with its end, and the next game starts the next line
    all the same; it is read, and the cut game is said where it stops."""
    lines = ['{"n": 1},', '{"n": 2, "x": {"a": 1, "b": "cd"}},', '{"n": 3},', '{"n": 4}']
    lines[1] = lines[1][:cut]
    data = ('{"games": [\n' + "\n".join(lines) + "\n]}").encode("utf-8")
    chunks = iter([data[i : i + block] for i in range(0, len(data), block)])
    found = list(read_document(lambda size: next(chunks, b""), "games", 1000))
    assert [x.value for x in found if isinstance(x, Item)] == [{"n": 1}, {"n": 3}, {"n": 4}]
    (lost,) = [x for x in found if isinstance(x, Problem)]
    assert (lost.index, lost.line, lost.column) == (2, 3, len(lines[1].rstrip(", ")) + 1)
