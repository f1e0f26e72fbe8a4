"""Defects a group met at the table (issue 14, section 5): each as the room would notice it."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from gui.qt import Qt, QtWidgets

pytest.importorskip("engine.plottwist.game")


@pytest.fixture
def table(make_window):
    window = make_window(GameSource())
    window.quick_game()
    return window


def _press(qtbot, widget, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    widget.activateWindow()
    widget.setFocus()
    qtbot.keyClick(widget, key, modifier)


def test_ctrl_enter_presses_next_after_the_button_text_changed(table, qtbot):
    page = table.table
    before = list(page.controller.view()["log"])
    page.phase.set_next(*page.controller.next_action())  # the text is set again
    _press(qtbot, page.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert page.controller.view()["log"] != before, "Ctrl+Enter did not pass"


def test_log_stays_on_its_newest_line_after_a_seat_switch_and_a_resize(qtbot):
    from gui.panels.log import LogPanel

    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 300)
    panel.show()
    lines = [f"Turn {i} — a long line that wraps over several rows in a narrow dock {i}"
             for i in range(80)]
    def at_newest() -> bool:
        last = panel.list.visualItemRect(panel.list.item(panel.list.count() - 1))
        return panel.list.viewport().rect().intersects(last)

    panel.show_view({"viewer": "p1", "log": lines, "characters": []})
    qtbot.waitUntil(at_newest)
    panel.hide()  # the privacy screen hides the docks
    panel.show_view({"viewer": "p2", "log": lines, "characters": []})
    panel.show()
    qtbot.waitUntil(at_newest, timeout=2000)
    panel.resize(220, 500)  # narrower: every line wraps more
    qtbot.wait(50)
    assert at_newest()
    panel.resize(700, 200)
    qtbot.wait(50)
    assert at_newest()


def _on_screen_width(page, item) -> float:
    return page.view.mapFromScene(item.sceneBoundingRect()).boundingRect().width()


def test_large_cards_are_larger_on_screen(table, qtbot):
    from gui.settings import Settings

    page = table.table
    view = page.controller.view()
    hero = next(c["id"] for c in view["characters"] if c["side"] == "heroes")
    hand = view["zones"][f"plot_hand:{page.controller.viewer}"]["cards"][0]["id"]
    sizes = {}
    for size in ("medium", "large"):
        page.apply_settings(Settings(card_size=size, animations=False, confirmations=False))
        qtbot.wait(10)
        sizes[size] = (_on_screen_width(page, page.scene.clusters[hero].card),
                       _on_screen_width(page, page.scene.cards[hand]))
    assert sizes["large"][0] > sizes["medium"][0] * 1.1, sizes  # the Hero's card
    assert sizes["large"][1] > sizes["medium"][1] * 1.1, sizes  # a card of the hand
    # the hand stays in sight at Large
    card = page.scene.cards[hand]
    assert page.view.viewport().rect().intersects(
        page.view.mapFromScene(card.sceneBoundingRect()).boundingRect())


def test_main_window_and_wizard_fit_the_screen(qapp, catalog):
    """The offscreen screen is smaller than the old hard-coded 1400×900 and 1280×820."""
    from gui.main_window import MainWindow
    from gui.screen_fit import available
    from gui.wizard.wizard import NewGameWizard

    screen_w, screen_h = available()
    window = MainWindow(catalog=catalog)
    wizard = NewGameWizard(catalog, window)
    try:
        for widget in (window, wizard):
            assert widget.width() <= screen_w and widget.height() <= screen_h, widget
        # on a 1366×768 laptop the wizard can shrink until its buttons are on screen
        hint = wizard.minimumSizeHint()
        assert hint.width() <= 1366 * 0.92 and hint.height() <= 768 * 0.92, hint
    finally:
        wizard.deleteLater()
        window.deleteLater()


def test_quitting_asks_about_quitting_not_the_start_screen(table, monkeypatch):
    asked: list[str] = []

    def question(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return QtWidgets.QMessageBox.StandardButton.No

    monkeypatch.setattr(QtWidgets.QMessageBox, "question", question)
    table.settings.confirmations = True
    table.show_start()
    table.close()
    assert len(asked) == 2
    assert "start screen" in asked[0] and not asked[0].startswith("Quit")
    assert asked[1].startswith("Quit"), asked[1]
    assert table.isVisible()  # "No" keeps the window
    table.settings.confirmations = False


def test_a_mook_group_badge_counts_down_from_the_printed_quantity():
    from gui.table.card_face import footer_text
    from gui.table.counters import badges_for

    card = {"kind": "mook", "name": "Goons", "quantity": 6}
    mook = {"card": card, "counters": {"quantity": 5, "hate": None, "energy": None}}
    (label, value, _colour, spoken, _alarm), = badges_for(mook)
    assert footer_text(card) == "Qty 6"  # printed on the card
    assert (label, value) == ("Qty", "5/6") and spoken == "Quantity 5 of 6 Mooks left"


def test_face_down_events_show_no_fragments_of_their_backs(table):
    """Each face-down Event beside the next shows only its blank frame, never "PL"."""
    from gui.table import card_face

    margin = getattr(card_face, "BACK_MARGIN", 0.07)  # the blank frame of a back
    page = table.table
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("table"))
    hidden = page.controller.view()["zones"]["events"]["cards"]
    assert len(hidden) > 1
    items = [page.scene.cards[inst["id"]] for inst in hidden]
    lefts = [item.sceneBoundingRect().left() for item in items]
    width = items[0].sceneBoundingRect().width()
    for a, b in zip(lefts, lefts[1:], strict=False):
        assert 0 <= b - a < width * margin
    assert "face down" in page.scene.areas["events"].subtitle


def _wrapped_lines(text: str, font, width: float) -> list[str]:
    from gui.qt import QtGui

    layout = QtGui.QTextLayout(text, font)
    option = QtGui.QTextOption()
    option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return lines


def test_a_clause_id_never_wraps_inside_a_banner(qtbot):
    from gui.panels.banner import Banner

    parent = QtWidgets.QWidget()
    qtbot.addWidget(parent)
    banner = Banner(parent)
    banner.show_message("Hope cannot go on Dr. Grimm: the Attacker has no Attack action "
                        "left this Combat", "PT-ATK-4")
    text = banner.text()
    for width in range(120, 900, 3):
        lines = _wrapped_lines(text, banner.font(), width)
        assert any("ATK" in line and "PT" in line for line in lines), (width, lines)


ONE_PLURAL = r"\b1 (cards|Plots|Combat cards|lines|packs|pages)\b"


def _scene_texts(scene) -> list[str]:
    from gui.qt import QtWidgets as W

    out = []
    for item in scene.items():
        out.append(item.toolTip())
        if isinstance(item, (W.QGraphicsSimpleTextItem, W.QGraphicsTextItem)):
            out.append(item.toPlainText() if hasattr(item, "toPlainText") else item.text())
        for attr in ("subtitle", "accessible_name"):
            if isinstance(getattr(item, attr, None), str):
                out.append(getattr(item, attr))
    return out


def test_one_of_a_thing_is_said_in_the_singular(qtbot):
    import re

    from gui.packs_summary import packs_html
    from gui.panels.log import LogPanel
    from gui.table.scene import TableScene

    zones = {"plot_hand:p1": {"count": 1, "cards": [{"id": "c1", "back": "plot"}]},
             "combat_hand:p1": {"count": 1, "cards": [{"id": "c2", "back": "combat"}]},
             "combat_deck:p1": {"count": 1, "cards": []}}
    texts = []
    for viewer in ("table", "p1"):
        scene = TableScene()
        scene.render_view({"viewer": viewer, "characters": [], "zones": zones})
        texts += _scene_texts(scene)
    log = LogPanel()
    qtbot.addWidget(log)
    log.show_view({"viewer": "p1", "log": ["Turn 1 — Start of Turn"], "characters": []})
    texts.append(log.count.text())

    class Pack:
        name, id, bundled, counts, errors = "Solo", "solo", False, {"hero": 1}, []

    class Catalog:
        packs, errors = [Pack()], []

    texts.append(packs_html(Catalog()))
    found = [t for t in texts if re.search(ONE_PLURAL, t)]
    assert not found, found
    assert any("1 card" in t for t in texts) and "1 line" in log.count.text()


def test_the_log_names_seats_in_capitals(qtbot):
    from gui.panels.log import LogPanel
    from gui.presentation import LogPanel as ProjectorLog

    lines = ["gm draws 3 Combat card(s)", "p2 Mulligans 1 card(s)", "Hope attacks Dr. Grimm"]
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.show_view({"viewer": "p1", "log": lines, "characters": []})
    projector = ProjectorLog()
    qtbot.addWidget(projector)
    projector.show_lines(lines)
    for texts in (panel.texts(), projector.texts()):
        assert texts == ["GM draws 3 Combat cards", "P2 Mulligans 1 card",
                         "Hope attacks Dr. Grimm"]


def _brightest(widget) -> int:
    image = widget.grab().toImage()
    return max(image.pixelColor(x, y).lightness()
               for y in range(0, image.height(), 1) for x in range(0, image.width(), 1))


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_inactive_step_labels_are_greyed_in_both_themes(qapp, qtbot, theme):
    from gui.panels.phase import PhasePanel
    from gui.theme import apply_theme

    old_style = qapp.style().name()
    apply_theme(qapp, theme)
    try:
        panel = PhasePanel()
        qtbot.addWidget(panel)
        panel.show()
        panel.show_view({"turn": 1, "phase": "combat", "initiative": "heroes",
                         "combat": {"step": "attack", "distance": "melee"}})
        idle = _brightest(panel.step_labels["movement"])
        text = _brightest(panel.turn)
        if theme == "dark":  # light ink on dark: the idle step is much darker than text
            assert idle < text * 0.7, (idle, text)
        else:  # dark ink on light: the idle step's darkest ink is well above black
            image = panel.step_labels["movement"].grab().toImage()
            darkest = min(image.pixelColor(x, y).lightness()
                          for y in range(image.height()) for x in range(image.width()))
            assert darkest > 90, darkest
    finally:
        apply_theme(qapp, "light")
        qapp.setStyle(old_style)


def test_a_refused_plot_says_the_engines_reason(make_window):
    """A Plot the GM cannot play now (here PT-LOC-4: a Location needs a card that permits
    it): the banner gives the engine's reason and clause, not "No rule lets the GM"."""
    from gui.games import GameSource

    class Seeded(GameSource):
        def quick(self, catalog, heroes=3, seed=None):
            return super().quick(catalog, heroes=heroes, seed=1)

    window = make_window(Seeded())
    window.quick_game()
    page = window.table
    page.controller.set_viewer("gm")
    hand = page.controller.view()["zones"]["plot_hand:gm"]["cards"]
    card = next(c for c in hand
                if (c["card"].get("data") or c["card"]).get("kind") == "location")
    assert not page.controller.drag_options(card["id"])
    before = page.controller.game.save()
    page.controller.drop(card["id"], None)
    assert page.controller.game.save() == before
    assert page.banner.clause.startswith("PT-"), page.banner.text()
    assert "no rule lets" not in page.banner.text().lower()
