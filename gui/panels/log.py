"""The game log dock: every line the viewer may read, filterable by character and kind.

The lines come from the view (the engine already gives each viewer its own text: a
private line reads as its public form to everyone outside `visible_to`). The view's log
is plain text, so the kind and the characters of a line are learnt from the events the
controller passes on after each action; a line from before this session (a loaded save)
gets its kind from a few words of its text, or "Other".
"""

from __future__ import annotations

from typing import Any

from gui.plain_text import tooltip
from gui.qt import QtWidgets
from gui.words import count, log_line

ALL = ""  # the combo boxes' "no filter" entry
KIND_TITLES = {"gm_ruling": "GM ruling", "game_over": "Game over", "hit": "Hits",
               "miss": "Misses", "roll": "Rolls", "damage": "Damage", "phase": "Phases",
               "step": "Combat steps", "play": "Cards played", "status": "Statuses",
               "computer": "Computer players", "other": "Other"}
# a loaded game's lines carry no kind: a few telling words stand in for it
GUESSES = (("Turn ", "phase"), ("GM ruling", "gm_ruling"), (" rolls ", "roll"),
           (" coins", "roll"), ("Stress", "damage"), (" plays ", "play"), (" passes", "step"))


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, kind.replace("_", " ").capitalize())


def guess_kind(line: str) -> str:
    for words, kind in GUESSES:
        if (line.startswith(words) if words == "Turn " else words in line):
            return kind
    return "other"


class LogPanel(QtWidgets.QWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("logPanel")
        self.viewer = "table"
        self.lines: list[str] = []
        self.characters: dict[str, list[str]] = {}  # id -> names a line may call it by
        self._kinds: dict[str, str] = {}            # line text -> event kind
        self._who: dict[str, set[str]] = {}         # line text -> character ids in its data
        self._private: dict[str, tuple[str, ...]] = {}  # line text -> the seats it is for

        self.character_box = QtWidgets.QComboBox()
        self.character_box.setObjectName("logCharacter")
        self.character_box.setAccessibleName("Show the lines of")
        self.character_box.setToolTip("Only the lines about one character")
        self.kind_box = QtWidgets.QComboBox()
        self.kind_box.setObjectName("logKind")
        self.kind_box.setAccessibleName("Show lines of the kind")
        self.kind_box.setToolTip("Only one kind of line: rolls, damage, statuses…")
        for box in (self.character_box, self.kind_box):
            box.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.setMinimumContentsLength(8)
            box.currentIndexChanged.connect(self._refilter)
        self.count = QtWidgets.QLabel("")
        self.count.setObjectName("logCount")
        self.list = QtWidgets.QListWidget()
        self.list.setObjectName("gameLog")
        self.list.setAccessibleName("Game log")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(1)  # wrapped lines otherwise run into the next one
        # the log follows its newest line until the reader scrolls up: a seat switch (the
        # list hidden and shown again) or a resize re-wraps the lines and changes the
        # scroll range, which would otherwise leave the view on an old line
        self._follow = True
        bar = self.list.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

        filters = QtWidgets.QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.character_box, 1)
        filters.addWidget(self.kind_box, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.count)
        self._fill_box(self.character_box, "Everyone", [])
        self._fill_box(self.kind_box, "All kinds", [])

    # ------------------------------------------------------------ input
    def show_view(self, view: dict[str, Any]) -> None:
        self.viewer = str(view.get("viewer", "table"))
        self.lines = [str(line) for line in view.get("log") or []]
        self.characters = {}
        # Plot Twist's characters; a game of fighters (Monster Hunt) lists heroes and enemies
        for ch in [*(view.get("characters") or []), *(view.get("heroes") or []),
                   *(view.get("enemies") or [])]:
            name = str(ch.get("name") or (ch.get("card") or {}).get("name") or "")
            if ch.get("id") and name:
                # "Dr. Grimm - Mad Scientist" is often logged as "Dr. Grimm"
                self.characters[str(ch["id"])] = sorted({name, name.split(" - ")[0]}, key=len)
        self._fill_box(self.character_box, "Everyone",
                       [(names[-1], ident) for ident, names in self.characters.items()])
        self._refresh_kinds()

    def add_events(self, events: list[Any]) -> None:
        """Learn each event's kind and characters, under the text this viewer reads."""
        for event in events:
            kind = str(getattr(event, "kind", "") or "other")
            data = getattr(event, "data", None) or {}
            who = {str(v) for v in data.values() if isinstance(v, str)}
            seats = getattr(event, "visible_to", None)
            texts = [str(getattr(event, "text", "") or "")]
            public = getattr(event, "text_public", None)
            if seats is not None and public:
                texts.append(str(public))
            for text in texts:
                if text:
                    self._kinds[text] = kind
                    self._who[text] = who
            if seats is not None and texts[0]:
                self._private[texts[0]] = tuple(str(s) for s in seats)
        self._refresh_kinds()

    def add_kinds(self, texts: set[str], kind: str) -> None:
        """Lines that come from the table, not from an engine event (a computer player's
        reason): their kind, for the filter."""
        for text in texts:
            self._kinds[text] = kind

    # ------------------------------------------------------------ reading
    def kind_of(self, line: str) -> str:
        return self._kinds.get(line) or guess_kind(line)

    def mentions(self, line: str, char_id: str) -> bool:
        if char_id in self._who.get(line, ()):
            return True
        return any(name and name in line for name in self.characters.get(char_id, []))

    def shown(self) -> list[str]:
        """The lines the filters let through, oldest first."""
        char_id = self.character_box.currentData() or ALL
        kind = self.kind_box.currentData() or ALL
        return [line for line in self.lines
                if (not kind or self.kind_of(line) == kind)
                and (not char_id or self.mentions(line, char_id))]

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    # ------------------------------------------------------------ following
    def _scrolled(self, value: int) -> None:
        self._follow = value >= self.list.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.list.verticalScrollBar().setValue(high)

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._follow:
            self.list.scrollToBottom()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._follow:
            self.list.scrollToBottom()

    # ------------------------------------------------------------ drawing
    @staticmethod
    def _fill_box(box: QtWidgets.QComboBox, everyone: str,
                  entries: list[tuple[str, str]]) -> None:
        """Refill a filter keeping its choice, even while that choice has no lines."""
        keep = box.currentData() or ALL
        box.blockSignals(True)
        box.clear()
        box.addItem(everyone, ALL)
        for title, data in entries:
            box.addItem(title, data)
        index = box.findData(keep)
        box.setCurrentIndex(index if index >= 0 else 0)
        box.blockSignals(False)

    def _refresh_kinds(self) -> None:
        kinds = sorted({self.kind_of(line) for line in self.lines}, key=kind_title)
        self._fill_box(self.kind_box, "All kinds", [(kind_title(k), k) for k in kinds])
        self._refilter()

    def _refilter(self, *_: Any) -> None:
        shown = self.shown()
        self.list.clear()
        for line in shown:
            item = QtWidgets.QListWidgetItem(log_line(line))
            seats = self._private.get(line)
            if seats is not None and self.viewer in seats:
                # the viewer reads the private text: say so, so it is not read aloud
                font = item.font()
                font.setItalic(True)
                item.setFont(font)
                item.setToolTip(tooltip(f"{line}\nOnly {', '.join(s.upper() for s in seats)} "
                                        "read this line; the others read its public form."))
            else:
                item.setToolTip(tooltip(f"{line}\n({kind_title(self.kind_of(line))})"))
            self.list.addItem(item)
        self._follow = True  # a new line: show it
        self.list.scrollToBottom()
        filtered = len(shown) != len(self.lines)
        self.count.setText(f"{len(shown)} of {count(len(self.lines), 'line')}" if filtered
                           else count(len(self.lines), "line"))
        self.count.setStyleSheet("font-weight: bold;" if filtered else "")
        self.list.setAccessibleDescription(self.count.text())

