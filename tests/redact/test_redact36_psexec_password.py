"""A PsExec `-p` password is blanked whatever its entropy, in any context (redact36, `psexec-p` in rules/context.toml).

noseyparker's and titus' `np.psexec.1` read `psexec ... -u USER -p PASSWORD` behind a 3.0 bits-per-character entropy
floor: its own examples `-p dev_admin` (2.9) and `-p braksha` were stored raw on main (redact34 left them). The
command's syntax says what the value is, so `psexec-p` has no floor; placeholders (`$Password`, `%nothing%`,
`PASSWORD`) stay as written, as for every context rule, and prose about the options (`-u and -p from`) too.
"""

from __future__ import annotations

import re

from corpus_contexts import CONTEXTS, leaked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor
from memeval.redact._values import placeholder_value

EXAMPLES = [
    # titus pkg/rule/rules/psexec.yml np.psexec.1 examples (praetorian-inc/titus@369d8dc4359a, Apache-2.0)
    (r"cmd.exe /C PSEXEC \\10.0.94.120 -u Administrator -p dev_admin CMD /C ECHO", "dev_admin"),
    ('system("psexec \\\\\\\\192.168.3.77 -u Administrator -p braksha shutdown -r -f -t 0");', "braksha"),
]
PLACEHOLDERS = [
    r"psExec \\OAIJCTDU8024272 -u User -p $Password -i -d calc.exe",
    r"%RUNTIMEDIR%\PsExec.exe \\satmodel2 -u SATMODEL2\MTCPB -p %nothing% -i 2 -c -f %TEMP%\psexec_helper.bat",
    r'start PsExec.exe /accepteula @C:\share$\comps1.txt -u DOMAIN\ADMINISTRATOR -p PASSWORD cmd /c COPY "\x"',
]
KEPT = [
    "psexec -p is the option for the password, -u for the user",
    "run psexec.exe with -u and -p from the vault",
    "mysqldump -u backup -h db1 --single-transaction prod",
    "psexec \\\\host -s -i cmd.exe -p",
]
"""Look-alikes: prose about the options, a command without a value, another tool."""
PASSWORD = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9!@#^_+=.,:~-]{4,14}[A-Za-z0-9]", fullmatch=True).filter(
    lambda p: not re.fullmatch(r"[\d.,:-]+", p) and not placeholder_value(p)
)
"""Passwords of 6-16 characters starting and ending with a letter or digit (a mark after one ends a sentence), not
digits and separators only (under 12 digits `secretish` reads a number) and not what every context rule keeps as a
placeholder (`SECRET`, `Password`, `my...`: `_values.placeholder_value`)."""


def test_upstream_examples_are_blanked_and_its_placeholders_kept() -> None:
    """On main both passwords are stored raw (under the 3.0 floor); the placeholders stay on both."""
    red = get_redactor()
    for text, pw in EXAMPLES:
        assert pw not in red.redact(text).text, text
    for text in PLACEHOLDERS + KEPT:
        out = red.redact(text)
        assert not [f for f in out.findings if f.detector == "memeval:psexec-p"], (text, out.text)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    password=PASSWORD,
    tool=st.sampled_from(["psexec", "PsExec.exe", "PSEXEC", "psexec64", "paexec.exe"]),
    host=st.sampled_from(["\\\\10.0.94.120", "\\\\fileserver", "\\\\web01 -s", "@hosts.txt -accepteula"]),
    user=st.sampled_from(["Administrator", "CORP\\svc_backup", "admin"]),
    ctx=st.sampled_from(CONTEXTS),
)
def test_a_psexec_password_is_blanked_in_every_context(
    password: str, tool: str, host: str, user: str, ctx: tuple[str, object]
) -> None:
    """Any password of `PASSWORD`'s shape, any PsExec spelling, in any of the
    corpus test's 46 contexts: no 12-character piece of it (the whole when shorter) is left."""
    text = f"{tool} {host} -u {user} -p {password} cmd /c whoami"
    name, wrap = ctx
    wrapped, form = wrap(text)  # type: ignore[operator]  # CONTEXTS entries are typed loosely
    out = get_redactor().redact(wrapped).text
    assert not leaked(form(password), out), (name, wrapped, out)


def test_a_dotted_password_after_p_is_not_taken_for_code() -> None:
    """`-p A0.A00` reads like a dotted name (`config.secret`), which redact44 leaves as code naming a value; after
    a command-line option it is the password typed in (the final whole run's Hypothesis example, stored raw before
    the fix). `secret: config.secret` stays untouched."""
    red = get_redactor()
    for text, pw in [
        ("psexec \\\\10.0.94.120 -u Administrator -p A0.A00 cmd /c whoami", "A0.A00"),
        ("PsExec.exe \\\\web01 -u admin -p Deploy.Key7 cmd", "Deploy.Key7"),
    ]:
        assert pw not in red.redact(text).text, text
    assert red.redact("secret: config.secret").text == "secret: config.secret"
