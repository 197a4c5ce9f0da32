"""`canonical_json` (one shared encoder) gives the bytes of `json.dumps` with the canonical options."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from memeval.audit._events import canonical_json

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@given(JSON)
def test_canonical_json_is_dumps_with_sorted_keys_no_spaces_and_utf8(value: object) -> None:
    assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_canonical_json_keeps_non_ascii_and_sorts_nested_keys() -> None:
    assert canonical_json({"b": [1, {"z": "数据", "a": None}], "a": 1.5}) == '{"a":1.5,"b":[1,{"a":null,"z":"数据"}]}'
