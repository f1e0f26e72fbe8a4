"""Whole stretches of real games played through the controller: every position renders,
every viewer's table matches its view, and undo walks back through them."""

from __future__ import annotations

import random

import pytest

from gui.games import GameSource

pytest.importorskip("engine.plottwist.game")


@pytest.mark.parametrize("seed", [2, 5])
def test_random_legal_play_renders_every_position(make_window, seed):
    window = make_window(GameSource())
    window.quick_game()
    page = window.table
    controller = page.controller
    rng = random.Random(seed)
    seats = controller.seats()
    applied = 0
    for _ in range(120):
        view = controller.view()
        if view.get("winner"):
            break
        seat = rng.choice(seats)
        actions = controller.game.legal_actions(seat)
        if not actions:
            continue
        # mostly fight, so Combats, rolls and damage get drawn
        fights = [a for a in actions if a.kind in ("initiate_combat", "play_combat_card",
                                                   "attack", "pass")]
        action = rng.choice(fights if fights and rng.random() < 0.8 else actions)
        assert controller.apply(action), action
        applied += 1
        if applied % 15 == 0:
            page.viewer_box.setCurrentIndex(page.viewer_box.findData(rng.choice(
                [*seats, "table"])))
        shown = controller.view()
        assert set(page.scene.clusters) == {c["id"] for c in shown["characters"]}
        if shown.get("combat"):
            assert len([c for c in page.scene.clusters.values() if c.combat_role]) >= 1
    assert applied > 20
    for _ in range(10):
        window.undo()
    assert set(page.scene.clusters) == {c["id"] for c in controller.view()["characters"]}
