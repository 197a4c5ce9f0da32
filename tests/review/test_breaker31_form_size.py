"""The review pages read no form past 4 MiB, so nobody can make the server parse gigabytes (real loopback server).

Starlette reads a form whole before the route's first line runs, and the login form's CSRF token and
name are form fields: on main an unauthenticated `POST /login` of 300 MiB was read and parsed to its
end (85 s of the server's event loop at load 12, 264 MiB held) and then answered 403, and one that
declared 1 GiB and sent a little was waited on for good. Now a body over `FORM_MAX_BYTES` is answered
413, at once when its length is declared, where it passes the bound when it is chunked.
"""

from __future__ import annotations

import socket

import httpx
import pytest
from patience import patient

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_a_declared_huge_login_is_answered_413_before_its_body_is_sent(server):
    port = int(server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=patient(30)) as s:
        s.sendall(
            b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 1073741824\r\n\r\nusername=alice&password=" + b"A" * 65536
        )
        answer = s.recv(200)  # main: no answer, the server waits for the rest of the gigabyte
    assert answer.startswith(b"HTTP/1.1 413 "), answer


def test_a_chunked_form_past_the_bound_is_cut_with_413(server):
    def body():
        yield b"username=alice&password="
        for _ in range(6 * 16):  # 6 MiB in fields of 64 KiB (Starlette refuses one field over 1 MiB itself)
            yield b"&note=" + b"A" * 65530

    r = httpx.post(
        server + "/login",
        content=body(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        timeout=patient(60),
    )
    assert r.status_code == 413, (r.status_code, r.text[:200])  # main: 403, after parsing all of it


def test_an_ordinary_login_form_still_works(server):
    r = httpx.get(server + "/login", timeout=patient(30))
    assert r.status_code == 200 and "csrf_token" in r.text
