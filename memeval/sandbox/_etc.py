"""Which files of the host's `/etc` a sandbox sees (`memeval.sandbox._bwrap` binds them).

A sandbox shows none of the host's `/etc` but the files a normal program needs (`ETC_FILES`). Of those,
`EMPTY_ETC_FILES` are shown empty, and the pip configuration (`PIP_CONFIG`) only to the one sandbox that
reaches a package index.
"""

from __future__ import annotations

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
