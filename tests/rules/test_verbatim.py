"""Text from data is shown as it is, never read as a message template."""

from __future__ import annotations

from rules.registry import get_game
from rules.text import msg, verbatim


def test_braces_in_data_are_shown_not_formatted() -> None:
    assert verbatim("{").english() == "{"
    assert verbatim("a {b} c").english() == "a {b} c"
    assert msg("Member {id}", id=verbatim("}{")).english() == "Member }{"


def test_a_member_named_with_a_brace_gets_a_decision_whose_text_renders() -> None:
    """Found by the decide fuzz: member ids were made templates in the activation order."""
    run = get_game("marauders").decisions()["autumn-order"]
    decision = run(
        {
            "priority_marker": 0,
            "members": [
                {"id": "0", "distance": 0, "side": None},
                {"id": "{", "distance": 0, "side": None},
            ],
        }
    )
    assert decision.summary.english() == "Activation order: 0, {"
    decision.to_json()  # every text renders
