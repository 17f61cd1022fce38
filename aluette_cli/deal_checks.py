"""The checks around play: the deck, the chant, the optional lines, signals, the draw.

Each check reads one part of a deal (or the game's draw), raises its
findings through ``flag`` (a :class:`~aluette_cli.findings.Flags`) and
returns what play needs from it: the hands as they stand when play starts,
the cards taken from the stock, the signals' verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from . import findings as F
from .cards import HAND_SIZE, NAMED_CARDS, STOCK_SIZE, team_of
from .findings import Flags
from .model import Deal, Draw, Pos
from .outcome import SignalOutcome
from .rules import Ruleset
from .wording import named, plural

_ACES = re.compile(r"^aces-(\d)$")


def check_deck(deal: Deal, flag: Flags) -> dict[str, set[str]]:
    """Check the dealt cards; return each known hand as a set."""
    hands = {seat: set(hand.cards) for seat, hand in deal.hands.items()}
    if not deal.extra_hands and _well_dealt(deal, hands):
        return hands
    n = deal.number
    for extra in deal.extra_hands:
        flag(F.HAND_REPEATED, "", extra.pos, n, seat=extra.seat)
    parts: list[tuple[str, list[str], Pos, str]] = [
        (f"{h.seat}'s hand", h.cards, h.pos, h.seat) for h in deal.hands.values()
    ]
    if deal.stock is not None:
        parts.append(("the stock", deal.stock.cards, deal.stock.pos, ""))
    where: dict[str, str] = {}
    for label, cards, pos, seat in parts:
        if seat and len(cards) != HAND_SIZE:
            flag(F.HAND_SIZE, "", pos, n, seat=seat, count=len(cards), size=HAND_SIZE)
        elif not seat and len(cards) != STOCK_SIZE:
            flag(F.STOCK_SIZE, "", pos, n, count=len(cards), size=STOCK_SIZE)
        for card in cards:
            first = where.get(card)
            if first is None:
                where[card] = label
            else:
                variant = "same" if first == label else "two"
                flag(F.CARD_TWICE_DEALT, variant, pos, n, card=card, first=first, place=label)
    return hands


def _well_dealt(deal: Deal, hands: dict[str, set[str]]) -> bool:
    """Whether the hands and the stock have their sizes and no card twice: the
    usual deal, told without looking at each card in Python."""
    if any(len(hand.cards) != HAND_SIZE for hand in deal.hands.values()):
        return False
    return dealt_once(hands, deal.stock.cards if deal.stock is not None else None)


def dealt_once(hands: Mapping[str, set[str]], stock: Collection[str] | None) -> bool:
    """The rule of a deal dealt right, for hands given as sets: each hand of
    its size, the stock (None: not written) of its size, no card twice.  The
    full replay asks it first (:func:`check_deck`), and the quick check asks
    it alone."""
    count = HAND_SIZE * len(hands)
    seen: set[str] = set()
    if stock is not None:
        if len(stock) != STOCK_SIZE:
            return False
        seen.update(stock)
        count += STOCK_SIZE
    # No hand over its size, and as many different cards as all should
    # hold: then every hand has its size and no card is dealt twice.
    return max(map(len, hands.values()), default=0) <= HAND_SIZE and (
        len(seen.union(*hands.values())) == count
    )


def apply_chants(
    deal: Deal, hands: dict[str, set[str]], ruleset: Ruleset, flag: Flags
) -> set[str]:
    """Check the chant exchanges and apply them to ``hands``; return the cards
    taken from the stock (docs/rules.md §6, chanter)."""
    n = deal.number
    taken: set[str] = set()
    if not deal.chants:
        return taken
    if not ruleset.chanter:
        for chant in deal.chants:
            flag(F.OPTION_OFF, "chant", chant.pos, n)
        return taken
    allowed = ruleset.chant_seats_for(deal.dealer)
    stock = set(deal.stock.cards) if deal.stock is not None else None
    dealt = set().union(*hands.values()) if hands else set()
    chanted: set[str] = set()
    for chant in deal.chants:
        seat = chant.seat

        def problem(variant: str, _pos: Pos = chant.pos, **facts: object) -> None:
            flag(F.CHANT_WRONG, variant, _pos, n, **facts)

        if seat not in allowed:
            problem("seat", allowed=allowed, dealer=deal.dealer)
        elif seat in chanted:
            problem("twice", seat=seat)
        chanted.add(seat)
        if len(chant.takes) != 6:
            problem("takes", seat=seat, count=len(chant.takes))
        if len(chant.discards) != 6:
            problem("discards", seat=seat, count=len(chant.discards))
        for card in chant.takes:
            if card in dealt:
                problem("in-hand", card=card)
            elif stock is not None and card not in stock:
                problem("not-in-stock", card=card)
            elif card in taken:
                problem("taken-twice", card=card)
            taken.add(card)
        if seat in hands:
            pool = hands[seat] | set(chant.takes)
            bad = [c for c in chant.discards if c not in pool]
            if bad:
                problem("not-held", cards=bad, seat=seat)
            hands[seat] = pool - set(chant.discards)
    missing = [seat for seat in allowed if seat not in chanted]
    if len(missing) == 1 and len(chanted) == 1 and chanted <= set(allowed):
        # The stock is shared out between the two, six each: both exchange or
        # neither does (docs/rules.md §6).  A chant by a wrong seat is already
        # reported as such.
        seat = next(s for s in allowed if s in chanted)
        first = next(c for c in deal.chants if c.seat == seat)
        flag(F.CHANT_WRONG, "one-sided", first.pos, n, seat=seat, other=missing[0], seats=allowed)
    return taken


def check_option_lines(deal: Deal, ruleset: Ruleset, flag: Flags) -> None:
    """Lines that only an optional rule allows, and bids made twice."""
    n = deal.number
    for i, announce in enumerate(deal.announces):
        if not ruleset.doubles:
            flag(F.OPTION_OFF, "announce", announce.pos, n, team=announce.team, rules=ruleset.name)
        elif i:
            flag(F.REPEATED_BID, "double", announce.pos, n)
    for extra in deal.concessions[1:]:
        flag(F.REPEATED_BID, "concession", extra.pos, n)
    if not ruleset.mordienne:
        for concede in deal.concessions:
            flag(F.OPTION_OFF, "concede", concede.pos, n)
    if not ruleset.signals:
        for signal in deal.signals:
            flag(F.OPTION_OFF, "signal", signal.pos, n)


def check_signals(
    deal: Deal, hands: dict[str, set[str]], ruleset: Ruleset, flag: Flags
) -> list[SignalOutcome]:
    """A signal is allowed; one the signaller's hand does not bear out is a warning.

    Card signals (``monsieur``, ``borgne``...) and ``aces-N`` are checked
    against the hand at the moment of the signal; others are reported as
    made, since no card tells whether they are true.
    """
    if not ruleset.signals:
        return []
    results = []
    for signal in deal.signals:
        outcome = SignalOutcome(signal.seat, signal.what, signal.before)
        results.append(outcome)
        if signal.seat not in hands:
            continue
        held = set(hands[signal.seat])
        for trick in deal.tricks[: signal.before]:
            for play in trick.plays:
                held.discard(play.card)
        if signal.what in NAMED_CARDS:  # a signal named after a card says "I hold it"
            card = NAMED_CARDS[signal.what]
            outcome.honest = card in held
            holds = "holds" if outcome.honest else "does not hold"
            outcome.fact = f"{signal.seat} {holds} {named(card)}"
        elif m := _ACES.match(signal.what):
            aces = sum(1 for c in held if c[0] == "1")
            outcome.honest = aces == int(m.group(1))
            outcome.fact = f"{signal.seat} holds {plural(aces, 'ace')}"
        if outcome.honest is False:
            flag(
                F.SIGNAL_FALSE,
                "",
                signal.pos,
                deal.number,
                what=signal.what,
                seat=signal.seat,
                fact=outcome.fact,
            )
    return results


def check_draw(draw: Draw, ruleset: Ruleset, flag: Flags) -> str | None:
    """The face-up draw (docs/rules.md §2): a player who receives one of the four
    sought cards gets no more; the draw ends when all four have appeared;
    the first two cards' holders are partners; one named card's holder deals.
    Returns who deals first, when the draw settles it."""
    sought = ruleset.draw_cards
    holders: dict[str, str] = {}
    appeared: set[str] = set()
    seen: set[str] = set()
    for play in draw.cards:
        card, seat = play.card, play.seat
        if len(appeared) == len(sought):
            flag(F.DRAW_WRONG, "over", play.pos, sought=", ".join(sought), card=card, seat=seat)
        elif card in seen:
            flag(F.DRAW_WRONG, "twice", play.pos, card=card)
        elif seat in holders.values():
            got = next(c for c, s in holders.items() if s == seat)
            flag(F.DRAW_WRONG, "more", play.pos, seat=seat, got=got)
        elif card in sought and seat is not None:
            holders[card] = seat
        seen.add(card)
        if card in sought:
            appeared.add(card)
    missing = [c for c in sought if c not in appeared]
    if missing:
        flag(F.DRAW_WRONG, "short", draw.pos, missing=", ".join(missing))
    if len(holders) < len(sought):
        return None  # who holds what is not settled: partners and dealer cannot be checked
    a, b = holders[sought[0]], holders[sought[1]]
    if team_of(a) != team_of(b):
        flag(F.DRAW_WRONG, "partners", draw.pos, first=sought[0], a=a, second=sought[1], b=b)
    return holders[ruleset.draw_dealer]
