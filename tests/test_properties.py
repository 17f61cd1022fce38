"""Property tests: random legal games, and single mistakes in them.

Every game comes from ``tests/independent.py``, a referee written from
docs/rules.md and docs/notation.md alone, which also says what the tool must find:
legal games validate clean and report exactly the oracle's facts, and each
kind of single mistake is caught with its own code, at the right place.

The default profile ("ci") runs a bounded number of examples per test.
For a long hunt, run thousands of examples with::

    HYPOTHESIS_PROFILE=long pytest tests/test_properties.py
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.independent import (
    SEATS,
    STYLES,
    TEAMS,
    DealFact,
    Form,
    Generated,
    Line,
    Record,
    other_team,
    play_parts,
    random_game,
    team_of,
)

from .conftest import invoke

settings.register_profile(
    "ci",
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
PROFILE = settings.get_profile(_PROFILE if _PROFILE in ("ci", "long") else "ci")
#: The mutation tests run once per kind of mistake, each with its own examples.
MUTATION_PROFILE = settings(PROFILE, max_examples=max(60, PROFILE.max_examples // 3))

SEEDS = st.integers(0, 2**32 - 1)
CONTRACT_KEYS = {"file", "line", "column", "code", "severity", "message", "game", "deal", "trick"}


def forms(
    styles: tuple[str, ...] = STYLES,
    hands: st.SearchStrategy[bool] | None = None,
    claims: st.SearchStrategy[bool] | None = None,
    stock: st.SearchStrategy[bool] | None = None,
    claim_rates: tuple[float, ...] = (0.0, 0.5, 1.0),
    tricky_comments: bool = False,
) -> st.SearchStrategy[Form]:
    """Every legal way the oracle writes a game, or a subset of them."""
    return st.builds(
        Form,
        style=st.sampled_from(styles),
        hands=hands if hands is not None else st.booleans(),
        stock=stock if stock is not None else st.booleans(),
        claims=claims if claims is not None else st.booleans(),
        claim_rate=st.sampled_from(claim_rates),
        comments=st.booleans(),
        tricky_comments=st.booleans() if tricky_comments else st.just(False),
        aliases=st.booleans(),
        policy=st.sampled_from(("uniform", "ties")),
        void_rate=st.sampled_from((0.0, 0.15, 0.4)),
        newline=st.sampled_from(("\n", "\r\n")),
        loose=st.booleans(),
        compact=st.booleans(),
    )


def run(args: list[str], text: str) -> tuple[Result, str]:
    """Write ``text`` to a temporary .aln file and run the CLI on it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "game.aln")
        Path(path).write_bytes(text.encode("utf-8"))
        result = invoke([*args, path])
    return result, path


# --------------------------------------------------------------------------
# Legal games


@PROFILE
@given(seed=SEEDS, form=forms(tricky_comments=True))
def test_legal_games_validate_clean(seed: int, form: Form) -> None:
    game = random_game(random.Random(seed), form)
    result, _ = run(["validate"], game.text)
    assert result.stdout == "", game.text
    assert result.exit_code == 0, game.text
    result, _ = run(["validate", "--format", "json"], game.text)
    assert json.loads(result.stdout) == [], game.text
    assert result.exit_code == 0


def expected_trick(deal: DealFact, k: int) -> dict[str, Any]:
    trick = deal.tricks[k]
    if deal.style == "sheet":  # a score sheet names winners, not plays
        return {
            "number": trick.number,
            "leader": None,
            "plays": [],
            "winner": trick.winner,
            "pourri": trick.pourri,
        }
    return {
        "number": trick.number,
        "leader": trick.leader,
        "plays": [[seat, card] for seat, card in trick.plays],
        "winner": trick.winner,
        "pourri": trick.pourri,
    }


def expected_tie(deal: DealFact) -> dict[str, Any] | None:
    if deal.tie is None:
        return None
    return {
        "tied": deal.tie.tied,
        "total": deal.tie.total,
        "reached_at": deal.tie.reached_at,
        "winner": deal.tie.winner,
    }


@PROFILE
@given(seed=SEEDS, form=forms(tricky_comments=True))
def test_report_matches_the_independent_referee(seed: int, form: Form) -> None:
    game = random_game(random.Random(seed), form)
    facts = game.facts
    for deal in facts.deals:  # shown by --hypothesis-show-statistics
        event("void deal" if deal.void else "tie-break" if deal.tie else "plain deal")
    result, path = run(["report", "--format", "json"], game.text)
    games = json.loads(result.stdout)["games"]
    assert [g["violations"] for g in games] == [[]], game.text
    assert result.exit_code == 0
    (got,) = games
    assert got["file"] == path
    assert got["tags"] == facts.tags
    assert got["rules"] == "classic"
    assert got["options"] == []
    assert [d["number"] for d in got["deals"]] == [d.number for d in facts.deals]
    for deal, want in zip(got["deals"], facts.deals, strict=True):
        where = f"deal {want.number}"
        assert deal["dealer"] == want.dealer, where
        assert deal["void"] is want.void, where
        assert len(deal["tricks"]) == 9, where
        for k, trick in enumerate(deal["tricks"]):
            assert trick == expected_trick(want, k), f"{where}, trick {k + 1}"
        assert deal["counts"] == want.counts, where
        assert deal["deal_winner"] == want.deal_winner, where
        tie = deal["tie_break"]
        if tie is not None:  # the contract gives no order to the tied seats
            tie = {**tie, "tied": sorted(tie["tied"], key=SEATS.index)}
        assert tie == expected_tie(want), where
        if want.void:
            assert deal["point"] is None, where
        else:
            assert deal["point"] == {"team": want.point_team, "points": 1, "mordienne": False}
    assert got["score"] == facts.score
    assert got["winner"] == facts.winner
    assert got["complete"] is True


@PROFILE
@given(seed=SEEDS)
def test_the_oracle_keeps_the_rules_it_states(seed: int) -> None:
    """A check on the oracle itself: its facts obey docs/rules.md on their face."""
    game = random_game(random.Random(seed), Form(void_rate=0.3))
    deals = game.facts.deals
    assert sum(not d.void for d in deals) == 5
    for prev, deal in itertools.pairwise(deals):
        step = 0 if prev.void else 1
        assert SEATS.index(deal.dealer) == (SEATS.index(prev.dealer) + step) % 4
    for deal in deals:
        cards = [c for hand in deal.hands.values() for c in hand] + deal.stock
        assert len(set(cards)) == 48 and len(deal.stock) == 12
        assert deal.void == all(t.pourri for t in deal.tricks)
        assert sum(deal.counts.values()) == sum(not t.pourri for t in deal.tricks)
        assert deal.tricks[0].leader == SEATS[(SEATS.index(deal.dealer) + 1) % 4]
        for a, b in itertools.pairwise(deal.tricks):
            assert b.leader == (a.winner or a.leader)


# --------------------------------------------------------------------------
# Single mistakes


@dataclass
class Expect:
    """Where the finding must be: a line, columns on it, the deal and trick."""

    code: str
    lines: tuple[int, ...]
    columns: tuple[int, int] | None = None
    deal: int | None = None
    trick: int | None = None


Mutator = Callable[[Generated, random.Random], tuple[Record, list[Expect]]]


def _pick_deal(game: Generated, rng: random.Random, first: int = 0) -> int:
    return rng.randrange(first, len(game.facts.deals))


def _line(record: Record, index: int) -> Line:
    return record.lines[index]


def _whole(record: Record, index: int) -> tuple[int, int]:
    return record.whole(index)


def _card_token(line: Line, card: str, last: int | None = None) -> int:
    """The token of ``card`` on a hand line, or among the four plays of a trick line."""
    end = len(line.tokens) if last is None else last + 1
    return next(i for i in range(1, end) if play_parts(line.tokens[i])[1] == card)


def _set_card(line: Line, i: int, card: str) -> None:
    seat, _ = play_parts(line.tokens[i])
    line.tokens[i] = f"{seat}:{card}" if seat else card


def _drop_token(line: Line, i: int) -> None:
    del line.tokens[i]
    if line.seps and i - 1 < len(line.seps):
        del line.seps[i - 1]


def _play_at(record: Record, game: Generated, d: int, card: str) -> Expect:
    """Where ``card`` is played in deal ``d``: its trick line and its token."""
    deal = game.facts.deals[d]
    k = next(k for k, t in enumerate(deal.tricks) if card in (c for _, c in t.plays))
    index = record.deals[d].tricks[k]
    line = _line(record, index)
    i = _card_token(line, card, last=4)
    return Expect("", (record.line_no(index),), record.span(index, i), deal.number, k + 1)


def swap_between_hands(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    x, y = rng.sample(SEATS, 2)
    a, b = rng.choice(deal.hands[x]), rng.choice(deal.hands[y])
    hx, hy = _line(record, layout.hands[x]), _line(record, layout.hands[y])
    _set_card(hx, _card_token(hx, a), b)
    _set_card(hy, _card_token(hy, b), a)
    # Each of the two is now played by a player who was not dealt it.
    return record, [
        replace(_play_at(record, game, d, a), code="A203"),
        replace(_play_at(record, game, d, b), code="A203"),
    ]


def play_a_card_again(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    later = rng.randrange(1, 9)
    earlier = rng.randrange(0, later)
    old = rng.choice(deal.tricks[earlier].plays)[1]
    line = _line(record, layout.tricks[later])
    i = rng.randrange(1, 5)
    _set_card(line, i, old)
    no = record.line_no(layout.tricks[later])
    span = record.span(layout.tricks[later], i)
    return record, [Expect("A204", (no,), span, deal.number, later + 1)]


def skip_a_seat(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    k = rng.randrange(9)
    line = _line(record, layout.tricks[k])
    _drop_token(line, rng.randrange(1, 5))
    no = record.line_no(layout.tricks[k])
    return record, [Expect("A205", (no,), _whole(record, layout.tricks[k]), deal.number, k + 1)]


def change_a_claim(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    claimed = [
        (d, k)
        for d, layout in enumerate(record.deals)
        for k, index in enumerate(layout.tricks)
        if "->" in record.lines[index].tokens
    ]
    d, k = rng.choice(claimed)
    index = record.deals[d].tricks[k]
    line = _line(record, index)
    arrow = line.tokens.index("->")
    old = line.tokens[arrow + 1]
    line.tokens[arrow + 1] = rng.choice([s for s in (*SEATS, "pourri") if s != old])
    columns = (record.span(index, arrow)[0], record.span(index, arrow + 1)[1])
    number = game.facts.deals[d].number
    return record, [Expect("A301", (record.line_no(index),), columns, number, k + 1)]


def change_a_point(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, index = game.facts.deals[d], record.deals[d].point
    assert index is not None
    line = _line(record, index)
    if deal.void:
        line.tokens[1:] = [rng.choice((*TEAMS, *SEATS))]
    else:
        assert deal.point_team is not None
        other = other_team(deal.point_team)
        wrong = [other, *(s for s in SEATS if team_of(s) == other), "none"]
        side = rng.choice(wrong)
        line.tokens[1] = side
        if side == "none":
            line.tokens[2:] = []
    no = record.line_no(index)
    return record, [Expect("A302", (no,), _whole(record, index), deal.number)]


def change_the_result(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    assert record.result is not None
    well_formed = [
        f"{side} {a}-{b}"
        for a in range(8)
        for b in range(a + 1)
        for side in (("draw",) if a == b else ("NS", "EW"))
    ]
    value = rng.choice([r for r in well_formed if r != game.facts.result])
    line = _line(record, record.result)
    line.tokens[0] = f'[Result "{value}"]'
    no = record.line_no(record.result)
    return record, [Expect("A303", (no,), _whole(record, record.result))]


def rotate_wrongly(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng, first=1)
    deal, index = game.facts.deals[d], record.deals[d].header
    _line(record, index).tokens[3] = rng.choice([s for s in SEATS if s != deal.dealer])
    return record, [Expect("A105", (record.line_no(index),), _whole(record, index), deal.number)]


def duplicate_across_hands(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    x, y = rng.sample(SEATS, 2)
    a, b = rng.choice(deal.hands[x]), rng.choice(deal.hands[y])
    hx = _line(record, layout.hands[x])
    _set_card(hx, _card_token(hx, a), b)
    # b is now in two hands; whichever of the two lines comes second shows it.
    lines = (record.line_no(layout.hands[x]), record.line_no(layout.hands[y]))
    return record, [Expect("A101", lines, None, deal.number)]


def renumber_a_deal(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    number, index = game.facts.deals[d].number, record.deals[d].header
    new = rng.choice(
        [n for n in (number - 1, number + 1, number + 2, rng.randint(0, 99)) if n != number]
    )
    _line(record, index).tokens[1] = str(new)
    return record, [Expect("A104", (record.line_no(index),), _whole(record, index))]


def renumber_a_trick(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    k = rng.randrange(9)
    index = record.deals[d].tricks[k]
    _line(record, index).tokens[0] = f"{rng.choice([n for n in range(21) if n != k + 1])}."
    number = game.facts.deals[d].number
    return record, [Expect("A201", (record.line_no(index),), _whole(record, index), number)]


def play_out_of_order(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    k = rng.randrange(9)
    index = record.deals[d].tricks[k]
    line = _line(record, index)
    p, q = sorted(rng.sample(range(1, 5), 2))
    (sp, cp), (sq, cq) = play_parts(line.tokens[p]), play_parts(line.tokens[q])
    line.tokens[p], line.tokens[q] = f"{sq}:{cp}", f"{sp}:{cq}"
    # The first play now out of turn is the one at position p.
    number = game.facts.deals[d].number
    span = record.span(index, p)
    return record, [Expect("A202", (record.line_no(index),), span, number, k + 1)]


def drop_the_last_trick(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    layout = record.deals[d]
    first, last = layout.header, layout.tricks[-1]
    # Reported for the deal, somewhere from its header to where the trick was.
    lines = tuple(range(record.line_no(first), record.line_no(last) + 1))
    record.remove(last)
    return record, [Expect("A206", lines, None, game.facts.deals[d].number)]


def drop_a_sheet_entry(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    record = game.record.clone()
    d = _pick_deal(game, rng)
    index = record.deals[d].winners
    assert index is not None
    line = _line(record, index)
    _drop_token(line, len(line.tokens) - 1)
    number = game.facts.deals[d].number
    return record, [Expect("A207", (record.line_no(index),), _whole(record, index), number)]


def play_a_stock_card(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    """A card of the stock put in a player's hand: docs/rules.md §2 leaves the
    stock face down, unused, so playing it is A203 whether or not the hands
    are written (docs/violations.md A203); half the time they are dropped."""
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    k = rng.randrange(9)
    _, card = rng.choice(deal.tricks[k].plays)
    if rng.random() < 0.5:
        for index in sorted(layout.hands.values(), reverse=True):
            record.remove(index)
    index = record.deals[d].tricks[k]
    line = _line(record, index)
    i = _card_token(line, card, last=4)
    _set_card(line, i, rng.choice(deal.stock))
    span = record.span(index, i)
    return record, [Expect("A203", (record.line_no(index),), span, deal.number, k + 1)]


def change_a_point_value(game: Generated, rng: random.Random) -> tuple[Record, list[Expect]]:
    """A number of points no classic deal without options is worth (0, or
    more than 1): A307, in every form of the record, with its tricks, its
    sheet, or (half the time) only its point line."""
    record = game.record.clone()
    d = _pick_deal(game, rng)
    deal, layout = game.facts.deals[d], record.deals[d]
    if rng.random() < 0.5:
        play = [*layout.tricks, *([] if layout.winners is None else [layout.winners])]
        for index in sorted(play, reverse=True):
            record.remove(index)
    index = record.deals[d].point
    assert index is not None
    side = deal.deal_winner or rng.choice((*TEAMS, *SEATS))
    value = rng.choice(("0", "2", "3", "9", "12"))
    _line(record, index).tokens[1:] = [side, value]
    no = record.line_no(index)
    return record, [Expect("A307", (no,), _whole(record, index), deal.number)]


PLAYED = ("seats", "cards", "mixed")
#: name -> (mistake, the forms of game it applies to)
MUTATIONS: dict[str, tuple[Mutator, st.SearchStrategy[Form]]] = {
    "swap-between-hands": (swap_between_hands, forms(PLAYED, hands=st.just(True))),
    "play-a-card-again": (play_a_card_again, forms(PLAYED)),
    "skip-a-seat": (skip_a_seat, forms(("seats",))),
    "change-a-claim": (change_a_claim, forms(PLAYED, claims=st.just(True), claim_rates=(1.0,))),
    "change-a-point": (change_a_point, forms(claims=st.just(True))),
    "change-a-point-value": (change_a_point_value, forms(claims=st.just(True))),
    "play-a-stock-card": (
        play_a_stock_card,
        forms(PLAYED, hands=st.just(True), stock=st.just(True)),
    ),
    "change-the-result": (change_the_result, forms(claims=st.just(True))),
    "rotate-the-dealer-wrongly": (rotate_wrongly, forms()),
    "duplicate-across-hands": (duplicate_across_hands, forms(hands=st.just(True))),
    "renumber-a-deal": (renumber_a_deal, forms()),
    "renumber-a-trick": (renumber_a_trick, forms(PLAYED)),
    "play-out-of-order": (play_out_of_order, forms(("seats",))),
    "drop-the-last-trick": (drop_the_last_trick, forms(PLAYED)),
    "drop-a-sheet-entry": (drop_a_sheet_entry, forms(("sheet",))),
}


def check_contract(finding: dict[str, Any], path: str) -> None:
    """The keys and types docs/cli.md's contract promises for ``validate --format json``."""
    assert finding.keys() >= CONTRACT_KEYS, finding
    assert finding["file"] == path
    assert isinstance(finding["line"], int) and finding["line"] >= 1
    assert isinstance(finding["column"], int) and finding["column"] >= 1
    assert re.fullmatch(r"A\d{3}", finding["code"]), finding
    assert finding["severity"] in ("error", "warning")
    assert isinstance(finding["message"], str) and finding["message"].strip()
    assert finding["game"] == 1
    assert finding["deal"] is None or isinstance(finding["deal"], int)
    assert finding["trick"] is None or isinstance(finding["trick"], int)


def matches(finding: dict[str, Any], want: Expect) -> bool:
    if finding["code"] != want.code or finding["line"] not in want.lines:
        return False
    if want.columns is not None and not want.columns[0] <= finding["column"] <= want.columns[1]:
        return False
    if want.deal is not None and finding["deal"] != want.deal:
        return False
    return want.trick is None or finding["trick"] == want.trick


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@MUTATION_PROFILE
@given(seed=SEEDS, data=st.data())
def test_a_single_mistake_is_caught_where_it_is(name: str, seed: int, data: st.DataObject) -> None:
    mutate, form_strategy = MUTATIONS[name]
    form = data.draw(form_strategy, label="form")
    game = random_game(random.Random(seed), form)
    record, expected = mutate(game, random.Random(f"{name}-{seed}"))
    text = record.render()
    assert text != game.text, "the mistake must change the record"
    result, path = run(["validate", "--format", "json"], text)
    findings = json.loads(result.stdout)
    for finding in findings:
        check_contract(finding, path)
    assert result.exit_code == 1, text
    codes = {f["code"] for f in findings}
    for want in expected:
        assert want.code in codes, (want, findings, text)
        assert any(matches(f, want) for f in findings), (want, findings, text)


# --------------------------------------------------------------------------
# Formatting changes the layout, never the record (docs/formats.md)

#: A few examples of each kind of mistake: each runs the formatter three times.
FORMAT_PROFILE = settings(PROFILE, max_examples=max(8, PROFILE.max_examples // 10))


def told(text: str) -> list[Any]:
    """What report says of each deal: its tricks' plays and winners, counts, point."""
    result, _ = run(["report", "--format", "json"], text)
    return [
        [
            [(t["plays"], t["winner"], t["pourri"]) for t in deal.get("tricks", [])],
            deal.get("counts"),
            deal.get("point"),
        ]
        for game in json.loads(result.stdout)["games"]
        for deal in game["deals"]
    ]


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@FORMAT_PROFILE
@given(seed=SEEDS, data=st.data())
def test_every_style_of_the_formatter_keeps_a_mistaken_record(
    name: str, seed: int, data: st.DataObject
) -> None:
    # A record with one mistake (a card played out of turn, a wrong claim...)
    # formatted in each style reads back with the same plays and results.
    mutate, form_strategy = MUTATIONS[name]
    game = random_game(random.Random(seed), data.draw(form_strategy, label="form"))
    text = mutate(game, random.Random(f"{name}-{seed}"))[0].render()
    before = told(text)
    for style in ("keep", "seats", "cards"):
        formatted, _ = run(["convert", "--to", "aln", "--style", style], text)
        assert formatted.exit_code in (0, 1), formatted.output
        assert told(formatted.stdout) == before, (style, text, formatted.stdout)
