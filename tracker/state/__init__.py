"""A kit and its games as values: the kit record, a game in progress, the events that change them, results."""
