"""Everything a fight is, as plain data that round-trips through JSON (saves, undo)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.zones import GM, HIDDEN, OWNER, PUBLIC, Zone

from .options import RulesOptions

PHASES = ("initiative", "disengaged", "players", "engaged", "over")
PHASE_NAMES = {
    "initiative": "Initiative",
    "disengaged": "Action: disengaged enemies",
    "players": "Action: Players",
    "engaged": "Action: engaged enemies",
    "cleanup": "Cleanup",
    "over": "Fight over",
}


@dataclass
class Fighter:
    """A hero (seat "p1"…) or an enemy (seat None); stats from its sheet (MH-R-STATS)."""

    id: str
    key: str
    name: str
    attack: int
    dodge: int
    health: int
    power: dict[str, Any]
    seat: str | None = None
    major: bool = False
    stamina: int = 0
    hp: int = 0                  # a hero's current Health; an enemy's is its stack
    out: bool = False            # hero down (MH-R-DOWN) / enemy defeated (MH-DEF-1)
    # this round
    attacked: bool = False       # MH-REF-2
    refreshed: bool = False      # MH-R-REF
    disengaged: bool = False     # an enemy that attacked in phase 2 (MH-R-ENGAGE)
    aimed: bool = False          # MH-R-POW-AIM used
    guarded: bool = False        # MH-R-POW-GUARD used
    # this fight
    rallied: bool = False        # MH-R-POW-RALLY used

    @property
    def is_hero(self) -> bool:
        return self.seat is not None

    def to_json(self) -> dict[str, Any]:
        # by hand, not dataclasses.asdict: snapshots for undo take one per action
        d = {name: getattr(self, name) for name in _FIGHTER_FIELDS}
        d["power"] = dict(self.power)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Fighter:
        return cls(**{**d, "power": dict(d["power"])})


_FIGHTER_FIELDS = tuple(f.name for f in fields(Fighter))


@dataclass
class GameState:
    options: RulesOptions
    heroes: dict[str, Fighter]
    enemies: dict[str, Fighter]
    zones: dict[str, Zone]
    faces: dict[str, str]
    round: int = 1
    phase: str = "initiative"
    owed: int = 0                                # attacks still owed in phase 2 (MH-DIS-1)
    done: list[str] = field(default_factory=list)
    # MH-R-LASTCARD: defeated enemies' last cards awaiting the GM's choice, in order
    pending: list[dict[str, str]] = field(default_factory=list)
    winner: str | None = None                    # "players" | "gm" | "draw"
    log: list[dict[str, Any]] = field(default_factory=list)

    # --- who is who --------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return ["gm"] + [h.seat for h in self.heroes.values() if h.seat]

    def hero_of(self, seat: str) -> Fighter | None:
        for h in self.heroes.values():
            if h.seat == seat:
                return h
        return None

    def standing_heroes(self) -> list[Fighter]:
        return [h for h in self.heroes.values() if not h.out]

    def standing_enemies(self) -> list[Fighter]:
        return [e for e in self.enemies.values() if not e.out]

    def fighter(self, fid: str) -> Fighter | None:
        return self.heroes.get(fid) or self.enemies.get(fid)

    # --- zones ---------------------------------------------------------------------------
    def hand(self, seat: str) -> Zone:
        return self.zones["gm_hand" if seat == "gm" else f"hand:{seat}"]

    def facedown(self, seat: str) -> Zone:
        return self.zones[f"facedown:{seat}"]

    def stack(self, enemy: str) -> Zone:
        return self.zones[f"stack:{enemy}"]

    def pool(self, side: str) -> Zone:
        return self.zones[f"audience:{side}"]

    # --- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "options": self.options.to_json(),
            "heroes": [h.to_json() for h in self.heroes.values()],
            "enemies": [e.to_json() for e in self.enemies.values()],
            "zones": [z.to_json() for z in self.zones.values()],
            "faces": dict(self.faces),
            "round": self.round, "phase": self.phase, "owed": self.owed,
            "done": list(self.done), "pending": [dict(p) for p in self.pending],
            "winner": self.winner, "log": list(self.log),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        heroes = [Fighter.from_json(h) for h in d["heroes"]]
        enemies = [Fighter.from_json(e) for e in d["enemies"]]
        zones = [Zone.from_json(z) for z in d["zones"]]
        return cls(
            options=RulesOptions.from_json(d["options"]),
            heroes={h.id: h for h in heroes}, enemies={e.id: e for e in enemies},
            zones={z.name: z for z in zones}, faces={str(k): str(v) for k, v in d["faces"].items()},
            round=int(d["round"]), phase=str(d["phase"]), owed=int(d["owed"]),
            done=[str(s) for s in d["done"]], pending=[dict(p) for p in d["pending"]],
            winner=d["winner"], log=list(d["log"]),
        )


def table_zones(heroes: list[Fighter], enemies: list[Fighter]) -> dict[str, Zone]:
    """Every zone of a fight and who may see its faces (MH-SETUP-3)."""
    zones = [Zone("gm_deck", HIDDEN), Zone("players_deck", HIDDEN), Zone("gm_hand", GM),
             Zone("audience:gm", PUBLIC), Zone("audience:players", PUBLIC),
             Zone("discard", PUBLIC), Zone("reveal", PUBLIC)]
    for h in heroes:
        zones += [Zone(f"hand:{h.seat}", OWNER, h.seat), Zone(f"facedown:{h.seat}", OWNER, h.seat)]
    zones += [Zone(f"stack:{e.id}", HIDDEN) for e in enemies]
    return {z.name: z for z in zones}
