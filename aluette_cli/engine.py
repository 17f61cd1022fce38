"""The engine: replays a game under a ruleset and checks everything it claims.

It takes model objects and a :class:`~aluette_cli.rules.Ruleset` and returns
outcomes and findings.  It never reads files, prints, or formats a report.
The work is shared among small pieces, each one idea: the
:class:`~aluette_cli.table.Table` plays the cards, :mod:`deal_checks` checks
the deck, the chant and the optional lines, :mod:`scoring` scores the deal
and checks its point line, and the :class:`~aluette_cli.ledger.GameLedger`
keeps the deal numbers, the dealer's turn, the score and the Result.
:class:`GameReplay` hands each deal to them in turn.

The replay is incremental (:meth:`GameReplay.add` takes one deal at a time)
so that a game of any length is checked in constant memory.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import pairwise, product

from . import findings as F
from .cards import SEATS, TEAMS, TRICKS_PER_DEAL, left_of, seats_from, side_team
from .deal_checks import (
    Exchange,
    apply_chants,
    check_deck,
    check_option_lines,
    check_signals,
    hand_lines,
)
from .findings import Finding, Flags
from .ledger import GameLedger, ToldLedger, may_be_over
from .model import BrokenDeal, Deal, Draw, Pos, Tag, Trick, TrickClaim, deal_said
from .outcome import DealOutcome, GameOutcome, TrickOutcome
from .policies import DealResult, PointOutcome, TieBreak, mordienne_start
from .rules import Ruleset
from .scoring import UNKNOWN_TRIED, DealScore, score_deal, score_of, scored_as_bid
from .table import Problem, Table, dealer_shown, may_hold

# --------------------------------------------------------------------------
# The rules as pure functions, for programs that need one answer


def trick_result(
    plays: Iterable[tuple[str | None, str]], ruleset: Ruleset
) -> tuple[str | None, bool, list[str]]:
    """(winner, pourri, top cards) of a trick under the ruleset's tie policy.

    ``pourri`` means the trick belongs to nobody.  ``top`` is the card that
    takes the trick, or the cards whose tie left it to nobody.
    """
    result = ruleset.tie.result(list(plays), ruleset.strength)
    return result.winner, result.nobody, list(result.top)


def deal_result(
    sequence: Sequence[str | None], ruleset: Ruleset
) -> tuple[dict[str, int], str | None, TieBreak | None, PointOutcome | None]:
    """Counts, deal winner, tie-break and point from the winners of the tricks
    (None for a trick that belongs to nobody); no point means a void deal."""
    result = ruleset.deal_scoring.result(sequence, ruleset.deal_target, ruleset.mordienne)
    return result.counts, result.winner, result.tie_break, result.point


def is_mordienne(sequence: Sequence[str | None], seat: str) -> bool:
    """A comeback: ``seat`` won nothing before a final unbroken run of won tricks."""
    return mordienne_start(sequence, seat) is not None


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
        self.ruleset = ruleset
        self.flag = Flags(index)
        self.ledger = GameLedger(tags, ruleset, draw, self.flag)
        #: the game as the record tells it, once its claims part from the cards
        self._told: ToldLedger | None = None
        self.deals: list[DealOutcome] = []
        #: this deal's wrong trick claims: (trick index, claimed seat, finding)
        self._wrong_claims: list[tuple[int, str | None, Finding]] = []
        #: the deal's tricks without a claim that have a card fault: who each
        #: could go to mended, and the fault
        self._mended: list[tuple[int, frozenset[str | None], Finding]] = []
        #: the deal's one-sided chant (A405), whose silent chanter's stock
        #: cards follow from it
        self._chant_slips: dict[str, Finding] = {}
        #: whether this deal's replay left out tricks the record does not give
        self._skipped = False
        self._short: dict[str, Finding] = {}
        #: the deal last added, as read (None: checked whole, or unreadable):
        #: a deal below it that says the same is a copy, left out
        self._previous: Deal | None = None

    @property
    def findings(self) -> list[Finding]:
        return self.flag.found

    @property
    def over(self) -> bool:
        """Whether the game is over: a deal from here on is one too many (A106)."""
        return self.ledger.over_at is not None

    def add(self, deal: Deal | BrokenDeal) -> DealOutcome:
        previous = self._previous
        self._previous = deal if isinstance(deal, Deal) else None
        if (
            isinstance(deal, Deal)
            and previous is not None
            and (deal.number, deal.dealer) == (previous.number, previous.dealer)
            and deal_said(deal) == deal_said(previous)
        ):
            return _copy(self, deal)
        known = True  # whether the deal's dealer is known
        if isinstance(deal, Deal) and deal.guessed:
            known = _fill_header(deal, self.ledger, self.ruleset)
        before = len(self.flag.found)
        after_end = self.ledger.place(deal)
        if self._told is not None:
            self._told.also(before, lambda ledger: ledger.place(deal))
        if isinstance(deal, BrokenDeal):
            self.ledger.record(deal.number, deal.dealer, None, None)
            if self._told is not None:
                self._told.record(deal.number, deal.dealer, (None, None))
            outcome = DealOutcome(deal.number, deal.dealer, deal.pos, broken=True, error=deal.error)
        else:
            outcome = self._replay(deal, after_end, known)
        if self.keep:
            self.deals.append(outcome)
        return outcome

    def recall(self, deal: Deal) -> None:
        """The deal last added, when it came checked whole (:meth:`add_checked`)
        and the next deal's header is its own: what that deal is compared with."""
        self._previous = deal

    def add_checked(
        self,
        number: int,
        dealer: str,
        pos: Pos,
        point: PointOutcome | None,
        tricks: list[TrickOutcome] | None = None,
        result: DealResult | None = None,
    ) -> None:
        """A deal :class:`~aluette_cli.quickcheck.QuickCheck` found right: only
        its place in the game is checked, and its point recorded.  A replay
        that keeps outcomes is given the deal's ``tricks`` and ``result`` as
        well, and keeps the outcome the full replay would have made of them."""
        self._previous = None
        before = len(self.flag.found)
        after_end = self.ledger.place_header(number, dealer, pos)
        scored = self.ledger.record(number, dealer, point is None, point)
        if self._told is not None:
            self._told.also(before, lambda ledger: ledger.place_header(number, dealer, pos))
            self._told.record(number, dealer, (point is None, point))
        if self.keep and tricks is not None and result is not None:
            sequence = [t.winner for t in tricks]
            score = score_of(sequence, result, point)
            self.deals.append(
                _outcome(number, dealer, pos, tricks, sequence, score, scored, after_end)
            )

    def _replay(self, deal: Deal, after_end: Finding | None, known: bool = True) -> DealOutcome:
        ruleset, flag, n = self.ruleset, self.flag, deal.number
        # A concession accepted ends the deal: a short record of play is then legal.
        conceded = ruleset.mordienne and any(c.accepted for c in deal.concessions)
        start = len(flag.found)
        hands = check_deck(deal, flag, ruleset)
        #: the hands the record gives short of a card (A102), by seat
        self._short = _short_hands(flag.found[start:])
        before = len(flag.found)
        exchange = apply_chants(deal, hands, ruleset, flag, _dealers_else(deal, self.ledger))
        self._chant_slips = _chant_slips(flag.found[before:])
        check_option_lines(deal, ruleset, flag)
        tricks: list[TrickOutcome] = []
        sequence = None
        unknown: list[int] = []
        self._wrong_claims, self._mended = [], []
        if deal.tricks:
            tricks = self._play(deal, hands, exchange, conceded)
            if seated := _seated_as_played(deal, tricks, ruleset, flag, start):
                flag.drop(start)  # (the deal read again, with the seats the replay gave)
                outcome = self._replay(seated, after_end, known)
                outcome.read_as = seated
                return outcome
            _hands_crossed(flag, start, deal, ruleset)
            if deal.winners is not None:
                flag(F.PLAY_AND_SHEET, "", deal.winners.pos, n)
            last = deal.tricks[-1].pos
            sequence = _sequence(
                [t.winner for t in tricks],
                last,
                n,
                "lines",
                conceded,
                ruleset,
                flag,
                self._wrong_claims,
                self._mended,
            )
            if sequence is not None and self._skipped:
                # Tricks the record does not give: scoring tries every way
                # they could have gone.
                unknown = [k for k, t in enumerate(tricks[: len(sequence)]) if t.unknown]
        elif deal.winners is not None:
            entries = deal.winners.entries
            tricks = [TrickOutcome(i, None, [], s, s is None, []) for i, s in enumerate(entries, 1)]
            sequence = _sequence(
                list(entries), deal.winners.pos, n, "sheet", conceded, ruleset, flag, []
            )
        before = len(flag.found)
        sequence, score = _scored(deal, sequence, tricks, unknown, conceded, ruleset, flag)
        raised = flag.found[before:]
        wrong, mended = self._wrong_claims, self._mended
        told, cause = _as_told(deal, tricks, sequence, raised, wrong, mended, ruleset, flag)
        if cause is not None:
            self._told = ToldLedger.starting(self._told, self.ledger, cause)
        signals = check_signals(deal, hands, ruleset, flag, exchange)
        dealers = {deal.dealer, *(self.ledger.instead or ())}
        first = next((t.plays for t in tricks if t.number == 1), None)
        shown = _shown_dealer(deal, dealers, first, ruleset, flag, start, exchange.kept)
        dealt = deal.dealer if known else None  # who the next deal passes from
        side = None
        if score.taker:  # (its team, and the least the ways it went give)
            least = min(p.points for p, _ in score.possible if p is not None)
            side = (side_team(score.taker), least)
        scored = self.ledger.record(n, dealt, score.void, score.point, shown, side)
        if self._told is not None:
            self._told.record(n, dealt, (score.void, score.point), told, cause, shown)
        # (a stand-in dealer is no dealer the record gives: none is shown)
        outcome = _outcome(n, dealt, deal.pos, tricks, sequence, score, scored, after_end)
        outcome.from_sheet = not deal.tricks and deal.winners is not None
        outcome.signals, outcome.chant_dealer = signals, exchange.dealer
        outcome.chants_made = exchange.made
        return outcome

    def _play(
        self, deal: Deal, hands: dict[str, set[str]], exchange: Exchange, conceded: bool
    ) -> list[TrickOutcome]:
        """The trick lines, card by card, through the table."""
        flag, n = self.flag, deal.number
        stock = deal.stock.cards if deal.stock is not None else ()
        table = Table(self.ruleset, deal.dealer, hands, exchange, stock)
        instead = self.ledger.instead
        if instead is not None and len(instead) == 1:
            # A wrong dealer (A105): the left of the one who should have dealt may lead.
            table.also_lead(left_of(next(iter(instead))))
        tricks = in_number_order(deal, flag)
        # Tricks missing from the numbers are blamed on unreadable lines first.
        unexplained = unread_tricks(deal)
        self._skipped = False
        play_card, play_all = table.play, table.play_all
        #: the cards written as a trick's fifth (A205), whose playing again follows from it
        extras: dict[str, tuple[Finding, str | None]] = {}
        #: the last trick, if it had no claim and a card fault: its findings,
        #: the fault, and what it gave (the next lead may follow from it)
        unclaimed: tuple[list[Finding], Finding, TrickOutcome] | None = None
        #: the first of a run of tricks misnumbered by one shift, the shift,
        #: and the last trick of the run
        shifted: tuple[Finding, int, int] | None = None
        for trick in tricks:
            expected = table.number
            if expected < trick.number <= TRICKS_PER_DEAL and _gap_at(tricks, trick):
                self._skipped = True
                gap = trick.number - expected
                if gap > unexplained:
                    gone = _missing(expected, trick.number)
                    flag(F.TRICK_NUMBER, "missing", trick.pos, n, trick.number, **gone)
                unexplained = max(0, unexplained - gap)
                table.skip(gap)
            i = table.number
            if i > TRICKS_PER_DEAL:
                flag(F.TRICK_COUNT, "extra", trick.pos, n, i, number=trick.number, tricks=9)
            if trick.number != i:
                found = flag(F.TRICK_NUMBER, "", trick.pos, n, i, number=trick.number, expected=i)
                shifted = _renumbered(flag, found, i, trick.number, shifted)
            claimed = trick.claim.seat if trick.claim is not None else False
            if not table.settle_lead(trick.plays, claimed):
                # After a missing trick, cards alone and nothing to say who
                # led them: nothing said of who played them could be true.
                wrong = table.skip_unseated([p.card for p in trick.plays], trick.pos.line, claimed)
                place(flag, wrong, (trick.claim or trick).pos, n, i)
                self._skipped = True
                continue
            cause = None  # a card the player did not hold: the claim may follow from it
            start = len(flag.found)
            for play in () if play_all(trick.plays) else table.seated(trick.plays):
                problems = play_card(play.seat, play.card)
                if problems:
                    place(flag, problems, play.pos, n, i)
                    _played_again(flag, len(problems), extras, play.seat)
                    _after_chant_slip(flag, self._chant_slips, play.seat, problems)
                    said = flag.found[-len(problems) :]
                    if self._short:
                        _dropped_from_hand(flag, said, self._short, stock)
                    if cause is None:  # the card's fault itself, not a turn said before it
                        cause = next((f for f in said if f.code in _CARD_FAULTS), None)
            _wrong_way_round(flag, start, trick, table.leader)
            _seat_mistyped(flag, start, trick, table)
            outcome, closing = table.end_trick()
            outcome.line = trick.pos.line
            size, explains = None, False
            if closing:
                place(flag, closing, trick.pos, n, i)
                size, extra = _size_cause(flag, start, trick)
                if size is not None and (cause is None or (cause.line, cause.column) in extra):
                    cause = size
                    explains = _size_explains(trick, extra, outcome, claimed, table, self.ruleset)
                extras.update(_extra_cards(trick, extra, size, table.held))
            if len(flag.found) > start and (
                claimed is False
                or claimed == outcome.winner
                or not (outcome.winner or outcome.pourri)
            ):
                _slip_before(flag, start, outcome, table, self._wrong_claims, self.ruleset, deal)
            if unclaimed is not None and unclaimed[2].number == i - 1:
                _lead_follows(flag, start, unclaimed, table, self.ruleset)
            unclaimed = None
            claim = trick.claim
            if claim is None and cause is not None and cause.code in _CARD_FAULTS:
                unclaimed = (flag.found[start:], cause, outcome)
                # (the point line may be right for the trick mended)
                mended = _mended_winners(flag.found[start:], cause, outcome, table, self.ruleset)
                self._mended.append((len(table.tricks) - 1, mended, cause))
            if claim is None or (outcome.winner is None and not outcome.pourri):
                continue
            if claim.seat == outcome.winner:
                continue
            explained = explains if cause is size else None
            where = (n, i, start)
            found = _claim_wrong(flag, where, claim, outcome, cause, explained, table, self.ruleset)
            self._wrong_claims.append((len(table.tricks) - 1, claim.seat, found))
        short = TRICKS_PER_DEAL - len(table.tricks)
        if short > 0 and unexplained and table.decided_after() is None:
            # Trick lines that could not be read at the end of the deal.
            self._skipped = True
            table.skip(min(short, unexplained))
        _short_deal(flag, table, deal, conceded, self._wrong_claims, self.ruleset)
        return table.tricks

    def finish(self) -> GameOutcome:
        before = len(self.flag.found)
        complete, winner = self.ledger.finish()
        if self._told is not None:
            self._told.also(before, GameLedger.finish)
        self.findings.sort(key=Finding.sort_key)
        score = dict(self.ledger.score)
        found, unscored = self.findings, self.ledger.unscored
        outcome = GameOutcome(
            self.index, self.ruleset, self.deals, score, complete, winner, found, unscored
        )
        outcome.may_be_over = not complete and may_be_over(self.ledger)
        return outcome


def _seated_as_played(
    deal: Deal, tricks: list[TrickOutcome], ruleset: Ruleset, flag: Flags, start: int
) -> Deal | None:
    """The deal with its cards alone seated as the replay seated them
    (``tricks``), where with those seats the deck's check reads the hand
    lines otherwise than it did before play (lines under one another's
    seats, A110; a line given twice that is another seat's, A107): the
    seats written tell what cards alone did not, and the replay seats a
    line by the hands where the turn does not fit them.  The deal is then
    read again so, as it reads with its seats written (``fmt --style
    seats``), so that both say one thing.  None otherwise: most deals,
    every seat written, or fewer than three cards away from their lines
    (the replay's A203 from ``start`` on ``flag``) where no hand line is
    given twice (the one line of a seat then missing plays no card away:
    its player's cards are not checked).  Each reading seats more cards,
    so reading again ends."""
    away = sum(f.code == F.NOT_IN_HAND for f in flag.found[start:])
    if away < 3 and not deal.extra_hands:
        return None
    if all(p.seat is not None for t in deal.tricks for p in t.plays):
        return None
    played = line_seats(deal, tricks)
    if len(played) != len(deal.tricks):
        return None  # (trick lines the replay did not place: nothing to seat them by)
    lines = []
    for trick, seats in zip(deal.tricks, played, strict=True):
        if len(seats) == len(trick.plays):
            plays = zip(trick.plays, seats, strict=True)
            trick = replace(trick, plays=[replace(p, seat=p.seat or s) for p, s in plays])
        lines.append(trick)
    seated = replace(deal, tricks=lines)
    before, after = hand_lines(deal, ruleset), hand_lines(seated, ruleset)
    same = before.keys() == after.keys() and all(after[s] is before[s] for s in before)
    return None if same else seated


def _copy(replay: GameReplay, deal: Deal) -> DealOutcome:
    """A deal pasted twice: one A104, and the copy left out of the game,
    as a trick line written twice is left out of its deal (A201)."""
    found = replay.flag(F.DEAL_NUMBER, "copy", deal.pos, deal.number, number=deal.number)
    outcome = DealOutcome(deal.number, deal.dealer, deal.pos, copy_of=found)
    if replay.keep:
        replay.deals.append(outcome)
    return outcome


def _dealers_else(deal: Deal, ledger: GameLedger) -> set[str]:
    """Who else may have dealt the deal than its header says, for its chants
    (a slip in the header leaves them right for the real dealer): the seat
    the turn wanted (A105), or on the first deal, where no turn says, the
    leader's right where trick 1's four seats are written in turn."""
    others = set(ledger.instead or ())
    first = deal.tricks[0] if deal.tricks and deal.tricks[0].number == 1 else None
    order = tuple(play.seat for play in first.plays) if first is not None else ()
    leader = order[0] if order else None
    led_by = {left_of(dealer) for dealer in others}
    header = left_of(deal.dealer) if deal.dealer is not None else None
    if leader is not None and leader == header and leader not in led_by:
        others = set()  # (the first lead says the header's dealer dealt after all)
    if ledger.previous is None and leader is not None and order == seats_from(leader):
        others.add(left_of(left_of(left_of(leader))))  # the leader's right
    return others


def _shown_dealer(
    deal: Deal,
    dealers: set[str],
    first: Sequence[tuple[str | None, str]] | None,
    ruleset: Ruleset,
    flag: Flags,
    start: int,
    kept: Mapping[str, str],
) -> str | None:
    """:func:`table.dealer_shown`; where trick 1 shows another dealer, the
    A202 of its lead (among the deal's findings from ``start``) says that
    the header's dealer may be the slip, the line to fix."""
    shown = dealer_shown(first, hand_lines(deal, ruleset), dealers, kept)
    if shown is not None:
        for finding in flag.found[start:]:
            if finding.code == F.OUT_OF_TURN and finding.trick == 1 and "previous" in finding.facts:
                flag.reword(finding, "lead-left-dealer", shown=shown, dealer=deal.dealer)
                break
    return shown


def _after_chant_slip(
    flag: Flags, slips: Mapping[str, Finding], seat: str | None, problems: Sequence[Problem]
) -> None:
    """A stock card played by a chanter whose chant line is missing, or
    takes a card wrong, follows from that chant's A405 (``slips``, by the
    chanter): the exchange was made, and the line says it wrong."""
    chant = slips.get(seat) if seat is not None else None
    if chant is None:
        return
    placed = flag.found[-len(problems) :]
    for problem, finding in zip(problems, placed, strict=True):
        if problem.code == F.NOT_IN_HAND and problem.variant == "stock":
            flag.follows(finding, chant)


def _sequence(
    winners: list[str | None],
    pos: Pos,
    n: int,
    source: str,
    conceded: bool,
    ruleset: Ruleset,
    flag: Flags,
    wrong_claims: Sequence[tuple[int, str | None, Finding]],
    mended: Sequence[tuple[int, frozenset[str | None], Finding]] = (),
) -> list[str | None] | None:
    """The trick winners that decide the deal, or None if the record stops
    short: a deal conceded and accepted stops where it was conceded, and
    its tricks are all there are.

    Under rules where a deal can be decided early (team-five), play stops
    there: tricks after that point are reported and left out (after wrong
    claims, ``wrong_claims``, as following from the first where the claims
    end it no sooner; in a record without claims, from the first card
    fault where the deal mended, ``mended``, ends no sooner).  Trick lines
    (A206) and sheet entries (A207) past the ninth are reported and decide
    nothing: a deal has nine tricks.
    """
    if source == "lines":
        winners = winners[:TRICKS_PER_DEAL]
    decided = ruleset.deal_scoring.decided_after(winners, ruleset.deal_target)
    if decided is not None:
        if len(winners) > decided:
            flag_facts = {"decided": decided, "last": len(winners)}
            found = flag(F.TRICK_AFTER_END, source, pos, n, **flag_facts)
            if wrong_claims and source == "lines":
                # by the claims, play went on no further than they say
                told = claimed_winners(winners, wrong_claims)
                ends = ruleset.deal_scoring.decided_after(told, ruleset.deal_target)
                if ends is None or ends >= len(winners):
                    flag.follows(found, wrong_claims[0][2])
            elif mended and source == "lines":
                for told in _mendings(winners, mended):
                    ends = ruleset.deal_scoring.decided_after(told, ruleset.deal_target)
                    if ends is None or ends >= len(winners):
                        flag.follows(found, mended[0][2])
                        break
        return winners[:decided]
    short = len(winners) < TRICKS_PER_DEAL  # (a conceded deal may stop short)
    if source == "sheet" and len(winners) != TRICKS_PER_DEAL and not (short and conceded):
        flag(F.SHEET_SIZE, "", pos, n, count=len(winners), tricks=TRICKS_PER_DEAL)
    return None if short and not conceded else winners[:TRICKS_PER_DEAL]


def _scored(
    deal: Deal,
    sequence: list[str | None] | None,
    tricks: list[TrickOutcome],
    unknown: list[int],
    conceded: bool,
    ruleset: Ruleset,
    flag: Flags,
) -> tuple[list[str | None] | None, DealScore]:
    """The deal's score (:func:`scoring.score_deal`) and the trick winners
    it is scored from (None: the record stops short of deciding it).

    Trick lines that stop short (A206) by a few tricks leave them unknown,
    as a missing line does in the middle: the deal is scored where the
    tricks given decide it whoever took the rest, and its point line
    checked against that.  Not a sheet short of entries (A207): which entry
    is missing it does not say, and the others may each stand a trick off."""
    if sequence is None and deal.tricks and not conceded:
        tail = [k for k, t in enumerate(tricks) if t.unknown]
        tail += range(len(tricks), TRICKS_PER_DEAL)
        if len(tail) <= UNKNOWN_TRIED:
            given: list[str | None] = [t.winner for t in tricks]
            filled = given + [None] * (TRICKS_PER_DEAL - len(tricks))
            score = score_deal(deal, filled, tricks, ruleset, flag, tail)
            # (the tricks past its last line are unknown as a missing one in
            # the middle is: each has its place, its row, its '?')
            tricks += [
                TrickOutcome(k + 1, None, [], None, False, [])
                for k in range(len(tricks), TRICKS_PER_DEAL)
            ]
            return (filled if score.decided else None), score
    return sequence, score_deal(deal, sequence, tricks, ruleset, flag, unknown)


def _renumbered(
    flag: Flags, found: Finding, i: int, number: int, shifted: tuple[Finding, int, int] | None
) -> tuple[Finding, int, int]:
    """A trick misnumbered (A201, ``found``) that is numbered on from the
    trick before, misnumbered by the same shift (10 to 18, going on from
    the deal before; 4 twice, then 4 to 8), follows from the first of the
    run (``shifted``: that one, the shift, the run's last trick): one slip."""
    shift = number - i
    if shifted is not None and shifted[1:] == (shift, i - 1):
        flag.follows(found, shifted[0])
        return shifted[0], shift, i
    return found, shift, i


def point_follows_claims(
    deal: Deal,
    tricks: list[TrickOutcome],
    raised: list[Finding],
    wrong: Sequence[tuple[int, str | None, Finding]],
    ruleset: Ruleset,
    flag: Flags,
) -> tuple[PointOutcome | None] | None:
    """A point line that is wrong only because trick claims were wrong (it is
    right for the winners the claims give) follows from the first of them;
    the point the record then tells (None: void), else None."""
    point_findings = [f for f in raised if f.code == F.POINT_CLAIM]
    if not point_findings or deal.point is None:
        return None
    told = _point_line_agrees(deal, claimed_winners([t.winner for t in tricks], wrong), ruleset)
    if told is None:
        return None
    for finding in point_findings:
        flag.follows(finding, wrong[0][2])
    return told


def _point_line_agrees(
    deal: Deal, winners: list[str | None], ruleset: Ruleset
) -> tuple[PointOutcome | None] | None:
    """The point these trick winners give (None: void), where the deal's
    point line says it, else None."""
    claim = deal.point
    assert claim is not None
    ends = ruleset.deal_scoring.decided_after(winners, ruleset.deal_target)
    winners = winners[:TRICKS_PER_DEAL] if ends is None else winners[:ends]
    score = scored_as_bid(deal, winners, ruleset)
    point = score.point
    if claim.side is None:
        agrees = point is None
    else:
        team = side_team(claim.side)
        agrees = (
            point is not None
            and point.team == team
            and (claim.points or 1) == point.points
            and (claim.side in TEAMS or claim.side == score.winner)
        )
    return (point,) if agrees else None


def _mendings(
    given: list[str | None], mended: Sequence[tuple[int, frozenset[str | None], Finding]]
) -> Iterator[list[str | None]]:
    """The trick winners ``given``, with the tricks without a claim whose card
    fault could give them another winner (the first few, as for tricks the
    record does not give) going each way it could."""
    tried = [(k, sorted(seats, key=lambda s: s or "")) for k, seats, _ in mended if k < len(given)]
    tried = tried[:UNKNOWN_TRIED]
    for choice in product(*(seats for _, seats in tried)):
        winners = list(given)
        for (k, _), seat in zip(tried, choice, strict=True):
            winners[k] = seat
        yield winners


def _point_follows_faults(
    deal: Deal,
    tricks: list[TrickOutcome],
    raised: list[Finding],
    mended: Sequence[tuple[int, frozenset[str | None], Finding]],
    ruleset: Ruleset,
    flag: Flags,
) -> tuple[PointOutcome | None] | None:
    """A point line wrong for the cards, in a record without claims, that is
    right for the deal with its card faults mended (each trick without a
    claim whose fault could give it another winner, :func:`_mended_winners`;
    the first few, as for tricks the record does not give): it follows from
    the first fault, as it would from a wrong claim; the point the record
    then tells, else None."""
    point_findings = [f for f in raised if f.code == F.POINT_CLAIM and f.consequence_of is None]
    if not point_findings or deal.point is None or not mended:
        return None
    for winners in _mendings([t.winner for t in tricks], mended):
        told = _point_line_agrees(deal, winners, ruleset)
        if told is not None:
            for finding in point_findings:
                flag.follows(finding, mended[0][2])
            return told
    return None


def _as_told(
    deal: Deal,
    tricks: list[TrickOutcome],
    sequence: list[str | None] | None,
    raised: list[Finding],
    wrong: Sequence[tuple[int, str | None, Finding]],
    mended: Sequence[tuple[int, frozenset[str | None], Finding]],
    ruleset: Ruleset,
    flag: Flags,
) -> tuple[tuple[PointOutcome | None] | None, Finding | None]:
    """The point the record tells where its point line is wrong for the
    cards (None: the line is right, or tells nothing), and the finding the
    game as the record tells it starts from: the first wrong claim, where
    the claims explain the point line (:func:`point_follows_claims`), or
    the point line's own A302 (:func:`_point_as_told`)."""
    if wrong and sequence is not None:
        told = point_follows_claims(deal, tricks, raised, wrong, ruleset, flag)
        if told is not None:
            return told, wrong[0][2]
    if mended and sequence is not None and not wrong:
        told = _point_follows_faults(deal, tricks, raised, mended, ruleset, flag)
        if told is not None:
            return told, mended[0][2]
    own = _point_as_told(deal, raised) if raised else None
    return (None, None) if own is None else ((own[1],), own[0])


def _point_as_told(
    deal: Deal, raised: Sequence[Finding]
) -> tuple[Finding, PointOutcome | None] | None:
    """A point line wrong for the cards (A302, among ``raised``), a mistake
    of its own: the finding and the point the record tells (None: void),
    for the game as the record tells it (:class:`ToldLedger`), whose
    Result, dealers and end follow the record's points.  None where the
    line is right, follows from a claim, names a value no deal of the rules
    is worth (A307 with no side, or 0: the record tells no point), or stands
    beside tricks the record does not give (the cards then decide nothing).
    A value the rules allow but not this deal (A307: a refused concession's
    1, a 2 without a double; a mordienne's 2 where the option is off, the
    point the game had with it) is the point the record tells."""
    claim = deal.point
    wrong = next(
        (
            f
            for f in raised
            if f.code == F.POINT_CLAIM and f.consequence_of is None and "which" not in f.facts
        ),
        None,
    )
    value = next((f for f in raised if f.code == F.POINT_VALUE), None)
    if value is not None and wrong is None and value.facts.get("option") == "mordienne":
        wrong = value  # a mordienne's 2 without the option: the record's point is that
    elif value is not None and wrong is None and "because" in value.facts and claim:
        # a number the rules do not give this deal (a refused concession's
        # 1, a 2 without a double): the record counts it all the same, and
        # a Result or an end that follow the record's points follow from it
        wrong = value if claim.side is not None else None
    elif value is not None:
        return None
    if claim is None or wrong is None:
        return None
    if claim.side is None:
        return wrong, None
    return wrong, PointOutcome(side_team(claim.side), claim.points or 1)


def claimed_winners(
    winners: Sequence[str | None], wrong: Sequence[tuple[int, str | None, Finding]]
) -> list[str | None]:
    """The trick winners as the record's claims give them: where a claim
    was wrong (A301), the seat it names."""
    claimed = list(winners)
    for k, seat, _ in wrong:
        if k < len(claimed):
            claimed[k] = seat
    return claimed


def _outcome(
    number: int | None,
    dealer: str | None,
    pos: Pos,
    tricks: list[TrickOutcome],
    sequence: list[str | None] | None,
    score: DealScore,
    scored: bool,
    after_end: Finding | None,
) -> DealOutcome:
    """A replayed deal's outcome, made in one place for both replays."""
    return DealOutcome(
        number,
        dealer,
        pos,
        tricks,
        counts=score.counts,
        sequence=sequence,
        deal_winner=score.winner,
        tie_break=score.tie_break,
        point=score.point,
        void=score.void,
        void_reason=score.void_reason,
        taker=score.taker,
        mordienne_from=score.mordienne_from,
        unknown=list(score.unknown),
        decided=score.decided,
        scored=scored,
        after_end=after_end,
    )


def unread_tricks(deal: Deal) -> int:
    """How many of the deal's lines that could not be read may be trick
    lines: not its header's, nor those above its last hand or stock line,
    where a deal's lines before its play stand, unless a trick stands as
    high (an unreadable hand line is no trick the record left unread:
    counted one, the deal got a trick nobody wrote, and lost the A206 of
    its missing ones)."""
    # (places, not lines: a record read from JSON stands on one line of it)
    before_play = [deal.pos, *(hand.pos for hand in deal.hands.values())]
    if deal.stock is not None:
        before_play.append(deal.stock.pos)
    last = max(before_play)
    first = min((trick.pos for trick in deal.tricks), default=None)
    return sum(
        1
        for f in deal.left_unread()
        if Pos(f.line, f.column) > last or (first is not None and Pos(f.line, f.column) >= first)
    )


#: trick numbers as a deal writes them, to see at a glance that they need no sorting
_COUNTING = list(range(1, TRICKS_PER_DEAL + 1))


def _short_deal(
    flag: Flags,
    table: Table,
    deal: Deal,
    conceded: bool,
    wrong_claims: list,
    ruleset: Ruleset,
) -> None:
    """A deal whose trick lines stop before nine (A206), unless a concession
    ended it, its missing lines could not be read, or a missing trick may
    have decided it.  Where some claims are wrong, the claims say too: a
    deal they leave undecided is short even where the cards as written end
    it sooner (a marked A209), and one they decide at its last line is short
    only as a consequence of the first wrong claim."""
    if len(table.tricks) >= TRICKS_PER_DEAL or conceded or unread_tricks(deal):
        return  # (unread: the tricks may be the lines that could not be read)
    told = claimed_winners([t.winner for t in table.tricks], wrong_claims) if wrong_claims else None
    ends = ruleset.deal_scoring.decided_after(told, ruleset.deal_target) if told else None
    if table.decided_after(guess=True) is not None and (told is None or ends is not None):
        return
    short = flag(F.TRICK_COUNT, "short", deal.pos, deal.number, count=len(table.tricks), tricks=9)
    if told is not None and ends == len(told):
        flag.follows(short, wrong_claims[0][2])


def _claim_wrong(
    flag: Flags,
    where: tuple[int | None, int, int],
    claim: TrickClaim,
    outcome: TrickOutcome,
    cause: Finding | None,
    explained: bool | None,
    table: Table,
    ruleset: Ruleset,
) -> Finding:
    """A trick's claim that is not what its cards give (A301): the finding,
    marked as following from the trick's own fault (``cause``: a card not
    held, or a trick's size, which ``explained`` says of itself) where that
    fault can explain it.  The record goes on from its claim: the claimed
    winner may lead next; after a claim of nobody, the leader (the
    record's, or the rules').  ``where``: the deal's number, the trick's, and
    where the trick's findings start."""
    n, i, start = where
    facts: dict[str, object] = {
        "trick": i,
        "claimed": "pourri" if claim.seat is None else f"for {claim.seat}",
    }
    if outcome.pourri:
        facts["truth"] = ruleset.tie.nobody_truth(outcome.top)
        found = flag(F.TRICK_CLAIM, "nobody", claim.pos, n, i, **facts)
    else:
        facts.update(winner=outcome.winner, card=outcome.top[0])
        variant = "winner"
        if outcome.cancelled:  # stronger cards were played, and cancelled out
            facts["cancelled"], variant = outcome.cancelled, "winner-left"
        found = flag(F.TRICK_CLAIM, variant, claim.pos, n, i, **facts)
    if cause is not None and (
        explained
        if explained is not None
        else _could_follow(flag.found[start:], cause, outcome, claim.seat, table, ruleset)
    ):
        found = flag.follows(found, cause)
    nobody = (outcome.leader, table.rightful)
    table.also_lead(*nobody if claim.seat is None else (claim.seat,))
    return found


def _mended_winners(
    said: Sequence[Finding], cause: Finding, outcome: TrickOutcome, table: Table, ruleset: Ruleset
) -> frozenset[str | None]:
    """Who a trick without a claim, with a card fault, could go to mended
    (:func:`_could_follow`): the winners the point line may have counted."""
    return frozenset(
        seat for seat in (*SEATS, None) if _could_follow(said, cause, outcome, seat, table, ruleset)
    )


def _could_follow(
    said: Sequence[Finding],
    cause: Finding,
    outcome: TrickOutcome,
    claimed: str | None,
    table: Table,
    ruleset: Ruleset,
) -> bool:
    """Whether the card faults of a trick (A203, A204; ``said``, the trick's
    findings) can explain its wrong claim: the claimed outcome is what the
    trick gives with its cards played by their holders (seats or cards
    written the wrong way round), or with some card of the first faulty
    player's hand in place of the card not held (a card miswritten).  Where
    neither does, the claim is a mistake of its own, to act on.  An unknown
    hand, or a fault that is not a card's, can explain anything."""
    if cause.code not in _CARD_FAULTS:
        return True

    def gives(plays: list[tuple[str | None, str]]) -> bool:
        return _gives(plays, claimed, ruleset)

    # (a card the player discarded in its own chant has no other holder to
    # play it: it was miswritten, like a card not held at all)
    holders = {
        f.facts["card"]: f.facts["holder"]
        for f in said
        if f.code == F.NOT_IN_HAND and f.facts.get("holder") not in (None, f.facts.get("seat"))
    }
    if holders and gives([(holders.get(card, seat), card) for seat, card in outcome.plays]):
        return True
    card = cause.facts.get("card")
    faulty = {f.facts["seat"] for f in said if f.code == F.NOT_IN_HAND}
    if holders.get(card) in faulty:
        return False  # cards of the trick moved round: the holders' reading is the repair
    # The play at fault: a card played twice in one trick (A204) where it
    # comes again; a card not held (A203) where it comes first, its holder
    # free to play it after.
    at = [k for k, (_, c) in enumerate(outcome.plays) if c == card]
    k = (at[-1] if cause.code == F.PLAYED_TWICE else at[0]) if at else None
    seat = outcome.plays[k][0] if k is not None else None
    hand = table.held.get(seat) if seat is not None else None
    if k is None or hand is None:
        return True
    return any(
        gives([*outcome.plays[:k], (seat, other), *outcome.plays[k + 1 :]]) for other in hand
    )


def _slip_before(
    flag: Flags,
    start: int,
    outcome: TrickOutcome,
    table: Table,
    wrong: Sequence[tuple[int, str | None, Finding]],
    ruleset: Ruleset,
    deal: Deal,
) -> None:
    """A card played again (A204, among the trick's findings from ``start``)
    in a trick whose claim holds, after an earlier trick whose claim was
    wrong (A301, ``wrong``) but holds with another card of the first
    player's in its place: the card was written in the earlier trick for
    the one played there, which the A301 says where it happened, and its
    playing here follows from that slip.  Without a claim, the lead of the
    trick after it says as much, where it was out of turn (A202,
    :func:`_leads_told`).  Only those can tell which of the two lines is
    wrong; without either, the A204 stands alone.

    Where the record gives the first player's hand, the card came again
    from that player (a card of another's hand would have been A203 there)
    and the card meant is in the hand; where it does not, any card nobody
    has played yet may be the one (:func:`table.may_hold`), and the card
    may come again from its holder."""
    if not any(f.code == F.PLAYED_TWICE for f in flag.found[start:]):
        return
    wrong = [*wrong, *_leads_told(flag, table, deal)]
    claims = {table.tricks[index].number: (seat, found) for index, seat, found in wrong}
    for finding in flag.found[start:]:
        if finding.code != F.PLAYED_TWICE or finding.consequence_of is not None:
            continue
        card, previous = finding.facts["card"], finding.facts["previous"]
        claimed, claim = claims.get(previous, (None, None))
        if claim is None or claim.consequence_of is not None:
            continue
        before = next(t for t in table.tricks if t.number == previous)
        k = next((k for k, (_, c) in enumerate(before.plays) if c == card), None)
        first = before.plays[k][0] if k is not None else None
        if k is None or first is None:
            continue
        known = first in table.held
        if known and not any(s == first and c == card for s, c in outcome.plays):
            continue  # another player played it again: a mistake of its own

        instead, again = _giving(table, before, k, claimed, ruleset), False
        if not instead and claim.code == F.OUT_OF_TURN and claimed == before.leader:
            # (its leader leading again: the trick was pourri, as the lead tells)
            instead, again = _giving(table, before, k, None, ruleset), True
        if instead:
            facts: dict[str, object] = {"instead": instead} if known else {}
            variant = "slip" if known else "slip-unseen"
            if claim.code == F.OUT_OF_TURN:  # told by the lead after it
                variant = variant.replace("slip", "slip-again" if again else "slip-lead")
                facts.update(leader=claimed, next=previous + 1)
            said = flag.reword(finding, variant, seat=first, **facts)
            flag.follows(said, claim)


def _giving(
    table: Table, before: TrickOutcome, k: int, goes: str | None, ruleset: Ruleset
) -> list[str]:
    """The cards its player may hold that, in place of the ``k``-th card of
    the trick ``before``, make it go as ``goes`` says (a seat, or nobody)."""
    first, _ = before.plays[k]
    assert first is not None
    plays = before.plays
    return [
        other
        for other in sorted(may_hold(table, first))
        if _gives([*plays[:k], (first, other), *plays[k + 1 :]], goes, ruleset)
    ]


def _leads_told(flag: Flags, table: Table, deal: Deal) -> list[tuple[int, str | None, Finding]]:
    """The deal's leads out of turn (A202) after a trick without a claim,
    as wrong claims of that trick: the record's leader is the one it took
    to have won it, as a claim would say (for :func:`_slip_before`)."""
    # (a trick line is known by its cards: in a record read from JSON, a
    # game's lines are one)
    unclaimed = [[p.card for p in t.plays] for t in deal.tricks if t.claim is None]
    told = []
    for finding in reversed(flag.found):  # the deal's, the last raised
        if finding.deal != deal.number:
            break
        previous = finding.facts.get("previous")
        if finding.code != F.OUT_OF_TURN or previous is None or "leader" not in finding.facts:
            continue
        index = next((k for k, t in enumerate(table.tricks) if t.number == previous), None)
        if index is not None and [c for _, c in table.tricks[index].plays] in unclaimed:
            told.append((index, finding.facts["seat"], finding))
    return told


def _gives(
    plays: list[tuple[str | None, str]], claimed: str | bool | None, ruleset: Ruleset
) -> bool:
    """Whether a trick of these plays goes as ``claimed`` (a seat, or None:
    to nobody)."""
    winner, nobody, _ = trick_result(plays, ruleset)
    return (nobody and claimed is None) or (winner is not None and winner == claimed)


def _wrong_way_round(flag: Flags, start: int, trick: Trick, leader: str) -> None:
    """Players of one trick who each played the card of another of them, in
    a cycle (two cards, or seats, written the wrong way round; the seat
    letters of a line shifted by one): each cycle is one slip, so its card
    faults after the first follow from the first.  So does the turn (A202)
    where the cards, given to their holders, were played in turn from the
    rules' leader.  Two cycles in one trick are two slips."""
    wrong = [
        f
        for f in flag.found[start:]
        if f.code == F.NOT_IN_HAND and f.facts.get("holder") is not None
    ]
    by_seat = {f.facts["seat"]: f for f in wrong}
    if len(wrong) < 2 or len(by_seat) != len(wrong):
        return
    moved = {seat: f.facts["holder"] for seat, f in by_seat.items()}
    firsts: list[Finding] = []
    seen: set[str] = set()
    for finding in wrong:
        cycle, seat = [finding.facts["seat"]], moved[finding.facts["seat"]]
        while seat in moved and seat not in cycle:
            cycle.append(seat)
            seat = moved[seat]
        if cycle[0] in seen or seat != cycle[0] or len(cycle) < 2:
            continue
        seen.update(cycle)
        first, *rest = sorted((by_seat[s] for s in cycle), key=Finding.sort_key)
        firsts.append(first)
        for other in rest:
            flag.follows(other, first)
    held_by = [moved.get(play.seat, play.seat) for play in trick.plays]
    if firsts and seen == set(moved) and held_by == list(seats_from(leader)):
        for finding in flag.found[start:]:
            if finding.code == F.OUT_OF_TURN and finding.consequence_of is None:
                flag.follows(finding, firsts[0])


def _lead_follows(
    flag: Flags,
    start: int,
    before: tuple[list[Finding], Finding, TrickOutcome],
    table: Table,
    ruleset: Ruleset,
) -> None:
    """A trick led by another seat than the rules say (A202, among the
    trick's findings from ``start``), after a trick without a claim whose
    card fault (A203, A204) can explain that lead: in a record without
    claims the next lead is what says who took a trick, so it follows from
    the fault where the trick, mended as for a claim (:func:`_could_follow`),
    goes to that seat, or to nobody with that seat its leader."""
    lead = next(
        (
            f
            for f in flag.found[start:]
            if f.code == F.OUT_OF_TURN and f.consequence_of is None and "previous" in f.facts
        ),
        None,
    )
    if lead is None:
        return
    said, cause, outcome = before
    seat = lead.facts["seat"]
    if _could_follow(said, cause, outcome, seat, table, ruleset) or (
        seat == outcome.leader and _could_follow(said, cause, outcome, None, table, ruleset)
    ):
        flag.follows(lead, cause)


def _due(turn: Finding) -> str | None:
    """The seat whose turn it was, by an out-of-turn finding (A202): the
    leader at a lead, the seat next in turn in a trick; None for a fifth
    card."""
    due = turn.facts.get("turn") or turn.facts.get("leader")
    return str(due) if due is not None else None


def _seat_mistyped(flag: Flags, start: int, trick: Trick, table: Table) -> None:
    """A card written for the wrong seat, one slip of the pen: played out of
    turn (A202) by a seat that does not hold it (A203), when it was dealt
    to the seat whose turn it was, which plays no other card of the trick.
    The A203 follows from the A202, and the trick is read as the card's
    holder played it (:meth:`Table.reseat`): who takes it, and who leads
    next, are then what the cards say, and nothing after the slip follows
    from it (a claim, the next lead)."""
    if len(flag.found) == start or len(trick.plays) != 4:
        return  # (most tricks: nothing wrong; a trick's size says its own why, A205)
    said = flag.found[start:]
    turns = [f for f in said if f.code == F.OUT_OF_TURN and f.consequence_of is None]
    faults = [f for f in said if f.code == F.NOT_IN_HAND and f.consequence_of is None]
    if len(turns) == 1 and not faults and not table.held:
        # without hands: a seat written twice where the seat whose turn it
        # was plays no card of the trick, its letter mistyped
        turn, seats = turns[0], [play.seat for play in trick.plays]
        due, played = _due(turn), turn.facts.get("seat")
        card = next((p.card for p in trick.plays if p.pos == (turn.line, turn.column)), None)
        if due is not None and due not in seats and seats.count(played) == 2 and card:
            table.reseat(card, due)
        return
    if len(turns) != 1 or len(faults) != 1:
        return
    turn, fault = turns[0], faults[0]
    due = _due(turn)
    if (
        (turn.line, turn.column) == (fault.line, fault.column)
        and due is not None
        and fault.facts.get("holder") == due
        and all(play.seat != due for play in trick.plays)
        and table.reseat(fault.facts["card"], due)
    ):
        flag.follows(fault, turn)


def _hands_crossed(flag: Flags, start: int, deal: Deal, ruleset: Ruleset) -> None:
    """Two players who each played a card dealt to the other, and neither
    ever played the card the other played: the two cards were written in
    each other's hand lines, one slip of the pen.  The second A203 follows
    from the first."""
    faults = [f for f in flag.found[start:] if f.code == F.NOT_IN_HAND and not f.consequence_of]
    if len(faults) < 2:  # (most deals: no hand is looked at)
        return
    # A fault a slip of its own trick explains (a cycle of cards there), or
    # that a wrong claim follows (a trick written with wrong seats explains
    # that claim; hand lines would not), is no part of a hand-line slip;
    # the second may be of two cards written in each other's tricks.
    # The trick numbers, not the lines: a record read from JSON may give
    # each card a line of its own.
    said = {(f.code, f.line, f.column): f for f in flag.found[start:]}
    cycles = {
        f.consequence_of
        for f in flag.found[start:]
        if f.consequence_of is not None
        and f.code == F.NOT_IN_HAND
        and _trick_of(said, f.consequence_of) == f.trick
    }
    claimed = {
        f.consequence_of
        for f in flag.found[start:]
        if f.consequence_of is not None and f.code == F.TRICK_CLAIM
    }
    lines = {seat: set(hand.cards) for seat, hand in hand_lines(deal, ruleset).items()}  # as read
    wrong = {
        (f.facts["seat"], f.facts["holder"]): f
        for f in faults
        if f.facts["card"] in lines.get(f.facts["holder"], ())
    }
    by = {(play.seat, play.card) for trick in deal.tricks for play in trick.plays}
    for (seat, holder), finding in wrong.items():
        other = wrong.get((holder, seat))
        if other is None or other.sort_key() >= finding.sort_key():
            continue
        if (holder, finding.facts["card"]) in by or (seat, other.facts["card"]) in by:
            continue
        # (a fault its trick's claim follows from is no part of a hand-line
        # slip, but may be of two cards written in each other's tricks)
        keys = {(f.code, f.line, f.column) for f in (finding, other)}
        if not keys.isdisjoint(cycles):
            continue
        if keys.isdisjoint(claimed) or _swapped_between(deal, finding, other, ruleset):
            flag.follows(finding, other)


def _swapped_between(deal: Deal, one: Finding, other: Finding, ruleset: Ruleset) -> bool:
    """Whether two cards each played by the other's holder (A203, ``one``
    and ``other``), written back in each other's tricks, give every claim
    of the two tricks: the two cards were written in each other's place,
    one slip, of which the claim made wrong is part."""
    cards = {one.facts["card"]: other.facts["card"], other.facts["card"]: one.facts["card"]}
    for trick in deal.tricks:
        if trick.number not in (one.trick, other.trick):
            continue
        plays = [(p.seat, cards.get(p.card, p.card)) for p in trick.plays]
        if trick.claim is not None and not _gives(plays, trick.claim.seat, ruleset):
            return False
    return True


def _trick_of(
    said: Mapping[tuple[str, int, int], Finding], key: tuple[str, int, int]
) -> int | None:
    """The trick of the finding at ``key`` (code, line, column), if said."""
    cause = said.get(key)
    return cause.trick if cause is not None else None


def _short_hands(found: Sequence[Finding]) -> dict[str, Finding]:
    """The deal's hands short of cards (A102), by seat."""
    return {
        f.facts["seat"]: f
        for f in found
        if f.code == F.HAND_SIZE and f.facts.get("count", TRICKS_PER_DEAL) < TRICKS_PER_DEAL
    }


def _dropped_from_hand(
    flag: Flags, said: Sequence[Finding], short: dict[str, Finding], stock: Collection[str]
) -> None:
    """A card played by a player whose hand the record gives short (A102),
    which no hand and not the stock holds (A203): the card left out of the
    hand line, one slip, so the A203 follows from the A102."""
    for finding in said:
        facts = finding.facts
        if (
            finding.code == F.NOT_IN_HAND
            and facts.get("holder") is None
            and facts.get("seat") in short
            and facts.get("card") not in stock
        ):
            flag.follows(finding, short[facts["seat"]])


def _size_cause(
    flag: Flags, start: int, trick: Trick
) -> tuple[Finding | None, set[tuple[int, int]]]:
    """A trick of more or fewer than four cards (A205, among the trick's
    findings from index ``start``), or None; and where its cards past the
    fourth stand.  The turns it puts out of order follow from it: a fifth
    card, and in a trick short of a card, a turn (or the lead) that was the
    missing seat's; so does a fifth card's own fault (not in the hand,
    played before), since striking the card out mends both.  Its claim may
    follow from it too, where the trick gives the claim without the fifth
    card or with the missing one (:func:`_size_explains`)."""
    size = next((f for f in flag.found[start:] if f.code == F.TRICK_SIZE), None)
    extra: set[tuple[int, int]] = set()
    if size is None:
        return None, extra
    seats = {play.seat for play in trick.plays}
    for finding in flag.found[start:]:
        if finding.code != F.OUT_OF_TURN or finding.consequence_of is not None:
            continue
        due = _due(finding)
        if due is None:
            extra.add((finding.line, finding.column))
        if due is None or (len(trick.plays) < 4 and due not in seats):
            flag.follows(finding, size)
    for finding in flag.found[start:]:
        if finding.code in _CARD_FAULTS and (finding.line, finding.column) in extra:
            flag.follows(finding, size)
    return size, extra


def _size_explains(
    trick: Trick,
    extra: set[tuple[int, int]],
    outcome: TrickOutcome,
    claimed: str | bool | None,
    table: Table,
    ruleset: Ruleset,
) -> bool:
    """Whether a trick of three or five cards (A205) can explain its wrong
    claim: the claim is what the trick gives without a card written past
    the fourth (at the places ``extra``), or with a card of the missing
    player's hand added.  Where neither does, the claim is a mistake of
    its own.  An unknown hand can explain anything."""

    def gives(plays: list[tuple[str | None, str]]) -> bool:
        return _gives(plays, claimed, ruleset)

    plays = list(outcome.plays)
    if len(plays) > 4:
        fifths = [(p.seat, p.card) for p in trick.plays if tuple(p.pos) in extra]
        return not fifths or any(
            gives(plays[:k] + plays[k + 1 :]) for k, play in enumerate(plays) if play in fifths
        )
    missing = [seat for seat in SEATS if seat not in dict(plays)]
    for seat in missing:
        hand = table.held.get(seat)
        if hand is None or any(gives([*plays, (seat, card)]) for card in hand):
            return True
    return not missing


def _extra_cards(
    trick: Trick,
    extra: set[tuple[int, int]],
    size: Finding | None,
    held: Mapping[str, Collection[str]],
) -> dict[str, tuple[Finding, str | None]]:
    """The cards of a trick written past its fourth (at the places ``extra``),
    each with the trick's A205 and the player whose hand holds it (None:
    not known): the card is likely written where it was not played, so its
    playing by that player in a later trick follows from that A205."""
    if size is None:
        return {}
    return {
        play.card: (size, next((s for s, hand in held.items() if play.card in hand), None))
        for play in trick.plays
        if tuple(play.pos) in extra
    }


def _played_again(
    flag: Flags,
    count: int,
    extras: dict[str, tuple[Finding, str | None]],
    seat: str | None,
) -> None:
    """A card played again (A204, among the last ``count`` findings) that was
    first written as a trick's fifth card follows from that trick's A205,
    once, where its holder plays it: played by another, or again, it is a
    mistake of its own."""
    if not extras:
        return
    for finding in flag.found[len(flag.found) - count :]:
        size, holder = extras.get(finding.facts.get("card", ""), (None, None))
        if (
            finding.code == F.PLAYED_TWICE
            and size is not None
            and finding.facts.get("previous") == size.trick
            and holder in (None, seat)
        ):
            flag.follows(finding, size)
            del extras[finding.facts["card"]]


def place(
    flag: Flags,
    problems: Iterable[Problem],
    pos: tuple[int, int],
    deal: int | None,
    trick: int | None,
) -> None:
    """Put the table's problems on the line they belong to: the table knows
    the rules, the engine the record's lines."""
    for problem in problems:
        flag(problem.code, problem.variant, pos, deal, trick, **problem.facts)


def in_number_order(deal: Deal, flag: Flags) -> list[Trick]:
    """The trick lines as they are played: in the order of their numbers.
    A line written again just below itself (the same number, cards and
    claim) is one A201 and is left out, as a copy; lines written out of
    order (two tricks swapped) are one A201 each, for the fewest lines whose
    moving puts the rest in order; other repeated numbers are left as
    written (each is then reported against the sequence).  The analysis
    follows the play in the same order (:mod:`aluette_cli.analysis`)."""
    tricks: list[Trick] = []
    for trick in deal.tricks:
        if tricks and tricks[-1].number == trick.number and copies(tricks[-1], trick):
            flag(F.TRICK_NUMBER, "twice", trick.pos, deal.number, trick.number, number=trick.number)
            continue
        tricks.append(trick)
    numbers = [t.number for t in tricks]
    if numbers == _COUNTING[: len(numbers)] or len(set(numbers)) != len(numbers):
        return tricks
    if sum(a != b for a, b in zip(numbers, _COUNTING, strict=False)) == 1:
        return tricks  # one line misnumbered: "trick 10 should be trick 8", on that line
    if all(a < b for a, b in pairwise(numbers)):
        return tricks
    keep = _longest_rising(numbers)
    for k, trick in enumerate(tricks):
        if k not in keep:
            after = max((m for m in numbers[:k] if m < trick.number), default=None)
            before = next((m for m in numbers[k + 1 :] if m < trick.number), None)
            facts = {"number": trick.number, "before": before, "after": after}
            flag(F.TRICK_NUMBER, "moved", trick.pos, deal.number, trick.number, **facts)
    return sorted(tricks, key=lambda t: t.number)


def line_seats(deal: Deal | BrokenDeal, tricks: list[TrickOutcome]) -> list[list[str | None]]:
    """The seats of each trick line of ``deal``, from the trick it was
    replayed as.  By line, not by place: a trick the record leaves out is a
    trick of the replay with no line, and the lines after it would get the
    seats of the trick before them.  (A deal the quick check vouched for
    has no lines in its tricks, and none left out.)

    Two lines the replay left aside are written so that they read back as
    they did: a copy of the line above it (:func:`engine.copies`) gets that
    line's seats, so that it is still a copy; a line of more than four cards
    alone keeps them alone, since its fifth card goes round to the leader
    (A205) where a seat written before it would be one card too many (A202)."""
    by_line: dict[int, list[list[str | None]]] = {}
    for t in tricks:
        if t.line is not None:  # a line may hold several tricks (compact form)
            by_line.setdefault(t.line, []).append([seat for seat, _ in t.plays])
    if not by_line or not isinstance(deal, Deal):
        return [[seat for seat, _ in t.plays] for t in tricks]
    seats: list[list[str | None]] = []
    for k, trick in enumerate(deal.tricks):
        if len(trick.plays) > len(SEATS) and all(p.seat is None for p in trick.plays):
            seats.append([])
        elif trick.pos.line in by_line:
            seats.append((by_line[trick.pos.line] or [[]]).pop(0))
        elif k and copies(deal.tricks[k - 1], trick):
            seats.append(seats[-1])
        else:
            seats.append([])
    return seats


def copies(first: Trick, second: Trick) -> bool:
    """Whether ``second`` copies ``first``: its number, its cards and seats,
    its claim.  A writer that seats the one seats the other alike, or the
    copy would read back as a trick of its own."""

    def said(trick: Trick) -> tuple[object, ...]:
        claimed = () if trick.claim is None else (trick.claim.seat,)
        return trick.number, [(p.seat, p.card) for p in trick.plays], claimed

    return said(first) == said(second)


def _gap_at(tricks: list[Trick], trick: Trick) -> bool:
    """Whether the numbers jump at ``trick`` because tricks are left out: no
    number is written twice, and they go on rising after it.  Otherwise
    (1, 2, 9, 4, 5 in a deal that stopped early) one line is misnumbered."""
    numbers = [t.number for t in tricks]
    k = next(i for i, t in enumerate(tricks) if t is trick)
    return len(set(numbers)) == len(numbers) and all(a < b for a, b in pairwise(numbers[k:]))


#: problems of a card that make the trick's outcome doubtful
def _chant_slips(found: Sequence[Finding]) -> dict[str, Finding]:
    """The chanters whose exchange a deal's chant findings say is written
    wrong, each with the first such A405: the one whose chant line is
    missing (a one-sided chant names that other chanter), and one that
    takes a card wrong (a card not in the stock or taken twice, a number
    other than six): a stock card that player plays follows from it."""
    slips: dict[str, Finding] = {}
    for finding in found:
        if finding.code != F.CHANT_WRONG:
            continue
        other = finding.facts.get("other")
        for seat in (other,) if other else finding.facts.get("takers", ()):
            slips.setdefault(seat, finding)
    return slips


_CARD_FAULTS = frozenset({F.NOT_IN_HAND, F.PLAYED_TWICE})


def _missing(first: int, number: int) -> dict[str, object]:
    """The facts of A201 "missing": which tricks, and what the line follows."""
    last = number - 1
    which = f"trick {first} is" if first == last else f"tricks {first} to {last} are"
    after = f"trick {first - 1}" if first > 1 else "the start of play"
    return {"first": first, "last": last, "number": number, "which": which, "after": after}


def _longest_rising(numbers: list[int]) -> set[int]:
    """The indices of a longest strictly rising run of ``numbers`` (few: a deal's tricks)."""
    best = [1] * len(numbers)
    back = [-1] * len(numbers)
    for i in range(len(numbers)):
        for j in range(i):
            if numbers[j] < numbers[i] and best[j] + 1 > best[i]:
                best[i], back[i] = best[j] + 1, j
    keep: set[int] = set()
    i = max(range(len(numbers)), key=lambda k: (best[k], -k))
    while i >= 0:
        keep.add(i)
        i = back[i]
    return keep


def fill_header(replay: GameReplay, deal: Deal) -> bool:
    """:func:`_fill_header` for a deal the replay is not given whole (past a
    limit, A009): its header's unreadable parts come from the game's
    sequence all the same, so that neither a stand-in nor a gap is taken
    for the record's word.  False where nothing says who dealt."""
    return _fill_header(deal, replay.ledger, replay.ruleset) if deal.guessed else True


def _fill_header(deal: Deal, ledger: GameLedger, ruleset: Ruleset) -> bool:
    """A header the reader could not read whole (A001): what it lacks comes
    from the game's sequence, so that its mistake is not reported twice.
    False where nothing says who dealt (the first deal's header lost, in
    a record whose trick 1 shows no leader, and whose claims show none or
    several): the next deal's dealer is then not checked against a
    stand-in."""
    if "number" in deal.guessed:
        last = ledger.last_number
        deal.number = last + 1 if ledger.seen_deal and last is not None else 1
    if "dealer" in deal.guessed:
        expected = ledger.expected_dealers
        first = _first_leader(deal, ruleset)
        if expected is not None and len(expected) == 1:
            deal.dealer = next(iter(expected))
        elif first is not None:
            deal.dealer = left_of(left_of(left_of(first)))  # the leader's right
        elif ledger.first_dealer is not None and not ledger.seen_deal:
            deal.dealer = ledger.first_dealer
        else:
            # (claims that tie between leaders: one of them seats the deal,
            # but says nothing sure of its dealer)
            likely = _leaders_claims_show(deal, ruleset)
            if likely:
                deal.dealer = left_of(left_of(left_of(likely[0])))  # the leader's right
            return len(likely) == 1
    return True


def _first_leader(deal: Deal, ruleset: Ruleset) -> str | None:
    """Who led the deal's trick 1, as the record shows it: the seat written
    with its first card, or else the one hand line (as the checks read
    them) that holds that card, in a record of cards alone with its hands.
    None where neither shows (the claims may: :func:`_leaders_claims_show`)."""
    if not deal.tricks or not deal.tricks[0].plays:
        return None
    play = deal.tricks[0].plays[0]
    if play.seat is not None:
        return play.seat
    holders = [seat for seat, hand in hand_lines(deal, ruleset).items() if play.card in hand.cards]
    return holders[0] if len(holders) == 1 else None


def _leaders_claims_show(deal: Deal, ruleset: Ruleset) -> list[str]:
    """The leaders of trick 1 under whose turn a record of cards alone with
    claims, its deal replayed whole, says least: a claim that is the slip
    is then one finding, not a stand-in dealer's cascade.  Empty where no
    claim is written."""
    if not any(trick.claim is not None for trick in deal.tricks):
        return []
    said: dict[str, int] = {}
    for leader in SEATS:
        dealer = left_of(left_of(left_of(leader)))  # the leader's right
        replay = GameReplay(1, [], ruleset, keep=False)
        replay.add(replace(deal, dealer=dealer, guessed=()))
        said[leader] = sum(1 for f in replay.findings if f.consequence_of is None)
    least = min(said.values())
    return [leader for leader, count in said.items() if count == least]
