"""Peak RSS of the real app with a full table.

Runs ``gui.app.main --quick`` (the start screen, then a Quick game's table page with its
docks), wraps QApplication.exec for this process only, and once the event loop is idle:
records the RSS, redraws the table page's own scene with a padded N-card view (bench
table_fixture), paints the whole window, and records the peak RSS. Prints one marked
JSON line. Usage: python -m bench._mem_app [N]
"""

import os
import sys
import time

from PySide6 import QtCore, QtWidgets

from bench.common import current_rss_mb, emit, peak_rss_mb

N_CARDS = int(sys.argv[1]) if len(sys.argv) > 1 else 300
marks = {}
_exec = QtWidgets.QApplication.exec


def _full_table(app) -> None:
    from bench.table_fixture import fill_scene

    window = next(w for w in app.topLevelWidgets()
                  if w.isVisible() and isinstance(w, QtWidgets.QMainWindow))
    marks["page"] = type(window.centralWidget().currentWidget()).__name__ \
        if hasattr(window.centralWidget(), "currentWidget") else None
    marks["rss_quick_game_mb"] = current_rss_mb()
    marks["peak_quick_game_mb"] = peak_rss_mb()
    views = window.findChildren(QtWidgets.QGraphicsView)
    scene = views[0].scene() if views else None
    if scene is None or not hasattr(scene, "render_view"):
        marks["full_table"] = "no TableScene found in the window"
        return
    from gui.table.card_item import CardItem

    table = getattr(window, "table", None)
    controller = getattr(table, "controller", None)
    game = getattr(controller, "game", None)
    base = game.view("p1") if game is not None else None
    if base is None:
        from bench.table_fixture import base_view

        base = base_view()
    fill_scene(scene, base, N_CARDS, CardItem)
    marks["cards"] = sum(1 for i in scene.items() if isinstance(i, CardItem))
    window.grab()  # paint every widget and every card once
    app.processEvents()


def _hooked_exec(*_args):
    app = QtWidgets.QApplication.instance()

    def first_turn() -> None:
        QtCore.QTimer.singleShot(0, idle)

    tries = [0]

    def table_ready() -> bool:
        views = [v for w in app.topLevelWidgets()
                 for v in w.findChildren(QtWidgets.QGraphicsView)]
        return any(hasattr(v.scene(), "render_view") for v in views if v.scene())

    def idle() -> None:
        # --quick opens the game after the window's first paint: wait for its table (5 s)
        if not table_ready() and tries[0] < 100:
            tries[0] += 1
            QtCore.QTimer.singleShot(50, idle)
            return
        marks["idle"] = time.monotonic()
        marks["waited_for_table_ms"] = tries[0] * 50
        try:
            _full_table(app)
        except Exception as e:  # noqa: BLE001 - report, do not hang the parent
            marks["error"] = f"{type(e).__name__}: {e}"
        marks["rss_full_table_mb"] = current_rss_mb()
        marks["peak_rss_mb"] = peak_rss_mb()
        # leave at once: closing windows with a game open asks "leave the game?"
        emit(marks)
        os._exit(0)

    QtCore.QTimer.singleShot(0, first_turn)
    return _exec()


QtWidgets.QApplication.exec = _hooked_exec

from gui.app import main  # noqa: E402  (after the hook)

marks["code"] = main(["plot-twist-table", "--quick"])
emit(marks)  # only if the event loop ended before the table was idle
