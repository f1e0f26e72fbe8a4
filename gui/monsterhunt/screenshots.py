"""Monster Hunt's table offscreen into docs/screenshots/: laptop and projector, two sizes.

``QT_QPA_PLATFORM=offscreen python -m gui.monsterhunt.screenshots [folder]``. The fight is
a seeded quick fight played by the engine's random agent through legal actions only, up
to the Players' phase of a later round, so the pictures show a table in use.
"""

from __future__ import annotations

from typing import Any

from gui.shots import settle, start

SIZES = ((1280, 720), (1920, 1080))


def fight_in_progress(seed: int = 4, rounds: int = 2) -> Any:
    """A quick fight played by random agents until the Players' phase of round `rounds`
    with cards in both Audience pools (or as far as it goes)."""
    from engine.monsterhunt.agents import RandomAgent, seats_to_act
    from engine.monsterhunt.game import Game

    game = Game.quick(players=2, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(600):
        view = game.view("gm")
        pools = view["zones"]
        if (game.winner is not None or view["round"] >= rounds and view["phase"] == "players"
                and pools["audience:gm"]["count"] and pools["audience:players"]["count"]
                and any(pools[f"facedown:{s}"]["count"] for s in ("p1", "p2"))):
            break
        seats = seats_to_act(game)
        choice = agent.choose(game, seats[0]) if seats else None
        if choice is None or choice.kind == "special_attack":
            choice = next((a for a in game.legal_actions(seats[0])
                           if a.kind != "special_attack"), None) if seats else None
        if choice is None:
            break
        game.apply(choice)
    return game


def main(argv: list[str] | None = None) -> int:
    out, app = start(argv, "mh-shots-")
    from gui.main_window import MainWindow
    from gui.presentation import PresentationWindow
    from gui.settings import Settings
    from gui.theme import apply_theme

    settings = Settings(animations=False, confirmations=False)
    apply_theme(app, settings.theme)
    window = MainWindow(settings)
    window.show()
    settle(app)
    game = fight_in_progress()
    window.start_game(game)
    projector = PresentationWindow(lambda: game)
    for w, h in SIZES:
        window.resize(w, h)
        settle(app)
        window.table.view.fit()
        settle(app)
        window.grab().save(str(out / f"monsterhunt-table-{w}x{h}.png"))
        projector.resize(w, h)
        projector.show()
        projector.refresh()
        settle(app)
        projector.table_view.fit()
        settle(app)
        projector.grab().save(str(out / f"monsterhunt-projector-{w}x{h}.png"))
    projector.close()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
