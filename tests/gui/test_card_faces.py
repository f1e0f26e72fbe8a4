"""Card faces people can read (issue 14): on the table a card shows its name, kind and key
numbers in type read at a glance — measured from the scene's items, font pixel size times
the view's scale, on the laptop and on the projector at 1280×720 and 1920×1080."""

from __future__ import annotations

import copy
import itertools

import pytest

from gui.qt import QtCore, QtGui
from gui.table import glance_face
from gui.table.card_face import CARD_H, CARD_W
from gui.table.card_item import ROOM_TEXT, CardItem
from gui.table.counters import badge_font

pytest.importorskip("engine.plottwist.game")

SIZES = ((1280, 720), (1920, 1080))
LAPTOP_PX_AT_1080 = 14  # card names and numbers on the 1920×1080 laptop table
ROOM_SHARE = 45         # the projector: names and numbers ≥ 1/45 of the screen height


@pytest.fixture(scope="module")
def fight(catalog):
    from gui.games import GameSource
    from gui.screenshots import _play_until_combat_roll

    game = GameSource().quick(catalog, heroes=3, seed=7)
    _play_until_combat_roll(game)
    return game


@pytest.fixture(scope="module")
def fight4(catalog):
    """The game's largest table: four Heroes (Marshal Ostrander, the longest name, and
    the Thoughtspike Circlet among them), at a Combat roll."""
    from gui.games import GameSource
    from gui.screenshots import _play_until_combat_roll

    game = GameSource().quick(catalog, heroes=4, seed=12)
    _play_until_combat_roll(game)
    assert game.view("table")["combat"]
    return game


def _view_scale(view) -> float:
    return view.transform().m11()


def _card_texts(scene, view, roles):
    """(role, text, on-screen px) of every glance face's text of these roles."""
    out = []
    for item in scene.items():
        if not isinstance(item, CardItem) or not item.isVisible():
            continue
        glance = item.glance()
        if glance is None:
            continue
        scale = item.sceneTransform().m11() * _view_scale(view)
        out += [(t.role, t.text, t.px * scale) for t in glance.texts if t.role in roles]
    return out


def _badge_px(scene, view):
    scale = _view_scale(view)
    return [(b.label, b.value, b.value_px() * b.sceneTransform().m11() * scale)
            for c in scene.clusters.values() for b in c.counters.badges]


def _inside(inner: QtCore.QRectF, outer: QtCore.QRectF) -> bool:
    return outer.adjusted(-0.5, -0.5, 0.5, 0.5).contains(inner)


@pytest.mark.parametrize("mode", ["table", "room"])
def test_every_pack_card_fits_its_glance_face(qtbot, catalog, mode):
    """Nothing is cut or overlapping: each text lies inside the card and its own box,
    apart from the others, at every size a card is drawn at on the table."""
    rect = QtCore.QRectF(0, 0, CARD_W, CARD_H)
    for card, least in itertools.product(catalog, (0.0, 26 / 0.72, 46 / 0.6)):
        data = dict(card.data)
        glance = glance_face.layout(data, rect, mode, least)
        boxes = [t.rect for t in glance.texts] + [t.rect for t in glance.tiles]
        for block in glance.texts:
            assert _inside(block.rect, rect), (data["name"], block)
            metrics = QtGui.QFontMetricsF(glance_face.font(
                block.px, block.bold, block.italic, block.role in ("name", "label", "line")))
            for line in block.text.split("\n"):
                assert metrics.horizontalAdvance(line) <= block.rect.width() + 0.5, \
                    (data["name"], block.role, line)
            assert metrics.lineSpacing() * len(block.text.split("\n")) \
                <= block.rect.height() + 1, (data["name"], block.role)
        texts = [t.rect for t in glance.texts if t.role in ("name", "kind", "line")]
        for a, b in itertools.combinations(texts, 2):
            assert not a.intersected(b).isValid() or a.intersected(b).height() < 1, \
                (data["name"], a, b)
        for tile in glance.tiles:
            assert _inside(tile.rect, rect)
        assert boxes
        name = glance.of("name")[0]
        # a pack card's name reads whole (wrapped, never cut) on a full-size card
        if least == 0.0:
            assert name.text.replace("\n", " ") == data["name"], name.text


def test_a_long_name_elides_and_markup_stays_literal(qtbot):
    data = {"kind": "combat", "name": "<b>Bold</b> " + "Unbelievably " * 8 + "End",
            "color": "Red", "cost": {"move": 1}, "text": "<i>x</i> " * 80}
    glance = glance_face.layout(data, QtCore.QRectF(0, 0, CARD_W, CARD_H))
    name = glance.of("name")[0]
    assert name.text.startswith("<b>Bold</b>")        # as typed, not read as markup
    assert name.text.endswith("…") and len(name.text.split("\n")) == 2
    line = glance.of("line")[0]
    assert line.text.endswith("…")                     # the rules text is abbreviated
    assert [t.text for t in glance.of("number")] == ["1"]
    image = QtGui.QImage(int(CARD_W), int(CARD_H), QtGui.QImage.Format.Format_ARGB32)
    painter = QtGui.QPainter(image)
    glance_face.paint(painter, QtCore.QRectF(0, 0, CARD_W, CARD_H), data)
    painter.end()


def test_a_card_shown_large_shows_its_printed_face(qtbot, monkeypatch):
    """Zoomed in far enough, a card has room for every line: the printed face."""
    from gui.qt import QtWidgets

    item = CardItem({"id": "c1", "card": {"kind": "twist", "name": "Second Wind",
                                          "text": "Reveal: every Hero Regenerates 2."}})
    calls: list[str] = []
    real = glance_face.paint
    monkeypatch.setattr(glance_face, "paint",
                        lambda *a, **k: calls.append("glance") or real(*a, **k))
    image = QtGui.QImage(600, 840, QtGui.QImage.Format.Format_ARGB32)

    def painted_at(zoom: float) -> str:
        calls.clear()
        painter = QtGui.QPainter(image)
        painter.scale(zoom, zoom)
        item.paint(painter, QtWidgets.QStyleOptionGraphicsItem())
        painter.end()
        return "glance" if calls else "printed"

    assert painted_at(0.5) == "glance"     # 125 px wide: the glance face
    assert painted_at(2.0) == "printed"    # 500 px wide: every line of the card


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_laptop_table_reads_at_a_glance(qtbot, catalog, fight, size, theme):
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from gui.theme import apply_theme

    app = QtGui.QGuiApplication.instance()
    apply_theme(app, theme)
    try:
        window = MainWindow(Settings(animations=False, confirmations=False, hints=False,
                                     theme=theme), catalog=catalog)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.start_game(fight)
        qtbot.wait(20)
        scene, view = window.table.scene, window.table.view
        # 14 px at 1080; the same share of the screen's height at 720 (9.3 px)
        floor = LAPTOP_PX_AT_1080 * size[1] / 1080
        texts = _card_texts(scene, view, ("name", "number"))
        assert len([t for t in texts if t[0] == "name"]) >= 12   # hand, table, Combat
        small = [t for t in texts if t[2] < floor]
        assert not small, (floor, small)
        badges = _badge_px(scene, view)
        assert badges and min(px for _l, _v, px in badges) >= floor, badges
    finally:
        apply_theme(app, "light")


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_projector_names_and_numbers_read_from_the_back(show_projector, fight, size,
                                                            theme):
    width, height = size
    window = show_projector(fight, size, theme)
    scene, view = window.scene, window.table_view
    floor = height / ROOM_SHARE
    scale = _view_scale(view)
    # each character's name, in its header, and the numbers of its counter column
    names = [(c.header_texts()[0][0], c.header_texts()[0][1] * scale)
             for c in scene.clusters.values()]
    assert len(names) == len(fight.view("table")["characters"])
    assert min(px for _n, px in names) >= floor, (floor, names)
    badges = _badge_px(scene, view)
    assert badges and min(px for _l, _v, px in badges) >= floor, (floor, badges)
    # the character cards themselves and the Location: names and numbers as large
    big = [t for t in _card_texts(scene, view, ("name",))]
    characters = {str(c.get("name")) for c in fight.view("table")["characters"]}
    shown = [t for t in big if t[1].replace("\n", " ") in characters]
    assert shown and min(px for _r, _t, px in shown) >= floor, (floor, shown)


@pytest.mark.parametrize("mode", ["table", "room"])
def test_the_combat_area_says_whole_what_is_going_on(qtbot, catalog, fight, mode):
    """Names beside played cards are elided to their column; with no Combat the line has
    the whole area and reads whole."""
    from gui.games import GameSource
    from gui.qt import QtWidgets
    from gui.table.scene import TableScene

    def words(game) -> str:
        scene = TableScene()
        scene.card_mode = mode
        scene.render_view(game.view("table"))
        return " ".join(i.text() for i in scene.areas["combat"].childItems()
                        if isinstance(i, QtWidgets.QGraphicsSimpleTextItem))

    calm = words(GameSource().quick(catalog, heroes=3, seed=7))
    assert "Initiative" in calm and "…" not in calm, calm
    names = {c["id"]: c["name"] for c in fight.view("table")["characters"]}
    combat = fight.view("table")["combat"]
    shown = words(fight)
    for who in (combat["attacker"], combat["defender"]):
        name = names[who]
        # whole, wrapped over lines (the projector) or elided to its column (the laptop)
        assert name in " ".join(shown.split()) or any(
            part.endswith("…") and name.startswith(part[:-1]) for part in shown.split("\n")), \
            (name, shown)


def _scene_texts(scene, view):
    """(what, text, on-screen px) of every text the projector's table scene draws: the
    cards' faces, the scene's own words, each character's header and counter numbers."""
    from gui.qt import QtWidgets

    scale = _view_scale(view)
    out = _card_texts(scene, view, ("name", "kind", "number", "label", "line"))
    for item in scene.items():
        if isinstance(item, QtWidgets.QGraphicsSimpleTextItem) and item.isVisible() \
                and item.text().strip():
            px = item.font().pixelSize() * item.sceneTransform().m11() * scale
            out.append(("words", item.text(), px))
    for cluster in scene.clusters.values():
        out += [("header", text, px * scale) for text, px in cluster.header_texts()]
    for area in scene.areas.values():
        out += [("title", text, px * area.sceneTransform().m11() * scale)
                for text, px in area.title_texts()]
    out += [("badge", value, px) for _l, value, px in _badge_px(scene, view)]
    out += [("tag", b.label, b.label_px() * b.sceneTransform().m11() * scale)
            for c in scene.clusters.values() for b in c.counters.badges]
    return out


class _WithStatuses:
    """The fight with statuses on three characters (two long ones on the first), as the
    public view shows them: the projector draws each as a chip."""

    STATUSES = (["Incapacitated", "Demoralized"], ["Stunned", "Prone"], ["Surprised"])

    def __init__(self, game) -> None:
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def view(self, seat):
        view = copy.deepcopy(self.game.view(seat))
        chars = view["characters"]
        for ch, statuses in zip((chars[0], chars[1], chars[-1]), self.STATUSES, strict=True):
            ch["statuses"] = list(statuses)
        return view


@pytest.mark.parametrize("heroes", [3, 4])
@pytest.mark.parametrize("theme", ["dark", "light", "contrast"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080), (3840, 2160)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_the_projectors_table_reads_from_the_back(show_projector, fight,
                                                                fight4, theme, size, heroes):
    """Every text the projector's table draws — card plates (a word too long for its
    plate hyphenated, never shrunk), zone words, captions, headers, counter numbers and
    their tags, status chips — is at least 1/45 of the height, with three Heroes and with
    four (the most a game has). The cards are name plates: no tile labels, no rules text
    in type nobody past the first row reads (the spotlight shows a card large)."""
    game = fight if heroes == 3 else fight4
    window = show_projector(_WithStatuses(game), size, theme)
    floor = size[1] / ROOM_SHARE
    scene, view = window.scene, window.table_view
    texts = _scene_texts(scene, view)
    chips = [("chip", b.label, b.label_px() * b.sceneTransform().m11() * _view_scale(view))
             for c in scene.clusters.values() for b in c.counters.status_badges]
    assert {role for role, _t, _px in texts} <= {"name", "kind", "words", "header", "badge",
                                                  "title", "tag"}
    assert len([t for t in texts if t[0] == "name"]) >= 10
    assert len(chips) == 5 and {t[0] for t in texts} >= {"tag", "badge"}
    small = [t for t in texts + chips if t[2] < floor]
    assert not small, (floor, small)


class _AllStatuses(_WithStatuses):
    """Every Hero with two long statuses, the rest as `_WithStatuses`."""

    def view(self, seat):
        view = super().view(seat)
        for ch in view["characters"]:
            if ch.get("side") == "heroes":
                ch["statuses"] = ["Incapacitated", "Demoralized"]
        return view


@pytest.mark.parametrize("heroes", [3, 4])
def test_the_projectors_status_chips_stay_inside_their_character(show_projector, fight,
                                                                 fight4, heroes):
    """Chips lie over the bare lower part of the card (or, with no card picture, under
    the counters and the Equipment): whole, on no counter or Equipment card, and not past
    the character's own area into the row below."""
    game = _AllStatuses(fight if heroes == 3 else fight4)
    window = show_projector(game, (1280, 720), "dark")
    for cluster in window.scene.clusters.values():
        area = cluster.sceneBoundingRect()
        counters = [b.sceneBoundingRect() for b in cluster.counters.badges]
        # an Equipment card as drawn (its bounding rect has room for a focus ring)
        counters += [e.mapRectToScene(e.shape().boundingRect()) for e in cluster.equipment]
        for chip in cluster.counters.status_badges:
            rect = chip.sceneBoundingRect()
            assert area.contains(rect), (chip.label, rect, area)
            assert not any(rect.intersects(c) for c in counters), (chip.label, rect, counters)
            metrics = QtGui.QFontMetricsF(badge_font(chip.label_px(), bold=True))
            assert metrics.horizontalAdvance(chip.label) <= rect.width(), chip.label


@pytest.mark.parametrize("kind", ["hero", "villain", "mook", "location", "lair", "combat",
                                  "event", "twist", "objective", "bystander", "equipment"])
def test_every_pack_name_holds_the_rooms_size_on_its_plate(qtbot, catalog, kind):
    """On the projector a card at the scale the table draws it keeps its name at the
    room's size: a word too long for the plate is hyphenated at a syllable, not shrunk."""
    from gui.table.areas import ROOM_EQUIP_SCALE
    from gui.table.scene import ROOM_SMALL

    scale = {"equipment": ROOM_EQUIP_SCALE}.get(
        kind, 1.0 if kind in ("hero", "villain", "mook", "location", "lair") else ROOM_SMALL)
    rect = QtCore.QRectF(0, 0, CARD_W, CARD_H)
    cards = [dict(c.data) for c in catalog if c.data.get("kind") == kind]
    assert cards
    for data in cards:
        name = glance_face.layout(data, rect, "room", ROOM_TEXT / scale).of("name")[0]
        assert name.px * scale >= ROOM_TEXT - 1, (data["name"], name.px * scale)
        # every letter there, none elided: only hyphens and line breaks added
        assert "".join(name.text.split()).replace("-", "") \
            == "".join(data["name"].split()).replace("-", ""), (data["name"], name.text)


# what a piece after an added hyphen may start with: one consonant, or a group English
# syllables start with (a doubled consonant's second half with its l or r: "Rat-tling")
_ONSETS = {"bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kn", "ph", "pl",
           "pr", "qu", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr",
           "tw", "wh", "wr", "tl", "thr", "str", "spr", "spl", "scr", "shr", "squ"}
# letter groups that are one sound: a hyphen between their letters is a silly break
_ONE_SOUND = {"ch", "sh", "th", "ph", "ck", "ng", "gh", "wh", "qu", "ou", "ea", "ee", "oo",
              "ai", "au", "oa", "ie", "ei"}


def _silly_break(before: str, after: str) -> str:
    """Why a hyphen between `before` and `after` is a silly break ("" when it is not):
    a piece with no vowel sound ("ghts", or "nes" whose e is silent), one sound split
    ("Tho-ught"), or a piece starting with consonants no syllable starts with
    ("tspike")."""
    head, tail = before.lower(), after.lower()
    # the t of a "ght" belongs to it: "Light-house" splits no "th"
    pair = head[-1] + tail[0] if not head.endswith("ght") else ""
    if pair in _ONE_SOUND or head[-2:] + tail[0] == "ght" or head[-1] + tail[:2] == "ght":
        return "splits one sound"
    lead = tail[:next((i for i, c in enumerate(tail) if c in "aeiouy"), len(tail))]
    if len(lead) > 1 and lead not in _ONSETS:
        return f"starts with {lead!r}"
    # a final e or "es" is silent ("tunes"), but a consonant and "le" is a syllable ("ple")
    syllabic = len(tail) > 2 and tail.endswith("le") and tail[-3] not in "aeiouy"
    sounded = tail if syllabic else tail[:-2] if tail.endswith("es") \
        else tail[:-1] if tail.endswith("e") else tail
    if not any(c in "aeiouy" for c in sounded[len(lead):]) \
            or not any(c in "aeiouy" for c in head):
        return "a piece without a vowel sound"
    return ""


def _plates(catalog) -> dict[str, str]:
    """Every core card's name as its projector plate prints it, at the scale the table
    draws that card."""
    from gui.table.areas import ROOM_EQUIP_SCALE
    from gui.table.scene import ROOM_SMALL

    rect = QtCore.QRectF(0, 0, CARD_W, CARD_H)
    names: dict[str, str] = {}
    for card in catalog:
        data = dict(card.data)
        kind = data.get("kind")
        scale = {"equipment": ROOM_EQUIP_SCALE}.get(
            kind, 1.0 if kind in ("hero", "villain", "mook", "location", "lair") else ROOM_SMALL)
        names[data["name"]] = glance_face.layout(data, rect, "room",
                                                 ROOM_TEXT / scale).of("name")[0].text
    return names


def test_no_pack_name_is_broken_at_a_silly_place(qtbot, catalog):
    """Every core card's name, hyphenated on its projector plate at the scale the table
    draws it, breaks only where both pieces read as syllables: "Thought-/spike", never
    "Thou-/ghts-/pike"; "For-/tunes", not "Fortu-/nes"; "Rat-/tling", not "Ratt-/ling"."""
    names = _plates(catalog)
    silly = []
    broken = 0
    for name, shown in names.items():
        lines = shown.split("\n")
        for line, following in itertools.pairwise(lines):
            word = line.split()[-1]
            # a hyphen the name prints ("Power-Line") is not a break the plate chose
            if word.endswith("-") and word + following.split()[0] not in name:
                broken += 1
                why = _silly_break(word[:-1], following.split()[0])
                if why:
                    silly.append((name, shown, why))
    assert broken >= 20 and not silly, silly
    assert names["Thoughtspike Circlet"].startswith("Thought-\nspike")
    assert "For-\ntunes" in names["Reversal of Fortunes"]
    assert names["Rattling Taunt"].startswith("Rat-\ntling")


def test_core_names_break_where_a_reader_expects(qtbot, catalog):
    """Where the rules of syllables alone chose a place a reader stumbles on: a word made
    of two ("Hay-/maker", not "Hayma-/ker"), and an s after a short vowel that closes its
    syllable ("Whis-/per", "Hos-/tage", not "Whi-/sper", "Ho-/stage")."""
    from gui.table.hyphenation import syllable_breaks

    names = _plates(catalog)
    assert names["Haymaker"] == "Hay-\nmaker"
    assert "Whis-\nper" in names["Unsettling Whisper"]
    assert names["Hostage Broadcast"].startswith("Hos-\ntage")
    assert names["Thruster Hop"].startswith("Thrus-\nter")
    # every break each of these words offers, for a plate of any width
    expected = {"Haymaker": ["Hay-maker"], "Whisper": ["Whis-per"], "Vesper": ["Ves-per"],
                "Pistol": ["Pis-tol"], "Magistra": ["Ma-gistra", "Magis-tra"],
                "Ostrander": ["Os-trander", "Ostran-der"], "Breakwater": ["Break-water"],
                # what was right stays: the s of a compound's second word, a prefix
                "Sidestep": ["Si-destep", "Side-step"], "Unstable": ["Un-stable"]}
    words = {w for name in names for w in name.split()}
    assert set(expected) - {"Sidestep", "Unstable"} <= words
    for word, breaks in expected.items():
        assert [f"{word[:i]}-{word[i:]}" for i in syllable_breaks(word)] == breaks, word


def test_a_word_with_no_readable_break_that_fits_stays_whole(qtbot):
    """Too narrow a line for "Thought-": the word is left whole (its plate then takes a
    smaller size) rather than cut where it does not read."""
    from gui.table.hyphenation import hyphenate

    fm = glance_face.metrics(55, True, False, True)
    narrow = fm.horizontalAdvance("Thought-") - 1
    assert hyphenate("Thoughtspike", fm, narrow) == ["Thoughtspike"]
    assert hyphenate("Thoughtspike", fm, narrow + 2) == ["Thought-", "spike"]


def test_a_long_word_breaks_between_syllables(qtbot):
    from gui.table.hyphenation import wrap_hyphenated

    fm = glance_face.metrics(55, True, False, True)
    lines, whole = wrap_hyphenated("Underground Rail Yard", fm, 230, 4)
    assert whole and lines[0] == "Under-" and lines[1] == "ground"
    assert wrap_hyphenated("Sidestep", fm, 170, 3)[0] == ["Side-", "step"]
    assert wrap_hyphenated("Old Lighthouse", fm, 230, 4)[0][1] == "Light-"
    assert wrap_hyphenated("Power-Line Worker", fm, 170, 4)[0][0] == "Power-"  # its own
    # a word that fits is never broken
    assert wrap_hyphenated("Sprint", fm, 230, 4)[0] == ["Sprint"]
