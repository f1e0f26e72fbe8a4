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
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from engine import paths

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
MAX_CARD_FILE_BYTES = 4 * 1024 * 1024
MAX_IMAGE_BYTES = 2 * 1024 * 1024
IMAGE_MAGIC: dict[str, tuple[bytes, ...]] = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
}


# --------------------------------------------------------------------------- errors


@dataclass(frozen=True)
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
    """``"Dr. Ash - Ember"`` -> ``"dr-ash-ember"``: ASCII, lowercase, dashes."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "card"


@dataclass(frozen=True)
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


@dataclass
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


def _assets_root() -> Any:
    return resources.files("assets")


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
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


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


class _JsonProblem(Exception):
    pass


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _read_json(path: Path, max_bytes: int) -> Any:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise _JsonProblem(f"cannot read: {exc.strerror or exc}") from exc
    if size > max_bytes:
        raise _JsonProblem(f"file is too large ({size} bytes, at most {max_bytes})")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise _JsonProblem(f"cannot read: {exc.strerror or exc}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _JsonProblem(f"not UTF-8 text (byte {exc.start})") from exc
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as exc:
        raise _JsonProblem(
            f"invalid JSON: key {exc.args[0]!r} appears twice in one object"
        ) from exc
    except json.JSONDecodeError as exc:
        raise _JsonProblem(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc
    except RecursionError as exc:
        raise _JsonProblem("invalid JSON: nested too deeply") from exc


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


# --------------------------------------------------------------------------- catalog


class Catalog:
    """All cards of the loaded packs, keyed ``<pack id>/<slug of name>``."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.packs: list[PackInfo] = []
        self.errors: list[PackError] = []

    # queries -----------------------------------------------------------------
    def get(self, key: str) -> Card | None:
        return self.cards.get(key)

    def __getitem__(self, key: str) -> Card:
        return self.cards[key]

    def __contains__(self, key: object) -> bool:
        return key in self.cards

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
    ) -> Catalog:
        """Load the bundled packs, the user's packs, then ``extra_paths``.

        Each extra path is a pack folder (it holds ``pack.json``) or a folder of packs.
        """
        catalog = cls()
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
        return catalog

    def _load_root(self, root: Path, bundled: bool) -> None:
        if not root.is_dir():
            return
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            if folder.name.startswith((".", "_")):
                continue
            self._load_pack(folder, bundled)

    def _error(self, info: PackInfo | None, err: PackError) -> None:
        self.errors.append(err)
        if info is not None:
            info.errors.append(err)

    def _load_pack(self, folder: Path, bundled: bool) -> PackInfo | None:
        label = folder.name or str(folder)
        info = PackInfo(id=label, name=label, path=folder, bundled=bundled, loaded=False)
        self.packs.append(info)
        if not folder.is_dir():
            self._error(info, PackError(str(folder), None, None, "not a pack folder"))
            return info
        meta_path = folder / PACK_FILE
        meta_file = f"{label}/{PACK_FILE}"
        if not meta_path.is_file():
            self._error(info, PackError(meta_file, None, None,
                                        "missing pack.json: pack skipped"))
            return info
        try:
            meta = _read_json(meta_path, 64 * 1024)
        except _JsonProblem as exc:
            self._error(info, PackError(meta_file, None, None, f"{exc}: pack skipped"))
            return info
        meta_errors = sorted(_validator("pack").iter_errors(meta), key=lambda e: e.path)
        if meta_errors:
            for error in meta_errors:
                where, message = _format_error(error)
                self._error(info, PackError(meta_file, None, where or None,
                                            f"{message}: pack skipped"))
            return info
        pack_id = str(meta["id"])
        if any(p.id == pack_id and p.loaded for p in self.packs):
            other = next(p for p in self.packs if p.id == pack_id and p.loaded)
            self._error(info, PackError(meta_file, None, "id",
                                        f"pack id {pack_id!r} is already loaded from "
                                        f"{other.path}: pack skipped"))
            return info
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
            self._load_file(info, card_path, names)
        return info

    def _load_file(self, info: PackInfo, card_path: Path, names: dict[str, str]) -> None:
        file_label = f"{info.path.name or info.id}/{card_path.name}"
        try:
            document = _read_json(card_path, MAX_CARD_FILE_BYTES)
        except _JsonProblem as exc:
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
        label = name if isinstance(name, str) and name.strip() else f"#{index + 1}"
        if not isinstance(data, dict):
            self._error(info, PackError(file_label, label, None,
                                        f"a card is a JSON object, not {type(data).__name__}"))
            return
        problems = validate_card_data(data)
        if problems:
            for where, message in problems:
                self._error(info, PackError(file_label, label, where or None, message))
            return
        slug = slugify(str(name))
        if slug in names:
            self._error(info, PackError(file_label, label, "name",
                                        f'duplicate card name in pack {info.id!r} '
                                        f"(first defined in {names[slug]})"))
            return
        image_path: Path | None = None
        if "image" in data:
            image_path, problem = check_image(str(data["image"]), info.path)
            if problem:
                self._error(info, PackError(file_label, label, "image", problem))
                return
        names[slug] = f'{file_label}, card "{name}"'
        key = f"{info.id}/{slug}"
        kind = str(data["kind"])
        self.cards[key] = Card(key=key, pack=info.id, kind=kind, name=str(name), data=data,
                               file=file_label, image_path=image_path)
        info.counts[kind] = info.counts.get(kind, 0) + 1
