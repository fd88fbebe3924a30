"""Works out the matchbox positions of a game and prints the physical kit."""
