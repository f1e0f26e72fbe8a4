"""Versioned JSON documents and atomic writes."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .errors import SaveError

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def dump_document(fmt: str, version: int, payload: dict[str, Any]) -> str:
    return json.dumps({"format": fmt, "version": version, "payload": payload},
                      sort_keys=True, separators=(",", ":"))


def format_of(text: str) -> str | None:
    """The "format" a save document says it is, or None if the text is not one."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return fmt if isinstance(fmt, str) else None


def load_document(text: str, fmt: str, version: int,
                  migrations: Mapping[int, Migration] | None = None) -> dict[str, Any]:
    """Parse a document; `migrations[n]` turns a version-n payload into version n+1."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"not a save file: invalid JSON at line {e.lineno} column {e.colno}") \
            from e
    except RecursionError as e:
        # the parser recurses once per level: absurd nesting is damage, not a crash
        raise SaveError("not a save file: invalid JSON, nested too deeply") from e
    except ValueError as e:
        # e.g. a number with more digits than int() converts (sys.set_int_max_str_digits)
        raise SaveError(f"not a save file: invalid JSON ({e})") from e
    if not isinstance(doc, dict) or "format" not in doc or "payload" not in doc:
        raise SaveError("not a save file: missing 'format' or 'payload'")
    if doc["format"] != fmt:
        raise SaveError(f"this is a {doc['format']!r} file, expected {fmt!r}")
    got = doc.get("version")
    if not isinstance(got, int) or isinstance(got, bool):
        raise SaveError("save file has no integer 'version'")
    if got > version:
        raise SaveError(f"save file version {got} is newer than this program reads "
                        f"(up to {version}); update the program")
    payload = doc["payload"]
    if not isinstance(payload, dict):
        raise SaveError("save file 'payload' is not an object")
    migrations = migrations or {}
    while got < version:
        step = migrations.get(got)
        if step is None:
            raise SaveError(f"save file version {got} cannot be upgraded to {version}")
        try:
            payload = step(payload)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            # the old file was already damaged in a way the upgrade cannot read past
            raise SaveError(f"save file version {got} could not be upgraded to {got + 1}: "
                            f"{e!r}") from e
        if not isinstance(payload, dict):
            raise SaveError(f"save file version {got} could not be upgraded to {got + 1}")
        got += 1
    return payload


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write so a crash leaves either the old file or the new one, never half of one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)


def sweep_temp_files(folder: str | os.PathLike[str], prefix: str, older_than: float,
                     contains: str = "") -> int:
    """Remove the temp files killed :func:`atomic_write` calls left in `folder`: names
    ``<prefix>….tmp`` (holding `contains`) not touched for `older_than` seconds (a younger
    one may be a write in flight, perhaps another running copy's). Returns how many."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp") and contains in name):
            continue
        try:
            if (entry.is_file(follow_symlinks=False)
                    and now - entry.stat(follow_symlinks=False).st_mtime >= older_than):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def check_readable(path: str | os.PathLike[str], max_bytes: int) -> None:
    """Refuse what is not a regular file of at most `max_bytes` *before* opening it: a FIFO
    would block the reader forever, a device or a huge file would fill the memory."""
    try:
        info = os.stat(path)
    except OSError as e:
        raise SaveError(f"cannot read: {e.strerror}") from e
    if not stat.S_ISREG(info.st_mode):
        raise SaveError("not a regular file")
    if info.st_size > max_bytes:
        raise SaveError(f"the file is {info.st_size:,} bytes, more than any save "
                        f"({max_bytes:,})")


def read_document(path: str | os.PathLike[str], fmt: str, version: int,
                  migrations: Mapping[int, Migration] | None = None) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror}") from e
    return load_document(text, fmt, version, migrations)
