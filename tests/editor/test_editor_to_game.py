"""Issue "Card editor", done when: a new user can make a pack with a Hero, a Detail and a
Twist through the editor alone and play them in a game.

Everything up to the game goes through the widgets a user touches: the pack manager's
New pack button, the editor's kind menu and New card button, the form's fields, the
structured effects editor and Save card. Then the catalog is reloaded with the user's
packs, the New game wizard picks the new cards, and the game plays them.
"""

from __future__ import annotations

import random

import pytest

from engine.catalog import Catalog
from gui.editor.window import CardEditor
from gui.packs.manager import PackManager
from gui.qt import Qt, QtWidgets
from gui.wizard import NewGameWizard
from tests.gui.test_table import _drag

pytest.importorskip("engine.plottwist.game")

PACK = "spark-club"
HERO, DETAIL, TWIST = "Nova Quill", "Spark Surge", "Static Shower"


def pick(combo: QtWidgets.QComboBox, value: object) -> None:
    index = combo.findData(value)
    assert index >= 0, f"{value!r} is not offered"
    combo.setCurrentIndex(index)


def click(qtbot, button: QtWidgets.QAbstractButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def type_into(qtbot, widget: QtWidgets.QWidget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(widget, text)


def new_card(qtbot, editor: CardEditor, kind: str) -> None:
    pick(editor.new_kind, kind)
    click(qtbot, editor.new_button)
    assert editor.form is not None and editor.form.kind == kind


def one_effect(qtbot, editor: CardEditor, trigger: str, op: str, **params: object):
    """Add an effect in the structured editor: its trigger and one operation."""
    form = editor.form
    assert form is not None and form.effects is not None
    # a kind that must have a trigger (a Detail's on_play…) starts with that effect open
    box = next((b for b in form.effects.boxes if b.trigger.value() == trigger), None)
    if box is None:
        click(qtbot, form.effects.add_button)
        box = form.effects.boxes[-1]
        pick(box.trigger, trigger)
    row = box.ops[0]
    pick(row.op, op)
    for name, value in params.items():
        widget = row.params[name]
        if isinstance(widget, QtWidgets.QComboBox):
            pick(widget, value)
        elif hasattr(widget, "number"):           # an amount: a number (or X)
            widget.number.setValue(value)
        else:
            widget.setValue(value)  # type: ignore[attr-defined]
    return box


def save(qtbot, editor: CardEditor) -> None:
    assert editor.errors == [], editor.errors
    assert editor.save_button.isEnabled()
    click(qtbot, editor.save_button)
    assert not editor.dirty


def make_pack_in_the_editor(qtbot, monkeypatch) -> None:
    manager = PackManager()
    qtbot.addWidget(manager)
    manager.show()
    # New pack… asks for the name in a dialog: the user types "Spark Club" and OK
    monkeypatch.setattr(QtWidgets.QInputDialog, "getText",
                        lambda *a, **k: ("Spark Club", True))
    click(qtbot, manager.buttons["new"])
    assert manager.selected() is not None and manager.selected().id == PACK
    click(qtbot, manager.buttons["edit"])
    editor = manager.editors[-1]
    qtbot.waitExposed(editor)

    # a Hero: class Inventor (its colour follows, PT-COLOR-2), an activated advantage
    new_card(qtbot, editor, "hero")
    form = editor.form
    assert form is not None
    type_into(qtbot, form.fields["name"], HERO)
    qtbot.keyClicks(form.fields["persona"], "The Spark")
    pick(form.fields["class"], "Inventor")
    assert form.fields["color"].value() == "Blue"
    form.fields["attributes"].spins["power"].setValue(4)
    form.fields["heroics"].spins["gadgeteer"].setValue(3)
    form.fields["heroics"].spins["fighting"].setValue(2)
    qtbot.keyClicks(form.fields["text"], "Jet Boots: once per Turn, pay 1 Energy: Nova Quill "
                                         "takes flight (Flying).")
    box = one_effect(qtbot, editor, "activated", "status", status="Flying")
    box.cost["energy"].setValue(1)
    pick(box.once, "turn")
    save(qtbot, editor)

    # a Detail only Nova Quill can play, of her colour
    new_card(qtbot, editor, "detail")
    form = editor.form
    assert form is not None
    type_into(qtbot, form.fields["name"], DETAIL)
    pick(form.fields["color"], "Blue")
    qtbot.keyClicks(form.fields["requires"].parts["character"], HERO)
    qtbot.keyClicks(form.fields["text"], "Requires Nova Quill. Gain 3 Energy.")
    one_effect(qtbot, editor, "on_play", "gain", counter="energy", amount=3)
    save(qtbot, editor)

    # a Twist: every Hero gains 2 Energy when it is Revealed
    new_card(qtbot, editor, "twist")
    form = editor.form
    assert form is not None
    type_into(qtbot, form.fields["name"], TWIST)
    pick(form.fields["color"], "Golden")
    qtbot.keyClicks(form.fields["text"], "Reveal: every Hero gains 2 Energy.")
    box = one_effect(qtbot, editor, "on_reveal", "gain", counter="energy", amount=2)
    pick(box.target, "all_heroes")
    save(qtbot, editor)
    editor.close()
    manager.close()


def choose(qtbot, panel, key: str) -> None:
    """Select the card in the wizard panel's list and press Add / Choose."""
    tabs = panel.parentWidget()
    while tabs is not None and not isinstance(tabs, QtWidgets.QTabWidget):
        tabs = tabs.parentWidget()
    if tabs is not None:
        for i in range(tabs.count()):
            if tabs.widget(i).isAncestorOf(panel) or tabs.widget(i) is panel:
                tabs.setCurrentIndex(i)
    item = panel.card_at(key)
    assert item is not None, f"{key} is not offered: {panel.refusal.text()}"
    panel.available.setCurrentItem(item)
    click(qtbot, panel.add_button)
    assert any(c.key == key for c in panel.chosen), panel.refusal.text()


def run_wizard(qtbot, catalog: Catalog):
    w = NewGameWizard(catalog, rng=random.Random(7))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    click(qtbot, w.fill_step_button)                       # 1: the GM's side at random
    click(qtbot, w.next_button)
    assert w.step == 1, w.missing_label.text()
    w.players.setValue(1)
    choose(qtbot, w.hero_panels["p1"], f"{PACK}/nova-quill")
    click(qtbot, w.fill_step_button)
    click(qtbot, w.next_button)
    assert w.step == 2, w.missing_label.text()
    choose(qtbot, w.plot_panels["p1"], f"{PACK}/spark-surge")
    for panel in (w.plot_panels["gm"], w.plot_panels["p1"]):
        panel.fill_random()
    click(qtbot, w.next_button)
    assert w.step == 3, w.missing_label.text()
    click(qtbot, w.fill_step_button)
    click(qtbot, w.next_button)
    assert w.step == 4, w.missing_label.text()
    choose(qtbot, w.twists, f"{PACK}/static-shower")
    click(qtbot, w.fill_step_button)                       # the other 9 Twists at random
    assert len(w.twists.chosen) == 10
    click(qtbot, w.next_button)
    click(qtbot, w.fill_step_button)                       # Events
    click(qtbot, w.next_button)
    click(qtbot, w.next_button)                            # the Belief exchange
    assert w.step == 7
    w.seed.setValue(11)
    click(qtbot, w.next_button)                            # Start the game
    assert w.game is not None, w.problem.text()
    return w.game


def _character(view: dict, name: str) -> dict:
    return next(c for c in view["characters"] if c["name"] == name)


def _names(zone: dict) -> list[str]:
    return [str((c.get("card") or {}).get("name")) for c in zone.get("cards", [])]


def _pass_until(controller, done, limit: int = 200) -> None:
    """Everyone passes (the GM too) until `done()` holds."""
    for _ in range(limit):
        if done():
            return
        assert not controller.view().get("winner"), controller.view().get("result")
        for seat in controller.seats():
            passes = [a for a in controller.game.legal_actions(seat) if a.kind == "pass"]
            if passes:
                assert controller.apply(passes[0])
                break
        else:
            raise AssertionError("no one can pass")
    raise AssertionError("never happened")


def test_a_pack_made_in_the_editor_plays_in_a_game(qtbot, monkeypatch):
    from gui.games import GameSource
    from gui.main_window import MainWindow
    from gui.settings import Settings

    make_pack_in_the_editor(qtbot, monkeypatch)

    catalog = Catalog.load()                     # the bundled packs and the user's
    assert not [e for e in catalog.errors if PACK in e.file], catalog.errors
    for slug in ("nova-quill", "spark-surge", "static-shower"):
        assert f"{PACK}/{slug}" in catalog
    assert catalog[f"{PACK}/spark-surge"].requires == {"character": HERO}

    game = run_wizard(qtbot, catalog)
    window = MainWindow(Settings(animations=False, confirmations=False), catalog=catalog,
                        source=GameSource())
    qtbot.addWidget(window)
    window.show()
    window.start_game(game)
    page = window.table
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("p1"))
    controller = page.controller
    view = controller.view()
    nova = _character(view, HERO)
    assert nova["seat"] == "p1", nova
    assert nova["card"]["key"] == f"{PACK}/nova-quill" and nova["card"]["color"] == "blue"
    assert DETAIL in _names(view["zones"]["plot_hand:p1"])

    # the Detail: PlayDetail comes up among P1's legal actions; playing it gives 3 Energy
    detail = next(c["id"] for c in view["zones"]["plot_hand:p1"]["cards"]
                  if c["card"]["name"] == DETAIL)

    def detail_playable() -> bool:
        return any(a.kind == "play_detail" and a.card == detail for a in controller.legal())

    _pass_until(controller, detail_playable)
    energy = _character(controller.view(), HERO)["counters"]["energy"]
    play = next(a for a in controller.legal() if a.kind == "play_detail" and a.card == detail)
    # as at the table: the Detail is dragged from the hand onto the Hero it is played on
    where = sorted(page.controller.drop_targets(detail))
    assert where == [play.target or play.actor], where
    _drag(qtbot, window, page.scene.cards[detail], page.scene.clusters[where[0]])
    view = controller.view()
    assert _character(view, HERO)["counters"]["energy"] == energy + 3
    assert DETAIL not in _names(view["zones"]["plot_hand:p1"])
    assert any(DETAIL in line for line in view["log"])

    # the Hero's advantage: an activated effect P1 can use, paying 1 Energy to fly
    nova = _character(view, HERO)
    gear = {eq["id"] for eq in nova.get("equipment", [])}
    use = next((a for a in controller.legal() if a.kind == "activate"
                and a.actor == nova["id"] and a.card not in gear), None)
    assert use is not None, [a.label for a in controller.legal()]
    assert "Flying" not in nova["statuses"]
    assert controller.apply(use)
    after = _character(controller.view(), HERO)
    assert after["counters"]["energy"] == nova["counters"]["energy"] - 1
    assert "Flying" in after["statuses"]
    assert not any(a.kind == "activate" and a.card == use.card for a in controller.legal()), \
        "once per Turn"

    # the Twist: Turns go by until it is Revealed; every Hero gains 2 Energy then
    before: list[int] = []

    def revealed() -> bool:
        names = _names(controller.view()["zones"]["twists_revealed"])
        if TWIST not in names:
            before[:] = [_character(controller.view(), HERO)["counters"]["energy"]]
        return TWIST in names

    _pass_until(controller, revealed)
    view = controller.view()
    at = view["log"].index(f"Twist! revealed: {TWIST}")
    assert view["log"][at + 1] == f"{HERO} gains 2 energy"     # its on_reveal effect
    assert _character(view, HERO)["counters"]["energy"] >= before[0] + 2
