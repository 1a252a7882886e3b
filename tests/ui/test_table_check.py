"""The closed loop's bookkeeping from step to step, and its words (no Kivy, no camera).

Readings are plain ``vision.reader.Reading`` values here; the GUI test
(test_gui_table_check.py) reads rendered pictures through the real camera feed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.decision import Decision
from rules.registry import get_game
from rules.text import msg
from ui.app.table_check import (
    MOVING_RETRY_SECONDS,
    RECHECK_SECONDS,
    TableCheck,
    checkable,
)
from ui.i18n import translator
from vision.geometry import COLOURS
from vision.reader import Reading, TrayReading
from vision.tokens import TokenRead

BOT = Decision(game="marauders", kind="spring", summary=msg("The tribe takes fishing"))
PAY = {"trays": {"3": {"yellow": -2}}}


def reading(yellow: int, *, status: str = "ok", sure: bool = True) -> Reading:
    """Six trays, empty but tray 3 with ``yellow`` yellow markers."""
    trays = []
    for side in range(6):
        counts = dict.fromkeys(COLOURS, 0)
        if side == 3:
            counts["yellow"] = yellow
        trays.append(
            TrayReading("board", side, None, counts, dict.fromkeys(COLOURS, 1.0), False, sure)
        )
    return Reading(status, False, trays=trays if status == "ok" else [])


def expected(decision: Decision) -> dict[str, Any] | None:
    return PAY if decision is BOT else None


def bot_step_done(check: TableCheck, after: Reading) -> None:
    """Step 4 is the bot's (read before: 3 yellow); the players confirm; step 5 reads ``after``."""
    assert check.enter((1, 4), BOT, expected)
    assert check.next_reading() == 0.0
    check.read((1, 4), reading(3))
    assert check.next_reading() is None  # the before reading is in
    assert check.enter((1, 5), None, expected)  # the step after it: read the table again
    check.read((1, 5), after)


def test_done_as_told_is_ok_and_reads_no_more() -> None:
    check = TableCheck()
    bot_step_done(check, reading(1))
    assert check.outcome is not None and check.outcome.status == "ok"
    assert check.next_reading() is None and not check.differs
    view = check.view(translator("en"))
    assert view is not None and view.status == "ok"
    assert view.lines == ("Camera: the table matches",)


def test_not_done_says_what_differs_and_reads_again_until_it_matches() -> None:
    check = TableCheck()
    bot_step_done(check, reading(3))
    assert check.differs and check.next_reading() == RECHECK_SECONDS
    view = check.view(translator("en"))
    assert view is not None and view.lines == (
        "The camera sees the table differ from the instructions:",
        "The yellow tray should have 2 fewer markers; the camera sees 3",
    )
    check.read((1, 5), reading(2))  # one marker taken: still differs, in other words
    assert check.view(translator("en")).lines[1] == (  # type: ignore[union-attr]
        "The yellow tray should have 2 fewer markers; the camera sees 2"
    )
    check.read((1, 5), reading(1))  # put right
    assert check.outcome.status == "ok" and not check.differs  # type: ignore[union-attr]
    assert check.next_reading() is None


def test_more_and_unchanged_trays_in_words() -> None:
    check = TableCheck()
    gain = {"trays": {"3": {"yellow": 2}}}
    assert check.enter((1, 4), BOT, lambda d: gain)
    check.read((1, 4), reading(0))
    check.enter((1, 5), None, expected)
    after = reading(0)
    after.trays[0].counts["red"] = 1  # a red marker appeared in the red tray: not asked for
    check.read((1, 5), after)
    assert check.view(translator("en")).lines[1:] == (  # type: ignore[union-attr]
        "The red tray should still have 0 markers; the camera sees 1",
        "The yellow tray should have 2 more markers; the camera sees 0",
    )


def test_hands_over_the_table_wait_for_a_still_reading() -> None:
    check = TableCheck()
    bot_step_done(check, reading(0, status="moving"))
    assert check.outcome is None and check.next_reading() == MOVING_RETRY_SECONDS
    check.read((1, 5), reading(1))
    assert check.outcome.status == "ok"  # type: ignore[union-attr]


def test_a_reading_from_before_the_step_counts_as_none() -> None:
    """A camera may hand out the same reading for a second: that is the table before."""
    check = TableCheck()
    before = reading(3)
    assert check.enter((1, 4), BOT, expected)
    check.read((1, 4), before)
    check.enter((1, 5), None, expected)
    check.read((1, 5), before)  # the very same reading again
    assert check.outcome is None and check.next_reading() == MOVING_RETRY_SECONDS


def test_not_sure_says_only_that_it_did_not_check() -> None:
    check = TableCheck()
    bot_step_done(check, reading(3, sure=False))
    assert check.outcome.status == "unsure"  # type: ignore[union-attr]
    view = check.view(translator("en"))
    assert view is not None and view.status == "unsure" and not check.differs
    assert view.lines == ("Camera: 6 trays not checked",)
    assert check.view(translator("de")).lines == (  # type: ignore[union-attr]
        "Kamera: 6 Fächer nicht geprüft",
    )
    assert check.next_reading() is None


def test_a_covered_tray_is_named_by_colour_and_the_rest_still_checked() -> None:
    """The yellow tray paid as told; a hand over the blue tray: that one is not checked."""
    check = TableCheck()
    after = reading(1)
    trays = [
        replace(t, colour=c)
        for t, c in zip(
            after.trays, ("red", "yellow", "blue", "yellow", "white", None), strict=True
        )
    ]
    trays[2] = replace(trays[2], counts=None, occluded=True, sure=False)
    bot_step_done(check, replace(after, trays=trays))
    assert check.outcome.status == "unsure"  # type: ignore[union-attr]
    assert check.view(translator("en")).lines == (  # type: ignore[union-attr]
        "The blue tray: not checked (a hand was over it)",
    )
    assert check.view(translator("pt")).lines == (  # type: ignore[union-attr]
        "O compartimento azul: não conferido (havia uma mão sobre ele)",
    )


def test_undo_redo_and_late_readings_check_nothing() -> None:
    check = TableCheck()
    assert check.enter((1, 4), BOT, expected)
    check.read((1, 4), reading(3))
    assert not check.enter((1, 3), None, expected)  # undo: the bot step was not done
    assert check.due is None and check.outcome is None
    assert not check.read((1, 4), reading(1))  # a late reading of a step left meanwhile
    assert check.outcome is None
    assert not check.enter((2, 5), None, expected)  # another game
    assert check.view(translator("en")) is None


def test_only_changes_of_known_trays_are_checked() -> None:
    assert checkable(PAY)
    assert not checkable({"trays": {}})  # nothing to see
    assert not checkable({"trays": {}, "unknown": 3})  # markers of colours nobody knows
    assert not checkable({"trays": {"2": {"red": 1}}, "unknown": 1})
    assert not checkable(None)
    check = TableCheck()
    assert not check.enter((1, 4), BOT, lambda d: {"trays": {}, "unknown": 2})


# -- Ante Portas: pieces on hexes ---------------------------------------------------------

SPAWN = Decision(game="anteportas", kind="spawn", summary=msg("1 card drawn: R101"))
#: "place 2 Basic ... on #26", "1 Farmer on #26 wounded -> Sickbay", "Guard Post on #26
#: destroyed", "1 Invader(s) fall; 1 Invader(s) remain on #26" (tests/rules/anteportas).
SPAWNED = {"hexes": {"26": {"basic": 1, "building:guard_post": -1, "farmer": -1}}}


#: The battleground's stickers registered in the one frame read.
SEEN = {"registered_frames": 1}


def pieces(*on: tuple[str, str], sure: float = 1.0) -> Reading:
    """A battleground reading: one sticker per (kind, hex)."""
    tokens = [
        TokenRead(
            80 + i,
            kind,
            kind,
            "anteportas-battleground",
            (0.0, 0.0),
            "battleground",
            hex_id,
            {},
            0,
            None,
            sure,
        )
        for i, (kind, hex_id) in enumerate(on)
    ]
    return Reading("ok", False, tokens=tokens, boards={"anteportas-battleground": SEEN})


def spawn_done(check: TableCheck, after: Reading) -> None:
    names = get_game("anteportas").piece_name  # the game names its pieces
    assert check.enter((1, 4), SPAWN, lambda d: SPAWNED, names)
    check.read((1, 4), pieces(("farmer", "26"), ("building:guard_post", "26"), ("trap", "9")))
    assert check.next_reading() is None
    assert check.enter((1, 5), None, lambda d: None)
    check.read((1, 5), after)


def test_hexes_changed_as_told_are_ok() -> None:
    check = TableCheck()
    spawn_done(check, pieces(("basic", "26"), ("trap", "9")))
    assert check.outcome is not None and check.outcome.status == "ok"
    assert check.view(translator("en")).lines == ("Camera: the table matches",)  # type: ignore[union-attr]


def test_hexes_not_changed_say_which_pieces_in_words() -> None:
    check = TableCheck()
    # The Invader placed, but the Farmer not sent to the Sickbay, the Guard Post left,
    # and the Trap on #9 taken away, which the step never said.
    spawn_done(check, pieces(("basic", "26"), ("farmer", "26"), ("building:guard_post", "26")))
    assert check.differs
    assert check.view(translator("en")).lines[1:] == (  # type: ignore[union-attr]
        "#9: Trap should be there; the camera does not see it",
        "#26: Guard Post should be gone; the camera still sees it",
        "#26, Farmers: 1 fewer expected; the camera sees 1",
    )
    check.read((1, 5), pieces(("trap", "9"), ("farmer", "26")))  # Invader gone too now
    assert check.view(translator("de")).lines[1:] == (  # type: ignore[union-attr]
        "#26, Basis-Eindringlinge: 1 mehr erwartet; die Kamera sieht 0",
        "#26, Bauern: 1 weniger erwartet; die Kamera sieht 1",
    )
    check.read((1, 5), pieces(("trap", "9"), ("basic", "26")))  # put right
    assert check.outcome.status == "ok" and not check.differs  # type: ignore[union-attr]


def test_a_piece_sticker_read_unsurely_leaves_its_hex_unsaid() -> None:
    check = TableCheck()
    check.confirm_below = 0.8
    after = pieces(("farmer", "26"), ("trap", "9"))
    after.tokens[0] = replace(after.tokens[0], confidence=0.6)  # the Farmer on #26
    spawn_done(check, after)
    assert check.outcome is not None and check.outcome.status == "unsure"
    assert check.view(translator("en")).lines == (  # type: ignore[union-attr]
        "#26: not checked (the camera is not sure of it)",
    )


def test_a_camera_that_does_not_see_the_battleground_says_so() -> None:
    """Trays in view but not the battleground: no hex can be told empty, so nothing differs."""
    check = TableCheck()
    spawn_done(check, Reading("ok", False, trays=reading(0).trays, boards={"control-board": SEEN}))
    assert check.outcome is not None and check.outcome.status == "unsure"
    assert not check.differs
    assert check.view(translator("en")).lines == (  # type: ignore[union-attr]
        "#9: not checked (the camera cannot see it)",
        "#26: not checked (the camera cannot see it)",
    )


def test_hex_changes_are_checkable() -> None:
    assert checkable(SPAWNED)
    assert not checkable({"hexes": {}})
