"""The computer's pace at the table (issue 16, gui/computer.py): "Play out the rest of this
step" lets the computer seats play on at once, without the delay, until the step changes or
a person's seat must act; a Computer-menu change is in the autosave at once."""

from __future__ import annotations

from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game
from gui import saves
from gui.computer import step_key
from gui.games import GameSource


def _menu_action(window, seat_title: str, text: str):
    for act in window.table.computer_menu.menu.actions():
        sub = act.menu()
        if sub is not None and act.text() == f"{seat_title} is played by":
            return next(a for a in sub.actions() if a.text() == text)
    raise AssertionError(f"no submenu for {seat_title}")


def test_play_out_goes_on_without_the_delay_until_the_step_changes(
        make_window, catalog, qtbot):
    """With a one-minute pace, the computer plays the rest of the step at once; in the next
    step it waits its minute again."""
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    game = Game.quick(catalog, heroes=2, seed=6)
    window.start_game(game, computer={"gm": "greedy", "p1": "greedy", "p2": "greedy"})
    page = window.table
    page.controller.autosave_enabled = False
    seats = page.computer_menu.seats
    told: list[str] = []
    seats.sig_moved.connect(lambda _seat, line: told.append(line))
    start = step_key(game)
    qtbot.wait(200)
    assert told == []                          # the pace: nothing moves for a minute
    page.computer_menu.act_play_out.trigger()
    qtbot.waitUntil(lambda: step_key(game) != start, timeout=30000)
    assert told, "the step changed without a computer move"
    moved = len(told)
    qtbot.wait(300)
    assert len(told) == moved                  # the new step is played at the pace again
    assert seats._timer.isActive() and seats._timer.interval() == 60000


def test_play_out_stops_when_a_person_must_act(make_window, catalog, qtbot):
    """Solo (a computer GM, two Heroes for people): the play-out stops as soon as a Hero
    must act, and asking for it while a person is to act says so and moves nothing."""
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    game = Game.quick(catalog, heroes=2, seed=7)
    window.start_game(game, computer={"gm": "greedy"})
    page = window.table
    page.controller.autosave_enabled = False
    seats = page.computer_menu.seats
    human = RandomAgent(7)
    for _ in range(300):                       # people play until the GM is to move
        if seats._next_seat() == "gm":
            break
        seat = next(s for s in seats_to_act(game) if s != "gm" and game.legal_actions(s))
        assert page.controller.apply(human.choose(game, seat))
    assert seats._next_seat() == "gm"
    page.computer_menu.act_play_out.trigger()
    qtbot.waitUntil(lambda: seats._next_seat() is None and not seats.busy, timeout=30000)
    assert seats._rush is None
    assert not seats._timer.isActive()         # waiting for a person, not for its pace
    before = game.version
    page.computer_menu.act_play_out.trigger()
    assert "a person's seat is to act" in page.banner.text()
    qtbot.wait(200)
    assert game.version == before


def test_a_computer_menu_change_is_autosaved_at_once(make_window, qtbot):
    """A Solo game, Player 2 handed to the computer in the menu, the app closed before any
    move: the game continued from the start screen has Player 2 played by the computer;
    the autosaves of another game are untouched."""
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    window.quick_game()
    other = window.table.controller.game.game_id
    window.table.controller.autosave()
    others = {p: p.read_bytes() for p in saves.autosaves().folder.iterdir()}
    window.show_start()
    window.start.buttons["solo"].click()
    game_id = window.table.controller.game.game_id
    assert game_id != other
    _menu_action(window, "Player 2", "the computer (Hard)").trigger()
    window.show_start()
    window.start.buttons["continue"].click()
    assert window.table.controller.game.game_id == game_id
    assert window.table.computer_menu.seats.seats == {"gm": "normal", "p2": "hard"}
    for path, data in others.items():
        assert path.read_bytes() == data
