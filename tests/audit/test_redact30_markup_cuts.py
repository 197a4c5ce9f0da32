"""Keys cut or wrapped by markup were stored past their first part (redact30, issue 15).

breaker33 found `<span>ghp_A1b2</span><span>C3d4...</span>` stored with its tail raw: a browser draws the two parts
side by side, so whoever reads the page (or the stored text rendered) gets the key. Likewise a key cut by `<b>`,
`<wbr>`, an HTML comment, a `<br>` inside `<code>`, Markdown emphasis (`ghp_**A1b2**C3...`), ANSI colour codes or a
terminal hyperlink, and a keyword rule's value wrapped in a tag (`apollo=>= <b>...</b>`). Each went through a real
`memeval audit ingest` into the SQLite file and `memeval pack build`'s pack. Ordinary HTML tables, Markdown and
coloured log lines are stored as written.
"""

from __future__ import annotations

from pathlib import Path

from ingest_events import check_blanked_then_kept, ingest_memories_and_pack

TOKEN = "ghp_" + "Qx7mR2vK9nT4pB6cJ1dF8hL3sG5aZ0eW2yU7"
"""A GitHub token's shape (made up)."""
SLACK = "xoxb-" + "2048613977-4096122338-Kd8sPq2LmW7vRt4XyN9bZc3F"
"""A Slack bot token's shape (made up)."""
APOLLO = "XC7lNBOAUK_hvv_etjKsDA"
"""The owned corpus's Apollo key (a keyword rule: found only after its keyword)."""
ESC = "\x1b"

CUT = [
    f"<span>{TOKEN[:8]}</span><span>{TOKEN[8:]}</span>",
    f"token: {TOKEN[:14]}<b>{TOKEN[14:26]}</b>{TOKEN[26:]} ok",
    f"token {TOKEN[:20]}<wbr>{TOKEN[20:]} ok",
    f"token {TOKEN[:10]}<!-- keep -->{TOKEN[10:]} ok",
    f"<code>{TOKEN[:22]}<br>{TOKEN[22:]}</code>",
    f"token {TOKEN[:4]}**{TOKEN[4:8]}**{TOKEN[8:]} ok",
    f"slack {SLACK[:16]}~~{SLACK[16:30]}~~{SLACK[30:]}",
    f"{ESC}[32mtoken {TOKEN[:12]}{ESC}[1;31m{TOKEN[12:]}{ESC}[0m",
    f"{ESC}]8;;https://example.com/{ESC}\\{SLACK[:18]}{ESC}]8;;{ESC}\\{SLACK[18:]}",
    f"apollo=>= <b>{APOLLO[:11]}</b>{APOLLO[11:]}",
]
PLAIN = [
    "<ul><li>checkout-service</li><li>payment-mock</li></ul> owns <span>payment</span><span>_mock.py</span>",
    "Run **make test** before `git push`; the **checkout-service** owns `payment_mock.py`.",
    f"{ESC}[32mINFO{ESC}[0m build 4f2a9c1e8b7d6a5f3e2d1c0b9a8f7e6d5c4b3a21 passed in {ESC}[1m42s{ESC}[0m",
    "area = width*height*depth; see <b>Section</b><i>4.2</i> and <span>release-2026.12</span><span>-rc1</span>",
]


def test_keys_cut_by_markup_never_reach_sqlite_or_the_pack(tmp_path: Path) -> None:
    texts = CUT + PLAIN
    stored, raw = ingest_memories_and_pack(tmp_path, texts)
    check_blanked_then_kept(stored, len(CUT), PLAIN)
    pieces = [TOKEN[8:20], TOKEN[-12:], TOKEN[26:], SLACK[18:30], SLACK[-12:], APOLLO[11:], APOLLO[:11]]
    for piece in pieces:
        assert piece.encode() not in raw, ascii(piece)
