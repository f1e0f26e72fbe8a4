"""Errors every rules module and the save layer raise."""

from __future__ import annotations


class RuleViolation(Exception):
    """An action the rules refuse; `clause` names the rule (e.g. "PT-DIST-1")."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.message = message


class SaveError(Exception):
    """A save document that cannot be read; the message says what and where."""
