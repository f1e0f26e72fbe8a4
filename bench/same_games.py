"""Same seed, same games: a digest of a fixed set of random games, to compare A/B.

``python -m bench.same_games`` plays seeds 1–N (3 Heroes, the simulator's turn limit, the
random agent with its checked apply) and hashes every action, every event (kind, text,
data, audience) and each game's final save. A speed-up must leave every digest as it was:
`bench/same_games.json` holds the digests of the code before the speed work, and
``--record`` rewrites it (only when the rules themselves change on purpose).

Three ways of playing must give the same digests: plain (history off), with undo history
on, and "copied" (every few actions the game goes on in `Game.copy()` of itself, so a
copy that differs from its original in any way changes the games).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

from bench.engine_bench import load_catalog, new_game

REFERENCE = Path(__file__).with_name("same_games.json")
SEEDS = 20
COPY_EVERY = 7


def digest(catalog: Any, seed: int, mode: str = "plain") -> str:
    from engine.plottwist.agents import RandomAgent

    game = new_game(catalog, 3, seed, history=(mode == "history"))
    agent = RandomAgent(seed)
    h = hashlib.sha256()
    n = 0
    while game.winner is None:
        action = _act(agent, game)
        if action is None:
            h.update(b"stalled")
            break
        h.update(json.dumps(action.to_json(), sort_keys=True).encode())
        for e in game.apply(action, checked=agent.checked):
            h.update(json.dumps([e.kind, e.text, e.data, e.visible_to, e.text_public],
                                sort_keys=True, default=str).encode())
        n += 1
        if mode == "copy" and n % COPY_EVERY == 0:
            game = game.copy()
    h.update(game.save().encode())
    return h.hexdigest()


def _act(agent: Any, game: Any) -> Any:
    """agent.act(game), or what it does, for an A/B run of an engine without it."""
    if hasattr(agent, "act"):
        return agent.act(game)
    from engine.plottwist.agents import seats_to_act

    seats = seats_to_act(game)
    for seat in agent.rng.sample(seats, len(seats)):
        action = agent.choose(game, seat)
        if action is not None:
            return action
    return None


def run(catalog: Any, seeds: int = SEEDS, modes: tuple[str, ...] = ("plain", "history",
                                                                       "copy")
        ) -> dict[str, Any]:
    """Digests per mode and seed, and whether each mode matches the reference file."""
    out: dict[str, Any] = {"seeds": [1, seeds], "modes": {}}
    ref: dict[str, str] = {}
    if REFERENCE.exists():
        ref = json.loads(REFERENCE.read_text(encoding="utf-8"))["digests"]
    from engine.plottwist.game import Game

    for mode in modes:
        if mode == "copy" and not hasattr(Game, "copy"):
            continue                  # an A/B run of an engine without Game.copy
        got = {str(s): digest(catalog, s, mode) for s in range(1, seeds + 1)}
        differ = [s for s, d in got.items() if s in ref and ref[s] != d]
        out["modes"][mode] = {"digests": got, "differ_from_reference": differ,
                              "same_as_reference": bool(ref) and not differ
                              and all(s in ref for s in got)}
    out["all_same"] = all(m["same_as_reference"] for m in out["modes"].values())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.same_games", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--record", action="store_true",
                        help=f"write the plain digests to {REFERENCE.name}")
    args = parser.parse_args(argv)
    catalog, _ = load_catalog()
    if args.record:
        got = {str(s): digest(catalog, s) for s in range(1, args.seeds + 1)}
        REFERENCE.write_text(json.dumps({"seeds": [1, args.seeds], "heroes": 3,
                                         "digests": got}, indent=1) + "\n",
                             encoding="utf-8")
        print(f"recorded {len(got)} digests in {REFERENCE}")
        return 0
    r = run(catalog, args.seeds)
    for mode, m in r["modes"].items():
        print(f"{mode:8} same as reference: {m['same_as_reference']}"
              + (f" (differ: seeds {', '.join(m['differ_from_reference'])})"
                 if m["differ_from_reference"] else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
