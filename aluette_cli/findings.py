"""Findings: what is wrong (or doubtful) in a record, with a stable code.

Codes are part of the public contract: scripts filter on them and
``docs/violations.md`` explains each one with the rule it enforces.  A code
never changes meaning; new problems get new codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """What a finding is about; decides the exit status of the command."""

    SYNTAX = "syntax"  # the text cannot be read as ALN
    RULE = "rule"  # the record breaks a rule or a claim is false
    CONFIG = "config"  # the record asks for rules the tool does not have


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
SYNTAX_ERROR = _code("A001", E, S, "syntax error", "NOTATION.md §1-4")
UNCLOSED_COMMENT = _code("A002", E, S, "brace comment never closed", "NOTATION.md §1")
BAD_ENCODING = _code("A003", E, S, "text is not valid UTF-8", "NOTATION.md §1")

# A1xx: the deck, the deal and its sequence
CARD_TWICE_DEALT = _code("A101", E, R, "card dealt twice", "RULES.md §1-2, NOTATION.md §6")
HAND_SIZE = _code("A102", E, R, "hand without nine cards", "RULES.md §2")
STOCK_SIZE = _code("A103", E, R, "stock without twelve cards", "RULES.md §2")
DEAL_NUMBER = _code("A104", E, R, "deal number out of sequence", "NOTATION.md §4")
WRONG_DEALER = _code("A105", E, R, "wrong dealer", "RULES.md §2, §4")
DEAL_AFTER_END = _code("A106", E, R, "deal after the game was over", "RULES.md §5")
HAND_REPEATED = _code("A107", E, R, "hand given twice", "NOTATION.md §4")

# A2xx: play
TRICK_NUMBER = _code("A201", E, R, "trick number out of sequence", "NOTATION.md §4")
OUT_OF_TURN = _code("A202", E, R, "card played out of turn", "RULES.md §3")
NOT_IN_HAND = _code("A203", E, R, "card not in the player's hand", "RULES.md §3")
PLAYED_TWICE = _code("A204", E, R, "card played twice", "RULES.md §1, §3")
TRICK_SIZE = _code("A205", E, R, "trick without four cards", "RULES.md §3")
TRICK_COUNT = _code("A206", E, R, "deal without nine tricks", "RULES.md §3")
SHEET_SIZE = _code("A207", E, R, "score sheet without nine entries", "RULES.md §3")
PLAY_AND_SHEET = _code("A208", E, R, "tricks and a score sheet in one deal", "NOTATION.md §4")
TRICK_AFTER_END = _code("A209", E, R, "trick after the deal was decided", "RULES.md §7")

# A3xx: claims
TRICK_CLAIM = _code("A301", E, R, "wrong trick claim", "RULES.md §3")
POINT_CLAIM = _code("A302", E, R, "wrong point claim", "RULES.md §4, §6")
RESULT_CLAIM = _code("A303", E, R, "wrong Result", "RULES.md §5")
RESULT_FORMAT = _code("A304", E, R, "Result not understood", "NOTATION.md §3")
GAME_UNFINISHED = _code("A305", E, R, "finished game without enough deals", "RULES.md §5")

# A4xx: tags, rulesets, optional rules
UNKNOWN_RULESET = _code("A401", E, C, "unknown ruleset or option", "RULES.md §6-7")
OPTION_OFF = _code("A402", E, R, "line needs an optional rule that is off", "RULES.md §6-7")
DATE_FORMAT = _code("A403", W, R, "Date not in YYYY.MM.DD form", "NOTATION.md §3")
TAG_REPEATED = _code("A404", W, R, "tag given twice", "NOTATION.md §3")
CHANT_WRONG = _code("A405", E, R, "chant exchange breaks the chanter rule", "RULES.md §6")
SIGNAL_FALSE = _code("A406", W, R, "signal the signaller's hand does not bear out", "RULES.md §6")
REPEATED_BID = _code("A407", E, R, "second announce or concession", "RULES.md §7")
DRAW_WRONG = _code("A408", E, R, "partnership draw breaks its rule", "RULES.md §2")


MAX_WORD = 60
_LONG_WORD = re.compile(rf"\S{{{MAX_WORD + 1},}}")


def shorten(message: str) -> str:
    """A message that quotes the record stays one readable line: any word
    longer than 60 characters (a 10 MB tag value, say) is cut."""
    if len(message) <= MAX_WORD:
        return message
    return _LONG_WORD.sub(lambda m: f"{m.group()[:40]}… ({len(m.group()):,} characters)", message)


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    line: int
    column: int
    game: int | None = None
    deal: int | None = None
    trick: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", shorten(self.message))

    @property
    def severity(self) -> str:
        return CODES[self.code].severity

    @property
    def kind(self) -> Kind:
        return CODES[self.code].kind

    def sort_key(self) -> tuple[int, int, str]:
        return (self.line, self.column, self.code)

    def as_dict(self, file: str) -> dict[str, object]:
        """The ``validate --format json`` object (CLI_CONTRACT.md)."""
        return {
            "file": file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "game": self.game,
            "deal": self.deal,
            "trick": self.trick,
        }

    def format_line(self, file: str) -> str:
        """``file:line:col: CODE message (deal d, trick t)``, as compilers write."""
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        suffix = f" ({', '.join(where)})" if where else ""
        return f"{file}:{self.line}:{self.column}: {self.code} {self.message}{suffix}"
