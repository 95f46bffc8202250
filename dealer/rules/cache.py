"""The project's data as last read and checked, kept between runs so a floor answer starts at once.

Reading ``procedures/`` (the rulebook, the lexicon and facets, the texts, the rulesets) and checking
it costs a floor look-up more than the look-up itself, and it gives the same values until a file
changes. A function decorated with :func:`kept` is memoised in the process, like
``functools.cache``, and its value is also written, pickled, to ``$XDG_CACHE_HOME/dealer``
(``~/.cache/dealer`` by default) with the exact bytes of every data file the build read (each
:func:`dealer.rules.source.load_file`, and what other kept values it used had read) and the size
and modification time of every module of the package. A later process serves that value only
while every one of those files still holds the same bytes and no module changed, so an edited
procedure file is read again at once (``tests/test_cache.py``). A folder that cannot be written,
or a file that cannot be read back, is passed over silently: the data are then read as before.
``DEALER_CACHE=off`` turns the kept copies off.

The folder is the user's own, like Python's bytecode cache: only what this module wrote there is
read back, and only after the checks above.
"""

from __future__ import annotations

import contextlib
import copyreg
import io
import os
import pickle
import sys
import zlib
from collections.abc import Callable, Hashable
from types import MappingProxyType
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = ["Kept", "dumps", "kept", "note"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

_FORMAT = 1  # the layout of a kept file; a change makes every older file stale
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CODE_SUFFIXES = (".py", ".so", ".pyd")

# The builds under way in this process, innermost last: each maps a file read to its bytes.
_recordings: list[dict[str, bytes]] = []
_code: tuple[object, ...] | None = None


def note(path: str | os.PathLike[str], data: bytes) -> None:
    """Record that a data file was read with these bytes (for the builds under way)."""
    if _recordings:
        where = os.path.abspath(path)
        for recording in _recordings:
            recording[where] = data


def _folder() -> str | None:
    if os.environ.get("DEALER_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "dealer")


def _code_state() -> tuple[object, ...]:
    """Every module file of the package with its size and modification time (as a bytecode cache
    checks its source): a kept value was checked by the code of its day."""
    global _code
    if _code is None:
        found: list[tuple[str, int, int]] = []
        folders = [_PACKAGE]
        while folders:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":
                            folders.append(entry.path)
                    elif entry.name.endswith(_CODE_SUFFIXES):
                        status = entry.stat()
                        found.append((entry.path, status.st_size, status.st_mtime_ns))
        _code = (sys.version, *sorted(found))
    return _code


def _unchanged(read: tuple[tuple[str, bytes], ...]) -> bool:
    for path, data in read:
        try:
            with open(path, "rb") as handle:
                if handle.read() != data:
                    return False
        except OSError:
            return False
    return True


def _proxy(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


# A read-only mapping (a ruling's branches) is kept as its dict and made read-only again.
_DISPATCH = {**copyreg.dispatch_table, MappingProxyType: lambda mapping: (_proxy, (dict(mapping),))}


def _dump(value: Any, handle: Any) -> None:
    pickler = pickle.Pickler(handle, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(value)


def dumps(value: Any) -> bytes:
    """``value`` pickled as a kept value is (a read-only mapping as its dict): for a part of a kept
    value read back on its own only when it is asked for."""
    handle = io.BytesIO()
    _dump(value, handle)
    return handle.getvalue()


class Kept(Generic[_P, _T]):
    """A function's values, memoised in the process and kept between runs (see the module)."""

    def __init__(self, kind: str, build: Callable[_P, _T]) -> None:
        self.kind, self.build = kind, build
        self.__wrapped__ = build  # the build itself, as functools' wrappers give it
        self.__doc__ = build.__doc__
        self._memo: dict[Hashable, tuple[_T, tuple[tuple[str, bytes], ...]]] = {}

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        # the engine asks for the procedure with no arguments several times a hand
        key = (args, tuple(sorted(kwargs.items())) if kwargs else ())
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._load(key, args, kwargs)
        if _recordings:  # a build using this value read what it read
            for path, data in found[1]:
                note(path, data)
        return found[0]

    def cache_clear(self) -> None:
        """Forget the values of this process (as ``functools.cache``); the kept files are checked
        again on the next call."""
        self._memo.clear()

    def _file(self, key: Hashable) -> str | None:
        folder = _folder()
        if folder is None:
            return None
        where = repr((self.kind, key, _PACKAGE)).encode()
        return os.path.join(folder, f"{self.kind}-{zlib.crc32(where):08x}.pickle")

    def _load(
        self, key: Hashable, args: Any, kwargs: Any
    ) -> tuple[_T, tuple[tuple[str, bytes], ...]]:
        path = self._file(key)
        if path is not None:
            try:
                with open(path, "rb") as handle:
                    header = pickle.load(handle)
                    if (
                        header[:3] == (_FORMAT, self.kind, key)
                        and header[3] == _code_state()
                        and _unchanged(header[4])
                    ):
                        return pickle.load(handle), header[4]
            except Exception:  # anything amiss in a kept file (missing, cut short): read the data
                pass
        _recordings.append({})
        try:
            value = self.build(*args, **kwargs)
        finally:
            read = tuple(sorted(_recordings.pop().items()))
        if path is not None:
            self._write(path, (_FORMAT, self.kind, key, _code_state(), read), value)
        return value, read

    @staticmethod
    def _write(path: str, header: tuple[Any, ...], value: Any) -> None:
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            with open(temporary, "wb") as handle:
                # two picklers: the header is read back alone, so nothing may refer across
                _dump(header, handle)
                _dump(value, handle)
            os.replace(temporary, path)
        except Exception:  # not writable, or not picklable: kept in the process only
            with contextlib.suppress(OSError):
                os.remove(temporary)


def kept(kind: str) -> Callable[[Callable[_P, _T]], Kept[_P, _T]]:
    """Decorate a function that reads and checks project data: its values are kept (the module)."""

    def decorate(build: Callable[_P, _T]) -> Kept[_P, _T]:
        return Kept(kind, build)

    return decorate
