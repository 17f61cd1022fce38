"""What a syntax finding says: where, what was found, what could stand
there, and the fix when the word is a known word mistyped."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import findings as F
from ..cards import NAMED_CARDS
from ..findings import Finding
from ..lexicon import (
    ARROW,
    CARD_NAMES,
    COLON,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    LINE_COMMENT,
    LITERALS,
    SEATS,
    WHITESPACE,
)
from ..model import PLAYER_TAGS
from ..wording import either, fill
from .grammar import _parser

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

    from .grammar import _Builder
    from .split import Unit


def _said(variant: str, **facts: object) -> str:
    """A piece of an A001 message, in the words of its template."""
    return fill(F.TEMPLATES[F.SYNTAX_ERROR][variant], facts)


def _expected_words(names: Iterable[str], what: str) -> str:
    parser, _ = _parser()
    literals = {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
    said = F.TEMPLATES[F.SYNTAX_ERROR]
    words: list[tuple[bool, str]] = []  # (the end, word): the end is said last
    for name in sorted(names):
        if name == "$END":
            word = (True, _said("expected-end", what=what))
        elif f"expected-{name}" in said:
            word = (False, _said(f"expected-{name}"))
        else:
            literal = literals.get(name)
            word = (False, _said("expected-literal", literal=literal) if literal else name)
        if word not in words:
            words.append(word)
    words.sort(key=lambda w: (w[0], w[1].strip("'").lower()))
    if not words:
        return _said("expected-nothing")
    return either(word for _, word in words)


def _fixed(found: str, text: str, index: int | None) -> str:
    """What was ``found`` at ``text[index]``, with the fix of a known word
    mistyped there (:func:`_hint`); as it is where none (or no index)."""
    if index is None:
        return found
    plural = _plural_keyword(text, index)
    if plural is not None:  # (the word, not the letter the keyword left)
        word, keyword = plural
        return _said(
            "found-fix", found=_said("found-word", word=word), fix=_said("fix", fixed=keyword)
        )
    hint = _hint(text, index)
    return _said("found-fix", found=found, fix=hint) if hint else found


def _plural_keyword(text: str, index: int) -> tuple[str, str] | None:
    """(the word, the keyword meant) where the error is the ``s`` of a keyword
    written in the plural (``points EW``, ``signals S``): keywords may touch
    what follows them, so ``point`` was read, and the ``s`` stopped it."""
    if text[index : index + 1] not in ("s", "S") or not text[index + 1 : index + 2].isspace():
        return None
    start = index
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    keyword = text[start:index]
    if keyword.lower() not in LITERALS:
        return None
    return text[start : index + 1], keyword.lower()


def _found(text: str, index: int) -> str:
    ch = text[index] if index < len(text) else ""
    if not ch:
        return _said("found-text-end")
    if not ch.isprintable() or ch.isspace():
        return _said("found-character", code=f"{ord(ch):04X}")
    m = _WORD.match(text, index)
    return _said("found-word", word=_printable(m.group() if m else ch))


# What a person reads as the word that stands at an error: up to any space,
# in Unicode's sense, or a comment.
_WORD = re.compile(f"[^\\s{re.escape(COMMENT_OPEN + COMMENT_CLOSE + LINE_COMMENT)}]{{1,20}}")


def _printable(text: str) -> str:
    """Text safe to put in a one-line message: control characters spelled out."""
    return "".join(
        ch if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}"
        for ch in text
    )


def _unclosed_comment(exc: UnexpectedInput, text: str) -> bool:
    """Whether the error is a brace comment never closed (A002, not A001):
    the lexer stops at its ``{``, which nothing can follow."""
    from lark.exceptions import UnexpectedCharacters

    if not isinstance(exc, UnexpectedCharacters):
        return False
    index = exc.pos_in_stream or 0
    return text[index : index + 1] == COMMENT_OPEN


#: the A001 variants of a line of a deal read alone: its end is the line's
_ONE_LINE = frozenset({"line", "claim", "after-claim", "tag"})


def _content_end(text: str) -> int:
    """Where ``text`` ends, its trailing blanks and comments left out."""
    from .split import COMMENT_SPAN  # (split needs nothing of this module)

    spans = [m.span() for m in COMMENT_SPAN.finditer(text)]
    end = len(text)
    while True:
        while end and text[end - 1].isspace():
            end -= 1
        if not spans or spans[-1][1] < end:
            return end
        end = min(end, spans.pop()[0])


def _syntax_finding(
    exc: UnexpectedInput, unit: Unit, builder: _Builder, lost: str | None = None
) -> Finding:
    # ``lost``: the A001 variant that says what is lost (the unit, by default)
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    text = unit.text
    # a line read alone (recover.py) ends with its line, not with the deal
    what = "tag section" if unit.kind == "tags" else "line" if lost in _ONE_LINE else "deal"
    # where the word at the error starts, when the parser says
    index = exc.pos_in_stream if isinstance(exc, UnexpectedCharacters) else None
    if isinstance(exc, UnexpectedToken):
        index = exc.token.start_pos
    if isinstance(exc, UnexpectedCharacters):
        where = unit.pos(text, index or 0)
        if _unclosed_comment(exc, text):
            return Finding.of(F.UNCLOSED_COMMENT, "", *where)
        expected = _expected_words(_accepts(exc) or exc.allowed or (), what)
        found = _found(text, index or 0)
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        where = builder.pos(exc.token)
        expected = _expected_words(_accepts(exc) or exc.accepts or exc.expected, what)
        found = (
            _found(text, index)
            if index is not None
            else _said("found-word", word=_printable(str(exc.token)[:20]))
        )
    else:
        # The unit ended too soon: say so at the end of its text, where no
        # word stands to be fixed (before the comments that end it: a note
        # added at the line's end moves nothing).
        index = None
        where = unit.pos(text, _content_end(text))
        names = (
            (exc.accepts or exc.expected)
            if isinstance(exc, UnexpectedToken)
            else getattr(exc, "expected", ())
        )
        expected = _expected_words(names, what)
        found = _said("found-end", what=what)
    found = _fixed(found, text, index)
    if lost is None:
        lost = "tags" if unit.kind == "tags" else "deal"
    return Finding.of(F.SYNTAX_ERROR, lost, *where, found=found, expected=expected)


#: What a person may write for a card's name: accents, spaces, apostrophes
#: and capitals set aside ("Deux de chêne", "deux d'écrit", "Monsieur").
_NAME_KEYS = {re.sub(r"[^a-z]", "", name): name for name in CARD_NAMES}
_HINT_WORD = re.compile(r"[^\s{};\[\]\"]+")
_CARD_LIKE = re.compile(r"([1-9AVJCRKavjcrk])([DCBEOdcbeo])")
#: a team as people write it: ``ew``, ``E-W``, ``N/S``, ``WE``
_TEAM_LIKE = re.compile(r"([Nn])[-/]?[Ss]|([Ss])[-/]?[Nn]|[Ee][-/]?[Ww]|[Ww][-/]?[Ee]")
#: a card of swords written with the English initial
_SWORDS = re.compile(r"([1-9AVJCRKavjcrk])[sS]")
#: a card and the claim's arrow with no space between: read as one word
_GLUED_ARROW = re.compile(r"(\S+?)->.*")
#: cards of other decks: a queen, a ten
_NOT_IN_DECK = re.compile(r"(?:([Qq])|10)[DCBEOdcbeo]")


#: how other notations open a comment, which ALN writes after ';' or in { }
#: (not ``#1`` or ``(1)``, a number as people write it)
_OTHER_COMMENT = re.compile(r"(?:#|//|--|\()(?![0-9])")
#: a trick line's start: its number
_TRICK_START = re.compile(r"\s*[0-9]+\.")
#: an arrow drawn long (``-->``), or ``--`` before a claim's seat or pourri
_ARROW_MEANT = re.compile(r"-->|--[ \t]*(?:[NESW]|pourri)\b")


def _name_key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z]", "", plain)


#: what a phone or a word processor makes of ``->``: an arrow sign, a dash
#: and ``>``, ``=>``
ARROW_LIKE = ("\u2192", "\u27f6", "\u279e", "\u2794", "\u21d2", "\u2013>", "\u2014>", "=>")
_ARROW_LIKE = re.compile("|".join(map(re.escape, ARROW_LIKE)))
#: What a word processor or a keyboard puts for a straight double quote.
QUOTE_LIKE = frozenset("\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\uff02")
#: A tag's opening and name, right before a value: where a value's quote stands.
_TAG_NAME_BEFORE = re.compile(r"\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*$")


def _hint(text: str, index: int) -> str:
    """The fix, when the word at ``text[index]``, where a syntax error is, is
    a known word mistyped: a card, a seat or a keyword in the wrong case, a
    card's name written as people say it.  Empty when there is nothing sure
    to say."""
    arrow = _ARROW_LIKE.match(text, index)
    if arrow is not None:
        return _said("fix", fixed=ARROW)
    line = text.rfind("\n", 0, index) + 1
    if text[index : index + 1] in QUOTE_LIKE and _TAG_NAME_BEFORE.search(text, line, index):
        mark = text[index]
        return _said("fix-quotes", quote=mark, code=f"{ord(mark):04X}")
    after_claim = text[:index].rstrip(WHITESPACE).endswith(ARROW)  # (-> -- is a claim)
    line_so_far = text[line:index]
    in_trick = _TRICK_START.match(line_so_far) is not None and ARROW not in line_so_far
    if in_trick and _ARROW_MEANT.match(text, index):
        return _said("fix", fixed=ARROW)  # (an arrow drawn long, or short of its >)
    if _OTHER_COMMENT.match(text, index) and not after_claim:
        return _said("comment")
    m = _HINT_WORD.match(text, index)
    if m is None:
        return ""
    word = m.group()
    if text[:index].rstrip(WHITESPACE).endswith(ARROW):
        claim = _claim_meant(word)
        if claim is not None:
            return _said("fix", fixed=claim)
    seated = _SEAT_NAMES.get(word.removesuffix(COLON).lower())
    if seated is not None:
        return _said("fix", fixed=seated + COLON * word.endswith(COLON))
    team = _TEAM_LIKE.fullmatch(word)
    if team is not None and word != (fixed := "NS" if team[1] or team[2] else "EW"):
        return _said("fix-team", fixed=fixed)
    if word.lower() == "draw:":
        return _said("draw-first")
    seat, colon, card = word.rpartition(COLON)
    swords = _SWORDS.fullmatch(card if colon else word)
    if swords is not None:  # (s for swords, as English says them: e, for épées)
        seated = seat.upper() + COLON if colon and seat.upper() in SEATS else ""
        return _said("fix-suit", fixed=f"{seated}{_fix_card(swords[1] + 'e')}")
    glued = _GLUED_ARROW.fullmatch(card if colon else word)
    if glued is not None and (_fix_card(glued[1]) or glued[1] in CARD_NAMES):
        seated = seat + COLON if colon else ""
        return _said("fix", fixed=f"{seated}{glued[1]} {ARROW}")
    absent = _NOT_IN_DECK.fullmatch(card if colon else word)
    if absent is not None:
        return _said("no-queen" if absent[1] else "no-ten")
    prefix = ""
    if colon and seat.upper() in SEATS and card:
        prefix = seat.upper() + COLON
        fixed = _fix_card(card) or card
        if (seat, card) != (seat.upper(), fixed) and (fixed in CARD_NAMES or _fix_card(card)):
            return _said("fix", fixed=prefix + fixed)
        index += len(seat) + 1
    else:
        fixed_card = _fix_card(word)
        if fixed_card and fixed_card != word:
            return _said("fix-card", fixed=fixed_card)
        bare = word.removesuffix(COLON)  # a keyword's colon is not part of it (Stock:)
        if bare.lower() in LITERALS and bare != bare.lower():
            return _said("fix-keyword", fixed=bare.lower())
        if bare.lower().endswith("s") and bare.lower()[:-1] in LITERALS:  # Points
            return _said("fix-keyword", fixed=bare.lower()[:-1])
        if bare.upper() in SEATS and bare != bare.upper():
            return _said("fix", fixed=bare.upper() + COLON * word.endswith(COLON))
    # A card's name as people say it, perhaps over several words ("deux de chêne").
    words = text[index : index + 40].split("\n", 1)[0].split()
    for count in range(min(4, len(words)), 0, -1):
        name = _NAME_KEYS.get(_name_key("".join(words[:count])))
        if name is not None and words[:count] != [name]:  # a name written right needs no fix
            return _said("fix-name", name=prefix + name, code=prefix + NAMED_CARDS[name])
    return ""


#: A seat written as its name: the player tags' English, or French.
_SEAT_NAMES = {name.lower(): seat for seat, name in PLAYER_TAGS.items()} | {
    "nord": "N",
    "est": "E",
    "sud": "S",
    "ouest": "W",
    "o": "W",  # Ouest's initial
}


def _claim_meant(word: str) -> str | None:
    """The claim a word after ``->`` means, where it is none: a dash, as a
    score sheet writes a trick nobody takes, or ``pourri`` misspelt."""
    from difflib import SequenceMatcher

    if word.strip("-–—") == "":
        return "pourri"
    folded = word.lower()
    if folded != "pourri" and SequenceMatcher(None, folded, "pourri").ratio() >= 0.75:
        return "pourri"
    return None


def _fix_card(word: str) -> str | None:
    """The card a two-letter word means with its case set right, or None."""
    m = _CARD_LIKE.fullmatch(word)
    if m is None:
        return None
    return m.group(1).upper() + m.group(2).lower()


def _accepts(exc: UnexpectedInput) -> set[str]:
    """What the parser could take at the error: exact, unlike the lexer's guess."""
    try:
        return set(exc.interactive_parser.accepts())
    except Exception:  # none (AttributeError), or it fails: an error path must not raise
        return set()
