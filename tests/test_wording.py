"""How things are said (``aluette_cli/wording.py``): lists, counts, cards and
the templates of the findings.

Every sentence of the tool goes through these few functions: a finding's
message, the report's tie-breaks and unknown tricks, the summary's counts.
A slip here would change the wording of many messages at once, and the
messages are part of what docs/violations.md promises, so each function is
held here on values written out by hand from docs/violations.md ("Every
message"), docs/rules.md §1 (the names of the cards) and docs/notation.md §2
(how cards are written).
"""

from __future__ import annotations

import pytest

from aluette_cli.wording import either, fill, listed, named, plural, short_name, tricks_named

# --------------------------------------------------------------------------
# Lists and counts


@pytest.mark.parametrize(
    ("items", "said"),
    [
        (["N"], "N"),
        (["N", "E"], "N and E"),
        (["N", "E", "S"], "N, E and S"),
        (["N", "E", "S", "W"], "N, E, S and W"),  # no comma before "and"
    ],
)
def test_a_list_is_said_with_commas_and_a_last_and(items: list[str], said: str) -> None:
    assert listed(items) == said
    assert listed(iter(items)) == said  # the tie-break's seats may come from a generator


@pytest.mark.parametrize(
    ("items", "said"),
    [
        (["N"], "N"),
        (["N", "E"], "N or E"),
        (["N", "E", "S"], "N, E or S"),
        # what the reader expected, as A001 says it (notation.md §1 and §8)
        (["a seat (N, E, S or W)", "'pourri'"], "a seat (N, E, S or W) or 'pourri'"),
        (["'signal'", "'stock'", "'winners'"], "'signal', 'stock' or 'winners'"),
    ],
)
def test_alternatives_are_said_with_commas_and_a_last_or(items: list[str], said: str) -> None:
    assert either(items) == said
    assert either(item for item in items) == said


@pytest.mark.parametrize(
    ("n", "word", "said"),
    [
        (1, "trick", "1 trick"),
        (2, "trick", "2 tricks"),
        (0, "error", "0 errors"),  # the summary's "0 errors, 0 warnings"
        (1, "warning", "1 warning"),
        (1, "entry", "1 entry"),
        (3, "entry", "3 entries"),  # A207: "the winners: sheet has 3 entries"
        (2, "play", "2 plays"),  # a y after a vowel just takes an s
        (2, "pourri trick", "2 pourri tricks"),  # the last word takes the plural
        (12, "scoring deal", "12 scoring deals"),
    ],
)
def test_a_count_is_said_with_its_noun(n: int, word: str, said: str) -> None:
    assert plural(n, word) == said


@pytest.mark.parametrize(
    ("numbers", "said"),
    [
        ([4], "trick 4"),
        ([3, 7], "tricks 3 and 7"),
        ([1, 2, 9], "tricks 1, 2 and 9"),
    ],
)
def test_tricks_are_named_by_number(numbers: list[int], said: str) -> None:
    assert tricks_named(numbers) == said
    assert tricks_named(iter(numbers)) == said


# --------------------------------------------------------------------------
# Cards


@pytest.mark.parametrize(
    ("card", "said"),
    [
        # the eight cards with a name, rules.md §1, spelt as said at the table
        ("3d", "3d (monsieur)"),
        ("3c", "3c (madame)"),
        ("2d", "2d (borgne)"),
        ("2c", "2c (vache)"),
        ("9c", "9c (grand-neuf)"),
        ("9d", "9d (petit-neuf)"),
        ("2b", "2b (deux de chêne)"),  # not the input spelling deux-de-chene
        ("2e", "2e (deux d'écrit)"),
        # the others by rank and suit, notation.md §2
        ("1e", "1e (ace of swords)"),
        ("Rc", "Rc (king of cups)"),
        ("Cd", "Cd (cavalier of coins)"),
        ("Vb", "Vb (valet of clubs)"),
        ("9e", "9e (nine of swords)"),  # the nines of swords and clubs have no name
        ("3b", "3b (three of clubs)"),
    ],
)
def test_a_card_is_its_code_with_what_a_player_calls_it(card: str, said: str) -> None:
    assert named(card) == said


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ("3d", "monsieur"),
        ("9c", "grand-neuf"),
        ("2e", "deux d'écrit"),
        ("1b", "ace"),
        ("Rd", "king"),
        ("Cc", "cavalier"),
        ("Ve", "valet"),
        ("9b", "nine"),
        ("3e", "three"),  # the three of swords is no madame
        ("8d", "eight"),
    ],
)
def test_a_card_at_the_table_is_its_name_or_its_rank(card: str, said: str) -> None:
    assert short_name(card) == said


# --------------------------------------------------------------------------
# Templates (docs/violations.md, Every message)


@pytest.mark.parametrize(
    ("template", "facts", "said"),
    [
        ("{cards:and}", {"cards": ["1d", "1c", "1b"]}, "1d, 1c and 1b"),
        ("{seats:or}", {"seats": ["N", "E"]}, "N or E"),
        ("{seats:or}", {"seats": ["W"]}, "W"),
        ("{card:named}", {"card": "3d"}, "3d (monsieur)"),
        ("{count:plural card}", {"count": 1}, "1 card"),
        ("{count:plural card}", {"count": 2}, "2 cards"),
        ("{count:plural entry}", {"count": 10}, "10 entries"),
        ("{count:plural, line}", {"count": 1}, "1 line"),
        ("{count:plural, line}", {"count": 999_900}, "999,900 lines"),
        ("{count:plural card}", {"count": 1200}, "1200 cards"),  # (validate's summary's)
        # str.format's own specs still work: A009's thousands, A003's byte
        ("{limit:,}", {"limit": 1048576}, "1,048,576"),
        ("0x{byte:02x}", {"byte": 10}, "0x0a"),
        ("{value!r}", {"value": "14/11"}, "'14/11'"),
        ("deal {n}", {"n": 3}, "deal 3"),
    ],
)
def test_a_format_spec_says_its_fact(template: str, facts: dict[str, object], said: str) -> None:
    assert fill(template, facts) == said


def test_a_wrong_dealer_reads_as_in_the_docs() -> None:
    # violations.md, A105's example: after S, W deals, not N.
    template = (
        "{dealer} deals, but {expected:or} should: {previous_dealer} dealt deal"
        " {previous} and the deal passes to the left"
    )
    facts = {"dealer": "N", "expected": ["W"], "previous_dealer": "S", "previous": 1}
    assert fill(template, facts) == (
        "N deals, but W should: S dealt deal 1 and the deal passes to the left"
    )


def test_a_chant_finding_joins_its_lists() -> None:
    template = "chant: {seat} exchanges but {other} does not; both {seats:and} chant"
    facts = {"seat": "E", "other": "W", "seats": ("E", "W")}
    assert fill(template, facts) == "chant: E exchanges but W does not; both E and W chant"


def test_a_fact_the_template_names_must_be_given() -> None:
    with pytest.raises(KeyError, match="seat"):
        fill("{seat}'s hand is given a second time", {"card": "3d"})


def test_three_alternatives_in_a_template_read_as_either_says_them() -> None:
    assert fill("{seats:or}", {"seats": ["N", "E", "S"]}) == "N, E or S"
