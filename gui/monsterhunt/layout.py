"""The Monster Hunt table (docs/rules/monsterhunt-gui.md), drawn from the fight's view.

Rows, top to bottom: the GM's enemies (a stat sheet and the Health stack as a pile with
its count; a major threat at 1 shows its last card face up; defeated enemies greyed), the
GM's deck and hand; both Audience pools with their poker hand, the discard and the
revealed last card; the heroes with Health badges and, beside each, his face-down
engagement cards; the viewer's hand and the Players' deck. Every place a card may be
dropped is keyed as the controller matches it: an enemy or hero id, ``facedown:pN``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gui.layouts.base import Summary, TableLayout, Tracker
from gui.plain_text import tooltip
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.table.areas import CountBadge, ZoneArea
from gui.table.card_face import CARD_H, CARD_W
from gui.table.counters import Badge

if TYPE_CHECKING:
    from gui.controller import GameController
    from gui.panels.hints import Hint
    from gui.table.card_item import CardItem
    from gui.table.scene import TableScene

SHEET = 0.8
PILE = 0.6
SMALL = 0.6
HAND = 0.72
PAD = 16.0
TOP = 48.0          # an area's title band
GAP = 40.0
ROW_GAP = 70.0
PILE_STEP = 9.0     # each card under the top one shows this much
PILE_SHOWN = 6
BADGE_W = 190.0
BADGE_H = 58.0
POOL_SLOTS = 5      # MH-AUD-2: a pool never holds more than five cards
FINISHING_FILL = QtGui.QColor(242, 201, 76, 110)
SEAT_NAMES = {"gm": "GM"}
# the five phases (MH-ROUND-1), short enough for one row on a 1280-pixel projector
SHORT_PHASES = {"initiative": "Initiative", "disengaged": "Disengaged enemies",
                "players": "Players", "engaged": "Engaged enemies", "cleanup": "Cleanup"}
PLAYERS_COLOUR = "#1f5a7a"
GM_COLOUR = "#7a1f2b"


def seat_title(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat.upper())


def zone(view: dict[str, Any], name: str) -> dict[str, Any]:
    return (view.get("zones") or {}).get(name) or {"count": 0, "cards": []}


def sheet(fighter: dict[str, Any], hero: bool) -> dict[str, Any]:
    """A fighter's stat line as a card the generic sheet painter draws."""
    power = fighter.get("power") or {}
    if hero:
        role = f"{seat_title(str(fighter.get('seat') or ''))} · Hero"
    else:
        role = "Monster of the Week" if fighter.get("major") else "Minor threat"
    return {"sheet": True, "name": fighter.get("name"), "role": role,
            "stats": [["Attack", fighter.get("attack")], ["Dodge", fighter.get("dodge")],
                      ["Health", fighter.get("health")]],
            "power": power.get("name"), "text": power.get("text"),
            "accent": PLAYERS_COLOUR if hero else GM_COLOUR}


def pool_subtitle(pool: dict[str, Any]) -> str:
    name = str(pool.get("hand_name") or "no hand")
    if pool.get("finishing"):
        return f"{name.capitalize()} — FINISHING MOVE"
    if pool.get("hand") not in (None, "nothing"):
        return f"{name.capitalize()} — Special Attack"
    return name.capitalize()


class ClickArea(ZoneArea):
    """An area a click opens the menu of (a pool's Special Attacks, the reveal's choice)."""

    def mousePressEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QtWidgets.QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene: Any = self.scene()  # the TableScene, with its sig_context
        if event.button() != Qt.MouseButton.LeftButton or scene is None:
            super().mouseReleaseEvent(event)
            return
        key, pos = self.key, event.screenPos()
        # after the event: the menu's action rebuilds the scene, deleting this item
        QtCore.QTimer.singleShot(0, lambda: scene.sig_context.emit("card", key, pos))


def click_area(scene: TableScene, key: str, title: str, x: float, y: float, w: float,
               h: float, subtitle: str = "", fill: QtGui.QColor | None = None) -> ClickArea:
    area = ClickArea(key, title, w, h, subtitle, fill=fill)
    scene.addItem(area)
    area.setPos(x, y)
    area.setCursor(Qt.CursorShape.PointingHandCursor)
    scene.areas[key] = area
    return area


class MonsterHuntLayout(TableLayout):
    game_id = "monsterhunt"
    name = "Monster Hunt"

    def controller_class(self) -> type[GameController]:
        from gui.monsterhunt.controller import HuntController

        return HuntController

    def quick(self, seed: int) -> Any:
        from engine.monsterhunt.game import Game

        # a GM and two players against two minor threats and a Monster of the Week
        return Game.quick(players=2, seed=seed)

    # ------------------------------------------------------------ tracker / projector
    def tracker(self, view: dict[str, Any]) -> Tracker:
        chips = [(SHORT_PHASES.get(str(p.get("id")), str(p.get("name"))), bool(p.get("current")))
                 for p in view.get("tracker") or []]
        return Tracker(f"Round {view.get('round', '–')}", self.status(view), chips)

    def status(self, view: dict[str, Any]) -> str:
        winner = view.get("winner")
        if winner:
            return {"players": "The hunters win!", "gm": "The monsters win!",
                    "draw": "A draw"}.get(str(winner), f"Fight over: {winner}")
        if view.get("pending"):
            return "The GM decides where the defeated enemy's last card goes"
        owes = int(view.get("gm_owes") or 0)
        to_act = [str(s) for s in view.get("to_act") or []]
        if to_act == ["gm"]:
            return f"GM to act — owes {owes} attack{'s' if owes != 1 else ''}" if owes \
                else "GM to act"
        who = ", ".join(seat_title(s) for s in to_act)  # the clusters say whose hero
        return f"To act: {who}" if who else ""

    def hints(self) -> tuple[Hint, ...]:
        from gui.monsterhunt.hints import HUNT_HINTS

        return HUNT_HINTS

    def summary(self, view: dict[str, Any]) -> Summary:
        pools = view.get("audience") or {}
        detail = (f"Players' pool: {pool_subtitle(pools.get('players') or {})}\n"
                  f"GM's pool: {pool_subtitle(pools.get('gm') or {})}")
        return Summary(f"Round {view.get('round', '–')} · {view.get('phase_name', '')}",
                       self.status(view), detail)

    # ------------------------------------------------------------ the table
    def render(self, scene: TableScene, view: dict[str, Any]) -> None:
        y = 0.0
        self._row_gm(scene, view, y)
        y += TOP + CARD_H * SHEET + PAD + ROW_GAP
        self._row_middle(scene, view, y)
        y += TOP + CARD_H * SMALL + PAD + ROW_GAP
        right = self._row_heroes(scene, view, y)
        if scene.viewer == "table":
            # the projector: hand sizes are on the heroes' badges; the deck ends their row
            self._players_deck(scene, view, right, y)
        else:
            y += TOP + CARD_H * SHEET + PAD + ROW_GAP
            self._players_deck(scene, view, self._row_hand(scene, view, y), y)
        # names, Powers and card labels come from the pack and the save: plain text only
        for item in scene.items():
            tip = item.toolTip()
            if tip and not tip.startswith("<p style"):
                item.setToolTip(tooltip(tip))

    def _sheet_item(self, scene: TableScene, fighter: dict[str, Any], hero: bool,
                    area: ZoneArea) -> CardItem:
        item = scene._add_card({"id": str(fighter["id"]), "card": sheet(fighter, hero)}, SHEET,
                               PAD, TOP, parent=area)
        return item

    def _pile(self, scene: TableScene, cards: list[dict[str, Any]], x: float, y: float,
              parent: ZoneArea, what: str) -> None:
        """A stack of cards drawn as a pile, its top card last, with a count badge."""
        shown = cards[-PILE_SHOWN:]
        depth = (len(shown) - 1) * PILE_STEP
        for i, inst in enumerate(shown):
            scene._add_card(inst, PILE, x + i * PILE_STEP, y + depth - i * PILE_STEP,
                            parent=parent)
        badge = CountBadge(len(cards), f"{len(cards)} {what}", parent=parent)
        badge.setPos(x + CARD_W * PILE + depth - 60, y - 24)

    def _row_gm(self, scene: TableScene, view: dict[str, Any], y: float) -> None:
        x = 0.0
        height = TOP + CARD_H * SHEET + PAD
        pile_w = CARD_W * PILE + (PILE_SHOWN - 1) * PILE_STEP
        for enemy in view.get("enemies") or []:
            eid = str(enemy["id"])
            stack = zone(view, f"stack:{eid}")
            bits = ["Monster of the Week" if enemy.get("major") else "minor"]
            if enemy.get("out"):
                bits = ["defeated"]
            elif enemy.get("disengaged"):
                bits.append("disengaged")
            width = PAD + CARD_W * SHEET + PAD + pile_w + 30 + PAD
            area = scene._add_area(eid, str(enemy.get("name")), x, y, width, height,
                                   " · ".join(bits))
            self._sheet_item(scene, enemy, False, area)
            cards = list(stack.get("cards") or [])
            if cards:
                self._pile(scene, cards, PAD + CARD_W * SHEET + PAD, TOP + 40, area,
                           "Health card(s)")
            else:
                gone = scene._text("DEFEATED", area)
                gone.setFont(_font(34, bold=True))
                gone.setPos(PAD + CARD_W * SHEET + PAD, TOP + 120)
            if enemy.get("out"):
                area.setOpacity(0.4)
            x += width + GAP
        # the GM's deck and hand
        deck = zone(view, "gm_deck")
        hand = zone(view, "gm_hand")
        width = PAD + CARD_W * PILE + PAD
        area = scene._add_area("gm_deck", "GM deck", x, y, width + 20, height,
                               f"{deck.get('count', 0)} left")
        deck_item = scene._add_card({"id": "gm_deck", "back": "gm"}, PILE, PAD, TOP + 40,
                                    parent=area)
        deck_item.setToolTip(f"GM deck: {deck.get('count', 0)} cards")
        badge = CountBadge(int(deck.get("count", 0)), f"{deck.get('count', 0)} cards in the "
                           "GM deck", parent=area)
        badge.setPos(PAD + CARD_W * PILE - 60, TOP + 16)
        x += width + 20 + GAP
        if scene.viewer != "gm":
            cards = list(hand.get("cards") or [])
            fan = 40.0
            width = max(PAD * 2 + CARD_W * SMALL + fan * max(0, len(cards) - 1), 300.0)
            area = scene._add_area("gm_hand", "GM hand", x, y, width, height,
                                   f"{hand.get('count', 0)} card(s)")
            for i, inst in enumerate(cards):
                scene._add_card(inst, SMALL, PAD + i * fan, TOP + 40, parent=area)

    def _row_middle(self, scene: TableScene, view: dict[str, Any], y: float) -> None:
        pools = view.get("audience") or {}
        height = TOP + CARD_H * SMALL + PAD
        slot = CARD_W * SMALL * 0.72  # fanned: every corner index shows
        x = 0.0
        for key, title in (("gm", "GM's Audience"), ("players", "Players' Audience")):
            if key == "players":
                x = self._discard_and_reveal(scene, view, x, y, height)
            pool = pools.get(key) or {}
            width = 2 * PAD + CARD_W * SMALL + (POOL_SLOTS - 1) * slot
            area = click_area(scene, f"audience:{key}", title, x, y, width, height,
                              pool_subtitle(pool),
                              fill=FINISHING_FILL if pool.get("finishing") else None)
            area.setToolTip(f"{title}: {pool_subtitle(pool)}. Click it to spend the pool on "
                            "a Special Attack (MH-AUD-3)")
            for i, inst in enumerate(zone(view, f"audience:{key}").get("cards") or []):
                scene._add_card(inst, SMALL, PAD + i * slot, TOP, parent=area)
            x += width + GAP

    def _discard_and_reveal(self, scene: TableScene, view: dict[str, Any], x: float,
                            y: float, height: float) -> float:
        discard = zone(view, "discard")
        width = 2 * PAD + CARD_W * SMALL + 20
        area = scene._add_area("discard", "Discard", x, y, width, height,
                               f"{discard.get('count', 0)}")
        top = list(discard.get("cards") or [])[-1:]
        for inst in top:
            scene._add_card(inst, SMALL, PAD, TOP, parent=area)
        x += width + GAP
        reveal = list(zone(view, "reveal").get("cards") or [])
        width = 2 * PAD + CARD_W * SMALL + 60
        area = click_area(scene, "reveal", "Revealed", x, y, width, height,
                          "GM: click it" if reveal else "")
        area.setToolTip("A defeated enemy's last card: the GM keeps it for his Audience "
                        "pool or discards it (MH-DEF-1)")
        for inst in reveal:
            scene._add_card(inst, SMALL, PAD, TOP, parent=area)
        return x + width + GAP

    def _row_heroes(self, scene: TableScene, view: dict[str, Any], y: float) -> float:
        x = 0.0
        height = TOP + CARD_H * SHEET + PAD
        for hero in view.get("heroes") or []:
            seat = str(hero.get("seat"))
            width = PAD + CARD_W * SHEET + PAD + BADGE_W + PAD
            title = f"{seat_title(seat)} · {hero.get('name')}"
            area = scene._add_area(str(hero["id"]), title, x, y, width, height,
                                   "down" if hero.get("out") else "")
            self._sheet_item(scene, hero, True, area)
            hp, top = int(hero.get("hp") or 0), int(hero.get("health") or 0)
            power = (hero.get("power") or {}).get("name") or "Power"
            kind = (hero.get("power") or {}).get("kind")
            # Aim is once a round, Rally once a fight (MH-R-POW-AIM/RALLY); the rest always on
            used = (kind == "aim" and hero.get("aimed")) or (kind == "rally"
                                                              and hero.get("rallied"))
            state = "used" if used else ("ready" if kind in ("aim", "rally") else "on")
            rows = [("HP", f"{hp}/{top}", "#c0392b", f"Health {hp} of {top}", hp <= 1),
                    ("Hand", str(hero.get("hand", 0)), PLAYERS_COLOUR,
                     f"{hero.get('hand', 0)} card(s) in hand", False),
                    ("Down", str(hero.get("facedown", 0)), "#455a64",
                     f"{hero.get('facedown', 0)} face-down card(s): enemies engaged", False)]
            by = TOP
            for label, value, colour, name, alarm in rows:
                badge = Badge(label, value, colour, name, width=BADGE_W,
                              height=BADGE_H if label != "HP" else BADGE_H * 1.4,
                              parent=area, alarm=alarm)
                badge.setPos(PAD + CARD_W * SHEET + PAD, by)
                by += badge.boundingRect().height() + 10
            chip = Badge("Power", state, "#7f8c8d" if used else "#6c2c91",
                         f"Power {power}: {state}",
                         width=BADGE_W, height=BADGE_H, parent=area)
            chip.setPos(PAD + CARD_W * SHEET + PAD, by)
            if hero.get("out"):
                area.setOpacity(0.4)
            x += width + 16
            # the face-down engagement cards, in front of their player (MH-INIT-3)
            cards = list(zone(view, f"facedown:{seat}").get("cards") or [])
            step = CARD_W * 0.5 * 0.45
            fw = max(2 * PAD + CARD_W * 0.5 + step * max(0, len(cards) - 1), 240.0)
            down = scene._add_area(f"facedown:{seat}", "Engaged", x, y, fw, height,
                                   f"{len(cards)} face down")
            down.setToolTip(f"{seat_title(seat)}'s face-down cards: each engages one enemy "
                            "(MH-INIT-1). Drop a hand card here to engage.")
            for i, inst in enumerate(cards):
                scene._add_card(inst, 0.5, PAD + i * step, TOP + 20, parent=down)
            x += fw + GAP
        return x

    def _row_hand(self, scene: TableScene, view: dict[str, Any], y: float) -> float:
        """The viewer's own hand, face up and draggable; returns where the row ends."""
        viewer = scene.viewer
        scale = HAND * scene.card_scale
        cw, ch = CARD_W * scale, CARD_H * scale
        name = "gm_hand" if viewer == "gm" else f"hand:{viewer}"
        cards = list(zone(view, name).get("cards") or [])
        width = max(4, len(cards)) * (cw + 12) + 2 * PAD
        scene._add_area(name, f"Your hand ({seat_title(viewer)})", 0.0, y, width,
                        TOP + ch + PAD, f"{len(cards)} card(s)")
        for i, inst in enumerate(cards):
            item = scene._add_card(inst, scale, PAD + i * (cw + 12), y + TOP)
            if "card" in inst:
                scene.make_draggable(item)
        return width + GAP

    def _players_deck(self, scene: TableScene, view: dict[str, Any], x: float,
                      y: float) -> None:
        deck = zone(view, "players_deck")
        width = 2 * PAD + CARD_W * PILE + 70
        area = scene._add_area("players_deck", "Players' deck", x, y, width,
                               TOP + CARD_H * PILE + PAD + 40, f"{deck.get('count', 0)} left")
        item = scene._add_card({"id": "players_deck", "back": "players"}, PILE, PAD, TOP + 40,
                               parent=area)
        item.setToolTip(f"Players' deck: {deck.get('count', 0)} cards")
        badge = CountBadge(int(deck.get("count", 0)), f"{deck.get('count', 0)} cards in the "
                           "Players' deck", parent=area)
        badge.setPos(PAD + CARD_W * PILE - 40, TOP + 16)


def _font(px: int, bold: bool = False) -> QtGui.QFont:
    font = QtGui.QFont("DejaVu Sans")
    font.setPixelSize(px)
    font.setBold(bold)
    return font

