"""The whole position of a Plot Twist game as plain data that serialises to JSON.

Copies are made by hand, never by deepcopy: `copy()` (search and undo) copies every
container to_json would copy and shares the rest (strings, numbers, the frozen options),
so a copy is as independent as a save and reload, at a fraction of the cost.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.zones import Zone
from engine.fieldwise import FieldwiseEq
from engine.records import record

from . import record_inits
from .options import RulesOptions

RESISTANCES = ("physical", "mental", "social")
# What the rules remember on a GameState besides its fields (modifiers.static_sources,
# events.check_nullify_conditions, victory.check, agents). An undo snapshot leaves them
# all behind. The roster count goes with them: it only tells apart positions one memo saw.
MEMOS = ("_static_cache", "_static_frozen", "_nullify_watch", "_agent_nullifiable",
         "_agent_facts", "_agent_roster", "_victory_roster", "_victory_threat",
         "roster_changes")
# The memos GameState.copy leaves behind: those holding the position's own characters
# (the agent's rosters, the static sources frozen while a view is built) or changed in
# place (the rosters' dict), and the agent's card facts (kept for one key -> card table,
# which Game.copy copies). The others are plain values kept under a key the copy has
# equal (the static sources' signature, the revealed zones' lists, the Objective, the
# roster count, carried too), and nobody changes them in place: a search's copy keeps
# them instead of working them out again after its first action.
LEFT_BY_COPY = ("_static_frozen", "_agent_facts", "_agent_roster")
STATUSES = ("Incapacitated", "Demoralized", "Stunned", "Prone", "Surprised", "Flying", "Hidden")


@record(record_inits)
class Character(FieldwiseEq):
    """A character in play or out of it: its counters, Statuses and this Turn's use."""
    id: str
    card: str           # the card instance on the table
    key: str            # the catalog key of the card
    name: str
    side: str           # "heroes" | "villains"
    seat: str           # the controlling seat
    role: str           # "hero" | "villain" | "mook"
    main: bool = False
    crossover: bool = False
    in_play: bool = True
    out: str | None = None          # why it left play: incapacitated, surrendered, hidden, ...
    stress: dict[str, int] = field(default_factory=dict)
    # printed Resistances and belief: written only by setup.make_character (copy shares it)
    maxes: dict[str, int] = field(default_factory=dict)
    trauma: dict[str, int] = field(default_factory=dict)
    belief: int | None = None
    energy: int = 0
    hate: int | None = None
    quantity: int | None = None
    statuses: list[str] = field(default_factory=list)
    move: int = 2
    attack: int = 1
    equipment: list[str] = field(default_factory=list)
    in_use: str | None = None
    # per-Turn bookkeeping (reset at Start of Turn)
    energy_spent: int = 0
    quantity_spent: int = 0
    free_used: list[str] = field(default_factory=list)
    initiated: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)
    bought_attack: bool = False
    # bought before a roll: roll kind -> [coins, automatic successes]
    boosts: dict[str, list[int]] = field(default_factory=dict)
    # Surprised that ends when the character next Defends, not with a card duration
    surprised_by_sneak: bool = False
    perception: int = 0
    hacking: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "card": self.card, "key": self.key, "name": self.name,
            "side": self.side, "seat": self.seat, "role": self.role, "main": self.main,
            "crossover": self.crossover, "in_play": self.in_play, "out": self.out,
            "stress": dict(self.stress), "maxes": dict(self.maxes), "trauma": dict(self.trauma),
            "belief": self.belief, "energy": self.energy, "hate": self.hate,
            "quantity": self.quantity, "statuses": list(self.statuses), "move": self.move,
            "attack": self.attack, "equipment": list(self.equipment), "in_use": self.in_use,
            "energy_spent": self.energy_spent, "quantity_spent": self.quantity_spent,
            "free_used": list(self.free_used), "initiated": list(self.initiated),
            "attacked": list(self.attacked), "bought_attack": self.bought_attack,
            "boosts": {k: list(v) for k, v in self.boosts.items()},
            "surprised_by_sneak": self.surprised_by_sneak,
            "perception": self.perception, "hacking": self.hacking,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Character:
        c = cls(**d)
        c.stress = dict(c.stress)
        c.maxes = dict(c.maxes)
        c.trauma = dict(c.trauma)
        c.statuses = list(c.statuses)
        c.equipment = list(c.equipment)
        c.free_used = list(c.free_used)
        c.initiated = list(c.initiated)
        c.attacked = list(c.attacked)
        c.boosts = {k: list(v) for k, v in c.boosts.items()}
        return c

    def copy(self) -> Character:
        # list.copy(), not [:], here and in GameState.copy: ≈ 240 instructions fewer per
        # list (no slice object), ≈ 40 lists a position
        c = object.__new__(Character)
        d = self.__dict__.copy()
        d["stress"] = self.stress.copy()
        # `maxes` is shared: the printed Resistances and Belief are written once, when the
        # character is made (setup.make_character), and only read after
        d["trauma"] = self.trauma.copy()
        d["statuses"] = self.statuses.copy()
        d["equipment"] = self.equipment.copy()
        d["free_used"] = self.free_used.copy()
        d["initiated"] = self.initiated.copy()
        d["attacked"] = self.attacked.copy()
        if self.boosts:
            d["boosts"] = {k: v.copy() for k, v in self.boosts.items()}
        else:
            d["boosts"] = {}
        c.__dict__ = d
        return c

    def has(self, status: str) -> bool:
        return status in self.statuses


@record(record_inits)
class Modifier(FieldwiseEq):
    """A lasting effect op on a target (effects.md durations)."""
    target: str
    op: dict[str, Any]
    source: str            # card instance id, or a rule name
    duration: str          # this_attack | this_combat | this_turn | turns | permanent
    turns: int = 0         # the X of "For X Turns"
    counters: int = 0      # Timing Counters gained so far

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "op": dict(self.op), "source": self.source,
                "duration": self.duration, "turns": self.turns, "counters": self.counters}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Modifier:
        return cls(d["target"], dict(d["op"]), d["source"], d["duration"], d.get("turns", 0),
                   d.get("counters", 0))

    def copy(self) -> Modifier:
        return Modifier(self.target, dict(self.op), self.source, self.duration, self.turns,
                        self.counters)


@record(record_inits)
class Combat(FieldwiseEq):
    """The Combat under way: who attacks whom, its step and Distance (PT-COMBAT)."""
    attacker: str
    defender: str           # a character id, or a Bystander card instance id
    bystander: bool = False
    step: str = "movement"  # start | movement | maneuver | attack | end
    distance: str = "ranged"
    passed: list[str] = field(default_factory=list)
    played: list[dict[str, str]] = field(default_factory=list)
    sneak: bool = False
    attacks: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "defender": self.defender,
                "bystander": self.bystander, "step": self.step, "distance": self.distance,
                "passed": list(self.passed), "played": [dict(p) for p in self.played],
                "sneak": self.sneak, "attacks": self.attacks}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Combat:
        c = cls(**d)
        c.passed = list(c.passed)
        c.played = [dict(p) for p in c.played]
        return c

    def copy(self) -> Combat:
        c = object.__new__(Combat)
        d = self.__dict__.copy()
        d["passed"] = self.passed.copy()
        d["played"] = [p.copy() for p in self.played]
        c.__dict__ = d
        return c


@record(record_inits)
class GameState(FieldwiseEq):
    """The whole position; copy() and to_json() cover every field."""
    seats: list[str]
    characters: dict[str, Character] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)        # instance id -> catalog key
    owners: dict[str, str] = field(default_factory=dict)       # instance id -> seat
    zones: dict[str, Zone] = field(default_factory=dict)
    options: RulesOptions = field(default_factory=RulesOptions)
    turn: int = 1
    phase: str = "start"      # start | combat | end | pursuit | interview | over
    first: str = "heroes"     # the side holding Initiative first this Turn (PT-ROF-5 flips it)
    initiative: str = "heroes"
    passed: list[str] = field(default_factory=list)  # sides that passed in this phase
    conflict: int = 1
    combat: Combat | None = None
    combats_this_turn: int = 0
    location: str | None = None
    lair: str | None = None
    objective: str | None = None
    objective_revealed: bool = False
    winner: str | None = None      # heroes | villains | draw
    result: str = ""
    modifiers: list[Modifier] = field(default_factory=list)
    timing: dict[str, int] = field(default_factory=dict)   # Timing Counters on cards
    nullified: list[str] = field(default_factory=list)
    mulliganed: list[str] = field(default_factory=list)
    first_combat_done: bool = False
    cured_this_turn: int = 0
    once_used: list[str] = field(default_factory=list)  # "once per conflict/game" abilities
    cured_from: dict[str, int] = field(default_factory=dict)  # Belief Cured per Hero, this Turn
    masterplan: bool = False
    questions_left: int = 0      # in an Interview (phase "interview")
    extra_questions: int = 0     # added by cards for the next Interview (PT-INTV-3)
    tally: dict[str, int] = field(default_factory=dict)  # bystanders_killed, events_revealed, ...
    # seats whose Player has peeked at the face-down Objective (PT-HERC-4/9, A-37): their
    # own view shows its face from then on, nobody else's does
    peeked: list[str] = field(default_factory=list)
    # part 2 (written only once used, like once_used):
    location_permits: dict[str, int] = field(default_factory=dict)  # seat -> Locations (LOC-4)
    next_location: str | None = None   # the GM's pick for the next Conflict (PT-FLEE-8)
    left_behind: dict[str, str] = field(default_factory=dict)  # Bystander -> its Location
    deferred: list[dict[str, Any]] = field(default_factory=list)  # BYST-9 "Turns" effects
    ending: str = ""               # how the game ended, a short code (docs/rules.md)
    twist_pending: bool = False    # option twist_choice="choose": the Players pick
    main_pending: list[str] = field(default_factory=list)  # XOVER-6: the GM picks the Main
    # a `relocate` without a target waits for its controller: {"seat", "source",
    # "options"} ("seat" "heroes": any Player)
    relocate_pending: dict[str, Any] = field(default_factory=dict)
    # BYST-9/10, A-42: "you" of Fled-from Bystanders' effects, chosen in order: {"card",
    # "index", "seat" ("heroes" | "gm"), "clause", "options"}
    target_pending: list[dict[str, Any]] = field(default_factory=list)
    # an `interview` op ran; Game.apply starts the Interview once the action is done
    # (never saved: it is cleared within the same action)
    interview_requested: bool = False
    # part 3 (written only once used): Details whose "In X Turns" effects wait (PT-COUNT-2):
    # card instance -> the id of the character who is "you"
    counting: dict[str, str] = field(default_factory=dict)
    # Player seats that passed while the Heroes hold Initiative (PT-TURN-1/2, A-1)
    players_passed: list[str] = field(default_factory=list)
    # Details with an `activated` effect ("spend 1 Belief to repeat this effect once this
    # Conflict"): card instance -> [the Hero who played it, the Conflict it was played in]
    played_details: dict[str, list[Any]] = field(default_factory=dict)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    next_id: int = 1
    # Bumped whenever a character comes into play or leaves it, or a character's
    # equipment in use changes (roster_changed): modifiers._static compares this number
    # instead of every character's card, side, equipment in use and in_play on each of
    # its lookups. Not a field: never saved; a loaded or copied position starts its
    # memos, and this count, afresh (MEMOS).
    roster_changes = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "characters": [c.to_json() for c in self.characters.values()],
            "cards": dict(self.cards), "owners": dict(self.owners),
            "zones": [z.to_json() for z in self.zones.values()],
            "options": self.options.to_json(),
            "turn": self.turn, "phase": self.phase, "first": self.first,
            "initiative": self.initiative, "passed": list(self.passed),
            "conflict": self.conflict,
            "combat": self.combat.to_json() if self.combat else None,
            "combats_this_turn": self.combats_this_turn, "location": self.location,
            "lair": self.lair, "objective": self.objective,
            "objective_revealed": self.objective_revealed, "winner": self.winner,
            "result": self.result, "modifiers": [m.to_json() for m in self.modifiers],
            "timing": dict(self.timing), "nullified": list(self.nullified),
            "mulliganed": list(self.mulliganed), "first_combat_done": self.first_combat_done,
            "cured_this_turn": self.cured_this_turn, "tally": dict(self.tally),
            "rolls": [dict(r) for r in self.rolls], "log": list(self.log),
            "next_id": self.next_id,
            # written only once used, so saves made before the field existed re-save
            # byte for byte (tests/reliability)
            **({"once_used": list(self.once_used)} if self.once_used else {}),
            **({"cured_from": dict(self.cured_from)} if self.cured_from else {}),
            **({"masterplan": True} if self.masterplan else {}),
            **({"questions_left": self.questions_left} if self.questions_left else {}),
            **({"extra_questions": self.extra_questions} if self.extra_questions else {}),
            **({"peeked": list(self.peeked)} if self.peeked else {}),
            **({"location_permits": dict(self.location_permits)}
               if self.location_permits else {}),
            **({"next_location": self.next_location} if self.next_location else {}),
            **({"left_behind": dict(self.left_behind)} if self.left_behind else {}),
            **({"deferred": [dict(x) for x in self.deferred]} if self.deferred else {}),
            **({"ending": self.ending} if self.ending else {}),
            **({"twist_pending": True} if self.twist_pending else {}),
            **({"main_pending": list(self.main_pending)} if self.main_pending else {}),
            **({"relocate_pending": dict(self.relocate_pending)}
               if self.relocate_pending else {}),
            **({"target_pending": [dict(x) for x in self.target_pending]}
               if self.target_pending else {}),
            **({"counting": dict(self.counting)} if self.counting else {}),
            **({"players_passed": list(self.players_passed)} if self.players_passed else {}),
            **({"played_details": {k: list(v) for k, v in self.played_details.items()}}
               if self.played_details else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        chars = [Character.from_json(c) for c in d["characters"]]
        zones = [Zone.from_json(z) for z in d["zones"]]
        return cls(
            seats=list(d["seats"]),
            characters={c.id: c for c in chars},
            cards=dict(d["cards"]), owners=dict(d["owners"]),
            zones={z.name: z for z in zones},
            options=RulesOptions.from_json(d.get("options")),
            turn=d["turn"], phase=d["phase"], first=d["first"], initiative=d["initiative"],
            passed=list(d["passed"]), conflict=d["conflict"],
            combat=Combat.from_json(d["combat"]) if d.get("combat") else None,
            combats_this_turn=d["combats_this_turn"], location=d.get("location"),
            lair=d.get("lair"), objective=d.get("objective"),
            objective_revealed=d["objective_revealed"], winner=d.get("winner"),
            result=d.get("result", ""),
            modifiers=[Modifier.from_json(m) for m in d["modifiers"]],
            timing=dict(d["timing"]), nullified=list(d["nullified"]),
            mulliganed=list(d["mulliganed"]), first_combat_done=d["first_combat_done"],
            cured_this_turn=d["cured_this_turn"], tally=dict(d["tally"]),
            once_used=list(d.get("once_used", [])),
            cured_from=dict(d.get("cured_from", {})), masterplan=bool(d.get("masterplan")),
            questions_left=int(d.get("questions_left", 0)),
            extra_questions=int(d.get("extra_questions", 0)),
            peeked=list(d.get("peeked", [])),
            location_permits=dict(d.get("location_permits", {})),
            next_location=d.get("next_location"),
            left_behind=dict(d.get("left_behind", {})),
            deferred=[dict(x) for x in d.get("deferred", [])],
            ending=str(d.get("ending", "")),
            twist_pending=bool(d.get("twist_pending")),
            main_pending=list(d.get("main_pending", [])),
            relocate_pending=dict(d.get("relocate_pending", {})),
            target_pending=[dict(x) for x in d.get("target_pending", [])],
            counting=dict(d.get("counting", {})),
            players_passed=list(d.get("players_passed", [])),
            played_details={k: list(v) for k, v in d.get("played_details", {}).items()},
            rolls=[dict(r) for r in d["rolls"]], log=list(d["log"]), next_id=d["next_id"],
        )

    # Fields holding a container that copy() copies one level deep, as to_json does
    # (the rest hold strings, numbers, None or the frozen options, and are shared).
    _LISTS = ("seats", "passed", "nullified", "mulliganed", "once_used", "peeked",
              "main_pending", "log", "players_passed")
    _DICTS = ("timing", "cured_from", "tally", "location_permits", "left_behind",
              "relocate_pending", "counting")
    _LISTS_OF_DICTS = ("deferred", "target_pending")
    _DICTS_OF_LISTS = ("played_details",)
    # copied by hand in copy() and frozen_copy(); tests/engine/test_copy.py holds that
    # every container field is in one of these groups
    _BY_HAND = ("characters", "zones", "modifiers", "rolls")
    # Shared by every copy, never copied: the card instances' catalog keys and owners are
    # written while the table is set up (rules/setup.py, scenario.py) and only read once
    # the game is under way (≈ 90 entries each, two dict copies a search's copy saves).
    _SET_UP = ("cards", "owners")

    def copy(self) -> GameState:
        """A separate position equal to this one (to_json of both is equal); changing
        one never changes the other (the zones are shared until one of the two changes
        them: zone_to_change). Memoised readings that hold this state's own objects
        (LEFT_BY_COPY, e.g. the agent's rosters of Character objects) stay behind; the
        others are carried.

        The roll records are shared, not copied: a record is complete once the action
        that rolled it is done (rules/rolls.py), and nothing changes it afterwards."""
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        for name in LEFT_BY_COPY:
            d.pop(name, None)
        for name in self._LISTS:
            d[name] = d[name].copy()
        for name in self._DICTS:
            d[name] = d[name].copy()
        for name in self._LISTS_OF_DICTS:
            items = d[name]
            if items:
                d[name] = [x.copy() for x in items]
            else:
                d[name] = []
        for name in self._DICTS_OF_LISTS:       # a comprehension is a call: only if needed
            items = d[name]
            d[name] = {k: v.copy() for k, v in items.items()} if items else {}
        d["rolls"] = self.rolls.copy()
        d["characters"] = {k: c.copy() for k, c in self.characters.items()}
        # the zones are shared, not copied: each position copies a zone before its first
        # change (zone_to_change), and most of a search's copies change two or three of 24
        zones = d["zones"] = self.zones.copy()
        for z in zones.values():
            z.shared = True
        d["modifiers"] = [m.copy() for m in self.modifiers] if self.modifiers else []
        if self.combat is not None:
            d["combat"] = self.combat.copy()
        new.__dict__ = d
        return new

    def frozen_copy(self, like: GameState | None) -> GameState:
        """A copy that nobody will ever change (an undo snapshot), sharing with `like`, an
        earlier one, every part equal to ours: consecutive snapshots differ by one action,
        so most characters, zones and lists are the earlier snapshot's own objects, and a
        snapshot costs a fraction of the memory and allocation of a full copy. Never
        change it, nor play on it: copy() it first (Game._restore does)."""
        if like is None:
            return self.copy()
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        for name in MEMOS:
            d.pop(name, None)
        old = like.__dict__
        for name in self._LISTS:
            value = d[name]
            d[name] = old[name] if value == old[name] else value[:]
        for name in self._DICTS:
            value = d[name]
            d[name] = old[name] if value == old[name] else value.copy()
        for name in self._LISTS_OF_DICTS:
            value = d[name]
            d[name] = old[name] if value == old[name] else [x.copy() for x in value]
        for name in self._DICTS_OF_LISTS:
            value = d[name]
            d[name] = old[name] if value == old[name] else {k: v[:] for k, v in value.items()}
        d["rolls"] = old["rolls"] if self.rolls == like.rolls else self.rolls[:]
        chars, old_chars = {}, like.characters
        for k, c in self.characters.items():
            o = old_chars.get(k)
            chars[k] = o if o is not None and o.__dict__ == c.__dict__ else c.copy()
        d["characters"] = chars
        # shared as copy() shares them: a zone unchanged since the earlier snapshot is
        # already that snapshot's object (a change replaces it first, zone_to_change)
        zones = d["zones"] = self.zones.copy()
        for z in zones.values():
            z.shared = True
        d["modifiers"] = (like.modifiers if self.modifiers == like.modifiers
                          else [m.copy() for m in self.modifiers])
        if self.combat is not None:
            d["combat"] = (like.combat if like.combat is not None
                           and like.combat.__dict__ == self.combat.__dict__
                           else self.combat.copy())
        new.__dict__ = d
        return new

    def roster_changed(self) -> None:
        """A character entered or left play, or its equipment in use changed (every
        `in_play =` / `in_use =` and every new character calls this)."""
        self.roster_changes += 1

    # --- small queries used everywhere -------------------------------------------------

    def zone(self, name: str) -> Zone:
        return self.zones[name]

    def zone_to_change(self, name: str) -> Zone:
        """The zone `name` to add cards to or take cards from: this position's own. A zone
        shared with a copy of the position (copy()) is replaced by a copy of it first;
        every change of a zone's cards goes through here or move_card (Zone refuses to
        change a shared one). Keep the returned zone, not one read before, across other
        changes. (Setup builds its fresh zones directly: nothing shares them yet.)"""
        z = self.zones[name]
        if z.shared:
            z = self.zones[name] = z.copy()
        return z

    def move_card(self, card: str, source: str, dest: str) -> None:
        """Take `card` out of zone `source` and put it on top of zone `dest` (the rules'
        usual change of zones: a hand to a discard pile, the Events to the revealed ones),
        each zone this position's own first as in zone_to_change; one call instead of
        four on a path taken about once an action."""
        zones = self.zones
        src = zones[source]
        if src.shared:
            src = zones[source] = src.copy()
        dst = zones[dest]
        if dst.shared:
            dst = zones[dest] = dst.copy()
        src.cards.remove(card)
        dst.cards.append(card)

    def new_id(self, prefix: str = "c") -> str:
        ident = f"{prefix}{self.next_id}"
        self.next_id += 1
        return ident

    def in_play(self, side: str | None = None, role: str | None = None) -> list[Character]:
        return [c for c in self.characters.values() if c.in_play
                and (side is None or c.side == side) and (role is None or c.role == role)]

    def heroes(self) -> list[Character]:
        return self.in_play("heroes")

    def villains(self) -> list[Character]:
        return self.in_play("villains", "villain")

    def main_villain(self) -> Character | None:
        for c in self.characters.values():
            if c.main and c.in_play:
                return c
        return None

    def extra_zone(self, name: str) -> Zone:
        """A public zone added by part 2 (in play Locations, Bystanders left behind),
        created the first time it is needed so older saves stay as they were; this
        position's own, to change (zone_to_change)."""
        z = self.zones.get(name)
        if z is None:
            z = self.zones[name] = Zone(name, "public", None)
        elif z.shared:
            z = self.zones[name] = z.copy()
        return z

    def locations_in_play(self) -> list[str]:
        """Every Location in play: the current one first, then the others (PT-LOC-1)."""
        out = [self.location] if self.location else []
        z = self.zones.get("locations")
        return out + (list(z.cards) if z is not None else [])

    def details_of(self, ident: str) -> list[str]:
        """Details whose `activated` effect the character `ident` may use now: played by it
        in this Conflict (docs/effects.md, Details)."""
        return [inst for inst, (who, conflict) in self.played_details.items()
                if who == ident and conflict == self.conflict]

    def record_peek(self, seat: str) -> None:
        """`seat`'s Player has looked at the face-down Objective (A-37)."""
        if seat not in self.peeked:
            self.peeked.append(seat)

    def side_of_seat(self, seat: str) -> str:
        return "villains" if seat == "gm" else "heroes"


def current_place(st: GameState) -> str | None:
    """Where the Conflict is now (PT-LAIR-1, PT-RELOC-2, A-55): the card instance of the
    Lair while there is one in play, otherwise the current Location.

    After a Pursuit everyone is in the Lair; the Location fled from stays in play (a
    Relocation or the next Conflict may come back to it) but it is not where anyone is, so
    its effects do nothing until the Conflict returns there. Every reader of "the place the
    characters are in" asks this function. It lives with the state, below every rule module,
    because the static effects (modifiers.py) need it too."""
    return st.lair if st.lair is not None else st.location
