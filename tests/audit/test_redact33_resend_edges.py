"""Which text pairs the resend check reads as differing only where a join blanked an edge (redact33, issue 15).

`memeval.audit._resendjoin.same_but_join` on texts as the check compares them (placeholders as `[REDACTED]`): the
real server test is `test_redact33_resend_across.py`; these pin the rule's edges, each pair as the write path
meets it (a stored text and a resend redacted after another predecessor).
"""

from __future__ import annotations

from memeval.audit._resendjoin import same_but_join, texts_differ_only_by_join

B = "[REDACTED]"


def test_a_blank_start_or_end_a_join_made_matches_any_text_there() -> None:
    raw = "0bb36a38faa37f35c717414db781277890 for the search API"
    assert same_but_join(f"{B} for the search API", raw, True, False)  # stored after its predecessor, resent alone
    assert same_but_join(raw, f"{B} for the search API", False, True)  # stored alone, resent after it
    assert same_but_join("use sgph_d539f9", f"use {B}", False, True)  # the end blanked by the next event
    assert same_but_join(f"{B} mid {B}", "8b3f1d mid key", True, False)  # both ends
    assert same_but_join(f"{B} rest", f"{B}cd rest", True, False)  # the join's blank longer than the text's own
    assert same_but_join(B, "1d4c5a4b6e", True, False)  # the whole text a key's part


def test_without_a_join_s_blank_or_with_the_rest_changed_the_texts_differ() -> None:
    """Not gated (no `+across-events` on that side): a blank start is the text's own and a changed word is a change."""
    assert not same_but_join(f"{B} for the search API", "hello for the search API", False, False)
    assert not same_but_join(f"{B} for the search API", "0bb36a for the billing API", True, False)
    assert not same_but_join(f"{B} for the search API", "0bb36a for the search API", False, True)  # gate on the raw
    assert not same_but_join(f"use {B}", "use sgph_d539f9 today", True, False)  # words added after the blank end
    assert not same_but_join(B, "1d4c5a4b6e and more", True, False)


def test_payloads_compare_field_by_field() -> None:
    stored = {"text": f"{B} for the search API", "kind": "fact"}
    assert texts_differ_only_by_join(stored, {"text": "0bb36a for the search API", "kind": "fact"}, frozenset({"text"}),
                                     frozenset())  # fmt: skip
    assert not texts_differ_only_by_join(stored, {"text": "0bb36a for the search API", "kind": "howto"},
                                         frozenset({"text"}), frozenset())  # fmt: skip
    assert not texts_differ_only_by_join(stored, {"text": "0bb36a for the search API"}, frozenset({"text"}),
                                         frozenset())  # fmt: skip
