"""How a rule module runs a card's effect without importing the effect interpreter.

The rule modules sit below the interpreter (engine/plottwist/effects.py): it calls them to
deal Damage, set a status or roll, so they may not import it back (docs/architecture.md,
*Layers*). Yet the rulebook has them run cards' effects: a Twist! is revealed, a Combat
card is played, a Hero is Incapacitated, an Event takes effect. They call `run` here, and
the Game door plugs the interpreter in once, when `engine/plottwist/game.py` is imported,
before any game exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..context import Ctx
from ..state import Character

# effects.run: (ctx, effect, controller, source, chosen, attack_type, default_duration,
# picks) -> None
Runner = Callable[[Ctx, dict[str, Any], Character | None, str, str | None, str | None,
                   str | None, dict[str, str] | None], None]

_runner: list[Runner] = []


def install(runner: Runner) -> None:
    """The door's one call: `runner` runs every effect from now on."""
    _runner[:] = [runner]


def run(ctx: Ctx, effect: dict[str, Any], controller: Character | None, source: str,
        chosen: str | None = None, attack_type: str | None = None,
        default_duration: str | None = None, picks: dict[str, str] | None = None) -> None:
    """Run one effect's ops now (effects.run; the caller has checked and paid its cost)."""
    if not _runner:
        raise RuntimeError("no effect interpreter is plugged in: import engine.plottwist.game")
    _runner[0](ctx, effect, controller, source, chosen, attack_type, default_duration, picks)
