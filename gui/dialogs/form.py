"""The shape every small settings-like dialog shares: a form above OK and Cancel."""

from __future__ import annotations

from gui.qt import QtWidgets


def lay_out_form(dialog: QtWidgets.QDialog, form: QtWidgets.QFormLayout) -> None:
    """Put `form` in `dialog` with OK (accept) and Cancel (reject) under it."""
    buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                         | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout = QtWidgets.QVBoxLayout(dialog)
    layout.addLayout(form)
    layout.addWidget(buttons)
