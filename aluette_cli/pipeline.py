"""From a source to checked games: read, choose the rules, replay.

Every command goes through :func:`check_source`, so they all read, resolve
rules and report problems in the same way; the CLI only decides what to print.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from . import findings as F
from .engine import GameReplay
from .findings import Finding
from .model import BrokenDeal, Deal, Game
from .outcome import GameOutcome
from .parse import Unit, read_records, read_units
from .rules import Ruleset, RulesetError, load_record_ruleset, load_ruleset, parse_options


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


def ruleset_for(game: Game, choice: RuleChoice, base: Path | None) -> Ruleset | Finding:
    """The ruleset a game is played under, or the finding that says why there is none."""
    rules_tag, options_tag = game.tag("Rules"), game.tag("Options")
    name = choice.rules or (rules_tag.value.strip() if rules_tag else "") or "classic"
    options = choice.options
    if options is None:
        options = parse_options(options_tag.value) if options_tag else frozenset()
    # A file named on the command line is the user's own path; one named by
    # the record's Rules tag is found next to the record, and only there or
    # below (rules.load_record_ruleset): a record must not reach other files.
    try:
        ruleset = load_ruleset(name) if choice.rules else load_record_ruleset(name, base)
        return ruleset.with_options(options)
    except RulesetError as exc:
        tag = options_tag if "option" in str(exc) and options_tag else rules_tag
        pos = tag.pos if tag is not None and choice.rules is None else game.pos
        return Finding.of(F.UNKNOWN_RULESET, "", pos.line, pos.column, game.index, problem=str(exc))


class _Checker:
    """Replays one game as its deals arrive."""

    def __init__(self, game: Game, choice: RuleChoice, base: Path | None, keep: bool) -> None:
        self.game, self.keep = game, keep
        self.count = 0
        ruleset = ruleset_for(game, choice, base)
        self.problem: Finding | None = None
        self.replay: GameReplay | None = None
        if isinstance(ruleset, Finding):
            self.problem = ruleset
        else:
            self.replay = GameReplay(game.index, game.tags, ruleset, game.draw, keep=keep)

    def add(self, deal: Deal | BrokenDeal) -> None:
        self.count += 1
        if self.keep:
            self.game.deals.append(deal)
        if self.replay is not None:
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
        return CheckedGame(game, outcome, self.count)


def check_game(game: Game, choice: RuleChoice, base: Path | None = None) -> CheckedGame:
    """Replay a game held whole in memory (read by :func:`parse.read_games`)."""
    deals, game.deals = game.deals, []
    checker = _Checker(game, choice, base, keep=True)
    for deal in deals:
        checker.add(deal)
    return checker.finish()


def check_units(
    units: Iterable[Unit],
    choice: RuleChoice = RuleChoice(),
    base: Path | None = None,
    first_index: int = 1,
    keep: bool = True,
) -> Iterator[CheckedGame]:
    """Each game of a run of units, replayed as it is read.

    With ``keep=False`` neither the deals nor their outcomes are kept: only
    the findings and the score, so memory stays flat however long a game is.
    """
    checker: _Checker | None = None
    for record in read_records(units, first_index):
        if isinstance(record, Game):
            if checker is not None:
                yield checker.finish()
            checker = _Checker(record, choice, base, keep)
        elif checker is not None:
            checker.add(record)
    if checker is not None:
        yield checker.finish()


def check_source(
    stream: Iterable[bytes],
    choice: RuleChoice = RuleChoice(),
    base: Path | None = None,
    keep: bool = True,
) -> Iterator[CheckedGame]:
    """Each game of a byte stream, read and replayed, one at a time."""
    return check_units(read_units(stream), choice, base, keep=keep)
