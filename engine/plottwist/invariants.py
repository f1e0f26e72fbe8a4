"""What is true of every Plot Twist position a game can reach.

One module, two users: the simulator (`sim.py`) checks these after its moves, and
`Game.load` (`save_check.py`) checks them on every save before it hands a game out, so a
position the simulator would call broken is never opened from a file either.

Two kinds of check:

* :func:`check_table_size` — the rules' maxima (seats, Heroes per Player, characters, card
  instances, log). It reads only counts, so it costs what the file is worth, and runs
  *before* anything builds a view: the rules' per-character work (keywords and pools look
  at every static effect in play) is fine for a real table and ruinous for a save that
  smuggles in thousands of characters.
* :func:`check_invariants` — counters, phases, steps, seats, zones: every message names
  the character, card or field and the clause it breaks.
"""

from __future__ import annotations

from .door import Door
from .rules.combat import STEPS
from .rules.heroics import has_keyword, power
from .state import RESISTANCES, GameState

__all__ = ["DISTANCES", "PHASES", "PLAYER_SEATS", "InvariantError", "check_invariants",
           "check_table_size"]


class InvariantError(AssertionError):
    """A position no game can reach; the message names what is wrong."""


#: the phases of a Turn (PT-TURN-4), the Villain's Pursuit (PT-FLEE), an Interview
#: (PT-INTV) and the end of the game (PT-GOAL)
PHASES = ("start", "combat", "end", "pursuit", "interview", "over")
DISTANCES = ("ranged", "melee")                 # PT-DIST-1
PLAYER_SEATS = ("p1", "p2", "p3", "p4")         # PT-SETUP-2: 1 to 4 Players
#: PT-SETUP-2 gives each Player one Hero; more come only from that Player's Plot Hand of 5
#: (PT-SETUP-3, PT-BEL-9, A-35)
MAX_HEROES_PER_PLAYER = 1 + 5
# The rulebook sets no number of Mooks or Equipment cards. These ceilings are far above any
# table the setup wizard or a pack can build (the 10,000-game run never passed 9 characters
# and 104 card instances) and far below what makes loading slow.
MAX_CHARACTERS = 60
MAX_CARD_INSTANCES = 2_000
MAX_LOG_LINES = 5_000
MAX_ROLLS = 500
MAX_MODIFIERS = 1_000


def check_table_size(st: GameState) -> None:
    """Refuse a table beyond the rules' maxima (counts only; linear in the save)."""
    players = [s for s in st.seats if s != "gm"]
    if not 1 <= len(players) <= 4 or any(s not in PLAYER_SEATS for s in players):
        raise InvariantError(f"the seats {', '.join(players) or 'none'} are not 1 to 4 "
                             "Players at p1..p4 (PT-SETUP-2)")
    if len(st.characters) > MAX_CHARACTERS:
        raise InvariantError(f"{len(st.characters)} characters are on the table, more than "
                             f"the {MAX_CHARACTERS} any game reaches")
    heroes: dict[str, int] = {}
    for c in st.characters.values():
        if c.side == "heroes":
            heroes[c.seat] = heroes.get(c.seat, 0) + 1
    for seat, n in heroes.items():
        if n > MAX_HEROES_PER_PLAYER:
            raise InvariantError(f"{seat} has {n} Heroes; a Player has one and can play at "
                                 f"most 5 more from the Plot Hand (PT-SETUP-2, PT-BEL-9)")
    for what, n, cap in (("card instances", len(st.cards), MAX_CARD_INSTANCES),
                         ("log lines", len(st.log), MAX_LOG_LINES),
                         ("remembered rolls", len(st.rolls), MAX_ROLLS),
                         ("lasting effects", len(st.modifiers), MAX_MODIFIERS)):
        if n > cap:
            raise InvariantError(f"{n} {what}, more than the {cap} any game reaches")


def _check_flow(st: GameState) -> None:
    if st.turn < 1:
        raise InvariantError(f"Turn {st.turn}: Turns are counted from 1 (PT-TURN-4)")
    if st.conflict < 1:
        raise InvariantError(f"Conflict {st.conflict}: Conflicts are counted from 1 "
                             "(PT-CONF-1)")
    if st.phase not in PHASES:
        raise InvariantError(f"the phase {st.phase!r} is none of {', '.join(PHASES)} "
                             "(PT-TURN-4)")
    if (st.phase == "over") != (st.winner is not None):
        raise InvariantError(f"the phase is {st.phase!r} but the winner is {st.winner!r} "
                             "(PT-GOAL)")
    cb = st.combat
    if cb is not None:
        if cb.step not in STEPS:
            raise InvariantError(f"the Combat step {cb.step!r} is none of "
                                 f"{', '.join(STEPS)} (PT-COMBAT-4)")
        if cb.distance not in DISTANCES:
            raise InvariantError(f"the Combat Distance {cb.distance!r} is neither Ranged "
                                 "nor Melee (PT-DIST-1)")
        if st.phase != "combat":
            raise InvariantError(f"a Combat is under way in the {st.phase!r} phase; Combats "
                                 "happen only in the Combat phase (PT-TURN-6)")


def _check_seats(st: GameState) -> None:
    for c in st.characters.values():
        if c.side == "heroes" and c.seat not in PLAYER_SEATS:
            raise InvariantError(f"the Hero {c.name} ({c.id}) is played from the {c.seat!r} "
                                 "seat; a Player controls each Hero (PT-TERM-1)")
        if c.side == "villains" and c.seat != "gm":
            raise InvariantError(f"{c.name} ({c.id}) is on the Villains' side but played "
                                 f"from seat {c.seat!r}; the GM controls them (PT-TERM-1)")
        if (c.side == "heroes") != (c.role == "hero"):
            raise InvariantError(f"{c.name} ({c.id}) is a {c.role} on the {c.side}' side "
                                 "(PT-TERM-1)")


def check_invariants(game: Door) -> None:
    """Counters within caps, no copies in play, action counts within limits, card
    instances in one place only, a known phase and step, each side on its seats."""
    st = game.state
    _check_flow(st)
    _check_seats(st)
    ctx = game._ctx()
    names = []
    zone_of: dict[str, str] = {}
    for z in st.zones.values():
        for card in z.cards:
            if card in zone_of:
                raise InvariantError(f"card {card} is in two zones, '{zone_of[card]}' and "
                                     f"'{z.name}'")
            zone_of[card] = z.name
    for c in st.characters.values():
        where = f"{c.name} ({c.id})"
        if c.in_play:
            names.append(c.name.split(" - ")[0].casefold())
            for inst, what in ((c.card, "card"), *((e, "Equipment") for e in c.equipment)):
                if inst in zone_of:
                    raise InvariantError(f"{where} is in play but its {what} {inst} is in "
                                         f"'{zone_of[inst]}' too")
        if c.role != "mook":
            for res in RESISTANCES:
                s, m = c.stress[res], c.maxes[res]
                t = c.trauma.get(res, 0)
                if not 0 <= s <= m or t < 0 or s + t > m:
                    raise InvariantError(f"{where}: {res} {s}+{t} trauma outside 0..{m}")
            if c.belief is not None and not 0 <= c.belief <= c.maxes.get("belief", 0):
                raise InvariantError(f"{where}: Belief {c.belief} outside its Resistance")
            if c.energy < 0:
                raise InvariantError(f"{where}: Energy {c.energy} below 0")
            if c.stress["social"] == 0 and c.energy > 0:
                raise InvariantError(f"{where}: Energy while at 0 Social Stress (PT-ENER-2)")
            if c.energy_spent > power(ctx, c):
                raise InvariantError(f"{where}: spent {c.energy_spent} Energy > Power "
                                     "(PT-ENER-4)")
        if c.hate is not None and (c.hate < 0 or (c.crossover and c.hate > 6)):
            raise InvariantError(f"{where}: Hate {c.hate} (PT-HATE-1, PT-XOVER-2)")
        if c.quantity is not None and c.quantity < 0:
            raise InvariantError(f"{where}: Quantity {c.quantity}")
        if not 0 <= c.move <= 2 or not 0 <= c.attack <= 1:
            raise InvariantError(f"{where}: actions {c.move} Move / {c.attack} Attack "
                                 "(PT-ACT-3)")
        if c.in_play and c.side == "heroes" and len(c.initiated) > 1:
            limit = 2 if has_keyword(ctx, c, "Tactician") else 1
            if len(c.initiated) > limit:
                raise InvariantError(f"{where}: initiated {len(c.initiated)} Combats")
        if c.role != "hero" and len(set(c.initiated)) != len(c.initiated):
            raise InvariantError(f"{where}: two Combats against the same target")
    if len(set(names)) != len(names):
        raise InvariantError(f"two copies of a Character in play: {sorted(names)} "
                             "(PT-UNIQ-3)")
    for h in st.seats:
        if h != "gm" and len(st.zones[f"plot_hand:{h}"]) > 5:
            raise InvariantError(f"{h}'s Plot Hand is over 5 (PT-SETUP-3)")
