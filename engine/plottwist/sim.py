"""plot-twist-sim: play whole random games and check invariants as they go.

The invariants are checked every K actions (--check-every, default 10) and after the last
action of every game; a save → load → save round-trip every --check-save-every actions
(default 50). --check-every 1 checks after every action, as before.

  plot-twist-sim --games N --seed S --heroes H [--check-every K]
  plot-twist-sim --scenario FILE [--actions FILE]
  plot-twist-sim --gm AGENT --heroes-agent AGENT --games N   (AGENT: random | greedy |
      search[:PLAYOUTS] | easy | normal | hard) [--jobs 2]: win rates with 95%
      intervals, endings
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .agents import RandomAgent
from .game import Game
from .invariants import InvariantError, check_invariants
from .options import RulesOptions
from .testkit import demo_catalog, load_catalog


@dataclass
class Totals:
    games: int = 0
    actions: int = 0
    turns: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    turn_cap: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    apply_seconds: float = 0.0


def play_one(catalog: Any, seed: int, heroes: int, turn_limit: int, check_every: int,
             totals: Totals, invariants_every: int = 1) -> None:
    game = Game.quick(catalog, heroes=heroes, seed=seed,
                      options=RulesOptions(turn_limit=turn_limit), history=False)
    agent = RandomAgent(seed)
    n = 0
    while game.winner is None:
        action = agent.act(game)
        if action is None:
            raise InvariantError(f"nobody can act (phase {game.state.phase})")
        number = n + 1
        try:
            t0 = time.perf_counter()
            game.apply(action, checked=agent.checked)
            totals.apply_seconds += time.perf_counter() - t0
            n += 1
            if n % invariants_every == 0 or game.winner is not None:
                check_invariants(game)
            if check_every and n % check_every == 0:
                text = game.save()
                again = Game.load(text, catalog)
                if again.save() != text:
                    raise InvariantError("save → load → save changed the game")
        except Exception as e:
            raise InvariantError(f"seed {seed}, action {number} ({action.label}): "
                                 f"{type(e).__name__}: {e}") from e
    totals.games += 1
    totals.actions += n
    totals.turns += game.state.turn
    totals.wins[game.winner] += 1
    totals.endings[getattr(game.state, "ending", "") or str(game.winner)] += 1
    if game.state.winner == "draw":   # the only draw is the turn limit's
        totals.turn_cap += 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="plot-twist-sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--heroes", type=int, default=3)
    p.add_argument("--turn-limit", type=int, default=40,
                   help="safety valve: a game reaching this Turn is a draw")
    p.add_argument("--check-save-every", type=int, default=50,
                   help="save/load round-trip every K actions (0: never)")
    p.add_argument("--check-every", type=int, default=10,
                   help="invariant checks every K actions and at each game's end (1: after "
                        "every action)")
    p.add_argument("--demo-cards", action="store_true", help="use the built-in demo set")
    p.add_argument("--scenario", help="a scenario JSON file (docs/scenarios.md)")
    p.add_argument("--actions", help="a JSON list of actions to apply to the scenario")
    p.add_argument("--gm", help="the GM's computer player (random, greedy, search[:N], "
                                "easy, normal, hard); with --heroes-agent: a match")
    p.add_argument("--heroes-agent", help="the Heroes' computer player (as --gm)")
    p.add_argument("--json", action="store_true", help="a match prints JSON")
    p.add_argument("--jobs", type=int, default=1,
                   help="a match's worker processes (same games whatever the number)")
    args = p.parse_args(argv)
    if args.gm or args.heroes_agent:
        return _match(args)
    if args.scenario:
        from .scenario import run_files

        return run_files(args.scenario, args.actions)
    if args.demo_cards:
        catalog: Any = demo_catalog()
    else:
        catalog = load_catalog()
    totals = Totals()
    start = time.perf_counter()
    for g in range(args.games):
        try:
            play_one(catalog, args.seed + g, args.heroes, args.turn_limit,
                     args.check_save_every, totals, max(args.check_every, 1))
        except InvariantError as e:
            print(f"INVARIANT VIOLATED: {e}", file=sys.stderr)
            return 1
    secs = max(time.perf_counter() - start, 1e-9)
    result = {
        "games": totals.games, "actions": totals.actions,
        "seconds": round(secs, 2),
        "games_per_s": round(totals.games / secs, 2),
        "actions_per_s": round(totals.actions / secs),
        # Game.apply alone, without the agent's search and the invariant checks
        "engine_apply_per_s": round(totals.actions / max(totals.apply_seconds, 1e-9)),
        "mean_turns": round(totals.turns / max(totals.games, 1), 2),
        "wins": dict(totals.wins), "turn_limit_draws": totals.turn_cap,
        "endings": dict(totals.endings),
        "invariants_every": max(args.check_every, 1),
        "save_round_trip_every": args.check_save_every,
    }
    print(json.dumps(result, indent=1))
    return 0


def _match(args: argparse.Namespace) -> int:
    from .ai.match import run_match
    catalog = demo_catalog() if args.demo_cards else load_catalog()
    try:
        m = run_match(catalog, args.gm or "random", args.heroes_agent or "random", args.games,
                      args.seed, args.heroes, args.turn_limit, jobs=args.jobs)
    except ValueError as e:
        print(f"plot-twist-sim: {e}", file=sys.stderr)
        return 2
    print(json.dumps(m.to_json(), indent=1) if args.json else "\n".join(m.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
