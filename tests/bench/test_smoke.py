"""The benchmarks still run and give numbers. Their speed is never checked here."""

from __future__ import annotations

import json
import math

from bench import engine_bench
from bench.__main__ import main as bench_main
from bench.common import median, percentile, run_child


def test_statistics():
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert percentile(list(map(float, range(1, 101))), 95) == 95.0
    assert percentile([7.0], 95) == 7.0


def test_engine_game_gives_numbers():
    catalog, load_ms = engine_bench.load_catalog()
    assert load_ms > 0
    r = engine_bench.play(catalog, heroes=1, seed=1, action_cap=15)
    assert r["actions"] > 0 and r["seconds"] > 0 and r["apply_s"] > 0


def test_save_load_section_writes_results(tmp_path, capsys):
    out = tmp_path / "results.json"
    assert bench_main(["--quick", "--only", "saves", "--out", str(out)]) == 0
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["errors"] == {}
    assert results["saves"]["bytes"] > 0
    assert results["saves"]["save_ms"] > 0 and results["saves"]["load_ms"] > 0
    assert "figure" in capsys.readouterr().out


def test_frame_child_gives_numbers():
    r, _ = run_child(["-m", "bench.frames", "--cards", "40", "--frames", "3",
                      "--warmup", "1"], timeout=120)
    assert r["frames"] == 3 and r["cards"] >= 1
    assert math.isfinite(r["median_ms"]) and r["p95_ms"] >= r["median_ms"] > 0


def test_phone_round_trip_gives_numbers():
    from bench.phones_bench import round_trip

    catalog, _ = engine_bench.load_catalog()
    r = round_trip(catalog, taps=5)
    assert r["phones"] == 4 and r["taps"] == 5
    assert r["tap_to_all_phones_median_ms"] >= r["tap_to_laptop_median_ms"] > 0
