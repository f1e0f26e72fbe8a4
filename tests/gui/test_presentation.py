"""The projector window shows the public table only: no hidden face, no hidden name.

After every action of seeded random games (all seats, undo and redo too) the
presentation scene is checked against what the GM's and players' own views say is
private: hands, decks, the face-down Objective, unrevealed Events, the Twists! deck.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from gui import seats
from gui.games import GameSource
from gui.presentation import (
    PresentationWindow,
    attach_presentation,
    choose_screen_dialog,
    public_only,
    remembered_screen,
)
from gui.qt import QtGui, QtWidgets
from gui.table.card_item import ACCESSIBLE_ROLE, CardItem
from gui.words import log_line

Game = pytest.importorskip("engine.plottwist.game").Game
agents = pytest.importorskip("engine.plottwist.agents")


# ---------------------------------------------------------------- what is secret
def _instances(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card instance anywhere in a view."""
    out: list[dict[str, Any]] = []
    for zone in (view.get("zones") or {}).values():
        out += list(zone.get("cards") or [])
    for ch in view.get("characters") or []:
        out.append({"id": ch.get("id"), "card": ch.get("card")})
        out += list(ch.get("equipment") or [])
    for key in ("location", "lair"):
        if view.get(key):
            out.append(view[key])
    out += list((view.get("combat") or {}).get("played") or [])
    return out


def _face_name(inst: dict[str, Any]) -> str | None:
    card = inst.get("card")
    return str(card.get("name")) if isinstance(card, dict) and card.get("name") else None


def hidden_from_table(game: Any) -> dict[str, str]:
    """Card id -> name of every card a private zone holds, from the seats' own views."""
    views = [game.view(seat) for seat in game.state.seats]
    ctx = game._ctx()
    hidden: dict[str, str] = {}
    for view in views:
        for zone in (view.get("zones") or {}).values():
            if zone.get("visibility") == "public" or zone.get("revealed"):
                continue
            for inst in zone.get("cards") or []:
                hidden[str(inst["id"])] = _face_name(inst) or ctx.name(str(inst["id"]))
    return hidden


def public_words(view: dict[str, Any]) -> set[str]:
    """Names and texts the table may read: public faces and the characters."""
    out: set[str] = set()
    for inst in _instances(view):
        card = inst.get("card")
        if isinstance(card, dict):
            out |= {str(card.get(k) or "") for k in ("name", "text")}
            data = card.get("data") or {}
            out |= {str(data.get(k) or "") for k in ("persona", "text", "flavor")}
    for ch in view.get("characters") or []:
        out.add(str(ch.get("name") or ""))
    return {w for w in out if w}


def _mentions(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


@functools.lru_cache(maxsize=64)
def _names_pattern(names: frozenset[str]) -> re.Pattern[str]:
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, ordered)) + r")(?!\w)",
                      re.IGNORECASE)


def window_texts(window: PresentationWindow) -> list[str]:
    """Every string the projector shows, except the faces of card items (checked by id)."""
    texts: list[str] = []
    for item in window.scene.items():
        if isinstance(item, CardItem):
            continue
        for getter in ("text", "toPlainText", "toolTip"):
            fn = getattr(item, getter, None)
            if callable(fn):
                texts.append(str(fn()))
        texts.append(str(item.data(ACCESSIBLE_ROLE) or ""))
        for attr in ("title", "subtitle", "header", "label", "value"):
            value = getattr(item, attr, None)
            if isinstance(value, str):
                texts.append(value)
        character = getattr(item, "character", None)
        if isinstance(character, dict):
            texts.append(str(character.get("name") or ""))
    for label in window.findChildren(QtWidgets.QLabel):
        texts.append(label.text())
    texts.append(window.windowTitle())
    return [t for t in texts if t]


class Watch:
    """Checks the projector after each step; remembers what has ever been public."""

    def __init__(self, game: Any, window: PresentationWindow) -> None:
        self.game = game
        self.window = window
        self.seen_public: set[str] = set()
        self.public_text = ""
        self._harmless: set[str] = set()
        self.checks = 0

    def check(self) -> None:
        game, window = self.game, self.window
        window.refresh()
        hidden = hidden_from_table(game)
        raw = game.view("table")
        assert raw["viewer"] == "table"
        # the engine's own table view: no face for a hidden card
        for inst in _instances(raw):
            if str(inst.get("id")) in hidden:
                assert "card" not in inst, f"engine table view shows {inst}"
        # the scene: every card item of a hidden card is a back
        for item in window.scene.items():
            if isinstance(item, CardItem) and item.card_id in hidden:
                assert item.face is None, f"projector shows {hidden[item.card_id]}"
                assert "card" not in item.instance
        assert window.view_data["viewer"] == "table"
        # the words: no hidden card's name, unless that name was ever public
        fresh = public_words(raw) - self.seen_public
        if fresh:
            self.seen_public |= fresh
            self.public_text = "\n".join(sorted(self.seen_public))
        secret = {name for name in set(hidden.values()) - self.seen_public
                  if name not in self._harmless}
        for name in list(secret):
            if _mentions(self.public_text, name):  # a word of a public card's text
                self._harmless.add(name)
                secret.discard(name)
        if secret:
            pattern = _names_pattern(frozenset(secret))
            shown = "\n".join(window_texts(window) + list(raw.get("log") or []))
            found = pattern.search(shown)
            assert found is None, (f"projector text names hidden {found.group(0)!r}: "
                                   f"{shown[max(0, found.start() - 80):found.end() + 80]!r}")
        self.checks += 1


def _step(game: Any, agent: Any) -> bool:
    order = agents.seats_to_act(game) or list(game.state.seats)
    rest = [s for s in game.state.seats if s not in order]
    for seat in [*agent.rng.sample(order, len(order)), *rest]:
        action = agent.choose(game, seat)
        if action is not None:
            game.apply(action)
            return True
    return False


@pytest.fixture
def projector(qtbot):
    holder: dict[str, Any] = {"game": None}
    window = PresentationWindow(lambda: holder["game"])
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    return window, holder


# ---------------------------------------------------------------- the games
def test_scripted_quick_game_never_shows_a_hidden_face(projector, catalog):
    window, holder = projector
    game = Game.quick(catalog, heroes=3, seed=11)
    holder["game"] = game
    watch = Watch(game, window)
    watch.check()
    agent = agents.RandomAgent(11)
    done = 0
    for n in range(150):
        if game.winner is not None or not _step(game, agent):
            break
        done += 1
        watch.check()
        if n % 30 == 29 and game.can_undo():  # undo and redo redraw too
            game.undo()
            watch.check()
            game.redo()
            watch.check()
    assert done >= 100, f"only {done} actions were played"
    assert watch.checks > done
    # the picture itself: the projector paints without warnings
    assert not window.grab().isNull()


@pytest.mark.parametrize("seed,heroes", [(3, 2), (5, 4), (8, 3)])
def test_simulated_games_never_show_a_hidden_face(projector, catalog, seed, heroes):
    window, holder = projector
    game = Game.quick(catalog, heroes=heroes, seed=seed, history=False)
    holder["game"] = game
    watch = Watch(game, window)
    agent = agents.RandomAgent(seed)
    for _ in range(60):
        if game.winner is not None or not _step(game, agent):
            break
        watch.check()
    assert watch.checks >= 25


def test_objective_and_events_are_backs_until_revealed(projector, catalog):
    window, holder = projector
    game = Game.quick(catalog, heroes=3, seed=2)
    holder["game"] = game
    window.refresh()
    gm = game.view("gm")
    objective = gm["zones"]["objective"]["cards"][0]["id"]
    events = [c["id"] for c in gm["zones"]["events"]["cards"]]
    assert events
    for ident in [objective, *events]:
        assert window.scene.cards[ident].face is None
    assert window.scene.cards[objective].instance["back"] == "objective"
    assert {window.scene.cards[e].instance["back"] for e in events} == {"event"}


def test_public_only_masks_a_face_in_a_private_zone():
    leaky = {"viewer": "table", "zones": {
        "plot_hand:p1": {"count": 1, "visibility": "owner",
                         "cards": [{"id": "c1", "card": {"name": "Secret Plan"}}]},
        "objective": {"count": 1, "visibility": "gm", "revealed": False,
                      "cards": [{"id": "c2", "card": {"name": "Doom"}}]},
        "discard:p1": {"count": 1, "visibility": "public",
                       "cards": [{"id": "c3", "card": {"name": "Feint"}}]}}}
    safe = public_only(leaky)
    assert safe["zones"]["plot_hand:p1"]["cards"] == [{"id": "c1", "back": "plot"}]
    assert safe["zones"]["objective"]["cards"] == [{"id": "c2", "back": "objective"}]
    assert safe["zones"]["discard:p1"]["cards"][0]["card"]["name"] == "Feint"
    assert "Secret Plan" not in repr(safe) and "Doom" not in repr(safe)


def test_phase_tracker_combat_and_log_follow_the_game(projector, catalog):
    window, holder = projector
    window.refresh()
    assert window.stage.currentWidget() is window.waiting
    game = Game.quick(catalog, heroes=3, seed=4)
    holder["game"] = game
    agent = agents.RandomAgent(4)
    for _ in range(200):
        view = game.view("table")
        if view.get("combat") and (view["combat"].get("last_roll")):
            break
        if not _step(game, agent):
            break
    window.refresh()
    view = game.view("table")
    assert window.phase.turn.text().startswith(f"Turn {view['turn']}")
    assert view["initiative"].capitalize() in window.phase.initiative.text()
    # the engine's lines as the room reads them ("P3 passes", not "p3 passes")
    assert window.log.texts() == [log_line(x) for x in view["log"]][-len(window.log.texts()):]
    roll = (view.get("combat") or {}).get("last_roll") or (view.get("rolls") or [None])[-1]
    if roll:  # the last roll is on screen, with the rest of its exchange
        shown = [window.combat.coins.coins, window.combat.defence.coins,
                 window.combat.damage.coins]
        assert roll["coins"] in shown
    if view.get("combat"):
        names = {c["id"]: c["name"] for c in view["characters"]}
        assert names[view["combat"]["attacker"]] in window.combat.fighters.text()


# ---------------------------------------------------------------- peeks
def _peek(game: Any) -> tuple[Any, list[Any]]:
    """A Hero peeks at the Objective: 5 Successes already gathered, then one Heads roll."""
    from engine.plottwist import actions as A

    for seat in game.state.seats:
        for action in game.legal_actions(seat):
            if isinstance(action, A.Investigate):
                hero = game.state.characters[action.actor]
                setattr(hero, action.heroic, 5)   # the position, as a scenario sets it up
                game.coins.force("H" * 20)
                return action, game.apply(action)
    pytest.skip("no Hero can investigate in this Quick game")


def test_peek_is_shown_to_the_peeker_only(projector, catalog):
    window, holder = projector
    game = Game.quick(catalog, heroes=3, seed=1)
    holder["game"] = game
    objective = game.view("gm")["zones"]["objective"]["cards"][0]
    name = objective["card"]["name"]
    action, events = _peek(game)
    peeks = [e for e in events if e.kind == "peek"]
    assert len(peeks) == 1, [e.kind for e in events]
    peek = peeks[0]
    assert peek.visible_to == (action.seat,)
    assert name in peek.text and name not in (peek.text_public or "")
    # the peeker reads it in their log; nobody else does
    assert any(name in line for line in game.view(action.seat)["log"])
    for seat in game.state.seats:
        if seat not in (action.seat, "gm"):
            assert not any(name in line for line in game.view(seat)["log"])
    table_log = game.view("table")["log"]
    assert any("peeks at the Objective" in line for line in table_log)
    assert not any(name in line for line in table_log)
    # the projector: the back, and the public line without the content
    window.refresh()
    assert window.scene.cards[objective["id"]].face is None
    assert any("peeks at the Objective" in t for t in window.log.texts())
    assert not any(_mentions(t, name) for t in window_texts(window))
    Watch(game, window).check()


def test_peeker_sees_the_objective_face_in_their_view(catalog):
    game = Game.quick(catalog, heroes=3, seed=1)
    objective = game.view("gm")["zones"]["objective"]["cards"][0]["id"]
    action, _ = _peek(game)
    card = game.view(action.seat)["zones"]["objective"]["cards"][0]
    assert card["id"] == objective and "card" in card


# ---------------------------------------------------------------- screens
def test_show_on_screen_is_full_screen_and_remembered(projector, catalog):
    window, holder = projector
    holder["game"] = Game.quick(catalog, heroes=3, seed=1)
    screens = QtGui.QGuiApplication.screens()
    screen = window.show_on_screen(len(screens) - 1)
    assert window.isFullScreen()
    assert screen is screens[-1]
    assert seats.load_prefs()["screen"] == screen.name()
    assert remembered_screen() is screen
    # by name, and an unknown name falls back to a real screen
    assert window.show_on_screen(screen.name()) is screen
    assert window.show_on_screen("no such projector", remember=False) in screens
    window.leave_full_screen()
    assert not window.isFullScreen()


def test_choose_screen_dialog_returns_the_index(monkeypatch, qtbot):
    picked: dict[str, Any] = {}

    def fake_get_item(parent, title, label, items, current, editable):
        picked["items"] = items
        return items[-1], True

    monkeypatch.setattr(QtWidgets.QInputDialog, "getItem", fake_get_item)
    assert choose_screen_dialog(None) == len(QtGui.QGuiApplication.screens()) - 1
    assert picked["items"][0].startswith("1: ")
    monkeypatch.setattr(QtWidgets.QInputDialog, "getItem",
                        lambda *a: ("", False))
    assert choose_screen_dialog(None) is None


# ---------------------------------------------------------------- wired to the app
def test_attached_projector_follows_the_controller(make_window, qtbot):
    window = make_window(GameSource())
    link = attach_presentation(window)
    assert link.act_show in window.view_menu.actions()
    window.quick_game()
    link.follow(window.table.controller)
    projector = link.show(0)
    qtbot.waitExposed(projector)
    assert projector.view_data["viewer"] == "table"
    before = list(projector.view_data["log"])
    page = window.table
    action, _ = page.controller.next_action()
    assert action is not None
    page.controller.apply(action)
    assert projector.view_data["log"] != before
    window.undo()
    assert projector.view_data["log"] == before
    # the laptop switching seat never changes what the projector shows
    page.controller.set_viewer("gm")
    assert projector.view_data["viewer"] == "table"
    hidden = hidden_from_table(page.controller.game)
    assert all(item.face is None for item in projector.scene.items()
               if isinstance(item, CardItem) and item.card_id in hidden)
    window.close()
    assert not projector.isVisible()


class _LeakyGame:
    """The real game, but its "table" view is the GM's with every zone made public."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, viewer: str) -> dict[str, Any]:
        if viewer != "table":
            return self.game.view(viewer)
        view = self.game.view("gm")
        view["viewer"] = "table"
        view["zones"] = {k: {**z, "visibility": "public", "revealed": True}
                         for k, z in view["zones"].items()}
        return view


def test_the_watch_catches_a_leaking_view(projector, catalog):
    window, holder = projector
    leaky = _LeakyGame(Game.quick(catalog, heroes=3, seed=1))
    holder["game"] = leaky
    with pytest.raises(AssertionError, match="engine table view shows"):
        Watch(leaky, window).check()
    window.refresh()
    hidden = hidden_from_table(leaky.game)
    assert any(item.face is not None for item in window.scene.items()
               if isinstance(item, CardItem) and item.card_id in hidden)
