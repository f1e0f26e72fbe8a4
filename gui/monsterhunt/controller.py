"""Monster Hunt's gestures on the generic controller (docs/rules/monsterhunt-gui.md).

The generic controller already matches a dragged card to the legal actions that play it
(`card`) and to where it may land (`target`). What this game adds: an Engage lands on
the player's own face-down area; a click on a side's Audience pool lists its Special
Attacks; the revealed last card lists the GM's two choices; Next is the module's own
Next kind; who is waited for is the view's `to_act`; and when the table must say why a
drop is refused it asks the engine with a Monster Hunt action, so the answer carries an
MH clause.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.monsterhunt import actions as A
from gui.controller import GameController, action_kind, drop_keys

AREA_NAMES = {"audience:gm": "the GM's Audience pool",
              "audience:players": "the Players' Audience pool",
              "reveal": "the revealed last card", "discard": "the discard pile",
              "gm_deck": "the GM deck", "players_deck": "the Players' deck"}
TABLE_ONLY = "The Table view only watches: pick GM or a Player to act."


def _next_kind() -> str:
    from engine import games
    from engine.core import registry

    games.available()
    return registry.get("monsterhunt").next_kind


class HuntController(GameController):
    NEXT_KIND = _next_kind()

    # ------------------------------------------------------------ reading the view
    def side(self) -> str | None:
        return None if self.seat is None else ("gm" if self.seat == "gm" else "players")

    def fighters(self) -> dict[str, dict[str, Any]]:
        view = self.view()
        return {str(f["id"]): f for f in [*(view.get("heroes") or []),
                                          *(view.get("enemies") or [])]}

    def zone_of(self, card_id: str) -> str | None:
        for name, zone in (self.view().get("zones") or {}).items():
            if any(inst.get("id") == card_id for inst in zone.get("cards") or []):
                return str(name)
        return None

    # ------------------------------------------------------------ gestures
    def drag_options(self, item_id: str) -> list[tuple[Any, set[str]]]:
        out = []
        for action in self.actions_for_card(item_id):
            if isinstance(action, A.Engage):
                # MH-INIT-3: only in front of himself
                out.append((action, {f"facedown:{action.seat}"}))
            else:
                out.append((action, drop_keys(action, False)))
        return out

    def actions_for_card(self, card_id: str) -> list[Any]:
        """A hand card's plays; for a pool (or a card in it) the side's Special Attacks;
        for the revealed card (or its area) the GM's choice; for a fighter's sheet every
        action aimed at or made by it."""
        where = card_id if card_id in AREA_NAMES else self.zone_of(card_id)
        if where in ("audience:gm", "audience:players"):
            if where != f"audience:{self.side()}":
                return []
            return [a for a in self.legal() if isinstance(a, A.SpecialAttack)]
        if where == "reveal":
            return [a for a in self.legal() if isinstance(a, A.KeepLastCard)]
        if card_id in self.fighters():
            return self.actions_for_character(card_id)
        return super().actions_for_card(card_id)

    def actions_for_character(self, char_id: str) -> list[Any]:
        fighter = self.fighters().get(char_id) or {}
        mine = fighter.get("seat") is not None and fighter.get("seat") == self.seat
        out = []
        for a in self.legal():
            if getattr(a, "target", None) == char_id or getattr(a, "enemy", None) == char_id:
                out.append(a)
            elif mine and isinstance(a, A.Refresh | A.UsePower | A.Done):
                out.append(a)
        return out

    def can_rule(self) -> bool:
        return False  # Monster Hunt has no GM rulings: every rule is enforced

    # ------------------------------------------------------------ Next and waiting
    def next_action(self) -> tuple[Any | None, str]:
        if self.seat is None:
            return None, TABLE_ONLY
        view = self.view()
        if view.get("winner"):
            return None, f"The fight is over: {view['winner']} won."
        for action in self.legal():
            if action_kind(action) == self.NEXT_KIND:
                return action, self._next_text()
        try:
            self.game.check(A.Done(self.seat))
        except RuleViolation as e:
            return None, f"{e.message} ({e.clause})"
        return None, f"{self.seat_name()} cannot say Done now."

    def _next_text(self) -> str:
        view = self.view()
        phase = str(view.get("phase_name") or view.get("phase") or "")
        if self.seat == "gm":
            return f"Done: the GM ends {phase}"
        hero: dict[str, Any] = next((h for h in view.get("heroes") or []
                                     if h.get("seat") == self.seat), {})
        return f"Done: {hero.get('name') or self.seat_name()} is done with {phase}"

    def waiting_seats(self) -> list[str]:
        return [str(s) for s in self.view().get("to_act") or []]

    # ------------------------------------------------------------ explaining refusals
    def _guess_action(self, card_id: str, target: str | None) -> Any:
        """What a refused drop would have meant, for the engine to name the clause."""
        seat = self.seat
        if seat is None or target is None or self.zone_of(card_id) not in (
                "gm_hand", f"hand:{seat}"):
            return None
        if target.startswith("facedown:"):
            # only one's own face-down area means an Engage (MH-INIT-3); another's means nothing
            return A.Engage(seat, card_id) if target == f"facedown:{seat}" else None
        fighter = self.fighters().get(target)
        if fighter is None or (seat == "gm") != ("seat" in fighter):
            return None  # the GM's cards go on heroes, the players' on enemies
        if seat == "gm":
            enemies = [e for e in self.view().get("enemies") or [] if not e.get("out")]
            enemy = str(enemies[0]["id"]) if enemies else ""
            return A.EnemyAttack(seat, enemy, card_id, target)
        return A.HeroAttack(seat, card_id, target)

    def _guess_double_click(self, kind: str, key: str) -> Any:
        return None

    def _guess_character_action(self, char_id: str, target: str) -> Any:
        return None

    # ------------------------------------------------------------ names
    def _card_name(self, card_id: str) -> str:
        if card_id in AREA_NAMES:
            return AREA_NAMES[card_id].capitalize()
        fighter = self.fighters().get(card_id)
        if fighter is not None:
            return str(fighter.get("name"))
        inst = self._find_instance(card_id)
        if inst is None:
            return "That card"
        card = inst.get("card")
        return str(card.get("label")) if isinstance(card, dict) else "A face-down card"

    def _target_name(self, target: str | None) -> str:
        if target is None:
            return "the table"
        fighter = self.fighters().get(target)
        if fighter is not None:
            return str(fighter.get("name"))
        if target.startswith("facedown:"):
            return f"{target.split(':', 1)[1].upper()}'s face-down cards"
        return AREA_NAMES.get(target, self._card_name(target))
