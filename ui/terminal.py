"""The terminal front end: any game, any prompt, over SSH or without a screen.

It renders :class:`rules.prompt.Prompt` objects as text and reads answers
line by line. At every question the players may type ``undo``, ``undo N``,
``redo``, ``history``, ``why``, ``status``, ``help`` or ``quit``; ``Enter``
takes the default shown in brackets.

Every field kind is answered with numbers from a numbered list, never with a
typed language: ``choice`` one number, ``multi`` several (``1 3``), ``order``
the numbers in their order (``2 1 3``), ``counts`` one ``N=count`` per line
number (``1=2 3=1``), ``int`` a number, ``bool`` yes/no. Only ``text`` (a
name) is free text. Places of the board picture are listed by number too.
"""

from __future__ import annotations

import datetime as dt
import getpass
import sys
import textwrap
from collections.abc import Callable
from gettext import ngettext
from typing import Any

from rules.editor import ComponentEditor
from rules.errors import IllegalInput, RulesError
from rules.prompt import Field, Prompt
from rules.registry import all_games, get_game
from rules.text import Msg, printable
from ui.app.presenters import answer_text, render, value_text
from ui.service import TableService

Reader = Callable[[str], str]
Writer = Callable[[str], None]

HELP = """\
At any question you can type:
  Enter      take the default shown in [brackets]
  why        show how the bot (or the referee) reached its last decision (the trace)
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
        for paragraph in printable(text).split("\n"):
            wrapped = textwrap.wrap(paragraph, 78, initial_indent=pad, subsequent_indent=pad + "  ")
            self.write("\n".join(wrapped) if wrapped else "")

    def ask(self, question: str) -> str:
        """Read one line; handle the commands available everywhere."""
        while True:
            try:
                line = self.read(printable(question)).strip()
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
            self.say("No decision yet.")
            return
        how = "How the referee ruled" if decision.referee else "How the bot decided"
        self.say(f"{how}: {plain(decision.summary)}")
        for number, step in enumerate(decision.trace, 1):
            self.say(f"{number}. {plain(step.finding)}", indent=2)

    def show_status(self) -> None:
        session = self.service.session
        if session is None:
            return
        lines = session.status()
        for line in lines or (Msg("Nothing tracked yet."),):
            self.say(plain(line), indent=2)

    def show_history(self) -> None:
        session = self.service.session
        if session is None or not session.history:
            self.say("No confirmed steps yet.")
            return
        current_round: object = object()
        last_round: int | None = None
        for entry in session.history:
            if entry.round != current_round:
                if isinstance(current_round, int):
                    last_round = current_round
                current_round = entry.round
                heading = (
                    f"Round {entry.round}"
                    if entry.round is not None
                    else f"After round {last_round}"
                    if last_round is not None
                    else "Set-up"
                )
                self.say(f"-- {heading} --")
            what = f" -> {plain(entry.decision.summary)}" if entry.decision else ""
            prompt = session.game.prompt(session.state_at(entry.index))
            values = "private" if prompt.secret else answer_text(entry, _english, prompt)
            self.say(
                f"{entry.index + 1:3}. {plain(entry.title)}"
                f"{' (' + values + ')' if values else ''}{what}"
            )

    def show_prompt(self, prompt: Prompt) -> None:
        session = self.service.session
        step = session.step_count + 1 if session else 0
        if prompt.secret:
            self.write("\033[2J\033[H")  # clear the screen: nothing earlier stays visible
        self.write("")
        where = f"Round {prompt.round} · " if prompt.round is not None else ""
        self.say(f"== {where}{plain(prompt.phase)} · {plain(prompt.title)} ==  (step {step})")
        if prompt.decision is not None:  # the bot's action and why come first
            decision = prompt.decision
            who = "REFEREE" if decision.referee else "BOT"
            self.say(f"{who}: {plain(decision.summary)}", indent=2)
            for instruction in decision.instructions:
                self.say(f"- {plain(instruction)}", indent=4)
            reason = decision.reason
            if reason is not None:
                self.say(f"Why: {plain(reason)}  (type 'why' for the full trace)", indent=4)
            if decision.example_data:
                self.say("Note: uses EXAMPLE component data, not the printed game.", indent=4)
        for line in prompt.lines:
            self.say(plain(line), indent=2)

    # -- asking ---------------------------------------------------------------------

    def ask_field(self, field: Field) -> Any:
        """Ask one field until its answer is accepted (numbers from a numbered list)."""
        hint = f" [{self._fmt_default(field)}]" if field.default is not None else ""
        if field.help:
            self.say(plain(field.help), indent=2)
        many = field.places is not None and len(field.choices) > 12
        if many:  # spaces of a board picture: listed on request
            self.say(f"(type ? to list the {len(field.choices)} places by number)", indent=4)
        elif field.choices:
            self._list_choices(field)
        self.say(self._how(field), indent=4)
        while True:
            line = self.ask(f"  {plain(field.label)}{hint}: ")
            if many and line.strip() == "?":
                self._list_choices(field)
                continue
            try:
                raw = None if line == "" else self._parse(field, line)
            except ValueError as exc:
                self.say(str(exc), indent=4)
                continue
            try:
                value = field.coerce(raw)
            except IllegalInput as exc:
                self.say(f"Not accepted: {exc.reason}", indent=4)
                continue
            if field.spec.per_choice and raw is not None and isinstance(field.default, dict):
                value = {**field.default, **{k: v for k, v in value.items() if k in raw}}
            return value

    def _list_choices(self, field: Field) -> None:
        current = field.default if isinstance(field.default, dict) else {}
        for number, choice in enumerate(field.choices, 1):
            extra = ""
            if field.spec.per_choice:
                extra = f"  [{current.get(choice.value, 0)}]"
                if choice.limit is not None:
                    extra += f"  (at most {choice.limit})"
            self.say(f"{number}) {plain(choice.label)}{extra}", indent=4)

    @staticmethod
    def _how(field: Field) -> str:
        """One line saying how to answer this kind of field (``rules.kinds.Kind.how``)."""
        return plain(field.spec.how(field))

    @staticmethod
    def _parse(field: Field, line: str) -> Any:
        """The typed line as the field's raw value (numbers picked from the list)."""
        choices = field.choices

        def pick(word: str) -> str:
            if word.isdigit() and 1 <= int(word) <= len(choices):
                return choices[int(word) - 1].value
            for choice in choices:  # the option's own name is fine too
                if word.lower() in {choice.value.lower(), choice.label.english().lower()}:
                    return choice.value
            raise ValueError(f"'{word}' is not on the list: type its number.")

        spec = field.spec
        if spec.picks and not spec.many:
            return pick(line.strip())
        if spec.many:
            if line.strip() == "-":
                return []
            return [pick(word) for word in line.replace(",", " ").split()]
        if spec.per_choice:
            out: dict[str, str] = {}
            for part in line.replace(",", " ").split():
                name, sep, value = part.partition("=")
                if not sep:
                    raise ValueError("Write each count as line=count, e.g. 1=2 3=0.")
                out[pick(name.strip())] = value.strip()
            return out
        return line  # the kind's coerce reads numbers, yes/no and names itself

    @staticmethod
    def _fmt_default(field: Field) -> str:
        default = field.default
        labels = {c.value: plain(c.label) for c in field.choices}
        spec = field.spec
        if spec.picks and not spec.many:
            return labels.get(default, str(default))
        if isinstance(default, bool):
            return "yes" if default else "no"
        if spec.per_choice and isinstance(default, dict):
            return "as listed"
        if spec.many and isinstance(default, list):
            return ", ".join(labels.get(v, v) for v in default) or "none"
        return value_text(field, default, _english)

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
        records = [] if new else self._unfinished(game_name)
        if len(records) == 1:
            record = records[0]
            when = dt.datetime.fromtimestamp(record.updated).strftime("%Y-%m-%d %H:%M")
            title = get_game(record.game).title
            self.say(f"An unfinished game was found: {title}, last step at {when}.")
            line = self.ask("Resume it? [Y/n]: ").lower()
            if line in {"", "y", "yes", "j", "ja", "s", "sim"}:
                self._resume(record.id)
                return
        elif records:
            self.say("Unfinished games:")
            for number, record in enumerate(records, 1):
                when = dt.datetime.fromtimestamp(record.updated).strftime("%Y-%m-%d %H:%M")
                players = record.options.get("players")
                who = (
                    ", " + ngettext("{n} player", "{n} players", players).format(n=players)
                    if isinstance(players, int)
                    else ""
                )
                events = ngettext("{n} event", "{n} events", record.event_count)
                self.say(
                    f"{number}) {get_game(record.game).title}{who}, "
                    f"{events.format(n=record.event_count)}, last step at {when}",
                    indent=2,
                )
            line = self.ask(f"Resume which? [1-{len(records)}, Enter: 1, 'new': a new game]: ")
            if line.lower() not in {"new", "n"}:
                index = int(line) - 1 if line.isdigit() and 1 <= int(line) <= len(records) else 0
                self._resume(records[index].id)
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

    def _unfinished(self, game_name: str | None) -> list[Any]:
        records = [
            r
            for r in self.service.journal.sessions(include_finished=False)
            if game_name is None or r.game == game_name
        ]
        return [r for r in records if r.game in all_games()][:9]

    def _resume(self, session_id: int) -> None:
        session = self.service.resume(session_id)
        if session.replay_problem:
            self.say(f"Note: {session.replay_problem}.")
        if self.service.component_notice:
            self.say(f"Note: {self.service.component_notice}")
        self.say(f"Resumed at step {session.step_count + 1}.")

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
        who = "REFEREE" if decision.referee else "BOT"
        self.say(f"{who}: {plain(decision.summary)}", indent=2)
        for instruction in decision.instructions:
            self.say(f"- {plain(instruction)}", indent=4)
        if decision.reason is not None:
            self.say(f"Why: {plain(decision.reason)}  (type 'why' for the full trace)", indent=4)
        if decision.example_data:
            self.say("Note: uses EXAMPLE component data, not the printed game.", indent=4)


def _english(template: str) -> str:
    return template


def plain(message: Msg) -> str:
    """A message in English with lists and mappings spelled out (never a Python repr)."""
    return render(message, _english)
