"""The Qt side of the phones: the server's worker thread reaches the game only through
this bridge, which runs each of the server's jobs on the GUI thread (a queued signal),
applies a phone's action through the laptop's controller, and publishes every change of
the game to the phones."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleViolation
from gui.phones.desk import PhoneDesk
from gui.phones.hands import hands_on_phone
from gui.phones.server import PhoneServer
from gui.qt import Qt, QtCore, Signal

log = logging.getLogger("gui.phones")


class PhoneBridge(QtCore.QObject):
    """One game's phones. `start()` listens on `address`; `stop()` sends every phone
    away and forgets the join codes (they die with the game)."""

    sig_presence = Signal(object)    # frozenset of the seats whose phone is connected
    _sig_job = Signal(object)        # a function to run on the GUI thread

    def __init__(self, controller: Any, address: str,
                 parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.seats_on_phone: frozenset[str] = frozenset()
        self._sig_job.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self.sig_presence.connect(self._presence_changed, Qt.ConnectionType.QueuedConnection)
        self.desk = PhoneDesk(controller.game, apply=self._apply)
        self.server = PhoneServer(self.desk, self.post, address,
                                  on_presence=self.sig_presence.emit)
        controller.sig_view.connect(self._game_changed)

    def start(self) -> None:
        self.server.start()

    def stop(self) -> None:
        self.server.stop()
        try:
            self.controller.sig_view.disconnect(self._game_changed)
        except (RuntimeError, TypeError):  # the controller went with its game
            pass
        self._presence_changed(frozenset())

    def post(self, job: Callable[[], None]) -> None:
        """Run `job` on the GUI thread; callable from any thread (the server's, a bench)."""
        self._sig_job.emit(job)

    def _run(self, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception:  # a phone must never take the table down
            log.exception("a phone's job failed on the GUI thread")

    def _apply(self, action: Any) -> RuleViolation | None:
        """A phone's action, on the GUI thread: the engine applies it, the phones hear of
        it at once (they wait on the network), and the laptop redraws, logs and autosaves
        in the next turn of the event loop (a redraw takes longer than the network)."""
        try:
            events = self.controller.game.apply(action)
        except RuleViolation as e:
            return e
        self.server.publish()
        self.post(lambda: self.controller.applied_elsewhere(events))
        return None

    def _game_changed(self, _view: Any) -> None:
        self.server.publish()

    def _presence_changed(self, seats: frozenset[str]) -> None:
        if seats == self.seats_on_phone:
            return
        self.seats_on_phone = seats
        self.controller.on_phone = seats
        self.controller.view_filter = ((lambda view: hands_on_phone(view, seats))
                                       if seats else None)
        try:
            self.controller.refresh()
        except RuntimeError:  # the controller is gone (a new game started)
            pass
