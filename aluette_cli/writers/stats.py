"""``aluette stats`` output: tables for people, JSON and CSV for programs.

Everything is read from a :class:`~aluette_cli.stats.StatsResult`; the
three forms carry the same figures under the same names (docs/stats.md).
"""

from __future__ import annotations

import csv
import io

from ..cards import card_name
from ..findings import visible
from ..stats import POSITIONS, AnalysisTotals, CardTally, Skip, StatsResult, Tally
from ..wording import plural
from .layout import PLAIN, Layout
from .tables import csv_value

#: (key, table header) of the columns of each breakdown, in order.
_TALLY_COLUMNS: list[tuple[str, str]] = [
    ("games", "games"),
    ("games_won", "games\nwon"),
    ("deals", "deals"),
    ("deals_won", "deals\nwon"),
    ("points", "points"),
    ("team_points", "team\npoints"),
    ("deals_with_tricks", "deals with\ntricks"),
    ("tricks", "tricks"),
    ("tricks_per_deal", "tricks\nper deal"),
    ("tie_breaks_won", "tie-breaks\nwon"),
    ("tie_breaks_lost", "tie-breaks\nlost"),
    ("mordiennes", "mor-\ndiennes"),
    ("pourri_led", "pourri\nled"),
]
#: points won as deal winner, by where the winner sat (seat rows, JSON and CSV)
_POSITION_KEYS = [
    "points_as_first_leader",
    "points_as_second",
    "points_as_third",
    "points_as_dealer",
]
_TEAM_COLUMNS = [c for c in _TALLY_COLUMNS if c[0] != "team_points"]
_TEAM_COLUMNS.append(("fewer_tricks_deals", "won with\nfewer tricks"))
_CARD_COLUMNS: list[tuple[str, str]] = [
    ("name", "name"),
    ("played", "played"),
    ("won", "won"),
    ("spoiled", "spoiled"),
    ("cancelled", "cancelled"),
    ("median_trick", "median\ntrick"),
    ("mean_trick", "mean\ntrick"),
]
_CARD_KEYS = [
    "card",
    "name",
    "rank_group",
    "played",
    "won",
    "spoiled",
    "cancelled",
    "mean_trick",
    "median_trick",
]
#: the columns ``--analyse`` adds to the player, seat and team rows
_ANALYSIS_COLUMNS: list[tuple[str, str]] = [
    ("deals_analysed", "deals\nanalysed"),
    ("plays_judged", "plays\njudged"),
    ("decisive_plays", "decisive\nplays"),
    ("mistakes", "mis-\ntakes"),
    ("thrown_away", "thrown\naway"),
    ("saved", "saved"),
    ("accuracy", "accuracy"),
]
_SEEN_COLUMNS: list[tuple[str, str]] = [
    ("plays_judged_as_seen", "judged\nas seen"),
    ("decisive_plays_as_seen", "decisive\nas seen"),
    ("mistakes_as_seen", "mistakes\nas seen"),
    ("accuracy_as_seen", "accuracy\nas seen"),
]
_KEY = {"player": "player", "seat": "seat", "team": "team", "card": "card"}
_TITLE = {"player": "Players", "seat": "Seats", "team": "Teams", "card": "Cards"}


def columns(by: str, analysed: bool = False) -> list[str]:
    """The keys of one row of the breakdown, as JSON and CSV give them
    (``analysed``: with the columns of ``--analyse``)."""
    if by == "card":
        return [*_CARD_KEYS]
    keys = [_KEY[by], *(["named"] if by != "seat" else [])]
    keys += [k for k, _ in (_TEAM_COLUMNS if by == "team" else _TALLY_COLUMNS)]
    if by == "seat":
        keys += _POSITION_KEYS
    if analysed:
        keys += [k for k, _ in _ANALYSIS_COLUMNS + _SEEN_COLUMNS]
    return keys


def _ratio(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def tally_dict(tally: Tally, by: str, analysed: bool = False) -> dict[str, object]:
    row: dict[str, object] = {_KEY[by]: tally.label}
    if by != "seat":
        row["named"] = tally.named
    for key, _ in _TEAM_COLUMNS if by == "team" else _TALLY_COLUMNS:
        value = getattr(tally, key)
        row[key] = _ratio(value) if isinstance(value, float) else value
    if by == "seat":
        row.update(zip(_POSITION_KEYS, tally.by_position, strict=True))
    if analysed:
        for key, _ in _ANALYSIS_COLUMNS + _SEEN_COLUMNS:
            value = getattr(tally, key)
            row[key] = _ratio(value) if isinstance(value, float) else value
    return row


def card_dict(card: CardTally) -> dict[str, object]:
    return {
        "card": card.card,
        "name": card_name(card.card),
        "rank_group": card.rank_group,
        "played": card.played,
        "won": card.won,
        "spoiled": card.spoiled,
        "cancelled": card.cancelled,
        "mean_trick": _ratio(card.mean_trick),
        "median_trick": card.median_trick,
        "by_trick": list(card.by_trick),
    }


def _rows(result: StatsResult, by: str) -> list[dict[str, object]]:
    if by == "card":
        return [card_dict(c) for c in result.cards]
    tallies: list[Tally] = result.rows(by)  # type: ignore[assignment]
    return [tally_dict(t, by, result.analysis is not None) for t in tallies]


def position_points(result: StatsResult) -> list[int]:
    """Deal points by where the deal winner sat, counted from the dealer's left."""
    return [sum(t.by_position[i] for t in result.seats) for i in range(len(POSITIONS))]


def _placed_deals(result: StatsResult) -> int:
    """The scoring deals the seat table places: a winner, and the dealer."""
    t = result.totals
    return t.scoring_deals - t.deals_without_scorer - t.deals_without_dealer


def positions(result: StatsResult) -> dict[str, object]:
    points = position_points(result)
    total = sum(points)
    return {
        "of_points": total,
        "of_deals": _placed_deals(result),
        "positions": [
            {"position": name, "points": p, "share": _ratio(p / total if total else None)}
            for name, p in zip(POSITIONS, points, strict=True)
        ],
    }


def _counter(counter: dict[int, int]) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


def surprises_dict(result: StatsResult) -> dict[str, object]:
    s = result.surprises
    return {
        "tie_breaks": {
            "deals": s.tie_break_deals,
            "of_deals": s.deals_won_on_counts,
            "by_players_tied": _counter(s.tie_break_sizes),
        },
        "fewer_tricks": {
            "deals": s.fewer_tricks_deals,
            "points": s.fewer_tricks_points,
            "of_deals": s.scoring_deals_with_counts,
            "of_points": s.points_with_counts,
        },
        "void": {"deals": s.void_deals, "of_deals": s.known_outcome_deals},
        "winning_tricks": {"deals": _counter(s.winning_tricks), "of_deals": s.deals_won_on_counts},
        "pourri": {
            "tricks": s.pourri_tricks,
            "of_tricks": s.tricks,
            "without_leader": s.pourri_without_leader,
        },
    }


def skip_dict(skip: Skip) -> dict[str, object]:
    return {
        "what": skip.what,
        "code": skip.code,
        "reason": skip.reason,
        "count": skip.count,
        "examples": list(skip.examples),
    }


def analysis_dict(analysis: AnalysisTotals) -> dict[str, object]:
    """What ``--analyse`` rests on: the limits, the deals and plays valued,
    and the deals not analysed with analyse's reasons."""
    limits = analysis.limits
    return {
        "from_trick": limits.from_trick,
        "time_limit": limits.time_limit,
        "samples": limits.samples or None,
        "seed": limits.seed if limits.samples else None,
        "deals": analysis.deals,
        "deals_from_trick_1": analysis.deals_from_trick_1,
        "deals_not_analysed": analysis.deals_not_analysed,
        "plays": analysis.plays,
        "plays_as_seen": analysis.plays_as_seen,
        "not_analysed": [
            {"reason": s.reason, "count": s.count, "examples": list(s.examples)}
            for s in analysis.not_analysed
        ],
    }


def stats_dict(result: StatsResult, by: str) -> dict[str, object]:
    """The ``stats --format json`` object."""
    t = result.totals
    data: dict[str, object] = {
        "by": by,
        "totals": {
            "files": t.files,
            "files_unreadable": result.skipped_files,
            "games_read": t.games_read,
            "games": t.games,
            "games_skipped": result.skipped_games,
            "games_finished": t.games_finished,
            "deals_read": t.deals_read,
            "deals": t.deals,
            "deals_skipped": result.skipped_deals,
            "deals_in_skipped_games": t.deals_read - t.deals - result.skipped_deals,
            "deals_with_tricks": t.deals_with_tricks,
            "deals_from_sheets": t.deals_from_sheets,
            "deals_from_point_lines": t.deals_from_point_lines,
            "deals_outcome_unknown": t.deals_outcome_unknown,
            "team_trick_deals": t.team_trick_deals,
            "scoring_deals": t.scoring_deals,
            "points": t.points,
            "deals_without_scorer": t.deals_without_scorer,
            "points_without_scorer": t.points_without_scorer,
            "tricks": result.surprises.tricks,
            "plays": t.plays,
        },
        "rows": _rows(result, by),
    }
    if by == "seat":
        data["positions"] = positions(result)
    if result.analysis is not None:
        data["analysis"] = analysis_dict(result.analysis)
    data["surprises"] = surprises_dict(result)
    data["skipped"] = [skip_dict(s) for s in result.skipped]
    v = result.violations
    data["violations"] = {
        "errors": v.errors,
        "warnings": v.warnings,
        "games_with_errors": v.games_with_errors,
        "by_code": {code: v.by_code[code] for code in sorted(v.by_code)},
    }
    return data


# --------------------------------------------------------------------------
# CSV


def stats_csv(result: StatsResult, by: str, raw: bool = False) -> str:
    """The breakdown as CSV: a header, then one row per player, seat, team or
    card; a player's name that a spreadsheet would run is made inert unless
    ``raw`` (:func:`aluette_cli.writers.tables.csv_value`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = columns(by, result.analysis is not None)
    if by == "card":
        keys = keys + [f"trick_{n}" for n in range(1, 10)]
    writer.writerow(keys)
    for row in _rows(result, by):
        by_trick = row.pop("by_trick", None)
        values = [csv_value(row[k], raw) for k in keys if not k.startswith("trick_")]
        if isinstance(by_trick, list):
            values += by_trick
        writer.writerow(values)
    return out.getvalue()


# --------------------------------------------------------------------------
# Text


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def summary_lines(result: StatsResult) -> list[str]:
    """What the figures rest on and what was left out, in sentences."""
    t = result.totals
    lines = [
        f"{plural(t.games, 'game')} and {plural(t.deals, 'deal')} counted,"
        f" from {plural(t.files, 'file')}."
    ]
    left = []
    if result.skipped_files:
        left.append(plural(result.skipped_files, "unreadable file"))
    if result.skipped_games:
        # no deal read in them: none written, or a game of JSON skipped
        # unread (past its limit), whose deals nobody counted
        in_games = t.deals_read - t.deals - result.skipped_deals
        with_deals = f" (with {plural(in_games, 'deal')})" if in_games else ""
        left.append(plural(result.skipped_games, "game") + with_deals)
    if result.skipped_deals:
        left.append(plural(result.skipped_deals, "deal"))
    if left:
        lines.append("Not counted: " + ", ".join(left) + "; see Skipped below.")
    v = result.violations
    if v.errors or v.warnings:
        lines.append(
            f"Violations: {plural(v.errors, 'error')}, {plural(v.warnings, 'warning')}"
            f" in the records read ({plural(v.games_with_errors, 'game')} with errors);"
            " aluette validate lists them."
        )
    return lines


def skipped_lines(result: StatsResult, layout: Layout = PLAIN) -> list[str]:
    """What was left out, why, and where (the first few places)."""
    if not result.skipped:
        return []
    rows = []
    for skip in result.skipped:
        what = plural(skip.count, skip.what)
        reason = f"{skip.code} {skip.reason}" if skip.code else skip.reason
        rows.append([what, reason])
        rows.extend(["", "e.g. " + example] for example in skip.examples)
    return ["", "Skipped (not counted)", layout.table(rows, tablefmt="plain", wrap=1)]


def _tally_table(result: StatsResult, by: str, layout: Layout) -> list[str]:
    tallies: list[Tally] = result.rows(by)  # type: ignore[assignment]
    if not tallies:
        return [_TITLE[by], "No games to count."]
    cols = _TEAM_COLUMNS if by == "team" else _TALLY_COLUMNS
    if all(t.deals_with_tricks == t.deals for t in tallies):
        cols = [c for c in cols if c[0] != "deals_with_tricks"]
    rows = []
    for tally in tallies:
        row = tally_dict(tally, by)
        # a player's name is shown, never obeyed by the terminal
        rows.append([visible(tally.label), *(row[key] for key, _ in cols)])
    table = layout.table(
        rows,
        headers=[by, *(h for _, h in cols)],
        tablefmt="simple",
        missingval="-",
        floatfmt=".2f",
        disable_numparse=[0],
    )
    out = [_TITLE[by], table, ""]
    out.extend(layout.para(note) for note in _tally_notes(result, by))
    return out


def _tally_notes(result: StatsResult, by: str) -> list[str]:
    t, s = result.totals, result.surprises
    notes = []
    if by == "team":
        notes.append("deals won, points: the deals the side scored and their points.")
    else:
        notes.append(
            f"deals won, points: as the {by} {'who' if by == 'player' else 'that'} took the"
            " deal for the side;"
            " team points: what the side scored in the deals played."
        )
    notes.append("tricks per deal: tricks won / deals whose tricks are recorded.")
    if by != "team" and t.deals_without_scorer:
        notes.append(
            f"{plural(t.points_without_scorer, 'point')} of"
            f" {plural(t.deals_without_scorer, 'deal')} went to a side with no recorded"
            " deal winner (team-five rules, a concession, a point line naming only the"
            " side, or tricks left out that leave the winner open):"
            " they count in team points only."
        )
    if s.pourri_without_leader:
        notes.append(
            f"pourri led: {plural(s.pourri_without_leader, 'pourri trick')} of score sheets"
            " have no recorded leader and count for nobody."
        )
    return notes


def _percent_of(share: object) -> object:
    return f"{100 * share:.0f}%" if isinstance(share, float) else share


def _analysis_table(result: StatsResult, by: str, layout: Layout) -> list[str]:
    """The plays analysed, by player (seat, team): a table of its own, the
    first one being wide enough already."""
    analysis = result.analysis
    tallies: list[Tally] = result.rows(by)  # type: ignore[assignment]
    if analysis is None or not tallies:
        return []
    seen = analysis.limits.samples > 0
    cols = _ANALYSIS_COLUMNS + (_SEEN_COLUMNS if seen else [])
    rows = []
    for tally in tallies:
        row = tally_dict(tally, by, True)
        shown = [_percent_of(row[key]) if "accuracy" in key else row[key] for key, _ in cols]
        rows.append([visible(tally.label), *shown])
    limits = analysis.limits
    budget = "no time limit" if limits.time_limit is None else f"{limits.time_limit:g} s a deal"
    start = "" if limits.from_trick == 1 else f" from trick {limits.from_trick}"
    as_seen = f", {analysis.plays_as_seen} as seen over {plural(limits.samples, 'layout')}"
    left = analysis.deals_not_analysed
    notes = [
        f"{plural(analysis.deals, 'deal')} analysed{start} ({budget}):"
        f" {analysis.deals_from_trick_1} of them from trick 1,"
        f" {plural(analysis.plays, 'play')} judged with all cards seen{as_seen if seen else ''};"
        f" {plural(left, 'deal')} not analysed{' (aluette analyse says why)' if left else ''}.",
        "decisive plays: some card of the hand would have changed the value; mistakes: plays"
        " that changed it; accuracy: decisive plays that kept it.",
        "thrown away: deals in which a play gave the side's won point to the other side;"
        " saved: deals in which a play kept a won point that another card would have lost.",
    ]
    if seen:
        notes.append(
            "as seen: judged over layouts of the cards the player could not see; a mistake"
            " when another card did clearly better on average."
        )
    return [
        "",
        "Plays analysed",
        layout.table(
            rows,
            headers=[by, *(h for _, h in cols)],
            tablefmt="simple",
            missingval="-",
            disable_numparse=[0],
            colalign=("left", *["right"] * len(cols)),
        ),
        "",
        *(layout.para(note) for note in notes),
    ]


def _position_table(result: StatsResult, layout: Layout) -> list[str]:
    points = position_points(result)
    total = sum(points)
    rows: list[list[object]] = [[t.label, *t.by_position, sum(t.by_position)] for t in result.seats]
    rows.append(["all", *(f"{p} ({_percent(p, total)})" for p in points), total])
    return [
        "",
        layout.para(
            "Deal points by where the deal winner sat, from the dealer's left"
            f" ({plural(_placed_deals(result), 'deal')} with a known winner and dealer)"
        ),
        layout.table(
            rows,
            headers=["seat", *POSITIONS, "total"],
            tablefmt="simple",
            disable_numparse=True,
            colalign=("left", *["right"] * (len(POSITIONS) + 1)),
        ),
    ]


def _card_table(result: StatsResult, layout: Layout) -> list[str]:
    cols = list(_CARD_COLUMNS)
    if not any(c.cancelled for c in result.cards):
        cols = [c for c in cols if c[0] != "cancelled"]
    keys = [key for key, _ in cols]
    rows = []
    for card in result.cards:
        row = card_dict(card)
        row["name"] = card_name(card.card)
        rows.append([card.card, *(row[key] for key, _ in cols)])
    out = ["Cards"]
    if not rows:
        out.append("No card plays in the records (score sheets and point lines name no cards).")
        return out
    out.append(
        layout.table(
            rows,
            headers=["card", *(h for _, h in cols)],
            tablefmt="simple",
            missingval="-",
            floatfmt=[".2f" if key != "median_trick" else ".1f" for key in ["card", *keys]],
            disable_numparse=[0, 1],
        )
    )
    out.append("")
    out.append(
        layout.para(
            f"{plural(result.totals.plays, 'card')} played in"
            f" {plural(result.totals.deals_with_tricks - result.totals.deals_from_sheets, 'deal')}"
            "; won: tricks taken with the card; spoiled: pourri tricks where it tied at the top."
        )
    )
    return out


def _surprise_table(result: StatsResult, layout: Layout) -> list[str]:
    s = result.surprises
    rows = [
        [
            "deals decided by a tie-break",
            s.tie_break_deals,
            _percent(s.tie_break_deals, s.deals_won_on_counts),
            f"of {plural(s.deals_won_on_counts, 'deal')} won on trick counts",
        ],
        [
            "points to the side with fewer tricks",
            s.fewer_tricks_points,
            _percent(s.fewer_tricks_points, s.points_with_counts),
            f"of {plural(s.points_with_counts, 'point')}"
            f" ({plural(s.scoring_deals_with_counts, 'deal')} with trick counts);"
            f" {plural(s.fewer_tricks_deals, 'deal')}",
        ],
        [
            "void deals",
            s.void_deals,
            _percent(s.void_deals, s.known_outcome_deals),
            f"of {plural(s.known_outcome_deals, 'deal')} with a known outcome",
        ],
        [
            "pourri tricks",
            s.pourri_tricks,
            _percent(s.pourri_tricks, s.tricks),
            f"of {plural(s.tricks, 'trick')}",
        ],
    ]
    out = [
        "",
        "Surprises",
        layout.table(
            rows,
            tablefmt="plain",
            wrap=3,
            disable_numparse=[0, 3],
            colalign=("left", "right", "right"),
        ),
    ]
    if s.winning_tricks:
        dist = [
            [k, s.winning_tricks[k], _percent(s.winning_tricks[k], s.deals_won_on_counts)]
            for k in sorted(s.winning_tricks)
        ]
        out += [
            "",
            layout.para(
                "Tricks the deal winner took"
                f" ({plural(s.deals_won_on_counts, 'deal')} won on trick counts)"
            ),
            layout.table(
                dist,
                headers=["tricks", "deals", "share"],
                tablefmt="simple",
                colalign=("right", "right", "right"),
            ),
        ]
    return out


def stats_text(result: StatsResult, by: str, layout: Layout = PLAIN) -> str:
    """The tables a person reads."""
    out = [layout.para(line) for line in summary_lines(result)]
    out.append("")
    if by == "card":
        out += _card_table(result, layout)
    else:
        out += _tally_table(result, by, layout)
        out += _analysis_table(result, by, layout)
        if by == "seat" and result.seats:
            out += _position_table(result, layout)
    out += _surprise_table(result, layout)
    out += skipped_lines(result, layout)
    return "\n".join(out) + "\n"


__all__ = [
    "analysis_dict",
    "card_dict",
    "columns",
    "position_points",
    "positions",
    "skipped_lines",
    "stats_csv",
    "stats_dict",
    "stats_text",
    "summary_lines",
    "surprises_dict",
    "tally_dict",
]
