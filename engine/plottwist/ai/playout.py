"""Playing on from a position inside the computer's search: fast, simple policies.

`simple_move` is the greedy agent's idea of the rest of a Combat: attack with the type that
takes the largest share of the target's Stress, otherwise pass. `rollout` plays a few dozen
actions with the weighted random agent, which the search averages over many times.
"""

from __future__ import annotations

import random

from engine.core.errors import RuleViolation

from .. import actions as A
from ..agents import RandomAgent, seats_to_act
from ..game import Game
from ..rules.attacks import ATTACK_TYPES
from ..rules.combat import combatant_of_seat
from .odds import AttackOdds, attack_odds


def best_attack(game: Game, seat: str) -> tuple[A.Attack, AttackOdds] | None:
    """The plain Attack (no card, no Trauma) of `seat`'s combatant with the best odds."""
    st = game.state
    cb = st.combat
    if cb is None or cb.step != "attack":
        return None
    ch = combatant_of_seat(game._ctx(), seat)
    if ch is None or ch.attack < 1:
        return None
    best: tuple[A.Attack, AttackOdds] | None = None
    for t in ATTACK_TYPES:
        a = A.Attack(seat, actor=ch.id, attack_type=t)
        if not game.is_legal(a):
            continue
        odds = attack_odds(game, ch.id, t)
        if odds is None:                         # a Bystander: any legal type will do
            return a, AttackOdds(t, 0.5, 1.0, "life", 1)
        if best is None or odds.value > best[1].value:
            best = a, odds
    return best


def simple_move(game: Game, seat: str, fallback: RandomAgent) -> A.Action | None:
    if game.state.combat is not None:
        hit = best_attack(game, seat)
        if hit is not None and hit[1].value > 0:
            return hit[0]
        p = A.Pass(seat)
        if game.is_legal(p):
            return p
    return fallback.choose(game, seat)


def finish_combat(game: Game, rng: random.Random, limit: int = 40) -> None:
    """Play the Combat under way (if any) to its end with `simple_move` on both sides."""
    fallback = RandomAgent(rng.getrandbits(32))
    for _ in range(limit):
        if game.state.combat is None or game.winner is not None:
            return
        for seat in seats_to_act(game):
            a = simple_move(game, seat, fallback)
            if a is not None:
                try:
                    game.apply(a)
                except RuleViolation:
                    continue
                break
        else:
            return


def rollout(game: Game, agent: RandomAgent, horizon: int) -> None:
    """Up to `horizon` actions of weighted random play (both sides)."""
    for _ in range(horizon):
        if game.winner is not None:
            return
        action = agent.act(game)
        if action is None:
            return
        game.apply(action, checked=agent.checked)
