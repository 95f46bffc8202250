"""``python -m dealer``: the same as the ``dealer`` command."""

from dealer.apps.quick import main

main()
