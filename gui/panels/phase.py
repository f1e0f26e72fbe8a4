"""Where the game is (Turn, phase, Combat step, Initiative) and the one Next button."""

from __future__ import annotations

from typing import Any

from gui.layouts import for_view
from gui.panels.tracker import TrackerChips
from gui.plain_text import plain_label, set_plain, tooltip
from gui.qt import QtWidgets, Signal
from gui.theme import dim_ink

PHASES = (("start", "Start of Turn"), ("combat", "Combat"), ("end", "End of Turn"))
STEPS = (("start", "Start"), ("movement", "Move"), ("maneuver", "Maneuver"),
         ("attack", "Attack"), ("end", "End"))
ON = "background: #2e6fbd; color: white; border-radius: 5px; padding: 2px 4px; font-weight: bold;"
OFF = "color: {ink}; padding: 2px 4px;"
MAX_WIDTH = 300


class PhasePanel(QtWidgets.QWidget):
    sig_next = Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.turn = plain_label("Turn –")
        font = self.turn.font()
        font.setPointSizeF(max(font.pointSizeF(), 9.0) * 1.6)
        font.setBold(True)
        self.turn.setFont(font)
        self.initiative = plain_label()  # "Game over — <the save's result>"
        self.phase_labels = {key: QtWidgets.QLabel(text) for key, text in PHASES}
        self.step_labels = {key: QtWidgets.QLabel(text) for key, text in STEPS}
        phases = QtWidgets.QHBoxLayout()
        phases.setSpacing(2)
        for label in self.phase_labels.values():
            phases.addWidget(label)
        phases.addStretch(1)
        steps = QtWidgets.QHBoxLayout()
        steps.setSpacing(2)
        for label in self.step_labels.values():
            steps.addWidget(label)
        steps.addStretch(1)
        self.next_button = QtWidgets.QPushButton("Next")
        self.next_button.setObjectName("nextButton")
        self.next_button.setMinimumHeight(44)
        bfont = self.next_button.font()
        bfont.setPointSizeF(max(bfont.pointSizeF(), 9.0) * 1.3)
        bfont.setBold(True)
        self.next_button.setFont(bfont)
        self.next_button.clicked.connect(self.sig_next)
        self.hand_to = ""  # the seat Next hands the laptop to, when it does
        self.reason = plain_label()
        self.reason.setWordWrap(True)
        self.waiting = plain_label()
        self.waiting.setObjectName("waitingSeats")
        self.waiting.setWordWrap(True)
        self.setMaximumWidth(MAX_WIDTH)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.turn)
        layout.addWidget(self.initiative)
        layout.addLayout(phases)
        self.steps_title = plain_label("Combat steps")
        layout.addWidget(self.steps_title)
        layout.addLayout(steps)
        # the phases of a game with its own layout, in place of the Plot Twist chips
        self.tracker = TrackerChips()
        self.tracker.hide()
        layout.addWidget(self.tracker)
        layout.addWidget(self.next_button)
        layout.addWidget(self.reason)
        layout.addWidget(self.waiting)

    def show_view(self, view: dict[str, Any]) -> None:
        layout = for_view(view)
        for label in (*self.phase_labels.values(), *self.step_labels.values(),
                      self.steps_title):
            label.setVisible(layout is None)
        self.tracker.setVisible(layout is not None)
        if layout is not None:
            tracker = layout.tracker(view)
            self.turn.setText(tracker.headline)
            set_plain(self.initiative, tracker.status)  # hero names are data
            self.initiative.setWordWrap(True)
            self.tracker.show_tracker(tracker)
            return
        self.turn.setText(f"Turn {view.get('turn', '–')} · Conflict {view.get('conflict', 1)}")
        winner = view.get("winner")
        if winner:
            self.initiative.setText(f"Game over — {view.get('result') or winner}")
        else:
            self.initiative.setText(f"{str(view.get('initiative', '?')).capitalize()} hold "
                                    "Initiative")
        phase = view.get("phase")
        off = OFF.format(ink=dim_ink())  # palette(mid) is near the text colour in Dark
        for key, label in self.phase_labels.items():
            label.setStyleSheet(ON if key == phase else off)
        combat = view.get("combat") or {}
        for key, label in self.step_labels.items():
            label.setStyleSheet(ON if combat and key == combat.get("step") else off)
            label.setEnabled(bool(combat))
        self.steps_title.setText(
            f"Combat steps · {str(combat.get('distance', '')).capitalize()} Distance"
            if combat else "Combat steps (no Combat)")

    def set_waiting(self, seats: list[str], passed_for: list[str] | tuple[str, ...] = ()
                    ) -> None:
        """Who may pass now, and who the hot-seat auto-pass has just passed for."""
        def short(seat: str) -> str:
            return "GM" if seat == "gm" else seat.upper()

        lines = [f"May pass now: {', '.join(map(short, seats))}"] if seats else []
        if passed_for:
            lines.append(f"Passed for {', '.join(dict.fromkeys(map(short, passed_for)))}: "
                         "nothing to play in that step")
        self.waiting.setText("\n".join(lines))

    def set_next(self, action: Any, text: str, hand_to: str = "", hand_name: str = ""
                 ) -> None:
        """Next passes for the seat on screen; when that seat cannot and `hand_to` can,
        Next becomes "Pass to GM ▶" and hands the laptop over (the privacy screen)."""
        self.hand_to = hand_to if action is None else ""
        if self.hand_to:
            short = "GM" if hand_to == "gm" else hand_to.upper()
            self.next_button.setEnabled(True)
            self.next_button.setText(f"Pass to {short} ▶")
            who = f"{short} — {hand_name}" if hand_name else short
            text = f"{text} Waiting for {who}: pass the laptop."
            self.next_button.setToolTip(tooltip(f"Hand the laptop to {who} (Ctrl+Enter)"))
        else:
            self.next_button.setEnabled(action is not None)
            self.next_button.setToolTip(tooltip(f"{text} (Ctrl+Enter)" if action is not None
                                                else text))
            self.next_button.setText("Next ▶")
        # the button stays short so the dock stays narrow; the line below says what it does
        set_plain(self.reason, text)  # it may name a hero or a card: data
