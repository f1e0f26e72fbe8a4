"""The rules at the table: a short reference and a glossary, inside the app.

A first group should not need the rulebook open beside the laptop. Each section of the
reference starts with the short form a table reads aloud, then lists every clause of the
families it covers (`PT-ATK`, `PT-DMG` …) with its own text, each at its own anchor: a
refusal that cites "PT-COMBAT-8" opens the reference at that rule. The clause texts come
from assets/rules/clauses.json, written by tools/build_clauses.py from the project's clause
catalogues; Monster Hunt's rules (MH-…) follow Plot Twist's, and the readings of garbled
passages (A-1 …) close the reference.

The sections, the short forms and the glossary are our own fixed text, written as simple
HTML for the help browser; the asset's texts are data and go in escaped (gui/plain_text.py).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from gui.plain_text import escape

# (anchor, title, clause families, paragraphs)
SECTIONS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("goal", "What the game is", ("GOAL", "CONF", "OBJ", "TERM", "KIT"), (
        "Players each run a Hero; the GM runs the Villains and their Mooks. The GM holds a "
        "secret Objective: the Heroes win by stopping it (usually by defeating the Main "
        "Villain), the GM by bringing it about.",
        "A Conflict is one stretch of play in one place. It is played in Turns.",
    )),
    ("turn", "A Turn", ("TURN", "ACT", "FREE", "COUNT", "TWIST", "CDECK", "EVENT"), (
        "Every Turn has three phases: <b>Start of Turn</b> (the top Twist! is revealed, "
        "everyone gets back 2 Move and 1 Attack action, start-of-Turn cards act), "
        "<b>Combat</b> (Combats are started and fought), <b>End of Turn</b> (end-of-Turn "
        "cards act, each Villain in a Location pays 1 Hate, counters tick down).",
        "The side holding the <b>Initiative</b> acts first; the Heroes start with it. When "
        "a side has done all it wants it passes (<b>Next</b>); when both sides have "
        "passed, the phase ends.",
        "A character never holds more than 1 Attack action or 2 Move actions. Free actions "
        "(a Hero's abilities, Flying, Hiding…) can be taken once each per Turn, never in "
        "the End of Turn.",
        "Each Turn starts with a new <b>Twist!</b> revealed: its text changes the rules "
        "for the Turn. Each seat draws back up to 3 Combat cards after a Combat.",
    )),
    ("combat", "A Combat", ("COMBAT", "DIST", "SNEAK"), (
        "In the Combat phase, a character holding an Attack action and the Initiative "
        "starts a Combat with someone in its Location (drag your Hero onto them). A Hero "
        "starts at most one Combat per Turn.",
        "A Combat goes through five steps: <b>Start</b>, <b>Movement</b> (only Movement "
        "cards: they set the Distance), <b>Maneuver</b> (only Maneuver cards), "
        "<b>Attack</b> (each combatant may Attack once per Attack action), <b>End</b>. "
        "A step ends when both combatants have passed.",
        "Every Combat starts at <b>Ranged</b> Distance. At <b>Melee</b> Distance every "
        "Attack is allowed; at Ranged, Melee Attacks are not.",
        "A Hidden character can only Sneak Attack: Stealth against Perception, the loser "
        "is Surprised, and the Sneak Attacker picks the Distance.",
    )),
    ("attacks", "Attacks and their pools", ("ATK", "ROLL"), (
        "A roll flips as many coins as its Pool; each Heads is a Success. An Attack is an "
        "<b>Opposing Roll</b>: the attacker's pool against the defender's. Strictly more "
        "Successes hits. <b>A tie defeats both: nothing happens.</b>",
        "<b>Melee</b> (Melee Distance only): Body + Fighting against Body + Fighting or "
        "Body + Agility; damage from Body to Physical Stress.",
        "<b>Ranged</b> (needs Energy Projection): Mind + Energy Projection against "
        "Body + Reflexes or Body + Flight; damage from Power to Physical Stress.",
        "<b>Mental</b> (needs Psyche): Mind + Psyche against Mind + Resilience or "
        "Mind + Psyche; damage from Mind to Mental Stress.",
        "<b>Social</b>: Charm + Offend against Charm + Rebutt; damage from Charm to Social "
        "Stress (never Trauma).",
        "Margin is how many Successes more than the other side (or the Difficulty). "
        "Automatic Successes are added after the coins are flipped.",
    )),
    ("damage", "Damage, Armor and Trauma", ("DMG", "ARM", "TRAUMA", "MOOK"), (
        "A hit rolls a <b>Damage Pool</b>: the damage Attribute + Weapon bonus + bonuses, "
        "minus the target's Armor and Cover. Heads plus Automatic Successes (a Hero has 1) "
        "is the Stress the target loses. A pool of 0 or less does nothing.",
        "<b>Trauma</b> (only from cards) removes Stress and leaves a Trauma counter that "
        "only 2 Energy can remove; whoever deals Trauma pays 1 Belief or Hate per point.",
        "A Mook group loses one Quantity counter per hit instead of Stress.",
    )),
    ("statuses", "Statuses", ("STATUS", "RES", "CLUS"), (
        "<b>Incapacitated</b>: no Physical or no Mental Stress left; out of the game.",
        "<b>Demoralized</b>: no Social Stress left; loses all Energy and Belief until it "
        "gains Social Stress again.",
        "<b>Stunned</b>: cannot Attack or Move (can Defend). <b>Prone</b>: cannot Defend "
        "or Move (can Attack). Either ends by spending 2 Move actions and 1 Attack action.",
        "<b>Surprised</b>: −2 to every Roll Pool until it Defends. <b>Flying</b>: a "
        "character not Flying cannot close to Melee against it. <b>Hidden</b>: cannot be "
        "attacked until Perceived; can only Sneak Attack.",
    )),
    ("resources", "Belief, Energy, Hate", ("BEL", "ENER", "HATE", "ROF", "LOCK", "FLEE",
                                           "XOVER", "MPLAN", "INTV"), (
        "<b>Belief</b> (Heroes): 1 plays a Detail; 1 (once per Turn) gains an Attack "
        "action; 1 adds an Automatic Success to a roll; 2 gains a Keyword for the Turn or "
        "raises a Heroic to 3 for 2 Turns; 5 brings in a new Hero.",
        "<b>Energy</b> (starts at Power × 3; at most Power spent per Turn): 1 Regenerates 1 "
        "Stress or adds 1 coin to a pool; 2 removes 1 Trauma; X powers an ability that "
        "costs X.",
        "<b>Hate</b> (Villains, starts at Power × 3): 1 puts 3 Quantity on Mooks (Main "
        "Villain), 1 raises a Heroic to 3 for the Turn, 1 (once per Turn) gains an Attack "
        "action, 2 takes 1 Belief from a Hero.",
        "When the Main Villain must pay Hate at the End of Turn and has none, he Flees to "
        "a Lair (or Surrenders if he cannot); the Players then choose to Pursue him or "
        "not.",
    )),
    ("cards", "Cards and hands", ("PLOT", "DETAIL", "LOC", "RELOC", "LAIR", "BYST",
                                  "EQUIP", "NULL", "UNIQ", "SETUP", "HERO", "HERC",
                                  "SKILL", "KW", "ATTR", "COLOR"), (
        "Each seat holds a <b>Plot hand</b> of 5 (Details, Locations, Lairs, Bystanders, "
        "or Characters) and a <b>Combat deck</b> of 10, drawing 3 Combat cards at a time. "
        "A Detail costs 1 Belief and can be played in any phase but the End of Turn.",
        "A character's card shows its <b>Attributes</b> (Body, Mind, Charm, Power), its "
        "<b>Heroics</b> and <b>Skills</b> (ranks added to an Attribute for a pool) and "
        "its Keywords. Equipment in use adds its bonus.",
        "No two copies of the same character may be in play, and no Plot hand holds two "
        "copies of a card.",
    )),
)

# Monster Hunt, the second game on the table: the short form, then every MH-… clause
# (its readings MH-R-… among them) in its catalogue's order
MONSTER_HUNT: tuple[str, str, tuple[str, ...]] = ("monsterhunt", "Monster Hunt", (
    "Heroes (players) fight the GM's enemies with two ordinary 52-card decks. An enemy's "
    "Health is a face-down stack of the GM's cards; a hero's hand is his Stamina in cards.",
    "A round has five phases: <b>Initiative</b> (each player lays face-down cards to engage "
    "enemies; the GM draws one card per player and per disengaged enemy), the "
    "<b>disengaged enemies'</b> attacks, the <b>Players'</b> attacks (any cards, or a "
    "Refresh of the whole hand instead), the <b>engaged enemies'</b> attacks (only on "
    "players with a face-down card), and <b>Cleanup</b>.",
    "A card <b>hits</b> when it is higher than the attacker's Attack and lower than the "
    "target's Dodge (J 11, Q 12, K 13, A 14). A hit takes 1 Health from a hero, or one "
    "card from an enemy's stack; a major threat's last card only goes to a Finishing Move.",
    "Every card played goes to its side's <b>Audience pool</b> (5 at most). A side may "
    "spend its whole pool on a <b>Special Attack</b>: a pair 1 hit, two pair 2, three of "
    "a kind 3, a straight 1 hit on every foe; a flush or better is a <b>Finishing Move</b>.",
))

# The rules refusals cite most, restated shorter in our words above their catalogue text
# (every clause has its own anchor, its ID, inside its family's section).
CLAUSES: tuple[tuple[str, str], ...] = (
    ("PT-ACT-1", "Two kinds of combat action: Move actions (mostly for Movement cards) and "
                 "Attack actions (mostly for Attacks); cards and rules may use them otherwise."),
    ("PT-ACT-2", "At each Start of Turn every character gets back 2 Move and 1 Attack action."),
    ("PT-ACT-3", "Never more than 1 Attack action or 2 Move actions: an Attack action is gained "
                 "only while holding none, a Move action only while holding fewer than 2."),
    ("PT-COMBAT-1", "In the Combat phase, a character with an Attack action and the Initiative "
                    "may start a Combat with another character or a Bystander in its Location."),
    ("PT-COMBAT-2", "A Hero starts at most one Combat per Turn (Tacticians excepted)."),
    ("PT-COMBAT-3", "A Villain may start as many Combats as it has actions for, each against a "
                    "different target."),
    ("PT-COMBAT-10", "In the Attack step each combatant may Attack once per Attack action it "
                     "spends, with or without an Attack card."),
    ("PT-DIST-1", "Two Distances only: at Melee every Attack is allowed; at Ranged, Melee "
                  "Attacks are not."),
    ("PT-ATK-2", "Melee Attack: Melee Distance only. Body + Fighting against Body + Fighting or "
                 "Body + Agility; damage from Body to Physical Stress."),
    ("PT-ATK-3", "Ranged Attack: any Distance, needs Energy Projection. Mind + Energy "
                 "Projection against Body + Reflexes or Body + Flight; damage from Power."),
    ("PT-ATK-4", "Mental Attack: any Distance, needs Psyche. Mind + Psyche against Mind + "
                 "Resilience or Mind + Psyche; damage from Mind to Mental Stress."),
    ("PT-STATUS-7", "Stunned comes from a card effect: the character cannot Attack or Move, "
                    "but can still Defend."),
    ("PT-BEL-5", "Spend 1 Belief to play 1 Detail."),
    ("PT-BEL-6", "Spend 1 Belief, once per Turn, to gain 1 Attack action (never above 1)."),
    ("PT-HATE-7", "Spend 1 Hate, once per Turn, to gain 1 Attack action (never above 1)."),
    ("PT-HATE-8", "Spend 2 Hate: one Hero loses 1 Belief."),
    ("PT-ENER-2", "A character with no Social Stress left can hold no Energy."),
    ("PT-DETAIL-1", "A Detail costs 1 Belief and can be played in any phase but the End of "
                    "Turn; any number may be played in a Turn."),
)
CLAUSE_TEXT = dict(CLAUSES)

# every abbreviation the table shows, with what it means
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("Phys / Ment / Soc", "Physical, Mental and Social Stress: what is left of each "
                          "Resistance, shown as left/maximum (e.g. Phys 4/6)."),
    ("T2 (after a Stress value)", "2 Trauma counters in that Resistance."),
    ("Bel", "Belief (Heroes): spent on Details, extra Attacks, Automatic Successes."),
    ("Hate", "The Villains' resource, spent like Belief; lost at each End of Turn."),
    ("En", "Energy: Regenerates Stress, adds coins, powers abilities."),
    ("Qty 5/6", "A Mook group's Quantity: 5 left of the 6 printed on the card."),
    ("Act 2M 1A", "Combat actions left this Turn: 2 Move, 1 Attack."),
    ("Body · Mind · Charm · Power", "The four Attributes: the base of every pool."),
    ("Melee / Ranged", "The two Distances of a Combat (and two of the Attack types)."),
    ("Pool", "How many coins a roll flips."),
    ("Successes / Heads", "Each Heads coin is one Success."),
    ("Auto +1", "Automatic Successes, added after the coins are flipped."),
    ("Margin", "Successes beyond the other side's, or beyond the Difficulty."),
    ("Hit / Miss / Tie", "An Attack's verdict: strictly more Successes hits; a tie "
                         "defeats both sides, so nothing happens."),
    ("T/S 0/2", "A Weapon's damage bonus: Trauma / Stress (\"*\": it cannot cause "
                "Trauma)."),
    ("D 3  L 2", "A Bystander's Difficulty and Life."),
    ("Initiative", "Which side acts first in the current phase."),
    ("PT-ATK-4", "A rule's clause ID, as named in a refusal: click the refusal to read "
                 "the rule here."),
)

_CLAUSE = re.compile(r"^PT-([A-Z]+)")


def section_for(clause: str) -> str:
    """The anchor of the reference section a clause ID belongs to ("" if none)."""
    if (clause or "").startswith("MH-"):
        return MONSTER_HUNT[0]
    found = _CLAUSE.match(clause or "")
    if not found:
        return ""
    family = found.group(1)
    for anchor, _title, families, _paragraphs in SECTIONS:
        if family in families:
            return anchor
    return ""


@functools.cache
def catalogue() -> dict[str, dict[str, dict[str, str]]]:
    """The bundled clause texts: {"clauses": {ID: {"text"}}, "readings": {A-n: {"title",
    "text"}}}; empty if the asset is missing or broken (the reference then falls back to
    its sections)."""
    try:
        raw: Any = json.loads((resources.files("assets") / "rules" / "clauses.json")
                              .read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"clauses": {}, "readings": {}}
    if not isinstance(raw, dict):
        return {"clauses": {}, "readings": {}}
    return {key: {k: v for k, v in (raw.get(key) or {}).items()
                  if isinstance(v, dict) and isinstance(v.get("text"), str)}
            for key in ("clauses", "readings")}


def clause_text(clause: str) -> str:
    """The rule text of a clause ID (PT-… or A-…), "" if the reference has none."""
    data = catalogue()
    entry = data["clauses"].get(clause) or data["readings"].get(clause)
    return str(entry["text"]) if entry else ""


def anchor_for(clause: str) -> str:
    """Where a refusal's clause opens the reference: the clause itself when the reference
    has its text, else its family's section ("" if none)."""
    return clause if clause in CLAUSE_TEXT or clause_text(clause) else section_for(clause)


def _family(clause: str) -> str:
    found = _CLAUSE.match(clause)
    return found.group(1) if found else ""


def _clause_html(clause: str, rule: str) -> str:
    short = CLAUSE_TEXT.get(clause)
    head = f"<a name='{clause}'></a><b>{clause}</b> — "
    if short is None:
        return f"<p>{head}{escape(rule)}</p>"
    if not rule:
        return f"<p>{head}{short}</p>"
    return f"<p>{head}{short}<br><span style='color:gray'>{escape(rule)}</span></p>"


def reference_html() -> str:
    texts = {clause: entry["text"] for clause, entry in catalogue()["clauses"].items()}
    texts.update((clause, "") for clause in CLAUSE_TEXT if clause not in texts)
    parts = ["<h1>Rules reference</h1><p>The rules in short, as the app plays them, then "
             "each rule of the section by its clause ID (PT-…): a refusal names one, and "
             "clicking it opens here at that rule. [A-n] points to how the app reads an "
             "unclear passage (at the end).</p>"]
    for anchor, title, families, paragraphs in SECTIONS:
        parts.append(f"<h2><a name='{anchor}'></a>{title}</h2>")
        parts.append("<p style='color:gray'>Clauses: "
                     + ", ".join(f"PT-{f}" for f in families) + "</p>")
        parts.extend(f"<p>{p}</p>" for p in paragraphs)
        mine = [c for c in texts if _family(c) in families]
        mine.sort(key=lambda c: families.index(_family(c)))  # stable: catalogue order
        if mine:
            parts.append("<h3>Rule by rule</h3>")
            parts.extend(_clause_html(clause, texts[clause]) for clause in mine)
    anchor, title, paragraphs = MONSTER_HUNT
    parts.append(f"<h2><a name='{anchor}'></a>{title}</h2><p style='color:gray'>The second "
                 "game on the table. Clauses: MH-…, and the app's readings where its "
                 "rules are silent, MH-R-…</p>")
    parts.extend(f"<p>{p}</p>" for p in paragraphs)
    hunt = [c for c in texts if c.startswith("MH-")]
    if hunt:
        parts.append("<h3>Rule by rule</h3>")
        parts.extend(_clause_html(clause, texts[clause]) for clause in hunt)
    readings = catalogue()["readings"]
    if readings:
        parts.append("<h2><a name='readings'></a>How the app reads unclear passages</h2>"
                     "<p>Where the rulebook's text is garbled or silent, the app plays "
                     "this reading.</p>")
        parts.extend(f"<p><a name='{ident}'></a><b>{ident} — {escape(entry.get('title', ''))}"
                     f"</b>: {escape(entry['text'])}</p>" for ident, entry in readings.items())
    parts.append("<h2><a name='glossary'></a>Glossary</h2><table cellpadding='4'>")
    parts.extend(f"<tr><td><b>{term}</b></td><td>{meaning}</td></tr>"
                 for term, meaning in GLOSSARY)
    parts.append("</table>")
    return "".join(parts)
