"""A scripted solo game of Endless Winter against the Nomads: the whole game, 4 rounds.

The table keeps its own hunting area, animal deck, figures on the action
columns and the player's own moves. On every step it answers what is true on
its table; the benchmark counts how often that differs from what the screen
offered. It learns the Nomads' moves the way players do, from what the screen
told them (the action column the Nomads took, the animal they took).
"""

from __future__ import annotations

from typing import Any

from rules.prompt import Prompt

GAME = "nomads"
OPTIONS: dict[str, Any] = {
    "cards": "digital",
    "hard_reveal": False,
    "hard_settlement": False,
    "modules": [],
}
SEED = 7
STEPS = 600

#: The animal deck, top first (the table's own shuffle).
DECK = ["camel", "horse", "bison", "sloth", "mammoth", "argentavis", "sabretooth"] * 6
#: Where the player's figures go each round, in turn order.
PLAYER_MOVES = ["migrate", "develop", "rest"]


class Table:
    """The people at the table and what lies on it."""

    def __init__(self) -> None:
        self.hunt = [["sloth", "bison", "horse", ""], ["mammoth", "", "camel", ""]]
        self.deck = list(DECK)
        self.round = 1
        self.moves = 0
        self.player_cols: list[str] = []
        self.nomad_cols: list[str] = []
        self.nomad_turns_seen = 0
        self.settlements = 0
        self.first_animal = "bison"
        self.seen_hunt: list[list[str]] | None = None
        self.revealed_at: tuple[int, int] | None = None
        #: The progress display: every space holds a card at set-up; nobody refills it here.
        self.display = [["card"] * 4 for _ in range(2)]
        self.seen_display: list[list[str]] | None = None

    # -- keeping up with the real table -----------------------------------------------

    def _observe(self, state: dict[str, Any]) -> None:
        """What the screen told the players to do since the last step."""
        if state["round"] != self.round:  # preparation: figures come back
            self.round = state["round"]
            self.moves = 0
            self.player_cols, self.nomad_cols = [], []
            self.nomad_turns_seen = 0
        if state["nomad_turn"] > self.nomad_turns_seen and state["column"]:
            self.nomad_turns_seen = state["nomad_turn"]
            self.nomad_cols.append(state["column"])
        # The Nomads took a card: the space the screen named is empty on the table too.
        for seen, now, mine in (
            (self.seen_hunt, state.get("hunt"), self.hunt),
            (self.seen_display, state.get("display"), self.display),
        ):
            if seen is None or now is None:
                continue
            for r, row in enumerate(now):
                for c, cell in enumerate(row):
                    if cell == "" and seen[r][c] not in ("", "?"):
                        mine[r][c] = ""
        if "hunt" in state:
            self.seen_hunt = [list(row) for row in state["hunt"]]
        if "display" in state:
            self.seen_display = [list(row) for row in state["display"]]

    def _first_free(self) -> tuple[int, int] | None:
        for r, row in enumerate(self.hunt):
            for c, cell in enumerate(row):
                if not cell:
                    return r, c
        return None

    def _reveal(self) -> str:
        slot = self._first_free()
        if slot is None:
            return "full"
        animal = self.deck.pop(0)
        self.hunt[slot[0]][slot[1]] = animal
        return animal

    def _player_hunts(self) -> None:
        """On its second move each round the player hunts the last animal and refills."""
        for row in reversed(self.hunt):
            for c in reversed(range(len(row))):
                if row[c]:
                    row[c] = ""
                    self._reveal()
                    return

    def _grid_text(self) -> str:
        return " / ".join(" ".join(cell or "." for cell in row) for row in self.hunt)

    # -- answering ----------------------------------------------------------------------

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        self._observe(state)
        values: dict[str, Any] = {}
        for field in prompt.fields:
            value = self._value(field.key, prompt, state)
            if value is not None and field.kind == "counts":
                value = {**{c.value: 0 for c in field.choices}, **value}
            if value is not None:
                values[field.key] = value
        return values

    def _area_fix(self, prompt: Prompt, state: dict[str, Any]) -> tuple[str, str]:
        """The space the screen shows wrong (the preset one first), and what lies there."""
        preset = next(f.default for f in prompt.fields if f.key == "cell")
        shown = state["hunt"]
        spaces = [(r, c) for r in range(len(shown)) for c in range(len(shown[r]))]
        if preset != "done":
            spaces.insert(0, (int(preset[1]), int(preset[3])))
        for r, c in spaces:
            if shown[r][c] != self.hunt[r][c]:
                return f"r{r}c{c}", self.hunt[r][c] or "empty"
        return "done", "keep"

    def _value(self, key: str, prompt: Prompt, state: dict[str, Any]) -> Any:
        step = prompt.step
        keys = {f.key for f in prompt.fields}
        if key == "first_animal":
            return self.first_animal
        if key == "area":
            return self._grid_text()
        if key == "cell" and step in ("area", "action") and "animal" in keys:
            return self._area_fix(prompt, state)[0]
        if key == "animal" and "cell" in keys:
            return self._area_fix(prompt, state)[1]
        if key == "cell" and "revealed" in keys:
            slot = self.revealed_at
            return "full" if slot is None else f"r{slot[0]}c{slot[1]}"
        if key == "fix":
            for r, row in enumerate(self.display):
                for c, cell in enumerate(row):
                    if bool(cell) != bool(state["display"][r][c]):
                        return f"r{r}c{c}"
            return "done"
        if key == "occupied":  # listed in board order, as the screen lists them
            held = set(self.player_cols) | set(self.nomad_cols)
            return [c for c in state["order"] if c in held]
        if key == "placed":
            if self.moves >= len(PLAYER_MOVES):
                return "done"
            move = PLAYER_MOVES[self.moves]
            self.moves += 1
            if move != "rest":
                self.player_cols.append(move)
            if self.moves == 2:
                self._player_hunts()
            return move
        if key == "event":
            return "income" if self.round == 2 and self.moves == 1 else "none"
        if key == "income" and step == "event_income":
            return {"food": 1}
        if key == "revealed":
            self.revealed_at = self._first_free()
            return "none" if self.revealed_at is None else self._reveal()
        if key == "drawn":
            return self.deck.pop(0)
        if key == "taken":
            return "taken"
        if key == "built":
            return "lowest" if self.round <= 2 else "higher"
        if key == "income" and step == "action":
            return {"food": 1} if state["queue"][0]["a"] == "megalith" else {"idol": 1}
        if key in ("available",):
            return True
        if key == "cost_food":
            return 1
        if key == "cost_tools":
            return 0
        if key == "connection":
            self.settlements += 1
            return self.settlements <= 2
        if key == "glaciers":
            return 2
        if key == "position":
            return "2" if self.round % 2 else "1"
        if key == "income" and step == "ecl_income1":
            return {"food": 1} if self.round % 2 else {}
        if key == "income" and step == "ecl_terrain":
            return {"food": 1, "tool": 1}
        if key == "income" and step == "ecl_board":
            return {"points": 1}
        if key == "buried_points":
            return 6
        if key == "animals":
            counted = next(f for f in prompt.fields if f.key == "animals").default
            return dict(counted)  # the table counts what the screen counted
        if key == "player_score":
            return 70
        return None
