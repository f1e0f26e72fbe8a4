"""What one viewer may see of a fight (MH-SETUP-3): a JSON-like dict the table renders.

A card the viewer may not see is {"id": "<zone>#<n>", "back": "<deck>"}: a position, not the
card's own id, so even a card seen before and reshuffled is not recognisable.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event

from . import cards as C
from .context import Ctx
from .door import Door
from .rules import audience, disengaged, engaged, turn
from .state import PHASE_NAMES, Fighter

DECK_BACK = {C.GM_DECK: "gm", C.PLAYERS_DECK: "players"}
TRACKER = ("initiative", "disengaged", "players", "engaged", "cleanup")


def build_view(game: Door, viewer: str) -> dict[str, Any]:
    st = game.state
    ace_low = st.options.ace_low

    def shown(card: str) -> dict[str, Any]:
        return {"id": card, "card": C.face_json(st.faces[card], ace_low)}

    zones: dict[str, Any] = {}
    for z in st.zones.values():
        visible = z.can_see(viewer)
        enemy = st.enemies.get(z.name.removeprefix("stack:")) if z.name.startswith(
            "stack:") else None
        # MH-DEF-2: a major threat's last Health card lies face up
        open_last = enemy is not None and enemy.major and len(z) == 1
        cards = [shown(c) if visible or open_last else
                 {"id": f"{z.name}#{i}", "back": DECK_BACK[C.deck_of(c)]}
                 for i, c in enumerate(z.cards)]
        zones[z.name] = {"count": len(z), "visibility": z.visibility, "owner": z.owner,
                         "cards": cards}
        if z.visibility != "public":
            # the back a masked face shows (the projector's second lock)
            zones[z.name]["back"] = _zone_back(z.name)
        if open_last:
            # the projector's second lock (gui/presentation.public_only) masks any face
            # of a non-public zone unless the zone says it is revealed
            zones[z.name]["revealed"] = True
    pools = {}
    for side in ("gm", "players"):
        hand = audience.pool_hand_of(st, side)
        pools[side] = {"hand": hand, "hand_name": audience.HAND_NAMES[hand],
                       "finishing": audience.is_finishing(hand, st.options)}
    return {
        "game": "monsterhunt",
        "viewer": viewer,
        "round": st.round,
        "phase": st.phase,
        "phase_name": PHASE_NAMES[st.phase],
        "tracker": [{"id": p, "name": PHASE_NAMES[p], "current": p == st.phase}
                    for p in TRACKER],
        "winner": st.winner,
        # what the GM still must do before his Done (MH-DIS-1, MH-ENG-1), for the tracker
        "gm_owes": _gm_owes(game),
        "to_act": turn.seats_to_act(st),
        "seats": list(st.seats),
        "done": list(st.done),
        "pending": [{"enemy": p["enemy"], **shown(p["card"])} for p in st.pending],
        "heroes": [_fighter(h, st.zones, True) for h in st.heroes.values()],
        "enemies": [_fighter(e, st.zones, False) for e in st.enemies.values()],
        "zones": zones,
        "audience": pools,
        "options": st.options.to_json(),
        "log": [line for line in (Event.from_json(e).text_for(viewer) for e in st.log)
                if line],
    }


def _zone_back(zone: str) -> str:
    gm = zone in ("gm_deck", "gm_hand") or zone.startswith("stack:")
    return DECK_BACK[C.GM_DECK if gm else C.PLAYERS_DECK]


def _fighter(f: Fighter, zones: dict[str, Any], hero: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": f.id, "key": f.key, "name": f.name, "attack": f.attack, "dodge": f.dodge,
        "health": f.health, "power": dict(f.power), "out": f.out,
    }
    if hero:
        out.update(seat=f.seat, hp=f.hp, stamina=f.stamina, attacked=f.attacked,
                   refreshed=f.refreshed, rallied=f.rallied, aimed=f.aimed,
                   hand=len(zones[f"hand:{f.seat}"]), facedown=len(zones[f"facedown:{f.seat}"]))
    else:
        out.update(major=f.major, stack=len(zones[f"stack:{f.id}"]), disengaged=f.disengaged,
                   aimed=f.aimed)
    return out


def _gm_owes(game: Door) -> int:
    ctx = Ctx(game.state, game.coins)
    if game.state.phase == "disengaged":
        return disengaged.owed(ctx)
    if game.state.phase == "engaged" and engaged.owes(ctx):
        return len(game.state.hand("gm"))
    return 0

