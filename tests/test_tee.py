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

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from aluette_cli.reading import decode, split, tee

#: What a line is made of: brace comments opened, closed and left open,
#: generated comments (in and out of strings and comments), ``;`` comments,
#: strings closed and not, escaped quotes, tags, headers, a bad byte.
PIECES = [
    "N: 3d 4d",
    "deal 1 dealer N",
    "[Event \"x\"]",
    "[Round \"a { brace\"]",
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
]

LINE = st.lists(st.sampled_from(PIECES), max_size=4).map("".join)
ENDING = st.sampled_from(["\n", "\r\n", "\r"])


def tee_states(data: bytes, block: int) -> tuple[bytes, list[bool]]:
    """The text the tee feeds the reader, and whether each line it keeps
    ends inside a brace comment."""
    with mock.patch.object(tee, "TEE_BLOCK", block):
        reading = tee.Tee(io.BytesIO(data))
        fed = b"".join(reading)
    states = []
    for kept in reading.lines:
        assert not isinstance(kept, tee.LongLine)
        # a line kept as its bytes is read with no comment open or opened
        states.append(kept.open_at_end if isinstance(kept, tee.KeptLine) else False)
    return fed, states


def decided_by_a_note(texts: list[str], states: list[bool]) -> bool:
    """Whether the tee decided at a line that a comment was left open there
    because of a generated comment ahead, which it then removes.  No reading
    agrees with itself there: the note removed, the look ahead finds what
    follows it instead (the splitter's), and kept, it would be read as the
    scorer's.  Annotate puts no note in a comment, so only a hand-made text
    holds one."""
    for j, text in enumerate(texts):
        if j and states[j - 1] and split._RESUME.match(text):
            for later in texts[j:]:
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
@given(
    lines=st.lists(st.tuples(LINE, ENDING), max_size=30),
    block=st.sampled_from([1, 7, 64, 1 << 16]),
)
def test_each_line_ends_in_a_comment_as_the_splitter_reads_it(
    lines: list[tuple[str, str]], block: int
) -> None:
    data = "".join(text + ending for text, ending in lines).encode("utf-8", "surrogateescape")
    fed, states = tee_states(data, block)
    texts = re.split("\r\n|\r|\n", "".join(text + ending for text, ending in lines))
    assume(not decided_by_a_note(texts, states))
    assert states == splitter_states(fed)
