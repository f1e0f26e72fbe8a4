"""engine.catalog: loading packs, and the precise message each broken pack gives."""

from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path

import pytest

from engine import paths
from engine.catalog import Card, Catalog, PackError, bundled_packs_root, slugify

from .conftest import BAD_PACKS, GOOD_PACK, detail, hero

# case folder -> (file, card, field, words the message must contain)
BAD_CASES = {
    "invalid_json": ("invalid_json/heroes.json", None, None,
                     "invalid JSON at line 4, column 6"),
    "missing_field": ("missing_field/heroes.json", "Hope", "attributes",
                      "missing required field"),
    "wrong_type": ("wrong_type/heroes.json", "Hope", "attributes.body",
                   '"five" is not of type integer'),
    "unknown_kind": ("unknown_kind/cards.json", "Merlo", "kind", "unknown card kind 'wizard'"),
    "unknown_colour": ("unknown_colour/details.json", "Purple Haze", "color",
                       "unknown colour 'Purple'"),
    "duplicate_name": ("duplicate_name/more_heroes.json", "Hope", "name",
                       "duplicate card name"),
    "unknown_op": ("unknown_op/details.json", "Kaboom", "effects[0].ops[0].op",
                   "unknown op 'explode'"),
    "image_escape": ("image_escape/details.json", "Peeking Card", "image",
                     "leaves the pack folder"),
    "class_mismatch": ("class_mismatch/heroes.json", "Hope", "class",
                       "class Tank belongs to colour Red (PT-COLOR-2), but the card is White"),
    "broken_pack_json": ("broken_pack_json/pack.json", None, None,
                         "invalid JSON at line 2"),
}


@pytest.fixture(scope="module")
def bad_and_good() -> Catalog:
    return Catalog.load([BAD_PACKS, GOOD_PACK], include_bundled=False, include_user=False)


def test_every_bad_case_has_a_fixture_folder():
    assert sorted(p.name for p in BAD_PACKS.iterdir() if p.is_dir()) == sorted(BAD_CASES)


@pytest.mark.parametrize("case", sorted(BAD_CASES))
def test_bad_pack_gives_its_own_precise_message(bad_and_good, case):
    file, card, field, words = BAD_CASES[case]
    matching = [e for e in bad_and_good.errors if e.file == file]
    assert matching, f"no error for {file}: {[str(e) for e in bad_and_good.errors]}"
    error = matching[0]
    assert (error.card, error.field) == (card, field), str(error)
    assert words in error.message
    text = str(error)
    assert text.startswith(file + ": ")
    if card:
        assert f'card "{card}"' in text
    if field:
        assert f'field "{field}"' in text


def test_messages_are_distinct(bad_and_good):
    texts = [e.message for e in bad_and_good.errors]
    assert len(set(texts)) == len(texts)


def test_good_pack_loads_beside_bad_ones(bad_and_good):
    good = bad_and_good.pack("good")
    assert good is not None and good.loaded and not good.errors
    hope = bad_and_good.get("good/hope")
    assert hope is not None
    assert hope.kind == "hero" and hope.persona == "Test Pilot"
    assert hope.image_path == (GOOD_PACK / "images" / "hope.png").resolve()
    assert good.counts == {"hero": 1, "detail": 1}


def test_bad_card_is_skipped_but_the_rest_of_its_pack_loads(bad_and_good):
    for pack_id in ("bad-missing", "bad-type", "bad-kind", "bad-colour", "bad-op", "bad-image",
                    "bad-class", "bad-json"):
        assert f"{pack_id}/filler-detail" in bad_and_good, pack_id
    assert "bad-missing/hope" not in bad_and_good
    assert "bad-op/kaboom" not in bad_and_good
    # the first of two duplicates is kept
    assert bad_and_good.get("bad-duplicate/hope") is not None


def test_broken_pack_json_skips_the_whole_pack(bad_and_good):
    broken = next(p for p in bad_and_good.packs if p.path.name == "broken_pack_json")
    assert not broken.loaded
    assert not [k for k in bad_and_good.cards if k.startswith("broken")]
    assert "pack skipped" in broken.errors[0].message


def test_absolute_image_path_is_refused(bad_and_good):
    error = next(e for e in bad_and_good.errors if e.card == "Rooted Card")
    assert error.field == "image" and "must be relative" in error.message


def test_error_text_format_matches_the_contract(make_pack):
    root = make_pack("core", {"heroes.json": [hero(attributes={"body": -1, "mind": 2,
                                                                "charm": 3, "power": 3})]})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    assert [str(e) for e in catalog.errors] == [
        'core/heroes.json: card "Hope": field "attributes.body": -1 is less than the minimum of 0'
    ]
    assert catalog.errors[0] == PackError("core/heroes.json", "Hope", "attributes.body",
                                          "-1 is less than the minimum of 0")


def test_card_without_name_is_named_by_position(make_pack):
    root = make_pack("p", {"d.json": [detail(), {"kind": "detail", "color": "Golden"}]})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    assert any(str(e).startswith('p/d.json: card #2: field "name"') for e in catalog.errors)


def test_typo_in_field_name_is_caught(make_pack):
    root = make_pack("p", {"h.json": [hero(colour="Red")]})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert error.field == "colour" and "unknown field" in error.message


def test_card_file_must_hold_a_cards_list(make_pack):
    root = make_pack("p", {"h.json": "[1, 2]"})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert error.file == "p/h.json" and '{"cards": [...]}' in error.message


def test_missing_pack_json(tmp_path):
    folder = tmp_path / "loose"
    folder.mkdir()
    (folder / "cards.json").write_text('{"cards": []}')
    catalog = Catalog.load([folder], include_bundled=False, include_user=False)
    assert "missing pack.json" in str(catalog.errors[0])


def test_duplicate_pack_id_skips_the_second(make_pack, tmp_path):
    first = make_pack("one", {"d.json": [detail()]}, pack_id="same")
    second = make_pack("two", {"d.json": [detail("Other")]}, pack_id="same")
    catalog = Catalog.load([first, second], include_bundled=False, include_user=False)
    assert "same/filler-detail" in catalog and "same/other" not in catalog
    assert "already loaded" in catalog.errors[0].message


# ------------------------------------------------------------------ images

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.mark.parametrize(
    ("filename", "content", "ref", "words"),
    [
        ("a.gif", b"GIF89a", "a.gif", "must be a .png, .jpg or .jpeg"),
        ("a.png", b"not really a png", "a.png", "is not a real PNG"),
        ("a.jpg", PNG, "a.jpg", "is not a real JPG"),
        ("a.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * (2 * 1024 * 1024), "a.png", "too large"),
        ("a.png", PNG, "b.png", "not found"),
        ("a.png", PNG, "img\\a.png", "must be relative"),
        ("a.png", PNG, "C:/a.png", "must be relative"),
    ],
)
def test_image_checks(make_pack, filename, content, ref, words):
    root = make_pack("p", {"d.json": [detail(image=ref)]})
    (root / filename).write_bytes(content)
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert error.field == "image" and words in error.message, str(error)


def test_good_images_load(make_pack):
    root = make_pack("p", {"d.json": [detail(image="art/a.png"),
                                      detail("Photo", image="art/b.jpeg")]})
    (root / "art").mkdir()
    (root / "art" / "a.png").write_bytes(PNG)
    (root / "art" / "b.jpeg").write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 16)
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    assert not catalog.errors
    assert catalog["p/photo"].image_path == (root / "art" / "b.jpeg").resolve()


def test_symlink_escaping_the_pack_is_refused(make_pack, tmp_path):
    outside = tmp_path / "outside.png"
    outside.write_bytes(PNG)
    root = make_pack("p", {"d.json": [detail(image="link.png")]})
    try:
        os.symlink(outside, root / "link.png")
    except (OSError, NotImplementedError):
        pytest.skip("symlinks are not available here")
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert error.field == "image" and "outside the pack folder (symlink)" in error.message


# ------------------------------------------------------------------ sources and API


def test_bundled_packs_come_from_the_assets_package():
    root = bundled_packs_root()
    assert (root / "core" / "pack.json").is_file()
    catalog = Catalog.load(include_user=False)
    core = catalog.pack("core")
    assert core is not None and core.bundled and not core.errors


def test_user_packs_are_loaded_from_packs_dir(make_pack):
    make_pack("mine", {"d.json": [detail("Homebrew")]}, root=paths.packs_dir())
    catalog = Catalog.load()
    assert "mine/homebrew" in catalog
    assert not catalog.pack("mine").bundled
    assert "core/vesper-quill" in catalog
    assert "mine/homebrew" not in Catalog.load(include_user=False)


def test_working_directory_does_not_matter(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert len(Catalog.load(include_user=False).by_kind("hero")) >= 6


def test_card_api():
    catalog = Catalog.load(include_user=False)
    card = catalog["core/vesper-quill"]
    assert isinstance(card, Card)
    assert (card.key, card.pack, card.kind, card.name) == ("core/vesper-quill", "core", "hero",
                                                           "Vesper Quill")
    assert card.display_name == "Vesper Quill - The Quiet Mind"
    assert card.color == "White" and card.card_class == "Mentalist"
    assert card.attributes["mind"] == 5 and card.heroics["psyche"] == 4
    assert "Mental Armor" in card.keywords and "Mentalist" in card.keywords
    assert card.effects and card.text
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "Other"  # type: ignore[misc]
    assert catalog.by_name("vesper quill") == [card]
    assert all(c.kind == "combat" for c in catalog.by_kind("combat"))
    assert catalog.get("core/nope") is None


def test_slugify():
    assert slugify("Dr. Ottilie Fenn") == "dr-ottilie-fenn"
    assert slugify("Night-Shift Nurse") == "night-shift-nurse"
    assert slugify("Élan Vital!") == "elan-vital"
    assert slugify("!!!") == "card"


def test_loading_the_core_set_is_fast():
    Catalog.load(include_user=False)  # warm the compiled validator
    start = time.perf_counter()
    Catalog.load(include_user=False)
    assert time.perf_counter() - start < 1.5


def test_examples_in_card_packs_doc_are_valid():
    import json
    import re

    from engine.catalog import validate_card_data

    doc = (Path(__file__).resolve().parents[2] / "docs" / "card-packs.md").read_text("utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    cards = [b for b in blocks if "kind" in b]
    assert len({c["kind"] for c in cards}) == 13
    for card in cards:
        assert validate_card_data(card) == [], card["name"]


def test_duplicate_json_key_is_an_error(make_pack):
    root = make_pack("p", {"d.json": '{"cards": [{"kind": "detail", "name": "A",\n'
                                      ' "name": "B"}]}'})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert error.file == "p/d.json" and "'name' appears twice" in error.message


def test_hidden_files_are_ignored(make_pack):
    root = make_pack("p", {"d.json": [detail()]})
    (root / "._d.json").write_bytes(b"\x00\x05\x16\x07 mac resource fork")
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    assert not catalog.errors and "p/filler-detail" in catalog


def test_deeply_nested_card_is_refused_not_crashed(make_pack):
    depth = 3000
    condition = '{"all": [' * depth + '{"turn_at_least": 1}' + "]}" * depth
    text = ('{"cards": [{"kind": "detail", "name": "Deep", "color": "Golden", "text": "",'
            ' "effects": [{"trigger": "on_play", "ops": [{"op": "draw", "amount": 1}],'
            ' "condition": ' + condition + "}]}]}")
    root = make_pack("p", {"d.json": text})
    catalog = Catalog.load([root], include_bundled=False, include_user=False)
    (error,) = catalog.errors
    assert "nested too deeply" in error.message
