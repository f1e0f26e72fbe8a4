"""One seeded generator for every coin and shuffle of a game.

Forced coins (a string such as "HHTHT") are consumed before the generator, so
scenarios and tests can fix outcomes. The whole state is JSON-able, so undo and
save restore the exact position and an undone roll is never rerolled.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

T = TypeVar("T")


class Coins:
    def __init__(self, seed: int = 1, forced: str = "") -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.forced = ""
        self.force(forced)
        self.record: list[str] = []

    def force(self, coins: str) -> None:
        """Queue coins to be used before any random ones."""
        coins = coins.upper().replace(" ", "")
        if any(c not in "HT" for c in coins):
            raise ValueError(f"forced coins must be H or T, got {coins!r}")
        self.forced += coins

    def flip(self, n: int) -> str:
        if n <= 0:
            return ""
        take = self.forced[:n]
        self.forced = self.forced[n:]
        rest = n - len(take)
        if rest:
            bits = self._rng.getrandbits(rest)
            take += "".join("H" if bits >> i & 1 else "T" for i in range(rest))
        self.record.append(take)
        return take

    def shuffle(self, items: list[T]) -> None:
        self._rng.shuffle(items)

    def randint(self, low: int, high: int) -> int:
        return self._rng.randint(low, high)

    def choice(self, items: list[T]) -> T:
        return items[self._rng.randrange(len(items))]

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "forced": self.forced,
            "record": list(self.record),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Coins:
        coins = cls(int(data["seed"]))
        version, internal, gauss = data["rng"]
        coins._rng.setstate((version, tuple(internal), gauss))
        coins.forced = str(data.get("forced", ""))
        coins.record = list(data.get("record", []))
        return coins
