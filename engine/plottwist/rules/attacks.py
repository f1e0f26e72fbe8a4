"""The four Attack types and the Attack step (PT-ATK, PT-DIST, PT-COMBAT-10/11, PT-BYST-6/7)."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..modifiers import mods
from ..state import Character
from . import acting
from .colors import check_can_use
from .combat import close_if_decided
from .costs import check_cost, pay_cost
from .damage import RESISTANCE, can_cause_trauma, deal, roll_damage
from .effect_hook import run
from .heroics import rank
from .lock import can_pay, check_card, check_toll, locked, pay_card, pay_toll
from .rolls import auto_mods, flip, roll_pool, settle, take_boosts
from .statuses import remove_status
from .timing import expire
from .triggers import react

ATTACK_TYPES = ("melee", "ranged", "mental", "social")
# type -> (attack attribute, attack ability, defence attribute, defence abilities)
POOLS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "melee": ("body", "fighting", "body", ("fighting", "agility")),
    "ranged": ("mind", "energy_projection", "body", ("reflexes", "flight")),
    "mental": ("mind", "psyche", "mind", ("resilience", "psyche")),
    "social": ("charm", "offend", "charm", ("rebutt",)),
}
REQUIRED = {"ranged": "energy_projection", "mental": "psyche"}
CLAUSE = {"melee": "PT-ATK-2", "ranged": "PT-ATK-3", "mental": "PT-ATK-4", "social": "PT-ATK-5"}


def heroic_permits(ctx: Ctx, ch: Character, attack_type: str) -> bool:
    """Whether `ch` holds the Heroic that `attack_type` requires, if any (A-23)."""
    need = REQUIRED.get(attack_type)
    return need is None or rank(ctx, ch, need) >= 1


def check_attack(ctx: Ctx, a: A.Attack) -> tuple[Character, Any | None]:
    st = ctx.state
    ch = acting.actor(ctx, a.seat, a.actor)
    cb = st.combat
    if cb is None or st.phase != "combat":
        refuse("PT-COMBAT-10", "Attacks are made in a Combat's Attack step")
    if ch.id not in (cb.attacker, cb.defender):
        refuse("PT-COMBAT-10", f"{ch.name} is not in this Combat")
    if cb.step != "attack":
        refuse("PT-COMBAT-10", f"Attacks come in the Attack step (now: {cb.step})")
    if ch.id == cb.defender and cb.attacks == 0 and cb.attacker not in cb.passed:
        refuse("PT-COMBAT-11", "the combatant with Initiative declares its Attack first")
    if ch.attack < 1:
        refuse("PT-COMBAT-10", f"{ch.name} has no Attack action left")
    other = st.characters.get(cb.defender if ch.id == cb.attacker else cb.attacker)
    if other is not None and not other.in_play:
        refuse("PT-STATUS-1", f"{other.name} is no longer in play")
    if ch.has("Stunned"):
        refuse("PT-STATUS-7", f"{ch.name} is Stunned and cannot Attack")
    if ch.has("Hidden"):
        refuse("PT-STATUS-17", f"{ch.name} is Hidden and can only Sneak Attack")
    if a.attack_type not in ATTACK_TYPES:
        refuse("PT-ATK-1", f"unknown Attack type {a.attack_type!r}")
    if a.attack_type == "melee" and cb.distance != "melee":
        refuse("PT-DIST-1", "Melee Attacks are prohibited at Ranged Distance")
    if not heroic_permits(ctx, ch, a.attack_type):
        need = REQUIRED[a.attack_type]
        refuse(CLAUSE[a.attack_type], f"{a.attack_type.title()} Attacks require "
                                      f"{need.replace('_', ' ').title()}")
    if cb.bystander:
        allowed = ("mental", "social") if ch.side == "heroes" else ("mental", "melee", "ranged")
        if a.attack_type not in allowed:
            clause = "PT-BYST-6" if ch.side == "heroes" else "PT-BYST-7"
            refuse(clause, "Heroes Recruit with Mental or Social Attacks; Villains and Mooks "
                           "Kill with Mental or Physical ones")

    ability = POOLS[a.attack_type][1]
    if rank(ctx, ch, ability) >= 1:
        check_toll(ctx, ch, "heroic", ability)                 # PT-LOCK-1
    card = None
    if a.card is not None:
        if a.card not in st.zones[f"combat_hand:{a.seat}"]:
            refuse("PT-CDECK-1", "that card is not in your Combat hand")
        card = ctx.card(a.card)
        if C.combat_step(card) != "attack":
            refuse("PT-COMBAT-10", f"{C.name(card)} is not an Attack card")
        ctype = C.attack_type(card)
        if ctype and ctype in ATTACK_TYPES and ctype != a.attack_type:
            refuse("PT-ATK-1", f"{C.name(card)} enhances {ctype.title()} Attacks")
        check_can_use(ctx, ch, card)
        check_card(ctx, ch, card)
        for e in C.effects(card):
            if e.get("trigger", "on_play") == "on_play":
                check_cost(ctx, e, ch)
    if a.trauma:
        if a.attack_type == "social":
            refuse("PT-ATK-5", "there is no Social Trauma")
        if not can_cause_trauma(ctx, ch, a.attack_type, card):
            refuse("PT-TRAUMA-1", "only a Weapon with a Trauma bonus or a card can cause "
                                  "Trauma (A-29)")
    return ch, card


def defense_pool(ctx: Ctx, d: Character, attack_type: str) -> tuple[int, str]:
    """A-49: the defender rolls its best listed pool; Prone rolls nothing."""
    if d.has("Prone"):
        return 0, "Prone"

    attr, _, dattr, options = POOLS[attack_type]
    best, which = (-1, 0), options[0]
    for ability in options:
        p = roll_pool(ctx, d, dattr, ability, "defense", attack_type)
        lock = locked(ctx, d, "heroic", ability)
        if lock and not can_pay(ctx, d):
            p = max(p - rank(ctx, d, ability), 0)             # PT-LOCK-1: no Ranks unpaid
        key = (p, 0 if lock else 1)                           # a tie goes to the free pool
        if key > best:
            best, which = key, ability
    return best[0], which


def do_attack(ctx: Ctx, a: A.Attack) -> None:
    if ctx.vouched:
        ch = ctx.state.characters[a.actor]
        card = ctx.card(a.card) if a.card is not None else None
    else:
        ch, card = check_attack(ctx, a)
    st = ctx.state
    cb = st.combat
    assert cb is not None
    if rank(ctx, ch, POOLS[a.attack_type][1]) >= 1:
        pay_toll(ctx, ch, "heroic", POOLS[a.attack_type][1])  # PT-LOCK-1
    if card is not None:
        pay_card(ctx, ch, card)
    ch.attack -= 1
    cb.attacks += 1
    cb.passed = []
    # PT-COMBAT-10, A-32(e): the defender may Attack back, so the target is the other side
    foe = cb.attacker if ch.id == cb.defender else cb.defender
    if foe not in ch.attacked:
        ch.attacked.append(foe)
    if card is not None and a.card is not None:
        st.move_card(a.card, f"combat_hand:{a.seat}", f"discard:{a.seat}")
        cb.played.append({"id": a.card, "by": ch.id})
        ctx.emit("play", f"{ch.name} plays {C.name(card)}")
        for e in C.effects(card):
            if e.get("trigger", "on_play") == "on_play":
                pay_cost(ctx, e, ch)
                run(ctx, e, ch, a.card, None if cb.bystander else foe, a.attack_type,
                    default_duration="this_attack")
    ctx.emit("attack", f"{ch.name} makes a {a.attack_type.title()} Attack on "
                       f"{ctx.name(foe)}" + (" (Trauma)" if a.trauma else ""),
             {"actor": ch.id, "target": foe, "attack_type": a.attack_type})
    attr, ability, _, _ = POOLS[a.attack_type]
    coins, auto = take_boosts(ch, "attack")
    pool = roll_pool(ctx, ch, attr, ability, "attack", a.attack_type) + coins
    auto += auto_mods(ctx, ch, "attack", a.attack_type)
    if cb.bystander:
        _attack_bystander(ctx, ch, a, pool, auto, card)
    else:
        target = st.characters[foe]
        ra = flip(ctx, ch.id, "attack", pool, auto, None, f"{a.attack_type} Attack")
        dpool, dwhich = defense_pool(ctx, target, a.attack_type)
        if dwhich != "Prone" and rank(ctx, target, dwhich) >= 1:

            if locked(ctx, target, "heroic", dwhich) and can_pay(ctx, target):
                pay_toll(ctx, target, "heroic", dwhich)       # the defender's best pool
        dcoins, dauto = take_boosts(target, "defense")
        if dwhich == "Prone":                                  # PT-STATUS-9, A-49
            dpool, dauto = 0, 0                                # rolls nothing, no Successes
        else:
            dpool += dcoins
            dauto += auto_mods(ctx, target, "defense", a.attack_type)
        rd = flip(ctx, target.id, "defense", dpool, dauto, None,
                  f"Defense ({dwhich.replace('_', ' ')})")
        settle(ra, rd)
        if target.surprised_by_sneak:
            remove_status(target, "Surprised")                 # ends once it Defends
        react(ctx, "on_defend", target)
        if ra["won"]:                                          # PT-ATK-6
            ctx.emit("hit", f"The Attack hits ({ra['total']} vs {rd['total']})")
            dmg = roll_damage(ctx, ch, target, a.attack_type, a.trauma)
            if dmg is not None:
                cleave = sum(int(m.get("amount", 0)) for m in _cleave(ctx, ch))
                deal(ctx, target, RESISTANCE[a.attack_type], dmg["total"], a.trauma, ch,
                     cleave)
                _on_hit(ctx, ch, card, a, target.id)
            react(ctx, "on_hit_taken", target)
        else:
            ctx.emit("miss", f"The Attack misses ({ra['total']} vs {rd['total']})")
            react(ctx, "on_miss", ch)
    expire(ctx, ("this_attack",))

    close_if_decided(ctx)


def _cleave(ctx: Ctx, ch: Character) -> list[dict[str, Any]]:

    return mods(ctx, ch, "cleave")


def _on_hit(ctx: Ctx, ch: Character, card: Any | None, a: A.Attack, target: str) -> None:
    """on_hit effects of the Attack card, the Weapon in use and the attacker's own card."""
    sources: list[tuple[str, Any]] = []
    if card is not None and a.card is not None:
        sources.append((a.card, card))
    if ch.in_use:
        sources.append((ch.in_use, ctx.card(ch.in_use)))
    sources.append((ch.card, ctx.char_card(ch)))
    for inst, c in sources:
        for e in C.effects(c):
            if e.get("trigger") == "on_hit":
                run(ctx, e, ch, inst, target, a.attack_type)


def _attack_bystander(ctx: Ctx, ch: Character, a: A.Attack, pool: int, auto: int,
                      card: Any | None) -> None:
    """PT-BYST-6/7, A-42: a Fixed Roll against the Difficulty, then Damage ≥ Life."""
    st = ctx.state
    cb = st.combat
    assert cb is not None
    inst = cb.defender
    bcard = ctx.card(inst)
    diff, life = C.difficulty_life(bcard)
    ra = flip(ctx, ch.id, "fixed", pool, auto, diff, f"{a.attack_type} Attack on a Bystander")
    if not ra["won"]:
        ctx.emit("miss", f"{ch.name} fails to reach {C.name(bcard)}")
        return
    dmg = roll_damage(ctx, ch, None, a.attack_type, a.trauma)
    amount = dmg["total"] if dmg else 0
    if amount < life:
        ctx.emit("miss", f"{C.name(bcard)} holds out ({amount} Damage, Life {life})")
        return
    recruit = ch.side == "heroes"
    verb = "Recruited" if recruit else "Killed"
    trigger = "on_recruit" if recruit else "on_kill"
    ctx.emit("bystander", f"{C.name(bcard)} is {verb} by {ch.name}")
    for e in C.effects(bcard):
        if e.get("trigger") == trigger:
            run(ctx, e, ch, inst)                      # PT-BYST-8: before the discard
    st.move_card(inst, "bystanders", f"discard:{st.owners.get(inst, 'gm')}")
    tally = "bystanders_recruited" if recruit else "bystanders_killed"
    st.tally[tally] = st.tally.get(tally, 0) + 1
    react(ctx, "on_bystander_recruited" if recruit else "on_bystander_killed")
