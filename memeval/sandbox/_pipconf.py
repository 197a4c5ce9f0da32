"""What a world's `pip install` build step is shown of the host's pip configuration: credentials left out.

The build step is the one sandbox with the network, and it runs what the task chose: `pip install NAME` builds an
sdist from the index by running its `setup.py` (or the build backend it names), and a task may name any package,
URL or option. It was given the host's pip configuration as it is (`/etc/pip.conf`, `/etc/xdg/pip`, every `PIP_*`
variable), so a hostile task's sdist could read a private index's credentials (`https://user:TOKEN@host/simple`)
and send them anywhere, or write them into the virtual environment, which every later agent of the task is shown
(breaker30). Now the step sees copies of those files and variables with the user and password part of every URL
removed (`without_credentials`): an index, `find-links`, a proxy and every other setting still reach pip, and an
index that needs no password (PyPI, a mirror, a local folder) builds as before. A private index that needs its
credentials needs `MEMEVAL_BUILD_PIP_CREDENTIALS=1`, set only for task sets whose packages are trusted; the run
card says so, and a build that fails without them says which variable to set.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from memeval.errors import UsageError
from memeval.sandbox._etc import PIP_CONFIG

CREDENTIALS_ENV = "MEMEVAL_BUILD_PIP_CREDENTIALS"
"""`1`: a world's `pip install` step is given the host's pip configuration with its credentials (unset or `0`:
without them)."""
URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s'\"]*@")
"""The user and password part of a URL (RFC 3986 `userinfo@`), up to the last `@` before the host, so a password
holding a raw `@` goes whole; group 1 keeps the scheme."""


HTTP_URL = re.compile(r"(?i)\bhttps?://[^\s'\",]+")
"""An http(s) URL in a configuration text or a variable's value."""


def without_credentials(text: str) -> str:
    """`text` with the `user:password@` part of every URL in it removed (`https://u:p@h/x` -> `https://h/x`)."""
    return URL_USERINFO.sub(r"\1", text)


def credentials_handed() -> bool:
    """Whether `MEMEVAL_BUILD_PIP_CREDENTIALS` asks for the host's pip credentials in build steps.

    Returns:
        True for `1`; False when unset, blank or `0`.

    Raises:
        UsageError: any other value (named, with the values it takes).
    """
    raw = os.environ.get(CREDENTIALS_ENV, "")
    value = raw.strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise UsageError(
        f"{CREDENTIALS_ENV}={raw!r} is not 0 or 1: set it to 1 to give a world's `pip install` step the host's pip "
        "credentials (only for task sets whose packages you trust: that step runs their build code with the "
        "network), or unset it to give the step the configuration without them"
    )


def build_pip_env(environ: Mapping[str, str], handed: bool) -> tuple[dict[str, str], bool]:
    """The `PIP_*` variables of `environ` for a build step, and whether a credential was left out of them.

    Args:
        environ: the host's environment (memeval's own).
        handed: `credentials_handed()`: the values go as they are.
    """
    env = {k: v for k, v in environ.items() if k.startswith("PIP_")}
    if handed:
        return env, False
    clean = {k: without_credentials(v) for k, v in env.items()}
    return clean, clean != env


def build_pip_view(dest: Path) -> tuple[tuple[tuple[Path, str], ...], bool]:
    """Copies of the host's pip configuration (`PIP_CONFIG`) without credentials, written under `dest`.

    Each present file, and each file under a present folder (links followed, as pip follows them), is copied as
    text with `without_credentials` applied (bytes that are not UTF-8 kept as they are).

    Args:
        dest: an empty folder of memeval's own, removed by the caller after the step.

    Returns:
        (copy, path inside) pairs to bind read-only in the build sandbox in place of the host's, and whether a
        credential was left out of them.
    """
    mounts: list[tuple[Path, str]] = []
    removed = False
    for n, inside in enumerate(PIP_CONFIG):
        src = Path(inside)
        copy = dest / f"{n}-{src.name}"
        if src.is_dir():
            files = sorted(p for p in src.rglob("*") if p.is_file())
            copy.mkdir(parents=True)
        elif src.is_file():
            files = [src]
        else:
            continue
        for f in files:
            text = f.read_bytes().decode("utf-8", "surrogateescape")
            clean = without_credentials(text)
            removed = removed or clean != text
            out = copy / f.relative_to(src) if src.is_dir() else copy
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(clean.encode("utf-8", "surrogateescape"))
        mounts.append((copy, inside))
    return tuple(mounts), removed


def _config_files(inside: str) -> list[Path]:
    """The files of one `PIP_CONFIG` entry: the file itself, every file under the folder (links followed), or none."""
    src = Path(inside)
    return sorted(p for p in src.rglob("*") if p.is_file()) if src.is_dir() else [src] if src.is_file() else []


def pip_config_digest(environ: Mapping[str, str], handed: bool) -> str:
    """A digest of what a build step's pip is configured with: part of a cached environment's key.

    A virtual environment built under one configuration is not the one another would build: a changed index,
    `find-links`, constraint file or credential names other packages (or makes the build fail), and environments were
    keyed by the `pip install` arguments alone, so a changed configuration reused the environment the old one built
    (breaker32). The digest covers every `PIP_*` variable of `environ`, the name and bytes of every file of the
    host's pip configuration (`PIP_CONFIG`: `/etc/xdg/pip` holds the constraints file pip.conf names here) and
    whether credentials are handed over (`credentials_handed`). Files a configuration names elsewhere (a constraints
    file outside those folders, a `find-links` folder's wheels) are not read: change their name or the arguments when
    their content changes.

    Returns:
        64 hex digits (SHA-256). Credentials go into it only hashed, never into a file or a name in clear.
    """
    h = hashlib.sha256(b"memeval.pipconf/1\0handed=%d\0" % handed)
    for key in sorted(k for k in environ if k.startswith("PIP_")):
        h.update(
            b"env\0%s\0%s\0" % (key.encode("utf-8", "surrogateescape"), environ[key].encode("utf-8", "surrogateescape"))
        )
    for inside in PIP_CONFIG:
        for f in _config_files(inside):
            body = f.read_bytes()
            h.update(b"file\0%s\0%d\0" % (os.fsencode(f), len(body)) + body)
    return h.hexdigest()


def configured_endpoints(environ: Mapping[str, str]) -> frozenset[tuple[str, int]]:
    """The (host, port) of every http(s) URL in the host's pip configuration and `PIP_*` variables.

    The build step's proxy (`memeval.sandbox._egress`) lets these through even when they are the host's own (a
    package cache or mirror the machine's owner runs on 127.0.0.1): the owner named them for pip. Hosts are
    lower-case, ports the scheme's default when none is written.
    """
    texts = [v for k, v in environ.items() if k.startswith("PIP_")]
    for inside in PIP_CONFIG:
        texts += [f.read_bytes().decode("utf-8", "replace") for f in _config_files(inside)]
    found: set[tuple[str, int]] = set()
    for text in texts:
        for url in HTTP_URL.findall(text):
            try:
                parts = urlsplit(url)
                port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
            except ValueError:
                continue
            if parts.hostname:
                found.add((parts.hostname.lower(), port))
    return frozenset(found)
