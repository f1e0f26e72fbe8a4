"""Locations and Relocation (PT-LOC, PT-RELOC, PT-FLEE-8, A-10, A-27, A-55).

The Conflict is at `state.location` (or in the Lair, `state.lair`); the other Locations in
play sit in the public zone "locations". Bystanders at the current place are in the zone
"bystanders"; those left behind by a Relocation wait in "bystanders_elsewhere", and
`state.left_behind` remembers where each one is (PT-RELOC-3, PT-BYST-9).
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from . import acting
from .effect_hook import run

# --- permits and playing a Location --------------------------------------------------------

def permit(ctx: Ctx, controller: Character | None, source: str) -> None:
    """The `permit_location` op: the controller's seat may play one Location this Turn.
    A Twist! has no controller: the Players choose who plays it (key "heroes")."""
    st = ctx.state
    if controller is not None:
        key = controller.seat
    else:
        key = "gm" if st.owners.get(source) == "gm" else "heroes"
    st.location_permits[key] = st.location_permits.get(key, 0) + 1
    ctx.emit("location", f"{ctx.name(source)}: a Location may be played now (PT-LOC-4)")


def _permit_key(ctx: Ctx, seat: str) -> str | None:
    permits = ctx.state.location_permits
    if permits.get(seat):
        return seat
    if seat != "gm" and permits.get("heroes"):
        return "heroes"
    return None


def check_play(ctx: Ctx, a: A.PlayLocation) -> Character:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor, allow_out=True)
    if _permit_key(ctx, a.seat) is None:
        refuse("PT-LOC-4", "a Location can be played only when another card permits it")
    hand = st.zones.get(f"plot_hand:{a.seat}")
    if hand is None or a.card not in hand:
        refuse("PT-PLOT-1", "that card is not in your Plot Hand")
    card = ctx.card(a.card)
    if C.kind(card) != "location":
        refuse("PT-LAIR-1" if C.kind(card) == "lair" else "PT-PLOT-2",
               f"{C.name(card)} is not a Location")
    for inst in st.locations_in_play():
        if C.base_name(ctx.card(inst)) == C.base_name(card):
            refuse("PT-LOC-2", f"{C.name(card)} is already in play")
    if not ch.in_play:
        if ch.side != "heroes" or (ch.belief or 0) < 1:
            refuse("PT-STATUS-3", f"{ch.name} is out of play; its Belief pays 1 per Plot "
                                  "(A-27)")
    return ch


def do_play(ctx: Ctx, a: A.PlayLocation) -> None:
    ch = check_play(ctx, a)
    st = ctx.state
    key = _permit_key(ctx, a.seat)
    assert key is not None
    st.location_permits[key] -= 1
    if not st.location_permits[key]:
        del st.location_permits[key]
    if not ch.in_play:
        ch.belief = (ch.belief or 0) - 1
    st.zone_to_change(f"plot_hand:{a.seat}").remove(a.card)
    st.extra_zone("locations").add(a.card)
    ctx.emit("location", f"{ch.name} plays the Location {ctx.name(a.card)}")
    for e in C.effects(ctx.card(a.card)):
        if e.get("trigger") == "on_play":
            run(ctx, e, ch, a.card)


# --- Relocation ---------------------------------------------------------------------------

def destinations(ctx: Ctx) -> list[str]:
    """Where a Relocation may go: every other Location in play (out of a Lair, the
    Location the Conflict left first, PT-RELOC-4)."""
    st = ctx.state
    others = list(st.zones["locations"].cards) if "locations" in st.zones else []
    if st.lair is not None and st.location:
        others = [st.location, *others]                        # out of a Lair (PT-RELOC-4)
    return others


def destination(ctx: Ctx, wanted: str | None) -> str | None:
    """The Location a `relocate` goes to: the chosen one if it is another Location in
    play, else the first other Location in play, else None."""
    others = destinations(ctx)
    if wanted in others:
        return wanted
    return others[0] if others else None


def check_relocate(ctx: Ctx, wanted: str | None) -> str:
    """PT-RELOC-1/4/5, A-10: refuse a Relocation now, or name where it goes."""
    st = ctx.state
    if st.combat is not None:
        refuse("PT-RELOC-5", "nobody can Relocate during a Combat")
    if st.phase == "combat" and st.combats_this_turn > 0:
        refuse("PT-RELOC-5", "once a Combat has been initiated this phase, nobody can "
                             "Relocate (A-10)")
    if wanted and (wanted == st.lair or (wanted in st.cards
                                         and C.kind(ctx.card(wanted)) == "lair")):
        refuse("PT-RELOC-4", "Lairs are not Locations: nobody can Relocate to a Lair")
    dest = destination(ctx, wanted or None)
    if wanted and wanted in st.cards and C.kind(ctx.card(wanted)) == "location" \
            and dest != wanted:
        refuse("PT-RELOC-1", f"{ctx.name(wanted)} is not another Location in play")
    if dest is None:
        refuse("PT-RELOC-1", "there is no other Location in play to Relocate to")
    return dest


def relocate(ctx: Ctx, dest: str) -> None:
    """Everyone moves to `dest` (PT-RELOC-1); the origin's effects give way to the
    destination's, read live (PT-RELOC-2); Bystanders stay behind (PT-RELOC-3)."""
    st = ctx.state
    here = st.zone_to_change("bystanders")
    away = st.extra_zone("bystanders_elsewhere")
    locs = st.extra_zone("locations")
    if st.lair is not None:                                    # leaving a Lair
        lair = st.lair
        st.lair = None
        if lair in st.zones["lair"]:
            st.move_card(lair, "lair", "discard:gm")
        origin_name = ctx.name(lair)
    else:
        origin = st.location
        origin_name = ctx.name(origin)
        for b in list(here.cards):                             # PT-RELOC-3
            here.remove(b)
            away.add(b)
            if origin is not None:
                st.left_behind[b] = origin
    if dest != st.location:
        if dest in locs:
            locs.remove(dest)
        if st.location is not None:
            locs.add(st.location)
        st.location = dest
    for b, where in list(st.left_behind.items()):             # found again where left
        if where == dest and b in away:
            away.remove(b)
            here.add(b)
            del st.left_behind[b]
    ctx.emit("relocate", f"Everyone Relocates from {origin_name} to {ctx.name(dest)}",
             {"from": origin_name, "to": dest})


def relocate_op(ctx: Ctx, chosen: str | None, source: str,
                controller: Character | None = None) -> None:
    """The `relocate` op, already checked by the card's check (check_card_ops). Without a
    chosen Location and with several possible, the card's controller chooses (A-10): the
    game waits for its `ChooseDestination`."""
    st = ctx.state
    if st.combat is not None or (st.phase == "combat" and st.combats_this_turn > 0):
        ctx.emit("note", f"{ctx.name(source)}: no Relocation now (PT-RELOC-5)")
        return
    options = destinations(ctx)
    if chosen not in options and len(options) > 1:
        if controller is not None:
            seat = controller.seat
        else:                              # a Twist! is the Players', an Event the GM's
            seat = "gm" if st.owners.get(source, "gm") == "gm" else "heroes"
        st.relocate_pending = {"seat": seat, "source": source, "options": options}
        ctx.emit("relocate", f"{ctx.name(source)}: its controller chooses where everyone "
                             "Relocates")
        return
    dest = destination(ctx, chosen)
    if dest is None:
        ctx.emit("note", f"{ctx.name(source)}: no other Location to Relocate to")
        return
    relocate(ctx, dest)


def check_card_ops(ctx: Ctx, effects: list[dict[str, Any]], target: str | None) -> None:
    """Refuse playing a card whose `relocate` could not happen now (PT-RELOC-1/4/5)."""
    for e in effects:
        for op in e.get("ops", []):
            if op.get("op") == "relocate":
                check_relocate(ctx, target or None)


def may_choose_destination(st: Any, seat: str) -> bool:
    who = st.relocate_pending.get("seat")
    return seat == who or (who == "heroes" and seat != "gm")


def check_destination(ctx: Ctx, a: A.ChooseDestination) -> None:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if not st.relocate_pending:
        refuse("PT-RELOC-1", "no Relocation is waiting for its destination")
    if not may_choose_destination(st, a.seat):
        refuse("PT-RELOC-1", "the controller of "
               f"{ctx.name(st.relocate_pending['source'])} chooses where to Relocate (A-10)")
    if a.card in st.cards and C.kind(ctx.card(a.card)) == "lair":
        refuse("PT-RELOC-4", "Lairs are not Locations: nobody can Relocate to a Lair")
    if a.card not in st.relocate_pending.get("options", []):
        refuse("PT-RELOC-1", "choose another Location in play")


def do_destination(ctx: Ctx, a: A.ChooseDestination) -> None:
    check_destination(ctx, a)
    ctx.state.relocate_pending = {}
    relocate(ctx, a.card)


# --- the next Conflict after an Interview (PT-FLEE-8) ---------------------------------

def check_choose(ctx: Ctx, a: A.ChooseLocation) -> None:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if st.phase != "interview":
        refuse("PT-FLEE-8", "the GM chooses the next Location after an Interview")
    if a.seat != "gm":
        refuse("PT-FLEE-8", "the GM chooses the Location of the next Conflict")
    if a.card in st.cards and C.kind(ctx.card(a.card)) == "lair":
        refuse("PT-RELOC-4", "Lairs are not Locations")
    if a.card not in st.locations_in_play():
        refuse("PT-FLEE-8", "choose among the Locations already played")


def do_choose(ctx: Ctx, a: A.ChooseLocation) -> None:
    check_choose(ctx, a)
    ctx.state.next_location = a.card
    ctx.emit("location", f"The next Conflict will arise at {ctx.name(a.card)}")


def next_conflict_location(ctx: Ctx) -> None:
    """When the Interview ends, everyone Relocates to the GM's choice (PT-FLEE-8)."""
    st = ctx.state
    dest = st.next_location
    st.next_location = None
    if dest and dest != st.location and dest in st.locations_in_play():
        relocate(ctx, dest)
