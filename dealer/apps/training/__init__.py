"""``dealer train``: the dealer school (drills, scoring, reports); see :mod:`.session`."""
