"""The drills: each asks the trainee one kind of thing (steps, money, showdown, rulings)."""
