"""The rule texts the app ships (assets/rules/clauses.json, written by
tools/build_clauses.py): every clause a refusal can name opens its own text in the rules
reference (issue 14, section 4)."""

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


@pytest.mark.skipif(not CATALOGUE.exists(), reason="the clause catalogue is not on this machine")
def test_the_shipped_asset_is_up_to_date_with_the_catalogue():
    fresh = _tool().parse(CATALOGUE.read_text(encoding="utf-8"))
    assert json.loads(ASSET.read_text(encoding="utf-8")) == fresh, (
        "run: python tools/build_clauses.py /work/shared/rules/clauses.md")
