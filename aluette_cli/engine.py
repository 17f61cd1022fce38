"""The engine: replays a game under a ruleset and checks everything it claims.

It takes model objects and a :class:`~aluette_cli.rules.Ruleset` and returns
outcomes and findings.  It never reads files, prints, or formats a report:
the sentences in findings are the only text it makes, because a finding is
only useful with the reason attached.

The replay is incremental (:class:`GameReplay` takes one deal at a time) so
that a game of any length is checked in constant memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from . import findings as F
from .cards import (
    CARD_NICKNAMES,
    HAND_SIZE,
    NAMED_CARDS,
    SEATS,
    STOCK_SIZE,
    TEAMS,
    TRICKS_PER_DEAL,
    card_name,
    left_of,
    other_team,
    seats_from,
    team_of,
)
from .findings import Finding
from .model import BrokenDeal, Deal, Draw, Pos, Tag, Trick
from .rules import Ruleset, chant_seat

# --------------------------------------------------------------------------
# Outcomes


@dataclass(slots=True)
class TrickOutcome:
    number: int
    leader: str | None
    #: (seat, card) in play order; the seat is the record's, or the turn order's
    plays: list[tuple[str | None, str]]
    winner: str | None
    pourri: bool
    #: the card that takes the trick, or the cards whose tie left it to nobody
    top: list[str]
    #: cards that cancelled each other out above the winner (cancel policy)
    cancelled: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TieBreak:
    tied: list[str]
    total: int
    reached_at: dict[str, int]
    winner: str


@dataclass(slots=True)
class PointOutcome:
    team: str
    points: int
    mordienne: bool = False
    #: why the points went where they did when it is not the plain rule
    reason: str | None = None


@dataclass(slots=True)
class SignalOutcome:
    seat: str
    what: str
    #: how many tricks had been played when the signal was made
    before: int
    #: True or False when the hand tells; None when it cannot be checked
    honest: bool | None = None
    fact: str | None = None


@dataclass(slots=True)
class DealOutcome:
    number: int | None
    dealer: str | None
    pos: Pos
    tricks: list[TrickOutcome] = field(default_factory=list)
    #: True when the tricks come from a ``winners:`` score sheet
    from_sheet: bool = False
    counts: dict[str, int] | None = None
    #: the order in which each trick was won (seat or None), when complete
    sequence: list[str | None] | None = None
    deal_winner: str | None = None
    tie_break: TieBreak | None = None
    point: PointOutcome | None = None
    #: None when the record does not say enough to know
    void: bool | None = None
    broken: bool = False
    signals: list[SignalOutcome] = field(default_factory=list)
    #: whether its point went into the game's score (not after the game's end)
    scored: bool = False

    @property
    def known(self) -> bool:
        """Whether the record tells if this deal scored and for whom."""
        return self.void is not None


@dataclass(slots=True)
class GameOutcome:
    index: int
    ruleset: Ruleset | None
    deals: list[DealOutcome]
    score: dict[str, int]
    complete: bool
    winner: str | None
    findings: list[Finding]


# --------------------------------------------------------------------------
# Pure rules: trick winner and deal winner


def trick_result(
    plays: Iterable[tuple[str | None, str]], ruleset: Ruleset
) -> tuple[str | None, bool, list[str]]:
    """(winner, pourri, top cards) of a trick under the ruleset's tie policy.

    ``pourri`` means the trick belongs to nobody.  ``top`` is the card that
    takes the trick, or the cards whose tie left it to nobody.
    """
    return TIE_POLICIES[ruleset.tie](list(plays), ruleset.strength)


def _spoil(plays: list[tuple[str | None, str]], strength: dict[str, int]):
    """A tie for the top card spoils the trick (RULES.md §3)."""
    best = -1
    top: list[tuple[str | None, str]] = []
    for seat, card in plays:
        s = strength[card]
        if s > best:
            best, top = s, [(seat, card)]
        elif s == best:
            top.append((seat, card))
    cards = [card for _, card in top]
    if len(top) == 1:
        return top[0][0], False, cards
    return None, True, cards


def _cancel(plays: list[tuple[str | None, str]], strength: dict[str, int]):
    """Equal cards cancel each other; the highest card left wins (RULES.md §7,
    team-five).  Convention: all the cards of a rank played more than once
    cancel, three as well as two."""
    by_strength: dict[int, list[tuple[str | None, str]]] = {}
    for seat, card in plays:
        by_strength.setdefault(strength[card], []).append((seat, card))
    for s in sorted(by_strength, reverse=True):
        if len(by_strength[s]) == 1:
            seat, card = by_strength[s][0]
            return seat, False, [card]
    return None, True, [card for _, card in plays]


TIE_POLICIES = {"spoil": _spoil, "cancel": _cancel}


def cancelled_cards(plays: Iterable[tuple[str | None, str]], ruleset: Ruleset) -> list[str]:
    """The cards that cancelled out above the winning card (cancel policy only)."""
    if ruleset.tie != "cancel":
        return []
    plays = list(plays)
    winner, _, top = trick_result(plays, ruleset)
    floor = ruleset.strength[top[0]] if winner is not None else -1
    counts: dict[int, int] = {}
    for _, card in plays:
        counts[ruleset.strength[card]] = counts.get(ruleset.strength[card], 0) + 1
    return [c for _, c in plays if ruleset.strength[c] > floor and counts[ruleset.strength[c]] > 1]


class DealScorer(Protocol):
    """How a deal is decided: when play stops early, and who scores."""

    def decided_after(self, sequence: list[str | None], ruleset: Ruleset) -> int | None: ...

    def result(
        self, sequence: list[str | None], ruleset: Ruleset
    ) -> tuple[dict[str, int], str | None, TieBreak | None, PointOutcome | None]: ...


class _MostTricks:
    """The player with most tricks scores for the team; on a tie, the one who
    reached the final total first (RULES.md §4).  All nine tricks are played."""

    def decided_after(self, sequence: list[str | None], ruleset: Ruleset) -> int | None:
        return None

    def result(self, sequence: list[str | None], ruleset: Ruleset):
        counts = dict.fromkeys(SEATS, 0)
        reached: dict[tuple[str, int], int] = {}
        for number, seat in enumerate(sequence, 1):
            if seat is not None:
                counts[seat] += 1
                reached[(seat, counts[seat])] = number
        best = max(counts.values())
        if best == 0:
            return counts, None, None, None
        tied = [s for s in SEATS if counts[s] == best]
        winner = min(tied, key=lambda s: reached[(s, best)])
        tie_break = None
        if len(tied) > 1:
            tie_break = TieBreak(tied, best, {s: reached[(s, best)] for s in tied}, winner)
        mordienne = "mordienne" in ruleset.options and is_mordienne(sequence, winner)
        point = PointOutcome(team_of(winner), 2 if mordienne else 1, mordienne)
        return counts, winner, tie_break, point


class _TeamTricks:
    """Tricks are pooled per team; the first team to ``deal_target`` tricks takes
    the deal and play stops (RULES.md §7, team-five).  Conventions: if spoiled
    tricks leave neither team there, more tricks takes the deal; equal is void."""

    def decided_after(self, sequence: list[str | None], ruleset: Ruleset) -> int | None:
        totals = dict.fromkeys(TEAMS, 0)
        for number, seat in enumerate(sequence, 1):
            if seat is not None:
                totals[team_of(seat)] += 1
                if totals[team_of(seat)] == ruleset.deal_target:
                    return number
        return None

    def result(self, sequence: list[str | None], ruleset: Ruleset):
        counts = dict.fromkeys(SEATS, 0)
        for seat in sequence:
            if seat is not None:
                counts[seat] += 1
        totals = {team: sum(counts[s] for s in SEATS if team_of(s) == team) for team in TEAMS}
        decided = self.decided_after(sequence, ruleset)
        if decided is not None:
            winner = sequence[decided - 1]
            assert winner is not None
            team = team_of(winner)
            reason = f"{team} reached {ruleset.deal_target} tricks at trick {decided}"
        elif totals["NS"] != totals["EW"]:
            team = "NS" if totals["NS"] > totals["EW"] else "EW"
            reason = (
                f"neither team reached {ruleset.deal_target};"
                f" {team} took more tricks ({totals[team]} to {totals[other_team(team)]})"
            )
        else:
            return counts, None, None, None
        return counts, None, None, PointOutcome(team, 1, False, reason)


DEAL_SCORERS: dict[str, DealScorer] = {"most-tricks": _MostTricks(), "team-tricks": _TeamTricks()}


def deal_result(
    sequence: list[str | None], ruleset: Ruleset
) -> tuple[dict[str, int], str | None, TieBreak | None, PointOutcome | None]:
    """Counts, deal winner, tie-break and point from the winners of the tricks
    (None for a trick that belongs to nobody); no point means a void deal."""
    return DEAL_SCORERS[ruleset.deal_scoring].result(sequence, ruleset)


def decided_after(sequence: list[str | None], ruleset: Ruleset) -> int | None:
    """The trick after which the deal is decided and play stops, if it does early."""
    return DEAL_SCORERS[ruleset.deal_scoring].decided_after(sequence, ruleset)


def game_over(scoring_deals: int, score: dict[str, int], ruleset: Ruleset) -> bool:
    """Whether a game has reached its end under the ruleset's game length."""
    if ruleset.game_length == "points":
        return max(score.values()) >= ruleset.game_target
    return scoring_deals >= ruleset.game_target


def is_mordienne(sequence: list[str | None], seat: str) -> bool:
    """A comeback: ``seat`` won nothing before a final unbroken run of won tricks.

    The run ends with the last trick and starts after the first one (RULES.md
    §6 and its convention); a pourri trick breaks it.
    """
    start = len(sequence)
    while start > 0 and sequence[start - 1] == seat:
        start -= 1
    if start == len(sequence) or start == 0:
        return False
    return seat not in sequence[:start]


_RESULT = re.compile(r"^\s*(NS|EW|draw)\s+(\d{1,9})\s*-\s*(\d{1,9})\s*$")
_DATE = re.compile(r"^(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})$")
_ACES = re.compile(r"^aces-(\d)$")
_NAMED_SIGNALS = NAMED_CARDS  # a signal named after a card says "I hold it"


def doubled(point: PointOutcome, announcer: str) -> PointOutcome:
    """A double (RULES.md §7): two points to the announcers if they take the
    deal, two to the opponents if not."""
    if point.team == announcer:
        reason = f"{announcer} announced a double and took the deal"
    else:
        reason = f"{announcer} announced a double and lost the deal"
    if point.reason:
        reason = f"{point.reason}; {reason}"
    return PointOutcome(point.team, 2 * point.points, point.mordienne, reason)


def _seat_list(seats: Iterable[str]) -> str:
    seats = list(seats)
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card(card: str) -> str:
    """'3d (monsieur)', '1e (ace of swords)': the code with what a player calls it."""
    return f"{card} ({CARD_NICKNAMES.get(card) or card_name(card)})"


# --------------------------------------------------------------------------
# The replay


class GameReplay:
    """Replays one game deal by deal, keeping only what the next deal needs."""

    def __init__(
        self,
        index: int,
        tags: list[Tag],
        ruleset: Ruleset,
        draw: Draw | None = None,
        keep: bool = True,
    ) -> None:
        self.index = index
        self.keep = keep  # keep each deal's outcome (False: findings and score only)
        self.tags = tags
        self.ruleset = ruleset
        self.findings: list[Finding] = []
        self.deals: list[DealOutcome] = []
        self.score = dict.fromkeys(TEAMS, 0)
        self.scoring = 0  # deals known to have scored
        self.unknown = 0  # deals whose outcome the record does not tell
        self.last_number: int | None = None
        self.seen_deal = False
        self.expected_dealers: set[str] | None = None
        self.over_at: int | None = None  # the deal number that ended the game
        self.first_dealer: str | None = None  # chosen by the partnership draw
        self.previous: DealOutcome | None = None
        self._conceded = False  # the current deal ended by an accepted concession
        self._taken: set[str] = set()  # cards taken from the stock in the current deal
        self._check_tags()
        if draw is not None:
            self._check_draw(draw)

    def _end_reason(self) -> str:
        target = self.ruleset.game_target
        if self.ruleset.game_length == "points":
            return f"a team had reached {target} points"
        return f"{target} scoring deals had been played"

    @property
    def _nobody(self) -> str:
        """How a trick that belongs to nobody is called under these rules."""
        return "pourri" if self.ruleset.tie == "spoil" else "cancelled out"

    # -- findings -----------------------------------------------------
    def flag(
        self, code: str, message: str, pos: Pos, deal: int | None = None, trick: int | None = None
    ) -> None:
        self.findings.append(Finding(code, message, pos.line, pos.column, self.index, deal, trick))

    def _check_tags(self) -> None:
        seen: dict[str, Tag] = {}
        for tag in self.tags:
            if tag.name in seen:
                self.flag(
                    F.TAG_REPEATED,
                    f"tag {tag.name} is given again;"
                    f" the first value, {seen[tag.name].value!r}, is used",
                    tag.pos,
                )
            else:
                seen[tag.name] = tag
            if tag.name == "Date" and tag is seen[tag.name] and not _DATE.match(tag.value):
                self.flag(
                    F.DATE_FORMAT,
                    f"Date {tag.value!r} is not YYYY.MM.DD (use ? for unknown parts)",
                    tag.pos,
                )

    def _check_draw(self, draw: Draw) -> None:
        """The face-up draw (RULES.md §2): a player who receives one of the four
        sought cards gets no more; the draw ends when all four have appeared;
        the first two cards' holders are partners; one named card's holder deals."""
        sought = self.ruleset.draw_cards
        holders: dict[str, str] = {}
        appeared: set[str] = set()
        seen: set[str] = set()
        for play in draw.cards:
            problem = None
            if len(appeared) == len(sought):
                problem = (
                    f"the draw was over when all of {', '.join(sought)} had appeared;"
                    f" {play.card} to {play.seat} is one card too many"
                )
            elif play.card in seen:
                problem = f"{play.card} is drawn twice"
            elif play.seat in holders.values():
                got = next(c for c, s in holders.items() if s == play.seat)
                problem = f"{play.seat} already drew {got} and gets no more cards"
            seen.add(play.card)
            if play.card in sought:
                appeared.add(play.card)
            if problem:
                self.flag(F.DRAW_WRONG, f"draw: {problem}", play.pos)
            elif play.card in sought and play.seat is not None:
                holders[play.card] = play.seat
        missing = [c for c in sought if c not in appeared]
        if missing:
            self.flag(
                F.DRAW_WRONG, f"draw: it stops before {', '.join(missing)} appeared", draw.pos
            )
        if len(holders) < len(sought):
            return  # who holds what is not settled: partners and dealer cannot be checked
        a, b = holders[sought[0]], holders[sought[1]]
        if team_of(a) != team_of(b):
            self.flag(
                F.DRAW_WRONG,
                f"draw: {sought[0]} went to {a} and {sought[1]} to {b}, who must be"
                " partners and sit opposite",
                draw.pos,
            )
        self.first_dealer = holders[self.ruleset.draw_dealer]

    # -- one deal -----------------------------------------------------
    def add(self, deal: Deal | BrokenDeal) -> DealOutcome:
        outcome = self._sequence(deal)
        if isinstance(deal, Deal):
            self._replay(deal, outcome)
        else:
            outcome.broken = True
        self._advance(outcome)
        self.previous = outcome
        if self.keep:
            self.deals.append(outcome)
        return outcome

    def _sequence(self, deal: Deal | BrokenDeal) -> DealOutcome:
        """Deal number, dealer and game length: the deal's place in the game."""
        number, dealer = deal.number, deal.dealer
        outcome = DealOutcome(number, dealer, deal.pos)
        if number is not None:
            expected = (
                1
                if not self.seen_deal
                else (self.last_number + 1 if self.last_number is not None else None)
            )
            if expected is not None and number != expected:
                after = (
                    "the first deal of a game is deal 1"
                    if not self.seen_deal
                    else f"deal {self.last_number} came before it; deals count up by one"
                )
                self.flag(
                    F.DEAL_NUMBER,
                    f"deal {number} should be deal {expected}: {after}",
                    deal.pos,
                    number,
                )
        if not self.seen_deal and self.first_dealer and dealer and dealer != self.first_dealer:
            self.flag(
                F.DRAW_WRONG,
                f"{dealer} deals the first deal, but {self.first_dealer} drew"
                f" {self.ruleset.draw_dealer} and deals first",
                deal.pos,
                number,
            )
        if (
            dealer is not None
            and self.expected_dealers is not None
            and dealer not in self.expected_dealers
        ):
            self.flag(F.WRONG_DEALER, self._dealer_message(dealer), deal.pos, number)
        if self.over_at is not None and isinstance(deal, Deal):
            self.flag(
                F.DEAL_AFTER_END,
                f"the game was over after deal {self.over_at} ({self._end_reason()});"
                " this deal is one too many",
                deal.pos,
                number,
            )
        self.seen_deal = True
        self.last_number = number
        return outcome

    def _dealer_message(self, dealer: str) -> str:
        prev = self.previous
        assert prev is not None
        expected = sorted(self.expected_dealers or (), key=SEATS.index)
        if prev.void:
            why = f"deal {prev.number} was void, so its dealer {prev.dealer} deals again"
        elif prev.known:
            why = f"{prev.dealer} dealt deal {prev.number} and the deal passes to the left"
        else:
            why = (
                f"deal {prev.number}'s outcome is not recorded, so {prev.dealer} or the"
                " player on the left deals next"
            )
        return f"{dealer} deals, but {' or '.join(expected)} should: {why}"

    def _advance(self, outcome: DealOutcome) -> None:
        dealer = outcome.dealer
        if outcome.void is None:
            self.unknown += 1
            self.expected_dealers = {dealer, left_of(dealer)} if dealer else None
        elif outcome.void:
            self.expected_dealers = {dealer} if dealer else None
        else:
            self.expected_dealers = {left_of(dealer)} if dealer else None
            if self.over_at is not None:
                return  # a deal after the end (A106) is reported, not scored
            if outcome.point is not None:
                self.score[outcome.point.team] += outcome.point.points
                outcome.scored = True
            self.scoring += 1
            if self.over_at is None and game_over(self.scoring, self.score, self.ruleset):
                self.over_at = outcome.number

    def _replay(self, deal: Deal, outcome: DealOutcome) -> None:
        n = deal.number
        # A concession accepted ends the deal: a short record of play is then legal.
        self._conceded = "mordienne" in self.ruleset.options and any(
            c.accepted for c in deal.concessions
        )
        hands = self._check_deck(deal)
        hands = self._apply_chants(deal, hands)
        self._check_option_lines(deal)
        if deal.tricks:
            outcome.tricks = self._play(deal, hands)
            if deal.winners is not None:
                self.flag(
                    F.PLAY_AND_SHEET,
                    "a deal has trick lines or a winners: sheet, not both;"
                    " the trick lines are used",
                    deal.winners.pos,
                    n,
                )
            outcome.sequence = self._sequence_of(
                [t.winner for t in outcome.tricks], deal.tricks[-1].pos, n, "trick lines"
            )
        elif deal.winners is not None:
            outcome.from_sheet = True
            entries = deal.winners.entries
            for i, seat in enumerate(entries, 1):
                outcome.tricks.append(TrickOutcome(i, None, [], seat, seat is None, []))
            outcome.sequence = self._sequence_of(list(entries), deal.winners.pos, n, "sheet")
        self._score(deal, outcome)
        outcome.signals = self._check_signals(deal, hands)

    def _sequence_of(
        self, winners: list[str | None], pos: Pos, n: int, source: str
    ) -> list[str | None] | None:
        """The trick winners that decide the deal, or None if the record stops short.

        Under rules where a deal can be decided early (team-five), play stops
        there: tricks after that point are reported and left out.
        """
        decided = decided_after(winners, self.ruleset)
        if decided is not None:
            if len(winners) > decided:
                where = "trick lines" if source == "trick lines" else "entries of the sheet"
                self.flag(
                    F.TRICK_AFTER_END,
                    f"the deal was decided at trick {decided}; play stops there, but the"
                    f" {where} go on to trick {len(winners)}",
                    pos,
                    n,
                )
            return winners[:decided]
        if len(winners) == TRICKS_PER_DEAL:
            return winners
        if source == "sheet" and not self._conceded:
            entries = _plural(len(winners), "entry").replace("entrys", "entries")
            self.flag(
                F.SHEET_SIZE,
                f"the winners: sheet has {entries}; a deal has {TRICKS_PER_DEAL} tricks",
                pos,
                n,
            )
        return None

    # -- the deck -----------------------------------------------------
    def _check_deck(self, deal: Deal) -> dict[str, set[str]]:
        """Check the dealt cards; return each known hand as a set."""
        n = deal.number
        where: dict[str, str] = {}
        hands: dict[str, set[str]] = {}
        for extra in deal.extra_hands:
            self.flag(
                F.HAND_REPEATED,
                f"{extra.seat}'s hand is given a second time; the first is used",
                extra.pos,
                n,
            )
        parts: list[tuple[str, list[str], Pos, int]] = [
            (f"{h.seat}'s hand", h.cards, h.pos, HAND_SIZE) for h in deal.hands.values()
        ]
        if deal.stock is not None:
            parts.append(("the stock", deal.stock.cards, deal.stock.pos, STOCK_SIZE))
        for label, cards, pos, size in parts:
            if len(cards) != size:
                code = F.STOCK_SIZE if label == "the stock" else F.HAND_SIZE
                self.flag(
                    code,
                    f"{label} has {_plural(len(cards), 'card')};"
                    f" the deal gives {'each player ' if code == F.HAND_SIZE else ''}"
                    f"{size}",
                    pos,
                    n,
                )
            for card in cards:
                if card in where:
                    other = where[card]
                    place = f"twice in {label}" if other == label else f"in {other} and in {label}"
                    self.flag(
                        F.CARD_TWICE_DEALT,
                        f"card {card} is dealt {place}; the deck has one of each card",
                        pos,
                        n,
                    )
                else:
                    where[card] = label
        for seat, hand in deal.hands.items():
            hands[seat] = set(hand.cards)
        return hands

    def _apply_chants(self, deal: Deal, hands: dict[str, set[str]]) -> dict[str, set[str]]:
        n = deal.number
        self._taken = set()
        if not deal.chants:
            return hands
        if "chanter" not in self.ruleset.options:
            for chant in deal.chants:
                self.flag(
                    F.OPTION_OFF,
                    "a chant line needs the chanter option (Options tag or --options)",
                    chant.pos,
                    n,
                )
            return hands
        allowed = [chant_seat(role, deal.dealer) for role in self.ruleset.chant_seats]
        stock = set(deal.stock.cards) if deal.stock is not None else None
        taken = self._taken
        dealt = set().union(*hands.values()) if hands else set()
        chanted: set[str] = set()
        for chant in deal.chants:
            seat = chant.seat
            problems = []
            if seat not in allowed:
                problems.append(
                    f"only {_seat_list(allowed)} take the stock when {deal.dealer} deals"
                )
            elif seat in chanted:
                problems.append(f"{seat} chants twice")
            chanted.add(seat)
            if len(chant.takes) != 6:
                problems.append(f"{seat} takes {len(chant.takes)} cards, not 6")
            if len(chant.discards) != 6:
                problems.append(f"{seat} discards {len(chant.discards)} cards, not 6")
            for card in chant.takes:
                if card in dealt:
                    problems.append(f"{card} is in a player's hand, not in the stock")
                elif stock is not None and card not in stock:
                    problems.append(f"{card} is not in the stock")
                elif card in taken:
                    problems.append(f"{card} is taken twice")
                taken.add(card)
            if seat in hands:
                pool = hands[seat] | set(chant.takes)
                bad = [c for c in chant.discards if c not in pool]
                if bad:
                    problems.append(f"{_seat_list(bad)} discarded but not held by {seat}")
                hands[seat] = pool - set(chant.discards)
            for problem in problems:
                self.flag(F.CHANT_WRONG, f"chant: {problem}", chant.pos, n)
        return hands

    def _check_option_lines(self, deal: Deal) -> None:
        for i, announce in enumerate(deal.announces):
            if not self.ruleset.doubles:
                self.flag(
                    F.OPTION_OFF,
                    f"announce {announce.team} double: the {self.ruleset.name!r} rules have no"
                    " doubles (team-five has)",
                    announce.pos,
                    deal.number,
                )
            elif i:
                self.flag(
                    F.REPEATED_BID,
                    "only one double may be announced in a deal; the first is used",
                    announce.pos,
                    deal.number,
                )
        if "mordienne" not in self.ruleset.options:
            for concede in deal.concessions:
                self.flag(
                    F.OPTION_OFF,
                    "a concession needs the mordienne option",
                    concede.pos,
                    deal.number,
                )
        if "signals" not in self.ruleset.options:
            for signal in deal.signals:
                self.flag(
                    F.OPTION_OFF, "signal lines need the signals option", signal.pos, deal.number
                )

    def _check_signals(self, deal: Deal, hands: dict[str, set[str]]) -> list[SignalOutcome]:
        """A signal is allowed; one the signaller's hand does not bear out is a warning.

        Card signals (``monsieur``, ``borgne``...) and ``aces-N`` are checked
        against the hand at the moment of the signal; others are reported as
        made, since no card tells whether they are true.
        """
        if "signals" not in self.ruleset.options:
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
            if signal.what in _NAMED_SIGNALS:
                card = _NAMED_SIGNALS[signal.what]
                outcome.honest = card in held
                holds = "holds" if outcome.honest else "does not hold"
                outcome.fact = f"{signal.seat} {holds} {_card(card)}"
            elif m := _ACES.match(signal.what):
                aces = sum(1 for c in held if c[0] == "1")
                outcome.honest = aces == int(m.group(1))
                outcome.fact = f"{signal.seat} holds {_plural(aces, 'ace')}"
            if outcome.honest is False:
                self.flag(
                    F.SIGNAL_FALSE,
                    f"signal {signal.what} by {signal.seat} is not borne out:"
                    f" {outcome.fact} at that moment",
                    signal.pos,
                    deal.number,
                )
        return results

    # -- play ---------------------------------------------------------
    def _play(self, deal: Deal, hands: dict[str, set[str]]) -> list[TrickOutcome]:
        n = deal.number
        owner = {card: seat for seat, cards in hands.items() for card in cards}
        current = {seat: set(cards) for seat, cards in hands.items()}
        played: dict[str, int] = {}
        leader = left_of(deal.dealer)
        why_leader: tuple[str, int] = ("left", 0)  # why the leader leads: worded on error
        results: list[TrickOutcome] = []
        for i, trick in enumerate(deal.tricks, 1):
            if i > TRICKS_PER_DEAL:
                self.flag(
                    F.TRICK_COUNT,
                    f"trick {trick.number} is one too many: a deal has {TRICKS_PER_DEAL} tricks",
                    trick.pos,
                    n,
                    i,
                )
            if trick.number != i:
                self.flag(
                    F.TRICK_NUMBER,
                    f"trick {trick.number} should be trick {i}",
                    trick.pos,
                    n,
                    i,
                )
            order = seats_from(leader)
            plays = self._seat_plays(trick, order, leader, why_leader, n, i)
            self._check_cards(plays, trick, owner, current, played, n, i)
            winner, pourri, top = trick_result(plays, self.ruleset)
            cancelled = cancelled_cards(plays, self.ruleset)
            results.append(TrickOutcome(i, leader, plays, winner, pourri, top, cancelled))
            self._check_claim(trick, winner, pourri, top, n, i)
            if winner is not None:
                why_leader = ("won", i)
                leader = winner
            elif pourri:
                why_leader = ("pourri", i)
        decided = decided_after([t.winner for t in results], self.ruleset) is not None
        if len(deal.tricks) < TRICKS_PER_DEAL and not self._conceded and not decided:
            self.flag(
                F.TRICK_COUNT,
                f"the deal has {_plural(len(deal.tricks), 'trick')};"
                f" all {TRICKS_PER_DEAL} are played",
                deal.pos,
                n,
            )
        return results

    def _seat_plays(
        self,
        trick: Trick,
        order: tuple[str, ...],
        leader: str,
        why: tuple[str, int],
        n: int,
        i: int,
    ) -> list[tuple[str | None, str]]:
        plays: list[tuple[str | None, str]] = []
        wrong = None
        for j, play in enumerate(trick.plays):
            turn = order[j] if j < 4 else None
            seat = play.seat if play.seat is not None else turn
            if play.seat is not None and play.seat != turn and wrong is None:
                wrong = (j, play)
            plays.append((seat, play.card))
        if wrong is not None:
            j, play = wrong
            if j == 0:
                reason, k = why
                because = {
                    "left": f"{leader} is on the dealer's left",
                    "won": f"{leader} won trick {k}",
                    "pourri": f"trick {k} was {self._nobody}, so its leader {leader} leads again",
                }[reason]
                message = f"{play.seat} leads trick {i}, but {leader} should: {because}"
            elif j >= 4:
                message = f"{play.seat} plays a fifth card to trick {i}"
            else:
                message = (
                    f"{play.seat} plays when it is {order[j]}'s turn:"
                    f" {leader} led and play goes clockwise"
                )
            self.flag(F.OUT_OF_TURN, message, play.pos, n, i)
        if len(trick.plays) != 4:
            self.flag(
                F.TRICK_SIZE,
                f"trick {i} has {_plural(len(trick.plays), 'card')};"
                " each of the four players plays one",
                trick.pos,
                n,
                i,
            )
        return plays

    def _origin(self, card: str, holder: str) -> str:
        """How ``holder`` came to hold ``card``: dealt it, or took it in a chant."""
        if card in self._taken:
            return f"{holder} took it from the stock"
        return f"it was dealt to {holder}"

    def _check_cards(
        self,
        plays: list[tuple[str | None, str]],
        trick: Trick,
        owner: dict[str, str],
        current: dict[str, set[str]],
        played: dict[str, int],
        n: int,
        i: int,
    ) -> None:
        for (seat, card), play in zip(plays, trick.plays, strict=True):
            if card in played:
                self.flag(
                    F.PLAYED_TWICE,
                    f"card {card} was already played in trick {played[card]}",
                    play.pos,
                    n,
                    i,
                )
                continue
            played[card] = i
            if seat is None:
                continue
            holder = owner.get(card)
            if seat in current and card not in current[seat]:
                dealt = f"; {self._origin(card, holder)}" if holder else ""
                self.flag(
                    F.NOT_IN_HAND,
                    f"card {card} played by {seat} is not in {seat}'s hand{dealt}",
                    play.pos,
                    n,
                    i,
                )
            elif seat not in current and holder is not None and holder != seat:
                self.flag(
                    F.NOT_IN_HAND,
                    f"card {card} played by {seat} is not in {seat}'s hand;"
                    f" {self._origin(card, holder)}",
                    play.pos,
                    n,
                    i,
                )
            if seat in current:
                current[seat].discard(card)

    def _check_claim(
        self,
        trick: Trick,
        winner: str | None,
        pourri: bool,
        top: list[str],
        n: int,
        i: int,
    ) -> None:
        claim = trick.claim
        if claim is None or (winner is None and not pourri) or claim.seat == winner:
            return
        if pourri and self.ruleset.tie == "cancel":
            truth = f"it belongs to nobody: {_seat_list(top)} all cancel out"
        elif pourri:
            truth = f"it is pourri: {_seat_list(top)} tie for the top"
        else:
            truth = f"{winner}'s {_card(top[0])} is the highest card"
        claimed = "pourri" if claim.seat is None else f"for {claim.seat}"
        self.flag(F.TRICK_CLAIM, f"trick {i} is claimed {claimed}, but {truth}", claim.pos, n, i)

    # -- scoring ------------------------------------------------------
    def _score(self, deal: Deal, outcome: DealOutcome) -> None:
        n = deal.number
        concession = deal.concessions[0] if deal.concessions else None
        for extra in deal.concessions[1:]:
            self.flag(
                F.REPEATED_BID,
                "only one concession may be offered in a deal; the first is used",
                extra.pos,
                n,
            )
        if concession is not None and "mordienne" in self.ruleset.options:
            self._score_concession(deal, outcome, concession)
        elif outcome.sequence is not None:
            counts, winner, tie_break, point = deal_result(outcome.sequence, self.ruleset)
            outcome.counts, outcome.deal_winner = counts, winner
            outcome.tie_break, outcome.point = tie_break, point
            outcome.void = point is None
            if point is not None and deal.announces and self.ruleset.doubles:
                outcome.point = doubled(point, deal.announces[0].team)
        claim = deal.point
        if claim is None:
            return
        if outcome.void is None:
            # Nothing to check the claim against: the claim is the outcome.
            if claim.side is None:
                outcome.void = True
            else:
                team = claim.side if claim.side in TEAMS else team_of(claim.side)
                outcome.void = False
                outcome.point = PointOutcome(team, claim.points or 1)
                outcome.deal_winner = claim.side if claim.side in SEATS else None
            return
        claimed_points = claim.points or 1
        if outcome.void:
            if claim.side is not None:
                self.flag(
                    F.POINT_CLAIM,
                    f"point claimed for {claim.side}, but {self._void_reason(outcome)}:"
                    " the deal is void and scores nothing",
                    claim.pos,
                    n,
                )
            return
        point = outcome.point
        assert point is not None
        winner = outcome.deal_winner
        who = (
            f"{winner} wins the deal for {point.team}" if winner else f"{point.team} take the deal"
        )
        if outcome.counts and winner:
            who += f" with {_plural(outcome.counts[winner], 'trick')}"
        if claim.side is None:
            self.flag(F.POINT_CLAIM, f"point none claims a void deal, but {who}", claim.pos, n)
        elif (claim.side if claim.side in TEAMS else team_of(claim.side)) != point.team or (
            claim.side in SEATS and winner is not None and claim.side != winner
        ):
            self.flag(F.POINT_CLAIM, f"point claimed for {claim.side}, but {who}", claim.pos, n)
        elif claimed_points != point.points:
            because = point.reason or (
                "a mordienne scores 2" if point.mordienne else "a deal scores 1"
            )
            self.flag(
                F.POINT_CLAIM,
                f"point claims {claimed_points} for {point.team}, but the deal is worth"
                f" {point.points}: {because}",
                claim.pos,
                n,
            )

    def _void_reason(self, outcome: DealOutcome) -> str:
        """Why a deal scores nothing, as the record shows it."""
        sequence = outcome.sequence or []
        if sequence and all(seat is None for seat in sequence):
            return f"all {len(sequence)} tricks belong to nobody"
        totals = {team: sum(1 for s in sequence if s and team_of(s) == team) for team in TEAMS}
        return f"NS and EW have {totals['NS']} tricks each"

    def _score_concession(self, deal: Deal, outcome: DealOutcome, concession) -> None:
        """Mordienne surrender (RULES.md §7): accepted, 1 to the opponents;
        refused, the opponents must make mordienne: 2 to them or 2 to the conceders."""
        opponents = other_team(concession.team)
        if concession.accepted:
            outcome.void = False
            outcome.point = PointOutcome(
                opponents, 1, False, f"{concession.team} conceded and {opponents} accepted"
            )
            return
        if outcome.sequence is None:
            return
        counts, winner, tie_break, _ = deal_result(outcome.sequence, self.ruleset)
        outcome.counts, outcome.deal_winner, outcome.tie_break = counts, winner, tie_break
        outcome.void = False
        made = (
            winner is not None
            and team_of(winner) == opponents
            and is_mordienne(outcome.sequence, winner)
        )
        if made:
            outcome.point = PointOutcome(
                opponents, 2, True, f"{opponents} refused the concession and made mordienne"
            )
        else:
            outcome.point = PointOutcome(
                concession.team,
                2,
                False,
                f"{opponents} refused {concession.team}'s concession and did not make mordienne",
            )

    # -- the end ------------------------------------------------------
    def finish(self) -> GameOutcome:
        complete = game_over(self.scoring, self.score, self.ruleset)
        winner = None
        if complete:
            ns, ew = self.score["NS"], self.score["EW"]
            winner = "NS" if ns > ew else "EW" if ew > ns else "draw"
        result = next((t for t in self.tags if t.name == "Result"), None)
        if result is not None and result.value.strip() != "*":
            self._check_result(result, complete, winner)
        self.findings.sort(key=Finding.sort_key)
        return GameOutcome(
            self.index, self.ruleset, self.deals, dict(self.score), complete, winner, self.findings
        )

    def _check_result(self, tag: Tag, complete: bool, winner: str | None) -> None:
        m = _RESULT.match(tag.value)
        if m is None:
            self.flag(
                F.RESULT_FORMAT,
                f"Result {tag.value!r} is not understood: write 'NS 3-2', 'EW 4-1',"
                " 'draw 3-3' or '*'",
                tag.pos,
            )
            return
        side, a, b = m.group(1), int(m.group(2)), int(m.group(3))
        if (side == "draw") != (a == b) or a < b:
            self.flag(
                F.RESULT_FORMAT,
                f"Result {tag.value!r} does not add up: name the winning team and its"
                " score first, or 'draw' with equal scores",
                tag.pos,
            )
            return
        if not complete:
            self._check_unfinished(tag)
            return
        if self.unknown:
            return
        claimed = {"NS": a, "EW": b} if side in ("NS", "draw") else {"EW": a, "NS": b}
        if claimed != self.score:
            ns, ew = self.score["NS"], self.score["EW"]
            told = f"{winner} win" if winner != "draw" else "it is a draw"
            self.flag(
                F.RESULT_CLAIM,
                f"Result says {tag.value.strip()}, but the deals score NS {ns}, EW {ew}: {told}",
                tag.pos,
            )

    def _check_unfinished(self, tag: Tag) -> None:
        """A Result on a game the record does not finish (as far as it can tell)."""
        target = self.ruleset.game_target
        unfinished = '; write [Result "*"] for an unfinished game'
        if self.ruleset.game_length == "points":
            if not self.unknown:
                ns, ew = self.score["NS"], self.score["EW"]
                self.flag(
                    F.GAME_UNFINISHED,
                    f"Result claims a finished game, but the score is NS {ns}, EW {ew}"
                    f" and the game goes on until a team has {target} points" + unfinished,
                    tag.pos,
                )
            return
        most = self.scoring + self.unknown
        if most < target:
            count = ("at most " if self.unknown else "only ") + _plural(most, "scoring deal")
            self.flag(
                F.GAME_UNFINISHED,
                f"Result claims a finished game, but the record has {count} of {target}"
                + unfinished,
                tag.pos,
            )
