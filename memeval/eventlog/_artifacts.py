"""Content-addressed artifacts: verifier output, diffs, transcripts. Stored once per content."""

from __future__ import annotations

import hashlib
from pathlib import Path

from memeval._files import write_atomic
from memeval.errors import RunLogError


class ArtifactStore:
    """Artifacts of one run under `run_dir/artifacts/sha256/<hex>`; the id is `sha256:<hex>`."""

    def __init__(self, run_dir: Path) -> None:
        self.root = run_dir / "artifacts" / "sha256"

    def put(self, data: bytes) -> str:
        """Store `data` (atomically; a no-op when already there) and return its id."""
        digest = hashlib.sha256(data).hexdigest()
        path = self.root / digest
        if not path.exists():
            self.root.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)  # concurrent trials putting the same bytes each get a temporary file
        return "sha256:" + digest

    def put_file(self, path: Path) -> str:
        """Store a file's bytes; see `put`."""
        return self.put(path.read_bytes())

    def get(self, artifact_id: str) -> bytes:
        """The bytes of `artifact_id`, checked against their hash.

        Raises:
            RunLogError: the artifact is missing or its bytes do not match its id.
        """
        digest = artifact_id.removeprefix("sha256:")
        path = self.root / digest
        try:
            data = path.read_bytes()
        except FileNotFoundError as exc:
            raise RunLogError(f"artifact {artifact_id} is missing from {self.root}") from exc
        if hashlib.sha256(data).hexdigest() != digest:
            raise RunLogError(f"artifact {artifact_id} was changed: its bytes no longer match")
        return data
