"""The engine under fire: a hypothesis RuleBasedStateMachine over Game.quick.

Steps mix legal actions (drawn from legal_actions of a seat), illegal ones (a legal one
mutated: wrong seat, unknown actor/target, a spent, unknown or another seat's card), undo
and redo. After every step:
* an illegal action raised RuleViolation and changed nothing (save() text equal, undo
  history equal);
* a legal action was applied (never refused);
* undo/redo land exactly on the recorded positions (save() text equal);
* invariants hold: counters within caps and >= 0, no two copies of a character in play, a
  card instance in one place only, action counts within limits;
* save() -> Game.load() -> save() round-trips.

Default: a modest run (<= ~20 s). PTT_MACHINE_EXAMPLES / PTT_MACHINE_STEPS make it longer
(docs/reliability.md).
"""

from __future__ import annotations

import dataclasses
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.catalog import Catalog
from engine.core.errors import RuleViolation
from engine.plottwist import actions as A
from engine.plottwist.agents import RandomAgent, seats_to_act
from engine.plottwist.game import Game

CATALOG = Catalog.load(include_bundled=True, include_user=False)
EXAMPLES = int(os.environ.get("PTT_MACHINE_EXAMPLES", "25"))
STEPS = int(os.environ.get("PTT_MACHINE_STEPS", "60"))
COUNTS = {"games": 0, "steps": 0, "legal": 0, "illegal_refused": 0, "illegal_accepted": 0,
          "undo": 0, "redo": 0}
KINDS: dict[str, int] = {}   # refused illegal actions by how they were broken
MAX_MOVE, MAX_ATTACK = 2, 1      # PT-ACT-3: gained actions never go above 2 Move, 1 Attack

CARD_ACTIONS = (A.PlayCombatCard, A.UseEquipment, A.PlayDetail)


def invariant_problems(game: Game) -> list[str]:
    st_ = game.state
    out: list[str] = []
    in_play_keys: dict[str, str] = {}
    for c in st_.characters.values():
        who = f"{c.name} ({c.id})"
        if c.role != "mook":
            for res in ("physical", "mental", "social"):
                have, cap = c.stress.get(res, 0), c.maxes.get(res, 0)
                trauma = c.trauma.get(res, 0)
                if have < 0 or trauma < 0 or have + trauma > cap:
                    out.append(f"{who}: {res} {have} (+{trauma} Trauma) outside 0..{cap}")
            if c.belief is not None and not 0 <= c.belief <= c.maxes.get("belief", 0):
                out.append(f"{who}: Belief {c.belief} outside 0..{c.maxes.get('belief')}")
            if c.energy < 0:
                out.append(f"{who}: Energy {c.energy} < 0")
        for name in ("hate", "quantity"):
            value = getattr(c, name)
            if value is not None and value < 0:
                out.append(f"{who}: {name} {value} < 0")
        if not 0 <= c.move <= MAX_MOVE or not 0 <= c.attack <= MAX_ATTACK:
            out.append(f"{who}: {c.move} Move / {c.attack} Attack actions")
        if c.in_play:
            base = c.name.split(" - ")[0].casefold()
            if base in in_play_keys:
                out.append(f"two copies in play: {in_play_keys[base]} and {who}")
            in_play_keys[base] = who
    seen: dict[str, str] = {}
    for z in st_.zones.values():
        for card in z.cards:
            if card in seen:
                out.append(f"card {card} is in zones {seen[card]} and {z.name}")
            seen[card] = z.name
    if st_.turn < 1:
        out.append(f"turn {st_.turn}")
    return out


def ids(game: Game) -> tuple[list[str], list[str]]:
    """(character ids, card instance ids)."""
    return list(game.state.characters), list(game.state.cards)


def mutations(game: Game, action: A.Action) -> list[tuple[str, A.Action]]:
    """Ways to break a legal action that must always be refused."""
    st_ = game.state
    out: list[tuple[str, A.Action]] = []
    names = {f.name for f in dataclasses.fields(action)}
    actor = getattr(action, "actor", "")
    if actor:
        owner = st_.characters[actor].seat
        for seat in st_.seats:
            controls = any(c.seat == seat and c.id == actor for c in st_.characters.values())
            if seat != owner and not controls:
                out.append((f"wrong seat {seat}", dataclasses.replace(action, seat=seat)))
                break
        out.append(("unknown actor", dataclasses.replace(action, actor="ghost")))
    if "target" in names and getattr(action, "target", ""):
        out.append(("unknown target", dataclasses.replace(action, target="nobody")))
    if isinstance(action, CARD_ACTIONS) or (isinstance(action, A.Attack) and action.card):
        out.append(("unknown card", dataclasses.replace(action, card="c999999")))
        spent = [c for z in st_.zones.values() if z.name.startswith("discard")
                 for c in z.cards]
        if spent:
            out.append(("spent card", dataclasses.replace(action, card=spent[-1])))
        if not isinstance(action, A.UseEquipment):
            hand = "plot_hand" if isinstance(action, A.PlayDetail) else "combat_hand"
            theirs = [c for z in st_.zones.values() if z.name.startswith(hand + ":")
                      and z.owner != action.seat and z.name != f"{hand}:{action.seat}"
                      for c in z.cards]
            if theirs:
                out.append(("another seat's card",
                            dataclasses.replace(action, card=theirs[0])))
    if isinstance(action, A.Mulligan | A.DiscardCombatCards) and action.cards:
        out.append(("unknown card", dataclasses.replace(action, cards=("c999999",))))
    return out


class GameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.past: list[str] = []
        self.future: list[str] = []

    @initialize(seed=st.integers(1, 10_000), heroes=st.sampled_from([2, 3, 4]))
    def start(self, seed, heroes):
        self.game = Game.quick(CATALOG, heroes=heroes, seed=seed)
        COUNTS["games"] += 1

    def _legal(self, data) -> tuple[str, list[A.Action]]:
        game = self.game
        seats = seats_to_act(game) if data.draw(st.booleans(), label="usual seat") \
            else list(game.state.seats)
        seat = data.draw(st.sampled_from(seats), label="seat")
        return seat, game.legal_actions(seat)

    @rule(data=st.data())
    def legal_action(self, data):
        _, legal = self._legal(data)
        if not legal:
            return
        action = data.draw(st.sampled_from(legal), label="action")
        before = self.game.save()
        self.game.apply(action)          # a listed action is never refused
        self.past.append(before)
        self.future.clear()
        COUNTS["legal"] += 1

    @rule(seed=st.integers(0, 2**32), n=st.integers(1, 25))
    def play_on(self, seed, n):
        """A run of RandomAgent moves, to reach later Turns, Combats and Damage."""
        agent = RandomAgent(seed)
        for _ in range(n):
            action = None
            for seat in seats_to_act(self.game):
                action = agent.choose(self.game, seat)
                if action is not None:
                    break
            if action is None:
                return
            before = self.game.save()
            self.game.apply(action)
            self.past.append(before)
            self.future.clear()
            COUNTS["legal"] += 1

    @rule(data=st.data())
    def illegal_action(self, data):
        _, legal = self._legal(data)
        broken = [m for a in legal for m in mutations(self.game, a)]
        if not broken:
            return
        how, action = data.draw(st.sampled_from(broken), label="mutated")
        before = self.game.save()
        could_undo, could_redo = self.game.can_undo(), self.game.can_redo()
        try:
            self.game.apply(action)
        except RuleViolation:
            COUNTS["illegal_refused"] += 1
            kind = "wrong seat" if how.startswith("wrong seat") else how
            KINDS[kind] = KINDS.get(kind, 0) + 1
        else:
            COUNTS["illegal_accepted"] += 1
            raise AssertionError(f"{how}: illegal action accepted: {action!r}")
        assert self.game.save() == before, f"{how}: a refused action changed the game"
        assert (self.game.can_undo(), self.game.can_redo()) == (could_undo, could_redo)

    @precondition(lambda self: self.game is not None and self.game.can_undo())
    @rule()
    def undo(self):
        current = self.game.save()
        self.game.undo()
        assert self.game.save() == self.past.pop()
        self.future.append(current)
        COUNTS["undo"] += 1

    @precondition(lambda self: self.game is not None and self.game.can_redo())
    @rule()
    def redo(self):
        current = self.game.save()
        self.game.redo()
        assert self.game.save() == self.future.pop()
        self.past.append(current)
        COUNTS["redo"] += 1

    @invariant()
    def holds(self):
        if self.game is None:
            return
        COUNTS["steps"] += 1
        problems = invariant_problems(self.game)
        assert not problems, problems
        COUNTS["max_turn"] = max(COUNTS.get("max_turn", 0), self.game.state.turn)
        assert self.game.can_undo() == bool(self.past)
        assert self.game.can_redo() == bool(self.future)
        text = self.game.save()
        assert Game.load(text, CATALOG).save() == text


GameMachine.TestCase.settings = settings(
    max_examples=EXAMPLES, stateful_step_count=STEPS, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_game_machine = GameMachine.TestCase


def test_machine_totals_report():
    """Prints the figures docs/reliability.md quotes (run with -s to see them)."""
    print(f"\nengine machine: {COUNTS}\nillegal actions refused, by kind: {KINDS}")
