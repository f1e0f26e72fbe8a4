"""One seeded generator for every coin and shuffle of a game.

Forced coins (a string such as "HHTHT") are consumed before the generator, so
scenarios and tests can fix outcomes. The whole state is JSON-able, so undo and
save restore the exact position and an undone roll is never rerolled.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

T = TypeVar("T")
_HEADS_TAILS = str.maketrans("10", "HT")

# The record of flips is a chain of (earlier, flip) pairs, never changed once made: a
# copy or an undo snapshot shares it whole, and a new flip only adds a link.
Record = tuple[Any, str] | None


def _chain(flips: list[str]) -> Record:
    node: Record = None
    for take in flips:
        node = (node, take)
    return node


class Coins:
    def __init__(self, seed: int = 1, forced: str = "") -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.forced = ""
        self.force(forced)
        self._record: Record = None
        # False while the generator is shared with a copy (Coins.copy): whoever draws
        # next takes its own generator first, so a shared one never moves
        self._owned = True

    @property
    def record(self) -> list[str]:
        """Every flip so far, in order."""
        out = []
        node = self._record
        while node is not None:
            node, take = node
            out.append(take)
        out.reverse()
        return out

    def force(self, coins: str) -> None:
        """Queue coins to be used before any random ones."""
        coins = coins.upper().replace(" ", "")
        if any(c not in "HT" for c in coins):
            raise ValueError(f"forced coins must be H or T, got {coins!r}")
        self.forced += coins

    def copy(self) -> Coins:
        """The same position in a separate generator: both continue with the same flips,
        independently. Cheap: the generator is copied only when one of them next draws."""
        new = Coins.__new__(Coins)
        new.seed = self.seed
        new._rng = self._rng
        new.forced = self.forced
        new._record = self._record
        new._owned = self._owned = False
        return new

    def _own(self) -> None:
        rng = random.Random.__new__(random.Random)
        rng.setstate(self._rng.getstate())
        self._rng = rng
        self._owned = True

    def flip(self, n: int) -> str:
        if n <= 0:
            return ""
        if not self._owned:
            self._own()
        take = self.forced[:n]
        self.forced = self.forced[n:]
        rest = n - len(take)
        if rest:
            bits = self._rng.getrandbits(rest)
            # coin i is bit i of the draw: the binary digits, lowest first, as H/T
            take += format(bits, f"0{rest}b")[::-1].translate(_HEADS_TAILS)
        self._record = (self._record, take)
        return take

    def shuffle(self, items: list[T]) -> None:
        if not self._owned:
            self._own()
        self._rng.shuffle(items)

    def randint(self, low: int, high: int) -> int:
        if not self._owned:
            self._own()
        return self._rng.randint(low, high)

    def choice(self, items: list[T]) -> T:
        if not self._owned:
            self._own()
        return items[self._rng.randrange(len(items))]

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "forced": self.forced,
            "record": self.record,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Coins:
        coins = cls(int(data["seed"]))
        version, internal, gauss = data["rng"]
        coins._rng.setstate((version, tuple(internal), gauss))
        coins.forced = str(data.get("forced", ""))
        coins._record = _chain(list(data.get("record", [])))
        return coins

    def snapshot(self) -> tuple[object, ...]:
        """A cheap in-memory position for undo (not JSON: saves use to_json); a redo
        after an undo replays the very same flips."""
        return (self._rng.getstate(), self.forced, self._record)

    def restore(self, snap: tuple[object, ...]) -> None:
        state, forced, record = snap
        if not self._owned:
            self._own()
        self._rng.setstate(state)  # type: ignore[arg-type]
        self.forced = str(forced)
        self._record = record  # type: ignore[assignment]
