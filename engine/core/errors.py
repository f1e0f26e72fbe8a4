"""Errors every rules module and the save layer raise."""

from __future__ import annotations


class RuleViolation(Exception):
    """An action the rules refuse; `clause` names the rule (e.g. "PT-DIST-1")."""

    # Computer players' draws refuse more than one action per action played, so a refusal
    # is made cheaply: the exception's args are (clause, message) as given, and the text
    # "clause: message" is built only when it is shown.
    def __init__(self, clause: str, message: str) -> None:
        self.clause = clause
        self.message = message

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}"


class SaveError(Exception):
    """A save document that cannot be read; the message says what and where."""
