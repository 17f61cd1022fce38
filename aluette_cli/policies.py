"""The rules that vary between rulesets, as behaviour: ties, deal scoring, game length.

A ruleset file names a policy by a word (``play.tie = "cancel"``); loading
the ruleset turns the word into one of the objects here, and from then on
the engine and the writers only ask the object — who takes this trick, is
the deal decided, is the game over, how do we say so — and never compare
its name.  A new way of breaking ties, scoring a deal or ending a game is
one class and one line in its registry (``TIE_POLICIES``, ``DEAL_SCORINGS``,
``GAME_LENGTHS``), and every command knows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, NamedTuple

from .cards import SEATS, TEAMS, Seat, Team, team_of
from .wording import listed, plural

#: One card on a trick: the seat that played it (None when the record does
#: not say) and the card.
PlayT = tuple[str | None, str]


def declared(policy: object, fact: str, rules: tuple[str, ...], default: object) -> object:
    """What ``policy`` declares of its rules (``fact``, a class attribute), or
    ``default`` where a class below the declaration wrote one of the rules
    again (``rules``, its method names) without declaring anew.

    A fast path trusts a declaration to skip asking the rule; one inherited
    by a subclass that changed the rule may be false of it, and the fast
    path would then be silently wrong.  A subclass that keeps the rules
    keeps the declaration; one that changes them says again what holds, or
    gets the slow, exact path."""
    trusted = _trusted(type(policy), fact, rules)  # type: ignore[arg-type]
    return getattr(policy, fact) if trusted else default


@cache
def _trusted(kind: type, fact: str, rules: tuple[str, ...]) -> bool:
    """Whether ``kind`` declares ``fact`` in a class at or below every class
    that wrote one of ``rules``: asked once per class (a replay makes a
    quick check per game)."""
    mro = kind.__mro__
    owner = next((c for c in mro if fact in c.__dict__), None)
    if owner is None:
        return False
    for rule in rules:
        writer = next((c for c in mro if rule in c.__dict__), None)
        if writer is not None and not issubclass(owner, writer):
            return False
    return True


# --------------------------------------------------------------------------
# Who takes a trick


class TrickResult(NamedTuple):
    """Who takes a trick, and the cards that explain why.

    ``top`` is the card that takes the trick, or the cards whose tie left it
    to nobody; ``cancelled`` the cards that cancelled out above the winner;
    ``beaten`` the strongest card that the winner had to beat (None when the
    winner is the only card that counts).  A named tuple: one is made for
    every trick of an archive.
    """

    winner: str | None
    nobody: bool
    top: list[str]
    cancelled: list[str]
    beaten: str | None = None


class TiePolicy:
    """What happens when the strongest cards of a trick are equal."""

    name: ClassVar[str]
    #: how a trick that belongs to nobody is called ("trick 3 was pourri")
    nobody_word: ClassVar[str]
    #: the rule in one sentence, for ``aluette rules``
    summary: ClassVar[str]
    #: the rule in French, for the scorer's page ("{target}" where the
    #: English takes the target); None: the page says it in English
    summary_fr: ClassVar[str | None] = None
    #: Facts a policy declares of its own :meth:`result`, for the fast paths
    #: (the quick check's table, the solver's fast search), asked through
    #: :meth:`declares`.  ``unique_top_wins``: a card stronger than every
    #: other card of the trick always takes it, so who takes a trick is often
    #: known without asking :meth:`result` (ties are what the policies
    #: differ on).  ``only_top_wins``: a card takes a trick only if it is
    #: stronger than every other card of it (a tie for the top leaves the
    #: trick to nobody), so a player takes a trick only while the others
    #: still hold weaker cards.  ``single_top_wins``: a trick goes to its
    #: strongest card whose strength no other card of it shares, and to
    #: nobody if every card's is shared (equal cards cancel), so where no
    #: card of the trick can be equal to another seat's, the weaker cards
    #: never decide it.
    unique_top_wins: ClassVar[bool] = False
    only_top_wins: ClassVar[bool] = False
    single_top_wins: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def declares(self, fact: str) -> bool:
        """Whether the policy declares ``fact`` of its rule, where the class
        that declared it also wrote the rule (see :func:`declared`)."""
        return bool(declared(self, fact, ("result",), False))

    def result(self, plays: Sequence[PlayT], strength: dict[str, int]) -> TrickResult:
        raise NotImplementedError

    def nobody_why(self, top: Sequence[str]) -> str:
        """Why nobody takes a trick, as the report says it."""
        raise NotImplementedError

    def nobody_truth(self, top: Sequence[str]) -> str:
        """The same fact, as a finding that corrects a claim says it."""
        raise NotImplementedError


def _strongest_uncancelled(
    plays: Sequence[PlayT], card: str, strength: dict[str, int]
) -> str | None:
    """The strongest card other than ``card`` that did not cancel out (its rank
    was played once), the first played of its strength."""
    ranks: dict[int, int] = {}
    for _, c in plays:
        ranks[strength[c]] = ranks.get(strength[c], 0) + 1
    best: str | None = None
    for _, c in plays:
        if c != card and ranks[strength[c]] == 1 and (best is None or strength[c] > strength[best]):
            best = c
    return best


class Spoil(TiePolicy):
    """A tie for the top card spoils the trick: pourri (docs/rules.md §3)."""

    name = "spoil"
    summary_fr = (
        "deux cartes égales au plus haut gâtent la levée (pourrie) : personne ne la"
        " prend, et qui l'a ouverte rejoue"
    )
    unique_top_wins = True
    only_top_wins = True
    nobody_word = "pourri"
    summary = (
        "a tie for the top card spoils the trick (pourri): nobody takes it, and its"
        " leader leads again"
    )

    def result(self, plays: Sequence[PlayT], strength: dict[str, int]) -> TrickResult:
        # One pass: the top cards, and the strongest card below them (the
        # first played of its strength), which is what the winner beat.
        best = second = -1
        top: list[PlayT] = []
        beaten: str | None = None
        for seat, card in plays:
            s = strength[card]
            if s > best:
                if top:
                    beaten, second = top[0][1], best
                best, top = s, [(seat, card)]
            elif s == best:
                top.append((seat, card))
            elif s > second:
                beaten, second = card, s
        if len(top) != 1:
            return TrickResult(None, True, [card for _, card in top], [])
        return TrickResult(top[0][0], False, [top[0][1]], [], beaten)

    def nobody_why(self, top: Sequence[str]) -> str:
        return f"{listed(top)} tie for the top: pourri"

    def nobody_truth(self, top: Sequence[str]) -> str:
        return f"it is pourri: {listed(top)} tie for the top"


class Cancel(TiePolicy):
    """Equal cards cancel each other; the highest card left wins (docs/rules.md §7,
    team-five).  Convention: all the cards of a rank played more than once
    cancel, three as well as two."""

    name = "cancel"
    summary_fr = (
        "les cartes égales s'annulent et la plus forte qui reste prend la levée ; si"
        " toutes s'annulent, personne ne la prend, et qui l'a ouverte rejoue"
    )
    nobody_word = "cancelled out"
    unique_top_wins = True
    single_top_wins = True
    summary = (
        "equal cards cancel each other out and the highest card left takes the trick;"
        " if every card cancels, nobody takes it and its leader leads again"
    )

    def result(self, plays: Sequence[PlayT], strength: dict[str, int]) -> TrickResult:
        by_strength: dict[int, list[PlayT]] = {}
        for seat, card in plays:
            by_strength.setdefault(strength[card], []).append((seat, card))
        for s in sorted(by_strength, reverse=True):
            if len(by_strength[s]) == 1:
                seat, card = by_strength[s][0]
                cancelled = [
                    c for _, c in plays if strength[c] > s and len(by_strength[strength[c]]) > 1
                ]
                beaten = _strongest_uncancelled(plays, card, strength)
                return TrickResult(seat, False, [card], cancelled, beaten)
        cards = [card for _, card in plays]
        return TrickResult(None, True, cards, list(cards))

    def nobody_why(self, top: Sequence[str]) -> str:
        return f"{listed(top)} all cancel out: nobody takes it"

    def nobody_truth(self, top: Sequence[str]) -> str:
        return f"it belongs to nobody: {listed(top)} all cancel out"


TIE_POLICIES: dict[str, TiePolicy] = {"spoil": Spoil(), "cancel": Cancel()}


# --------------------------------------------------------------------------
# Who takes a deal


@dataclass(frozen=True, slots=True)
class TieBreak:
    """Players tied on the most tricks: the one who reached the total first wins."""

    tied: list[Seat]
    total: int
    reached_at: dict[str, int]
    winner: Seat


@dataclass(frozen=True, slots=True)
class PointOutcome:
    team: Team
    points: int
    mordienne: bool = False
    #: why the points went where they did when it is not the plain rule
    reason: str | None = None


class DealResult(NamedTuple):
    """What the trick winners decide: counts, deal winner, tie-break and point
    (no point: the deal is void).  A named tuple: one is made for every deal
    of an archive, and a frozen dataclass's ``__init__`` costs three times
    as much."""

    counts: dict[str, int]
    winner: Seat | None
    tie_break: TieBreak | None
    point: PointOutcome | None
    #: where a mordienne's run of tricks started (1-based), when it was made
    mordienne_from: int | None = None


@cache
def _point(team: Team, mordienne: bool) -> PointOutcome:
    """A deal's plain point to ``team``: 1, or 2 for a mordienne.  Frozen, so
    one of each serves every deal: making one costs a frozen dataclass's
    ``__init__``, for every deal of an archive."""
    return PointOutcome(team, 2 if mordienne else 1, mordienne)


def counts_of(sequence: Sequence[str | None]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(SEATS, 0)
    for seat in sequence:
        if seat is not None:
            counts[seat] += 1  # type: ignore[index]
    return counts


def mordienne_start(sequence: Sequence[str | None], seat: str) -> int | None:
    """Where ``seat``'s comeback run starts (1-based), if the deal is a mordienne:
    ``seat`` won nothing before a final unbroken run of won tricks.

    The run ends with the last trick and starts after the first one
    (docs/rules.md §6 and its convention); a pourri trick breaks it.
    """
    start = len(sequence)
    while start > 0 and sequence[start - 1] == seat:
        start -= 1
    if start == len(sequence) or start == 0 or seat in sequence[:start]:
        return None
    return start + 1


#: the fast search's tallies of the tricks taken (:attr:`DealScoring.tally`)
SEAT_COUNTS = "seat counts"
TEAM_TOTALS = "team totals"


class DealScoring:
    """How a deal is decided: when play stops early, and who scores."""

    #: the rule in French, for the scorer's page ("{target}" where the
    #: English takes the target); None: the page says it in English
    summary_fr: ClassVar[str | None] = None

    name: ClassVar[str]
    #: whether tricks are pooled per team, so no single player wins the deal
    pooled: ClassVar[bool]
    #: How the solver's fast search may describe the tricks taken and bound
    #: what they score, declared of :meth:`result` and :meth:`decided_after`
    #: and asked through :meth:`search_tally`: :data:`SEAT_COUNTS` (each
    #: seat's count and when it was reached; most tricks wins, the first to
    #: the count on a tie, one point, two for a mordienne) or
    #: :data:`TEAM_TOTALS` (the two teams' totals; the first to the target
    #: or the most takes one point, equal is void); None: the whole
    #: sequence of winners, slower and as exact, for any scoring.
    tally: ClassVar[str | None] = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def search_tally(self) -> str | None:
        """The tally the fast search may use (:attr:`tally`), where the class
        that declared it also wrote the rules it describes (see :func:`declared`)."""
        found = declared(self, "tally", ("result", "decided_after"), None)
        return found if isinstance(found, str) else None

    def decided_after(self, sequence: Sequence[str | None], target: int) -> int | None:
        """The trick after which the deal is decided and play stops, if it does early."""
        return None

    def result(self, sequence: Sequence[str | None], target: int, mordienne: bool) -> DealResult:
        raise NotImplementedError

    def void_possible(self, known: Sequence[str | None], unknown: int, target: int) -> bool:
        """Whether a deal whose tricks the record gives went to ``known``
        (None: nobody), with ``unknown`` more it does not give, may still be
        void.  Where it may not, the deal scored, its point unknown: it
        counts toward the game's end, and the next deal passes to the left.
        True where the rules cannot say."""
        return True

    def summary(self, target: int) -> str:
        raise NotImplementedError


class MostTricks(DealScoring):
    """The player with most tricks scores for the team; on a tie, the one who
    reached the final total first (docs/rules.md §4).  All nine tricks are played."""

    name = "most-tricks"
    summary_fr = (
        "le joueur qui a le plus de levées gagne le point de la donne pour son"
        " équipe (les partenaires n'ajoutent pas leurs levées) ; à égalité, celui qui a atteint"
        " ce nombre le premier"
    )
    pooled = False
    tally = SEAT_COUNTS

    def result(self, sequence: Sequence[str | None], target: int, mordienne: bool) -> DealResult:
        # Each seat's count is counted in C; when each reached it, only on a tie.
        counts: dict[str, int] = dict(zip(SEATS, map(sequence.count, SEATS), strict=True))
        best = max(counts.values())
        if best == 0:
            return DealResult(counts, None, None, None)
        tied = [s for s in SEATS if counts[s] == best]
        tie_break = None
        if len(tied) == 1:
            winner = tied[0]
        else:
            # A player's count only grows, so the trick of their last win is
            # the one at which they reached their total.
            reached: dict[str, int] = {}
            for number, seat in enumerate(sequence, 1):
                if seat is not None:
                    reached[seat] = number
            winner = min(tied, key=reached.__getitem__)
            tie_break = TieBreak(tied, best, {s: reached[s] for s in tied}, winner)
        start = mordienne_start(sequence, winner) if mordienne else None
        made = start is not None
        return DealResult(counts, winner, tie_break, _point(winner.team, made), start)

    def void_possible(self, known: Sequence[str | None], unknown: int, target: int) -> bool:
        # void only where nobody took a trick: one trick taken decides that
        return not any(known)

    def summary(self, target: int) -> str:
        return (
            "the player with most tricks wins the deal's point for the team (partners do"
            " not add their tricks); on a tie, whoever reached that total first"
        )


class TeamTricks(DealScoring):
    """Tricks are pooled per team; the first team to ``target`` tricks takes the
    deal and play stops (docs/rules.md §7, team-five).  Conventions: if spoiled
    tricks leave neither team there, more tricks takes the deal; equal is void."""

    name = "team-tricks"
    summary_fr = (
        "les levées comptent par équipe ; la première équipe à {target} levée{s}"
        " prend la donne et le jeu s'arrête là ; sinon, qui a le plus de levées la prend, et à"
        " égalité la donne est nulle"
    )
    pooled = True
    tally = TEAM_TOTALS

    def decided_after(self, sequence: Sequence[str | None], target: int) -> int | None:
        totals = dict.fromkeys(TEAMS, 0)
        for number, seat in enumerate(sequence, 1):
            if seat is not None:
                team = team_of(seat)
                totals[team] += 1
                if totals[team] == target:
                    return number
        return None

    def result(self, sequence: Sequence[str | None], target: int, mordienne: bool) -> DealResult:
        counts = counts_of(sequence)
        totals = {team: sum(counts[s] for s in team.seats) for team in TEAMS}
        decided = self.decided_after(sequence, target)
        if decided is not None:
            team = team_of(sequence[decided - 1])  # type: ignore[arg-type]
            reason = f"{team} reached {plural(target, 'trick')} at trick {decided}"
        elif totals[Team.NS] != totals[Team.EW]:
            team = Team.NS if totals[Team.NS] > totals[Team.EW] else Team.EW
            reason = (
                f"neither team reached {target};"
                f" {team} took more tricks ({totals[team]} to {totals[team.other]})"
            )
        else:
            return DealResult(counts, None, None, None)
        return DealResult(counts, None, None, PointOutcome(team, 1, False, reason))

    def void_possible(self, known: Sequence[str | None], unknown: int, target: int) -> bool:
        # void where the teams end level, neither at the target: the tricks
        # not given may bring them level below it (each to a team or to nobody)
        counts = counts_of(known)
        ns, ew = (sum(counts[s] for s in team.seats) for team in (Team.NS, Team.EW))
        # (level below the target: the trailing team takes the gap, and
        # nobody the rest)
        return max(ns, ew) < target and abs(ns - ew) <= unknown

    def summary(self, target: int) -> str:
        return (
            f"tricks are pooled per team; the first team to {plural(target, 'trick')} takes the"
            " deal and play stops there; if none does, more tricks takes it, and equal is void"
        )


DEAL_SCORINGS: dict[str, DealScoring] = {"most-tricks": MostTricks(), "team-tricks": TeamTricks()}


def doubled(point: PointOutcome, announcer: str) -> PointOutcome:
    """A double (docs/rules.md §7): two points to the announcers if they take the
    deal, two to the opponents if not."""
    if point.team == announcer:
        reason = f"{announcer} announced a double and took the deal"
    else:
        reason = f"{announcer} announced a double and lost the deal"
    if point.reason:
        reason = f"{point.reason}; {reason}"
    return PointOutcome(point.team, 2 * point.points, point.mordienne, reason)


# --------------------------------------------------------------------------
# When a game ends


class GameLength:
    """When a game is over, and how to say why (or why not yet)."""

    #: the rule in French, for the scorer's page ("{target}" where the
    #: English takes the target); None: the page says it in English
    summary_fr: ClassVar[str | None] = None

    name: ClassVar[str]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def is_over(self, scoring_deals: int, score: dict[str, int], target: int) -> bool:
        raise NotImplementedError

    def end_reason(self, target: int) -> str:
        """Why the game was over: "the game was over after deal 5 (<reason>)"."""
        raise NotImplementedError

    def so_far(self, score: str, scoring_deals: int, target: int) -> str:
        """The report's sentence for a game the record does not finish."""
        raise NotImplementedError

    def unfinished(
        self,
        score: dict[str, int],
        scoring: int,
        unknown: int,
        target: int,
        open_points: Mapping[str, int] | None = None,
    ) -> str | None:
        """Why a Result that claims a finished game is wrong, or None if it
        may be right.  ``unknown``: deals whose outcome is not known;
        ``open_points``: the most points, by team, the deals that scored
        for points the record does not give (counted in ``scoring``) may
        have added to its score."""
        raise NotImplementedError

    def known_winner(
        self, low: Mapping[str, int], high: Mapping[str, int], target: int
    ) -> str | None:
        """The team that won a finished game whose teams hold between
        ``low`` and ``high`` points (points the record does not give
        between), where it is the same however those went; None else."""
        ns, ew = Team.NS, Team.EW
        return ns if low[ns] > high[ew] else ew if low[ew] > high[ns] else None

    def summary(self, target: int) -> str:
        raise NotImplementedError


class Deals(GameLength):
    """A game is a number of scoring deals (docs/rules.md §5); void deals do not count."""

    name = "deals"
    summary_fr = (
        "une partie est de {target} donne{s} marquante{s} (les donnes nulles ne comptent pas)"
    )

    def is_over(self, scoring_deals: int, score: dict[str, int], target: int) -> bool:
        return scoring_deals >= target

    def end_reason(self, target: int) -> str:
        return f"{plural(target, 'scoring deal')} had been played"

    def so_far(self, score: str, scoring_deals: int, target: int) -> str:
        return (
            f"Score so far: {score}, after {plural(scoring_deals, 'scoring deal')} of"
            f" {target}: the game is not finished."
        )

    def unfinished(
        self,
        score: dict[str, int],
        scoring: int,
        unknown: int,
        target: int,
        open_points: Mapping[str, int] | None = None,
    ) -> str | None:
        most = scoring + unknown
        if most >= target:
            return None
        count = ("at most " if unknown else "only ") + plural(most, "scoring deal")
        return f"the record has {count} of {target}"

    def summary(self, target: int) -> str:
        return f"a game is {plural(target, 'scoring deal')} (void deals do not count)"


class Points(GameLength):
    """The first team to a number of points wins (docs/rules.md §7)."""

    name = "points"
    summary_fr = "la première équipe à {target} point{s} gagne la partie"

    def is_over(self, scoring_deals: int, score: dict[str, int], target: int) -> bool:
        return max(score.values()) >= target

    def end_reason(self, target: int) -> str:
        return f"a team had reached {plural(target, 'point')}"

    def so_far(self, score: str, scoring_deals: int, target: int) -> str:
        return (
            f"Score so far: {score}; the game goes on until a team has"
            f" {plural(target, 'point')}: it is not finished."
        )

    def unfinished(
        self,
        score: dict[str, int],
        scoring: int,
        unknown: int,
        target: int,
        open_points: Mapping[str, int] | None = None,
    ) -> str | None:
        most = open_points or {}
        if unknown or any(points + most.get(team, 0) >= target for team, points in score.items()):
            return None  # (a point the record does not give may have ended it)
        return (
            f"the score is NS {score['NS']}, EW {score['EW']}"
            f" and the game goes on until a team has {plural(target, 'point')}"
        )

    def known_winner(
        self, low: Mapping[str, int], high: Mapping[str, int], target: int
    ) -> str | None:
        # (the first team to the target wins: one whose points not given may
        # have taken it there first may have won, whatever the totals)
        winner = super().known_winner(low, high, target)
        loser = Team.EW if winner == Team.NS else Team.NS
        return winner if winner is not None and high[loser] < target else None

    def summary(self, target: int) -> str:
        return f"the first team to {plural(target, 'point')} wins the game"


GAME_LENGTHS: dict[str, GameLength] = {"deals": Deals(), "points": Points()}
