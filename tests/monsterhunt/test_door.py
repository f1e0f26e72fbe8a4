"""The door: legal actions, JSON actions, save/load, undo, views, the registry, the pack,
the simulator, and a check that the tests cite every clause of the catalogue."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import games
from engine.core import registry
from engine.core.errors import SaveError
from engine.core.zones import Zone
from engine.monsterhunt import actions as A
from engine.monsterhunt import sim
from engine.monsterhunt.agents import RandomAgent, seats_to_act
from engine.monsterhunt.game import Game
from engine.monsterhunt.invariants import check_invariants
from engine.monsterhunt.pack import PackProblem, bundled_root, load_pack

from .kit import fight

ROOT = Path(__file__).resolve().parents[2]


def _play(game: Game, steps: int, seed: int = 3) -> None:
    agent = RandomAgent(seed)
    for _ in range(steps):
        seats = seats_to_act(game)
        if not seats:
            return
        action = agent.choose(game, agent.rng.choice(seats))
        assert action is not None
        game.apply(action)


def test_every_listed_action_is_legal_labelled_and_round_trips_json():
    """MH-R-DONE, MH-INIT-1: legal_actions gives only what apply accepts, with menu text."""
    game = fight()
    _play(game, 40)
    for seat in game.state.seats:
        for action in game.legal_actions(seat):
            assert game.is_legal(action) and action.label
            assert A.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    attack = A.EnemyAttack("gm", "e1", "g3", "h2", True)
    assert A.EnemyAttack.from_json(attack.to_json()) == attack
    with pytest.raises(ValueError):
        A.Engage.from_json(attack.to_json())
    with pytest.raises(ValueError):
        A.action_from_json({"type": "summon_dragon", "seat": "gm"})


def test_save_load_and_undo_give_back_the_same_fight():
    """MH-SETUP-3: a save holds hidden cards yet loads to the same position; undo and redo
    restore the coins' position too."""
    game = fight()
    _play(game, 60)
    text = game.save()
    again = Game.load(text)
    assert again.save() == text
    before = game.save()
    legal = [a for s in seats_to_act(game) for a in game.legal_actions(s)]
    game.apply(legal[0])
    after = game.save()
    game.undo()
    assert game.save() == before
    game.redo()
    assert game.save() == after


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="plot-twist-save"),
    lambda d: d["payload"]["state"].pop("zones"),
    lambda d: d["payload"]["state"]["heroes"][0].update(hp=99),
    lambda d: d["payload"]["state"]["zones"][0]["cards"].append("g1"),
])
def test_a_damaged_save_is_refused_with_a_message(damage):
    """MH-R-DOWN, MH-R-DECK-1: a save breaking Health bounds or card counts is a SaveError."""
    doc = json.loads(fight().save())
    damage(doc)
    with pytest.raises(SaveError):
        Game.load(json.dumps(doc))


def test_views_never_show_a_hidden_face_over_a_fight():
    """MH-SETUP-3: every seat's view, and the projector's, at many positions."""
    game = fight()
    agent = RandomAgent(5)
    for _ in range(150):
        if game.winner:
            break
        seats = seats_to_act(game)
        action = agent.choose(game, agent.rng.choice(seats))
        assert action is not None
        game.apply(action)
        check_invariants(game, privacy=True)
    hidden_log = [e for e in game.state.log if e["visible_to"]]
    assert hidden_log
    p2_log = "\n".join(game.view("p2")["log"])
    for e in hidden_log:
        if "p2" not in e["visible_to"]:
            assert e["text"] not in p2_log


def test_the_registry_lists_both_games_and_checks_the_door():
    """MH-R-SEATS: the start screen finds Monster Hunt beside Plot Twist by id; a plug-in
    registers itself; a class without the door is refused."""
    ids = [m.id for m in games.available()]
    assert ids[:2] == ["plottwist", "monsterhunt"]
    assert registry.get("monsterhunt").load() is Game
    assert registry.get("plottwist").load().__module__ == "engine.plottwist.game"
    fmt = json.loads(fight().save())["format"]
    assert registry.for_save_format(fmt) is registry.get("monsterhunt")
    assert registry.for_save_format("nonsense") is None
    fake = registry.GameModule("fake", "Fake", lambda: Zone)
    registry.register(fake)
    try:
        assert [m.id for m in games.available()][-1] == "fake"
        with pytest.raises(ValueError):
            registry.register(fake)
        with pytest.raises(TypeError, match="lacks"):
            registry.get("fake").load()
    finally:
        registry.unregister("fake")
    with pytest.raises(KeyError):
        registry.get("fake")


def test_the_pack_validates_against_its_schema(tmp_path):
    """MH-R-STATS: the bundled pack loads; a card with no Dodge is refused by file and field."""
    pack = load_pack()
    assert len(pack.of_kind("hero")) >= 3 and len(pack.of_kind("major")) >= 2
    assert all(c["power"]["kind"] for c in pack.cards.values())
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "pack.json").write_text((bundled_root() / "pack.json").read_text())
    card = dict(json.loads((bundled_root() / "enemies.json").read_text())["cards"][0])
    del card["dodge"]
    (bad / "enemies.json").write_text(json.dumps({"cards": [card]}))
    with pytest.raises(PackProblem, match="enemies.json"):
        load_pack(bad)


def test_the_simulator_plays_whole_fights_clean(capsys):
    """MH-R-WIN, MH-R-LIMIT: a few random fights end in a result with every invariant held."""
    assert sim.main(["--games", "4", "--seed", "11", "--check-save-every", "20"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and sum(out["wins"].values()) == 4


def test_every_clause_of_the_catalogue_is_cited_by_a_test():
    """Every MH-… and MH-R-… ID in docs/rules/monsterhunt.md appears in a test docstring."""
    doc = (ROOT / "docs/rules/monsterhunt.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\| (MH-[A-Z0-9-]+[0-9A-Z]) \|", doc))
    assert len(ids) > 40
    cited = "\n".join(p.read_text(encoding="utf-8")
                      for p in Path(__file__).parent.glob("test_*.py"))
    docstrings = "\n".join(re.findall(r'"""(.*?)"""', cited, flags=re.S))
    missing = sorted(i for i in ids if not re.search(rf"{re.escape(i)}\b", docstrings))
    assert not missing, f"clauses no test cites: {missing}"


def test_a_scenario_file_plays_through_the_simulator(capsys):
    """MH-R-REF, MH-R-SPECIAL, MH-DEF-2: Wren refreshes, so her attacks are refused; Dez
    spends the pool (4-4-4-9: three of a kind, 3 hits) and the Widow stops on her last card."""
    path = Path(__file__).parent / "scenarios" / "refresh_then_special.json"
    assert sim.main(["--scenario", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["ok"] for r in out["results"]] == [True, False, False, True]
    assert out["results"][1]["clause"] == "MH-R-REF"
    assert out["state"]["enemies"]["e1"] == {"stack": 1, "out": False}


def test_the_view_says_who_acts_and_what_the_gm_owes():
    """MH-DIS-1, MH-ENG-1: the tracker's data: players to act in the Initiative, then the
    GM with 2 attacks owed."""
    game = fight()
    view = game.view("table")
    assert view["to_act"] == ["p1", "p2"] and view["gm_owes"] == 0
    assert [s["id"] for s in view["tracker"]][0] == view["phase"] == "initiative"
    game.apply(A.Done("p1"))
    game.apply(A.Done("p2"))
    view = game.view("table")
    assert view["to_act"] == ["gm"] and view["gm_owes"] == 2


def test_a_save_names_its_game_and_one_call_reads_it():
    """MH-R-SEATS: Continue reads any save with one call: the save's format picks the
    module, whose reader brings back the same fight (no pack catalog needed); text that is
    no save belongs to no game; Next is the module's Done."""
    game = fight()
    text = game.save()
    module = games.for_save(text)
    assert module is registry.get("monsterhunt") and module.next_kind == "done"
    again = module.read(text)
    assert isinstance(again, Game) and again.save() == text
    assert games.for_save("not json") is None and games.for_save("{}") is None
    assert registry.get("plottwist").next_kind == "pass"
