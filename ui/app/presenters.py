"""Turn prompts, decisions, sessions and scenes into plain strings for the screens.

Every function takes the translator and returns view data made of ``str``,
``bool`` and ``int`` only, so the widgets just place it and switching language
is a matter of presenting again. No Kivy here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.decision import Decision
from rules.journal import SessionRecord
from rules.prompt import Field, Prompt
from rules.session import HistoryEntry
from rules.text import Msg, Translator
from ui.app.form import FormModel
from ui.i18n import _


def tr_msg(message: Msg | dict[str, Any] | str | None, tr: Translator) -> str:
    """Render a Msg, its JSON form (as in board scenes) or a plain string."""
    if message is None:
        return ""
    if isinstance(message, Msg):
        return message.render(tr)
    if isinstance(message, dict):
        return Msg.from_json(message).render(tr)
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
    """One sub-value of a field: a count entry, a choice button."""

    value: str
    label: str
    text: str = ""  # the number shown for counts
    selected: bool = False


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


def decision_view(decision: Decision, tr: Translator, done: bool = False) -> DecisionView:
    heading = _("The bot did") if done else _("The bot decides")
    reason = decision.reason
    return DecisionView(
        heading=heading.render(tr),
        summary=decision.summary.render(tr),
        instructions=tuple(m.render(tr) for m in decision.instructions),
        reason=reason.render(tr) if reason is not None else "",
        has_trace=bool(decision.trace),
        example_data=decision.example_data,
        done=done,
    )


def yes_no(value: Any, tr: Translator) -> str:
    return (_("Yes") if value else _("No")).render(tr)


def field_view(field: Field, form: FormModel, tr: Translator) -> FieldView:
    value = form.values.get(field.key)
    entries: tuple[EntryView, ...] = ()
    value_text = ""
    if field.kind == "counts":
        counts = value or {}
        entries = tuple(
            EntryView(c.value, c.label.render(tr), str(counts.get(c.value, 0)))
            for c in field.choices
        )
    elif field.kind in {"choice", "multi"}:
        chosen = set(value or []) if field.kind == "multi" else {value}
        entries = tuple(
            EntryView(c.value, c.label.render(tr), selected=c.value in chosen)
            for c in field.choices
        )
    elif field.kind == "bool":
        value_text = yes_no(value, tr)
    else:
        value_text = "–" if value is None else str(value)
    return FieldView(
        key=field.key,
        kind=field.kind,
        label=field.label.render(tr),
        help=field.help.render(tr) if field.help else "",
        value_text=value_text,
        entries=entries,
        from_camera=field.key in form.from_camera,
        missing=value is None,
    )


def play_view(
    prompt: Prompt,
    form: FormModel,
    tr: Translator,
    *,
    step_number: int,
    last_decision: Decision | None = None,
    scene: dict[str, Any] | None = None,
    error: Msg | None = None,
    can_undo: bool = False,
    can_redo: bool = False,
    covered: bool = False,
) -> PlayView:
    """The play screen for the current prompt.

    A prompt's own decision is what the bot decides now; without one, the
    decision the last confirmed step produced is shown as what the bot did.
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
    if covered:
        return PlayView(
            phase=prompt.phase.render(tr),
            title=prompt.title.render(tr),
            step_text=_("Step {n}", n=step_number).render(tr),
            lines=(
                _("Private step: only the player concerned looks at the screen now.").render(tr),
            ),
            decision=None,
            fields=(),
            confirm_label=_("Show").render(tr),
            finished=False,
            example_data=False,
            error=error.render(tr) if error else "",
            can_undo=can_undo,
            can_redo=can_redo,
            covered=True,
        )
    return PlayView(
        phase=prompt.phase.render(tr),
        title=prompt.title.render(tr),
        step_text=_("Step {n}", n=step_number).render(tr),
        lines=tuple(m.render(tr) for m in prompt.lines),
        decision=decision,
        fields=tuple(field_view(f, form, tr) for f in prompt.fields),
        confirm_label=confirm.render(tr),
        finished=prompt.finished,
        example_data=example,
        scene=scene,
        error=error.render(tr) if error else "",
        can_undo=can_undo,
        can_redo=can_redo,
        previous=previous,
    )


@dataclass(frozen=True)
class HistoryRow:
    index: int  # effective step index; undo(to=index) goes back to before it
    number_text: str
    title: str
    detail: str


def value_text(field: Field | None, value: Any, tr: Translator) -> str:
    """One answered value as players read it (choice labels, Yes/No, counts)."""
    labels = {c.value: c.label.render(tr) for c in field.choices} if field else {}
    if isinstance(value, bool):
        return yes_no(value, tr)
    if isinstance(value, dict):
        return ", ".join(f"{labels.get(k, k)} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(labels.get(str(v), str(v)) for v in value)
    return labels.get(str(value), str(value))


def answer_text(entry: HistoryEntry, tr: Translator, prompt: Prompt | None = None) -> str:
    """The answers of one step: ``Label: value; ...`` (field labels from its prompt)."""
    fields = {f.key: f for f in prompt.fields} if prompt is not None else {}
    parts = []
    for key, value in entry.values.items():
        field = fields.get(key)
        label = field.label.render(tr) if field else key
        parts.append(f"{label}: {value_text(field, value, tr)}")
    return "; ".join(parts)


def history_rows(
    entries: list[HistoryEntry],
    tr: Translator,
    prompt_at: Callable[[int], Prompt | None] = lambda index: None,
) -> list[HistoryRow]:
    """One row per confirmed step; ``prompt_at(i)`` gives the prompt step ``i`` answered."""
    rows = []
    for entry in entries:
        prompt = prompt_at(entry.index)
        if prompt is not None and prompt.secret:
            detail = _("(private)").render(tr)  # never echo a secret answer
        else:
            detail = answer_text(entry, tr, prompt)
        if entry.decision is not None:
            summary = entry.decision.summary.render(tr)
            detail = f"{detail} » {summary}" if detail else f"» {summary}"
        rows.append(HistoryRow(entry.index, str(entry.index + 1), entry.title.render(tr), detail))
    return rows


def trace_lines(decision: Decision, tr: Translator) -> list[str]:
    """The full trace, numbered, in the player's language (the numbers are in each finding)."""
    return [f"{n}. {step.finding.render(tr)}" for n, step in enumerate(decision.trace, 1)]


def resume_text(record: SessionRecord, game_title: str, tr: Translator) -> str:
    when = dt.datetime.fromtimestamp(record.updated).strftime("%Y-%m-%d %H:%M")
    return _(
        "An unfinished game was found: {game}, last step at {when}.", game=game_title, when=when
    ).render(tr)
