"""Engine figures: random-agent throughput, scaling with Heroes, save and load.

The game loop is the simulator's (engine/plottwist/sim.py play_one): Game.quick with
history off and the simulator's turn limit (a game reaching it is a draw), the random
agent asked for each seat to act in a shuffled order, Game.apply — without the
simulator's invariant checks and save round-trips, so the figure is the engine's and
the agent's alone. Everything runs in this one thread, pinned to one CPU when the
platform allows.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from bench.common import median

TURN_LIMIT = 40  # plot-twist-sim's default
ACTION_CAP = 20_000  # only if the engine has no turn limit: no endless game


@contextlib.contextmanager
def one_core() -> Iterator[str]:
    if not hasattr(os, "sched_getaffinity"):
        yield "not pinned (no sched_setaffinity)"
        return
    before = os.sched_getaffinity(0)
    cpu = max(before)
    try:
        os.sched_setaffinity(0, {cpu})
        yield f"pinned to CPU {cpu}"
    except OSError:
        yield "not pinned (sched_setaffinity refused)"
    finally:
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, before)


def load_catalog() -> tuple[Any, float]:
    from engine.catalog import Catalog

    t0 = time.perf_counter()
    try:
        catalog = Catalog.load(include_user=False)
    except TypeError:  # an older loader without the switch
        catalog = Catalog.load()
    return catalog, (time.perf_counter() - t0) * 1000


def new_game(catalog: Any, heroes: int, seed: int, history: bool = False) -> Any:
    from engine.plottwist.game import Game

    try:
        from engine.plottwist.options import RulesOptions

        options = RulesOptions(turn_limit=TURN_LIMIT)
    except (ImportError, TypeError):
        options = None
    return Game.quick(catalog, heroes=heroes, seed=seed, options=options, history=history)


def play(catalog: Any, heroes: int, seed: int, history: bool = False,
         stop: Any = None, action_cap: int = ACTION_CAP) -> dict[str, Any]:
    """One random game; `stop(game)` may end it early (for finding a mid-game state)."""
    from engine.plottwist.agents import RandomAgent, seats_to_act

    t0 = time.perf_counter()
    game = new_game(catalog, heroes, seed, history)
    setup_s = time.perf_counter() - t0
    agent = RandomAgent(seed)
    choose_s = 0.0
    choose_calls = 0
    apply_s = 0.0
    n = 0
    stalled = False
    while game.winner is None and n < action_cap:
        if stop is not None and stop(game):
            break
        seats = seats_to_act(game)
        action = None
        t1 = time.perf_counter()
        for seat in seat_order(agent, seats):
            action = agent.choose(game, seat)
            choose_calls += 1
            if action is not None:
                break
        choose_s += time.perf_counter() - t1
        if action is None:
            stalled = True
            break
        t1 = time.perf_counter()
        game.apply(action, checked=agent.checked)
        apply_s += time.perf_counter() - t1
        n += 1
    return {"game": game, "actions": n, "turns": game.state.turn, "winner": game.winner,
            "seconds": time.perf_counter() - t0, "setup_s": setup_s, "apply_s": apply_s,
            "choose_s": choose_s, "choose_calls": choose_calls, "stalled": stalled}


def throughput(catalog: Any, heroes: int = 3, games: int = 20, seed: int = 1,
               history: bool = False) -> dict[str, Any]:
    # The engine's modules are imported before the clock starts: importing them is start-up
    # (≈ 70 ms of CPU, the startup section's figure), and it had weighed ≈ 9 % in this
    # throughput when the first game paid it (docs/performance.md, fourth pass).
    import engine.plottwist.agents
    import engine.plottwist.game  # noqa: F401

    with one_core() as pinned:
        results = []
        c0 = time.process_time()
        t0 = time.perf_counter()
        for g in range(games):
            r = play(catalog, heroes, seed + g, history)
            r.pop("game")
            results.append(r)
        secs = time.perf_counter() - t0
        cpu = time.process_time() - c0
    actions = sum(r["actions"] for r in results)
    choose_s = sum(r["choose_s"] for r in results)
    apply_s = sum(r["apply_s"] for r in results)
    calls = sum(r["choose_calls"] for r in results)
    return {
        "heroes": heroes, "games": games, "seeds": [seed, seed + games - 1],
        "history": history, "turn_limit": TURN_LIMIT, "cpu": pinned,
        "seconds": secs,
        "cpu_seconds": cpu,
        "games_per_s": games / secs,
        "actions_per_s": actions / secs,
        "games_per_cpu_s": games / cpu,
        "actions_per_cpu_s": actions / cpu,
        "actions": actions,
        "mean_actions_per_game": actions / games,
        "mean_turns": sum(r["turns"] for r in results) / games,
        "winners": dict(Counter(str(r["winner"]) for r in results)),
        "stalled": sum(r["stalled"] for r in results),
        "share_agent_choose": choose_s / secs,
        "share_apply": apply_s / secs,
        "share_setup": sum(r["setup_s"] for r in results) / secs,
        "choose_calls_per_action": calls / max(actions, 1),
        "choose_ms": 1000 * choose_s / max(calls, 1),
        "apply_ms": 1000 * apply_s / max(actions, 1),
        "apply_per_s": actions / max(apply_s, 1e-9),
    }


def _mid_game(game: Any) -> bool:
    st = game.state
    return st.turn >= 5 and st.combat is not None


def find_mid_game(catalog: Any, heroes: int = 3, tries: int = 40) -> tuple[Any, str]:
    """A game at Turn ≥ 5 with a Combat under way; else the latest turn reached."""
    best = None
    for seed in range(1, tries + 1):
        r = play(catalog, heroes, seed, history=True, stop=_mid_game)
        if _mid_game(r["game"]):
            return r["game"], f"seed {seed}: Turn {r['turns']}, Combat under way"
        if best is None or r["turns"] > best[0].state.turn:
            best = (r["game"], seed)
    game, seed = best  # type: ignore[misc]
    return game, f"seed {seed}: Turn {game.state.turn} (no Turn-5 Combat found)"


def seat_order(agent: Any, seats: list[str]) -> list[str]:
    """The agent's seat order (older engines, for A/B runs: the random.sample it equals)."""
    order = getattr(agent, "seat_order", None)
    return order(seats) if order is not None else agent.rng.sample(seats, len(seats))


def copy_round_trip(catalog: Any, repeats: int = 200) -> dict[str, Any]:
    """A search's step at Turn ≥ 5 of a 3-Hero game with a Combat under way: copy the game
    and apply one legal action to the copy. Every legal action of every seat to act there,
    `repeats` times each; per round trip (CPU time, pinned to one CPU)."""
    from engine.core.errors import RuleViolation
    from engine.plottwist.agents import seats_to_act

    game, where = find_mid_game(catalog)
    game.keep_history = False
    actions = [a for seat in seats_to_act(game) for a in game.legal_actions(seat)]
    with contextlib.suppress(RuleViolation):   # warm: first-use costs stay outside
        game.copy().apply(actions[0])
    with one_core():
        c0 = time.process_time()
        for _ in range(repeats):
            game.copy()
        copy_s = time.process_time() - c0
        c0 = time.process_time()
        refused = 0
        for _ in range(repeats):
            for a in actions:
                try:
                    game.copy().apply(a)
                except RuleViolation:  # legal, then refused by a do_* check: counted
                    refused += 1
        trip_s = time.process_time() - c0
    n = repeats * len(actions)
    return {"state": where, "turn": game.state.turn, "actions": len(actions),
            "repeats": repeats, "refused": refused,
            "copy_us": 1e6 * copy_s / repeats, "round_trip_us": 1e6 * trip_s / max(n, 1)}


def save_load(catalog: Any, repeats: int = 50) -> dict[str, Any]:
    import tempfile

    from engine.core.saves import atomic_write
    from engine.plottwist.game import Game

    game, where = find_mid_game(catalog)
    text = game.save()
    save_ms, load_ms, write_ms = [], [], []
    with tempfile.TemporaryDirectory(prefix="pt-bench-save-") as tmp:
        path = os.path.join(tmp, "bench.ptsave")
        for _ in range(repeats):
            t0 = time.perf_counter()
            text = game.save()
            t1 = time.perf_counter()
            atomic_write(path, text)
            t2 = time.perf_counter()
            Game.load(text, catalog)
            t3 = time.perf_counter()
            save_ms.append((t1 - t0) * 1000)
            write_ms.append((t2 - t1) * 1000)
            load_ms.append((t3 - t2) * 1000)
    again = Game.load(text, catalog)
    return {
        **_load_costs(text, catalog),
        "state": where,
        "turn": game.state.turn,
        "combat": game.state.combat is not None,
        "repeats": repeats,
        "save_ms": median(save_ms),
        "load_ms": median(load_ms),
        "atomic_write_ms": median(write_ms),
        "save_max_ms": max(save_ms),
        "load_max_ms": max(load_ms),
        "bytes": len(text.encode("utf-8")),
        "round_trip_equal": again.save() == text,
    }


def _load_costs(text: str, catalog: Any) -> dict[str, Any]:
    """What opening costs when the file is not an ordinary save (issue 20): every card
    from the save's own copies (its pack gone), and a save with 2,000 / 4,000 extra
    characters, which must be refused from its counts in well under a second."""
    import json

    from engine.core.errors import SaveError
    from engine.plottwist.game import Game

    t0 = time.perf_counter()
    Game.load(text, {})
    out: dict[str, Any] = {"load_from_card_copies_ms": (time.perf_counter() - t0) * 1000}
    doc = json.loads(text)
    proto = next(c for c in doc["payload"]["state"]["characters"] if c["role"] == "villain")
    for extra in (2_000, 4_000):
        bloated = json.loads(json.dumps(doc))
        bloated["payload"]["state"]["characters"] += [
            dict(proto, id=f"x{n}", name=f"{proto['name']} {n}") for n in range(extra)]
        big = json.dumps(bloated)
        t0 = time.perf_counter()
        try:
            Game.load(big, catalog)
            refused = False
        except SaveError:
            refused = True
        out[f"extra_{extra}_characters"] = {
            "refused": refused, "ms": (time.perf_counter() - t0) * 1000}
    return out


def scaling(catalog: Any, heroes_list: tuple[int, ...] = (1, 2, 4),
            games: int = 8) -> list[dict[str, Any]]:
    out = []
    for h in heroes_list:
        r = throughput(catalog, heroes=h, games=games)
        out.append({k: r[k] for k in ("heroes", "games", "games_per_s", "actions_per_s",
                                      "games_per_cpu_s", "actions_per_cpu_s",
                                      "mean_actions_per_game", "mean_turns",
                                      "share_agent_choose", "apply_per_s")})
    return out
