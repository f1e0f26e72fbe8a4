"""RSS growth of a game's undo history (Game.quick keeps one snapshot per action, with no
limit by default). Usage: python -m bench._mem_history [ACTIONS]; one marked JSON line."""

import gc
import sys

from bench.common import current_rss_mb, emit
from bench.engine_bench import load_catalog, play

target = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
catalog, _ = load_catalog()
play(catalog, 3, 1, history=False, action_cap=50)  # warm imports and caches
gc.collect()
before = current_rss_mb()
games = []
actions = 0
seed = 1
while actions < target:
    r = play(catalog, 3, seed, history=True, action_cap=target - actions)
    games.append(r["game"])  # kept alive, as an open game keeps its history
    actions += r["actions"]
    seed += 1
gc.collect()
after = current_rss_mb()
depth = sum(len(getattr(g, "history", ())) for g in games)
emit({"actions": actions, "snapshots": depth, "rss_before_mb": before, "rss_after_mb": after,
      "mb_per_100_actions": (after - before) / max(actions, 1) * 100,
      "history_limit": [getattr(g.history, "limit", None) for g in games][:1]})
