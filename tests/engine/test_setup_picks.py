"""Per-pick setup checks for the New game wizard (PT-SETUP-1..8, PT-PLOT-1, PT-COLOR-4)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import RuleViolation
from engine.plottwist import setup_picks as P
from engine.plottwist.game import Game


def card(cat, key):
    return cat[f"core/{key}"]


def test_pt_setup_1_main_villain_is_a_villain(core_set):
    partial = P.PartialSetup()
    assert P.check_villain_pick(partial, card(core_set, "magistra-vell")) is None
    err = P.check_villain_pick(partial, card(core_set, "vesper-quill"))
    assert err is not None and err.clause == "PT-SETUP-1"


def test_pt_objective_requirement_of_the_villain(core_set):
    partial = P.PartialSetup(villain=card(core_set, "magistra-vell"))
    assert P.check_objective_pick(partial, card(core_set, "foreclose-the-city")) is None
    err = P.check_objective_pick(partial, card(core_set, "feed-the-furnace"))
    assert err is not None and err.clause == "PT-COLOR-4"


def test_pt_uniq_3_a_hero_cannot_be_picked_twice(core_set):
    partial = P.PartialSetup(players=2)
    vesper = card(core_set, "vesper-quill")
    partial.hero("p1").hero = vesper
    err = P.check_hero_pick(partial, "p2", vesper)
    assert err is not None and err.clause == "PT-UNIQ-3"
    assert P.check_hero_pick(partial, "p1", vesper) is None     # re-picking your own seat
    assert P.check_hero_pick(partial, "p3", card(core_set, "grist")) is not None


def test_pt_color_4_equipment_follows_its_wielder(core_set):
    vesper = card(core_set, "vesper-quill")
    partial = P.PartialSetup()
    assert P.check_equipment_pick(partial, vesper, card(core_set, "thoughtspike-circlet")) is None
    assert P.check_equipment_pick(partial, vesper, card(core_set, "riveted-gauntlets")) is None
    err = P.check_equipment_pick(partial, vesper, card(core_set, "breaker-maul"))
    assert err is not None and err.clause == "PT-COLOR-4" and "Red" in err.message
    err = P.check_equipment_pick(partial, card(core_set, "furnace-hands"),
                                 card(core_set, "riveted-gauntlets"))
    assert err is not None and err.clause == "PT-MOOK-4"


def test_pt_plot_1_one_copy_and_pt_setup_3_five_cards(core_set):
    details = [c for c in core_set.by_kind("detail") if c.color == "Golden"]
    hand = details[:4]
    assert P.check_plot_pick(hand, details[4]) is None
    err = P.check_plot_pick(hand, details[0])
    assert err is not None and err.clause == "PT-PLOT-1"
    err = P.check_plot_pick(details[:5], details[5])
    assert err is not None and err.clause == "PT-SETUP-3"


def test_pt_plot_2_who_holds_what(core_set):
    lair = core_set.by_kind("lair")[0]
    detail = card(core_set, "deep-breath")
    assert P.check_plot_pick([], lair, side="gm") is None
    err = P.check_plot_pick([], lair, side="heroes")
    assert err is not None and err.clause == "PT-LAIR-1"
    err = P.check_plot_pick([], detail, side="gm")
    assert err is not None and err.clause == "PT-DETAIL-1"
    err = P.check_plot_pick([], core_set.by_kind("combat")[0])
    assert err is not None and err.clause == "PT-PLOT-2"


def test_pt_detail_2_color_of_the_holder(core_set):
    err = P.check_plot_pick([], card(core_set, "breakwater-stance"),
                            owner=card(core_set, "vesper-quill"))
    assert err is not None and err.clause == "PT-COLOR-4"
    assert P.check_plot_pick([], card(core_set, "breakwater-stance"),
                             owner=card(core_set, "brannoch-stone")) is None


def test_pt_cdeck_1_ten_cards_of_a_usable_color(core_set):
    vesper = card(core_set, "vesper-quill")
    golden = card(core_set, "close-the-gap")
    red = card(core_set, "shoulder-charge")
    assert P.check_combat_pick([golden] * 9, [vesper], golden) is None   # copies allowed
    err = P.check_combat_pick([golden] * 10, [vesper], golden)
    assert err is not None and err.clause == "PT-SETUP-4"
    err = P.check_combat_pick([], [vesper], red)
    assert err is not None and err.clause == "PT-COLOR-4"
    # one GM deck for the Villain and the Mooks; a Red Mook may use a Red card
    gm = [card(core_set, "magistra-vell"), card(core_set, "furnace-hands")]
    assert P.check_combat_pick([], gm, red) is None
    # a Distance requirement is checked when played, not when the deck is built
    assert P.check_combat_pick([], [vesper], card(core_set, "feint")) is None


def test_pt_twist_1_and_pt_event_1_sizes(core_set):
    twist = core_set.by_kind("twist")[0]
    event = core_set.by_kind("event")[0]
    assert P.check_twist_pick([twist] * 9, twist) is None
    assert P.check_twist_pick([twist] * 10, twist).clause == "PT-SETUP-5"
    assert P.check_twist_pick([], event).clause == "PT-SETUP-5"
    assert P.check_event_pick([event] * 4, event) is None
    assert P.check_event_pick([event] * 5, event).clause == "PT-SETUP-6"


def test_pt_setup_7_belief_to_hate(core_set):
    partial = P.PartialSetup(players=2)
    fill(partial, core_set, random.Random(2))
    rows = P.belief_exchange(partial)
    assert [r[0] for r in rows] == ["Vesper Quill", "Brannoch Stone", "Grist"]
    assert [(b - a) for _, b, a in rows[:2]] == [1, 1]
    name, before, after = rows[2]
    assert after == before + 2
    partial.events.pop()
    with pytest.raises(RuleViolation):
        P.belief_exchange(partial)                    # only for a finished setup


def fill(partial, cat, rng):
    """Everything through the public checks and random_legal, as the wizard does."""
    pool = list(cat)
    partial.villain = card(cat, "grist")
    partial.location = cat.by_kind("location")[0]
    partial.objective = next(o for o in cat.by_kind("objective")
                             if P.check_objective_pick(partial, o) is None)
    partial.mooks = [card(cat, "furnace-hands")]
    for seat, key in zip(partial.seats(), ("vesper-quill", "brannoch-stone"), strict=False):
        assert P.check_hero_pick(partial, seat, card(cat, key)) is None
        partial.hero(seat).hero = card(cat, key)
    for seat in ["gm", *partial.seats()]:
        side = "gm" if seat == "gm" else "heroes"
        owner = None if seat == "gm" else partial.hero(seat).hero
        hand = P.random_legal(rng, pool, [], 5,
                              lambda h, c, s=side, o=owner: P.check_plot_pick(h, c, s, o))
        partial.plot_hand(seat)[:] = hand
        owners = partial.owners(seat)
        deck = P.random_legal(rng, pool, [], 10,
                              lambda d, c, o=owners: P.check_combat_pick(d, o, c))
        partial.combat_deck(seat)[:] = deck
    partial.twists = P.random_legal(rng, pool, [], 10, P.check_twist_pick)
    partial.events = P.random_legal(rng, pool, [], 5, P.check_event_pick)


def test_pt_setup_build_setup_validates_and_starts(core_set):
    partial = P.PartialSetup(players=2, seed=7)
    for step in range(1, 7):
        assert P.missing(partial, step)
    fill(partial, core_set, random.Random(3))
    for step in range(1, 7):
        assert P.missing(partial, step) == [], step
    game = Game.new(P.build_setup(partial))
    names = {c["name"] for c in game.view("gm")["characters"]}
    assert {"Grist", "Vesper Quill", "Brannoch Stone"} <= names


def test_pt_setup_3_build_setup_refuses_a_short_hand(core_set):
    partial = P.PartialSetup(players=1)
    fill(partial, core_set, random.Random(1))
    partial.gm_plot_hand.pop()
    with pytest.raises(RuleViolation) as e:
        P.build_setup(partial)
    assert e.value.clause == "PT-SETUP-3"


def test_pt_setup_3_fill_at_random_fits_the_gms_objective(core_set):
    """PT-SETUP-3, PT-LOC-3, PT-OBJ-1: the wizard's Fill at random for the GM's hand first
    puts in the Bystanders his Objective's Threat counts (Feed the Furnace: 3 Killed),
    keeping what the GM picked himself and the 5-card, one-copy hand (PT-PLOT-1)."""
    from engine.plottwist.objective_fit import plots_wanted

    furnace = next(o for o in core_set.by_kind("objective") if plots_wanted(o))
    wants = plots_wanted(furnace)
    assert wants == {"bystander": 3}
    lair = core_set.by_kind("lair")[0]
    pool = list(core_set)

    def check(h, c):
        return P.check_plot_pick(h, c, "gm")

    for seed in range(30):
        hand = P.random_legal(random.Random(seed), pool, [lair], 5, check, wants)
        assert hand[0] is lair and len(hand) == 5
        assert sum(c.kind == "bystander" for c in hand) >= 3, [c.name for c in hand]
        assert len({c.name for c in hand}) == 5
    full = P.random_legal(random.Random(1), pool, [], 5, check)
    assert P.random_legal(random.Random(2), pool, full, 5, check, wants) == full
