"""Bad save files: each one is refused with a message naming what is wrong, and the
autosaves already in the folder are never touched (bytes equal before and after).

Fixtures: tests/fixtures/bad_saves/ (regenerate with make_bad_saves.py there). Game.load
checks shape, cards and invariants in engine/plottwist/save_check.py; only SaveError may
come out of it, whatever the damage.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.autosave import Autosaves, meta_for_game
from engine.core.errors import SaveError
from engine.core.saves import dump_document, load_document
from engine.plottwist import game as game_module
from engine.plottwist.game import SAVE_FORMAT, SAVE_VERSION, Game

from .conftest import BAD_SAVES

# fixture file -> words the refusal must contain (regex, case-insensitive)
REFUSED = {
    "truncated.json": r"invalid JSON at line 1 column \d+",
    "empty.json": r"not a save file",
    "not_json.json": r"not a save file: invalid JSON",
    "wrong_format.json": r"'some-other-game' file, expected 'plot-twist-save'",
    "newer_version.json": r"version 2 is newer than this program reads.*update",
    "older_version.json": r"version 0 cannot be upgraded to 1",
    "unknown_card.json": r"not in the loaded packs: core/retired-card",
    "state_missing_field.json": r"game state is damaged.*'turn'",
}


def read(name: str) -> str:
    return (BAD_SAVES / name).read_text(encoding="utf-8")


def same_game(saved: str, good: str) -> bool:
    """The same game as `good` (a save from before card copies) once saved again."""
    again = json.loads(saved)
    again["payload"].pop("card_data")
    return again == json.loads(good)


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def autosave_folder(tmp_path, core_catalog):
    """An autosave folder holding three good autosaves of a real game."""
    saves = Autosaves(tmp_path / "autosave")
    game = Game.quick(core_catalog, heroes=3, seed=5)
    for n in range(3):
        for seat in ("p1", "p2", "p3", "gm"):
            legal = game.legal_actions(seat)
            if legal:
                game.apply(legal[0])
                break
        saves.write(game.save(), meta_for_game(game, actions=n + 1))
    return saves


def test_the_good_v1_save_still_loads(core_catalog, good_save):
    """A version-1 save written today must load tomorrow (or be migrated)."""
    game = Game.load(good_save, core_catalog)
    again = json.loads(game.save())
    # saved again, it carries its cards (issue 20 item 2) and is otherwise the same
    carried = again["payload"].pop("card_data")
    assert again == json.loads(good_save)
    assert sorted(carried) == again["payload"]["cards"]
    game.view("table")


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_bad_save_is_refused_with_a_clear_message(name, core_catalog, autosave_folder):
    before = folder_bytes(autosave_folder.folder)
    with pytest.raises(SaveError) as caught:
        Game.load(read(name), core_catalog)
    assert re.search(REFUSED[name], str(caught.value), re.I | re.S), str(caught.value)
    assert folder_bytes(autosave_folder.folder) == before


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_bad_newest_autosave_is_skipped_and_the_earlier_ones_kept(name, core_catalog,
                                                                  autosave_folder):
    saves = autosave_folder
    good = saves.latest()
    bad = saves.write(read(name), {"turn": 9, "heroes": ["Broken"]})
    before = folder_bytes(saves.folder)
    found = saves.latest(lambda text: Game.load(text, core_catalog))
    assert found is not None and found.info.path == good.info.path
    assert [info.path for info, _ in found.skipped] == [bad.path]
    reason = found.skipped[0][1]
    assert reason.startswith(bad.path.name)
    assert re.search(REFUSED[name], reason, re.I | re.S), reason
    assert folder_bytes(saves.folder) == before


def test_binary_file_in_the_autosave_folder(autosave_folder, core_catalog):
    saves = autosave_folder
    good = saves.latest()
    bad = saves.write("placeholder", {})
    bad.path.write_bytes((BAD_SAVES / "binary.json").read_bytes())
    before = folder_bytes(saves.folder)
    found = saves.latest(lambda text: Game.load(text, core_catalog))
    assert found.info.path == good.info.path
    assert "not UTF-8 text (byte 0)" in found.skipped[0][1]
    assert saves.list()[0].problem is not None  # listed, marked damaged, not hidden
    assert folder_bytes(saves.folder) == before


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.99])
def test_truncated_autosave_file_is_named_truncated(autosave_folder, cut):
    saves = autosave_folder
    newest = saves.list()[0]
    raw = newest.path.read_bytes()
    newest.path.write_bytes(raw[: int(len(raw) * cut)])
    with pytest.raises(SaveError, match="truncated|header"):
        saves.read(newest)
    found = saves.latest()
    assert found.info.path != newest.path and len(found.skipped) == 1


def test_flipped_byte_is_caught_by_the_checksum(autosave_folder):
    saves = autosave_folder
    newest = saves.list()[0]
    raw = bytearray(newest.path.read_bytes())
    i = raw.index(b'"next_id":', raw.index(b"\n")) + 10
    raw[i] = ord("7") if raw[i] != ord("7") else ord("8")
    newest.path.write_bytes(bytes(raw))
    with pytest.raises(SaveError, match="checksum"):
        saves.read(newest)


def migrate_v0(payload: dict) -> dict:
    """The made-up version 0 named the card list "card_keys"."""
    out = dict(payload)
    out["cards"] = out.pop("card_keys")
    return out


def test_older_version_is_migrated_through_the_document_layer(core_catalog, good_save):
    payload = load_document(read("older_version.json"), SAVE_FORMAT, SAVE_VERSION,
                            migrations={0: migrate_v0})
    game = Game.load(dump_document(SAVE_FORMAT, SAVE_VERSION, payload), core_catalog)
    assert same_game(game.save(), good_save)


def test_game_load_has_a_migration_hook(core_catalog, good_save, monkeypatch):
    hooks = game_module.MIGRATIONS  # AttributeError today
    monkeypatch.setitem(hooks, 0, migrate_v0)
    assert same_game(Game.load(read("older_version.json"), core_catalog).save(), good_save)


# --- invariants Game.load checks ---------------------------------------------------------
INVARIANTS = {
    "counter_over_cap.json": r"physical",
    "negative_counter.json": r"energy",
    "two_copies_in_play.json": r"cop(y|ies)|twice|unique|h99",
    "card_in_two_zones.json": r"two zones|twice|zone",
}


@pytest.mark.parametrize("name", sorted(INVARIANTS))
def test_save_that_breaks_an_invariant_is_refused(name, core_catalog, autosave_folder):
    before = folder_bytes(autosave_folder.folder)
    try:
        with pytest.raises(SaveError) as caught:
            Game.load(read(name), core_catalog)
        assert re.search(INVARIANTS[name], str(caught.value), re.I), str(caught.value)
    finally:
        assert folder_bytes(autosave_folder.folder) == before


# --- damaged payloads: only SaveError may come out of Game.load -------------------------
def damaged(good: str, change) -> str:
    doc = json.loads(good)
    change(doc["payload"])
    return json.dumps(doc)


DAMAGE = {
    "cards is a number": lambda p: p.__setitem__("cards", 5),
    "cards holds a number": lambda p: p.__setitem__("cards", [1]),
    "cards holds a list": lambda p: p.__setitem__("cards", [[1]]),
    "options is a number": lambda p: p["state"].__setitem__("options", 5),
    "a character's boosts is a list": lambda p: p["state"]["characters"][0].__setitem__(
        "boosts", [1]),
    "coin generator state out of range": lambda p: p["coins"]["rng"][1].__setitem__(2, 10**20),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_damaged_payload_raises_save_error(case, core_catalog, good_save):
    with pytest.raises(SaveError):
        Game.load(damaged(good_save, DAMAGE[case]), core_catalog)


def test_deeply_nested_save_raises_save_error():
    text = '{"format":"plot-twist-save","version":1,"payload":' + "[" * 100_000 \
        + "]" * 100_000 + "}"
    with pytest.raises(SaveError):
        load_document(text, SAVE_FORMAT, SAVE_VERSION)


def test_state_without_a_zone_is_refused(core_catalog, good_save):
    def drop(p):
        p["state"]["zones"] = [z for z in p["state"]["zones"] if z["name"] != "twists_revealed"]

    with pytest.raises(SaveError, match="twists_revealed"):
        Game.load(damaged(good_save, drop), core_catalog)


def test_instance_of_an_unknown_card_is_refused(core_catalog, good_save):
    def swap(p):
        inst = next(iter(p["state"]["cards"]))
        p["state"]["cards"][inst] = "core/no-such-card"

    with pytest.raises(SaveError, match="core/no-such-card"):
        Game.load(damaged(good_save, swap), core_catalog)


# --- fuzz: random damage anywhere in a real save ----------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=6)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            yield from _paths(v, (*prefix, i))


@settings(max_examples=300, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_damage_only_ever_raises_save_error(data, core_catalog, good_save):
    doc = json.loads(good_save)
    paths = [p for p in _paths(doc["payload"]) if p]
    path = data.draw(st.sampled_from(paths))
    parent = doc["payload"]
    for step in path[:-1]:
        parent = parent[step]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(json_values)
    try:
        Game.load(json.dumps(doc), core_catalog)
    except SaveError:
        pass
