"""The terminal front end: any game, any prompt, over SSH or without a screen.

It renders :class:`rules.prompt.Prompt` objects as text and reads answers
line by line. At every question the players may type ``undo``, ``undo N``,
``redo``, ``history``, ``why``, ``status``, ``help`` or ``quit``; ``Enter``
takes the default shown in brackets.
"""

from __future__ import annotations

import datetime as dt
import getpass
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from rules.editor import ComponentEditor
from rules.errors import IllegalInput, RulesError
from rules.prompt import Field, Prompt
from rules.registry import all_games, get_game
from rules.text import Msg
from ui.service import TableService

Reader = Callable[[str], str]
Writer = Callable[[str], None]

HELP = """\
At any question you can type:
  Enter      take the default shown in [brackets]
  why        show how the bot reached its last decision (the trace)
  status     show what the assistant is tracking
  history    list the confirmed steps
  undo       go back one step          undo N   go back to step N
  redo       re-apply a step you undid
  quit       stop; the game is saved and resumes next time"""


class Quit(Exception):
    """The players asked to stop."""


class Navigate(Exception):
    """Undo/redo happened mid-question: show the (new) current prompt again."""


class Terminal:
    """Drives a :class:`TableService` from a text console."""

    def __init__(self, service: TableService, read: Reader = input, write: Writer = print) -> None:
        self.service = service
        self.read = read
        self.write = write
        self._plain_read = read
        # On a real console, secret answers are typed without echo.
        self._secret_read: Reader = (
            getpass.getpass if read is input and sys.stdin.isatty() else read
        )

    # -- helpers --------------------------------------------------------------------

    def say(self, text: str = "", indent: int = 0) -> None:
        pad = " " * indent
        for paragraph in text.split("\n"):
            wrapped = textwrap.wrap(paragraph, 78, initial_indent=pad, subsequent_indent=pad + "  ")
            self.write("\n".join(wrapped) if wrapped else "")

    def ask(self, question: str) -> str:
        """Read one line; handle the commands available everywhere."""
        while True:
            try:
                line = self.read(question).strip()
            except EOFError:
                raise Quit from None
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in {"quit", "exit", "q"}:
                raise Quit
            if word in {"help", "?"}:
                self.say(HELP)
                continue
            if word == "why":
                self.show_trace()
                continue
            if word == "status":
                self.show_status()
                continue
            if word == "history":
                self.show_history()
                continue
            if word in {"undo", "redo"} and self.service.session is not None:
                self.navigate(word, rest.strip())
                raise Navigate
            return line

    def navigate(self, word: str, rest: str) -> None:
        try:
            if word == "redo":
                self.service.redo()
                self.say("Step re-applied.")
            else:
                target = int(rest) - 1 if rest else None
                self.service.undo(target)
                session = self.service.session
                assert session is not None
                self.say(f"Back to step {session.step_count + 1}. (Type 'redo' to re-apply.)")
        except ValueError:
            self.say("Type 'undo' or 'undo N' with N a step number from 'history'.")
        except IllegalInput as exc:
            self.say(f"Cannot {word}: {exc.reason}.")

    # -- showing --------------------------------------------------------------------

    def show_trace(self) -> None:
        session = self.service.session
        history = session.history if session else []
        decision = next((e.decision for e in reversed(history) if e.decision), None)
        prompt = session.prompt() if session else None
        if prompt is not None and prompt.decision is not None:
            decision = prompt.decision
        if decision is None:
            self.say("No bot decision yet.")
            return
        self.say(f"How the bot decided: {decision.summary}")
        for number, step in enumerate(decision.trace, 1):
            self.say(f"{number}. [{step.rule}] {step.finding}", indent=2)

    def show_status(self) -> None:
        session = self.service.session
        if session is None:
            return
        lines = session.game.status(session._states[-1])
        for line in lines or (Msg("Nothing tracked yet."),):
            self.say(str(line), indent=2)

    def show_history(self) -> None:
        session = self.service.session
        if session is None or not session.history:
            self.say("No confirmed steps yet.")
            return
        for entry in session.history:
            what = f" -> {entry.decision.summary}" if entry.decision else ""
            values = ", ".join(f"{k}={v}" for k, v in entry.values.items())
            if session.game.prompt(session.state_at(entry.index)).secret:
                values = "secret"
            self.say(
                f"{entry.index + 1:3}. {entry.title}{' (' + values + ')' if values else ''}{what}"
            )

    def show_prompt(self, prompt: Prompt) -> None:
        session = self.service.session
        step = session.step_count + 1 if session else 0
        if prompt.secret:
            self.write("\033[2J\033[H")  # clear the screen: nothing earlier stays visible
        self.write("")
        self.say(f"== {prompt.phase} · {prompt.title} ==  (step {step})")
        for line in prompt.lines:
            self.say(str(line), indent=2)
        if prompt.decision is not None:
            decision = prompt.decision
            self.say(f"BOT: {decision.summary}", indent=2)
            for instruction in decision.instructions:
                self.say(f"- {instruction}", indent=4)
            reason = decision.reason
            if reason is not None:
                self.say(f"Why: {reason}  (type 'why' for the full trace)", indent=4)
            if decision.example_data:
                self.say("Note: uses EXAMPLE component data, not the printed game.", indent=4)

    # -- asking ---------------------------------------------------------------------

    def ask_field(self, field: Field) -> Any:
        default = field.default
        hint = f" [{self._fmt_default(field)}]" if default is not None else ""
        if field.help:
            self.say(str(field.help), indent=2)
        many = field.places is not None and len(field.choices) > 12
        if field.kind in {"choice", "multi", "order"}:
            if many:  # spaces of a board picture: listed on request
                self.say(f"(type ? to list the {len(field.choices)} places by number)", indent=4)
            else:
                for number, choice in enumerate(field.choices, 1):
                    self.say(f"{number}) {choice.label}", indent=4)
        if field.kind == "counts":
            names = " ".join(f"{c.value}=N" for c in field.choices)
            self.say(f"Type counts like: {names} (missing ones are 0)", indent=4)
        while True:
            line = self.ask(f"  {field.label}{hint}: ")
            if many and line.strip() == "?":
                for number, choice in enumerate(field.choices, 1):
                    self.say(f"{number}) {choice.label}", indent=4)
                continue
            raw: Any = None if line == "" else line
            if raw is not None and field.kind == "choice" and line.isdigit():
                index = int(line) - 1
                if 0 <= index < len(field.choices):
                    raw = field.choices[index].value
            if raw is not None and field.kind in {"multi", "order"}:
                raw = [
                    field.choices[int(x) - 1].value
                    if x.isdigit() and 0 < int(x) <= len(field.choices)
                    else x
                    for x in line.replace(",", " ").split()
                ]
            if raw is not None and field.kind == "counts":
                raw = self._parse_counts(line)
                if raw is None:
                    self.say("Write each count as name=number, e.g. red=2 blue=1.", indent=4)
                    continue
            try:
                return field.coerce(raw)
            except IllegalInput as exc:
                self.say(f"Not accepted: {exc.reason}", indent=4)

    @staticmethod
    def _parse_counts(line: str) -> dict[str, str] | None:
        out: dict[str, str] = {}
        for part in line.replace(",", " ").split():
            name, sep, value = part.partition("=")
            if not sep:
                return None
            out[name.strip().lower()] = value.strip()
        return out

    @staticmethod
    def _fmt_default(field: Field) -> str:
        default = field.default
        if field.kind == "choice":
            for choice in field.choices:
                if choice.value == default:
                    return str(choice.label)
        if field.kind == "bool":
            return "yes" if default else "no"
        if field.kind == "counts" and isinstance(default, dict):
            return " ".join(f"{k}={v}" for k, v in default.items() if v) or "all 0"
        if field.kind in {"multi", "order"} and isinstance(default, list):
            labels = {c.value: str(c.label) for c in field.choices}
            return ", ".join(labels.get(v, v) for v in default) or "none"
        return str(default)

    # -- whole flows ----------------------------------------------------------------

    def choose_game(self) -> str:
        games = all_games()
        names = list(games)
        self.say("Which game?")
        for number, name in enumerate(names, 1):
            self.say(f"{number}) {games[name].title} — {games[name].role}", indent=2)
        while True:
            line = self.ask(f"Game [1-{len(names)}]: ")
            if line.isdigit() and 1 <= int(line) <= len(names):
                return names[int(line) - 1]
            if line in games:
                return line
            self.say("Type the number of the game.")

    def start_or_resume(self, game_name: str | None, new: bool, seed: int | None) -> None:
        record = None if new else self.service.resumable(game_name)
        if record is not None:
            when = dt.datetime.fromtimestamp(record.updated).strftime("%Y-%m-%d %H:%M")
            title = get_game(record.game).title
            self.say(f"An unfinished game was found: {title}, last step at {when}.")
            line = self.ask("Resume it? [Y/n]: ").lower()
            if line in {"", "y", "yes", "j", "ja", "s", "sim"}:
                session = self.service.resume(record.id)
                if session.replay_problem:
                    self.say(f"Note: {session.replay_problem}.")
                if self.service.component_notice:
                    self.say(f"Note: {self.service.component_notice}")
                self.say(f"Resumed at step {session.step_count + 1}.")
                return
        name = game_name or self.choose_game()
        game = get_game(name)
        self.offer_components(name)
        self.say(f"New game: {game.title}. Set-up options:")
        options = {}
        for field in game.setup_fields():
            while True:
                try:
                    options[field.key] = self.ask_field(field)
                    break
                except Navigate:
                    continue
        session = self.service.start(name, options, seed)
        if self.service.component_notice:
            self.say(f"Note: {self.service.component_notice}")
        self.say(f"Game saved as number {self.service.session_id}. Type 'help' for commands.")
        del session

    def offer_components(self, game_name: str) -> None:
        """At set-up: say which component set the game would use; offer to enter the box's own."""
        from ui.component_status import action, describe, lines

        info = describe(self.service, game_name)
        if info is None or not (info.example or info.learned):
            return
        for line in lines(info):
            self.say(str(line))
        if not (self._plain_read is input and sys.stdin.isatty()):
            self.say(f"Enter them with: tableside components edit {game_name}")
            return  # scripted input: the script answers the game, not this offer
        answer = self.ask(f"{action(info)} now? [y/N]: ").lower()
        if answer in {"y", "yes", "j", "ja", "s", "sim"}:
            self.edit_components(game_name)

    def edit_components(self, game_name: str) -> bool:
        """Run the component editor of a game; True once the players saved their set."""
        session = self.service.edit_components(game_name)
        self.say(f"{session.game.title}. Type 'undo' to go back, 'quit' to stop (kept as a draft).")
        try:
            self.loop()
        except Quit:
            self.say("Stopped. What you entered is kept; the entry continues next time.")
            return False
        return True

    def run(self, game_name: str | None = None, new: bool = False, seed: int | None = None) -> int:
        if self.service.notice:
            self.say(f"Note: {self.service.notice}")
        try:
            self.start_or_resume(game_name, new, seed)
            self.loop()
        except Quit:
            self.say("Stopped. Every confirmed step is saved; run the same command to resume.")
        return 0

    def loop(self) -> None:
        session = self.service.session
        assert session is not None
        while True:
            prompt = session.prompt()
            self.show_prompt(prompt)
            if prompt.finished and isinstance(session.game, ComponentEditor):
                return  # the set is saved: back to whatever opened the editor
            if prompt.finished:
                self.say("The game is over. Type 'undo' to go back or 'quit' to leave.")
                try:
                    self.ask("> ")
                except Navigate:
                    continue
                continue
            self.read = self._secret_read if prompt.secret else self._plain_read
            try:
                values = {field.key: self.ask_field(field) for field in prompt.fields}
                if not prompt.fields:
                    self.ask(f"  Press Enter to {str(prompt.confirm_label).lower()}: ")
            except Navigate:
                continue
            finally:
                self.read = self._plain_read
            if prompt.secret:
                self.write("\033[2J\033[H")  # wipe the secret choice off the screen
            try:
                decision = self.service.answer(values)
            except RulesError as exc:
                self.say(f"Not accepted: {exc}")
                continue
            if self.service.learned_now:
                self.say(
                    "Noted: this is not in your components yet; it is offered for saving "
                    f"(tableside components edit {session.game.name}).",
                    indent=2,
                )
            if decision is not None and prompt.decision is None:
                self.show_decision_result(decision)

    def show_decision_result(self, decision: Any) -> None:
        self.say(f"BOT: {decision.summary}", indent=2)
        for instruction in decision.instructions:
            self.say(f"- {instruction}", indent=4)
        if decision.reason is not None:
            self.say(f"Why: {decision.reason}  (type 'why' for the full trace)", indent=4)
        if decision.example_data:
            self.say("Note: uses EXAMPLE component data, not the printed game.", indent=4)
