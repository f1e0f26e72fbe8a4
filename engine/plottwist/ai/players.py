"""Computer players: random, greedy (one ply) and search (flat Monte Carlo over worlds).

Every player decides through `decide(view, legal)`: `view` is `Game.view(seat)` and `legal`
is `Game.legal_actions(seat)`; nothing else of the game is given to it (`move` fetches
exactly those two). The greedy and search players rebuild possible games from the view
(world.determinise) and try their moves there.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine.core.errors import RuleViolation

from .. import actions as A
from ..agents import RandomAgent, seats_to_act
from ..game import Game
from .bystanders import counts_kills, each_bystander, hopeful
from .evaluate import DEFAULT, Weights, evaluate
from .explain import reason_for
from .playout import finish_combat, finish_turn, rollout
from .world import determinise, fork

View = Mapping[str, Any]


@dataclass
class Decision:
    action: A.Action
    reason: str                      # one line a player can read ("62% to hit, ...")
    value: float | None = None       # the expected value for the deciding side, -1 .. 1
    tried: int = 0                   # playouts or positions looked at


class Player(Protocol):
    name: str

    def move(self, game: Game, seat: str) -> Decision | None:
        """The move for `seat` now, or None when it has nothing to do."""


def side_of(view: View) -> str:
    return "villains" if view["viewer"] == "gm" else "heroes"


class ViewPlayer:
    """A player that sees only the view and the legal moves of its seat."""

    name = "view"

    def move(self, game: Game, seat: str) -> Decision | None:
        legal = game.legal_actions(seat)
        if not legal:
            return None
        return self.decide(game.view(seat, tracking=True), legal)

    def decide(self, view: View, legal: Sequence[A.Action]) -> Decision:
        raise NotImplementedError


class RandomPlayer:
    """The simulator's weighted random agent (tests/engine/test_agents.py): legal moves,
    no aim. It asks the game which of its candidates are legal, nothing more."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.agent = RandomAgent(seed)

    def move(self, game: Game, seat: str) -> Decision | None:
        a = self.agent.choose(game, seat)
        return None if a is None else Decision(a, "a random legal move")


class GreedyPlayer(ViewPlayer):
    """One ply: each legal move is tried in `samples` copies of one sampled world (the same
    coin seeds for every move, so they are compared on equal luck); a Combat it opens or
    continues is played to its end with the simple policy (best-odds Attack, else pass);
    the move whose result evaluates best is chosen."""

    name = "greedy"

    def __init__(self, catalog: Any, seed: int = 0, samples: int = 2) -> None:
        self.catalog = catalog
        self.rng = random.Random(seed)
        self.samples = samples

    def scores(self, view: View, legal: Sequence[A.Action], world: Game | None = None,
               weights: Weights = DEFAULT, spend: Weights | None = None,
               close: bool = False) -> list[float]:
        side = side_of(view)
        world = world or determinise(view, self.catalog, self.rng)
        seeds = [self.rng.getrandbits(32) for _ in range(self.samples)]
        out = []
        for a in legal:
            total, n = 0.0, 0
            for s in seeds:
                g = after(world, a, s, spend, close)
                if g is not None:
                    total += evaluate(g, side, weights)
                    n += 1
            out.append(total / n if n else -2.0)
        return out

    def decide(self, view: View, legal: Sequence[A.Action]) -> Decision:
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
        world = determinise(view, self.catalog, self.rng)
        scores = self.scores(view, legal, world)
        i = best_index(legal, scores)
        return Decision(legal[i], reason_for(world, legal[i], scores[i], scores),
                        scores[i], len(legal) * self.samples)


def after(world: Game, action: A.Action, seed: int,
          spend: Weights | None = None, close: bool = False) -> Game | None:
    """A copy of `world` with coins `seed`, after `action` and the Combat it opens or
    continues (played out with the simple policy, buying Boosts at `spend`'s prices if
    given, closing in on a Bystander if `close`); None when the action is refused there."""
    g = fork(world, seed)
    try:
        g.apply(action)
    except RuleViolation:
        return None
    finish_combat(g, random.Random(seed), spend=spend, close=close)
    return g


# A move that changes nothing measurable ties with passing; passing then keeps resources
# (Hate, Belief, Energy) for later instead of spending them on nothing.
PASS_BONUS = 0.003


def best_index(legal: Sequence[A.Action], scores: Sequence[float]) -> int:
    return max(range(len(legal)), key=lambda k: scores[k]
               + (PASS_BONUS if isinstance(legal[k], A.Pass) else 0.0))


@dataclass(frozen=True)
class Budget:
    """What a search may spend on one decision."""
    playouts: int
    seconds: float = 0.0        # 0: no clock (the simulator: same seed, same game)
    horizon: int = 0            # random actions after the Combat, before evaluating
    worlds: int = 8             # sampled worlds the playouts cycle through
    keep: int = 8               # moves kept after the greedy first look
    replies: int = 0            # greedy decisions (either side) played on in each playout
    reply_moves: int = 0        # moves a greedy reply tries (a sample, and Pass); 0: all
    replies_last: bool = False  # replies and `turn` only in the last halving phase (finalists)
    turn: int = 0               # playouts play on (simple policy) for this many more
                                # Combats, to the end of the Turn at most (0: no further)
    turn_all: bool = False      # ... or to the end of the Turn whatever their number
    spend: bool = False         # the Combats played out (first look, playouts) buy Boosts
    # the GM whose Threat counts Bystanders Killed goes after a Bystander only with a
    # character that could Attack it (ai/bystanders.py can_kill): a Combat it cannot
    # finish changes nothing, so the search need not rate it against passing (this,
    # `closing` and w_kill_odds are the GM's only: a search for the Heroes ignores them)
    sure_kills: bool = False
    # ... and its playouts close in on a Bystander with a Movement card when that is the
    # only way to Kill it (ai/playout.py simple_moves), so going after one is rated by the
    # Kill a person would make there, not by the Combat the simple policy cannot finish
    closing: bool = False
    # ... and may play any Bystander of its Plot Hand, not only the first (each_bystander)
    each_bystander: bool = False
    # the evaluation's weights (ai/evaluate.py Weights), so they can be tried from the
    # command line like any budget ("hard:w_bystanders=0.5")
    w_hero: float = DEFAULT.hero
    w_villain: float = DEFAULT.villain
    w_hate: float = DEFAULT.hate
    w_objective: float = DEFAULT.objective
    w_mooks: float = DEFAULT.mooks
    w_belief: float = DEFAULT.belief
    w_bystanders: float = DEFAULT.bystanders
    w_broke: float = DEFAULT.broke
    w_clock_slope: float = DEFAULT.clock_slope
    w_prizes: float = DEFAULT.prizes
    w_exposure: float = DEFAULT.exposure
    w_deadline: float = DEFAULT.deadline
    w_reach: float = DEFAULT.reach
    w_kill_odds: float = DEFAULT.kill_odds

    def weights(self) -> Weights:
        return Weights(hero=self.w_hero, villain=self.w_villain, hate=self.w_hate,
                       objective=self.w_objective, mooks=self.w_mooks,
                       belief=self.w_belief,
                       bystanders=self.w_bystanders, broke=self.w_broke,
                       clock_slope=self.w_clock_slope, prizes=self.w_prizes,
                       exposure=self.w_exposure, deadline=self.w_deadline,
                       reach=self.w_reach, kill_odds=self.w_kill_odds)


STRENGTHS: dict[str, Budget] = {
    "easy": Budget(playouts=8, seconds=0.3, horizon=0, worlds=2, keep=3),
    "normal": Budget(playouts=32, seconds=0.45, horizon=0, worlds=6, keep=6),
    # the Heroes' deadline weight (ai/deadline.py): measured better on 28 Nov (docs/ai.md),
    # the Heroes' evaluation only; and the GM's Bystander hunt (a GM whose Threat counts
    # Bystanders Killed; docs/ai.md "A GM that hunts Bystanders": 15 / 65 Feed the Furnace
    # games against 12 / 65 without it), the GM's only
    "hard": Budget(playouts=96, seconds=1.8, horizon=0, worlds=8, keep=8, w_deadline=2.0,
                   w_kill_odds=0.5, sure_kills=True, closing=True),
}


class SearchPlayer(ViewPlayer):
    """Flat Monte Carlo with determinisation, by sequential halving on equal luck: the
    greedy look keeps the `keep` best moves; then, phase by phase, every move still in the
    running is played out in the same sampled worlds (cycling through `worlds`) with the
    same coins, so moves are compared on equal luck; each phase drops the worse half. A
    playout plays the Combat out with the simple policy, then `replies` decisions of the
    greedy policy (whoever is to act), then (`turn`, `turn_all`) more of the Turn with the
    simple policy on both sides, then `horizon` random actions, and evaluates."""

    name = "search"

    def __init__(self, catalog: Any, budget: Budget, seed: int = 0) -> None:
        self.catalog = catalog
        self.budget = budget
        self.rng = random.Random(seed)
        self.greedy = GreedyPlayer(catalog, seed=seed + 1, samples=1)
        # the Bystander hunt (w_kill_odds, sure_kills, closing) is the GM's: a Hero's
        # worlds hold sampled Objectives, and its play stays as without them
        self.gm_weights = budget.weights()
        self.heroes_weights = replace(self.gm_weights, kill_odds=0.0)
        self.weights = self.gm_weights
        self.close = False          # this decision's playouts close in (Budget.closing)

    def decide(self, view: View, legal: Sequence[A.Action]) -> Decision:
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
        b = self.budget
        start = time.perf_counter()
        side = side_of(view)
        worlds = [determinise(view, self.catalog, self.rng) for _ in range(b.worlds)]
        gm = side == "villains"
        self.weights = self.gm_weights if gm else self.heroes_weights
        if b.each_bystander and gm and view.get("phase") == "start":
            legal = each_bystander(worlds[0], legal)
        if b.sure_kills and gm:
            legal = hopeful(worlds[0], legal)
            if len(legal) == 1:
                return Decision(legal[0], "the only move worth making")
        self.close = b.closing and gm and counts_kills(worlds[0])
        prior = self.greedy.scores(view, legal, worlds[0], self.weights,
                                   self.weights if b.spend else None, self.close)
        order = sorted(range(len(legal)), key=lambda k: -prior[k])
        keep = [k for k in order[: b.keep] if prior[k] > -2.0] or order[:1]
        if len(keep) == 1 or b.playouts <= 0:
            k = keep[0]
            return Decision(legal[k], reason_for(worlds[0], legal[k], prior[k], prior),
                            prior[k], len(legal))
        total = dict.fromkeys(keep, 0.0)
        visits = dict.fromkeys(keep, 0)
        agent = RandomAgent(self.rng.getrandbits(32))
        alive = list(keep)
        phases = max(1, math.ceil(math.log2(len(keep))))
        n = rounds = 0
        for phase in range(phases):
            if len(alive) == 1:
                break
            deep = not b.replies_last or phase == phases - 1 or len(alive) <= 2
            per_move = max(1, (b.playouts // phases) // len(alive))
            for _ in range(per_move):
                if b.seconds and rounds and time.perf_counter() - start > b.seconds:
                    break
                world = worlds[rounds % len(worlds)]
                seed = self.rng.getrandbits(32)
                rounds += 1
                for k in alive:
                    total[k] += self.playout(world, seed, legal[k], side, agent, deep)
                    visits[k] += 1
                    n += 1
            if phase < phases - 1:
                alive.sort(key=lambda k: -total[k] / max(visits[k], 1))
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        means = [total[k] / visits[k] if visits[k] else -2.0 for k in keep]
        # the moves played out longest (the last phase's) decide; a move dropped earlier
        # had fewer samples and is not preferred over them on a lucky mean
        final = [keep.index(k) for k in alive]
        best = max(final, key=lambda i: means[i]
                   + (PASS_BONUS if isinstance(legal[keep[i]], A.Pass) else 0.0))
        k = keep[best]
        return Decision(legal[k], reason_for(worlds[0], legal[k], means[best], means),
                        means[best], n)

    def playout(self, world: Game, seed: int, action: A.Action, side: str,
                agent: RandomAgent, deep: bool = True) -> float:
        g = after(world, action, seed, self.weights if self.budget.spend else None,
                  self.close)
        if g is None:
            return -2.0
        rng = random.Random(seed + 1)
        for _ in range(self.budget.replies if deep else 0):
            if g.winner is not None or not greedy_step(g, rng, self.budget.reply_moves,
                                                       self.weights):
                break
        if (self.budget.turn or self.budget.turn_all) and deep:
            finish_turn(g, rng, 0 if self.budget.turn_all else self.budget.turn,
                        spend=self.weights if self.budget.spend else None)
        if self.budget.horizon:
            rollout(g, agent, self.budget.horizon)
        return evaluate(g, side, self.weights)


def greedy_step(game: Game, rng: random.Random, sample: int = 0,
                weights: Weights = DEFAULT) -> bool:
    """One move of the greedy policy inside a playout (the world is whole there, so it
    scores the legal moves of the seats to act, on one coin seed: all of them, or `sample`
    of them and every Pass), the Combat it opens played out; False when nobody can act."""
    moves = [(seat, a) for seat in seats_to_act(game)
             for a in game.legal_actions(seat, labels=False)]
    if not moves:
        return False
    if sample and len(moves) > sample:
        passes = [m for m in moves if isinstance(m[1], A.Pass)]
        others = [m for m in moves if not isinstance(m[1], A.Pass)]
        moves = passes + rng.sample(others, min(sample, len(others)))
    seed = rng.getrandbits(32)
    best: tuple[float, A.Action] | None = None
    for seat, a in moves:
        g = after(game, a, seed)
        if g is None:
            continue
        v = evaluate(g, "villains" if seat == "gm" else "heroes", weights)
        v += PASS_BONUS if isinstance(a, A.Pass) else 0.0
        if best is None or v > best[0]:
            best = v, a
    if best is None:
        return False
    game.apply(best[1])
    finish_combat(game, rng)
    return True


def make_player(spec: str, catalog: Any, seed: int = 0, clock: bool = True) -> Any:
    """A player from its name: random | greedy | search[:PLAYOUTS] | easy | normal | hard;
    a search strength takes Budget fields after a colon, as tried in docs/ai.md
    ("hard:replies=1,worlds=4").

    clock=False drops the time limits, so the same seed plays the same game on any machine
    (the simulator, the bench); the table keeps them so a slow laptop never stalls."""
    name, _, arg = spec.partition(":")
    name = name.strip().lower()
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(catalog, seed)
    if name in STRENGTHS or name == "search":
        b = STRENGTHS["normal" if name == "search" else name]
        if arg and "=" not in arg:
            b = replace(b, playouts=int(arg), seconds=0.0)
        elif arg:
            b = replace(b, **_budget_fields(arg))
        return SearchPlayer(catalog, b if clock else replace(b, seconds=0.0), seed)
    raise ValueError(f"unknown player {spec!r}: random, greedy, search[:N], easy, normal, "
                     "hard (a strength may add Budget fields: hard:replies=1)")


def _budget_fields(arg: str) -> dict[str, Any]:
    kinds = {f: type(getattr(STRENGTHS["normal"], f)) for f in Budget.__dataclass_fields__}
    out: dict[str, Any] = {}
    for part in arg.split(","):
        k, _, v = part.partition("=")
        k = k.strip()
        if k not in kinds:
            raise ValueError(f"unknown budget field {k!r}: {', '.join(kinds)}")
        try:
            out[k] = v.strip().lower() in ("1", "true", "yes") if kinds[k] is bool \
                else kinds[k](v)
        except ValueError:
            raise ValueError(f"budget field {k} wants a number, not {v!r}") from None
    return out
