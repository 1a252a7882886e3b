"""The motion gate: read the table only while nothing moves.

Frames are shrunk to a 160x90 grey thumbnail (averaging away sensor noise) and
compared with their neighbours; a frame is *still* when the share of thumbnail
pixels that changed by more than ``threshold`` grey levels is below
``max_changed``, both towards the previous and the next frame. A moving hand
changes a large share; noise and flicker do not.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import cv2
import numpy as np

THUMB = (160, 90)


def thumbnail(frame: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    return cv2.resize(grey, THUMB, interpolation=cv2.INTER_AREA).astype(np.int16)


class MotionGate:
    """Decides which frames are still. Use :meth:`still_flags` on a batch or :meth:`feed`."""

    def __init__(self, threshold: int = 10, max_changed: float = 0.003) -> None:
        self.threshold = threshold
        self.max_changed = max_changed
        self._last: np.ndarray | None = None

    def changed(self, a: np.ndarray, b: np.ndarray) -> float:
        """Share of thumbnail pixels that differ by more than the threshold."""
        return float(np.count_nonzero(np.abs(a - b) > self.threshold)) / a.size

    def still_flags(self, frames: Sequence[np.ndarray]) -> list[bool]:
        """One flag per frame. A single frame cannot show motion and counts as still."""
        thumbs = [thumbnail(f) for f in frames]
        moving = [self.changed(a, b) > self.max_changed for a, b in itertools.pairwise(thumbs)]
        flags = []
        for i in range(len(thumbs)):
            before = moving[i - 1] if i > 0 else False
            after = moving[i] if i < len(moving) else False
            flags.append(not (before or after))
        return flags

    def feed(self, frame: np.ndarray) -> bool:
        """Streaming use: is this frame still compared with the previous one fed?"""
        thumb = thumbnail(frame)
        last, self._last = self._last, thumb
        return last is not None and self.changed(last, thumb) <= self.max_changed
