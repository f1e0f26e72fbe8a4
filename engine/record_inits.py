"""The ``__init__`` of each record (`engine.records`) declared in ``engine``.

Written by tools/write_record_inits.py from the records' fields: do not edit, run the tool."""

from engine.records import FACTORY

_set = object.__setattr__


def AutosaveInfo(
    self,
    path,
    saved_at,
    seq,
    turn=None,
    heroes=(),
    meta=FACTORY,
    problem=None,
    game=None,
):
    _set(self, 'path', path)
    _set(self, 'saved_at', saved_at)
    _set(self, 'seq', seq)
    _set(self, 'turn', turn)
    _set(self, 'heroes', heroes)
    _set(self, 'meta', dict() if meta is FACTORY else meta)
    _set(self, 'problem', problem)
    _set(self, 'game', game)


def GameInfo(self, key, positions):
    _set(self, 'key', key)
    _set(self, 'positions', positions)


def Recovered(self, info, text, value, skipped=FACTORY):
    self.info = info
    self.text = text
    self.value = value
    self.skipped = list() if skipped is FACTORY else skipped


def PackError(self, file, card, field, message):
    _set(self, 'file', file)
    _set(self, 'card', card)
    _set(self, 'field', field)
    _set(self, 'message', message)


def Card(self, key, pack, kind, name, data, file='', image_path=None):
    _set(self, 'key', key)
    _set(self, 'pack', pack)
    _set(self, 'kind', kind)
    _set(self, 'name', name)
    _set(self, 'data', data)
    _set(self, 'file', file)
    _set(self, 'image_path', image_path)


def PackInfo(
    self,
    id,
    name,
    path,
    bundled,
    version='',
    author='',
    description='',
    counts=FACTORY,
    errors=FACTORY,
    loaded=True,
):
    self.id = id
    self.name = name
    self.path = path
    self.bundled = bundled
    self.version = version
    self.author = author
    self.description = description
    self.counts = dict() if counts is FACTORY else counts
    self.errors = list() if errors is FACTORY else errors
    self.loaded = loaded
