"""A thread that owns a game, for running the phones' server without Qt (the tests, the
bench, a headless table): every function posted to it runs there, one at a time, in the
order posted — what the GUI thread's event loop does in the app."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any


class GameThread:
    def __init__(self) -> None:
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="game", daemon=True)
        self._thread.start()

    def post(self, fn: Callable[[], None]) -> None:
        self._jobs.put(fn)

    def call(self, fn: Callable[[], Any], timeout: float = 30) -> Any:
        """Run `fn` on the game thread and wait for its result (or its exception)."""
        done = threading.Event()
        box: dict[str, Any] = {}

        def job() -> None:
            try:
                box["value"] = fn()
            except BaseException as e:
                box["error"] = e
            done.set()

        self.post(job)
        if not done.wait(timeout):
            raise TimeoutError("the game thread did not answer")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def stop(self) -> None:
        self._jobs.put(None)
        self._thread.join(10)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            job()
