"""Card names: keys keep every letter, hidden characters are refused, look-alike Heroes
are refused, pack ids match whole (PT-UNIQ-1, PT-UNIQ-2)."""

from __future__ import annotations

import json
import random
import unicodedata

import pytest

from engine import paths
from engine.card_names import card_key, hidden_characters, skeleton
from engine.catalog import Catalog, bundled_packs_root, slugify
from engine.pack_writer import PackWriteError, import_pack

from .conftest import detail, hero


def load(*folders) -> Catalog:
    return Catalog.load(list(folders), include_bundled=False, include_user=False)


def test_arabic_and_japanese_names_are_different_cards(make_pack):
    """PT-UNIQ-1: a copy has the same name; two different names are two cards, in any
    script (the old ASCII key made both "card" and refused the second)."""
    names = ["سيف النار", "درع الماء", "光の剣", "闇の盾", "Ёж", "Еж"]
    folder = make_pack("intl", {"details.json": [detail(n) for n in names]})
    catalog = load(folder)
    assert catalog.errors == []
    assert sorted(c.name for c in catalog) == sorted(names)
    assert len({c.key for c in catalog}) == len(names)
    assert catalog.get("intl/光の剣").name == "光の剣"


def test_keys_are_normalised_and_case_folded():
    assert card_key("Dr. Ash - Ember") == "dr-ash-ember"
    assert card_key("ＨＯＰＥ") == "hope"  # full-width letters (NFKC)
    assert card_key("Straße") == card_key("STRASSE") == "strasse"
    assert card_key("Café") == card_key("Cafe\u0301")  # one é, composed or not
    assert card_key("!!!") == "card"


def test_core_keys_did_not_change():
    """Saves name core cards by key: every core key is still the old ASCII slug."""
    core = Catalog.load(include_user=False)
    assert len(core) > 50
    for card in core:
        assert card.key == f"{card.pack}/{slugify(card.name)}", card.name


def test_an_old_key_of_an_accented_name_still_finds_its_card(make_pack):
    """A save written before keys kept accents names "mine/cafe-noir"."""
    catalog = load(make_pack("mine", {"details.json": [detail("Café Noir")]}))
    card = catalog.get("mine/cafe-noir")
    assert card is not None and card.key == "mine/café-noir"
    assert "mine/cafe-noir" in catalog and catalog["mine/cafe-noir"] is card


@pytest.mark.parametrize("name, shown_as, code", [
    ("Hope\u202e", "Hope<U+202E>", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Ho\u200bpe", "Ho<U+200B>pe", "U+200B ZERO WIDTH SPACE"),
    ("\u2066Hope\u2069", "<U+2066>Hope<U+2069>", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("Hope\u00adful", "Hope<U+00AD>ful", "U+00AD SOFT HYPHEN"),
    ("Hope\u3164", "Hope<U+3164>", "U+3164 HANGUL FILLER"),
    ("Hope\x1b[2J", "Hope<U+001B>[2J", "U+001B"),
])
def test_names_with_hidden_characters_are_refused(make_pack, name, shown_as, code):
    folder = make_pack("sneaky", {"heroes.json": [hero(name), hero("Grace")]})
    catalog = load(folder)
    assert [c.name for c in catalog] == ["Grace"]
    (error,) = catalog.errors
    assert (error.file, error.card, error.field) == ("sneaky/heroes.json", shown_as, "name")
    assert code in error.message
    # the printed line holds no character that would reorder or hide the rest of it
    assert not hidden_characters(str(error))


def test_a_hidden_character_in_a_persona_is_refused_too(make_pack):
    catalog = load(make_pack("sneaky", {"heroes.json": [hero("Hope", persona="The\u200dBright")]}))
    assert len(catalog) == 0 and catalog.errors[0].field == "persona"


@pytest.mark.parametrize("twin", ["Ηope", "Норе", "HΟPE", "  Hоpe"])
def test_heroes_that_look_alike_are_refused_as_one_persona(make_pack, twin):
    """PT-UNIQ-3 keeps two copies of one Hero out of play; a Greek or Cyrillic look-alike
    of a name would let the "same" Hero in twice, so the second is refused."""
    folder = make_pack("twins", {"heroes.json": [hero("Hope"), hero(twin.strip())]})
    catalog = load(folder)
    assert [c.name for c in catalog] == ["Hope"]
    (error,) = catalog.errors
    assert (error.file, error.card, error.field) == ("twins/heroes.json", twin.strip(), "name")
    assert 'looks the same as the hero "Hope" (twins/heroes.json)' in error.message


def test_a_look_alike_of_a_core_hero_in_a_user_pack_is_refused():
    core = Catalog.load(include_user=False)
    name = core.by_kind("hero")[0].name
    fake = name.replace("e", "е").replace("o", "о").replace("a", "а")  # Cyrillic е, о, а
    assert fake != name and skeleton(fake) == skeleton(name)
    folder = paths.packs_dir() / "fakes"
    folder.mkdir()
    (folder / "pack.json").write_text(json.dumps({"id": "fakes", "name": "F", "version": "1"}))
    (folder / "heroes.json").write_text(json.dumps({"cards": [hero(fake)]}))
    catalog = Catalog.load()
    assert not [c for c in catalog if c.pack == "fakes"]
    assert "looks the same as the hero" in catalog.errors[0].message


def test_true_copies_and_different_names_are_fine(make_pack, tmp_path):
    """PT-UNIQ-1: the same name in two packs is a copy, not a look-alike; Greek names that
    look like no other name load."""
    one = make_pack("one", {"heroes.json": [hero("Hope"), hero("Ήρα"), hero("Ian")]})
    two = make_pack("two", {"heroes.json": [hero("HOPE", persona="Again"), hero("Lan")]})
    catalog = load(one, two)
    assert catalog.errors == []
    assert len(catalog) == 5


@pytest.mark.parametrize("pack_id", ["core\n", "core\r\n", "mine\n"])
def test_a_pack_id_with_a_trailing_newline_is_refused(pack_id):
    folder = paths.packs_dir() / "sneaky"
    folder.mkdir()
    (folder / "pack.json").write_text(json.dumps({"id": pack_id, "name": "S", "version": "1"}))
    (folder / "heroes.json").write_text(json.dumps({"cards": [hero("Intruder")]}))
    catalog = Catalog.load()
    assert not [c for c in catalog if c.name == "Intruder"]
    assert [p.id for p in catalog.packs if p.loaded] == ["core"]
    (error,) = [e for e in catalog.errors if e.file == "sneaky/pack.json"]
    assert error.field == "id" and "pack skipped" in error.message


def test_import_refuses_a_pack_id_with_a_newline(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "pack.json").write_text(json.dumps({"id": "core\n", "name": "S",
                                                  "version": "1"}))
    with pytest.raises(PackWriteError, match="not a valid pack id"):
        import_pack(source, paths.packs_dir())
    assert list(paths.packs_dir().iterdir()) == []
    assert bundled_packs_root().is_dir()



def _hidden_by_definition(ch: str) -> bool:
    """The rule as engine/card_names.py's docstring states it, one character at a time."""
    code = ord(ch)
    return unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"} or any(
        low <= code <= high for low, high in (
            (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
            (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF)))


def test_every_hidden_character_is_found_by_the_quick_reading():
    """Every code point of the BMP and of the supplementary ranges the rule names, alone
    and inside an ASCII name: the quick paths (ASCII text, one set for the ignorable
    ranges) find what the per-character rule finds."""
    planes = [*range(0x10000), *range(0xE0000, 0xE0200), *range(0x10FFF0, 0x110000)]
    for code in planes:
        ch = chr(code)
        expected = _hidden_by_definition(ch)
        assert bool(hidden_characters(ch)) is expected, hex(code)
        assert bool(hidden_characters(f"Sword {ch}of Ash")) is expected, hex(code)


def test_an_ascii_name_gets_the_key_of_the_general_reading():
    """card_key reads ASCII names by a shortcut; NFKC, casefold and the L/M/N test give the
    same key for every printable and control character and for random names."""
    def general(name: str) -> str:
        out, dash = [], False
        for ch in unicodedata.normalize("NFKC", name).casefold():
            if unicodedata.category(ch)[0] in "LMN":
                out.extend(["-", ch] if dash and out else [ch])
                dash = False
            else:
                dash = True
        return "".join(out) or "card"

    rng = random.Random(15)
    ascii_chars = [chr(c) for c in range(128)]
    names = ["", "---", "Dr. Ash - Ember", "  Hope ", "X-9000", "a\tb\x00c\x7f",
             *ascii_chars,
             *("".join(rng.choices(ascii_chars, k=rng.randrange(1, 30))) for _ in range(3000))]
    for name in names:
        assert card_key(name) == general(name), repr(name)
    assert card_key("Ежи") == "ежи" and card_key("Ｄｒ. Ａｓｈ") == "dr-ash"
