"""Translatable phrases built from counts: "2 Basic + 1 Elite", "a, b and c"."""

from __future__ import annotations

from rules.text import Msg, msg, msgn


def units_msg(units: dict[str, int]) -> Msg:
    """``{"basic": 2, "elite": 1}`` -> "2 Basic + 1 Elite"."""
    if units["basic"] and units["elite"]:
        return msg("{b} Basic + {e} Elite", b=units["basic"], e=units["elite"])
    if units["elite"]:
        return msg("{e} Elite", e=units["elite"])
    return msg("{b} Basic", b=units["basic"])


def unit_count(units: dict[str, int]) -> int:
    """How many Units a group holds: the count a sentence about them agrees with."""
    return units["basic"] + units["elite"]


def join_msgs(parts: list[Msg]) -> Msg:
    """``[a, b, c]`` -> "a, b and c" as one translatable message."""
    if not parts:
        return msg("nothing")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("{a} and {b}", a=parts[0], b=parts[1])
    return msg("{a}, {b}", a=parts[0], b=join_msgs(parts[1:]))


def farmers_citizens(farmers: int, citizens: int) -> Msg:
    """``(1, 2)`` -> "1 Farmer, 2 Citizens" (each count in its language's plural form)."""
    return msg(
        "{f}, {c}",
        f=msgn("{n} Farmer", "{n} Farmers", n=farmers),
        c=msgn("{n} Citizen", "{n} Citizens", n=citizens),
    )


def basic_elite_units(basic: int, elite: int) -> Msg:
    """``(2, 1)`` -> "2 Basic and 1 Elite Unit" / "... Elite Units" (the last count decides)."""
    return msgn("{b} Basic and {n} Elite Unit", "{b} Basic and {n} Elite Units", b=basic, n=elite)


def tools(n: int) -> Msg:
    return msgn("{n} Tool", "{n} Tools", n=n)
