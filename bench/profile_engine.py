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
    print("== random agent: listing the candidates vs the whole choose() (no profiler)")
    for key, value in split.items():
        print(f"  {key:30} {value:10.1f}")
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
    """The random agent's choose(), timed in two halves without a profiler: listing the
    candidates by kind (`agents.options`), then the whole choose() (which lists them again,
    draws and checks until one is legal), on the same positions of the same games."""
    import time

    from bench.engine_bench import new_game
    from engine.plottwist.agents import RandomAgent, options, seats_to_act

    listing = whole = 0.0
    listed = chooses = 0
    for seed in range(1, games + 1):
        game = new_game(catalog, heroes, seed)
        agent = RandomAgent(seed)
        while game.winner is None:
            action = None
            for seat in agent.seat_order(seats_to_act(game)):
                t0 = time.perf_counter()
                groups = options(game, seat)
                t1 = time.perf_counter()
                action = agent.choose(game, seat)
                t2 = time.perf_counter()
                listing += t1 - t0
                whole += t2 - t1
                listed += sum(len(g[2]) for g in groups.values())
                chooses += 1
                if action is not None:
                    break
            if action is None:
                break
            game.apply(action, checked=agent.checked)
    return {"chooses": chooses, "candidates_per_choose": listed / chooses,
            "options_us_per_choose": 1e6 * listing / chooses,
            "choose_us": 1e6 * whole / chooses,
            "draw_and_checks_us_per_choose": 1e6 * (whole - listing) / chooses}


if __name__ == "__main__":
    raise SystemExit(main())
