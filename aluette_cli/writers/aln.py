"""The canonical ALN writer: the parser's inverse.

Canonical means: aliases normalised, one element per line in the order of
docs/notation.md §4, hands in seat order N, E, S, W, tags in their original
order, each brace comment written after the element it is attached to.
Parsing what this writes and writing it again gives the same bytes.

Nothing is dropped: ``;`` comments stay on the line of the element they
follow; a deal, a tag section or leading text that could not be read is
written back verbatim where it stood, so that the game reads back as the
same game (its deals stay its own, its tag section still starts it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from ..cards import SEATS
from ..lexicon import BYTE_ORDER_MARK, WHITESPACE
from ..model import Comment, Deal, Game, Signal, Trick, holds_text

#: How trick lines are written: as recorded, or all with seats, or all cards-only.
STYLES = ("keep", "seats", "cards")


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def comment_text(comment: Comment) -> str:
    """A comment as written: ``{text}``, or ``;text`` for a line comment, less
    the blanks at its end, which would end the line (``git diff --check`` and
    pre-commit's trailing-whitespace hook would take them off again)."""
    return f";{comment.text.rstrip(WHITESPACE)}" if comment.line else f"{{{comment.text}}}"


def _with_comments(line: str, comments: Iterable[Comment]) -> str:
    """The line, then its comments; a ``;`` comment ends its line, so what
    follows it goes on the next line (still after the same element)."""
    text = line
    after_line_comment = False
    for i, comment in enumerate(comments):
        text += ("\n" if after_line_comment else "  " if i == 0 else " ") + comment_text(comment)
        after_line_comment = comment.line
    return text


def verbatim(text: str) -> str:
    """Text written back as it was read, less the blank lines at its end
    (the writer puts its own between units)."""
    lines = text.split("\n")
    while lines and not lines[-1].strip(WHITESPACE):  # the notation's blanks, not Python's
        lines.pop()
    return "\n".join(lines)


def trick_line(trick: Trick, seats: list[str | None] | None = None, style: str = "keep") -> str:
    """One trick line; ``seats`` (from the turn order) fills in or replaces seats."""
    parts = [f"{trick.number}."]
    for i, play in enumerate(trick.plays):
        seat = play.seat
        if style == "seats" and seats is not None and i < len(seats):
            seat = seats[i] if seat is None else seat
        elif style == "cards":
            seat = None
        parts.append(f"{seat}:{play.card}" if seat else play.card)
    if trick.claim is not None:
        parts.append(f"-> {trick.claim.seat or 'pourri'}")
    return _with_comments(" ".join(parts), trick.comments)


def deal_lines(
    deal: Deal, seats_by_trick: list[list[str | None]] | None = None, style: str = "keep"
) -> Iterator[str]:
    yield _with_comments(f"deal {deal.number} dealer {deal.dealer}", deal.comments)
    for seat in SEATS:
        hand = deal.hands.get(seat)
        if hand is not None:
            yield _with_comments(f"{seat}: {' '.join(hand.cards)}", hand.comments)
    for hand in deal.extra_hands:
        yield _with_comments(f"{hand.seat}: {' '.join(hand.cards)}", hand.comments)
    for stock in [deal.stock, *deal.extra_stocks] if deal.stock is not None else []:
        yield _with_comments(f"stock: {' '.join(stock.cards)}", stock.comments)
    for chant in deal.chants:
        yield _with_comments(
            f"chant {chant.seat} takes {' '.join(chant.takes)} discards {' '.join(chant.discards)}",
            chant.comments,
        )
    for announce in deal.announces:
        yield _with_comments(f"announce {announce.team} double", announce.comments)
    for concede in deal.concessions:
        answer = "accepted" if concede.accepted else "refused"
        yield _with_comments(f"concede {concede.team} {answer}", concede.comments)
    signals = sorted(deal.signals, key=lambda s: s.before)
    k = 0
    for i, trick in enumerate(deal.tricks):
        while k < len(signals) and signals[k].before <= i:
            yield _signal_line(signals[k])
            k += 1
        seats = seats_by_trick[i] if seats_by_trick and i < len(seats_by_trick) else None
        yield trick_line(trick, seats, style)
    for signal in signals[k:]:
        yield _signal_line(signal)
    for sheet in [deal.winners, *deal.extra_winners] if deal.winners is not None else []:
        entries = " ".join(seat or "-" for seat in sheet.entries)
        yield _with_comments(f"winners: {entries}", sheet.comments)
    for p in [deal.point, *deal.extra_points] if deal.point is not None else []:
        text = f"point {p.side or 'none'}" + (f" {p.points}" if p.points is not None else "")
        yield _with_comments(text, p.comments)


def _signal_line(signal: Signal) -> str:
    return _with_comments(f"signal {signal.seat} {signal.what}", signal.comments)


def game_lines(
    game: Game,
    seats: dict[int, list[list[str | None]]] | None = None,
    style: str = "keep",
    seated: Collection[int] = (),
    first: bool = True,
) -> Iterator[str]:
    """The lines of one game; ``seats`` maps a deal's position in the game to its
    turn-order seats, needed for ``style='seats'`` on cards-only tricks.
    ``seated``: the positions of deals whose seats ``style='cards'`` keeps as
    recorded, since without them the deal would read back otherwise.
    ``first``: the game is the first written (:func:`needs_stand_in`)."""
    tag_comments = game.tag_comments
    if game.leading_text is not None:
        text = verbatim(game.leading_text)
        # Text before the first game that begins with U+FEFF (a file with
        # two byte-order marks) would be read back as a mark and lost: a
        # mark before it keeps it text, so the record reads back as it was.
        yield BYTE_ORDER_MARK + text if text.startswith(BYTE_ORDER_MARK) else text
    elif first or game.tags_text is not None:
        for comment in game.leading_comments:
            yield comment_text(comment)
    else:
        # Comments before a later game's tags (two files of JSON Lines
        # joined) would be read back as the foot of the game above: they
        # go with its tag section, which every later game has, so that they
        # stay the game's.
        tag_comments = [*game.leading_comments, *game.tag_comments]
    if game.tags_text is not None:
        yield verbatim(game.tags_text)
        yield ""
    elif game.tags or needs_stand_in(game, first):
        lines = [f'[{tag.name} "{escape(tag.value)}"]' for tag in game.tags] or [STAND_IN]
        for i, line in enumerate(lines):
            last = i == len(lines) - 1
            # The tag section's comments, ";" ones included, follow its last tag.
            yield _with_comments(line, tag_comments) if last else line
        if game.draw is not None:
            cards = " ".join(f"{p.seat}:{p.card}" for p in game.draw.cards)
            yield _with_comments(f"draw: {cards}", game.draw.comments)
        yield ""
    for i, deal in enumerate(game.deals):
        if not holds_text(deal):
            continue
        if deal.text is not None:  # what could not be read is kept as written
            yield verbatim(deal.text)
            yield ""
            continue
        keep = style == "cards" and i in seated
        yield from deal_lines(deal, (seats or {}).get(i), "keep" if keep else style)
        yield ""


#: The tag section written for a game that has none where ALN needs one
#: (:func:`needs_stand_in`): "?" is an unknown value, as in PGN.
STAND_IN = '[Event "?"]'


def needs_stand_in(game: Game, first: bool) -> bool:
    """Whether a game without tags needs a tag section written for it: ALN
    starts every game after the first with one (without, its deals would
    be read as the game before it's), and a draw line or comments of the
    tag section stand in one.  A game read from ALN always has one there;
    one read from JSON may not."""
    if game.tags or game.tags_text is not None:
        return False
    return not first or game.draw is not None or bool(game.tag_comments)


#: What stands between two games: with the blank line that ends each deal,
#: games are two blank lines apart.
BETWEEN_GAMES = "\n\n"


def write_game(
    game: Game,
    seats: dict[int, list[list[str | None]]] | None = None,
    style: str = "keep",
    seated: Collection[int] = (),
    first: bool = True,
) -> str:
    """One game's text, ending with one line end and no blank line, as editors,
    ``git diff --check`` and pre-commit's end-of-file fixer want a file to end:
    games are put :data:`BETWEEN_GAMES` apart by whoever writes several."""
    lines = list(game_lines(game, seats, style, seated, first))
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""
