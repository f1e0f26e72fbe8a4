"""Computer players at the table (gui/computer.py, docs/ai.md): a Quick game where the GM and
two Heroes are computers and the test plays the third Hero runs to its end (PT-GOAL); the
one-click Solo game; Undo while the computer thinks cancels the thought; Hint."""

from __future__ import annotations

from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.ai.players import Decision
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from gui.games import GameSource


def _idle(seats) -> bool:
    return not seats.busy and not seats._timer.isActive()


def test_computer_gm_and_heroes_play_a_quick_game_to_its_end_with_one_human(
        make_window, catalog, qtbot):
    """PT-GOAL-1/2/3: with the GM and Players 2 and 3 played by the computer (tiny budgets)
    and Player 1 driven by the test, the game reaches an end; every computer move went
    through the table's door and was told on the banner."""
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 0
    # the path this seed was chosen for: with the hot-seat auto-pass (on by default) the
    # random Player 1 goes another way, into an Interview the search players play slowly
    window.settings.auto_pass = False
    # one Turn: the Turn limit ends the game in a draw unless someone wins sooner
    game = Game.quick(catalog, heroes=3, seed=4, options=RulesOptions(turn_limit=1))
    window.start_game(game, computer={"gm": "greedy", "p2": "search:2", "p3": "search:2"})
    page = window.table
    page.controller.autosave_enabled = False      # the disk is not what this test is about
    seats = page.computer_menu.seats
    told: list[tuple[str, str]] = []
    seats.sig_moved.connect(lambda seat, line: told.append((seat, line)))
    human = RandomAgent(4)
    for _ in range(20000):
        if game.winner is not None:
            break
        qtbot.wait(1)
        if not _idle(seats):
            continue
        if "p1" in seats_to_act(game):
            a = human.choose(game, "p1")
            if a is not None:
                assert page.controller.apply(a)
    assert game.winner is not None, (
        f"stalled in phase {game.state.phase}, turn {game.state.turn}, busy {seats.busy}, "
        f"timer {seats._timer.isActive()}, told {len(told)}, seats {seats_to_act(game)}")
    assert {s for s, _ in told} >= {"gm"}
    assert all(line.startswith("Computer ") for _, line in told)
    assert page.banner.isVisible()


def test_solo_starts_two_heroes_against_a_computer_gm_in_one_click(make_window, qtbot):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000     # no computer move during this test
    window.start.buttons["solo"].click()
    page = window.table
    assert window.in_game()
    assert page.controller.seats() == ["gm", "p1", "p2"]
    assert page.computer_menu.seats.seats == {"gm": "normal"}
    assert page.computer_menu.seats.is_computer("gm")
    assert not page.computer_menu.seats.is_computer("p1")


def test_a_thought_that_comes_back_after_undo_is_dropped(make_window, catalog, qtbot):
    """Undo while the computer thinks cancels the thought: the answer for the old position
    is not played, and the computer thinks again about the new one."""
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    game = Game.quick(catalog, heroes=2, seed=3)
    window.start_game(game, computer={"gm": "greedy"})
    seats = window.table.computer_menu.seats
    legal = game.legal_actions("p1")
    assert window.table.controller.apply(legal[0])
    stale = game.version
    window.table.controller.undo()
    before = game.save()
    seats.busy = True
    seats._decided(((seats._token, stale, "gm"),
                    Decision(game.legal_actions("gm")[0] if game.legal_actions("gm")
                             else legal[0], "stale")))
    assert game.save() == before
    assert not seats.busy


def test_hint_tells_a_move_and_its_reason(make_window, catalog, qtbot):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    window.start_game(Game.quick(catalog, heroes=2, seed=5))
    page = window.table
    lines: list[str] = []
    page.computer_menu.seats.sig_hint.connect(lines.append)
    page.viewer_box.setCurrentIndex(page.viewer_box.findData("p1"))
    page.computer_menu.act_hint.trigger()
    qtbot.waitUntil(lambda: bool(lines), timeout=20000)
    assert lines[0].startswith("Hint: ")
    labels = {a.label for a in page.controller.legal("p1")}
    assert any(lines[0].startswith(f"Hint: {label}") for label in labels)
