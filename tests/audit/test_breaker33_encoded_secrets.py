"""Keys in HTML character references or other escapes, and cards in other scripts' digits, were stored raw (breaker33).

The redactor read JSON and Python escapes (`\\u0067`, `\\x67`), percent-encoding, Base64 and hex, but not HTML
character references (`&#103;hp_...`, `&#x67;`, `ghp&lowbar;...`), ECMAScript's `\\u{67}`, Python's
`\\U00000067` or octal `\\147` (C, `printf`), nor a key with one character of its prefix swapped for a
look-alike (a Cyrillic er in `ghp_`, a Cyrillic capital A in `AKIA`, a modifier low macron for the `_`: the
body, the secret itself, whole), nor quoted-printable (a mail body as sent: a soft line break cut the key and
only its first characters were blanked; `=5F` in an encoded word): a GitHub token or an AWS key id so written
went through `memeval audit ingest` into the database, the review pages and `memeval pack build`'s pack as
sent, and any browser, HTML parser, shell `printf` or agent reading the text back gets the key. A text taken
from a web page's source holds references as a matter of course.

A card number or an IBAN written in Arabic-Indic, Persian or Devanagari digits (`٤١١١ ١١١١ ...`,
how many people in those places write them) was stored raw too: NFKC keeps those digits, and the
card and IBAN recognizers read ASCII ones. The redactor's normal view now reads every script's
decimal digits as ASCII digits (one for one, so the span blanked is the one written).

Each is checked through `memeval audit ingest` on SQLite (the database file, its WAL and shared
memory) and on PostgreSQL, and in the pack `memeval pack build` builds (both command lines run in the
test's process: `ingest_events.memeval_here`; the claim is what they store and build); ordinary text
with references, escapes and other scripts' digits is left as written.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from ingest_events import memeval_here, user_env
from pg_fixture import PgServer, need_pg

from memeval.audit import open_store

TOKEN = "ghp_" + "Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q"
"""A GitHub token's shape (made up)."""
AWS_ID = "AKIAQ3EGRTYUIO2PLKJH"
"""An AWS access key id's shape (made up)."""
CARD = "4111 1111 1111 1111"
"""A Luhn-valid test card number."""
IBAN = "GB82 WEST 1234 5698 7654 32"
"""The IBAN registry's example for GB."""
ARABIC = str.maketrans("0123456789", "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669")
PERSIAN = str.maketrans("0123456789", "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9")
DEVANAGARI = str.maketrans("0123456789", "\u0966\u0967\u0968\u0969\u096a\u096b\u096c\u096d\u096e\u096f")


def decimal_refs(s: str) -> str:
    return "".join(f"&#{ord(c)};" for c in s)


def hex_refs(s: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in s)


def braced(s: str) -> str:
    return "".join(f"\\u{{{ord(c):x}}}" for c in s)


def long_escapes(s: str) -> str:
    return "".join(f"\\U{ord(c):08x}" for c in s)


def octal(s: str) -> str:
    return "".join(f"\\{ord(c):o}" for c in s)


ENCODED = [
    "Deploy token from the settings page source: " + decimal_refs(TOKEN),
    "Deploy token (hex references): " + hex_refs(TOKEN) + ".",
    "Token copied from the page: &#103;" + TOKEN[1:] + " (rotate it)",
    "Token with its underscore named: ghp&lowbar;" + TOKEN[4:],
    "JS config: const t = '" + braced(TOKEN) + "';",
    "Python repr: '" + long_escapes(TOKEN) + "'",
    "printf '" + octal(TOKEN) + "' > ~/.token",
    "AWS key id &#65;" + AWS_ID[1:] + " for the uploads bucket",
    "Token with a Cyrillic er in its prefix: gh\u0440_" + TOKEN[4:],
    "AWS key id with a Cyrillic A: \u0410" + AWS_ID[1:] + " (uploads)",
    "Token with a modifier low macron for its underscore: ghp\u02cd" + TOKEN[4:],
    # a mail body kept quoted-printable: a soft break (`=` ending a filled line of 76) cuts the key
    "Here is the deploy token for the staging host, please keep it: " + TOKEN[:12] + "=\n" + TOKEN[12:] + " thanks",
    "Subject: =?UTF-8?Q?token_ghp=5F" + TOKEN[4:] + "?=",
]
DIGITS = [
    "Refund to card " + CARD.translate(ARABIC) + " please.",
    "Refund to card " + CARD.translate(PERSIAN) + ".",
    "Card on file: " + CARD.translate(DEVANAGARI),
    "Pay the supplier: IBAN " + IBAN.translate(ARABIC),
]
PLAIN = [
    "Tom &amp; Jerry plush toys ship with R&amp;D samples &#8212; caf&eacute; d&eacute;cor &copy; 2026.",
    "Windows share: C:\\Users\\100files\\2024\\report and regex \\1\\2 both stay.",
    "\u0627\u0644\u0633\u0639\u0631 \u0664\u0665 \u0631\u064a\u0627\u0644 "
    "\u0644\u0644\u0642\u0637\u0639\u0629 (order \u0661\u0662\u0663).",
    "\u0915\u0940\u092e\u0924 \u096a\u096b\u0966 \u0930\u0941\u092a\u092f\u0947 \u0939\u0948",
    "Checksums end in padding like dGVzdA==\nDate=20211011 and Expires=172800 stay as written.",
    "\u041c\u043e\u0441\u043a\u0432\u0430 and \u0391\u03b8\u03ae\u03bd\u03b1 orders ship by DHL-2026 "
    "(\u0437\u0430\u043a\u0430\u0437 A1-\u0410\u0411).",
]


def _line(i: int, text: str) -> str:
    return json.dumps({
        "type": "memory.written", "occurred_at": f"2026-11-20T10:00:{i:02d}Z", "team": "fernhill",
        "sender_event_id": f"enc-{i}", "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_enc",
        "subject": f"mem_enc{i}", "payload": {"text": text, "source": "web"},
    })  # fmt: skip


def _readings(text: str) -> list[str]:
    """`text` as a browser, a JSON/JS/Python reader or `printf` would read it back."""
    unescaped = text.encode("latin-1", "backslashreplace").decode("unicode_escape", "replace")
    braces = re.sub(r"\\u\{([0-9a-fA-F]{1,6})\}", lambda m: chr(int(m[1], 16)), text)
    return [text, html.unescape(text), unescaped, braces]


def _forbidden(texts: list[str]) -> list[str]:
    keys = [TOKEN, TOKEN[4:20], TOKEN[-16:], AWS_ID[1:]]
    return keys + [v.replace(" ", "") for v in (CARD, IBAN)] + [CARD, IBAN] + [
        f(CARD) for f in (lambda s: s.translate(ARABIC), lambda s: s.translate(PERSIAN),
                          lambda s: s.translate(DEVANAGARI))
    ] + [IBAN.translate(ARABIC)]  # fmt: skip


def _check(stored: dict[str, str], pack_text: str) -> None:
    texts = ENCODED + DIGITS + PLAIN
    forbidden = _forbidden(texts)
    pack_items = [i["text"] for i in json.loads(pack_text)["items"]]
    for subject, text in stored.items():
        for reading in _readings(text):
            for secret in forbidden:
                assert secret not in reading, (subject, ascii(text))
    assert pack_items
    for text in pack_items:
        for reading in _readings(text):
            assert not [s for s in forbidden if s in reading], ascii(text)
    n = len(ENCODED) + len(DIGITS)
    for i, plain in enumerate(PLAIN):
        assert stored[f"mem_enc{n + i}"] == plain, ascii(stored[f"mem_enc{n + i}"])
    for i in range(n):
        assert "[REDACTED:" in stored[f"mem_enc{i}"], ascii(stored[f"mem_enc{i}"])


def _ingest(tmp_path: Path, db: str) -> tuple[dict[str, str], str]:
    texts = ENCODED + DIGITS + PLAIN
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(_line(i, t) for i, t in enumerate(texts)) + "\n", encoding="utf-8")
    env = user_env(tmp_path / "home")
    memeval_here(["audit", "ingest", str(f), "--db", db, "--sender", "webbot"], env)
    pack = tmp_path / "pack.json"
    memeval_here(["pack", "build", "--team", "fernhill", "--db", db, "--out", str(pack)], env)
    store = open_store(db)
    try:
        stored = {e.subject: e.payload.text for e in store.events("fernhill") if e.type == "memory.written"}
        # a text held for a person is stored in its hold (redacted the same way)
        stored |= {e.payload.item_id: e.payload.text for e in store.events("fernhill") if e.type == "hold.created"}
    finally:
        store.engine.dispose()
    assert len(stored) == len(texts), sorted(stored)
    return stored, pack.read_text(encoding="utf-8")


def test_encoded_keys_and_cards_in_other_digits_never_reach_sqlite_or_the_pack(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"
    stored, pack_text = _ingest(tmp_path, f"sqlite:///{db_file}")
    _check(stored, pack_text)
    raw = b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.is_file())
    encoded_forms = [decimal_refs(TOKEN[4:20]), hex_refs(TOKEN[4:20]), braced(TOKEN[4:20]),
                     long_escapes(TOKEN[4:20]), octal(TOKEN[4:20]), TOKEN[4:], TOKEN[-16:], AWS_ID[1:],
                     CARD.translate(ARABIC), CARD.translate(PERSIAN), CARD.translate(DEVANAGARI),
                     IBAN.translate(ARABIC)]  # fmt: skip
    for form in encoded_forms:
        assert form.encode() not in raw, ascii(form)


@pytest.mark.slow  # a PostgreSQL database
def test_encoded_keys_and_cards_in_other_digits_never_reach_postgres(
    tmp_path: Path, pg_server: PgServer | None
) -> None:
    stored, pack_text = _ingest(tmp_path, need_pg(pg_server).new_database())
    _check(stored, pack_text)
