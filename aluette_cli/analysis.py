"""Every play of a recorded deal, valued under perfect information.

For each play the solver (:mod:`solver`) gives the value of the position
before it (what the deal ends in if all four play perfectly from there) and
after it; a play whose value differs threw something away, and the cards of
the player's hand that would have kept the value before are listed.

A deal is analysed from its last trick back to the first one asked for, all
the plays of one trick at a time, under a time budget: when the budget runs
out inside a trick, that trick's plays are dropped and the deal is reported
as solved from the trick after it.  Nothing is ever guessed, so a value
given is always exact.

Deals are analysed one to a task, so that ``-j`` spreads the deals of one
game over several processes; results come back in input order.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .cards import DECK, HAND_SIZE, SEATS, left_of, seats_from
from .deal_checks import Exchange, apply_chants, check_deck, hand_lines
from .engine import in_number_order, place
from .findings import OUT_OF_TURN, TRICK_CLAIM, TRICK_COUNT, TRICK_NUMBER, Finding, Flags, Kind
from .model import BrokenDeal, Deal, Trick
from .outcome import DealOutcome
from .parallel import map_in_order
from .pipeline import CheckedGame
from .rules import Ruleset
from .sampling import OUT, Layouts, Seen, Signalled, seen_by
from .table import Table

if TYPE_CHECKING:
    from .solver import Position, Solver

#: The default time budget for one deal, in seconds.
DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True, slots=True)
class Limits:
    """How deep to analyse: from which trick, and for how long per deal."""

    from_trick: int = 1
    #: seconds of search per deal; None: no limit
    time_limit: float | None = DEFAULT_TIME_LIMIT
    #: layouts of the unseen cards per play judged as seen (0: none)
    samples: int = 0
    #: the seed of those layouts: the same seed, the same figures
    seed: int = 1
    #: value every card of every hand, not only the cards played: the value
    #: after each card and the cards that keep the value at every play (what
    #: ``--format json`` and ``stats`` read).  Without it a play that kept
    #: the value costs one test instead of a proof for each card that keeps
    #: it too; a play that changed the value still lists every card's value.
    every_card: bool = False


@dataclass(frozen=True, slots=True)
class PlayValue:
    """One play and the exact values around it, for NS."""

    trick: int
    seat: str
    card: str
    before: int
    after: int
    #: the cards of the player's hand that keep ``before``; None where they
    #: were not asked for (a play that kept the value, without
    #: :attr:`Limits.every_card`: the card played is one of them)
    keeps: tuple[str, ...] | None
    #: where the card is written: line and column
    line: int = 0
    column: int = 0
    #: the play judged as the player saw it, when asked and solved in time
    as_seen: PlayAsSeen | None = None
    #: each card of the hand and the value after it: what the player could
    #: have made of the position, not only what the card played made of it
    #: (with :attr:`Limits.every_card` only; else empty)
    values: tuple[tuple[str, int], ...] = ()

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(slots=True)
class DealAnalysis:
    """A deal's plays and their values, or why the deal was not analysed."""

    number: int | None
    dealer: str | None
    #: the first trick whose plays are all valued (None: skipped)
    solved_from_trick: int | None = None
    skipped: str | None = None
    plays: list[PlayValue] = field(default_factory=list)
    #: whether the budget stopped the analysis before the trick asked for
    out_of_time: bool = False

    @property
    def changed(self) -> list[PlayValue]:
        return [p for p in self.plays if p.changed]


@dataclass(frozen=True, slots=True)
class DealTask:
    """What analysing one deal needs, and nothing else (it travels to a worker)."""

    ruleset: Ruleset
    doubled_by: str | None
    number: int | None
    dealer: str
    #: the hands when play starts
    hands: dict[str, tuple[str, ...]]
    #: per trick: (leader, [(seat, card, line, column)], who took it: None
    #: for nobody), as the table played it
    tricks: tuple[tuple[str, tuple[tuple[str, str, int, int], ...], str | None], ...]
    #: the signals made openly, when the rules have them (the layouts as seen
    #: bear them out)
    signals: tuple[Signalled, ...] = ()
    #: per chanter, the cards it discarded: out of play, as it knows
    discards: tuple[tuple[str, tuple[str, ...]], ...] = ()


# --------------------------------------------------------------------------
# From a checked game to tasks


def deal_tasks(checked: CheckedGame) -> list[DealTask | DealAnalysis]:
    """A task for each deal that can be analysed, the reason for each that cannot."""
    ruleset = checked.outcome.ruleset
    if ruleset is None:
        why = next((f.message for f in checked.outcome.findings if f.kind is Kind.CONFIG), None)
        unloaded = "the game's rules could not be loaded" + (f" ({why})" if why else "")
        return [_skip(deal, unloaded) for deal in checked.game.deals]
    out: list[DealTask | DealAnalysis] = []
    # the replay's findings by line, in validate's order
    said: dict[int, list[Finding]] = {}
    for finding in checked.outcome.findings:
        said.setdefault(finding.line, []).append(finding)
    for deal, outcome in zip(checked.game.deals, checked.outcome.deals, strict=False):
        reason = _cannot(deal, outcome, ruleset, said)
        if isinstance(reason, str):
            # (the replay's dealer: none where the record gives none, as report says)
            out.append(DealAnalysis(deal.number, outcome.dealer, skipped=reason))
        else:
            out.append(reason)
    return out


def _skip(deal: Deal | BrokenDeal, reason: str) -> DealAnalysis:
    return DealAnalysis(deal.number, deal.dealer, skipped=reason)


def _cannot(
    deal: Deal | BrokenDeal,
    outcome: DealOutcome,
    ruleset: Ruleset,
    said: dict[int, list[Finding]],
) -> DealTask | str:
    """The deal's task, or why it cannot be analysed (``said``: the replay's
    findings by line)."""
    if isinstance(deal, BrokenDeal) or outcome.broken:
        # the reading error that broke it (or the limit it passed), as
        # validate words it; a deal broken without one keeps the bare words
        error = deal.error if isinstance(deal, BrokenDeal) else None
        error = error or outcome.error
        return "the deal could not be read" if error is None else _said(error)
    if outcome.copy_of is not None:
        return _said(outcome.copy_of)  # the deal above, analysed already
    deal = outcome.read_as or deal  # (as the replay read it)
    if deal.concessions and ruleset.mordienne:
        return "a concession changes what the deal is worth, and the solver does not value it"
    lines = hand_lines(deal, ruleset)  # (as the checks read them)
    missing = [s for s in SEATS if s not in lines]
    if missing:
        return "the record does not give the four hands"
    unread = next(iter(deal.left_unread()), None)
    if unread is not None:
        return f"line {unread.line} cannot be read ({unread.code}: see aluette validate)"
    if not deal.tricks:
        return "the record gives no cards played"
    hands = check_deck(deal, Flags(None), ruleset)
    dealers = (outcome.chant_dealer,) if outcome.chant_dealer else ()  # (as the replay read them)
    exchange = apply_chants(deal, hands, ruleset, Flags(None), dealers)
    dealt = [card for seat in SEATS for card in hands[seat]]
    if any(len(hands[s]) != HAND_SIZE for s in SEATS) or len(set(dealt)) != len(dealt):
        # the deal check's own finding, on the first hand line (or the
        # stock's, or a chant's: a card discarded that was not held) that
        # has one
        places = {h.pos.line for h in lines.values()} | {c.pos.line for c in deal.chants}
        if deal.stock is not None:
            places.add(deal.stock.pos.line)
        found = next((f for line in sorted(places) for f in said.get(line, ())), None)
        if found is not None:
            return _said(found)
        return "the hands are not four hands of nine different cards (see aluette validate)"
    if any(card not in ruleset.strength for card in dealt):
        return "the hands hold cards the rules do not rank"
    # Who may lead trick 1 is the replay's to say: after a wrong dealer
    # (A105), the left of the header's dealer or of the right one.
    leader: str = left_of(deal.dealer)
    if outcome.tricks and not _found(said, outcome.tricks[0].line, OUT_OF_TURN):
        leader = outcome.tricks[0].leader or leader
    walked = _walk(deal, hands, exchange, ruleset, leader, said)
    if isinstance(walked, str):
        return walked
    signals = tuple(Signalled(s.seat, s.what, s.before) for s in deal.signals)
    discards: dict[str, list[str]] = {}
    held = set(dealt)
    for card, seat in exchange.discarded.items():
        if card not in held:  # a record that deals a card twice may keep one "discarded"
            discards.setdefault(seat, []).append(card)
    return replace(
        walked,
        signals=signals if ruleset.signals else (),
        discards=tuple((seat, tuple(cards)) for seat, cards in sorted(discards.items())),
    )


def _found(said: dict[int, list[Finding]], line: int | None, code: str) -> Finding | None:
    """The replay's first finding of ``code`` on ``line``."""
    return next((f for f in said.get(line or 0, ()) if f.code == code), None)


def _said(finding: Finding) -> str:
    """Why a deal is not analysed, as ``validate`` says it."""
    return f"line {finding.line}: {finding.with_cause()} ({finding.code}: see aluette validate)"


def _stopped(problem: Finding, said: dict[int, list[Finding]], before: list[Trick]) -> str:
    """Why the walk stops at the table's ``problem``: the replay's own finding
    of it, or, where the replay let it pass as following from a mistake on
    an earlier trick line (a lead by the winner a wrong claim named), the
    problem and that claim, the last wrong one (A301) before it."""
    if (same := _found(said, problem.line, problem.code)) is not None:
        return _said(same)
    claims = [t.claim.pos.line for t in before if t.claim is not None]
    earlier = [f for line in claims for f in said.get(line, ()) if f.code == TRICK_CLAIM]
    if not earlier:
        return _said(problem)
    cause = max(earlier, key=Finding.sort_key)
    return (
        f"line {problem.line}: {problem.message}; it follows from the mistake on line"
        f" {cause.line} ({cause.code}: see aluette validate)"
    )


def _walk(
    deal: Deal,
    hands: dict[str, set[str]],
    exchange: Exchange,
    ruleset: Ruleset,
    leader: str,
    said: dict[int, list[Finding]],
) -> DealTask | str:
    """The record's plays from ``leader``'s lead, played through the table
    (:class:`~aluette_cli.table.Table`, the replay's referee of play) with
    no recovery: the first trick it finds anything wrong with (a card out
    of turn, one the player does not hold, a trick without four cards)
    stops the walk, its first finding said as ``validate`` says it.  The
    rules of play have that one home; the analysis only refuses to guess
    past a broken line."""
    # The table's trick 1 is led from the dealer's left: seat it so that
    # ``leader`` is there (the replay's leader after a wrong dealer, A105).
    stock = deal.stock.cards if deal.stock is not None else ()
    table = Table(ruleset, seats_from(leader)[3], hands, exchange, stock)
    problems = Flags(None)
    tricks = []
    lines = in_number_order(deal, Flags(None))  # as the engine plays them
    for k, trick in enumerate(lines, 1):
        if trick.number != k:
            # a trick left out, or a number written wrong: the replay's A201
            found = _found(said, trick.pos.line, TRICK_NUMBER)
            if found is not None:
                return _said(found)
            return f"line {trick.pos.line} is trick {trick.number}, not trick {k}"
        if table.over:
            break
        leader, seated = table.leader, table.seated(trick.plays)
        for play in seated:
            place(problems, table.play(play.seat, play.card), play.pos, deal.number, k)
        place(problems, table.end_trick()[1], trick.pos, deal.number, k)
        if problems.found:
            return _stopped(min(problems.found, key=Finding.sort_key), said, lines[: k - 1])
        took = table.tricks[-1]
        played = tuple(
            (str(s), c, p.pos.line, p.pos.column)
            for (s, c), p in zip(took.plays, seated, strict=True)
        )
        tricks.append((str(leader), played, took.winner))
    if not table.over:
        # The values would be of tricks nobody recorded, and the last one
        # would not be what the deal scored: the replay's A206 says so.
        short = (
            f
            for found in said.values()
            for f in found
            if f.code == TRICK_COUNT and f.deal == deal.number and f.line >= deal.pos.line
        )
        if (first := next(short, None)) is not None:
            return _said(first)
        line = lines[len(tricks) - 1].pos.line if tricks else deal.tricks[-1].pos.line
        stop = f"after trick {len(tricks)} (line {line})"
        return f"the record's play stops {stop}, before the deal is over"
    announces = deal.announces
    doubled_by = announces[0].team if announces and ruleset.doubles else None
    return DealTask(
        ruleset,
        doubled_by,
        deal.number,
        deal.dealer,
        {seat: tuple(sorted(hands[seat], key=DECK.index)) for seat in SEATS},
        tuple(tricks),
    )


# --------------------------------------------------------------------------
# Analysing one deal


#: a play and the position before it: (position, seat, card, line, column)
Placed = tuple["Position", str, str, int, int]
#: the tricks valued so far, last trick first, each trick's plays in order
Done = list[list[PlayValue]]


def analyse_deal(task: DealTask, limits: Limits) -> DealAnalysis:
    """The values of the deal's plays from ``limits.from_trick`` on, as far
    back as the time budget allows."""
    from .solver import Position, Solver, TimeUp

    solver = Solver(task.ruleset, task.doubled_by)
    # The position before every play, trick by trick.
    held = {seat: list(cards) for seat, cards in task.hands.items()}
    before: list[list[Placed]] = []
    winners: list[str | None] = []
    for leader, plays, winner in task.tricks:
        positions = []
        table: list[str] = []
        for seat, card, line, column in plays:
            hands = {s: tuple(cards) for s, cards in held.items()}
            position = Position(hands, leader, tuple(table), tuple(winners))
            positions.append((position, seat, card, line, column))
            held[seat].remove(card)
            table.append(card)
        before.append(positions)
        winners.append(winner)
    first = max(1, limits.from_trick)
    if before:
        # The last trick's start costs nothing to value, but the first search
        # of a process may compile the search (the fast extra): that is not
        # the deal's search time, so the clock starts after it.
        solver.warm(before[-1][0][0])
    deadline = None if limits.time_limit is None else time.monotonic() + limits.time_limit
    analysis = DealAnalysis(task.number, task.dealer)
    if first > len(before):
        analysis.solved_from_trick = None
        analysis.skipped = f"the record's play ends before trick {first}"
        return analysis
    done: Done = []
    for number in range(len(before), first - 1, -1):
        try:
            trick = before[number - 1]
            if limits.every_card:
                done.append(_every_card(solver, number, trick, done, deadline))
            else:
                done.append(_on_the_line(solver, number, trick, done, deadline))
        except TimeUp:
            analysis.out_of_time = True
            break
        analysis.solved_from_trick = number
    if analysis.solved_from_trick is None:
        analysis.skipped = "not even the last trick could be solved within the time limit"
    if limits.samples > 0:
        _judge_deal(task, limits, solver, before, done, deadline)
    for values in reversed(done):
        analysis.plays.extend(values)
    return analysis


def _judge_deal(
    task: DealTask,
    limits: Limits,
    solver: Solver,
    before: list[list[Placed]],
    done: Done,
    deadline: float | None,
) -> None:
    """The plays already valued, judged as each player saw them, last trick
    first, while the budget lasts (a play left unjudged says nothing).
    What a player saw (:func:`sampling.seen_by`): the own hand, every card
    played, the signals made so far and, for a chanter, its own discards.
    Each play's layouts come from a generator seeded by the seed, the deal,
    the trick and the seat, so the figures do not depend on which process
    or in which order it ran."""
    from .solver import TimeUp

    deck = set(task.ruleset.strength)
    discards = dict(task.discards)
    for values in done:
        judged: list[PlayValue] = []
        number = values[0].trick
        try:
            for value, (position, seat, card, _, _) in zip(values, before[number - 1], strict=True):
                history = [[(s, c) for s, c, _, _ in plays] for _, plays, _ in task.tricks[:number]]
                history[-1] = history[-1][: len(position.trick)]
                seen = seen_by(
                    seat, position.hands, history, deck, task.signals, discards.get(seat, ())
                )
                rng = random.Random(f"{limits.seed}:{task.number}:{number}:{seat}")
                judgement = judge_as_seen(
                    solver, position, card, seen, limits.samples, rng, deadline
                )
                judged.append(replace(value, as_seen=judgement))
        except TimeUp:
            return
        values[:] = judged


def _every_card(
    solver: Solver, number: int, plays: list[Placed], done: Done, deadline: float | None
) -> list[PlayValue]:
    """A trick's plays, first to last, with the value after every card of
    each hand: the value after one play is the position's before the next,
    so each position's own value is searched once."""
    values: list[PlayValue] = []
    known: int | None = None  # the value after the last play valued
    # the value the record's line kept into the next trick: most plays keep
    # the value, so it is the first one to test
    guess = done[-1][0].before if done else None
    for position, seat, card, line, column in plays:
        every = solver.play_values(position, deadline, value=known, guess=guess)
        values.append(_value(solver, number, position, seat, card, line, column, every))
        known = values[-1].after
    return values


def _on_the_line(
    solver: Solver, number: int, plays: list[Placed], done: Done, deadline: float | None
) -> list[PlayValue]:
    """A trick's plays, last to first, each valued from the value after it
    (the next position's, valued already): only a better card is searched
    for, and every card is valued only at a play that changed the value."""
    last, _, card, _, _ = plays[-1]
    after = done[-1][0].before if done else solver.value_after(last, card, deadline)
    values: list[PlayValue] = []
    for position, seat, card, line, column in reversed(plays):
        before = solver.value_beside(position, after, deadline)
        if before == after:
            values.append(PlayValue(number, seat, card, before, after, None, line, column))
        else:
            keeps = _strongest_first(solver, solver.keeping(position, before, deadline))
            values.append(PlayValue(number, seat, card, before, after, keeps, line, column))
        after = before
    return values[::-1]


def _value(
    solver: Solver,
    number: int,
    position: Position,
    seat: str,
    card: str,
    line: int,
    column: int,
    values: dict[str, int],
) -> PlayValue:
    best = max(values.values()) if seat in ("N", "S") else min(values.values())
    keeps = _strongest_first(solver, [c for c, v in values.items() if v == best])
    every = tuple(sorted(values.items(), key=lambda item: DECK.index(item[0])))
    return PlayValue(number, seat, card, best, values[card], keeps, line, column, values=every)


def _strongest_first(solver: Solver, cards: Iterable[str]) -> tuple[str, ...]:
    """Cards as a play's ``keeps`` lists them: strongest first, equal cards
    in the deck's order."""
    strength = solver.ruleset.strength
    return tuple(sorted(cards, key=lambda c: (-strength[c], DECK.index(c))))


def _run(item: tuple[DealTask | DealAnalysis | None, Limits]) -> DealAnalysis | None:
    task, limits = item
    if isinstance(task, DealTask):
        return analyse_deal(task, limits)
    return task


# --------------------------------------------------------------------------
# As the player saw it: the unseen cards dealt again, many times


#: How many layouts of the unseen cards are solved for each play, by default.
DEFAULT_SAMPLES = 20
#: A play is a mistake as seen when another card did better on average by
#: more than this many standard errors of the difference (about 95% sure).
CLEAR_MARGIN = 2.0


@dataclass(frozen=True, slots=True)
class CardAsSeen:
    """One card of the player's hand, over the layouts sampled.

    ``mean`` is the average value for NS after the card (so higher is better
    for N and S, lower for E and W); ``best`` the share of layouts where the
    card did as well as any; ``mean_error`` and ``best_error`` one standard
    error of each (the sample's own spread: the sampling error)."""

    card: str
    mean: float
    mean_error: float
    best: float
    best_error: float


@dataclass(frozen=True, slots=True)
class PlayAsSeen:
    """A play judged with what the player could see: each card's figures,
    and whether another card was better on average by a clear margin."""

    seat: str
    card: str
    samples: int
    cards: tuple[CardAsSeen, ...]
    #: the card that did best on average, and by how much over the one played
    #: (for the player's side), with the standard error of that difference
    better: str | None
    margin: float
    margin_error: float

    @property
    def mistake(self) -> bool:
        """Another card did better by a clear margin: more than two standard
        errors, of which one layout gives no measure at all."""
        return (
            self.better is not None
            and self.samples > 1
            and self.margin > CLEAR_MARGIN * self.margin_error
        )


def unseen_layouts(position: Position, seat: str, unseen: Iterable[str] | Seen) -> Layouts:
    """The layouts ``seat`` cannot tell from ``position``: of what it saw
    (:func:`sampling.seen_by`), or, given only the cards it cannot see, of
    those among the other three seats, each keeping its number of cards.
    ``unseen`` may hold cards nobody plays (the stock the rules keep
    hidden): they may then be dealt in place of held ones.  The others'
    cards not in ``unseen`` (known to the player) stay where they are."""
    if isinstance(unseen, Seen):
        return Layouts(unseen)
    pool = set(unseen) - set(position.hands.get(seat, ())) - set(position.trick)
    room: list[tuple[str, int]] = [
        (other, sum(1 for c in position.hands[other] if c in pool))
        for other in SEATS
        if other != seat and other in position.hands
    ]
    room.append((OUT, len(pool) - sum(n for _, n in room)))
    return Layouts(Seen(seat, tuple(sorted(pool, key=DECK.index)), tuple(room)))


def _layout(position: Position, layouts: Layouts, rng: random.Random) -> Position:
    """``position`` with the cards its player cannot see dealt again."""
    from .solver import Position

    pool = set(layouts.seen.pool)
    drawn = layouts.draw(rng)
    hands = {
        other: tuple(c for c in cards if other == layouts.seen.seat or c not in pool)
        + drawn.get(other, ())
        for other, cards in position.hands.items()
    }
    return Position(hands, position.leader, position.trick, position.winners)


def deal_unseen(
    position: Position, seat: str, unseen: Iterable[str] | Seen, rng: random.Random
) -> Position:
    """One layout the player to move could not tell from ``position``,
    drawn uniformly among those that fit what it saw
    (:func:`unseen_layouts`, :class:`sampling.Layouts`)."""
    return _layout(position, unseen_layouts(position, seat, unseen), rng)


def judge_as_seen(
    solver: Solver,
    position: Position,
    card: str,
    unseen: Iterable[str] | Seen,
    samples: int,
    rng: random.Random,
    deadline: float | None = None,
) -> PlayAsSeen:
    """The player to move's cards, each valued exactly in ``samples``
    layouts of the unseen cards (:func:`deal_unseen`: what the player saw,
    or just the cards it could not see), and the card played judged
    against the best on average.  One solver serves every layout: its
    table is keyed by every card of every hand, so layouts share only what
    is the same."""
    seat = position.turn
    sign = 1 if seat in ("N", "S") else -1
    layouts = unseen_layouts(position, seat, unseen)
    rows: list[dict[str, int]] = []
    for _ in range(max(1, samples)):
        layout = _layout(position, layouts, rng)
        rows.append({c: sign * v for c, v in solver.play_values(layout, deadline).items()})
    n = len(rows)
    own = list(rows[0])
    figures = []
    for c in own:
        values = [row[c] for row in rows]
        best = [1.0 if row[c] == max(row.values()) else 0.0 for row in rows]
        share = sum(best) / n
        figures.append(
            CardAsSeen(
                c,
                sign * statistics.fmean(values) + 0.0,  # no -0.0
                _error(values),
                share,
                math.sqrt(share * (1 - share) / n),
            )
        )
    top = max(own, key=lambda c: (statistics.fmean(row[c] for row in rows), c == card))
    diffs = [row[top] - row[card] for row in rows]
    return PlayAsSeen(
        seat,
        card,
        n,
        tuple(figures),
        None if top == card else top,
        statistics.fmean(diffs),
        _error(diffs),
    )


def _error(values: list[int]) -> float:
    """The standard error of the mean of ``values`` (0 for one value)."""
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


# --------------------------------------------------------------------------
# Games


@dataclass(slots=True)
class GameAnalysis:
    """A game's deals, analysed or skipped, in record order."""

    index: int
    deals: list[DealAnalysis]


def analyse_game(checked: CheckedGame, limits: Limits) -> GameAnalysis:
    """One game, in this process."""
    deals = [_run((item, limits)) for item in deal_tasks(checked)]
    return GameAnalysis(checked.outcome.index, [d for d in deals if d is not None])


class SchedulerError(Exception):
    """A Dask scheduler was asked for and cannot be used: why, in words."""


def scheduler_client(address: str) -> Any:
    """A client of the Dask cluster whose scheduler is at ``address``, or
    :class:`SchedulerError` saying why there is none: asked before any
    output is written, so that a scheduler nobody runs costs no half-written
    document."""
    try:
        from dask.distributed import Client
    except ImportError as error:
        raise SchedulerError(
            "--scheduler needs dask.distributed: pip install 'aluette[dask]'"
        ) from error
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        # TypeError: an address whose protocol needs more (tls:// a context)
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {error}") from error


def map_on_scheduler(
    func: Callable[[Any], Any], items: Iterable[Any], scheduler: Any
) -> Iterator[Any]:
    """``func(item)`` for every item on the Dask cluster of ``scheduler`` (an
    address, or a client of :func:`scheduler_client`), results in input
    order.  A deal's analysis depends on nothing else, so an existing
    distributed engine runs it as it is: ``dask.distributed`` (the ``dask``
    extra), not a scheduler of our own.  Every item is sent at once: the
    scheduler spreads them over its workers."""
    import asyncio
    from concurrent.futures import CancelledError

    from dask.distributed import TimeoutError as DaskTimeout
    from distributed.scheduler import KilledWorker

    client = scheduler_client(scheduler) if isinstance(scheduler, str) else scheduler
    with client:
        futures = client.map(func, list(items), pure=False)
        for future in futures:
            try:
                result = future.result()
            except (CancelledError, asyncio.CancelledError, KilledWorker, DaskTimeout) as error:
                # (an error of the analysis itself is the task's, raised as it was)
                said = next(iter(str(error).splitlines()), "")  # (Dask's advice below it)
                raise SchedulerError(
                    f"the Dask cluster of {client.scheduler.address} stopped answering"
                    f" ({type(error).__name__}: {said})"
                ) from error
            except OSError as error:  # a connection closed, refused, reset
                said = next(iter(str(error).splitlines()), "")
                raise SchedulerError(
                    f"the Dask cluster of {client.scheduler.address} was lost ({said})"
                ) from error
            yield result


def analyse_games(
    games: Iterable[tuple[str, CheckedGame]],
    limits: Limits,
    jobs: int = 1,
    on_deal: Callable[[DealAnalysis], object] | None = None,
    scheduler: Any = None,
) -> Iterator[tuple[str, CheckedGame, GameAnalysis]]:
    """Each game with its analysis, in input order; with ``jobs`` > 1 the
    deals are shared among that many processes, with ``scheduler`` (an
    address, or a client of :func:`scheduler_client`) among the workers of
    that Dask cluster.  ``on_deal`` hears of
    each deal as it is done."""
    waiting: list[tuple[str, CheckedGame, list[DealAnalysis]]] = []

    def items() -> Iterator[tuple[DealTask | DealAnalysis | None, Limits]]:
        for file, checked in games:
            waiting.append((file, checked, []))
            for task in deal_tasks(checked):
                yield task, limits
            yield None, limits  # the end of the game

    if scheduler is not None:
        results = map_on_scheduler(_run, items(), scheduler)
    else:
        results = map_in_order(_run, items(), jobs)
    for result in results:
        if result is None:
            file, checked, deals = waiting.pop(0)
            yield file, checked, GameAnalysis(checked.outcome.index, deals)
            continue
        waiting[0][2].append(result)
        if on_deal is not None:
            on_deal(result)


__all__ = [
    "CLEAR_MARGIN",
    "DEFAULT_SAMPLES",
    "DEFAULT_TIME_LIMIT",
    "CardAsSeen",
    "DealAnalysis",
    "GameAnalysis",
    "Limits",
    "PlayAsSeen",
    "PlayValue",
    "SchedulerError",
    "analyse_deal",
    "analyse_game",
    "analyse_games",
    "deal_tasks",
    "deal_unseen",
    "judge_as_seen",
    "map_on_scheduler",
    "scheduler_client",
    "unseen_layouts",
]
