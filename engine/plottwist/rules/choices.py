"""Choices the game waits for (A-10, A-21, A-26, A-42, PT-BYST-10; docs/effects.md "Who acts
and who chooses").

A card effect that needs a choice (a `chosen_*` target with several candidates, the card a
`nullify` names, one of a `choose` op's lists, "you" of a Fled-from Bystander) waits in
`state.target_pending`, in order, for `ChooseTarget(card=…, target=…)` from the seat that
chooses: a Player seat, "heroes" (any Player) or "gm". `pending` lists every choice the game
waits for, for the view (who must choose what).
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import cards as C
from ..context import Ctx, refuse
from ..state import Character
from .effect_hook import run
from .twists import eligible
from .villain import bystander_effect


def chooser(ctx: Ctx, controller: Character | None, source: str) -> str:
    """Who chooses for an effect: its controller's seat; for a card with no controlling
    character, the Players on a Twist!, the GM on anything else (docs/effects.md)."""
    if controller is not None:
        return controller.seat
    if source in ctx.state.cards and C.kind(ctx.card(source)) == "twist":
        return "heroes"
    return ctx.state.owners.get(source, "gm") if source in ctx.state.owners else "gm"


def may_choose(entry: dict[str, Any], seat: str) -> bool:
    who = entry.get("seat")
    if who == "heroes":
        return seat != "gm"
    return who == seat


def option_label(ctx: Ctx, entry: dict[str, Any], option: str) -> str:
    """What one option of a waiting choice reads as: a name, or a "choose one" label."""
    if entry.get("role") == "option":
        labels = _labels(entry)
        if option.isdigit() and int(option) < len(labels):
            return labels[int(option)]
    return ctx.name(option)


def _labels(entry: dict[str, Any]) -> list[str]:
    return next(([str(o.get("label", "")) for o in op.get("options", [])]
                 for op in entry.get("effect", {}).get("ops", []) if op.get("op") == "choose"),
                [])


def ask(ctx: Ctx, entry: dict[str, Any], prompt: str) -> None:
    """Queue a choice; `entry` holds card, index, seat, options, clause and what the
    effect needs to run once chosen."""
    ctx.state.target_pending.append(dict(entry, prompt=prompt))
    who = entry["seat"]
    seat = "the Players" if who == "heroes" else "the GM" if who == "gm" else who
    ctx.emit("choice", f"{ctx.name(entry['card'])}: {seat} choose {prompt}")


def _seat_label(seat: str) -> str:
    return "players" if seat == "heroes" else seat


def pending(ctx: Ctx) -> list[dict[str, Any]]:
    """Every choice the game waits for, first the one that must be made now:
    {"seat": "gm" | "p1"… | "players", "kind", "prompt", "options": [ids], "clause"}."""
    st = ctx.state
    out: list[dict[str, Any]] = []
    if st.main_pending:
        out.append({"seat": "gm", "kind": "main_villain", "clause": "PT-XOVER-6",
                    "prompt": "which Villain becomes the Main Villain",
                    "options": list(st.main_pending)})
    for e in st.target_pending:
        role = e.get("role", "you")
        prompt = e.get("prompt") or (f'who is "you" of {ctx.name(e["card"])}'
                                     if role == "you" else "a target")
        item = {"seat": _seat_label(str(e["seat"])),
                "kind": "target" if role != "option" else "option",
                "card": e["card"], "prompt": prompt, "options": list(e["options"]),
                "clause": e.get("clause", "")}
        if role == "option":                                  # "choose one": the labels
            item["labels"] = _labels(e)
        out.append(item)
    rp = st.relocate_pending
    if rp:
        out.append({"seat": _seat_label(str(rp.get("seat"))), "kind": "destination",
                    "card": rp.get("source"), "clause": "PT-RELOC-1",
                    "prompt": "where everyone Relocates", "options": list(rp.get("options", []))})
    if st.twist_pending:
        out.append({"seat": "players", "kind": "twist", "clause": "PT-TWIST-1",
                    "prompt": "the Twist! of this Turn", "options": eligible(ctx)})
    if st.phase == "pursuit" and st.winner is None:
        out.append({"seat": "players", "kind": "pursuit", "clause": "PT-FLEE-4",
                    "prompt": "whether to Pursue the Villain to the Lair",
                    "options": [True, False]})
    return out


def check_choose_target(ctx: Ctx, a: A.ChooseTarget) -> dict[str, Any]:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if not st.target_pending:
        refuse("PT-BYST-10", "no card effect waits for a choice")
    first = st.target_pending[0]
    clause = str(first.get("clause") or "PT-BYST-10")
    if not may_choose(first, a.seat):
        who = first["seat"]
        refuse(clause, f"{'the Players' if who == 'heroes' else who} choose "
                       f"{first.get('prompt') or 'this target'} (A-42)")
    if a.card != first["card"]:
        refuse(clause, f"first the choice for {ctx.name(first['card'])}")
    if a.target not in first["options"]:
        refuse(clause, "choose one of the options offered")
    ch = st.characters.get(a.target)
    if ch is not None and not ch.in_play:
        refuse(clause, f"{ch.name} is no longer in play")
    return first


def do_choose_target(ctx: Ctx, a: A.ChooseTarget) -> None:
    first = check_choose_target(ctx, a)
    st = ctx.state
    st.target_pending.pop(0)
    role = first.get("role", "you")
    if role == "you":                                         # PT-BYST-10, A-42
        ch = st.characters[a.target]
        ctx.emit("bystander", f"{ctx.name(a.card)}: \"you\" is {ch.name}")
        bystander_effect(ctx, a.card, int(first["index"]), ch)
        _prune(ctx)
        return
    ctx.emit("choice", f"{ctx.name(a.card)}: {option_label(ctx, first, a.target)} is chosen")
    resume(ctx, first, a.target)
    _prune(ctx)


def resume(ctx: Ctx, entry: dict[str, Any], value: str) -> None:
    """Run an effect that waited for a choice, with that choice made."""
    picks = dict(entry.get("picks") or {})
    picks[str(entry["role"])] = value
    ident = entry.get("controller")
    controller = ctx.state.characters.get(ident) if ident else None
    run(ctx, entry["effect"], controller, entry["card"], None, entry.get("attack_type"),
        entry.get("default_duration"), picks)


def _prune(ctx: Ctx) -> None:
    """A waiting choice whose every option has left play meanwhile (a Hero Incapacitated by
    the choice before it) cannot be made: it lapses, so the game never waits for nothing."""
    st = ctx.state
    keep = []
    for e in st.target_pending:
        alive = [o for o in e["options"] if o not in st.characters
                 or st.characters[o].in_play]
        if alive:
            keep.append(dict(e, options=alive))
        else:
            ctx.emit("choice", f"{ctx.name(e['card'])}: nothing left to choose; it lapses")
    st.target_pending = keep
