"""The card editor: make a Hero through the form, see errors on the right field, save,
drafts, undo, art, and the unsaved-changes prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.catalog import Catalog, bundled_packs_root
from gui.editor.card_form import CardForm
from gui.editor.window import CardEditor
from gui.qt import Qt, QtGui, QtWidgets
from gui.table.card_item import CardItem
from tests.editor.conftest import give_text

Button = QtWidgets.QMessageBox.StandardButton


def pick(combo: QtWidgets.QComboBox, value: object) -> None:
    index = combo.findData(value)
    assert index >= 0, f"{value!r} is not offered"
    combo.setCurrentIndex(index)


def retype(qtbot, widget: QtWidgets.QWidget, text: str) -> None:
    widget.setFocus()
    if isinstance(widget, QtWidgets.QLineEdit):
        widget.selectAll()
    else:
        widget.selectAll()
    qtbot.keyClicks(widget, text)


def visible_errors(form: CardForm) -> dict[str, str]:
    return {key: label.text() for key, label in form.error_labels().items()
            if not label.isHidden()}


def test_make_a_hero_through_the_form(qtbot, editor, user_pack):
    form = editor.form
    assert form.kind == "hero"
    # exactly the fields the schema gives a hero
    assert set(form.fields) == {"name", "persona", "color", "class", "attributes", "heroics",
                                "skills", "keywords", "text", "flavor", "effects", "image"}
    retype(qtbot, form.fields["name"], "Nova Quill")
    qtbot.keyClicks(form.fields["persona"], "The Spark")
    pick(form.fields["class"], "Inventor")
    assert form.fields["color"].value() == "Blue", "the class picks its colour"
    form.fields["attributes"].spins["mind"].setValue(5)
    form.fields["heroics"].spins["gadgeteer"].setValue(3)
    form.fields["skills"].spins["apologist"].setValue(1)
    form.fields["keywords"].boxes["Overcharged"].setChecked(True)
    qtbot.keyClicks(form.fields["text"], "Spark Gap: once per Turn, pay 1 Energy: +1 coin "
                                         "to your Attack rolls this Combat.")

    qtbot.mouseClick(form.effects.add_button, Qt.MouseButton.LeftButton)
    box = form.effects.boxes[0]
    pick(box.trigger, "activated")
    box.cost["energy"].setValue(1)
    pick(box.once, "turn")
    pick(box.duration, "this_combat")
    op = box.ops[0]
    pick(op.op, "pool")
    pick(op.params["roll"], "attack")
    op.params["coins"].setValue(1)

    assert editor.errors == []
    assert "Ready" in editor.status.text()
    assert editor.save_button.isEnabled()
    data = form.data()
    assert data["effects"] == [{"trigger": "activated", "cost": {"energy": 1},
                                "duration": "this_combat", "once": "turn",
                                "ops": [{"op": "pool", "roll": "attack", "coins": 1}]}]
    # the preview is the table's own card item, showing the form's current card
    assert isinstance(editor.preview.item, CardItem)
    assert editor.preview.item.face == data
    assert "Nova Quill - The Spark" in editor.preview.item.accessible_name
    assert not editor.preview.grab().isNull()

    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    assert not editor.dirty
    assert (user_pack / "heroes.json").is_file()
    card = Catalog.load().get("table-talk/nova-quill")
    assert card is not None, "the saved Hero loads through Catalog.load()"
    assert card.kind == "hero" and card.card_class == "Inventor" and card.color == "Blue"
    assert card.effects == data["effects"]
    assert card.heroics == {"gadgeteer": 3}


def test_validation_names_the_field(qtbot, editor):
    form = editor.form
    retype(qtbot, form.fields["name"], " ")
    errors = visible_errors(form)
    assert list(errors) == ["name"]
    assert "pattern" in errors["name"] or "empty" in errors["name"]
    assert form.fields["name"].property("ptError") is True
    assert not editor.save_button.isEnabled()
    assert "1 problem" in editor.status.text()

    retype(qtbot, form.fields["name"], "Hope")
    assert visible_errors(form) == {}
    assert form.fields["name"].property("ptError") is False

    pick(form.fields["class"], "Tank")
    pick(form.fields["color"], "White")
    errors = visible_errors(form)
    assert list(errors) == ["class"]
    assert "class Tank belongs to colour Red" in errors["class"]
    assert form.fields["class"].property("ptError") is True
    assert form.fields["color"].property("ptError") is not True


def test_effect_errors_land_on_the_effect(qtbot, editor):
    form = editor.form
    qtbot.mouseClick(form.effects.add_button, Qt.MouseButton.LeftButton)
    box = form.effects.boxes[0]
    pick(box.ops[0].op, "pool")  # coins start at 0, which the schema refuses
    errors = visible_errors(form)
    assert list(errors) == ["effects[0]"]
    assert errors["effects[0]"] == "operation 1 › coins: must not be 0"
    assert box.ops[0].params["coins"].property("ptError") is True
    box.ops[0].params["coins"].setValue(2)
    assert visible_errors(form) == {}


def test_a_card_with_errors_is_saved_only_as_a_draft(qtbot, editor, user_pack):
    retype(qtbot, editor.form.fields["name"], "Unfinished")
    pick(editor.form.fields["class"], "Tank")
    pick(editor.form.fields["color"], "Green")
    assert not editor.save_button.isEnabled()
    assert editor.save() is False
    qtbot.mouseClick(editor.draft_button, Qt.MouseButton.LeftButton)
    assert (user_pack / "drafts" / "unfinished.json").is_file()
    assert not (user_pack / "heroes.json").exists()
    catalog = Catalog.load()
    assert "table-talk/unfinished" not in catalog
    assert not [e for e in catalog.errors if "table-talk" in e.file]
    # fixing it and saving moves it out of the drafts
    pick(editor.form.fields["color"], "Red")
    assert editor.save()
    assert not (user_pack / "drafts" / "unfinished.json").exists()
    assert "table-talk/unfinished" in Catalog.load()


def test_undo_and_redo_walk_whole_edits(qtbot, editor):
    name = editor.form.fields["name"]
    retype(qtbot, name, "Zed")
    editor.form.fields["attributes"].spins["body"].setValue(6)
    assert editor.stack.count() == 2, "typing a name is one undo step"
    editor.stack.undo()
    assert editor.form.data()["attributes"]["body"] == 3
    editor.stack.undo()
    assert editor.form.fields["name"].text() == "New hero"
    editor.stack.redo()
    editor.stack.redo()
    assert editor.form.data()["name"] == "Zed"
    assert editor.form.data()["attributes"]["body"] == 6
    assert editor.preview.item.face["name"] == "Zed"


def test_close_asks_about_unsaved_changes(qtbot, editor, monkeypatch, user_pack):
    retype(qtbot, editor.form.fields["name"], "Keep Me")
    answers = iter([Button.Cancel, Button.Save])
    monkeypatch.setattr(CardEditor, "ask_unsaved", lambda self: next(answers))
    assert not editor.close()
    assert editor.isVisible()
    assert editor.close()
    assert "table-talk/keep-me" in Catalog.load()


def test_bundled_pack_is_read_only(qtbot):
    window = CardEditor(bundled_packs_root() / "core", read_only=True)
    qtbot.addWidget(window)
    assert not window.save_button.isEnabled()
    assert not window.draft_button.isEnabled()
    assert not window.form.isEnabled()
    assert window.save() is False
    assert window.close()


def test_art_is_checked_scaled_and_stored(qtbot, editor, user_pack, tmp_path):
    big = QtGui.QImage(1500, 2100, QtGui.QImage.Format.Format_RGB32)
    big.fill(QtGui.QColor("#336699"))
    source = tmp_path / "portrait.jpeg"
    assert big.save(str(source), "JPEG")
    field = editor.form.fields["image"]
    assert field.use_file(source)
    ref = editor.form.data()["image"]
    assert ref.startswith("images/") and ref.endswith(".jpg")
    stored = QtGui.QImage(str(user_pack / ref))
    assert stored.width() <= 750 and stored.height() <= 1050
    assert editor.errors == []

    fake = tmp_path / "fake.png"
    fake.write_text("not a picture")
    assert not field.use_file(fake)
    assert "not a PNG or JPEG" in field.note.text()
    assert editor.form.data()["image"] == ref


CORE = [card for card in Catalog.load(include_user=False) if card.pack == "core"]


@pytest.mark.parametrize("kind", sorted({card.kind for card in CORE}))
def test_every_core_card_survives_the_form(qapp, kind):
    form = CardForm(kind, folder=Path(bundled_packs_root() / "core"))
    for card in (c for c in CORE if c.kind == kind):
        form.set_data(card.data)
        assert form.data() == card.data, card.name


def test_problem_list_points_at_the_field(qtbot, editor):
    qtbot.mouseClick(editor.form.effects.add_button, Qt.MouseButton.LeftButton)
    op = editor.form.effects.boxes[0].ops[0]
    pick(op.op, "armor")  # amount 0 is refused
    texts = [editor.problems.item(i).text() for i in range(editor.problems.count())]
    assert texts == ["Effect 1 › operation 1 › amount: must not be 0"]
    assert editor.form.focus_field("effects[0].ops[0].amount") is op.params["amount"]
    editor._go_to_problem(editor.problems.item(0))


def test_a_new_objective_starts_with_the_effects_it_must_have(qtbot, editor):
    editor.new_card("objective")
    assert "text" in dict(editor.errors)  # a new card's rules text is still to write
    give_text(editor)
    triggers = [box.trigger.value() for box in editor.form.effects.boxes]
    assert triggers == ["on_reveal", "threat"]
    assert editor.form.data()["color"] == "Golden"
    # nothing is chosen for the user: the form asks
    assert dict(editor.errors) == {"effects[0].ops[0].op": "choose what happens",
                                   "effects[1].condition": "choose a condition"}
    box = editor.form.effects.boxes[1]
    pick(box.condition.key, "bystanders_killed_at_least")
    box.condition.value_widget.setValue(3)
    pick(editor.form.effects.boxes[0].ops[0].op, "reveal_objective")
    assert editor.errors == []
    assert editor.form.data()["effects"][1] == {
        "trigger": "threat", "condition": {"bystanders_killed_at_least": 3}}


def test_missing_art_is_an_error_on_the_art_field(qtbot, editor, user_pack):
    data = editor.form.data()
    data["image"] = "images/gone.png"
    editor.apply_snapshot(data)
    assert dict(editor.errors) == {"image": "image file 'images/gone.png' not found in the pack"}
    assert not editor.form.error_labels()["image"].isHidden()


def test_once_is_offered_on_triggered_effects_and_details_may_repeat(qapp):
    """docs/effects.md `once` and Details' `activated`: the effects editor offers "Once
    per" on a Start of Turn effect and keeps it; a Detail may have an activated effect."""
    from gui.editor.effects_editor import EffectBox

    box = EffectBox("location")
    seed = {"trigger": "start_of_turn", "once": "conflict", "target": "all_heroes",
            "ops": [{"op": "gain", "counter": "belief", "amount": 1}]}
    box.set_value(seed)
    assert box.form.isRowVisible(box.once)
    assert box.value() == seed
    detail = EffectBox("detail")
    assert "activated" in [detail.trigger.itemData(i) for i in range(detail.trigger.count())]


def test_choose_one_and_card_rolls_in_the_effects_editor(qapp):
    """docs/effects.md `choose` and `roll`: the effects editor shows each choice's label
    and ops, and a roll's kind, pools and Win / Loss ops, and gives back the same JSON; a
    new choose op starts with two empty choices, and inner ops offer no choose or roll."""
    from gui.editor.effects_editor import EffectBox, OpRow

    seed = {"trigger": "on_play", "target": "chosen_villain", "ops": [
        {"op": "choose", "options": [
            {"label": "Draw 1", "ops": [{"op": "draw", "amount": 1}]},
            {"label": "Gain 2 Energy", "ops": [{"op": "gain", "counter": "energy",
                                                "amount": 2}]}]},
        {"op": "roll", "roll": {"kind": "opposing", "attribute": "charm", "ability": "offend",
                                "against_attribute": "charm", "against_ability": "rebutt"},
         "win": {"ops": [{"op": "status", "status": "Stunned"}]},
         "loss": {"target": "self", "ops": [{"op": "lose", "counter": "energy",
                                             "amount": 1}]}}]}
    box = EffectBox("detail")
    box.set_value(seed)
    assert box.value() == seed
    paths = box.widget_map("effects[0]")
    assert "effects[0].ops[0].options[1].ops[0].amount" in paths
    assert "effects[0].ops[1].win.ops[0].status" in paths
    row = OpRow()
    row.op.set_value("choose")
    row._op_changed()
    assert len(row.value()["options"]) == 2
    inner = OpRow(inner=True)
    names = [inner.op.itemData(i) for i in range(inner.op.count())]
    assert "choose" not in names and "roll" not in names and "draw" in names


def test_amounts_may_be_x_in_the_effects_editor(qapp):
    """docs/effects.md *Variable amounts*: an amount is a number or X (the roll's Margin,
    your Power, ...) with an optional plus; the editor keeps either."""
    from gui.editor.effects_editor import OpRow

    for amount in (3, {"x": "margin"}, {"x": "heroes_in_play", "plus": 1}):
        row = OpRow()
        op = {"op": "gain", "counter": "energy", "amount": amount}
        row.set_value(op)
        assert row.value() == op


def test_reactions_are_offered_by_kind(qapp):
    """docs/effects.md reactions: Equipment is offered "when this character is hit"; a
    Location the table reactions but not the personal ones."""
    from gui.editor.effects_editor import EffectBox

    def offered(kind: str) -> list[str]:
        box = EffectBox(kind)
        return [box.trigger.itemData(i) for i in range(box.trigger.count())]

    assert "on_hit_taken" in offered("equipment")
    assert "on_bystander_killed" in offered("location")
    assert "on_hit_taken" not in offered("location")


def test_a_new_hero_with_blank_text_is_not_called_valid(editor):
    editor.new_card("hero")
    assert editor.form is not None
    assert any(path == "text" for path, _message in editor.errors), editor.errors
    assert "is valid" not in editor.status.text()
    assert not editor.save_button.isEnabled()
