"""A new game's hold (its file lock against a second running copy) is taken when its id
is first used, not at its start (gui/saves.py): these tests hold that nothing can open
the game before then, and that every way its id reaches a file takes the hold first."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import paths
from engine.autosave import Autosaves, GameHeld
from gui import saves
from gui.games import GameSource
from tests.gui.test_continue_games import play

pytest.importorskip("engine.plottwist.game")


def files_naming(ident: str) -> list[Path]:
    """Every file of the app's home whose name or text carries `ident`."""
    home = paths.data_dir().parent
    found = []
    for path in home.rglob("*"):
        if not path.is_file() or path.suffix == ".lock":
            continue
        if ident in path.name or ident in path.read_text(encoding="utf-8", errors="replace"):
            found.append(path)
    return found


def held_by_another_copy(ident: str) -> bool:
    """What a second running copy of the app finds when it tries to open the game."""
    other = Autosaves(paths.autosave_dir())
    return other.held_elsewhere(ident)


@pytest.fixture
def new_game(make_window):
    window = make_window(GameSource())
    window.quick_game()
    game = window.table.controller.game
    return window, game, game.game_id


def test_a_new_game_is_in_no_file_while_its_hold_waits(new_game):
    window, game, ident = new_game
    assert window.in_game()
    assert saves.hold_waiting() == ident
    # no other copy can open it: no autosave, no save, nothing on disk names it
    assert files_naming(ident) == []
    assert saves.autosaves().recent_games() == [] or \
        ident not in [g.key for g in saves.autosaves().recent_games()]


def test_the_first_move_holds_the_game_before_its_autosave_is_written(new_game):
    window, game, ident = new_game
    play(window, 1)
    assert saves.hold_waiting() is None
    assert files_naming(ident), "the move was autosaved"
    assert held_by_another_copy(ident)
    with pytest.raises(GameHeld):
        Autosaves(paths.autosave_dir()).hold(ident)


def test_file_save_holds_a_new_game_before_its_file_names_it(new_game, tmp_path):
    window, game, ident = new_game
    path = tmp_path / "evening.ptsave"
    window.table.save_path = path
    assert window.table.save()
    assert ident in path.read_text(encoding="utf-8")
    assert saves.hold_waiting() is None
    assert held_by_another_copy(ident)


def test_a_crash_report_holds_a_new_game_before_its_autosave(new_game, qapp):
    from gui.crash import CrashHandler

    window, game, ident = new_game
    # the window's own handler as main() installs it (not installed: tests keep pytest's)
    told, _facts = CrashHandler(qapp, window.current_game).keep_game()
    assert "autosaved to" in told
    assert saves.hold_waiting() is None
    assert held_by_another_copy(ident)


def test_leaving_a_new_game_before_any_move_holds_and_writes_nothing(new_game):
    window, game, ident = new_game
    window.show_start()
    assert saves.hold_waiting() is None
    assert not held_by_another_copy(ident)
    assert files_naming(ident) == []


def test_a_continued_game_is_held_at_once(new_game, make_window):
    window, game, ident = new_game
    play(window, 1)
    window.show_start()
    window.refresh_autosave()
    window.continue_game(ident)
    assert window.in_game() and window.current_game().game_id == ident
    assert saves.hold_waiting() is None
    assert held_by_another_copy(ident)
