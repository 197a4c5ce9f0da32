"""An incremental Server-Sent Events decoder (framing only, no I/O).

Follows the event-stream interpretation rules of the WHATWG HTML standard, section 9.2.6: lines
end in CRLF, LF or CR; `event:` names the event, `data:` lines are joined with LF, a blank line
dispatches. One leniency: `finish()` dispatches a last event whose data line was complete but not
followed by the blank line, because some recorded provider streams end that way.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SseEvent:
    """One dispatched event: `event` is its name (`message` when unnamed), `data` its text."""

    event: str
    data: str


@dataclass
class SseDecoder:
    r"""Turns byte chunks, split anywhere, into `SseEvent`s.

    Example:
        >>> d = SseDecoder()
        >>> list(d.feed(b"event: a\\ndata: 1\\n")) + list(d.feed(b"\\n"))
        [SseEvent(event='a', data='1')]
    """

    _buffer: bytes = b""
    _event: str = ""
    _data: list[str] = field(default_factory=list)

    def feed(self, chunk: bytes) -> Iterator[SseEvent]:
        """Consume a chunk and yield the events it completes."""
        self._buffer += chunk
        while True:
            cut = _line_end(self._buffer)
            if cut is None:
                return
            end, width = cut
            line = self._buffer[:end].decode("utf-8", errors="replace")
            self._buffer = self._buffer[end + width :]
            event = self._line(line)
            if event is not None:
                yield event

    def finish(self) -> Iterator[SseEvent]:
        """Signal the end of the byte stream; yields a last event left without its blank line."""
        if self._buffer:
            # End the last line (a lone CR there was already a line end waiting for its LF).
            yield from self.feed(b"\n")
        if self._data:
            yield SseEvent(self._event or "message", "\n".join(self._data))
        self._event, self._data = "", []

    def _line(self, line: str) -> SseEvent | None:
        if line == "":
            if not self._data:
                self._event = ""
                return None
            event = SseEvent(self._event or "message", "\n".join(self._data))
            self._event, self._data = "", []
            return event
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        return None


def _line_end(buffer: bytes) -> tuple[int, int] | None:
    """Position and width of the first line ending, or None while it may still be a CR LF pair."""
    lf = buffer.find(b"\n")
    cr = buffer.find(b"\r")
    if cr == -1 and lf == -1:
        return None
    if cr == -1 or (lf != -1 and lf < cr):
        return lf, 1
    if cr == len(buffer) - 1:
        return None  # a CR at the very end may be followed by LF in the next chunk
    return (cr, 2) if buffer[cr + 1 : cr + 2] == b"\n" else (cr, 1)
