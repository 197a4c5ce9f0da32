"""Stored event ids are drawn without building a `uuid.UUID` (ingest33), with the same shape and bits.

`_write._insert` stamped each stored event `"ev_" + uuid.uuid4().hex[:24]`: about 1.9 us of CPU an
event for the `UUID` object, its integer and its formatting. `_write.new_event_id` draws the same
12 bytes from `os.urandom` and sets uuid4's version and variant bits in them as `uuid.UUID` does, so an
id has the same 24 hex digits with the same fixed ones (the 13th is `4`, the 17th one of `89ab`) and
the same 90 random bits. The tests read real ids (`uuid.uuid4`'s and `new_event_id`'s) and store real
events on SQLite and PostgreSQL; nothing is patched.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter

from memeval.audit._write import new_event_id

SHAPE = re.compile(r"ev_[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{7}")
"""`"ev_" + uuid.uuid4().hex[:24]`: the version digit 4 at the 13th place, the variant's top bits `10` at the 17th."""

DRAWS = 4000


def _digit_counts(ids: list[str]) -> list[Counter[str]]:
    return [Counter(i[3 + k] for i in ids) for k in range(24)]


def test_uuid4_ids_have_the_shape_this_test_names() -> None:
    """The shape is uuid4's own (so the comparison below is with what the store wrote before)."""
    ids = ["ev_" + uuid.uuid4().hex[:24] for _ in range(DRAWS)]
    assert all(SHAPE.fullmatch(i) for i in ids)


def test_new_event_ids_have_uuid4s_shape_and_random_digits() -> None:
    ids = [new_event_id() for _ in range(DRAWS)]
    bad = [i for i in ids if not SHAPE.fullmatch(i)]
    assert not bad, bad[:5]
    assert len(set(ids)) == DRAWS
    counts = _digit_counts(ids)
    assert set(counts[12]) == {"4"}  # the version digit
    assert set(counts[16]) == set("89ab")  # the variant digit: its two low bits are random
    for k, c in enumerate(counts):
        if k not in (12, 16):
            # a fully random digit: all 16 values, none far from DRAWS/16 = 250 (a fixed or stuck bit would show)
            assert len(c) == 16 and min(c.values()) > 150 and max(c.values()) < 350, (k, c)
    assert min(counts[16].values()) > 800  # four values, about 1000 each


def test_stored_events_carry_such_ids(store, make) -> None:  # type: ignore[no-untyped-def]
    drafts = [make("session.started", None, {"slice_id": "sl_1", "slice_hash": "sha256:ab"}, session=f"s{i}",
                   id=f"s{i}") for i in range(20)]  # fmt: skip
    store.append(drafts, sender="s")
    stored = list(store.events("fernhill"))
    assert len(stored) == 20
    assert all(e.event_id and SHAPE.fullmatch(e.event_id) for e in stored)
    assert len({e.event_id for e in stored}) == 20
    assert all(e.hash == e.compute_hash() for e in stored)
