"""A save keeps working after its pack changes (issue 20, item 2).

A save carries a copy of every card it uses. The old saves named their cards by key only:
renaming a card in the editor (one letter) changed its key, and every save using it was
refused with "not in the loaded packs" although the pack was loaded.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine.catalog import Card
from engine.core.errors import SaveError
from engine.plottwist.game import Game

HERO = "core/vesper-quill"


def packs_with(core_catalog, change) -> dict[str, Any]:
    """The core set as a mapping of key -> Card, changed by `change(cards)`."""
    cards = dict(core_catalog.cards)
    change(cards)
    return cards


def renamed(cards: dict[str, Any]) -> None:
    """The editor renames "Vesper Quill" to "Vesper Quil": the key changes with the name."""
    old = cards.pop(HERO)
    data = dict(old.data, name="Vesper Quil")
    cards["core/vesper-quil"] = Card("core/vesper-quil", "core", "hero", "Vesper Quil", data)


def edited(cards: dict[str, Any], mind: int = 1) -> None:
    """The pack author lowers the Hero's Mind; the key stays."""
    old = cards[HERO]
    data = copy.deepcopy(old.data)
    data["attributes"]["mind"] = mind
    cards[HERO] = Card(HERO, "core", "hero", old.name, data)


@pytest.fixture
def saved(core_catalog) -> tuple[Game, str]:
    game = Game.quick(core_catalog, heroes=3, seed=1)
    assert any(c.key == HERO for c in game.state.characters.values())
    return game, game.save()


def plays(game: Game) -> None:
    for seat in game.state.seats:
        game.view(seat)
        legal = game.legal_actions(seat)
        if legal:
            game.apply(legal[0])
            return
    raise AssertionError("nobody could act")


def test_a_save_opens_after_its_card_is_renamed(saved, core_catalog):
    """PT-UNIQ-1 (a card is its name): the renamed card is another card to the packs; the
    game goes on with the card as it was saved."""
    game, text = saved
    opened = Game.load(text, packs_with(core_catalog, renamed))
    assert opened.cards[HERO].name == "Vesper Quill"
    assert opened.cards[HERO].data == core_catalog.cards[HERO].data
    assert len(opened.load_notes) == 1
    assert "1 card(s) of this game are no longer in the loaded packs (core/vesper-quill)" \
        in opened.load_notes[0]
    plays(opened)


def test_a_save_opens_after_its_pack_is_removed(saved):
    game, text = saved
    opened = Game.load(text, {})
    again = json.loads(opened.save())
    assert set(again["payload"].pop("cards_told")) == set(game.cards)   # told, once
    assert again == json.loads(text)                                    # the same game
    assert f"{len(game.cards)} card(s) of this game are no longer" in opened.load_notes[0]
    plays(opened)


def test_the_saves_copy_is_played_where_the_pack_card_now_differs(saved, core_catalog):
    """PT-ATTR-1: the Hero's Mind is the saved card's 5, not the edited pack's 1."""
    _, text = saved
    opened = Game.load(text, packs_with(core_catalog, edited))
    assert opened.cards[HERO].data["attributes"]["mind"] == 5
    hero = next(c for c in opened.view("table")["characters"] if c["name"] == "Vesper Quill")
    assert hero["card"]["data"]["attributes"]["mind"] == 5
    assert "differ from the loaded packs (core/vesper-quill)" in opened.load_notes[0]


def test_the_players_are_told_once(saved, core_catalog):
    _, text = saved
    changed = packs_with(core_catalog, edited)
    first = Game.load(text, changed)
    assert first.load_notes
    again = Game.load(first.save(), changed)       # the next autosave, opened again
    assert again.load_notes == []
    assert again.cards[HERO].data["attributes"]["mind"] == 5
    # the pack changes once more: that change is news
    later = Game.load(again.save(), packs_with(core_catalog, lambda c: edited(c, mind=2)))
    assert len(later.load_notes) == 1


def test_unchanged_packs_say_nothing_and_play_the_packs_cards(saved, core_catalog):
    _, text = saved
    opened = Game.load(text, core_catalog)
    assert opened.load_notes == []
    assert opened.cards[HERO] is core_catalog.cards[HERO]   # its art and file come along


def test_a_bad_card_copy_in_a_save_is_refused(saved):
    """A save's card copies are held to the card schema, like a pack's cards."""
    _, text = saved
    doc = json.loads(text)
    doc["payload"]["card_data"][HERO] = {"kind": "hero", "name": 7}
    with pytest.raises(SaveError, match=f"the save's copy of card {HERO} is not a valid card"):
        Game.load(json.dumps(doc), {})
