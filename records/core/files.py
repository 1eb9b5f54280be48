"""Files: those hoyle writes through a temporary name get the mode any new file of the user's
gets (0644 under the usual umask 022), not the 0600 of a temporary file; the names of those it
reads are kept as text (text_path)."""
from __future__ import annotations

import os


def umask() -> int:
    """The process's umask, read without changing it where Linux tells it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)   # elsewhere: read by setting it, and set back at once
    os.umask(mask)
    return mask


def as_new_file(fd_or_path: int | str) -> None:
    """Give a file made by mkstemp (0600) the mode a file the user creates would have."""
    mode = 0o666 & ~umask()
    if isinstance(fd_or_path, int):
        os.fchmod(fd_or_path, mode)
    else:
        os.chmod(fd_or_path, mode)


def text_path(path: str) -> str:
    """The path as text SQLite, JSON and a terminal take: the bytes of a file name that are
    not UTF-8 (which Python holds as lone surrogates) written as \\xNN."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return path
