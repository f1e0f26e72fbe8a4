"""The log dock: every line the viewer may read, filterable by character and by kind;
a private line reads as its public form to the others."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from gui.panels.log import LogPanel, guess_kind

CHARS = [{"id": "h1", "name": "Hope - The Bright", "side": "heroes"},
         {"id": "v1", "name": "Dr. Grimm", "side": "villains"}]
PRIVATE = Event("draw", "P1 draws Punch and Dodge", {"seat": "p1"}, visible_to=("p1",),
                text_public="P1 draws 2 Combat cards")
EVENTS = [Event("phase", "Turn 2 — Start of Turn"),
          Event("damage", "Hope takes 3 Physical Stress", {"target": "h1"}),
          Event("status", "Dr. Grimm is Stunned", {"target": "v1"}),
          PRIVATE]


def _view(viewer: str, log: list[str]) -> dict:
    return {"viewer": viewer, "characters": CHARS, "log": log}


def _select(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


@pytest.fixture
def panel(qtbot):
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.show()
    return panel


def test_filters_by_kind_and_character(panel):
    lines = [e.text_for("p2") for e in EVENTS]
    panel.show_view(_view("p2", lines))
    panel.add_events(EVENTS)
    assert panel.texts() == lines
    kinds = [panel.kind_box.itemData(i) for i in range(panel.kind_box.count())]
    assert set(kinds) == {"", "phase", "damage", "status", "draw"}
    _select(panel.kind_box, "damage")
    assert panel.texts() == ["Hope takes 3 Physical Stress"]
    assert panel.count.text() == "1 of 4 lines"
    _select(panel.kind_box, "")
    _select(panel.character_box, "v1")
    assert panel.texts() == ["Dr. Grimm is Stunned"]
    # the Hero is found by the short form of its name as well as by the event's data
    _select(panel.character_box, "h1")
    assert panel.texts() == ["Hope takes 3 Physical Stress"]
    # both filters at once, and a filter that keeps its choice across a redraw
    _select(panel.kind_box, "status")
    assert panel.texts() == []
    panel.show_view(_view("p2", lines))
    assert panel.character_box.currentData() == "h1" and panel.kind_box.currentData() == "status"


def test_private_line_per_viewer(panel):
    # the engine's view gives each viewer its own text; the panel knows both as one kind
    panel.add_events([PRIVATE])
    panel.show_view(_view("p2", [PRIVATE.text_for("p2")]))
    assert panel.texts() == ["P1 draws 2 Combat cards"]
    assert panel.kind_of("P1 draws 2 Combat cards") == "draw"
    assert not panel.list.item(0).font().italic()
    panel.show_view(_view("p1", [PRIVATE.text_for("p1")]))
    assert panel.texts() == ["P1 draws Punch and Dodge"]
    item = panel.list.item(0)
    assert item.font().italic() and "Only P1" in item.toolTip()


def test_lines_from_a_loaded_game_get_a_kind(panel):
    panel.show_view(_view("gm", ["Turn 4 — End of Turn", "Something odd"]))
    assert guess_kind("Turn 4 — End of Turn") == "phase"
    assert panel.kind_of("Something odd") == "other"


def test_table_log_follows_the_engine(make_window, qtbot):
    window = make_window()
    window.quick_game()
    page = window.table
    game = page.controller.game
    card = game.state["zones"]["combat_hand:p1"][0]
    action = next(a for a in page.controller.actions_for_card(card))
    assert page.controller.apply(action)
    assert page.log.texts()[-1] == action.label
    assert page.log.kind_of(action.label) == "action"
    _select(page.log.kind_box, "action")
    assert page.log.texts() == [action.label]
    # undo goes back through the engine, and the log with it
    page.controller.undo()
    assert action.label not in page.log.lines
