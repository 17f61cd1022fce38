"""The table: one deal in play, card by card.

Like python-chess's ``Board.push``, :meth:`Table.play` puts one card on the
table and says what, if anything, was wrong with it (out of turn, not in
the player's hand, already played); :meth:`Table.end_trick` gathers the
trick and says who took it and why.  The table knows the rules of play and
nothing of the record: the engine replays trick lines through it and places
its problems on the lines, and ``generate`` plays random games through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import findings as F
from .cards import TRICKS_PER_DEAL, Seat, left_of, seats_from
from .findings import Problem
from .outcome import TrickOutcome
from .rules import Ruleset


class Table:
    """Hands, leader, cards played and tricks taken in one deal."""

    def __init__(
        self,
        ruleset: Ruleset,
        dealer: str,
        hands: Mapping[str, Iterable[str]] | None = None,
        taken: Iterable[str] = (),
    ) -> None:
        """``hands`` are the hands known at the start of play (after any chant);
        ``taken`` the cards that came from the stock, to say so when they are
        misplayed."""
        self.ruleset = ruleset
        self.leader: Seat = left_of(dealer)
        self.tricks: list[TrickOutcome] = []
        #: what the cards still in each known hand are
        self.held = {seat: set(cards) for seat, cards in (hands or {}).items()}
        self._owner = {card: seat for seat, cards in self.held.items() for card in cards}
        self._taken = frozenset(taken)
        self._played: dict[str, int] = {}  # card -> the trick it was played in
        self._plays: list[tuple[str | None, str]] = []
        self._turn_wrong = False  # one out-of-turn finding per trick is enough
        # Why the leader leads, worded only if someone else does: the dealer's
        # left, or the trick they won, or a trick that went to nobody.
        self._lead_why: tuple[str, int] = ("lead-left", 0)

    @property
    def number(self) -> int:
        """The number of the trick being played."""
        return len(self.tricks) + 1

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is, or None once four cards are on the table."""
        if len(self._plays) >= 4:
            return None
        return seats_from(self.leader)[len(self._plays)]

    @property
    def winners(self) -> list[str | None]:
        """Who took each trick so far (None: nobody)."""
        return [trick.winner for trick in self.tricks]

    def decided_after(self) -> int | None:
        """The trick after which the deal was decided, if the rules stop play early."""
        return self.ruleset.deal_scoring.decided_after(self.winners, self.ruleset.deal_target)

    def play(self, seat: str | None, card: str) -> list[Problem]:
        """Put ``card`` on the trick for ``seat`` (None: whoever's turn it is)."""
        turn = self.turn
        problems: list[Problem] = []
        if seat is not None and seat != turn and not self._turn_wrong:
            self._turn_wrong = True
            problems.append(self._out_of_turn(seat, turn))
        player = seat if seat is not None else turn
        self._plays.append((player, card))
        trick = self.number
        if card in self._played:
            problems.append(
                Problem(F.PLAYED_TWICE, "", {"card": card, "previous": self._played[card]})
            )
            return problems
        self._played[card] = trick
        if player is None:
            return problems
        holder = self._owner.get(card)
        hand = self.held.get(player)
        if (hand is not None and card not in hand) or (
            hand is None and holder is not None and holder != player
        ):
            variant = "" if holder is None else "taken" if card in self._taken else "dealt"
            facts = {"card": card, "seat": player, "holder": holder}
            problems.append(Problem(F.NOT_IN_HAND, variant, facts))
        if hand is not None:
            hand.discard(card)
        return problems

    def _out_of_turn(self, seat: str, turn: Seat | None) -> Problem:
        trick = self.number
        if not self._plays:
            why, previous = self._lead_why
            facts = {
                "seat": seat,
                "trick": trick,
                "leader": self.leader,
                "previous": previous,
                "nobody": self.ruleset.tie.nobody_word,
            }
            return Problem(F.OUT_OF_TURN, why, facts)
        if turn is None:
            return Problem(F.OUT_OF_TURN, "fifth", {"seat": seat, "trick": trick})
        return Problem(F.OUT_OF_TURN, "turn", {"seat": seat, "turn": turn, "leader": self.leader})

    def end_trick(self) -> tuple[TrickOutcome, list[Problem]]:
        """Gather the cards on the table into a trick: who takes it, and why."""
        number, plays = self.number, self._plays
        result = self.ruleset.tie.result(plays, self.ruleset.strength)
        trick = TrickOutcome(
            number,
            self.leader,
            plays,
            result.winner,
            result.nobody,
            list(result.top),
            list(result.cancelled),
            result.beaten,
        )
        self.tricks.append(trick)
        problems = []
        if len(plays) != 4:
            problems.append(
                Problem(F.TRICK_SIZE, "", {"trick": number, "count": len(plays)})
            )
        if result.winner is not None:
            self._lead_why = ("lead-won", number)
            self.leader = result.winner  # type: ignore[assignment]
        elif result.nobody:
            self._lead_why = ("lead-nobody", number)
        self._plays = []
        self._turn_wrong = False
        return trick, problems

    @property
    def over(self) -> bool:
        """Whether play is over: nine tricks, or the deal decided early."""
        return len(self.tricks) >= TRICKS_PER_DEAL or self.decided_after() is not None
