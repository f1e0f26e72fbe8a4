"""Card art: which image file belongs to which card, and its pixmaps, cached.

The engine's view names a card by its key and never carries a file path (the engine knows
nothing of Qt or of where the GUI reads art from). The catalog resolves each card's
`image` to a checked absolute path (`Card.image_path`); `register_catalog` copies those
into a registry keyed by card key when a game starts, so `paint_card` can find a face's
art from its key. A face dict may also carry `image_path` itself (the editor's preview,
for a card not yet in any catalog).

Pixmaps are cached per (path, size in device pixels): scaled once, at the device pixel
ratio of the surface painted on, so art stays sharp on a HiDPI screen and in the PDF. A
missing or unreadable file paints nothing: the card is drawn as it is without art.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gui.qt import Qt, QtCore, QtGui

_paths: dict[str, Path] = {}


def register(key: str, path: Path | str | None) -> None:
    if path is None:
        _paths.pop(key, None)
    else:
        _paths[key] = Path(path)


def register_catalog(catalog: Any) -> int:
    """Take every card's art path from a catalog (anything iterable over cards with `key`
    and `image_path`). Returns how many cards have art."""
    if catalog is None:
        return len(_paths)
    cards: Iterable[Any] = catalog
    _paths.clear()  # a reloaded catalog may have dropped or moved a card's art
    found = 0
    for card in cards:
        path = getattr(card, "image_path", None)
        key = getattr(card, "key", None)
        if key:
            register(str(key), path)
            found += path is not None
    return found


def clear() -> None:
    _paths.clear()
    _pixmap.cache_clear()


def image_path(data: dict[str, Any]) -> Path | None:
    """The art file of a face dict: its own `image_path`, else the registry's by key."""
    own = data.get("image_path")
    if isinstance(own, (str, Path)) and str(own):
        return Path(own)
    key = data.get("key")
    return _paths.get(str(key)) if key else None


@functools.lru_cache(maxsize=256)
def _pixmap(path: str, width: int, height: int, mtime: float) -> QtGui.QPixmap | None:
    """The image scaled to fit width × height device pixels, aspect kept; None if unreadable."""
    reader = QtGui.QImageReader(path)
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        return None
    image = image.scaled(width, height, Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                         Qt.TransformationMode.SmoothTransformation)
    return QtGui.QPixmap.fromImage(image)


def pixmap(path: Path, width: int, height: int) -> QtGui.QPixmap | None:
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    if width <= 0 or height <= 0:
        return None
    return _pixmap(str(path), width, height, mtime)


def _device_ratio(painter: QtGui.QPainter) -> float:
    device = painter.device()
    ratio = float(device.devicePixelRatioF()) if device is not None else 1.0
    # the painter's own scale: a card item drawn at 0.6 on a zoomed view, or the PDF's
    # points-to-dots transform
    scale = painter.combinedTransform().map(QtCore.QLineF(0, 0, 1, 0)).length()
    return max(0.05, ratio * (scale or 1.0))


def paint_art(painter: QtGui.QPainter, box: QtCore.QRectF, path: Path,
              radius: float) -> bool:
    """Fill `box` with the image (cover: aspect kept, the overflow cropped), clipped to a
    rounded rect. False, having painted nothing, when the file cannot be read."""
    ratio = _device_ratio(painter)
    width, height = round(box.width() * ratio), round(box.height() * ratio)
    art = pixmap(path, width, height)
    if art is None:
        return False
    painter.save()
    clip = QtGui.QPainterPath()
    clip.addRoundedRect(box, radius, radius)
    painter.setClipPath(clip, Qt.ClipOperation.IntersectClip)
    # centre the device-pixel image on the box, drawn at the box's logical scale
    shown = QtCore.QSizeF(art.width() / ratio, art.height() / ratio)
    target = QtCore.QRectF(box.center().x() - shown.width() / 2,
                           box.center().y() - shown.height() / 2,
                           shown.width(), shown.height())
    painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawPixmap(target, art, QtCore.QRectF(art.rect()))
    painter.restore()
    return True
