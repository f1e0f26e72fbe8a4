"""The settings file across app versions: a default the app saved is not a choice."""

from __future__ import annotations

import json

from gui.settings import VERSION, Settings


def _write(raw: dict) -> None:
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text(json.dumps(raw), encoding="utf-8")


def test_a_file_from_before_auto_pass_was_on_gets_the_new_default():
    # what every earlier app wrote at close: all its defaults, auto_pass false among them
    _write({"theme": "dark", "auto_pass": False, "hints": False})
    settings = Settings.load()
    assert settings.auto_pass is True
    assert settings.theme == "dark" and settings.hints is False  # real choices kept


def test_switching_auto_pass_off_now_stays_off():
    settings = Settings.load()
    settings.auto_pass = False
    settings.save()
    assert json.loads(Settings.path().read_text(encoding="utf-8"))["version"] == VERSION
    assert Settings.load().auto_pass is False
