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


def _read_plottwist(text: str, catalog: Any) -> Any:
    return _plottwist().load(text, catalog)


def _read_monsterhunt(text: str, _catalog: Any) -> Any:
    # the stat lines travel in the save: no pack catalog needed
    return _monsterhunt().load(text)


BUILTIN = (
    registry.GameModule("plottwist", "Plot Twist", _plottwist, "docs/rules.md",
                        "Heroes against a Villain's plot, with Combat cards and coins.",
                        "plot-twist-save", "pass", _read_plottwist),
    registry.GameModule("monsterhunt", "Monster Hunt", _monsterhunt,
                        "docs/rules/monsterhunt.md",
                        "A GM's monsters against the hunters, with two standard decks.",
                        "monster-hunt-save", "done", _read_monsterhunt),
)


def for_save(text: str) -> registry.GameModule | None:
    """The game a save text belongs to, by its "format" (None: no game reads it)."""
    from engine.core.saves import format_of

    available()
    fmt = format_of(text)
    return registry.for_save_format(fmt) if fmt else None


def available() -> list[registry.GameModule]:
    """Every game the start screen may offer: the bundled ones first, then plug-ins that
    registered themselves."""
    for module in BUILTIN:
        if module.id not in {m.id for m in registry.modules()}:
            registry.register(module)
    order = [m.id for m in BUILTIN]
    return sorted(registry.modules(), key=lambda m: (m.id not in order,
                                                      order.index(m.id) if m.id in order else 0))
