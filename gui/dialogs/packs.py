"""Card packs dialog: every pack, its cards by kind, and the errors that skipped cards."""

from __future__ import annotations

import importlib.util
from typing import Any

from gui.packs_summary import KIND_LABEL, KIND_ORDER
from gui.plain_text import tooltip
from gui.qt import QtGui, QtWidgets


class PacksDialog(QtWidgets.QDialog):
    def __init__(self, catalog: Any, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card packs")
        self.resize(720, 520)
        self.tree = QtWidgets.QTreeWidget()
        self.tree.setHeaderLabels(["Pack / kind", "Cards"])
        self.tree.setColumnWidth(0, 520)
        red = QtGui.QBrush(QtGui.QColor("#c0392b"))
        for pack in getattr(catalog, "packs", []):
            origin = "bundled" if pack.bundled else str(pack.path)
            top = QtWidgets.QTreeWidgetItem([f"{pack.name} ({pack.id}) — {origin}",
                                             str(sum(pack.counts.values()))])
            self.tree.addTopLevelItem(top)
            for kind in sorted(pack.counts, key=lambda k: KIND_ORDER.index(k)
                               if k in KIND_ORDER else 99):
                top.addChild(QtWidgets.QTreeWidgetItem([KIND_LABEL.get(kind, kind),
                                                        str(pack.counts[kind])]))
            if pack.errors:
                errs = QtWidgets.QTreeWidgetItem([f"{len(pack.errors)} errors", ""])
                errs.setForeground(0, red)
                top.addChild(errs)
                for err in pack.errors:
                    item = QtWidgets.QTreeWidgetItem([str(err), ""])
                    item.setForeground(0, red)
                    item.setToolTip(0, tooltip(err))
                    errs.addChild(item)
            top.setExpanded(True)
        loose = [e for e in getattr(catalog, "errors", [])
                 if not any(e in p.errors for p in getattr(catalog, "packs", []))]
        if loose:
            top = QtWidgets.QTreeWidgetItem([f"{len(loose)} errors outside any pack", ""])
            top.setForeground(0, red)
            self.tree.addTopLevelItem(top)
            for err in loose:
                top.addChild(QtWidgets.QTreeWidgetItem([str(err), ""]))
            top.setExpanded(True)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        if importlib.util.find_spec("gui.packs.manager") is not None:
            manage = buttons.addButton("Manage packs…",
                                       QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
            manage.setToolTip("Make, edit, import, share and print card packs")
            manage.clicked.connect(self._manage)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(buttons)

    def _manage(self) -> None:
        from gui.packs.manager import open_pack_manager

        parent = self.parentWidget()
        manager = open_pack_manager(parent)
        reload = getattr(parent, "reload_catalog", None)
        signal = getattr(manager, "sig_packs_changed", None)
        # one connection per manager window, however often this dialog opens it
        if reload is not None and signal is not None and not manager.property("pt_followed"):
            signal.connect(reload)
            manager.setProperty("pt_followed", True)
        self.accept()
