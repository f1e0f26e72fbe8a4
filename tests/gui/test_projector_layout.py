"""The projector designed for distance (issue 14, section 1): laid out for the window it
has, nothing cut, text read from the back of the room, in every theme."""

from __future__ import annotations

import pytest

from gui.presentation import SHOT_SIZES, THEMES, PresentationWindow, Text, text_px

pytest.importorskip("engine.plottwist.game")


@pytest.fixture(scope="module")
def game(catalog):
    from gui.games import GameSource
    from gui.screenshots import _play_until_combat_roll

    game = GameSource().quick(catalog, heroes=3, seed=3)
    _play_until_combat_roll(game)
    return game


@pytest.fixture(scope="module")
def game4(catalog):
    """Four Heroes, the most a game has: the projector's widest table."""
    from gui.games import GameSource
    from gui.screenshots import _play_until_combat_roll

    game = GameSource().quick(catalog, heroes=4, seed=12)
    _play_until_combat_roll(game)
    return game


def _cut(window: PresentationWindow) -> list[str]:
    """Labels whose text is wider or taller than the room the layout gave them."""
    out = []
    for label in window.findChildren(Text):
        if not label.isVisibleTo(window) or not label.text():
            continue
        fm = label.fontMetrics()
        if label.wordWrap():
            need = label.heightForWidth(label.width())
            if need > label.height() + 2:
                out.append(f"{label.text()!r}: {need} > {label.height()} px high")
        elif fm.horizontalAdvance(label.text()) > label.contentsRect().width() + 1:
            out.append(f"{label.text()!r}: wider than {label.width()} px")
        if label.mapTo(window, label.rect().bottomRight()).x() > window.width() + 1:
            out.append(f"{label.text()!r}: past the right edge")
    out += window.stress.cut_labels()
    return out


@pytest.mark.parametrize("heroes", [3, 4])
@pytest.mark.parametrize("size", SHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_projector_fits_its_window_and_reads_from_the_back(show_projector, game, game4,
                                                           size, heroes):
    width, height = size
    window = show_projector(game if heroes == 3 else game4, size)
    # the smallest text of what the projector shows: at least 1/45 of the height
    assert window.smallest_text_px() >= height / 45, window.smallest_text_px()
    assert text_px(height) >= height / 45
    assert not _cut(window), _cut(window)
    # the side column is a share of the width, not a fixed 600 px; at 4:3 it leaves the
    # table the width its height allows
    share = window.side.width() / width
    assert (0.15 <= share <= 0.2) if width < 1.5 * height else (0.3 <= share <= 0.4), share
    assert window.log.isVisible() == (width >= 1.5 * height)
    # whose move it is, by seat and Hero
    assert window.phase.waiting_for.text().startswith("Waiting for: ")
    assert window.stress.rows and all(r["tracks"] for r in window.stress.rows)


def test_waiting_for_names_the_seat_and_its_hero(qtbot, game):
    from gui import seats

    window = PresentationWindow(lambda: game)
    qtbot.addWidget(window)
    window.refresh()
    view = game.view("table")
    names = seats.hero_names(view)
    waiting = [s for s in seats.seats_in(view)
               if any(a.kind == "pass" for a in game.legal_actions(s))]
    text = window.phase.waiting_for.text()
    for seat in waiting:
        label = "GM" if seat == "gm" else f"{seat.upper()} — {names[seat]}"
        assert label in text, text


def test_a_card_just_played_is_held_in_the_spotlight_then_the_twist_returns(qtbot, catalog):
    from gui.games import GameSource
    from gui.presentation import current_twist

    game = GameSource().quick(catalog, heroes=3, seed=3)
    window = PresentationWindow(lambda: game)
    qtbot.addWidget(window)
    window.refresh()
    from gui.screenshots import _play_until_combat_roll

    _play_until_combat_roll(game)  # a Combat card is played on the way
    window.refresh()
    played = game.view("table")["combat"]["played"][-1]
    assert window.spotlight.heading.text().startswith("Played")
    assert window.spotlight.name.text() == played["card"]["name"]
    window._release.timeout.emit()  # the hold is over
    twist = current_twist(window.view_data)
    assert window.spotlight.name.text() == (twist or {}).get("name", "")


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_draws_light_on_dark_or_dark_on_light(qtbot, game, theme):
    """Zone titles on the felt and text on the panels contrast with what is under them
    (the Dark theme used to draw white titles on the light projector felt)."""
    from gui.qt import QtGui
    from gui.theme import TABLE_FELT, table_ink

    window = PresentationWindow(lambda: game, theme=theme)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.refresh()
    qtbot.wait(20)  # laid out at 1280×720, not the 1600×900 it was made at

    def lum(colour: str) -> float:
        return QtGui.QColor(colour).lightnessF()

    felt, ink = TABLE_FELT[theme], table_ink(window.scene.felt_theme)
    assert abs(lum(felt) - lum(ink)) > 0.6, (felt, ink)
    colours = window.palette_colours()
    assert abs(lum(colours["bg"]) - lum(colours["ink"])) > 0.6
    image = window.grab().toImage()
    assert image.width() == 1280
    # the panel really is painted in the theme's background
    corner = image.pixelColor(image.width() - 5, image.height() // 2)
    assert abs(corner.lightnessF() - lum(colours["bg"])) < 0.1


def test_the_cut_check_sees_a_cut_label(qtbot, game):
    window = PresentationWindow(lambda: game)
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    window.refresh()
    window.phase.turn.setMaximumWidth(80)  # "Turn 1 · Conflict 1" cannot fit in 80 px
    qtbot.wait(10)
    assert any("Turn" in line for line in _cut(window))


def test_high_contrast_is_a_remembered_choice_of_the_view_menu(make_window, qtbot):
    from gui import seats
    from gui.games import GameSource
    from gui.presentation import attach_presentation

    window = make_window(GameSource())
    link = attach_presentation(window)
    assert link.act_contrast in window.view_menu.actions()
    window.quick_game()
    link.follow(window.table.controller)
    projector = link.show(0)
    assert projector.theme in ("light", "dark")
    link.act_contrast.setChecked(True)
    assert projector.theme == "contrast"
    assert seats.load_prefs()["contrast"] is True
    assert attach_presentation(window).act_contrast.isChecked()
    window.close()


@pytest.mark.parametrize("seed", [1, 7, 11])
def test_a_narrow_side_column_sheds_text_rather_than_cut_the_exchange(show_projector,
                                                                      catalog, seed):
    """At 4:3 the side column is a fifth of the width: an exchange of many coins leaves
    no room for the Twist!'s text, so that goes (then the step line) — the verdict and
    the damage stay whole and on screen."""
    from gui.games import GameSource
    from gui.screenshots import _play_until_combat_roll

    game = GameSource().quick(catalog, heroes=3, seed=seed)
    _play_until_combat_roll(game)
    window = show_projector(game, (1024, 768))
    assert not _cut(window), _cut(window)
    outcome = window.combat.outcome
    assert outcome.isVisibleTo(window) and outcome.text()
    bottom = outcome.mapTo(window, outcome.rect().bottomLeft()).y()
    assert bottom <= window.height(), (bottom, window.height())
    # the step line or the Twist!'s text made way; at 16:9 everything is there
    wide = show_projector(game, (1920, 1080))
    assert wide.spotlight.body.isVisibleTo(wide) and wide.combat.detail.isVisibleTo(wide)


def test_a_four_hero_table_gives_the_card_pictures_and_the_hands_row_to_the_type(
        show_projector, qtbot, game, game4):
    """With four Heroes the projector's Heroes show no card picture (the header names
    them) but a band of their Color; each seat's hand counts stand on its Stress board
    row, not in a row of boxes of the table. Three Heroes keep their pictures, and the
    laptop's table keeps both."""
    from gui.table.card_face import COLOURS, face_data
    from gui.table.scene import TableScene

    def heroes(window):
        return [c for c in window.scene.clusters.values()
                if c.character.get("side") == "heroes"]

    four = show_projector(game4, (1024, 768))
    assert len(heroes(four)) == 4
    for cluster in heroes(four):
        assert not cluster.card.isVisible()
        colour = (face_data({"card": cluster.character["card"]}) or {})["color"]
        assert cluster.color() == COLOURS[colour][0]
        assert cluster.card.card_id not in four.scene.cards
    assert all(c.card.isVisible() for c in four.scene.clusters.values()
               if c.character.get("side") != "heroes")
    three = show_projector(game, (1024, 768))
    assert all(c.card.isVisible() for c in three.scene.clusters.values())

    zones = game4.view("table")["zones"]
    assert not [k for k in four.scene.areas if k.startswith("hands:")]
    by_seat = {r["seat"]: r["hand"] for r in four.stress.rows if r["hand"]}
    assert set(by_seat) == {"gm", "p1", "p2", "p3", "p4"}
    for seat, hand in by_seat.items():
        plots = zones[f"plot_hand:{seat}"]["count"]
        fights = zones[f"combat_hand:{seat}"]["count"]
        deck = zones[f"combat_deck:{seat}"]["count"]
        assert hand.startswith(f"{plots} Plot") and f"{fights} Combat" in hand \
            and hand.endswith(f"{deck} in deck"), hand
    gm_row = next(r for r in four.stress.rows if r["seat"] == "gm")
    assert gm_row["tracks"], "the GM's counts go on a Villain's row"

    laptop = TableScene()
    laptop.render_view(game4.view("table"))
    assert all(c.card.isVisible() for c in laptop.clusters.values())
    assert {f"hands:{s}" for s in by_seat} <= set(laptop.areas)


def _layout(window: PresentationWindow) -> dict[str, object]:
    """What the room sees of the window's layout: its size, the side column's width and,
    for every text shown, where it stands and how large it is."""
    texts = sorted((label.text(), label.font().pixelSize(),
                    label.geometry().translated(label.mapTo(window, label.rect().topLeft())
                                                - label.pos()).getRect())
                   for label in window.findChildren(Text)
                   if label.isVisibleTo(window) and label.text())
    return {"size": window.size().toTuple(), "side": window.side.width(), "texts": texts,
            "stress": window.stress.geometry().getRect()}


@pytest.mark.parametrize(("first", "then"), [((1920, 1080), (1024, 768)),
                                              ((1024, 768), (1920, 1080)),
                                              ((3840, 2160), (1280, 720))],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_projector_window_resized_live_lays_out_as_a_fresh_one(show_projector, qtbot,
                                                                  game4, first, then):
    """Dragged to a smaller screen, or the projector's resolution changed: the window
    takes the new size and lays out as if opened there. (Shrunk from 1920×1080 to
    1024×768 it stayed 905 px tall: the layout made the old size's minimum the window's
    own — "Waiting for: GM, P1 — Marshal Ostrander" wrapped in 30 px type.)"""
    window = show_projector(game4, first)
    assert "Marshal Ostrander" in window.phase.waiting_for.text()
    window.resize(*then)
    qtbot.wait(20)
    window.refresh()
    qtbot.wait(20)
    width, height = then
    assert window.size().toTuple() == then
    assert window.minimumSizeHint().height() <= height
    assert not _cut(window), _cut(window)
    assert window.smallest_text_px() >= height / 45
    for widget in (window.phase, window.stage, window.stress, window.side):
        bottom = widget.mapTo(window, widget.rect().bottomLeft()).y()
        assert bottom < height, (widget.objectName(), bottom)
    assert _layout(window) == _layout(show_projector(game4, then))
