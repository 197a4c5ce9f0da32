"""Refused logins under new names cost the server no memory (breaker 14).

The login throttle looked a name up by creating its entry: while an address was over its limit,
each refused attempt under a new name (no password hash is computed, so they are cheap to send)
left one empty entry behind, and the clean-up ran only for attempts that went ahead. 200,000
refused attempts kept 200,000 entries, 172 MB, for as long as the address stayed locked out.
"""

from __future__ import annotations

import tracemalloc

from memeval.review._accounts import LoginThrottle


def test_refused_attempts_under_new_names_keep_nothing() -> None:
    throttle = LoginThrottle(max_failures=5, window_s=900)
    for i in range(50):  # fifty names, five tries short of each one's limit: the address's 50 are used up
        assert throttle.begin(f"guess{i}", "203.0.113.7")[0] == 0
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(20_000):
            wait, _ = throttle.begin(f"name{i:06d}", "203.0.113.7")
            assert wait > 0  # refused: the address is over its limit
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1_000_000, f"{grown} bytes kept for 20,000 refused attempts"
    assert throttle.begin("guess0", "198.51.100.9")[0] == 0  # another address still gets its tries
