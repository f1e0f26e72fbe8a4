from __future__ import annotations

import pytest

from engine.catalog import Catalog
from engine.plottwist.game import Game
from tests.phones.rig import Rig

SEATS = ("gm", "p1", "p2", "p3", "p4")


@pytest.fixture(scope="session")
def catalog():
    return Catalog.load(include_user=False)


@pytest.fixture
def rig(catalog):
    table = Rig(Game.quick(catalog, heroes=4, seed=7), SEATS).start()
    yield table
    table.close()
