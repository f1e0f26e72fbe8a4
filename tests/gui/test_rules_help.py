"""A first game without the rulebook (issue 14, section 4): the rules and a glossary in the
Help menu, and a refusal's clause opening its rule."""

from __future__ import annotations

import re

import pytest

from gui.qt import Qt, QtCore
from gui.rules_help import CLAUSES, GLOSSARY, SECTIONS, anchor_for, reference_html, section_for


def test_every_clause_family_the_engine_cites_has_a_section():
    """Each PT-… family raised by a RuleViolation in the engine opens a section."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "engine" / "plottwist"
    cited = set()
    for path in root.rglob("*.py"):
        cited |= set(re.findall(r'"PT-([A-Z]+)-\d+', path.read_text(encoding="utf-8")))
    assert cited, "no clause found: the pattern is wrong"
    missing = sorted(f for f in cited if not section_for(f"PT-{f}-1"))
    assert not missing, missing


def test_the_reference_covers_the_table_basics_and_every_abbreviation():
    html = reference_html()
    for words in ("Start of Turn", "Movement", "Maneuver", "Melee", "Ranged", "Mental",
                  "Social", "Stunned", "Prone", "Surprised", "Belief", "Energy", "Hate",
                  "A tie defeats both"):
        assert words in html, words
    terms = " ".join(term for term, _ in GLOSSARY)
    for abbreviation in ("Phys", "Ment", "Soc", "Bel", "En", "Qty", "Act 2M 1A", "T/S"):
        assert abbreviation in terms, abbreviation
    assert len({anchor for anchor, *_ in SECTIONS}) == len(SECTIONS)


def test_help_menu_opens_the_reference_and_the_glossary(make_window):
    window = make_window()
    titles = [a.text() for a in window.menuBar().actions()[-1].menu().actions()]
    assert "&Rules reference" in titles and "&Glossary" in titles
    window.act_glossary.trigger()
    dialog = window.rules_dialog
    assert dialog.isVisible() and dialog.anchor == "glossary"
    assert dialog.browser.verticalScrollBar().value() > 0  # scrolled down to it


pytest.importorskip("engine.plottwist.game")


def test_clicking_a_refusal_opens_its_rule(make_window, qtbot):
    from gui.games import GameSource

    window = make_window(GameSource())
    window.quick_game()
    page = window.table
    page.banner.show_message("Nothing to attack with", "PT-ATK-4")
    qtbot.mouseClick(page.banner, Qt.MouseButton.LeftButton)
    assert window.rules_dialog is not None and window.rules_dialog.isVisible()
    assert window.rules_dialog.anchor == "PT-ATK-4"  # at the rule itself
    page.banner.show_message("Saved game.ptsave")  # a notice: clicks go to the table
    assert page.banner.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)


def test_each_restated_clause_is_one_the_engine_cites_and_sits_in_its_section():
    """The reference restates real clause IDs (each raised somewhere in the engine), each
    once, under the section of its family."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "engine" / "plottwist"
    source = " ".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py"))
    html = reference_html()
    for clause, text in CLAUSES:
        assert re.search(rf"{clause}\b", source), clause
        assert html.count(f"<a name='{clause}'>") == 1, clause
        assert text in html, clause
        section = html.index(f"<a name='{section_for(clause)}'>")
        following = html.find("<h2>", section + 1)
        assert section < html.index(f"<a name='{clause}'>") < (following if following > 0
                                                                 else len(html)), clause
    assert anchor_for("PT-ACT-3") == "PT-ACT-3"
    assert anchor_for("PT-ATK-1") == "PT-ATK-1"  # not restated: the catalogue's text
    assert anchor_for("PT-ATK-99") == "attacks"  # no such clause: its family's section
    assert anchor_for("nonsense") == ""


def _top_line(dialog) -> str:
    browser = dialog.browser
    return browser.cursorForPosition(QtCore.QPoint(4, 4)).block().text()


def test_a_refusal_opens_at_its_clause_text_or_else_at_its_section(make_window, qtbot):
    from gui.games import GameSource

    window = make_window(GameSource())
    window.quick_game()
    page = window.table
    page.banner.show_message("Already holds 2 Move actions", "PT-ACT-3")
    qtbot.mouseClick(page.banner, Qt.MouseButton.LeftButton)
    dialog = window.rules_dialog
    qtbot.waitUntil(lambda: _top_line(dialog).startswith("PT-ACT-3"), timeout=2000)
    assert "2 Move actions" in _top_line(dialog)
    page.banner.show_message("No Attack of that type", "PT-ATK-99")  # no text for it
    qtbot.mouseClick(page.banner, Qt.MouseButton.LeftButton)
    assert dialog.anchor == "attacks"
    qtbot.waitUntil(lambda: _top_line(dialog) == "Attacks and their pools", timeout=2000)


def test_an_engine_refusal_opens_the_reference_at_its_own_rule_text(make_window, qtbot):
    """PT-COMBAT-8 (the two sides of a Combat agree to move on: only the
    combatants' controllers act) had no text of its own in the reference: the refusal
    the table gets for it now opens at that rule."""
    from engine.plottwist.actions import Pass
    from gui.games import GameSource
    from gui.rules_help import clause_text

    window = make_window(GameSource())
    window.quick_game()
    page = window.table
    controller = page.controller
    game = controller.game
    for _ in range(20):  # every seat passes until the Combat phase
        if game.view("table")["phase"] == "combat":
            break
        seat = next(s for s in controller.seats()
                    if any(a.kind == "pass" for a in game.legal_actions(s)))
        game.apply(next(a for a in game.legal_actions(seat) if a.kind == "pass"))
    seat = next(s for s in controller.seats()
                if any(a.kind == "initiate_combat" for a in game.legal_actions(s)))
    start = next(a for a in game.legal_actions(seat) if a.kind == "initiate_combat")
    controller.apply(start)
    combat = game.view("table")["combat"]
    fighters = {c["seat"] for c in game.view("table")["characters"]
                if c["id"] in (combat["attacker"], combat["defender"])}
    outsider = next(s for s in controller.seats() if s not in fighters)
    told: list[tuple[str, str]] = []
    controller.sig_message.connect(lambda text, clause: told.append((text, clause)))
    assert not controller.apply(Pass(outsider))
    assert told and told[-1][1] == "PT-COMBAT-8"
    assert "PT-COMBAT-8" not in dict(CLAUSES)  # not one of the short restatements
    assert page.banner.isVisible()
    qtbot.mouseClick(page.banner, Qt.MouseButton.LeftButton)
    dialog = window.rules_dialog
    assert dialog.anchor == "PT-COMBAT-8"
    qtbot.waitUntil(lambda: _top_line(dialog).startswith("PT-COMBAT-8"), timeout=2000)
    assert clause_text("PT-COMBAT-8")[:40] in _top_line(dialog)
    assert dialog.browser.textCursor().selectedText().startswith("PT-COMBAT-8 — ")



def test_monster_hunt_has_a_section_with_every_rule_by_its_clause():
    """Monster Hunt's refusals name MH-… clauses: each has its own text and anchor in the
    game's section (before, a click on one opened the top of the reference)."""
    assert section_for("MH-ENG-2") == "monsterhunt"
    assert anchor_for("MH-ENG-2") == "MH-ENG-2"
    assert anchor_for("MH-NOPE-9") == "monsterhunt"   # no text: the game's section
    html = reference_html()
    assert "<a name='monsterhunt'></a>Monster Hunt" in html
    for clause in ("MH-INIT-1", "MH-R-DONE", "MH-R-POW-RALLY", "MH-AUD-4"):
        assert f"<a name='{clause}'></a>" in html, clause
    assert html.index("<a name='monsterhunt'>") < html.index("<a name='MH-INIT-1'>")
