"""Annotate's scanner (:mod:`aluette_cli.reading.tee`), held to the splitter.

The tee reads each line's comments and strings itself, to know where a note
may go; the reader reads the text the tee feeds it.  If the two disagreed
on whether a line ends inside a brace comment, a note would be put where
the reader does not read it, or a scorer's comment taken for the end of
one.  On drawn texts, each line's state is the splitter's, line by line.
"""

from __future__ import annotations

import io
import re
from unittest import mock

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from aluette_cli.reading import decode, split, tee

#: What a line is made of: brace comments opened, closed and left open,
#: generated comments (in and out of strings and comments), ``;`` comments,
#: strings closed and not, escaped quotes, tags, headers, a bad byte.
PIECES = [
    "N: 3d 4d",
    "deal 1 dealer N",
    '[Event "x"]',
    '[Round "a { brace"]',
    "{ a note }",
    "{ open",
    "close }",
    "}",
    "{",
    "{= a note}",
    " {= W wins}",
    "{= not closed",
    "; a comment {",
    "; {= in a line comment}",
    '"',
    '"a {= b} string"',
    '"an \\" escaped quote',
    "\\",
    " ",
    "\udcff",
    "x" * 30,  # past the limit of some draws
]

LINE = st.lists(st.sampled_from(PIECES), max_size=4).map("".join)
ENDING = st.sampled_from(["\n", "\r\n", "\r"])


def tee_states(data: bytes, block: int) -> tuple[bytes, list[bool | None]]:
    """The text the tee feeds the reader, and whether each line it keeps
    ends inside a brace comment (None: a line past the limit, which keeps
    only its text)."""
    with mock.patch.object(tee, "TEE_BLOCK", block):
        reading = tee.Tee(io.BytesIO(data))
        fed = b"".join(reading)
    states: list[bool | None] = []
    for kept in reading.lines:
        if isinstance(kept, tee.LongLine):
            states.append(None)
        else:
            # a line kept as its bytes is read with no comment open or opened
            states.append(kept.open_at_end if isinstance(kept, tee.KeptLine) else False)
    return fed, states


def decided_by_a_note(texts: list[str], states: list[bool | None]) -> bool:
    """Whether the tee decided at a line that a comment was left open there
    because of a generated comment ahead, which it then removes.  No reading
    agrees with itself there: the note removed, the look ahead finds what
    follows it instead (the splitter's), and kept, it would be read as the
    scorer's.  Annotate puts no note in a comment, so only a hand-made text
    holds one."""
    for j, text in enumerate(texts):
        if j and states[j - 1] and split._RESUME.match(text):
            # each line as it is read: up to the limit, as the look ahead reads it
            for later in map(tee._as_read, texts[j:]):
                brace = split._BRACE.search(later)
                if brace is not None:
                    if later.startswith(tee.GENERATED, brace.start()):
                        return True
                    break
    return False


def splitter_states(fed: bytes) -> list[bool]:
    """Whether the splitter is inside a brace comment after each line."""
    cut = split._Splitter(decode.decode_lines(io.BytesIO(fed)))
    states = []
    for line in cut.source:
        for _ in cut.line(line):
            pass
        states.append(cut.in_comment)
    return states


@settings(max_examples=400)
@example(  # the brace that decides is past the limit but for the note's
    lines=[("{", "\n"), ('deal 1 dealer N[Round "a { brace"]', "\n"), ("{= a note}close }", "\n")],
    block=64,
    limit=24,
)
@given(
    lines=st.lists(st.tuples(LINE, ENDING), max_size=30),
    block=st.sampled_from([1, 7, 64, 1 << 16]),
    limit=st.sampled_from([decode.MAX_LINE_BYTES, 24]),
)
def test_each_line_ends_in_a_comment_as_the_splitter_reads_it(
    lines: list[tuple[str, str]], block: int, limit: int
) -> None:
    data = "".join(text + ending for text, ending in lines).encode("utf-8", "surrogateescape")
    with mock.patch.object(decode, "MAX_LINE_BYTES", limit):
        fed, states = tee_states(data, block)
        texts = re.split("\r\n|\r|\n", "".join(text + ending for text, ending in lines))
        assume(not decided_by_a_note(texts, states))
        read = splitter_states(fed)
    assert len(states) == len(read)
    assert [s for s in states if s is not None] == [
        r for s, r in zip(states, read, strict=True) if s is not None
    ]


#: Lines past a limit of 100 bytes: a comment the limit cuts, line ends of
#: every kind, a line of just the limit, a file ending in a long line.
LONG_LINES = {
    "crlf": b'[Event "x"]\r\n\r\ndeal 1 dealer N\r\npoint NS {' + b"x" * 300 + b"}\r\n"
    b"deal 2 dealer E\r\npoint EW\r\n",
    "cr": b'[Event "x"]\r\rdeal 1 dealer N\rpoint NS {' + b"x" * 300 + b"}\r"
    b"deal 2 dealer E\rpoint EW\r",
    "exact": b"deal 1 dealer N\n; " + b"x" * 98 + b"\r\npoint NS\n",
    "at the end": b"deal 1 dealer N\npoint NS ;" + b"y" * 400,
}


@pytest.mark.parametrize("case", sorted(LONG_LINES))
def test_a_line_past_the_limit_is_annotated_alike_however_the_reads_fall(case: str) -> None:
    """A long line comes as a line too long to hold, or inside a block read
    whole, as the reads fall; either way the reader reads its first bytes,
    and annotate writes the same text."""
    from aluette_cli.annotate import Annotator
    from aluette_cli.pipeline import RuleChoice

    written = set()
    with mock.patch.object(decode, "MAX_LINE_BYTES", 100):
        for block in (1, 7, 64, 1 << 16):
            with mock.patch.object(tee, "TEE_BLOCK", block):
                out = io.BytesIO()
                list(Annotator(io.BytesIO(LONG_LINES[case]), out, RuleChoice()).run())
                written.add(out.getvalue())
    assert len(written) == 1
    (text,) = written
    if case == "exact":
        # not past the limit, and no note fits a line within its 100 bytes
        assert text == LONG_LINES[case]
    else:
        assert b"{=" in text and b"A009" in text


def test_lines_with_comments_are_fed_a_block_at_a_time() -> None:
    """The reader is fed each block of lines as it is read, comments or
    not: lines that all held a comment were fed at the end of the file,
    which the tee and the reader's lookahead then held whole."""
    text = b"deal 1 dealer N\n" + b"{ a note }\n" * 40_000 + b"point NS\n"
    reading = tee.Tee(io.BytesIO(text))
    first = next(iter(reading))
    assert len(first) <= 2 * tee.TEE_BLOCK
    assert reading.read < 20_000


def test_the_lines_of_a_deal_the_reader_skips_are_held_as_one_stretch_on_disk() -> None:
    """Past a deal's limit the reader skips its lines whole, and tells the
    tee (split.SkipWatch): the tee holds those it has passed on as one
    entry, written into a temporary file as they will be written out, and
    gives each line its number still.  (The last ones the reader is told
    of after the tee's last block stay held one by one.)"""
    from aluette_cli.reading import read_units

    watch = split.SkipWatch()
    long = b"{" + b"x" * 997 + b"}\n"  # 1,000 characters a line, its end too
    skipped = [b"{= old} %d\n" % k for k in range(50_000)]
    lines = [b"deal 1 dealer N\n", *[long] * 1_100, *skipped]
    text = b"".join([*lines, b"deal 2 dealer E\n", b"point NS\n"])
    reading = tee.Tee(io.BytesIO(text), watch)
    units = [unit for unit in read_units(reading, watch=watch) if unit.kind == "deal"]
    assert [unit.line for unit in units] == [1, 51_102]
    assert (watch.first, watch.last) == (1_002, 51_101)  # (line 1,001 passes the limit)
    (run,) = reading.runs
    assert run.first == 1_002 and run.count > 40_000
    assert len(reading.lines) == 1_001 + 1 + (51_103 - (run.first + run.count) + 1)
    assert reading.lines_held() == 51_103 == reading.read
    assert reading.index(51_102) == len(reading.lines) - 2
    assert reading.index(run.first + 10) == reading.index(run.first) == 1_001
    assert reading.index(run.first + run.count) == 1_002
    run.rest.seek(0)
    within = lines[run.first - 1 : run.first - 1 + run.count]
    assert run.rest.read() == b"".join(within).replace(b"{= old}", b"")
