"""Scripted tables for ``tableside bench answers``: one module per game.

Each module plays the part of the people at the table in one scripted game
and defines:

- ``GAME``: the game's name; ``OPTIONS``: its set-up options; ``SEED``;
  ``STEPS``: at most this many steps are played;
- ``Table()``: an object with ``answer(prompt, state) -> dict``: the values
  the table gives at this step. It returns only the fields the players had to
  set; every other field keeps what the screen offered (its default), as a
  player who just presses CONFIRM would. The table keeps its own idea of
  what is on the real table (markers, cards, positions), independent of the
  game's state, and answers from that.
- optionally ``observe(prompt, values, decision)``: called after each accepted
  answer with the bot's decision (or ``None``), so the table can do what the
  bot said on its own idea of the real table.
"""
