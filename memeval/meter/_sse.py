"""An incremental Server-Sent Events decoder (framing only, no I/O).

Follows the event-stream interpretation rules of the WHATWG HTML standard, section 9.2.6: lines
end in CRLF, LF or CR; `event:` names the event, `data:` lines are joined with LF, a blank line
dispatches. One leniency: `finish()` dispatches a last event whose data line was complete but not
followed by the blank line, because some recorded provider streams end that way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class SseEvent(NamedTuple):
    """One dispatched event: `event` is its name (`message` when unnamed), `data` its text.

    A named tuple: a stream makes one per token, and a tuple is the cheapest record to make.
    """

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

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """Consume a chunk and return the events it completes, in order."""
        buffer = self._buffer + chunk if self._buffer else chunk
        if buffer.find(b"\r") >= 0:  # find, not `in`: `bytes in bytes` first tries the operand as an int (a raised
            # and dropped TypeError, a few thousand instructions per test)
            self._buffer = buffer
            return self._lines()
        # The usual LF-only stream: whole events at once (each ends in a blank line); the unfinished last one is
        # kept, whole, for the next chunk. An event of one `data:` line, the common case, is made directly.
        blocks = buffer.split(b"\n\n")
        self._buffer = blocks.pop()
        out: list[SseEvent] = []
        for block in blocks:
            if block[:5] == b"data:" and block.find(b"\n") < 0 and not self._data and not self._event:
                value = block[6:] if block[5:6] == b" " else block[5:]
                out.append(SseEvent("message", value.decode("utf-8", errors="replace")))
                continue
            for raw in block.split(b"\n"):
                event = self._line(raw.decode("utf-8", errors="replace"))
                if event is not None:
                    out.append(event)
            event = self._line("")
            if event is not None:
                out.append(event)
        return out

    def take_data_lines(self, chunk: bytes) -> tuple[bytes, int] | None:
        r"""The whole events `chunk` completes, raw, when each is one `data:` line: `(bytes, count)`, or None.

        The bytes are the events as sent, each `data: VALUE\n\n`; what follows the last one is kept for the next
        chunk, as `feed` keeps it. None, with nothing consumed (call `feed` instead), when the stream is not in that
        plain form: a CR anywhere, an event that is not exactly one `data:` line (a name, a comment, an id, several
        data lines, a run of three line feeds), or an event already begun through `feed`. This lets a reader look at
        many events with a few byte searches and decode none it does not need.

        Example:
            >>> SseDecoder().take_data_lines(b"data: 1\n\ndata: 2\n\ndata: 3")
            (b'data: 1\n\ndata: 2\n\n', 2)
        """
        if self._data or self._event:
            return None
        buffer = self._buffer + chunk if self._buffer else chunk
        if buffer.find(b"\r") >= 0:
            return None
        end = buffer.rfind(b"\n\n") + 2
        if end < 2:
            self._buffer = buffer
            return b"", 0
        head = buffer[:end] if end < len(buffer) else buffer
        count = head.count(b"\n\n")
        # Every line feed belongs to an event's ending pair, so each event is a single line; each starts `data:`.
        if head.count(b"\n") != 2 * count or head[:5] != b"data:":
            return None
        if count > 1 and head.count(b"\n\ndata:") != count - 1:
            return None
        self._buffer = buffer[end:]
        return head, count

    def finish(self) -> list[SseEvent]:
        """Signal the end of the byte stream; returns a last event left without its blank line."""
        out: list[SseEvent] = []
        if self._buffer:
            # End the last line (a lone CR there was already a line end waiting for its LF).
            self._buffer += b"\n"
            out = self._lines()
        if self._data:
            out.append(SseEvent(self._event or "message", "\n".join(self._data)))
        self._event, self._data = "", []
        return out

    def _lines(self) -> list[SseEvent]:
        """The events completed by the buffer's complete lines, taken one by one (any line ending)."""
        out: list[SseEvent] = []
        while True:
            cut = _line_end(self._buffer)
            if cut is None:
                return out
            end, width = cut
            line = self._buffer[:end].decode("utf-8", errors="replace")
            self._buffer = self._buffer[end + width :]
            event = self._line(line)
            if event is not None:
                out.append(event)

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
