"""Catalog.load under fire: random and mutated packs (hypothesis).

Properties, for every generated pack:
* Catalog.load never raises: problems come back as PackError values;
* an error about a card names the file (``<pack folder>/<file>``) and the card, and a
  field unless the card as a whole is unusable (not an object, nested too deeply);
* the other, untouched cards of the same pack still load;
* no image path leaves the pack folder; images are checked for type and size.

Seeds are fixed (derandomize) so CI sees the same cases; PTT_FUZZ_EXAMPLES raises the
counts for a long run (docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.card_names import card_key, shown
from engine.catalog import MAX_IMAGE_BYTES, Catalog, bundled_packs_root

EXAMPLES = int(os.environ.get("PTT_FUZZ_EXAMPLES", "0"))
CORE = bundled_packs_root() / "core"
FILES = ("heroes.json", "details.json", "equipment.json", "combat.json", "villains.json")
CORE_CARDS = {name: json.loads((CORE / name).read_text(encoding="utf-8"))["cards"]
              for name in FILES}
WHOLE_CARD = ("card is nested too deeply", "a card is a JSON object")
# errors known to come without a field; tolerated so a long fuzz run keeps looking for new ones
KNOWN_FIELDLESS: tuple[str, ...] = ()
COUNTS = {"mutated_packs": 0, "random_packs": 0, "image_cases": 0, "errors_seen": 0}


def fuzz_settings(n: int):
    return settings(max_examples=EXAMPLES or n, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


@contextmanager
def pack_folder(files: dict[str, bytes | str], meta: dict | None = None):
    root = Path(tempfile.mkdtemp(prefix="ptt-fuzz-"))
    try:
        base = root / "fuzzpack"
        base.mkdir()
        meta = meta or {"id": "fuzz", "name": "Fuzz", "version": "1.0"}
        (base / "pack.json").write_text(json.dumps(meta), encoding="utf-8")
        for name, content in files.items():
            path = base / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        yield base
    finally:
        shutil.rmtree(root, ignore_errors=True)


def load(folder: Path) -> Catalog:
    catalog = Catalog.load([folder], include_bundled=False, include_user=False)
    COUNTS["errors_seen"] += len(catalog.errors)
    return catalog


# --- mutations of real core cards --------------------------------------------------------
scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=30)
           | st.sampled_from([10**100, -10**100, 2**63, 1e308, -1e308, "", " ", "\u202e",
                              "\x00", "💥" * 50, "a" * 5000]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=10)
traversal = st.lists(st.sampled_from(["..", ".", "images", "hope.png", "x.png", "/", "\\",
                                      "C:", "~", "%2e%2e", "...", "/etc/passwd", "a.PNG",
                                      "con", "evil.jpg", "é.png", " "]),
                     min_size=1, max_size=6).map("/".join)


def _paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))


WINDOW = 6             # cards per generated file: enough neighbours, fast to validate
DEEP = "__PTT_DEEP__"   # replaced in the file text by deeply nested lists


def card_file_text(cards: list, how: str) -> str:
    text = json.dumps({"cards": cards})
    if how.startswith("deep "):
        depth = int(how.split()[1])
        text = text.replace(json.dumps(DEEP), "[" * depth + "1" + "]" * depth)
    return text


@st.composite
def mutated_file(draw):
    """(file name, cards, index of the mutated card, how) from one core file."""
    name = draw(st.sampled_from(FILES))
    start = draw(st.integers(0, max(0, len(CORE_CARDS[name]) - WINDOW)))
    cards = json.loads(json.dumps(CORE_CARDS[name][start:start + WINDOW]))
    i = draw(st.integers(0, len(cards) - 1))
    card = cards[i]
    how = draw(st.sampled_from(["drop", "retype", "unknown_key", "string", "deep", "huge",
                                "image", "replace_card"]))
    paths = list(_paths(card))
    if how == "replace_card":
        cards[i] = draw(json_values)
        return name, cards, i, how
    if how == "image":
        card["image"] = draw(traversal)
        return name, cards, i, how
    if how == "unknown_key":
        dicts = [()] + [p for p in paths if isinstance(_get(card, p), dict)]
        where = _get(card, draw(st.sampled_from(dicts)))
        where[draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in where))] = \
            draw(json_values)
        return name, cards, i, how
    path = draw(st.sampled_from(paths))
    parent = _get(card, path[:-1])
    if how == "drop":
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    else:
        value = {"retype": json_values, "string": st.text(max_size=40),
                 "deep": st.just(DEEP),
                 "huge": st.sampled_from([10**400, -10**400, 1e308, 2**64, 10**20])}[how]
        parent[path[-1]] = draw(value)
    if how == "deep":
        how = f"deep {draw(st.integers(30, 3000))}"
    return name, cards, i, how


def _get(node, path):
    for step in path:
        node = node[step]
    return node


@fuzz_settings(150)
@given(case=mutated_file())
def test_mutated_core_card_is_reported_and_the_rest_still_load(case):
    COUNTS["mutated_packs"] += 1
    name, cards, index, how = case
    mutated = cards[index]
    with pack_folder({name: card_file_text(cards, how)}) as folder:
        catalog = load(folder)
    errors = catalog.errors
    if errors and errors[0].card is None:
        # nested deeper than the JSON parser goes: the file as a whole is refused
        assert how.startswith("deep ") and len(errors) == 1, errors
        assert errors[0].file == f"fuzzpack/{name}" and "nested too deeply" in str(errors[0])
        return
    for err in errors:
        assert err.file == f"fuzzpack/{name}", err
        assert err.card is not None, err
        assert err.field is not None or err.message.startswith(WHOLE_CARD + KNOWN_FIELDLESS), err
    label = mutated.get("name") if isinstance(mutated, dict) else None
    usable = isinstance(label, str) and label.strip() and label != DEEP
    label = shown(label) if usable else f"#{index + 1}"
    assert {e.card for e in errors} <= {label}, errors
    others = [c for j, c in enumerate(cards) if j != index]
    same_slug = {card_key(label)} if errors == [] else set()
    for card in others:
        if card_key(card["name"]) in same_slug:
            continue   # the mutation renamed its card into this one's name
        assert f"fuzz/{card_key(card['name'])}" in catalog, (card["name"], errors)
    if errors:
        assert len(catalog) == len(others)


@fuzz_settings(60)
@given(name=st.sampled_from(FILES), cut=st.integers(0, 10**6),
       junk=st.binary(min_size=1, max_size=8))
def test_bad_bytes_in_a_card_file_fail_that_file_only(name, cut, junk):
    """Bad UTF-8 or broken JSON: one error for the file, the pack's other file loads."""
    COUNTS["mutated_packs"] += 1
    raw = json.dumps({"cards": CORE_CARDS[name]}).encode()
    at = cut % len(raw)
    broken = raw[:at] + b"\xff" + junk + raw[at:]
    other = "details.json" if name != "details.json" else "heroes.json"
    with pack_folder({name: broken, other: json.dumps({"cards": CORE_CARDS[other]})}) as f:
        catalog = load(f)
    assert [e.file for e in catalog.errors] == [f"fuzzpack/{name}"]
    assert catalog.errors[0].card is None
    assert "UTF-8" in catalog.errors[0].message or "JSON" in catalog.errors[0].message
    assert len(catalog) == len(CORE_CARDS[other])


@fuzz_settings(100)
@given(meta=json_values, document=json_values, raw=st.binary(max_size=200))
def test_random_pack_never_raises(meta, document, raw):
    COUNTS["random_packs"] += 1
    files = {"cards.json": json.dumps(document), "raw.json": raw}
    root = Path(tempfile.mkdtemp(prefix="ptt-fuzz-"))
    try:
        base = root / "rand"
        base.mkdir()
        (base / "pack.json").write_text(json.dumps(meta), encoding="utf-8")
        for n, c in files.items():
            (base / n).write_bytes(c if isinstance(c, bytes) else c.encode())
        catalog = load(base)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    for err in catalog.errors:
        assert err.file.startswith(("rand/", str(base))), err
        assert err.message
    for card in catalog:
        assert isinstance(card.data, dict) and card.kind and card.name


def hero_with_image(ref: str) -> dict:
    card = json.loads(json.dumps(CORE_CARDS["heroes.json"][0]))
    card["image"] = ref
    return card


@fuzz_settings(150)
@given(ref=traversal)
def test_no_image_path_leaves_the_pack(ref):
    COUNTS["image_cases"] += 1
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
    files = {"heroes.json": json.dumps({"cards": [hero_with_image(ref)]}),
             "images/hope.png": png, "images/x.png": png}
    with pack_folder(files) as folder:
        catalog = load(folder)
        for card in catalog:
            assert card.image_path is not None
            assert card.image_path.resolve().is_relative_to(folder.resolve()), ref
            assert card.image_path.is_file()
        for err in catalog.errors:
            assert err.field == "image" and err.card is not None, err


@fuzz_settings(80)
@given(suffix=st.sampled_from([".png", ".jpg", ".jpeg", ".gif", ".svg", ".PNG", ""]),
       head=st.sampled_from([b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a",
                             b"<svg", b"", b"\x89PNG"]),
       body=st.binary(max_size=64))
def test_images_are_checked_for_type(suffix, head, body):
    COUNTS["image_cases"] += 1
    ref = f"images/card{suffix}"
    with pack_folder({"heroes.json": json.dumps({"cards": [hero_with_image(ref)]}),
                      ref: head + body}) as folder:
        catalog = load(folder)
    real = {".png": b"\x89PNG\r\n\x1a\n", ".jpg": b"\xff\xd8\xff", ".jpeg": b"\xff\xd8\xff"}
    ok = (head + body).startswith(real.get(suffix.lower(), b"\x00never"))
    assert (len(catalog) == 1) == ok, catalog.errors
    if not ok:
        assert catalog.errors[0].field == "image"


@pytest.mark.parametrize("size,loads", [(MAX_IMAGE_BYTES, True), (MAX_IMAGE_BYTES + 1, False),
                                        (50 * MAX_IMAGE_BYTES, False)])
def test_images_are_checked_for_size(tmp_path, size, loads):
    with pack_folder({"heroes.json": json.dumps({"cards": [hero_with_image("big.png")]})}) \
            as folder:
        with (folder / "big.png").open("wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n")
            f.truncate(size)        # sparse: cheap even at 100 MB
        catalog = load(folder)
    assert (len(catalog) == 1) == loads
    if not loads:
        assert "too large" in catalog.errors[0].message


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
@pytest.mark.parametrize("target", ["file", "dir"])
def test_symlinks_out_of_the_pack_are_refused(tmp_path, target):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    ref = "link.png" if target == "file" else "linkdir/secret.png"
    with pack_folder({"heroes.json": json.dumps({"cards": [hero_with_image(ref)]})}) \
            as folder:
        if target == "file":
            (folder / "link.png").symlink_to(outside / "secret.png")
        else:
            (folder / "linkdir").symlink_to(outside, target_is_directory=True)
        catalog = load(folder)
    assert len(catalog) == 0
    assert "outside the pack folder" in catalog.errors[0].message


def test_nul_byte_in_image_path_is_an_error_not_a_crash():
    with pack_folder({"heroes.json": json.dumps(
            {"cards": [hero_with_image("images/\x00.png"), CORE_CARDS["heroes.json"][1]]})}) \
            as folder:
        catalog = load(folder)
    assert len(catalog) == 1 and catalog.errors[0].field == "image"


def test_attack_type_error_names_a_field():
    haymaker = next(c for c in CORE_CARDS["combat.json"] if c["name"] == "Haymaker")
    broken = {k: v for k, v in haymaker.items() if k != "combat_type"}
    with pack_folder({"combat.json": json.dumps({"cards": [broken]})}) as folder:
        catalog = load(folder)
    assert catalog.errors and all(e.field for e in catalog.errors), catalog.errors


def test_fuzz_totals_report():
    """Prints the figures docs/reliability.md quotes (run with -s to see them)."""
    print(f"\nbad packs: {COUNTS}")
