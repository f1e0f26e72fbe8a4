"""New game: the rulebook's eight setup steps, one page each (PT-SETUP-1..8).

Every pick is checked by the engine (``engine.plottwist.setup_picks``) before it is taken;
the last page builds the engine's ``Setup``, runs ``rules.setup.validate`` and starts
``Game.new(setup)`` with the chosen coin seed. ``run_new_game_wizard`` is the main window's
door (through ``gui.wizard``): the new Game, or None when the GM cancels.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.core.errors import RuleViolation
from engine.plottwist import setup_picks as P
from engine.plottwist.objective_fit import plots_wanted
from gui.plain_text import escape, plain_label, tooltip
from gui.qt import Qt, QtWidgets
from gui.screen_fit import resize_to_screen
from gui.wizard.pick import PickPanel, cards_of, refusal_text
from gui.words import count as counted

STEPS = (
    ("1 · The GM's side", "PT-SETUP-1",
     "The GM puts into play his Main Villain, its Equipment, his Mooks and the first "
     "Location, and his Objective face-down."),
    ("2 · Heroes", "PT-SETUP-2",
     "Each Player puts his Hero and its Equipment on the table."),
    ("3 · Plot Hands", "PT-SETUP-3",
     "Every Player and the GM choose 5 Plots or Characters, one copy of each (PT-PLOT-1)."),
    ("4 · Combat Decks", "PT-SETUP-4",
     "Every Player and the GM choose 10 Combat cards their characters' Colors allow "
     "(PT-CDECK-1, PT-COLOR-4). The GM's deck serves the Villain and the Mooks (A-48)."),
    ("5 · Twists!", "PT-SETUP-5",
     "The Players, as a group, choose the 10 cards of the Twists! deck (PT-TWIST-1)."),
    ("6 · Events", "PT-SETUP-6",
     "The GM chooses 5 Events for the Events Cluster, face-down (PT-EVENT-1)."),
    ("7 · Belief → Hate", "PT-SETUP-7",
     "Each Hero loses 1 Belief; the Main Villain gains as much Hate."),
    ("8 · Start", "PT-SETUP-8",
     "Check the table and start. Reference cards are built in."),
)
OBJECTIVE_NOTE = ("GM only: the Objective goes on the table face-down. Its face is shown "
                  "here so the GM can choose; it is hidden from the players at the table.")
EVENTS_NOTE = "GM only: Events stay face-down until the GM reveals them."


class NewGameWizard(QtWidgets.QDialog):
    def __init__(self, catalog: Any, parent: QtWidgets.QWidget | None = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setObjectName("newGameWizard")
        self.catalog = catalog
        self.rng = rng or random.Random()
        self.game: Any = None
        self.setup: Any = None
        self.panels: list[PickPanel] = []
        self._tab_labels: list[tuple[QtWidgets.QTabWidget, int, str, list[PickPanel]]] = []
        self.step = 0
        self._busy = False

        self.step_list = QtWidgets.QListWidget()
        self.step_list.setObjectName("steps")
        self.step_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.step_list.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.step_list.setFixedWidth(190)
        for title, _clause, _text in STEPS:
            self.step_list.addItem(title)
        self.step_list.itemClicked.connect(self._step_clicked)
        self.step_title = QtWidgets.QLabel()
        self.step_title.setTextFormat(Qt.TextFormat.RichText)  # templates, data escaped
        self.step_title.setObjectName("stepTitle")
        self.step_title.setWordWrap(True)
        self.stack = QtWidgets.QStackedWidget()

        self.back_button = QtWidgets.QPushButton("< Back")
        self.back_button.clicked.connect(self.back)
        self.next_button = QtWidgets.QPushButton("Next >")
        self.next_button.setObjectName("next")
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.next)
        self.cancel_button = QtWidgets.QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.reject)
        self.deal_button = QtWidgets.QPushButton("Deal the whole table at random")
        self.deal_button.setObjectName("dealAll")
        self.deal_button.setToolTip("The engine's quick deal replaces every pick of every "
                                    "step; change any of them afterwards")
        self.deal_button.clicked.connect(self.deal_all)
        self.fill_step_button = QtWidgets.QPushButton("Fill the rest of this step at random")
        self.fill_step_button.setObjectName("fillStep")
        self.fill_step_button.setToolTip("Complete every unfinished pick of this step with "
                                         "random cards the rules allow; finished ones stay")
        self.fill_step_button.clicked.connect(self.fill_step)
        self.missing_label = plain_label()
        self.missing_label.setObjectName("missing")
        self.missing_label.setWordWrap(True)
        self.missing_label.setStyleSheet("color: #6b4a00;")

        self._build_pages()

        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.missing_label, 1)
        buttons.addWidget(self.deal_button)
        buttons.addWidget(self.fill_step_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        right = QtWidgets.QVBoxLayout()
        right.addWidget(self.step_title)
        # the pages scroll on a small screen (1366×768): the buttons below stay in reach
        pages = QtWidgets.QScrollArea()
        pages.setObjectName("wizardPages")
        pages.setWidgetResizable(True)
        pages.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        pages.setWidget(self.stack)
        right.addWidget(pages, 1)
        right.addLayout(buttons)
        layout = QtWidgets.QHBoxLayout(self)
        layout.addWidget(self.step_list)
        layout.addLayout(right, 1)
        resize_to_screen(self, 1280, 820)
        self.go(0)

    # ================================================================== pages
    def _panel(self, title: str, kinds: tuple[str, ...], check: Any, **kw: Any) -> PickPanel:
        panel = PickPanel(title, cards_of(self.catalog, kinds), check, rng=self.rng, **kw)
        panel.changed.connect(self._changed)
        self.panels.append(panel)
        return panel

    def _page(self, *widgets: QtWidgets.QWidget) -> QtWidgets.QWidget:
        page = QtWidgets.QWidget()
        box = QtWidgets.QVBoxLayout(page)
        box.setContentsMargins(0, 0, 0, 0)
        for w in widgets:
            box.addWidget(w, 1 if isinstance(w, QtWidgets.QTabWidget | PickPanel) else 0)
        self.stack.addWidget(page)
        return page

    def _tabs(self, name: str, pages: list[tuple[str, QtWidgets.QWidget]]) -> QtWidgets.QTabWidget:
        tabs = QtWidgets.QTabWidget()
        tabs.setObjectName(name)
        for label, w in pages:
            index = tabs.addTab(w, label)
            panels = [w] if isinstance(w, PickPanel) else w.findChildren(PickPanel)
            self._tab_labels.append((tabs, index, label, panels))
        return tabs

    def _build_pages(self) -> None:
        seats = P.SEATS
        # step 1 -----------------------------------------------------------------------
        self.villain = self._panel(
            "Main Villain", ("villain",),
            lambda _c, card: P.check_villain_pick(self.partial(), card), capacity=1,
            single=True)
        self.villain_equipment = self._panel(
            "Main Villain's Equipment", ("equipment",),
            lambda _c, card: P.check_equipment_pick(self.partial(), self.villain.value(),
                                                    card), capacity=None, fill_to=1)
        self.mooks = self._panel(
            "Mooks", ("mook",),
            lambda chosen, card: P.check_mook_pick(replace(self.partial(), mooks=chosen), card),
            capacity=None, fill_to=2)
        self.location = self._panel(
            "First Location", ("location",),
            lambda _c, card: P.check_location_pick(self.partial(), card), capacity=1,
            single=True)
        self.objective = self._panel(
            "Objective (face-down)", ("objective",),
            lambda _c, card: P.check_objective_pick(self.partial(), card), capacity=1,
            single=True, note=OBJECTIVE_NOTE)
        self.gm_tabs = self._tabs("gmTabs", [
            ("Main Villain", self.villain), ("Equipment", self.villain_equipment),
            ("Mooks", self.mooks), ("First Location", self.location),
            ("Objective", self.objective)])
        self._page(self.gm_tabs)
        # step 2 -----------------------------------------------------------------------
        self.players = QtWidgets.QSpinBox()
        self.players.setObjectName("players")
        self.players.setRange(1, 4)
        self.players.setValue(1)
        self.players.setAccessibleName("Number of Players")
        self.players.valueChanged.connect(self._players_changed)
        self.hero_panels: dict[str, PickPanel] = {}
        self.hero_equipment: dict[str, PickPanel] = {}
        hero_pages = []
        for seat in seats:
            self.hero_panels[seat] = self._panel(
                f"{seat.upper()}'s Hero", ("hero",),
                lambda _c, card, s=seat: P.check_hero_pick(self.partial(), s, card),
                capacity=1, single=True)
            self.hero_equipment[seat] = self._panel(
                f"{seat.upper()}'s Equipment", ("equipment",),
                lambda _c, card, s=seat: P.check_equipment_pick(
                    self.partial(), self.hero_panels[s].value(), card),
                capacity=None, fill_to=1)
            box = QtWidgets.QWidget()
            lay = QtWidgets.QVBoxLayout(box)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.addWidget(self.hero_panels[seat], 1)
            lay.addWidget(self.hero_equipment[seat], 1)
            hero_pages.append((f"Player {seat[1]}", box))
        self.hero_tabs = self._tabs("heroTabs", hero_pages)
        count = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(count)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QtWidgets.QLabel("Players (one Hero each):"))
        row.addWidget(self.players)
        row.addWidget(QtWidgets.QLabel("The GM plays the Villains; choose how many Players "
                                       "sit at the table first."))
        row.addStretch(1)
        self._page(count, self.hero_tabs)
        # step 3 -----------------------------------------------------------------------
        self.plot_panels: dict[str, PickPanel] = {}
        for seat in ("gm", *seats):
            kinds = P.GM_PLOT_KINDS if seat == "gm" else P.PLAYER_PLOT_KINDS
            self.plot_panels[seat] = self._panel(
                f"{self._who(seat)} Plot Hand", kinds,
                lambda chosen, card, s=seat: P.check_plot_pick(
                    chosen, card, "gm" if s == "gm" else "heroes", self._owner(s)),
                capacity=P.PLOT_HAND_SIZE,
                # the GM's hand at random fits his Objective, as the Quick game's does
                wants=(lambda: plots_wanted(self.objective.value())) if seat == "gm"
                else None)
        self.plot_tabs = self._tabs("plotTabs", [(self._tab(s), p)
                                                 for s, p in self.plot_panels.items()])
        self._page(self.plot_tabs)
        # step 4 -----------------------------------------------------------------------
        self.deck_panels: dict[str, PickPanel] = {}
        for seat in ("gm", *seats):
            self.deck_panels[seat] = self._panel(
                f"{self._who(seat)} Combat Deck", ("combat",),
                lambda chosen, card, s=seat: P.check_combat_pick(
                    chosen, self.partial().owners(s), card),
                capacity=P.COMBAT_DECK_SIZE, repeats=True)
        self.deck_tabs = self._tabs("deckTabs", [(self._tab(s), p)
                                                 for s, p in self.deck_panels.items()])
        self._page(self.deck_tabs)
        # steps 5 and 6 ----------------------------------------------------------------
        self.twists = self._panel("Twists! deck (the Players, as a group)", ("twist",),
                                  P.check_twist_pick, capacity=P.TWISTS_SIZE, repeats=True)
        self._page(self.twists)
        self.events = self._panel("Events Cluster (GM, face-down)", ("event",),
                                  P.check_event_pick, capacity=P.EVENTS_SIZE, repeats=True,
                                  note=EVENTS_NOTE)
        self._page(self.events)
        # step 7 -----------------------------------------------------------------------
        self.exchange = QtWidgets.QLabel()
        self.exchange.setTextFormat(Qt.TextFormat.RichText)
        self.exchange.setObjectName("exchange")
        self.exchange.setWordWrap(True)
        self.exchange.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._page(self.exchange)
        # step 8 -----------------------------------------------------------------------
        self.summary = QtWidgets.QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.seed = QtWidgets.QSpinBox()
        self.seed.setObjectName("seed")
        self.seed.setRange(1, 2**31 - 1)
        self.seed.setValue(self.rng.randrange(1, 2**31 - 1))
        self.seed.setAccessibleName("Coin seed")
        self.seed.setToolTip("The seed of the coins; the same seed replays the same flips")
        self.problem = plain_label()  # a refusal quoting card names
        self.problem.setObjectName("refusal")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a01818; font-weight: bold;")
        seed_row = QtWidgets.QWidget()
        r = QtWidgets.QHBoxLayout(seed_row)
        r.setContentsMargins(0, 0, 0, 0)
        r.addWidget(QtWidgets.QLabel("Coin seed:"))
        r.addWidget(self.seed)
        r.addStretch(1)
        scroll = QtWidgets.QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.summary)
        self._page(self._played_by_row(), scroll, seed_row, self.problem)
        for panel in self.panels:
            panel.refresh()
        self._players_changed(self.players.value())

    def _played_by_row(self) -> QtWidgets.QWidget:
        """Step 8: each seat is a person's or the computer's, at a strength (issue 16)."""
        from gui.computer import STRENGTHS

        row = QtWidgets.QGroupBox("Who plays each seat")
        row.setObjectName("playedBy")
        box = QtWidgets.QHBoxLayout(row)
        self.played_by: dict[str, QtWidgets.QComboBox] = {}
        self._played_by_cells: dict[str, QtWidgets.QWidget] = {}
        for seat in ("gm", *P.SEATS):
            combo = QtWidgets.QComboBox()
            combo.setObjectName(f"playedBy_{seat}")
            combo.setAccessibleName(f"{self._tab(seat)} is played by")
            combo.addItem("A person", None)
            for strength in STRENGTHS:
                combo.addItem(f"Computer · {strength.title()}", strength)
            cell = QtWidgets.QWidget()
            lay = QtWidgets.QHBoxLayout(cell)
            lay.setContentsMargins(0, 0, 12, 0)
            lay.addWidget(QtWidgets.QLabel(f"{self._tab(seat)}:"))
            lay.addWidget(combo)
            self.played_by[seat] = combo
            self._played_by_cells[seat] = cell
            box.addWidget(cell)
        box.addStretch(1)
        return row

    def computer_seats(self) -> dict[str, str]:
        """The seats of this table the computer plays, and at what strength."""
        seats = ("gm", *self.partial().seats())
        chosen = {seat: self.played_by[seat].currentData() for seat in seats}
        return {seat: strength for seat, strength in chosen.items() if strength}

    @staticmethod
    def _who(seat: str) -> str:
        return "The GM's" if seat == "gm" else f"{seat.upper()}'s"

    @staticmethod
    def _tab(seat: str) -> str:
        return "GM" if seat == "gm" else f"Player {seat[1]}"

    def _owner(self, seat: str) -> Any:
        return None if seat == "gm" else self.hero_panels[seat].value()

    # ================================================================== state
    def partial(self) -> P.PartialSetup:
        """What has been picked, as the engine's PartialSetup."""
        partial = P.PartialSetup(
            players=self.players.value(), villain=self.villain.value(),
            villain_equipment=self.villain_equipment.value(), mooks=self.mooks.value(),
            location=self.location.value(), objective=self.objective.value(),
            gm_plot_hand=self.plot_panels["gm"].value(),
            gm_combat_deck=self.deck_panels["gm"].value(), twists=self.twists.value(),
            events=self.events.value(), seed=self.seed.value() if hasattr(self, "seed") else 1)
        for seat in P.SEATS:
            h = partial.hero(seat)
            h.hero = self.hero_panels[seat].value()
            h.equipment = self.hero_equipment[seat].value()
            h.plot_hand = self.plot_panels[seat].value()
            h.combat_deck = self.deck_panels[seat].value()
        return partial

    def seat_panels(self) -> list[PickPanel]:
        return [self.hero_panels[s] for s in P.SEATS] + [self.hero_equipment[s]
                                                         for s in P.SEATS]

    def step_panels(self, step: int | None = None) -> list[PickPanel]:
        step = self.step if step is None else step
        active = self.partial().seats()
        if step == 0:
            return [self.villain, self.villain_equipment, self.mooks, self.location,
                    self.objective]
        if step == 1:
            return [p for s in active for p in (self.hero_panels[s], self.hero_equipment[s])]
        if step == 2:
            return [self.plot_panels[s] for s in ("gm", *active)]
        if step == 3:
            return [self.deck_panels[s] for s in ("gm", *active)]
        if step == 4:
            return [self.twists]
        if step == 5:
            return [self.events]
        return []

    def missing(self, step: int | None = None) -> list[str]:
        step = self.step if step is None else step
        return P.missing(self.partial(), step + 1)

    def load_setup(self, setup: Any) -> None:
        """Put a whole engine Setup into the picks (each is re-checked as its step opens)."""
        self._busy = True
        try:
            self.players.setValue(len(setup.heroes))
            self.villain.set_chosen([setup.villain])
            self.villain_equipment.set_chosen(list(setup.villain_equipment))
            self.mooks.set_chosen(list(setup.mooks))
            self.location.set_chosen([setup.location])
            self.objective.set_chosen([setup.objective])
            self.plot_panels["gm"].set_chosen(list(setup.gm_plot_hand))
            self.deck_panels["gm"].set_chosen(list(setup.gm_combat_deck))
            self.twists.set_chosen(list(setup.twists))
            self.events.set_chosen(list(setup.events))
            for h in setup.heroes:
                self.hero_panels[h.seat].set_chosen([h.hero])
                self.hero_equipment[h.seat].set_chosen(list(h.equipment))
                self.plot_panels[h.seat].set_chosen(list(h.plot_hand))
                self.deck_panels[h.seat].set_chosen(list(h.combat_deck))
        finally:
            self._busy = False
        for panel in self.panels:
            panel.refresh()
        self.go(self.step)

    def fill_step(self) -> None:
        """Fill at random every unfinished pick of this step (optional ones when empty)."""
        for panel in self.step_panels():
            if not panel.chosen or not panel.is_complete():
                panel.fill_random()

    def deal_all(self) -> None:
        """Every step at once, from the engine's own quick deal (``quick.quick_setup``)."""
        from engine.plottwist.quick import quick_setup

        try:
            setup = quick_setup(self.catalog, heroes=self.players.value(),
                                seed=self.rng.randrange(1, 2**31 - 1))
        except RuleViolation as e:
            self.missing_label.setText(f"Cannot deal at random: {refusal_text(e)}")
            return
        self.load_setup(setup)

    def _players_changed(self, n: int) -> None:
        for i, seat in enumerate(P.SEATS):
            on = i < n
            self._played_by_cells[seat].setVisible(on)
            self.hero_tabs.setTabVisible(i, on)
            self.plot_tabs.setTabVisible(i + 1, on)
            self.deck_tabs.setTabVisible(i + 1, on)
            if not on:
                for panel in (self.hero_panels[seat], self.hero_equipment[seat],
                              self.plot_panels[seat], self.deck_panels[seat]):
                    if panel.chosen:
                        panel.set_chosen([])
        self._changed()

    def _changed(self) -> None:
        """A pick changed: re-check this step's other picks (a new Hero changes which
        Equipment fits), then the marks and the Next button."""
        if self._busy:
            return
        self._busy = True
        try:
            self._update_marks()
            for panel in self.step_panels():
                panel.revalidate()
            self._update_buttons()
            self._update_marks()
        finally:
            self._busy = False

    # ================================================================== navigation
    def go(self, step: int) -> None:
        self.step = step
        self.stack.setCurrentIndex(step)
        self.step_list.setCurrentRow(step)
        title, clause, text = STEPS[step]
        self.step_title.setText(f"<h2>Step {title}</h2><p>{escape(text)} "
                                f"<span style='color:#666'>({clause})</span></p>")
        self._update_marks()
        for panel in self.step_panels():
            panel.revalidate()
        if step == 6:
            self._show_exchange()
        if step == 7:
            self._show_summary()
        self._update_buttons()
        self._update_marks()

    def _step_clicked(self, item: QtWidgets.QListWidgetItem) -> None:
        row = self.step_list.row(item)
        # back freely; forward only through complete steps
        if row <= self.step or all(not self.missing(s) for s in range(row)):
            self.go(row)
        else:
            self.step_list.setCurrentRow(self.step)

    def back(self) -> None:
        if self.step > 0:
            self.go(self.step - 1)

    def next(self) -> None:
        if self.missing():
            return
        if self.step < len(STEPS) - 1:
            self.go(self.step + 1)
        else:
            self.start()

    def _update_buttons(self) -> None:
        need = self.missing()
        last = self.step == len(STEPS) - 1
        self.next_button.setText("Start the game" if last else "Next >")
        self.back_button.setEnabled(self.step > 0)
        self.deal_button.setVisible(self.step == 0)
        self.fill_step_button.setVisible(self.step < 6)
        blocked = bool(need) or (last and self.setup is None)
        self.next_button.setEnabled(not blocked)
        if need:
            text = "Still needed: " + "; ".join(need)
        elif last and self.setup is None:
            text = "This setup breaks a rule: see above."
        else:
            text = ""
        self.next_button.setToolTip(tooltip(text))
        self.missing_label.setText(text)

    def _update_marks(self) -> None:
        complete = [not self.missing(i) for i in range(6)]
        for i in range(len(STEPS)):
            done = complete[i] if i < 6 else (i == 6 and all(complete))
            item = self.step_list.item(i)
            item.setText(("✓ " if done else "    ") + STEPS[i][0])
        for tabs, index, label, panels in self._tab_labels:
            bits = [p.status() for p in panels[:1]]   # the tab's main pick
            status = bits[0] if bits and bits[0] else ""
            tabs.setTabText(index, f"{label}  {status}".rstrip())
        for seat in P.SEATS:
            hero = self.hero_panels[seat].value()
            name = hero.display_name if hero is not None else "no Hero yet"
            self.plot_panels[seat].subtitle = name
            self.deck_panels[seat].subtitle = name
            self.hero_equipment[seat].subtitle = name
        villain = self.villain.value()
        gm = villain.display_name if villain is not None else ""
        for panel in (self.villain_equipment, self.objective):
            panel.subtitle = gm
        self.deck_panels["gm"].subtitle = ", ".join(
            c.display_name for c in self.partial().gm_characters()) + " (A-48)" if gm else ""

    # ================================================================== steps 7 and 8
    def _show_exchange(self) -> None:
        try:
            rows = P.belief_exchange(self.partial())
        except RuleViolation as e:
            self.exchange.setText(f"<p>Not yet: {escape(refusal_text(e))}</p>")
            return
        heroes, villain = rows[:-1], rows[-1]
        lost = sum(before - after for _n, before, after in heroes)
        lines = ["<table cellpadding='6' style='font-size:15px'>",
                 "<tr><th align='left'>Hero</th><th>Belief</th><th></th></tr>"]
        for name, before, after in heroes:
            lines.append(f"<tr><td>{escape(name)}</td><td align='center'>{before} → "
                         f"<b>{after}</b></td><td>−{before - after}</td></tr>")
        name, before, after = villain
        lines += ["<tr><th align='left'>Main Villain</th><th>Hate</th><th></th></tr>",
                  f"<tr><td>{escape(name)}</td><td align='center'>{before} → "
                  f"<b>{after}</b></td><td>+{after - before}</td></tr>", "</table>",
                  f"<p>{len(heroes)} Hero(es) lose {lost} Belief in all; "
                  f"{escape(name)} gains {lost} Hate (PT-SETUP-7). The table applies "
                  "this when the game starts.</p>"]
        self.exchange.setText("".join(lines))

    def _show_summary(self) -> None:
        partial = self.partial()
        try:
            self.setup = P.build_setup(partial)
            self.problem.setText("")
        except RuleViolation as e:
            self.setup = None
            self.problem.setText(f"Cannot start: {refusal_text(e)}")

        def names(cards: list[Any]) -> str:
            return escape(", ".join(c.display_name for c in cards)) or "—"

        def one(card: Any) -> str:
            return escape(card.display_name) if card is not None else "—"

        out = ["<h3>The GM</h3><ul>",
               f"<li>Main Villain: <b>{one(partial.villain)}</b></li>",
               f"<li>Equipment: {names(partial.villain_equipment)}</li>",
               f"<li>Mooks: {names(partial.mooks)}</li>",
               f"<li>First Location: {one(partial.location)}</li>",
               "<li>Objective: chosen, face-down</li>",
               f"<li>Plot Hand: {counted(len(partial.gm_plot_hand), 'card')} · Combat Deck: "
               f"{counted(len(partial.gm_combat_deck), 'card')} · Events: {len(partial.events)}, "
               "face-down</li></ul><h3>The Players</h3><ul>"]
        for seat in partial.seats():
            h = partial.hero(seat)
            out.append(f"<li>{seat.upper()}: <b>{one(h.hero)}</b> with "
                       f"{names(h.equipment)} · Plot Hand {len(h.plot_hand)} · Combat Deck "
                       f"{len(h.combat_deck)}</li>")
        out.append(f"</ul><p>Twists! deck: {counted(len(partial.twists), 'card')}, shuffled.</p>")
        self.summary.setText("".join(out))

    def start(self) -> None:
        """Validate, then ``Game.new(setup)`` with the chosen seed; refusals stay in place."""
        from gui.games import EngineMissing, game_class

        try:
            setup = P.build_setup(replace(self.partial(), seed=self.seed.value()))
            self.game = game_class().new(setup)
        except RuleViolation as e:
            self.setup = None
            self.problem.setText(f"Cannot start: {refusal_text(e)}")
            self._update_buttons()
            return
        except EngineMissing as e:
            self.problem.setText(f"Cannot start: {e}")
            return
        self.setup = setup
        from gui.computer import remember_seats

        remember_seats(self.game, self.computer_seats())   # the table seats the computer
        self.accept()


def run(catalog: Any, parent: QtWidgets.QWidget | None = None) -> Any:
    """Walk the eight setup steps; the new Game, or None if the GM cancels."""
    wizard = NewGameWizard(catalog, parent)
    try:
        if wizard.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return None
        return wizard.game
    finally:
        wizard.deleteLater()
