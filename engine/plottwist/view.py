"""Game.view(viewer): the JSON-like picture the GUI renders (docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .context import log_line_for
from .door import Door
from .modifiers import frozen_sources
from .rules.choices import pending
from .rules.heroics import keywords

BACKS = {"plot_hand": "plot", "combat_deck": "combat", "combat_hand": "combat",
         "twists_deck": "twist", "events": "event", "objective": "objective"}


def card_face(card: Any) -> dict[str, Any]:
    return {"key": card.key, "name": C.name(card), "kind": C.kind(card),
            "color": C.color(card), "text": getattr(card, "text", "") or "",
            "data": dict(getattr(card, "data", {}) or {})}


def build_view(game: Door, viewer: str, tracking: bool = False) -> dict[str, Any]:
    """`tracking` adds the public bookkeeping a computer player rebuilds the position from
    (a copy of most of the state): only the computer asks for it, so the table's redraws
    and the phones' pushes do not pay for it nor carry it over the network."""
    with frozen_sources(game._ctx()):
        view = _build_view(game, viewer)
        if tracking:
            view["tracking"] = public_bookkeeping(game)
        return view


def _build_view(game: Door, viewer: str) -> dict[str, Any]:
    st = game.state
    ctx = game._ctx()

    def face(inst: str) -> dict[str, Any]:
        return {"id": inst, "card": card_face(ctx.card(inst))}

    chars = []
    for ch in st.characters.values():
        mook = ch.role == "mook"
        counters: dict[str, Any] = {}
        for res in ("physical", "mental", "social"):
            counters[res] = None if mook else ch.stress.get(res)
            counters[f"{res}_max"] = None if mook else ch.maxes.get(res)
            if res != "social":
                counters[f"{res}_trauma"] = None if mook else ch.trauma.get(res, 0)
        counters.update({"belief": ch.belief, "belief_max": ch.maxes.get("belief"),
                         "energy": None if mook else ch.energy,
                         "energy_spent": ch.energy_spent, "hate": ch.hate,
                         "quantity": ch.quantity})
        chars.append({
            "id": ch.id, "side": ch.side, "seat": ch.seat, "role": ch.role,
            "name": ch.name, "card": card_face(ctx.char_card(ch)), "main": ch.main,
            "crossover": ch.crossover, "in_play": ch.in_play, "out": ch.out,
            "equipment": [{**face(e), "in_use": e == ch.in_use} for e in ch.equipment],
            "counters": counters, "statuses": list(ch.statuses),
            "actions": {"move": ch.move, "attack": ch.attack},
            "keywords": keywords(ctx, ch),
            "free_used": list(ch.free_used),
            "boosts": {k: {"coins": v[0], "auto": v[1]} for k, v in ch.boosts.items()},
        })
    zones: dict[str, Any] = {}
    for z in st.zones.values():
        if z.name in ("objective", "lair"):
            continue
        visible = z.can_see(viewer)
        back = BACKS.get(z.name.split(":")[0], "card")
        zones[z.name] = {"count": len(z), "visibility": z.visibility, "owner": z.owner,
                         "cards": [face(c) if visible else {"id": c, "back": back}
                                   for c in z.cards]}
    obj = st.objective
    if obj is not None:
        # the GM holds it; a Player who has peeked (PT-HERC-4/9, A-37) knows it, and their
        # own view says so, while it stays face down for everyone else (the Table included:
        # "table" is no seat, so it never peeks)
        peeked = viewer in st.peeked
        shown = st.objective_revealed or viewer == "gm" or peeked
        zones["objective"] = {"count": 1, "visibility": "public" if st.objective_revealed
                              else "gm", "owner": "gm",
                              "revealed": st.objective_revealed, "peeked": peeked,
                              "cards": [face(obj) if shown else {"id": obj, "back": "objective"}]}
    cb = st.combat
    combat = None
    if cb is not None:
        combat = {"attacker": cb.attacker, "defender": cb.defender, "bystander": cb.bystander,
                  "distance": cb.distance, "step": cb.step, "passed": list(cb.passed),
                  "sneak": cb.sneak, "attacks": cb.attacks,
                  "played": [{**face(p["id"]), "by": p["by"],
                              "cancelled": bool(p.get("cancelled"))} for p in cb.played],
                  "last_roll": st.rolls[-1] if st.rolls else None}
    log = [t for t in (log_line_for(line, viewer) for line in st.log) if t]
    return {
        "viewer": viewer, "turn": st.turn, "phase": st.phase, "initiative": st.initiative,
        "first": st.first, "passed": list(st.passed),
        "players_passed": list(st.players_passed), "conflict": st.conflict,
        "winner": st.winner, "result": st.result,
        "location": face(st.location) if st.location else None,
        "lair": face(st.lair) if st.lair else None,
        "characters": chars, "zones": zones, "combat": combat,
        "rolls": [dict(r) for r in st.rolls],
        "modifiers": [m.to_json() for m in st.modifiers],
        "nullified": list(st.nullified), "tally": dict(st.tally),
        "questions_left": st.questions_left, "masterplan": st.masterplan,
        "cured_this_turn": st.cured_this_turn,
        "pending": pending(ctx),
        "options": st.options.to_json(),
        "can_undo": game.can_undo(), "can_redo": game.can_redo(),
        "log": log,
    }


# Only these hold a hidden card's face (the instance -> catalog key map) or a log line
# meant for another seat; everything else in the state is public table knowledge.
PRIVATE_STATE = ("cards", "log")


def public_bookkeeping(game: Door) -> dict[str, Any]:
    """The public bookkeeping a player at the table can follow but the picture does not
    show (actions taken this Turn, once-per-game uses, pending choices, every card's id and
    zone), so a computer player can rebuild the position from its view alone
    (engine/plottwist/ai/world.py) without any hidden face."""
    data = game.state.to_json()
    for key in PRIVATE_STATE:
        data.pop(key, None)
    return data
