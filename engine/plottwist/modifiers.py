"""What is in effect on a character right now: lasting modifiers plus static card effects.

Queries only; nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import cards as C
from .context import Ctx
from .state import Character, current_place

Test = Callable[[Ctx, "Character | None", "Character | None", "str | None", "str | None"],
                bool]
# id(condition) -> (the condition, its compiled test or None): conditions come from card
# data, which never changes, and are asked about after every action (victory, Nullify,
# static effects); the condition is kept so its id stays its own
_COMPILED: dict[int, tuple[Any, Test | None]] = {}
_TALLIES = {f"{t}_at_least": t for t in ("bystanders_killed", "bystanders_recruited",
                                          "heroes_incapacitated", "events_revealed")}


def holds(ctx: Ctx, cond: dict[str, Any] | None, controller: Character | None,
          target: Character | None = None, attack_type: str | None = None,
          source: str | None = None) -> bool:
    """Evaluate an effects.md condition; `source` is the card instance whose effect it is
    (its Timing Counters)."""
    if not cond:
        return True
    hit = _COMPILED.get(id(cond))
    if hit is None or hit[0] is not cond:
        hit = _COMPILED[id(cond)] = (cond, _compile(cond))
    if hit[1] is not None:
        return hit[1](ctx, controller, target, attack_type, source)
    return _interpret(ctx, cond, controller, target, attack_type, source)


def _compile(cond: dict[str, Any]) -> Test | None:
    """The condition as one function with the same answer as _interpret, for the keys
    whose values read as expected; None (interpret it) for anything else."""
    tests: list[Test] = []
    try:
        for key, value in cond.items():
            tests.append(_compile_key(key, value))
    except (TypeError, ValueError, AttributeError):
        return None
    if len(tests) == 1:
        return tests[0]
    return _all_of(tests)


def compiled(cond: dict[str, Any]) -> Test:
    """`holds` for `cond` as one function of (ctx, controller, target, attack_type, source),
    for a caller that asks the same condition after every action (victory's threat)."""
    test = _compile(cond)
    if test is not None:
        return test

    def interpreted(ctx: Ctx, c: Character | None, t: Character | None, a: str | None,
                    s: str | None) -> bool:
        return _interpret(ctx, cond, c, t, a, s)
    return interpreted


# loops rather than all()/any() over a generator: an Objective's threat is asked after
# every action, and a generator is an object made per call
def _all_of(tests: list[Test]) -> Test:
    def test_all(ctx: Ctx, c: Character | None, t: Character | None, a: str | None,
                 s: str | None) -> bool:
        for test in tests:
            if not test(ctx, c, t, a, s):
                return False
        return True
    return test_all


def _any_of(tests: list[Test]) -> Test:
    def test_any(ctx: Ctx, c: Character | None, t: Character | None, a: str | None,
                 s: str | None) -> bool:
        for test in tests:
            if test(ctx, c, t, a, s):
                return True
        return False
    return test_any


# the keys whose compiled test never reads the controller (_compile_key)
_NO_CONTROLLER = frozenset(("distance", "turn_at_least", "hate_at_least",
                            "timing_counters_at_least", *_TALLIES))


def reads_controller(cond: dict[str, Any] | None) -> bool:
    """False when `holds` answers `cond` the same for every controller (it is compiled,
    and none of its keys reads the controller): the caller may then pass None."""
    if not cond:
        return False
    if _compile(cond) is None:
        return True
    return not _controller_free(cond)


def _controller_free(cond: dict[str, Any]) -> bool:
    for key, value in cond.items():
        if key in ("all", "any"):
            if not all(_controller_free(c) for c in value if c):
                return False
        elif key not in _NO_CONTROLLER:
            return False
    return True


def _compile_key(key: str, value: Any) -> Test:
    if key in ("all", "any"):
        subs = [_compile(c) if c else _always for c in value]
        if any(sub is None for sub in subs):
            raise ValueError(key)
        tests = [sub for sub in subs if sub is not None]
        return _all_of(tests) if key == "all" else _any_of(tests)
    if key == "distance":
        return lambda ctx, c, t, a, s: (ctx.state.combat is not None
                                     and ctx.state.combat.distance == value)
    if key == "turn_at_least":
        n = int(value)
        return lambda ctx, c, t, a, s: ctx.state.turn >= n
    if key in _TALLIES:
        tally, n = _TALLIES[key], int(value)
        return lambda ctx, c, t, a, s: ctx.state.tally.get(tally, 0) >= n
    if key == "hate_at_least":
        n = int(value)

        def hate(ctx: Ctx, c: Character | None, t: Character | None, a: str | None,
                 s: str | None) -> bool:
            mv = ctx.state.main_villain()
            return mv is not None and (mv.hate or 0) >= n
        return hate
    if key == "timing_counters_at_least":                 # PT-COUNT-1, A-16
        n = int(value)
        return lambda ctx, c, t, a, s: s is not None and ctx.state.timing.get(s, 0) >= n
    # the rarer keys (colors, statuses, attack types): the interpreter, key by key
    one = {key: value}
    return lambda ctx, c, t, a, s: _interpret(ctx, one, c, t, a, s)


def _always(ctx: Ctx, c: Character | None, t: Character | None, a: str | None,
            s: str | None) -> bool:
    return True


def _interpret(ctx: Ctx, cond: dict[str, Any], controller: Character | None,
               target: Character | None = None, attack_type: str | None = None,
               source: str | None = None) -> bool:
    st = ctx.state
    for key, value in cond.items():
        if key == "all":
            if not all(holds(ctx, c, controller, target, attack_type, source) for c in value):
                return False
        elif key == "any":
            if not any(holds(ctx, c, controller, target, attack_type, source) for c in value):
                return False
        elif key == "distance":
            if st.combat is None or st.combat.distance != value:
                return False
        elif key == "turn_at_least":
            if st.turn < int(value):
                return False
        elif key == "hero_color_in_play":
            if not any(C.color(ctx.char_card(h)) == C.norm(value) for h in st.heroes()):
                return False
        elif key in ("bystanders_killed_at_least", "bystanders_recruited_at_least",
                     "heroes_incapacitated_at_least", "events_revealed_at_least"):
            tally = key.removesuffix("_at_least")
            if st.tally.get(tally, 0) < int(value):
                return False
        elif key == "hate_at_least":
            mv = st.main_villain()
            if mv is None or (mv.hate or 0) < int(value):
                return False
        elif key == "villain_has_status":
            if not any(v.has(str(value)) for v in st.villains()):
                return False
        elif key == "target_has_status":
            if target is None or not target.has(str(value)):
                return False
        elif key == "opponent_has_status":
            cb = st.combat
            if cb is None or controller is None or controller.id not in (cb.attacker,
                                                                          cb.defender):
                return False
            other = st.characters.get(cb.defender if controller.id == cb.attacker
                                      else cb.attacker)
            if other is None or not other.has(str(value)):
                return False
        elif key == "attack_type":
            if attack_type is None or attack_type != C.norm(value):
                return False
        elif key == "timing_counters_at_least":                 # PT-COUNT-1, A-16
            if source is None or st.timing.get(source, 0) < int(value):
                return False
        else:
            return False  # an unknown condition never holds: safer than always holding
    return True


def targets_match(ctx: Ctx, selector: str, controller: Character | None, ch: Character) -> bool:
    if selector in ("self", "", None):
        return controller is not None and controller.id == ch.id
    if selector == "all_heroes":
        return ch.side == "heroes"
    if selector == "all_villains":
        return ch.role == "villain"
    if selector == "all_mooks":
        return ch.role == "mook"
    if selector == "all_characters":
        return True
    if selector == "main_villain":
        return ch.main
    if selector == "opponent":
        cb = ctx.state.combat
        if cb is None or controller is None:
            return False
        pair = {cb.attacker, cb.defender}
        return controller.id in pair and ch.id in pair and ch.id != controller.id
    return False


def static_sources(ctx: Ctx) -> list[tuple[dict[str, Any], Character | None, str]]:
    """(effect, controller, card instance) for every static effect in play.

    Remembered on the state under a signature of everything it depends on, because
    every pool and keyword lookup asks for it.
    """
    chars = ctx.state.characters
    return [(e, chars[c] if c is not None else None, inst) for e, c, inst in _static(ctx)[0]]


# The controller is kept by character id, not as the Character: the memo then holds only
# values a copy of the position has equal, and GameState.copy carries it (a search's copy
# does not work the static effects out again after its first action).
Sources = list[tuple[dict[str, Any], str | None, str]]
ByOp = dict[str, list[tuple[dict[str, Any], dict[str, Any], str | None, str]]]


def _static(ctx: Ctx) -> tuple[Sources, ByOp]:
    """The static sources, and each op name's (op, effect, controller, instance): a lookup
    for one op visits only the effects that have it, so a view costs what the table holds."""
    st = ctx.state
    memo = st.__dict__
    frozen = memo.get("_static_frozen")
    if frozen is not None:
        return frozen
    # The characters' part (which are in play, with which card, side and equipment in
    # use; the Heroes' colors for card_active follow from those) is the state's roster
    # count, bumped by every change of them (GameState.roster_changed).
    zones = st.zones
    cached = memo.get("_static_cache")
    if cached is not None:           # compared field by field: no copies while it holds
        sig = cached[0]
        if (sig[6] == st.roster_changes and sig[0] == st.turn and sig[1] == st.location
                and sig[2] == st.lair and sig[3] == zones["twists_revealed"].cards
                and sig[4] == zones["events_revealed"].cards and sig[5] == st.nullified
                and sig[7] == st.objective_revealed and sig[8] == st.masterplan):
            return cached[1]
    sig = (st.turn, st.location, st.lair, zones["twists_revealed"].cards[:],
           zones["events_revealed"].cards[:], st.nullified[:], st.roster_changes,
           st.objective_revealed, st.masterplan)
    out: Sources = []
    for ch in st.characters.values():
        if not ch.in_play:
            continue
        if ch.in_use:
            for e in C.static_effects(ctx.card(ch.in_use)):
                out.append((e, ch.id, ch.in_use))
        for e in C.static_effects(ctx.char_card(ch)):
            out.append((e, ch.id, ch.card))
    place = current_place(st)                                   # PT-LAIR-1, A-55
    if place:
        for e in C.static_effects(ctx.card(place)):
            out.append((e, None, place))
    if st.objective and st.objective_revealed:                  # PT-OBJ-2, A-37
        for e in C.static_effects(ctx.card(st.objective)):
            out.append((_masterplan(e) if st.masterplan else e, None, st.objective))
    for zname in ("twists_revealed", "events_revealed"):
        for inst in st.zones[zname].cards:
            if inst in st.nullified or not card_active(ctx, inst):
                continue
            for e in C.static_effects(ctx.card(inst)):
                out.append((e, None, inst))
    by_op: ByOp = {}
    for effect, controller, inst in out:
        for o in effect.get("ops", []):
            by_op.setdefault(str(o.get("op")), []).append((o, effect, controller, inst))
    memo["_static_cache"] = (sig, (out, by_op))
    return out, by_op


@contextmanager
def frozen_sources(ctx: Ctx) -> Iterator[None]:
    """While nothing changes the state (building a view), work out the static sources once
    instead of comparing their signature, which is as long as the table, at every lookup."""
    st = ctx.state
    st.__dict__["_static_frozen"] = _static(ctx)
    try:
        yield
    finally:
        st.__dict__.pop("_static_frozen", None)


def _masterplan(e: dict[str, Any]) -> dict[str, Any]:
    """PT-MPLAN-3, A-36: during a Masterplan every roll printed on the Objective (a `pool`
    op naming a roll) has +1 coin; it does not stack."""
    ops = [dict(o, coins=int(o.get("coins", 0)) + 1) if o.get("op") == "pool" else o
           for o in e.get("ops", [])]
    return dict(e, ops=ops)


def _hero_of_color(ctx: Ctx, col: str) -> bool:
    # a loop: asked for every revealed Twist! whenever the static effects or the triggers
    # are worked out (a generator is a call of its own)
    cards = ctx.cards
    for h in ctx.state.characters.values():
        if h.in_play and h.side == "heroes" and C.color(cards[h.key]) == col:
            return True
    return False


def card_active(ctx: Ctx, inst: str) -> bool:
    """A revealed Twist! whose Turn or Color condition is unmet does nothing (A-26, PT-COLOR-5)."""
    card = ctx.card(inst)
    if C.kind(card) == "twist":
        col = C.color(card)
        if col != "golden" and not _hero_of_color(ctx, col):
            return False
        turn = C.turn_allowed(card)
        if turn is not None and ctx.state.turn < turn:
            return False
    return True


def mods(ctx: Ctx, ch: Character, op: str, attack_type: str | None = None) -> list[dict[str, Any]]:
    """Every op of this name now applying to `ch`."""
    out = []
    cid = ch.id
    for m in ctx.state.modifiers:       # a loop, not a comprehension: asked ~2× an action
        if m.target == cid and m.op.get("op") == op:
            out.append(m.op)
    chars = ctx.state.characters
    for o, effect, by, inst in _static(ctx)[1].get(op, ()):
        controller = chars[by] if by is not None else None
        if not targets_match(ctx, effect.get("target", "self"), controller, ch):
            continue
        if not holds(ctx, effect.get("condition"), controller, ch, attack_type, inst):
            continue
        out.append(o)
    return out
