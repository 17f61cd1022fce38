"""``report --format html``: the page, read as text (the browser tests are in
test_html_browser.py).

What holds without a browser: the page is one file that names nothing
outside itself; it says what the text report says, sentence for sentence,
for every sample; whatever a record holds is shown as text and never
becomes markup; ``-o`` writes it safely, and the exit status is the
report's.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import aluette_cli as aluette
from aluette_cli.cards import card_name
from aluette_cli.pipeline import CheckedGame
from aluette_cli.writers.html import HtmlPage, esc
from aluette_cli.writers.report import (
    deal_sentences,
    game_sentence,
    score_sentence,
    trick_why,
)

from .conftest import SAMPLE_FILES, SAMPLES, generated, run, write


def page_of(*paths: Path | str, args: tuple[str, ...] = ()) -> str:
    result = run("report", "--format", "html", *args, *map(str, paths))
    assert result.stderr == "" or "aluette:" not in result.stderr, result.stderr
    return result.stdout


class _Text(HTMLParser):
    """The page as a reader without a browser sees it: its text, and every
    element with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def parsed(page: str) -> _Text:
    reader = _Text()
    reader.feed(page)
    reader.close()
    return reader


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", "".join(parsed(page).text))


def games(path: Path) -> list[CheckedGame]:
    return list(aluette.load(path))


# --------------------------------------------------------------------------
# One file, nothing from elsewhere


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_the_page_names_nothing_outside_itself(path: Path) -> None:
    page = page_of(path)
    assert page.startswith("<!DOCTYPE html>\n")
    assert page.rstrip().endswith("</html>")
    reader = parsed(page)
    for tag, attrs in reader.tags:
        for name in ("src", "href", "action", "data", "poster"):
            value = attrs.get(name)
            if value is not None:
                # Links within the page and the blank icon, nothing else.
                assert value.startswith("#") or value == "data:,", (tag, name, value)
        assert tag not in ("iframe", "object", "embed", "img", "link") or attrs.get("rel") == "icon"
    csp = "Content-Security-Policy"
    policy = [a["content"] for _, a in reader.tags if a.get("http-equiv") == csp]
    assert len(policy) == 1
    assert "default-src 'none'" in (policy[0] or "")
    assert "unsafe-inline" not in (policy[0] or "")
    # Every link within the page leads somewhere.
    ids = {a["id"] for _, a in reader.tags if a.get("id")}
    for _, attrs in reader.tags:
        href = attrs.get("href")
        if href and href.startswith("#"):
            assert href[1:] in ids, href


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_the_page_is_html_a_browser_reads_without_a_repair(path: Path) -> None:
    """No parse error as the HTML standard defines them (html5lib follows
    it): nothing misnested for a browser to mend in its own way."""
    import html5lib

    parser = html5lib.HTMLParser()
    parser.parse(page_of(path))
    assert parser.errors == []


def test_the_policy_lets_only_the_page_own_script_and_style_run() -> None:
    """The hashes in the policy are those of the page's one style and one
    script: an injected script would be refused by the browser."""
    import base64
    import hashlib

    page = page_of(SAMPLES / "classic-game.aln")
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert style and script
    for body, kind in ((style.group(1), "style-src"), (script.group(1), "script-src")):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"{kind} 'sha256-{digest}'" in page


# --------------------------------------------------------------------------
# The report's sentences


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_the_page_says_what_the_report_says(path: Path) -> None:
    """Every sentence of the text report is on the page, as text: each trick's
    why, each deal's outcome, each running score, the game's end, each
    finding's message."""
    text = text_of(page_of(path))
    for checked in games(path):
        outcome = checked.outcome
        running = {"NS": 0, "EW": 0}
        for deal in outcome.deals:
            for sentence in deal_sentences(deal):
                assert sentence in text, sentence
            if outcome.ruleset is not None and not deal.from_sheet:
                for trick in deal.tricks:
                    assert trick_why(trick, outcome.ruleset) in text
            if deal.scored and deal.point is not None:
                running[deal.point.team] += deal.point.points
                assert score_sentence(running) in text
        assert game_sentence(outcome) in text
        for finding in outcome.findings:
            assert f"{finding.code} {finding.severity} line {finding.line}: " in text
            assert re.sub(r"\s+", " ", finding.message) in text


def test_hand_worked_sentences_of_the_classic_game() -> None:
    """Sentences read off the sample's own comments, not made by the code."""
    text = text_of(page_of(SAMPLES / "classic-game.aln"))
    for sentence in (
        "9d (petit-neuf) beats Ce (cavalier)",
        "7e, 7d and 7b tie for the top: pourri, N leads again",
        "N and E both have 3; E reached 3 at trick 4, N at trick 8: E wins the point for EW.",
        "The deal is void: all 9 tricks belong to nobody; no point, and E deals again.",
        "Final score: NS 2, EW 3. EW win the game.",
    ):
        assert sentence in text


def test_a_comment_that_restates_the_why_is_not_said_twice(tmp_path: Path) -> None:
    """The classic game's trick comments are the why in other words (as an
    annotated record has them): the page gives the why once.  A comment that
    says more stays."""
    record = (SAMPLES / "classic-game.aln").read_text("utf-8")
    assert "{N's 9d (petit-neuf) beats Ce (cavalier)}" in record
    record = record.replace(
        "-> pourri  {pourri: 7e, 7d and 7b tie for the top; N leads again}",
        "-> pourri  {pourri again: W should have kept 7b}",
    )
    page = page_of(write(tmp_path, "c.aln", record))
    text = text_of(page)
    assert "N's 9d (petit-neuf) beats Ce (cavalier)" not in text
    assert "pourri: 1d, 1b and 1c tie for the top; N leads again" not in text
    assert "9d (petit-neuf) beats Ce (cavalier)" in text
    assert "pourri again: W should have kept 7b" in text
    # the winner named either way, with either apostrophe, says the why too
    for said in ("N wins: 9d beats Ce", "N\u2019s 9d beats Ce"):
        changed = record.replace("{N's 9d (petit-neuf) beats Ce (cavalier)}", f"{{{said}}}")
        assert said not in text_of(page_of(write(tmp_path, "d.aln", changed)))


@pytest.mark.parametrize(
    ("trick", "comment"),
    [
        ("1. N:9d E:8c S:Ce W:6d -> N", "Ce beats 9d"),  # the why's words, the other way
        ("4. N:Rd E:Rb S:3c W:2e -> S", "pourri"),  # S took it
        ("5. S:7c W:4b N:Cb E:9b -> N", "S's Cb beats 9b"),  # N played Cb
        ("1. N:9d E:8c S:Ce W:6d -> N", "S wins"),  # N took it: the s of N's is no seat
        ("1. N:9d E:8c S:Ce W:6d -> N", "S\u2019s 9d beats Ce"),
    ],
)
def test_a_comment_that_contradicts_the_why_is_shown(
    tmp_path: Path, trick: str, comment: str
) -> None:
    """A scorer's note is hidden only when it says what the why says; one
    that says otherwise, in the why's own words, is the record's to show."""
    record = (SAMPLES / "classic-game.aln").read_text("utf-8")
    (line,) = [x for x in record.splitlines() if x.startswith(trick)]
    record = record.replace(line, f"{trick}  {{{comment}}}")
    page = page_of(write(tmp_path, "c.aln", record))
    assert f'<p class="c">{esc(comment)}</p>' in page


def test_the_cards_names_come_from_the_cards_module() -> None:
    page = page_of(SAMPLES / "classic-game.aln")
    assert f'"3d":"{card_name("3d")}"' in page
    assert '"2b":"deux de chêne"' in page


def test_each_finding_code_links_to_its_explanation() -> None:
    page = page_of(SAMPLES / "violations.aln")
    reader = parsed(page)
    hrefs = [a.get("href") or "" for _, a in reader.tags]
    ids = [a.get("id") or "" for _, a in reader.tags]
    linked = {h[len("#code-") :] for h in hrefs if h.startswith("#code-")}
    explained = {i[len("code-") :] for i in ids if i.startswith("code-")}
    found = {f.code for g in games(SAMPLES / "violations.aln") for f in g.outcome.findings}
    assert linked == explained == found
    # the explanation is that of `aluette explain`
    text = text_of(page)
    assert "A301 wrong trick claim" in text


def test_findings_stand_at_the_line_they_are_about() -> None:
    """A202 is on trick 2 of game 6's deal 2: its list follows that trick's
    row; A102 is about N's hand: it stands in N's seat; A303 is about the
    Result tag: it stands in the game's header."""
    page = page_of(SAMPLES / "violations.aln")
    deal = page[page.index("id=g6-d2") : page.index("id=g6-d3")]
    row = re.search(r"<tr[^>]*><td>2<td>", deal)
    after = re.search(r"<tr[^>]*><td>3<td>", deal)
    assert row and after
    assert row.start() < deal.index('href="#code-A202"') < after.start()
    seat = page[page.index("id=g5-d2") :]
    seat = seat[seat.index('<div class="seat N">') :]
    assert seat.index('href="#code-A102"') < seat.index('<div class="seat E">')
    header = page[page.index('id="g1"') : page.index("id=g1-d1")]
    assert 'href="#code-A303"' in header


COMPACT = """\
deal 1 dealer W
N: 2c 9d 2b Rd Cb Vd 8b 7e 3e E: 1d 1e Rb 9b 8c 6c 5b 5e 3b
S: 3d 3c 1b Ce Vc 8e 7d 7c 5d W: 9c 2e 1c Rc Re Ve 7b 6d 2c
stock: 2d Cd Cc Vb 9e 8d 6b 6e 5c 4d 4c 4e
1. N:9d E:8c S:Ce W:6d -> N
2. N:7e E:5e S:7d W:7b -> pourri
3. N:8b E:1d S:1b W:1c -> pourri
4. N:Rd E:Rb S:3c W:2e -> S
5. S:7c W:4b N:Cb E:9b -> N
6. N:3e E:3b S:3d W:Re -> S
7. S:5d W:Ve N:Vd E:5b -> pourri
8. S:Vc W:9c N:2c E:1e -> N
9. N:2b E:6c S:8e W:Rc -> N  point EW
"""


@pytest.mark.parametrize("one_line", [False, True])
def test_findings_stand_in_their_part_of_a_line_of_several(tmp_path: Path, one_line: bool) -> None:
    """ALN asks no layout: two hands on a line, the point line after the last
    trick, or the whole deal on one line.  A101 (2c in W's hand, column 31)
    stood at S, the line's first part, and A302 (the point line) under
    trick 9, or both under trick 1 when the deal was one line."""
    text = COMPACT.replace("\n", " ") + "\n" if one_line else COMPACT
    said = run("validate", "-", input=text).stdout
    assert [line.split()[1] for line in said.splitlines()] == ["A101", "A302"]
    page = page_of(write(tmp_path, "compact.aln", text))
    deal = page[page.index("id=g1-d1") :]
    board_w = deal[deal.index('<div class="seat W">') :]
    assert 'href="#code-A101"' in board_w[: board_w.index("</div>")]
    side = deal[deal.index("<div class=side>") :]
    assert 'href="#code-A302"' in side[: side.index("</div></div></div>")]
    assert deal.count('href="#code-A101"') == deal.count('href="#code-A302"') == 1


def test_a_trick_line_written_twice_is_said_after_its_trick(tmp_path: Path) -> None:
    """The copy is left out (A201), so no row shows its line: the finding
    stood under the deal's title, where every other output names trick 2."""
    lines = generated(11, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("2. "))
    lines.insert(k + 1, lines[k])
    page = page_of(write(tmp_path, "twice.aln", "\n".join(lines)))
    deal = page[page.index("id=g1-d1") : page.index("id=g1-d2")]
    row = re.search(r"<tr[^>]*><td>2<td>", deal)
    after = re.search(r"<tr[^>]*><td>3<td>", deal)
    assert row and after
    assert row.start() < deal.index('href="#code-A201"') < after.start()


def test_a_hand_written_under_the_wrong_seat_stands_where_the_play_shows(
    tmp_path: Path,
) -> None:
    """N's hand written as a second W line (A107, read as N's): the board
    shows it at N, as the replay plays it, and W's own line at W."""
    lines = generated(11, "--games", "1").split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("N: "))
    n_cards = lines[k][3:]
    lines[k] = "W: " + n_cards
    page = page_of(write(tmp_path, "misseated.aln", "\n".join(lines)))
    deal = page[page.index("id=g1-d1") : page.index("id=g1-d2")]
    n_seat = deal[deal.index('<div class="seat N">') : deal.index('<div class="seat E">')]
    assert f"<p class=hand>{n_cards}</p>" in re.sub(r"<span[^>]*>|</span>", "", n_seat)


def test_a_mordienne_is_said_and_its_run_marked(tmp_path: Path) -> None:
    """E takes nothing in tricks 1-4, then 5-9 (docs/rules.md §6): the report's
    mordienne sentence, and the five tricks of the run marked."""
    text = '[Options "mordienne"]\n\ndeal 1 dealer W\nwinners: N N S W E E E E E\npoint E 2\n'
    page = page_of(write(tmp_path, "m.aln", text))
    assert "Mordienne: E won nothing before taking tricks 5 to 9, so EW score 2 points." in page
    assert page.count('<td class="E m">') == 5
    assert page.count('<td class="E">') == 0


# --------------------------------------------------------------------------
# What comes from a record is text

HOSTILE = """\
[Event "Club <script>alert(1)</script> \\"night\\""]
[Site "<img src=x onerror=alert(2)>"]
[North "Marie \\"La Reine\\" <b>"]
[Date "2026.01.01"]
{ a note with </style> and <!-- and " quotes }

deal 1 dealer W
winners: N E S E W N E S N  { <script>alert(3)</script> "quoted" }
point EW
"""


def test_tags_and_comments_cannot_make_markup(tmp_path: Path) -> None:
    page = page_of(write(tmp_path, "hostile.aln", HOSTILE))
    assert page.count("<script") == 2  # the cards' names and the page's script
    assert "<img" not in page
    assert "<b>" not in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    assert page.count("</style>") == 1
    text = text_of(page)
    assert 'Club <script>alert(1)</script> "night"' in text
    assert "<img src=x onerror=alert(2)>" in text
    assert 'Marie "La Reine" <b>' in text
    assert '<script>alert(3)</script> "quoted"' in text
    assert '</style> and <!-- and " quotes' in text


def test_escaping_keeps_attributes_closed() -> None:
    assert esc("a\"b<c>&'") == "a&quot;b&lt;c&gt;&amp;'"
    # Characters HTML forbids, and lone surrogates UTF-8 cannot hold.
    assert esc("x\x00y\x1bz\udce9") == "x\ufffdy\ufffdz\ufffd"
    assert esc("tab\tnew\nline") == "tab\tnew\nline"
    # The noncharacters, which an HTML parser reports as errors.
    for nonchar in ("\ufdd0", "\ufdef", "\ufffe", "\uffff", "\U0001fffe", "\U0010ffff"):
        assert esc(f"a{nonchar}b") == "a\ufffdb", hex(ord(nonchar))
    assert esc("\ufdcf\ufdf0\ufffd\U0001fffd") == "\ufdcf\ufdf0\ufffd\U0001fffd"


def test_a_direction_override_in_a_name_cannot_turn_the_page_s_text_around(
    tmp_path: Path,
) -> None:
    """U+202E in North's name reversed every name after it on the page; it
    is written as an escape, as the text outputs write it."""
    assert esc("Eve\u202e is\u2066 x\u200f") == "Eve\\u202e is\\u2066 x\\u200f"
    assert (
        esc("\u0623\u062d\u0645\u062f") == "\u0623\u062d\u0645\u062f"
    )  # right-to-left text is text
    data = '[North "Eve\u202e is the winner"]\n[East "Jean"]\n\ndeal 1 dealer W\npoint N\n'
    page = page_of(write(tmp_path, "bidi.aln", data))
    assert "\u202e" not in page
    assert "N Eve\\u202e is the winner, E Jean" in text_of(page)


def test_a_signal_line_s_comment_stands_beside_the_signal(tmp_path: Path) -> None:
    """html.md: comments are shown next to what they are attached to; the
    signal's was dropped (JSON and annotate kept it)."""
    text = (SAMPLES / "classic-game.aln").read_text("utf-8")
    text = text.replace('[Rules "classic"]', '[Rules "classic"]\n[Options "signals"]', 1)
    text = text.replace("1. N:9d E:8c", "signal N petit-neuf  {he winked twice}\n1. N:9d E:8c", 1)
    page = page_of(write(tmp_path, "signal.aln", text))
    row = re.search(r"<tr class=\"note sig\">[^\n]*", page)
    assert row is not None and "he winked twice" in row[0]


def test_a_noncharacter_in_a_record_does_not_reach_the_page(tmp_path: Path) -> None:
    data = '[Event "a\ufffeb\ufdd0c"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\n'
    page = page_of(write(tmp_path, "nonchar.aln", data))
    assert "a\ufffdb\ufffdc" in page
    assert not {"\ufffe", "\ufdd0"} & set(page)


def test_a_badly_encoded_record_still_makes_a_page(tmp_path: Path) -> None:
    data = b'[Event "caf\xe9"]\n\ndeal 1 dealer W\nwinners: N E S E W N E S N\npoint EW  {\x01}\n'
    page = page_of(write(tmp_path, "latin1.aln", data))
    assert "A003" in page
    page.encode("utf-8")
    assert "\x01" not in page


# --------------------------------------------------------------------------
# Several games, the contents, the command


def test_several_files_make_one_page_with_contents() -> None:
    paths = [SAMPLES / "classic-game.aln", SAMPLES / "score-sheet.aln"]
    page = page_of(*paths)
    reader = parsed(page)
    articles = [a["id"] for t, a in reader.tags if t == "article"]
    assert articles == ["g1", "g2"]
    assert '<a href="#g1">Game 1: Club night, round 2</a>' in page
    assert '<a href="#g2">Game 1: Winter league, table 3</a>' in page
    assert "<h1>2 games</h1>" in page
    shown = page.replace(str(SAMPLES.parent) + "/", "")
    assert "samples/classic-game.aln, samples/score-sheet.aln" in shown


def test_one_game_has_its_tags_as_the_page_header() -> None:
    page = page_of(SAMPLES / "classic-game.aln")
    header = page[page.index('<header class="top">') : page.index("</header>")]
    assert "<h1>Club night, round 2</h1>" in header
    for value in ("Les Herbiers", "2026.11.14", "N Marie, E Jean, S Paul, W Anne", "classic"):
        assert value in header
    assert "<nav" not in page


def test_no_game_is_a_page_too(tmp_path: Path) -> None:
    """A page that says so; and, as every report, a word on standard error."""
    empty = write(tmp_path, "empty.aln", "")
    result = run("report", "--format", "html", str(empty))
    assert result.exit_code == 0
    assert "The input holds no game." in result.stdout
    assert result.stderr == f"aluette: warning: {empty} holds no deals: nothing to report\n"


def test_output_file_and_exit_status(tmp_path: Path) -> None:
    out = tmp_path / "match.html"
    result = run("report", "--format", "html", str(SAMPLES / "violations.aln"), "-o", str(out))
    assert result.exit_code == 2  # as `report`: the unknown ruleset of game 4
    assert result.stdout == ""
    assert out.read_text(encoding="utf-8") == page_of(SAMPLES / "violations.aln")
    ok = run("report", "--format", "html", str(SAMPLES / "classic-game.aln"), "-o", str(out))
    assert ok.exit_code == 0


def test_output_may_not_be_the_record(tmp_path: Path) -> None:
    path = write(tmp_path, "g.aln", (SAMPLES / "classic-game.aln").read_text(encoding="utf-8"))
    before = path.read_bytes()
    result = run("report", "--format", "html", str(path), "-o", str(path))
    assert result.exit_code == 2
    assert "is one of the input files" in result.stderr
    assert path.read_bytes() == before


def test_text_and_json_reports_go_to_the_output_file_too(tmp_path: Path) -> None:
    for fmt in ("text", "json"):
        out = tmp_path / f"r.{fmt}"
        shown = run("report", "--format", fmt, str(SAMPLES / "classic-game.aln"))
        written = run("report", "--format", fmt, str(SAMPLES / "classic-game.aln"), "-o", str(out))
        assert written.exit_code == shown.exit_code == 0
        assert written.stdout == ""
        assert out.read_text(encoding="utf-8") == shown.stdout


def test_jobs_give_the_same_page() -> None:
    one = page_of(SAMPLES / "violations.aln", SAMPLES / "classic-game.aln")
    two = page_of(SAMPLES / "violations.aln", SAMPLES / "classic-game.aln", args=("-j", "2"))
    assert one == two


def test_games_after_the_first_wait_on_disk_not_in_memory() -> None:
    """Past its spool size the page's body is a real temporary file."""
    (checked,) = games(SAMPLES / "classic-game.aln")
    parts: list[str] = []
    page = HtmlPage(parts.append)
    page.SPOOL = 1000
    for _ in range(3):
        page.add(checked, "a.aln")
    assert page._body is not None
    assert page._body._rolled  # type: ignore[attr-defined]
    page.end()
    whole = "".join(parts)
    assert whole.count('<article class="game"') == 3
    assert '<a href="#g3">' in whole


def test_help_names_the_html_format() -> None:
    result = run("report", "--help")
    assert "[text|json|jsonl|csv|html]" in result.stdout
    assert "aluette report --format html match.aln -o match.html" in result.stdout


# --------------------------------------------------------------------------
# report --format html --analyse: the plays judged mistakes, marked
#
# samples/thrown-away.aln: East (Jean) keeps monsieur (3d) for the last trick
# instead of leading it at trick 8 (docs/analysis.md works it out), so the
# 4b led at trick 8 turns EW's won point (-1) into NS's (1).

THROWN = SAMPLES / "thrown-away.aln"


def _analysed_cells(page: str) -> list[dict[str, str | None]]:
    return [a for tag, a in parsed(page).tags if tag in ("td", "span") and "data-v" in a]


def _analysis(*args: str) -> list[dict[str, object]]:
    import json

    result = run("analyse", "--format", "json", *args, str(THROWN))
    (deal,) = json.loads(result.stdout)["games"][0]["deals"]
    return list(deal["plays"])


def test_the_analysed_page_marks_the_play_that_threw_the_deal_away() -> None:
    page = page_of(THROWN, args=("--analyse", "--from-trick", "5"))
    plays = _analysis("--from-trick", "5")
    # every play valued carries its values, in the order played
    cells = _analysed_cells(page)
    assert [c["data-v"] for c in cells if c] == [
        f"{p['before']} {p['after']}" for p in sorted(plays, key=_table_order)
    ]
    marks = re.findall(
        r'<td data-v="(-?\d -?\d)">(\w\w)<abbr class=mk title="([^"]*)">([?]+)</abbr>', page
    )
    assert len(marks) == 1
    values, card, title, mark = marks[0]
    assert (values, card, mark) == ("-1 1", "4b", "??")
    assert title.startswith("trick 8, E plays 4b: EW could still win the point with 3d")
    # the same said under the trick, for a reader without the script or on paper
    text = text_of(page)
    assert "?? trick 8, E plays 4b: EW could still win the point with 3d; after 4b NS" in text
    assert "Analysed from trick 5: with perfect play EW win the point." in text
    assert "data-m=" not in page  # nothing judged as seen unless asked


def _table_order(play: dict[str, object]) -> tuple[int, int]:
    """The order of the cells of a table of tricks: by trick, then N E S W."""
    trick, seat = play["trick"], play["seat"]
    assert isinstance(trick, int) and isinstance(seat, str)
    return trick, "NESW".index(seat)


def test_as_seen_the_page_gives_each_play_its_mean_and_the_best_card() -> None:
    args = ("--as-seen", "--samples", "100", "--from-trick", "8")
    page = page_of(THROWN, args=("--analyse", *args))
    plays = {(p["trick"], p["seat"]): p for p in _analysis(*args)}
    cells = _analysed_cells(page)
    assert len(cells) == len(plays) == 8
    (east,) = [c for c in cells if c.get("data-v") == "-1 1"]
    seen = plays[(8, "E")]["as_seen"]
    assert isinstance(seen, dict)
    mean, best_mean, best = (east.get("data-m") or "").split()
    assert best == seen["better"] == "3d"
    assert float(mean) == round(seen["cards"]["4b"]["mean"], 2)
    assert float(best_mean) == round(seen["cards"]["3d"]["mean"], 2)
    # a mistake both ways: ??, and the title says both
    (title,) = re.findall(r'<abbr class=mk title="([^"]*)">\?\?</abbr>', page)
    assert "As E saw it, 3d did better on average (by " in title
    assert "over 100 layouts" in title
    assert "as the players saw it, 8 plays from trick 8 over 100 layouts" in text_of(page)


def test_the_analysed_page_keeps_its_policy_and_is_valid_html() -> None:
    import base64
    import hashlib

    import html5lib

    page = page_of(THROWN, args=("--analyse", "--as-seen", "--samples", "5", "--from-trick", "7"))
    parser = html5lib.HTMLParser()
    parser.parse(page)
    assert parser.errors == []
    assert len(re.findall(r"<script>", page)) == 1  # no new inline script
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert script
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in page
    assert "unsafe-inline" not in page


def _judged(before: int, after: int, seen_mistake: bool | None) -> object:
    from aluette_cli.analysis import CardAsSeen, PlayAsSeen, PlayValue

    seen = None
    if seen_mistake is not None:
        cards = (CardAsSeen("1d", 1.0, 0, 1, 0), CardAsSeen("2d", 0.0, 0.1, 0.5, 0.1))
        margin, error = (1.0, 0.1) if seen_mistake else (0.1, 0.1)
        seen = PlayAsSeen("N", "2d", 20, cards, "1d", margin, error)
    return PlayValue(3, "N", "2d", before, after, ("1d",), as_seen=seen)


@pytest.mark.parametrize(
    ("before", "after", "seen_mistake", "mark"),
    [
        (1, -1, None, "??"),  # the value changed, not judged as seen
        (1, -1, True, "??"),  # a mistake both ways
        (1, -1, False, "?"),  # the value changed, but a fair guess as seen
        (1, 1, True, "?"),  # lucky: the value kept, but a mistake as seen
        (1, 1, False, ""),
        (1, 1, None, ""),
    ],
)
def test_the_mark_says_how_many_judgements_call_the_play_a_mistake(
    before: int, after: int, seen_mistake: bool | None, mark: str
) -> None:
    from aluette_cli.writers.html import play_mark

    assert play_mark(_judged(before, after, seen_mistake)) == mark  # type: ignore[arg-type]


def test_analyse_needs_the_html_format() -> None:
    result = run("report", "--analyse", str(THROWN))
    assert result.exit_code == 2
    assert "--analyse needs --format html" in result.stderr
    assert run("report", "--format", "html", "--as-seen", str(THROWN)).exit_code == 2


@pytest.mark.parametrize(
    ("options", "chants", "made"),
    [
        ("", ["W"], [False]),  # no chanter option: A402
        ("chanter", ["W"], [True]),
        ("chanter", ["E"], [False]),  # E takes no stock after S deals: A405
        ("chanter", ["W", "W"], [True, False]),  # W's second chant: A405
    ],
    ids=["option off", "made", "wrong seat", "twice"],
)
def test_a_chant_is_applied_by_the_table_view_only_where_the_engine_applies_it(
    tmp_path: Path, options: str, chants: list[str], made: list[bool]
) -> None:
    """A chant line the replay does not make (A402, A405) leaves the hands
    as dealt: the table view applied it all the same, "the hands as dealt,
    after the chant", beside findings that said the cards played lay in
    the stock or in the hand."""
    lines = "".join(f"chant {seat} takes 2d Vb discards Rd 7c\n" for seat in chants)
    text = (
        f'[Rules "classic"]\n[Options "{options}"]\n\ndeal 1 dealer S\n'
        f"{lines}1. W:8e N:6c E:7e S:1c\n"
    )
    page = page_of(write(tmp_path, "chant.aln", text))
    found = re.findall(r'<li class="chant"[^>]*>', page)
    assert ["data-seat=" in line for line in found] == made
