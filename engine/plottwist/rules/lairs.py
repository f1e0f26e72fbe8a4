"""Lairs (PT-LAIR-1, PT-RELOC-2, A-55): where the Conflict is now.

After a Pursuit everyone is in the Lair; the Location fled from stays in play (a
Relocation or the next Conflict may come back to it) but it is not where anyone is, so
its effects do nothing until the Conflict returns there. Every reader of "the place
the characters are in" asks `current_place`.
"""

from __future__ import annotations

from ..state import GameState


def current_place(st: GameState) -> str | None:
    """The card instance of the place the Conflict is held in: the Lair while there is
    one in play (A-55), otherwise the current Location."""
    return st.lair if st.lair is not None else st.location
