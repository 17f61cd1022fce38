"""The match page: ``report --format html``, one self-contained file to replay
and explain every deal.

The page is plain HTML first: every deal, hand, trick, sentence and finding
is there to read, print or search without a script, in the sentences of the
text report (:mod:`aluette_cli.writers.report`), because a page that needs
JavaScript to say who won a trick is a page some readers never see.  A small
script (``html_assets/page.js``) then adds the table view with its step
control, the card faces and the charts, reading what it shows from that
HTML, so the page and the report cannot disagree.  Styles, script and the
suit symbols are inline and a Content-Security-Policy forbids every other
load: the page opens offline, and a script smuggled in by a record could not
run even if escaping failed.  Everything that comes from a record goes
through :func:`esc`.

Games stream through :class:`HtmlPage`: the contents list needs every game
before the first, so the games' HTML waits in a spooled temporary file, not
in memory.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import IO

from ..analysis import DealAnalysis, GameAnalysis, Limits, PlayValue
from ..cards import (
    CARD_NICKNAMES,
    DECK,
    DECK_SET,
    RANK_NAMES,
    SEATS,
    SUIT_NAMES,
    card_name,
    seats_from,
)
from ..deal_checks import hand_lines
from ..explain import entries
from ..findings import Finding
from ..model import PLAYER_TAGS, BrokenDeal, Comment, Deal, Game, Pos, Trick
from ..outcome import DealOutcome, SignalOutcome, TrickOutcome
from ..pipeline import CheckedGame
from ..rules import Ruleset
from ..wording import plural
from .analysis import play_sentence, seen_sentence, value_words
from .report import (
    deal_sentences,
    deal_title,
    game_facts,
    game_sentence,
    score_sentence,
    signal_sentence,
    trick_why,
    violations_sentence,
)

# --------------------------------------------------------------------------
# Escaping

# Characters HTML does not allow in text (C0 and C1 controls other than
# whitespace, and the noncharacters: U+FDD0 to U+FDEF and the last two code
# points of every plane) and lone surrogates, which a record decoded with
# ``surrogateescape`` may hold and which UTF-8 cannot encode.
_NOT_TEXT = re.compile(
    "[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
    + "".join(chr(plane + end) for plane in range(0, 0x110000, 0x10000) for end in (0xFFFE, 0xFFFF))
    + "]"
)


#: The characters that set the direction of the text after them (overrides,
#: embeddings, isolates, marks) or break its line: written as escapes
#: (``\u202e``), as every text output writes them (findings.visible), so
#: that a name cannot turn the names after it around.
_DIRECTION = re.compile("[\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def esc(text: str) -> str:
    """Text from a record (tags, comments, names, messages), made inert: ``<``,
    ``>``, ``&`` and ``"`` become references, so it can stand in an element
    or in a double-quoted attribute (the only kind of attribute record text
    is ever put in); characters HTML forbids become U+FFFD, and those that
    steer the text's direction are written as escapes."""
    text = _DIRECTION.sub(lambda m: f"\\u{ord(m.group()):04x}", _NOT_TEXT.sub("\ufffd", text))
    return html.escape(text, quote=False).replace('"', "&quot;")


# --------------------------------------------------------------------------
# The assets: inline, with their hashes for the Content-Security-Policy


def _asset(name: str) -> str:
    return (resources.files(__package__) / "html_assets" / name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


@dataclass(frozen=True)
class _Assets:
    css: str
    js: str
    sprite: str

    @property
    def policy(self) -> str:
        """Nothing may load, and only this page's own style and script may run."""
        return (
            f"default-src 'none'; style-src {_sha256(self.css)}; script-src {_sha256(self.js)};"
            " img-src data:; base-uri 'none'; form-action 'none'"
        )


@cache
def _assets() -> _Assets:
    return _Assets(_asset("page.css"), _asset("page.js"), _asset("suits.svg"))


def _card_names() -> str:
    """The cards' names for the script, from :mod:`aluette_cli.cards`, so the
    page says them as every other output does.  ``<`` is escaped so the JSON
    cannot end its script element."""
    data = {
        "names": {card: card_name(card) for card in DECK},
        "nick": CARD_NICKNAMES,
        # what an analysed play's value means, for the table view's steps
        "values": {str(v): value_words(v) for v in range(-2, 3)},
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


# --------------------------------------------------------------------------
# Findings: each at the trick or the line it belongs to


def _finding_item(finding: Finding) -> str:
    follows = ""
    if finding.consequence_of is not None:
        code, line, _ = finding.consequence_of
        link = f'<a href="#code-{code}">{code}</a>'
        follows = f"; it follows from the mistake on line {line} ({link})"
    return (
        f'<li class="{finding.severity}"><a class="code" href="#code-{finding.code}">'
        f'{finding.code}</a> <span class="sev">{finding.severity}</span>'
        f' <span class="at">line {finding.line}:</span> {esc(finding.message)}{follows}</li>'
    )


def _findings_list(findings: Sequence[Finding]) -> str:
    if not findings:
        return ""
    return '<ul class="findings">' + "".join(_finding_item(f) for f in findings) + "</ul>\n"


def _place(
    findings: Iterable[Finding], starts: Sequence[Pos]
) -> tuple[list[Finding], dict[int, list[Finding]]]:
    """Findings before the first deal belong to the game; the others to the
    deal whose text they stand in (``starts``: where each deal starts, in
    order; two deals may share a line)."""
    game: list[Finding] = []
    deals: dict[int, list[Finding]] = {}
    for finding in findings:
        index = -1
        at = Pos(finding.line, finding.column)
        for k, start in enumerate(starts):
            if at >= start:
                index = k
            else:
                break
        if index < 0:
            game.append(finding)
        else:
            deals.setdefault(index, []).append(finding)
    return game, deals


# --------------------------------------------------------------------------
# Pieces of a deal


def _comments(comments: Iterable[Comment], tag: str = "p") -> str:
    """The scorer's comments, as text."""
    texts = [c.text.strip() for c in comments]
    return "".join(f'<{tag} class="c">{esc(text)}</{tag}>' for text in texts if text)


#: a word, with its possessive: "N's" is one word, so that the s of the
#: winner's name is never read as the seat S
_WORDS = re.compile(r"[^\W_]+(?:['\u2019]s(?![^\W_]))?")


def _words(text: str) -> list[str]:
    return [word.replace("\u2019", "'") for word in _WORDS.findall(text.lower())]


def _restates(comment: Comment, why: str, trick: TrickOutcome) -> bool:
    """Whether a trick line's comment says only what the why column says
    ("N's 9d beats Ce" or "S wins: ..." beside "9d beats Ce", "pourri: ..."
    beside "... tie for the top: pourri", as records and annotate write
    them): shown under the why, it would say it twice.  Its words must come
    in the why's order, so that a comment saying otherwise ("Ce beats 9d",
    another seat's card, "pourri" on a trick somebody took) is shown."""
    said = _words(comment.text)
    winner = trick.winner.lower() if trick.winner else None
    lead = [winner, f"{winner}'s", "wins"] if winner else ["pourri"]
    words = iter(lead + _words(why))
    return bool(said) and all(word in words for word in said)


def _card(card: str) -> str:
    """A card code as the page writes it: one of the 48 as it is, anything
    else (a reader of another format may let one through) escaped."""
    return card if card in DECK_SET else esc(card)


def _seat(seat: str | None) -> str:
    return "" if seat is None else seat if seat in SEATS else esc(seat)


def _cards(cards: Iterable[str]) -> str:
    return " ".join(_card(card) for card in cards)


def _marks(trick: TrickOutcome) -> list[str]:
    """The class of each play's card: ``w`` the card that won, ``t`` the cards
    whose tie spoiled the trick, ``x`` the cards that cancelled out."""
    top = list(trick.top)
    cancelled = list(trick.cancelled)
    marks = []
    for _, card in trick.plays:
        if card in cancelled:
            cancelled.remove(card)
            marks.append("x")
        elif card in top:
            top.remove(card)
            marks.append("t" if trick.pourri else "w")
        else:
            marks.append("")
    return marks


def play_mark(play: PlayValue) -> str:
    """``??`` when every judgement made of the play calls it a mistake, ``?``
    when one of the two does (the value with all cards seen changed, or as
    the player saw it another card was clearly better), nothing otherwise."""
    seen = play.as_seen
    verdicts = [play.changed] + ([seen.mistake] if seen is not None else [])
    if not any(verdicts):
        return ""
    return "??" if all(verdicts) else "?"


def _said(play: PlayValue) -> str:
    """The play's values in words: the mark's title and the note under the trick."""
    seat, card = play.seat, play.card
    if play.changed:
        words = [play_sentence(play)]
    else:
        words = [
            f"trick {play.trick}, {seat} plays {card}: with all cards seen"
            f" {value_words(play.after)}, as before it."
        ]
    seen = play.as_seen
    if seen is not None:
        if seen.mistake:
            said = seen_sentence(play, seen).split(": ", 1)[1]  # the play is named already
            words.append(said[0].upper() + said[1:])
        else:
            words.append(
                f"As {seat} saw it ({plural(seen.samples, 'layout')}), no card did clearly"
                f" better than {card}."
            )
    return " ".join(words)


def _play_attrs(play: PlayValue | None, card: str) -> tuple[str, str]:
    """The attributes of an analysed play's cell (its values: ``data-v``
    before and after with all cards seen, ``data-m`` as seen: the mean
    after the card played, after the best card on average, and that card)
    and its mark; nothing for a play not analysed."""
    if play is None or play.card != card:
        return "", ""
    attrs = f' data-v="{play.before} {play.after}"'
    seen = play.as_seen
    if seen is not None:
        means = {c.card: round(c.mean, 2) + 0.0 for c in seen.cards}  # no -0.00
        best = seen.better or card
        attrs += f' data-m="{means[card]:.2f} {means[best]:.2f} {best}"'
    mark = play_mark(play)
    if not mark:
        return attrs, ""
    return attrs, f'<abbr class=mk title="{esc(_said(play))}">{mark}</abbr>'


# The parts written for every deal and trick leave the quotes out of their
# own one-word attribute values (``<td class=w>``, valid HTML): a 1,000-deal
# page must stay under 2 MB (docs/html.md).  Values from a record are always
# quoted and escaped.


def _trick_row(
    trick: TrickOutcome,
    ruleset: Ruleset,
    comments: Sequence[Comment],
    mordienne: bool,
    analysed: dict[str, PlayValue] | None = None,
) -> str:
    """One trick as the text report's row: number, leader, a card for each
    seat, who won it and why, with the scorer's notes on the line that say
    more than the why.  ``mordienne``: the trick is part of the run that made
    a mordienne; ``analysed``: the trick's plays analysed, by seat."""
    analysed = analysed or {}
    why = trick_why(trick, ruleset)
    extra = _comments(c for c in comments if not _restates(c, why, trick))
    marks = _marks(trick)
    seats = [seat for seat, _ in trick.plays]
    regular = len(seats) <= 4 and None not in seats and len(set(seats)) == len(seats)
    result = "pourri" if trick.pourri else (trick.winner or "?")
    classes = " ".join(c for c, on in (("pourri", trick.pourri), ("mordienne", mordienne)) if on)
    attrs = f' class="{classes}"' if " " in classes else f" class={classes}" if classes else ""
    if regular:
        pairs = zip(trick.plays, marks, strict=True)
        by_seat = {seat: (card, mark) for (seat, card), mark in pairs}
        order = "".join(s for s in seats if s is not None)
        expected = "".join(seats_from(trick.leader))[: len(order)] if trick.leader else ""
        if order != expected:
            attrs += f' data-o="{esc(order)}"'
        cells = ""
        for seat in SEATS:
            card, mark = by_seat.get(seat, ("", ""))
            values, flag = _play_attrs(analysed.get(seat), card)
            cls = f" class={mark}" if mark else ""
            cells += f"<td{cls}{values}>{_card(card)}{flag}"
    else:
        parts = []
        for (who, card), mark in zip(trick.plays, marks, strict=True):
            values, flag = _play_attrs(analysed.get(who) if who else None, card)
            parts.append(
                f'<span{f" class={mark}" if mark else ""} data-seat="{_seat(who)}"'
                f' data-card="{_card(card)}"{values}>'
                f"{_seat(who) + ':' if who else ''}{_card(card)}{flag}</span>"
            )
        spans = " ".join(parts)
        cells = f'<td class="plays" colspan="4">{spans}'
    return (
        f"<tr{attrs}><td>{trick.number}<td>{_seat(trick.leader)}{cells}<td>{esc(result)}"
        f"<td>{esc(why)}{extra}\n"
    )


def _note_row(content: str, cls: str = "note") -> str:
    return f'<tr class="{cls}"><td colspan="8">{content}\n'


def _match_tricks(deal: Deal | None, outcome: DealOutcome) -> list[Trick | None]:
    """The record's trick line behind each trick of the outcome (None for a
    trick the record leaves out), matched by the cards they hold: the engine
    may replay lines in another order than written."""
    if deal is None:
        return [None] * len(outcome.tricks)
    waiting: dict[tuple[str, ...], list[Trick]] = {}
    for line in deal.tricks:
        waiting.setdefault(tuple(p.card for p in line.plays), []).append(line)
    matched: list[Trick | None] = []
    for trick in outcome.tricks:
        lines = waiting.get(tuple(card for _, card in trick.plays)) if trick.plays else None
        matched.append(lines.pop(0) if lines else None)
    return matched


def analysis_sentence(deal: DealAnalysis) -> str:
    """What the deal's analysis rests on, said once above its tricks."""
    if deal.skipped is not None or not deal.plays:
        return f"Not analysed: {deal.skipped or 'no play to value'}."
    judged = [p for p in deal.plays if p.as_seen is not None]
    seen = ""
    if judged and judged[0].as_seen is not None:
        samples = judged[0].as_seen.samples
        seen = (
            f"; as the players saw it, {plural(len(judged), 'play')} from trick"
            f" {judged[0].trick} over {plural(samples, 'layout')} of the unseen cards"
        )
    return (
        f"Analysed from trick {deal.solved_from_trick}: with perfect play"
        f" {value_words(deal.plays[0].before)}{seen}. ?? and ? mark the plays judged mistakes."
    )


# --------------------------------------------------------------------------
# A game


_SHOWN_FIRST = ("Event", "Site", "Date", "Round", *PLAYER_TAGS.values())


class _GameWriter:
    """One game's HTML, from its outcome and its record."""

    def __init__(
        self, checked: CheckedGame, file: str, gid: str, analysis: GameAnalysis | None = None
    ) -> None:
        self.checked, self.file, self.gid = checked, file, gid
        #: the deals analysed, one for each deal of the record, in order
        self.analysed: list[DealAnalysis] = list(analysis.deals) if analysis else []
        self.game: Game = checked.game
        self.outcome = checked.outcome
        self.tags = self.game.tag_values()
        self.codes: set[str] = {f.code for f in self.outcome.findings}
        models: dict[tuple[int, int], Deal | BrokenDeal] = {d.pos: d for d in self.game.deals}
        self.models = [models.get(d.pos) for d in self.outcome.deals]
        starts = [d.pos for d in self.outcome.deals]
        self.game_findings, self.deal_findings = _place(self.outcome.findings, starts)

    @property
    def title(self) -> str:
        return self.game.title()

    def names(self) -> dict[str, str]:
        return self.game.players()

    # -- the header ---------------------------------------------------------

    def tags_list(self) -> str:
        """The game's tags: site, date, round and players first, as the text
        report's header line, then the rules replayed and every other tag."""
        items: list[tuple[str, str]] = [
            (name, self.tags[name]) for name in ("Site", "Date", "Round") if self.tags.get(name)
        ]
        names = self.names()
        if names:
            items.append(("Players", ", ".join(f"{s} {n}" for s, n in names.items())))
        ruleset = self.outcome.ruleset
        if ruleset is not None:
            opts = ", ".join(sorted(ruleset.options))
            items.append(("Rules", ruleset.name + (f" ({opts})" if opts else "")))
        for name, value in self.tags.items():
            if name not in _SHOWN_FIRST and name not in ("Rules", "Options"):
                items.append((name, value))
        items.append(("File", self.file))
        body = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in items)
        return f'<dl class="tags">{body}</dl>\n'

    def header(self, level: int) -> str:
        """The game's header: its title at ``level``, its tags, the partnership
        draw, the scorer's notes on the tag section and the findings that
        concern the whole game."""
        number = f"Game {self.outcome.index}: " if level > 1 else ""
        out = [f"<h{level}>{number}{esc(self.title)}</h{level}>\n", self.tags_list()]
        draw = self.game.draw
        if draw is not None:
            cards = ", ".join(f"{p.seat} {p.card}" if p.seat else p.card for p in draw.cards)
            notes = _comments(draw.comments)
            out.append(f'<p class="draw">Partnership draw: {esc(cards)}.</p>{notes}\n')
        out.append(_comments([*self.game.leading_comments, *self.game.tag_comments]))
        out.append(_findings_list(self.game_findings))
        return "".join(out)

    def contents_entry(self) -> str:
        """The game's line in the contents: its title, then the file and the
        text report's header line."""
        facts = [self.file, *game_facts(self.checked)]
        return (
            f'<li><a href="#{self.gid}">Game {self.outcome.index}: {esc(self.title)}</a>'
            f' <span class="meta">{esc(" · ".join(facts))}</span></li>\n'
        )

    # -- the deals ----------------------------------------------------------

    def body(self) -> str:
        ruleset = self.outcome.ruleset
        out: list[str] = []
        if self.outcome.deals:
            # The result at the top too; the score chart goes beside it.
            final = esc(game_sentence(self.outcome))
            out.append(f'<figure class="scoreboard"><p class="final">{final}</p></figure>\n')
        running = {"NS": 0, "EW": 0}
        for k, deal in enumerate(self.outcome.deals):
            if deal.scored and deal.point is not None:
                running[deal.point.team] += deal.point.points
            out.append(self.deal(k, deal, ruleset, running))
        out.append('<footer class="end">')
        out.append(f'<p class="final">{esc(game_sentence(self.outcome))}</p>')
        if self.outcome.findings:
            out.append(f"<p>{esc(violations_sentence(self.outcome.findings))}.</p>")
        out.append("</footer>\n")
        return "".join(out)

    def deal(
        self, k: int, deal: DealOutcome, ruleset: Ruleset | None, running: dict[str, int]
    ) -> str:
        """One deal: the table with the hands, the outcome in the report's
        sentences, the lines of the optional rules, the tricks; each finding
        at the line it is about, the others under the deal's title."""
        model = self.models[k]
        record = model if isinstance(model, Deal) else None
        lines = _match_tricks(record, deal)
        spots = _Spots(self.deal_findings.get(k, []), record, lines)

        kind = '"deal void"' if deal.void else "deal"
        attrs = f"class={kind} id={self.gid}-d{k + 1}"
        if deal.scored and deal.point is not None:
            attrs += f' data-s="{running["NS"]} {running["EW"]}"'
        if deal.sequence is not None and len(deal.sequence) < len(deal.tricks):
            # the tricks that count: not those after a team-five deal was
            # decided (A209), nor past the ninth (A206); the race counts those
            attrs += f' data-n="{len(deal.sequence)}"'
        tie = deal.tie_break
        if tie is not None:
            reached = " ".join(f"{s}:{tie.reached_at[s]}" for s in tie.tied)
            attrs += f' data-tie="{reached}" data-tt="{tie.total}" data-tw="{tie.winner}"'
        body: list[str] = []
        body.append("<div class=play>")
        if record is not None and record.hands:
            body.append(self.board(deal.read_as or record, deal.dealer, ruleset, spots))
        sheet = deal.from_sheet and bool(deal.tricks) and ruleset is not None
        if sheet:
            body.append(self.sheet(deal))
        table = bool(deal.tricks) and ruleset is not None and not sheet
        # Signals stand in the table of tricks, before the trick they came before.
        placed = {signal_sentence(s, len(deal.tricks)) for s in deal.signals} if table else set()
        body.append("<div class=side><div class=out>")
        for sentence in deal_sentences(deal):
            if sentence not in placed:
                body.append(f"<p>{esc(sentence)}</p>")
        if deal.scored and deal.point is not None:
            body.append(f"<p class=score>{esc(score_sentence(running))}</p>")
        if record is not None:
            notes = []
            if record.point is not None:
                notes.extend(record.point.comments)
            if record.winners is not None:
                notes.extend(record.winners.comments)
            body.append(_comments(notes))
        body.append(spots.take(("point",)) + spots.take(("winners",)))
        body.append("</div></div></div>\n")
        if record is not None:
            # (a chant the replay did not make, A402 or A405, is written, but
            # the table view does not apply it either)
            body.append(self.record_lines(record, spots, deal.chants_made))
        analysed = self.analysed[k] if k < len(self.analysed) else None
        if analysed is not None:
            body.append(f"<p class=an>{esc(analysis_sentence(analysed))}</p>\n")
        if table and ruleset is not None:
            body.append(self.tricks(deal, ruleset, lines, spots, analysed, record))
        body.append("</section>\n")

        head = [f"<section {attrs}>\n<h3>{esc(deal_title(deal))}</h3>\n"]
        if record is not None:
            head.append(_comments(record.comments))
        head.append(_findings_list(spots.rest()))
        return "".join(head + body)

    def board(
        self, record: Deal, dealer: str | None, ruleset: Ruleset | None, spots: _Spots
    ) -> str:
        """The hands as dealt, each at its seat around the table."""
        names = self.names()
        out = ["<div class=board>"]
        lines = hand_lines(record, ruleset)
        for seat in SEATS:
            hand = lines.get(seat)
            name = f' <span class="name">{esc(names[seat])}</span>' if seat in names else ""
            deals = " <span class=dl>dealer</span>" if seat == dealer else ""
            cards = ""
            if hand is not None:
                cards = f"<p class=hand>{_cards(hand.cards)}</p>{_comments(hand.comments)}"
            out.append(
                f'<div class="seat {seat}"><h4>{seat}{name}{deals}</h4>'
                f"{cards}{spots.take(('hand', seat))}</div>"
            )
        if record.stock is not None:
            stock = _cards(record.stock.cards)
            out.append(
                f"<div class=stock>stock: <span class=cards>{stock}</span>"
                f"{_comments(record.stock.comments)}{spots.take(('stock',))}</div>"
            )
        out.append("</div>")
        return "".join(out)

    def record_lines(self, record: Deal, spots: _Spots, made: Sequence[int]) -> str:
        """The lines of the optional rules, as the record gives them: chant
        exchanges (the seat of those the replay ``made`` marked, for the
        table view to apply), doubles announced, concessions."""
        items = []
        for i, chant in enumerate(record.chants):
            seat = esc(chant.seat)
            applies = f' data-seat="{seat}"' if i in made else ""
            items.append(
                f'<li class="chant"{applies}>Chant: {seat} takes'
                f' <span class="takes cards">{_cards(chant.takes)}</span> from the stock and'
                f' discards <span class="discards cards">{_cards(chant.discards)}</span>.'
                f"{_comments(chant.comments, 'span')}{spots.take(('chant', i))}</li>"
            )
        for i, announce in enumerate(record.announces):
            notes = _comments(announce.comments, "span") + spots.take(("announce", i))
            items.append(f"<li>{esc(announce.team)} announce a double.{notes}</li>")
        for i, concede in enumerate(record.concessions):
            answer = "accepted" if concede.accepted else "refused"
            notes = _comments(concede.comments, "span") + spots.take(("concede", i))
            items.append(f"<li>{esc(concede.team)} concede the deal: {answer}.{notes}</li>")
        return f'<ul class="lines">{"".join(items)}</ul>\n' if items else ""

    def sheet(self, deal: DealOutcome) -> str:
        """A ``winners:`` score sheet: no cards, each trick's winner (the
        tricks of a mordienne's run marked)."""
        numbers = "".join(f"<th>{t.number}" for t in deal.tricks)
        run = deal.mordienne_from or len(deal.tricks) + 1
        won = "".join(
            '<td class="p">pourri'
            if t.pourri
            else (
                f'<td class="{_seat(t.winner)}{" m" if t.number >= run else ""}">{_seat(t.winner)}'
                if t.winner
                else "<td>?"
            )
            for t in deal.tricks
        )
        return (
            f'<table class="sheet"><thead><tr><th scope="row">trick{numbers}</thead>'
            f'<tbody><tr><th scope="row">won by{won}</tbody></table>\n'
        )

    def tricks(
        self,
        deal: DealOutcome,
        ruleset: Ruleset,
        lines: list[Trick | None],
        spots: _Spots,
        analysed: DealAnalysis | None = None,
        record: Deal | None = None,
    ) -> str:
        """The table of tricks: the text report's, with each signal before the
        trick it came before (and the scorer's comments on its line: the
        record's signals, in the order the outcome's are) and each finding
        under the trick it is about;
        with an analysis, each play's values on its card, a mark on the
        mistakes and, under the trick, what they threw away in words."""
        plays: dict[int, dict[str, PlayValue]] = {}
        for play in analysed.plays if analysed is not None else []:
            plays.setdefault(play.trick, {})[play.seat] = play
        out = [
            "<table class=tricks><thead><tr><th>trick<th>leader<th>N<th>E<th>S<th>W"
            "<th>won by<th>why</thead><tbody>\n"
        ]
        signals: dict[int, list[tuple[int, SignalOutcome]]] = {}
        for j, signal in enumerate(deal.signals):
            signals.setdefault(min(signal.before, len(deal.tricks)), []).append((j, signal))

        written = record.signals if record is not None else []

        def signal_rows(i: int) -> None:
            for j, signal in signals.get(i, []):
                notes = _comments(written[j].comments, "span") if j < len(written) else ""
                said = esc(signal_sentence(signal, len(deal.tricks))) + notes
                said += spots.take(("signal", j))
                out.append(_note_row(said, "note sig"))

        run = range(deal.mordienne_from - 1, len(deal.tricks)) if deal.mordienne_from else range(0)
        for i, trick in enumerate(deal.tricks):
            signal_rows(i)
            line = lines[i]
            comments = line.comments if line is not None else []
            valued = plays.get(trick.number, {})
            out.append(_trick_row(trick, ruleset, comments, i in run, valued))
            for who, _ in trick.plays:
                judged = valued.get(who) if who else None
                if judged is not None and play_mark(judged):
                    said = f"<b>{play_mark(judged)}</b> {esc(_said(judged))}"
                    out.append(_note_row(said, "note an"))
            found = spots.take(("trick", i))
            if found:
                out.append(_note_row(found))
        signal_rows(len(deal.tricks))
        out.append("</tbody></table>\n")
        return "".join(out)


class _Spots:
    """Where in a deal each of its findings is shown: the trick, hand, stock,
    chant, signal, announce, concession, point or sheet line it stands on;
    on a line not shown, the trick it names (a trick line written twice,
    whose copy is left out, A201), as every other output places it.
    Findings on any other line (the deal's header, a line that could not be
    read) are what is left, shown under the deal's title."""

    def __init__(
        self, findings: list[Finding], record: Deal | None, lines: list[Trick | None]
    ) -> None:
        at: dict[int, list[tuple[int, tuple[object, ...]]]] = {}

        def put(pos: Pos, key: tuple[object, ...]) -> None:
            at.setdefault(pos.line, []).append((pos.column, key))

        for i, trick in enumerate(lines):
            if trick is not None:
                put(trick.pos, ("trick", i))
        if record is not None:
            for seat, hand in record.hands.items():
                put(hand.pos, ("hand", seat))
            if record.stock is not None:
                put(record.stock.pos, ("stock",))
            for name, items in (
                ("chant", [c.pos for c in record.chants]),
                ("announce", [a.pos for a in record.announces]),
                ("concede", [c.pos for c in record.concessions]),
                ("signal", [s.pos for s in record.signals]),
            ):
                for i, pos in enumerate(items):
                    put(pos, (name, i))
            if record.point is not None:
                put(record.point.pos, ("point",))
            if record.winners is not None:
                put(record.winners.pos, ("winners",))
        for parts in at.values():
            parts.sort(key=lambda part: part[0])
        self.found: dict[tuple[object, ...], list[Finding]] = {}
        self.left: list[Finding] = []
        for finding in findings:
            parts = at.get(finding.line, [])
            keys = [key for _, key in parts]
            # Two tricks on one line: the finding names its trick; else,
            # with several parts on the line (ALN asks no layout), the part
            # the finding's column stands in, the line's first before it.
            exact = [k for k in keys if k[0] == "trick" and finding.trick == _index(k) + 1]
            within = [key for column, key in parts if column <= finding.column]
            key = exact[0] if exact else within[-1] if within else keys[0] if keys else None
            named = finding.trick - 1 if finding.trick is not None else -1
            if key is None and 0 <= named < len(lines) and lines[named] is not None:
                key = ("trick", named)
            if key is None:
                self.left.append(finding)
            else:
                self.found.setdefault(key, []).append(finding)

    def take(self, key: tuple[object, ...]) -> str:
        return _findings_list(self.found.pop(key, []))

    def rest(self) -> list[Finding]:
        """The findings no line took: those of lines not shown (and any left)."""
        left = list(self.left)
        for found in self.found.values():
            left.extend(found)
        return sorted(left, key=Finding.sort_key)


def _index(key: tuple[object, ...]) -> int:
    index = key[1]
    assert isinstance(index, int)
    return index


# --------------------------------------------------------------------------
# The explanations of the codes on the page, from docs/violations.md

_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\([^)]*\)")


def _inline(text: str) -> str:
    out, last = [], 0
    for m in _INLINE.finditer(text):
        out.append(esc(text[last : m.start()]))
        if m.group(1) is not None:
            out.append(f"<code>{esc(m.group(1))}</code>")
        elif m.group(2) is not None:
            out.append(f"<strong>{esc(m.group(2))}</strong>")
        else:
            out.append(esc(m.group(3)))
        last = m.end()
    out.append(esc(text[last:]))
    return "".join(out)


def explanation(code: str, entry: str) -> str:
    """A code's section of docs/violations.md as HTML: its heading,
    paragraphs and examples (the little Markdown the page uses)."""
    out = [f'<section id="code-{code}">']
    paragraph: list[str] = []
    fence: list[str] | None = None

    def flush() -> None:
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()

    for line in entry.splitlines():
        if fence is not None:
            if line.startswith("```"):
                out.append(f"<pre>{esc(chr(10).join(fence))}</pre>")
                fence = None
            else:
                fence.append(line)
        elif line.startswith("```"):
            flush()
            fence = []
        elif line.startswith("## "):
            flush()
            out.append(f"<h3>{_inline(line[3:])}</h3>")
        elif not line.strip():
            flush()
        else:
            paragraph.append(line.strip())
    flush()
    if fence:
        out.append(f"<pre>{esc(chr(10).join(fence))}</pre>")
    out.append("</section>\n")
    return "".join(out)


def _analysis_legend(limits: Limits) -> str:
    seen = ""
    if limits.samples:
        seen = (
            f" and, as the player saw it ({plural(limits.samples, 'layout')} of the cards that"
            " player could not see, each solved), the value the card played gives NS on"
            " average and the best card's"
        )
    return (
        "<li class=an>Analysed plays: <abbr class=mk>??</abbr> marks a play that changed the"
        " deal's value with all cards seen and that was a clear mistake as the player saw it"
        " too (or was not judged so), <abbr class=mk>?</abbr> a play only one of the two calls"
        " a mistake; its title and the line under the trick say why. At each step the table"
        f" view gives the value with all cards seen (for NS){seen}.</li>"
    )


def _legend(limits: Limits | None = None) -> str:
    """How to read the page: the suits, the ranks, the named cards, the keys."""
    suits = " ".join(
        f'<span><svg viewBox="0 0 24 24" aria-hidden="true"><use href="#s-{s}"/></svg>'
        f" <code>{s}</code> {name}</span>"
        for s, name in SUIT_NAMES.items()
    )
    ranks = ", ".join(f"<code>{r}</code> {name}" for r, name in RANK_NAMES.items())
    named = ", ".join(f"<code>{card}</code> {name}" for card, name in CARD_NICKNAMES.items())
    return (
        '<details class="legend"><summary>How to read this page</summary><ul>'
        f'<li class="suits">A card is its rank and its suit: {suits}.</li>'
        f"<li>Ranks: {ranks}.</li>"
        f"<li>The named cards: {named}.</li>"
        "<li>In each deal's table of tricks the card that won is highlighted; a pourri"
        " trick's tied cards are in red, cancelled cards struck out.</li>"
        "<li>The table view plays a deal card by card: the right and left arrow keys"
        " step the deal on screen (one card); click into it for the down and up arrows"
        " (one trick), Home and End; or use the buttons under the table.</li>"
        f"{_analysis_legend(limits) if limits is not None else ''}"
        "</ul></details>\n"
    )


# --------------------------------------------------------------------------
# The page


class HtmlPage:
    """Writes the page for the games given to :meth:`add`, once :meth:`end`
    is called.

    The first game is held until a second one comes: a page of one game
    carries that game's tags as its header, a page of several has a
    contents list and a header for each game.  Games after the first go to
    a spooled temporary file as they come, so a long archive costs disk,
    not memory.
    """

    SPOOL = 4 * 1024 * 1024

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write
        self.files: list[str] = []
        self.codes: set[str] = set()
        self.count = 0
        self._first: _GameWriter | None = None
        self._first_body = ""
        self._body: IO[str] | None = None
        self._contents: IO[str] | None = None
        #: the analysis the games come with, if any (the legend explains it)
        self.limits: Limits | None = None

    def _spool(self) -> IO[str]:
        return tempfile.SpooledTemporaryFile(self.SPOOL, mode="w+", encoding="utf-8", newline="")

    def add(self, checked: CheckedGame, file: str, analysis: GameAnalysis | None = None) -> None:
        self.count += 1
        if file not in self.files:
            self.files.append(file)
        writer = _GameWriter(checked, file, f"g{self.count}", analysis)
        self.codes |= writer.codes
        if self.count == 1:
            self._first, self._first_body = writer, writer.body()
            return
        if self._body is None:
            assert self._first is not None
            self._body, self._contents = self._spool(), self._spool()
            self._add_article(self._first, self._first_body)
            self._first, self._first_body = None, ""
        self._add_article(writer, writer.body())

    def _add_article(self, writer: _GameWriter, body: str) -> None:
        assert self._body is not None and self._contents is not None
        self._contents.write(writer.contents_entry())
        self._body.write(
            f'<article class="game" id="{writer.gid}"><header>{writer.header(2)}</header>\n'
            f"{body}</article>\n"
        )

    def title(self) -> str:
        if self._first is not None:
            return self._first.title
        return "No games" if self.count == 0 else f"{self.count} games"

    def end(self) -> None:
        assets = _assets()
        files = ", ".join(self.files) or "no records"
        w = self.write
        w(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{assets.policy}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="generator" content="aluette report --format html">\n'
            '<link rel="icon" href="data:,">\n'
            f"<title>{esc(self.title())} · aluette</title>\n"
            f"<style>{assets.css}</style>\n</head>\n<body>\n{assets.sprite}\n"
        )
        w(f'<header class="top"><p class="brand">aluette report · {esc(files)}</p>\n')
        first = self._first
        if first is not None:
            w(first.header(1))
        else:
            w(f"<h1>{esc(self.title())}</h1>\n")
        w("</header>\n")
        w(_legend(self.limits))
        if self._contents is not None and self._body is not None:
            w(
                '<nav class="contents" aria-labelledby="contents">'
                '<h2 id="contents">Contents</h2><ol>\n'
            )
            self._copy(self._contents)
            w("</ol></nav>\n<main>\n")
            self._copy(self._body)
        else:
            w("<main>\n")
            if first is not None:
                w(f'<article class="game" id="{first.gid}">\n{self._first_body}</article>\n')
            else:
                w("<p>The input holds no game.</p>\n")
        w("</main>\n")
        if self.codes:
            w(
                '<section class="codes" id="codes"><h2>The finding codes on this page</h2>\n'
                "<p>From docs/violations.md, as <code>aluette explain CODE</code>"
                " prints them.</p>\n"
            )
            known = entries()
            for code in sorted(self.codes):
                if code in known:
                    w(explanation(code, known[code]))
            w("</section>\n")
        w(
            f'<script type="application/json" id="aluette-cards">{_card_names()}</script>\n'
            f"<script>{assets.js}</script>\n</body>\n</html>\n"
        )

    def _copy(self, spool: IO[str]) -> None:
        spool.seek(0)
        while chunk := spool.read(1 << 16):
            self.write(chunk)
        spool.close()


def write_page(
    games: Iterable[tuple[str, CheckedGame] | tuple[str, CheckedGame, GameAnalysis]],
    write: Callable[[str], object],
    limits: Limits | None = None,
) -> None:
    """The page for ``(file, game)`` pairs, or ``(file, game, analysis)``
    triples made under ``limits``, written through ``write``."""
    page = HtmlPage(write)
    page.limits = limits
    for item in games:
        page.add(item[1], item[0], item[2] if len(item) == 3 else None)
    page.end()
