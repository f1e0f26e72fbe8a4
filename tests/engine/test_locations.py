"""Locations and Relocation (PT-LOC-1..4, PT-RELOC-1..5, PT-FLEE-8, A-10, A-21, A-33)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import hero, make_game, to_combat_phase, unchanged_on_refusal, villain

PERMIT = card("detail", "Call for Backup",
              effects=[{"trigger": "on_play", "ops": [{"op": "permit_location"}]}])
CHASE = card("detail", "Chase Them Down",
             effects=[{"trigger": "on_play", "ops": [{"op": "relocate"}]}])
ROOFTOPS = card("location", "Rooftops", effects=[
    {"trigger": "static", "target": "all_characters",
     "ops": [{"op": "pool", "roll": "attack", "coins": 1}]}])
DOCKS_COPY = card("location", "Docks")
WHARF = card("bystander", "Dock Worker", difficulty=1, life=1,
             effects=[{"trigger": "on_recruit", "ops": [{"op": "gain", "counter": "energy",
                                                          "amount": 1}]}])


def _hand(*cards):
    filler = [card("detail", f"Idea {i}") for i in range(5)]
    return list(cards) + filler[: 5 - len(cards)]


def _game(**kw):
    kw.setdefault("hands", {"p1": _hand(PERMIT, CHASE, ROOFTOPS, DOCKS_COPY)})
    return make_game(**kw)


def _inst(game, name, zone="plot_hand:p1"):
    st = game.state
    return next(c for c in st.zones[zone].cards if game.cards[st.cards[c]].name == name)


def _play_rooftops(game):
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Call for Backup")))
    loc = _inst(game, "Rooftops")
    game.apply(A.PlayLocation("p1", actor="h1", card=loc))
    return loc


def test_a_location_is_played_only_when_a_card_permits_it_PT_LOC_4():
    """PT-LOC-4, PT-LOC-1: without a permitting card the Location stays in the hand; after
    Call for Backup it comes into play, and the Conflict stays where it was."""
    game = _game()
    loc = _inst(game, "Rooftops")
    unchanged_on_refusal(game, A.PlayLocation("p1", actor="h1", card=loc), "PT-LOC-4")
    before = game.state.location
    _play_rooftops(game)
    st = game.state
    assert loc in st.locations_in_play() and st.location == before
    assert loc not in st.zones["plot_hand:p1"]
    # the permit was for one Location only
    assert not st.location_permits


def test_only_one_copy_of_a_location_in_play_PT_LOC_2():
    """PT-LOC-2, PT-LOC-3: the GM's starting Location is in play; a second Docks is refused."""
    game = _game()
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Call for Backup")))
    unchanged_on_refusal(game, A.PlayLocation("p1", actor="h1", card=_inst(game, "Docks")),
                         "PT-LOC-2")


def test_relocate_moves_everyone_and_swaps_location_effects_PT_RELOC_1_PT_RELOC_2():
    """PT-RELOC-1, PT-RELOC-2: Chase Them Down moves the whole table to Rooftops, whose
    +1 attack coin now applies; the old Location stays in play."""
    game = _game()
    loc = _play_rooftops(game)
    old = game.state.location
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Chase Them Down"), target=loc))
    st = game.state
    assert st.location == loc and old in st.locations_in_play()
    from engine.plottwist.rules.rolls import pool_mods

    assert pool_mods(game._ctx(), st.characters["h1"], "attack") == 1
    assert pool_mods(game._ctx(), st.characters["v1"], "attack") == 1


def test_bystanders_stay_behind_on_relocation_PT_RELOC_3():
    """PT-RELOC-3: a Bystander played at Docks is not at Rooftops after the Relocation, so
    nobody there can initiate Combat with it."""
    game = _game(hands={"p1": _hand(PERMIT, CHASE, ROOFTOPS, WHARF)})
    by = _inst(game, "Dock Worker")
    game.apply(A.PlayBystanders("p1", actor="h1", cards=(by,)))
    loc = _play_rooftops(game)
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Chase Them Down"), target=loc))
    st = game.state
    assert by not in st.zones["bystanders"] and st.left_behind[by] != loc
    to_combat_phase(game)
    unchanged_on_refusal(game, A.InitiateCombat("p1", actor="h1", target=by), "PT-COMBAT-1")


def test_no_relocation_once_a_combat_was_initiated_PT_RELOC_5():
    """PT-RELOC-5, A-10: Relocating is allowed in the Combat phase before any Combat, never
    during one, and not after the first Combat of the phase was initiated."""
    game = _game()
    loc = _play_rooftops(game)
    chase = _inst(game, "Chase Them Down")
    to_combat_phase(game)
    assert game.is_legal(A.PlayDetail("p1", actor="h1", card=chase, target=loc))
    game.apply(A.InitiateCombat("p1", actor="h1", target="v1"))
    unchanged_on_refusal(game, A.PlayDetail("p1", actor="h1", card=chase, target=loc),
                         "PT-RELOC-5")
    while game.state.combat is not None:
        cb = game.state.combat
        seat = next(game.state.characters[i].seat for i in (cb.attacker, cb.defender)
                    if i not in cb.passed)
        game.apply(A.Pass(seat))
    unchanged_on_refusal(game, A.PlayDetail("p1", actor="h1", card=chase, target=loc),
                         "PT-RELOC-5")


def test_never_relocate_to_a_lair_but_from_one_PT_RELOC_4():
    """PT-RELOC-4, PT-FLEE-5: after a Pursuit the Conflict is in the Lair; Relocating to the
    Lair is refused, Relocating out of it back to a Location is allowed."""
    gm = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = _game(hands={"p1": _hand(PERMIT, CHASE, ROOFTOPS), "gm": gm})
    game.state.characters["v1"].hate = 0
    loc = _play_rooftops(game)
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=True))
    st = game.state
    assert st.lair is not None
    chase = _inst(game, "Chase Them Down")
    unchanged_on_refusal(game, A.PlayDetail("p1", actor="h1", card=chase, target=st.lair),
                         "PT-RELOC-4")
    game.apply(A.PlayDetail("p1", actor="h1", card=chase, target=loc))
    assert game.state.lair is None and game.state.location == loc


def _flee_to_interview(game):
    game.state.characters["v1"].hate = 0
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    assert game.state.phase == "interview"


def test_gm_chooses_next_location_after_interview_and_villain_recovers_hate_PT_FLEE_8():
    """PT-FLEE-8, A-21, A-33, PT-INTV-3: two Locations in play mean two questions; the GM
    picks Rooftops; when the Interview ends everyone is there and the Villain has
    Power x3 Hate again."""
    gm = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = _game(hands={"p1": _hand(PERMIT, ROOFTOPS), "gm": gm}, vil=villain(power=2),
                 heroes=[hero(skills={"apologist": 1})])
    loc = _play_rooftops(game)
    _flee_to_interview(game)
    assert game.state.questions_left == 2
    unchanged_on_refusal(game, A.ChooseLocation("p1", card=loc), "PT-FLEE-8")
    unchanged_on_refusal(game, A.ChooseLocation("gm", card=game.state.objective or ""),
                         "PT-FLEE-8")
    game.apply(A.ChooseLocation("gm", card=loc))
    for _ in range(2):
        game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    st = game.state
    assert st.phase == "start" and st.location == loc
    assert st.characters["v1"].hate == 6


def test_without_a_choice_the_next_conflict_is_at_the_same_location_PT_FLEE_8():
    """PT-FLEE-8: the GM may leave the Conflict where it was."""
    gm = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = _game(hands={"p1": _hand(PERMIT), "gm": gm}, heroes=[hero(skills={"apologist": 1})])
    where = game.state.location
    _flee_to_interview(game)
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert game.state.location == where and game.state.phase == "start"


def test_incapacitated_heros_belief_pays_for_a_location_A_27_PT_STATUS_3():
    """PT-STATUS-3, A-27, PT-LOC-4: an Incapacitated Hero's Player may still play a permitted
    Location, paying 1 Belief of that Hero."""
    game = _game(heroes=[hero("A"), hero("B")])
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Call for Backup")))
    h = game.state.characters["h1"]
    h.in_play, h.out = False, "incapacitated"
    belief = h.belief
    game.apply(A.PlayLocation("p1", actor="h1", card=_inst(game, "Rooftops")))
    assert h.belief == belief - 1 and len(game.state.locations_in_play()) == 2


ALLEY = card("location", "Back Alley")


def test_controller_chooses_where_a_relocate_without_target_goes_PT_RELOC_1_A_10():
    """PT-RELOC-1, A-10: Chase Them Down names no Location and two others are in play: its
    controller (p1) is offered one choice per Location, the GM is offered nothing and is
    refused, nothing else proceeds; everyone Relocates to the chosen one."""
    game = _game(hands={"p1": _hand(PERMIT, CHASE, ROOFTOPS, ALLEY)})
    roof = _play_rooftops(game)
    alley = _inst(game, "Back Alley")
    st = game.state
    st.zones["plot_hand:p1"].remove(alley)                    # a second Location in play
    st.zones["locations"].add(alley)
    start = st.location
    game.apply(A.PlayDetail("p1", actor="h1", card=_inst(game, "Chase Them Down")))
    assert st.location == start and st.relocate_pending["seat"] == "p1"
    offered = game.legal_actions("p1")
    assert {(type(a), a.card) for a in offered} == {(A.ChooseDestination, roof),
                                                   (A.ChooseDestination, alley)}
    assert game.legal_actions("gm") == []
    unchanged_on_refusal(game, A.ChooseDestination("gm", card=alley), "PT-RELOC-1")
    unchanged_on_refusal(game, A.ChooseDestination("p1", card=start or ""), "PT-RELOC-1")
    unchanged_on_refusal(game, A.Pass("p1"), "PT-RELOC-1")
    from engine.plottwist.agents import seats_to_act

    assert seats_to_act(game) == ["p1"]
    again = type(game).load(game.save(), game.cards)             # the choice is saved
    assert again.state.relocate_pending == st.relocate_pending
    game.apply(A.ChooseDestination("p1", card=alley))
    assert st.location == alley and not st.relocate_pending
    assert roof in st.locations_in_play() and start in st.locations_in_play()
    game.apply(A.Pass("p1"))                                     # the game goes on
