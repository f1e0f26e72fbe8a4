"""Writing card packs: create, save cards and drafts, duplicate, trash, import, export.

The loader (:mod:`engine.catalog`) only reads. Everything that changes a pack folder on
disk is here, so the rules for doing it safely live in one place:

- every file is written atomically (temp file in the same folder, flush, fsync,
  ``os.replace``), so a crash or a full disk never leaves half a card file behind;
- an imported pack is unpacked into a hidden staging folder first and moved into place
  only once it has passed every check, so a refused archive leaves nothing behind;
- nothing from an archive may land outside the pack folder (no absolute paths, no ``..``,
  no links) and sizes are capped before a byte is extracted.

Drafts (cards with errors a person wants to keep) live in ``<pack>/drafts/``: the loader
reads only the top level of a pack folder, so drafts never reach a game.
"""

from __future__ import annotations

import json
import lzma
import os
import re
import shutil
import stat
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

import jsonschema

from engine.card_names import card_key
from engine.catalog import (
    IMAGE_MAGIC,
    MAX_CARD_FILE_BYTES,
    MAX_IMAGE_BYTES,
    PACK_FILE,
    Catalog,
    UnreadableFile,
    bundled_packs_root,
    is_pack_id,
    load_schema,
    read_json_file,
    slugify,
)

__all__ = [
    "DRAFTS_DIR",
    "TRASH_DIR",
    "KIND_FILES",
    "PackExists",
    "PackWriteError",
    "PackDocument",
    "StoredCard",
    "atomic_write_bytes",
    "atomic_write_json",
    "create_pack",
    "duplicate_pack",
    "export_zip",
    "import_pack",
    "new_pack_id",
    "read_meta",
    "restore_from_trash",
    "set_pack_name",
    "trash_pack",
    "purge_trash",
]

DRAFTS_DIR = "drafts"
IMAGES_DIR = "images"
#: deleted packs wait here (the loader skips dot-folders) so a delete can be undone
TRASH_DIR = ".trash"
#: where a new card of each kind is saved; the core set uses the same names
KIND_FILES: dict[str, str] = {
    "hero": "heroes.json", "villain": "villains.json", "mook": "mooks.json",
    "equipment": "equipment.json", "objective": "objectives.json", "event": "events.json",
    "twist": "twists.json", "detail": "details.json", "location": "locations.json",
    "lair": "lairs.json", "bystander": "bystanders.json", "combat": "combat.json",
    "reference": "reference.json",
}

# archive limits: generous for real packs (the core set is ~200 kB), small for zip bombs
MAX_ARCHIVE_FILES = 500
MAX_PACK_BYTES = 64 * 1024 * 1024
MAX_ARCHIVE_BYTES = 80 * 1024 * 1024
MAX_COMPRESSION_RATIO = 200
ALLOWED_SUFFIXES = {".json", ".png", ".jpg", ".jpeg", ".txt", ".md"}
TRASH_KEEP_SECONDS = 30 * 24 * 3600


class PackWriteError(Exception):
    """A pack could not be written, imported or exported; the message is for people."""


class PackExists(PackWriteError):
    """An import found the pack's id installed already; the caller may ask what to do."""

    def __init__(self, pack_id: str, folder: Path) -> None:
        super().__init__(f"a pack with id {pack_id!r} is already installed ({folder.name})")
        self.pack_id = pack_id
        self.folder = folder


# --------------------------------------------------------------------------- atomic files


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so readers see the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, value: Any) -> None:
    text = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    atomic_write_bytes(path, text.encode("utf-8"))


def _read_json(path: Path) -> Any:
    """A JSON file of a pack, read as the loader reads it (regular files only, capped)."""
    return read_json_file(path, MAX_CARD_FILE_BYTES)


# --------------------------------------------------------------------------- pack folders


def read_meta(folder: Path) -> dict[str, Any]:
    try:
        meta = _read_json(folder / PACK_FILE)
    except (OSError, ValueError) as exc:
        raise PackWriteError(f"{folder.name}/pack.json cannot be read: {exc}") from exc
    if not isinstance(meta, dict):
        raise PackWriteError(f"{folder.name}/pack.json is not a JSON object")
    return meta


def new_pack_id(name: str, root: Path, taken: Iterable[str] = ()) -> str:
    """A free pack id made from ``name``: ``"My Pack"`` -> ``my-pack`` (or ``my-pack-2``)."""
    base = slugify(name)[:34].strip("-") or "pack"
    used = set(taken) | {p.name for p in root.iterdir()} if root.is_dir() else set(taken)
    for folder in root.iterdir() if root.is_dir() else ():
        if (folder / PACK_FILE).is_file():
            try:
                used.add(str(read_meta(folder).get("id", "")))
            except PackWriteError:
                pass
    candidate, n = base, 2
    while candidate in used:
        candidate = f"{base}-{n}"
        n += 1
    return candidate


def create_pack(root: Path, name: str, author: str = "", description: str = "",
                pack_id: str | None = None) -> Path:
    """Make an empty pack folder ``root/<id>`` with its ``pack.json``; return the folder."""
    name = name.strip()
    if not name:
        raise PackWriteError("a pack needs a name")
    pack_id = pack_id or new_pack_id(name, root)
    if not is_pack_id(pack_id):
        raise PackWriteError(f"{pack_id!r} is not a valid pack id (lowercase letters, digits, "
                             "'-' or '_', at most 40)")
    folder = root / pack_id
    if folder.exists():
        raise PackWriteError(f"a folder called {pack_id!r} already exists in {root}")
    meta = {"id": pack_id, "name": name[:80], "version": "1.0.0"}
    if author:
        meta["author"] = author
    if description:
        meta["description"] = description
    folder.mkdir(parents=True)
    atomic_write_json(folder / PACK_FILE, meta)
    return folder


def set_pack_name(folder: Path, name: str) -> None:
    """Rename a pack for people. The id (and the folder) stay, so saved games still find
    the pack's cards by their keys."""
    name = name.strip()
    if not name:
        raise PackWriteError("a pack needs a name")
    meta = read_meta(folder)
    meta["name"] = name[:80]
    atomic_write_json(folder / PACK_FILE, meta)


def _pack_files(folder: Path, include_drafts: bool) -> list[Path]:
    """The files that make a pack: its JSON, its images, optionally its drafts; no links."""
    found: list[Path] = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if rel.parts[0] == DRAFTS_DIR and not include_drafts:
            continue
        if path.is_symlink() or not path.is_file():
            continue
        if path.suffix.lower() in ALLOWED_SUFFIXES:
            found.append(path)
    return found


def duplicate_pack(source: Path, root: Path, name: str) -> Path:
    """Copy a pack (bundled or not) into ``root`` as a new pack the user may edit."""
    meta = read_meta(source)
    pack_id = new_pack_id(name, root)
    target = root / pack_id
    staging = Path(tempfile.mkdtemp(prefix=".dup-", dir=root))
    try:
        for path in _pack_files(source, include_drafts=True):
            dest = staging / path.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
        meta.update({"id": pack_id, "name": name.strip()[:80] or pack_id})
        atomic_write_json(staging / PACK_FILE, meta)
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def trash_pack(folder: Path) -> Path:
    """Move a user pack into the packs folder's ``.trash``; return where it went (for undo)."""
    trash = folder.parent / TRASH_DIR
    trash.mkdir(exist_ok=True)
    target = trash / f"{folder.name}__{time.time_ns()}"
    os.replace(folder, target)
    return target


def restore_from_trash(trashed: Path) -> Path:
    root = trashed.parent.parent
    name = trashed.name.rsplit("__", 1)[0]
    target = root / name
    if target.exists():
        raise PackWriteError(f"cannot restore: {target.name!r} exists again")
    os.replace(trashed, target)
    return target


def purge_trash(root: Path, keep_seconds: float = TRASH_KEEP_SECONDS) -> None:
    """Forget deleted packs older than ``keep_seconds``."""
    trash = root / TRASH_DIR
    if not trash.is_dir():
        return
    limit = time.time() - keep_seconds
    for entry in trash.iterdir():
        try:
            stamp = int(entry.name.rsplit("__", 1)[1]) / 1e9
        except (IndexError, ValueError):
            stamp = entry.stat().st_mtime
        if stamp < limit:
            shutil.rmtree(entry, ignore_errors=True)


# --------------------------------------------------------------------------- cards on disk


@dataclass
class StoredCard:
    """One card as it sits in a pack folder: its data and the file it lives in."""

    data: dict[str, Any]
    file: str          # relative to the pack folder: "heroes.json" or "drafts/hope.json"
    index: int = 0     # position inside that file's "cards"

    @property
    def is_draft(self) -> bool:
        return self.file.startswith(f"{DRAFTS_DIR}/")

    @property
    def name(self) -> str:
        return str(self.data.get("name", ""))


@dataclass
class PackDocument:
    """A pack folder read for editing: every card file, and the drafts.

    Files are rewritten whole (atomically) when one of their cards changes; cards the
    editor never touched keep their content and order.
    """

    folder: Path
    meta: dict[str, Any]
    files: dict[str, list[Any]] = field(default_factory=dict)
    drafts: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, folder: Path) -> PackDocument:
        doc = cls(folder=folder, meta=read_meta(folder))
        for path in sorted(folder.glob("*.json")):
            if path.name == PACK_FILE or path.name.startswith("."):
                continue
            try:
                content = _read_json(path)
                cards = content["cards"]
                if not isinstance(cards, list):
                    raise TypeError
            except (OSError, ValueError, KeyError, TypeError):
                # never rewrite a file we could not understand: it would lose its content
                doc.problems.append(f"{path.name} cannot be read as a card file; left alone")
                continue
            doc.files[path.name] = cards
        drafts = folder / DRAFTS_DIR
        for path in sorted(drafts.glob("*.json")) if drafts.is_dir() else ():
            try:
                card = _read_json(path)["cards"][0]
            except (OSError, ValueError, KeyError, IndexError, TypeError):
                doc.problems.append(f"drafts/{path.name} cannot be read; left alone")
                continue
            if isinstance(card, dict):
                doc.drafts[path.name] = card
        return doc

    @property
    def pack_id(self) -> str:
        return str(self.meta.get("id", self.folder.name))

    def cards(self) -> list[StoredCard]:
        out = [StoredCard(dict(card), name, i)
               for name, cards in self.files.items()
               for i, card in enumerate(cards) if isinstance(card, dict)]
        out += [StoredCard(dict(card), f"{DRAFTS_DIR}/{name}") for name, card in
                self.drafts.items()]
        return out

    def names_in_use(self, ignore: StoredCard | None = None) -> set[str]:
        """Slugs of the pack's saved cards (drafts do not reserve a name)."""
        used = set()
        for card in self.cards():
            if card.is_draft:
                continue
            if ignore is not None and card.file == ignore.file and card.index == ignore.index:
                continue
            used.add(card_key(card.name))
        return used

    # -- writing -----------------------------------------------------------------
    def save_card(self, data: dict[str, Any], previous: StoredCard | None = None,
                  draft: bool = False) -> StoredCard:
        """Store ``data`` (as a finished card, or as a draft); it replaces ``previous``.

        A finished card stays in the file it came from; a new one (or a draft being
        finished) goes to the file for its kind. Returns where the card now is.
        """
        if draft:
            stored = self._save_draft(data, previous)
        elif previous is not None and not previous.is_draft and previous.file in self.files:
            cards = self.files[previous.file]
            cards[previous.index] = data
            atomic_write_json(self.folder / previous.file, {"cards": cards})
            stored = StoredCard(data, previous.file, previous.index)
        else:
            file = KIND_FILES.get(str(data.get("kind")), "cards.json")
            cards = self.files.setdefault(file, [])
            cards.append(data)
            atomic_write_json(self.folder / file, {"cards": cards})
            stored = StoredCard(data, file, len(cards) - 1)
        if previous is not None and (previous.file, previous.index) != (stored.file,
                                                                        stored.index):
            self.remove_card(previous)
            if stored.file == previous.file and stored.index > previous.index:
                stored.index -= 1
        return stored

    def _save_draft(self, data: dict[str, Any], previous: StoredCard | None) -> StoredCard:
        if previous is not None and previous.is_draft:
            name = previous.file.split("/", 1)[1]
        else:
            base = slugify(str(data.get("name", "")) or "untitled")
            name, n = f"{base}.json", 2
            while name in self.drafts:
                name, n = f"{base}-{n}.json", n + 1
        self.drafts[name] = data
        atomic_write_json(self.folder / DRAFTS_DIR / name, {"cards": [data]})
        return StoredCard(data, f"{DRAFTS_DIR}/{name}")

    def remove_card(self, card: StoredCard) -> None:
        if card.is_draft:
            name = card.file.split("/", 1)[1]
            self.drafts.pop(name, None)
            (self.folder / card.file).unlink(missing_ok=True)
            return
        cards = self.files.get(card.file)
        if cards is None or not 0 <= card.index < len(cards):
            return
        del cards[card.index]
        atomic_write_json(self.folder / card.file, {"cards": cards})

    def store_image(self, data: bytes, card_name: str, suffix: str) -> str:
        """Put image bytes in ``images/`` under a free name; return the card's ``image``."""
        suffix = suffix.lower()
        if suffix not in IMAGE_MAGIC:
            raise PackWriteError("card art is a .png, .jpg or .jpeg file")
        if not any(data.startswith(m) for m in IMAGE_MAGIC[suffix]):
            raise PackWriteError(f"this is not a real {suffix[1:].upper()} image")
        if len(data) > MAX_IMAGE_BYTES:
            raise PackWriteError("card art must be at most 2 MB")
        base = slugify(card_name or "art")
        name, n = f"{base}{suffix}", 2
        while (self.folder / IMAGES_DIR / name).exists():
            if (self.folder / IMAGES_DIR / name).read_bytes() == data:
                return f"{IMAGES_DIR}/{name}"
            name, n = f"{base}-{n}{suffix}", n + 1
        atomic_write_bytes(self.folder / IMAGES_DIR / name, data)
        return f"{IMAGES_DIR}/{name}"


# --------------------------------------------------------------------------- import / export


def _check_member_name(name: str) -> PurePosixPath:
    if "\\" in name or name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        raise PackWriteError(f"archive entry {name!r} has an absolute or Windows path")
    path = PurePosixPath(name)
    if ".." in path.parts:
        raise PackWriteError(f"archive entry {name!r} would leave the pack folder ('..')")
    return path


def _size_limit(suffix: str) -> int:
    return MAX_CARD_FILE_BYTES if suffix == ".json" else MAX_IMAGE_BYTES


def _strip_top_folder(paths: list[PurePosixPath]) -> int:
    """1 when every entry sits in one top folder (``my-pack/pack.json``), else 0."""
    tops = {p.parts[0] for p in paths if p.parts}
    if len(tops) == 1 and all(len(p.parts) > 1 for p in paths):
        return 1
    return 0


def _unpack_zip(archive: Path, staging: Path) -> None:
    if archive.stat().st_size > MAX_ARCHIVE_BYTES:
        raise PackWriteError(f"{archive.name} is too large (at most "
                             f"{MAX_ARCHIVE_BYTES // (1024 * 1024)} MB)")
    try:
        zf = zipfile.ZipFile(archive)
    except Exception as exc:  # noqa: BLE001 - zipfile raises many types on damage
        raise PackWriteError(f"{archive.name} is not a readable .zip file "
                             f"({_why(exc)})") from exc
    with zf:
        members = [m for m in zf.infolist() if not m.is_dir()]
        if len(members) > MAX_ARCHIVE_FILES:
            raise PackWriteError(f"{archive.name} holds more than {MAX_ARCHIVE_FILES} files")
        wanted: list[tuple[zipfile.ZipInfo, PurePosixPath]] = []
        total = 0
        for member in members:
            path = _check_member_name(member.filename)
            mode = member.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise PackWriteError(f"archive entry {member.filename!r} is a link")
            if any(part.startswith(".") or part == "__MACOSX" for part in path.parts):
                continue  # Finder and editor litter
            if path.suffix.lower() not in ALLOWED_SUFFIXES:
                continue  # only data and art are taken
            if member.file_size > _size_limit(path.suffix.lower()):
                raise PackWriteError(f"{member.filename} is too large "
                                     f"({member.file_size} bytes)")
            if member.compress_size and member.file_size / member.compress_size > \
                    MAX_COMPRESSION_RATIO:
                raise PackWriteError(f"{member.filename} is compressed suspiciously well")
            total += member.file_size
            if total > MAX_PACK_BYTES:
                raise PackWriteError(f"{archive.name} unpacks to more than "
                                     f"{MAX_PACK_BYTES // (1024 * 1024)} MB")
            wanted.append((member, path))
        skip = _strip_top_folder([p for _, p in wanted])
        seen: set[str] = set()
        for member, path in wanted:
            rel = PurePosixPath(*path.parts[skip:])
            key = rel.as_posix().casefold()  # one file on case-insensitive disks too
            if key in seen:
                raise PackWriteError(f"archive entry {member.filename!r} appears twice")
            seen.add(key)
            dest = staging.joinpath(*rel.parts)
            if not dest.resolve().is_relative_to(staging.resolve()):
                raise PackWriteError(f"archive entry {member.filename!r} leaves the pack")
            try:
                dest.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(member) as src, dest.open("wb") as out:
                    # the header's size may lie: never write more than it promised
                    limit = member.file_size
                    chunk = src.read(limit + 1)
                    if len(chunk) > limit:
                        raise PackWriteError(f"{member.filename} is larger than it claims")
                    out.write(chunk)
            except PackWriteError:
                raise
            except Exception as exc:  # noqa: BLE001 - see _why: every failure is a refusal
                raise PackWriteError(f"archive entry {member.filename!r} cannot be "
                                     f"unpacked: {_why(exc)}") from exc


def _why(exc: Exception) -> str:
    """A reading failure of an archive in words: zipfile says "encrypted" with a
    RuntimeError, an unknown compression with NotImplementedError, a damaged stream with
    zlib.error / lzma.LZMAError / OSError / EOFError, a bad CRC with BadZipFile."""
    if isinstance(exc, RuntimeError) and "encrypted" in str(exc):
        return "it is encrypted (password-protected); packs must not be"
    if isinstance(exc, NotImplementedError):
        return f"it uses a compression this program cannot read ({exc}); save the .zip " \
               "with ordinary Deflate compression"
    if isinstance(exc, (zlib.error, lzma.LZMAError, EOFError, zipfile.BadZipFile)):
        return f"its data is damaged ({exc or type(exc).__name__})"
    return f"{exc or type(exc).__name__} ({type(exc).__name__})"


def _copy_folder(source: Path, staging: Path) -> None:
    total, count = 0, 0
    root = source.resolve()
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if path.is_symlink():
            raise PackWriteError(f"{rel.as_posix()} is a link; packs hold only real files")
        if not path.is_file() or path.suffix.lower() not in ALLOWED_SUFFIXES:
            continue
        if not path.resolve().is_relative_to(root):
            raise PackWriteError(f"{rel.as_posix()} leaves the pack folder")
        size = path.stat().st_size
        if size > _size_limit(path.suffix.lower()):
            raise PackWriteError(f"{rel.as_posix()} is too large ({size} bytes)")
        total += size
        count += 1
        if total > MAX_PACK_BYTES or count > MAX_ARCHIVE_FILES:
            raise PackWriteError(f"{source.name} is too large to import")
        dest = staging / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)


def _validate_meta(meta: Any, label: str) -> dict[str, Any]:
    try:
        jsonschema.Draft202012Validator(load_schema("pack")).validate(meta)
    except jsonschema.ValidationError as exc:
        raise PackWriteError(f"{label}/pack.json: {exc.message}") from exc
    if not is_pack_id(str(meta["id"])):
        raise PackWriteError(f"{label}/pack.json: {meta['id']!r} is not a valid pack id "
                             "(lowercase letters, digits, '-' or '_', at most 40)")
    return dict(meta)


def import_pack(source: Path, root: Path, on_conflict: str = "error") -> Path:
    """Import a pack folder or ``.zip`` into ``root``; return the new pack folder.

    ``on_conflict`` says what to do when a pack with the same id is already installed:
    ``"error"`` (raise), ``"copy"`` (import under a fresh id) or ``"replace"`` (the old
    one goes to the trash).
    """
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".import-", dir=root))
    try:
        if source.is_dir():
            inner = source
            if not (source / PACK_FILE).is_file():
                subs = [p for p in source.iterdir() if (p / PACK_FILE).is_file()]
                if len(subs) == 1:
                    inner = subs[0]
            _copy_folder(inner, staging)
        elif zipfile.is_zipfile(source):
            _unpack_zip(source, staging)
        else:
            raise PackWriteError(f"{source.name} is neither a pack folder nor a .zip file")
        if not (staging / PACK_FILE).is_file():
            raise PackWriteError(f"{source.name} holds no pack.json: it is not a card pack")
        try:
            meta = _read_json(staging / PACK_FILE)
        except UnreadableFile as exc:
            raise PackWriteError(f"{source.name}: pack.json cannot be read: {exc}") from exc
        meta = _validate_meta(meta, source.name)
        pack_id = str(meta["id"])
        _check_loads(staging, source.name)
        bundled = _bundled_ids()
        if pack_id in bundled:
            # a bundled pack cannot be replaced: the import becomes a copy beside it
            pack_id = new_pack_id(pack_id, root, taken=bundled)
            meta["id"] = pack_id
            atomic_write_json(staging / PACK_FILE, meta)
        existing = _installed(root, pack_id)
        if existing is not None:
            if on_conflict == "replace":
                trash_pack(existing)
            elif on_conflict == "copy":
                pack_id = new_pack_id(pack_id, root)
                meta["id"] = pack_id
                atomic_write_json(staging / PACK_FILE, meta)
            else:
                raise PackExists(pack_id, existing)
        target = root / pack_id
        if target.exists():
            target = root / new_pack_id(pack_id, root)
        os.replace(staging, target)
        return target
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _check_loads(folder: Path, label: str) -> None:
    """Refuse a pack the loader cannot get through: installed, it would stop the app's
    whole catalog from loading, not just itself."""
    try:
        Catalog.load([folder], include_bundled=False, include_user=False)
    except Exception as exc:  # any crash of the loader means: do not install
        raise PackWriteError(f"{label} cannot be read by the card loader "
                             f"({type(exc).__name__}: {exc})") from exc


@cache
def _bundled_ids() -> frozenset[str]:
    ids = set()
    root = bundled_packs_root()
    for folder in root.iterdir() if root.is_dir() else ():
        if (folder / PACK_FILE).is_file():
            try:
                ids.add(str(read_meta(folder).get("id", folder.name)))
            except PackWriteError:
                continue
    return frozenset(ids)


def _installed(root: Path, pack_id: str) -> Path | None:
    for folder in root.iterdir():
        if folder.name.startswith(".") or not (folder / PACK_FILE).is_file():
            continue
        try:
            if read_meta(folder).get("id") == pack_id:
                return folder
        except PackWriteError:
            continue
    return None


def export_zip(folder: Path, target: Path) -> Path:
    """Write the pack (not its drafts) as a .zip with one top folder named after its id."""
    meta = read_meta(folder)
    top = str(meta.get("id", folder.name))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(temp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in _pack_files(folder, include_drafts=False):
                rel = path.relative_to(folder).as_posix()
                zf.write(path, f"{top}/{rel}")
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target
