"""Playing on from a position inside the computer's search: fast, simple policies.

`simple_moves` is the greedy agent's idea of the rest of a Combat: attack with the type
that takes the largest share of the target's Stress, otherwise pass. With `spend` (the
search's Budget.spend) it buys coins and Automatic Successes with Energy and Belief first,
while the Attack's odds say each is worth its price in the evaluation's own terms
(`boosted_attack`), so a search sees a Hero's one big bought-up Attack before it is
bought. The Greedy player itself never spends in its Combats: it stays the yardstick.
`finish_turn` plays on to the End of the Turn with the same policy on both sides, each seat
initiating the Combat its odds rate best (so a playout sees the other side's answer within the
Turn, and the rest of its own side's Attacks). `rollout` plays a few dozen actions with the
weighted random agent.
"""

from __future__ import annotations

import random

from engine.core.errors import RuleViolation

from .. import actions as A
from ..agents import RandomAgent, seats_to_act
from ..game import Game
from ..rules.attacks import ATTACK_TYPES, heroic_permits
from ..rules.combat import combatant_of_seat
from ..rules.heroics import power
from .bystanders import close_in
from .evaluate import BOTH, SOCIAL, WEAKEST, Weights
from .odds import AttackOdds, attack_odds, pair_odds

# what each Boost adds to the Attack's odds: (attack coins, attack autos, damage coins,
# damage autos); Energy buys a coin (PT-ENER-6), Belief an Automatic Success (PT-BEL-7)
BOOSTS: tuple[tuple[str, str, tuple[int, int, int, int]], ...] = (
    ("belief", "attack", (0, 1, 0, 0)), ("energy", "attack", (1, 0, 0, 0)),
    ("belief", "damage", (0, 0, 0, 1)), ("energy", "damage", (0, 0, 1, 0)))


def attack_choices(game: Game, seat: str, bought: bool = False
                   ) -> list[tuple[A.Attack, AttackOdds | None]]:
    """The legal plain Attacks (no card, no Trauma) of `seat`'s combatant and their odds
    (None against a Bystander); `bought`: the Damage Boosts already bought count."""
    st = game.state
    cb = st.combat
    if cb is None or cb.step != "attack":
        return []
    ch = combatant_of_seat(game._ctx(), seat)
    if ch is None or ch.attack < 1:
        return []
    out: list[tuple[A.Attack, AttackOdds | None]] = []
    for t in ATTACK_TYPES:
        a = A.Attack(seat, actor=ch.id, attack_type=t)
        if game.is_legal(a):
            out.append((a, attack_odds(game, ch.id, t, (0, 0, 0, 0) if bought else None)))
    return out


def best_attack(game: Game, seat: str) -> tuple[A.Attack, AttackOdds] | None:
    """The plain Attack (no card, no Trauma) of `seat`'s combatant with the best odds."""
    best: tuple[A.Attack, AttackOdds] | None = None
    for a, odds in attack_choices(game, seat):
        if odds is None:                         # a Bystander: any legal type will do
            return a, AttackOdds(a.attack_type, 0.5, 1.0, "life", 1)
        if best is None or odds.value > best[1].value:
            best = a, odds
    return best


def attack_worth(game: Game, odds: AttackOdds, target_id: str, w: Weights) -> float:
    """What an Attack with these odds adds to the evaluation (ai/evaluate.py) of its side,
    in expectation: the target's vitality it takes (the weaker of Physical and Mental
    counts WEAKEST + BOTH / 2 in `vitality`, the other BOTH / 2, Social SOCIAL), and,
    against the Main Villain, the won game that taking all its Physical or Mental is (PT-RES-6)."""
    st = game.state
    target = st.characters[target_id]
    share, out = odds.spread()
    if odds.resistance == "quantity":
        return odds.p_hit * share * w.mooks
    res = odds.resistance
    frac = odds.left / max(target.maxes.get(res, 0), 1)
    weight = SOCIAL
    if res in ("physical", "mental"):
        other = "mental" if res == "physical" else "physical"
        weaker = frac <= target.stress.get(other, 0) / max(target.maxes.get(other, 0), 1)
        weight = BOTH / 2 + (WEAKEST if weaker else 0.0)
    if target.side == "heroes":
        heroes = sum(1 for c in st.characters.values() if c.role == "hero")
        return odds.p_hit * share * frac * weight * w.hero / max(heroes, 1)
    worth = odds.p_hit * share * frac * weight * w.villain
    if target.main and res != "social":
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


def boosted_attack(game: Game, seat: str, w: Weights) -> list[A.Action]:
    """`seat`'s Attack with the Boosts worth buying for it, in order ([] when no Attack
    is worth making): for each Attack type, Boosts are bought one at a time, each time
    the one that adds most to the Attack's worth over its price (a coin or an Automatic
    Success on the Attack or the Damage Roll), while one adds more than it costs and the
    Energy (at most Power a Turn, PT-ENER-4) and Belief last; the type worth most net of
    what it spends is made."""
    choices = attack_choices(game, seat, bought=True)
    if not choices:
        return []
    first, odds0 = choices[0]
    if odds0 is None:                            # a Bystander: any legal type will do
        return [first]
    ch = game.state.characters[first.actor]
    cb = game.state.combat
    assert cb is not None
    target = cb.defender if ch.id == cb.attacker else cb.attacker
    price = {"belief": boost_price(game, ch.id, "belief", w),
             "energy": boost_price(game, ch.id, "energy", w)}
    energy0 = min(ch.energy, power(game._ctx(), ch) - ch.energy_spent)
    best: tuple[float, list[A.Action]] | None = None
    for attack, odds in choices:
        if odds is None:
            continue
        belief, energy = ch.belief or 0, energy0
        now = attack_worth(game, odds, target, w)
        net = now
        plan: list[A.Action] = []
        while belief > 0 or energy > 0:
            step: tuple[float, str, str, AttackOdds] | None = None
            for pay, roll, extra in BOOSTS:
                if (belief if pay == "belief" else energy) < 1:
                    continue
                more = odds.boosted(extra)
                gain = attack_worth(game, more, target, w) - now - price[pay]
                if gain > 0 and (step is None or gain > step[0]):
                    step = gain, pay, roll, more
            if step is None:
                break
            gain, pay, roll, odds = step
            now, net = now + gain + price[pay], net + gain
            if pay == "belief":
                belief -= 1
            else:
                energy -= 1
            plan.append(A.Boost(seat, actor=ch.id, pay=pay, roll=roll))
        if net > 0 and (best is None or net > best[0]):
            best = net, [*plan, attack]
    return [] if best is None else best[1]


def simple_moves(game: Game, seat: str, fallback: RandomAgent,
                 spend: Weights | None = None, close: bool = False) -> list[A.Action]:
    """The simple policy's next moves for `seat`: the best-odds Attack (or, when `spend`
    gives the evaluation's weights to price Boosts with, the Attack worth most with the
    Boosts worth buying for it, those first), else a pass, else a weighted random move.
    `close`: a Villain or Mook that went after a Bystander it can Kill only at Melee plays
    a Movement card to close in first (`close_in`)."""
    if game.state.combat is not None:
        if close:
            card = close_in(game, seat)
            if card is not None:
                return [card]
        if spend is not None:
            moves = boosted_attack(game, seat, spend)
            if moves:
                return moves
        else:
            hit = best_attack(game, seat)
            if hit is not None and hit[1].value > 0:
                return [hit[0]]
        p = A.Pass(seat)
        if game.is_legal(p):
            return [p]
    a = fallback.choose(game, seat)
    return [] if a is None else [a]


def finish_combat(game: Game, rng: random.Random, limit: int = 40,
                  spend: Weights | None = None, close: bool = False) -> None:
    """Play the Combat under way (if any) to its end with `simple_moves` on both sides
    (`spend`: buying Boosts at these weights' prices; a Boost is not counted in `limit`;
    `close`: closing in on a Bystander, as `simple_moves` says)."""
    fallback = RandomAgent(rng.getrandbits(32))
    for _ in range(limit):
        if game.state.combat is None or game.winner is not None:
            return
        for seat in seats_to_act(game):
            moves = simple_moves(game, seat, fallback, spend, close)
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


# a Combat with a Bystander, rated below most Attacks on a character (a hit takes 0.1 – 0.4
# of the target's Stress): the evaluation's Bystander term prices its Recruit or Kill, and
# a playout where every seat goes after the same Bystander first sees no other Combat
BYSTANDER_VALUE = 0.1


def initiative_move(game: Game, seat: str) -> A.Action | None:
    """The simple policy outside a Combat, while `seat` may act in the Combat phase: the
    Combat whose best plain Attack type (the type's Heroic permitting, A-23) takes the
    largest share of its target's Stress, else a pass; None when neither is legal."""
    st = game.state
    best: tuple[float, A.Action] | None = None
    if st.phase == "combat":
        ctx = game._ctx()
        chars = st.characters
        for a in game.legal_actions(seat, labels=False):
            if not isinstance(a, A.InitiateCombat):
                continue
            target = chars.get(a.target)
            if target is None:
                value = BYSTANDER_VALUE
            else:
                ch = chars[a.actor]
                value = max((pair_odds(game, ch, target, t).value for t in ATTACK_TYPES
                             if heroic_permits(ctx, ch, t)),
                            default=0.0)
            if value > 0 and (best is None or value > best[0]):
                best = value, a
    if best is not None:
        return best[1]
    p = A.Pass(seat)
    return p if game.is_legal(p) else None


def finish_turn(game: Game, rng: random.Random, combats: int = 0, limit: int = 60,
                spend: Weights | None = None) -> None:
    """Play on to the end of the Turn under way (the next Turn begun, or the game over)
    with the simple policy on both sides: each Combat played out as `finish_combat` does,
    outside one each seat initiates its best-rated Combat or passes (`initiative_move`),
    and whatever else comes up (a pending choice, a Pursuit) is a weighted random move.
    `combats`: stop once that many more Combats are over (0: no such stop), so a search
    can buy the other side's answer without the whole Turn's cost; `limit` bounds the
    moves outside Combats."""
    turn = game.state.turn
    fallback = RandomAgent(rng.getrandbits(32))
    for _ in range(limit):
        if game.winner is not None or game.state.turn != turn:
            return
        if game.state.combat is not None:
            finish_combat(game, rng, spend=spend)
            if game.state.combat is not None:     # stuck past finish_combat's limit
                return
            combats -= 1
            if combats == 0:
                return
            continue
        st = game.state
        plain = not (st.main_pending or st.target_pending or st.relocate_pending
                     or st.twist_pending or st.phase in ("pursuit", "interview"))
        for seat in seats_to_act(game):
            a = initiative_move(game, seat) if plain else fallback.choose(game, seat)
            if a is None:
                continue
            try:
                game.apply(a)
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
