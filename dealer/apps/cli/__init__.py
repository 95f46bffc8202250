"""The command line: ``dealer`` (``quick`` answers the floor's look-ups before ``commands`` loads
typer), its grouped help, and the pytest plugin that runs a card room's scenarios as tests."""
