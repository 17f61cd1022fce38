"""``report --format html`` in a real browser: Debian's chromium, driven by
Playwright.

One browser serves the whole module; each test opens its own tab.  The
pages open from files with every network request refused, and a test fails
on any console error (a refused request or a style or script the page's
policy forbids is one).  What the page shows is compared with what the
engine found (``aluette.load``) and with sentences worked out by hand from
the samples' comments.  The screenshots of each sample's first deal go to
a temporary directory; docs/html-classic-game.png is the classic game's,
made again with ``ALUETTE_UPDATE_SCREENSHOTS=1``.

The tests skip, saying why, when no chromium is installed (``.ci/run``
installs Debian's package; ``ALUETTE_CHROMIUM`` may name another).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import aluette_cli as aluette
from aluette_cli.outcome import DealOutcome
from aluette_cli.writers.report import deal_sentences, trick_why

from .conftest import ROOT, SAMPLE_FILES, SAMPLES, generated, run, write

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed: .venv/bin/pip install -e '.[test]'"
)

CHROMIUM = Path(os.environ.get("ALUETTE_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(
        f"no browser at {CHROMIUM}: install Debian's chromium (apt-get install chromium),"
        " as .ci/run does, or name one with ALUETTE_CHROMIUM",
        allow_module_level=True,
    )

#: The flags chromium runs with here: as root, headless, fetching nothing on
#: its own (the machine has no network); Playwright adds --headless and the
#: fresh --user-data-dir of launch_persistent_context.  benchmarks/html_page.py
#: starts it the same way.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1200, "height": 900}
DOC_SHOT = ROOT / "docs" / "html-classic-game.png"
PHONE_SHOT = ROOT / "docs" / "html-classic-game-phone.png"
CLASSIC = SAMPLES / "classic-game.aln"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as context:
        yield context


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """The system's chromium, headless and offline, with a profile of its own."""
    with sync_api.sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=FLAGS,
            viewport=VIEWPORT,
            device_scale_factor=1,
            offline=True,
        )
        context.set_default_timeout(15_000)
        yield context
        context.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The page of each sample, made once for the module.  The page names
    its record as given, so each is read from a folder with a long name (a
    club's archive, say) that no line break can split (no hyphen, no space): the page is laid out
    with the same words on every machine, whatever the checkout's path."""
    folder = tmp_path_factory.mktemp("pages")
    archive = folder / "club-archive" / "championnat_de_saint_gilles_croix_de_vie_2026"
    shutil.copytree(SAMPLES, archive)
    made = {}
    for sample in SAMPLE_FILES:
        record = archive / sample.name
        out = folder / (sample.stem + ".html")
        run("report", "--format", "html", str(record), "-o", str(out))
        made[sample.name] = out
    return made


@dataclass
class Tab:
    """One open page, with everything it said and asked for."""

    page: Any
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def js(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def deal(self, selector: str) -> Any:
        """The deal, scrolled into view so that the script has dressed it."""
        deal = self.page.locator(selector).first
        deal.scroll_into_view_if_needed()
        self.page.wait_for_function(
            "s => document.querySelector(s).dataset.ready === '1'", arg=selector
        )
        return deal


def _only_files(route: Any) -> None:
    """The page's own file may load; any other request is refused."""
    if route.request.url.startswith("file:"):
        route.continue_()
    else:
        route.abort()


def open_tab(browser: Any, path: Path, width: int | None = None, font: int | None = None) -> Tab:
    """The page in a new tab (``width``: a window that many pixels wide;
    ``font``: the reader's default font size in the browser's settings)."""
    page = browser.new_page()
    if width is not None:
        page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
    if font is not None:
        settings = browser.new_cdp_session(page)
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": font, "fixed": font - 3}})
    tab = Tab(page)
    page.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.on("request", lambda r: tab.requests.append(r.url))
    page.on("dialog", lambda d: (tab.dialogs.append(d.message), d.dismiss()))
    page.route("**/*", _only_files)
    page.goto(path.as_uri())
    page.wait_for_function("() => document.documentElement.dataset.ready")
    return tab


@pytest.fixture
def tabs(browser: Any) -> Iterator[list[Tab]]:
    opened: list[Tab] = []
    yield opened
    for tab in opened:
        tab.page.close()


def tab_of(
    browser: Any, tabs: list[Tab], path: Path, width: int | None = None, font: int | None = None
) -> Tab:
    tab = open_tab(browser, path, width, font)
    tabs.append(tab)
    return tab


def outcome_of(path: Path, game: int = 0) -> Any:
    return list(aluette.load(path))[game].outcome


# --------------------------------------------------------------------------
# Offline, without a console error, every deal dressed


@pytest.mark.parametrize("sample", [p.name for p in SAMPLE_FILES])
def test_each_sample_opens_offline_without_an_error(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], sample: str
) -> None:
    tab = tab_of(browser, tabs, pages[sample])
    # What the script does before printing: dress every deal and chart.
    tab.js("window.dispatchEvent(new Event('beforeprint'))")
    counts = tab.js(
        """() => ({
        deals: document.querySelectorAll('section.deal').length,
        dressed: document.querySelectorAll('section.deal[data-ready="1"]').length,
        viewers: document.querySelectorAll('.viewer').length,
        races: document.querySelectorAll('figure.race svg').length,
        games: document.querySelectorAll('article.game').length,
        scores: document.querySelectorAll('.scoreboard svg').length,
        boards: document.querySelectorAll('.board').length,
        faces: document.querySelectorAll('.board .card').length,
        scripts: document.scripts.length,
    })"""
    )
    assert tab.errors == []
    assert tab.requests == [pages[sample].as_uri()]
    games = [g.outcome for g in aluette.load(SAMPLES / sample)]
    replayed = [d for g in games if g.ruleset is not None for d in g.deals]
    assert counts["deals"] == counts["dressed"] == sum(len(g.deals) for g in games) > 0
    # a table view for each deal with cards played, a race for each with tricks
    assert counts["viewers"] == sum(1 for d in replayed if any(t.plays for t in d.tricks))
    assert counts["races"] == sum(1 for d in replayed if d.tricks)
    assert counts["scores"] == sum(1 for g in games if g.deals)
    assert counts["boards"] == 0 or counts["faces"] > 0
    assert counts["scripts"] == 2


# --------------------------------------------------------------------------
# Stepping through a deal with the keyboard

CENTRE = """d => [...d.querySelectorAll('.centre .slot')].map(s => {
    const c = s.querySelector('.card');
    const is = k => c.classList.contains(k);
    return [s.classList[1], c.dataset.card, is('win'), is('tie'), is('gone'),
            c.getAttribute('aria-label')];
})"""
IN_HANDS = """d => Object.fromEntries([...d.querySelectorAll('.board .seat')].map(s =>
    [s.classList[1], [...s.querySelectorAll('.hand .card')].filter(c =>
        getComputedStyle(c).visibility !== 'hidden').map(c => c.dataset.card)]))"""


def step_through(tab: Tab, selector: str, deal: DealOutcome, ruleset: Any) -> None:
    """Press the right arrow once per card and check, each time, the cards on
    the table, the hands, and once the trick is complete the card the engine
    says won it (or the cards that tied) and the report's sentence."""
    element = tab.deal(selector)
    viewer = element.locator(".viewer")
    viewer.focus()
    hands = tab.js(IN_HANDS, element.element_handle())
    played: list[tuple[str, str]] = []
    for trick in deal.tricks:
        for m, (seat, card) in enumerate(trick.plays, 1):
            tab.page.keyboard.press("ArrowRight")
            played.append((seat or "", card))
            shown = tab.js(CENTRE, element.element_handle())
            assert [(s, c) for s, c, *_ in shown] == [(s or "", c) for s, c in trick.plays[:m]]
            # each face says its card in words
            assert all(label.startswith(c + ", ") for _, c, *_, label in shown)
            now = tab.js(IN_HANDS, element.element_handle())
            for s in "NESW":
                assert now[s] == [c for c in hands[s] if (s, c) not in played]
        shown = tab.js(CENTRE, element.element_handle())
        won = [c for _, c, win, *_ in shown if win]
        tied = [c for _, c, _, tie, *_ in shown if tie]
        if trick.pourri:
            assert won == [] and sorted(tied) == sorted(trick.top)
            assert element.locator(".centre .verdict").inner_text() == "pourri"
        else:
            assert won == trick.top[:1]
            assert [s for s, c, win, *_ in shown if win] == [trick.winner]
            assert element.locator(".centre .verdict").inner_text() == f"won by {trick.winner}"
        caption = element.locator(".caption").inner_text()
        assert trick_why(trick, ruleset) in caption
        row = element.locator("table.tricks tr.now")
        assert row.locator("td").first.inner_text() == str(trick.number)
    for sentence in deal_sentences(deal):
        assert sentence in element.locator(".caption").inner_text()
    assert tab.errors == []


def test_stepping_shows_each_card_and_lights_the_engine_winner(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    outcome = outcome_of(CLASSIC)
    tab = tab_of(browser, tabs, pages["classic-game.aln"])
    step_through(tab, "#g1-d1", outcome.deals[0], outcome.ruleset)
    # Back one card: the last card leaves the table, nothing is lit.
    tab.page.keyboard.press("ArrowLeft")
    shown = tab.js(CENTRE, tab.page.locator("#g1-d1").element_handle())
    assert len(shown) == 3 and not any(win for _, _, win, *_ in shown)
    # Up: the end of the previous trick; Home: the hands as dealt.
    tab.page.keyboard.press("ArrowUp")
    assert "Trick 8, won by N." in tab.page.locator("#g1-d1 .caption").inner_text()
    tab.page.keyboard.press("Home")
    assert tab.js(CENTRE, tab.page.locator("#g1-d1").element_handle()) == []
    hands = tab.js(IN_HANDS, tab.page.locator("#g1-d1").element_handle())
    assert hands["N"] == ["2c", "9d", "2b", "Rd", "Cb", "Vd", "8b", "7e", "3e"]


def test_stepping_a_cards_only_record(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    """The trick lines give no seats: the engine's seats are the page's."""
    outcome = outcome_of(SAMPLES / "cards-only.aln")
    tab = tab_of(browser, tabs, pages["cards-only.aln"])
    step_through(tab, "#g1-d1", outcome.deals[0], outcome.ruleset)


ODD = """\
[Event "Odd trick"]

deal 1 dealer W
N: 3d Rc 9e 7b 1d 4c Vd 5e 2b
E: 3c 2d Rd Cd 8d 6d 5d 4d 4e
S: 2c 9c 9d 1c Rb Cc Vc 8c 7c
W: 2e 1b 1e Re Cb Ce Vb Ve 9b
stock: 6c Rd 8b 8e 7d 7e 3e 6b 6e 5c 5b 3b
1. N:3d N:Rc S:2c W:2e -> N
2. N:9e E:3c S:9c W:1b -> E
point NS
"""


def test_stepping_a_trick_where_a_seat_plays_twice(
    browser: Any, tabs: list[Tab], tmp_path: Path
) -> None:
    """N plays twice in trick 1 (A202): the four cards, in the order written,
    and the finding under the trick."""
    record = write(tmp_path, "odd.aln", ODD)
    out = tmp_path / "odd.html"
    run("report", "--format", "html", str(record), "-o", str(out))
    tab = tab_of(browser, tabs, out)
    outcome = outcome_of(record)
    assert [s for s, _ in outcome.deals[0].tricks[0].plays] == ["N", "N", "S", "W"]
    step_through(tab, "#g1-d1", outcome.deals[0], outcome.ruleset)
    assert tab.page.locator("#g1-d1 tr.note a.code").all_inner_texts() == ["A202"]


CHANT_TAKEN_BACK = """\
[Event "Chant"]
[Options "chanter"]

deal 1 dealer W
N: 1e 6d 1c 5b 8d 7b 4c Vc 3e
E: 6e Vd 4e 5d 4d 9b 8b Cc Ce
S: Rb 9c 2d 8c Rd 9d 1d Rc 7c
W: 6c 3d 6b Cb 2b 9e 3b 7d Ve
stock: 2e 1b 2c Re 8e 3c 7e 5e 4b Vb Cd 5c
chant N takes 2e 2c 8e 7e 4b Cd discards Cd 4c 8d 1e 7b 4b
chant W takes 1b Re 3c 5e Vb 5c discards 6b 5c 2b 3d 9e 5e
1. N:6d E:9b S:9c W:Ve
2. S:1d W:1b N:7e E:8b
3. S:2d W:7d N:3e E:Cc
4. S:8c W:6c N:Vc E:6e
5. N:2e E:4d S:Rb W:Vb
6. N:8e E:5d S:7c W:Cb
7. W:Re N:1c E:Ce S:Rd
8. N:5b E:Vd S:9d W:3c
9. W:3b N:2c E:4e S:Rc

"""


def test_a_chanter_who_discards_cards_just_taken_holds_nine(
    browser: Any, tabs: list[Tab], tmp_path: Path
) -> None:
    """N takes Cd and 4b from the stock and discards them again: the table
    view added the cards taken after taking out the discards, so N held 11
    cards as dealt and two still at the end."""
    record = write(tmp_path, "chant.aln", CHANT_TAKEN_BACK)
    assert run("validate", str(record)).exit_code == 0
    out = tmp_path / "chant.html"
    run("report", "--format", "html", str(record), "-o", str(out))
    tab = tab_of(browser, tabs, out)
    hands = tab.js(IN_HANDS, tab.page.locator("#g1-d1").element_handle())
    assert {seat: len(cards) for seat, cards in hands.items()} == dict.fromkeys("NESW", 9)
    assert "Cd" not in hands["N"] and "4b" not in hands["N"] and "8d" not in hands["N"]
    assert "2e" in hands["N"] and "5e" not in hands["W"] and "1b" in hands["W"]
    # the stock after the chant: out of play, no card taken from it twice
    # on the table (in its new hand and in the stock as dealt)
    stock = tab.js(
        "d => [...d.querySelectorAll('.board .stock .card')].map(c => c.dataset.card)",
        tab.page.locator("#g1-d1").element_handle(),
    )
    discards = ["Cd", "4c", "8d", "1e", "7b", "4b", "6b", "5c", "2b", "3d", "9e", "5e"]
    assert sorted(stock) == sorted(discards)
    assert len({*stock, *(card for cards in hands.values() for card in cards)}) == 48
    outcome = outcome_of(record)
    step_through(tab, "#g1-d1", outcome.deals[0], outcome.ruleset)
    tab.page.keyboard.press("End")
    hands = tab.js(IN_HANDS, tab.page.locator("#g1-d1").element_handle())
    assert hands == {seat: [] for seat in "NESW"}


def test_the_buttons_step_too(browser: Any, tabs: list[Tab], pages: dict[str, Path]) -> None:
    tab = tab_of(browser, tabs, pages["classic-game.aln"])
    deal = tab.deal("#g1-d1")
    deal.get_by_role("button", name="Next card (Right arrow)").click()
    assert deal.locator(".centre .card").count() == 1
    deal.get_by_role("button", name="Next trick (Down arrow)").click()
    assert "Trick 1, won by N." in deal.locator(".caption").inner_text()
    deal.get_by_role("button", name="The whole deal played (End)").click()
    assert deal.get_by_role("button", name="Next card (Right arrow)").is_disabled()
    assert deal.locator(".hand .card:visible").count() == 0
    # The End button, disabled under the focus, hands it to the table view:
    # the keys still work.
    tab.page.keyboard.press("ArrowLeft")
    assert deal.locator(".centre .card").count() == 3
    assert deal.locator(".hand .card:visible").count() == 1


# --------------------------------------------------------------------------
# Pourri and the tie-break, explained


def test_a_pourri_trick_shows_its_tied_cards_and_why(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    """Classic game, deal 1, trick 2: 7e, 7d and 7b tie (the sample's comment)."""
    tab = tab_of(browser, tabs, pages["classic-game.aln"])
    deal = tab.deal("#g1-d1")
    deal.locator(".viewer").focus()
    tab.page.keyboard.press("ArrowDown")
    tab.page.keyboard.press("ArrowDown")
    tied = deal.locator(".centre .card.tie")
    assert sorted(tied.evaluate_all("cs => cs.map(c => c.dataset.card)")) == ["7b", "7d", "7e"]
    assert deal.locator(".centre .card.win").count() == 0
    caption = deal.locator(".caption").inner_text()
    assert "Trick 2: pourri." in caption
    assert "7e, 7d and 7b tie for the top: pourri, N leads again" in caption
    # and without the script's help, in the table: the tied cards marked
    row = deal.locator("table.tricks tbody tr").nth(1)
    assert row.locator("td.t").evaluate_all("cs => cs.map(c => c.textContent.trim())") == [
        "7e",
        "7d",
        "7b",
    ]


def test_a_tie_break_shows_who_reached_the_count_when(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    """Classic game, deal 2: N and E have 3; E reached 3 at trick 4, N at
    trick 8 (the sample's comment)."""
    sentence = "N and E both have 3; E reached 3 at trick 4, N at trick 8: E wins the point for EW."
    tab = tab_of(browser, tabs, pages["classic-game.aln"])
    deal = tab.deal("#g1-d2")
    assert sentence in deal.locator(".out").inner_text()
    deal.locator(".viewer").focus()
    tab.page.keyboard.press("End")
    assert sentence in deal.locator(".caption").inner_text()
    marks = deal.locator("figure.race circle.mark").evaluate_all(
        "cs => cs.map(c => [c.classList[1], c.classList.contains('first'), +c.getAttribute('cx')])"
    )
    assert sorted(seat for seat, *_ in marks) == ["E", "N"]
    (first,) = [seat for seat, is_first, _ in marks if is_first]
    assert first == "E"
    x = {seat: cx for seat, _, cx in marks}
    assert x["E"] < x["N"]  # trick 4 before trick 8
    assert "tie-break N:8 E:4" in deal.locator("figure.race svg title").text_content()


def test_the_race_counts_the_tricks_the_report_counts(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    """violations.aln, game 9: a team-five sheet of nine tricks, the deal
    decided at trick 6 (A209).  The race counted all nine rows (N 3, E 1,
    S 3, W 1) beside the report's "Tricks: N 2, E 0, S 3, W 0"."""
    tab = tab_of(browser, tabs, pages["violations.aln"])
    deal = tab.deal("#g9-d1")
    assert "Tricks: N 2, E 0, S 3, W 0" in deal.locator(".out").inner_text()
    title = deal.locator("figure.race svg title").text_content() or ""
    assert title.endswith(": N 2, E 0, S 3, W 0"), title
    assert deal.locator("table.sheet td").count() == 9  # every trick of the sheet shown


def test_a_score_sheet_has_the_race_and_the_score_only(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    tab = tab_of(browser, tabs, pages["score-sheet.aln"])
    deal = tab.deal("#g1-d1")
    assert deal.locator(".viewer").count() == 0
    assert deal.locator("table.sheet td").all_inner_texts() == list("NESEWNESN")
    assert "E reached 3 at trick 7, N at trick 9" in deal.locator(".out").inner_text()
    assert deal.locator("figure.race svg").count() == 1
    title = tab.page.locator(".scoreboard svg title").first.text_content()
    assert title == "Score after each deal: NS 3, EW 2"


def test_team_five_and_the_optional_rules(
    browser: Any, tabs: list[Tab], pages: dict[str, Path]
) -> None:
    """Doubles, signals with their verdict, chant exchanges, and the
    findings they bring, each where it belongs."""
    tab = tab_of(browser, tabs, pages["violations.aln"])
    double = tab.deal("#g9-d2")
    assert "NS announce a double." in double.inner_text()
    assert "EW announce a double." in double.inner_text()
    assert double.locator(".lines a.code").all_inner_texts() == ["A407"]
    signal = tab.deal("#g8-d4")
    note = signal.locator("tr.sig").inner_text()
    assert "Signal: N signalled monsieur before trick 3: NOT borne out" in note
    assert signal.locator("tr.sig a.code").all_inner_texts() == ["A406"]
    chant = tab.deal("#g8-d1")
    assert chant.locator(".chant a.code").all_inner_texts() == ["A405"]
    # the link leads to the explanation, on the page
    chant.locator(".chant a.code").click()
    assert tab.page.locator("#code-A405").is_visible()
    assert tab.js("location.hash") == "#code-A405"


# --------------------------------------------------------------------------
# A record cannot inject anything

HOSTILE = """\
[Event "Club <script>alert(1)</script> \\"night\\""]
[Site "<img src=x onerror=alert(2)>"]
[North "Marie \\"La Reine\\""]
{ a note: </style><script>alert(3)</script> " }

deal 1 dealer W
N: 3d Rc 9e 7b 1d 4c Vd 5e 2b
E: 3c 2d Rd Cd 8d 6d 5d 4d 4e
S: 2c 9c 9d 1c Rb Cc Vc 8c 7c
W: 2e 1b 1e Re Cb Ce Vb Ve 9b
stock: Vd Rd 8b 8e 7d 7e 6c 6b 6e 5c 5b 3b
1. N:3d E:3c S:2c W:2e -> N  { "<script>alert(4)</script>" }
point NS
"""


def test_tags_and_comments_are_shown_as_text(browser: Any, tabs: list[Tab], tmp_path: Path) -> None:
    record = write(tmp_path, "hostile.aln", HOSTILE)
    out = tmp_path / "hostile.html"
    run("report", "--format", "html", str(record), "-o", str(out))
    tab = tab_of(browser, tabs, out)
    header = tab.page.locator("header.top").inner_text()
    assert 'Club <script>alert(1)</script> "night"' in header
    assert "<img src=x onerror=alert(2)>" in header
    assert 'N Marie "La Reine"' in header
    assert '</style><script>alert(3)</script> "' in header
    assert '"<script>alert(4)</script>"' in tab.page.locator("table.tricks").inner_text()
    assert tab.dialogs == []
    assert tab.js("document.scripts.length") == 2
    assert tab.js("document.images.length") == 0
    assert tab.js("document.styleSheets.length") == 1
    assert tab.errors == []


#: Whatever of a deal stands past the right edge of its box, which clips it
#: (``content-visibility``): no scrolling shows it.
PAST_THE_BOX = """d => {
    const edge = d.getBoundingClientRect().right + 0.5;
    return [...d.querySelectorAll('td, .c, .board h4, .board .card')]
        .filter(e => e.getBoundingClientRect().width && e.getBoundingClientRect().right > edge)
        .map(e => e.tagName.toLowerCase() + ' "' + e.textContent.trim().slice(0, 30) + '"');
}"""


@pytest.mark.parametrize("width", [390, 800])
def test_a_long_word_of_the_record_wraps_within_the_deal(
    browser: Any, tabs: list[Tab], tmp_path: Path, width: int
) -> None:
    """A link in a trick's comment, a long name: one word, which widened
    the table of tricks (or the board) past the deal's box, and the box cut
    the rest off (the end of the link, the reasons beside it, East's hand)."""
    link = "https://photos.example.org/share/AF1QipN8x7y3kLmZ0abcdEFGhijkLMnopQRst" * 2
    text = CLASSIC.read_text("utf-8")
    text = text.replace('[West "Anne"]', '[West "Wolfeschlegelsteinhausenbergerdorff"]')
    text = text.replace('[East "Jean"]', '[East "Schwarzeneggerschwarzenegger"]')
    three = "3. N:8b E:1d S:1b W:1c -> pourri"
    assert three in text and "Wolfe" in text and "Schwarz" in text
    text = text.replace(three, f"{three} {{photo: {link}}}", 1)
    out = tmp_path / "long.html"
    assert run("report", "--format", "html", write(tmp_path, "long.aln", text), "-o", out)
    tab = tab_of(browser, tabs, out, width)
    deal = tab.deal("section.deal")
    assert tab.js(PAST_THE_BOX, deal.element_handle()) == []
    assert_laid_out(tab, deal, f"at {width}px")
    assert link in deal.locator("table.tricks").inner_text().replace("\n", "")
    assert tab.errors == []


@pytest.mark.parametrize("width", [360, 390, 430])
def test_two_word_names_leave_the_trick_its_centre_on_a_phone(
    browser: Any, tabs: list[Tab], tmp_path: Path, width: int
) -> None:
    """West's heading ("W Anne Lefebvre dealer") took its column's width on
    one line, and the centre was squeezed under its cards: East's card of
    the trick lay on East's hand.  The header's labels broke mid-word
    ("Play/ers") beside such names."""
    text = CLASSIC.read_text("utf-8")
    names = (("North", "Marie", "Dupont"), ("East", "Jean", "Martin"), ("South", "Paul", "Bernard"))
    for seat, name, surname in (*names, ("West", "Anne", "Lefebvre")):
        text = text.replace(f'[{seat} "{name}"]', f'[{seat} "{name} {surname}"]')
    out = tmp_path / "names.html"
    assert run("report", "--format", "html", write(tmp_path, "names.aln", text), "-o", out)
    tab = tab_of(browser, tabs, out, width)
    deal = tab.deal("section.deal")
    deal.locator(".viewer").focus()
    tab.page.keyboard.press("ArrowDown")  # trick 1 played
    assert_laid_out(tab, deal, f"at {width}px, trick 1")
    assert_laid_out(tab, tab.page.locator(".top").first, f"the header at {width}px")
    assert tab.errors == []


# --------------------------------------------------------------------------
# Print, and the screenshots


def test_print_lays_out_every_deal(browser: Any, tabs: list[Tab], pages: dict[str, Path]) -> None:
    tab = tab_of(browser, tabs, pages["classic-game.aln"])
    deal = tab.deal("#g1-d1")
    deal.locator(".viewer").focus()
    tab.page.keyboard.press("End")
    tab.js("window.dispatchEvent(new Event('beforeprint'))")
    tab.page.emulate_media(media="print")
    shown = tab.js(
        """() => [...document.querySelectorAll('section.deal')].map(d => [
        getComputedStyle(d).contentVisibility,
        d.querySelector('.controls') ? getComputedStyle(d.querySelector('.controls')).display
                                     : 'none',
        [...d.querySelectorAll('.hand .card')].filter(c =>
            getComputedStyle(c).display !== 'none'
            && getComputedStyle(c).visibility !== 'hidden').length,
    ])"""
    )
    # every deal is laid out; the controls are gone; the hands are as dealt
    assert [v for v, _, _ in shown] == ["visible"] * len(shown)
    assert {c for _, c, _ in shown} == {"none"}
    deals = outcome_of(CLASSIC).deals
    assert [n for _, _, n in shown] == [36] * len(deals)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_screenshot_of_each_sample_first_deal(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Each first deal, its first trick played where it has cards; the
    classic game's is the one in docs/html.md."""
    folder = tmp_path_factory.mktemp("screenshots")
    for name, page in pages.items():
        tab = tab_of(browser, tabs, page)
        deal = tab.deal("section.deal")
        if deal.locator(".viewer").count():
            deal.locator(".viewer").focus()
            tab.page.keyboard.press("ArrowDown")
        shot = folder / f"html-{Path(name).stem}.png"
        deal.screenshot(path=str(shot))
        width, height = png_size(shot)
        assert width > 800 and height > 100
        assert tab.errors == []
    fresh = folder / DOC_SHOT.name
    if os.environ.get("ALUETTE_UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(fresh, DOC_SHOT)
    # The committed picture is of the page as it is now: same layout, same size.
    assert png_size(DOC_SHOT) == png_size(fresh), "run with ALUETTE_UPDATE_SCREENSHOTS=1"


# --------------------------------------------------------------------------
# On a phone and on a desktop

#: phones from 360 to 430 pixels wide, and a desktop
WIDTHS = (360, 390, 430, 1280)

#: What a person would see wrong in a deal ``d`` laid out in the window: a
#: part cut off at an edge, a box that scrolls inside itself, labels on top
#: of each other, chart words too small to read.
LAYOUT = """d => {
    const width = window.innerWidth;
    const visible = e => e.checkVisibility({visibilityProperty: true, opacityProperty: false})
        && !e.closest('.vh') && getComputedStyle(e.closest('thead') || d).position !== 'absolute';
    const name = e => e.tagName.toLowerCase() + (e.getAttribute('class') ? '.' +
        e.getAttribute('class').trim().split(/ +/).join('.') : '') + ' "' +
        (e.textContent || '').trim().slice(0, 30) + '"';
    const all = [...d.querySelectorAll('*')].filter(visible);
    const cut = [], scrolls = [], overlaps = [], small = [];
    for (const e of all) {
        const r = e.getBoundingClientRect();
        if (r.width && (r.left < -0.5 || r.right > width + 0.5)) cut.push(name(e));
        const o = getComputedStyle(e).overflowX;
        const inside = e.scrollWidth > e.clientWidth + 1;
        if (o !== 'visible' && o !== 'clip' && inside) scrolls.push(name(e));
    }
    const boxes = sel => [...d.querySelectorAll(sel)].filter(visible)
        .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
    const apart = (group) => {
        for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) {
            const [a, p] = group[i], [b, q] = group[j];
            const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (w > 0.5 && h > 0.5) overlaps.push(name(a) + ' / ' + name(b));
        }
    };
    apart(boxes('.board .hand .card, .board .stock .card'));
    apart(boxes('.centre .card, .centre .verdict'));
    apart(boxes('.board .hand .card:not(.played), .centre .card'));
    apart(boxes('dl.tags dt, dl.tags dd'));
    for (const [e] of boxes('dl.tags dt')) {  // a label on one line: not "Play/ers"
        const words = document.createRange();
        words.selectNodeContents(e);
        const lines = new Set([...words.getClientRects()].map(q => Math.round(q.top)));
        if (lines.size > 1) overlaps.push(name(e) + ' broken');
    }
    apart(boxes('.card .nick'));
    apart(boxes('.board h4, .board .hand'));
    apart(boxes('.controls > *'));
    for (const svg of [...d.querySelectorAll('svg.chart')].filter(visible)) {
        apart([...svg.querySelectorAll('text')].map(t => [t, t.getBoundingClientRect()]));
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        for (const t of svg.querySelectorAll('text')) {
            const px = parseFloat(getComputedStyle(t).fontSize) * scale;
            if (px < 9) small.push(name(t) + ' at ' + px.toFixed(1) + 'px');
        }
    }
    // what widens the page: boxes and words past the window's right edge,
    // but for those inside a box that scrolls or clips them
    const held = e => {
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
            if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
    };
    const wide = [...document.querySelectorAll('body *')].filter(e => !held(e))
        .filter(e => e.getBoundingClientRect().right > width + 0.5).map(name);
    const words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = words.nextNode(); t; t = words.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(t);
        if (range.getBoundingClientRect().right > width + 0.5 && !held(t.parentElement)
            && getComputedStyle(t.parentElement).overflowX === 'visible')
            wide.push(name(t.parentElement) + ' words');
    }
    return {cut, scrolls, overlaps, small, wide: wide.slice(-3),
            page: document.documentElement.scrollWidth - width};
}"""

#: where each control of the first table view is
CONTROLS = """d => [...d.querySelectorAll('.controls button')].map(b => {
    const r = b.getBoundingClientRect();
    return [b.textContent, Math.round(r.left + scrollX), Math.round(r.top + scrollY)];
})"""


def assert_laid_out(tab: Tab, deal: Any, where: str) -> None:
    found = tab.js(LAYOUT, deal.element_handle())
    assert found["cut"] == [], f"{where}: cut off at an edge"
    assert found["scrolls"] == [], f"{where}: scrolls inside itself"
    assert found["overlaps"] == [], f"{where}: on top of each other"
    assert found["small"] == [], f"{where}: chart words too small"
    assert found["page"] <= 0, f"{where}: the page scrolls sideways ({found['wide']})"


def assert_score_and_first_deal_laid_out(tab: Tab, where: str) -> Any:
    """The game's score chart (where the page has one) and its first deal,
    each scrolled into view and dressed, laid out; the deal, to go on with."""
    scoreboard = tab.page.locator(".scoreboard").first
    if scoreboard.count():
        scoreboard.scroll_into_view_if_needed()
        tab.page.wait_for_function("() => !!document.querySelector('.scoreboard svg')")
        assert_laid_out(tab, scoreboard, f"{where}: score")
    deal = tab.deal("section.deal")
    assert_laid_out(tab, deal, f"{where}, as dealt")
    return deal


@pytest.mark.parametrize("width", WIDTHS)
def test_every_first_deal_fits_the_window(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], width: int
) -> None:
    """No part of a deal cut off, no table to scroll sideways, no labels on
    top of each other and chart words of 9 pixels or more; as dealt, and
    with the whole deal played (the longest captions)."""
    for name, page in pages.items():
        tab = tab_of(browser, tabs, page, width)
        deal = assert_score_and_first_deal_laid_out(tab, f"{name} at {width}px")
        if deal.locator(".viewer").count():
            deal.locator(".viewer").focus()
            tab.page.keyboard.press("End")
            assert_laid_out(tab, deal, f"{name} at {width}px, played")
        assert tab.errors == []


@pytest.mark.parametrize("font", [20, 24])
def test_the_narrowest_window_fits_a_reader_s_larger_font(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], font: int
) -> None:
    """Fonts differ from one machine to the next, and a reader may set a
    larger one: at 360 pixels with the default font at 20 or 24 pixels
    (16 out of the box) the score and the first deal still fit the window,
    which holds only if no part of the page is wider than its words allow."""
    for name, page in pages.items():
        tab = tab_of(browser, tabs, page, 360, font)
        assert tab.js("getComputedStyle(document.documentElement).fontSize") == f"{font}px"
        assert_score_and_first_deal_laid_out(tab, f"{name}, font {font}px")
        assert tab.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_controls_never_move_while_a_deal_is_played(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], width: int
) -> None:
    tab = tab_of(browser, tabs, pages["classic-game.aln"], width)
    deal = tab.deal("#g1-d1")
    deal.locator(".viewer").focus()
    where = tab.js(CONTROLS, deal.element_handle())
    for _ in range(36):
        tab.page.keyboard.press("ArrowRight")
        assert tab.js(CONTROLS, deal.element_handle()) == where
    assert deal.get_by_role("button", name="Next card (Right arrow)").is_disabled()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_arrow_keys_work_as_soon_as_the_page_is_open(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], width: int
) -> None:
    """The table view says "press the right arrow key": no click first.  On
    a phone the deal is scrolled to, as a reader would, and not touched."""
    tab = tab_of(browser, tabs, pages["classic-game.aln"], width)
    deal = tab.deal("#g1-d1")
    slots = "d => d.querySelectorAll('.centre .slot').length"
    assert tab.js(slots, deal.element_handle()) == 0
    tab.page.keyboard.press("ArrowRight")
    tab.page.keyboard.press("ArrowRight")
    assert tab.js(slots, deal.element_handle()) == 2
    tab.page.keyboard.press("ArrowLeft")
    assert tab.js(slots, deal.element_handle()) == 1
    assert tab.js("document.activeElement.className") == "viewer"


def test_a_screenshot_on_a_phone(
    browser: Any, tabs: list[Tab], pages: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The classic game's first deal at 390 pixels, after its first trick:
    the picture beside the desktop one in docs/html.md."""
    folder = tmp_path_factory.mktemp("phone")
    tab = tab_of(browser, tabs, pages["classic-game.aln"], 390)
    deal = tab.deal("section.deal")
    deal.locator(".viewer").focus()
    tab.page.keyboard.press("ArrowDown")
    fresh = folder / PHONE_SHOT.name
    deal.screenshot(path=str(fresh))
    width, height = png_size(fresh)
    assert width <= 390 and height > 1000
    if os.environ.get("ALUETTE_UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(fresh, PHONE_SHOT)
    assert png_size(PHONE_SHOT) == png_size(fresh), "run with ALUETTE_UPDATE_SCREENSHOTS=1"


# --------------------------------------------------------------------------
# A thousand deals

#: What "opens" means: the load event has fired, the page's script has run,
#: and the first content is painted; in milliseconds from the navigation.
OPENED = """() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return Math.max(nav.loadEventEnd, +document.documentElement.dataset.ready,
                    paint ? paint.startTime : 0);
}"""


def test_a_thousand_deal_page_is_small_and_dresses_only_what_is_seen(
    browser: Any, tabs: list[Tab], tmp_path: Path
) -> None:
    """What keeps a long page quick to open: under 2 MB for 1,000 deals, and
    the script dresses a deal (faces, table view, chart) only when it comes
    near the screen, so its work does not grow with the page.  How long the
    page takes to open is measured by ``benchmarks/html_page.py``, not here:
    a time on a shared machine says more about the machine than the page."""
    record = write(tmp_path, "corpus.aln", generated(1, "--games", "200"))
    assert sum(1 for line in record.read_text().splitlines() if line.startswith("deal ")) == 1000
    out = tmp_path / "corpus.html"
    assert run("report", "--format", "html", str(record), "-o", str(out)).exit_code == 0
    assert out.stat().st_size < 2_000_000
    tab = tab_of(browser, tabs, out)
    tab.page.wait_for_load_state("load")
    tab.deal("section.deal")
    counts = tab.js(
        """() => ({
        deals: document.querySelectorAll('section.deal').length,
        dressed: document.querySelectorAll('section.deal[data-ready="1"]').length,
        lazy: getComputedStyle(document.querySelector('section.deal')).contentVisibility,
    })"""
    )
    assert tab.errors == []
    assert counts["deals"] == 1000
    assert 1 <= counts["dressed"] <= 10, counts
    assert counts["lazy"] == "auto"
    tab.js("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    tab.page.wait_for_function(
        "() => document.querySelectorAll('section.deal')[999].dataset.ready === '1'"
    )
    dressed = tab.js("""() => document.querySelectorAll('section.deal[data-ready="1"]').length""")
    assert dressed <= 20, "scrolled to the end, the deals passed over stay undressed"


def test_the_benchmark_script_measures(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """benchmarks/html_page.py, which gives docs/html.md its figures, keeps
    working: its page, its openings and its row, on a small corpus."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("html_page", ROOT / "benchmarks" / "html_page.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    try:
        spec.loader.exec_module(bench)
    finally:
        del sys.modules[spec.name]
    page, cpu = bench.make_page(tmp_path, 10, "ties")
    times = bench.openings(browser, page, 2)
    assert len(times.opened) == 2
    assert all(0 < p <= o for p, o in zip(times.parsed, times.opened, strict=True))
    line = bench.row("ties", 10, page, cpu, times)
    assert line.startswith("| ties | 10 | ") and line.count(" ms |") == 5
    assert bench.HEADER.count("|") == line.count("|") * 2


# --------------------------------------------------------------------------
# report --format html --analyse: the marks, and the values at each step


def test_the_analysed_page_marks_the_mistake_and_gives_the_values_at_each_step(
    browser: Any, tabs: list[Tab], tmp_path: Path
) -> None:
    """samples/thrown-away.aln: E's 4b at trick 8 turns EW's won point into
    NS's (docs/analysis.md); every other play from trick 7 keeps the value.
    100 layouts a play make the clear mistakes as seen clear whatever the seed."""
    out = tmp_path / "thrown.html"
    args = ("--analyse", "--as-seen", "--samples", "100", "--from-trick", "7")
    result = run(
        "report", "--format", "html", *args, str(SAMPLES / "thrown-away.aln"), "-o", str(out)
    )
    assert result.exit_code == 0, result.output
    tab = tab_of(browser, tabs, out)
    deal = tab.deal("#g1-d1")
    # the mark stands after the card, and the card still gets its suit symbol
    marked = tab.js(
        """d => [...d.querySelectorAll('table.tricks abbr.mk')].map(m =>
            [m.parentNode.textContent.replace(m.textContent, '').trim(), m.textContent])""",
        deal.element_handle(),
    )
    # E's 9d at trick 7 kept the value, but as E saw it 4b was clearly better
    # (never worse, better in a fifth of the layouts): ?
    assert ["9d", "?"] in marked and ["4b", "??"] in marked
    assert [mark for _, mark in marked].count("??") == 1
    mark = deal.locator("table.tricks abbr.mk", has_text="??")
    assert "EW could still win the point with 3d" in (mark.get_attribute("title") or "")
    cell = mark.locator("xpath=..")
    assert cell.locator("svg").count() == 1 and cell.get_attribute("title") == "four of clubs"
    viewer = deal.locator(".viewer")
    viewer.focus()
    caption = deal.locator(".caption")
    tab.page.keyboard.press("Home")
    assert "With all cards seen" not in caption.inner_text()  # trick 1 is not analysed
    seen: list[str] = []
    for _ in range(36):
        tab.page.keyboard.press("ArrowRight")
        seen.append(caption.inner_text())
    # tricks 1 to 6 (24 cards) were not analysed; from trick 7 each card has both values
    assert not any("With all cards seen" in text for text in seen[:24])
    for text in seen[24:]:
        assert "With all cards seen: " in text and "saw it: " in text
    # trick 7: EW win the point whatever is played; E's 4b (card 29) changes it
    assert "With all cards seen: EW win the point." in seen[24]
    east = seen[28]
    assert "Trick 8: E plays 4b" in east
    assert "?? With all cards seen: NS win the point (before 4b: EW win the point)." in east
    assert "As E saw it: 4b gives NS " in east and "; 3d " in east
    # after the mistake, NS win whatever is played
    assert all("With all cards seen: NS win the point." in text for text in seen[29:])
    assert tab.errors == []
