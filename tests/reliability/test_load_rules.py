"""Game.load refuses a save that breaks the rules, with what is wrong (issue 20, item 3).

Every case starts from the real save good_v1.json (3 Heroes, Turn 1, a Combat in its
Maneuver step) and changes one thing a hand-edited or damaged file could hold. The checks
are the simulator's invariants (engine/plottwist/invariants.py), so a file is held to the
same rules as every simulated position.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import SaveError
from engine.plottwist import actions as A
from engine.plottwist import invariants, sim
from engine.plottwist.game import Game

State = dict[str, Any]


def edited(good_save: str, change: Callable[[State], None]) -> str:
    doc = json.loads(good_save)
    change(doc["payload"]["state"])
    return json.dumps(doc)


def character(st: State, ident: str) -> State:
    return next(c for c in st["characters"] if c["id"] == ident)


def zone(st: State, name: str) -> State:
    return next(z for z in st["zones"] if z["name"] == name)


def five_heroes(st: State) -> None:
    """A fifth Player at seat p5 with a fifth Hero, drawn on the table and in play."""
    st["seats"] = [*st["seats"], "p4", "p5"]
    for n, seat in ((4, "p4"), (5, "p5")):
        hero = copy.deepcopy(character(st, "h1"))
        hero.update(id=f"h{n}", seat=seat, name=f"Hero {n}", card=f"c90{n}")
        st["characters"].append(hero)
        st["cards"][f"c90{n}"] = hero["key"]
        st["owners"][f"c90{n}"] = seat
        for kind in ("plot_hand", "combat_deck", "combat_hand", "discard"):
            st["zones"].append({"name": f"{kind}:{seat}", "owner": seat, "cards": [],
                                "visibility": zone(st, f"{kind}:p1")["visibility"]})


def turn_minus_three(st: State) -> None:
    st["turn"] = -3


def bogus_phase(st: State) -> None:
    st["phase"] = "bogus"


def hero_on_gm_seat(st: State) -> None:
    character(st, "h2")["seat"] = "gm"


def card_in_discard_while_in_play(st: State) -> None:
    zone(st, "discard:p1")["cards"].append(character(st, "h1")["card"])


def unknown_combat_step(st: State) -> None:
    st["combat"]["step"] = "fisticuffs"


CASES = [
    # (change, words of the refusal, clause)
    (five_heroes, r"seats p1, p2, p3, p4, p5 are not 1 to 4 Players", "PT-SETUP-2"),
    (turn_minus_three, r"Turn -3: Turns are counted from 1", "PT-TURN-4"),
    (bogus_phase, r"the phase 'bogus' is none of start, combat, end", "PT-TURN-4"),
    (hero_on_gm_seat, r"the Hero Corvina Holt \(h2\) is played from the 'gm' seat",
     "PT-TERM-1"),
    (card_in_discard_while_in_play,
     r"Marshal Ostrander \(h1\) is in play but its card c7 is in 'discard:p1'", "PT-UNIQ-3"),
    (unknown_combat_step, r"the Combat step 'fisticuffs' is none of start, movement",
     "PT-COMBAT-4"),
]


@pytest.mark.parametrize(("change", "words", "clause"), CASES,
                         ids=[c[0].__name__ for c in CASES])
def test_a_rule_breaking_save_is_refused_naming_what_is_wrong(good_save, core_catalog,
                                                              change, words, clause):
    """PT-SETUP-2, PT-TURN-4, PT-TERM-1, PT-UNIQ-3, PT-COMBAT-4: a save no game can reach
    is refused with the rule it breaks, instead of opening and failing later."""
    with pytest.raises(SaveError, match=words) as refused:
        Game.load(edited(good_save, change), core_catalog)
    message = str(refused.value)
    assert message.startswith("the save breaks a rule of the game: ")
    if clause != "PT-UNIQ-3":   # the card-in-two-places message names the card and zone
        assert clause in message


def test_the_good_save_still_opens_and_plays_its_combat(good_save, core_catalog):
    """PT-COMBAT-4: the unchanged save opens, and its Combat steps on with a Pass."""
    game = Game.load(good_save, core_catalog)
    assert game.state.combat is not None and game.state.combat.step == "maneuver"
    passes = [a for a in game.legal_actions("gm") + game.legal_actions("p2")
              if isinstance(a, A.Pass)]
    assert passes
    game.apply(passes[0])


@pytest.mark.parametrize("extra", [2_000, 4_000])
def test_thousands_of_extra_characters_are_refused_before_any_view(good_save, core_catalog,
                                                                    extra, monkeypatch):
    """PT-SETUP-2, PT-SETUP-1: a table beyond the rules' maxima is refused from its counts
    alone: no view, no keyword, no legal action is worked out for it (on the old code
    loading 2,000 extra Villains took seconds, 4,000 a quarter of a minute)."""
    def extra_villains(st: State) -> None:
        proto = character(st, "v1")
        for n in range(extra):
            st["characters"].append(dict(proto, id=f"x{n}", name=f"Grist {n}"))

    built = []
    monkeypatch.setattr(Game, "view", lambda self, viewer: built.append(viewer))
    with pytest.raises(SaveError, match=rf"{extra + 6} characters are on the table, more "
                                        r"than the 60"):
        Game.load(edited(good_save, extra_villains), core_catalog)
    assert built == []


def test_a_save_longer_than_any_game_is_refused_before_parsing(core_catalog, monkeypatch):
    """A file longer than any save a game writes is refused unread."""
    monkeypatch.setattr("engine.plottwist.game.MAX_SAVE_CHARS", 1_000)
    with pytest.raises(SaveError, match="no game's save is longer than 1,000"):
        Game.load(" " * 1_001, core_catalog)


def test_simulator_and_load_share_one_set_of_invariants():
    """The simulator checks the very functions Game.load checks (one module)."""
    assert sim.check_invariants is invariants.check_invariants
    assert sim.InvariantError is invariants.InvariantError
