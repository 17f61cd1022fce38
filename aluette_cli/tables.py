"""The results tables: one row per game, deal, trick and card played.

A club keeps a season table, a notebook asks who led what: both want flat
rows that many files can be put together in, which is what these are.  Each
row is made from the engine's outcome and the record's tags, never by
working a rule out again, and carries the identity of its game (the file,
the game's index in it, and ``game_id``, the two together), so that the rows
of any number of files can be stacked and joined without two games merging.

Every form of record gives rows: a deal kept as a ``winners:`` sheet gives
trick rows without cards, a deal kept as a point line only gives its deal
row, a deal that could not be read a deal row that says so.  A game whose
ruleset is unknown is not replayed: it has its game row only.

``aluette stats`` counts from these same rows (:mod:`aluette_cli.stats`),
and ``convert --to csv`` writes the play table: what the tables say is what
the figures add up.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import attrgetter

from .cards import DECK, TRICKS_PER_DEAL, card_name
from .findings import Finding
from .outcome import DealOutcome, TrickOutcome
from .pipeline import CheckedGame
from .rules import Ruleset

#: What ``report --level`` can choose, from the coarsest table to the finest.
LEVELS = ("game", "deal", "trick", "play")


#: The cards' names, made once: every card played has a row.
_NAMES = {card: card_name(card) for card in DECK}


def game_id(file: str, index: int) -> str:
    """One value that names a game among many files: ``samples/a.aln#2``."""
    return f"{file}#{index}"


# --------------------------------------------------------------------------
# The rows


@dataclass(slots=True)
class GameRow:
    game_id: str
    file: str
    game: int
    event: str | None
    site: str | None
    date: str | None
    round: str | None
    north: str | None
    east: str | None
    south: str | None
    west: str | None
    #: the ruleset played under; None when the game could not be replayed
    rules: str | None
    #: the ruleset's options, comma-separated, in name order
    options: str | None
    #: whether deals are won by the sides' pooled tricks (team-five)
    team_tricks: bool | None
    #: the Result tag as written
    result_claimed: str | None
    #: the result the replay gives, as the Result tag writes it (complete games)
    result: str | None
    score_ns: int
    score_ew: int
    winner: str | None
    complete: bool
    replayed: bool
    deals: int
    errors: int
    warnings: int
    valid: bool


@dataclass(slots=True)
class PlayRow:
    game_id: str
    file: str
    game: int
    deal_index: int
    deal: int | None
    dealer: str | None
    trick: int
    order: int
    seat: str | None
    card: str
    card_name: str
    rank_group: int
    trick_winner: str | None
    pourri: bool
    #: this card took the trick
    won: bool
    #: one of the cards tied at the top of a pourri trick
    spoiled: bool
    #: cancelled out above the card that took the trick (cancel policy)
    cancelled: bool
    counted: bool


@dataclass(slots=True)
class TrickRow:
    game_id: str
    file: str
    game: int
    deal_index: int
    deal: int | None
    trick: int
    leader: str | None
    card_n: str | None
    card_e: str | None
    card_s: str | None
    card_w: str | None
    winner: str | None
    winning_card: str | None
    pourri: bool
    #: one of the deal's first nine tricks, and not after the one that decided it
    counted: bool
    play_rows: list[PlayRow] = field(default_factory=list)


@dataclass(slots=True)
class DealRow:
    game_id: str
    file: str
    game: int
    deal_index: int
    deal: int | None
    dealer: str | None
    #: what the record gives: tricks, sheet, point, none or unread
    record: str
    tricks: int
    #: the tricks the record does not give, by number (a line missing or
    #: unread, the last lines left out): the counts are of the others
    unknown: str | None
    tricks_n: int | None
    tricks_e: int | None
    tricks_s: int | None
    tricks_w: int | None
    pourri: int | None
    deal_winner: str | None
    tie_break: bool
    tied: str | None
    tie_total: int | None
    tie_won_at: int | None
    point_team: str | None
    points: int | None
    mordienne: bool
    mordienne_from: int | None
    point_reason: str | None
    void: bool | None
    scored: bool
    after_end: bool
    #: the deal repeats the one before it, pasted twice (A104): not counted again
    copy: bool
    broken: bool
    findings: int
    trick_rows: list[TrickRow] = field(default_factory=list)


#: The columns of each table, in order: the rows' fields, children left out.
COLUMNS: dict[str, tuple[str, ...]] = {
    "game": tuple(GameRow.__dataclass_fields__),
    "deal": tuple(f for f in DealRow.__dataclass_fields__ if f != "trick_rows"),
    "trick": tuple(f for f in TrickRow.__dataclass_fields__ if f != "play_rows"),
    "play": tuple(PlayRow.__dataclass_fields__),
}

#: Each table's row as a tuple of its columns' values.
VALUES = {level: attrgetter(*columns) for level, columns in COLUMNS.items()}


@dataclass(slots=True)
class GameTables:
    """One game's rows: its game row, and its deal rows with their tricks and plays."""

    game: GameRow
    deals: list[DealRow]

    def rows(self, level: str) -> Iterator[GameRow | DealRow | TrickRow | PlayRow]:
        """The rows of one table, in record order."""
        if level == "game":
            yield self.game
            return
        for deal in self.deals:
            if level == "deal":
                yield deal
                continue
            for trick in deal.trick_rows:
                if level == "trick":
                    yield trick
                else:
                    yield from trick.play_rows


# --------------------------------------------------------------------------
# From a checked game to its rows


def _tag(checked: CheckedGame, name: str) -> str | None:
    """A tag's value, trimmed; None when the record leaves it out, empty, or
    ``?`` (unknown, as in PGN)."""
    tag = checked.game.tag(name)
    return tag.known() if tag is not None else None


def written_result(score: dict[str, int], winner: str | None) -> str | None:
    """A complete game's result as the Result tag writes it: ``NS 3-2``, ``draw 2-2``."""
    if winner is None:
        return None
    ns, ew = score["NS"], score["EW"]
    if winner == "draw":
        return f"draw {ns}-{ew}"
    return f"{winner} {max(ns, ew)}-{min(ns, ew)}"


def game_tables(checked: CheckedGame, file: str) -> GameTables:
    """Every row of one game; ``file`` is the name its findings use."""
    outcome = checked.outcome
    ruleset = outcome.ruleset
    key = game_id(file, outcome.index)
    errors = sum(1 for f in outcome.findings if f.severity == "error")
    result = checked.game.tag("Result")
    players = checked.game.players()  # None where the record names nobody
    row = GameRow(
        game_id=key,
        file=file,
        game=outcome.index,
        event=_tag(checked, "Event"),
        site=_tag(checked, "Site"),
        date=_tag(checked, "Date"),
        round=_tag(checked, "Round"),
        north=players.get("N"),
        east=players.get("E"),
        south=players.get("S"),
        west=players.get("W"),
        rules=ruleset.name if ruleset else None,
        options=",".join(sorted(ruleset.options)) if ruleset else None,
        team_tricks=ruleset.deal_scoring.pooled if ruleset else None,
        result_claimed=result.value.strip() if result is not None else None,
        result=(
            written_result(outcome.score, outcome.winner)
            if outcome.complete and not outcome.unscored
            else None
        ),
        score_ns=outcome.score["NS"],
        score_ew=outcome.score["EW"],
        winner=outcome.winner,
        complete=outcome.complete,
        replayed=ruleset is not None,
        deals=checked.deals_read,
        errors=errors,
        warnings=len(outcome.findings) - errors,
        valid=errors == 0,
    )
    per_deal = _findings_per_deal(outcome.deals, outcome.findings)
    deals = []
    if ruleset is not None:
        for i, deal in enumerate(outcome.deals):
            deals.append(_deal_row(row, i + 1, deal, per_deal[i], ruleset))
    return GameTables(row, deals)


def _findings_per_deal(deals: list[DealOutcome], findings: list[Finding]) -> list[int]:
    """How many findings fall in each deal's text: from its header to the
    next deal's.  Places compare by line and column: a JSON record may hold
    a whole game on one line (docs/formats.md)."""
    starts = [(deal.pos.line, deal.pos.column) for deal in deals]
    counts = [0] * len(deals)
    if not deals:
        return counts
    ordered = sorted(range(len(deals)), key=lambda i: starts[i])
    lines = [starts[i] for i in ordered]
    for finding in findings:
        at = bisect_right(lines, (finding.line, finding.column)) - 1
        if at >= 0:
            counts[ordered[at]] += 1
    return counts


def counted_tricks(deal: DealOutcome) -> list[bool]:
    """Whether each of a deal's tricks counts: at most nine, none after the
    decisive one, and none the record does not give.

    A record may hold more trick lines than a deal has (a line written twice);
    the engine reports them, and they are in the tables with ``counted``
    false, so that a tally by trick number never meets a tenth trick.  A
    trick whose line is missing or unread (A201) has a row, empty, and does
    not count either: nobody knows how it went, and stats counts only the
    tricks whose outcome the record shows.
    """
    limit = TRICKS_PER_DEAL
    if deal.sequence is not None:
        limit = min(limit, len(deal.sequence))
    return [k < limit and not trick.unknown for k, trick in enumerate(deal.tricks)]


def _record(deal: DealOutcome) -> str:
    if deal.broken:
        return "unread"
    if deal.tricks:
        return "sheet" if deal.from_sheet else "tricks"
    return "point" if deal.known else "none"


def _deal_row(
    game: GameRow, index: int, deal: DealOutcome, findings: int, ruleset: Ruleset
) -> DealRow:
    counts_of = counted_tricks(deal)
    counts = deal.counts or {}
    tie = deal.tie_break
    point = None if deal.void else deal.point
    mordienne = point is not None and point.mordienne
    row = DealRow(
        game_id=game.game_id,
        file=game.file,
        game=game.game,
        deal_index=index,
        deal=deal.number,
        dealer=deal.dealer,
        record=_record(deal),
        tricks=sum(counts_of),
        unknown=" ".join(map(str, deal.unknown)) or None,
        tricks_n=counts.get("N"),
        tricks_e=counts.get("E"),
        tricks_s=counts.get("S"),
        tricks_w=counts.get("W"),
        pourri=sum(c and t.pourri for t, c in zip(deal.tricks, counts_of, strict=True))
        if counts
        else None,
        deal_winner=deal.deal_winner,
        tie_break=tie is not None,
        tied=" ".join(tie.tied) if tie is not None else None,
        tie_total=tie.total if tie is not None else None,
        tie_won_at=tie.reached_at[tie.winner] if tie is not None else None,
        point_team=point.team if point is not None else None,
        points=point.points if point is not None else None,
        mordienne=mordienne,
        mordienne_from=deal.mordienne_from if mordienne else None,
        point_reason=point.reason if point is not None else None,
        void=deal.void,
        scored=deal.scored,
        after_end=deal.after_end is not None,
        copy=deal.copy_of is not None,
        broken=deal.broken,
        findings=findings,
    )
    row.trick_rows = [
        _trick_row(row, trick, c, ruleset) for trick, c in zip(deal.tricks, counts_of, strict=True)
    ]
    return row


def _trick_row(deal: DealRow, trick: TrickOutcome, counted: bool, ruleset: Ruleset) -> TrickRow:
    by_seat = {seat: card for seat, card in trick.plays if seat is not None}
    won = trick.top[0] if trick.winner is not None and trick.top else None
    row = TrickRow(
        game_id=deal.game_id,
        file=deal.file,
        game=deal.game,
        deal_index=deal.deal_index,
        deal=deal.deal,
        trick=trick.number,
        leader=trick.leader,
        card_n=by_seat.get("N"),
        card_e=by_seat.get("E"),
        card_s=by_seat.get("S"),
        card_w=by_seat.get("W"),
        winner=trick.winner,
        winning_card=won,
        pourri=trick.pourri,
        counted=counted,
    )
    if not trick.plays:
        return row
    # Which play each card the engine names is: a card may be played twice in
    # a faulty record, and each card named is one play.
    won_at = _plays_of(trick.plays, [won] if won is not None else [], trick.winner)
    spoiled_at = _plays_of(trick.plays, trick.top if trick.pourri else [])
    cancelled_at = _plays_of(trick.plays, trick.cancelled if won is not None else [])
    # In the order of the columns, by position: one row per card played is
    # the hot loop of ``stats`` and of the play table.
    row.play_rows = [
        PlayRow(
            deal.game_id,
            deal.file,
            deal.game,
            deal.deal_index,
            deal.deal,
            deal.dealer,
            trick.number,
            k + 1,
            seat,
            card,
            _NAMES[card],
            ruleset.rank_group(card),
            trick.winner,
            trick.pourri,
            k in won_at,
            k in spoiled_at,
            k in cancelled_at,
            counted,
        )
        for k, (seat, card) in enumerate(trick.plays)
    ]
    return row


def _plays_of(
    plays: list[tuple[str | None, str]], cards: list[str], seat: str | None = None
) -> set[int]:
    """The places of one play of each card named, ``seat``'s where it played one."""
    taken: set[int] = set()
    if not cards:
        return taken
    for card in cards:
        free = [k for k, (_, c) in enumerate(plays) if c == card and k not in taken]
        mine = [k for k in free if plays[k][0] == seat]
        if free:
            taken.add((mine or free)[0])
    return taken
