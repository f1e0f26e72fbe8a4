"""Colors, Classes and card Requirements (PT-COLOR, PT-DETAIL-2, A-44)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from .heroics import color, has_keyword, rank


def anyone_may_use(card: Any) -> bool:
    """True when check_can_use passes `card` for every character: no Color to match and no
    printed Requirement (its only two grounds for a refusal)."""
    return (C.kind(card) == "twist" or C.color(card) in ("golden", "")) and not C.requires(card)


def check_can_use(ctx: Ctx, ch: Character, card: Any) -> None:
    """Refuse if `ch` may not play or use `card` (`anyone_may_use` is its no-refusal case)."""
    col = C.color(card)
    if C.kind(card) != "twist" and col not in ("golden", ""):
        if color(ctx, ch) != col:                                    # PT-COLOR-4
            refuse("PT-COLOR-4", f"{C.name(card)} is {col.title()}: only a {col.title()} "
                                 f"character may use it ({ch.name} is "
                                 f"{color(ctx, ch).title()})")
    for req in C.requires(card):
        for key, value in req.items():
            _check_requirement(ctx, ch, card, key, value)


def _check_requirement(ctx: Ctx, ch: Character, card: Any, key: str, value: Any) -> None:
    name = C.name(card)
    if key == "class" or key == "keyword":
        if not has_keyword(ctx, ch, str(value)):
            clause = "PT-COLOR-6" if key == "class" else "PT-KW-1"
            refuse(clause, f"{name} requires {value}")
    elif key == "character":
        if C.base_name(ctx.char_card(ch)) != str(value).split(" - ")[0].strip().casefold():
            refuse("PT-DETAIL-2", f"{name} requires {value}")
    elif key == "heroic":
        if rank(ctx, ch, str(value)) < 1:
            refuse("PT-HERC-1", f"{name} requires the Heroic {value}")
    elif key == "distance":
        cb = ctx.state.combat
        if cb is None or cb.distance != value:
            refuse("PT-DIST-1", f"{name} is played only at {value} Distance")
    elif key == "side":
        if ch.side != value:
            refuse("PT-TERM-1", f"{name} is for the {value} only")
    elif key == "color":
        if color(ctx, ch) != C.norm(value):
            refuse("PT-COLOR-4", f"{name} requires a {value} character")
