"""Floor answers: ``dealer rule`` (look-up and "which one?"), ``dealer ask`` (the ruling for a hand
on the table, from a file or guided), each rendered for the terminal or as JSON."""
