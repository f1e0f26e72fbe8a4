"""Screenshots of the phone page for docs/screenshots (run by hand, not a test):

    .venv/bin/python -m tests.phones.make_screenshots

A Quick game (the Players choose the Twist!, so a question shows), the real server on
127.0.0.1, system Chromium at 360x780 (a phone) and 768x1024 (a tablet), dark and light.
"""

from __future__ import annotations

from pathlib import Path

from engine.catalog import Catalog
from engine.plottwist.game import Game
from engine.plottwist.options import RulesOptions
from tests.phones.browser import chromium
from tests.phones.rig import Rig

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def main() -> None:
    game = Game.quick(Catalog.load(include_user=False), heroes=3, seed=1,
                      options=RulesOptions(twist_choice="choose"))
    rig = Rig(game, ("gm", "p1", "p2", "p3")).start()
    try:
        link = rig.server.issue("p1") and rig.server.link("p1")
        with chromium() as browser:
            def open_page(width: int, height: int, scheme: str):
                page = browser.new_page(viewport={"width": width, "height": height},
                                        color_scheme=scheme)
                page.goto(link or "")
                page.wait_for_selector("body[data-link=live]")
                return page

            page = open_page(360, 780, "dark")
            page.screenshot(path=OUT / "phone-360x780-question-dark.png")
            page.locator("#question-options button").first.click()
            page.wait_for_selector("#question", state="hidden")
            page.close()
            rig.server.issue("p1")
            link = rig.server.link("p1")
            for width, height in ((360, 780), (768, 1024)):
                for scheme in ("light", "dark"):
                    page = open_page(width, height, scheme)
                    page.screenshot(path=OUT / f"phone-{width}x{height}-{scheme}.png")
                    page.close()
            page = open_page(360, 780, "light")
            page.locator("#plot-hand .card.playable").first.click()
            page.wait_for_selector("#zoom[open]")
            page.screenshot(path=OUT / "phone-360x780-card-zoom-light.png")
    finally:
        rig.close()


if __name__ == "__main__":
    main()
