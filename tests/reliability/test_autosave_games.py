"""Autosaves per game (issue 20, item 1): starting another game never loses this one.

On the old policy every game shared one ring of 10 files: ten moves of a new game deleted
every autosave of the game before it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.autosave import (
    AutosaveError,
    Autosaves,
    GameHeld,
    is_autosave_text,
    meta_for_game,
    new_game_id,
    read_autosave_file,
)
from engine.core.errors import SaveError
from engine.core.saves import sweep_temp_files
from engine.plottwist.game import Game

from .test_autosave import Clock

OLD, NEW = "a1a1a1a1a1a1a1a1", "b2b2b2b2b2b2b2b2"


def files_of(folder: Path, game: str) -> list[str]:
    return sorted(p.name for p in folder.glob(f"autosave-{game}-*.ptt.json"))


def test_a_second_game_never_rotates_the_first_away(tmp_path):
    clock = Clock()
    saves = Autosaves(tmp_path, keep=10, clock=clock)
    for n in range(3):
        clock.t += 1
        saves.write(f"old {n}", {"turn": n + 1, "heroes": ["Hope"]}, game=OLD)
    for n in range(25):
        clock.t += 1
        saves.write(f"new {n}", {"turn": 1, "heroes": ["Athena"]}, game=NEW)
    assert len(files_of(tmp_path, OLD)) == 3
    assert len(files_of(tmp_path, NEW)) == 10
    games = saves.recent_games()
    assert [g.key for g in games] == [NEW, OLD]
    assert games[1].newest.turn == 3 and games[1].newest.heroes == ("Hope",)
    assert saves.latest(game=OLD).text == "old 2"
    assert saves.latest().text == "new 24"


def test_only_the_newest_games_settings_keep_survive_and_never_a_held_one(tmp_path):
    clock = Clock()
    saves = Autosaves(tmp_path, keep=2, games=3, clock=clock)
    ids = [f"{n:016x}" for n in range(1, 6)]
    other_window = Autosaves(tmp_path)
    for n, ident in enumerate(ids):
        clock.t += 1
        saves.write(f"game {n}", {}, game=ident)
        if n == 0:
            other_window.hold(ident)      # another window still shows the first game
    kept = [g.key for g in saves.recent_games()]
    # the newest three, and the held one although it is the oldest
    assert kept == [ids[4], ids[3], ids[2], ids[0]]
    other_window.release()
    clock.t += 1
    saves.write("game 5", {}, game=ids[4])
    assert [g.key for g in saves.recent_games()] == [ids[4], ids[3], ids[2]]


def test_old_format_autosaves_are_still_offered_and_never_rotated_away(tmp_path):
    """Files named before game ids (one ring for all games) stay: listed as games of
    their own (grouped by Heroes), opened, never deleted by a game with an id."""
    clock = Clock()
    saves = Autosaves(tmp_path, keep=3, clock=clock)
    for heroes in (["Hope"], ["Hope"], ["Athena", "Bolt"]):
        clock.t += 1
        saves.write(f"legacy {heroes}", {"heroes": heroes})      # no id: the old names
    legacy = sorted(p.name for p in tmp_path.glob("autosave-2*"))
    assert len(legacy) == 3
    for n in range(10):
        clock.t += 1
        saves.write(f"new {n}", {"heroes": ["Nova"]}, game=NEW)
    assert sorted(p.name for p in tmp_path.glob("autosave-2*")) == legacy
    games = saves.recent_games()
    assert [g.key for g in games][0] == NEW and len(games) == 3
    hope = next(g for g in games if g.newest.heroes == ("Hope",))
    assert hope.legacy and len(hope.positions) == 2
    assert "saved before game ids" in hope.describe()
    assert saves.latest(game=hope.key).text == "legacy ['Hope']"


def test_delete_game_deletes_that_game_only(tmp_path):
    saves = Autosaves(tmp_path, clock=Clock())
    saves.write("a", {}, game=OLD)
    saves.write("b", {}, game=NEW)
    saves.write("c", {}, game=NEW)
    assert saves.delete_game(NEW) == 2
    assert [g.key for g in saves.recent_games()] == [OLD]


def test_a_game_held_by_another_window_is_neither_written_nor_deleted(tmp_path):
    first, second = Autosaves(tmp_path), Autosaves(tmp_path)
    first.hold(OLD)
    first.write("mine", {}, game=OLD)
    with pytest.raises(GameHeld, match="another window"):
        second.hold(OLD)
    with pytest.raises(GameHeld):
        second.write("theirs", {}, game=OLD)
    with pytest.raises(GameHeld):
        second.delete_game(OLD)
    second.hold(NEW)                     # its own game is its own
    second.write("theirs", {}, game=NEW)
    assert first.latest(game=OLD).text == "mine"
    first.release()
    second.hold(OLD)


def test_another_running_process_holds_the_game(tmp_path):
    """Two running copies of the app: the lock is the operating system's, per process."""
    script = ("import sys; from engine.autosave import Autosaves; "
              f"a = Autosaves({str(tmp_path)!r}); a.hold({OLD!r}); "
              "print('held', flush=True); sys.stdin.readline()")
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        mine = Autosaves(tmp_path)
        with pytest.raises(GameHeld):
            mine.hold(OLD)
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(30)
    mine.hold(OLD)                       # the copy has closed: the game is free


def test_the_save_text_carries_the_game_id(core_catalog):
    game = Game.quick(core_catalog, heroes=2, seed=4)
    plain = game.save()
    assert Game.load(plain, core_catalog).game_id is None     # saves from before ids
    game.game_id = new_game_id()
    again = Game.load(game.save(), core_catalog)
    assert again.game_id == game.game_id
    assert again.save() == game.save()
    bad = game.save().replace(game.game_id, "not-an-id\\n")
    assert Game.load(bad, core_catalog).game_id is None       # ignored, never trusted


def test_an_autosave_file_reads_anywhere_and_is_checked(tmp_path, core_catalog):
    game = Game.quick(core_catalog, heroes=2, seed=4)
    info = Autosaves(tmp_path / "a").write(game.save(), meta_for_game(game), game=OLD)
    text = info.path.read_text(encoding="utf-8")
    assert is_autosave_text(text) and not is_autosave_text(game.save())
    assert read_autosave_file(info.path) == game.save()
    info.path.write_text(text.replace('"turn":1', '"turn":7', 1), encoding="utf-8")
    with pytest.raises(AutosaveError, match="checksum"):
        read_autosave_file(info.path)


def test_stale_temp_files_of_a_killed_save_are_swept(tmp_path):
    old = tmp_path / ".game.ptsave.k1ll3d.tmp"
    fresh = tmp_path / ".game.ptsave.inflight.tmp"
    other = tmp_path / ".notes.txt.abc.tmp"
    for p in (old, fresh, other):
        p.write_text("half a save")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.utime(other, (an_hour_ago, an_hour_ago))
    assert sweep_temp_files(tmp_path, ".", 60.0, contains=".ptsave.") == 1
    assert not old.exists() and fresh.exists() and other.exists()


def test_open_refuses_a_fifo_and_an_oversized_file_without_reading(tmp_path, monkeypatch):
    """File → Open of a FIFO named like a save would block the window for ever."""
    from gui import saves as gui_saves

    fifo = tmp_path / "evening.ptsave"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        gui_saves.read_save_file(fifo)
    with pytest.raises(AutosaveError, match="not a regular file"):
        read_autosave_file(fifo)
    big = tmp_path / "big.ptt.json"
    big.write_text("x" * 2_000)
    monkeypatch.setattr("engine.autosave.MAX_FILE_BYTES", 1_000)
    with pytest.raises(AutosaveError, match="more than any save"):
        read_autosave_file(big)
