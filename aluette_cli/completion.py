"""What the shell completes for the values of options (``--rules``, codes).

Click completes commands, options and the words of a fixed choice by
itself; these functions add the values it cannot know: the ruleset presets
(and TOML files), the finding codes.  docs/cli.md says how to turn
completion on in bash, zsh and fish.
"""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from .findings import CODES
from .verdict import Selection


def complete_rules(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The preset names that start with what is typed; file names otherwise,
    since a house ruleset is a TOML file."""
    from .rules import preset_names

    names = [CompletionItem(name) for name in preset_names() if name.startswith(incomplete)]
    return [*names, CompletionItem(incomplete, type="file")]


def complete_codes(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Codes and severities, after the last comma of a list (``A203,A3``)."""
    done, _, last = incomplete.rpartition(",")
    return _offered([*Selection.SEVERITIES, *sorted(CODES)], f"{done}," if done else "", last)


def complete_code(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """One code (``explain``): a severity is no code to explain."""
    return _offered(sorted(CODES), "", incomplete.strip())


def _offered(words: list[str], prefix: str, typed: str) -> list[CompletionItem]:
    """The words that start with what is typed, in any case, each after
    ``prefix`` and with its code's title."""
    return [
        CompletionItem(prefix + word, help=CODES[word].title if word in CODES else None)
        for word in words
        if word.lower().startswith(typed.lower())
    ]
