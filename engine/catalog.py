"""Card packs: find them, read them, validate them, and index their cards.

A pack is a folder holding ``pack.json`` (id, name, version, author, description) and card
files ``*.json``, each ``{"cards": [...]}``. The bundled packs live in ``assets/packs/``;
a user's packs live in :func:`engine.paths.packs_dir`. The format is described in
``docs/card-packs.md``; every card is checked against ``assets/schema/card.schema.json``.

Loading never executes anything from a pack: card data is JSON, images are checked by their
magic bytes, and a card that fails any check is skipped with a :class:`PackError` that names
the file, the card and the field. One bad card never stops its pack; one bad pack never
stops the others.
"""

from __future__ import annotations

import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from functools import cache
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any

from engine import catalog_cache, paths, record_inits
from engine.card_names import card_key, name_problems, shown, skeleton
from engine.records import record

if TYPE_CHECKING:  # jsonschema is imported when a card is first validated (catalog_cache)
    import jsonschema
    from jsonschema.exceptions import ValidationError

__all__ = [
    "KINDS",
    "COLORS",
    "CLASS_COLOR",
    "Card",
    "Catalog",
    "PackError",
    "PackInfo",
    "slugify",
    "bundled_packs_root",
    "is_pack_id",
    "read_file_bytes",
    "read_json_file",
    "UnreadableFile",
    "load_schema",
]

KINDS: tuple[str, ...] = (
    "hero",
    "villain",
    "mook",
    "equipment",
    "objective",
    "event",
    "twist",
    "detail",
    "location",
    "lair",
    "bystander",
    "combat",
    "reference",
)
COLORS: tuple[str, ...] = ("White", "Silver", "Black", "Red", "Blue", "Green", "Golden")
#: PT-COLOR-2: each Class belongs to one Colour.
CLASS_COLOR: dict[str, str] = {
    "Mentalist": "White",
    "Captain": "Silver",
    "Sergeant": "Black",
    "Tank": "Red",
    "Inventor": "Blue",
    "Support": "Green",
}

PACK_FILE = "pack.json"
_PACK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
MAX_CARD_FILE_BYTES = 4 * 1024 * 1024
MAX_IMAGE_BYTES = 2 * 1024 * 1024
IMAGE_MAGIC: dict[str, tuple[bytes, ...]] = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
}


def is_pack_id(text: str) -> bool:
    """A pack id is 1-40 of ``a-z 0-9 - _``, the whole string (no trailing newline)."""
    return _PACK_ID.fullmatch(text) is not None


# --------------------------------------------------------------------------- errors


@record(record_inits, frozen=True)
class PackError:
    """One problem found while loading a pack.

    ``file`` is relative to the packs root (``core/heroes.json``), ``card`` is the card's
    name (or ``#3`` when it has none), ``field`` a dotted path inside the card
    (``effects[0].ops[1].op``). ``str(error)`` is the line shown to people.
    """

    file: str
    card: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        parts = [self.file]
        if self.card is not None:
            parts.append(f"card {self.card}" if self.card.startswith("#") else
                         f'card "{self.card}"')
        if self.field:
            parts.append(f'field "{self.field}"')
        parts.append(self.message)
        return ": ".join(parts)


# --------------------------------------------------------------------------- cards


def slugify(name: str) -> str:
    """``"Dr. Ash - Ember"`` -> ``"dr-ash-ember"``: ASCII, lowercase, dashes.

    For file names and pack ids. A card's key keeps every letter instead
    (:func:`engine.card_names.card_key`)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "card"


@record(record_inits, frozen=True)
class Card:
    """A validated card. ``data`` is the card's JSON object: treat it as read-only."""

    key: str
    pack: str
    kind: str
    name: str
    data: dict[str, Any] = field(compare=False, repr=False)
    file: str = field(default="", compare=False, repr=False)
    image_path: Path | None = field(default=None, compare=False, repr=False)

    # convenience views of data -------------------------------------------------
    @property
    def persona(self) -> str | None:
        value = self.data.get("persona")
        return value if isinstance(value, str) else None

    @property
    def display_name(self) -> str:
        """The name with its Persona appended after a dash (PT-UNIQ-2)."""
        return f"{self.name} - {self.persona}" if self.persona else self.name

    @property
    def color(self) -> str:
        return str(self.data.get("color", "Golden"))

    @property
    def card_class(self) -> str | None:
        value = self.data.get("class")
        return value if isinstance(value, str) else None

    @property
    def attributes(self) -> dict[str, int]:
        return dict(self.data.get("attributes", {}))

    @property
    def heroics(self) -> dict[str, int]:
        return dict(self.data.get("heroics", {}))

    @property
    def skills(self) -> dict[str, int]:
        return dict(self.data.get("skills", {}))

    @property
    def keywords(self) -> tuple[str, ...]:
        """Printed keywords; a character's Class is a Keyword too (PT-COLOR-1)."""
        words = list(self.data.get("keywords", []))
        if self.card_class and self.card_class not in words:
            words.append(self.card_class)
        return tuple(words)

    @property
    def requires(self) -> dict[str, Any]:
        return dict(self.data.get("requires", {}))

    @property
    def effects(self) -> list[dict[str, Any]]:
        return list(self.data.get("effects", []))

    @property
    def text(self) -> str:
        return str(self.data.get("text", ""))

    @property
    def is_character(self) -> bool:
        return self.kind in ("hero", "villain", "mook")


@record(record_inits)
class PackInfo:
    """What was found in one pack folder."""

    id: str
    name: str
    path: Path
    bundled: bool
    version: str = ""
    author: str = ""
    description: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    errors: list[PackError] = field(default_factory=list)
    loaded: bool = True


# --------------------------------------------------------------------------- schema


def _assets_root() -> Path:
    """The assets package's folder (in the frozen app too, where its data files keep the
    package's layout), read from the package itself: importlib.resources, which answers
    the same here, costs every start ≈ 7 M instructions to import (docs/performance.md,
    start-up part 6)."""
    import assets

    return Path(assets.__file__).parent


def bundled_packs_root() -> Path:
    """The folder of the packs shipped with the app (``assets/packs``)."""
    return Path(str(_assets_root() / "packs"))


@cache
def load_schema(name: str) -> dict[str, Any]:
    """``load_schema("card")`` -> the parsed ``assets/schema/card.schema.json``."""
    text = (_assets_root() / "schema" / f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    import jsonschema

    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@catalog_cache.remember_valid("pack", load_schema)
def _pack_errors(meta: Any) -> list[ValidationError]:
    return sorted(_validator("pack").iter_errors(meta), key=lambda e: e.path)


def _path_text(parts: Iterable[Any]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _format_error(error: ValidationError) -> tuple[str, str]:
    """(field path, message) for one schema error, in the project's own words."""
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    where = list(error.absolute_path)
    value = error.instance
    validator = error.validator
    message: str
    if validator == "required":
        missing = re.match(r"'(.+)' is a required property", error.message)
        name = missing.group(1) if missing else "?"
        return _path_text([*where, name]), "missing required field"
    if validator == "dependentRequired":
        needs = schema.get("dependentRequired", {})
        for present, wanted in needs.items():
            if isinstance(value, Mapping) and present in value:
                for name in wanted:
                    if name not in value:
                        return _path_text([*where, name]), f"missing (required with {present!r})"
        return _path_text(where), error.message
    if validator == "additionalProperties":
        extra = sorted(set(value) - set(schema.get("properties", {}))) if isinstance(
            value, Mapping) else []
        names = ", ".join(repr(x) for x in extra)
        kind = value.get("kind") if isinstance(value, Mapping) and not where else None
        owner = f" on a {kind} card" if kind else ""
        path = _path_text([*where, extra[0]]) if len(extra) == 1 else _path_text(where)
        return path, f"unknown field {names}{owner} (typo?)"
    custom = schema.get(f"x-message-{validator}") or schema.get("x-message")
    field_override = schema.get("x-field")
    if custom:
        try:
            message = str(custom).format(value=value)
        except (KeyError, IndexError, ValueError):
            message = str(custom)
        path = str(field_override) if field_override else _path_text(where)
        return path, message
    if validator == "type":
        expected = schema.get("type")
        message = f"{_describe(value)} is not of type {expected}"
    elif validator == "enum":
        options = ", ".join(str(x) for x in schema.get("enum", []))
        message = f"{_describe(value)} is not one of: {options}"
    elif validator == "const":
        message = f"{_describe(value)} must be {_describe(schema.get('const'))}"
    elif validator in ("minimum", "maximum"):
        bound = "less than the minimum" if validator == "minimum" else "greater than the maximum"
        message = f"{_describe(value)} is {bound} of {schema.get(validator)}"
    elif validator == "pattern":
        message = f"{_describe(value)} does not match the pattern {schema.get('pattern')}"
    elif validator == "minLength":
        message = "must not be empty" if schema.get("minLength") == 1 else error.message
    elif validator == "minItems":
        message = f"needs at least {schema.get('minItems')} item(s)"
    elif validator == "uniqueItems":
        message = "has repeated items"
    else:
        message = error.message
    return _path_text(where), message


@catalog_cache.remember_valid("card", load_schema)
def validate_card_data(data: Any) -> list[tuple[str, str]]:
    """Schema-check one card object: a list of (field, message), empty when valid."""
    try:
        errors = sorted(_validator("card").iter_errors(data),
                        key=lambda e: list(map(str, e.path)))
    except RecursionError:
        return [("", "card is nested too deeply")]
    found: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    custom_paths: set[str] = set()
    for error in errors:
        path, message = _format_error(error)
        has_custom = isinstance(error.schema, Mapping) and "x-message" in error.schema
        if path in seen:
            # one line per field: hand-written messages win over generic ones
            index = seen[path]
            if has_custom and path not in custom_paths:
                found[index] = (path, message)
                custom_paths.add(path)
            elif has_custom and message not in found[index][1]:
                found[index] = (path, f"{found[index][1]}; {message}")
            continue
        if has_custom:
            custom_paths.add(path)
        seen[path] = len(found)
        found.append((path, message))
    return found + [error for error in _blank_required(data) if error[0] not in seen]


def _blank_required(data: Any) -> list[tuple[str, str]]:
    """A required text field left blank: the schema wants the field there, and a card
    with an empty name or rules text is a card the table cannot read."""
    if not isinstance(data, Mapping):
        return []
    kinds = _validator("card").schema.get("$defs", {})
    kind = kinds.get(str(data.get("kind"))) if isinstance(data.get("kind"), str) else None
    required = kind.get("required", []) if isinstance(kind, Mapping) else []
    return [(field, f"{field} is required and must not be empty")
            for field in required
            if isinstance(data.get(field), str) and not data[field].strip()]


# --------------------------------------------------------------------------- reading files


class UnreadableFile(ValueError):
    """A pack file that is not read: not a regular file, too large, not UTF-8, not JSON.

    The message is for people and names no path: callers add the file."""



class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def read_file_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``.

    A FIFO, a socket or a device (``/dev/zero`` behind a symlink) would block or never
    end: the file is opened without blocking and its type checked on the open handle
    (no window between the check and the read), and at most ``max_bytes + 1`` bytes are
    ever read, so a file that grows after the size check is refused too.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from exc
    except ValueError as exc:  # a NUL in the name
        raise UnreadableFile(f"cannot read: {exc}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"not a regular file ({_file_type(info.st_mode)}): "
                                 "a pack holds only ordinary files")
        if info.st_size > max_bytes:
            raise UnreadableFile(f"file is too large ({info.st_size} bytes, "
                                 f"at most {max_bytes})")
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise UnreadableFile(f"file is too large (more than {max_bytes} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def parse_json(raw: bytes) -> Any:
    """Card-pack JSON: UTF-8 (BOM allowed), no repeated keys; any failure (too deep, a
    number too long to convert) is an :class:`UnreadableFile`."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(f"not UTF-8 text (byte {exc.start})") from exc
    try:
        # NaN and Infinity are read (Python's JSON does): every number field of the schema
        # is an integer, so the card is refused with its field, not the whole file
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as exc:
        raise UnreadableFile(
            f"invalid JSON: key {exc.args[0]!r} appears twice in one object"
        ) from exc
    except json.JSONDecodeError as exc:
        raise UnreadableFile(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc
    except RecursionError as exc:
        raise UnreadableFile("invalid JSON: nested too deeply") from exc
    except ValueError as exc:
        # Python refuses to convert integers of more than 4,300 digits (CVE-2020-10735)
        what = "a number has too many digits" if "digits" in str(exc) else str(exc)
        raise UnreadableFile(f"invalid JSON: {what}") from exc


def read_json_file(path: Path, max_bytes: int) -> Any:
    """A pack's JSON file, read safely (:func:`read_file_bytes`, :func:`parse_json`)."""
    return parse_json(read_file_bytes(path, max_bytes))



def check_image(ref: str, pack_root: Path) -> tuple[Path | None, str | None]:
    """Resolve a card's image path inside its pack; (path, None) or (None, problem)."""
    if "\x00" in ref:
        # the OS refuses such names with ValueError, which must not stop the whole catalog
        return None, f"image path {ref!r} contains a NUL character"
    if "\\" in ref or PureWindowsPath(ref).drive or PurePosixPath(ref).is_absolute():
        return None, f"image path {ref!r} must be relative to the pack folder (use '/')"
    if ".." in PurePosixPath(ref).parts:
        return None, f"image path {ref!r} leaves the pack folder ('..')"
    root = pack_root.resolve()
    candidate = pack_root / ref
    try:
        resolved = candidate.resolve(strict=False)
    except (OSError, RuntimeError):
        return None, f"image path {ref!r} cannot be resolved"
    if not resolved.is_relative_to(root):
        return None, f"image path {ref!r} resolves outside the pack folder (symlink)"
    suffix = resolved.suffix.lower()
    if suffix not in IMAGE_MAGIC:
        return None, f"image {ref!r} must be a .png, .jpg or .jpeg file"
    if not resolved.is_file():
        return None, f"image file {ref!r} not found in the pack"
    size = resolved.stat().st_size
    if size > MAX_IMAGE_BYTES:
        return None, f"image {ref!r} is too large ({size} bytes, at most 2 MB)"
    with resolved.open("rb") as handle:
        head = handle.read(8)
    if not any(head.startswith(magic) for magic in IMAGE_MAGIC[suffix]):
        return None, f"image {ref!r} is not a real {suffix[1:].upper()} file"
    return resolved, None


def _inside(path: Path, folder: Path) -> bool:
    """``path`` (links followed) stays inside ``folder``."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


# --------------------------------------------------------------------------- catalog


class Catalog:
    """All cards of the loaded packs, keyed ``<pack id>/<card_key of name>``."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.packs: list[PackInfo] = []
        self.errors: list[PackError] = []
        # older keys of cards whose names are not plain ASCII ("pack/cafe" for "Café",
        # before keys kept every letter): saves written then still find their cards
        self._aliases: dict[str, str] = {}
        self._faces: dict[str, Card] = {}  # skeleton of a Hero's/Villain's name -> card

    # queries -----------------------------------------------------------------
    def get(self, key: str) -> Card | None:
        card = self.cards.get(key)
        if card is None and key in self._aliases:
            card = self.cards.get(self._aliases[key])
        return card

    def __getitem__(self, key: str) -> Card:
        card = self.get(key)
        if card is None:
            raise KeyError(key)
        return card

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def by_kind(self, kind: str) -> list[Card]:
        return [card for card in self.cards.values() if card.kind == kind]

    def by_name(self, name: str) -> list[Card]:
        """Every card called ``name`` (any pack; copies share a name, PT-UNIQ-1)."""
        wanted = name.casefold()
        return [card for card in self.cards.values() if card.name.casefold() == wanted]

    def pack(self, pack_id: str) -> PackInfo | None:
        return next((p for p in self.packs if p.id == pack_id and p.loaded), None)

    # loading -----------------------------------------------------------------
    @classmethod
    def load(
        cls,
        extra_paths: Iterable[str | Path] = (),
        include_bundled: bool = True,
        include_user: bool = True,
        base: Catalog | None = None,
    ) -> Catalog:
        """Load the bundled packs, the user's packs, then ``extra_paths``.

        Each extra path is a pack folder (it holds ``pack.json``) or a folder of packs.
        ``base`` is a catalog loaded before (the bundled packs, say): its packs are taken
        as they are, and the new ones are checked against them (ids, look-alike names)
        exactly as if all were loaded together.
        """
        catalog = cls()
        if base is not None:
            catalog.cards = dict(base.cards)
            catalog.packs = list(base.packs)
            catalog.errors = list(base.errors)
            catalog._aliases = dict(base._aliases)
            catalog._faces = dict(base._faces)
        if include_bundled:
            catalog._load_root(bundled_packs_root(), bundled=True)
        if include_user:
            catalog._load_root(paths.packs_dir(), bundled=False)
        for extra in extra_paths:
            path = Path(extra)
            if not path.is_dir() or any(path.glob("*.json")):
                catalog._load_pack(path, bundled=False)
            else:
                catalog._load_root(path, bundled=False)
        catalog_cache.VALID.save()
        return catalog

    def _load_root(self, root: Path, bundled: bool) -> None:
        try:
            folders = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
        except OSError as exc:
            self._error(None, PackError(str(root), None, None,
                                        f"cannot list the packs folder: {exc.strerror or exc}"))
            return
        for folder in folders:
            if folder.name.startswith((".", "_")):
                continue
            self._load_pack(folder, bundled)

    def _error(self, info: PackInfo | None, err: PackError) -> None:
        self.errors.append(err)
        if info is not None:
            info.errors.append(err)

    def _load_pack(self, folder: Path, bundled: bool) -> PackInfo:
        """Load one pack; whatever goes wrong inside it skips this pack alone."""
        label = folder.name or str(folder)
        info = PackInfo(id=label, name=label, path=folder, bundled=bundled, loaded=False)
        self.packs.append(info)
        reading = [f"{label}/{PACK_FILE}"]  # the file being read, for the message
        try:
            self._read_pack(info, folder, reading)
        except Exception as exc:  # noqa: BLE001 - one pack's bug must not stop the others
            if info.loaded:
                self._forget_pack(info.id)
            info.loaded = False
            info.counts.clear()
            self._error(info, PackError(reading[-1], None, None,
                                        f"cannot be read ({type(exc).__name__}: {exc}): "
                                        "pack skipped"))
        return info

    def _read_pack(self, info: PackInfo, folder: Path, reading: list[str]) -> None:
        label = info.id
        if not folder.is_dir():
            self._error(info, PackError(str(folder), None, None, "not a pack folder"))
            return
        meta_path = folder / PACK_FILE
        meta_file = f"{label}/{PACK_FILE}"
        if not os.path.lexists(meta_path):
            self._error(info, PackError(meta_file, None, None,
                                        "missing pack.json: pack skipped"))
            return
        try:
            meta = read_json_file(meta_path, 64 * 1024)
        except UnreadableFile as exc:
            self._error(info, PackError(meta_file, None, None, f"{exc}: pack skipped"))
            return
        meta_errors = _pack_errors(meta)
        if meta_errors:
            for error in meta_errors:
                where, message = _format_error(error)
                self._error(info, PackError(meta_file, None, where or None,
                                            f"{message}: pack skipped"))
            return
        pack_id = str(meta["id"])
        if not is_pack_id(pack_id):
            # the schema's pattern lets "core\n" through: its "$" matches before a newline
            self._error(info, PackError(meta_file, None, "id",
                                        f"a pack id is 1-40 lowercase letters, digits, '-' or "
                                        f"'_', not {pack_id!r}: pack skipped"))
            return
        if any(p.id == pack_id and p.loaded for p in self.packs):
            other = next(p for p in self.packs if p.id == pack_id and p.loaded)
            self._error(info, PackError(meta_file, None, "id",
                                        f"pack id {pack_id!r} is already loaded from "
                                        f"{other.path}: pack skipped"))
            return
        info.id = pack_id
        info.name = str(meta["name"])
        info.version = str(meta.get("version", ""))
        info.author = str(meta.get("author", ""))
        info.description = str(meta.get("description", ""))
        info.loaded = True

        names: dict[str, str] = {}  # slug -> "file, card"
        for card_path in sorted(folder.glob("*.json")):
            if card_path.name == PACK_FILE or card_path.name.startswith("."):
                continue
            reading.append(f"{label}/{card_path.name}")
            self._load_file(info, card_path, names)

    def _load_file(self, info: PackInfo, card_path: Path, names: dict[str, str]) -> None:
        file_label = f"{info.path.name or info.id}/{card_path.name}"
        try:
            if not _inside(card_path, info.path):
                raise UnreadableFile("a link to a file outside the pack folder")
            document = read_json_file(card_path, MAX_CARD_FILE_BYTES)
        except UnreadableFile as exc:
            self._error(info, PackError(file_label, None, None, str(exc)))
            return
        if not isinstance(document, dict) or not isinstance(document.get("cards"), list):
            self._error(info, PackError(file_label, None, None,
                                        'a card file is an object {"cards": [...]}'))
            return
        extra_keys = sorted(set(document) - {"cards"})
        if extra_keys:
            self._error(info, PackError(file_label, None, extra_keys[0],
                                        "unknown top-level field (a card file holds only "
                                        '"cards")'))
        for index, data in enumerate(document["cards"]):
            self._load_card(info, file_label, index, data, names)

    def _load_card(
        self, info: PackInfo, file_label: str, index: int, data: Any, names: dict[str, str]
    ) -> None:
        name = data.get("name") if isinstance(data, dict) else None
        label = shown(name) if isinstance(name, str) and name.strip() else f"#{index + 1}"
        if not isinstance(data, dict):
            self._error(info, PackError(file_label, label, None,
                                        f"a card is a JSON object, not {type(data).__name__}"))
            return
        problems = validate_card_data(data) + name_problems(data)
        if problems:
            for where, message in problems:
                self._error(info, PackError(file_label, label, where or None, message))
            return
        slug = card_key(str(name))
        if slug in names:
            self._error(info, PackError(file_label, label, "name",
                                        f'duplicate card name in pack {info.id!r} '
                                        f"(first defined in {names[slug]})"))
            return
        kind = str(data["kind"])
        twin = self._look_alike(str(name), kind)
        if twin is not None:
            self._error(info, PackError(
                file_label, label, "name",
                f'looks the same as the {twin.kind} "{twin.name}" ({twin.file}) but is '
                "spelt with other letters: two characters that look alike would be taken for "
                "the same persona (PT-UNIQ-1)"))
            return
        image_path: Path | None = None
        if "image" in data:
            image_path, problem = check_image(str(data["image"]), info.path)
            if problem:
                self._error(info, PackError(file_label, label, "image", problem))
                return
        names[slug] = f'{file_label}, card "{name}"'
        key = f"{info.id}/{slug}"
        card = Card(key=key, pack=info.id, kind=kind, name=str(name), data=data,
                    file=file_label, image_path=image_path)
        self.cards[key] = card
        if kind in LOOK_ALIKE_KINDS:
            self._faces.setdefault(skeleton(_base_name(card.name)), card)
        legacy = slugify(str(name))
        if legacy != slug and legacy != "card":
            self._aliases.setdefault(f"{info.id}/{legacy}", key)
        info.counts[kind] = info.counts.get(kind, 0) + 1

    def _look_alike(self, name: str, kind: str) -> Card | None:
        """A loaded Hero or Villain whose name looks like ``name`` but is another name."""
        if kind not in LOOK_ALIKE_KINDS:
            return None
        base = _base_name(name)
        twin = self._faces.get(skeleton(base))
        if twin is None or card_key(_base_name(twin.name)) == card_key(base):
            return None  # none, or a true copy (PT-UNIQ-1)
        return twin

    def _forget_pack(self, pack_id: str) -> None:
        for key in [k for k, card in self.cards.items() if card.pack == pack_id]:
            del self.cards[key]
        self._faces = {k: c for k, c in self._faces.items() if c.pack != pack_id}
        self._aliases = {k: v for k, v in self._aliases.items() if v in self.cards}


#: the kinds whose look-alike names are refused: the characters the Uniqueness rule is about
LOOK_ALIKE_KINDS = ("hero", "villain")


def _base_name(name: str) -> str:
    """A name without a Persona written after " - " (PT-UNIQ-2)."""
    return name.split(" - ")[0]
