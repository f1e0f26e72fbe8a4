"""A computer seat's move is logged in plain words and marked on the table (issue 16,
gui/remarks.py): its reason is a Log line just before the engine's lines of that move, on
the laptop and on the projector; what the move named is marked on both tables until the next
change; an Undo takes the line and the mark back, a Redo of the same move brings the line
back; card text in a reason stays plain text."""

from __future__ import annotations

from engine.plottwist.agents import RandomAgent
from engine.plottwist.ai.players import Decision
from engine.plottwist.game import Game
from gui.games import GameSource
from gui.presentation import attach_presentation


def _gm_move_with_an_actor(game: Game):
    """Play the game on (random moves for every seat) until the GM may make a move that
    names one of its characters."""
    agent = RandomAgent(11)
    for _ in range(400):
        named = [a for a in game.legal_actions("gm") if getattr(a, "actor", "")]
        if named:
            return named[0]
        for seat in ("gm", "p1", "p2"):
            a = agent.choose(game, seat)
            if a is not None:
                game.apply(a)
                break
    raise AssertionError("the GM never had a move naming a character")


def _computer_moves(seats, game: Game, action, reason: str) -> None:
    seats.busy = True          # as when a thought comes back from the worker thread
    seats._decided(((seats._token, game.version, "gm"), Decision(action, reason)))


def test_a_computer_move_is_logged_and_marked_until_undone(make_window, catalog, qtbot):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000     # only the move this test hands over
    game = Game.quick(catalog, heroes=2, seed=3)
    action = _gm_move_with_an_actor(game)
    window.start_game(game, computer={"gm": "greedy"})
    page = window.table
    page.controller.autosave_enabled = False
    link = attach_presentation(window)
    link.follow(page.controller)
    projector = link.show(0)
    qtbot.waitExposed(projector)
    seats = page.computer_menu.seats
    before = page.log.texts()
    engine_before = len(game.state.log)

    # a reason with markup in it: a card name is data, shown as written
    reason = "<b>Grist</b> goes first — rated 60/100"
    _computer_moves(seats, game, action, reason)
    assert len(game.state.log) > engine_before, "the move wrote nothing to the log"
    line = f"Computer GM: {reason}"
    after = page.log.texts()
    assert after[:len(before)] == before
    assert after[len(before)] == line              # the reason, then the move's own lines
    assert len(after) > len(before) + 1
    assert line in projector.log.texts()
    assert projector.log.lines[0].textFormat().name == "PlainText"
    # the Log panel files it under its own kind, so a group can filter for it
    assert page.log.kind_of(line) == "computer"

    actor = page.scene.clusters[action.actor]
    assert actor._highlight == "mover"
    assert projector.scene.clusters[action.actor]._highlight == "mover"
    # a redraw that changes nothing (a seat switch) keeps the mark
    page.controller.set_viewer("p1")
    assert page.scene.clusters[action.actor]._highlight == "mover"

    window.undo()
    assert line not in page.log.texts()
    assert line not in projector.log.texts()
    assert page.scene.clusters[action.actor]._highlight is None
    window.redo()
    assert line in page.log.texts()                # the same move again: its reason too
    assert page.scene.clusters[action.actor]._highlight is None   # the mark was that moment's


def test_a_different_move_in_its_place_does_not_inherit_the_reason(
        make_window, catalog, qtbot):
    window = make_window(GameSource())
    window.settings.computer_delay_ms = 60000
    game = Game.quick(catalog, heroes=2, seed=3)
    action = _gm_move_with_an_actor(game)
    window.start_game(game, computer={"gm": "greedy"})
    page = window.table
    page.controller.autosave_enabled = False
    seats = page.computer_menu.seats
    _computer_moves(seats, game, action, "the first thought")
    assert "Computer GM: the first thought" in page.log.texts()
    window.undo()
    others = [a for a in game.legal_actions("gm") if a != action]
    assert others
    page.controller.apply(others[-1], ask=False)    # a person plays the GM's seat now
    assert not any(t.startswith("Computer GM:") for t in page.log.texts())


def test_the_projector_names_a_bystander_in_a_combat(show_projector, catalog):
    """PT-BYST-7: a Villain may go after a Bystander; the projector's Combat panel names it
    (it is a card on the Location, not a character) rather than "?"."""
    game = Game.quick(catalog, heroes=3, seed=7)
    agent = RandomAgent(3)
    for _ in range(400):
        chars = {c["id"] for c in game.view("gm")["characters"]}
        after = [a for a in game.legal_actions("gm")
                 if a.kind == "initiate_combat" and a.target not in chars]
        if after:
            break
        for seat in ("p1", "p2", "p3", "gm"):
            a = agent.choose(game, seat)
            if a is not None and a.kind != "initiate_combat":
                game.apply(a)
                break
    assert after, "the GM never could go after a Bystander"
    game.apply(after[0])
    projector = show_projector(game, (1920, 1080), "light")
    bystander = next(c["card"]["name"] for z in game.view("table")["zones"].values()
                     for c in z["cards"] if c.get("id") == after[0].target)
    assert projector.combat.fighters.text().endswith(f" vs {bystander}")
