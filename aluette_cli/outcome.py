"""What the engine establishes: each trick, deal and game, with the why.

An outcome says not only who took a trick or a deal but the facts that
explain it (the card that won and the one it beat, the cards that cancelled,
who reached the tie-break count when, where a mordienne began, why a deal is
void), so that the report, annotate and stats only put them into words or
count them, and never work a rule out again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .findings import Finding
from .model import Deal, Pos
from .policies import PointOutcome, TieBreak
from .rules import Ruleset


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
    #: the strongest card the winning card beat (None: the only card that counts)
    beaten: str | None = None
    #: the line of the record that gives this trick, so that what is said of
    #: it goes on that line and no other (None: a score sheet's entry, a
    #: trick the record does not give, or a deal the quick check vouched for,
    #: whose lines are its layout's).  Not compared: the quick check's
    #: outcome and the full replay's are the same trick.
    line: int | None = field(default=None, compare=False)
    #: the cards of a trick line written without seats after a missing
    #: trick, when nothing says who led them (the trick is then ``unknown``)
    unseated: tuple[str, ...] = ()

    @property
    def unknown(self) -> bool:
        """A trick the record does not give (its line is missing or could not
        be read, or gives cards nobody can seat): nobody is known to have
        played or taken it."""
        return not self.plays and self.winner is None and not self.pourri


@dataclass(frozen=True, slots=True)
class VoidReason:
    """Why a deal scores nothing, as far as the record shows it."""

    #: every trick belongs to nobody: how many tricks there were
    nobody: int | None = None
    #: the teams' equal trick totals (NS, EW)
    totals: tuple[int, int] | None = None


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
    void_reason: VoidReason | None = None
    #: the seat (or team) that takes a deal whose points alone the tricks
    #: left out leave open (scoring.DealScore.taker); ``point`` and
    #: ``deal_winner`` stay None, as the report's contract has them
    taker: str | None = None
    #: the trick where a mordienne's winning run began
    mordienne_from: int | None = None
    #: the numbers of the tricks the record does not give (missing or unread lines)
    unknown: list[int] = field(default_factory=list)
    #: whether the tricks the record gives decide who scores the deal when
    #: some are ``unknown``: True, False, or None when too many are unknown
    #: to tell
    decided: bool | None = None
    #: the deal could not be read; ``error`` says why
    broken: bool = False
    error: Finding | None = None
    signals: list[SignalOutcome] = field(default_factory=list)
    #: the dealer whose two seats made the chants, where the header names
    #: another (a dealer written wrong: deal_checks.apply_chants)
    chant_dealer: str | None = None
    #: the places in the deal's chant lines of the exchanges the replay made
    #: (deal_checks.Exchange.made): the match page applies those alone
    chants_made: list[int] = field(default_factory=list)
    #: whether its point went into the game's score (not after the game's end)
    scored: bool = False
    #: the finding that the game was already over when this deal was played
    after_end: Finding | None = None
    #: the finding that this deal is the one above written again (A104): it
    #: is left out of the game, and nothing else is said of it
    copy_of: Finding | None = None
    #: the deal as the replay read it, where that is not as written: its
    #: cards alone seated as the replay seated them (engine._seated_as_played),
    #: which the match page and the analysis read too
    read_as: Deal | None = field(default=None, compare=False)

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
    #: deals that scored (the next deal's dealer says so) for points the
    #: record does not give: not in ``score``, and ``winner`` is None where
    #: they could change it
    unscored: tuple[int | None, ...] = ()
    #: not complete, but points such deals may have added may have ended it
    may_be_over: bool = False
