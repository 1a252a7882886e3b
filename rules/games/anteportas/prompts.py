"""Texts the cooperative prompts share: the half-year's name, where the troops are, reminders."""

from __future__ import annotations

from rules.game import State
from rules.games.anteportas.words import farmers_citizens, join_msgs, units_msg
from rules.text import Msg, msg, msgn

GOODS = {
    "food": msg("Food"),
    "dollars": msg("Dollars"),
    "tools": msg("Tools"),
    "wood": msg("Wood"),
    "clay": msg("Clay"),
    "ore": msg("Ore"),
}


def half_title(state: State) -> Msg:
    season = msg("Summer") if state["season"] == "summer" else msg("Winter")
    return msg(
        "Era {era}, year {year}, {season}",
        era="I" if state["era"] == 1 else "II",
        year=state["year"],
        season=season,
    )


def where(state: State) -> tuple[Msg, ...]:
    """One line listing every troop, for players reading the prompt."""
    troops = state["field"]["troops"]
    if not troops:
        return (msg("No Invaders on the Battleground."),)
    parts = [
        msg("#{hex}: {units}", hex=int(h), units=units_msg(t))
        for h, t in sorted(troops.items(), key=lambda kv: int(kv[0]))
    ]
    return (msg("Invaders: {listing}", listing=join_msgs(parts)),)


def status_lines(state: State) -> tuple[Msg, ...]:
    """Sickbay, supply, deck and what was paid this half-year."""
    fld = state["field"]
    invaders = sum(t["basic"] + t["elite"] for t in fld["troops"].values())
    lines = [
        msgn(
            "Invaders on the Battleground: {i} in {n} troop",
            "Invaders on the Battleground: {i} in {n} troops",
            i=invaders,
            n=len(fld["troops"]),
        ),
        msg(
            "Sickbay: {people}",
            people=farmers_citizens(fld["sickbay"]["farmer"], fld["sickbay"]["citizen"]),
        ),
        msgn(
            "Supply: {b} Basic, {n} Elite Unit",
            "Supply: {b} Basic, {n} Elite Units",
            b=fld["supply"]["basic"],
            n=fld["supply"]["elite"],
        ),
    ]
    if state["draw"] == "digital":
        lines.append(msg("Cards left in the deck: {n}", n=len(state["deck"])))
    paid = [msg("{n} {good}", n=n, good=GOODS[g]) for g, n in sorted(state["costs"].items()) if n]
    if paid:
        lines.append(msg("Paid this half-year: {goods}", goods=join_msgs(paid)))
    return tuple(lines)


def places_lines(state: State) -> list[Msg]:
    """What the rules add to this half-year's turns (new Places, reminders)."""
    if state["season"] != "summer":
        return [
            msg("Winter: the Battle Phase comes before the End-of-the-Year items."),
            msg(
                "Citizens on the Battleground must be sustained "
                "(otherwise move them to the Sickbay)."
            ),
        ]
    if state["year"] == 1:
        out = [msg("Place one new Place from the pile in the empty spot at the small Market.")]
        if state["era"] == 2:
            out.append(msg("Lay out all the Era II Mainland Places now."))
        if state["era"] == 1:
            out += [
                msg("Reminder: no Fee for occupied Places in the cooperative game."),
                msg("Slide: a Steward moved onto a Market may slide to an adjacent Place."),
                msg("Stewards sharing a Place may trade freely; Improvements may be given."),
                msg("Factories also apply to Money Buildings (Pubs and Theaters)."),
            ]
        return out
    if state["year"] in (2, 3):
        return [msg("Add two new Places to the Command Center.")]
    return []
