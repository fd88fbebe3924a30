"""Simulated MENACEs: numpy tables from the one catalogue, a vectorised population engine, and the
kit-based reference it is tested against. numpy is imported only in here."""
