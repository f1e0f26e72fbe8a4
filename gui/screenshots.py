"""Render the app offscreen into docs/screenshots/: the start screen, a table, a Combat.

``QT_QPA_PLATFORM=offscreen python -m gui.screenshots [folder]``. The games are seeded
Quick games of the real engine, driven only through legal actions, so the pictures show
what a group would see.
"""

from __future__ import annotations

from typing import Any

from gui.shots import settle, start

SIZE = (1600, 1000)
LAPTOPS = ((1280, 720), (1920, 1080))


def _play_until_combat_roll(game: Any, limit: int = 200) -> None:
    """Drive the game to a Combat with a roll shown, preferring combat actions."""
    def rolled(view: dict[str, Any]) -> bool:
        combat = view.get("combat")
        return bool(combat and combat.get("played") and view.get("rolls")
                    and combat["step"] == "attack")

    _play_until(game, rolled, ("attack", "play_combat_card", "initiate_combat", "pass"), limit)


def _play_until_cards_played(game: Any, cards: int = 2, limit: int = 200) -> None:
    """Drive the game into a Combat where `cards` Combat cards lie played, before a roll."""
    def played(view: dict[str, Any]) -> bool:
        return len((view.get("combat") or {}).get("played") or []) >= cards

    _play_until(game, played, ("play_combat_card", "initiate_combat", "pass"), limit)


def _play_until(game: Any, done: Any, order: tuple[str, ...], limit: int) -> None:
    for _ in range(limit):
        view = game.view("gm")
        if done(view):
            return
        # the Heroes' seats in order (three or four), then the GM
        seats = sorted({str(c["seat"]) for c in view.get("characters") or []
                        if c.get("side") == "heroes" and c.get("seat")}) + ["gm"]
        best = None
        for kind in order:
            for seat in seats:
                found = [a for a in game.legal_actions(seat) if a.kind == kind
                         and not getattr(a, "trauma", False)]
                if kind == "initiate_combat":
                    found = [a for a in found if a.target.startswith("v")]
                if found:
                    best = found[0]
                    break
            if best is not None:
                break
        if best is None:
            return
        game.apply(best)


def main(argv: list[str] | None = None) -> int:
    out, app = start(argv, "pt-shots-")
    from engine.catalog import Catalog
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from gui.theme import apply_theme

    # no "Leave this game?" on close: offscreen, nobody could answer it and the run hangs
    settings = Settings(confirmations=False)
    apply_theme(app, settings.theme)
    catalog = Catalog.load(include_user=False)
    window = MainWindow(settings, catalog=catalog)
    window.resize(*SIZE)
    window.show()
    settle(app)
    window.grab().save(str(out / "start.png"))

    from engine.plottwist.game import Game

    game = Game.quick(catalog, heroes=3, seed=7)
    window.start_game(game)
    settle(app)
    window.grab().save(str(out / "table.png"))
    # a laptop or projector at 720 px and a full-HD screen: nothing cut, Next in view
    for w, h in LAPTOPS:
        window.resize(w, h)
        settle(app)
        window.grab().save(str(out / f"table-{w}x{h}.png"))
    window.resize(*SIZE)

    fight = Game.quick(catalog, heroes=3, seed=7)
    _play_until_combat_roll(fight)
    window.start_game(fight)
    view = fight.view("gm")
    combat = view.get("combat") or {}
    attacker = next((c for c in view["characters"] if c["id"] == combat.get("attacker")), None)
    if attacker is not None:
        window.table.viewer_box.setCurrentIndex(window.table.viewer_box.findData(
            attacker["seat"]))
    settle(app)
    window.grab().save(str(out / "combat.png"))
    window.resize(*LAPTOPS[0])
    settle(app)
    window.grab().save(str(out / "combat-{}x{}.png".format(*LAPTOPS[0])))
    window.hide()
    # a Combat with cards played and no roll yet: the faces of played cards are on the table
    table_game = Game.quick(catalog, heroes=3, seed=7)
    _play_until_cards_played(table_game)
    for theme in ("light", "dark"):
        # the table as a laptop shows it, in the two sizes a group most often has
        apply_theme(app, theme)
        shown = MainWindow(Settings(theme=theme, hints=False, confirmations=False),
                           catalog=catalog)
        shown.show()
        shown.start_game(table_game)
        for width, height in LAPTOPS:
            shown.resize(width, height)
            settle(app)
            shown.grab().save(str(out / f"table-{theme}-{width}x{height}.png"))
        shown.hide()
    apply_theme(app, settings.theme)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
