"""Card names: the key a name gets, the characters a name may not hold, and look-alikes.

- :func:`card_key` keeps every letter, digit and mark of a name (NFKC-normalised,
  case-folded), so two Arabic or two Japanese names stay two cards. For plain ASCII
  names it gives exactly the old ASCII slug, so the core set's keys (and the saves that
  name them) do not change.
- :func:`hidden_characters` finds what a reader cannot see or what reorders the text
  around it: format characters (``Cf``: zero-width spaces and joiners, bidi embeddings,
  overrides and isolates), controls, surrogates, private-use and unassigned code points,
  line/paragraph separators, and the invisible letters Unicode lists as default-ignorable
  (Hangul fillers, variation selectors …). A name holding one is refused.
- :func:`skeleton` maps the Greek and Cyrillic letters that look like Latin ones to those
  Latin letters (our own small table, after Unicode's confusables idea), so "Ηope" with a
  Greek Eta and "Hope" meet; the loader refuses a second Hero that looks like another one.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["card_key", "hidden_characters", "shown", "skeleton", "name_problems",
           "NAME_FIELDS"]

#: the fields of a card that name it, checked for hidden characters
NAME_FIELDS = ("name", "persona")

_FALLBACK_KEY = "card"
_ASCII_RUNS = re.compile(r"[a-z0-9]+")     # what card_key keeps of an ASCII name
_HIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# default-ignorable letters and marks: drawn as nothing, yet not in a C category
_IGNORABLE_RANGES = (
    (0x034F, 0x034F),    # combining grapheme joiner
    (0x115F, 0x1160),    # Hangul choseong / jungseong fillers
    (0x17B4, 0x17B5),    # Khmer inherent vowels
    (0x180B, 0x180F),    # Mongolian free variation selectors
    (0x3164, 0x3164),    # Hangul filler
    (0xFE00, 0xFE0F),    # variation selectors
    (0xFFA0, 0xFFA0),    # halfwidth Hangul filler
    (0xE0100, 0xE01EF),  # variation selectors supplement
)

# Letters of Greek and Cyrillic drawn like a Latin letter in common fonts (upper and
# lower case kept apart: a Greek capital Eta is an "H", its small form is not an "h").
_LOOK_ALIKE = str.maketrans({
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small
    "ο": "o", "ν": "v", "ρ": "p", "ι": "i", "κ": "k", "χ": "x", "υ": "u", "α": "a",
    "ϲ": "c", "ϳ": "j",
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q",
    "Ԝ": "W", "Ү": "Y", "Һ": "H", "Ӏ": "I",
    # Cyrillic small
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y", "ѕ": "s",
    "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l",
})


def card_key(name: str) -> str:
    """The part of a card's key made from its name: ``"Dr. Ash - Ember"`` ->
    ``"dr-ash-ember"``, ``"Ежи"`` -> ``"ежи"``, ``"光の剣"`` -> ``"光の剣"``.

    Letters, marks and digits are kept (NFKC, case-folded); every run of anything else
    becomes one ``-``.
    """
    if name.isascii():
        # the same key, read faster (every pack load keys each card): an ASCII text is its
        # own NFKC form, its casefold is lower(), and its letters and digits are [a-z0-9]
        return "-".join(_ASCII_RUNS.findall(name.lower())) or _FALLBACK_KEY
    text = unicodedata.normalize("NFKC", name).casefold()
    out: list[str] = []
    dash = False
    for ch in text:
        if unicodedata.category(ch)[0] in "LMN":
            if dash and out:
                out.append("-")
            out.append(ch)
            dash = False
        else:
            dash = True
    return "".join(out) or _FALLBACK_KEY


_IGNORABLE = frozenset(code for low, high in _IGNORABLE_RANGES
                       for code in range(low, high + 1))


def _is_hidden(ch: str) -> bool:
    return unicodedata.category(ch) in _HIDDEN_CATEGORIES or ord(ch) in _IGNORABLE


def hidden_characters(text: str) -> list[str]:
    """Each hidden character of ``text`` once, as ``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    if text.isascii() and text.isprintable():
        # ASCII hides only its controls (Cc), which are exactly its unprintable
        # characters: most names are answered without a look at each character
        return []
    found: list[str] = []
    for ch in text:
        if _is_hidden(ch):
            label = f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')}"
            if label not in found:
                found.append(label)
    return found


def shown(text: str) -> str:
    """``text`` with each hidden character written as ``<U+202E>``: safe to print in a
    message, where an override would otherwise reverse the rest of the line."""
    return "".join(f"<U+{ord(ch):04X}>" if _is_hidden(ch) else ch for ch in text)


def name_problems(data: dict[str, object]) -> list[tuple[str, str]]:
    """(field, message) for each naming field of a card that holds hidden characters."""
    problems = []
    for field_name in NAME_FIELDS:
        value = data.get(field_name)
        if isinstance(value, str):
            hidden = hidden_characters(value)
            if hidden:
                problems.append((field_name, "contains a character that is invisible or "
                                 f"changes the text's direction ({', '.join(hidden)}): "
                                 "a name must show what it is"))
    return problems


_SPACES = re.compile(r"\s+")


def skeleton(name: str) -> str:
    """What a name looks like: Greek/Cyrillic look-alikes read as Latin, case-folded,
    spaces collapsed. Two names with one skeleton are hard to tell apart at the table."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKE)
    return _SPACES.sub(" ", text).strip().casefold()
