"""The autosave folder: write atomically, keep the last few, recover the newest good one.

Each autosave is one file, ``autosave-<game>-<UTC time>-<seq>.ptt.json``, where ``<game>``
is the game's id (:func:`new_game_id`; the engine's save carries it too). Names sort by
time within a game (the time in a name never goes backwards, and ``seq`` breaks ties).
Files named ``autosave-<UTC time>-<seq>.ptt.json`` were written before games had ids: they
are still listed and opened (grouped into games by their Heroes), never rotated away by a
game with an id. A file holds two parts:

* line 1, a small JSON **header**: ``{"autosave": 1, "saved_at": …, "seq": …,
  "turn": …, "heroes": […], "size": …, "sha256": …, "meta": {…}}``. The start
  screen's *Continue* lists saves from headers alone (:meth:`Autosaves.list`), never
  parsing a whole game;
* the rest, the engine's save text (``Game.save()``), untouched. ``size`` and ``sha256``
  describe it, so a damaged body is caught before the engine ever reads it.

Writes go through :func:`engine.core.saves.atomic_write` (temp file in the same folder,
flush, fsync, ``os.replace``, fsync of the folder): a crash or a kill leaves the old files
and either no new one or the whole new one. The oldest autosave is removed *before* the
write (to ``keep - 1``), so a game never holds more than ``keep`` whatever the timing
of a kill, and never fewer than ``keep - 1`` good ones. Rotation counts one game's files
only: starting another game never deletes this one's. The newest ``games`` games are kept;
an older game's files go only when a write would exceed that (or when the user deletes the
game, :meth:`Autosaves.delete_game`). Stale temp files a kill leaves behind are swept on
later writes.

Two running copies of the app share the folder. Every change to it (write, rotation,
deletion) happens under a lock on the folder (a file in ``.autosave-locks/`` beside it,
the ``filelock`` library), and a window that shows a game holds that game
(:meth:`Autosaves.hold`): the other copy is told the game is held and never writes its
files, and a held game is never rotated or deleted by another copy.

:meth:`Autosaves.latest` returns the newest autosave that *loads*, skipping damaged ones
with a reason; it never deletes or changes a file. Rotation (keep the newest ``keep``)
touches only files whose name follows the pattern above.

Pure Python, no Qt: the GUI calls it (docs/reliability.md).
"""

from __future__ import annotations

import builtins
import json
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine import record_inits
from engine.core.errors import SaveError
from engine.core.saves import atomic_write, check_readable, sweep_temp_files
from engine.records import record

if TYPE_CHECKING:
    from filelock import FileLock

# filelock (≈ 20 ms: it imports logging, random, platform…) and hashlib (OpenSSL) are
# imported where a lock or a checksum is first needed: the start screen lists the
# recent games from file names and headers, before any of them (docs/performance.md,
# "start-up part 3")

__all__ = [
    "AutosaveError",
    "AutosaveInfo",
    "Autosaves",
    "GameHeld",
    "GameInfo",
    "Recovered",
    "is_autosave_text",
    "meta_for_game",
    "new_game_id",
    "read_autosave_file",
]

T = TypeVar("T")

HEADER_VERSION = 1
SUFFIX = ".ptt.json"
PREFIX = "autosave-"
MAX_HEADER_BYTES = 16 * 1024
#: a temp file older than this is a leftover of a killed write, not one in flight
STALE_TEMP_SECONDS = 60.0
_NAME = re.compile(r"^autosave-(?:([0-9a-f]{8,32})-)?(\d{8}T\d{6}\d{6}Z)-(\d{6,})\.ptt\.json$")
GAME_ID = re.compile(r"^[0-9a-f]{8,32}$")
FOLDER_LOCK = "folder.lock"
LOCKS_DIR = ".autosave-locks"
#: how long a write waits for another copy's write to finish before it gives up
LOCK_WAIT_SECONDS = 10.0
KEEP_GAMES = 20
#: a whole autosave (header and save) is read only up to this size: Game.load refuses a
#: longer save anyway (engine/plottwist/save_check.py MAX_SAVE_CHARS)
MAX_FILE_BYTES = 64 * 1024 * 1024
_STAMP = "%Y%m%dT%H%M%S%fZ"


class AutosaveError(SaveError):
    """An autosave file that cannot be used; the message names the file and the problem."""


class GameHeld(SaveError):  # noqa: N818 - a refusal a player reads, like SaveError
    """Another running copy of the app shows this game: this copy must not write it."""


def new_game_id() -> str:
    """A fresh game id: 16 hex digits, the part of an autosave's name that says its game."""
    return os.urandom(8).hex()


def _sha256_hex(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _legacy_id(heroes: tuple[str, ...]) -> str:
    # files from before game ids: the same Heroes most likely mean the same game
    return "legacy:" + _sha256_hex("\n".join(heroes))[:12]


@record(record_inits, frozen=True)
class AutosaveInfo:
    """What the header of one autosave says (nothing here needs the game loaded)."""

    path: Path
    saved_at: datetime          # UTC
    seq: int
    turn: int | None = None
    heroes: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)
    problem: str | None = None  # set when the header itself is unreadable
    game: str | None = None     # the game id in the name; None for files from before ids

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def game_key(self) -> str:
        """The game this file belongs to (files from before ids: grouped by Heroes)."""
        return self.game if self.game is not None else _legacy_id(self.heroes)

    def describe(self) -> str:
        """``"23 Nov 2026, 12:04 UTC · Turn 3 · Hope, Athena vs Grist · Hope attacks"``."""
        when = self.saved_at.strftime("%d %b %Y, %H:%M UTC")
        turn = f"Turn {self.turn}" if self.turn is not None else "Turn ?"
        heroes = ", ".join(self.heroes) if self.heroes else "no Heroes"
        villain = self.meta.get("villain")
        if isinstance(villain, str) and villain:
            heroes = f"{heroes} vs {villain}"
        parts = [when, turn, heroes]
        last = self.meta.get("last")
        if isinstance(last, str) and last:
            parts.append(f"last: {last}")
        if self.meta.get("winner"):
            parts.append("game over")
        text = " · ".join(parts)
        return f"{text} (damaged: {self.problem})" if self.problem else text


@record(record_inits, frozen=True)
class GameInfo:
    """One game in the folder: its id and its positions, newest first."""

    key: str
    positions: tuple[AutosaveInfo, ...]

    @property
    def newest(self) -> AutosaveInfo:
        return self.positions[0]

    @property
    def legacy(self) -> bool:
        return self.newest.game is None

    def describe(self) -> str:
        good = [p for p in self.positions if p.problem is None]
        text = (good or list(self.positions))[0].describe()
        return f"{text} (saved before game ids)" if self.legacy else text


@record(record_inits)
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
    return _sha256_hex(_normal(text))


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(_STAMP)


def _parse_name(name: str) -> tuple[str | None, datetime, int] | None:
    m = _NAME.fullmatch(name)
    if m is None:
        return None
    try:
        when = datetime.strptime(m.group(2), _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None
    return m.group(1), when, int(m.group(3))


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
        villains = [c.name for c in chars.values() if getattr(c, "main", False)]
        if villains:
            meta["villain"] = villains[0]
    coins = getattr(game, "coins", None)
    if coins is not None:
        meta["seed"] = getattr(coins, "seed", None)
    meta.update(extra)
    return meta


def is_autosave_text(text: str) -> bool:
    """Whether `text` is a whole autosave file (header line + save), not a bare save."""
    first = text.partition("\n")[0]
    if len(first) > MAX_HEADER_BYTES:
        return False
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and "autosave" in header


def _body(name: str, content: str) -> str:
    """The save text of an autosave file's content, checked against its header."""
    first, sep, body = content.partition("\n")
    try:
        header = json.loads(first)
        if not isinstance(header, dict) or header.get("autosave") != HEADER_VERSION:
            raise ValueError
    except ValueError:
        raise AutosaveError(f"{name}: the autosave header (line 1) is missing or "
                            "damaged") from None
    if not sep:
        raise AutosaveError(f"{name}: the file ends after its header (truncated)")
    size, digest = header.get("size"), header.get("sha256")
    if isinstance(size, int) and len(body) < size:
        raise AutosaveError(f"{name}: the file is truncated ({len(body)} of {size} "
                            "characters)")
    if digest != _checksum(body):
        raise AutosaveError(f"{name}: the save does not match its checksum "
                            "(the file is damaged)")
    return body


def read_autosave_file(path: str | os.PathLike[str]) -> str:
    """The save text of an autosave file anywhere (File → Open), checked like the folder's."""
    path = Path(path)
    try:
        check_readable(path, MAX_FILE_BYTES)
        with path.open("r", encoding="utf-8") as f:
            content = f.read()
    except UnicodeDecodeError as e:
        raise AutosaveError(f"{path.name}: not UTF-8 text (byte {e.start})") from e
    except SaveError as e:
        raise AutosaveError(f"{path.name}: {e}") from e
    except OSError as e:
        raise AutosaveError(f"{path.name}: cannot read: {e.strerror}") from e
    return _body(path.name, content)


class Autosaves:
    """The autosave policy for one folder (``engine.paths.autosave_dir()`` by default):
    the newest ``keep`` positions of each of the newest ``games`` games."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, keep: int = 10,
                 clock: Callable[[], float] = time.time, games: int = KEEP_GAMES) -> None:
        if keep < 1 or games < 1:
            raise ValueError("keep and games must be at least 1")
        if folder is None:
            from engine import paths

            folder = paths.autosave_dir()
        self.folder = Path(folder)
        self.keep = keep
        self.games = games
        self._clock = clock
        self._held: dict[str, FileLock] = {}

    # --- locks --------------------------------------------------------------------------
    def _locks(self) -> Path:
        # beside the autosave folder, in the saves folder, so the autosave folder holds
        # autosaves only; named after the folder, so two autosave folders never share one
        tag = _sha256_hex(str(self.folder.resolve()))[:10]
        where = self.folder.parent / LOCKS_DIR / f"{self.folder.name}-{tag}"
        where.mkdir(parents=True, exist_ok=True)
        return where

    def _folder_lock(self) -> FileLock:
        from filelock import FileLock

        self.folder.mkdir(parents=True, exist_ok=True)
        return FileLock(str(self._locks() / FOLDER_LOCK), timeout=LOCK_WAIT_SECONDS)

    def _game_lock(self, game: str) -> FileLock:
        from filelock import FileLock

        return FileLock(str(self._locks() / f"game-{game}.lock"), timeout=0)

    def hold(self, game: str) -> None:
        """Claim `game` for this window; GameHeld if another running copy has it.

        Holding is what lets a window write the game's autosaves; :meth:`release` (or the
        process ending, even by a kill) lets it go."""
        if not GAME_ID.fullmatch(game):
            raise ValueError(f"not a game id: {game!r}")
        if game in self._held:
            return
        from filelock import Timeout

        self.folder.mkdir(parents=True, exist_ok=True)
        lock = self._game_lock(game)
        try:
            lock.acquire()
        except Timeout:
            raise GameHeld("another window of Plot Twist Table holds this game's table; "
                           "play it there, or close that window first") from None
        self._held[game] = lock

    def release(self, game: str | None = None) -> None:
        """Let go of `game` (every held game if None)."""
        for key in [game] if game is not None else list(self._held):
            lock = self._held.pop(key, None) if key is not None else None
            if lock is not None:
                lock.release()

    def held_elsewhere(self, game: str) -> bool:
        """Whether another copy (or another Autosaves object) holds `game` now."""
        if game in self._held or not GAME_ID.fullmatch(game):
            return False
        from filelock import Timeout

        lock = self._game_lock(game)
        try:
            lock.acquire()
        except Timeout:
            return True
        lock.release()
        return False

    # --- the files ----------------------------------------------------------------------
    def _files(self) -> list[tuple[str | None, datetime, int, Path]]:
        """Autosave files (by name), oldest first."""
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return []
        found = []
        for entry in entries:
            parsed = _parse_name(entry.name)
            if parsed is not None and entry.is_file(follow_symlinks=False):
                found.append((parsed[0], parsed[1], parsed[2], Path(entry.path)))
        found.sort(key=lambda t: (t[1], t[2]))
        return found

    def _next_name(self, game: str | None) -> str:
        now = datetime.fromtimestamp(self._clock(), UTC)
        files = self._files()
        seq = 1
        if files:
            last_when = files[-1][1]
            seq = max(f[2] for f in files) + 1
            if now < last_when:      # the clock went back: names must still sort by age
                now = last_when
        middle = f"{game}-" if game is not None else ""
        return f"{PREFIX}{middle}{_stamp(now)}-{seq:06d}{SUFFIX}"

    # --- writing ------------------------------------------------------------------------
    def write(self, text: str, meta: Mapping[str, Any] | None = None,
              game: str | None = None) -> AutosaveInfo:
        """Write one autosave of `game` atomically, then keep only its newest ``keep``.

        `game` is the game's id (``new_game_id()``); a game held by another copy of the
        app is refused (GameHeld). Without an id the file joins the files from before ids
        (one shared ring, the old policy)."""
        if not isinstance(text, str):
            raise TypeError("an autosave is the engine's save text (str)")
        if game is not None and not GAME_ID.fullmatch(game):
            raise ValueError(f"not a game id: {game!r}")
        meta = dict(meta or {})
        raw_turn = meta.get("turn")
        turn = raw_turn if isinstance(raw_turn, int) and not isinstance(raw_turn, bool) \
            else None
        heroes = [str(h) for h in meta.get("heroes") or ()]
        with self._folder_lock():
            if game is not None and self.held_elsewhere(game):
                raise GameHeld("another window of Plot Twist Table holds this game's table; "
                               "this window does not write its autosaves")
            name = self._next_name(game)
            parsed = _parse_name(name)
            assert parsed is not None
            _, saved_at, seq = parsed
            header: dict[str, Any] = {
                "autosave": HEADER_VERSION,
                "saved_at": saved_at.isoformat(),
                "seq": seq,
                "game": game,
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
            # than `keep` files of a game (kills in a row would otherwise pile them up)
            self._rotate(game, self.keep - 1)
            atomic_write(path, line + "\n" + text)
            self._rotate(game, self.keep)
            self._forget_old_games(keep_key=game)
            self._sweep_temp(STALE_TEMP_SECONDS)
        return AutosaveInfo(path, saved_at, seq, turn, tuple(heroes), meta, game=game)

    def _rotate(self, game: str | None, keep: int) -> None:
        """Delete the oldest autosaves of `game` beyond `keep` (never its newest)."""
        files = [f for f in self._files() if f[0] == game]
        for _, _, _, path in files[: max(0, len(files) - max(keep, 1))]:
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def _forget_old_games(self, keep_key: str | None) -> None:
        """Delete the games beyond the newest ``games`` (never one held elsewhere, never
        the one just written, never files from before game ids)."""
        order: list[str] = []
        files: dict[str, list[Path]] = {}
        for game, _, _, path in reversed(self._files()):
            if game is None:
                continue
            if game not in files:
                order.append(game)
                files[game] = []
            files[game].append(path)
        for game in order[self.games:]:
            if game == keep_key or game in self._held or self.held_elsewhere(game):
                continue
            self._unlink_game(game, files[game])

    def _unlink_game(self, game: str, files: list[Path]) -> None:
        for path in files:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        try:
            (self._locks() / f"game-{game}.lock").unlink()
        except OSError:
            pass

    def delete_game(self, key: str) -> int:
        """Delete every autosave of one game (the user asked); returns how many.

        `key` is a :attr:`GameInfo.key`. A game another window holds is refused
        (GameHeld)."""
        with self._folder_lock():
            if key in self._held or self.held_elsewhere(key):
                raise GameHeld("this game is open in a window: close its table first")
            mine = [p for p, info in ((i.path, i) for i in self.list())
                    if info.game_key == key]
            if key.startswith("legacy:"):
                for path in mine:
                    path.unlink(missing_ok=True)
            else:
                self._unlink_game(key, mine)
        return len(mine)

    def _sweep_temp(self, older_than: float) -> int:
        """Remove temp files a killed write left (``.autosave-….tmp``); returns how many."""
        return sweep_temp_files(self.folder, "." + PREFIX, older_than)

    def sweep_temp_files(self) -> int:
        """Remove every leftover temp file now (call when no write is in flight)."""
        return self._sweep_temp(0.0)

    # --- reading ------------------------------------------------------------------------
    def _read_header(self, path: Path, game: str | None, when: datetime,
                     seq: int) -> AutosaveInfo:
        try:
            with path.open("rb") as f:
                first = f.readline(MAX_HEADER_BYTES + 2)
        except OSError as e:
            return AutosaveInfo(path, when, seq, problem=f"cannot read: {e.strerror}",
                                game=game)
        try:
            header = json.loads(first.decode("utf-8"))
            if not isinstance(header, dict) or header.get("autosave") != HEADER_VERSION:
                raise ValueError
        except ValueError:
            return AutosaveInfo(path, when, seq,
                                problem="the autosave header (line 1) is missing or damaged",
                                game=game)
        turn = header.get("turn")
        heroes = header.get("heroes")
        meta = header.get("meta")
        return AutosaveInfo(
            path, when, seq,
            turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
            tuple(str(h) for h in heroes) if isinstance(heroes, list) else (),
            meta if isinstance(meta, dict) else {}, game=game,
        )

    def list(self) -> list[AutosaveInfo]:
        """Every autosave, newest first, from headers only (cheap)."""
        out = [self._read_header(p, g, w, s) for g, w, s, p in self._files()]
        out.reverse()
        return out

    def recent_games(self) -> builtins.list[GameInfo]:
        """The games in the folder, the one played last first (headers only)."""
        groups: dict[str, list[AutosaveInfo]] = {}
        for info in self.list():
            groups.setdefault(info.game_key, []).append(info)
        return [GameInfo(key, tuple(infos)) for key, infos in groups.items()]

    def read(self, info: AutosaveInfo) -> str:
        """The save text of one autosave, checked against its header's size and sha256."""
        return read_autosave_file(info.path)

    def latest(self, load: Callable[[str], T] | None = None,
               game: str | None = None) -> Recovered[T] | None:
        """The newest autosave (of game `game`, a GameInfo key, if given) that reads and
        (given ``load``) loads; None if there is none.

        ``load`` is e.g. ``lambda text: Game.load(text, catalog)``. Whatever it raises
        marks that file skipped (with the message), never deleted.
        """
        skipped: list[tuple[AutosaveInfo, str]] = []
        for info in self.list():
            if game is not None and info.game_key != game:
                continue
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
