"""Ordered card lists that know who may see their faces.

A zone may be *shared* by two game positions (a search's copy and its original): then
neither changes it. Its holder replaces it with its own copy before the first change
(plottwist's `GameState.zone_to_change`), so a copy of a position costs one dict copy
instead of a copy of every zone; `add`, `remove` and `draw` refuse to change a shared
zone, so a write that forgot to ask for its own copy fails loudly instead of changing the
other position.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, NoReturn

from engine.records import record

from . import record_inits

PUBLIC = "public"   # everyone, the projector included
OWNER = "owner"     # the owning seat (and nobody else)
GM = "gm"           # the game master only
HIDDEN = "hidden"   # nobody: a face-down deck
VISIBILITIES = (PUBLIC, OWNER, GM, HIDDEN)


class SharedZoneError(RuntimeError):
    """A change to a zone that two positions share (a bug: ask for the position's own)."""


@record(record_inits, slots=True)   # slots: a game copy (search, undo) copies every zone
class Zone:
    name: str
    visibility: str = PUBLIC
    owner: str | None = None
    cards: list[str] = field(default_factory=list)
    # set once two positions hold this object; never cleared (see the module docstring)
    shared: bool = field(default=False, compare=False, repr=False)

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

    def _refuse_if_shared(self) -> NoReturn:
        raise SharedZoneError(f"zone {self.name!r} is shared by two positions: change "
                              "the position's own copy (GameState.zone_to_change)")

    def add(self, card: str, top: bool = True) -> None:
        if self.shared:
            self._refuse_if_shared()
        if top:
            self.cards.append(card)
        else:
            self.cards.insert(0, card)

    def remove(self, card: str) -> None:
        if self.shared:
            self._refuse_if_shared()
        self.cards.remove(card)

    def draw(self) -> str | None:
        """Take the top card (the end of the list), or None when empty."""
        if self.shared:
            self._refuse_if_shared()
        return self.cards.pop() if self.cards else None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "visibility": self.visibility, "owner": self.owner,
                "cards": list(self.cards)}

    def copy(self) -> Zone:
        """A zone of its own (not shared), equal to this one."""
        z = object.__new__(Zone)
        z.name = self.name
        z.visibility = self.visibility
        z.owner = self.owner
        z.cards = self.cards.copy()
        z.shared = False
        return z

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Zone:
        return cls(d["name"], d["visibility"], d.get("owner"), list(d["cards"]))
