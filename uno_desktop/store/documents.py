"""Stored documents: `{"schema": kind, "version": N, "data": {...}}` in one file each,
written atomically and read back with a size limit and every failure named.

A write goes to a temporary file in the same folder (`.<name>.<random>.tmp`), is
fsynced and renamed over the old file, and the folder is fsynced: a crash leaves the old
or the new document, never a mix. `json` is imported when a document is first read or
written, not before the first frame of a first start (no file yet). Pure Python; no pygame.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A file larger than this is not ours (or is damaged); it is never read into memory."""

STALE_TEMP_S = 60.0
"""Temporary files older than this are leftovers of a killed write and are removed."""


def atomic_write_bytes(path: Path, payload: bytes) -> None:
    """Replace `path` with `payload` so that a crash at any moment leaves either the old
    or the new file. Raises OSError; the old file is then untouched."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        try:
            view = memoryview(payload)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    fsync_dir(folder)


def fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); silently skipped where folders can't be
    opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_TEMP_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]+\.tmp")
"""The names `atomic_write_bytes` gives its temporary files (tempfile's random part)."""


def remove_stale_temps(
    folder: Path, ours: Callable[[str], bool], older_than_s: float = STALE_TEMP_S
) -> None:
    """Delete the temporary files killed writes left in `folder`: only those named as
    `atomic_write_bytes` names them, for a file name `ours` accepts, that are regular
    files (a link is neither followed nor removed) and older than `older_than_s`, so a
    write going on at this very moment (another window's crash report) keeps its file."""
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as it:
        for entry in it:
            m = _TEMP_NAME.fullmatch(entry.name)
            if m is None or not ours(m["target"]):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than_s:
                    os.unlink(entry.path)


class DocumentMissing(Exception):
    """No file: the normal first start."""


class DocumentDamaged(Exception):
    """The file exists but cannot be used; the message says why (for the log)."""


def read_document(path: Path, schema: str, versions: tuple[int, ...]) -> dict[str, Any]:
    """The `data` object of a stored document of one of `versions`. Raises DocumentMissing or
    DocumentDamaged, nothing else for any file content."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise DocumentMissing(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise DocumentDamaged(f"cannot stat: {exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise DocumentDamaged("not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise DocumentDamaged(f"too large ({st.st_size} bytes)")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        raise DocumentMissing(str(exc)) from None
    except OSError as exc:
        raise DocumentDamaged(f"cannot read: {exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DocumentDamaged("too large")
    import json

    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise DocumentDamaged(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise DocumentDamaged(f"expected an object, got {type(doc).__name__}")
    if doc.get("schema") != schema:
        raise DocumentDamaged(
            f"schema {one_line(repr(doc.get('schema')), 40)}, expected {schema!r}"
        )
    found = doc.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found not in versions:
        raise DocumentDamaged(f"version {one_line(repr(found), 40)}, expected one of {versions}")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise DocumentDamaged("data is not an object")
    return data


def encode_document(schema: str, version: int, data: Mapping[str, Any], indent: bool) -> bytes:
    """The envelope as strict JSON (no NaN); raises TypeError/ValueError for content
    that JSON cannot hold."""
    import json

    doc = {"schema": schema, "version": version, "data": data}
    if indent:
        text = json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False)
    else:
        text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def one_line(text: str, limit: int = 300) -> str:
    """The first line of `text`, at most `limit` characters (for a reason kept on disk)."""
    lines = text.splitlines() or [""]
    return lines[0][:limit]


def free_name(folder: Path, base: str, suffix: str) -> Path:
    """folder/base+suffix, or base-1, base-2, ... when that name is taken."""
    candidate = folder / f"{base}{suffix}"
    n = 0
    while os.path.lexists(candidate):
        n += 1
        candidate = folder / f"{base}-{n}{suffix}"
    return candidate


__all__ = [
    "MAX_FILE_BYTES",
    "STALE_TEMP_S",
    "DocumentDamaged",
    "DocumentMissing",
    "atomic_write_bytes",
    "encode_document",
    "free_name",
    "fsync_dir",
    "one_line",
    "read_document",
    "remove_stale_temps",
]
