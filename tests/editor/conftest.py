"""Shared helpers for the card editor and pack manager tests."""

from __future__ import annotations

import pytest

from engine import paths
from engine.pack_writer import create_pack
from gui.editor.window import CardEditor
from gui.qt import QtWidgets


@pytest.fixture(autouse=True)
def _never_ask(monkeypatch):
    # a modal "unsaved changes?" box would hang a headless run; tests that care answer
    # it themselves by patching again
    monkeypatch.setattr(CardEditor, "ask_unsaved",
                        lambda self: QtWidgets.QMessageBox.StandardButton.Discard)


@pytest.fixture
def user_pack():
    """An empty user pack in the test's private packs folder."""
    return create_pack(paths.packs_dir(), "Table Talk", author="Tests")


@pytest.fixture
def editor(qtbot, user_pack):
    window = CardEditor(user_pack)
    qtbot.addWidget(window)
    window.show()
    give_text(window)
    return window


def give_text(window: CardEditor, text: str = "A test card.") -> None:
    """Fill the rules text a new card starts without (blank, it is a problem of its own)."""
    assert window.form is not None
    data = window.form.data()
    data["text"] = text
    window.apply_snapshot(data)
