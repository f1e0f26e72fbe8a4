"""The coin panel: each roll's coins, a short flip when animations are on, landing on the
engine's coins; no flip with animations off, nor for a redraw of a roll already shown."""

from __future__ import annotations

from gui.panels import coins as coins_module
from gui.panels.coins import COIN_MAX, CoinPanel

ROLL = {"who": "h1", "kind": "opposing", "pool": 6, "coins": "HHTHTT", "successes": 3,
        "auto": 0, "against": 2, "margin": 1, "won": True, "text": "Perception vs Stealth"}
NEXT = {**ROLL, "coins": "TTTHHH", "text": "Stealth vs Perception", "won": False}


def _panel(qtbot):
    panel = CoinPanel()
    qtbot.addWidget(panel)
    panel.resize(320, 300)
    panel.show()
    return panel


def test_flip_lands_on_the_rolled_coins(qtbot, monkeypatch):
    monkeypatch.setattr(coins_module, "headless", lambda: False)  # as on a real screen
    panel = _panel(qtbot)
    panel.animate = True
    panel.show_rolls([ROLL], {"h1": "Hope"})
    assert not panel.flipping(), "the first roll on screen is not news"
    panel.show_rolls([ROLL, NEXT], {"h1": "Hope"})
    assert panel.flipping()
    assert panel.strip.progress < 1.0
    assert not panel.main.revealed(), "the outcome waits for the coins to land"
    panel.strip.grab()  # a frame mid-flip paints without error
    qtbot.waitUntil(lambda: not panel.flipping(), timeout=2000)
    assert panel.strip.progress == 1.0
    assert panel.strip.coins == "TTTHHH"
    assert panel.strip.accessibleName() == "3 Heads, 3 Tails"
    assert panel.outcome.text() == "Lost" and panel.main.revealed()
    # the same rolls again (undo, another seat's view): no spin
    panel.show_rolls([ROLL, NEXT], {"h1": "Hope"})
    assert not panel.flipping()


def test_no_flip_when_animations_are_off(qtbot, monkeypatch):
    monkeypatch.setattr(coins_module, "headless", lambda: False)
    panel = _panel(qtbot)
    panel.animate = False
    panel.show_rolls([ROLL], {})
    panel.show_rolls([ROLL, NEXT], {})
    assert not panel.flipping() and panel.strip.coins == "TTTHHH"


def test_offscreen_does_not_flip_by_default(qtbot):
    panel = _panel(qtbot)
    panel.show_rolls([ROLL], {})
    panel.show_rolls([ROLL, NEXT], {})
    assert not panel.flipping()


def test_coins_are_projector_sized(qtbot):
    panel = _panel(qtbot)
    panel.resize(600, 300)
    panel.show_rolls([ROLL], {})
    size, _ = panel.strip._layout(panel.strip.width())
    assert size == COIN_MAX >= 48


def test_table_settings_switch_reaches_the_panel(make_window):
    window = make_window()
    window.quick_game()
    assert window.table.coins.animate is False  # the fixture's Settings(animations=False)
