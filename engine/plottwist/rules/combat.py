"""Initiating Combat and its five steps (PT-COMBAT, PT-DIST, PT-KW-6, PT-SNEAK)."""

from __future__ import annotations

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character, Combat, current_place
from . import acting
from .cdeck import draw_up
from .colors import check_can_use
from .costs import check_cost, pay_cost
from .effect_hook import run
from .heroics import has_keyword
from .lock import check_toll, pay_toll
from .rolls import opposing
from .statuses import add_status, remove_status
from .timing import expire

STEPS = ("start", "movement", "maneuver", "attack", "end")


def opponent_of(ctx: Ctx, ch: Character) -> Character | None:
    cb = ctx.state.combat
    if cb is None or cb.bystander:
        return None
    other = cb.defender if ch.id == cb.attacker else cb.attacker
    return ctx.state.characters.get(other)


def combatant_of_seat(ctx: Ctx, seat: str) -> Character | None:
    cb = ctx.state.combat
    if cb is None:
        return None
    for ident in (cb.attacker, cb.defender):
        ch = ctx.state.characters.get(ident)
        if ch is not None and ch.seat == seat:
            return ch
    return None


# --- initiating ---------------------------------------------------------------------------

def _check_initiation(ctx: Ctx, seat: str, actor_id: str, target: str,
                      sneak: bool = False) -> tuple[Character, Character | None]:
    st = ctx.state
    ch = acting.actor(ctx, seat, actor_id)
    if st.phase != "combat":
        refuse("PT-TURN-6", "Combats are initiated only in the Combat phase")
    if st.combat is not None:
        refuse("PT-COMBAT-4", "a Combat is already under way")
    if st.initiative != ch.side:
        refuse("PT-COMBAT-1", f"the {st.initiative} hold Initiative now")
    if ch.attack < 1:
        refuse("PT-COMBAT-1", f"{ch.name} holds no Attack action")
    if ch.has("Stunned"):
        refuse("PT-STATUS-7", f"{ch.name} is Stunned and cannot Attack, so it initiates no "
                              "Combat")
    if ch.has("Hidden") and not sneak:
        refuse("PT-STATUS-17", f"{ch.name} is Hidden and can only Sneak Attack")
    other: Character | None = st.characters.get(target)
    if other is None:
        if target not in st.zones["bystanders"].cards:
            refuse("PT-COMBAT-1", f"{target!r} is neither a Character nor a Bystander here")
        if sneak:
            refuse("PT-SNEAK-2", "a Sneak Attack needs a target who rolls Perception")
    else:
        if not other.in_play or (other.role == "mook" and not other.quantity):
            refuse("PT-COMBAT-1", f"{other.name} is not in play")
        if other.side == ch.side:
            refuse("PT-COMBAT-1", "Combat is initiated against the other side")
        if other.has("Hidden"):
            refuse("PT-STATUS-17", f"{other.name} is Hidden: no Combat can be initiated "
                                   "with it")
    if ch.side == "heroes":
        if not ch.initiated:
            pass
        elif (len(ch.initiated) == 1 and has_keyword(ctx, ch, "Tactician")):
            if target in ch.attacked:
                refuse("PT-KW-6", "a Tactician's second Combat must be with someone it has "
                                  "not Attacked this Turn")

            check_toll(ctx, ch, "keyword", "Tactician")       # PT-LOCK-1
        else:
            refuse("PT-COMBAT-2", f"{ch.name} already initiated a Combat this Turn")
    elif target in ch.initiated:
        refuse("PT-COMBAT-3", "each Combat a Villain initiates in a Turn needs a different "
                              "target")
    return ch, other


def check_initiate(ctx: Ctx, a: A.InitiateCombat) -> None:
    _check_initiation(ctx, a.seat, a.actor, a.target)


def _open(ctx: Ctx, ch: Character, target: str, bystander: bool) -> Combat:
    st = ctx.state
    ch.initiated.append(target)
    st.combat = Combat(ch.id, target, bystander=bystander, step="start")
    st.combats_this_turn += 1
    st.first_combat_done = True                               # closes the Mulligan
    ctx.emit("combat", f"{ch.name} initiates Combat with {ctx.name(target)}",
             {"attacker": ch.id, "defender": target})
    _start_of_combat(ctx)
    return st.combat


def _start_of_combat(ctx: Ctx) -> None:
    """PT-COMBAT-5: "Beginning of Combat" effects of the combatants' Equipment."""
    _combat_triggers(ctx, "start_of_combat")


def _combat_triggers(ctx: Ctx, trigger: str) -> None:
    """Equipment in use and the place's cards that act at the start or end of a Combat."""
    st = ctx.state
    cb = st.combat
    assert cb is not None
    for ident in (cb.attacker, cb.defender):
        ch = st.characters.get(ident)
        if ch is None or not ch.in_use:
            continue
        for e in C.effects(ctx.card(ch.in_use)):
            if e.get("trigger") == trigger:
                run(ctx, e, ch, ch.in_use)
    for played in list(cb.played):
        if played.get("cancelled"):
            continue
        for e in C.effects(ctx.card(played["id"])):
            if e.get("trigger") == trigger:
                run(ctx, e, st.characters.get(played["by"]), played["id"])
    place = current_place(st)                                 # PT-LAIR-1, A-55
    if place and place not in st.nullified:
        for e in C.effects(ctx.card(place)):
            if e.get("trigger") == trigger:
                run(ctx, e, st.characters.get(cb.attacker), place)


def do_initiate(ctx: Ctx, a: A.InitiateCombat) -> None:
    if ctx.vouched:
        ch, other = ctx.state.characters[a.actor], ctx.state.characters.get(a.target)
    else:
        ch, other = _check_initiation(ctx, a.seat, a.actor, a.target)
    if ch.side == "heroes" and len(ch.initiated) == 1:        # a Tactician's second

        pay_toll(ctx, ch, "keyword", "Tactician")
    cb = _open(ctx, ch, a.target, other is None)
    cb.step = "movement"                                       # PT-COMBAT-7: starts Ranged


def check_sneak(ctx: Ctx, a: A.SneakAttack) -> None:
    ch, _ = _check_initiation(ctx, a.seat, a.actor, a.target, sneak=True)
    if not ch.has("Hidden"):
        refuse("PT-SNEAK-1", f"only a Hidden character can Sneak Attack ({ch.name} is not)")
    if ch.crossover:
        refuse("PT-XOVER-5", "a Crossover Villain cannot Sneak Attack")
    if a.distance not in ("melee", "ranged"):
        refuse("PT-DIST-1", "the Distance is Melee or Ranged")
    target = ctx.state.characters[a.target]
    if a.distance == "melee" and target.has("Flying") and not ch.has("Flying"):
        refuse("PT-STATUS-15", f"{ch.name} is not Flying and cannot set Melee against "
                               f"{target.name}")


def do_sneak(ctx: Ctx, a: A.SneakAttack) -> None:

    check_sneak(ctx, a)
    st = ctx.state
    ch = st.characters[a.actor]
    target = st.characters[a.target]
    cb = _open(ctx, ch, a.target, False)
    remove_status(ch, "Hidden")                               # PT-STATUS-18
    ra, rd = opposing(ctx, ch, "body", "stealth", target, "mind", "perception",
                      "Sneak Attack (Stealth vs Perception)")
    loser = target if ra["won"] else ch if rd["won"] else None
    if loser is not None and add_status(loser, "Surprised"):  # PT-SNEAK-2
        loser.surprised_by_sneak = True
        ctx.emit("status", f"{loser.name} is Surprised")
    cb.distance = a.distance                                  # PT-SNEAK-3
    cb.step = "maneuver"
    ctx.emit("distance", f"{ch.name} sets the Distance to {a.distance}; no Movement step")


# --- playing Movement and Maneuver cards --------------------------------------------------

def check_play(ctx: Ctx, a: A.PlayCombatCard) -> Character:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor)
    cb = st.combat
    if st.phase != "combat" or cb is None:
        refuse("PT-TURN-7", "Combat cards are played only in a Combat")
    if ch.id not in (cb.attacker, cb.defender):
        refuse("PT-COMBAT-6",
               f"{ch.name} is not in this Combat: only the combatants play Combat cards")
    if a.card not in st.zones[f"combat_hand:{a.seat}"]:
        refuse("PT-CDECK-1", "that card is not in your Combat hand")
    card = ctx.card(a.card)
    step = C.combat_step(card)
    if step == "attack":
        refuse("PT-COMBAT-10", "Attack cards are played with an Attack")
    if step != cb.step:
        clause = "PT-COMBAT-6" if cb.step == "movement" else "PT-COMBAT-9"
        refuse(clause, f"only {cb.step.title()} cards may be played now")
    if step == "movement":
        for status in ("Stunned", "Prone"):
            if ch.has(status):
                refuse("PT-STATUS-7" if status == "Stunned" else "PT-STATUS-9",
                       f"{ch.name} is {status} and cannot Move")
    cost = C.card_cost(card)
    if ch.move < cost.get("move", 0):
        refuse("PT-ACT-1", f"{C.name(card)} costs {cost['move']} Move action(s); "
                           f"{ch.name} has {ch.move}")
    if ch.attack < cost.get("attack", 0):
        refuse("PT-ACT-1", f"{C.name(card)} costs an Attack action")
    check_can_use(ctx, ch, card)
    other = opponent_of(ctx, ch)
    for e in C.effects(card):
        if e.get("trigger", "on_play") != "on_play":
            continue
        check_cost(ctx, e, ch)
        flying = ch.has("Flying")
        for op in e.get("ops", []):
            if op.get("op") == "status" and op.get("status") == "Flying":
                flying = True
            if (op.get("op") == "distance" and op.get("set") == "melee" and other is not None
                    and other.has("Flying") and not flying):
                refuse("PT-STATUS-15", f"{ch.name} is not Flying and cannot close to Melee "
                                       f"against {other.name}")
    return ch


def do_play(ctx: Ctx, a: A.PlayCombatCard) -> None:
    ch = ctx.state.characters[a.actor] if ctx.vouched else check_play(ctx, a)
    cb = ctx.state.combat
    assert cb is not None
    card = ctx.card(a.card)
    ctx.state.move_card(a.card, f"combat_hand:{a.seat}", f"discard:{a.seat}")
    effects = C.effects(card)
    cost = C.card_cost(card)
    ch.move -= cost.get("move", 0)
    ch.attack -= cost.get("attack", 0)
    cb.played.append({"id": a.card, "by": ch.id})
    cb.passed = []                                             # the other side may answer
    ctx.emit("play", f"{ch.name} plays {C.name(card)}", {"card": a.card, "actor": ch.id})
    other = opponent_of(ctx, ch)
    for e in effects:
        if e.get("trigger", "on_play") == "on_play":
            pay_cost(ctx, e, ch)
            run(ctx, e, ch, a.card, other.id if other else None)


# --- passing through the steps ------------------------------------------------------------

def check_pass_in_combat(ctx: Ctx, a: A.Pass) -> Character:
    ch = combatant_of_seat(ctx, a.seat)
    if ch is None:
        refuse("PT-COMBAT-8", "only the combatants' controllers act in a Combat: "
                              "the two sides agree to move on")
    cb = ctx.state.combat
    assert cb is not None
    if ch.id in cb.passed:
        refuse("PT-COMBAT-8", f"{ch.name} has passed; waiting for the other combatant")
    return ch


def do_pass_in_combat(ctx: Ctx, a: A.Pass) -> None:
    if ctx.vouched:
        ch = combatant_of_seat(ctx, a.seat)
        assert ch is not None
    else:
        ch = check_pass_in_combat(ctx, a)
    cb = ctx.state.combat
    assert cb is not None
    cb.passed.append(ch.id)
    # the step moves on once every combatant still in play has passed
    chars = ctx.state.characters
    for ident in (cb.attacker,) if cb.bystander else (cb.attacker, cb.defender):
        if ident not in cb.passed and chars[ident].in_play:
            return
    advance_step(ctx)


def advance_step(ctx: Ctx) -> None:
    cb = ctx.state.combat
    assert cb is not None
    cb.passed = []
    if cb.step == "end":
        end_combat(ctx)
        return
    cb.step = STEPS[STEPS.index(cb.step) + 1]
    if cb.step == "maneuver":
        ctx.emit("step", f"The Distance is settled: {cb.distance}")   # PT-COMBAT-8
    ctx.emit("step", f"Combat step: {cb.step.title()}")
    if cb.step == "end":
        _combat_triggers(ctx, "end_of_combat")


def end_combat(ctx: Ctx) -> None:
    """PT-COMBAT-12 / PT-CDECK-3: the combatants' controllers draw back up to 3."""

    st = ctx.state
    cb = st.combat
    assert cb is not None
    seats = []
    for ident in (cb.attacker, cb.defender):
        ch = st.characters.get(ident)
        if ch is not None and ch.seat not in seats:
            seats.append(ch.seat)
    st.combat = None
    expire(ctx, ("this_attack", "this_combat"))
    ctx.emit("combat", "The Combat ends")
    for seat in seats:
        draw_up(ctx, seat)


def close_if_decided(ctx: Ctx) -> None:
    """A Combat whose combatant left play jumps to its End step."""
    cb = ctx.state.combat
    if cb is None or cb.step == "end":
        return
    for ident in (cb.attacker, cb.defender):
        ch = ctx.state.characters.get(ident)
        if ch is not None and (not ch.in_play or (ch.role == "mook" and not ch.quantity)):
            cb.step = "end"
            cb.passed = []
            ctx.emit("step", "Combat step: End")
            return
    if cb.bystander and cb.defender not in ctx.state.zones["bystanders"].cards:
        cb.step = "end"
        cb.passed = []
        ctx.emit("step", "Combat step: End")
