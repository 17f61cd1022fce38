"""A ruleset shown to a person (``aluette rules``) or to a program (JSON)."""

from __future__ import annotations

from ..cards import CARD_NICKNAMES, card_name
from ..rules import Ruleset, preset_names
from .layout import PLAIN, Layout

_SEAT = {
    "dealer": "the dealer",
    "left": "the player on the dealer's left",
    "partner": "the dealer's partner",
}


def ruleset_dict(ruleset: Ruleset) -> dict[str, object]:
    return {
        "name": ruleset.name,
        "description": ruleset.description,
        "tie": ruleset.tie.name,
        "deal_scoring": ruleset.deal_scoring.name,
        "deal_target": ruleset.deal_target,
        "doubles": ruleset.doubles,
        "game_length": ruleset.game_length.name,
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


def ruleset_text(ruleset: Ruleset, layout: Layout = PLAIN) -> str:
    rows = []
    for i, group in enumerate(ruleset.ranking, 1):
        names = sorted({CARD_NICKNAMES.get(c, "") for c in group} - {""})
        rows.append([i, " ".join(group), _group_words(group), ", ".join(names)])
    settings = [
        ("ties", ruleset.tie.summary),
        ("deal", ruleset.deal_scoring.summary(ruleset.deal_target)),
        (
            "doubles",
            "a team may announce a double before play: the deal is then worth 2 points"
            + (" (4 with a mordienne)" if ruleset.mordienne else "")
            + " to whichever team takes it"
            if ruleset.doubles
            else "none",
        ),
        ("game", ruleset.game_length.summary(ruleset.game_target)),
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
                layout.para(f"Ruleset {ruleset.name}: {ruleset.description}"),
                "",
                layout.table(rows, headers=["#", "cards", "what", "name"], wrap=2),
                "",
                "Cards on one row are equal.",
                layout.table(settings, tablefmt="plain", wrap=1),
                "",
                layout.para(
                    "Presets: " + ", ".join(preset_names()) + "; or name a ruleset file (.toml)."
                ),
            ]
        )
        + "\n"
    )
