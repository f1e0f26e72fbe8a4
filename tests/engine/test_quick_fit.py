"""The Quick game deals the GM a Plot Hand that fits his Objective (PT-SETUP-3, PT-LOC-3,
PT-OBJ-1): an Objective whose Threat counts Killed Bystanders gets that many Bystanders in
the GM's hand; every other Objective's deal is the deal it always was."""

from __future__ import annotations

import dataclasses

import pytest

from engine.plottwist import cards as C
from engine.plottwist.objective_fit import plots_wanted
from engine.plottwist.quick import quick_setup
from engine.plottwist.rules.setup import validate
from engine.plottwist.testkit import card

SEEDS = range(1, 241)


def _names(cards):
    return [C.name(c) for c in cards]


def _all_but_gm_hand(setup):
    """Every card of a deal, by place, except the GM's Plot Hand."""
    return ([C.name(setup.villain), C.name(setup.location), C.name(setup.objective)]
            + [_names(x) for x in (setup.villain_equipment, setup.mooks,
                                   setup.gm_combat_deck, setup.twists, setup.events)]
            + [[C.name(h.hero), *_names(h.equipment), *_names(h.plot_hand),
                *_names(h.combat_deck)] for h in setup.heroes])


def _bystander_threat(objective) -> int:
    return plots_wanted(objective).get("bystander", 0)


def _without_bystander_threats(catalog):
    """The same cards, but every Objective that counts Bystanders now threatens by Turn
    only: its deal is then the plain deal, the one before any fit."""
    out = {}
    for key, c in catalog.cards.items():
        if C.kind(c) == "objective" and _bystander_threat(c):
            effects = [e for e in C.effects(c) if e.get("trigger") != "threat"]
            effects.append({"trigger": "threat", "condition": {"turn_at_least": 9}})
            c = dataclasses.replace(c, data={**c.data, "effects": effects})
        out[key] = c
    return out


@pytest.mark.parametrize("heroes", [1, 3, 4])
def test_a_killed_bystanders_threat_deals_the_gm_that_many_PT_SETUP_3_PT_LOC_3_PT_OBJ_1(
        core_set, heroes):
    """PT-SETUP-3, PT-LOC-3, PT-OBJ-1, PT-PLOT-1: whenever the Objective dealt counts
    Killed Bystanders, the GM's Plot Hand holds at least that many, keeps a Lair, and is
    still 5 cards, one copy each, a legal Setup."""
    fitted = 0
    for seed in SEEDS:
        setup = quick_setup(core_set, heroes, seed)
        wanted = _bystander_threat(setup.objective)
        if not wanted:
            continue
        fitted += 1
        hand = setup.gm_plot_hand
        assert sum(C.kind(c) == "bystander" for c in hand) >= wanted, (seed, _names(hand))
        assert any(C.kind(c) == "lair" for c in hand), (seed, _names(hand))
        assert len(hand) == 5 and len({C.base_name(c) for c in hand}) == 5
        validate(setup)
    assert fitted >= 40          # the core set's Feed the Furnace is about a third of deals


def test_the_fit_changes_only_the_gm_hand_and_only_for_such_objectives_PT_SETUP_3(core_set):
    """PT-SETUP-3, PT-OBJ-1: against the plain deal (the same cards with no Bystander
    Threat), a seed deals every other card alike; the GM's hand differs only when its
    Objective counts Bystanders and the plain hand held too few, and then it keeps its
    Lair and its Bystanders, giving up only other cards."""
    plain_catalog = _without_bystander_threats(core_set)
    changed = unchanged_other = 0
    for seed in SEEDS:
        setup = quick_setup(core_set, 3, seed)
        plain = quick_setup(plain_catalog, 3, seed)
        assert _all_but_gm_hand(setup) == _all_but_gm_hand(plain), seed
        hand, before = _names(setup.gm_plot_hand), _names(plain.gm_plot_hand)
        wanted = _bystander_threat(setup.objective)
        held = sum(C.kind(c) == "bystander" for c in plain.gm_plot_hand)
        if not wanted or held >= wanted:
            assert hand == before, seed
            unchanged_other += not wanted
            continue
        changed += 1
        gone = [c for c, now in zip(plain.gm_plot_hand, hand, strict=True)
                if C.name(c) != now]
        assert C.kind(plain.gm_plot_hand[0]) == "lair" and hand[0] == before[0], seed
        assert len(gone) == wanted - held and not any(C.kind(c) == "bystander"
                                                      for c in gone), seed
    assert changed >= 30 and unchanged_other >= 100


def test_any_branch_that_counts_bystanders_is_offered_PT_OBJ_1():
    """PT-OBJ-1: an Objective that wins either way ("any") gets the hand for the way that
    needs cards; one that counts nothing the Plot Hand supplies wants nothing."""
    either = card("objective", "Either Way", effects=[{"trigger": "threat", "condition": {
        "any": [{"heroes_incapacitated_at_least": 2},
                {"all": [{"turn_at_least": 4}, {"bystanders_killed_at_least": 2}]}]}}])
    recruits = card("objective", "Witnesses", effects=[
        {"trigger": "threat", "condition": {"bystanders_recruited_at_least": 4}}])
    hate = card("objective", "Grudge", effects=[
        {"trigger": "threat", "condition": {"all": [{"turn_at_least": 6},
                                                    {"hate_at_least": 8}]}}])
    assert plots_wanted(either) == {"bystander": 2}
    assert plots_wanted(recruits) == {"bystander": 4}
    assert plots_wanted(hate) == {}
    assert plots_wanted(None) == {}
