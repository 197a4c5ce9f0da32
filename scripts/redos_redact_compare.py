r"""Check: the redaction rules rewritten to read planted text in linear time match what they matched.

For each rule of `rules/context.toml`, `kingfisher.toml` and `noseyparker.toml` whose pattern
differs from the one in git revision `--old` (default b17519f: redact13's five context rules,
redos14's rules; redos15's with `--old 3a35aec`), or whose `starts` and `skip` fields do (redos16's,
with `--old c01e11e`: searched by `memeval.redact._starts.StartsPattern`), both patterns are run
(`finditer`, every match's span and every group's span, named or not) over: every item of the redaction corpora
(`tests/fixtures/redact_corpus/*.jsonl`, `tests/fixtures/redact_fresh*/*.jsonl`) as written and
in each of the 46 contexts of `tests/redact/corpus_contexts.py`, the labelled set
(`tests/redact/redact_cases.py`), the pumping
search's planted texts for the old and the new pattern (`scripts/redos_redact.py` recipes, 100
characters: the old patterns take minutes on some at 300), and `--random` texts drawn from the
pattern's words and punctuation, digits, letters, quotes, comment marks and whitespace runs, and
`--mutants` near misses made from the texts the old pattern matches and a few written seeds (pieces
inserted, deleted, doubled or repeated). A text the old pattern does not finish within `--cap` CPU
seconds is not compared (counted and printed as such). Prints per rule the number of texts
compared, the differences (there must be none) and the CPU of each pattern over the corpus texts.
Usage:
.venv/bin/python scripts/redos_redact_compare.py [--old REV] [--random N] [--mutants N] [RULE...]
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "redact"))
sys.path.insert(0, str(ROOT / "scripts"))


RULE_FILES = ("context.toml", "kingfisher.toml", "noseyparker.toml", "betterleaks.toml")


class _Cap(BaseException):
    """Raised by SIGPROF when the old pattern passed `--cap` CPU seconds on one text."""


def _on_prof(signum: int, frame: object) -> None:
    raise _Cap


def _rules(text: str) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in tomllib.loads(text)["rule"]}


def _searched(raw: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """What decides a rule's matches and how they are searched: pattern, `starts`, `skip`."""
    return raw["pattern"], raw.get("starts"), raw.get("skip")


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    files = sorted((ROOT / "tests" / "fixtures").glob("redact_*/*.jsonl"))
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            raw = d.get("text", "")
            try:
                texts.append(base64.b64decode(raw, validate=True).decode("utf-8"))
            except ValueError:
                texts.append(raw)
    return texts


def _in_contexts(texts: list[str]) -> list[str]:
    from corpus_contexts import CONTEXTS

    out = []
    for t in texts:
        out.append(t)
        for _, wrap in CONTEXTS:
            placed = wrap(t)[0]
            out.append(placed if isinstance(placed, str) else " ".join(placed))
    return out


def _labelled() -> list[str]:
    from redact_cases import build_cases

    return [c.text for c in build_cases()]


def _planted(pattern: str) -> list[str]:
    import redos_redact as rr

    try:
        base = rr.pump.recipes(pattern)
    except Exception:  # noqa: BLE001  # a syntax the parser lacks
        return []
    return [rr.build(p, s, r, x, 100) for p, s, r, x in ((*b, x) for b in base for x in ["", *rr._chars(pattern)])]


def _random(pattern: str, n: int, seed: int = 13) -> list[str]:
    words = re.findall(r"[A-Za-z]{2,}", pattern)[:60] or ["password"]
    marks = sorted({c for c in pattern if not c.isalnum() and c not in "\\()?*+|^$"})
    pieces = [*words, *marks, "//", "// ", "\n  ", ";", "=", "{", "}", "[", "]", ",", " , ", "\r\n"]
    pieces += [" ", "  ", "\t", "\n", " \t ", ":", "=", "==", '"', "'", "`", "#", ".", "-", "—", "«", "»"]
    pieces += ["123-45-6789", "GB82WEST12345698765432", "s3cr3tValue99", "abc", "1234", "x" * 9, "Zq8Kx2Lm9Pw4Rt7Y"]
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(2, 14))) for _ in range(n)]


SEEDS = [
    "credentials {\n    username 'deployer'\n    password 's3cr3tP4ss'\n}",
    'credentials { // note username \'x1q\'\n  // c // d\n\n  username "abc9"  // t\n  password "Xy9!zzz"',
    "credentials{//a\n//b\nusername 'u1'//c password 'p2'",
    "DefaultEndpointsProtocol=https;AccountName=myacct;AccountKey=abc123XYZ==;EndpointSuffix=core.windows.net",
    "SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=xyz9Q=",
    "SharedSecretIssuer=owner ;  x;SharedSecretValue=Ab3;AccountName= ;AccountKey=q",
    "db_password = \"hunter22\"; '-api.key': secret123 .-x.password=abc123 a.password=abc \"token\" => 'abcd1234'",
    'slackKey: "xoxb1234567890abcdefAB" GITLAB_KEY=glpat1234567890abcdefgh -a.b_KEY=Zq8Kx2Lm9Pw4Rt7Y99',
    '"passwords": ["abc123", \'def456\'] x.pwds = ["aaa1" , "bbb2"] _-passphrases:[\'q1w2e3\']',
    "passwords:\n  - abc123\n  - def456\nx.pwds :\r\n- q1w2e3r4\n - name: x\n",
    'new DirectoryEntry("LDAP://dc=x", "user1", "Pa55w0rd!", AuthenticationTypes.Secure)',
    'DirectoryEntry ( "ab c" ,"u s","p4ss w" ,   ab   ) DirectoryEntry("abc","usr","pwd1",\n\t)',
    'username = "alice.b"; # note\n// more\npassword = "s3cr3tPw"\nuser=bob ;\n#c\nmyPassword = "Xy9zzq!"',
    # redos15: PEM, encrypted RSA and OpenWeather shapes (the seeds above are redos14's rules')
    "-----BEGIN RSA PRIVATE KEY-----\n  MIIEpAIBAAKCAQEA7bq9Xw3kQ+/=Zz1Lm8Pq2Rt5Vy7Nw4Ks6Hj3Gd9Fb0Cx\n"
    "Q2w\\nE4r5T6y7U8i9O0pAsDfGhJkL\n \n-----END RSA PRIVATE KEY-----",
    '-----BEGIN ENCRYPTED PRIVATE KEY ----- "MIIBvTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQIx",\n'
    "'y2' \n-----END ENCRYPTED PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F1A\n\n"
    "MIIEpAIBAAKCAQEA7bq9Xw3kQ\n+/=Zz1Lm8Pq2Rt5Vy7Nw4Ks6Hj3Gd9\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----\r\nProc-Type: 4,ENCRYPTED\r\nDEK-INFO: x\r\n\r\nab\n\n"
    "cdMIIEpAIBAAKCAQEA7bq9Xw3kQ+/=Zz1Lm8Pq2Rt5Vy7\r\n-----END RSA PRIVATE KEY BLOCK-----",
    "owm = pyowm.OWM('0123456789abcdef0123456789abcdef')\r\nopenweather APPID=abcdef0123456789abcdef0123456789&q=x",
    # redos16: many starts on one line or run (cookie-session, call-last-arg-secret)
    "Set-Cookie: a=1; set-cookie: sessionid=AbC123xyz789QQ; cookie:\n: sid=zzzzzzzzzzzzzz x_session=Q1w2E3r4T5y6U7",
    "cookie : x cookie:set-cookie: token=0123456789abcdef\r\nCookie:auth=Zq8Kx2Lm9Pw4Rt7Y; PHPSESSID=abcdefghij12",
    'ldap.simple_bind_s(dn, "s3cr3tPw!") 9.connect("h", "u", "Pw9xyzq") _.db.connect ("a","Xy9zzq1")',
    'a.b.c.NetworkCredential("u", \'p4ssWord\') x.y9.z.login(a, b, "Rrhh1234") .auth(1,"Aa1bb2cc")',
    "psexec \\\\host -u admin -p S3cr3tPw9x cmd psexec-u@psexec-u@" + "x" * 120 + " -p Zq8Kx2Lm9Pw4 ",
    "PsExec.exe \\\\10.0.0.5 -U corp\\svc_9 \n -P Passw0rd!2 -s psexeca-u" + "y" * 105 + "\t-pQ1w2E3r4",
    # redos17: noseyparker-generic.4 (a later start whose match a failed start's comment cannot reach)
    "Username = abc; //Username=abc password=Secr3t99 user=abc\n;//x\npassword=Xy9zzq1 user=ab;\n\npass=Q1w2e3",
    "user=abc # USER=x@y.io\r\n  // UserName =bob\t;//c\n#d\nmyPASS=zzz9q1\n"
    "USERNAME=q1;user=abc ;\n;# x\nPassword=P4ssw0rd ",
]


def _mutants(seeds: list[str], pattern: str, n: int, seed: int = 14) -> list[str]:
    """`n` texts made from `seeds` by inserting, deleting, doubling and swapping pieces (near misses)."""
    words = re.findall(r"[A-Za-z]{2,}", pattern)[:60]
    pieces = [*words, *sorted({c for c in pattern if not c.isalnum()}), "//", " ", "\n", "\t", "'", '"', "a1B"]
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        t = rng.choice(seeds)
        for _ in range(rng.randint(1, 4)):
            i, j = sorted(rng.randint(0, len(t)) for _ in range(2))
            op = rng.randrange(4)
            if op == 0:
                t = t[:i] + rng.choice(pieces) + t[i:]
            elif op == 1:
                t = t[:i] + t[j:]
            elif op == 2:
                t = t[:j] + t[i:j] + t[j:]
            else:
                t = t[:i] + rng.choice(pieces) * rng.randint(1, 30) + t[j:]
        out.append(t)
    return out


def _spans(pat: re.Pattern[str], text: str) -> list[tuple[Any, ...]]:
    return [(m.span(), tuple(sorted((k, m.span(k)) for k in m.groupdict())), m.regs) for m in pat.finditer(text)]


def _capped(pat: re.Pattern[str], text: str, cap: float) -> list[tuple[Any, ...]] | None:
    """`_spans`, or None when it took more than `cap` CPU seconds."""
    signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        return _spans(pat, text)
    except _Cap:
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def main() -> int:
    """Compare the changed rules; exit 1 on any difference."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="b17519f")
    ap.add_argument("--random", type=int, default=200_000)
    ap.add_argument("--mutants", type=int, default=100_000)
    ap.add_argument("--cap", type=float, default=2.0, help="CPU s the old pattern may take on one text")
    ap.add_argument("rules", nargs="*", help="compare only these rule ids")
    args = ap.parse_args()
    signal.signal(signal.SIGPROF, _on_prof)
    from memeval.redact._starts import rule_pattern

    old_raw: dict[str, dict[str, Any]] = {}
    new_raw: dict[str, dict[str, Any]] = {}
    for f in RULE_FILES:
        old_text = subprocess.run(
            ["git", "show", f"{args.old}:memeval/redact/rules/{f}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        old_raw.update(_rules(old_text))
        new_raw.update(_rules((ROOT / "memeval/redact/rules" / f).read_text(encoding="utf-8")))
    old = {k: r["pattern"] for k, r in old_raw.items()}
    new = {k: r["pattern"] for k, r in new_raw.items()}
    changed = sorted(
        k
        for k in new_raw
        if k in old_raw and _searched(old_raw[k]) != _searched(new_raw[k]) and (not args.rules or k in args.rules)
    )
    corpus = _in_contexts(_corpus_texts()) + _labelled()
    bad = 0
    for rid in changed:
        # the old rule searched by plain finditer when it had no `starts` (redos16's StartsPattern)
        a, b = rule_pattern(old_raw[rid], lazy=False), rule_pattern(new_raw[rid], lazy=False)
        cpu = []
        for pat in (a, b):
            t0 = time.process_time()
            for t in corpus:
                list(pat.finditer(t))
            cpu.append(time.process_time() - t0)
        texts = corpus + SEEDS + _planted(old[rid]) + _planted(new[rid]) + _random(old[rid], args.random)
        seeds = [t for t in texts if a.search(t)][:3000] or SEEDS
        texts += _mutants(seeds, old[rid], args.mutants)
        diff, slow, hits = [], 0, 0
        for t in texts:
            before = _capped(a, t, args.cap)
            if before is None:
                slow += 1
                continue
            hits += bool(before)
            if before != _spans(b, t):
                diff.append(t)
        bad += len(diff)
        print(
            f"{rid}: {len(texts) - slow:,} texts compared ({hits:,} matched), {len(diff)} differ, "
            f"{slow} not compared (the old pattern ran past {args.cap} CPU s); "
            f"corpus CPU {cpu[0]:.2f} s old, {cpu[1]:.2f} s new",
            flush=True,
        )
        for t in diff[:3]:
            print(f"  differs on {t!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
