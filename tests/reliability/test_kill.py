"""Kill test: SIGKILL a process that autosaves a real game after every action.

A fork server (autosave_worker.py) loads the core catalog once; each kill forks a child
that resumes from the newest autosave and plays on (RandomAgent), autosaving after every
action. The test kills it at a random moment, waits until the kernel has reaped it, and
proves: every autosave file left in the folder reads and ``Game.load``s; the newest is the
last action whose ``done`` line the child logged (its save text's sha256 matches) — either
the last one it reported ``saved`` or, if the kill hit the write, the one being written;
older files hold older actions; the folder never holds more than ``keep`` autosaves.

Default: 6 runs x 10 kills. ``PTT_KILL_RUNS`` / ``PTT_KILLS_PER_RUN`` make it longer
(docs/reliability.md).
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.autosave import Autosaves
from engine.catalog import Catalog
from engine.plottwist.game import Game

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")

WORKER = Path(__file__).with_name("autosave_worker.py")
ROOT = Path(__file__).resolve().parents[2]
RUNS = int(os.environ.get("PTT_KILL_RUNS", "6"))
KILLS_PER_RUN = int(os.environ.get("PTT_KILLS_PER_RUN", "10"))
KEEP = 10
TOTALS = {"kills": 0, "files_checked": 0, "mid_write": 0, "before_first_write": 0,
          "actions": 0, "waited_for_first_write": 0}


@pytest.fixture(scope="module")
def catalog():
    return Catalog.load(include_user=False)


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen([sys.executable, str(WORKER)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdout.readline().strip() == "ready"
    yield proc
    proc.stdin.close()
    proc.wait(timeout=10)


def _child_lines(log: Path) -> list[list[str]]:
    """The log lines of the last child (from its ``start`` on)."""
    if not log.exists():    # the first child was killed before it opened its log
        return []
    lines = [ln.split() for ln in log.read_text().splitlines() if ln.strip()]
    starts = [i for i, ln in enumerate(lines) if ln[0] == "start"]
    return lines[starts[-1]:] if starts else []


def _check_folder(folder: Path, log: Path, catalog) -> None:
    saves = Autosaves(folder, keep=KEEP)
    infos = saves.list()  # newest first
    child = _child_lines(log)
    err = Path(str(log) + ".err")
    assert not err.exists(), err.read_text()
    # every file left loads, and names order the actions
    actions = []
    for info in infos:
        text = saves.read(info)
        Game.load(text, catalog)
        actions.append(int(info.meta["actions"]))
        TOTALS["files_checked"] += 1
    assert actions == sorted(actions, reverse=True) and len(set(actions)) == len(actions)
    assert len(infos) <= KEEP
    others = [p.name for p in folder.iterdir()
              if not p.name.startswith(".") and p.name not in {i.name for i in infos}]
    assert others == []
    if not child:  # killed before it logged anything
        return
    start = int(child[0][1])
    done = {int(ln[1]): ln[2] for ln in child if ln[0] == "done"}
    saved = [int(ln[1]) for ln in child if ln[0] == "saved"]
    last_done = max(done, default=start)
    last_saved = max(saved, default=start)
    if not done:
        TOTALS["before_first_write"] += 1
    elif last_saved != last_done:
        TOTALS["mid_write"] += 1
    TOTALS["actions"] += last_done - start
    if not infos:  # nothing written yet: the kill came before the first write finished
        assert start == 0 and not saved
        return
    newest = actions[0]
    assert newest in (last_saved, last_done), (newest, last_saved, last_done)
    if newest in done:
        body = saves.read(infos[0])
        assert hashlib.sha256(body.encode()).hexdigest() == done[newest]


def _wait_for_first_save(folder: Path, timeout: float = 60.0) -> None:
    """Block until the running child has written its first autosave."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Autosaves(folder, keep=KEEP).list():
            return
        time.sleep(0.01)
    pytest.fail(f"the worker child wrote no autosave in {timeout:.0f} s")


@pytest.mark.parametrize("run", range(RUNS))
def test_sigkill_never_loses_a_completed_autosave(run, server, catalog, tmp_path):
    rng = random.Random(1000 + run)
    folder = tmp_path / "autosave"
    folder.mkdir()
    log = tmp_path / "worker.log"
    for k in range(KILLS_PER_RUN):
        server.stdin.write(f"run {folder} {run + 1} {log}\n")
        server.stdin.flush()
        kind, pid = server.stdout.readline().split()
        assert kind == "pid"
        if k == KILLS_PER_RUN - 1 and not Autosaves(folder, keep=KEEP).list():
            # Every kill so far came before the first autosave was written: on a busy
            # machine (fsync slow, CPUs shared) a child can need more than the 120 ms
            # window to start a game and write it. Let the last child get that far, so
            # the recovery check at the end has a write to recover, whatever the speed.
            _wait_for_first_save(folder)
            TOTALS["waited_for_first_write"] += 1
        time.sleep(rng.uniform(0.0, 0.12))
        os.kill(int(pid), signal.SIGKILL)
        ended = server.stdout.readline().split()
        assert ended == ["exit", pid, "signal", str(int(signal.SIGKILL))], ended
        TOTALS["kills"] += 1
        _check_folder(folder, log, catalog)
    # leftovers of killed writes are hidden temp files, never listed, and can be swept
    Autosaves(folder).sweep_temp_files()
    assert [p for p in folder.iterdir() if p.name.startswith(".")] == []
    assert Autosaves(folder).latest(lambda t: Game.load(t, catalog)) is not None


def test_kill_totals_report():
    """Prints the figures docs/reliability.md quotes (run with -s to see them)."""
    print(f"\nkill test: {TOTALS}")
    if TOTALS["kills"]:
        assert TOTALS["kills"] >= min(50, RUNS * KILLS_PER_RUN)
