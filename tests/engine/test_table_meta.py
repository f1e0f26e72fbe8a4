"""The table's own facts about a game (Game.table_meta: which seats the computer plays)
ride in the save untouched. They are no rule of the game (no PT clause): the same seed
plays the same game with or without them, and a save whose table facts are damaged still
opens, without them."""

from __future__ import annotations

import json

from engine.plottwist.game import Game


def test_table_meta_survives_save_and_load_and_a_copy(core_set):
    game = Game.quick(core_set, heroes=2, seed=5)
    plain = game.save()
    game.table_meta["computer"] = {"gm": "hard", "p2": "easy"}
    loaded = Game.load(game.save(), core_set)
    assert loaded.table_meta == {"computer": {"gm": "hard", "p2": "easy"}}
    assert game.copy().table_meta == game.table_meta
    # nothing of the rules changed: the same position, with or without the table's facts
    assert json.loads(loaded.save())["payload"]["state"] == json.loads(plain)["payload"]["state"]
    assert "table_meta" not in json.loads(Game.load(plain, core_set).save())["payload"]


def test_a_save_without_plain_table_meta_opens_without_it(core_set):
    game = Game.quick(core_set, heroes=1, seed=2)
    doc = json.loads(game.save())
    doc["payload"]["table_meta"] = ["not", "a", "mapping"]
    loaded = Game.load(json.dumps(doc), core_set)
    assert loaded.table_meta == {}
    assert loaded.state.seats == game.state.seats
