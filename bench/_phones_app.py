"""The phones' round trip against the real app: ``python -m bench._phones_app [TAPS]``.

The main window offscreen with a 4-Hero Quick game, its phones' server on 127.0.0.1
(the bridge, the laptop's controller, the table page), four phones on another thread.
"Laptop updated" is the moment the table page has redrawn from the tap's new view. Prints
one marked JSON line (bench.common.emit).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import random
import sys
import threading
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6 import QtCore, QtWidgets  # noqa: E402

from bench.common import emit  # noqa: E402
from bench.phones_bench import SEATS, measure  # noqa: E402


def main() -> None:
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    from engine.catalog import Catalog
    from engine.plottwist.game import Game
    from gui.main_window import MainWindow
    from gui.phones.invite_dialog import PhoneSession
    from gui.settings import Settings

    app = QtWidgets.QApplication([])
    catalog = Catalog.load(include_user=False)
    window = MainWindow(Settings(animations=False, confirmations=False), catalog=catalog)
    window.resize(1280, 720)
    window.show()
    window.start_game(Game.quick(catalog, heroes=4, seed=1))
    controller = window.table.controller
    game = controller.game
    laptop_at: dict[int, float] = {}
    # connected before the bridge's own slot: fires right after the table page redrew
    controller.sig_view.connect(lambda _view: laptop_at.__setitem__(game.version,
                                                                    time.perf_counter()))
    session = PhoneSession.of(window)
    session.start("127.0.0.1")
    bridge = session.bridge
    assert bridge is not None
    server = bridge.server
    codes = {seat: server.tokens.token(seat) or "" for seat in SEATS}
    rng = random.Random(1)

    async def gm_move() -> int | None:
        done: concurrent.futures.Future[int | None] = concurrent.futures.Future()

        def job() -> None:
            actions = game.legal_actions("gm")
            ok = bool(actions) and controller.apply(rng.choice(actions))
            done.set_result(int(game.version) if ok else None)

        bridge.post(job)
        return await asyncio.wrap_future(done)

    result: dict[str, Any] = {}

    def phones() -> None:
        try:
            result.update(asyncio.run(measure(f"ws://127.0.0.1:{server.port}/ws", codes,
                                              taps, rng, gm_move, laptop_at)))
        except Exception as e:  # reported, not lost in a thread
            result["error"] = f"{type(e).__name__}: {e}"
        QtCore.QMetaObject.invokeMethod(app, "quit", QtCore.Qt.ConnectionType.QueuedConnection)

    worker = threading.Thread(target=phones, daemon=True)
    worker.start()
    app.exec()
    worker.join(10)
    session.stop()
    emit(result)


if __name__ == "__main__":
    main()
