"""bench/fit_outcomes.py: the played-out chance fitted as a correction of today's chance, and
today's chance the one the strong player's bid limit takes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench import fit_outcomes
from skat.arena import arena_deal_number
from skat.deal import deal
from skat.options import Options
from skat.players.calibration import CALIBRATIONS
from skat.players.contract_model import _model_contracts, model_chance
from skat.rules import GameType


def test_today_s_chance_is_the_one_the_bid_limit_weighs() -> None:
    calibration = CALIBRATIONS["heuristic"]
    for i in range(6):
        cards = deal(arena_deal_number(48, i)).hands[i % 3].mask
        for contract, _, chance in _model_contracts(cards, i % 3, calibration, Options()):
            game = GameType(contract.game)
            one = model_chance(
                cards, i % 3, game, calibration, pickup=not contract.hand, ouvert=contract.ouvert
            )
            assert one == pytest.approx(chance), contract


def _rows(deals: int) -> list[dict[str, object]]:
    """Rows in the shape of bench/declare_data.py, won with today's chance raised by a trump."""
    rng = random.Random(7)
    rows: list[dict[str, object]] = []
    settings = {"seed": 1, "declarer": "strong", "defenders": "heuristic", "min_chance": 0.1}
    for i in range(deals):
        hands = deal(arena_deal_number(1, i)).hands
        for seat in range(3):
            for letter, hand in (("C", False), ("G", True), ("N", False)):
                game = GameType.from_letter(letter)
                today = model_chance(
                    hands[seat].mask, seat, game, CALIBRATIONS["heuristic"], pickup=not hand,
                    ouvert=False,
                )  # fmt: skip
                won = rng.random() < (0.5 + today) / 1.5
                rows.append({"settings": settings, "deal": i, "seat": seat, "game": letter,
                             "hand": hand, "ouvert": False, "cards": hands[seat].mask,
                             "won": won, "sf": 50 if won else -100})  # fmt: skip
    return rows


def test_the_fit_beats_today_s_chance_where_the_rows_win_more_and_writes_its_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _rows(60)), encoding="utf-8")
    model = tmp_path / "model.json"
    assert fit_outcomes.main(["--data", str(data), "--model", str(model)]) == 0
    out = capsys.readouterr().out
    total = next(line for line in out.splitlines() if line.startswith("| all |"))
    cells = [c.strip() for c in total.strip("|").split("|")]
    fit_loss, today_loss = float(cells[3]), float(cells[4])
    assert fit_loss < today_loss
    weights = json.loads(model.read_text(encoding="utf-8"))
    assert set(weights["models"]) == {"suit/pickup", "grand/hand", "null/pickup"}
    assert weights["source"]["correcting"] == "skat.players.contract_model.model_chance"


def test_no_rows_is_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "empty.jsonl"
    data.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match="holds no rows"):
        fit_outcomes.main(["--data", str(data)])


def test_the_gap_is_clustered_by_deal() -> None:
    """Two deals, each with one contract won at today's 0.5 and one lost: a gap of 0 whose
    interval is 0 wide, as the deals agree; two deals that disagree give a wide one."""

    def sample(deal: int, won: bool, today: float) -> fit_outcomes.Sample:
        return fit_outcomes.Sample({}, won, "C", False, False, today, 0.0, deal)

    same = [sample(d, w, 0.5) for d in (0, 1) for w in (True, False)]
    assert fit_outcomes.gap(same) == (0.0, 0.0, 0.0)
    apart = [sample(0, True, 0.5), sample(0, True, 0.5), sample(1, False, 0.5)]
    mean, low, high = fit_outcomes.gap(apart)
    assert mean == pytest.approx(1 / 6)
    assert low < 0 < high
    with pytest.raises(ValueError, match="two deals"):
        fit_outcomes.gap(same[:2])


def test_the_margins_table_bins_each_contract_by_the_heuristics_bid_margin() -> None:
    from skat.players import evaluation as ev

    hands = deal(arena_deal_number(48, 0)).hands
    rows = [
        {"deal": 0, "seat": seat, "cards": hands[seat].mask, "game": game, "hand": hand,
         "ouvert": False, "won": won, "sf": sf}
        for seat, game, hand, won, sf in (
            (0, "C", False, True, 74), (0, "G", True, False, -194),
            (1, "S", False, True, 61), (2, "H", False, False, -110),
        )
    ]  # fmt: skip
    text = fit_outcomes.margins(rows, 0.9)
    assert text.startswith("By the heuristic's margin (bid bonus +0.90")
    counted = [line for line in text.splitlines() if line.startswith("| ") and "|---" not in line]
    bins = [line for line in counted if "contracts" not in line and "seats" not in line]
    bins = [line for line in bins if "bids" not in line and "passes" not in line]
    assert sum(int(line.split("|")[2]) for line in bins) == len(rows)
    # a seat's row: its limit decides bids or passes, the largest margin's contract is shown
    limits = [ev.bid_limit(hands[s].mask, s, Options(), 0.9) for s in range(3)]
    seats = [line for line in counted if line.startswith(("| bids", "| passes"))]
    shown = {line.split("|")[1].strip(): int(line.split("|")[2]) for line in seats}
    assert shown.get("bids (≥ 18)", 0) == sum(limit >= 18 for limit in limits)
    assert shown.get("passes", 0) == sum(limit < 18 for limit in limits)
    for row in rows:
        assert fit_outcomes._margin(row, 0.9) is not None
