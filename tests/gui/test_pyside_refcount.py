"""PySide6 6.12.0 drops a reference to None on every call of a Qt method that returns
nothing (none_dealloc abort after ~20,000 calls on CPython 3.11); pyproject pins <6.12.
This fails fast if a release with that bug is ever installed."""

from __future__ import annotations

import sys

from PySide6 import QtWidgets


def test_setpos_keeps_none_refcount(qapp):
    item = QtWidgets.QGraphicsRectItem(0, 0, 10, 10)
    before = sys.getrefcount(None)
    for i in range(50_000):
        item.setPos(i % 100, 0)
    after = sys.getrefcount(None)
    # a healthy binding leaves it alone; the bug takes one per call
    assert after >= before - 100, f"None lost {before - after} references"
