"""Matches between computer players: win rates with 95% intervals, endings, think times.

Used by `plot-twist-sim --gm AGENT --heroes-agent AGENT` and `python -m bench --only ai`.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..options import RulesOptions
from .players import Decision, make_player
from .table import play_game


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound for small n and 0 or n wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


class Timed:
    """Wraps a player and records how long each real decision took (forced moves, where
    only one action is legal, are not decisions)."""

    def __init__(self, player: Any, times: list[float]) -> None:
        self.player = player
        self.name = player.name
        self.times = times

    def move(self, game: Game, seat: str) -> Decision | None:
        t0 = time.perf_counter()
        d = self.player.move(game, seat)
        if d is not None and d.tried:
            self.times.append(time.perf_counter() - t0)
        return d


@dataclass
class Match:
    gm: str
    heroes: str
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    think: dict[str, list[float]] = field(default_factory=lambda: {"gm": [], "heroes": []})
    seconds: float = 0.0
    # winners by the game's Objective: the GM's chances differ a lot between them
    by_objective: dict[str, Counter[str]] = field(default_factory=dict)

    def rate(self, side: str) -> tuple[float, float, float]:
        w = self.wins[side]
        lo, hi = wilson(w, self.games)
        return w / max(self.games, 1), lo, hi

    def lines(self) -> list[str]:
        out = [f"GM {self.gm} vs Heroes {self.heroes}: {self.games} games, "
               f"{self.turns / max(self.games, 1):.1f} Turns a game, {self.seconds:.0f} s"]
        for side in ("heroes", "villains", "draw"):
            p, lo, hi = self.rate(side)
            out.append(f"  {side:<9}{self.wins[side]:>5}  {p:6.1%}  (95% CI {lo:.1%} – {hi:.1%})")
        out.append("  endings: " + ", ".join(f"{k} {v}" for k, v in self.endings.most_common()))
        for obj, wins in sorted(self.by_objective.items()):
            out.append(f"  {obj}: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
        for side, times in self.think.items():
            if times:
                out.append(f"  {side} decision time: median {percentile(times, 50):.3f} s, "
                           f"p99 {percentile(times, 99):.3f} s over {len(times)} decisions")
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"gm": self.gm, "heroes_agent": self.heroes, "games": self.games,
                               "wins": dict(self.wins), "endings": dict(self.endings),
                               "by_objective": {k: dict(v) for k, v in self.by_objective.items()}}
        for side in ("heroes", "villains"):
            p, lo, hi = self.rate(side)
            out[f"{side}_win_rate"] = [round(p, 3), round(lo, 3), round(hi, 3)]
        for side, times in self.think.items():
            if times:
                out[f"{side}_think_median_s"] = round(percentile(times, 50), 4)
                out[f"{side}_think_p99_s"] = round(percentile(times, 99), 4)
        return out


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]


@dataclass
class _Game:
    """One game's outcome, small enough to cross from a worker process."""
    winner: str
    ending: str
    turns: int
    think: dict[str, list[float]]
    objective: str = ""


def play_match_game(catalog: Any, gm: str, heroes_agent: str, seed: int, heroes: int = 3,
                    turn_limit: int = 40) -> _Game:
    """One quick game of a match; its seed alone fixes it (the players run without their
    clocks), so it plays the same in any process."""
    think: dict[str, list[float]] = {"gm": [], "heroes": []}
    game = Game.quick(catalog, heroes=heroes, seed=seed,
                      options=RulesOptions(turn_limit=turn_limit), history=False)
    players: dict[str, Any] = {
        "gm": Timed(make_player(gm, catalog, seed * 7919 + 1, clock=False), think["gm"])}
    team = Timed(make_player(heroes_agent, catalog, seed * 7919 + 2, clock=False),
                 think["heroes"])
    for seat in game.state.seats:
        if seat != "gm":
            players[seat] = team
    st = game.state
    # the harness names the Objective for the tally; no player is shown it
    objective = game.cards[st.cards[st.objective]].name if st.objective else ""
    r = play_game(game, players)
    return _Game(r.winner, r.ending, r.turns, think, objective)


# the catalog a worker process plays with: set before the pool forks, inherited by it
_WORKER_CATALOG: Any = None


def _worker_game(args: tuple[str, str, int, int, int]) -> _Game:
    return play_match_game(_WORKER_CATALOG, *args)


def run_match(catalog: Any, gm: str, heroes_agent: str, games: int, seed: int = 1,
              heroes: int = 3, turn_limit: int = 40, jobs: int = 1,
              progress: Any = None, seeds: Sequence[int] | None = None) -> Match:
    """`games` quick games from `seed` on, or the games of `seeds` when given; the same
    seed plays the same games (the players run without their clocks), whatever `jobs`
    (worker processes) is. `progress(m)` is called after each game."""
    make_player(gm, catalog)            # an unknown name fails here, not in a worker
    make_player(heroes_agent, catalog)
    m = Match(gm, heroes_agent)
    start = time.perf_counter()
    if seeds is None:
        seeds = range(seed, seed + games)
    games = len(seeds)
    todo = [(gm, heroes_agent, s, heroes, turn_limit) for s in seeds]

    def add(r: _Game) -> None:
        m.games += 1
        m.wins[r.winner] += 1
        m.endings[r.ending] += 1
        m.turns += r.turns
        m.by_objective.setdefault(r.objective, Counter())[r.winner] += 1
        for side, times in r.think.items():
            m.think[side].extend(times)
        m.seconds = time.perf_counter() - start
        if progress is not None:
            progress(m)

    if jobs <= 1 or games <= 1:
        for args in todo:
            add(play_match_game(catalog, *args))
    else:
        global _WORKER_CATALOG
        _WORKER_CATALOG = catalog
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(min(jobs, games)) as pool:
            for r in pool.imap_unordered(_worker_game, todo):
                add(r)
        _WORKER_CATALOG = None
    m.seconds = time.perf_counter() - start
    return m
