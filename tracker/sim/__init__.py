"""Simulated MENACEs: numpy tables from the one catalogue, a vectorised population engine, and the
plain-Python single-MENACE reference it is tested against. numpy is imported only in here."""
