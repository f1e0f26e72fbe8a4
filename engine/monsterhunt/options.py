"""Rules options: the readings a group may play differently (docs/rules/monsterhunt.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

HANDS = ("nothing", "pair", "two_pair", "three", "straight", "flush", "full_house", "four",
         "straight_flush")


@dataclass(frozen=True)
class RulesOptions:
    ace_low: bool = False             # MH-R-RANK
    jokers: bool = False              # MH-R-JOKER
    finishing_from: str = "flush"     # MH-R-FINISH
    gm_finisher_hits: int = 5         # MH-R-GMFIN
    round_limit: int | None = None    # MH-R-LIMIT

    def __post_init__(self) -> None:
        if self.finishing_from not in HANDS[1:]:
            raise ValueError(f"finishing_from must be one of {', '.join(HANDS[1:])}")
        if self.gm_finisher_hits < 1:
            raise ValueError("gm_finisher_hits must be at least 1")
        if self.round_limit is not None and self.round_limit < 1:
            raise ValueError("round_limit must be at least 1")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RulesOptions:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})
