"""The card editor applies the loader's name rules: hidden characters are refused, two
names in other scripts are two cards (their keys keep every letter)."""

from __future__ import annotations

import json

from engine import paths
from engine.catalog import Catalog
from engine.pack_writer import PackDocument
from gui.editor.window import card_errors
from gui.packs.manager import load_catalog

from ..catalog.conftest import detail, hero


def test_editor_refuses_hidden_characters_and_allows_two_japanese_names(user_pack):
    doc = PackDocument.open(user_pack)
    doc.save_card(detail("光の剣"))
    doc = PackDocument.open(user_pack)
    assert card_errors(detail("闇の盾"), doc, None) == []
    assert card_errors(detail("光の剣"), doc, None)[0][0] == "name"
    (problem,) = card_errors(detail("Sword\u202e"), doc, None)
    assert problem[0] == "name" and "U+202E" in problem[1]


def test_pack_manager_listing_refuses_the_same_look_alikes():
    """The pack manager loads the bundled packs once and the user's on top: the look-alike
    rule holds across the two, as in the game's catalog."""
    core = Catalog.load(include_user=False)
    name = core.by_kind("hero")[0].name
    fake = name.replace("e", "е").replace("o", "о").replace("a", "а")
    folder = paths.packs_dir() / "fakes"
    folder.mkdir()
    (folder / "pack.json").write_text(json.dumps({"id": "fakes", "name": "F", "version": "1"}))
    (folder / "heroes.json").write_text(json.dumps({"cards": [hero(fake), hero("Zed")]}))
    listed, game = load_catalog(), Catalog.load()
    assert list(listed.cards) == list(game.cards) and "fakes/zed" in listed
    assert [str(e) for e in listed.errors] == [str(e) for e in game.errors] != []
