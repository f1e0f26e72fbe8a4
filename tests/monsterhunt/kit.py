"""Building monster-hunt positions for tests: a chosen fight, chosen cards in chosen places."""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.monsterhunt import actions as A
from engine.monsterhunt.game import Game
from engine.monsterhunt.options import RulesOptions
from engine.monsterhunt.rules.setup import Setup
from engine.monsterhunt.scenario import arrange, clear

WREN = "monsterhunt/wren-okafor"          # Attack 3, Dodge 10, Health 6, Stamina 3, Aim 2
AMBROSE = "monsterhunt/father-ambrose-lune"  # 4 / 11 / 7, Stamina 3, Guard
DEZ = "monsterhunt/dez-marlowe"           # 2 / 9 / 5, Stamina 4, Rally 2
IVO = "monsterhunt/ivo-kestrel"           # 4 / 10 / 6, Stamina 3, Brutal
GHOUL = "monsterhunt/marsh-ghoul"         # minor 6 / 10 / 1, Aim 1
RATS = "monsterhunt/grave-rat-swarm"      # minor 7 / 12 / 1, Guard
HOUND = "monsterhunt/hollow-hound"        # minor 5 / 9 / 1, Brutal
WIDOW = "monsterhunt/the-tallow-widow"    # major 5 / 12 / 4, Regenerate
WEIR = "monsterhunt/old-man-of-the-weir"  # major 4 / 11 / 5, Brutal


def fight(heroes: tuple[str, ...] = (WREN, DEZ), enemies: tuple[str, ...] = (GHOUL, WIDOW),
          seed: int = 7, **options: object) -> Game:
    return Game.new(Setup(heroes, enemies, seed, RulesOptions(**options)))  # type: ignore[arg-type]


give = arrange
empty = clear


def hand(game: Game, seat: str, *faces: str) -> list[str]:
    empty(game, "gm_hand" if seat == "gm" else f"hand:{seat}")
    return give(game, "gm_hand" if seat == "gm" else f"hand:{seat}", *faces)


def phase(game: Game, name: str, owed: int = 0) -> None:
    game.state.phase = name
    game.state.done = []
    game.state.owed = owed


def clause_of(game: Game, action: A.Action) -> str:
    try:
        game.apply(action)
    except RuleViolation as e:
        return e.clause
    raise AssertionError(f"{action.label} was not refused")


def texts(events: list) -> str:  # type: ignore[type-arg]
    return "\n".join(e.text for e in events)
