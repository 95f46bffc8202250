"""What the optional compiled build needs to know about a class, and nothing in the pure package.

``DEALER_COMPILE=1 pip install .`` compiles the hot modules with mypyc (``setup.py``). A class the
compiled build must treat specially says so with ``@mypyc_attr(...)``: an exception class that
also derives from a built-in error (``native_class=False``), a class an interpreted class derives
from (``allow_interpreted_subclasses=True``). The type checker and mypyc read mypy's own
decorator; at run time the pure package has no mypy, and the decorator here leaves the class as
it is.

>>> @mypyc_attr(allow_interpreted_subclasses=True)
... class Model:
...     pass
>>> Model.__name__
'Model'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*args, **kwargs):
        """mypy_extensions.mypyc_attr where mypy is not installed: the class as it is."""
        return lambda cls: cls
