"""A random legal agent, for the simulator and fuzzing.

Uniform choice over the legal list would make players pass at once (Done is always there)
and fights crawl; action kinds are weighted so fighting is likely and passing rare.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import actions as A
from .rules import turn

if TYPE_CHECKING:
    from .game import Game

WEIGHTS: dict[str, float] = {
    "done": 1.0, "engage": 1.5, "hero_attack": 4.0, "enemy_attack": 4.0,
    "special_attack": 8.0, "refresh": 1.0, "use_power": 1.0, "keep_last_card": 1.0,
}


def seats_to_act(game: Game) -> list[str]:
    return turn.seats_to_act(game.state)


class RandomAgent:
    def __init__(self, seed: int = 1) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: str) -> A.Action | None:
        legal = game.legal_actions(seat)
        if not legal:
            return None
        weights = [WEIGHTS.get(a.kind, 1.0) for a in legal]
        return self.rng.choices(legal, weights)[0]
