"""The ``harbin-mahjong`` command line: :mod:`game.cli.main` builds the parser and runs a subcommand."""
