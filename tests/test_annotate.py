"""``aluette annotate``: generated ``{= ...}`` comments, and nothing else touched.

The sentences expected below are worked out by hand from docs/rules.md; the
positions of findings are compared with ``validate``, a second route through
the tool, and checked by hand on the small records.
"""

from __future__ import annotations

import json
import re
import stat
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import Result

from .conftest import SAMPLE_FILES as SAMPLES
from .conftest import generated, invoke, run, write

# A cards-only deal, dealer W, so N leads trick 1 (docs/rules.md §3):
#  1. N:Rc E:4d S:5c W:6b  king of cups over the six: N.
#  2. N:Rd E:Re S:7c W:8d  two kings tie: pourri, N leads again.
#  3. N:4c E:3d S:5d W:6c  monsieur: E.      4. E:7d S:1c W:8c N:4b  ace: S.
#  5. S:5b W:2c N:6d E:7b  vache: W.         6. W:Vb N:Cb E:8b S:5e  cavalier: N.
#  7. N:4e E:9e S:6e W:7e  9e (group 13) over 7e: E.
#  8. E:8e S:Vc W:Cc N:9b  cavalier over valet: W.
#  9. W:Ve N:Vd E:Cd S:Ce  two cavaliers tie: pourri, W leads again.
# N 2, E 2, S 1, W 2: N reached 2 at trick 6, E at 7, W at 8 (docs/rules.md §4).
HAND_BUILT = """\
[Event "Hand-built"]

deal 1 dealer W
N: Rc Rd 4c 4b 6d Cb 4e 9b Vd
E: 4d Re 3d 7d 7b 8b 9e 8e Cd
S: 5c 7c 5d 1c 5b 5e 6e Vc Ce
W: 6b 8d 6c 8c 2c Vb 7e Cc Ve
stock: 1d 2d 3c 9d 9c 1b 2b 3b Rb 1e 2e 3e
1. Rc 4d 5c 6b -> N
2. Rd Re 7c 8d -> pourri
3. 4c 3d 5d 6c -> E
4. 7d 1c 8c 4b -> S
5. 5b 2c 6d 7b -> W
6. Vb Cb 8b 5e -> N
7. 4e 9e 6e 7e -> E
8. 8e Vc Cc 9b -> W
9. Ve Vd Cd Ce -> pourri
point N
"""

HAND_BUILT_ANNOTATED = """\
[Event "Hand-built"]

deal 1 dealer W
N: Rc Rd 4c 4b 6d Cb 4e 9b Vd
E: 4d Re 3d 7d 7b 8b 9e 8e Cd
S: 5c 7c 5d 1c 5b 5e 6e Vc Ce
W: 6b 8d 6c 8c 2c Vb 7e Cc Ve
stock: 1d 2d 3c 9d 9c 1b 2b 3b Rb 1e 2e 3e
1. Rc 4d 5c 6b -> N  {= N wins: Rc (king) beats 6b (six)}
2. Rd Re 7c 8d -> pourri  {= Rd and Re tie for the top: pourri, N leads again}
3. 4c 3d 5d 6c -> E  {= E wins: 3d (monsieur) beats everything}
4. 7d 1c 8c 4b -> S  {= S wins: 1c (ace) beats 8c (eight)}
5. 5b 2c 6d 7b -> W  {= W wins: 2c (vache) beats 7b (seven)}
6. Vb Cb 8b 5e -> N  {= N wins: Cb (cavalier) beats Vb (valet)}
7. 4e 9e 6e 7e -> E  {= E wins: 9e (nine) beats 7e (seven)}
8. 8e Vc Cc 9b -> W  {= W wins: Cc (cavalier) beats Vc (valet)}
9. Ve Vd Cd Ce -> pourri  {= Cd and Ce tie for the top: pourri, W leads again}
point N  {= Tricks: N 2, E 2, S 1, W 2; pourri: 2. N, E and W all have 2; N reached 2 \
at trick 6, E at trick 7, W at trick 8: N wins the point for NS. NS score 1 point.} \
{= Score so far: NS 1, EW 0, after 1 scoring deal of 5: the game is not finished.}
"""

# A finished game kept as score sheets.  Dealers: N, E, S (void: every trick
# pourri, S deals again), S, W, then N deals the fifth scoring deal.
#  1. N 3, E 2, S 1, W 2: N, so NS.        2. E 3: EW.
#  4. docs/rules.md §4's example: N and E have 3; E reached 3 at trick 7, N at 9: EW.
#  5. S 4: NS.                             6. S 3: NS.
# NS 3, EW 2.
SHEETS = """\
[Event "Sheets"]
[Result "NS 3-2"]

deal 1 dealer N
winners: N N N E E - S W W
point NS

deal 2 dealer E
winners: E E E N N S - W W
point EW

deal 3 dealer S
winners: - - - - - - - - -
point none

deal 4 dealer S
winners: N E S E W N E S N
point E

deal 5 dealer W
winners: S S S S N E W - -
point NS

deal 6 dealer N
winners: N N S S S - - - -
point NS
"""

# Wrong claims and a deal that cannot be read, with the lines they are on:
# line 4 claims trick 1 for E (it is N's: king of cups over the six), line 13
# claims the point for EW (N scores for NS), line 16 holds '3x'.
WRONG = HAND_BUILT.replace("1. Rc 4d 5c 6b -> N", "1. Rc 4d 5c 6b -> E").replace(
    "point N\n", "point EW\n\ndeal 2 dealer N\n1. N:3x E:4d\n"
)

# Comments of every kind, `;` comments, a comment spanning lines, names and
# aliases for cards: annotate leaves all of it alone.
COMMENTED = """\
{ a leading comment }
; a line comment
[Event "Commented"] ; after a tag
[Options "signals"]  {tag comment}

deal 1 dealer W  {header}
N: Rc Rd 4c 4b 6d Cb 4e 9b Vd  {north}
E: 4d Ke monsieur 7d 7b 8b 9e 8e Cd
S: 5c 7c 5d Ac 5b 5e 6e Jc Ce
W: 6b 8o 6c 8c vache Vb 7e Cc Ve
stock: 1d 2d 3c 9d 9c 1b 2b 3b Rb 1e 2e 3e {stock}
signal E monsieur {signal}
1. Rc 4d 5c 6b -> N ; first trick
2. Rd Re 7c 8d -> pourri {a comment
   over two lines}
3. 4c 3d 5d 6c -> E
4. 7d 1c 8c 4b -> S
5. 5b 2c 6d 7b -> W
6. Vb Cb 8b 5e -> N
7. 4e 9e 6e 7e -> E
8. 8e Vc Cc 9b -> W
9. Ve Vd Cd Ce -> pourri
point N {point} ; done
"""

# --------------------------------------------------------------------------
# Helpers

_GENERATED = re.compile(rb"[ \t]*\{=[^}]*\}")


def annotate(path: Path, *args: str) -> Result:
    return invoke(["annotate", str(path), *args])


def annotated_bytes(tmp_path: Path, data: str | bytes, name: str = "in.aln") -> bytes:
    result = annotate(write(tmp_path, name, data))
    assert result.exit_code in (0, 1, 2)
    return result.stdout_bytes


def without_generated(data: bytes) -> bytes:
    return _GENERATED.sub(b"", data)


@cache
def findings(path: Path) -> list[dict[str, object]]:
    return json.loads(invoke(["validate", "--format", "json", str(path)]).stdout)


SOURCES: dict[str, bytes | str] = {
    **{f"sample-{p.name}": p.read_bytes() for p in SAMPLES},
    "hand-built": HAND_BUILT,
    "sheets": SHEETS,
    "wrong": WRONG,
    "commented": COMMENTED,
    "commented-crlf": COMMENTED.replace("\n", "\r\n"),
    "commented-cr-bom": "\ufeff" + COMMENTED.replace("\n", "\r"),
    "no-final-newline": HAND_BUILT.rstrip("\n"),
    "unreadable-tags": '[Event "x"\n\ndeal 1 dealer N\nwinners: N N N S S W W E E\npoint NS\n',
    "text-before-first-game": "hello there\n" + SHEETS,
    "invalid-utf8": HAND_BUILT.encode("utf-8").replace(b"Hand-built", b"Hand\xff-built"),
}


GENERATED_FLAGS: list[tuple[str, ...]] = [
    ("--style=seats", "--games=2"),
    ("--style=cards", "--policy=ties"),
    ("--style=sheet",),
    ("--style=cards", "--no-claims", "--no-hands"),
]


@pytest.fixture(params=[*sorted(SOURCES), *(f"gen{''.join(f)}" for f in GENERATED_FLAGS)])
def source(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    name: str = request.param
    if name in SOURCES:
        return write(tmp_path, "source.aln", SOURCES[name])
    flags = GENERATED_FLAGS[[f"gen{''.join(f)}" for f in GENERATED_FLAGS].index(name)]
    return write(tmp_path, "source.aln", generated(500, *flags))


# --------------------------------------------------------------------------
# What the comments say


def test_trick_deal_and_game_comments(tmp_path: Path) -> None:
    result = annotate(write(tmp_path, "h.aln", HAND_BUILT))
    assert result.exit_code == 0
    assert result.stdout == HAND_BUILT_ANNOTATED


def test_the_pourri_wording_names_every_tied_card(tmp_path: Path) -> None:
    # Three kings tie for the top (docs/rules.md §3); N led, so N leads again.
    text = '[Event "x"]\n\ndeal 1 dealer W\n1. Rc Re Rd 4b\n'
    lines = annotated_bytes(tmp_path, text).decode("utf-8").split("\n")
    assert lines[3].startswith(
        "1. Rc Re Rd 4b  {= Rc, Re and Rd tie for the top: pourri, N leads again}"
    )


def test_monsieur_beats_everything(tmp_path: Path) -> None:
    text = '[Event "x"]\n\ndeal 1 dealer W\n1. 4c 3d 1d 2d\n'
    line = annotated_bytes(tmp_path, text).decode("utf-8").split("\n")[3]
    assert line.startswith("1. 4c 3d 1d 2d  {= E wins: 3d (monsieur) beats everything}")


def test_deal_sentences_of_a_finished_game(tmp_path: Path) -> None:
    result = annotate(write(tmp_path, "s.aln", SHEETS))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.split("\n")
    assert lines[5] == (
        "point NS  {= Tricks: N 3, E 2, S 1, W 2; pourri: 1."
        " N has the most tricks (3): N wins the point for NS. NS score 1 point.}"
    )
    void = lines[13]
    assert void.startswith("point none  {= Tricks: N 0, E 0, S 0, W 0; pourri: 9. ")
    assert "void" in void
    assert "S deals again" in void
    assert lines[17] == (
        "point E  {= Tricks: N 3, E 3, S 2, W 1; pourri: 0."
        " N and E both have 3; E reached 3 at trick 7, N at trick 9:"
        " E wins the point for EW. EW score 1 point.}"
    )
    assert lines[25].startswith("point NS  {= Tricks: N 2, E 0, S 3, W 0; pourri: 4.")
    assert lines[25].endswith("{= Final score: NS 3, EW 2. NS win the game.}")
    # the score sentence comes once, after the game
    assert result.stdout.count("Final score") == 1
    assert "Score so far" not in result.stdout


def test_game_score_of_generated_games_matches_the_report(tmp_path: Path) -> None:
    path = write(tmp_path, "g.aln", generated(501, "--games=3", "--policy=ties"))
    out = annotate(path).stdout
    games = json.loads(invoke(["report", "--format", "json", str(path)]).stdout)["games"]
    finals = re.findall(r"\{= Final score: NS (\d+), EW (\d+)\. (NS|EW) win the game\.\}", out)
    assert [(int(a), int(b), w) for a, b, w in finals] == [
        (g["score"]["NS"], g["score"]["EW"], g["winner"]) for g in games
    ]
    # one note per trick line, one summary per deal
    tricks = re.findall(r"^\d+\. .*$", out, re.M)
    assert tricks
    assert all(re.search(r"\{= ([NESW] wins: |.* pourri, [NESW] leads again)", t) for t in tricks)
    deals = sum(len(g["deals"]) for g in games)
    assert out.count("{= Tricks: ") == deals


def test_violations_on_the_lines_they_concern(tmp_path: Path) -> None:
    path = write(tmp_path, "w.aln", WRONG)
    result = annotate(path)
    assert result.exit_code == 1
    lines = result.stdout.split("\n")
    codes_by_line = {i + 1: re.findall(r"\{= (A\d{3}) ", line) for i, line in enumerate(lines)}
    assert codes_by_line[9] == ["A301"]  # 1. Rc 4d 5c 6b -> E
    assert codes_by_line[18] == ["A302"]  # point EW
    assert codes_by_line[21] == ["A001"]  # 1. N:3x E:4d
    assert sum(len(c) for c in codes_by_line.values()) == 3
    # the same findings, word for word, as validate prints them
    for finding in findings(path):
        note = f"{{= {finding['code']} {finding['message']}}}"
        assert note in lines[int(finding["line"]) - 1]  # type: ignore[call-overload]
    # and on standard error in the validate line format
    assert result.stderr.splitlines()[0].startswith(f"{path}:9:")


def test_a_deal_s_notes_go_on_its_last_line_past_a_trick_broken_over_lines(
    tmp_path: Path,
) -> None:
    """Without a point line a deal's notes close its last line: a trick
    read joined from two lines ends on the second, where its cards are, and
    its own note goes there too, first, as a scorer's comment after it
    would (never between the lines of one trick)."""
    text = "deal 1 dealer W\n1.\nN:9d E:8c S:Ce W:6d -> N\n"
    lines = annotated_bytes(tmp_path, text).decode().split("\n")
    assert lines[1] == "1."
    assert lines[2].startswith(
        "N:9d E:8c S:Ce W:6d -> N  {= N wins: 9d (petit-neuf) beats Ce (cavalier)}"
        " {= The deal is not void, but the record does not say enough"
    )
    assert "Score so far" in lines[2]


def test_a_claim_broken_after_its_arrow_is_noted_after_its_seat(tmp_path: Path) -> None:
    """A claim whose seat stands on the line below its ``->`` ends the trick
    there: the trick's note, and the deal's when no point line follows, go
    after the seat, not between the arrow and it."""
    text = "deal 1 dealer W\n1. N:9d E:8c S:Ce W:6d ->\nN\n"
    lines = annotated_bytes(tmp_path, text).decode().split("\n")
    assert lines[1] == "1. N:9d E:8c S:Ce W:6d ->"
    assert lines[2].startswith("N  {= N wins: 9d (petit-neuf) beats Ce (cavalier)} {= ")
    assert "Score so far" in lines[2]


def ends_inside_a_comment(lines: list[bytes]) -> list[bool]:
    """For each line, whether it ends inside an open brace comment
    (docs/notation.md §1); a line starting a deal or a tag section ends a
    comment left open."""
    result = []
    inside = False
    for line in lines:
        if inside and re.match(rb'\s*(\[\s*[A-Za-z]\w*\s+"|deal\s+\d+\s+dealer\b)', line):
            inside = False
        i = 0
        while i < len(line):
            if inside:
                end = line.find(b"}", i)
                if end < 0:
                    break
                inside, i = False, end + 1
                continue
            ch = line[i : i + 1]
            if ch == b"{":
                inside = True
            elif ch == b";":
                break
            elif ch == b'"':
                end = line.find(b'"', i + 1)
                i = len(line) if end < 0 else end
            i += 1
        result.append(inside)
    return result


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_finding_of_every_sample_is_on_its_line(sample: Path) -> None:
    original = sample.read_bytes().split(b"\n")
    inside = ends_inside_a_comment(original)
    out = annotate(sample).stdout_bytes.split(b"\n")
    for finding in findings(sample):
        message = str(finding["message"]).replace("{", "(").replace("}", ")")
        note = f"{{= {finding['code']} {message}}}".encode()
        line = int(finding["line"])  # type: ignore[call-overload]
        where = [i + 1 for i, text in enumerate(out) if note in text]
        assert where, (sample.name, finding)
        if inside[line - 1]:
            # the line ends inside a comment: the note goes on the line that
            # opened it, before the comment, where the reader sees it as a note
            opener = line
            while opener > 1 and inside[opener - 2]:
                opener -= 1
            assert opener in where, (sample.name, finding)
            text = out[opener - 1]
            assert text.index(note) < text.rindex(b"{"), (sample.name, finding)
        else:
            assert line in where, (sample.name, finding)


# --------------------------------------------------------------------------
# Nothing else changes; annotating again changes nothing


def test_own_text_is_kept_byte_for_byte(source: Path) -> None:
    original = source.read_bytes()
    out = annotate(source).stdout_bytes
    assert out.count(b"{=") > 0
    assert without_generated(out).split(b"\n") == original.split(b"\n")


def test_annotating_twice_is_annotating_once(source: Path, tmp_path: Path) -> None:
    once = annotate(source)
    twice = annotate(write(tmp_path, "once.aln", once.stdout_bytes))
    assert twice.stdout_bytes == once.stdout_bytes
    assert twice.exit_code == once.exit_code


def test_exit_status(tmp_path: Path) -> None:
    assert annotate(write(tmp_path, "ok.aln", HAND_BUILT)).exit_code == 0
    assert annotate(write(tmp_path, "ok2.aln", SHEETS)).exit_code == 0
    assert annotate(write(tmp_path, "c.aln", COMMENTED)).exit_code == 0
    assert annotate(write(tmp_path, "w.aln", WRONG)).exit_code == 1
    broken = HAND_BUILT.replace("1. Rc 4d", "1. Rc 4x")
    assert annotate(write(tmp_path, "b.aln", broken)).exit_code == 1
    for flags in GENERATED_FLAGS:
        assert annotate(write(tmp_path, "g.aln", generated(502, *flags))).exit_code == 0


def test_crlf_stays_crlf(tmp_path: Path) -> None:
    original = COMMENTED.replace("\n", "\r\n").encode("utf-8")
    out = annotated_bytes(tmp_path, original)
    assert out.count(b"\n") == original.count(b"\n")
    assert out.count(b"\r\n") == out.count(b"\n")
    assert b"{= N wins: Rc (king) beats 6b (six)}" in out
    assert without_generated(out) == original


def test_cr_only_and_bom_are_kept(tmp_path: Path) -> None:
    original = ("\ufeff" + HAND_BUILT.replace("\n", "\r")).encode("utf-8")
    out = annotated_bytes(tmp_path, original)
    assert out.startswith(b"\xef\xbb\xbf[Event")
    assert b"\n" not in out
    assert without_generated(out) == original


def test_semicolon_comment_stays_at_the_end(tmp_path: Path) -> None:
    lines = annotated_bytes(tmp_path, COMMENTED).decode("utf-8").split("\n")
    trick = lines[12]
    assert trick.startswith("1. Rc 4d 5c 6b -> N  {= N wins: ")
    assert trick.endswith("} ; first trick")
    assert trick.index("{=") < trick.index(";")
    point = lines[22]
    assert point.startswith("point N {point}  {= Tricks: ")
    assert point.endswith("} ; done")
    assert point.count(";") >= 1 and point.rindex("{=") < point.rindex("; done")


def test_no_comment_inside_an_open_brace_comment(tmp_path: Path) -> None:
    lines = annotated_bytes(tmp_path, COMMENTED).decode("utf-8").split("\n")
    # line 14 opens a comment that line 15 closes: the note goes before it opens
    assert lines[13] == (
        "2. Rd Re 7c 8d -> pourri  {= Rd and Re tie for the top: pourri, N leads again} {a comment"
    )
    assert lines[14] == "   over two lines}"


def test_generated_comment_text_cannot_close_early(tmp_path: Path) -> None:
    # Every generated comment is one brace comment: no '{' or '}' inside.
    out = annotated_bytes(tmp_path, WRONG).decode("utf-8")
    for note in re.findall(r"\{=[^}]*\}", out):
        assert "{" not in note[1:]


# --------------------------------------------------------------------------
# Known hard cases


def test_whitespace_around_the_insertion_point_is_kept(tmp_path: Path) -> None:
    # The scorer's own spacing: trailing blanks, and several before a `;`.
    original = HAND_BUILT.replace("-> N\n", "-> N   \n", 1).replace(
        "point N\n", "point N\t  ; claimed by N\n"
    )
    out = annotated_bytes(tmp_path, original)
    assert out.count(b"{=") == 11
    assert without_generated(out).split(b"\n") == original.encode("utf-8").split(b"\n")


@pytest.mark.parametrize(
    "line",
    ['[Event "Cup {=final} round"]', '[Event "Cup"] ; notes {= mine}'],
    ids=["tag-value", "semicolon-comment"],
)
def test_text_that_looks_generated_outside_a_brace_comment_is_kept(
    tmp_path: Path, line: str
) -> None:
    original = HAND_BUILT.replace('[Event "Hand-built"]', line)
    out = annotated_bytes(tmp_path, original)
    assert out.split(b"\n")[0].startswith(line.encode("utf-8"))


def test_unclosed_comment_at_the_end_of_the_file(tmp_path: Path) -> None:
    original = HAND_BUILT.replace("point N\n", "point N {oops\nnever closed\n")
    once = annotate(write(tmp_path, "u.aln", original))
    assert once.exit_code == 1
    assert "A002" in once.stdout
    twice = annotate(write(tmp_path, "u1.aln", once.stdout_bytes))
    assert twice.stdout_bytes == once.stdout_bytes
    # the note keeps the meaning of the message: a '}' is missing, not a ')'
    assert "a ')' is missing" not in once.stdout


# --------------------------------------------------------------------------
# --in-place, -o


def test_in_place_replaces_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    path = write(folder, "match.aln", WRONG)
    path.chmod(0o640)
    expected = annotate(write(tmp_path, "copy.aln", WRONG)).stdout_bytes
    result = annotate(path, "--in-place")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert path.read_bytes() == expected
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in folder.iterdir()] == ["match.aln"]


def test_in_place_on_a_valid_record(tmp_path: Path) -> None:
    path = write(tmp_path, "ok.aln", HAND_BUILT)
    path.chmod(0o604)
    result = annotate(path, "--in-place")
    assert result.exit_code == 0
    assert path.read_text(encoding="utf-8") == HAND_BUILT_ANNOTATED
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    # and again: nothing changes
    assert annotate(path, "--in-place").exit_code == 0
    assert path.read_text(encoding="utf-8") == HAND_BUILT_ANNOTATED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ok.aln"]


@pytest.mark.parametrize("option", ["-o", "--output"])
def test_in_place_with_output_is_a_usage_error(tmp_path: Path, option: str) -> None:
    path = write(tmp_path, "in.aln", HAND_BUILT)
    result = annotate(path, "--in-place", option, str(tmp_path / "out.aln"))
    assert result.exit_code == 2
    assert path.read_text(encoding="utf-8") == HAND_BUILT
    assert not (tmp_path / "out.aln").exists()


def test_in_place_with_standard_input_is_a_usage_error() -> None:
    result = invoke(["annotate", "-", "--in-place"], HAND_BUILT.encode("utf-8"))
    assert result.exit_code == 2
    assert result.stdout == ""


def test_output_option(tmp_path: Path) -> None:
    path = write(tmp_path, "in.aln", HAND_BUILT)
    target = tmp_path / "out.aln"
    result = annotate(path, "-o", str(target))
    assert (result.exit_code, result.stdout) == (0, "")
    assert target.read_text(encoding="utf-8") == HAND_BUILT_ANNOTATED
    assert path.read_text(encoding="utf-8") == HAND_BUILT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.aln", "out.aln"]


def test_standard_input(tmp_path: Path) -> None:
    result = invoke(["annotate", "-"], HAND_BUILT.encode("utf-8"))
    assert result.exit_code == 0
    assert result.stdout == HAND_BUILT_ANNOTATED


def test_unwritable_output_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, "in.aln", HAND_BUILT)
    result = annotate(path, "-o", str(tmp_path / "missing" / "out.aln"))
    assert result.exit_code == 2
    assert result.stderr.startswith("aluette: ")


# --------------------------------------------------------------------------
# Read in blocks: where a block ends changes nothing


def _annotated_in_blocks(data: bytes, block: int, monkeypatch: pytest.MonkeyPatch) -> bytes:
    import io

    from aluette_cli import annotate as module
    from aluette_cli.pipeline import RuleChoice
    from aluette_cli.reading import tee

    monkeypatch.setattr(tee, "TEE_BLOCK", block)
    out = io.BytesIO()
    for _ in module.Annotator(io.BytesIO(data), out, RuleChoice()).run():
        pass
    return out.getvalue()


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_blocks_cut_anywhere_give_the_same_text(
    ending: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines with and without comments, strings and bad bytes, a BOM, a
    line end split between two blocks, no line end at the end: read in
    blocks of one byte up, each is annotated as when read whole."""
    text = HAND_BUILT + COMMENTED + WRONG + generated(503, "--games", "1")
    text = text.replace("1. Rc 4d 5c 6b -> N", '1. Rc 4d 5c 6b -> N ; "a note"  ')
    data = ("\ufeff" + text.replace("\n", ending)).encode("utf-8").rstrip(b"\r\n")
    data = data.replace(b"stock:", b"stock:\xff", 1)  # not UTF-8
    whole = _annotated_in_blocks(data, 1 << 20, monkeypatch)
    assert whole.count(b"{=") > 40 and whole.startswith(b"\xef\xbb\xbf[")
    assert without_generated(whole) == data
    for block in (1, 2, 3, 5, 64, 1000):
        assert _annotated_in_blocks(data, block, monkeypatch) == whole, block


#: Tag lines of every kind; the misspelt tags (A409) take notes.
STRINGS = """\
[Event "plain"]
[Siet "a {brace} and a ; in a string"]
[Rond "a \\"quote\\" and a \\\\ backslash"]
[Stie "a misspelt tag"]<blanks>
[Date "2026.11.30"] [Roudn "two tags"]
[Sitee "closed"] {a comment after}
[Evnt "a {= generated-looking} string"] ; and a comment
[Result "*"]

[Siet "closed by an escaped quote\\"]
[Event "the string above is not closed"]

[Annotator "left open" {a comment
that goes on} [Tiem "?"]
[Borad "a string never closed]

""".replace("<blanks>", " \t ")


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_lines_read_as_written_are_annotated_as_lines_read_one_by_one(
    ending: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tee keeps a line with no comment, and none of a string but one
    closed on it, as its bytes (a tag line): annotated so, each line is as
    when every line is read the careful way, notes on tag lines included."""
    from aluette_cli.reading import tee

    text = STRINGS + generated(504, "--games", "1") + "\n" + STRINGS
    data = text.replace("\n", ending).encode("utf-8")
    careful: list[bytes] = []
    line = tee.Tee._line

    def counted(self: object, piece: bytes, ahead: object) -> bytes:
        careful.append(piece)
        return line(self, piece, ahead)  # type: ignore[arg-type]

    monkeypatch.setattr(tee.Tee, "_line", counted)
    fast = _annotated_in_blocks(data, 1 << 20, monkeypatch)
    assert fast.count(b"A409") == 2 * 6 and fast.count(b"{=") > 12
    # Only the lines with a comment, a backslash, two strings or one not
    # closed are read the careful way (eight in each copy of STRINGS), and
    # the first line (for a BOM).
    assert len(careful) == 1 + 2 * 8
    assert not any(piece.startswith((b"[Event", b"[Stie", b"deal")) for piece in careful[1:])
    monkeypatch.setattr(tee.Tee, "_plain", staticmethod(lambda block, pieces, starts, k: k))
    assert _annotated_in_blocks(data, 1 << 20, monkeypatch) == fast
    assert _annotated_in_blocks(data, 7, monkeypatch) == fast


@pytest.mark.parametrize(
    "flags",
    [
        ("--policy", "ties"),
        ("--rules", "team-five", "--policy", "ties"),
        ("--rules", "to-five-points", "--policy", "ties"),
        ("--options", "chanter,signals,mordienne", "--policy", "ties"),
    ],
    ids=" ".join,
)
def test_a_trick_note_kept_is_the_note_made_afresh(flags: tuple[str, ...], tmp_path: Path) -> None:
    """The notes kept (TrickNotes) are looked up by what their words depend
    on: for every trick, the note kept is the one made for it alone, in games
    that take turns with games under rules where monsieur does not beat
    everything (the same cards, other words)."""
    import io

    from aluette_cli.annotate import TrickNotes
    from aluette_cli.pipeline import OUTCOMES, check_source

    def games(text: str) -> list[str]:
        return ["[Event" + game.strip("\n") + "\n" for game in text.split("[Event")[1:]]

    house = Path(__file__).parent.parent / "samples" / "house-rules.toml"
    twin = house.read_text("utf-8").replace('["3d"], ["3c"]', '["3d", "3c"]')
    (tmp_path / "twin.toml").write_text(twin.replace('"house-rules"', '"twin"'), "utf-8")
    made = run("generate", "--seed", "506", "--games", "30", "--rules", str(tmp_path / "twin.toml"),
               "-o", str(tmp_path / "twin.aln"))  # fmt: skip
    assert made.exit_code == 0, made.output
    ours = games(generated(505, "--games", "30", *flags))
    theirs = games((tmp_path / "twin.aln").read_text("utf-8"))
    text = "\n".join(game for pair in zip(ours, theirs, strict=True) for game in pair)
    kept = TrickNotes()
    told = monsieur = 0
    for game in check_source(io.BytesIO(text.encode("utf-8")), base=tmp_path, keep=OUTCOMES):
        ruleset = game.outcome.ruleset
        assert ruleset is not None and not game.outcome.findings
        for deal in game.outcome.deals:
            for trick in deal.tricks:
                note = kept.under(ruleset)(trick)
                assert note == TrickNotes().under(ruleset)(trick)
                told += 1
                monsieur += note is not None and b"3d (monsieur) beats" in note
    assert told > 2000 and len(kept.said) < told  # some notes were looked up
    assert monsieur > 100


@pytest.mark.parametrize(
    "flags",
    [
        ("--policy", "ties"),
        ("--rules", "team-five", "--policy", "ties"),
        ("--rules", "to-five-points", "--policy", "ties"),
        ("--options", "chanter,signals,mordienne", "--policy", "ties"),
        ("--style", "sheet", "--policy", "ties"),
    ],
    ids=" ".join,
)
def test_a_deal_note_kept_is_the_note_made_afresh(flags: tuple[str, ...]) -> None:
    """The deal notes kept (DealNotes) are looked up by every fact their
    sentences read: for every deal, the note kept is the one made for it
    alone, under rules that score, tie, stop early and void deals in
    different ways, with mordiennes, doubles and signals."""
    import io

    from aluette_cli.annotate import DealNotes, added
    from aluette_cli.pipeline import OUTCOMES, check_source
    from aluette_cli.writers.report import deal_sentences

    text = generated(507, "--games", "60", *flags)
    kept = DealNotes()
    told = 0
    for game in check_source(io.BytesIO(text.encode("utf-8")), keep=OUTCOMES):
        for deal in game.outcome.deals:
            assert kept(deal) == added(" ".join(deal_sentences(deal)))
            told += 1
    assert told > 200 and len(kept.said) < told  # some notes were looked up


# --------------------------------------------------------------------------
# Each trick's note on its own line, whatever happened to the lines around it

#: HAND_BUILT's trick lines by number, as written
_TRICK_LINES = {
    int(line.split(".")[0]): line for line in HAND_BUILT.splitlines() if line[:1].isdigit()
}
#: each trick's note in HAND_BUILT_ANNOTATED: what its line explains
_TRICK_NOTES = {
    int(line.split(".")[0]): line.split("{= ", 1)[1].rstrip("}")
    for line in HAND_BUILT_ANNOTATED.splitlines()
    if line[:1].isdigit()
}
_NOTE = re.compile(r"\{= ([^}]*)\}")
_CARD = re.compile(r"\b[1-9RCV][dcbe]\b")


def _moved(order: list[int]) -> str:
    """HAND_BUILT with its trick lines written in ``order`` (trick numbers)."""
    lines = HAND_BUILT.splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("1."))
    body = [_TRICK_LINES[n] + "\n" for n in order]
    return "".join(lines[:first] + body + lines[first + 9 :])


#: name -> (the record, the tricks whose line is there and readable)
MESSY_TRICK_LINES = {
    "unreadable": (HAND_BUILT.replace("3. 4c 3d 5d", "3. 4c 3x 5d"), [1, 2, 4, 5, 6, 7, 8, 9]),
    "missing": (_moved([1, 2, 4, 5, 6, 7, 8, 9]), [1, 2, 4, 5, 6, 7, 8, 9]),
    "swapped": (_moved([1, 2, 5, 4, 3, 6, 7, 8, 9]), list(range(1, 10))),
    "out of order": (_moved([1, 3, 4, 5, 6, 2, 7, 8, 9]), list(range(1, 10))),
    "two swaps": (_moved([2, 1, 3, 4, 5, 6, 7, 9, 8]), list(range(1, 10))),
    "last unreadable": (HAND_BUILT.replace("9. Ve Vd", "9. Ve Vx"), [1, 2, 3, 4, 5, 6, 7, 8]),
}


def assert_notes_on_their_lines(annotated: str, readable: list[int]) -> None:
    """Every trick line carries its own trick's note, and only it: the cards a
    note names are on its line, and no note is lost."""
    seen = []
    for line in annotated.splitlines():
        if not line[:1].isdigit():
            continue
        number = int(line.split(".")[0])
        written = line.split("  {=", 1)[0]
        notes = _NOTE.findall(line)
        tricks = [n for n in notes if not re.match(r"A\d{3} ", n)]
        for note in tricks:
            assert set(_CARD.findall(note)) <= set(_CARD.findall(written)), line
        if number in readable:
            assert tricks == [_TRICK_NOTES[number]], line
            seen.append(number)
        else:
            assert tricks == [], line
    assert sorted(seen) == readable


@pytest.mark.parametrize("name", MESSY_TRICK_LINES)
def test_each_trick_note_sits_on_its_own_line(tmp_path: Path, name: str) -> None:
    text, readable = MESSY_TRICK_LINES[name]
    result = annotate(write(tmp_path, "messy.aln", text))
    assert result.exit_code == 1, result.output
    assert_notes_on_their_lines(result.stdout, readable)


@pytest.mark.parametrize("name", MESSY_TRICK_LINES)
def test_each_trick_note_sits_on_its_own_line_in_place(tmp_path: Path, name: str) -> None:
    text, readable = MESSY_TRICK_LINES[name]
    path = write(tmp_path, "messy.aln", text)
    assert annotate(path, "--in-place").exit_code == 1
    annotated = path.read_text("utf-8")
    assert_notes_on_their_lines(annotated, readable)
    # and again: the notes are replaced, not moved
    assert annotate(path, "--in-place").exit_code == 1
    assert path.read_text("utf-8") == annotated


# --------------------------------------------------------------------------
# A line past the reader's limit: reported, and never held whole


@pytest.mark.parametrize("size", [-40, 60, 3_000, 300_000], ids=["under", "just", "3x", "300x"])
@pytest.mark.parametrize(
    ("line", "ending"),
    [
        ("1. N:Rc E:4d S:5c W:6b -> N ; {}", "\n"),  # a note before the ; comment
        ("1. N:Rc E:4d S:5c W:6b -> N {{{}}}", "\n"),  # a note at the end
        ("1. N:Rc E:4d S:5c W:6b -> N{}", "\n"),  # before trailing blanks
        ("1. N:Rc E:4d S:5c W:6b -> N ; {}", "\r\n"),
        ('[Event "x"] ; {}', "\n"),  # no note of its own, past the limit its A009
    ],
    ids=["semicolon", "brace", "blanks", "crlf", "tag"],
)
@pytest.mark.parametrize("block", [64 * 1024, 256], ids=["whole", "in-pieces"])
def test_a_line_past_the_limit_is_annotated_once_however_often(
    line: str, ending: str, size: int, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past the limit a line's notes go at its end, where the reader never
    # reads them: annotating again must still take them off, not count them
    # as the line's skipped bytes and add one more; nor find a line that its
    # notes alone pushed past the limit too long the second time.
    import io

    from aluette_cli import annotate as module
    from aluette_cli.pipeline import RuleChoice
    from aluette_cli.reading import decode, tee

    limit = 1024
    monkeypatch.setattr(decode, "MAX_LINE_BYTES", limit)
    monkeypatch.setattr(tee, "TEE_BLOCK", block)  # a long line read whole, or put aside
    filler = ("x" if "{}" in line and "N{}" not in line else " ") * (limit + size)
    written = line.format(filler)
    if line.startswith("["):
        deal = written + "\n\ndeal 1 dealer N\nwinners: E E E W N S - N E\npoint EW\n"
    else:
        deal = "deal 1 dealer E\n" + written + "\npoint NS\n"
    text = deal.replace("\n", ending).encode("ascii")

    def annotated(data: bytes) -> bytes:
        out = io.BytesIO()
        for _ in module.Annotator(io.BytesIO(data), out, RuleChoice()).run():
            pass
        return out.getvalue()

    once = annotated(text)
    assert b"{= " in once
    assert (b"A009" in once) == (size > 0)
    removed = without_generated(once)
    if "N{}" in line and size > limit:
        # A line too long to hold takes its notes at its very end, after its
        # trailing blanks, which the documented sed then takes off too
        # (docs/formats.md §5): only they may go.
        assert removed in (text, text.replace(filler.encode("ascii"), b""))
    else:
        assert removed == text  # byte for byte
    twice = annotated(once)
    assert twice == once
    assert annotated(twice) == once


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r", ""])
def test_a_line_past_the_limit_is_reported_and_not_held(
    ending: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from aluette_cli import annotate as module
    from aluette_cli.pipeline import RuleChoice
    from aluette_cli.reading import decode, tee

    limit = 1024
    monkeypatch.setattr(decode, "MAX_LINE_BYTES", limit)
    long = "; " + "x" * 300_000  # a comment line 300 times the limit
    # and after it, in the same read, a few lines and another long one
    after = "; short" + (ending or "\n")
    text = HAND_BUILT.replace("\n", ending or "\n") + long + (ending or "\n") + after * 3 + long
    held: list[int] = []  # the size of every line or block the tee keeps in memory
    heads: list[int] = []
    blocks = tee.Tee._blocks

    def spied(self: tee.Tee) -> Iterator[tee.Block]:
        for block, pieces, line in blocks(self):
            held.extend([len(block), *map(len, pieces)])
            if line is not None:
                heads.append(len(line.head))
            yield block, pieces, line

    monkeypatch.setattr(tee.Tee, "_blocks", spied)
    out = io.BytesIO()
    games = list(module.Annotator(io.BytesIO(text.encode("ascii")), out, RuleChoice()).run())
    message = (
        f"this line is longer than the limit of 1,024 bytes;"
        f" the {len(long) - limit:,} bytes after the limit are skipped"
    )
    first = HAND_BUILT.count("\n") + 1
    found = [(f.line, f.message) for g in games for f in g.outcome.findings]
    assert found == [(first, message), (first + 4, message)]
    written = out.getvalue()
    code = games[0].outcome.findings[0].code
    assert written.count(f"{{= {code} {message}}}".encode("ascii")) == 2
    assert without_generated(written) == text.encode("ascii")  # byte for byte
    # Held: the long lines' first bytes (the limit), and blocks of at most one
    # read beyond it; never a line.
    assert heads == [limit, limit]
    assert max(held) <= limit + tee.TEE_BLOCK < len(long)


@pytest.mark.parametrize("added", [b" Zz", b" { left open", b" ; a remark", b" \xff"])
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_findings_after_an_earlier_run_s_notes_are_where_validate_puts_them(
    sample: Path, added: bytes, tmp_path: Path
) -> None:
    """Annotate reads a line without the notes an earlier run put at its
    end; a finding past them (text a scorer added after the notes) was said
    at its column in the line without them: 5:10 where validate said 5:311.
    The notes themselves say the findings of the text without any notes (a
    bad byte's offset there), so that annotating again changes nothing."""
    once = annotate(sample).stdout_bytes.split(b"\n")
    noted = [k for k, line in enumerate(once) if b"{= " in line and not line.startswith(b";")]
    assert noted, sample.name
    for k in noted[:3]:
        once[k] += added
    again = write(tmp_path, "again.aln", b"\n".join(once))
    result = annotate(again)
    said = result.stderr.splitlines()
    expected = invoke(["validate", str(again)]).stdout.splitlines()
    assert [line for line in said if ": A" in line] == expected
    twice = write(tmp_path, "twice.aln", result.stdout_bytes)
    assert annotate(twice).stdout_bytes == result.stdout_bytes


@pytest.mark.parametrize(
    "text",
    [
        # a point line whose own comment leaves no room for the deal's note
        "deal 1 dealer N\nwinners: E E E W N S - N E\npoint EW ; "
        + "x" * 65_500
        + "\n\ndeal 2 dealer E\nwinners: E E E W N S - N E\npoint EW\n",
        # a note before a comment left open would push its { past the limit:
        # the comment's next line was then read as the record's
        "deal 1 dealer W\n1. Rc 4d 5c 6b -> N"
        + " " * 65_480
        + "{ spans\ntwo lines }\n2. Rd Re 7c 8d -> pourri\n",
    ],
)
def test_a_note_never_takes_a_line_past_the_reader_s_limit(tmp_path: Path, text: str) -> None:
    """The record annotated reads as the record did: a note that would take
    its line past 65,536 bytes, which the reader cuts, is left out."""
    path = write(tmp_path, "long.aln", text)
    before = run("validate", "-q", str(path))
    out = tmp_path / "long.ann"
    result = run("annotate", str(path), "-o", str(out))
    assert result.exit_code == before.exit_code
    after = run("validate", "-q", str(out))
    assert after.stdout.replace(str(out), str(path)) == before.stdout
    assert all(len(line) <= 65_536 for line in out.read_bytes().split(b"\n"))
    assert b"{=" in out.read_bytes()  # the other lines have their notes


def test_notes_never_take_a_deal_past_the_reader_s_limit(tmp_path: Path) -> None:
    """A deal of 999,600 characters (long comments) took some 500 of notes:
    the reader then cut it (A009) and lost its last trick.  Its notes are
    left out; the next deal has its own."""
    body = ["{ " + "x" * 60_000 + " }"] * 16
    pad = "{ " + "y" * (999_600 - 16 * 60_006 - 60) + " }"
    deal = ["deal 1 dealer W", "1. Rc 4d 5c 6b -> N", *body, pad, "2. Rd Re 7c 8d -> pourri"]
    text = "\n".join(deal) + "\n\ndeal 2 dealer N\nwinners: E E E W N S - N E\npoint EW\n"
    path = write(tmp_path, "big.aln", text)
    before = run("validate", "-q", str(path))
    out = tmp_path / "big.ann"
    assert run("annotate", str(path), "-o", str(out)).exit_code == before.exit_code
    after = run("validate", "-q", str(out))
    assert after.stdout.replace(str(out), str(path)) == before.stdout
    noted = out.read_text("utf-8")
    assert "{=" not in noted.split("\ndeal 2")[0] and "{=" in noted.split("\ndeal 2")[1]


def test_notes_never_take_a_game_past_the_reader_s_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of 3,999,748 characters (long comments) took some 3,000 of
    notes: the reader then skipped its last deal (A009) and its Result no
    longer held (A305).  The notes of its first deals are kept as far as
    they fit; the limit here is the game's own characters and room for a
    few deals' notes."""
    import io

    from aluette_cli import model
    from aluette_cli.reading import DealCount, read_units

    text = generated(3, "--games", "1")
    place = DealCount()
    for unit in read_units(io.BytesIO(text.encode("ascii"))):
        place(unit)
    monkeypatch.setattr(model, "MAX_GAME_CHARS", place.chars + 1_500)
    path = write(tmp_path, "game.aln", text)
    before = run("validate", str(path))
    assert before.exit_code == 0, before.output
    out = tmp_path / "game.ann"
    assert run("annotate", str(path), "-o", str(out)).exit_code == 0
    after = run("validate", str(out))
    assert after.output.replace(str(out), str(path)) == before.output
    noted = ["{=" in deal for deal in out.read_text("utf-8").split("\ndeal ")[1:]]
    assert noted[0] and not noted[-1] and noted == sorted(noted, reverse=True), noted
    monkeypatch.setattr(model, "MAX_GAME_CHARS", place.chars)  # (no room at all)
    assert run("annotate", str(path), "-o", str(out)).exit_code == 0
    assert out.read_text("utf-8") == text


def test_notes_keep_to_the_line_limit_in_force_when_annotating(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The reader's limits are read when they are needed, never copied when a
    # module is loaded: annotate, loaded before the limit changed, keeps to
    # the one the reader will apply to the record annotated.
    import io

    from aluette_cli import annotate as module
    from aluette_cli.pipeline import RuleChoice
    from aluette_cli.reading import decode

    data = generated(3, "--games", "1").encode("ascii")

    def annotated() -> bytes:
        out = io.BytesIO()
        for _ in module.Annotator(io.BytesIO(data), out, RuleChoice()).run():
            pass
        return out.getvalue()

    limit = 80
    assert max(map(len, annotated().splitlines(keepends=True))) > limit
    monkeypatch.setattr(decode, "MAX_LINE_BYTES", limit)
    narrow = annotated()
    assert max(map(len, narrow.splitlines(keepends=True))) <= limit
    assert b"{= " in narrow  # the notes that fit are still there


def test_a_game_past_the_most_deals_is_annotated_up_to_there_and_not_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The reader skips a game's deals past model.MAX_DEALS: the game's notes
    # are placed on the deals before, the skipped lines are written out as
    # they come (not held to the game's end), and the next game is annotated.
    import io

    from aluette_cli import annotate as module
    from aluette_cli import model
    from aluette_cli.pipeline import RuleChoice

    games = generated(5, "--games", "2").split('[Event "Generated game 2"]')
    monkeypatch.setattr(model, "MAX_DEALS", 3)
    long = games[0].rstrip("\n") + "\n\n"
    deals = long[long.index("deal 1 ") :]
    data = (long + deals * 1000 + '[Event "Generated game 2"]' + games[1]).encode("ascii")
    held: list[int] = []
    flush = module.Annotator._flush

    def spied(self: module.Annotator, before: int | None) -> None:
        held.append(len(self.tee.lines))
        flush(self, before)

    monkeypatch.setattr(module.Annotator, "_flush", spied)
    out = io.BytesIO()
    checked = list(module.Annotator(io.BytesIO(data), out, RuleChoice()).run())
    written = out.getvalue()
    assert without_generated(written) == data
    assert [c.deals_read for c in checked] == [3, 3]  # each past the limit
    lines = written.splitlines()
    cut = next(k for k, line in enumerate(lines) if line.startswith(b"deal 4 "))
    assert b"A009 the game has more than 3 deals" in lines[cut]
    second = lines.index(b'[Event "Generated game 2"]')
    assert all(b"{= " not in line for line in lines[cut + 1 : second])
    assert any(b"{= " in line for line in lines[:cut])
    assert any(b"{= " in line for line in lines[second:])
    # what the tee reads ahead of the reader, not the skipped lines
    assert len(lines) > 50_000 and max(held) < 10_000


#: Records whose reading depends on how a line stands: a tag alone on its
#: line, a deal's first line alone above the point line before.  annotate
#: puts its notes on exactly those lines (each has a finding).
ALONE = {
    "tag among a deal's lines": '[Event "Tuesday"]\n[Result "*"]\n\ndeal 1 dealer W\n'
    '[Round "3"]\nwinners: N E S E W N E S N\npoint EW\n\ndeal 2 dealer N\npoint NS\n',
    "Result at the foot of a game": '[Event "Tuesday"]\n\ndeal 1 dealer W\n'
    'winners: N E S E W N E S N\npoint EW\n[Result "EW 1-0"]\n\n\n[Event "Friday"]\n\n'
    "deal 1 dealer N\nwinners: S S S N N - W E E\npoint NS\n",
    "first line above the point line before": "deal 1 dealer W\n"
    "1. N:9d E:8c S:Ce W:6d -> N\n2. N:7e E:5e S:7d W:7b -> pourri\n"
    "3. N:8b E:1d S:1b W:1c -> pourri\n4. N:Rd E:Rb S:3c W:2e -> S\n"
    "5. S:7c W:4b N:Cb E:9b -> N\n6. N:3e E:3b S:3d W:Re -> S\n"
    "7. S:5d W:Ve N:Vd E:5b -> pourri\n8. S:Vc W:9c N:2c E:1e -> N\n"
    "9. N:2b E:6c S:8e W:Rc -> N\n1. E:1c S:Rd W:Rc N:Vb -> E\npoint NS\n\n"
    "deal 2 dealer N\n2. E:2c S:Cb W:6b N:Vc -> E\n3. E:5c S:3b W:3e N:5b -> pourri\n"
    "point E\n",
    # the deal's summary note says "pourri: 1.", which names no trick
    "tag among the tricks of an untagged game": "deal 1 dealer S\n"
    "1. W:Ve N:4c E:Vd S:Vc\n2. W:1c N:8c E:6c S:6e\n3. W:7b N:3c E:3d S:3e\n"
    '[Result "NS 3-2"]\n4. E:Rd S:Rb W:Vb N:4e\n5. E:9c S:5c W:Cb N:6d\n'
    "6. E:6b S:9b W:8b N:2e\n7. N:9e E:Cc S:Re W:2d\n8. W:1d N:9d E:3b S:1b\n"
    "9. N:2b E:7e S:8e W:5d\n",
}

#: Deals without claims whose trick is broken over two lines, its last card
#: alone on the second (a seat whose hand the deal gives): (the record, the
#: line the trick ends on, its findings).
BROKEN = {
    "trick 6": (
        "deal 1 dealer N\nW: 5d Cc Vd 6c Ce 7b 6e 5b Ve\n1. E:1d S:8e W:7b N:1e\n"
        "2. E:4d S:8b W:Ve N:4e\n3. W:6c N:6b E:Rd S:2d\n4. S:9c W:Ce N:4b E:3c\n"
        "5. E:2e S:7d W:Cc N:2b\n6. N:1c E:3b S:9d\nW:Vd\n7. S:4c W:5b N:Cb E:Vb\n"
        "8. N:Vc E:1b S:Rb W:5d\n9. E:7c S:8d W:6e N:9b\n",
        "W:Vd",
        [],
    ),
    "trick 9, the next deal below": (
        "deal 1 dealer E\nE: 6c 1b 5e 1c 1d Cc 9e 3e 5d\n1. S:Vc W:Vb N:7c E:6c\n"
        "2. S:8b W:5b N:6e E:9e\n3. E:5e S:Cd W:2e N:9d\n4. N:4e E:1c S:Vd W:8e\n"
        "5. E:1d S:7b W:7d N:3c\n6. N:Cb E:Cc S:5c W:Rb\n7. W:6b N:9c E:3e S:Re\n"
        "8. N:1e E:1b S:2b W:8c\n9. S:Ve W:3b N:9b\nE:5d\n\ndeal 2 dealer S\n"
        "E: 3d 5b 5d 3c 6e 4e Vd Rb 8d\n1. W:9d N:1e E:5d S:5e\n2. W:5c N:7c E:Vd S:Re\n",
        "E:5d",
        [":14:1: A206 the deal has 2 tricks; all 9 are played (deal 2)"],
    ),
}


@pytest.mark.parametrize("text, end, found", BROKEN.values(), ids=BROKEN.keys())
def test_a_trick_broken_over_lines_is_one_trick_and_noted_at_its_end(
    tmp_path: Path, text: str, end: str, found: list[str]
) -> None:
    """Whitespace is free (docs/notation.md §1): the card alone below a
    trick of three is its fourth, not a hand of one card starting the next
    deal; annotate says the trick where it ends, and the annotated record
    reads as the record."""
    path = write(tmp_path, "record.aln", text)
    notes = tmp_path / "annotated.aln"
    run("annotate", str(path), "-o", str(notes))
    written = notes.read_text("utf-8").splitlines()
    assert next(line for line in written if line.startswith(end)).startswith(f"{end}  {{= ")

    def told(source: Path) -> list[str]:
        lines = run("validate", str(source)).stdout.splitlines()
        return [line[len(str(source)) :] for line in lines if ": A" in line]

    assert told(path) == found
    assert told(notes) == found


@pytest.mark.parametrize("text", ALONE.values(), ids=ALONE.keys())
def test_an_annotated_record_reads_as_the_record_it_annotates(tmp_path: Path, text: str) -> None:
    """The notes are the tool's own (docs/formats.md §5): the reader looks
    past them where it asks how a line stands, so validate tells the same
    of the annotated file, place for place, as of the record."""
    path = write(tmp_path, "record.aln", text)
    notes = tmp_path / "annotated.aln"
    assert run("annotate", str(path), "-o", str(notes)).exit_code == 1
    assert "{=" in notes.read_text("utf-8")

    def told(source: Path) -> list[str]:
        lines = run("validate", str(source)).stdout.splitlines()
        return [line.split(":", 1)[1] for line in lines if ": A" in line]

    assert told(notes) == told(path) != []


def test_a_scorer_s_comment_opened_with_an_equals_sign_alone_is_kept(tmp_path: Path) -> None:
    """Annotate writes its notes as ``{= ...}``, a space after the sign:
    ``{=checked with Jean}`` is the scorer's, kept, and annotating again
    keeps it too (docs/formats.md §5)."""
    text = (
        '[Event "Club night"]  {=upstairs room}\n\ndeal 1 dealer W\n'
        "winners: N E S E W N E S N  {=checked with Jean}\npoint EW\n"
    )
    once = run("annotate", write(tmp_path, "r.aln", text)).stdout
    assert '[Event "Club night"]  {=upstairs room}\n' in once
    assert "winners: N E S E W N E S N  {=checked with Jean}\n" in once
    assert "point EW  {= Tricks: N 3, E 3, S 2, W 1;" in once
    assert run("annotate", write(tmp_path, "again.aln", once)).stdout == once


def test_a_deal_past_its_limit_is_annotated_in_memory_that_does_not_grow_with_its_lines() -> None:
    """The lines of a deal the reader skips past its limit take no note and
    wait on disk (tee.SkippedLines): 80,000 of them take the memory of
    20,000, the text is written back as it was, and the deal after them
    has its notes.  Each was held as a line (320 MB for a million), and a
    file of lines that all held a comment was fed to the reader whole."""
    import io
    import tracemalloc

    from aluette_cli.annotate import Annotator
    from aluette_cli.pipeline import RuleChoice

    def peak(skipped: int) -> tuple[int, bytes, bytes]:
        data = b"".join(
            [
                b'[Event "x"]\n\ndeal 1 dealer N\n',
                (b"{" + b"x" * 60 + b"}\n") * 17_000,  # past 1,000,000 characters
                b"{y}\n" * skipped,
                b"point NS\n\ndeal 3 dealer S\npoint EW\n",
            ]
        )
        out = io.BytesIO()
        tracemalloc.start()
        try:
            for _ in Annotator(io.BytesIO(data), out, RuleChoice()).run():
                pass
            top = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        return top, data, out.getvalue()

    small, _, _ = peak(20_000)
    large, data, written = peak(80_000)
    assert large - small < 4 << 20, (small, large)
    head, _, tail = written.rpartition(b"point NS\n")
    assert head + b"point NS\n" == data[: len(head) + 9]  # (deal 1's lines as they were)
    assert b"deal 3 dealer S  {= A104 deal 3 " in tail
