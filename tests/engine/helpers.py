"""Small inline cards and shortcuts, so rules tests never depend on the core set's numbers."""

from __future__ import annotations

from typing import Any

from engine.plottwist import actions as A
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from engine.plottwist.rules.setup import HeroSetup, Setup
from engine.plottwist.testkit import SimpleCard, card, character


def hero(name: str = "Hope", **kw: Any) -> SimpleCard:
    kw.setdefault("heroics", {"fighting": 2, "agility": 2})
    kw.setdefault("skills", {"offend": 1, "rebutt": 1})
    return character("hero", name, **kw)


def villain(name: str = "Dr. Grimm", **kw: Any) -> SimpleCard:
    kw.setdefault("heroics", {"fighting": 2, "agility": 2})
    kw.setdefault("skills", {"offend": 1, "rebutt": 1})
    return character("villain", name, **kw)


def mook(name: str = "Goons", quantity: int = 4, **kw: Any) -> SimpleCard:
    kw.setdefault("heroics", {"fighting": 2})
    return character("mook", name, quantity=quantity, **kw)


def weapon(name: str, wtype: str, bonus: str, **kw: Any) -> SimpleCard:
    return card("equipment", name, weapon_type=wtype, bonus=bonus, **kw)


def combat_card(name: str, step: str, **kw: Any) -> SimpleCard:
    kw.setdefault("effects", [])
    if step == "attack":
        kw.setdefault("cost", {"attack": 1})
    else:
        kw.setdefault("cost", {"move": 1})
    return card("combat", name, combat_type=step, **kw)


CLOSE_IN = combat_card("Close In", "movement", effects=[
    {"trigger": "on_play", "ops": [{"op": "distance", "set": "melee"}]}])
FILLER = [combat_card(f"Filler {i}", "maneuver") for i in range(10)]


def blank(kind: str, n: int, prefix: str) -> list[SimpleCard]:
    return [card(kind, f"{prefix} {i}") for i in range(n)]


def make_setup(heroes: list[SimpleCard] | None = None, vil: SimpleCard | None = None,
               mooks: list[SimpleCard] | None = None,
               equipment: dict[str, list[SimpleCard]] | None = None,
               villain_equipment: list[SimpleCard] | None = None,
               decks: dict[str, list[SimpleCard]] | None = None,
               hands: dict[str, list[SimpleCard]] | None = None,
               twists: list[SimpleCard] | None = None,
               objective: SimpleCard | None = None,
               options: RulesOptions | None = None, seed: int = 1,
               events: list[SimpleCard] | None = None,
               location: SimpleCard | None = None) -> Setup:
    heroes = heroes or [hero()]
    equipment = equipment or {}
    decks = decks or {}
    hands = hands or {}
    hs = []
    for i, h in enumerate(heroes, 1):
        seat = f"p{i}"
        hs.append(HeroSetup(seat, h, equipment.get(seat, []),
                            hands.get(seat, blank("detail", 5, f"Idea {seat}")),
                            decks.get(seat, FILLER)))
    gm_hand = hands.get("gm", blank("bystander", 5, "Passer-by"))
    return Setup(
        villain=vil or villain(), location=location or card("location", "Docks"),
        objective=objective or card("objective", "Plan"), heroes=hs,
        villain_equipment=villain_equipment or [], mooks=mooks or [],
        gm_plot_hand=gm_hand, gm_combat_deck=decks.get("gm", FILLER),
        twists=twists or blank("twist", 10, "Quiet Twist"),
        events=events or blank("event", 5, "Event"),
        seed=seed, options=options or RulesOptions())


def make_game(**kw: Any) -> Game:
    return Game.new(make_setup(**kw))


def pass_players(game: Game) -> None:
    """Every Player passes: the Heroes' Initiative ends (PT-TURN-1/2, A-1); in a Combat
    only p1's Hero is a combatant here."""
    if game.state.combat is not None:
        game.apply(A.Pass("p1"))
        return
    for seat in game.state.seats:
        if seat != "gm" and game.state.initiative == "heroes" \
                and seat not in game.state.players_passed:
            game.apply(A.Pass(seat))


def to_combat_phase(game: Game) -> None:
    pass_players(game)
    game.apply(A.Pass("gm"))
    assert game.state.phase == "combat"


def to_attack_step(game: Game, attacker: str, target: str, distance: str = "ranged") -> None:
    """Initiate a Combat and walk it to its Attack step at `distance`."""
    st = game.state
    if st.phase == "start":
        to_combat_phase(game)
    a = st.characters[attacker]
    if st.initiative != a.side:
        if a.side == "heroes":
            game.apply(A.Pass("gm"))
        else:
            pass_players(game)
    game.apply(A.InitiateCombat(a.seat, actor=attacker, target=target))
    game.state.combat.distance = distance  # type: ignore[union-attr]
    while game.state.combat is not None and game.state.combat.step != "attack":
        cb = game.state.combat
        for ident in (cb.attacker, cb.defender):
            ch = game.state.characters.get(ident)
            if ch is not None and ident not in cb.passed and game.state.combat is cb \
                    and cb.step != "attack":
                game.apply(A.Pass(ch.seat))


def unchanged_on_refusal(game: Game, action: A.Action, clause: str) -> None:
    import pytest

    from engine.core.errors import RuleViolation

    before = game.save()
    with pytest.raises(RuleViolation) as err:
        game.apply(action)
    assert err.value.clause == clause, err.value
    assert game.save() == before
