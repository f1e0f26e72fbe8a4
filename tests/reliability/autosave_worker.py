"""Kill-test worker: a fork server that plays real games and autosaves after every action.

Run as ``python tests/reliability/autosave_worker.py``. It imports the engine and loads the
core catalog once, prints ``ready``, then for each stdin line ``run <folder> <seed> <log>``
forks a child and prints ``pid <n>``; when that child ends (the test SIGKILLs it) it prints
``exit <n> <status>``. Forking skips ~0.5 s of start-up per kill, so 50+ kills fit in a few
seconds.

The child resumes from ``Autosaves(folder).latest()`` (or starts ``Game.quick``), then
loops: one RandomAgent action, ``done <n> <sha256 of game.save()>`` to the log, autosave,
``saved <n>`` to the log. Log lines are single ``os.write`` calls on an O_APPEND file.
"""

from __future__ import annotations

import hashlib
import os
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.autosave import Autosaves, meta_for_game  # noqa: E402

GAME = "0123456789abcdef"   # the autosaves' game id (engine.autosave, one game's ring)
from engine.catalog import Catalog  # noqa: E402
from engine.plottwist.agents import RandomAgent, seats_to_act  # noqa: E402
from engine.plottwist.game import Game  # noqa: E402

KEEP = 10


def play(catalog: Catalog, folder: str, seed: int, log: str) -> None:
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def emit(line: str) -> None:
        os.write(fd, (line + "\n").encode())

    saves = Autosaves(folder, keep=KEEP)
    # the window's hold on its game: a killed child's lock must die with it, or the
    # next child could not go on with the game
    saves.hold(GAME)
    found = saves.latest(lambda text: Game.load(text, catalog))
    if found is not None:
        game = found.value
        n = int(found.info.meta["actions"])
        game_seed = int(found.info.meta["game_seed"])
    else:
        n, game_seed = 0, seed
        game = Game.quick(catalog, heroes=3, seed=game_seed)
    agent = RandomAgent(seed * 100_003 + n)
    emit(f"start {n}")
    while True:
        action = None
        if game.winner is None:
            for seat in seats_to_act(game):
                action = agent.choose(game, seat)
                if action is not None:
                    break
        if action is None:          # the game is over (or stuck): the next one begins
            game_seed += 1
            game = Game.quick(catalog, heroes=3, seed=game_seed)
        else:
            game.apply(action)
        n += 1
        text = game.save()
        emit(f"done {n} {hashlib.sha256(text.encode()).hexdigest()}")
        saves.write(text, meta_for_game(game, actions=n, game_seed=game_seed), game=GAME)
        emit(f"saved {n}")


def main() -> int:
    catalog = Catalog.load(include_user=False)
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        if parts[0] != "run" or len(parts) != 4:
            out.write(f"error unknown command {line!r}\n")
            out.flush()
            continue
        folder, seed, log = parts[1], int(parts[2]), parts[3]
        pid = os.fork()
        if pid == 0:  # the child: play until killed
            try:
                play(catalog, folder, seed, log)
            except BaseException:
                with open(log + ".err", "a", encoding="utf-8") as f:
                    traceback.print_exc(file=f)
            os._exit(3)
        out.write(f"pid {pid}\n")
        out.flush()
        _, status = os.waitpid(pid, 0)
        how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else \
            f"code {os.WEXITSTATUS(status)}"
        out.write(f"exit {pid} {how}\n")
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
