"""The methods ``@dataclass`` writes, compiled once per install rather than at every start.

Python 3.11's ``dataclass`` writes each class's ``__init__`` (and, as its options ask,
``__setattr__``/``__delattr__``, ``__eq__``, ``__repr__``, ``__hash__``) as source text and
compiles that text with ``exec`` while the class is made. On the way to a Quick game's table
that is ≈ 200 compiles, ≈ 185 M instructions, an eighth of the whole path
(docs/performance.md, start-up part 6), for texts that are the same at every start.

The app keeps each text's compiled code in its cache folder, as Python keeps a module's in
``__pycache__``: at the next start the same text runs its kept code, which is what compiling
it again would give (the same text, file name "<string>", and compiler flags: none, as
``dataclasses`` has no ``__future__`` import). A text not kept yet is compiled as before and
written down by `save`. A file from another Python (its bytecode magic differs), or one that
cannot be read, is an empty cache. Nothing but the compiling changes: ``dataclass`` still
builds every class itself, so the classes, their fields and their methods are the ones it
would have made.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
import os
import threading
from pathlib import Path
from types import CodeType
from typing import Any

FILE_NAME = "dataclass-code.marshal"
# a run that meets more texts than this (other windows: the editor, dialogs) keeps only
# what it used, so the file stays small
MAX_KEPT = 2000

_lock = threading.Lock()
_kept: dict[str, CodeType] = {}     # text → code, from the file
_new: dict[str, CodeType] = {}      # compiled in this process, not in the file yet
_used: set[str] = set()
_path: Path | None = None


def _read(path: Path) -> dict[str, CodeType]:
    try:
        doc = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not (isinstance(doc, dict) and doc.get("magic") == importlib.util.MAGIC_NUMBER
            and isinstance(doc.get("code"), dict)):
        return {}
    return {text: code for text, code in doc["code"].items()
            if isinstance(text, str) and isinstance(code, CodeType)}


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:  # noqa: A002
    """``exec`` as ``dataclasses`` calls it (text, globals, a namespace), from kept code."""
    if type(source) is str:
        code = _kept.get(source) or _new.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            with _lock:
                _new[source] = code
        _used.add(source)
        source = code
    exec(source, globals, locals)  # noqa: S102 (dataclasses' own call, compiled once)


def install(path: Path) -> None:
    """Read the kept code from `path` and make ``dataclass`` use it from now on."""
    global _path
    _path = path
    _kept.update(_read(path))
    # dataclasses looks its `exec` up in its own globals first: this one answers there
    dataclasses.exec = _exec  # type: ignore[attr-defined]


def installed() -> bool:
    return getattr(dataclasses, "exec", None) is _exec


def save() -> None:
    """Write the code compiled since the start, if any; never raises."""
    with _lock:
        if _path is None or not _new:
            return
        kept = {**_kept, **_new}
        if len(kept) > MAX_KEPT:
            kept = {text: code for text, code in kept.items() if text in _used}
        _kept.update(_new)
        _new.clear()
    try:
        data = marshal.dumps({"magic": importlib.util.MAGIC_NUMBER, "code": kept})
        tmp = _path.with_name(f".{_path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, _path)
    except (OSError, ValueError):
        pass                                # a cache that cannot be written
