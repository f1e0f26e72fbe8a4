"""gui.crash: an uncaught exception in the GUI gives a report, a kept game and a dialog."""

from __future__ import annotations

import logging
import sys
import threading

import pytest

from engine import paths
from engine.autosave import Autosaves, meta_for_game
from engine.plottwist.game import Game
from engine.plottwist.testkit import demo_catalog

pytest.importorskip("pytestqt")

from gui import crash  # noqa: E402
from gui.crash import install_excepthook  # noqa: E402
from gui.qt import QtCore, QtWidgets  # noqa: E402


@pytest.fixture
def game():
    return Game.quick(demo_catalog(), heroes=3, seed=4242)


@pytest.fixture
def earlier_autosaves(game):
    saves = Autosaves(paths.autosave_dir())
    for n in range(3):
        saves.write(game.save(), meta_for_game(game, actions=n))
    return {p.name: p.read_bytes() for p in paths.autosave_dir().iterdir()}


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_shows_the_dialog_and_writes_the_report(qtbot, game,
                                                                    earlier_autosaves):
    app = QtWidgets.QApplication.instance()
    handler = install_excepthook(app, lambda: game)
    seen: dict = {}

    def answer():
        box = handler.dialog
        if box is None or "text" in seen:
            return
        seen["text"] = box.text()
        seen["info"] = box.informativeText()
        seen["buttons"] = sorted(b.text() for b in box.buttons())
        seen["modal"] = box.isModal()
        next(b for b in box.buttons() if b.text() == "Continue").click()

    poll = QtCore.QTimer()
    poll.timeout.connect(answer)
    poll.start(10)

    def boom():
        raise RuntimeError("boom from a slot")

    try:
        logging.getLogger("gui.table").warning("the last thing before the crash")
        QtCore.QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: "text" in seen and handler.dialog is None, timeout=5000)
    finally:
        poll.stop()
        handler.uninstall()

    assert {"Continue", "Quit"} <= set(seen["buttons"]) and seen["modal"]
    assert "game has been kept" in seen["text"]
    assert "RuntimeError: boom from a slot" in seen["info"]
    [report] = handler.reports
    assert report.parent == paths.log_dir() and report.name.startswith("crash-")
    assert str(report) in seen["info"]
    text = report.read_text(encoding="utf-8")
    assert 'raise RuntimeError("boom from a slot")' in text and "Traceback" in text
    assert f"version: {crash.app_version()}" in text and "unknown" not in crash.app_version()
    assert "seed: 4242" in text and "turn: 1" in text
    assert "the last thing before the crash" in text
    # the game is kept: the earlier autosaves are untouched and a new one holds the game
    folder = paths.autosave_dir()
    for name, data in earlier_autosaves.items():
        assert (folder / name).read_bytes() == data
    newest = Autosaves(folder).latest(lambda t: Game.load(t, demo_catalog()))
    assert newest.info.meta["crash"] is True and newest.value.save() == game.save()
    assert f"game kept: autosaved to {newest.info.path}" in text
    assert sys.excepthook is not handler.handle


class FakeApp:
    def __init__(self) -> None:
        self.exit_code = None

    def exit(self, code: int) -> None:
        self.exit_code = code


def _raise_and_handle(handler, exc):
    try:
        raise exc
    except type(exc) as e:
        handler.handle(type(e), e, e.__traceback__)


def test_quit_exits_the_app(game):
    app = FakeApp()
    handler = crash.CrashHandler(app, lambda: game, ask=lambda s, r: crash.QUIT)
    _raise_and_handle(handler, ValueError("bad"))
    assert app.exit_code == 1 and len(handler.reports) == 1


def test_continue_keeps_the_app(game):
    app = FakeApp()
    handler = crash.CrashHandler(app, lambda: game, ask=lambda s, r: crash.CONTINUE)
    _raise_and_handle(handler, ValueError("bad"))
    assert app.exit_code is None


def test_no_dialog_stacking_while_one_is_open(game):
    asked = []
    handler = crash.CrashHandler(FakeApp(), lambda: game, ask=None)

    def ask(summary, report):
        asked.append(summary)
        _raise_and_handle(handler, KeyError("second"))   # while "the dialog" is open
        return crash.CONTINUE

    handler.ask = ask
    _raise_and_handle(handler, ValueError("first"))
    assert asked == ["ValueError: first"] and len(handler.reports) == 2


def test_a_repeating_exception_neither_floods_reports_nor_rotates_autosaves(
        game, earlier_autosaves):
    handler = crash.CrashHandler(FakeApp(), lambda: game, ask=lambda s, r: crash.CONTINUE)
    for _ in range(crash.MAX_REPORTS + 15):
        _raise_and_handle(handler, ValueError("every frame"))
    assert len(handler.reports) == crash.MAX_REPORTS and handler.suppressed == 15
    # one crash autosave for an unchanged game; the earlier ones all still there
    now = {p.name: p.read_bytes() for p in paths.autosave_dir().iterdir()}
    assert set(earlier_autosaves) < set(now) and len(now) == len(earlier_autosaves) + 1
    for name, data in earlier_autosaves.items():
        assert now[name] == data


def test_broken_game_still_gets_a_report(earlier_autosaves):
    class Broken:
        def save(self):
            raise RuntimeError("state is gone")

    handler = crash.CrashHandler(FakeApp(), lambda: Broken(), ask=lambda s, r: crash.CONTINUE)
    _raise_and_handle(handler, ValueError("bad"))
    text = handler.reports[0].read_text(encoding="utf-8")
    assert "the game could not be saved" in text and "newest earlier autosave is kept" in text
    assert {p.name: p.read_bytes() for p in paths.autosave_dir().iterdir()} == \
        earlier_autosaves


def test_get_game_failing_or_no_game(earlier_autosaves):
    def fails():
        raise AttributeError("window gone")

    for get in (fails, lambda: None):
        handler = crash.CrashHandler(FakeApp(), get, ask=lambda s, r: crash.CONTINUE)
        _raise_and_handle(handler, ValueError("bad"))
        assert handler.reports[0].exists()
    assert {p.name: p.read_bytes() for p in paths.autosave_dir().iterdir()} == \
        earlier_autosaves


def test_thread_exception_writes_a_report_without_dialog(game):
    asked = []
    handler = crash.CrashHandler(FakeApp(), lambda: game, ask=lambda s, r: asked.append(s))
    handler.install()
    try:
        t = threading.Thread(target=lambda: 1 / 0, name="worker-x")
        t.start()
        t.join()
    finally:
        handler.uninstall()
    assert asked == [] and "thread: worker-x" in handler.reports[0].read_text()


def test_keyboard_interrupt_goes_to_the_previous_hook(game, monkeypatch):
    called = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: called.append(a[0]))
    handler = crash.CrashHandler(FakeApp(), lambda: game, ask=lambda s, r: crash.QUIT)
    _raise_and_handle(handler, KeyboardInterrupt())
    assert called == [KeyboardInterrupt] and handler.reports == []
