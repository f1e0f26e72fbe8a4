"""Compiled card conditions answer exactly as the condition interpreter does."""

from __future__ import annotations

from engine.plottwist import cards as C
from engine.plottwist import modifiers as M
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions


def _conditions(catalog) -> list[dict]:
    found = []
    for card in catalog.cards.values():
        for e in C.effects(card):
            if e.get("condition"):
                found.append(e["condition"])
    # the keys no core card uses yet, and odd values: the same answers too
    found += [{"distance": "melee", "turn_at_least": 2}, {"any": [{}, {"nope": 1}]},
              {"all": [{"attack_type": "Ranged"}, {"target_has_status": "Prone"}]},
              {"opponent_has_status": "Stunned"}, {"villain_has_status": "Flying"},
              {"hero_color_in_play": "red"}, {"timing_counters_at_least": 2},
              {"turn_at_least": "x"}, {"unknown_key": True}]
    return found


def test_compiled_conditions_agree_with_the_interpreter(core_set):
    """effects.md conditions (threats PT-OBJ-3, Nullify, static effects) give the same
    answer compiled as interpreted, in every position of a game, for every controller,
    target and attack type; one that `reads_controller` calls free of the controller
    answers as it does without one (the Objective's threat is asked so, PT-OBJ-3)."""
    conditions = _conditions(core_set)
    free = [not M.reads_controller(cond) for cond in conditions]
    assert any(free) and not all(free)
    game = Game.quick(core_set, heroes=3, seed=6, options=RulesOptions(turn_limit=40),
                      history=False)
    agent = RandomAgent(6)
    checked = 0
    for n in range(400):
        if game.winner is not None:
            break
        if n % 7 == 0:
            ctx = game._ctx()
            chars = [None, *game.state.characters.values()]
            for i, cond in enumerate(conditions):
                for controller in chars:
                    for target in chars[:3]:
                        for attack in (None, "ranged"):
                            try:
                                want = M._interpret(ctx, cond, controller, target, attack)
                            except ValueError:
                                want = ValueError
                            try:
                                got = M.holds(ctx, cond, controller, target, attack)
                            except ValueError:
                                got = ValueError
                            assert got == want, cond
                            if free[i]:
                                assert got == M.holds(ctx, cond, None, target, attack), cond
                            checked += 1
        seats = seats_to_act(game)
        for seat in agent.rng.sample(seats, len(seats)):
            action = agent.choose(game, seat)
            if action is not None:
                game.apply(action)
                break
    assert checked > 1000
