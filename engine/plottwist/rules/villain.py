"""The GM side's Hate at End of Turn, Fleeing, Pursuit and Surrender (HATE-3, FLEE, XOVER).

Interviews, Crossovers and Masterplans are a later issue; the state already holds
what they need (conflict number, lair, tallies).
"""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from .heroics import power
from .statuses import add_status


def hate_spent(ctx: Ctx, ch: Character) -> None:
    """PT-XOVER-4: a Crossover Villain at 0 Hate Hides face down, out of play."""
    if ch.crossover and ch.in_play and (ch.hate or 0) <= 0:
        ch.in_play = False
        ctx.state.roster_changed()
        ch.out = "hidden"
        ctx.emit("villain", f"{ch.name} runs out of Hate and Hides (face down)")


def main_villain_left(ctx: Ctx, old: Character) -> None:
    """PT-XOVER-6, A-21: another Villain in play becomes Main and recovers its Hate; with
    several in play the GM chooses which (`ChooseMain`), nothing else proceeding until then."""
    old.main = False
    others = [v for v in ctx.state.villains() if v.id != old.id]
    if not others:
        return
    if len(others) > 1:
        ctx.state.main_pending = [v.id for v in others]
        ctx.emit("villain", f"{old.name} has left play: the GM chooses the new Main Villain")
        return
    promote(ctx, others[0])


def check_choose_main(ctx: Ctx, a: A.ChooseMain) -> Character:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if not st.main_pending:
        refuse("PT-XOVER-6", "the Main Villain is in play: there is no new one to choose")
    if a.seat != "gm":
        refuse("PT-XOVER-6", "the GM chooses which Villain becomes the Main Villain (A-21)")
    ch = st.characters.get(a.actor)
    if ch is None or a.actor not in st.main_pending or not ch.in_play:
        refuse("PT-XOVER-6", "choose one of the Villains in play")
    assert ch is not None
    return ch


def do_choose_main(ctx: Ctx, a: A.ChooseMain) -> None:
    ch = check_choose_main(ctx, a)
    ctx.state.main_pending = []
    promote(ctx, ch)


def promote(ctx: Ctx, new: Character) -> None:
    new.main = True
    new.crossover = False
    new.hate = max(new.hate or 0, power(ctx, new) * 3)
    ctx.emit("villain", f"{new.name} becomes the Main Villain with {new.hate} Hate")


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
        hand.remove(lair)
        st.zones["lair"].add(lair)
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
    away = st.zones.get("bystanders_elsewhere")
    batches = [(st.zones["bystanders"], "on_recruit", "heroes", "Recruited")]
    if away is not None:
        batches.append((away, "on_kill", "gm", "Killed"))
    for zone, trigger, seat, verb in batches:
        options = [c.id for c in (st.heroes() if seat == "heroes" else st.villains())]
        for inst in list(zone.cards):
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
            zone.remove(inst)
            st.left_behind.pop(inst, None)
            st.zones[f"discard:{st.owners.get(inst, 'gm')}"].add(inst)
            tally = "bystanders_recruited" if verb == "Recruited" else "bystanders_killed"
            st.tally[tally] = st.tally.get(tally, 0) + 1
            from ..effects import react

            react(ctx, f"on_bystander_{verb.lower()}")


def bystander_effect(ctx: Ctx, inst: str, index: int, who: Character | None) -> None:
    from ..effects import run

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
    from ..effects import run

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


def check_pursue(ctx: Ctx, a: A.Pursue) -> None:
    if ctx.state.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if ctx.state.main_pending:
        refuse("PT-XOVER-6", "the GM first chooses the new Main Villain (A-21)")
    if ctx.state.target_pending:
        refuse("PT-BYST-10", "first the targets of the Fled-from Bystanders are chosen")
    if ctx.state.phase != "pursuit":
        refuse("PT-FLEE-4", "no Villain has Fled")
    if a.seat == "gm":
        refuse("PT-FLEE-4", "the Players, not the GM, decide on Pursuit")


def do_pursue(ctx: Ctx, a: A.Pursue) -> None:
    """PT-FLEE-5 (Pursuit: a new Conflict in the Lair) / PT-FLEE-6 (an Interview)."""
    from ..effects import add_modifier
    from .turn import begin_turn

    check_pursue(ctx, a)
    st = ctx.state
    st.conflict += 1
    opts = st.options
    if a.pursue:
        ctx.emit("pursuit", "The Heroes Pursue: a new Conflict starts in the Lair")
        here, away = st.zones["bystanders"], None
        for b in list(here.cards):                   # Bystanders stay behind
            away = away or st.extra_zone("bystanders_elsewhere")
            here.remove(b)
            away.add(b)
            if st.location:
                st.left_behind[b] = st.location
        for c in st.in_play("villains"):
            add_status(c, "Surprised")
            add_modifier(ctx, c.id, {"op": "status", "status": "Surprised"}, "pursuit",
                         "this_turn")
        if opts.hate_recovery == "every_conflict":
            recover_hate(ctx)
    else:
        lair = st.lair
        if lair is not None:
            st.zones["lair"].remove(lair)
            st.zones["discard:gm"].add(lair)
        st.lair = None
        from .interview import begin_interview

        begin_interview(ctx)
        return
    st.turn += 1
    begin_turn(ctx)


def recover_hate(ctx: Ctx) -> None:
    for v in ctx.state.villains():
        full = power(ctx, v) * 3
        if (v.hate or 0) < full and not v.crossover:
            v.hate = full
            ctx.emit("hate", f"{v.name} recovers all Hate ({full})")
