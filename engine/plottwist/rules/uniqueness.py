"""The Uniqueness rule (PT-UNIQ, PT-PLOT-1, PT-LOC-2, PT-BYST-2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import cards as C


def copies(cards: Iterable[Any]) -> list[str]:
    """Names that appear more than once (Personas ignored, PT-UNIQ-2)."""
    seen: set[str] = set()
    dupes: list[str] = []
    for card in cards:
        n = C.base_name(card)
        if n in seen and n not in dupes:
            dupes.append(n)
        seen.add(n)
    return dupes


def is_copy(a: Any, b: Any) -> bool:
    return C.base_name(a) == C.base_name(b)
