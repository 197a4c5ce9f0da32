"""Which files of the host's `/etc` a sandbox sees (`memeval.sandbox._bwrap` binds them).

A sandbox shows none of the host's `/etc` but the files a normal program needs (`ETC_FILES`). Of those,
`EMPTY_ETC_FILES` are shown empty, and the pip configuration (`PIP_CONFIG`) only to the one sandbox that
reaches a package index.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

ETC_FILES = (
    "/etc/passwd",
    "/etc/group",
    "/etc/hosts",
    "/etc/nsswitch.conf",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/localtime",
    "/etc/mime.types",
    "/etc/python3",
    "/etc/python3.11",
    "/etc/debian_version",
    "/etc/os-release",
    "/etc/resolv.conf",
    "/etc/gai.conf",
    "/etc/pam.d",
    "/etc/pam.conf",
    "/etc/security",
    "/etc/login.defs",
    "/etc/environment",
    "/etc/default/locale",
    "/etc/default/su",
    "/etc/default/runuser",
)
"""Files of the host's /etc a normal program needs (and `su`/`runuser` read); bound read-only when present."""

EMPTY_ETC_FILES = ("/etc/environment",)
"""Files of `ETC_FILES` every sandbox sees empty (`EMPTY_FILE` bound in their place): `/etc/environment` is
world-readable and holds what a machine's owner sets for every login (a provider key, a proxy URL with its
password, a git token); `pam_env` (`su`, `runuser`) reads it, and reads an empty one as no variable, as on an
image that sets none (`tests/runner/test_etc_environment_hidden.py`)."""
EMPTY_FILE = Path(__file__).with_name("_empty_etc_file")
"""An empty file of memeval's own, bound read-only in place of each of `EMPTY_ETC_FILES`."""

PIP_CONFIG = ("/etc/pip.conf", "/etc/xdg/pip")
"""The host's pip configuration: bound read-only (when present) only into sandboxes that ask for it
(`SandboxSpec.pip_config`: a world's `pip install` build step, the one sandbox that reaches a package
index). It may name a private index with its credentials, so agents and verifiers never see it."""

JAVA_ETC_GLOB = "/etc/java-*"
"""Debian's JDK keeps its configuration here (`/etc/java-17-openjdk`): the JDK under `/usr/lib/jvm` reads `jvm.cfg`,
`security/java.security` and the rest through links into it, so with none of it bound `javac` stopped at its start
in every sandbox ("InternalError: Error loading java.security file"), and a Java task's honest answer scored 0 in
both arms (breaker39)."""
JAVA_ETC_LEFT_OUT = frozenset({"management"})
"""Entries of a JDK's `/etc` folder never bound: `management` holds JMX's remote access settings, where a machine's
owner keeps `jmxremote.password`; running Java needs none of it."""


@cache
def java_etc_files() -> tuple[str, ...]:
    """The entries of each real folder matching `JAVA_ETC_GLOB` on this host, but `JAVA_ETC_LEFT_OUT`, sorted.

    Bound read-only like `ETC_FILES`; () on a host with no JDK of Debian's.
    """
    import glob

    out: list[str] = []
    for folder in sorted(glob.glob(JAVA_ETC_GLOB)):
        if os.path.isdir(folder) and not os.path.islink(folder):
            out += [os.path.join(folder, e) for e in sorted(os.listdir(folder)) if e not in JAVA_ETC_LEFT_OUT]
    return tuple(out)


SHADOW = "/etc/shadow"
"""Where `shadow_fd`'s stand-in is bound in every sandbox (`--ro-bind-data`)."""


def shadow_lines(passwd: str) -> str:
    """A shadow database for the users of the password database text `passwd`: `NAME:*:::::::` a user.

    `*` is a locked password (no hash of the host's is ever shown) and the empty fields turn password ageing and
    expiry off. `su USER` runs PAM's account stack (`pam_unix`), which reads each user's ageing from `/etc/shadow`;
    with none there it refused every user but `nobody` ("su: Authentication failure"), as a test.sh's `su -s /bin/sh
    www-data -c CMD` found in a sandbox, where `runuser`, which checks no account, worked (breaker41, breaker43).
    Lines that name no user are left out.
    """
    names = [line.split(":", 1)[0] for line in passwd.splitlines() if ":" in line and not line.startswith("#")]
    return "".join(f"{name}:*:::::::\n" for name in names if name and "\n" not in name)


@cache
def shadow_data() -> bytes:
    """`shadow_lines` for the host's `/etc/passwd` (which the sandboxes see), read once a process."""
    try:
        passwd = Path("/etc/passwd").read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        passwd = ""
    return shadow_lines(passwd).encode("utf-8", "surrogateescape")


def shadow_fd() -> int:
    """A new memory file holding `shadow_data`, read from its start, for bubblewrap's `--ro-bind-data FD /etc/shadow`.

    No file on the host: a run killed before it removed one left it in the host's temporary folder. The caller closes
    it once bubblewrap has started (bubblewrap copies it into the sandbox, readable by all: the sandbox's root is no
    owner of it, and nothing in it is secret).
    """
    fd = os.memfd_create("memeval-shadow")
    data = memoryview(shadow_data())
    while data:
        data = data[os.write(fd, data) :]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
