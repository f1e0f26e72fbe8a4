"""Cold start of the real app: runs ``gui.app.main`` and stops the clock when it is idle.

The app has no "quit when idle" switch yet (docs/performance.md asks for one), so this
script wraps QApplication.exec for its own process only: the wrapper queues two
zero-timeouts behind everything main() queued (the catalog load, the packs summary) and
records the monotonic time when the second one runs, with the start screen on show.
Run as a script by bench.startup; prints one marked JSON line.

``--what-if-no-catalog`` (an experiment, not the app): MainWindow.load_catalog becomes a
no-op in this process, to show the start-up cost left if the packs were loaded off the
start-up path (a worker thread, or a cache of the validated bundled packs).

``--quick`` (passed on to the app, which opens a Quick game after the first paint): the
clock stops two zero-timeouts after the window says the game's table is on show
(``sig_game_started``), i.e. once that table has been drawn; "table" in the marks.

``--click-quick`` (a user's click): the start screen waits until the card packs are in
and its worker thread is done (packs read, engine imported), as it is by the time anyone
clicks; then Quick game is "clicked" (``MainWindow.quick_game``) and the clock stops as
for ``--quick``. "click" and "click_cpu" (process CPU seconds) mark the click, "table"
and "table_cpu" the drawn table.
"""

import json
import os
import sys
import time

from PySide6 import QtCore, QtWidgets

marks = {}
_exec = QtWidgets.QApplication.exec


def _hooked_exec(*_args):
    app = QtWidgets.QApplication.instance()
    marks["exec"] = time.monotonic()

    def first_turn() -> None:
        marks["shown"] = time.monotonic()
        if "--quick" in argv or click:
            window = next(w for w in app.topLevelWidgets() if hasattr(w, "sig_game_started"))
            window.sig_game_started.connect(
                lambda _page: QtCore.QTimer.singleShot(0, lambda: QtCore.QTimer.singleShot(
                    0, table_drawn)))
            if click:
                click_when_ready(window)
            return
        QtCore.QTimer.singleShot(0, idle)

    def click_when_ready(window) -> None:
        if window.catalog is None or window._loader is not None:
            QtCore.QTimer.singleShot(5, lambda: click_when_ready(window))
            return
        marks["click"] = time.monotonic()
        marks["click_cpu"] = time.process_time()
        window.quick_game()

    def table_drawn() -> None:
        marks["table"] = time.monotonic()
        marks["table_cpu"] = time.process_time()
        idle()

    def idle() -> None:
        marks["idle"] = time.monotonic()
        windows = [w for w in app.topLevelWidgets() if w.isVisible()]
        marks["windows"] = [type(w).__name__ for w in windows]
        start = [w.findChild(QtWidgets.QWidget, "startScreen") for w in windows]
        marks["start_screen_found"] = any(s is not None for s in start)
        stack = [getattr(w, "stack", None) for w in windows]
        marks["current_page"] = [type(s.currentWidget()).__name__ for s in stack
                                 if s is not None]
        # leave at once, as the floor does: the clock has stopped, and closing the
        # window may ask questions (a game open)
        print("BENCH:" + json.dumps(marks), flush=True)
        os._exit(0)

    QtCore.QTimer.singleShot(0, first_turn)
    return _exec()


QtWidgets.QApplication.exec = _hooked_exec
click = "--click-quick" in sys.argv
argv = [a for a in sys.argv[1:] if a not in ("--what-if-no-catalog", "--click-quick")]
if "--what-if-no-catalog" in sys.argv:
    from gui.main_window import MainWindow

    MainWindow.load_catalog = lambda self: None

from gui.app import main  # noqa: E402  (after the hook, as the app would import it)

marks["code"] = main(["plot-twist-table", *argv])
print("BENCH:" + json.dumps(marks), flush=True)
