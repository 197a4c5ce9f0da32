"""Encoded and split secrets are blanked where they were written (issue 15: the outside testers'
URL-encoded, JSON-escaped, Base64-wrapped, hex and split keys), and only there."""

from __future__ import annotations

import base64
import json
import random
import string
import urllib.parse

import pytest

from memeval.redact import get_redactor
from memeval.redact._decode import encoded_segments, joined_view, unescape_view, url_view

ALNUM = string.ascii_letters + string.digits
_RNG = random.Random("decoded")  # seeded: every run reads the same key (no chance run draws a placeholder's shape)
KEY = "ghp_" + "".join(_RNG.choice(ALNUM) for _ in range(36))  # a GitHub token's documented shape


def _u(s: str) -> str:
    return "".join(c if c.isalnum() else f"\\u{ord(c):04x}" for c in s)


CASES = {
    "url-encoded": f"callback?token={urllib.parse.quote('token=' + KEY, safe='')}&next=%2Fhome",
    "json-u-escaped": '{"cfg": "' + _u("GITHUB_TOKEN=" + KEY) + '"}',
    "json-slash-escaped": json.dumps({"url": f"https://x.example/{KEY}/y"}).replace("/", "\\/"),
    "base64": f"echo {base64.b64encode(KEY.encode()).decode()} | base64 -d > ~/.token",
    "base64-urlsafe": "v=" + base64.urlsafe_b64encode(f"GITHUB_TOKEN={KEY}".encode()).decode().rstrip("="),
    "hex": f"payload 0x{('token: ' + KEY).encode().hex()} sent",
    "split-plus": f'token = "{KEY[:17]}" + "{KEY[17:]}"',
    "split-adjacent": f"token = ('{KEY[:20]}'\n         '{KEY[20:]}')",
    "split-continuation": f"export GH={KEY[:22]}\\\n{KEY[22:]}",
}


AROUND = {
    "url-encoded": ("callback?token=", "&next=%2Fhome"),
    "json-u-escaped": ('{"cfg": "', '"}'),
    "json-slash-escaped": ('{"url": "https:\\/\\/x.example\\/', '\\/y"}'),
    "base64": ("echo ", " | base64 -d > ~/.token"),
    "base64-urlsafe": ("v=", ""),
    "hex": ("payload 0x", " sent"),
    "split-plus": ('token = "', '"'),
    "split-adjacent": ("token = ('", "')"),
    "split-continuation": ("export GH=", ""),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_encoded_or_split_key_is_blanked_where_written(name: str) -> None:
    text = CASES[name]
    red = get_redactor().redact(text)
    assert red.findings, (name, red.text)
    # no 8-character piece of the key (or of its encoded form) is left
    forms = {KEY, urllib.parse.quote(KEY, safe=""), _u(KEY), KEY.encode().hex()}
    for form in forms:
        assert not any(form[i : i + 8] in red.text for i in range(0, len(form) - 7)), (name, red.text)
    # what is around it stays readable: the blank covers the encoded secret, not the whole text
    before, after = AROUND[name]
    assert red.text.startswith(before) and red.text.endswith(after), (name, red.text)


def test_decoded_readings_map_back_to_the_encoded_characters() -> None:
    text = 'a "x\\u002Fy" b%2Fc'
    v = unescape_view(text)
    assert v is not None and v.text == 'a "x/y" b%2Fc'
    i = v.text.index("/")
    assert v.span(i, i + 1) == (text.index("\\u002F"), text.index("\\u002F") + 6)
    u = url_view(text)
    assert u is not None and u.text.endswith("b/c") and u.span(len(u.text) - 2, len(u.text) - 1) == (14, 17)
    j = joined_view('k = "ab" + "cd"')
    assert j is not None and j.text == 'k = "abcd"'


def test_segments_that_are_not_text_are_not_read() -> None:
    digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    image = base64.b64encode(bytes(range(256))).decode()
    assert encoded_segments(f"sha256 {digest} and data:image/png;base64,{image}") == []
    assert get_redactor().redact(f"sha256 {digest}").findings == ()
    words = base64.b64encode(b"run the payment mock first").decode()
    assert encoded_segments(words)[0][2] == "run the payment mock first"
    assert get_redactor().redact(f"note {words}").findings == ()  # decodes to text without a secret
