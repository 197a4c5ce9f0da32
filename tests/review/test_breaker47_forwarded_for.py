"""A forged X-Forwarded-For gave every login attempt a fresh address to be throttled under (breaker47).

`memeval serve` listens on 127.0.0.1 and uvicorn, by default, believes `X-Forwarded-For` from
127.0.0.1: every client of a default server is there, so any of them named its own address per
request and the per-address limit (10 x `login_max_failures` a window, the one that stops one
address spraying a password over many accounts) never filled; it could also fill another
address's count. On main the 11th attempt from one client went to the password check (401); now
it waits (429). The twin: a proxy the operator names in `FORWARDED_ALLOW_IPS` still has each
browser counted under its own forwarded address.
"""

from __future__ import annotations

import httpx
import pytest
from live_server import LiveServer
from review_helpers import NOW, csrf_of, settings

from memeval._readtimeout import uvicorn_config
from memeval.review import create_review_app


def _attempts(url: str, n: int) -> list[int]:
    """Statuses of `n` failed logins under new names, each claiming another forwarded address."""
    with httpx.Client(base_url=url, timeout=60) as c:
        token = csrf_of(c.get("/login").text)
        return [
            c.post(
                "/login",
                data={"username": f"nobody{i}", "password": "wrong", "csrf_token": token},
                headers={"X-Forwarded-For": f"198.51.100.{i + 1}"},
            ).status_code
            for i in range(n)
        ]


@pytest.mark.slow  # 11 argon2 checks a case
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize("proxy", ["", "127.0.0.1"], ids=["no-proxy-named", "proxy-named"])
def test_forged_forwarded_address_does_not_reset_the_address_limit(store, seeded, monkeypatch, proxy):
    if proxy:
        monkeypatch.setenv("FORWARDED_ALLOW_IPS", proxy)
    else:
        monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    app = create_review_app(store, settings(login_max_failures=1), clock=lambda: NOW)  # 10 per address
    with LiveServer(app, config=uvicorn_config) as srv:
        codes = _attempts(srv.url, 11)
    if proxy:  # each browser behind the named proxy has its own count
        assert codes == [401] * 11, codes
    else:  # one client, one address, whatever it claims
        assert codes == [401] * 10 + [429], codes
