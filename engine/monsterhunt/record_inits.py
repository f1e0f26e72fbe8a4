"""The ``__init__`` of each record (`engine.records`) declared in ``engine.monsterhunt``.

Written by tools/write_record_inits.py from the records' fields: do not edit, run the tool."""

_set = object.__setattr__


def Engage(self, seat, card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)


def Done(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def EnemyAttack(self, seat, enemy='', card='', target='', power=False, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'enemy', enemy)
    _set(self, 'card', card)
    _set(self, 'target', target)
    _set(self, 'power', power)


def HeroAttack(self, seat, card='', target='', power=False, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)
    _set(self, 'target', target)
    _set(self, 'power', power)


def SpecialAttack(self, seat, target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'target', target)


def Refresh(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def UsePower(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def KeepLastCard(self, seat, keep=True, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'keep', keep)
