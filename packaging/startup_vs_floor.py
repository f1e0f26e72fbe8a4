"""Launch → idle start screen of the built app, next to a frozen bare-PySide6 floor.

    python packaging/startup_vs_floor.py APP_BINARY FLOOR_BINARY [--runs N]

Both binaries come from the same PyInstaller spec and options (build_and_test.sh builds
the floor with PT_SPEC_FLOOR=1: an empty QMainWindow, bench/_start_floor.py). Each run
is a fresh process from an empty folder with its own app home, offscreen; app and floor
alternate after one unmeasured run of each. The clock runs from just before the launch
to the idle mark the child prints (time.monotonic, one clock for both processes): the
app's ``--exit-when-idle``, the floor's own; the CPU each process used is read from
the kernel as well. Prints one line per binary and the ratios;
exit code 0 whatever the figures are (a figure, never a test).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile
import time


def _idle_mark(stdout: str) -> float:
    for line in stdout.splitlines():
        text = line.removeprefix("BENCH:")
        if text.startswith("{") and '"idle"' in text:
            return float(json.loads(text)["idle"])
    raise RuntimeError(f"no idle mark in the output: {stdout[-300:]!r}")


def launch(binary: str, *args: str) -> tuple[float, float]:
    """(launch to idle, ms; CPU the process used over its whole life, ms). The CPU figure
    holds still when other work loads the machine; the wall clock does not."""
    with tempfile.TemporaryDirectory(prefix="pt-start-") as scratch:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                   PLOT_TWIST_HOME=os.path.join(scratch, "home"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        out = subprocess.run([binary, *args], cwd=scratch, env=env, capture_output=True,
                             text=True, timeout=120, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return (_idle_mark(out) - started) * 1000, cpu * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("floor")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    app_args = ("--exit-when-idle",)
    launch(args.floor)
    launch(args.app, *app_args)
    floor, app = [], []
    for _ in range(args.runs):
        floor.append(launch(args.floor))
        app.append(launch(args.app, *app_args))
    for name, runs in (("built app, launch to idle start screen", app),
                       ("frozen bare-PySide6 floor, same options", floor)):
        print(f"{name}: {statistics.median(r[0] for r in runs):.0f} ms, CPU "
              f"{statistics.median(r[1] for r in runs):.0f} ms (median of {args.runs}; "
              f"runs {', '.join(f'{r[0]:.0f}' for r in runs)})")
    wall = statistics.median(r[0] for r in app) / statistics.median(r[0] for r in floor)
    cpu = statistics.median(r[1] for r in app) / statistics.median(r[1] for r in floor)
    print(f"built app / frozen floor: {wall:.2f}× wall, {cpu:.2f}× CPU (target ≤ 1.5×; "
          f"load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
