"""Cold catalog cost in a fresh process: import engine.catalog, first and second load.

Run by bench.startup twice over: with an empty app home (no cache of validated cards:
the first start after an install or a pack change) and with a home whose cache a
previous run filled (every later start). Prints one marked JSON line, saying whether
jsonschema had to be imported.
"""

import sys
import time

t1 = time.perf_counter()
from engine.catalog import Catalog  # noqa: E402

t2 = time.perf_counter()
first = Catalog.load(include_user=False)
t3 = time.perf_counter()
imported = "jsonschema" in sys.modules
Catalog.load(include_user=False)
t4 = time.perf_counter()

from bench.common import emit  # noqa: E402

emit({"import_catalog_ms": (t2 - t1) * 1000, "first_load_ms": (t3 - t2) * 1000,
      "second_load_ms": (t4 - t3) * 1000, "cards": len(first.cards),
      "jsonschema_imported": imported})
