"""A contradicted claim ships without its full stop no more (polish22).

`pack build` leaves out an item whose text is a side of an open contradiction (or a side a settled one
did not keep) under any id, comparing normalised texts (NFKC, case, white space, invisible characters).
But "Keep logs 30 days" and "Keep logs 30 days." compared unequal, so one claim shipped while it was
contradicted. The sides are compared without their closing marks now; the shipped text is unchanged.
"""

from __future__ import annotations

from memeval.audit import build_pack
from memeval.audit._bridge import claim_text, normalized_text

SIDE_A, SIDE_B = "Keep logs 30 days.", "Keep logs 90 days."


def test_a_side_without_its_full_stop_is_the_same_claim_and_is_left_out(store, make) -> None:
    store.append(
        [
            make("memory.written", "mem_a", {"kind": "fact", "text": SIDE_A}),
            make("memory.written", "mem_b", {"kind": "fact", "text": SIDE_B}),
            make("memory.written", "mem_a2", {"kind": "fact", "text": "keep logs 30 days"}),
            make("memory.written", "mem_b2", {"kind": "fact", "text": "Keep logs 90 days!!"}),
            make("memory.written", "mem_c", {"kind": "fact", "text": "Keep logs 30 days in cold storage."}),
            make("memory.written", "mem_d", {"kind": "fact", "text": "Rotate keys monthly;"}),
            make(
                "contradiction.opened",
                "con_1",
                {"a_item": "mem_a", "a_text": SIDE_A, "b_item": "mem_b", "b_text": SIDE_B},
                actor=("system", "memory-checker"),
            ),
        ],
        sender="s",
        origin="ingest",
    )
    built = build_pack(store, "fernhill")
    assert [i.text for i in built.pack.items] == ["Keep logs 30 days in cold storage.", "Rotate keys monthly;"]
    why = dict(built.excluded)
    assert why["mem_a2"] == "same text as side a of open contradiction con_1", why
    assert why["mem_b2"] == "same text as side b of open contradiction con_1", why


def test_closing_marks_are_dropped_for_the_comparison_only() -> None:
    for text in ("Keep logs 30 days.", "KEEP logs 30 days", "Keep logs 30 days\u2026", "Keep logs 30 days\u3002",
                 "Keep logs 30 days\uff01", "Keep logs 30 days ?! ", "Keep logs 30 days.\u200b"):  # fmt: skip
        assert claim_text(text) == "keep logs 30 days", text
    assert claim_text("Keep logs 3.0 days") == "keep logs 3.0 days"  # only the end
    assert normalized_text("Keep logs 30 days.") != normalized_text("Keep logs 30 days")  # duplicates as before
