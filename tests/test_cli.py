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


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    import re

    assert re.fullmatch(r"companion (\d+\.\d+\.\d+|\(not installed\))\n",
                        capsys.readouterr().out)


def test_a_typo_in_a_subcommands_option_shows_that_subcommands_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from companion.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["referee", "--jsno", "64331"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: companion referee ")
    assert err.endswith("companion referee: error: unrecognized arguments: --jsno\n")
