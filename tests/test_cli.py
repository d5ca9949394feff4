"""The command line parses and lists every subcommand."""

import pytest

from companion.cli import COMMANDS, build_parser


def test_every_subcommand_is_registered() -> None:
    parser = build_parser()
    help_text = parser.format_help()
    for name in COMMANDS:
        assert name in help_text


def test_ctrl_c_stops_a_command_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import companion.commands.odds as odds_command
    from companion.cli import main

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(odds_command, "run", interrupted)
    assert main(["odds"]) == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "companion odds: stopped (Ctrl-C)\n")
