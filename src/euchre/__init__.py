"""An online Euchre platform: rules engine, bots, records and server."""

__version__ = "0.1.0"
