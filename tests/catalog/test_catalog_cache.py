"""The cache of validated cards: unchanged packs skip JSON Schema, changed ones never do."""

from __future__ import annotations

import json

import pytest

from engine import catalog, catalog_cache
from engine.catalog import Catalog, load_schema

from .conftest import detail, hero


@pytest.fixture
def cache(monkeypatch, tmp_path):
    """A fresh cache (nothing remembered in memory) writing to this test's own file."""
    fresh = catalog_cache.ValidCache(tmp_path / "cache" / catalog_cache.FILE_NAME)
    (tmp_path / "cache").mkdir()
    monkeypatch.setattr(catalog_cache, "VALID", fresh)
    return fresh


def _summary(cat: Catalog) -> tuple:
    return (sorted((k, c.name, json.dumps(c.data, sort_keys=True)) for k, c in cat.cards.items()),
            sorted(str(e) for e in cat.errors))


def _no_schema(monkeypatch) -> list[str]:
    """Record every schema the loader asks for from now on (a loader error inside one pack
    is caught and reported for that pack, so a raising stand-in would go unseen)."""
    asked: list[str] = []
    real = catalog._validator

    def record(name):
        asked.append(name)
        return real(name)
    monkeypatch.setattr(catalog, "_validator", record)
    return asked


def test_second_start_reads_the_same_cards_without_validating(cache, make_pack, tmp_path,
                                                             monkeypatch):
    """The same packs give the same cards and errors; unchanged ones skip JSON Schema."""
    make_pack("mine", {"heroes.json": [hero(), hero("Broken", attributes="x")],
                       "details.json": [detail()]})
    first = Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"])
    assert cache.path().is_file()
    assert any("Broken" in str(e) for e in first.errors)
    # a new process: only the file is remembered
    monkeypatch.setattr(catalog_cache, "VALID", catalog_cache.ValidCache(cache.path()))
    asked = _no_schema(monkeypatch)
    # the broken card was never remembered, so it is validated (and refused) again
    second = Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"])
    assert asked and set(asked) == {"card"}   # the broken card, never its pack.json
    assert _summary(second) == _summary(first)
    (tmp_path / "packs" / "mine" / "heroes.json").write_text(
        json.dumps({"cards": [hero()]}), encoding="utf-8")
    again = Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"])
    assert sorted(again.cards) == sorted(k for k in first.cards)
    assert again.errors == []


def test_the_core_set_is_the_same_from_the_cache(cache, monkeypatch):
    first = Catalog.load(include_user=False)
    monkeypatch.setattr(catalog_cache, "VALID", catalog_cache.ValidCache(cache.path()))
    asked = _no_schema(monkeypatch)
    assert _summary(Catalog.load(include_user=False)) == _summary(first)
    assert asked == []


def test_a_changed_card_is_validated_again(cache, make_pack, tmp_path):
    """Editing a valid card into an invalid one is caught: the cache is by content."""
    pack = make_pack("mine", {"heroes.json": [hero()]})
    assert Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"]).errors == []
    (pack / "heroes.json").write_text(
        json.dumps({"cards": [hero(attributes={"body": "lots"})]}), encoding="utf-8")
    errors = Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"]).errors
    assert errors and "attributes" in str(errors[0])


def test_a_corrupt_cache_file_is_an_empty_cache(cache, make_pack, tmp_path):
    make_pack("mine", {"heroes.json": [hero(attributes="x")]})
    cache.path().write_text("{not json", encoding="utf-8")
    errors = Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"]).errors
    assert len(errors) == 1
    assert json.loads(cache.path().read_text(encoding="utf-8"))["format"] == \
        catalog_cache.FORMAT


def test_the_schema_is_part_of_the_key(cache, monkeypatch):
    """A card valid under one schema is checked again under another (an app update)."""
    card = hero()
    calls = []

    def validate(data):
        calls.append(data)
        return []

    cache.check("card", card, validate, load_schema)
    cache.check("card", card, validate, load_schema)
    assert len(calls) == 1
    cache.check("pack", card, validate, load_schema)
    assert len(calls) == 2


def test_a_cache_written_with_hashlibs_digests_still_skips_validation(cache, make_pack,
                                                                      tmp_path, monkeypatch):
    """The cache takes Python's own SHA-256 when it has one: a file of digests made with
    hashlib (an older version of the app) is still read as the same cards."""
    import hashlib

    make_pack("mine", {"details.json": [detail()]})
    Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"])
    monkeypatch.setattr(catalog_cache, "sha256", hashlib.sha256)
    by_hashlib = catalog_cache.ValidCache(tmp_path / "hashlib.json")
    monkeypatch.setattr(catalog_cache, "VALID", by_hashlib)
    Catalog.load(include_user=False, extra_paths=[tmp_path / "packs"])
    assert json.loads(by_hashlib.path().read_text()) == json.loads(cache.path().read_text())
