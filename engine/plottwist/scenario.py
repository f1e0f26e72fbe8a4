"""Scenarios: any mid-game position from a JSON file, forced coins and a list of actions.

Format and examples: docs/scenarios.md. Used by `plot-twist-sim --scenario FILE`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.errors import RuleViolation

from . import actions as A
from .game import Game
from .options import RulesOptions
from .rules.setup import HeroSetup, Setup
from .state import Combat

COUNTERS = ("belief", "energy", "hate", "quantity", "move", "attack", "energy_spent")


def _catalog(name: str | None) -> Any:
    from .testkit import demo_catalog, load_catalog

    return demo_catalog() if name == "demo" else load_catalog()


def _card(catalog: Any, key: str) -> Any:
    card = catalog.get(key) if hasattr(catalog, "get") else None
    if card is None:
        raise ValueError(f"scenario names an unknown card {key!r}")
    return card


def build(doc: dict[str, Any], catalog: Any | None = None) -> Game:
    catalog = catalog if catalog is not None else _catalog(doc.get("cards"))
    options = RulesOptions.from_json(doc.get("options"))
    setup = doc.get("setup") or {}
    seed = int(setup.get("seed", doc.get("seed", 1)))
    from .quick import quick_setup

    base = quick_setup(catalog, int(setup.get("heroes", 3)), seed, options)
    if "villain" in setup or "heroes_cards" in setup:
        base = _explicit(catalog, setup, base)
    game = Game.new(base)
    _adjust(game, catalog, doc.get("state") or {})
    if doc.get("coins"):
        game.coins.force(str(doc["coins"]))
    game.history.clear()
    return game


def _explicit(catalog: Any, setup: dict[str, Any], base: Setup) -> Setup:
    get = lambda k: _card(catalog, k)  # noqa: E731
    if "villain" in setup:
        base.villain = get(setup["villain"])
        base.villain_equipment = [get(k) for k in setup.get("villain_equipment", [])]
    if "mooks" in setup:
        base.mooks = [get(k) for k in setup["mooks"]]
    if "location" in setup:
        base.location = get(setup["location"])
    if "objective" in setup:
        base.objective = get(setup["objective"])
    if "heroes_cards" in setup:
        heroes = []
        for i, h in enumerate(setup["heroes_cards"]):
            old = base.heroes[i] if i < len(base.heroes) else base.heroes[0]
            heroes.append(HeroSetup(h.get("seat", f"p{i + 1}"), get(h["hero"]),
                                    [get(k) for k in h.get("equipment", [])],
                                    old.plot_hand, old.combat_deck))
        base.heroes = heroes
    return base


def _adjust(game: Game, catalog: Any, adj: dict[str, Any]) -> None:
    """Put the table in the position the scenario describes (no rules are checked here)."""
    st = game.state
    for key in ("turn", "phase", "initiative", "first", "conflict"):
        if key in adj:
            setattr(st, key, adj[key])
    for ident, values in (adj.get("characters") or {}).items():
        ch = st.characters[ident]
        for name, value in values.items():
            if name in ("physical", "mental", "social"):
                ch.stress[name] = int(value)
            elif name.endswith("_trauma"):
                ch.trauma[name.removesuffix("_trauma")] = int(value)
            elif name in COUNTERS:
                setattr(ch, name, value)
            elif name == "statuses":
                ch.statuses = list(value)
            elif name == "in_play":
                ch.in_play = bool(value)
                st.roster_changed()
            else:
                raise ValueError(f"scenario sets unknown counter {name!r} on {ident}")
    for seat, keys in (adj.get("hands") or {}).items():
        hand = st.zone_to_change(f"combat_hand:{seat}")
        deck = st.zone_to_change(f"combat_deck:{seat}")
        card_back = hand.draw()
        while card_back is not None:
            deck.add(card_back, top=False)
            card_back = hand.draw()
        for key in keys:
            card = _card(catalog, key)
            game.cards[card.key] = card
            inst = st.new_id()
            st.cards[inst] = card.key
            st.owners[inst] = seat
            hand.add(inst)
    if "mulliganed" in adj:
        st.mulliganed = list(adj["mulliganed"])
    if "first_combat_done" in adj:
        st.first_combat_done = bool(adj["first_combat_done"])
    cb = adj.get("combat")
    if cb:
        st.phase = "combat"
        st.combat = Combat(cb["attacker"], cb["defender"], step=cb.get("step", "movement"),
                           distance=cb.get("distance", "ranged"))
        st.first_combat_done = True
        st.characters[cb["attacker"]].initiated.append(cb["defender"])


def summary(game: Game) -> dict[str, Any]:
    st = game.state
    return {
        "turn": st.turn, "phase": st.phase, "initiative": st.initiative,
        "conflict": st.conflict, "winner": st.winner, "result": st.result,
        "combat": st.combat.to_json() if st.combat else None,
        "characters": {
            c.id: {"name": c.name, "in_play": c.in_play, "stress": dict(c.stress),
                   "trauma": dict(c.trauma), "belief": c.belief, "energy": c.energy,
                   "hate": c.hate, "quantity": c.quantity, "statuses": list(c.statuses),
                   "move": c.move, "attack": c.attack}
            for c in st.characters.values()},
        "hands": {s: len(st.zones[f"combat_hand:{s}"]) for s in st.seats},
    }


def run(doc: dict[str, Any], actions: list[dict[str, Any]] | None = None,
        catalog: Any | None = None) -> dict[str, Any]:
    game = build(doc, catalog)
    results = []
    for raw in actions if actions is not None else doc.get("actions", []):
        try:
            action = A.action_from_json(raw)
        except (ValueError, TypeError) as e:
            results.append({"action": raw, "ok": False, "clause": None, "message": str(e)})
            continue
        try:
            events = game.apply(action)
        except RuleViolation as e:
            results.append({"action": raw, "ok": False, "clause": e.clause,
                            "message": e.message})
            continue
        results.append({"action": raw, "ok": True, "events": [e.text for e in events]})
    return {"results": results, "state": summary(game)}


def run_files(scenario: str, actions: str | None = None) -> int:
    doc = json.loads(Path(scenario).read_text(encoding="utf-8"))
    acts = json.loads(Path(actions).read_text(encoding="utf-8")) if actions else None
    out = run(doc, acts)
    try:
        print(json.dumps(out, indent=1))
    except BrokenPipeError:  # piped into head: the reader has what it wanted
        pass
    return 0
