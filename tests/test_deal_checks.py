"""The checks around play, called one by one (aluette_cli/deal_checks.py).

Each check reads one part of a record (the deck, the chant, the lines of
the optional rules, the signals, the partnership draw), raises its findings
through a ``Flags`` and returns what play needs.  The replay's tests
(test_engine, test_variants, test_messy) see them only through the engine;
here each is called as the engine calls it, on a deal read from a few ALN
lines, so that a finding, its place and what the check returns are pinned
to the check itself.  Every expectation is worked out by hand from
docs/rules.md, docs/notation.md and docs/violations.md.
"""

from __future__ import annotations

import pytest

from aluette_cli.cards import DECK
from aluette_cli.deal_checks import (
    Exchange,
    apply_chants,
    check_deck,
    check_draw,
    check_option_lines,
    check_signals,
    dealt_once,
    hand_lines,
    signal_says,
)
from aluette_cli.findings import Flags
from aluette_cli.model import Deal, Draw
from aluette_cli.reading import read_games
from aluette_cli.rules import Ruleset, load_ruleset

from .conftest import SAMPLES, check, record

CLASSIC = load_ruleset("classic")
OPTIONS = CLASSIC.with_options(frozenset({"chanter", "mordienne", "signals"}))
TEAM_FIVE = load_ruleset("team-five")
HOUSE = load_ruleset(str(SAMPLES / "house-rules.toml")).with_options(frozenset({"chanter"}))

# The deal of docs/rules.md §6 (chanter), dealt by W: line 1 the header, 2-5
# the hands, 6 the stock.  Each of the 48 cards is once in a hand or the stock.
HANDS = [
    "N: 3d 2d 9c 2b 1d Rd Cd Vd 8d",
    "E: 3c 2c 9d 2e 1c Rc 1b Vc 8c",
    "S: Cc Rb Cb Vb 9b 8b 7b 6b 5b",
    "W: 1e Re Ce Ve 9e 8e 7e 6e 5e",
]
STOCK = "stock: 7d 6d 5d 4d 7c 6c 5c 4c 4b 4e 3e 3b"
WRITTEN = [*HANDS, STOCK]
# W and N (the dealer and the dealer's left) take the stock: lines 7 and 8.
CHANT_W = "chant W takes 7d 6d 5d 4d 7c 6c discards 5e 6e 7e 8e 9e Ve"
CHANT_N = "chant N takes 5c 4c 4b 4e 3e 3b discards 4b 4e 3e 3b Vd 8d"


def deal_of(*lines: str) -> Deal:
    """The one deal of a record whose line k is ``lines[k - 1]``."""
    (game,) = read_games([record(*lines).encode("utf-8")])
    (deal,) = game.deals
    assert isinstance(deal, Deal)
    return deal


def by_w(*lines: str) -> Deal:
    """A deal dealt by W: line 1 its header, then ``lines``."""
    return deal_of("deal 1 dealer W", *lines)


def cards(line: str) -> set[str]:
    """The cards of a hand or stock line, as a set."""
    return set(line.split(":", 1)[1].split())


AS_DEALT = {line[0]: cards(line) for line in HANDS}
ONE_EACH = "; the deck has one of each card"


def said(flag: Flags) -> list[str]:
    """Each finding raised, in order, as ``CODE line:column message``."""
    return [f"{f.code} {f.line}:{f.column} {f.message}" for f in flag.found]


# --------------------------------------------------------------------------
# The deck (docs/rules.md §1-2; A101-A103, A107, A108)


def test_a_deal_dealt_right_gives_each_hand_as_written_and_no_finding() -> None:
    flag = Flags(1)
    assert check_deck(by_w(*WRITTEN), flag, CLASSIC) == AS_DEALT
    assert flag.found == []


@pytest.mark.parametrize(
    ("tricks", "line", "place", "other"),
    [
        ([], 5, "W", "N"),  # nobody plays Vd: the line written second, W's
        (["1. N:Vd E:8c S:5b W:5e"], 2, "N", "W"),  # N plays Vd: N's line
        # cards alone: E, S and W hold the others, so N plays Vd; then the mirror
        (["1. Vd 8c 5b 5e"], 2, "N", "W"),
        (["1. 3d 3c Cc Vd"], 5, "W", "N"),
        # cards alone with 1e among them too: whose 1e it is is the question,
        # so the place of E's 8c says the seats, and N plays Vd
        (["1. Vd 8c 5b 1e"], 2, "N", "W"),
        # nobody plays Vd (play stopped early), but W plays 1e: W's is W's
        (["1. N:3d E:8c S:5b W:1e"], 2, "N", "W"),
    ],
)
def test_one_card_written_twice_and_one_nowhere_is_a_slip_fixed_where_it_is(
    tricks: list[str], line: int, place: str, other: str
) -> None:
    # N's Vd written as 1e, which is W's: 1e twice, Vd nowhere (A101, typo).
    flag = Flags(1)
    hands = check_deck(
        by_w(HANDS[0].replace("Vd", "1e"), *HANDS[1:], STOCK, *tricks), flag, CLASSIC
    )
    assert said(flag) == [
        f"A101 {line}:1 card 1e is dealt in {place}'s hand and in {other}'s hand, and Vd is"
        f" dealt nowhere: write Vd in {place}'s hand in place of 1e"
    ]
    # Play goes on from the card meant, in the hand the slip is put on only.
    assert "Vd" in hands[place] and "1e" not in hands[place] and len(hands[place]) == 9
    assert "1e" in hands[other]


def test_without_a_stock_line_the_card_meant_is_the_one_played_that_no_line_holds() -> None:
    # N's Vd written as W's 1e, no stock line (a score sheet's habit): the
    # twelve stock cards are written nowhere too, but only Vd is played.
    flag = Flags(1)
    deal = by_w(HANDS[0].replace("Vd", "1e"), *HANDS[1:], "1. N:Vd E:8c S:5b W:5e")
    hands = check_deck(deal, flag, CLASSIC)
    assert said(flag) == [
        "A101 2:1 card 1e is dealt in N's hand and in W's hand, and Vd is dealt nowhere:"
        " write Vd in N's hand in place of 1e"
    ]
    assert hands == AS_DEALT
    # nothing played that no line holds: nothing says which card was meant
    flag = Flags(1)
    check_deck(by_w(HANDS[0].replace("Vd", "1e"), *HANDS[1:]), flag, CLASSIC)
    assert said(flag) == [f"A101 5:1 card 1e is dealt in N's hand and in W's hand{ONE_EACH}"]


@pytest.mark.parametrize(
    ("trick", "line", "place", "other"),
    [
        # Vd played by a line of cards alone: still from a hand, never from
        # the stock (no chant took it), so the slip is N's.
        ("1. Vd 8c 5b 5e", 2, "N's hand", "the stock"),
        ("1. N:Vd E:8c S:5b W:5e", 2, "N's hand", "the stock"),
        # nobody plays Vd: the part written second, the stock
        ("1. N:3d E:8c S:5b W:5e", 6, "the stock", "N's hand"),
    ],
)
def test_a_slip_between_a_hand_and_the_stock_is_the_hand_s_when_the_card_meant_is_played(
    trick: str, line: int, place: str, other: str
) -> None:
    # N's Vd written as 7d, which is the stock's: 7d twice, Vd nowhere.
    flag = Flags(1)
    check_deck(by_w(HANDS[0].replace("Vd", "7d"), *HANDS[1:], STOCK, trick), flag, CLASSIC)
    assert said(flag) == [
        f"A101 {line}:1 card 7d is dealt in {place} and in {other}, and Vd is"
        f" dealt nowhere: write Vd in {place} in place of 7d"
    ]


# N's Vd and 8d written as W's 1e and 8e: two cards twice, two nowhere.
TWO_SLIPS = [HANDS[0].replace("Vd", "1e").replace("8d", "8e"), *HANDS[1:], STOCK]


def test_two_slips_in_one_hand_are_each_fixed_where_the_play_shows_them() -> None:
    """N plays both cards meant, so both slips are N's; 8e is paired with
    8d (a rank kept) and 1e with Vd, rather than the other way round."""
    flag = Flags(1)
    hands = check_deck(
        by_w(*TWO_SLIPS, "1. N:Vd E:8c S:5b W:5e", "2. N:8d E:9d S:6b W:6e"), flag, CLASSIC
    )
    assert said(flag) == [
        "A101 2:1 card 1e is dealt in N's hand and in W's hand, and Vd is dealt nowhere:"
        " write Vd in N's hand in place of 1e",
        "A101 2:1 card 8e is dealt in N's hand and in W's hand, and 8d is dealt nowhere:"
        " write 8d in N's hand in place of 8e",
    ]
    assert hands == AS_DEALT


def test_slips_in_two_hands_are_each_put_on_the_hand_of_the_player_of_the_card_meant() -> None:
    # N's Vd written as W's 1e, and E's 8c as S's 8b; the cards alone of
    # trick 2 are seated by the turn (9d is E's, so the third card is S's).
    lines = [
        HANDS[0].replace("Vd", "1e"),
        HANDS[1].replace("8c", "8b"),
        *HANDS[2:],
        STOCK,
        "1. N:Vd E:2c S:5b W:5e",
        "2. 3d 8c 6b 6e",
    ]
    flag = Flags(1)
    hands = check_deck(by_w(*lines), flag, CLASSIC)
    assert said(flag) == [
        "A101 3:1 card 8b is dealt in E's hand and in S's hand, and 8c is dealt nowhere:"
        " write 8c in E's hand in place of 8b",
        "A101 2:1 card 1e is dealt in N's hand and in W's hand, and Vd is dealt nowhere:"
        " write Vd in N's hand in place of 1e",
    ]
    assert hands == AS_DEALT


@pytest.mark.parametrize(
    "tricks",
    [
        [],  # nobody plays the cards meant
        ["1. N:Vd E:8c S:5b W:5e"],  # nor 8d: one pairing is not two
        # both cards meant N's, neither like either card written: a guess
        ["1. N:Vd E:8c S:5b W:5e", "2. N:8d E:9d S:6b W:6e"],
    ],
)
def test_slips_the_play_does_not_pair_are_each_a101_and_change_no_hand(
    tricks: list[str],
) -> None:
    lines = [HANDS[0].replace("Vd", "1e").replace("8d", "Re"), *HANDS[1:], STOCK, *tricks]
    flag = Flags(1)
    assert check_deck(by_w(*lines), flag, CLASSIC) == {line[0]: cards(line) for line in lines[:4]}
    assert said(flag) == [
        f"A101 5:1 card 1e is dealt in N's hand and in W's hand{ONE_EACH}",
        f"A101 5:1 card Re is dealt in N's hand and in W's hand{ONE_EACH}",
    ]


# N's 2d written as a second 3d: 3d twice in one hand, 2d nowhere.
DOUBLED = [HANDS[0].replace("2d", "3d"), *HANDS[1:], STOCK]


def test_a_card_written_twice_in_one_hand_for_a_missing_one_is_a_slip() -> None:
    flag = Flags(1)
    check_deck(by_w(*DOUBLED), flag, CLASSIC)
    assert said(flag) == [
        "A101 2:1 card 3d is dealt twice in N's hand, and 2d is dealt nowhere:"
        " write 2d in N's hand in place of one 3d"
    ]


def test_after_a_slip_within_one_hand_the_hand_holds_both_cards() -> None:
    assert check_deck(by_w(*DOUBLED), Flags(1), CLASSIC)["N"] == AS_DEALT["N"]  # 3d and 2d


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # The stock's 4b and 3b written as 1d and 3d, both N's: two cards twice.
        (
            [*HANDS, STOCK.replace("4b", "1d").replace("3b", "3d")],
            [
                f"A101 6:1 card 1d is dealt in N's hand and in the stock{ONE_EACH}",
                f"A101 6:1 card 3d is dealt in N's hand and in the stock{ONE_EACH}",
            ],
        ),
        # N holds a second 3d as a tenth card: one card twice, but none missing.
        (
            [HANDS[0] + " 3d", *HANDS[1:], STOCK],
            [
                "A102 2:1 N's hand has 10 cards; the deal gives each player 9",
                f"A101 2:1 card 3d is dealt twice in N's hand{ONE_EACH}",
            ],
        ),
    ],
)
def test_cards_dealt_twice_that_are_no_single_slip_are_each_a101_and_change_no_hand(
    lines: list[str], expected: list[str]
) -> None:
    flag = Flags(1)
    assert check_deck(by_w(*lines), flag, CLASSIC) == {line[0]: cards(line) for line in lines[:4]}
    assert said(flag) == expected


def test_a_repeated_hand_and_stock_are_a107_and_a108_and_the_first_are_used() -> None:
    # The second N line (line 6) holds E's cards: were it counted, they would
    # be dealt twice.  Line 7 is the stock, line 8 the stock again.
    flag = Flags(1)
    assert check_deck(by_w(*HANDS, "N: " + HANDS[1][3:], STOCK, STOCK), flag, CLASSIC) == AS_DEALT
    assert sorted(said(flag)) == [
        "A107 6:1 N's hand is given a second time; the first is used",
        "A108 8:1 a second stock line; the first, on line 7, is used, and both are kept",
    ]


@pytest.mark.parametrize(
    ("written", "which"),
    [
        # N's line written under W (line 2), W's own line after it (line 5)
        (["W: " + HANDS[0][3:], *HANDS[1:]], "first"),
        # N's line written under W after W's own (line 5)
        ([HANDS[3], *HANDS[1:3], "W: " + HANDS[0][3:]], "second"),
    ],
)
def test_a_hand_written_under_the_wrong_seat_is_read_as_the_play_shows(
    written: list[str], which: str
) -> None:
    """W's hand twice and N's not at all: the play shows which line N
    played from.  One A107 that says so, the hands as dealt, and every card
    N plays is N's (where each was an A203).  Where the play does not tell,
    the first line is W's, as before."""
    play = ["1. N:3d E:3c S:Cc W:1e", "2. N:2d E:2c S:Rb W:Re"]
    flag = Flags(1)
    assert check_deck(by_w(*written, STOCK, *play), flag, CLASSIC) == AS_DEALT
    assert said(flag) == [
        f"A107 5:1 W's hand is given a second time, and N's not at all: the play shows"
        f" that the {which} is N's, and it is read so"
    ]
    flag = Flags(1)
    check_deck(by_w(*written, STOCK, "1. 3d 3c Cc 1e"), flag, CLASSIC)  # cards alone: nothing said
    assert said(flag) == ["A107 5:1 W's hand is given a second time; the first is used"]


def test_two_hands_written_under_wrong_seats_are_each_read_as_the_play_shows() -> None:
    """N's hand written under W and E's under S, each before the seat's own
    line: two slips, two A107, the hands as dealt (where every card N and E
    played was an A203, 38 findings on a generated deal)."""
    written = ["W: " + HANDS[0][3:], "S: " + HANDS[1][3:], HANDS[2], HANDS[3]]
    play = ["1. N:3d E:3c S:Cc W:1e", "2. N:2d E:2c S:Rb W:Re"]
    flag = Flags(1)
    assert check_deck(by_w(*written, STOCK, *play), flag, CLASSIC) == AS_DEALT
    assert said(flag) == [
        "A107 4:1 S's hand is given a second time, and E's not at all: the play shows"
        " that the first is E's, and it is read so",
        "A107 5:1 W's hand is given a second time, and N's not at all: the play shows"
        " that the first is N's, and it is read so",
    ]


def test_the_engine_plays_a_misseated_hand_as_the_play_shows() -> None:
    lines = ["W: " + HANDS[0][3:], *HANDS[1:], STOCK, "1. N:3d E:3c S:Cc W:1e -> N"]

    def codes() -> list[str]:  # (the deal stops after one trick: A206)
        checked = check(record("deal 1 dealer W", *lines))
        return [f.code for f in checked.outcome.findings if f.code != "A206"]

    assert codes() == ["A107"]
    # W plays N's card: a second mistake, still found, and N's plays still
    # show the first line is N's
    lines.append("2. N:2d E:2c S:Rb W:Vd -> N")
    assert codes() == ["A107", "A203"]
    checked = check(record("deal 1 dealer W", *lines))
    assert [f.message for f in checked.outcome.findings if f.code == "A203"] == [
        "card Vd played by W is not in W's hand; it was dealt to N"
    ]


#: Three tricks of the hands as dealt, seats written.
PLAYED = [
    "1. N:3d E:3c S:Cc W:1e",
    "2. N:2d E:2c S:Rb W:Re",
    "3. N:9c E:9d S:Cb W:Ce",
]


def _under(*seats: str) -> list[str]:
    """The hand lines in their order, each under the seat letter given."""
    return [f"{seat}: {line[3:]}" for seat, line in zip(seats, HANDS, strict=True)]


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            _under("N", "W", "S", "E"),
            "A110 3:1 the hand lines written for W and E hold the cards E and W played:"
            " the play shows the seats are the wrong way round, and they are read so",
        ),
        (
            _under("E", "S", "N", "W"),
            "A110 2:1 the hand lines written for E, S and N hold the cards N, E and S"
            " played: the play shows the seats are the wrong way round, and they are read so",
        ),
    ],
    ids=["two exchanged", "three round"],
)
def test_hand_lines_under_one_another_s_seats_are_one_slip_read_as_the_play_shows(
    written: list[str], message: str
) -> None:
    """Every card those players played was an A203 (18 on a generated deal
    with W's and E's letters exchanged): one A110, and the hands as dealt."""
    flag = Flags(1)
    assert check_deck(by_w(*written, STOCK, *PLAYED), flag, CLASSIC) == AS_DEALT
    assert said(flag) == [message]
    assert {s: h.cards for s, h in hand_lines(by_w(*written, STOCK, *PLAYED), CLASSIC).items()} == {
        line[0]: line[3:].split() for line in HANDS
    }
    checked = check(record("deal 1 dealer W", *written, STOCK, *PLAYED))
    assert [f.code for f in checked.outcome.findings if f.code != "A206"] == ["A110"]


def _alone(*lines: str) -> list[str]:
    """Trick lines of seats and cards as cards alone, claims dropped."""
    return [
        line.split(" ", 1)[0]
        + " "
        + " ".join(c.split(":")[1] for c in line.split()[1:] if ":" in c)
        for line in lines
    ]


def test_cards_alone_without_claims_are_read_again_with_the_seats_the_replay_gave() -> None:
    """No seat and no claim: before play nothing says who played what, and
    the deck's check reads the lines as written; the replay seats the cards
    (the dealer's left, then each winner by the rules), and with those
    seats the lines under one another's seats are one A110, as with the
    seats written (``fmt --style seats``), not an A203 a card."""
    swapped = _under("N", "W", "S", "E")
    flag = Flags(1)
    written = {line[0]: cards(line) for line in swapped}
    assert check_deck(by_w(*swapped, STOCK, *_alone(*PLAYED)), flag, CLASSIC) == written
    assert said(flag) == []
    for play in (_alone(*PLAYED), PLAYED):
        checked = check(record("deal 1 dealer W", *swapped, STOCK, *play))
        assert [f.code for f in checked.outcome.findings if f.code != "A206"] == ["A110"]


def test_cards_alone_turned_round_by_the_header_s_dealer_are_the_dealer_s_slip() -> None:
    """Every card a seat round from its line, where only the header's
    dealer seats the play, is that dealer written wrong (A202 on the first
    lead), not four lines written round the table."""
    flag = Flags(1)
    assert check_deck(by_w(*HANDS, STOCK, *_alone(*PLAYED)), flag, CLASSIC) == AS_DEALT
    assert said(flag) == []
    wrong = by_w(*HANDS, STOCK, *_alone(*PLAYED))
    wrong.dealer = "N"
    flag = Flags(1)
    assert check_deck(wrong, flag, CLASSIC) == AS_DEALT
    assert said(flag) == []
    checked = check(record("deal 1 dealer N", *HANDS, STOCK, *_alone(*PLAYED)))
    assert [f.code for f in checked.outcome.findings if f.code != "A206"] == ["A202"]


def test_a_line_read_as_written_where_the_play_does_not_tell_another_seating() -> None:
    """Two cards in each other's lines are two A203, not a seating; nor does
    a play that fits two seatings alike."""
    crossed = [HANDS[0].replace("9c", "9d"), HANDS[1].replace("9d", "9c"), *HANDS[2:]]
    flag = Flags(1)
    check_deck(by_w(*crossed, STOCK, *PLAYED), flag, CLASSIC)
    assert said(flag) == []
    swapped = _under("N", "W", "S", "E")
    flag = Flags(1)
    check_deck(by_w(*swapped, STOCK, *PLAYED[:1]), flag, CLASSIC)  # two cards away: too few to tell
    assert said(flag) == []


# The deck in its own order (1d 2d ... Rd 1c ...), cut into four nines and a twelve.
NINES = [set(DECK[k : k + 9]) for k in range(0, 36, 9)]
TWELVE = DECK[36:]
FOUR = dict(zip("NESW", NINES, strict=True))


@pytest.mark.parametrize(
    ("hands", "stock", "once"),
    [
        (FOUR, TWELVE, True),
        ({"N": NINES[0], "E": NINES[1]}, None, True),  # the stock not written
        ({**FOUR, "N": NINES[0] - {"1d"}}, ("1d", *TWELVE), False),  # N's 1d in the stock
        ({"N": NINES[0], "E": NINES[1]}, ("1d", *TWELVE[1:]), False),  # 1d is N's
        ({"N": NINES[0] - {"1d"}, "E": NINES[1]}, None, False),  # a hand of eight
        # Ten and eight are eighteen different cards, but neither hand is nine.
        ({"N": NINES[0] | {"Vd"}, "E": NINES[1] - {"Vd"}}, None, False),
    ],
)
def test_dealt_once_holds_each_hand_and_the_stock_to_its_size_and_each_card_to_one_place(
    hands: dict[str, set[str]], stock: tuple[str, ...] | None, once: bool
) -> None:
    assert dealt_once(hands, stock) is once


# --------------------------------------------------------------------------
# The chant (docs/rules.md §6, chanter; A405)

# What the exchange of docs/rules.md §6 tells of every hand, written or not.
EXCHANGE = Exchange(
    taken=cards(STOCK),
    kept=dict.fromkeys(["7d", "6d", "5d", "4d", "7c", "6c"], "W") | {"5c": "N", "4c": "N"},
    discarded=dict.fromkeys(["5e", "6e", "7e", "8e", "9e", "Ve"], "W")
    | dict.fromkeys(["4b", "4e", "3e", "3b", "Vd", "8d"], "N"),
    made=[0, 1],  # (both chant lines, W's then N's)
)


def test_the_chant_of_the_rules_gives_the_hands_play_starts_from() -> None:
    deal = by_w(*WRITTEN, CHANT_W, CHANT_N)
    flag = Flags(1)
    hands = check_deck(deal, flag, CLASSIC)
    assert apply_chants(deal, hands, OPTIONS, flag) == EXCHANGE
    # W keeps 1e Re Ce and its six; N keeps seven it was dealt and 5c 4c.
    assert hands == AS_DEALT | {
        "N": cards("N: 3d 2d 9c 2b 1d Rd Cd 5c 4c"),
        "W": cards("W: 1e Re Ce 7d 6d 5d 4d 7c 6c"),
    }
    assert flag.found == []


def test_without_hands_the_chant_still_tells_who_kept_and_who_discarded_each_card() -> None:
    flag = Flags(1)
    hands: dict[str, set[str]] = {}
    assert apply_chants(by_w(STOCK, CHANT_W, CHANT_N), hands, OPTIONS, flag) == EXCHANGE
    assert (hands, flag.found) == ({}, [])


@pytest.mark.parametrize(
    ("written", "old", "new", "line", "problem"),
    [
        (WRITTEN, "takes 7d", "takes 1b", 7, "1b is in a player's hand, not in the stock"),  # E's
        (WRITTEN, "takes 7d 6d", "takes 6d", 7, "W takes 5 cards, not 6"),
        (WRITTEN, " Ve", "", 7, "W discards 5 cards, not 6"),
        (WRITTEN, "Ve", "3d", 7, "3d discarded but not held by W"),  # N's
        (WRITTEN, "takes 7d", "takes 5c", 8, "5c is taken twice"),  # by W, then by N
        # 6e written as a second 5e: five cards out, and W would keep ten
        (
            WRITTEN,
            "discards 5e 6e",
            "discards 5e 5e",
            7,
            "W discards 5e twice; the six discards are six different cards, so one is likely"
            " a slip",
        ),
        # W's hand not written: W's own 1e is not in the stock; a card in N's
        # hand, or one N takes (the stock not written either), is not W's.
        ([*HANDS[:3], STOCK], "takes 7d", "takes 1e", 6, "1e is not in the stock"),
        ([*HANDS[:3], STOCK], "Ve", "3d", 6, "3d discarded but not held by W"),
        (HANDS[:3], "Ve", "4b", 5, "4b discarded but not held by W"),
    ],
)
def test_a_wrong_exchange_is_one_a405_on_the_line_at_fault(
    written: list[str], old: str, new: str, line: int, problem: str
) -> None:
    deal = by_w(*written, CHANT_W.replace(old, new), CHANT_N)
    flag = Flags(1)
    apply_chants(deal, check_deck(deal, flag, CLASSIC), OPTIONS, flag)
    assert said(flag) == [f"A405 {line}:1 chant: {problem}"]


def test_a_card_discarded_but_not_held_is_not_taken_out_of_play() -> None:
    # W "discards" N's 3d in place of Ve: 3d stays N's, and W keeps Ve.
    deal = by_w(*WRITTEN, CHANT_W.replace("Ve", "3d"), CHANT_N)
    hands = check_deck(deal, Flags(1), CLASSIC)
    exchange = apply_chants(deal, hands, OPTIONS, Flags(1))
    assert "3d" not in exchange.discarded and "Ve" not in exchange.discarded
    assert "3d" in hands["N"] and "Ve" in hands["W"]


@pytest.mark.parametrize(
    ("ruleset", "dealer", "first", "second", "allowed"),
    [
        # classic: the dealer and the dealer's left; the other two may not chant.
        (OPTIONS, "S", "N", "E", "S and W"),
        # samples/house-rules.toml: the dealer's partner and the dealer's left.
        (HOUSE, "W", "W", "S", "E and N"),
    ],
)
def test_only_the_two_seats_of_the_ruleset_take_the_stock(
    ruleset: Ruleset, dealer: str, first: str, second: str, allowed: str
) -> None:
    # Neither of the two seats chants, so the exchange is not one-sided as well.
    deal = deal_of(
        f"deal 1 dealer {dealer}",
        STOCK,
        f"chant {first} takes 7d 6d 5d 4d 7c 6c discards 7d 6d 5d 4d 7c 6c",
        f"chant {second} takes 5c 4c 4b 4e 3e 3b discards 5c 4c 4b 4e 3e 3b",
    )
    flag = Flags(1)
    apply_chants(deal, {}, ruleset, flag)
    wrong = f"A405 {{}}:1 chant: only {allowed} take the stock when {dealer} deals"
    assert said(flag) == [wrong.format(3), wrong.format(4)]


def test_one_of_the_two_chanting_alone_is_a_one_sided_exchange() -> None:
    deal = by_w(*WRITTEN, CHANT_W)
    flag = Flags(1)
    apply_chants(deal, check_deck(deal, flag, CLASSIC), OPTIONS, flag)
    assert said(flag) == [
        "A405 7:1 chant: W exchanges but N does not; both W and N chant, or neither does"
    ]


# --------------------------------------------------------------------------
# The lines of the optional rules (docs/rules.md §6-7; A402, A407), and lines
# given twice (A109, A420)


@pytest.mark.parametrize(
    ("ruleset", "lines", "expected"),
    [
        (TEAM_FIVE, ["announce EW double"], []),
        (OPTIONS, ["concede NS accepted", "signal S monsieur"], []),
        (
            CLASSIC,
            ["announce EW double"],
            ["A402 2:1 announce EW double: the 'classic' rules have no doubles (team-five has)"],
        ),
        (CLASSIC, ["concede NS accepted"], ["A402 2:1 a concession needs the mordienne option"]),
        # team-five cannot have the option (asked for, A401): no advice to ask for it
        (
            TEAM_FIVE,
            ["concede NS accepted"],
            [
                "A402 2:1 a concession needs the mordienne option, which the 'team-five'"
                " rules have not: their deals have no concessions"
            ],
        ),
        (CLASSIC, ["signal S monsieur"], ["A402 2:1 signal lines need the signals option"]),
        (
            TEAM_FIVE,
            ["announce EW double", "announce NS double"],
            ["A407 3:1 only one double may be announced in a deal; the first is used"],
        ),
        (
            OPTIONS,
            ["concede NS accepted", "concede EW refused"],
            ["A407 3:1 only one concession may be offered in a deal; the first is used"],
        ),
        (
            CLASSIC,
            ["point NS", "point EW"],
            [
                "A109 3:1 a second point line; the first, on line 2, is the claim checked,"
                " and both are kept"
            ],
        ),
        (
            CLASSIC,
            ["winners: E E E E E E E E E", "winners: N N N S S W W E E"],
            [
                "A420 3:1 a second winners: sheet; the deal is checked against the first,"
                " on line 2, and both are kept"
            ],
        ),
    ],
)
def test_a_line_of_an_option_off_or_given_twice_is_found_on_that_line(
    ruleset: Ruleset, lines: list[str], expected: list[str]
) -> None:
    flag = Flags(1)
    check_option_lines(deal_of("deal 1 dealer S", *lines), ruleset, flag)
    assert said(flag) == expected


# --------------------------------------------------------------------------
# Signals (docs/rules.md §6, signals; docs/notation.md, Signals; A406)


@pytest.mark.parametrize(
    ("what", "says"),
    [
        ("monsieur", (frozenset({"3d"}), 1)),
        ("deux-d-ecrit", (frozenset({"2e"}), 1)),
        ("aces-2", (frozenset({"1d", "1c", "1b", "1e"}), 2)),
        ("aces-0", (frozenset({"1d", "1c", "1b", "1e"}), 0)),
        # any number: more than four is a count no hand bears out (A406), not
        # a signal nobody can check
        ("aces-10", (frozenset({"1d", "1c", "1b", "1e"}), 10)),
        ("aces-02", (frozenset({"1d", "1c", "1b", "1e"}), 2)),
        ("aces-", None),
        ("useless-hand", None),  # no card bears it out
        ("3d", None),  # a card's code is not one of the eight names
    ],
)
def test_a_signal_says_how_many_of_which_cards_its_maker_holds(
    what: str, says: tuple[frozenset[str], int] | None
) -> None:
    assert signal_says(what) == says


# W deals, so N leads trick 1; N plays monsieur, E an ace, W its only ace.
TRICK_1 = "1. N:3d E:1c S:5b W:1e -> N"


@pytest.mark.parametrize(
    ("signal", "after_trick_1", "honest", "fact"),
    [
        ("signal N monsieur", False, True, "N holds 3d (monsieur)"),
        ("signal N monsieur", True, False, "N does not hold 3d (monsieur)"),  # played it
        ("signal S borgne", False, False, "S does not hold 2d (borgne)"),  # N's
        ("signal E aces-2", False, True, "E holds 2 aces"),  # 1c and 1b
        ("signal E aces-2", True, False, "E holds 1 ace"),  # 1c is played
        ("signal E aces-1", False, False, "E holds 2 aces"),  # exactly N, not at least
        ("signal W aces-0", True, True, "W holds 0 aces"),  # 1e was W's only ace
        ("signal S useless-hand", False, None, None),  # no card tells
    ],
)
def test_a_signal_is_judged_against_the_hand_at_its_moment(
    signal: str, after_trick_1: bool, honest: bool | None, fact: str | None
) -> None:
    play = [TRICK_1, signal] if after_trick_1 else [signal, TRICK_1]
    deal = by_w(*WRITTEN, *play)
    flag = Flags(1)
    (outcome,) = check_signals(deal, check_deck(deal, flag, CLASSIC), OPTIONS, flag)
    _, seat, what = signal.split()
    assert (outcome.seat, outcome.what, outcome.before) == (seat, what, int(after_trick_1))
    assert (outcome.honest, outcome.fact) == (honest, fact)
    line = 8 if after_trick_1 else 7
    false = f"A406 {line}:1 signal {what} by {seat} is not borne out: {fact} at that moment"
    assert said(flag) == ([false] if honest is False else [])


# S deals, so W leads; only N's hand is written (line 2), then the stock
# (line 3).  The chant, given as what it tells: W took vache (2c) and kept
# it, S took grand-neuf (9c) and kept it, W took petit-neuf (9d) and
# discarded it; deux d'écrit (2e) stays in the stock.  In trick 1 W plays
# its vache; madame (3c) is nowhere.
PLACED = [
    "deal 1 dealer S",
    "N: 3d 1d Rd Cd Vd 8d 7d 6d 5d",
    "stock: 2c 9c 9d 2e 4b 4e 3e 3b 4c 5c 6c 7c",
]
PLACED_EXCHANGE = Exchange(
    taken={"2c", "9c", "9d"}, kept={"2c": "W", "9c": "S"}, discarded={"9d": "W"}
)
PLACED_TRICK = "1. W:2c N:1d E:2b S:Vb"


@pytest.mark.parametrize(
    ("what", "after_trick_1", "honest"),
    [
        ("vache", False, True),  # W kept it
        ("vache", True, False),  # and has played it
        ("grand-neuf", False, False),  # S kept it
        ("petit-neuf", False, False),  # W discarded it
        ("deux-d-ecrit", False, False),  # left in the stock
        ("monsieur", False, False),  # in N's written hand
        ("madame", False, None),  # may be anyone's
        ("aces-0", False, None),  # no card of an unwritten hand is counted
    ],
)
def test_with_the_hand_unwritten_a_card_signal_is_judged_where_the_record_places_the_card(
    what: str, after_trick_1: bool, honest: bool | None
) -> None:
    signal = f"signal W {what}"
    deal = deal_of(*PLACED, *([PLACED_TRICK, signal] if after_trick_1 else [signal]))
    flag = Flags(1)
    hands = {"N": cards(PLACED[1])}
    (outcome,) = check_signals(deal, hands, OPTIONS, flag, PLACED_EXCHANGE)
    assert outcome.honest is honest
    assert [f.code for f in flag.found] == (["A406"] if honest is False else [])


# --------------------------------------------------------------------------
# The partnership draw (docs/rules.md §2 and §11; A408)


def draw_of(line: str) -> Draw:
    """The draw of a tag section whose line 2 is ``line``."""
    (game,) = read_games([record('[Event "Club night"]', line).encode("utf-8")])
    assert game.draw is not None
    return game.draw


# docs/rules.md §11: madame (3c) to E, borgne (2d) to N, vache (2c) to S,
# monsieur (3d) to W.  W and E, monsieur's and madame's, sit opposite.
GOOD_DRAW = "draw: N:5c E:3c S:Rb W:7e N:2d S:2c W:3d"


def test_a_draw_by_the_rule_says_madames_holder_deals_first() -> None:
    flag = Flags(1)
    assert check_draw(draw_of(GOOD_DRAW), CLASSIC, flag) == "E"
    assert flag.found == []


# "draw: " is six characters and each "X:yy " five: card k (from 0) of a
# draw line stands at column 7 + 5k; a finding of the whole draw at column 1.
@pytest.mark.parametrize(
    ("line", "expected", "first_dealer"),
    [
        # docs/violations.md A408: E, holding madame, is dealt vache (card 5).
        (
            "draw: N:5c E:3c S:Rb W:7e N:2d E:2c W:3d",
            "2:32 draw: E already drew 3c and gets no more cards",
            None,
        ),
        # A card after the fourth sought card (card 7).
        (
            GOOD_DRAW + " N:9e",
            "2:42 draw: the draw was over when all of 3d, 3c, 2d, 2c had appeared;"
            " 9e to N is one card too many",
            "E",
        ),
        # 5c dealt again (card 1); N and S hold monsieur and madame.
        ("draw: N:5c E:5c N:3d E:7e S:3c E:2d W:2c", "2:12 draw: 5c is drawn twice", "S"),
        # Monsieur never appears: nobody deals.
        ("draw: N:5c E:3c S:Rb W:7e N:2d S:2c", "2:1 draw: it stops before 3d appeared", None),
        # Monsieur to N, madame to E: side by side, not opposite.
        (
            "draw: N:3d E:3c S:2d W:2c",
            "2:1 draw: 3d went to N and 3c to E, who must be partners and sit opposite",
            "E",
        ),
    ],
)
def test_a_draw_that_breaks_its_rule_is_one_a408(
    line: str, expected: str, first_dealer: str | None
) -> None:
    flag = Flags(1)
    assert check_draw(draw_of(line), CLASSIC, flag) == first_dealer
    assert said(flag) == [f"A408 {expected}"]


def test_seat_letters_wrong_in_the_trick_lines_are_no_a110() -> None:
    """E and W exchanged in every trick line, the hand lines right: the
    turn is broken in every trick, which lines under the wrong seats would
    leave as it was.  The hand lines are not the slip, and are read as
    written."""
    swapped = [line.replace("E:", "X:").replace("W:", "E:").replace("X:", "W:") for line in PLAYED]
    flag = Flags(1)
    assert check_deck(by_w(*HANDS, STOCK, *swapped), flag, CLASSIC) == AS_DEALT
    assert said(flag) == []


def test_a_short_line_under_another_seat_is_its_player_s_short_hand() -> None:
    """W's and E's lines exchanged, and one card left out of E's (written
    under W): the A102 names E, whose plays then follow from it."""
    written = _under("N", "W", "S", "E")
    written[1] = written[1].replace(" 9d", "")  # E plays it in trick 3
    flag = Flags(1)
    check_deck(by_w(*written, STOCK, *PLAYED), flag, CLASSIC)
    assert sorted(f.code for f in flag.found) == ["A102", "A110"]
    (short,) = [f for f in flag.found if f.code == "A102"]
    assert short.message.startswith("E's hand has 8 cards")
    checked = check(record("deal 1 dealer W", *written, STOCK, *PLAYED))
    codes = [(f.code, f.consequence_of is None) for f in checked.outcome.findings]
    assert [c for c in codes if c[0] != "A206"] == [("A102", True), ("A110", True), ("A203", False)]


def test_hand_lines_under_each_other_s_seats_are_told_by_cards_alone_after_a_claim() -> None:
    """Cards alone are seated by the turn from the leader each claim gives,
    which no hand line moves: E's and W's lines written the wrong way round are one A110,
    as with seats written, and the hands are read as the play shows them."""
    swapped = [HANDS[0], "E: " + HANDS[3][3:], HANDS[2], "W: " + HANDS[1][3:], STOCK]
    play = ["1. 3d 8c 5b 5e -> N", "2. 2d Vc 6b 6e -> N", "3. 9c 9d 7b 7e -> N"]
    flag = Flags(1)
    assert check_deck(by_w(*swapped, *play), flag, CLASSIC) == AS_DEALT
    assert [(f.code, f.line) for f in flag.found] == [("A110", 3)]
    # without claims, the replay's seats say it (the deal read again with
    # them): the same finding
    unclaimed = [line.split(" ->")[0] for line in play]
    checked = check(record("deal 1 dealer W", *swapped, *unclaimed))
    assert [(f.code, f.line) for f in checked.outcome.findings if f.code != "A206"] == [("A110", 3)]


def test_cards_alone_after_a_missing_trick_are_not_seated_from_the_trick_before() -> None:
    """Trick 4 left out: trick 3's claim says who led trick 4, not trick 5,
    so trick 5's cards alone tell nothing of the hand lines (seated from
    N, each would be a card away from its line, and hide the slip)."""
    swapped = [HANDS[0], "E: " + HANDS[3][3:], HANDS[2], "W: " + HANDS[1][3:], STOCK]
    play = ["1. 3d 8c 5b 5e -> N", "2. 2d Vc 6b 6e -> N", "3. 9c 9d 7b 7e -> N"]
    for fifth in ("5. 1c 9b 9e 1d", "5. E:1c S:9b W:9e N:1d"):
        flag = Flags(1)
        assert check_deck(by_w(*swapped, *play, fifth), flag, CLASSIC) == AS_DEALT
        assert [(f.code, f.line) for f in flag.found] == [("A110", 3)]


def test_cards_alone_after_a_claim_the_cards_belie_are_not_seated_from_it() -> None:
    """Trick 2 claimed for E, where N's borgne takes it: the replay seats
    trick 3 from E or N as the hands say, so here it tells nothing of the
    hand lines (seated from E, each of its cards would be away from its
    line, and hide the slip)."""
    swapped = [HANDS[0], "E: " + HANDS[3][3:], HANDS[2], "W: " + HANDS[1][3:], STOCK]
    play = ["1. 3d 8c 5b 5e -> N", "2. 2d Vc 6b 6e -> E", "3. 9c 9d 7b 7e -> N"]
    flag = Flags(1)
    assert check_deck(by_w(*swapped, *play), flag, CLASSIC) == AS_DEALT
    assert [(f.code, f.line) for f in flag.found] == [("A110", 3)]
    checked = check(record("deal 1 dealer W", *swapped, *play))
    codes = [f.code for f in checked.outcome.findings if f.code != "A206"]
    assert codes == ["A110", "A301"]


#: The reference deal (docs/violations.md), each trick's cards copied in the
#: order N, E, S, W (a score sheet's columns), whoever led.
IN_SEAT_ORDER = [
    "deal 1 dealer S",
    "N: 4c Cd Re 5e 8c 1c 1e 6c Rb",
    "E: Rd 5c Vb Vc 4e Ce 8d 8e 3b",
    "S: 5b Ve 8b Cc 9c 7b 4b 6d 3d",
    "W: 1b 7e 3c 6b 9d 1d 3e 7c 2d",
    "stock: 2c 9b 9e 2e Rc 7d Cb 5d 4d 6e 2b Vd",
    "1. Cd 3b Ve 1d -> W",
    "2. 8c 8e 6d 1b -> W",
    "3. 5e Vc 7b 2d -> W",
    "4. 1c Vb 8b 9d -> W",
    "5. Re Rd 3d 3c -> S",
    "6. 6c 8d 9c 7c -> S",
    "7. 4c 5c Cc 3e -> S",
    "8. Rb 4e 4b 7e -> N",
    "9. 1e Ce 5b 6b -> N",
]


def test_cards_copied_in_seat_order_are_no_hand_lines_under_other_seats() -> None:
    """No seating of the hand lines makes such a play right (cards are
    still played from others' lines whatever the seats), so none is read:
    A110 is for lines under one another's seats, which leave every card
    its line."""
    flag = Flags(1)
    hands = check_deck(deal_of(*IN_SEAT_ORDER), flag, CLASSIC)
    assert hands == {line[0]: cards(line) for line in IN_SEAT_ORDER[1:5]}
    assert flag.found == []


def test_a_card_written_at_the_end_of_the_wrong_hand_line_is_one_a102() -> None:
    """E's 8c written at the end of N's line (ten cards, E's eight): E plays
    it, so the line that holds it is the slip, one finding that says where
    the card goes, and play goes on with it in E's hand."""
    lines = [HANDS[0] + " 8c", HANDS[1].replace(" 8c", ""), *HANDS[2:], STOCK]
    flag = Flags(1)
    assert check_deck(by_w(*lines, "1. N:3d E:8c S:5b W:5e"), flag, CLASSIC) == AS_DEALT
    assert said(flag) == [
        "A102 2:1 N's hand has 10 cards and E's 8: 8c, written in N's hand, is played by E;"
        " write it in E's hand"
    ]
    # nobody plays it: nothing says which line is wrong, each size is said
    flag = Flags(1)
    check_deck(by_w(*lines), flag, CLASSIC)
    assert said(flag) == [
        "A102 2:1 N's hand has 10 cards; the deal gives each player 9",
        "A102 3:1 E's hand has 8 cards; the deal gives each player 9",
    ]


#: team-five, cards alone: N's hand has 1c written for 9d; W plays 1c in
#: trick 4 (second card after S's lead), and play stops at trick 6, before
#: anyone plays 9d.
STOPPED_EARLY = """\
[Rules "team-five"]

deal 1 dealer S
N: 1d 5b 4e 8d 7e 1c 5c 3b Cc
E: Rc 4d 9c 6b Vd 8e 3d 5d 6e
S: 8b Cb 7b Re Ve 4b Vc 4c 2e
W: 9e Rb 1c 1b 7c 7d 3c Rd 1e
stock: Vb 2c 8c 3e 6c 5e 2b 6d Ce 9b Cd 2d
1. 3c 8d Vd Re -> W
2. Rb 4e 6e 7b -> W
3. 7d 7e 6b Vc -> S
4. Cb 1c 5b 5d -> W
5. Rd 5c 9c 4c -> E
6. 4d 8b 1b 3b -> W
point EW
"""


def test_a_card_written_twice_and_played_in_a_line_of_cards_alone_is_its_player_s() -> None:
    """The card meant (9d) is never played: the card written twice (1c) is
    the hand's of whoever plays it, and in a line of cards alone that is
    the seat its place and the other cards' holders give (W), as where the
    seats are written; the A101 was put on W's hand, then W's 1c was A203."""
    (typo,) = check(STOPPED_EARLY).outcome.findings
    assert typo.code == "A101"
    assert typo.message.endswith("write 9d in N's hand in place of 1c")
