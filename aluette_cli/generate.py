"""Random legal games: practice records, test corpora and benchmark input.

A game is dealt from a shuffled deck and played by a policy that picks any
card from the hand (every card is always legal in Aluette).  The ``ties``
policy prefers cards equal to the current top card, so pourri tricks, void
deals and tie-breaks are frequent: the rare paths of the rules get exercised.
The same seed always gives the same games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from . import model
from .cards import DECK, HAND_SIZE, SEATS, TEAMS, left_of, seats_from
from .model import (
    Announce,
    Deal,
    Game,
    Hand,
    Play,
    PointClaim,
    Pos,
    Stock,
    Tag,
    Trick,
    TrickClaim,
    Winners,
)
from .policies import PointOutcome, doubled
from .rules import Ruleset
from .table import Table

POLICIES = ("uniform", "ties")
_NOWHERE = Pos(0, 0)

#: How many deals in a row may score nothing before a game is given up.  A
#: game ends only on scoring deals, and a ruleset may be valid yet make
#: every deal void (all 48 cards in one ranking group: every trick ties),
#: so without a bound the loop would never end, holding every deal it made.
#: Under any ruleset where a point can be won, so many void deals in a row
#: do not happen.
MAX_VOID_RUN = 1000


class EndlessGame(ValueError):
    """The ruleset scored no deal in :data:`MAX_VOID_RUN` deals in a row."""


def _choose(
    hand: list[str],
    table: list[tuple[str | None, str]],
    policy: str,
    ruleset: Ruleset,
    rng: random.Random,
) -> str:
    if policy == "ties" and table and rng.random() < 0.6:
        best = max(ruleset.strength[c] for _, c in table)
        equal = [c for c in hand if ruleset.strength[c] == best]
        if equal:
            return rng.choice(equal)
    return rng.choice(hand)


def random_deal(
    number: int,
    dealer: str,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    hands: bool = True,
    claims: bool = True,
    style: str = "seats",
    policy: str = "uniform",
    sheet: bool = False,
) -> tuple[Deal, PointOutcome | None]:
    """One dealt and played deal, and the point it scores (None: a void deal)."""
    deck = list(DECK)
    rng.shuffle(deck)
    dealt: dict[str, list[str]] = {seat: [] for seat in SEATS}
    order = seats_from(left_of(dealer))
    for packet in range(3):  # nine cards each, in packets of three
        for seat in order:
            start = (packet * 4 + order.index(seat)) * 3
            dealt[seat].extend(deck[start : start + 3])
    stock = deck[4 * HAND_SIZE :]
    deal = Deal(number=number, dealer=dealer, pos=_NOWHERE)
    if hands:
        deal.hands = {seat: Hand(seat, list(dealt[seat]), _NOWHERE) for seat in SEATS}
        deal.stock = Stock(stock, _NOWHERE)
    if ruleset.doubles and rng.random() < 0.2:
        deal.announces.append(Announce(rng.choice(TEAMS), _NOWHERE))
    held = {seat: list(cards) for seat, cards in dealt.items()}
    table = Table(ruleset, dealer)
    while not table.over:
        on_table: list[tuple[str | None, str]] = []
        for seat in seats_from(table.leader):
            card = _choose(held[seat], on_table, policy, ruleset, rng)
            held[seat].remove(card)
            table.play(seat, card)
            on_table.append((seat, card))
        trick, _ = table.end_trick()
        claim = TrickClaim(trick.winner, _NOWHERE) if claims else None
        plays = [
            Play(seat if style == "seats" else None, card, _NOWHERE) for seat, card in on_table
        ]
        if not sheet:
            deal.tricks.append(Trick(trick.number, plays, claim, _NOWHERE))
    sequence = table.winners
    if sheet:
        deal.winners = Winners(list(sequence), _NOWHERE)
    result = ruleset.deal_scoring.result(sequence, ruleset.deal_target, ruleset.mordienne)
    winner, point = result.winner, result.point
    if point is not None and deal.announces:
        point = doubled(point, deal.announces[0].team)
    # whether the point line names the seat: drawn with claims or without,
    # so that a seed gives the same deals either way
    by_seat = point is not None and winner is not None and rng.random() < 0.5
    if claims:
        if point is None:
            deal.point = PointClaim(None, None, _NOWHERE)
        else:
            side = winner if by_seat else point.team
            deal.point = PointClaim(side, point.points if point.points != 1 else None, _NOWHERE)
    return deal, point


def random_game(
    index: int,
    ruleset: Ruleset,
    rng: random.Random,
    *,
    hands: bool = True,
    claims: bool = True,
    style: str = "seats",
    policy: str = "uniform",
    sheet: bool = False,
    rules_tag: str | None = None,
) -> Game:
    """A finished game: deals until the ruleset's number of scoring deals,
    or an unfinished one of :data:`model.MAX_DEALS` deals, the most a game
    may hold (a game to 1,000 points of a house ruleset can need more).

    ``rules_tag`` is what the Rules tag says (by default the ruleset's
    name, which is right for a preset): for a ruleset file, the path by
    which the record will find it."""
    game = Game(index=index, pos=_NOWHERE)
    game.tags = [
        Tag("Event", f"Generated game {index}", _NOWHERE),
        Tag("Rules", rules_tag or ruleset.name, _NOWHERE),
    ]
    if ruleset.options:
        game.tags.append(Tag("Options", ", ".join(sorted(ruleset.options)), _NOWHERE))
    dealer = rng.choice(SEATS)
    score = {"NS": 0, "EW": 0}
    scoring = 0
    number = 0
    void_run = 0
    while not (over := ruleset.game_length.is_over(scoring, score, ruleset.game_target)):
        if number == model.MAX_DEALS:
            break  # the most a game may hold: left unfinished, as a reader would skip the rest
        if void_run >= MAX_VOID_RUN:
            raise EndlessGame(
                f"the ruleset {ruleset.name} scored no point in {MAX_VOID_RUN:,} deals in a row"
                " (every deal void: do all its cards tie?), so no game under it can end"
            )
        number += 1
        deal, point = random_deal(
            number,
            dealer,
            ruleset,
            rng,
            hands=hands,
            claims=claims,
            style=style,
            policy=policy,
            sheet=sheet,
        )
        game.deals.append(deal)
        void_run = void_run + 1 if point is None else 0
        if point is not None:
            score[point.team] += point.points
            scoring += 1
            dealer = left_of(dealer)
    if claims:
        ns, ew = score["NS"], score["EW"]
        result = f"NS {ns}-{ew}" if ns > ew else f"EW {ew}-{ns}" if ew > ns else f"draw {ns}-{ew}"
        game.tags.append(Tag("Result", result if over else "*", _NOWHERE))
    return game


def random_games(count: int, ruleset: Ruleset, seed: int, **kwargs: object) -> Iterator[Game]:
    rng = random.Random(seed)
    for index in range(1, count + 1):
        yield random_game(index, ruleset, rng, **kwargs)  # type: ignore[arg-type]
