"""The interpreter of docs/effects.md: card effects are data, never code."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .context import Ctx, refuse
from .modifiers import holds, targets_match
from .state import Character, Modifier

MODIFIER_OPS = {"pool", "auto_success", "armor", "cover", "keyword", "heroic", "trauma",
                "cleave", "immune", "lock"}
# ops that need parts of the game not yet built (a card-triggered Interview): logged only
LATER_OPS: set[str] = set()
UNTARGETED = frozenset(("draw", "distance", "nullify", "reveal_objective", "peek_objective",
                        "question", "relocate", "permit_location", "interview"))


def add_modifier(ctx: Ctx, target: str, op: dict[str, Any], source: str, duration: Any,
                 turns: int = 0) -> None:
    if isinstance(duration, dict):
        turns = int(duration.get("turns", 1))
        duration = "turns"
    ctx.state.modifiers.append(Modifier(target, dict(op), source, str(duration), turns))


def expire(ctx: Ctx, durations: tuple[str, ...]) -> None:
    st = ctx.state
    keep: list[Modifier] = []
    gone: list[Modifier] = []
    for m in st.modifiers:
        (gone if m.duration in durations else keep).append(m)
    st.modifiers = keep
    _drop_statuses(ctx, gone)


def count_turns(ctx: Ctx) -> None:
    """PT-COUNT-1..4, A-16: add the Timing Counter first, then compare."""
    st = ctx.state
    keep: list[Modifier] = []
    gone: list[Modifier] = []
    for m in st.modifiers:
        if m.duration == "this_turn":
            gone.append(m)
        elif m.duration == "turns":
            m.counters += 1
            (gone if m.counters >= m.turns else keep).append(m)
        else:
            keep.append(m)
    st.modifiers = keep
    _drop_statuses(ctx, gone)


def _drop_statuses(ctx: Ctx, gone: list[Modifier]) -> None:
    from .rules.statuses import remove_status

    st = ctx.state
    for m in gone:
        if m.op.get("op") != "status":
            continue
        status = m.op.get("status", "")
        still = any(o.target == m.target and o.op.get("op") == "status"
                    and o.op.get("status") == status for o in st.modifiers)
        ch = st.characters.get(m.target)
        if ch is not None and not still and remove_status(ch, status):
            ctx.emit("status", f"{ch.name} is no longer {status}")


def check_cost(ctx: Ctx, effect: dict[str, Any], payer: Character | None) -> None:
    from .rules.resources import check_energy

    cost = effect.get("cost") or {}
    if not cost:
        return
    if payer is None:
        refuse("PT-FREE-1", "nobody can pay this card's cost")
    if cost.get("belief") and (payer.belief or 0) < int(cost["belief"]):
        refuse("PT-BEL-4", f"{payer.name} lacks the Belief this card costs")
    if cost.get("hate") and (payer.hate or 0) < int(cost["hate"]):
        refuse("PT-HATE-1", f"{payer.name} lacks the Hate this card costs")
    if cost.get("energy"):
        check_energy(ctx, payer, int(cost["energy"]))
    if cost.get("move") and payer.move < int(cost["move"]):
        refuse("PT-ACT-1", f"{payer.name} lacks the Move actions this card costs")
    if cost.get("attack") and payer.attack < int(cost["attack"]):
        refuse("PT-ACT-1", f"{payer.name} lacks the Attack action this card costs")


def pay_cost(ctx: Ctx, effect: dict[str, Any], payer: Character | None) -> None:
    from .rules.resources import spend_energy

    cost = effect.get("cost") or {}
    if not cost or payer is None:
        return
    payer.belief = (payer.belief or 0) - int(cost.get("belief", 0)) \
        if payer.belief is not None else None
    if payer.hate is not None:
        payer.hate -= int(cost.get("hate", 0))
    if cost.get("energy"):
        spend_energy(ctx, payer, int(cost["energy"]))
    payer.move -= int(cost.get("move", 0))
    payer.attack -= int(cost.get("attack", 0))


def resolve_targets(ctx: Ctx, selector: str, controller: Character | None,
                    chosen: str | None) -> list[Character]:
    st = ctx.state
    if selector.startswith("chosen_"):
        group = selector.removeprefix("chosen_")
        pool = [c for c in st.characters.values() if c.in_play and (
            group == "character" or (group == "hero" and c.side == "heroes")
            or (group == "villain" and c.role == "villain")
            or (group == "mook" and c.role == "mook"))]
        if chosen:
            pool = [c for c in pool if c.id == chosen] or pool
        elif controller is not None:
            # the controller picks; without a choice, prefer the other side for harm-neutral
            # ordering we simply take the first listed
            pass
        return pool[:1]
    return [c for c in st.characters.values() if c.in_play
            and targets_match(ctx, selector or "self", controller, c)]


def run(ctx: Ctx, effect: dict[str, Any], controller: Character | None, source: str,
        chosen: str | None = None, attack_type: str | None = None,
        default_duration: str | None = None) -> None:
    """Run one effect's ops now (the caller has already checked and paid its cost)."""
    if not holds(ctx, effect.get("condition"), controller, None, attack_type):
        return
    targets = resolve_targets(ctx, effect.get("target", "self"), controller, chosen)
    duration = effect.get("duration", "instant")
    for op in effect.get("ops", []):
        name = op.get("op")
        if name in MODIFIER_OPS:
            dur = duration
            if dur == "instant":
                dur = default_duration or ("this_combat" if ctx.state.combat else "this_turn")
            for t in targets:
                add_modifier(ctx, t.id, op, source, dur)
            continue
        for t in targets:
            _instant(ctx, op, t, controller, source, duration)
        if name in UNTARGETED or not targets:
            _untargeted(ctx, op, controller, source, chosen)


def _instant(ctx: Ctx, op: dict[str, Any], t: Character, controller: Character | None,
             source: str, duration: Any) -> None:
    from .rules.damage import armor, cover, deal
    from .rules.resources import gain_energy, regenerate
    from .rules.statuses import add_status, remove_status

    name = op.get("op")
    amount = int(op.get("amount", 1))
    if name == "gain":
        counter = op.get("counter")
        before = getattr(t, str(counter), None) if counter != "energy" else t.energy
        if counter == "energy":
            gain_energy(t, amount)
        elif counter == "belief" and t.belief is not None:
            t.belief = min(t.belief + amount, t.maxes.get("belief", t.belief + amount))
        elif counter == "hate" and t.hate is not None:
            t.hate = min(t.hate + amount, 6) if t.crossover else t.hate + amount
        elif counter == "quantity" and t.quantity is not None:
            t.quantity += amount
        elif counter == "move":
            t.move = min(t.move + amount, 2)
        elif counter == "attack":
            t.attack = min(t.attack + amount, 1)
        after = getattr(t, str(counter), None) if counter != "energy" else t.energy
        if isinstance(before, int) and isinstance(after, int) and after - before < amount:
            # at a cap (PT-ACT-3, PT-ENER-2, a full Belief): say what really happened
            gained = max(0, after - before)
            ctx.emit("effect", f"{t.name} gains {gained} of {amount} {counter}"
                     + (" (no effect: already at the limit)" if not gained else ""))
        else:
            ctx.emit("effect", f"{t.name} gains {amount} {counter}")
    elif name == "lose":
        counter = str(op.get("counter"))
        value = getattr(t, counter, None)
        if isinstance(value, int):
            setattr(t, counter, max(0, value - amount))
            ctx.emit("effect", f"{t.name} loses {amount} {counter}")
    elif name == "regenerate":
        res = op.get("resistance", "any")
        order = ("physical", "mental", "social") if res == "any" else (res,)
        for r in order:
            amount -= regenerate(t, r, amount)
    elif name == "remove_trauma":
        res = op.get("resistance", "physical")
        order = ("physical", "mental", "social") if res == "any" else (res,)
        for r in order:                                           # "any": wherever it is
            got = min(amount, t.trauma.get(r, 0))
            if got:
                t.trauma[r] -= got
                t.stress[r] += got
                amount -= got
    elif name == "damage":
        res = op.get("resistance", "physical")
        if op.get("mode", "dealt") == "caused":
            amount -= armor(ctx, t, res) + cover(ctx, t)      # PT-DMG-6
        deal(ctx, t, res, amount, op.get("kind") == "trauma", controller)
    elif name == "status":
        status = str(op.get("status"))
        if add_status(t, status):
            ctx.emit("status", f"{t.name} is {status}")
        if duration != "instant" and duration != "permanent":
            add_modifier(ctx, t.id, op, source, duration)
    elif name == "remove_status":
        if remove_status(t, str(op.get("status"))):
            ctx.emit("status", f"{t.name} is no longer {op.get('status')}")


def _untargeted(ctx: Ctx, op: dict[str, Any], controller: Character | None, source: str,
                chosen: str | None = None) -> None:
    from .rules.cdeck import draw

    st = ctx.state
    name = op.get("op")
    if name == "distance" and st.combat is not None:
        st.combat.distance = str(op.get("set", "ranged"))
        ctx.emit("distance", f"The Distance is now {st.combat.distance}")
    elif name == "draw" and controller is not None:
        draw(ctx, controller.seat, int(op.get("amount", 1)))
    elif name == "nullify":
        what = op.get("what", "this")
        if what == "this" and source not in st.nullified:
            st.nullified.append(source)
            ctx.emit("nullify", f"{ctx.name(source)} is Nullified")
    elif name == "reveal_objective":
        if not st.objective_revealed and st.objective is not None:
            st.objective_revealed = True
            ctx.emit("objective", f"The Objective is Revealed: {ctx.name(st.objective)}")
            for e in C.effects(ctx.card(st.objective)):              # PT-OBJ-2
                if e.get("trigger") == "on_reveal":
                    run(ctx, e, st.main_villain(), st.objective)
    elif name == "question":
        st.extra_questions += int(op.get("amount", 1))               # PT-INTV-3
        ctx.emit("interview", "The next Interview gets another question")
    elif name == "peek_objective":
        if st.objective is not None and controller is not None and not st.objective_revealed:
            obj = ctx.card(st.objective)                              # private
            ctx.emit("peek", f"{controller.name} peeks at the Objective: {C.name(obj)}",
                     {"objective": st.objective}, visible_to=(controller.seat,),
                     text_public=f"{controller.name} peeks at the Objective")
            st.record_peek(controller.seat)                           # view.py shows it
    elif name == "permit_location":
        from .rules.locations import permit

        permit(ctx, controller, source)                               # PT-LOC-4
    elif name == "interview":                                         # A-52, PT-CONF-1
        ctx.state.interview_requested = True
    elif name == "relocate":
        from .rules.locations import relocate_op

        relocate_op(ctx, chosen, source, controller)                  # PT-RELOC-1
    elif name in LATER_OPS or name not in MODIFIER_OPS:
        if name not in ("gain", "lose", "regenerate", "remove_trauma", "damage", "status",
                        "remove_status", "distance", "draw", "nullify", "reveal_objective",
                        "peek_objective", "question"):
            ctx.emit("note", f"{ctx.name(source)}: '{name}' is not automated yet; the GM rules")


def trigger_cards(ctx: Ctx, trigger: str) -> None:
    """Run `trigger` effects of revealed Twists!/Events and the Location (Start/End of Turn)."""
    st = ctx.state
    sources: list[str] = []
    if st.location:
        sources.append(st.location)
    if st.lair:
        sources.append(st.lair)
    sources += st.zones["twists_revealed"].cards + st.zones["events_revealed"].cards
    for ch in list(st.characters.values()):
        if not ch.in_play:
            continue
        for inst in (ch.card, ch.in_use):
            if inst is None:
                continue
            for e in C.effects(ctx.card(inst)):
                if e.get("trigger") == trigger:
                    run(ctx, e, ch, inst)
    for inst in list(sources):
        if inst in st.nullified:
            continue
        from .modifiers import card_active

        if not card_active(ctx, inst):
            continue
        for e in C.effects(ctx.card(inst)):
            if e.get("trigger") == trigger:
                run(ctx, e, st.main_villain() if st.owners.get(inst) == "gm" else None, inst)


def count_card_turns(ctx: Ctx) -> None:
    """"In X Turns" cards gain a Timing Counter and fire when it reaches X (PT-COUNT-2)."""
    st = ctx.state
    for inst in st.zones["twists_revealed"].cards + st.zones["events_revealed"].cards:
        if inst in st.nullified:
            continue
        for e in C.effects(ctx.card(inst)):
            if e.get("trigger") != "in_turns":
                continue
            st.timing[inst] = st.timing.get(inst, 0) + 1
            if st.timing[inst] == int(e.get("turns", 1)):
                ctx.emit("timing", f"{ctx.name(inst)} takes effect")
                run(ctx, e, None, inst)
                if C.kind(ctx.card(inst)) == "twist":
                    _twist_done(ctx, inst)


def _twist_done(ctx: Ctx, inst: str) -> None:
    """PT-TWIST-2: a Twist! lasts until Nullified or until its trigger is achieved; then
    it is discarded and what it set up for a duration ends."""
    st = ctx.state
    if inst in st.zones["twists_revealed"]:
        st.zones["twists_revealed"].remove(inst)
        st.zones["discard:heroes"].add(inst)
    gone = [m for m in st.modifiers if m.source == inst]
    if gone:
        st.modifiers = [m for m in st.modifiers if m.source != inst]
        _drop_statuses(ctx, gone)
    ctx.emit("twist", f"{ctx.name(inst)} has run its course and is discarded")
