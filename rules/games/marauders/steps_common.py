"""Shared by the Marauders steps: the table of steps, the news fields, tray bookkeeping, tiles.

Two kinds of steps alternate. A *facts* step asks what the assistant cannot
know (markers the paying player put onto the trays, VP the tribe scored,
what lies in a lane); every field defaults to what the assistant tracks, so
a table where nothing happened confirms it alone. A *bot* step shows the
tribe's decision (``Prompt.decision``) and what the table must do; when the
table did what the bot said, CONFIRM alone answers it. What the tribe got
from an action is asked by the next facts step ("since the tribe's last
step"), so every bot step stays one press.

Every helper works on the plain state dict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.camera import ColourGains, ColourTotals
from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import counted as C
from rules.games.marauders import logic
from rules.games.marauders.decide_common import join
from rules.games.marauders.model import (
    COLOURS,
    MAX_DEVELOPMENT,
    MAX_MARKERS,
    MAX_VP,
    ROUNDS,
    TRIBE,
    human_names,
    label,
    order_msg,
    player_msg,
)
from rules.machine import Edge
from rules.machine import Step as MachineStep
from rules.prompt import Choice, Field, Prompt
from rules.rng import shuffled
from rules.text import Msg, msg, msgn

Answer = Mapping[str, Any]


MarauderStep = MachineStep[None, Decision | None]


def Step(
    prompt: Callable[[State], Prompt],
    advance: Callable[[State, Answer], Decision | None],
    *,
    then: tuple[Edge, ...] = (),
) -> MarauderStep:
    """One step of the table (:mod:`rules.machine`): what it asks, what an answer does.

    ``then``: the steps that may follow, tried in order; without one that holds
    the advance names the next step itself (a tile drawn, a queue of members).
    """
    return MachineStep(
        prompt=prompt, advance=lambda state, answer, _: advance(state, answer), next=then
    )


COLOUR_CHOICES = tuple(Choice(c, label(c)) for c in COLOURS)


def picture_order(state: Mapping[str, Any]) -> tuple[str, ...]:
    """The colours in the order the control-board picture shows their trays (clockwise from
    side 0), so a count field runs as the players' eyes do on the tray picture."""
    sides = cat.tray_sides(cat.board_of(state))
    return tuple(sorted(COLOURS, key=lambda c: sides.get(c, len(COLOURS) + COLOURS.index(c))))


def colour_choices(state: Mapping[str, Any]) -> tuple[Choice, ...]:
    """One option per colour, in :func:`picture_order`."""
    return tuple(Choice(c, label(c)) for c in picture_order(state))


def zero() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


def round_of(state: State) -> int | None:
    return int(state["round"]) if state["step"] not in {"setup", "final", "end"} else None


def round_phase(state: State, season: Msg) -> Msg:
    return msg("Round {r} of {n} · {season}", r=state["round"], n=ROUNDS, season=season)


def example(state: State, tile: bool = True) -> bool:
    """True when the board or the current tile is EXAMPLE component data."""
    current = state.get("tile") or {}
    return cat.board_is_example(state) or (tile and bool(current.get("example")))


# -- notes: bookkeeping shown at the top of the next step --------------------------------------


def note(state: State, *lines: Msg) -> None:
    state["notes"].extend(m.to_json() for m in lines)


def notes(state: State) -> list[Msg]:
    return [Msg.from_json(n) for n in state["notes"]]


# -- trays, VP, the priority marker -----------------------------------------------------------


def add(state: State, counts: Mapping[str, int]) -> None:
    for colour, n in counts.items():
        state["trays"][colour] = min(MAX_MARKERS, state["trays"][colour] + int(n))


def take(state: State, colour: str, n: int) -> None:
    state["trays"][colour] = max(0, state["trays"][colour] - n)


def move_marker(state: State, steps: int) -> None:
    """Development points become priority-marker steps clockwise."""
    if steps <= 0:
        return
    before = state["marker"]
    state["marker"] = logic.marker_after(before, steps)
    state["development"] += steps
    icon = cat.priority_at(cat.board_of(state), state["marker"])
    note(
        state,
        msg(
            "Development points become priority marker steps: move it {steps} clockwise, "
            "from side {a} to side {b} ({icon}).",
            steps=C.steps(steps),
            a=before,
            b=state["marker"],
            icon=label(icon),
        ),
    )


def payer(state: State) -> str:
    return logic.payer_of(state["order"])


# -- the news fields of every facts step ------------------------------------------------------


def order_field(state: State, key: str = "order", text: Msg | None = None) -> Field:
    """The player order, picked seat by seat from the tribe and the players."""
    return Field(
        key=key,
        label=text or msg("Player order"),
        kind="order",
        default=list(state["order"]),
        choices=tuple(
            Choice(who, player_msg(who)) for who in (TRIBE, *human_names(state["players"]))
        ),
    )


def trays_field(state: State) -> Field:
    """The markers on the control board now, per colour: a check the camera can prefill.

    Its default is what the assistant tracked. When the players (or the camera)
    change it, the entered counts replace the tracked ones and the ``added``
    markers of the same step are not added on top.
    """
    return Field(
        key="trays_now",
        label=msg("Markers on the control board now (correct if the table differs)"),
        kind="counts",
        default=dict(state["trays"]),
        maximum=MAX_MARKERS,
        choices=colour_choices(state),
        camera=ColourTotals(),
        tracked=True,
    )


#: Entries of the news field besides the colours: victory points and development points.
VP, DEV = "vp", "dev"

#: The set-up option: where the tribe's VP are kept (reading 40 of docs/marauders.md).
TRIBE_SCORE = "tribe_score"
#: On the main board's score track, moved by the players like any player's marker.
ON_BOARD = "board"
#: Added up by the assistant: the players enter the tribe's VP in every news panel.
BY_ASSISTANT = "assistant"


def vp_on_board(state: Mapping[str, Any]) -> bool:
    """Whether the players keep the tribe's VP on the score track (the news asks no VP).

    A state without the key was set up before the option existed (an old journal, or
    a snapshot of one): the assistant added the VP up then, and still does.
    """
    return bool(state.get(TRIBE_SCORE, BY_ASSISTANT) == ON_BOARD)


def by_score(state: Mapping[str, Any], entered: Msg, on_board: Msg) -> Msg:
    """The text for the game's way of keeping the tribe's VP: ``entered`` when the news
    asks them, ``on_board`` when the score track keeps them."""
    return on_board if vp_on_board(state) else entered


def news_choices(state: Mapping[str, Any]) -> tuple[Choice, ...]:
    """The colours in :func:`picture_order`, then VP (unless the score track keeps them)
    and development points."""
    vp = () if vp_on_board(state) else (Choice(VP, msg("VP"), limit=MAX_VP),)
    return (
        *(Choice(c, label(c), limit=MAX_MARKERS) for c in picture_order(state)),
        *vp,
        Choice(DEV, msg("development points"), limit=MAX_DEVELOPMENT),
    )


def news_field(state: State, text: Msg | None = None) -> Field:
    """One panel for everything that came in since the tribe's last step.

    Markers onto its trays by colour (payments, income, rewards, markers taken
    back), VP it scored (only when the assistant keeps them: :func:`vp_on_board`)
    and development points it got: the players step up only what happened.
    """
    choices = news_choices(state)
    return Field(
        key="news",
        label=text
        or by_score(
            state,
            msg("Since the tribe's last step: markers onto its trays, VP, development"),
            msg("Since the tribe's last step: markers onto its trays, development points"),
        ),
        kind="counts",
        default={**zero(), **({} if vp_on_board(state) else {VP: 0}), DEV: 0},
        choices=choices,
        # The camera fills the markers (what came onto the trays) and the development
        # points (the priority marker's steps since the side tracked now).
        camera=ColourGains(marker=int(state["marker"]), steps=DEV),
    )


def remember(
    state: State, action: str | None = None, pillar: int = 0, took: str | None = None
) -> None:
    """Note what the tribe just did, for the next facts step to ask what it brought."""
    since = state.get("since") or {"actions": [], "pillar": 0, "took": None}
    if action is not None:
        since["actions"].append(action)
    since["pillar"] += pillar
    if took is not None:
        since["took"] = took
    state["since"] = since


def ceremony_pending(state: State) -> bool:
    """The tribe held a ceremony since its last facts step (any VP? the new order)."""
    return "ceremony" in (state.get("since") or {}).get("actions", [])


def news_fields(state: State, text: Msg | None = None) -> tuple[Field, ...]:
    """What happened since the tribe's last step, and the tray check.

    After a ceremony of the tribe also: whether any card gave VP, and the new
    player order. After a pillar was taken back, or an action marker found in
    autumn, those markers are part of the news (the lines above say so).
    """
    fields: list[Field] = [news_field(state, text)]
    if ceremony_pending(state):
        fields.append(
            Field(
                key="any_vp",
                label=msg("Ceremony: did any card give VP at that moment?"),
                kind="bool",
                default=True,
            )
        )
        fields.append(order_field(state, text=msg("Player order after the ceremony")))
    fields.append(trays_field(state))
    return tuple(fields)


def news_lines(state: State) -> list[Msg]:
    """What the news should include, from what the tribe did last."""
    since = state.get("since") or {}
    lines = []
    if since.get("pillar"):
        lines.append(
            msg(
                "Include the {markers} the tribe took back from the pillar, by colour.",
                markers=C.action_markers(since["pillar"]),
            )
        )
    if since.get("actions"):
        actions = join([label(a) for a in since["actions"]])
        lines.append(
            by_score(
                state,
                msg(
                    "Include what the tribe got from {action} (resources and action markers "
                    "onto its trays, VP, development points).",
                    action=actions,
                ),
                msg(
                    "Include what the tribe got from {action} (resources and action markers "
                    "onto its trays, development points).",
                    action=actions,
                ),
            )
        )
    if since.get("took") == "action-marker":
        lines.append(msg("Include the action marker it took, in its tray's colour."))
    elif since.get("took"):
        lines.append(msg("Include what the tribe got from the {what}.", what=label(since["took"])))
    if vp_on_board(state) and (
        since.get("actions") or since.get("took") not in {None, "action-marker"}
    ):
        lines.append(score_line())
    return lines


def score_line() -> Msg:
    """What the players do with VP the tribe scored when the score track keeps them."""
    return msg("Move the tribe's score marker on the score track by the VP it scored.")


def check_trays(state: State, answer: Answer) -> bool:
    """The tray check: counts that differ from the tracked ones replace them (True then).

    The table's counts already hold whatever the tribe took back or found, so
    those are no longer expected in the news.
    """
    now = answer.get("trays_now")
    if now is None or dict(now) == dict(state["trays"]):
        return False
    before = dict(state["trays"])
    state["trays"] = {c: int(now.get(c, 0)) for c in COLOURS}
    changed = join(
        [
            msg("{colour} {a} to {b}", colour=label(c), a=before[c], b=state["trays"][c])
            for c in COLOURS
            if before[c] != state["trays"][c]
        ]
    )
    note(state, msg("Tray counts taken from the table: {changes}", changes=changed))
    if state.get("since"):
        state["since"]["pillar"] = 0
        if state["since"].get("took") == "action-marker":
            state["since"]["took"] = None
    return True


def apply_news(state: State, answer: Answer) -> bool:
    """Apply a facts step's news: the tray check or the added markers, VP, development points.

    Reading chosen: counts in ``trays_now`` that differ from the tracked ones
    are the truth of the table (typed or read by the camera) and replace the
    tracked counts; otherwise the news' markers are added. Returns whether
    the table's counts replaced the tracked ones.
    """
    since = state.get("since") or {}
    news = dict(answer.get("news") or {})
    added = {c: int(news.get(c, 0)) for c in COLOURS}
    replaced = check_trays(state, answer)
    if not replaced:
        expected = int(since.get("pillar") or 0) + (since.get("took") == "action-marker")
        if sum(added.values()) < expected:
            raise IllegalInput(
                msgn(
                    "{n} marker came onto the trays: enter its colour ({k} entered)",
                    "{n} markers came onto the trays: enter their colours ({k} entered)",
                    n=expected,
                    k=sum(added.values()),
                ),
                "news",
            )
        add(state, added)
    state["vp"] = min(MAX_VP, state["vp"] + int(news.get(VP, 0)))
    move_marker(state, int(news.get(DEV, 0)))
    if ceremony_pending(state):
        tile = state["tile"]
        if not answer["any_vp"]:
            # Recorded either way (the history, the trace); on the score track the
            # players move the marker, so the note tells them by how much.
            state["vp"] = min(MAX_VP, state["vp"] + tile["number"])
            note(
                state,
                by_score(
                    state,
                    msg(
                        "No ceremony card gave VP: the tribe scores {vp} VP more.",
                        vp=tile["number"],
                    ),
                    msgn(
                        "Move the tribe's score marker {n} space forward (no ceremony card "
                        "gave VP).",
                        "Move the tribe's score marker {n} spaces forward (no ceremony card "
                        "gave VP).",
                        n=tile["number"],
                    ),
                ),
            )
        if list(answer["order"]) != state["order"]:
            state["order"] = list(answer["order"])
            note(state, payer_line(state))
    state["since"] = None
    return replaced


# -- marauder tiles ---------------------------------------------------------------------------


def shuffle_pile(state: State) -> None:
    """Digital draw: a seeded shuffle of the tiles; which ones show their 3 side is drawn too."""
    ids = shuffled(state, sorted(cat.tiles_of(state)))
    state["hard"] = sorted(shuffled(state, ids)[: state["hard_tiles"]])
    state["pile"] = ids


def next_tile(state: State) -> None:
    """Digital draw: the next tile of the seeded pile waits in ``state["drawn"]``."""
    if state["draw"] != "digital":
        return
    if not state["pile"]:
        # Ten draws from twelve tiles: a pile never runs out; a smaller set is reshuffled.
        current = (state["tile"] or {}).get("id")
        used = [i for i in state["discarded"] if i != current]
        state["pile"] = shuffled(state, used) or [current]
        state["discarded"] = []
    tile_id = state["pile"].pop(0)
    face = 3 if tile_id in state["hard"] else 2
    tile = cat.make_tile(tile_id, face, cat.tiles_of(state)[tile_id][str(face)])
    tile["example"] = cat.is_example(state)
    state["drawn"] = tile


OTHER_TILE = "other"


def tile_choice_label(face: int, actions: list[str]) -> Msg:
    """A tile face as the players see it: its number, then the symbols from the framed one."""
    return msg(
        "{n}: {framed} framed, then {others}",
        n=face,
        framed=label(actions[0]),
        others=join([label(a) for a in actions[1:]]),
    )


def tile_fields(state: State) -> tuple[Field, ...]:
    """Physical draw: which tile lies on the control board, by its number and symbols."""
    if state["draw"] == "digital":
        return ()
    used = set(state["discarded"]) | {(state["tile"] or {}).get("id")}
    choices = [
        Choice(f"{tid}:{face}", tile_choice_label(int(face), actions))
        for tid, faces in sorted(cat.tiles_of(state).items())
        if tid not in used
        for face, actions in sorted(faces.items())
    ]
    choices.append(Choice(OTHER_TILE, msg("a tile not listed: enter its symbols")))
    return (
        Field(
            key="tile",
            label=msg("Which tile did you draw? (number, framed symbol, then clockwise)"),
            kind="choice",
            choices=tuple(choices),
        ),
    )


#: The transition to ``tile-entry`` after a step that read a drawn tile: an unlisted
#: tile (a physical draw of a tile the set lacks) leaves the control board without one.
TO_TILE_ENTRY = Edge("tile-entry", when=lambda state, _answer: state["tile"] is None)


def read_tile(state: State, answer: Answer, then: str) -> None:
    """Put the drawn tile on the control board; an unlisted one leaves no tile and is
    entered in ``tile-entry`` (:data:`TO_TILE_ENTRY`), which then goes on to ``then``."""
    if state["tile"]:
        state["discarded"].append(state["tile"]["id"])
    if state["draw"] == "digital":
        state["tile"] = state.pop("drawn")
        return
    if answer["tile"] == OTHER_TILE:
        state["tile"] = None
        state["after_tile"] = then
        return
    tid, _, face = answer["tile"].partition(":")
    tile = cat.make_tile(tid, int(face), cat.tiles_of(state)[tid][face])
    tile["example"] = cat.is_example(state)
    state["tile"] = tile


def tile_lines(state: State, tile: Mapping[str, Any] | None) -> list[Msg]:
    if tile is None:
        return [msg("Draw the top marauder tile; place it with the framed symbol pointing up.")]
    lines = [
        msg(
            "Draw the top marauder tile ({n} side up); place it with the framed symbol "
            "({framed}) pointing up.",
            n=tile["number"],
            framed=label(tile["actions"][0]),
        ),
        msg(
            "Symbols clockwise from the top: {symbols}.",
            symbols=join([label(a) for a in tile["actions"]]),
        ),
    ]
    if tile.get("example"):
        lines.append(msg("(EXAMPLE tile data: match it to your real tile.)"))
    return lines


# -- lines ---------------------------------------------------------------------------------------


def trays_line(state: State, with_actions: bool = True) -> Msg:
    """Tray counts by side, with the tile's action next to each tray when a tile lies."""
    board = cat.board_of(state)
    tile = state["tile"] if with_actions else None
    parts = []
    for side in board["sides"]:
        if side["tray"] is None:
            continue
        n = state["trays"][side["tray"]]
        if tile:
            parts.append(
                msg(
                    "{colour} {n} ({action})",
                    colour=label(side["tray"]),
                    n=n,
                    action=label(tile["actions"][side["side"]]),
                )
            )
        else:
            parts.append(msg("{colour} {n}", colour=label(side["tray"]), n=n))
    return msg(
        "Trays now: {trays}. Priority marker: side {m} ({icon}).",
        trays=join(parts),
        m=state["marker"],
        icon=label(cat.priority_at(board, state["marker"])),
    )


def payer_line(state: State) -> Msg:
    return msg(
        "Player order: {order}. {p} pays expenses onto the control board.",
        order=order_msg(state["order"]),
        p=player_msg(payer(state)),
    )
