"""Help ▸ Rules reference and Help ▸ Glossary: the rules in short, inside the app."""

from __future__ import annotations

from gui.qt import QtGui, QtWidgets
from gui.rules_help import anchor_for, reference_html
from gui.screen_fit import resize_to_screen


class RulesDialog(QtWidgets.QDialog):
    """One window with the reference and the glossary; kept open beside the table."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules reference")
        self.setObjectName("rulesReference")
        self.browser = QtWidgets.QTextBrowser()
        self.browser.setObjectName("rulesBrowser")
        self.browser.setHtml(reference_html())  # our own fixed text, no data in it
        self.browser.setOpenLinks(False)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        resize_to_screen(self, 760, 820)
        self.anchor = ""

    def show_section(self, anchor: str = "") -> None:
        """Open at a section ("" for the top), raised beside the table."""
        self.anchor = anchor
        self.show()
        if QtGui.QGuiApplication.platformName() != "offscreen":  # it has no window stack
            self.raise_()
        if anchor:
            self.browser.scrollToAnchor(anchor)
        else:
            self.browser.verticalScrollBar().setValue(0)

    def show_clause(self, clause: str) -> str:
        """Open at a refusal's clause (its own text when the reference has it, else its
        family's section); returns the anchor opened."""
        anchor = anchor_for(clause)
        self.show_section(anchor)
        if anchor == clause:
            self._mark(clause)
        return anchor

    def _mark(self, clause: str) -> None:
        """Select the clause's paragraph, so the eye lands on the rule the refusal named
        (the rule above it may share the top of the window)."""
        found = self.browser.document().find(f"{clause} —")
        if found.isNull():
            return
        found.movePosition(QtGui.QTextCursor.MoveOperation.StartOfBlock)
        found.movePosition(QtGui.QTextCursor.MoveOperation.EndOfBlock,
                           QtGui.QTextCursor.MoveMode.KeepAnchor)
        bar = self.browser.verticalScrollBar()
        top = bar.value()
        self.browser.setTextCursor(found)
        bar.setValue(top)  # the anchor's place, not wherever the selection scrolled to
