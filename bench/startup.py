"""Cold start: process start → start screen shown and idle, next to a bare-Qt floor.

Each run is a fresh interpreter (QT_QPA_PLATFORM=offscreen, a private PLOT_TWIST_HOME).
App and floor runs alternate so drift in machine load hits both alike.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

from bench.common import ROOT, child_env, median, run_child_cpu

APP = "bench/_start_app.py"
FLOOR = "bench/_start_floor.py"


def _one(script: str, env: dict[str, str], *extra: str) -> dict[str, float]:
    marks, started, cpu = run_child_cpu([script, *extra], env=env, timeout=120)
    out = {k: (v - started) * 1000 for k, v in marks.items()
           if isinstance(v, float) and k in ("exec", "shown", "idle", "table")}
    out["cpu"] = cpu * 1000
    return out


def import_breakdown(top: int = 12) -> list[dict[str, Any]]:
    """The slowest imports of one app start (-X importtime), cumulative µs → ms."""
    env = child_env()
    proc = subprocess.run([sys.executable, "-X", "importtime", APP], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    rows = []
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if m:
            rows.append({"module": m.group(4), "self_ms": int(m.group(1)) / 1000,
                         "cumulative_ms": int(m.group(2)) / 1000,
                         "depth": len(m.group(3)) // 2})
    top_level = [r for r in rows if r["depth"] <= 1]
    top_level.sort(key=lambda r: r["cumulative_ms"], reverse=True)
    return top_level[:top]


def catalog_probe(runs: int = 3) -> dict[str, Any]:
    """Cold catalog load in a fresh process: with an empty app home (no cache of validated
    cards, engine/catalog_cache.py) and with a home whose cache an earlier run filled."""
    cached_env = child_env()
    run_child_cpu(["bench/_catalog_probe.py"], env=cached_env)      # fills the cache
    out: dict[str, Any] = {}
    for name in ("no_cache", "cached"):
        rows = [run_child_cpu(["bench/_catalog_probe.py"],
                              env=child_env() if name == "no_cache" else cached_env)[0]
                for _ in range(runs)]
        out[name] = {k: median([r[k] for r in rows]) for k in
                     ("import_catalog_ms", "first_load_ms", "second_load_ms")}
        out[name]["jsonschema_imported"] = any(r["jsonschema_imported"] for r in rows)
    return out


def compile_bytecode() -> None:
    """Write the project's .pyc files first, as an install does: with
    PYTHONDONTWRITEBYTECODE set (some shells and CI set it) and no bytecode yet, every
    app start would compile each of its modules from source, a cost no installed app has
    (and the floor, all site-packages, does not pay)."""
    import compileall

    for package in ("gui", "engine", "assets", "bench"):
        compileall.compile_dir(str(ROOT / package), quiet=1, force=False)


def run(runs: int = 7, breakdown: bool = True) -> dict[str, Any]:
    compile_bytecode()
    env = child_env()
    app_runs: list[dict[str, float]] = []
    floor_runs: list[dict[str, float]] = []
    quick: list[dict[str, float]] = []
    # one unmeasured run of each warms the OS page cache (.pyc, Qt plugins, fonts); the
    # first Quick game in a new app home fills the cache of validated cards, as an
    # installed app's first start does: the measured ones are the starts after it
    _one(FLOOR, env)
    _one(APP, env)
    first_quick = _one(APP, env, "--quick")
    # floor, app and a Quick game alternate, so load that comes and goes hits all three
    for _ in range(runs):
        floor_runs.append(_one(FLOOR, env))
        app_runs.append(_one(APP, env))
        quick.append(_one(APP, env, "--quick"))
    app_idle = median([r["idle"] for r in app_runs])
    floor_idle = median([r["idle"] for r in floor_runs])
    out: dict[str, Any] = {
        "runs": runs,
        "app_idle_ms": app_idle,
        "app_window_shown_ms": median([r["exec"] for r in app_runs]),
        "floor_idle_ms": floor_idle,
        "ratio": app_idle / floor_idle,
        "app_cpu_ms": median([r["cpu"] for r in app_runs]),
        "floor_cpu_ms": median([r["cpu"] for r in floor_runs]),
        "ratio_cpu": median([r["cpu"] for r in app_runs])
        / median([r["cpu"] for r in floor_runs]),
        "app_runs_idle_ms": [r["idle"] for r in app_runs],
        "floor_runs_idle_ms": [r["idle"] for r in floor_runs],
        "how": "fresh process per run; cpu = the child's user+system CPU over its whole "
               "life (incl. exit), robust to other load on the machine; clock from just "
               "before spawn to the second "
               "zero-timeout after app.exec() (everything main() queued has run); "
               "real gui.app.main with QApplication.exec wrapped in the child",
    }
    out["app_quick_table_first_start_ms"] = first_quick["table"]
    out["app_quick_table_ms"] = median([r["table"] for r in quick])
    out["app_quick_table_cpu_ms"] = median([r["cpu"] for r in quick])
    out["quick_table_ratio"] = out["app_quick_table_ms"] / floor_idle
    out["quick_table_ratio_cpu"] = out["app_quick_table_cpu_ms"] / out["floor_cpu_ms"]
    # what a player waits for: the click on Quick game once the start screen has settled
    # (packs read and the engine imported on their worker thread) to the drawn table
    clicks = []
    for _ in range(max(1, runs // 2)):
        marks, _started, _cpu = run_child_cpu([APP, "--click-quick"], env=env, timeout=120)
        clicks.append(marks)
    out["click_quick_table_ms"] = median([(m["table"] - m["click"]) * 1000 for m in clicks])
    out["click_quick_table_cpu_ms"] = median(
        [(m["table_cpu"] - m["click_cpu"]) * 1000 for m in clicks])
    if breakdown:
        what_if = [_one(APP, env, "--what-if-no-catalog") for _ in range(max(3, runs // 2))]
        out["what_if_no_catalog_idle_ms"] = median([r["idle"] for r in what_if])
        out["what_if_no_catalog_ratio"] = out["what_if_no_catalog_idle_ms"] / floor_idle
        out["floor_window_shown_ms"] = median([r["exec"] for r in floor_runs])
        out["slowest_imports"] = import_breakdown()
        out["catalog"] = catalog_probe()
    return out
