"""What a record *says*: games, tags, deals and their parts, each with its position.

These classes hold no rules and compute nothing: a record that breaks every
rule of the game still fits in them, so the engine can explain what is wrong
with it.  Positions are 1-based line and column in the source text, counted
in characters, the way editors show them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .findings import Finding


class Pos(NamedTuple):
    """Where an element starts: 1-based line and column (a tuple: cheap to make,
    and positions compare in text order)."""

    line: int
    column: int


@dataclass(slots=True)
class Comment:
    """A comment, kept so conversions never lose it: a brace comment's text
    without its braces, or (``line`` true) a ``;`` comment's text after the
    ``;``, which runs to the end of its line."""

    text: str
    pos: Pos
    line: bool = False


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    pos: Pos

    def known(self) -> str | None:
        """The value, trimmed; None when it is empty or ``?`` (unknown, as
        in PGN)."""
        value = self.value.strip()
        return None if value in ("", "?") else value


#: The tags the tool understands (docs/notation.md §3).
KNOWN_TAGS = (
    "Event", "Site", "Round", "Date", "North", "East", "South", "West", "Rules", "Options",
    "Result",
)  # fmt: skip
_KNOWN_FOLDED = {name.lower(): name for name in KNOWN_TAGS}


def known_tag(name: str) -> str | None:
    """The known tag a name spells, in any case (``rules``: Rules), or None."""
    return _KNOWN_FOLDED.get(name.lower())


#: A tag's name as a French scorer writes it (tag names are letters without
#: accents: ``Resultat``, not ``Résultat``), and the tag meant.
_FRENCH_TAGS = {
    "evenement": "Event",
    "lieu": "Site",
    "tour": "Round",
    "ronde": "Round",
    "nord": "North",
    "est": "East",
    "sud": "South",
    "ouest": "West",
    "regles": "Rules",
    "resultat": "Result",
}


def near_miss(name: str) -> str | None:
    """The known tag a name that spells none is a slip for (``Rles``:
    Rules), or its French name (``Regles``), or None."""
    from difflib import get_close_matches  # only for a tag the tool does not know

    close = get_close_matches(name, KNOWN_TAGS, n=1, cutoff=0.75)
    return _FRENCH_TAGS.get(name.lower()) or (close[0] if close else None)


#: The tags that name the players, by seat (docs/notation.md §3).
PLAYER_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def player_tags(tags: list[Tag]) -> Iterator[tuple[str, Tag, str]]:
    """(seat, tag, player) for each seat its tag names a player at: the tag
    read as any tag is (:func:`find_tag`), the name trimmed and composed
    (Unicode NFC: an accent typed as a letter and a combining mark is the
    same name on screen, so the same player); a tag missing, empty or ``?``
    names nobody.  Every output, and A410, read players so."""
    for seat, name in PLAYER_TAGS.items():
        tag = find_tag(tags, name)
        player = tag.known() if tag is not None else None
        if tag is not None and player is not None:
            yield seat, tag, unicodedata.normalize("NFC", player)


def find_tag(tags: list[Tag], name: str, fits: Callable[[str], bool] | None = None) -> Tag | None:
    """The tag of that name; failing that, one spelt in another case
    (``[rules "team-five"]`` still names the rules; the ledger warns, A409);
    failing that, given ``fits``, the first tag whose name is a slip for it
    (:func:`near_miss`) and whose value ``fits`` it: ``[Rles "team-five"]``
    names the rules too, which read as classic made a finding of every
    deal."""
    for tag in tags:
        if tag.name == name:
            return tag
    folded = name.lower()
    for tag in tags:
        if tag.name.lower() == folded:
            return tag
    if fits is not None:
        for tag in tags:
            if known_tag(tag.name) is None and near_miss(tag.name) == name and fits(tag.value):
                return tag
    return None


@dataclass(slots=True)
class Hand:
    seat: str
    cards: list[str]
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Stock:
    cards: list[str]
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Chant:
    """``chant <SEAT> takes <cards> discards <cards>`` (chanter option)."""

    seat: str
    takes: list[str]
    discards: list[str]
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Announce:
    """``announce <TEAM> double``."""

    team: str
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Concede:
    """``concede <TEAM> accepted|refused``."""

    team: str
    accepted: bool
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Play:
    """One card put on a trick; ``seat`` is None in the cards-only form."""

    seat: str | None
    card: str
    pos: Pos


@dataclass(slots=True)
class TrickClaim:
    """``-> N`` (``seat`` set) or ``-> pourri`` (``seat`` None)."""

    seat: str | None
    pos: Pos
    #: where the seat or ``pourri`` stands when the claim is broken after
    #: its arrow (else None): the trick ends there, so a note on it follows
    end: Pos | None = None


@dataclass(slots=True)
class Trick:
    number: int
    plays: list[Play]
    claim: TrickClaim | None
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Signal:
    """``signal <SEAT> <what>``; ``before`` is how many trick lines precede it."""

    seat: str
    what: str
    before: int
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Winners:
    """A score sheet: each trick's winner, None for a pourri trick (``-``)."""

    entries: list[str | None]
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class PointClaim:
    """``point <TEAM|SEAT> [n]`` or ``point none``.

    ``side`` is a team (``NS``/``EW``), a seat, or None for ``point none``;
    ``points`` is None when the record leaves the number out.
    """

    side: str | None
    points: int | None
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


#: The A001s of a deal's line the reader knows holds no play, kept as
#: written: a tag among its lines, its header written again.  Their finding
#: carries the kind as its fact ``line``.
NO_PLAY_LINES = ("tag", "header-again")


@dataclass(slots=True)
class Deal:
    number: int
    dealer: str
    pos: Pos
    hands: dict[str, Hand] = field(default_factory=dict)
    stock: Stock | None = None
    chants: list[Chant] = field(default_factory=list)
    announces: list[Announce] = field(default_factory=list)
    concessions: list[Concede] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    signals: list[Signal] = field(default_factory=list)
    winners: Winners | None = None
    point: PointClaim | None = None
    #: comments attached to the deal header line itself
    comments: list[Comment] = field(default_factory=list)
    #: hand lines that repeat a seat already given, kept for the engine to report
    extra_hands: list[Hand] = field(default_factory=list)
    #: score sheets after the first: a finding, and kept so nothing is lost
    extra_winners: list[Winners] = field(default_factory=list)
    #: stock lines after the first (A108): the first is the deal's, these are
    #: kept so that formatting or converting the record loses none of them
    extra_stocks: list[Stock] = field(default_factory=list)
    #: point lines after the first (A109): the first is the claim checked,
    #: these are kept so that no line the scorer wrote is lost
    extra_points: list[PointClaim] = field(default_factory=list)
    #: the reading errors of lines that could not be read whole (the deal is
    #: the rest), and of trick lines read with a slip (a number left out, a
    #: claim that cannot be read: :meth:`left_unread` tells them apart);
    #: kept so that the deal is written back as it was
    unread: list[Finding] = field(default_factory=list)
    #: lines read where they belong, not where they stand (A005), and the
    #: header left out of a deal that follows a point line (A001): read, so
    #: no trick is missing for them, unlike an unread line
    misplaced: list[Finding] = field(default_factory=list)
    #: header parts that could not be read ("number", "dealer"): the values
    #: are stand-ins, which the engine replaces from the game's sequence;
    #: "last digit": the number runs into ``dealer``, its last digit perhaps
    #: typed for the space (``deal 23dealer``), as the sequence may say
    guessed: tuple[str, ...] = ()
    #: the deal as written, when a line of it could not be read: the
    #: formatter writes it back so, byte for byte, and drops nothing
    text: str | None = None
    #: what the reader could not hold of the deal's text (:data:`findings.CUT`):
    #: the record read shows nothing of it, so the JSON forms carry these
    cut: list[Finding] = field(default_factory=list)

    def left_unread(self) -> list[Finding]:
        """The findings of :attr:`unread` whose lines were not read and may
        have been a play: a trick line read with a slip names its trick, and
        a line the reader knows for a tag or the deal's header written again
        says so (:data:`NO_PLAY_LINES`); no trick is missing for either
        (engine.unread_tricks), nor is its deal short of a line (analysis)."""
        return [
            f for f in self.unread if f.trick is None and f.facts.get("line") not in NO_PLAY_LINES
        ]


def deal_said(deal: Deal) -> tuple[object, ...]:
    """What a deal says, without where it says it or its comments: two deals
    that say the same are one written twice (:func:`engine.GameReplay.add`)."""
    return (
        deal.number,
        deal.dealer,
        [(h.seat, h.cards) for h in (*deal.hands.values(), *deal.extra_hands)],
        [s.cards for s in (*([deal.stock] if deal.stock else []), *deal.extra_stocks)],
        [(c.seat, c.takes, c.discards) for c in deal.chants],
        [a.team for a in deal.announces],
        [(c.team, c.accepted) for c in deal.concessions],
        [
            (t.number, [(p.seat, p.card) for p in t.plays], t.claim and (t.claim.seat,))
            for t in deal.tricks
        ],
        [(s.seat, s.what, s.before) for s in deal.signals],
        [w.entries for w in (*([deal.winners] if deal.winners else []), *deal.extra_winners)],
        [(p.side, p.points) for p in (*([deal.point] if deal.point else []), *deal.extra_points)],
        deal.text,
    )


@dataclass(slots=True)
class BrokenDeal:
    """A deal whose text could not be parsed: it stands in the game's sequence
    so that the deals around it are still checked in context."""

    pos: Pos
    number: int | None
    dealer: str | None
    text: str
    #: the reading error that broke it
    error: Finding | None = None
    #: what else its text showed could not be read, after ``error``
    unread: list[Finding] = field(default_factory=list)
    #: what the reader could not hold of its text, as :attr:`Deal.cut`
    cut: list[Finding] = field(default_factory=list)


@dataclass(slots=True)
class Draw:
    """The face-up draw that seats the partners and picks the first dealer
    (an extension of the notation: ``draw: N:5c E:3d ...`` after the tags)."""

    cards: list[Play]
    pos: Pos
    comments: list[Comment] = field(default_factory=list)


def holds_text(deal: Deal | BrokenDeal) -> bool:
    """Whether there is anything of ``deal`` to write: a JSON Lines row
    that could not be read keeps its deal's place in the game (its number
    and dealer, so that the deals after it are not said to follow a gap),
    but nothing of what it said, and a writer leaves it out rather than
    write an empty deal that reads as none, or stops the game being read."""
    return not (isinstance(deal, BrokenDeal) and not deal.text)


#: The most deals a game may hold (docs/notation.md, "Limits"): twice the
#: longest game a ruleset can set in deals (``game.target`` at most 1,000).
#: The readers skip the rest of a game past it, unread, so that a command
#: that holds a game whole (report, convert) holds no more than this of one,
#: and ``generate`` stops a game there, unfinished.
MAX_DEALS = 2_000
#: The most characters of deals a game may hold, read as ALN (docs/notation.md,
#: "Limits"), as a game of JSON, wordier, may hold three times as many
#: (convert.MAX_GAME_CHARS): a game of MAX_DEALS deals of the longest kind,
#: comments and all, is under half of it.  Deals of up to a unit's limit
#: each, kept whole, made a game of a few dozen of them hold gigabytes; the
#: readers skip the rest of a game past it as past MAX_DEALS.
MAX_GAME_CHARS = 4_000_000


@dataclass(slots=True)
class Game:
    """One game (match): its tag section and its deals, in record order."""

    index: int
    pos: Pos
    tags: list[Tag] = field(default_factory=list)
    #: comments attached to the tag section
    tag_comments: list[Comment] = field(default_factory=list)
    #: the partnership draw, when the record gives it
    draw: Draw | None = None
    #: comments standing before anything else in an untagged game
    leading_comments: list[Comment] = field(default_factory=list)
    deals: list[Deal | BrokenDeal] = field(default_factory=list)
    #: the tag section's text as written, when it could not be read: the
    #: formatter writes it back verbatim, so the game stays a game of its own
    tags_text: str | None = None
    #: the text before the first tag section or deal, as written, when it
    #: holds something that is not a comment
    leading_text: str | None = None
    #: what the reader could not hold of the game's own text (its tag
    #: section, the text before it, a tag value), as :attr:`Deal.cut`
    cut: list[Finding] = field(default_factory=list)
    #: what could not be read (syntax and encoding errors), in text order
    errors: list[Finding] = field(default_factory=list)
    #: the findings, among :attr:`errors`, of the parts skipped whole that
    #: each held a deal: a JSON Lines row that could not be read.  (A deal
    #: of ALN that cannot be read stays in :attr:`deals`, a BrokenDeal
    #: written back verbatim; a row's JSON is not ALN to write back.)
    skipped: list[Finding] = field(default_factory=list)

    def tag(self, name: str) -> Tag | None:
        """The tag of that name (:func:`find_tag`)."""
        return find_tag(self.tags, name)

    def cut_past_deals(self, line: int, column: int, too_long: bool = False) -> Finding:
        """Says that the game's deals are cut past :data:`MAX_DEALS` (or,
        ``too_long``, past :data:`MAX_GAME_CHARS`), at the first one skipped
        (``line``, ``column``): the A009 every reader gives there, among
        the game's findings and what its text read does not hold (:attr:`cut`)."""
        from .findings import OVER_LIMIT, Finding  # the model needs no findings to load

        variant, limit = ("game-chars", MAX_GAME_CHARS) if too_long else ("deals", MAX_DEALS)
        found = Finding.of(OVER_LIMIT, variant, line, column, self.index, limit=limit)
        self.errors.append(found)
        self.cut.append(found)
        return found

    def title(self) -> str:
        """What the outputs call the game: its Event; or, without one,
        whether it has tags at all (a game with a Date and no Event is no
        untagged game)."""
        event = self.tag_values().get("Event")
        return event or ("Game without an Event tag" if self.tags else "Untagged game")

    def tag_values(self) -> dict[str, str]:
        """Each tag's value by name, the first of a tag given twice (A404);
        a known tag written in another case under its own name, where it is
        the one :meth:`tag` reads (A409): as every output reads the tags."""
        values: dict[str, str] = {}
        for tag in self.tags:
            name = tag.name
            known = known_tag(name)
            if known is not None and known != name and self.tag(known) is tag:
                name = known
            values.setdefault(name, tag.value)
        return values

    def players(self) -> dict[str, str]:
        """Who sat where, by seat (:func:`player_tags`)."""
        return {seat: player for seat, _, player in player_tags(self.tags)}
