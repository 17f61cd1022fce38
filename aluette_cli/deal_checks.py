"""The checks around play: the deck, the chant, the optional lines, signals, the draw.

Each check reads one part of a deal (or the game's draw), raises its
findings through ``flag`` (a :class:`~aluette_cli.findings.Flags`) and
returns what play needs from it: the hands as they stand when play starts,
what the chant tells of every hand (:class:`Exchange`), the signals'
verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, permutations, product

from . import findings as F
from .cards import DECK, HAND_SIZE, NAMED_CARDS, SEATS, STOCK_SIZE, left_of, seats_from, team_of
from .findings import Flags
from .lexicon import DIGITS
from .model import Chant, Deal, Draw, Hand, Play, Pos, Signal
from .outcome import SignalOutcome
from .rules import Ruleset
from .wording import named, plural

_ACES = re.compile(rf"^aces-({DIGITS})$")
#: the cards an ``aces-N`` signal counts
ACES = frozenset(card for card in DECK if card[0] == "1")


def signal_says(what: str) -> tuple[frozenset[str], int] | None:
    """What a signal says of the signaller's hand at the moment it is made:
    that it holds exactly ``count`` of ``cards`` (a card's name: that card;
    ``aces-N``: N aces).  None for a signal no card bears out.  The check of
    signals and the layouts judged as seen (:mod:`sampling`) both read a
    signal by this one rule."""
    card = NAMED_CARDS.get(what)
    if card is not None:
        return frozenset((card,)), 1
    if m := _ACES.match(what):
        return ACES, int(m.group(1))
    return None


def check_deck(deal: Deal, flag: Flags, ruleset: Ruleset | None) -> dict[str, set[str]]:
    """Check the dealt cards; return each known hand as a set.  The
    ``ruleset`` tells who takes a trick that claims nothing, where the
    claims already show cards played from another's line
    (:func:`_relabelled`); None, if the record's is unknown."""
    hands = {seat: set(hand.cards) for seat, hand in deal.hands.items()}
    if deal.extra_stocks and deal.stock is not None:
        for stock in deal.extra_stocks:
            flag(F.STOCK_REPEATED, "", stock.pos, deal.number, first=deal.stock.pos.line)
    n = deal.number
    moved = _relabelled(deal, deal.hands, ruleset)
    if moved:
        _reseated(deal, moved, flag)
        hands = {seat: set(hand.cards) for seat, hand in _moved(deal.hands, moved).items()}
    if not deal.extra_hands and _well_dealt(deal, hands):
        return hands
    found = _misseated(deal)
    misseated = {id(extra): (seat, line) for extra, seat, line in found}
    written = _seated(deal, found)
    if moved:  # each line checked as its player's (a short one, A102, names the player)
        written = _moved(written, moved)
    for extra in deal.extra_hands:
        if id(extra) in misseated:
            seat, line = misseated[id(extra)]
            which = "first" if line is deal.hands[extra.seat] else "second"
            facts = {"seat": extra.seat, "which": which, "player": seat}
            flag(F.HAND_REPEATED, "misseated", extra.pos, n, **facts)
        else:
            flag(F.HAND_REPEATED, "", extra.pos, n, seat=extra.seat)
    if misseated:
        hands = {s: set(h.cards) for s, h in written.items()}
        if _well_dealt(deal, hands):
            return hands
    parts: list[tuple[str, list[str], Pos, str]] = [
        (f"{h.seat}'s hand" if h.seat == s else f"{s}'s hand", h.cards, h.pos, s)
        for s, h in written.items()
    ]
    if deal.stock is not None:
        parts.append(("the stock", deal.stock.cards, deal.stock.pos, ""))
    where: dict[str, tuple[str, Pos, str]] = {}
    twice: list[tuple[str, tuple[str, Pos, str], tuple[str, Pos, str]]] = []
    strayed = _strayed(deal, written)
    for label, cards, pos, seat in parts:
        if strayed is not None and seat in strayed[1:]:
            if seat == strayed[1]:  # one finding, on the line that holds the card
                card, _, other = strayed
                others = len(written[other].cards)
                sizes: dict[str, object] = {"seat": seat, "count": len(cards), "others": others}
                flag(F.HAND_SIZE, "strayed", pos, n, card=card, other=other, **sizes)
        elif seat and len(cards) != HAND_SIZE:
            flag(F.HAND_SIZE, "", pos, n, seat=seat, count=len(cards), size=HAND_SIZE)
        elif not seat and len(cards) != STOCK_SIZE:
            flag(F.STOCK_SIZE, "", pos, n, count=len(cards), size=STOCK_SIZE)
        for card in cards:
            first = where.get(card)
            if first is None:
                where[card] = (label, pos, seat)
            else:
                twice.append((card, first, (label, pos, seat)))
    typos = _typos(deal, twice, where)
    for card, (earlier, _, _), (label, pos, _) in () if typos else twice:
        variant = "same" if earlier == label else "two"
        flag(F.CARD_TWICE_DEALT, variant, pos, n, card=card, first=earlier, place=label)
    for card, missing, (label, pos, seat), other in typos:
        facts = {"card": card, "place": label, "first": other, "missing": missing}
        variant = "typo-same" if other == label else "typo"
        flag(F.CARD_TWICE_DEALT, variant, pos, n, **facts)
        if seat:
            # Play goes on from the card meant.  Written twice in one hand, the
            # card is still held once: only the missing card comes in.
            kept = hands[seat] if other == label else hands[seat] - {card}
            hands[seat] = kept | {missing}
    if strayed is not None:  # play goes on with the card in its player's hand
        card, seat, other = strayed
        hands[seat], hands[other] = hands[seat] - {card}, hands[other] | {card}
    return hands


def _strayed(deal: Deal, lines: Mapping[str, Hand]) -> tuple[str, str, str] | None:
    """A card written at the end of the wrong hand line: one line of ten
    cards, one of eight, and of the ten, one card the eight's player plays
    (seats written): the card, the seat it is written under, its player's.
    One slip, where the two sizes and the card's play would each be a
    finding; None if the lines and the play do not say so."""
    sizes = {seat: len(line.cards) for seat, line in lines.items()}
    longer = [seat for seat, size in sizes.items() if size == HAND_SIZE + 1]
    shorter = [seat for seat, size in sizes.items() if size == HAND_SIZE - 1]
    if len(sizes) != len(SEATS) or len(longer) != 1 or len(shorter) != 1:
        return None
    if sum(sizes.values()) != HAND_SIZE * len(SEATS):
        return None
    (seat,), (other,) = longer, shorter
    held = set(lines[seat].cards)
    played = {p.card for t in deal.tricks for p in t.plays if p.seat == other and p.card in held}
    return (played.pop(), seat, other) if len(played) == 1 else None


def hand_lines(deal: Deal, ruleset: Ruleset | None) -> dict[str, Hand]:
    """Each seat's hand line as the checks read it: the first line of a seat,
    but a line written under the wrong seat is its player's where the play
    shows it (:func:`_misseated`, :func:`_relabelled`).  What the page
    shows at each seat is what the replay played from."""
    lines = _seated(deal, _misseated(deal) if deal.extra_hands else [])
    moved = _relabelled(deal, lines, ruleset)
    return _moved(lines, moved) if moved else lines


def _moved(lines: Mapping[str, Hand], moved: Mapping[str, str]) -> dict[str, Hand]:
    """The hand lines by player, where ``moved`` gives, for a player whose
    line is under another seat, that seat (:func:`_relabelled`)."""
    return {seat: lines[moved.get(seat, seat)] for seat in lines}


def _reseated(deal: Deal, moved: Mapping[str, str], flag: Flags) -> None:
    """One A110 for each set of lines moved round among themselves (two
    seats exchanged is one slip), on the first of its lines."""
    left = dict(moved)
    while left:
        player, seat = next(iter(left.items()))
        cycle = [player]
        while seat != player:
            cycle.append(seat)
            seat = left[seat]
        for each in cycle:
            del left[each]
        written = sorted((moved[p] for p in cycle), key=lambda s: deal.hands[s].pos)
        players = [next(p for p in cycle if moved[p] == s) for s in written]
        first = deal.hands[written[0]].pos
        flag(F.HANDS_RESEATED, "", first, deal.number, written=written, players=players)


def _relabelled(deal: Deal, lines: Mapping[str, Hand], ruleset: Ruleset | None) -> dict[str, str]:
    """Hand lines given once each but under one another's seats (two seat
    letters exchanged, say): for each player whose line it is, the seat it
    is written under, where the play shows it.  Of every way to seat the
    four lines, the one under which fewest cards are played from another
    player's line, if it is the only one and leaves at least three fewer
    than the lines as written (a card or two written in the wrong line is
    :func:`engine._hands_crossed`'s), and the trick lines keep the turn
    (at most one out of it); none otherwise.  Plays tell by their seats:
    written, or for cards alone, the turn's (:func:`_claimed_turns`),
    which no hand line moves."""
    if len(lines) != len(SEATS) or deal.extra_hands:
        return {}
    holder = {card: seat for seat, hand in lines.items() for card in hand.cards}
    # First by the seats written and the claims alone, which every deal
    # written right passes at once; the rules' winners only where that
    # shows cards away.  (Cards alone without claims: engine._seated_as_played.)
    if len(_away(deal, holder, _claimed_turns(deal, None)[0])) < 3:
        return {}
    turns, by_dealer = _claimed_turns(deal, ruleset)
    played = [
        (seat, holder[p.card], dealt)
        for t, seats, dealt in zip(deal.tricks, turns, by_dealer, strict=True)
        for p, seat in zip(t.plays, seats, strict=True)
        if p.card in holder
    ]
    away = _away(deal, holder, turns)
    if len(away) < 3:
        return {}
    # Seat letters wrong in the trick lines, not the hand lines, break the
    # turn too: lines under the wrong seats leave the turn as it was.
    out_of_turn = sum(
        any(left_of(a.seat) != b.seat for a, b in pairwise(t.plays) if a.seat and b.seat)
        for t in deal.tricks
    )
    if out_of_turn > 1:
        return {}
    pairs = [(seat, line) for seat, line, _ in played if seat is not None]
    ways = sorted(
        (sum(way[SEATS.index(seat)] != line for seat, line in pairs), way)
        for way in permutations(SEATS)
    )
    (best, way), (second, _) = ways[0], ways[1]
    # (lines under one another's seats leave every card its line: cards
    # still played from another's line say the seats are not what is wrong)
    if best == second or best > len(away) - 3 or best > _STRAYS:
        return {}
    # Every seat turned round by one, two or three places, where the turn
    # rests on the header's dealer, is that dealer written wrong: the first
    # lead's finding (A202, :func:`table.dealer_shown`), not the hands'.
    if any(dealt for _, _, dealt in played) and way in _TURNED:
        return {}
    return {seat: line for seat, line in zip(SEATS, way, strict=True) if seat != line}


#: the seats turned round the table, each by the same number of places
_TURNED = frozenset(tuple(SEATS[(i + k) % 4] for i in range(4)) for k in (1, 2, 3))


#: the most cards played from another's line once the lines are seated
#: anew (a card or two written in the wrong line, beside the seats' slip)
_STRAYS = 2


def _claimed_turns(
    deal: Deal, ruleset: Ruleset | None
) -> tuple[list[list[str | None]], list[bool]]:
    """Each trick's seats, play by play: as written, or for a line of four
    cards alone, the turn from the leader the trick before gives: its
    claim (the seat it names, or after a pourri the same leader), or, with
    no claim, the ``ruleset``'s winner of its cards as seated (the replay
    seats such a line so); None where nothing says, where the claim and
    the rules say two things, or after a trick the record leaves out (a
    gap in the numbers).  Trick 1 is led from the header dealer's left,
    but that dealer may be the slip (A202): with the seats, whether they
    rest on it alone (no claim since)."""
    turns: list[list[str | None]] = []
    by_dealer: list[bool] = []
    leader: str | None = None
    if ruleset is not None and deal.dealer in SEATS and "dealer" not in deal.guessed:
        leader = left_of(deal.dealer)
    dealt = leader is not None
    number = 0
    for trick in deal.tricks:
        if trick.number != number + 1:
            leader = None
        number = trick.number
        seats: list[str | None] = [p.seat for p in trick.plays]
        alone = all(seat is None for seat in seats) and len(seats) == len(SEATS)
        if alone and leader:
            seats = list(seats_from(leader))
        turns.append(seats)
        by_dealer.append(alone and dealt)
        claim = trick.claim
        won = _taker(trick.plays, seats, ruleset)
        if claim is not None:
            told = seats[0] if claim.seat is None else claim.seat
            # a claim the cards belie: the replay seats the next trick from
            # the claim or the rules, as the hands say, which are what is
            # looked for here (table.claimed_leader)
            leader, dealt = (told if won is None or won == told else None), False
        else:
            leader = won
            dealt = dealt and leader is not None
    return turns, by_dealer


def _away(
    deal: Deal, holder: Mapping[str, str], turns: Sequence[Sequence[str | None]]
) -> list[tuple[str, str]]:
    """Each play, seated as ``turns`` say, of a card another seat's line
    holds: (its seat, that line's)."""
    return [
        (seat, holder[p.card])
        for t, seats in zip(deal.tricks, turns, strict=True)
        for p, seat in zip(t.plays, seats, strict=True)
        if seat is not None and p.card in holder and holder[p.card] != seat
    ]


def _taker(
    plays: Sequence[Play], seats: Sequence[str | None], ruleset: Ruleset | None
) -> str | None:
    """Who leads after a trick by the rules: its winner, or its leader
    again where nobody takes it (the next leader where the trick claims
    nothing, and what its claim is held to); None if the trick is not four
    different cards, each seated, or the rules are unknown."""
    if ruleset is None or None in seats:
        return None
    cards = [p.card for p in plays]
    if len(set(cards)) != len(SEATS):
        return None
    result = ruleset.tie.result(list(zip(seats, cards, strict=True)), ruleset.strength)
    return result.winner if result.winner is not None else seats[0] if result.nobody else None


def _seated(deal: Deal, misseated: list[tuple[Hand, str, Hand]]) -> dict[str, Hand]:
    """The hand lines by seat, ``misseated`` (:func:`_misseated`) read so."""
    lines = dict(deal.hands)
    for extra, seat, line in misseated:
        lines[seat] = line
        if line is not extra:
            lines[extra.seat] = extra
    return lines


def _misseated(deal: Deal) -> list[tuple[Hand, str, Hand]]:
    """Hands written under the wrong seat: seats whose hand is given twice
    while as many other seats' are not given, and the play shows which
    line is whose.  For each second line: (that line, the seat whose hand
    is missing, the one of the two lines that is that seat's).  Of every
    way to seat the lines (one of each pair keeps the seat written, the
    other is a missing seat's), the one under which most plays are from
    their player's own line; none where two ways tie (the first line is
    then the seat's, as for any hand given twice).  Each slip is one A107,
    where every card the missing player played was an A203."""
    extras = deal.extra_hands
    labels = [extra.seat for extra in extras]
    missing: list[str] = [seat for seat in SEATS if seat not in deal.hands]
    if len(missing) != len(extras) or len(set(labels)) != len(labels):
        return []
    played: dict[str | None, set[str]] = {seat: set() for seat in SEATS}
    for trick in deal.tricks:
        for play in trick.plays:
            if play.seat in played:
                played[play.seat].add(play.card)
    ways: list[tuple[int, list[tuple[Hand, str, Hand]]]] = []
    for movers in product(*((deal.hands[e.seat], e) for e in extras)):
        for seats in permutations(missing):
            way = list(zip(extras, seats, movers, strict=True))
            kept = [(e.seat, e if m is not e else deal.hands[e.seat]) for e, _, m in way]
            seated = [*kept, *((seat, m) for _, seat, m in way)]
            ways.append((sum(len(played[s] & set(h.cards)) for s, h in seated), way))
    ways.sort(key=lambda scored: -scored[0])
    if not ways or (len(ways) > 1 and ways[0][0] == ways[1][0]):
        return []
    return ways[0][1]


#: a slip of the pen read from a deal: the card written, the card meant, the
#: part that holds the slip (label, place, seat) and the other part's label
Typo = tuple[str, str, tuple[str, Pos, str], str]
Part = tuple[str, Pos, str]
#: the most slips read from one deal: past them, each card is an A101 alone
MOST_TYPOS = 3


def _typos(deal: Deal, twice: list[tuple[str, Part, Part]], where: dict[str, Part]) -> list[Typo]:
    """Cards written twice, as many cards of the deck written nowhere: slips
    of the pen, each put on the part that holds the wrong card (the hand of
    the player who later plays the card meant; else the part other than
    the hand of a player who plays the card written; else the part written
    second), naming the card meant, so that the mistake is found where it
    is and play is not blamed for it.

    One such pair is one slip.  Of two or three, each card meant must have
    been played by the holder of one part of the card it replaces, and the
    pairing is the one under which most cards meant look like the card
    written (a rank or a suit kept: ``3c`` for ``3e``); a pairing the play
    does not tell, or two that tie, reads no slip: the cards are each A101.
    Without a stock line, the cards written nowhere that are played are the
    ones meant (a stock card is never played)."""
    missing = [card for card in DECK if card not in where]
    if deal.stock is None and not deal.chants:
        # No stock line: the cards no line holds are the stock's and the
        # ones meant; a card meant is one played, as no stock card is.
        played = {p.card for t in deal.tricks for p in t.plays}
        missing = [card for card in missing if card in played]
    count = len(twice)
    if not 0 < count == len(missing) <= MOST_TYPOS or len({t[0] for t in twice}) != count:
        return []
    if count == 1:
        (card, first, second), meant = twice[0], missing[0]
        seats = _players(deal, meant, card, where, (first, second))
        for part, other in ((first, second), (second, first)):
            if part[2] and part[2] in seats:
                return [(card, meant, part, other[0])]
        # The card meant never played (play stopped early): the card written
        # twice, played by the holder of one part, is that part's.
        # (in a line of cards alone, the player its place and the other
        # cards' holders give: _player_in_line)
        holders = {
            seat
            for t in deal.tricks
            for p in t.plays
            if p.card == card
            for seat in (
                (p.seat,) if p.seat else _player_in_line(t.plays, p, card, where, (first, second))
            )
        }
        for part, other in ((first, second), (second, first)):
            if other[2] in holders and part[2] not in holders:
                return [(card, meant, part, other[0])]
        return [(card, meant, second, first[0])]
    # A line of cards alone is seated by its cards whose holder is not in doubt.
    known = {c: part for c, part in where.items() if all(c != t[0] for t in twice)}
    ways: list[tuple[int, list[Typo]]] = []
    for order in permutations(missing):
        way: list[Typo] = []
        for (card, first, second), meant in zip(twice, order, strict=True):
            seats = _players(deal, meant, card, known, (first, second), named=True)
            held = [(p, o) for p, o in ((first, second), (second, first)) if p[2] in seats]
            if not held:
                break
            way.append((card, meant, held[0][0], held[0][1][0]))
        else:
            alike = sum(c[0] == m[0] or c[1] == m[1] for c, m, _, _ in way)
            ways.append((alike, way))
    ways.sort(key=lambda scored: -scored[0])
    if not ways or (len(ways) > 1 and ways[0][0] == ways[1][0]):
        return []
    return ways[0][1]


def _players(
    deal: Deal,
    meant: str,
    card: str,
    where: dict[str, Part],
    parts: tuple[Part, Part],
    named: bool = False,
) -> set[str | None]:
    """Who played ``meant``, the card the slip of ``card`` stands for.

    A card played by nobody named (a line of cards alone) was played by
    none of the players whose hands hold the line's other cards: of the two
    parts, a hand that holds none of them is the player's.  And it was
    played from a hand, never from the stock unless a chant took it: so
    between a hand and the stock, the hand holds the slip.  With ``named``,
    only players the play names or seats count: of several slips, each is
    read from the play or not at all."""
    first, second = parts
    players: set[str | None] = set()
    for trick in deal.tricks:
        for play in trick.plays:
            if play.card != meant:
                continue
            players.add(play.seat)
            if play.seat is None:
                players.update(_player_in_line(trick.plays, play, card, where, parts))
    if named:
        players.discard(None)
    elif None in players and not deal.chants and not (first[2] and second[2]):
        players.add(first[2] or second[2])  # the hand's seat; the other part is the stock
    return players


def _player_in_line(
    plays: Sequence[Play],
    play: Play,
    card: str,
    where: dict[str, tuple[str, Pos, str]],
    parts: tuple[tuple[str, Pos, str], ...],
) -> list[str]:
    """Who played ``play``, a card of a line of cards alone, of the seats of
    the two ``parts`` that hold ``card`` (the card written twice): none, or
    one.  Four cards go round the table in turn, so the place of a card
    whose holder the hands say gives the seat at every other place; else
    the player is the one of the two seats holding none of the line's other
    cards.  The card written twice says nothing of who played its line: its
    holder is the question."""
    others = [(j, p.card) for j, p in enumerate(plays) if p is not play and p.card != card]
    if len(plays) == len(SEATS):
        k = plays.index(play)
        turns = {
            SEATS[(SEATS.index(where[c][2]) + k - j) % len(SEATS)]
            for j, c in others
            if c in where and where[c][2] in SEATS
        }
        if len(turns) == 1:
            seat = turns.pop()
            return [seat] if any(part[2] == seat for part in parts) else []
    held = {where[c][2] for _, c in others if c in where}
    seats = [part[2] for part in parts if part[2] and part[2] not in held]
    return seats if len(seats) == 1 else []


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
    if stock is None:
        seen: set[str] = set()
    elif len(stock) != STOCK_SIZE:
        return False
    else:
        seen = set(stock)
        count += STOCK_SIZE
    # No hand over its size, and as many different cards as all should
    # hold: then every hand has its size and no card is dealt twice.
    if max(map(len, hands.values()), default=0) > HAND_SIZE:
        return False
    seen.update(*hands.values())
    return len(seen) == count


@dataclass(slots=True)
class Exchange:
    """What the chant lines tell of the hands when play starts, whether or not
    the hands are written: a card a player took and kept is in that hand, and
    a card a player held and discarded is out of play (docs/rules.md §6).
    So a stock card is checked when it is played even where no hand says who
    holds it."""

    #: every card taken from the stock
    taken: set[str] = field(default_factory=set)
    #: card -> the player who took it from the stock and kept it
    kept: dict[str, str] = field(default_factory=dict)
    #: card -> the player who held it and discarded it
    discarded: dict[str, str] = field(default_factory=dict)
    #: the dealer the chants were made for, where not the header's
    dealer: str | None = None
    #: the places in the deal's chant lines of the exchanges made (not a
    #: seat's second chant, nor one of a seat that takes no stock)
    made: list[int] = field(default_factory=list)


def _repeated(cards: Sequence[str]) -> list[str]:
    """The cards a line names again, in the order of their second naming."""
    seen: set[str] = set()
    again = []
    for card in cards:
        if card in seen:
            again.append(card)
        seen.add(card)
    return again


def apply_chants(
    deal: Deal,
    hands: dict[str, set[str]],
    ruleset: Ruleset,
    flag: Flags,
    dealers: Collection[str] = (),
) -> Exchange:
    """Check the chant exchanges and apply them to ``hands``; return what they
    tell of every hand, written or not (docs/rules.md §6, chanter).
    ``dealers``: who else may have dealt (the seat the turn wanted, where
    the header names another, A105): chants that fit the seats of one of
    them, and not the header's dealer, are that dealer's, so that one slip
    in the header is one finding, as for the first lead."""
    n = deal.number
    exchange = Exchange()
    taken = exchange.taken
    if not deal.chants:
        return exchange
    if not ruleset.chanter:
        for chant in deal.chants:
            flag(F.OPTION_OFF, "chant", chant.pos, n)
        return exchange
    allowed = ruleset.chant_seats_for(deal.dealer)
    chanters = {chant.seat for chant in deal.chants}
    if not chanters <= set(allowed):
        fit = (
            d
            for d in sorted(dealers, key=SEATS.index)
            if chanters <= set(ruleset.chant_seats_for(d))
        )
        exchange.dealer = next(fit, None)
        allowed = ruleset.chant_seats_for(exchange.dealer) if exchange.dealer else allowed
    stock = set(deal.stock.cards) if deal.stock is not None else None
    dealt = set().union(*hands.values()) if hands else set()
    # A player's second chant is one mistake, said once: the first is the
    # exchange made, as the first of a hand or a point line written twice
    # is the one used (applied too, its cards would be taken twice and its
    # discards played "out of hand" for the rest of the deal).
    firsts: dict[str, Chant] = {}
    place: dict[str, int] = {}  # (each first chant's place among the chant lines)
    for k, chant in enumerate(deal.chants):
        first = firsts.setdefault(chant.seat, chant)
        place.setdefault(chant.seat, k)
        if first is not chant:
            flag(F.CHANT_WRONG, "twice", chant.pos, n, seat=chant.seat, first=first.pos.line)
    #: who takes each card, to know what a player whose hand is not written
    #: cannot hold: a card another player takes
    takers: dict[str, str] = {}
    for chant in firsts.values():
        for card in chant.takes if chant.seat in allowed else ():
            takers.setdefault(card, chant.seat)
    chanted: set[str] = set()
    for chant in firsts.values():
        seat = chant.seat

        def problem(variant: str, _pos: Pos = chant.pos, **facts: object) -> None:
            flag(F.CHANT_WRONG, variant, _pos, n, **facts)

        if seat not in allowed:
            # Not one of the two: the exchange is not made (its cards stay
            # in the stock and in the hand), so a stock card the player
            # plays follows from this finding (``takers``), and the line is
            # held only to its own counts.
            problem("seat", allowed=allowed, dealer=deal.dealer, takers=(seat,))
            if len(chant.takes) != 6:
                problem("takes", seat=seat, count=len(chant.takes))
            if len(chant.discards) != 6:
                problem("discards", seat=seat, count=len(chant.discards))
            continue
        chanted.add(seat)
        exchange.made.append(place[seat])
        # (a take written wrong leaves a stock card the player plays later:
        # ``takers`` says whose, engine._chant_slips)
        if len(chant.takes) != 6:
            problem("takes", seat=seat, count=len(chant.takes), takers=(seat,))
        if len(chant.discards) != 6:
            problem("discards", seat=seat, count=len(chant.discards))
        for card in chant.takes:
            if card in dealt:
                problem("in-hand", card=card, takers=(seat,))
            elif stock is not None and card not in stock:
                problem("not-in-stock", card=card, takers=(seat,))
            elif card in taken:
                problem("taken-twice", card=card, takers=(takers[card], seat))
            taken.add(card)
        for card in _repeated(chant.discards):
            problem("discarded-twice", seat=seat, card=card)
        own = set(chant.takes)
        if seat in hands:
            pool = hands[seat] | own
            bad = [c for c in chant.discards if c not in pool]
            hands[seat] = pool - set(chant.discards)
        else:
            # The hand is not written: a card discarded was dealt to the
            # player or taken by them, so not one in another written hand,
            # nor one left in the stock or taken by the other player.
            bad = [
                c
                for c in chant.discards
                if c not in own
                and (c in dealt or (stock is not None and c in stock) or c in takers)
            ]
        if bad:
            problem("not-held", cards=bad, seat=seat)
        for card in chant.discards:
            if card not in bad:
                exchange.discarded.setdefault(card, seat)
        for card in chant.takes:
            if card not in exchange.discarded:
                exchange.kept.setdefault(card, seat)
    missing = [seat for seat in allowed if seat not in chanted]
    if len(missing) == 1:
        # The stock is shared out between the two, six each: both exchange or
        # neither does (docs/rules.md §6).  A chant by a wrong seat beside
        # them is reported as such, and does not stand for the missing one.
        seat = next(s for s in allowed if s in chanted)
        first = next(c for c in deal.chants if c.seat == seat)
        flag(F.CHANT_WRONG, "one-sided", first.pos, n, seat=seat, other=missing[0], seats=allowed)
    return exchange


def check_option_lines(deal: Deal, ruleset: Ruleset, flag: Flags) -> None:
    """Lines that only an optional rule allows, and bids, score sheets and
    point lines made twice (the first is the one checked; every one is kept,
    so nothing the scorer wrote is lost)."""
    n = deal.number
    if deal.extra_points and deal.point is not None:
        for point in deal.extra_points:
            flag(F.POINT_REPEATED, "", point.pos, n, first=deal.point.pos.line)
    if deal.extra_winners and deal.winners is not None:
        for sheet in deal.extra_winners:
            flag(F.SECOND_SHEET, "", sheet.pos, n, first=deal.winners.pos.line)
    for i, announce in enumerate(deal.announces):
        if not ruleset.doubles:
            flag(F.OPTION_OFF, "announce", announce.pos, n, team=announce.team, rules=ruleset.name)
        elif i:
            flag(F.REPEATED_BID, "double", announce.pos, n)
    # Under rules without them, every such line is ignored (A402), as a
    # double is: none is a second one.
    for i, concede in enumerate(deal.concessions):
        if not ruleset.mordienne:
            # where the rules cannot have the option, asking for it is no help
            known = "mordienne" in ruleset.known_options
            variant = "concede" if known else "concede-none"
            flag(F.OPTION_OFF, variant, concede.pos, n, rules=ruleset.name)
        elif i:
            flag(F.REPEATED_BID, "concession", concede.pos, n)
    if not ruleset.signals:
        for signal in deal.signals:
            flag(F.OPTION_OFF, "signal", signal.pos, n)


def check_signals(
    deal: Deal,
    hands: dict[str, set[str]],
    ruleset: Ruleset,
    flag: Flags,
    exchange: Exchange | None = None,
) -> list[SignalOutcome]:
    """A signal is allowed; one the signaller's hand does not bear out is a warning.

    Card signals (``monsieur``, ``borgne``...) and ``aces-N`` are checked
    against the hand at the moment of the signal; others are reported as
    made, since no card tells whether they are true.  A card signal by a
    player whose hand is not written is still judged when the record places
    the card (``exchange``: the chant; the stock; the written hands).
    """
    if not ruleset.signals:
        return []
    results = []
    for signal in deal.signals:
        outcome = SignalOutcome(signal.seat, signal.what, signal.before)
        results.append(outcome)
        if signal.seat not in hands:
            card = NAMED_CARDS.get(signal.what)
            if card is not None:
                outcome.honest = _placed(deal, hands, exchange, signal.seat, card, signal.before)
                if outcome.honest is not None:
                    holds = "holds" if outcome.honest else "does not hold"
                    outcome.fact = f"{signal.seat} {holds} {named(card)}"
                if outcome.honest is False:
                    _flag_signal(signal, outcome, deal.number, flag)
            continue
        held = set(hands[signal.seat])
        for trick in deal.tricks[: signal.before]:
            for play in trick.plays:
                held.discard(play.card)
        says = signal_says(signal.what)
        if says is not None:
            cards, count = says
            outcome.honest = len(cards & held) == count
            if signal.what in NAMED_CARDS:  # a signal named after a card says "I hold it"
                holds = "holds" if outcome.honest else "does not hold"
                outcome.fact = f"{signal.seat} {holds} {named(NAMED_CARDS[signal.what])}"
            else:
                outcome.fact = f"{signal.seat} holds {plural(len(cards & held), 'ace')}"
        if outcome.honest is False:
            _flag_signal(signal, outcome, deal.number, flag)
    return results


def _flag_signal(signal: Signal, outcome: SignalOutcome, number: int | None, flag: Flags) -> None:
    flag(
        F.SIGNAL_FALSE,
        "",
        signal.pos,
        number,
        what=signal.what,
        seat=signal.seat,
        fact=outcome.fact,
    )


def _placed(
    deal: Deal,
    hands: dict[str, set[str]],
    exchange: Exchange | None,
    seat: str,
    card: str,
    before: int,
) -> bool | None:
    """Whether ``seat``, whose hand is not written, holds ``card`` before trick
    ``before + 1``, as far as the record says: a card already played, kept
    or discarded in the chant, left in the stock or in a written hand is
    placed; any other card may be anyone's (None)."""
    if any(play.card == card for trick in deal.tricks[:before] for play in trick.plays):
        return False
    if exchange is not None:
        if card in exchange.kept:
            return exchange.kept[card] == seat
        if card in exchange.discarded:
            return False
        if card in exchange.taken:
            return None  # taken, but by a chant the engine found wrong
    stock = deal.stock.cards if deal.stock is not None else ()
    if card in stock or any(card in held for held in hands.values()):
        return False
    return None


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
