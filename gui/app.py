"""The app's entry point: ``plot-twist-table`` and ``python -m gui``.

Start-up is kept close to a bare QMainWindow's: only QtCore/QtGui/QtWidgets are
imported before the window shows, and the card packs (jsonschema validation) load in
the first turn of the event loop, after the window is on screen.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
from types import SimpleNamespace

APP_NAME = "Plot Twist Table"


_SWITCHES = ("--self-test", "--quick", "--exit-when-idle")


def _parse(argv: list[str]) -> SimpleNamespace:
    if set(argv) <= set(_SWITCHES):
        # a plain launch (a double-click) or only our own switches: read without
        # importing argparse and the gettext/locale lookups its parser makes (≈ 4 ms
        # of a cold start)
        return SimpleNamespace(**{s[2:].replace("-", "_"): s in argv for s in _SWITCHES})
    import argparse

    parser = argparse.ArgumentParser(prog="plot-twist-table", add_help=False)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--quick", action="store_true", help="open a Quick game at once")
    # for start-up benchmarks: leave as soon as the start screen is up and idle
    parser.add_argument("--exit-when-idle", action="store_true")
    # Qt's own options (-platform, -style …) pass through untouched
    args, _ = parser.parse_known_args(argv)
    return SimpleNamespace(**vars(args))


def _self_test() -> int:
    if importlib.util.find_spec("gui.selftest") is None:
        message = "self-test is not available in this build"
        if sys.stderr is not None:  # windowed Windows builds have no stderr
            print(message, file=sys.stderr)
        return 2
    from gui import selftest

    return int(selftest.main() or 0)


def create_app(argv: list[str] | None = None):
    from gui.qt import QtGui, QtWidgets

    app = QtWidgets.QApplication.instance()
    if app is None:
        # fractional scale factors (125 %, 150 %) stay sharp instead of rounding: Qt 6's
        # own default (PassThrough, held by a test), so it is not set here, where naming
        # it would build the Qt namespace's enums before the first frame (gui/qt.py)
        app = QtWidgets.QApplication(list(argv if argv is not None else sys.argv))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("")
    # the desktop entry's name lets Wayland docks match the window to its menu entry
    QtGui.QGuiApplication.setDesktopFileName("plot-twist-table")
    # the assets package's folder (in the frozen app too), without importlib.resources,
    # which costs ≈ 8 ms of start-up to import: the card packs use it later, off that path
    import assets

    icon = os.path.join(os.path.dirname(assets.__file__), "icons", "app_256.png")
    QtWidgets.QApplication.setWindowIcon(QtGui.QIcon(icon))
    return app


def _attach_tools(app, window) -> None:
    """The crash handler now; the Seat menu and the projector with the first game.

    Wired here rather than in MainWindow so a window built on its own (tests, the
    self-test) has none of them unless it asks. The seats and the projector matter only
    at a table, so their imports wait for one.
    """
    from gui.crash import install_excepthook

    window.crash_handler = install_excepthook(app, window.current_game)

    def follow(page) -> None:
        if getattr(window, "seat_switcher", None) is None:
            from gui.presentation import attach_presentation
            from gui.privacy import attach_seats

            window.seat_switcher = attach_seats(window)
            window.projector = attach_presentation(window)
        window.seat_switcher.follow(page)
        window.projector.follow(page.controller)

    window.sig_game_started.connect(follow)


def _exit_when_idle(window) -> None:
    """Print when the start screen is up and the event loop idle, then leave at once."""
    import json
    import os
    import time

    from gui.qt import QtCore

    def idle() -> None:
        print(json.dumps({"idle": time.monotonic(),
                          "packs_loaded": window.catalog is not None}), flush=True)
        os._exit(0)  # no "leave the game?" question, no teardown: the clock has stopped

    QtCore.QTimer.singleShot(0, lambda: QtCore.QTimer.singleShot(0, idle))


def _resume_gc_after_first_paint(window) -> None:
    """main() pauses the cyclic garbage collector while the app starts: start-up makes
    ~200 enum classes and some 30,000 objects that live as long as the app, and the
    collector would walk them again and again while they are made (≈ 8 ms of a cold
    start, ≈ 12 ms to a Quick game's table) and find nothing to free (a full collection
    right after start-up frees 0 objects). Once the first frame's work (packs, a --quick
    game) is done they are frozen, i.e. left out of every later collection, which then
    walks only what the game makes, and the collector runs again."""
    from gui.qt import QtCore

    def resume() -> None:
        gc.freeze()
        gc.enable()

    # queued from the first slot of the first paint: runs after all of its slots
    window.sig_first_paint.connect(lambda: QtCore.QTimer.singleShot(0, resume))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv if argv is None else argv)
    args = _parse(argv[1:])
    if args.self_test:
        return _self_test()

    collecting = gc.isenabled()
    gc.disable()  # until the first frame: _resume_gc_after_first_paint says why
    try:
        app = create_app(argv)
        from gui.main_window import MainWindow
        from gui.settings import Settings
        from gui.theme import apply_theme

        settings = Settings.load()
        apply_theme(app, settings.theme)
        window = MainWindow(settings)
        if collecting:
            _resume_gc_after_first_paint(window)
        window.show()
        # after the first frame: the crash handler, then the card packs on a worker thread
        window.sig_first_paint.connect(lambda: _attach_tools(app, window))
        window.sig_first_paint.connect(window.load_catalog_async)
        if args.quick:
            window.sig_first_paint.connect(window.quick_game)
        if args.exit_when_idle or os.environ.get("PLOT_TWIST_EXIT_WHEN_IDLE") == "1":
            _exit_when_idle(window)
        return app.exec()
    finally:
        if collecting:
            gc.enable()


if __name__ == "__main__":
    raise SystemExit(main())
