"""The table as a QGraphicsScene, laid out afresh from each view dict.

Rebuilding from the view (rather than patching items) keeps the picture a pure function
of what the engine says; a table holds a few dozen items, so this is cheap. Rows, top to
bottom: the GM's characters with the Objective and Events; the Location, the Combat
and the Twists!; the Heroes; the viewer's hands and decks.
"""

from __future__ import annotations

from typing import Any

from gui.layouts import for_view
from gui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gui.table.areas import (
    CharacterCluster,
    CountBadge,
    DropTarget,
    ZoneArea,
    header_height,
    room_title_width,
)
from gui.table.card_face import BACK_MARGIN, CARD_H, CARD_W, name_in_view
from gui.table.card_item import ROOM_TEXT, CardItem
from gui.table.counters import Badge
from gui.table.glance_face import wrap
from gui.theme import area_fill, table_ink
from gui.words import count

# cards drawn smaller than a character's: large enough that a glance face's name reads
SMALL = 0.72
# on the projector a card's name plate holds room-sized type in four lines at this scale
# (shorter long words hyphenated): at 0.72 "Suppressing Fire" needed five
ROOM_SMALL = 0.8
HAND = 0.8
TWISTS_SHOWN = 3  # the revealed Twists! beside the deck, newest last
ROOM_WORDS = 1.45  # the projector's zone titles, hand counts and Combat names, larger
# a pile of backs: each card beside the next shows only (part of) its blank frame
PILE_STEP = BACK_MARGIN * 0.7
FLOAT_MS = 2500  # how long a "−2 Social" rises over its target
ROW_GAP = 40.0
COL_GAP = 40.0
AREA_TOP = 48.0
# the projector's zone titles are room-sized (`ZoneArea`): the cards start lower
ROOM_AREA_TOP = ROOM_TEXT + 12
PAD = 16.0

PHASES = {"start": "Start of Turn", "combat": "Combat", "end": "End of Turn",
          "pursuit": "Pursuit", "over": "Game over", "interview": "Interview"}


def seat_label(seat: str | None) -> str:
    return "GM" if seat == "gm" else (seat or "").upper()


def character_header(ch: dict[str, Any]) -> str:
    role = ch.get("role") or ("hero" if ch.get("side") == "heroes" else "villain")
    if role == "villain":
        role_text = "Main Villain" if ch.get("main") else ("Crossover Villain"
                                                           if ch.get("crossover") else "Villain")
    else:
        role_text = {"hero": "Hero", "mook": "Mooks"}.get(role, role.capitalize())
    return f"{seat_label(ch.get('seat'))} · {role_text}"


def _elide_lines(text: str, font: QtGui.QFont, width: float) -> str:
    metrics = QtGui.QFontMetricsF(font)
    return "\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width)
                     for line in text.split("\n"))


def _wrap_lines(text: str, font: QtGui.QFont, width: float, height: float) -> str:
    """Each line word-wrapped to `width`, as many lines as `height` holds, the last
    elided when the text is longer."""
    metrics = QtGui.QFontMetricsF(font)
    most = max(1, int(height // metrics.lineSpacing()))
    out: list[str] = []
    for line in text.split("\n"):
        if len(out) >= most:
            break
        out += wrap(line, metrics, width, most - len(out))[0] or [""]
    return "\n".join(out)


def _drop_item(item: QtWidgets.QGraphicsItem) -> None:
    scene = item.scene()
    if scene is not None:  # a redraw may have cleared it already
        scene.removeItem(item)


class TableScene(QtWidgets.QGraphicsScene):
    sig_hover = Signal(object)               # instance dict under the pointer
    sig_drag_started = Signal(str)           # card id
    sig_drop = Signal(str, object)           # card id, target key or None
    sig_context = Signal(str, str, QtCore.QPoint)  # "card" | "character", id, screen pos
    sig_double = Signal(str, str, QtCore.QPoint)   # a double-click: the same, for an action
    sig_focus = Signal(object)               # the CardItem under the keyboard cursor, or None

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.view_data: dict[str, Any] = {}
        self.viewer = "table"
        self.card_scale = 1.0
        # how card items draw their faces: "table" (the laptop) or "room" (the projector)
        self.card_mode = "table"
        # the theme of the felt this scene is drawn on, when not the app's (the projector)
        self.felt_theme: str | None = None
        self.animate = False
        self.cards: dict[str, CardItem] = {}
        self.clusters: dict[str, CharacterCluster] = {}
        self.areas: dict[str, ZoneArea] = {}
        self.draggable: set[str] = set()
        self._targets: set[str] = set()
        self._marked: set[str] = set()   # what the last computer move named
        self._hover_key: str | None = None
        self._dragging: CardItem | Badge | None = None
        # the keyboard cursor, by card id so it survives the rebuild after every action
        self.focus_key: str | None = None
        self._focus_index = 0

    # ------------------------------------------------------------ building
    def render_view(self, view: dict[str, Any], card_scale: float = 1.0,
                    animate: bool = False) -> None:
        self._dragging = None
        self._targets = set()
        self._marked = set()
        self._hover_key = None
        self.clear()
        self.cards.clear()
        self.clusters.clear()
        self.areas.clear()
        self.draggable.clear()
        self.view_data = view
        self.viewer = str(view.get("viewer", "table"))
        self.card_scale = card_scale
        self.animate = animate
        layout = for_view(view)  # a game with its own layout (gui/layouts); else the rows below
        if layout is not None:
            layout.render(self, view)
            self.setSceneRect(self.itemsBoundingRect().adjusted(-40, -40, 40, 40))
            self._restore_focus()
            return
        chars = list(view.get("characters") or [])
        gm_side = [c for c in chars if c.get("side") != "heroes"]
        heroes = [c for c in chars if c.get("side") == "heroes"]

        head = header_height(self.card_mode == "room")
        right = self._row_gm(gm_side, 0.0)
        y = head + CARD_H + ROW_GAP
        right = max(right, self._row_middle(view, y))
        y += self.area_top() + CARD_H + PAD + ROW_GAP
        # on the projector a Hero's card picture (its plate repeats the header's name)
        # goes when with it the Heroes' row would be the table's widest (four Heroes):
        # the type size of the whole table follows its widest row
        picture = self.card_mode != "room" or self._cluster_row_width(heroes) <= right
        right = max(right, self._row_clusters(heroes, 0.0, y, picture))
        y += self._row_height(heroes) + ROW_GAP
        if self.card_mode != "room":
            # the projector's Stress board gives each seat's hand counts on its row
            self._row_hands(view, y)
        rect = self.itemsBoundingRect().adjusted(-40, -40, 40, 40)
        self.setSceneRect(rect)
        self._restore_focus()

    def _add_card(self, inst: dict[str, Any], scale: float, x: float, y: float,
                  parent: QtWidgets.QGraphicsItem | None = None) -> CardItem:
        item = CardItem(inst, scale=scale, parent=parent)
        if parent is None:
            self.addItem(item)
        item.setPos(x, y)
        item.sig_hovered.connect(self.sig_hover)
        self.cards[item.card_id] = item
        return item

    def _add_area(self, key: str, title: str, x: float, y: float, w: float, h: float,
                  subtitle: str = "", fill: QtGui.QColor | None = None) -> ZoneArea:
        area = ZoneArea(key, title, w, h, subtitle, fill=fill)
        self.addItem(area)
        area.setPos(x, y)
        self.areas[key] = area
        return area

    def _cluster_row_width(self, chars: list[dict[str, Any]]) -> float:
        """How wide a row of these characters' clusters is with their card pictures."""
        return sum(CharacterCluster.width_for(ch, room=self.card_mode == "room") + COL_GAP
                   for ch in chars) - (COL_GAP if chars else 0.0)

    def _row_height(self, chars: list[dict[str, Any]]) -> float:
        """The height of the row just laid out from these characters' clusters: on the
        projector its tallest (chips in lines under the Equipment), on the laptop a card's."""
        tallest = [self.clusters[str(ch["id"])].height() for ch in chars
                   if str(ch.get("id")) in self.clusters and self.card_mode == "room"]
        return max([header_height(self.card_mode == "room") + CARD_H, *tallest])

    def _row_clusters(self, chars: list[dict[str, Any]], x: float, y: float,
                      picture: bool = True) -> float:
        combat = self.view_data.get("combat") or {}
        for ch in chars:
            cluster = CharacterCluster(ch, character_header(ch), room=self.card_mode == "room",
                                       picture=picture)
            if ch.get("id") == combat.get("attacker"):
                cluster.combat_role = "Attacker"
            elif ch.get("id") == combat.get("defender"):
                cluster.combat_role = "Defender"
            self.addItem(cluster)
            cluster.setPos(x, y)
            self.clusters[cluster.key] = cluster
            for item in (cluster.card, *cluster.equipment):
                if item.isVisible():
                    item.sig_hovered.connect(self.sig_hover)
                    self.cards.setdefault(item.card_id, item)
            x += cluster.boundingRect().width() + COL_GAP - 24
        return x

    def _row_gm(self, chars: list[dict[str, Any]], y: float) -> float:
        x = self._row_clusters(chars, 0.0, y) + COL_GAP
        zones = self.view_data.get("zones") or {}
        small = self.small_scale()
        small_w, small_h = CARD_W * small, CARD_H * small
        objective = zones.get("objective") or {}
        if objective.get("cards"):
            revealed = objective.get("revealed")
            area = self._add_area("objective", "Objective", x, y,
                                  max(small_w + 2 * PAD, self._title_w("Objective")),
                                  self.area_top() + small_h + PAD,
                                  "" if revealed else "face down")
            self._add_card(objective["cards"][0], small, x + PAD, y + self.area_top())
            x += area.boundingRect().width() + COL_GAP
        events = list((zones.get("events_revealed") or {}).get("cards") or [])
        hidden = list((zones.get("events") or {}).get("cards") or [])
        # face-down Events lie in a squared pile (backs tell nothing apart), each one
        # showing no more than its frame beside the next: a wider fan cut each back's
        # "PLOT TWIST" band into "PL PL PL"; the revealed ones lie side by side
        fan = small_w * PILE_STEP
        pile_w = (small_w + fan * (len(hidden) - 1)) if hidden else 0.0
        width = (2 * PAD + len(events) * (small_w + 10) + pile_w
                 + (10 if events and hidden else 0))
        # on the projector the pile is as wide as its title needs: the GM's row is the
        # table's widest, and every unit of it costs the whole table's type size at 4:3
        width = max(width, self._title_w("Events") if self.card_mode == "room" else 320.0)
        self._add_area("events", "Events", x, y, width, self.area_top() + small_h + PAD,
                       f"{len(events)} revealed · {len(hidden)} face down")
        cx = x + PAD
        for inst in events:
            self._add_card(inst, small, cx, y + self.area_top())
            cx += small_w + 10
        for inst in hidden:
            self._add_card(inst, small, cx, y + self.area_top())
            cx += fan
        return x + width

    def _row_middle(self, view: dict[str, Any], y: float) -> float:
        zones = view.get("zones") or {}
        small = self.small_scale()
        small_w, small_h = CARD_W * small, CARD_H * small
        height = self.area_top() + CARD_H + PAD
        x = 0.0
        bystanders = list((zones.get("bystanders") or {}).get("cards") or [])
        place = view.get("lair") or view.get("location")
        title = "Lair" if view.get("lair") else "Location"
        width = max(430.0, CARD_W + 2 * PAD + len(bystanders) * (small_w + 10)
                    + (10 if bystanders else 0))
        self._add_area("location", title, x, y, width, height,
                       f"{len(bystanders)} Bystander{'s' if len(bystanders) != 1 else ''}")
        if place:
            self._add_card(place, 1.0, x + PAD, y + self.area_top())
        for i, inst in enumerate(bystanders):
            self._add_card(inst, small, x + PAD + CARD_W + 10 + i * (small_w + 10),
                           y + self.area_top() + (CARD_H - small_h) / 2)
        x += width + COL_GAP

        combat = view.get("combat")
        played = list((combat or {}).get("played") or [])
        names_w = 420.0
        # on the projector each caption is a room-sized first name nearly as wide as its
        # card: a wider gap keeps "Brannoch" and "Grist" two captions, not one phrase
        step = small_w + (34 if self.card_mode == "room" else 14)
        width = max(1000.0, 2 * PAD + names_w + len(played) * step)
        subtitle = ""
        if combat:
            subtitle = (f"{str(combat.get('step', '')).capitalize()} step · "
                        f"{str(combat.get('distance', '')).capitalize()} Distance")
        area = self._add_area("combat", "Combat", x, y, width, height, subtitle,
                              fill=QtGui.QColor(142, 44, 44, 60) if combat
                              else area_fill(14, self.felt_theme))
        text = self._text(self._combat_text(view), area)
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(round(ROOM_TEXT if self.card_mode == "room"
                                else (36 if combat else 28)))
        font.setBold(bool(combat))
        text.setFont(font)
        # the names stay left of the played cards, whatever their size
        room_w = (names_w if played else width - PAD) - PAD
        if self.card_mode == "room":
            # room-sized words wrap (down the area) rather than lose their ends
            text.setText(_wrap_lines(text.text(), font, room_w,
                                     height - self.area_top() - 10 - PAD))
        else:
            text.setText(_elide_lines(text.text(), font, room_w))
        text.setPos(PAD, self.area_top() + 10)
        # the played cards sit right of the combatants' names, each captioned with who
        # played it, so the room can follow the Combat without hovering
        for i, inst in enumerate(played):
            cx = PAD + names_w + i * step
            cy = self.area_top() + 40 + (CARD_H - 40 - small_h) / 2
            room = self.card_mode == "room"
            if room:   # the caption's room-sized line stays under the area's title
                cy = max(cy, self.area_top() + ROOM_TEXT * 1.2)
            item = self._add_card(inst, small, cx, cy, parent=area)
            by = self._name(inst.get("by"))
            item.set_tip(f"{item.tip_text}\n(played by {by})")
            # the projector: the first name, at the room's size (the spotlight says
            # "Played by" with the whole name)
            by = by.split()[0] if room and by.split() else by
            caption = self._text(by, area)
            cfont = QtGui.QFont("DejaVu Sans")
            cfont.setPixelSize(round(ROOM_TEXT if room else 20))
            if room:
                cfont.setStretch(QtGui.QFont.Stretch.Condensed)
            caption.setFont(cfont)
            metrics = QtGui.QFontMetricsF(cfont)
            caption.setText(metrics.elidedText(by, QtCore.Qt.TextElideMode.ElideRight,
                                               small_w + (10 if room else 0)))
            caption.setPos(cx, cy - (metrics.height() + 2 if room else 30))
        x += width + COL_GAP

        deck = zones.get("twists_deck") or {}
        revealed = list((zones.get("twists_revealed") or {}).get("cards") or [])
        width = 2 * PAD + (small_w + 10) * (1 + min(len(revealed), TWISTS_SHOWN)) + 10
        self._add_area("twists", "Twists!", x, y, width, height,
                       f"Turn {view.get('turn', '?')}")
        back = {"id": "twists_deck", "back": "twist"}
        item = self._add_card(back, small, x + PAD, y + self.area_top() + (CARD_H - small_h) / 2)
        item.set_tip(f"Twists! deck: {deck.get('count', 0)} left")
        badge = CountBadge(int(deck.get("count", 0)), f"{deck.get('count', 0)} Twists! left")
        self.addItem(badge)
        badge.setPos(item.pos() + QtCore.QPointF(small_w - 86, -30))
        shown = revealed[-TWISTS_SHOWN:]
        for i, inst in enumerate(shown):
            self._add_card(inst, small, x + PAD + (i + 1) * (small_w + 10) + 10,
                           y + self.area_top() + (CARD_H - small_h) / 2)
        return x + width

    def _title_w(self, title: str) -> float:
        """The width an area needs for its title: on the projector, the room-sized one."""
        return room_title_width(title) if self.card_mode == "room" else 0.0

    def small_scale(self) -> float:
        """The scale of the cards drawn smaller than a character's (Objective, Events,
        Twists!, Bystanders, the Combat's played cards)."""
        return ROOM_SMALL if self.card_mode == "room" else SMALL

    def area_top(self) -> float:
        """Where an area's cards start, under its title."""
        return ROOM_AREA_TOP if self.card_mode == "room" else AREA_TOP

    def room_factor(self) -> float:
        """How much larger the scene's own words are on the projector."""
        return ROOM_WORDS if self.card_mode == "room" else 1.0

    def _text(self, text: str, parent: QtWidgets.QGraphicsItem
              ) -> QtWidgets.QGraphicsSimpleTextItem:
        item = QtWidgets.QGraphicsSimpleTextItem(text, parent)
        item.setBrush(QtGui.QColor(table_ink(self.felt_theme)))
        item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        return item

    def _combat_text(self, view: dict[str, Any]) -> str:
        combat = view.get("combat")
        if view.get("winner"):
            return f"Game over.\n{view.get('result') or str(view['winner']).capitalize() + ' win'}"
        if not combat:
            phase = PHASES.get(str(view.get("phase")), str(view.get("phase", "")))
            return f"No Combat.\n{phase} phase — {str(view.get('initiative', '?')).capitalize()}"\
                   " hold Initiative."
        attacker = self._name(combat.get("attacker"))
        defender = self._name(combat.get("defender"))
        return f"{attacker}\nvs\n{defender}"

    def _name(self, ident: Any) -> str:
        return name_in_view(self.view_data, ident)

    def _row_hands(self, view: dict[str, Any], y: float) -> None:
        zones = view.get("zones") or {}
        viewer = self.viewer
        scale = HAND * self.card_scale
        cw, ch = CARD_W * scale, CARD_H * scale
        x = 0.0
        if viewer == "table":
            seats = sorted({n.split(":", 1)[1] for n in zones if n.startswith("plot_hand:")},
                           key=lambda s: (s != "gm", s))
            room = self.card_mode == "room"
            words = ROOM_TEXT if room else 26
            box_w, box_h = 360 * self.room_factor(), self.area_top() + 2.4 * words + PAD
            for seat in seats:
                plots = (zones.get(f"plot_hand:{seat}") or {}).get("count", 0)
                fights = (zones.get(f"combat_hand:{seat}") or {}).get("count", 0)
                deck = (zones.get(f"combat_deck:{seat}") or {}).get("count", 0)
                on_phone = (zones.get(f"plot_hand:{seat}") or {}).get("on_phone")
                self._add_area(f"hands:{seat}", seat_label(seat) + (" — on phone" if on_phone
                                                                    else ""), x, y, box_w, box_h)
                # the projector's room-sized line says "3 Combat": "cards" no longer fits
                fight_words = f"{fights} Combat" if room else count(fights, 'Combat card')
                text = self._text(f"{count(plots, 'Plot')} · {fight_words}\n"
                                  f"{deck} in Combat deck",
                                  self.areas[f"hands:{seat}"])
                font = QtGui.QFont("DejaVu Sans")
                font.setPixelSize(round(words))
                font.setStretch(QtGui.QFont.Stretch.Condensed)
                text.setFont(font)
                text.setPos(PAD, self.area_top() + 4)
                x += box_w + COL_GAP
            return
        for zone_name, title in ((f"plot_hand:{viewer}", "Plot hand"),
                                 (f"combat_hand:{viewer}", "Combat hand")):
            zone = zones.get(zone_name) or {"count": 0, "cards": []}
            cards = list(zone.get("cards") or [])
            width = max(3, len(cards)) * (cw + 10) + 2 * PAD
            if zone.get("on_phone"):   # the player holds these cards on their phone
                title += " — on phone"
            self._add_area(zone_name, f"{title} ({seat_label(viewer)})", x, y, width,
                           self.area_top() + ch + PAD,
                           count(int(zone.get("count", len(cards))), "card"))
            for i, inst in enumerate(cards):
                item = self._add_card(inst, scale, x + PAD + i * (cw + 10), y + self.area_top())
                if item.face is not None:
                    self.make_draggable(item)
            x += width + COL_GAP
        deck = zones.get(f"combat_deck:{viewer}") or {}
        discard = zones.get(f"discard:{viewer}") or {}
        width = 2 * PAD + 2 * (cw + 10)
        self._add_area(f"decks:{viewer}", "Decks", x, y, width, self.area_top() + ch + PAD,
                       f"discard {discard.get('count', 0)}")
        item = self._add_card({"id": f"combat_deck:{viewer}", "back": "combat"}, scale,
                              x + PAD, y + self.area_top())
        left = count(int(deck.get("count", 0)), "card")
        item.set_tip(f"Combat deck: {left}")
        badge = CountBadge(int(deck.get("count", 0)), f"{left} in the Combat deck")
        self.addItem(badge)
        badge.setPos(item.pos() + QtCore.QPointF(cw - 86, -30))
        top = (discard.get("cards") or [])[-1:] if discard.get("cards") else []
        for inst in top:
            self._add_card(inst, scale, x + PAD + cw + 10, y + self.area_top())

    # ------------------------------------------------------------ keyboard focus
    def focus_order(self) -> list[CardItem]:
        """Every card in reading order: row by row, top to bottom, each left to right.

        Cards of one row do not share a top edge (small cards sit centred beside big
        ones), so a card starts a new row only when it is half a card below the row's top.
        """
        items = sorted(self.cards.values(), key=lambda c: c.sceneBoundingRect().top())
        rows: list[list[CardItem]] = []
        top = None
        for item in items:
            y = item.sceneBoundingRect().top()
            if top is None or y > top + CARD_H * 0.5:
                rows.append([])
                top = y
            rows[-1].append(item)
        return [c for row in rows for c in sorted(row, key=lambda c: c.sceneBoundingRect().left())]

    def focused_item(self) -> CardItem | None:
        return self.cards.get(self.focus_key) if self.focus_key else None

    def set_focus_card(self, item: CardItem | None) -> None:
        old = self.focused_item()
        if old is not None and old is not item:
            old.set_focus_ring(False)
        self.focus_key = item.card_id if item is not None else None
        if item is not None:
            item.set_focus_ring(True)
            order = self.focus_order()
            self._focus_index = order.index(item) if item in order else 0
            self.sig_hover.emit(item.instance)  # the inspector follows the keyboard too
        self.sig_focus.emit(item)

    def move_focus(self, step: int) -> bool:
        """Tab order: the next (+1) or previous (-1) card; False past either end."""
        order = self.focus_order()
        current = self.focused_item()
        if current is None:
            index = 0 if step > 0 else len(order) - 1
        else:
            index = order.index(current) + step
        if not order or not 0 <= index < len(order):
            return False
        self.set_focus_card(order[index])
        return True

    def move_focus_towards(self, dx: int, dy: int) -> bool:
        """Arrow keys: the nearest card whose centre lies that way, favouring straight lines."""
        current = self.focused_item()
        if current is None:
            return self.move_focus(1)
        here = current.sceneBoundingRect().center()
        best: tuple[float, CardItem] | None = None
        for item in self.cards.values():
            if item is current:
                continue
            d = item.sceneBoundingRect().center() - here
            along = d.x() * dx + d.y() * dy
            if along <= 1:
                continue
            across = abs(d.y() * dx) + abs(d.x() * dy)
            score = along + 3 * across
            if best is None or score < best[0]:
                best = (score, item)
        if best is None:
            return False
        self.set_focus_card(best[1])
        return True

    def _restore_focus(self) -> None:
        """After a rebuild: the same card, or the one now at its place in the order."""
        if self.focus_key is None:
            return
        item = self.cards.get(self.focus_key)
        if item is None:
            order = self.focus_order()
            item = order[min(self._focus_index, len(order) - 1)] if order else None
        self.set_focus_card(item)

    def context_target(self, item: CardItem) -> tuple[str, str]:
        """("character", id) for a character's own card, else ("card", card id)."""
        parent = item.parentItem()
        if isinstance(parent, CharacterCluster) and item is parent.card:
            return "character", parent.key
        return "card", item.card_id

    def area_of(self, item: CardItem) -> ZoneArea | None:
        centre = item.sceneBoundingRect().center()
        for area in self.areas.values():
            if area.sceneBoundingRect().contains(centre):
                return area
        return None

    def accessible_text(self, item: CardItem) -> tuple[str, str]:
        """(name, description) a screen reader says for a card: what it is, where it lies,
        and for a character its counters and statuses, which are painted, not read."""
        parent = item.parentItem()
        if isinstance(parent, CharacterCluster) and item is parent.card:
            name = str(parent.character.get("name") or item.accessible_name)
            bits = [parent.accessible_name]
            if parent.combat_role:
                bits.append(f"{parent.combat_role} in the Combat")
            bits += [b.accessible_name for b in parent.counters.badges]
            statuses = [b.accessible_name for b in parent.counters.status_badges]
            bits.append("Statuses: " + ", ".join(statuses) if statuses else "No statuses")
            bits.append(item.accessible_name)
            if parent.equipment:
                bits.append("Equipment: " + ", ".join(e.accessible_name for e in parent.equipment))
            return name, ". ".join(bits)
        name = item.accessible_name
        bits = []
        tip = item.tip_text.split("\n")
        if isinstance(parent, CharacterCluster):
            bits.append(f"Equipment of {parent.character.get('name')}")
        else:
            area = self.area_of(item)
            if area is not None:
                bits.append(f"In {area.accessible_name}")
        bits += [line for line in tip if line and line != name]
        return name, ". ".join(bits)

    # ------------------------------------------------------------ dragging
    def make_draggable(self, item: CardItem | Badge) -> None:
        item.set_draggable(True)
        item.sig_pressed.connect(self._drag_started)
        item.sig_released.connect(self._drag_released)
        self.draggable.add(item.card_id)

    def make_counters_draggable(self, keys: set[str]) -> None:
        """Counter badges ("counter:<character>:<counter>") that can be dropped on someone."""
        for key in keys:
            _, char_id, counter = key.split(":", 2)
            cluster = self.clusters.get(char_id)
            badge = cluster.counters.spendable.get(counter) if cluster is not None else None
            if badge is not None:
                self.make_draggable(badge)

    def make_characters_draggable(self, char_ids: set[str]) -> None:
        """Character cards that can be dragged onto someone (to start a Combat…)."""
        for char_id in char_ids:
            cluster = self.clusters.get(char_id)
            if cluster is not None:
                self.make_draggable(cluster.card)

    def target_item(self, key: str) -> Any:
        if key in self.clusters:
            return self.clusters[key]
        if key in self.areas:
            return self.areas[key]
        return self.cards.get(key)

    def float_text(self, char_id: str, text: str, animate: bool = True
                   ) -> QtWidgets.QGraphicsTextItem | None:
        """A large "−2 Social" over a character that rises and fades (or stays until the
        next redraw without animations): the room sees where the damage went."""
        cluster = self.clusters.get(char_id)
        if cluster is None or not text:
            return None
        item = QtWidgets.QGraphicsTextItem()
        item.setPlainText(text)  # built from engine data: never markup
        font = QtGui.QFont("DejaVu Sans")
        font.setPixelSize(64)
        font.setBold(True)
        item.setFont(font)
        item.setDefaultTextColor(QtGui.QColor("#e0413a"))
        item.setZValue(1000)
        self.addItem(item)
        box = cluster.sceneBoundingRect()
        start = QtCore.QPointF(box.center().x() - item.boundingRect().width() / 2,
                               box.top() + box.height() * 0.3)
        item.setPos(start)
        if animate:
            group = QtCore.QParallelAnimationGroup(item)
            rise = QtCore.QPropertyAnimation(item, b"pos", group)
            rise.setDuration(FLOAT_MS)
            rise.setEndValue(start - QtCore.QPointF(0, box.height() * 0.4))
            fade = QtCore.QPropertyAnimation(item, b"opacity", group)
            fade.setDuration(FLOAT_MS)
            fade.setKeyValueAt(0.0, 1.0)
            fade.setKeyValueAt(0.7, 1.0)
            fade.setKeyValueAt(1.0, 0.0)
            group.addAnimation(rise)
            group.addAnimation(fade)
            group.finished.connect(lambda: _drop_item(item))
            group.start()
        return item

    def highlight(self, keys: set[str]) -> None:
        for key in self._targets - keys:
            item = self.target_item(key)
            if item is not None:
                item.set_highlight("mover" if key in self._marked else None)
        self._targets = set(keys)
        for key in keys:
            item = self.target_item(key)
            if item is not None:
                item.set_highlight("target")

    def mark(self, keys: set[str] | frozenset[str]) -> None:
        """Mark what a computer's move named (the room sees who moved, at whom) until the
        next mark or redraw; a legal drop's highlight wins while a card is dragged."""
        for key in self._marked - set(keys):
            item = self.target_item(key)
            if item is not None and key not in self._targets:
                item.set_highlight(None)
        self._marked = set(keys)
        for key in self._marked - self._targets:
            item = self.target_item(key)
            if item is not None:
                item.set_highlight("mover")

    def clear_highlight(self) -> None:
        self.highlight(set())
        self._hover_key = None

    def key_at(self, pos: QtCore.QPointF, exclude: QtWidgets.QGraphicsItem | None = None
               ) -> str | None:
        """The drop target under `pos`: a character, a card (Bystander…), or an area."""
        for item in self.items(pos):
            if exclude is not None and (item is exclude or exclude.isAncestorOf(item)):
                continue
            node = item
            while node is not None:
                if isinstance(node, CharacterCluster):
                    return node.key
                if isinstance(node, CardItem) and node.card_id in self._targets:
                    return node.card_id
                if isinstance(node, DropTarget):
                    return node.key
                node = node.parentItem()
        return None

    def _drag_started(self, item: CardItem | Badge) -> None:
        self._dragging = item
        if item.parentItem() is not None:  # in a cluster: lift the cluster above the others
            item.topLevelItem().setZValue(1000)
        self.sig_drag_started.emit(item.card_id)

    def _drag_released(self, item: CardItem | Badge, pos: QtCore.QPointF) -> None:
        key = self.key_at(pos, exclude=item)
        self._dragging = None
        card_id = item.card_id
        item.snap_back(self.animate)
        if item.parentItem() is not None:
            item.topLevelItem().setZValue(0)
        self.clear_highlight()
        # after this mouse event has returned: the drop may rebuild the scene, and an item
        # must not be deleted inside its own event handler
        QtCore.QTimer.singleShot(0, lambda: self.sig_drop.emit(card_id, key))

    def mouseMoveEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        if self._dragging is None:
            return
        key = self.key_at(event.scenePos(), exclude=self._dragging)
        if key != self._hover_key:
            if self._hover_key is not None:
                old = self.target_item(self._hover_key)
                if old is not None:
                    old.set_highlight("target" if self._hover_key in self._targets else None)
            self._hover_key = key if key in self._targets else None
            if self._hover_key is not None:
                self.target_item(self._hover_key).set_highlight("hover")

    def mouseReleaseEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        if self._dragging is not None:  # picked up and put down in place: no drop
            self._dragging = None
            self.clear_highlight()

    def target_at(self, pos: QtCore.QPointF) -> tuple[str, str] | None:
        """("card" | "character", id) of the topmost card or character at a scene point."""
        for item in self.items(pos):
            node = item
            while node is not None:
                if isinstance(node, CardItem):
                    return self.context_target(node)
                if isinstance(node, CharacterCluster):
                    return "character", node.key
                node = node.parentItem()
        return None

    def contextMenuEvent(self, event: QtWidgets.QGraphicsSceneContextMenuEvent) -> None:  # noqa: N802
        target = self.target_at(event.scenePos())
        if target is None:
            super().contextMenuEvent(event)
            return
        self.sig_context.emit(*target, event.screenPos())
        event.accept()

    def mouseDoubleClickEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        target = self.target_at(event.scenePos())
        if event.button() != Qt.MouseButton.LeftButton or target is None:
            super().mouseDoubleClickEvent(event)
            return
        event.accept()
        pos = event.screenPos()
        # after the event has returned: the action rebuilds the scene, deleting the item
        QtCore.QTimer.singleShot(0, lambda: self.sig_double.emit(*target, pos))
