"""A ruleset shown to a person (``aluette rules``) or to a program (JSON)."""

from __future__ import annotations

from tabulate import tabulate

from ..cards import CARD_NICKNAMES, card_name
from ..rules import Ruleset, preset_names

_TIE = {
    "spoil": "a tie for the top card spoils the trick (pourri): nobody takes it, and its"
    " leader leads again",
    "cancel": "equal cards cancel each other out and the highest card left takes the trick;"
    " if every card cancels, nobody takes it and its leader leads again",
}
_SCORING = {
    "most-tricks": "the player with most tricks wins the deal's point for the team (partners do"
    " not add their tricks); on a tie, whoever reached that total first",
    "team-tricks": "tricks are pooled per team; the first team to {target} tricks takes the"
    " deal and play stops there; if none does, more tricks takes it, and equal is void",
}
_SEAT = {
    "dealer": "the dealer",
    "left": "the player on the dealer's left",
    "partner": "the dealer's partner",
}
_LENGTH = {
    "deals": "a game is {target} scoring deals (void deals do not count)",
    "points": "the first team to {target} points wins the game",
}


def ruleset_dict(ruleset: Ruleset) -> dict[str, object]:
    return {
        "name": ruleset.name,
        "description": ruleset.description,
        "tie": ruleset.tie,
        "deal_scoring": ruleset.deal_scoring,
        "deal_target": ruleset.deal_target,
        "doubles": ruleset.doubles,
        "game_length": ruleset.game_length,
        "game_target": ruleset.game_target,
        "chant_seats": list(ruleset.chant_seats),
        "draw_cards": list(ruleset.draw_cards),
        "draw_dealer": ruleset.draw_dealer,
        "known_options": sorted(ruleset.known_options),
        "options": sorted(ruleset.options),
        "ranking": [list(group) for group in ruleset.ranking],
    }


def _group_words(group: tuple[str, ...]) -> str:
    if len(group) == 1:
        return card_name(group[0]).split(" (")[0]
    ranks = {c[0] for c in group}
    if len(ranks) == 1:
        word = card_name(group[0]).split(" of ")[0]
        if len(group) == 4:
            return f"the four {word}s".replace("sixs", "sixes")
        suits = " and ".join(card_name(c).split(" of ")[1].split(" (")[0] for c in group)
        return f"{word} of {suits}"
    return ", ".join(card_name(c) for c in group)


def ruleset_text(ruleset: Ruleset) -> str:
    rows = []
    for i, group in enumerate(ruleset.ranking, 1):
        names = sorted({CARD_NICKNAMES.get(c, "") for c in group} - {""})
        rows.append([i, " ".join(group), _group_words(group), ", ".join(names)])
    settings = [
        ("ties", _TIE[ruleset.tie]),
        ("deal", _SCORING[ruleset.deal_scoring].format(target=ruleset.deal_target)),
        (
            "doubles",
            "a team may announce a double before play: 2 points if it takes the deal,"
            " 2 to the opponents if not"
            if ruleset.doubles
            else "none",
        ),
        ("game", _LENGTH[ruleset.game_length].format(target=ruleset.game_target)),
        (
            "chant",
            "the stock goes to "
            + " and ".join(_SEAT[role] for role in ruleset.chant_seats)
            + " (chanter option)",
        ),
        (
            "draw",
            f"until {', '.join(ruleset.draw_cards)} have appeared;"
            f" {ruleset.draw_cards[0]} and {ruleset.draw_cards[1]} play together,"
            f" {ruleset.draw_dealer} deals first",
        ),
        ("options", ", ".join(sorted(ruleset.known_options)) or "none"),
        ("options on", ", ".join(sorted(ruleset.options)) or "none"),
    ]
    return (
        "\n".join(
            [
                f"Ruleset {ruleset.name}: {ruleset.description}",
                "",
                tabulate(rows, headers=["#", "cards", "what", "name"], tablefmt="simple"),
                "",
                "Cards on one row are equal.",
                tabulate(settings, tablefmt="plain"),
                "",
                "Presets: " + ", ".join(preset_names()) + "; or name a ruleset file (.toml).",
            ]
        )
        + "\n"
    )
