"""The engine's cost in instructions, which load cannot move: ``python -m bench.instructions``.

Runs this module under ``valgrind --tool=callgrind`` twice and prints the difference per
action: a whole random game loop (agent and ``Game.apply``, as ``bench --only engine``
plays it) or, with ``--apply``, ``Game.apply`` alone replaying the same games' actions
with a check token (as the agent hands them over). Both runs play one warm-up game first
(imports, caches) and the same games (seeds 1–3, 3 Heroes); only the measured part
differs. ``--copy`` counts a search's step as ``bench --only engine`` times it (the
Turn-5 position of ``engine_bench.copy_round_trip``): ``Game.copy()`` alone, and a copy
plus one legal action applied to it, per round trip (three runs: none, copies, trips).
``PYTHONHASHSEED=0`` keeps the counts repeatable (±0.1 %). About a minute each;
valgrind must be installed (``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile

SEEDS = (1, 2, 3)
TRIP_REPEATS = 500   # 3,000 round trips: the start-up's jitter divided by 3,000, not 300


def _games(measure: bool, apply_only: bool) -> int:
    """Play the games; return how many actions were measured."""
    from bench.engine_bench import load_catalog, new_game, play
    from engine.plottwist.agents import RandomAgent

    catalog, _ = load_catalog()
    play(catalog, 3, 99)                               # warm-up, in both runs
    if not apply_only:
        if not measure:
            return 0
        return sum(play(catalog, 3, seed)["actions"] for seed in SEEDS)
    logs = []
    for seed in SEEDS:
        game, agent, actions = new_game(catalog, 3, seed), RandomAgent(seed), []
        while game.winner is None:
            action = agent.act(game)
            if action is None:
                break
            game.apply(action, checked=agent.checked)
            actions.append(action)
        logs.append((seed, actions))
    if not measure:
        return 0
    for seed, actions in logs:
        game = new_game(catalog, 3, seed)
        for action in actions:
            game.apply(action, checked=game.vouch(action))
    return sum(len(actions) for _, actions in logs)


def _trips(what: str) -> int:
    """At the copy bench's Turn-5 position: `what` "copy" copies the game, "trip" copies it
    and applies one legal action to the copy (each of the seats' legal actions in turn),
    "none" only gets there; return how many copies or round trips were made."""
    from bench.engine_bench import find_mid_game, load_catalog
    from engine.core.errors import RuleViolation
    from engine.plottwist.agents import seats_to_act

    catalog, _ = load_catalog()
    game, _ = find_mid_game(catalog)
    game.keep_history = False
    actions = [a for seat in seats_to_act(game) for a in game.legal_actions(seat)]
    for a in actions:                        # warm: first-use costs stay outside
        with contextlib.suppress(RuleViolation):
            game.copy().apply(a)
    if what == "copy":
        for _ in range(TRIP_REPEATS * len(actions)):
            game.copy()
    elif what == "trip":
        for _ in range(TRIP_REPEATS):
            for a in actions:
                with contextlib.suppress(RuleViolation):
                    game.copy().apply(a)
    else:
        return 0
    return TRIP_REPEATS * len(actions)


def _count(measure: bool | str, apply_only: bool) -> tuple[int, int]:
    """Instructions and actions of one child run; `measure` a `_trips` mode for --copy."""
    if isinstance(measure, str):
        child, extra = measure, ["--copy"]
    else:
        child, extra = "1" if measure else "0", ["--apply"] if apply_only else []
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
               sys.executable, "-m", "bench.instructions", "--child", child] + extra
        env = dict(os.environ, PYTHONHASHSEED="0")
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    actions = re.search(r"ACTIONS (\d+)", done.stdout)
    if collected is None or actions is None:
        raise SystemExit(f"callgrind said:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(actions.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions")
    parser.add_argument("--apply", action="store_true", help="Game.apply alone")
    parser.add_argument("--copy", action="store_true",
                        help="Game.copy() and copy + apply at the copy bench's position")
    parser.add_argument("--child", choices=("0", "1", "none", "copy", "trip"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        if args.copy:
            print("ACTIONS", _trips(args.child))
        else:
            print("ACTIONS", _games(args.child == "1", args.apply))
        return 0
    if args.copy:
        base, _ = _count("none", False)
        copies, n = _count("copy", False)
        trips, _ = _count("trip", False)
        print(f"Game.copy() alone: {(copies - base) // max(n, 1):,} instructions; copy + "
              f"apply: {(trips - base) // max(n, 1):,} per round trip ({n} of each)")
        return 0
    measured, actions = _count(True, args.apply)
    base, _ = _count(False, args.apply)
    what = "Game.apply alone" if args.apply else "agent + Game.apply"
    print(f"{what}: {actions} actions (seeds {SEEDS[0]}–{SEEDS[-1]}), "
          f"{(measured - base) // max(actions, 1):,} instructions per action")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
