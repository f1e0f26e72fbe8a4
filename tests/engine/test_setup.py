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


def test_usage_check_shortcut_gives_the_scratch_tables_verdict_PT_COLOR_3_PT_COLOR_4(core_set):
    """PT-COLOR-3/4/6, PT-DETAIL-2: the Setup check passes a Golden card with no printed
    Requirement without building a scratch table; for every character and card of the core
    set its verdict is the one the table gives when the card is played."""
    from engine.plottwist import cards as C
    from engine.plottwist.rules import setup as S

    cards = sorted(core_set.cards.values(), key=lambda c: c.key)
    owners = [c for c in cards if C.kind(c) in ("hero", "villain", "mook")]
    refused = 0
    for owner in owners:
        for c in cards:
            want = S._usage_verdict(owner, c)
            try:
                S.check_usage(owner, c)
                got = None
            except RuleViolation as err:
                got = err
            assert (got and (got.clause, got.message)) == (want and (want.clause, want.message))
            refused += want is not None
    assert refused > 0                          # Colored cards are refused to other Colors


def test_reused_scratch_table_gives_a_fresh_tables_verdict_PT_COLOR_4_PT_DETAIL_2(core_set):
    """PT-COLOR-4/6, PT-DETAIL-2, PT-HERC-1: the Setup check keeps one scratch table per
    character for all the cards asked about it; asked about every card of the core set in
    turn, forwards and backwards, each verdict is the one a table built afresh for that
    (character, card) pair gives, so nothing one card's check leaves behind moves the next."""
    from engine.plottwist import cards as C
    from engine.plottwist.rules import setup as S
    from engine.plottwist.rules.colors import check_can_use

    def fresh(owner, c):
        role = C.kind(owner) if C.kind(owner) in ("hero", "villain", "mook") else "hero"
        ctx = S.scratch_ctx(["gm", "p1"], [owner, c])
        ch = S.make_character(ctx, owner, "c1", "p1" if role == "hero" else "gm", role, "x1")
        try:
            check_can_use(ctx, ch, c)
        except RuleViolation as err:
            if err.clause not in S.SITUATIONAL:
                return err.clause, err.message
        return None

    def kept(owner, c):
        err = S._usage_verdict(owner, c)
        return err and (err.clause, err.message)

    cards = sorted(core_set.cards.values(), key=lambda c: c.key)
    owners = [c for c in cards if C.kind(c) in ("hero", "villain", "mook")]
    refused = set()
    for owner in owners:
        want = [fresh(owner, c) for c in cards]
        table = S._scratch_for(owner)[0]
        assert [kept(owner, c) for c in cards] == want
        assert [kept(owner, c) for c in reversed(cards)] == want[::-1]
        assert S._scratch_for(owner)[0] is table              # one table served them all
        refused.update(w[0] for w in want if w)
    assert {"PT-COLOR-4", "PT-DETAIL-2"} <= refused


def test_golden_card_with_a_requirement_still_refused_PT_DETAIL_2_PT_COLOR_6():
    """PT-DETAIL-2, PT-COLOR-6: in a setup of one's own, a Golden Detail "Requires Alex
    Smith" is refused in Bea's Plot Hand next to Golden Details anyone may hold, and a
    Golden Equipment "Requires Captain" to a Hero without that Class."""
    stare = card("detail", "The Stare", requires={"character": "Alex Smith"})
    _refused("PT-DETAIL-2", heroes=[hero("Bea")],
             hands={"p1": [*blank("detail", 4, "Idea"), stare]})
    sword = card("equipment", "Captain's Sword", requires={"class": "Captain"})
    _refused("PT-COLOR-6", heroes=[hero("Bea")], equipment={"p1": [sword]})
