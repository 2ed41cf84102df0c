"""What every game of the family shares: the sides, the throws, the events a move causes and
the errors the rules raise. It imports nothing else of the engine."""
