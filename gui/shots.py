"""What every offscreen screenshot script does first: the folder, an offscreen Qt and a
throw-away home, so a run never touches the user's settings, packs or saved games."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def start(argv: list[str] | None, prefix: str) -> tuple[Path, Any]:
    """The output folder (first argument, else docs/screenshots) and the application."""
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0] if args else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PLOT_TWIST_HOME", tempfile.mkdtemp(prefix=prefix))
    from gui.app import create_app

    return out, create_app([sys.argv[0]])


def settle(app: Any) -> None:
    """Let layouts and paints run (a few event-loop turns) before a grab."""
    for _ in range(5):
        app.processEvents()
