"""Is a board picture legible? Every text at 16 px or more, whole, inside, apart.

:func:`problems` reads the text boxes a paint recorded
(:class:`ui.painters.Picture`): a label under :data:`TEXT_MIN`, cut short
with an ellipsis, reaching outside the picture, or overlapping another
label is a problem. Overlays (an order-number badge on its own disc) are
checked for size and place only. The screenshot command and the painter
tests run it on every picture they draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ui.painters.places import Box
from ui.painters.style import TEXT_MIN

if TYPE_CHECKING:
    from ui.painters.pen import LabelBox

#: Text textures may reach this far (px) past an edge without counting (anti-aliasing).
TOLERANCE = 1.0


def problems(labels: Sequence[LabelBox], box: Box, overlays: Sequence[LabelBox] = ()) -> list[str]:
    """One sentence per problem found in the texts of a picture drawn in ``box``."""
    found = []
    x, y, w, h = box
    for label in (*labels, *overlays):
        name = repr(label.text[:40])
        if label.size < TEXT_MIN:
            found.append(f"{name} is drawn at {label.size:.0f} px (under {TEXT_MIN})")
        if label.truncated:
            found.append(f"{name} does not fit its room and is cut short")
        inside = (
            label.x >= x - TOLERANCE
            and label.y >= y - TOLERANCE
            and label.x + label.width <= x + w + TOLERANCE
            and label.y + label.height <= y + h + TOLERANCE
        )
        if not inside:
            found.append(
                f"{name} at ({label.x:.0f}, {label.y:.0f}) {label.width:.0f}x{label.height:.0f} "
                f"leaves the picture ({x:.0f}, {y:.0f}) {w:.0f}x{h:.0f}"
            )
    for i, first in enumerate(labels):
        for second in labels[i + 1 :]:
            if first.overlaps(second, TOLERANCE):
                found.append(f"{first.text[:40]!r} overlaps {second.text[:40]!r}")
    return found
