"""Which Plots a GM's hand wants for his Objective, read from the Objective's Threat.

The rulebook has the GM choose his Plot Hand (PT-SETUP-3) and his first Location "generally
one that fits his Objective" (PT-LOC-3, PT-OBJ-1); a deal that stands in for his choice (the
Quick game, the wizard's Fill at random) asks here what that fit is. Only the Objective's
data is read, never a card's name, so a pack's own Objectives get the same treatment.

A Threat condition wants Plots only when it counts cards that a Plot Hand puts in play and
that the GM can count on: Bystanders Killed (or Recruited) are Bystanders someone played
(PT-BYST-1), and the Heroes keep theirs back when the Kill would feed the Threat, so only the
GM's own hand can supply them. The other conditions (Turn, Hate, Heroes Incapacitated,
Events revealed, statuses, …) are reached through play, not through a kind of Plot; they
want nothing (docs/ai.md, "The Quick deal fits the Objective", says why for each).
"""

from __future__ import annotations

from typing import Any

from . import cards as C

# Threat condition → the kind of Plot it counts
COUNTED_PLOTS = {
    "bystanders_killed_at_least": "bystander",
    "bystanders_recruited_at_least": "bystander",
}


def plots_wanted(objective: Any) -> dict[str, int]:
    """How many Plots of each kind the GM's hand should hold to reach this Objective's
    Threat: the largest count any branch of the condition asks for (an "any" is a choice
    of ways to win, and the hand then offers the way that needs cards)."""
    wants: dict[str, int] = {}
    for effect in C.effects(objective) if objective is not None else ():
        if effect.get("trigger") == "threat":
            _walk(effect.get("condition") or {}, wants)
    return wants


def _walk(condition: dict[str, Any], wants: dict[str, int]) -> None:
    for key, value in condition.items():
        if key in ("all", "any"):
            for part in value:
                _walk(part, wants)
        elif key in COUNTED_PLOTS:
            kind = COUNTED_PLOTS[key]
            wants[kind] = max(wants.get(kind, 0), int(value))
