"""The printable documents of a kit, one module per document; each has a ``write(path, spec) -> pages``."""
