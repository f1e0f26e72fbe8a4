"""How hard a Threat's deadline presses on the Heroes: "from Turn N on, if ..." (PT-OBJ-3).

A Threat such as "from Turn 6 on, if the Main Villain has 8 Hate or more" is met the moment
Turn N begins if its other parts hold then. Its progress term (ai/evaluate.py) rises with
the Turn whatever the Heroes do, so it cannot rank their moves: a Hero who passes looks as
well off as one who attacks, and with a few Turns left the Heroes passed (seed 2001, Night
of Embers, Turns 5 – 7; seed 2013, Foreclose the City, Turns 2 – 4 with the Villain at 4 of
9 Physical). Against a deadline the only way out is to take the Main Villain out in time,
so the Heroes' own Stress, Belief and Energy count for little once it is near.

`pressure` says how near: the chance-like share q of the clause's other parts that will
hold at Turn N (the Hate the Villain will still have after paying 1 each End of Turn, the
Events the GM can still flip), over the Turns left before N.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..game import Game
from ..rules.events import reveal_cap
from ..rules.victory import threat_conditions

Progress = Callable[[Game, dict[str, Any]], float]


def turn_clauses(cond: dict[str, Any]) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """The (N, other parts) of each "from Turn N on, if ..." in a condition, however nested
    in "any"/"all"."""
    parts: list[dict[str, Any]] = []
    for key, value in cond.items():
        if key == "all":
            parts.extend(value)
        elif key == "any":
            for c in value:
                yield from turn_clauses(c)
        else:
            parts.append({key: value})
    turns = [int(p["turn_at_least"]) for p in parts if "turn_at_least" in p]
    if turns:
        yield max(turns), [p for p in parts if "turn_at_least" not in p]


def at_deadline(game: Game, part: dict[str, Any], left: int, progress: Progress) -> float:
    """How far `part` will be met when the deadline comes, `left` Turns from now."""
    st = game.state
    if "hate_at_least" in part:
        # the Main Villain pays 1 Hate each End of Turn in a Location (PT-HATE-3,
        # PT-LAIR-3); what he spends before then is what the Heroes can hope for
        mv = st.main_villain()
        want = max(int(part["hate_at_least"]), 1)
        have = (mv.hate or 0) if mv is not None else 0
        paid = left if st.lair is None else 0
        return min(max(have - paid, 0) / want, 1.0)
    if "events_revealed_at_least" in part:
        # the GM flips Events whenever he likes in a Combat phase (PT-EVENT-2, A-25), up
        # to the cap: if he can get there, count it as done
        want = int(part["events_revealed_at_least"])
        have = st.tally.get("events_revealed", 0)
        if reveal_cap(st) >= want and have + len(st.zones["events"].cards) >= want:
            return 1.0
        return min(have / max(want, 1), 1.0)
    return progress(game, part)


def pressure(game: Game, progress: Progress) -> float:
    """0 (no deadline) .. 1 (the Threat fires at the next Turn unless the Villain falls)."""
    st = game.state
    if st.objective is None:
        return 0.0
    best = 0.0
    for cond in threat_conditions(game.cards[st.cards[st.objective]]):
        for turn, rest in turn_clauses(cond):
            left = max(turn - st.turn, 1)
            q = min((at_deadline(game, p, left, progress) for p in rest), default=1.0)
            best = max(best, q / left)
    return best
