"""New game: how many Heroes, and a deal to look at before sitting down.

The engine deals a whole legal setup from a seed (Villain, Mooks, Location, Heroes, their
hands and decks); the GM looks at the deal and may deal again until it suits the group.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gui.qt import QtWidgets

Deal = Callable[[int, int], Any]   # (heroes, seed) -> game


def describe_deal(view: dict[str, Any]) -> str:
    chars = view.get("characters") or []
    villains = [c.get("name", "?") for c in chars if c.get("role") == "villain"]
    mooks = [c.get("name", "?") for c in chars if c.get("role") == "mook"]
    heroes = [f"{str(c.get('seat', '')).upper()}: {c.get('name', '?')}" for c in chars
              if c.get("side") == "heroes"]
    place = ((view.get("location") or {}).get("card") or {}).get("name", "?")
    lines = [f"Villain: {', '.join(villains) or '—'}", f"Mooks: {', '.join(mooks) or '—'}",
             f"Location: {place}", "Heroes:", *[f"    {h}" for h in heroes]]
    return "\n".join(lines)


class NewGameDialog(QtWidgets.QDialog):
    def __init__(self, parent: QtWidgets.QWidget | None = None, deal: Deal | None = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self._deal = deal
        self._rng = rng or random.Random()
        self.game: Any = None
        self.hero_count = QtWidgets.QSpinBox()
        self.hero_count.setRange(1, 4)
        self.hero_count.setValue(3)
        self.seed_edit = QtWidgets.QLineEdit()
        self.seed_edit.setPlaceholderText("random")
        self.preview = QtWidgets.QLabel("")
        self.preview.setObjectName("dealPreview")
        self.preview.setWordWrap(True)
        self.preview.setMinimumWidth(360)
        self.deal_button = QtWidgets.QPushButton("Deal again")
        self.deal_button.clicked.connect(lambda: self.deal(new_seed=True))
        self.hero_count.valueChanged.connect(lambda _n: self.deal())
        self.seed_edit.editingFinished.connect(self.deal)
        form = QtWidgets.QFormLayout()
        form.addRow("Heroes (one per Player)", self.hero_count)
        form.addRow("Coin seed", self.seed_edit)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                             | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.deal_button, QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(QtWidgets.QLabel(
            "The GM plays the Villain; each Player gets a Hero with its Equipment, Plots and "
            "Combat deck."))
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(buttons)
        if deal is None:
            self.deal_button.hide()
        else:
            self.deal()

    def heroes(self) -> int:
        return self.hero_count.value()

    def seed(self) -> int | None:
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() else None

    def deal(self, new_seed: bool = False) -> None:
        if self._deal is None:
            return
        if new_seed or self.seed() is None:
            self.seed_edit.setText(str(self._rng.randrange(1, 2**31)))
        seed = self.seed()
        assert seed is not None
        try:
            self.game = self._deal(self.heroes(), seed)
        except Exception as e:  # a catalog too small for this many Heroes, say
            self.game = None
            self.preview.setText(f"Cannot deal this game: {e}")
            return
        self.preview.setText(describe_deal(self.game.view("gm")))
