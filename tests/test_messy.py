"""Records as people write them: one mistake, one finding to act on.

A corpus of scorer mistakes, made by hand and by mutating the bundled
records: for each single mistake, ``validate`` gives exactly one finding a
person must act on (findings marked ``consequence_of`` follow from it), at
the line of the mistake, with a code and a message that names the fix.  Two
independent mistakes in one deal are both found; a deal with an unreadable
line still has its point line checked; the deal before a broken header is
reported as if the broken deal were not there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import pytest

from .conftest import SAMPLES, generated, run, write

SEATED = (SAMPLES / "classic-game.aln").read_text(encoding="utf-8")
CARDS = (SAMPLES / "cards-only.aln").read_text(encoding="utf-8")

POINTS_ONLY = """\
[Event "Points only"]
[Result "NS 3-2"]

deal 1 dealer N
point NS
deal 2 dealer E
point EW
deal 3 dealer S
point NS
deal 4 dealer W
point EW
deal 5 dealer N
point NS
"""

CHANT = """\
[Options "chanter"]

deal 1 dealer W
N: 2c 9d 2b Rd Cb Vd 8b 7e 3e
E: 1d 1e Rb 9b 8c 6c 5b 5e 3b
S: 3d 3c 1b Ce Vc 8e 7d 7c 5d
W: 9c 2e 1c Rc Re Ve 7b 6d 4b
stock: 2d Cd Cc Vb 9e 8d 6b 6e 5c 4d 4c 4e
chant W takes 2d Cd Cc Vb 9e 8d discards 9c 7b 6d 4b 1c Ve
chant N takes 6b 6e 5c 4d 4c 4e discards 6b 6e 5c 4d 4c 4e
point NS
"""

#: a played deal under the chanter option: E and S both exchange, and S
#: plays six of the cards it took
CHANT_PLAYED = """\
[Options "chanter"]

deal 1 dealer E
N: Re 6d Ve 1c Cc 2e Rc 6c 7e
E: 3c Rd 9b 9c 6e Rb 1d 4b 5e
S: 3d 4c Ce Cb 3b 9d Vb Cd 4d
W: Vd Vc 6b 8c 4e 3e 7c 9e 2b
stock: 2d 8e 7d 2c 1b 7b 5b 8b 8d 5c 5d 1e
chant E takes 2d 8e 2c 1b 5d 1e discards 2d 8e 2c 1b 5d 1e
chant S takes 7d 7b 5b 8b 8d 5c discards Vb Cd 3b Cb Ce 4c
1. S:7d W:2b N:6d E:9b
2. W:4e N:Ve E:1d S:7b
3. E:Rb S:4d W:7c N:1c
4. N:2e E:9c S:5b W:8c
5. E:5e S:8b W:9e N:Re
6. N:7e E:Rd S:9d W:3e
7. S:8d W:Vd N:Rc E:4b
8. N:6c E:3c S:5c W:Vc
9. E:6e S:3d W:6b N:Cc
"""


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def line_no(text: str, start: str, after: int = 0) -> int:
    """The 1-based number of the first line after line ``after`` that starts with ``start``."""
    for n, line in enumerate(lines_of(text), 1):
        if n > after and line.startswith(start):
            return n
    raise AssertionError(start)


def replace_line(text: str, n: int, new: str | None) -> str:
    """Line ``n`` replaced (None: deleted)."""
    lines = lines_of(text)
    if new is None:
        del lines[n - 1]
    else:
        lines[n - 1] = new
    return "\n".join(lines)


def sub_in_line(text: str, n: int, old: str, new: str) -> str:
    lines = lines_of(text)
    assert old in lines[n - 1], (old, lines[n - 1])
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
    return "\n".join(lines)


def findings(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    path = write(tmp_path, "messy.aln", text)
    result = run("validate", "--format", "json", str(path))
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def assert_fmt_puts_back(tmp_path: Path, moved: str, text: str) -> None:
    """``fmt`` writes the record with a line moved as it writes the record
    the line was moved in: the line is read where it belongs."""
    path = write(tmp_path, "moved.aln", moved)
    assert run("fmt", str(path)).exit_code == 0
    original = write(tmp_path, "original.aln", text)
    assert run("fmt", str(original)).exit_code == 0
    assert path.read_text("utf-8") == original.read_text("utf-8")


def report(tmp_path: Path, name: str, text: str) -> dict[str, Any]:
    return json.loads(run("report", "--format", "json", str(write(tmp_path, name, text))).stdout)


def to_act_on(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The findings a person must act on: errors and warnings that do not
    follow from another finding."""
    return [f for f in found if "consequence_of" not in f]


@dataclass(frozen=True)
class Mistake:
    name: str
    text: str
    line: int
    code: str
    #: words the message must hold: the fix, said
    says: str


def _mistakes() -> list[Mistake]:
    out: list[Mistake] = []
    d1 = line_no(SEATED, "deal 1 ")
    t4 = line_no(SEATED, "4. ", d1)
    t5 = line_no(SEATED, "5. ", d1)
    point1 = line_no(SEATED, "point ", d1)
    d2 = line_no(SEATED, "deal 2 ")
    d5 = line_no(SEATED, "deal 5 ")
    c1 = line_no(CARDS, "deal 1 ")
    c5 = line_no(CARDS, "5. ", c1)
    out += [
        Mistake(
            "typo in a card",
            sub_in_line(SEATED, t4, "S:3c", "S:8x"),
            t4,
            "A001",
            "found '8x', expected a card; this line cannot be read",
        ),
        Mistake(
            "a card not in the player's hand",
            sub_in_line(SEATED, t4, "S:3c", "S:3b"),
            t4,
            "A203",
            "it was dealt to E",
        ),
        Mistake(
            "a trick's number left out",
            replace_line(SEATED, t4, lines_of(SEATED)[t4 - 1].split(" ", 1)[1]),
            t4,
            "A001",
            "this line is read as trick 4, the trick after the one above it",
        ),
        Mistake(
            "a note in brackets after a claim",
            replace_line(SEATED, t4, lines_of(SEATED)[t4 - 1] + " [checked]"),
            t4,
            "A001",
            "found '[checked]' after the trick's claim",
        ),
        Mistake(
            "a note in brackets alone below a trick",
            replace_line(SEATED, t4, lines_of(SEATED)[t4 - 1] + "\n[checked]"),
            t4 + 1,
            "A001",
            "found '[checked]'",
        ),
        Mistake(
            "a stray quote before a header",
            replace_line(SEATED, d2, '"' + lines_of(SEATED)[d2 - 1]),
            d2,
            "A001",
            "this deal header cannot be read",
        ),
        Mistake(
            "a missing trick, with seats",
            replace_line(SEATED, line_no(SEATED, "2. ", d1), None),
            line_no(SEATED, "2. ", d1),  # trick 3 now stands there
            "A201",
            "trick 2 is missing",
        ),
        Mistake(
            "a missing trick, cards only",
            replace_line(CARDS, c5, None),
            c5,
            "A201",
            "trick 5 is missing",
        ),
        Mistake(
            "two tricks swapped",
            replace_line(
                replace_line(SEATED, t4, lines_of(SEATED)[t5 - 1]), t5, lines_of(SEATED)[t4 - 1]
            ),
            t5,
            "A201",
            "trick 4 is written out of order",
        ),
        Mistake(
            "a wrong trick claim",
            sub_in_line(SEATED, t4, "-> S", "-> W"),
            t4,
            "A301",
            "trick 4 is claimed for W, but S's 3c (madame) is the highest card",
        ),
        Mistake(
            "a wrong point",
            sub_in_line(SEATED, point1, "point NS", "point EW"),
            point1,
            "A302",
            "point claimed for EW, but N wins the deal for NS",
        ),
        Mistake(
            "a point of 0",
            sub_in_line(POINTS_ONLY, 5, "point NS", "point NS 0"),
            5,
            "A307",
            "write 'point none' for a void deal, or 'point NS' for one point",
        ),
        Mistake(
            "a point of 2 without mordienne or double",
            sub_in_line(POINTS_ONLY, 7, "point EW", "point EW 2"),
            7,
            "A307",
            "write 'point EW'",
        ),
        Mistake(
            "a one-sided chant",
            replace_line(CHANT, line_no(CHANT, "chant N"), None),
            line_no(CHANT, "chant W"),
            "A405",
            "W exchanges but N does not",
        ),
        Mistake(
            "a one-sided chant, then play from the exchange",
            replace_line(CHANT_PLAYED, line_no(CHANT_PLAYED, "chant S"), None),
            line_no(CHANT_PLAYED, "chant E"),
            "A405",
            "E exchanges but S does not",
        ),
        Mistake(
            "a wrong dealer, the rotation going on from the right one",
            sub_in_line(SEATED, d5, "deal 5 dealer S", "deal 5 dealer W"),
            d5,
            "A105",
            "W deals, but S should",
        ),
        Mistake(
            "a wrong dealer, the rotation going on from it",
            sub_in_line(
                sub_in_line(
                    sub_in_line(POINTS_ONLY, 8, "dealer S", "dealer W"), 10, "dealer W", "dealer N"
                ),
                12,
                "dealer N",
                "dealer E",
            ),
            8,
            "A105",
            "W deals, but S should",
        ),
        Mistake(
            "a typo in a hand",
            sub_in_line(SEATED, line_no(SEATED, "N: ", d1), " Cb ", " Cd "),
            line_no(SEATED, "N: ", d1),
            "A101",
            "Cb is dealt nowhere: write Cb in N's hand in place of Cd",
        ),
        Mistake(
            "a broken deal header",
            sub_in_line(SEATED, d2, "deal 2", "Deal 2"),
            d2,
            "A001",
            "found 'Deal' (write 'deal': keywords are lower-case)",
        ),
        Mistake(
            "a deal header left out",
            replace_line(SEATED, d2, None),
            d2,
            "A001",
            "a deal starts here without its header",
        ),
        Mistake(
            "a point line before the tricks",
            replace_line(
                replace_line(SEATED, point1, None),
                line_no(SEATED, "1. ", d1),
                lines_of(SEATED)[point1 - 1] + "\n" + lines_of(SEATED)[line_no(SEATED, "1. ") - 1],
            ),
            line_no(SEATED, "1. ", d1),
            "A005",
            "point lines come after the tricks",
        ),
        Mistake(
            "Result * on a finished game",
            POINTS_ONLY.replace('[Result "NS 3-2"]', '[Result "*"]'),
            2,
            "A306",
            'write [Result "NS 3-2"]',
        ),
    ]
    return out


MISTAKES = _mistakes()


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.name for m in MISTAKES])
def test_one_mistake_one_finding(tmp_path: Path, mistake: Mistake) -> None:
    found = to_act_on(findings(tmp_path, mistake.text))
    assert len(found) == 1, found
    (finding,) = found
    assert (finding["line"], finding["code"]) == (mistake.line, mistake.code), finding
    assert mistake.says in finding["message"], finding["message"]


def test_a_trick_read_without_its_number_hides_no_missing_trick(tmp_path: Path) -> None:
    """Its line is read: counted as a line that may be an unread trick, it
    silenced the A206 of a deal short of a trick, and the A201 of a trick
    left out, and analyse refused the deal as having a line it cannot read."""
    d1 = line_no(SEATED, "deal 1 ")
    t3, t9 = line_no(SEATED, "3. ", d1), line_no(SEATED, "9. ", d1)
    short = replace_line(replace_line(SEATED, t9, None), t3, lines_of(SEATED)[t3 - 1][3:])
    codes = [f["code"] for f in to_act_on(findings(tmp_path, short))]
    assert sorted(codes) == ["A001", "A206"], codes
    t2 = line_no(SEATED, "2. ", d1)
    gap = replace_line(SEATED, t3, lines_of(SEATED)[t3 - 1][3:])  # read as trick 3 still
    gap = replace_line(gap, t2, None)  # trick 2 left out: the unnumbered line is read as 2
    said = {f["code"]: f["message"] for f in to_act_on(findings(tmp_path, gap))}
    assert "read as trick 2" in said["A001"], said
    assert said["A201"].startswith("trick 3 is missing: trick 4 follows trick 2"), said
    path = write(tmp_path, "read.aln", replace_line(SEATED, t3, lines_of(SEATED)[t3 - 1][3:]))
    analysed = run("analyse", "--from-trick", "9", "--format", "json", path).stdout
    assert "cannot be read" not in analysed


def test_a_trick_read_without_its_claim_hides_no_missing_trick(tmp_path: Path) -> None:
    """Its cards are read, and its line with them: counted as a line that
    may be an unread trick, it silenced the A206 of a deal short of one."""
    d1 = line_no(SEATED, "deal 1 ")
    t3, t9 = line_no(SEATED, "3. ", d1), line_no(SEATED, "9. ", d1)
    claimed = lines_of(SEATED)[t3 - 1]
    slip = claimed[: claimed.index("->")] + "-> X"
    short = replace_line(replace_line(SEATED, t9, None), t3, slip)
    codes = sorted(f["code"] for f in to_act_on(findings(tmp_path, short)))
    assert codes == ["A001", "A206"], codes


@pytest.mark.parametrize("kind", ["tag", "header", "unquoted"])
def test_a_tag_or_header_among_a_deal_s_lines_hides_no_missing_trick(
    tmp_path: Path, kind: str
) -> None:
    """The reader says such a line is a tag, or the deal's header written
    again: no play.  Counted as a line that may be an unread trick, it
    silenced the A206 of a deal short of trick 9, and analyse refused a deal
    whose every play was read."""
    d1 = line_no(SEATED, "deal 1 ")
    t9 = line_no(SEATED, "9. ", d1)
    # (a tag below the deal's tricks; the header typed again below itself)
    at, stray = (d1, lines_of(SEATED)[d1 - 1])
    if kind != "header":  # (a known tag's value without its quotes is one too)
        at, stray = t9, '[Round "3"]' if kind == "tag" else "[Round 3]"
    whole = "\n".join([*lines_of(SEATED)[:at], stray, *lines_of(SEATED)[at:]])
    short = replace_line(whole, t9 + (kind == "header"), None)
    found = to_act_on(findings(tmp_path, short))
    said = sorted((f["code"], f["line"]) for f in found)
    assert said == [("A001", at + (kind == "header")), ("A206", d1)], found
    path = write(tmp_path, "read.aln", whole)
    analysed = json.loads(run("analyse", "--from-trick", "9", "--format", "json", path).stdout)
    assert "cannot be read" not in json.dumps(analysed["games"][0]["deals"][0])


def test_the_bases_are_clean(tmp_path: Path) -> None:
    for text in (SEATED, CARDS, POINTS_ONLY, CHANT_PLAYED):
        assert findings(tmp_path, text) == []


def test_a_stock_card_is_never_playable_even_without_hands(tmp_path: Path) -> None:
    text = "deal 1 dealer W\nstock: 2d Cd Cc Vb 9e 8d 6b 6e 5c 4d 4c 4e\n1. N:2d E:1d S:3d W:9c\n"
    found = [f for f in findings(tmp_path, text) if f["code"] == "A203"]
    assert [(f["line"], f["column"]) for f in found] == [(3, 4)]
    assert "lies in the stock" in found[0]["message"]


def test_two_independent_mistakes_in_one_deal_are_both_found(tmp_path: Path) -> None:
    d1 = line_no(SEATED, "deal 1 ")
    t2 = line_no(SEATED, "2. ", d1)
    point1 = line_no(SEATED, "point ", d1)
    text = sub_in_line(SEATED, t2, "-> pourri", "-> E")
    text = sub_in_line(text, point1, "point NS", "point NS 2")
    found = to_act_on(findings(tmp_path, text))
    # 2 points is a value no classic deal is worth: A307, with tricks or without.
    assert [(f["line"], f["code"]) for f in found] == [(t2, "A301"), (point1, "A307")]


def test_an_unreadable_line_leaves_the_point_line_checked(tmp_path: Path) -> None:
    d1 = line_no(SEATED, "deal 1 ")
    t9 = line_no(SEATED, "9. ", d1)
    point1 = line_no(SEATED, "point ", d1)
    text = sub_in_line(SEATED, t9, "E:6c", "E:6x")
    text = sub_in_line(text, point1, "point NS", "point EW")
    found = to_act_on(findings(tmp_path, text))
    assert [(f["line"], f["code"]) for f in found] == [(t9, "A001"), (point1, "A302")]


def test_the_deal_before_a_broken_header_is_untouched(tmp_path: Path) -> None:
    d2 = line_no(SEATED, "deal 2 ")
    broken = sub_in_line(SEATED, d2, "deal 2 dealer N", "deal 2 dealr N")
    for bad in (broken, sub_in_line(SEATED, d2, "deal 2", "Deal 2")):
        clean = report(tmp_path, "a.aln", SEATED)
        messy = report(tmp_path, "b.aln", bad)
        assert messy["games"][0]["deals"][0] == clean["games"][0]["deals"][0]
        # and the broken deal is still read: its tricks are the same
        assert messy["games"][0]["deals"][1]["tricks"] == clean["games"][0]["deals"][1]["tricks"]


@pytest.mark.parametrize("note", ["", "  {a note}", "  ; a note", "  {= A001 ...}"])
def test_a_mistyped_header_s_dealer_ends_its_line_before_the_comments(
    tmp_path: Path, note: str
) -> None:
    """``deall 1 dealer S`` for N (cards alone: no deal before it says who
    dealt): its word cannot be read, but the seat that ends the line is
    its dealer as written, a comment after it or not (annotate writes its
    note there), not one guessed from its first card's holder."""
    d1 = line_no(CARDS, "deal 1 ")
    bad = sub_in_line(CARDS, d1, "deal 1 dealer N", f"deall 1 dealer S{note}")
    deal = report(tmp_path, "b.aln", bad)["games"][0]["deals"][0]
    assert deal["dealer"] == "S"


def test_a_consequence_is_marked_in_json_and_said_in_text(tmp_path: Path) -> None:
    d1 = line_no(SEATED, "deal 1 ")
    t4 = line_no(SEATED, "4. ", d1)
    text = sub_in_line(SEATED, t4, "S:3c", "S:3b")
    found = findings(tmp_path, text)
    assert [(f["code"], "consequence_of" in f) for f in found] == [("A203", False), ("A301", True)]
    assert found[1]["consequence_of"] == {"code": "A203", "line": t4, "column": found[0]["column"]}
    keys = {"file", "line", "column", "code", "severity", "message", "game", "deal", "trick"}
    assert set(found[0]) == keys and set(found[1]) == keys | {"consequence_of"}
    out = run("validate", str(write(tmp_path, "c.aln", text))).stdout
    assert f"it follows from the mistake on line {t4} (deal 1, trick 4)" in out


def test_the_leader_is_who_led_in_the_record(tmp_path: Path) -> None:
    d1 = line_no(SEATED, "deal 1 ")
    t1 = line_no(SEATED, "1. ", d1)
    text = sub_in_line(SEATED, t1, "1. N:9d E:8c S:Ce W:6d", "1. E:8c S:Ce W:6d N:9d")
    found = findings(tmp_path, text)
    assert [f["code"] for f in found] == ["A202"]
    assert "but N should" in found[0]["message"]
    data = report(tmp_path, "l.aln", text)
    assert data["games"][0]["deals"][0]["tricks"][0]["leader"] == "E"


# --------------------------------------------------------------------------
# By mutation: generated games, one mistake each


def _trick_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(lines_of(text), 1) if line[:1].isdigit() and ". " in line]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_a_deleted_trick_line_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    import random

    from .conftest import generated

    text = generated(seed, "--style", style)
    rng = random.Random(seed)
    n = rng.choice(_trick_lines(text))
    found = to_act_on(findings(tmp_path, replace_line(text, n, None)))
    assert len(found) == 1, (n, found)
    assert found[0]["code"] in ("A201", "A206"), found


#: Record forms: the trick style, and what is left out (hands, claims).
FORMS = [
    *((style, *flags) for style in ("seats", "cards", "sheet") for flags in ((), ("--no-hands",))),
    ("seats", "--no-claims"),
    ("cards", "--no-claims"),
]


def a_later_header(seed: int, form: tuple[str, ...]) -> tuple[str, list[str], Random, int]:
    """A generated game of ``form`` (its text and lines), a random source
    seeded with ``seed``, and the line of one of its deal headers after the
    first, chosen with it."""
    from .conftest import generated

    text = generated(seed, "--style", *form)
    lines = lines_of(text)
    rng = Random(seed)
    n = rng.choice([n for n, line in enumerate(lines, 1) if line.startswith("deal ")][1:])
    return text, lines, rng, n


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_a_deleted_deal_header_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """Whichever deal's header is left out after the first: the deal after
    the point line is read as the next deal, not as more of the deal before;
    in a record without point lines, the deal whose hands follow a trick
    line, when the deal before has hands of its own."""
    text, _, _, n = a_later_header(seed, form)
    found = to_act_on(findings(tmp_path, replace_line(text, n, None)))
    assert [(f["line"], f["code"]) for f in found] == [(n, "A001")], found


def key_slips(line: str) -> list[str]:
    """Every slip of one key in ``line``: a character left out, typed twice,
    swapped with the next one, or an ``x`` typed in its place."""
    slips = []
    for at in range(len(line)):
        slips.append(line[:at] + line[at + 1 :])
        slips.append(line[: at + 1] + line[at:])
        slips.append(line[:at] + "x" + line[at + 1 :])
        if at + 1 < len(line) and line[at] != line[at + 1]:
            slips.append(line[:at] + line[at + 1] + line[at] + line[at + 2 :])
    return [slip for slip in slips if slip != line]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_a_slip_of_a_key_in_a_deal_header_is_one_finding_at_most(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """A key slipped in a later deal's header (``deeal``, ``dael``, ``eal``,
    ``deal 3 dealr E``, ``deal x dealer E``) costs that line one finding at
    most: the header still starts its deal, with what can be read of its
    number and dealer (a slip such as ``deal3`` is no mistake).  Read as a
    line of the deal before, it cost every line of its deal a finding."""
    text, lines, rng, n = a_later_header(seed, form)
    for slip in rng.sample(key_slips(lines[n - 1]), 12):
        found = to_act_on(findings(tmp_path, replace_line(text, n, slip)))
        assert [f["line"] for f in found] in ([], [n]), (slip, found)
        assert len(
            report(tmp_path, "slip.aln", replace_line(text, n, slip))["games"][0]["deals"]
        ) == (len(report(tmp_path, "clean.aln", text)["games"][0]["deals"])), slip


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("form", [f for f in FORMS if f != ("cards", "--no-hands")], ids=" ".join)
def test_mutation_the_first_deal_s_header_deleted_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """The first deal's header left out: its lines below the tags are a deal
    without its header, numbered 1, its dealer the one its trick 1's leader
    shows (a seat written, or the hand that holds the card led); where
    nothing shows it, the next deal's dealer is not checked against a
    stand-in.  (Cards alone, without hands, say who played what only from
    the dealer: that form is left out.)  Read as more of the tag section,
    the deal was lost and every deal after it numbered one off."""
    from .conftest import generated

    text = generated(seed, "--style", *form)
    n = line_no(text, "deal 1 ")
    found = to_act_on(findings(tmp_path, replace_line(text, n, None)))
    assert [(f["line"], f["code"]) for f in found] == [(n, "A001")], found
    deals = report(tmp_path, "lost.aln", replace_line(text, n, None))["games"][0]["deals"]
    assert len(deals) == len(report(tmp_path, "whole.aln", text)["games"][0]["deals"])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_a_deal_header_moved_down_among_its_lines_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """Whichever deal's header after the first is written one to three
    lines lower: the lines above it are its deal's, not more of the deal
    before (docs/notation.md §8)."""
    import itertools

    _, lines, rng, n = a_later_header(seed, form)
    # the header goes after line ``to``: one of the deal's lines before its point line
    below = itertools.takewhile(lambda k: lines[k - 1][:5] != "point", range(n + 1, n + 4))
    to = rng.choice(list(below))
    moved = lines[: n - 1] + lines[n:to] + [lines[n - 1]] + lines[to:]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(to, "A005")], found


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_a_deal_header_moved_up_among_the_last_lines_before_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """Whichever deal's header after the first is written above one to
    three of the deal before's last lines (its last tricks, its sheet, its
    point line): those lines are the deal before's, not the first of the
    header's deal (docs/notation.md §8)."""
    import itertools
    import re

    text, lines, rng, n = a_later_header(seed, form)
    # the header goes before line ``to``: one of the deal before's last
    # lines of play (not its hands), so that a line of it is below the header
    last = max(k for k in range(1, n) if lines[k - 1].strip())
    play = itertools.takewhile(
        lambda k: re.match(r"[0-9]+\.|winners:|point", lines[k - 1]), range(last, last - 3, -1)
    )
    to = rng.choice(list(play))
    moved = [*lines[: to - 1], lines[n - 1], *lines[to - 1 : n - 1], *lines[n:]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(to, "A005")], found
    # and the lines given back are read where they belong: written back in
    # order, the record is the one before the header moved
    assert_fmt_puts_back(tmp_path, "\n".join(moved) + "\n", text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    "form",
    [f for f in FORMS if "--no-claims" not in f and f != ("sheet", "--no-hands")],
    ids=" ".join,
)
def test_mutation_a_deal_s_first_line_moved_above_the_point_line_before_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """Whichever deal's first line after the first deal (its N hand, or its
    trick 1 in a record without hands) moved up three lines, past its
    header and above the deal before's point line: it is its deal's, not a
    second N hand or trick 1 of the deal before (docs/notation.md §8), and
    the one line out of its place.  (A sheet, and records without point
    lines, are left out: nothing there says the line is the next deal's.)"""
    text, lines, _, n = a_later_header(seed, form)
    point = n - 2  # the deal before's point line, above the blank line
    assert lines[point - 1].startswith("point"), lines[point - 1]
    moved = [*lines[: point - 1], lines[n], *lines[point - 1 : n], *lines[n + 1 :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved)))
    assert [(f["line"], f["code"]) for f in found] == [(point, "A005")], found
    assert_fmt_puts_back(tmp_path, "\n".join(moved), text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", [f for f in FORMS if "--no-claims" not in f], ids=" ".join)
def test_mutation_a_deal_s_last_play_moved_below_the_next_header_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """A deal's last line of play (its trick 9, its sheet) moved down past
    its point line, the blank line and the next deal's header (and in a
    deal with hands the first of them): it is the deal before's, and the
    header, below that deal's point line, stands in its place; the line is
    the one out of its place (docs/notation.md §8)."""
    _, lines, rng, n = a_later_header(seed, form)
    play = n - 3  # above the point line and the blank line
    assert lines[play].startswith("point"), lines[play]
    by = rng.choice([3, 4] if "--no-hands" not in form else [3])
    moved = [*lines[: play - 1], *lines[play : play + by], lines[play - 1], *lines[play + by :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(play + by, "A005")], found


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_a_point_line_moved_below_the_next_deal_s_trick_1_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    """Without hands, whichever deal's point line before a later header
    moved down three lines, past the blank line, the header and the next
    deal's trick 1 (a claim put down late): it is the deal before's, not a
    second point line of the next deal (docs/notation.md §8)."""
    text, lines, _, n = a_later_header(seed, (style, "--no-hands"))
    point = n - 2  # the deal before's point line, above the blank line
    assert lines[point - 1].startswith("point") and lines[n].startswith("1. "), lines[point - 1]
    moved = [*lines[: point - 1], *lines[point : n + 1], lines[point - 1], *lines[n + 1 :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(n + 1, "A005")], found
    assert_fmt_puts_back(tmp_path, "\n".join(moved) + "\n", text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_a_point_line_moved_below_the_next_deal_s_hands_and_trick_1_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    """The same with the hands written: the point line moved down past the
    blank line, the next deal's header, its hands and stock and its trick 1
    is the deal before's still (docs/notation.md §8)."""
    text, lines, _, n = a_later_header(seed, (style,))
    point = n - 2
    first = next(k for k in range(n, len(lines)) if lines[k].startswith("1. "))
    assert lines[point - 1].startswith("point") and lines[n].startswith("N: "), lines[n]
    moved = [*lines[: point - 1], *lines[point : first + 1], lines[point - 1], *lines[first + 1 :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(first + 1, "A005")], found
    assert_fmt_puts_back(tmp_path, "\n".join(moved) + "\n", text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
@pytest.mark.parametrize("among", [True, False], ids=["among the hands", "below the header"])
def test_mutation_a_deal_header_moved_up_among_the_hands_before_is_one_finding(
    tmp_path: Path, seed: int, style: str, among: bool
) -> None:
    """Whichever deal's header moved up among the hands of the deal before
    (below its first one to three hand lines), or right below its header:
    the lines below it down to the next deal's own hands are the deal
    before's (docs/notation.md §8), not every card played twice in the
    next deal, or the deal before empty and the next without its header."""
    text, lines, rng, n = a_later_header(seed, (style,))
    before = next(k for k in range(n - 2, 0, -1) if lines[k - 1].startswith("deal "))
    assert lines[before].startswith("N: "), lines[before]
    # the header's new line, below 1 to 3 hands, or right below the header
    to = before + 1 + (rng.choice([1, 2, 3]) if among else 0)
    header = lines[n - 1]
    moved = [*lines[: to - 1], header, *lines[to - 1 : n - 1], *lines[n:]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(to, "A005")], found
    said = "stands among this deal's hands" if among else "stands right below this deal's header"
    assert said in found[0]["message"]
    assert_fmt_puts_back(tmp_path, "\n".join(moved) + "\n", text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_the_last_tag_moved_among_the_first_deal_s_lines_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """The tag section's last tag moved down two or three lines, below the
    first deal's header (and its first line): it is no tag section of a
    game of its own, cutting the deal; it is one line of the deal that is
    not read (A001, docs/notation.md §8), kept as written."""
    text = generated(seed, "--style", *form)
    lines = lines_of(text)
    last = max(n for n, line in enumerate(lines, 1) if line.startswith("["))
    assert not lines[last] and lines[last + 1].startswith("deal 1 ")
    by = Random(seed).choice([2, 3])
    moved = [*lines[: last - 1], *lines[last : last + by], lines[last - 1], *lines[last + by :]]
    data = "\n".join(moved) + "\n"
    found = to_act_on(findings(tmp_path, data))
    assert [(f["line"], f["code"]) for f in found] == [(last + by, "A001")], found
    assert "a tag among the deal's lines" in found[0]["message"]
    path = write(tmp_path, "moved.aln", data)
    written = run("convert", str(path), "--to", "aln").stdout
    assert written.rstrip("\n") == data.rstrip("\n")  # kept as written, in its place


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    "form", [f for f in FORMS if "--no-claims" not in f], ids=" ".join
)  # (a record without claims has no Result)
def test_mutation_a_result_written_below_its_game_s_last_deal_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """Game 1's Result moved from its tag section to the foot of its last
    deal, above the blank line and game 2's tags: one line of that deal
    that is not read (A001, docs/notation.md §8), not the first tag of
    game 2, whose own Result stays its own; kept as written."""
    text = generated(seed, "--games", "2", "--style", *form)
    lines = lines_of(text)
    result = line_no(text, "[Result")
    second = line_no(text, "[Event", result)
    foot = max(n for n in range(1, second) if lines[n - 1])  # game 1's last line
    assert foot < second - 1  # blank lines above game 2's tags
    tag = lines[result - 1]
    moved = [*lines[: result - 1], *lines[result:foot], tag, *lines[foot:]]
    data = "\n".join(moved)
    found = to_act_on(findings(tmp_path, data))
    assert [(f["line"], f["code"]) for f in found] == [(foot, "A001")], found
    assert "a tag among the deal's lines" in found[0]["message"]
    path = write(tmp_path, "moved.aln", data)
    written = run("convert", str(path), "--to", "aln").stdout
    assert written.rstrip("\n") == data.rstrip("\n")  # kept as written, in its place


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_trick_8_moved_below_the_next_header_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    """Without claims, whichever deal's trick 8 before a later header moved
    down past its trick 9, the blank line and the header: it is the deal
    before's, the line out of its place (not the header), read where its
    number puts it (docs/notation.md §8); the formatter puts it back."""
    text, lines, _, n = a_later_header(seed, (style, "--no-claims"))
    eight = n - 3  # above trick 9 and the blank line
    assert lines[eight - 1].startswith("8. ") and lines[eight].startswith("9. ")
    moved = [*lines[: eight - 1], *lines[eight:n], lines[eight - 1], *lines[n:]]
    data = "\n".join(moved) + "\n"
    found = to_act_on(findings(tmp_path, data))
    assert [(f["line"], f["code"]) for f in found] == [(n, "A005")], found
    assert_fmt_puts_back(tmp_path, data, text)


@pytest.mark.parametrize("seed", range(4))
def test_mutation_a_sheet_s_header_moved_below_its_point_line_is_one_finding(
    tmp_path: Path, seed: int
) -> None:
    """In a record of score sheets without hands, whichever deal's header
    after the first moved down past its sheet and its point line: the lines
    above it are its deal's, not a deal without its header followed by an
    empty deal one too many (docs/notation.md §8)."""
    _, lines, _, n = a_later_header(seed, ("sheet", "--no-hands"))
    assert lines[n].startswith("winners:") and lines[n + 1].startswith("point"), lines[n : n + 2]
    moved = [*lines[: n - 1], lines[n], lines[n + 1], lines[n - 1], *lines[n + 2 :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(n + 2, "A005")], found


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_a_deal_s_hand_moved_among_the_last_tricks_before_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    """Without claims, whichever deal's N hand after the first moved up
    three lines, past its header and the blank line, above the deal
    before's trick 9: it is its deal's, not a second N hand of the deal
    before, nor the start of a deal without its header (docs/notation.md
    §8), and the one line out of its place."""
    text, lines, _, n = a_later_header(seed, (style, "--no-claims"))
    last = n - 2  # the deal before's trick 9, above the blank line
    assert lines[last - 1].startswith("9. ") and lines[n].startswith("N: "), lines[last - 1]
    moved = [*lines[: last - 1], lines[n], *lines[last - 1 : n], *lines[n + 1 :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved)))
    assert [(f["line"], f["code"]) for f in found] == [(last, "A005")], found
    assert_fmt_puts_back(tmp_path, "\n".join(moved), text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("form", FORMS, ids=" ".join)
def test_mutation_a_deal_s_last_line_moved_below_the_next_header_is_one_finding(
    tmp_path: Path, seed: int, form: tuple[str, ...]
) -> None:
    """A deal's last line (its trick 9, its point line) moved down past the
    blank line and the next deal's header, and in a deal with hands past
    the first of them too: it is the deal before's (docs/notation.md §8),
    and the header is the line out of its place."""
    _, lines, rng, n = a_later_header(seed, form)
    last = max(k for k in range(1, n) if lines[k - 1].strip())
    by = rng.choice([2, 3] if "--no-hands" not in form else [2])
    moved = [*lines[: last - 1], *lines[last : last + by], lines[last - 1], *lines[last + by :]]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(n - 1, "A005")], found


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_trick_8_moved_below_trick_9_and_the_point_line_is_one_finding(
    tmp_path: Path, seed: int, style: str
) -> None:
    """Whichever deal's trick 8 moved down two lines, below its trick 9 and
    its point line: the trick is the line out of its place (A005), read
    where its number puts it, so not out of the order of the numbers too
    (A201): one slip, said once (docs/notation.md §8); the formatter puts
    it back."""
    text = generated(seed, "--style", style)
    lines = lines_of(text)
    eights = [n for n, line in enumerate(lines, 1) if line.startswith("8. ")]
    n = Random(seed).choice(eights)
    assert lines[n].startswith("9. ") and lines[n + 1].startswith("point"), lines[n - 1 : n + 2]
    moved = [*lines[: n - 1], lines[n], lines[n + 1], lines[n - 1], *lines[n + 2 :]]
    found = findings(tmp_path, "\n".join(moved) + "\n")
    assert [(f["line"], f["code"]) for f in found] == [(n + 2, "A005")], found
    assert_fmt_puts_back(tmp_path, "\n".join(moved) + "\n", text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["seats", "cards"])
@pytest.mark.parametrize("claims", [True, False], ids=["claims", "no claims"])
def test_mutation_a_hand_line_moved_among_the_tricks_is_one_finding(
    tmp_path: Path, seed: int, style: str, claims: bool
) -> None:
    """A hand line put after one of its deal's trick lines: without the
    trick's claim to end it, whitespace being free, it reads as more cards
    of that trick unless the reader sees the hand in it (docs/notation.md §8)."""
    import random

    from .conftest import generated

    text = generated(seed, "--style", style, *(() if claims else ("--no-claims",)))
    lines = lines_of(text)
    rng = random.Random(seed)
    hand = rng.choice([n for n, line in enumerate(lines, 1) if line[1:3] == ": "])
    deal_end = next(n for n in range(hand, len(lines) + 1) if not lines[n - 1].strip())
    trick = rng.choice([n for n in _trick_lines(text) if hand < n < deal_end])
    moved = lines[: hand - 1] + lines[hand:trick] + [lines[hand - 1]] + lines[trick:]
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(trick, "A005")], found


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("which", ["hand", "point"])
def test_mutation_a_hand_and_the_point_line_of_a_sheet_crossed_are_one_finding(
    tmp_path: Path, seed: int, which: str
) -> None:
    """A hand line moved below its deal's point line, or the point line
    moved up among the hands: the deal has no other hand of that seat, so
    the hand is its own, not the first line of a next deal (notation §8)."""
    import random

    from .conftest import generated

    lines = lines_of(generated(seed, "--style", "sheet"))
    rng = random.Random(seed)
    points = [n for n, line in enumerate(lines, 1) if line.startswith("point")]
    point = rng.choice(points)
    hands = [n for n in range(point - 8, point) if lines[n - 1][1:3] == ": "]
    hand = rng.choice(hands)
    line = lines[hand - 1] if which == "hand" else lines[point - 1]
    if which == "hand":  # below the point line
        moved = [*lines[: hand - 1], *lines[hand:point], line, *lines[point:]]
        at = point
    else:  # above the hand
        moved = [*lines[: hand - 1], line, *lines[hand - 1 : point - 1], *lines[point:]]
        at = hand
    found = to_act_on(findings(tmp_path, "\n".join(moved) + "\n"))
    assert [(f["line"], f["code"]) for f in found] == [(at, "A005")], found


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("style", ["seats", "cards"])
def test_mutation_a_typo_in_a_card_is_one_finding(tmp_path: Path, seed: int, style: str) -> None:
    import random

    from .conftest import generated

    text = generated(seed, "--style", style)
    rng = random.Random(seed)
    n = rng.choice(_trick_lines(text))
    line = lines_of(text)[n - 1]
    cards = [w for w in line.split() if w[-2:][:1] in "123456789VCR" and len(w.split(":")[-1]) == 2]
    word = rng.choice(cards)
    typo = word[:-1] + "x"
    found = to_act_on(findings(tmp_path, sub_in_line(text, n, word, typo)))
    assert [(f["line"], f["code"]) for f in found] == [(n, "A001")], found


# --------------------------------------------------------------------------
# Hints that say the fix


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("N:CD", "found 'CD' (write 'Cd'"),
        ("n:3d", "write 'N:3d'"),
        ("N:Monsieur", "write 'monsieur' or '3d'"),
        ("N:deux-de-chêne", "write 'deux-de-chene' or '2b'"),
        ("N:deux de chêne", "write 'deux-de-chene' or '2b'"),
        ("cd", "found 'cd' (write 'Cd'"),
    ],
)
def test_a_mistyped_card_or_seat_gets_the_right_spelling(
    tmp_path: Path, written: str, says: str
) -> None:
    text = f"deal 1 dealer W\n1. {written} E:8d S:6e W:3b\n"
    (finding,) = findings(tmp_path, text)
    assert (finding["line"], finding["code"]) == (2, "A001")
    assert says in finding["message"], finding["message"]


def test_a_keyword_in_capitals_gets_its_spelling(tmp_path: Path) -> None:
    (finding,) = findings(tmp_path, "deal 1 dealer W\nPoint NS\n")
    assert "write 'point': keywords are lower-case" in finding["message"]


def test_a_tag_name_in_the_wrong_case_is_read_as_the_tag(tmp_path: Path) -> None:
    text = '[rules "team-five"]\n\ndeal 1 dealer N\nannounce NS double\npoint NS 2\n'
    found = findings(tmp_path, text)
    assert [(f["code"], f["severity"]) for f in found] == [("A409", "warning")]
    assert "write [Rules ...]" in found[0]["message"]


def test_a_near_miss_tag_name_names_the_likely_tag(tmp_path: Path) -> None:
    found = findings(tmp_path, '[Reslt "NS 1-0"]\n\ndeal 1 dealer N\npoint NS\n')
    assert [f["code"] for f in found] == ["A409"]
    assert "did you mean Result?" in found[0]["message"]


def test_a_preset_name_in_the_wrong_case_gets_the_right_spelling(tmp_path: Path) -> None:
    """[Rules "Classic"] is still an unknown ruleset (names are exact), but the
    finding says what to write; a name far from every preset gets no guess."""
    from aluette_cli.pipeline import check_source

    record = b'[Event "x"]\n[Rules "Classic"]\n\ndeal 1 dealer N\npoint NS\n'
    (checked,) = check_source([record])
    (finding,) = checked.outcome.findings
    assert finding.code == "A401"
    assert "unknown ruleset 'Classic': did you mean 'classic'?" in finding.message
    far = b'[Event "x"]\n[Rules "boules"]\n\ndeal 1 dealer N\npoint NS\n'
    (checked,) = check_source([far])
    assert "did you mean" not in checked.outcome.findings[0].message
