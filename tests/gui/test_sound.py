"""Optional sounds (issue 14, section 2): off by default, on for coins, a card played and a
hit, each once per action; a volume that scales the files; no player, no option."""

from __future__ import annotations

import json
import logging
import subprocess
import wave
from pathlib import Path

import pytest

from gui import sound
from gui.dialogs.settings import SettingsDialog
from gui.settings import Settings
from gui.sound import CARD, COIN, HIT, NO_PLAYER, TableSounds, find_player, wav_file
from tests.gui.driving import drive, seeded_quick_window


class FakePlayer:
    name = "fake"

    def __init__(self) -> None:
        self.played: list[Path] = []

    def play(self, path: Path) -> None:
        self.played.append(path)


def _sound_of(path: Path) -> str:
    return path.name.split("-")[0]


# --- the files -------------------------------------------------------------------------
@pytest.mark.parametrize("name", [COIN, CARD, HIT])
def test_each_sound_is_a_short_valid_wav_whose_peak_follows_the_volume(name, tmp_path):
    peaks = {}
    for volume in (100, 50, 10):
        with wave.open(str(wav_file(name, volume, tmp_path)), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sound.RATE)
            seconds = w.getnframes() / w.getframerate()
            assert seconds == pytest.approx(sound.SHAPES[name][0], abs=0.001)
            frames = w.readframes(w.getnframes())
        samples = [int.from_bytes(frames[i:i + 2], "little", signed=True)
                   for i in range(0, len(frames), 2)]
        peaks[volume] = max(abs(s) for s in samples)
    assert peaks[100] == round(32767 * sound.BASE_PEAK)
    assert peaks[50] == pytest.approx(peaks[100] / 2, abs=1)
    assert peaks[10] == pytest.approx(peaks[100] / 10, abs=1)


def test_the_three_sounds_differ(tmp_path):
    frames = set()
    for name in (COIN, CARD, HIT):
        with wave.open(str(wav_file(name, 80, tmp_path)), "rb") as w:
            frames.add(w.readframes(w.getnframes()))
    assert len(frames) == 3


# --- finding a player ------------------------------------------------------------------
def test_the_first_linux_player_on_the_path_is_used():
    on_path = {"paplay": "/usr/bin/paplay", "aplay": "/usr/bin/aplay"}
    player = find_player("linux", on_path.get)
    assert player is not None and player.name == "paplay"
    player = find_player("linux", {"aplay": "/bin/aplay"}.get)
    assert player is not None and player.name == "aplay"


def test_macos_uses_afplay_and_windows_winsound():
    mac = find_player("darwin", {"afplay": "/usr/bin/afplay"}.get)
    assert mac is not None and mac.name == "afplay"
    win = find_player("win32", lambda _name: None)
    assert win is not None and win.name == "winsound"


def test_no_player_on_the_path_finds_none():
    assert find_player("linux", lambda _name: None) is None
    assert find_player("darwin", lambda _name: None) is None


def test_a_command_player_starts_the_program_and_does_not_wait(monkeypatch, tmp_path):
    started = []

    class Popen:
        def __init__(self, argv, **kwargs):
            started.append((argv, kwargs))

        def poll(self):
            return None

        def wait(self):  # pragma: no cover - the GUI thread must never get here
            raise AssertionError("waited for the player")

    monkeypatch.setattr(subprocess, "Popen", Popen)   # gui.sound imports it when it plays
    player = find_player("linux", {"pw-play": "/usr/bin/pw-play"}.get)
    assert player is not None
    player.play(tmp_path / "coin-60.wav")
    argv, kwargs = started[0]
    assert argv == ["/usr/bin/pw-play", str(tmp_path / "coin-60.wav")]
    assert kwargs["stdout"] == kwargs["stderr"] == subprocess.DEVNULL


def test_a_failure_to_play_is_logged_not_raised(tmp_path, caplog):
    class Broken:
        name = "broken"

        def play(self, path: Path) -> None:
            raise OSError("no audio device")

    sounds = TableSounds(lambda: Settings(sounds=True), Broken(), tmp_path)
    with caplog.at_level(logging.WARNING, logger="gui.sound"):
        sounds.play(COIN, 60)
    assert "could not play the coin sound with broken" in caplog.text


# --- settings --------------------------------------------------------------------------
def test_sounds_are_off_by_default_and_in_a_file_from_before_them():
    assert Settings().sounds is False
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text(json.dumps({"version": 2, "theme": "dark"}), encoding="utf-8")
    assert Settings.load().sounds is False


def test_sound_settings_round_trip_and_a_wild_volume_is_clamped():
    settings = Settings(sounds=True, sound_volume=35)
    settings.save()
    loaded = Settings.load()
    assert (loaded.sounds, loaded.sound_volume) == (True, 35)
    raw = json.loads(Settings.path().read_text(encoding="utf-8"))
    raw["sound_volume"] = 500
    Settings.path().write_text(json.dumps(raw), encoding="utf-8")
    assert Settings.load().sound_volume == 100


def test_the_settings_dialog_sets_sounds_and_volume(qtbot):
    dialog = SettingsDialog(Settings(), can_play=True)
    qtbot.addWidget(dialog)
    assert not dialog.sounds.isChecked() and not dialog.volume.isEnabled()
    dialog.sounds.setChecked(True)
    assert dialog.volume.isEnabled()
    dialog.volume.setValue(25)
    result = dialog.result_settings()
    assert (result.sounds, result.sound_volume) == (True, 25)
    assert not dialog.no_player.isVisibleTo(dialog)


def test_without_a_player_the_option_is_disabled_and_says_why(qtbot):
    dialog = SettingsDialog(Settings(sounds=True), can_play=False)
    qtbot.addWidget(dialog)
    assert not dialog.sounds.isEnabled() and not dialog.volume.isEnabled()
    assert dialog.no_player.isVisibleTo(dialog) and dialog.no_player.text() == NO_PLAYER
    assert dialog.result_settings().sounds is False


# --- the table -------------------------------------------------------------------------
pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    return seeded_quick_window(make_window)


def _listen(page) -> tuple[FakePlayer, list[tuple[set[str], list[str]]]]:
    """A fake player on the page, and for each action: its public event kinds, the sounds
    asked for. Timers run at once, so each action's sounds are whole when it is done."""
    fake = FakePlayer()
    page.sounds.player = fake
    page.sounds.later = lambda _ms, do: do()
    actions: list[tuple[set[str], list[str]]] = []

    def heard(events) -> None:   # connected after the sounds: runs after they played
        kinds = {e.kind for e in events if e.visible_to is None
                 and (e.kind != "roll" or e.data.get("roll"))
                 and (e.kind != "damage" or (e.data.get("amount") or 0) > 0)}
        actions.append((kinds, [_sound_of(p) for p in fake.played]))
        fake.played.clear()

    page.controller.sig_events.connect(heard)
    return fake, actions


def _play_a_combat(page, actions) -> None:
    """Initiate, play cards, attack, until a card play and a hit have both happened."""
    def done() -> bool:
        seen = set().union(*(kinds for kinds, _ in actions)) if actions else set()
        return {"play", "hit", "roll"} <= seen

    drive(page, done, order=("play_combat_card", "attack", "initiate_combat", "pass"))


def test_sounds_are_silent_by_default(table):
    page = table.table
    assert page.settings.sounds is False
    fake, actions = _listen(page)
    _play_a_combat(page, actions)
    assert all(heard == [] for _kinds, heard in actions)


def test_on_coins_a_card_and_a_hit_each_sound_once(table):
    page = table.table
    page.settings.sounds, page.settings.sound_volume = True, 70
    _fake, actions = _listen(page)
    _play_a_combat(page, actions)
    for kinds, heard in actions:
        assert heard.count(COIN) == (1 if "roll" in kinds else 0), (kinds, heard)
        assert heard.count(CARD) == (1 if kinds & sound.CARD_KINDS else 0), (kinds, heard)
        assert heard.count(HIT) == (1 if kinds & {"hit", "damage"} else 0), (kinds, heard)
    hit = next(heard for kinds, heard in actions if "hit" in kinds)
    assert hit.index(COIN) < hit.index(HIT)   # the coins, then the thud
    assert any(heard == [CARD] for kinds, heard in actions if "play" in kinds)


def test_volume_zero_is_silent(table):
    page = table.table
    page.settings.sounds, page.settings.sound_volume = True, 0
    _fake, actions = _listen(page)
    _play_a_combat(page, actions)
    assert all(heard == [] for _kinds, heard in actions)


def test_the_thud_follows_the_coins_on_a_qt_timer(qtbot, tmp_path):
    from engine.core.events import Event

    fake = FakePlayer()
    sounds = TableSounds(lambda: Settings(sounds=True, sound_volume=40), fake, tmp_path)
    sounds.react([Event("roll", "Hope attacks", {"roll": {"coins": "HT"}}),
                  Event("hit", "The Attack hits (2 vs 1)")])
    assert [_sound_of(p) for p in fake.played] == [COIN]   # the thud waits its turn
    qtbot.waitUntil(lambda: len(fake.played) == 2)
    assert [p.name for p in fake.played] == ["coin-40.wav", "hit-40.wav"]


def test_a_hidden_event_makes_no_sound(tmp_path):
    from engine.core.events import Event

    fake = FakePlayer()
    sounds = TableSounds(lambda: Settings(sounds=True), fake, tmp_path)
    sounds.react([Event("detail", "P1 plays a Detail", visible_to=("p1",),
                        text_public="P1 does something")])
    assert fake.played == []
