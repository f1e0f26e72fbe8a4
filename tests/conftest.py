"""Test-wide setup: headless Qt, and no test ever touches a real home folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    # engine.paths reads PLOT_TWIST_HOME before platformdirs, so user packs, saves,
    # settings and logs of a test land in its own tmp folder.
    monkeypatch.setenv("PLOT_TWIST_HOME", str(tmp_path / "home"))
