"""``python -m dealer``: the same as the ``dealer`` command."""

from dealer.cli import main

main()
