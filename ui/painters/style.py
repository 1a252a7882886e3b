"""Type sizes and ink shared by the painters (no Kivy: layouts import it too)."""

from __future__ import annotations

#: The smallest type drawn in a board picture (issue 10: legible at arm's length at 800x480).
#: 18 px type is the smallest whose letters span 16 px on screen, from the top of a capital
#: to the bottom of a descender ("Ag", measured by tests/ui/test_text_height.py): at 16 px
#: they spanned 14 px, and a text like Targi's "a1" only 11 (issue 23).
TEXT_MIN = 18
RGBA = tuple[float, float, float, float]
WHITE: RGBA = (1, 1, 1, 1)


def ink_for(fill: RGBA) -> RGBA:
    """Black or white text, whichever reads better on ``fill``."""
    r, g, b, _ = fill
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.55 else (1, 1, 1, 1)
