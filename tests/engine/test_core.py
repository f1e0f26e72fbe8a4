"""The table core: coins, zones, events, history, saves (PT-KIT-1 for the coins)."""

from __future__ import annotations

import json
import os

import pytest

from engine.core import Coins, Event, History, SaveError, Zone
from engine.core.saves import atomic_write, dump_document, load_document, read_document


def test_coins_are_fair_binary_draws_PT_KIT_1():
    coins = Coins(seed=7)
    flips = coins.flip(4000)
    assert set(flips) <= {"H", "T"}
    assert 1800 < flips.count("H") < 2200


def test_same_seed_same_coins():
    assert Coins(3).flip(50) == Coins(3).flip(50)


def test_forced_coins_come_first_then_random():
    coins = Coins(seed=1, forced="HHT")
    first = coins.flip(2)
    assert first == "HH"
    second = coins.flip(3)
    assert second[0] == "T"
    assert coins.record == ["HH", second]


def test_forced_coins_rejects_garbage():
    with pytest.raises(ValueError):
        Coins(forced="HX")


def test_coin_state_round_trips_so_undo_never_rerolls():
    coins = Coins(seed=11, forced="T")
    coins.flip(5)
    saved = json.loads(json.dumps(coins.to_json()))
    ahead = coins.flip(20)
    again = Coins.from_json(saved)
    assert again.flip(20) == ahead


def test_shuffle_is_seeded():
    a, b = list(range(20)), list(range(20))
    Coins(5).shuffle(a)
    Coins(5).shuffle(b)
    assert a == b and a != list(range(20))


def test_zone_visibility():
    hand = Zone("plot_hand:p1", "owner", "p1", ["c1"])
    assert hand.can_see("p1") and not hand.can_see("p2") and not hand.can_see("gm")
    assert Zone("x", "gm").can_see("gm") and not Zone("x", "gm").can_see("table")
    assert not Zone("deck", "hidden").can_see("gm")
    assert Zone("d", "public").can_see("table")
    with pytest.raises(ValueError):
        Zone("bad", "sometimes")


def test_zone_draw_and_json():
    z = Zone("deck", "hidden", None, ["a", "b"])
    assert z.draw() == "b" and len(z) == 1
    assert Zone.from_json(z.to_json()) == z
    assert Zone("e").draw() is None


def test_event_private_text():
    e = Event("draw", "p1 draws Punch", visible_to=("p1",), text_public="p1 draws a card")
    assert e.text_for("p1") == "p1 draws Punch"
    assert e.text_for("table") == "p1 draws a card"
    assert Event.from_json(e.to_json()) == e


def test_history_undo_redo():
    h: History[int] = History()
    h.record(1)
    h.record(2)
    assert h.undo(3) == 2
    assert h.redo(2) == 3
    assert h.undo(3) == 2
    h.record(5)
    assert not h.can_redo()
    with pytest.raises(IndexError):
        History().undo(0)


def test_save_document_versions_and_migrations():
    text = dump_document("demo", 1, {"a": 1})
    assert load_document(text, "demo", 1) == {"a": 1}
    migrated = load_document(text, "demo", 2, {1: lambda p: {**p, "b": 2}})
    assert migrated == {"a": 1, "b": 2}
    with pytest.raises(SaveError, match="cannot be upgraded"):
        load_document(text, "demo", 2)
    with pytest.raises(SaveError, match="newer"):
        load_document(dump_document("demo", 9, {}), "demo", 1)
    with pytest.raises(SaveError, match="expected 'demo'"):
        load_document(dump_document("other", 1, {}), "demo", 1)
    with pytest.raises(SaveError, match="invalid JSON"):
        load_document("{nope", "demo", 1)
    with pytest.raises(SaveError, match="missing"):
        load_document("[]", "demo", 1)


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path):
    path = tmp_path / "sub" / "game.json"
    atomic_write(path, dump_document("demo", 1, {"x": 1}))
    atomic_write(path, dump_document("demo", 1, {"x": 2}))
    assert read_document(path, "demo", 1) == {"x": 2}
    assert os.listdir(path.parent) == ["game.json"]
    with pytest.raises(SaveError, match="cannot read"):
        read_document(tmp_path / "missing.json", "demo", 1)
