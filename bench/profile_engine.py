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


if __name__ == "__main__":
    raise SystemExit(main())
