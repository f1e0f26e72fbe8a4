"""Every intent a seat can express (the shared shape is engine.core.actions.Action)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.actions import Action, ActionCodec
from engine.records import record

from . import record_inits

__all__ = ["Action", "action_from_json"]


@record(record_inits, frozen=True, slots=True)
class Engage(Action):
    """Place a hand card face down in front of oneself (MH-INIT-1)."""
    kind: ClassVar[str] = "engage"
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class Done(Action):
    """End one's part of the current phase (MH-R-DONE)."""
    kind: ClassVar[str] = "done"


@record(record_inits, frozen=True, slots=True)
class EnemyAttack(Action):
    """The GM plays a hand card as an enemy's attack (MH-DIS-1, MH-ENG-1)."""
    kind: ClassVar[str] = "enemy_attack"
    enemy: str = ""
    card: str = ""
    target: str = ""
    power: bool = False


@record(record_inits, frozen=True, slots=True)
class HeroAttack(Action):
    """A player plays a hand card as his hero's attack on an enemy (MH-PLAY-1)."""
    kind: ClassVar[str] = "hero_attack"
    card: str = ""
    target: str = ""
    power: bool = False


@record(record_inits, frozen=True, slots=True)
class SpecialAttack(Action):
    """Spend one's side's Audience pool (MH-AUD-3); no target for a sweep."""
    kind: ClassVar[str] = "special_attack"
    target: str = ""


@record(record_inits, frozen=True, slots=True)
class Refresh(Action):
    """Discard the hand and draw Stamina cards (MH-REF-1)."""
    kind: ClassVar[str] = "refresh"


@record(record_inits, frozen=True, slots=True)
class UsePower(Action):
    """A hero's Power that is not part of an attack (MH-R-POW-RALLY)."""
    kind: ClassVar[str] = "use_power"


@record(record_inits, frozen=True, slots=True)
class KeepLastCard(Action):
    """The GM's answer to MH-DEF-1: the revealed last card to his Audience pool, or not."""
    kind: ClassVar[str] = "keep_last_card"
    keep: bool = True


CODEC = ActionCodec([Engage, Done, EnemyAttack, HeroAttack, SpecialAttack, Refresh, UsePower,
                     KeepLastCard])


def action_from_json(d: dict[str, Any]) -> Action:
    return CODEC.from_json(d)
