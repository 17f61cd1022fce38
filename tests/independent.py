"""An independent Aluette referee, written from docs/rules.md and docs/notation.md alone.

It imports nothing from ``aluette_cli``: it is the oracle the property tests
hold the tool to.  :func:`random_game` deals and plays a random classic game
from a :class:`random.Random`, writes it as ALN text in one of several legal
forms, and returns with it the facts a correct referee must find (every
trick's leader, plays and winner, the counts, the deal winner and its
tie-break, the points, void deals, the score) and the layout of the text
(which line holds which element) for the tests that break the record on
purpose.

The text is kept as a list of :class:`Line` objects, each a list of tokens;
a test changes tokens and renders the record again, so the line and column
of every element stay known.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

# --------------------------------------------------------------------------
# Cards, seats, ranking (docs/rules.md §1-2, docs/notation.md §2)

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
TEAMS: tuple[str, ...] = ("NS", "EW")
RANKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "V", "C", "R")
SUITS: tuple[str, ...] = ("d", "c", "b", "e")
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)

#: docs/rules.md §1, highest first; cards on one row are equal.
RANKING: tuple[tuple[str, ...], ...] = (
    ("3d",),
    ("3c",),
    ("2d",),
    ("2c",),
    ("9c",),
    ("9d",),
    ("2b",),
    ("2e",),
    ("1d", "1c", "1b", "1e"),
    ("Rd", "Rc", "Rb", "Re"),
    ("Cd", "Cc", "Cb", "Ce"),
    ("Vd", "Vc", "Vb", "Ve"),
    ("9e", "9b"),
    ("8d", "8c", "8b", "8e"),
    ("7d", "7c", "7b", "7e"),
    ("6d", "6c", "6b", "6e"),
    ("5d", "5c", "5b", "5e"),
    ("4d", "4c", "4b", "4e"),
    ("3e", "3b"),
)

#: Higher is stronger; equal cards have equal strength.
STRENGTH: dict[str, int] = {
    card: len(RANKING) - row for row, cards in enumerate(RANKING) for card in cards
}

#: The eight cards that may be written by name (docs/notation.md §2).
CARD_NAMES: dict[str, str] = {
    "3d": "monsieur",
    "3c": "madame",
    "2d": "borgne",
    "2c": "vache",
    "9c": "grand-neuf",
    "9d": "petit-neuf",
    "2b": "deux-de-chene",
    "2e": "deux-d-ecrit",
}
_NAME_TO_CARD = {name: card for card, name in CARD_NAMES.items()}
_RANK_ALIASES = {"A": "1", "J": "V", "K": "R"}
_SUIT_ALIASES = {"o": "d"}

#: The nine ranks of which the deck holds four equal cards.
FOUR_OF_A_KIND: tuple[str, ...] = ("1", "R", "C", "V", "8", "7", "6", "5", "4")

HAND_SIZE = 9
STOCK_SIZE = 12
TRICKS = 9
SCORING_DEALS = 5


def left_of(seat: str) -> str:
    """The next seat clockwise (the left of N is E)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def seats_from(leader: str) -> list[str]:
    i = SEATS.index(leader)
    return [SEATS[(i + k) % 4] for k in range(4)]


def team_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def other_team(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def canonical(written: str) -> str:
    """The canonical two-character code of a card as written (aliases, names)."""
    if written in _NAME_TO_CARD:
        return _NAME_TO_CARD[written]
    rank, suit = written[0], written[1]
    return _RANK_ALIASES.get(rank, rank) + _SUIT_ALIASES.get(suit, suit)


def alias(card: str, rng: random.Random) -> str:
    """One of the ways docs/notation.md §2 lets a card be written."""
    choices = [card]
    if card in CARD_NAMES:
        choices.append(CARD_NAMES[card])
    rank, suit = card[0], card[1]
    ranks = [rank, *[a for a, r in _RANK_ALIASES.items() if r == rank]]
    suits = [suit, *[a for a, s in _SUIT_ALIASES.items() if s == suit]]
    choices += [r + s for r in ranks for s in suits]
    return rng.choice(choices)


# --------------------------------------------------------------------------
# The rules (docs/rules.md §3-5)


def trick_winner(plays: list[tuple[str, str]]) -> str | None:
    """The seat of the single highest card, or None when the top is shared (pourri)."""
    best = max(STRENGTH[card] for _, card in plays)
    top = [seat for seat, card in plays if STRENGTH[card] == best]
    return top[0] if len(top) == 1 else None


@dataclass
class TieFact:
    tied: list[str]
    total: int
    reached_at: dict[str, int]
    winner: str


def deal_winner(winners: list[str | None]) -> tuple[dict[str, int], str | None, TieFact | None]:
    """Counts, the deal winner and the tie-break (docs/rules.md §4)."""
    counts = dict.fromkeys(SEATS, 0)
    for seat in winners:
        if seat is not None:
            counts[seat] += 1
    best = max(counts.values())
    if best == 0:  # every trick pourri: void
        return counts, None, None
    tied = [seat for seat in SEATS if counts[seat] == best]
    if len(tied) == 1:
        return counts, tied[0], None
    reached: dict[str, int] = {}
    running = dict.fromkeys(SEATS, 0)
    for number, seat in enumerate(winners, 1):
        if seat is None:
            continue
        running[seat] += 1
        if running[seat] == best and seat in tied:
            reached[seat] = number
    first = min(tied, key=lambda seat: reached[seat])
    return counts, first, TieFact(tied, best, reached, first)


# --------------------------------------------------------------------------
# Facts: what a correct referee finds


@dataclass
class TrickFact:
    number: int
    leader: str
    plays: list[tuple[str, str]]
    winner: str | None

    @property
    def pourri(self) -> bool:
        return self.winner is None


@dataclass
class DealFact:
    number: int
    dealer: str
    hands: dict[str, list[str]]
    stock: list[str]
    tricks: list[TrickFact]
    counts: dict[str, int]
    deal_winner: str | None
    tie: TieFact | None
    #: the team that scores the point; None for a void deal
    point_team: str | None
    void: bool
    #: how the play was written: "seats", "cards", "mixed" or "sheet"
    style: str

    @property
    def winners(self) -> list[str | None]:
        return [t.winner for t in self.tricks]

    @property
    def leaders(self) -> list[str]:
        return [t.leader for t in self.tricks]


@dataclass
class GameFacts:
    deals: list[DealFact]
    score: dict[str, int]
    winner: str
    result: str
    tags: dict[str, str]
    complete: bool = True


# --------------------------------------------------------------------------
# The text, line by line


@dataclass
class Line:
    """One element of the record: tokens, then optional comments.

    ``seps[i]`` is the blank before ``tokens[i + 1]``.  A brace comment may
    span lines; it is written after the tokens.  A line with ``joined`` set
    is written on the same text line as the one before it (whitespace is
    free), unless a ``;`` comment ends that one.
    """

    tokens: list[str]
    seps: list[str] = field(default_factory=list)
    brace: str | None = None
    semicolon: str | None = None
    kind: str = ""
    joined: bool = False

    def sep(self, i: int) -> str:
        return self.seps[i] if i < len(self.seps) else " "

    def text(self) -> str:
        """The element's text, with ``\\n`` inside a multi-line brace comment."""
        out = ""
        for i, token in enumerate(self.tokens):
            out += token if i == 0 else self.sep(i - 1) + token
        if self.brace is not None:
            out += ("  " if out else "") + "{" + self.brace + "}"
        if self.semicolon is not None:
            out += (" " if out else "") + ";" + self.semicolon
        return out

    def column(self, i: int) -> int:
        """1-based column of token ``i``, counted from the element's start."""
        col = 1
        for k in range(i):
            col += len(self.tokens[k]) + len(self.sep(k))
        return col

    def span(self, i: int) -> tuple[int, int]:
        """First and last column of token ``i``, from the element's start."""
        start = self.column(i)
        return start, start + len(self.tokens[i]) - 1


@dataclass
class DealLayout:
    """Where a deal's elements are: indexes into :attr:`Record.lines`."""

    header: int
    hands: dict[str, int] = field(default_factory=dict)
    stock: int | None = None
    tricks: list[int] = field(default_factory=list)
    winners: int | None = None
    point: int | None = None


@dataclass
class Record:
    lines: list[Line]
    deals: list[DealLayout]
    result: int | None
    newline: str = "\n"

    def _layout(self) -> tuple[str, list[tuple[int, int]]]:
        """The text with ``\\n`` newlines, and where each element starts (line, column)."""
        out: list[str] = []
        starts: list[tuple[int, int]] = []
        line, col = 1, 1
        for i, element in enumerate(self.lines):
            if i:
                if element.joined and self.lines[i - 1].semicolon is None:
                    out.append(" ")
                    col += 1
                else:
                    out.append("\n")
                    line, col = line + 1, 1
            starts.append((line, col))
            text = element.text()
            out.append(text)
            if "\n" in text:
                line += text.count("\n")
                col = len(text.rsplit("\n", 1)[1]) + 1
            else:
                col += len(text)
        out.append("\n")
        return "".join(out), starts

    def render(self) -> str:
        return self._layout()[0].replace("\n", self.newline)

    def line_no(self, index: int) -> int:
        """The 1-based text line on which element ``index`` starts."""
        return self._layout()[1][index][0]

    def span(self, index: int, token: int) -> tuple[int, int]:
        """First and last column of a token of element ``index`` on its text line."""
        offset = self._layout()[1][index][1] - 1
        first, last = self.lines[index].span(token)
        return first + offset, last + offset

    def whole(self, index: int) -> tuple[int, int]:
        """First and last column of element ``index`` on its first text line."""
        offset = self._layout()[1][index][1] - 1
        text = self.lines[index].text().split("\n")[0]
        return offset + 1, offset + max(len(text), 1)

    def clone(self) -> Record:
        return copy.deepcopy(self)

    def remove(self, index: int) -> None:
        """Delete element ``index`` and keep the layout's indexes right."""
        del self.lines[index]

        def fix(i: int | None) -> int | None:
            if i is None or i < index:
                return i
            if i == index:
                return None
            return i - 1

        self.result = fix(self.result)
        for deal in self.deals:
            deal.header = fix(deal.header)  # type: ignore[assignment]
            deal.hands = {
                s: j for s, j in ((s, fix(i)) for s, i in deal.hands.items()) if j is not None
            }
            deal.stock = fix(deal.stock)
            deal.tricks = [j for j in (fix(i) for i in deal.tricks) if j is not None]
            deal.winners = fix(deal.winners)
            deal.point = fix(deal.point)


def play_parts(token: str) -> tuple[str | None, str]:
    """(seat or None, canonical card) of a play token: ``N:3d`` or ``3d``."""
    if ":" in token:
        seat, card = token.split(":", 1)
        return seat, canonical(card)
    return None, canonical(token)


# --------------------------------------------------------------------------
# How a game is written


@dataclass(frozen=True)
class Form:
    """The legal ways of writing a game that the generator chooses among."""

    #: trick lines with seats, cards only, both mixed, or a winners: sheet
    style: str = "seats"
    hands: bool = True
    stock: bool = True
    #: Result tag, point lines and (some) trick claims
    claims: bool = True
    #: share of tricks that carry a ``->`` claim when ``claims`` is on
    claim_rate: float = 0.7
    comments: bool = False
    #: brace comments may include :data:`_TRICKY_COMMENTS`
    tricky_comments: bool = False
    aliases: bool = False
    #: "uniform" plays any card; "ties" often plays a card equal to the top
    policy: str = "ties"
    #: chance that a deal is dealt so that all nine tricks can be pourri
    void_rate: float = 0.1
    newline: str = "\n"
    #: blanks between tokens: " " only, or a mix of spaces and tabs
    loose: bool = False
    #: some elements share a text line with the one before (even across deals)
    compact: bool = False


STYLES: tuple[str, ...] = ("seats", "cards", "mixed", "sheet")

_COMMENTS = (
    "monsieur takes it",
    "a fine deal",
    "N; then E",
    "see [Event] above",
    "déjà vu, ça",
    "long note\nover two lines",
    "deal 7 dealer N",
    "-> pourri?",
)
#: Multi-line comments whose second line starts like a deal or a tag: still
#: comments (docs/notation.md §1: no nesting, may span lines).
_TRICKY_COMMENTS = (
    "a note\ndeal 7 dealer N comes next",
    'as in\n[Event "Club night"]',
)
_SEMICOLON = (" checked by hand", " {not a brace", " deal 3 dealer S", " -> N")
_NAMES = ("Marie", "Jean", "Paul", "Anne", 'Jean \\"le Grand\\"', "Zoé", "Back\\\\slash")
_SITES = (
    "Les Herbiers",
    "Île d'Yeu",
    "Salle {B}; étage 2",
    "deal 3 [annexe]",
    'Café \\"Le Coin\\"',
)


def _unescape(value: str) -> str:
    out, i = "", 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out += value[i + 1]
            i += 2
        else:
            out += value[i]
            i += 1
    return out


def _choose(hand: list[str], table: list[tuple[str, str]], policy: str, rng: random.Random) -> str:
    if policy == "ties" and table and rng.random() < 0.6:
        best = max(STRENGTH[card] for _, card in table)
        equal = [card for card in hand if STRENGTH[card] == best]
        if equal:
            return rng.choice(equal)
    return rng.choice(hand)


def _shuffled_deal(dealer: str, rng: random.Random) -> tuple[dict[str, list[str]], list[str]]:
    """Shuffle, then nine cards each in packets of three from the dealer's left."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    order = seats_from(left_of(dealer))
    top = 0
    for _ in range(3):
        for seat in order:
            hands[seat] += deck[top : top + 3]
            top += 3
    return hands, deck[top:]


def _void_deal(rng: random.Random) -> tuple[dict[str, list[str]], list[str]]:
    """A deal where each player holds one card of each four-of-a-kind rank.

    Any shuffle may give it; played rank by rank, all nine tricks are pourri.
    """
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for rank in FOUR_OF_A_KIND:
        suits = list(SUITS)
        rng.shuffle(suits)
        for seat, suit in zip(SEATS, suits, strict=True):
            hands[seat].append(rank + suit)
    for cards in hands.values():
        rng.shuffle(cards)
    dealt = {card for cards in hands.values() for card in cards}
    stock = [card for card in DECK if card not in dealt]
    rng.shuffle(stock)
    return hands, stock


def _play_deal(
    dealer: str, hands: dict[str, list[str]], rigged: bool, policy: str, rng: random.Random
) -> list[TrickFact]:
    held = {seat: list(cards) for seat, cards in hands.items()}
    leader = left_of(dealer)
    tricks: list[TrickFact] = []
    for number in range(1, TRICKS + 1):
        plays: list[tuple[str, str]] = []
        for seat in seats_from(leader):
            if rigged and plays:
                rank = plays[0][1][0]
                card = next(c for c in held[seat] if c[0] == rank)
            else:
                card = _choose(held[seat], plays, policy, rng)
            held[seat].remove(card)
            plays.append((seat, card))
        winner = trick_winner(plays)
        tricks.append(TrickFact(number, leader, plays, winner))
        if winner is not None:
            leader = winner
        # after a pourri trick the same player leads again
    return tricks


@dataclass
class Generated:
    text: str
    facts: GameFacts
    record: Record
    form: Form


class _Writer:
    def __init__(self, form: Form, rng: random.Random) -> None:
        self.form = form
        self.rng = rng
        self.lines: list[Line] = []

    def card(self, card: str) -> str:
        if self.form.aliases and self.rng.random() < 0.3:
            return alias(card, self.rng)
        return card

    def add(self, tokens: list[str], kind: str, comment: bool = True) -> int:
        rng = self.rng
        seps = []
        if self.form.loose:
            seps = [rng.choice((" ", " ", "  ", "\t", " \t ")) for _ in tokens[1:]]
        line = Line(tokens, seps, kind=kind)
        line.joined = self.form.compact and bool(self.lines) and rng.random() < 0.4
        if comment and self.form.comments:
            if rng.random() < 0.15:
                pool = _COMMENTS + (_TRICKY_COMMENTS if self.form.tricky_comments else ())
                line.brace = rng.choice(pool)
            if rng.random() < 0.08:
                line.semicolon = rng.choice(_SEMICOLON)
        self.lines.append(line)
        return len(self.lines) - 1

    def blank(self) -> None:
        if self.form.compact and self.rng.random() < 0.5:
            return
        self.lines.append(Line([], kind="blank"))
        if self.form.comments and self.rng.random() < 0.2:
            self.lines.append(Line([], semicolon=self.rng.choice(_SEMICOLON), kind="blank"))


def random_game(rng: random.Random, form: Form = Form()) -> Generated:
    """Deal, play and write one finished classic game (five scoring deals)."""
    w = _Writer(form, rng)

    # -- play the game first -------------------------------------------
    dealer = rng.choice(SEATS)
    deals: list[DealFact] = []
    score = dict.fromkeys(TEAMS, 0)
    scoring = 0
    number = 0
    voids = 0
    while scoring < SCORING_DEALS:
        number += 1
        rigged = voids < 2 and rng.random() < form.void_rate
        hands, stock = _void_deal(rng) if rigged else _shuffled_deal(dealer, rng)
        tricks = _play_deal(dealer, hands, rigged, form.policy, rng)
        counts, winner, tie = deal_winner([t.winner for t in tricks])
        void = winner is None
        style = form.style
        deals.append(
            DealFact(
                number,
                dealer,
                hands,
                stock,
                tricks,
                counts,
                winner,
                tie,
                None if winner is None else team_of(winner),
                void,
                style,
            )
        )
        if void:
            voids += 1  # the same dealer deals again; the deal does not count
        else:
            score[team_of(winner)] += 1  # type: ignore[arg-type]
            scoring += 1
            dealer = left_of(dealer)
    ns, ew = score["NS"], score["EW"]
    result = f"NS {ns}-{ew}" if ns > ew else f"EW {ew}-{ns}"

    # -- the tags ------------------------------------------------------
    tags: list[tuple[str, str]] = [("Event", f"Club night, round {rng.randint(1, 9)}")]
    if rng.random() < 0.5:
        tags.append(("Site", rng.choice(_SITES)))
    if rng.random() < 0.5:
        tags.append(("Date", rng.choice(("2026.11.14", "2026.??.??", "????.??.??"))))
    if rng.random() < 0.5:
        # four players, four names: one name at two seats is a slip (A410)
        for tag, name in zip(
            ("North", "East", "South", "West"), rng.sample(_NAMES, 4), strict=True
        ):
            tags.append((tag, name))
    if rng.random() < 0.5:
        tags.append(("Rules", "classic"))
    if rng.random() < 0.3:
        tags.append(("Table", str(rng.randint(1, 12))))  # unknown tags are kept
    if form.claims:
        tags.append(("Result", result))
    result_line: int | None = None
    for i, (name, value) in enumerate(tags):
        index = w.add([f'[{name} "{value}"]'], "tag", comment=i == len(tags) - 1)
        if name == "Result":
            result_line = index
    w.blank()

    # -- the deals -----------------------------------------------------
    layouts: list[DealLayout] = []
    for deal in deals:
        layout = DealLayout(w.add(["deal", str(deal.number), "dealer", deal.dealer], "header"))
        if form.hands:
            order = list(SEATS)
            if rng.random() < 0.3:
                rng.shuffle(order)  # hands may come in any seat order
            for seat in order:
                cards = list(deal.hands[seat])
                rng.shuffle(cards)
                layout.hands[seat] = w.add([f"{seat}:", *map(w.card, cards)], "hand")
            if form.stock:
                layout.stock = w.add(["stock:", *map(w.card, deal.stock)], "stock")
        if form.style == "sheet":
            entries = [t.winner or "-" for t in deal.tricks]
            layout.winners = w.add(["winners:", *entries], "winners")
        else:
            for trick in deal.tricks:
                seated = form.style == "seats" or (form.style == "mixed" and rng.random() < 0.5)
                tokens = [f"{trick.number}."]
                for seat, card in trick.plays:
                    tokens.append(f"{seat}:{w.card(card)}" if seated else w.card(card))
                if form.claims and rng.random() < form.claim_rate:
                    tokens += ["->", trick.winner or "pourri"]
                layout.tricks.append(w.add(tokens, "trick"))
        if form.claims:
            if deal.void:
                side = "none"
            else:
                assert deal.deal_winner is not None
                side = rng.choice((deal.deal_winner, team_of(deal.deal_winner)))
            tokens = ["point", side]
            if side != "none" and rng.random() < 0.2:
                tokens.append("1")
            layout.point = w.add(tokens, "point")
        layouts.append(layout)
        w.blank()

    record = Record(w.lines, layouts, result_line, form.newline)
    facts = GameFacts(
        deals,
        score,
        "NS" if ns > ew else "EW",
        result,
        {name: _unescape(value) for name, value in tags},
    )
    return Generated(record.render(), facts, record, form)
