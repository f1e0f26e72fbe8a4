"""Driving a game whose seats are computer players: whose move is next, and whole games.

A side with several seats (the Players) passes Initiative only when none of its seats
wants to do anything else: each seat decides from its own view, and a Pass of Initiative
waits until the others have been asked (a Player with nothing to do must not end the
turn of a partner who has).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..agents import seats_to_act
from ..game import Game
from .players import Decision


def passes_for_partners(game: Game, seat: str, action: A.Action) -> bool:
    """Would this Pass end the Players' Initiative for every Player (not only `seat`)?
    With the rules option hero_pass="every_player" (PT-TURN-1/2, A-1) each Player passes
    for themself, so a Pass never speaks for a partner."""
    st = game.state
    if seat == "gm" or not isinstance(action, A.Pass) or st.combat is not None:
        return False
    return getattr(st.options, "hero_pass", "") != "every_player"


def next_move(game: Game, players: Mapping[str, Any]) -> tuple[str, Decision] | None:
    """The next (seat, decision) among the seats that may act now, asking only the seats
    found in `players`; None when none of them has anything to do."""
    waiting: tuple[str, Decision] | None = None
    seats = seats_to_act(game)
    if game.state.phase == "interview":
        # the Players answer first: the GM's extra questions and choice of Location can
        # be asked again and again (PT-INTV-4, PT-FLEE-8)
        seats = [s for s in seats if s != "gm"] + [s for s in seats if s == "gm"]
    for seat in seats:
        player = players.get(seat)
        if player is None:
            continue
        d = player.move(game, seat)
        if d is None:
            continue
        if passes_for_partners(game, seat, d.action):
            waiting = waiting or (seat, d)
            continue
        return seat, d
    return waiting


@dataclass
class Result:
    winner: str
    ending: str
    turns: int
    actions: int


def play_game(game: Game, players: Mapping[str, Any], max_actions: int = 20000) -> Result:
    """Play to the end (every seat of `game` must be in `players`)."""
    n = 0
    while game.winner is None and n < max_actions:
        move = next_move(game, players)
        if move is None:
            raise RuntimeError(f"nobody can act (phase {game.state.phase})")
        game.apply(move[1].action)
        n += 1
    st = game.state
    return Result(str(st.winner or "unfinished"), st.ending or str(st.winner), st.turn, n)
