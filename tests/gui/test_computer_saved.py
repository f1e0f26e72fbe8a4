"""Computer seats are kept with the game (issue 16): a Solo game autosaved and continued,
or saved to a file and opened, is played by the computer at the same seats and strength;
a seat given back to a person stays a person's."""

from __future__ import annotations

import pytest

from gui.games import GameSource

pytest.importorskip("engine.plottwist.game")


def _solo(make_window):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000     # no computer move during these tests
    window.start.buttons["solo"].click()
    return window


def _menu_choice(window, seat_title: str) -> str:
    """The checked line of the Computer menu's "<seat> is played by" submenu."""
    for act in window.table.computer_menu.menu.actions():
        sub = act.menu()
        if sub is not None and act.text() == f"{seat_title} is played by":
            return next(a.text() for a in sub.actions() if a.isChecked())
    raise AssertionError(f"no submenu for {seat_title}")


def test_solo_autosaved_then_continued_keeps_the_computer_gm(make_window):
    window = _solo(make_window)
    game_id = window.table.controller.game.game_id
    window.table.controller.autosave()
    window.show_start()
    window.start.buttons["continue"].click()
    assert window.in_game()
    assert window.table.controller.game.game_id == game_id
    seats = window.table.computer_menu.seats
    assert seats.seats == {"gm": "normal"}
    assert not seats.is_computer("p1") and not seats.is_computer("p2")
    assert _menu_choice(window, "GM") == "the computer (Normal)"
    assert _menu_choice(window, "Player 1") == "a person"


def test_a_saved_file_opens_with_the_same_computer_seats(make_window, tmp_path):
    window = _solo(make_window)
    window.table.computer_menu.set_seat("p2", "hard")
    path = tmp_path / "evening.ptsave"
    window.table.controller.save_to(path)
    window.show_start()
    window.open_path(path)
    assert window.in_game()
    assert window.table.computer_menu.seats.seats == {"gm": "normal", "p2": "hard"}


def test_a_seat_given_back_to_a_person_is_continued_as_a_person(make_window):
    window = _solo(make_window)
    window.table.computer_menu.set_seat("gm", None)
    window.table.controller.autosave()
    window.show_start()
    window.start.buttons["continue"].click()
    assert window.table.computer_menu.seats.seats == {}
    assert _menu_choice(window, "GM") == "a person"


def test_a_quick_game_after_a_solo_one_has_no_computer_seats(make_window):
    window = _solo(make_window)
    window.show_start()
    window.quick_game()
    assert window.table.computer_menu.seats.seats == {}
