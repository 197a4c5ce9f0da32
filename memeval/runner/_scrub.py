"""Blank every secret value memeval knows from what it stores of a trial.

A second line of defence: secrets are never handed to a sandbox that should not see them, but an
agent can copy what it was given (its `--env` values) into its output, its world or its claim.
Everything stored from a trial (artifacts, retained worlds, event text) goes through a `Scrubber`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from memeval._files import data_ranges

MIN_SECRET_CHARS = 6
"""Shorter values are not blanked: they would match ordinary text (`1`, `true`, a port)."""
SCAN_CHUNK = 1 << 20
"""Bytes read at a time when searching a file for secrets."""
MAX_REWRITE_BYTES = 64 << 20
"""Largest file blanked in place; a larger one holding a secret is emptied (see `Scrubber.tree`)."""


class Scrubber:
    """Replaces each known secret value with `[REDACTED:<kind>:<name>]`.

    Args:
        secrets: name -> (kind, value), e.g. `{"OPENAI_API_KEY": ("upstream", "sk-...")}`; kinds are
            `env` (a `--env` value) and `upstream` (a provider key).
    """

    def __init__(self, secrets: Mapping[str, tuple[str, str]]) -> None:
        pairs = [
            (v.encode(), f"[REDACTED:{k}:{n}]".encode()) for n, (k, v) in secrets.items() if len(v) >= MIN_SECRET_CHARS
        ]
        self._pairs = sorted(pairs, key=lambda p: -len(p[0]))  # a value inside a longer one goes second

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def bytes(self, data: bytes) -> bytes:
        """`data` with every secret value blanked."""
        for value, label in self._pairs:
            data = data.replace(value, label)
        return data

    def text(self, s: str) -> str:
        """`s` with every secret value blanked.

        Any lone surrogate in it (a file name's undecodable byte, text a provider echoed) is kept as it was.
        """
        return self.bytes(s.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")

    def tree(self, root: Path) -> list[str]:
        """Blank secrets in every regular file under `root` (never through a symlink); return the paths changed.

        File names holding a secret are renamed too. With no secret known nothing is read; a file
        is searched in pieces, its data only (never the holes of a sparse file, which hold no
        secret), and read whole only when a secret is found in it. An agent may leave many files of
        the sandbox's largest size, sparse ones at no cost to it: reading their holes, or writing
        them back in full, cost the host a gigabyte of reads, or of disk, for each 4 KiB the agent
        was charged. So a file holding a secret is blanked in place only when it is at most
        `MAX_REWRITE_BYTES` and has no hole; any other is emptied (truncated to 0 bytes).
        """
        if not self:
            return []
        changed = []
        scanned: set[tuple[int, int]] = set()  # files with more than one name (hard links), read under the first
        for dirpath, dirnames, filenames in os.walk(root, topdown=False):
            for name in filenames + dirnames:
                p = Path(dirpath) / name
                if p.is_symlink():
                    target = os.readlink(p)
                    if self.text(target) != target:
                        p.unlink()
                        os.symlink(self.text(target), p)
                        changed.append(str(p.relative_to(root)))
                elif p.is_file() and self._first_name(p, scanned) and self._holds_secret(p):
                    st = p.stat()
                    if st.st_size > MAX_REWRITE_BYTES or st.st_blocks * 512 < st.st_size:
                        os.truncate(p, 0)  # written back whole it would take the host's disk, not the agent's
                        changed.append(str(p.relative_to(root)))
                        continue
                    data = p.read_bytes()
                    clean = self.bytes(data)
                    if clean != data:
                        p.write_bytes(clean)
                        changed.append(str(p.relative_to(root)))
                fixed = self.bytes(os.fsencode(name))
                if fixed != os.fsencode(name):
                    p.rename(Path(dirpath) / os.fsdecode(fixed))
                    changed.append(str(p.relative_to(root)))
        return changed

    @staticmethod
    def _first_name(p: Path, scanned: set[tuple[int, int]]) -> bool:
        """Whether the regular file `p` is read here: False for a hard link of a file `tree` already read.

        Its bytes were searched (and blanked) under that first name, and the disk watch charged the agent for one
        file: read under each name, one dense 1 GiB file and 10,000 names of it (which cost the agent a folder's
        few megabytes) made `tree` read 10 TB on the host for a world it retained.
        """
        st = p.stat()
        if st.st_nlink < 2:
            return True
        key = (st.st_dev, st.st_ino)
        if key in scanned:
            return False
        scanned.add(key)
        return True

    def _holds_secret(self, p: Path) -> bool:
        """Whether the file at `p` holds a secret value, read `SCAN_CHUNK` bytes at a time, holes skipped.

        The data of a sparse file is found with `memeval._files.data_ranges` (lseek(2)); a hole reads as
        zeros, which no secret (at least `MIN_SECRET_CHARS` characters of text) is made of.
        """
        overlap = max(len(v) for v, _ in self._pairs) - 1
        with p.open("rb") as f:
            fd = f.fileno()
            for start, end in data_ranges(fd, os.fstat(fd).st_size):
                f.seek(start)
                tail = b""
                left = end - start
                while left > 0 and (chunk := f.read(min(SCAN_CHUNK, left))):
                    left -= len(chunk)
                    window = tail + chunk
                    if any(v in window for v, _ in self._pairs):
                        return True
                    tail = window[-overlap:] if overlap else b""
        return False


def run_scrubber(upstream_keys: Mapping[str, str], env: Mapping[str, str]) -> Scrubber:
    """The `Scrubber` of a run: its upstream keys (name -> value) and its `--env` values (name -> value)."""
    known = {n: ("upstream", v) for n, v in upstream_keys.items()}
    known.update({n: ("env", v) for n, v in env.items()})
    return Scrubber(known)


def scrub_strings(value: Any, text: Callable[[str], str]) -> Any:
    """`value` (JSON-like: dicts, lists, tuples, strings, numbers) with `text` applied to each string, keys too."""
    if isinstance(value, str):
        return text(value)
    if isinstance(value, dict):
        return {scrub_strings(k, text): scrub_strings(v, text) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(scrub_strings(v, text) for v in value)
    return value
