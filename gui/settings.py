"""The user's preferences, kept as a small JSON file in the config folder.

JSON rather than QSettings so the file reads the same on every OS and can be edited or
reset by hand; unknown or broken values fall back to the defaults instead of stopping
the app.
"""

from __future__ import annotations

import json
from dataclasses import asdict, field, fields
from pathlib import Path

from engine import paths
from engine.records import record
from gui import record_inits

FILE_NAME = "settings.json"
# 2: the hot-seat auto-pass became on by default. Every file of version 1 holds
# "auto_pass": false because the app saved all its defaults (at each close, with the window's
# place), not because someone chose it, so a version-1 false is not read as a choice
VERSION = 2
THEMES = ("light", "dark")
CARD_SIZES = {"small": 0.8, "medium": 1.0, "large": 1.25}


@record(record_inits)
class Settings:
    theme: str = "light"
    card_size: str = "medium"
    animations: bool = True
    confirmations: bool = True
    # autosaves: the newest positions of each game, and how many games (gui/saves.py)
    autosave_positions: int = 10
    autosave_games: int = 20
    # first-game hints: on until switched off in Settings; the ones dismissed stay away
    hints: bool = True
    # hot-seat: in a Combat step, pass for a combatant with nothing to play. On by default
    # (as card apps pass for a player with nothing castable): without it every step costs
    # each side a hand-off and a press; the price, a tell and the skipped Boost/Detail
    # chances, is in docs/projector.md, and groups who want to say "pass" switch it off
    auto_pass: bool = True
    hints_seen: list = field(default_factory=list)
    # sounds for coins, card plays and hits (gui/sound.py): off by default, so a laptop
    # never surprises a quiet room. No version bump: a file from before has no "sounds"
    # key and so gets this default, off
    sounds: bool = False
    sound_volume: int = 60
    # how long the computer waits before each of its moves, so the table can follow
    computer_delay_ms: int = 800
    # the main window's size and place and its docks' layout, as Qt's own base64 blobs
    # (saveGeometry / saveState): opaque, but Qt checks them and ignores a bad one
    window_geometry: str = ""
    window_state: str = ""
    version: int = VERSION

    @staticmethod
    def path() -> Path:
        return paths.config_dir() / FILE_NAME

    @classmethod
    def load(cls) -> Settings:
        settings = cls()
        try:
            raw = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        if not isinstance(raw, dict):
            return settings
        old = not isinstance(raw.get("version"), int) or raw["version"] < 2
        if old and raw.get("auto_pass") is False:
            del raw["auto_pass"]
        raw.pop("version", None)
        for f in fields(cls):
            value = raw.get(f.name)
            if isinstance(value, type(getattr(settings, f.name))):
                setattr(settings, f.name, value)
        if settings.theme not in THEMES:
            settings.theme = "light"
        if settings.card_size not in CARD_SIZES:
            settings.card_size = "medium"
        settings.autosave_positions = min(max(settings.autosave_positions, 1), 100)
        settings.autosave_games = min(max(settings.autosave_games, 1), 200)
        settings.sound_volume = min(max(int(settings.sound_volume), 0), 100)
        settings.hints_seen = [h for h in settings.hints_seen if isinstance(h, str)]
        return settings

    def save(self) -> None:
        from engine.core.saves import atomic_write

        atomic_write(self.path(), json.dumps(asdict(self), indent=2) + "\n")

    def save_quietly(self) -> bool:
        """Save, or give up without a word: for closing, when nobody could be told."""
        try:
            self.save()
        except OSError:
            return False
        return True

    @property
    def card_scale(self) -> float:
        return CARD_SIZES.get(self.card_size, 1.0)
