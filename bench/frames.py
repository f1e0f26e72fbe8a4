"""Table frame time: one card dragged across a table of N cards, each frame rendered.

Run in its own process by bench (``python -m bench.frames --cards 300``); prints one
marked JSON line. Per frame: one mouse-move event to the view's viewport (the real drag
path: QGraphicsView → TableScene.mouseMoveEvent → drop-target lookup → item moves),
then the whole viewport painted into a QImage (QWidget.render, so every visible item
is drawn, not only the dirty region). Pending events (the on-screen repaint) are then
drained outside the clock and timed separately.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from bench.common import current_rss_mb, emit, median, peak_rss_mb, percentile

W, H = 1400, 900


def _app() -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6 import QtWidgets

    return QtWidgets.QApplication.instance() or QtWidgets.QApplication(["bench"])


def _real_table(n_cards: int) -> tuple[Any, Any, Any, str]:
    """The GUI's TableScene/TableView/CardItem, filled from a padded game view."""
    from bench.table_fixture import base_view, fill_scene
    from gui.table.card_item import CardItem
    from gui.table.scene import TableScene
    from gui.table.view import TableView

    scene = TableScene()
    view = TableView(scene)
    fill_scene(scene, base_view(), n_cards, CardItem)
    drags = [scene.cards[c] for c in sorted(scene.draggable) if c in scene.cards]
    item = drags[0] if drags else next(i for i in scene.items() if isinstance(i, CardItem))
    return scene, view, item, ("gui.table.scene.TableScene + gui.table.view.TableView + "
                               "gui.table.card_item.CardItem, view from Game.quick padded")


def _fallback_table(n_cards: int) -> tuple[Any, Any, Any, str]:
    """FALLBACK: a plain QGraphicsScene grid, CardItem if it imports, else rectangles."""
    from PySide6 import QtCore, QtGui, QtWidgets

    scene = QtWidgets.QGraphicsScene()
    try:
        from gui.table.card_item import CardItem

        def make(i: int) -> Any:
            inst = {"id": f"c{i}", "card": {"name": f"Card {i}", "kind": "detail",
                                            "color": "golden", "text": "Bench card."}}
            return CardItem(inst, scale=0.7)
        label = "FALLBACK: plain QGraphicsScene/QGraphicsView grid of gui CardItem"
    except Exception:  # noqa: BLE001 - any failure means the GUI is not there yet
        def make(i: int) -> Any:
            item = QtWidgets.QGraphicsRectItem(0, 0, 175, 245)
            item.setBrush(QtGui.QColor("#f5f0e1"))
            return item
        label = "FALLBACK: plain QGraphicsScene grid of QGraphicsRectItem (no GUI card)"
    cols = 25
    items = []
    for i in range(n_cards):
        item = make(i)
        item.setPos((i % cols) * 185.0, (i // cols) * 255.0)
        item.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable, True)
        scene.addItem(item)
        items.append(item)
    view = QtWidgets.QGraphicsView(scene)
    view.setRenderHints(QtGui.QPainter.RenderHint.Antialiasing
                        | QtGui.QPainter.RenderHint.TextAntialiasing)
    view.fitInView(scene.itemsBoundingRect(), QtCore.Qt.AspectRatioMode.KeepAspectRatio)
    return scene, view, items[0], label


def measure(n_cards: int = 300, frames: int = 120, warmup: int = 10, zoom: str = "fit",
            force_fallback: bool = False, prepare: Any = None, on_timing: Any = None
            ) -> dict[str, Any]:
    """`prepare(scene, view)` may change the table before the clock (experiments);
    `on_timing(True/False)` is called when the timed frames start and stop."""
    app = _app()
    from PySide6 import QtCore, QtGui, QtWidgets

    Qt = QtCore.Qt
    error = None
    built = time.perf_counter()
    if force_fallback:
        scene, view, item, impl = _fallback_table(n_cards)
    else:
        try:
            scene, view, item, impl = _real_table(n_cards)
        except Exception as e:  # noqa: BLE001 - measure what exists, say so
            error = f"{type(e).__name__}: {e}"
            scene, view, item, impl = _fallback_table(n_cards)
    if prepare is not None:
        prepare(scene, view)
    view.resize(W, H)
    view.show()
    app.processEvents()
    if zoom == "1":
        view.resetTransform()
    elif hasattr(view, "fit"):
        view.fit()
    build_ms = (time.perf_counter() - built) * 1000
    viewport = view.viewport()
    if zoom == "1":  # a 1:1 window onto the table, the dragged card in the middle
        view.centerOn(item.sceneBoundingRect().center())
    image = QtGui.QImage(viewport.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)

    cards = sum(1 for i in scene.items() if type(i).__name__ == "CardItem")
    start = view.mapFromScene(item.sceneBoundingRect().center())
    end = QtCore.QPoint(viewport.width() - 60, 60) if start.x() < viewport.width() / 2 \
        else QtCore.QPoint(60, 60)
    movable = bool(item.flags() & QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable)

    def mouse(kind: Any, pos: QtCore.QPoint, buttons: Any) -> None:
        local = QtCore.QPointF(pos)
        event = QtGui.QMouseEvent(kind, local, QtCore.QPointF(viewport.mapToGlobal(pos)),
                                  Qt.MouseButton.LeftButton if kind != QtCore.QEvent.Type
                                  .MouseMove else Qt.MouseButton.NoButton,
                                  buttons, Qt.KeyboardModifier.NoModifier)
        QtWidgets.QApplication.sendEvent(viewport, event)

    def point(i: int, n: int) -> QtCore.QPoint:
        t = i / max(1, n - 1)
        return QtCore.QPoint(round(start.x() + (end.x() - start.x()) * t),
                             round(start.y() + (end.y() - start.y()) * t))

    left = Qt.MouseButton.LeftButton
    home = item.scenePos()
    if movable:
        mouse(QtCore.QEvent.Type.MouseButtonPress, start, left)

    def move_to(i: int, n: int, wiggle: int = 0) -> None:
        p = point(i, n) + QtCore.QPoint(wiggle, wiggle)
        if movable:
            mouse(QtCore.QEvent.Type.MouseMove, p, left)
        else:
            item.setPos(view.mapToScene(p) - item.boundingRect().center() * item.scale())

    for i in range(warmup):  # fill item caches, first-paint costs
        move_to(0, frames, wiggle=(i % 2) * 6)
        viewport.render(image)
        app.processEvents()
    times: list[float] = []
    cpus: list[float] = []
    drains: list[float] = []
    if on_timing is not None:
        on_timing(True)
    for i in range(frames):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        move_to(i, frames)
        viewport.render(image)
        t1 = time.perf_counter()
        cpus.append((time.thread_time() - c0) * 1000)
        app.processEvents()
        t2 = time.perf_counter()
        times.append((t1 - t0) * 1000)
        drains.append((t2 - t1) * 1000)
    if on_timing is not None:
        on_timing(False)
    moved = (item.scenePos() - home).manhattanLength()
    if movable:
        mouse(QtCore.QEvent.Type.MouseButtonRelease, point(frames - 1, frames),
              Qt.MouseButton.NoButton)
        app.processEvents()
    lit = image.pixelColor(viewport.width() // 2, viewport.height() // 2).isValid()
    return {
        "cards": cards,
        "requested_cards": n_cards,
        "frames": frames,
        "median_ms": median(times),
        "p95_ms": percentile(times, 95),
        "max_ms": max(times),
        "cpu_median_ms": median(cpus),
        "cpu_p95_ms": percentile(cpus, 95),
        "drain_median_ms": median(drains),
        "drain_p95_ms": percentile(drains, 95),
        "build_ms": build_ms,
        "drag": "mouse events (press, moves)" if movable else "setPos (card not draggable)",
        "moved_scene_px": moved,
        "viewport": [viewport.width(), viewport.height()],
        "view_scale": view.transform().m11(),
        "zoom": zoom,
        "items_in_scene": len(scene.items()),
        "implementation": impl,
        "real_gui_error": error,
        "image_ok": bool(lit),
        "rss_mb": current_rss_mb(),
        "peak_rss_mb": peak_rss_mb(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.frames")
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--zoom", choices=("fit", "1"), default="fit")
    parser.add_argument("--fallback", action="store_true")
    args = parser.parse_args()
    emit(measure(args.cards, args.frames, args.warmup, args.zoom, args.fallback))


if __name__ == "__main__":
    main()
