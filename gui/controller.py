"""Gestures become engine actions; the engine's answer becomes a fresh view.

The controller is the only GUI object that talks to the game, and it only uses the door
of docs/architecture.md: legal_actions, apply, undo, redo, save, view. It never changes
game state any other way and never invents a rule: when it must say why a drop is
refused it asks the engine (check/apply) and passes on the clause the engine names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.errors import RuleViolation, SaveError
from gui import saves
from gui.action_words import action_kind, action_label, counters_spent, may_pass
from gui.qt import QtCore, Signal
from gui.remarks import Remarks

TABLE = "table"
COMBAT_TARGET = "combat"


def involves_card(action: Any, card_id: str) -> bool:
    return getattr(action, "card", None) == card_id or card_id in (getattr(action, "cards", ())
                                                                    or ())


def drop_keys(action: Any, in_combat: bool) -> set[str]:
    """Where on the table a card may be dropped to mean this action."""
    keys: set[str] = set()
    target = getattr(action, "target", None)
    actor = getattr(action, "actor", None)
    if target:
        keys.add(str(target))
    elif actor:
        keys.add(str(actor))
    if in_combat and action_kind(action) in ("play_combat_card", "attack"):
        keys.add(COMBAT_TARGET)
        if actor:
            keys.add(str(actor))
    return keys


# what a combatant can play in a Combat step: with none of these, the hot-seat auto-pass
# (Settings, on by default) passes for it. Boosts, Details, Events and the like are left
# out on purpose: the GM and most Heroes can nearly always do one of them, so counting
# them would mean the auto-pass never passes (docs/projector.md, "Passing the laptop")
STEP_PLAYS = frozenset({"play_combat_card", "attack", "sneak_attack"})
AUTO_PASS_LIMIT = 12

COUNTER_PREFIX = "counter:"
SPENDABLE_COUNTERS = ("belief", "energy", "hate", "quantity")
COUNTER_NAMES = {"belief": "Belief", "energy": "Energy", "hate": "Hate", "quantity": "Quantity"}


def parse_counter_key(key: str) -> tuple[str, str] | None:
    """("h1", "belief") for the drag key of a counter badge, "counter:h1:belief"."""
    if not key.startswith(COUNTER_PREFIX):
        return None
    char_id, _, counter = key[len(COUNTER_PREFIX):].partition(":")
    return (char_id, counter) if char_id and counter else None


def counter_drop_keys(action: Any, char_id: str) -> set[str]:
    """Where a counter is dropped to mean this action: on its target, else on the
    character whose counter it is."""
    target = getattr(action, "target", None)
    return {str(target)} if target else {char_id}


def _engine_actions() -> Any:
    try:
        from engine.plottwist import actions
    except ImportError:
        return None
    return actions


class GameController(QtCore.QObject):
    sig_view = Signal(object)            # the new view dict
    sig_message = Signal(str, str)       # text, clause ("" for plain notices)
    sig_events = Signal(object)          # the list of events of the last action
    sig_marks = Signal(object)           # what a computer's move named, to mark on the table
    NEXT_KIND = "pass"   # the action Next takes (another game names its own: "done")

    def __init__(self, game: Any, viewer: str = "p1", parent: QtCore.QObject | None = None,
                 autosave: bool = True) -> None:
        super().__init__(parent)
        self.game = game
        self.viewer = viewer
        self.autosave_enabled = autosave
        self.auto_pass = False  # Settings ▸ hot-seat auto-pass (see _pass_for_idle_…)
        # seats the computer plays (gui/computer.py sets it): never auto-passed, the
        # computer chooses its own moves
        self.is_computer: Callable[[str], bool] = lambda _seat: False
        # seats the auto-pass passed for after the last play: the table says so, so a
        # group sees why a step moved on without them (the log has each pass too)
        self.passed_for: list[str] = []
        # how many engine actions each play on this table made (the play and the passes
        # made for seats after it), newest last, so Undo takes back a play as one step;
        # and the same for the plays undone, for Redo
        self._undo_sizes: list[int] = []
        self._redo_sizes: list[int] = []
        self._view: dict[str, Any] | None = None
        self._legal: dict[str, list[Any]] = {}
        # turns the engine's view into what this screen shows (the hands of a seat that
        # plays from its phone become backs); None shows the view as the engine gives it
        self.view_filter: Callable[[dict[str, Any]], dict[str, Any]] | None = None
        # seats whose phone is connected: they act from the phone, not from this screen
        self.on_phone: frozenset[str] = frozenset()
        # asks the table "this will have no effect: <why>. Play it anyway?" (True: play);
        # None plays without asking (Settings ▸ confirmations off, tests, phones)
        self.confirm_no_effect: Callable[[str], bool] | None = None
        # the computer players' reasons, woven into the log this screen shows
        self.remarks = Remarks()

    # ------------------------------------------------------------ reading
    @property
    def seat(self) -> str | None:
        """Who acts from this screen: the viewer, unless it is the public Table view or a
        seat that plays from its phone (its menus would name the cards in its hand)."""
        return None if self.viewer == TABLE or self.viewer in self.on_phone else self.viewer

    def watch_only(self) -> str:
        """Why this screen cannot act now."""
        if self.viewer in self.on_phone:
            return f"{self.viewer.upper()} plays from their phone: pick another seat to act here."
        return "The Table view only watches: pick GM or a Player to act."

    def view(self) -> dict[str, Any]:
        if self._view is None:
            view = self.game.view(self.viewer)
            view = view if self.view_filter is None else self.view_filter(view)
            if self.remarks:
                view = {**view, "log": self.remarks.lines(self.game, self.viewer,
                                                          list(view.get("log") or []))}
            self._view = view
        return self._view

    def seats(self) -> list[str]:
        view = self.game.view("gm") if self._view is None else self._view
        if view.get("seats"):  # a module that lists its seats (GM first)
            return [str(s) for s in view["seats"]]
        found = {c.get("seat") for c in view.get("characters", []) if c.get("seat")}
        for name in view.get("zones", {}):
            if ":" in name and name.split(":")[0] in ("plot_hand", "combat_hand"):
                found.add(name.split(":", 1)[1])
        players = sorted(s for s in found if s and s != "gm")
        return ["gm", *players]

    def legal(self, seat: str | None = None) -> list[Any]:
        seat = seat or self.seat
        if seat is None:
            return []
        if seat not in self._legal:
            self._legal[seat] = list(self.game.legal_actions(seat))
        return self._legal[seat]

    def actions_for_card(self, card_id: str) -> list[Any]:
        return [a for a in self.legal() if involves_card(a, card_id)]

    def actions_for_character(self, char_id: str) -> list[Any]:
        return [a for a in self.legal()
                if getattr(a, "actor", None) == char_id or getattr(a, "target", None) == char_id]

    def is_character(self, ident: str) -> bool:
        return any(c.get("id") == ident for c in self.view().get("characters", []))

    def drag_options(self, item_id: str) -> list[tuple[Any, set[str]]]:
        """Each legal action a drag of this card or character can mean, with its drop keys.

        A card from a hand means the actions that play it; a character card dragged onto
        someone means the actions of that character aimed at them (Combat, Perceive…).
        """
        counter = parse_counter_key(item_id)
        if counter is not None:
            return [(a, counter_drop_keys(a, counter[0])) for a in self.legal()
                    if counter in counters_spent(a)]
        if self.is_character(item_id):
            return [(a, {str(a.target)}) for a in self.legal()
                    if getattr(a, "actor", None) == item_id and getattr(a, "target", None)]
        in_combat = bool(self.view().get("combat"))
        return [(a, drop_keys(a, in_combat)) for a in self.actions_for_card(item_id)]

    def draggable_characters(self) -> set[str]:
        return {str(a.actor) for a in self.legal()
                if getattr(a, "actor", None) and getattr(a, "target", None)
                and not getattr(a, "card", None)}

    def draggable_counters(self) -> set[str]:
        """Counter badges that can be dragged: each counter a legal action spends, and the
        spendable counters of the seat's own characters (a drop the rules refuse then
        snaps back with the engine's reason)."""
        keys = {f"{COUNTER_PREFIX}{char}:{counter}" for a in self.legal()
                for char, counter in counters_spent(a)}
        if self.seat is not None:
            for ch in self.view().get("characters", []):
                if ch.get("seat") != self.seat:
                    continue
                for counter in SPENDABLE_COUNTERS:
                    if (ch.get("counters") or {}).get(counter) is not None:
                        keys.add(f"{COUNTER_PREFIX}{ch['id']}:{counter}")
        return keys

    def drop_targets(self, card_id: str) -> set[str]:
        keys: set[str] = set()
        for _action, where in self.drag_options(card_id):
            keys |= where
        return keys

    def next_action(self) -> tuple[Any | None, str]:
        """The legal action that moves the phase or step on, or why there is none."""
        if self.seat is None:
            return None, self.watch_only()
        view = self.view()
        if view.get("winner"):
            return None, f"The game is over: {view.get('result') or view['winner']}."
        for action in self.legal():
            if action_kind(action) == "pass":
                return action, action_label(action)
        why = self._why_not_pass()
        return None, why or f"{self.seat.upper()} cannot pass now."

    def hand_off_seat(self) -> str | None:
        """The seat to pass the laptop to: when the seat on screen (or the Table view)
        cannot move the game on and another seat can, the next such seat after it."""
        if self.view().get("winner"):
            return None
        if self.seat is not None and any(action_kind(a) == self.NEXT_KIND
                                         for a in self.legal()):
            return None
        waiting = [s for s in self.waiting_seats() if s != self.seat]
        if not waiting:
            return None
        order = self.seats()
        here = order.index(self.seat) if self.seat in order else -1
        return min(waiting, key=lambda s: (order.index(s) - here - 1) % len(order))

    def waiting_seats(self) -> list[str]:
        """Seats that may pass now: whom to hand the laptop to, in hot-seat play."""
        return [seat for seat in self.seats() if may_pass(self.legal(seat))]

    def _why_not_pass(self) -> str:
        engine = _engine_actions()
        check = getattr(self.game, "check", None)
        if engine is None or check is None or self.seat is None:
            return ""
        try:
            check(engine.Pass(self.seat))
        except RuleViolation as e:
            return f"{e.message} ({e.clause})"
        except Exception:  # a fake or older engine: fall back to the generic text
            return ""
        return ""

    # ------------------------------------------------------------ acting
    def set_viewer(self, viewer: str) -> None:
        if viewer != self.viewer:
            self.viewer = viewer
            self._refresh()

    def apply(self, action: Any, ask: bool = True) -> bool:
        """Apply a play made on this screen. `ask`: a play that would do nothing asks the
        table first (a computer seat's play never asks)."""
        if ask and self.confirm_no_effect is not None:
            why = self.no_effect_reason(action)
            if why and not self.confirm_no_effect(why):
                return False
        refusal = self.try_apply(action)
        if refusal is not None:
            self.sig_message.emit(refusal.message, refusal.clause)
            return False
        return True

    def no_effect_reason(self, action: Any) -> str:
        """Why a paid play would change nothing but its cost ("" if it does something);
        the engine finds out on a copy of the game, the game itself never changes."""
        try:
            from engine.plottwist.no_effect import why_no_effect
        except ImportError:
            return ""
        return why_no_effect(self.game, action)

    def applied_elsewhere(self, events: list[Any]) -> None:
        """The game took an action from outside this screen (a phone): autosave, redraw
        and log it as if it had been clicked here."""
        self._played(1)
        self._after_change()
        self.sig_events.emit(list(events or []))

    def try_apply(self, action: Any) -> RuleViolation | None:
        """Apply `action` and redraw, or return the engine's refusal without telling the
        banner (a phone's refusal is the phone's to show, not the room's)."""
        try:
            events = list(self.game.apply(action) or [])
        except RuleViolation as e:
            return e
        self.passed_for = []
        if self.auto_pass:
            events += self._pass_for_idle_combatants()
        self._played(1 + len(self.passed_for))
        self._after_change()
        self.sig_events.emit(events)
        return None

    def auto_passes(self, seat: str) -> bool:
        """Whether the auto-pass may pass for `seat`: one played on this laptop, not from a
        phone (no laptop to hand over) nor by the computer (it chooses for itself)."""
        return self.auto_pass and seat not in self.on_phone and not self.is_computer(seat)

    def _pass_for_idle_combatants(self) -> list[Any]:
        """Hot-seat auto-pass: in a Combat step, a combatant whose seat has nothing to play
        (no Combat card for this step, no Attack) passes at once, as a player with nothing
        would say "pass" (each pass is the engine's own, logged as usual)."""
        done: list[Any] = []
        for _ in range(AUTO_PASS_LIMIT):
            if not (self.game.view("table").get("combat")):
                break
            idle = None
            for seat in self.seats():
                if not self.auto_passes(seat):
                    continue
                legal = list(self.game.legal_actions(seat))
                kinds = {action_kind(a) for a in legal}
                if "pass" in kinds and not kinds & STEP_PLAYS:
                    idle = next(a for a in legal if action_kind(a) == "pass")
                    break
            if idle is None:
                break
            try:
                done += list(self.game.apply(idle) or [])
            except RuleViolation:
                break
            self.passed_for.append(idle.seat)
        return done

    def drop(self, card_id: str, target: str | None) -> list[Any]:
        """The legal actions a drop of `card_id` on `target` may mean.

        None is returned as an empty list after the refusal has been reported, so the
        view snaps the card back; one action is applied at once; several are returned for
        the caller to offer in a menu.
        """
        if self.seat is None:
            self.sig_message.emit(self.watch_only(), "")
            return []
        matches = [a for a, where in self.drag_options(card_id)
                   if target is not None and target in where]
        if len(matches) == 1:
            self.apply(matches[0])
            return []
        if matches:
            return matches
        self._explain_refusal(card_id, target)
        return []

    def double_click_options(self, kind: str, key: str) -> list[Any]:
        """The legal actions a double-click means: for a character its `activate` actions,
        for a card every action that plays, flips or uses it (a face-down Event for the GM
        is a RevealEvent; a hand card its plays)."""
        if kind == "character":
            return [a for a in self.legal()
                    if action_kind(a) == "activate" and getattr(a, "actor", None) == key]
        return self.actions_for_card(key)

    def double_click(self, kind: str, key: str) -> list[Any]:
        """Apply the one action a double-click means, or return several for a menu.

        With none, the reason goes to the banner (the engine's clause when it can judge
        what the double-click would have meant) and nothing changes.
        """
        if self.seat is None:
            self.sig_message.emit(self.watch_only(), "")
            return []
        options = self.double_click_options(kind, key)
        if len(options) == 1:
            self.apply(options[0])
            return []
        if options:
            return options
        self._explain_double_click(kind, key)
        return []

    def _explain_double_click(self, kind: str, key: str) -> None:
        name = self._target_name(key) if kind == "character" else self._card_name(key)
        guess = self._guess_double_click(kind, key)
        check = getattr(self.game, "check", None)
        if guess is not None and check is not None:
            try:
                check(guess)
            except RuleViolation as e:
                self.sig_message.emit(f"{name}: {e.message}", e.clause)
                return
            except Exception:  # a guess the engine cannot read: say it plainly below
                pass
        what = "activate on" if kind == "character" else "do with"
        self.sig_message.emit(f"Nothing for {self.seat_name()} to {what} {name} now.", "")

    def _guess_double_click(self, kind: str, key: str) -> Any:
        """What the double-click would mean were it legal, for the engine to judge."""
        engine = _engine_actions()
        if engine is None or self.seat is None:
            return None
        if kind == "character":
            return None  # which ability is not known: no clause to quote
        events = self.view().get("zones", {}).get("events", {})
        if any(inst.get("id") == key for inst in events.get("cards", [])):
            return engine.RevealEvent(self.seat, card=key)
        return self._guess_action(key, None)

    def _explain_refusal(self, card_id: str, target: str | None) -> None:
        name = self._card_name(card_id)
        if target is None:
            back = "to its character" if parse_counter_key(card_id) else "to the hand"
            if not self.drag_options(card_id) and not parse_counter_key(card_id):
                reason = self._engine_reason(self._guess_action(card_id, None))
                if reason is not None:
                    self.sig_message.emit(f"{name} went back {back}: {reason[0]}",
                                          reason[1])
                    return
            hint = ("drop it on a highlighted place" if self.drag_options(card_id)
                    else f"no rule lets {self.seat_name()} play it now")
            self.sig_message.emit(f"{name} went back {back}: {hint}.", "")
            return
        where = self._target_name(target)
        if parse_counter_key(card_id) is not None:
            self._explain_counter_refusal(card_id, target, name, where)
            return
        if self.is_character(card_id):
            guess = self._guess_character_action(card_id, target)
        else:
            guess = self._guess_action(card_id, target)
        if guess is not None:
            try:
                check = getattr(self.game, "check", None)
                if check is not None:
                    check(guess)
                    # legal though not offered (an open-ended choice): play it
                    self.apply(guess)
                    return
                self.game.apply(guess)
                self._played(1)
                self._after_change()
                return
            except RuleViolation as e:
                self.sig_message.emit(f"{name} cannot go on {where}: {e.message}", e.clause)
                return
            except Exception:  # a guess the engine cannot even read: say it plainly
                pass
        if self.drag_options(card_id):
            self.sig_message.emit(f"{name} cannot go on {where}; it can go on the highlighted "
                                  "places.", "")
        else:
            self.sig_message.emit(f"No rule lets {self.seat_name()} play {name} now.", "")

    def _engine_reason(self, guess: Any) -> tuple[str, str] | None:
        """(message, clause) of the engine's refusal of `guess`, or None if it would
        allow it or cannot judge it."""
        check = getattr(self.game, "check", None)
        if guess is None or check is None:
            return None
        try:
            check(guess)
        except RuleViolation as e:
            return e.message, e.clause
        except Exception:  # a guess the engine cannot read
            return None
        return None

    def _explain_counter_refusal(self, key: str, target: str, name: str, where: str) -> None:
        """Why a counter cannot go there: the engine judges what the drop would mean."""
        guess = self._guess_counter_action(key, target)
        if guess is not None:
            try:
                self.game.check(guess)
            except RuleViolation as e:
                self.sig_message.emit(f"{name} cannot go on {where}: {e.message}", e.clause)
                return
            except Exception:  # a fake or older engine: fall back to the plain text
                pass
        if self.drag_options(key):
            self.sig_message.emit(f"{name} cannot go on {where}; it can go on the highlighted "
                                  "characters.", "")
        else:
            self.sig_message.emit(f"No rule lets {self.seat_name()} spend {name} now.", "")

    def _guess_counter_action(self, key: str, target: str) -> Any:
        """The spending this drop would be if the rules allowed it: the character the counter
        is dropped on spends it (its own, so a drop on someone else's character is judged
        by who controls them), or a Hate spent on the target."""
        engine = _engine_actions()
        parsed = parse_counter_key(key)
        if engine is None or parsed is None or self.seat is None or target == COMBAT_TARGET:
            return None
        char_id, counter = parsed
        if not self.is_character(target):
            return None
        if counter == "hate" and target != char_id:
            return engine.SpendHate(self.seat, actor=char_id, purpose="belief_damage",
                                    target=target)
        templates = [a for a, _ in self.drag_options(key)
                     if dataclasses.is_dataclass(a) and not isinstance(a, type)]
        if templates and "actor" in {f.name for f in dataclasses.fields(templates[0])}:
            return dataclasses.replace(templates[0], actor=target)
        if counter == "belief":
            return engine.SpendBelief(self.seat, actor=target, purpose="attack_action")
        if counter == "energy":
            return engine.Regenerate(self.seat, actor=target, resistance="physical")
        if counter == "hate":
            return engine.SpendHate(self.seat, actor=target, purpose="attack_action")
        return engine.Boost(self.seat, actor=target, pay="quantity")

    def _guess_action(self, card_id: str, target: str | None) -> Any:
        """The action this drop would be if the rules allowed it, for the engine to judge."""
        own = self._own_character(target)
        templates = self.actions_for_card(card_id)
        if templates and target and target != COMBAT_TARGET:
            template = templates[0]
            names = {f.name for f in dataclasses.fields(template)}
            change: dict[str, Any] = {}
            if "target" in names and getattr(template, "target", None):
                change["target"] = target
            elif "actor" in names:
                change["actor"] = target
            if change and dataclasses.is_dataclass(template) and not isinstance(template, type):
                return dataclasses.replace(template, **change)
        engine = _engine_actions()
        data = self._card_data(card_id)
        if engine is None or data is None or self.seat is None:
            return None
        kind = data.get("kind")
        if kind == "combat":
            actor = own or ""
            if data.get("combat_type") == "attack":
                return engine.Attack(self.seat, actor=actor, card=card_id,
                                     attack_type=str(data.get("attack_type") or "melee"))
            return engine.PlayCombatCard(self.seat, actor=actor, card=card_id)
        if kind == "detail":
            return engine.PlayDetail(self.seat, actor=own or "", card=card_id,
                                     target=target or "")
        # the other Plots: asked of the engine too, so a refusal says why (whose
        # Initiative it is, which phase) instead of "no rule lets you"
        if kind == "bystander":
            return engine.PlayBystanders(self.seat, actor=own or "", cards=(card_id,))
        if kind in ("location", "lair"):
            return engine.PlayLocation(self.seat, actor=own or "", card=card_id)
        if kind in ("hero", "villain", "mook"):
            return engine.PlayHero(self.seat, actor=own or "", card=card_id)
        return None

    def _guess_character_action(self, char_id: str, target: str) -> Any:
        """Dragging a character onto someone reads as starting a Combat with them."""
        engine = _engine_actions()
        if engine is None or self.seat is None or target == COMBAT_TARGET:
            return None
        return engine.InitiateCombat(self.seat, actor=char_id, target=target)

    def _own_character(self, target: str | None) -> str | None:
        mine = [c for c in self.view().get("characters", [])
                if c.get("seat") == self.seat and c.get("in_play", True)]
        if target and any(c["id"] == target for c in mine):
            return target
        combat = self.view().get("combat") or {}
        for c in mine:
            if c["id"] in (combat.get("attacker"), combat.get("defender")):
                return c["id"]
        return mine[0]["id"] if mine else None

    # ------------------------------------------------------------ GM rulings
    def can_rule(self) -> bool:
        """The GM may adjust counters, statuses and cards when the engine offers rulings."""
        engine = _engine_actions()
        return self.seat == "gm" and engine is not None and hasattr(engine, "GMRuling")

    def rule(self, **fields: Any) -> bool:
        """Apply a GM ruling (what=counter|add_status|remove_status|move_card …)."""
        engine = _engine_actions()
        if not self.can_rule() or engine is None:
            self.sig_message.emit("Only the GM makes rulings.", "PT-TERM-1")
            return False
        return self.apply(engine.GMRuling("gm", **fields))

    def zone_names(self) -> list[str]:
        return sorted(self.game.view("gm").get("zones", {}))

    def _played(self, size: int) -> None:
        self._undo_sizes.append(size)
        self._redo_sizes.clear()

    def undo(self) -> None:
        """Take back the last play, with the passes the auto-pass made after it."""
        size = self._undo_sizes.pop() if self._undo_sizes else 1
        if self._history("undo", "Nothing to undo.", size):
            self._redo_sizes.append(size)

    def redo(self) -> None:
        size = self._redo_sizes.pop() if self._redo_sizes else 1
        if self._history("redo", "Nothing to redo.", size):
            self._undo_sizes.append(size)

    def _history(self, which: str, empty: str, times: int = 1) -> bool:
        can = getattr(self.game, f"can_{which}", None)
        done = 0
        for _ in range(times):
            if can is not None and not can():
                break
            try:
                getattr(self.game, which)()
            except IndexError:
                break
            done += 1
        if not done:
            self.sig_message.emit(empty, "")
            return False
        self.passed_for = []
        self._after_change()
        return True

    def can_undo(self) -> bool:
        can = getattr(self.game, "can_undo", None)
        return bool(can()) if can is not None else True

    def can_redo(self) -> bool:
        can = getattr(self.game, "can_redo", None)
        return bool(can()) if can is not None else True

    # ------------------------------------------------------------ saving
    def save_to(self, path: Path) -> None:
        saves.write_save(path, self.game.save())

    def autosave(self) -> None:
        if not self.autosave_enabled:
            return
        try:
            # the public view: the start screen that lists it may be on the projector
            ident = saves.game_id(self.game)    # first: the save text carries it
            saves.write_autosave(self.game.save(), self.game.view("table"), ident)
        except (OSError, SaveError) as e:   # SaveError: GameHeld, the folder lock timed out
            self.sig_message.emit(f"Autosave failed: {e}", "")

    # ------------------------------------------------------------ helpers
    def _after_change(self) -> None:
        self.autosave()
        self._refresh()

    def refresh(self) -> None:
        """Redraw from a fresh view (the view filter changed, not the game)."""
        self._refresh()

    def _refresh(self) -> None:
        self._view = None
        self._legal.clear()
        self.sig_view.emit(self.view())

    def seat_name(self) -> str:
        return "the GM" if self.seat == "gm" else (self.seat or "the table").upper()

    def _find_instance(self, card_id: str) -> dict[str, Any] | None:
        view = self.view()
        for zone in view.get("zones", {}).values():
            for inst in zone.get("cards", []):
                if inst.get("id") == card_id:
                    return inst
        for ch in view.get("characters", []):
            for eq in ch.get("equipment", []):
                if eq.get("id") == card_id:
                    return eq
        return None

    def _card_data(self, card_id: str) -> dict[str, Any] | None:
        from gui.table.card_face import face_data

        inst = self._find_instance(card_id)
        return face_data(inst) if inst else None

    def _card_name(self, card_id: str) -> str:
        counter = parse_counter_key(card_id)
        if counter is not None:
            owner = self._target_name(counter[0])
            return f"{owner}'s {COUNTER_NAMES.get(counter[1], counter[1].capitalize())}"
        data = self._card_data(card_id)
        return str(data.get("name")) if data else "That card"

    def _target_name(self, target: str | None) -> str:
        if target is None:
            return "the table"
        if target == COMBAT_TARGET:
            return "the Combat"
        for ch in self.view().get("characters", []):
            if ch.get("id") == target:
                return str(ch.get("name") or (ch.get("card") or {}).get("name") or target)
        return self._card_name(target) if self._find_instance(target) else target
