"""A saved game with an Interview under way replays exactly (PT-INTV-1, PT-FLEE-6,
PT-FLEE-8): save, load, the same actions, the same table."""

from __future__ import annotations

from engine.plottwist import actions as A
from engine.plottwist.game import Game
from engine.plottwist.testkit import card

from .helpers import hero, make_game, to_combat_phase, villain


def test_saved_pending_interview_replays_the_same_PT_INTV_1_PT_FLEE_6():
    """PT-INTV-1, PT-FLEE-6, PT-INTV-2, PT-FLEE-8: a Villain Flees unpursued, the save is
    taken with the Interview's questions open, and both the live and the loaded game then
    answer, let the GM pick the Location and start the next Conflict identically."""
    permit = card("detail", "Call for Backup",
                  effects=[{"trigger": "on_play", "ops": [{"op": "permit_location"}]}])
    roof = card("location", "Rooftops")
    hands = {"p1": [permit, roof] + [card("detail", f"Idea {i}") for i in range(3)],
             "gm": [card("lair", "Hideout")] + [card("bystander", f"Guy {i}")
                                                for i in range(4)]}
    game = make_game(hands=hands, vil=villain(power=2),
                     heroes=[hero(charm=3, skills={"apologist": 2, "public_relations": 2})])
    st = game.state
    game.apply(A.PlayDetail("p1", actor="h1", card=st.zones["plot_hand:p1"].cards[0]))
    loc = next(c for c in st.zones["plot_hand:p1"].cards
               if game.cards[st.cards[c]].name == "Rooftops")
    game.apply(A.PlayLocation("p1", actor="h1", card=loc))
    game.state.characters["v1"].hate = 0
    game.state.characters["h1"].stress["social"] -= 3
    to_combat_phase(game)
    game.apply(A.Pass("p1"))
    game.apply(A.Pass("gm"))
    game.apply(A.Pursue("p1", pursue=False))
    assert game.state.phase == "interview" and game.state.questions_left == 2

    text = game.save()
    again = Game.load(text, game.cards)
    assert again.save() == text
    script = [A.AskQuestion("gm"), A.ChooseLocation("gm", card=loc),
              A.Answer("p1", actor="h1", skill="apologist", number=2, target="h1"),
              A.Answer("p1", actor="h1", skill="public_relations", number=1,
                       targets=("h1",)),
              A.Answer("p1", actor="h1", skill="apologist", number=1, target="h1")]
    logs = []
    for g in (game, again):
        for action in script:
            g.apply(action)
        logs.append([r["coins"] for r in g.state.rolls])
    assert game.save() == again.save()
    assert logs[0] == logs[1]
    st = game.state
    assert st.phase == "start" and st.location == loc and st.characters["v1"].hate == 6
