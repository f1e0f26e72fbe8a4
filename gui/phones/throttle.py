"""How many messages a phone may send: a token bucket, then the door."""

from __future__ import annotations

import time
from collections.abc import Callable


class Throttle:
    """A bucket of `burst` messages refilled at `rate` per second. A message that finds
    the bucket empty is dropped and counts a strike; `strikes` of them and the client is
    a flood, to be disconnected. An honest phone sends a tap or two a second."""

    def __init__(self, rate: float = 10.0, burst: int = 30, strikes: int = 60,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.max_strikes = rate, burst, strikes
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        self.strikes = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False

    @property
    def flooding(self) -> bool:
        return self.strikes >= self.max_strikes
