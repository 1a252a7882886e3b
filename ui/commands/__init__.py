"""Subcommands of ``tableside``: each module defines ``register(subparsers)``."""
