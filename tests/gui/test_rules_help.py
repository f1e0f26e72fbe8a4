"""A first game without the rulebook (issue 14, section 4): the rules and a glossary in the
Help menu, and a refusal's clause opening its rule."""

from __future__ import annotations

import re

import pytest

from gui.qt import Qt
from gui.rules_help import GLOSSARY, SECTIONS, reference_html, section_for


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
    assert window.rules_dialog.anchor == "attacks"
    page.banner.show_message("Saved game.ptsave")  # a notice: clicks go to the table
    assert page.banner.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
