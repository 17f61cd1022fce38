"""Bytes to lines (``aluette_cli/reading/decode.py``), on bytes written by hand.

Every reader of ALN text reads what this module gives, so a line end taken
for another, a column counted in bytes or a line cut a byte off shows in
every command at once.  ``tests/test_runs.py`` holds runs to the line-by-line
reading and ``tests/test_hostile.py`` the cut to a plain reference, both on
drawn texts; the commands' findings are ``tests/test_bad_input.py``'s.  Here
each function is fed small byte strings, read in one go, a byte at a time
and cut at every boundary, and every line, column, byte offset and count is
worked out by hand from docs/notation.md §1, §8 and §11 and
docs/violations.md (A003, A009).  Bad bytes become U+FFFD one per maximal
invalid subpart, as Unicode §3.9 says and Python's ``"replace"`` does.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest

from aluette_cli import findings as F
from aluette_cli.reading import decode, read_units
from aluette_cli.reading.decode import Line, Run, decode_lines, decode_runs

M = 65_536  # the longest line, in bytes (docs/notation.md §11)
BOM = b"\xef\xbb\xbf"
R = "\ufffd"  # what a bad byte is read as
WAYS = ["one read", "a byte a read", "as a run", "line by line"]


def read(data: bytes, way: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """(number, text) of each line, read one way: a run is allowed from one
    line on; "line by line" puts a bad line first, which sends the block to
    the slow decoder, and drops it again."""
    if way == "a byte a read":
        monkeypatch.setattr(decode, "BLOCK", 1)
    if way == "as a run":
        monkeypatch.setattr(decode, "RUN_MIN_LINES", 1)
    if way == "line by line":
        first, *lines = decode_lines([b"\xff\n" + data])
        assert first == Line(1, R, (1, 0, 0xFF))
        return [(line.number - 1, line.text) for line in lines]
    return [(line.number, line.text) for line in decode_lines(io.BytesIO(data))]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("data", "texts"),
    [
        (b"a\nb\n", ["a", "b"]),
        (b"a\r\nb\r\n", ["a", "b"]),
        (b"a\rb\r", ["a", "b"]),
        (b"a\nb", ["a", "b"]),  # no line end at the end of the file
        (b"a\n\rb", ["a", "", "b"]),  # LF then CR is two line ends, not one
        (b"a\r\r\nb", ["a", "", "b"]),
        (b"\n", [""]),
        (b"", []),
        # VT, FF, FS, NEL and U+2028 are characters out of place (§1), not line ends
        (b"a\x0bb\x0cc\x1cd\xc2\x85e\xe2\x80\xa8f\n", ["a\x0bb\x0cc\x1cd\x85e\u2028f"]),
    ],
)
def test_lf_crlf_and_a_lone_cr_end_a_line_and_nothing_else_does(
    data: bytes, texts: list[str], way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert read(data, way, monkeypatch) == list(enumerate(texts, 1))


@pytest.mark.parametrize("way", WAYS[:3])  # a bad line first would put it on line 2
def test_a_byte_order_mark_is_dropped_only_at_the_very_start(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = BOM + b"ab\n" + BOM + b"c\n"
    assert read(data, way, monkeypatch) == [(1, "ab"), (2, "\ufeffc")]


def test_a_bad_byte_after_a_byte_order_mark_counts_it_in_the_offset_not_the_column() -> None:
    # "a" is column 1 (the mark is no column); the three bytes of the mark and
    # "a" put the bad byte at offset 4.  A mark on line 2 is a character.
    assert list(decode_lines([BOM + b"a\xffb\n" + BOM + b"c\n"])) == [
        Line(1, f"a{R}b", (2, 4, 0xFF)),
        Line(2, "\ufeffc"),
    ]


def test_the_rest_of_a_file_counts_from_its_line_and_offset_and_keeps_a_mark() -> None:
    # Not the start of the file: the mark is a character, so the bad byte is
    # column 3; 100 + 3 bytes of the mark + "a" = offset 104.
    assert list(decode_runs([BOM + b"a\xff\nb\n"], number=4, offset=100)) == [
        Line(4, f"\ufeffa{R}", (3, 104, 0xFF)),
        Line(5, "b"),
    ]


@pytest.mark.parametrize("reads", ["one read", "a byte a read"])
@pytest.mark.parametrize(
    ("data", "lines"),
    [
        # a lone continuation byte: "été " is 4 characters, 6 bytes
        (b"\xc3\xa9t\xc3\xa9 \x80!\n", [Line(1, f"été {R}!", (5, 6, 0x80))]),
        # "€" cut short at the end of line 2: "ok\r\n" and "€" are 7 bytes;
        # E2 82 is one subpart, one U+FFFD
        (
            b"ok\r\n\xe2\x82\xac\xe2\x82\r\nz\n",
            [Line(1, "ok"), Line(2, f"€{R}", (2, 7, 0xE2)), Line(3, "z")],
        ),
        # a four-byte character cut short by the end of the file
        (b"a\n\xf0\x9f\x82", [Line(1, "a"), Line(2, R, (1, 2, 0xF0))]),
        # overlong "/": C0 starts nothing, and AF is then alone
        (b"a/\xc0\xafb\n", [Line(1, f"a/{R}{R}b", (3, 2, 0xC0))]),
        # overlong three bytes: E0 must be followed by A0-BF
        (b"\xe0\x80\xaf\n", [Line(1, R * 3, (1, 0, 0xE0))]),
        # the surrogate U+D800: ED must be followed by 80-9F
        (b"x\xed\xa0\x80y\n", [Line(1, f"x{R * 3}y", (2, 1, 0xED))]),
        # one finding a line, for its first bad byte; line 2 starts at byte 4
        (b"\xff \xfe\n\xfe\n", [Line(1, f"{R} {R}", (1, 0, 0xFF)), Line(2, R, (1, 4, 0xFE))]),
        # the example of docs/violations.md: 1:23, byte 0xe9 at offset 22
        (
            b"deal 1 dealer S  { Ren\xe9 dealt }\npoint EW\n",
            [Line(1, f"deal 1 dealer S  {{ Ren{R} dealt }}", (23, 22, 0xE9)), Line(2, "point EW")],
        ),
    ],
)
def test_a_bad_byte_is_placed_at_its_line_character_column_and_byte_offset(
    data: bytes, lines: list[Line], reads: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if reads == "a byte a read":
        monkeypatch.setattr(decode, "BLOCK", 1)
    assert list(decode_lines(io.BytesIO(data))) == lines


def test_the_reader_words_a_bad_byte_and_a_cut_line_as_the_docs_do() -> None:
    assert decode.MAX_LINE_BYTES == M
    data = b"deal 1 dealer S  { Ren\xe9 dealt }\npoint EW\n" + b"x" * (M + 4) + b"\n"
    found = [
        (f.code, f.line, f.column, f.message)
        for unit in read_units([data])
        for f in unit.findings
        if f.code in (F.BAD_ENCODING, F.OVER_LIMIT)
    ]
    assert found == [
        ("A003", 1, 23, "byte 0xe9 at byte offset 22 is not valid UTF-8; read as U+FFFD"),
        # cut after 65,536 bytes: column 65,537, and 4 bytes skipped
        (
            "A009",
            3,
            M + 1,
            "this line is longer than the limit of 65,536 bytes; the 4 bytes after the limit"
            " are skipped",
        ),
    ]


@pytest.mark.parametrize("way", ["one read", "line by line", "cut across reads"])
@pytest.mark.parametrize(
    ("body", "text", "skipped"),
    [
        (b"x" * M, "x" * M, 0),
        (b"x" * (M + 1), "x" * M, 1),
        # "é" is 2 bytes: whole when it ends at the limit...
        (b"x" * (M - 2) + "é".encode(), "x" * (M - 2) + "é", 0),
        # ...cut before it, both its bytes skipped, when it straddles the limit
        (b"x" * (M - 1) + "é".encode(), "x" * (M - 1), 2),
    ],
)
def test_a_line_at_the_byte_limit_is_whole_and_past_it_is_cut_at_a_character(
    body: bytes, text: str, skipped: int, way: str
) -> None:
    chunks = {
        "one read": [body + b"\nz\n"],
        "line by line": [body + b"\n\xff\n"],
        "cut across reads": [body, b"\n\xff\n"],
    }[way]
    # line 2 starts after the whole of line 1 and its line end
    second = Line(2, "z") if way == "one read" else Line(2, R, (1, len(body) + 1, 0xFF))
    assert list(decode_lines(chunks)) == [Line(1, text, None, skipped), second]


@pytest.mark.parametrize("others", [1, 40])  # with 40, line ends enough for a run
def test_a_line_of_a_quarter_of_the_limit_in_characters_is_measured_in_bytes(others: int) -> None:
    # 16,384 four-byte characters are 65,536 bytes, at the limit; one more
    # passes it by 4 bytes, the whole character.
    for count, skipped in [(M // 4, 0), (M // 4 + 1, 4)]:
        data = "😀".encode() * count + b"\n" + b"p\n" * others
        lines = list(decode_lines([data]))
        assert lines[0] == Line(1, "😀" * (M // 4), None, skipped)
        assert lines[1:] == [Line(n, "p") for n in range(2, others + 2)]


def test_lines_ended_by_a_lone_cr_are_limited_one_by_one() -> None:
    # 30,000 lines of 3 bytes: 90,000 bytes with no LF, read 4,096 at a time
    data = b"ab\r" * 30_000
    chunks = [data[i : i + 4096] for i in range(0, len(data), 4096)]
    assert list(decode_lines(chunks)) == [Line(n, "ab") for n in range(1, 30_001)]


def test_blocks_cut_anywhere_give_the_same_lines() -> None:
    # bytes: 0-2 mark, 3-4 "é", 5-6 CRLF, 7-9 "€", 10 "x", 11 CR, 12-13 CRLF,
    # 14 "a", 15 the bad byte, 16 "b", 17 LF, 18-21 "😀" with no line end
    data = BOM + "é\r\n€x\r\r\n".encode() + b"a\xffb\n" + "😀".encode()
    expected = [Line(1, "é"), Line(2, "€x"), Line(3, ""), Line(4, f"a{R}b", (2, 15, 0xFF))]
    expected.append(Line(5, "😀"))
    for i in range(len(data) + 1):
        for j in range(i, len(data) + 1):
            chunks = [data[:i], data[i:j], data[j:]]
            assert list(decode_lines(chunks)) == expected, (i, j)
    assert list(decode_lines([data[k : k + 1] for k in range(len(data))])) == expected


@pytest.mark.parametrize(
    "chunks",
    [
        [b"x" * (M + 10) + b"\nz\n"],
        [b"x" * (M + 10) + b"\r\nz\n"],
        [b"x" * (M + 10) + b"\rz\n"],
        [b"x" * (M + 10), b"\nz\n"],
        [b"x" * (M + 10), b"\r\nz\n"],
        [b"x" * (M + 10), b"\rz\n"],
        [b"x" * (M + 10) + b"\r", b"\nz\n"],  # the CR ends a read, its LF starts the next
        [b"x" * (M + 5), b"x" * 5 + b"\r", b"\nz\n"],
        [b"x" * (M + 5), b"x" * 5 + b"\r", b"z\n"],
    ],
)
def test_a_cut_line_skips_up_to_its_line_end_whatever_the_end(chunks: list[bytes]) -> None:
    assert list(decode_lines(chunks)) == [Line(1, "x" * M, None, 10), Line(2, "z")]


def test_a_cut_line_at_the_end_of_the_file_keeps_its_count() -> None:
    assert list(decode_lines([b"a\n", b"x" * (M + 7)])) == [Line(1, "a"), Line(2, "x" * M, None, 7)]


def test_reading_stops_once_a_line_has_skipped_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert decode.MAX_LINE_SKIP == 256 << 20  # docs/notation.md §11
    monkeypatch.setattr(decode, "MAX_LINE_SKIP", 1000)
    taken: list[bytes] = []

    def chunks() -> Iterator[bytes]:
        for chunk in [b"x" * (M + 10), b"y" * 495, b"y" * 495, b"y" * 495, b"\nnext\n"]:
            taken.append(chunk)
            yield chunk

    # 10 + 495 + 495 = 1000 skipped: the limit, met exactly; nothing more is read
    assert list(decode_lines(chunks())) == [Line(1, "x" * M, None, 1000)]
    assert len(taken) == 3


def test_a_run_holds_its_first_line_number_and_its_lines_with_lf_ends() -> None:
    # 2 + 30 = 32 line ends, RUN_MIN_LINES: the mark dropped, CRLF and CR made LF
    block = BOM + b"a\r\nb\r" + b"c\n" * 30
    text = "a\nb\n" + "c\n" * 30
    assert decode.RUN_MIN_LINES == 32
    assert list(decode_runs([block, b"d\n"])) == [Run(1, text, 0, None), Line(33, "d")]
    (run,) = decode_runs([block], number=10, offset=500)
    assert run == Run(10, "\ufeff" + text)  # not the start of the file: the mark stays
    assert list(run.lines()) == [Line(10, "\ufeffa"), Line(11, "b")] + [
        Line(n, "c") for n in range(12, 42)
    ]

    # one line end fewer: the block comes line by line
    assert list(decode_runs([b"c\n" * 31])) == [Line(n, "c") for n in range(1, 32)]
    # text[2:] is "bc\nd\n": two lines, the first of them line 5
    assert list(Run(5, "a\nbc\nd\n", start=2).lines()) == [Line(5, "bc"), Line(6, "d")]


def test_a_stream_is_read_a_block_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decode, "BLOCK", 4)
    stream = io.BytesIO(b"ab\ncd\nef\n")
    assert next(decode_lines(stream)) == Line(1, "ab")
    assert stream.tell() == 4  # one block read: "ab\nc"


def test_blocks_end_at_line_ends_and_a_final_cr_waits_for_a_possible_lf() -> None:
    pieces = list(decode._blocks([b"ab\ncd", b"\r", b"\nef"]))
    assert pieces == [(b"ab\n", 0), (b"cd\r\n", 0), (b"ef", 0)]


def test_a_cut_line_spills_its_rest_and_its_end_before_its_piece_comes() -> None:
    events: list[tuple[str, bytes, object]] = []
    chunks = [b"a\n" + b"x" * (M + 3), b"yy\r", b"\nb\n"]

    def spill(data: bytes, ending: bool) -> None:
        events.append(("spill", data, ending))

    for piece, skipped in decode._blocks(chunks, 0, spill):
        events.append(("piece", piece, skipped))
    assert events == [
        ("piece", b"a\n", 0),
        ("spill", b"xxx", False),
        ("spill", b"yy", False),
        ("spill", b"\r", True),
        ("spill", b"\n", True),  # the LF after a CR at the end of a read is its line's
        ("piece", b"x" * M + b"\n", 5),
        ("piece", b"b\n", 0),
    ]


@pytest.mark.parametrize(
    "chunks", [[b"x" * (M + 10), b"\r\n\xff\n"], [b"x" * (M + 10) + b"\r", b"\n\xff\n"]]
)
def test_a_bad_byte_after_a_cut_line_ended_by_crlf_has_its_true_offset(chunks: list[bytes]) -> None:
    # line 1 is M + 10 bytes and a 2-byte line end: line 2 starts at M + 12
    assert list(decode_lines(chunks)) == [Line(1, "x" * M, None, 10), Line(2, R, (1, M + 12, 0xFF))]


@pytest.mark.parametrize("size", [M - 3, M])
@pytest.mark.parametrize(
    "cut",
    [
        lambda text: [text],  # one read
        lambda text: [text[: 3 + M - 3], text[3 + M - 3 :]],  # a read ends inside the line
        lambda text: [text + b"\xff\n"],  # a bad byte later: the block is read line by line
    ],
    ids=["one read", "two reads", "bad byte later"],
)
def test_a_byte_order_mark_counts_towards_the_first_line_s_limit(
    size: int, cut: Callable[[bytes], list[bytes]]
) -> None:
    # The mark is read past (§1), but its three bytes are line 1's, however
    # the file is read: a line of M - 3 bytes after it is whole, one of M is
    # cut 3 bytes short (A009 says 3 bytes skipped).
    text = BOM + b"x" * size + b"\nz\n"
    kept = min(size, M - 3)
    assert list(decode_lines(cut(text)))[:2] == [
        Line(1, "x" * kept, None, size - kept),
        Line(2, "z"),
    ]


@pytest.mark.parametrize(
    ("data", "line"),
    [
        # 65,546 stray continuation bytes, each its own bad character
        (b"\x80" * (M + 10) + b"\n", Line(1, R * M, (1, 0, 0x80), 10)),
        # the first 65,536 bytes are 65,536 whole characters: the cut is there
        (b"x" * M + b"\x80\n", Line(1, "x" * M, None, 1)),
    ],
)
def test_stray_continuation_bytes_at_the_limit_are_cut_at_it(data: bytes, line: Line) -> None:
    assert list(decode_lines([data])) == [line]
