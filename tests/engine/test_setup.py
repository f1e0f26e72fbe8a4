"""Setup in 8 steps and the Uniqueness rule (PT-SETUP, PT-UNIQ, PT-PLOT-1/2, PT-EQUIP-1)."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleViolation
from engine.plottwist.game import Game
from engine.plottwist.testkit import card

from .helpers import FILLER, blank, hero, make_setup, villain


def _refused(clause: str, **kw):
    with pytest.raises(RuleViolation) as err:
        Game.new(make_setup(**kw))
    assert err.value.clause == clause, err.value


def test_setup_steps_in_order_PT_SETUP_1_to_8():
    """PT-SETUP-1..8: the log shows the eight steps in order, then Turn 1."""
    game = Game.new(make_setup())
    steps = [line for line in game.state.log if line.startswith("Setup")]
    assert [s.split(":")[0] for s in steps] == [f"Setup {i}" for i in range(1, 9)]
    assert game.state.objective_revealed is False                 # PT-SETUP-1 face-down


def test_plot_hand_must_be_five_PT_SETUP_3():
    """PT-SETUP-3: a Plot Hand has 5 cards."""
    _refused("PT-SETUP-3", hands={"p1": blank("detail", 4, "Idea")})


def test_plot_hand_no_duplicate_copies_PT_PLOT_1():
    """PT-PLOT-1, PT-UNIQ-1: one copy of each Plot in a Plot Hand."""
    same = card("detail", "Same Idea")
    _refused("PT-PLOT-1", hands={"p1": [same, same] + blank("detail", 3, "Other")})


def test_plot_hand_holds_only_plots_or_characters_PT_PLOT_2():
    """PT-PLOT-2: Details, Locations, Lairs, Bystanders (or Characters)."""
    _refused("PT-PLOT-2", hands={"p1": [FILLER[0]] + blank("detail", 4, "Idea")})


def test_combat_deck_must_be_ten_PT_SETUP_4():
    """PT-SETUP-4, PT-CDECK-1: Combat Decks have 10 cards."""
    _refused("PT-SETUP-4", decks={"p1": FILLER[:9]})


def test_twists_must_be_ten_PT_SETUP_5():
    """PT-SETUP-5: 10 Twists!."""
    _refused("PT-SETUP-5", twists=blank("twist", 9, "T"))


def test_events_must_be_five_PT_SETUP_6():
    """PT-SETUP-6: 5 Events."""
    s = make_setup()
    s.events = s.events[:4]
    with pytest.raises(RuleViolation) as err:
        Game.new(s)
    assert err.value.clause == "PT-SETUP-6"


def test_two_copies_of_a_character_refused_persona_ignored_PT_UNIQ_2_PT_UNIQ_3():
    """PT-UNIQ-2, PT-UNIQ-3: "Hope - The Bright" and "Hope" are copies."""
    _refused("PT-UNIQ-3", heroes=[hero("Hope"), hero("Hope", persona="The Bright")])
    _refused("PT-UNIQ-3", heroes=[hero("Hope - The Bright"), hero("Hope")])
    _refused("PT-UNIQ-3", heroes=[hero("Grimm")], vil=villain("Grimm"))


def test_wrong_kinds_refused_PT_SETUP_1_PT_SETUP_2():
    """PT-SETUP-1, PT-SETUP-2: a Hero must be a Hero card, the Villain a Villain card."""
    _refused("PT-SETUP-2", heroes=[villain("Nope")])
    _refused("PT-SETUP-1", vil=hero("Nope"))


def test_equipment_starts_in_the_cluster_PT_EQUIP_1_PT_CLUS_1():
    """PT-EQUIP-1, PT-CLUS-1, PT-SETUP-2: Equipment begins in its owner's cluster, in use."""
    from .helpers import weapon

    game = Game.new(make_setup(equipment={"p1": [weapon("Bat", "melee", "*/1")]}))
    h = game.state.characters["h1"]
    assert len(h.equipment) == 1 and h.in_use == h.equipment[0]


def test_quick_game_is_legal_from_the_core_set():
    """PT-SETUP-1..8 through Game.quick: GM + 3 Heroes from the core set."""
    from engine.catalog import Catalog

    cat = Catalog.load(include_user=False)
    game = Game.quick(cat, heroes=3, seed=4)
    st = game.state
    assert len(st.heroes()) == 3 and st.main_villain() is not None
    for seat in st.seats:
        assert len(st.zones[f"plot_hand:{seat}"]) == 5
        assert len(st.zones[f"combat_hand:{seat}"]) == 3
    assert len(st.zones["twists_deck"]) + len(st.zones["twists_revealed"]) == 10
    assert len(st.zones["events"]) == 5


def test_quick_game_demo_catalog_four_heroes():
    """Game.quick works with any catalog-like object, up to 4 Heroes (PT-SETUP-2)."""
    from engine.plottwist.testkit import demo_catalog

    game = Game.quick(demo_catalog(), heroes=4, seed=2)
    assert len(game.state.heroes()) == 4
