"""Where records come from and where output goes: files, ``-`` and safe writes.

Shared by the command line and the Python API so that both read standard
input the same way and neither ever leaves half a file behind.

How a path is written (docs/cli.md, "How files are written"):

* a regular file, or a path that does not exist yet, is written to a
  temporary file in the same directory, flushed to disk, given the
  original's mode and owner (a new file: the mode a shell redirect gives,
  0666 less the umask) and renamed over the file only once complete.  A
  symbolic link is followed: its target is replaced and the link kept.
* anything else — a named pipe, a character device, ``/dev/stdout``, a
  process substitution (``/dev/fd/N``) — is opened and written directly:
  replacing it would break what the user set up.

The temporary file is named ``.NAME.aluette-PID-RANDOM.tmp``.  It is removed
on every exit the process lives through (an error, SIGINT, SIGTERM); one
left by SIGKILL is recognised by its name, and the next run that writes
into the same folder removes it once its process is gone.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO

from .findings import visible

#: The name that means standard input (or output), as in most Unix tools.
STDIO = "-"
#: How standard output is named in a message.
STDOUT_NAME = "<stdout>"
#: What marks a temporary file of ours, between the target's name and ``.tmp``.
TEMP_MARK = "aluette"


class Walked(str):
    """A path found by walking a folder, not named by the user.

    The user who names a FIFO or ``/dev/fd/N`` means it to be read; a
    FIFO or a device that merely sits in a folder among the records (or a
    link to one) would block the command for ever, or feed it without
    end.  So a walked path is opened only if it is a regular file."""

    __slots__ = ()


_KINDS = {
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a folder",
}


def _not_regular(file: str, mode: int) -> OSError:
    kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
    return OSError(errno.EINVAL, f"{kind}, not a regular file: not opened", file)


def _open_regular(file: str) -> BinaryIO:
    """``file`` opened for reading, if it is a regular file.

    It is looked at before it is opened, so that a FIFO is never opened;
    and opened without blocking (a FIFO put in its place since then would
    block an open) and looked at again through the descriptor, so that what
    is read is what was checked."""
    mode = os.stat(file).st_mode
    if not stat.S_ISREG(mode):
        raise _not_regular(file, mode)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(file, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(file, mode)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def open_source(file: str) -> contextlib.AbstractContextManager[BinaryIO]:
    """The bytes of ``file``, or of standard input for ``-`` (left open: not ours).

    A folder reaches here only when walking it found no record in it (see
    :mod:`aluette_cli.inputs`): that is said as the reason it cannot be
    read, as linters refuse a pattern that matches nothing, unless the
    folder cannot even be listed, which the system's reason then says.
    A file found by walking a folder (:class:`Walked`) is read only if it
    is a regular file: anything else is a file that cannot be read."""
    if file == STDIO:
        if isinstance(getattr(sys.stdin.buffer, "raw", None), _Closed):
            # said at once, as a file that cannot be opened is
            raise OSError(errno.EBADF, "standard input is closed", file)
        return contextlib.nullcontext(sys.stdin.buffer)
    if isinstance(file, Walked):
        return _open_regular(file)
    if os.path.isdir(file):
        os.listdir(file)
        raise IsADirectoryError(errno.EISDIR, "a folder with no records in it", file)
    return open(file, "rb")


def make_folders(folder: str) -> list[str]:
    """``os.makedirs(folder, exist_ok=True)`` without its recursion, which
    a tree of outputs nested a thousand deep (mirroring its inputs) would
    exhaust: the missing folders are found going up, then made going down.
    The folders made, the outermost first (:func:`remove_empty`)."""
    missing: list[str] = []
    while folder and not os.path.isdir(folder):
        missing.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    made: list[str] = []
    for path in reversed(missing):
        try:
            os.mkdir(path)
            made.append(path)
        except FileExistsError:
            pass
        if not os.path.isdir(path):
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), path)
    return made


def remove_empty(folders: list[str]) -> None:
    """Take away the ``folders`` a run made (:func:`make_folders`) that are
    still empty, the innermost first: an output interrupted before it was
    written leaves no folder made for it."""
    for path in reversed(folders):
        with contextlib.suppress(OSError):
            os.rmdir(path)  # (refused where anything is in it)


def display_name(file: str) -> str:
    """The name findings carry: ``<stdin>`` reads better than ``-`` in a message."""
    return "<stdin>" if file == STDIO else file


def cannot_read(file: str, reason: str) -> str:
    """The one line said of an input that cannot be read, as every command
    says it: its name as findings give it, escaped, and the reason."""
    return f"aluette: cannot read {visible(display_name(file))}: {reason}"


def base_of(file: str) -> Path | None:
    """Where a ruleset named by the record's Rules tag is looked for: beside it."""
    return None if file == STDIO else Path(file).parent


class WriteError(OSError):
    """Output could not be written: the path as the user named it and the
    system's reason, for a one-line message (never an "internal error")."""

    def __init__(self, name: str, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.name = name
        self.reason = cause.strerror or str(cause)

    def __str__(self) -> str:
        return f"cannot write {visible(self.name)}: {self.reason}"


def _a_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _AfterProgress:
    """Standard output on a terminal: a progress line shown there on standard
    error is erased before each write, not left glued to the output."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, data: Any) -> int:
        from .progress import erase

        erase()
        return self._stream.write(data)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ReadError(Exception):
    """An input failed part way through its reading (an I/O error of a
    failing disk or a dropped mount).  Not an :class:`OSError`, so that
    :func:`atomic_output`, which names its output for any OSError raised
    while it is open, does not say an input's failure as a write's."""

    def __init__(self, name: str, cause: OSError) -> None:
        super().__init__(name, cause)
        self.name, self.cause = name, cause


class NamedInput:
    """An input stream whose read failures are :class:`ReadError` naming the
    input; everything else is the stream's own."""

    def __init__(self, stream: BinaryIO, name: str) -> None:
        self._stream, self._name = stream, name

    def _reading(self, read: Callable[..., Any], *args: Any) -> Any:
        try:
            return read(*args)
        except OSError as exc:
            raise ReadError(self._name, exc) from exc

    def read(self, size: int = -1) -> bytes:
        return self._reading(self._stream.read, size)  # type: ignore[no-any-return]

    def read1(self, size: int = -1) -> bytes:
        read1 = getattr(self._stream, "read1", None) or self._stream.read
        return self._reading(read1, size)  # type: ignore[no-any-return]

    def readline(self, size: int = -1) -> bytes:
        return self._reading(self._stream.readline, size)  # type: ignore[no-any-return]

    def readinto(self, buffer: Any) -> int | None:
        return self._reading(self._stream.readinto, buffer)  # type: ignore[attr-defined,no-any-return]

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ChangedMeanwhile(WriteError):
    """The file to be replaced is no longer the one that was read: another
    program wrote or replaced it while this one worked.  Renaming over it
    would lose that program's update, so it is left as it is."""

    def __init__(self, name: str) -> None:
        cause = OSError(errno.EBUSY, "it changed after it was read, so it was not overwritten")
        super().__init__(name, cause)

    def __str__(self) -> str:
        return f"{visible(self.name)} not written: {self.reason}; run again to include the change"


def identity(status: os.stat_result) -> tuple[int, ...]:
    """What changes when a file is written or replaced: which file it is
    (device, inode), its size, and its modification and change times."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


#: What a text record never holds, and why it is left as it is.
NUL_REASON = "it holds NUL bytes: it is not UTF-8 text (UTF-16 or UTF-32, or not a record)"


def rewindable(stream: BinaryIO) -> bool:
    """Whether a stream, at its start, can be read again from there (a
    file, not a pipe)."""
    try:
        return stream.seekable() and stream.seek(0, io.SEEK_CUR) == 0
    except (OSError, ValueError, AttributeError):
        return False


@contextlib.contextmanager
def rewindable_copy(stream: BinaryIO) -> Iterator[BinaryIO]:
    """The stream itself if it can be read again; else (a pipe) its bytes
    copied to a temporary file first, on disk, so that a job that must look
    at the whole input before writing (for NUL bytes) holds none of it in
    memory."""
    if rewindable(stream):
        yield stream
        return
    with tempfile.TemporaryFile() as copy:
        shutil.copyfileobj(stream, copy, 1 << 20)
        copy.seek(0)
        yield copy


def holds_nul(stream: BinaryIO) -> bool:
    """Whether a stream that can be read again holds a NUL byte; read from
    its start, and left there.  No text record holds one: a file that does
    is in UTF-16 or UTF-32 (ASCII text with a NUL beside every byte), or is
    not a record, and writing text into it line by line, as the formatter
    and annotate do, would break it for the encoding it is really in."""
    stream.seek(0)
    try:
        while block := stream.read(1 << 20):
            if b"\0" in block:
                return True
        return False
    finally:
        stream.seek(0)


def reason_of(exc: OSError) -> str:
    """The system's words for an error, without Python's decoration."""
    if exc.strerror:
        return exc.strerror
    if exc.errno:
        return os.strerror(exc.errno)
    return str(exc)


# --------------------------------------------------------------------------
# Temporary files: removed on any exit the process lives through


_temps: set[str] = set()
_lock = threading.Lock()
_previous: dict[int, Any] = {}


def _on_signal(signum: int, frame: FrameType | None) -> None:
    """Remove our temporary files, then die of the signal as we would have."""
    for temp in list(_temps):
        with contextlib.suppress(OSError):
            os.unlink(temp)
    _temps.clear()
    previous = _previous.get(signum, signal.SIG_DFL)
    if callable(previous):
        previous(signum, frame)
        return
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _guard_signals() -> None:
    """Install the SIGTERM/SIGHUP cleanup once (main thread only: Python's rule).
    SIGINT needs nothing: it raises KeyboardInterrupt, and ``finally`` runs."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        current = signal.getsignal(signum)
        if current is _on_signal or current == signal.SIG_IGN:
            continue
        _previous[signum] = current
        signal.signal(signum, _on_signal)


def temp_pattern(target: str | None = None) -> re.Pattern[str]:
    """The names of temporary files written for ``target`` (a file name;
    None: for any file)."""
    name = ".+" if target is None else re.escape(target)
    return re.compile(rf"\.{name}\.{TEMP_MARK}-(\d+)-[0-9a-f]+\.tmp", re.S)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


#: The folders swept of stale temporary files by this process: each once.
_swept: set[str] = set()
#: Any temporary file of ours, for any target: ``.NAME.aluette-PID-HEX.tmp``.
_ANY_TEMP = temp_pattern()


def _remove_stale(directory: str) -> None:
    """Remove the temporary files killed runs left in ``directory`` (their
    process is gone, so nobody will rename them).

    The folder is read once per process, at its first write, and every
    stale file found is removed whatever its target: writing many files
    into one folder then costs one listing, not one per file (which made
    ``fmt`` of 10,000 files quadratic)."""
    key = os.path.abspath(directory)
    if key in _swept:
        return
    _swept.add(key)
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            m = _ANY_TEMP.fullmatch(entry.name)
            if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _temp_name(directory: str, name: str) -> str:
    return os.path.join(directory, f".{name}.{TEMP_MARK}-{os.getpid()}-{os.urandom(4).hex()}.tmp")


def _create(temp: str) -> int:
    """The temporary file, created with the mode a new file gets from the
    umask (0666 less it), as a shell redirect does; -1 if the name is taken.

    Its name is registered first: a signal can come the instant the file
    exists, before this function returns, and the handler must find it.
    The name holds our PID, so one already there was left by a dead process
    with our PID, and removing it (should a signal come before the name is
    dropped again) loses nothing."""
    with _lock:
        _temps.add(temp)
    try:
        return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        with _lock:
            _temps.discard(temp)
        return -1


# --------------------------------------------------------------------------
# Output


_OWN_STREAMS = ("/proc/", "/dev/fd/", "/dev/stdout", "/dev/stderr")


def writes_directly(path: str) -> bool:
    """Whether ``path`` is written in place rather than replaced: it exists
    and is not a regular file (a pipe, a device, a terminal), or it names a
    stream of this process (``/dev/stdout``, ``/dev/fd/N``, ``/proc/...``)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode):
        return True
    # A regular file reached through /dev/stdout or /dev/fd/N is one a shell
    # opened for us: write into it, never rename over it.
    return os.path.abspath(path).startswith(_OWN_STREAMS) or os.path.realpath(path).startswith(
        "/proc/"
    )


def not_replaceable(path: str) -> str | None:
    """Why the input ``path`` cannot be replaced by its new version in
    place (None if it can): a pipe, a device or a stream of this process is
    read once and cannot be written back; writing into the pipe being read
    would block the command or throw the output away."""
    if not writes_directly(path):
        return None
    try:
        kind = _KINDS.get(stat.S_IFMT(os.stat(path).st_mode))
    except OSError:
        kind = None
    return f"it is {kind}, not a file" if kind else "it is a stream, not a file"


def stdin_file() -> tuple[int, int] | None:
    """The regular file standard input is redirected from (its device and
    inode), or None: a pipe, a terminal, an input given in process (the
    API, the test runner).  ``aluette report - -o club.aln < club.aln``
    reads a file as surely as ``aluette report club.aln`` does, and must
    not replace it either."""
    try:
        st = os.fstat(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):  # (io.UnsupportedOperation is both)
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def same_file(a: str, b: str) -> bool:
    """Whether two names are the same file: ``-``, standard input, is the
    file it is redirected from, if any (:func:`stdin_file`)."""
    if a == b == STDIO:
        return False
    if STDIO in (a, b):
        redirected = stdin_file()
        try:
            st = os.stat(b if a == STDIO else a)
        except (OSError, ValueError):
            return False
        return redirected == (st.st_dev, st.st_ino)
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _wrap(binary: bool, raw: Any) -> Any:
    if binary:
        return raw
    # A name's bytes that are not UTF-8 (held as surrogates) are written as
    # the bytes they are, as standard output writes them: strict, a report
    # naming such a file ended at an internal error, and wrote nothing.
    return open(
        raw.fileno(), "w", encoding="utf-8", errors="surrogateescape", newline="", closefd=False
    )


@contextlib.contextmanager
def atomic_output(
    path: str | os.PathLike[str] | None, binary: bool, read_as: os.stat_result | None = None
) -> Iterator[Any]:
    """Standard output, or the file ``path``, written safely (see the module
    notes): a crash never leaves half a record in place of the user's file.

    ``read_as`` is the file's status when it was read, for a file written
    in place: if it is not the same file any more at the rename (written to
    or replaced since), :class:`ChangedMeanwhile` is raised and the file is
    left as the other program made it.

    Any failure to write (a full disk, a missing directory, no permission)
    is raised as :class:`WriteError` naming the path; a closed pipe on
    standard output stays a :class:`BrokenPipeError`, so that ``| head``
    ends quietly, but a named pipe (``-o FIFO``) whose reader went away is a
    :class:`WriteError` like any other file the output could not reach.
    """
    if path is None or os.fspath(path) == STDIO:
        stream = sys.stdout.buffer if binary else sys.stdout
        if _a_terminal(stream):
            stream = _AfterProgress(stream)  # type: ignore[assignment]
        try:
            yield stream
            stream.flush()
        except BrokenPipeError:
            raise
        except WriteError:
            raise
        except OSError as exc:
            raise WriteError(STDOUT_NAME, exc) from exc
        return
    name = os.fspath(path)
    try:
        if writes_directly(name):
            try:
                with open(name, "wb") as raw:  # a pipe or a device: never replaced
                    if binary:
                        yield raw
                    else:
                        with _wrap(False, raw) as text:
                            yield text
            except BrokenPipeError as exc:
                raise WriteError(name, exc) from exc
            return
        with _replacing(name, binary, read_as) as out:
            yield out
    except (BrokenPipeError, WriteError):
        raise
    except OSError as exc:
        raise WriteError(name, exc) from exc


@contextlib.contextmanager
def _replacing(name: str, binary: bool, read_as: os.stat_result | None = None) -> Iterator[Any]:
    """Write a regular file by a temporary file renamed over it (unless it
    is no longer the file ``read_as`` describes).  The path is the
    kernel's to read, as a shell's redirect would: its folder must be one
    (``gone/../a.aln`` names no file, though ``realpath`` makes ``a.aln``
    of it), and a file the user may not write (a read-only one) is not
    replaced, though renaming over it could."""
    folder = os.stat(os.path.dirname(name) or ".")  # (its error names the path: below)
    if not stat.S_ISDIR(folder.st_mode):
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), name)
    real = os.path.realpath(name)  # through a symlink: its target is replaced
    directory, base = os.path.split(real)
    directory = directory or "."
    try:
        original: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        original = None
    if original is not None and not os.access(real, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
    if not os.path.isdir(directory):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name)
    _guard_signals()
    _remove_stale(directory)
    temp = ""
    try:
        # Made inside the try: Ctrl-C raises at any step, and the finally
        # below must see every name that may have become a file.
        fd = -1
        while fd < 0:
            temp = _temp_name(directory, base)
            fd = _create(temp)
        raw = os.fdopen(fd, "wb")
        with raw:
            if original is not None:
                with contextlib.suppress(PermissionError):  # not root: our own owner
                    os.fchown(fd, original.st_uid, original.st_gid)
            if binary:
                yield raw
            else:
                with _wrap(False, raw) as text:
                    yield text
            raw.flush()
            if original is not None:
                # last: a change of owner, or a write without the right to
                # keep them, clears the set-user-ID and set-group-ID bits
                os.fchmod(fd, stat.S_IMODE(original.st_mode))
            os.fsync(fd)
        if read_as is not None and _identity_of(real) != identity(read_as):
            raise ChangedMeanwhile(name)
        os.replace(temp, real)
        _temps.discard(temp)
        _sync_directory(directory)
    finally:
        if temp in _temps:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            _temps.discard(temp)


def _identity_of(path: str) -> tuple[int, ...] | None:
    try:
        return identity(os.stat(path))
    except FileNotFoundError:
        return None  # removed meanwhile: not the file that was read either


def _sync_directory(directory: str) -> None:
    """Make the rename itself durable (best effort: not every system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class _Closed(io.RawIOBase):
    """A standard stream that was closed when the command started (``>&-``,
    ``<&-``): Python gives None for it, and every use of None is an
    AttributeError, said as an internal error.  This stands in its place:
    a read fails as a closed file descriptor does (EBADF), and so does the
    first write, each said as any read or write error is; a write after
    that is dropped, so that the interpreter's last flush says nothing more.
    Nothing written, nothing fails: ``validate -o FILE`` with standard
    output closed exits as it would otherwise."""

    def __init__(self) -> None:
        super().__init__()
        self.failed = False

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def write(self, data: Any) -> int:
        if self.failed:
            return len(data)
        self.failed = True
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


class Nowhere(io.RawIOBase):
    """Where writes go that nobody is to read: a standard error closed
    (nobody can be told anything, and trying to must not fail the command:
    its status still says how it went), the notes of a file annotate
    writes out as it is."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        return len(data)


def stand_in_for_closed_streams() -> None:
    """Put a stream in the place of each standard stream that was closed
    when the command started (see :class:`_Closed`)."""
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_Closed()), encoding="utf-8")
    if sys.stdout is None:
        raw = io.BufferedWriter(_Closed())
        sys.stdout = io.TextIOWrapper(raw, encoding="utf-8", line_buffering=True)
    if sys.stderr is None:
        sys.stderr = io.TextIOWrapper(io.BufferedWriter(Nowhere()), encoding="utf-8")
