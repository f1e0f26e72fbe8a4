"""What happens when the GUI meets an exception nobody caught.

``install_excepthook(app, get_game)`` (called once from ``gui/app.py``) replaces
``sys.excepthook`` and ``threading.excepthook`` so that an uncaught exception:

1. makes sure the game is kept: a fresh autosave of the current game is written (through
   :class:`engine.autosave.Autosaves`), and no autosave is ever deleted here;
2. writes a crash report to ``engine.paths.log_dir()``: the traceback, the app version
   (``importlib.metadata``), Python/Qt/platform, the game's seed, Turn and phase, the
   autosave kept, and the last log lines;
3. shows a dialog: *Continue* (the table stays open; the engine refused or rolled back
   the failed change, so the game is as it was) or *Quit*.

A second exception while the dialog is open only writes its report: dialogs never stack.
Exceptions in other threads write a report and no dialog.
"""

from __future__ import annotations

import collections
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from engine import paths
from engine.autosave import Autosaves, meta_for_game
from engine.core.saves import atomic_write

__all__ = ["CrashHandler", "install_excepthook", "APP_DIST"]

APP_DIST = "plot-twist-table"
LOG_LINES = 200
#: an exception that repeats (a paint handler failing every frame) writes this many reports
#: per session, then only counts
MAX_REPORTS = 20
log = logging.getLogger(__name__)

CONTINUE = "continue"
QUIT = "quit"


class _RingHandler(logging.Handler):
    """Keeps the last log lines in memory for the report."""

    def __init__(self, size: int = LOG_LINES) -> None:
        super().__init__(logging.DEBUG)
        self.lines: collections.deque[str] = collections.deque(maxlen=size)
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 - logging must never raise
            pass


def app_version() -> str:
    # imported when a report is written: importlib.metadata (and the email package it
    # reads metadata with) would cost ≈ 20 ms at start-up, where the handler is installed
    import importlib.metadata

    try:
        return importlib.metadata.version(APP_DIST)
    except importlib.metadata.PackageNotFoundError:
        return "unknown (not installed)"


def _qt_version() -> str:
    try:
        import PySide6
        from PySide6 import QtCore

        return f"PySide6 {PySide6.__version__}, Qt {QtCore.qVersion()}"
    except Exception:  # noqa: BLE001
        return "Qt unknown"


class CrashHandler:
    """The installed hook; ``install_excepthook`` returns it (tests drive ``ask``)."""

    def __init__(self, app: Any, get_game: Callable[[], Any],
                 autosaves: Autosaves | None = None,
                 ask: Callable[[str, Path | None], str] | None = None) -> None:
        self.app = app
        self.get_game = get_game
        self._autosaves = autosaves
        self.ask = ask or self._ask_with_dialog
        self.ring = _RingHandler()
        self.reports: list[Path] = []
        self.dialog: Any = None            # the open QMessageBox, while it is open
        self._busy = False
        self.suppressed = 0                # reports not written past MAX_REPORTS
        self._kept: tuple[str, Path] | None = None   # (save text, autosave) last kept
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook

    # --- installing ----------------------------------------------------------------------
    def install(self) -> CrashHandler:
        logging.getLogger().addHandler(self.ring)
        sys.excepthook = self.handle
        threading.excepthook = self._thread_hook
        return self

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self.ring)
        if sys.excepthook == self.handle:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous_thread_hook

    # --- the hook ------------------------------------------------------------------------
    def handle(self, kind: type[BaseException], value: BaseException,
               tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self._previous_hook(kind, value, tb)
            return
        report = None
        if len(self.reports) >= MAX_REPORTS:
            self.suppressed += 1
        else:
            try:
                report = self.write_report(kind, value, tb)
            except Exception:  # noqa: BLE001 - the hook must never raise
                traceback.print_exception(kind, value, tb)
        if self._busy:            # an exception while the dialog is up: report only
            return
        self._busy = True
        try:
            choice = self.ask(f"{kind.__name__}: {value}", report)
        except Exception:  # noqa: BLE001
            choice = CONTINUE
        finally:
            self._busy = False
        if choice == QUIT:
            self._quit()

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        try:
            self.write_report(args.exc_type, args.exc_value or args.exc_type(),
                              args.exc_traceback, thread=args.thread)
        except Exception:  # noqa: BLE001
            self._previous_thread_hook(args)

    def _quit(self) -> None:
        try:
            self.app.exit(1)
        except Exception:  # noqa: BLE001
            raise SystemExit(1) from None

    # --- keeping the game ----------------------------------------------------------------
    def keep_game(self) -> tuple[str, dict[str, Any]]:
        """Autosave the current game now; returns (what happened, game facts for the report)."""
        facts: dict[str, Any] = {}
        try:
            game = self.get_game()
        except Exception as e:  # noqa: BLE001
            return f"no game: get_game() raised {e!r}", facts
        if game is None:
            return "no game open", facts
        try:
            facts = meta_for_game(game)
        except Exception as e:  # noqa: BLE001
            facts = {"meta_error": repr(e)}
        try:
            text = game.save()
        except Exception as e:  # noqa: BLE001
            kept = self.autosaves().list()
            newest = kept[0].name if kept else "none"
            return (f"the game could not be saved ({e!r}); the newest earlier autosave is "
                    f"kept: {newest}"), facts
        if self._kept is not None and self._kept[0] == text and self._kept[1].exists():
            return f"autosaved to {self._kept[1]} (unchanged since)", facts
        try:
            meta = dict(facts) if "meta_error" not in facts else {}
            ident = getattr(game, "game_id", None)
            info = self.autosaves().write(text, {**meta, "crash": True},
                                          game=ident if isinstance(ident, str) else None)
        except Exception as e:  # noqa: BLE001
            return f"the autosave could not be written: {e!r}", facts
        self._kept = (text, info.path)
        return f"autosaved to {info.path}", facts

    def autosaves(self) -> Autosaves:
        if self._autosaves is None:
            # the window's own store: it holds the open game, so this write is its write
            from gui import saves

            return saves.autosaves()
        return self._autosaves

    # --- the report ----------------------------------------------------------------------
    def write_report(self, kind: type[BaseException], value: BaseException,
                     tb: TracebackType | None, thread: threading.Thread | None = None) -> Path:
        import platform  # here, not at start-up: the handler is installed on the way to a table

        now = datetime.now(UTC)
        kept, facts = self.keep_game()
        trace = "".join(traceback.format_exception(kind, value, tb))
        lines = [
            "Plot Twist Table crash report",
            f"time: {now.isoformat()}",
            f"version: {app_version()}",
            f"python: {sys.version.split()[0]} on {platform.platform()}",
            f"qt: {_qt_version()}",
            f"thread: {thread.name if thread else threading.current_thread().name}",
            f"seed: {facts.get('seed')}",
            f"turn: {facts.get('turn')}  phase: {facts.get('phase')}",
            f"heroes: {', '.join(facts.get('heroes') or []) or '-'}",
            f"game kept: {kept}",
            "",
            "traceback:",
            trace.rstrip(),
            "",
            f"last log lines ({len(self.ring.lines)}):",
            *self.ring.lines,
            *self._log_file_tail(),
            "",
        ]
        folder = paths.log_dir()
        stamp = now.strftime("%Y%m%dT%H%M%S%fZ")
        path = folder / f"crash-{stamp}.txt"
        n = 1
        while path.exists():
            path = folder / f"crash-{stamp}-{n}.txt"
            n += 1
        atomic_write(path, "\n".join(lines))
        self.reports.append(path)
        log.error("uncaught %s; report written to %s", kind.__name__, path)
        return path

    @staticmethod
    def _log_file_tail(count: int = 50) -> list[str]:
        """The end of the newest ``*.log`` in the log folder, if the app keeps one."""
        try:
            logs = sorted(paths.log_dir().glob("*.log"), key=lambda p: p.stat().st_mtime)
            if not logs:
                return []
            tail = logs[-1].read_text(encoding="utf-8", errors="replace").splitlines()[-count:]
        except OSError:
            return []
        return ["", f"end of {logs[-1].name}:", *tail]

    # --- the dialog ----------------------------------------------------------------------
    def make_dialog(self, summary: str, report: Path | None) -> Any:
        from gui.qt import Qt, QtWidgets

        parent = QtWidgets.QApplication.activeWindow()
        box = QtWidgets.QMessageBox(parent)
        box.setObjectName("crashDialog")
        box.setIcon(QtWidgets.QMessageBox.Icon.Critical)
        box.setWindowTitle("Plot Twist Table: something went wrong")
        box.setTextFormat(Qt.TextFormat.PlainText)  # the summary may quote a card name
        box.setText("Something went wrong. Your game has been kept in the autosaves.")
        where = f"A report was written to:\n{report}" if report else \
            "The report could not be written."
        box.setInformativeText(f"{summary}\n\n{where}\n\nContinue playing, or quit?")
        if report is not None:
            try:
                box.setDetailedText(report.read_text(encoding="utf-8"))
            except OSError:
                pass
        go_on = box.addButton("Continue", QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Quit", QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(go_on)
        box.setEscapeButton(go_on)
        return box

    def _ask_with_dialog(self, summary: str, report: Path | None) -> str:
        from gui.qt import QtWidgets

        if QtWidgets.QApplication.instance() is None:
            return CONTINUE
        box = self.make_dialog(summary, report)
        self.dialog = box
        try:
            box.exec()
            clicked = box.clickedButton()
            return QUIT if clicked is not None and clicked.text() == "Quit" else CONTINUE
        finally:
            self.dialog = None
            box.deleteLater()


def install_excepthook(app: Any, get_game: Callable[[], Any],
                       autosaves: Autosaves | None = None) -> CrashHandler:
    """Install the crash handler for ``app``; ``get_game()`` returns the open Game or None."""
    return CrashHandler(app, get_game, autosaves).install()
