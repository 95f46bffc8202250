"""``python -m dealer``: the same as the ``dealer`` command."""

from dealer.apps.cli.quick import main

main()
