"""The two standard decks, generated (MH-R-DECK-1): no card images, no stored list.

A card on the table has an opaque instance id ("g17", "p3"): the id says which deck it
belongs to (so a run-out deck takes back its own cards, MH-R-DECK-2) but not its face, so
a hidden card's id leaks nothing. The face ("QS", "10H", "X" for a Joker) lives in
GameState.faces.
"""

from __future__ import annotations

from typing import Any

SUITS = ("S", "H", "D", "C")
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "X"
# MH-R-RANK: J 11, Q 12, K 13, A 14 (1 with ace_low)
_VALUES = {r: i + 2 for i, r in enumerate(RANKS)}

GM_DECK = "g"
PLAYERS_DECK = "p"


def faces(jokers: bool) -> list[str]:
    out = [r + s for s in SUITS for r in RANKS]
    if jokers:
        out += [JOKER, JOKER]
    return out


def deck_of(card: str) -> str:
    return card[0]


def rank(face: str) -> str | None:
    return None if face == JOKER else face[:-1]


def suit(face: str) -> str | None:
    return None if face == JOKER else face[-1]


def value(face: str, ace_low: bool = False) -> int | None:
    """The number a card counts (MH-R-RANK); None for a Joker, which has none (MH-R-JOKER)."""
    r = rank(face)
    if r is None:
        return None
    if r == "A" and ace_low:
        return 1
    return _VALUES[r]


def label(face: str) -> str:
    if face == JOKER:
        return "Joker"
    return f"{rank(face)}{SUIT_SIGNS[face[-1]]}"


def face_json(face: str, ace_low: bool = False) -> dict[str, Any]:
    """What the table's card painter needs to draw a standard card."""
    if face == JOKER:
        return {"face": face, "rank": None, "suit": None, "label": "Joker", "value": None,
                "color": "black"}
    s = face[-1]
    return {"face": face, "rank": rank(face), "suit": SUIT_NAMES[s], "label": label(face),
            "value": value(face, ace_low), "color": "red" if s in "HD" else "black"}
