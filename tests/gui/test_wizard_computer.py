"""New game wizard, last step (issue 16): each seat of the table — the GM and each
Player — is a person's or the computer's at a strength, and the game starts so."""

from __future__ import annotations

import random

import pytest

from gui.games import GameSource
from gui.qt import QtCore, QtWidgets
from gui.wizard import NewGameWizard

pytest.importorskip("engine.plottwist.game")


def _play_by(w, seat: str, strength: str | None) -> None:
    combo = w.played_by[seat]
    combo.setCurrentIndex(combo.findData(strength))


def _dealt_at_last_step(w, players: int) -> None:
    w.players.setValue(players)
    w.deal_all()
    w.go(7)


def test_the_last_step_offers_a_person_or_the_computer_for_each_seat_at_the_table(qtbot,
                                                                                 catalog):
    w = NewGameWizard(catalog, rng=random.Random(3))
    qtbot.addWidget(w)
    w.show()
    _dealt_at_last_step(w, 3)
    _play_by(w, "p3", "easy")
    w.players.setValue(2)                 # Player 3 left the table: no seat to play
    w.go(7)
    assert [s for s, c in w.played_by.items() if c.isVisible()] == ["gm", "p1", "p2"]
    texts = [w.played_by["gm"].itemText(i) for i in range(w.played_by["gm"].count())]
    assert texts == ["A person", "Computer · Easy", "Computer · Normal", "Computer · Hard"]
    _play_by(w, "gm", "hard")
    _play_by(w, "p2", "easy")
    w.next()
    assert w.game is not None
    assert w.computer_seats() == {"gm": "hard", "p2": "easy"}
    assert w.game.table_meta == {"computer": {"gm": "hard", "p2": "easy"}}


def _finish_wizard_with(seats: dict[str, str | None]) -> None:
    def finish() -> None:
        w = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(w, NewGameWizard):
            QtCore.QTimer.singleShot(20, finish)
            return
        _dealt_at_last_step(w, 2)
        for seat, strength in seats.items():
            _play_by(w, seat, strength)
        w.next()

    QtCore.QTimer.singleShot(0, finish)


def test_a_wizard_game_starts_with_the_chosen_seats_played_by_the_computer(make_window):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000     # no computer move during this test
    _finish_wizard_with({"gm": "normal", "p1": "hard"})
    window.new_game()
    assert window.in_game()
    seats = window.table.computer_menu.seats
    assert seats.seats == {"gm": "normal", "p1": "hard"}
    assert not seats.is_computer("p2")


def test_a_wizard_game_of_people_only_has_no_computer_seat(make_window):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    _finish_wizard_with({})
    window.new_game()
    assert window.in_game()
    assert window.table.computer_menu.seats.seats == {}
    assert "computer" not in window.table.controller.game.table_meta
