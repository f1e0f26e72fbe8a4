"""Where the app keeps its files: data, settings, logs, user card packs, saves.

Everything lives under the platform's usual folders (platformdirs) unless the
environment variable ``PLOT_TWIST_HOME`` is set; then it all goes in subfolders of
that one folder (``data/``, ``config/``, ``logs/``). Tests and portable installs use
that. Each function creates its folder on demand and returns it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Plot Twist Table"
HOME_ENV = "PLOT_TWIST_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _dirs() -> platformdirs.PlatformDirs:
    return platformdirs.PlatformDirs(APP_NAME, appauthor=False)


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """User data: packs, saves. ``$PLOT_TWIST_HOME/data`` when set."""
    home = _home()
    return _ensure(home / "data" if home else Path(_dirs().user_data_dir))


def config_dir() -> Path:
    """Settings. ``$PLOT_TWIST_HOME/config`` when set."""
    home = _home()
    return _ensure(home / "config" if home else Path(_dirs().user_config_dir))


def log_dir() -> Path:
    """Log files. ``$PLOT_TWIST_HOME/logs`` when set."""
    home = _home()
    return _ensure(home / "logs" if home else Path(_dirs().user_log_dir))


def cache_dir() -> Path:
    """Things the app can always rebuild (which cards already passed validation).
    ``$PLOT_TWIST_HOME/cache`` when set."""
    home = _home()
    return _ensure(home / "cache" if home else Path(_dirs().user_cache_dir))


def packs_dir() -> Path:
    """User card packs: one folder per pack, each with a ``pack.json``."""
    return _ensure(data_dir() / "packs")


def saves_dir() -> Path:
    """Saved games."""
    return _ensure(data_dir() / "saves")


def autosave_dir() -> Path:
    """Automatic saves (crash recovery)."""
    return _ensure(saves_dir() / "autosave")
