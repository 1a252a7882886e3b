"""Component editors: the players enter their box's printed tiles and cards once, by touch.

The rule texts do not print what is on the tiles and cards, so each game's
printed components are data (``Game.component_schema()``). A
:class:`ComponentEditor` is a step machine over that data, a
:class:`rules.game.Game` like any other: the front ends run it as a session
(every tap journalled, undo, history, a pulled plug loses nothing, an
unfinished session is the *draft* to resume). Each game that has components
has one editor, registered with :func:`rules.registry.register_editor`
(``rules/games/<game>/editor.py``; :mod:`rules.schema_editor` builds one from
the schema for a game without its own).

An editor walks *items* (a tile, a card, the control board), each of one or
more *pages*: a picture of what to look at (a board scene), the symbols as
choice buttons, and a check of the answer (a duplicate tile, a count that does
not match the box) before it lands in the draft. A menu lists the items with
what is still missing; its default is the next missing page, so CONFIRM walks
the whole box. "Save" checks the whole set with the game's own schema, and the
front end keeps it (``ui.component_store``); it is then the players' own set,
never EXAMPLE data.

What a game implements (all pure; ``draft`` is plain JSON data):

- :meth:`ComponentEditor.blank` / :meth:`~ComponentEditor.draft_of`: an empty
  draft, or one holding a complete set to correct;
- :meth:`~ComponentEditor.items` and :meth:`~ComponentEditor.page`: what the
  walk shows; :meth:`~ComponentEditor.entered`: whether a page is done;
- :meth:`~ComponentEditor.apply`: take a page's answer (raise
  :class:`rules.errors.IllegalInput` naming the field when it cannot be right);
- :meth:`~ComponentEditor.data_of`: the complete set from a finished draft;
- :meth:`~ComponentEditor.learn` (optional): take what the table entered while
  playing (:meth:`rules.game.Game.component_entries`).
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.components import digest_of
from rules.decision import Decision
from rules.errors import IllegalInput, SituationError
from rules.game import Game, State
from rules.prompt import Choice, Field, Prompt
from rules.schema import Spec
from rules.text import Msg, msg

#: Editor names are the game's name with this suffix (``marauders-components``).
SUFFIX = "-components"
#: Menu choices besides the items.
SAVE = "save"
RESTART = "restart"
#: ``Prompt.step`` of the editor's steps.
MENU_STEP = "components-menu"
PAGE_STEP = "components-page"
SAVED_STEP = "components-saved"

Draft = dict[str, Any]


def editor_name(game: str) -> str:
    """The registered name of ``game``'s editor."""
    return game + SUFFIX


@dataclass(frozen=True, kw_only=True)
class Item:
    """One entry of the editor's menu (a tile, a card, the control board) and its pages."""

    key: str
    label: Msg
    pages: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Page:
    """One screen of the walk: what to look at (``scene``), what to tap (``fields``)."""

    key: str
    title: Msg
    lines: tuple[Msg, ...] = ()
    fields: tuple[Field, ...] = ()
    scene: dict[str, Any] | None = None


class ComponentEditor(Game):
    """Entering one game's printed components: menu, pages, save (see the module docs)."""

    #: The game whose components this editor enters.
    game_name: ClassVar[str]
    #: What the menu calls the whole set ("Prehistory: your components").
    title: ClassVar[str]
    role: ClassVar[str] = "Enter the printed tiles and cards of your box once, by touch."

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game_name" in cls.__dict__:
            cls.name = editor_name(cls.game_name)

    # -- what a game's editor provides -------------------------------------------------

    @abstractmethod
    def schema(self) -> Spec:
        """The game's component schema (the one its ``component_schema()`` returns)."""

    @abstractmethod
    def blank(self) -> Draft:
        """A draft with nothing entered."""

    @abstractmethod
    def draft_of(self, data: Mapping[str, Any]) -> Draft:
        """A draft holding a complete, checked set (every page entered), to correct."""

    @abstractmethod
    def items(self, draft: Draft) -> tuple[Item, ...]:
        """The menu entries, in the order the walk visits them."""

    @abstractmethod
    def page(self, draft: Draft, key: str) -> Page:
        """One page; its fields default to what the draft holds (nothing when not entered)."""

    @abstractmethod
    def entered(self, draft: Draft, key: str) -> bool:
        """True when page ``key`` has been answered."""

    @abstractmethod
    def apply(self, draft: Draft, key: str, answer: Mapping[str, Any]) -> None:
        """Put a page's coerced answer into ``draft`` (changed in place) or raise IllegalInput."""

    @abstractmethod
    def data_of(self, draft: Draft) -> dict[str, Any]:
        """The complete component data of a draft whose pages are all entered."""

    def learn(self, draft: Draft, entries: Sequence[Mapping[str, Any]]) -> None:
        """Take components the table entered while playing (``Game.component_entries``)."""
        return None

    def menu_lines(self, draft: Draft) -> tuple[Msg, ...]:
        """What the menu says about the draft besides the progress (warnings)."""
        return ()

    def outline(self, items: Sequence[Item]) -> tuple[Msg, ...]:
        """Items in short: a run of numbered items as one entry ("Nomad card 1 to 16")."""
        out: list[Msg] = []
        run: list[Item] = []

        def flush() -> None:
            if len(run) == 1:
                out.append(run[0].label)
            elif run:
                first, last = run[0].label, run[-1].label
                out.append(msg("{first} to {last}", first=first, last=last))
            run.clear()

        for item in items:
            if run and item.label.template != run[0].label.template:
                flush()
            if "{" in item.label.template:
                run.append(item)
            else:
                flush()
                out.append(item.label)
        flush()
        return tuple(out)

    # -- the step machine --------------------------------------------------------------

    def setup_fields(self) -> tuple[Field, ...]:
        return ()

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options: ``start`` (a complete set to correct, or none) and ``learned`` entries.

        ``start`` is checked by the game's schema; ``learned`` must be a list
        of objects (each editor's :meth:`learn` reads the ones it knows).
        """
        extra = sorted(set(options) - {"start", "learned"})
        if extra:
            raise IllegalInput(f"unknown option '{extra[0]}' (known: learned, start)")
        start = options.get("start")
        learned = options.get("learned") or []
        if not isinstance(learned, list) or not all(isinstance(e, Mapping) for e in learned):
            raise IllegalInput("'learned' must be a list of objects", "learned")
        checked: dict[str, Any] = {"learned": [dict(e) for e in learned]}
        if start is not None:
            try:
                checked["start"] = self.schema().check(start, "start")
            except SituationError as exc:
                raise IllegalInput(str(exc), "start") from None
        return checked

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        start = options.get("start")
        draft = self.blank() if start is None else self.draft_of(start)
        self.learn(draft, options.get("learned") or [])
        return {"step": "menu", "draft": draft, "page": None}

    def _pages(self, draft: Draft) -> list[tuple[Item, str]]:
        return [(item, key) for item in self.items(draft) for key in item.pages]

    def missing(self, draft: Draft) -> list[Item]:
        """The items with a page not yet entered, in walk order."""
        return [
            item
            for item in self.items(draft)
            if not all(self.entered(draft, key) for key in item.pages)
        ]

    def complete(self, draft: Draft) -> bool:
        return not self.missing(draft)

    def prompt(self, state: State) -> Prompt:
        draft = state["draft"]
        if state["step"] == "saved":
            return Prompt(
                step=SAVED_STEP,
                title=msg("Components saved"),
                phase=msg("Your components"),
                lines=(
                    msg("Your own components are saved: new games use them."),
                    msg("Games already started keep the set they began with."),
                ),
                finished=True,
                confirm_label=msg("Done"),
            )
        if state["step"] == "page":
            page = self.page(draft, state["page"])
            return Prompt(
                step=PAGE_STEP,
                title=page.title,
                phase=msg("Your components"),
                lines=page.lines,
                fields=page.fields,
            )
        return self._menu(draft)

    def _menu(self, draft: Draft) -> Prompt:
        items = self.items(draft)
        missing = self.missing(draft)
        done = len(items) - len(missing)
        choices = [
            Choice(
                item.key,
                item.label if item in missing else msg("{item}: done", item=item.label),
            )
            for item in items
        ]
        if not missing:
            choices.append(Choice(SAVE, msg("Save these components")))
        if any(self.entered(draft, key) for _item, key in self._pages(draft)):
            choices.append(Choice(RESTART, msg("Start again from nothing")))
        lines = [msg("{done} of {all} entered.", done=done, all=len(items))]
        if missing:
            lines.append(msg("Next: {item}. Confirm to go on.", item=missing[0].label))
        else:
            lines.append(msg("Everything is entered: save to use these components."))
        lines += self.menu_lines(draft)
        return Prompt(
            step=MENU_STEP,
            title=msg(self.title),
            phase=msg("Your components"),
            lines=tuple(lines),
            fields=(
                Field(
                    key="go",
                    label=msg("Enter or correct"),
                    kind="choice",
                    choices=tuple(choices),
                    default=missing[0].key if missing else SAVE,
                ),
            ),
            confirm_label=msg("Go"),
        )

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy.deepcopy(state)
        draft = state["draft"]
        if state["step"] == "menu":
            go = answer["go"]
            if go == SAVE:
                state["result"] = self.result_of(draft)
                state["step"] = "saved"
            elif go == RESTART:
                state["draft"] = self.blank()
            else:
                item = next(i for i in self.items(draft) if i.key == go)
                state["step"], state["page"] = "page", item.pages[0]
            return state, None
        if state["step"] == "page":
            self.apply(draft, state["page"], answer)
            following = self._following(draft, state["page"])
            state["step"], state["page"] = ("page", following) if following else ("menu", None)
        return state, None

    def _following(self, draft: Draft, key: str) -> str | None:
        """After page ``key``: the item's next page, else ``None`` (back to the menu).

        The menu after each item shows what is done and what comes next (its
        default), so CONFIRM walks on and a tap jumps anywhere.
        """
        pages = [k for item in self.items(draft) if key in item.pages for k in item.pages]
        at = pages.index(key)
        return pages[at + 1] if at + 1 < len(pages) else None

    def result_of(self, draft: Draft) -> dict[str, Any]:
        """The complete set, checked by the game's schema; what is missing is named."""
        missing = self.missing(draft)
        if missing:
            first = self.outline(missing)[0]
            raise IllegalInput(
                msg(
                    "Not everything is entered yet: {first} ({n} missing).",
                    first=first,
                    n=len(missing),
                ),
                "go",
            )
        data = self.data_of(draft)
        try:
            return dict(self.schema().check(data))
        except SituationError as exc:
            raise IllegalInput(self.misfit(draft, exc), "go") from None

    def misfit(self, draft: Draft, error: SituationError) -> Msg:
        """Why the whole set was not saved, in the players' words: the page (and field)
        where the parts do not fit together and the schema's reason, when it has one in
        words (``SituationError`` given a ``msg``); never a schema path or English text."""
        where = self.where(draft, error.field)
        why = error.problem_message
        if where is not None and why is not None:
            return msg("{where} does not fit the rest of the set ({why}).", where=where, why=why)
        if where is not None:
            return msg(
                "{where} does not fit the rest of the set; check it against the box.",
                where=where,
            )
        if why is not None:
            return msg("The set does not fit together ({why}).", why=why)
        return msg("The set does not fit together; check the pages against the box.")

    def where(self, draft: Draft, field: str) -> Msg | None:
        """The page (and field) a schema path (``"cells[3].kind"``) is entered on, or None
        when no one page holds it. The default knows no pages by path."""
        return None

    # -- what the front ends read --------------------------------------------------------

    def saving(self, state: State, answer: Mapping[str, Any]) -> dict[str, Any] | None:
        """The set this (checked) answer would save, so the front end keeps it first.

        ``None`` when the answer saves nothing; :class:`IllegalInput` when the
        set is incomplete or inconsistent (nothing is saved then).
        """
        if state.get("step") != "menu" or answer.get("go") != SAVE:
            return None
        return self.result_of(state["draft"])

    def result(self, state: State) -> dict[str, Any] | None:
        """The saved set once the players saved it (the front end keeps it), else ``None``."""
        data = state.get("result") if state.get("step") == "saved" else None
        return dict(data) if isinstance(data, Mapping) else None

    def board(self, state: State) -> dict[str, Any]:
        draft = state["draft"]
        if state["step"] == "page":
            return dict(self.page(draft, state["page"]).scene or {})
        items = self.items(draft)
        missing = self.missing(draft)
        return {
            "kind": "facts",
            "title": msg(self.title).to_json(),
            "facts": [[item.label.to_json(), "-" if item in missing else "OK"] for item in items],
        }

    def status(self, state: State) -> tuple[Msg, ...]:
        draft = state["draft"]
        items = self.items(draft)
        done = len(items) - len(self.missing(draft))
        return (msg("{done} of {all} entered.", done=done, all=len(items)),)

    @staticmethod
    def digest(data: Mapping[str, Any]) -> str:
        return digest_of(data)
