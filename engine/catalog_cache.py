"""Cards already found valid, remembered by content: unchanged packs skip JSON Schema.

Validating the bundled packs against the card schema (and checking the schema itself)
is most of the app's start-up work for a Quick game, yet the packs rarely change. A
card object (or a pack.json) that passed validation is remembered by a SHA-256 of its
canonical JSON together with the schema's own text; the next time the very same object
is checked against the very same schema, it passes without running jsonschema at all
(which is then not even imported). Any change to the card, or to the schema, misses the
cache and is validated as usual; invalid data is never remembered.

The remembered digests live in one small JSON file in the app's cache folder
(`engine.paths.cache_dir`). A missing, unreadable or corrupt file is an empty cache.
Only what a load used is written back, so the file never grows beyond the packs in use.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

try:
    # Python's own SHA-256, as the random module takes its SHA-512: the same digests, and
    # hashlib would load OpenSSL's library for them (≈ 11 M instructions of every pack
    # load, docs/performance.md start-up part 6). A Python without it (3.12 renamed it)
    # takes hashlib's.
    from _sha256 import sha256
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import sha256

FILE_NAME = "valid-cards.json"
FORMAT = "plot-twist-valid-cards"

R = TypeVar("R", bound=list[Any])
SchemaReader = Callable[[str], Any]


class ValidCache:
    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._known: set[str] | None = None     # read on first use
        self._used: set[str] = set()            # hits and new entries since start
        self._schema_digest: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def path(self) -> Path:
        if self._path is not None:
            return self._path
        from engine import paths

        return paths.cache_dir() / FILE_NAME        # the app home of the moment

    def _load(self) -> set[str]:
        known: set[str] = set()
        try:
            doc = json.loads(self.path().read_text(encoding="utf-8"))
            if isinstance(doc, dict) and doc.get("format") == FORMAT:
                known = {d for d in doc.get("digests", []) if isinstance(d, str)}
        except (OSError, ValueError):
            pass
        return known

    def _digest(self, schema: str, data: Any, read_schema: SchemaReader) -> str | None:
        base = self._schema_digest.get(schema)
        if base is None:
            base = sha256(json.dumps(read_schema(schema), sort_keys=True)
                                  .encode("utf-8")).digest()
            self._schema_digest[schema] = base
        try:
            text = json.dumps(data, sort_keys=True, ensure_ascii=False,
                              separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            return None                              # not plain JSON: always validate
        return sha256(base + text.encode("utf-8")).hexdigest()

    def check(self, schema: str, data: Any, validate: Callable[[Any], R],
              read_schema: SchemaReader) -> R:
        """validate(data), unless this very data passed against this schema before
        (`read_schema(schema)` is the schema document, engine.catalog.load_schema)."""
        digest = self._digest(schema, data, read_schema)
        if digest is not None:
            with self._lock:
                if self._known is None:
                    self._known = self._load()
                if digest in self._known:
                    self._used.add(digest)
                    return cast(R, [])
        problems = validate(data)
        if digest is not None and not problems:
            with self._lock:
                assert self._known is not None
                self._known.add(digest)
                self._used.add(digest)
        return problems

    def save(self) -> None:
        """Write what this process used, if it differs from the file; never raises."""
        with self._lock:
            if self._known is None or not self._used:
                return
            used = sorted(self._used)
        try:
            if self._load() == set(used):
                return
            path = self.path()
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"format": FORMAT, "digests": used}) + "\n",
                           encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass                                     # a cache that cannot be written


VALID = ValidCache()


def remember_valid(schema: str, read_schema: SchemaReader
                   ) -> Callable[[Callable[[Any], R]], Callable[[Any], R]]:
    """Decorate a validator returning a list of problems (empty: valid). The catalog hands
    in its schema reader, so this module needs nothing from engine.catalog (no circle)."""
    def wrap(validate: Callable[[Any], R]) -> Callable[[Any], R]:
        @wraps(validate)
        def checked(data: Any) -> R:
            # VALID read now: tests swap it
            return VALID.check(schema, data, validate, read_schema)
        return checked
    return wrap
