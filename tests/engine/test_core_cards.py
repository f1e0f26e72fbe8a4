"""The core set runs itself (issue "Rules engine, part 2", item 10): every Event, Twist!,
Objective, Location, Lair, Bystander and Detail of the core set is put into effect the way
the game does it, and each op of its `effects` data is checked against what a player would
notice (docs/effects.md). One test per card, ids = card names.

Clauses: PT-EVENT-3 (an Event's Reveal), PT-NULL-1 (Nullify: text blank), PT-TWIST-2
(a Twist!'s Reveal), PT-OBJ-2/3 (the Objective's Reveal and Threat), PT-LOC-1/4 (a
Location's text, played when permitted), PT-RELOC-1, PT-LAIR-1 (the Lair after a Flee),
PT-BYST-6/7 (Recruit / Kill), PT-DETAIL-1 (playing a Detail)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.catalog import Catalog
from engine.plottwist import actions as A
from engine.plottwist.effects import amount_of, resolve_targets
from engine.plottwist.game import Game
from engine.plottwist.modifiers import mods
from engine.plottwist.quick import usable_by
from engine.plottwist.rules.damage import armor, cover
from engine.plottwist.rules.heroics import rank
from engine.plottwist.rules.lock import locked
from engine.plottwist.rules.rolls import pool_mods
from engine.plottwist.rules.turn import end_turn
from engine.plottwist.rules.twists import reveal
from engine.plottwist.testkit import card

from .helpers import blank, make_game, pass_players, to_attack_step, to_combat_phase

CORE = Catalog.load(include_user=False)
KINDS = ("event", "twist", "objective", "location", "lair", "bystander", "detail")


def _core(kind: str) -> list[Any]:
    return [c for c in CORE.by_kind(kind) if c.key.startswith("core")] or CORE.by_kind(kind)


def _named(kind: str, name: str) -> Any:
    return next(c for c in _core(kind) if c.name == name)


CARDS = [c for kind in KINDS for c in _core(kind)]
CAPS = {"move": 2, "attack": 1}


def _heroes(c: Any) -> list[Any]:
    """Two core Heroes, the first one able to play / of the colour the card asks."""
    heroes = _core("hero")
    first = next((h for h in heroes if usable_by(c, h)), heroes[0])
    color = getattr(c, "color", "Golden")
    if color not in ("Golden", None) and c.kind == "twist":
        first = next((h for h in heroes if h.color == color), first)
    return [first] + [h for h in heroes if h is not first][:1]


def _villain(c: Any) -> Any:
    who = (getattr(c, "requires", None) or {}).get("character") \
        if c.kind == "objective" else None
    return _named("villain", who) if who else _named("villain", "Grist")


def _game(c: Any, **kw: Any) -> Game:
    kw.setdefault("heroes", _heroes(c))
    kw.setdefault("vil", _villain(c))
    kw.setdefault("mooks", [_named("mook", "Furnace Hands")])
    return make_game(**kw)


def _inst(game: Game, zone: str, c: Any) -> str:
    return next(i for i in game.state.zones[zone].cards if game.cards[game.state.cards[i]] is c)


def _prep(game: Game) -> None:
    """Room for every change to show: Stress below the printed Resistance, some Trauma,
    counters away from 0 and from their caps."""
    for ch in game.state.characters.values():
        if not ch.in_play:
            continue
        for r, top in ch.maxes.items():
            if r in ch.stress:
                ch.stress[r] = max(top - 3, 2)
                ch.trauma[r] = 0
        if "physical" in ch.trauma and ch.maxes.get("physical", 0) - ch.stress["physical"] > 0:
            ch.trauma["physical"] = 1
        if ch.belief is not None:
            ch.belief = 1
        if ch.hate is not None:
            ch.hate = 2
        ch.energy = 1
        ch.move = 1


def _measure(game: Game, op: dict[str, Any], ident: str) -> Any:
    ctx = game._ctx()
    ch = game.state.characters[ident]
    name = op["op"]
    if name in ("gain", "lose"):
        return getattr(ch, op["counter"])
    if name in ("regenerate", "damage"):
        res = op.get("resistance", "any")
        return sum(ch.stress.values()) if res == "any" else ch.stress[res]
    if name == "remove_trauma":
        return sum(ch.trauma.values())
    if name == "status":
        return ch.has(op["status"])
    if name == "lock":
        return locked(ctx, ch, op["what"], op["name"])
    if name == "pool":
        return pool_mods(ctx, ch, op["roll"], op.get("attack_type"))
    if name == "cover":
        return cover(ctx, ch)
    if name == "armor":
        return armor(ctx, ch, op["resistance"])
    if name == "heroic":
        return rank(ctx, ch, op["heroic"])
    if name == "trauma":
        return bool(mods(ctx, ch, "trauma"))
    raise AssertionError(f"no checker for op {name!r}")


def _expected(game: Game, op: dict[str, Any], ident: str, before: Any) -> Any:
    ch = game.state.characters[ident]
    name = op["op"]
    amount = amount_of(game._ctx(), op, ch)        # X: worked out for "you" = the target
    if name == "gain":
        cap = CAPS.get(op["counter"], ch.maxes.get("belief", 99)
                       if op["counter"] == "belief" else 10**6)
        return min(before + amount, cap)
    if name == "lose":
        return max(0, before - amount)
    if name == "regenerate":
        res = op["resistance"]
        return min(before + amount, ch.maxes[res] - ch.trauma.get(res, 0))
    if name == "remove_trauma":
        return before - amount
    if name == "damage":
        if op.get("mode") == "caused":
            ctx = game._ctx()
            amount -= armor(ctx, ch, op["resistance"]) + cover(ctx, ch)
        return max(0, before - max(0, amount))
    if name in ("status", "lock", "trauma"):
        return True
    if name == "pool":
        return before + int(op["coins"])
    if name == "heroic":
        return before + int(op["add"])
    return before + amount                                     # cover, armor


GLOBAL = {"question", "reveal_objective", "peek_objective", "permit_location", "relocate",
          "nullify",
          # a card roll's outcome depends on both sides' coins: its core cards are played
          # win and lose in tests/engine/test_vocabulary.py
          "roll",
          # leaves the Bystanders' zone: tests/engine/test_vocabulary.py plays its core card
          "evacuate"}


def _ops(e: dict[str, Any]) -> list[dict[str, Any]]:
    """The effect's ops, a "choose one" as its first option (_choose_first picks it)."""
    out: list[dict[str, Any]] = []
    for op in e["ops"]:
        out += op["options"][0]["ops"] if op["op"] == "choose" else [op]
    return out


def _plan(game: Game, effects: list[dict[str, Any]], controller: str | None,
          chosen: str | None = None) -> list[tuple[dict[str, Any], str, Any]]:
    ctx = game._ctx()
    who = game.state.characters.get(controller) if controller else None
    out = []
    for e in effects:
        targets = resolve_targets(ctx, e.get("target", "self"), who, chosen)
        assert targets or all(o["op"] in GLOBAL for o in _ops(e)), e
        for op in _ops(e):
            if op["op"] in GLOBAL:
                continue
            for t in targets:
                if op["op"] in ("regenerate", "damage", "remove_trauma") and not t.stress:
                    continue                         # Mooks have no Resistances (PT-MOOK-1)
                out.append((op, t.id, _measure(game, op, t.id)))
    return out


def _pass_side(game: Game) -> None:
    if game.state.initiative == "villains":
        game.apply(A.Pass("gm"))
    else:
        pass_players(game)


def _choose_first(game: Game) -> None:
    """A `chosen_*` target with several candidates waits for its chooser (A-42, rules/
    choices.py); the plan expects the first one listed."""
    from engine.plottwist.rules.choices import may_choose

    st = game.state
    while st.target_pending:
        first = st.target_pending[0]
        seat = next(s for s in st.seats if may_choose(first, s))
        game.apply(A.ChooseTarget(seat, card=first["card"], target=first["options"][0]))


def _check(game: Game, plan: list[tuple[dict[str, Any], str, Any]]) -> None:
    """Every op did what its data says to every target; and each op visibly changed
    something (Armor may soak a `caused` Damage on one target, not on all)."""
    _choose_first(game)
    seen: dict[str, bool] = {}
    for op, ident, before in plan:
        want = _expected(game, op, ident, before)
        key = repr(op)
        seen[key] = seen.get(key, False) or want != before
        assert _measure(game, op, ident) == want, (op, ident, before)
    assert all(seen.values()), f"the test leaves no room to see {seen}"


def _no_gaps(game: Game, events: list[Any]) -> None:
    texts = [e.text for e in events] + [str(x) for x in game.state.log]
    assert not [t for t in texts if "not automated" in t], texts


def _of(c: Any, *triggers: str) -> list[dict[str, Any]]:
    return [e for e in c.effects if e.get("trigger") in triggers]


def _global_before(game: Game) -> dict[str, Any]:
    st = game.state
    return {"questions": st.extra_questions, "revealed": st.objective_revealed}


def _check_global(game: Game, effects: list[dict[str, Any]], before: dict[str, Any],
                  events: list[Any], seat: str | None = None) -> None:
    st = game.state
    ops = [o for e in effects for o in e["ops"]]
    q = sum(int(o.get("amount", 1)) for o in ops if o["op"] == "question")
    assert st.extra_questions == before["questions"] + q                 # PT-INTV-3
    if any(o["op"] == "reveal_objective" for o in ops):
        assert st.objective_revealed and not before["revealed"]          # PT-OBJ-2
    if any(o["op"] == "peek_objective" for o in ops):
        peeks = [e for e in events if e.kind == "peek"]
        assert peeks and peeks[0].visible_to == (seat,) and not st.objective_revealed


def _turn_triggers(game: Game, c: Any) -> None:
    """Start / End of Turn text runs every Turn while the card is in play (docs/effects.md)."""
    effects = _of(c, "start_of_turn", "end_of_turn")
    if not effects:
        return
    _prep(game)
    plan = _plan(game, effects, None)
    ctx = game._ctx()
    end_turn(ctx)
    _check(game, plan)
    _no_gaps(game, ctx.events)


# --- one driver per kind -------------------------------------------------------------------

def _event(c: Any) -> None:
    """PT-EVENT-3: the GM flips it in the Combat phase; its Reveal runs. PT-NULL-1: its
    Nullify (a won roll, or the condition coming true) blanks its text."""
    nul = _of(c, "nullify")[0]
    roll = nul.get("roll") or {}

    def pool(h: Any) -> int:
        return int(h.attributes.get(roll.get("attribute"), 0)) + \
            int(h.heroics.get(roll.get("ability"), 0))

    best = sorted(_core("hero"), key=pool, reverse=True)[:2]    # who tries the Nullify roll
    game = _game(c, heroes=best, events=[c] + blank("event", 4, "Quiet Event"))
    inst = _inst(game, "events", c)
    to_combat_phase(game)
    _prep(game)
    reveal_fx = _of(c, "on_reveal")
    plan = _plan(game, reveal_fx, "v1")
    g0 = _global_before(game)
    events = game.apply(A.RevealEvent("gm", card=inst))
    _check(game, plan)
    _check_global(game, reveal_fx, g0, events)
    _no_gaps(game, events)
    _turn_triggers(game, c)                              # its Start / End of Turn text
    lasting = [(op, i, _measure(game, op, i)) for op, i, _ in plan
               if op["op"] in ("lock", "status", "pool") and _measure(game, op, i)]
    st = game.state
    if "roll" in nul:
        game.coins.force("H" * 30)
        events = game.apply(A.NullifyRoll("p1", actor="h1", card=inst))
    else:
        for key, n in nul["condition"].items():
            st.tally[key.removesuffix("_at_least")] = int(n)
        events = game.apply(A.Pass("p1"))                # one Player's pass: an action
    assert inst in st.nullified, "the Nullify did not happen"
    for op, ident, value in lasting:                                   # the text is blank
        assert _measure(game, op, ident) != value, (op, ident)
    _no_gaps(game, events)
    _turn_triggers_blank(game, c)


def _turn_triggers_blank(game: Game, c: Any) -> None:
    effects = _of(c, "start_of_turn", "end_of_turn")
    if not effects:
        return
    _prep(game)
    plan = _plan(game, effects, None)
    end_turn(game._ctx())
    for op, ident, before in plan:                                     # PT-NULL-1
        assert _measure(game, op, ident) == before


def _take_twist(game: Game, c: Any) -> str:
    """Take the Twist! out of the deck (or undo Turn 1's reveal of it) to reveal it now."""
    st = game.state
    for zone in ("twists_deck", "twists_revealed"):
        for inst in st.zones[zone].cards:
            if game.cards[st.cards[inst]] is c:
                st.zones[zone].remove(inst)
                return inst
    raise AssertionError(f"{c.name} is not among the Twists!")


def _twist(c: Any) -> None:
    """PT-TWIST-1/2: the Twist! of the Turn is revealed at the Start of Turn (from the Turn
    its card allows, with a Hero of its colour in play, PT-COLOR-5); its Reveal runs."""
    game = _game(c, twists=[c] + blank("twist", 9, "Quiet Twist"))
    st = game.state
    st.turn = 8
    inst = _take_twist(game, c)
    _prep(game)
    fx = _of(c, "on_reveal")
    plan = _plan(game, fx, None)
    g0 = _global_before(game)
    ctx = game._ctx()
    reveal(ctx, inst)
    _check(game, plan)
    _check_global(game, fx, g0, ctx.events)
    _no_gaps(game, ctx.events)
    _turn_triggers(game, c)


def _objective(c: Any) -> None:
    """PT-OBJ-2: once Revealed its Reveal runs; PT-OBJ-3: the Threat is checked after every
    action, and the Villains win at once when it holds."""
    leaked = _named("twist", "Leaked Files")
    game = _game(c, objective=c, twists=[leaked] + blank("twist", 9, "Quiet Twist"))
    st = game.state
    leaked_inst = _take_twist(game, leaked)
    st.objective_revealed = False
    _prep(game)
    fx = _of(c, "on_reveal")
    plan = _plan(game, fx, "v1")
    st.turn = 4
    ctx = game._ctx()
    reveal(ctx, leaked_inst)                           # the Twist! that Reveals it
    assert st.objective_revealed
    _check(game, plan)
    _no_gaps(game, ctx.events)
    _pass_side(game)
    assert game.winner is None
    cond = _of(c, "threat")[0]["condition"]
    _make_true(game, cond)
    _pass_side(game)
    assert game.winner == "villains"


def _make_true(game: Game, cond: dict[str, Any]) -> None:
    st = game.state
    for key, value in cond.items():
        if key == "all":
            for sub in value:
                _make_true(game, sub)
        elif key == "any":
            _make_true(game, value[0])
        elif key == "turn_at_least":
            st.turn = max(st.turn, int(value))
        elif key == "hate_at_least":
            mv = st.main_villain()
            assert mv is not None
            mv.hate = int(value)
        else:
            st.tally[key.removesuffix("_at_least")] = int(value)


def _static_check(game: Game, base: Game, c: Any) -> None:
    fx = _of(c, "static")
    if not fx:
        return
    plan = _plan(base, fx, None)
    ctx = game._ctx()
    for op, ident, before in plan:
        want = _expected(game, op, ident, before)
        assert want != before
        assert _measure(game, op, ident) == want, (op, ident, before)
    _no_gaps(game, ctx.events)


def _location(c: Any) -> None:
    """PT-LOC-1: the Conflict's Location's text is in play for everyone there (against the
    same game at a blank Location); its activated text is a Free action (PT-FREE-1/2); its
    Start / End of Turn text runs every Turn."""
    game = _game(c, location=c)
    base = _game(c, location=card("location", "Vacant Lot"))
    for g in (game, base):
        to_attack_step(g, "h1", "v1", "ranged")
    _static_check(game, base, c)
    for i, e in enumerate(c.effects):
        if e["trigger"] != "activated":
            continue
        g = _game(c, location=c)
        _prep(g)
        g.state.characters["h1"].move = 1
        plan = _plan(g, [e], "h1")
        assert g.state.location is not None
        events = g.apply(A.Activate("p1", actor="h1", card=g.state.location, index=i))
        _check(g, plan)
        assert g.state.characters["h1"].move == 0                    # it paid the cost
        _no_gaps(g, events)
    _turn_triggers(_game(c, location=c), c)


def _flee_to(c: Any) -> Game:
    game = _game(c, hands={"gm": [c] + blank("bystander", 4, "Passer-by")})
    game.state.characters["v1"].hate = 0
    end_turn(game._ctx())
    game.apply(A.Pursue("p1", pursue=True))
    assert game.state.lair is not None
    return game


def _lair(c: Any) -> None:
    """PT-LAIR-1, PT-FLEE-4: the Main Villain Flees to its Lair, and the Lair's text is in
    play there (against a blank Lair); its Start of Turn text runs every Turn."""
    game = _flee_to(c)
    lair = game.state.lair
    assert lair is not None and game.cards[game.state.cards[lair]] is c
    base = _flee_to(card("lair", "Empty Warehouse"))
    _static_check(game, base, c)
    _turn_triggers(game, c)


def _bystander(c: Any) -> None:
    """PT-BYST-6: a Hero Recruits it (won Fixed Roll, Damage ≥ Life): its {R} runs with the
    Hero as "you". PT-BYST-7: a Villain Kills it: its {K} runs with the Villain as "you"."""
    def charm(h: Any) -> int:
        return int(h.attributes.get("charm", 0)) + int(h.skills.get("offend", 0))

    best = sorted(_core("hero"), key=charm, reverse=True)[:2]   # the best at Social Attacks
    game = _game(c, heroes=best, hands={"p1": [c] + blank("detail", 4, "Idea")})
    inst = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(inst,)))
    to_combat_phase(game)
    game.apply(A.InitiateCombat("p1", actor="h1", target=inst))
    pass_players(game)
    pass_players(game)
    game.state.combat.distance = "melee"  # type: ignore[union-attr]
    _prep(game)
    fx = _of(c, "on_recruit")
    plan = _plan(game, fx, "h1")
    g0 = _global_before(game)
    game.coins.force("H" * 40)
    events = game.apply(A.Attack("p1", actor="h1", attack_type="social"))
    assert game.state.tally.get("bystanders_recruited") == 1
    _check(game, plan)
    _check_global(game, fx, g0, events, "p1")
    _no_gaps(game, events)

    game = _game(c, hands={"gm": [c] + blank("bystander", 4, "Passer-by"),
                           "p1": blank("detail", 5, "Idea")})
    pass_players(game)
    inst = _inst(game, "plot_hand:gm", c)
    game.apply(A.PlayBystanders("gm", actor="v1", cards=(inst,)))
    game.apply(A.Pass("gm"))
    pass_players(game)
    game.apply(A.InitiateCombat("gm", actor="v1", target=inst))
    game.state.combat.distance = "melee"  # type: ignore[union-attr]
    game.apply(A.Pass("gm"))
    game.apply(A.Pass("gm"))
    _prep(game)
    fx = _of(c, "on_kill")
    plan = _plan(game, fx, "v1")
    g0 = _global_before(game)
    game.coins.force("H" * 40)
    events = game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    assert game.state.tally.get("bystanders_killed") == 1
    _check(game, plan)
    _check_global(game, fx, g0, events, "gm")
    _no_gaps(game, events)


def _detail(c: Any) -> None:
    """PT-DETAIL-1: a Hero pays 1 Belief and the Detail's text runs with the Hero as "you";
    a permitted Location is then played (PT-LOC-4); a Relocation moves everyone to the
    chosen Location in play (PT-RELOC-1)."""
    elsewhere = _named("location", "Glass Arcade")
    game = _game(c, hands={"p1": [c, elsewhere] + blank("detail", 3, "Idea")})
    st = game.state
    inst = _inst(game, "plot_hand:p1", c)
    loc = _inst(game, "plot_hand:p1", elsewhere)
    ops = [o["op"] for e in c.effects for o in e["ops"]]
    target = ""
    if "relocate" in ops:
        st.zones["plot_hand:p1"].remove(loc)
        st.extra_zone("locations").add(loc)
        target = loc
    _prep(game)
    st.characters["h1"].belief = 2
    fx = _of(c, "on_play")
    plan = _plan(game, fx, "h1")
    g0 = _global_before(game)
    events = game.apply(A.PlayDetail("p1", actor="h1", card=inst, target=target))
    if "gain" not in ops:
        assert st.characters["h1"].belief == 1                         # it cost 1 Belief
    _check(game, plan)
    _check_global(game, fx, g0, events, "p1")
    _no_gaps(game, events)
    if "permit_location" in ops:
        events = game.apply(A.PlayLocation("p1", actor="h1", card=loc))
        assert loc in st.locations_in_play()
    if "relocate" in ops:
        assert st.location == loc


DRIVERS = {"event": _event, "twist": _twist, "objective": _objective,
           "location": _location, "lair": _lair, "bystander": _bystander, "detail": _detail}

XFAIL: dict[str, str] = {}


def _param(c: Any) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=XFAIL[c.name])] if c.name in XFAIL else []
    return pytest.param(c, id=f"{c.kind}-{c.name}", marks=marks)


def test_the_core_set_has_every_kind():
    counts = {k: sum(1 for c in CARDS if c.kind == k) for k in KINDS}
    assert all(counts.values()), counts


@pytest.mark.parametrize("c", [_param(c) for c in CARDS])
def test_core_card_runs_itself(c: Any) -> None:
    """Each core card's effects run through the effect vocabulary and do what its data
    says (PT-EVENT-3, PT-NULL-1, PT-TWIST-2, PT-OBJ-2/3, PT-LOC-1/4, PT-RELOC-1, PT-LAIR-1,
    PT-BYST-6/7, PT-DETAIL-1)."""
    DRIVERS[c.kind](c)
