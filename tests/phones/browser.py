"""Headless Chromium from the system (Debian's `chromium`) driven by Playwright for
Python; never `playwright install` (nothing is downloaded). Tests skip with the reason
when no browser is installed."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def chromium_path() -> str | None:
    wanted = os.environ.get("PLOT_TWIST_CHROMIUM")
    for path in ((wanted,) if wanted else ()) + CANDIDATES:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return shutil.which("chromium")


def why_no_browser() -> str | None:
    """None when a browser can be driven here, else the reason it cannot."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    if chromium_path() is None:
        return "no Chromium installed (apt-get install -y chromium chromium-driver)"
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
