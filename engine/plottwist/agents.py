"""A random legal agent, for the simulator and fuzzing.

Uniform choice over every legal action spends resources aimlessly and makes games
crawl, so action kinds are weighted: fighting is likely, bookkeeping rare.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import actions as A

if TYPE_CHECKING:
    from .game import Game

WEIGHTS: dict[str, float] = {
    "pass": 3.0, "initiate_combat": 6.0, "attack": 8.0, "play_combat_card": 3.0,
    "sneak_attack": 1.0, "boost": 0.3, "regenerate": 0.5, "heal": 0.5, "spend_belief": 0.3,
    "spend_hate": 0.3, "set_flying": 0.2, "hide": 0.2, "perceive": 0.5, "end_status": 2.0,
    "use_equipment": 0.1, "mulligan": 0.3, "discard_combat_cards": 0.3, "play_detail": 0.5,
    "pursue": 1.0, "play_bystanders": 1.0, "activate": 0.5, "gadgeteer": 0.3,
    "investigate": 0.5, "reveal_event": 0.5, "nullify_roll": 0.5, "reversal": 0.3,
    "answer": 1.0, "ask_question": 0.2,
}


def _weight(a: A.Action) -> float:
    # A Pursuit into a Lair where the Villain pays no Hate (A-33, PT-LAIR-3) can last for
    # ever against a party that cannot hurt it; random play pursues less often.
    if isinstance(a, A.Pursue):
        return 0.3 if a.pursue else 1.0
    return WEIGHTS.get(a.kind, 1.0)


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: str) -> A.Action | None:
        """A weighted random legal action, or None when the seat has none.

        Candidates are ordered by weighted random keys (Efraimidis-Spirakis) and the first
        one the rules accept is taken: the same distribution as weighting the legal list,
        without checking every candidate.
        """
        from .legal import candidates

        rng = self.rng
        keyed = [(rng.random() ** (1.0 / _weight(a)), i, a)
                 for i, a in enumerate(candidates(game, seat, labels=False))]
        keyed.sort(reverse=True)
        for _, _, action in keyed:
            if game.is_legal(action):
                return action
        return None


def seats_to_act(game: Game) -> list[str]:
    """Seats that may have something to do now, the one expected to move first."""
    st = game.state
    cb = st.combat
    if st.phase == "pursuit":
        return [s for s in st.seats if s != "gm"][:1]
    if st.phase == "interview":
        return [s for s in st.seats if s != "gm"]
    if cb is not None:
        seats = []
        for ident in (cb.attacker, cb.defender):
            ch = st.characters.get(ident)
            if ch is not None and ch.seat not in seats and ch.id not in cb.passed:
                seats.append(ch.seat)
        return seats or [st.characters[cb.attacker].seat]
    if st.initiative == "villains":
        return ["gm"]
    return [s for s in st.seats if s != "gm"]
