"""Counted words as the table says them: "1 card", "2 cards"."""

from __future__ import annotations


def count(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
