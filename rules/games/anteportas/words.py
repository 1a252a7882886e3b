"""Translatable phrases built from counts: "2 Basic + 1 Elite", "a, b and c"."""

from __future__ import annotations

from rules.text import Msg, msg


def units_msg(units: dict[str, int]) -> Msg:
    """``{"basic": 2, "elite": 1}`` -> "2 Basic + 1 Elite"."""
    if units["basic"] and units["elite"]:
        return msg("{b} Basic + {e} Elite", b=units["basic"], e=units["elite"])
    if units["elite"]:
        return msg("{e} Elite", e=units["elite"])
    return msg("{b} Basic", b=units["basic"])


def join_msgs(parts: list[Msg]) -> Msg:
    """``[a, b, c]`` -> "a, b and c" as one translatable message."""
    if not parts:
        return msg("nothing")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("{a} and {b}", a=parts[0], b=parts[1])
    return msg("{a}, {b}", a=parts[0], b=join_msgs(parts[1:]))
