"""Warn before a play that will do nothing (issue 14, section 4): the table asks "This will
have no effect: <why>. Play it anyway?", No by default; No leaves the game as it was."""

from __future__ import annotations

import dataclasses

import pytest

from gui.games import GameSource
from gui.qt import QtCore, QtWidgets

pytest.importorskip("engine.plottwist.game")


def _game_with_a_move_at_the_cap():
    from engine.plottwist import actions as A
    from tests.engine.helpers import combat_card, make_game, to_attack_step

    card = combat_card("Second Wind", "maneuver", cost={},
                       effects=[{"trigger": "on_play",
                                 "ops": [{"op": "gain", "counter": "move", "amount": 1}]}])
    game = make_game(decks={"p1": [card] * 10})
    to_attack_step(game, "h1", "v1")
    game.state.combat.step = "maneuver"
    assert game.state.characters["h1"].move == 2
    played = game.state.zones["combat_hand:p1"].cards[0]
    return game, A.PlayCombatCard("p1", actor="h1", card=played)


def _answer(qtbot, button, seen: list[str]) -> None:
    """Press `button` in the question once it shows (it is modal: answered from a timer)."""
    def press() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):
            QtCore.QTimer.singleShot(20, press)
            return
        seen.append(box.text())
        assert box.defaultButton() is box.button(QtWidgets.QMessageBox.StandardButton.No)
        box.button(button).click()
    QtCore.QTimer.singleShot(0, press)


@pytest.fixture
def table(make_window):
    window = make_window(GameSource())
    game, play = _game_with_a_move_at_the_cap()
    assert window.start_game(game)
    # the table's own copy: the window's switch stays off, or closing it would ask too
    window.table.settings = dataclasses.replace(window.settings, confirmations=True)
    return window.table, game, play


def test_a_move_gained_at_the_cap_asks_first_and_no_leaves_the_game_unchanged(table, qtbot):
    page, game, play = table
    saved = game.save()
    seen: list[str] = []
    _answer(qtbot, QtWidgets.QMessageBox.StandardButton.No, seen)
    assert page.controller.apply(play) is False
    assert seen == ["This will have no effect: Hope gains 0 of 1 move: already at the "
                    "limit.\n\nPlay it anyway?"]
    assert game.save() == saved
    assert play.card in game.state.zones["combat_hand:p1"].cards


def test_yes_plays_it_and_the_log_says_no_effect(table, qtbot):
    page, game, play = table
    seen: list[str] = []
    _answer(qtbot, QtWidgets.QMessageBox.StandardButton.Yes, seen)
    assert page.controller.apply(play) is True
    assert len(seen) == 1
    assert play.card not in game.state.zones["combat_hand:p1"].cards
    assert any("no effect" in line for line in page.controller.view()["log"][-2:])


def test_the_confirmations_switch_turns_the_question_off(table, qtbot):
    page, game, play = table
    page.settings.confirmations = False
    assert page.controller.apply(play) is True  # no question: a modal one would hang here
    assert play.card not in game.state.zones["combat_hand:p1"].cards
