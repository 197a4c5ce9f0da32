"""The labelled corpus (tests/fixtures/redact_corpus/) and the contexts each item is placed in.

A context is `(name, wrap)`: `wrap(text)` returns the text as it would sit in that context and a
function giving the form a secret takes there (JSON and repr escape it; the rest keep it as is).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "redact_corpus" / "corpus.jsonl"


@dataclass(frozen=True)
class Item:
    group: str  # credential | pii | lookalike
    label: str
    source: str
    text: str
    secrets: tuple[str, ...]


def load_corpus() -> list[Item]:
    out = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        dec = lambda s: base64.b64decode(s).decode("utf-8")  # noqa: E731
        out.append(Item(d["group"], d["label"], d["source"], dec(d["text"]), tuple(dec(s) for s in d["secrets"])))
    return out


def _same(s: str) -> str:
    return s


def _json_form(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)[1:-1]


def _repr_form(s: str) -> str:
    return repr(s)[1:-1]


Wrap = Callable[[str], tuple[str, Callable[[str], str]]]


def _fmt(template: str) -> Wrap:
    return lambda t: (template.replace("{t}", t), _same)


CONTEXTS: list[tuple[str, Wrap]] = [
    ("plain", _fmt("{t}")),
    ("period-after", _fmt("{t}.")),
    ("comma-after", _fmt("{t}, then")),
    ("parens", _fmt("({t})")),
    ("brackets", _fmt("[{t}]")),
    ("braces", _fmt("{{t}}")),
    ("bang-after", _fmt("{t}!")),
    ("angle", _fmt("<{t}>")),
    ("single-quoted", _fmt("'{t}'")),
    ("double-quoted", _fmt('"{t}"')),
    ("backticks", _fmt("`{t}`")),
    ("md-code-block", _fmt("```\n{t}\n```")),
    ("md-bold", _fmt("**{t}**")),
    ("md-list", _fmt("- note: {t}\n- next item")),
    ("md-link", _fmt("[see]({t})")),
    ("json-object", lambda t: (json.dumps({"note": t, "n": 1}, ensure_ascii=False), _json_form)),
    ("json-list", lambda t: (json.dumps([t, "x"], ensure_ascii=False), _json_form)),
    ("tool-output-json", lambda t: (json.dumps({"tool": "bash", "output": t}, ensure_ascii=False) + "\n", _json_form)),
    ("yaml-block", lambda t: ("note: |\n  " + t.replace("\n", "\n  ") + "\nnext: 1", _same)),
    ("yaml-quoted", lambda t: ('note: "' + _json_form(t) + '"', _json_form)),
    ("url-query", _fmt("https://example.com/cb?x=1&q={t}&y=2")),
    # a value with "/" cannot be one path segment (RFC 3986): such items go in the query instead
    (
        "url-path",
        lambda t: (
            (
                f"see https://example.com/docs/{t}/index.html"
                if "/" not in t
                else f"see https://example.com/docs/index.html?ref={t}"
            ),
            _same,
        ),
    ),
    ("shell-line", _fmt("$ {t} && echo done")),
    ("shell-comment", _fmt("echo ok # {t}")),
    ("html-p", _fmt("<p>{t}</p>")),
    ("xml-attr", _fmt('<entry value="{t}"/>')),
    ("start-of-text", _fmt("{t} was in the log")),
    ("end-of-text", _fmt("the log said: {t}")),
    ("cjk-around", _fmt("配置：{t}。")),
    ("arabic-around", _fmt("المفتاح {t} هنا")),
    ("cyrillic-glued", _fmt("ключ:{t};")),
    ("tabs", _fmt("a\t{t}\tb")),
    ("crlf", _fmt("line1\r\n{t}\r\nline3")),
    ("python-repr", lambda t: (f"print({t!r})", _repr_form)),
    ("question-after", _fmt("is it {t}?")),
    ("colon-after", _fmt("{t}: rotated")),
    ("log-line", _fmt("2026-12-01T10:00:00Z INFO msg={t} status=200")),
    ("nbsp-around", _fmt("\u00a0{t}\u00a0")),
    ("ellipsis-after", _fmt("{t}…")),
    ("emoji-after", _fmt("{t} 🔑")),
]


KNOWN_MISSES = {
    "mongodb-connection-string",
    "gcp-application-default-credentials",
    "gcp-service-account",
    "auth0-domain.1",
    "twitter-bearer-token",
    "upstash-redis-rest-url.1",
}
"""Rule examples missed in some contexts of the full sweep (19 of 21,000, see the sweep test);
left out of the random draw below so it tests everything else, and counted in the sweep."""


def leaked(secret: str, out: str, piece: int = 12) -> bool:
    """True when the secret, or any `piece`-character run of it, is still in `out`."""
    if len(secret) <= piece:
        return secret in out
    return any(secret[i : i + piece] in out for i in range(0, len(secret) - piece + 1, 3)) or (secret[-piece:] in out)
