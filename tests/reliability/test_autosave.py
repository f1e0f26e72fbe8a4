"""engine.autosave: names, rotation, headers, recovery, temp files."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from engine import autosave as autosave_module
from engine import paths
from engine.autosave import Autosaves, meta_for_game
from engine.core.errors import SaveError
from engine.plottwist.game import Game


class Clock:
    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_names_sort_by_time_and_rotation_keeps_the_last_ten(tmp_path):
    clock = Clock()
    saves = Autosaves(tmp_path, clock=clock)
    for n in range(25):
        clock.t += 1.5
        saves.write(f"save {n}", {"turn": n, "heroes": ["Hope"]})
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 10
    assert [saves.read(i) for i in saves.list()] == [f"save {n}" for n in range(24, 14, -1)]
    assert names[0].startswith("autosave-20270115T")
    assert all(n.endswith(".ptt.json") for n in names)


def test_clock_going_back_never_reorders(tmp_path):
    clock = Clock()
    saves = Autosaves(tmp_path, keep=5, clock=clock)
    saves.write("first", {})
    clock.t -= 3600            # the clock jumps back an hour
    saves.write("second", {})
    saves.write("third", {})
    assert [saves.read(i) for i in saves.list()] == ["third", "second", "first"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [i.name for i in saves.list()][::-1]


def test_same_instant_still_gets_distinct_ordered_names(tmp_path):
    saves = Autosaves(tmp_path, clock=Clock())
    infos = [saves.write(str(n), {}) for n in range(5)]
    assert len({i.name for i in infos}) == 5
    assert [i.name for i in infos] == sorted(i.name for i in infos)


def test_list_reads_headers_only(tmp_path, core_catalog):
    game = Game.quick(core_catalog, heroes=3, seed=2)
    saves = Autosaves(tmp_path)
    saves.write(game.save(), meta_for_game(game, actions=0))
    info = saves.list()[0]
    assert info.turn == 1 and len(info.heroes) == 3 and info.meta["seed"] == 2
    assert "Turn 1" in info.describe() and info.heroes[0] in info.describe()
    # list() still works with the body gone: it never reads past line 1
    raw = info.path.read_bytes()
    info.path.write_bytes(raw[: raw.index(b"\n") + 1])
    assert saves.list()[0].heroes == info.heroes
    with pytest.raises(SaveError, match="truncated"):
        saves.read(saves.list()[0])


def test_latest_returns_the_loaded_game(tmp_path, core_catalog):
    game = Game.quick(core_catalog, heroes=3, seed=3)
    saves = Autosaves(tmp_path)
    assert saves.latest() is None
    saves.write(game.save(), meta_for_game(game))
    found = saves.latest(lambda text: Game.load(text, core_catalog))
    assert found.value.save() == game.save() and found.skipped == []


def test_foreign_files_are_never_touched(tmp_path):
    keep = {"notes.txt": b"mine", "autosave-old-style.ptsave": b"x",
            "autosave-20260101T000000000000Z-000001.ptt.json.bak": b"y"}
    for name, data in keep.items():
        (tmp_path / name).write_bytes(data)
    saves = Autosaves(tmp_path, keep=1)
    for n in range(3):
        saves.write(str(n), {})
    for name, data in keep.items():
        assert (tmp_path / name).read_bytes() == data
    assert len(saves.list()) == 1


def test_stale_temp_files_are_swept_fresh_ones_kept(tmp_path):
    saves = Autosaves(tmp_path)
    stale = tmp_path / ".autosave-20260101T000000000000Z-000001.ptt.json.abc.tmp"
    fresh = tmp_path / ".autosave-20260101T000000000000Z-000002.ptt.json.def.tmp"
    stale.write_text("half a sa")
    fresh.write_text("being writ")
    os.utime(stale, (1, 1))
    saves.write("x", {})
    assert not stale.exists() and fresh.exists()
    assert saves.sweep_temp_files() == 1 and not fresh.exists()


def test_text_with_any_newlines_reads_back(tmp_path):
    saves = Autosaves(tmp_path)
    saves.write("line one\r\nline two\rthree\n", {})
    assert saves.read(saves.list()[0]) == "line one\nline two\nthree\n"


def test_default_folder_is_the_apps_autosave_dir():
    assert Autosaves().folder == paths.autosave_dir()


def test_meta_must_stay_small(tmp_path):
    with pytest.raises(ValueError, match="too large"):
        Autosaves(tmp_path).write("x", {"blob": "a" * 20_000})


def test_autosave_module_imports_no_qt():
    tree = ast.parse(Path(autosave_module.__file__).read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(n.startswith(("PySide6", "gui")) for n in names)
