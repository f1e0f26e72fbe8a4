"""Building monster-hunt positions for tests: a chosen fight, chosen cards in chosen places."""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.monsterhunt import actions as A
from engine.monsterhunt import cards as C
from engine.monsterhunt.game import Game
from engine.monsterhunt.options import RulesOptions
from engine.monsterhunt.rules.setup import Setup

WREN = "monsterhunt/wren-okafor"          # Attack 3, Dodge 10, Health 6, Stamina 3, Aim 2
AMBROSE = "monsterhunt/father-ambrose-lune"  # 4 / 11 / 7, Stamina 3, Guard
DEZ = "monsterhunt/dez-marlowe"           # 2 / 9 / 5, Stamina 4, Rally 2
IVO = "monsterhunt/ivo-kestrel"           # 4 / 10 / 6, Stamina 3, Brutal
GHOUL = "monsterhunt/marsh-ghoul"         # minor 6 / 10 / 1, Aim 1
RATS = "monsterhunt/grave-rat-swarm"      # minor 7 / 12 / 1, Guard
HOUND = "monsterhunt/hollow-hound"        # minor 5 / 9 / 1, Brutal
WIDOW = "monsterhunt/the-tallow-widow"    # major 5 / 12 / 4, Regenerate
WEIR = "monsterhunt/old-man-of-the-weir"  # major 4 / 11 / 5, Brutal


def fight(heroes: tuple[str, ...] = (WREN, DEZ), enemies: tuple[str, ...] = (GHOUL, WIDOW),
          seed: int = 7, **options: object) -> Game:
    return Game.new(Setup(heroes, enemies, seed, RulesOptions(**options)))  # type: ignore[arg-type]


def _zone_deck(zone: str) -> str:
    players = zone.startswith(("hand:", "facedown:", "players_deck", "audience:players"))
    return C.PLAYERS_DECK if players else C.GM_DECK


def give(game: Game, zone: str, *faces: str) -> list[str]:
    """Move cards of these faces (from the zone's own deck) into `zone`, on top; returns ids."""
    st = game.state
    deck = _zone_deck(zone)
    out = []
    for face in faces:
        home = st.zones["players_deck" if deck == C.PLAYERS_DECK else "gm_deck"].cards
        # from the deck if it can: taking a card out of a Health stack would hurt an enemy
        card = next(c for c, f in sorted(st.faces.items(), key=lambda cf: cf[0] not in home)
                    if f == face and C.deck_of(c) == deck and c not in out
                    and c not in st.zones[zone].cards)
        for z in st.zones.values():
            if card in z.cards:
                z.remove(card)
        st.zones[zone].add(card)
        out.append(card)
    return out


def empty(game: Game, zone: str) -> None:
    """Send a zone's cards back to their deck."""
    st = game.state
    back = "players_deck" if _zone_deck(zone) == C.PLAYERS_DECK else "gm_deck"
    for card in list(st.zones[zone].cards):
        st.zones[zone].remove(card)
        st.zones[back].add(card, top=False)


def hand(game: Game, seat: str, *faces: str) -> list[str]:
    empty(game, "gm_hand" if seat == "gm" else f"hand:{seat}")
    return give(game, "gm_hand" if seat == "gm" else f"hand:{seat}", *faces)


def phase(game: Game, name: str, owed: int = 0) -> None:
    game.state.phase = name
    game.state.done = []
    game.state.owed = owed


def clause_of(game: Game, action: A.Action) -> str:
    try:
        game.apply(action)
    except RuleViolation as e:
        return e.clause
    raise AssertionError(f"{action.label} was not refused")


def texts(events: list) -> str:  # type: ignore[type-arg]
    return "\n".join(e.text for e in events)
