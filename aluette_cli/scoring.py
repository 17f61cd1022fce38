"""Scoring one deal: who takes it, for how many points, and whether the record's
``point`` line says so.

The ruleset's deal scoring decides from the trick winners; a double or a
mordienne concession changes the points; a deal without tricks is scored
from its point line, since there is nothing to check that line against
("what is missing is not an error", NOTATION.md §6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import findings as F
from .cards import SEATS, TEAMS, other_team, team_of
from .findings import Flags
from .model import Concede, Deal
from .outcome import TrickOutcome, VoidReason
from .policies import PointOutcome, TieBreak, doubled, mordienne_start
from .rules import Ruleset
from .wording import plural


@dataclass(slots=True)
class DealScore:
    counts: dict[str, int] | None = None
    winner: str | None = None
    tie_break: TieBreak | None = None
    point: PointOutcome | None = None
    #: None when the record does not say enough to know
    void: bool | None = None
    void_reason: VoidReason | None = None
    mordienne_from: int | None = None


def score_deal(
    deal: Deal,
    sequence: Sequence[str | None] | None,
    tricks: Sequence[TrickOutcome],
    ruleset: Ruleset,
    flag: Flags,
) -> DealScore:
    """The deal's score from its trick winners (``sequence``, None when the
    record stops short), then its ``point`` line checked against it."""
    concession = deal.concessions[0] if deal.concessions else None
    if concession is not None and ruleset.mordienne:
        score = _conceded(concession, sequence, ruleset)
    elif sequence is not None:
        result = ruleset.deal_scoring.result(sequence, ruleset.deal_target, ruleset.mordienne)
        point = result.point
        if point is not None and deal.announces and ruleset.doubles:
            point = doubled(point, deal.announces[0].team)
        score = DealScore(
            result.counts,
            result.winner,
            result.tie_break,
            point,
            point is None,
            _void_reason(sequence) if point is None else None,
            result.mordienne_from,
        )
    else:
        score = DealScore()
    claim = deal.point
    if claim is None:
        return score
    if score.void is None:
        # Nothing to check the claim against: the claim is the outcome.
        if claim.side is None:
            score.void = True
            if tricks and all(t.pourri for t in tricks):
                score.void_reason = VoidReason(nobody=len(tricks))
            else:
                score.void_reason = VoidReason()
        else:
            team = claim.side if claim.side in TEAMS else team_of(claim.side)
            score.void = False
            score.point = PointOutcome(team, claim.points or 1)  # type: ignore[arg-type]
            score.winner = claim.side if claim.side in SEATS else None
        return score
    _check_claim(deal, score, flag)
    return score


def _check_claim(deal: Deal, score: DealScore, flag: Flags) -> None:
    claim = deal.point
    assert claim is not None
    n = deal.number
    if score.void:
        reason = score.void_reason
        if claim.side is None or reason is None:
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
    who = f"{winner} wins the deal for {point.team}" if winner else f"{point.team} take the deal"
    if score.counts and winner:
        who += f" with {plural(score.counts[winner], 'trick')}"  # type: ignore[index]
    facts = {"who": who, "winner": winner, "team": point.team, "points": point.points}
    if claim.side is None:
        flag(F.POINT_CLAIM, "none", claim.pos, n, **facts)
    elif (claim.side if claim.side in TEAMS else team_of(claim.side)) != point.team or (
        claim.side in SEATS and winner is not None and claim.side != winner
    ):
        flag(F.POINT_CLAIM, "side", claim.pos, n, side=claim.side, **facts)
    elif (claim.points or 1) != point.points:
        because = point.reason or ("a mordienne scores 2" if point.mordienne else "a deal scores 1")
        facts["because"] = because
        flag(F.POINT_CLAIM, "points", claim.pos, n, claimed=claim.points or 1, **facts)


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
    """Mordienne surrender (RULES.md §7): accepted, 1 to the opponents;
    refused, the opponents must make mordienne: 2 to them or 2 to the conceders."""
    team = concession.team
    opponents = other_team(team)
    if concession.accepted:
        reason = f"{team} conceded and {opponents} accepted"
        return DealScore(void=False, point=PointOutcome(opponents, 1, False, reason))
    if sequence is None:
        return DealScore()
    result = ruleset.deal_scoring.result(sequence, ruleset.deal_target, True)
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
