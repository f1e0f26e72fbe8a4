"""Engine test fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def core_set():
    from engine.catalog import Catalog

    return Catalog.load(include_user=False)
