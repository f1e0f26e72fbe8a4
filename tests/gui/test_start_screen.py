"""The app starts: a titled window showing the loaded packs, counts by kind, errors."""

from __future__ import annotations

import json
import re

import pytest

from engine.catalog import Catalog
from gui.main_window import MainWindow
from gui.saves import latest_autosave, write_autosave
from gui.settings import Settings


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load(include_user=False)


@pytest.fixture
def window(qtbot):
    w = MainWindow(Settings())
    qtbot.addWidget(w)
    w.show()
    return w


def test_window_is_titled_and_shows_core_counts(window, qtbot):
    assert window.windowTitle() == "Plot Twist Table"
    window.load_catalog()
    from gui.packs_summary import KIND_LABEL

    html = window.start.packs_label.text()
    text = " ".join(re.sub(r"<[^>]+>|&nbsp;", " ", html).split())
    core = next(p for p in window.catalog.packs if p.id == "core")
    assert core.name in text
    for kind in ("hero", "villain", "combat"):
        assert f"{core.counts[kind]} {KIND_LABEL[kind]}" in text
    assert "No pack errors" in text


def test_start_buttons_exist(window, qtbot):
    for key in ("new", "continue", "open", "quick", "packs", "settings", "quit"):
        assert window.start.buttons[key].isVisible()
    cont = window.start.buttons["continue"]
    assert not cont.isEnabled()
    # the autosave folder is read once the first frame is up
    qtbot.waitUntil(lambda: "No game to continue" in cont.toolTip())


def test_continue_describes_latest_autosave(qtbot):
    info = write_autosave("{}", {"turn": 4, "characters": [
        {"side": "heroes", "name": "Vesper Quill"},
        {"side": "villains", "name": "Magistra Vell"}]})
    assert latest_autosave().path == info.path
    w = MainWindow(Settings())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(w.start.buttons["continue"].isEnabled)
    row = w.start.games_list.item(0).text()
    assert "Turn 4" in row
    assert "Vesper Quill" in row
    assert "Magistra Vell" not in row     # no Villain role in this view: none named


def test_pack_errors_are_listed(qtbot, tmp_path, catalog):
    from gui.packs_summary import packs_html

    bad = Catalog.load(include_user=False)
    from engine.catalog import PackError

    bad.errors.append(PackError("core/heroes.json", "Hope", "attributes.body", "must be 1-6"))
    html = packs_html(bad)
    assert 'core/heroes.json: card "Hope": field "attributes.body"' in html.replace("&quot;", '"')


def test_settings_round_trip():
    s = Settings(theme="dark", card_size="large", animations=False, confirmations=False)
    s.save()
    assert Settings.load() == s
    assert json.loads(Settings.path().read_text())["theme"] == "dark"


def test_broken_settings_fall_back(tmp_path):
    Settings.path().write_text("{not json")
    assert Settings.load() == Settings()
    Settings.path().write_text(json.dumps({"theme": "purple", "animations": "yes"}))
    assert Settings.load() == Settings()


def test_packs_dialog_lists_counts(qtbot, catalog):
    from gui.dialogs.packs import PacksDialog

    dialog = PacksDialog(catalog)
    qtbot.addWidget(dialog)
    top = dialog.tree.topLevelItem(0)
    core = next(p for p in catalog.packs if p.id == "core")
    assert core.name in top.text(0)
    assert top.text(1) == str(sum(core.counts.values()))
    kids = {top.child(i).text(0): top.child(i).text(1) for i in range(top.childCount())}
    assert kids["Heroes"] == str(core.counts["hero"])


def test_reload_packs(window):
    window.load_catalog()
    first = window.catalog
    window.reload_catalog()
    assert window.catalog is not first
    assert "Core" in window.start.packs_label.text()


def test_packs_load_in_the_background(qtbot):
    w = MainWindow(Settings())
    qtbot.addWidget(w)
    w.load_catalog_async()
    qtbot.waitUntil(lambda: w.catalog is not None, timeout=20000)
    assert "Core" in w.start.packs_label.text()


def test_a_click_waits_for_the_background_load(qtbot):
    w = MainWindow(Settings())
    qtbot.addWidget(w)
    w.load_catalog_async()
    w.load_catalog()            # what Quick game / Card packs do first
    assert w.catalog is not None
    qtbot.wait(50)               # the queued "done" arrives later and changes nothing
    assert w.catalog is not None
