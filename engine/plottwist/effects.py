"""The interpreter of docs/effects.md: card effects are data, never code.

What an effect does. It sits above the rule modules and calls them (Damage, statuses,
rolls, choices); they run an effect through rules/effect_hook.py, into which game.py plugs
`run`. When an effect happens is theirs: rules/triggers.py (Start/End of Turn, reactions),
rules/timing.py (durations, "In X Turns"), the action that plays the card."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .context import Ctx
from .modifiers import holds, targets_match
from .rules import rolls
from .rules.cdeck import draw
from .rules.choices import ask, chooser
from .rules.damage import armor, cover, deal
from .rules.events import nullify
from .rules.heroics import attribute, power
from .rules.locations import permit, relocate_op
from .rules.resources import gain_energy, regenerate
from .rules.statuses import add_status, drop_statuses, remove_status
from .rules.timing import add_modifier
from .rules.triggers import react
from .state import Character

MODIFIER_OPS = {"pool", "auto_success", "armor", "cover", "keyword", "heroic", "trauma",
                "cleave", "immune", "lock"}
# ops that need parts of the game not yet built (a card-triggered Interview): logged only
LATER_OPS: set[str] = set()
UNTARGETED = frozenset(("draw", "distance", "nullify", "reveal_objective", "peek_objective",
                        "question", "relocate", "permit_location", "interview", "cancel",
                        "evacuate"))


def chosen_pool(ctx: Ctx, selector: str) -> list[Character]:
    """The characters a `chosen_*` selector may name."""
    group = selector.removeprefix("chosen_")
    return [c for c in ctx.state.characters.values() if c.in_play and (
        group == "character" or (group == "hero" and c.side == "heroes")
        or (group == "villain" and c.role == "villain")
        or (group == "mook" and c.role == "mook"))]


def resolve_targets(ctx: Ctx, selector: str, controller: Character | None,
                    chosen: str | None) -> list[Character]:
    st = ctx.state
    if selector.startswith("chosen_"):
        pool = chosen_pool(ctx, selector)
        return [c for c in pool if c.id == chosen] or pool[:1]
    return [c for c in st.characters.values() if c.in_play
            and targets_match(ctx, selector or "self", controller, c)]


def chosen_cards(ctx: Ctx, what: str) -> list[str]:
    """Cards a `nullify` op with `chosen_event` / `chosen_twist` may name: those revealed
    and not Nullified (PT-NULL-1)."""
    st = ctx.state
    zone = "events_revealed" if what == "chosen_event" else "twists_revealed"
    return [c for c in st.zones[zone].cards if c not in st.nullified]


def _open_choice(ctx: Ctx, effect: dict[str, Any], controller: Character | None,
                 picks: dict[str, str]) -> tuple[str, list[str], str] | None:
    """The first choice this effect still needs: (what, options, prompt), or None."""
    selector = str(effect.get("target", "self"))
    if selector.startswith("chosen_") and "target" not in picks:
        pool = [c.id for c in chosen_pool(ctx, selector)]
        if len(pool) > 1:
            return "target", pool, f"the {selector.removeprefix('chosen_')} it targets"
        if pool:
            picks["target"] = pool[0]
    for op in effect.get("ops", []):
        if op.get("op") == "choose" and "option" not in picks:      # "choose one"
            labels = [str(o.get("label", "")) for o in op.get("options", [])]
            return "option", [str(i) for i in range(len(labels))], "one: " + " / ".join(
                labels)
    for op in _expanded(effect, picks):
        what = str(op.get("what", ""))
        if op.get("op") == "nullify" and what.startswith("chosen_") and "card" not in picks:
            cards = chosen_cards(ctx, what)
            if len(cards) > 1:
                return "card", cards, f"the {what.removeprefix('chosen_').title()} to Nullify"
            if cards:
                picks["card"] = cards[0]
        if op.get("op") == "evacuate" and "bystander" not in picks:
            here = list(ctx.state.zones["bystanders"].cards)
            if len(here) > 1:
                return "bystander", here, "the Bystander who leaves"
            if here:
                picks["bystander"] = here[0]
    return None


def _expanded(effect: dict[str, Any], picks: dict[str, str]) -> list[dict[str, Any]]:
    """The effect's ops with a `choose` replaced by the chosen option's ops."""
    out: list[dict[str, Any]] = []
    for op in effect.get("ops", []):
        if op.get("op") == "choose":
            options = op.get("options", [])
            index = int(picks.get("option", 0))
            if 0 <= index < len(options):
                out += options[index].get("ops", [])
        else:
            out.append(op)
    return out


def run(ctx: Ctx, effect: dict[str, Any], controller: Character | None, source: str,
        chosen: str | None = None, attack_type: str | None = None,
        default_duration: str | None = None, picks: dict[str, str] | None = None) -> None:
    """Run one effect's ops now (the caller has already checked and paid its cost).

    `chosen` is what the action named (a character or a card); a choice still open with
    several options waits for its chooser (rules/choices.py) and the effect runs then."""
    if not holds(ctx, effect.get("condition"), controller, None, attack_type, source):
        return
    picks = dict(picks or {})
    if chosen:
        key = "target" if chosen in ctx.state.characters else "card"
        if key == "target" and chosen in [c.id for c in chosen_pool(
                ctx, str(effect.get("target", "")))]:
            picks.setdefault("target", chosen)
        elif key == "card":
            picks.setdefault("card", chosen)
    need = _open_choice(ctx, effect, controller, picks)
    if need is None and not once_allowed(ctx, effect, source):
        return
    if need is not None:
        what, options, prompt = need
        ask(ctx, {"card": source, "seat": chooser(ctx, controller, source), "role": what,
                  "options": options, "clause": "PT-TERM-1", "effect": effect,
                  "controller": controller.id if controller else None, "picks": picks,
                  "attack_type": attack_type, "default_duration": default_duration}, prompt)
        return
    targets = resolve_targets(ctx, effect.get("target", "self"), controller,
                              picks.get("target"))
    duration = effect.get("duration", "instant")
    for op in _expanded(effect, picks):
        name = op.get("op")
        if name == "roll":
            _card_roll(ctx, op, effect, controller, source, targets, picks, attack_type,
                       default_duration)
            continue
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
            _untargeted(ctx, op, controller, source, picks.get("bystander")
                        if name == "evacuate" else picks.get("card") or picks.get("target"))


def _card_roll(ctx: Ctx, op: dict[str, Any], effect: dict[str, Any],
               controller: Character | None, source: str, targets: list[Character],
               picks: dict[str, str], attack_type: str | None,
               default_duration: str | None) -> None:
    """A roll printed on a card (PT-ROLL, "Generally a Win provokes an effect written in the
    cards"): the controller rolls (a card with no controlling character: its first target);
    an Opposing roll is against the effect's first target other than the roller. Then the
    `win` or `loss` ops run, on the outcome's own `target` or the effect's."""
    spec = op.get("roll", {})
    roller = controller or (targets[0] if targets else None)
    if roller is None:
        ctx.emit("roll", f"{ctx.name(source)}: nobody is there to roll")
        return
    kind, attr, ability = spec.get("kind"), str(spec.get("attribute")), str(spec.get("ability"))
    label = f"{ctx.name(source)} ({attr.title()} + {ability.replace('_', ' ').title()})"
    rec: dict[str, Any] = {"won": False, "margin": 0}
    if kind == "fixed":
        rec = rolls.fixed(ctx, roller, attr, ability, int(spec.get("difficulty", 0)), label)
    elif kind == "chosen":
        rec = rolls.chosen(ctx, roller, attr, ability, int(spec.get("number", 0)), label)
    else:
        foe = next((t for t in targets if t.id != roller.id), None)
        if foe is None:
            ctx.emit("roll", f"{ctx.name(source)}: no one to roll against: a Loss")
        else:
            rec = rolls.opposing(ctx, roller, attr, ability, foe,
                                 str(spec.get("against_attribute")),
                                 str(spec.get("against_ability")), label)[0]
    won = bool(rec["won"])
    ctx.margin = max(0, int(rec["margin"] or 0))               # X = the Margin (PT-ROLL-8)
    outcome = op.get("win" if won else "loss")
    ctx.emit("roll", f"{ctx.name(source)}: {'Win' if won else 'Loss'}")
    if not outcome:
        return
    sub = {"trigger": effect.get("trigger"), "target": outcome.get("target",
                                                                   effect.get("target", "self")),
           "duration": effect.get("duration", "instant"), "ops": outcome.get("ops", [])}
    run(ctx, sub, controller, source, None, attack_type, default_duration,
        {k: v for k, v in picks.items() if k == "target"
         and outcome.get("target", effect.get("target")) == effect.get("target")})


def once_key(ctx: Ctx, span: str, source: str, index: int, who: str = "") -> str:
    """The `once_used` key of an effect usable once per Turn, Conflict or game."""
    when = {"turn": f"t{ctx.state.turn}", "conflict": f"c{ctx.state.conflict}"}.get(span,
                                                                                 "game")
    return f"once:{when}:{who}:{source}:{index}"


def once_allowed(ctx: Ctx, effect: dict[str, Any], source: str) -> bool:
    """`once` on a triggered effect: it happens at most once per that span; the first time
    is recorded (an `activated` one is checked when it is used, rules/abilities.py)."""
    span = effect.get("once")
    if not span or effect.get("trigger") == "activated":
        return True
    index = next((i for i, e in enumerate(C.effects(ctx.card(source))) if e is effect), -1) \
        if source in ctx.state.cards else -1
    key = once_key(ctx, str(span), source, index)
    if key in ctx.state.once_used:
        ctx.emit("effect", f"{ctx.name(source)}: already used this {span}")
        return False
    ctx.state.once_used.append(key)
    return True


def amount_of(ctx: Ctx, op: dict[str, Any], controller: Character | None) -> int:
    """An op's `amount`: a number, or X (docs/effects.md, *Variable amounts*) worked out
    now, plus its `plus`; never below 0."""
    amount = op.get("amount", 1)
    if not isinstance(amount, dict):
        return int(amount)
    st = ctx.state
    x = str(amount.get("x"))
    if x == "margin":
        value = ctx.margin
    elif x == "damage_dealt":
        value = ctx.dealt
    elif x == "power":
        value = power(ctx, controller) if controller is not None else 0
    elif x in ("body", "mind", "charm"):
        value = attribute(ctx, controller, x) if controller is not None else 0
    elif x == "heroes_in_play":
        value = len(st.heroes())
    elif x == "villains_in_play":
        value = len(st.villains())
    else:                                                     # bystanders_in_play
        value = len(st.zones["bystanders"].cards)
    return max(0, value + int(amount.get("plus", 0)))


def _instant(ctx: Ctx, op: dict[str, Any], t: Character, controller: Character | None,
             source: str, duration: Any) -> None:
    name = op.get("op")
    amount = amount_of(ctx, op, controller)
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
            amount -= armor(ctx, t, res, pay=True) + cover(ctx, t)      # PT-DMG-6
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
    elif name == "discard":                       # a card in a hand: at random, seeded
        hand = ctx.state.zone_to_change(f"combat_hand:{t.seat}")
        cards = list(hand.cards)
        ctx.coins.shuffle(cards)
        gone = cards[:amount]
        for c in gone:
            hand.remove(c)
            ctx.state.zone_to_change(f"discard:{t.seat}").add(c)
        ctx.emit("discard", f"{t.name}'s Player discards " + (", ".join(
            ctx.name(c) for c in gone) or "nothing (no Combat card in hand)"))


def _untargeted(ctx: Ctx, op: dict[str, Any], controller: Character | None, source: str,
                chosen: str | None = None) -> None:
    st = ctx.state
    name = op.get("op")
    if name == "distance" and st.combat is not None:
        st.combat.distance = str(op.get("set", "ranged"))
        ctx.emit("distance", f"The Distance is now {st.combat.distance}")
    elif name == "draw" and controller is not None:
        draw(ctx, controller.seat, amount_of(ctx, op, controller))
    elif name == "nullify":                                         # PT-NULL-1
        what = op.get("what", "this")
        card = source if what == "this" else chosen
        if card and (what == "this" or card in chosen_cards(ctx, str(what))):
            nullify(ctx, card)
    elif name == "reveal_objective":
        if not st.objective_revealed and st.objective is not None:
            st.objective_revealed = True
            ctx.emit("objective", f"The Objective is Revealed: {ctx.name(st.objective)}")
            for e in C.effects(ctx.card(st.objective)):              # PT-OBJ-2
                if e.get("trigger") == "on_reveal":
                    run(ctx, e, st.main_villain(), st.objective)
            react(ctx, "on_card_revealed")
    elif name == "question":
        st.extra_questions += amount_of(ctx, op, controller)          # PT-INTV-3
        ctx.emit("interview", "The next Interview gets another question")
    elif name == "peek_objective":
        if st.objective is not None and controller is not None and not st.objective_revealed:
            obj = ctx.card(st.objective)                              # private
            ctx.emit("peek", f"{controller.name} peeks at the Objective: {C.name(obj)}",
                     {"objective": st.objective}, visible_to=(controller.seat,),
                     text_public=f"{controller.name} peeks at the Objective")
            st.record_peek(controller.seat)                           # view.py shows it
    elif name == "permit_location":
        permit(ctx, controller, source)                               # PT-LOC-4
    elif name == "evacuate":                     # a Bystander: neither Recruited nor Killed
        if chosen and chosen in st.zones["bystanders"].cards:
            st.move_card(chosen, "bystanders", f"discard:{st.owners.get(chosen, 'gm')}")
            ctx.emit("bystander", f"{ctx.name(chosen)} leaves the scene (evacuated)")
        else:
            ctx.emit("bystander", "no Bystander here to evacuate")
    elif name == "cancel" and st.combat is not None and controller is not None:
        theirs = [p for p in st.combat.played if p["by"] != controller.id
                  and not p.get("cancelled")]
        if theirs:                                # PT-COMBAT-6/9: the card just played
            last = theirs[-1]
            last["cancelled"] = "1"
            gone = [m for m in st.modifiers if m.source == last["id"]]
            st.modifiers = [m for m in st.modifiers if m.source != last["id"]]
            drop_statuses(ctx, gone)
            ctx.emit("cancel", f"{ctx.name(last['id'])} is cancelled")
        else:
            ctx.emit("cancel", "no Combat card of the other side to cancel")
    elif name == "interview":                                         # A-52, PT-CONF-1
        ctx.state.interview_requested = True
    elif name == "relocate":
        relocate_op(ctx, chosen, source, controller)                  # PT-RELOC-1
    elif name in LATER_OPS or name not in MODIFIER_OPS:
        if name not in ("gain", "lose", "regenerate", "remove_trauma", "damage", "status",
                        "remove_status", "distance", "draw", "nullify", "reveal_objective",
                        "peek_objective", "question"):
            ctx.emit("note", f"{ctx.name(source)}: '{name}' is not automated yet; the GM rules")
