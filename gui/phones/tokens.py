"""Join codes: one 128-bit secret per seat, the only thing that opens a seat."""

from __future__ import annotations

import hmac
import secrets
import threading


class SeatTokens:
    """Which join code opens which seat. A seat has at most one live code; issuing a new
    one retires the old (its phone is sent away by the server). Thread-safe: the GUI
    thread issues, the server thread looks up."""

    def __init__(self) -> None:
        self._by_seat: dict[str, str] = {}
        self._lock = threading.Lock()

    def issue(self, seat: str) -> str:
        token = secrets.token_urlsafe(16)  # 16 bytes = 128 bits, 22 URL-safe characters
        with self._lock:
            self._by_seat[seat] = token
        return token

    def token(self, seat: str) -> str | None:
        with self._lock:
            return self._by_seat.get(seat)

    def seat_for(self, token: str) -> str | None:
        """The seat this code opens, or None; compares in constant time."""
        with self._lock:
            pairs = list(self._by_seat.items())
        found = None
        for seat, known in pairs:
            if hmac.compare_digest(known.encode(), token.encode()):
                found = seat
        return found

    def revoke_all(self) -> None:
        with self._lock:
            self._by_seat.clear()
