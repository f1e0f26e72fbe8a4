"""monster-hunt-sim: play whole random fights and check the invariants as they go.

  monster-hunt-sim --games N --seed S --players P [--round-limit R] [--check-save-every K]
  monster-hunt-sim --scenario FILE [--actions FILE]

Invariants (engine/monsterhunt/invariants.py) are checked after every action, the views'
privacy every --privacy-every actions, and a save → load → save round trip every
--check-save-every actions; an undo → redo must give back the same position.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from .agents import RandomAgent, seats_to_act
from .game import Game
from .invariants import InvariantError, check_invariants, check_privacy
from .options import RulesOptions
from .pack import Pack, load_pack


@dataclass
class Totals:
    games: int = 0
    actions: int = 0
    rounds: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    specials: Counter[str] = field(default_factory=Counter)
    majors_finished: int = 0


def play_one(pack: Pack, seed: int, players: int, options: RulesOptions, totals: Totals,
             save_every: int = 100, privacy_every: int = 100) -> Game:
    # the encounter varies with the seed: 1-3 minor threats, with or without a Monster of
    # the Week, so both the players' and the GM's victories are reached
    game = Game.quick(players=players, seed=seed, options=options, pack=pack,
                      minors=1 + seed % 3, majors=(seed // 3) % 2)
    agent = RandomAgent(seed)
    n = 0
    while game.winner is None:
        seats = seats_to_act(game)
        if not seats:
            raise InvariantError(f"seed {seed}: nobody can act (phase {game.state.phase})")
        seat = agent.rng.choice(seats)
        action = agent.choose(game, seat)
        assert action is not None
        try:
            # the position before, kept only when this action's undo is checked
            before = game.save() if save_every and (n + 1) % save_every == 0 else ""
            events = game.apply(action)
            n += 1
            check_invariants(game)
            if privacy_every and n % privacy_every == 0:
                check_privacy(game)
            if save_every and n % save_every == 0:
                text = game.save()
                if Game.load(text).save() != text:
                    raise InvariantError("save → load → save changed the fight")
                game.undo()
                if game.save() != before:
                    raise InvariantError("undo did not give back the position before")
                game.redo()
                if game.save() != text:
                    raise InvariantError("redo did not give back the position after")
        except Exception as e:
            raise InvariantError(f"seed {seed}, action {n + 1} ({action.label}): "
                                 f"{type(e).__name__}: {e}") from e
        totals.kinds[action.kind] += 1
        for ev in events:
            if ev.kind == "special":
                totals.specials[ev.data["hand"]] += 1
            if ev.kind == "defeated" and game.state.enemies[ev.data["enemy"]].major:
                totals.majors_finished += 1
    check_privacy(game)
    totals.games += 1
    totals.actions += n
    totals.rounds += game.state.round
    totals.wins[str(game.winner)] += 1
    return game


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="monster-hunt-sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--round-limit", type=int, default=60,
                   help="safety valve: a fight still going after this round is a draw")
    p.add_argument("--check-save-every", type=int, default=100,
                   help="save/load and undo/redo round trips every K actions (0: never)")
    p.add_argument("--privacy-every", type=int, default=100,
                   help="check every seat's view hides what it must every K actions")
    p.add_argument("--jokers", action="store_true", help="rules option MH-R-JOKER")
    p.add_argument("--ace-low", action="store_true", help="rules option MH-R-RANK")
    p.add_argument("--finishing-from", default="flush", help="rules option MH-R-FINISH")
    p.add_argument("--scenario", help="a scenario JSON file (engine/monsterhunt/scenario.py)")
    p.add_argument("--actions", help="a JSON list of actions to apply to the scenario")
    args = p.parse_args(argv)
    if args.scenario:
        from .scenario import run_files

        return run_files(args.scenario, args.actions)
    options = RulesOptions(ace_low=args.ace_low, jokers=args.jokers,
                           finishing_from=args.finishing_from, round_limit=args.round_limit)
    pack = load_pack()
    totals = Totals()
    start = time.perf_counter()
    for g in range(args.games):
        try:
            play_one(pack, args.seed + g, args.players, options, totals,
                     args.check_save_every, args.privacy_every)
        except InvariantError as e:
            print(f"INVARIANT VIOLATED: {e}", file=sys.stderr)
            return 1
    secs = max(time.perf_counter() - start, 1e-9)
    print(json.dumps({
        "games": totals.games, "actions": totals.actions, "seconds": round(secs, 2),
        "games_per_s": round(totals.games / secs, 2),
        "mean_rounds": round(totals.rounds / max(totals.games, 1), 2),
        "wins": dict(totals.wins), "actions_by_kind": dict(totals.kinds),
        "special_attacks": dict(totals.specials),
        "majors_finished": totals.majors_finished,
    }, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
