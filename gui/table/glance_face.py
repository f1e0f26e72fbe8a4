"""A card as the table shows it: what matters at a glance, in type big enough to read.

The printed face (`card_face.paint_face`) holds every line of a card and reads at the
inspector's or the spotlight's size; shrunk to a card on the table its text was 6-12 px.
The glance face is what a digital card game puts on a card in play: the name large (two
lines, then elided), the kind, the key numbers in tiles (attributes, cost, Quantity, T/S,
Difficulty and Life) and as much of the rules text as fits at a readable size, ending in
"…" — the whole text is one hover away (tooltip, inspector) or one zoom away (a card
shown large enough switches to the printed face, see `card_item`).

`layout()` is a pure function of the card and its rect, so what is painted is also what
tests measure: every text block carries its font's pixel size in card units. Text is
drawn with `QPainter.drawText`, which never reads markup: a name like "<b>x</b>" shows
those characters.

"room" is the projector, read from the back of the room: a name plate. The name in
room-sized type on up to four lines (a word too long for a line hyphenated at a
syllable, `hyphenation.py`), the kind under it only when it fits at that size too; no
tiles or rules text, whose small type nobody past the first row reads — the
projector's spotlight shows the card just played or the current Twist! large, and its
Stress board and side column carry the numbers.
"""

from __future__ import annotations

import functools
from dataclasses import field
from typing import Any

from engine.records import record
from gui import record_inits
from gui.qt import Qt, QtCore, QtGui
from gui.table import card_art
from gui.table.card_face import (
    ATTRS,
    COLOURS,
    FONT_FAMILY,
    INK,
    KIND_TITLE,
    PARCHMENT,
    rules_text,
)
from gui.table.hyphenation import wrap_hyphenated

ART_SHARE = 0.24  # the picture's height, as a share of the card's


@record(record_inits, frozen=True)
class Sizes:
    """Type sizes as shares of the card's width."""

    name: float          # the largest name
    name_min: float      # a long name shrinks to this before it is elided
    name_lines: int
    kind: float
    number: float
    label: float
    line: float          # the rules text; 0: none on the face
    persona: bool


TABLE = Sizes(name=0.136, name_min=0.116, name_lines=2, kind=0.084, number=0.15,
              label=0.076, line=0.092, persona=True)
ROOM = Sizes(name=0.212, name_min=0.13, name_lines=3, kind=0.1, number=0.2, label=0.09,
             line=0.0, persona=False)
SIZES = {"table": TABLE, "room": ROOM}


@record(record_inits, frozen=True)
class TextBlock:
    role: str              # "name", "number", "kind", "label", "line"
    text: str              # as drawn: wrapped lines joined by "\n", elided where cut
    rect: QtCore.QRectF
    px: int                # the font's pixel size, in card units
    bold: bool = False
    italic: bool = False
    align: int = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    ink: str = INK


@record(record_inits, frozen=True)
class Tile:
    rect: QtCore.QRectF
    fill: str
    edge: str


@record(record_inits)
class Glance:
    rect: QtCore.QRectF
    frame: str
    panel: QtCore.QRectF | None = None     # the parchment under the numbers and rules
    art: QtCore.QRectF | None = None       # where the card's picture goes, if it has one
    tiles: list[Tile] = field(default_factory=list)
    texts: list[TextBlock] = field(default_factory=list)

    def of(self, role: str) -> list[TextBlock]:
        return [t for t in self.texts if t.role == role]


@functools.cache
def font(px: int, bold: bool = False, italic: bool = False,
         condensed: bool = False) -> QtGui.QFont:
    f = QtGui.QFont(FONT_FAMILY)
    f.setStyleHint(QtGui.QFont.StyleHint.SansSerif)
    f.setPixelSize(max(1, px))
    f.setBold(bold)
    f.setItalic(italic)
    if condensed:  # names: DejaVu Sans Condensed where installed, else a narrowed face
        f.setStretch(QtGui.QFont.Stretch.Condensed)
    return f


@functools.cache
def metrics(px: int, bold: bool = False, italic: bool = False,
            condensed: bool = False) -> QtGui.QFontMetricsF:
    return QtGui.QFontMetricsF(font(px, bold, italic, condensed))


def wrap(text: str, metrics: QtGui.QFontMetricsF, width: float,
         max_lines: int) -> tuple[list[str], bool]:
    """Greedy word wrap into at most `max_lines` lines of `width`; the last line elided.

    Returns (lines, whole): `whole` is False when a word had to be cut or text elided.
    """
    # elidedText may overshoot its width by a fraction of a pixel: ask for one less
    words = text.split()
    lines: list[str] = []
    whole = True
    current = ""
    for i, word in enumerate(words):
        trial = f"{current} {word}" if current else word
        if metrics.horizontalAdvance(trial) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            rest = " ".join(words[i:])
            if metrics.horizontalAdvance(rest) > width:
                current = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width - 1)
                whole = False
            else:
                current = rest
            break
        if metrics.horizontalAdvance(word) > width:  # one word wider than the card
            current = metrics.elidedText(word, Qt.TextElideMode.ElideRight, width - 1)
            whole = False
    if current:
        lines.append(current)
    return lines[:max_lines], whole


def fit_name(name: str, width: float, top: int, floor: int, last: int,
              max_lines: int) -> tuple[int, list[str]]:
    """The largest size from `top` down to `floor` at which the name fits whole; a name
    with a word too long for the card may go on down to `last` rather than lose letters;
    else it is elided at `floor`."""
    for px in range(top, min(floor, last) - 1, -1):
        lines, whole = wrap(name, metrics(px, True, False, True), width, max_lines)
        if whole:
            return px, lines
    return floor, wrap(name, metrics(floor, True, False, True), width, max_lines)[0]


def numbers(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) of the key numbers a card shows in tiles."""
    kind = data.get("kind")
    attributes = data.get("attributes") or {}
    if attributes:
        return [(label, str(attributes.get(key, "–"))) for key, label in ATTRS]
    if kind == "combat":
        cost = data.get("cost") or {}
        names = {"move": "Move", "attack": "Attack", "energy": "Energy", "belief": "Belief"}
        paid = [(names.get(k, str(k).capitalize()), str(v)) for k, v in cost.items() if v]
        return paid or [("Cost", "Free")]
    if kind == "equipment" and data.get("bonus"):
        return [("T/S", str(data["bonus"]))]
    if kind == "bystander":
        return [("Difficulty", str(data.get("difficulty", "?"))),
                ("Life", str(data.get("life", "?")))]
    return []


def kind_text(data: dict[str, Any]) -> str:
    """The kind line, short: "Hero · Tank", "Combat · Maneuver", "Mooks · Qty 6"."""
    kind = str(data.get("kind", ""))
    bits = [KIND_TITLE.get(kind, kind.capitalize())]
    if data.get("class"):
        bits.append(str(data["class"]))
    if kind == "combat":
        bits.append(str(data.get("combat_type", "")).capitalize())
        if data.get("attack_type"):
            bits.append(str(data["attack_type"]).capitalize())
    if kind == "equipment" and data.get("weapon_type"):
        bits.append(str(data["weapon_type"]).capitalize())
    if kind == "twist" and data.get("turn"):
        bits.append(f"Turn {data['turn']}")
    if kind == "mook" and data.get("quantity") is not None:
        bits.append(f"Qty {data['quantity']}")
    return " · ".join(b for b in bits if b)


def layout(data: dict[str, Any], rect: QtCore.QRectF, mode: str = "table",
           least: float = 0.0) -> Glance:
    """`least`: the smallest name and number, in card units (a card drawn small on the
    table asks for a larger share of its width, so its name still reads)."""
    if mode == "room":
        return _plate(data, rect, least)
    sizes = SIZES.get(mode, TABLE)
    w = rect.width()
    # past a fifth of the width a name no longer fits a line: a tiny card stays a card
    least = min(least, w * 0.21)
    frame, title_ink = COLOURS.get(str(data.get("color", "Golden")), COLOURS["Golden"])
    out = Glance(rect=rect, frame=frame)
    pad = w * 0.045
    x, iw = rect.left() + pad, w - 2 * pad
    y = rect.top() + pad * 0.8
    centre = int(Qt.AlignmentFlag.AlignCenter)

    name_top = round(max(w * sizes.name, least))
    name_floor = round(max(w * sizes.name_min, least))
    extra = 1 if least > w * sizes.name else 0  # a boosted name may take one more line
    px, lines = fit_name(str(data.get("name", "?")), iw, name_top, name_floor,
                          round(w * sizes.name_min), sizes.name_lines + extra)
    line_h = metrics(px, True, False, True).height()
    name_rect = QtCore.QRectF(x, y, iw, line_h * len(lines))
    out.texts.append(TextBlock("name", "\n".join(lines), name_rect, px, bold=True,
                               ink=title_ink))
    y = name_rect.bottom()

    small = round(max(w * sizes.kind, least * 0.72))
    small_h = metrics(small, False, False, False).height()
    if sizes.persona and data.get("persona"):
        fm = metrics(small, False, True, False)
        shown = fm.elidedText(str(data["persona"]), Qt.TextElideMode.ElideRight, iw)
        out.texts.append(TextBlock("kind", shown, QtCore.QRectF(x, y, iw, small_h), small,
                                   italic=True, ink=title_ink))
        y += small_h
    kind = metrics(small, False, False, False).elidedText(
        kind_text(data), Qt.TextElideMode.ElideRight, iw)
    out.texts.append(TextBlock("kind", kind, QtCore.QRectF(x, y, iw, small_h), small,
                               ink=title_ink))
    y += small_h + pad * 0.5

    if card_art.image_path(data) is not None:
        # a picture tells cards apart before any word is read; it takes the room of
        # the rules text, which is one hover away
        out.art = QtCore.QRectF(x, y, iw, rect.height() * ART_SHARE)
        y = out.art.bottom() + pad * 0.4
    panel = QtCore.QRectF(x, y, iw, rect.bottom() - pad - y)
    bottom = panel.bottom() - pad * 0.5
    tiles = numbers(data)
    if tiles:
        value_px = round(max(w * sizes.number, least * 1.1))
        label_px = round(max(w * sizes.label, least * 0.62))
        tile_h = (metrics(value_px, True, False, False).height()
                  + metrics(label_px, False, False, True).height() + pad * 0.3)
        gap = pad * 0.4
        cell = (panel.width() - pad * 0.6 - gap * (len(tiles) - 1)) / len(tiles)
        top = bottom - tile_h
        for i, (label, value) in enumerate(tiles):
            box = QtCore.QRectF(panel.left() + pad * 0.3 + i * (cell + gap), top, cell, tile_h)
            out.tiles.append(Tile(box, "#ffffff", QtGui.QColor(frame).darker(140).name()))
            vpx = value_px
            while vpx > label_px and metrics(vpx, True, False, False).horizontalAdvance(
                    value) > box.width() - 4:
                vpx -= 1
            value_h = metrics(value_px, True, False, False).height()
            out.texts.append(TextBlock(
                "number", value, QtCore.QRectF(box.left(), box.top() + pad * 0.15,
                                               box.width(), value_h), vpx, bold=True,
                align=centre))
            # a label shrinks rather than lose letters ("Mi…" says nothing)
            lpx = label_px
            while lpx > label_px // 2 and metrics(lpx, False, False, True).horizontalAdvance(
                    label) > box.width() - 2:
                lpx -= 1
            lm = metrics(lpx, False, False, True)
            out.texts.append(TextBlock(
                "label", lm.elidedText(label, Qt.TextElideMode.ElideRight, box.width() - 2),
                QtCore.QRectF(box.left(), box.top() + pad * 0.15 + value_h, box.width(),
                              metrics(label_px, False, False, True).height()), lpx,
                align=centre))
        bottom = top - pad * 0.4

    if sizes.line:
        text = rules_text(str(data.get("text") or data.get("flavor") or ""))
        line_px = round(max(w * sizes.line, least * 0.8))
        fm = metrics(line_px, False, False, True)
        room = bottom - (panel.top() + pad * 0.4)
        max_lines = int(room // fm.lineSpacing())
        if text and max_lines >= 1:
            lines, _whole = wrap(text, fm, panel.width() - pad, max_lines)
            body = QtCore.QRectF(panel.left() + pad * 0.5, panel.top() + pad * 0.4,
                                 panel.width() - pad, fm.lineSpacing() * len(lines))
            out.texts.append(TextBlock(
                "line", "\n".join(lines), body, line_px,
                align=int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)))
            bottom = panel.top()
    if out.tiles or bottom == panel.top():
        # the parchment holds the text and the tiles; with no text, only the tiles
        top = panel.top() if bottom == panel.top() else bottom + pad * 0.1
        out.panel = QtCore.QRectF(panel.left(), top, panel.width(), panel.bottom() - top)
    return out


PLATE_LINES = 4      # a name plate's name: up to four lines before it is elided
PLATE_SHARE = 0.4    # its type may take up to this share of the card's width
PLATE_PAD = 0.03     # its margin, as a share of the width: a plate has no tiles to line up


def _plate_lines(rect: QtCore.QRectF, px: int) -> int:
    room = rect.height() - 2 * rect.width() * PLATE_PAD
    return max(1, min(PLATE_LINES, int(room // metrics(px, True, False, True).height())))


def _plate_name(name: str, rect: QtCore.QRectF, width: float, top: int,
                floor: int) -> tuple[int, list[str]]:
    """The plate's name: whole words at the largest size from `top` to `floor`; else a
    word too long for the plate hyphenated ("Under-/ground") at the largest size that
    holds; only then smaller, whole, rather than lose letters."""
    for hyphens in (False, True):
        for px in range(top, floor - 1, -1):
            fm = metrics(px, True, False, True)
            lines, whole = (wrap_hyphenated if hyphens else wrap)(
                name, fm, width, _plate_lines(rect, px))
            if whole:
                return px, lines
    return fit_name(name, width, floor, floor, round(rect.width() * ROOM.name_min),
                    _plate_lines(rect, floor))


def _plate(data: dict[str, Any], rect: QtCore.QRectF, least: float) -> Glance:
    """The projector's face: the name, and the kind if it fits whole, both at least
    `least` (the room's smallest size, in card units) and never below ROOM's sizes."""
    w = rect.width()
    frame, title_ink = COLOURS.get(str(data.get("color", "Golden")), COLOURS["Golden"])
    out = Glance(rect=rect, frame=frame)
    pad = w * PLATE_PAD
    x, iw = rect.left() + pad, w - 2 * pad
    floor = round(min(max(least, w * ROOM.name_min), w * PLATE_SHARE))
    top = max(round(w * ROOM.name), floor)
    # as many lines as the card holds at the size tried; a word too long for the plate
    # is hyphenated, and only shrinks rather than lose letters ("Padd…" says nothing)
    name = str(data.get("name", "?"))
    px, lines = _plate_name(name, rect, iw, top, floor)
    name_h = metrics(px, True, False, True).height() * len(lines)
    kind = kind_text(data)
    kind_px = floor
    kind_fm = metrics(kind_px, False, False, False)
    room_left = rect.height() - 2 * pad - name_h
    show_kind = bool(kind) and kind_fm.horizontalAdvance(kind) <= iw \
        and kind_fm.height() <= room_left
    # from the top: a stacked Equipment card shows only its top band
    y = rect.top() + pad
    centre = int(Qt.AlignmentFlag.AlignCenter)
    out.texts.append(TextBlock("name", "\n".join(lines), QtCore.QRectF(x, y, iw, name_h),
                               px, bold=True, align=centre, ink=title_ink))
    if show_kind:
        out.texts.append(TextBlock("kind", kind,
                                   QtCore.QRectF(x, y + name_h, iw, kind_fm.height()),
                                   kind_px, align=centre, ink=title_ink))
    return out


def paint(painter: QtGui.QPainter, rect: QtCore.QRectF, data: dict[str, Any],
          mode: str = "table", least: float = 0.0) -> Glance:
    glance = layout(data, rect, mode, least)
    w = rect.width()
    frame = QtGui.QColor(glance.frame)
    radius = w * 0.06
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing)
    painter.setPen(QtGui.QPen(frame.darker(170), w * 0.012))
    painter.setBrush(frame)
    painter.drawRoundedRect(rect, radius, radius)
    if glance.panel is not None and glance.panel.height() > 2:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QtGui.QColor(PARCHMENT))
        painter.drawRoundedRect(glance.panel, radius * 0.5, radius * 0.5)
    path = card_art.image_path(data)
    if glance.art is not None and path is not None:
        card_art.paint_art(painter, glance.art, path, radius * 0.5)
    for tile in glance.tiles:
        painter.setPen(QtGui.QPen(QtGui.QColor(tile.edge), w * 0.008))
        painter.setBrush(QtGui.QColor(tile.fill))
        painter.drawRoundedRect(tile.rect, radius * 0.4, radius * 0.4)
    for block in glance.texts:
        condensed = block.role in ("name", "label", "line")
        painter.setFont(font(block.px, block.bold, block.italic, condensed))
        painter.setPen(QtGui.QColor(block.ink))
        painter.drawText(block.rect, block.align, block.text)
    painter.restore()
    return glance
