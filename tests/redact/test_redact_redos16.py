r"""Four rules slow by many starts on one line or run read their planted text in bounded work (issue 15, redos16).

`cookie-session` (`set-cookie: ` repeated on one line: every `cookie` read the rest of the line
for a `session=`), `call-last-arg-secret` (`A.` repeated: every letter after a `.` read the
rest of the `[\w.]` run for a keyword) and `kingfisher-psexec.1` / `noseyparker-psexec.1`
(`psexec-u@` repeated: every `-u` in every `psexec`'s 100-character window read the rest of the
non-space run) were quadratic in the starts; their rule file entries now
name their starts and what a failed start rules out (`starts` and `skip`,
`memeval/redact/_starts.py`), checked against plain `finditer` by
`scripts/redos_redact_compare.py --old c01e11e` (0 differences).

Each text is 65,536 characters (ingest's longest free-text field); the rule's pattern runs over
it in a child process under a CPU limit. All four cases were killed at that limit on main (c01e11e;
checked by running this file in an export of main): the pattern alone took 10-22 s and over 30 s
there (`bench/redos_planted.py`).
redos17 added `noseyparker-generic.4` (`user=abc#` repeated: every start read its comment to the line's
end), planted over 128 KiB (`SIZE`); killed at the limit on 3465cf3.
"""

from __future__ import annotations

import random
import re

import pytest
from redos_child import N, matches_in_child

from memeval.redact._context import load_rules

PLANTED = {
    # case: (rule id, written once, then repeated to 65,536 characters, written last)
    "cookie-session": ("cookie-session", "", "set-cookie: ", ""),
    "call-last-arg-secret": ("call-last-arg-secret", "", "A.", ""),
    "kingfisher-psexec.1": ("kingfisher-psexec.1", "", "psexec-u@", ""),
    "noseyparker-psexec.1": ("noseyparker-psexec.1", "", "psexeca-u", ""),
    "kingfisher-gradle.1": ("kingfisher-gradle.1", "", "credentials {//", ""),
    "noseyparker-gradle.1": ("noseyparker-gradle.1", "", "credentials{// x", ""),
    "noseyparker-generic.4": ("noseyparker-generic.4", "", "user=abc#", ""),
}
SIZE = {"noseyparker-generic.4": 2 * N}
"""Cases planted over more than 64 KiB: `generic.4`'s pattern took 2.3 s over 64 KiB on main (too near
the limit to fail there for sure), 9 s over 128 KiB (quadratic)."""


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_many_starts_rule_reads_its_own_words_planted_over_64_kib_in_bounded_work(case: str) -> None:
    assert matches_in_child(case, PLANTED[case], SIZE.get(case, N)) == 0


SEEDS = [
    "Set-Cookie: a=1; set-cookie: sessionid=AbC123xyz789QQ; cookie:\n: sid=zzzzzzzzzzzzzz x_session=Q1w2E3r4T5y6U7",
    "cookie : x cookie:set-cookie: token=0123456789abcdef\r\nCookie:auth=Zq8Kx2Lm9Pw4Rt7Y; PHPSESSID=abcdefghij12",
    'ldap.simple_bind_s(dn, "s3cr3tPw!") 9.connect("h", "u", "Pw9xyzq") _.db.connect ("a","Xy9zzq1")',
    'a.b.c.NetworkCredential("u", \'p4ssWord\') x.y9.z.login(a, b, "Rrhh1234") .auth(1,"Aa1bb2cc")',
    "psexec \\\\host -u admin -p S3cr3tPw9x cmd psexec-u@psexec-u@" + "x" * 120 + " -p Zq8Kx2Lm9Pw4 ",
    "credentials {\n    username 'deployer'\n    password 's3cr3tP4ss'\n}",
    'credentials { // note username \'x1q\'\n  // c // d\n\n  username "abc9"  // t\n  password "Xy9!zzz"',
    "credentials{//a\n//b\nusername 'u1'//c password 'p2' credentials {// credentials \n{ username 'a' password 'b'",
    "PsExec.exe \\\\10.0.0.5 -U corp\\svc_9 \n -P Passw0rd!2 -s psexeca-u" + "y" * 105 + "\t-pQ1w2E3r4",
    "Username = abc; //Username=abc password=Secr3t99 user=abc\n;//x\npassword=Xy9zzq1 user=ab;\n\npass=Q1w2e3",
    "user=abc # USER=x@y.io\r\n  // UserName =bob\t;//c\n#d\nmyPASS=zzz9q1\n"
    "USERNAME=q1;user=abc ;\n;# x\nPassword=P4ssw0rd ",
]
PIECES = [
    "psexec",
    "-u",
    "-p",
    "x" * 50,
    "\t",
    "set-",
    "cookie",
    ":",
    "\n",
    " ",
    "; ",
    "sid=",
    "a.",
    "9.",
    ".",
    "_",
    "(",
    ")",
    ", ",
    '"',
    "ſignin",
    "\u212a",
    "user=abc",
    "#",
    "//",
    ";",
    "\r\n",
    "pass=Zq8Kx2Lm9 ",
]


@pytest.mark.parametrize(
    "rule_id",
    [
        "cookie-session",
        "call-last-arg-secret",
        "kingfisher-psexec.1",
        "noseyparker-psexec.1",
        "kingfisher-gradle.1",
        "noseyparker-gradle.1",
        "noseyparker-generic.4",
    ],
)
def test_the_rule_finds_what_plain_finditer_finds(rule_id: str) -> None:
    """The same spans and groups as `re.finditer` over 3,000 near misses of texts that match, and at 64 KiB.

    A guard on `starts`/`skip` (passes on main too, where the rule is searched by `finditer`)."""
    rule = next(r for r in load_rules() if r.id == rule_id)
    plain = re.compile(rule.pattern.pattern)
    rng = random.Random(16)
    texts = ["Set-Cookie: a=1; " * 3800 + "sessionid=AbC123xyz789QQ", "A." * 32000 + 'connect("h", "Pw9xyzq1")']
    texts += ["psexec-u@" * 7000 + " -p Zq8Kx2Lm9Pw4", ("psexec-u@" * 12 + " ") * 500 + "psexec -u a -p Zq8Kx2Lm9Pw4"]
    texts += ["user=abc#" * 700 + "\nuser=abc\n;#\npass=Zq8Kx2Lm9 ", "user=abc\n// " * 500 + "pass=Zq8Kx2Lm9 "]
    for _ in range(3000):
        t = rng.choice(SEEDS)
        for _ in range(rng.randint(1, 4)):
            i, j = sorted(rng.randint(0, len(t)) for _ in range(2))
            t = rng.choice(
                [t[:i] + rng.choice(PIECES) * rng.randint(1, 9) + t[j:], t[:i] + t[j:], t[:j] + t[i:j] + t[j:]]
            )
        texts.append(t)
    hits = 0
    for text in texts:
        got = [m.regs for m in rule.pattern.finditer(text)]
        assert got == [m.regs for m in plain.finditer(text)], text
        hits += bool(got)
    assert hits > 100
