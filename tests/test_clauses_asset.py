"""The rule texts the app ships (assets/rules/clauses.json, written by
tools/build_clauses.py): every clause a refusal can name — Plot Twist's PT-… and Monster
Hunt's MH-… — opens its own text in the rules reference (issue 14, section 4)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ASSET = ROOT / "assets" / "rules" / "clauses.json"
CATALOGUE = Path("/work/shared/rules/clauses.md")  # the project's catalogue, when at hand


def _tool():
    spec = importlib.util.spec_from_file_location("build_clauses",
                                                  ROOT / "tools" / "build_clauses.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cited() -> set[str]:
    """Every PT-… ID named in the Plot Twist engine and the GUI: refusals, and the
    clauses the GUI names itself."""
    found: set[str] = set()
    for folder in ("engine/plottwist", "gui"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= set(re.findall(r"PT-[A-Z]+-\d+", path.read_text(encoding="utf-8")))
    return found


def test_every_clause_the_engine_can_cite_has_its_own_text():
    data = json.loads(ASSET.read_text(encoding="utf-8"))
    cited = _cited()
    assert len(cited) > 150, "the clause pattern finds too few IDs"
    missing = sorted(c for c in cited if not data["clauses"].get(c, {}).get("text"))
    assert not missing, missing
    for ident in {r for c in data["clauses"].values() for r in re.findall(r"A-\d+", c["text"])}:
        assert data["readings"][ident]["text"], ident  # every [A-n] a clause points to


def test_the_texts_are_plain_words_without_markdown():
    tool = _tool()
    data = tool.parse(
        "## 2. Terminology — `PT-TERM`\n\n"
        "- **PT-TERM-9** — A *Hero* is `PT-X`; **bold** stays words; \"*\" means none.\n"
        "**A-7 — A title.** Source: \"garbled\". Reading: the *app* plays this. Reason: why. "
        "Affects PT-TERM-9.\n")
    assert data["clauses"] == {
        "PT-TERM-9": {"text": "A Hero is PT-X; bold stays words; \"*\" means none."}}
    assert data["readings"] == {"A-7": {"title": "A title", "text": "the app plays this."}}


def _hunt_cited() -> set[str]:
    """Every MH-… ID a Monster Hunt refusal can name: each one the engine and the GUI
    write as a string (RuleViolation("MH-ENG-2", …), a clause handed on to a helper)."""
    found: set[str] = set()
    for folder in ("engine/monsterhunt", "gui"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= set(re.findall(r"[\"'](MH-[A-Z0-9-]+)[\"']",
                                    path.read_text(encoding="utf-8")))
    return found


def test_every_monster_hunt_clause_a_refusal_can_cite_has_its_own_text():
    data = json.loads(ASSET.read_text(encoding="utf-8"))
    cited = _hunt_cited()
    assert {"MH-ENG-2", "MH-R-DONE", "MH-R-POW-RALLY"} <= cited, "the pattern finds too few"
    missing = sorted(c for c in cited if not data["clauses"].get(c, {}).get("text"))
    assert not missing, missing
    # the catalogue's own words, without their Markdown
    assert data["clauses"]["MH-ENG-2"]["text"] == (
        "The GM may only target players who have face-down cards in front of them.")
    assert data["clauses"]["MH-R-POW-AIM"]["text"].startswith("Reading. Aim n: once per round")


def test_a_monster_hunt_table_row_is_one_clause():
    tool = _tool()
    rows = tool.parse_table("| ID | Rule |\n|---|---|\n"
                            "| MH-R-POW-AIM | Reading. **Aim *n***: `x` once. |\n"
                            "| pair | 1 hit | |\n")
    assert rows == {"MH-R-POW-AIM": {"text": "Reading. Aim n: x once."}}


@pytest.mark.skipif(not CATALOGUE.exists(), reason="the clause catalogue is not on this machine")
def test_the_shipped_asset_is_up_to_date_with_the_catalogue():
    tool = _tool()
    fresh = tool.build(CATALOGUE.read_text(encoding="utf-8"),
                       tool.MONSTER_HUNT.read_text(encoding="utf-8"))
    assert json.loads(ASSET.read_text(encoding="utf-8")) == fresh, (
        "run: python tools/build_clauses.py /work/shared/rules/clauses.md")
