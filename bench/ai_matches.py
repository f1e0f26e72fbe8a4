"""``python -m bench.ai_matches``: the computer players' long matches (issue 16's targets).

Each pairing plays ``--games`` quick games (3 Heroes, core set, Turn limit 40) from seed
1000 on, in ``--jobs`` worker processes; the players run on fixed playout budgets without
their clocks, so the same seeds play the same games on any machine and with any number of
workers. Prints each pairing's win rate with its 95% Wilson interval as it finishes, and
writes them to ``--out`` (JSON). Hard's pairings take ~10 s a game on one core of the
shared machine; ``--hard-games`` sets them apart (e.g. 400 for Greedy vs Random, 100 for
Hard vs Greedy). Run it niced, in the background: it is far too long for CI.

  python -m bench.ai_matches --games 400 --hard-games 100 --jobs 2 [--only 'Greedy GM']
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench.ai_bench import PAIRINGS


def _progress(m: Any, side: str, label: str) -> None:
    """A line every 10 games on stderr, so a run cut short still says what it played."""
    if m.games % 10 == 0:
        share, lo, hi = m.rate(side)
        # by Objective too: a run stopped for a deadline still says where it won and lost
        objs = "; ".join(f"{o}: {c[side]}/{sum(c.values())}"
                         for o, c in sorted(m.by_objective.items()))
        print(f"  … {label}: {m.wins[side]}/{m.games} = {share:.1%} "
              f"(95% CI {lo:.1%} – {hi:.1%}), {m.seconds:.0f} s [{objs}]", file=sys.stderr,
              flush=True)


def _seeds_with(catalog: Any, objective: str, seed: int, n: int) -> list[int]:
    """The seeds of seed .. seed + n - 1 whose quick deal (3 Heroes) has that Objective:
    the same seeds before and after a change of the deal that keeps its Objective."""
    from engine.plottwist import cards as C
    from engine.plottwist.quick import quick_setup

    want = objective.strip().casefold()
    return [s for s in range(seed, seed + n)
            if C.name(quick_setup(catalog, 3, s).objective).casefold() == want]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.ai_matches", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=400, help="games a pairing")
    p.add_argument("--hard-games", type=int, help="games a pairing with Hard (default: --games)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--only", help="only the pairings whose label holds one of these "
                                  "comma-separated words (e.g. 'vs Greedy', 'Greedy GM')")
    p.add_argument("--hard", default="hard", help="the player that stands for Hard "
                                                  "(e.g. 'hard:replies=1' to try a budget)")
    p.add_argument("--objective", help="of those seeds, play only the games whose quick deal "
                                       "has this Objective (e.g. 'Feed the Furnace')")
    p.add_argument("--out", type=Path, help="write the figures here (JSON)")
    args = p.parse_args(argv)
    from engine.plottwist.ai.match import run_match
    from engine.plottwist.sim import load_catalog

    catalog = load_catalog()
    out: dict[str, Any] = {"seed": args.seed, "jobs": args.jobs, "matches": []}
    if args.objective:
        out["objective"] = args.objective
    for gm, heroes, side, target, label in PAIRINGS:
        if args.only and not any(w.strip().lower() in label.lower()
                                 for w in args.only.split(",")):
            continue
        hard = "hard" in (gm, heroes)
        n = (args.hard_games or args.games) if hard else args.games
        gm, heroes = (args.hard if a == "hard" else a for a in (gm, heroes))
        seeds = _seeds_with(catalog, args.objective, args.seed, n) if args.objective else None
        t0 = time.time()
        m = run_match(catalog, gm, heroes, n, seed=args.seed, jobs=args.jobs, seeds=seeds,
                      progress=lambda m, side=side, label=label: _progress(m, side, label))
        share, lo, hi = m.rate(side)
        verdict = "met" if lo >= target else "share met, not proven" if share >= target \
            else "NOT met"
        print(f"{label}: {m.wins[side]}/{m.games} = {share:.1%} (95% CI {lo:.1%} – {hi:.1%}), "
              f"target ≥ {target:.0%}: {verdict}; {time.time() - t0:.0f} s", flush=True)
        print("\n".join("    " + line for line in m.lines()), flush=True)
        out["matches"].append({"label": label, "target": target, "side": side,
                               "verdict": verdict, **m.to_json()})
        if args.out:
            args.out.write_text(json.dumps(out, indent=1), encoding="utf-8")
    if not out["matches"]:
        print(f"no pairing matches {args.only!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
