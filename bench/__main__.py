"""``python -m bench``: measure, print a table (figure, target, met?), write results.json.

``python -m bench --quick`` runs a tiny version of every measurement (CI keeps it
working; < 60 s). Figures never fail a run: the exit code is 0 whatever they are,
non-zero only for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import ROOT, child_env, load_average, machine, run_child

SECTIONS = ("startup", "frames", "engine", "saves", "memory", "scaling", "phones", "ai")


def _frames_child(cards: int, frames: int, warmup: int, zoom: str = "fit",
                  env: dict[str, str] | None = None) -> dict[str, Any]:
    result, _ = run_child(["-m", "bench.frames", "--cards", str(cards), "--frames",
                           str(frames), "--warmup", str(warmup), "--zoom", zoom],
                          env=env, timeout=600)
    return result


class Bench:
    def __init__(self, quick: bool) -> None:
        self.quick = quick
        self.results: dict[str, Any] = {}
        self.rows: list[tuple[str, str, str, str]] = []  # figure, value, target, met
        self._catalog: Any = None
        self.env = child_env()

    def catalog(self) -> Any:
        if self._catalog is None:
            from bench.engine_bench import load_catalog

            self._catalog, ms = load_catalog()
            self.results["catalog_load_ms"] = ms
        return self._catalog

    def row(self, figure: str, value: str, target: str = "—", met: bool | None = None
            ) -> None:
        self.rows.append((figure, value, target,
                          "—" if met is None else ("yes" if met else "NO")))

    # -------------------------------------------------------------- sections
    def startup(self) -> None:
        from bench import startup

        r = startup.run(runs=1 if self.quick else 7, breakdown=not self.quick)
        self.results["startup"] = r
        self.row("cold start: app, start screen idle (median; CPU)",
                 f"{r['app_idle_ms']:.0f} ms; {r['app_cpu_ms']:.0f} ms")
        self.row("cold start: floor, empty QMainWindow (median; CPU)",
                 f"{r['floor_idle_ms']:.0f} ms; {r['floor_cpu_ms']:.0f} ms")
        self.row("cold start: app / floor (wall; CPU)",
                 f"{r['ratio']:.2f}×; {r['ratio_cpu']:.2f}×", "≤ 1.5×", r["ratio"] <= 1.5)
        self.row("cold start: app, window shown (median)",
                 f"{r['app_window_shown_ms']:.0f} ms")
        self.row("cold start to a drawn Quick game table (median; CPU)",
                 f"{r['app_quick_table_ms']:.0f} ms; {r['app_quick_table_cpu_ms']:.0f} ms")
        self.row("Quick game table / floor (wall; CPU)",
                 f"{r['quick_table_ratio']:.2f}×; {r['quick_table_ratio_cpu']:.2f}×", "≤ 2×",
                 r["quick_table_ratio"] <= 2.0)
        self.row("click on Quick game → drawn table, packs in (median; CPU)",
                 f"{r['click_quick_table_ms']:.0f} ms; {r['click_quick_table_cpu_ms']:.0f} ms")

    def frames(self) -> None:
        frames, warmup, repeats = (10, 2, 1) if self.quick else (120, 10, 3)
        runs = [_frames_child(300, frames, warmup, env=self.env) for _ in range(repeats)]
        runs.sort(key=lambda r: r["p95_ms"])
        main = runs[len(runs) // 2]  # the run with the median p95
        self.results["frames"] = {"main": main, "runs": runs}
        label = "" if main["real_gui_error"] is None and "FALLBACK" not in \
            main["implementation"] else " [FALLBACK scene]"
        self.row(f"frame, 300 cards{label}: median (wall; CPU)",
                 f"{main['median_ms']:.2f}; {main['cpu_median_ms']:.2f} ms")
        self.row(f"frame, 300 cards{label}: p95 (wall; CPU)",
                 f"{main['p95_ms']:.2f}; {main['cpu_p95_ms']:.2f} ms", "≤ 4 ms (CPU)",
                 main["cpu_p95_ms"] <= 4.0)
        extra = {}
        for name, cards, zoom in (("game_table", 0, "fit"), ("cards300_zoom1", 300, "1")):
            r = _frames_child(cards, frames, warmup, zoom, env=self.env)
            extra[name] = r
            what = ("frame, a Quick game's own table" if name == "game_table"
                    else "frame, 300 cards at 100 % zoom")
            self.row(f"{what} ({r['cards']} cards): p95 (wall; CPU)",
                     f"{r['p95_ms']:.2f}; {r['cpu_p95_ms']:.2f} ms", "≤ 4 ms (CPU)",
                     r["cpu_p95_ms"] <= 4.0)
        self.results["frames"]["extra"] = extra

    def engine(self) -> None:
        from bench.engine_bench import copy_round_trip, throughput

        catalog = self.catalog()
        r = throughput(catalog, heroes=3, games=2 if self.quick else 30)
        self.results["engine"] = r
        self.row("engine, 3 Heroes: games/s (wall; per CPU-s)",
                 f"{r['games_per_s']:.1f}; {r['games_per_cpu_s']:.1f}", "≥ 50 (CPU)",
                 r["games_per_cpu_s"] >= 50)
        self.row("engine, 3 Heroes: actions/s (wall; per CPU-s)",
                 f"{r['actions_per_s']:,.0f}; {r['actions_per_cpu_s']:,.0f}",
                 "≥ 25,000 (CPU)", r["actions_per_cpu_s"] >= 25_000)
        self.row("engine: Game.apply alone, actions/s", f"{r['apply_per_s']:,.0f}",
                 "≥ 60,000", r["apply_per_s"] >= 60_000)
        from engine.plottwist.game import Game

        if hasattr(Game, "copy"):     # an A/B run of an older engine has none
            c = copy_round_trip(catalog, repeats=5 if self.quick else 200)
            self.results["engine_copy"] = c
            self.row(f"engine: Game.copy ({c['state']})", f"{c['copy_us']:.1f} µs")
            self.row("engine: copy + apply, per action round trip (CPU)",
                     f"{c['round_trip_us']:.1f} µs", "≤ 50 µs", c["round_trip_us"] <= 50)
        if not self.quick:
            h = throughput(catalog, heroes=3, games=10, history=True)
            self.results["engine_with_history"] = h
            self.row("engine, 3 Heroes, undo history on: actions/s (wall; per CPU-s)",
                     f"{h['actions_per_s']:,.0f}; {h['actions_per_cpu_s']:,.0f}")
            share = h["actions_per_cpu_s"] / r["actions_per_cpu_s"]
            self.row("engine: undo history on / off (per CPU-s)", f"{share:.0%}", "≥ 50%",
                     share >= 0.5)
        from bench import same_games

        same = same_games.run(catalog, seeds=3 if self.quick else same_games.SEEDS)
        self.results["same_games"] = same
        self.row(f"same games as the reference (seeds {same['seeds'][0]}–{same['seeds'][1]}: "
                 "plain, history, copied)", "yes" if same["all_same"] else
                 "NO: " + ", ".join(f"{m} seeds {v['differ_from_reference']}"
                                    for m, v in same["modes"].items()
                                    if not v["same_as_reference"]))

    def ai(self) -> None:
        from bench import ai_bench

        self.results["ai"] = ai_bench.run(self.catalog(), self.quick, self.row)

    def saves(self) -> None:
        from bench.engine_bench import save_load

        r = save_load(self.catalog(), repeats=3 if self.quick else 200)
        self.results["saves"] = r
        self.row(f"save ({r['state']})", f"{r['save_ms']:.2f} ms", "≤ 20 ms",
                 r["save_ms"] <= 20)
        self.row("load", f"{r['load_ms']:.2f} ms", "≤ 20 ms", r["load_ms"] <= 20)
        self.row("save file size", f"{r['bytes'] / 1024:.1f} KiB")
        self.row("save + atomic write (fsync)", f"{r['atomic_write_ms'] + r['save_ms']:.2f} ms")
        self.row("load, every card from the save's copies (pack gone)",
                 f"{r['load_from_card_copies_ms']:.0f} ms")
        for extra in (2_000, 4_000):
            e = r[f"extra_{extra}_characters"]
            self.row(f"load, {extra:,} extra characters: refused", f"{e['ms']:.0f} ms",
                     "refused, ≤ 1 s", e["refused"] and e["ms"] <= 1000)

    def memory(self) -> None:
        r, _ = run_child(["-m", "bench._mem_app", "300"], env=self.env, timeout=300)
        self.results["memory"] = r
        if "error" in r:
            self.row("memory: app with full table", f"error: {r['error']}")
        self.row("memory: app with a Quick game's table (peak RSS)",
                 f"{r.get('peak_quick_game_mb', float('nan')):.0f} MB")
        self.row(f"memory: app with a {r.get('cards', '?')}-card table (peak RSS)",
                 f"{r['peak_rss_mb']:.0f} MB", "≤ 250 MB", r["peak_rss_mb"] <= 250)
        h, _ = run_child(["-m", "bench._mem_history", "100" if self.quick else "1000"],
                         env=self.env, timeout=300)
        self.results["memory_undo_history"] = h
        self.row(f"memory: undo history (limit {h['history_limit'][0]})",
                 f"+{h['mb_per_100_actions']:.1f} MB / 100 actions")

    def scaling(self) -> None:
        from bench.engine_bench import scaling

        eng = scaling(self.catalog(), (1, 2, 4), games=1 if self.quick else 10)
        for r in eng:
            self.row(f"scaling: engine, {r['heroes']} Hero{'es' if r['heroes'] > 1 else ''}"
                     ": actions/s (wall; per CPU-s)",
                     f"{r['actions_per_s']:,.0f}; {r['actions_per_cpu_s']:,.0f}")
        frames, warmup = (5, 2) if self.quick else (120, 10)
        fr = []
        for cards in (100, 300, 1000):
            r = _frames_child(cards, frames, warmup, env=self.env)
            fr.append({k: r[k] for k in ("cards", "median_ms", "p95_ms", "cpu_median_ms",
                                         "cpu_p95_ms", "view_scale", "build_ms",
                                         "peak_rss_mb", "implementation")})
            self.row(f"scaling: frame, {r['cards']} cards: median / p95 (CPU)",
                     f"{r['cpu_median_ms']:.2f} / {r['cpu_p95_ms']:.2f} ms")
        self.results["scaling"] = {"engine": eng, "frames": fr}

    def phones(self) -> None:
        from bench.phones_bench import round_trip

        taps = 20 if self.quick else 200
        plain = round_trip(self.catalog(), taps=taps)
        app, _ = run_child(["-m", "bench._phones_app", str(taps)], env=self.env, timeout=600)
        self.results["phones"] = {"game_thread": plain, "app": app}
        if "error" in app:
            self.row("phones: the app's round trip", f"error: {app['error']}"[:70])
            return
        for r, where in ((app, "app"), (plain, "engine only")):
            self.row(f"phones ({where}), {r['phones']} on 127.0.0.1: tap → laptop updated "
                     "(median / p95)",
                     f"{r['tap_to_laptop_median_ms']:.1f} / {r['tap_to_laptop_p95_ms']:.1f} ms")
            self.row(f"phones ({where}), {r['phones']} on 127.0.0.1: tap → every other phone "
                     "updated (median / p95)",
                     f"{r['tap_to_all_phones_median_ms']:.1f} / "
                     f"{r['tap_to_all_phones_p95_ms']:.1f} ms", "≤ 100 ms (p95)",
                     r["tap_to_all_phones_p95_ms"] <= 100)

    # ----------------------------------------------------------------- output
    def markdown(self) -> str:
        out = ["| figure | value | target | met? |", "|---|---|---|---|"]
        out += [f"| {' | '.join(r)} |" for r in self.rows]
        return "\n".join(out)

    def table(self) -> str:
        head = ("figure", "value", "target", "met?")
        widths = [max(len(str(r[i])) for r in [head, *self.rows]) for i in range(4)]
        line = "  ".join("-" * w for w in widths)
        out = ["  ".join(str(c).ljust(w) for c, w in zip(head, widths, strict=True)), line]
        out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True))
                for r in self.rows]
        return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="a tiny run of every measurement, to keep the bench working")
    parser.add_argument("--only", action="append", choices=SECTIONS,
                        help="run only this section (repeatable)")
    parser.add_argument("--markdown", action="store_true",
                        help="print the table as Markdown (for docs/performance.md)")
    parser.add_argument("--out", type=Path,
                        help="results file (default bench/results.json; "
                             "bench/results-quick.json with --quick)")
    args = parser.parse_args(argv)
    out = args.out or ROOT / "bench" / ("results-quick.json" if args.quick else "results.json")
    bench = Bench(args.quick)
    started = time.perf_counter()
    errors: dict[str, str] = {}
    for name in args.only or SECTIONS:
        section: Callable[[], None] = getattr(bench, name)
        t0 = time.perf_counter()
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        bench.results.setdefault("load_average_at_start", {})[name] = load_average()
        try:
            section()
        except Exception as e:  # noqa: BLE001 - one broken measurement must not hide the rest
            errors[name] = f"{type(e).__name__}: {e}"
            bench.row(f"{name}: not measured", f"{type(e).__name__}: {e}"[:70])
            traceback.print_exc()
        bench.results.setdefault("section_seconds", {})[name] = time.perf_counter() - t0
    bench.results["quick"] = args.quick
    bench.results["errors"] = errors
    bench.results["machine"] = machine()
    bench.results["seconds"] = time.perf_counter() - started
    bench.results["table"] = [dict(zip(("figure", "value", "target", "met"), r, strict=True))
                              for r in bench.rows]
    try:
        out.write_text(json.dumps(bench.results, indent=1, default=str) + "\n",
                       encoding="utf-8")
    except OSError as e:
        print(f"bench: cannot write {out}: {e}", file=sys.stderr)
    print(bench.markdown() if args.markdown else bench.table())
    print(f"\n{'quick run, ' if args.quick else ''}{bench.results['seconds']:.0f} s; "
          f"results in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
