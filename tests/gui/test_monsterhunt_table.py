"""Monster Hunt on the generic table: started from the start screen, played through the
table's own gestures (drops, pool clicks, Next, the Actions menu), shown on the projector
with nothing hidden, saved and continued (docs/rules/monsterhunt-gui.md)."""

from __future__ import annotations

import pytest

from engine.monsterhunt.agents import RandomAgent, seats_to_act
from engine.monsterhunt.game import Game
from gui.games import GameSource
from gui.presentation import PresentationWindow, public_only
from gui.qt import Qt, QtCore, QtGui, QtWidgets
from gui.table.card_face import face_data
from gui.table.card_item import CardItem
from gui.table.faces import describe, paint_card

# seed 22: the random agents' fight ends in a GM win after 51 moves that use every kind
# of action (Engage, Done, enemy and hero attacks, Special Attack, Refresh, Power, the
# defeated enemy's last card)
SEED = 22


class SeededSource(GameSource):
    def quick_game(self, game_id: str, seed: int | None = None):
        return super().quick_game(game_id, seed=SEED)


def _start_fight(make_window, qtbot, hints: bool = False):
    window = make_window(SeededSource())
    window.settings.hints = hints
    # the other games' buttons come after the start screen's first paint
    qtbot.waitUntil(lambda: "game:monsterhunt" in window.start.buttons, timeout=3000)
    button = window.start.buttons["game:monsterhunt"]
    assert button.text().startswith("Monster Hunt")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    page = window.table
    assert page is not None and window.stack.currentWidget() is page
    return window, page, page.controller.game


def _show_seat(page, seat: str) -> None:
    page.viewer_box.setCurrentIndex(page.viewer_box.findData(seat))
    assert page.controller.viewer == seat


@pytest.fixture
def popped(monkeypatch):
    """Menus the table pops up, kept unshown: offscreen, a shown popup may close itself
    before the test reads it; what matters is the menu the gesture built."""
    menus: list[QtWidgets.QMenu] = []
    monkeypatch.setattr(QtWidgets.QMenu, "popup", lambda self, *_a: menus.append(self))
    return menus


def _entries(menu: QtWidgets.QMenu) -> list[QtGui.QAction]:
    found = []
    for entry in menu.actions():
        if entry.menu() is not None:
            found += _entries(entry.menu())
        elif entry.isEnabled() and not entry.isSeparator():
            found.append(entry)
    return found


def _pick(menus: list[QtWidgets.QMenu], label: str) -> None:
    entries = [e for m in menus for e in _entries(m) if e.text() == label]
    assert entries, f"{label!r} not in {[e.text() for m in menus for e in _entries(m)]}"
    entries[0].trigger()


def _drop(page, popped, card: str, key: str, label: str) -> None:
    """Pick the card up, check the place is lit and under the pointer, let it go there."""
    scene = page.scene
    item = scene.cards[card]
    assert item.flags() & QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemIsMovable
    scene.sig_drag_started.emit(card)
    assert key in scene._targets, f"{key} is not lit for {card}: {scene._targets}"
    spot = scene.target_item(key).sceneBoundingRect().center()
    found = scene.key_at(spot, exclude=item)
    assert found == key
    scene.clear_highlight()
    popped.clear()
    scene.sig_drop.emit(card, found)
    if popped:  # several actions match the drop (which enemy, aiming or not)
        _pick(popped, label)


def _click_area(qtbot, page, popped, key: str, label: str) -> None:
    area = page.scene.areas[key]
    rect = area.sceneBoundingRect()
    spot = page.view.mapFromScene(QtCore.QPointF(rect.right() - 30, rect.bottom() - 20))
    popped.clear()
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    qtbot.waitUntil(lambda: bool(popped), timeout=2000)
    assert page.open_menu is popped[0]
    _pick(popped, label)


def _through_the_table(qtbot, page, popped, action) -> None:
    kind, seat = action.kind, action.seat
    _show_seat(page, seat)
    if kind == "engage":
        _drop(page, popped, action.card, f"facedown:{seat}", action.label)
    elif kind in ("hero_attack", "enemy_attack"):
        _drop(page, popped, action.card, action.target, action.label)
    elif kind == "special_attack":
        _click_area(qtbot, page, popped, "audience:gm" if seat == "gm" else "audience:players",
                    action.label)
    elif kind == "keep_last_card":
        _click_area(qtbot, page, popped, "reveal", action.label)
    elif kind == "done":
        assert page.phase.next_button.isEnabled(), page.phase.reason.text()
        page.phase.next_button.click()
    else:
        _pick([page.actions_button.menu()], action.label)


def test_a_whole_fight_is_played_from_the_start_screen_through_the_table(make_window, qtbot,
                                                                        popped):
    """MH-ROUND-1, MH-R-WIN: a GM and two players play a quick fight to its end; every
    move is a drop, a click on a pool or the reveal, Next, or the Actions menu, and each
    does exactly the move meant (the same save as the engine applying it)."""
    window, page, game = _start_fight(make_window, qtbot)
    assert [page.viewer_box.itemData(i) for i in range(page.viewer_box.count())] == [
        "gm", "p1", "p2", "table"]
    agent = RandomAgent(SEED)
    kinds = set()
    for _ in range(200):
        if game.winner is not None:
            break
        seat = seats_to_act(game)[0]
        choice = agent.choose(game, seat)
        expected = Game.load(game.save())
        expected.apply(choice)
        _through_the_table(qtbot, page, popped, choice)
        assert game.save() == expected.save(), f"{choice.label!r} did something else"
        kinds.add(choice.kind)
    assert game.winner == "gm"
    assert kinds == {"engage", "done", "enemy_attack", "hero_attack", "special_attack",
                     "refresh", "use_power", "keep_last_card"}
    assert "Game over" in page.banner.text()
    assert "monsters win" in page.phase.initiative.text()


def test_a_refused_drop_says_why_with_its_clause(make_window, qtbot):
    """MH-ROUND-1: attacking in the Initiative is refused, the banner names the clause, the
    card goes back and nothing changes."""
    window, page, game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    enemy = page.controller.view()["enemies"][0]["id"]
    before = game.save()
    page.scene.sig_drop.emit(card, enemy)
    assert game.save() == before
    assert page.banner.isVisible() and page.banner.clause.startswith("MH-")
    assert "cannot go on" in page.banner.text()


def test_a_refusal_opens_the_rules_reference_at_its_monster_hunt_rule(make_window, qtbot):
    """Clicking the banner of an MH-… refusal opens Monster Hunt's rule itself, its text
    at the top of the reference (before: the top of Plot Twist's rules)."""
    from gui.rules_help import clause_text

    window, page, _game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    page.scene.sig_drop.emit(card, page.controller.view()["enemies"][0]["id"])
    clause = page.banner.clause
    assert clause.startswith("MH-") and clause_text(clause)
    qtbot.mouseClick(page.banner, Qt.MouseButton.LeftButton)
    dialog = window.rules_dialog
    assert dialog.anchor == clause

    def top_line() -> str:
        return dialog.browser.cursorForPosition(QtCore.QPoint(4, 4)).block().text()

    qtbot.waitUntil(lambda: top_line().startswith(clause), timeout=2000)
    assert clause_text(clause)[:30] in top_line()


def test_the_first_hints_are_the_fights_own(make_window, qtbot):
    """A first fight's hints name its gestures (engage in the Initiative), never a Plot
    Twist Combat; a seat that can still say Done is not told to pass the laptop on."""
    from gui.monsterhunt.hints import HUNT_HINTS
    from gui.panels.hints import HINTS

    window, page, _game = _start_fight(make_window, qtbot, hints=True)
    _show_seat(page, "p1")
    assert page.controller.next_action()[0] is not None     # p1 may say Done
    assert page.controller.hand_off_seat() is None
    assert page.hints.key == "mh_engage", page.hints.key
    assert "Engaged area" in page.hints.text.text()
    page.hints.got_it.click()
    assert page.hints.key == "mh_next" and "say Done" in page.hints.text.text()
    pt_only = {key for key, _a, _t in HINTS} - {key for key, _a, _t in HUNT_HINTS}
    assert pt_only == {"attack", "combat_card", "initiate", "next"}
    for _key, _applies, text in HUNT_HINTS:
        assert "Combat" not in text and "Villain" not in text, text


def test_next_names_what_it_does_and_why_not(make_window, qtbot):
    """MH-R-DONE: Next is the seat's Done; the GM cannot be Done in the Initiative, so the
    GM's Next says why (the engine's reason) and hands the laptop to a Player who can act."""
    window, page, game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    assert page.phase.next_button.isEnabled()
    assert "is done with Initiative" in page.phase.reason.text()
    _show_seat(page, "gm")
    assert page.phase.next_button.text() in ("Pass to P1 ▶", "Pass to P2 ▶")
    assert page.phase.hand_to in ("p1", "p2")
    assert "(MH-R-DONE)" in page.phase.reason.text()
    assert page.phase.tracker.current() == "Initiative"


def test_the_projector_shows_no_hidden_face(qtbot):
    """MH-SETUP-3: the projector's scene holds faces only of public cards (pools,
    discard, reveal) and of a major threat's revealed last Health card (MH-DEF-2)."""
    from gui.monsterhunt.screenshots import fight_in_progress

    game = fight_in_progress(seed=4)
    zones = game.state.zones
    hidden = {c for z in zones.values() if z.visibility != "public" for c in z.cards}
    assert any(zones[f"facedown:{s}"].cards for s in ("p1", "p2"))
    assert zones["hand:p1"].cards and zones["gm_deck"].cards
    window = PresentationWindow(lambda: game)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.refresh()
    shown = [i for i in window.scene.items() if isinstance(i, CardItem)]
    faces = [i for i in shown if face_data(i.instance) is not None
             and "label" in face_data(i.instance)]
    backs = [i for i in shown if face_data(i.instance) is None]
    assert faces and backs
    for item in faces:
        card = item.card_id
        if card in hidden:  # only a major's last card may lie face up
            stack = next(z for z in zones.values() if card in z.cards)
            enemy = game.state.enemies[stack.name.split(":")[1]]
            assert enemy.major and len(stack) == 1, f"{card} is a hidden face"
    labels = {game.state.faces[c] for c in zones["hand:p1"].cards}
    assert labels and window.phase.turn.text().startswith("Round")


def test_the_second_lock_masks_a_leaked_face_with_its_own_back():
    """MH-SETUP-3: a view that wrongly carries P1's hand still shows backs on the projector,
    the Players' back (not a Plot Twist one)."""
    game = Game.quick(players=2, seed=3)
    leaked = game.view("p1")
    assert any("card" in c for c in leaked["zones"]["hand:p1"]["cards"])
    masked = public_only(leaked)
    assert masked["zones"]["hand:p1"]["cards"]
    assert all(c == {"id": c["id"], "back": "players"} for c in masked["zones"]["hand:p1"]["cards"])


def test_save_then_continue_brings_back_the_same_fight(make_window, qtbot, tmp_path,
                                                        popped):
    """A fight is autosaved after every move; Continue on the start screen reads the save's
    format and brings back the Monster Hunt table at the same point; File → Save and Open
    do the same."""
    window, page, game = _start_fight(make_window, qtbot)
    agent = RandomAgent(SEED)
    for _ in range(6):
        choice = agent.choose(game, seats_to_act(game)[0])
        _through_the_table(qtbot, page, popped, choice)
    text = game.save()
    window.show_start()
    assert window.start.buttons["continue"].isEnabled()
    names = [h["name"] for h in game.view("table")["heroes"]]
    assert all(name in window.start.continue_info.text() for name in names)
    qtbot.mouseClick(window.start.buttons["continue"], Qt.MouseButton.LeftButton)
    back = window.table.controller.game
    assert back is not game and back.save() == text
    assert type(back).__module__ == "engine.monsterhunt.game"
    assert "audience:players" in window.table.scene.areas
    path = tmp_path / "fight.ptsave"
    window.table.save_path = path
    assert window.table.save(ask=False)
    window.open_path(path)
    assert window.table.controller.game.save() == text


@pytest.mark.parametrize(("face", "red"), [("QH", True), ("QS", False)])
def test_playing_cards_are_painted_in_red_or_black_ink(qtbot, face, red):
    """MH-R-DECK-1: the table draws the standard cards itself, hearts and diamonds red."""
    from engine.monsterhunt.cards import face_json

    image = QtGui.QImage(250, 350, QtGui.QImage.Format.Format_ARGB32)
    image.fill(QtGui.QColor("#000000"))
    painter = QtGui.QPainter(image)
    paint_card(painter, QtCore.QRectF(0, 0, 250, 350), {"card": face_json(face)})
    painter.end()
    reds = sum(1 for x in range(0, 250, 3) for y in range(0, 350, 3)
               if (c := image.pixelColor(x, y)).red() > 150 and c.green() < 90)
    assert (reds > 50) is red
    assert describe({"card": face_json(face)}).startswith(face_json(face)["label"])


def test_seats_switch_behind_the_privacy_screen_and_show_only_that_hand(make_window, qtbot):
    """MH-SETUP-3: the Seat menu lists the GM and both players by hero; a switch waits
    behind the privacy screen; then the table shows that player's hand and no other."""
    from gui.privacy import attach_seats

    window, page, game = _start_fight(make_window, qtbot)
    switcher = attach_seats(window, locked=False)
    switcher.follow(page)
    assert switcher.viewers() == ["gm", "p1", "p2", "table"]
    heroes = {h.seat: h.name for h in game.state.heroes.values()}
    assert switcher.names == heroes
    for seat, other in (("p2", "p1"), ("p1", "p2")):
        if page.controller.viewer == seat:
            continue
        assert switcher.request(seat)
        assert switcher.privacy.covering and heroes[seat] in switcher.privacy.text()
        switcher.privacy.confirm()
        assert page.controller.viewer == seat
        mine = set(game.state.zones[f"hand:{seat}"].cards)
        theirs = set(game.state.zones[f"hand:{other}"].cards)
        faces = {k for k, item in page.scene.cards.items() if face_data(item.instance)}
        assert mine and mine <= faces and not theirs & faces


def test_the_projector_follows_the_fight_from_the_view_menu(make_window, qtbot, popped):
    """The projector window opened from the menu redraws after each move, public only."""
    from gui.presentation import attach_presentation

    window, page, game = _start_fight(make_window, qtbot)
    link = attach_presentation(window)
    link.follow(page.controller)
    shown = link.show(0)
    qtbot.addWidget(shown)
    assert "audience:players" in shown.scene.areas
    assert shown.phase.tracker.current() == "Initiative"
    _show_seat(page, "p1")
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    _drop(page, popped, card, "facedown:p1", "")
    assert len(game.state.zones["facedown:p1"].cards) == 1
    backs = [i for i in shown.scene.cards.values()
             if i.parentItem() is shown.scene.areas["facedown:p1"]]
    assert len(backs) == 1 and face_data(backs[0].instance) is None


def test_undo_and_redo_take_back_and_replay_a_drop(make_window, qtbot, popped):
    """MH-INIT-1: an engagement made by a drop is taken back by Undo and played again by
    Redo, the table redrawn each time."""
    window, page, game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    before = game.save()
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    _drop(page, popped, card, "facedown:p1", "")
    after = game.save()
    assert after != before and window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert game.save() == before and card in page.scene.cards
    assert page.scene.cards[card].parentItem() is None  # back in the hand row
    window.act_redo.trigger()
    assert game.save() == after
    assert page.scene.cards[card].parentItem() is page.scene.areas["facedown:p1"]


def test_a_mouse_drag_engages_and_a_wrong_one_snaps_back(make_window, qtbot):
    """MH-INIT-1, MH-INIT-3: dragging a hand card with the mouse onto one's own face-down
    area places it face down; onto an enemy in the Initiative it is refused with a clause
    and the card is back in the hand."""
    from tests.gui.test_table import _drag

    window, page, game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    first, second = [c["id"] for c in page.controller.view()["zones"]["hand:p1"]["cards"][:2]]
    _drag(qtbot, window, page.scene.cards[first], page.scene.areas["facedown:p1"])
    assert game.state.zones["facedown:p1"].cards == [first]
    before = game.save()
    enemy = page.controller.view()["enemies"][0]["id"]
    item = page.scene.cards[second]
    home = item.pos()
    _drag(qtbot, window, item, page.scene.areas[enemy])
    assert game.save() == before
    assert page.banner.clause.startswith("MH-")
    assert page.scene.cards[second].pos() == home


def test_a_card_dropped_in_front_of_another_player_is_not_placed(make_window, qtbot):
    """MH-INIT-3: a player places face-down cards only in front of himself: a drop on
    another player's area (or on a hero) changes nothing and says where the card can go."""
    window, page, game = _start_fight(make_window, qtbot)
    _show_seat(page, "p1")
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    before = game.save()
    for where in ("facedown:p2", page.controller.view()["heroes"][1]["id"]):
        page.scene.sig_drop.emit(card, where)
        assert game.save() == before
        assert "highlighted places" in page.banner.text()


def test_the_log_can_be_filtered_by_hero_or_enemy(make_window, qtbot, popped):
    """MH-HIT-1: the log dock lists the fight's heroes and enemies; picking an enemy keeps
    the lines about it (its Health stack, its attacks)."""
    window, page, game = _start_fight(make_window, qtbot)
    agent = RandomAgent(SEED)
    while game.state.round < 2:
        _through_the_table(qtbot, page, popped, agent.choose(game, seats_to_act(game)[0]))
    box = page.log.character_box
    names = {box.itemText(i) for i in range(box.count())}
    fighters = [*game.state.heroes.values(), *game.state.enemies.values()]
    assert {f.name for f in fighters} <= names
    enemy = next(iter(game.state.enemies.values()))
    box.setCurrentIndex(box.findText(enemy.name))
    shown = page.log.shown()
    assert shown and len(shown) < len(page.log.lines)
    assert all(enemy.name in line for line in shown)
    assert any(f"{enemy.name} attacks" in line for line in shown)


HOSTILE = "<b>Bold</b><img src=x>"


def test_names_from_a_save_are_shown_as_plain_text(make_window, qtbot, popped):
    """MH-R-STATS: a save carries the stat lines; a name in it that looks like markup is
    shown character for character on every label and tooltip of the table."""
    game = Game.quick(players=2, seed=3)
    state = game.state
    next(iter(state.heroes.values())).name = HOSTILE
    next(iter(state.enemies.values())).name = HOSTILE
    window = make_window(SeededSource())
    window.start_game(Game.load(game.save()))
    page = window.table
    _show_seat(page, "p1")
    card = page.controller.view()["zones"]["hand:p1"]["cards"][0]["id"]
    page.scene.sig_drop.emit(card, "e1")  # refused: the banner names the enemy
    page.scene.sig_drop.emit(card, "facedown:p1")  # the Next line names the hero
    labels = [w for w in window.findChildren(QtWidgets.QLabel) if HOSTILE in w.text()]
    assert labels, "the name is shown somewhere"
    for label in labels:
        assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    tips = [i.toolTip() for i in page.scene.items() if "Bold" in i.toolTip()]
    assert tips and all(t.startswith("<p style") and "&lt;b&gt;" in t for t in tips)


def test_a_plot_twist_game_after_a_fight_gets_its_own_table_back(make_window, qtbot):
    """MH-ROUND-1: the tracker shows Monster Hunt's five phases only while a fight is on;
    the next Plot Twist game has its own phases, rows and controller again."""
    window, page, game = _start_fight(make_window, qtbot)
    assert not page.phase.tracker.isHidden()
    assert page.phase.phase_labels["start"].isHidden()
    window.quick_game()
    assert type(page.controller).__name__ == "GameController"
    assert page.phase.tracker.isHidden() and not page.phase.phase_labels["start"].isHidden()
    assert page.scene.clusters and "audience:players" not in page.scene.areas
    assert page.controller.seats()[0] == "gm" and len(page.controller.seats()) == 4
