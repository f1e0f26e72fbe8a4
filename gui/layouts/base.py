"""What a game's layout gives the generic table (see docs/rules/monsterhunt-gui.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from engine.records import record
from gui import record_inits

if TYPE_CHECKING:
    from gui.controller import GameController
    from gui.table.scene import TableScene


@record(record_inits, frozen=True)
class Tracker:
    """The phase tracker's content: a headline, a status line and the phase chips."""

    headline: str
    status: str
    chips: list[tuple[str, bool]] = field(default_factory=list)   # (name, current)


@record(record_inits, frozen=True)
class Summary:
    """The projector's side panel: what is going on, in three sizes of text."""

    heading: str
    headline: str
    detail: str


class TableLayout:
    game_id = ""
    name = ""

    def render(self, scene: TableScene, view: dict[str, Any]) -> None:
        """Place this game's areas and cards in the (cleared) scene."""
        raise NotImplementedError

    def controller_class(self) -> type[GameController]:
        from gui.controller import GameController

        return GameController

    def tracker(self, view: dict[str, Any]) -> Tracker:
        chips = [(str(p.get("name")), bool(p.get("current"))) for p in view.get("tracker") or []]
        return Tracker(f"Round {view.get('round', '–')}", "", chips)

    def summary(self, view: dict[str, Any]) -> Summary:
        return Summary(self.name, "", "")

    def hints(self) -> tuple[tuple[str, Callable[[dict[str, Any], Any], bool], str], ...] | None:
        """First-game hints for this game, (key, applies(view, controller), text), the most
        specific first; None: Plot Twist's (gui/panels/hints.py), which talk of Combats."""
        return None

    def quick(self, seed: int) -> Any:
        """A ready-to-play game for the start screen's quick button."""
        raise NotImplementedError
