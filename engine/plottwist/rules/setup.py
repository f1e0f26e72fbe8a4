"""Setup, steps 1 to 8 in order (PT-SETUP, PT-RES-4, PT-HATE-2, PT-ENER-1, PT-UNIQ-3)."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.rng import Coins
from engine.core.zones import GM, HIDDEN, OWNER, PUBLIC, Zone
from engine.records import record

from .. import cards as C
from .. import record_inits
from ..context import Ctx, refuse
from ..options import RulesOptions
from ..state import Character, GameState
from .colors import anyone_may_use, check_can_use
from .uniqueness import copies, is_copy

PLOT_KINDS = ("detail", "location", "lair", "bystander", "hero", "villain")
# Who may hold what in a Plot Hand (PT-PLOT-2; A-35 Characters; A-51 the GM and Details;
# PT-LAIR-1 only Villains play Lairs; PT-BEL-9 Heroes are played with Belief).
GM_PLOT_KINDS = ("location", "lair", "bystander", "villain")
PLAYER_PLOT_KINDS = ("detail", "location", "bystander", "hero")
# Requirements that depend on the moment of play, not on who holds the card: they never
# keep a card out of a hand or deck.
SITUATIONAL = ("PT-DIST-1",)
# A Combat card's Class or Keyword requirement can be met later (PT-BEL-8, A-39, A-44), so
# a Combat Deck is only held to Color (PT-COLOR-4) and to the side a card is for.
DECK_BINDING = ("PT-COLOR-4", "PT-TERM-1")


@record(record_inits)
class HeroSetup:
    seat: str
    hero: Any
    equipment: list[Any] = field(default_factory=list)
    plot_hand: list[Any] = field(default_factory=list)
    combat_deck: list[Any] = field(default_factory=list)
    # Equipment set aside for Heroes played later (PT-HERO-2): the Player's "collection"
    collection: list[Any] = field(default_factory=list)


@record(record_inits)
class Setup:
    villain: Any
    location: Any
    objective: Any
    heroes: list[HeroSetup]
    villain_equipment: list[Any] = field(default_factory=list)
    mooks: list[Any] = field(default_factory=list)
    gm_plot_hand: list[Any] = field(default_factory=list)
    gm_combat_deck: list[Any] = field(default_factory=list)
    twists: list[Any] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    seed: int = 1
    coins: str = ""
    options: RulesOptions = field(default_factory=RulesOptions)

    def all_cards(self) -> list[Any]:
        out = [self.villain, self.location, self.objective, *self.villain_equipment,
               *self.mooks, *self.gm_plot_hand, *self.gm_combat_deck, *self.twists,
               *self.events]
        for h in self.heroes:
            out += [h.hero, *h.equipment, *h.plot_hand, *h.combat_deck, *h.collection]
        return out


def _kind(card: Any, want: tuple[str, ...], clause: str, what: str) -> None:
    if C.kind(card) not in want:
        refuse(clause, f"{C.name(card)} ({C.kind(card)}) cannot be {what}")


# --- the one place that decides Setup legality: Game.new, scenarios, the simulator and
# the New game wizard (setup_picks, one pick at a time) all ask these ------------------------

def scratch_ctx(seats: list[str], cards: Any) -> Ctx:
    """An empty table with the zones `build` makes, for asking the rules about a card."""
    state = GameState(seats=list(seats))
    for name, vis, owner in _zone_specs(state.seats):
        state.zones[name] = Zone(name, vis, owner)
    return Ctx(state, Coins(1), {c.key: c for c in cards})


def check_usage(owner: Any, card: Any) -> None:
    """Color and printed Requirements of `card` for the character card `owner` (PT-COLOR-4/6,
    PT-DETAIL-2): the check the table applies when the card is played, on a scratch
    character; requirements of the moment (Distance) are left to the moment."""
    key = (id(owner), id(card))
    hit = _USAGE.get(key)
    if hit is None or hit[0] is not owner or hit[1] is not card:
        if len(_USAGE) > 50_000:
            _USAGE.clear()
        # a Golden card with no Requirement passes for every owner, without a scratch table
        # (most of a Quick game's deal: docs/performance.md, "start-up part 5")
        verdict = None if anyone_may_use(card) else _usage_verdict(owner, card)
        hit = _USAGE[key] = (owner, card, verdict)
    if hit[2] is not None:
        raise RuleViolation(hit[2].clause, hit[2].message)


def _usage_verdict(owner: Any, card: Any) -> RuleViolation | None:
    ctx, ch = _scratch_for(owner)
    # the card is only looked up, never put in a zone: the table stays as it was built
    ctx.cards = {owner.key: owner, card.key: card}
    try:
        check_can_use(ctx, ch, card)
    except RuleViolation as err:
        if err.clause not in SITUATIONAL:
            return err
    return None


def _scratch_for(owner: Any) -> tuple[Ctx, Character]:
    """One scratch table and character per owner card, kept for all the cards asked about
    it: building a table is most of a verdict's cost, and `check_can_use` only reads it
    (docs/performance.md, "engine speed, fifth pass")."""
    hit = _SCRATCH.get(id(owner))
    if hit is None or hit[0] is not owner:
        if len(_SCRATCH) > 1_000:
            _SCRATCH.clear()
        role = C.kind(owner) if C.kind(owner) in ("hero", "villain", "mook") else "hero"
        seat = "p1" if role == "hero" else "gm"
        ctx = scratch_ctx(["gm", "p1"], [owner])
        hit = _SCRATCH[id(owner)] = (owner, ctx, make_character(ctx, owner, "c1", seat, role,
                                                                "x1"))
    return hit[1], hit[2]


# owner card -> (owner card, its scratch table, its scratch character), by identity
_SCRATCH: dict[int, tuple[Any, Ctx, Character]] = {}


# (owner card, card) -> verdict; cards are immutable, so a verdict holds while both live
_USAGE: dict[tuple[int, int], tuple[Any, Any, RuleViolation | None]] = {}


# usable_by per (card, character card) pair, by identity: the simulator sets up thousands
# of games from one catalog, and the cards never change
_USABLE: dict[tuple[int, int], tuple[Any, Any, bool]] = {}


def usable_by(card: Any, who: Any) -> bool:
    """Color and printed Requirements against a character card (PT-COLOR-4/6)."""
    key = (id(card), id(who))
    hit = _USABLE.get(key)
    if hit is not None and hit[0] is card and hit[1] is who:
        return hit[2]
    ok = _usable_by(card, who)
    if len(_USABLE) > 100_000:
        _USABLE.clear()
    _USABLE[key] = (card, who, ok)
    return ok


def _usable_by(card: Any, who: Any) -> bool:
    try:
        check_usage(who, card)                    # the Setup rule (rules/setup.py)
    except RuleViolation:
        return False
    return True



def check_characters(cards: list[Any]) -> None:
    """PT-UNIQ-3: two copies of one Character are never in play (Mook cards included)."""
    dupes = copies(cards)
    if dupes:
        refuse("PT-UNIQ-3", f"two copies of the same Character: {', '.join(dupes)}")


def check_objective(objective: Any, villain: Any | None, location: Any | None) -> None:
    _kind(objective, ("objective",), "PT-SETUP-1", "the Objective")
    if villain is not None:
        check_usage(villain, objective)                         # "Requires Magistra Vell"
    for req in C.requires(objective):                          # PT-OBJ-1
        want = req.get("location")
        if want and location is not None and C.base_name(location) != \
                str(want).split(" - ")[0].strip().casefold():
            refuse("PT-OBJ-1", f"{C.name(objective)} requires the first Location to "
                               f"be {want}, not {C.name(location)}")


def check_equipment(owner: Any, card: Any) -> None:
    """Equipment for its wielder (PT-EQUIP-1, PT-MOOK-4, PT-COLOR-4)."""
    _kind(card, ("equipment",), "PT-EQUIP-1", "Equipment")
    if C.kind(owner) == "mook":
        refuse("PT-MOOK-4", "Mooks can neither have nor use Equipment")
    check_usage(owner, card)


def check_plot_card(hand: list[Any], card: Any, side: str, owner: Any | None) -> None:
    """A card joining a Plot Hand `hand` (PT-PLOT-1/2, A-51, PT-LAIR-1, PT-COLOR-4)."""
    _kind(card, PLOT_KINDS, "PT-PLOT-2", "in a Plot Hand")
    if side == "gm" and C.kind(card) not in GM_PLOT_KINDS:
        refuse("PT-DETAIL-1" if C.kind(card) == "detail" else "PT-BEL-9",
               f"the GM cannot play a {C.kind(card)}: his Plot Hand holds Villains, Lairs, "
               "Bystanders and Locations (A-51)")
    if side != "gm" and C.kind(card) not in PLAYER_PLOT_KINDS:
        refuse("PT-LAIR-1" if C.kind(card) == "lair" else "PT-XOVER-1",
               f"only the GM plays a {C.kind(card)}")
    if any(is_copy(card, other) for other in hand):
        refuse("PT-PLOT-1", f"the Plot Hand already holds a copy of {C.name(card)}: one "
                            "copy of each card")
    if owner is not None and C.kind(card) == "detail":
        check_usage(owner, card)                              # PT-COLOR-4, PT-DETAIL-2


def check_combat_card(owners: list[Any], card: Any) -> None:
    """A Combat Deck card one of the side's characters may use by Color and side
    (PT-SETUP-4, PT-COLOR-4)."""
    _kind(card, ("combat",), "PT-SETUP-4", "in a Combat Deck")
    found: list[RuleViolation] = []
    for owner in owners:
        try:
            check_usage(owner, card)
            return
        except RuleViolation as err:
            if err.clause not in DECK_BINDING:
                return
            found.append(err)
    if len(found) > 1:
        names = ", ".join(C.name(o) for o in owners)
        refuse(found[0].clause, f"{C.name(card)} is {C.color(card).title()}: none of "
                                f"{names} may use it")
    if found:
        raise found[0]


def validate(setup: Setup) -> None:
    """Refuse a setup that breaks the rules before anything is put on the table."""
    _kind(setup.villain, ("villain",), "PT-SETUP-1", "the Main Villain")
    _kind(setup.location, ("location",), "PT-SETUP-1", "the initial Location")
    check_objective(setup.objective, setup.villain, setup.location)
    for m in setup.mooks:
        _kind(m, ("mook",), "PT-SETUP-1", "a Mook")
    for e in setup.villain_equipment:
        check_equipment(setup.villain, e)
    if not 1 <= len(setup.heroes) <= 4:
        refuse("PT-SETUP-2", "a game has 1 to 4 Players, each with one Hero")
    seats = [h.seat for h in setup.heroes]
    if len(set(seats)) != len(seats) or any(s not in ("p1", "p2", "p3", "p4") for s in seats):
        refuse("PT-SETUP-2", "each Player sits at a different seat p1..p4")
    for h in setup.heroes:
        _kind(h.hero, ("hero",), "PT-SETUP-2", "a Player's Hero")
        for e in h.equipment:
            check_equipment(h.hero, e)
        for e in h.collection:                                 # for Heroes played later
            _kind(e, ("equipment",), "PT-EQUIP-1", "Equipment")
    check_characters([setup.villain, *setup.mooks, *(h.hero for h in setup.heroes)])
    hands = [("gm", setup.gm_plot_hand, None)] + [(h.seat, h.plot_hand, h.hero)
                                                  for h in setup.heroes]
    for seat, hand, owner in hands:                            # step 3
        if len(hand) != 5:
            refuse("PT-SETUP-3", f"{seat}'s Plot Hand has {len(hand)} cards, not 5")
        for i, card in enumerate(hand):
            check_plot_card(hand[:i], card, seat if seat == "gm" else "heroes", owner)
    decks = [("gm", setup.gm_combat_deck, [setup.villain, *setup.mooks])] + [
        (h.seat, h.combat_deck, [h.hero]) for h in setup.heroes]
    for seat, deck, owners in decks:                           # step 4
        if len(deck) != 10:
            refuse("PT-SETUP-4", f"{seat}'s Combat Deck has {len(deck)} cards, not 10")
        for card in deck:
            check_combat_card(owners, card)
    if len(setup.twists) != 10:                                # step 5
        refuse("PT-SETUP-5", f"the Twists! deck has {len(setup.twists)} cards, not 10")
    for card in setup.twists:
        _kind(card, ("twist",), "PT-SETUP-5", "in the Twists! deck")
    if len(setup.events) != 5:                                 # step 6
        refuse("PT-SETUP-6", f"the Events Cluster has {len(setup.events)} cards, not 5")
    for card in setup.events:
        _kind(card, ("event",), "PT-SETUP-6", "in the Events Cluster")


def _character(ctx: Ctx, card: Any, seat: str, role: str, ident: str) -> Character:
    return make_character(ctx, card, _place(ctx, card, seat), seat, role, ident)


def make_character(ctx: Ctx, card: Any, inst: str, seat: str, role: str,
                   ident: str) -> Character:
    """A character with its counters placed (PT-RES-1/4, PT-ENER-1, PT-HATE-2, A-41)."""
    st = ctx.state
    a = C.attributes(card)
    side = "heroes" if role == "hero" else "villains"
    ch = Character(id=ident, card=inst, key=card.key, name=C.name(card), side=side, seat=seat,
                   role=role)
    if role == "mook":
        ch.quantity = C.quantity(card)
    else:
        for res, attr in (("physical", "body"), ("mental", "mind"), ("social", "charm")):
            ch.maxes[res] = a.get(attr, 0) * 3                # PT-RES-1
            ch.stress[res] = ch.maxes[res]                    # PT-RES-4
        ch.trauma = {"physical": 0, "mental": 0}
        ch.energy = a.get("power", 0) * 3                     # PT-ENER-1
        if role == "hero":
            ch.maxes["belief"] = a.get("power", 0) * 3        # PT-RES-2
            ch.belief = ch.maxes["belief"]
        else:
            ch.hate = a.get("power", 0) * 3                   # PT-HATE-2
    st.characters[ident] = ch
    st.roster_changed()
    return ch


def _place(ctx: Ctx, card: Any, seat: str) -> str:
    inst = ctx.state.new_id()
    ctx.state.cards[inst] = card.key
    ctx.state.owners[inst] = seat
    return inst


def build(ctx: Ctx, setup: Setup) -> None:
    """Carry out steps 1-8 in order on an empty state."""
    from .cdeck import HAND  # noqa: F401  (the first draw happens at Start of Turn 1)

    validate(setup)
    st = ctx.state
    for name, vis, owner in _zone_specs(st.seats):
        st.zones[name] = Zone(name, vis, owner)
    # step 1
    v = _character(ctx, setup.villain, "gm", "villain", "v1")
    v.main = True
    for card in setup.villain_equipment:
        v.equipment.append(_place(ctx, card, "gm"))
    v.in_use = v.equipment[0] if v.equipment else None
    st.roster_changed()
    for i, card in enumerate(setup.mooks, 1):
        _character(ctx, card, "gm", "mook", f"m{i}")
    st.location = _place(ctx, setup.location, "gm")
    st.objective = _place(ctx, setup.objective, "gm")
    st.zones["objective"].add(st.objective)
    ctx.emit("setup", f"Setup 1: the GM puts {v.name}, "
                      f"{len(setup.mooks)} Mook card(s) and {C.name(setup.location)} in play; "
                      "the Objective face-down")
    # step 2
    for i, h in enumerate(setup.heroes, 1):
        ch = _character(ctx, h.hero, h.seat, "hero", f"h{i}")
        for card in h.equipment:
            ch.equipment.append(_place(ctx, card, h.seat))
        ch.in_use = ch.equipment[0] if ch.equipment else None
        st.roster_changed()
        if h.collection:                                       # PT-HERO-2
            zone = st.zones[f"collection:{h.seat}"] = Zone(f"collection:{h.seat}", OWNER,
                                                           h.seat)
            for card in h.collection:
                zone.add(_place(ctx, card, h.seat))
    ctx.emit("setup", "Setup 2: the Players put their Heroes and Equipment on the table")
    # step 3
    for seat, hand in [("gm", setup.gm_plot_hand)] + [(h.seat, h.plot_hand)
                                                      for h in setup.heroes]:
        for card in hand:
            st.zones[f"plot_hand:{seat}"].add(_place(ctx, card, seat))
    ctx.emit("setup", "Setup 3: Plot Hands of 5")
    # step 4
    for seat, deck in [("gm", setup.gm_combat_deck)] + [(h.seat, h.combat_deck)
                                                        for h in setup.heroes]:
        # shuffled before the instance ids are given, so an id says nothing about a card
        # face-down in a deck (ids are visible on card backs in the view)
        order = list(deck)
        ctx.coins.shuffle(order)
        zone = st.zones[f"combat_deck:{seat}"]
        for card in order:
            zone.add(_place(ctx, card, seat))
    ctx.emit("setup", "Setup 4: Combat Decks of 10, shuffled")
    # step 5
    twists = list(setup.twists)
    ctx.coins.shuffle(twists)
    for card in twists:
        st.zones["twists_deck"].add(_place(ctx, card, "heroes"))
    ctx.emit("setup", "Setup 5: the Twists! deck of 10, shuffled")
    # step 6
    for card in setup.events:
        st.zones["events"].add(_place(ctx, card, "gm"))
    ctx.emit("setup", "Setup 6: the GM's 5 Events face-down")
    # step 7
    lost = 0
    for hc in st.heroes():
        if hc.belief:
            hc.belief -= 1
            lost += 1
    v.hate = (v.hate or 0) + lost
    ctx.emit("setup", f"Setup 7: each Hero loses 1 Belief; {v.name} gains {lost} Hate")
    # step 8: Reference cards are rules text here; nothing to place.
    ctx.emit("setup", "Setup 8: reference cards are built in")


def _zone_specs(seats: list[str]) -> list[tuple[str, str, str | None]]:
    specs: list[tuple[str, str, str | None]] = []
    for seat in seats:
        specs += [(f"plot_hand:{seat}", OWNER, seat), (f"combat_deck:{seat}", HIDDEN, seat),
                  (f"combat_hand:{seat}", OWNER, seat), (f"discard:{seat}", PUBLIC, seat)]
    specs += [("twists_deck", HIDDEN, None), ("twists_revealed", PUBLIC, None),
              ("events", GM, "gm"), ("events_revealed", PUBLIC, None),
              ("objective", GM, "gm"), ("bystanders", PUBLIC, None), ("lair", PUBLIC, None),
              ("discard:heroes", PUBLIC, None)]
    return specs


def new_state(setup: Setup) -> GameState:
    seats = ["gm"] + [h.seat for h in setup.heroes]
    return GameState(seats=seats, options=setup.options)
