"""What a rules module works with while an action is applied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.core.rng import Coins

from . import cards as C
from .state import Character, GameState

LOG_KEEP = 300
ROLLS_KEEP = 30


class Ctx:
    # slots: a context is made for every action and every agent's choice, and the rules
    # read ctx.state / ctx.cards thousands of times a second
    __slots__ = ("state", "coins", "cards", "events", "margin", "dealt", "vouched")

    def __init__(self, state: GameState, coins: Coins, cards: Mapping[str, Any]) -> None:
        self.state = state
        self.coins = coins
        self.cards = cards          # catalog key -> Card
        self.events: list[Event] = []
        # the variable amounts X of docs/effects.md, while an action is applied: the Margin
        # of the last roll printed on a card, the Damage last dealt
        self.margin = 0
        self.dealt = 0
        # True while Game.apply runs an action whose check passed at this very position
        # (a CheckToken): the busiest do_* handlers then skip their own copy of it
        self.vouched = False

    # --- cards --------------------------------------------------------------------------
    def card(self, instance: str) -> Any:
        return self.cards[self.state.cards[instance]]

    def char_card(self, ch: Character) -> Any:
        return self.cards[ch.key]

    def char(self, ident: str, clause: str = "PT-TERM-1") -> Character:
        ch = self.state.characters.get(ident)
        if ch is None:
            refuse(clause, f"no character {ident!r}")
        return ch

    def name(self, ident: str | None) -> str:
        if ident is None:
            return "nobody"
        ch = self.state.characters.get(ident)
        if ch is not None:
            return ch.name
        if ident in self.state.cards:
            return C.name(self.card(ident))
        return ident

    # --- events -------------------------------------------------------------------------
    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None,
             visible_to: tuple[str, ...] | None = None, text_public: str | None = None) -> None:
        self.events.append(Event(kind, text, data or {}, visible_to, text_public))
        log = self.state.log
        if visible_to is None:
            log.append(text)
        else:
            # private lines keep their audience so view() can show each viewer its own text
            log.append("\x00" + ",".join(visible_to) + "\x00" + text + "\x00" + (text_public or ""))
        if len(log) > LOG_KEEP:
            del log[: len(log) - LOG_KEEP]


def refuse(clause: str, message: str) -> NoReturn:
    raise RuleViolation(clause, message)


def log_line_for(line: str, viewer: str) -> str | None:
    if not line.startswith("\x00"):
        return line
    _, seats, text, public = line.split("\x00")
    return text if viewer in seats.split(",") else (public or None)
