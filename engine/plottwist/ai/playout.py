"""Playing on from a position inside the computer's search: fast, simple policies.

`simple_move` is the greedy agent's idea of the rest of a Combat: attack with the type that
takes the largest share of the target's Stress, otherwise pass. With `spend` it first buys
coins and Automatic Successes with Energy and Belief while the Attack's odds say they are
worth their price (`boost_for`), so a search sees a Hero's one big boosted Attack before
it is bought. `rollout` plays a few dozen actions with the weighted random agent, which the
search averages over many times.
"""

from __future__ import annotations

import random

from engine.core.errors import RuleViolation

from .. import actions as A
from ..agents import RandomAgent, seats_to_act
from ..game import Game
from ..rules.attacks import ATTACK_TYPES
from ..rules.combat import combatant_of_seat
from ..rules.heroics import power
from .evaluate import DEFAULT, Weights
from .odds import AttackOdds, attack_odds

# what each Boost adds to the Attack's odds: (attack coins, attack autos, damage coins,
# damage autos); Energy buys a coin (PT-ENER-6), Belief an Automatic Success (PT-BEL-7)
BOOSTS: tuple[tuple[str, str, tuple[int, int, int, int]], ...] = (
    ("belief", "attack", (0, 1, 0, 0)), ("energy", "attack", (1, 0, 0, 0)),
    ("belief", "damage", (0, 0, 0, 1)), ("energy", "damage", (0, 0, 1, 0)))


def best_attack(game: Game, seat: str) -> tuple[A.Attack, AttackOdds] | None:
    """The plain Attack (no card, no Trauma) of `seat`'s combatant with the best odds."""
    st = game.state
    cb = st.combat
    if cb is None or cb.step != "attack":
        return None
    ch = combatant_of_seat(game._ctx(), seat)
    if ch is None or ch.attack < 1:
        return None
    best: tuple[A.Attack, AttackOdds] | None = None
    for t in ATTACK_TYPES:
        a = A.Attack(seat, actor=ch.id, attack_type=t)
        if not game.is_legal(a):
            continue
        odds = attack_odds(game, ch.id, t)
        if odds is None:                         # a Bystander: any legal type will do
            return a, AttackOdds(t, 0.5, 1.0, "life", 1)
        if best is None or odds.value > best[1].value:
            best = a, odds
    return best


def attack_worth(game: Game, odds: AttackOdds, target_id: str, w: Weights) -> float:
    """What an Attack with these odds adds to the evaluation (ai/evaluate.py) of its side,
    in expectation: the target's vitality it takes (its weakest Resistance counts 0.6 + a
    quarter of the mean there), and, against the Main Villain, the won game that taking
    all its Stress is (PT-RES-6)."""
    st = game.state
    target = st.characters[target_id]
    share, out = odds.spread()
    if odds.resistance == "quantity":
        return odds.p_hit * share * w.mooks
    frac = odds.left / max(target.maxes.get(odds.resistance, 0), 1)
    if target.side == "heroes":
        heroes = sum(1 for c in st.characters.values() if c.role == "hero")
        return odds.p_hit * share * frac * 0.725 * w.hero / max(heroes, 1)
    worth = odds.p_hit * share * frac * 0.725 * w.villain
    if target.main and odds.resistance != "social":
        worth += odds.p_hit * out * (1.0 - w.villain)
    return worth


def boost_price(game: Game, actor: str, pay: str, w: Weights) -> float:
    """What 1 Belief or 1 Energy of `actor` is worth in the evaluation: a Hero's share of
    the Heroes' mean Belief and Energy terms; a Villain's Energy is not scored there."""
    st = game.state
    ch = st.characters[actor]
    if ch.side != "heroes":
        return 0.0
    alive = max(sum(1 for c in st.characters.values() if c.role == "hero" and c.in_play), 1)
    if pay == "belief":
        return w.belief / max(ch.maxes.get("belief", 0), 1) / alive
    return w.energy / max(power(game._ctx(), ch) * 3, 1) / alive


def boosts_for(game: Game, seat: str, hit: tuple[A.Attack, AttackOdds],
               w: Weights = DEFAULT) -> list[A.Boost]:
    """The Boosts to buy before this Attack, in order: each time the one that adds most to
    the Attack's worth over its price (a coin or an Automatic Success on the Attack or the
    Damage Roll), while one adds more than it costs and the Energy (at most Power a Turn,
    PT-ENER-4) and Belief last."""
    attack, _ = hit
    ch = game.state.characters[attack.actor]
    cb = game.state.combat
    energy = min(ch.energy, power(game._ctx(), ch) - ch.energy_spent)
    belief = ch.belief or 0
    if cb is None or (belief < 1 and energy < 1):
        return []
    target = cb.defender if attack.actor == cb.attacker else cb.attacker
    odds = attack_odds(game, attack.actor, attack.attack_type, (0, 0, 0, 0))
    if odds is None:
        return []
    price = {"belief": boost_price(game, ch.id, "belief", w),
             "energy": boost_price(game, ch.id, "energy", w)}
    now = attack_worth(game, odds, target, w)
    plan: list[A.Boost] = []
    while belief > 0 or energy > 0:
        best: tuple[float, str, str, AttackOdds] | None = None
        for pay, roll, extra in BOOSTS:
            if (belief if pay == "belief" else energy) < 1:
                continue
            more = odds.boosted(extra)
            gain = attack_worth(game, more, target, w) - now - price[pay]
            if gain > 0 and (best is None or gain > best[0]):
                best = gain, pay, roll, more
        if best is None:
            break
        _, pay, roll, odds = best
        now = attack_worth(game, odds, target, w)
        if pay == "belief":
            belief -= 1
        else:
            energy -= 1
        plan.append(A.Boost(seat, actor=ch.id, pay=pay, roll=roll))
    return plan


def simple_moves(game: Game, seat: str, fallback: RandomAgent,
                 spend: Weights | None = None) -> list[A.Action]:
    """The simple policy's next moves for `seat`: the best-odds Attack (after the Boosts
    worth buying for it, when `spend` gives the evaluation's weights to price them), else
    a pass, else a weighted random move."""
    if game.state.combat is not None:
        hit = best_attack(game, seat)
        if hit is not None and hit[1].value > 0:
            if spend is not None:
                return [*boosts_for(game, seat, hit, spend), hit[0]]
            return [hit[0]]
        p = A.Pass(seat)
        if game.is_legal(p):
            return [p]
    a = fallback.choose(game, seat)
    return [] if a is None else [a]


def finish_combat(game: Game, rng: random.Random, limit: int = 40,
                  spend: Weights | None = None) -> None:
    """Play the Combat under way (if any) to its end with `simple_moves` on both sides
    (`spend`: buying Boosts at these weights' prices; a Boost is not counted in `limit`)."""
    fallback = RandomAgent(rng.getrandbits(32))
    for _ in range(limit):
        if game.state.combat is None or game.winner is not None:
            return
        for seat in seats_to_act(game):
            moves = simple_moves(game, seat, fallback, spend)
            for a in moves[:-1]:                  # the Boosts: one refused is skipped
                try:
                    game.apply(a)
                except RuleViolation:
                    pass
            if moves:
                try:
                    game.apply(moves[-1])
                except RuleViolation:
                    continue
                break
        else:
            return


def rollout(game: Game, agent: RandomAgent, horizon: int) -> None:
    """Up to `horizon` actions of weighted random play (both sides)."""
    for _ in range(horizon):
        if game.winner is not None:
            return
        action = agent.act(game)
        if action is None:
            return
        game.apply(action, checked=agent.checked)
