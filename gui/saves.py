"""Saved games on disk: autosaves, their one-line summaries, and reading/writing files.

Each autosave is the engine's own save text plus a small ``.meta.json`` beside it with
what the start screen shows (date, turn, heroes), so listing saves never needs to parse
or load a whole game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engine import paths

SAVE_SUFFIX = ".ptsave"
META_SUFFIX = ".meta.json"
KEEP_AUTOSAVES = 10


@dataclass(frozen=True)
class SaveSummary:
    path: Path
    saved_at: float
    turn: int | None
    heroes: tuple[str, ...]

    def describe(self) -> str:
        when = datetime.fromtimestamp(self.saved_at).strftime("%d %b %Y, %H:%M")
        turn = f"Turn {self.turn}" if self.turn is not None else "Turn ?"
        heroes = ", ".join(self.heroes) if self.heroes else "no Heroes"
        return f"{when} · {turn} · {heroes}"


def summary_of_view(view: dict[str, Any]) -> dict[str, Any]:
    heroes = [c.get("card", {}).get("name") or c.get("id", "?")
              for c in view.get("characters", []) if c.get("side") == "heroes"]
    return {"turn": view.get("turn"), "heroes": heroes, "saved_at": time.time()}


def new_autosave_path() -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return paths.autosave_dir() / f"autosave-{stamp}{SAVE_SUFFIX}"


def write_save(path: Path, text: str, view: dict[str, Any] | None = None) -> None:
    from engine.core.saves import atomic_write

    atomic_write(path, text)
    if view is not None:
        atomic_write(meta_path(path), json.dumps(summary_of_view(view)))


def meta_path(path: Path) -> Path:
    return path.with_name(path.name + META_SUFFIX)


def read_summary(path: Path) -> SaveSummary | None:
    try:
        meta = json.loads(meta_path(path).read_text(encoding="utf-8"))
        saved_at = float(meta.get("saved_at") or path.stat().st_mtime)
    except (OSError, ValueError, TypeError, AttributeError):
        try:
            return SaveSummary(path, path.stat().st_mtime, None, ())
        except OSError:
            return None
    turn = meta.get("turn")
    heroes = tuple(str(h) for h in meta.get("heroes") or ())
    return SaveSummary(path, saved_at, turn if isinstance(turn, int) else None, heroes)


def autosaves() -> list[SaveSummary]:
    """Newest first."""
    found = (read_summary(p) for p in paths.autosave_dir().glob(f"*{SAVE_SUFFIX}"))
    return sorted((s for s in found if s is not None), key=lambda s: s.saved_at, reverse=True)


def latest_autosave() -> SaveSummary | None:
    found = autosaves()
    return found[0] if found else None


def prune_autosaves(keep: int = KEEP_AUTOSAVES) -> None:
    for old in autosaves()[keep:]:
        for p in (old.path, meta_path(old.path)):
            p.unlink(missing_ok=True)
