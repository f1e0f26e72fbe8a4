"""Peeks at the Objective (PT-HERC-4, PT-HERC-9, A-37, A-38): the peeking Player's own view
shows the Objective's face from then on; everyone else, the Table included, still sees the
back; who has peeked is part of the position (saved, undone)."""

from __future__ import annotations

from typing import Any

from engine.plottwist import actions as A
from engine.plottwist.game import Game

from .helpers import hero, make_game, villain


def _objective(game: Game, viewer: str) -> dict[str, Any]:
    zone = game.view(viewer)["zones"]["objective"]
    assert zone["count"] == 1
    return zone["cards"][0]


def _table() -> Game:
    seer = hero("Seer", mind=3, heroics={"perception": 2})
    hacker = hero("Hacker", mind=3, heroics={"hacking": 2})
    return make_game(heroes=[seer, hacker], vil=villain(power=5))


def _peek(game: Game, seat: str, actor: str, heroic: str) -> None:
    setattr(game.state.characters[actor], heroic, 5)     # 5 Successes gathered already
    game.coins.force("HHHHHH")
    events = game.apply(A.Investigate(seat, actor=actor, heroic=heroic))
    assert [e.visible_to for e in events if e.kind == "peek"] == [(seat,)]


def test_perception_peek_shows_the_face_to_the_peeker_only_PT_HERC_4_A_37():
    game = _table()
    hidden = _objective(game, "p1")
    assert "back" in hidden and "card" not in hidden
    _peek(game, "p1", "h1", "perception")
    mine = _objective(game, "p1")
    assert mine["id"] == hidden["id"] and mine["card"]["name"] == "Plan"
    assert game.view("p1")["zones"]["objective"]["peeked"] is True
    for viewer in ("p2", "table"):
        other = _objective(game, viewer)
        assert other == {"id": hidden["id"], "back": "objective"}, viewer
        assert game.view(viewer)["zones"]["objective"]["peeked"] is False
    # a peek is not a Reveal: the zone stays the GM's, no Reveal effect ran
    assert not game.state.objective_revealed
    assert game.view("p1")["zones"]["objective"]["visibility"] == "gm"
    assert game.state.peeked == ["p1"]


def test_hacking_peek_is_remembered_in_the_save_and_undone_PT_HERC_9():
    game = _table()
    _peek(game, "p2", "h2", "hacking")
    assert game.state.peeked == ["p2"]
    text = game.save()
    again = Game.load(text, game.cards)
    assert again.save() == text
    assert _objective(again, "p2")["card"]["name"] == "Plan"
    assert "card" not in _objective(again, "p1")
    game.undo()
    assert game.state.peeked == []
    assert "card" not in _objective(game, "p2")


def test_a_save_without_peeks_has_no_peeked_field_A_37():
    """Saves written before peeks were remembered re-save byte for byte."""
    game = _table()
    assert '"peeked"' not in game.save()
