"""When cards' effects happen on their own: Start/End of Turn and other table triggers, and
reactions (docs/effects.md, *Triggers* and *Reactions*; PT-TURN-5, PT-TURN-8, PT-OBJ-2).

What an effect then does is the interpreter's (effect_hook.run)."""

from __future__ import annotations

from .. import cards as C
from ..context import Ctx
from ..modifiers import card_active
from ..state import Character, current_place
from .effect_hook import run

PERSONAL_REACTIONS = ("on_hit_taken", "on_defend", "on_miss")
TABLE_REACTIONS = ("on_hero_incapacitated", "on_bystander_killed", "on_bystander_recruited",
                   "on_card_revealed")


def trigger_cards(ctx: Ctx, trigger: str) -> None:
    """Run `trigger` effects of revealed Twists!/Events and the Location (Start/End of Turn)."""
    st = ctx.state
    place = current_place(st)                                   # PT-LAIR-1, A-55
    sources: list[str] = [place] if place else []
    sources += st.zones["twists_revealed"].cards + st.zones["events_revealed"].cards
    if st.objective is not None and st.objective_revealed:      # PT-OBJ-2, A-37
        sources.append(st.objective)
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
        if not card_active(ctx, inst):
            continue
        for e in C.effects(ctx.card(inst)):
            if e.get("trigger") == trigger:
                run(ctx, e, st.main_villain() if st.owners.get(inst) == "gm" else None, inst)


def react(ctx: Ctx, trigger: str, ch: Character | None = None) -> None:
    """Reactions (docs/effects.md): a personal one (this character is hit, defends, misses)
    runs on `ch`'s own card and its Equipment in use; a table one (a Hero is Incapacitated,
    a Bystander is Killed or Recruited, a card is revealed) on every card in play, as the
    Start/End of Turn triggers do."""
    if trigger in TABLE_REACTIONS:
        trigger_cards(ctx, trigger)
        return
    if ch is None or not ch.in_play:
        return
    for inst in (ch.card, ch.in_use):
        if inst is not None:
            for e in C.effects(ctx.card(inst)):
                if e.get("trigger") == trigger:
                    run(ctx, e, ch, inst)
