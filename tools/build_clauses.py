"""Write assets/rules/clauses.json from the project's clause catalogues.

Plot Twist's catalogue (clauses.md) restates the rulebook clause by clause (PT-… IDs) and
gives a reading for each garbled passage (A-1 …); Monster Hunt's (docs/rules/monsterhunt.md,
in this repository) has a table row per clause (MH-…, and its readings MH-R-…). The app's
rules reference shows each clause's own text, so a refusal that cites "PT-COMBAT-8" or
"MH-ENG-2" opens at that rule; the app does not ship the Markdown, only this asset of
plain strings (emphasis and code marks removed), which it shows as plain text.

    python tools/build_clauses.py /work/shared/rules/clauses.md

Run it again whenever a catalogue changes, and commit the asset it writes;
tests/test_clauses_asset.py checks that every clause the engines cite has its text.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSET = ROOT / "assets" / "rules" / "clauses.json"
MONSTER_HUNT = ROOT / "docs" / "rules" / "monsterhunt.md"

_CLAUSE_LINE = re.compile(r"^- \*\*(PT-[A-Z]+-\d+)\*\*\s*[—-]\s*(.+)$")
_READING_LINE = re.compile(r"^\*\*(A-\d+)\s*[—-]\s*(.+?)\*\*\s*(.*)$")
_READING_PART = re.compile(r"Reading:\s*(.*?)(?:\s+Reason:|\s+Affects\b|$)", re.S)
_STRONG = re.compile(r"\*\*(.+?)\*\*")
# *word* is emphasis; a lone "*" (the Energy glyph, a Weapon's "cannot" slot) is text
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\w)([^*]+?)(?<=[\w.!?)])\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")
# a Monster Hunt clause: a table row "| MH-INIT-1 | In any order … |"
_TABLE_ROW = re.compile(r"^\|\s*(MH-[A-Z0-9-]+)\s*\|\s*(.+?)\s*\|\s*$")


def plain(markdown: str) -> str:
    """The words of one Markdown line without its emphasis and code marks."""
    text = _CODE.sub(r"\1", markdown)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return " ".join(text.split())


def parse(markdown: str) -> dict[str, dict[str, dict[str, str]]]:
    """{"clauses": {ID: {"text"}}, "readings": {A-n: {"title", "text"}}}, in catalogue
    order. A reading keeps what the engine plays ("Reading: …"), not the garbled source
    it quotes."""
    clauses: dict[str, dict[str, str]] = {}
    readings: dict[str, dict[str, str]] = {}
    for line in markdown.splitlines():
        line = line.strip()
        found = _CLAUSE_LINE.match(line)
        if found:
            clauses[found.group(1)] = {"text": plain(found.group(2))}
            continue
        found = _READING_LINE.match(line)
        if found:
            ident, title, rest = found.groups()
            part = _READING_PART.search(rest)
            readings[ident] = {"title": plain(title).rstrip("."),
                               "text": plain(part.group(1) if part else rest)}
    return {"clauses": clauses, "readings": readings}


def parse_table(markdown: str) -> dict[str, dict[str, str]]:
    """{MH-ID: {"text"}} of each table row that names a Monster Hunt clause, in order."""
    clauses: dict[str, dict[str, str]] = {}
    for line in markdown.splitlines():
        found = _TABLE_ROW.match(line.strip())
        if found:
            clauses[found.group(1)] = {"text": plain(found.group(2))}
    return clauses


def build(plot_twist: str, monster_hunt: str) -> dict[str, dict[str, dict[str, str]]]:
    """The asset: Plot Twist's clauses and readings, then Monster Hunt's clauses."""
    data = parse(plot_twist)
    data["clauses"].update(parse_table(monster_hunt))
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("catalogue", type=Path, help="clauses.md")
    parser.add_argument("--monster-hunt", type=Path, default=MONSTER_HUNT,
                        help="Monster Hunt's catalogue (default: docs/rules/monsterhunt.md)")
    parser.add_argument("--out", type=Path, default=ASSET)
    args = parser.parse_args(argv)
    data = build(args.catalogue.read_text(encoding="utf-8"),
                 args.monster_hunt.read_text(encoding="utf-8"))
    if not data["clauses"]:
        print(f"no clause found in {args.catalogue}", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    print(f"{args.out}: {len(data['clauses'])} clauses, {len(data['readings'])} readings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
