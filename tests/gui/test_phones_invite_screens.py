"""Inviting phones from where the group looks: the start screen's "Invite phones…" (once a
game is open) and the join codes shown big on the projector (docs/phones.md)."""

from __future__ import annotations

import pytest
import segno

from gui.games import GameSource
from gui.phones import invite_dialog
from gui.phones.invite_dialog import HIDE_CODES, SHOW_CODES, InviteDialog, PhoneSession
from gui.phones.projector_codes import ProjectorCodes
from gui.presentation import attach_presentation
from gui.qt import Qt
from gui.start_screen import NO_GAME_FOR_PHONES
from tests.gui.test_phones_gui import PhoneThread, _done


@pytest.fixture
def window(make_window, monkeypatch):
    monkeypatch.setattr(invite_dialog, "lan_addresses", lambda: ["127.0.0.1"])
    window = make_window(GameSource())
    yield window
    PhoneSession.of(window).stop()


def test_start_screen_invites_phones_once_a_game_is_open(window, qtbot):
    button = window.start.buttons["invite"]
    assert button.text() == "Invite phones…"
    # no game yet: the button is off and says why, in plain words
    assert not button.isEnabled()
    assert window.start.invite_info.isVisible()
    assert window.start.invite_info.text() == NO_GAME_FOR_PHONES
    assert button.toolTip() == NO_GAME_FOR_PHONES

    window.quick_game()
    window.show_start()
    assert window.stack.currentWidget() is window.start
    assert button.isEnabled() and not window.start.invite_info.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.findChild(InviteDialog)
    assert dialog is not None and dialog.isVisible()
    # the same dialog as Game → Invite phones, for the game left on the table
    assert PhoneSession.of(window).running_for(window.current_game())
    assert [box.seat for box in dialog.boxes] == ["gm", "p1", "p2", "p3"]


@pytest.fixture
def phones():
    thread = PhoneThread()
    yield thread
    thread.close()


def _projector_codes(window, qtbot):
    window.quick_game()
    window.projector = attach_presentation(window)
    window.invite_phones()
    dialog = window.findChild(InviteDialog)
    assert dialog.project.text() == SHOW_CODES
    qtbot.mouseClick(dialog.project, Qt.MouseButton.LeftButton)
    projector = window.projector.presentation
    assert projector is not None and projector.isVisible()
    projector.showNormal()
    projector.resize(1280, 720)   # a projector's picture
    codes = projector.findChild(ProjectorCodes)
    return dialog, projector, codes


def test_projector_shows_a_big_code_per_player_until_each_phone_joins(window, qtbot, phones,
                                                                      monkeypatch):
    dialog, projector, codes = _projector_codes(window, qtbot)
    server = PhoneSession.of(window).bridge.server
    assert dialog.project.text() == HIDE_CODES
    # over the whole projector: one code per Player seat, the GM's stays on the laptop
    assert codes.isVisible() and codes.geometry() == projector.rect()
    assert codes.codes_shown() == ["p1", "p2", "p3"]
    for seat in ("p1", "p2", "p3"):
        cell = codes.cells[seat]
        link = server.link(seat)
        assert cell.qr.text == link == cell.link.text()
        assert cell.title.text() == f"Player {seat[1:]}"
        modules = segno.make(link, error="m").matrix
        assert cell.qr.modules == [[bool(m) for m in row] for row in modules]
        # big: over half the projector's height, for the back of the room
        assert cell.qr.side() >= projector.height() // 2

    # a phone joins P1: its code leaves the projector at once
    url = f"ws://127.0.0.1:{server.port}/ws"
    held = [_done(qtbot, phones.open(url, server.tokens.token("p1")))]  # kept: they stay
    qtbot.waitUntil(lambda: codes.codes_shown() == ["p2", "p3"])
    # a new code for P2 shows on the projector too
    old = server.link("p2")
    dialog.boxes[2].reissue.click()
    assert codes.cells["p2"].qr.text == server.link("p2") != old
    # every shown seat joined: the projector shows the table again
    for seat in ("p2", "p3"):
        held.append(_done(qtbot, phones.open(url, server.tokens.token(seat))))
    qtbot.waitUntil(lambda: not codes.isVisible())
    assert codes.codes_shown() == [] and dialog.project.text() == SHOW_CODES
    # nobody left to invite: nothing is shown (a connected seat's code never is)
    told = []
    monkeypatch.setattr(invite_dialog.QtWidgets.QMessageBox, "information",
                        lambda _parent, _title, text: told.append(text))
    dialog.project.click()
    assert told == ["Every Player's phone has joined already."]
    assert not codes.isVisible() and dialog.project.text() == SHOW_CODES


def test_hide_or_closing_the_dialog_takes_the_codes_off_the_projector(window, qtbot):
    dialog, projector, codes = _projector_codes(window, qtbot)
    assert codes.codes_shown() == ["p1", "p2", "p3"]
    qtbot.mouseClick(dialog.project, Qt.MouseButton.LeftButton)
    assert not codes.isVisible() and dialog.project.text() == SHOW_CODES
    assert projector.isVisible()  # the table stays on the projector
    qtbot.mouseClick(dialog.project, Qt.MouseButton.LeftButton)
    codes = projector.findChild(ProjectorCodes)
    assert codes.codes_shown() == ["p1", "p2", "p3"]
    dialog.close()
    qtbot.waitUntil(lambda: not any(c.isVisible() for c in projector.findChildren(ProjectorCodes)))
