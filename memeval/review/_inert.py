"""Show hostile text as inert text, with what a reader could not otherwise see marked.

Held text is hostile by definition. Pages escape it (Jinja autoescape) so markup never runs;
this module also makes the invisible visible, so a reviewer decides on what the text really is:

- `invisible`: format characters (Unicode category Cf): zero-width spaces and joiners, bidi
  overrides and isolates, the BOM, soft hyphens, and tag characters (U+E0000-E007F, which can
  smuggle ASCII; the label shows the character they stand for); and every other default-ignorable
  code point (`memeval.ignorable.DEFAULT_IGNORABLE`), such as variation selectors, which
  draw nothing yet can each carry a byte after a visible character;
- `control`: control characters other than newline and tab (category Cc);
- `space`: spaces other than U+0020 (no-break, ideographic, ...);
- `lookalike`: a character whose NFKC form is ASCII letters or digits (fullwidth or mathematical
  letters: `ｓｙｓｔｅｍ`, `𝐬𝐲𝐬𝐭𝐞𝐦`);
- `homoglyph`: a non-Latin letter inside a word that also has Latin letters (Cyrillic `а` in
  `pаypal`), the usual way to dodge filters with look-alike letters; and, in such a word, any
  other character Unicode lists as confusable with an ASCII letter, digit or the punctuation of a
  host or path (`ascii_lookalikes.txt`, from confusables.txt: the Latin `ɡ` of `ɡithub.com`, the
  small capital `ᴏ`, the dotless `ı`, an Arabic-Indic zero read as a dot, a division slash read
  as `/`), which NFKC leaves as they are and which are named LATIN or are no letters at all.

Each marked character is one `Segment` with a label such as `U+200B ZERO WIDTH SPACE`; the page
draws it as a visible badge in place of the character.
"""

from __future__ import annotations

import importlib.resources
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from memeval.audit import is_default_ignorable

MarkKind = Literal["invisible", "control", "space", "lookalike", "homoglyph"]

_MARKUP = re.compile(r"<\s*/?\s*[a-zA-Z!]|\bon[a-z]{3,}\s*=", re.IGNORECASE)
_SCRIPT_URL = re.compile(r"(?:javascript|vbscript|data)\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class Segment:
    """A run of ordinary text (`mark` None) or one marked character.

    Attributes:
        text: the characters themselves (autoescaped by the page when shown).
        mark: why the character is marked, or None for ordinary text.
        label: what the page shows for a marked character, e.g. `U+200B ZERO WIDTH SPACE`.
    """

    text: str
    mark: MarkKind | None = None
    label: str = ""


@dataclass(frozen=True)
class InertText:
    """A text cut into segments, with a summary of what was found in it.

    Attributes:
        segments: the text in order; joining their `text` gives the original back.
        marks: count of marked characters by kind.
        has_markup: the text contains HTML-like tags or `on...=` event handlers.
        has_script_url: the text contains a `javascript:`, `vbscript:` or `data:` URL.
    """

    segments: tuple[Segment, ...]
    marks: dict[str, int] = field(default_factory=dict)
    has_markup: bool = False
    has_script_url: bool = False

    def as_plain(self, *, one_line: bool = False) -> str:
        """The text for a terminal: marked characters replaced (or followed) by `[label]`.

        Control and invisible characters never reach the terminal (no escape sequences, no
        bidi reordering); look-alikes stay, followed by their label. With `one_line`, line feeds
        and tabs are spelled out too (`[U+000A LINE FEED]`), so a text printed in a row of a
        listing can never start a row of its own or shift a column.
        """
        out = []
        for s in self.segments:
            if s.mark is None:
                text = s.text
                if one_line:
                    text = text.replace("\n", "[U+000A LINE FEED]").replace("\t", "[U+0009 TAB]")
                out.append(text)
            elif s.mark in ("invisible", "control", "space"):
                out.append(f"[{s.label}]")
            else:
                out.append(f"{s.text}[{s.label}]")
        return "".join(out)

    @property
    def notices(self) -> list[str]:
        """Plain sentences telling the reviewer what is in the text (for the page)."""
        out = []
        if self.has_markup:
            out.append("contains HTML markup or event handlers: shown as text, never run")
        if self.has_script_url:
            out.append("contains a script URL (javascript:, data:, ...): shown as text, not a link")
        for kind, n in sorted(self.marks.items()):
            out.append(f"{n} {kind} character{'s' if n != 1 else ''}, marked in place")
        return out


def _name(ch: str) -> str:
    return unicodedata.name(ch, "UNNAMED")


URL_PUNCTUATION = frozenset("./:_@\\")
"""The ASCII punctuation of hosts and paths: a look-alike of one of these in a word is marked.

Not `-`: en dashes and hyphens are ordinary typography (`Paris–London`), and no host takes them."""


@cache
def ascii_lookalikes() -> dict[str, str]:
    """Character -> the ASCII letter, digit or `URL_PUNCTUATION` character a reader takes it for.

    From `ascii_lookalikes.txt` (Unicode confusables.txt, written by `scripts/ascii_lookalikes.py`);
    prototypes that are other punctuation (a curly apostrophe for `'`) are left out, as they change
    no address or command a reviewer reads, and so are math symbols read as letters (`1920×1080px`).
    """
    text = importlib.resources.files("memeval.review").joinpath("ascii_lookalikes.txt").read_text(encoding="utf-8")
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        code, proto, _name_ = line.split(" ; ", 2)
        ch = chr(int(code, 16))
        if proto in URL_PUNCTUATION or (proto.isalnum() and unicodedata.category(ch) != "Sm"):
            out[ch] = proto
    return out


def _classify(ch: str, word_has_latin: bool) -> tuple[MarkKind, str] | None:
    if ch in "\n\t ":
        return None
    code = f"U+{ord(ch):04X}"
    cat = unicodedata.category(ch)
    if cat == "Cf":
        if 0xE0020 <= ord(ch) <= 0xE007E:
            return "invisible", f"{code} TAG {chr(ord(ch) - 0xE0000)!r}"
        return "invisible", f"{code} {_name(ch)}"
    if is_default_ignorable(ord(ch)):  # variation selectors, fillers, grapheme joiner: Mn, Lo, unassigned
        return "invisible", f"{code} {_name(ch)}"
    if cat == "Cc" or cat in ("Zl", "Zp"):
        return "control", f"{code} {_name(ch)}"
    if cat == "Zs":
        return "space", f"{code} {_name(ch)}"
    if ord(ch) < 128:
        return None
    folded = unicodedata.normalize("NFKC", ch)
    if folded != ch and folded.isascii() and folded.isalnum():
        return "lookalike", f"{code} looks like {folded!r}"
    if ch.isalpha() and word_has_latin and not _name(ch).startswith("LATIN"):
        return "homoglyph", f"{code} {_name(ch)}"
    if word_has_latin and (proto := ascii_lookalikes().get(ch)) is not None:
        return "homoglyph", f"{code} {_name(ch)}, looks like {proto!r}"
    return None


def _has_latin(word: str) -> bool:
    return any(c.isalpha() and (c.isascii() or _name(c).startswith("LATIN")) for c in word)


def inert(text: str) -> InertText:
    """Cut `text` into plain and marked segments (see the module docstring).

    Args:
        text: any text (already redacted by the audit store).

    Returns:
        An `InertText`; `"".join(s.text for s in result.segments) == text`.
    """
    segments: list[Segment] = []
    marks: Counter[str] = Counter()
    plain: list[str] = []
    for word in re.split(r"(\s+)", text):
        latin = _has_latin(word)
        for ch in word:
            found = _classify(ch, latin)
            if found is None:
                plain.append(ch)
                continue
            if plain:
                segments.append(Segment("".join(plain)))
                plain = []
            segments.append(Segment(ch, found[0], found[1]))
            marks[found[0]] += 1
    if plain:
        segments.append(Segment("".join(plain)))
    visible = "".join(s.text for s in segments if s.mark not in ("invisible", "control"))
    return InertText(
        segments=tuple(segments),
        marks=dict(marks),
        has_markup=bool(_MARKUP.search(visible)),
        has_script_url=bool(_SCRIPT_URL.search(visible)),
    )


def term_text(text: str | None, *, one_line: bool = True) -> str:
    """`text` safe to print in a terminal: `inert(text).as_plain(one_line=...)` ('' for None)."""
    return "" if text is None else inert(text).as_plain(one_line=one_line)
