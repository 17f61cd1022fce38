"""The text report (``aluette_cli/writers/report.py``): the table of a deal's
tricks shows every card the record gives, in the column of the seat the
engine credits it to, as the JSON report does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import invoke, write


def trick_row(text: str) -> dict[str, str]:
    """The first row of the first trick table, by its column headers: the
    rule under the headers gives each column's span."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("trick"))
    header, rule, row = lines[head : head + 3]
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]
    return {header[a:b].strip(): row[a:b].strip() for a, b in spans}


@pytest.mark.parametrize(
    ("line", "seat", "cell"),
    [
        # N plays twice: both cards are N's, as the engine credits them
        ("1. N:9d N:2c S:Ce W:6d", "N", "9d 2c"),
        # E leads out of turn; the card after it goes to the turn's seat, E again
        ("1. E:8c 9d Ce 6d", "E", "8c 9d"),
    ],
)
def test_a_seat_credited_twice_shows_both_cards(
    tmp_path: Path, line: str, seat: str, cell: str
) -> None:
    path = write(tmp_path, "twice.aln", f"deal 1 dealer W\n{line}\n")
    text = invoke(["report", path])
    assert text.exit_code == 1
    assert "A202" in text.stdout
    assert trick_row(text.stdout)[seat] == cell
    data = json.loads(invoke(["report", "--format", "json", path]).stdout)
    plays = data["games"][0]["deals"][0]["tricks"][0]["plays"]
    assert [card for who, card in plays if who == seat] == cell.split()
    # every card of the line is in the table
    row = trick_row(text.stdout)
    shown = " ".join(row[s] for s in "NESW").split()
    assert sorted(shown) == sorted(card for _, card in plays)
