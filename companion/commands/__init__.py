"""Subcommands of the ``companion`` command line, one module each."""
