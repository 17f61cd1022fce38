"""Findings as ``validate`` writes them, for people, programs and code hosts.

One writer per ``--output-format``, each streaming: it is handed the
findings of one game at a time and writes them at once, so a million-deal
archive is reported as it is read.

* ``text``: ``file:line:col: CODE message``, as compilers write;
* ``json``: one array of the contract's objects (docs/cli.md); ``jsonl``:
  the same objects, one a line, for ``jq -c`` and log shippers;
* ``github``: GitHub Actions workflow commands (``::error file=...::``),
  which put each finding on its line of a pull request;
* ``sarif``: a SARIF 2.1.0 log, which code-scanning services read.

A file that cannot be read is a finding here too (A010), so that a program
reading the output sees it, not only the exit status.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import PurePath
from urllib.parse import quote

from ..findings import CODES, FILE_UNREADABLE, Finding, visible
from ..framing import Framed
from .layout import PLAIN, Layout

OUTPUT_FORMATS = ("text", "json", "jsonl", "github", "sarif")

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

Write = Callable[[str], object]


def unreadable(file: str, reason: str) -> Finding:
    """The finding for a file that could not be opened or read."""
    return Finding.of(FILE_UNREADABLE, "", 0, 0, file=file, reason=reason)


class Diagnostics:
    """Writes findings in one format: :meth:`begin`, :meth:`add` for each
    game's findings, :meth:`end`."""

    def __init__(self, write: Write) -> None:
        self.write = write

    def begin(self) -> None:
        pass

    def add(self, file: str, findings: Iterable[Finding]) -> None:
        for finding in findings:
            self.one(file, finding)

    def one(self, file: str, finding: Finding) -> None:
        raise NotImplementedError

    def end(self) -> None:
        pass


class TextDiagnostics(Diagnostics):
    """One line a finding; on a terminal the place in bold and the code in
    its severity's colour (red, yellow), as compilers do."""

    def __init__(self, write: Write, layout: Layout = PLAIN) -> None:
        super().__init__(write)
        self.layout = layout

    def one(self, file: str, finding: Finding) -> None:
        # The text form says an unreadable file on standard error, as every
        # command does ("aluette: cannot read ..."); it is not a line of the record.
        if finding.code == FILE_UNREADABLE:
            return
        if not self.layout.color:
            self.write(finding.format_line(file) + "\n")
            return
        style = self.layout.style
        place = style(f"{visible(file)}:{finding.line}:{finding.column}:", bold=True)
        code = style(finding.code, fg="red" if finding.severity == "error" else "yellow", bold=True)
        self.write(f"{place} {code} {finding.sentence()}\n")


class JsonDiagnostics(Diagnostics):
    """A JSON array, one object a line, framed as every JSON list of the
    tool is (:meth:`Framed.json_list`)."""

    def __init__(self, write: Write) -> None:
        super().__init__(write)
        self.frame = Framed.json_list(write, "[", "]")

    def begin(self) -> None:
        self.frame.begin()

    def one(self, file: str, finding: Finding) -> None:
        self.frame.add(json.dumps(finding.as_dict(file)))

    def end(self) -> None:
        self.frame.end()


class JsonLinesDiagnostics(Diagnostics):
    def one(self, file: str, finding: Finding) -> None:
        self.write(json.dumps(finding.as_dict(file)) + "\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubDiagnostics(Diagnostics):
    """GitHub Actions workflow commands: ``::error file=F,line=L,col=C,title=T::message``.

    Values are escaped as the runner expects (``%``, line breaks, and in
    properties ``:`` and ``,``), so a comment quoted in a message cannot
    end the command early or start another.
    """

    def one(self, file: str, finding: Finding) -> None:
        level = "error" if finding.severity == "error" else "warning"
        # (a name's other control characters as escapes, as in the text: the
        # log is shown on a terminal, which they would drive)
        props = [f"file={visible(_escape_property(file))}"]
        if finding.line:
            props += [f"line={finding.line}", f"col={finding.column}"]
        props.append(f"title={_escape_property(finding.code + ' ' + CODES[finding.code].title)}")
        message = f"{finding.code} {finding.sentence()}"
        self.write(f"::{level} {','.join(props)}::{_escape_data(message)}\n")


#: the name a finding gives what is not a file (``<stdin>``, the API's ``<input>``)
_PSEUDO = re.compile(r"<\w+>")


def artifact_uri(file: str) -> str:
    """A file name as a SARIF artifact URI: relative paths stay relative (code
    hosts resolve them against the repository), absolute ones are file: URIs."""
    # A name's bytes that are not UTF-8 (held as surrogates, as the system
    # gave them) are escaped as the bytes they are: b\xffad.aln, b%FFad.aln.
    if _PSEUDO.fullmatch(file):  # <stdin>: no file, only its name
        return quote(file[1:-1], errors="surrogateescape")
    path = PurePath(file)
    if path.is_absolute():
        return "file://" + quote(path.as_posix(), errors="surrogateescape")
    return quote(path.as_posix(), errors="surrogateescape")


def rule_name(title: str) -> str:
    """A finding's title as the PascalCase name SARIF gives a rule: its words
    run together, each capitalised, and every sign but letters and digits
    left out ("card not in the player's hand": CardNotInThePlayersHand)."""
    return "".join(
        word.capitalize() for word in re.findall(r"[A-Za-z0-9]+", title.replace("'", ""))
    )


def sarif_rules() -> list[dict[str, object]]:
    return [
        {
            "id": code,
            "name": rule_name(info.title),
            "shortDescription": {"text": info.title},
            "fullDescription": {"text": f"{info.title} ({info.rule})"},
            "defaultConfiguration": {"level": info.severity},
            "properties": {"kind": info.kind.value},
        }
        for code, info in CODES.items()
    ]


class SarifDiagnostics(Diagnostics):
    """One SARIF 2.1.0 log with one run; the results are streamed into it."""

    def __init__(self, write: Write, version: str = "") -> None:
        super().__init__(write)
        self.version = version
        self.count = 0
        self.index = {code: i for i, code in enumerate(CODES)}

    def begin(self) -> None:
        driver: dict[str, object] = {"name": "aluette", "rules": sarif_rules()}
        if self.version:
            driver["version"] = self.version
        head = json.dumps({"tool": {"driver": driver}})[:-1]  # the run, left open
        self.write(
            '{"$schema": "'
            + SARIF_SCHEMA
            + '", "version": "2.1.0", "runs": [\n'
            + head
            + ', "columnKind": "unicodeCodePoints", "results": ['
        )

    def one(self, file: str, finding: Finding) -> None:
        location: dict[str, object] = {"artifactLocation": {"uri": artifact_uri(file)}}
        if finding.line:
            location["region"] = {"startLine": finding.line, "startColumn": finding.column}
        result: dict[str, object] = {
            "ruleId": finding.code,
            "ruleIndex": self.index[finding.code],
            "level": finding.severity,
            "message": {"text": finding.sentence()},
            "locations": [{"physicalLocation": location}],
        }
        facts = (("game", finding.game), ("deal", finding.deal), ("trick", finding.trick))
        where = {k: v for k, v in facts if v is not None}
        if where:
            result["properties"] = where
        self.write((",\n" if self.count else "\n") + json.dumps(result))
        self.count += 1

    def end(self) -> None:
        self.write("\n]}\n]}\n")


def diagnostics(fmt: str, write: Write, version: str = "", layout: Layout = PLAIN) -> Diagnostics:
    if fmt == "sarif":
        return SarifDiagnostics(write, version)
    if fmt == "text":
        return TextDiagnostics(write, layout)
    kinds: dict[str, type[Diagnostics]] = {
        "json": JsonDiagnostics,
        "jsonl": JsonLinesDiagnostics,
        "github": GithubDiagnostics,
    }
    return kinds[fmt](write)


def statistics_rows(counts: Counter[str]) -> list[tuple[int, str, str, str]]:
    """(count, code, severity, title), most frequent first, then by code."""
    return sorted(
        ((n, code, CODES[code].severity, CODES[code].title) for code, n in counts.items()),
        key=lambda row: (-row[0], row[1]),
    )


def statistics_text(counts: Counter[str], layout: Layout = PLAIN) -> str:
    rows = statistics_rows(counts)
    if not rows:
        return ""
    return layout.table(rows, ["count", "code", "severity", "what"], "plain", wrap=3) + "\n"


def statistics_json(counts: Counter[str]) -> str:
    rows = [
        {"code": code, "severity": severity, "title": title, "count": n}
        for n, code, severity, title in statistics_rows(counts)
    ]
    return json.dumps(rows, indent=2) + "\n"
