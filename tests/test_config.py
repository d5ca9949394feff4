"""companion.config: defaults, every problem with its line, the engine's rules, the CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.commands.config import format_config
from companion.config import (
    SCHEMA,
    CameraConfig,
    Config,
    ConfigError,
    ConfigProblem,
    check_config,
    config_from_text,
    key_lines,
    load_config,
)
from companion.engine import PRESETS

EXAMPLE = Path(__file__).resolve().parent.parent / "config" / "companion.example.toml"
README = Path(__file__).resolve().parent.parent / "README.md"


def write(tmp_path: Path, text: str, name: str = "companion.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(text: str, tmp_path: Path) -> list[tuple[str, int | None]]:
    return [(p.key, p.line) for p in check_config(write(tmp_path, text))]


# -- defaults and the example file -------------------------------------------------------
def test_no_file_means_the_documented_defaults(tmp_path: Path) -> None:
    assert load_config(None) == Config()
    assert load_config(tmp_path / "missing.toml") == Config()
    config = Config()
    assert (config.button.pin, config.button.bounce_time_s, config.button.hold_time_s) == (
        17,
        0.02,
        1.5,
    )
    assert config.camera.kind == "pi" and config.camera.flicker_hz == 50
    assert config.rules.settings == PRESETS["standard"]


def test_the_schema_defaults_are_the_dataclass_defaults() -> None:
    config = Config()
    for section, keys in SCHEMA.items():
        for key in keys.values():
            value = getattr(getattr(config, section), key.name)
            default = Path(key.default) if key.kind == "path" and key.default else key.default
            assert value == default, f"{section}.{key.name}"


def test_the_example_file_is_valid_and_holds_the_defaults() -> None:
    assert check_config(EXAMPLE) == []
    example = load_config(EXAMPLE)
    defaults = Config()
    for section in SCHEMA:
        if section == "journal":
            assert example.journal.path == EXAMPLE.parent / "companion-journal.sqlite3"
            assert example.journal.photo_budget_mb == defaults.journal.photo_budget_mb
        else:
            assert getattr(example, section) == getattr(defaults, section), section


def test_the_example_file_documents_every_key_and_its_commented_values_are_valid(
    tmp_path: Path,
) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    for section, keys in SCHEMA.items():
        assert f"[{section}]" in text
        for name in keys:
            assert re.search(rf"^(# )?{name} = ", text, re.M), f"{section}.{name} missing"
    # uncomment every "# key = value" line: the examples shown must be valid too
    names = {name for keys in SCHEMA.values() for name in keys} | {
        "wild-ones",
        "ante",
        "unit",
        "ties",
    }
    lines = [
        line[2:] if re.match(r"# ([a-z_-]+) = ", line) and line[2:].split(" ")[0] in names else line
        for line in text.splitlines()
    ]
    uncommented = write(
        tmp_path,
        "\n".join(lines)
        .replace('kind = "pi"', 'kind = "replay"')
        .replace('"photos"', '"frames"'),
    )
    (tmp_path / "frames").mkdir()
    config = load_config(uncommented)
    assert config.button.undo_pin == 27
    assert config.camera.exposure_us == 20_000 and config.camera.analogue_gain == 2.0
    assert config.tray.bank_zone == (120.0, 1000.0, 1520.0, 1150.0)
    assert config.rules.settings.wild_ones and config.rules.settings.ante == 2
    assert config.rules.settings.unit == "$" and config.rules.settings.ties == "carry"


# -- problems: all of them, each with its key and line -----------------------------------
BAD = """\
# a config with one problem per kind
[button]
pin = 40
hold_time_s = "long"
bounce_time_s = true

[camera]
kind = "webcam"
resolution = [1280, 720]
exposure_us = 15000
flikker_hz = 60

[tray]
bank_zone = [0, 0, 50]

[rules]
preset = "standrd"
wild-ones = "maybe"
antee = 2

[players]
names = [
    "Ann",
    "Ann",
]

[bar]
name = "The Anchor"
"""


def test_every_problem_is_listed_with_its_key_and_line(tmp_path: Path) -> None:
    assert problems_of(BAD, tmp_path) == [
        ("button.pin", 3),
        ("button.hold_time_s", 4),
        ("button.bounce_time_s", 5),
        ("camera.kind", 8),
        ("camera.exposure_us", 10),
        ("camera.flikker_hz", 11),
        ("tray.bank_zone", 14),
        ("rules.preset", 17),
        ("rules.wild-ones", 18),
        ("rules.antee", 19),
        ("players.names", 22),
        ("bar", 27),
    ]


def test_problem_messages_say_what_would_be_right(tmp_path: Path) -> None:
    messages = {p.key: p.message for p in check_config(write(tmp_path, BAD))}
    assert messages["button.pin"] == "must be a whole number from 2 to 27, not 40"
    assert messages["button.bounce_time_s"] == "must be a number from 0 to 0.2, not true"
    assert messages["camera.kind"] == 'must be "pi", "usb" or "replay", not "webcam"'
    assert messages["camera.exposure_us"].endswith("use e.g. 10000, 20000")
    assert messages["camera.flikker_hz"] == "unknown key (did you mean 'flicker_hz'?)"
    assert '(did you mean "standard"?)' in messages["rules.preset"]
    assert messages["rules.antee"] == "unknown rule option 'antee' (did you mean 'ante'?)"
    assert messages["players.names"] == "two players are called 'Ann': names must differ"
    assert messages["bar"].startswith("unknown section; the sections are button, camera")


def test_load_config_raises_one_error_listing_every_problem(tmp_path: Path) -> None:
    path = write(tmp_path, BAD)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert len(caught.value.problems) == 12
    text = str(caught.value)
    assert text.startswith(f"{path} has 12 problems:\n  line 3: button.pin: must be")
    assert isinstance(caught.value, ValueError)


def test_a_toml_syntax_error_gives_its_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "[camera]\nkind = pi\nresolution = [640, 480]\n")
    assert check_config(path) == [ConfigProblem("", 2, "not valid TOML: Invalid value (column 8)")]
    path = write(tmp_path, '[camera]\nkind = "pi"\nresolution = [640, 480\n')
    assert check_config(path) == [
        ConfigProblem("", 3, "not valid TOML: Unclosed array (at the end of the file)")
    ]


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        ("[button]\npin = 17.0", "button.pin", "must be a whole number from 2 to 27, not 17.0"),
        ("[button]\nhold_time_s = nan", "button.hold_time_s", "must be a number from 0.3"),
        (
            "[button]\nhold_time_s = 5\nlong_hold_time_s = 4",
            "button.long_hold_time_s",
            "must be longer than hold_time_s (5 s), not 4 s",
        ),
        ("[display]\nfullscreen = 1", "display.fullscreen", "must be true or false, not 1"),
        ("[display]\nsize = [800]", "display.size", "must be [width, height] in whole px"),
        ("[display]\nsize = [100, 600]", "display.size", "width and height must be 160 to"),
        ("[camera]\nresolution = [1641, 1232]", "camera.resolution", "needs an even width"),
        ("[camera]\nflicker_hz = 55", "camera.flicker_hz", "must be 0, 50 or 60, not 55"),
        ("[camera]\nanalogue_gain = 2.0", "camera.analogue_gain", "only used with a fixed"),
        ('[camera]\nkind = "replay"', "camera.replay_path", 'is needed when kind = "replay"'),
        (
            '[camera]\nkind = "replay"\nreplay_path = "nowhere"',
            "camera.replay_path",
            "nowhere not found",
        ),
        ("[tray]\nregion = [10, 10, 5, 50]", "tray.region", "needs x_min < x_max"),
        ("[tray]\nregion = [-1, 0, 5, 50]", "tray.region", "must not be negative"),
        ("[tray]\nregion = [0, 0, 2000, 50]", "tray.region", "reaches past the camera's 1640"),
        (
            "[tray]\nregion = [0, 0, 50, 50]\ndie_size_px = 60",
            "tray.die_size_px",
            "60 px dice do not fit",
        ),
        ("[tray]\ndie_size_px = 3", "tray.die_size_px", "must be a number from 4 to 2000"),
        ("[button]\nundo_pin = 17", "button.undo_pin", "cannot share GPIO17"),
        ("[journal]\nphoto_budget_mb = -1", "journal.photo_budget_mb", "from 0 to 1000000"),
        ('[journal]\npath = ""', "journal.path", "must be a non-empty string"),
        ('[players]\nnames = ["Ann"]', "players.names", "2 to 8 players are needed, not 1"),
        ('[players]\nnames = ["Ann", 7]', "players.names", "must be a list of names"),
        ('[players]\nnames = ["Ann", "Bob, Jr"]', "players.names", "may not contain a comma"),
        ("camera = 5", "camera", "must be a section ([camera]), not a number"),
        (
            "[rules]\nwild-ones = true\nlow-ship = true",
            "rules.wild-ones",
            "wild-ones cannot be combined with low-ship",
        ),
        ('[rules]\nties = "coin-flip"', "rules.ties", "'coin-flip' is not one of the choices"),
        ("[rules]\nante = 0", "rules.ante", "ante must be a whole number of at least 1, not 0"),
    ],
)
def test_each_kind_of_bad_value(tmp_path: Path, text: str, key: str, message: str) -> None:
    problems = check_config(write(tmp_path, text + "\n"))
    assert [p.key for p in problems] == [key]
    assert message in problems[0].message
    assert problems[0].line is not None


def test_a_missing_or_unreadable_file_is_one_problem(tmp_path: Path) -> None:
    assert check_config(tmp_path / "nope.toml") == [
        ConfigProblem(
            "",
            None,
            f"{tmp_path / 'nope.toml'} not found (the companion would "
            "run on the documented defaults)",
        )
    ]
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00kind")
    assert check_config(binary)[0].message.startswith("not a text file (UTF-8)")
    assert check_config(tmp_path)[0].message.startswith("cannot be read")


# -- values -----------------------------------------------------------------------------------
def test_values_are_converted_and_paths_are_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    path = write(
        tmp_path,
        """
[camera]
kind = "replay"
replay_path = "game"
exposure_us = 16667
flicker_hz = 60
[tray]
region = [10, 20, 630, 470.5]
die_size_px = 48
[display]
fullscreen = false
size = [1920, 1080]
[journal]
path = "/var/lib/companion/journal.sqlite3"
""",
    )
    config = load_config(path)
    assert config.camera.replay_path == tmp_path / "game"
    assert config.camera.exposure_us == 16667 and config.camera.flicker_hz == 60
    assert config.tray.region == (10.0, 20.0, 630.0, 470.5)
    assert config.tray.die_size_px == 48.0 and isinstance(config.tray.die_size_px, float)
    assert config.display == type(config.display)(fullscreen=False, size=(1920, 1080))
    assert config.journal.path == Path("/var/lib/companion/journal.sqlite3")
    assert config.source == path


def test_rules_become_the_engines_settings(tmp_path: Path) -> None:
    config = config_from_text('[rules]\npreset = "head-to-head"\nwild-ones = true\ntarget = 50\n')
    assert config.rules.preset == "head-to-head"
    assert dict(config.rules.options) == {"wild-ones": True, "target": 50}
    settings = config.rules.settings
    assert settings.wild_ones and settings.target == 50 and settings.stakes == "points"


def test_config_is_frozen() -> None:
    config = Config()
    with pytest.raises(AttributeError):
        config.camera.kind = "usb"  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.rules.options["ante"] = 5  # type: ignore[index]


# -- line numbers --------------------------------------------------------------------------------
def test_key_lines_skips_multi_line_values_and_follows_dotted_and_quoted_keys() -> None:
    text = '''\
title = "x = 1"   # a comment with key = value
[camera]
notes = """
fake = "not a key"
"""
resolution = [
  640,  # [ inside a comment
  480,
]
"quoted key" = 1
display.size = [1, 2]
inline = { a = 1, b = [2, 3] }
after = true
[[bar.stools]]
n = 1
'''
    assert key_lines(text) == {
        "title": 1,
        "camera": 2,
        "camera.notes": 3,
        "camera.resolution": 6,
        "camera.quoted key": 10,
        "camera.display.size": 11,
        "camera.inline": 12,
        "camera.after": 13,
        "bar.stools": 14,
        "bar.stools.n": 15,
    }


def test_a_key_not_written_in_the_file_points_at_its_section(tmp_path: Path) -> None:
    # the key is set by an inline table, so its own line is that of the table
    assert problems_of('camera = { kind = "usb", flicker_hz = 55 }\n', tmp_path) == [
        ("camera.flicker_hz", 1)
    ]


# -- the command line ------------------------------------------------------------------------------
def test_config_check_prints_each_problem_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BAD)
    assert main(["config", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 12
    assert lines[0] == f"{path}:3: button.pin: must be a whole number from 2 to 27, not 40"
    assert err.strip() == "12 problems"


def test_config_check_says_ok_for_a_good_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "check", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == f"{EXAMPLE}: ok\n"


def test_config_show_prints_a_config_that_reads_back_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        """
[button]
undo_pin = 27
[camera]
kind = "usb"
resolution = [1280, 720]
[rules]
preset = "rounds"
unit = "$"
[players]
names = ["Ann", "Bob \\"the Rock\\""]
[journal]
path = "/tmp/j.sqlite3"
""",
    )
    assert main(["config", "show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert 'names = ["Ann", "Bob \\"the Rock\\""]' in shown
    assert "# exposure_us = (not set)" in shown
    again = config_from_text(shown)
    original = load_config(path)
    for section in SCHEMA:
        assert getattr(again, section) == getattr(original, section), section
    # the same text apart from the header line naming the file
    assert format_config(again).splitlines()[1:] == format_config(original).splitlines()[1:]
    assert main(["config", "show", str(tmp_path / "missing.toml")]) == 2


def test_config_show_without_a_file_prints_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "show"]) == 0
    assert config_from_text(capsys.readouterr().out) == Config()


# -- the hardware adapters read these objects -------------------------------------------------
def test_the_config_objects_fit_the_hardware_factories(tmp_path: Path) -> None:
    from hardware.button import BUTTON_KINDS, KeyboardButton, open_buttons
    from hardware.camera import CAMERA_KINDS, ReplayCamera, open_camera
    from tests.hardware.images import write_image

    assert SCHEMA["camera"]["kind"].choices == CAMERA_KINDS
    assert SCHEMA["button"]["kind"].choices == BUTTON_KINDS
    write_image(tmp_path / "throws" / "1.png", 7)
    config = config_from_text(
        '[camera]\nkind = "replay"\nreplay_path = "throws"\n[button]\nkind = "keyboard"\n',
        base_dir=tmp_path,
    )
    with open_camera(config.camera) as camera:
        assert isinstance(camera, ReplayCamera) and int(camera.capture()[0, 0, 0]) == 7
    with open_buttons(config.button) as buttons:
        assert isinstance(buttons, KeyboardButton)
    assert isinstance(CameraConfig(), CameraConfig)


def test_the_readme_documents_every_key() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("<!-- section: configuration -->")[1].split("<!-- section:")[0]
    for name, keys in SCHEMA.items():
        assert f"[{name}]" in section
        for key in keys:
            assert f"`{key}`" in section, f"{name}.{key} is not in the README"


def test_config_check_opens_the_replay_recording(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "throws.json").write_text('{"throws": [{"image": "missing.jpg"}]}')
    path = write(tmp_path, '[camera]\nkind = "replay"\nreplay_path = "throws.json"\n')
    assert main(["config", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: camera.replay_path: ") and "missing.jpg" in out
    assert err.strip() == "1 problem"
    demo = Path(__file__).resolve().parent.parent / "fixtures" / "demo" / "game.json"
    path = write(tmp_path, f'[camera]\nkind = "replay"\nreplay_path = "{demo}"\n')
    assert main(["config", "check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            '["Ann", "ann"]',
            "two players are called 'Ann' and 'ann': names must differ by more than upper and "
            "lower case",
        ),
        (
            '["Ann", "Ann\\u200B"]',
            "the name 'Ann\\u200b' holds an invisible character (U+200B zero width space): "
            "type it again without it",
        ),
        (
            '["Ann", "B\\u0000b"]',
            "the name 'B\\x00b' holds a control character (U+0000 unnamed): type it again "
            "without it",
        ),
    ],
)
def test_player_names_that_look_alike_or_hide_characters_are_refused(
    tmp_path: Path, names: str, message: str
) -> None:
    # issue 12: "Ann" and "ann", or "Ann" and "Ann" + a zero-width space, were two players
    problems = check_config(write(tmp_path, f"[players]\nnames = {names}\n"))
    assert [(p.key, p.line, p.message) for p in problems] == [("players.names", 2, message)]


@pytest.mark.parametrize(
    ("camera", "message"),
    [
        (
            "timeout_s = 25",
            "25 s with burst_frames = 3 is more than the service's watchdog survives: a "
            "stalling camera could hold a press for 75.16 s, systemd kills the service after "
            "20 s without a sign of life (WatchdogSec), and a press may wait on the camera at "
            "most 10 s: use timeout_s = 3.2 or less",
        ),
        ("timeout_s = 3.4", "use timeout_s = 3.2 or less"),
        ("burst_frames = 30\nburst_interval_s = 0.4", "use fewer burst_frames"),
    ],
)
def test_a_camera_timeout_the_watchdog_cannot_survive_is_refused_with_the_limit(
    tmp_path: Path, camera: str, message: str
) -> None:
    # issue 12: timeout_s = 25 passed config check; WatchdogSec=20 then killed the game
    problems = check_config(write(tmp_path, f"[camera]\nkind = \"usb\"\n{camera}\n"))
    line = 1 if camera.startswith("burst_frames") else 3  # the section's line: no key
    assert [(p.key, p.line) for p in problems] == [("camera.timeout_s", line)]
    assert problems[0].message.endswith(message)


def test_the_longest_camera_timeout_the_watchdog_allows_is_accepted(tmp_path: Path) -> None:
    assert check_config(write(tmp_path, '[camera]\nkind = "usb"\ntimeout_s = 3.2\n')) == []
    assert check_config(write(tmp_path, '[camera]\nkind = "usb"\n')) == []  # defaults
