"""Findings: what is wrong (or doubtful) in a record, with a stable code.

Codes are part of the public contract: scripts filter on them and
``docs/violations.md`` explains each one with the rule it enforces.  A code
never changes meaning; new problems get new codes.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from typing import Any

from .wording import fill


class Kind(Enum):
    """What a finding is about; decides the exit status of the command."""

    SYNTAX = "syntax"  # the text cannot be read as ALN
    RULE = "rule"  # the record breaks a rule or a claim is false
    CONFIG = "config"  # the record asks for rules the tool does not have
    INPUT = "input"  # the file itself cannot be opened or read


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: str  # "error" or "warning"
    kind: Kind
    title: str
    rule: str  # where the rule is written


CODES: dict[str, Code] = {}


def _code(code: str, severity: str, kind: Kind, title: str, rule: str) -> str:
    CODES[code] = Code(code, severity, kind, title, rule)
    return code


E, W = "error", "warning"
S, R, C = Kind.SYNTAX, Kind.RULE, Kind.CONFIG

# A0xx: reading the text
SYNTAX_ERROR = _code("A001", E, S, "syntax error", "docs/notation.md §1-4")
UNCLOSED_COMMENT = _code("A002", E, S, "brace comment never closed", "docs/notation.md §1")
BAD_ENCODING = _code("A003", W, S, "text is not valid UTF-8", "docs/notation.md §1")

# A1xx: the deck, the deal and its sequence
CARD_TWICE_DEALT = _code(
    "A101", E, R, "card dealt twice", "docs/rules.md §1-2, docs/notation.md §6"
)
HAND_SIZE = _code("A102", E, R, "hand without nine cards", "docs/rules.md §2")
STOCK_SIZE = _code("A103", E, R, "stock without twelve cards", "docs/rules.md §2")
DEAL_NUMBER = _code("A104", E, R, "deal number out of sequence", "docs/notation.md §4")
WRONG_DEALER = _code("A105", E, R, "wrong dealer", "docs/rules.md §2, §4")
DEAL_AFTER_END = _code("A106", E, R, "deal after the game was over", "docs/rules.md §5")
HAND_REPEATED = _code("A107", E, R, "hand given twice", "docs/notation.md §4")

# A2xx: play
TRICK_NUMBER = _code("A201", E, R, "trick number out of sequence", "docs/notation.md §4")
OUT_OF_TURN = _code("A202", E, R, "card played out of turn", "docs/rules.md §3")
NOT_IN_HAND = _code("A203", E, R, "card not in the player's hand", "docs/rules.md §3")
PLAYED_TWICE = _code("A204", E, R, "card played twice", "docs/rules.md §1, §3")
TRICK_SIZE = _code("A205", E, R, "trick without four cards", "docs/rules.md §3")
TRICK_COUNT = _code("A206", E, R, "deal without nine tricks", "docs/rules.md §3")
SHEET_SIZE = _code("A207", E, R, "score sheet without nine entries", "docs/rules.md §3")
PLAY_AND_SHEET = _code("A208", E, R, "tricks and a score sheet in one deal", "docs/notation.md §4")
TRICK_AFTER_END = _code("A209", E, R, "trick after the deal was decided", "docs/rules.md §7")

# A3xx: claims
TRICK_CLAIM = _code("A301", E, R, "wrong trick claim", "docs/rules.md §3")
POINT_CLAIM = _code("A302", E, R, "wrong point claim", "docs/rules.md §4, §6")
RESULT_CLAIM = _code("A303", E, R, "wrong Result", "docs/rules.md §5")
RESULT_FORMAT = _code("A304", E, R, "Result not understood", "docs/notation.md §3")
GAME_UNFINISHED = _code("A305", E, R, "finished game without enough deals", "docs/rules.md §5")

# A4xx: tags, rulesets, optional rules
UNKNOWN_RULESET = _code("A401", E, C, "unknown ruleset or option", "docs/rules.md §6-7")
OPTION_OFF = _code("A402", E, R, "line needs an optional rule that is off", "docs/rules.md §6-7")
DATE_FORMAT = _code("A403", W, R, "Date not in YYYY.MM.DD form", "docs/notation.md §3")
TAG_REPEATED = _code("A404", W, R, "tag given twice", "docs/notation.md §3")
CHANT_WRONG = _code("A405", E, R, "chant exchange breaks the chanter rule", "docs/rules.md §6")
SIGNAL_FALSE = _code(
    "A406", W, R, "signal the signaller's hand does not bear out", "docs/rules.md §6"
)
REPEATED_BID = _code("A407", E, R, "second announce or concession", "docs/rules.md §7")
DRAW_WRONG = _code("A408", E, R, "partnership draw breaks its rule", "docs/rules.md §2")
# Bounds no real record reaches (docs/notation.md, "Limits").
OVER_LIMIT = _code("A009", E, S, "input beyond a limit", "docs/notation.md, Limits")
SECOND_SHEET = _code("A420", E, R, "second score sheet in a deal", "docs/notation.md §4")
UNKNOWN_ESCAPE = _code("A421", W, R, "unknown escape in a tag value", "docs/notation.md §3")

#: The findings that say the text read is not the whole input: a line, a
#: unit or a tag value cut at a limit of the reader (A009), a byte that is
#: not UTF-8 read as U+FFFD (A003).  Nothing left in the record shows them
#: again, so the JSON forms carry them beside what was read (``cut``), and
#: the formatter, which cannot write such a text back whole, leaves it be.
CUT = frozenset({OVER_LIMIT, BAD_ENCODING})


def cut_of(findings: Iterable[Finding]) -> list[Finding]:
    """Those of ``findings`` that say the text read is not the whole input
    (:data:`CUT`)."""
    return [f for f in findings if f.code in CUT]


# Added with the checks of every claimed number; appended, codes never move.
RESULT_OPEN = _code(
    "A306", E, R, "finished game with Result *", "docs/rules.md §5, docs/notation.md §3"
)
POINT_VALUE = _code("A307", E, R, "point value the rules never give", "docs/rules.md §4, §6-7")
LINE_ORDER = _code("A005", E, R, "line out of order", "docs/notation.md §4")
TAG_NAME_TYPO = _code("A409", W, R, "tag name mistyped", "docs/notation.md §3")
# Not of a record but of a file: the file named cannot be read at all.  It is
# the command's "cannot read FILE" message, as a finding for the outputs
# programs read (validate --format json, SARIF), so a missing file is seen.
FILE_UNREADABLE = _code("A010", E, Kind.INPUT, "file cannot be read", "docs/cli.md, Exit status")
# A repeated stock or point line, kept (as a repeated hand, A107) so that no
# line the scorer wrote is lost.
STOCK_REPEATED = _code("A108", E, R, "stock given twice", "docs/notation.md §4")
POINT_REPEATED = _code("A109", E, R, "point line given twice", "docs/notation.md §4")
# Each line once, but under one another's seats: one slip, where every card
# those players played would otherwise be an A203.
HANDS_RESEATED = _code("A110", E, R, "hand lines under one another's seats", "docs/notation.md §4")
# One name in the tags of two seats: a slip, since one player sits at one
# seat; stats, which counts by name, would add the two seats' play together.
PLAYER_TWICE = _code("A410", W, R, "player named at two seats", "docs/notation.md §3")
RULES_TAG_IDLE = _code(
    "A411",
    W,
    R,
    "Rules tag empty, or an option written twice or in capitals",
    "docs/notation.md §3",
)


#: The sentence of every finding, by code and variant.  A finding carries
#: its facts (``Finding.facts``); the message is its template filled with
#: them, so the wording lives here only, and docs/violations.md lists this
#: table (see :func:`templates_markdown`).  Format specs: ``:and``/``:or``
#: join a list, ``:named`` names a card, ``:plural WORD`` counts.  The
#: reader's findings (A001-A003, A009) quote the text they could not read:
#: ``{found}`` is that text, quoted, and ``{expected}`` what the notation
#: allows there.
TEMPLATES: dict[str, dict[str, str]] = {
    SYNTAX_ERROR: {
        "tags": "found {found}, expected {expected}; this tag section cannot be read,"
        " its well-formed tags are kept",
        "deal": "found {found}, expected {expected}; this deal cannot be read, it is skipped",
        "line": "found {found}, expected {expected}; this line cannot be read, it is skipped;"
        " the rest of the deal is read",
        "rest": "found {found}, expected {expected}; the line's elements before this one"
        " are read, this one and the rest of the line are skipped; the rest of the deal is"
        " read",
        "claim": "found {found}, expected {expected}; the trick's claim cannot be read, it"
        " is left out; the trick's cards are read, and the rest of the deal",
        "after-claim": "found {found} after the trick's claim; it is left out; the trick is"
        " read, and the rest of the deal",
        "no-number": "found {found} where a trick's number was expected: a trick line"
        " starts with its number ('{number}.'); this line is read as trick {number}, the"
        " trick after the one above it, and kept as written",
        "tag": "found {found}, a tag among the deal's lines: tags stand in the game's tag"
        " section, before its first deal; this line is kept as written, not read; the rest of"
        " the deal is read",
        "header-again": "found {found}, the deal's header written again: a deal has one"
        " header; this line is kept as written, not read; the rest of the deal is read",
        "line-skipped": "found {found}, expected {expected}; this line cannot be read, and"
        " the deal is skipped: a brace comment in it is never closed",
        "header": "found {found}, expected {expected}; this deal header cannot be read;"
        " the deal's lines are still read and checked",
        "no-header": "found {found} where a deal header ('deal <n> dealer <seat>') was"
        " expected: a deal starts here without its header; its lines are read and"
        " checked as that deal's",
        "between": "found {found}, expected a tag section ('[') or a deal ('deal');"
        " the text up to the next tag section or deal is skipped",
        # The words {found} and {expected} above are made of (reading.syntax):
        # what stood where reading stopped, what the grammar could take there
        # (by its terminal's name), and the fix for a known word mistyped.
        "found-end": "the end of the {what}",
        "found-text-end": "the end of the text",
        "found-character": "character U+{code}",
        "found-word": "'{word}'",
        "found-fix": "{found} ({fix})",
        "fix": "write '{fixed}'",
        "fix-card": "write '{fixed}': a card is its rank in capitals, its suit in lower case",
        "fix-keyword": "write '{fixed}': keywords are lower-case",
        "fix-suit": "write '{fixed}': the suits are d, c, b and e (swords are e, épées)",
        "fix-name": "write '{name}' or '{code}'",
        "fix-team": "write '{fixed}': a team is its two seats in capitals, NS or EW",
        "fix-quotes": "{quote} is U+{code}, a typographic quote: write the value between"
        ' straight double quotes, "..."',
        "no-queen": "the Spanish deck has no queens: its figures are the valet (V or J),"
        " the cavalier (C) and the king (R or K)",
        "no-ten": "the deck of 48 cards has no tens: its numbers run from 1 to 9",
        "draw-first": "a draw line comes after the game's tags, before its first deal",
        "comment": "a comment starts with ';', or is written in braces",
        "expected-nothing": "nothing more",
        "expected-end": "the end of the {what}",
        "expected-literal": "'{literal}'",
        "expected-CARD": "a card",
        "expected-CARD_NAME": "a card",
        "expected-SEAT": "a seat (N, E, S or W)",
        "expected-TEAM": "a team (NS or EW)",
        "expected-SIDE": "a team or a seat",
        "expected-WINNER": "a seat or '-'",
        "expected-POURRI": "'pourri'",
        "expected-NONE": "'none'",
        "expected-CONCEDE_ANSWER": "'accepted' or 'refused'",
        "expected-SIGNAL_NAME": "a signal name",
        "expected-TRICK_NO": "a trick number such as '1.'",
        "expected-INT": "a number (at most nine digits)",
        "expected-TAG_NAME": "a tag name",
        "expected-TAG_VALUE": 'a quoted value ("...")',
        "json-encoding": "not UTF-8 text: {reason} at byte offset {offset}",
        "json": "not valid JSON: {reason}",
        "json-deep": "not a record: the JSON is nested too deeply",
        "json-deep-game": "the JSON is nested too deeply; this game is skipped",
        "json-game-json": "not valid JSON: {reason}; this game is skipped",
        "json-encoding-game": "not UTF-8 text: {reason} at byte offset {offset};"
        " this game is skipped",
        "json-endless": "a value longer than {mib} MiB; reading stops here",
        "json-long-value": "the value of {key!r} is too long",
        "json-long-game": "longer than the limit of {limit:,} characters; this game is skipped",
        "json-games-list": "the document's 'games' must be a list",
        "json-format": "not an {format} JSON document (its 'format' key must be {format!r})",
        "json-report": "not an {format} JSON document: a report, as 'aluette report --format"
        " json' writes it; 'aluette convert --to json' writes a record in JSON",
        "json-games": "the document has no 'games' list",
        "json-version": (
            "not an {format} JSON document of version {version} (its 'version': {found})"
        ),
        "json-no-version": (
            "the document gives no 'version' before its games (an {format} document is"
            " of version {version}); its games are read as of that version"
        ),
        "json-no-format": (
            "the document gives no 'format' before its games (an {format} document says"
            ' "format": "{format}"); its games are read as such'
        ),
        "json-game": "{problem}; this game is skipped",
        "json-stray-comma": (
            "not valid JSON: a comma too many in the games list; read as if not there"
        ),
        "json-missing-comma": (
            "not valid JSON: a comma left out between two games; read as if it were there"
        ),
        "jsonl-encoding": "not UTF-8 text at byte {offset} of the line; it is skipped",
        "jsonl": "not valid JSON: {reason}; this line is skipped",
        "jsonl-deep": "the JSON is nested too deeply; this line is skipped",
        "jsonl-deep-part": "the JSON is nested too deeply; this row of the line is skipped",
        "jsonl-row": "{problem}; this line is skipped",
        "jsonl-more": "{count:plural, line} from here to line {last} cannot be read either,"
        " and are skipped: a game says at most {limit:,} lines that cannot be read one by"
        " one",
        "jsonl-row-part": "{problem}; this row of the line is skipped",
        "jsonl-part": "not valid JSON: {reason}; this row of the line is skipped",
        "jsonl-deal": "{problem}; this deal is skipped",
        "jsonl-game": "this row's game differs from that of line {first}, the first row of"
        " its game, which every row repeats: only the first is read; make them the same",
        "jsonl-run-on": "another row starts here, on the same line: a line break is"
        " missing between the two rows; read as two",
        "jsonl-game-unread": "this row's game cannot be read ({problem}); that of line"
        " {first}, the first row of its game, is read in its place",
        "jsonl-long": "this line is longer than the limit of {limit:,} bytes; it is skipped",
        "jsonl-long-stop": "this line is longer than the limit of {limit:,} bytes;"
        " reading stops {mib} MiB into it",
    },
    UNCLOSED_COMMENT: {"": "this brace comment is never closed: its closing brace is missing"},
    BAD_ENCODING: {
        "": "byte 0x{byte:02x} at byte offset {offset} is not valid UTF-8; read as U+FFFD",
        "more": "{count:plural, line} of this {what} after the first {shown} said hold bytes"
        " that are not valid UTF-8 too, this one the last; each is read as U+FFFD",
    },
    OVER_LIMIT: {
        "line": "this line is longer than the limit of {limit:,} bytes; the {skipped:,}"
        " bytes after the limit are skipped",
        "more": "{count:plural, line} of this {what} after the first {shown} said are longer"
        " than the limit of {limit:,} bytes too, this one the last; the bytes after the limit"
        " are skipped",
        "line-stop": "this line is longer than the limit of {limit:,} bytes; the {skipped:,}"
        " bytes after the limit are skipped; reading stops here, {stop} MiB into the line",
        "unit": "this {what} is longer than the limit of {limit:,} characters; it is read up"
        " to the line before, and the rest of it, up to the next deal or tag section,"
        " is skipped",
        "tag": "the value of tag {name} has {size:,} characters, more than the limit of"
        " {limit:,}; it is cut there",
        "cards": "this line names {count:,} cards, more than the limit of {limit}"
        " (the whole deck); the deal is not replayed",
        "tricks": "the deal has {count:,} trick lines, more than the limit of {limit};"
        " the deal is not replayed",
        "sheet": "the winners: sheet has {count:,} entries, more than the limit of {limit};"
        " the deal is not replayed",
        "deals": "the game has more than {limit:,} deals; this deal and every deal after it,"
        " up to the next tag section, are skipped",
        "game-chars": "the game's deals are longer than {limit:,} characters; this deal and"
        " every deal after it, up to the next tag section, are skipped",
    },
    FILE_UNREADABLE: {"": "cannot read {file}: {reason}"},
    CARD_TWICE_DEALT: {
        "same": "card {card} is dealt twice in {place}; the deck has one of each card",
        "two": "card {card} is dealt in {first} and in {place}; the deck has one of each card",
        "typo": "card {card} is dealt in {place} and in {first}, and {missing} is dealt nowhere:"
        " write {missing} in {place} in place of {card}",
        "typo-same": "card {card} is dealt twice in {place}, and {missing} is dealt nowhere:"
        " write {missing} in {place} in place of one {card}",
    },
    HAND_SIZE: {
        "": "{seat}'s hand has {count:plural card}; the deal gives each player {size}",
        "strayed": "{seat}'s hand has {count:plural card} and {other}'s {others}: {card},"
        " written in {seat}'s hand, is played by {other}; write it in {other}'s hand",
    },
    STOCK_SIZE: {"": "the stock has {count:plural card}; the deal gives {size}"},
    DEAL_NUMBER: {
        "first": "deal {number} should be deal {expected}: the first deal of a game is deal 1",
        "next": "deal {number} should be deal {expected}: deal {previous} came before it;"
        " deals count up by one",
        "copy": "deal {number} is written twice in a row; the copy is left out",
        "swapped": "deal {number} is written after deal {later}: the two deals are in each"
        " other's place (deal {number} is not left out)",
        "missing": "deal {number} follows deal {previous}: the record leaves out"
        " {count:plural deal} between them, whose outcome it does not give ({dealer} deals"
        " as the rotation goes on)",
    },
    WRONG_DEALER: {
        "void": "{dealer} deals, but {expected:or} should: deal {previous} was void,"
        " so its dealer {previous_dealer} deals again",
        "scored": "{dealer} deals, but {expected:or} should: {previous_dealer} dealt deal"
        " {previous} and the deal passes to the left",
        "unknown": "{dealer} deals, but {expected:or} should: deal {previous}'s outcome is not"
        " recorded, so {previous_dealer} or the player on the left deals next",
    },
    DEAL_AFTER_END: {
        "": "the game was over after deal {over_at} ({reason}); this deal is one too many",
        "new-game": "the game was over after deal {over_at} ({reason}), and a deal 1 follows:"
        " a new game starts here without its tag section; write its tags above this deal"
        " (until then, the deals from here are read as this game's, each one too many)",
    },
    HAND_REPEATED: {
        "": "{seat}'s hand is given a second time; the first is used",
        "misseated": "{seat}'s hand is given a second time, and {player}'s not at all:"
        " the play shows that the {which} is {player}'s, and it is read so",
    },
    STOCK_REPEATED: {
        "": "a second stock line; the first, on line {first}, is used, and both are kept"
    },
    POINT_REPEATED: {
        "": "a second point line; the first, on line {first}, is the claim checked,"
        " and both are kept"
    },
    HANDS_RESEATED: {
        "": "the hand lines written for {written:and} hold the cards {players:and} played:"
        " the play shows the seats are the wrong way round, and they are read so",
    },
    TRICK_NUMBER: {
        "": "trick {number} should be trick {expected}",
        "missing": "{which} missing: trick {number} follows {after}; the tricks after"
        " it are checked as their numbers say",
        "moved": "trick {number} is written out of order; tricks are read in the order"
        " of their numbers",
        "twice": "trick {number} is written twice in a row; the copy is left out",
    },
    OUT_OF_TURN: {
        "lead-left": "{seat} leads trick {trick}, but {leader} should:"
        " {leader} is on the dealer's left",
        "lead-left-dealer": "{seat} leads trick {trick}, but {leader} should: {leader} is on"
        " the dealer's left; the trick is played in turn from {seat}, each card by its"
        " holder, as if {shown} dealt: is the header's dealer, {dealer}, the slip?",
        "lead-won": "{seat} leads trick {trick}, but {leader} should:"
        " {leader} won trick {previous}",
        "lead-nobody": "{seat} leads trick {trick}, but {leader} should: trick {previous} was"
        " {nobody}, so its leader {leader} leads again",
        "fifth": "{seat} plays a fifth card to trick {trick}",
        "turn": "{seat} plays when it is {turn}'s turn: {leader} led and play goes clockwise",
    },
    NOT_IN_HAND: {
        "": "card {card} played by {seat} is not in {seat}'s hand",
        "dealt": "card {card} played by {seat} is not in {seat}'s hand; it was dealt to {holder}",
        "taken": "card {card} played by {seat} is not in {seat}'s hand;"
        " {holder} took it from the stock",
        "stock": "card {card} played by {seat} lies in the stock; stock cards are never played",
        "discarded": "card {card} played by {seat} is not in {seat}'s hand;"
        " {holder} discarded it in the chant",
    },
    PLAYED_TWICE: {
        "": "card {card} was already played in trick {previous}",
        "slip": "card {card} was already played in trick {previous}, by {seat} too; trick"
        " {previous}'s claim holds with {seat}'s {instead:or} in its place: the card written"
        " there is likely the slip",
        "slip-unseen": "card {card} was already played in trick {previous}, by {seat};"
        " trick {previous}'s claim holds with a card nobody has played yet in its place: the"
        " card written there is likely the slip",
        "slip-lead": "card {card} was already played in trick {previous}, by {seat} too; with"
        " {seat}'s {instead:or} in its place there, trick {previous} goes to {leader}, who"
        " leads trick {next}: the card written there is likely the slip",
        "slip-lead-unseen": "card {card} was already played in trick {previous}, by {seat};"
        " with a card nobody has played yet in its place there, trick {previous} goes to"
        " {leader}, who leads trick {next}: the card written there is likely the slip",
        "slip-again": "card {card} was already played in trick {previous}, by {seat} too;"
        " with {seat}'s {instead:or} in its place there, trick {previous} is pourri and its"
        " leader {leader} leads trick {next} again: the card written there is likely the slip",
        "slip-again-unseen": "card {card} was already played in trick {previous}, by {seat};"
        " with a card nobody has played yet in its place there, trick {previous} is pourri"
        " and its leader {leader} leads trick {next} again: the card written there is likely"
        " the slip",
    },
    TRICK_SIZE: {"": "trick {trick} has {count:plural card}; each of the four players plays one"},
    TRICK_COUNT: {
        "extra": "trick {number} is one too many: a deal has {tricks} tricks",
        "short": "the deal has {count:plural trick}; all {tricks} are played",
    },
    SHEET_SIZE: {"": "the winners: sheet has {count:plural entry}; a deal has {tricks} tricks"},
    PLAY_AND_SHEET: {
        "": "a deal has trick lines or a winners: sheet, not both; the trick lines are used"
    },
    TRICK_AFTER_END: {
        "lines": "the deal was decided at trick {decided}; play stops there, but the"
        " trick lines go on to trick {last}",
        "sheet": "the deal was decided at trick {decided}; play stops there, but the"
        " entries of the sheet go on to trick {last}",
    },
    TRICK_CLAIM: {
        "winner": "trick {trick} is claimed {claimed}, but {winner}'s {card:named} is the"
        " highest card",
        "nobody": "trick {trick} is claimed {claimed}, but {truth}",
        "winner-left": "trick {trick} is claimed {claimed}, but {winner}'s {card:named} is the"
        " highest card left: {cancelled:and} cancel out",
        "whoever": "trick {trick} is claimed {claimed}, but {card:named} is the highest card,"
        " whoever played it",
        "whoever-left": "trick {trick} is claimed {claimed}, but {card:named} is the highest"
        " card left, whoever played it: {cancelled:and} cancel out",
    },
    POINT_CLAIM: {
        "void-nobody": "point claimed for {side}, but all {tricks} tricks belong to nobody:"
        " the deal is void and scores nothing",
        "void-even": "point claimed for {side}, but NS and EW have {each:plural trick} each:"
        " the deal is void and scores nothing",
        "none": "point none claims a void deal, but {who}",
        "side": "point claimed for {side}, but {who}",
        "points": "point claims {claimed} for {team}, but the deal is worth {points}: {because}",
        "unknown": "point claimed for {side}, but whoever took {which}, the deal is not {side}'s",
        "unknown-none": "point none claims a void deal, but whoever took {which},"
        " the deal is not void",
        "unknown-points": "point claims {claimed} for {side}, but whoever took {which},"
        " the deal scores {ways:or}",
    },
    RESULT_CLAIM: {
        "win": "Result says {claimed}, but the deals score NS {ns}, EW {ew}: {winner} win",
        "draw": "Result says {claimed}, but the deals score NS {ns}, EW {ew}: it is a draw",
    },
    RESULT_FORMAT: {
        "unread": "Result {value!r} is not understood: write 'NS 3-2', 'EW 4-1', 'draw 3-3' or '*'",
        "unread-fix": "Result {value!r} is not understood: write {fixed!r} (a team in capitals,"
        " 'draw' in lower case, a plain hyphen between the scores)",
        "sum": "Result {value!r} does not add up: name the winning team and its score"
        " first, or 'draw' with equal scores",
    },
    GAME_UNFINISHED: {
        "": 'Result claims a finished game, but {why}; write [Result "*"] for an unfinished game',
        "no-deals": "Result claims a finished game, but this game has no deals: tags below a"
        " game's deals start a game of their own; a game's Result stands in its tag section,"
        " above its first deal",
    },
    UNKNOWN_RULESET: {"": "{problem}; the game is not replayed"},
    OPTION_OFF: {
        "chant": "a chant line needs the chanter option (Options tag or --options)",
        "announce": "announce {team} double: the {rules!r} rules have no doubles (team-five has)",
        "concede": "a concession needs the mordienne option",
        "concede-none": "a concession needs the mordienne option, which the {rules!r} rules"
        " have not: their deals have no concessions",
        "signal": "signal lines need the signals option",
    },
    DATE_FORMAT: {
        "": "Date {value!r} is not YYYY.MM.DD (use ? for unknown parts)",
        "fix": "Date {value!r} is not YYYY.MM.DD: write '{fixed}' (use ? for unknown parts)",
        "fix-day-first": "Date {value!r} is not YYYY.MM.DD: write '{fixed}' if its day comes"
        " first, as in France (use ? for unknown parts)",
        "month": "Date {value!r} has no month {month}: a Date is YYYY.MM.DD, the month"
        " before the day (use ? for unknown parts)",
        "day": "Date {value!r} has no day {day}: that month has {most} days (use ? for"
        " unknown parts)",
        "year": "Date {value!r} has no year 0 (use ? for unknown parts)",
    },
    TAG_REPEATED: {"": "tag {name} is given again; the first value, {first!r}, is used"},
    PLAYER_TWICE: {
        "": "tag {name} names {player!r}, as tag {first} does: one player sits at one seat;"
        " stats counts the two seats' play as one player's"
    },
    RULES_TAG_IDLE: {
        "": "tag {name} is empty: it names no ruleset, and the game is read under"
        " {ruleset!r}; name the rules played, or leave the tag out for classic",
        "option": "tag {name} names option {option!r} twice: an option is on or off;"
        " was another option meant?",
        "case": "tag {name} names option {option!r}: option names are lower-case, and it is"
        " read as {meant!r}",
    },
    CHANT_WRONG: {
        "seat": "chant: only {allowed:and} take the stock when {dealer} deals",
        "twice": "chant: {seat} chants twice; the first chant, on line {first},"
        " is the exchange made",
        "takes": "chant: {seat} takes {count} cards, not 6",
        "discards": "chant: {seat} discards {count} cards, not 6",
        "in-hand": "chant: {card} is in a player's hand, not in the stock",
        "not-in-stock": "chant: {card} is not in the stock",
        "taken-twice": "chant: {card} is taken twice",
        "discarded-twice": "chant: {seat} discards {card} twice; the six discards are six"
        " different cards, so one is likely a slip",
        "not-held": "chant: {cards:and} discarded but not held by {seat}",
        "one-sided": "chant: {seat} exchanges but {other} does not; both {seats:and}"
        " chant, or neither does",
    },
    SIGNAL_FALSE: {"": "signal {what} by {seat} is not borne out: {fact} at that moment"},
    REPEATED_BID: {
        "double": "only one double may be announced in a deal; the first is used",
        "concession": "only one concession may be offered in a deal; the first is used",
    },
    DRAW_WRONG: {
        "over": "draw: the draw was over when all of {sought} had appeared;"
        " {card} to {seat} is one card too many",
        "twice": "draw: {card} is drawn twice",
        "more": "draw: {seat} already drew {got} and gets no more cards",
        "short": "draw: it stops before {missing} appeared",
        "partners": "draw: {first} went to {a} and {second} to {b}, who must be partners"
        " and sit opposite",
        "first-dealer": "{dealer} deals the first deal, but {drawer} drew {card} and deals first",
    },
    SECOND_SHEET: {
        "": "a second winners: sheet; the deal is checked against the first, on line {first},"
        " and both are kept"
    },
    UNKNOWN_ESCAPE: {
        "": 'tag {name}: {escape} is not an escape (only \\" and \\\\ are);'
        " the backslash is kept as written"
    },
    RESULT_OPEN: {
        "": "Result says '*' (unfinished), but the game is over: {why}; write [Result \"{result}\"]"
    },
    POINT_VALUE: {
        "zero": "point {side} 0: a deal never scores 0 points; write 'point none' for a void"
        " deal, or 'point {side}' for one point",
        "zero-least": "point {side} 0: a deal never scores 0 points; write 'point none' for a"
        " void deal, or 'point {fix}' for the least it can score",
        "zero-told": "point {side} 0: a deal never scores 0 points; write 'point {fix}'",
        "none": "point none {claimed}: a void deal scores nothing; write 'point none'",
        "value": "point {side} {claimed}: {because}; write 'point {fix}'",
        "value-omitted": "point {side}, without a number, claims 1: {because}; write 'point {fix}'",
        "mordienne-off": "point {side} {claimed}: the tricks make this deal a mordienne, worth"
        " 2 with the mordienne option, which this game is not played with: if it was, name"
        " mordienne among its options (its Options tag, or --options on the command line);"
        " else write 'point {fix}'",
    },
    LINE_ORDER: {
        "header": "the deal header comes first; the lines above it are read as its deal's,"
        " as if it stood before them",
        "above-header": "this trick is this deal's, written above its header; it is read"
        " below it, where its number puts it",
        "next-header": "the next deal's header stands above lines of this deal (its last tricks,"
        " its sheet or its point line); they are read as this deal's, as if the header stood"
        " below them",
        "next-header-hands": "the next deal's header stands among this deal's hands; the"
        " lines below it, up to the next deal's own hands, are read as this deal's, as if the"
        " header stood below them",
        "next-header-top": "the next deal's header stands right below this deal's header; the"
        " lines below it, up to the next deal's own hands, are read as this deal's, as if the"
        " header stood below them",
        "point-below-header": "this point line is this deal's, written below the next deal's"
        " header and its first tricks; it is read as this deal's, as if it stood above that header",
        "below-header": "this line is this deal's, written below the next deal's header;"
        " it is read as this deal's, as if it stood above that header",
        "above-point": "this line is this deal's, written above the deal before's point line;"
        " it is read as this deal's, as if it stood below the header",
        "among-tricks": "this line is this deal's, written among the deal before's last tricks;"
        " it is read as this deal's, as if it stood below the header",
        "hand": "hand lines come first, after the deal header; this one is read as if it"
        " stood there",
        "stock": "the stock line comes after the hands; it is read as if it stood there",
        "chant": "chant lines come after the hands and the stock, before the tricks;"
        " this one is read as if it stood there",
        "bid": "announce and concede lines come after any chant, before the tricks;"
        " this one is read as if it stood there",
        "bid-above-header": "this bid is this deal's, written above its header after the"
        " deal before's point line; it is read below the header, as if it stood there",
        "play": "trick, signal and winners lines come after the hands, the stock and the"
        " bids, before the point line; this one is read as if it stood there",
        "point": "point lines come after the tricks; this one is read as if it stood there",
    },
    TAG_NAME_TYPO: {
        "case": "tag {name} is read as {known}: tag names are case-sensitive; write [{known} ...]",
        "near": "tag {name} is not a tag aluette knows; did you mean {known}? It is kept as"
        " written and not checked",
        "near-read": "tag {name} is read as {known}, the tag it is a slip for, whose value it"
        " holds; write [{known} ...]",
    },
}


def templates_markdown() -> str:
    """The template table as the Markdown list that ends docs/violations.md."""
    out = []
    for code, variants in TEMPLATES.items():
        out.append(f"- **{code}** {CODES[code].title}:")
        out.extend(f"  - `{template}`" for template in variants.values())
    return "\n".join(out) + "\n"


MAX_WORD = 60
_LONG_WORD = re.compile(rf"\S{{{MAX_WORD + 1},}}")


#: What a message must not carry raw: line breaks of any kind (those
#: ``str.splitlines`` splits on: a form feed in a tag value would cut a
#: ``validate`` line in two) and the other control characters (a record's
#: ESC could drive the reader's terminal), and the marks that turn the
#: direction of text (U+202E shows what follows it backwards: a line could
#: show other words than it holds).  Tab is kept.
_UNSEEN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _seen(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with its line breaks and control characters written as
    escapes (``\\x1b``): a record's text or a file's name printed for a
    person can then neither drive the terminal (ESC, BEL) nor forge a line."""
    return _UNSEEN.sub(_seen, text)


def shorten(message: str) -> str:
    """A message that quotes the record stays one readable line: control
    characters are written as escapes (:func:`visible`), and any word longer
    than 60 characters (a 10 MB tag value, say) is cut."""
    message = visible(message)
    if len(message) <= MAX_WORD:
        return message
    return _LONG_WORD.sub(_cut_word, message)


def _cut_word(match: re.Match[str]) -> str:
    """A long word's first 40 characters and its length; a quoted value
    keeps its quotes, and is counted without them (and without the
    punctuation after it): the value's own length, its quote closed."""
    word = match.group()
    quote = word[0] if word[0] in "'\"" else ""
    core = word.rstrip(",;:.)")
    after = word[len(core) :]
    if quote and len(core) > 1 and core.endswith(quote):
        core = core[1:-1]
    else:
        quote, core, after = "", word, ""
    return f"{quote}{core[:40]}…{quote} ({len(core):,} characters){after}"


@cache
def _said_by(template: str) -> re.Pattern[str]:
    """What a template says once filled in: its words, anything in its fields."""
    parts = string.Formatter().parse(template)
    return re.compile(
        "".join(re.escape(text) + ("" if field is None else ".+?") for text, field, _, _ in parts)
    )


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    line: int
    column: int
    game: int | None = None
    deal: int | None = None
    trick: int | None = None
    #: what the finding is about (seats, cards, counts), for programs; the
    #: message is these facts said in a sentence
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: the finding this one follows from, met before it: fixing that
    #: one fixes this one (code, line, column)
    consequence_of: tuple[str, int, int] | None = field(default=None, compare=False)
    #: for a record read from JSON, the position in the ALN text it was
    #: converted from (line, column), when the JSON gave one
    origin: tuple[int, int] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", shorten(self.message))

    @classmethod
    def of(
        cls,
        code: str,
        variant: str,
        line: int,
        column: int,
        game: int | None = None,
        deal: int | None = None,
        trick: int | None = None,
        /,
        **facts: Any,
    ) -> Finding:
        """A finding whose message is its code's template filled with ``facts``."""
        message = fill(TEMPLATES[code][variant], facts)
        return cls(code, message, line, column, game, deal, trick, facts)

    @classmethod
    def kept(
        cls,
        code: str,
        message: str,
        line: int,
        column: int,
        game: int | None = None,
        deal: int | None = None,
    ) -> Finding:
        """A finding said before and kept as its words (the ``cut`` of a
        JSON record): the words must be one of its code's templates filled
        in, so that no finding is worded anywhere but in the table;
        ValueError if they are not."""
        if code not in CODES or not any(
            _said_by(template).fullmatch(message) for template in TEMPLATES[code].values()
        ):
            raise ValueError(f"{message!r} is not how {code} is said")
        return cls(code, message, line, column, game, deal)

    @property
    def severity(self) -> str:
        return CODES[self.code].severity

    @property
    def kind(self) -> Kind:
        return CODES[self.code].kind

    def sort_key(self) -> tuple[int, int, str]:
        return (self.line, self.column, self.code)

    def as_dict(self, file: str) -> dict[str, object]:
        """The ``validate --format json`` object (docs/cli.md, The contract)."""
        return {
            "file": file,
            "line": self.line or None,  # None: about a whole file (A010)
            "column": self.column or None,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "game": self.game,
            "deal": self.deal,
            "trick": self.trick,
            **self._consequence(),
            **self._origin(),
        }

    def _origin(self) -> dict[str, object]:
        """The added ``aln_line`` and ``aln_column`` keys, only on findings
        of a record read from JSON that gives its ALN positions."""
        if self.origin is None:
            return {}
        return {"aln_line": self.origin[0], "aln_column": self.origin[1]}

    def _consequence(self) -> dict[str, object]:
        """The added ``consequence_of`` key, only on findings that follow from
        another, so the contract's keys stay as they were for all others."""
        if self.consequence_of is None:
            return {}
        code, line, column = self.consequence_of
        return {"consequence_of": {"code": code, "line": line, "column": column}}

    def format_line(self, file: str) -> str:
        """``file:line:col: CODE message (deal d, trick t)``, as compilers write."""
        return f"{visible(file)}:{self.line}:{self.column}: {self.code} {self.sentence()}"

    def with_cause(self) -> str:
        """The message and what it follows from, as every output says it."""
        if self.consequence_of is None:
            return self.message
        return f"{self.message}; it follows from the mistake on line {self.consequence_of[1]}"

    def sentence(self) -> str:
        """The message with where it belongs and what it follows from:
        ``message (deal d, trick t)``."""
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        suffix = f" ({', '.join(where)})" if where else ""
        return self.with_cause() + suffix


class Flags:
    """The findings of one game's replay, as its parts raise them.

    Called like a function: ``flag(code, variant, pos, deal, trick, **facts)``.
    """

    def __init__(self, game: int | None) -> None:
        self.game = game
        self.found: list[Finding] = []
        #: (code, line, column) of each finding marked -> what it follows from
        self._roots: dict[tuple[str, int, int], tuple[str, int, int]] = {}

    def __call__(
        self,
        code: str,
        variant: str,
        pos: tuple[int, int],
        deal: int | None = None,
        trick: int | None = None,
        /,
        **facts: Any,
    ) -> Finding:
        finding = Finding.of(code, variant, pos[0], pos[1], self.game, deal, trick, **facts)
        self.found.append(finding)
        return finding

    def reword(self, finding: Finding, variant: str, **facts: Any) -> Finding:
        """Say ``finding`` (already raised) in its code's ``variant``, with
        more ``facts``: for what a later line shows of it.  The reworded
        finding, in its place."""
        for k in range(len(self.found) - 1, -1, -1):
            if self.found[k] is finding:
                said = Finding.of(
                    finding.code,
                    variant,
                    finding.line,
                    finding.column,
                    finding.game,
                    finding.deal,
                    finding.trick,
                    **{**finding.facts, **facts},
                )
                self.found[k] = replace(said, consequence_of=finding.consequence_of)
                return self.found[k]
        return finding

    def drop(self, start: int) -> None:
        """Take back the findings raised from index ``start`` on: a deal
        replayed again says its findings afresh."""
        for finding in self.found[start:]:
            self._roots.pop((finding.code, finding.line, finding.column), None)
        del self.found[start:]

    def follows(self, finding: Finding, cause: Finding) -> Finding:
        """Mark ``finding`` (already raised) as a consequence of ``cause``, or
        of what ``cause`` follows from, the first to fix; the marked finding.
        ``cause`` may be held from before it was marked itself: what each
        marked finding follows from is remembered by its place."""
        key = (cause.code, cause.line, cause.column)
        root = self._roots.get(key) or cause.consequence_of or key
        for k in range(len(self.found) - 1, -1, -1):
            if self.found[k] is finding:
                marked = self.found[k] = replace(finding, consequence_of=root)
                own = (finding.code, finding.line, finding.column)
                self._roots[own] = root
                self._repoint(own, root)
                return marked
        return finding

    def _repoint(self, was: tuple[str, int, int], root: tuple[str, int, int]) -> None:
        """The findings marked as following ``was``, which now follows
        ``root`` itself, follow ``root``: the mark names the finding to fix
        first, never one that is marked."""
        for k, found in enumerate(self.found):
            if found.consequence_of == was:
                self.found[k] = replace(found, consequence_of=root)
        for key, value in self._roots.items():
            if value == was:
                self._roots[key] = root
