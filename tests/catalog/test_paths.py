"""engine.paths: every folder lives under PLOT_TWIST_HOME when it is set."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import paths


def test_folders_live_under_plot_twist_home(tmp_path, monkeypatch):
    home = tmp_path / "ptt"
    monkeypatch.setenv("PLOT_TWIST_HOME", str(home))
    assert paths.data_dir() == home / "data"
    assert paths.config_dir() == home / "config"
    assert paths.log_dir() == home / "logs"
    assert paths.packs_dir() == home / "data" / "packs"
    assert paths.saves_dir() == home / "data" / "saves"
    assert paths.autosave_dir() == home / "data" / "saves" / "autosave"


@pytest.mark.parametrize("func", [paths.data_dir, paths.config_dir, paths.log_dir,
                                  paths.packs_dir, paths.saves_dir, paths.autosave_dir])
def test_folders_are_created_on_demand(func):
    folder = func()
    assert isinstance(folder, Path)
    assert folder.is_dir()


def test_without_home_uses_platformdirs(tmp_path, monkeypatch):
    monkeypatch.delenv("PLOT_TWIST_HOME", raising=False)
    seen = {}

    class FakeDirs:
        def __init__(self, appname, appauthor=None):
            seen["args"] = (appname, appauthor)
            self.user_data_dir = str(tmp_path / "d")
            self.user_config_dir = str(tmp_path / "c")
            self.user_log_dir = str(tmp_path / "l")

    monkeypatch.setattr(paths.platformdirs, "PlatformDirs", FakeDirs)
    assert paths.data_dir() == tmp_path / "d"
    assert paths.config_dir() == tmp_path / "c"
    assert paths.log_dir() == tmp_path / "l"
    assert paths.packs_dir() == tmp_path / "d" / "packs"
    assert seen["args"] == ("Plot Twist Table", False)
