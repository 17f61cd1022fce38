"""``aluette scorer``: the scorer's page, held to the engine.

The facts written into the page are checked against the rulesets; the
page's own decisions (dealer, score, end of game) are run in chromium and
compared with the engine's ledger on generated games and on random entries
whose exported record the engine replays, and where it stops a score sheet
with the deal scoring's; whole games, and deals trick by trick, are played
by tapping, at a phone's width and a desk's, reloaded, undone, exported,
validated and reported; and records are imported in the page, or refused.
Browser and helpers are those of ``test_html_browser.py``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import aluette_cli as aluette
from aluette_cli.cards import SEATS, TEAMS, Team, team_of
from aluette_cli.ledger import GameLedger
from aluette_cli.model import Pos
from aluette_cli.policies import PointOutcome, TeamTricks
from aluette_cli.rules import CHANT_SEATS, OPTIONS, Ruleset, load_ruleset, preset_names
from aluette_cli.writers.scorer import LANGS, game_end, option_facts, sheet_stops, words

from . import test_html_browser as hb
from .conftest import ROOT, generated, run


@pytest.fixture
def browser() -> Iterator[Any]:
    """A chromium of the test's own: the page keeps its game in the browser's
    storage, which every tab of one profile shares, so no test finds what
    another left there, and no clear of it can land late."""
    with hb.chromium() as context:
        yield context


PAGE_LIMIT = 300 * 1024
SCRIPT = ROOT / "aluette_cli" / "writers" / "scorer_assets" / "scorer.js"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("scorer")
    made = {}
    for lang in LANGS:
        out = folder / f"marquoir-{lang}.html"
        result = run("scorer", "--lang", lang, "-o", str(out))
        assert result.exit_code == 0, result.output
        made[lang] = out
    return made


def _options(ruleset: Ruleset) -> list[frozenset[str]]:
    """Each preset with no option and with every option that changes a score."""
    return list(dict.fromkeys([frozenset(), frozenset(ruleset.known_options & {"mordienne"})]))


# --------------------------------------------------------------------------
# The facts written into the page


def test_game_end_is_asked_of_the_game_length() -> None:
    ends = {name: game_end(r.game_length, r.game_target) for name in preset_names()
            for r in [load_ruleset(name)]}  # fmt: skip
    assert ends == {
        "classic": {"deals": 5, "points": None},
        "team-five": {"deals": None, "points": 12},
        "to-five-points": {"deals": None, "points": 5},
    }


def test_what_a_deal_is_worth_comes_from_point_values() -> None:
    classic = load_ruleset("classic")
    assert option_facts(classic) == {"plain": [1]}
    assert option_facts(classic.with_options(frozenset({"mordienne"}))) == {
        "plain": [1, 2],
        "accepted": [1],
        "refused": [2],
    }
    assert option_facts(load_ruleset("team-five")) == {"plain": [1], "double": [2]}
    # a double doubles a concession's worth too (docs/rules.md §11, 9)
    both = dataclasses.replace(classic, doubles=True).with_options(frozenset({"mordienne"}))
    assert option_facts(both) == {
        "plain": [1, 2],
        "double": [2, 4],
        "accepted": [1],
        "refused": [2],
        "accepted-double": [2],
        "refused-double": [4],
    }


def test_the_page_offers_a_concession_s_doubled_worth_under_a_double(
    browser: Any, pages: dict[str, Path]
) -> None:
    """The page took a concession's worth before the double's: it offered 1
    for a concession accepted under a double, a point line validate
    refuses (A307)."""
    tab = hb.open_tab(browser, pages["en"])
    both = dataclasses.replace(load_ruleset("classic"), doubles=True)
    table = option_facts(both.with_options(frozenset({"mordienne"})))
    values = tab.js(
        """(table) => {
            const rules = {worth: {mordienne: table}};
            const page = window.aluetteScorer;
            return [true, false].map(accepted => page.worth(
                rules, ["mordienne"], {double: "NS", concede: {team: "EW", accepted}}));
        }""",
        table,
    )
    assert values == [[2], [4]]
    assert not tab.errors


def test_sheet_stops_are_asked_of_the_deal_scoring() -> None:
    """Where play stops is the scoring's decided_after, at every count its
    declared tally can take; a scoring that declares no tally gets none, and
    the page only records (nine winners at most)."""
    team_five, classic = load_ruleset("team-five"), load_ruleset("classic")
    teams = sheet_stops(team_five.deal_scoring, team_five.deal_target)
    assert teams is not None and teams["units"] == ["NS", "EW"]
    assert {"5-0", "0-5", "5-4", "4-5"} <= set(teams["stops"])
    assert not {"4-4", "4-0", "0-4"} & set(teams["stops"])
    seats = sheet_stops(classic.deal_scoring, classic.deal_target)
    assert seats == {"units": ["N", "E", "S", "W"], "stops": []}

    class Undeclared(TeamTricks):
        def decided_after(self, sequence: Any, target: int) -> int | None:
            return None

    assert sheet_stops(Undeclared(), 5) is None


def test_both_languages_have_every_word() -> None:
    english, french = words("en").table, words("fr").table
    assert english.keys() == french.keys()
    script = SCRIPT.read_text("utf-8")
    used = set(re.findall(r"\bW\.(\w+)", script)) | set(re.findall(r'\bW\["([\w.]+)"\]', script))
    used |= {f"seat.{seat}" for seat in SEATS}
    # the rules card's words, and the options' names, the script's too
    used |= {
        "ties",
        "scoring",
        "game",
        "dbl",
        "dbl.text",
        "dbl.mordienne",
        "chant.and",
        "ranking",
        "four",
        "title",
        "lead",
        "rulesCard",
    }
    used |= {f"{o}.text" for o in OPTIONS} | {f"opt.{o}" for o in OPTIONS}
    used |= {f"chant.{role}" for role in CHANT_SEATS}
    for key in re.findall(r'\bcounted\("([\w.]+)"', script):  # and its word for one
        used |= {key, key + ".one"}
    assert used == english.keys()
    assert all(value.strip() for value in (*english.values(), *french.values()))


def test_page_is_small_offline_and_in_its_language(pages: dict[str, Path]) -> None:
    for lang, page in pages.items():
        text = page.read_text("utf-8")
        assert len(page.read_bytes()) < PAGE_LIMIT
        assert f'<html lang="{lang}">' in text
        assert "default-src 'none'" in text
        assert not re.search(r"(src|href)=\"(https?:|//)", text)
    french = pages["fr"].read_text("utf-8")
    assert "Marquoir" in french and "les quatre rois" in french and "monsieur" in french


def test_bad_rules_are_a_usage_error(tmp_path: Path) -> None:
    result = run("scorer", "--rules", "nope", "-o", str(tmp_path / "m.html"))
    assert result.exit_code == 2
    assert "unknown ruleset 'nope'" in result.output
    assert not (tmp_path / "m.html").exists()


def test_house_rules_file_is_offered_first(browser: Any, tmp_path: Path) -> None:
    """A ruleset file is the page's first choice, and its records name it so
    that they validate beside it."""
    house = tmp_path / "house.toml"
    house.write_text((ROOT / "samples" / "house-rules.toml").read_text("utf-8"), "utf-8")
    out = tmp_path / "m.html"
    result = run("scorer", "--rules", str(house), "-o", str(out))
    assert result.exit_code == 0, result.output
    data = _data(out)
    assert next(iter(data["rulesets"])) == "house.toml"
    assert data["rulesets"]["house.toml"]["tag"] == "house.toml"
    tab = _fresh_tab(browser, out, 1280)
    assert tab.page.locator('[data-act="rules"][aria-pressed="true"]').inner_text() == "house.toml"
    _tap(tab, "option", "mordienne")
    _tap(tab, "dealer", "S")
    _tap(tab, "start")
    for seat in ("N", "E", "S", "W"):
        _tap(tab, "who", seat)
    _tap(tab, "points", "2")
    _tap(tab, "who", "N")
    assert tab.page.locator("#over").get_attribute("data-winner") == "NS"
    record = tmp_path / "game.aln"
    record.write_text(tab.page.input_value("#record"), "utf-8")
    (game,) = aluette.load(str(record))
    assert game.outcome.findings == [] and game.outcome.score == {"NS": 4, "EW": 2}
    assert game.outcome.ruleset is not None and game.outcome.ruleset.name == "house-rules"
    assert not tab.errors
    tab.page.close()


def _data(page: Path) -> dict[str, Any]:
    text = page.read_text("utf-8")
    found = re.search(r'<script type="application/json" id="scorer-data">(.*?)</script>', text)
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]


# --------------------------------------------------------------------------
# The page's decisions against the engine's


def _team(who: str) -> Team:
    return Team(who) if who in TEAMS else team_of(who)


def _engine_states(ruleset: Ruleset, first: str, entries: list[dict[str, Any]]) -> list[Any]:
    """The ledger's dealer, score and end of game after each entry."""
    ledger = GameLedger([], ruleset, None, lambda *a, **k: None)  # type: ignore[arg-type,return-value]
    states = []
    dealer = first
    for number, entry in enumerate(entries, 1):
        ledger.place_header(number, dealer, Pos(number, 1))
        void = entry["who"] is None
        point = None
        if not void:
            point = PointOutcome(_team(entry["who"]), entry["points"])
        ledger.record(number, dealer, void, point)
        (dealer,) = ledger.expected_dealers or {None}
        states.append([dealer, dict(ledger.score), ledger.is_over()])
    return states


def _page_states(tab: hb.Tab, cases: list[dict[str, Any]]) -> list[list[Any]]:
    return tab.js(  # type: ignore[no-any-return]
        """cases => {
            const page = window.aluetteScorer;
            return cases.map(c => page.decide(page.rulesets[c.rules], c.first, c.entries)
              .slice(1).map(s => [s.dealer, s.score, s.over]));
        }""",
        cases,
    )


def _entries_of(game: Any) -> tuple[str, list[dict[str, Any]]]:
    """The taps a scorer would make for a replayed game: who took each point."""
    entries = []
    for deal, outcome in zip(game.game.deals, game.outcome.deals, strict=True):
        point = outcome.point
        who = None if point is None else outcome.deal_winner or point.team
        double = deal.announces[0].team if deal.announces else None
        entries.append({"who": who, "points": point.points if point else 0, "double": double,
                        "concede": None})  # fmt: skip
    return game.game.deals[0].dealer, entries


def _generated(seed: int) -> Iterator[tuple[Ruleset, str, list[dict[str, Any]]]]:
    for name in preset_names():
        base = load_ruleset(name)
        for options in _options(base):
            ruleset = base.with_options(options)
            flags = ["--games", "6", "--rules", name, "--style", "sheet", "--policy", "ties"]
            if options:
                flags += ["--options", ",".join(options)]
            for game in aluette.loads(generated(seed, *flags)):
                assert not game.outcome.findings
                first, entries = _entries_of(game)
                yield ruleset, first, entries


def test_page_decides_as_the_engine_on_generated_games(
    browser: Any, pages: dict[str, Path]
) -> None:
    tab = hb.open_tab(browser, pages["en"])
    cases, expected = [], []
    for ruleset, first, entries in _generated(27):
        cases.append({"rules": ruleset.name, "first": first, "entries": entries})
        expected.append(_engine_states(ruleset, first, entries))
        worth = tab.js(
            """([name, options, entries]) => {
                const page = window.aluetteScorer;
                return entries.map(e => page.worth(page.rulesets[name], options, e));
            }""",
            [ruleset.name, sorted(ruleset.options), entries],
        )
        for entry, values in zip(entries, worth, strict=True):
            assert entry["who"] is None or entry["points"] in values, (entry, values)
    assert len(cases) == 5 * 6
    assert _page_states(tab, cases) == expected
    assert any(state[2] for states in expected for state in states)
    assert not tab.errors


def _random_entry(rng: random.Random, facts: dict[str, Any], pooled: bool) -> dict[str, Any]:
    """A tap the page allows, at random: a double or a concession when the
    rules have them, the values the page offers, a void deal now and then."""
    entry: dict[str, Any] = {"who": None, "points": 0, "double": None, "concede": None}
    kind = rng.choice([k for k in facts if k != "plain"] + ["plain"] * 3)
    if kind == "double":
        entry["double"] = rng.choice(TEAMS)
    elif kind in ("accepted", "refused"):
        entry["concede"] = {"team": rng.choice(TEAMS), "accepted": kind == "accepted"}
    takers = list(TEAMS) if pooled else list(SEATS)
    if kind == "refused" and not pooled:  # (the conceders, as a side: the page offers it)
        takers.append(entry["concede"]["team"])
    if kind == "accepted":
        takers = [t for t in takers if _team(t) != entry["concede"]["team"]]
    if kind in ("accepted", "refused") or rng.random() > 0.15:
        entry["who"] = rng.choice(takers)
        entry["points"] = rng.choice(facts[kind])
    return entry


def _random_entries(
    rng: random.Random, facts: dict[str, Any], pooled: bool
) -> list[dict[str, Any]]:
    return [_random_entry(rng, facts, pooled) for _ in range(rng.randint(1, 14))]


def test_exported_random_entries_replay_as_the_page_says(
    browser: Any, pages: dict[str, Path]
) -> None:
    """The record the page writes for any taps it allows is one the engine
    replays with no finding, to the same dealers, score and end."""
    tab = hb.open_tab(browser, pages["en"])
    data = _data(pages["en"])
    rng = random.Random(27)
    for _ in range(60):
        name = rng.choice(preset_names())
        facts = data["rulesets"][name]
        options = sorted(o for o in facts["known"] if rng.random() < 0.5)
        table = facts["worth"][",".join(options)]
        entries = _random_entries(rng, table, facts["pooled"])
        first = rng.choice(SEATS)
        states = tab.js(
            """([name, first, entries]) => {
                const page = window.aluetteScorer;
                return page.decide(page.rulesets[name], first, entries);
            }""",
            [name, first, entries],
        )
        over_at = next((i for i, s in enumerate(states) if s["over"]), None)
        if over_at is not None:
            entries = entries[:over_at]  # the page takes no entry after the end
            states = states[: over_at + 1]
        game = {"setup": {"event": "Club night", "site": "", "date": "2026.12.02",
                          "names": {"N": 'Ma"rie', "E": "Jean", "S": "", "W": "Anne\\"},
                          "rules": name, "options": options, "dealer": first},
                "entries": entries}  # fmt: skip
        text = tab.js("game => window.aluetteScorer.record(game)", game)
        (checked,) = aluette.loads(text)
        assert [f.code for f in checked.outcome.findings] == [], text
        assert checked.outcome.score == states[-1]["score"], text
        assert checked.outcome.complete == states[-1]["over"], text
        assert [d.dealer for d in checked.outcome.deals] == [s["dealer"] for s in states[:-1]]
        ruleset = load_ruleset(name).with_options(frozenset(options))
        assert _engine_states(ruleset, first, entries) == [
            [s["dealer"], s["score"], s["over"]] for s in states[1:]
        ]
    assert not tab.errors


# --------------------------------------------------------------------------
# Whole games played by tapping


def _fresh_tab(browser: Any, page: Path, width: int) -> hb.Tab:
    """The page, in the test's own browser: nothing is kept from another test."""
    return hb.open_tab(browser, page, width)


def _exported(tmp_path: Path, text: str) -> tuple[Path, dict[str, Any]]:
    """The page's record saved as a file, and its game in the JSON report,
    once ``validate`` has found nothing in it."""
    record = tmp_path / "game.aln"
    record.write_text(text, "utf-8")
    checked = run("validate", str(record))
    assert checked.exit_code == 0 and "0 errors, 0 warnings" in checked.output, text
    (game,) = json.loads(run("report", "--format", "json", str(record)).stdout)["games"]
    assert game["violations"] == []
    return record, game


def _set_up(tab: hb.Tab, rules: str, options: list[str], first: str) -> None:
    """The setup of a game as a scorer taps it: the players' names, the
    rules and their options, the first dealer."""
    for seat, player in NAMES.items():
        tab.page.fill(f'[data-field="name-{seat}"]', player)
    _tap(tab, "rules", rules)
    for option in options:
        _tap(tab, "option", option)
    _tap(tab, "dealer", first)


def _reload(tab: hb.Tab) -> None:
    """Reload as a person would: not within the moment in which chromium
    may still be taking the page's last storage write from its process (a
    reload sooner finds the storage as it was before the write; on a loaded
    machine, many seconds).  The page writes only when tapped, so a reload
    that came too soon is tried again, for up to a minute, until the storage
    reads as the page left it; a write not there by then is lost, and the
    test fails saying so rather than at its next look at the page."""
    page = tab.page
    stored = "() => JSON.stringify({...localStorage})"
    left = page.evaluate(stored)
    deadline = time.monotonic() + 60
    while True:
        page.wait_for_timeout(500)
        page.reload()
        page.wait_for_function("() => document.documentElement.dataset.ready")
        found = page.evaluate(stored)
        if found == left:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"the page's last write is lost: it left {left}, a reload finds {found}")


def _tap(tab: hb.Tab, act: str, value: str | None = None) -> None:
    selector = f'[data-act="{act}"]' + ("" if value is None else f'[data-v="{value}"]')
    tab.page.locator(selector).click()


def _whole_game(
    rng: random.Random, ruleset: Ruleset, page: Path
) -> tuple[str, list[dict[str, Any]]]:
    """Random taps until the engine's ledger ends the game: a void deal first,
    then every kind of deal the rules allow."""
    facts = _data(page)["rulesets"][ruleset.name]
    table = facts["worth"][",".join(sorted(ruleset.options))]
    first = rng.choice(SEATS)
    entries = [{"who": None, "points": 0, "double": None, "concede": None}]
    while not _engine_states(ruleset, first, entries)[-1][2]:
        entries.append(_random_entry(rng, table, facts["pooled"]))
    return first, entries


NAMES = {"N": "Marie", "E": "Jean", "S": "Paul", "W": "Anne"}


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("name", preset_names())
def test_whole_game_by_tapping(
    browser: Any, pages: dict[str, Path], tmp_path: Path, name: str, width: int
) -> None:
    ruleset = load_ruleset(name)
    options = _options(ruleset)[-1]
    ruleset = ruleset.with_options(options)
    first, entries = _whole_game(random.Random(name), ruleset, pages["en"])
    expected = _engine_states(ruleset, first, entries)
    assert expected[-1][2] and not any(state[2] for state in expected[:-1])
    tab = _fresh_tab(browser, pages["fr" if width < 500 else "en"], width)
    page = tab.page
    page.fill('[data-field="event"]', "Club night")
    page.fill('[data-field="date"]', "2026-11-14")
    _set_up(tab, name, options, first)
    _reload(tab)  # the setup is kept as it is typed
    assert page.input_value('[data-field="name-W"]') == "Anne"
    _tap(tab, "start")
    _tap(tab, "undo")  # no deal yet: back to the setup
    assert page.locator('[data-act="start"]').is_visible()
    _tap(tab, "start")
    for i, entry in enumerate(entries):
        state = page.locator("#status")
        assert state.get_attribute("data-number") == str(i + 1)
        assert state.get_attribute("data-dealer") == (expected[i - 1][0] if i else first)
        if i == 1:  # a wrong tap, taken back
            _tap(tab, "void")
            _tap(tab, "undo")
        if entry["double"]:
            _tap(tab, "double", entry["double"])
        if entry["concede"]:
            concede = entry["concede"]
            _tap(
                tab,
                "concede",
                f"{concede['team']} {'accepted' if concede['accepted'] else 'refused'}",
            )
        if entry["who"] is not None and page.locator('[data-act="points"]').count():
            _tap(tab, "points", str(entry["points"]))
        if entry["who"] is None:
            _tap(tab, "void")
        else:
            _tap(tab, "who", entry["who"])
        if i == len(entries) // 2:
            _reload(tab)
        score, over = expected[i][1:]
        shown = {team: int(page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
        assert shown == score
        assert page.locator("#over").count() == int(over)
    _reload(tab)
    winner = page.locator("#over").get_attribute("data-winner")
    shown = {team: int(page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
    assert page.locator('[data-act="who"]').count() == 0  # no entry after the end
    text = page.input_value("#record")
    with page.expect_download() as download:
        _tap(tab, "download")
    assert Path(download.value.path()).read_text("utf-8") == text
    assert tab.js("document.documentElement.scrollWidth <= window.innerWidth")
    assert not tab.errors and not tab.dialogs
    page.close()

    _, game = _exported(tmp_path, text)
    assert game["score"] == shown and game["winner"] == winner and game["complete"]
    assert game["tags"]["North"] == "Marie" and game["tags"]["Event"] == "Club night"
    assert game["tags"]["Date"] == "2026.11.14"


# --------------------------------------------------------------------------
# The pictures of docs/scorer.md

PHONE = {"width": 390, "height": 844}


def _shots(tab: hb.Tab, lang: str, folder: Path) -> list[Path]:
    """The setup, and a game in play, in one language at a phone's size."""
    page = tab.page
    page.set_viewport_size(PHONE)
    page.fill('[data-field="event"]', "Club" if lang == "en" else "Soirée du club")
    page.fill('[data-field="date"]', "2026-11-14")
    for seat, player in NAMES.items():
        page.fill(f'[data-field="name-{seat}"]', player)
    _tap(tab, "option", "mordienne")
    _tap(tab, "dealer", "W")
    made = [folder / f"scorer-setup-{lang}.png", folder / f"scorer-play-{lang}.png"]
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(made[0]))
    _tap(tab, "start")
    for seat in ("N", "E", None, "S"):
        _tap(tab, "void") if seat is None else _tap(tab, "who", seat)
    _tap(tab, "points", "2")
    _tap_sheet(tab, ["E", None, "N"])
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(made[1]))
    return made


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_at_phone_width(
    browser: Any, pages: dict[str, Path], tmp_path: Path, lang: str
) -> None:
    tab = _fresh_tab(browser, pages[lang], PHONE["width"])
    for fresh in _shots(tab, lang, tmp_path):
        doc = ROOT / "docs" / fresh.name
        assert hb.png_size(fresh) == (PHONE["width"], PHONE["height"])
        if os.environ.get("ALUETTE_UPDATE_SCREENSHOTS") == "1":
            shutil.copyfile(fresh, doc)
        assert hb.png_size(doc) == hb.png_size(fresh), "run with ALUETTE_UPDATE_SCREENSHOTS=1"
        assert f"({doc.name})" in (ROOT / "docs" / "scorer.md").read_text("utf-8")
    assert not tab.errors
    tab.page.close()


def test_the_rules_in_short_follow_the_choice(browser: Any, pages: dict[str, Path]) -> None:
    """The card shown is the chosen ruleset's, written from its data: every
    ranking group, the named cards, doubles where the rules have them, and
    only the options chosen."""
    tab = _fresh_tab(browser, pages["fr"], 390)
    page = tab.page
    page.locator("#rules summary").click()
    for name in preset_names():
        ruleset = load_ruleset(name)
        _tap(tab, "rules", name)
        card = page.locator(f'[data-rules="{name}"]')
        assert card.is_visible() and page.locator("[data-rules]:visible").count() == 1
        assert card.locator("ol.ranking li").count() == len(ruleset.ranking)
        text = card.inner_text()
        assert "3d" in text and "monsieur" in text and "les quatre as" in text
        assert ("Doubles" in text) == ruleset.doubles
        for option in sorted(ruleset.known_options):
            assert not card.locator(f'dd[data-option="{option}"]').is_visible()
            _tap(tab, "option", option)
            assert card.locator(f'dd[data-option="{option}"]').is_visible()
            _tap(tab, "option", option)
    assert not tab.errors
    page.close()


# --------------------------------------------------------------------------
# A game continued from a record


def _first_deals(text: str, count: int) -> str:
    """A generated record cut after ``count`` deals, its Result tag left out."""
    lines = [line for line in text.splitlines() if not line.startswith("[Result")]
    starts = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    return "\n".join(lines[: starts[count]] if count < len(starts) else lines) + "\n"


@pytest.mark.parametrize("name", preset_names())
def test_a_record_is_continued_by_tapping(browser: Any, tmp_path: Path, name: str) -> None:
    options = sorted(_options(load_ruleset(name))[-1])
    flags = ["--rules", name, "--policy", "ties"] + (["--options", *options] if options else [])
    text = _first_deals(generated(3, *flags), 3)
    begun = tmp_path / "begun.aln"
    begun.write_text(text, "utf-8")
    (checked,) = aluette.load(str(begun))
    assert not checked.outcome.findings and not checked.outcome.complete
    page = tmp_path / "marquoir.html"
    result = run("scorer", "--continue", str(begun), "--lang", "fr", "-o", str(page))
    assert result.exit_code == 0, result.output

    tab = _fresh_tab(browser, page, 390)
    shown = {team: int(tab.page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
    assert shown == checked.outcome.score
    assert tab.page.locator("#deals li").count() == 3
    rng = random.Random(name)
    while tab.page.locator("#over").count() == 0:
        takers = tab.page.locator('[data-act="who"]:enabled')
        takers.nth(rng.randrange(takers.count())).click()
    record = tmp_path / "continued.aln"
    record.write_text(tab.page.input_value("#record"), "utf-8")
    (game,) = aluette.load(str(record))
    assert game.outcome.findings == [] and game.outcome.complete

    def said(deals: Any) -> list[Any]:
        return [(d.dealer, d.point and (d.point.team, d.point.points)) for d in deals]

    assert said(game.outcome.deals[:3]) == said(checked.outcome.deals)
    _tap(tab, "new")
    _tap(tab, "new")  # a second tap: a new game, and the record may be taken up again
    _tap(tab, "continue")
    assert tab.page.locator("#deals li").count() == 3
    assert not tab.errors
    tab.page.close()


@pytest.mark.parametrize(("lang", "kept", "button", "played", "point"), [
    ("en", "1 trick kept", "(1 deal)", "scoring deals played: 1 of 5", "first team to 1 point"),
    ("fr", "1 levée notée", "(1 donne)", "donnes marquantes jouées : 1 sur 5",
     "première équipe à 1 point"),
])  # fmt: skip
def test_one_deal_and_one_trick_are_said_in_the_singular(
    browser: Any, tmp_path: Path, lang: str, kept: str, button: str, played: str, point: str
) -> None:
    """'1 tricks kept', '(1 deals)': a deal conceded after its first trick;
    '1 donnes marquantes sur 5' after it, and 'the first team to 1 points'
    in a game of one point."""
    begun = tmp_path / "one.aln"
    begun.write_text(
        '[Options "mordienne"]\n\ndeal 1 dealer N\nconcede NS accepted\nwinners: E\npoint E\n',
        "utf-8",
    )
    page = tmp_path / "one.html"
    assert run("scorer", "--continue", begun, "--lang", lang, "-o", page).exit_code == 0
    tab = _fresh_tab(browser, page, 390)
    assert kept in tab.page.locator("#deals").inner_text()
    assert tab.page.locator(".goal").inner_text() == f"classic · {played}"
    house = (ROOT / "samples" / "house-rules.toml").read_text("utf-8")
    one = house.replace('length = "deals"\ntarget = 5', 'length = "points"\ntarget = 1')
    assert one != house
    (tmp_path / "one.toml").write_text(one, "utf-8")
    short = tmp_path / "short.html"
    written = run("scorer", "--rules", tmp_path / "one.toml", "--lang", lang, "-o", short)
    assert written.exit_code == 0, written.output
    first = _fresh_tab(browser, short, 390)
    _tap(first, "dealer", "N")
    _tap(first, "start")
    assert first.page.locator(".goal").inner_text() == f"one.toml · {point}"
    assert not first.errors
    first.page.close()
    _tap(tab, "new")
    _tap(tab, "new")
    assert tab.page.locator('[data-act="continue"]').inner_text().endswith(button)
    assert not tab.errors
    tab.page.close()


@pytest.mark.parametrize(
    ("text", "says", "status"),
    [
        # a violation in the record: status 1, as every command ends on one
        ('[Rules "classic"]\n\ndeal 1 dealer N\npoint N 3\n', "A307", 1),
        ("deal 1 dealer N\nzz\n", "A001", 1),
        # a ruleset the tool does not have (A401): 2, as for every command
        ('[Rules "nosuch"]\n\ndeal 1 dealer N\npoint N\n', "A401 unknown ruleset 'nosuch'", 2),
        ('[Rules "classic"]\n\ndeal 1 dealer N\n', "does not say who scored it", 2),
        ('deal 1 dealer N\npoint N\n\n[Event "2"]\n\ndeal 1 dealer N\npoint N\n', "2 games", 2),
        ("", "0 games", 2),
    ],
)
def test_a_record_that_cannot_be_continued(
    tmp_path: Path, text: str, says: str, status: int
) -> None:
    record = tmp_path / "r.aln"
    record.write_text(text, "utf-8")
    result = run("scorer", "--continue", str(record), "-o", str(tmp_path / "m.html"))
    assert result.exit_code == status and says in result.output, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert not (tmp_path / "m.html").exists()


@pytest.mark.parametrize(
    ("tag", "rules"),
    [
        ('[Rules " classic"]', "classic"),  # read trimmed, as every command reads it
        ('[Rules ""]', "classic"),  # empty: classic, as when there is no tag
        ('[rules "team-five "]', "team-five"),  # the tag in the wrong case (A409)
        ("", "classic"),
    ],
)
def test_a_record_is_continued_under_the_rules_it_validates_with(
    tmp_path: Path, tag: str, rules: str
) -> None:
    """The page took the Rules tag as written: a blank around the name or
    an empty tag, which every command reads as its preset, ended in an
    internal error."""
    record = tmp_path / "r.aln"
    record.write_text(f"{tag}\n\ndeal 1 dealer N\npoint NS\n", "utf-8")
    assert run("validate", str(record)).exit_code == 0
    result = run("scorer", "--continue", str(record), "-o", str(tmp_path / "m.html"))
    assert result.exit_code == 0, result.output
    assert _data(tmp_path / "m.html")["start"]["game"]["setup"]["rules"] == rules


def test_the_record_being_continued_is_not_written_over(tmp_path: Path) -> None:
    record = tmp_path / "tonight.aln"
    text = (ROOT / "samples" / "score-sheet.aln").read_text("utf-8")
    record.write_text(text, "utf-8")
    result = run("scorer", "--continue", str(record), "-o", str(record))
    assert result.exit_code == 2 and "is one of the input files" in result.output
    assert record.read_text("utf-8") == text


def test_the_ruleset_file_read_is_not_written_over(tmp_path: Path) -> None:
    """docs/cli.md: -o may not name the ruleset file --rules reads, for any
    command; the scorer's page was written over it (status 0), and so over
    the file a continued record's Rules tag names."""
    rules = tmp_path / "house.toml"
    text = (ROOT / "samples" / "house-rules.toml").read_text("utf-8")
    rules.write_text(text, "utf-8")
    record = tmp_path / "game.aln"
    record.write_text('[Rules "house.toml"]\n\ndeal 1 dealer N\npoint N\n', "utf-8")
    for args, said in (
        (["--rules", rules], "is the ruleset file --rules reads"),
        (
            ["--continue", record],
            "is the ruleset file house.toml that the record's Rules tag names",
        ),
    ):
        result = run("scorer", *args, "-o", rules)
        assert result.exit_code == 2 and said in result.output, result.output
        assert rules.read_text("utf-8") == text


def test_the_rules_card_says_the_rules_of_its_ruleset() -> None:
    """The card is written from the ruleset, as `aluette rules` is: a house
    file's chant went to "the dealer and the player on the dealer's left"
    whoever it names, a double never said what a mordienne makes it worth,
    and a game of one point was "the first team to 1 points"."""
    from aluette_cli.writers.scorer import rules_card

    house = load_ruleset(str(ROOT / "samples" / "house-rules.toml"))
    for lang, partner in (("en", "the dealer's partner"), ("fr", "au partenaire du donneur")):
        assert partner in rules_card(house, "house.toml", lang)
    from aluette_cli.policies import GAME_LENGTHS

    classic = load_ruleset("classic")  # (it knows the mordienne option)
    points = GAME_LENGTHS["points"]
    ruleset = dataclasses.replace(classic, doubles=True, game_length=points, game_target=1)
    card = rules_card(ruleset, "doubled.toml", "en")
    assert (
        'worth 2 points<span data-option="mordienne"> (4 with a mordienne)</span> to whichever'
        in card
    )
    assert "The first team to 1 point wins the game." in card
    assert "La première équipe à 1 point gagne la partie." in rules_card(ruleset, "d", "fr")


def test_a_record_is_continued_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--continue -`` reads the record piped in, as every command reads
    ``-``: the same game as from the file, its ruleset file named from the
    current folder, and its errors placed in ``<stdin>``."""
    text = _first_deals(generated(5), 2)
    (tmp_path / "begun.aln").write_text(text, "utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("scorer", "--continue", "begun.aln", "-o", "file.html").exit_code == 0
    result = run("scorer", "--continue", "-", "-o", "piped.html", input=text)
    assert result.exit_code == 0, result.output
    from_file, piped = _data(tmp_path / "file.html"), _data(tmp_path / "piped.html")
    assert piped["start"]["game"] == from_file["start"]["game"]
    assert (piped["start"]["from"], from_file["start"]["from"]) == ("<stdin>", "begun.aln")
    house = (ROOT / "samples" / "house-rules-game.aln").read_text("utf-8")
    (tmp_path / "house-rules.toml").write_text(
        (ROOT / "samples" / "house-rules.toml").read_text("utf-8"), "utf-8"
    )
    assert run("scorer", "--continue", "-", "-o", "house.html", input=house).exit_code == 0
    result = run("scorer", "--continue", "-", "-o", "m.html", input="deal 1 dealer N\nzz\n")
    assert result.exit_code == 1 and "<stdin>:2:1: A001" in result.output, result.output
    assert not (tmp_path / "m.html").exists()


def test_a_continued_record_s_ruleset_file_is_named_from_the_page_s_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page writes records beside itself: the ruleset file the record
    names beside it is named again from there, and a page written where no
    tag could name it is refused, as ``--rules`` with that file is."""
    club = tmp_path / "club"
    club.mkdir()
    for name in ("house-rules.toml", "house-rules-game.aln"):
        (club / name).write_text((ROOT / "samples" / name).read_text("utf-8"), "utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("scorer", "--continue", "club/house-rules-game.aln", "-o", "m.html").exit_code == 0
    (game,) = aluette.loads(
        f'[Rules "{_data(tmp_path / "m.html")["start"]["game"]["setup"]["rules"]}"]\n',
        base=tmp_path,
    )
    assert game.outcome.ruleset is not None and game.outcome.ruleset.name == "house-rules"
    (tmp_path / "page").mkdir()
    result = run("scorer", "--continue", "club/house-rules-game.aln", "-o", "page/m.html")
    assert result.exit_code == 2 and "not in the output's folder" in result.output
    assert not (tmp_path / "page" / "m.html").exists()


def test_a_game_kept_by_another_page_is_not_taken_up(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """A kept game whose rules this page does not offer starts a new game
    instead of breaking the page; one it offers is taken up, in the other
    language too."""
    tab = _fresh_tab(browser, pages["en"], 390)
    _tap(tab, "dealer", "N")
    _tap(tab, "start")
    _tap(tab, "who", "E")
    french = hb.open_tab(browser, pages["fr"], 390)
    assert french.page.locator("#deals li").count() == 1
    french.page.close()
    tab.js(
        """() => {
            const game = JSON.parse(localStorage.getItem('aluette-scorer'));
            game.setup.rules = 'gone.toml';
            localStorage.setItem('aluette-scorer', JSON.stringify(game));
        }"""
    )
    # ... and is kept aside, not dropped (docs/scorer.md, "Nothing is lost"):
    # the next save wrote over it.  The page that has its rules takes it up.
    aside = """() => Object.keys(localStorage).filter((k) => k.startsWith('aluette-scorer:'))
        .map((k) => JSON.parse(JSON.parse(localStorage.getItem(k)).text))"""
    _reload_until(tab, aside + ".length === 1")
    assert tab.page.locator('[data-act="start"]').count() == 1
    (kept,) = tab.js(aside)
    assert kept["setup"]["rules"] == "gone.toml" and len(kept["entries"]) == 1
    _tap(tab, "dealer", "E")  # a new game, kept
    tab.js(
        """() => {
            const k = Object.keys(localStorage).find((k) => k.startsWith('aluette-scorer:'));
            const kept = JSON.parse(localStorage.getItem(k));
            const game = JSON.parse(kept.text);
            game.setup.rules = 'classic';  // as if this page were the one with its rules
            localStorage.setItem(k, JSON.stringify({ ...kept, text: JSON.stringify(game) }));
            const now = JSON.parse(localStorage.getItem('aluette-scorer'));
            now.setup.rules = 'gone.toml';
            localStorage.setItem('aluette-scorer', JSON.stringify(now));
        }"""
    )
    _reload_until(tab, "() => document.querySelectorAll('#deals li').length === 1")
    (back,) = tab.js(aside)
    assert back["setup"]["rules"] == "gone.toml" and back["entries"] == []
    assert not tab.errors
    tab.page.close()


def _reload_until(tab: hb.Tab, settled: str, page: Path | None = None) -> None:
    """:func:`_reload` for a page whose loading writes the storage (it sets
    a game aside): reload until ``settled`` holds, for up to a minute; with
    ``page``, open that page instead (another page, the same storage)."""
    deadline = time.monotonic() + 60
    while True:
        tab.page.wait_for_timeout(500)
        if page is None:
            tab.page.reload()
        else:
            tab.page.goto(page.as_uri())
        tab.page.wait_for_function("() => document.documentElement.dataset.ready")
        if tab.js(settled):
            return
        if time.monotonic() > deadline:
            pytest.fail(f"never came to hold after a reload: {settled}")


def test_a_page_made_for_a_ruleset_file_takes_up_its_game_kept_aside(
    browser: Any, tmp_path: Path
) -> None:
    """The club's page (its own ruleset file) and a plain page, one browser:
    the club's game, set aside by the plain page, came back to the club's
    page only while the storage held no game of a preset, which any page
    offers; after a game on the plain page it was never shown again."""
    shutil.copy(ROOT / "samples" / "house-rules.toml", tmp_path / "house.toml")
    club, plain = tmp_path / "club.html", tmp_path / "plain.html"
    assert run("scorer", "--rules", tmp_path / "house.toml", "-o", club).exit_code == 0
    assert run("scorer", "-o", plain).exit_code == 0
    event = "() => JSON.parse(localStorage.getItem('aluette-scorer') || 'null')?.setup.event"
    tab = _fresh_tab(browser, club, 390)
    tab.page.fill('[data-field="event"]', "club night")
    _tap(tab, "dealer", "N")
    _tap(tab, "start")
    _tap(tab, "who", "N")
    _reload_until(tab, f"{event} === undefined", plain)  # the club's game, set aside
    tab.page.fill('[data-field="event"]', "at home")
    _tap(tab, "dealer", "E")
    _tap(tab, "start")
    _tap(tab, "who", "E")
    _reload_until(tab, f"{event} === 'club night'", club)
    assert tab.page.locator("#deals li").count() == 1
    _reload_until(tab, f"{event} === 'at home'", plain)  # and the other way
    assert tab.page.locator("#deals li").count() == 1
    assert not tab.errors
    tab.page.close()


def test_the_french_page_says_no_english_word(browser: Any, pages: dict[str, Path]) -> None:
    """Every piece of the page's English that French says otherwise is
    absent from the French page, in the setup, a game with every kind of
    deal, its end and the rules card."""
    english, french = words("en").table, words("fr").table
    pieces = {
        piece.strip(" ·:()")
        for key, text in english.items()
        if text != french[key]
        for piece in re.split(r"\{\w+\}", text)
        if len(piece.strip(" ·:()")) > 3
    }
    pieces -= {piece for piece in pieces if any(piece in text for text in french.values())}
    tab = _fresh_tab(browser, pages["fr"], 390)
    page = tab.page
    page.locator("#rules summary").click()
    seen = [page.inner_text("body")]
    _tap(tab, "rules", "team-five")
    _tap(tab, "dealer", "E")
    _tap(tab, "start")
    _tap(tab, "double", "NS")
    _tap(tab, "who", "EW")
    _tap(tab, "void")
    seen.append(page.inner_text("body"))
    _tap(tab, "undo")
    _tap(tab, "undo")
    _tap(tab, "undo")
    _tap(tab, "rules", "classic")
    _tap(tab, "option", "mordienne")
    _tap(tab, "start")
    _tap(tab, "concede", "EW refused")
    _tap(tab, "who", "N")
    for seat in ("E", "S", "W", "N"):
        _tap(tab, "who", seat)
    _tap(tab, "new")
    seen.append(page.inner_text("body"))
    shown = "\n".join(seen)
    assert "Partie finie" in shown and "Abandon de" in shown and "Double annoncé" in shown
    assert sorted(piece for piece in pieces if piece in shown) == []
    assert not tab.errors
    page.close()


@pytest.mark.parametrize("width", [360, 390])
def test_the_trick_buttons_break_no_word_on_a_phone(
    browser: Any, pages: dict[str, Path], width: int
) -> None:
    """French "pourrie" took two lines at 360 pixels ("pourri/e"), and a
    name typed broke inside its words ("Marie Dupon/t")."""
    tab = _fresh_tab(browser, pages["fr"], width)
    _tap(tab, "dealer", "W")
    _tap(tab, "start")
    lines = tab.page.evaluate(
        """() => [...document.querySelectorAll('button[data-act=trick]')].map(b => {
            const words = document.createRange();
            words.selectNodeContents(b);
            return [b.textContent,
                    new Set([...words.getClientRects()].map(r => Math.round(r.top))).size];
        })"""
    )
    assert lines and all(count == 1 for _, count in lines), lines
    assert not tab.errors
    tab.page.close()


# --------------------------------------------------------------------------
# Trick winners tapped as they fall


def test_the_page_ends_a_sheet_where_the_engine_does(browser: Any, pages: dict[str, Path]) -> None:
    """For random trick winners, the page stops taking them after the trick
    at which the engine's deal scoring says play stops (or the ninth)."""
    tab = hb.open_tab(browser, pages["en"])
    rng = random.Random(27)
    for name in preset_names():
        ruleset = load_ruleset(name)
        sheets = [[rng.choice([*SEATS, None]) for _ in range(9)] for _ in range(300)]
        # team-five's stops are rare at random: lean sheets towards one team
        sheets += [[rng.choice(["N", "S", "N", "E", None]) for _ in range(9)] for _ in range(100)]
        expected = [
            ruleset.deal_scoring.decided_after(sheet, ruleset.deal_target) or 9 for sheet in sheets
        ]
        shown = tab.js(
            """([name, sheets]) => {
                const page = window.aluetteScorer, rules = page.rulesets[name];
                return sheets.map(s => [1, 2, 3, 4, 5, 6, 7, 8, 9]
                  .find(k => page.finished(rules, s.slice(0, k))));
            }""",
            [name, sheets],
        )
        assert shown == expected, name
        assert name != "team-five" or min(expected) == 5
    assert not tab.errors


def _sheet_game(name: str, deals: int) -> Any:
    """A generated game of score sheets, its first ``deals`` deals."""
    options = sorted(_options(load_ruleset(name))[-1])
    flags = ["--rules", name, "--style", "sheet", "--no-hands", "--policy", "ties"]
    (checked,) = aluette.loads(
        _first_deals(generated(4, *flags, *(["--options", *options] if options else [])), deals)
    )
    assert not checked.outcome.findings and not checked.outcome.complete
    assert not any(deal.concessions for deal in checked.game.deals)
    return checked


def _said(game: Any) -> list[Any]:
    """What a record says of each deal: dealer, trick winners and point."""
    return [
        (d.dealer, d.sequence, d.point and (str(d.point.team), d.point.points))
        for d in game.outcome.deals
    ]


def _tap_sheet(tab: hb.Tab, winners: list[str | None]) -> None:
    for winner in winners:
        _tap(tab, "trick", winner or "-")


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("name", ["classic", "team-five"])
def test_a_deal_with_its_winners_by_tapping(
    browser: Any, pages: dict[str, Path], tmp_path: Path, name: str, width: int
) -> None:
    """Deals entered trick by trick (a reload in the middle of a sheet, a
    wrong trick and a wrong point taken back): the record carries each
    sheet, validates with no finding and reports the page's score."""
    checked = _sheet_game(name, 4)
    first, entries = _entries_of(checked)
    options = sorted(checked.outcome.ruleset.options)
    tab = _fresh_tab(browser, pages["fr" if width < 500 else "en"], width)
    page = tab.page
    _set_up(tab, name, options, first)
    _tap(tab, "start")
    sheet = page.locator("#sheet li")
    for i, (deal, entry) in enumerate(zip(checked.game.deals, entries, strict=True)):
        winners = list(deal.winners.entries)
        if entry["double"]:
            _tap(tab, "double", entry["double"])
        _tap_sheet(tab, winners[:4])
        if i == 0:
            _reload(tab)  # in the middle of a deal: its sheet is kept
            assert sheet.count() == 4
        if i == 1:
            _tap(tab, "trick", "-")  # a wrong trick, taken back
            _tap(tab, "undo")
            assert sheet.count() == 4
        _tap_sheet(tab, winners[4:])
        assert sheet.count() == len(winners)
        # the sheet is over (nine tricks, or play stopped): no more tricks
        assert page.locator('[data-act="trick"]:enabled').count() == 0
        if entry["points"] > 1 and page.locator('[data-act="points"]').count():
            _tap(tab, "points", str(entry["points"]))
        if i == 2:  # a wrong point, taken back: the deal comes back with its sheet
            pooled = checked.outcome.ruleset.deal_scoring.pooled
            _tap(tab, "who", next(x for x in (TEAMS if pooled else SEATS) if x != entry["who"]))
            _tap(tab, "undo")
            assert page.locator("#status").get_attribute("data-number") == str(i + 1)
            assert sheet.count() == len(winners)
            if entry["double"]:
                pressed = page.locator('[data-act="double"][aria-pressed="true"]')
                assert pressed.get_attribute("data-v") == entry["double"]
        _tap(tab, "void") if entry["who"] is None else _tap(tab, "who", entry["who"])
        assert sheet.count() == 0
    _reload(tab)
    shown = {team: int(page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
    assert shown == checked.outcome.score
    text = page.input_value("#record")
    assert text.count("\nwinners: ") == len(entries)
    assert tab.js("document.documentElement.scrollWidth <= window.innerWidth")
    assert not tab.errors and not tab.dialogs
    page.close()

    record, game = _exported(tmp_path, text)
    assert game["score"] == shown
    (exported,) = aluette.load(str(record))
    assert _said(exported) == _said(checked)


def test_a_sheet_that_contradicts_the_point_is_caught_by_validate(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """The page records the point the scorer taps, not one it works out:
    a sheet that says otherwise is validate's to find."""
    tab = _fresh_tab(browser, pages["en"], 390)
    _tap(tab, "dealer", "W")
    _tap(tab, "start")
    _tap_sheet(tab, ["N", "N", "N", "N", "N", "E", "E", None, "E"])
    _tap(tab, "who", "E")  # North took five tricks, the scorer tapped East
    record = tmp_path / "wrong.aln"
    record.write_text(tab.page.input_value("#record"), "utf-8")
    assert "winners: N N N N N E E - E\npoint E\n" in record.read_text("utf-8")
    assert not tab.errors
    tab.page.close()
    result = run("validate", str(record))
    assert result.exit_code != 0 and "A302" in result.output, result.output


# --------------------------------------------------------------------------
# Importing a record in the page


def _import(tab: hb.Tab, record: Path) -> None:
    """Pick a record with the page's file input, from the setup (a kept game
    is put aside first, with New game's two taps)."""
    if tab.page.locator('[data-act="new"]').count():
        _tap(tab, "new")
        _tap(tab, "new")
    tab.page.set_input_files("#import", str(record))


def test_a_record_the_page_wrote_is_imported_and_goes_on(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """A record exported by the page comes back whole: setup, deals with
    their sheets, score and next dealer; the game then goes on to its end."""
    tab = _fresh_tab(browser, pages["en"], 390)
    page = tab.page
    page.fill('[data-field="event"]', 'Club "night"')
    page.fill('[data-field="name-N"]', "Marie")
    _tap(tab, "rules", "to-five-points")
    _tap(tab, "option", "mordienne")
    _tap(tab, "dealer", "E")
    _tap(tab, "start")
    _tap_sheet(tab, ["S", "S", None, "W", "S", "E", "N", "S", "S"])
    _tap(tab, "who", "S")
    _tap(tab, "void")
    _tap(tab, "concede", "NS refused")
    _tap(tab, "points", "2")
    _tap(tab, "who", "W")
    with page.expect_download() as download:
        _tap(tab, "download")
    saved = tmp_path / "tonight.aln"
    shutil.copyfile(download.value.path(), saved)
    text = saved.read_text("utf-8")
    assert "winners: S S - W S E N S S\n" in text

    # as a phone's editor might keep it: a byte-order mark, CRLF, no last newline
    kept = tmp_path / "kept.aln"
    kept.write_bytes(("\ufeff" + text.rstrip("\n").replace("\n", "\r\n")).encode("utf-8"))
    _import(tab, kept)
    page.wait_for_selector("#deals")
    assert page.locator("#deals li").count() == 3
    assert page.input_value("#record") == text
    (checked,) = aluette.load(str(saved))
    shown = {team: int(page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
    assert shown == checked.outcome.score == {"NS": 1, "EW": 2}
    assert page.locator("#status").get_attribute("data-dealer") == "W"
    assert page.locator("#status").get_attribute("data-number") == "4"
    _reload(tab)  # the imported game is kept
    assert page.locator("#deals li").count() == 3
    while page.locator("#over").count() == 0:
        _tap(tab, "who", "N")
    done = tmp_path / "done.aln"
    done.write_text(page.input_value("#record"), "utf-8")
    (game,) = aluette.load(str(done))
    assert game.outcome.findings == [] and game.outcome.complete
    assert _said(game)[:3] == _said(checked)
    assert game.game.tags[0].value == 'Club "night"'
    assert not tab.errors
    page.close()


def _continued_and_exported(browser: Any, record: str, tmp_path: Path) -> Path:
    """The record a page made by ``scorer --continue`` from ``record`` exports."""
    begun = tmp_path / "begun.aln"
    begun.write_text(record, "utf-8")
    made = tmp_path / "continued.html"
    assert run("scorer", "--continue", str(begun), "-o", str(made)).exit_code == 0
    tab = _fresh_tab(browser, made, 390)
    exported = tmp_path / "exported.aln"
    exported.write_text(tab.page.input_value("#record"), "utf-8")
    tab.page.close()
    return exported


def _imported(browser: Any, page: Path, exported: Path) -> tuple[hb.Tab, dict[str, int]]:
    """A plain page with ``exported`` imported, and the score it shows."""
    tab = _fresh_tab(browser, page, 390)
    _import(tab, exported)
    tab.page.wait_for_selector("#deals")
    shown = {team: int(tab.page.locator(f"#score-{team}").inner_text()) for team in TEAMS}
    return tab, shown


def test_a_continued_game_s_record_is_imported(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """A game taken up with --continue from a record with cards, exported by
    that page, is imported by a plain page with its tricks' winners."""
    text = _first_deals(generated(5, "--rules", "classic", "--policy", "ties"), 3)
    exported = _continued_and_exported(browser, text, tmp_path)
    assert exported.read_text("utf-8").count("\nwinners: ") == 3
    (checked,) = aluette.loads(text)
    tab, shown = _imported(browser, pages["fr"], exported)
    assert tab.page.locator("#deals li").count() == 3
    assert shown == checked.outcome.score
    (again,) = aluette.loads(tab.page.input_value("#record"))
    assert again.outcome.findings == [] and _said(again) == _said(checked)
    assert not tab.errors
    tab.page.close()


def test_a_continued_game_with_team_points_is_imported(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """Under most-tricks scoring a point line may name the side only
    (``point NS``: the record does not say which player took the most
    tricks); the page continued from it writes it so, and a plain page
    refused its own export as a record it did not write."""
    text = '[Rules "classic"]\n\ndeal 1 dealer N\npoint NS\n\ndeal 2 dealer E\npoint EW\n'
    exported = _continued_and_exported(browser, text, tmp_path)
    assert "\npoint NS\n" in exported.read_text("utf-8")
    tab, shown = _imported(browser, pages["en"], exported)
    assert tab.page.locator("#deals li").count() == 2
    assert shown == {"NS": 1, "EW": 1}
    assert tab.page.input_value("#record") == exported.read_text("utf-8")
    assert not tab.errors
    tab.page.close()


def test_a_refused_concession_the_conceders_score_is_continued_as_the_engine_scores_it(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """NS concede, EW refuse, and E takes the most tricks without a
    mordienne: NS score 2, as a side.  The page continued from it gave the
    2 points to E's side (the deal's winner), and its record failed
    validate; a page's own taps offer NS too."""
    text = (
        '[Options "mordienne"]\n\ndeal 1 dealer W\nconcede NS refused\n'
        "winners: N N S W E E E E N\npoint NS 2\n"
    )
    (checked,) = aluette.loads(text)
    assert checked.outcome.findings == [] and checked.outcome.score == {"NS": 2, "EW": 0}
    exported = _continued_and_exported(browser, text, tmp_path)
    assert "\npoint NS 2\n" in exported.read_text("utf-8")
    (again,) = aluette.loads(exported.read_text("utf-8"))
    assert again.outcome.findings == [] and again.outcome.score == {"NS": 2, "EW": 0}
    tab, shown = _imported(browser, pages["en"], exported)
    assert shown == {"NS": 2, "EW": 0}
    _tap(tab, "concede", "EW refused")
    takers = tab.page.locator('[data-act="who"]:enabled')
    offered = {takers.nth(k).get_attribute("data-v") for k in range(takers.count())}
    assert offered == {"N", "E", "S", "W", "EW"}, offered
    assert not tab.errors
    tab.page.close()


def test_a_refused_concession_in_a_deal_of_nine_pourri_tricks_is_void_on_the_page(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """docs/rules.md §11: such a deal is dealt again, as any void deal.  The
    page offered no void deal once a concession was made, refused or not,
    and refused its own record of one ("not a record this page wrote")."""
    text = (
        '[Options "mordienne"]\n[Result "*"]\n\ndeal 1 dealer W\nconcede NS refused\n'
        "winners: - - - - - - - - -\npoint none\n"
    )
    (checked,) = aluette.loads(text)
    assert checked.outcome.findings == []
    exported = _continued_and_exported(browser, text, tmp_path)
    assert "\npoint none\n" in exported.read_text("utf-8")
    tab, shown = _imported(browser, pages["en"], exported)
    assert shown == {"NS": 0, "EW": 0}
    listed = tab.page.locator("#deals").inner_text()
    assert "Deal 1" in listed and "void" in listed and "refused" in listed, listed
    _tap(tab, "concede", "EW refused")
    assert tab.page.locator('[data-act="void"]').is_enabled()
    _tap(tab, "concede", "EW accepted")
    assert not tab.page.locator('[data-act="void"]').is_enabled()
    assert not tab.errors
    tab.page.close()


def test_a_record_the_page_did_not_write_is_refused(
    browser: Any, pages: dict[str, Path], tmp_path: Path
) -> None:
    """A record in any other form, one edited by hand, or one under rules
    the page does not offer, is not read: the message says to make a page
    with --continue, and the setup is left as it was."""
    tab = _fresh_tab(browser, pages["en"], 390)
    page = tab.page
    page.fill('[data-field="name-N"]', "Marie")
    _tap(tab, "dealer", "N")
    _tap(tab, "start")
    _tap(tab, "who", "N")
    own = page.input_value("#record")
    records = {
        "cards.aln": _first_deals(generated(6), 2),
        "edited.aln": own.replace("point N\n", "point N 2\n"),
        "spaced.aln": own.replace("point N\n", "point  N\n"),
        "renumbered.aln": own.replace("deal 1 dealer N", "deal 7 dealer N"),
        "late.aln": own + '\n[Site "Nantes"]\n',
        "house.aln": own.replace('[Rules "classic"]', '[Rules "house.toml"]'),
        # an option written twice: the page broke (no message), and with no
        # deal kept a setup no drawing survived, reload after reload
        "twice.aln": own.replace(
            '[Rules "classic"]', '[Rules "classic"]\n[Options "mordienne, mordienne"]'
        ),
        "twice-nodeal.aln": own.split("\n\ndeal")[0].replace(
            '[Rules "classic"]', '[Rules "classic"]\n[Options "chanter, chanter"]'
        )
        + "\n",
    }
    _tap(tab, "new")
    _tap(tab, "new")
    for file, text in records.items():
        path = tmp_path / file
        path.write_text(text, "utf-8")
        page.set_input_files("#import", str(path))
        problem = page.locator("#import-problem")
        problem.wait_for()
        said = problem.inner_text()
        assert f"aluette scorer --continue {file}" in said, said
        assert ("house.toml" in said) == (file == "house.aln"), said
        assert page.locator('[data-act="start"]').count() == 1
        assert page.input_value('[data-field="name-N"]') == "Marie"
        _tap(tab, "dealer", "E")  # the next tap puts the message away
        assert page.locator("#import-problem").count() == 0
    assert not tab.errors
    page.close()


def test_the_rules_card_names_each_card_as_its_language_does() -> None:
    """French drops the e of "de" before a vowel, as the card's own name
    does ("deux d'écrit"): the card said "2 de épées"."""
    from aluette_cli.writers.scorer import rules_card

    classic = load_ruleset("classic")
    french = rules_card(classic, "classic", "fr")
    assert "2 d'épées (deux d'écrit)" in french and "de épées" not in french
    assert "3 de deniers" in french
    assert "2 of swords" in rules_card(classic, "classic", "en")
