"""Monster Hunt's first-game hints: the gestures of a round, in the order they come up.

Plot Twist's hints (gui/panels/hints.py) talk of Combats, Heroes and Villains; a fight
shows these instead. "hand_off" and "rules" share their keys with Plot Twist's: a player
who has dismissed them there knows them here too.
"""

from __future__ import annotations

from gui.panels.hints import HINTS, Hint, legal_kinds

_RULES = next(hint for hint in HINTS if hint[0] == "rules")

HUNT_HINTS: tuple[Hint, ...] = (
    ("hand_off", lambda v, c: c.seat is not None and c.hand_off_seat() is not None,
     "Your seat is done: “Pass to … ▶” (Ctrl+Enter) hands the laptop to the seat the "
     "table waits for."),
    ("mh_last_card", lambda v, c: "keep_last_card" in legal_kinds(c),
     "An enemy is defeated: click its revealed last card to add it to your Audience "
     "pool or discard it."),
    ("mh_special", lambda v, c: "special_attack" in legal_kinds(c),
     "Your Audience pool makes a poker hand: click the pool for a Special Attack (a "
     "flush or better is a Finishing Move)."),
    ("mh_attack", lambda v, c: "hero_attack" in legal_kinds(c),
     "Drag a card from your hand onto an enemy to attack it: it hits when higher than "
     "your Attack and lower than the enemy's Dodge."),
    ("mh_enemy_attack", lambda v, c: "enemy_attack" in legal_kinds(c),
     "Drag a card from your hand onto a hero to attack with an enemy: it hits when "
     "higher than the enemy's Attack and lower than the hero's Dodge."),
    ("mh_engage", lambda v, c: "engage" in legal_kinds(c),
     "Initiative: drag cards from your hand onto your Engaged area, face down; each "
     "engages one enemy. Then press Next ▶ to say Done."),
    ("mh_next", lambda v, c: c.seat is not None and c.next_action()[0] is not None,
     "When your seat has done all it wants in this phase, press Next ▶ (Ctrl+Enter) to "
     "say Done."),
    _RULES,
)
