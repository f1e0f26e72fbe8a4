"""Scenarios: a JSON file that puts a fight in any position and lists actions to apply.

  monster-hunt-sim --scenario FILE [--actions FILE2]

The file (docs/rules/monsterhunt.md, "Scenarios"):
  {"setup": {"heroes": [keys], "enemies": [keys], "seed": 1},
   "options": {RulesOptions fields},
   "state": {"round": 2, "phase": "players", "owed": 0, "hp": {"h1": 3},
             "zones": {"hand:p1": ["2S", "QH"], "audience:players": ["8S", "8H"]}},
   "actions": [{"type": "hero_attack", "seat": "p1", "card": "@hand:p1/0", "target": "e2"}]}

The state block is set without rule checks (each named zone is emptied, then filled with
cards of those faces from its own deck); the actions go through Game.apply. In an action,
"@<zone>/<n>" names the n-th card of a zone at that moment, since ids are opaque.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.errors import RuleViolation

from . import actions as A
from . import cards as C
from .game import Game
from .options import RulesOptions
from .rules.setup import Setup


def _zone_deck(zone: str) -> str:
    players = zone.startswith(("hand:", "facedown:", "players_deck", "audience:players"))
    return C.PLAYERS_DECK if players else C.GM_DECK


def _deck_zone(deck: str) -> str:
    return "players_deck" if deck == C.PLAYERS_DECK else "gm_deck"


def arrange(game: Game, zone: str, *faces: str) -> list[str]:
    """Put cards of these faces, from the zone's own deck, on top of `zone`; their ids."""
    st = game.state
    deck = _zone_deck(zone)
    home = st.zones[_deck_zone(deck)].cards
    out: list[str] = []
    for face in faces:
        # from the deck when it can: a card out of a Health stack would hurt an enemy
        found = [c for c, f in sorted(st.faces.items(), key=lambda cf: cf[0] not in home)
                 if f == face and C.deck_of(c) == deck and c not in out
                 and c not in st.zones[zone].cards]
        if not found:
            raise ValueError(f"no {face!r} left in the {deck!r} deck for {zone}")
        card = found[0]
        for z in st.zones.values():
            if card in z.cards:
                z.remove(card)
        st.zones[zone].add(card)
        out.append(card)
    return out


def clear(game: Game, zone: str) -> None:
    """Send a zone's cards to the bottom of their deck."""
    st = game.state
    back = st.zones[_deck_zone(_zone_deck(zone))]
    for card in list(st.zones[zone].cards):
        st.zones[zone].remove(card)
        back.add(card, top=False)


def build(data: dict[str, Any]) -> Game:
    setup = data.get("setup", {})
    options = RulesOptions.from_json(data.get("options", {}))
    game = Game.new(Setup(tuple(setup["heroes"]), tuple(setup["enemies"]),
                          int(setup.get("seed", 1)), options))
    pos = data.get("state", {})
    st = game.state
    for zone, faces in pos.get("zones", {}).items():
        if zone not in st.zones:
            raise ValueError(f"no zone {zone!r} in this fight")
        clear(game, zone)
        arrange(game, zone, *faces)
    for hero, hp in pos.get("hp", {}).items():
        st.heroes[hero].hp = int(hp)
        st.heroes[hero].out = int(hp) == 0
    for key in ("round", "owed"):
        if key in pos:
            setattr(st, key, int(pos[key]))
    if "phase" in pos:
        st.phase = str(pos["phase"])
        st.done = []
    return game


def _resolve(game: Game, d: dict[str, Any]) -> A.Action:
    out = {}
    for k, v in d.items():
        if isinstance(v, str) and v.startswith("@"):
            zone, _, n = v[1:].rpartition("/")
            v = game.state.zones[zone].cards[int(n)]
        out[k] = v
    return A.action_from_json(out)


def run(game: Game, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    for d in actions:
        action = _resolve(game, d)
        try:
            events = game.apply(action)
        except RuleViolation as e:
            results.append({"ok": False, "action": action.label, "clause": e.clause,
                            "message": e.message})
            continue
        results.append({"ok": True, "action": action.label,
                        "events": [e.text_for("table") for e in events]})
    return results


def summary(game: Game) -> dict[str, Any]:
    st = game.state
    return {
        "round": st.round, "phase": st.phase, "winner": st.winner,
        "heroes": {h.id: {"hp": h.hp, "out": h.out, "hand": len(st.hand(h.seat or ""))}
                   for h in st.heroes.values()},
        "enemies": {e.id: {"stack": len(st.stack(e.id)), "out": e.out}
                    for e in st.enemies.values()},
        "pools": {s: [C.label(st.faces[c]) for c in st.pool(s).cards]
                  for s in ("gm", "players")},
    }


def run_files(path: str, actions_path: str | None = None) -> int:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    game = build(data)
    actions = (json.loads(Path(actions_path).read_text(encoding="utf-8")) if actions_path
               else data.get("actions", []))
    print(json.dumps({"results": run(game, actions), "state": summary(game)}, indent=1,
                     ensure_ascii=False))
    return 0
