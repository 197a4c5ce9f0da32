"""Every owned-corpus credential cut in its middle by markup is blanked whole (redact30, issue 15).

A key cut by a tag, a comment, an ANSI colour code or Markdown emphasis reads whole once rendered; on main the
part after the cut was stored raw for most items (cut by `</span><span>`: 69 of 1,036 blanked; by `**`: 307). The
markup reading (`memeval/redact/_markup.py`) reads the text as drawn and blanks both parts and the markup between.
Every third credential of the owned corpus, each of its secrets cut at its middle, in batches of 100 as ingest
does; a part counts as left when `leaked` finds it (12-character pieces, or a part of 6-12 characters whole).
"""

from __future__ import annotations

import pytest
from corpus_contexts import Item, leaked, load_corpus

from memeval.redact import get_redactor

ESC = "\x1b"
FORMS = {
    "span": ("<span>", "</span><span>", "</span>"),
    "bold-tag": ("", "<b>", ""),
    "comment": ("", "<!-- -->", ""),
    "code-br": ("<code>", "<br>", "</code>"),
    "md-bold": ("", "**", ""),
    "ansi": ("", f"{ESC}[1;32m", f"{ESC}[0m"),
}
"""Markup before the secret, at its cut, after it."""


def _credentials() -> list[Item]:
    return [i for i in load_corpus() if i.group == "credential"][::3]


def _cut(item: Item, before: str, cut: str, after: str) -> tuple[str, list[tuple[str, str]]]:
    text = item.text
    parts = []
    for s in sorted(item.secrets, key=len, reverse=True):
        if s in text:
            k = len(s) // 2
            text = text.replace(s, before + s[:k] + cut + s[k:] + after)
            parts.append((s[:k], s[k:]))
    return text, parts


@pytest.mark.parametrize("form", sorted(FORMS))
def test_owned_credentials_cut_by_markup_are_blanked(form: str) -> None:
    items = _credentials()
    if form == "md-bold":  # keys already letter-grouped (`AKIA HPQU 79**MQ E8V8`): a mark between short groups
        items = [i for i in items if not i.label.startswith("gap-joined")]
    cut = [_cut(i, *FORMS[form]) for i in items]
    outs = []
    for k in range(0, len(cut), 100):
        outs += get_redactor().redact_many([t for t, _ in cut[k : k + 100]])
    missed = [
        (i.label, ascii(o.text[:160]))
        for i, (_, parts), o in zip(items, cut, outs, strict=True)
        if any(leaked(p, o.text) for p in parts)
    ]
    assert len(items) > 300
    assert not missed, missed[:10]


@pytest.mark.parametrize(
    "text",
    [
        "Run **make test** before `git push`; the **checkout-service** owns it.",
        "<p>See the <b>release</b> notes.</p>",
        "area = w*h; x = a * b",
        "plain prose with no markup at all",
        "<table><tr><td>abcdef0123456789</td><td>fedcba9876543210</td></tr></table>",
        "build <span>4f2a9c1e8b7d6a5f</span><span>3e2d1c0b9a8f7e6d</span> passed; see <b>v1.2.3</b><i>-rc1</i>",
        f"{ESC}[32mINFO{ESC}[0m deploy{ESC}[1m-checkout-service{ESC}[0m finished in 42s",
    ],
)
def test_ordinary_markup_is_kept_as_written(text: str) -> None:
    assert get_redactor().redact(text).text == text
