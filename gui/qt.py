"""The one place the GUI takes Qt from.

Every GUI module imports Qt through here, so a binding switch or a version workaround
is made once. Only the three modules the app needs at start-up are loaded: QtSvg,
QtNetwork and friends would cost start-up time for nothing.

``Qt`` (the namespace of Qt's enums) is handed out on first use, not at import: PySide6
builds a Python enum class for each of its ≈ 90 enums, ≈ 1,300 members, the first time
anything touches it (≈ 15–25 ms of CPU), and the start screen's first frame is drawn
without it (docs/performance.md, start-up part 4). Code that runs before that frame sets
enum properties by key name (`set_keys`) and takes ``QtCore.Qt`` inside functions.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Signal

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

__all__ = ["Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "set_keys"]


def __getattr__(name: str) -> Any:
    # `from gui.qt import Qt`: PySide6 makes the namespace's enums at this moment
    if name == "Qt":
        return QtCore.Qt
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def set_keys(target: QtCore.QObject, prop: str, keys: str) -> None:
    """Set an enum or flags property by its Qt key names ("AlignTop|AlignLeft"), through
    Qt's property system, as a .ui file does: the widget's C++ reads the keys, and
    PySide6 does not build the `Qt` namespace's enums for it (see above). For what is
    built before the first frame; elsewhere name the enum. A key Qt does not know is an
    error here, not a silent default."""
    if not target.setProperty(prop, keys):
        raise ValueError(f"{type(target).__name__}.{prop} does not take {keys!r}")


def _skip_feature_scan() -> None:
    """Start-up: PySide6 reads the source file of every module imported after it, once, to
    see whether the module names PySide6 (for its opt-in `__feature__` switches, which
    this app never uses). The standard-library modules loaded by then never name it:
    their answer, "not a PySide module" (-1), is written down up front instead of reading
    their files (≈ 5 ms). Any other module is still scanned, with PySide6's answer;
    if PySide6 stops keeping this table, nothing is done."""
    feature = sys.modules.get("shibokensupport.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return
    stdlib = sys.stdlib_module_names
    for name in [*sys.modules, *stdlib]:
        if name not in table and name.partition(".")[0] in stdlib:
            table[name] = -1
    if callable(getattr(feature, "_mod_uses_pyside", None)):
        setattr(feature, "_mod_uses_pyside", _names_pyside)  # noqa: B010 (a private name)


def _names_pyside(module: object) -> bool:
    """PySide6's own test for the modules it scans (does the source text name
    "PySide6"?), with the same answers, but reading the file's bytes instead of going
    through inspect and linecache: ≈ 60 µs less per module, ≈ 5 ms on the way to a
    Quick game's table. A module without a .py file it can read (an extension, a frozen
    build's archive) has no source for inspect either: not a PySide module."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return False
    try:
        with open(path, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return False


_skip_feature_scan()
