"""From a source to checked games: read, choose the rules, replay.

Every command goes through :func:`check_source`, so they all read, resolve
rules and report problems in the same way; the CLI only decides what to print.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from . import findings as F
from .engine import GameOutcome, GameReplay
from .findings import Finding
from .model import Game, Pos
from .parse import read_games
from .rules import Ruleset, RulesetError, load_ruleset, parse_options


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """What the command line says about rules; None leaves it to the record's tags."""

    rules: str | None = None
    options: frozenset[str] | None = None


@dataclass(slots=True)
class CheckedGame:
    game: Game
    outcome: GameOutcome


def ruleset_for(game: Game, choice: RuleChoice, base: Path | None) -> Ruleset | Finding:
    """The ruleset a game is played under, or the finding that says why there is none."""
    rules_tag, options_tag = game.tag("Rules"), game.tag("Options")
    name = choice.rules or (rules_tag.value.strip() if rules_tag else "") or "classic"
    options = choice.options
    if options is None:
        options = parse_options(options_tag.value) if options_tag else frozenset()
    # A file named on the command line is the user's own path; one named by
    # the record's Rules tag is found next to the record.
    where = None if choice.rules else base
    try:
        return load_ruleset(name, where).with_options(options)
    except RulesetError as exc:
        tag = options_tag if "option" in str(exc) and options_tag else rules_tag
        pos = tag.pos if tag is not None and choice.rules is None else game.pos
        return Finding(
            F.UNKNOWN_RULESET, f"{exc}; the game is not replayed", pos.line, pos.column, game.index
        )


def check_game(game: Game, choice: RuleChoice, base: Path | None = None) -> CheckedGame:
    ruleset = ruleset_for(game, choice, base)
    if isinstance(ruleset, Finding):
        outcome = GameOutcome(
            game.index,
            None,
            [],
            {"NS": 0, "EW": 0},
            False,
            None,
            sorted([*game.errors, ruleset], key=Finding.sort_key),
        )
        return CheckedGame(game, outcome)
    replay = GameReplay(game.index, game.tags, ruleset, game.draw)
    for deal in game.deals:
        replay.add(deal)
    outcome = replay.finish()
    outcome.findings = sorted([*game.errors, *outcome.findings], key=Finding.sort_key)
    return CheckedGame(game, outcome)


def check_source(
    stream: BinaryIO, choice: RuleChoice = RuleChoice(), base: Path | None = None
) -> Iterator[CheckedGame]:
    """Each game of a byte stream, read and replayed, one at a time."""
    for game in read_games(stream):
        yield check_game(game, choice, base)


__all__ = ["CheckedGame", "Pos", "RuleChoice", "check_game", "check_source", "ruleset_for"]
