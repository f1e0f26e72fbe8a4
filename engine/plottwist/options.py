"""Rules options: the readings the clause catalogue offers as switches.

Defaults are the catalogue's recommended readings (docs/rules.md lists them).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from engine.records import record

from . import record_inits


@record(record_inits, frozen=True)
class RulesOptions:
    # every character's Damage Rolls get 1 Automatic Success ("all"), or Heroes only.
    damage_auto_success: str = "all"
    # the Reversal allowance X is per target Hero ("per_hero") or a per-Turn total
    # across all Heroes ("total"). "per_hero" is the default because with at most 4 Players
    # the "total" cap never reaches a Masterplan's price of 5 (docs/rules.md).
    reversal_cap: str = "per_hero"
    # the top Twist! is revealed ("top"), or the Players pick an eligible one ("choose").
    twist_choice: str = "top"
    # the Villain recovers Hate only after an Interview ("interview") or at every
    # new Conflict ("every_conflict").
    hate_recovery: str = "interview"
    # the lost Hate prices (raise Heroic to 3 this Turn; Belief Damage).
    hate_heroic_cost: int = 1
    hate_belief_damage_cost: int = 2
    # A safety valve for simulations: after this Turn the game ends in a draw (0 = never).
    turn_limit: int = 0
    # PT-TURN-1/2, A-1: the Heroes' Initiative passes when every Player has passed
    # ("every_player"), or at the first Player's Pass ("any_player").
    hero_pass: str = "every_player"
    # PT-LOCK-1: a Locked passive Keyword (Armor, Mental Armor, Overcharged, Spirit of the
    # Night) works when its controller can pay the 1 Energy, which is then paid ("pay"),
    # or does nothing while Locked ("off").
    locked_passive: str = "pay"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        # options added later are written only when changed, so older saves re-save
        # byte for byte (tests/reliability)
        for name in LATER:
            if d[name] == getattr(RulesOptions, name):
                del d[name]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> RulesOptions:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (d or {}).items() if k in names})


LATER = ("hero_pass", "locked_passive")
