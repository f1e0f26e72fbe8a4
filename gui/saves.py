"""Saved games on disk, for the GUI: autosaves through engine.autosave, and save files.

Autosaves use the engine's policy (atomic, checksummed, per game, rotated, headers
readable without loading a game, locked against a second running copy); a save made with
File → Save is the engine's save text alone, so any tool that reads saves can open it.
File → Open takes either (an autosave file is checked against its header first).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import paths
from engine.autosave import (
    GAME_ID,
    STALE_TEMP_SECONDS,
    AutosaveInfo,
    Autosaves,
    GameHeld,
    GameInfo,
    Recovered,
    is_autosave_text,
    new_game_id,
    read_autosave_file,
)

SAVE_SUFFIX = ".ptsave"
# Settings → "Autosaves": positions kept per game, games kept (gui/settings.py)
KEEP_AUTOSAVES = 10
KEEP_GAMES = 20
#: a header field is a line on the start screen, not a page
_MAX_FIELD = 120

__all__ = ["SAVE_SUFFIX", "AutosaveInfo", "GameHeld", "GameInfo", "Recovered", "autosaves",
           "configure", "game_id", "hold", "hold_waiting", "latest_autosave", "meta_of_view",
           "paths", "read_save_file", "recent_games", "release", "sweep_save_temps",
           "write_autosave", "write_save"]

_stores: dict[Path, Autosaves] = {}
# a new game's id whose hold waits (hold(..., new_may_wait=True)): taken the next time the
# autosave folder is used or a save file is written, before either can show the id
_waiting: str | None = None


def configure(positions: int, games: int) -> None:
    """What Settings keep: the newest `positions` of each of the newest `games` games."""
    global KEEP_AUTOSAVES, KEEP_GAMES
    KEEP_AUTOSAVES, KEEP_GAMES = max(1, positions), max(1, games)


def autosaves() -> Autosaves:
    """The app's autosave folder; one object per folder, so the games it holds stay held."""
    folder = paths.autosave_dir()
    store = _stores.get(folder)
    if store is None:
        store = _stores[folder] = Autosaves(folder)
    store.keep, store.games = KEEP_AUTOSAVES, KEEP_GAMES
    _take_waiting_hold(store)
    return store


def _take_waiting_hold(store: Autosaves) -> None:
    global _waiting
    if _waiting is not None:
        store.hold(_waiting)      # GameHeld or OSError: it stays waiting, the use fails
        _waiting = None


def game_id(game: Any) -> str:
    """The game's id, given one now if it has none (a new game, or a save from before
    ids); the engine's save carries it from then on."""
    if _has_id(game):
        return str(game.game_id)
    fresh = new_game_id()
    try:
        game.game_id = fresh
    except AttributeError:      # a door without the attribute: the id lives in headers only
        pass
    return fresh


def hold(game: Any, *, new_may_wait: bool = False) -> None:
    """Claim the game for this window, or GameHeld if another running copy shows it.

    `new_may_wait`: a game without an id yet (a new game) gets one now, and its hold is
    taken the next time anything uses the autosave folder (its first autosave, a crash
    report's, the start screen's list) or writes a save file, not now. Nothing else can
    open the game before that: another copy finds a game only by its id in a file, and
    this id was just made here from 8 random bytes and is in no file until one of those
    writes, each of which takes the hold first. So the file-lock library (≈ 12 ms to
    import) stays off the way to a new game's first frame (docs/performance.md, part 4).
    A game with an id (continued, opened) is held at once, as before."""
    global _waiting
    fresh = not _has_id(game)
    ident = game_id(game)
    if new_may_wait and fresh:
        _waiting = ident
        return
    autosaves().hold(ident)


def _has_id(game: Any) -> bool:
    found = getattr(game, "game_id", None)
    return isinstance(found, str) and GAME_ID.fullmatch(found) is not None


def hold_waiting() -> str | None:
    """The id of the new game whose hold has not been taken yet, if any (see `hold`)."""
    return _waiting


def prepare_hold() -> None:
    """Import the file-lock library now: the card packs' worker thread calls this while
    the start screen waits, so a click on a game does not wait ≈ 12 ms for it at `hold`
    (engine.autosave imports it only where a lock is first needed)."""
    import filelock  # noqa: F401


def release() -> None:
    global _waiting
    _waiting = None     # a new game left before anything used its id: nothing to let go
    autosaves().release()


def _short(text: Any) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= _MAX_FIELD else line[: _MAX_FIELD - 1] + "…"


def meta_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """Header fields for the start screen, read from a view (works for any Game door).

    Give it the Table's (public) view: the start screen may be on the projector."""
    def name(c: dict[str, Any]) -> str:
        return _short(c.get("name") or (c.get("card") or {}).get("name") or c.get("id"))

    chars = view.get("characters", [])
    heroes = [name(c) for c in chars
              if c.get("side") == "heroes" and c.get("role", "hero") == "hero"]
    heroes += [_short(h.get("name")) for h in view.get("heroes") or []]  # Monster Hunt's
    villains = [c for c in chars if c.get("side") == "villains" and c.get("role") == "villain"]
    main = [c for c in villains if c.get("main")] or villains
    log = view.get("log") or []
    meta = {"turn": view.get("turn", view.get("round")), "heroes": heroes,
            "phase": view.get("phase"), "winner": view.get("winner"),
            "game": view.get("game", "plottwist")}
    if main:
        meta["villain"] = name(main[0])
    if log:
        meta["last"] = _short(log[-1])
    return meta


def write_autosave(text: str, view: dict[str, Any], game: str | None = None) -> AutosaveInfo:
    return autosaves().write(text, meta_of_view(view), game=game)


def recent_games() -> list[GameInfo]:
    """The games to continue, the one played last first (headers only)."""
    return autosaves().recent_games()


def latest_autosave() -> AutosaveInfo | None:
    """The newest autosave by its header."""
    found = [info for info in autosaves().list() if info.problem is None]
    return found[0] if found else None


def read_save_file(path: Path) -> str:
    """The save text of a file the user opens: a File → Save file, or an autosave (checked
    against its header's size and checksum)."""
    from engine.autosave import MAX_FILE_BYTES
    from engine.core.saves import check_readable

    check_readable(path, MAX_FILE_BYTES)       # a FIFO named *.ptsave never blocks Open
    with path.open("r", encoding="utf-8") as f:
        head = f.read(64 * 1024)
    first = head.partition("\n")[0]
    if first.lstrip().startswith("{") and is_autosave_text(first):
        return read_autosave_file(path)
    return path.read_text(encoding="utf-8")


def write_save(path: Path, text: str) -> None:
    from engine.core.saves import atomic_write

    autosaves()     # a new game's waiting hold first: the save text carries its id
    atomic_write(path, text)
    sweep_save_temps(path.parent)


def sweep_save_temps(folder: Path | None = None) -> int:
    """A File → Save killed mid-write leaves ".<name>.ptsave.<random>.tmp" beside the save:
    remove those older than a write takes (after each save there, and at start in the
    saves folder), as the autosaves' own are."""
    from engine.core.saves import sweep_temp_files

    where = folder if folder is not None else paths.saves_dir()
    return sweep_temp_files(where, ".", STALE_TEMP_SECONDS, contains=SAVE_SUFFIX + ".")
