"""What a phone and the laptop say to each other over the WebSocket (docs/phones.md).

A phone sends small JSON objects; each is size-limited and checked against a schema
before anything reads it, so a malformed or hostile message is refused with a reason and
never reaches the engine. The laptop sends the seat's view, its legal actions in plain
words, and the answers to the phone's taps.

phone → laptop
  {"type": "hello", "token": "<join code>"}                 first message, opens the seat
  {"type": "act", "n": 7, "version": 41, "action": {...}}   an action chosen at `version`
  {"type": "sync"}                                          send me the state again

laptop → phone
  {"type": "state", "seat", "version", "view", "actions": [...], "to_act"}
  {"type": "done", "n"} | {"type": "refused", "n", "message", "clause"}
  {"type": "error", "message"}        a message that was not understood (nothing changed)
  {"type": "bye", "reason"}           the laptop closes this connection, and why
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema

from gui.action_words import (
    QUESTION_TITLES,
    action_kind,
    action_label,
    counters_spent,
    group_title,
)

# The biggest honest message is an action with a few card ids (a Mulligan of a whole
# hand): well under 1 KB. 4 KB leaves room and keeps a flood of big frames cheap.
MAX_MESSAGE_BYTES = 4096
# aiohttp closes a connection whose frame exceeds this before Python sees it
HARD_FRAME_BYTES = 16384
TOKEN_CHARS = 22  # 128 bits of secrets.token_urlsafe(16)

STALE = "stale"  # the "clause" of a refusal for an action chosen at an older version
STALE_TEXT = ("The table moved on before your tap arrived: nothing was applied. "
              "Here is what you can do now.")

_SCALAR = {"type": ["string", "integer", "boolean", "null"], "maxLength": 64}
_ACTION = {
    "type": "object",
    "required": ["type", "seat"],
    "maxProperties": 12,
    "propertyNames": {"pattern": "^[a-z_]{1,24}$"},
    "properties": {"type": {"type": "string", "pattern": "^[a-z_]{1,32}$"},
                   "seat": {"type": "string", "pattern": "^(gm|p[1-9])$"}},
    "additionalProperties": {"anyOf": [
        _SCALAR, {"type": "array", "maxItems": 40, "items": _SCALAR}]},
}
CLIENT_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["type", "token"],
         "properties": {"type": {"const": "hello"},
                        "token": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22}$"}}},
        {"type": "object", "additionalProperties": False,
         "required": ["type", "n", "version", "action"],
         "properties": {"type": {"const": "act"},
                        "n": {"type": "integer", "minimum": 0, "maximum": 2**31},
                        "version": {"type": "integer", "minimum": 0, "maximum": 2**53},
                        "action": _ACTION}},
        {"type": "object", "additionalProperties": False, "required": ["type"],
         "properties": {"type": {"const": "sync"}}},
    ],
}
_VALIDATOR = jsonschema.Draft202012Validator(CLIENT_SCHEMA)


class ProtocolError(ValueError):
    """A message refused before anyone read it: too big, not JSON, or not in the schema."""


def parse(raw: str | bytes) -> dict[str, Any]:
    """The phone's message as a dict, or ProtocolError saying what is wrong with it."""
    data = raw.encode("utf-8", "replace") if isinstance(raw, str) else raw
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message of {len(data)} bytes; the limit is {MAX_MESSAGE_BYTES}")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"not JSON ({e.__class__.__name__})") from None
    error = jsonschema.exceptions.best_match(_VALIDATOR.iter_errors(message))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "message"
        raise ProtocolError(f"{where}: {error.message[:120]}")
    return dict(message)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def describe(action: Any) -> dict[str, Any]:
    """One legal action as the phone lists it: plain words, its group, whether it asks a
    question, what it spends (the phone asks before spending), and the JSON to send back."""
    kind = action_kind(action)
    return {"label": action_label(action), "kind": kind, "group": group_title(kind),
            "question": kind in QUESTION_TITLES,
            "spends": [counter for _char, counter in counters_spent(action)],
            "action": action.to_json()}


def state_message(seat: str, version: int, view: dict[str, Any], actions: list[Any],
                  to_act: list[str]) -> dict[str, Any]:
    """`to_act`: the seats the table waits for (who may pass), as the laptop shows them."""
    return {"type": "state", "seat": seat, "version": version, "view": view,
            "actions": [describe(a) for a in actions], "to_act": to_act}


def done(n: int) -> dict[str, Any]:
    return {"type": "done", "n": n}


def refused(n: int, message: str, clause: str) -> dict[str, Any]:
    return {"type": "refused", "n": n, "message": message, "clause": clause}


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def bye(reason: str) -> dict[str, Any]:
    return {"type": "bye", "reason": reason}
