"""The one door between the table and the Monster Hunt rules (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleViolation, SaveError
from engine.core.events import Event
from engine.core.history import History
from engine.core.rng import Coins
from engine.core.saves import dump_document, load_document
from engine.core.undo import Undoable

from . import actions as A
from .context import Ctx
from .options import RulesOptions
from .pack import Pack, load_pack
from .rules import audience, disengaged, engaged, initiative, players, turn, victory
from .rules.setup import Setup, build, quick_setup
from .state import GameState

SAVE_FORMAT = "monster-hunt-save"
SAVE_VERSION = 1
HISTORY_LIMIT = 300

Check = Callable[[Ctx, Any], None]


def _check_enemy_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    if ctx.state.phase == "disengaged":
        disengaged.check_attack(ctx, action)
    elif ctx.state.phase == "engaged":
        engaged.check_attack(ctx, action)
    else:
        raise RuleViolation("MH-ROUND-1", "enemies attack in the two enemy Action phases")


def _do_enemy_attack(ctx: Ctx, action: A.EnemyAttack) -> None:
    if ctx.state.phase == "disengaged":
        disengaged.do_attack(ctx, action)
    else:
        engaged.do_attack(ctx, action)


HANDLERS: dict[type[A.Action], tuple[Check, Check]] = {
    A.Engage: (initiative.check_engage, initiative.do_engage),
    A.Done: (turn.check_done, turn.do_done),
    A.EnemyAttack: (_check_enemy_attack, _do_enemy_attack),
    A.HeroAttack: (players.check_attack, players.do_attack),
    A.SpecialAttack: (audience.check_special, audience.do_special),
    A.Refresh: (players.check_refresh, players.do_refresh),
    A.UsePower: (players.check_power, players.do_power),
    A.KeepLastCard: (audience.check_keep, audience.do_keep),
}


class Game(Undoable):
    module_id = "monsterhunt"  # which rules module; `game_id` is one game's save id (gui/saves)

    def __init__(self, state: GameState, coins: Coins, history: bool = True) -> None:
        self.state = state
        self.coins = coins
        self.keep_history = history
        self.history: History[dict[str, Any]] = History(limit=HISTORY_LIMIT)

    # --- making a game -------------------------------------------------------------------
    @classmethod
    def new(cls, setup: Setup, pack: Pack | None = None, history: bool = True) -> Game:
        coins = Coins(setup.seed)
        ctx = build(pack or load_pack(), setup, coins)
        return cls(ctx.state, coins, history)

    @classmethod
    def quick(cls, players: int = 2, seed: int = 1, options: RulesOptions | None = None,
              pack: Pack | None = None, history: bool = True, minors: int = 2,
              majors: int = 1) -> Game:
        pack = pack or load_pack()
        return cls.new(quick_setup(pack, players, seed, minors, majors, options), pack,
                       history)

    # --- the door ------------------------------------------------------------------------
    def check(self, action: A.Action) -> None:
        """Raise RuleViolation (with its MH clause) if `action` is illegal now."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise RuleViolation("MH-ROUND-1", f"unknown action {action!r}")
        ctx = Ctx(self.state, self.coins)
        turn.gate(ctx, action)
        handler[0](ctx, action)

    def is_legal(self, action: A.Action) -> bool:
        try:
            self.check(action)
        except RuleViolation:
            return False
        return True

    def apply(self, action: A.Action) -> list[Event]:
        """Apply a legal action and return its events, or raise RuleViolation with nothing
        changed."""
        self.check(action)
        before = self._snapshot() if self.keep_history else None
        ctx = Ctx(self.state, self.coins)
        try:
            HANDLERS[type(action)][1](ctx, action)
            victory.check(ctx)
            turn.advance(ctx)
            victory.check(ctx)
        except BaseException:
            if before is not None:
                self._restore(before)
            raise
        if before is not None:
            self.history.record(before)
        return ctx.events

    def _state_from_json(self, data: dict[str, Any]) -> GameState:
        return GameState.from_json(data)

    # --- saving --------------------------------------------------------------------------
    def save(self) -> str:
        return dump_document(SAVE_FORMAT, SAVE_VERSION, {
            "state": self.state.to_json(), "coins": self.coins.to_json()})

    @classmethod
    def load(cls, text: str) -> Game:
        """Read a save, or raise SaveError saying what is wrong; never a half-read game.
        The stat lines travel in the save, so no pack is needed to load one."""
        from .invariants import InvariantError, check_invariants

        payload = load_document(text, SAVE_FORMAT, SAVE_VERSION)
        try:
            game = cls(GameState.from_json(payload["state"]), Coins.from_json(payload["coins"]))
            check_invariants(game)
        except InvariantError as e:
            raise SaveError(f"this save breaks the rules: {e}") from e
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise SaveError(f"this monster-hunt save is damaged: {e!r}") from e
        return game

    # --- asking --------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[A.Action]:
        from .legal import candidates

        return [a for a in candidates(self, seat) if self.is_legal(a)]

    def view(self, viewer: str) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, viewer)

    @property
    def winner(self) -> str | None:
        return self.state.winner
