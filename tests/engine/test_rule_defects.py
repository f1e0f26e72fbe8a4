"""Rules engine part 3: the ten defects of issue 19, each against its clause.

PT-RELOC-2, PT-LAIR-1, A-55 (the Lair is the only place after a Pursuit); A-9, PT-FLEE-3,
A-28 (Hate regained: no Flee, no Surrender); PT-STATUS-9, A-49 (a Prone defender rolls
nothing); PT-LOCK-1, PT-ROF-2 (Locked passive Keywords); PT-TURN-5, PT-ACT-2 (a Twist! that
changes actions); PT-STATUS-7/15/17 (Stunned, Flying, Hidden edges); PT-BYST-2, PT-SETUP
(one place decides Setup legality); PT-TURN-1/2, A-1 (every Player passes).
"""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.rules.rolls import pool_mods
from engine.plottwist.testkit import card

from .helpers import (
    hero,
    make_game,
    pass_players,
    to_attack_step,
    to_combat_phase,
    unchanged_on_refusal,
    villain,
)

LAIR = card("lair", "Hideout")
GM_HAND = [LAIR] + [card("bystander", f"Guy {i}") for i in range(4)]


def _end_turn(game) -> None:
    """Every seat passes twice: Start of Turn, then the Combat phase."""
    for _ in range(2):
        for seat in game.state.seats:
            if seat != "gm" and game.state.initiative == "heroes":
                game.apply(A.Pass(seat))
        game.apply(A.Pass("gm"))


def _pursue(game) -> None:
    game.state.characters["v1"].hate = 0
    _end_turn(game)
    assert game.state.phase == "pursuit"
    game.apply(A.Pursue("p1", pursue=True))
    assert game.state.lair is not None


def test_location_does_nothing_in_the_lair_PT_LAIR_1_A_55():
    """PT-RELOC-2, PT-LAIR-1, A-55: after a Pursuit the Lair is the only place; the Docks'
    +2 attack coins stop counting and its End of Turn Damage no longer hits anyone."""
    docks = card("location", "Docks", effects=[
        {"trigger": "static", "target": "all_heroes",
         "ops": [{"op": "pool", "roll": "attack", "coins": 2}]},
        {"trigger": "end_of_turn", "target": "all_heroes",
         "ops": [{"op": "damage", "mode": "dealt", "resistance": "social", "amount": 1}]}])
    game = make_game(location=docks, hands={"gm": GM_HAND}, vil=villain(power=3))
    h = game.state.characters["h1"]
    assert pool_mods(game._ctx(), h, "attack") == 2
    _pursue(game)
    assert pool_mods(game._ctx(), h, "attack") == 0
    social = h.stress["social"]
    _end_turn(game)
    assert h.stress["social"] == social


def test_hate_regained_neither_flees_nor_surrenders_A_9_PT_FLEE_3():
    """A-9, PT-FLEE-3, A-28: the Villain reaches 0 Hate, then an "In 1 Turn" Event gives
    him 2 Hate in the same End of Turn (Timing Counters come before the Flee): with no Lair
    to play he does not Surrender, and the game goes on."""
    rage = card("event", "Rage", effects=[
        {"trigger": "in_turns", "turns": 1, "target": "main_villain",
         "ops": [{"op": "gain", "counter": "hate", "amount": 2}]}])
    game = make_game(events=[rage] + [card("event", f"Event {i}") for i in range(4)],
                     vil=villain(power=3))
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    ev = next(c for c in game.state.zones["events"].cards
              if game.cards[game.state.cards[c]].name == "Rage")
    game.apply(A.RevealEvent("gm", card=ev))
    v = game.state.characters["v1"]
    v.hate = 0
    game.apply(A.Pass("gm"))
    assert v.in_play and v.out is None
    assert game.state.winner is None and game.state.turn == 2
    assert v.hate == 2


def test_prone_defender_gets_no_automatic_successes_PT_STATUS_9_A_49():
    """PT-STATUS-9, A-49: a Prone defender rolls nothing, so an Attack with 1 Success hits
    even though its card gives it 2 Automatic Successes on Defense."""
    guard = villain(effects=[{"trigger": "static", "ops": [
        {"op": "auto_success", "roll": "defense", "amount": 2}]}])
    game = make_game(vil=guard)
    to_attack_step(game, "h1", "v1", "melee")
    game.state.characters["v1"].statuses.append("Prone")
    game.coins.force("HTTT" + "T" * 30)
    events = game.apply(A.Attack("p1", actor="h1", attack_type="melee"))
    assert any(e.kind == "hit" for e in events)
    assert game.state.rolls[-2]["total"] == 0                 # the defence: nothing


def test_stunned_cannot_initiate_PT_STATUS_7():
    """PT-STATUS-7: a Stunned character cannot Attack, so it initiates no Combat."""
    game = make_game()
    to_combat_phase(game)
    game.state.characters["h1"].statuses.append("Stunned")
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target="v1"), "PT-STATUS-7")


def test_sneak_attack_cannot_set_melee_against_a_flier_PT_STATUS_15():
    """PT-STATUS-15, PT-SNEAK-3: a Hidden non-flier's Sneak Attack sets Ranged against a
    Flying target, never Melee."""
    game = make_game(heroes=[hero(heroics={"stealth": 2, "fighting": 1})])
    to_combat_phase(game)
    st = game.state
    st.characters["h1"].statuses.append("Hidden")
    st.characters["v1"].statuses.append("Flying")
    unchanged_on_refusal(game, A.SneakAttack("p1", actor="h1", target="v1", distance="melee"),
                         "PT-STATUS-15")
    game.apply(A.SneakAttack("p1", actor="h1", target="v1", distance="ranged"))


def test_hidden_in_a_combat_cannot_attack_PT_STATUS_17():
    """PT-STATUS-16/17: a combatant a card makes Hidden during the Combat can only Sneak
    Attack, so its normal Attack is refused and it stays Hidden."""
    game = make_game()
    to_attack_step(game, "h1", "v1", "melee")
    h = game.state.characters["h1"]
    h.statuses.append("Hidden")
    unchanged_on_refusal(game, A.Attack("p1", actor="h1", attack_type="melee"), "PT-STATUS-17")
    assert h.has("Hidden")


def test_twist_that_removes_moves_matters_PT_TURN_5_PT_ACT_2():
    """PT-TURN-5, PT-ACT-2, PT-TWIST-1: the actions are renewed to 2 Move / 1 Attack in the
    Start of Turn and the Twist! revealed first thing still takes both Move actions away."""
    mud = card("twist", "Knee-Deep Mud", effects=[
        {"trigger": "on_reveal", "target": "all_heroes",
         "ops": [{"op": "lose", "counter": "move", "amount": 2}]}])
    game = make_game(twists=[mud] * 10)
    h = game.state.characters["h1"]
    assert (h.move, h.attack) == (0, 1)
    assert game.state.characters["v1"].move == 2


def test_initiative_passes_when_every_player_has_passed_PT_TURN_1_A_1():
    """PT-TURN-1, PT-TURN-2, A-1: after p1 passes, p2's Hero may still Hide, and the GM
    acts only once p2 has passed too; p1 cannot pass twice. The option hero_pass =
    "any_player" keeps the one-Pass reading."""
    from engine.plottwist.options import RulesOptions

    game = make_game(heroes=[hero("A"), hero("B", heroics={"stealth": 2})])
    game.apply(A.Pass("p1"))
    assert game.state.initiative == "heroes"
    unchanged_on_refusal(game, A.Pass("gm"), "PT-TURN-1")
    unchanged_on_refusal(game, A.Pass("p1"), "PT-TURN-2")
    game.apply(A.Hide("p2", actor="h2"))
    assert game.state.characters["h2"].has("Hidden")
    assert game.view("table")["players_passed"] == ["p1"]
    game.apply(A.Pass("p2"))
    assert game.state.initiative == "villains"
    one = make_game(heroes=[hero("A"), hero("B")],
                    options=RulesOptions(hero_pass="any_player"))
    one.apply(A.Pass("p1"))
    assert one.state.initiative == "villains"


def _locked_armor_hit(energy: int, **opts: str):
    """The Villain hits a Hero whose Armor (Power 3) is Locked; the Hero has `energy`."""
    from engine.plottwist.options import RulesOptions
    from engine.plottwist.state import Modifier

    game = make_game(heroes=[hero(power=3, keywords=["Armor"])], vil=villain(body=6),
                     options=RulesOptions(**opts))
    h = game.state.characters["h1"]
    h.energy = energy
    game.state.modifiers.append(Modifier("h1", {"op": "lock", "what": "keyword",
                                                "name": "Armor"}, "reversal", "this_turn"))
    to_attack_step(game, "v1", "h1", "melee")
    game.coins.force("H" * 8 + "T" * 4 + "H" * 30)
    game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
    damage = next(r for r in reversed(game.state.rolls) if r["kind"] == "damage")
    return h, damage["parts"].get("armor", 0)


def test_locked_armor_costs_one_energy_PT_LOCK_1_PT_ROF_2():
    """PT-LOCK-1, PT-ROF-2: a Locked Armor Keyword works only by paying 1 Energy each time:
    with Energy it soaks 3 and costs 1; with none it soaks nothing; with the option
    locked_passive = "off" it soaks nothing even with Energy."""
    h, soak = _locked_armor_hit(2)
    assert soak == -3 and h.energy == 1
    h, soak = _locked_armor_hit(0)
    assert soak == 0
    h, soak = _locked_armor_hit(2, locked_passive="off")
    assert soak == 0 and h.energy == 2


def test_setup_legality_is_decided_in_one_place_PT_UNIQ_3_PT_COLOR_4():
    """PT-UNIQ-3, PT-COLOR-4, PT-EQUIP-1: Game.new refuses two copies of one Mook card and
    an off-Color first Equipment, as the New game wizard's pick checks do (they ask the
    same rules.setup functions)."""
    import pytest

    from engine.core.errors import RuleViolation
    from engine.plottwist import setup_picks as P
    from engine.plottwist.rules.setup import validate

    from .helpers import make_setup, mook, weapon

    goons = mook("Goons")
    with pytest.raises(RuleViolation) as err:
        validate(make_setup(mooks=[goons, goons]))
    assert err.value.clause == "PT-UNIQ-3"
    partial = P.PartialSetup(mooks=[goons])
    assert P.check_mook_pick(partial, goons).clause == "PT-UNIQ-3"
    axe = weapon("Red Axe", "melee", "1/2", color="Red")
    blue = hero(color="Blue")
    with pytest.raises(RuleViolation) as err:
        validate(make_setup(heroes=[blue], equipment={"p1": [axe]}))
    assert err.value.clause == "PT-COLOR-4"
    assert P.check_equipment_pick(partial, blue, axe).clause == "PT-COLOR-4"


def test_bystander_left_at_another_location_is_still_in_play_PT_BYST_2():
    """PT-BYST-2, PT-RELOC-3: a Bystander left behind at the Docks after a Relocation is
    still in play, so its copy cannot be played at the new Location."""
    guard = card("bystander", "Night Guard", difficulty=1, life=1)
    hands = {"p1": [guard] + [card("detail", f"Idea {i}") for i in range(4)],
             "gm": [guard] + [card("bystander", f"Guy {i}") for i in range(4)]}
    game = make_game(hands=hands)
    st = game.state
    mine = st.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(mine,)))
    st.zones["bystanders"].remove(mine)                   # as a Relocation leaves it
    st.extra_zone("bystanders_elsewhere").add(mine)
    pass_players(game)
    theirs = st.zones["plot_hand:gm"].cards[0]
    unchanged_on_refusal(game, A.PlayBystanders("gm", actor="v1", cards=(theirs,)),
                         "PT-BYST-2")
