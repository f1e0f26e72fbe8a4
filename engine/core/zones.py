"""Ordered card lists that know who may see their faces."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.records import record

from . import record_inits

PUBLIC = "public"   # everyone, the projector included
OWNER = "owner"     # the owning seat (and nobody else)
GM = "gm"           # the game master only
HIDDEN = "hidden"   # nobody: a face-down deck
VISIBILITIES = (PUBLIC, OWNER, GM, HIDDEN)


@record(record_inits, slots=True)   # slots: a game copy (search, undo) copies every zone
class Zone:
    name: str
    visibility: str = PUBLIC
    owner: str | None = None
    cards: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"unknown visibility {self.visibility!r}")

    def can_see(self, viewer: str, gm_seat: str = "gm") -> bool:
        if self.visibility == PUBLIC:
            return True
        if self.visibility == OWNER:
            return viewer == self.owner
        if self.visibility == GM:
            return viewer == gm_seat
        return False

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def add(self, card: str, top: bool = True) -> None:
        if top:
            self.cards.append(card)
        else:
            self.cards.insert(0, card)

    def remove(self, card: str) -> None:
        self.cards.remove(card)

    def draw(self) -> str | None:
        """Take the top card (the end of the list), or None when empty."""
        return self.cards.pop() if self.cards else None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "visibility": self.visibility, "owner": self.owner,
                "cards": list(self.cards)}

    def copy(self) -> Zone:
        z = object.__new__(Zone)
        z.name = self.name
        z.visibility = self.visibility
        z.owner = self.owner
        z.cards = self.cards[:]
        return z

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Zone:
        return cls(d["name"], d["visibility"], d.get("owner"), list(d["cards"]))
