"""What the card schema allows, read from ``assets/schema/card.schema.json``.

The editor builds its forms from the schema rather than from a list of its own, so a field
or an op added to the schema (and to docs/effects.md) shows up in the editor without a
second list to keep in step.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.catalog import KINDS, load_schema

# the order a person fills a card in; fields the schema adds later go at the end
FIELD_ORDER = ("name", "persona", "color", "class", "combat_type", "attack_type", "cost",
               "weapon_type", "bonus", "turn", "difficulty", "life", "quantity",
               "attributes", "heroics", "skills", "keywords", "requires", "clauses",
               "text", "flavor", "effects", "image")

LABELS = {
    "name": "Name", "persona": "Persona", "color": "Colour", "class": "Class",
    "combat_type": "Combat type", "attack_type": "Attack type", "cost": "Cost to play",
    "weapon_type": "Weapon type", "bonus": "Weapon bonus", "turn": "Playable from Turn",
    "difficulty": "Difficulty", "life": "Life", "quantity": "Quantity",
    "attributes": "Attributes", "heroics": "Heroics", "skills": "Skills",
    "keywords": "Keywords", "requires": "Requires", "clauses": "Rule clauses",
    "text": "Rules text", "flavor": "Flavour", "effects": "Effects", "image": "Card art",
}

HELP = {
    "persona": "Shown after the name with a dash; not part of the name (PT-UNIQ-2).",
    "class": "A Hero's class must match its colour (PT-COLOR-2).",
    "bonus": 'Trauma/Stress, like "0/2" or "*/1". Fill in both weapon fields or neither.',
    "text": "What players read. Say in words what the effects below do.",
    "flavor": "A line of atmosphere, never rules.",
    "heroics": "0 means the character does not have it.",
    "skills": "0 means the character does not have it.",
    "clauses": "Clause IDs separated by commas, like PT-HATE-5, PT-HATE-6.",
    "cost": "Actions spent to play the card; all 0 means free.",
    "keywords": "A character's class counts as a keyword already (PT-COLOR-1).",
    "image": "Kept with the card in the pack's images folder. The table's card faces do "
             "not show art yet.",
}

WORDS = {
    "static": "always (static)", "on_play": "when played", "on_reveal": "when revealed",
    "start_of_turn": "at the start of each Turn", "end_of_turn": "at the end of each Turn",
    "start_of_combat": "at the start of each Combat", "end_of_combat": "at the end of each Combat",
    "on_hit": "when the Attack hits", "on_recruit": "when Recruited {R}",
    "on_kill": "when Killed {K}", "in_turns": "in X Turns", "activated": "activated (Free action)",
    "threat": "Threat: the Villains win when…", "nullify": "Nullified when…",
    "on_hit_taken": "when this character is hit", "on_defend": "when this character defends",
    "on_miss": "when this character's Attack misses",
    "on_hero_incapacitated": "when a Hero is Incapacitated",
    "on_bystander_killed": "when a Bystander is Killed",
    "on_bystander_recruited": "when a Bystander is Recruited",
    "on_card_revealed": "when an Event, Twist! or the Objective is revealed",
    "choose": "choose one of…", "roll": "roll, then on Win / on Loss…",
    "margin": "X = the roll's Margin", "damage_dealt": "X = the Damage just dealt",
    "power": "X = your Power", "body": "X = your Body", "mind": "X = your Mind",
    "charm": "X = your Charm", "heroes_in_play": "X = Heroes in play",
    "villains_in_play": "X = Villains in play",
    "bystanders_in_play": "X = Bystanders in play",
}


def humanize(word: str) -> str:
    return WORDS.get(word, word.replace("_", " "))


@cache
def _defs() -> dict[str, Any]:
    defs: dict[str, Any] = load_schema("card")["$defs"]
    return defs


def resolve(node: Any) -> dict[str, Any]:
    """Follow a local ``$ref`` (one level is all the schema uses for fields)."""
    while isinstance(node, dict) and "$ref" in node:
        node = _defs()[node["$ref"].rsplit("/", 1)[1]]
    return node if isinstance(node, dict) else {}


def definition(name: str) -> dict[str, Any]:
    return resolve(_defs()[name])


def kind_fields(kind: str) -> list[tuple[str, dict[str, Any], bool]]:
    """(field, schema, required) for every field a card of ``kind`` may have."""
    spec = _defs()[kind]
    required = set(spec.get("required", []))
    names = [n for n in spec["properties"] if n != "kind"]
    names.sort(key=lambda n: FIELD_ORDER.index(n) if n in FIELD_ORDER else len(FIELD_ORDER))
    return [(n, resolve(spec["properties"][n]), n in required) for n in names]


def kinds() -> tuple[str, ...]:
    return KINDS


def effects_allowed(kind: str) -> bool:
    effects = _defs()[kind]["properties"].get("effects", {})
    return effects.get("maxItems") != 0


def triggers_for(kind: str) -> list[str]:
    """The triggers a ``kind`` card may use, in the schema's order."""
    effects = _defs()[kind]["properties"].get("effects", {})
    for part in effects.get("items", {}).get("allOf", []):
        enum = part.get("properties", {}).get("trigger", {}).get("enum")
        if enum:
            return list(enum)
    return list(definition("effect")["properties"]["trigger"]["enum"])


def required_triggers(kind: str) -> list[str]:
    effects = _defs()[kind]["properties"].get("effects", {})
    return [part["contains"]["properties"]["trigger"]["const"]
            for part in effects.get("allOf", []) if "contains" in part]


def op_names() -> list[str]:
    return list(definition("op")["properties"]["op"]["enum"])


def inner_op_names() -> list[str]:
    """Ops allowed inside a ``choose`` option or a roll's Win / Loss (no nesting)."""
    banned = definition("op_inner")["allOf"][1]["properties"]["op"]["not"]["enum"]
    return [op for op in op_names() if op not in banned]


def card_roll_fields() -> list[tuple[str, dict[str, Any]]]:
    """A roll printed on a card (``roll`` op): kind, attribute, ability and the rest."""
    return list(definition("card_roll")["properties"].items())


def op_params(op: str) -> list[tuple[str, dict[str, Any], bool]]:
    """(parameter, schema, required) of one op; a parameter whose allowed values depend on
    another (``lock.name``) carries ``x-depends`` {other value: enum}."""
    spec = definition(f"op_{op}")
    required = set(spec.get("required", []))
    params = []
    for name, schema in spec["properties"].items():
        if name == "op":
            continue
        schema = dict(resolve(schema))
        depends: dict[str, list[Any]] = {}
        for part in spec.get("allOf", []):
            cond = part.get("if", {}).get("properties", {})
            then = part.get("then", {}).get("properties", {}).get(name, {})
            if cond and "enum" in then:
                (other, test), = cond.items()
                depends[f"{other}={test.get('const')}"] = then["enum"]
        if depends:
            schema["x-depends"] = depends
        params.append((name, schema, name in required))
    return params


def targets() -> list[str]:
    return list(definition("effect")["properties"]["target"]["enum"])


def duration_words() -> list[str]:
    return list(definition("duration")["oneOf"][0]["enum"])


def effect_cost_fields() -> list[tuple[str, dict[str, Any]]]:
    return list(definition("effect_cost")["properties"].items())


def once_values() -> list[str]:
    return list(definition("effect")["properties"]["once"]["enum"])


def roll_fields() -> list[tuple[str, dict[str, Any]]]:
    return list(definition("roll")["properties"].items())


def condition_keys() -> list[tuple[str, dict[str, Any]]]:
    """The one-key conditions (``all`` / ``any`` groups are handled apart)."""
    props = definition("condition")["properties"]
    return [(k, resolve(v)) for k, v in props.items() if k not in ("all", "any")]
