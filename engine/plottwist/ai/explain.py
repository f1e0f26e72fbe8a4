"""One line saying why the computer picked a move (the log and the Hint show it)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as A
from ..game import Game
from .odds import attack_odds

RES_NAMES = {"physical": "Physical", "mental": "Mental", "social": "Social",
             "quantity": "Quantity"}


def attack_reason(game: Game, a: A.Attack) -> str | None:
    odds = attack_odds(game, a.actor, a.attack_type)
    if odds is None:
        return None
    st = game.state
    cb = st.combat
    assert cb is not None
    target = st.characters[cb.defender if a.actor == cb.attacker else cb.attacker]
    return (f"Attack {target.name} at {a.attack_type.title()}: {round(odds.p_hit * 100)}% "
            f"to hit, {target.name} is at {odds.left} {RES_NAMES[odds.resistance]}")


def reason_for(world: Game, action: A.Action, value: float, scores: Sequence[float]) -> str:
    """"<what and why> — rated 62/100, next best 55/100": the rating is the computer's
    estimate of the position for its own side after the move (50: even)."""
    line = attack_reason(world, action) if isinstance(action, A.Attack) else None
    if line is None:
        line = action.label
    line += f" — rated {_rating(value)}/100"
    others = sorted((s for s in scores if s > -2.0), reverse=True)
    if len(others) > 1:
        runner_up = others[1] if value >= others[0] else others[0]
        line += f", next best {_rating(runner_up)}/100"
    return line


def _rating(value: float) -> int:
    return round((value + 1) * 50)
