"""The strong player's settings: one typed object and the keywords that change it."""

from __future__ import annotations

import pytest

from skat.players.strong import StrongPlayer, StrongSettings


def test_keywords_change_the_settings_and_read_as_attributes() -> None:
    player = StrongPlayer(worlds=6, node_budget=50_000, contest_check=None)
    assert player.settings == StrongSettings(worlds=6, node_budget=50_000, contest_check=None)
    assert player.worlds == 6
    assert player.contest_check is None
    assert player.defence_worlds == StrongSettings().defence_worlds
    changed = StrongPlayer(StrongSettings(kontra_below=0.4), worlds=8)
    assert changed.settings.worlds == 8
    assert changed.settings.kontra_below == 0.4


def test_an_unknown_setting_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"unknown settings 'wrolds' \(expected fields of"):
        StrongPlayer(wrolds=6)


@pytest.mark.parametrize(
    ("name", "value"),
    [("worlds", 6.5), ("worlds", "6"), ("worlds", True), ("bid_bonus", "0.9"), ("contracts", 1)],
)
def test_a_setting_of_the_wrong_type_is_refused(name: str, value: object) -> None:
    with pytest.raises(TypeError, match=f"StrongSettings.{name} must be .*, not {value!r}"):
        StrongPlayer(**{name: value})


def test_whole_numbers_and_none_are_accepted_where_they_fit() -> None:
    settings = StrongSettings(bid_bonus=1, kontra_draws=None, contest_check=-1)
    assert settings.bid_bonus == 1
    assert settings.contest_check == -1


def test_a_setting_is_not_set_on_the_player() -> None:
    """Setting an attribute would be ignored by the code, which reads ``settings``."""
    player = StrongPlayer()
    with pytest.raises(AttributeError, match=r"'bid_bonus' is a setting: make the player with"):
        player.bid_bonus = 0.6
    assert player.settings.bid_bonus == StrongSettings().bid_bonus
