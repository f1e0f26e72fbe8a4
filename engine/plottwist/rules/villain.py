"""The GM side's Hate at End of Turn, Fleeing and Surrender (PT-HATE-3, PT-FLEE-1..3,
PT-BYST-9/10); the Pursuit that follows a Flee is pursuit.py, who becomes the Main Villain
main_villain.py."""

from __future__ import annotations

from .. import cards as C
from ..context import Ctx
from ..state import Character
from .effect_hook import run
from .heroics import power
from .main_villain import hate_spent, main_villain_left
from .triggers import react


def pay_hate_end_of_turn(ctx: Ctx) -> Character | None:
    """PT-HATE-3, A-15: each Villain in a Location pays 1; returns a Main Villain who must Flee."""
    st = ctx.state
    if st.lair is not None:
        return None                                            # PT-LAIR-3
    flee = None
    for v in st.villains():
        if (v.hate or 0) > 0:
            v.hate = (v.hate or 0) - 1
            ctx.emit("hate", f"{v.name} pays 1 Hate ({v.hate} left)")
            hate_spent(ctx, v)
        elif v.main:
            flee = v                                           # PT-FLEE-1
        else:
            hate_spent(ctx, v)
    return flee


def flee_or_surrender(ctx: Ctx, v: Character) -> None:
    """A-9, PT-FLEE-2/3: play a Lair from the GM's Plot Hand, or Surrender; a Villain who
    has regained Hate since the Flee was triggered (an "In X Turns" card, a Kill in the
    same End of Turn, A-28) neither Flees nor Surrenders."""
    st = ctx.state
    if (v.hate or 0) > 0:
        ctx.emit("villain", f"{v.name} has {v.hate} Hate again: no Flee, no Surrender (A-9)")
        return
    hand = st.zones["plot_hand:gm"]
    lairs = [c for c in hand.cards if C.kind(ctx.card(c)) == "lair"]
    if lairs:
        lair = lairs[0]
        st.move_card(lair, "plot_hand:gm", "lair")
        st.lair = lair
        bystanders_on_flee(ctx)                                # PT-BYST-9/10
        st.phase = "pursuit"
        ctx.emit("flee", f"{v.name} Flees to {C.name(ctx.card(lair))}: the Players decide "
                         "whether to Pursue")
        return
    surrender(ctx, v)


def bystanders_on_flee(ctx: Ctx) -> None:
    """PT-BYST-9/10, A-42: Bystanders at the origin Location count as Recruited, those
    anywhere else as Killed; their effects apply now, "you" being a Hero the Players choose
    (Recruited) or a Villain the GM chooses (Killed): with one candidate it is that one, with
    several the game waits for `ChooseTarget` (state.target_pending, in order); effects that
    last Turns wait for the next Start of Turn. The Bystanders are discarded and tallied."""
    st = ctx.state
    batches = [("bystanders", "on_recruit", "heroes", "Recruited")]
    if "bystanders_elsewhere" in st.zones:
        batches.append(("bystanders_elsewhere", "on_kill", "gm", "Killed"))
    for name, trigger, seat, verb in batches:
        options = [c.id for c in (st.heroes() if seat == "heroes" else st.villains())]
        for inst in list(st.zones[name].cards):
            ctx.emit("bystander", f"{ctx.name(inst)} counts as {verb} (the Villain Fled)")
            for i, e in enumerate(C.effects(ctx.card(inst))):
                if e.get("trigger") != trigger:
                    continue
                if len(options) > 1:
                    st.target_pending.append({
                        "card": inst, "index": i, "seat": seat, "options": list(options),
                        "clause": "PT-BYST-10"})
                else:
                    who = st.characters[options[0]] if options else None
                    bystander_effect(ctx, inst, i, who)
            st.zone_to_change(name).remove(inst)
            st.left_behind.pop(inst, None)
            st.zone_to_change(f"discard:{st.owners.get(inst, 'gm')}").add(inst)
            tally = "bystanders_recruited" if verb == "Recruited" else "bystanders_killed"
            st.tally[tally] = st.tally.get(tally, 0) + 1
            react(ctx, f"on_bystander_{verb.lower()}")


def bystander_effect(ctx: Ctx, inst: str, index: int, who: Character | None) -> None:
    e = C.effects(ctx.card(inst))[index]
    if _lasts_turns(e):
        ctx.state.deferred.append({"card": inst, "index": index,
                                   "controller": who.id if who else None})
    else:
        run(ctx, e, who, inst)


def _lasts_turns(e: dict[str, object]) -> bool:
    d = e.get("duration")
    return d == "this_turn" or isinstance(d, dict)


def run_deferred(ctx: Ctx) -> None:
    """PT-BYST-9: Flee effects that refer to Turns take place at the next Start of Turn."""
    st = ctx.state
    todo, st.deferred = st.deferred, []
    for d in todo:
        effects = C.effects(ctx.card(d["card"]))
        e = effects[int(d["index"])]
        who = st.characters.get(d["controller"]) if d.get("controller") else None
        ctx.emit("bystander", f"{ctx.name(d['card'])} takes effect this Turn")
        run(ctx, e, who if who is not None and who.in_play else None, d["card"])


def surrender(ctx: Ctx, v: Character) -> None:
    v.in_play = False
    ctx.state.roster_changed()
    v.out = "surrendered"
    ctx.emit("surrender", f"{v.name} Surrenders", {"character": v.id})  # PT-FLEE-3
    if v.main:
        main_villain_left(ctx, v)


def recover_hate(ctx: Ctx) -> None:
    for v in ctx.state.villains():
        full = power(ctx, v) * 3
        if (v.hate or 0) < full and not v.crossover:
            v.hate = full
            ctx.emit("hate", f"{v.name} recovers all Hate ({full})")
