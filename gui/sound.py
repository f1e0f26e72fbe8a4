"""Short sounds for the table: coins, a card played, a hit. Off until switched on.

No Qt Multimedia (PySide6-Addons is larger than the whole package limit, docs/projector.md):
the three sounds are synthesised here, written once as small WAV files with the stdlib
`wave` module into the cache folder, and handed to whatever plays a file on this system —
`winsound` on Windows, `afplay` on macOS, the first of `pw-play`, `paplay`, `aplay` on
Linux. Playing never blocks the Qt thread and a failure is logged, never raised: a sound
is a nicety, the game goes on without it.
"""

from __future__ import annotations

import functools
import logging
import math
import random
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

# subprocess and wave are imported where a sound is written or played: with sound off (the
# default) a game never needs them, and a new game's first frame waits for this module
# (≈ 15 M instructions for the two, docs/performance.md start-up part 6)
if TYPE_CHECKING:
    import subprocess

log = logging.getLogger(__name__)

RATE = 22050
BASE_PEAK = 0.6         # of full scale at volume 100: leaves room, never clips
GAP_MS = 260            # coins, then the thud: one after the other, not on top
NO_PLAYER = "No sound player found (install pulseaudio-utils or alsa-utils)"
LINUX_PLAYERS = ("pw-play", "paplay", "aplay")
COIN, CARD, HIT = "coin", "card", "hit"
# the engine's events that make each sound; a card revealed or put in use is a card play
CARD_KINDS = frozenset({"play", "detail", "equipment", "event"})


# --- synthesis -------------------------------------------------------------------------
def _coin(n: int) -> list[float]:
    # a "tink": two bright partials, dying fast like a coin on a table
    return [math.exp(-t / 0.045) * (math.sin(2 * math.pi * 2093 * t)
                                    + 0.6 * math.sin(2 * math.pi * 3136 * t))
            for t in (i / RATE for i in range(n))]


def _card(n: int) -> list[float]:
    # a "swish": noise through a one-pole low-pass, swelling then fading; a fixed seed so
    # the file is the same on every run
    rng = random.Random(14)
    out, low = [], 0.0
    for i in range(n):
        low += 0.25 * (rng.uniform(-1.0, 1.0) - low)
        out.append(low * math.sin(math.pi * i / n) ** 2)
    return out


def _hit(n: int) -> list[float]:
    # a "thud": a low sine whose pitch falls from 120 to 55 Hz as it dies
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (55 + 65 * math.exp(-t / 0.05)) / RATE
        out.append(math.exp(-t / 0.08) * math.sin(phase))
    return out


SHAPES: dict[str, tuple[float, Callable[[int], list[float]]]] = {
    COIN: (0.18, _coin), CARD: (0.16, _card), HIT: (0.30, _hit)}


def samples(sound: str, volume: int) -> list[int]:
    """The sound's 16-bit samples, its peak `volume`% of BASE_PEAK."""
    seconds, shape = SHAPES[sound]
    wave_ = shape(int(seconds * RATE))
    top = max(abs(s) for s in wave_) or 1.0
    gain = 32767 * BASE_PEAK * min(max(volume, 0), 100) / 100 / top
    return [round(s * gain) for s in wave_]


def wav_file(sound: str, volume: int, folder: Path) -> Path:
    """The WAV for this sound at this volume, written the first time it is asked for."""
    path = folder / f"{sound}-{volume}.wav"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        frames = b"".join(s.to_bytes(2, "little", signed=True) for s in samples(sound, volume))
        part = path.with_suffix(".part")
        import wave

        with wave.open(str(part), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(frames)
        part.replace(path)   # never a half-written file under the real name
    return path


# --- players ---------------------------------------------------------------------------
class Player(Protocol):
    name: str

    def play(self, path: Path) -> None: ...


class WinSoundPlayer:
    name = "winsound"

    def play(self, path: Path) -> None:
        # a plain import under the platform check: mypy skips it off Windows, and the
        # packager sees it and bundles the module on Windows
        if sys.platform == "win32":
            import winsound

            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC)


class CommandPlayer:
    """A command-line player started and left to finish; the finished ones are reaped at
    the next play, so nothing waits on the GUI thread and no zombie piles up."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.name = Path(program).name
        self.running: list[subprocess.Popen[bytes]] = []

    def play(self, path: Path) -> None:
        import subprocess

        self.running = [p for p in self.running if p.poll() is None]
        self.running.append(subprocess.Popen(
            [self.program, str(path)], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))


def find_player(platform: str = sys.platform,
                which: Callable[[str], str | None] = shutil.which) -> Player | None:
    """What plays a WAV file here, or None (the Settings option is then disabled)."""
    if platform.startswith("win"):
        return WinSoundPlayer()
    names = ("afplay",) if platform == "darwin" else LINUX_PLAYERS
    for name in names:
        found = which(name)
        if found:
            return CommandPlayer(found)
    return None


# --- the table's sounds ----------------------------------------------------------------
def sounds_for(events: Iterable[Any]) -> list[str]:
    """The sounds an action's events make, each once, in the order they happened. Only
    public events sound: a sound for a hidden play would tell the room it happened."""
    found: list[str] = []
    for event in events:
        if getattr(event, "visible_to", None) is not None:
            continue
        kind = getattr(event, "kind", "")
        data = getattr(event, "data", None) or {}
        if kind == "roll" and data.get("roll"):
            sound = COIN
        elif kind in CARD_KINDS:
            sound = CARD
        elif kind == "hit" or (kind == "damage" and (data.get("amount") or 0) > 0):
            sound = HIT
        else:
            continue
        if sound not in found:
            found.append(sound)
    return found


class TableSounds:
    """Plays the sounds of the engine's events when the settings ask for them."""

    def __init__(self, settings: Callable[[], Any], player: Player | None = None,
                 folder: Path | None = None,
                 later: Callable[[int, Callable[[], None]], None] | None = None) -> None:
        self.settings = settings
        self._player = player
        self._looked = player is not None
        self._folder = folder
        self.later = later   # (ms, callback); None: a Qt single-shot timer

    @property
    def player(self) -> Player | None:
        if not self._looked:   # looked up once, when the first sound is due
            self._player, self._looked = find_player(), True
        return self._player

    @player.setter
    def player(self, player: Player | None) -> None:
        self._player, self._looked = player, True

    def folder(self) -> Path:
        if self._folder is None:
            from engine import paths

            self._folder = paths.cache_dir() / "sounds"
        return self._folder

    def react(self, events: Any) -> None:
        settings = self.settings()
        # off by default: a laptop must never surprise a quiet room (gui/settings.py)
        volume = int(getattr(settings, "sound_volume", 0))
        if not getattr(settings, "sounds", False) or volume <= 0:
            return
        for i, sound in enumerate(sounds_for(events or [])):
            if i == 0:
                self.play(sound, volume)
            else:
                self._after(i * GAP_MS, functools.partial(self.play, sound, volume))

    def _after(self, ms: int, do: Callable[[], None]) -> None:
        if self.later is not None:
            self.later(ms, do)
            return
        from gui.qt import QtCore

        QtCore.QTimer.singleShot(ms, do)

    def play(self, sound: str, volume: int) -> None:
        player = self.player
        if player is None:
            return
        try:
            player.play(wav_file(sound, volume, self.folder()))
        except Exception:   # noqa: BLE001 — any failure to play: logged, the game goes on
            log.warning("could not play the %s sound with %s", sound, player.name,
                        exc_info=True)
