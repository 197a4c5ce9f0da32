"""Texts that differ only by characters that show nothing are one text to the pack (breaker round 24).

`pack build` leaves out an item whose normalised text equals a side of an open contradiction, but
the normalisation (NFKC, case fold, white space) kept zero-width spaces, soft hyphens, word joiners,
direction marks and tag characters: "Refunds are decided within 30\u200b days." reads exactly as
the contradicted side yet shipped under another id, and such copies were not merged as duplicates.
The end-to-end case is in `test_breaker23_contradicted_text.py` (memories mem_zw_b, mem_shy_a).
"""

from __future__ import annotations

import pytest

from memeval.audit._bridge import normalized_text

SIDE = "Refunds are decided within 30 days."


@pytest.mark.parametrize(
    "variant",
    [
        "Refunds are decided within 30\u200b days.",  # zero-width space
        "Refunds are de\u00adcided within 30 days.",  # soft hyphen
        "Refunds\u2060 are decided within 30 days.",  # word joiner
        "\ufeffRefunds are decided within 30 days.",  # byte-order mark
        "Refunds are decided within \u202e30 days.",  # direction override
        "Refunds are decided within 30 days.\U000e0041\U000e007f",  # tag characters
        "Refunds are decided within 30\ufe0f days.",  # variation selector
        "Refunds are\u200c decided\u200d within 30 days.",  # zero-width non-joiner, joiner
    ],
)
def test_an_invisible_character_does_not_make_another_text(variant: str) -> None:
    assert normalized_text(variant) == normalized_text(SIDE)


def test_visible_differences_still_count() -> None:
    assert normalized_text("Refunds are decided within 3 0 days.") != normalized_text(SIDE)
    assert normalized_text("Refunds are decided within 30 days!") != normalized_text(SIDE)
    assert normalized_text("  REFUNDS are decided\twithin 30 days. ") == normalized_text(SIDE)
