"""Small World of Warcraft: rules engine, boards, bots and drivers."""

__version__ = "0.1.0"
