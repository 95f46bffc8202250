"""Frozen records without ``@dataclass``: what a one-shot command imports must be cheap to define.

``@dataclass(frozen=True, slots=True)`` writes each class's ``__init__``, ``__eq__``, ``__hash__``,
``__repr__`` and frozen ``__setattr__`` as source text and compiles it when the module is
imported: about 3.5M instructions a class, which ``dealer ask`` paid for every record of the
rulebook at every start. A :class:`Record` subclass names its fields once, in ``__match_args__``
(also its ``__slots__``), and writes its own ``__init__`` (setting each field with
:data:`setfield`); comparing, hashing, showing and pickling come from the field list, and
assigning to a field is refused as on a frozen dataclass (:meth:`Record.replace` makes a changed
copy).

>>> class Pair(Record):
...     __match_args__ = ("left", "right")
...     __slots__ = __match_args__
...     def __init__(self, left: int, right: int = 0) -> None:
...         setfield(self, "left", left)
...         setfield(self, "right", right)
>>> Pair(1, 2), Pair(1) == Pair(1, 0), hash(Pair(1)) == hash(Pair(1, 0))
(Pair(left=1, right=2), True, True)
>>> Pair(1, 2).replace(right=5)
Pair(left=1, right=5)
>>> Pair(1).left = 3
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'left'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, ClassVar, Self

__all__ = ["Record", "setfield"]

setfield = object.__setattr__  # how an ``__init__`` sets a field of its frozen record


class Record:
    """A frozen value compared, hashed, shown and pickled by its fields (see the module)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    # Fields left out of the hash (as ``field(hash=False)``): a mapping is not hashable.
    unhashed: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Any]
    _hashed: ClassVar[Any]

    def __init_subclass__(cls) -> None:
        names = cls.__match_args__
        hashed = tuple(name for name in names if name not in cls.unhashed)
        cls._values = _getter(names)
        cls._hashed = _getter(hashed)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._values(self) == self._values(other))

    def __hash__(self) -> int:
        return hash(self._hashed(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{self.__class__.__qualname__}({fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` made (as ``dataclasses.replace`` does for a dataclass)."""
        values = dict(zip(self.__match_args__, self._values(self), strict=True))
        return self.__class__(**(values | changes))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the call that makes it: read back through ``__init__``, about half the cost
        of a frozen dataclass's own state-setting."""
        return (self.__class__, self._values(self))


def _getter(names: tuple[str, ...]) -> Any:
    """The fields' values as one tuple (``attrgetter`` of one name gives the bare value)."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return attrgetter(*names) if names else lambda record: ()
