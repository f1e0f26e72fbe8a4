"""The simulator and scenarios: whole games end, invariants hold, refusals carry clauses."""

from __future__ import annotations

import json
from pathlib import Path

from engine.plottwist.scenario import run
from engine.plottwist.sim import main
from engine.plottwist.testkit import demo_catalog

HERE = Path(__file__).parent


def test_sim_plays_games_to_the_end(capsys):
    """PT-GOAL-1/2: random games finish; invariants and save round-trips hold."""
    assert main(["--games", "4", "--seed", "7", "--heroes", "3", "--check-save-every", "10"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and sum(out["wins"].values()) == 4


def test_sim_on_demo_cards(capsys):
    assert main(["--games", "3", "--seed", "1", "--heroes", "2", "--demo-cards"]) == 0


def test_scenario_file_reports_refusals_with_clauses(capsys):
    """PT-COMBAT-11, PT-STATUS-9 through a scenario file."""
    path = HERE / "scenarios" / "melee_exchange.json"
    assert main(["--scenario", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    first, second = out["results"]
    assert first["ok"] is False and first["clause"] == "PT-COMBAT-11"
    assert second["ok"] is True
    assert any("Defense (Prone): 0 coins" in e for e in second["events"])
    assert out["state"]["characters"]["v1"]["stress"]["physical"] < 5


def test_scenario_sets_counters_hands_and_coins():
    doc = {"cards": "demo", "setup": {"heroes": 1, "seed": 2},
           "state": {"characters": {"h1": {"physical": 2, "physical_trauma": 1}},
                     "hands": {"p1": ["test/close-in", "test/haymaker"]},
                     "combat": {"attacker": "h1", "defender": "v1", "step": "movement"}},
           "coins": "HT",
           "actions": [{"type": "play_combat_card", "seat": "p1", "actor": "h1",
                        "card": "c999"}]}
    out = run(doc, catalog=demo_catalog())
    assert out["results"][0]["ok"] is False
    assert out["state"]["characters"]["h1"]["stress"]["physical"] == 2
    assert out["state"]["hands"]["p1"] == 2


def test_invariant_checker_catches_broken_counters():
    import pytest

    from engine.plottwist.sim import InvariantError, check_invariants

    from .helpers import make_game

    game = make_game()
    check_invariants(game)
    game.state.characters["h1"].stress["physical"] = 99
    with pytest.raises(InvariantError, match="physical"):
        check_invariants(game)
    game = make_game()
    game.state.characters["h1"].attack = 2
    with pytest.raises(InvariantError, match="actions"):
        check_invariants(game)


def test_sim_reports_seed_and_action_on_violation(monkeypatch, capsys):
    from engine.plottwist import sim

    calls = {"n": 0}

    def broken(game):
        calls["n"] += 1
        if calls["n"] == 5:
            raise sim.InvariantError("made-up breakage")

    monkeypatch.setattr(sim, "check_invariants", broken)
    assert sim.main(["--games", "2", "--seed", "11", "--demo-cards"]) == 1
    err = capsys.readouterr().err
    assert "seed 11, action 5" in err and "made-up breakage" in err
