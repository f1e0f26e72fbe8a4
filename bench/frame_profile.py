"""Where a table frame's time goes: ``python -m bench.frame_profile [--cards N]``.

1. A paint census: every QGraphicsItem class of gui.table gets its paint() timed during
   the measured frames (calls and ms per frame, by class).
2. cProfile of the Python side of the measured frames (event handlers, paint code).
3. Experiments, each on a fresh table in this process, changing one thing in *this
   process only* (the GUI's files are untouched): item caching for every item, no
   antialiasing. They show what a change in gui/table would buy.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import io
import pstats
import time
from collections import defaultdict
from typing import Any

from bench.frames import _app, measure


def _item_classes() -> list[type]:
    import inspect

    from PySide6 import QtWidgets

    from gui.table import areas, card_item, counters

    out = []
    for module in (card_item, areas, counters):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (issubclass(cls, QtWidgets.QGraphicsItem) and cls.__module__ == module.__name__
                    and "paint" in cls.__dict__):
                out.append(cls)
    return out


def census(cards: int, frames: int) -> dict[str, Any]:
    _app()
    stats: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    on = [False]
    originals = {}
    for cls in _item_classes():
        original = cls.__dict__["paint"]
        originals[cls] = original

        def timed(self, painter, option, widget=None, _o=original, _n=cls.__name__):
            if not on[0]:
                return _o(self, painter, option, widget)
            t0 = time.perf_counter()
            try:
                return _o(self, painter, option, widget)
            finally:
                entry = stats[_n]
                entry[0] += 1
                entry[1] += time.perf_counter() - t0

        cls.paint = functools.wraps(original)(timed)

    def on_timing(flag: bool) -> None:
        on[0] = flag

    prof = cProfile.Profile()

    def profiled(flag: bool) -> None:
        on_timing(flag)
        (prof.enable if flag else prof.disable)()

    try:
        r = measure(cards, frames, 10, on_timing=profiled)
    finally:
        for cls, original in originals.items():
            cls.paint = original
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).strip_dirs().sort_stats("tottime").print_stats(15)
    return {"frame": {k: r[k] for k in ("cards", "median_ms", "p95_ms", "cpu_median_ms",
                                         "cpu_p95_ms", "view_scale")},
            "paint_by_class": {k: {"calls_per_frame": v[0] / frames,
                                   "ms_per_frame": 1000 * v[1] / frames}
                               for k, v in sorted(stats.items(), key=lambda kv: -kv[1][1])},
            "python_profile": buf.getvalue()}


def _cache_everything(scene: Any, view: Any) -> None:
    from PySide6 import QtWidgets

    mode = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
    for item in scene.items():
        if item.cacheMode() == QtWidgets.QGraphicsItem.CacheMode.NoCache:
            item.setCacheMode(mode)


def _cache_areas(scene: Any, view: Any) -> None:
    from PySide6 import QtWidgets

    from gui.table.areas import CharacterCluster, ZoneArea

    mode = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
    for item in scene.items():
        if isinstance(item, ZoneArea | CharacterCluster):
            item.setCacheMode(mode)


def _no_antialias(scene: Any, view: Any) -> None:
    from PySide6 import QtGui

    hint = QtGui.QPainter.RenderHint
    for h in (hint.Antialiasing, hint.SmoothPixmapTransform):
        view.setRenderHint(h, False)


def _dont_save_painter(scene: Any, view: Any) -> None:
    from PySide6 import QtWidgets

    flag = QtWidgets.QGraphicsView.OptimizationFlag
    view.setOptimizationFlags(flag.DontSavePainterState | flag.DontAdjustForAntialiasing)


def _no_index(scene: Any, view: Any) -> None:
    from PySide6 import QtWidgets

    scene.setItemIndexMethod(QtWidgets.QGraphicsScene.ItemIndexMethod.NoIndex)


class _StoredBounds:
    """CardItem.boundingRect answered from a rect computed once (this process only)."""

    def __enter__(self) -> None:
        from gui.table.card_item import CardItem

        self.cls = CardItem
        self.original = CardItem.__dict__["boundingRect"]

        def bounds(item: Any) -> Any:
            try:
                return item._bench_bounds
            except AttributeError:
                item._bench_bounds = self.original(item)
                return item._bench_bounds

        CardItem.boundingRect = bounds

    def __exit__(self, *exc: object) -> None:
        self.cls.boundingRect = self.original


def _both(scene: Any, view: Any) -> None:
    _cache_everything(scene, view)


EXPERIMENTS = {"baseline": (None, None),
               "cache every item (DeviceCoordinateCache)": (_cache_everything, None),
               "cache ZoneArea + CharacterCluster only": (_cache_areas, None),
               "CardItem.boundingRect computed once": (None, _StoredBounds),
               "both of the above": (_both, _StoredBounds),
               "no antialiasing": (_no_antialias, None),
               "scene NoIndex": (_no_index, None),
               "view optimisation flags": (_dont_save_painter, None)}


def experiments(cards: int, frames: int, repeats: int = 3) -> dict[str, Any]:
    import contextlib

    _app()
    out = {}
    for name, (prepare, context) in EXPERIMENTS.items():
        with context() if context is not None else contextlib.nullcontext():
            runs = [measure(cards, frames, 10, prepare=prepare) for _ in range(repeats)]
        out[name] = {"cpu_median_ms": sorted(r["cpu_median_ms"] for r in runs)[repeats // 2],
                     "cpu_p95_ms": sorted(r["cpu_p95_ms"] for r in runs)[repeats // 2]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.frame_profile")
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--experiments-only", action="store_true")
    args = parser.parse_args(argv)
    if args.experiments_only:
        for name, v in experiments(args.cards, args.frames).items():
            print(f"  {name:42} median {v['cpu_median_ms']:6.2f}  p95 {v['cpu_p95_ms']:6.2f}")
        return 0
    c = census(args.cards, args.frames)
    print(f"== frame: {c['frame']}")
    print("== paint() by item class, during the measured frames")
    for name, v in c["paint_by_class"].items():
        print(f"  {name:18} {v['calls_per_frame']:7.1f} calls/frame "
              f"{v['ms_per_frame']:7.3f} ms/frame")
    print("== cProfile of the measured frames (Python side)")
    print(c["python_profile"])
    print("== experiments (median of 3 runs; CPU ms per frame)")
    for name, v in experiments(args.cards, args.frames).items():
        print(f"  {name:42} median {v['cpu_median_ms']:6.2f}  p95 {v['cpu_p95_ms']:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
