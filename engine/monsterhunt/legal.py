"""Every action a seat might take now, named for menus; Game.legal_actions keeps the legal."""

from __future__ import annotations

from . import actions as A
from . import cards as C
from .door import Door
from .rules import audience


def candidates(game: Door, seat: str) -> list[A.Action]:
    st = game.state

    def label(card: str) -> str:
        return C.label(st.faces[card])

    out: list[A.Action] = [A.Done(seat, text="Done")]
    if st.pending:
        card = label(st.pending[0]["card"])
        return [A.KeepLastCard(seat, True, text=f"Add {card} to the GM's Audience pool"),
                A.KeepLastCard(seat, False, text=f"Discard {card}")]
    hand = list(st.hand(seat).cards) if seat in st.seats else []
    if seat == "gm":
        for e in st.standing_enemies():
            for target in st.standing_heroes():
                for card in hand:
                    for power in (False, True):
                        aim = " (aiming)" if power else ""
                        out.append(A.EnemyAttack(seat, e.id, card, target.id, power,
                                                 text=f"{e.name} attacks {target.name} with "
                                                 f"{label(card)}{aim}"))
    else:
        for card in hand:
            out.append(A.Engage(seat, card, text=f"Place {label(card)} face down"))
            for e in st.standing_enemies():
                for power in (False, True):
                    aim = " (aiming)" if power else ""
                    out.append(A.HeroAttack(seat, card, e.id, power,
                                            text=f"Attack {e.name} with {label(card)}{aim}"))
        out += [A.Refresh(seat, text="Refresh"), A.UsePower(seat, text="Use Power")]
    foes = audience.foes(st, audience.side_of(seat))
    out.append(A.SpecialAttack(seat, "", text="Special Attack on every foe"))
    out += [A.SpecialAttack(seat, f.id, text=f"Special Attack on {f.name}") for f in foes]
    return out
