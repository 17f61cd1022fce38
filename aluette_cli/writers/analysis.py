"""The analysis in words: for people (a line for each play that changed the
value), for programs (``analyse --format json``, the contract of
docs/cli.md), and as the marks ``annotate --analyse`` adds to a record.

Values are for NS: 1 NS take the point, -1 EW take it, 0 the deal is void,
2 and -2 a deal worth two points (a mordienne, a double).
"""

from __future__ import annotations

from ..analysis import DealAnalysis, GameAnalysis, Limits, PlayAsSeen, PlayValue
from ..cards import team_of
from ..findings import visible
from ..pipeline import CheckedGame
from ..wording import plural


def value_words(value: int) -> str:
    """'NS win the point', 'EW win 2 points', 'the deal is void'."""
    if value == 0:
        return "the deal is void"
    team = "NS" if value > 0 else "EW"
    return f"{team} win {_worth(value)}"


def _worth(value: int) -> str:
    """'the point', '2 points': what a value is worth to the side it favours."""
    return "the point" if abs(value) == 1 else plural(abs(value), "point")


def _either(cards: tuple[str, ...]) -> str:
    """'2d', '2d or 9c', '2d, 9c or 1e'."""
    if len(cards) == 1:
        return cards[0]
    return ", ".join(cards[:-1]) + " or " + cards[-1]


def _goal(value: int, team: str) -> str:
    """What ``value`` is to ``team``, as something it could still do."""
    if value == 0:
        return "make the deal void"
    mine = (value > 0) == (team == "NS")
    worth = _worth(value)
    if mine:
        return f"win {worth}"
    return f"lose only {'1 point' if abs(value) == 1 else worth}"


def play_sentence(play: PlayValue) -> str:
    """'trick 6, E plays Rc: EW could still win the point with 2d; after Rc NS
    win the point whatever EW do.'"""
    team = team_of(play.seat)
    return (
        f"trick {play.trick}, {play.seat} plays {play.card}: {team} could still"
        f" {_goal(play.before, team)} with {_either(_better(play))}; after {play.card}"
        f" {_after(play.after, team)}."
    )


def _after(value: int, team: str) -> str:
    """What is sure after a play that lost ``team`` some of the value: the
    others can hold it there, whatever ``team`` does (which is not to say
    that ``team`` wins what is left whatever it does: it must play well)."""
    mine = value if team == "NS" else -value
    if mine < 0:
        return f"{value_words(value)} whatever {team} do"
    if mine == 0:
        return f"{team} can do no better than a void deal"
    return f"{team} can win no more than {_worth(mine)}"


def deal_lines(deal: DealAnalysis, limits: Limits) -> list[str]:
    """The deal's heading, a line for each play that changed the value and,
    judged as seen (``limits.samples``), for each clear mistake as seen."""
    time_limit = limits.time_limit
    number = deal.number if deal.number is not None else "?"
    head = f"Deal {number}" + (f", dealer {deal.dealer}" if deal.dealer else "")
    if deal.skipped is not None or not deal.plays:
        return [f"{head}: not analysed: {deal.skipped or 'no play to value'}."]
    first, last = deal.plays[0], deal.plays[-1]
    budget = ""
    if deal.out_of_time and time_limit is not None:
        budget = f" (as far back as {time_limit:g} s allowed)"
    lines = [
        f"{head}: solved from trick {deal.solved_from_trick}{budget};"
        f" with perfect play from there {value_words(first.before)}."
    ]
    changed = deal.changed
    seen = [p for p in deal.plays if p.as_seen is not None and p.as_seen.mistake]
    if not changed:
        lines.append("  No play changed the value.")
    else:
        lines.extend("  " + play_sentence(p) for p in changed)
    lines.extend("  " + seen_sentence(p, p.as_seen) for p in seen if p.as_seen is not None)
    judged = [p for p in deal.plays if p.as_seen is not None]
    if limits.samples and not judged and time_limit is not None:
        # Asked for and not given: say why rather than leave the deal silent.
        if deal.out_of_time:
            why = "went to the values with all cards seen"
        else:  # the values were all found: the layouts of the first play judged took it
            # (judged last trick first, each trick's plays in order)
            play = next(p for p in deal.plays if p.trick == last.trick)
            why = (
                f"ran out before the {plural(limits.samples, 'layout')} of trick"
                f" {play.trick}'s play of {play.seat} were solved"
            )
        lines.append(f"  As seen: no play judged; the time limit ({time_limit:g} s) {why}.")
    if judged:
        count = judged[0].as_seen.samples if judged[0].as_seen else 0
        lines.append(
            f"  As seen: {plural(len(judged), 'play')} from trick {judged[0].trick} judged over"
            f" {plural(count, 'layout')} of the unseen cards;"
            f" {plural(len(seen), 'clear mistake') if seen else 'no clear mistake'}."
        )
    if changed:
        lines.append(f"  As played: {value_words(last.after)}.")
    return lines


def seen_sentence(play: PlayValue, seen: PlayAsSeen) -> str:
    """'trick 8, N plays 3c: as N saw it, 4b did better on average (by 1.07 ±
    0.14 over 30 layouts; best in 100% of them, 3c in 47% ± 9%).'"""
    cards = {c.card: c for c in seen.cards}
    better = cards[seen.better or play.card]
    mine = cards[play.card]
    return (
        f"trick {play.trick}, {play.seat} plays {play.card}: as {play.seat} saw it,"
        f" {better.card} did better on average (by {seen.margin:.2f} ± {seen.margin_error:.2f}"
        f" over {plural(seen.samples, 'layout')}; best in {better.best:.0%} of them,"
        f" {play.card} in {mine.best:.0%} ± {mine.best_error:.0%})."
    )


def analysis_text(checked: CheckedGame, analysis: GameAnalysis, file: str, limits: Limits) -> str:
    title = visible(checked.game.title())  # shown, never obeyed
    out = [f"Game {analysis.index}: {title}  ({visible(file)})"]
    for deal in analysis.deals:
        out.append("")
        out.extend(deal_lines(deal, limits))
    return "\n".join(out) + "\n"


def play_dict(play: PlayValue) -> dict[str, object]:
    out: dict[str, object] = {
        "trick": play.trick,
        "seat": play.seat,
        "card": play.card,
        "before": play.before,
        "after": play.after,
        "keeps": None if play.keeps is None else list(play.keeps),
    }
    if play.as_seen is not None:
        out["as_seen"] = seen_dict(play.as_seen)
    return out


def seen_dict(seen: PlayAsSeen) -> dict[str, object]:
    """A play judged as seen: means are values for NS, shares from 0 to 1,
    each with one standard error."""
    return {
        "samples": seen.samples,
        "mistake": seen.mistake,
        "better": seen.better,
        "margin": round(seen.margin, 4),
        "margin_error": round(seen.margin_error, 4),
        "cards": {
            c.card: {
                "mean": round(c.mean, 4),
                "mean_error": round(c.mean_error, 4),
                "best": round(c.best, 4),
                "best_error": round(c.best_error, 4),
            }
            for c in seen.cards
        },
    }


def deal_dict(deal: DealAnalysis) -> dict[str, object]:
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "solved_from_trick": deal.solved_from_trick,
        "skipped": deal.skipped,
        "plays": [play_dict(p) for p in deal.plays],
    }


def analysis_dict(checked: CheckedGame, analysis: GameAnalysis, file: str) -> dict[str, object]:
    ruleset = checked.outcome.ruleset
    return {
        "file": file,
        "index": analysis.index,
        "rules": ruleset.name if ruleset else None,
        "deals": [deal_dict(d) for d in analysis.deals],
    }


def play_mark(play: PlayValue) -> str:
    """The mark ``annotate --analyse`` puts after a trick line: 'E:Rc ?? best 2d'."""
    return f"{play.seat}:{play.card} ?? best {_either(_better(play))}"


def _better(play: PlayValue) -> tuple[str, ...]:
    """The cards that would have kept the value a play changed (every such
    play has them valued, whatever the analysis was asked for)."""
    if play.keeps is None:
        raise ValueError(f"trick {play.trick}, {play.seat}:{play.card} was not changed")
    return play.keeps


def deal_mark(deal: DealAnalysis) -> str:
    """What ``annotate --analyse`` says of the whole deal."""
    if deal.skipped is not None or not deal.plays:
        return f"not analysed: {deal.skipped or 'no play to value'}"
    changed = len(deal.changed)
    said = f"{plural(changed, 'play')} changed" if changed else "no play changed"
    return (
        f"analysed from trick {deal.solved_from_trick}: with perfect play"
        f" {value_words(deal.plays[0].before)}; {said} the value"
    )
