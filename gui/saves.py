"""Saved games on disk, for the GUI: autosaves through engine.autosave, and save files.

Autosaves use the engine's policy (atomic, checksummed, rotated, headers readable without
loading a game); a save made with File → Save is the engine's save text alone, so any
tool that reads saves can open it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import paths
from engine.autosave import AutosaveInfo, Autosaves, Recovered

SAVE_SUFFIX = ".ptsave"
KEEP_AUTOSAVES = 10

__all__ = ["SAVE_SUFFIX", "AutosaveInfo", "Recovered", "autosaves", "latest_autosave",
           "meta_of_view", "paths", "write_autosave", "write_save"]


def autosaves() -> Autosaves:
    return Autosaves(paths.autosave_dir(), keep=KEEP_AUTOSAVES)


def meta_of_view(view: dict[str, Any]) -> dict[str, Any]:
    """Header fields for the start screen, read from a view (works for any Game door)."""
    heroes = [str(c.get("name") or (c.get("card") or {}).get("name") or c.get("id"))
              for c in view.get("characters", [])
              if c.get("side") == "heroes" and c.get("role", "hero") == "hero"]
    heroes += [str(h.get("name")) for h in view.get("heroes") or []]  # Monster Hunt's
    return {"turn": view.get("turn", view.get("round")), "heroes": heroes,
            "phase": view.get("phase"), "winner": view.get("winner"),
            "game": view.get("game", "plottwist")}


def write_autosave(text: str, view: dict[str, Any]) -> AutosaveInfo:
    return autosaves().write(text, meta_of_view(view))


def latest_autosave() -> AutosaveInfo | None:
    """The newest autosave by its header (the start screen's Continue line)."""
    found = [info for info in autosaves().list() if info.problem is None]
    return found[0] if found else None


def write_save(path: Path, text: str) -> None:
    from engine.core.saves import atomic_write

    atomic_write(path, text)
