"""Turn prompts, decisions, sessions and scenes into plain strings for the screens.

Every function takes the translator and returns view data made of ``str``,
``bool`` and ``int`` only, so the widgets just place it and switching language
is a matter of presenting again. No Kivy here.

Nothing internal reaches a screen: parameters that are lists or mappings are
written as players read them (``basic 2, elite 0``), never as Python prints
them, and field keys and option values are shown by their labels.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.decision import Decision
from rules.journal import SessionRecord
from rules.kinds import KINDS
from rules.prompt import Field, Prompt
from rules.session import HistoryEntry
from rules.text import Msg, Translator, msgn
from ui.app.focus import single_stop
from ui.app.form import FormModel
from ui.app.plain_text import plain, render
from ui.app.table_check import TableCheckView
from ui.i18n import _


def tr_msg(message: Msg | dict[str, Any] | str | None, tr: Translator) -> str:
    """Render a Msg, its JSON form (as in board scenes) or a plain string."""
    if message is None:
        return ""
    if isinstance(message, Msg):
        return render(message, tr)
    if isinstance(message, dict):
        return render(Msg.from_json(message), tr)
    return str(message)


@dataclass(frozen=True)
class DecisionView:
    heading: str  # "The bot decides" / "The bot did"
    summary: str
    instructions: tuple[str, ...]
    reason: str
    has_trace: bool
    example_data: bool
    done: bool = False  # True: what the bot did at the last step, not what it decides now


@dataclass(frozen=True)
class EntryView:
    """One sub-value of a field: a count entry, an option button."""

    value: str
    label: str
    text: str = ""  # the number shown for counts
    selected: bool = False
    number: int = 0  # place in an ``order`` field (1, 2, ...); 0: not chosen


@dataclass(frozen=True)
class FieldView:
    key: str
    kind: str
    label: str
    help: str = ""
    value_text: str = ""  # int/bool/text
    entries: tuple[EntryView, ...] = ()
    from_camera: bool = False
    missing: bool = False
    #: How many to pick (multi/order) and how many are picked: "Choose 2 (chosen: 1)".
    hint: str = ""
    #: Why CONFIRM refused this field, shown right beside it.
    error: str = ""
    #: The board-picture layer its options are places of (tap them there).
    places: str = ""
    #: A ``bool`` field's value (None: not answered yet).
    checked: bool | None = None
    #: Why the camera left this camera field to the players: "please check" beside it.
    camera_note: str = ""
    #: A ``multi`` of at most one pick the button box treats as one stop, like a ``choice``
    #: (:func:`ui.app.focus.single_stop`).
    one_pick: bool = False

    @property
    def shape(self) -> tuple[Any, ...]:
        """What the widgets are built from; a view of the same shape only updates them.

        Option buttons take their option on each update (an autumn member's
        places are named from where it stands), so only their number counts.
        """
        if KINDS[self.kind].picks:
            return (self.key, self.kind, self.places, len(self.entries), self.one_pick)
        return (self.key, self.kind, self.places, tuple(e.value for e in self.entries))


@dataclass(frozen=True)
class PlayView:
    phase: str
    title: str
    step_text: str
    lines: tuple[str, ...]
    decision: DecisionView | None
    fields: tuple[FieldView, ...]
    confirm_label: str
    finished: bool
    example_data: bool
    scene: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    can_undo: bool = False
    can_redo: bool = False
    #: A secret step not yet uncovered: show only the cover (no fields, picture or decision).
    covered: bool = False
    #: What the bot did at the last step when this step brings its own decision too:
    #: its instructions (markers to move, ...) must stay in view until done.
    previous: DecisionView | None = None
    #: "Round 2 · Spring": where the game is, always visible.
    where: str = ""
    #: The camera's check of the last bot step: the table matches, or what differs.
    table: TableCheckView | None = None


def decision_view(decision: Decision, tr: Translator, done: bool = False) -> DecisionView:
    """A decision for the play screen; a referee's ruling (``Decision.referee``) is headed
    "The referee says", a bot's move "The bot decides" (now) or "The bot did" (last step)."""
    if decision.referee:
        heading = _("The referee says")
    else:
        heading = _("The bot did") if done else _("The bot decides")
    reason = decision.reason
    return DecisionView(
        heading=heading.render(tr),
        summary=render(decision.summary, tr),
        instructions=tuple(render(m, tr) for m in decision.instructions),
        reason=render(reason, tr) if reason is not None else "",
        has_trace=bool(decision.trace),
        example_data=decision.example_data,
        done=done,
    )


def yes_no(value: Any, tr: Translator) -> str:
    return (_("Yes") if value else _("No")).render(tr)


def _hint(fld: Field, chosen: int, tr: Translator) -> str:
    spec = fld.spec
    if not spec.many:
        return ""
    low = fld.minimum if fld.minimum is not None else (None if spec.ordered else 0)
    high = fld.maximum
    if spec.ordered and low is None:
        low = high = len(fld.choices)
    if low is not None and low == high:
        wanted = _("Choose {n}", n=low)
    elif low and high is not None:
        wanted = _("Choose {low} to {high}", low=low, high=high)
    elif high is not None:
        wanted = _("Choose up to {n}", n=high)
    elif low:
        wanted = _("Choose at least {n}", n=low)
    else:
        wanted = _("Choose any")
    first = _(" in order") if spec.ordered else None
    text = wanted.render(tr) + (first.render(tr) if first else "")
    return _("{wanted} (chosen: {n})", wanted=text, n=chosen).render(tr)


def field_view(fld: Field, form: FormModel, tr: Translator, error: str = "") -> FieldView:
    value = form.values.get(fld.key)
    entries: tuple[EntryView, ...] = ()
    value_text = ""
    chosen_count = 0
    spec = fld.spec
    if spec.per_choice:
        counts = value or {}
        entries = tuple(
            EntryView(c.value, render(c.label, tr), str(counts.get(c.value, 0)))
            for c in fld.choices
        )
    elif spec.picks:
        picked = list(value or []) if spec.many else [value]
        chosen_count = len(picked) if spec.many else 0
        entries = tuple(
            EntryView(
                c.value,
                render(c.label, tr),
                selected=c.value in picked,
                number=picked.index(c.value) + 1 if spec.ordered and c.value in picked else 0,
            )
            for c in fld.choices
        )
    elif spec.widget == "yes-no":
        value_text = "" if value is None else yes_no(value, tr)
    elif spec.stepped:
        value_text = "–" if value is None else str(value)
    else:
        value_text = "" if value is None else str(value)
    return FieldView(
        key=fld.key,
        kind=fld.kind,
        label=render(fld.label, tr),
        help=render(fld.help, tr) if fld.help else "",
        value_text=value_text,
        entries=entries,
        from_camera=fld.key in form.from_camera,
        missing=value is None,
        hint=_hint(fld, chosen_count, tr),
        error=error,
        places=fld.places or "",
        checked=bool(value) if spec.widget == "yes-no" and value is not None else None,
        camera_note=render(note, tr) if (note := form.camera_notes.get(fld.key)) else "",
        one_pick=single_stop(fld),
    )


def where_text(prompt: Prompt, tr: Translator) -> str:
    """ "Round 2 · Spring"; a phase that names its round itself ("Round 2 of 5 · Spring",
    Marauders) is shown as it is, not as "Round 2 · Round 2 of 5 · Spring"."""
    phase = render(prompt.phase, tr)
    if prompt.round is None or phase.startswith(_("Round {n}", n=prompt.round).render(tr)):
        return phase
    return _("Round {n} · {phase}", n=prompt.round, phase=phase).render(tr)


def play_view(
    prompt: Prompt,
    form: FormModel,
    tr: Translator,
    *,
    step_number: int,
    last_decision: Decision | None = None,
    scene: dict[str, Any] | None = None,
    error: Msg | None = None,
    error_field: str = "",
    can_undo: bool = False,
    can_redo: bool = False,
    covered: bool = False,
    table: TableCheckView | None = None,
) -> PlayView:
    """The play screen for the current prompt.

    A prompt's own decision is what the bot decides now; without one, the
    decision the last confirmed step produced is shown as what the bot did.
    A refusal naming one of the fields (``error_field``) is shown beside it.
    """
    previous: DecisionView | None = None
    if prompt.decision is not None:
        decision: DecisionView | None = decision_view(prompt.decision, tr)
        if last_decision is not None and last_decision != prompt.decision:
            previous = decision_view(last_decision, tr, done=True)
    elif last_decision is not None and not prompt.finished:
        decision = decision_view(last_decision, tr, done=True)
    else:
        decision = None
    scene = scene or {}
    example = bool(scene.get("example_data")) or bool(decision and decision.example_data)
    # A finished game offers a new one; a finished step machine may name its own way out
    # (the component editor: "Done").
    ends_own_way = prompt.finished and prompt.confirm_label.template != "Confirm"
    confirm = _("New game") if prompt.finished and not ends_own_way else prompt.confirm_label
    error_text = render(error, tr) if error else ""
    keys = {f.key for f in prompt.fields}
    owner = error_field.split(".")[0] if error_field else ""
    beside = owner if owner in keys else ""
    step_text = _("Step {n}", n=step_number).render(tr)
    if covered:
        return PlayView(
            phase=render(prompt.phase, tr),
            title=render(prompt.title, tr),
            step_text=step_text,
            lines=(
                _("Private step: only the player concerned looks at the screen now.").render(tr),
            ),
            decision=None,
            fields=(),
            confirm_label=_("Show").render(tr),
            finished=False,
            example_data=False,
            error=error_text,
            can_undo=can_undo,
            can_redo=can_redo,
            covered=True,
            where=where_text(prompt, tr),
        )
    return PlayView(
        phase=render(prompt.phase, tr),
        title=render(prompt.title, tr),
        step_text=step_text,
        lines=tuple(render(m, tr) for m in prompt.lines),
        decision=decision,
        fields=tuple(
            field_view(f, form, tr, error_text if f.key == beside else "") for f in prompt.fields
        ),
        confirm_label=render(confirm, tr),
        finished=prompt.finished,
        example_data=example,
        scene=scene,
        error="" if beside else error_text,
        can_undo=can_undo,
        can_redo=can_redo,
        previous=previous,
        where=where_text(prompt, tr),
        table=table,
    )


# -- history ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    index: int  # effective step index; undo(to=index) goes back to before it
    number_text: str
    title: str
    detail: str
    round: int | None = None
    has_decision: bool = False


@dataclass(frozen=True)
class HistoryGroup:
    """The steps of one round (or of the set-up), newest group first on the screen."""

    title: str
    rows: tuple[HistoryRow, ...]


def value_text(fld: Field | None, value: Any, tr: Translator) -> str:
    """One answered value as players read it (choice labels, Yes/No, counts)."""
    labels = {c.value: render(c.label, tr) for c in fld.choices} if fld else {}
    if isinstance(value, bool):
        return yes_no(value, tr)
    if isinstance(value, dict):
        shown = [f"{labels.get(k, plain(k, tr))} {v}" for k, v in value.items() if v]
        return ", ".join(shown) or "0"
    if isinstance(value, list):
        return ", ".join(labels.get(str(v), str(plain(v, tr))) for v in value) or "–"
    return labels.get(str(value), str(plain(value, tr)))


def answer_text(entry: HistoryEntry, tr: Translator, prompt: Prompt | None = None) -> str:
    """The answers of one step: ``Label: value; ...`` (field labels from its prompt)."""
    fields = {f.key: f for f in prompt.fields} if prompt is not None else {}
    parts = []
    for key, value in entry.values.items():
        fld = fields.get(key)
        if fld is None:
            continue  # no label to show it by: never an internal key on screen
        label = render(fld.label, tr)
        joint = " " if label.endswith(("?", ":")) else ": "  # "Use the joker now? no"
        parts.append(f"{label}{joint}{value_text(fld, value, tr)}")
    return "; ".join(parts)


def history_row(entry: HistoryEntry, tr: Translator, prompt: Prompt | None) -> HistoryRow:
    if entry.secret or (prompt is not None and prompt.secret):
        detail = _("(private)").render(tr)  # never echo a secret answer
    else:
        detail = answer_text(entry, tr, prompt)
    if entry.decision is not None:
        summary = render(entry.decision.summary, tr)
        detail = f"{detail} » {summary}" if detail else f"» {summary}"
    return HistoryRow(
        entry.index,
        str(entry.index + 1),
        render(entry.title, tr),
        detail,
        round=entry.round,
        has_decision=entry.decision is not None,
    )


def history_rows(
    entries: list[HistoryEntry],
    tr: Translator,
    prompt_at: Callable[[int], Prompt | None] = lambda index: None,
) -> list[HistoryRow]:
    """One row per confirmed step; ``prompt_at(i)`` gives the prompt step ``i`` answered."""
    return [history_row(entry, tr, prompt_at(entry.index)) for entry in entries]


def history_groups(rows: list[HistoryRow], tr: Translator) -> list[HistoryGroup]:
    """Rows grouped by round, newest round first and newest step first within it.

    Steps outside the rounds (``round`` None) before the first round are the
    set-up; after a round (final scoring) they are titled "After round N".
    """
    groups: list[HistoryGroup] = []
    current: list[HistoryRow] = []
    current_round: int | None = None
    last_round: int | None = None
    for row in rows:
        if current and row.round != current_round:
            groups.append(_group(current_round, last_round, current, tr))
            current = []
        if current_round is not None:
            last_round = current_round
        current_round = row.round
        current.append(row)
    if current:
        groups.append(_group(current_round, last_round, current, tr))
    return list(reversed(groups))


def _group(
    number: int | None, after: int | None, rows: list[HistoryRow], tr: Translator
) -> HistoryGroup:
    if number is not None:
        title = _("Round {n}", n=number)
    elif after is not None:
        title = _("After round {n}", n=after)
    else:
        title = _("Set-up and other steps")
    return HistoryGroup(title.render(tr), tuple(reversed(rows)))


def trace_lines(decision: Decision, tr: Translator) -> list[str]:
    """The full trace, numbered, in the player's language (the numbers are in each finding)."""
    return [f"{n}. {render(step.finding, tr)}" for n, step in enumerate(decision.trace, 1)]


@dataclass(frozen=True)
class TraceView:
    """The trace screen: one step's decision, what it asked, why, and every trace step."""

    title: str
    summary: str
    instructions: tuple[str, ...]
    reason: str
    answers: str
    lines: tuple[str, ...]
    #: The history entry shown (undo goes back to just before it), or None: the current step.
    index: int | None = None
    #: A referee's ruling (``Decision.referee``): "How the referee ruled", not "the bot".
    referee: bool = False


def trace_view(
    decision: Decision | None,
    tr: Translator,
    *,
    title: str = "",
    answers: str = "",
    index: int | None = None,
) -> TraceView:
    if decision is None:
        return TraceView(title, "", (), "", answers, (_("No decision yet.").render(tr),), index)
    reason = decision.reason
    return TraceView(
        title=title,
        summary=render(decision.summary, tr),
        instructions=tuple(render(m, tr) for m in decision.instructions),
        reason=_("Why: {reason}", reason=render(reason, tr)).render(tr) if reason else "",
        answers=answers,
        lines=tuple(trace_lines(decision, tr)),
        index=index,
        referee=decision.referee,
    )


# -- saved games --------------------------------------------------------------------------


@dataclass(frozen=True)
class SavedGameView:
    session_id: int
    title: str
    detail: str
    current: bool = False


def when_text(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def saved_game_view(
    record: SessionRecord,
    game_title: str,
    tr: Translator,
    *,
    round_number: int | None,
    steps: int,
    current: bool = False,
    finished: bool = False,
) -> SavedGameView:
    """One saved game to resume: its game, round, players, steps and last change
    (a finished game first says so: it is opened on its end screen, its last step undoable)."""
    parts = [_("game over").render(tr)] if finished else []
    if round_number is not None:
        parts.append(_("round {n}", n=round_number).render(tr))
    players = record.options.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        parts.append(msgn("{n} player", "{n} players", n=players).render(tr))
    parts.append(msgn("{n} step", "{n} steps", n=steps).render(tr))
    parts.append(_("last step {when}", when=when_text(record.updated)).render(tr))
    return SavedGameView(record.id, game_title, " · ".join(parts), current)


def resume_text(record: SessionRecord, game_title: str, tr: Translator) -> str:
    return _(
        "An unfinished game was found: {game}, last step at {when}.",
        game=game_title,
        when=when_text(record.updated),
    ).render(tr)
