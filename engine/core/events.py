"""What the engine tells the table after an action."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.records import record


@record(None, frozen=True, init=False)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    # None: everyone may read `text`; otherwise only these seats, the rest read text_public.
    visible_to: tuple[str, ...] | None = None
    text_public: str | None = None

    def __init__(self, kind: str, text: str, data: dict[str, Any] | None = None,
                 visible_to: tuple[str, ...] | None = None,
                 text_public: str | None = None) -> None:
        # Written once, straight into the instance: the generated frozen __init__ sets
        # each field through object.__setattr__, 2.5× slower, and a game makes ~3 events
        # per action (docs/performance.md)
        self.__dict__.update(kind=kind, text=text, data={} if data is None else data,
                             visible_to=visible_to, text_public=text_public)

    def text_for(self, viewer: str) -> str | None:
        if self.visible_to is None or viewer in self.visible_to:
            return self.text
        return self.text_public

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "data": self.data,
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
            "text_public": self.text_public,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        vis = d.get("visible_to")
        return cls(d["kind"], d["text"], dict(d.get("data") or {}),
                   tuple(vis) if vis is not None else None, d.get("text_public"))
