"""The monster-hunt pack: hero sheets and enemies, JSON checked against its own schema.

It lives in assets/games/monsterhunt/, not assets/packs/: every folder under assets/packs/
is read as a Plot Twist pack by engine.catalog, which would report these cards as broken.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

PACK_ID = "monsterhunt"


class PackProblem(ValueError):
    """A pack file that cannot be used; the message names the file, the card and the field."""


@dataclass
class Pack:
    id: str
    name: str
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def of_kind(self, *kinds: str) -> list[dict[str, Any]]:
        return [c for c in self.cards.values() if c["kind"] in kinds]

    def get(self, key: str) -> dict[str, Any]:
        try:
            return self.cards[key]
        except KeyError:
            raise PackProblem(f"no card {key!r} in pack {self.id!r}") from None


def bundled_root() -> Path:
    return Path(str(resources.files("assets") / "games" / PACK_ID))


def _schema() -> dict[str, Any]:
    text = (resources.files("assets") / "schema" / "monsterhunt.schema.json").read_text(
        encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def load_pack(folder: Path | None = None) -> Pack:
    folder = folder or bundled_root()
    try:
        meta = json.loads((folder / "pack.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise PackProblem(f"{folder.name}/pack.json: {e}") from e
    pack = Pack(str(meta.get("id", folder.name)), str(meta.get("name", folder.name)))
    validator = jsonschema.Draft202012Validator(_schema())
    for path in sorted(folder.glob("*.json")):
        if path.name == "pack.json":
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise PackProblem(f"{path.name}: {e}") from e
        for error in validator.iter_errors(data):
            where = "/".join(str(p) for p in error.absolute_path) or "(file)"
            raise PackProblem(f"{path.name}, {where}: {error.message}")
        for card in data["cards"]:
            key = f"{pack.id}/{card['id']}"
            if key in pack.cards:
                raise PackProblem(f"{path.name}, card {card['name']!r}: id {card['id']!r} "
                                  "is used twice")
            pack.cards[key] = dict(card, key=key)
    return pack
