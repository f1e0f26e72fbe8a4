"""Nothing the card schema accepts is ignored by the engine (issue 19; docs/effects.md).

Walks assets/schema/card.schema.json: every op, trigger, condition and target selector it
accepts must have a probe here, and each probe shows the interpreter doing what the name
says on a small game (PT-TERM-1, PT-COUNT-1/2, PT-NULL-1, PT-OBJ-3, PT-FREE-1, PT-BYST-6/7,
PT-COMBAT-5/12). A name added to the schema without interpreter behaviour fails here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.plottwist import actions as A
from engine.plottwist.effects import run
from engine.plottwist.game import Game
from engine.plottwist.modifiers import holds, mods
from engine.plottwist.rules.damage import armor, can_cause_trauma, cover
from engine.plottwist.rules.heroics import has_keyword, rank
from engine.plottwist.rules.lock import locked
from engine.plottwist.rules.rolls import auto_mods, pool_mods
from engine.plottwist.state import Modifier
from engine.plottwist.testkit import card

from .helpers import (
    hero,
    make_game,
    mook,
    pass_players,
    to_attack_step,
    to_combat_phase,
    villain,
)

SCHEMA = json.loads((Path(__file__).parents[2] / "assets/schema/card.schema.json")
                    .read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
EFFECT = DEFS["effect"]["properties"]
OPS = DEFS["op"]["properties"]["op"]["enum"]
TRIGGERS = EFFECT["trigger"]["enum"]
TARGETS = EFFECT["target"]["enum"]
CONDITIONS = [k for k in DEFS["condition"]["properties"] if k not in ("all", "any")]


# --- ops --------------------------------------------------------------------------------------

def _table() -> Game:
    """Two Locations, two Events face up, a Combat at its Maneuver step, a hurt Hero."""
    hands = {"p1": [card("location", "Rooftops")] + [card("detail", f"Idea {i}")
                                                     for i in range(4)]}
    game = make_game(hands=hands, mooks=[mook()], vil=villain(power=3))
    st = game.state
    for e in list(st.zones["events"].cards[:2]):
        st.zones["events"].remove(e)
        st.zones["events_revealed"].add(e)
    h = st.characters["h1"]
    h.stress["mental"] -= 3
    h.stress["physical"] -= 2
    h.trauma["physical"] = 1
    h.statuses.append("Prone")
    roof = st.zones["plot_hand:p1"].cards[0]                  # a second Location in play
    st.zones["plot_hand:p1"].remove(roof)
    st.extra_zone("locations").add(roof)
    return game


def _state(game: Game) -> dict[str, Any]:
    d = game.state.to_json()
    d.pop("log")
    return d


def _instant(op: dict[str, Any], target: str = "self", combat: bool = False) -> Callable[
        [], None]:
    def probe() -> None:
        game = _table()
        if combat:
            to_attack_step(game, "h1", "v1")
            game.state.combat.step = "maneuver"               # type: ignore[union-attr]
        before = _state(game)
        ctx = game._ctx()
        run(ctx, {"trigger": "on_play", "target": target, "ops": [op]},
            game.state.characters["h1"], game.state.zones["events_revealed"].cards[0])
        if op["op"] == "interview":                           # Game.apply starts it (A-52)
            assert game.state.interview_requested
        else:
            assert _state(game) != before, f"{op} changed nothing"
        assert not [e for e in ctx.events if e.kind == "note"], [e.text for e in ctx.events]
    return probe


def _modifier(op: dict[str, Any], measure: Callable[[Any, Any], Any]) -> Callable[[], None]:
    """A modifier op must change what the rules read, not just sit in the state."""
    def probe() -> None:
        game = make_game(heroes=[hero(heroics={"fighting": 2, "agility": 2, "stealth": 1})])
        ctx = game._ctx()
        h = game.state.characters["h1"]
        before = measure(ctx, h)
        run(ctx, {"trigger": "on_play", "duration": "this_turn", "ops": [op]}, h, h.card)
        assert measure(game._ctx(), h) != before, f"{op} is not read by the rules"
    return probe


def _choose_probe() -> None:
    game = _table()
    h = game.state.characters["h1"]
    e = h.energy
    run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "choose", "options": [
        {"label": "a", "ops": [{"op": "question", "amount": 1}]},
        {"label": "b", "ops": [{"op": "gain", "counter": "energy", "amount": 2}]}]}]},
        h, h.card)
    game.apply(A.ChooseTarget("p1", card=h.card, target="1"))
    assert h.energy == e + 2 and game.state.extra_questions == 0


def _roll_probe() -> None:
    for coins, gained in (("H" * 9, 3), ("T" * 9, 0)):
        game = _table()
        h = game.state.characters["h1"]
        e = h.energy
        game.coins.force(coins)
        run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "roll", "roll": {
            "kind": "fixed", "attribute": "body", "ability": "fighting", "difficulty": 1},
            "win": {"ops": [{"op": "gain", "counter": "energy", "amount": 3}]}}]}, h, h.card)
        assert h.energy == e + gained and game.state.rolls[-1]["kind"] == "fixed"


def _cancel_probe() -> None:
    game = _table()
    to_attack_step(game, "h1", "v1")
    st = game.state
    cb = st.combat
    assert cb is not None
    cb.played.append({"id": st.zones["combat_deck:gm"].cards[0], "by": "v1"})
    st.modifiers.append(Modifier("v1", {"op": "cover", "amount": 2}, cb.played[-1]["id"],
                                 "this_combat"))
    h = st.characters["h1"]
    run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "cancel"}]}, h, h.card)
    assert cb.played[-1].get("cancelled") and cover(game._ctx(), st.characters["v1"]) == 0


def _evacuate_probe() -> None:
    game = _table()
    st = game.state
    for name in ("Onlooker", "Vendor"):
        by = card("bystander", name)
        game.cards[by.key] = by
        st.cards[name] = by.key
        st.owners[name] = "gm"
        st.zones["bystanders"].add(name)
    h = st.characters["h1"]
    run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "evacuate"}]}, h, h.card)
    assert st.target_pending[0]["options"] == ["Onlooker", "Vendor"]
    game.apply(A.ChooseTarget("p1", card=h.card, target="Vendor"))
    assert st.zones["bystanders"].cards == ["Onlooker"] and "Vendor" in st.zones["discard:gm"]
    assert not st.tally.get("bystanders_killed") and not st.tally.get("bystanders_recruited")


OP_PROBES: dict[str, Callable[[], None]] = {
    "choose": _choose_probe,
    "cancel": _cancel_probe,
    "evacuate": _evacuate_probe,
    "discard": _instant({"op": "discard", "amount": 1}, target="opponent", combat=True),
    "roll": _roll_probe,
    "gain": _instant({"op": "gain", "counter": "energy", "amount": 2}),
    "lose": _instant({"op": "lose", "counter": "belief", "amount": 1}),
    "regenerate": _instant({"op": "regenerate", "resistance": "mental", "amount": 2}),
    "remove_trauma": _instant({"op": "remove_trauma", "resistance": "physical", "amount": 1}),
    "damage": _instant({"op": "damage", "mode": "dealt", "kind": "stress",
                        "resistance": "social", "amount": 2}),
    "status": _instant({"op": "status", "status": "Stunned"}),
    "remove_status": _instant({"op": "remove_status", "status": "Prone"}),
    "distance": _instant({"op": "distance", "set": "melee"}, combat=True),
    "draw": _instant({"op": "draw", "amount": 1}),
    "permit_location": _instant({"op": "permit_location"}),
    "relocate": _instant({"op": "relocate"}),
    "nullify": _instant({"op": "nullify", "what": "chosen_event"}),
    "reveal_objective": _instant({"op": "reveal_objective"}),
    "peek_objective": _instant({"op": "peek_objective"}),
    "question": _instant({"op": "question", "amount": 1}),
    "interview": _instant({"op": "interview"}),
    "keyword": _modifier({"op": "keyword", "keyword": "Tactician"},
                         lambda ctx, h: has_keyword(ctx, h, "Tactician")),
    "heroic": _modifier({"op": "heroic", "heroic": "fighting", "add": 1},
                        lambda ctx, h: rank(ctx, h, "fighting")),
    "pool": _modifier({"op": "pool", "roll": "attack", "coins": 2},
                      lambda ctx, h: pool_mods(ctx, h, "attack")),
    "auto_success": _modifier({"op": "auto_success", "roll": "defense", "amount": 1},
                              lambda ctx, h: auto_mods(ctx, h, "defense")),
    "armor": _modifier({"op": "armor", "resistance": "mental", "amount": 2},
                       lambda ctx, h: armor(ctx, h, "mental")),
    "cover": _modifier({"op": "cover", "amount": 1}, lambda ctx, h: cover(ctx, h)),
    "trauma": _modifier({"op": "trauma", "allowed": True},
                        lambda ctx, h: can_cause_trauma(ctx, h, "melee")),
    "cleave": _modifier({"op": "cleave", "amount": 1},
                        lambda ctx, h: sum(int(m["amount"]) for m in mods(ctx, h, "cleave"))),
    "immune": _modifier({"op": "immune", "resistance": "physical"},
                        lambda ctx, h: [m["resistance"] for m in mods(ctx, h, "immune")]),
    "lock": _modifier({"op": "lock", "what": "heroic", "name": "stealth"},
                      lambda ctx, h: locked(ctx, h, "heroic", "stealth")),
}


def test_every_schema_op_has_a_probe():
    """Nothing the schema accepts may be ignored: each op has interpreter behaviour."""
    assert sorted(set(OPS) - set(OP_PROBES)) == []


@pytest.mark.parametrize("name", OPS)
def test_schema_op_acts(name):
    """docs/effects.md *Operations*: the op does what its name says."""
    OP_PROBES[name]()


def test_cleave_and_immune_are_read_by_damage_PT_MOOK_3_PT_DMG_7():
    """PT-MOOK-3, PT-DMG-7: a Cleave modifier removes more Quantity counters; Immune
    prevents the Damage."""
    from engine.plottwist.rules.damage import deal

    game = make_game(mooks=[mook(quantity=5)])
    ctx = game._ctx()
    h, m = game.state.characters["h1"], game.state.characters["m1"]
    run(ctx, {"trigger": "on_play", "duration": "this_turn",
              "ops": [{"op": "immune", "resistance": "physical"}]}, h, h.card)
    assert deal(ctx, h, "physical", 3, False, None) == 0
    assert deal(ctx, m, "physical", 3, False, h, cleave=2) == 3


# --- targets ----------------------------------------------------------------------------------

def _targets(selector: str) -> set[str]:
    game = make_game(heroes=[hero("A"), hero("B")], mooks=[mook()])
    to_attack_step(game, "h1", "v1")
    ctx = game._ctx()
    st = game.state
    before = {c.id: c.energy for c in st.characters.values()}
    run(ctx, {"trigger": "on_play", "target": selector,
              "ops": [{"op": "gain", "counter": "energy", "amount": 1}]},
        st.characters["h1"], st.characters["h1"].card)
    if st.target_pending:                                 # a chosen_* target: the first
        first = st.target_pending[0]
        game.apply(A.ChooseTarget("p1", card=first["card"], target=first["options"][-1]))
    return {c.id for c in st.characters.values() if c.energy != before[c.id]}


TARGET_EXPECTED = {
    "self": {"h1"}, "opponent": {"v1"}, "chosen_hero": {"h2"}, "chosen_villain": {"v1"},
    "chosen_character": {"h2"}, "chosen_mook": set(), "all_heroes": {"h1", "h2"},
    "all_villains": {"v1"}, "all_mooks": set(), "all_characters": {"h1", "h2", "v1"},
    "main_villain": {"v1"},
}


@pytest.mark.parametrize("selector", TARGETS)
def test_schema_target_selects(selector):
    """docs/effects.md *Targets*: each selector reaches the characters it names (Mooks gain
    no Energy, PT-MOOK-2, so they show up through the chosen one below)."""
    assert selector in TARGET_EXPECTED, f"no probe for target {selector!r}"
    assert _targets(selector) == TARGET_EXPECTED[selector]


def test_chosen_mook_and_character_reach_mooks():
    """A `chosen_mook` / `chosen_character` target reaches the chosen Mook (Quantity)."""
    for selector in ("chosen_mook", "chosen_character"):
        game = make_game(mooks=[mook(quantity=3)])
        st = game.state
        run(game._ctx(), {"trigger": "on_play", "target": selector,
                          "ops": [{"op": "gain", "counter": "quantity", "amount": 1}]},
            st.characters["h1"], st.characters["h1"].card, "m1")
        assert st.characters["m1"].quantity == 4


# --- conditions -------------------------------------------------------------------------------

def _cond_game() -> Game:
    return make_game(heroes=[hero(color="Red")], vil=villain(power=3))


def _set_tally(key: str) -> Callable[[Game], None]:
    def make(game: Game) -> None:
        game.state.tally[key] = 5
    return make


CONDITION_PROBES: dict[str, tuple[Any, Callable[[Game], None]]] = {
    # value, and how to make it hold on a fresh game where it does not
    "distance": ("melee", lambda g: (to_attack_step(g, "h1", "v1", "melee"))),
    "turn_at_least": (2, lambda g: setattr(g.state, "turn", 2)),
    "timing_counters_at_least": (1, lambda g: g.state.timing.__setitem__("SRC", 1)),
    "hero_color_in_play": ("Blue", lambda g: setattr(
        g.state.characters["h1"], "key", "test/blue-hero")),
    "bystanders_killed_at_least": (1, _set_tally("bystanders_killed")),
    "bystanders_recruited_at_least": (1, _set_tally("bystanders_recruited")),
    "heroes_incapacitated_at_least": (1, _set_tally("heroes_incapacitated")),
    "hate_at_least": (20, lambda g: setattr(g.state.characters["v1"], "hate", 20)),
    "events_revealed_at_least": (1, _set_tally("events_revealed")),
    "villain_has_status": ("Prone", lambda g: g.state.characters["v1"].statuses.append(
        "Prone")),
    "target_has_status": ("Prone", lambda g: g.state.characters["h1"].statuses.append(
        "Prone")),
    "opponent_has_status": ("Prone", lambda g: (to_attack_step(g, "h1", "v1"),
                                                g.state.characters["v1"].statuses.append(
                                                    "Prone"))),
    "attack_type": ("melee", lambda g: None),
}


@pytest.mark.parametrize("key", CONDITIONS)
def test_schema_condition_is_evaluated(key):
    """docs/effects.md *Conditions*: each condition is false, then true once the game says
    so (an unknown condition never holds, so a missing branch fails here)."""
    assert key in CONDITION_PROBES, f"no probe for condition {key!r}"
    value, make_true = CONDITION_PROBES[key]
    game = _cond_game()
    game.cards["test/blue-hero"] = hero("Blue Hero", color="Blue")
    h = game.state.characters["h1"]

    def check() -> bool:
        at = "melee" if key == "attack_type" and made else None
        return holds(game._ctx(), {key: value}, h, h, at, "SRC")
    made = False
    assert not check()
    make_true(game)
    made = True
    assert check()


# --- triggers ---------------------------------------------------------------------------------

Q = [{"op": "question", "amount": 1}]


def _asked(game: Game, before: int) -> None:
    assert game.state.extra_questions > before, "the trigger did not run"


def _trigger_static() -> None:
    game = make_game(heroes=[hero(effects=[{"trigger": "static", "ops": [
        {"op": "pool", "roll": "attack", "coins": 1}]}])])
    assert pool_mods(game._ctx(), game.state.characters["h1"], "attack") == 1


def _trigger_on_play() -> None:
    d = card("detail", "Ask Around", effects=[{"trigger": "on_play", "ops": Q}])
    game = make_game(hands={"p1": [d] + [card("detail", f"I {i}") for i in range(4)]})
    game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"].cards[0]))
    _asked(game, 0)


def _trigger_on_reveal() -> None:
    t = card("twist", "Loud News", effects=[{"trigger": "on_reveal", "ops": Q}])
    game = make_game(twists=[t] * 10)
    _asked(game, 0)


def _place_trigger(trigger: str) -> Game:
    return make_game(location=card("location", "Plaza", effects=[
        {"trigger": trigger, "ops": Q}]))


def _trigger_start_of_turn() -> None:
    game = _place_trigger("start_of_turn")
    n = game.state.extra_questions
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    _asked(game, n)


def _trigger_end_of_turn() -> None:
    game = _place_trigger("end_of_turn")
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    _asked(game, 0)


def _trigger_start_of_combat() -> None:
    game = _place_trigger("start_of_combat")
    to_attack_step(game, "h1", "v1")
    _asked(game, 0)


def _trigger_end_of_combat() -> None:
    game = _place_trigger("end_of_combat")
    to_attack_step(game, "h1", "v1")
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    _asked(game, 0)


def _trigger_on_hit() -> None:
    game = make_game(heroes=[hero(effects=[{"trigger": "on_hit", "ops": Q}])])
    to_attack_step(game, "h1", "v1", "melee")
    game.coins.force("HHHH" + "TTTT" + "H" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    _asked(game, 0)


def _bystander(trigger: str) -> None:
    b = card("bystander", "Witness", difficulty=1, life=1, effects=[
        {"trigger": trigger, "ops": Q}])
    seat, actor = ("p1", "h1") if trigger == "on_recruit" else ("gm", "v1")
    hands = {seat: [b] + [card("detail" if seat == "p1" else "bystander", f"I {i}")
                          for i in range(4)]}
    game = make_game(hands=hands, heroes=[hero(mind=2, heroics={"psyche": 2})],
                     vil=villain(heroics={"fighting": 2, "psyche": 2}))
    if seat == "gm":
        pass_players(game)
    inst = game.state.zones[f"plot_hand:{seat}"].cards[0]
    game.apply(A.PlayBystanders(seat, actor=actor, cards=(inst,)))
    to_attack_step(game, actor, inst)
    game.coins.force("H" * 40)
    game.apply(A.Attack(seat, actor=actor, attack_type="mental"))
    _asked(game, 0)


def _trigger_in_turns() -> None:
    e = card("event", "Slow Leak", effects=[{"trigger": "in_turns", "turns": 1, "ops": Q}])
    game = make_game(events=[e] * 5)
    st = game.state
    inst = st.zones["events"].cards[0]
    st.zones["events"].remove(inst)
    st.zones["events_revealed"].add(inst)
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    _asked(game, 0)


def _trigger_activated() -> None:
    game = make_game(heroes=[hero(effects=[{"trigger": "activated", "ops": Q}])])
    h = game.state.characters["h1"]
    game.apply(A.Activate("p1", actor="h1", card=h.card, index=0))
    _asked(game, 0)


def _trigger_threat() -> None:
    o = card("objective", "Win Now", effects=[
        {"trigger": "threat", "condition": {"turn_at_least": 2}}])
    game = make_game(objective=o)
    assert game.winner is None
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    assert game.winner == "villains"


def _trigger_nullify() -> None:
    e = card("event", "Blackout", effects=[
        {"trigger": "nullify", "condition": {"turn_at_least": 1}}])
    game = make_game(events=[e] * 5)
    st = game.state
    inst = st.zones["events"].cards[0]
    st.zones["events"].remove(inst)
    st.zones["events_revealed"].add(inst)
    game.apply(A.Pass("p1"))
    assert inst in st.nullified


def _attack_with(effects: list[dict[str, Any]], hit: bool, on: str) -> Game:
    """h1 attacks v1 in Melee (4 coins each); `effects` go on `on`'s card."""
    heroes = [hero(effects=effects)] if on == "h1" else None
    vil = villain(effects=effects) if on == "v1" else None
    game = make_game(heroes=heroes, vil=vil)
    to_attack_step(game, "h1", "v1", "melee")
    game.coins.force(("HHHH" + "TTTT" if hit else "TTTT" + "HHHH") + "H" * 20)
    game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    return game


def _trigger_personal(trigger: str, hit: bool, on: str) -> Callable[[], None]:
    def probe() -> None:
        game = _attack_with([{"trigger": trigger, "ops": Q}], hit, on)
        _asked(game, 0)
        other = _attack_with([{"trigger": trigger, "ops": Q}], not hit, on)
        if trigger != "on_defend":                         # a defence happens either way
            assert other.state.extra_questions == 0
    return probe


def _trigger_hero_incapacitated() -> None:
    from engine.plottwist.rules.statuses import incapacitate

    game = make_game(heroes=[hero("A"), hero("B")],
                     vil=villain(effects=[{"trigger": "on_hero_incapacitated", "ops": Q}]))
    incapacitate(game._ctx(), game.state.characters["h2"])
    _asked(game, 0)


def _trigger_bystander_table(trigger: str) -> Callable[[], None]:
    def probe() -> None:
        b = card("bystander", "Witness", difficulty=1, life=1)
        recruit = trigger == "on_bystander_recruited"
        seat, actor = ("p1", "h1") if recruit else ("gm", "v1")
        hands = {seat: [b] + [card("detail" if recruit else "bystander", f"I {i}")
                              for i in range(4)]}
        watcher = [{"trigger": trigger, "ops": Q}]
        game = make_game(hands=hands, heroes=[hero(mind=2, heroics={"psyche": 2})],
                         vil=villain(heroics={"fighting": 2, "psyche": 2}),
                         location=card("location", "Square", effects=watcher))
        if not recruit:
            pass_players(game)
        inst = game.state.zones[f"plot_hand:{seat}"].cards[0]
        game.apply(A.PlayBystanders(seat, actor=actor, cards=(inst,)))
        to_attack_step(game, actor, inst)
        game.coins.force("H" * 40)
        game.apply(A.Attack(seat, actor=actor, attack_type="mental"))
        _asked(game, 0)
    return probe


def _trigger_card_revealed() -> None:
    game = make_game(heroes=[hero(effects=[{"trigger": "on_card_revealed", "ops": Q}])])
    n = game.state.extra_questions                        # Turn 1's Twist! was revealed
    assert n == 1
    to_combat_phase(game)
    game.apply(A.RevealEvent("gm", card=game.state.zones["events"].cards[0]))
    _asked(game, n)


TRIGGER_PROBES: dict[str, Callable[[], None]] = {
    "on_hit_taken": _trigger_personal("on_hit_taken", True, "v1"),
    "on_defend": _trigger_personal("on_defend", False, "v1"),
    "on_miss": _trigger_personal("on_miss", False, "h1"),
    "on_hero_incapacitated": _trigger_hero_incapacitated,
    "on_bystander_killed": _trigger_bystander_table("on_bystander_killed"),
    "on_bystander_recruited": _trigger_bystander_table("on_bystander_recruited"),
    "on_card_revealed": _trigger_card_revealed,
    "static": _trigger_static, "on_play": _trigger_on_play, "on_reveal": _trigger_on_reveal,
    "start_of_turn": _trigger_start_of_turn, "end_of_turn": _trigger_end_of_turn,
    "start_of_combat": _trigger_start_of_combat, "end_of_combat": _trigger_end_of_combat,
    "on_hit": _trigger_on_hit, "on_recruit": lambda: _bystander("on_recruit"),
    "on_kill": lambda: _bystander("on_kill"), "in_turns": _trigger_in_turns,
    "activated": _trigger_activated, "threat": _trigger_threat, "nullify": _trigger_nullify,
}


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_schema_trigger_runs(trigger):
    """docs/effects.md *Triggers*: an effect with each trigger happens at its moment."""
    assert trigger in TRIGGER_PROBES, f"no probe for trigger {trigger!r}"
    TRIGGER_PROBES[trigger]()



# --- variable amounts -------------------------------------------------------------------------

X_EXPECTED = {"margin": 2, "damage_dealt": 3, "power": 4, "body": 1, "mind": 2, "charm": 3,
              "heroes_in_play": 2, "villains_in_play": 1, "bystanders_in_play": 1}


@pytest.mark.parametrize("x", DEFS["amount"]["oneOf"][1]["properties"]["x"]["enum"])
def test_schema_amount_x_is_worked_out(x):
    """docs/effects.md *Variable amounts*: each X the schema accepts is read from the game."""
    from engine.plottwist.effects import amount_of

    assert x in X_EXPECTED, f"no probe for X {x!r}"
    game = make_game(heroes=[hero("A", power=4, body=1, mind=2, charm=3), hero("B")])
    st = game.state
    by = card("bystander", "Onlooker")
    game.cards[by.key] = by
    st.cards["b1"] = by.key
    st.zones["bystanders"].add("b1")
    ctx = game._ctx()
    ctx.margin, ctx.dealt = 2, 3
    assert amount_of(ctx, {"amount": {"x": x}}, st.characters["h1"]) == X_EXPECTED[x]
