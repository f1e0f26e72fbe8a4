"""Cold catalog cost in a fresh process: import engine.catalog, first and second load.

``--skip-check-schema`` replaces jsonschema's check_schema with a no-op in this process
only, to show what validating the shipped schemas against the metaschema costs at each
start. Prints one marked JSON line.
"""

import sys
import time

t0 = time.perf_counter()
import jsonschema  # noqa: E402

t1 = time.perf_counter()
if "--skip-check-schema" in sys.argv:
    jsonschema.Draft202012Validator.check_schema = classmethod(lambda cls, schema: None)
from engine.catalog import Catalog  # noqa: E402

t2 = time.perf_counter()
first = Catalog.load(include_user=False)
t3 = time.perf_counter()
Catalog.load(include_user=False)
t4 = time.perf_counter()

from bench.common import emit  # noqa: E402

emit({"import_jsonschema_ms": (t1 - t0) * 1000, "import_catalog_ms": (t2 - t1) * 1000,
      "first_load_ms": (t3 - t2) * 1000, "second_load_ms": (t4 - t3) * 1000,
      "cards": len(first.cards), "skip_check_schema": "--skip-check-schema" in sys.argv})
