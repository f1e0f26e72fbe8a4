"""How actions read to people, without Qt: their kind, their label, the group a menu
puts them in, and the counters they spend. The table's menus and the phone page share
these words, so a player finds an action under the same heading on both."""

from __future__ import annotations

from typing import Any

KIND_TITLES = {"attack": "Attack", "boost": "Boost a roll", "regenerate": "Regenerate",
               "heal": "Heal", "spend_belief": "Spend Belief", "spend_hate": "Spend Hate",
               "initiate_combat": "Initiate Combat", "sneak_attack": "Sneak Attack",
               "play_combat_card": "Play a Combat card", "play_detail": "Play a Detail",
               "use_equipment": "Use Equipment", "end_status": "Shake off a Status",
               "perceive": "Perceive"}

# Kinds that answer a question the rules put to one seat (PT-XOVER-6, PT-RELOC-1,
# PT-BYST-9/10, PT-LOC-4, A-26, the Interview): the phone shows them as that question.
QUESTION_TITLES = {"choose_main": "Who becomes the Main Villain?",
                   "choose_destination": "Where does it go?",
                   "choose_target": "Whom does the effect choose?",
                   "choose_location": "Which Location comes next?",
                   "choose_twist": "Which Twist! is played?",
                   "answer": "Answer the question",
                   "ask_question": "Ask a question"}


def action_kind(action: Any) -> str:
    return str(getattr(action, "kind", type(action).__name__))


def action_label(action: Any) -> str:
    return str(getattr(action, "label", "") or action_kind(action))


def may_pass(actions: list[Any]) -> bool:
    """Whether a seat with these legal actions may pass: the seats the table waits for."""
    return any(action_kind(a) == "pass" for a in actions)


def group_title(kind: str) -> str:
    """The heading an action of this kind sits under in a menu or on a phone."""
    return KIND_TITLES.get(kind) or QUESTION_TITLES.get(kind) or kind.replace("_", " ").title()


def counters_spent(action: Any) -> list[tuple[str, str]]:
    """(character, counter) for each counter this action spends: Belief for an Attack
    action or a Boost, Energy to Boost or Regenerate, Hate, Quantity, Belief Cured from
    Heroes by a Reversal (PT-BEL-6/7/8, PT-ENER-5/6/7, PT-HATE-5..8, PT-MOOK-2, PT-ROF-2)."""
    kind = action_kind(action)
    actor = str(getattr(action, "actor", "") or "")
    if kind == "spend_belief":
        return [(actor, "belief")]
    if kind == "boost":
        return [(actor, str(getattr(action, "pay", "energy")))]
    if kind == "regenerate":
        return [(actor, "energy")]
    if kind == "spend_hate":
        return [(actor, "hate")]
    if kind == "reversal":
        return [(str(p), "belief") for p in dict.fromkeys(getattr(action, "payers", ()) or ())]
    return []
