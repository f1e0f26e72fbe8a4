"""Candidate actions for a seat; Game.legal_actions keeps those the rules accept.

Open-ended choices (which Keyword to gain, GM rulings) are not enumerated: the GUI
builds those actions from its own dialogs and Game.check() judges them.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import actions as A
from . import cards as C
from .door import Door
from .rules.attacks import ATTACK_TYPES
from .state import current_place


def _no_name(ident: str | None) -> str:
    return ""


def candidates(game: Door, seat: str, labels: bool = True) -> Iterator[A.Action]:
    """Every action worth asking the rules about; `labels=False` skips the menu texts
    (the simulator's agents do not read them)."""
    st = game.state
    if st.winner is not None:
        return
    if st.main_pending:                                   # PT-XOVER-6, A-21
        if seat == "gm":
            for vid in st.main_pending:
                yield A.ChooseMain(seat, actor=vid, text=f"{st.characters[vid].name} becomes "
                                   "the Main Villain" if labels else "")
        return
    if st.target_pending:                       # PT-BYST-9/10, A-42, rules/choices.py
        from .rules.choices import may_choose, option_label

        first = st.target_pending[0]
        if may_choose(first, seat):
            ctx = game._ctx()
            for t in first["options"]:
                yield A.ChooseTarget(seat, card=first["card"], target=t,
                                     text=f"{ctx.name(first['card'])}: "
                                     f"{option_label(ctx, first, t)}" if labels else "")
        return
    if st.relocate_pending:                               # PT-RELOC-1, A-10
        from .rules.locations import may_choose_destination

        if may_choose_destination(st, seat):
            for loc in st.relocate_pending.get("options", []):
                yield A.ChooseDestination(seat, card=loc, text=f"Everyone Relocates to "
                                          f"{game._ctx().name(loc)}" if labels else "")
        return
    if st.phase == "pursuit":
        if seat != "gm":
            yield A.Pursue(seat, pursue=True, text="Pursue the Villain to the Lair")
            yield A.Pursue(seat, pursue=False, text="Let the Villain go (Interview)")
        return
    name = game._ctx().name if labels else _no_name
    # `Q and f"…"` is "" without building the text when labels are off (the agents' case)
    Q = "y" if labels else ""
    if st.twist_pending:                                  # option twist_choice, A-26
        if seat != "gm":
            from .rules.twists import eligible

            for t in eligible(game._ctx()):
                yield A.ChooseTwist(seat, card=t, text=Q and f"Reveal the Twist! {name(t)}")
        return
    if st.phase == "interview":
        if seat == "gm":
            yield A.AskQuestion(seat, text="The Reporter asks another question")
            for loc in st.locations_in_play():
                yield A.ChooseLocation(seat, card=loc,
                                       text=Q and f"The next Conflict arises at {name(loc)}")
            return
        heroes = st.heroes()
        for ch in heroes:
            if ch.seat != seat:
                continue
            for n in (1, 2, 3):
                for other in heroes:
                    yield A.Answer(seat, actor=ch.id, skill="apologist", number=n,
                                   target=other.id,
                                   text=Q and f"{ch.name} answers (Apologist {n}): {other.name} "
                                        "Regenerates Social Stress")
                yield A.Answer(seat, actor=ch.id, skill="public_relations", number=n,
                               targets=tuple((heroes * n)[i].id for i in range(n)),
                               text=Q and f"{ch.name} answers (Public Relations {n})")
        return
    yield A.Pass(seat, text="Pass" if st.combat else "Pass Initiative / next phase")
    hand = st.zones[f"combat_hand:{seat}"].cards if f"combat_hand:{seat}" in st.zones else []
    if seat not in st.mulliganed and not st.first_combat_done and hand:
        yield A.Mulligan(seat, cards=tuple(hand), text="Mulligan the whole hand")
    cb = st.combat
    mine = [c for c in st.characters.values() if c.seat == seat and c.in_play]
    others = [c for c in st.characters.values() if c.in_play and c.seat != seat]
    if cb is not None:
        if cb.step == "end" and hand:
            yield A.DiscardCombatCards(seat, cards=tuple(hand), text="Discard the whole hand")
        for ch in mine:
            if ch.id not in (cb.attacker, cb.defender):
                continue
            target = name(cb.defender if ch.id == cb.attacker else cb.attacker)
            if cb.step in ("movement", "maneuver"):
                for card in hand:
                    yield A.PlayCombatCard(seat, actor=ch.id, card=card,
                                           text=Q and f"{ch.name} plays {name(card)}")
            if cb.step == "attack":
                attack_cards = [c for c in hand
                                if C.combat_step(game.cards[st.cards[c]]) == "attack"]
                options: list[str | None] = [None, *attack_cards]
                for t in ATTACK_TYPES:
                    for choice in options:
                        for trauma in (False, True):
                            with_card = f" with {name(choice)}" if choice else ""
                            yield A.Attack(seat, actor=ch.id, attack_type=t, card=choice,
                                           trauma=trauma,
                                           text=Q and f"{ch.name} attacks {target} ({t.title()})"
                                                f"{with_card}{' for Trauma' if trauma else ''}")
            for roll in ("attack", "defense", "damage"):
                if ch.energy > 0:
                    yield A.Boost(seat, actor=ch.id, pay="energy", roll=roll,
                                  text=Q and f"{ch.name}: 1 Energy for +1 coin ({roll})")
                if ch.belief:
                    yield A.Boost(seat, actor=ch.id, pay="belief", roll=roll,
                                  text=Q and f"{ch.name}: 1 Belief for +1 auto Success ({roll})")
                if ch.role == "mook":
                    yield A.Boost(seat, actor=ch.id, pay="quantity", roll=roll,
                                  text=Q and f"{ch.name}: 1 Quantity for +1 coin ({roll})")
    elif st.phase == "combat" and st.initiative == st.side_of_seat(seat):
        for ch in mine:
            for o in others:
                if o.side != ch.side:
                    yield A.InitiateCombat(seat, actor=ch.id, target=o.id,
                                           text=Q and f"{ch.name} initiates Combat with {o.name}")
                    if ch.has("Hidden"):
                        for dist in ("melee", "ranged"):
                            yield A.SneakAttack(seat, actor=ch.id, target=o.id, distance=dist,
                                                text=Q and f"{ch.name} Sneak Attacks {o.name} "
                                                     f"({dist})")
            for b in st.zones["bystanders"].cards:
                yield A.InitiateCombat(seat, actor=ch.id, target=b,
                                       text=Q and f"{ch.name} goes after {name(b)}")
    for ch in mine:
        ranks = C.ranks(game.cards[ch.key])
        if ch.role != "mook" and ch.energy > 0:
            for res in ("physical", "mental", "social"):
                if ch.stress[res] + ch.trauma.get(res, 0) < ch.maxes[res]:
                    yield A.Regenerate(seat, actor=ch.id, resistance=res,
                                       text=Q and f"{ch.name}: 1 Energy → 1 {res} Stress")
                if ch.trauma.get(res, 0) and ch.energy > 1:
                    yield A.Regenerate(seat, actor=ch.id, resistance=res, trauma=True,
                                       text=Q and f"{ch.name}: 2 Energy → remove 1 {res} Trauma")
            if ranks.get("healing"):
                for res in ("physical", "mental"):
                    for n in (1, 2, 3):
                        yield A.Heal(seat, actor=ch.id, resistance=res, number=n,
                                     text=Q and f"{ch.name} Heals {res} (naming {n})")
            if ranks.get("gadgeteer"):
                for heroic in ("fighting", "energy_projection", "psyche", "agility"):
                    yield A.Gadgeteer(seat, actor=ch.id, heroic=heroic, ranks=1,
                                      text=Q and f"{ch.name}: Gadgeteer +1 "
                                           f"{heroic.replace('_', ' ')}")
        if ch.belief:
            yield A.SpendBelief(seat, actor=ch.id, purpose="attack_action",
                                text=Q and f"{ch.name}: 1 Belief → Attack action")
        if ch.hate:
            yield A.SpendHate(seat, actor=ch.id, purpose="attack_action",
                              text=Q and f"{ch.name}: 1 Hate → extra Attack action")
            for o in st.characters.values():
                if o.in_play and o.role == "mook" and ch.main:
                    yield A.SpendHate(seat, actor=ch.id, purpose="mooks", target=o.id,
                                      text=Q and f"{ch.name}: 1 Hate → 3 {o.name}")
                if o.in_play and o.side == "heroes" and ch.role == "villain":
                    yield A.SpendHate(seat, actor=ch.id, purpose="belief_damage", target=o.id,
                                      text=Q and f"{ch.name}: Hate → 1 Belief Damage to {o.name}")
        if ranks.get("flight") or ch.has("Flying"):
            yield A.SetFlying(seat, actor=ch.id, flying=not ch.has("Flying"),
                              text=Q and f"{ch.name} "
                                   f"{'lands' if ch.has('Flying') else 'takes flight'}")
        if ranks.get("stealth") and not ch.has("Hidden"):
            yield A.Hide(seat, actor=ch.id, text=Q and f"{ch.name} Hides")
        for o in others:
            if o.has("Hidden"):
                yield A.Perceive(seat, actor=ch.id, target=o.id,
                                 text=Q and f"{ch.name} tries to Perceive {o.name}")
        for status in ("Stunned", "Prone"):
            if ch.has(status):
                yield A.EndStatus(seat, actor=ch.id, status=status,
                                  text=Q and f"{ch.name} shakes off {status}")
        for eq in ch.equipment:
            if eq != ch.in_use:
                yield A.UseEquipment(seat, actor=ch.id, card=eq,
                                     text=Q and f"{ch.name} uses {name(eq)}")
        for inst in (ch.card, ch.in_use, current_place(st), *st.details_of(ch.id)):
            if inst is None:
                continue
            for i, e in enumerate(C.effects(game.cards[st.cards[inst]])):
                if e.get("trigger") == "activated":
                    yield A.Activate(seat, actor=ch.id, card=inst, index=i,
                                     text=Q and f"{ch.name} uses {name(inst)}")
        if ch.side == "heroes":
            for heroic in ("perception", "hacking"):
                if ranks.get(heroic):
                    yield A.Investigate(seat, actor=ch.id, heroic=heroic,
                                        text=Q and f"{ch.name} investigates the Objective "
                                             f"({heroic})")
            for z in ("events_revealed", "twists_revealed"):
                for inst in st.zones[z].cards:
                    if inst in st.nullified:
                        continue
                    if any(e.get("trigger") == "nullify" and e.get("roll")
                           for e in C.effects(game.cards[st.cards[inst]])):
                        yield A.NullifyRoll(seat, actor=ch.id, card=inst,
                                            text=Q and f"{ch.name} tries to Nullify {name(inst)}")
        pzone = st.zones.get(f"plot_hand:{seat}")
        if pzone is not None and st.phase == "start":
            bys = tuple(c for c in pzone.cards
                        if C.kind(game.cards[st.cards[c]]) == "bystander")
            if bys:
                yield A.PlayBystanders(seat, actor=ch.id, cards=bys[:1],
                                       text=Q and f"{ch.name} plays {name(bys[0])}")
    if seat == "gm":
        payers = [h.id for h in st.heroes() for _ in range(h.belief or 0)]
        if payers:                                       # Lock a Hero's best Heroic (PT-ROF-2)
            for h in st.heroes():
                hr = C.ranks(game.cards[h.key])
                if hr:
                    best = max(sorted(hr), key=lambda k: hr[k])
                    yield A.Reversal(seat, purpose="lock", payers=(payers[0],), target=h.id,
                                     name=best, text=Q and f"Cure 1 Belief: Lock {h.name}'s "
                                                         f"{best.replace('_', ' ')}")
        if len(payers) >= 5:
            yield A.Reversal(seat, purpose="masterplan", payers=tuple(payers[:5]),
                             text="Cure 5 Belief: a Masterplan")
        if len(payers) >= 2:
            for v in st.villains():
                yield A.Reversal(seat, purpose="auto_success", payers=tuple(payers[:2]),
                                 target=v.id, text=Q and f"Cure 2 Belief: {v.name} gains an "
                                                   "Automatic Success")
        if len(payers) >= 4:
            yield A.Reversal(seat, purpose="reverse_initiative", payers=tuple(payers[:4]),
                             text="Cure 4 Belief: reverse Initiative this Turn")
        if len(payers) >= 3:
            for c in st.zones["plot_hand:gm"].cards:
                if C.kind(game.cards[st.cards[c]]) == "villain":
                    yield A.Reversal(seat, purpose="crossover", payers=tuple(payers[:3]),
                                     card=c, text=Q and f"Cure 3 Belief: {name(c)} crosses over")
    if seat == "gm" and st.phase == "combat":
        for inst in st.zones["events"].cards:
            yield A.RevealEvent(seat, card=inst, text=Q and f"Reveal the Event {name(inst)}")
    pz = f"plot_hand:{seat}"
    if seat != "gm" and pz in st.zones:
        own = [c for c in st.characters.values() if c.seat == seat and c.role == "hero"]
        for card in st.zones[pz].cards:
            kind = C.kind(game.cards[st.cards[card]])
            if kind == "hero":
                for ch in own:
                    if ch.in_play and (ch.belief or 0) >= 5:
                        yield A.PlayHero(seat, actor=ch.id, card=card,
                                         text=Q and f"{ch.name} spends 5 Belief to play "
                                              f"{name(card)}")
            if kind == "detail":
                for ch in own:
                    yield A.PlayDetail(seat, actor=ch.id, card=card,
                                       text=Q and f"{ch.name} plays the Detail {name(card)}")
    if pz in st.zones and (st.location_permits.get(seat) or (
            seat != "gm" and st.location_permits.get("heroes"))):
        own_all = [c for c in st.characters.values() if c.seat == seat and c.role != "mook"]
        for card in st.zones[pz].cards:
            if C.kind(game.cards[st.cards[card]]) == "location":
                for ch in own_all:
                    yield A.PlayLocation(seat, actor=ch.id, card=card,
                                         text=Q and f"{ch.name} plays the Location "
                                              f"{name(card)}")
