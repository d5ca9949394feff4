"""Settings: presets, every option by its RULES.md name, and messages for a bar owner."""

from __future__ import annotations

import pytest

from companion.engine import (
    OPTIONS,
    PRESETS,
    Settings,
    SettingsError,
    new_game,
    settings_from_options,
)


def test_defaults_are_the_standard_pub_game() -> None:
    s = settings_from_options("standard", {})
    assert s == Settings()
    assert (s.first_player, s.next_round, s.stakes, s.ante, s.unit) == (
        "roll-off", "left", "pot", 1, "chip"
    )
    assert (s.ties, s.match) == ("cargo-reroll", "single")
    assert not any(getattr(s, o.field) for o in OPTIONS.values() if o.group == "dice")


def test_presets() -> None:
    assert set(PRESETS) >= {"standard", "head-to-head", "rounds", "tournament"}
    h = PRESETS["head-to-head"]
    assert (h.stakes, h.match, h.target, h.scoring, h.ties) == (
        "points", "target", 100, "winner-only", "nobody-scores"
    )
    assert PRESETS["rounds"].match == "rounds" and PRESETS["tournament"].match == "tournament"
    for name, preset in PRESETS.items():
        assert preset.preset == name
        assert settings_from_options(name, {}) == preset


def test_every_option_by_name() -> None:
    values: dict[str, object] = {
        "first-player": "named", "next-round": "winner-chooses", "stakes": "points",
        "ante": 5, "unit": "$", "starting-chips": 20, "ties": "carry", "match": "target",
        "rounds": 10, "target": 50, "scoring": "every-player", "drinking": True,
        "who-drinks": "losers",
        "wild-ones": True, "low-ship": False, "cargo-reroll-once": True,
        "shifting-cargo": True, "one-throw-bonus": 3, "unused-throw-bonus": True,
        "pace-setter": True, "may-decline-six": True,
    }
    assert set(values) == set(OPTIONS)
    s = settings_from_options("standard", values)
    assert s.options() == values
    assert s.overrides() == {k: v for k, v in values.items()
                             if Settings().options()[k] != v}


def test_strings_as_a_record_writes_them() -> None:
    s = settings_from_options("standard", {"wild-ones": "true", "ante": "3", "ties": "Carry"})
    assert s.wild_ones and s.ante == 3 and s.ties == "carry"


@pytest.mark.parametrize(
    ("options", "key", "message"),
    [
        ({"ante": 0}, "ante", "ante must be a whole number of at least 1, not 0"),
        ({"ante": "two"}, "ante", "ante must be a whole number of at least 1, not 'two'"),
        ({"ante": 1.5}, "ante", "ante must be a whole number of at least 1, not 1.5"),
        ({"ante": True}, "ante", "ante must be a whole number of at least 1, not True"),
        ({"wild-ones": "maybe"}, "wild-ones",
         "wild-ones is on or off: write true or false, not 'maybe'"),
        ({"stakes": "money"}, "stakes",
         "stakes: 'money' is not one of the choices; choose pot, points or drinks"),
        ({"unit": ""}, "unit", "unit must be a short label such as 'chip' or '$', not ''"),
        ({"one-throw-bonus": -1}, "one-throw-bonus",
         "one-throw-bonus must be a whole number of at least 0, not -1"),
        ({"wild-ones": True, "low-ship": True}, "wild-ones",
         "wild-ones cannot be combined with low-ship: under low-ship the 1 is the ship"),
        ({"tie": "carry"}, "tie", "unknown rule option 'tie' (did you mean 'ties'?)"),
    ],
)
def test_bad_options_name_the_key(options: dict[str, object], key: str, message: str) -> None:
    with pytest.raises(SettingsError) as info:
        settings_from_options("standard", options)
    assert info.value.key == key
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_unknown_preset() -> None:
    with pytest.raises(SettingsError) as info:
        settings_from_options("pub", {})
    assert info.value.key == "preset"
    assert "standard" in str(info.value) and "head-to-head" in str(info.value)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann"], "2 to 8 players are needed, not 1"),
        ([f"P{i}" for i in range(9)], "2 to 8 players are needed, not 9"),
        (["Ann", "Ann"], "two players are called 'Ann': names must differ"),
        (["Ann", ""], "a player needs a name, not ''"),
        (["Ann", "Bo, b"], "the name 'Bo, b' may not contain a comma, colon, # or line break"),
        # issue 12: names that look the same are one player (NFKC, case-folded)
        (
            ["Ann", "ann"],
            "two players are called 'Ann' and 'ann': names must differ by more than upper "
            "and lower case",
        ),
        (
            ["\uff21\uff4e\uff4e", "Bob", "ANN"],
            "two players are called '\uff21\uff4e\uff4e' and 'ANN': names must differ by "
            "more than upper and lower case",
        ),
        # ... and invisible or control characters are refused with their name
        (
            ["Ann", "Ann\u200b"],
            "the name 'Ann\\u200b' holds an invisible character (U+200B zero width space): "
            "type it again without it",
        ),
        (
            ["Ann", "Bob\x00"],
            "the name 'Bob\\x00' holds a control character (U+0000 unnamed): "
            "type it again without it",
        ),
        (
            ["\u200fAnn", "Bob"],
            "the name '\\u200fAnn' holds an invisible character (U+200F right-to-left "
            "mark): type it again without it",
        ),
        (
            ["Ann", "\u3164"],
            "the name '\u3164' holds an invisible character (U+3164 hangul filler): "
            "type it again without it",
        ),
        # emoji are refused: the display's fonts draw no emoji
        (
            ["Ann 🎲", "Bob"],
            "the name 'Ann 🎲' holds an emoji or symbol (🎲, U+1F3B2 game die): the display "
            "draws letters, not emoji; spell it out",
        ),
        (
            ["Ann", "Bob❤\ufe0f"],
            "the name 'Bob❤\ufe0f' holds an emoji or symbol (❤, U+2764 heavy black heart): "
            "the display draws letters, not emoji; spell it out",
        ),
    ],
)
def test_bad_players(players: list[str], message: str) -> None:
    with pytest.raises(SettingsError) as info:
        new_game(Settings(), players)
    assert info.value.key == "players" and str(info.value) == message


@pytest.mark.parametrize(
    "players",
    [
        ["Ann", "Anna", "Zoë", "Ζωή"],
        ["שרה", "سارة", "Ann"],  # right-to-left names are names
        ["José", "Jose\u0301x"],  # a combining accent is visible: not a duplicate
        ["O'Neil", "Mary-Jo", "Dr. No", "J.R. 2"],
    ],
)
def test_good_names_in_any_script_are_seated_as_given(players: list[str]) -> None:
    state = new_game(Settings(), players)
    assert [p.name for p in state.players] == players


def test_describe_lists_the_rules_in_force() -> None:
    s = settings_from_options("standard", {"wild-ones": True, "one-throw-bonus": 2, "ante": 2})
    assert s.describe() == [
        "pot: ante 2 chips per player per round",
        "match: single round",
        "ties: cargo-reroll",
        "wild-ones",
        "one-throw-bonus: 2",
    ]
    assert PRESETS["head-to-head"].describe()[:2] == ["stakes: points",
                                                      "match: first to 100 (winner-only)"]
