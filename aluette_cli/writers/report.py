"""The report: what happened in each game, and why, for people and programs.

:func:`game_dict` is the ``report --format json`` shape of docs/cli.md's contract;
:func:`game_text` is the same content as tables and sentences.  Both read
only the engine's outcome and the record's tags: no rule is applied here.
"""

from __future__ import annotations

import json
from typing import cast

from ..cards import SEATS, team_of
from ..findings import Finding, visible
from ..outcome import DealOutcome, GameOutcome, SignalOutcome, TrickOutcome
from ..pipeline import CheckedGame, in_place
from ..policies import PointOutcome, TieBreak
from ..rules import Ruleset
from ..wording import listed, plural, short_name, tricks_named
from .layout import PLAIN, Layout

# --------------------------------------------------------------------------
# JSON


def trick_dict(trick: TrickOutcome) -> dict[str, object]:
    return {
        "number": trick.number,
        "leader": trick.leader,
        "plays": [[seat, card] for seat, card in trick.plays],
        "winner": trick.winner,
        "pourri": trick.pourri,
    }


def tie_break_dict(tie: TieBreak | None) -> dict[str, object] | None:
    if tie is None:
        return None
    return {
        "tied": tie.tied,
        "total": tie.total,
        "reached_at": tie.reached_at,
        "winner": tie.winner,
    }


def point_dict(point: PointOutcome | None) -> dict[str, object] | None:
    if point is None:
        return None
    return {"team": point.team, "points": point.points, "mordienne": point.mordienne}


def deal_dict(deal: DealOutcome) -> dict[str, object]:
    data: dict[str, object] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "void": deal.void,
        "tricks": [trick_dict(t) for t in deal.tricks],
        "counts": deal.counts,
        "deal_winner": deal.deal_winner,
        "tie_break": tie_break_dict(deal.tie_break),
        "point": point_dict(deal.point),
    }
    if deal.broken:
        data["broken"] = True
    if deal.after_end is not None or deal.copy_of is not None:
        data["counted"] = False  # after the game's end (A106), or a copy: not in the score
    if deal.copy_of is not None:
        data["copy"] = True
    if deal.signals:
        data["signals"] = [
            {"seat": x.seat, "what": x.what, "before_trick": x.before + 1, "honest": x.honest}
            for x in deal.signals
        ]
    return data


def game_dict(checked: CheckedGame, file: str) -> dict[str, object]:
    outcome = checked.outcome
    ruleset = outcome.ruleset
    return {
        "file": file,
        "index": outcome.index,
        "tags": checked.game.tag_values(),
        "rules": ruleset.name if ruleset else None,
        "options": sorted(ruleset.options) if ruleset else [],
        "deals": [deal_dict(d) for d in outcome.deals],
        "score": outcome.score,
        "winner": outcome.winner,
        "complete": outcome.complete,
        "violations": [f.as_dict(file) for f in outcome.findings],
    }


#: A report's objects are trees built here, never cyclic: the encoder's
#: search for cycles (a fifth of its time on a report) finds nothing.
encode = json.JSONEncoder(check_circular=False).encode


def game_json(checked: CheckedGame, file: str) -> str:
    """:func:`game_dict` as JSON, with the JSON of each deal written from
    its text (:attr:`CheckedGame.stamped`) in its place among the others."""
    data = game_dict(checked, file)
    stamped = checked.stamped
    if not stamped:
        return encode(data)
    deals = in_place(stamped, cast(list[dict[str, object]], data["deals"]), encode)
    keys = list(data)
    cut = keys.index("deals")
    head = encode({key: data[key] for key in keys[:cut]})
    tail = encode({key: data[key] for key in keys[cut + 1 :]})
    return f'{head[:-1]}, "deals": [{", ".join(deals)}], {tail[1:]}'


# --------------------------------------------------------------------------
# Sentences


def trick_why(trick: TrickOutcome, ruleset: Ruleset) -> str:
    """Why a trick went where it did, as a player would say it."""
    if trick.unseated:
        return (
            f"cards only ({' '.join(trick.unseated)}) after a missing trick, and nothing"
            " says who led them (a seat on the first card, or a claim, would)"
        )
    if trick.unknown:
        return "not in the record (line missing or unreadable)"
    if trick.pourri:
        again = f", {trick.leader} leads again" if trick.leader else ""
        return ruleset.tie.nobody_why(trick.top) + again
    if not trick.top:
        return "from the score sheet"
    card = trick.top[0]
    named = f"{card} ({short_name(card)})"
    if trick.cancelled:
        return f"{listed(trick.cancelled)} cancel out, and {named} is the highest card left"
    if ruleset.beats_everything(card):
        return f"{named} beats everything"
    if trick.beaten is None:
        # every other card cancelled out with one of its rank, below the winner
        others = [c for _, c in trick.plays if c != card]
        if others:
            return f"{named} is the highest card; {listed(others)} cancel out below it"
        return f"{named} is the only card"
    return f"{named} beats {trick.beaten} ({short_name(trick.beaten)})"


def _span(first: int, last: int) -> str:
    """'tricks 6 to 9', or 'trick 9' for a run of one."""
    return f"trick {first}" if first == last else f"tricks {first} to {last}"


def signal_sentence(signal: SignalOutcome, tricks: int) -> str:
    """A signal and whether the signaller's hand bears it out; ``tricks``,
    how many the deal has (a team-five deal ends once a team has five; a
    deal whose play is not recorded has none, and a signal is before
    trick 1)."""
    verdict = {True: "borne out", False: "NOT borne out", None: "not checkable"}
    fact = f" ({signal.fact})" if signal.fact else ""
    # (a signal written below the last trick is after the play: no trick follows)
    when = (
        f"before trick {signal.before + 1}"
        if signal.before < tricks or not tricks
        else f"after trick {signal.before}"
    )
    return f"Signal: {signal.seat} signalled {signal.what} {when}: {verdict[signal.honest]}{fact}."


def deal_title(deal: DealOutcome) -> str:
    """'Deal 3, dealer E'."""
    dealer = f", dealer {deal.dealer}" if deal.dealer else ""
    return f"Deal {deal.number if deal.number is not None else '?'}{dealer}"


def score_sentence(score: dict[str, int]) -> str:
    """The running score after a deal that scored."""
    return f"Score: NS {score['NS']}, EW {score['EW']}."


def game_facts(checked: CheckedGame) -> list[str]:
    """What the game's header says besides its title: site, date, round,
    players, and the rules it was replayed under."""
    outcome = checked.outcome
    tags = checked.game.tag_values()
    facts = [tags[k] for k in ("Site", "Date", "Round") if tags.get(k)]
    players = [f"{seat} {name}" for seat, name in checked.game.players().items()]
    if players:
        facts.append(", ".join(players))
    if outcome.ruleset is not None:
        opts = ", ".join(sorted(outcome.ruleset.options))
        facts.append(f"rules: {outcome.ruleset.name}" + (f" ({opts})" if opts else ""))
    return facts


def violations_sentence(findings: list[Finding]) -> str:
    """'Violations: 1 error, 2 warnings'."""
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = len(findings) - errors
    return (
        f"Violations: {errors} error{'s' if errors != 1 else ''},"
        f" {warnings} warning{'s' if warnings != 1 else ''}"
    )


def deal_sentences(deal: DealOutcome) -> list[str]:
    """The deal's outcome in plain sentences: counts, tie-break, point."""
    if deal.broken:
        return ["This deal could not be read (see the violations below)."]
    if deal.copy_of is not None:
        return ["The deal is the one above written again: the copy is left out."]
    lines: list[str] = []
    unknown = tricks_named(deal.unknown) if deal.unknown else None
    if deal.counts is not None:
        played = deal.sequence if deal.sequence is not None else [t.winner for t in deal.tricks]
        # A trick the record does not give has no winner either, but it is not pourri.
        pourri = played.count(None) - len(deal.unknown)
        counts = ", ".join([f"{s} {deal.counts[s]}" for s in SEATS])
        lines.append(
            f"Tricks: {counts}; pourri: {pourri}"
            + (f"; not in the record: {unknown}." if unknown else ".")
        )
    lines.extend(signal_sentence(signal, len(deal.tricks)) for signal in deal.signals)
    if deal.void:
        who = f"{deal.dealer} deals again" if deal.dealer else "the same dealer deals again"
        reason = deal.void_reason
        if reason is not None and reason.nobody is not None:
            why = f"all {reason.nobody} tricks belong to nobody"
        elif reason is not None and reason.totals is not None:
            ns, ew = reason.totals
            why = f"neither side takes it (NS {plural(ns, 'trick')}, EW {ew})"
        else:
            why = "the record says so"
        lines.append(f"The deal is void: {why}; no point, and {who}.")
        return lines
    point = deal.point
    if point is None and deal.void is False and deal.taker is not None:
        # (whoever took the rest, the same side takes the deal: for how
        # much, a mordienne's 2 or 1, they decide)
        taker, whoever = deal.taker, tricks_named(deal.unknown)
        takes = (
            f"{taker} wins the deal for {team_of(taker)}"
            if taker in SEATS
            else f"{taker} take the deal"  # (a team, where tricks are pooled)
        )
        lines.append(
            f"Whoever took {whoever}, {takes}; the record does not say enough to know for"
            " how many points."
        )
        return lines
    if point is None and deal.void is False:
        # (its tricks show that it scored: it is not void whoever took the rest)
        lines.append(
            "The deal is not void, but the record does not say enough to know who scores it."
        )
        return lines
    if point is None:
        lines.append("The record does not say enough to know who scores this deal.")
        return lines
    worth = plural(point.points, "point")
    tie = deal.tie_break
    winner = deal.deal_winner
    # The winner of the deal wins the point for the own team, unless the point
    # goes the other way (a refused concession whose mordienne was not made):
    # then the point's own sentence says why.
    wins = ""
    if winner is not None and team_of(winner) == point.team:
        wins = f": {winner} wins the point for {point.team}"
    if unknown is not None and deal.counts is not None:
        who = f"{winner} wins the point for" if wins else "the point goes to"
        lines.append(f"Whoever took {unknown}, {who} {point.team}.")
    elif tie is not None:
        order = sorted(tie.tied, key=lambda s: tie.reached_at[s])
        reached = ", ".join(f"{s} at trick {tie.reached_at[s]}" for s in order[1:])
        have = "both have" if len(tie.tied) == 2 else "all have"
        lines.append(
            f"{listed(tie.tied)} {have} {tie.total}; {tie.winner} reached {tie.total}"
            f" at trick {tie.reached_at[tie.winner]}, {reached}{wins}."
        )
    elif winner is not None and deal.counts is not None:
        lines.append(f"{winner} has the most tricks ({deal.counts[winner]}){wins}.")
    run = None
    if point.mordienne and deal.mordienne_from is not None and deal.sequence is not None:
        span = _span(deal.mordienne_from, len(deal.sequence))
        run = f"Mordienne: {winner} won nothing before taking {span}"
    if point.reason and run is not None:  # a mordienne's 2, doubled
        lines.append(f"{run}, a deal worth 2; {point.reason}: {point.team} score {worth}.")
    elif point.reason:
        lines.append(f"{point.team} score {worth}: {point.reason}.")
    elif run is not None:
        lines.append(f"{run}, so {point.team} score {worth}.")
    elif deal.counts is None:
        by = f" ({winner})" if winner else ""
        why = _unchecked(deal)
        lines.append(f"Point: {point.team}{by}, {worth}, as the record claims ({why}).")
    else:
        lines.append(f"{point.team} score {worth}.")
    if deal.after_end is not None:
        lines.append("The game was over before this deal: it is not counted in the score.")
    return lines


def _unchecked(deal: DealOutcome) -> str:
    """Why a point line taken as the record claims it could not be checked."""
    if not deal.tricks:
        return "no tricks to check it against"
    if deal.unknown and deal.decided is False:
        return (
            f"not checked: the record does not give {tricks_named(deal.unknown)},"
            " and the tricks it gives do not decide the deal"
        )
    if deal.unknown:
        return f"not checked: the record does not give {tricks_named(deal.unknown)}"
    given = plural(len(deal.tricks), "trick")
    if deal.from_sheet:
        # (which entry it lacks it does not say: each after it may stand a
        # trick off, so the tricks given are not tried as a deal's)
        return f"not checked: the sheet gives {given} and does not say which it lacks"
    verb = "does" if len(deal.tricks) == 1 else "do"
    return f"not checked: the record gives {given}, which {verb} not decide the deal"


def game_sentence(outcome: GameOutcome) -> str:
    score = f"NS {outcome.score['NS']}, EW {outcome.score['EW']}"
    if outcome.ruleset is None:
        return "The game was not replayed (see the violations below)."
    # (deals whose own tricks show they scored, for a side not known; the
    # others of ``unscored`` are told so by the next deal's dealer)
    shown = {d.number for d in outcome.deals if d.void is False and d.point is None}
    told = [n for n in outcome.unscored if n is None or n not in shown]
    if outcome.unscored:
        deals = [f"deal {n}" if n is not None else "a deal" for n in outcome.unscored]
        one = len(deals) == 1
        points = f"{deals[0]}'s point" if one else f"the points of {listed(deals)}"
        score += f", and {points}, which the record does not give ("
        if not told:
            score += f"{'its' if one else 'their'} tricks show {'it' if one else 'each'} scored)"
        elif len(told) == len(outcome.unscored):
            score += f"the next deal passed to the left, so {'it' if one else 'each'} scored)"
        else:
            score += "each scored, as its tricks or the next deal's dealer show)"
    if outcome.complete and outcome.unscored:
        one = len(outcome.unscored) == 1
        if outcome.winner is None:
            return f"Final score: {score}: who won the game is not known."
        whatever = "it was" if one else "they were"
        return f"Final score: {score}. {outcome.winner} win the game whatever {whatever}."
    if outcome.complete:
        if outcome.winner == "draw":
            return f"Final score: {score}. The game is a draw."
        return f"Final score: {score}. {outcome.winner} win the game."
    # (the deals that scored for points not given count toward the end too)
    scoring = sum(1 for d in outcome.deals if d.void is False) + len(told)
    if outcome.may_be_over:  # (a game to points those points may have ended)
        return f"Score so far: {score}: the game may be over; the record does not say."
    return outcome.ruleset.game_length.so_far(score, scoring, outcome.ruleset.game_target)


# --------------------------------------------------------------------------
# Text


#: The table of a deal's tricks.  Its columns are known, so they are not
#: guessed: the trick's number on the right, as a number, and the rest on
#: the left (a card such as ``1e`` is never read as a number).
TRICK_HEADERS = ["trick", "leader", *SEATS, "won by", "why"]
TRICK_ALIGN = ["right", *["left"] * (len(TRICK_HEADERS) - 1)]


def _trick_rows(deal: DealOutcome, ruleset: Ruleset) -> list[list[str]]:
    rows = []
    for trick in deal.tricks:
        # a seat credited twice (a card played out of turn, A202) shows both
        by_seat: dict[str, list[str]] = {}
        for seat, card in trick.plays:
            if seat:
                by_seat.setdefault(seat, []).append(card)
        result = "pourri" if trick.pourri else (trick.winner or "?")
        rows.append(
            [
                str(trick.number),
                trick.leader or "",
                *[" ".join(by_seat.get(seat, ())) for seat in SEATS],
                result,
                trick_why(trick, ruleset),
            ]
        )
    return rows


def game_text(checked: CheckedGame, file: str, layout: Layout = PLAIN) -> str:
    """The game as a person reads it: headings, a table of tricks per deal
    (one line for a score sheet), the sentences, the violations."""
    outcome = checked.outcome
    out: list[str] = []
    # The record's words and the file's name are shown, never obeyed: an ESC
    # in a tag would otherwise drive the reader's terminal.
    title = visible(checked.game.title())
    heading = layout.style(f"Game {outcome.index}: {title}", bold=True) + f"  ({visible(file)})"
    out.append(layout.para(heading, hang="  "))
    facts = [visible(fact) for fact in game_facts(checked)]
    if facts:
        out.append(layout.para(" · ".join(facts)))
    ruleset = outcome.ruleset
    running = {"NS": 0, "EW": 0}
    for deal in outcome.deals:
        out.append("")
        out.append(layout.style(deal_title(deal), bold=True))
        if deal.tricks and ruleset is not None:
            if deal.from_sheet:
                out.append(layout.para(sheet_line(deal), hang="  "))
            else:
                out.append(
                    layout.table(
                        _trick_rows(deal, ruleset),
                        headers=TRICK_HEADERS,
                        wrap=7,
                        colalign=TRICK_ALIGN,
                        disable_numparse=True,
                    )
                )
        out.extend(layout.para(sentence) for sentence in deal_sentences(deal))
        if deal.scored and deal.point is not None:
            running[deal.point.team] += deal.point.points
            out.append(score_sentence(running))
    out.append("")
    out.append(layout.para(game_sentence(outcome)))
    if outcome.findings:
        out.append("")
        out.append(violations_sentence(outcome.findings))
        out.extend(layout.para(f.format_line(file), "  ", "      ") for f in outcome.findings)
    return "\n".join(out) + "\n"


def sheet_line(deal: DealOutcome) -> str:
    """A score sheet's deal in one line, as it was written: who took each
    trick, ``-`` for a pourri one."""
    entries = ["-" if t.pourri else (t.winner or "?") for t in deal.tricks]
    first, last = deal.tricks[0].number, deal.tricks[-1].number
    key = "  (- pourri)" if "-" in entries else ""
    return f"Won by, trick {first} to {last}: {' '.join(entries)}{key}"
