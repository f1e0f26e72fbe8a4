"""One pick of the New game wizard: a filtered card list, what is chosen, and why not.

The list shows every card of the loaded packs (bundled and the group's own) that may go in
this pick, each with a painted thumbnail, its kind and Color. The engine's per-pick check
(``engine.plottwist.setup_picks``) decides; a refused pick stays where it was and the
reason, with its clause, is shown beside the list. No modal dialogs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.plottwist.setup_picks import random_legal
from gui.plain_text import escape, plain_label, tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.table.card_face import KIND_TITLE, paint_card

Check = Callable[[list[Any], Any], Any]    # (chosen so far, card) -> RuleViolation | None

THUMB_W = 44
PREVIEW_W = 170
ALL = "__all__"
CARD_ROLE = Qt.ItemDataRole.UserRole


def face_of(card: Any) -> dict[str, Any]:
    return {"card": {**card.data, "kind": card.kind, "name": card.name}}


_THUMBS: dict[tuple[str, int], QtGui.QPixmap] = {}


def _pixmap(card: Any, width: int) -> QtGui.QPixmap:
    height = round(width * 1.4)
    pm = QtGui.QPixmap(width, height)
    pm.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pm)
    paint_card(painter, QtCore.QRectF(0, 0, width, height), face_of(card))
    painter.end()
    return pm


def thumbnail(card: Any, width: int = THUMB_W) -> QtGui.QPixmap:
    """The card's painted face (gui.table.card_face), cached per card and size."""
    key = (card.key, width)
    if key not in _THUMBS:
        _THUMBS[key] = _pixmap(card, width)
    return _THUMBS[key]


def kind_title(card: Any) -> str:
    return KIND_TITLE.get(card.kind, card.kind.capitalize())


def row_text(card: Any) -> str:
    bits = [kind_title(card), str(card.color)]
    if card.card_class:
        bits.append(card.card_class)
    pack = str(getattr(card, "pack", ""))
    if pack and pack != "core":
        bits.append(f"pack: {pack}")
    return f"{card.display_name}\n{' · '.join(bits)}"


def refusal_text(err: Any) -> str:
    return f"{err.clause}: {err.message}"


def keywords_of(card: Any) -> list[str]:
    return [str(k) for k in card.keywords]


class PickPanel(QtWidgets.QWidget):
    """Choose `capacity` cards (or exactly one with `single`) from `pool`."""

    changed = Signal()

    def __init__(self, title: str, pool: Sequence[Any], check: Check, *, capacity: int | None,
                 single: bool = False, repeats: bool = False, fill_to: int | None = None,
                 rng: random.Random | None = None, note: str = "",
                 wants: Callable[[], Mapping[str, int]] | None = None,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.pool = sorted(pool, key=lambda c: (c.kind, c.name.casefold(), c.key))
        self.check = check
        self.capacity = 1 if single else capacity
        self.single = single
        self.repeats = repeats
        self.fill_to = fill_to if fill_to is not None else (self.capacity or 1)
        self.rng = rng or random.Random()
        self.wants = wants      # kinds Fill at random puts in first (the GM's Objective)
        self.chosen: list[Any] = []
        self.subtitle = ""
        self.setObjectName("pickPanel")
        self.setAccessibleName(title)

        self.heading = QtWidgets.QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # a template; data escaped
        self.heading.setObjectName("pickHeading")
        self.search = QtWidgets.QLineEdit()
        self.search.setPlaceholderText("Search name or text…")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(160)
        self.kind_filter = self._combo("All kinds", sorted({c.kind for c in self.pool}),
                                       lambda k: KIND_TITLE.get(k, k.capitalize()))
        self.color_filter = self._combo("All colours", sorted({str(c.color) for c in self.pool}))
        words = sorted({k for c in self.pool for k in keywords_of(c)}, key=str.casefold)
        self.keyword_filter = self._combo("All keywords", words)
        for w in (self.kind_filter, self.color_filter, self.keyword_filter):
            w.currentIndexChanged.connect(self.refresh)
        self.search.textChanged.connect(self.refresh)
        if len({c.kind for c in self.pool}) < 2:
            self.kind_filter.hide()

        self.available = QtWidgets.QListWidget()
        self.available.setObjectName("available")
        self.available.setAccessibleName(f"{title}: cards you can pick")
        self.available.setIconSize(QtCore.QSize(THUMB_W, round(THUMB_W * 1.4)))
        self.available.setUniformItemSizes(True)
        self.available.itemDoubleClicked.connect(lambda _i: self.add_current())
        self.available.currentItemChanged.connect(lambda cur, _p: self._preview(cur))
        self.chosen_list = QtWidgets.QListWidget()
        self.chosen_list.setObjectName("chosen")
        self.chosen_list.setAccessibleName(f"{title}: chosen")
        self.chosen_list.setIconSize(QtCore.QSize(THUMB_W, round(THUMB_W * 1.4)))
        self.chosen_list.itemDoubleClicked.connect(lambda _i: self.remove_current())
        self.chosen_list.currentItemChanged.connect(lambda cur, _p: self._preview(cur))

        self.add_button = QtWidgets.QPushButton("Choose →" if single else "Add →")
        self.add_button.setObjectName("add")
        self.add_button.clicked.connect(self.add_current)
        self.remove_button = QtWidgets.QPushButton("← Remove")
        self.remove_button.setObjectName("remove")
        self.remove_button.clicked.connect(self.remove_current)
        self.random_button = QtWidgets.QPushButton("Fill at random")
        self.random_button.setObjectName("fillRandom")
        self.random_button.setToolTip("Complete this pick with random cards the rules allow")
        self.random_button.clicked.connect(self.fill_random)
        self.clear_button = QtWidgets.QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)

        self.refusal = plain_label()  # quotes card names
        self.refusal.setObjectName("refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #a01818; font-weight: bold;")
        self.refusal.setAccessibleName("Why that card was refused")
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview = QtWidgets.QLabel()
        self.preview.setObjectName("preview")
        self.preview.setFixedSize(PREVIEW_W, round(PREVIEW_W * 1.4))
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview_caption = plain_label()
        self.preview_caption.setObjectName("previewCaption")
        self.note = plain_label(note)
        self.note.setObjectName("pickNote")
        self.note.setWordWrap(True)
        self.note.setVisible(bool(note))
        self.note.setStyleSheet("background: #fff3c4; color: #4a3b00; padding: 4px;")

        filters = QtWidgets.QHBoxLayout()
        filters.addWidget(self.search, 2)
        filters.addWidget(self.kind_filter, 1)
        filters.addWidget(self.color_filter, 1)
        filters.addWidget(self.keyword_filter, 1)
        buttons = QtWidgets.QVBoxLayout()
        buttons.addStretch(1)
        for b in (self.add_button, self.remove_button, self.random_button, self.clear_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        chosen_box = QtWidgets.QVBoxLayout()
        self.chosen_label = plain_label()
        chosen_box.addWidget(self.chosen_label)
        chosen_box.addWidget(self.chosen_list, 0 if single else 1)
        if single:
            self.chosen_list.setFixedHeight(round(THUMB_W * 1.4) + 16)
            chosen_box.addStretch(1)
        side = QtWidgets.QVBoxLayout()
        side.addWidget(self.refusal)
        side.addWidget(self.note)
        side.addWidget(self.preview_caption)
        side.addWidget(self.preview)
        side.addStretch(1)
        lists = QtWidgets.QHBoxLayout()
        avail_box = QtWidgets.QVBoxLayout()
        avail_box.addLayout(filters)
        avail_box.addWidget(self.available, 1)
        lists.addLayout(avail_box, 3)
        lists.addLayout(buttons)
        lists.addLayout(chosen_box, 2)
        side_w = QtWidgets.QWidget()
        side_w.setLayout(side)
        side_w.setFixedWidth(PREVIEW_W + 20)
        lists.addWidget(side_w)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addLayout(lists, 1)
        self._sync()        # the owner calls refresh() once the checks can run

    # ------------------------------------------------------------------ building
    def _combo(self, everything: str, values: list[str],
               label: Callable[[str], str] = str) -> QtWidgets.QComboBox:
        box = QtWidgets.QComboBox()
        box.addItem(everything, ALL)
        for v in values:
            box.addItem(label(v), v)
        return box

    def _item(self, card: Any) -> QtWidgets.QListWidgetItem:
        item = QtWidgets.QListWidgetItem(QtGui.QIcon(thumbnail(card)), row_text(card))
        item.setData(CARD_ROLE, card)
        item.setToolTip(tooltip(card.text or card.display_name))
        return item

    # ------------------------------------------------------------------ filters
    def matches(self, card: Any) -> bool:
        kind = self.kind_filter.currentData()
        col = self.color_filter.currentData()
        kw = self.keyword_filter.currentData()
        text = self.search.text().strip().casefold()
        if kind not in (ALL, None) and card.kind != kind:
            return False
        if col not in (ALL, None) and str(card.color) != col:
            return False
        if kw not in (ALL, None) and kw not in keywords_of(card):
            return False
        if text and text not in card.display_name.casefold() and text not in card.text.casefold():
            return False
        return True

    def refresh(self) -> None:
        """Rebuild the list of cards; those the rules refuse now are greyed, with the reason."""
        current = self.available.currentItem()
        keep = current.data(CARD_ROLE).key if current is not None else None
        self.available.clear()
        base = [] if self.single else self.chosen
        full = not self.single and self.capacity is not None and len(base) >= self.capacity
        for card in self.pool:
            if not self.matches(card):
                continue
            item = self._item(card)
            err = None if full else self.check(base, card)   # full: nothing to grey out
            if err is not None:
                item.setForeground(QtGui.QBrush(QtGui.QColor("#8a8a8a")))
                item.setText(f"{item.text()}\n✗ not allowed here ({err.clause})")
                item.setToolTip(tooltip(f"Refused now — {refusal_text(err)}"))
            self.available.addItem(item)
            if card.key == keep:
                self.available.setCurrentItem(item)

    # ------------------------------------------------------------------ picking
    def card_at(self, text: str) -> QtWidgets.QListWidgetItem | None:
        """The available item whose card is named `text` (tests and accessibility)."""
        for i in range(self.available.count()):
            item = self.available.item(i)
            card = item.data(CARD_ROLE)
            if card.name == text or card.display_name == text or card.key == text:
                return item
        return None

    def add_current(self) -> None:
        item = self.available.currentItem()
        if item is None:
            self.refusal.setText("Select a card in the list first.")
            return
        self.pick(item.data(CARD_ROLE))

    def pick(self, card: Any) -> bool:
        """Add `card` if the rules allow it; otherwise say why, in place."""
        base = [] if self.single else self.chosen
        err = self.check(base, card)
        if err is None and not self.repeats and not self.single and any(
                c is card for c in self.chosen):
            self.refusal.setText(f"{card.display_name} is already chosen.")
            return False
        if err is not None:
            self.refusal.setText(f"Refused: {refusal_text(err)}")
            self.refusal.setToolTip(tooltip(refusal_text(err)))
            return False
        self.refusal.setText("")
        self.chosen = [card] if self.single else [*self.chosen, card]
        self._after_change()
        return True

    def remove_current(self) -> None:
        row = self.chosen_list.currentRow()
        if row < 0:
            row = self.chosen_list.count() - 1
        if row < 0:
            return
        del self.chosen[row]
        self.refusal.setText("")
        self._after_change()

    def clear(self) -> None:
        self.chosen = []
        self.refusal.setText("")
        self._after_change()

    def fill_random(self) -> None:
        """Top the pick up with random cards the same checks accept."""
        if self.single:
            options = [c for c in self.pool if self.check([], c) is None]
            if options:
                self.chosen = [self.rng.choice(options)]
        else:
            size = max(self.fill_to, len(self.chosen))
            check = self.check if self.repeats else self._no_repeat_check
            self.chosen = random_legal(self.rng, self.pool, self.chosen, size, check,
                                       self.wants() if self.wants else None)
        if not self.chosen or (not self.single and len(self.chosen) < self.fill_to):
            self.refusal.setText("Not enough cards the rules allow here in the loaded packs.")
        else:
            self.refusal.setText("")
        self._after_change()

    def _no_repeat_check(self, chosen: list[Any], card: Any) -> Any:
        if any(c is card for c in chosen):
            return _Taken()
        return self.check(chosen, card)

    def set_chosen(self, cards: list[Any]) -> None:
        self.chosen = list(cards)
        self._after_change()

    def revalidate(self) -> None:
        """Drop what an earlier choice made illegal (a new Hero's Color, say), and say so."""
        kept: list[Any] = []
        dropped: list[str] = []
        for card in self.chosen:
            err = self.check([] if self.single else kept, card)
            if err is None:
                kept.append(card)
            else:
                dropped.append(f"{card.display_name} ({refusal_text(err)})")
        if dropped:
            self.chosen = kept
            self.refusal.setText("Taken out: " + "; ".join(dropped))
        self._after_change(emit=bool(dropped))

    def _after_change(self, emit: bool = True) -> None:
        self._sync()
        self.refresh()
        if emit:
            self.changed.emit()

    def _sync(self) -> None:
        self.chosen_list.clear()
        for card in self.chosen:
            self.chosen_list.addItem(self._item(card))
        if self.single:
            count = "chosen" if self.chosen else "not chosen yet"
        elif self.capacity and len(self.chosen) >= self.capacity:
            count = f"{len(self.chosen)}/{self.capacity}, complete (remove one to change it)"
        elif self.capacity:
            count = f"{len(self.chosen)}/{self.capacity}"
        else:
            count = f"{len(self.chosen)} chosen (optional)"
        sub = f" for <b>{escape(self.subtitle)}</b>" if self.subtitle else ""
        self.heading.setText(f"<b>{escape(self.title)}</b>{sub} — {escape(count)}")
        short = f"{len(self.chosen)}/{self.capacity}" if self.capacity else str(len(self.chosen))
        self.chosen_label.setText("Chosen" if self.single else f"Chosen ({short})")
        self.remove_button.setEnabled(bool(self.chosen))
        full = self.capacity is not None and len(self.chosen) >= self.capacity
        self.random_button.setEnabled(not full or self.single)
        if self.chosen_list.count():
            self.chosen_list.setCurrentRow(self.chosen_list.count() - 1)
        else:
            self.preview.clear()
            self.preview_caption.setText("")

    def _preview(self, item: QtWidgets.QListWidgetItem | None) -> None:
        if item is None:
            return
        card = item.data(CARD_ROLE)
        self.preview.setPixmap(thumbnail(card, PREVIEW_W))
        taken = any(c is card for c in self.chosen)
        self.preview_caption.setText("Chosen:" if taken else "Looking at (not chosen):")

    def status(self) -> str:
        """A short count for a tab label: "3/5", "✓", or "" for an optional pick."""
        if self.single:
            return "✓" if self.chosen else ""
        if self.capacity is None:
            return str(len(self.chosen)) if self.chosen else ""
        return "✓" if self.is_complete() else f"{len(self.chosen)}/{self.capacity}"

    def is_complete(self) -> bool:
        if self.single:
            return bool(self.chosen)
        return self.capacity is None or len(self.chosen) == self.capacity

    def value(self) -> Any:
        return (self.chosen[0] if self.chosen else None) if self.single else list(self.chosen)


class _Taken:
    clause = ""
    message = "already chosen"


def cards_of(catalog: Any, kinds: Sequence[str]) -> list[Any]:
    """Every card of these kinds in the catalog: all loaded packs, bundled and the user's."""
    cards = catalog.values() if hasattr(catalog, "values") else iter(catalog)
    return [c for c in cards if c.kind in kinds]
