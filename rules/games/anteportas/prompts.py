"""The prompts of the cooperative game: what the players see and answer at each stage."""

from __future__ import annotations

from rules.game import State
from rules.games.anteportas.battle import SOLDIER_NAMES, TILE_NAMES
from rules.games.anteportas.schedule import spawn_count, turns_per_player
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

NAMES = {**TILE_NAMES, **SOLDIER_NAMES}
CHANGE_HELP = msg(
    "Commands (separate with ;): set 7 C F guard_post | set 7 - | rotate 7 1 | "
    "gunfire 12 from 7 9 | bomb 12 [from 4] | knockback 12 2 [from 4] | upright | heal F 2"
)


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
    listing = ", ".join(
        f"#{h} {t['basic']}B{' ' + str(t['elite']) + 'E' if t['elite'] else ''}"
        for h, t in sorted(troops.items(), key=lambda kv: int(kv[0]))
    )
    return (msg("Invaders: {listing}", listing=listing),)


def build_prompt(state: State) -> Prompt:
    """What the table does or answers now, for every cooperative stage."""
    stage = state["stage"]
    title = half_title(state)
    if state["final_round"]:
        title = msg("Final Wave, Battle Round {n}", n=state["final_round"])
    log = tuple(Msg.from_json(m) for m in state["log"])
    if stage == "lost":
        return Prompt(
            step="lost",
            title=msg("Defeat"),
            phase=title,
            lines=(*log, msg("An Invader broke through.")),
            finished=True,
        )
    if stage == "won":
        return Prompt(
            step="won",
            title=msg("Victory"),
            phase=title,
            lines=(*log, msg("All Invaders are defeated.")),
            finished=True,
        )
    if stage == "spawn":
        n = spawn_count(state)
        prep = []
        if state["final_round"] == 1:
            prep = [
                msg("Final Wave: move your Stewards to the Market in the Command Center."),
                msg("Place the new Market card for the Eras you played."),
                msg("During the Final Wave you do not sustain Citizens."),
            ]
        lines = prep + (
            [msg("New Invaders spawn: {n} Movement card(s).", n=n)]
            if n
            else [msg("No Invaders spawn now.")]
        )
        return Prompt(
            step="spawn",
            title=msg("Spawn Invaders"),
            phase=title,
            lines=tuple(lines),
            fields=card_fields(state, n),
        )
    if stage == "turns":
        lines = [
            msg(
                "Take your turns: {n} turn(s) each.",
                n=turns_per_player(state["players"], state["variant"]),
            ),
            msg("Tell me what changed on the Battleground, then type done."),
        ]
        lines += places_lines(state)
        return Prompt(
            step="turns",
            title=msg("Your half-year"),
            phase=title,
            lines=(*where(state), *lines),
            fields=(
                Field(
                    key="change", label=msg("Change"), kind="text", default="done", help=CHANGE_HELP
                ),
            ),
        )
    if stage == "final":
        return Prompt(
            step="final",
            title=msg("Take one action"),
            phase=title,
            lines=(
                *where(state),
                msg("Decide together which Steward takes exactly one turn; tell me what changed."),
            ),
            fields=(
                Field(
                    key="change", label=msg("Change"), kind="text", default="done", help=CHANGE_HELP
                ),
            ),
        )
    if stage == "battle":
        hex_id = state["queue"][0]
        troop = state["field"]["troops"].get(str(hex_id), {"basic": 0, "elite": 0})
        fields = [
            Field(
                key="change",
                label=msg("Soldier actions first"),
                kind="text",
                default="none",
                help=msg(
                    "Soldier actions before this troop moves (e.g. gunfire 12 from 7), or none"
                ),
            )
        ]
        fields += list(card_fields(state, 1))
        return Prompt(
            step="battle",
            title=msg("Battle Phase: troop on #{hex}", hex=hex_id),
            phase=title,
            lines=(
                *where(state),
                msg(
                    "Troop on #{hex}: {b} Basic, {e} Elite.",
                    hex=hex_id,
                    b=troop["basic"],
                    e=troop["elite"],
                ),
            ),
            fields=tuple(fields),
        )
    if stage == "choice" and state["pending"]["need"].get("kind") in ("support", "gunfire"):
        need = state["pending"]["need"]
        sources = ", ".join(f"#{h}" for h in need["sources"])
        support = need["kind"] == "support"
        question = (
            msg(
                "A Battle starts on #{hex}. Buildings that can fire on it: {sources}.",
                hex=need["hex"],
                sources=sources,
            )
            if support
            else msg(
                "Invaders enter #{hex}. Buildings that can fire on them: {sources}.",
                hex=need["hex"],
                sources=sources,
            )
        )
        return Prompt(
            step=need["kind"],
            title=msg("Battle on #{hex}: fire support?", hex=need["hex"])
            if support
            else msg("Fire at the troop on #{hex}?", hex=need["hex"]),
            phase=title,
            lines=(*(Msg.from_json(m) for m in need.get("steps", [])), question),
            fields=(
                Field(
                    key="support",
                    label=msg("Fire from"),
                    kind="text",
                    default="none",
                    help=msg(
                        "Hex numbers of the Buildings that fire (one Soldier each; "
                        "a hex twice for two), or none"
                    ),
                ),
            ),
        )
    if stage == "choice" and state["pending"]["need"].get("kind") == "replace":
        need = state["pending"]["need"]
        return Prompt(
            step="replace",
            title=msg("Replace the Mine on #{hex}?", hex=need["hex"]),
            phase=title,
            lines=(
                *(Msg.from_json(m) for m in need.get("steps", [])),
                msg(
                    "A Guard Post in sight may replace the Mine for {n} Tool(s): {sources}.",
                    n=need["cost"],
                    sources=", ".join(f"#{h}" for h in need["sources"]),
                ),
            ),
            fields=(
                Field(
                    key="support",
                    label=msg("Replace from"),
                    kind="text",
                    default="none",
                    help=msg("The hex of the Guard Post whose Soldier acts, or none"),
                ),
            ),
        )
    if stage == "choice":
        need = state["pending"]["need"]
        labels = {True: msg("the Mine detonates"), False: msg("the Soldiers take the damage")}
        choices = []
        for option in need["options"]:
            label = msg(
                "{how}: {falls} fall(s)",
                how=labels[option["mine_first"]],
                falls=", ".join(NAMES[f].english() for f in option["falls"]) or "nothing",
            )
            choices.append(Choice("mine" if option["mine_first"] else "soldiers", label))
        return Prompt(
            step="choice",
            title=msg("Battle on #{hex}: your choice", hex=need["hex"]),
            phase=title,
            lines=(
                *(Msg.from_json(m) for m in need.get("steps", [])),
                msg(
                    "Your Strength {ours} beats the Invaders' {theirs}. Who takes the damage?",
                    ours=need["ours"],
                    theirs=need["theirs"],
                ),
            ),
            fields=(
                Field(
                    key="order",
                    label=msg("Damage"),
                    kind="choice",
                    default="mine",
                    choices=tuple(choices),
                ),
            ),
        )
    # stage == "year"
    return Prompt(
        step="year",
        title=msg("End of the year"),
        phase=title,
        lines=(
            *where(state),
            msg("Continue with the next year, start Era II, or play the Final Wave?"),
        ),
        fields=(
            Field(
                key="next",
                label=msg("Next"),
                kind="choice",
                default="year",
                choices=(
                    Choice("year", msg("next year")),
                    Choice("era2", msg("start Era II")),
                    Choice("final", msg("Final Wave")),
                ),
            ),
        ),
    )


def card_fields(state: State, n: int) -> tuple[Field, ...]:
    if n == 0 or state["draw"] == "digital":
        return ()
    return tuple(
        Field(
            key=f"card{i + 1}" if n > 1 else "card",
            label=msg("Card {i} drawn", i=i + 1) if n > 1 else msg("Card drawn"),
            kind="text",
            help=msg("Type the card number (e.g. R105), optionally spawn=26,27e arrows=down,left*"),
        )
        for i in range(n)
    )


def places_lines(state: State) -> list[Msg]:
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
