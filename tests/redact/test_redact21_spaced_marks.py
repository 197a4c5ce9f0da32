"""Keys letter-spaced with punctuation, or glued to a word, were stored raw (redact21, issue 15).

The letter-spaced reading (`_decode.spaced_view`) joined single key characters `[A-Za-z0-9_+/=-]`
1-3 spaces apart between two spaces or text edges. A key with a dot after every character
(`g.h.p._.Z...`), or a dash, bar, middle dot, comma, a quoted list of its characters, was kept as
written; so was a spaced key in backticks, quotes or brackets, before a closing `.`, after `-p`,
or holding a `.`, `$` or `:` (on main, of the owned corpus's 918 credential values of 12+
characters written so: 127 blanked with dots, 679 with spaces).
"""

from __future__ import annotations

import json
import random

import pytest
from corpus_contexts import ingest_session_id, leaked, load_corpus, word_around

from memeval.redact import get_redactor

TOKEN = "ghp_" + "Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q"

SEPARATORS = {
    "dot": ".",
    "dash": "-",
    "underscore": "_",
    "slash": "/",
    "bar": "|",
    "middle dot": "\u00b7",
    "comma": ",",
    "colon": ":",
    "star": "*",
    "bullet": "\u2022",
    "dot space": ". ",
    "spaced dot": " . ",
    "plus": "+",
    "backslash": "\\",
    "quoted list": "', '",
    "en dash": "\u2013",
    "katakana middle dot": "\u30fb",
    "semicolon": ";",
}

PLACES = {
    "alone": "{}",
    "sentence end": "the token is {}.",
    "backticks": "`{}`",
    "double quotes": 'token = "{}"',
    "parentheses": "({})",
    "after a flag": "gh-sync --token {} --org acme",
    "assignment": "GITHUB_TOKEN={}",
}


@pytest.mark.parametrize("sep", sorted(SEPARATORS))
def test_a_key_with_a_mark_between_its_characters_is_blanked_anywhere(sep: str) -> None:
    spaced = SEPARATORS[sep].join(TOKEN)
    texts = [place.format(spaced) for place in PLACES.values()]
    red = get_redactor()
    alone = [red.redact(t).text for t in texts]
    for name, out in zip(PLACES, alone, strict=True):
        assert not leaked(TOKEN, out.replace(SEPARATORS[sep], "")), (name, out)
    assert [r.text for r in red.redact_many(["nothing here", *texts])][1:] == alone


@pytest.mark.parametrize("place", ["assignment", "backticks", "parentheses"])  # the others were blanked on main
def test_a_space_spaced_key_is_blanked_next_to_punctuation(place: str) -> None:
    text = PLACES[place].format(" ".join(TOKEN))
    out = get_redactor().redact(text).text
    assert not leaked(TOKEN, out.replace(" ", "")), out


def test_a_key_after_a_one_letter_flag_is_read_from_the_flags_letter_and_after_it() -> None:
    """`-p p y p i - A g ...`: the run's first `p` is the flag's; the reading without it finds the key.

    Blanked on main too (its run began after a space only); fails when the run is read only whole.
    """
    key = (  # the owned corpus's PyPI token (test.pypi.org's macaroon form)
        "pypi-AgENdGVzdC5weXBpLm9yZwDb422A0wVJXBf0BtGVj0DXIz77u6YNAHo1qeM0iDn9jQKkQdaDIO5NMEi4aBBwfLXcK2FmYxkUJ"
        "sO66ZnKzMJ5vLszs7XEUk2LwOGzTesBo0rAPQ99ijhZbL"
    )
    out = get_redactor().redact(f"twine upload -u __token__ -p {' '.join(key)}").text
    assert not leaked(key, out.replace(" ", "")), out


def test_every_corpus_credential_letter_spaced_is_blanked() -> None:
    """Each credential value of 12+ characters of the owned corpus, its word written with a separator
    between its characters (a separator per item, drawn with a fixed seed), blanked in batches."""
    rng = random.Random(21)
    cases = []
    for item in load_corpus():
        if item.group != "credential":
            continue
        for s in item.secrets:
            if len(s) >= 12 and s in item.text and not any(c.isspace() for c in s):
                sep = rng.choice([" ", *SEPARATORS.values()])
                word = word_around(item.text, s)
                cases.append((item.label, s, sep, item.text.replace(word, sep.join(word))))
    assert len(cases) >= 900
    red = get_redactor()
    outs = [o for k in range(0, len(cases), 100) for o in red.redact_many([c[3] for c in cases[k : k + 100]])]
    missed = [
        (label, sep) for (label, s, sep, _), o in zip(cases, outs, strict=True) if leaked(s, o.text.replace(sep, ""))
    ]
    assert not missed, missed[:20]


LOOK_ALIKES = [
    "the package a.b.c.d.e.f.g.h.i.j.k.l.m is loaded",
    "path /a/b/c/d/e/f/g/h/i/j/k/l/m/n",
    "C-D-E-F-G-A-B-C-D-E-F-G is the scale",
    "| a | b | c | d | e | f | g | h | i | j | k | l |",
    "- - - - - - - - - - - - - - - - -",
    "Options: a, b, c, d, e, f, g, h, i, j, k, l, m.",
    "morse .- -... -.-. -.. . ..-. --. .... .. .--- -.- .-..",
    "DNA A-T-G-C-A-T-G-C-A-T-G-C-C-G-T-A",
    "matrix 1,0,0,1,1,0,1,0,0,1,0,1,1",
    "S.H.I.E.L.D. and N.A.S.A. and F.B.I.",
    "['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']",
    "x.y.z.w.a.b.c.d.e.f.g.h = 1",
    "1-2-3-4-5-6-7-8-9-0-1-2-3-4-5-6",
    "the key is a.b.c.d.e.f.g.h.i.j.k.l",
    "T-0-D-O: f-i-x t-h-e b-u-i-l-d",
    "A B C D E F G H I J K L M N O P",
    "-.-.-.-.-.-.-.-.-.-.-.-.-.-.-",
    "+-+-+-+-+-+-+-+-+-+-+-+-+-+",
]


def test_a_dotted_key_is_blanked_and_the_dotted_look_alikes_beside_it_are_kept() -> None:
    """Letter-spaced text that holds no key (dotted names, scales, tables, lists, art) reads as
    written: the readings find nothing in it, so only the key's run is blanked."""
    key = ".".join(TOKEN)
    text = "\n".join([*LOOK_ALIKES, f"deploy with {key} today", *LOOK_ALIKES])
    out = get_redactor().redact(text)
    assert out.text == text.replace(key, "[REDACTED:GITHUB_TOKEN]"), out.text


LISTS = {
    "json list one a line": json.dumps(list(TOKEN), indent=2),
    "yaml list": "key:\n" + "\n".join("  - " + c for c in TOKEN),
    "spaces of varying width": "".join(c + (" " if i % 3 else "  ") for i, c in enumerate(TOKEN)),
}


@pytest.mark.parametrize("form", sorted(LISTS))
def test_a_key_as_a_list_of_its_characters_or_unevenly_spaced_is_blanked(form: str) -> None:
    out = get_redactor().redact(f"the key: {LISTS[form]}").text
    assert "Zq8vR2" not in "".join(c for c in out if c.isalnum()), out


def test_an_id_holding_a_dotted_key_is_refused_at_ingest(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ids are stored as sent once their scan passes, and the id shape allows `g.h.p._.Z...` (79
    characters): the id scan now reads it joined. On main the event was stored with the key."""
    monkeypatch.delenv("MEMEVAL_FINGERPRINT_KEY", raising=False)
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY_FILE", str(tmp_path / "keys" / "fingerprint.key"))
    code, output, stored = ingest_session_id(tmp_path, ".".join(TOKEN))
    assert code != 0, output
    assert "GITHUB_TOKEN" in output, output
    assert b"g.h.p._.Z" not in stored
