"""Run hoyle commands as another user: python as root, then setuid (tests run as root, for
whom file permissions do not bind). Usage:

    as_user.py USER WARM_DB REAL_DB -- ARGS... [++ ARGS...]

ARCHIVE in ARGS stands for the archive. The interpreter's own library may not be readable by
that user, so each command is run first, as root, on WARM_DB (a copy of the archive
elsewhere): every module it needs is imported before the user is changed. Then each runs on
REAL_DB as the user; prints [[exit code, stdout, stderr], ...] as JSON.
"""
import contextlib
import io
import json
import os
import pwd
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import encodings.cp1252, encodings.latin_1, encodings.utf_16, encodings.utf_8_sig  # noqa: E402,F401

from records.cli import main  # noqa: E402


def run(args: list[str]) -> list:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0
    return [code, out.getvalue(), err.getvalue()]


def commands(rest: list[str], db: str) -> list[list[str]]:
    found, current = [], []
    for arg in rest + ["++"]:
        if arg == "++":
            found.append(current)
            current = []
        else:
            current.append(db if arg == "ARCHIVE" else arg)
    return found


if __name__ == "__main__":
    user, warm, real = sys.argv[1:4]
    rest = sys.argv[sys.argv.index("--") + 1:]
    for args in commands(rest, warm):
        run(args)
    entry = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.chdir("/")
    print(json.dumps([run(args) for args in commands(rest, real)]))
