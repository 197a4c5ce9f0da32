"""A key's body stored whole after its prefix left dangling, when it came later or in pieces (breaker49).

breaker48 blanked the body of a key whose prefix ended one memory (`The deploy token is ghp_`) when the next text of
the stream (or of the team) held it within 64 characters of its start. Three ways round it each stored the whole key
(the prefix being public): (1) a text between the two (`Note: the queue restarts nightly.`), (2) a lead-in longer than
64 characters, (3) the body cut again, `part one <18>` then `part two <18>`, each piece shorter than any rule reads.
And (4) a prefix followed by punctuation or markup (`ghp_.`, `**ghp_**`, `` `ghp_`: ``, `ghp_…`) or by words (`ghp_ (the
rest is in the next note)`) left nothing dangling. The prefix now stays dangling until its body is found in a later
text of the stream or the team, anywhere in it, or in pieces that each end their text; punctuation, markup or words
after it no longer hide it (`memeval.redact._dangling`). Through a real `memeval audit ingest` into SQLite,
three events a batch (so a prefix is stored before its body arrives, and some pairs meet inside a batch), no
12-character run of any body is in the database file or its WAL; a prefix named in prose, followed by a
commit id and ordinary words in the texts after it, is stored as written. Since redact45 also a body cut into six
pieces of 6 characters, one a memory, and a body cut in two pieces each followed by words: no piece is stored.
"""

from __future__ import annotations

import secrets
import string
from pathlib import Path

from ingest_events import ingest_to_sqlite

ALPHABET = string.ascii_letters + string.digits
MARKED = ("ghp_.", "**ghp_**", "`ghp_`:", "ghp_\u2026", "ghp_ (the rest is in the next note)")
"""A prefix followed by punctuation, markup, or words: none left the prefix dangling before (breaker49)."""


def _body() -> str:
    """36 random characters of a GitHub token's body holding lower case, upper case and digits, two or more each."""
    while True:
        b = "".join(secrets.choice(ALPHABET) for _ in range(36))
        if all(sum(c in g for c in b) >= 2 for g in (string.ascii_lowercase, string.ascii_uppercase, string.digits)):
            if all(sum(c in string.digits for c in half) >= 2 for half in (b[:18], b[18:])):
                return b


def _switching(n: int) -> str:
    """`n` random characters of a GitHub token's body, lower case, upper case and a digit in turn (a random body
    changes group at about 6 steps in 10; this one at every step, so the test does not depend on the draw)."""
    groups = (string.ascii_lowercase, string.ascii_uppercase, string.digits)
    return "".join(secrets.choice(groups[k % 3]) for k in range(n))


def test_a_key_body_later_far_in_pieces_or_after_a_marked_prefix_is_not_stored(tmp_path: Path) -> None:
    later, far, cut, inside = _body(), _body(), _body(), _switching(36)
    short = [_switching(6) for _ in range(6)]
    marked = {head: _body() for head in MARKED}
    commit = secrets.token_hex(20)
    memories = [  # (session, text)
        ("ses_1", "The deploy token is ghp_"),
        ("ses_1", "Note: the queue restarts nightly."),
        ("ses_1", f"(continued) {later} for the release job"),
        ("ses_2", "The build token is ghp_"),
        ("ses_2", f"(continued, as promised in the channel earlier today, here is the rest you asked for): {far}"),
        ("ses_3", "The bot token is ghp_"),
        ("ses_3", f"part one {cut[:18]}"),
        ("ses_3", f"part two {cut[18:]}"),
        *(
            (f"ses_m{k}", text)
            for k, (head, body) in enumerate(marked.items())
            for text in (f"The mirror token is {head}", f"(continued) {body}")
        ),
        # redact45: pieces under 8 characters, and pieces with words after them (breaker49 left both open)
        ("ses_5", "The runner token is ghp_"),
        *(("ses_5", f"piece {k + 1}: {p}") for k, p in enumerate(short)),
        ("ses_6", "The cache token is ghp_"),
        ("ses_6", f"first half {inside[:18]} (the rest is in the next note)"),
        ("ses_6", f"second half {inside[18:]}, as agreed"),
        ("ses_4", "GitHub classic tokens start with ghp_"),
        ("ses_4", "The JavaScript SDK moved to the monorepo; see CONTRIBUTING for the layout."),
        ("ses_4", f"Release 4.2 is commit {commit}."),
    ]
    events = [
        {"type": "memory.written", "occurred_at": f"2026-11-20T10:00:{i:02d}Z", "team": "fernhill",
         "sender_event_id": f"dr{i}", "actor": {"kind": "agent", "id": "support-bot"}, "session": session,
         "subject": f"mem_{i}", "payload": {"text": text}}
        for i, (session, text) in enumerate(memories)
    ]  # fmt: skip
    stored, raw, _, _ = ingest_to_sqlite(tmp_path, events, ("--batch-size", "3"))
    for body in (later, far, cut, *marked.values()):  # on main: all eight stored whole
        for k in range(0, len(body) - 11, 6):
            assert body[k : k + 12].encode() not in raw, (body, k)
    for piece in (*short, inside[:18], inside[18:]):  # on main before redact45: every piece stored
        assert piece.encode() not in raw, piece
    assert stored["mem_2"] == "(continued) [REDACTED:GITHUB_TOKEN] for the release job", stored["mem_2"]
    assert stored["mem_4"].endswith("you asked for): [REDACTED:GITHUB_TOKEN]"), stored["mem_4"]
    assert stored["mem_6"] == "part one [REDACTED:GITHUB_TOKEN]", stored["mem_6"]
    assert stored["mem_7"] == "part two [REDACTED:GITHUB_TOKEN]", stored["mem_7"]
    for i, (session, text) in enumerate(memories):
        if i in (2, 4, 6, 7) or session in ("ses_5", "ses_6"):
            continue  # read above
        want = "(continued) [REDACTED:GITHUB_TOKEN]" if text.startswith("(continued) ") else text
        assert stored[f"mem_{i}"] == want, (i, stored[f"mem_{i}"])
