"""Small helpers shared by the benchmarks: statistics, memory, child processes, machine."""

from __future__ import annotations

import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARK = "BENCH:"  # a child's result line on stdout starts with this


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100), nearest-rank on the sorted values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil(n*q/100), at least 1
    return float(ordered[int(rank) - 1])


def _proc_status_mb(field: str) -> float | None:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def peak_rss_mb() -> float:
    """This process's peak resident set size in MB.

    VmHWM (Linux) first: it belongs to this program's memory map, which exec starts
    afresh. ru_maxrss is not safe for a child: Linux carries the forking parent's high
    water mark across fork + exec, so a child of a big bench process would report the
    parent's peak.
    """
    hwm = _proc_status_mb("VmHWM")
    if hwm is not None:
        return hwm
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":  # bytes there
        return peak / 2**20
    return peak / 1024  # KiB elsewhere


def current_rss_mb() -> float:
    rss = _proc_status_mb("VmRSS")
    return float("nan") if rss is None else rss


def emit(result: dict[str, Any]) -> None:
    """A child's answer: one marked JSON line on stdout."""
    print(MARK + json.dumps(result), flush=True)


def child_env(home: str | None = None) -> dict[str, str]:
    """Headless Qt, the repo importable, and a private app home (no real settings/saves)."""
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"]
                                     if env.get("PYTHONPATH") else "")
    env["PLOT_TWIST_HOME"] = home or tempfile.mkdtemp(prefix="pt-bench-home-")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


def run_child(args: Sequence[str], env: dict[str, str] | None = None,
              timeout: float = 300.0) -> tuple[dict[str, Any], float]:
    result, started, _cpu = run_child_cpu(args, env, timeout)
    return result, started


def run_child_cpu(args: Sequence[str], env: dict[str, str] | None = None,
                  timeout: float = 300.0) -> tuple[dict[str, Any], float, float]:
    """Run `python <args>`; return its marked JSON result and the monotonic start time.

    time.monotonic() is CLOCK_MONOTONIC on Linux, one clock for every process, so a
    child's timestamps minus the returned start time are milliseconds since launch.
    Also returns the CPU seconds (user + system) the child used over its whole life.
    """
    cmd = [sys.executable, *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env=env or child_env(), capture_output=True,
                          text=True, timeout=timeout, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in proc.stdout.splitlines():
        if line.startswith(MARK):
            return json.loads(line[len(MARK):]), started, cpu
    raise RuntimeError(f"{' '.join(args)} gave no result (exit {proc.returncode}):\n"
                       f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")


def load_average() -> list[float] | None:
    return [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None


def _lscpu() -> dict[str, str]:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10,
                             check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    info = {}
    for line in out.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("Model name", "CPU(s)", "Thread(s) per core", "Hypervisor vendor",
                           "CPU max MHz", "BogoMIPS"):
            info[key.strip()] = value.strip()
    return info


def _mem_total() -> str:
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 2**20:.1f} GiB"
    except OSError:
        pass
    return "?"


def source_state() -> dict[str, Any]:
    """The commit measured, and which engine/gui files differ from it (work in progress)."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                                  timeout=10, check=False).stdout.rstrip("\n")
        except (OSError, subprocess.SubprocessError):
            return ""
    dirty = [line[3:] for line in git("status", "--porcelain", "--", "engine", "gui"
                                      ).splitlines()]
    return {"commit": git("rev-parse", "--short", "HEAD").strip(), "uncommitted_engine_gui": dirty}


def machine() -> dict[str, Any]:
    try:
        from PySide6 import __version__ as pyside
    except ImportError:  # the engine figures do not need Qt
        pyside = None
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "pyside6": pyside,
        "cpu": _lscpu(),
        "memory": _mem_total(),
        "load_average": load_average(),
        "cpus": os.cpu_count(),
        "time": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "source": source_state(),
    }
