"""Computer players at the table: seats the computer plays, at a pace people can follow.

The computer thinks on a worker thread (QThreadPool) from a copy of its seat's view and
legal moves (engine/plottwist/ai: it never sees more than that seat would); the move comes
back to the Qt thread and goes through the controller's one door like a click. A thought
that comes back after anything changed the game (a human move, Undo) is dropped, so Undo
while it thinks cancels the thought. Each move waits `delay_ms` first and is told in the
banner and the log in plain words ("Computer GM: Grist attacks Vesper (Melee) — 62% to hit").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui.qt import QtCore, Signal
from gui.remarks import PREFIX, movers_of

STRENGTHS = ("easy", "normal", "hard")
HINT_STRENGTH = "normal"
# where the seats the computer plays are kept in the game's save (Game.table_meta), so a
# continued or opened game is played by the computer as it was
SAVED_KEY = "computer"


class _Thought(QtCore.QRunnable):
    """One decision on a worker thread; the answer goes back through a queued signal."""

    def __init__(self, work: Callable[[], Any], done: Any) -> None:
        super().__init__()
        self.work = work
        self.done = done
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result: Any = self.work()
        except Exception as e:  # noqa: BLE001 - shown on the table, never lost in a thread
            result = e
        try:
            self.done.emit(result)
        except RuntimeError:  # the table was closed while it thought
            pass


class ComputerSeats(QtCore.QObject):
    """Which seats the computer plays (seat -> strength or a player spec), and their moves."""

    sig_moved = Signal(str, str)        # seat, the line told to the table
    sig_hint = Signal(str)              # the hint line for a human seat
    sig_state = Signal(str)             # "thinking", "waiting", "paused", "idle"
    _sig_decided = Signal(object)       # (token, seat, Decision | Exception) from a worker

    def __init__(self, controller: Any, catalog: Any, delay_ms: int | Callable[[], int] = 800,
                 parent: QtCore.QObject | None = None,
                 active: Callable[[], bool] = lambda: True) -> None:
        super().__init__(parent)
        self.controller = controller
        self.catalog = catalog
        self.delay_ms = delay_ms      # or a function reading the Settings at each move
        self.active = active          # False while the table is not shown: no moves
        self.seats: dict[str, str] = {}
        self.players: dict[str, Any] = {}
        self.paused = False
        self.busy = False
        self._declined: tuple[int, set[str]] = (-1, set())  # seats that would only pass
        self._rush: tuple[Any, ...] | None = None   # the step played out without the delay
        self.pool = QtCore.QThreadPool.globalInstance()
        self._token = 0
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._think)
        self._sig_decided.connect(self._decided)
        controller.sig_view.connect(lambda _view: self.schedule())
        controller.is_computer = self.is_computer  # the hot-seat auto-pass leaves them be

    # ------------------------------------------------------------ seats
    def set_seat(self, seat: str, strength: str | None) -> None:
        """Make `seat` a computer of this strength, or a human again (None)."""
        from engine.plottwist.ai.players import make_player

        if strength is None:
            self.seats.pop(seat, None)
            self.players.pop(seat, None)
        else:
            self.seats[seat] = strength
            seed = sum(map(ord, seat)) + self.game.version
            self.players[seat] = make_player(strength, self.catalog, seed)
        self._remember()
        self._cancel()
        self.schedule()

    def _remember(self) -> None:
        remember_seats(self.game, self.seats)

    def set_seats(self, seats: dict[str, str]) -> None:
        for seat in list(self.seats):
            if seat not in seats:
                self.set_seat(seat, None)
        for seat, strength in seats.items():
            self.set_seat(seat, strength)

    def is_computer(self, seat: str) -> bool:
        return seat in self.seats

    @property
    def game(self) -> Any:
        return self.controller.game

    # ------------------------------------------------------------ pace
    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self._rush = None
            self._cancel()
            self.sig_state.emit("paused")
        else:
            self.schedule()

    def schedule(self) -> None:
        """Called after every change: the computer's next move, after the delay (none while
        the rest of a step is played out)."""
        rushing = self._rushing()
        if self.paused or not self.seats or self.busy or self._timer.isActive():
            return
        if self._next_seat() is None:
            self._rush = None          # a person must act, or the game is over
            self.sig_state.emit("idle")
            return
        delay = 0 if rushing else self.delay_ms() if callable(self.delay_ms) else self.delay_ms
        self._timer.start(max(int(delay), 0))

    def play_out_step(self) -> bool:
        """The computer seats play on at once, without the delay, until the step changes
        (step_key) or a person's seat must act; False when no computer seat can act now."""
        if self._next_seat() is None:
            return False
        self._rush = step_key(self.game)
        if self.paused:
            self.set_paused(False)
        self._timer.stop()             # the move waiting for its delay goes now
        self.schedule()
        return True

    def _rushing(self) -> bool:
        if self._rush is not None and (self.game.winner is not None
                                       or step_key(self.game) != self._rush):
            self._rush = None
        return self._rush is not None

    def _next_seat(self) -> str | None:
        from engine.plottwist.agents import seats_to_act

        game = self.game
        if game.winner is not None:
            return None
        declined = self._declined[1] if self._declined[0] == game.version else set()
        for seat in seats_to_act(game):
            if seat in self.seats and seat not in declined and game.legal_actions(seat):
                return seat
        return None

    def _cancel(self) -> None:
        self._token += 1          # a thought under way comes back stale and is dropped
        self._timer.stop()
        self.busy = False

    # ------------------------------------------------------------ thinking
    def _think(self) -> None:
        seat = self._next_seat()
        if seat is None or self.paused or not self.active():
            return
        game = self.game
        view, legal = game.view(seat, tracking=True), game.legal_actions(seat)
        player = self.players[seat]
        token = (self._token, game.version, seat)
        self.busy = True
        self.sig_state.emit("thinking")
        self.pool.start(_Thought(lambda: (token, player.decide(view, legal)),
                                 self._sig_decided))

    def _decided(self, result: Any) -> None:
        if isinstance(result, Exception):
            self.busy = False
            self.controller.sig_message.emit(f"The computer could not decide: {result}", "")
            return
        (token, version, seat), decision = result
        if token != self._token:
            return                    # cancelled (a seat change, Pause): already idle
        self.busy = False
        if version != self.game.version:
            self.schedule()           # Undo or a human move came first: think again
            return
        if not self._acceptable(seat, decision.action):
            if self._declined[0] != version:
                self._declined = (version, set())
            self._declined[1].add(seat)
            self.sig_state.emit("waiting")
            self.schedule()          # a computer partner may still have something to do
            return
        line = f"{PREFIX}{seat_name(seat)}: {decision.reason}"
        self.sig_moved.emit(seat, line)
        remarks = self.controller.remarks
        remark = remarks.expect(self.game, line)   # the log shows it before the move's lines
        applied = self.controller.apply(decision.action, ask=False)  # nobody to ask: it chose
        if remark is not None:
            remarks.settle(self.game, remark, applied)
        if applied:
            keys = movers_of(decision.action)
            remarks.mark(self.game, keys)
            self.controller.sig_marks.emit(keys)

    def _acceptable(self, seat: str, action: Any) -> bool:
        """A computer Player does not pass the Players' Initiative for a human partner:
        the human ends the Players' turn (gui side of ai/table.py's rule)."""
        from engine.plottwist.ai.table import passes_for_partners

        if not passes_for_partners(self.game, seat, action):
            return True
        humans = [s for s in self.game.state.seats if s != "gm" and s not in self.seats]
        return not humans

    # ------------------------------------------------------------ hints
    def hint(self, seat: str) -> None:
        """The move Normal strength would make for `seat`, with its reason (sig_hint)."""
        from engine.plottwist.ai.players import make_player

        game = self.game
        legal = game.legal_actions(seat)
        if not legal:
            self.sig_hint.emit(f"No move for {seat_name(seat)} now.")
            return
        view = game.view(seat, tracking=True)
        player = make_player(HINT_STRENGTH, self.catalog, game.version)
        done = _HintSignal(self)
        done.sig.connect(self._hinted)
        self.pool.start(_Thought(lambda: player.decide(view, legal), done.sig))

    def _hinted(self, result: Any) -> None:
        if isinstance(result, Exception):
            self.sig_hint.emit(f"No hint: {result}")
        else:
            self.sig_hint.emit(f"Hint: {result.action.label} — {result.reason}")


class _HintSignal(QtCore.QObject):
    sig = Signal(object)


def remember_seats(game: Any, seats: dict[str, str]) -> None:
    """The seats the computer plays ride in the game's next save and autosave."""
    meta = getattr(game, "table_meta", None)
    if not isinstance(meta, dict):
        return
    if seats:
        meta[SAVED_KEY] = dict(sorted(seats.items()))
    else:
        meta.pop(SAVED_KEY, None)


def saved_seats(game: Any, catalog: Any) -> dict[str, str]:
    """The seats the computer played when `game` was saved; an entry for a seat the game
    has not, or a player this version does not know, is left out (the seat is a person's)."""
    meta = getattr(game, "table_meta", None)
    found = meta.get(SAVED_KEY) if isinstance(meta, dict) else None
    if not isinstance(found, dict):
        return {}
    # only now: a game nobody asked the computer to play opens without the AI's imports
    from engine.plottwist.ai.players import make_player

    seats: dict[str, str] = {}
    for seat, spec in found.items():
        if seat not in game.state.seats or not isinstance(spec, str):
            continue
        try:
            make_player(spec, catalog)
        except ValueError:
            continue
        seats[seat] = spec
    return seats


def step_key(game: Any) -> tuple[Any, ...]:
    """What "this step" is for "play out the rest of this step": the Turn and phase, and
    the Combat step (movement, maneuver, attack, end) while a Combat is under way."""
    st = game.state
    cb = st.combat
    return st.turn, st.phase, None if cb is None else cb.step


def seat_name(seat: str) -> str:
    return "GM" if seat == "gm" else f"Player {seat[1:]}" if seat[1:].isdigit() else seat


class ComputerMenu(QtCore.QObject):
    """The window's Computer menu and its toolbar button: who the computer plays, at what
    strength; Pause; Hint (Ctrl+H); play out the rest of this step (Ctrl+J). Built once,
    bound to each new game's controller."""

    def __init__(self, window: Any, page: Any) -> None:
        super().__init__(window)
        from gui.qt import QtGui, QtWidgets

        self.window = window
        self.page = page
        self.seats: ComputerSeats | None = None
        self.menu = window.menuBar().addMenu("&Computer")
        self.act_pause = QtGui.QAction("&Pause the computer", window)
        self.act_pause.setCheckable(True)
        self.act_pause.setShortcut(QtGui.QKeySequence("Ctrl+P"))
        self.act_pause.toggled.connect(self._paused)
        self.act_hint = QtGui.QAction("&Hint for this seat", window)
        self.act_hint.setShortcut(QtGui.QKeySequence("Ctrl+H"))
        self.act_hint.setStatusTip("The move Normal strength would make, and why")
        self.act_hint.triggered.connect(self.hint)
        self.act_play_out = QtGui.QAction("Play &out the rest of this step", window)
        self.act_play_out.setShortcut(QtGui.QKeySequence("Ctrl+J"))
        self.act_play_out.setStatusTip("The computer seats play on without waiting, until "
                                       "the step changes or a person must act")
        self.act_play_out.triggered.connect(self.play_out)
        self.seat_menus: list[Any] = []
        button = QtWidgets.QToolButton()
        button.setObjectName("computerButton")
        button.setText("Computer")
        button.setToolTip("Seats the computer plays, Pause, Hint")
        button.setMenu(self.menu)
        button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        page.toolbar.addSeparator()
        page.toolbar.addWidget(button)
        self.status = QtWidgets.QLabel("")
        self.status.setObjectName("computerStatus")
        page.toolbar.addWidget(self.status)

    def unbind(self) -> None:
        """No computer for the game now shown (the old seats stop)."""
        if self.seats is not None:
            self.seats.set_paused(True)
            self.seats.deleteLater()
            self.seats = None
        self.menu.clear()
        self.status.setText("")

    def bind(self, controller: Any, catalog: Any, seats: dict[str, str] | None = None) -> None:
        """A new game: a fresh set of computer seats on its controller."""
        self.unbind()
        window = self.window
        self.seats = ComputerSeats(
            controller, catalog, lambda: int(getattr(window.settings, "computer_delay_ms", 800)),
            self, active=lambda: bool(window.in_game()))
        self.seats.sig_moved.connect(lambda _s, line: self.page.banner.show_message(line))
        self.seats.sig_hint.connect(lambda line: self.page.banner.show_message(line, ms=12000))
        self.seats.sig_state.connect(self._show_state)
        self._build_menu(controller.seats())
        self.act_pause.setChecked(False)
        if seats:
            self.seats.set_seats(seats)
            self._build_menu(controller.seats())

    def _build_menu(self, seats: list[str]) -> None:
        from gui.qt import QtGui

        self.menu.clear()
        self.menu.addAction(self.act_hint)
        self.menu.addAction(self.act_pause)
        self.menu.addAction(self.act_play_out)
        self.menu.addSeparator()
        for seat in seats:
            sub = self.menu.addMenu(f"{seat_name(seat)} is played by")
            group = QtGui.QActionGroup(sub)
            current = self.seats.seats.get(seat) if self.seats else None
            for strength in (None, *STRENGTHS):
                text = "a person" if strength is None else f"the computer ({strength.title()})"
                act = sub.addAction(text)
                act.setCheckable(True)
                act.setChecked(strength == current)
                group.addAction(act)
                act.triggered.connect(lambda _c=False, s=seat, k=strength: self.set_seat(s, k))

    def set_seat(self, seat: str, strength: str | None) -> None:
        """The user's choice in the menu; kept in the autosave at once, so a game closed
        before its next move comes back with the seats as chosen."""
        if self.seats is None or self.seats.seats.get(seat) == strength:
            return
        self.seats.set_seat(seat, strength)
        self.page.controller.autosave()

    def play_out(self) -> None:
        if self.seats is None or not self.seats.play_out_step():
            self.page.banner.show_message("Nothing for the computer to play now: "
                                          "a person's seat is to act.")
            return
        self.act_pause.blockSignals(True)
        self.act_pause.setChecked(False)
        self.act_pause.blockSignals(False)

    def _paused(self, paused: bool) -> None:
        if self.seats is not None:
            self.seats.set_paused(paused)

    def hint(self) -> None:
        controller = self.page.controller
        seat = getattr(controller, "seat", None)
        if self.seats is None or seat is None:
            self.page.banner.show_message("Hints are for a seat: pick the GM or a Player.")
            return
        self.page.banner.show_message(f"Thinking about a move for {seat_name(seat)}…")
        self.seats.hint(seat)

    def _show_state(self, state: str) -> None:
        words = {"thinking": "  the computer is thinking…", "paused": "  computer paused",
                 "waiting": "  the computer waits for you", "idle": ""}
        self.status.setText(words.get(state, ""))


def attach(window: Any, page: Any, catalog: Any, game: Any,
           seats: dict[str, str] | None = None) -> ComputerMenu | None:
    """Give the table page its Computer menu (once) and bind it to the page's game; the
    computer plays Plot Twist only (another game's table gets no computer seats). `seats`
    None: the seats the game's save records (saved_seats)."""
    from engine.plottwist.game import Game

    menu = getattr(page, "computer_menu", None)
    if not isinstance(game, Game):
        if menu is not None:
            menu.unbind()
        return None
    if menu is None:
        menu = page.computer_menu = ComputerMenu(window, page)
    if seats is None:
        seats = saved_seats(game, catalog)     # a continued, opened or wizard-made game
    menu.bind(page.controller, catalog, seats)
    return menu
