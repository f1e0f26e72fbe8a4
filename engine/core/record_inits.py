"""The ``__init__`` of each record (`engine.records`) declared in ``engine.core``.

Written by tools/write_record_inits.py from the records' fields: do not edit, run the tool."""

from engine.records import FACTORY

_set = object.__setattr__


def Action(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def Zone(self, name, visibility='public', owner=None, cards=FACTORY, shared=False):
    self.name = name
    self.visibility = visibility
    self.owner = owner
    self.cards = list() if cards is FACTORY else cards
    self.shared = shared
    self.__post_init__()
