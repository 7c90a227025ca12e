"""The table companion service: event log, games and rules, dashboard, command line."""

__version__ = "0.1.0"
