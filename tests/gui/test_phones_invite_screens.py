"""Inviting phones from where the group looks: the start screen's "Invite phones…" (once a
game is open) and the join codes shown big on the projector (docs/phones.md)."""

from __future__ import annotations

import pytest

from gui.games import GameSource
from gui.phones import invite_dialog
from gui.phones.invite_dialog import InviteDialog, PhoneSession
from gui.start_screen import NO_GAME_FOR_PHONES


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
    qtbot.mouseClick(button, invite_dialog.Qt.MouseButton.LeftButton)
    dialog = window.findChild(InviteDialog)
    assert dialog is not None and dialog.isVisible()
    # the same dialog as Game → Invite phones, for the game left on the table
    assert PhoneSession.of(window).running_for(window.current_game())
    assert [box.seat for box in dialog.boxes] == ["gm", "p1", "p2", "p3"]
