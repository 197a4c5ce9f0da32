"""A key cut across three events of one stream is blanked in every part that holds a real part of it (redact35).

A client that writes a token in chunks leaves events whose middle ones are a single run of the key: redact33's
reading of two events at a time (`memeval.redact.cut_across`) finds no key in any pair, so the middle part and
often both others were stored raw. `memeval.redact.cut_through` reads the chain at once. As ingest uses them
(each text redacted alone, then pairs and chains read with each text's own findings, the findings added:
`with_findings`), with the real redactor:

- every 3-way cut of several key formats (the first text ends with the key's start after words, the middle is a
  run of it, the last starts with the rest before words) leaves no raw piece of the key in any text beyond its
  public prefix or a piece of `SHORT` characters (exhaustive on two keys, a hypothesis property on all);
- stored one by one (the first two stored before the third arrives), the last part is blanked;
- look-alikes cut in three and three consecutive prose lines are stored as written.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import Redaction, chain_lengths, cut_across, cut_through, get_redactor, with_findings

KEYS = [
    ("ghp_", "ghp_Q7rT2mXw9LkP4vZs8NbC1yHd6FgJ3aUe5KoR"),
    ("sk_live_", "sk_live_4eC39HqLyjWDarjtT1zdp7dc9sXq2Lm0"),
    ("xoxb-", "xoxb-2618392740-4819203746-Zq8Kx2Lm9Pw4Rt7YvB3nC6dF"),
    ("sgph_", "sgph_d539f90bb36a38faa37f35c717414db781277890"),
    ("AKIA", "AKIAQ7RT2MXW9LKP4VZS"),
    ("glpat-", "glpat-Zq8Kx2Lm9Pw4Rt7YvB3n"),
    (
        "sk-ant-api03-",
        "sk-ant-api03-Zq8Kx2Lm9Pw4Rt7YvB3nC6dFh1Jk5Ls0Qa2We4Rt6Yu8Io9Pa1Sd3Fg5Hj7Kl9Zx0Cv2Bn4Mq-AbCdEf12",
    ),
]
"""(public prefix, key): token formats with a registered prefix (as `test_redact33_join_parts.KEYS`); `sgph_`'s body is
hex: no part of it alone is a key, so on main every part of it cut in three is stored raw."""
SHORT = 7
"""The most characters of a key a part may leave raw in one text: a piece this short is no secret."""
BEFORE = ["the deploy uses", "token:", "set GH_TOKEN=", "Notes for the release, key", "鍵は"]
AFTER = ["from now on", "for the search API.", "(rotate monthly)", "", "— 以上"]


def _stored(chains: list[list[str]], batch: bool = True) -> list[list[str]]:
    """Each chain's texts as ingest stores consecutive events of one stream: in one batch, or each stored first."""
    red = get_redactor()
    alone = red.redact_many([t for c in chains for t in c])
    reds: list[list[Redaction]] = []
    for c in chains:
        reds.append(alone[: len(c)])
        alone = alone[len(c) :]
    for i in range(1, max(len(c) for c in chains)):
        live = [n for n, c in enumerate(chains) if i < len(c)]
        prev = [chains[n][i - 1] if batch else reds[n][i - 1].text for n in live]
        pairs = [(p, chains[n][i]) for p, n in zip(prev, live, strict=True)]
        own = [(reds[n][i - 1].findings if batch else (), reds[n][i].findings) for n in live]
        found = cut_across(red.detect_many, pairs, own)
        more: dict[tuple[int, int], list] = {}  # type: ignore[type-arg]
        for n, (before, after) in zip(live, found, strict=True):
            more.setdefault((n, i), []).extend(after)
            if batch:
                more.setdefault((n, i - 1), []).extend(before)
        runs = []
        for n in live:
            texts = [*(chains[n][:i] if batch else [r.text for r in reds[n][:i]]), chains[n][i]]
            for m in chain_lengths(texts):
                runs.append((n, i + 1 - m, texts[-m:]))
        own3 = [[r.findings if batch or k == len(ts) - 1 else () for k, r in enumerate(reds[n][f : f + len(ts)])]
                for n, f, ts in runs]  # fmt: skip
        for (n, f, _ts), per in zip(runs, cut_through(red.detect_many, [ts for _n, _f, ts in runs], own3), strict=True):
            for k, fs in enumerate(per):
                if batch or f + k == i:
                    more.setdefault((n, f + k), []).extend(fs)
        for (n, k), fs in more.items():
            reds[n][k] = with_findings(chains[n][k], reds[n][k], fs)
    return [[r.text for r in rs] for rs in reds]


def _raw_left(prefix: str, key: str, cuts: tuple[int, int], stored: list[str]) -> list[str]:
    """The pieces of `key` cut at `cuts` left raw in the stored texts that are more than a prefix or a short piece."""
    a, b = cuts
    pieces = [key[:a], key[a:b], key[b:]]
    floors = [max(len(prefix), SHORT), SHORT, SHORT]
    return [p for p, t, lo in zip(pieces, stored, floors, strict=True) if len(p) > lo and p in t]


def _chain(key: str, a: int, b: int, before: str = "the deploy uses", after: str = "from now on") -> list[str]:
    return [f"{before} {key[:a]}", key[a:b], f"{key[b:]} {after}".rstrip()]


@pytest.mark.slow  # 20 CPU s in census47's whole run (1,683 chains of two keys, exhaustive)
def test_every_three_way_cut_of_two_keys_is_blanked_in_every_part() -> None:
    """On main (pairs only) `sgph_`'s cuts keep parts raw (all three when no pair holds enough of it)."""
    cases = [
        (p, k, a, b)
        for p, k in KEYS
        if p in ("ghp_", "sgph_")
        for a in range(1, len(k) - 1)
        for b in range(a + 1, len(k))
    ]
    stored = _stored([_chain(k, a, b) for _p, k, a, b in cases])
    left = [
        (k[:8], a, b, raw) for (p, k, a, b), s in zip(cases, stored, strict=True) if (raw := _raw_left(p, k, (a, b), s))
    ]
    assert left == [], f"{len(left)} of {len(cases)}: {left[:5]}"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(KEYS),
    at=st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)),
    before=st.sampled_from(BEFORE),
    after=st.sampled_from(AFTER),
)
def test_a_key_cut_anywhere_in_three_in_any_words_is_blanked_in_every_part(
    key: tuple[str, str], at: tuple[float, float], before: str, after: str
) -> None:
    prefix, k = key
    a, b = sorted(min(len(k) - 1, max(1, round(x * len(k)))) for x in at)
    if a == b:
        b = a + 1 if a + 1 < len(k) else b
        a = b - 1
    (stored,) = _stored([_chain(k, a, b, before, after)])
    assert _raw_left(prefix, k, (a, b), stored) == [], stored


def test_stored_one_by_one_the_last_part_is_blanked() -> None:
    """The first two are stored before the third arrives (append-only): the third's part is blanked, on main not."""
    k = dict(KEYS)["sgph_"]
    chains = [["use " + k[:a], k[a:b], k[b:] + " for the search API"] for a, b in ((12, 26), (8, 16), (20, 30))]
    for (first, middle, _last), stored in zip(chains, _stored(chains, batch=False), strict=True):
        assert stored[:2] == [first, middle]  # stored before: as they were stored alone
        assert stored[2].startswith("[REDACTED:") and stored[2].endswith(" for the search API"), stored


def test_look_alikes_cut_in_three_and_prose_lines_are_stored_as_written() -> None:
    chains = [
        ["the commit is d539f90bb3", "6a38faa37f35c717414d", "b781277890 on main"],
        ["image sha256:9f86d081884c7d65", "9a2feaa0c55ad015a3bf4f1b", "2b0b822cd15d6c15b0f00a08 pulled"],
        ["request id 123e4567-e89b-", "12d3-a456-", "426614174000 failed"],
        ["Run the payment mock", "first-then", "the checkout tests."],
        ["export PATH=/usr/local", "/bin:/usr", "/bin:$PATH"],
    ]
    texts = [t for c in chains for t in c]
    assert [chain_lengths(c) for c in chains] == [(3,)] * len(chains)  # each is read as a chain
    assert [t for c in _stored(chains) for t in c] == texts
