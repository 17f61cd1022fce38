"""Scoring one deal: who takes it, for how many points, and whether the record's
``point`` line says so.

The ruleset's deal scoring decides from the trick winners; a double or a
mordienne concession changes the points; a deal without tricks is scored
from its point line, since there is nothing to check that line against
("what is missing is not an error", docs/notation.md §6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal

from . import findings as F
from .cards import SEATS, TRICKS_PER_DEAL, other_team, side_team, team_of
from .findings import Flags
from .model import Concede, Deal
from .outcome import TrickOutcome, VoidReason
from .policies import DealResult, PointOutcome, TieBreak, counts_of, doubled, mordienne_start
from .rules import Ruleset
from .wording import plural, tricks_named


@dataclass(slots=True)
class DealScore:
    counts: dict[str, int] | None = None
    winner: str | None = None
    tie_break: TieBreak | None = None
    point: PointOutcome | None = None
    #: None when the record does not say enough to know; False with no
    #: ``point``: the deal scored, for a side the record does not say
    void: bool | None = None
    void_reason: VoidReason | None = None
    mordienne_from: int | None = None
    #: the numbers of the tricks the record does not give
    unknown: tuple[int, ...] = ()
    #: with ``unknown`` tricks: whether the others decide the deal (None: too
    #: many unknown to try every way they could have gone)
    decided: bool | None = None
    #: where they do not: every (point, deal winner) the ways they could
    #: have gone give, so that a point line none of them gives is still found
    possible: tuple[tuple[PointOutcome | None, str | None], ...] = ()
    #: where only the points of a deal that scored are open (a mordienne's
    #: 2 or 1): the seat that takes it whatever the tricks left out gave, or
    #: its team where no one seat does; ``winner`` and ``point`` stay None
    taker: str | None = None


#: The most unknown tricks whose every winner is tried: five ways each (a
#: seat or nobody), so 125 scorings of the deal at most.
UNKNOWN_TRIED = 3


def score_deal(
    deal: Deal,
    sequence: Sequence[str | None] | None,
    tricks: Sequence[TrickOutcome],
    ruleset: Ruleset,
    flag: Flags,
    unknown: Sequence[int] = (),
) -> DealScore:
    """The deal's score from its trick winners (``sequence``, None when the
    record stops short), then its ``point`` line checked against it.
    ``unknown``: the places in ``sequence`` of tricks the record does not
    give (their winner there is None, which says nothing): the deal is
    scored if every way they could have gone scores it the same, so that a
    wrong point line beside an unreadable trick line is still found."""
    concession = deal.concessions[0] if deal.concessions and ruleset.mordienne else None
    if concession is not None and (concession.accepted or sequence is None):
        # (accepted, the deal ends there: its point is the same whatever
        # tricks the record leaves out)
        score = _conceded(concession, None if unknown else sequence, ruleset)
        score.point = _worth(deal, score.point, ruleset)
    elif sequence is not None:

        def scored(winners: Sequence[str | None]) -> DealScore:
            return scored_as_bid(deal, winners, ruleset)

        score = _whoever(sequence, unknown, scored, ruleset) if unknown else scored(sequence)
    else:
        # (the record stops short: a deal some of whose tricks were taken may
        # be known to have scored all the same, its point unknown)
        known = [t.winner for t in tricks if not t.unknown]
        left = TRICKS_PER_DEAL - len(known)
        never = tricks and not ruleset.deal_scoring.void_possible(known, left, ruleset.deal_target)
        score = DealScore(void=False if never else None)
    claim = deal.point
    if claim is None:
        return score
    # A number no deal of these rules is worth is A307 in every form of the
    # record, with tricks or without: the rules alone say it is wrong.  A
    # number the rules allow but this deal's tricks do not give is A302.  A
    # line without a number claims 1 (docs/notation.md §4), and is checked so.
    allowed = point_values(deal, ruleset)
    value_wrong = _check_value(
        deal,
        allowed,
        flag,
        score.point,
        score.void,
        lambda: _mordienne_off(deal, sequence, ruleset),
    )
    if score.point is None and score.void is not True:
        # (undecided, or known to have scored but not for whom)
        wrongs = [claim_wrong(claim.side, claim.points, p, w) for p, w in score.possible]
        if score.void is False and not score.possible and claim.side is None:
            wrongs = ["none"]  # (the ways were too many to try: none is void)
        which = (tricks_named(score.unknown) if score.unknown else NOT_GIVEN) if wrongs else ""
        if wrongs and all(wrong in ("void", "none", "side") for wrong in wrongs):
            # however the tricks the record does not give went, not this
            variant, side = (
                ("unknown-none", None) if claim.side is None else ("unknown", claim.side)
            )
            flag(F.POINT_CLAIM, variant, claim.pos, deal.number, side=side, which=which)
            return score  # and the outcome stays unknown: the line cannot be it
        if wrongs and all(wrongs) and not value_wrong:
            # a number (a mordienne's 2) no way the tricks went gives this side
            ways = list(dict.fromkeys(_said(point) for point, _ in score.possible))
            facts = {"side": claim.side, "claimed": claim.points or 1, "ways": ways}
            flag(F.POINT_CLAIM, "unknown-points", claim.pos, deal.number, which=which, **facts)
            return score
        # Nothing else to check the claim against: the claim is the outcome.
        if claim.side is None:
            score.void = True
            if tricks and all(t.pourri for t in tricks):
                score.void_reason = VoidReason(nobody=len(tricks))
            else:
                score.void_reason = VoidReason()
        else:
            team = side_team(claim.side)
            score.void = False
            # A value the rules never give (A307) is scored as the least the
            # deal can be worth, so one typo does not decide the game.
            points = min(allowed.values) if value_wrong else claim.points or 1
            reason = None
            if value_wrong:  # (said: the record's number is not the one counted)
                claimed = 1 if claim.points is None else claim.points
                reason = (
                    f"the record claims {plural(claimed, 'point')} for {claim.side}, which"
                    " these rules never"
                    " give (A307): counted as the least a deal is worth"
                )
            score.point = PointOutcome(team, points, reason=reason)
            # where tricks are pooled per team, a seat names its team: a
            # team, not a player, takes the deal
            pooled = ruleset.deal_scoring.pooled
            score.winner = claim.side if claim.side in SEATS and not pooled else None
        return score
    _check_claim(deal, score, flag, value_wrong)
    return score


def _said(point: PointOutcome | None) -> str:
    """A deal's score as a point line would claim it: ``NS 1``, ``nothing``."""
    return "nothing" if point is None else f"{point.team} {point.points}"


def scored_as_bid(deal: Deal, winners: Sequence[str | None], ruleset: Ruleset) -> DealScore:
    """The score the deal's rules and bids give these trick winners: a
    concession, a double announced.  The one scoring of a deal's winners,
    for its tricks as played and for the winners its claims give alike, so
    that a point line right for the claims is known to be so."""
    concession = deal.concessions[0] if deal.concessions and ruleset.mordienne else None
    if concession is not None:
        score = _conceded(concession, winners, ruleset)
        return replace(score, point=_worth(deal, score.point, ruleset))
    result = ruleset.deal_scoring.result(winners, ruleset.deal_target, ruleset.mordienne)
    return score_of(winners, result, _worth(deal, result.point, ruleset))


def _worth(deal: Deal, point: PointOutcome | None, ruleset: Ruleset) -> PointOutcome | None:
    """What the deal's point is worth once a double announced is counted."""
    if point is not None and deal.announces and ruleset.doubles:
        return doubled(point, deal.announces[0].team)
    return point


#: The tricks a point line is held to, where the record stops short of the
#: ones it leaves out and does not say which (a sheet short of entries)
NOT_GIVEN = "the tricks the record does not give"


def _whoever(
    sequence: Sequence[str | None],
    unknown: Sequence[int],
    scored: Callable[[Sequence[str | None]], DealScore],
    ruleset: Ruleset,
) -> DealScore:
    """The score of a deal with tricks the record does not give, if the
    tricks it gives decide it: every seat (or nobody) is tried for each
    unknown trick, each way ``scored`` as the deal's rules and bids score it
    (a refused concession too), and the deal is scored when every way gives
    the same point.  The counts are those of the tricks given; the deal's
    winner, tie-break and mordienne are said only when every way agrees on
    them.  Where the ways differ but none is void (or the rules say none can
    be, where they are too many to try), the deal scored, for a side not
    known (``void`` False, ``point`` None): it counts toward the game's end,
    and the next deal passes to the left."""
    numbers = tuple(k + 1 for k in unknown)
    if len(unknown) > UNKNOWN_TRIED:
        given = [seat for k, seat in enumerate(sequence) if k not in unknown]
        never = not ruleset.deal_scoring.void_possible(given, len(unknown), ruleset.deal_target)
        return DealScore(unknown=numbers, void=False if never else None)
    filled = list(sequence)
    scores: list[DealScore] = []
    ways: dict[tuple[PointOutcome | None, str | None], None] = {}
    for seats in product((*SEATS, None), repeat=len(unknown)):
        for k, seat in zip(unknown, seats, strict=True):
            filled[k] = seat
        way = scored(filled)
        ways[way.point, way.winner] = None
        scores.append(way)
    points = {point for point, _ in ways}
    if len(points) > 1:
        void = None if None in points else False
        # (every way the same side's: the deal is theirs, for points not
        # known, a mordienne's 2 or 1; its player's where every way agrees)
        teams = {point.team for point in points if point is not None}
        winners = {winner for _, winner in ways}
        taker = None
        if void is False and len(teams) == 1:
            (taker,) = winners if len(winners) == 1 and None not in winners else teams
        return DealScore(
            unknown=numbers, decided=False, possible=tuple(ways), void=void, taker=taker
        )
    (point,) = points
    if point is None:
        # Void whichever way the unknown tricks went: no rule of today's
        # scorings makes that happen, and why it is void could not be said
        # from the tricks given, so the point line is left unchecked.
        return DealScore(unknown=numbers)
    first = scores[0]
    winner = first.winner if all(way.winner == first.winner for way in scores) else None
    tie_break = first.tie_break
    if winner is None or any(way.tie_break != tie_break for way in scores):
        tie_break = None
    mordienne_from = first.mordienne_from
    if any(way.mordienne_from != mordienne_from for way in scores):
        mordienne_from = None
    return DealScore(
        counts=scored(sequence).counts,
        winner=winner,
        tie_break=tie_break,
        point=point,
        void=False,
        mordienne_from=mordienne_from,
        unknown=numbers,
        decided=True,
    )


def score_of(
    sequence: Sequence[str | None], result: DealResult, point: PointOutcome | None
) -> DealScore:
    """The score of a deal whose winners decide it, ``point`` being what it is
    worth after any double: the one place a replay's result becomes a score,
    for the full replay and the quick check alike."""
    return DealScore(
        result.counts,
        result.winner,
        result.tie_break,
        point,
        point is None,
        _void_reason(sequence) if point is None else None,
        result.mordienne_from,
    )


@dataclass(frozen=True, slots=True)
class PointValues:
    """The point values a deal can be worth under its rules and its bids, and why."""

    values: tuple[int, ...]
    because: str


def point_values(deal: Deal, ruleset: Ruleset) -> PointValues:
    """What a ``point`` line may claim for this deal, whatever its tricks: 1; 2 for
    a mordienne when the option is on; a double doubles both; a concession
    accepted scores 1 and a refused one 2 (docs/rules.md §4, §6-7)."""
    double = bool(deal.announces and ruleset.doubles)
    if ruleset.mordienne and deal.concessions:
        # (a double doubles the deal's worth, a concession's too: §11, 9)
        concession = deal.concessions[0]
        scores, how = (1, "accepted") if concession.accepted else (2, "refused")
        because = f"{concession.team}'s concession was {how}: it scores {scores}"
        if double:
            scores *= 2
            because += f", and {deal.announces[0].team}'s double makes it {scores}"
        return PointValues((scores,), because)
    values: tuple[int, ...] = (1, 2) if ruleset.mordienne else (1,)
    if double:
        team = deal.announces[0].team
        worth = "2 to whoever takes it" + (", 4 with a mordienne" if ruleset.mordienne else "")
        return PointValues(
            tuple(2 * v for v in values), f"{team} announced a double: the deal is worth {worth}"
        )
    if ruleset.mordienne:
        return PointValues(values, "a deal scores 1, or 2 for a mordienne")
    # Name only the ways to 2 these rules have: an option the ruleset does
    # not know is no way at all.
    ways = [
        *(["a mordienne (mordienne option)"] if "mordienne" in ruleset.known_options else []),
        *(["a double"] if ruleset.doubles else []),
    ]
    if not ways:
        return PointValues(values, "a deal scores 1 point")
    return PointValues(values, f"a deal scores 1 point; 2 only for {' or '.join(ways)}")


def _mordienne_off(deal: Deal, sequence: Sequence[str | None] | None, ruleset: Ruleset) -> bool:
    """Whether the tricks make the deal a mordienne for the side its point
    line names, under rules that know the option but play without it: a
    ``point W 2`` there is most often a game played with the option whose
    ``Options`` tag was left out."""
    claim = deal.point
    if (
        claim is None
        or claim.side is None
        or sequence is None
        or ruleset.mordienne
        or "mordienne" not in ruleset.known_options
    ):
        return False
    seats = [claim.side] if claim.side in SEATS else [s for s in SEATS if team_of(s) == claim.side]
    return any(mordienne_start(sequence, seat) is not None for seat in seats)


def _check_value(
    deal: Deal,
    allowed: PointValues,
    flag: Flags,
    worth: PointOutcome | None,
    void: bool | None,
    mordienne_off: Callable[[], bool] = lambda: False,
) -> bool:
    """A307 when the point line claims a number no deal of these rules is worth;
    True if so (the finding then stands for the claim's number).  ``worth``
    is what the tricks give, when they say: the fix the message proposes is
    then the deal's own value (a mordienne's 2), not the least one, and
    ``point none`` where the tricks make the deal void (``void`` True)."""
    claim = deal.point
    assert claim is not None
    n = deal.number
    if claim.side is None:
        if claim.points is None:
            return False
        # a void deal scores nothing: its number can only be a slip
        flag(F.POINT_VALUE, "none", claim.pos, n, claimed=claim.points)
        return True
    claimed = 1 if claim.points is None else claim.points
    if claimed in allowed.values:
        return False
    # The line to write: the deal's own point when its tricks say (the team
    # that scores, too: a line that fixed the number only would still be
    # wrong, A302), otherwise the least the deal can be worth.
    team = side_team(claim.side)
    side, best = claim.side, min(allowed.values)
    if worth is not None and worth.points in allowed.values:
        best = worth.points
        if worth.team != team:
            side = worth.team
    fix = "none" if void else side if best == 1 else f"{side} {best}"
    if claimed == 0:
        # what the tricks say, or else both lines a slip for 0 may have meant
        told = void or worth is not None
        variant = "zero-told" if told else "zero" if best == 1 else "zero-least"
        flag(F.POINT_VALUE, variant, claim.pos, n, side=claim.side, claimed=0, fix=fix)
        return True
    variant = "value" if claim.points is not None else "value-omitted"
    facts = {"side": claim.side, "claimed": claimed, "because": allowed.because}
    if claimed == 2 and mordienne_off():  # (asked only of a line already wrong)
        variant = "mordienne-off"  # the cards say the game had the option
        facts["option"] = "mordienne"
    flag(F.POINT_VALUE, variant, claim.pos, n, fix=fix, allowed=list(allowed.values), **facts)
    return True


def _check_claim(deal: Deal, score: DealScore, flag: Flags, value_wrong: bool) -> None:
    claim = deal.point
    assert claim is not None
    n = deal.number
    if score.void:
        reason = score.void_reason
        if reason is None or claim_wrong(claim.side, claim.points, None, None) is None:
            return
        if reason.nobody is not None:
            flag(F.POINT_CLAIM, "void-nobody", claim.pos, n, side=claim.side, tricks=reason.nobody)
        else:
            each = reason.totals[0] if reason.totals else 0
            flag(F.POINT_CLAIM, "void-even", claim.pos, n, side=claim.side, each=each)
        return
    point = score.point
    assert point is not None
    winner = score.winner
    wrong = claim_wrong(claim.side, claim.points, point, winner)
    if wrong is None or (wrong == "number" and value_wrong):
        return
    whoever = f" whoever took {tricks_named(score.unknown)}" if score.unknown else ""
    if winner and team_of(winner) != point.team:
        # a refused concession the refusers' best player did not turn
        # into a mordienne: the conceders score, whoever took most tricks
        who = f"{point.team} score {point.points}{whoever}: {point.reason}"
        if claim.side in SEATS and team_of(claim.side) == point.team:
            # (a player of the side named: the side scores, but none of its
            # players won the deal, which a seat claims)
            who += (
                f"; the point is the side's, not a player's, as {winner} has the most"
                f" tricks: write point {point.team} {point.points}"
            )
        winner, whoever = None, ""
    elif winner:
        who = f"{winner} wins the deal for {point.team}"
    else:
        who = f"{point.team} take the deal"
    if score.counts and winner and not score.unknown:
        who += f" with {plural(score.counts[winner], 'trick')}"  # type: ignore[index]
    who += whoever
    facts = {"who": who, "winner": winner, "team": point.team, "points": point.points}
    if wrong == "none":
        flag(F.POINT_CLAIM, "none", claim.pos, n, **facts)
    elif wrong == "side":
        flag(F.POINT_CLAIM, "side", claim.pos, n, side=claim.side, **facts)
    else:
        because = point.reason or ("a mordienne scores 2" if point.mordienne else "a deal scores 1")
        facts["because"] = because
        flag(F.POINT_CLAIM, "points", claim.pos, n, claimed=claim.points or 1, **facts)


def claim_wrong(
    side: str | None, points: int | None, point: PointOutcome | None, winner: str | None
) -> Literal["void", "none", "side", "number"] | None:
    """What is wrong with a point line that names ``side`` (None: nobody) and
    ``points`` (None: left out, which is 1) of a deal worth ``point`` to
    ``winner``'s team (``winner`` None: to the team; ``point`` None: a void
    deal): the one comparison of a claim with a score, for the full replay
    and the quick check alike."""
    if point is None:
        return None if side is None else "void"
    if side is None:
        return "none"
    if side_team(side) != point.team or (side in SEATS and winner is not None and side != winner):
        return "side"
    if (1 if points is None else points) != point.points:
        return "number"
    return None


def played_result(winners: Sequence[str | None], ruleset: Ruleset) -> DealResult | None:
    """The fast entry of scoring: what a deal's trick winners decide, when they
    are all there and no more (nine tricks, or the tricks up to the one that
    decided the deal under rules that stop play there); None otherwise, and
    the full replay says what is wrong.  No double and no concession: a
    deal with one is not given so."""
    scoring, target = ruleset.deal_scoring, ruleset.deal_target
    decided = scoring.decided_after(winners, target)
    if (len(winners) != TRICKS_PER_DEAL) if decided is None else (decided != len(winners)):
        return None
    return scoring.result(winners, target, ruleset.mordienne)


def _void_reason(sequence: Sequence[str | None]) -> VoidReason:
    """Why trick winners leave a deal to nobody: no trick was won at all, or the
    teams are level."""
    if all(seat is None for seat in sequence):
        return VoidReason(nobody=len(sequence))
    ns = sum(1 for s in sequence if s and team_of(s) == "NS")
    ew = sum(1 for s in sequence if s and team_of(s) == "EW")
    return VoidReason(totals=(ns, ew))


def _conceded(
    concession: Concede, sequence: Sequence[str | None] | None, ruleset: Ruleset
) -> DealScore:
    """Mordienne surrender (docs/rules.md §7): accepted, 1 to the opponents;
    refused, the opponents must make mordienne: 2 to them or 2 to the
    conceders, unless the deal is void (docs/rules.md §11, convention 7)."""
    team = concession.team
    opponents = other_team(team)
    if concession.accepted:
        reason = f"{team} conceded and {opponents} accepted"
        # The deal ends there: the tricks played before it are all its
        # tricks, and each seat's count of them is a fact of the record.
        counts = None if sequence is None else counts_of(sequence)
        return DealScore(counts, void=False, point=PointOutcome(opponents, 1, False, reason))
    if sequence is None:
        return DealScore()
    result = ruleset.deal_scoring.result(sequence, ruleset.deal_target, True)
    if result.point is None:  # a void deal is dealt again: nobody made or missed anything
        return score_of(sequence, result, None)
    winner = result.winner
    start = None
    if winner is not None and team_of(winner) == opponents:
        start = mordienne_start(sequence, winner)
    if start is not None:
        reason = f"{opponents} refused the concession and made mordienne"
        point = PointOutcome(opponents, 2, True, reason)
    else:
        reason = f"{opponents} refused {team}'s concession and did not make mordienne"
        point = PointOutcome(other_team(opponents), 2, False, reason)
    return DealScore(result.counts, winner, result.tie_break, point, False, None, start)
