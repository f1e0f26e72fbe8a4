"""The game's side of the phones: what a seat sees and what a seat's tap does.

Everything here runs on the one thread that owns the Game (the GUI thread in the app, a
test's game thread in the tests): the engine is never touched from the server's thread.
The engine stays the one door: a phone's action is decoded, checked to belong to the
phone's seat and to the version it was chosen at, then handed to Game.apply (through
the laptop's controller in the app, so the table redraws and autosaves as for a click).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleViolation
from gui.action_words import may_pass
from gui.phones import protocol

log = logging.getLogger("gui.phones")

Apply = Callable[[Any], RuleViolation | None]
Decode = Callable[[dict[str, Any]], Any]

OTHER_SEAT = "seat"  # the "clause" of a refusal for an action naming another seat
UNREADABLE = "action"  # the "clause" of a refusal for an action the game cannot read


def decoder_for(game: Any) -> Decode:
    """The JSON → Action reader of the rules module the game belongs to."""
    if type(game).__module__.startswith("engine.monsterhunt"):
        from engine.monsterhunt.actions import action_from_json as read_mh

        return read_mh
    from engine.plottwist.actions import action_from_json

    return action_from_json


def _fields_have_their_types(action: Any) -> bool:
    """Each field holds the kind of value its default has (a str, an int, a tuple of
    str…): a phone cannot slip a number where the rules expect a card id."""
    for f in dataclasses.fields(action):
        if f.name == "text" or f.default is dataclasses.MISSING:
            continue
        value, default = getattr(action, f.name), f.default
        if default is None:
            if value is not None and not isinstance(value, str | int):
                return False
        elif isinstance(default, tuple):
            if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
                return False
        elif type(value) is not type(default):
            return False
    return isinstance(action.seat, str)


class PhoneDesk:
    """Views and taps for the phones of one game. `apply` applies an action or returns
    the engine's refusal (the laptop's controller in the app; Game.apply in tests)."""

    def __init__(self, game: Any, apply: Apply | None = None,
                 decode: Decode | None = None) -> None:
        if not hasattr(game, "version"):
            raise TypeError("this game cannot tell its version: phones need it")
        self.game = game
        self._apply = apply or self._apply_to_game
        self.decode = decode or decoder_for(game)
        self._legal: tuple[int, dict[str, list[Any]]] = (-1, {})
        self._seats: list[str] = []

    @property
    def version(self) -> int:
        return int(self.game.version)

    def seats(self) -> list[str]:
        """The game's seats, the GM first (from the public view: hands and characters;
        a game's seats are set at its start)."""
        if not self._seats:
            view = self.game.view("table")
            found = {c.get("seat") for c in view.get("characters", []) if c.get("seat")}
            found |= {name.split(":", 1)[1] for name in view.get("zones", {})
                      if name.startswith(("plot_hand:", "combat_hand:"))}
            self._seats = ["gm", *sorted(s for s in found if s != "gm")]
        return list(self._seats)

    def legal(self) -> dict[str, list[Any]]:
        """Every seat's legal actions at this version, worked out once per version."""
        if self._legal[0] != self.version:
            self._legal = (self.version, {s: list(self.game.legal_actions(s))
                                          for s in self.seats()})
        return self._legal[1]

    def state(self, seat: str) -> dict[str, Any]:
        """The `state` message of one seat: its view and legal actions, nobody else's
        (and which seats the table waits for, as the laptop's phase panel says)."""
        legal = self.legal()
        to_act = [s for s, actions in legal.items() if may_pass(actions)]
        return protocol.state_message(seat, self.version, self.game.view(seat),
                                      legal[seat] if seat in legal
                                      else list(self.game.legal_actions(seat)),
                                      to_act)

    def act(self, seat: str, message: dict[str, Any]) -> dict[str, Any]:
        """Apply the phone's `act` message for `seat`; the `done` or `refused` answer."""
        n = int(message["n"])
        try:
            action = self.decode(message["action"])
        except (ValueError, TypeError) as e:
            log.warning("phone %s sent an action the game cannot read: %s", seat, e)
            return protocol.refused(n, "That action is not one this game knows.", UNREADABLE)
        if not _fields_have_their_types(action):
            log.warning("phone %s sent an action with fields of the wrong kind", seat)
            return protocol.refused(n, "That action is not one this game knows.", UNREADABLE)
        if action.seat != seat:
            log.warning("phone %s tried to act for %s", seat, action.seat)
            return protocol.refused(n, "This phone plays its own seat only.", OTHER_SEAT)
        if int(message["version"]) != self.version:
            return protocol.refused(n, protocol.STALE_TEXT, protocol.STALE)
        try:
            refusal = self._apply(action)
        except Exception:  # an engine bug must not take the laptop down with the phone
            log.exception("applying %r from phone %s failed", action, seat)
            return protocol.refused(n, "The laptop could not apply that action.", UNREADABLE)
        if refusal is not None:
            return protocol.refused(n, refusal.message, refusal.clause)
        return protocol.done(n)

    def _apply_to_game(self, action: Any) -> RuleViolation | None:
        try:
            self.game.apply(action)
        except RuleViolation as e:
            return e
        return None
