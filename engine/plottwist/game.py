"""The one door between the table and the rules (docs/architecture.md)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from engine.catalog import Card
from engine.core.errors import RuleViolation, SaveError
from engine.core.events import Event
from engine.core.history import History
from engine.core.rng import Coins
from engine.core.saves import dump_document, load_document

from . import actions as A
from . import effects
from .context import Ctx
from .options import RulesOptions
from .rules import (
    abilities,
    attacks,
    bystanders,
    cdeck,
    choices,
    combat,
    effect_hook,
    equipment,
    events,
    gm,
    healing,
    interview,
    locations,
    main_villain,
    plots,
    pursuit,
    resources,
    reversal,
    statuses,
    turn,
    twists,
    victory,
)
from .rules.setup import Setup, build, new_state
from .save_check import MAX_SAVE_CHARS, MIGRATIONS, game_id_of, read_payload, table_meta_of
from .state import GameState

# The rule modules sit below the effect interpreter and run cards' effects through
# rules/effect_hook.py; the door plugs the interpreter in (docs/architecture.md, *Layers*).
effect_hook.install(effects.run)

SAVE_FORMAT = "plot-twist-save"
SAVE_VERSION = 1
HISTORY_LIMIT = 300

Check = Callable[[Ctx, Any], object]
Do = Callable[[Ctx, Any], None]

HANDLERS: dict[type[A.Action], tuple[Check, Do]] = {
    A.Pass: (turn.check_pass, turn.do_pass),
    A.InitiateCombat: (combat.check_initiate, combat.do_initiate),
    A.SneakAttack: (combat.check_sneak, combat.do_sneak),
    A.PlayCombatCard: (combat.check_play, combat.do_play),
    A.Attack: (attacks.check_attack, attacks.do_attack),
    A.Boost: (resources.check_boost, resources.do_boost),
    A.Regenerate: (resources.check_regenerate, resources.do_regenerate),
    A.SpendBelief: (resources.check_spend_belief, resources.do_spend_belief),
    A.SpendHate: (resources.check_spend_hate, resources.do_spend_hate),
    A.Heal: (healing.check_heal, healing.heal),
    A.SetFlying: (statuses.check_flying, statuses.do_flying),
    A.Hide: (statuses.check_hide, statuses.do_hide),
    A.Perceive: (statuses.check_perceive, statuses.do_perceive),
    A.EndStatus: (statuses.check_end_status, statuses.do_end_status),
    A.UseEquipment: (equipment.check_use, equipment.do_use),
    A.Mulligan: (cdeck.check_mulligan, cdeck.do_mulligan),
    A.DiscardCombatCards: (cdeck.check_discard, cdeck.do_discard),
    A.PlayDetail: (plots.check_detail, plots.do_detail),
    A.Pursue: (pursuit.check_pursue, pursuit.do_pursue),
    A.GMRuling: (gm.check_ruling, gm.do_ruling),
    A.PlayBystanders: (bystanders.check_play, bystanders.do_play),
    A.Activate: (abilities.check_activate, abilities.do_activate),
    A.Gadgeteer: (abilities.check_gadgeteer, abilities.do_gadgeteer),
    A.Investigate: (abilities.check_investigate, abilities.do_investigate),
    A.RevealEvent: (events.check_reveal, events.do_reveal),
    A.NullifyRoll: (events.check_nullify_roll, events.do_nullify_roll),
    A.PlayHero: (plots.check_hero, plots.do_hero),
    A.Reversal: (reversal.check, reversal.do),
    A.Answer: (interview.check_answer, interview.do_answer),
    A.AskQuestion: (interview.check_ask, interview.do_ask),
    # part 2: Locations (PT-LOC-4, PT-FLEE-8) and the Players' Twist! (A-26)
    A.PlayLocation: (locations.check_play, locations.do_play),
    A.ChooseLocation: (locations.check_choose, locations.do_choose),
    A.ChooseTwist: (twists.check_choose, twists.do_choose),
    A.ChooseMain: (main_villain.check_choose_main, main_villain.do_choose_main),
    A.ChooseDestination: (locations.check_destination, locations.do_destination),
    A.ChooseTarget: (choices.check_choose_target, choices.do_choose_target),
}


class CheckToken:
    """Proof that `action` passed its check on this game at one position (Game.vouch).

    Game.apply(action, checked=token) skips its own refusal check only if the token was
    made by this game, for this very Action object, on the same state object, and no
    action, undo, redo or restore has happened since (the game's version counter). A
    stale or foreign token is ignored: the action is checked as usual."""

    __slots__ = ("game", "action", "state", "version")

    def __init__(self, game: Game, action: A.Action) -> None:
        self.game = game
        self.action = action
        self.state = game.state
        self.version = game.version


class Game:
    def __init__(self, state: GameState, coins: Coins, cards: Mapping[str, Any],
                 history: bool = True) -> None:
        self.state = state
        self.coins = coins
        self.cards = dict(cards)
        self.keep_history = history
        # a snapshot is ~60 KB: 300 of them keep a long evening's undo under ~20 MB
        self.history: History[dict[str, Any]] = History(limit=HISTORY_LIMIT)
        # bumped by every apply (even a refused one), undo, redo and restore: a CheckToken
        # made before a bump is stale
        self.version = 0
        # which game this is, across saves and autosaves (the table sets it when it first
        # shows the game; the engine never needs it, so same seed, same save text)
        self.game_id: str | None = None
        # what Game.load found the packs changed since the save (told once, in the
        # banner), and the record of changes already told, kept in the save
        self.load_notes: list[str] = []
        self.cards_told: dict[str, str] = {}
        # what the table keeps about this game across saves (which seats the computer
        # plays, at what strength): saved and loaded untouched, never read by the rules
        self.table_meta: dict[str, Any] = {}

    # --- making a game -----------------------------------------------------------------
    @classmethod
    def new(cls, setup: Setup, history: bool = True) -> Game:
        state = new_state(setup)
        coins = Coins(setup.seed, setup.coins)
        cards = {c.key: c for c in setup.all_cards()}
        game = cls(state, coins, cards, history)
        ctx = game._ctx()
        build(ctx, setup)
        turn.begin_turn(ctx)
        return game

    @classmethod
    def quick(cls, catalog: Any, heroes: int = 3, seed: int = 1,
              options: RulesOptions | None = None, history: bool = True) -> Game:
        from .quick import quick_setup

        return cls.new(quick_setup(catalog, heroes, seed, options), history)

    def copy(self) -> Game:
        """A separate game at the same position, for search: apply actions to the copy
        and the original never changes. The copy plays on exactly as the original would
        (same coins from here on, same results), keeps no undo history, and shares the
        catalog's cards, which never change (the key → card table itself is copied: a
        scenario may add to it)."""
        new = Game.__new__(Game)
        new.state = self.state.copy()
        new.coins = self.coins.copy()
        new.cards = self.cards.copy()
        new.keep_history = False
        new.history = History(limit=HISTORY_LIMIT)
        new.version = 0
        # same id and same record of told card changes, so a copy saves like its original
        new.game_id = self.game_id
        new.load_notes = []
        new.cards_told = dict(self.cards_told)
        # (deepcopy costs ≈ 8,600 instructions even for the empty dict a search's game has)
        new.table_meta = copy.deepcopy(self.table_meta) if self.table_meta else {}
        return new

    def _ctx(self) -> Ctx:
        return Ctx(self.state, self.coins, self.cards)

    # --- the door ------------------------------------------------------------------------
    def check(self, action: A.Action) -> None:
        """Raise RuleViolation if `action` is illegal now; never changes anything."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise RuleViolation("PT-FREE-1", f"unknown action {action!r}")
        handler[0](self._ctx(), action)

    def is_legal(self, action: A.Action) -> bool:
        try:
            self.check(action)
        except RuleViolation:
            return False
        return True

    def vouch(self, action: A.Action) -> CheckToken:
        """A token saying `action` has just passed its check here (the caller ran it, e.g.
        the random agent); see Game.apply."""
        return CheckToken(self, action)

    def apply(self, action: A.Action, checked: CheckToken | None = None) -> list[Event]:
        """Apply a legal action and return its events, or raise RuleViolation with
        nothing changed.

        `checked`: a token from `vouch(action)` made at this very position (no action,
        undo, redo or restore since, same state object); then the refusal check before
        anything changes, which the caller has just run, is not run again. Any other
        token is ignored. The do_* handlers keep their own checks, except that the busiest
        (Pass, Attack, Boost, Initiate Combat, Combat cards) skip them for a vouched action."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise RuleViolation("PT-FREE-1", f"unknown action {action!r}")
        state = self.state
        ctx = Ctx(state, self.coins, self.cards)
        if (checked is None or checked.action is not action or checked.game is not self
                or checked.version != self.version or checked.state is not state):
            handler[0](ctx, action)              # refuse before anything changes
        else:
            ctx.vouched = True
        self.version += 1
        before = self._copy_position() if self.keep_history else None
        try:
            handler[1](ctx, action)
            if state.interview_requested:            # a card's `interview` op
                interview.card_interview(ctx)
            if state.combat is not None:
                combat.close_if_decided(ctx)
            events.check_nullify_conditions(ctx)
            victory.check(ctx)
        except BaseException:
            if before is not None:
                self._restore(before)
            raise
        if before is not None:
            self.history.record(before)
        return ctx.events

    def undo(self) -> None:
        self._restore(self.history.undo(self._hand_over()))

    def redo(self) -> None:
        self._restore(self.history.redo(self._hand_over()))

    def can_undo(self) -> bool:
        return self.history.can_undo()

    def can_redo(self) -> bool:
        return self.history.can_redo()

    # An undo snapshot is a position object that never changes (GameState.frozen_copy:
    # every part equal to the previous snapshot's is that snapshot's own object; the
    # strings, roll records and the coins' record are shared too). Before an action the
    # game keeps such a copy and plays on. Undo and redo hand the live position over to
    # the history as it is (nobody plays on it any more) and play on a copy of the one
    # they take back, so a redo after an undo replays the very same flips.
    def _copy_position(self) -> dict[str, Any]:
        last = self.history.last()
        return {"state": self.state.frozen_copy(last["state"] if last else None),
                "coins": self.coins.copy()}

    def _hand_over(self) -> dict[str, Any]:
        return {"state": self.state, "coins": self.coins}

    def _restore(self, snap: dict[str, Any]) -> None:
        self.version += 1
        self.state = snap["state"].copy()
        self.coins = snap["coins"].copy()

    # --- saving ------------------------------------------------------------------------
    def save(self) -> str:
        payload: dict[str, Any] = {
            "state": self.state.to_json(), "coins": self.coins.to_json(),
            "cards": sorted(self.cards),
            # self-contained: the game opens and plays the same after its pack is edited,
            # renamed or removed (docs/reliability.md)
            # (pack cards only: a stand-in card, as tests use, is not a card a pack holds)
            "card_data": {k: c.data for k, c in sorted(self.cards.items())
                          if isinstance(c, Card)}}
        if self.cards_told:
            payload["cards_told"] = dict(sorted(self.cards_told.items()))
        if self.game_id is not None:
            payload["game_id"] = self.game_id
        if self.table_meta:
            payload["table_meta"] = copy.deepcopy(self.table_meta)
        return dump_document(SAVE_FORMAT, SAVE_VERSION, payload)

    @classmethod
    def load(cls, text: str, catalog: Any) -> Game:
        """Read a save, or raise SaveError saying what is wrong; never a half-read game.

        Older versions are upgraded through MIGRATIONS (save_check.py); the checks of the
        shape, the cards and the rules' invariants are in save_check.read_payload."""
        if len(text) > MAX_SAVE_CHARS:
            raise SaveError(f"the save is {len(text):,} characters long; no game's save is "
                            f"longer than {MAX_SAVE_CHARS:,}")
        payload = load_document(text, SAVE_FORMAT, SAVE_VERSION, MIGRATIONS)
        game = read_payload(payload, lambda key: _lookup(catalog, key),
                            lambda state, coins, cards: cls(state, coins, cards))
        game.game_id = game_id_of(payload)
        game.table_meta = table_meta_of(payload)
        return game

    # --- asking --------------------------------------------------------------------------
    def legal_actions(self, seat: str, labels: bool = True) -> list[A.Action]:
        """The seat's legal actions. `labels=False` leaves out the menu texts (computer
        players' search): the same actions, in the same order, several times faster."""
        from .legal import candidates

        ctx = self._ctx()   # checks never change anything: one context serves them all
        out = []
        for action in candidates(self, seat, labels=labels):
            handler = HANDLERS.get(type(action))
            if handler is None:
                continue
            try:
                handler[0](ctx, action)
            except RuleViolation:
                continue
            out.append(action)
        return out

    def view(self, viewer: str, tracking: bool = False) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, viewer, tracking)

    @property
    def winner(self) -> str | None:
        return self.state.winner


def _lookup(catalog: Any, key: str) -> Any:
    if isinstance(catalog, Mapping):
        return catalog.get(key)
    getter = getattr(catalog, "get", None)
    if getter is not None:
        try:
            return getter(key)
        except KeyError:
            return None
    cards = getattr(catalog, "cards", {})
    return cards.get(key)
