"""Grab each wizard step offscreen to docs/screenshots/wizard-*.png.

    QT_QPA_PLATFORM=offscreen python -m gui.wizard.screenshots [out_dir]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from gui.qt import QtWidgets


def grab_all(out: Path) -> list[Path]:
    from engine.catalog import Catalog
    from gui.wizard import NewGameWizard

    catalog = Catalog.load(include_user=False)
    w = NewGameWizard(catalog, rng=random.Random(7))
    w.show()
    app = QtWidgets.QApplication.instance()
    saved: list[Path] = []

    def shot(name: str) -> None:
        assert app is not None
        app.processEvents()
        path = out / f"wizard-{name}.png"
        w.grab().save(str(path))
        saved.append(path)

    def pick(panel: Any, name: str) -> None:
        item = panel.card_at(name)
        panel.available.setCurrentItem(item)
        panel.add_current()

    pick(w.villain, "Grist")
    shot("1-villain")
    pick(w.mooks, "Furnace Hands")
    w.location.fill_random()
    w.villain_equipment.fill_random()
    w.gm_tabs.setCurrentWidget(w.objective)
    pick(w.objective, "Foreclose the City")          # refused: needs Magistra Vell
    shot("1-objective-refused")
    w.objective.fill_random()
    shot("1-objective")
    w.next()
    w.players.setValue(3)
    pick(w.hero_panels["p1"], "Vesper Quill")
    pick(w.hero_equipment["p1"], "Breaker Maul")    # refused: Red, Vesper is White
    shot("2-heroes")
    for seat in ("p1", "p2", "p3"):
        w.hero_panels[seat].fill_random()
        w.hero_equipment[seat].fill_random()
    w.next()
    w.plot_tabs.setCurrentWidget(w.plot_panels["p1"])
    pick(w.plot_panels["p1"], "Deep Breath")
    pick(w.plot_panels["p1"], "Deep Breath")        # refused: PT-PLOT-1
    shot("3-plot-hands")
    for seat in ("gm", "p1", "p2", "p3"):
        w.plot_panels[seat].fill_random()
    w.next()
    w.deck_tabs.setCurrentWidget(w.deck_panels["p1"])
    shot("4-combat-decks")
    for seat in ("gm", "p1", "p2", "p3"):
        w.deck_panels[seat].fill_random()
    w.next()
    w.twists.fill_random()
    shot("5-twists")
    w.next()
    w.events.fill_random()
    shot("6-events")
    w.next()
    shot("7-belief-hate")
    w.next()
    shot("8-start")
    w.close()
    return saved


def main() -> None:
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv[:1])
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    for path in grab_all(out):
        print(path)
    del app


if __name__ == "__main__":
    main()
