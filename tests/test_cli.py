"""The command line parses and lists every subcommand."""

from companion.cli import COMMANDS, build_parser


def test_every_subcommand_is_registered() -> None:
    parser = build_parser()
    help_text = parser.format_help()
    for name in COMMANDS:
        assert name in help_text
