"""The app's entry point: ``plot-twist-table`` and ``python -m gui``.

Start-up is kept close to a bare QMainWindow's: only QtCore/QtGui/QtWidgets are
imported before the window shows, and the card packs (jsonschema validation) load in
the first turn of the event loop, after the window is on screen.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys

APP_NAME = "Plot Twist Table"


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="plot-twist-table", add_help=False)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--quick", action="store_true", help="open a Quick game at once")
    # Qt's own options (-platform, -style …) pass through untouched
    args, _ = parser.parse_known_args(argv)
    return args


def _self_test() -> int:
    if importlib.util.find_spec("gui.selftest") is None:
        message = "self-test is not available in this build"
        if sys.stderr is not None:  # windowed Windows builds have no stderr
            print(message, file=sys.stderr)
        return 2
    from gui import selftest

    return int(selftest.main() or 0)


def create_app(argv: list[str] | None = None):
    from gui.qt import Qt, QtGui, QtWidgets

    app = QtWidgets.QApplication.instance()
    if app is None:
        # fractional scale factors (125 %, 150 %) stay sharp instead of rounding
        QtGui.QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QtWidgets.QApplication(list(argv if argv is not None else sys.argv))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("")
    return app


def _attach_tools(app, window) -> None:
    """The crash handler, the Seat menu (privacy screen) and the projector window.

    Wired here rather than in MainWindow so a window built on its own (tests, the
    self-test) has none of them unless it asks.
    """
    from gui.crash import install_excepthook
    from gui.presentation import attach_presentation
    from gui.privacy import attach_seats

    window.crash_handler = install_excepthook(app, window.current_game)
    window.seat_switcher = attach_seats(window)
    window.projector = attach_presentation(window)

    def follow(page) -> None:
        window.seat_switcher.follow(page)
        window.projector.follow(page.controller)

    window.sig_game_started.connect(follow)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv if argv is None else argv)
    args = _parse(argv[1:])
    if args.self_test:
        return _self_test()

    from gui.qt import QtCore

    app = create_app(argv)
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from gui.theme import apply_theme

    settings = Settings.load()
    apply_theme(app, settings.theme)
    window = MainWindow(settings)
    window.show()
    # the tools' imports (crash reports, projector, seats) cost about as much as the
    # window itself: they come in the event loop's first turn, before the card packs load
    QtCore.QTimer.singleShot(0, lambda: _attach_tools(app, window))
    QtCore.QTimer.singleShot(0, window.load_catalog)
    if args.quick:
        QtCore.QTimer.singleShot(0, window.quick_game)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
