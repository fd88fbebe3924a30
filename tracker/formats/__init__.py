"""Games and kits in other forms: the open-day log, golf I/O, games typed in from paper, a printed kit."""
