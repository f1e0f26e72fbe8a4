"""Errors every rules module and the save layer raise."""

from __future__ import annotations

from typing import TYPE_CHECKING


class RuleViolation(Exception):
    """An action the rules refuse; `clause` names the rule (e.g. "PT-DIST-1")."""

    # Computer players' draws refuse more than one action per action played, so a refusal
    # is made cheaply: BaseException's own constructor keeps (clause, message) as `args`,
    # with no __init__ written in Python to call, and the text "clause: message" is built
    # only when it is shown.
    args: tuple[str, str]

    if TYPE_CHECKING:
        def __init__(self, clause: str, message: str) -> None: ...

    @property
    def clause(self) -> str:
        return self.args[0]

    @property
    def message(self) -> str:
        return self.args[1]

    def __str__(self) -> str:
        return f"{self.args[0]}: {self.args[1]}"


class SaveError(Exception):
    """A save document that cannot be read; the message says what and where."""
