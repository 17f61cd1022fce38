"""Hostile input and faults: no crash, no hang, no unbounded memory, and no
file read outside the record's folder (issue 16).

Each test is one thing an attacker (or an unlucky disk) could do to the
tool, with the answer the tool must give.
"""

from __future__ import annotations

from pathlib import Path

from .conftest import run, write

# A team-five deal whose fifth trick line is written twice: ten trick lines.
# ``stats`` once indexed its per-trick tally with the tenth trick and crashed.
REPEATED_TRICK_LINE = """[Event "Generated game 3"]
[Rules "team-five"]
[Result "NS 12-8"]

deal 1 dealer W
N: Re 1b 2c 1d 4b Cd 4e 9d 4c
E: 7c 7b 2b 5c 6e 9e 9c 6b 8d
S: Ve 6c Ce 1e 9b 5e Vb Vd 8b
W: 4d Cb Rc 2e 2d Vc 7e Cc 8e
stock: 3e 5b Rd 1c 8c Rb 5d 6d 3d 7d 3c 3b
1. N:4e E:7c S:9b W:Cb -> W
2. W:8e N:1d E:8d S:1e -> pourri
3. W:4d N:4b E:6b S:Vb -> S
4. S:8b W:Cc N:9d E:2b -> N
5. N:1b E:9c S:Ce W:Rc -> E
5. N:1b E:9c S:Ce W:Rc -> E
6. E:5c S:Vd W:7e N:Re -> N
7. N:4c E:6e S:Ve W:2e -> W
8. W:Vc N:2c E:7b S:6c -> N
9. N:Cd E:9e S:5e W:2d -> W
point none
"""


def test_stats_counts_a_deal_with_a_repeated_trick_line(tmp_path: Path) -> None:
    record = write(tmp_path, "repeated.aln", REPEATED_TRICK_LINE)
    for command in ("stats", "validate", "report"):
        result = run(command, record)
        assert result.exit_code == 1, (command, result.output)
        assert "internal error" not in result.stderr
    stats = run("stats", "--format", "json", record)
    assert '"games": 1' in stats.stdout or '"games":1' in stats.stdout
