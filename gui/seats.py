"""Seats and viewers for the hot-seat laptop and the projector: names, keys, remembered choices.

A viewer is a seat ("gm", "p1" … "p4") or "table", the public view the projector shows
(docs/architecture.md). The projector's screen and the spectator lock are remembered in a
small JSON file in the config folder, next to settings.json, so a laptop set up once as
the table's projector or spectator screen comes back the same way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import paths

TABLE = "table"
GM = "gm"
PLAYERS = ("p1", "p2", "p3", "p4")
VIEWERS = (TABLE, GM, *PLAYERS)
PREFS_FILE = "projector.json"

# the keyboard shortcut of each viewer; none clash with the main window's
# (Ctrl+N/O/S/Q/Z, Ctrl+Shift+N/S/Z)
SHORTCUTS = {TABLE: "Ctrl+0", GM: "Ctrl+G", "p1": "Ctrl+1", "p2": "Ctrl+2", "p3": "Ctrl+3",
             "p4": "Ctrl+4"}


def seat_title(viewer: str) -> str:
    """"GM", "Player 1" … or "Table (public)"."""
    if viewer == TABLE:
        return "Table (public)"
    if viewer == GM:
        return "GM"
    if viewer.startswith("p") and viewer[1:].isdigit():
        return f"Player {viewer[1:]}"
    return viewer.upper()


def hero_names(view: dict[str, Any] | None) -> dict[str, str]:
    """Seat -> the names of the Heroes it plays, from any viewer's view (they are public)."""
    out: dict[str, list[str]] = {}
    heroes = [{**h, "side": "heroes"} for h in (view or {}).get("heroes") or []]
    for ch in [*((view or {}).get("characters") or []), *heroes]:
        seat = ch.get("seat")
        if seat and seat != GM and ch.get("side") == "heroes" and ch.get("name"):
            out.setdefault(str(seat), []).append(str(ch["name"]).split(" - ")[0])
    return {seat: " & ".join(names) for seat, names in out.items()}


def seats_in(view: dict[str, Any] | None) -> list[str]:
    """The seats at this table, GM first, from a view's characters and hands."""
    found: set[str] = set()
    view = view or {}
    if view.get("seats"):  # a module that lists its seats
        return [GM, *(str(s) for s in view["seats"] if s != GM)]
    for ch in view.get("characters") or []:
        if ch.get("seat"):
            found.add(str(ch["seat"]))
    for name in view.get("zones") or {}:
        head, _, seat = str(name).partition(":")
        if seat and head in ("plot_hand", "combat_hand"):
            found.add(seat)
    players = sorted(s for s in found if s != GM and s != "heroes")
    return [GM, *players]


# ------------------------------------------------------------------ remembered choices
def prefs_path() -> Path:
    return paths.config_dir() / PREFS_FILE


def load_prefs() -> dict[str, Any]:
    """{"screen": name, "screen_index": i, "spectator": bool}; {} when unset or unreadable."""
    try:
        raw = json.loads(prefs_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def save_prefs(**changes: Any) -> dict[str, Any]:
    from engine.core.saves import atomic_write

    prefs = load_prefs()
    prefs.update(changes)
    try:
        atomic_write(prefs_path(), json.dumps(prefs, indent=2, sort_keys=True) + "\n")
    except OSError:
        pass  # a read-only config folder: the choice just is not remembered
    return prefs
