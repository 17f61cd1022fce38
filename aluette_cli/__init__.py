"""aluette: read, check, explain and convert recorded games of Aluette."""

__version__ = "0.1.0"
