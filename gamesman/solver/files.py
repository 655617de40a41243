"""Database files: written atomically, read only when they are regular files of the size
their header promises, and removed (to be rebuilt) when anything about them is wrong.

Every kind of database file (:func:`gamesman.solver.store.write_store`,
:func:`gamesman.solver.database.write_checked`) is written through :func:`write_atomically`
and opened through :func:`open_regular`; a reader that finds any damage calls
:func:`discard_damaged`, which prints one line and removes the file.  A file the system
cannot open or map now (too many files open, no memory to map it, no permission) is not
damaged: it is kept, and :class:`UnreadableFile` says why in one line.
"""
from __future__ import annotations

import errno
import os
import re
import socket
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from gamesman.contract.errors import GameError

#: Temporary files are named ``.tmp-PID@HOST-...`` after the process writing them and its machine
#: (a directory may be shared by the machines of a cluster).
TEMPORARY_PREFIX = ".tmp-"
#: A temporary file of no running process of this machine, or (of another machine, or without a
#: process id in its name) older than this, is stale.
STALE_SECONDS = 3600
#: A header line longer than this is damage (every kind of file has one).
HEADER_LIMIT = 1 << 20


class DamagedFile(Exception):
    """A database file that cannot be used as it is (the message says why)."""


#: Why the system may fail to open or map a sound file while the process holds too much:
#: too many files open, no memory to map it (letting go of files held may mend it).
SHORT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM})
#: Why the system may fail to open or map a sound file for a while: SHORT_OF_RESOURCES, no
#: permission, busy or interrupted, no mapping on its file system.  Any other failure (no
#: such device, a loop of links, a read error) is taken for damage.
PASSING_FAILURES = SHORT_OF_RESOURCES | {errno.EACCES, errno.EPERM, errno.EAGAIN, errno.EBUSY, errno.EINTR,
                                         errno.ENODEV}


class UnreadableFile(GameError):
    """A database file the system could not open, map or read now, for one of the
    PASSING_FAILURES: the file is kept (an hour's solve is not thrown away for a limit of open
    files), and the error says why.

    >>> import errno
    >>> problem = UnreadableFile.of(Path("d-3-0.db"), OSError(errno.EMFILE, "Too many open files"))
    >>> str(problem), problem.short_of_resources
    ('cannot read d-3-0.db now (Too many open files); it is kept', True)
    """

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno

    @property
    def short_of_resources(self) -> bool:
        """Whether the process held too many files or maps (see SHORT_OF_RESOURCES)."""
        return self.errno in SHORT_OF_RESOURCES

    @classmethod
    def of(cls, path: Path, problem: OSError) -> "UnreadableFile":
        """The error of ``path`` that ``problem`` kept from being read."""
        return cls(f"cannot read {path.name} now ({problem.strerror or problem}); it is kept", problem.errno)


#: What a reader makes of a file.
Read = TypeVar("Read")

def open_regular(path: Path) -> tuple[int, int] | None:
    """A read-only descriptor of ``path`` and its size, or None when there is no such file.

    Raises DamagedFile when ``path`` is no regular file (a named pipe, a device, a directory):
    it is opened without blocking and never read; or when it cannot be opened, but for one of
    the PASSING_FAILURES, whose OSError is raised as it is."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as problem:
        if problem.errno in PASSING_FAILURES:
            raise
        raise DamagedFile(f"it cannot be opened: {problem.strerror or problem}") from None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        raise DamagedFile(f"it is {'a directory, not' if stat.S_ISDIR(info.st_mode) else 'not'} a regular file")
    return handle, info.st_size


def read_exactly(handle: int, size: int) -> bytes:
    """``size`` bytes from the descriptor's current offset (DamagedFile when the file is shorter)."""
    chunks = []
    while size:
        chunk = os.read(handle, min(size, 1 << 26))
        if not chunk:
            raise DamagedFile("it is shorter than its header says")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_regular(path: Path, read: Callable[[int, int], Read]) -> Read | None:
    """``read(descriptor, size)`` of the regular file ``path`` (closed afterwards), or None when
    there is no file; any damage (``read`` raising included) is reported in one line and the file
    removed, so that it is rebuilt.  The system failing to open, map or read it for one of the
    PASSING_FAILURES raises UnreadableFile, and the file is kept."""
    try:
        opened = open_regular(path)
        if opened is None:
            return None
        handle, size = opened
        try:
            return read(handle, size)
        finally:
            os.close(handle)
    except Exception as problem:  # any damage at all means: rebuild
        if isinstance(problem, OSError) and problem.errno in PASSING_FAILURES:  # opening or mapping it failed
            raise UnreadableFile.of(path, problem) from None
        discard_damaged(path, problem)
        return None


def discard_damaged(path: Path, problem: object) -> None:
    """Report a damaged database file in one line and remove it, so the next solve rebuilds it
    (a directory in its place is the user's: it is kept, and said once a run)."""
    if directory_in_the_way(path):
        return
    try:
        path.unlink(missing_ok=True)
        removed = "; it will be rebuilt"
    except OSError as failure:
        removed = f"; it could not be removed ({failure.strerror or failure})"
    print(f"gamesman: ignoring damaged {path.name} ({_one_line(problem)}){removed}", file=sys.stderr)


#: The directories found where a database file should be, each said once a run.
_DIRECTORIES_SAID: set[Path] = set()


def directory_in_the_way(path: Path) -> bool:
    """Whether a directory (not a link to one) stands where the database file ``path`` should
    be; the first time a run finds it, it says so in one line, which tells the user what to do.
    The directory is never removed, so the database is neither read nor saved there.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as directory:
    ...     [directory_in_the_way(Path(directory)) for _ in range(2)], directory_in_the_way(Path(directory, "a.db"))
    ([True, True], False)
    """
    if not path.is_dir() or path.is_symlink():
        return False
    if path.absolute() not in _DIRECTORIES_SAID:
        _DIRECTORIES_SAID.add(path.absolute())
        print(f"gamesman: ignoring damaged {path.name} (it is a directory, not a regular file); "
              "remove it, and the database will be saved there", file=sys.stderr)
    return True


def remove_quietly(path: str | Path | None) -> str:
    """Remove a database file found damaged while it is used (the error raised says so, in the
    words this gives): so that the next solve rebuilds it."""
    if path is None:
        return "solve again to rebuild it"
    try:
        Path(path).unlink(missing_ok=True)
    except OSError as failure:
        return f"it could not be removed ({failure.strerror or failure})"
    return "it is removed: solve again to rebuild it"


def file_identity(path: Path | None) -> tuple[int, int] | None:
    """What tells a file from one that replaced it since (its inode and time of change), or
    None when there is none (of a file open: ``identity_of`` its ``os.fstat``)."""
    try:
        found = path.stat() if path is not None else None
    except OSError:
        return None
    return None if found is None else identity_of(found)


def identity_of(found: os.stat_result) -> tuple[int, int]:
    """``file_identity`` of a file's ``os.stat`` (or ``os.fstat``)."""
    return found.st_ino, found.st_mtime_ns


def write_atomically(path: Path, pieces: Iterable[bytes | memoryview]) -> bool:
    """Write ``pieces`` to ``path`` through a temporary file renamed in place, so that no
    reader ever sees half a file; stale temporary files (of writers that were killed) are
    removed first.  A failure to write is reported on stderr, never fatal: the result says
    whether the file was written (never where a directory stands: ``directory_in_the_way``)."""
    if directory_in_the_way(path):
        return False
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path.parent)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f"{TEMPORARY_PREFIX}{os.getpid()}@{socket.gethostname()}-")
        with os.fdopen(handle, "wb") as out:
            for piece in pieces:
                out.write(piece)
        os.replace(temporary, path)
        return True
    except OSError as problem:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        print(f"gamesman: could not save {path.name} ({_one_line(problem)})", file=sys.stderr)
        return False


def remove_stale_temporaries(directory: Path) -> None:
    """Remove the temporary files left in ``directory`` by writers that no longer run."""
    try:
        names = [entry for entry in os.scandir(directory) if entry.name.startswith(TEMPORARY_PREFIX)]
    except OSError:
        return
    host = socket.gethostname()
    for entry in names:
        match = re.match(rf"{re.escape(TEMPORARY_PREFIX)}(\d+)(?:@(.+))?-", entry.name)
        # the writer's process id, when it ran on this machine (or the name gives no machine)
        pid = int(match.group(1)) if match and match.group(2) in (None, host) else None
        try:
            if pid is not None and not _running(pid) or (
                    pid is None and time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS):
                os.unlink(entry.path)
        except OSError:
            pass  # another process removed it, or it is not ours to remove


def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it runs, as another user
    return True


def _one_line(problem: object) -> str:
    """A problem's text on one short line."""
    text = " ".join(str(problem).split())
    return text if len(text) <= 200 else text[:197] + "..."
