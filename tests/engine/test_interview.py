"""Interviews (PT-INTV, PT-SKILL-2, PT-SKILL-3, PT-KW-5, A-43)."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.testkit import card

from .helpers import hero, make_game, pass_players, to_combat_phase, unchanged_on_refusal, villain


def _interview(heroes, questions=0):
    hand = [card("lair", "Hideout")] + [card("bystander", f"Guy {i}") for i in range(4)]
    game = make_game(hands={"gm": hand}, heroes=heroes, vil=villain(power=3))
    game.state.extra_questions = questions
    game.state.characters["v1"].hate = 0
    to_combat_phase(game)
    pass_players(game)
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    return game


def test_apologist_regenerates_social_stress_of_a_target_PT_SKILL_2():
    """PT-INTV-2, PT-SKILL-2, PT-ROLL-5: Charm + Apologist, naming 2: 3 Successes win and
    the target Regenerates 2 Social Stress."""
    game = _interview([hero("A", charm=2, skills={"apologist": 2}), hero("B")], questions=1)
    game.state.characters["h2"].stress["social"] = 1
    assert game.state.questions_left == 2
    game.coins.force("HHHT")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=2, target="h2"))
    assert game.state.characters["h2"].stress["social"] == 3
    assert game.state.questions_left == 1


def test_public_relations_distributes_energy_not_to_spirits_PT_SKILL_3_PT_KW_5():
    """PT-SKILL-3, PT-KW-5: Public Relations gives Energy to Heroes, never to a Spirit of the
    Night; the Spirit still gains its Power when the Interview ends."""
    spirit = hero("Night", power=2, keywords=["Spirit of the Night"])
    game = _interview([hero("A", charm=3, skills={"public_relations": 2}), spirit])
    unchanged_on_refusal(game, A.Answer("p1", actor="h1", skill="public_relations", number=1,
                                        targets=("h2",)), "PT-SKILL-3")
    e1, e2 = game.state.characters["h1"].energy, game.state.characters["h2"].energy
    game.coins.force("HHHHH")
    game.apply(A.Answer("p1", actor="h1", skill="public_relations", number=2,
                        targets=("h1", "h1")))
    assert game.state.characters["h1"].energy == e1 + 2
    assert game.state.characters["h2"].energy == e2 + 2              # Power 2 at the end
    assert game.state.phase == "start"


def test_gm_may_add_questions_never_remove_PT_INTV_4():
    """PT-INTV-4: the GM may ask more questions; a lost answer still uses one (A-43)."""
    game = _interview([hero("A", skills={"apologist": 1})])
    unchanged_on_refusal(game, A.AskQuestion("p1"), "PT-INTV-4")
    game.apply(A.AskQuestion("gm"))
    assert game.state.questions_left == 2
    game.coins.force("TTTT")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert game.state.phase == "interview" and game.state.questions_left == 1


def test_question_op_adds_to_the_next_interview_PT_INTV_3():
    """PT-INTV-3: cards may add questions."""
    from engine.plottwist.effects import run

    game = make_game()
    run(game._ctx(), {"trigger": "on_play", "ops": [{"op": "question", "amount": 2}]},
        game.state.characters["h1"], "test")
    assert game.state.extra_questions == 2


def test_the_gm_gets_a_turn_during_an_interview_PT_INTV_4_PT_FLEE_8():
    """PT-INTV-4, PT-FLEE-8: during an Interview the GM may ask more questions and choose
    the next Location, so the random agent's seats include the GM and its options are the
    GM's Interview choices (never an Answer)."""
    from engine.plottwist.agents import RandomAgent, seats_to_act

    game = _interview([hero("A", skills={"apologist": 1})])
    assert "gm" in seats_to_act(game) and "p1" in seats_to_act(game)
    agent = RandomAgent(3)
    kinds = set()
    for _ in range(20):
        action = agent.choose(game, "gm")
        assert action is not None
        kinds.add(type(action))
    assert kinds <= {A.AskQuestion, A.ChooseLocation} and A.AskQuestion in kinds
    game.apply(A.AskQuestion("gm"))
    assert game.state.questions_left == 2


def test_a_card_effect_ends_the_conflict_and_starts_an_interview_PT_INTV_1_PT_CONF_1():
    """PT-CONF-1, PT-INTV-1, A-52: a Detail with the `interview` op ends the Conflict and
    starts an Interview (one question for the Location in play): only answers and the GM's
    Interview choices now, the Villain refused with PT-FLEE-7; when it is answered the next
    Conflict begins with a new Turn."""
    press = card("detail", "Press Conference",
                 effects=[{"trigger": "on_play", "ops": [{"op": "interview"}]}])
    hand = [press] + [card("detail", f"Idea {i}") for i in range(4)]
    game = make_game(hands={"p1": hand}, heroes=[hero("A", skills={"apologist": 1})])
    st = game.state
    conflict, turn = st.conflict, st.turn
    inst = next(c for c in st.zones["plot_hand:p1"].cards
                if game.cards[st.cards[c]].name == "Press Conference")
    game.apply(A.PlayDetail("p1", actor="h1", card=inst))
    assert st.phase == "interview" and st.conflict == conflict + 1
    assert st.questions_left == 1 and st.combat is None
    unchanged_on_refusal(game, A.Pass("gm"), "PT-CONF-1")
    unchanged_on_refusal(game, A.SpendHate("gm", actor="v1", purpose="mooks"), "PT-FLEE-7")
    game.apply(A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1"))
    assert st.phase == "start" and st.turn == turn + 1
