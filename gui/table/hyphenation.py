"""Hyphenation for the projector's name plates: a word too long for its line is broken
at a syllable, with a hyphen, instead of being shrunk below the room's type size.

No dictionary: a few rules of English syllables, enough for card names ("Under-ground",
"Side-step", "Light-house", "Sweep-ing", "Un-stable", "Rat-tling", "For-tunes",
"Hay-maker", "Whis-per"). A word
they find no break in that fits is broken only where both pieces still read as
syllables (each with a vowel sound, the second starting as a syllable can); one that has
no such break stays whole, and its plate then takes a smaller size rather than print
"Thou-/ghts-/pike".
"""

from __future__ import annotations

from gui.qt import QtGui

VOWELS = frozenset("aeiouAEIOU")
# letter groups read as one sound: a word is not broken inside them ("Sat-chel")
PAIRS = frozenset(("ch", "sh", "th", "ph", "ck", "ng", "gh", "wh", "qu"))
# consonants a syllable can start with, longest first: the break goes before the longest
# of them in the consonants between two vowels ("Under-ground", "Side-step", "Un-stable")
ONSETS = ("thr", "str", "spr", "spl", "scr", "shr", "squ", "bl", "br", "ch", "cl", "cr",
          "dr", "dw", "fl", "fr", "gl", "gr", "kn", "pl", "pr", "qu", "sc", "sk", "sl",
          "sm", "sn", "sp", "st", "sw", "th", "tr", "tw", "wh", "wr", "sh", "ph")
# endings that are a syllable of their own ("-er", "-ed" are not always: "Should-er")
ENDINGS = ("ing", "ment", "ments", "ness", "less", "ful")
# an s and a stop after a short vowel: the s closes that syllable ("Whis-per")
S_CLUSTERS = ("sp", "st", "sk", "sc")
HEAD, PIECE = 2, 3   # the fewest letters before a hyphen, and after it


def _vowel(word: str, i: int) -> bool:
    """Part of a vowel sound: a, e, i, o, u; y after a letter; w after a vowel."""
    c = word[i]
    if c in "eE" and i == len(word) - 1 and i > 1 and word[i - 1] not in VOWELS:
        return False   # a silent final e ("Advance", not "Advan-ce")
    if c in "eE" and i == len(word) - 2 and word[-1] in "sS" and i > 1 \
            and word[i - 1].lower() not in VOWELS | set("sxzcgh"):
        return False   # nor "-es" after most consonants ("For-tunes", not "Fortu-nes")
    if c in VOWELS:
        return True
    after_vowel = i > 0 and word[i - 1] in VOWELS
    # "ow", "aw", "ey": one vowel sound ("Clock-tower", not "Clockto-wer")
    return (c in "wW" and after_vowel) or (c in "yY" and i > 0 and word[i - 1].isalpha())


def _short(word: str, i: int) -> bool:
    """Whether the vowel at `i` is a single vowel letter, and not the silent e of a word
    inside a compound ("Side-step": the i of "Side" is long, its e is silent)."""
    low = word.lower()
    if low[i] not in VOWELS or (i > 0 and _vowel(word, i - 1)):
        return False
    return not (low[i] == "e" and i >= 2 and low[i - 1] not in VOWELS and _vowel(word, i - 2))


def syllable_breaks(word: str) -> list[int]:
    """Where a word may be hyphenated: before the longest syllable start in each run of
    consonants between two vowels, never inside "ck", "th", "ght" …; after a printed
    hyphen ("Power-|Line")."""
    out = [i for i in range(1, len(word)) if word[i - 1] == "-"]
    vowels = [i for i in range(len(word)) if word[i].isalpha() and _vowel(word, i)]
    for a, b in zip(vowels, vowels[1:], strict=False):
        run = word[a + 1:b].lower()
        if not run or not run.isalpha():
            continue
        onset = next((o for o in ONSETS if run.endswith(o)), run[-1])
        at = b - len(onset)
        if run == onset and len(run) == 1 and word[b:].lower() == "er":
            continue   # "-er" keeps the consonant before it ("Hay-maker", not "Hayma-ker")
        if run == onset and run[:2] in S_CLUSTERS and _short(word, a):
            at = a + 2   # a short vowel keeps the s ("Whis-per", "Magis-tra", "Os-trander")
        double = next((j for j in range(1, len(run)) if run[j] == run[j - 1]), 0)
        if double:   # a doubled consonant is split ("Rat-tling", "Unset-tling", "Pad-ded")
            at = a + 1 + double
        if word[at - 2:at + 1].lower() == "ght" or word[at - 1:at + 1].lower() in PAIRS:
            at += 1   # "Light-house", "Black-out": not "Ligh-thouse", "Blac-kout"
        if a < at:
            out.append(at)
    # before an ending ("Sweep-ing", not "Swee-ping"), unless it takes a stem's last syllable
    # with it ("Rat-tling", not "Rattl-ing")
    low = word.lower()
    for ending in ENDINGS:
        at = len(word) - len(ending)
        if low.endswith(ending) and at >= 3 and not (low[at - 1] == "l"
                                                      and low[at - 2] not in VOWELS):
            out.append(at)
    return sorted(set(out))


def _sounds(piece: str) -> bool:
    """Whether a piece of a word holds a vowel sound of its own."""
    return any(_vowel(piece, i) for i in range(len(piece)) if piece[i].isalpha())


def readable_break(word: str, at: int) -> bool:
    """Whether breaking `word` before `at` leaves two pieces that read as syllables:
    each with a vowel sound, no letter group read as one sound ("ou", "gh", "ght", "ck" …)
    split, and the second starting with consonants a syllable can start with
    ("Thought-|spike"; never "Thou-|ghtspike" or "Though-|tspike")."""
    low = word.lower()
    if not (HEAD <= at <= len(word) - PIECE) or low[at - 1:at + 1] in PAIRS \
            or (low[at - 1] in VOWELS and low[at] in VOWELS) \
            or "ght" in (low[at - 2:at + 1], low[at - 1:at + 2]):
        return False
    if not (_sounds(word[:at]) and _sounds(word[at:])):
        return False
    lead = ""
    for c in low[at:]:
        if c in VOWELS or c == "y":
            break
        lead += c
    return len(lead) <= 1 or lead in ONSETS or (len(lead) == 2 and lead[1] in "lr")


def _break_at(word: str, metrics: QtGui.QFontMetricsF, width: float) -> int:
    """Where to break a word too long for `width`: the latest syllable break whose head
    fits with its hyphen; else the latest break that fits and still reads (see
    `readable_break`); 0 when there is none."""
    fits = [i for i in range(HEAD, len(word) - PIECE + 1)
            if metrics.horizontalAdvance(head(word, i)) <= width]
    syllables = [i for i in syllable_breaks(word) if i in fits]
    good = [i for i in fits if readable_break(word, i)]
    return max(syllables or good or [0])


def head(word: str, at: int) -> str:
    """The first piece of a word broken at `at`, with its hyphen."""
    return word[:at] if word[at - 1] == "-" else word[:at] + "-"


def hyphenate(text: str, metrics: QtGui.QFontMetricsF, width: float) -> list[str]:
    """The words of `text`, each one wider than `width` broken into pieces that fit, every
    piece but a word's last ending in "-" (a piece that cannot be made to fit stays
    whole, for the caller to find too wide)."""
    out: list[str] = []
    for word in text.split():
        while metrics.horizontalAdvance(word) > width:
            at = _break_at(word, metrics, width)
            if not at:
                break
            out.append(head(word, at))
            word = word[at:]
        out.append(word)
    return out


def wrap_hyphenated(text: str, metrics: QtGui.QFontMetricsF, width: float,
                    max_lines: int) -> tuple[list[str], bool]:
    """Greedy word wrap in which a word too long for a line is hyphenated rather than
    shrunk or cut; (lines, whole) as `wrap`: not whole when the lines are more than
    `max_lines` or one is still too wide."""
    lines: list[str] = []
    current = ""
    for piece in hyphenate(text, metrics, width):
        # the rest of a hyphenated word starts its own line: its head filled the last one
        trial = f"{current} {piece}" if current and not current.endswith("-") else ""
        if trial and metrics.horizontalAdvance(trial) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = piece
    if current:
        lines.append(current)
    whole = len(lines) <= max_lines and all(metrics.horizontalAdvance(line) <= width
                                            for line in lines)
    return lines, whole
