"""First-game hints (issue 14, section 4): on by default, one at a time, each dismissed
for good, all switched off with one button or in Settings."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from gui.settings import Settings

pytest.importorskip("engine.plottwist.game")


def test_hints_are_on_for_a_first_game():
    assert Settings().hints is True
    assert Settings.load().hints is True  # no settings file yet: a first game


def test_a_hint_points_at_the_next_step_and_goes_when_dismissed(make_window):
    window = make_window(GameSource())
    window.settings.hints = True
    window.quick_game()
    page = window.table
    assert not page.hints.isHidden()
    first = page.hints.key
    assert first == "next" and "Next" in page.hints.text.text()
    page.hints.got_it.click()
    assert first in window.settings.hints_seen
    assert page.hints.key != first  # the next hint that applies, or none
    assert first in Settings.load().hints_seen  # remembered on this laptop
    # in the Combat phase, with a Hero free to start a Combat
    game = page.controller.game
    for _ in range(10):
        if game.view("table")["phase"] == "combat":
            break
        seat = next(s for s in ("p1", "p2", "p3", "gm")
                    if any(a.kind == "pass" for a in game.legal_actions(s)))
        page.controller.apply(next(a for a in game.legal_actions(seat) if a.kind == "pass"))
    page.controller.set_viewer("p1")
    assert page.hints.key == "initiate", page.hints.key
    assert "Drag your Hero onto a Villain" in page.hints.text.text()


def test_no_more_hints_switches_them_off(make_window):
    window = make_window(GameSource())
    window.settings.hints = True
    window.quick_game()
    page = window.table
    assert not page.hints.isHidden()
    page.hints.off.click()
    assert page.hints.isHidden() and window.settings.hints is False
    page.controller.set_viewer("gm")
    assert page.hints.isHidden()
    assert Settings.load().hints is False
