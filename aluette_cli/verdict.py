"""What a command makes of the findings: which it shows and counts
(``--select``, ``--ignore``), and the exit status they give.

The findings are the record's; choosing among them and turning them into an
exit status is the command line's business, so it lives here and not in
:mod:`aluette_cli.findings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .findings import CODES, Finding, Kind


class Selection:
    """Which findings a command shows and counts: ``--select`` and ``--ignore``.

    Each entry is a code (``A203``), a prefix of codes (``A2``: every play
    finding), or a severity (``error``, ``warning``).  A finding is kept when
    it matches a selected entry (all are, when none is given) and no ignored
    one: ignoring is the last word, as in the linters people know.
    """

    SEVERITIES = ("error", "warning")

    def __init__(self, select: Iterable[str] = (), ignore: Iterable[str] = ()) -> None:
        self.select = tuple(self.check(select))
        self.ignore = tuple(self.check(ignore))

    @classmethod
    def check(cls, entries: Iterable[str]) -> Iterator[str]:
        """Each entry in its canonical spelling; ValueError for one that
        names nothing (a typo would otherwise silently select nothing)."""
        for raw in entries:
            entry = raw.strip()
            if entry.lower() in cls.SEVERITIES:
                yield entry.lower()
            elif entry and any(code.startswith(entry.upper()) for code in CODES):
                yield entry.upper()
            else:
                raise ValueError(
                    f"{raw!r} is neither a code nor a code prefix (A001...A421, A2)"
                    " nor a severity (error, warning)"
                )

    def _matches(self, finding: Finding, entries: tuple[str, ...]) -> bool:
        return any(e == finding.severity or finding.code.startswith(e) for e in entries)

    def keeps(self, finding: Finding) -> bool:
        if self.select and not self._matches(finding, self.select):
            return False
        return not self._matches(finding, self.ignore)

    def __bool__(self) -> bool:
        return bool(self.select or self.ignore)


#: The exit statuses of the commands (docs/cli.md, Exit status).
EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def exit_status(findings: Iterable[Finding]) -> int:
    """2 for a ruleset the tool does not have, 1 for any other error, 0 for
    warnings alone (docs/cli.md, Exit status).  A file that cannot be read
    is never among a game's findings: the command that meets it raises the
    status to 2 itself."""
    worst = 0
    for finding in findings:
        if finding.kind is Kind.CONFIG:
            return EXIT_USAGE
        if finding.severity == "error":
            worst = EXIT_INVALID
    return worst
