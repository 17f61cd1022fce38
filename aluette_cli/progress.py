"""A progress line on standard error for long runs, shown only on a terminal."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

#: the progress line on the terminal now, if any (:func:`erase`)
_shown: Progress | None = None


def erase() -> None:
    """Erase the progress line, if one is shown: output written to the same
    terminal goes on a clean line, not glued to the count."""
    if _shown is not None:
        _shown.close()


class Progress:
    """Counts deals and, at most four times a second, shows the count and rate.

    Nothing is written when the stream is not a terminal, so pipes, files
    and CI logs only ever get the command's own output.
    """

    def __init__(
        self, stream: TextIO | None = None, enabled: bool | None = None, what: str = "deals read"
    ) -> None:
        self.stream = stream or sys.stderr
        self.what = what
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.count = 0
        self.start = self.last = time.monotonic()
        self.width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        # Also on an error: a message must not land after a half-erased line.
        self.close()

    def add(self, deals: int) -> None:
        self.count += deals
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.25:
            return
        self.last = now
        rate = self.count / max(now - self.start, 1e-9)
        line = f"{self.count:,} {self.what}, {rate:,.{0 if rate >= 10 else 1}f} deals/s"
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        global _shown
        _shown = self

    def close(self) -> None:
        """Erase the line, before anything else is written to the stream."""
        global _shown
        if _shown is self:
            _shown = None
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
