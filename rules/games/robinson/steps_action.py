"""4 Action: placing pawns one at a time, then resolving in the cooperative order.

"Na ordem do jogador ..., os jogadores colocam um peão no mapa até que todos
os peões tenham sido alocados." Each placement offers only the actions and
spaces :func:`rules.games.robinson.actions.check_placement` accepts; the
default is what the player did with the same pawn last round, while it is
still allowed. Resolution follows :func:`actions.resolution_queue`; a won
attack lets the winner choose the scenario's reward, a fatal one offers the
spoils.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.game import State
from rules.games.robinson import actions as A
from rules.games.robinson.model import (
    card_label,
    change_hearts,
    player,
    return_inventions,
    set_track,
    take_everything,
    transfer,
)
from rules.games.robinson.steps import (
    Out,
    Step,
    cat,
    other_field,
    scenario,
    step,
    step_prompt,
    tracks_field,
)
from rules.games.robinson.terms import (
    ACTION,
    CATEGORY,
    RESOURCE,
    TRACK_WORD,
    space,
    terrain,
    text,
    tile,
    who,
)
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg, msgn

# -- placement ----------------------------------------------------------------------------


def start_placement(state: State) -> None:
    state["placements"] = []
    state["placer"] = A.next_placer(state, None)
    state["stage"] = "placement" if state["placer"] is not None else "weather"
    if state["placer"] is None:
        state["queue"] = []


def action_label(state: State, action: str) -> Msg:
    kind, _, rest = action.partition(":")
    if kind == "camp":
        return msg("{action} (camp)", action=ACTION[rest])
    if kind == "hunt":
        return ACTION["hunt"]
    if kind == "attack":
        return msg("attack {p}'s camp", p=who(rest))
    if kind == "gather":
        return msg("gather {r}", r=RESOURCE[rest])
    if kind == "explore":
        return msg("explore a space")
    return msg("build {card}", card=text(cat(state).card_name(rest)))


def carried_over(state: State, pid: str) -> str | None:
    """What this player did with the same pawn last round (the table changes it if not)."""
    placed = sum(1 for x in state["placements"] if x["player"] == pid)
    last = state["last_spots"].get(pid, [])
    return last[placed] if placed < len(last) else None


def prompt_placement(state: State) -> Prompt:
    pid = state["placer"]
    actions = A.legal_actions(state, pid)
    last = carried_over(state, pid)
    default = A.action_of(last) if last is not None else None
    return step_prompt(
        state,
        step="placement",
        title=msg("{p} places a pawn ({n} left)", p=who(pid), n=A.pawns_left(state, pid)),
        lines=(
            msg("One pawn at a time in player order."),
            msg(
                "Only camp actions may hold pawns of several players; "
                "no gathering on a tile with an enemy camp."
            ),
        ),
        fields=(
            Field(
                key="action",
                label=msg("Action"),
                kind="choice",
                default=default if default in actions else None,
                choices=tuple(Choice(a, action_label(state, a)) for a in actions),
            ),
        ),
    )


def place(state: State, pid: str, spot: str, out: Out) -> Msg:
    out.walked(A.check_placement(state, pid, spot))
    state["placements"].append({"player": pid, "spot": spot})
    state["placer"] = A.current_placer(state)
    state["pending_action"] = None
    if state["placer"] is not None:
        state["stage"] = "placement"
        return msg("{p}: {spot}", p=who(pid), spot=A.spot_label(cat(state), spot))
    end_placement(state, out)
    return msg("All pawns placed: resolve in this order")


def end_placement(state: State, out: Out) -> None:
    """Every pawn is placed: the resolution order, shown to the table."""
    state["placer"] = None
    state["queue"] = A.resolution_queue(state)
    for n, item in enumerate(state["queue"], 1):
        out.notes.append(
            msg(
                "{n}. {p}: {spot} ({pawns})",
                n=n,
                p=who(item["player"]),
                spot=A.spot_label(cat(state), item["spot"]),
                pawns=msgn("{n} pawn", "{n} pawns", n=item["pawns"]),
            )
        )
    out.tracer.decide(
        "resolution order",
        msg(
            "the cooperative order (hunting, building, gathering, exploring, arranging, "
            "resting); the first player first on the same action"
        ),
    )
    state["stage"] = "resolve" if state["queue"] else "weather"


def advance_placement(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid, action = state["placer"], answer["action"]
    if action == "explore" or action.startswith("gather:"):
        state["pending_action"] = action
        state["stage"] = "target"
        return None
    return place(state, pid, action, out)


def prompt_target(state: State) -> Prompt:
    pid, action = state["placer"], state["pending_action"]
    spaces = A.legal_spaces(state, pid, action)
    last = carried_over(state, pid)
    default = last.split(":")[1] if last is not None and A.action_of(last) == action else None
    if default not in spaces:
        default = spaces[0] if len(spaces) == 1 else None
    return step_prompt(
        state,
        step="target",
        title=msg("{p}: {action} where?", p=who(pid), action=action_label(state, action)),
        lines=(msg("Tap the space on the island."),),
        fields=(
            Field(
                key="space",
                label=msg("Space"),
                kind="choice",
                default=default,
                choices=tuple(Choice(s, space(s)) for s in spaces),
                places="hexes",
            ),
        ),
    )


def advance_target(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    pid, action = state["placer"], state["pending_action"]
    return place(state, pid, A.spot_for(action, answer["space"]), out)


# -- resolution ---------------------------------------------------------------------------


def adventure_field(item: Mapping[str, Any]) -> Field:
    label = (
        msg("Adventure icon rolled?")
        if item["pawns"] == 1
        else msg("Not rolling: resolve the special adventure event anyway?")
    )
    return Field(key="adventure", label=label, kind="bool", default=False)


def prompt_resolve(state: State) -> Prompt:
    item = state["queue"][0]
    pid, spot = item["player"], item["spot"]
    kind, _, rest = spot.partition(":")
    c = cat(state)
    lines: list[Msg] = []
    fields: list[Field] = []
    group = A.category(spot)
    if kind == "attack":
        attacker, defender = player(state, pid), player(state, rest)
        lines.append(
            msg(
                "{a} (weapon {w}) attacks {d} (weapon {dw}, palisade {dp}).",
                a=who(pid),
                w=attacker["weapon"],
                d=who(rest),
                dw=defender["weapon"],
                dp=defender["palisade"],
            )
        )
        if defender["alive"] and defender["palisade"] > 0:
            fields.append(
                Field(
                    key="palisade_bonus",
                    label=msg(
                        "{d}: add your palisade to your weapon (costs 1 palisade)?", d=who(rest)
                    ),
                    kind="bool",
                    default=False,
                )
            )
    elif kind == "hunt":
        lines.append(msg("Fight the beast as in the base game; correct what changed."))
        fields.append(tracks_field(state, pid, "after", msg("{p} after the hunt", p=who(pid)),
                                   ("hearts", "weapon", "food", "hide")))  # fmt: skip
    elif group in ("arranging", "resting"):
        p = player(state, pid)
        values = {"hearts": min(p["life"], p["hearts"] + (1 if group == "resting" else 0))}
        if group == "resting":
            lines.append(msg("Resting heals 1 wound (base game)."))
        fields.append(tracks_field(state, pid, "after", msg("{p} afterwards", p=who(pid)),
                                   ("hearts", "determination"), values))  # fmt: skip
    elif kind == "explore":
        placed = set(state["island"].values())
        fields.append(
            Field(
                key="tile",
                label=msg("Island tile found (none: not explored)"),
                kind="choice",
                choices=(
                    Choice("none", msg("none")),
                    *(
                        Choice(
                            t,
                            msg(
                                "{tile}: {terrain}",
                                tile=tile(t),
                                terrain=terrain(c.tiles[t].terrain),
                            ),
                        )
                        for t in c.tiles
                        if t not in placed
                    ),
                ),
            )
        )
        fields.append(adventure_field(item))
    else:
        blocked = _build_blocked(state, pid, spot)
        if blocked is None:
            fields.append(
                Field(
                    key="success", label=msg("Did the action succeed?"), kind="bool", default=True
                )
            )
        else:  # what it needs changed hands since the pawn was placed: it cannot succeed
            lines.append(msg("This build fails now: {why}", why=blocked))
        fields.append(adventure_field(item))
    if group in A.ADVENTURE_CATEGORIES and group in state["adventure_tokens"]:
        lines.append(
            msg("An adventure token lies on this action: the special adventure event happens.")
        )
    fields.append(other_field(state))
    return step_prompt(
        state,
        step="resolve",
        title=msgn(
            "Resolve: {p}, {spot} ({n} pawn)",
            "Resolve: {p}, {spot} ({n} pawns)",
            p=who(pid),
            spot=A.spot_label(c, spot),
            n=item["pawns"],
        ),
        lines=tuple(lines),
        fields=tuple(fields),
    )


def _build_blocked(state: State, pid: str, spot: str) -> Msg | None:
    """Why building ``spot`` cannot succeed any more, or ``None`` (not a build, or it can).

    Placing the pawn checked the build; until it resolves, another player may have
    built the invention or taken an item it needs (a steal, a card taken). The rule
    checked at placement still holds at resolution: the build fails (reading 23).
    """
    kind, _, card = spot.partition(":")
    if kind != "build":
        return None
    try:
        A.check_invention(state, pid, card)
    except A.Refused as refused:
        return refused.why
    return None


def advance_resolve(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    item = state["queue"].pop(0)
    pid, spot = item["player"], item["spot"]
    kind, _, rest = spot.partition(":")
    c = cat(state)
    if kind == "attack":
        summary = attack(state, pid, rest, item["pawns"], bool(answer.get("palisade_bonus")), out)
    elif "after" in answer:
        summary = msg("{p} resolves {spot}", p=who(pid), spot=A.spot_label(c, spot))
        out.tracer.decide(
            "base game",
            msg("the table resolves {spot} as in the base game", spot=A.spot_label(c, spot)),
        )
        for track, value in answer["after"].items():
            before = player(state, pid)[track]
            if value != before:
                out.notes.append(
                    msg(
                        "{p}: {track} {a} → {b}",
                        p=who(pid),
                        track=TRACK_WORD[track],
                        a=before,
                        b=value,
                    )
                )
                set_track(state, pid, track, value, out.notes)
    else:
        summary = resolve_rolled(state, item, answer, out)
    if state["stage"] == "resolve" and not state["queue"]:
        state["stage"] = "weather"
    return summary


def resolve_rolled(
    state: State, item: Mapping[str, Any], answer: Mapping[str, Any], out: Out
) -> Msg:
    """Building, gathering, exploring: success, what it brings, and the adventure event."""
    pid, spot = item["player"], item["spot"]
    kind, _, rest = spot.partition(":")
    group = A.category(spot)
    c = cat(state)
    p = player(state, pid)
    success = answer.get("success", answer.get("tile", "none") != "none")
    if success and kind == "camp":
        if rest == "shelter":
            p["shelter"] = True
            out.notes.append(msg("{p} has a shelter.", p=who(pid)))
        else:
            set_track(state, pid, rest, p[rest] + 1, out.notes)
            out.notes.append(
                msg("{p}: {what} now {n}", p=who(pid), what=TRACK_WORD[rest], n=p[rest])
            )
    elif success and kind == "build":
        A.check_invention(state, pid, rest)
        p["cards"][rest] = {"kind": "invention", "markers": None}
        out.notes.append(
            msg(
                "{p} takes the {card} card and turns it over: only {p} may use it.",
                p=who(pid),
                card=text(c.card_name(rest)),
            )
        )
        if c.inventions[rest].one_time_bonus:
            state["pending_bonus"].append({"player": pid, "card": rest})
        out.tracer.add(
            "ownership",
            msg("the builder owns {card}; nobody else can build it", card=text(c.card_name(rest))),
        )
    elif success and kind == "gather":
        resource = rest.partition(":")[2]
        set_track(state, pid, resource, p[resource] + 1, out.notes)
        out.notes.append(msg("{p} takes 1 {r}.", p=who(pid), r=RESOURCE[resource]))
    elif success and kind == "explore":
        drawn = answer["tile"]
        state["island"][rest] = drawn
        state["discovered_by"][rest] = pid
        out.notes.append(
            msg(
                "Only {p} takes the discovery tokens and resolves totem events of {s}.",
                p=who(pid),
                s=space(rest),
            )
        )
        out.tracer.add(
            "discoverer",
            msg("{p} explored {s}: the discovery tokens are {p}'s only", p=who(pid), s=space(rest)),
        )
    adventure = False
    # Reading 11: a token triggers for the first resolution of its action, whatever the
    # success, and is then removed.
    if group in state["adventure_tokens"]:
        state["adventure_tokens"].remove(group)
        adventure = True
        out.tracer.add(
            "adventure token",
            msg("a token lay on {what}: the special adventure event happens", what=CATEGORY[group]),
        )
    if answer.get("adventure"):
        adventure = True
        how = (
            msg("{p} rolled an adventure icon", p=who(pid))
            if item["pawns"] == 1
            else msg("{p} chose it without rolling", p=who(pid))
        )
        out.tracer.add("adventure icon", how)
    if adventure:
        out.notes.append(
            msg(
                "{p} draws no adventure card but resolves the scenario's "
                "special adventure event: {text}",
                p=who(pid),
                text=text(scenario(state)["adventure_event"]),
            )
        )
    result = msg("success") if success else msg("failure")
    out.tracer.decide("result", msg("{spot}: {result}", spot=A.spot_label(c, spot), result=result))
    return msg(
        "{p} resolves {spot}: {result}", p=who(pid), spot=A.spot_label(c, spot), result=result
    )


def attack(state: State, pid: str, target: str, pawns: int, bonus: bool, out: Out) -> Msg:
    """An attack in the hunting slot (reading 4): reach, the fight, hearts, the reward."""
    attacker, defender = player(state, pid), player(state, target)
    if not defender["alive"]:
        out.tracer.decide("no fight", msg("{d} is out of the game", d=who(target)))
        return msg("{d} is out of the game: no fight", d=who(target))
    distance = cat(state).distance(attacker["camp"], defender["camp"])
    need = min(distance, 2)
    if distance > 2 or pawns < need:
        out.tracer.decide(
            "attack reach",
            msg(
                "a camp {d} spaces away needs {need} pawns; {n} placed",
                d=distance,
                need=need,
                n=pawns,
            ),
        )
        return msg(
            "{a}'s attack does not happen: {need} pawns are needed for a camp {d} spaces away",
            a=who(pid),
            need=need,
            d=distance,
        )
    result, trace = A.fight(attacker["weapon"], defender["weapon"], defender["palisade"], bonus)
    out.walked(trace)
    if bonus:
        set_track(state, target, "palisade", defender["palisade"] - 1, out.notes)
        out.notes.append(msg("{d} loses 1 palisade for the defender's bonus.", d=who(target)))
    if result["winner"] is None:
        return msg("{a} attacks {d}: a tie, nobody wins", a=who(pid), d=who(target))
    names = {"attacker": pid, "defender": target}
    winner, loser = names[result["winner"]], names[result["loser"]]
    out.notes.append(
        msgn("{l} loses {n} heart.", "{l} loses {n} hearts.", l=who(loser), n=result["hearts_lost"])
    )
    change_hearts(state, loser, -result["hearts_lost"], out.notes, killer=winner)
    # "se o atacante vencer a luta, ele pode selecionar uma recompensa": also when the
    # defender died of it (reading 9): the reward comes first, then the spoils of the death.
    if winner == pid and reward_choices(state, pid, target):
        state["fight"] = {"winner": pid, "loser": target}
        state["stage"] = "reward"
    return msg("{w} wins the fight against {l}", w=who(winner), l=who(loser))


# -- the attacker's reward and the spoils of a fatal fight -------------------------------


def reward_choices(state: State, winner: str, loser: str) -> list[dict[str, Any]]:
    """The scenario's rewards the winner can take from this loser now."""
    out = []
    holder = player(state, loser)
    for reward in scenario(state)["rewards"]:
        if "steal" in reward and not any(
            e["kind"] in reward["steal"] for e in holder["cards"].values()
        ):
            continue
        if "take" in reward and not any(holder[k] for k in reward["take"]["of"]):
            continue
        out.append(reward)
    return out


def prompt_reward(state: State) -> Prompt:
    fight = state["fight"]
    rewards = reward_choices(state, fight["winner"], fight["loser"])
    return step_prompt(
        state,
        step="reward",
        title=msg("{p} won the fight: choose a reward", p=who(fight["winner"])),
        lines=(),
        fields=(
            Field(
                key="reward",
                label=msg("Reward"),
                kind="choice",
                choices=(
                    Choice("none", msg("none")),
                    *(Choice(r["id"], text(r["text"])) for r in rewards),
                ),
            ),
        ),
    )


def advance_reward(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    fight = state["fight"]
    if answer["reward"] == "none":
        finish_reward(state)
        return None
    reward = next(r for r in scenario(state)["rewards"] if r["id"] == answer["reward"])
    fight["reward"] = reward["id"]
    out.notes.append(msg("{w}'s reward: {text}", w=who(fight["winner"]), text=text(reward["text"])))
    state["stage"] = "reward-detail"
    return None


def finish_reward(state: State) -> None:
    state["fight"] = None
    state["stage"] = "resolve" if state["queue"] else "weather"


def prompt_reward_detail(state: State) -> Prompt:
    fight = state["fight"]
    reward = next(r for r in scenario(state)["rewards"] if r["id"] == fight["reward"])
    loser = player(state, fight["loser"])
    c = cat(state)
    if "steal" in reward:
        cards = [k for k, e in sorted(loser["cards"].items()) if e["kind"] in reward["steal"]]
        field = Field(
            key="card",
            label=msg("Card to take from {l}", l=who(fight["loser"])),
            kind="choice",
            default=cards[0] if len(cards) == 1 else None,
            choices=tuple(Choice(k, card_label(c, k, loser["cards"][k])) for k in cards),
        )
    else:
        take = reward["take"]
        options = take_options(loser, take["of"], take["amount"])
        field = Field(
            key="take",
            label=msg("Taken from {l}", l=who(fight["loser"])),
            kind="choice",
            default=options[0][0] if len(options) == 1 else None,
            choices=tuple(Choice(value, label) for value, label in options),
        )
    return step_prompt(
        state,
        step="reward-detail",
        title=text(reward["text"]),
        lines=(),
        fields=(field,),
    )


def take_options(loser: Mapping[str, Any], kinds: list[str], amount: int) -> list[tuple[str, Msg]]:
    """Every way to take ``amount`` units of these kinds (fewer if the loser has fewer)."""
    units = min(amount, sum(loser[k] for k in kinds))
    out: list[tuple[str, Msg]] = []

    def walk(index: int, left: int, taken: list[int]) -> None:
        if index == len(kinds):
            if left == 0:
                parts = [(k, n) for k, n in zip(kinds, taken, strict=True) if n]
                value = ",".join(f"{k}={n}" for k, n in parts)
                label = msg("{n} {what}", n=parts[0][1], what=TRACK_WORD[parts[0][0]])
                for k, n in parts[1:]:
                    label = msg("{a} and {n} {what}", a=label, n=n, what=TRACK_WORD[k])
                out.append((value, label))
            return
        for n in range(min(left, loser[kinds[index]]), -1, -1):
            walk(index + 1, left - n, [*taken, n])

    if units:
        walk(0, units, [])
    return out


def advance_reward_detail(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    fight = state["fight"]
    winner, loser = fight["winner"], fight["loser"]
    if "card" in answer:
        # "esse jogador pega a carta de invenção de sua escolha do jogador alvo"
        transfer(state, answer["card"], loser, winner, out.notes)
    else:
        taken = {
            k: int(n) for k, _, n in (part.partition("=") for part in answer["take"].split(","))
        }
        for kind, amount in taken.items():
            if amount:
                # Within what the loser has (the choices offered); a loser the fight killed
                # still gives it (set_track leaves the dead alone).
                player(state, loser)[kind] -= amount
                set_track(state, winner, kind, player(state, winner)[kind] + amount, out.notes)
                out.notes.append(
                    msg(
                        "{w} takes {n} {what} from {l}.",
                        w=who(winner),
                        n=amount,
                        what=TRACK_WORD[kind],
                        l=who(loser),
                    )
                )
    finish_reward(state)
    return None


def prompt_spoils(state: State) -> Prompt:
    spoils = state["spoils"]
    return step_prompt(
        state,
        step="spoils",
        title=msg("{w} won a fatal fight", w=who(spoils["winner"])),
        lines=(
            msg(
                "{w} may take all of {l}'s resources and cards, inventions included.",
                w=who(spoils["winner"]),
                l=who(spoils["loser"]),
            ),
        ),
        fields=(Field(key="take", label=msg("Take everything?"), kind="bool"),),
    )


def advance_spoils(state: State, answer: Mapping[str, Any], out: Out) -> Msg | None:
    spoils = state["spoils"]
    winner, loser = spoils["winner"], spoils["loser"]
    if answer["take"]:
        take_everything(state, winner, loser, out.notes)
    else:
        return_inventions(state, loser, out.notes)
    state["spoils"] = None
    resume = state["after_spoils"]
    if resume == "resolve" and not state["queue"]:
        resume = "weather"
    state["stage"] = resume
    return None


STEPS: dict[str, Step] = {
    "placement": step(prompt_placement, advance_placement),
    "target": step(prompt_target, advance_target),
    "resolve": step(prompt_resolve, advance_resolve),
    "reward": step(prompt_reward, advance_reward),
    "reward-detail": step(prompt_reward_detail, advance_reward_detail),
    "spoils": step(prompt_spoils, advance_spoils),
}
