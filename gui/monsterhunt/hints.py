"""Monster Hunt's first-game hints: the gestures of a round, each when it can be made.

Plot Twist's hints (gui/panels/hints.py) talk of Combats, Heroes and Villains; a fight
shows these instead. "hand_off" and "rules" share their keys with Plot Twist's: a player
who has dismissed them there knows them here too.
"""

from __future__ import annotations

from gui.panels.hints import HINTS, Hint, can_go_on, can_hand_off, when_legal

_RULES = next(hint for hint in HINTS if hint[0] == "rules")

# (key, the action kind it is about, what it says), the most specific first
_GESTURES = (
    ("mh_last_card", "keep_last_card",
     "An enemy is defeated: click its revealed last card to add it to your Audience "
     "pool or discard it."),
    ("mh_special", "special_attack",
     "Your Audience pool makes a poker hand: click the pool for a Special Attack (a "
     "flush or better is a Finishing Move)."),
    ("mh_attack", "hero_attack",
     "Drag a card from your hand onto an enemy to attack it: it hits when higher than "
     "your Attack and lower than the enemy's Dodge."),
    ("mh_enemy_attack", "enemy_attack",
     "Drag a card from your hand onto a hero to attack with an enemy: it hits when "
     "higher than the enemy's Attack and lower than the hero's Dodge."),
    ("mh_engage", "engage",
     "Initiative: drag cards from your hand onto your Engaged area, face down; each "
     "engages one enemy. Then press Next ▶ to say Done."),
)

HUNT_HINTS: tuple[Hint, ...] = (
    ("hand_off", can_hand_off,
     "Your seat is done: “Pass to … ▶” (Ctrl+Enter) hands the laptop to the seat the "
     "table waits for."),
    *((key, when_legal(kind), text) for key, kind, text in _GESTURES),
    ("mh_next", can_go_on,
     "When your seat has done all it wants in this phase, press Next ▶ (Ctrl+Enter) to "
     "say Done."),
    _RULES,
)
