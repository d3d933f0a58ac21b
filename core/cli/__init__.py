"""The ``deepread`` command line."""

from core.cli.main import main

__all__ = ["main"]
