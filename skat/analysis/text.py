"""The analysis of a finished deal as readable English text (``skat analyse``).

The browser words the same figures itself from :meth:`skat.analysis.Analysis.to_json`; this is
the command line's form.
"""

from __future__ import annotations

from skat.analysis import OUTCOME, POINTS, Analysis
from skat.analysis.choice import ChoiceRow, GameChoice
from skat.analysis.estimate import Call
from skat.analysis.judge import Line, Outcome
from skat.analysis.play import CardPlay
from skat.cards import cards_of_mask, format_card, format_cards
from skat.contract import Contract
from skat.deal import Seat

__all__ = ["format_analysis"]


def _seat(seat: int) -> str:
    return f"seat {seat} ({Seat(seat).name.lower()})"


def describe(outcome: Outcome, null: bool = False) -> str:
    """``"won with Schneider, 92 card points, score 72"`` and the like."""
    text = "won" if outcome.won else "lost"
    if outcome.schwarz:
        text += " with Schwarz"
    elif outcome.schneider:
        text += " with Schneider"
    if outcome.overbid:
        text += " (overbid)"
    if not null:
        if outcome.points is not None:
            text += f", {outcome.points} card points"
        else:
            text += f", {outcome.points_min}-{outcome.points_max} card points"
    return f"{text}, score {outcome.score:+d}"


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return format_cards(sorted(cards, reverse=True)) or "-"


def _line(line: Line) -> list[str]:
    """The line trick by trick, ``seat:card``; a trick it joins under way starts with ``...``."""
    tricks: dict[int, list[str]] = {}
    if line.start % 3:
        tricks[line.start // 3] = ["..."]
    for offset, (seat, card) in enumerate(line.cards):
        trick = (line.start + offset) // 3
        tricks.setdefault(trick, []).append(f"{seat}:{format_card(card)}")
    return [f"    trick {t + 1:>2}  {' '.join(cards)}" for t, cards in sorted(tricks.items())]


def _card(play: CardPlay, null: bool) -> str:
    card = format_card(play.card)
    head = f"  trick {play.trick + 1:>2}  {card}  {play.before:>3} -> {play.after:>3}"
    if play.verdict == OUTCOME and play.before_outcome and play.after_outcome:
        what = (
            f"changed the outcome: {describe(play.before_outcome, null)} -> "
            f"{describe(play.after_outcome, null)}"
        )
    elif play.verdict == POINTS:
        what = f"cost {play.cost} card point{'s' if play.cost != 1 else ''}"
    else:
        return f"{head}  best"
    return f"{head}  {what}; better: {_cards(play.best)} ({play.before})"


def _row(row: ChoiceRow, null_game: bool) -> str:
    mark = "*" if row.played else " "
    name = f"{row.contract!s:<4}"
    discard = f" discard {format_cards(cards_of_mask(row.discard))}" if row.discard else ""
    if row.outcome is None:
        what = "cannot reach the bid (overbid whatever is played)"
    else:
        what = describe(row.outcome, null_game)
    tried = f"  [{row.examined} of {row.total} discards]" if not row.hand else ""
    return f"  {mark} {name}{discard}: {what}{tried}"


def _game_choice(choice: GameChoice) -> list[str]:
    out = [
        f"Game choice of the declarer, {_seat(choice.seat)}, at bid {choice.bid} "
        f"(* = the game type declared: {choice.played}"
        + (f", discard {format_cards(cards_of_mask(choice.discard))}" if choice.discard else "")
        + "):",
        "  Hand (the skat unseen):",
    ]
    out += ["  " + _row(r, r.game.letter == "N") for r in choice.hand]
    out.append("  After picking up the skat, each game with its best discard found:")
    out += ["  " + _row(r, r.game.letter == "N") for r in choice.pickup]
    return out


def contract_words(contract: Contract) -> str:
    """``contract`` in English words with its record code: ``Diamonds Hand, Schneider announced
    (DHS)``, ``Null Ouvert Hand (NOH)``, ``Grand Ouvert (GO)`` (ouvert implies Hand, and in a suit
    game or Grand Schneider and Schwarz announced, ISkO 5.2.6).

    >>> contract_words(Contract.parse("DHS")), contract_words(Contract.parse("NOH"))
    ('Diamonds Hand, Schneider announced (DHS)', 'Null Ouvert Hand (NOH)')
    """
    words = contract.game.name.title()
    if contract.ouvert:
        words += " Ouvert"
    if contract.hand and not (contract.ouvert and contract.game.letter != "N"):
        words += " Hand"
    if contract.schwarz and not contract.ouvert:
        words += ", Schwarz announced"
    elif contract.schneider and not contract.ouvert:
        words += ", Schneider announced"
    return f"{words} ({contract})"


def _estimate_lines(a: Analysis) -> list[str]:
    """The strong player's bid limit with the seat's ten dealt cards beside the seat's bid."""
    if a.estimates is None:
        return []
    e = a.estimates
    bid = f"the seat bid or held up to {e.bid}" if e.bid else "the seat passed without a bid"
    limit = f"bid up to {e.bid_limit}" if e.bid_limit else "pass"
    out = [
        f"The {e.player} player, seeing only this seat's ten cards and no bid yet, would "
        f"{limit}; {bid}."
    ]
    if e.calls:
        out.append(f"The seat's calls in this auction, beside the {e.player} player's there:")
    out += [f"  {_call_line(c)}" for c in e.calls or ()]
    return out


def _call_words(token: str) -> str:
    return {"y": "yes", "p": "pass"}.get(token, token)


def _call_line(call: Call) -> str:
    """``"at 18: said yes; strong: pass (contest check: Clubs wins 41%, expected -12.0)"``."""
    r = call.reason
    line = f"at {call.at}: said {_call_words(call.said)}; strong: {_call_words(call.strong)}"
    if call.kind != "bid":
        return line
    if r["decided"] == "contest":
        if r["game"] is None:
            return f"{line} (contest check: no game worth {r['value']})"
        game = contract_words(Contract.parse(r["game"]))
        return (
            f"{line} (contest check: {game} wins {r['chance']:.0%}, expected {r['expected']:+.1f}"
            f" against {r['check']:+.1f})"
        )
    if not r["limit"]:
        return f"{line} (no bid limit with these cards)"
    return f"{line} (bid limit {r['limit']}, {contract_words(Contract.parse(r['limit_game']))})"


def format_analysis(analysis: Analysis) -> str:
    """The analysis as lines of English text."""
    a = analysis
    out: list[str] = []
    number = "a deal given by its cards" if a.deal_number < 0 else f"deal {a.deal_number}"
    out.append(f"Analysis of {number} for {_seat(a.seat)}")
    if a.kind == "passed":
        out += [f"  {n.text}" for n in a.notes]
        out += [f"  {line}" for line in _estimate_lines(a)]
        return "\n".join(out) + "\n"
    ramsch = a.kind == "ramsch"
    null = a.contract is not None and a.contract.game.letter == "N"
    if ramsch:
        out.append(
            "Ramsch. Values: your own final card points with best play from there "
            "(you take as few as you can, the other two give you as many as they can)."
        )
    else:
        assert a.declarer is not None
        who = "You" if a.declarer == a.seat else f"The declarer, {_seat(a.declarer)},"
        kontra = ("", ", Kontra", ", Kontra and Re", ", Kontra, Re and Supra")[a.kontra]
        assert a.contract is not None
        out.append(f"{who} played {contract_words(a.contract)} at bid {a.bid}{kontra}.")
        out.append(
            "Values: 1 won / 0 lost with best play from there."
            if null
            else "Values: the declarer's final card points (skat included) with best play "
            "from there."
        )
    for note in a.notes:
        if note.code in ("open_hand", "estimate_bidding"):
            out.append(f"Note: {note.text}")
    out += _estimate_lines(a)
    if a.opening is not None and a.opening.outcome is not None:
        out.append("")
        out.append(
            f"From the first card, with every card open: {describe(a.opening.outcome, null)}."
        )
        out.append(
            f"  The declarer could have won: {'yes' if a.declarer_could_win else 'no'}; "
            f"the defenders could have beaten it: {'yes' if a.defenders_could_beat else 'no'}."
        )
        out.append("  Best line from the first card (seat:card):")
        out += _line(a.opening)
    elif ramsch and a.values:
        out.append("")
        out.append(f"From the first card, with every card open: {a.values[0]} card points.")
    if a.cards:
        out.append("")
        out.append("Your cards (value before -> after):")
        out += [_card(c, null) for c in a.cards]
    if a.swings:
        out.append("")
        out.append("Cards that turned the game (won <-> lost):")
        for swing in a.swings:
            out.append(
                f"  trick {swing.trick + 1:>2}  {_seat(swing.seat)} played "
                f"{format_card(swing.card)}: {describe(swing.before, null)} -> "
                f"{describe(swing.after, null)}; better: {_cards(swing.better)}; the line then:"
            )
            out += _line(swing.line)
    if a.conceded is not None:
        out.append("")
        out.append(f"Conceded when best play would have given: {describe(a.conceded, null)}.")
    if a.overbid is not None:
        out.append("")
        out.append(
            f"Overbid: the game value reached was {a.overbid.value}, below the bid of "
            f"{a.overbid.bid}; the game was lost at {a.overbid.lost_at}."
        )
    if a.game_choice is not None:
        out.append("")
        out += _game_choice(a.game_choice)
    rest = [n for n in a.notes if n.code not in ("open_hand", "estimate_bidding")]
    if rest:
        out.append("")
        out += [f"Note: {n.text}" for n in rest]
    return "\n".join(out) + "\n"
