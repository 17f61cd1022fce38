"""The game's ledger: tags, the draw, deal numbers, the dealer's turn, the score
and the Result.

Each deal is placed in the game before it is replayed (is it the next
number, the right dealer, is the game already over?) and recorded after
(did it score, who deals next?).  The ledger keeps only what the next deal
needs, so a game of any length is checked in constant memory.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from . import findings as F
from .cards import SEATS, TEAMS, Team, left_of
from .deal_checks import check_draw
from .findings import Finding, Flags
from .model import (
    KNOWN_TAGS,
    BrokenDeal,
    Deal,
    Draw,
    Pos,
    Tag,
    find_tag,
    known_tag,
    near_miss,
    player_tags,
)
from .policies import PointOutcome
from .rules import RULE_TAGS, Ruleset

# ASCII digits and blanks only, as everywhere in the notation (§1, §9): a
# full-width "５" is no number in a deal line, nor is it in a tag.
_RESULT = re.compile(r"^\s*(NS|EW|draw)\s+(\d{1,9})\s*-\s*(\d{1,9})\s*$", re.ASCII)
_DATE = re.compile(r"^(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})$", re.ASCII)


#: a date as people write it: the year first or last, its parts between
#: dashes, slashes or dots, a month or a day of one digit
_YEAR_FIRST = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$", re.ASCII)
_YEAR_LAST = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$", re.ASCII)


def _date_meant(value: str) -> tuple[str | None, str]:
    """The Date a value not written YYYY.MM.DD means, and the finding's
    variant: a day of the calendar the value can only be (2026-11-14,
    14/11/2026, 11/14/2026), or, where the day and the month could be
    either, the day first, as France writes it; (None, "") where it is
    no such date."""
    value = value.strip()
    if m := _YEAR_FIRST.match(value):
        ways = [(int(m[1]), int(m[2]), int(m[3]))]
    elif m := _YEAR_LAST.match(value):
        first, second, year = int(m[1]), int(m[2]), int(m[3])
        ways = [(year, second, first), (year, first, second)]
    else:
        return None, ""
    real = [(y, mo, d) for y, mo, d in ways if y and 1 <= mo <= 12 and 1 <= d <= _days_in(mo, y)]
    if not real:
        return None, ""
    y, mo, d = real[0]
    return f"{y:04}.{mo:02}.{d:02}", "fix-day-first" if len(set(real)) > 1 else "fix"


def _days_in(month: int | None, year: int | None) -> int:
    """The days a month has (the most any has where the month is not known;
    29 in February of a year not known).  Worked out here: the calendar
    module costs every command its import for a Date tag's sake."""
    if month is None:
        return 31
    if month == 2:
        leap = year is None or (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0))
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


#: What a keyboard or a word processor puts for a hyphen.
_DASHES = str.maketrans(
    {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-"}
)


def _result_meant(value: str) -> str | None:
    """The Result a value not understood means, where only the case of its
    side or its dash is wrong (``ew 4-1``, ``EW 4–1`` from autocorrect)."""
    side, _, score = value.strip().partition(" ")
    fixed = f"{'draw' if side.lower() == 'draw' else side.upper()} {score.strip()}"
    fixed = fixed.translate(_DASHES)
    m = _RESULT.match(fixed)
    return f"{m[1]} {m[2]}-{m[3]}" if m is not None else None


def check_tags(tags: list[Tag], ruleset: Ruleset, flag: Flags) -> None:
    """The tags of a game, as its ledger opens: names (A409), repeats (A404),
    the Date (A403), the Rules and Options (A411), the players (A410)."""
    seen: dict[str, Tag] = {}
    for tag in tags:
        if tag.name not in KNOWN_TAGS:
            _check_tag_name(tag, tags, flag)
        if tag.name in seen:
            flag(F.TAG_REPEATED, "", tag.pos, name=tag.name, first=seen[tag.name].value)
            continue
        seen[tag.name] = tag
        if tag.name == "Date":
            _check_date(tag, flag)
    for name, fits in RULE_TAGS.items():
        read = find_tag(tags, name, fits)
        if read is not None:
            _check_rules_tag(name, read, ruleset, flag)
    _check_players(tags, flag)


def _check_rules_tag(name: str, tag: Tag, ruleset: Ruleset, flag: Flags) -> None:
    """A411, on the tag the game is read by (``rules`` is ``Rules``): a
    Rules tag left empty reads as no tag (classic, or the command line's),
    which the scorer may not have meant; an option named twice may stand
    where another was meant."""
    if name == "Rules":
        if not tag.value.strip():
            flag(F.RULES_TAG_IDLE, "", tag.pos, name=tag.name, ruleset=ruleset.name)
        return
    named: set[str] = set()
    for part in tag.value.split(","):
        option = part.strip()
        meant = ruleset.meant_option(option)
        if meant != option:
            flag(F.RULES_TAG_IDLE, "case", tag.pos, name=tag.name, option=option, meant=meant)
        if meant in named:
            flag(F.RULES_TAG_IDLE, "option", tag.pos, name=tag.name, option=meant)
        elif option:
            named.add(meant)


def _check_date(tag: Tag, flag: Flags) -> None:
    """A403: a Date not written YYYY.MM.DD, or so written but no day of
    the calendar (``2026.14.11``, the day and month the French way
    round; ``2026.02.30``); ``?`` stands for a part not known."""
    m = _DATE.match(tag.value)
    if m is None:
        fixed, variant = _date_meant(tag.value)
        flag(F.DATE_FORMAT, variant, tag.pos, value=tag.value, fixed=fixed)
        return
    year, month, day = (None if "?" in part else int(part) for part in m.groups())
    if month is not None and not 1 <= month <= 12:
        flag(F.DATE_FORMAT, "month", tag.pos, value=tag.value, month=month)
        return
    most = _days_in(month, year)
    if day is not None and not 1 <= day <= most:
        flag(F.DATE_FORMAT, "day", tag.pos, value=tag.value, day=day, most=most)
    elif year == 0:
        flag(F.DATE_FORMAT, "year", tag.pos, value=tag.value)


def _check_players(tags: list[Tag], flag: Flags) -> None:
    """One name at two seats (A410), read as every output reads the
    player tags (:func:`model.player_tags`)."""
    seated: dict[str, str] = {}
    for _, tag, player in player_tags(tags):
        if player in seated:
            flag(F.PLAYER_TWICE, "", tag.pos, name=tag.name, player=player, first=seated[player])
        else:
            seated[player] = tag.name


def _check_tag_name(tag: Tag, tags: list[Tag], flag: Flags) -> None:
    """A409: a known tag in the wrong case is read as that tag (a warning);
    a near miss is a warning that names the likely tag.  Beside the tag
    written right, one in the wrong case is a near miss: kept, not read."""
    known = known_tag(tag.name)
    if known is not None:
        variant = "near" if any(t.name == known for t in tags) else "case"
        flag(F.TAG_NAME_TYPO, variant, tag.pos, name=tag.name, known=known)
        return
    meant = near_miss(tag.name)
    if meant is not None:
        fits = RULE_TAGS.get(meant)
        read = fits is not None and find_tag(tags, meant, fits) is tag
        flag(F.TAG_NAME_TYPO, "near-read" if read else "near", tag.pos, name=tag.name, known=meant)


#: a deal as the next one's dealer needs it: number, dealer, and whether
#: it was void (None: its outcome not recorded)
Previous = tuple[int | None, str | None, bool | None]


@dataclass(frozen=True)
class _Gap:
    """A deal left out (A104 "missing", one deal), and the game before it."""

    number: int
    later: tuple[int, str | None, Pos]  # the deal whose number skipped it: its dealer, place
    finding: Finding
    previous: Previous | None
    dealers: set[str] | None  # who should deal it
    #: how many of it scored (:func:`_left_out`: 1 or 0), or None: not known
    scored: int | None = None
    #: whether the game was over before the later deal was placed
    over_before: bool = False


class GameLedger:
    def __init__(self, tags: list[Tag], ruleset: Ruleset, draw: Draw | None, flag: Flags) -> None:
        self.tags, self.ruleset, self.flag = tags, ruleset, flag
        self.score: dict[str, int] = dict.fromkeys(TEAMS, 0)
        self.scoring = 0  # deals known to have scored
        self.unknown = 0  # deals whose outcome the record does not tell
        #: deals that scored, as the next deal's dealer tells, for points
        #: the record does not give: they count toward the game's end
        self.unscored: tuple[int | None, ...] = ()
        #: beside each of those, the team it went to and the least it is
        #: worth, where its tricks tell (its points alone are open), or None
        self.unscored_sides: tuple[tuple[str, int] | None, ...] = ()
        #: the least points those of a known team hold for it, as they come;
        #: replaced, never changed in place (the ToldLedger's copies share it)
        self.sure: dict[str, int] = dict.fromkeys(TEAMS, 0)
        #: who may have dealt the deal just recorded, when its outcome is not
        #: told: the next deal's dealer says whether it scored
        self.open_dealers: frozenset[str] = frozenset()
        self.last_number: int | None = None
        #: what the deal just placed should have been numbered, when its
        #: number was wrong (A104): the count may go on from either, as the
        #: dealer's turn does after A105, so that one slip is one finding
        self.number_instead: int | None = None
        self.seen_deal = False
        self.expected_dealers: set[str] | None = None
        #: who should have dealt the deal just placed, when its dealer was wrong
        #: (A105): the rotation may go on from either
        self.instead: set[str] | None = None
        self.over_at: int | None = None  # the deal number that ended the game
        #: the A106 of a deal 1 after the end: a game whose tags are missing
        #: starts there, and every later deal's A106 follows from it
        self.new_game: Finding | None = None
        #: the first A106 of any other deal: the game was over before it, and
        #: so before every deal after it, whose A106 follows from it
        self.first_after_end: Finding | None = None
        #: the previous deal: number, dealer, and void (None: not recorded)
        self.previous: Previous | None = None
        #: the one deal the deal just placed says is left out (A104), which
        #: may turn up right after it, the two written in each other's place
        self.gap: _Gap | None = None
        #: the game after the later of two deals so written, while the
        #: earlier is placed and recorded: the next deal follows the later
        self.resume: tuple[_Gap, Previous | None, set[str] | None, frozenset[str]] | None = None
        check_tags(tags, ruleset, flag)
        self.first_dealer = check_draw(draw, ruleset, flag) if draw is not None else None

    # -- before a deal: its place in the game ----------------------------
    def place(self, deal: Deal | BrokenDeal) -> Finding | None:
        """Check the deal's number and dealer; the A106 finding if the game was
        already over."""
        guessed = deal.guessed if isinstance(deal, Deal) else ()
        read = isinstance(deal, Deal)
        return self.place_header(deal.number, deal.dealer, deal.pos, guessed, read)

    def place_header(
        self,
        number: int | None,
        dealer: str | None,
        pos: Pos,
        guessed: Collection[str] = (),
        read: bool = True,
    ) -> Finding | None:
        """:meth:`place` from the header alone (``read``: the deal could be
        read, so being after the end is its finding)."""
        if self.over_at is not None and read and number == 1 and self.new_game is None:
            return self._new_game(number, dealer, pos)
        gap, self.gap = self.gap, None
        # (a dealer the turn after the later deal gives, and not the one
        # before the two, says the number is mistyped instead: A104 as usual)
        # (an end reached only once the gap was counted, or at the later
        # deal, does not stop the deal left out from turning up)
        ended = self.over_at is not None and (gap is None or gap.over_before)
        if gap is not None and number == gap.number and not (guessed or ended):
            mistyped = dealer in (self.expected_dealers or ()) and dealer not in (gap.dealers or ())
            gap = None if mistyped else gap
        if gap is not None and number == gap.number and not (guessed or ended):
            _turned_up(self, gap, dealer, pos)
            return None
        number_instead, self.number_instead = self.number_instead, None
        last = self.last_number
        skips = number is not None and last is not None and number > last + 1
        missing = _missing_before(self, number, dealer, guessed, number_instead) if skips else 0
        if missing:
            # deals left out of the record: their outcomes are not known,
            # and the dealer is the one the rotation reaches after them
            numbers = {"number": number, "previous": self.last_number, "count": missing}
            left = self.flag(F.DEAL_NUMBER, "missing", pos, number, dealer=dealer, **numbers)
            over_before = self.over_at is not None
            scored = _left_out(self, self.expected_dealers, dealer, missing, number)
            if missing == 1 and number is not None:  # (it may turn up right after)
                later = (number, dealer, pos)
                dealers = self.expected_dealers
                self.gap = _Gap(
                    number - 1, later, left, self.previous, dealers, scored, over_before
                )
            self.expected_dealers = None
        elif number is not None and "number" not in guessed:
            if not self.seen_deal and number != 1:
                self.flag(F.DEAL_NUMBER, "first", pos, number, number=number, expected=1)
                self.number_instead = 1
            elif (
                self.seen_deal
                and self.last_number is not None
                and number != self.last_number + 1
                and (number_instead is None or number != number_instead + 1)
            ):
                expected = self.last_number + 1
                numbers = {"number": number, "expected": expected, "previous": self.last_number}
                self.flag(F.DEAL_NUMBER, "next", pos, number, **numbers)
                self.number_instead = expected
        drawer = None  # (the draw's dealer, where the header names another)
        if not self.seen_deal and self.first_dealer and dealer and dealer != self.first_dealer:
            drawer = self.first_dealer
            drawn = {"drawer": drawer, "card": self.ruleset.draw_dealer}
            self.flag(F.DRAW_WRONG, "first-dealer", pos, number, dealer=dealer, **drawn)
        opened, self.open_dealers = self.open_dealers, frozenset()
        # (only from the next deal, after a deal numbered right: a deal 1
        # after the end is a game of its own, and a deal numbered wrong, A104,
        # may be a header moved below its lines, a deal of no lines)
        after = number is not None and last is not None and number == last + 1
        if opened and dealer is not None and after and not (guessed or number_instead):
            self._told_by_dealer(opened, dealer)
        expected_dealers = self.expected_dealers
        # (the deal may have been dealt by the draw's dealer, the header's a
        # slip: the next deal may go on from either, as after an A105)
        self.instead = {drawer} if drawer else None
        if (
            dealer is not None
            and "dealer" not in guessed
            and expected_dealers is not None
            and dealer not in expected_dealers
        ):
            self._wrong_dealer(dealer, expected_dealers, self.previous, pos, number)
            self.instead = expected_dealers
        after_end = None
        if self.over_at is not None and read:
            reason = self.ruleset.game_length.end_reason(self.ruleset.game_target)
            over = {"over_at": self.over_at, "reason": reason}
            after_end = self.flag(F.DEAL_AFTER_END, "", pos, number, **over)
            first = self.new_game or self.first_after_end
            if first is not None:
                after_end = self.flag.follows(after_end, first)
            else:
                self.first_after_end = after_end
        self.seen_deal = True
        self.last_number = number
        return after_end

    def _wrong_dealer(
        self,
        dealer: str,
        expected: Collection[str],
        previous: Previous | None,
        pos: Pos,
        number: int | None,
    ) -> None:
        """A105: ``dealer`` deals, where one of ``expected`` should after the
        ``previous`` deal."""
        assert previous is not None
        before, previous_dealer, void = previous
        variant = "void" if void else "unknown" if void is None else "scored"
        self.flag(
            F.WRONG_DEALER,
            variant,
            pos,
            number,
            dealer=dealer,
            expected=sorted(expected, key=SEATS.index),  # type: ignore[arg-type]
            previous=before,
            previous_dealer=previous_dealer,
        )

    def _told_by_dealer(self, opened: frozenset[str], dealer: str) -> None:
        """Count the deal before, its outcome not recorded, as this deal's
        dealer tells it (``opened``: who may have dealt it): dealt again by
        its dealer, it was void; passed to the left, it scored, its point
        unknown, and counts toward the game's end, so that a deal after the
        end is still one too many (A106)."""
        if self.over_at is not None or self.previous is None:
            return
        passed = {left_of(seat) for seat in opened}
        if dealer in opened and dealer not in passed:
            self.unknown -= 1  # void: it changes no score
        elif dealer in passed and dealer not in opened:
            self.unknown -= 1
            self.scoring += 1
            _add_unscored(self, self.previous[0])
            if self.is_over():
                self.over_at = self.previous[0]

    def _new_game(self, number: int, dealer: str | None, pos: Pos) -> Finding:
        """A deal 1 after the end of the game: the next game, its tag section
        left out (one A106), not a deal numbered and dealt wrong.  Its number
        and dealer start the count again, as a game's first deal's do."""
        reason = self.ruleset.game_length.end_reason(self.ruleset.game_target)
        over = {"over_at": self.over_at, "reason": reason}
        self.new_game = self.flag(F.DEAL_AFTER_END, "new-game", pos, number, **over)
        self.number_instead = self.instead = None
        self.seen_deal, self.last_number = True, number
        return self.new_game

    # -- after a deal: the score and who deals next ----------------------
    def record(
        self,
        number: int | None,
        dealer: str | None,
        void: bool | None,
        point: PointOutcome | None,
        shown: str | None = None,
        side: tuple[str, int] | None = None,
    ) -> bool:
        """Count a replayed deal; True if its point went into the score.
        ``side``: the team a deal that scored for points the record does not
        give went to, where its tricks tell, and the least it is worth.

        After a wrong dealer the next deal may follow either the written
        dealer (the wrong seat really dealt) or the one the rotation wanted
        (a slip of the pen): both are accepted, so one mistake is one A105.
        So too the dealer the first trick ``shown`` (table.dealer_shown)."""
        resume, self.resume = self.resume, None
        scored = self._record(number, dealer, void, point, shown, side)
        if resume is not None:
            # The later of the two deals, placed before this one's outcome
            # was known, is dealt by the turn this one gives (an A105 the
            # order hid); the deal after goes on from the later one.
            gap, *state = resume
            later, later_dealer, later_pos = gap.later
            after = self.expected_dealers
            if later_dealer is not None and after is not None and later_dealer not in after:
                self._wrong_dealer(later_dealer, after, self.previous, later_pos, later)
            self.previous, self.expected_dealers, self.open_dealers = state  # type: ignore[assignment]
        return scored

    def _record(
        self,
        number: int | None,
        dealer: str | None,
        void: bool | None,
        point: PointOutcome | None,
        shown: str | None,
        side: tuple[str, int] | None = None,
    ) -> bool:
        self.previous = (number, dealer, void)
        scored = False
        dealers = {dealer} | (self.instead or set()) if dealer else set()
        if dealers and shown is not None:
            dealers.add(shown)
        self.instead = None
        if void is None:
            if self.over_at is None:  # after the end (A106) no outcome counts
                self.unknown += 1
                self.open_dealers = frozenset(dealers)
            self.expected_dealers = {s for d in dealers for s in (d, left_of(d))} or None
        elif void:
            self.expected_dealers = dealers or None
        else:
            self.expected_dealers = {left_of(d) for d in dealers} or None
            if self.over_at is not None:
                return False  # a deal after the end (A106) is reported, not scored
            if point is not None:
                self.score[point.team] += point.points
                scored = True
            else:  # (scored, for a side the record does not say)
                _add_unscored(self, number, side)
            self.scoring += 1
            if self.is_over():
                self.over_at = number
        return scored

    def is_over(self) -> bool:
        # (with the least points the deals of a known side surely gave)
        low: dict[str, int] = {team: self.score[team] + self.sure[team] for team in TEAMS}
        return self.ruleset.game_length.is_over(self.scoring, low, self.ruleset.game_target)

    # -- the end ----------------------------------------------------------
    def finish(self) -> tuple[bool, str | None]:
        """Whether the game is complete and who won it; checks the Result tag."""
        complete = self.is_over()
        winner = None
        if complete:
            # (a deal that scored for points not given may change who won,
            # unless the known score is further apart than they can be)
            low, high = score_bounds(self)
            winner = self.ruleset.game_length.known_winner(low, high, self.ruleset.game_target)
            if not self.unscored:
                winner = winner or "draw"
        result = next((t for t in self.tags if t.name == "Result"), None) or next(
            (t for t in self.tags if t.name.lower() == "result"), None
        )
        if result is None:
            return complete, winner
        if result.value.strip() != "*":
            _check_result(self, result, complete, winner)
        elif complete and not (self.unknown or self.unscored):
            ns, ew = self.score[Team.NS], self.score[Team.EW]
            more, fewer = max(ns, ew), min(ns, ew)
            written = f"draw {ns}-{ew}" if winner == "draw" else f"{winner} {more}-{fewer}"
            why = self.ruleset.game_length.end_reason(self.ruleset.game_target)
            self.flag(F.RESULT_OPEN, "", result.pos, why=why, result=written, ns=ns, ew=ew)
        return complete, winner


def _turned_up(ledger: GameLedger, gap: _Gap, dealer: str | None, pos: Pos) -> None:
    """The deal left out before the one just placed, written right after
    it: one slip, two deals in each other's place.  The A104 of the
    later says the earlier is left out; this deal's A104 says where it
    is, and that one follows from it.  The deal is placed where it
    belongs (its dealer checked against the turn before the later
    deal, its outcome known after all), and the deal after it follows
    the later one."""
    facts = {"number": gap.number, "later": gap.later[0]}
    found = ledger.flag(F.DEAL_NUMBER, "swapped", pos, gap.number, **facts)
    ledger.flag.follows(gap.finding, found)
    if gap.scored is None:
        ledger.unknown -= 1
    elif gap.scored:  # (counted as left out: it is recorded now, as it comes)
        ledger.scoring -= 1
        # (its entry: one of no known side, as a deal left out is)
        kept = [
            (n, side)
            for n, side in zip(ledger.unscored, ledger.unscored_sides, strict=True)
            if n != gap.number or side is not None
        ]
        ledger.unscored = tuple(n for n, _ in kept)
        ledger.unscored_sides = tuple(side for _, side in kept)
    # (an end reached at the later deal, or by counting this one, comes after
    # this deal, which is recorded now: its own record says if it ends the game)
    if ledger.over_at is not None and (
        ledger.over_at in (gap.number, gap.later[0]) or not ledger.is_over()
    ):
        ledger.over_at = None
    ledger.resume = (gap, ledger.previous, ledger.expected_dealers, ledger.open_dealers)
    ledger.previous, ledger.open_dealers = gap.previous, frozenset()
    ledger.instead = None
    if dealer is not None and gap.dealers is not None and dealer not in gap.dealers:
        ledger._wrong_dealer(dealer, gap.dealers, gap.previous, pos, gap.number)
        ledger.instead = gap.dealers  # (the turn may go on from either, as after any A105)


def _left_out(
    ledger: GameLedger,
    expected: Collection[str] | None,
    dealer: str | None,
    missing: int,
    number: int | None,
) -> int | None:
    """Count ``missing`` deals the record leaves out before deal ``number``,
    as its ``dealer`` tells them (``expected``: who should have dealt the
    first of them): each passed the deal to the left if it scored, and
    left it with its dealer if void, so with one dealer expected and fewer
    than four deals left out, the steps of the rotation are how many of
    them scored.  Those count toward the game's end, for points the record
    does not give, as a deal written with its header alone does
    (:meth:`GameLedger._told_by_dealer`); otherwise their outcomes are not
    known.  Where every one scored, each is named.  How many scored, or
    None where that is not known."""
    steps = None
    if expected is not None and len(expected) == 1 and dealer in SEATS and missing < 4:
        (seat,) = expected
        steps = next(k for k in range(4) if _left(seat, k) == dealer)
    if steps is None or steps > missing or ledger.over_at is not None or number is None:
        ledger.unknown += missing
        return None
    for left_out in range(number - missing, number) if steps == missing else ():
        ledger.scoring += 1
        _add_unscored(ledger, left_out)
        if ledger.over_at is None and ledger.is_over():
            ledger.over_at = left_out
    if steps < missing:  # (which of them scored is not known)
        ledger.scoring += steps
        for _ in range(steps):
            _add_unscored(ledger, None)
        if steps and ledger.is_over():
            ledger.over_at = number - 1
    return steps


def _left(seat: str, steps: int) -> str:
    """The seat ``steps`` turns of the deal to the left of ``seat``."""
    for _ in range(steps):
        seat = left_of(seat)
    return seat


def _missing_before(
    ledger: GameLedger,
    number: int | None,
    dealer: str | None,
    guessed: Collection[str],
    number_instead: int | None,
) -> int:
    """How many deals the record leaves out before this one (0: none):
    where its number skips some after the last deal's, and its dealer is
    not the next one, but one the rotation reaches after the deals
    skipped (each void or scoring).  A dealer that is the next one says
    the number was mistyped (A104 as usual); another that the skipped
    deals do not lead to, two mistakes."""
    if (
        number is None
        or dealer is None
        or guessed
        or not ledger.seen_deal
        or ledger.last_number is None
        or ledger.expected_dealers is None
        or dealer in ledger.expected_dealers
        or (number_instead is not None and number == number_instead + 1)
    ):
        return 0
    skipped = number - ledger.last_number - 1
    if skipped < 1:
        return 0
    reached = set(ledger.expected_dealers)
    for _ in range(min(skipped, len(SEATS))):  # (four steps reach every seat)
        reached |= {left_of(seat) for seat in reached}
    return skipped if dealer in reached else 0


def open_points(ledger: GameLedger) -> dict[str, tuple[int, int]]:
    """The least and the most points each team may hold beyond its score,
    from the deals that scored for points the record does not give: a deal
    whose team its tricks tell gives that team the least it is worth at
    least, and the other none."""
    most = ledger.ruleset.most_a_deal_scores()
    sides = [side[0] if side else None for side in ledger.unscored_sides]
    high = {team: most * sum(side in (None, team) for side in sides) for team in TEAMS}
    return {team: (ledger.sure[team], high[team]) for team in TEAMS}


def _add_unscored(
    ledger: GameLedger, number: int | None, side: tuple[str, int] | None = None
) -> None:
    """A deal that scored for points the record does not give, and the team
    it went to and the least it is worth, where its tricks tell."""
    ledger.unscored += (number,)
    ledger.unscored_sides += (side,)
    if side is not None:
        team, least = side
        ledger.sure = {**ledger.sure, team: ledger.sure[team] + least}


def score_bounds(ledger: GameLedger) -> tuple[dict[str, int], dict[str, int]]:
    """The least and the most points each team may hold, by
    :func:`open_points`."""
    opened = open_points(ledger)
    low = {team: ledger.score[team] + least for team, (least, _) in opened.items()}
    high = {team: ledger.score[team] + most for team, (_, most) in opened.items()}
    return low, high


def may_be_over(ledger: GameLedger) -> bool:
    """Whether points the record does not give may have ended the game (a
    game to points): its Result may then claim it finished."""
    most = {team: high for team, (_, high) in open_points(ledger).items()}
    ruleset = ledger.ruleset
    why = ruleset.game_length.unfinished(ledger.score, ledger.scoring, 0, ruleset.game_target, most)
    return bool(ledger.unscored) and why is None


def _check_result(ledger: GameLedger, tag: Tag, complete: bool, winner: str | None) -> None:
    """The Result tag against the game as the ledger counted it."""
    m = _RESULT.match(tag.value)
    if m is None:
        fixed = _result_meant(tag.value)
        if fixed is not None:
            ledger.flag(F.RESULT_FORMAT, "unread-fix", tag.pos, value=tag.value, fixed=fixed)
        else:
            ledger.flag(F.RESULT_FORMAT, "unread", tag.pos, value=tag.value)
        return
    side, a, b = m.group(1), int(m.group(2)), int(m.group(3))
    if (side == "draw") != (a == b) or a < b:
        ledger.flag(F.RESULT_FORMAT, "sum", tag.pos, value=tag.value)
        return
    if not complete and not ledger.seen_deal:
        # most often a Result typed below a game's last deal, where a tag
        # section starts a game of its own: say so, not "0 deals of 5"
        ledger.flag(F.GAME_UNFINISHED, "no-deals", tag.pos)
        return
    if not complete:
        ruleset = ledger.ruleset
        most = {team: high for team, (_, high) in open_points(ledger).items()}
        why = ruleset.game_length.unfinished(
            ledger.score, ledger.scoring, ledger.unknown, ruleset.game_target, most
        )
        if why is not None:
            ledger.flag(F.GAME_UNFINISHED, "", tag.pos, why=why)
        return
    if ledger.unknown or ledger.unscored:
        return
    claimed = {"NS": a, "EW": b} if side in ("NS", "draw") else {"EW": a, "NS": b}
    if claimed != ledger.score:
        ns, ew = ledger.score[Team.NS], ledger.score[Team.EW]
        variant = "draw" if winner == "draw" else "win"
        facts = {"claimed": tag.value.strip(), "ns": ns, "ew": ew, "winner": winner}
        ledger.flag(F.RESULT_CLAIM, variant, tag.pos, **facts)


class ToldLedger:
    """The game as its record tells it, beside the ledger of what the cards
    show (docs/violations.md, "One mistake, one finding").

    A deal whose point line is wrong for the cards, right for the record's
    trick claims (its A302 follows from a wrong claim) or a mistake of its
    own (a sheet, or tricks without claims, that give another outcome), is
    a *cause*.  From each cause on, a copy of the game's ledger counts
    that deal as the record scores it and every other as the cards do;
    from the first, one more counts every cause's deal as the record
    scores it.  A finding of the game's ledger that one cause's copy does
    not make (a dealer after a deal the cards made void, the Result, a
    deal after the end) is no mistake of its own: fixing that cause fixes
    it too, so it is marked as following from it.  One that only the copy
    of every cause does not make follows from them together, and is
    marked as following from the first.  The game's score stays the
    cards'."""

    def __init__(self, ledger: GameLedger) -> None:
        self.ledger = ledger
        #: each cause, and the ledger that tells it alone
        self.alone: list[tuple[Finding, GameLedger]] = []
        #: the ledger that tells every cause (from the first)
        self.every = self._copy()

    @classmethod
    def starting(cls, told: ToldLedger | None, ledger: GameLedger, cause: Finding) -> ToldLedger:
        """``told`` (made if None) with ``cause``, the deal about to be
        recorded, told from here."""
        told = told or cls(ledger)
        told.alone.append((cause, told._copy()))
        return told

    def _copy(self) -> GameLedger:
        told = copy.copy(self.ledger)
        told.flag = Flags(self.ledger.flag.game)
        told.score = dict(self.ledger.score)
        return told

    def also(self, before: int, step: Callable[[GameLedger], object]) -> None:
        """Take the step the game's ledger took (its findings from index
        ``before``) on the copies too, and mark the findings one of them
        does not make."""
        every = _said(self.every, step)
        alone = [(cause, _said(told, step)) for cause, told in self.alone]
        flag = self.ledger.flag
        for finding in flag.found[before:]:
            if finding.consequence_of is not None:
                continue
            key = (finding.code, finding.line, finding.column)
            cause = next((c for c, said in alone if key not in said), None)
            if cause is None and key not in every:
                cause = self.alone[0][0]
            if cause is not None:
                flag.follows(finding, cause)

    def record(
        self,
        number: int | None,
        dealer: str | None,
        cards: tuple[bool | None, PointOutcome | None],
        told: tuple[PointOutcome | None] | None = None,
        cause: Finding | None = None,
        shown: str | None = None,
    ) -> None:
        """Count a deal: as the ``cards`` score it (void, point), or, where
        its point line is a ``cause``, as the record ``told`` it (its point;
        None: void) in the copies that tell that cause."""
        as_told = cards if told is None else (told[0] is None, told[0])
        self.every.record(number, dealer, *as_told, shown)
        for each, ledger in self.alone:
            ledger.record(number, dealer, *(as_told if each is cause else cards), shown)


def _said(ledger: GameLedger, step: Callable[[GameLedger], object]) -> set[tuple[str, int, int]]:
    """``step`` taken on ``ledger``: the findings it made, by code and place."""
    before = len(ledger.flag.found)
    step(ledger)
    return {(f.code, f.line, f.column) for f in ledger.flag.found[before:]}
