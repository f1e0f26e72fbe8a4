"""The card editor applies the loader's name rules: hidden characters are refused, two
names in other scripts are two cards (their keys keep every letter)."""

from __future__ import annotations

from engine.pack_writer import PackDocument
from gui.editor.window import card_errors

from ..catalog.conftest import detail


def test_editor_refuses_hidden_characters_and_allows_two_japanese_names(user_pack):
    doc = PackDocument.open(user_pack)
    doc.save_card(detail("光の剣"))
    doc = PackDocument.open(user_pack)
    assert card_errors(detail("闇の盾"), doc, None) == []
    assert card_errors(detail("光の剣"), doc, None)[0][0] == "name"
    (problem,) = card_errors(detail("Sword\u202e"), doc, None)
    assert problem[0] == "name" and "U+202E" in problem[1]
