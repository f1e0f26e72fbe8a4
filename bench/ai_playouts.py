"""How fast the search plays out: ``python -m bench.ai_playouts [--hard SPEC] [--seeds N]``.

Plays quick games (seeds 1000 on, 3 Heroes, Turn limit 40, players without clocks) of
Hard Heroes vs Greedy GM and Hard GM vs Greedy Heroes and prints, for Hard's real
decisions, the playouts per CPU-second and the CPU time per decision (median, p99).
CPU time (``time.process_time``) moves less under the shared machine's load than the
wall clock; the greedy first look of each decision is counted in its time but not as a
playout. Two policies change the games themselves, so compare the rates, not the totals.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.engine_bench import load_catalog


class _Counted:
    """Wraps a player: CPU time and playouts of each real decision."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name = player.name
        self.cpu: list[float] = []
        self.playouts = 0

    def move(self, game: Any, seat: str) -> Any:
        t0 = time.process_time()
        d = self.player.move(game, seat)
        if d is not None and d.tried:
            self.cpu.append(time.process_time() - t0)
            self.playouts += d.tried
        return d


def measure(catalog: Any, hard: str, hard_side: str, seed: int) -> _Counted:
    from engine.plottwist.ai.players import make_player
    from engine.plottwist.ai.table import play_game
    from engine.plottwist.game import Game
    from engine.plottwist.options import RulesOptions

    game = Game.quick(catalog, heroes=3, seed=seed, options=RulesOptions(turn_limit=40),
                      history=False)
    counted = _Counted(make_player(hard, catalog, seed * 7919 + 1, clock=False))
    greedy = make_player("greedy", catalog, seed * 7919 + 2, clock=False)
    players: dict[str, Any] = {}
    for s in game.state.seats:
        mine = (s == "gm") == (hard_side == "gm")
        players[s] = counted if mine else greedy
    play_game(game, players)
    return counted


def main(argv: list[str] | None = None) -> int:
    from engine.plottwist.ai.match import percentile

    p = argparse.ArgumentParser(prog="python -m bench.ai_playouts", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hard", default="hard", help="the search player (a Budget spec)")
    p.add_argument("--seeds", type=int, default=2, help="games a side")
    p.add_argument("--seed", type=int, default=1000)
    args = p.parse_args(argv)
    catalog, _ = load_catalog()
    for side in ("heroes", "gm"):
        cpu: list[float] = []
        playouts = 0
        for seed in range(args.seed, args.seed + args.seeds):
            c = measure(catalog, args.hard, side, seed)
            cpu.extend(c.cpu)
            playouts += c.playouts
        total = sum(cpu)
        print(f"{args.hard} as {side}: {len(cpu)} decisions, {playouts} playouts, "
              f"{playouts / max(total, 1e-9):.0f} playouts per CPU-s, CPU a decision "
              f"median {percentile(cpu, 50):.3f} s, p99 {percentile(cpu, 99):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
