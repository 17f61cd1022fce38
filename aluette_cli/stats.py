"""Statistics over any number of games: what the records show, added up.

:class:`StatsAccumulator` takes checked games one at a time (``add``) and
keeps only running totals: one tally per player, seat, team and card, and a
few counters, so its memory does not grow with the number of games.
:meth:`StatsAccumulator.result` gives the figures; the writers in
:mod:`aluette_cli.writers.stats` turn them into tables, JSON and CSV.

Nothing here applies a rule: every figure is counted from the rows of the
results tables (:mod:`aluette_cli.tables`: a game's row, its deals' rows,
their tricks and the cards played), which are what ``report --format csv``
writes, so a figure can always be found again in those tables.  What the
engine could not establish is not guessed, and every figure says how many
deals it rests on.  The reasons for skipping and the violations are read
from the findings themselves.  What is counted, and what is skipped
(docs/stats.md):

- a game the tool cannot replay (unknown ruleset or option, A401) is skipped
  as a whole, and so is text that holds neither a tag section nor a deal;
- a deal that could not be read (a syntax error, A001/A002) is skipped;
- a deal after the end of the game (A106) is skipped: it is not part of
  the game;
- any other deal counts what the engine established, violations or not;
  only its first nine tricks count, and under team-tricks scoring
  (team-five) none after the trick that decided the deal (A209).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import findings as F
from .cards import DECK, SEATS, TEAMS, TRICKS_PER_DEAL, team_of
from .findings import Finding, Kind
from .pipeline import CheckedGame
from .tables import DealRow, GameRow, PlayRow, TrickRow, game_tables

if TYPE_CHECKING:
    from .analysis import DealAnalysis, GameAnalysis, Limits, PlayValue

#: What ``stats --by`` can break the figures down by.
VIEWS = ("player", "seat", "team", "card")

#: Where the deal winner sat, counted from the dealer's left (who leads first).
POSITIONS = ("first leader", "second", "third", "dealer")

#: How many examples of each reason for skipping are kept.
EXAMPLES = 3

_DECK_ORDER = {card: i for i, card in enumerate(DECK)}


def unnamed(seat: str) -> str:
    """The label of a player the record does not name: ``(seat N)``."""
    return f"(seat {seat})"


def player_names(game: GameRow) -> dict[str, str]:
    """Who sat where, by the game row's players (the North...West tags);
    ``(seat X)`` where the record gives no name (none, empty, or ``?``)."""
    named = dict(zip(SEATS, (game.north, game.east, game.south, game.west), strict=True))
    return {seat: name if name is not None else unnamed(seat) for seat, name in named.items()}


def team_names(players: dict[str, str]) -> dict[str, str]:
    """Each side's label: the two players' names, or ``NS``/``EW`` when neither is named."""
    labels: dict[str, str] = {}
    for team in TEAMS:
        a, b = team[0], team[1]
        if players[a] == unnamed(a) and players[b] == unnamed(b):
            labels[team] = team
        else:
            labels[team] = " & ".join(sorted((players[a], players[b]), key=_name_key))
    return labels


def _bump(counter: dict[int, int], key: int) -> None:
    counter[key] = counter.get(key, 0) + 1


def _order(tally: Tally) -> tuple[bool, int, str, str]:
    """Named rows by name; then the unnamed seats (or sides) in seat order."""
    if tally.named:
        return (False, 0, tally.label.casefold(), tally.label)
    seat = tally.label[-2] if tally.label.startswith("(seat ") else tally.label[0]
    return (True, SEATS.index(seat), "", tally.label)


def _name_key(name: str) -> tuple[bool, str, str]:
    return (name.startswith("(seat "), name.casefold(), name)


def counted_tricks(deal: DealRow) -> list[TrickRow]:
    """The tricks of a deal that count: at most nine, none after the decisive
    one (``counted`` in the trick table, :func:`aluette_cli.tables.counted_tricks`)."""
    return [trick for trick in deal.trick_rows if trick.counted]


def trick_counts(deal: DealRow) -> dict[str, int] | None:
    """Each seat's tricks in the deal, when the record gives them all (none
    unknown: a winner's count is then the tricks it took, not a part)."""
    if deal.unknown:
        return None
    given = (deal.tricks_n, deal.tricks_e, deal.tricks_s, deal.tricks_w)
    counts: dict[str, int] = {s: n for s, n in zip(SEATS, given, strict=True) if n is not None}
    return counts if len(counts) == len(SEATS) else None


def scorer(deal: DealRow) -> str | None:
    """The player who won the deal's point for the team, when the record tells."""
    winner, team = deal.deal_winner, deal.point_team
    if winner is None or team is None or team_of(winner) != team:
        return None
    return winner


def position(seat: str, dealer: str) -> int:
    """0 for the dealer's left (the first leader), 1, 2, and 3 for the dealer."""
    return (SEATS.index(seat) - SEATS.index(dealer) - 1) % 4


# --------------------------------------------------------------------------
# Tallies


@dataclass(slots=True)
class Tally:
    """The figures of one player, seat or team."""

    label: str
    #: False for a seat whose player the record does not name
    named: bool = True
    games: int = 0
    games_won: int = 0
    deals: int = 0
    #: deals won: by this player (player, seat), or by this side (team)
    deals_won: int = 0
    #: points of those deals
    points: int = 0
    #: points the player's side scored in the deals the player played
    team_points: int = 0
    #: deals played whose trick winners are (at least in part) recorded
    deals_with_tricks: int = 0
    tricks: int = 0
    tie_breaks_won: int = 0
    tie_breaks_lost: int = 0
    mordiennes: int = 0
    pourri_led: int = 0
    #: deals the side scored while taking fewer tricks than the other (team)
    fewer_tricks_deals: int = 0
    #: points won as deal winner, by the winner's position from the dealer
    by_position: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    # With ``stats --analyse`` (docs/stats.md, Plays analysed): see PlayFigures.
    deals_analysed: int = 0
    plays_judged: int = 0
    decisive_plays: int = 0
    mistakes: int = 0
    #: deals in which a play turned the side's won point into a lost one
    thrown_away: int = 0
    #: deals in which a play kept a won point that another card would have lost
    saved: int = 0
    plays_judged_as_seen: int = 0
    decisive_plays_as_seen: int = 0
    mistakes_as_seen: int = 0

    @property
    def tricks_per_deal(self) -> float | None:
        if not self.deals_with_tricks:
            return None
        return self.tricks / self.deals_with_tricks

    @property
    def accuracy(self) -> float | None:
        """The share of the decisive plays that kept the value: trivial plays
        (every card alike) would only dilute it, and their number depends on
        how far back the deals were solved, so they are left out."""
        if not self.decisive_plays:
            return None
        return 1 - self.mistakes / self.decisive_plays

    @property
    def accuracy_as_seen(self) -> float | None:
        """The same over the plays judged as seen: not a clear mistake."""
        if not self.decisive_plays_as_seen:
            return None
        return 1 - self.mistakes_as_seen / self.decisive_plays_as_seen


@dataclass(slots=True)
class CardTally:
    card: str
    #: the card's row in the ranking of the first ruleset it was played under
    rank_group: int
    played: int = 0
    won: int = 0
    #: pourri tricks in which this card was one of the cards tied at the top
    spoiled: int = 0
    #: tricks in which it cancelled out above the winning card (cancel policy)
    cancelled: int = 0
    #: how often it was played at trick 1...9
    by_trick: list[int] = field(default_factory=lambda: [0] * TRICKS_PER_DEAL)

    @property
    def mean_trick(self) -> float | None:
        if not self.played:
            return None
        return sum(n * count for n, count in enumerate(self.by_trick, 1)) / self.played

    @property
    def median_trick(self) -> float | None:
        """The middle trick number of the card's plays (between two, their mean)."""
        total = sum(self.by_trick)
        if not total:
            return None
        low, high = (total - 1) // 2, total // 2  # 0-based ranks of the middle plays
        values = []
        seen = 0
        for n, count in enumerate(self.by_trick, 1):
            for rank in (low, high):
                if seen <= rank < seen + count:
                    values.append(n)
            seen += count
        return (values[0] + values[1]) / 2


@dataclass(slots=True)
class Surprises:
    """The game's own surprises, each with the number of deals it rests on."""

    #: deals whose winner comes from the trick counts (the base of the next two)
    deals_won_on_counts: int = 0
    tie_break_deals: int = 0
    #: how many players tied, for the deals decided by a tie-break
    tie_break_sizes: dict[int, int] = field(default_factory=dict)
    #: tricks taken by the deal winner -> deals
    winning_tricks: dict[int, int] = field(default_factory=dict)
    #: scoring deals whose trick counts are known, and their points
    scoring_deals_with_counts: int = 0
    points_with_counts: int = 0
    fewer_tricks_deals: int = 0
    fewer_tricks_points: int = 0
    #: deals whose outcome (void or not) the record tells
    known_outcome_deals: int = 0
    void_deals: int = 0
    tricks: int = 0
    pourri_tricks: int = 0
    #: pourri tricks of winners: sheets, whose leader is not recorded
    pourri_without_leader: int = 0


@dataclass(slots=True)
class Totals:
    files: int = 0
    games_read: int = 0
    games: int = 0
    games_finished: int = 0
    deals_read: int = 0
    deals: int = 0
    deals_with_tricks: int = 0
    deals_from_sheets: int = 0
    #: deals with neither trick lines nor a sheet whose outcome a point line gives
    deals_from_point_lines: int = 0
    deals_outcome_unknown: int = 0
    #: deals played under team-tricks scoring (team-five): no individual winner
    team_trick_deals: int = 0
    scoring_deals: int = 0
    points: int = 0
    #: scoring deals (and their points) with no recorded individual winner
    deals_without_scorer: int = 0
    points_without_scorer: int = 0
    #: scoring deals with a winner whose dealer the record does not give
    #: (its header unreadable): in no place of the seat table
    deals_without_dealer: int = 0
    plays: int = 0


@dataclass(slots=True)
class Skip:
    """What was left out for one reason: how many, and the first few examples."""

    what: str  # "file", "game" or "deal"
    code: str | None
    reason: str
    count: int = 0
    examples: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PlayFigures:
    """What one analysed play counts for (docs/stats.md, Plays analysed).

    With all cards seen the player to move can always keep the value, so a
    play that changed it is a mistake.  A play is *decisive* when some card
    of the hand would have changed the value: the others are not choices.
    It *threw the deal away* when the side was winning the point and the
    card gave it to the other side; it *saved* the deal when the side was
    winning, another card would have given the point away, and the card
    played kept it won.  As seen: the play was judged over layouts of the
    unseen cards; decisive when the cards' means were not all equal, a
    mistake when another card was clearly better on average."""

    decisive: bool
    mistake: bool
    thrown_away: bool
    saved: bool
    judged_as_seen: bool = False
    decisive_as_seen: bool = False
    mistake_as_seen: bool = False


def play_figures(play: PlayValue) -> PlayFigures:
    """What ``play`` counts for, from its values: values are for NS, so the
    player's side reads them with its sign."""
    sign = 1 if team_of(play.seat) == "NS" else -1
    before, after = sign * play.before, sign * play.after
    others = [sign * value for _, value in play.values]
    decisive = play.changed or any(value != before for value in others)
    seen = play.as_seen
    means = [c.mean for c in seen.cards] if seen is not None else []
    return PlayFigures(
        decisive=decisive,
        mistake=play.changed,
        thrown_away=before > 0 > after,
        saved=before > 0 and after > 0 and any(value < 0 for value in others),
        judged_as_seen=seen is not None,
        decisive_as_seen=bool(means) and max(means) - min(means) > 1e-9,
        mistake_as_seen=seen is not None and seen.mistake,
    )


@dataclass(slots=True)
class AnalysisTotals:
    """What ``stats --analyse`` rests on: the analysis asked for, the deals
    it valued, and those it could not (with the reasons analyse gives)."""

    limits: Limits
    #: deals with at least one play valued
    deals: int = 0
    #: of those, deals whose every play was valued
    deals_from_trick_1: int = 0
    plays: int = 0
    plays_as_seen: int = 0
    not_analysed: list[Skip] = field(default_factory=list)

    @property
    def deals_not_analysed(self) -> int:
        return sum(s.count for s in self.not_analysed)


@dataclass(slots=True)
class Violations:
    errors: int = 0
    warnings: int = 0
    games_with_errors: int = 0
    by_code: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class StatsResult:
    totals: Totals
    players: list[Tally]
    seats: list[Tally]
    teams: list[Tally]
    cards: list[CardTally]
    surprises: Surprises
    skipped: list[Skip]
    violations: Violations
    #: with ``--analyse`` only
    analysis: AnalysisTotals | None = None

    def rows(self, by: str) -> list[Tally] | list[CardTally]:
        views: dict[str, list[Tally] | list[CardTally]] = {
            "player": self.players,
            "seat": self.seats,
            "team": self.teams,
            "card": self.cards,
        }
        return views[by]

    @property
    def skipped_games(self) -> int:
        return sum(s.count for s in self.skipped if s.what == "game")

    @property
    def skipped_deals(self) -> int:
        return sum(s.count for s in self.skipped if s.what == "deal")

    @property
    def skipped_files(self) -> int:
        return sum(s.count for s in self.skipped if s.what == "file")


# --------------------------------------------------------------------------
# The accumulator

#: one breakdown of a game: its tallies, and which tally each seat's play goes to
_View = tuple[dict[str, Tally], dict[str, str]]


class StatsAccumulator:
    """Adds up checked games one at a time; memory is bounded by the number of
    distinct players and cards, not by the number of games."""

    def __init__(self, limits: Limits | None = None) -> None:
        """``limits``: the analysis the games given to :meth:`add` come
        with (``stats --analyse``), None when they come without."""
        self.analysis = None if limits is None else AnalysisTotals(limits)
        self.unanalysed: dict[str, Skip] = {}
        self.totals = Totals()
        self.surprises = Surprises()
        self.violations = Violations()
        self.players: dict[str, Tally] = {}
        self.seats: dict[str, Tally] = {seat: Tally(seat) for seat in SEATS}
        self.teams: dict[str, Tally] = {}
        self.cards: dict[str, CardTally] = {}
        self.skips: dict[tuple[str, str | None, str], Skip] = {}

    # -- what is left out ---------------------------------------------
    def add_file(self) -> None:
        """Note one more file opened (its games come through :meth:`add`)."""
        self.totals.files += 1

    def skip_file(self, file: str, reason: str) -> None:
        """A file that could not be read (or not to its end)."""
        self._skip("file", None, "the file could not be read", f"{file}: {reason}")

    def _skip(self, what: str, code: str | None, reason: str, example: str) -> None:
        skip = self.skips.setdefault((what, code, reason), Skip(what, code, reason))
        skip.count += 1
        if len(skip.examples) < EXAMPLES:
            skip.examples.append(example)

    def _skip_finding(self, what: str, finding: Finding | None, file: str, fallback: str) -> None:
        if finding is None:
            self._skip(what, None, fallback, f"{file}: {fallback}")
            return
        title = F.CODES[finding.code].title
        self._skip(what, finding.code, title, finding.format_line(file))

    # -- one game -------------------------------------------------------
    def add(
        self, checked: CheckedGame, file: str = "<input>", analysis: GameAnalysis | None = None
    ) -> None:
        """Count one game; ``analysis``, its deals analysed (record order),
        when the accumulator was made with limits."""
        outcome = checked.outcome
        tables = game_tables(checked, file)
        game = tables.game
        self.totals.games_read += 1
        self._count_violations(outcome.findings)
        self.totals.deals_read += game.deals + len(checked.game.skipped)
        if not game.replayed:
            # why: its ruleset (a config finding), or a game of JSON that could not be read
            why = next((f for f in outcome.findings if f.kind is Kind.CONFIG), None) or next(
                (f for f in outcome.findings if f.kind is Kind.SYNTAX), None
            )
            self._skip_finding("game", why, file, "the game could not be replayed")
            return
        unreadable = next((f for f in outcome.findings if f.kind is Kind.SYNTAX), None)
        if not checked.game.tags and not checked.deals_read and unreadable is not None:
            # text that is neither a tag section nor a deal: no game to count
            # (comments alone are a game with no deal, as every command reads them)
            self._skip_finding("game", unreadable, file, "nothing in it could be read")
            return
        self.totals.games += 1
        if game.complete:
            self.totals.games_finished += 1
        players = player_names(game)
        teams = team_names(players)
        views = self._views(players, teams)
        for tallies, by_seat in views:
            for key in set(by_seat.values()):
                tally = tallies[key]
                tally.games += 1
                sides = {team_of(s) for s in SEATS if by_seat[s] == key}
                if game.winner in sides:
                    tally.games_won += 1
        pooled = bool(game.team_tricks)
        # The rows say that a deal is skipped; its finding says why.  (A JSON
        # Lines row not among the rows too: each said in file order.)
        unread: list[Finding | None] = list(checked.game.skipped)
        analysed = list(analysis.deals) if analysis is not None else []
        for k, (deal, row) in enumerate(zip(outcome.deals, tables.deals, strict=True)):
            if row.broken:
                unread.append(deal.error)
            elif row.after_end:
                why = deal.after_end
                self._skip_finding("deal", why, file, "the deal came after the end of the game")
            elif deal.copy_of is not None:
                self._skip_finding("deal", deal.copy_of, file, "the deal is the one above again")
            else:
                self._add_deal(row, views, teams, pooled)
                if self.analysis is not None:
                    # the analysis holds a deal for each deal of the record, in order
                    found = analysed[k] if k < len(analysed) else None
                    number = "?" if row.deal is None else row.deal
                    self._add_analysis(found, views, f"{file}: deal {number}")
        for why in sorted(unread, key=lambda f: (f.line, f.column) if f is not None else (0, 0)):
            self._skip_finding("deal", why, file, "the deal could not be read")

    def _views(self, players: dict[str, str], teams: dict[str, str]) -> list[_View]:
        """(tallies, seat -> key) for the player, seat and team views of one game."""
        for seat, name in players.items():
            if name not in self.players:
                self.players[name] = Tally(name, named=name != unnamed(seat))
        for team, label in teams.items():
            if label not in self.teams:
                self.teams[label] = Tally(label, named=label != team)
        return [
            (self.players, dict(players)),
            (self.seats, {s: s for s in SEATS}),
            (self.teams, {s: teams[team_of(s)] for s in SEATS}),
        ]

    def _count_violations(self, findings: list[Finding]) -> None:
        errors = 0
        for finding in findings:
            if finding.severity == "error":
                errors += 1
            else:
                self.violations.warnings += 1
            self.violations.by_code[finding.code] = self.violations.by_code.get(finding.code, 0) + 1
        self.violations.errors += errors
        if errors:
            self.violations.games_with_errors += 1

    # -- one deal -------------------------------------------------------
    def _add_deal(
        self,
        deal: DealRow,
        views: list[_View],
        teams: dict[str, str],
        pooled: bool,
    ) -> None:
        totals, surprises = self.totals, self.surprises
        tricks = counted_tricks(deal)
        known = deal.void is not None
        totals.deals += 1
        if tricks:
            totals.deals_with_tricks += 1
            if deal.record == "sheet":
                totals.deals_from_sheets += 1
        elif deal.void or deal.point_team is not None:  # (not a deal known only to have scored)
            totals.deals_from_point_lines += 1
        if not known:
            totals.deals_outcome_unknown += 1
        if pooled:
            totals.team_trick_deals += 1
        for tallies, by_seat in views:
            for key in set(by_seat.values()):
                tallies[key].deals += 1
                if tricks:
                    tallies[key].deals_with_tricks += 1
        self._add_tricks(tricks, views)

        if known:
            surprises.known_outcome_deals += 1
            if deal.void:
                surprises.void_deals += 1
        team, points = deal.point_team, deal.points or 0
        winner = scorer(deal)
        if team is not None:
            totals.scoring_deals += 1
            totals.points += points
            if winner is None:
                totals.deals_without_scorer += 1
                totals.points_without_scorer += points
            for tallies, by_seat in views:
                for key in {by_seat[s] for s in SEATS if team_of(s) == team}:
                    tallies[key].team_points += points
            side = self.teams[teams[team]]
            side.deals_won += 1
            side.points += points
            if deal.mordienne:
                side.mordiennes += 1
            if winner is not None:
                totals.deals_without_dealer += deal.dealer is None
                for tallies, by_seat in views[:2]:  # players and seats
                    tally = tallies[by_seat[winner]]
                    tally.deals_won += 1
                    tally.points += points
                    if deal.dealer is not None:
                        tally.by_position[position(winner, deal.dealer)] += points
                    if deal.mordienne:
                        tally.mordiennes += 1

        if deal.tie_break and deal.tied is not None and deal.deal_winner is not None:
            tied = deal.tied.split()
            for tallies, by_seat in views:
                won = by_seat[deal.deal_winner]
                tallies[won].tie_breaks_won += 1
                for key in {by_seat[s] for s in tied} - {won}:
                    tallies[key].tie_breaks_lost += 1

        counts = trick_counts(deal)
        if counts is None:
            return
        if winner is not None:
            surprises.deals_won_on_counts += 1
            _bump(surprises.winning_tricks, counts[winner])
            if deal.tie_break and deal.tied is not None:
                surprises.tie_break_deals += 1
                _bump(surprises.tie_break_sizes, len(deal.tied.split()))
        if team is not None:
            surprises.scoring_deals_with_counts += 1
            surprises.points_with_counts += points
            taken: dict[str, int] = {
                t: sum(counts[s] for s in SEATS if team_of(s) == t) for t in TEAMS
            }
            other = TEAMS[1] if team == TEAMS[0] else TEAMS[0]
            if taken[team] < taken[other]:
                surprises.fewer_tricks_deals += 1
                surprises.fewer_tricks_points += points
                self.teams[teams[team]].fewer_tricks_deals += 1

    def _add_tricks(self, tricks: list[TrickRow], views: list[_View]) -> None:
        surprises = self.surprises
        # the tricks whose outcome the record shows (one whose line is
        # missing, A201, is not among the counted rows at all)
        surprises.tricks += sum(1 for t in tricks if t.winner is not None or t.pourri)
        for trick in tricks:
            if trick.winner is not None:
                for tallies, by_seat in views:
                    tallies[by_seat[trick.winner]].tricks += 1
            if trick.pourri:
                surprises.pourri_tricks += 1
                if trick.leader is None:
                    surprises.pourri_without_leader += 1
                else:
                    for tallies, by_seat in views:
                        tallies[by_seat[trick.leader]].pourri_led += 1
            for play in trick.play_rows:  # none for a winners: sheet
                tally = self._card(play)
                tally.played += 1
                if 1 <= play.trick <= TRICKS_PER_DEAL:
                    tally.by_trick[play.trick - 1] += 1
                self.totals.plays += 1
                tally.won += play.won
                tally.cancelled += play.cancelled
                tally.spoiled += play.spoiled

    def _add_analysis(self, deal: DealAnalysis | None, views: list[_View], where: str) -> None:
        """The deal's analysed plays, to the tallies of whoever played them."""
        totals = self.analysis
        assert totals is not None
        if deal is None or deal.skipped is not None or not deal.plays:
            reason = "no analysis" if deal is None else deal.skipped or "no play to value"
            skip = self.unanalysed.setdefault(reason, Skip("deal", None, reason))
            skip.count += 1
            if len(skip.examples) < EXAMPLES:
                skip.examples.append(where)
            return
        totals.deals += 1
        if deal.solved_from_trick == 1:
            totals.deals_from_trick_1 += 1
        for tallies, by_seat in views:
            for key in set(by_seat.values()):
                tallies[key].deals_analysed += 1
        thrown: list[set[str]] = [set() for _ in views]
        saved: list[set[str]] = [set() for _ in views]
        for play in deal.plays:
            figures = play_figures(play)
            totals.plays += 1
            totals.plays_as_seen += figures.judged_as_seen
            for (tallies, by_seat), threw, kept in zip(views, thrown, saved, strict=True):
                key = by_seat[play.seat]
                tally = tallies[key]
                tally.plays_judged += 1
                tally.decisive_plays += figures.decisive
                tally.mistakes += figures.mistake
                tally.plays_judged_as_seen += figures.judged_as_seen
                tally.decisive_plays_as_seen += figures.decisive_as_seen
                tally.mistakes_as_seen += figures.mistake_as_seen
                if figures.thrown_away:
                    threw.add(key)
                if figures.saved:
                    kept.add(key)
        # a deal counts once for each player (side) who threw it away or saved it
        for (tallies, _), threw, kept in zip(views, thrown, saved, strict=True):
            for key in threw:
                tallies[key].thrown_away += 1
            for key in kept:
                tallies[key].saved += 1

    def _card(self, play: PlayRow) -> CardTally:
        tally = self.cards.get(play.card)
        if tally is None:
            tally = self.cards[play.card] = CardTally(play.card, play.rank_group)
        return tally

    # -- the figures ------------------------------------------------------
    def result(self) -> StatsResult:
        players = sorted((t for t in self.players.values() if t.games), key=_order)
        seats = [self.seats[s] for s in SEATS if self.seats[s].games]
        teams = sorted((t for t in self.teams.values() if t.games), key=_order)
        cards = sorted(
            (c for c in self.cards.values() if c.played),
            key=lambda c: (c.rank_group, _DECK_ORDER[c.card]),
        )
        order = {"file": 0, "game": 1, "deal": 2}
        skipped = sorted(self.skips.values(), key=lambda s: (order[s.what], s.code or "", s.reason))
        analysis = self.analysis
        if analysis is not None:
            analysis.not_analysed = sorted(
                self.unanalysed.values(), key=lambda s: (-s.count, s.reason)
            )
        return StatsResult(
            self.totals,
            players,
            seats,
            teams,
            cards,
            self.surprises,
            skipped,
            self.violations,
            analysis,
        )


__all__ = [
    "EXAMPLES",
    "POSITIONS",
    "VIEWS",
    "AnalysisTotals",
    "CardTally",
    "PlayFigures",
    "Skip",
    "StatsAccumulator",
    "StatsResult",
    "Surprises",
    "Tally",
    "Totals",
    "Violations",
    "counted_tricks",
    "play_figures",
    "player_names",
    "scorer",
    "team_names",
]
