"""The card vocabulary a pack author needs (issue 19; docs/effects.md).

A-13 (the rulebook's sample card, "The Stare"), PT-DETAIL-1/2, PT-DMG-7 (immune), PT-BEL-4
(paying Belief), PT-FREE-2 (once per span), PT-COUNT-4 ("this Turn").
"""

from __future__ import annotations

from pathlib import Path

from engine.catalog import Catalog
from engine.plottwist import actions as A
from engine.plottwist.rules.damage import deal
from engine.plottwist.testkit import card

from .helpers import make_game, pass_players, unchanged_on_refusal

STARE_PACK = Path(__file__).parents[1] / "fixtures" / "stare_pack"


def _end_turn(game) -> None:
    for _ in range(2):
        pass_players(game)
        game.apply(A.Pass("gm"))


def test_the_stare_plays_whole_A_13():
    """A-13, PT-DETAIL-2, PT-DMG-7: "Requires Alex Smith - You are immune to Physical
    Damage this Turn. You may spend 1 Belief to repeat this effect once this Conflict."
    loaded from a pack (the schema accepts it), played, then repeated once for 1 Belief in
    a later Turn of the same Conflict, and not a second time."""
    catalog = Catalog.load([STARE_PACK], include_bundled=False, include_user=False)
    stare, alex = catalog["stare/the-stare"], catalog["stare/alex-smith"]
    hand = [stare] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(heroes=[alex], hands={"p1": hand})
    st = game.state
    h = st.characters["h1"]
    inst = st.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    assert deal(game._ctx(), h, "physical", 3, False, None) == 0      # immune this Turn
    _end_turn(game)
    assert deal(game._ctx(), h, "physical", 1, False, None) == 1      # Turn 2: not any more
    belief = h.belief
    repeat = A.Activate("p1", actor="h1", card=inst, index=1)
    assert any(a == repeat for a in game.legal_actions("p1"))
    game.apply(repeat)
    assert h.belief == belief - 1
    assert deal(game._ctx(), h, "physical", 3, False, None) == 0
    _end_turn(game)
    unchanged_on_refusal(game, repeat, "PT-FREE-2")                    # once this Conflict


def test_once_on_a_triggered_effect_PT_FREE_2():
    """docs/effects.md `once`: a Location's "at the start of each Turn, once per game, the
    Heroes gain 2 Energy" happens on Turn 1 only."""
    plaza = card("location", "Plaza", effects=[
        {"trigger": "start_of_turn", "once": "game", "target": "all_heroes",
         "ops": [{"op": "gain", "counter": "energy", "amount": 2}]}])
    game = make_game(location=plaza)
    h = game.state.characters["h1"]
    e = h.energy
    _end_turn(game)
    assert h.energy == e


def _core(name: str):
    core = Catalog.load([], include_bundled=True, include_user=False)
    return next(c for c in core if c.name == name and c.pack == "core")


def test_core_improvised_cover_repeats_once_a_conflict_PT_ARM_3():
    """PT-ARM-3, PT-BEL-4, PT-FREE-2: the core Detail Improvised Cover gives Cover 1 this
    Turn and may be done again once this Conflict for 1 Belief."""
    from engine.plottwist.rules.damage import cover

    imp = _core("Improvised Cover")
    game = make_game(hands={"p1": [imp] + [card("detail", f"Idea {i}") for i in range(4)]})
    h = game.state.characters["h1"]
    inst = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    assert cover(game._ctx(), h) == 1
    _end_turn(game)
    assert cover(game._ctx(), h) == 0
    game.apply(A.Activate("p1", actor="h1", card=inst, index=1))
    assert cover(game._ctx(), h) == 1
    unchanged_on_refusal(game, A.Activate("p1", actor="h1", card=inst, index=1), "PT-FREE-2")


def test_core_old_lighthouse_once_a_conflict_PT_FREE_2():
    """docs/effects.md `once`: the core Location Old Lighthouse gives every Hero 1 Belief
    at the first End of Turn of a Conflict only."""
    game = make_game(location=_core("Old Lighthouse"))
    h = game.state.characters["h1"]
    h.belief = 2
    _end_turn(game)
    assert h.belief == 3
    _end_turn(game)
    assert h.belief == 3


FEINT = card("detail", "Feint or Flee", effects=[{"trigger": "on_play", "ops": [
    {"op": "choose", "options": [
        {"label": "gain 2 Energy", "ops": [{"op": "gain", "counter": "energy", "amount": 2}]},
        {"label": "gain 1 Move", "ops": [{"op": "gain", "counter": "move", "amount": 1}]}]}]}])


def test_choose_one_waits_for_the_controller_PT_TERM_1():
    """docs/effects.md `choose`: "choose one" between op lists: the Player who plays the
    Detail chooses (the view lists the options with their labels); only that list runs."""
    game = make_game(hands={"p1": [FEINT] + [card("detail", f"Idea {i}") for i in range(4)]})
    h = game.state.characters["h1"]
    inst = game.state.zones["plot_hand:p1"].cards[0]
    h.move, e = 1, h.energy
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    pending = game.view("table")["pending"][0]
    assert pending["kind"] == "option" and pending["seat"] == "p1"
    assert pending["labels"] == ["gain 2 Energy", "gain 1 Move"]
    game.apply(A.ChooseTarget("p1", card=inst, target="1"))
    assert (h.move, h.energy) == (2, e)


STARE_DOWN = card("detail", "Stare Down", effects=[{
    "trigger": "on_play", "target": "chosen_villain", "ops": [
        {"op": "roll", "roll": {"kind": "opposing", "attribute": "charm", "ability": "offend",
                                "against_attribute": "charm", "against_ability": "rebutt"},
         "win": {"ops": [{"op": "status", "status": "Stunned"}]},
         "loss": {"target": "self", "ops": [{"op": "lose", "counter": "energy",
                                             "amount": 2}]}}]}])


def test_a_roll_printed_on_a_card_wins_or_loses_PT_ROLL_3():
    """PT-ROLL-3/4, PT-ROLL-8 ("Generally a Win provokes an effect written in the cards"):
    the Hero's Charm + Offend against the Villain's Charm + Rebutt, coins forced as a
    scenario would; the Win Stuns the Villain, a Loss (a tie) costs the Hero 2 Energy. Both
    rolls are shown like any roll."""
    for coins, stunned, lost in (("HHH" + "TTT", True, 0), ("HTT" + "HTT", False, 2)):
        hand = [STARE_DOWN] + [card("detail", f"Idea {i}") for i in range(4)]
        game = make_game(hands={"p1": hand})
        h, v = game.state.characters["h1"], game.state.characters["v1"]
        e = h.energy
        game.coins.force(coins + "T" * 10)
        game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"]
                                .cards[0]))
        assert v.has("Stunned") is stunned and h.energy == e - lost
        assert [r["kind"] for r in game.state.rolls[-2:]] == ["opposing", "opposing"]


def test_core_withering_glare_and_quick_thinking_PT_ROLL_3():
    """PT-ROLL-3/4: the core Details Withering Glare (an Opposing roll printed on the card:
    Win Stuns the Villain, Loss costs 1 Energy) and Quick Thinking (choose one: gain 1 Move
    or draw 1)."""
    for coins, stunned, lost in (("HHH" + "TTT", True, 0), ("TTT" + "HHH", False, 1)):
        hand = [_core("Withering Glare")] + [card("detail", f"Idea {i}") for i in range(4)]
        game = make_game(hands={"p1": hand})
        h, v = game.state.characters["h1"], game.state.characters["v1"]
        e = h.energy
        game.coins.force(coins + "T" * 10)
        game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"]
                                .cards[0]))
        assert v.has("Stunned") is stunned and h.energy == e - lost
    hand = [_core("Quick Thinking")] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(hands={"p1": hand})
    inst = game.state.zones["plot_hand:p1"].cards[0]
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    n = len(game.state.zones["combat_hand:p1"].cards)
    game.apply(A.ChooseTarget("p1", card=inst, target="1"))
    assert len(game.state.zones["combat_hand:p1"].cards) == n + 1


def test_variable_amounts_x_PT_ROLL_8():
    """docs/effects.md *Variable amounts*: X = the Margin of the card's roll (Margin 3 on a
    Fixed roll against 1: 3 Energy), X = Heroes in play + 1, X = the Damage just dealt."""
    glare = card("detail", "Read the Room", effects=[{"trigger": "on_play", "ops": [
        {"op": "roll", "roll": {"kind": "fixed", "attribute": "mind", "ability": "psyche",
                                "difficulty": 1},
         "win": {"ops": [{"op": "gain", "counter": "energy", "amount": {"x": "margin"}}]}},
        {"op": "gain", "counter": "belief", "amount": {"x": "heroes_in_play", "plus": 1}},
        {"op": "damage", "mode": "dealt", "kind": "stress", "resistance": "social",
         "amount": 2},
        {"op": "regenerate", "resistance": "social", "amount": {"x": "damage_dealt"}}]}])
    from .helpers import hero

    game = make_game(heroes=[hero(mind=2, heroics={"psyche": 2})],
                     hands={"p1": [glare] + [card("detail", f"Idea {i}") for i in range(4)]})
    h = game.state.characters["h1"]
    e, b, social = h.energy, h.belief, h.stress["social"]
    game.coins.force("HHHH" + "T" * 10)                   # 4 Successes vs 1: Margin 3
    game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"].cards[0]))
    assert h.energy == e + 3
    assert h.belief == b - 1 + 2                           # paid 1; X = 1 Hero + 1
    assert h.stress["social"] == social                    # 2 dealt, then 2 back


def test_core_deep_breath_regenerates_power_PT_RES_7():
    """PT-RES-7, docs/effects.md X = your Power: the core Detail Deep Breath gives back as
    much Mental Stress as the Hero's Power (4 here)."""
    from .helpers import hero

    game = make_game(heroes=[hero(power=4, mind=3)],
                     hands={"p1": [_core("Deep Breath")] + [card("detail", f"Idea {i}")
                                                            for i in range(4)]})
    h = game.state.characters["h1"]
    h.stress["mental"] = 2
    game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"].cards[0]))
    assert h.stress["mental"] == 6


def test_core_reactions_riot_vest_and_memorial_square_PT_BYST_7():
    """docs/effects.md reactions, PT-ATK-6, PT-BYST-7: the core Padded Riot Vest gives its
    wearer 1 Energy when it is hit (not when missed); at the core Memorial Square every Hero
    gains 1 Belief when a Bystander is Killed."""
    from .helpers import hero, to_attack_step, villain

    for hit, gained in ((True, 1), (False, 0)):
        game = make_game(equipment={"p1": [_core("Padded Riot Vest")]})
        h = game.state.characters["h1"]
        e = h.energy
        to_attack_step(game, "v1", "h1", "melee")
        game.coins.force(("HHHH" + "TTTT" if hit else "TTTT" + "HHHH") + "T" * 20)
        game.apply(A.Attack("gm", actor="v1", attack_type="melee"))
        assert h.energy == e + gained
    witness = card("bystander", "Witness", difficulty=1, life=1)
    game = make_game(location=_core("Memorial Square"),
                     hands={"gm": [witness] + [card("bystander", f"G {i}") for i in range(4)]},
                     heroes=[hero()], vil=villain(heroics={"fighting": 2, "psyche": 2}))
    h = game.state.characters["h1"]
    h.belief = 3
    pass_players(game)
    inst = game.state.zones["plot_hand:gm"].cards[0]
    game.apply(A.PlayBystanders("gm", actor="v1", cards=(inst,)))
    to_attack_step(game, "v1", inst)
    game.coins.force("H" * 40)
    game.apply(A.Attack("gm", actor="v1", attack_type="mental"))
    assert h.belief == 4


def test_core_counter_move_and_rattling_taunt_PT_COMBAT_9():
    """PT-COMBAT-9, docs/effects.md targets beyond characters: the core Maneuver Counter
    Move cancels the Cover the Villain's Maneuver just gave it; Rattling Taunt makes the
    GM discard 1 Combat card."""
    from engine.plottwist.rules.damage import cover

    from .helpers import combat_card, to_attack_step

    duck = combat_card("Duck", "maneuver", effects=[
        {"trigger": "on_play", "duration": "this_combat", "ops": [{"op": "cover",
                                                                   "amount": 2}]}])
    mine = [_core("Counter Move"), _core("Rattling Taunt")] * 5
    game = make_game(decks={"p1": mine, "gm": [duck] * 10})
    to_attack_step(game, "h1", "v1")
    st = game.state
    st.combat.step = "maneuver"                              # type: ignore[union-attr]
    st.combat.passed = []                                    # type: ignore[union-attr]
    game.apply(A.PlayCombatCard("gm", actor="v1", card=st.zones["combat_hand:gm"].cards[0]))
    assert cover(game._ctx(), st.characters["v1"]) == 2

    def in_hand(name: str) -> str:
        for zone in ("combat_hand:p1", "combat_deck:p1"):
            for c in st.zones[zone].cards:
                if game.cards[st.cards[c]].name == name:
                    if zone != "combat_hand:p1":
                        st.zone_to_change(zone).remove(c)
                        st.zone_to_change("combat_hand:p1").add(c)
                    return c
        raise AssertionError(name)

    game.apply(A.PlayCombatCard("p1", actor="h1", card=in_hand("Counter Move")))
    assert cover(game._ctx(), st.characters["v1"]) == 0
    assert game.view("table")["combat"]["played"][0]["cancelled"] is True
    before = len(st.zones["combat_hand:gm"].cards)
    st.characters["h1"].move = 2
    game.apply(A.PlayCombatCard("p1", actor="h1", card=in_hand("Rattling Taunt")))
    assert len(st.zones["combat_hand:gm"].cards) == before - 1
    assert len(st.zones["discard:gm"].cards) == 2             # Duck, and the discarded one


def test_core_clear_the_area_evacuates_a_chosen_bystander_PT_BYST_1():
    """PT-BYST-1/8, docs/effects.md targets beyond characters: the core Detail Clear the
    Area asks which Bystander leaves; it is discarded neither Recruited nor Killed."""
    guards = [card("bystander", f"Guard {i}", difficulty=1, life=1) for i in range(2)]
    hands = {"p1": [_core("Clear the Area"), *guards,
                    *(card("detail", f"Idea {i}") for i in range(2))]}
    game = make_game(hands=hands)
    st = game.state
    by = [c for c in st.zones["plot_hand:p1"].cards if _kind(game, c) == "bystander"]
    game.apply(A.PlayBystanders("p1", actor="h1", cards=tuple(by)))
    detail = next(c for c in st.zones["plot_hand:p1"].cards
                  if game.cards[st.cards[c]].name == "Clear the Area")
    game.apply(A.PlayDetail("p1", actor="h1", card=detail))
    assert game.view("p1")["pending"][0]["options"] == by
    game.apply(A.ChooseTarget("p1", card=detail, target=by[1]))
    assert st.zones["bystanders"].cards == [by[0]] and by[1] in st.zones["discard:p1"]
    assert not st.tally.get("bystanders_recruited")


def _kind(game, inst: str) -> str:
    return game.cards[game.state.cards[inst]].kind


def test_choose_one_menu_reads_the_labels():
    """The table's menu for a "choose one" names the options by their labels."""
    game = make_game(hands={"p1": [FEINT] + [card("detail", f"Idea {i}") for i in range(4)]})
    game.apply(A.PlayDetail("p1", actor="h1", card=game.state.zones["plot_hand:p1"].cards[0]))
    texts = [a.text for a in game.legal_actions("p1")]
    assert texts == ["Feint or Flee: gain 2 Energy", "Feint or Flee: gain 1 Move"]
