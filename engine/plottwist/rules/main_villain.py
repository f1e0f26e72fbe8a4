"""Who is the Main Villain: a Crossover running out of Hate, the Main Villain leaving play and
the one who takes over (PT-XOVER-4, PT-XOVER-6, A-21)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from ..state import Character
from .heroics import power


def hate_spent(ctx: Ctx, ch: Character) -> None:
    """PT-XOVER-4: a Crossover Villain at 0 Hate Hides face down, out of play."""
    if ch.crossover and ch.in_play and (ch.hate or 0) <= 0:
        ch.in_play = False
        ch.out = "hidden"
        ctx.emit("villain", f"{ch.name} runs out of Hate and Hides (face down)")


def main_villain_left(ctx: Ctx, old: Character) -> None:
    """PT-XOVER-6, A-21: another Villain in play becomes Main and recovers its Hate; with
    several in play the GM chooses which (`ChooseMain`), nothing else proceeding until then."""
    old.main = False
    others = [v for v in ctx.state.villains() if v.id != old.id]
    if not others:
        return
    if len(others) > 1:
        ctx.state.main_pending = [v.id for v in others]
        ctx.emit("villain", f"{old.name} has left play: the GM chooses the new Main Villain")
        return
    promote(ctx, others[0])


def check_choose_main(ctx: Ctx, a: A.ChooseMain) -> Character:
    st = ctx.state
    if st.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if not st.main_pending:
        refuse("PT-XOVER-6", "the Main Villain is in play: there is no new one to choose")
    if a.seat != "gm":
        refuse("PT-XOVER-6", "the GM chooses which Villain becomes the Main Villain (A-21)")
    ch = st.characters.get(a.actor)
    if ch is None or a.actor not in st.main_pending or not ch.in_play:
        refuse("PT-XOVER-6", "choose one of the Villains in play")
    assert ch is not None
    return ch


def do_choose_main(ctx: Ctx, a: A.ChooseMain) -> None:
    ch = check_choose_main(ctx, a)
    ctx.state.main_pending = []
    promote(ctx, ch)


def promote(ctx: Ctx, new: Character) -> None:
    new.main = True
    new.crossover = False
    new.hate = max(new.hate or 0, power(ctx, new) * 3)
    ctx.emit("villain", f"{new.name} becomes the Main Villain with {new.hate} Hate")
