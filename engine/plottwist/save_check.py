"""Reading a save safely: shape, cards, invariants (docs/reliability.md, "Bad saves").

`Game.load` hands the parsed payload to :func:`read_payload`. It either returns a whole,
consistent position or raises :class:`SaveError` with a sentence a player can act on;
nothing else ever escapes, and no half-read game is handed out. The checks run in order:

1. **shape**: every field `GameState.from_json` / `Character.from_json` / `Coins.from_json`
   reads has the JSON type its dataclass declares (read from the annotations, so a field
   added to the state later is checked without touching this file);
2. **cards**: every card key the save names is in a loaded pack, every card instance a
   character, zone or Combat points at is described in the save;
3. **invariants**: counters within their caps and >= 0, no character twice in play, no card
   in two zones, all zones present. The wording here is the player's; the simulator's
   invariants (`invariants.py`, the ones the simulator checks) then run as the authority on
   everything else they know; the rules' maxima (`check_table_size`) are checked before
   anything is built from the state;
4. **smoke**: the game is asked for every seat's view and legal actions, so a damage no
   rule above foresaw is refused now instead of crashing the table later.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.core.errors import SaveError
from engine.core.rng import Coins
from engine.core.saves import Migration
from engine.core.zones import VISIBILITIES

from . import cards as C
from . import invariants
from .door import Door
from .options import RulesOptions
from .state import RESISTANCES, STATUSES, Character, Combat, GameState, Modifier

#: `MIGRATIONS[n]` turns a version-n save payload into a version-(n+1) one. Version 1 is
#: the first format ever written, so there is nothing to upgrade yet; the day the format
#: changes, SAVE_VERSION goes up and the step from the old version is registered here.
MIGRATIONS: dict[int, Migration] = {}

# the game Game.load builds (read_payload hands back what `make` made)
G = TypeVar("G", bound=Door)

# a counter, a Turn number or an id counter far beyond anything a game reaches is damage,
# and refusing it here keeps absurd numbers (10**30) out of arithmetic and formatting
MAX_NUMBER = 10**9
# a long evening's save is ~100 KB (the log and the rolls are trimmed): the JSON parser is
# not asked to read more than this
MAX_SAVE_CHARS = 20_000_000
# GameState.from_json reads these with d[...]; every other field is read with .get(), so
# saves made before it existed still load (new fields are added to the state over time)
REQUIRED_STATE = {"seats", "characters", "cards", "owners", "zones", "turn", "phase", "first",
                  "initiative", "passed", "conflict", "combats_this_turn",
                  "objective_revealed", "modifiers", "timing", "nullified", "mulliganed",
                  "first_combat_done", "cured_this_turn", "tally", "rolls", "log", "next_id"}
SIDES = ("heroes", "villains")
ROLES = ("hero", "villain", "mook")
WINNERS = (None, "heroes", "villains", "draw")
DAMAGED = "the save's game state is damaged"
BROKEN = "the save breaks a rule of the game"


# the id that groups a game's autosaves (engine.autosave.GAME_ID); a save from before ids,
# or with an id no app writes, has none and gets a new one when the table shows it
_GAME_ID = re.compile(r"^[0-9a-f]{8,32}$")


def game_id_of(payload: Mapping[str, Any]) -> str | None:
    found = payload.get("game_id")
    return found if isinstance(found, str) and _GAME_ID.fullmatch(found) else None


def table_meta_of(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The table's own facts about the game (Game.table_meta), or {} when the save has none
    or they are not plain JSON (the game itself still opens: nothing of the rules is there)."""
    found = payload.get("table_meta")
    return dict(found) if isinstance(found, dict) and _is_json(found) else {}


def damaged(what: str) -> SaveError:
    return SaveError(f"{DAMAGED}: {what}")


# --- 1. shape ------------------------------------------------------------------------------
def _kind(value: Any) -> str:
    """A JSON value's type in a player's words."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_int(v: Any) -> bool:
    # JSON true/false are Python ints; a counter that reads `true` is damage all the same
    return isinstance(v, int) and not isinstance(v, bool) and -MAX_NUMBER <= v <= MAX_NUMBER


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_scalar(v: Any) -> bool:
    if isinstance(v, float):
        return math.isfinite(v)
    return v is None or isinstance(v, str | bool) or _is_int(v)


def _is_json(v: Any, depth: int = 0) -> bool:
    """Plain, finite JSON of reasonable depth (card effect ops, roll records)."""
    if depth > 20:
        return False
    if isinstance(v, list):
        return all(_is_json(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _is_json(x, depth + 1) for k, x in v.items())
    return _is_scalar(v)


def _list_of(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and all(ok(x) for x in v)


def _dict_of(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, dict) and all(isinstance(k, str) and ok(x)
                                                 for k, x in v.items())


def _optional(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or ok(v)


# annotation text (the dataclasses use `from __future__ import annotations`) -> a check
# and the words for the message
SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "str": (_is_str, "text"),
    "int": (_is_int, "a whole number"),
    "bool": (lambda v: isinstance(v, bool), "true/false"),
    "str | None": (_optional(_is_str), "text or empty"),
    "int | None": (_optional(_is_int), "a whole number or empty"),
    "list[str]": (_list_of(_is_str), "a list of text"),
    "dict[str, int]": (_dict_of(_is_int), "an object of whole numbers"),
    "dict[str, str]": (_dict_of(_is_str), "an object of text"),
    "dict[str, Any]": (lambda v: isinstance(v, dict) and _is_json(v), "an object"),
    "list[dict[str, str]]": (_list_of(_dict_of(_is_str)), "a list of objects of text"),
    "list[dict[str, Any]]": (_list_of(lambda v: isinstance(v, dict) and _is_json(v)),
                             "a list of objects"),
    # Character.boosts: roll kind -> [coins, automatic successes]
    "dict[str, list[int]]": (_dict_of(lambda v: isinstance(v, list) and len(v) == 2
                                      and all(_is_int(x) for x in v)),
                             "an object of [coins, successes] pairs"),
}


def _check_fields(d: Any, cls: type, where: str, required: Callable[[str], bool],
                  skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check `d` against the dataclass `cls`: it is an object, has the fields `required`
    names, and each field it has holds its declared type. Unknown fields are refused where
    `from_json` passes them on as keyword arguments (they would be a TypeError)."""
    if not isinstance(d, dict):
        raise damaged(f"{where} should be an object, not {_kind(d)}")
    declared = {f.name: f for f in dataclasses.fields(cls)}
    for name, f in declared.items():
        if name not in d:
            if required(name):
                raise damaged(f"{where} has no '{name}'")
            continue
        if name in skip:        # the caller checks these itself
            continue
        shape = SHAPES.get(str(f.type))
        if shape is not None and not shape[0](d[name]):
            raise damaged(f"{where} '{name}' should be {shape[1]}, not {_kind(d[name])}")
    return declared


def _check_character(d: Any, n: int) -> None:
    where = f"character {n + 1}"
    if isinstance(d, dict) and isinstance(d.get("name"), str):
        where = f"character {d['name']!r}"
    declared = _check_fields(d, Character, where, lambda name: name in (
        "id", "card", "key", "name", "side", "seat", "role"))
    unknown = sorted(set(d) - set(declared))
    if unknown:
        raise damaged(f"{where} has an unknown field '{unknown[0]}'")
    if d["side"] not in SIDES:
        raise damaged(f"{where} is on side {d['side']!r}, not heroes or villains")
    if d["role"] not in ROLES:
        raise damaged(f"{where} has the role {d['role']!r}, not hero, villain or mook")
    for status in d.get("statuses", []):
        if status not in STATUSES:
            raise damaged(f"{where} has an unknown status {status!r}")
    if d["role"] != "mook":
        for res in RESISTANCES:
            for part, label in (("stress", "Stress"), ("maxes", "Resistance")):
                if res not in d.get(part, {}):
                    raise damaged(f"{where} has no {res.title()} {label}")


def _check_state_shape(d: Any) -> None:
    if not isinstance(d, dict):
        raise damaged(f"'state' should be an object, not {_kind(d)}")
    _check_fields(d, GameState, "the state",
                  lambda name: name in REQUIRED_STATE,
                  skip=("characters", "zones", "options", "combat", "modifiers"))
    seats = d["seats"]
    if not seats or len(set(seats)) != len(seats) or "gm" not in seats:
        raise damaged(f"the seats {seats!r} should be the GM's and each Player's, once each")
    for key in ("characters", "zones", "modifiers"):
        if not isinstance(d[key], list):
            raise damaged(f"'{key}' should be a list, not {_kind(d[key])}")
    for n, ch in enumerate(d["characters"]):
        _check_character(ch, n)
        if ch["seat"] not in seats:
            raise damaged(f"{ch['name']} is played from seat {ch['seat']!r}, "
                          "which is not at this table")
    names: list[str] = [z["name"] for z in d["zones"] if isinstance(z, dict)
                        and isinstance(z.get("name"), str)]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise damaged(f"the zone '{twice[0]}' appears twice")
    ids = [ch["id"] for ch in d["characters"]]
    if len(set(ids)) != len(ids):
        raise damaged("two characters share one id")
    for n, z in enumerate(d["zones"]):
        if not isinstance(z, dict):
            raise damaged(f"zone {n + 1} should be an object, not {_kind(z)}")
        name = z.get("name")
        if not isinstance(name, str):
            raise damaged(f"zone {n + 1} has no name")
        if z.get("visibility") not in VISIBILITIES:
            raise damaged(f"zone '{name}' has an unknown visibility {z.get('visibility')!r}")
        if not _optional(_is_str)(z.get("owner")):
            raise damaged(f"zone '{name}' has an owner that is not a seat")
        if not _list_of(_is_str)(z.get("cards")):
            raise damaged(f"zone '{name}' should hold a list of cards")
    options = d.get("options")
    if options is not None:
        if not isinstance(options, dict):
            raise damaged(f"the rules options should be an object, not {_kind(options)}")
        for f in dataclasses.fields(RulesOptions):
            if f.name in options and not SHAPES[str(f.type)][0](options[f.name]):
                raise damaged(f"the rules option '{f.name}' should be "
                              f"{SHAPES[str(f.type)][1]}, not {_kind(options[f.name])}")
    if d.get("combat") is not None:
        _check_fields(d["combat"], Combat, "the Combat",
                      lambda name: name in ("attacker", "defender"))
        unknown = sorted(set(d["combat"]) - {f.name for f in dataclasses.fields(Combat)})
        if unknown:
            raise damaged(f"the Combat has an unknown field '{unknown[0]}'")
        for p in d["combat"].get("played", []):
            if not (_is_str(p.get("id")) and _is_str(p.get("by"))):
                raise damaged("a card played in the Combat has no card or no player")
    for n, m in enumerate(d["modifiers"]):
        _check_fields(m, Modifier, f"lasting effect {n + 1}",
                      lambda name: name in ("target", "op", "source", "duration"))
        if not _is_str(m["op"].get("op")):
            raise damaged(f"lasting effect {n + 1} names no effect")
    if d.get("first") not in SIDES or d.get("initiative") not in SIDES:
        raise damaged("the side holding Initiative is neither heroes nor villains")
    if d.get("winner") not in WINNERS:
        raise damaged(f"the winner {d.get('winner')!r} is not heroes, villains or draw")
    for line in d["log"]:
        # a private line is "\0seats\0text\0public text" (context.emit)
        if line.startswith("\x00") and line.count("\x00") != 3:
            raise damaged("a private line of the game log is cut")


def _check_coins(d: Any) -> Coins:
    if not isinstance(d, dict):
        raise damaged(f"the coins should be an object, not {_kind(d)}")
    rng = d.get("rng")
    if not (isinstance(rng, list) and len(rng) == 3 and _is_int(rng[0])
            and isinstance(rng[1], list)
            and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32
                    for x in rng[1])
            and (rng[2] is None or (isinstance(rng[2], float) and math.isfinite(rng[2])))):
        raise damaged("the coin generator's position is unreadable")
    seed = d.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise damaged("the coins' seed is not a whole number")
    if not _is_str(d.get("forced", "")) or not _list_of(_is_str)(d.get("record", [])):
        raise damaged("the coins' record is unreadable")
    try:
        return Coins.from_json(d)
    except (TypeError, ValueError, OverflowError) as e:
        # random.setstate refuses a generator state it cannot have produced
        raise damaged(f"the coin generator's position is unreadable ({e})") from e


# --- 2. cards -------------------------------------------------------------------------------
def _check_cards(payload: dict[str, Any], st: GameState,
                 lookup: Callable[[str], Any]) -> tuple[dict[str, Any], list[str], list[str]]:
    """The card data the game plays: the save's card list plus any key its state uses.

    A save carries a copy of each card it uses (``card_data``, docs/reliability.md,
    "A save keeps working after its pack changes"). A card the loaded packs hold unchanged
    is the pack's card; one the packs changed, renamed or dropped is the save's copy
    (checked against the card schema like any pack card). Returns the cards, and the keys
    whose pack card differs and those no pack holds any more. A save from before copies
    needs every card in the loaded packs, as before."""
    listed = payload.get("cards", [])
    if not _list_of(_is_str)(listed):
        raise damaged("the card list should be a list of card names")
    carried = payload.get("card_data", {})
    if not isinstance(carried, dict):
        raise damaged(f"the save's card copies should be an object, not {_kind(carried)}")
    keys = list(dict.fromkeys([*listed, *st.cards.values(),
                               *(c.key for c in st.characters.values())]))
    cards: dict[str, Any] = {}
    missing: list[str] = []
    differs: list[str] = []
    gone: list[str] = []
    for key in keys:
        card = lookup(key)
        own = carried.get(key)
        if own is None or (card is not None and getattr(card, "data", None) == own):
            if card is None:
                missing.append(key)
            else:
                cards[key] = card
            continue
        cards[key] = _card_from_save(key, own)
        (differs if card is not None else gone).append(key)
    if missing:
        shown = ", ".join(missing[:10]) + ("…" if len(missing) > 10 else "")
        what = "a card that is" if len(missing) == 1 else f"{len(missing)} cards that are"
        raise SaveError(f"the save names {what} not in the loaded packs: {shown}; "
                        "load the pack it comes from and open the save again")
    return cards, differs, gone


def _card_from_save(key: str, data: Any) -> Any:
    """The save's own copy of a card, held to the card schema like a pack's card. It never
    names a file to read: a card's picture comes from a pack by its key, if at all."""
    from engine.catalog import Card, validate_card_data

    problems = validate_card_data(data)
    if problems:
        where, message = problems[0]
        raise damaged(f"the save's copy of card {key} is not a valid card: "
                      f"{where + ': ' if where else ''}{message}")
    pack, _, _ = key.partition("/")
    return Card(key=key, pack=pack, kind=str(data["kind"]), name=str(data["name"]),
                data=data, file="(this save)")


def card_fingerprint(card: Any) -> str:
    """A short digest of a pack card's data: "told about this version of the pack"."""
    # hashlib loads OpenSSL (≈ 11 M instructions): only a save whose packs changed needs it,
    # not every import of the engine (docs/performance.md, start-up part 6)
    import hashlib

    data = getattr(card, "data", None)
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def pack_change_notes(payload: Mapping[str, Any], differs: list[str], gone: list[str],
                      lookup: Callable[[str], Any]) -> tuple[list[str], dict[str, str]]:
    """What to tell the players about cards the packs changed since the save, and the
    record of what has been told (saved with the game, so each change is told once)."""
    told_raw = payload.get("cards_told", {})
    told = {k: v for k, v in told_raw.items() if isinstance(k, str) and isinstance(v, str)
            and (k in differs or k in gone)} if isinstance(told_raw, dict) else {}
    now = {**{k: card_fingerprint(lookup(k)) for k in differs}, **dict.fromkeys(gone, "gone")}
    new = [k for k, mark in now.items() if told.get(k) != mark]
    notes = []
    for keys, what in (([k for k in new if k in differs], "differ from the loaded packs"),
                       ([k for k in new if k in gone], "are no longer in the loaded packs")):
        if keys:
            shown = ", ".join(keys[:6]) + ("…" if len(keys) > 6 else "")
            notes.append(f"{len(keys)} card(s) of this game {what} ({shown}): the game "
                         "plays its own saved copies")
    return notes, {**told, **now}


def _check_references(st: GameState) -> None:
    known = st.cards

    def instance(inst: str, what: str) -> None:
        if inst not in known:
            raise damaged(f"{what} is card '{inst}', which the save does not describe")

    for ch in st.characters.values():
        instance(ch.card, f"{ch.name}'s card")
        if known[ch.card] != ch.key:
            raise damaged(f"{ch.name}'s card '{ch.card}' is '{known[ch.card]}', "
                          f"not '{ch.key}'")
        for e in ch.equipment:
            instance(e, f"{ch.name}'s Equipment")
        if ch.in_use is not None and ch.in_use not in ch.equipment:
            raise damaged(f"{ch.name} uses an Equipment card it does not carry")
    for what, inst in (("the Location", st.location), ("the Lair", st.lair),
                       ("the Objective", st.objective)):
        if inst is not None:
            instance(inst, what)
    for z in st.zones.values():
        for inst in z.cards:
            instance(inst, f"a card in '{z.name}'")
    cb = st.combat
    if cb is not None:
        if cb.attacker not in st.characters:
            raise damaged(f"the Combat's attacker '{cb.attacker}' is no character")
        if cb.defender not in st.characters and not (cb.bystander and cb.defender in known):
            raise damaged(f"the Combat's defender '{cb.defender}' is no character")
        for p in cb.played:
            instance(p["id"], "a card played in the Combat")
    for seat in st.peeked:
        if seat not in st.seats:
            raise damaged(f"seat {seat!r} peeked at the Objective but is not at this table")


# --- 3. invariants ------------------------------------------------------------------------
def check_invariants(game: Door) -> None:
    """Refuse a position no game can reach, in the player's words; then the simulator's
    invariants, which know more rules (Energy spent against Power, action counts …)."""
    st = game.state
    expected = _zone_names(st.seats)
    for name in expected:
        if name not in st.zones:
            raise SaveError(f"{DAMAGED}: the save has no '{name}' zone")
    for ch in st.characters.values():
        who = ch.name
        if ch.role != "mook":
            for res in RESISTANCES:
                s, cap, t = ch.stress[res], ch.maxes[res], ch.trauma.get(res, 0)
                label = res.title()
                if s < 0:
                    raise SaveError(f"{BROKEN}: {who}'s {label} Stress is {s}, below 0")
                if s > cap:
                    raise SaveError(f"{BROKEN}: {who}'s {label} Stress is {s} but its "
                                    f"Resistance is {cap}")
                if t < 0:
                    raise SaveError(f"{BROKEN}: {who}'s {label} Trauma is {t}, below 0")
                if s + t > cap:
                    raise SaveError(f"{BROKEN}: {who}'s {label} Stress {s} and Trauma {t} "
                                    f"add up to more than its Resistance {cap}")
            if ch.energy < 0:
                raise SaveError(f"{BROKEN}: {who}'s Energy is {ch.energy}, below 0")
            cap = ch.maxes.get("belief", 0)
            if ch.belief is not None and not 0 <= ch.belief <= cap:
                raise SaveError(f"{BROKEN}: {who}'s Belief is {ch.belief} but must stay "
                                f"between 0 and its Resistance {cap}")
        for label, value in (("Hate", ch.hate), ("Quantity", ch.quantity)):
            if value is not None and value < 0:
                raise SaveError(f"{BROKEN}: {who}'s {label} is {value}, below 0")
    in_play: dict[str, list[Character]] = {}
    for ch in st.characters.values():
        if ch.in_play:
            # "Name - Title" variants are one character (PT-UNIQ)
            in_play.setdefault(ch.name.split(" - ")[0].casefold(), []).append(ch)
    for same in in_play.values():
        if len(same) > 1:
            raise SaveError(f"{BROKEN}: two copies of {same[0].name} are in play "
                            f"({', '.join(c.id for c in same)})")
    where: dict[str, str] = {}
    for z in st.zones.values():
        for inst in z.cards:
            if inst in where:
                raise SaveError(f"{BROKEN}: card {inst} ({C.name(game.cards[st.cards[inst]])}) "
                                f"is in two zones, '{where[inst]}' and '{z.name}'")
            where[inst] = z.name

    try:
        invariants.check_invariants(game)
    except invariants.InvariantError as e:
        raise SaveError(f"{BROKEN}: {e}") from e


def _zone_names(seats: list[str]) -> list[str]:
    # the very list setup builds a table from, so the two never drift apart
    from .rules.setup import _zone_specs

    return [name for name, _, _ in _zone_specs(seats)]


# --- the whole read -------------------------------------------------------------------------
def read_payload(payload: dict[str, Any], lookup: Callable[[str], Any],
                 make: Callable[[GameState, Coins, Mapping[str, Any]], G]) -> G:
    """Check a migrated save payload and build the game from it, or raise SaveError."""
    if "state" not in payload:
        raise damaged("'state' is missing")
    state_json: dict[str, Any] = payload["state"]
    if "coins" not in payload:
        raise damaged("'coins' is missing")
    _check_state_shape(state_json)
    coins = _check_coins(payload["coins"])
    try:
        st = GameState.from_json(state_json)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        # a field this module does not know yet (added to the state since) is damaged
        raise damaged(f"{e!r}") from e
    try:
        # before anything per character runs: the views' cost grows with the table
        invariants.check_table_size(st)
    except invariants.InvariantError as e:
        raise SaveError(f"{BROKEN}: {e}") from e
    cards, differs, gone = _check_cards(payload, st, lookup)
    _check_references(st)
    game = make(st, coins, cards)
    check_invariants(game)
    _smoke(game)
    game.load_notes, game.cards_told = pack_change_notes(payload, differs, gone, lookup)
    return game


def _smoke(game: Door) -> None:
    try:
        for viewer in [*game.state.seats, "table"]:
            game.view(viewer)
        for seat in game.state.seats:
            game.legal_actions(seat)
    except Exception as e:  # noqa: BLE001 - any failure here means the save cannot be played
        raise damaged(f"the game cannot be shown from it ({type(e).__name__}: {e})") from e
