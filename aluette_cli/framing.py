"""Framing: what goes around and between the items a command streams out.

``validate --format json`` prints a JSON array, ``report --format json`` an
object holding one, ``convert --to json`` a document, ``report`` pages
separated by a rule.  Each item is written as soon as it is ready, so the
framing has to be written piece by piece too; this class holds the pieces,
and the byte layout every test and script relies on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


class Framed:
    """Writes ``opening``, then each item preceded by ``first`` or ``between``,
    then ``closing`` (``empty_closing`` when there was no item)."""

    def __init__(
        self,
        write: Callable[[str], object],
        opening: str = "",
        between: str = "",
        closing: str = "",
        first: str = "",
        empty_closing: str | None = None,
    ) -> None:
        self.write = write
        self.opening, self.between, self.first = opening, between, first
        self.closing = closing
        self.empty_closing = closing if empty_closing is None else empty_closing
        self.count = 0

    @classmethod
    def json_list(cls, write: Callable[[str], object], opening: str, closing: str) -> Framed:
        """A JSON list of one item a line: ``[`` + items + ``]``, each ending
        with ``closing`` and a newline (``"[\\n1,\\n2\\n]\\n"``, or ``"[]\\n"``)."""
        return cls(write, opening, ",\n", f"\n{closing}\n", "\n", f"{closing}\n")

    def close_with(self, closing: str) -> None:
        """Change a :meth:`json_list`'s closing before :meth:`end`, for what is
        known only once every item is written (``report``'s unread files)."""
        self.closing, self.empty_closing = f"\n{closing}\n", f"{closing}\n"

    def begin(self) -> None:
        if self.opening:
            self.write(self.opening)

    def add(self, text: str) -> None:
        self.write((self.between if self.count else self.first) + text)
        self.count += 1

    def add_pieces(self, pieces: Iterable[str]) -> int:
        """:meth:`add` of the text ``pieces`` make, each written as it comes:
        a game of thousands of deals is never one string.  Returns the
        text's length."""
        self.write(self.between if self.count else self.first)
        self.count += 1
        size = 0
        for piece in pieces:
            self.write(piece)
            size += len(piece)
        return size

    def end(self) -> None:
        closing = self.closing if self.count else self.empty_closing
        if closing:
            self.write(closing)
