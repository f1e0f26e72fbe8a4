"""What must hold after every action; the simulator and Game.load both ask."""

from __future__ import annotations

from . import cards as C
from .door import Door
from .state import PHASES


class InvariantError(AssertionError):
    pass


# which deck's cards each zone may hold (a GM card never reaches a player's hand)
def _deck_for(zone: str) -> str | None:
    if zone.startswith(("hand:", "facedown:", "players_deck", "audience:players")):
        return C.PLAYERS_DECK
    if zone.startswith(("gm_", "stack:", "audience:gm", "reveal")):
        return C.GM_DECK
    return None


def check_invariants(game: Door, privacy: bool = False) -> None:
    st = game.state
    seen: set[str] = set()
    for z in st.zones.values():
        deck = _deck_for(z.name)
        for card in z.cards:
            if card in seen:
                raise InvariantError(f"card {card} is in two places")
            if card not in st.faces:
                raise InvariantError(f"card {card} in {z.name} is no card of this fight")
            if deck is not None and C.deck_of(card) != deck:
                raise InvariantError(f"card {card} of the other deck is in {z.name}")
            seen.add(card)
    if seen != set(st.faces):
        raise InvariantError(f"{len(set(st.faces) - seen)} card(s) lost from the table")
    if st.phase not in PHASES:
        raise InvariantError(f"unknown phase {st.phase!r}")
    for side in ("gm", "players"):
        if len(st.pool(side)) > 5:
            raise InvariantError(f"the {side} Audience pool holds {len(st.pool(side))} (MH-AUD-2)")
    for h in st.heroes.values():
        if h.seat is None or not 0 <= h.hp <= h.health:
            raise InvariantError(f"{h.name}: Health {h.hp} outside 0..{h.health}")
        if h.out != (h.hp == 0):
            raise InvariantError(f"{h.name}: down is {h.out} at Health {h.hp} (MH-R-DOWN)")
        if h.out and (st.hand(h.seat).cards or st.facedown(h.seat).cards):
            raise InvariantError(f"{h.name} is down but still holds cards (MH-R-DOWN)")
        if h.refreshed and h.attacked:
            raise InvariantError(f"{h.name} both attacked and refreshed (MH-REF-2)")
    for e in st.enemies.values():
        n = len(st.stack(e.id))
        if e.out != (n == 0):
            raise InvariantError(f"{e.name}: defeated is {e.out} with {n} Health cards")
        if n > e.health:
            raise InvariantError(f"{e.name}: {n} Health cards, more than its Health {e.health}")
    for item in st.pending:
        enemy = st.enemies.get(item.get("enemy", ""))
        if enemy is None or not enemy.out:
            raise InvariantError(f"a last-card choice for {item.get('enemy')!r}, no defeated "
                                 "enemy (MH-R-LASTCARD)")
    if sorted(p["card"] for p in st.pending) != sorted(st.zones["reveal"].cards):
        raise InvariantError("the revealed last cards and the GM's pending choices differ")
    if st.phase == "initiative" and st.hand("gm").cards:
        raise InvariantError("the GM holds cards during the Initiative (MH-R-GMHAND)")
    if not set(st.done) <= {h.seat for h in st.standing_heroes()}:
        raise InvariantError(f"done seats {st.done} are not standing players")
    if (st.winner is None) == (st.phase == "over"):
        raise InvariantError(f"phase {st.phase} with winner {st.winner}")
    if st.winner == "players" and st.standing_enemies():
        raise InvariantError("the players won with enemies standing")
    if st.winner == "gm" and st.standing_heroes():
        raise InvariantError("the GM won with heroes standing")
    if privacy:
        check_privacy(game)


def check_privacy(game: Door) -> None:
    """No view shows a face its viewer may not see (MH-SETUP-3)."""
    st = game.state
    for viewer in [*st.seats, "table"]:
        view = game.view(viewer)
        for name, z in st.zones.items():
            if z.can_see(viewer):
                continue
            enemy = st.enemies.get(name.removeprefix("stack:"))
            open_last = enemy is not None and enemy.major and len(z) == 1
            for entry in view["zones"][name]["cards"]:
                if "card" in entry and not open_last:
                    raise InvariantError(f"{viewer} sees a face in {name}")
                if entry["id"] in z.cards and not open_last:
                    raise InvariantError(f"{viewer} sees a card id in {name}")
