"""The games bundled with the table, registered with engine.core.registry.

Each loader imports its rules module only when that game is wanted, so starting one game
never loads the other's rules.
"""

from __future__ import annotations

from typing import Any

from engine.core import registry


def _plottwist() -> type[Any]:
    from engine.plottwist.game import Game

    return Game


def _monsterhunt() -> type[Any]:
    from engine.monsterhunt.game import Game

    return Game


BUILTIN = (
    registry.GameModule("plottwist", "Plot Twist", _plottwist, "docs/rules.md",
                        "Heroes against a Villain's plot, with Combat cards and coins.",
                        "plot-twist-save"),
    registry.GameModule("monsterhunt", "Monster Hunt", _monsterhunt,
                        "docs/rules/monsterhunt.md",
                        "A GM's monsters against the hunters, with two standard decks.",
                        "monster-hunt-save"),
)


def available() -> list[registry.GameModule]:
    """Every game the start screen may offer: the bundled ones first, then plug-ins that
    registered themselves."""
    for module in BUILTIN:
        if module.id not in {m.id for m in registry.modules()}:
            registry.register(module)
    order = [m.id for m in BUILTIN]
    return sorted(registry.modules(), key=lambda m: (m.id not in order,
                                                      order.index(m.id) if m.id in order else 0))
