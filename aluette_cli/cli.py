"""The ``aluette`` command line: arguments in, exit status out.

Commands parse their options, wire the Python API (``api.py``) to what they
print (``render.py``, ``framing.py``) and choose the exit status
(docs/cli.md, The contract): 0 when everything read is valid, 1 when a rule or the
syntax is broken, 2 for usage errors, unreadable files and unknown rules.
Anything a program could want without the command belongs in the API.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import logging
import math
import os
import shutil
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from . import api
from .analysis import (
    DEFAULT_SAMPLES,
    DEFAULT_TIME_LIMIT,
    GameAnalysis,
    Limits,
    SchedulerError,
    analyse_games,
    scheduler_client,
)
from .completion import complete_code, complete_codes, complete_rules
from .convert import INPUT_FORMATS, OUTPUT_FORMATS, Tally, formatted_file, not_aln
from .findings import CODES, FILE_UNREADABLE, Finding, visible
from .framing import Framed
from .generate import POLICIES, EndlessGame, random_games
from .inputs import (
    ALN_SUFFIXES,
    RECORD_SUFFIXES,
    expand,
    names_folder,
    output_paths,
    writes_into_inputs,
)
from .parallel import map_in_order
from .pipeline import OUTCOMES, CheckedGame, RuleChoice, Wants, tune_gc
from .progress import Progress
from .render import (
    Rendered,
    ReportText,
    render_analysis_json,
    render_analysis_text,
    render_checked,
    render_findings,
    render_report_json,
    report_keep,
    table_output,
)
from .rules import RulesetError, load_ruleset, rules_tag_for
from .streams import (
    STDIO,
    STDOUT_NAME,
    ChangedMeanwhile,
    WriteError,
    atomic_output,
    base_of,
    cannot_read,
    display_name,
    not_replaceable,
    open_source,
    reason_of,
    rewindable_copy,
    same_file,
    stand_in_for_closed_streams,
    stdin_file,
)
from .tables import LEVELS
from .verdict import EXIT_INVALID, EXIT_OK, EXIT_USAGE, Selection, exit_status
from .wording import plural
from .writers.aln import BETWEEN_GAMES, STYLES, write_game
from .writers.diagnostics import OUTPUT_FORMATS as DIAGNOSTIC_FORMATS
from .writers.diagnostics import diagnostics, statistics_json, statistics_text, unreadable
from .writers.layout import MIN_WIDTH, choose
from .writers.rulesheet import ruleset_dict, ruleset_text
from .writers.tables import TABLE_FORMATS

if TYPE_CHECKING:
    from .filejobs import Event

T = TypeVar("T")


@dataclass
class Status:
    """The worst thing seen so far, which decides the exit status."""

    code: int = EXIT_OK

    def raise_to(self, code: int) -> None:
        self.code = max(self.code, code)

    def account(self, found: CheckedGame | list[Finding]) -> None:
        findings = found.outcome.findings if isinstance(found, CheckedGame) else found
        self.raise_to(exit_status(findings))


def _status() -> Status:
    """This invocation's status, kept on the Click context so that the group
    can still exit with it when the output pipe closes early."""
    return click.get_current_context().ensure_object(Status)


class ModuleChoice(click.Choice):  # type: ignore[type-arg]
    """The choices named by a constant of the module that gives them their
    meaning, read when an option first needs them.  A module imported at
    start-up for one constant would cost every command its import (``stats``:
    about 4 ms of a one-deal file's start-up)."""

    def __init__(self, module: str, name: str) -> None:
        self._constant = (module, name)
        super().__init__((), case_sensitive=True)

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        module, name = self._constant
        return tuple(getattr(importlib.import_module(f"{__package__}.{module}"), name))

    @choices.setter
    def choices(self, value: object) -> None:
        """click.Choice sets its choices on creation: these are the module's."""


class _Group(click.Group):
    """Ends quietly, with the status so far, when the reader of our output
    goes away (``aluette report big.aln | head``) or the user presses Ctrl-C;
    Click itself would exit 1 for both, which means "violations found"."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Where the manual is, as installed: help must not point to pages
        the user does not have."""
        from .explain import docs_folder

        formatter.write_paragraph()
        formatter.write_text(
            f"The manual (commands, notation, rules, codes) is in {docs_folder()}:"
            " cli.md, notation.md, rules.md, violations.md."
        )

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _silence_stdout()
            sys.exit(ctx.ensure_object(Status).code)
        except OSError as exc:
            _world_error(exc)
        except KeyboardInterrupt:
            _silence_stdout()
            sys.exit(130)


def _rule_choice(rules: str | None, options: str | None) -> RuleChoice:
    """Check ``--rules``/``--options`` up front: a typo there is a usage error,
    and so is an output (``-o``) over the ruleset file read, which would be
    lost, and the records written under rules no longer there."""
    try:
        choice = api.rule_choice(rules, options)
    except RulesetError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules/--options") from None
    ctx = click.get_current_context(silent=True)
    _refuse_writing_over_rules(rules, ctx.params.get("output") if ctx is not None else None)
    return choice


def _refuse_writing_over_rules(rules: str | None, output: object) -> None:
    """An output (``-o``) over the ruleset file read is a usage error: it
    would be lost, and the records written under rules no longer there."""
    # (a name not ending in .toml is a preset, read from the package)
    if (
        rules is not None
        and rules.endswith(".toml")
        and isinstance(output, str)
        and output != STDIO
    ):
        read = _identity(rules)
        if read is not None and read == _identity(output):
            raise click.UsageError(
                f"-o {visible(output)} is the ruleset file --rules reads; write the output"
                " elsewhere"
            )


def _version() -> str:
    import importlib.metadata  # only SARIF needs it: importing it costs a run 20 ms

    try:
        return importlib.metadata.version("aluette")
    except importlib.metadata.PackageNotFoundError:
        return ""


def _hearing(
    shown: Progress, status: Status, on_file: Callable[[str, str | None], None] | None
) -> Callable[[str, str | None], None]:
    """What hears of each file opened (reason None) or not: a file that
    cannot be read is said at once, clear of the progress line, and makes
    the run a usage failure; ``on_file`` hears of it by its shown name."""

    def opened(file: str, reason: str | None) -> None:
        if reason is not None:
            shown.close()
            click.echo(cannot_read(file, reason), err=True)
            status.raise_to(EXIT_USAGE)
        if on_file is not None:
            on_file(display_name(file), reason)

    return opened


def each_result(
    files: tuple[str, ...],
    choice: RuleChoice,
    status: Status,
    render: Callable[[CheckedGame, str], Rendered] = render_checked,
    jobs: int = 1,
    keep: Wants = True,
    on_file: Callable[[str, str | None], None] | None = None,
    account: bool = True,
    fmt: str | None = None,
    progress: bool = True,
    placed: bool = True,
) -> Iterator[tuple[str, Rendered]]:
    """:func:`api.check_files`, with the exit status kept, unreadable files
    reported and progress shown on a terminal.  ``on_file(name, reason)``
    hears of each file opened (reason None) or not.  ``account=False``
    leaves the findings' part of the status to the caller (``--ignore``)."""
    with Progress(enabled=None if progress else False) as shown:
        opened = _hearing(shown, status, on_file)
        results = api.check_files(
            files,
            choice,
            render=render,
            jobs=jobs,
            keep=keep,
            on_file=opened,
            fmt=fmt,
            placed=placed,
        )
        for file, result in results:
            if account:
                status.account(result.findings)
            shown.add(result.deals)
            yield file, result


# One helper per option: an option that several commands take is declared
# once, its flags, type and default with it; a command says only what the
# option means for it (its help), and the few choices that differ.

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def rules_option(
    text: str = "Ruleset to apply, a preset or a TOML file, overriding the records' Rules tag.",
) -> Decorator:
    return click.option(
        "--rules",
        "rules",
        metavar="NAME|FILE.toml",
        shell_complete=complete_rules,
        callback=_named_ruleset,
        help=text,
    )


def _named_ruleset(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An empty ``--rules`` (an unset shell variable) would read as no option
    at all, and the records' own rules would be used without a word."""
    if value is not None and not value.strip():
        raise click.BadParameter("names no ruleset: give a preset or a TOML file")
    return value


def options_option(
    text: str = "Comma-separated optional rules, overriding the records' Options tag.",
) -> Decorator:
    return click.option("--options", "options", metavar="LIST", help=text)


def format_option(
    choices: Sequence[str] = ("text", "json"),
    text: str = "Output for people (text) or for programs (json).",
    default: str = "text",
    also: tuple[str, ...] = (),
) -> Decorator:
    """``--format`` (and the other names in ``also``), kept as ``fmt``."""
    return click.option(
        "--format",
        *also,
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help=text,
    )


def jobs_option(
    text: str = "Check games in this many processes; output stays in input order.",
) -> Decorator:
    return click.option(
        "-j",
        "--jobs",
        type=click.IntRange(1, 64),
        default=1,
        show_default=True,
        help=text,
    )


def seed_option(text: str, default: int) -> Decorator:
    """``--seed``: what is drawn at random is drawn again the same.  Not
    negative: Python's generator draws the same from -N as from N, so two
    seeds would give one set of games."""
    seeds = click.IntRange(min=0)
    return click.option("--seed", type=seeds, default=default, show_default=True, help=text)


def output_option(
    text: str = "Write to this file instead of standard output.",
    *,
    folder: bool = False,
    dash: bool = True,
    writable: bool = False,
) -> Decorator:
    """``-o/--output``: ``folder`` when several inputs write a folder of
    outputs, ``dash`` when ``-`` is standard output."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=folder, allow_dash=dash, writable=writable),
        callback=_named_output(folder, dash),
        help=text,
    )


def _named_output(folder: bool, dash: bool) -> Callable[..., str | None]:
    """An empty ``-o`` (an unset shell variable) names no file: it was
    opened as the working folder ("cannot write : Is a directory")."""
    named = "a file or a folder" if folder else "a file"
    hint = f"give {named}" + (", or - for standard output" if dash else "")

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None and not value:
            raise click.BadParameter(f"names nothing: {hint}")
        if not folder and value is not None and names_folder(value):
            raise click.BadParameter(f"{value} names a folder (it ends in /): {hint}")
        return value

    return check


def in_place_option(text: str) -> Decorator:
    return click.option("--in-place", is_flag=True, help=text)


def style_option(text: str, choices: Sequence[str] = STYLES, default: str = "keep") -> Decorator:
    return click.option(
        "--style",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help=text,
    )


def display_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--width`` and ``--color``, for the commands that print for people."""
    command = click.option(
        "--color",
        "color",
        type=click.Choice(["auto", "always", "never"]),
        default="auto",
        show_default=True,
        help="Colour on a terminal only (NO_COLOR set: never), always, or never.",
    )(command)
    return click.option(
        "--width",
        type=click.IntRange(MIN_WIDTH, 1000),
        metavar="COLUMNS",
        help="Fit tables and sentences in this width (default: $COLUMNS, else the terminal's;"
        " a file or pipe gets full lines).",
    )(command)


raw_csv_option = click.option(
    "--raw-csv",
    "raw_csv",
    is_flag=True,
    help="CSV cells as recorded: a text starting with = + - @, a tab or a carriage"
    " return is otherwise written after a ' so that a spreadsheet does not run it.",
)
#: ``-j`` of the commands that work file by file (convert, annotate).
files_jobs_option = jobs_option(
    "Do this many files at once, in as many processes; messages stay in input order."
)
#: (a file that cannot be read is said when it is opened, and the others are
#: still read: not refused with the arguments, as click's check would)
files_argument = click.argument(
    "files",
    nargs=-1,
    required=True,
    metavar="FILE...",
    type=click.Path(allow_dash=True, readable=False),
)
from_option = click.option(
    "--from",
    "source",
    type=click.Choice(INPUT_FORMATS),
    help="Read every input as this format (default: by extension, else by content).",
)


from_trick_option = click.option(
    "--from-trick",
    "from_trick",
    type=click.IntRange(1, 9),
    default=None,
    help="Value the plays from this trick on (default: as far back as the time limit allows).",
)


class FiniteFloatRange(click.FloatRange):
    """A float range that refuses NaN and the infinities.

    ``float()`` reads "nan", "inf" and "-infinity"; NaN passes every bound
    (each comparison is false) and then means no limit at all, and an
    infinite limit is no limit either: both are usage errors (status 2)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds.", param, ctx)
        return number


time_limit_option = click.option(
    "--time-limit",
    "time_limit",
    type=FiniteFloatRange(0, min_open=True),
    default=DEFAULT_TIME_LIMIT,
    show_default=True,
    metavar="SECONDS",
    help="Search time per deal; a deal not solved in time is solved from a later trick.",
)


def analyse_option(text: str) -> Decorator:
    """``--analyse``, kept as ``analyse_plays``: the analysis of aluette analyse
    run on each deal as well (slow: every deal is searched)."""
    return click.option("--analyse", "analyse_plays", is_flag=True, help=text)


def as_seen_option(
    text: str = "Also judge each play as the player saw it: the unseen cards dealt again and"
    " solved.",
) -> Decorator:
    return click.option("--as-seen", "as_seen", is_flag=True, help=text)


def samples_option(
    text: str = "With --as-seen: layouts of the unseen cards per play.",
) -> Decorator:
    return click.option(
        "--samples",
        type=click.IntRange(1, 10_000),
        default=DEFAULT_SAMPLES,
        show_default=True,
        help=text,
    )


#: the seed of the layouts judged as seen
layouts_seed_option = seed_option(
    "With --as-seen: the seed of the layouts; the same seed gives the same figures.", 1
)


def _given_without(flag: str, on: bool, *names: str) -> None:
    """A usage error for an option given on the command line that only
    shapes what ``flag`` does, when ``flag`` is off: ignored, it would let a
    user believe it had been applied."""
    if on:
        return
    ctx = click.get_current_context()
    for name in names:
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--{name.replace('_', '-')} needs {flag}")


def _limits(
    analyse_plays: bool,
    from_trick: int | None,
    time_limit: float,
    as_seen: bool,
    samples: int,
    seed: int,
    every_card: bool = False,
) -> Limits | None:
    """The analysis asked for by --analyse and its options; None without it
    (its options alone are a usage error: --as-seen judges the plays
    --analyse values, --from-trick and --time-limit bound that analysis).
    ``every_card``: the caller reads the value of every card, not only of
    the cards played (:attr:`Limits.every_card`)."""
    _given_without("--analyse", analyse_plays, "as_seen", "from_trick", "time_limit")
    _given_without("--as-seen", as_seen, "samples", "seed")
    if not analyse_plays:
        return None
    return Limits(from_trick or 1, time_limit, samples if as_seen else 0, seed, every_card)


def each_analysis(
    files: tuple[str, ...],
    choice: RuleChoice,
    status: Status,
    limits: Limits,
    jobs: int = 1,
    on_file: Callable[[str, str | None], None] | None = None,
    fmt: str | None = None,
    placed: bool = True,
) -> Iterator[tuple[str, CheckedGame, GameAnalysis]]:
    """:func:`each_result` for the commands that analyse as well: each game
    with its analysis, deals shared among ``jobs`` processes, progress
    counted in deals analysed (``placed`` as for :func:`api.check_files`)."""
    with Progress(what="deals analysed") as progress:
        opened = _hearing(progress, status, on_file)
        games = api.check_files(files, choice, on_file=opened, fmt=fmt, placed=placed)
        analysed = analyse_games(games, limits, jobs, on_deal=lambda _: progress.add(1))
        for file, checked, analysis in analysed:
            status.account(checked)
            yield file, checked, analysis


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="aluette")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Read, check and explain recorded games of Aluette (ALN notation).

    \b
    Examples:
      aluette report samples/classic-game.aln
      aluette validate games/
      aluette explain A203
      aluette rules
    """
    ctx.ensure_object(Status)  # shared with the command, read again on a closed pipe


def _summary(games: int, deals: int, counts: Counter[str]) -> str:
    """``3 games, 40 deals: 2 errors, 1 warning``, and the files not read."""
    unread = counts[FILE_UNREADABLE]
    errors = sum(n for code, n in counts.items() if CODES[code].severity == "error") - unread
    warnings = sum(counts.values()) - errors - unread
    text = (
        f"{plural(games, 'game')}, {plural(deals, 'deal')}:"
        f" {plural(errors, 'error')}, {plural(warnings, 'warning')}"
    )
    return text + (f"; {plural(unread, 'file')} could not be read" if unread else "")


def _selection(select: tuple[str, ...], ignore: tuple[str, ...]) -> Selection:
    """``--select``/``--ignore`` entries, repeated or comma-separated."""

    def split(values: tuple[str, ...]) -> list[str]:
        return [part for value in values for part in value.split(",") if part.strip()]

    try:
        return Selection(split(select), split(ignore))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--select/--ignore") from None


@cli.command()
@files_argument
@format_option(
    DIAGNOSTIC_FORMATS,
    "Lines for people (text), JSON or JSON Lines for programs,"
    " GitHub Actions annotations (github), or a SARIF 2.1.0 log (sarif).",
    also=("--output-format",),
)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    shell_complete=complete_codes,
    help="Only these codes, code prefixes (A2) or severities (error, warning); comma-separated.",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    shell_complete=complete_codes,
    help="Leave out these codes, prefixes or severities; they no longer fail the check.",
)
@click.option(
    "--statistics",
    is_flag=True,
    help="Instead of each finding, the number of findings of each code.",
)
@click.option("-q", "--quiet", is_flag=True, help="Only the findings: no summary, no progress.")
@from_option
@output_option()
@rules_option()
@options_option()
@jobs_option()
@display_options
def validate(
    files: tuple[str, ...],
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    statistics: bool,
    quiet: bool,
    source: str | None,
    output: str | None,
    rules: str | None,
    options: str | None,
    jobs: int,
    width: int | None,
    color: str,
) -> None:
    """Check records and print one line per problem found.

    Each line reads FILE:LINE:COL: CODE message (deal, trick), in the order
    of the text; every code is explained by `aluette explain CODE`.  A
    folder stands for every record below it.  Exit status 0: all valid (or
    only warnings); 1: violations or syntax errors; 2: unreadable file or
    unknown rules.  Findings left out by --select/--ignore do not count.
    Use - to read standard input.

    \b
    Examples:
      aluette validate club-2026.aln
      aluette validate records/ -j 2
      aluette validate --format json *.aln > findings.json
      aluette validate --select A3 --ignore warning season/
      aluette validate --output-format sarif records/ -o aluette.sarif
    """
    if statistics and fmt in ("github", "sarif"):
        # a table of counts is neither annotations nor a SARIF log: the tool
        # reading it would fail on it, or read no finding in it
        raise click.UsageError(
            "--statistics counts findings: use it with --format text, json or jsonl"
        )
    status = _status()
    choice = _rule_choice(rules, options)
    selection = _selection(select, ignore)
    _refuse_reading_into(files, output)
    counts: Counter[str] = Counter()
    games = deals = 0
    layout = choose(width, color, to_file=output not in (None, STDIO))
    with atomic_output(output, binary=False) as out:
        version = _version() if fmt == "sarif" else ""
        shown = diagnostics("jsonl" if statistics else fmt, out.write, version, layout)
        if not statistics:
            shown.begin()

        read = _FilesRead()
        live = output in (None, STDIO)

        def opened(file: str, reason: str | None) -> None:
            read.opened(file, reason)
            if reason is not None:
                # left out by --select/--ignore like any finding; the file
                # was not read all the same (status 2, its line on stderr)
                found = [f for f in [unreadable(file, reason)] if selection.keeps(f)]
                counts.update(f.code for f in found)
                if found and not statistics:
                    shown.add(file, found)

        results = each_result(
            files,
            choice,
            status,
            render_findings,
            jobs,
            keep=False,
            on_file=opened,
            account=False,
            fmt=source,
            progress=not quiet,
        )
        for file, result in results:
            games += 1
            read.saw(file, result.deals, result.findings)
            deals += result.deals
            kept = [f for f in result.findings if selection.keeps(f)]
            status.account(kept)
            counts.update(f.code for f in kept)
            if kept and not statistics:
                shown.add(file, kept)
                if live:  # a game's findings as soon as it is read (validate - on a log)
                    out.flush()
        if statistics:
            if fmt in ("json", "jsonl"):
                text = statistics_json(counts)
            else:
                text = statistics_text(counts, layout)
            out.write(text)
        else:
            shown.end()
    if not quiet:
        read.warn_empty("nothing to check")
        click.echo(_summary(games, deals, counts), err=True)
    sys.exit(status.code)


@cli.command()
@files_argument
@format_option(
    ("text", "json", "jsonl", "csv", "html"),
    "For people (text), one JSON object, one game a line (jsonl), a table (csv),"
    " or a page to replay (html).",
)
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    help="With csv or jsonl: one row per game (the default for csv), deal, trick or card played.",
)
@analyse_option(
    "With html: also analyse every deal (slow: seconds a deal), mark the plays that were"
    " mistakes and show the values at each step."
)
@from_trick_option
@time_limit_option
@as_seen_option("With --analyse: also judge each play as the player saw it (slower still).")
@samples_option()
@layouts_seed_option
@from_option
@output_option()
@rules_option()
@options_option()
@jobs_option("Check games, or with --analyse analyse deals, in this many processes.")
@raw_csv_option
@display_options
def report(
    files: tuple[str, ...],
    fmt: str,
    level: str | None,
    analyse_plays: bool,
    from_trick: int | None,
    time_limit: float,
    as_seen: bool,
    samples: int,
    seed: int,
    source: str | None,
    output: str | None,
    rules: str | None,
    options: str | None,
    jobs: int,
    raw_csv: bool,
    width: int | None,
    color: str,
) -> None:
    """Replay games and explain them: every trick, tie-break, point and score.

    The text report shows, for each deal, each trick's cards by seat, who won
    it or why it was pourri, the trick counts, how a tie for the most tricks
    was broken, and the point; then the game's score and any violations.
    --format json gives the same as one JSON object, jsonl one game a line
    (cli.md in the manual); --format html one self-contained page that lays
    out the hands and plays each deal card by card (html.md in the manual).
    --format csv, or jsonl with --level, writes a results table with one row
    per game, deal, trick or card played, each row naming its file and game,
    so that the tables of many files stack (tables.md in the manual).  A
    folder stands for every record below it.  With --format html --analyse,
    each deal is analysed as aluette analyse does it (seconds a deal), and
    the page marks the plays judged mistakes and shows, at each step of the
    table view, the value with all cards seen and, with --as-seen, as the
    player saw it.

    \b
    Examples:
      aluette report samples/classic-game.aln
      aluette report --format json match.aln | jq '.games[0].score'
      aluette report season/ -o season.txt
      aluette report --format html match.aln -o match.html
      aluette report --format html --analyse --as-seen match.aln -o match.html
      aluette report --format csv --level deal season/ -o deals.csv
    """
    status = _status()
    choice = _rule_choice(rules, options)
    if level is not None and fmt not in TABLE_FORMATS:
        raise click.UsageError("--level needs --format csv or --format jsonl")
    _raw_csv_with_csv(raw_csv, fmt == "csv", "--format csv")
    limits = _limits(analyse_plays, from_trick, time_limit, as_seen, samples, seed)
    if limits is not None and fmt != "html":
        raise click.UsageError("--analyse needs --format html (aluette analyse gives text, json)")
    _refuse_reading_into(files, output)
    unread: list[str] = []
    read = _FilesRead()

    def opened(file: str, reason: str | None) -> None:
        read.opened(file, reason)
        if reason is not None:
            unread.append(json.dumps(unreadable(file, reason).as_dict(file)))

    with atomic_output(output, binary=False) as out:
        if fmt == "html":
            from .writers.html import write_page  # only this format needs it

            # The page lays out the record, and places its findings among
            # the record's lines: a JSON record's are those its JSON gives.
            if limits is None:
                games = each_result(
                    files, choice, status, jobs=jobs, on_file=opened, fmt=source, placed=False
                )
                write_page(
                    ((file, read.seen(file, _kept(result))) for file, result in games), out.write
                )
            else:
                analysed = each_analysis(
                    files, choice, status, limits, jobs, opened, fmt=source, placed=False
                )
                write_page(
                    (
                        (file, read.seen(file, checked), analysis)
                        for file, checked, analysis in analysed
                    ),
                    out.write,
                    limits,
                )
        else:
            if fmt in TABLE_FORMATS:
                render, opening = table_output(fmt, level, raw_csv)
                frame = Framed(out.write, opening)
            elif fmt == "json":
                render, frame = render_report_json, Framed.json_list(out.write, '{"games": [', "]}")
            else:
                layout = choose(width, color, to_file=output not in (None, STDIO))
                rule = "=" * min(72, layout.width or 72)
                render, frame = ReportText(layout), Framed(out.write, between=f"\n{rule}\n\n")
            frame.begin()
            # Only the outcomes are rendered: deals found right need no model,
            # and the JSON of a game writes theirs from their text.
            results = each_result(
                files, choice, status, render, jobs, report_keep(render), on_file=opened, fmt=source
            )
            for file, result in results:
                frame.add(result.text)
                read.saw(file, result.deals, result.findings)
            if fmt == "json" and unread:
                # The files not read, as validate --format json gives them (A010).
                frame.close_with(f'], "unreadable": [{", ".join(unread)}]}}')
            frame.end()
    read.warn_empty("nothing to report")
    sys.exit(status.code)


def _kept(result: Rendered) -> CheckedGame:
    assert result.checked is not None  # render_checked keeps the game
    return result.checked


@cli.command()
@files_argument
@format_option()
@from_trick_option
@time_limit_option
@from_option
@output_option()
@rules_option()
@options_option()
@jobs_option("Analyse deals in this many processes; output stays in input order.")
@as_seen_option()
@samples_option()
@layouts_seed_option
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Analyse the deals on this Dask cluster (tcp://host:8786); needs the dask extra.",
)
def analyse(
    files: tuple[str, ...],
    fmt: str,
    from_trick: int | None,
    time_limit: float,
    source: str | None,
    output: str | None,
    rules: str | None,
    options: str | None,
    jobs: int,
    as_seen: bool,
    samples: int,
    seed: int,
    scheduler: str | None,
) -> None:
    """Value every play under perfect information; name the plays that threw a deal away.

    With all four hands visible, each position has an exact value: NS take
    the point, EW take it, or the deal is void.  For each deal whose hands
    are recorded, a line for each play that changed that value, with the
    cards that would have kept it (analysis.md in the manual).  Real players do not
    see each other's cards: a play called a mistake here may have been a
    fair guess at the table.

    \b
    Examples:
      aluette analyse samples/thrown-away.aln
      aluette analyse --from-trick 4 --time-limit 2 -j 2 club.aln
      aluette analyse --format json match.aln | jq '.games[0].deals[0].plays'
      aluette analyse --as-seen --from-trick 7 --samples 40 match.aln
    """
    status = _status()
    choice = _rule_choice(rules, options)
    _refuse_reading_into(files, output)
    _given_without("--as-seen", as_seen, "samples", "seed")
    # JSON lists the cards that keep the value at every play; the text names
    # them only where a play changed it.
    limits = Limits(from_trick or 1, time_limit, samples if as_seen else 0, seed, fmt == "json")
    try:
        cluster = None if scheduler is None else scheduler_client(scheduler)
    except SchedulerError as error:
        raise click.UsageError(str(error)) from None
    if cluster is not None:
        # A connection lost is said once, in words (below): the client's
        # own log of it is tracebacks.  (After its import, which sets the
        # levels of Dask's loggers.)
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
    read = _FilesRead()
    with atomic_output(output, binary=False) as out, Progress(what="deals analysed") as progress:
        if fmt == "json":
            render, frame = render_analysis_json, Framed.json_list(out.write, '{"games": [', "]}")
        else:
            between = "\n" + "=" * 72 + "\n\n"
            render, frame = render_analysis_text, Framed(out.write, between=between)
        frame.begin()

        opened = _hearing(progress, status, read.opened)
        games = api.check_files(files, choice, on_file=opened, fmt=source)
        analysed = analyse_games(
            games, limits, jobs, on_deal=lambda _: progress.add(1), scheduler=cluster
        )
        try:
            for file, checked, analysis in analysed:
                status.account(checked)
                read.saw(file, checked.deals_read, checked.outcome.findings)
                progress.close()
                frame.add(render(checked, analysis, file, limits).text)
        except SchedulerError as error:  # lost on the way: nothing is written
            progress.close()
            click.echo(f"aluette: {error}", err=True)
            sys.exit(EXIT_USAGE)
        frame.end()
    read.warn_empty("nothing to analyse")
    sys.exit(status.code)


@cli.command(name="explain")
@click.argument("code", metavar="[CODE]", required=False, shell_complete=complete_code)
@output_option()
def explain_command(code: str | None, output: str | None) -> None:
    """Explain a finding code: what it means, the rule, an example.
    Without a code, list every code with its severity and title.

    \b
    Examples:
      aluette explain A203
      aluette explain a001
      aluette explain
    """
    from .explain import explain, listing

    entry = listing() if code is None else explain(code)
    if entry is None:
        known = ", ".join(sorted(CODES))
        raise click.UsageError(f"unknown code {code!r}; the codes are {known}")
    with atomic_output(output, binary=False) as out:
        out.write(entry)


@cli.command(name="rules")
@rules_option("Ruleset to show: a preset or a TOML file (default: classic).")
@options_option("Comma-separated optional rules to switch on.")
@format_option()
@output_option()
@display_options
def rules_command(
    rules: str | None,
    options: str | None,
    fmt: str,
    output: str | None,
    width: int | None,
    color: str,
) -> None:
    """Show the card ranking and the settings of a ruleset.

    \b
    Examples:
      aluette rules
      aluette rules --rules classic --options mordienne
      aluette rules --rules my-house.toml
    """
    choice = _rule_choice(rules, options)
    ruleset = load_ruleset(rules or "classic").with_options(choice.options or frozenset())
    with atomic_output(output, binary=False) as out:
        if fmt == "json":
            out.write(json.dumps(ruleset_dict(ruleset), indent=2) + "\n")
        else:
            out.write(ruleset_text(ruleset, choose(width, color, to_file=output is not None)))


@cli.command()
@click.option(
    "--games",
    "count",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="How many games to write.",
)
@seed_option("Random seed: the same seed gives the same games.", 0)
@rules_option("Ruleset to play under: a preset or a TOML file (default: classic).")
@options_option("Comma-separated optional rules to play with, written to the Options tag.")
@style_option(
    "Trick lines with seats, cards only, or a winners: score sheet.",
    ("seats", "cards", "sheet"),
    "seats",
)
@click.option(
    "--policy",
    type=click.Choice(POLICIES),
    default="uniform",
    show_default=True,
    help="How cards are chosen; 'ties' makes pourri tricks and tie-breaks common.",
)
@click.option(
    "--hands/--no-hands", default=True, show_default=True, help="Write the hands and the stock."
)
@click.option(
    "--claims/--no-claims",
    default=True,
    show_default=True,
    help="Write trick claims, point lines and the Result tag.",
)
@output_option(writable=True)
def generate(
    count: int,
    seed: int,
    rules: str | None,
    options: str | None,
    style: str,
    policy: str,
    hands: bool,
    claims: bool,
    output: str | None,
) -> None:
    """Write random legal games, for practice, tests and benchmarks.

    \b
    Examples:
      aluette generate --games 3 --seed 7
      aluette generate --games 1000 --policy ties -o corpus.aln
    """
    choice = _rule_choice(rules, options)
    ruleset = load_ruleset(rules or "classic").with_options(choice.options or frozenset())
    games = random_games(
        count,
        ruleset,
        seed,
        hands=hands,
        claims=claims,
        style="cards" if style == "cards" else "seats",
        policy=policy,
        sheet=style == "sheet",
        rules_tag=_rules_tag(rules, output),
    )
    try:
        with atomic_output(output, binary=False) as out:
            frame = Framed(out.write, between=BETWEEN_GAMES)
            for game in games:
                frame.add(write_game(game))
    except EndlessGame as exc:  # nothing is left in place of -o's file
        click.echo(f"aluette: {exc}", err=True)
        sys.exit(EXIT_USAGE)


@cli.command()
@files_argument
@click.option("--to", "to", type=click.Choice(OUTPUT_FORMATS), required=True, help="Output format.")
@from_option
@style_option("ALN trick lines: as recorded, all with seats, or all cards-only.")
@click.option(
    "--compact",
    is_flag=True,
    help="With --to jsonl: the compact form, about 2.6 times the ALN's size: no empty"
    " parts, short tricks and tags, and no positions or comments (see --lossless).",
)
@click.option(
    "--lossless",
    is_flag=True,
    help="With --compact: keep positions and comments too, in short form.",
)
@output_option(
    "Write to this file instead of standard output; with several inputs, a folder.", folder=True
)
@in_place_option("Write each output beside its input, with the new format's extension.")
@rules_option()
@options_option()
@files_jobs_option
@raw_csv_option
def convert(
    files: tuple[str, ...],
    to: str,
    source: str | None,
    style: str,
    compact: bool,
    lossless: bool,
    output: str | None,
    in_place: bool,
    rules: str | None,
    options: str | None,
    jobs: int,
    raw_csv: bool,
) -> None:
    """Convert records between ALN, JSON, JSON Lines and CSV.

    ALN to ALN is the formatter: aliases normalised, one element per line,
    every comment kept, and a part it cannot read written back as it was
    (aluette fmt formats files in place); a file it cannot write back whole
    (past a limit of the reader, A009; not UTF-8, A003) is written out as it
    was.  JSON and JSON Lines hold everything the record
    holds and convert back to the same ALN (what the reader could not hold,
    past a limit or not UTF-8, as its finding, said again when the JSON is
    read); --to jsonl --compact leaves out
    empty parts, positions and comments (--lossless keeps the last two) for
    files a third the size or less.  CSV has one row per card
    played, with the trick's winner.  Problems found on the way are printed
    on standard error as `validate` prints them, and the exit status is 1.
    Several files or a folder are converted file by file, each to its own
    output: into the folder -o names (keeping the folders below), or, with
    --in-place, beside each input.

    \b
    Examples:
      aluette convert match.aln --to json -o match.json
      aluette convert match.json --to aln
      aluette convert season.aln --to csv -o plays.csv
      aluette convert messy.aln --to aln --style seats -o clean.aln
      aluette convert season/ --to json -o season-json/
      aluette convert season.aln --to jsonl --compact -o season.jsonl
    """
    if compact and to != "jsonl":
        raise click.UsageError("--compact is a form of JSON Lines: use it with --to jsonl")
    if style != "keep" and to != "aln":  # (it was accepted, and did nothing)
        raise click.UsageError(
            f"--style {style} says how ALN trick lines are written: use it with --to aln"
        )
    _raw_csv_with_csv(raw_csv, to == "csv", "--to csv")
    if lossless and not compact:
        raise click.UsageError(
            "--lossless keeps positions and comments in the compact form: add --compact"
            " (the full form of --to json and --to jsonl always keeps them)"
        )
    status = _status()
    choice = _rule_choice(rules, options)
    suffix = "." + to
    pairs, many = _usage(lambda: output_paths(files, output, in_place, suffix, RECORD_SUFFIXES))
    from .convert import format_from_name

    def hint(file: str) -> str:
        if to == "aln" and format_from_name(file) == "aln":
            return "use `aluette fmt FILE` to format a file in place"
        return "write the output to another file with -o"  # (fmt writes ALN only)

    _refuse_writing_over_inputs(pairs, hint, beside=in_place)
    from .filejobs import ConvertJob

    job = ConvertJob(choice, many, to, source, style, compact, lossless, raw_csv)
    _run_jobs(job, pairs, jobs, status)
    sys.exit(status.code)


class _FilesRead:
    """The files a command read, in order, and those that held a deal.

    Every command that reads records says of a file that held none that
    there was nothing to do with it, as a linter given nothing to lint
    does: an empty output is not a pass.  A file refused with an error (a
    game of JSON refused) held something, and its error says what; a
    warning alone (a tag's name mistyped in a file of tags) does not."""

    def __init__(self) -> None:
        self._read: list[str] = []
        self._with_deals: set[str] = set()

    def opened(self, file: str, reason: str | None) -> None:
        """The ``on_file`` callback: ``reason`` is why it could not be read."""
        if reason is None:
            self._read.append(file)
        elif self._read and self._read[-1] == file:  # opened, then it could not be read
            self._read.pop()

    def saw(self, file: str, deals: int, findings: Iterable[Finding]) -> None:
        if deals or any(f.severity == "error" for f in findings):
            self._with_deals.add(file)

    def seen(self, file: str, checked: CheckedGame) -> CheckedGame:
        """:meth:`saw` of a game on its way to a writer."""
        self.saw(file, checked.deals_read, checked.outcome.findings)
        return checked

    def warn_empty(self, nothing: str) -> None:
        for file in self._read:
            if file not in self._with_deals:
                click.echo(f"aluette: warning: {visible(file)} holds no deals: {nothing}", err=True)


def _say_finding(progress: Progress, display: str, finding: Finding) -> None:
    """A finding said as it is found, clear of the progress line."""
    progress.close()
    click.echo(finding.format_line(display), err=True)


def _run_jobs(
    job: Callable[[tuple[str, str | None]], Iterable[Event]],
    pairs: list[tuple[str, str | None]],
    jobs: int,
    status: Status,
) -> None:
    """Each file's job, what it says printed in input order, the progress
    line out of its way.  Standard input is read in this process: a worker's
    own is empty."""
    from .filejobs import Read

    if any(file == STDIO for file, _ in pairs):
        jobs = 1

    with Progress() as progress:
        for events in map_in_order(job, pairs, jobs):
            for event in events:
                if isinstance(event, Read):
                    progress.add(event.deals)
                else:
                    progress.close()
                    click.echo(event.text, err=True)
                    status.raise_to(event.status)


@cli.command(name="fmt")
@files_argument
@click.option(
    "--check", is_flag=True, help="Change nothing; list the files it would change (exit 1)."
)
@click.option("--diff", "show_diff", is_flag=True, help="Change nothing; print a unified diff.")
@click.option(
    "--keep-broken/--no-keep-broken",
    default=True,
    show_default=True,
    help="Rewrite a file with unreadable parts, keeping them verbatim (default), or leave it.",
)
@style_option("Trick lines: as recorded, all with seats, or all cards-only.")
@rules_option()
@options_option()
def fmt_command(
    files: tuple[str, ...],
    check: bool,
    show_diff: bool,
    keep_broken: bool,
    style: str,
    rules: str | None,
    options: str | None,
) -> None:
    """Format ALN files in place, as convert --to aln writes them.

    Nothing is dropped: a deal or tag section that cannot be read is written
    back verbatim, in its place, and reported; every comment is kept.  A file
    already formatted is not touched.  Files are replaced safely (written
    beside, then renamed; links, mode and owner kept).  - formats standard
    input to standard output.  A file past a limit of the reader (A009) or
    with bytes that are not UTF-8 (A003) cannot be written back whole, nor one
    holding NUL bytes (saved as UTF-16, or not a record): it is left as it
    is (standard input is copied to standard output).  Exit
    status 0: done, and every part read; 1: a part could not be read (the
    file is formatted all the same, unless --no-keep-broken), with --check
    files would change, or a file was left as it is; 2: a file cannot be
    read or written, or a record asks for a ruleset the tool does not have
    (A401).

    A folder stands for every .aln file below it.

    \b
    Examples:
      aluette fmt club/
      aluette fmt --check club/*.aln
      aluette fmt --diff match.aln
    """
    status = _status()
    choice = _rule_choice(rules, options)
    changed = unchanged = failed = 0  # failed: left as it is, for the reason said above
    with Progress(what="deals formatted") as progress:
        for file in expand(files, ALN_SUFFIXES):
            display = visible(display_name(file))  # a name is shown, its controls escaped
            # (a folder left by expand has no record in it: reading it says so)
            in_place = not (file == STDIO or check or show_diff or os.path.isdir(file))
            why = not_replaceable(file) if in_place else None
            if why is not None:
                click.echo(
                    f"aluette: cannot format {display} in place: {why}; give it as standard"
                    " input (aluette fmt - < FILE) to have the formatted text on standard output",
                    err=True,
                )
                status.raise_to(EXIT_USAGE)
                continue
            with contextlib.ExitStack() as opened:
                try:  # formatted into a file beside the input: neither is held whole
                    stream = opened.enter_context(open_source(file))
                    # as read: a file changed before it is replaced is left alone
                    read_as = None if file == STDIO else os.fstat(stream.fileno())
                    # (a pipe copied to disk first: its start is read twice)
                    stream = opened.enter_context(rewindable_copy(stream))
                    why_not = not_aln(stream, file)
                    if why_not is not None:
                        if file == STDIO and not (check or show_diff):
                            shutil.copyfileobj(stream, sys.stdout.buffer)  # (fmt - is a filter)
                        click.echo(f"aluette: {display} left as it is: {why_not}", err=True)
                        status.raise_to(EXIT_USAGE)
                        failed += 1
                        continue
                    tally = Tally(partial(_say_finding, progress, display), progress.add)
                    result = opened.enter_context(
                        formatted_file(
                            stream, file, choice, style=style, base=base_of(file), tally=tally
                        )
                    )
                except WriteError as exc:  # the formatted text's own temporary file
                    progress.close()
                    click.echo(f"aluette: {exc}", err=True)
                    status.raise_to(EXIT_USAGE)
                    continue
                except OSError as exc:
                    progress.close()
                    click.echo(cannot_read(file, reason_of(exc)), err=True)
                    status.raise_to(EXIT_USAGE)
                    continue
                progress.close()  # (what follows is said on a clean line)
                if result.unreadable:  # formatted all the same, but a syntax error was found
                    status.raise_to(EXIT_INVALID)
                status.raise_to(result.tally.status)  # 2 for an unknown ruleset
                # never write less than was read, nor into a file that is not UTF-8 text
                kept_because = result.kept_because()
                if kept_because is not None:
                    if file == "-" and not (check or show_diff):
                        result.copy_old_to(sys.stdout.buffer)
                    click.echo(f"aluette: {display} left as it is: {kept_because}", err=True)
                    status.raise_to(EXIT_INVALID)
                    failed += 1
                    continue
                if result.changed and result.unreadable and not keep_broken:
                    # (left as it is, whatever the mode: --check and --diff say
                    # what the run would do, and fmt - gives its input back)
                    if file == "-" and not (check or show_diff):
                        result.copy_old_to(sys.stdout.buffer)
                    click.echo(
                        f"aluette: {display} not rewritten: parts of it cannot be read", err=True
                    )
                    status.raise_to(EXIT_INVALID)
                    failed += 1
                    continue
                if file == "-" and not (check or show_diff):
                    result.copy_to(sys.stdout.buffer)
                    continue
                if not result.changed:
                    unchanged += 1
                    continue
                if show_diff:
                    # (in bounded memory, however long the file: the two texts
                    # are spooled on disk, and matched a window at a time)
                    from .unidiff import lines_of, unified_diff  # difflib: fmt --diff only

                    diff = unified_diff(
                        lines_of(result.old),
                        lines_of(result.new),
                        display,
                        f"{display} (formatted)",
                    )
                    # (the record's text as it is: click.echo would take out the
                    # escape sequences a comment holds, and the diff would not apply)
                    write_out = sys.stdout.write
                    for piece in diff:
                        write_out(piece)
                    sys.stdout.flush()
                if check:
                    click.echo(f"would reformat {display}", err=True)
                    status.raise_to(EXIT_INVALID)
                elif not show_diff:
                    try:
                        with atomic_output(file, binary=True, read_as=read_as) as out:
                            result.copy_to(out)
                    except ChangedMeanwhile as exc:
                        click.echo(f"aluette: {exc}", err=True)
                        status.raise_to(EXIT_INVALID)
                        failed += 1
                        continue
                    click.echo(f"reformatted {display}", err=True)
                changed += 1
    if files != ("-",):
        verb = "would be reformatted" if check or show_diff else "reformatted"
        click.echo(
            f"{changed} file{'s' if changed != 1 else ''} {verb},"
            f" {unchanged} file{'s' if unchanged != 1 else ''} left unchanged"
            + (f", {failed} file{'s' if failed != 1 else ''} not formatted" if failed else ""),
            err=True,
        )
    sys.exit(status.code)


@cli.command()
@files_argument
@output_option(
    "Write to this file instead of standard output; with several inputs, a folder.", folder=True
)
@in_place_option("Replace each FILE by its annotated version (written beside it, then renamed).")
@analyse_option("Also mark the plays that changed a deal's value, as aluette analyse finds them.")
@from_trick_option
@time_limit_option
@rules_option()
@options_option()
@files_jobs_option
def annotate(
    files: tuple[str, ...],
    output: str | None,
    in_place: bool,
    analyse_plays: bool,
    from_trick: int | None,
    time_limit: float,
    rules: str | None,
    options: str | None,
    jobs: int,
) -> None:
    """Write a record back with explanations as comments.

    After each trick: who won it and why, or why it is pourri.  After each
    deal: the trick counts, the tie-break in a sentence, the point.  After
    the game: the score.  Each problem at the line it concerns.  Generated
    comments read {= ...}; annotating again replaces them, and your own
    comments and layout are never touched.  Several files, or a folder (its
    .aln files), are annotated each on its own: in place, or into the folder
    -o names.

    \b
    With --analyse, each play that changed a deal's value under perfect
    information gets a mark such as {= E:Rc ?? best 2d} (docs/analysis.md).

    \b
    Examples:
      aluette annotate match.aln
      aluette annotate match.aln --in-place
      aluette annotate season/ --in-place
      aluette annotate --analyse --from-trick 4 match.aln
    """
    status = _status()
    choice = _rule_choice(rules, options)
    pairs, many = _usage(lambda: output_paths(files, output, in_place, None, ALN_SUFFIXES))
    _refuse_writing_over_inputs(
        pairs, "use --in-place to annotate a file in place", its_own=in_place
    )
    _given_without("--analyse", analyse_plays, "from_trick", "time_limit")
    limits = Limits(from_trick or 1, time_limit) if analyse_plays else None
    from .filejobs import AnnotateJob

    _run_jobs(AnnotateJob(choice, many, limits), pairs, jobs, status)
    sys.exit(status.code)


@cli.command()
@files_argument
@click.option(
    "--by",
    "by",
    type=ModuleChoice("stats", "VIEWS"),
    default="player",
    show_default=True,
    help="Break the figures down by player (North...West tags), seat, team or card.",
)
@format_option(("table", "json", "csv"), "Tables for people, or JSON or CSV for programs.", "table")
@analyse_option(
    "Also analyse every deal (slow: seconds a deal) and count each player's mistakes,"
    " deals thrown away and saved, and accuracy."
)
@from_trick_option
@time_limit_option
@as_seen_option("With --analyse: also judge each play as the player saw it (slower still).")
@samples_option()
@layouts_seed_option
@from_option
@output_option()
@rules_option()
@options_option()
@jobs_option("Check games, or with --analyse analyse deals, in this many processes.")
@raw_csv_option
@display_options
def stats(
    files: tuple[str, ...],
    by: str,
    fmt: str,
    analyse_plays: bool,
    from_trick: int | None,
    time_limit: float,
    as_seen: bool,
    samples: int,
    seed: int,
    source: str | None,
    output: str | None,
    rules: str | None,
    options: str | None,
    jobs: int,
    raw_csv: bool,
    width: int | None,
    color: str,
) -> None:
    """Add up what the records show, by player, seat, team or card.

    Players are known by the North...West tags, across seats and games (by
    seat where a name is missing).  Every figure says how many deals it rests
    on; a game that cannot be replayed and a deal that cannot be read are
    skipped, and the output says how many and why (stats.md in the manual).  The
    exit status is that of validate: 1 when violations were found (the
    figures are still printed), 2 for an unreadable file or unknown rules.

    With --analyse, each deal is analysed as aluette analyse does it, which
    takes seconds a deal (--time-limit, -j): a second table gives each
    player's plays judged, mistakes, deals thrown away and saved, and
    accuracy, with all cards seen and, with --as-seen, as the player saw
    them (stats.md in the manual).

    \b
    Examples:
      aluette stats season/*.aln
      aluette stats --by seat samples/classic-game.aln
      aluette stats --by card --format csv club.aln > cards.csv
      aluette stats --format json club.aln | jq '.surprises'
      aluette stats --analyse --time-limit 2 -j 2 season/
    """
    status = _status()
    choice = _rule_choice(rules, options)
    _refuse_reading_into(files, output)
    _raw_csv_with_csv(raw_csv, fmt == "csv", "--format csv")
    # A play's figures (decisive, saved) compare it with every other card.
    limits = _limits(analyse_plays, from_trick, time_limit, as_seen, samples, seed, True)
    if limits is not None and by == "card":
        raise click.UsageError("--analyse counts plays by player, seat or team, not by card")
    from .stats import StatsAccumulator  # only stats adds up: see ModuleChoice
    from .writers.stats import skipped_lines, stats_csv, stats_dict, stats_text, summary_lines

    tally = StatsAccumulator(limits)
    read = _FilesRead()

    def opened(file: str, reason: str | None) -> None:
        read.opened(file, reason)
        if reason is None:
            tally.add_file()
        else:
            tally.skip_file(file, reason)

    if limits is None:
        results = each_result(
            files, choice, status, keep=OUTCOMES, jobs=jobs, on_file=opened, fmt=source
        )
        for file, rendered in results:
            assert rendered.checked is not None
            read.saw(file, rendered.deals, rendered.findings)
            tally.add(rendered.checked, file)
    else:
        analysed = each_analysis(files, choice, status, limits, jobs, opened, source)
        for file, checked, analysis in analysed:
            read.saw(file, checked.deals_read, checked.outcome.findings)
            tally.add(checked, file, analysis)
    result = tally.result()
    with atomic_output(output, binary=False) as out:
        if fmt == "json":
            out.write(json.dumps(stats_dict(result, by), indent=2, ensure_ascii=False) + "\n")
        elif fmt == "csv":
            out.write(stats_csv(result, by, raw_csv))
        else:
            out.write(stats_text(result, by, choose(width, color, to_file=output is not None)))
    if fmt == "csv":
        for line in summary_lines(result) + skipped_lines(result):
            click.echo(line, err=True)
    read.warn_empty("nothing to count")
    sys.exit(status.code)


@cli.command(name="scorer")
@rules_option(
    "Ruleset the page starts with: a preset or a TOML file (every preset is offered too)."
)
@click.option(
    "--lang",
    type=click.Choice(["en", "fr"]),
    default="en",
    show_default=True,
    help="The page's language.",
)
@click.option(
    "--continue",
    "record",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    help="A record of one game to go on with (- for standard input): the page"
    " opens at its next deal.",
)
@output_option()
def scorer_command(rules: str | None, lang: str, record: str | None, output: str | None) -> None:
    """Write the scorer's page: the score kept on a phone, the record written.

    \b
    Examples:
      aluette scorer -o marquoir.html
      aluette scorer --rules team-five --lang fr -o marquoir.html
      aluette scorer --continue tonight.aln -o marquoir.html
    """
    from .writers.scorer import InvalidRecord, page_for

    tag = _rules_tag(rules, output)
    _refuse_writing_over_rules(rules, output)
    if record is not None:
        _refuse_reading_into((record,), output)
    try:
        page = page_for(rules, tag, lang, record, output)
    except RulesetError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules") from None
    except InvalidRecord as exc:
        click.echo(f"aluette: {exc}", err=True)
        raise SystemExit(exc.status) from None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    with atomic_output(output, binary=False) as out:
        out.write(page)


def _usage(call: Callable[[], T]) -> T:
    """``call()``, its ValueError said as a usage error (status 2)."""
    try:
        return call()
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


def _raw_csv_with_csv(raw_csv: bool, csv: bool, option: str) -> None:
    """--raw-csv with another format was accepted and did nothing, as if its
    cells had been written raw."""
    if raw_csv and not csv:
        raise click.UsageError(f"--raw-csv says how CSV cells are written: use it with {option}")


def _refuse_reading_into(files: tuple[str, ...], output: str | None) -> None:
    problem = writes_into_inputs(files, output)
    if problem is not None:
        raise click.UsageError(problem)


def _rules_tag(rules: str | None, output: str | None) -> str | None:
    try:
        return rules_tag_for(rules, output)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules") from None


def _refuse_writing_over_inputs(
    pairs: list[tuple[str, str | None]],
    hint: str | Callable[[str], str],
    its_own: bool = False,
    beside: bool = False,
) -> None:
    """No output may be an input.  Its own would be replaced while it is
    read, and lost if anything went wrong: only the in-place mode
    (``its_own``) may do that.  Another would be replaced before it is read
    (``-o sub`` for the folder ``.`` that holds ``sub/a.aln``).  One look at
    each file, however many there are.  ``beside``: the outputs are named
    by ``--in-place`` (each beside its input), not by ``-o``."""
    inputs: dict[tuple[int, int], str] = {}
    for file, _ in pairs:
        found = _identity(file)
        if found is not None:
            inputs.setdefault(found, file)
    for file, target in pairs:
        if target is None or target == STDIO:
            continue
        own = same_file(file, target)
        if own and file == STDIO:  # (never written in place: it is read as a stream)
            raise click.UsageError(f"-o {visible(target)} is the file standard input is read from")
        if own and not its_own:
            said = (
                f"--in-place would write over the input file {visible(file)}"
                if beside
                else f"-o {visible(target)} is the input file"
            )
            raise click.UsageError(f"{said}; {hint(file) if callable(hint) else hint}")
        found = _identity(target)
        other = inputs.get(found) if found is not None else None
        if other is None or own:
            continue
        raise click.UsageError(
            f"{visible(target)}, where {visible(file)} would be written, is an input too"
            f" ({visible(other)}): it would be replaced before it is read; write the"
            " output outside the folders being read"
        )


def _identity(path: str) -> tuple[int, int] | None:
    """The file a name leads to (links followed), or None if there is none."""
    if path == STDIO:
        return stdin_file()
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def _world_error(exc: OSError) -> NoReturn:
    """A full disk, a missing directory, no permission: the user's message in
    one line, naming the path, and exit 2 (never "internal error")."""
    if isinstance(exc, WriteError):
        message = str(exc)
    else:
        name = exc.filename if exc.filename is not None else STDOUT_NAME
        message = f"cannot write {name}: {reason_of(exc)}"
    _silence_stdout()
    click.echo(f"aluette: {message}", err=True)
    sys.exit(EXIT_USAGE)


class Interrupted(BaseException):
    """Ctrl-C, raised by our own SIGINT handler.  Not a KeyboardInterrupt,
    which Click would turn into "Aborted!" and status 1: this one passes
    through Click to :func:`main`, undoing on its way what is half done
    (temporary files removed, worker processes terminated)."""


INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def _on_sigint(signum: int, frame: object) -> None:
    # A second Ctrl-C while the first is being cleaned up would interrupt the
    # cleanup itself: one is enough.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise Interrupted


def main(argv: list[str] | None = None) -> None:
    """Entry point: no traceback ever reaches the user, not even on a closed pipe
    or Ctrl-C (one line, status 130)."""
    previous = signal.signal(signal.SIGINT, _on_sigint)
    tune_gc()
    stand_in_for_closed_streams()
    _whole_writes()
    _encodable_output()
    try:
        try:
            cli.main(args=argv, prog_name="aluette", standalone_mode=True)
        except SystemExit:
            _flush_stdout()
            raise
    except Interrupted:
        _silence_stdout()
        with contextlib.suppress(OSError):
            sys.stderr.write("aluette: interrupted\n")
            sys.stderr.flush()
        sys.exit(INTERRUPTED)
    except OSError as exc:
        _world_error(exc)
    except Exception as exc:  # a bug of ours: say so in one line, not a traceback
        click.echo(f"aluette: internal error: {type(exc).__name__}: {exc}", err=True)
        click.echo("aluette: please report this with the input that caused it", err=True)
        sys.exit(EXIT_USAGE)
    finally:
        signal.signal(signal.SIGINT, previous)


def _whole_writes() -> None:
    """Standard output with a buffer, when Python was asked for none
    (``PYTHONUNBUFFERED``, ``python -u``).  Unbuffered, a write that the
    system takes in part (a file at its size limit, a disk filling up) is
    taken as done: the rest of the output was lost, with status 0 and no
    word.  A buffer writes on until all is written or the system says why
    not, and that is said (status 2).  Each line is still written as it is
    said: click flushes after each."""
    stream = sys.stdout
    if isinstance(getattr(stream, "buffer", None), io.FileIO):
        sys.stdout = io.TextIOWrapper(
            io.BufferedWriter(stream.buffer),
            encoding=stream.encoding,
            errors=stream.errors,
            line_buffering=bool(stream.line_buffering),
        )


def _encodable_output() -> None:
    """Standard output and error that can print every character, whatever
    the locale's encoding: a terminal in Latin-1 or ASCII cannot show
    U+FFFD (a byte of a record that was not UTF-8), monsieur's ``·`` or
    ``…``, and a strict encoder would end the command with an internal
    error, the verdict lost.  Such a character is written as its escape
    (``\ufffd``) instead; a UTF-8 stream is left as it is."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").replace("_", "-").lower()
        reconfigure = getattr(stream, "reconfigure", None)
        if encoding not in ("utf-8", "utf8") and reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def _flush_stdout() -> None:
    """Flush standard output now, while an error can still be said: the
    interpreter's own flush at exit would only print a traceback-like note."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that
    # flush cannot raise a second BrokenPipeError.
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
