"""Owned-corpus credentials cut in their middle by markup, and look-alikes in the same forms (redact30).

Each credential of the owned corpus (`tests/redact/corpus_contexts.load_corpus`) has its longest secret cut at its
middle by one piece of markup (a tag pair, a tag, a comment, `<br>` in `<code>`, Markdown `**`, an ANSI colour,
a terminal hyperlink, `&shy;`), redacted with `redact_many` in batches of 100 as ingest does; it counts as blanked
when `leaked` finds neither part (12-character pieces; a part of 6-12 characters whole). Each look-alike's text (or
its labelled span) is cut the same way (a text without the span is wrapped whole) and counts as touched when any
placeholder appears. Prints one line per form and group, and the first few misses. Usage (another checkout: its
`PYTHONPATH`):
PYTHONPATH=. .venv/bin/python bench/redact_markup_cuts.py [FORM ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "redact"))
from corpus_contexts import leaked, load_corpus  # noqa: E402

ESC = "\x1b"
FORMS = {
    "span": ("<span>", "</span><span>", "</span>"),
    "b": ("", "<b>", ""),
    "b-close": ("<b>", "</b>", ""),
    "wbr": ("", "<wbr>", ""),
    "comment": ("", "<!-- -->", ""),
    "md-bold": ("", "**", ""),
    "ansi": ("", f"{ESC}[1;32m", f"{ESC}[0m"),
    "code-br": ("<code>", "<br>", "</code>"),
    "shy": ("", "&shy;", ""),
    "osc": ("", f"{ESC}]8;;https://x.example/\x07", f"{ESC}]8;;\x07"),
}
"""Markup before the secret, at its cut, after it."""


def _cut(text: str, secret: str, form: tuple[str, str, str]) -> str:
    before, cut, after = form
    k = len(secret) // 2
    return text.replace(secret, before + secret[:k] + cut + secret[k:] + after)


def main() -> None:
    """Print blanked credentials and touched look-alikes per form."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("forms", nargs="*", default=list(FORMS), help=f"forms to run, of {', '.join(FORMS)}")
    args = ap.parse_args()
    from memeval.redact import get_redactor

    red = get_redactor()
    corpus = load_corpus()
    creds = [i for i in corpus if i.group == "credential"]
    looks = [i for i in corpus if i.group == "lookalike"]

    def run(texts: list[str]) -> list[str]:
        return [r.text for k in range(0, len(texts), 100) for r in red.redact_many(texts[k : k + 100])]

    for name in args.forms:
        form = FORMS[name]
        longest = [max(i.secrets, key=len) for i in creds]
        outs = run([_cut(i.text, s, form) for i, s in zip(creds, longest, strict=True)])
        missed = [
            (i.label, ascii(o[:140]))
            for i, s, o in zip(creds, longest, outs, strict=True)
            if leaked((s[: len(s) // 2], s[len(s) // 2 :]), o)
        ]
        print(f"credentials {name}: {len(creds) - len(missed)} of {len(creds)} blanked", flush=True)
        for m in missed[:4]:
            print("   ", *m)
        texts = []
        for i in looks:  # its labelled span cut, else (no span, or not in the text) the whole text wrapped
            s = max(i.secrets, key=len) if i.secrets else i.text
            texts.append(_cut(i.text, s, form) if s in i.text else form[0] + i.text + form[2])
        touched = [(i.label, ascii(o[:140])) for i, o in zip(looks, run(texts), strict=True) if "[REDACTED" in o]
        print(f"look-alikes {name}: {len(touched)} of {len(looks)} touched", flush=True)


if __name__ == "__main__":
    main()
