"""Interviews (PT-INTV, PT-SKILL-2/3, PT-KW-5, PT-FLEE-6/8, A-43)."""

from __future__ import annotations

from .. import actions as A
from ..context import Ctx, refuse
from ..state import Character
from .combat import end_combat
from .heroics import has_keyword, power
from .locations import next_conflict_location
from .lock import passive
from .resources import gain_energy, regenerate
from .rolls import chosen
from .turn import begin_turn
from .villain import recover_hate


def card_interview(ctx: Ctx) -> None:
    """PT-CONF-1, A-52: a card effect ends the Conflict and starts an Interview, as after a
    Flee without Pursuit (the Villains stay where they are; no Lair is involved)."""
    st = ctx.state
    st.interview_requested = False
    if st.winner is not None or st.phase in ("interview", "pursuit"):
        return
    if st.combat is not None:

        end_combat(ctx)                     # PT-COMBAT-12, PT-CDECK-3: its redraw still happens
    st.conflict += 1
    begin_interview(ctx, "A card ends the Conflict")


def begin_interview(ctx: Ctx, why: str = "No Pursuit") -> None:
    """PT-INTV-3: one question per Location in play and per Event Revealed, plus cards'."""
    st = ctx.state
    # every Location in play, the Lair excluded
    count = len(st.locations_in_play()) + len(st.zones["events_revealed"]) + st.extra_questions
    st.extra_questions = 0
    st.combat = None
    ctx.emit("interview", f"{why}: the Conflict ends and an Interview begins "
                          f"({count} question(s))")
    if count == 0:
        end_interview(ctx)
        return
    st.phase = "interview"
    st.questions_left = count


def end_interview(ctx: Ctx) -> None:

    st = ctx.state
    st.questions_left = 0
    for h in st.heroes():
        if passive(ctx, h, "Spirit of the Night", pay=True):  # PT-KW-5, A-43, PT-LOCK-1
            gain_energy(h, power(ctx, h))

    next_conflict_location(ctx)                               # PT-FLEE-8: the GM's pick
    recover_hate(ctx)                                         # PT-FLEE-8, A-21, A-33
    ctx.emit("conflict", f"The Interview ends; Conflict {st.conflict} begins")
    st.turn += 1
    begin_turn(ctx)


def _in_interview(ctx: Ctx) -> None:
    if ctx.state.winner is not None:
        refuse("PT-GOAL-4", "the game is over")
    if ctx.state.main_pending:
        refuse("PT-XOVER-6", "the GM first chooses the new Main Villain (A-21)")
    if ctx.state.phase != "interview":
        refuse("PT-INTV-1", "there is no Interview under way")


def check_answer(ctx: Ctx, a: A.Answer) -> Character:
    _in_interview(ctx)
    st = ctx.state
    ch = ctx.char(a.actor, "PT-INTV-2")
    if ch.seat != a.seat or ch.side != "heroes" or not ch.in_play:
        refuse("PT-INTV-2", "each question is answered by a Hero in play of that Player")
    if a.skill not in ("apologist", "public_relations"):
        refuse("PT-INTV-2", "questions are answered with Apologist or Public Relations")
    if a.number < 1:
        refuse("PT-ROLL-5", "name a number of at least 1")
    if a.skill == "apologist":
        t = st.characters.get(a.target)
        if t is not None and t.side == "villains":
            refuse("PT-FLEE-7", "out of a Conflict Villains gain no counters but Hate")
        if t is None or t.side != "heroes" or not t.in_play:
            refuse("PT-SKILL-2", "Apologist Regenerates the Social Stress of a Hero in play")
    else:
        if len(a.targets) != a.number:
            refuse("PT-SKILL-3", "list one Hero per Energy point to distribute")
        for ident in a.targets:
            t = st.characters.get(ident)
            if t is None or t.side != "heroes" or not t.in_play:
                refuse("PT-SKILL-3", "Energy goes to Heroes in play")
            if has_keyword(ctx, t, "Spirit of the Night"):
                refuse("PT-SKILL-3", f"{t.name} is a Spirit of the Night (PT-KW-5)")
    return ch


def do_answer(ctx: Ctx, a: A.Answer) -> None:

    ch = check_answer(ctx, a)
    st = ctx.state
    label = "Apologist" if a.skill == "apologist" else "Public Relations"
    rec = chosen(ctx, ch, "charm", a.skill, a.number, f"{label} (naming {a.number})")
    if rec["won"]:
        if a.skill == "apologist":
            t = st.characters[a.target]
            got = regenerate(t, "social", a.number)
            ctx.emit("interview", f"{t.name} Regenerates {got} Social Stress")
        else:
            for ident in a.targets:
                gain_energy(st.characters[ident], 1)          # lost at 0 Social
            ctx.emit("interview", f"{ch.name} distributes {a.number} Energy")
    else:
        ctx.emit("interview", f"{ch.name}'s answer falls flat")
    st.questions_left -= 1
    if st.questions_left <= 0:
        end_interview(ctx)


def check_ask(ctx: Ctx, a: A.AskQuestion) -> None:
    _in_interview(ctx)
    if a.seat != "gm":
        refuse("PT-INTV-4", "the GM's Reporter asks the questions")


def do_ask(ctx: Ctx, a: A.AskQuestion) -> None:
    check_ask(ctx, a)
    ctx.state.questions_left += 1
    ctx.emit("interview", "The Reporter asks another question")
