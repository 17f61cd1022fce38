"""The table: one deal in play, card by card.

Like python-chess's ``Board.push``, :meth:`Table.play` puts one card on the
table and says what, if anything, was wrong with it (out of turn, not in
the player's hand, already played); :meth:`Table.end_trick` gathers the
trick and says who took it and why.  The table knows the rules of play and
nothing of the record: the engine replays trick lines through it and places
its problems on the lines, and ``generate`` plays random games through it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from . import findings as F
from .cards import DECK_SET, SEATS, TRICKS_PER_DEAL, Seat, left_of, seats_from
from .deal_checks import Exchange
from .model import Hand, Play
from .outcome import TrickOutcome
from .rules import Ruleset


@dataclass(frozen=True, slots=True)
class Problem:
    """A finding not yet placed: what is wrong, before the caller knows where.

    The table knows the rules but not the record's lines; the engine places
    its problems on them (:func:`aluette_cli.engine.place`).
    """

    code: str
    variant: str
    facts: Mapping[str, Any]


_NONE: tuple[Problem, ...] = ()
#: a deal without a chant: no card taken, kept or discarded
_NO_EXCHANGE = Exchange()


class Table:
    """Hands, leader, cards played and tricks taken in one deal."""

    def __init__(
        self,
        ruleset: Ruleset,
        dealer: str,
        hands: Mapping[str, Iterable[str]] | None = None,
        exchange: Exchange | None = None,
        stock: Iterable[str] = (),
    ) -> None:
        """``hands`` are the hands known at the start of play (after any chant);
        ``exchange`` what the chant says of every hand, written or not: who
        took and kept each stock card (no one else can play it) and who
        discarded which cards (no one can); ``stock`` the cards left in the
        stock, which nobody can play, whether or not the hands are known."""
        self.ruleset = ruleset
        self._result = ruleset.tie.result  # who takes a trick, asked nine times a deal
        self._strength = ruleset.strength
        self.leader: Seat = left_of(dealer)
        self.tricks: list[TrickOutcome] = []
        #: what the cards still in each known hand are
        self.held = {seat: set(cards) for seat, cards in (hands or {}).items()}
        self._dealt = {seat: tuple(cards) for seat, cards in self.held.items()}
        #: who was dealt each card: asked only about a card played by someone
        #: who does not hold it, so made then (see _holder)
        self._owner: dict[str, str] | None = None
        exchange = exchange or _NO_EXCHANGE
        self._taken = frozenset(exchange.taken)
        self._kept = exchange.kept
        self._discarded = exchange.discarded
        self._stock = frozenset(stock).difference(self._taken)
        self._played: dict[str, int] = {}  # card -> the trick it was played in
        self._plays: list[tuple[str | None, str]] = []
        self._turn_wrong = False  # one out-of-turn finding per trick is enough
        # Why the leader leads, worded only if someone else does: the dealer's
        # left, or the trick they won, or a trick that went to nobody.
        self._lead_why: tuple[str, int] = ("lead-left", 0)
        self._number = 1
        self._order = seats_from(self.leader)
        #: who led the trick in the record, when not the rules' leader
        self._led: str | None = None
        #: leaders accepted without a finding, as an earlier mistake lets lead
        self._also_leads: tuple[str, ...] = ()
        self.rightful: str = self.leader  # who should have led the last trick
        #: the leader is not known (a trick is missing): the next lead is free
        self._free_lead = False
        #: cards played by someone who did not hold them (A203)
        self._misplayed: set[str] = set()

    @property
    def number(self) -> int:
        """The number of the trick being played."""
        return self._number

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is, or None once four cards are on the table."""
        played = len(self._plays)
        return self._order[played] if played < 4 else None

    @property
    def winners(self) -> list[str | None]:
        """Who took each trick so far (None: nobody)."""
        return [trick.winner for trick in self.tricks]

    def decided_after(self, guess: bool = False) -> int | None:
        """The trick after which the deal was decided, if the rules stop play
        early; with ``guess``, the first after which it could have been,
        whoever took the tricks the record does not give (one seat may have
        taken them all)."""
        decided, target = self.ruleset.deal_scoring.decided_after, self.ruleset.deal_target
        found = decided(self.winners, target)
        if found is not None or not guess:
            return found
        unknown = any(trick.unknown for trick in self.tricks)
        ways = ([s if t.unknown else t.winner for t in self.tricks] for s in "NESW" if unknown)
        return min((k for way in ways if (k := decided(way, target)) is not None), default=None)

    def play(self, seat: str | None, card: str) -> Sequence[Problem]:
        """Put ``card`` on the trick for ``seat`` (None: whoever's turn it is).

        Returns the problems of this play; most plays have none, and then the
        same empty tuple is returned (this runs for every card of an archive).
        """
        plays = self._plays
        if self._free_lead:
            self._take_lead(seat, card)
        turn = self._order[len(plays)] if len(plays) < 4 else None
        problems: list[Problem] | None = None
        if seat is not None and seat != turn and not self._turn_wrong:
            if not plays and seat in self._also_leads:
                # The lead follows from an earlier mistake, already reported
                # (the record's leader of a pourri trick leads again, or the
                # winner a wrong claim named leads): the trick goes on from it.
                self._order = seats_from(seat)  # type: ignore[arg-type]
                turn = self._order[0]
            else:
                self._turn_wrong = True
                problems = [_out_of_turn(self, seat, turn)]
            if not plays:
                # The trick's leader is who led in the record; the expected
                # one is in the finding.
                self._led = seat
        # A fifth card of a line of cards alone: the turn goes round again.
        player = seat if seat is not None else turn or self._order[len(plays) % 4]
        plays.append((player, card))
        played = self._played
        if card in played and not self._rightful(player, card):
            facts = {"card": card, "previous": played[card]}
            return [*(problems or ()), Problem(F.PLAYED_TWICE, "", facts)]
        played[card] = self._number
        if player is None:
            return problems or _NONE
        hand = self.held.get(player)
        if hand is not None and card in hand:
            hand.discard(card)
            return problems or _NONE
        holder = self._holder(card)
        if holder is None and card in self._stock:
            facts = {"card": card, "seat": player, "holder": None}
            return [*(problems or ()), Problem(F.NOT_IN_HAND, "stock", facts)]
        if holder is None and card in self._discarded:
            facts = {"card": card, "seat": player, "holder": self._discarded[card]}
            return [*(problems or ()), Problem(F.NOT_IN_HAND, "discarded", facts)]
        if hand is not None or (holder is not None and holder != player):
            variant = "" if holder is None else "taken" if card in self._taken else "dealt"
            facts = {"card": card, "seat": player, "holder": holder}
            problems = [*(problems or ()), Problem(F.NOT_IN_HAND, variant, facts)]
            self._misplayed.add(card)
        return problems or _NONE

    def play_all(self, plays: Sequence[Play]) -> bool:
        """Put a whole trick on the table at once if nothing about it is wrong:
        four cards, each played in turn by whoever holds it, none played
        before (:func:`lay`).  False, with nothing changed, for any other
        trick, which is then played card by card (:meth:`play`) to say what
        is wrong.  The usual trick costs one call instead of four."""
        if len(plays) != 4 or self._plays or self._free_lead:
            return False
        played = self._played
        (s1, c1), (s2, c2), (s3, c3), (s4, c4) = [(p.seat, p.card) for p in plays]
        if c1 in played or c2 in played or c3 in played or c4 in played:
            return False
        if not lay(self._order, self.held, (None, s1, c1, s2, c2, s3, c3, s4, c4, None)):
            return False
        number = self._number
        o1, o2, o3, o4 = self._order
        self._plays = [(s1 or o1, c1), (s2 or o2, c2), (s3 or o3, c3), (s4 or o4, c4)]
        played[c1] = played[c2] = played[c3] = played[c4] = number
        return True

    def seated(self, plays: Sequence[Play]) -> Sequence[Play]:
        """A line of cards alone that the turn order gets wrong, seated as
        the hands say where they say it better (:func:`seated_by_hands`)."""
        return seated_by_hands(plays, self._order, self._holding) or plays

    def _holder(self, card: str) -> str | None:
        """Who held ``card`` at the start of play, if the hands or the chant say."""
        if self._owner is None:
            owner = dict(self._kept)
            owner.update((card, seat) for seat, cards in self._dealt.items() for card in cards)
            self._owner = owner
        return self._owner.get(card)

    def _holding(self, card: str) -> str | None:
        """Who holds ``card`` now, if the hands or the chant say."""
        holder = self._holder(card)
        return holder if holder is not None and card in self.held.get(holder, ()) else None

    def _rightful(self, player: str | None, card: str) -> bool:
        """A card played again by the player who holds it, after someone who did
        not hold it played it (already reported, A203): the record's mistake
        was the first play, so this one is a normal play (:func:`_holds`)."""
        if card not in self._misplayed or not _holds(self, player, card):
            return False
        self._misplayed.discard(card)
        return True

    def reseat(self, card: str, seat: str) -> bool:
        """Read ``card``, on the table for another seat, as ``seat``'s, which
        holds it, or whose hand is not written (a seat letter mistyped);
        False if it does not, the card is not on the table, or ``seat`` has a
        card of the trick on it already."""
        hand = self.held.get(seat)
        held = hand if hand is not None else {card}  # (a hand not written may hold it)
        k = next((k for k, (_, played) in enumerate(self._plays) if played == card), None)
        if card not in held or k is None or seat in dict(self._plays):
            return False
        self._plays[k] = (seat, card)
        held.discard(card)
        self._misplayed.discard(card)
        self._led = None if k == 0 else self._led  # led by the rules' leader after all
        return True

    def also_lead(self, *seats: str | None) -> None:
        """Let ``seats`` lead the next trick without a finding, as well as the
        last trick's (a wrong claim named one, and that claim is reported)."""
        seats = (*self._also_leads, *seats)
        self._also_leads = tuple({s: 0 for s in seats if s and s != self.leader})

    def skip(self, count: int) -> None:
        """Trick lines the record leaves out: tricks whose cards and winner are
        unknown.  Whoever leads the next trick line leads it without a finding."""
        for _ in range(count):
            self.tricks.append(TrickOutcome(self._number, None, [], None, False, []))
            self._number += 1
        self._free_lead = True

    def settle_lead(self, plays: Sequence[Play], claimed: str | bool | None) -> bool:
        """After a missing trick, whether the record can tell who led this
        trick line; ``claimed`` is its claim's seat (None: pourri; False: no
        claim).  A seat written on its first card, or a hand that held that
        card, says; a line of cards alone after a missing trick says only
        through its claim: of the four seats that could have led, the one
        whose lead puts the strongest card in the claimed seat's hand (the
        record's word, taken where nothing contradicts it).  False when
        nothing tells (a pourri trick, no claim): its cards then belong to
        nobody known, and the trick is one whose winner the record does
        not give."""
        if self._also_leads and plays and plays[0].seat is None and not self._plays:
            two = (self.leader, self._also_leads[0])
            holders = [self._holding(play.card) for play in plays]
            led = claimed_leader(self.ruleset, plays, claimed, two, holders)
            if led != self.leader:
                self._led = led
                self._order = seats_from(led)
        if not self._free_lead or not plays or plays[0].seat is not None:
            return True
        if self._holding(plays[0].card) is not None:
            return True
        if len(plays) != 4 or not isinstance(claimed, str):
            return False
        leaders = led_to(self.ruleset, [play.card for play in plays], claimed, seats_from("N"))
        if len(leaders) != 1:
            return False
        self._free_lead = False
        self.leader = leaders[0]  # type: ignore[assignment]
        self._order = seats_from(self.leader)
        return True

    def skip_unseated(
        self, cards: Iterable[str], line: int | None = None, claimed: str | bool | None = False
    ) -> tuple[Problem, ...]:
        """A trick line whose leader nobody can tell (:meth:`settle_lead`):
        taken as a trick the record does not give, its cards noted as
        played so that a card played again later is still found, and kept
        with its ``line`` for the report to name them there.  Its claim
        (``claimed`` as for :meth:`settle_lead`) is still checked where the
        cards decide it whoever played them: a seat claimed for a trick
        nobody takes however the cards were seated, or nobody for one that
        the same card takes however they were."""
        played = self._played
        given = tuple(cards)
        wrong = wrong_whoever(self.ruleset, self._number, given, claimed)
        for card in given:
            played.setdefault(card, self._number)
        self.skip(1)
        self.tricks[-1].unseated = given
        self.tricks[-1].line = line
        return wrong

    def _take_lead(self, seat: str | None, card: str) -> None:
        """After a missing trick: the leader is who the record says, or the
        holder of the card led."""
        self._free_lead = False
        if seat is None:
            seat = self._holding(card)
        if seat is not None:
            self.leader = seat  # type: ignore[assignment]
            self._order = seats_from(self.leader)

    def end_trick(self) -> tuple[TrickOutcome, Sequence[Problem]]:
        """Gather the cards on the table into a trick: who takes it, and why."""
        number, plays = self._number, self._plays
        result = self._result(plays, self._strength)
        self.rightful = self.leader
        led = self._led or self.leader
        trick = TrickOutcome(number, led, plays, *result)
        self.tricks.append(trick)
        problems: Sequence[Problem] = _NONE
        if len(plays) != 4:
            problems = [Problem(F.TRICK_SIZE, "", {"trick": number, "count": len(plays)})]
        if result.winner is not None:
            self._lead_why = ("lead-won", number)
            self.leader = result.winner  # type: ignore[assignment]
        elif result.nobody:
            self._lead_why = ("lead-nobody", number)
        self._also_leads = (self._led,) if result.nobody and self._led else ()
        self._led = None
        self._plays = []
        self._turn_wrong = False
        self._number += 1
        self._order = seats_from(self.leader)
        return trick, problems

    @property
    def over(self) -> bool:
        """Whether play is over: nine tricks, or the deal decided early."""
        return len(self.tricks) >= TRICKS_PER_DEAL or self.decided_after() is not None


def _out_of_turn(table: Table, seat: str, turn: Seat | None) -> Problem:
    """The A202 of ``seat`` playing where ``turn`` should (None: the trick
    has four cards): at a lead, why its leader leads, as the table kept it."""
    trick = table.number
    if not table._plays:
        why, previous = table._lead_why
        facts = {
            "seat": seat,
            "trick": trick,
            "leader": table.leader,
            "previous": previous,
            "nobody": table.ruleset.tie.nobody_word,
        }
        return Problem(F.OUT_OF_TURN, why, facts)
    if turn is None:
        return Problem(F.OUT_OF_TURN, "fifth", {"seat": seat, "trick": trick})
    return Problem(F.OUT_OF_TURN, "turn", {"seat": seat, "turn": turn, "leader": table.leader})


def _holds(table: Table, player: str | None, card: str) -> bool:
    """Whether ``player`` may hold ``card``: by the hand, or where it is not
    written, by the hands and the chant that are (who was dealt it or kept
    it), else by its not lying in the stock nor being discarded: a card
    the record gives nobody may be the player whose hand it leaves out."""
    if player is None:
        return False
    hand = table.held.get(player)
    if hand is not None:
        return card in hand
    holder = table._holder(card)
    if holder is not None:
        return holder == player
    return card not in table._stock and card not in table._discarded


def dealer_shown(
    played: Sequence[tuple[str | None, str]] | None,
    lines: Mapping[str, Hand],
    dealers: Collection[str],
    kept: Mapping[str, str] | None = None,
) -> str | None:
    """The dealer the first trick shows, where it is none of ``dealers`` (the
    header's, or after a wrong dealer the one who should have dealt): the
    seat on whose left sits a leader the whole trick's turn order follows.
    ``played`` is trick 1 as the replay seated it (cards alone by the
    hands that hold them, where the turn from the header's dealer does not
    fit them: :func:`seated_by_hands`), so that a record of cards alone
    and the same record with the seats written show one dealer; ``lines``
    the hand lines as the checks read them, and ``kept`` the cards a chant
    gave a player (card -> seat), which are that player's too.

    On the first deal no rotation says who should have dealt, so a dealer
    written wrong there is found only by the first lead (A202); the next
    deal may then go on from the dealer the play shows, as after an A105
    from the one who should have dealt: one slip, one finding."""
    if played is None or len(played) != len(SEATS):
        return None
    order = tuple(seat for seat, _ in played)
    leader = order[0]
    if leader is None or order != seats_from(leader):
        return None
    if leader in {left_of(dealer) for dealer in dealers}:
        return None
    kept = kept or {}
    if any(
        seat in lines and card not in lines[seat].cards and kept.get(card) != seat
        for seat, card in played
        if seat
    ):
        return None  # a card not its player's: the seats, not the dealer, may be wrong
    return order[-1]  # the leader's right: the last to play


def lay(order: Sequence[str], held: Mapping[str, set[str]], trick: Sequence[str | None]) -> bool:
    """The rule of a trick played right: four different cards, each played in
    turn (``order``, from the leader) by a player who holds it; a seat left
    out (None or empty) is the turn's.  ``trick`` is its number, its four
    seats each before its card, and its claim (neither is looked at here).
    True, and the cards are gone from the hands; False, with the hands as
    they were.  The table plays a whole trick so (:meth:`Table.play_all`),
    and so does :class:`LeanTable`."""
    _, s1, c1, s2, c2, s3, c3, s4, c4, _ = trick
    # Every seat written and in turn is the usual trick: one comparison.
    if (s1, s2, s3, s4) != order:
        p1, p2, p3, p4 = order
        if (s1 and s1 != p1) or (s2 and s2 != p2) or (s3 and s3 != p3) or (s4 and s4 != p4):
            return False
    try:
        h1, h2, h3, h4 = held[order[0]], held[order[1]], held[order[2]], held[order[3]]
    except KeyError:
        return False  # a hand the record does not give
    if not (c1 in h1 and c2 in h2 and c3 in h3 and c4 in h4) or len({c1, c2, c3, c4}) != 4:
        return False
    h1.remove(c1)
    h2.remove(c2)
    h3.remove(c3)
    h4.remove(c4)
    return True


#: trick numbers as a record writes them, in order
_NUMBERS = tuple(str(k) for k in range(1, TRICKS_PER_DEAL + 1))
#: the seats in play order from each leader, and who leads first by dealer,
#: as plain strings (a lean deal's seats are the text's)
_ORDERS = {seat: tuple(map(str, seats_from(seat))) for seat in "NESW"}
_FIRST_LEADERS = {seat: str(left_of(seat)) for seat in "NESW"}


def seated_by_hands(
    plays: Sequence[Play], order: Sequence[str], holding: Callable[[str], str | None]
) -> list[Play] | None:
    """The seats of a line of cards alone that the turn order gets wrong,
    where the hands say better who played (``holding``: who holds a card
    now).  The ways to read it: three cards or fewer, the turn order with
    seats skipped (a card left out); four, the turn order from any leader
    (a lead out of turn); five, the turn order with one card put in (an
    extra card, its holder's, or the leader's again).  The one way that
    puts the most cards in the hands that hold them is taken, if it does
    better than the turn order.  Seated, the line reads as the record would
    with seats (A202 where a card was played out of turn, A205)."""
    n = len(plays)
    if not 0 < n <= 5 or any(play.seat is not None for play in plays):
        return None
    holders = [holding(play.card) for play in plays]
    if n < 4:
        ways = [(way, 0) for way in combinations(order, n)]
    elif n == 4:
        ways = [(seats_from(leader), 0) for leader in order]
    else:  # first as the turn goes (the fifth card round to the leader); then
        # which card was put in, one nobody holds (written twice) before one held
        put_in = [((*order[:j], holders[j] or order[0], *order[j:]), j) for j in range(5)]
        ways = [((*order, order[0]), 4), *put_in]
    fits = [(_in_hand(holders, way), n == 5 and holders[j] is None) for way, j in ways]
    best = max(fits)
    chosen = {way for (way, _), fit in zip(ways, fits, strict=True) if fit == best}
    if len(chosen) != 1 or best <= fits[0]:
        return None
    way = chosen.pop()
    return [replace(play, seat=seat) for play, seat in zip(plays, way, strict=True)]


def claimed_leader(
    ruleset: Ruleset,
    plays: Sequence[Play],
    claimed: str | bool | None,
    leaders: tuple[str, str],
    holders: Sequence[str | None],
) -> str:
    """Which of two ``leaders`` led a line of cards alone: the rules' leader
    and the one an earlier mistake lets lead (a wrong claim's winner, the
    record's leader of a pourri trick).  The hands say, where the seating
    from one puts more of its cards in the hands that hold them (``holders``,
    card by card) than the other; else its own claim, if one seating alone
    makes it true; else the record's word, the second (docs/violations.md:
    the record goes on from what it says happened).  A seated line says for
    itself."""
    fits = [_in_hand(holders, seats_from(leader)) for leader in leaders]
    if fits[0] != fits[1]:
        return leaders[fits.index(max(fits))]
    if len(plays) == 4 and not isinstance(claimed, bool):
        right = led_to(ruleset, [play.card for play in plays], claimed, leaders)
        if len(right) == 1:
            return right[0]
    return leaders[1]


def led_to(
    ruleset: Ruleset, cards: Sequence[str], claimed: str | None, leaders: Iterable[str]
) -> list[str]:
    """Of ``leaders``, those whose lead of ``cards`` (four, in turn) makes
    ``claimed`` take the trick (None: nobody)."""
    return [
        leader
        for leader in leaders
        if ruleset.tie.result(led_by(leader, cards), ruleset.strength).winner == claimed
    ]


def led_by(leader: str, cards: Sequence[str]) -> list[tuple[str, str]]:
    """Four cards of a line without seats as ``leader``'s lead puts them."""
    return list(zip(seats_from(leader), cards, strict=True))


def _in_hand(holders: Sequence[str | None], seats: Sequence[str]) -> int:
    """How many cards a seating gives to the hands that hold them."""
    return sum(holder == seat for holder, seat in zip(holders, seats, strict=False))


def wrong_whoever(
    ruleset: Ruleset, trick: int, cards: tuple[str, ...], claimed: str | bool | None
) -> tuple[Problem, ...]:
    """The problem with the claim of a trick whose seats are unknown, where
    no seating of its four ``cards`` makes it true (``claimed`` as for
    :meth:`Table.settle_lead`)."""
    if claimed is False or len(cards) != 4 or len(set(cards)) != 4:
        return _NONE
    results = [ruleset.tie.result(led_by(leader, cards), ruleset.strength) for leader in "NESW"]
    tops = {r.top[0] if r.winner else None for r in results}
    if claimed is not None and tops == {None}:
        truth = ruleset.tie.nobody_truth(results[0].top)
        facts = {"trick": trick, "claimed": f"for {claimed}", "truth": truth}
        return (Problem(F.TRICK_CLAIM, "nobody", facts),)
    if claimed is None and len(tops) == 1 and None not in tops:
        facts = {"trick": trick, "claimed": "pourri", "card": tops.pop()}
        if results[0].cancelled:  # (the same cards cancel whoever led)
            facts["cancelled"] = results[0].cancelled
            return (Problem(F.TRICK_CLAIM, "whoever-left", facts),)
        return (Problem(F.TRICK_CLAIM, "whoever", facts),)
    return _NONE


class LeanTable:
    """The table's fast entry: a whole deal given as plain values, played at
    once under one ruleset, for a reader that has the deal's text and no
    model (:mod:`aluette_cli.quickcheck`).

    It asks the same rules as :class:`Table`: each trick is laid by
    :func:`lay`, taken as the ruleset's tie policy says (and at a glance by
    a card stronger than all the others where the policy declares that it
    always takes the trick, ``TiePolicy.declares``), and its winner
    leads the next.  It vouches or declines: the winners when every trick is
    right and every claim names its winner, else None, and the deal is then
    played card by card by :class:`Table`, which says what is wrong.
    """

    def __init__(self, ruleset: Ruleset, nobody: str) -> None:
        """``nobody`` is the claim that names nobody (the notation's word)."""
        self._result = ruleset.tie.result
        self._unique_top_wins = ruleset.tie.declares("unique_top_wins")
        self._strength = ruleset.strength
        self._nobody = nobody
        self._order = _ORDERS
        self._first = _FIRST_LEADERS

    def play(
        self,
        dealer: str,
        hands: dict[str, set[str]],
        tricks: Sequence[Sequence[str]],
        kept: list[TrickOutcome] | None = None,
        played: list[str | None] | None = None,
    ) -> list[str | None] | None:
        """Who took each trick, if every trick is right: ``tricks`` are each
        its number, its four seats each before its card (a seat may be empty:
        the turn's) and its claim (empty: none).  ``hands`` lose the cards
        played.  Each trick's outcome goes into ``kept``, and its plays and
        winner into ``played`` (:data:`quickcheck.PLAYED` values a trick),
        unless it is None."""
        result, strength, order = self._result, self._strength, self._order
        nobody = self._nobody
        # Who takes a trick is known at a glance when nothing else of it is
        # kept; its outcome, when kept, comes from the policy.
        at_a_glance = kept is None and self._unique_top_wins
        leader = self._first[dealer]
        winners: list[str | None] = []
        if len(tricks) > TRICKS_PER_DEAL:
            return None
        for expected, trick in zip(_NUMBERS, tricks, strict=False):
            seats = order[leader]
            number, _, c1, _, c2, _, c3, _, c4, claim = trick
            if number != expected or not lay(seats, hands, trick):
                return None
            s1, s2, s3, s4 = seats
            winner: str | None = None  # not known at a glance: the policy says
            if at_a_glance:
                a, b, c, d = strength[c1], strength[c2], strength[c3], strength[c4]
                if a > b and a > c and a > d:
                    winner = s1
                elif b > a and b > c and b > d:
                    winner = s2
                elif c > a and c > b and c > d:
                    winner = s3
                elif d > a and d > b and d > c:
                    winner = s4
            if winner is None:
                plays: list[tuple[str | None, str]] = [(s1, c1), (s2, c2), (s3, c3), (s4, c4)]
                taken = result(plays, strength)
                winner = taken.winner
                if winner is None and not taken.nobody:
                    return None
                if kept is not None:
                    kept.append(TrickOutcome(len(winners) + 1, s1, plays, *taken))
            if claim and claim != (nobody if winner is None else winner):
                return None
            if played is not None:
                played += (s1, c1, s2, c2, s3, c3, s4, c4, winner)
            winners.append(winner)
            if winner is not None:
                leader = winner
        return winners


def may_hold(table: Table, seat: str) -> set[str]:
    """The cards ``seat`` may still hold: its hand where the record gives
    it, or else every card nobody has played, not in the stock, and not
    dealt to, kept or discarded by another seat."""
    hand = table.held.get(seat)
    if hand is not None:
        return set(hand)
    others = [c for s, cards in table._dealt.items() if s != seat for c in cards]
    kept = [c for c, s in table._kept.items() if s != seat]
    return set(DECK_SET.difference(table._played, table._stock, others, kept, table._discarded))
