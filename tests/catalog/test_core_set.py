"""The core set: schema-valid, big enough to play, and every card playable by the engine."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.catalog import CLASS_COLOR, Card, Catalog

MINIMUMS = {"hero": 6, "villain": 3, "objective": 3, "mook": 3, "equipment": 8, "event": 6,
            "twist": 12, "location": 6, "lair": 3, "bystander": 8, "detail": 10, "combat": 30,
            "reference": 3}


@pytest.fixture(scope="module")
def core() -> Catalog:
    catalog = Catalog.load(include_user=False)
    assert catalog.pack("core") is not None
    return catalog


def kind(core: Catalog, k: str) -> list[Card]:
    return [c for c in core.by_kind(k) if c.pack == "core"]


def test_core_loads_without_errors(core):
    assert core.errors == []
    assert core.pack("core").errors == []


@pytest.mark.parametrize("k", sorted(MINIMUMS))
def test_counts_meet_minimums(core, k):
    assert len(kind(core, k)) >= MINIMUMS[k]
    assert core.pack("core").counts[k] == len(kind(core, k))


def test_one_hero_per_class_colour(core):
    heroes = kind(core, "hero")
    assert sorted((h.card_class, h.color) for h in heroes) == sorted(CLASS_COLOR.items())


def test_heroes_cover_every_attack_type_heroic_and_keyword(core):
    heroes = kind(core, "hero")
    have = Counter(h for hero in heroes for h, rank in {**hero.heroics, **hero.skills}.items()
                   if rank > 0)
    for needed in ("fighting", "energy_projection", "psyche", "offend", "stealth", "flight",
                   "healing", "gadgeteer", "hacking", "perception"):
        assert have[needed], needed
    words = {w for hero in heroes for w in hero.keywords}
    assert {"Armor", "Mental Armor", "Overcharged", "Tactician", "Spirit of the Night"} <= words


def test_characters_are_balanced_by_the_rulebook(core):
    for card in kind(core, "hero") + kind(core, "villain") + kind(core, "mook"):
        assert all(1 <= v <= 6 for v in card.attributes.values()), card.name
        assert all(0 <= v <= 4 for v in card.heroics.values()), card.name
        assert 2 <= card.attributes["power"] <= 5, card.name
    for villain in kind(core, "villain"):
        assert 3 <= villain.attributes["power"] <= 5
        assert villain.persona and villain.keywords


def test_each_villain_has_its_own_objective(core):
    villains = {v.name for v in kind(core, "villain")}
    owners = [o.requires.get("character") for o in kind(core, "objective")]
    assert sorted(owners) == sorted(villains)
    for objective in kind(core, "objective"):
        triggers = {e["trigger"] for e in objective.effects}
        assert {"on_reveal", "threat"} <= triggers


def test_mooks_have_quantity_and_power(core):
    for mook in kind(core, "mook"):
        assert mook.data["quantity"] > 0 and mook.attributes["power"] > 0
        assert mook.effects == [] and not mook.keywords  # PT-MOOK-4


def test_equipment_variety(core):
    gear = kind(core, "equipment")
    types = {g.data.get("weapon_type") for g in gear}
    assert {"melee", "ranged", "mental", None} <= types
    bonuses = [g.data["bonus"] for g in gear if "bonus" in g.data]
    assert any(b.startswith("*/") for b in bonuses)
    assert any(b[0].isdigit() for b in bonuses)
    assert any(g.data.get("weapon_type") == "ranged" and "Overcharged" in g.keywords
               for g in gear)
    assert any(g.color == "Golden" for g in gear)
    assert any(g.color != "Golden" for g in gear)


def test_events_and_twists(core):
    for event in kind(core, "event"):
        assert {"on_reveal", "nullify"} <= {e["trigger"] for e in event.effects}
    twists = kind(core, "twist")
    assert any(t.color != "Golden" for t in twists)
    assert any("turn" in t.data for t in twists)
    assert len(twists) >= 10 and len(kind(core, "event")) >= 5


def test_bystanders_have_recruit_and_kill(core):
    for b in kind(core, "bystander"):
        triggers = {e["trigger"] for e in b.effects}
        assert {"on_recruit", "on_kill"} <= triggers
        assert b.data["difficulty"] >= 0 and b.data["life"] >= 1


def test_a_detail_requires_a_hero_by_name(core):
    heroes = {h.name for h in kind(core, "hero")}
    named = [d.requires["character"] for d in kind(core, "detail") if "character" in d.requires]
    assert named and set(named) <= heroes


def test_every_named_requirement_exists(core):
    names = {c.name for c in core.cards.values()}
    for card in core.cards.values():
        if "character" in card.requires:
            assert card.requires["character"] in names, card.name


def test_every_card_says_and_does_something(core):
    for card in core.cards.values():
        assert card.text.strip(), card.name
        if card.kind not in ("mook", "reference", "hero", "villain"):
            assert card.effects, card.name


def test_combat_cards_cover_every_step_and_attack_type(core):
    combat = kind(core, "combat")
    steps = Counter(c.data["combat_type"] for c in combat)
    assert all(steps[s] >= 10 for s in ("movement", "maneuver", "attack")), steps
    assert {c.data["attack_type"] for c in combat if "attack_type" in c.data} == {
        "melee", "ranged", "mental", "social"}
    golden = sum(c.color == "Golden" for c in combat)
    assert golden > len(combat) / 2


# ------------------------------------------------------------------ deck building


def usable(card: Card, character: Card) -> bool:
    """PT-COLOR-4/6 and the card's requirements, plus what its attack type needs (PT-ATK)."""
    if card.color != "Golden" and card.color != character.color:
        return False
    req = card.requires
    side = "heroes" if character.kind == "hero" else "villains"
    if "class" in req and req["class"] not in character.keywords:
        return False
    if "keyword" in req and req["keyword"] not in character.keywords:
        return False
    if "heroic" in req and character.heroics.get(req["heroic"], 0) < 1:
        return False
    if "character" in req and req["character"] != character.name:
        return False
    if "side" in req and req["side"] != side:
        return False
    attack = card.data.get("attack_type")
    if attack == "ranged" and character.heroics.get("energy_projection", 0) < 1:
        return False
    if attack == "mental" and character.heroics.get("psyche", 0) < 1:
        return False
    return True


def characters(core: Catalog) -> list[Card]:
    return kind(core, "hero") + kind(core, "villain") + kind(core, "mook")


def test_every_character_can_build_a_combat_deck_of_distinct_cards(core):
    combat = kind(core, "combat")
    for character in characters(core):
        mine = [c for c in combat if usable(c, character)]
        assert len(mine) >= 10, (character.name, len(mine))
        steps = Counter(c.data["combat_type"] for c in mine)
        assert steps["movement"] >= 2 and steps["attack"] >= 3, (character.name, steps)


def test_every_colour_in_combat_is_usable_by_someone(core):
    colors = {c.color for c in characters(core)}
    for card in kind(core, "combat"):
        assert card.color == "Golden" or card.color in colors, card.name
        assert any(usable(card, ch) for ch in characters(core)), card.name


def test_gm_and_four_players_can_each_build_a_plot_hand(core):
    plots = [c for k in ("detail", "location", "bystander") for c in kind(core, k)]
    for hero in kind(core, "hero"):
        mine = {c.name for c in plots if usable(c, hero)}
        mine |= {h.name for h in kind(core, "hero") if h is not hero}
        assert len(mine) >= 5, hero.name
    gm = {c.name for k in ("lair", "bystander", "location") for c in kind(core, k)}
    assert len(gm) >= 5
    assert len({t.name for t in kind(core, "twist")}) >= 10
    assert len({e.name for e in kind(core, "event")}) >= 5


def test_every_hero_and_villain_has_usable_equipment(core):
    gear = kind(core, "equipment")
    for character in kind(core, "hero") + kind(core, "villain"):
        assert any(usable(g, character) for g in gear), character.name


def test_schema_vocabulary_matches_effects_doc():
    """Every op, trigger and condition the schema accepts is documented, and vice versa."""
    import re
    from pathlib import Path

    from engine.catalog import load_schema

    doc = (Path(__file__).resolve().parents[2] / "docs" / "effects.md").read_text("utf-8")

    def section(title: str) -> set[str]:
        body = doc.split(f"### {title}", 1)[1].split("\n#", 1)[0]
        cells = re.findall(r"^\| ([^|]+) \|", body, re.M)
        return {name for cell in cells for name in re.findall(r"`([a-z_]+)`", cell)}

    defs = load_schema("card")["$defs"]
    assert set(defs["op"]["properties"]["op"]["enum"]) == section("Operations")
    assert set(defs["effect"]["properties"]["trigger"]["enum"]) == section("Triggers")
    conditions = set(defs["condition"]["properties"]) - {"all", "any"}
    assert conditions == section("Conditions")
