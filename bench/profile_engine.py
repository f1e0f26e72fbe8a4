"""Profile the engine's random-agent games: ``python -m bench.profile_engine``.

Uses pyinstrument when it is installed (``.venv/bin/pip install pyinstrument``; it is
not a project dependency), and cProfile always. Prints pyinstrument's call tree and the
cProfile functions with the most own time and the most cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats

from bench.engine_bench import load_catalog, play


def games(catalog, heroes: int, n: int) -> int:
    return sum(play(catalog, heroes, seed)["actions"] for seed in range(1, n + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_engine")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--heroes", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    catalog, _ = load_catalog()
    split = agent_split(catalog, args.heroes)
    print("== random agent, choose() in two halves (no profiler)")
    for key, value in split.items():
        print(f"  {key:24} {value:10.1f}")
    try:
        from pyinstrument import Profiler
    except ImportError:
        print("(pyinstrument not installed: cProfile only)")
    else:
        profiler = Profiler(interval=0.0005)
        profiler.start()
        actions = games(catalog, args.heroes, args.games)
        profiler.stop()
        print(f"== pyinstrument: {args.games} games, {actions} actions")
        print(profiler.output_text(unicode=True, color=False, short_mode=False))
    prof = cProfile.Profile()
    prof.enable()
    actions = games(catalog, args.heroes, args.games)
    prof.disable()
    for key in ("tottime", "cumulative"):
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(key).print_stats(args.top)
        print(f"== cProfile by {key}: {args.games} games, {actions} actions")
        print(buf.getvalue())
    return 0



def agent_split(catalog, heroes: int = 3, games: int = 5) -> dict[str, float]:
    """The random agent's choose(), timed in two halves without a profiler: building the
    keyed candidate list, then checking candidates until one is legal (the agent's own
    algorithm, re-run here step by step on the same games)."""
    import time

    from bench.engine_bench import new_game
    from engine.plottwist import legal
    from engine.plottwist.agents import WEIGHTS, RandomAgent, seats_to_act

    build = check = 0.0
    made = checked = chooses = 0
    for seed in range(1, games + 1):
        game = new_game(catalog, heroes, seed)
        agent = RandomAgent(seed)
        rng = agent.rng
        while game.winner is None:
            action = None
            for seat in rng.sample(seats := seats_to_act(game), len(seats)):
                t0 = time.perf_counter()
                keyed = [(rng.random() ** (1.0 / WEIGHTS.get(a.kind, 1.0)), i, a)
                         for i, a in enumerate(legal.candidates(game, seat, labels=False))]
                keyed.sort(reverse=True)
                t1 = time.perf_counter()
                for _, _, candidate in keyed:
                    checked += 1
                    if game.is_legal(candidate):
                        action = candidate
                        break
                t2 = time.perf_counter()
                build += t1 - t0
                check += t2 - t1
                made += len(keyed)
                chooses += 1
                if action is not None:
                    break
            if action is None:
                break
            game.apply(action)
    return {"chooses": chooses, "candidates_per_choose": made / chooses,
            "checks_per_choose": checked / chooses,
            "build_us_per_choose": 1e6 * build / chooses,
            "check_us_per_choose": 1e6 * check / chooses,
            "us_per_candidate_built": 1e6 * build / made,
            "us_per_check": 1e6 * check / checked}


if __name__ == "__main__":
    raise SystemExit(main())
