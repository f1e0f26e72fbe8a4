"""First-game hints: one short pointer at a time, at the moment it helps.

Each hint is shown until the player dismisses it ("Got it"), then never again on this
laptop; "No more hints" switches them all off (Settings ▸ Show first-game hints brings
them back). The words are our own fixed text; nothing from a card is shown here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gui.qt import Qt, QtGui, QtWidgets, Signal


def legal_kinds(controller: Any) -> set[str]:
    """The kinds of the actions the seat on screen may take now."""
    return {str(getattr(a, "kind", "")) for a in controller.legal()}


Hint = tuple[str, Callable[[dict[str, Any], Any], bool], str]


def when_legal(kind: str) -> Callable[[dict[str, Any], Any], bool]:
    """A hint's test: the seat on screen may take an action of this kind now."""
    return lambda _view, controller: kind in legal_kinds(controller)


def can_hand_off(_view: dict[str, Any], controller: Any) -> bool:
    """A hint's test: the seat on screen is done and another seat may act."""
    return controller.seat is not None and controller.hand_off_seat() is not None


def can_go_on(_view: dict[str, Any], controller: Any) -> bool:
    """A hint's test: Next would move the game on for the seat on screen."""
    return controller.seat is not None and controller.next_action()[0] is not None

# Plot Twist's: (key, when it applies, what it says), the most specific first; another
# game's layout gives its own (`TableLayout.hints`)
HINTS: tuple[Hint, ...] = (
    ("hand_off", can_hand_off,
     "Your side has passed: “Pass to … ▶” (Ctrl+Enter) hands the laptop to the seat the "
     "table waits for. Settings can also pass for a seat with nothing to play in a "
     "Combat step."),
    ("attack", when_legal("attack"),
     "Attack step: drag an Attack card onto the Combat, or right-click your character "
     "and choose an Attack. A tie on the coins defeats both sides."),
    ("combat_card", when_legal("play_combat_card"),
     "In a Combat, drag a Combat card onto the Combat area to play it. When you have "
     "nothing more to play in this step, press Next ▶."),
    ("initiate", when_legal("initiate_combat"),
     "Drag your Hero onto a Villain (or a Mook) to start a Combat with them."),
    ("next", can_go_on,
     "When your side has done all it wants, press Next ▶ (Ctrl+Enter) to pass. A phase, "
     "or a Combat step, ends when both sides have passed."),
    ("rules", lambda v, c: True,
     "Help ▸ Rules reference (Shift+F1) has the rules in short and a glossary of "
     "Phys, Bel, En… Click a red refusal to read the rule it cites."),
)


def hints_for(view: dict[str, Any]) -> tuple[Hint, ...]:
    """The hints of the game the view is from: its layout's, else Plot Twist's."""
    from gui.layouts import for_view

    layout = for_view(view)
    own = layout.hints() if layout is not None else None
    return own if own is not None else HINTS


class HintBar(QtWidgets.QFrame):
    """The hint of the moment, under the Next button (it never covers the table)."""

    sig_seen = Signal(str)      # a hint was dismissed
    sig_off = Signal()          # "No more hints"

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hintBar")
        self.setStyleSheet("QFrame#hintBar { background: rgba(24, 70, 120, 235); "
                           "border-radius: 8px; } QLabel { color: white; font-size: 13pt; }")
        self.key = ""
        self.hints = HINTS     # the game's own, chosen from the view shown
        self.text = QtWidgets.QLabel("")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.got_it = QtWidgets.QPushButton("Got it")
        self.got_it.clicked.connect(self.dismiss)
        self.off = QtWidgets.QPushButton("No more hints")
        self.off.clicked.connect(self.sig_off)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.got_it)
        buttons.addWidget(self.off)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        self.hide()

    def choose(self, view: dict[str, Any], controller: Any, seen: list[str]) -> str:
        """The key of the hint that applies now and was not dismissed, or ""."""
        if controller is None or view.get("winner"):
            return ""
        self.hints = hints_for(view)
        for key, applies, _text in self.hints:
            if key in seen:
                continue
            try:
                if applies(view, controller):
                    return key
            except Exception:  # a fake or another game's controller: no hint, no crash
                continue
        return ""

    def show_hint(self, key: str) -> None:
        self.key = key
        if not key:
            self.hide()
            return
        self.text.setText(next(text for k, _a, text in self.hints if k == key))
        self.show()
        self._fit_text()

    def _fit_text(self) -> None:
        # a wrapped label in a dock gets less height than its lines need: ask for it
        width = max(120, self.contentsRect().width() - 24)
        height = self.text.heightForWidth(width)
        if height > 0:  # -1 before the label is laid out
            self.text.setMinimumHeight(height)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_text()

    def dismiss(self) -> None:
        if self.key:
            self.sig_seen.emit(self.key)
        self.hide()
