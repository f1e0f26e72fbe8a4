"""The table core: free of any one game (stdlib only)."""

from .errors import RuleViolation, SaveError
from .events import Event
from .history import History
from .rng import Coins
from .zones import Zone

__all__ = ["Coins", "Event", "History", "RuleViolation", "SaveError", "Zone"]
