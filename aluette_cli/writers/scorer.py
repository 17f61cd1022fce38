"""The scorer's page (``aluette scorer``): one offline file on which the
score is kept at the table, deal by deal, and which writes the ALN record.

Who deals next, what a deal may be worth, the score and the end of the game
are decided by the page's script, but every fact it decides from is written
into the page here, from the loaded rulesets: the number of scoring deals or
points that ends a game is found by asking the ruleset's own game length
(:func:`game_end`), the values a deal may be worth by asking
:func:`aluette_cli.scoring.point_values` for each kind of deal, whether
the point goes to a player or a team from the deal scoring, and where a
score sheet stops by asking the deal scoring (:func:`sheet_stops`).  The
deal's point stays the scorer's tap, even with its sheet: ``validate``
checks the two against each other.  The script
holds no table of rules that could drift from the engine's, and
``tests/test_scorer.py`` holds its decisions to the engine's ledger.

Like the report page, styles and script are inline and a
Content-Security-Policy forbids every other load; the data is JSON in a
``<script type="application/json">`` element, which never runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations, product
from pathlib import Path
from typing import Any

from ..cards import CARD_NICKNAMES, SEATS, TEAMS, TRICKS_PER_DEAL, Team, side_team, team_of
from ..findings import visible
from ..model import Announce, Concede, Deal, Pos
from ..pipeline import CheckedGame, rules_name
from ..policies import TEAM_TOTALS, DealScoring, GameLength, TiePolicy
from ..rules import MAX_GAME_TARGET, Ruleset, load_ruleset, preset_names, rules_tag_for
from ..scoring import point_values
from ..streams import STDIO, display_name, open_source, same_file
from ..verdict import exit_status
from .html import _sha256, esc

LANGS = ("en", "fr")
_NOWHERE = Pos(0, 0)

# --------------------------------------------------------------------------
# The ruleset facts the page decides from


def game_end(length: GameLength, target: int) -> dict[str, int | None]:
    """The scoring deals, and the points one team needs, that end a game
    (None: that count never ends it), found by asking the game length
    itself, so the page's end of game is the engine's and names no policy."""

    def first(over: Callable[[int], bool]) -> int | None:
        return next((n for n in range(MAX_GAME_TARGET + 1) if over(n)), None)

    return {
        "deals": first(lambda n: length.is_over(n, {"NS": 0, "EW": 0}, target)),
        "points": first(lambda n: length.is_over(0, {"NS": n, "EW": 0}, target)),
    }


def _values(
    ruleset: Ruleset, announce: str | None = None, concede: bool | None = None
) -> list[int]:
    deal = Deal(number=1, dealer="N", pos=_NOWHERE)
    if announce is not None:
        deal.announces.append(Announce(announce, _NOWHERE))
    if concede is not None:
        deal.concessions.append(Concede("NS", concede, _NOWHERE))
    return list(point_values(deal, ruleset).values)


def _subsets(options: frozenset[str]) -> list[frozenset[str]]:
    names = sorted(options)
    return [frozenset(c) for k in range(len(names) + 1) for c in combinations(names, k)]


def option_facts(ruleset: Ruleset) -> dict[str, Any]:
    """What a deal may be worth under these rules with these options on: a
    plain deal, one with a double announced, one with a concession accepted
    or refused, with a double or not (only the kinds of deal the rules
    allow are given)."""
    facts: dict[str, Any] = {"plain": _values(ruleset)}
    if ruleset.doubles:
        facts["double"] = _values(ruleset, announce="NS")
    if ruleset.mordienne:
        facts["accepted"] = _values(ruleset, concede=True)
        facts["refused"] = _values(ruleset, concede=False)
        if ruleset.doubles:  # (a double doubles a concession's worth too)
            facts["accepted-double"] = _values(ruleset, announce="NS", concede=True)
            facts["refused-double"] = _values(ruleset, announce="NS", concede=False)
    return facts


def sheet_stops(scoring: DealScoring, target: int) -> dict[str, Any] | None:
    """When a score sheet is finished before its ninth trick: the tricks
    each team (or each seat) has taken when play stops, found by asking the
    deal scoring's own :meth:`~DealScoring.decided_after` for every count.

    Counts alone tell it only where the scoring declares a tally of counts
    (:meth:`~DealScoring.search_tally`): team totals, or seat counts.  A
    scoring that declares none gets None, and the page just records the
    winners tapped, nine at most, for ``validate`` to check."""
    tally = scoring.search_tally()
    if tally is None:
        return None
    units = list(TEAMS) if tally == TEAM_TOTALS else list(SEATS)
    # Under a team tally any seat of a team stands for it.
    seats = [unit.seats[0] if isinstance(unit, Team) else unit for unit in units]
    stops = [
        "-".join(map(str, counts))
        for counts in product(range(TRICKS_PER_DEAL + 1), repeat=len(units))
        if sum(counts) <= TRICKS_PER_DEAL
        and scoring.decided_after(
            [seat for seat, n in zip(seats, counts, strict=True) for _ in range(n)], target
        )
        is not None
    ]
    return {"units": [str(unit) for unit in units], "stops": stops}


def ruleset_facts(ruleset: Ruleset, tag: str, lang: str) -> dict[str, Any]:
    """One ruleset as the page's script reads it (``tag``: its Rules tag)."""
    return {
        "tag": tag,
        # A ruleset's description is in one language (the presets' in
        # English): a page in another leaves it out rather than mix them.
        "description": ruleset.description if lang == "en" else "",
        "end": game_end(ruleset.game_length, ruleset.game_target),
        "pooled": ruleset.deal_scoring.pooled,
        "sheet": sheet_stops(ruleset.deal_scoring, ruleset.deal_target),
        "known": sorted(ruleset.known_options),
        "worth": {
            ",".join(sorted(options)): option_facts(ruleset.with_options(options))
            for options in _subsets(ruleset.known_options)
        },
    }


# --------------------------------------------------------------------------
# Words


@dataclass(frozen=True)
class Words:
    """Every word of the page in one language."""

    lang: str
    table: dict[str, str]

    def __getitem__(self, key: str) -> str:
        return self.table[key]


@cache
def words(lang: str) -> Words:
    """The page's words in ``lang``, from ``scorer_assets/words.json``: one
    file holds both languages side by side, so a word missing in one shows."""
    return Words(lang, json.loads(_asset("words.json"))[lang])


# Card words for the ranking, by language: rank (singular, plural) and suit.
_RANKS = {
    "en": {
        "1": ("ace", "aces"), "2": ("2", "2s"), "3": ("3", "3s"), "4": ("4", "4s"),
        "5": ("5", "5s"), "6": ("6", "6s"), "7": ("7", "7s"), "8": ("8", "8s"),
        "9": ("9", "9s"), "V": ("valet", "valets"), "C": ("cavalier", "cavaliers"),
        "R": ("king", "kings"),
    },
    "fr": {
        "1": ("as", "as"), "2": ("2", "2"), "3": ("3", "3"), "4": ("4", "4"), "5": ("5", "5"),
        "6": ("6", "6"), "7": ("7", "7"), "8": ("8", "8"), "9": ("9", "9"),
        "V": ("valet", "valets"), "C": ("cavalier", "cavaliers"), "R": ("roi", "rois"),
    },
}  # fmt: skip
#: Each suit's name, after the word that joins a rank to it ("of", or in
#: French "de", "d'" before a vowel: "2 d'épées", as "deux d'écrit")
_SUITS = {
    "en": {"d": "of coins", "c": "of cups", "b": "of clubs", "e": "of swords"},
    "fr": {"d": "de deniers", "c": "de coupes", "b": "de bâtons", "e": "d'épées"},
}


def _tie_words(tie: TiePolicy, lang: str) -> str:
    return (tie.summary_fr or tie.summary) if lang == "fr" else tie.summary


def _scoring_words(scoring: DealScoring, target: int, lang: str) -> str:
    english = scoring.summary(target)
    return _french(scoring.summary_fr, target) if lang == "fr" and scoring.summary_fr else english


def _length_words(length: GameLength, target: int, lang: str) -> str:
    english = length.summary(target)
    return _french(length.summary_fr, target) if lang == "fr" and length.summary_fr else english


def _french(text: str, target: int) -> str:
    """A policy's French summary for its target: ``{s}`` marks a plural."""
    return text.format(target=target, s="" if target == 1 else "s")


def _card_words(card: str, lang: str) -> str:
    words = f"{_RANKS[lang][card[0]][0]} {_SUITS[lang][card[1]]}"
    nick = CARD_NICKNAMES.get(card)
    return f"{words} ({nick})" if nick else words


def _group_words(group: Sequence[str], lang: str) -> str:
    ranks = {card[0] for card in group}
    if len(group) == 4 and len(ranks) == 1:
        return words(lang)["four"].format(rank=_RANKS[lang][group[0][0]][1])
    return ", ".join(_card_words(card, lang) for card in group)


def _sentence(text: str) -> str:
    """A policy's summary, written to follow a label in ``aluette rules``, as
    a sentence of its own."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def rules_card(ruleset: Ruleset, key: str, lang: str) -> str:
    """The rules in short, as a scorer's card gives them: the ranking with the
    named cards, ties, scoring, the game, doubles and each known option
    (shown by the script when it is on)."""
    w = words(lang)
    rows = "".join(
        f"<li><code>{' '.join(group)}</code> {esc(_group_words(group, lang))}</li>"
        for group in ruleset.ranking
    )
    said = [
        (w["ties"], _tie_words(ruleset.tie, lang)),
        (w["scoring"], _scoring_words(ruleset.deal_scoring, ruleset.deal_target, lang)),
        (w["game"], _length_words(ruleset.game_length, ruleset.game_target, lang)),
    ]
    parts = [
        f'<section class="rulecard" data-rules="{esc(key)}" hidden>',
        f"<h3>{esc(ruleset.name)}</h3>",
        f'<p>{esc(w["ranking"])}</p><ol class="ranking">{rows}</ol>',
        "<dl>",
        *(f"<dt>{esc(label)}</dt><dd>{esc(_sentence(text))}</dd>" for label, text in said),
    ]
    if ruleset.doubles:
        # worth 4 with a mordienne where the option is known, said while it is on
        before, after = w["dbl.text"].split("{mordienne}")
        more = ""
        if "mordienne" in ruleset.known_options:
            more = f'<span data-option="mordienne">{esc(w["dbl.mordienne"])}</span>'
        parts.append(f"<dt>{esc(w['dbl'])}</dt><dd>{esc(before)}{more}{esc(after)}</dd>")
    seats = w["chant.and"].join(w["chant." + role] for role in ruleset.chant_seats)
    for option in sorted(ruleset.known_options):
        text = w[option + ".text"].replace("{seats}", seats)
        parts.append(
            f'<dt data-option="{option}">{esc(w["opt." + option])}</dt>'
            f'<dd data-option="{option}">{esc(text)}</dd>'
        )
    parts.append("</dl></section>")
    return "".join(parts)


# --------------------------------------------------------------------------
# The page


def _asset(name: str) -> str:
    return (resources.files(__package__) / "scorer_assets" / name).read_text(encoding="utf-8")


@cache
def _assets() -> tuple[str, str]:
    return _asset("scorer.css"), _asset("scorer.js")


def _json(data: object) -> str:
    """JSON that cannot end its script element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page_rulesets(chosen: Ruleset | None, tag: str | None) -> dict[str, tuple[Ruleset, str]]:
    """The rulesets the page offers, by key: every preset, and the user's own
    file first when ``--rules`` named one (``tag``: how a record names it)."""
    offered: dict[str, tuple[Ruleset, str]] = {}
    if chosen is not None:
        offered[chosen.name if tag is None else tag] = (chosen, tag or chosen.name)
    for name in preset_names():
        offered.setdefault(name, (load_ruleset(name), name))
    return offered


def scorer_page(
    offered: dict[str, tuple[Ruleset, str]], lang: str, start: dict[str, Any] | None = None
) -> str:
    """The whole page, for the rulesets ``offered`` (the first is chosen);
    ``start``: a game to continue (:func:`continued`) and where it is from."""
    css, js = _assets()
    w = words(lang)
    policy = (
        f"default-src 'none'; style-src {_sha256(css)}; script-src {_sha256(js)};"
        " img-src data:; base-uri 'none'; form-action 'none'"
    )
    data = {
        "lang": lang,
        "words": w.table,
        "seats": list(SEATS),
        "tricks": TRICKS_PER_DEAL,
        "teams": {seat: team_of(seat) for seat in SEATS} | {team: team for team in TEAMS},
        "rulesets": {key: ruleset_facts(r, tag, lang) for key, (r, tag) in offered.items()},
        "draw": {key: _card_words(r.draw_dealer, lang) for key, (r, _) in offered.items()},
        "start": start,
        # the ruleset file the page was made for: a game of it kept aside
        # comes back before a game of a preset that any page offers
        "own": next((key for key in offered if key not in preset_names()), None),
    }
    cards = "".join(rules_card(r, key, lang) for key, (r, _) in offered.items())
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="aluette scorer">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{esc(w['title'])}</title>\n<style>{css}</style>\n</head>\n<body>\n"
        f'<header><h1>{esc(w["title"])}</h1><p class="lead">{esc(w["lead"])}</p></header>\n'
        '<main id="app"></main>\n'
        f'<details class="rules" id="rules"><summary>{esc(w["rulesCard"])}</summary>'
        f"{cards}</details>\n"
        f'<script type="application/json" id="scorer-data">{_json(data)}</script>\n'
        f"<script>{js}</script>\n</body>\n</html>\n"
    )


# --------------------------------------------------------------------------
# A game continued from a record


def _one_game(record: str, rules: str | None, folder: Path) -> CheckedGame:
    """The one game of ``record`` (``-``: standard input, whose Rules tag
    names a file from the current folder), checked."""
    from ..api import load

    if record == STDIO:
        try:
            with open_source(record) as source:
                games = list(load(source, rules, base=folder))
        except OSError as exc:
            raise ValueError(f"cannot read {display_name(record)}: {exc.strerror}") from None
    else:
        games = list(load(record, rules))
    if len(games) != 1:
        raise ValueError(f"{display_name(record)}: holds {len(games)} games; --continue takes one")
    return games[0]


class InvalidRecord(ValueError):
    """The record to continue holds an error: a finding in the input, which
    ends the command with the status it gives every command (1, or 2 for a
    ruleset the tool does not have: :func:`verdict.exit_status`), not as a
    misuse of the command."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def refuse_errors(checked: CheckedGame, where: str) -> None:
    """Refuse a record with an error; among them a ruleset the tool does not
    have (A401: the game was not replayed, and its Rules tag names nothing
    the page could offer), so this comes before the page's rules are read."""
    errors = [f for f in checked.outcome.findings if f.severity == "error"]
    if errors:
        first = errors[0]
        raise InvalidRecord(
            f"{where}:{first.line}:{first.column}: {first.code} {first.message}"
            f" (a game is continued from a record that validates: aluette validate {where})",
            exit_status(errors),
        )


def continued(checked: CheckedGame, tag: str, where: str) -> dict[str, Any]:
    """The page's game as a checked record leaves it (``tag``: its ruleset's
    key on the page): the setup from its tags, and each deal as the scorer
    would have tapped it, from the engine's outcome, so a record in any form
    (tricks, a score sheet, points) continues the same way; a deal whose
    trick winners the record gives keeps them as its sheet.  A deal whose
    scorer the record does not tell is refused, as a record with an error is
    (:func:`refuse_errors`): the page would go on from a score nobody knows."""
    outcome = checked.outcome
    if not outcome.deals:
        raise ValueError(f"{where}: the record has no deal to continue from")
    ruleset = outcome.ruleset
    assert ruleset is not None
    tags = checked.game.tag_values()
    players = checked.game.players()
    entries = []
    for deal, out in zip(checked.game.deals, outcome.deals, strict=True):
        if not isinstance(deal, Deal) or out.void is None or (not out.void and out.point is None):
            raise ValueError(
                f"{where}:{out.pos.line}: deal {out.number}: the record does not say who scored it"
            )
        point = out.point
        who: str | None = None
        if point is not None:
            claimed = deal.point.side if deal.point is not None else None
            who = point.team if ruleset.deal_scoring.pooled else out.deal_winner or claimed
            if who is None or side_team(who) != point.team:
                # (a refused concession the other side's best player did not
                # turn into a mordienne: the conceders score, as a side)
                who = point.team
        entries.append(
            {
                "who": who,
                "points": point.points if point is not None else 0,
                "double": deal.announces[0].team if deal.announces and ruleset.doubles else None,
                "concede": {
                    "team": deal.concessions[0].team,
                    "accepted": deal.concessions[0].accepted,
                }
                if deal.concessions and ruleset.mordienne
                else None,
                # The trick winners, from tricks or a sheet, when the record
                # gives every one that decided the deal.
                "winners": [None if w is None else str(w) for w in out.sequence]
                if out.sequence is not None and not out.unknown
                else [],
            }
        )
    setup = {
        "event": tags.get("Event", ""),
        "site": tags.get("Site", ""),
        "date": tags.get("Date", ""),
        "names": {seat: players.get(seat, "") for seat in SEATS},
        "rules": tag,
        "options": sorted(ruleset.options),
        "dealer": outcome.deals[0].dealer,
    }
    draft: dict[str, Any] = {"points": None, "double": None, "concede": None, "winners": []}
    return {"phase": "play", "setup": setup, "entries": entries, "draft": draft}


def page_for(
    rules: str | None,
    tag: str | None,
    lang: str,
    record: str | None = None,
    output: str | None = None,
) -> str:
    """The page ``aluette scorer`` writes to ``output``: ``rules`` (a preset
    or a file, whose Rules tag is ``tag``) first if given, and the game of
    ``record`` to continue if given, under its own rules unless ``rules``
    says others.  A ruleset file the record names is named again from the
    page's folder, where the records the page writes will be read."""
    chosen = load_ruleset(rules) if rules else None
    start = None
    if record is not None:
        where = display_name(record)
        folder = Path() if record == STDIO else Path(record).parent
        checked = _one_game(record, rules, folder)
        refuse_errors(checked, where)
        key = tag or rules
        if rules is None:  # the record's own rules: a preset, or its file as it names it
            key = rules_name(checked.game)
            if key not in preset_names():
                if output is not None and same_file(str(folder / key), output):
                    raise ValueError(
                        f"-o {visible(output)} is the ruleset file {visible(key)} that the"
                        " record's Rules tag names; write the page elsewhere"
                    )
                key = rules_tag_for(str(folder / key), output)
                assert key is not None
                chosen, tag = checked.outcome.ruleset, key
        assert key is not None
        name = where if record == STDIO else Path(record).name
        start = {"from": name, "game": continued(checked, key, where)}
    return scorer_page(page_rulesets(chosen, tag), lang, start)
