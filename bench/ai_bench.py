"""The `ai` section: computer players' win rates (95% intervals) and decision times.

Games per pairing: PTT_BENCH_AI_GAMES (default 40; --quick: 2 with tiny budgets). The
targets (docs/ai.md) ask for 400 games per comparison: set PTT_BENCH_AI_GAMES=400 and
allow hours (or run `python -m bench.ai_matches`, which sets Hard's pairings apart), or
read the intervals, which say how far the figure can be trusted. The games run in
PTT_BENCH_AI_JOBS worker processes (default 2); the same seeds play the same games.
"""

from __future__ import annotations

import os
from typing import Any

# (GM, Heroes, the side that should win, target share, label)
PAIRINGS: list[tuple[str, str, str, float, str]] = [
    ("random", "hard", "heroes", 0.95, "Hard Heroes vs Random GM"),
    ("hard", "random", "villains", 0.80, "Hard GM vs Random Heroes"),
    ("random", "greedy", "heroes", 0.65, "Greedy Heroes vs Random GM"),
    ("greedy", "random", "villains", 0.65, "Greedy GM vs Random Heroes"),
    ("greedy", "hard", "heroes", 0.65, "Hard Heroes vs Greedy GM"),
    ("hard", "greedy", "villains", 0.65, "Hard GM vs Greedy Heroes"),
]
QUICK = {"hard": "search:4", "normal": "search:4"}
JOBS = int(os.environ.get("PTT_BENCH_AI_JOBS", "2"))     # the shared machine's 2 cores


def games_per_pairing(quick: bool) -> int:
    if quick:
        return 1
    return int(os.environ.get("PTT_BENCH_AI_GAMES", "40"))


def run(catalog: Any, quick: bool, row: Any) -> dict[str, Any]:
    from engine.plottwist.ai.match import run_match

    n = games_per_pairing(quick)
    out: dict[str, Any] = {"games_per_pairing": n, "matches": []}
    for gm, heroes, side, target, label in PAIRINGS[:2] if quick else PAIRINGS:
        g, h = (QUICK.get(gm, gm), QUICK.get(heroes, heroes)) if quick else (gm, heroes)
        # --quick only keeps the section working: a few Turns of each pairing
        m = run_match(catalog, g, h, n, seed=1000, turn_limit=3 if quick else 40,
                      jobs=1 if quick else JOBS)
        p, lo, hi = m.rate(side)
        out["matches"].append({"label": label, **m.to_json()})
        row(f"ai: {label} ({n} games)", f"{p:.0%} (95% CI {lo:.0%}–{hi:.0%})",
            f"≥ {target:.0%}", None if quick else lo >= target)
    out["decision_times"] = think_times(catalog, quick, row)
    return out


def think_times(catalog: Any, quick: bool, row: Any) -> dict[str, Any]:
    """Decision times with the table's clocks on (as a player would wait), both sides."""
    from engine.plottwist.ai.match import Timed, percentile
    from engine.plottwist.ai.players import make_player
    from engine.plottwist.ai.table import play_game
    from engine.plottwist.game import Game
    from engine.plottwist.options import RulesOptions

    out: dict[str, Any] = {}
    for strength, median_target, p99_target in (("normal", 0.5, 2.0), ("hard", 2.0, None)):
        times: list[float] = []
        for seed in range(1 if quick else 3):
            if quick and strength == "hard":
                break
            game = Game.quick(catalog, heroes=3, seed=500 + seed,
                              options=RulesOptions(turn_limit=3 if quick else 40),
                              history=False)
            spec = "search:4" if quick else strength
            players: dict[str, Any] = {"gm": Timed(make_player(spec, catalog, seed), times)}
            team = Timed(make_player(spec, catalog, seed + 1), times)
            for seat in game.state.seats:
                if seat != "gm":
                    players[seat] = team
            play_game(game, players)
        if not times:
            continue
        med, p99 = percentile(times, 50), percentile(times, 99)
        out[strength] = {"decisions": len(times), "median_s": med, "p99_s": p99}
        name = "search:4 (quick)" if quick else strength
        row(f"ai: {name} decision, median ({len(times)} decisions)", f"{med:.3f} s",
            f"≤ {median_target} s", None if quick else med <= median_target)
        row(f"ai: {name} decision, p99", f"{p99:.3f} s",
            f"≤ {p99_target} s" if p99_target else "—",
            None if quick or p99_target is None else p99 <= p99_target)
    return out
