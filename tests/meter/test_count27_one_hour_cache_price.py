"""A user-priced call that wrote 1-hour cache entries is not priced at the 5-minute write price (count27).

Anthropic bills a prompt token written to the cache for 1 hour at twice the input price, one written for 5 minutes
at 1.25 times (Claude API docs, "Prompt caching", "Pricing"); its usage says how many of the writes were 1-hour ones
(`cache_creation.ephemeral_1h_input_tokens`, a part of `cache_creation_input_tokens`). genai-prices prices that part
apart. A user price file has one write price, `cache_write_usd_per_mtok`: on main every write was priced at it, so a
call writing 1-hour entries had a known cost below the bill (here $0.0139 for a $0.0184 bill, the 2,000 writes at
$3.75 instead of $6 per million). Now a price file may give `cache_write_1h_usd_per_mtok`, and without it such a call
is `unpriced`, saying why. The real proxy between a real httpx client and a real local upstream over loopback,
answering recorded Messages body 09 with its cache counts changed.
"""

from __future__ import annotations

import json
import queue
from pathlib import Path

import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig, make_proxy, post_recorded
from meter_upstream import LocalUpstream

from memeval.meter import ModelCall, PriceBook

MESSAGES = next(r for r in RECORDED if r.name == "anthropic/09-recorded-prompt-cache-read-write/1-200.json")
MODEL = "team-claude-1"
"""A model no pinned table prices: the user file's."""
PRICES = (
    f'[models."{MODEL}"]\ninput_usd_per_mtok = 3.0\noutput_usd_per_mtok = 15.0\n'
    "cache_read_usd_per_mtok = 0.3\ncache_write_usd_per_mtok = 3.75\n"
)


def _call(upstream: LocalUpstream, tmp_path: Path, prices: str, one_hour: int) -> ModelCall:
    """One call answered by body 09/1 with 2,000 cache writes, `one_hour` of them for 1 hour; its record."""
    body = json.loads(MESSAGES.body)
    body["model"] = MODEL
    usage = body["usage"]
    usage["cache_creation_input_tokens"] = 2000
    usage["cache_creation"] = {"ephemeral_5m_input_tokens": 2000 - one_hour, "ephemeral_1h_input_tokens": one_hour}
    file = tmp_path / "prices.toml"
    file.write_text(prices)
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls, prices=PriceBook(file))
    proxy.start()
    try:
        return post_recorded(Rig(upstream, proxy, calls), MESSAGES, body, f"t-{one_hour}")
    finally:
        proxy.stop()


def _usd(input_: int, read: int, write_5m: int, write_1h: int, output: int, one_hour_price: float) -> float:
    return (input_ * 3.0 + read * 0.3 + write_5m * 3.75 + write_1h * one_hour_price + output * 15.0) / 1e6


def test_one_hour_cache_writes_with_no_price_for_them_are_not_priced(upstream: LocalUpstream, tmp_path: Path) -> None:
    call = _call(upstream, tmp_path, PRICES, one_hour=2000)
    assert call.cache_write_tokens == 2000 and call.completed, call
    # main: cost_usd 0.0139 (the 2,000 writes at the 5-minute price), a known figure below the bill
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced", call.cost
    assert "2000 prompt tokens written to the cache for 1 hour" in (call.cost.price_source or ""), call.cost


def test_one_hour_cache_writes_are_priced_at_their_own_price(upstream: LocalUpstream, tmp_path: Path) -> None:
    call = _call(upstream, tmp_path, PRICES + "cache_write_1h_usd_per_mtok = 6.0\n", one_hour=1500)
    usage = json.loads(MESSAGES.body)["usage"]  # input 3 uncached, 1,111 read, 406 out
    want = _usd(usage["input_tokens"], usage["cache_read_input_tokens"], 500, 1500, usage["output_tokens"], 6.0)
    assert call.cost.cost_usd == pytest.approx(want, rel=1e-12), call.cost  # main: the file refused (unknown key)


@pytest.mark.parametrize("prices", [PRICES, PRICES + "cache_write_1h_usd_per_mtok = 6.0\n"])
def test_a_call_with_no_one_hour_writes_is_priced_as_before(
    upstream: LocalUpstream, tmp_path: Path, prices: str
) -> None:
    call = _call(upstream, tmp_path, prices, one_hour=0)
    usage = json.loads(MESSAGES.body)["usage"]
    want = _usd(usage["input_tokens"], usage["cache_read_input_tokens"], 2000, 0, usage["output_tokens"], 6.0)
    assert call.cost.cost_usd == pytest.approx(want, rel=1e-12), call.cost
