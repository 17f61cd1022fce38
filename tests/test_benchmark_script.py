"""The benchmark script keeps working: a tiny run prints its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def test_a_tiny_benchmark_run_prints_every_task(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--sizes", "60", "--quiet", "--corpora", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    for task in (
        "lark tree (file)",
        "lark tree (units)",
        "validate",
        "validate -j 2",
        "report --format json",
        "convert --to json",
    ):
        assert f"| {task} " in result.stdout
    assert "validate vs lark tree (file)" in result.stdout
    # the corpus holds whole games with at least the deals asked for
    assert int((tmp_path / "deals-60.count").read_text()) >= 60
