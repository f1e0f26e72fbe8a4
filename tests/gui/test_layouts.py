"""The layout hook: a game id in the view picks its table layout; Plot Twist keeps the
built-in rows; a plug-in registers its own and gets a start-screen button."""

from __future__ import annotations

from engine.core import registry
from gui import layouts
from gui.layouts.base import TableLayout
from gui.start_screen import StartScreen


class Plain(TableLayout):
    game_id = "plain"
    name = "Plain"

    def render(self, scene, view) -> None:
        scene._add_area("board", "Board", 0, 0, 300, 200)


def test_the_view_picks_the_layout_and_plot_twist_keeps_its_rows(qtbot):
    assert layouts.for_view({"game": "monsterhunt"}).name == "Monster Hunt"
    assert layouts.for_view({"characters": []}) is None
    assert layouts.for_view({"game": "unknown"}) is None


def test_a_plugin_layout_draws_its_table_and_gets_a_start_button(qtbot):
    from gui.table.scene import TableScene

    module = registry.GameModule("plain", "Plain Game", lambda: object, blurb="A test game.")
    registry.register(module)
    layouts.register("plain", Plain, "Quick test")
    try:
        scene = TableScene()
        scene.render_view({"game": "plain", "viewer": "table", "zones": {}})
        assert list(scene.areas) == ["board"]
        start = StartScreen()
        qtbot.addWidget(start)
        assert "game:plain" not in start.buttons  # not before the first paint
        start.add_game_buttons()
        start.add_game_buttons()  # once only
        assert sum(1 for k in start.buttons if k.startswith("game:")) == 2
        button = start.buttons["game:plain"]
        assert button.text() == "Plain Game: quick fight" and "Quick test" in button.toolTip()
        with qtbot.waitSignal(start.sig_quick_game) as got:
            button.click()
        assert got.args == ["plain"]
    finally:
        registry.unregister("plain")
        layouts.unregister("plain")
    assert layouts.for_id("plain") is None and "plain" not in layouts.quick_starts()
