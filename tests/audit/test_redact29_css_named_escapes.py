"""Keys spelt in CSS escapes, Python's named escapes or Markdown's `\\_` were stored raw (redact29, issue 15).

breaker33 made the redactor read HTML references, `\\u{...}`, `\\U...` and octal escapes. A style sheet's escapes
(`\\67 hp_...`, one to six hex digits and one optional space: CSS Syntax Level 3, 4.3.7; `\\000067hp_...`), Python's
`\\N{LATIN SMALL LETTER G}hp_...` and a Markdown page's `ghp\\_...` still went through a real `memeval audit ingest`
into the SQLite file and `memeval pack build`'s pack as sent; a browser, Python or a Markdown renderer reading the
text back gets the key. Ordinary CSS, regular expressions, Windows paths, Markdown and Python text with escapes
are stored as written.
"""

from __future__ import annotations

import json
from pathlib import Path

from ingest_events import check_blanked_then_kept, ingest_memories_and_pack

TOKEN = "ghp_" + "Wm4tY8pQ2vK7nR3xB6cJ9dF1hL5sG0aZ8eT4"
"""A GitHub token's shape (made up)."""
AWS_ID = "AKIAZ7QWERT2YUIOPLKJ"
"""An AWS access key id's shape (made up)."""


def css(s: str) -> str:
    return "".join(f"\\{ord(c):x} " for c in s)


ENCODED = [
    ".badge::after { content: '\\67 " + TOKEN[1:] + "'; }",
    "Token in a style sheet: \\000067" + TOKEN[1:],
    "content: '" + css(TOKEN) + "';",
    "Python: t = '\\N{LATIN SMALL LETTER G}" + TOKEN[1:] + "'",
    "Python: key = '\\N{LATIN CAPITAL LETTER A}" + AWS_ID[1:] + "'",
    "From the wiki (Markdown source): the deploy token is ghp\\_" + TOKEN[4:] + " for now.",
]
PLAIN = [
    "blockquote::before { content: '\\201C'; } .icon::after { content: '\\f101'; font-family: \\5FAE\\8F6F; }",
    "Match versions with ^\\d+\\.\\d+\\.\\d+$ and paths like C:\\Users\\admin\\a1b2\\report.txt.",
    "Markdown: set snake\\_case\\_name and 2\\*3 \\# not a heading \\[link\\].",
    "Python prints '\\N{EM DASH}' and '\\N{SNOWMAN}' in the release notes.",
]


def test_keys_in_css_named_and_markdown_escapes_never_reach_sqlite_or_the_pack(tmp_path: Path) -> None:
    texts = ENCODED + PLAIN
    stored, raw = ingest_memories_and_pack(tmp_path, texts)
    check_blanked_then_kept(stored, len(ENCODED), PLAIN)
    for piece in (TOKEN[4:20], TOKEN[-16:], AWS_ID[1:], css(TOKEN[4:12])):
        assert piece.encode() not in raw, ascii(piece)
        assert json.dumps(piece)[1:-1].encode() not in raw, ascii(piece)
