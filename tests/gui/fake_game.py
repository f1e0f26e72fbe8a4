"""A stand-in for the engine's Game door (docs/architecture.md), for GUI tests.

It follows the contract — legal_actions(seat), apply(action) -> events, undo/redo,
save/load, view(viewer) — with a canned position built from core-set cards: a Combat in
its Movement step between P1's Hero and the Main Villain. It knows just enough rules to
refuse with a clause: only Movement cards in the Movement step (PT-COMBAT-6), and a seat
acts only with its own characters (PT-TERM-1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event

STEPS = ("movement", "maneuver", "attack", "end")


@dataclass(frozen=True)
class FakeAction:
    seat: str
    kind: str
    actor: str = ""
    card: str = ""
    target: str = ""
    text: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        return self.text or f"{self.kind} {self.card or self.actor}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "actor": self.actor, "card": self.card,
                "target": self.target}


def _first(catalog: Any, kind: str, n: int = 1, **match: Any) -> list[Any]:
    out = [c for c in catalog if c.kind == kind
           and all(c.data.get(k) == v for k, v in match.items())]
    return out[:n]


class FakeGame:
    def __init__(self, state: dict[str, Any], catalog: Any) -> None:
        self.state = state
        self.catalog = catalog
        self._undo: list[str] = []
        self._redo: list[str] = []

    # ----------------------------------------------------------- making
    @classmethod
    def quick(cls, catalog: Any, heroes: int = 3, seed: int = 1) -> FakeGame:
        cards: dict[str, str] = {}
        counter = iter(range(100, 1000))

        def inst(card: Any) -> str:
            ident = f"c{next(counter)}"
            cards[ident] = card.key
            return ident

        villain = _first(catalog, "villain")[0]
        mook = _first(catalog, "mook")[0]
        chars = [cls._character("v1", villain, "villains", "gm", "villain", main=True),
                 cls._character("m1", mook, "villains", "gm", "mook")]
        for i, hero in enumerate(_first(catalog, "hero", heroes), start=1):
            chars.append(cls._character(f"h{i}", hero, "heroes", f"p{i}", "hero"))
        for ch in chars:
            ch["card_id"] = inst(catalog[ch["key"]])
        movement = _first(catalog, "combat", 2, combat_type="movement")
        attack = _first(catalog, "combat", 1, combat_type="attack")
        zones: dict[str, list[str]] = {
            "events": [inst(c) for c in _first(catalog, "event", 5)],
            "objective": [inst(_first(catalog, "objective")[0])],
            "twists_deck": [inst(c) for c in _first(catalog, "twist", 9)],
            "twists_revealed": [],
            "bystanders": [inst(_first(catalog, "bystander")[0])],
        }
        for i in range(1, heroes + 1):
            seat = f"p{i}"
            zones[f"plot_hand:{seat}"] = [inst(c) for c in _first(catalog, "detail", 3)]
            zones[f"combat_hand:{seat}"] = [inst(c) for c in movement + attack]
            zones[f"combat_deck:{seat}"] = [inst(c) for c in _first(catalog, "combat", 7)]
        zones["plot_hand:gm"] = [inst(c) for c in _first(catalog, "location", 2)]
        zones["combat_hand:gm"] = [inst(c) for c in movement + attack]
        zones["combat_deck:gm"] = [inst(c) for c in _first(catalog, "combat", 7)]
        state = {"turn": 1, "phase": "combat", "initiative": "heroes", "seed": seed,
                 "location": inst(_first(catalog, "location")[0]),
                 "characters": chars, "zones": zones, "cards": cards,
                 "combat": {"attacker": "h1", "defender": "v1", "distance": "ranged",
                            "step": "movement", "played": []},
                 "rolls": [{"who": "h1", "kind": "opposing", "pool": 8, "coins": "HTHHTHTH",
                            "successes": 5, "auto": 0, "total": 5, "against": 3,
                            "margin": 2, "won": True, "text": "Perception vs Stealth"}],
                 "log": ["Turn 1 — Start of Turn", "Combat: h1 against v1"]}
        return cls(state, catalog)

    @staticmethod
    def _character(ident: str, card: Any, side: str, seat: str, role: str,
                   main: bool = False) -> dict[str, Any]:
        a = card.data.get("attributes", {})
        counters: dict[str, Any]
        if role == "mook":
            counters = {"quantity": card.data.get("quantity", 3), "hate": None, "energy": None}
        else:
            counters = {"physical": a["body"] * 3, "physical_max": a["body"] * 3,
                        "physical_trauma": 0, "mental": a["mind"] * 3,
                        "mental_max": a["mind"] * 3, "mental_trauma": 0,
                        "social": a["charm"] * 3, "social_max": a["charm"] * 3,
                        "energy": a["power"] * 3,
                        "belief": a["power"] * 3 - 1 if side == "heroes" else None,
                        "belief_max": a["power"] * 3 if side == "heroes" else None,
                        "hate": a["power"] * 3 if side != "heroes" else None, "quantity": None}
        return {"id": ident, "key": card.key, "side": side, "seat": seat, "role": role,
                "name": card.name, "main": main, "in_play": True, "counters": counters,
                "statuses": [], "actions": {"move": 2, "attack": 1}}

    # ----------------------------------------------------------- the door
    def _data(self, inst: str) -> dict[str, Any]:
        return dict(self.catalog[self.state["cards"][inst]].data)

    def legal_actions(self, seat: str) -> list[FakeAction]:
        st = self.state
        out = [FakeAction(seat, "pass", text="Pass")] if seat in ("gm", "p1") else []
        combat = st["combat"]
        if combat and combat["step"] == "movement":
            mine = [c for c in st["characters"] if c["seat"] == seat
                    and c["id"] in (combat["attacker"], combat["defender"])]
            for ch in mine:
                for card in st["zones"].get(f"combat_hand:{seat}", []):
                    data = self._data(card)
                    if data.get("combat_type") == "movement":
                        out.append(FakeAction(seat, "play_combat_card", actor=ch["id"],
                                              card=card,
                                              text=f"{ch['name']} plays {data['name']}"))
        return out

    def apply(self, action: FakeAction) -> list[Event]:
        if action not in self.legal_actions(action.seat):
            self._refuse(action)
        self._undo.append(json.dumps(self.state))
        self._redo.clear()
        st = self.state
        if action.kind == "pass":
            combat = st["combat"]
            if combat:
                i = STEPS.index(combat["step"])
                if i + 1 < len(STEPS):
                    combat["step"] = STEPS[i + 1]
                else:
                    st["combat"] = None
            text = f"{action.seat.upper()} passes"
        else:
            st["zones"][f"combat_hand:{action.seat}"].remove(action.card)
            st["combat"]["played"].append({"id": action.card, "by": action.actor})
            text = action.label
        st["log"].append(text)
        return [Event("action", text)]

    def _refuse(self, action: FakeAction) -> None:
        own = {c["id"] for c in self.state["characters"] if c["seat"] == action.seat}
        if action.actor and action.actor not in own:
            raise RuleViolation("PT-TERM-1", "a seat acts only with its own characters")
        if action.kind == "play_combat_card" and action.card:
            if self._data(action.card).get("combat_type") != "movement":
                raise RuleViolation("PT-COMBAT-6",
                                    "only Movement cards may be played in the Movement step")
        raise RuleViolation("PT-FREE-1", "that is not possible now")

    def undo(self) -> None:
        self._redo.append(json.dumps(self.state))
        self.state = json.loads(self._undo.pop())

    def redo(self) -> None:
        self._undo.append(json.dumps(self.state))
        self.state = json.loads(self._redo.pop())

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def save(self) -> str:
        return json.dumps({"format": "fake", "state": self.state})

    @classmethod
    def load(cls, text: str, catalog: Any) -> FakeGame:
        return cls(json.loads(text)["state"], catalog)

    # ----------------------------------------------------------- the view
    def _face(self, inst: str) -> dict[str, Any]:
        card = self.catalog[self.state["cards"][inst]]
        return {"id": inst, "card": {"key": card.key, "name": card.name, "kind": card.kind,
                                     "data": dict(card.data)}}

    def view(self, viewer: str) -> dict[str, Any]:
        st = self.state
        backs = {"plot_hand": "plot", "combat_hand": "combat", "combat_deck": "combat",
                 "events": "event", "objective": "objective", "twists_deck": "twist"}
        zones = {}
        for name, cards in st["zones"].items():
            kind, _, owner = name.partition(":")
            if kind in ("combat_deck", "twists_deck"):
                visible = False
            elif kind in ("plot_hand", "combat_hand"):
                visible = viewer == owner
            elif kind in ("events", "objective"):
                visible = viewer == "gm"
            else:
                visible = True
            zones[name] = {"count": len(cards), "cards": [
                self._face(c) if visible else {"id": c, "back": backs.get(kind, "card")}
                for c in cards]}
        chars = []
        for ch in st["characters"]:
            chars.append({**{k: v for k, v in ch.items() if k not in ("key", "card_id")},
                          "card": self._face(ch["card_id"])["card"], "equipment": []})
        combat = None
        if st["combat"]:
            combat = {**st["combat"], "played": [{**self._face(p["id"]), "by": p["by"]}
                                                 for p in st["combat"]["played"]]}
        return {"viewer": viewer, "turn": st["turn"], "phase": st["phase"],
                "initiative": st["initiative"], "conflict": 1, "winner": None,
                "location": self._face(st["location"]), "lair": None,
                "characters": chars, "zones": zones, "combat": combat,
                "rolls": list(st["rolls"]), "log": list(st["log"])}


class FakeSource:
    """A gui.games.GameSource that deals FakeGames."""

    def quick(self, catalog: Any, heroes: int = 3, seed: int | None = None) -> FakeGame:
        return FakeGame.quick(catalog, heroes=heroes, seed=seed or 1)

    def load(self, text: str, catalog: Any) -> FakeGame:
        return FakeGame.load(text, catalog)
