"""The one place the GUI takes Qt from.

Every GUI module imports Qt through here, so a binding switch or a version workaround
is made once. Only the three modules the app needs at start-up are loaded: QtSvg,
QtNetwork and friends would cost start-up time for nothing.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt, Signal

__all__ = ["Qt", "QtCore", "QtGui", "QtWidgets", "Signal"]
