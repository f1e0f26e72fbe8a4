"""The start screen on a 1280x720 laptop: every button, Quit included, is on the screen."""

from __future__ import annotations


def test_the_start_screen_fits_a_720_pixel_laptop(make_window):
    window = make_window()
    window.start.add_game_buttons()          # Monster Hunt's button, added after first paint
    window.resize(1280, 720)
    assert window.minimumSizeHint().height() <= 720
    assert window.height() <= 720
    quit_button = window.start.buttons["quit"]
    bottom = quit_button.mapTo(window, quit_button.rect().bottomLeft()).y()
    assert bottom <= window.height()
