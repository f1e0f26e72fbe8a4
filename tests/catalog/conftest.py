"""Shared helpers for the catalog tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BAD_PACKS = FIXTURES / "bad_packs"
GOOD_PACK = FIXTURES / "good_pack"


@pytest.fixture
def make_pack(tmp_path):
    """make_pack("core", {"heroes.json": [card, ...]}) -> the pack folder."""

    def make(folder: str, files: dict, pack_id: str | None = None, root: Path | None = None):
        base = (root or tmp_path / "packs") / folder
        base.mkdir(parents=True, exist_ok=True)
        meta = {"id": pack_id or folder, "name": folder.title(), "version": "1.0"}
        (base / "pack.json").write_text(json.dumps(meta), encoding="utf-8")
        for name, cards in files.items():
            text = cards if isinstance(cards, str) else json.dumps({"cards": cards}, indent=2)
            (base / name).write_text(text, encoding="utf-8")
        return base

    return make


def hero(name: str = "Hope", **changes) -> dict:
    card = {"kind": "hero", "name": name, "color": "Red", "class": "Tank",
            "attributes": {"body": 4, "mind": 2, "charm": 3, "power": 3},
            "heroics": {"fighting": 3}, "text": "A test hero.", "effects": []}
    card.update(changes)
    return card


def detail(name: str = "Filler Detail", **changes) -> dict:
    card = {"kind": "detail", "name": name, "color": "Golden", "text": "You gain 1 Move action.",
            "effects": [{"trigger": "on_play",
                         "ops": [{"op": "gain", "counter": "move", "amount": 1}]}]}
    card.update(changes)
    return card
