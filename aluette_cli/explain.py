"""``aluette explain CODE``: the documentation entry of a finding code.

The entries are the sections of ``docs/violations.md`` (what the code means,
the rule, an example, how to fix it), read from that one file, so the
command and the documentation cannot say different things.  The wheel
carries a copy of the file inside the package, as it does the grammar.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from .findings import CODES


def docs_folder() -> Path:
    """The manual's folder: inside the installed package (the wheel carries
    docs/), or the source tree's when run from a checkout."""
    packaged = Path(str(resources.files("aluette_cli"))) / "docs"
    if (packaged / "violations.md").is_file():
        return packaged
    return Path(__file__).resolve().parent.parent / "docs"


def violations_text() -> str:
    """docs/violations.md, from the installed package or from the source tree."""
    return (docs_folder() / "violations.md").read_text(encoding="utf-8")


_SECTION = re.compile(r"^## (A\d{3}) .*?(?=^## |\Z)", re.M | re.S)
# HTML comments of the page (example file names) are for the docs tests.
_MARKUP = re.compile(r"^<!--.*?-->\n", re.M)


#: The deal most examples change one line of, as the page shows it
_REFERENCE = re.compile(r"^<!-- file: reference\.aln, numbered -->\n(```\n.*?```\n)", re.M | re.S)
#: An example made from it, and where its entry gives it
_FROM_REFERENCE = re.compile(r"^<!-- file: \S+ = reference\.aln", re.M)
_EXAMPLE = re.compile(r"^\*\*Example\.\*\*", re.M)


def entries(text: str | None = None) -> dict[str, str]:
    """Each code's section of docs/violations.md, by code.  An entry whose
    example changes a line of the reference deal shows that deal before its
    example, as the page shows it once for all of them: alone, "line 7 of
    the reference deal" could not be tried."""
    page = violations_text() if text is None else text
    reference = _REFERENCE.search(page)
    shown = (
        "**The reference deal** (`reference.aln`; the line numbers on the left"
        f" are not part of the file):\n\n{reference.group(1)}\n"
        if reference is not None
        else None
    )
    found = {}
    for m in _SECTION.finditer(page):
        section = m.group()
        example = _EXAMPLE.search(section)
        if shown is not None and example is not None and _FROM_REFERENCE.search(section):
            section = section[: example.start()] + shown + section[example.start() :]
        found[m.group(1)] = _MARKUP.sub("", section).strip() + "\n"
    return found


def explain(code: str) -> str | None:
    """The entry for ``code`` (any case, ``a203`` too), or None if no such code."""
    wanted = code.strip().upper()
    if wanted not in CODES:
        return None
    return entries().get(wanted)


def listing() -> str:
    """Every code, one a line with its severity and title, in code order:
    what ``explain`` with no code prints, to find the one to ask about."""
    width = max(len(c.severity) for c in CODES.values())
    rows = (f"{c.code}  {c.severity:<{width}}  {c.title}" for _, c in sorted(CODES.items()))
    return "\n".join(rows) + "\n"
