"""The one place the GUI takes Qt from.

Every GUI module imports Qt through here, so a binding switch or a version workaround
is made once. Only the three modules the app needs at start-up are loaded: QtSvg,
QtNetwork and friends would cost start-up time for nothing.
"""

from __future__ import annotations

import sys

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt, Signal

__all__ = ["Qt", "QtCore", "QtGui", "QtWidgets", "Signal"]


def _skip_feature_scan() -> None:
    """Start-up: PySide6 reads the source file of every module imported after it, once, to
    see whether the module names PySide6 (for its opt-in `__feature__` switches, which
    this app never uses). The standard-library modules loaded by then never name it:
    their answer, "not a PySide module" (-1), is written down up front instead of reading
    their files (≈ 5 ms). Any other module is still scanned as PySide6 does; if
    PySide6 stops keeping this table, nothing is done."""
    feature = sys.modules.get("shibokensupport.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return
    stdlib = sys.stdlib_module_names
    for name in [*sys.modules, *stdlib]:
        if name not in table and name.partition(".")[0] in stdlib:
            table[name] = -1


_skip_feature_scan()
