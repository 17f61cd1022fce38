"""What the engine establishes: a trick nobody is known to have played, a deal
whose score is not known, and what an outcome's equality compares."""

from __future__ import annotations

from aluette_cli.model import Pos
from aluette_cli.outcome import DealOutcome, TrickOutcome

from .conftest import check


def test_a_trick_is_unknown_only_when_nothing_of_it_is_known() -> None:
    missing = TrickOutcome(number=3, leader=None, plays=[], winner=None, pourri=False, top=[])
    assert missing.unknown
    spoilt = TrickOutcome(number=3, leader="N", plays=[], winner=None, pourri=True, top=[])
    assert not spoilt.unknown
    taken = TrickOutcome(number=3, leader=None, plays=[], winner="E", pourri=False, top=[])
    assert not taken.unknown
    played = TrickOutcome(
        number=3, leader="N", plays=[("N", "1c")], winner=None, pourri=False, top=[]
    )
    assert not played.unknown


def test_the_line_of_a_trick_is_not_part_of_what_it_is() -> None:
    """The quick check's outcome (no lines) and the replay's are the same trick."""

    def trick(line: int | None) -> TrickOutcome:
        return TrickOutcome(1, "N", [("N", "1c")], "N", False, ["1c"], line=line)

    assert trick(None) == trick(12)
    assert trick(12) != TrickOutcome(1, "N", [("N", "1c")], "E", False, ["1c"], line=12)


def test_a_deal_is_known_once_the_record_tells_whether_it_scored() -> None:
    deal = DealOutcome(number=1, dealer="N", pos=Pos(1, 1))
    assert not deal.known
    deal.void = False
    assert deal.known
    deal.void = True
    assert deal.known


def test_a_score_sheet_deal_says_who_won_it() -> None:
    checked = check("deal 1 dealer N\nwinners: N N E E S S W W N\npoint NS\n")
    assert checked.outcome.findings == []
    (deal,) = checked.outcome.deals
    assert deal.known and deal.void is False and deal.from_sheet
    assert deal.counts == {"N": 3, "E": 2, "S": 2, "W": 2}
    assert deal.deal_winner == "N"
