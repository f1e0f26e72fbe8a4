"""The autosave folder: write atomically, keep the last few, recover the newest good one.

Each autosave is one file, ``autosave-<UTC time>-<seq>.ptt.json``; names sort by time
(the time in a name never goes backwards, and ``seq`` breaks ties), so the newest is
last. A file holds two parts:

* line 1, a small JSON **header**: ``{"autosave": 1, "saved_at": …, "seq": …,
  "turn": …, "heroes": […], "size": …, "sha256": …, "meta": {…}}``. The start
  screen's *Continue* lists saves from headers alone (:meth:`Autosaves.list`), never
  parsing a whole game;
* the rest, the engine's save text (``Game.save()``), untouched. ``size`` and ``sha256``
  describe it, so a damaged body is caught before the engine ever reads it.

Writes go through :func:`engine.core.saves.atomic_write` (temp file in the same folder,
flush, fsync, ``os.replace``, fsync of the folder): a crash or a kill leaves the old files
and either no new one or the whole new one. The oldest autosave is removed *before* the
write (to ``keep - 1``), so the folder never holds more than ``keep`` whatever the timing
of a kill, and never fewer than ``keep - 1`` good ones. Stale temp files a kill leaves behind are
swept on later writes.

:meth:`Autosaves.latest` returns the newest autosave that *loads*, skipping damaged ones
with a reason; it never deletes or changes a file. Rotation (keep the newest ``keep``)
touches only files whose name follows the pattern above.

Pure Python, no Qt: the GUI calls it (docs/reliability.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from engine.core.errors import SaveError
from engine.core.saves import atomic_write

__all__ = [
    "AutosaveError",
    "AutosaveInfo",
    "Autosaves",
    "Recovered",
    "meta_for_game",
]

T = TypeVar("T")

HEADER_VERSION = 1
SUFFIX = ".ptt.json"
PREFIX = "autosave-"
MAX_HEADER_BYTES = 16 * 1024
#: a temp file older than this is a leftover of a killed write, not one in flight
STALE_TEMP_SECONDS = 60.0
_NAME = re.compile(r"^autosave-(\d{8}T\d{6}\d{6}Z)-(\d{6,})\.ptt\.json$")
_STAMP = "%Y%m%dT%H%M%S%fZ"


class AutosaveError(SaveError):
    """An autosave file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class AutosaveInfo:
    """What the header of one autosave says (nothing here needs the game loaded)."""

    path: Path
    saved_at: datetime          # UTC
    seq: int
    turn: int | None = None
    heroes: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)
    problem: str | None = None  # set when the header itself is unreadable

    @property
    def name(self) -> str:
        return self.path.name

    def describe(self) -> str:
        """``"23 Nov 2026, 12:04 UTC · Turn 3 · Hope, Athena"``, for a start screen."""
        when = self.saved_at.strftime("%d %b %Y, %H:%M UTC")
        turn = f"Turn {self.turn}" if self.turn is not None else "Turn ?"
        heroes = ", ".join(self.heroes) if self.heroes else "no Heroes"
        text = f"{when} · {turn} · {heroes}"
        return f"{text} (damaged: {self.problem})" if self.problem else text


@dataclass
class Recovered(Generic[T]):
    """The newest autosave that loaded, and those skipped on the way (newest first)."""

    info: AutosaveInfo
    text: str
    value: T
    skipped: list[tuple[AutosaveInfo, str]] = field(default_factory=list)


def _normal(text: str) -> str:
    # atomic_write writes in text mode and read() uses universal newlines: size and
    # checksum describe the text with "\n" newlines, so a platform that translates them
    # never makes a good file look damaged
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _checksum(text: str) -> str:
    return hashlib.sha256(_normal(text).encode("utf-8")).hexdigest()


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(_STAMP)


def _parse_name(name: str) -> tuple[datetime, int] | None:
    m = _NAME.match(name)
    if m is None:
        return None
    try:
        when = datetime.strptime(m.group(1), _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None
    return when, int(m.group(2))


def meta_for_game(game: Any, **extra: Any) -> dict[str, Any]:
    """The header fields for a Plot Twist game: turn, heroes, seed, phase, winner.

    Duck-typed on ``game.state`` / ``game.coins`` so this module never imports the rules.
    """
    st = getattr(game, "state", None)
    meta: dict[str, Any] = {}
    if st is not None:
        meta["turn"] = getattr(st, "turn", None)
        meta["phase"] = getattr(st, "phase", None)
        meta["winner"] = getattr(st, "winner", None)
        chars = getattr(st, "characters", {}) or {}
        meta["heroes"] = [c.name for c in chars.values()
                          if getattr(c, "side", None) == "heroes"
                          and getattr(c, "role", None) == "hero"]
    coins = getattr(game, "coins", None)
    if coins is not None:
        meta["seed"] = getattr(coins, "seed", None)
    meta.update(extra)
    return meta


class Autosaves:
    """The autosave policy for one folder (``engine.paths.autosave_dir()`` by default)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, keep: int = 10,
                 clock: Callable[[], float] = time.time) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        if folder is None:
            from engine import paths

            folder = paths.autosave_dir()
        self.folder = Path(folder)
        self.keep = keep
        self._clock = clock

    # --- the files ----------------------------------------------------------------------
    def _files(self) -> list[tuple[datetime, int, Path]]:
        """Autosave files (by name), oldest first."""
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return []
        found = []
        for entry in entries:
            parsed = _parse_name(entry.name)
            if parsed is not None and entry.is_file(follow_symlinks=False):
                found.append((parsed[0], parsed[1], Path(entry.path)))
        found.sort(key=lambda t: (t[0], t[1]))
        return found

    def _next_name(self) -> str:
        now = datetime.fromtimestamp(self._clock(), UTC)
        files = self._files()
        seq = 1
        if files:
            last_when = files[-1][0]
            seq = max(s for _, s, _ in files) + 1
            if now < last_when:      # the clock went back: names must still sort by age
                now = last_when
        return f"{PREFIX}{_stamp(now)}-{seq:06d}{SUFFIX}"

    # --- writing ------------------------------------------------------------------------
    def write(self, text: str, meta: Mapping[str, Any] | None = None) -> AutosaveInfo:
        """Write one autosave atomically, then keep only the newest ``keep``."""
        if not isinstance(text, str):
            raise TypeError("an autosave is the engine's save text (str)")
        meta = dict(meta or {})
        self.folder.mkdir(parents=True, exist_ok=True)
        name = self._next_name()
        parsed = _parse_name(name)
        assert parsed is not None
        saved_at, seq = parsed
        raw_turn = meta.get("turn")
        turn = raw_turn if isinstance(raw_turn, int) and not isinstance(raw_turn, bool) \
            else None
        heroes = [str(h) for h in meta.get("heroes") or ()]
        header: dict[str, Any] = {
            "autosave": HEADER_VERSION,
            "saved_at": saved_at.isoformat(),
            "seq": seq,
            "turn": turn,
            "heroes": heroes,
            "size": len(_normal(text)),
            "sha256": _checksum(text),
            "meta": meta,
        }
        line = json.dumps(header, sort_keys=True, ensure_ascii=True, default=str)
        if len(line) > MAX_HEADER_BYTES:
            raise ValueError(f"autosave metadata is too large ({len(line)} bytes)")
        path = self.folder / name
        # room first, so a kill between the write and the rotation never leaves more
        # than `keep` files (kills in a row would otherwise pile them up)
        self._rotate(self.keep - 1)
        atomic_write(path, line + "\n" + text)
        self._rotate(self.keep)
        self._sweep_temp(STALE_TEMP_SECONDS)
        return AutosaveInfo(path, saved_at, seq, turn, tuple(heroes), meta)

    def _rotate(self, keep: int) -> None:
        """Delete the oldest autosaves beyond `keep` (never the newest one)."""
        files = self._files()
        for _, _, path in files[: max(0, len(files) - max(keep, 1))]:
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def _sweep_temp(self, older_than: float) -> int:
        """Remove temp files a killed write left (``.autosave-….tmp``); returns how many."""
        removed = 0
        now = time.time()
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return 0
        for entry in entries:
            if not (entry.name.startswith("." + PREFIX) and entry.name.endswith(".tmp")):
                continue
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass
        return removed

    def sweep_temp_files(self) -> int:
        """Remove every leftover temp file now (call when no write is in flight)."""
        return self._sweep_temp(0.0)

    # --- reading ------------------------------------------------------------------------
    def _read_header(self, path: Path, when: datetime, seq: int) -> tuple[AutosaveInfo, Any]:
        try:
            with path.open("rb") as f:
                first = f.readline(MAX_HEADER_BYTES + 2)
        except OSError as e:
            return AutosaveInfo(path, when, seq, problem=f"cannot read: {e.strerror}"), None
        try:
            header = json.loads(first.decode("utf-8"))
            if not isinstance(header, dict) or header.get("autosave") != HEADER_VERSION:
                raise ValueError
        except ValueError:
            return AutosaveInfo(path, when, seq,
                                problem="the autosave header (line 1) is missing or damaged"
                                ), None
        turn = header.get("turn")
        heroes = header.get("heroes")
        meta = header.get("meta")
        return AutosaveInfo(
            path, when, seq,
            turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
            tuple(str(h) for h in heroes) if isinstance(heroes, list) else (),
            meta if isinstance(meta, dict) else {},
        ), header

    def list(self) -> list[AutosaveInfo]:
        """Every autosave, newest first, from headers only (cheap)."""
        out = [self._read_header(p, w, s)[0] for w, s, p in self._files()]
        out.reverse()
        return out

    def read(self, info: AutosaveInfo) -> str:
        """The save text of one autosave, checked against its header's size and sha256."""
        path = info.path
        try:
            with path.open("r", encoding="utf-8") as f:
                content = f.read()
        except UnicodeDecodeError as e:
            raise AutosaveError(f"{path.name}: not UTF-8 text (byte {e.start})") from e
        except OSError as e:
            raise AutosaveError(f"{path.name}: cannot read: {e.strerror}") from e
        first, sep, body = content.partition("\n")
        try:
            header = json.loads(first)
            if not isinstance(header, dict) or header.get("autosave") != HEADER_VERSION:
                raise ValueError
        except ValueError:
            raise AutosaveError(f"{path.name}: the autosave header (line 1) is missing or "
                                "damaged") from None
        if not sep:
            raise AutosaveError(f"{path.name}: the file ends after its header (truncated)")
        size, digest = header.get("size"), header.get("sha256")
        if isinstance(size, int) and len(body) < size:
            raise AutosaveError(f"{path.name}: the file is truncated ({len(body)} of {size} "
                                "characters)")
        if digest != _checksum(body):
            raise AutosaveError(f"{path.name}: the save does not match its checksum "
                                "(the file is damaged)")
        return body

    def latest(self, load: Callable[[str], T] | None = None) -> Recovered[T] | None:
        """The newest autosave that reads and (given ``load``) loads; None if there is none.

        ``load`` is e.g. ``lambda text: Game.load(text, catalog)``. Whatever it raises
        marks that file skipped (with the message), never deleted.
        """
        skipped: list[tuple[AutosaveInfo, str]] = []
        for info in self.list():
            try:
                text = self.read(info)
            except AutosaveError as e:
                skipped.append((info, str(e)))
                continue
            value: Any = text
            if load is not None:
                try:
                    value = load(text)
                except Exception as e:  # noqa: BLE001 - any failure means "skip this file"
                    skipped.append((info, f"{info.name}: {e}"))
                    continue
            return Recovered(info, text, value, skipped)
        return None
