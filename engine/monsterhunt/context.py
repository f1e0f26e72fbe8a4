"""What a rule needs while it runs: the state, the coins, and the events it emits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.core.rng import Coins

from . import cards as C
from .state import GameState

DECK_ZONE = {C.GM_DECK: "gm_deck", C.PLAYERS_DECK: "players_deck"}


@dataclass
class Ctx:
    state: GameState
    coins: Coins
    events: list[Event] = field(default_factory=list)

    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None,
             visible_to: tuple[str, ...] | None = None, text_public: str | None = None) -> None:
        event = Event(kind, text, data or {}, visible_to, text_public)
        self.events.append(event)
        self.state.log.append(event.to_json())

    # --- cards ---------------------------------------------------------------------------
    def face(self, card: str) -> str:
        return self.state.faces[card]

    def label(self, card: str) -> str:
        return C.label(self.face(card))

    def value(self, card: str) -> int | None:
        return C.value(self.face(card), self.state.options.ace_low)

    def move(self, card: str, src: str, dst: str) -> None:
        self.state.zones[src].remove(card)
        self.state.zones[dst].add(card)

    def discard_all(self, zone: str) -> int:
        cards = list(self.state.zones[zone].cards)
        for card in cards:
            self.move(card, zone, "discard")
        return len(cards)

    def draw(self, deck: str, dst: str, n: int) -> list[str]:
        """Draw up to n cards; an empty deck takes back its own discards first (MH-R-DECK-2)."""
        zone = self.state.zones[DECK_ZONE[deck]]
        got: list[str] = []
        for _ in range(n):
            if not zone.cards:
                self._reshuffle(deck)
            card = zone.draw()
            if card is None:
                self.emit("deck_short", f"The {_deck_name(deck)} is out of cards: "
                          f"{n - len(got)} card(s) not drawn (MH-R-DECK-2).")
                break
            self.state.zones[dst].add(card)
            got.append(card)
        return got

    def _reshuffle(self, deck: str) -> None:
        discard = self.state.zones["discard"]
        back = [c for c in discard.cards if C.deck_of(c) == deck]
        if not back:
            return
        discard.cards = [c for c in discard.cards if C.deck_of(c) != deck]
        self.coins.shuffle(back)
        self.state.zones[DECK_ZONE[deck]].cards = back
        self.emit("reshuffle", f"The {_deck_name(deck)} ran out: its {len(back)} discarded "
                  "cards are shuffled into a new deck (MH-R-DECK-2).")


def _deck_name(deck: str) -> str:
    return "GM's deck" if deck == C.GM_DECK else "Players' deck"
