"""The New game wizard: picking through the eight setup steps (PT-SETUP-1..8)."""

from __future__ import annotations

import random

import pytest

from gui.qt import Qt, QtWidgets
from gui.wizard import NewGameWizard


@pytest.fixture
def wizard(qtbot, catalog):
    w = NewGameWizard(catalog, rng=random.Random(5))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def show_tab(panel):
    """Bring the tab holding `panel` to the front, as a GM clicking the tab would."""
    child, parent = panel, panel.parentWidget()
    while parent is not None:
        if isinstance(parent, QtWidgets.QTabWidget):
            parent.setCurrentWidget(child)
            return
        if isinstance(parent, QtWidgets.QStackedWidget) and isinstance(
                parent.parentWidget(), QtWidgets.QTabWidget):
            parent.parentWidget().setCurrentWidget(child)
            return
        child, parent = parent, parent.parentWidget()


def choose(qtbot, panel, name):
    """Select `name` in the panel's list and press Add/Choose, as a GM would."""
    show_tab(panel)
    item = panel.card_at(name)
    assert item is not None, name
    panel.available.setCurrentItem(item)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)


def click(qtbot, button):
    panel = button.parentWidget()
    if panel is not None and panel.objectName() == "pickPanel":
        show_tab(panel)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def step1(qtbot, w):
    choose(qtbot, w.villain, "Grist")
    choose(qtbot, w.mooks, "Furnace Hands")
    choose(qtbot, w.location, w.location.pool[0].name)
    click(qtbot, w.objective.random_button)          # only Grist's own Objective is legal
    assert w.objective.value().name == "Feed the Furnace"


def test_pt_setup_builds_a_legal_game_through_every_step(qtbot, wizard):
    w = wizard
    assert not w.next_button.isEnabled()
    step1(qtbot, w)
    click(qtbot, w.villain_equipment.random_button)
    assert w.next_button.isEnabled()
    click(qtbot, w.next_button)
    assert w.step == 1
    w.players.setValue(2)
    assert "P1's Hero" in w.next_button.toolTip()
    choose(qtbot, w.hero_panels["p1"], "Vesper Quill")
    choose(qtbot, w.hero_equipment["p1"], "Thoughtspike Circlet")
    assert not w.next_button.isEnabled()
    click(qtbot, w.hero_panels["p2"].random_button)
    assert w.hero_panels["p2"].value().name != "Vesper Quill"        # PT-UNIQ-3
    choose(qtbot, w.hero_panels["p2"], "Brannoch Stone")             # the GM changes it
    click(qtbot, w.next_button)
    assert w.step == 2
    # step 3: the GM's hand by hand, the Players' at random
    gm = w.plot_panels["gm"]
    for card in [c for c in gm.pool if gm.check(gm.chosen, c) is None][:5]:
        choose(qtbot, gm, card.key)
    assert len(gm.chosen) == 5
    assert not w.next_button.isEnabled()
    for seat in ("p1", "p2"):
        click(qtbot, w.plot_panels[seat].random_button)
    click(qtbot, w.next_button)
    assert w.step == 3
    for _ in range(10):
        choose(qtbot, w.deck_panels["p1"], "Close the Gap")      # copies allowed in a deck
    for seat in ("gm", "p2"):
        click(qtbot, w.deck_panels[seat].random_button)
    click(qtbot, w.next_button)
    click(qtbot, w.twists.random_button)
    click(qtbot, w.next_button)
    click(qtbot, w.events.random_button)
    click(qtbot, w.next_button)
    assert w.step == 6
    text = w.exchange.text()
    assert "Vesper Quill" in text and "Grist" in text and "+2" in text
    click(qtbot, w.next_button)
    assert w.step == 7 and w.next_button.text() == "Start the game"
    assert "face-down" in w.summary.text() and "Feed the Furnace" not in w.summary.text()
    w.seed.setValue(42)
    click(qtbot, w.next_button)
    assert w.game is not None and w.result() == NewGameWizard.DialogCode.Accepted
    chars = w.game.view("gm")["characters"]
    names = {c["name"] for c in chars}
    assert {"Grist", "Vesper Quill", "Brannoch Stone"} <= names
    assert w.setup.seed == 42
    vesper = next(c for c in chars if c["name"] == "Vesper Quill")
    assert vesper["seat"] == "p1"


def to_step(qtbot, w, step):
    step1(qtbot, w)
    click(qtbot, w.next_button)
    choose(qtbot, w.hero_panels["p1"], "Vesper Quill")
    if step > 2:
        click(qtbot, w.next_button)


def test_pt_plot_1_second_copy_refused_in_place(qtbot, wizard):
    to_step(qtbot, wizard, 3)
    hand = wizard.plot_panels["p1"]
    choose(qtbot, hand, "Deep Breath")
    choose(qtbot, hand, "Deep Breath")
    assert [c.name for c in hand.chosen] == ["Deep Breath"]
    assert "PT-PLOT-1" in hand.refusal.text() and hand.refusal.isVisible()


def test_pt_setup_3_sixth_plot_card_refused(qtbot, wizard):
    to_step(qtbot, wizard, 3)
    hand = wizard.plot_panels["p1"]
    click(qtbot, hand.random_button)
    assert len(hand.chosen) == 5
    spare = next(c for c in hand.pool if all(c is not h for h in hand.chosen)
                 and c.kind == "bystander")
    choose(qtbot, hand, spare.key)
    assert len(hand.chosen) == 5
    assert "PT-SETUP-3" in hand.refusal.text()


def test_pt_color_4_wrong_colour_refused_in_place(qtbot, wizard):
    to_step(qtbot, wizard, 2)
    eq = wizard.hero_equipment["p1"]
    choose(qtbot, eq, "Breaker Maul")                 # Red; Vesper Quill is White
    assert eq.chosen == []
    assert "PT-COLOR-4" in eq.refusal.text() and "Red" in eq.refusal.text()
    wizard.go(3)
    deck = wizard.deck_panels["p1"]
    choose(qtbot, deck, "Shoulder Charge")
    assert deck.chosen == [] and "PT-COLOR-4" in deck.refusal.text()


def test_next_disabled_until_step_complete(qtbot, wizard):
    w = wizard
    assert not w.next_button.isEnabled()
    assert "Main Villain" in w.next_button.toolTip()
    assert "Main Villain" in w.missing_label.text()
    choose(qtbot, w.villain, "Grist")
    assert not w.next_button.isEnabled() and "Main Villain" not in w.next_button.toolTip()
    choose(qtbot, w.location, w.location.pool[0].name)
    click(qtbot, w.objective.random_button)
    assert w.next_button.isEnabled() and w.next_button.toolTip() == ""
    click(qtbot, w.next_button)
    click(qtbot, w.next_button)                        # nothing happens: no Hero yet
    assert w.step == 1


def test_filters_narrow_the_list(qtbot, wizard):
    to_step(qtbot, wizard, 3)
    wizard.go(3)
    deck = wizard.deck_panels["p1"]
    everything = deck.available.count()
    deck.color_filter.setCurrentIndex(deck.color_filter.findData("White"))
    whites = [deck.available.item(i).data(Qt.ItemDataRole.UserRole)
              for i in range(deck.available.count())]
    assert whites and all(c.color == "White" for c in whites)
    deck.color_filter.setCurrentIndex(0)
    qtbot.keyClicks(deck.search, "gap")
    assert 0 < deck.available.count() < everything


def test_changing_the_villain_drops_what_no_longer_fits(qtbot, wizard):
    w = wizard
    step1(qtbot, w)
    w.gm_tabs.setCurrentWidget(w.villain)
    choose(qtbot, w.villain, "Magistra Vell")
    w.go(0)
    assert w.objective.value() is None
    assert "PT-COLOR-4" in w.objective.refusal.text()


def test_deal_the_whole_table_uses_the_quick_deal_then_starts(qtbot, wizard):
    w = wizard
    w.players.setValue(3)
    click(qtbot, w.deal_button)
    assert all(not w.missing(s) for s in range(6))
    for step in range(1, 8):                          # every step still accepts the deal
        click(qtbot, w.next_button)
        assert w.step == step
    click(qtbot, w.next_button)
    assert w.game is not None
    heroes = [c for c in w.game.view("gm")["characters"] if c.get("side") == "heroes"]
    assert len(heroes) == 3


def test_a_groups_own_pack_is_offered_and_the_uniqueness_rule_spans_packs(qtbot, tmp_path,
                                                                         catalog):
    import json

    from engine.catalog import Catalog

    pack = tmp_path / "ours"
    pack.mkdir()
    (pack / "pack.json").write_text(json.dumps({"id": "ours", "name": "Our Cards",
                                                "version": "1.0.0"}))
    vesper = dict(catalog["core/vesper-quill"].data)
    wren = {**vesper, "name": "Sable Wren", "persona": "Night Owl"}
    twin = {**vesper, "persona": "Another Take"}          # a copy: same name (PT-UNIQ-2)
    (pack / "heroes.json").write_text(json.dumps({"cards": [wren, twin]}))
    ours = Catalog.load(extra_paths=[pack], include_user=False)
    assert "ours/sable-wren" in ours
    w = NewGameWizard(ours, rng=random.Random(1))
    qtbot.addWidget(w)
    w.show()
    step1(qtbot, w)
    click(qtbot, w.next_button)
    w.players.setValue(2)
    item = w.hero_panels["p1"].card_at("ours/sable-wren")
    assert item is not None and "pack: ours" in item.text()
    choose(qtbot, w.hero_panels["p1"], "ours/sable-wren")
    choose(qtbot, w.hero_panels["p2"], "core/vesper-quill")
    choose(qtbot, w.hero_panels["p1"], "ours/vesper-quill")
    assert w.hero_panels["p1"].value().name == "Sable Wren"
    assert "PT-UNIQ-3" in w.hero_panels["p1"].refusal.text()


def test_run_new_game_wizard_returns_none_when_cancelled(qtbot, catalog):
    from gui.qt import QtCore
    from gui.wizard import run_new_game_wizard

    def cancel():
        dialog = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameWizard)
        dialog.reject()

    QtCore.QTimer.singleShot(0, cancel)
    assert run_new_game_wizard(catalog) is None


def test_run_new_game_wizard_returns_the_game(qtbot, catalog):
    from gui.qt import QtCore
    from gui.wizard import run_new_game_wizard

    def finish():
        dialog = QtWidgets.QApplication.activeModalWidget()
        dialog.deal_all()
        dialog.go(7)
        dialog.next()

    QtCore.QTimer.singleShot(0, finish)
    game = run_new_game_wizard(catalog)
    assert game is not None and game.view("gm")["characters"]


def test_fill_the_rest_of_a_step_keeps_what_was_picked(qtbot, wizard):
    w = wizard
    choose(qtbot, w.villain, "Mother Cinder")
    click(qtbot, w.fill_step_button)
    assert w.villain.value().name == "Mother Cinder"
    assert w.objective.value().name == "Night of Embers"       # hers (PT-COLOR-4)
    assert w.next_button.isEnabled()
    click(qtbot, w.next_button)
    assert not w.deal_button.isVisible() and w.fill_step_button.isVisible()
    w.players.setValue(4)
    choose(qtbot, w.hero_panels["p3"], "Juniper Vale")
    click(qtbot, w.fill_step_button)
    assert w.hero_panels["p3"].value().name == "Juniper Vale"
    assert len({w.hero_panels[s].value().name for s in ("p1", "p2", "p3", "p4")}) == 4
    assert w.next_button.isEnabled()


def test_pt_setup_3_the_gms_hand_at_random_fits_feed_the_furnace(qtbot, wizard):
    """PT-SETUP-3, PT-LOC-3: Fill at random deals the GM of Feed the Furnace (3 Bystanders
    Killed) a hand with 3 Bystanders, as the Quick game does, around his own pick."""
    w = wizard
    to_step(qtbot, w, 3)
    assert w.step == 2
    gm = w.plot_panels["gm"]
    choose(qtbot, gm, "Ember Chapel")
    click(qtbot, gm.random_button)
    names = [c.name for c in gm.chosen]
    assert len(names) == 5 and names[0] == "Ember Chapel"
    assert sum(c.kind == "bystander" for c in gm.chosen) >= 3, names
