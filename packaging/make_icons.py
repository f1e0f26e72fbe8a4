"""Paint the app icon with Qt and write it in every format the installers need.

    python packaging/make_icons.py            # writes assets/icons/
    python packaging/make_icons.py --check    # exit 1 if the committed files are stale

The icon is a playing card tilted to the left with a curling "twist" arrow sweeping round
its top corner. Everything is drawn with QPainter in a 1024-unit design space and scaled
per size, so small sizes are painted (not shrunk from a big bitmap) and stay crisp.

Outputs (all generated; commit them):

* ``app.png`` (512 px) and ``app_<n>.png`` for n in 16, 32, 64, 128, 256 — Linux, Qt window icon
* ``app.ico`` — Windows: 16…128 as 32-bit DIBs, 256 as PNG (the layout Windows Explorer,
  PyInstaller and Inno Setup all read)
* ``app.icns`` — macOS: PNG chunks (icp4 … ic10), written by hand below
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import (  # noqa: E402
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "assets" / "icons"
PNG_SIZES = (16, 32, 64, 128, 256, 512)

# ICNS chunk types holding PNG data, by pixel size (several types share a size: @2x slots).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

INK = QColor("#1d2340")
CARD_TOP = QColor("#fdf6e3")
CARD_BOTTOM = QColor("#efe2c0")
ACCENT = QColor("#e4572e")
ACCENT_DARK = QColor("#a8361a")
GOLD = QColor("#f3b61f")


def paint_icon(size: int) -> QImage:
    """The icon at ``size`` x ``size`` pixels, transparent background, premultiplied ARGB."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(size / 1024.0, size / 1024.0)
    small = size <= 32  # fewer, bolder shapes where details would turn to mush

    # --- the card, tilted, with a soft shadow
    p.save()
    p.translate(500, 560)
    p.rotate(-12)
    card = QRectF(-250, -350, 500, 700)
    radius = 70
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(card.translated(22, 26), radius, radius)

    gradient = QLinearGradient(card.topLeft(), card.bottomRight())
    gradient.setColorAt(0.0, CARD_TOP)
    gradient.setColorAt(1.0, CARD_BOTTOM)
    p.setBrush(QBrush(gradient))
    p.setPen(QPen(INK, 34 if small else 24))
    p.drawRoundedRect(card, radius, radius)

    if not small:
        # inner frame and a corner pip, the way a real card face reads
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(INK.red(), INK.green(), INK.blue(), 110), 10))
        p.drawRoundedRect(card.adjusted(48, 48, -48, -48), 36, 36)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ACCENT)
        p.drawPolygon(_star(QPointF(-150, -250), 52, 22))
        p.drawPolygon(_star(QPointF(150, 250), 52, 22))

    # the big question mark of a plot twist, in the middle of the card
    p.setPen(QPen(INK, 70 if small else 58, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    hook = QPainterPath(QPointF(-95, -95))
    hook.cubicTo(-95, -230, 110, -230, 105, -95)
    hook.cubicTo(100, 0, 0, -5, 0, 80)
    p.drawPath(hook)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(INK)
    p.drawEllipse(QPointF(0, 185), 42 if small else 36, 42 if small else 36)
    p.restore()

    # --- the twist arrow: a thick arc sweeping over the top right corner, ending in a head
    arc_rect = QRectF(170, 70, 760, 760)
    pen_width = 110 if small else 84
    for colour, width in ((ACCENT_DARK, pen_width + 26), (ACCENT, pen_width)):
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(arc_rect, 150 * 16, -125 * 16)  # from 150° clockwise to 25°
    # arrow head at the 25° end of the arc, pointing along the clockwise tangent
    head = QPolygonF([QPointF(-130, -20), QPointF(130, -20), QPointF(0, 150)])
    p.save()
    centre = arc_rect.center()
    p.translate(centre)
    p.rotate(-25)
    p.translate(arc_rect.width() / 2, 0)
    p.setPen(QPen(ACCENT_DARK, 14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(ACCENT)
    p.drawPolygon(head)
    p.restore()

    if not small:
        # a small golden spark where the twist starts
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(GOLD)
        p.drawPolygon(_star(QPointF(210, 250), 70, 26))
    p.end()
    return image


def _star(centre: QPointF, outer: float, inner: float, points: int = 4) -> QPolygonF:
    from math import cos, pi, sin

    poly = QPolygonF()
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = pi * i / points - pi / 2
        poly.append(QPointF(centre.x() + r * cos(a), centre.y() + r * sin(a)))
    return poly


def png_bytes(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not encode a PNG")
    return bytes(buffer.data().data())


def _dib_bytes(image: QImage) -> bytes:
    """An ICO image entry as a 32-bit BGRA DIB (BITMAPINFOHEADER + XOR + AND mask)."""
    img = image.convertToFormat(QImage.Format.Format_ARGB32)  # BGRA in memory, little endian
    width, height = img.width(), img.height()
    header = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = []
    stride = img.bytesPerLine()
    raw = bytes(img.constBits())  # type: ignore[call-overload]
    for y in range(height - 1, -1, -1):  # DIBs are stored bottom-up
        rows.append(raw[y * stride: y * stride + width * 4])
    mask_stride = ((width + 31) // 32) * 4  # 1 bit a pixel, rows padded to 32 bits
    and_mask = bytes(mask_stride * height)  # all zero: alpha channel decides
    return header + b"".join(rows) + and_mask


def ico_bytes(images: dict[int, QImage]) -> bytes:
    """A Windows .ico holding every size in ``images`` (256 stored as PNG, others as DIB)."""
    sizes = sorted(images)
    blobs = [png_bytes(images[s]) if s >= 256 else _dib_bytes(images[s]) for s in sizes]
    out = io.BytesIO()
    out.write(struct.pack("<HHH", 0, 1, len(sizes)))
    offset = 6 + 16 * len(sizes)
    for size, blob in zip(sizes, blobs, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        out.write(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset))
        offset += len(blob)
    for blob in blobs:
        out.write(blob)
    return out.getvalue()


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple .icns: b"icns", total length, then (type, length, PNG data) chunks."""
    chunks = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def render_all() -> dict[str, bytes]:
    """File name -> bytes for every generated icon file."""
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    images = {s: paint_icon(s) for s in sizes}
    pngs = {s: png_bytes(images[s]) for s in sizes}
    files = {"app.png": pngs[512]}
    for s in PNG_SIZES:
        if s != 512:
            files[f"app_{s}.png"] = pngs[s]
    files["app.ico"] = ico_bytes({s: images[s] for s in ICO_SIZES})
    files["app.icns"] = icns_bytes(pngs)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICON_DIR, help="output folder")
    parser.add_argument("--check", action="store_true",
                        help="only check that the files in --out exist and decode")
    args = parser.parse_args(argv)
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts, PNG)
    if args.check:
        missing = [n for n in render_all() if not (args.out / n).is_file()]
        if missing:
            print("missing icon files: " + ", ".join(missing), file=sys.stderr)
            return 1
        print(f"icons present in {args.out}")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in render_all().items():
        (args.out / name).write_bytes(data)
        print(f"wrote {args.out / name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
