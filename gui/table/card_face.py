"""Painting a card face (or back) from its data dict with QPainter, vector only.

Shared by the table's card items and the inspector, so a card reads the same at thumbnail
size and at full size: every text block is laid out inside the card's rect and shrinks
to fit rather than overflowing.
"""

from __future__ import annotations

import functools
from typing import Any

from gui.qt import Qt, QtCore, QtGui
from gui.table import card_art

CARD_W = 250.0
CARD_H = 350.0

# frame colour, title text colour
COLOURS: dict[str, tuple[str, str]] = {
    "White": ("#e9e6dc", "#202020"),
    "Silver": ("#98a3ad", "#101418"),
    "Black": ("#26262a", "#f4f4f4"),
    "Red": ("#b8322a", "#ffffff"),
    "Blue": ("#2b64b3", "#ffffff"),
    "Green": ("#2f8752", "#ffffff"),
    "Golden": ("#caa02c", "#1d1606"),
}
BACKS: dict[str, str] = {
    "plot": "#5b3f8c", "combat": "#8c3f3f", "event": "#2f5d7c", "objective": "#3b3b3b",
    "twist": "#7c5a1f", "equipment": "#4a5a3a", "character": "#3f4f6b",
}
KIND_TITLE = {"hero": "Hero", "villain": "Villain", "mook": "Mooks", "equipment": "Equipment",
              "objective": "Objective", "event": "Event", "twist": "Twist!", "detail": "Detail",
              "location": "Location", "lair": "Lair", "bystander": "Bystander",
              "combat": "Combat", "reference": "Reference"}
ATTRS = (("body", "Body"), ("mind", "Mind"), ("charm", "Charm"), ("power", "Power"))
PARCHMENT = "#fbf7ee"
INK = "#1d1b18"
FONT_FAMILY = "DejaVu Sans"
ART_H = 0.3  # the art box's height, as a share of the card's


def _font(size: float, bold: bool = False, italic: bool = False) -> QtGui.QFont:
    return _font_px(max(1, round(size)), bold, italic)


@functools.cache
def _font_px(px: int, bold: bool, italic: bool) -> QtGui.QFont:
    font = QtGui.QFont(FONT_FAMILY)
    font.setStyleHint(QtGui.QFont.StyleHint.SansSerif)
    # pixel sizes: scene units, independent of the paint device's DPI
    font.setPixelSize(px)
    font.setBold(bold)
    font.setItalic(italic)
    return font


def _fit(painter: QtGui.QPainter, rect: QtCore.QRectF, text: str, size: float,
         flags: int, bold: bool = False, italic: bool = False, min_size: float = 7) -> None:
    """Draw `text` in `rect` at the largest size ≤ `size` that fits."""
    wrap = int(flags) & int(Qt.TextFlag.TextWordWrap)
    while True:
        font = _font(size, bold, italic)
        painter.setFont(font)
        need = painter.boundingRect(rect, flags, text)
        fits = need.height() <= rect.height() + 0.5 and (wrap or need.width() <= rect.width())
        if fits or size <= min_size:
            break
        size -= 1
    if not fits:
        text = QtGui.QFontMetricsF(painter.font()).elidedText(
            text, Qt.TextElideMode.ElideRight, rect.width() * max(1, rect.height() // size))
    painter.drawText(rect, flags, text)


def display_name(data: dict[str, Any]) -> str:
    name = str(data.get("name", "?"))
    return f"{name} - {data['persona']}" if data.get("persona") else name


def kind_line(data: dict[str, Any]) -> str:
    kind = str(data.get("kind", ""))
    bits = [KIND_TITLE.get(kind, kind.capitalize())]
    if data.get("class"):
        bits.append(str(data["class"]))
    if kind == "equipment" and data.get("weapon_type"):
        bits.append(f"{str(data['weapon_type']).capitalize()} Weapon")
    if kind == "combat":
        bits.append(str(data.get("combat_type", "")).capitalize())
        if data.get("attack_type"):
            bits.append(str(data["attack_type"]).capitalize())
    if kind == "twist" and data.get("turn"):
        bits.append(f"Turn {data['turn']}")
    return " · ".join(b for b in bits if b)


def heroics_line(data: dict[str, Any]) -> str:
    parts = []
    for group in ("heroics", "skills"):
        for key, value in (data.get(group) or {}).items():
            if value:
                parts.append(f"{key.replace('_', ' ').title()} {value}")
    return " · ".join(parts)


GLYPHS = {"{R}:": "Recruit:", "{K}:": "Kill:"}


def rules_text(text: str) -> str:
    """Card text with the Bystander glyphs spelled out: {R} and {K} mean nothing to a room."""
    for glyph, words in GLYPHS.items():
        text = text.replace(glyph, words)
    return text


def footer_text(data: dict[str, Any]) -> str:
    kind = data.get("kind")
    if kind == "equipment" and data.get("bonus"):
        return f"T/S {data['bonus']}"
    if kind == "bystander":
        return f"D {data.get('difficulty', '?')}  L {data.get('life', '?')}"
    if kind == "mook" and data.get("quantity") is not None:
        return f"Qty {data['quantity']}"
    if kind == "combat":
        cost = data.get("cost") or {}
        names = {"move": "Move", "attack": "Attack", "energy": "Energy", "belief": "Belief"}
        return "  ".join(f"{names.get(k, k)} {v}" for k, v in cost.items() if v) or "Free"
    return ""


# a back's plain frame, as a share of its width: nothing is printed in it
BACK_MARGIN = 0.07


def paint_back(painter: QtGui.QPainter, rect: QtCore.QRectF, back: str) -> None:
    colour = QtGui.QColor(BACKS.get(back, "#444a55"))
    radius = rect.width() * 0.06
    painter.setPen(QtGui.QPen(QtGui.QColor("#111111"), rect.width() * 0.012))
    painter.setBrush(colour)
    painter.drawRoundedRect(rect, radius, radius)
    edge = rect.width() * BACK_MARGIN
    inner = rect.adjusted(edge, edge, -edge, -edge)
    painter.setPen(QtGui.QPen(colour.lighter(150), rect.width() * 0.015))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.7, radius * 0.7)
    # a diagonal lattice so backs read as backs even when tiny
    painter.save()
    painter.setClipRect(inner)
    painter.setPen(QtGui.QPen(colour.lighter(125), rect.width() * 0.008))
    step = rect.width() / 8
    x = inner.left() - inner.height()
    while x < inner.right():
        painter.drawLine(QtCore.QPointF(x, inner.top()),
                         QtCore.QPointF(x + inner.height(), inner.bottom()))
        x += step
    painter.restore()
    band = QtCore.QRectF(inner.left(), inner.center().y() - inner.height() * 0.14,
                         inner.width(), inner.height() * 0.28)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour.darker(160))
    painter.drawRect(band)
    painter.setPen(QtGui.QColor("#f5f0e0"))
    top = QtCore.QRectF(band.left(), band.top(), band.width(), band.height() * 0.5)
    _fit(painter, top, "PLOT TWIST", rect.width() * 0.1, Qt.AlignmentFlag.AlignCenter,
         bold=True)
    bottom = QtCore.QRectF(band.left(), band.center().y(), band.width(), band.height() * 0.5)
    _fit(painter, bottom, KIND_TITLE.get(back, back.capitalize()).upper(),
         rect.width() * 0.08, Qt.AlignmentFlag.AlignCenter)


def paint_face(painter: QtGui.QPainter, rect: QtCore.QRectF, data: dict[str, Any]) -> None:
    w, h = rect.width(), rect.height()
    frame, title_ink = COLOURS.get(str(data.get("color", "Golden")), COLOURS["Golden"])
    frame_c = QtGui.QColor(frame)
    radius = w * 0.06
    painter.setPen(QtGui.QPen(frame_c.darker(170), w * 0.012))
    painter.setBrush(frame_c)
    painter.drawRoundedRect(rect, radius, radius)

    pad = w * 0.045
    x, y, iw = rect.left() + pad, rect.top() + pad, w - 2 * pad
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    centre = Qt.AlignmentFlag.AlignCenter
    wrap = Qt.TextFlag.TextWordWrap

    # title: name, and the Persona under it (PT-UNIQ-2)
    painter.setPen(QtGui.QColor(title_ink))
    name_h = h * 0.085
    _fit(painter, QtCore.QRectF(x, y, iw, name_h), str(data.get("name", "?")), w * 0.085,
         left, bold=True)
    y += name_h
    if data.get("persona"):
        persona_h = h * 0.05
        _fit(painter, QtCore.QRectF(x, y, iw, persona_h), str(data["persona"]), w * 0.055,
             left, italic=True)
        y += persona_h
    kind_h = h * 0.05
    _fit(painter, QtCore.QRectF(x, y, iw, kind_h), kind_line(data), w * 0.05, left)
    y += kind_h + pad * 0.4

    # the art box, under the title; a card without art (or whose file cannot be read)
    # gives the room to its text as before
    art = card_art.image_path(data)
    if art is not None:
        art_box = QtCore.QRectF(x, y, iw, h * ART_H)
        if card_art.paint_art(painter, art_box, art, radius * 0.5):
            y += art_box.height() + pad * 0.4

    footer = footer_text(data)
    footer_h = h * 0.075 if footer else 0.0
    body = QtCore.QRectF(x, y, iw, rect.bottom() - pad - y - footer_h)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor(PARCHMENT))
    painter.drawRoundedRect(body, radius * 0.5, radius * 0.5)
    painter.setPen(QtGui.QColor(INK))

    by = body.top() + pad * 0.5
    bx, bw = body.left() + pad * 0.5, body.width() - pad
    attributes = data.get("attributes") or {}
    if attributes:
        cell = bw / 4
        box_h = h * 0.105
        for i, (key, label) in enumerate(ATTRS):
            cell_rect = QtCore.QRectF(bx + i * cell + 2, by, cell - 4, box_h)
            painter.setPen(QtGui.QPen(frame_c.darker(130), w * 0.006))
            painter.setBrush(QtGui.QColor("#ffffff"))
            painter.drawRoundedRect(cell_rect, 4, 4)
            painter.setPen(QtGui.QColor(INK))
            _fit(painter, QtCore.QRectF(cell_rect.left(), cell_rect.top(), cell_rect.width(),
                                        box_h * 0.62),
                 str(attributes.get(key, "–")), w * 0.075, centre, bold=True)
            _fit(painter, QtCore.QRectF(cell_rect.left(), cell_rect.top() + box_h * 0.58,
                                        cell_rect.width(), box_h * 0.4),
                 label, w * 0.038, centre)
        by += box_h + pad * 0.4
    heroics = heroics_line(data)
    if heroics:
        hr = QtCore.QRectF(bx, by, bw, h * 0.11)
        _fit(painter, hr, heroics, w * 0.045, Qt.AlignmentFlag.AlignLeft | wrap, min_size=6)
        by += hr.height() + pad * 0.2
    keywords = [k for k in (data.get("keywords") or []) if k != data.get("class")]
    if keywords:
        kr = QtCore.QRectF(bx, by, bw, h * 0.05)
        _fit(painter, kr, " - ".join(keywords), w * 0.048, left, bold=True)
        by += kr.height() + pad * 0.2
    text = rules_text(str(data.get("text", "")))
    if data.get("flavor") and not attributes:
        text = f"{text}\n\n{data['flavor']}" if text else str(data["flavor"])
    if text:
        tr = QtCore.QRectF(bx, by, bw, body.bottom() - pad * 0.4 - by)
        if tr.height() > 4:
            # short texts read larger; long ones shrink until they fit
            _fit(painter, tr, text, w * 0.072, Qt.AlignmentFlag.AlignLeft
                 | Qt.AlignmentFlag.AlignTop | wrap, min_size=5)
    if footer:
        painter.setPen(QtGui.QColor(title_ink))
        fr = QtCore.QRectF(x, body.bottom() + pad * 0.2, iw, footer_h - pad * 0.2)
        _fit(painter, fr, footer, w * 0.06, Qt.AlignmentFlag.AlignRight
             | Qt.AlignmentFlag.AlignVCenter, bold=True)


def current_twist(view: dict[str, Any]) -> dict[str, Any] | None:
    """The face of the Twist! in force: the last one revealed, or None."""
    cards = ((view.get("zones") or {}).get("twists_revealed") or {}).get("cards") or []
    return face_data(cards[-1]) if cards else None


def face_data(instance: dict[str, Any]) -> dict[str, Any] | None:
    """The card's printed data from a view entry, or None for a face-down card.

    The engine's view wraps the pack data as {"key", "name", …, "data": {…}}; a bare
    pack dict (as in tests and the inspector) is taken as it is.
    """
    card = instance.get("card")
    if not isinstance(card, dict):
        return None
    inner = card.get("data")
    if isinstance(inner, dict) and inner:
        merged = {k: v for k, v in card.items() if k != "data"}
        merged.update(inner)
        return merged
    return card



def name_in_view(view: dict[str, Any], ident: Any) -> str:
    """What the table calls a character or a card on it (a Bystander in a Combat): its
    name from the view, else its id."""
    for ch in view.get("characters") or []:
        if ch.get("id") == ident:
            return str(ch.get("name") or (face_data(ch) or {}).get("name") or ident)
    for zone in (view.get("zones") or {}).values():
        for inst in zone.get("cards") or []:
            if inst.get("id") == ident:
                data = face_data(inst)
                return str(data.get("name")) if data else str(ident)
    return str(ident)


def paint_card(painter: QtGui.QPainter, rect: QtCore.QRectF, instance: dict[str, Any]) -> None:
    """`instance` is a view entry: {"card": data} for a face, {"back": kind} for a back."""
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing)
    data = face_data(instance)
    if data is not None:
        paint_face(painter, rect, data)
    else:
        paint_back(painter, rect, str(instance.get("back", "card")))
    painter.restore()


def describe(instance: dict[str, Any]) -> str:
    """One line for tooltips and accessible names."""
    data = face_data(instance)
    if data is None:
        return f"Face-down {KIND_TITLE.get(str(instance.get('back')), 'card')}"
    bits = [display_name(data), kind_line(data)]
    footer = footer_text(data)
    if footer:
        bits.append(footer)
    return " — ".join(b for b in bits if b)
