"""Card packs described for people: counts of cards by kind, and every pack error."""

from __future__ import annotations

import html
from typing import Any

from gui.words import count as counted

KIND_ORDER = ("hero", "villain", "mook", "equipment", "objective", "event", "twist", "detail",
              "location", "lair", "bystander", "combat", "reference")
KIND_LABEL = {"hero": "Heroes", "villain": "Villains", "mook": "Mooks",
              "equipment": "Equipment", "objective": "Objectives", "event": "Events",
              "twist": "Twists!", "detail": "Details", "location": "Locations",
              "lair": "Lairs", "bystander": "Bystanders", "combat": "Combat cards",
              "reference": "Reference cards"}


def counts_line(counts: dict[str, int]) -> str:
    kinds = sorted(counts, key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 99)
    return " · ".join(f"{counts[k]} {KIND_LABEL.get(k, k)}" for k in kinds if counts[k])


def counts_table(counts: dict[str, int], columns: int = 3) -> str:
    """Counts by kind as a small grid: easier to read across a room than one long line."""
    kinds = [k for k in sorted(counts, key=lambda k: KIND_ORDER.index(k)
                               if k in KIND_ORDER else 99) if counts[k]]
    cells = [f"<td align='right'><b>{counts[k]}</b></td>"
             f"<td>{html.escape(KIND_LABEL.get(k, k))}&nbsp;&nbsp;&nbsp;</td>" for k in kinds]
    rows = ["".join(cells[i:i + columns]) for i in range(0, len(cells), columns)]
    return ("<table cellspacing='4'>" + "".join(f"<tr>{r}</tr>" for r in rows)
            + "</table>")


def packs_html(catalog: Any) -> str:
    if catalog is None:
        return "Loading card packs…"
    parts: list[str] = []
    packs = list(getattr(catalog, "packs", []))
    total = sum(sum(p.counts.values()) for p in packs)
    parts.append(f"<p><b>{counted(len(packs), 'pack')}, {counted(total, 'card')}</b></p>")
    for pack in packs:
        origin = "bundled" if pack.bundled else "yours"
        count = sum(pack.counts.values())
        parts.append(f"<p><b>{html.escape(pack.name)}</b> ({html.escape(pack.id)}, {origin}): "
                     f"{counted(count, 'card')}</p>{counts_table(pack.counts)}")
    errors = list(getattr(catalog, "errors", []))
    if errors:
        parts.append(f"<p style='color:#c0392b'><b>{len(errors)} "
                     f"error{'s' if len(errors) != 1 else ''}</b> (those cards were skipped):</p>")
        items = "".join(f"<li>{html.escape(str(e))}</li>" for e in errors[:50])
        more = f"<li>… and {len(errors) - 50} more</li>" if len(errors) > 50 else ""
        parts.append(f"<ul style='color:#c0392b'>{items}{more}</ul>")
    else:
        parts.append("<p>No pack errors.</p>")
    return "".join(parts)
