"""Every intent a seat can express, as a frozen dataclass.

`seat` is who asks; `actor` the character (id) acting; `card` a card instance id;
`target` a character id or a card instance id. `label` is a short text for menus;
legal_actions() fills it with names, otherwise it falls back to ids.

Every type is a record (`engine.records`): a frozen dataclass whose ``__init__`` is
written beforehand into ``record_inits.py`` (``python tools/write_record_inits.py`` after
changing a type's fields) and whose equality, hash and repr are the base Action's, so the
module compiles nothing at import (start-up time, docs/performance.md "start-up part 3"
and "part 7"); a type with no docstring of its own would have one built by
`inspect.signature`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

# the table core's action base (label, describe, to_json/from_json), shared with every rules module
from engine.core.actions import Action
from engine.records import record

from . import record_inits


@record(record_inits, frozen=True, slots=True)
class Pass(Action):
    """Pass the current step of the Combat, or pass Initiative / end the phase."""
    kind: ClassVar[str] = "pass"


@record(record_inits, frozen=True, slots=True)
class InitiateCombat(Action):
    """Start a Combat against `target` with an Attack action and Initiative (PT-COMBAT-1, A-32)."""
    kind: ClassVar[str] = "initiate_combat"
    actor: str = ""
    target: str = ""


@record(record_inits, frozen=True, slots=True)
class SneakAttack(Action):
    """A Hidden character's Sneak Attack on `target`, which initiates a Combat (PT-SNEAK-1)."""
    kind: ClassVar[str] = "sneak_attack"
    actor: str = ""
    target: str = ""
    distance: str = "melee"


@record(record_inits, frozen=True, slots=True)
class PlayCombatCard(Action):
    """A Movement or Maneuver card (Attack cards go with Attack)."""
    kind: ClassVar[str] = "play_combat_card"
    actor: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class Attack(Action):
    """An Attack of a basic type, perhaps with an Attack card (PT-ATK-1)."""
    kind: ClassVar[str] = "attack"
    actor: str = ""
    attack_type: str = "melee"      # melee | ranged | mental | social
    card: str | None = None         # an Attack card from the hand
    trauma: bool = False            # declare Trauma before the Damage Roll


@record(record_inits, frozen=True, slots=True)
class Boost(Action):
    """Buy a coin or an Automatic Success for the actor's next roll of a kind.

    pay: energy (coin, PT-ENER-6), belief (auto, PT-BEL-7), quantity (coin, PT-MOOK-2).
    """
    kind: ClassVar[str] = "boost"
    actor: str = ""
    pay: str = "energy"
    roll: str = "any"               # attack | defense | damage | fixed | chosen | any


@record(record_inits, frozen=True, slots=True)
class Regenerate(Action):
    """Spend 1 Energy: Regenerate 1 Stress (PT-ENER-5); or 2 for 1 Trauma (PT-ENER-7)."""
    kind: ClassVar[str] = "regenerate"
    actor: str = ""
    resistance: str = "physical"
    trauma: bool = False


@record(record_inits, frozen=True, slots=True)
class SpendBelief(Action):
    """purpose: attack_action (PT-BEL-6), keyword (PT-BEL-8, name), heroic (PT-BEL-8, name)."""
    kind: ClassVar[str] = "spend_belief"
    actor: str = ""
    purpose: str = "attack_action"
    name: str = ""


@record(record_inits, frozen=True, slots=True)
class SpendHate(Action):
    """purpose: mooks (PT-HATE-5, target Mook), heroic (PT-HATE-6, name),
    attack_action (PT-HATE-7), belief_damage (PT-HATE-8, target Hero)."""
    kind: ClassVar[str] = "spend_hate"
    actor: str = ""
    purpose: str = "attack_action"
    target: str = ""
    name: str = ""


@record(record_inits, frozen=True, slots=True)
class Heal(Action):
    """Healing: 1 Energy and a Chosen Roll naming `number` (PT-HERC-7)."""
    kind: ClassVar[str] = "heal"
    actor: str = ""
    resistance: str = "physical"
    number: int = 1


@record(record_inits, frozen=True, slots=True)
class SetFlying(Action):
    """Enter (`flying`) or leave Flying as a Free action (PT-STATUS-14, PT-HERC-14)."""
    kind: ClassVar[str] = "set_flying"
    actor: str = ""
    flying: bool = True


@record(record_inits, frozen=True, slots=True)
class Hide(Action):
    """Hide as a Free action, for a character with Stealth (PT-STATUS-16)."""
    kind: ClassVar[str] = "hide"
    actor: str = ""


@record(record_inits, frozen=True, slots=True)
class Perceive(Action):
    """A Perception vs Stealth roll against the Hidden `target` (PT-STATUS-18)."""
    kind: ClassVar[str] = "perceive"
    actor: str = ""
    target: str = ""


@record(record_inits, frozen=True, slots=True)
class EndStatus(Action):
    """Spend 2 Move and 1 Attack action to end Stunned or Prone (PT-STATUS-8, -10)."""
    kind: ClassVar[str] = "end_status"
    actor: str = ""
    status: str = "Stunned"


@record(record_inits, frozen=True, slots=True)
class UseEquipment(Action):
    """Put `card`, one of the actor's Equipment, in use (PT-EQUIP-5, A-45)."""
    kind: ClassVar[str] = "use_equipment"
    actor: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class Mulligan(Action):
    """Discard these Combat cards and draw back to 3, once per game (PT-CDECK-2)."""
    kind: ClassVar[str] = "mulligan"
    cards: tuple[str, ...] = ()


@record(record_inits, frozen=True, slots=True)
class DiscardCombatCards(Action):
    """End of Combat: discard unwanted Combat cards; the redraw to 3 follows (PT-CDECK-3)."""
    kind: ClassVar[str] = "discard_combat_cards"
    cards: tuple[str, ...] = ()


@record(record_inits, frozen=True, slots=True)
class PlayDetail(Action):
    """Spend 1 Belief to play the Detail `card`, perhaps on `target` (PT-DETAIL-1, PT-BEL-5)."""
    kind: ClassVar[str] = "play_detail"
    actor: str = ""
    card: str = ""
    target: str = ""


@record(record_inits, frozen=True, slots=True)
class Pursue(Action):
    """After a Flee, the Players choose Pursuit or not (PT-FLEE-4)."""
    kind: ClassVar[str] = "pursue"
    pursue: bool = True


@record(record_inits, frozen=True, slots=True)
class GMRuling(Action):
    """A GM adjustment: what = counter | add_status | remove_status | move_card.

    counter: target character, name (physical, belief, hate, ...), value.
    add/remove_status: target character, name (status).
    move_card: card instance, zone (destination zone name).
    """
    kind: ClassVar[str] = "gm_ruling"
    what: str = "counter"
    target: str = ""
    name: str = ""
    value: int = 0
    card: str = ""
    zone: str = ""
    reason: str = ""


@record(record_inits, frozen=True, slots=True)
class PlayBystanders(Action):
    """Play Bystanders from the Plot Hand, any number with one Free action (PT-BYST-1)."""
    kind: ClassVar[str] = "play_bystanders"
    actor: str = ""
    cards: tuple[str, ...] = ()


@record(record_inits, frozen=True, slots=True)
class Activate(Action):
    """Use an `activated` ability (PT-FREE-1, PT-ENER-8): effect number `index` of `card`
    (the actor's character card, its Equipment in use, or the Location/Lair)."""
    kind: ClassVar[str] = "activate"
    actor: str = ""
    card: str = ""
    index: int = 0
    target: str = ""


@record(record_inits, frozen=True, slots=True)
class Gadgeteer(Action):
    """Pay X Energy: X more Ranks in another Heroic until End of Turn (PT-HERC-8, A-39)."""
    kind: ClassVar[str] = "gadgeteer"
    actor: str = ""
    heroic: str = ""
    ranks: int = 1


@record(record_inits, frozen=True, slots=True)
class Investigate(Action):
    """A Perception or Hacking Fixed Roll against 0 toward peeking at the Objective
    (PT-HERC-4, PT-HERC-9, A-38)."""
    kind: ClassVar[str] = "investigate"
    actor: str = ""
    heroic: str = "perception"


@record(record_inits, frozen=True, slots=True)
class RevealEvent(Action):
    """The GM flips an Event during the Combat phase (PT-EVENT-1/2, A-25, A-40)."""
    kind: ClassVar[str] = "reveal_event"
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class NullifyRoll(Action):
    """A Hero tries the Nullify roll printed on a revealed Event or Twist! (PT-NULL-1)."""
    kind: ClassVar[str] = "nullify_roll"
    actor: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class PlayHero(Action):
    """Spend 5 Belief of `actor` (a Hero in play of this Player) to play the Hero `card` from
    the Plot Hand; it enters with 0 Belief (PT-BEL-9, PT-HERO-1, A-35)."""
    kind: ClassVar[str] = "play_hero"
    actor: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class Reversal(Action):
    """Reversal of Fortunes: the GM Cures Belief from Heroes (`payers`, one id per Belief)
    for a benefit (PT-ROF): lock (1, target Hero, name of Keyword/Heroic), auto_success
    (2, target Villain), crossover (3, card: a Villain in the GM's Plot Hand or a Hidden
    Crossover Villain's id), reverse_initiative (4), masterplan (5)."""
    kind: ClassVar[str] = "reversal"
    purpose: str = "auto_success"
    payers: tuple[str, ...] = ()
    target: str = ""
    name: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class Answer(Action):
    """Answer an Interview question (PT-INTV-2): a Chosen Roll of Charm + `skill` naming
    `number`. Apologist: `target` Regenerates that much Social Stress (PT-SKILL-2). Public
    Relations: that much Energy, one point to each Hero listed in `targets` (PT-SKILL-3)."""
    kind: ClassVar[str] = "answer"
    actor: str = ""
    skill: str = "apologist"
    number: int = 1
    target: str = ""
    targets: tuple[str, ...] = ()


@record(record_inits, frozen=True, slots=True)
class AskQuestion(Action):
    """The GM's Reporter asks one more question (PT-INTV-4)."""
    kind: ClassVar[str] = "ask_question"


@record(record_inits, frozen=True, slots=True)
class PlayLocation(Action):
    """Play a Location from the Plot Hand into play, when a card has permitted it
    (PT-LOC-4, `permit_location`); the Conflict stays where it is (PT-LOC-1)."""
    kind: ClassVar[str] = "play_location"
    actor: str = ""
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class ChooseLocation(Action):
    """During an Interview the GM chooses, among the Locations in play, where the next
    Conflict arises (PT-FLEE-8); without a choice it is the same Location."""
    kind: ClassVar[str] = "choose_location"
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class ChooseTwist(Action):
    """Option twist_choice="choose" (A-26): the Players Reveal an eligible Twist! of
    their choice first thing in the Start of Turn."""
    kind: ClassVar[str] = "choose_twist"
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class ChooseMain(Action):
    """PT-XOVER-6, A-21: the Main Villain left play and several Villains are in play: the GM
    chooses which becomes the Main Villain; nothing else proceeds until then."""
    kind: ClassVar[str] = "choose_main"
    actor: str = ""


@record(record_inits, frozen=True, slots=True)
class ChooseDestination(Action):
    """PT-RELOC-1, A-10: a card's `relocate` named no Location and several are possible:
    its controller chooses where everyone Relocates; nothing else proceeds until then."""
    kind: ClassVar[str] = "choose_destination"
    card: str = ""


@record(record_inits, frozen=True, slots=True)
class ChooseTarget(Action):
    """PT-BYST-9/10, A-42: after a Flee, "you" of a Recruited Bystander's effect (the
    Players choose a Hero) or of a Killed one's (the GM chooses a Villain)."""
    kind: ClassVar[str] = "choose_target"
    card: str = ""
    target: str = ""


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (
        Pass, InitiateCombat, SneakAttack, PlayCombatCard, Attack, Boost, Regenerate,
        SpendBelief, SpendHate, Heal, SetFlying, Hide, Perceive, EndStatus, UseEquipment,
        Mulligan, DiscardCombatCards, PlayDetail, Pursue, GMRuling, PlayBystanders, Activate,
        Gadgeteer, Investigate, RevealEvent, NullifyRoll, PlayHero, Reversal, Answer,
        AskQuestion, PlayLocation, ChooseLocation, ChooseTwist, ChooseMain,
        ChooseDestination, ChooseTarget)
}


def action_from_json(d: dict[str, Any]) -> Action:
    kind = d.get("type")
    cls = ACTION_TYPES.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}")
    names = {f.name for f in fields(cls)} - {"text"}
    args = {k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items() if k in names}
    return cls(**args)  # type: ignore[arg-type]
