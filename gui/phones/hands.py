"""What the laptop shows of a seat that plays from its phone: its hands as backs."""

from __future__ import annotations

from typing import Any

HANDS = ("plot_hand", "combat_hand")


def hands_on_phone(view: dict[str, Any], seats: frozenset[str]) -> dict[str, Any]:
    """`view` with the hands of `seats` turned face down and marked `on_phone`, so nobody
    at the table needs the privacy screen while those players hold their phones."""
    zones = dict(view.get("zones") or {})
    for name, zone in zones.items():
        kind, _, seat = name.partition(":")
        if kind in HANDS and seat in seats:
            back = "plot" if kind == "plot_hand" else "combat"
            zones[name] = {**zone, "on_phone": True,
                           "cards": [{"id": c["id"], "back": back} for c in zone["cards"]]}
    return {**view, "zones": zones}
