"""``plot-twist-table --self-test``: prove that this build of the app works, in a few seconds.

It is the smoke test of the packaged app (run on every CI build of the standalone
executables) and works the same from a source checkout:

1. **version** — the app's version from its metadata (a frozen app must carry it);
2. **packs** — loads every bundled card pack with :mod:`engine.catalog` (found through
   ``importlib.resources``, never the working directory) and fails on any pack error;
3. **engine** — when :mod:`engine.plottwist.game` is there, plays a seeded quick game of
   random legal actions and checks that a save loads back to the same game. A missing engine
   is skipped and said so; an engine that is there but fails to import is a failure;
4. **window** — shows the main window (or, while the GUI has none, a stand-in table painted
   from the catalog) offscreen, renders the start screen to an image and checks that it is
   not blank; with a working engine, opens a Quick game and renders the table the same way.
   A dialog the app opens meanwhile cannot hang the test: see :func:`_no_modal_dialogs`.

It prints one line — ``self-test ok: version 0.1.0, 1 pack, 112 cards, 50 actions, save/load
ok, rendered MainWindow 1280x800 (start, table) in 1.05 s`` — and returns 0; on a failure it
prints ``self-test FAILED: <step>: <reason>`` and returns 1. A windowed Windows build has no
``sys.stdout``: the line then goes to ``selftest.log`` in the app's log folder.

The test runs with a private, temporary ``PLOT_TWIST_HOME`` (unless ``--use-home``) and from
an empty temporary working folder, so the user's own packs, settings and saves neither affect
it nor get touched by it.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_ACTIONS = 50
DEFAULT_SEED = 1
WINDOW_SIZE = (1280, 800)
LOG_NAME = "selftest.log"
DIST_NAME = "plot-twist-table"


class SelfTestFailure(Exception):
    """A check failed; the message says which and why."""


@dataclass
class Report:
    version: str = ""
    packs: int = 0
    cards: int = 0
    engine: str = ""
    played: int = 0
    render: str = ""
    phones: str = ""

    def summary(self, seconds: float) -> str:
        parts = [
            f"version {self.version}" if self.version else "",
            f"{self.packs} pack{'s' if self.packs != 1 else ''}",
            f"{self.cards} cards",
            self.engine,
            self.phones,
            self.render,
        ]
        text = ", ".join(p for p in parts if p)
        return f"self-test ok: {text} in {seconds:.2f} s"


# --------------------------------------------------------------------------- output


def _emit(line: str, log_dir: Path | None, error: bool = False) -> None:
    """Print ``line``; with no console (windowed build) append it to the log file instead."""
    stream = sys.stderr if error else sys.stdout
    if stream is None:
        stream = sys.stdout or sys.stderr
    if stream is not None:
        try:
            print(line, file=stream, flush=True)
            return
        except (OSError, ValueError):
            pass  # a closed or broken console: fall back to the file
    folder = log_dir or Path(tempfile.gettempdir())
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / LOG_NAME, "a", encoding="utf-8") as log:
            log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
    except OSError:
        pass  # nowhere to write: the exit code still tells


def _user_log_dir() -> Path | None:
    try:
        from engine import paths

        return paths.log_dir()
    except Exception:
        return None


# --------------------------------------------------------------------------- steps


def _check_version(report: Report) -> None:
    """The app's version from its metadata (crash reports and the About box use it)."""
    from importlib import metadata

    try:
        report.version = metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError as exc:
        if getattr(sys, "frozen", False):
            raise SelfTestFailure(f"the bundle lacks the metadata of {DIST_NAME}, so the app "
                                  "cannot tell its version") from exc
        report.version = "not installed"


def _check_packs(report: Report) -> Any:
    """Load the bundled packs; fail on any error. Returns the catalog."""
    from importlib import resources

    from engine.catalog import Catalog, bundled_packs_root

    root = bundled_packs_root().resolve()
    # joinpath, not str(): in a frozen app files() may be a MultiplexedPath, whose str() is
    # not a path but its children are plain paths
    assets = resources.files("assets")
    packs_home = Path(str(assets / "packs")).resolve()
    if not root.is_dir():
        raise SelfTestFailure(f"bundled packs folder is missing: {root}")
    if getattr(sys, "frozen", False):
        bundle = Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)).resolve()
        if not root.is_relative_to(bundle):
            raise SelfTestFailure(f"bundled packs found outside the app bundle: {root}")
    elif root != packs_home:
        raise SelfTestFailure(f"bundled packs are not inside the assets package: {root}")

    catalog = Catalog.load(include_user=False)
    if catalog.errors:
        shown = "; ".join(str(e) for e in catalog.errors[:5])
        more = f" (and {len(catalog.errors) - 5} more)" if len(catalog.errors) > 5 else ""
        raise SelfTestFailure(f"{len(catalog.errors)} pack error(s): {shown}{more}")
    loaded = [p for p in catalog.packs if p.loaded]
    if not loaded or len(catalog) == 0:
        raise SelfTestFailure(f"no cards found in the bundled packs under {root}")
    report.packs = len(loaded)
    report.cards = len(catalog)

    icon = assets / "icons" / "app.png"
    if not icon.is_file() or not icon.read_bytes().startswith(b"\x89PNG"):
        raise SelfTestFailure(f"app icon is missing: {icon}")
    return catalog


def _seats(game: Any) -> list[str]:
    seats = getattr(game, "seats", None)
    if seats is None:
        state = getattr(game, "state", None)
        seats = getattr(state, "seats", None)
    if not seats:
        view = game.view("gm")
        found = {c.get("seat") for c in view.get("characters", []) if isinstance(c, dict)}
        seats = sorted(s for s in found if isinstance(s, str))
    return list(dict.fromkeys(["gm", *seats]))


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("can_undo", "can_redo")}


def _check_engine(report: Report, catalog: Any, actions: int, seed: int) -> None:
    """Play ``actions`` random legal actions of a seeded quick game; round-trip a save."""
    if actions <= 0:
        report.engine = "engine: skipped (--actions 0)"
        return
    try:
        from engine.plottwist import game as game_module
    except ModuleNotFoundError as exc:
        if exc.name in ("engine.plottwist.game", "engine.plottwist"):
            report.engine = "engine: not available (skipped)"
            return
        raise SelfTestFailure(f"engine.plottwist.game needs a missing module: {exc}") from exc
    except Exception as exc:
        raise SelfTestFailure(f"engine.plottwist.game is there but does not import: "
                              f"{type(exc).__name__}: {exc}") from exc
    Game = getattr(game_module, "Game", None)
    if Game is None or not hasattr(Game, "quick"):
        report.engine = "engine: no Game.quick yet (skipped)"
        return

    game = Game.quick(catalog, heroes=3, seed=seed)
    rng = random.Random(seed)
    seats = _seats(game)
    played = 0
    for _ in range(actions):
        legal = [a for seat in seats for a in game.legal_actions(seat)]
        if not legal:
            break  # the game is over (or stuck: the view below still has to render)
        action = rng.choice(legal)
        try:
            game.apply(action)
        except Exception as exc:
            label = getattr(action, "label", repr(action))
            raise SelfTestFailure(f"legal action {label!r} (#{played + 1}) raised "
                                  f"{type(exc).__name__}: {exc}") from exc
        played += 1
    if played == 0:
        raise SelfTestFailure("the quick game offers no legal action at its start")
    for viewer in ("table", *seats):
        if not isinstance(game.view(viewer), dict):
            raise SelfTestFailure(f"game.view({viewer!r}) did not return a dict")

    text = game.save()
    loaded = Game.load(text, catalog)
    if loaded.save() != text:
        raise SelfTestFailure("a saved game does not load back to the same game")
    # undo history is not part of a save, so can_undo/can_redo may differ; nothing else may
    before, after = _comparable(game.view("table")), _comparable(loaded.view("table"))
    if before != after:
        keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        raise SelfTestFailure("a loaded game shows the table differently from the saved one "
                              f"(view keys {', '.join(keys)})")
    report.engine = f"{played} actions, save/load ok"
    report.played = played


def _check_phones(report: Report, catalog: Any) -> None:
    """The phone page ships and its server answers (docs/phones.md): the server starts on
    loopback, serves the page and its script from the bundle, and stops."""
    import urllib.request

    try:
        from engine.plottwist.game import Game
    except ImportError:
        report.phones = "phones: no engine (skipped)"
        return
    from gui.phones.desk import PhoneDesk
    from gui.phones.game_thread import GameThread
    from gui.phones.server import PhoneServer

    thread = GameThread()
    server = PhoneServer(PhoneDesk(Game.quick(catalog, heroes=1, seed=1, history=False)),
                         thread.post, "127.0.0.1")
    server.start()
    # no proxy: the request goes to this very machine
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        for path, mark in (("/", b'src="/static/main.js"'), ("/static/main.js", b"WebSocket")):
            with opener.open(f"http://127.0.0.1:{server.port}{path}", timeout=10) as answer:
                if mark not in answer.read():
                    raise SelfTestFailure(f"the phone page's {path} is not the shipped file")
    finally:
        server.stop()
        thread.stop()
    report.phones = "phone page served"


def _qt_app() -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6 import QtWidgets

    app = QtWidgets.QApplication.instance()
    if app is not None:
        return app
    try:
        from gui.app import create_app
    except ModuleNotFoundError as exc:
        if exc.name != "gui.app":
            raise
        return QtWidgets.QApplication([sys.argv[0] if sys.argv else "plot-twist-table"])
    return create_app([sys.argv[0] if sys.argv else "plot-twist-table"])


def _main_window() -> tuple[Any, str] | None:
    """The app's main window, as the app would show it; None while the GUI has none."""
    try:
        from gui.main_window import MainWindow
    except ModuleNotFoundError as exc:
        if exc.name == "gui.main_window":
            return None
        raise
    try:
        from gui.settings import Settings
    except ModuleNotFoundError as exc:
        if exc.name != "gui.settings":
            raise
        window = MainWindow()
    else:
        window = MainWindow(Settings.load())
    return window, type(window).__name__


def _stand_in_table(catalog: Any) -> tuple[Any, str]:
    """A plain table of card faces, so the Qt stack (plugins, fonts) is still exercised."""
    from PySide6 import QtCore, QtGui, QtWidgets

    scene = QtWidgets.QGraphicsScene()
    scene.setBackgroundBrush(QtGui.QColor("#2f5d50"))
    cards = list(catalog)[:12] if catalog is not None else []
    for i, card in enumerate(cards):
        x, y = 20 + (i % 6) * 200, 20 + (i // 6) * 280
        rect = scene.addRect(QtCore.QRectF(x, y, 180, 260), QtGui.QPen(QtGui.QColor("#1d2340"), 3),
                             QtGui.QBrush(QtGui.QColor("#fdf6e3")))
        rect.setData(0, card.key)
        text = scene.addText(f"{card.name}\n{card.kind}")
        text.setDefaultTextColor(QtGui.QColor("#1d2340"))
        text.setTextWidth(160)
        text.setPos(x + 10, y + 10)
    view = QtWidgets.QGraphicsView(scene)
    view._selftest_scene = scene  # type: ignore[attr-defined]  # a view does not own its scene
    return view, "stand-in table"


def _is_blank(image: Any) -> str | None:
    """Why ``image`` looks blank, or None when it shows something."""
    if image.isNull() or image.width() == 0 or image.height() == 0:
        return "the rendered image is empty"
    colours = set()
    step_x = max(1, image.width() // 64)
    step_y = max(1, image.height() // 40)
    for y in range(0, image.height(), step_y):
        for x in range(0, image.width(), step_x):
            colours.add(image.pixel(x, y))
    if len(colours) < 3:
        return f"the rendered image is blank ({len(colours)} colour(s) over the whole window)"
    return None


@contextmanager
def _no_modal_dialogs() -> Iterator[list[str]]:
    """Keep the app's dialogs from blocking the test; collect the errors they would show.

    Offscreen, nobody can click a dialog away: a modal one would hang the self-test. So,
    while this is active, QMessageBox's static helpers do not open a window: ``question``
    answers Yes (the app asking "leave the table?" is not an error) and ``critical``,
    ``warning`` and ``information`` record their text as a complaint. Any other modal dialog
    that opens anyway is closed by a watchdog timer and recorded as well.
    """
    from PySide6 import QtCore, QtWidgets

    box = QtWidgets.QMessageBox
    complaints: list[str] = []
    saved = {name: getattr(box, name) for name in ("critical", "warning", "information",
                                                  "question")}

    def text_of(args: tuple[Any, ...]) -> str:
        words = [a for a in args[1:] if isinstance(a, str)]
        return " / ".join(words) or "a message box"

    def complain(*args: Any, **kwargs: Any) -> Any:
        complaints.append(text_of(args))
        return box.StandardButton.Ok

    def agree(*args: Any, **kwargs: Any) -> Any:
        return box.StandardButton.Yes

    def dismiss_modal() -> None:
        widget = QtWidgets.QApplication.activeModalWidget()
        if widget is None:
            return
        text = widget.text() if isinstance(widget, box) else ""
        complaints.append(f"{type(widget).__name__} {widget.windowTitle()!r} {text}".strip())
        if isinstance(widget, QtWidgets.QDialog):
            widget.reject()
        else:
            widget.close()

    watchdog = QtCore.QTimer()
    watchdog.setInterval(50)
    watchdog.timeout.connect(dismiss_modal)
    try:
        for name in ("critical", "warning", "information"):
            setattr(box, name, staticmethod(complain))
        box.question = staticmethod(agree)  # type: ignore[method-assign]
        watchdog.start()
        yield complaints
    finally:
        watchdog.stop()
        for name, original in saved.items():
            setattr(box, name, original)


def _settle(app: Any, seconds: float = 0.2) -> None:
    """Run queued layouts, zero-timers and paints, as the first turns of the event loop do."""
    from PySide6 import QtCore

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents(QtCore.QEventLoop.ProcessEventsFlag.AllEvents, 20)


def _grab(widget: Any, what: str, save_to: Path | None) -> Any:
    image = widget.grab().toImage()
    if save_to is not None:
        image.save(str(save_to))
    problem = _is_blank(image)
    if problem:
        raise SelfTestFailure(f"{what}: {problem}")
    return image


def _check_render(report: Report, catalog: Any, save_to: Path | None) -> None:
    app = _qt_app()
    built = _main_window()
    note = ""
    if built is None:
        built = _stand_in_table(catalog)
        note = " (gui.main_window not available yet)"
    widget, what = built
    shown = []
    try:
        with _no_modal_dialogs() as complaints:
            widget.resize(*WINDOW_SIZE)
            widget.show()
            app.processEvents()
            if hasattr(widget, "load_catalog"):
                widget.load_catalog()
            _settle(app)
            image = _grab(widget, f"{what} (start)", save_to)
            shown.append("start")
            # with a working engine, open a quick game and render the table as well
            if report.played and hasattr(widget, "quick_game"):
                widget.quick_game()
                _settle(app)
                table_shot = save_to.with_name(f"{save_to.stem}-table{save_to.suffix}") \
                    if save_to is not None else None
                image = _grab(widget, f"{what} (table)", table_shot)
                shown.append("table")
            widget.close()
            app.processEvents()
        if complaints:
            raise SelfTestFailure(f"{what} showed an error box: {complaints[0]}")
        report.render = (f"rendered {what} {image.width()}x{image.height()}"
                         f" ({', '.join(shown)}){note}")
    finally:
        # never close() outside _no_modal_dialogs: the window may ask before it closes
        widget.hide()
        widget.deleteLater()
        app.processEvents()


# --------------------------------------------------------------------------- main


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="plot-twist-table --self-test",
                                     description="Check that this build of the app works.")
    parser.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--actions", type=int, default=DEFAULT_ACTIONS,
                        help=f"random legal actions to play (default {DEFAULT_ACTIONS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--screenshot", type=Path, metavar="PNG",
                        help="also save the rendered window to this file")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="SECONDS",
                        help="abort with a traceback after this long (0: never)")
    parser.add_argument("--use-home", action="store_true",
                        help="run against the real user folders instead of a temporary one")
    args, _unknown = parser.parse_known_args(argv)  # Qt's own options pass through
    return args


def main(argv: list[str] | None = None) -> int:
    """Run every check; print one summary line; 0 when all passed, 1 otherwise."""
    started = time.perf_counter()
    args = _parse(list(sys.argv[1:] if argv is None else argv))
    if argv is None and args.timeout > 0 and sys.stderr is not None:
        # run as the app's --self-test: a hang (a modal dialog nobody can click on the
        # offscreen platform) must end as a failure with a traceback, not stall a CI job
        faulthandler.dump_traceback_later(args.timeout, exit=True)
    # only a console-less (windowed) build writes a log file: do not create folders otherwise
    log_dir = _user_log_dir() if sys.stdout is None or sys.stderr is None else None
    report = Report()
    try:
        return _run(args, report, log_dir, started)
    finally:
        faulthandler.cancel_dump_traceback_later()


def _run(args: argparse.Namespace, report: Report, log_dir: Path | None, started: float) -> int:
    saved_home = os.environ.get("PLOT_TWIST_HOME")
    saved_cwd = os.getcwd()
    # ignore_cleanup_errors: on Windows a file the app still holds open must not fail the test
    with tempfile.TemporaryDirectory(prefix="plot-twist-selftest-",
                                     ignore_cleanup_errors=True) as scratch:
        if not args.use_home:
            os.environ["PLOT_TWIST_HOME"] = str(Path(scratch) / "home")
        # run from an unrelated folder: bundled data must never be found through the cwd
        os.chdir(scratch)
        step = "version"
        try:
            _check_version(report)
            step = "packs"
            catalog = _check_packs(report)
            step = "engine"
            _check_engine(report, catalog, args.actions, args.seed)
            step = "phones"
            _check_phones(report, catalog)
            step = "window"
            _check_render(report, catalog, args.screenshot)
        except SelfTestFailure as exc:
            _emit(f"self-test FAILED: {step}: {exc}", log_dir, error=True)
            return 1
        except Exception as exc:  # a crash anywhere is a failure, with its traceback
            detail = "".join(traceback.format_exception(exc)).rstrip()
            _emit(f"self-test FAILED: {step}: {type(exc).__name__}: {exc}\n{detail}",
                  log_dir, error=True)
            return 1
        finally:
            os.chdir(saved_cwd)
            if saved_home is None:
                os.environ.pop("PLOT_TWIST_HOME", None)
            else:
                os.environ["PLOT_TWIST_HOME"] = saved_home
    _emit(report.summary(time.perf_counter() - started), log_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
