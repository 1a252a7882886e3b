"""Type sizes and ink shared by the painters (no Kivy: layouts import it too)."""

from __future__ import annotations

#: The smallest text drawn in a board picture (issue 10: legible at arm's length at 800x480).
TEXT_MIN = 16
RGBA = tuple[float, float, float, float]
WHITE: RGBA = (1, 1, 1, 1)


def ink_for(fill: RGBA) -> RGBA:
    """Black or white text, whichever reads better on ``fill``."""
    r, g, b, _ = fill
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.55 else (1, 1, 1, 1)
