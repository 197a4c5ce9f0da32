"""The labelled corpus (tests/fixtures/redact_corpus/) and the contexts each item is placed in.

A context is `(name, wrap)`: `wrap(text)` returns the text as it would sit in that context and a
function giving the form a secret takes there (JSON and repr escape it; the rest keep it as is).
"""

from __future__ import annotations

import base64
import json
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "redact_corpus" / "corpus.jsonl"
FRESH_ROWS = CORPUS.with_name("corpus_fresh.jsonl")
"""Rows taken from the fresh corpus (`../fixtures/redact_fresh/`) that main stored raw: the
scanners' own examples for the kingfisher rules added as data, and card groupings. Part of the
owned corpus: every test that reads `load_corpus()` reads them."""
FRESH2_ROWS = CORPUS.with_name("corpus_fresh2.jsonl")
"""Rows of both fresh corpora (`../fixtures/redact_fresh/`, `../fixtures/redact_fresh2/`) that
main stored raw and the noseyparker rules (`rules/noseyparker.toml`) or the 12-digit Maestro card
rules blank, plus the second corpus's ordinary look-alikes; read by `load_corpus()` too."""
FRESH3_ROWS = CORPUS.with_name("corpus_fresh3.jsonl")
"""Examples of the rules the third round added (`memeval:hand`, with look-alikes they must keep) and
rows of the three fresh corpora (`../fixtures/redact_fresh3/` the third) that main stored raw and
those rules blank, plus the third corpus's ordinary look-alikes; read by `load_corpus()` too."""
FRESH4_ROWS = CORPUS.with_name("corpus_fresh4.jsonl")
"""Examples of the rules the fourth round added (`memeval:hand`, with look-alikes they must keep) and
rows of the third and fourth fresh corpora (`../fixtures/redact_fresh4/`) that main stored raw and
those rules blank, plus the fourth corpus's ordinary look-alikes; read by `load_corpus()` too."""
FRESH5_ROWS = CORPUS.with_name("corpus_fresh5.jsonl")
"""Examples of the rules and readings the fifth round added (`memeval:hand`: provider formats, IBAN
shapes after a payment word, keys split by visible gaps or reversed behind a right-to-left
override; with look-alikes they must keep) and rows of the fifth fresh corpus
(`../fixtures/redact_fresh5/`) that main stored raw and this round blanks, plus its ordinary
look-alikes; read by `load_corpus()` too."""


FRESH6_ROWS = CORPUS.with_name("corpus_fresh6.jsonl")
"""Rows of the sixth fresh corpus (`../fixtures/redact_fresh6/`: betterleaks' and gitleaks' own rule
examples) that main stored raw and `rules/betterleaks.toml` blanks, plus its look-alikes (Go
pseudo-versions, lock-file hashes, UUIDs, Base64 images, public keys, AWS's example key id);
read by `load_corpus()` too."""
FRESH7_ROWS = CORPUS.with_name("corpus_fresh7.jsonl")
"""Rows of the seventh fresh corpus (`../fixtures/redact_fresh7/`: GitHub's custom secret-scanning
patterns' labelled tests) that main stored raw and this round blanks, hand rows for the `FlyV1`,
presigned-URL and IBAN-registry rules with look-alikes they must keep, and its ordinary
look-alikes; read by `load_corpus()` too."""
FRESH8_ROWS = CORPUS.with_name("corpus_fresh8.jsonl")
"""Rows of the eighth fresh corpus (`../fixtures/redact_fresh8/`: checkov's secrets tests and
presidio-research's labelled synthetic set) that main stored raw and this round blanks (`pg_pass`,
`test_pass` keys; a 12-digit Maestro number after `cc `), hand rows for `rules/detect_secrets.toml`
with look-alikes it must keep, and its ordinary look-alikes; read by `load_corpus()` too."""
FRESH9_ROWS = CORPUS.with_name("corpus_fresh9.jsonl")
"""Rows of the ninth fresh corpus (`../fixtures/redact_fresh9/`: veles' detector tests, IBM
detect-secrets' plugin tests, scrubadub's tests) that main stored raw and this round blanks (keys in
`rules/veles.toml`'s shapes, copies of a key glued together, an SSN after "is"), hand rows for those
rules with look-alikes they must keep, and its ordinary look-alikes; read by `load_corpus()` too."""
PLACEHOLDER_ROWS = CORPUS.with_name("corpus_placeholders.jsonl")
"""Passwords starting `My`/`your` that the fifth and seventh fresh corpora found stored raw (a digit
in them, or a `!` after them) and hand rows of that shape, with the placeholders of the owned and
fresh corpora that must stay kept (`your_password_here`, `YOUR_API_KEY`, `myPassword`,
`mynewcreds`; redact19, `_values.placeholder_value`); read by `load_corpus()` too."""


@dataclass(frozen=True)
class Item:
    group: str  # credential | pii | lookalike
    label: str
    source: str
    text: str
    secrets: tuple[str, ...]


CORPUS_FILES: tuple[Path, ...] = (
    CORPUS,
    FRESH_ROWS,
    FRESH2_ROWS,
    FRESH3_ROWS,
    FRESH4_ROWS,
    FRESH5_ROWS,
    FRESH6_ROWS,
    FRESH7_ROWS,
    FRESH8_ROWS,
    FRESH9_ROWS,
    PLACEHOLDER_ROWS,
)
"""Every file of the owned corpus, in the order `load_corpus()` reads them."""


def load_corpus(
    paths: tuple[Path, ...] = CORPUS_FILES,
) -> list[Item]:
    """Items of the corpus files (Base64 text and secrets decoded)."""
    lines = [ln for p in paths for ln in p.read_text(encoding="utf-8").splitlines()]
    out = []
    for line in lines:
        d = json.loads(line)
        dec = lambda s: base64.b64decode(s).decode("utf-8")  # noqa: E731
        out.append(Item(d["group"], d["label"], d["source"], dec(d["text"]), tuple(dec(s) for s in d["secrets"])))
    return out


def _same(s: str) -> str:
    return s


def _quote(s: str) -> str:
    return urllib.parse.quote(s, safe="")


def _json_form(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)[1:-1]


def _repr_form(s: str) -> str:
    return repr(s)[1:-1]


Form = Callable[[str], "str | tuple[str, ...]"]
Wrap = Callable[[str], tuple[str, Form]]


def _u_escaped(s: str) -> str:
    out = []
    for c in s:
        if c.isascii() and c.isalnum():
            out.append(c)
        elif ord(c) > 0xFFFF:
            out.append(json.dumps(c)[1:-1])
        else:
            out.append(f"\\u{ord(c):04x}")
    return "".join(out)


def _slash_escaped(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)[1:-1].replace("/", "\\/")


def _b64(t: str) -> str:
    return base64.b64encode(t.encode("utf-8")).decode()


def _split(t: str) -> tuple[str, Form]:
    """`t` cut into two JSON string literals joined by `+`, the cut in the middle of `t`."""
    k = max(1, len(t) // 2)
    a, b = t[:k], t[k:]
    text = f"key = {json.dumps(a, ensure_ascii=False)} + {json.dumps(b, ensure_ascii=False)}"

    def form(s: str) -> tuple[str, ...]:
        pos = t.find(s)
        if pos == -1 or not (pos < k < pos + len(s)):
            return (_json_form(s),)
        return (_json_form(s[: k - pos]), _json_form(s[k - pos :]))

    return text, form


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
    # encoded and split forms (issue 15: outside testers stored keys past the redactor this way)
    ("url-encoded", lambda t: (f"https://example.com/cb?state={urllib.parse.quote(t, safe='')}&x=1", _quote)),
    ("json-u-escaped", lambda t: ('{"note": "' + _u_escaped(t) + '"}', _u_escaped)),
    ("json-slash-escaped", lambda t: ('{"note": "' + _slash_escaped(t) + '"}', _slash_escaped)),
    ("base64", lambda t: (f"payload: {_b64(t)} (decode it)", lambda s, t=t: _b64(t))),
    ("hex", lambda t: (f"data=0x{t.encode('utf-8').hex()};", lambda s, t=t: t.encode("utf-8").hex())),
    ("split-literals", _split),
]


_ESCAPES = re.compile(r"\\u[0-9a-fA-F]{0,4}|%[0-9A-Fa-f]{0,2}|\\")


def every_corpus_text() -> list[str]:
    """The owned corpus's texts (Base64 rows decoded) in each of the 46 contexts, then every `text` of the fresh
    redaction corpora's and the holding sets' JSONL files (prose in many languages and scripts, with addresses,
    numbers and orders), in folder and file order: the texts a screen must answer exactly as what it screens."""
    texts = [wrap(item.text)[0] for item in load_corpus() for _, wrap in CONTEXTS]
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    for folder in sorted([*fixtures.glob("redact_fresh*"), *fixtures.glob("hold_heldout*")]):
        for path in sorted(folder.glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    text = json.loads(line).get("text")
                    if isinstance(text, str):
                        texts.append(text)
    return texts


def contexts_named(*names: str) -> list[tuple[str, Wrap]]:
    """The entries of `CONTEXTS` with these names, in `CONTEXTS`' order (a quick test's few contexts)."""
    return [c for c in CONTEXTS if c[0] in names]


def leaked(secret: str | tuple[str, ...], out: str, piece: int = 12, beside: str | None = None) -> bool:
    """True when the secret, or any `piece`-character run of it, is still in `out`.

    A tuple is a secret cut into parts (`split-literals`): each part of 6 or more characters is
    checked the same way.

    `beside`, when given, is the text that was redacted (the secret in its context). A piece the text
    also holds outside every copy of the secret is no evidence: it stays in `out` whether the secret
    was blanked or not (`packagist_ac` of a key beside a kept `packagist_acs_...` placeholder). Such
    pieces are not counted, unless that leaves none, when every piece counts (the check errs to a leak).
    """
    if isinstance(secret, tuple):
        return any(leaked(p, out, piece, beside) for p in secret if len(p) >= 6)
    if len(secret) <= piece:
        return secret in out
    pieces = [secret[i : i + piece] for i in range(0, len(secret) - piece + 1, 3)] + [secret[-piece:]]
    # a piece that is nearly all escapes (`\\u003d\\u003d`) holds under 4 characters of the secret
    pieces = [p for p in pieces if len(_ESCAPES.sub("", p)) >= 4]
    if beside is not None and secret in beside:
        rest = beside.replace(secret, "\x00")
        pieces = [p for p in pieces if p not in rest] or pieces
    return any(p in out for p in pieces)


def word_around(text: str, secret: str) -> str:
    """The whitespace-free run of `text` holding `secret` (what a person letter-spacing a key would space)."""
    k = text.index(secret)
    a, b = k, k + len(secret)
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    while b < len(text) and not text[b].isspace():
        b += 1
    return text[a:b]


def ingest_session_id(tmp_path: Path, session: str) -> tuple[int, str, bytes]:
    """`memeval audit ingest` of one event whose `session` id is `session`, into SQLite under `tmp_path`.

    Returns the exit code, the output and every byte stored under the database's folder. The caller
    sets the fingerprint key file (`MEMEVAL_FINGERPRINT_KEY_FILE`) first.
    """
    from typer.testing import CliRunner

    from memeval.cli import app

    line = {
        "type": "session.started",
        "occurred_at": "2026-11-17T10:00:00Z",
        "team": "fernhill",
        "sender_event_id": "e1",
        "actor": {"kind": "agent", "id": "support-bot"},
        "session": session,
        "payload": {"slice_id": "sl", "slice_hash": "sha256:ab"},
    }
    events = tmp_path / "events.jsonl"
    events.write_text(json.dumps(line) + "\n", encoding="utf-8")
    (tmp_path / "db").mkdir()
    db = tmp_path / "db" / "audit.sqlite"
    result = CliRunner().invoke(app, ["audit", "ingest", str(events), "--db", f"sqlite:///{db}"])
    return result.exit_code, result.output, b"".join(p.read_bytes() for p in (tmp_path / "db").iterdir())


def missed_in(items: list[Item], ctx: tuple[str, object]) -> list[tuple[str, str]]:
    """(label, context name) of each credential or personal-data item whose secret, in any of its
    forms, survives `get_redactor().redact_many` in context `ctx` (a `CONTEXTS` entry)."""
    from memeval.redact import get_redactor

    name, wrap = ctx
    items = [i for i in items if i.group != "lookalike"]
    wrapped = [wrap(i.text) for i in items]  # type: ignore[operator]  # ctx is typed loosely, as CONTEXTS entries are
    outs = get_redactor().redact_many([t for t, _ in wrapped])
    return [
        (i.label, name)
        for i, (_t, form), out in zip(items, wrapped, outs, strict=True)
        if any(leaked(form(s), out.text) for s in i.secrets)
    ]
