"""What the computer players say about their moves, as lines of the game log.

The engine's log says what happened ("Grist attacks Vesper…"); a computer seat's reason
("Computer GM: Attack Vesper at Melee: 62% to hit…") is the table's, not the game's, so it
is kept here, beside the engine line its move wrote first, and woven into the log the
laptop and the projector show. It is shown while that move stands: an Undo that takes the
move back hides it, a Redo of the same move shows it again, and another move played in its
place (whose first line differs) never shows it. Remarks are not saved with the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# the Log panel's kind for these lines, and the words every one of them starts with
KIND = "computer"
PREFIX = "Computer "


@dataclass
class Remark:
    at: int                   # the engine log's length before the move
    text: str
    anchor: str | None = None  # the engine line the move wrote first (None: not yet seen)


def _engine_log(game: Any) -> list[str] | None:
    state = getattr(game, "state", None)
    log = getattr(state, "log", None)
    return log if isinstance(log, list) else None


class Remarks:
    def __init__(self) -> None:
        self._remarks: list[Remark] = []
        # what the last computer move named, and the game's version just after it: the
        # marks go as soon as anything else happens (a move, an Undo)
        self._movers: tuple[int, frozenset[str]] = (-1, frozenset())

    def mark(self, game: Any, keys: set[str]) -> None:
        self._movers = (int(getattr(game, "version", -1)), frozenset(keys))

    def movers(self, game: Any) -> frozenset[str]:
        version, keys = self._movers
        return keys if version == getattr(game, "version", None) else frozenset()

    def __bool__(self) -> bool:
        return bool(self._remarks)

    def expect(self, game: Any, text: str) -> Remark | None:
        """A remark for the move about to be applied (its first line is not written yet)."""
        log = _engine_log(game)
        if log is None:
            return None
        remark = Remark(len(log), str(text))
        # a remark made at the same place again (the move undone and chosen anew)
        # replaces the old one
        self._remarks = [r for r in self._remarks if r.at != remark.at] + [remark]
        return remark

    def settle(self, game: Any, remark: Remark, applied: bool) -> None:
        """After the move: pin the remark to its first line, or drop it (refused, or a
        move that wrote nothing to hang it on)."""
        log = _engine_log(game) or []
        if applied and len(log) > remark.at:
            remark.anchor = log[remark.at]
        elif remark in self._remarks:
            self._remarks.remove(remark)

    def texts(self) -> set[str]:
        return {r.text for r in self._remarks}

    def lines(self, game: Any, viewer: str, view_log: list[str]) -> list[str]:
        """`view_log` (the engine's log as `viewer` reads it) with each standing remark
        before its move's first line; `view_log` unchanged when there is none, or when it
        is not the engine's log for this viewer (another screen's filter changed it)."""
        log = _engine_log(game)
        if not self._remarks or log is None:
            return view_log
        from engine.plottwist.context import log_line_for

        before: dict[int, list[str]] = {}
        for r in self._remarks:
            if r.anchor is None and len(log) > r.at:
                r.anchor = log[r.at]      # the first redraw after the move saw it first
            if r.anchor is not None and len(log) > r.at and log[r.at] == r.anchor:
                before.setdefault(r.at, []).append(r.text)
        if not before:
            return view_log
        out: list[str] = []
        plain: list[str] = []
        for i, line in enumerate(log):
            out.extend(before.get(i, ()))
            shown = log_line_for(line, viewer)
            if shown:
                out.append(shown)
                plain.append(shown)
        return out if plain == list(view_log) else view_log


def movers_of(action: Any) -> set[str]:
    """The characters and cards a move names (who acts, at whom): what the table marks
    so the room sees where a computer's move went."""
    keys = set()
    for field in ("actor", "target"):
        value = getattr(action, field, None)
        if isinstance(value, str) and value:
            keys.add(value)
    return keys
