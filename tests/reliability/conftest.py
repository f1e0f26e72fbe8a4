"""Shared fixtures for the reliability suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.catalog import Catalog

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BAD_SAVES = FIXTURES / "bad_saves"


@pytest.fixture(scope="session")
def core_catalog() -> Catalog:
    return Catalog.load(include_user=False)


@pytest.fixture(scope="session")
def good_save() -> str:
    return (BAD_SAVES / "good_v1.json").read_text(encoding="utf-8")
