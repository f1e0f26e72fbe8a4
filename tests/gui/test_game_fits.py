"""The game window on a 1280x720 laptop or projector (issue 14, section 5): its minimum
size fits the screen less its task bar and title, and at 1280x720 the Next button, the
viewer's hand and the Turn panel's hint are all on the screen."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from gui.qt import QtCore, QtWidgets

pytest.importorskip("engine.plottwist.game")

# a 1280x720 screen less a task bar and the window's title bar
MOST = QtCore.QSize(1280, 680)


class SeededSource(GameSource):
    """The same deal every run: hand sizes and hint texts decide the docks' heights."""

    def quick(self, catalog, heroes: int = 3, seed: int | None = None):
        return super().quick(catalog, heroes=heroes, seed=7)

    def quick_game(self, game_id: str, seed: int | None = None):
        return super().quick_game(game_id, seed=7)


def _visible_in(widget: QtWidgets.QWidget, window: QtWidgets.QWidget) -> bool:
    """The widget is shown whole: inside the window and not scrolled out of any parent."""
    if not widget.isVisible():
        return False
    rect = widget.visibleRegion().boundingRect()
    if rect.size() != widget.size():  # clipped by a scroll area or a dock
        return False
    top_left = widget.mapTo(window, rect.topLeft())
    return window.rect().contains(QtCore.QRect(top_left, rect.size()))


def _start(make_window, qtbot, game: str):
    window = make_window(SeededSource())
    window.settings.hints = True  # a first game: the longest Turn panel
    if game == "plottwist":
        window.quick_game()
        hand = "plot_hand:p1"
    else:
        window.quick_other_game(game)
        hand = f"hand:{window.table.controller.viewer}"
    page = window.table
    assert window.stack.currentWidget() is page
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.height() == 720, timeout=2000)
    QtWidgets.QApplication.processEvents()
    return window, page, hand


def _scroll_to(page, widget: QtWidgets.QWidget) -> None:
    scroll = page.docks["phase"].widget()
    assert isinstance(scroll, QtWidgets.QScrollArea)
    scroll.ensureWidgetVisible(widget)
    QtWidgets.QApplication.processEvents()


# both games' Turn panels show the first hint whole at 720 px (Monster Hunt's five phase
# chips flow in lines instead of a column of five, which left the hint one scroll away)
@pytest.mark.parametrize(("game", "hint_whole"), [("plottwist", True), ("monsterhunt", True)])
def test_the_game_window_fits_a_720_pixel_screen(make_window, qtbot, game, hint_whole):
    window, page, hand = _start(make_window, qtbot, game)
    for size in (window.minimumSizeHint(), window.minimumSize()):
        assert size.width() <= MOST.width() and size.height() <= MOST.height(), size
    assert window.size() == QtCore.QSize(1280, 720)
    # where the game is and the one button every Turn needs, whole on screen
    for label in (page.phase.turn, page.phase.initiative, page.phase.next_button,
                  page.phase.reason):
        assert _visible_in(label, window), label.text()
    # the hint that explains Next: on screen, or reachable in the Turn panel
    assert not page.hints.isHidden() and page.hints.text.text()
    if not hint_whole:
        _scroll_to(page, page.hints.got_it)
    assert _visible_in(page.hints.text, window)
    assert _visible_in(page.hints.got_it, window)
    # the viewer's hand, inside the table view's visible part
    area = page.scene.areas[hand]
    shown = page.view.mapFromScene(area.sceneBoundingRect()).boundingRect()
    assert page.view.viewport().rect().contains(shown), (shown, page.view.viewport().rect())
    view_rect = QtCore.QRect(page.view.mapTo(window, QtCore.QPoint(0, 0)), page.view.size())
    assert window.rect().contains(view_rect), view_rect


def test_a_short_window_scrolls_the_turn_panel_but_keeps_next_in_view(make_window, qtbot):
    window, page, _hand = _start(make_window, qtbot, "plottwist")
    window.resize(1280, MOST.height() - 40)
    qtbot.waitUntil(lambda: window.height() == MOST.height() - 40, timeout=2000)
    QtWidgets.QApplication.processEvents()
    assert _visible_in(page.phase.next_button, window)
    # what no longer fits is one scroll away, not cut off
    assert not _visible_in(page.hints.got_it, window)
    _scroll_to(page, page.hints.got_it)
    assert _visible_in(page.hints.got_it, window)


HIT = [{"who": "h1", "kind": "attack", "coins": "HHHT", "successes": 3, "total": 3,
        "against": 2, "margin": 1, "won": True, "text": "Hope attacks"},
       {"who": "v1", "kind": "defense", "coins": "HTH", "successes": 2, "total": 2,
        "against": 3, "margin": -1, "won": False, "text": "Grimm defends"},
       {"who": "h1", "kind": "damage", "coins": "HHT", "successes": 2, "auto": 1,
        "total": 3, "won": None, "text": "Hope Damage Roll"}]


@pytest.mark.parametrize(("height", "whole"), [(1080, True), (720, False)])
def test_an_attack_exchange_grows_the_last_roll_or_shows_its_newest_part(
        make_window, qtbot, height, whole):
    window, page, _hand = _start(make_window, qtbot, "plottwist")
    window.resize(1920 if whole else 1280, height)
    qtbot.waitUntil(lambda: window.height() == height, timeout=2000)
    page.show_view({**page.controller.view(), "rolls": HIT})
    # the verdict and the damage on screen once the docks are refitted
    qtbot.waitUntil(lambda: _visible_in(page.coins.damage.outcome, window)
                    and _visible_in(page.coins.verdict, window), timeout=2000)
    assert page.coins.damage.outcome.text() == "3 dealt"
    assert page.coins.verdict.text().startswith("Hit")
    # at 1080 the whole exchange, the attack's coins included; at 720 one scroll away
    assert _visible_in(page.coins.partner.strip, window) is whole
    assert _visible_in(page.phase.next_button, window)


def _where(window, page) -> dict[str, object]:
    """Where the Turn panel's labels, Next and the table view stand in the window."""
    widgets = {"turn": page.phase.turn, "initiative": page.phase.initiative,
               "next": page.phase.next_button, "reason": page.phase.reason,
               "hint": page.hints.text, "view": page.view}
    return {name: (QtCore.QRect(w.mapTo(window, QtCore.QPoint(0, 0)), w.size()).getRect(),
                   _visible_in(w, window))
            for name, w in widgets.items()}


def test_the_game_window_shrunk_live_fits_as_a_fresh_one(make_window, qtbot):
    """Dragged from a 1080p monitor to a 720p laptop screen: the window takes 1280x720
    and lays out as one opened at that size (the projector window kept its old height)."""
    fresh_window, fresh_page, _ = _start(make_window, qtbot, "plottwist")
    qtbot.wait(50)
    fresh = _where(fresh_window, fresh_page)
    # (the table view is partly under the hint's strip: only its place is compared)
    assert [k for k, (_rect, shown) in fresh.items() if not shown] == ["view"]
    window, page, _hand = _start(make_window, qtbot, "plottwist")
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.height() == 1080, timeout=2000)
    qtbot.wait(50)
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.height() == 720, timeout=2000)
    assert window.size() == QtCore.QSize(1280, 720)
    assert window.minimumSize().height() <= MOST.height()
    # the docks are refitted a turn of the event loop after the resize (a scroll bar may
    # come and go meanwhile): then everything stands where a fresh window has it
    def as_fresh() -> None:
        assert _where(window, page) == fresh

    qtbot.waitUntil(as_fresh, timeout=2000)
