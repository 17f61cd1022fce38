"""Shell completion of option values: presets and TOML files, finding codes."""

from __future__ import annotations

import os
import subprocess
import sys

import click

from aluette_cli.completion import complete_codes, complete_rules
from aluette_cli.findings import CODES
from aluette_cli.rules import preset_names


def complete(*words: str) -> list[str]:
    """What the shell is offered after ``aluette WORDS``, asked as bash asks."""
    env = {
        **os.environ,
        "_ALUETTE_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(["aluette", *words]),
        "COMP_CWORD": str(len(words)),
    }
    code = "from aluette_cli.__main__ import run; run()"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    # bash_complete prints "type,value" pairs, one a line
    return [line.split(",", 1)[1] for line in done.stdout.splitlines() if "," in line]


def test_completion_knows_presets_codes_and_formats() -> None:
    assert {"classic", "team-five", "to-five-points"} <= set(complete("report", "--rules", ""))
    assert complete("report", "--rules", "team") == ["team-five", "team"]
    assert complete("explain", "A20")[:3] == ["A201", "A202", "A203"]
    # (a severity selects codes, and is no code to explain: explain refused it)
    assert complete("explain", "") == sorted(CODES)
    assert complete("explain", "e") == []
    assert complete("validate", "--select", "e") == ["error"]
    assert complete("validate", "--select", "A301,A30")[:2] == ["A301,A301", "A301,A302"]
    assert "sarif" in complete("validate", "--output-format", "")
    assert "jsonl" in complete("convert", "x.aln", "--to", "")


CTX = click.Context(click.Command("x"))
PARAM = click.Option(["--x"])


def test_rules_offers_the_matching_presets_then_a_file_name() -> None:
    offered = complete_rules(CTX, PARAM, "")
    assert [item.value for item in offered[:-1]] == list(preset_names())
    assert (offered[-1].value, offered[-1].type) == ("", "file")
    typed = complete_rules(CTX, PARAM, "house.t")
    assert [(item.value, item.type) for item in typed] == [("house.t", "file")]


def test_codes_complete_after_the_last_comma_with_their_titles() -> None:
    offered = complete_codes(CTX, PARAM, "error,a20")
    wanted = [f"error,{code}" for code in sorted(CODES) if code.startswith("A20")]
    assert [item.value for item in offered] == wanted
    assert offered[0].help == CODES[offered[0].value.split(",")[1]].title
    everything = complete_codes(CTX, PARAM, "")
    assert [item.value for item in everything] == ["error", "warning", *sorted(CODES)]
    assert [item.help for item in everything[:2]] == [None, None]
    assert [item.value for item in complete_codes(CTX, PARAM, "w")] == ["warning"]
