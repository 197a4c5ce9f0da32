"""The write path's log rows of a batch, made in one pass after its decisions (`_logrow.chained_log_rows`, ingest51)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path


def test_chained_log_rows_are_the_rows_and_hashes_made_one_event_at_a_time() -> None:
    """Every row `chained_log_rows` makes is `log_row` of its draft with the store fields, its body
    `canonical_body`'s text and its hash the SHA-256 of that body's bytes, each event chained after the
    one before it in its own team's chain (two teams interleaved, one starting at genesis and one at a
    stored head), and each chain ends at its last event's hash: the sample week once sanitised (blanked
    secrets, holds with a float score) and a text of odd characters."""
    import hashlib

    from memeval.audit._events import EVENT_ADAPTER, GENESIS_HASH
    from memeval.audit._heads import Chain
    from memeval.audit._logrow import canonical_body, chained_log_rows, log_row
    from memeval.audit._sanitize import Sanitizer
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    week = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"
    drafts = [EVENT_ADAPTER.validate_python(json.loads(line)) for line in week.read_text().splitlines()]
    mem = next(d for d in drafts if d.type == "memory.written")
    weird = 'tab\t nl\n ctl\x01 q" bs\\ é 漢 😀 \ufeff'
    drafts.append(mem.model_copy(update={"payload": mem.payload.model_copy(update={"text": weird})}))
    sanitizer = Sanitizer(get_redactor(), get_hold_detector(), b"k" * 32)
    expanded = [ev for evs in sanitizer.sanitize_many(drafts, "sample") for ev in evs]
    assert {"secret.blanked", "hold.created", "memory.written"} <= {e.type for e in expanded}
    teams = ["fernhill", "oakbank"]
    events = [ev.model_copy(update={"team": teams[k % 2]}) for k, ev in enumerate(expanded)]
    start = {"fernhill": GENESIS_HASH, "oakbank": "sha256:" + "ab" * 32}
    chains = {"fernhill": Chain(0, start["fernhill"], 0, stored=False), "oakbank": Chain(9, start["oakbank"], 9)}
    seqs = {"fernhill": 0, "oakbank": 9}
    pending = []
    want = []
    last = dict(start)
    for k, ev in enumerate(events):
        seqs[ev.team] += 1
        recorded = dt.datetime(2026, 12, 2, 9, 0, 0, k * 1001, tzinfo=dt.UTC)
        pending.append((ev, f"ev_{k:024x}", seqs[ev.team], recorded, "sample", chains[ev.team]))
        fields = {
            "event_id": f"ev_{k:024x}",
            "seq": seqs[ev.team],
            "recorded_at": recorded,
            "sender": "sample",
            "prev_hash": last[ev.team],
        }
        text, raw = canonical_body(ev, fields)
        last[ev.team] = digest = "sha256:" + hashlib.sha256(raw).hexdigest()
        want.append(log_row(ev, fields, digest, text))
    assert chained_log_rows(pending) == want
    assert {t: c.hash for t, c in chains.items()} == last
    assert last["fernhill"] != GENESIS_HASH and last["oakbank"] != start["oakbank"]
