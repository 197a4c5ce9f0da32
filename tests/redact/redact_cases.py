"""Labelled strings for redaction: fake secrets in real formats, personal data, and look-alikes.

Secrets are built at runtime from a seeded RNG, so no literal key sits in the repository for a
scanner to trip on, and the set is the same on every run. Each case lists the substrings that must
be gone from the output (`secrets`) and the entity type expected for them; negatives list none.
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass, field

ALNUM = string.ascii_letters + string.digits
B32 = string.ascii_uppercase + "234567"
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"


@dataclass(frozen=True)
class Case:
    kind: str  # "secret", "pii" or "negative"
    label: str
    text: str
    secrets: tuple[str, ...] = field(default=())
    expected_type: str | None = None


def _luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + "".join(rng.choice(string.digits) for _ in range(length - len(prefix) - 1))
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return body + str((10 - total % 10) % 10)


def _iban(country: str, bban: str) -> str:
    rearranged = bban + country + "00"
    digits = "".join(str(int(c, 36)) for c in rearranged)
    check = 98 - int(digits) % 97
    return f"{country}{check:02d}{bban}"


def build_cases(seed: int = 20261110) -> list[Case]:
    rng = random.Random(seed)

    def rc(n: int, alphabet: str = ALNUM) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    cases: list[Case] = []

    def secret(label: str, template: str, value: str, etype: str) -> None:
        cases.append(Case("secret", label, template.format(s=value), (value,), etype))

    # --- credentials of common providers ---
    for ctx in (
        "aws_access_key_id = {s}",
        "export AWS_ACCESS_KEY_ID={s}",
        "The deploy user key is {s}, rotate it monthly.",
        '{{"AccessKeyId": "{s}"}}',
    ):
        secret("aws-access-key", ctx, "AKIA" + rc(16, B32), "AWS_ACCESS_KEY")
    secret("aws-asia-key", "temporary creds: ASIA{s}", rc(16, B32), "AWS_ACCESS_KEY")
    for ctx in ("aws_secret_access_key = {s}", "AWS_SECRET_ACCESS_KEY={s}"):
        secret("aws-secret-key", ctx, rc(40, ALNUM + "/+"), "AWS_SECRET_KEY")
    for prefix in ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"):
        secret(f"github-{prefix}", "GITHUB_TOKEN={s} # bot", prefix + rc(36), "GITHUB_TOKEN")
    secret("github-pat-prose", "I used the token {s} to push the hotfix.", "ghp_" + rc(36), "GITHUB_TOKEN")
    secret("github-fine-grained", "token: {s}", "github_pat_" + rc(22) + "_" + rc(59), "GITHUB_TOKEN")
    value = "xoxb-" + rc(11, string.digits) + "-" + rc(12, string.digits) + "-" + rc(24)
    secret("slack-bot", "SLACK_TOKEN={s}", value, "SLACK_TOKEN")
    value = "xoxp-" + "-".join(rc(12, string.digits) for _ in range(3)) + "-" + rc(32, HEX)
    secret("slack-user", "slack user token {s}", value, "SLACK_TOKEN")
    secret(
        "slack-webhook",
        "post alerts to {s}",
        f"https://hooks.slack.com/services/T{rc(10, B32)}/B{rc(10, B32)}/{rc(24)}",
        "SLACK_WEBHOOK",
    )
    for prefix in ("sk_live_", "rk_live_", "sk_test_"):
        secret(f"stripe-{prefix}", "stripe.api_key = '{s}'", prefix + rc(24), "STRIPE_KEY")
    for i in range(3):
        value = "sk-proj-" + rc(74, URLSAFE) + "T3BlbkFJ" + rc(74, URLSAFE)
        secret(
            "openai-proj",
            ["OPENAI_API_KEY={s}", "use key {s} for evals", 'client = OpenAI(api_key="{s}")'][i],
            value,
            "OPENAI_API_KEY",
        )
    secret("openai-legacy", "OPENAI_API_KEY={s}", "sk-" + rc(20) + "T3BlbkFJ" + rc(20), "OPENAI_API_KEY")
    for i in range(3):
        value = "sk-ant-api03-" + rc(93, URLSAFE) + "AA"
        secret(
            "anthropic",
            ["ANTHROPIC_API_KEY={s}", "the claude key is {s}", "headers = {{'x-api-key': '{s}'}}"][i],
            value,
            "ANTHROPIC_API_KEY",
        )
    secret("anthropic-admin", "admin key {s}", "sk-ant-admin01-" + rc(93, URLSAFE) + "AA", "ANTHROPIC_API_KEY")
    for ctx in ("GOOGLE_API_KEY={s}", "maps key: {s}", "https://maps.googleapis.com/x?key={s}"):
        secret("google-aiza", ctx, "AIza" + rc(35, URLSAFE), "GOOGLE_API_KEY")
    for ctx in ("HF_TOKEN={s}", "login with {s} before pulling the model"):
        secret("huggingface", ctx, "hf_" + rc(34, string.ascii_letters), "HUGGINGFACE_TOKEN")

    def b64u(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    for i in range(3):
        jwt = ".".join(
            [
                b64u({"alg": "HS256", "typ": "JWT"}),
                b64u({"sub": rc(8, string.digits), "iat": 1700000000 + i}),
                rc(43, URLSAFE),
            ]
        )
        secret("jwt", ["Authorization: Bearer {s}", "session cookie={s}", "jwt {s}"][i], jwt, "JWT")

    def pem(kind: str, lines: int = 6) -> str:
        body = "\n".join(rc(64, ALNUM + "+/") for _ in range(lines))
        return f"-----BEGIN {kind}-----\n{body}\n{rc(20, ALNUM)}==\n-----END {kind}-----"

    for kind in (
        "RSA PRIVATE KEY",
        "PRIVATE KEY",
        "EC PRIVATE KEY",
        "OPENSSH PRIVATE KEY",
        "ENCRYPTED PRIVATE KEY",
        "PGP PRIVATE KEY BLOCK",
        "DSA PRIVATE KEY",
    ):
        secret("pem-" + kind.split()[0].lower(), "the key file contained:\n{s}\nend of file", pem(kind), "PRIVATE_KEY")
    escaped = pem("RSA PRIVATE KEY").replace("\n", "\\n")
    secret("pem-json-escaped", '{{"private_key": "{s}"}}', escaped, "PRIVATE_KEY")
    cut = pem("PRIVATE KEY").rsplit("\n", 3)[0]
    secret("pem-truncated", "pasted half of it: {s}", cut, "PRIVATE_KEY")

    for scheme, tail in (
        ("postgres", "db.internal:5432/app"),
        ("postgresql", "10.0.0.5/prod"),
        ("mysql", "mysql.example.net:3306/shop"),
        ("redis", "cache:6379/0"),
        ("amqp", "rabbit.svc:5672/"),
        ("mongodb+srv", "cluster0.ab1cd.mongodb.net/db"),
        ("https", "git.example.com/team/repo.git"),
        ("ftp", "files.example.org/in"),
    ):
        value = rc(14, ALNUM + "!%*")
        etype = "CONNECTION_STRING" if scheme == "mongodb+srv" else "URL_PASSWORD"
        secret(f"url-{scheme}", f"DATABASE_URL={scheme}://svc_user:{{s}}@{tail}", value, etype)
    secret("conn-string", "Server=sql01;Database=app;User Id=svc;Password={s};", rc(16), "PASSWORD")
    secret("gitlab", "GITLAB_TOKEN={s}", "glpat-" + rc(20, URLSAFE), "GITLAB_TOKEN")
    secret("npm", "//registry.npmjs.org/:_authToken={s}", "npm_" + rc(36), "NPM_ACCESS_TOKEN")
    secret("pypi", "password = {s}", "pypi-AgEIcHlwaS5vcmc" + rc(70, URLSAFE), "PYPI_UPLOAD_TOKEN")
    secret("sendgrid", "SENDGRID_API_KEY={s}", "SG." + rc(22, URLSAFE) + "." + rc(43, URLSAFE), "SENDGRID_API_TOKEN")
    secret("digitalocean", "DO_TOKEN={s}", "dop_v1_" + rc(64, HEX), "DIGITALOCEAN_PAT")
    secret("shopify", "X-Shopify-Access-Token: {s}", "shpat_" + rc(32, HEX), "SHOPIFY_ACCESS_TOKEN")
    secret("databricks", "DATABRICKS_TOKEN={s}", "dapi" + rc(32, HEX), "DATABRICKS_API_TOKEN")
    secret("linear", "LINEAR_API_KEY={s}", "lin_api_" + rc(40), "LINEAR_API_KEY")
    secret("vault", "VAULT_TOKEN={s}", "hvs." + rc(90, URLSAFE), "VAULT_SERVICE_TOKEN")
    secret("groq", "GROQ_API_KEY={s}", "gsk_" + rc(52), "GROQ_API_KEY")
    secret("b64-github", "echo {s} | base64 -d", base64.b64encode(("ghp_" + rc(36)).encode()).decode(), "GITHUB_TOKEN")
    secret("generic-assign", 'api_secret = "{s}"', rc(32, ALNUM), "GENERIC_SECRET")
    # harder: passwords in prose, keys without a provider prefix
    secret(
        "prose-password",
        "the staging admin password is {s} until Friday",
        rc(6, ALNUM) + "#" + rc(4, ALNUM),
        "PASSWORD",
    )
    secret("prose-password-colon", "wifi: guest / password: {s}", rc(10, ALNUM), "PASSWORD")
    secret("datadog", "DD_API_KEY={s}", rc(32, HEX), "DATADOG_API_KEY")
    secret(
        "azure-storage",
        "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={s};EndpointSuffix=core.windows.net",
        rc(86, ALNUM + "+/") + "==",
        "AZURE_STORAGE_ACCOUNT_KEY",
    )
    secret("twilio", "TWILIO_API_KEY={s}", "SK" + rc(32, HEX), "TWILIO_API_KEY")
    secret("bare-key-yaml", "openai:\n  key: {s}\n", "sk-" + rc(48), "OPENAI_API_KEY")

    # --- personal data ---
    def pii(label: str, template: str, value: str, etype: str) -> None:
        cases.append(Case("pii", label, template.format(s=value), (value,), etype))

    for v in (
        "jane.doe@example.com",
        "ops+alerts@fernhill.io",
        "k.oconnor@mail.example.co.uk",
        "first_last123@sub.example.org",
        "team@memeval.dev",
    ):
        pii("email", "contact {s} about the outage", v, "EMAIL_ADDRESS")
    for v in (
        "+1 415 555 0132",
        "(212) 555-0198",
        "+44 20 7946 0958",
        "020 7946 0321",
        "+49 30 901820",
        "415-555-0147",
    ):
        pii("phone", "call me on {s} if the build breaks", v, "PHONE_NUMBER")
    for prefix, length in (("4", 16), ("51", 16), ("37", 15), ("6011", 16)):
        pii("card", "card on file {s} expires 09/28", _luhn_complete(prefix, length, rng), "CREDIT_CARD")
    pii("card-spaced", "paid with 4111 1111 1111 1111 yesterday", "4111 1111 1111 1111", "CREDIT_CARD")
    pii("iban-de", "wire to {s} by Friday", _iban("DE", "37040044" + rc(10, string.digits)), "IBAN_CODE")
    pii("iban-gb", "refund account {s}", _iban("GB", "NWBK601613" + rc(8, string.digits)), "IBAN_CODE")
    pii("iban-fr", "IBAN: {s}", _iban("FR", "20041010" + rc(15, string.digits)), "IBAN_CODE")
    pii("ipv4", "ssh into {s} as admin", "203.0.113.45", "IP_ADDRESS")
    pii("ipv4-log", "GET /health from {s} 200 3ms", "198.51.100.7", "IP_ADDRESS")
    pii("ipv6", "the node answers on {s}", "2001:db8:85a3::8a2e:370:7334", "IP_ADDRESS")

    # --- look-alikes that must stay ---
    def neg(label: str, text: str) -> None:
        cases.append(Case("negative", label, text))

    for _ in range(4):
        neg("uuid", f"trial id {rc(8, HEX)}-{rc(4, HEX)}-4{rc(3, HEX)}-a{rc(3, HEX)}-{rc(12, HEX)}")
    for _ in range(3):
        neg("git-sha", f"fixed in commit {rc(40, HEX)} (cherry-picked from {rc(7, HEX)})")
    neg("npm-lock", '"integrity": "sha512-' + rc(86, ALNUM + "+/") + '=="')
    neg("pip-hash", "requests==2.32.3 --hash=sha256:" + rc(64, HEX))
    neg("go-sum", "golang.org/x/text v0.14.0 h1:" + rc(43, ALNUM + "+/") + "=")
    neg("yarn-lock", 'resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#' + rc(40, HEX) + '"')
    neg("docker-digest", "image: ghcr.io/acme/api@sha256:" + rc(64, HEX))
    neg("cargo-lock", 'checksum = "' + rc(64, HEX) + '"')
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(300)))
    neg("data-uri-png", '<img src="data:image/png;base64,' + png.decode() + '">')
    blob = base64.b64encode(bytes(rng.randrange(256) for _ in range(120))).decode()
    neg("b64-blob", "attachment: " + blob)
    for text in (
        "Set OPENAI_API_KEY=sk-... in your shell before running the evals.",
        "The Anthropic key looks like sk-ant-xxxxxxxx; never paste it here.",
        "export GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        "Example from the AWS docs: AKIAIOSFODNN7EXAMPLE",
        "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
        "connect with postgres://user:<password>@localhost/dev",
        "Authorization: Bearer <token>",
        "stripe key goes in STRIPE_SECRET_KEY (starts with sk_live_)",
        "password: ******** (ask the on-call for it)",
        "Rotate the HF_TOKEN every 90 days; see the runbook.",
        "We bumped the release to 3.12.4 and pinned numpy<2.",
        "The job ran at 2026-11-10T09:14:02Z and took 48210 ms.",
        "Ticket OPS-1432: the cache key was stale, so we rotated it and reran the pipeline.",
        "Use `git rebase -i HEAD~3` to squash the fixup commits.",
        "def token_count(text: str) -> int:\n    return len(text.split())",
        "color: #1f2937; background: #f9fafb; border-radius: 4px;",
        "order 88213 shipped; invoice INV-2026-00417 paid",
        "The lesson: always run the migrations before the smoke tests.",
        "port 8080 was busy so the server fell back to 8081",
        "pagination cursor: eyJwYWdlIjoyfQ",
        "kubectl -n prod rollout restart deploy/api-7d9f8b6c5d",
        "Unix time 1731230042 is the pinned clock for the replay tests.",
        "sha1 of the tarball is " + rc(40, HEX),
        "md5: " + rc(32, HEX),
        "memory id pk_" + rc(26, string.ascii_uppercase + string.digits),
        "The word 'password' appears in the config schema but has no default.",
        "Read the key from os.environ['ANTHROPIC_API_KEY'], never from a file in the repo.",
        "Build 2024.11.3 failed on step 4 of 7.",
        "upgraded the switch firmware to 10.2.0.1 and rebooted",
        "nightly build 2026111009 is the last green one",
        "the retry budget is 1,000,000 requests per 24 h",
    ):
        neg("prose", text)
    return cases
