"""Reading rule numbers off a card.

The catalog's Card (engine.catalog) is used by duck typing, so the rules never
depend on how a pack spells a field beyond this one module: every lookup here is
lenient about key case and a few synonyms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

Card = Any  # engine.catalog.Card or anything with the same attributes
R = TypeVar("R")

# Cards are immutable, and the rules read the same few fields thousands of times a second,
# so each reading is remembered per card object (the object is kept to make id() safe).
_MEMO: dict[str, dict[int, tuple[Any, Any]]] = {}   # function name -> id(card) -> (card, value)


def _memo(fn: Callable[[Card], R]) -> Callable[[Card], R]:
    name = fn.__name__
    memo: dict[int, tuple[Any, Any]] = {}
    _MEMO[name] = memo
    get = memo.get

    def wrapper(card: Card) -> R:
        hit = get(id(card))
        if hit is not None and hit[0] is card:
            return hit[1]
        value = fn(card)
        memo[id(card)] = (card, value)
        return value

    wrapper.__name__ = name
    wrapper.__doc__ = fn.__doc__
    return wrapper

HEROICS = ("agility", "perception", "resilience", "reflexes", "healing", "gadgeteer",
           "hacking", "psyche", "fighting", "energy_projection", "stealth", "flight")
SKILLS = ("apologist", "public_relations", "offend", "rebutt")
COLORS = ("white", "silver", "black", "red", "blue", "green", "golden")
CLASS_COLOR = {"mentalist": "white", "captain": "silver", "sergeant": "black",
               "tank": "red", "inventor": "blue", "support": "green"}


def norm(name: Any) -> str:
    if type(name) is str:
        hit = _NORMED.get(name)
        if hit is not None:
            return hit
        value = _norm(name)
        if len(_NORMED) < 10_000:        # names come from cards and actions: a few hundred
            _NORMED[name] = value
        return value
    return _norm(name)


def _norm(name: Any) -> str:
    return str(name).strip().lower().replace(" ", "_").replace("-", "_").replace(".", "")


_NORMED: dict[str, str] = {}   # the rules normalise the same few names on every action


def _get(card: Card, name: str, default: Any = None) -> Any:
    value = getattr(card, name, None)
    if value is None:
        value = (getattr(card, "data", None) or {}).get(name, default)
    return default if value is None else value


def _num_map(raw: Any) -> dict[str, int]:
    if isinstance(raw, dict):
        out = {}
        for k, v in raw.items():
            try:
                out[norm(k)] = int(v)
            except (TypeError, ValueError):
                continue
        return out
    return {}


_KIND_ALIASES = {"combat_card": "combat", "combatcard": "combat", "twist!": "twist",
                 "twists": "twist", "weapon": "equipment", "character": "hero"}


@_memo
def kind(card: Card) -> str:
    k = norm(_get(card, "kind", "")).rstrip("!")
    return _KIND_ALIASES.get(k, k)


@_memo
def name(card: Card) -> str:
    return str(_get(card, "name", ""))


@_memo
def base_name(card: Card) -> str:
    """The name without a Persona (PT-UNIQ-2): "Hope - The Bright" is a copy of "Hope"."""
    full = name(card)
    persona = getattr(card, "persona", None)
    if persona and full.endswith(str(persona)):
        full = full[: -len(str(persona))]
    return full.split(" - ")[0].strip().rstrip("-").strip().casefold()


@_memo
def attributes(card: Card) -> dict[str, int]:
    return _num_map(_get(card, "attributes", {}))


@_memo
def nullify_effect(card: Card) -> dict[str, Any] | None:
    for e in effects(card):
        if e.get("trigger") == "nullify":
            return e
    return None


@_memo
def counts_turns(card: Card) -> bool:
    """The card counts Turns with Timing Counters (PT-COUNT-1): an "In X Turns" effect, or
    a condition on its own Timing Counters."""
    return any(e.get("trigger") == "in_turns" or "timing_counters_at_least" in repr(
        e.get("condition", "")) for e in effects(card))


@_memo
def static_effects(card: Card) -> list[dict[str, Any]]:
    return [e for e in effects(card) if e.get("trigger") == "static"]


def attribute(card: Card, attr: str) -> int:
    return attributes(card).get(attr, 0)


@_memo
def ranks(card: Card) -> dict[str, int]:
    """Heroics and Skills together, keyed by normalised name ("energy_projection")."""
    out = _num_map(_get(card, "heroics", {}))
    out.update(_num_map(_get(card, "skills", {})))
    return out


@_memo
def keywords(card: Card) -> list[str]:
    raw = _get(card, "keywords", []) or []
    return [str(k) for k in raw]


@_memo
def color(card: Card) -> str:
    return norm(_get(card, "color", "golden") or "golden")


@_memo
def card_class(card: Card) -> str | None:
    value = _get(card, "card_class", None) or _get(card, "class", None)
    return str(value) if value else None


@_memo
def effects(card: Card) -> list[dict[str, Any]]:
    raw = _get(card, "effects", []) or []
    return [e for e in raw if isinstance(e, dict)]


@_memo
def card_cost(card: Card) -> dict[str, int]:
    """A Combat card's own price in actions (the card field `cost`)."""
    raw = (getattr(card, "data", None) or {}).get("cost") or {}
    out: dict[str, int] = {}
    if isinstance(raw, dict):
        for k, v in raw.items():
            try:
                out[str(k)] = int(v)
            except (TypeError, ValueError):
                continue
    return out


@_memo
def requires(card: Card) -> list[dict[str, Any]]:
    raw = _get(card, "requires", []) or []
    if isinstance(raw, dict):
        return [{k: v} for k, v in raw.items()]
    return [r for r in raw if isinstance(r, dict)]


@_memo
def combat_step(card: Card) -> str | None:
    """"movement", "maneuver" or "attack" for a Combat card."""
    for key in ("combat_type", "step", "subtype", "type"):
        value = _get(card, key, None)
        if value:
            v = norm(value)
            if v.startswith("move"):
                return "movement"
            if v.startswith("maneuv") or v.startswith("manoeuv"):
                return "maneuver"
            if v.startswith("attack"):
                return "attack"
    return None


@_memo
def attack_type(card: Card) -> str | None:
    for key in ("attack_type", "weapon_type"):
        value = _get(card, key, None)
        if value:
            return norm(value)
    weapon = _get(card, "weapon", None)
    if isinstance(weapon, dict) and weapon.get("type"):
        return norm(weapon["type"])
    return None


def _slot(value: Any) -> int | None:
    if value is None:
        return None
    s = str(value).strip()
    if s in ("*", "", "-"):
        return None
    try:
        return int(s)
    except ValueError:
        return None


@_memo
def weapon(card: Card) -> tuple[str, int | None, int | None] | None:
    """(attack type, Trauma bonus, Stress bonus); None in a slot means "*" (PT-EQUIP-4)."""
    w = _get(card, "weapon", None)
    if isinstance(w, dict):
        wtype = norm(w.get("type", ""))
        if "bonus" in w:
            t, _, s = str(w["bonus"]).partition("/")
            return wtype, _slot(t), _slot(s)
        return wtype, _slot(w.get("trauma")), _slot(w.get("stress"))
    wtype = _get(card, "weapon_type", None)
    bonus = _get(card, "bonus", None) or _get(card, "damage", None)
    if wtype and bonus is not None:
        t, _, s = str(bonus).partition("/")
        return norm(wtype), _slot(t), _slot(s)
    return None


@_memo
def quantity(card: Card) -> int:
    for key in ("quantity", "start_quantity", "initial_quantity"):
        value = _get(card, key, None)
        if value is not None:
            try:
                return int(value)
            except (TypeError, ValueError):
                pass
    return 3


@_memo
def difficulty_life(card: Card) -> tuple[int, int]:
    d = _get(card, "difficulty", None)
    life = _get(card, "life", None)
    if d is None or life is None:
        dl = _get(card, "dl", None) or _get(card, "difficulty_life", None)
        if dl:
            a, _, b = str(dl).partition("/")
            return int(a or 0), int(b or 1)
    return int(d or 0), int(life or 1)


@_memo
def turn_allowed(card: Card) -> int | None:
    value = _get(card, "turn", None)
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None
