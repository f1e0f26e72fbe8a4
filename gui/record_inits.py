"""The ``__init__`` of each record (`engine.records`) declared in ``gui``.

Written by tools/write_record_inits.py from the records' fields: do not edit, run the tool."""

from engine.records import FACTORY

_set = object.__setattr__


def Tracker(self, headline, status, chips=FACTORY):
    _set(self, 'headline', headline)
    _set(self, 'status', status)
    _set(self, 'chips', list() if chips is FACTORY else chips)


def Summary(self, heading, headline, detail):
    _set(self, 'heading', heading)
    _set(self, 'headline', headline)
    _set(self, 'detail', detail)


def Settings(
    self,
    theme='light',
    card_size='medium',
    animations=True,
    confirmations=True,
    autosave_positions=10,
    autosave_games=20,
    hints=True,
    auto_pass=True,
    hints_seen=FACTORY,
    sounds=False,
    sound_volume=60,
    computer_delay_ms=800,
    window_geometry='',
    window_state='',
    version=2,
):
    self.theme = theme
    self.card_size = card_size
    self.animations = animations
    self.confirmations = confirmations
    self.autosave_positions = autosave_positions
    self.autosave_games = autosave_games
    self.hints = hints
    self.auto_pass = auto_pass
    self.hints_seen = list() if hints_seen is FACTORY else hints_seen
    self.sounds = sounds
    self.sound_volume = sound_volume
    self.computer_delay_ms = computer_delay_ms
    self.window_geometry = window_geometry
    self.window_state = window_state
    self.version = version


def Sizes(self, name, name_min, name_lines, kind, number, label, line, persona):
    _set(self, 'name', name)
    _set(self, 'name_min', name_min)
    _set(self, 'name_lines', name_lines)
    _set(self, 'kind', kind)
    _set(self, 'number', number)
    _set(self, 'label', label)
    _set(self, 'line', line)
    _set(self, 'persona', persona)


def TextBlock(self, role, text, rect, px, bold=False, italic=False, align=129, ink='#1d1b18'):
    _set(self, 'role', role)
    _set(self, 'text', text)
    _set(self, 'rect', rect)
    _set(self, 'px', px)
    _set(self, 'bold', bold)
    _set(self, 'italic', italic)
    _set(self, 'align', align)
    _set(self, 'ink', ink)


def Tile(self, rect, fill, edge):
    _set(self, 'rect', rect)
    _set(self, 'fill', fill)
    _set(self, 'edge', edge)


def Glance(self, rect, frame, panel=None, art=None, tiles=FACTORY, texts=FACTORY):
    self.rect = rect
    self.frame = frame
    self.panel = panel
    self.art = art
    self.tiles = list() if tiles is FACTORY else tiles
    self.texts = list() if texts is FACTORY else texts
