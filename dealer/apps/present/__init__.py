"""Presentation in the reader's language: the words for typed values (hand names, pots, cards,
rulings), the table and a seat as drawn, the compare report, the procedure diagram. Every word
comes from ``procedures/texts``; nothing here is read back."""
