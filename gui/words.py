"""Counted words as the table says them: "1 card", "2 cards"."""

from __future__ import annotations

import re


def count(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


_SEAT = re.compile(r"\b(gm|p[1-4])\b")
_CARDS = re.compile(r"\b(\d+) ((?:[A-Z][\w!]* )?)card\(s\)")


def log_line(line: str) -> str:
    """An engine log line as the table reads it: seats as "GM" and "P2" (the engine's
    ids are lowercase), and "1 Combat card" rather than "1 Combat card(s)"."""
    line = _SEAT.sub(lambda m: m.group(1).upper(), line)
    return _CARDS.sub(lambda m: f"{m.group(1)} {m.group(2)}card"
                      f"{'' if m.group(1) == '1' else 's'}", line)


TRACKS = {"physical": "Physical", "mental": "Mental", "social": "Social",
          "quantity": "Quantity"}


def stress_float(data: dict) -> str:
    """"−2 Social" for a damage event's data; "" when nothing was dealt."""
    amount = data.get("amount")
    if not isinstance(amount, int) or amount <= 0:
        return ""
    track = TRACKS.get(str(data.get("track")), str(data.get("track") or "").capitalize())
    return f"\u2212{amount} {track}" + (" Trauma" if data.get("trauma") else "")
