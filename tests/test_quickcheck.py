"""The quick check must never vouch for a deal the full replay finds wrong.

:class:`aluette_cli.quickcheck.QuickCheck` checks the usual deal straight
from its text and either vouches for it or leaves it to the full reading
and replay.  Whatever it does, ``validate`` must say exactly the same
thing: these tests check every game of a record twice, with the quick check
and with it turned off, and compare every finding (code, line, column,
message) and every score, on generated games under every ruleset and
option, on their annotated form, and on games with one mutation each.  They
also hold it to vouching for the usual deal, so that they cannot pass by
its declining everything.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aluette_cli import policies, quickcheck
from aluette_cli.cards import NAMED_CARDS, RANK_ALIASES, SUIT_ALIASES
from aluette_cli.pipeline import OUTCOMES, RuleChoice, Wants, check_source
from aluette_cli.policies import (
    TIE_POLICIES,
    DealResult,
    MostTricks,
    PlayT,
    Spoil,
    TrickResult,
)
from aluette_cli.rules import load_ruleset

from .conftest import generated, run

Verdict = list[tuple[object, ...]]
CLASSIC_TOML = (Path(policies.__file__).parent / "rulesets" / "classic.toml").read_text("utf-8")


@contextmanager
def counted() -> Iterator[list[int]]:
    """Count the deals the quick check vouches for and declines: [vouched, declined]."""
    counts = [0, 0]
    original = quickcheck.QuickCheck.deal

    def deal(self: quickcheck.QuickCheck, parts: list[str]) -> quickcheck.Checked | None:
        checked = original(self, parts)
        counts[0 if checked is not None else 1] += 1
        return checked

    quickcheck.QuickCheck.deal = deal  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        quickcheck.QuickCheck.deal = original  # type: ignore[method-assign]


@contextmanager
def without_quick_check() -> Iterator[None]:
    original = quickcheck.QuickCheck.deal
    quickcheck.QuickCheck.deal = lambda self, parts: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        quickcheck.QuickCheck.deal = original  # type: ignore[method-assign]


def outcomes(text: str, keep: Wants) -> list[tuple[object, ...]]:
    """What report establishes about each game: the verdict, and every deal's outcome."""
    games = check_source(io.BytesIO(text.encode("utf-8")), keep=keep)
    return [
        (
            g.deals_read,
            g.outcome.score,
            g.outcome.complete,
            g.outcome.winner,
            [(f.code, f.line, f.column, f.game, f.deal, f.message) for f in g.outcome.findings],
            g.outcome.deals,
        )
        for g in games
    ]


def verdict(text: str) -> Verdict:
    """What validate establishes about each game: findings, score, end."""
    return [row[:-1] for row in outcomes(text, False)]  # no deal's outcome is kept


def same_with_and_without(text: str) -> list[int]:
    """Check ``text`` both ways, for validate (nothing kept) and for report
    (the outcomes kept, every deal's compared whole with the full replay's);
    the counts of deals vouched for and declined."""
    with counted() as counts:
        quick = verdict(text)
    with without_quick_check():
        full = verdict(text)
    assert quick == full
    with counted() as kept_counts:
        quick_outcomes = outcomes(text, OUTCOMES)
    assert kept_counts == counts  # the same deals vouched for, outcomes or not
    assert quick_outcomes == outcomes(text, True)  # True: every deal read and replayed
    return counts


@pytest.mark.parametrize(
    "flags",
    [
        (),
        ("--style", "cards"),
        ("--policy", "ties"),
        ("--options", "mordienne", "--policy", "ties"),
        ("--options", "chanter,signals,mordienne", "--policy", "ties"),
        ("--rules", "team-five", "--policy", "ties"),
        ("--rules", "to-five-points"),
    ],
    ids=lambda f: " ".join(f) or "classic",
)
def test_the_usual_deal_is_vouched_for(flags: tuple[str, ...]) -> None:
    text = generated(11, "--games", "6", *flags)
    vouched, declined = same_with_and_without(text)
    # Deals with a line of an optional rule (a double, a chant, a signal, a
    # concession) are left to the full reading.
    optional = ("announce", "chant", "signal", "concede")
    blocks = text.split("\n\n")
    assert declined == sum(
        any(line.split(" ")[0] in optional for line in b.split("\n")) for b in blocks
    )
    assert vouched == text.count("\ndeal ") + text.startswith("deal ") - declined > 0


def hand_written(text: str, rng: random.Random) -> str:
    """The same games as a person may type them: aliases and card names,
    some trick lines cards-only or with some seats left out, comments on
    lines, blanks doubled."""
    names = {code: name for name, code in NAMED_CARDS.items()}
    ranks = {code: alias for alias, code in RANK_ALIASES.items()}
    suits = {code: alias for alias, code in SUIT_ALIASES.items()}
    out = []
    for line in text.split("\n"):
        words = line.split(" ")
        if line[:1].isdigit() or line[1:3] == ": " or line.startswith("stock:"):
            for k, word in enumerate(words):
                card = word[-2:]
                if card not in CARDS:
                    continue
                r = rng.random()
                if r < 0.2 and card in names:
                    card = names[card]
                elif r < 0.4:
                    card = ranks.get(card[0], card[0]) + suits.get(card[1], card[1])
                if line[:1].isdigit() and ":" in word and rng.random() < 0.3:
                    word = word[-2:]  # the seat left out
                words[k] = word[:-2] + card
        line = rng.choice(["  ", " "]).join(words)
        if line and not line.startswith("[") and rng.random() < 0.4:
            line += rng.choice([" {= a note}", " ; checked", "\t{x}  "])
        out.append(line)
    return "\n".join(out)


def test_hand_written_deals_are_vouched_for() -> None:
    rng = random.Random(3)
    for seed in (31, 32):
        text = hand_written(generated(seed, "--games", "3", "--policy", "ties"), rng)
        assert "monsieur" in text or "Ad" in text
        vouched, declined = same_with_and_without(text)
        assert declined == 0 and vouched > 0


@pytest.mark.parametrize("flags", [("--style", "sheet"), ("--no-claims",), ("--no-hands",)])
def test_other_layouts_are_left_to_the_full_reading(flags: tuple[str, ...]) -> None:
    text = generated(12, "--games", "3", *flags)
    vouched, declined = same_with_and_without(text)
    assert declined > 0
    if "--no-claims" in flags:
        assert vouched == 0  # no point line: the quick check never guesses a point


def test_annotated_records_are_vouched_for(tmp_path: pytest.TempPathFactory) -> None:
    text = generated(13, "--games", "4", "--policy", "ties")
    path = tmp_path / "g.aln"  # type: ignore[operator]
    path.write_text(text)
    annotated = run("annotate", str(path))
    assert annotated.exit_code == 0
    assert "{=" in annotated.stdout
    vouched, declined = same_with_and_without(annotated.stdout)
    assert declined == 0 and vouched > 0


# --------------------------------------------------------------------------
# One mutation a game: whatever it breaks, the verdict is the full replay's.

POOL = [generated(seed, "--games", "2", *flags) for seed, flags in [
    (21, ()),
    (22, ("--policy", "ties")),
    (23, ("--rules", "team-five", "--policy", "ties")),
    (24, ("--options", "chanter,signals,mordienne", "--policy", "ties")),
]]  # fmt: skip

CARDS = [r + s for r in "123456789VCR" for s in "dcbe"]


def mutate(text: str, kind: str, rng: random.Random) -> str:
    lines = text.split("\n")
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    d = rng.choice(deals)
    end = next((i for i in range(d, len(lines)) if not lines[i]), len(lines))
    body = list(range(d, end))
    tricks = [i for i in body if lines[i][:1].isdigit()]
    hands = [i for i in body if lines[i][1:3] == ": "]
    i = rng.choice(body)
    words = lines[i].split(" ")
    if kind == "card":  # a card replaced by another, anywhere in the deal
        k = rng.choice([j for j, w in enumerate(words) if w[-2:] in CARDS] or [0])
        w = words[k]
        words[k] = w[:-2] + rng.choice(CARDS) if w[-2:] in CARDS else w
    elif kind == "swap":  # two plays of different tricks exchanged
        a, b = rng.sample(tricks, 2) if len(tricks) > 1 else (tricks[0], tricks[0])
        wa, wb = lines[a].split(" "), lines[b].split(" ")
        ka, kb = rng.randrange(1, 5), rng.randrange(1, 5)
        wa[ka], wb[kb] = wb[kb], wa[ka]
        lines[a], lines[b] = " ".join(wa), " ".join(wb)
        return "\n".join(lines)
    elif kind == "hands":  # two cards exchanged between hands
        a, b = rng.sample(hands, 2)
        wa, wb = lines[a].split(" "), lines[b].split(" ")
        ka, kb = rng.randrange(1, len(wa)), rng.randrange(1, len(wb))
        wa[ka], wb[kb] = wb[kb], wa[ka]
        lines[a], lines[b] = " ".join(wa), " ".join(wb)
        return "\n".join(lines)
    elif kind == "seat":
        k = rng.randrange(len(words))
        if ":" in words[k]:
            words[k] = rng.choice("NESW") + words[k][1:]
        elif words[k] in ("N", "E", "S", "W", "NS", "EW", "pourri", "none"):
            words[k] = rng.choice(["N", "E", "S", "W", "NS", "EW", "pourri", "none"])
    elif kind == "number":
        k = rng.randrange(len(words))
        if words[k].rstrip(".").isdigit():
            dot = "." if words[k].endswith(".") else ""
            words[k] = str(int(words[k].rstrip(".")) + rng.choice([-1, 1, 9])) + dot
        elif words[k] == "point" and len(words) == 2:
            words.append(rng.choice(["0", "1", "2", "3"]))
    elif kind == "claim":  # a trick's claim changed, dropped or added
        t = rng.choice(tricks)
        play = lines[t].split(" -> ")[0]
        lines[t] = play + rng.choice(["", " -> N", " -> E", " -> S", " -> W", " -> pourri"])
        return "\n".join(lines)
    elif kind == "point":  # the point line's side or value changed
        p = next(j for j in body if lines[j].startswith("point"))
        side = rng.choice(["N", "E", "S", "W", "NS", "EW", "none"])
        lines[p] = f"point {side}" + rng.choice(["", " 0", " 1", " 2", " 3"])
        return "\n".join(lines)
    elif kind == "extra":  # a trick line numbered on past the last one
        last = tricks[-1]
        number = int(lines[last].split(".")[0])
        lines.insert(last + 1, f"{number + 1}." + lines[last].split(".", 1)[1])
        return "\n".join(lines)
    elif kind == "option":  # a line only an optional rule allows
        option = rng.choice([
            "signal N monsieur", "signal E aces-2", "announce NS double", "concede EW accepted",
            "concede NS refused", "chant N takes 2c 9d Re Cc Vc Vb discards 3d Rc Ce Vd 9b 7b",
            "winners: N E S W N E S W N",
        ])  # fmt: skip
        lines.insert(rng.randrange(d + 1, end + 1), option)
        return "\n".join(lines)
    elif kind == "line":  # a line dropped or written twice
        if rng.random() < 0.5:
            del lines[i]
        else:
            lines.insert(i, lines[i])
        return "\n".join(lines)
    elif kind == "comment":  # a comment, a stray brace or a double space between tokens
        k = rng.randrange(len(words) + 1)
        words.insert(k, rng.choice(["{ok}", "{", "}", "{a;b}", "", '{"}', ";x"]))
    elif kind == "glue":  # a comment inside a token, or two tokens glued
        k = rng.randrange(len(words))
        w = words[k]
        cut = rng.randrange(len(w) + 1)
        words[k] = w[:cut] + rng.choice(["{x}", "", " "]) + w[cut:]
        if k + 1 < len(words) and rng.random() < 0.3:
            words[k : k + 2] = [words[k] + words[k + 1]]
    lines[i] = " ".join(words)
    return "\n".join(lines)


KINDS = (
    "card", "swap", "hands", "seat", "number", "claim", "point", "extra", "option", "line",
    "comment", "glue",
)  # fmt: skip


#: A record of the pool, a kind of mutation and the randomness to make one:
#: what ``mutate`` takes, for the tests that check one mutation at a time.
MUTATION = (st.sampled_from(POOL), st.sampled_from(KINDS), st.randoms(use_true_random=False))


@settings(max_examples=150, deadline=None)
@given(*MUTATION)
def test_one_mutation_gets_the_full_replays_verdict(
    text: str, kind: str, rng: random.Random
) -> None:
    same_with_and_without(mutate(text, kind, rng))


@pytest.mark.parametrize("text", POOL, ids=[f"game-pair-{k}" for k in range(len(POOL))])
def test_every_claim_of_a_deal_written_otherwise(text: str) -> None:
    """Every way of writing the point line and every trick claim of the
    first deal: right, wrong or missing, the verdict is the full replay's.
    Only its game is checked: the other game of the pair is the same in
    every variant."""
    lines = text.split("\n\n[", 1)[0].split("\n")
    first = lines.index(next(line for line in lines if line.startswith("deal ")))
    end = lines.index("", first)
    for i in range(first, end):
        line = lines[i]
        if line.startswith("point"):
            variants = [
                f"point {side}{value}"
                for side in ("N", "E", "S", "W", "NS", "EW", "none")
                for value in ("", " 0", " 1", " 2", " 3")
            ]
        elif line[:1].isdigit():
            play = line.split(" -> ")[0]
            variants = [play + claim for claim in ("", " -> pourri", *(f" -> {s}" for s in "NESW"))]
        else:
            continue
        for variant in variants:
            same_with_and_without("\n".join([*lines[:i], variant, *lines[i + 1 :]]))


def test_blank_lines_and_blanks_after_a_deal_are_read_as_the_writer_writes_them() -> None:
    """The writer's pattern ends a deal with any blanks and line ends, as the
    grammar reads them, and tells a trick's claim and the point's number
    left out from those written (the quick check's pattern is held to the
    full replay; here, to vouching as well)."""
    text = generated(3, "--games", "1")
    deals = text.split("\n\n")
    tails = ["\n", "\n \n", "  \n\t\n\n", "\t"]
    spaced = "\n".join(d + tails[k % len(tails)] for k, d in enumerate(deals))
    vouched, _ = same_with_and_without(spaced)
    assert vouched == len(deals) - 1  # every deal (the first block is the tags)
    m = quickcheck._AS_WRITTEN.match(deals[1].replace(" -> ", " ->  ", 1) + "\n")
    assert m is None  # two spaces: not the writer's layout
    bare = re.sub(r" -> \S+", "", deals[1]) + "\n \n"
    for tail, points in (("", None), (" 2", "2")):
        m = quickcheck._AS_WRITTEN.match(re.sub(r"(\npoint \S+)", rf"\1{tail}", bare))
        assert m is not None
        g = m.groups()
        last = quickcheck.TRICK_GROUP + quickcheck.TRICK_GROUPS - 1  # the first trick's claim
        claims = [g[last + quickcheck.TRICK_GROUPS * k] for k in range(9)]
        assert claims == [None] * 9
        assert g[quickcheck.POINT_GROUP + 1] == points


@pytest.mark.parametrize("text", POOL, ids=[f"game-pair-{k}" for k in range(len(POOL))])
def test_a_trick_line_past_the_last(text: str) -> None:
    same_with_and_without(mutate(text, "extra", random.Random(1)))


def test_mutations_are_caught_not_vouched_for() -> None:
    """Of many single mutations that change the verdict, the quick check
    vouched for none of the deals they broke (the verdicts above are equal;
    this says the mutations were not all harmless)."""
    rng = random.Random(5)
    changed = 0
    for _ in range(120):
        text = rng.choice(POOL)
        mutated = mutate(text, rng.choice(KINDS), rng)
        if mutated != text and verdict(mutated) != verdict(text):
            changed += 1
            same_with_and_without(mutated)
    assert changed > 60


# --------------------------------------------------------------------------
# The one fact about tie policies the quick check uses without asking


@pytest.mark.parametrize("name", sorted(TIE_POLICIES))
@given(st.permutations(CARDS))
def test_a_card_above_all_others_takes_the_trick(name: str, deck: list[str]) -> None:
    policy = TIE_POLICIES[name]
    strength = load_ruleset("classic").strength
    plays = list(zip("NESW", deck[:4], strict=True))
    values = [strength[c] for _, c in plays]
    top = max(values)
    result = policy.result(plays, strength)
    if policy.declares("unique_top_wins") and values.count(top) == 1:
        assert result.winner == plays[values.index(top)][0]
    if policy.declares("only_top_wins") and result.winner is not None:
        assert values.count(top) == 1 and result.winner == plays[values.index(top)][0]


# --------------------------------------------------------------------------
# annotate: a deal vouched for is annotated from its outcome and its lines


def annotated(text: str) -> tuple[bytes, list[str]]:
    from aluette_cli.annotate import Annotator
    from aluette_cli.pipeline import RuleChoice

    out = io.BytesIO()
    findings = [
        f.format_line("g.aln")
        for checked in Annotator(io.BytesIO(text.encode("utf-8")), out, RuleChoice()).run()
        for f in checked.outcome.findings
    ]
    return out.getvalue(), findings


def same_annotation_with_and_without(text: str) -> int:
    """Annotate ``text`` both ways; the number of deals vouched for."""
    with counted() as counts:
        quick = annotated(text)
    with without_quick_check():
        assert annotated(text) == quick
    return counts[0]


@pytest.mark.parametrize("seed", [51, 52])
def test_annotate_says_the_same_of_a_deal_vouched_for(seed: int) -> None:
    rng = random.Random(seed)
    text = POOL[seed % len(POOL)]
    assert same_annotation_with_and_without(text) > 0
    assert same_annotation_with_and_without(hand_written(text, rng)) > 0
    once = annotated(text)[0].decode("utf-8")
    assert same_annotation_with_and_without(once) > 0  # annotated again
    for kind in KINDS:
        same_annotation_with_and_without(mutate(text, kind, rng))


# --------------------------------------------------------------------------
# One referee: the quick check has no rules of its own


class FoursSpoil(Spoil):
    """Ties spoil a trick, and so do the 4 of coins and the 4 of cups played
    in it together, whatever else is played: a card stronger than all the
    others does not always take the trick.  It changes the rule and
    declares nothing anew, so what Spoil declares of its rule is not taken
    for this one (``TiePolicy.declares``)."""

    name = "fours-spoil"

    def result(self, plays: Sequence[PlayT], strength: dict[str, int]) -> TrickResult:
        cards = [card for _, card in plays]
        if "4d" in cards and "4c" in cards:
            return TrickResult(None, True, ["4d", "4c"], [])
        return super().result(plays, strength)


class ThreeToScore(MostTricks):
    """Most tricks, but a deal won with fewer than three tricks is void."""

    name = "three-to-score"

    def result(self, sequence: Sequence[str | None], target: int, mordienne: bool) -> DealResult:
        result = super().result(sequence, target, mordienne)
        if result.winner is not None and result.counts[result.winner] < 3:
            return DealResult(result.counts, None, None, None)
        return result


def _house(tmp_path: Path, name: str, old: str, new: str) -> RuleChoice:
    """A ruleset file: classic with one line changed."""
    text = CLASSIC_TOML.replace('name = "classic"', f'name = "{name}"')
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return RuleChoice(rules=str(path))


def _verdicts(text: str, choice: RuleChoice) -> list[tuple[object, ...]]:
    games = check_source(io.BytesIO(text.encode("utf-8")), choice, keep=False)
    return [
        (g.outcome.score, [(f.code, f.line, f.column, f.message) for f in g.outcome.findings])
        for g in games
    ]


@pytest.mark.parametrize("house", ["fours-spoil", "three-to-score", "aces-low"])
def test_a_changed_rule_changes_the_quick_check_as_it_changes_the_replay(
    house: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records right under classic rules, checked under rules with one thing
    changed (a tie policy, a deal scoring, the ranking): the quick check must
    find exactly what the full replay finds, deal for deal, and vouch for
    some deals and decline others.  A copy of a rule in the quick check (a
    trick won by the strongest card, a deal won by most tricks, a fixed rank
    table) would vouch for a deal the replay finds wrong."""
    monkeypatch.setitem(policies.TIE_POLICIES, "fours-spoil", FoursSpoil())
    monkeypatch.setitem(policies.DEAL_SCORINGS, "three-to-score", ThreeToScore())
    if house == "fours-spoil":
        choice = _house(tmp_path, house, 'tie = "spoil"', 'tie = "fours-spoil"')
    elif house == "three-to-score":
        choice = _house(tmp_path, house, 'scoring = "most-tricks"', 'scoring = "three-to-score"')
    else:
        start = CLASSIC_TOML.index("[ranking]")
        end = CLASSIC_TOML.index("\n]\n", start) + 2
        groups = load_ruleset("classic").ranking
        aces = next(group for group in groups if "1d" in group)
        rows = [list(g) for g in groups if g is not aces] + [list(aces)]
        ranking = "[ranking]\ngroups = [\n" + ",\n".join(map(json.dumps, rows)) + ",\n]"
        choice = _house(tmp_path, house, CLASSIC_TOML[start:end], ranking)
    text = generated(5, "--games", "8")
    with counted() as counts:
        quick = _verdicts(text, choice)
    with without_quick_check():
        full = _verdicts(text, choice)
    assert quick == full
    vouched, declined = counts
    assert vouched > 0 and declined > 0  # the change decides some deals, not all
    with counted() as classic_counts:
        _verdicts(text, RuleChoice())
    assert classic_counts == [vouched + declined, 0]  # right under the rules written for
