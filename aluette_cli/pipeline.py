"""From a source to checked games: read, choose the rules, replay.

Every command goes through :func:`check_source`, so they all read, resolve
rules and report problems in the same way; the CLI only decides what to print.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

from . import findings as F
from .engine import GameReplay, fill_header
from .findings import Finding
from .model import BrokenDeal, Deal, Game, Pos, Tag, find_tag
from .outcome import GameOutcome
from .reading import GameCut, Unit, fastpath, parse_unit, read_records, read_units
from .rules import (
    RULE_TAGS,
    Ruleset,
    RulesetError,
    load_record_ruleset,
    load_ruleset,
    parse_options,
)

if TYPE_CHECKING:
    from .quickcheck import Checked, Gives, QuickCheck

T = TypeVar("T")

#: Allocations between two collections of the youngest generation.  Reading
#: makes tens of objects a deal, nearly all freed by reference counting or
#: kept whole with their game (report, convert): a collection every 700
#: allocations, Python's default, spent a tenth of ``report``'s time finding
#: no garbage.  Cycles are few (none in the model), so they wait a little longer.
GC_THRESHOLD = 50_000


def tune_gc() -> None:
    """Set the collector for a process that reads many games: the objects of
    the start-up (modules, rulesets) frozen out of every collection, and the
    youngest generation collected every :data:`GC_THRESHOLD` allocations."""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, older, oldest)


class Stamp(Protocol):
    """A writer's text of a deal the quick check found right, made from what
    the check read and the line the deal starts on, without its model or
    its outcome (:mod:`aluette_cli.jsonstamp`)."""

    #: what the check is to give of each deal (:data:`quickcheck.Gives`):
    #: ``"as written"`` takes only deals exactly in the writer's layout
    @property
    def gives(self) -> Literal["plays", "as written"]: ...

    def __call__(self, checked: Checked, line: int, /) -> str: ...


@dataclass(frozen=True, slots=True)
class Consumer:
    """What a consumer of checked games wants of each game, said once.

    As a python-chess visitor tells the reader what it wants of a game (the
    game built, the headers only, nothing), a command says what it will
    read of each game, and the pipeline reads, replays and keeps that and
    no more; it never asks who is asking.  The quick check gives each deal
    it vouches for what the consumer wants of it (:attr:`gives`).
    """

    #: each deal as read, in the model (``game.deals``): every deal when
    #: ``models`` is on, else only the deals the quick check declines
    deals: bool = True
    #: each deal's outcome (``outcome.deals``), of the deals read and of the
    #: deals the quick check vouches for (unless ``stamp`` is given)
    outcomes: bool = True
    #: every deal read into the model and replayed; off, a deal the quick
    #: check vouches for is taken from its text, never read
    models: bool = True
    #: of each deal the quick check vouches for, only the text this makes
    #: of it (:attr:`CheckedGame.stamped`), and neither model nor outcome
    stamp: Stamp | None = None

    @property
    def gives(self) -> Gives:
        """What the quick check is to give of a deal it vouches for."""
        if self.stamp is not None:
            return self.stamp.gives
        return "outcomes" if self.outcomes else "point"


#: Everything: the deals as read and their outcomes (convert, the HTML page,
#: the Python API's default).
EVERYTHING = Consumer()
#: Only each game's findings and score (validate): memory stays flat
#: however long a game is.
FINDINGS = Consumer(deals=False, outcomes=False, models=False)
#: Each deal's outcome, no model (report, stats): a deal the quick check
#: vouches for is never read.
OUTCOMES = Consumer(deals=False, outcomes=True, models=False)
#: Each deal's outcome, and the deals the quick check declines as read
#: (annotate: a deal it vouches for needs only its outcome and its lines,
#: :data:`quickcheck.FIRST_TRICK_LINE`).
OUTCOMES_AND_READ = Consumer(deals=True, outcomes=True, models=False)

#: What a caller may ask for: a :class:`Consumer`, or the Python API's
#: words for the usual ones: ``True`` everything, ``False`` findings and
#: score only, ``"outcomes"`` the outcomes.
Wants = Consumer | bool | Literal["outcomes"]


def consumer(wants: Wants) -> Consumer:
    """The consumer that ``wants`` names."""
    if isinstance(wants, Consumer):
        return wants
    if wants == "outcomes":
        return OUTCOMES
    if wants is True:
        return EVERYTHING
    if wants is False:
        return FINDINGS
    raise ValueError(f"keep must be True, False or 'outcomes', not {wants!r}")


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """What the command line says about rules; None leaves it to the record's tags."""

    rules: str | None = None
    options: frozenset[str] | None = None


@dataclass(slots=True)
class CheckedGame:
    game: Game
    outcome: GameOutcome
    #: deals read, kept or not (``game.deals`` is empty when they are not kept)
    deals_read: int = 0
    #: a consumer with a stamp: what the stamp made of each deal it took, by
    #: the deal's place in the game; ``game.deals`` (or the outcome's deals)
    #: holds the others, in order
    stamped: dict[int, str] = field(default_factory=dict)


def in_place(
    stamped: dict[int, str], others: Sequence[T], text: Callable[[T], str]
) -> Iterator[str]:
    """Each deal's text in its place in the game: as stamped
    (:attr:`CheckedGame.stamped`), or ``text`` of the next of ``others``,
    the deals read (or their outcomes), in order."""
    rest = iter(others)
    for k in range(len(stamped) + len(others)):
        made = stamped.get(k)
        yield text(next(rest)) if made is None else made


def rules_name(game: Game, rules: str | None = None) -> str:
    """The name of the ruleset a game is played under: ``rules`` (the
    command line's), else its Rules tag trimmed (in any case of the tag's
    name), else classic.  Whoever names the game's rules reads them so."""
    rules_tag = find_tag(game.tags, "Rules", RULE_TAGS["Rules"])
    return rules or (rules_tag.value.strip() if rules_tag else "") or "classic"


def ruleset_for(game: Game, choice: RuleChoice, base: Path | None) -> Ruleset | Finding:
    """The ruleset a game is played under, or the finding that says why there is none."""
    rules_tag = find_tag(game.tags, "Rules", RULE_TAGS["Rules"])
    options_tag = find_tag(game.tags, "Options", RULE_TAGS["Options"])
    name = rules_name(game, choice.rules)
    options = choice.options
    if options is None:
        options = parse_options(options_tag.value) if options_tag else frozenset()
    # A file named on the command line is the user's own path; one named by
    # the record's Rules tag is found next to the record, and only there or
    # below (rules.load_record_ruleset): a record must not reach other files.
    # The finding stands on the tag that chose what failed: the Rules tag
    # for the ruleset, the Options tag for the options; on the game's start
    # when the command line chose it.
    try:
        ruleset = load_ruleset(name) if choice.rules else load_record_ruleset(name, base)
    except RulesetError as exc:
        return _unusable(game, None if choice.rules else rules_tag, exc)
    try:
        return ruleset.with_options(ruleset.meant_options(options))
    except RulesetError as exc:
        return _unusable(game, None if choice.options is not None else options_tag, exc)


def _unusable(game: Game, tag: Tag | None, exc: RulesetError) -> Finding:
    """The A401 of a game that cannot be replayed, on ``tag`` (None: the game's start)."""
    pos = tag.pos if tag is not None else game.pos
    return Finding.of(F.UNKNOWN_RULESET, "", pos.line, pos.column, game.index, problem=str(exc))


#: Bounds no real record reaches (docs/notation.md, "Limits").  The reader
#: bounds lines and units (decode.MAX_LINE_BYTES, split.MAX_UNIT_CHARS) and the
#: grammar numbers (nine digits); these bound what a line or a deal may hold,
#: so that no writer or check ever meets a list of unheard-of length.
MAX_TAG_VALUE = 10_000
#: the whole deck: no line (a hand, the stock, a chant, a trick) names more
MAX_CARDS_PER_LINE = 48
#: four times the nine tricks of a deal, for trick lines and sheet entries
MAX_TRICKS = 36


def _cut_long_tags(game: Game) -> list[Finding]:
    """Tag values over the limit, cut there, each with its finding."""
    found = []
    for tag in game.tags:
        if len(tag.value) > MAX_TAG_VALUE:
            found.append(
                Finding.of(
                    F.OVER_LIMIT,
                    "tag",
                    tag.pos.line,
                    tag.pos.column,
                    game.index,
                    name=tag.name,
                    size=len(tag.value),
                    limit=MAX_TAG_VALUE,
                )
            )
            tag.value = tag.value[:MAX_TAG_VALUE]
    return found


def _over_limit(deal: Deal, game: int | None) -> Finding | None:
    """Why a deal holds more than any deal can (too many cards on a line, too
    many tricks), or None.  Checked before the replay, which then skips it."""

    most = MAX_CARDS_PER_LINE
    if (
        len(deal.tricks) <= MAX_TRICKS
        and not deal.extra_hands
        and not deal.chants
        and (deal.winners is None or len(deal.winners.entries) <= MAX_TRICKS)
        and (deal.stock is None or len(deal.stock.cards) <= most)
        and max(map(len, (h.cards for h in deal.hands.values())), default=0) <= most
        and max(map(len, (t.plays for t in deal.tricks)), default=0) <= most
    ):
        return None  # the usual deal, told at a glance

    def over(pos: Pos, variant: str, count: int, limit: int) -> Finding:
        return Finding.of(
            F.OVER_LIMIT, variant, pos.line, pos.column, game, deal.number, count=count, limit=limit
        )

    lines: list[tuple[Pos, int]] = [(h.pos, len(h.cards)) for h in deal.hands.values()]
    lines += [(h.pos, len(h.cards)) for h in deal.extra_hands]
    if deal.stock is not None:
        lines.append((deal.stock.pos, len(deal.stock.cards)))
    lines += [(c.pos, len(c.takes) + len(c.discards)) for c in deal.chants]
    lines += [(t.pos, len(t.plays)) for t in deal.tricks]
    for pos, count in lines:
        if count > MAX_CARDS_PER_LINE:
            return over(pos, "cards", count, MAX_CARDS_PER_LINE)
    if len(deal.tricks) > MAX_TRICKS:
        return over(deal.tricks[MAX_TRICKS].pos, "tricks", len(deal.tricks), MAX_TRICKS)
    if deal.winners is not None and len(deal.winners.entries) > MAX_TRICKS:
        return over(deal.winners.pos, "sheet", len(deal.winners.entries), MAX_TRICKS)
    return None


class _Checker:
    """Replays one game as its deals arrive."""

    def __init__(self, game: Game, choice: RuleChoice, base: Path | None, wants: Consumer) -> None:
        self.stamp = wants.stamp
        self.game, self.keep = game, wants.deals
        self.count = 0
        self.stamped: dict[int, str] = {}
        cut = _cut_long_tags(game)
        game.errors += cut
        game.cut += cut
        ruleset = ruleset_for(game, choice, base)
        self.problem: Finding | None = None
        self.replay: GameReplay | None = None
        #: deals right in the usual layout are checked from their lines when
        #: the consumer does not want every deal's model
        self.quick: QuickCheck | None = None
        #: the number and dealer of the last deal, and its unit if it was taken
        self.last_head: tuple[int, str] | None = None
        self.last_taken: Unit | None = None
        if isinstance(ruleset, Finding):
            self.problem = ruleset
        else:
            outcomes = wants.outcomes
            self.replay = GameReplay(game.index, game.tags, ruleset, game.draw, keep=outcomes)
            # off, every deal is read and replayed
            if not wants.models and fastpath.FASTPATH:
                from .quickcheck import QuickCheck  # its patterns cost start-up: only here

                self.quick = QuickCheck(ruleset, wants.gives)

    def take(self, unit: Unit) -> int | None:
        """A deal unit checked whole from its lines, unread: its number; None
        for a deal that must be read and replayed.  A deal with the number
        and dealer of the one above is read, so that the replay can ask
        whether it is a copy of it, as the model says (:meth:`add`); so is a
        deal after the game's end, whose outcome says it is not counted."""
        if self.quick is None or unit.column != 1 or unit.findings:
            return None
        assert self.replay is not None
        if self.replay.over:
            return None
        checked = self.quick.deal(unit.parts)
        if checked is None or (checked.number, checked.dealer) == self.last_head:
            return None
        self.last_head, self.last_taken = (checked.number, checked.dealer), unit
        assert self.replay is not None
        if self.stamp is not None:
            self.stamped[self.count] = self.stamp(checked, unit.line)
        self.count += 1
        self.replay.add_checked(
            checked.number,
            checked.dealer,
            Pos(unit.line, 1),
            checked.point,
            checked.tricks,
            checked.result,
        )
        return checked.number

    def add(self, deal: Deal | BrokenDeal) -> None:
        self.count += 1
        head = (deal.number, deal.dealer) if isinstance(deal, Deal) else None
        if head is not None and head == self.last_head and self.last_taken is not None:
            # the deal above was taken unread: read it, to compare this one with
            above, _, _ = parse_unit(self.last_taken)
            if isinstance(above, Deal) and self.replay is not None:
                self.replay.recall(above)
        self.last_head, self.last_taken = head, None
        if self.keep:
            self.game.deals.append(deal)
        if self.replay is not None:
            problem = _over_limit(deal, self.game.index) if isinstance(deal, Deal) else None
            if isinstance(deal, Deal) and problem is not None:
                self.game.errors.append(problem)
                # a header part the reader could not read comes from the
                # game's sequence, as a replayed deal's does (not the
                # reader's stand-in, "dealer N"); unknown where nothing says
                known = fill_header(self.replay, deal)
                deal = BrokenDeal(
                    deal.pos, deal.number, deal.dealer if known else None, "", problem
                )
            self.replay.add(deal)

    def finish(self) -> CheckedGame:
        game = self.game
        if self.replay is None:
            assert self.problem is not None
            outcome = GameOutcome(
                game.index, None, [], {"NS": 0, "EW": 0}, False, None, [self.problem]
            )
        else:
            outcome = self.replay.finish()
        outcome.findings = sorted([*game.errors, *outcome.findings], key=Finding.sort_key)
        return CheckedGame(game, outcome, self.count, self.stamped)


def check_game(game: Game, choice: RuleChoice, base: Path | None = None) -> CheckedGame:
    """Replay a game held whole in memory (read by :func:`reading.read_games`)."""
    deals, game.deals = game.deals, []
    checker = _Checker(game, choice, base, EVERYTHING)
    for deal in deals:
        checker.add(deal)
    return checker.finish()


def as_wanted(checked: CheckedGame, wants: Consumer) -> CheckedGame:
    """A game checked whole (one read from JSON, held to place its findings
    in its file), less what ``wants`` does not keep: as the streaming reader
    gives a game of ALN, so that a consumer gets the same of either."""
    if not wants.deals:
        checked.game.deals = []
    if not wants.outcomes:
        checked.outcome.deals = []
    return checked


def check_units(
    units: Iterable[Unit],
    choice: RuleChoice = RuleChoice(),
    base: Path | None = None,
    first_index: int = 1,
    keep: Wants = True,
) -> Iterator[CheckedGame]:
    """Each game of a run of units, replayed as it is read, keeping what
    the consumer ``keep`` wants (:class:`Consumer`)."""
    wants = consumer(keep)
    checker: _Checker | None = None

    def take(unit: Unit) -> int | None:
        return checker.take(unit) if checker is not None else None

    for record in read_records(units, first_index, None if wants.models else take):
        if isinstance(record, Game):
            if checker is not None:
                yield checker.finish()
            checker = _Checker(record, choice, base, wants)
        elif isinstance(record, GameCut):
            if checker is not None:  # the rest of the game is skipped: it ends here
                yield checker.finish()
            checker = None
        elif checker is not None:
            checker.add(record)
    if checker is not None:
        yield checker.finish()


def check_source(
    stream: Iterable[bytes],
    choice: RuleChoice = RuleChoice(),
    base: Path | None = None,
    keep: Wants = True,
) -> Iterator[CheckedGame]:
    """Each game of a byte stream, read and replayed, one at a time."""
    return check_units(read_units(stream), choice, base, keep=keep)
