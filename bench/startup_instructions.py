"""Start-up in instructions, which load cannot move: ``python -m bench.startup_instructions``.

Runs the bare-PySide6 floor (``bench/_start_floor.py``) and the app (``bench/_start_app.py``:
a plain launch to the idle start screen, ``--quick`` to a drawn Quick game table,
``--click-quick`` for a click once the start screen settled) under
``valgrind --tool=callgrind`` and prints each one's instructions (all threads) and the app's
against the floor's. ``random`` is seeded before the app starts, so the Quick game is the
same one every run, and one unmeasured ``--quick`` run first fills the private app home's
caches (validated cards, kept dataclass code) as an installed app's second start finds them.
``PYTHONHASHSEED=0``. A few minutes; valgrind must be installed. docs/performance.md,
start-up part 6, has the figures and what they leave out (the kernel's share).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

from bench.common import ROOT, child_env, emit
from bench.startup import APP, FLOOR, compile_bytecode

# the app as bench.startup runs it, with the Quick game's seed fixed first
SEEDED = ("import random, runpy, sys; random.seed(1); sys.argv = sys.argv[1:]; "
          "runpy.run_path(sys.argv[0], run_name='__main__')")
RUNS = {"floor": [FLOOR], "cold_start": [APP], "quick_table": [APP, "--quick"],
        "click_quick": [APP, "--click-quick"]}


def _count(argv: list[str], env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", SEEDED, *argv],
                       cwd=ROOT, env=env, capture_output=True, timeout=1800, check=True)
        with open(out, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"(?:summary|totals): (\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError("callgrind wrote no total")


def run(which: list[str]) -> dict[str, int]:
    """Instructions of the floor and of each run in `which` (keys of RUNS)."""
    compile_bytecode()
    env = child_env()
    env["PYTHONHASHSEED"] = "0"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", SEEDED, APP, "--quick"], cwd=ROOT, env=env,
                   capture_output=True, timeout=300, check=True)   # fills the home's caches
    return {name: _count(RUNS[name], env) for name in ["floor", *which]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.startup_instructions")
    parser.add_argument("--only", action="append", choices=[k for k in RUNS if k != "floor"],
                        help="measure only these besides the floor (repeatable)")
    args = parser.parse_args(argv)
    counts = run(args.only or [k for k in RUNS if k != "floor"])
    ratios = {k: round(v / counts["floor"], 3) for k, v in counts.items() if k != "floor"}
    for name, count in counts.items():
        shown = f"   {ratios[name]:.3f}× the floor" if name in ratios else ""
        print(f"{name:12} {count / 1e6:9.1f} M{shown}")
    emit({"instructions": counts, "ratio": ratios})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
