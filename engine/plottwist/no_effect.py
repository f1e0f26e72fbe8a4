"""Will this play do nothing? Asked before a card or a resource is spent, so the table can
warn a first group ("gaining a Move at the cap", PT-ACT-3) instead of only logging it after.

The answer comes from playing the action on `Game.copy()` (a separate game at the same
position; the real game never changes) and comparing the position before and after,
leaving out what a play always changes whatever its effect: the card leaving its hand,
the cost paid, the per-Turn bookkeeping and the log.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.errors import RuleViolation

from . import actions as A
from .game import Game

# the plays that are spent on an effect (a Pass, a Combat or a Move has its own point)
PAID_PLAYS = (A.PlayCombatCard, A.PlayDetail, A.SpendBelief, A.SpendHate)

# parts of the position every play changes, effect or not
_BOOKKEEPING = ("log", "rolls", "tally", "next_id", "cards", "owners", "passed")
_CARD_PILES = ("plot_hand:", "combat_hand:", "combat_deck:", "discard:")
_PAID = ("belief", "hate", "energy")
_PER_TURN = ("energy_spent", "quantity_spent", "free_used", "bought_attack")
_COMBAT_RECORD = ("played", "passed")   # which cards were played, who has passed
_NOTE = re.compile(r"\(no effect: ([^)]*)\)")


def _outcome(state: dict[str, Any]) -> dict[str, Any]:
    kept = {k: v for k, v in state.items() if k not in _BOOKKEEPING and k != "zones"}
    kept["zones"] = [z for z in state["zones"] if not z["name"].startswith(_CARD_PILES)]
    if kept.get("combat"):
        kept["combat"] = {k: v for k, v in kept["combat"].items() if k not in _COMBAT_RECORD}
    kept["characters"] = [{k: v for k, v in c.items() if k not in _PER_TURN}
                          for c in state["characters"]]
    return kept


def _paid_only(before: dict[str, Any], after: dict[str, Any], payer: str) -> dict[str, Any]:
    """`after` with each resource of the payer that went down (the cost) put back as it was
    (another character's loss is an effect: 1 Belief Damage, PT-HATE-8)."""
    was = {c["id"]: c for c in before["characters"]}
    fixed = []
    for c in after["characters"]:
        old = was.get(c["id"])
        if old is not None and c["id"] == payer:
            c = dict(c)
            for r in _PAID:
                if isinstance(c.get(r), int) and isinstance(old.get(r), int) and c[r] < old[r]:
                    c[r] = old[r]
        fixed.append(c)
    return {**after, "characters": fixed}


def why_no_effect(game: Game, action: A.Action) -> str:
    """Why `action` would change nothing but its cost ("" if it does something, is not a
    paid play, or is refused: the refusal explains itself)."""
    if not isinstance(action, PAID_PLAYS):
        return ""
    trial = game.copy()
    before = _outcome(trial.state.to_json())
    try:
        events = trial.apply(action)
    except RuleViolation:
        return ""
    after = _paid_only(before, _outcome(trial.state.to_json()), getattr(action, "actor", ""))
    if after != before:
        return ""
    for event in events:
        note = _NOTE.search(event.text or "")
        if note:
            return f"{event.text.split(' (no effect')[0]}: {note.group(1)}"
    return "nothing on the table would change but its cost"
